-- SPDX-License-Identifier: MIT
-- casts.lua - shape casts through the Lua API against the C library: every
-- case of cast_cases.txt (tests/cast_cases.c: pair casts of every type pair,
-- world casts closest and all, range and shape-type errors) must give the
-- C status, hit, t and normal (world casts: the same body indices in the
-- same order). Besides: a hit at t = 0 has the contact2/contact3 normal, a
-- zero delta hits iff the shapes overlap, the closest world hit is the
-- first of all hits, every world hit passes the query filter and equals the
-- pair cast against that body's shape, and the list covers misses, hits,
-- t = 0 hits and errors.
--   lua casts.lua CAST_CASES_TXT [--break]
-- --break (should-fail twin): every expected t is taken one raw larger.
local fc = require "fixcol"
local file = arg[1]
local BREAK = arg[2] == "--break"
local checks, failures = 0, 0
local function check(ok, what)
  checks = checks + 1
  if not ok then
    failures = failures + 1
    if failures <= 20 then io.stderr:write("FAIL: " .. what .. "\n") end
  end
end

-- A token reader over one line.
local function reader(line)
  local toks, pos = {}, 0
  for t in line:gmatch("%S+") do toks[#toks + 1] = t end
  local r = {}
  function r.word() pos = pos + 1; return toks[pos] end
  function r.num()
    local v = tonumber(r.word())
    assert(v, "number expected in: " .. line)
    return v
  end
  return r
end

local function shape2(r)
  local t = r.word()
  if t == "circle" then return { type = "circle", x = r.num(), y = r.num(), r = r.num() } end
  if t == "aabb" then return { type = "aabb", minx = r.num(), miny = r.num(), maxx = r.num(), maxy = r.num() } end
  if t == "obb" then return { type = "obb", x = r.num(), y = r.num(), hx = r.num(), hy = r.num(), angle = r.num() } end
  if t == "capsule" then return { type = "capsule", ax = r.num(), ay = r.num(), bx = r.num(), by = r.num(), r = r.num() } end
  assert(t == "poly", "2D shape expected: " .. tostring(t))
  local s = { type = "poly" }
  for i = 1, 2 * r.num() do s[i] = r.num() end
  return s
end

local function shape3(r)
  local t = r.word()
  if t == "sphere" then return { type = "sphere", x = r.num(), y = r.num(), z = r.num(), r = r.num() } end
  if t == "aabb" then
    return { type = "aabb", minx = r.num(), miny = r.num(), minz = r.num(), maxx = r.num(), maxy = r.num(), maxz = r.num() }
  end
  if t == "capsule" then
    return { type = "capsule", ax = r.num(), ay = r.num(), az = r.num(), bx = r.num(), by = r.num(), bz = r.num(), r = r.num() }
  end
  assert(t == "obb", "3D shape expected: " .. tostring(t))
  local s = { type = "obb", x = r.num(), y = r.num(), z = r.num(), hx = r.num(), hy = r.num(), hz = r.num(), axes = {} }
  for i = 1, 9 do s.axes[i] = r.num() end
  return s
end

local STATUS_NAME = {}
for name, code in pairs(fc.status) do if type(name) == "string" then STATUS_NAME[code] = name end end

-- Expected: status code, then values. Got: the binding's return values.
local function status_of(first, second)
  if first == nil then return fc.status[second] end
  return 0
end

local function vals(...) return { n = select("#", ...), ... } end
local function same_list(a, b, from, n)
  for i = 0, n - 1 do if a[from + i] ~= b[from + i] then return false end end
  return true
end
local function slice(t, from, n) local r = {} for i = 1, n do r[i] = t[from + i - 1] end return r end
local function fmt(t, n) local s = {} for i = 1, n do s[i] = tostring(t[i]) end return table.concat(s, " ") end

local count = { pair = 0, hit = 0, miss = 0, t0 = 0, err = 0, world = 0, worldhits = 0, shape_type = 0, range = 0 }
local w, dim, bodies = nil, 2, {}
local lineno = 0
local out = {}

local function id_index(id) return (fc.id_parts(id)) end

local function passes(body, cat, mask)
  -- fixcol/world.h: a query Q reports B when (B.category & Q.mask) ~= 0 and (Q.category & B.mask) ~= 0
  local function band(a, b)
    local r, bit = 0, 1
    for _ = 1, 32 do
      if a % 2 == 1 and b % 2 == 1 then r = r + bit end
      a, b, bit = math.floor(a / 2), math.floor(b / 2), bit * 2
    end
    return r
  end
  return band(body.category, mask) ~= 0 and band(cat, body.mask) ~= 0
end

local function pair_case(kind, r, line)
  local d3 = kind == "pair3"
  local m = d3 and shape3(r) or shape2(r)
  local d = d3 and { r.num(), r.num(), r.num() } or { r.num(), r.num() }
  local t = d3 and shape3(r) or shape2(r)
  assert(r.word() == "=")
  local est, ehit = r.num(), r.num()
  local e = {}
  for i = 1, d3 and 4 or 3 do e[i] = r.num() end
  if BREAK then e[1] = e[1] + 1 end
  local got = d3 and vals(fc.cast3(m, d[1], d[2], d[3], t)) or vals(fc.cast2(m, d[1], d[2], t))
  local st = status_of(got[1], got[2])
  count.pair = count.pair + 1
  check(st == est, ("line %d: status %s, C %s"):format(lineno, tostring(st), tostring(est)))
  if est ~= 0 then
    count.err = count.err + 1
    if STATUS_NAME[est] == "range" then count.range = count.range + 1 end
    check(got[1] == nil and type(got[3]) == "string", ("line %d: error without message"):format(lineno))
    return
  end
  if ehit == 0 then
    count.miss = count.miss + 1
    check(got.n == 1 and got[1] == false, ("line %d: C misses, Lua %s"):format(lineno, fmt(got, got.n)))
  else
    count.hit = count.hit + 1
    check(got.n == #e and same_list(got, e, 1, #e), ("line %d: Lua %s, C %s"):format(lineno, fmt(got, got.n), fmt(e, #e)))
  end
  -- Overlapping at the start: a hit at t = 0 with the contact normal (A = moving).
  local c = d3 and vals(fc.contact3(m, t)) or vals(fc.contact2(m, t))
  if c[1] then
    count.t0 = count.t0 + 1
    check(got[1] == 0 and same_list(slice(c, 2, #e - 1), slice(got, 2, #e - 1), 1, #e - 1),
      ("line %d: overlapping at the start: cast %s, contact normal %s"):format(lineno, fmt(got, got.n), fmt(c, c.n)))
  end
  local zero = d[1] == 0 and d[2] == 0 and (d[3] or 0) == 0
  if zero then
    local ov
    if d3 then ov = fc.overlap3(m, t) else ov = fc.overlap2(m, t) end
    check((ehit == 1) == ov and (ehit == 0 or got[1] == 0), ("line %d: zero delta hit %d, overlap %s"):format(lineno, ehit, tostring(ov)))
  end
end

-- The pair cast of the moving shape against body k: t and normal, or nil.
local function pair_against(d3, m, d, k)
  local s = bodies[k + 1].shape
  local g = d3 and vals(fc.cast3(m, d[1], d[2], d[3], s)) or vals(fc.cast2(m, d[1], d[2], s))
  if not g[1] then return nil end
  return g
end

local function world_case(kind, r)
  local d3 = kind == "cast3" or kind == "all3"
  local m = d3 and shape3(r) or shape2(r)
  local d = d3 and { r.num(), r.num(), r.num() } or { r.num(), r.num() }
  local filter = { category = r.num(), mask = r.num() }
  assert(r.word() == "=")
  local est = r.num()
  local nv = d3 and 4 or 3 -- t and the normal
  count.world = count.world + 1
  if est ~= 0 then
    count.err = count.err + 1
    if STATUS_NAME[est] == "shape_type" then count.shape_type = count.shape_type + 1 end
    if STATUS_NAME[est] == "range" then count.range = count.range + 1 end
  end
  if kind == "cast2" or kind == "cast3" then
    local ehit, eidx = r.num(), r.num()
    local e = {}
    for i = 1, nv do e[i] = r.num() end
    if BREAK then e[1] = e[1] + 1 end
    local got = d3 and vals(w:cast3(m, d[1], d[2], d[3], filter)) or vals(w:cast2(m, d[1], d[2], filter))
    local st = status_of(got[1], got[2])
    check(st == est, ("line %d: status %s, C %s"):format(lineno, tostring(st), tostring(est)))
    if est ~= 0 then return end
    if ehit == 0 then
      check(got.n == 1 and got[1] == false, ("line %d: C misses, Lua %s"):format(lineno, fmt(got, got.n)))
    else
      count.worldhits = count.worldhits + 1
      local g = slice(got, 2, nv)
      check(got.n == nv + 1 and id_index(got[1]) == eidx and same_list(g, e, 1, nv),
        ("line %d: Lua index %s %s, C %d %s"):format(lineno, tostring(got[1] and id_index(got[1])), fmt(g, nv), eidx, fmt(e, nv)))
    end
    -- closest is the first of all
    local all, n
    if d3 then all, n = w:cast3_all(m, d[1], d[2], d[3], filter, out) else all, n = w:cast2_all(m, d[1], d[2], filter, out) end
    check(all == out, ("line %d: all-hits into the caller's table"):format(lineno))
    if ehit == 0 then check(n == 0, ("line %d: closest misses but all has %s"):format(lineno, tostring(n)))
    else
      check(n and n > 0 and all[1] == got[1] and same_list(slice(all, 2, nv), slice(got, 2, nv), 1, nv),
        ("line %d: closest is not the first of all"):format(lineno))
    end
    return
  end
  local en = r.num()
  local per = nv + 1
  local e = {}
  for i = 1, en * per do e[i] = r.num() end
  if BREAK and en > 0 then e[2] = e[2] + 1 end
  local got, n, msg
  if d3 then got, n, msg = w:cast3_all(m, d[1], d[2], d[3], filter, out)
  else got, n, msg = w:cast2_all(m, d[1], d[2], filter, out) end
  local st = got == nil and fc.status[n] or 0
  check(st == est, ("line %d: status %s, C %s"):format(lineno, tostring(st), tostring(est)))
  if est ~= 0 then
    check(type(msg) == "string", ("line %d: error without message"):format(lineno))
    return
  end
  check(n == en and #got == en * per, ("line %d: %s hits, C %d"):format(lineno, tostring(n), en))
  for i = 0, math.min(n, en) - 1 do
    local k = id_index(got[i * per + 1])
    local g, want = slice(got, i * per + 2, nv), slice(e, i * per + 2, nv)
    check(k == e[i * per + 1] and same_list(g, want, 1, nv),
      ("line %d: hit %d: Lua %d %s, C %d %s"):format(lineno, i + 1, k, fmt(g, nv), e[i * per + 1], fmt(want, nv)))
    check(passes(bodies[k + 1], filter.category, filter.mask), ("line %d: body %d does not pass the filter"):format(lineno, k))
    local p = pair_against(d3, m, d, k)
    check(p ~= nil and same_list(p, g, 1, nv), ("line %d: hit %d (%s) differs from the pair cast (%s)"):format(lineno, i + 1, fmt(g, nv), p and fmt(p, nv) or "miss"))
  end
  -- every passing body the pair cast hits is in the list
  local hits = 0
  for k = 0, #bodies - 1 do
    if passes(bodies[k + 1], filter.category, filter.mask) and pair_against(d3, m, d, k) then hits = hits + 1 end
  end
  check(hits == n, ("line %d: %d bodies hit by pair casts, all-hits %s"):format(lineno, hits, tostring(n)))
end

local f = assert(io.open(file, "r"))
for line in f:lines() do
  lineno = lineno + 1
  local r = reader(line)
  local kind = r.word()
  if kind == nil or kind:sub(1, 1) == "#" then
    -- comment
  elseif kind == "pair2" or kind == "pair3" then
    pair_case(kind, r, line)
  elseif kind == "world" then
    if w then w:destroy() end
    dim = r.num()
    w = assert(fc.world_create { dim = dim, tag = r.num() })
    bodies = {}
  elseif kind == "body" then
    local s = dim == 3 and shape3(r) or shape2(r)
    local b = { shape = s, category = r.num(), mask = r.num() }
    local id = assert(w:create_body(s, { category = b.category, mask = b.mask }))
    check(id_index(id) == #bodies, "body index follows the creation order")
    bodies[#bodies + 1] = b
  else
    world_case(kind, r)
  end
end
f:close()
if w then
  w:destroy()
  check(not pcall(w.cast2, w, fc.circle(0, 0, 65536), 0, 0), "destroyed world: cast2 raises")
  check(not pcall(w.cast3_all, w, assert(fc.sphere(0, 0, 0, 65536)), 0, 0, 0), "destroyed world: cast3_all raises")
end
-- The list must exercise every outcome.
check(count.pair > 200 and count.hit > 20 and count.miss > 20 and count.t0 > 5 and count.range >= 4
  and count.shape_type >= 4 and count.world > 100 and count.worldhits > 10,
  ("case coverage: %d pairs (%d hits, %d misses, %d at t = 0), %d world casts (%d closest hits), %d errors (%d range, %d shape_type)")
    :format(count.pair, count.hit, count.miss, count.t0, count.world, count.worldhits, count.err, count.range, count.shape_type))
print(("casts.lua: %d pairs (%d hits, %d misses, %d at t = 0), %d world casts (%d closest hits), %d errors; %d checks, %d failed (%s)")
  :format(count.pair, count.hit, count.miss, count.t0, count.world, count.worldhits, count.err, checks, failures, _VERSION))
os.exit(failures == 0 and 0 or 1)
