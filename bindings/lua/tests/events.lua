-- SPDX-License-Identifier: MIT
-- events.lua - w:pair_events, fixcol.pair_events and w:find_contacts through
-- the Lua API: over random frames (moves, destroys, creates) in a 2D and a
-- 3D world, the events equal a brute-force diff of the copied pair lists
-- (ids compared by value: index, generation and tag) and fixcol.pair_events;
-- every contact equals fixcol.contact2/3 on the two bodies' shapes; after a
-- restore the re-simulated frames give the original events; a
-- non-canonical list is the data error "argument".
-- fixcol.pair_events with caller tables allocates nothing per call.
--   lua events.lua [--break | --break-alloc]
-- --break (should-fail twin): the brute-force diff compares ids by index
-- only, so a refilled slot (end + begin) is missed.
-- --break-alloc (should-fail twin): the reuse check passes no output tables.
local fc = require "fixcol"
local BREAK = (...) == "--break"
local BREAK_ALLOC = (...) == "--break-alloc"
local U = 65536
local checks, failures = 0, 0
local function check(ok, what)
  checks = checks + 1
  if not ok then
    failures = failures + 1
    io.stderr:write("FAIL: " .. what .. "\n")
  end
end

-- Park-Miller: products stay below 2^53 (exact in every Lua's numbers)
local function rng(seed)
  local x = seed
  return function(n)
    x = (x * 16807) % 2147483647
    return x % n
  end
end

local function key(id)
  if BREAK then return (fc.id_parts(id)) end
  return id
end

-- pairs of x (flat) not in y, in x's order
local function minus(x, y)
  local out = {}
  for i = 1, #x, 2 do
    local found = false
    for j = 1, #y, 2 do
      if key(x[i]) == key(y[j]) and key(x[i + 1]) == key(y[j + 1]) then found = true end
    end
    if not found then out[#out + 1] = x[i]; out[#out + 1] = x[i + 1] end
  end
  return out
end

local function same(x, y)
  if #x ~= #y then return false end
  for i = 1, #x do if x[i] ~= y[i] then return false end end
  return true
end

local function copy(t, n)
  local c = {}
  for i = 1, n do c[i] = t[i] end
  return c
end

local function new_body(w, dim, r)
  local x, y = (2 + r(30)) * U + r(U), (2 + r(30)) * U + r(U)
  local s = dim == 2 and fc.circle(x, y, U + r(2 * U)) or assert(fc.sphere(x, r(4 * U), y, U + r(2 * U)))
  return assert(w:create_body(s))
end

local stale_ends, refills = 0, 0

-- one frame: mutations from r, then pairs (even) or contacts (odd) and the
-- events, all checked; returns a string of the frame's events
local function frame(st, f, r)
  local w, ids, dim = st.w, st.ids, st.dim
  for i = 1, #ids do
    if r(3) == 0 then
      if dim == 2 then w:translate2(ids[i], r(4 * U) - 2 * U, r(4 * U) - 2 * U)
      else w:translate3(ids[i], r(4 * U) - 2 * U, 0, r(4 * U) - 2 * U) end
    end
  end
  if #ids > 8 and r(2) == 0 then
    local k = 1 + r(#ids)
    assert(w:destroy_body(ids[k]))
    if r(2) == 0 then ids[k] = new_body(w, dim, r) else ids[k] = ids[#ids]; ids[#ids] = nil end
  end
  if r(2) == 0 then ids[#ids + 1] = new_body(w, dim, r) end
  local pairs_, n, contacts
  if f % 2 == 0 then pairs_, n = w:find_pairs(st.pt)
  else pairs_, n, contacts = w:find_contacts(st.pt, st.ct) end
  check(pairs_ ~= nil, "frame " .. f .. ": pairs")
  if contacts then
    local per = dim == 2 and 5 or 7
    check(#contacts == per * n, "frame " .. f .. ": contact count")
    for i = 0, n - 1 do
      local a, b = pairs_[2 * i + 1], pairs_[2 * i + 2]
      local res = { (dim == 2 and fc.contact2 or fc.contact3)(assert(w:get_shape(a)), assert(w:get_shape(b))) }
      local ok = res[1] == true
      for k = 1, per do ok = ok and res[k + 1] == contacts[per * i + k] end
      check(ok, "frame " .. f .. " pair " .. i .. ": contact differs from fixcol.contact" .. dim)
    end
  end
  st.prev, st.cur = st.cur, copy(pairs_, 2 * n)
  local b, nb, e, ne = w:pair_events(st.bt, st.et)
  check(b ~= nil and #b == 2 * nb and #e == 2 * ne, "frame " .. f .. ": events")
  local ob, oe = minus(st.cur, st.prev), minus(st.prev, st.cur)
  check(same(b, ob) and same(e, oe), ("frame %d: events differ from the brute-force diff (began %d/%d, ended %d/%d)")
    :format(f, nb, #ob / 2, ne, #oe / 2))
  local sb, snb, se, sne = fc.pair_events(st.prev, st.cur)
  check(same(b, sb) and same(e, se) and snb == nb and sne == ne, "frame " .. f .. ": fixcol.pair_events differs")
  for i = 1, #e, 2 do
    if not w:body_valid(e[i]) or not w:body_valid(e[i + 1]) then stale_ends = stale_ends + 1 end
    for j = 1, #b, 2 do
      if fc.id_parts(b[j]) == fc.id_parts(e[i]) and select(1, fc.id_parts(b[j + 1])) == select(1, fc.id_parts(e[i + 1]))
      then refills = refills + 1 end
    end
  end
  local parts = {}
  for i = 1, #b do parts[#parts + 1] = fc.id_str(b[i]) end
  parts[#parts + 1] = "|"
  for i = 1, #e do parts[#parts + 1] = fc.id_str(e[i]) end
  return table.concat(parts, " ")
end

local FRAMES, SNAP = 60, 20
for _, dim in ipairs({ 2, 3 }) do
  local w = assert(fc.world_create { dim = dim, bounds_log2 = 6, max_depth = 3 })
  local r0 = rng(dim * 1000 + 7)
  local st = { w = w, dim = dim, ids = {}, cur = {}, prev = {}, pt = {}, ct = {}, bt = {}, et = {} }
  for _ = 1, 40 do st.ids[#st.ids + 1] = new_body(w, dim, r0) end
  local log, blob, saved = {}, nil, nil
  for f = 1, FRAMES do
    log[f] = frame(st, f, rng(100 + f))
    if f == SNAP then
      blob = assert(w:snapshot())
      saved = { ids = copy(st.ids, #st.ids), cur = copy(st.cur, #st.cur) }
    end
  end
  -- rollback into the same world and into a fresh one
  for target = 1, 2 do
    local w2 = target == 1 and w or assert(fc.world_create { dim = dim })
    assert(w2:restore(blob))
    local b, nb, e, ne = w2:pair_events()
    check(nb == 0 and ne == 0, dim .. "D: events pending right after a restore")
    local rs = { w = w2, dim = dim, ids = copy(saved.ids, #saved.ids), cur = copy(saved.cur, #saved.cur), prev = {},
      pt = {}, ct = {}, bt = {}, et = {} }
    local ok = true
    for f = SNAP + 1, FRAMES do ok = ok and frame(rs, f, rng(100 + f)) == log[f] end
    check(ok, dim .. "D: re-simulation after a restore gives other events (target " .. target .. ")")
  end
end
check(stale_ends > 0 and refills > 0, "no stale ends or refills happened")

-- a non-canonical list is the data error "argument"; a malformed one an argument error
local a, b = fc.id(1, 1, 1), fc.id(2, 1, 1)
local r1, name = fc.pair_events({ b, a }, {})
check(r1 == nil and name == "argument", "pair_events accepted a.index > b.index")
r1, name = fc.pair_events({ a, b, a, b }, {})
check(r1 == nil and name == "argument", "pair_events accepted a repeated pair")
for _, bad in ipairs({ { a }, { a, 1 }, { a, "x" }, 1, "x", true }) do
  check(not pcall(fc.pair_events, bad, {}), "pair_events accepted a bad prev list")
  check(not pcall(fc.pair_events, {}, bad), "pair_events accepted a bad cur list")
end
check(not pcall(fc.pair_events, {}, {}, 1), "pair_events accepted a bad out table")

-- fixcol.pair_events reusing the caller's began / ended tables: the same
-- answers as fresh tables, and no allocation per call (the module reuses
-- its scratch; ids are interned strings).
do
  local ids = {}
  for i = 1, 40 do ids[i] = fc.id(i, 1, 1) end
  local prev, cur = {}, {}
  for i = 1, 39, 2 do prev[#prev + 1] = ids[i]; prev[#prev + 1] = ids[i + 1] end
  for i = 2, 38, 3 do cur[#cur + 1] = ids[i]; cur[#cur + 1] = ids[i + 1] end
  local fb, fnb, fe, fne = fc.pair_events(prev, cur)
  local bt, et = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27 }, {}
  for _ = 1, 3 do
    local b2, nb2, e2, ne2 = fc.pair_events(prev, cur, bt, et)
    check(b2 == bt and e2 == et and nb2 == fnb and ne2 == fne and same(b2, fb) and same(e2, fe),
      "fixcol.pair_events with reused tables differs from fresh tables")
  end
  check(fnb > 0 and fne > 0, "the reuse case has no events")
  collectgarbage("collect")
  collectgarbage("stop")
  local before = collectgarbage("count")
  for _ = 1, 2000 do
    if BREAK_ALLOC then fc.pair_events(prev, cur) else fc.pair_events(prev, cur, bt, et) end
  end
  local grew = (collectgarbage("count") - before) * 1024
  collectgarbage("restart")
  check(grew < 1024, ("fixcol.pair_events with reused tables allocated %d bytes in 2000 calls"):format(grew))
end

local w3 = assert(fc.world_create { dim = 2 })
w3:destroy()
check(not pcall(w3.pair_events, w3), "pair_events on a destroyed world")
check(not pcall(w3.find_contacts, w3), "find_contacts on a destroyed world")

print(("events.lua: %d checks, %d failed (%d stale ends, %d refills)"):format(checks, failures, stale_ends, refills))
os.exit(failures == 0 and 0 or 1)
