-- SPDX-License-Identifier: MIT
-- robustness.lua - every entry point fed nil, wrong types, fractional
-- numbers, NaN, infinities, huge values, destroyed worlds, stale, foreign
-- and malformed ids, corrupt snapshot blobs and replay bytes: each call must
-- raise a Lua error naming the argument ("bad argument #N") or return the
-- documented data error (nil, status name, message), leave the world
-- unchanged (same checksum, fc_world_validate ok), and never crash.
--   lua robustness.lua [--break]
-- --break (should-fail twin): one well-formed call is put among the bad
-- ones; the checker must notice that it did not fail.
-- --break-angle (should-fail twin): the in-range angle 65535 is put among
-- the out-of-range angles (as a wrapping binding would accept 70000).
local fc = require "fixcol"
local BREAK = (...) == "--break"
local BREAK_ANGLE = (...) == "--break-angle"

local checks, failures = 0, 0
local function fail(msg)
  failures = failures + 1
  io.stderr:write("FAIL: " .. msg .. "\n")
end

local NAN, INF = 0 / 0, math.huge
local BAD_NUMBERS = { 0.5, -0.25, 1e-300, NAN, INF, -INF, 2 ^ 31, -2 ^ 31 - 1, 2 ^ 53, 2 ^ 63, 2 ^ 64, -2 ^ 80 }
local hasher = fc.hasher()
local HUGE = ("9"):rep(16777216) -- a 16 MiB string of digits: never coerced, never quoted whole
local OTHER_TYPES = { true, false, "x", "123", HUGE, {}, print, hasher, coroutine.create(function() end) }

-- Argument kinds: the bad values each must reject with an argument error.
local function bad_values(kind, optional)
  local t = {}
  local function add(v) t[#t + 1] = v end
  if not optional then add(nil) end
  for _, v in ipairs(BAD_NUMBERS) do
    if not (kind == "u64" and (v == 2 ^ 31 or v == 2 ^ 53)) then add(v) end -- valid 64-bit user data
  end
  add(kind == "u64" and 2 ^ 53 + 2 or nil)
  for _, v in ipairs(OTHER_TYPES) do
    local keep = true
    if v == "123" and kind == "u64" then keep = false end          -- hex digits: a valid 64-bit value
    if type(v) == "table" and (kind == "filter" or kind == "out" or kind == "def") then keep = false end
    if type(v) == "string" and kind == "blob" then keep = false end -- a data error, tested below
    if type(v) == "boolean" and kind == "out" then keep = false end
    if keep then add(v) end
  end
  if kind == "id" then add(("x"):rep(11)); add(("x"):rep(13)); add(12) end
  -- angles are 0..65535 (the C fc_angle), never wrapped
  if kind == "angle" then add(65536); add(70000); add(-1); add(-65536); add(2 ^ 31 - 1) end
  if kind == "shape" then
    add({ type = "circle", x = 0, y = 0 })                     -- missing r
    add({ type = "circle", x = 0.5, y = 0, r = 65536 })        -- fractional
    add({ type = "circle", x = NAN, y = 0, r = 65536 })
    add({ type = "triangle" })
    add({ type = "poly", 0, 0, 65536 })                         -- odd count
    add({ type = "poly", 0, 0, 65536, 0, 0, "y" })
    add({ type = 7 })
  end
  if kind == "filter" then add({ category = -1 }); add({ mask = 2 ^ 32 }); add({ category = 0.5 }) end
  return t
end

local function snapshot_of(w) return w:checksum(), w:body_count() end

local function check_unchanged(w, before_sum, before_n, what)
  if w:is_destroyed() then return end
  local sum, n = snapshot_of(w)
  if sum ~= before_sum or n ~= before_n then fail(what .. ": world changed") end
  local ok, name = w:validate()
  if not ok then fail(what .. ": world invalid after the call: " .. tostring(name)) end
end

local function pack(...) return { n = select("#", ...), ... } end

-- The call must raise an argument error, or (data = true) may return a data
-- error. An error message stays short (a huge string argument is never
-- quoted whole).
local function expect_error(what, allow_data, w, f, ...)
  checks = checks + 1
  local before_sum, before_n
  if w and not w:is_destroyed() then before_sum, before_n = snapshot_of(w) end
  local res = pack(pcall(f, ...))
  if res[1] then
    if not (allow_data and res[2] == nil and type(res[3]) == "string" and fc.status[res[3]]) then
      fail(what .. ": did not fail (returned " .. tostring(res[2]) .. ")")
    end
  elseif not tostring(res[2]):find("bad argument", 1, true) then
    fail(what .. ": error does not name the argument: " .. tostring(res[2]):sub(1, 200))
  elseif #tostring(res[2]) > 400 then
    fail(what .. ": error message of " .. #tostring(res[2]) .. " bytes")
  end
  if before_sum then check_unchanged(w, before_sum, before_n, what) end
end

-- A world with a few bodies of each kind.
local function new_world(dim)
  local w = assert(fc.world_create { dim = dim, tag = dim })
  local ids = {}
  for k = 1, 4 do
    local s = dim == 2 and fc.circle(fc.fix(10 * k), fc.fix(10), fc.fix(1))
      or assert(fc.sphere(fc.fix(10 * k), 0, fc.fix(10), fc.fix(1)))
    ids[k] = assert(w:create_body(s))
  end
  assert(w:destroy_body(ids[4]))
  return w, ids
end

local w2, ids2 = new_world(2)
local w3, ids3 = new_world(3)
local good2 = fc.circle(fc.fix(5), fc.fix(5), fc.fix(2))
local good3 = assert(fc.sphere(fc.fix(5), 0, fc.fix(5), fc.fix(2)))

-- [method] = { kinds of the arguments after self, valid values }
local function methods(dim, ids)
  local id, shape = ids[1], dim == 2 and good2 or good3
  local M = {
    create_body = { { "shape", "filter", "u64" }, { shape, nil, nil }, mutates = true },
    destroy_body = { { "id" }, { id }, mutates = true },
    body_valid = { { "id" }, { id } },
    set_shape = { { "id", "shape" }, { id, shape }, mutates = true },
    set_filter = { { "id", "filter" }, { id, { category = 1 } }, mutates = true },
    set_user_data = { { "id", "u64" }, { id, 7 }, mutates = true },
    get_shape = { { "id", "out" }, { id, nil } },
    get_filter = { { "id" }, { id } },
    get_user_data = { { "id" }, { id } },
    get_bounds = { { "id" }, { id } },
    overlap = { { "shape", "filter", "out" }, { shape, nil, nil } },
    find_pairs = { { "out" }, { nil } },
    pair_events = { { "out", "out" }, { nil, nil } },
    find_contacts = { { "out", "out" }, { nil, nil } },
    restore = { { "blob" }, { "" }, mutates = true },
  }
  if dim == 2 then
    M.translate2 = { { "id", "raw", "raw" }, { id, 0, 0 }, mutates = true }
    -- Non-zero valid moves: a bad entry 2 must not let entry 1 move (world unchanged).
    local bad_ids = { 1, "x", true, print, hasher, {}, { id }, { id, 12 }, { id, ("x"):rep(11) }, { id, {} } }
    local bad_raws = { 1, "x", true, print, hasher, {}, { 65536 }, { 65536, "1" }, { 65536, {} } }
    for _, v in ipairs(BAD_NUMBERS) do bad_raws[#bad_raws + 1] = { 65536, v } end
    M.translate2_many = { { "ids", "raws", "raws", "u32", "out" }, { { id, id }, { 65536, 65536 }, { 0, 65536 }, 2, nil },
      mutates = true, bad = { bad_ids, bad_raws, bad_raws } }
    M.set_angle2 = { { "id", "angle" }, { id, 0 }, mutates = true }
    M.point2 = { { "raw", "raw", "filter", "out" }, { 0, 0, nil, nil } }
    M.overlap_sector2 = { { "area", "filter", "out" }, { fc.sector2(0, 0, 65536, 0, 8192), nil, nil } }
    M.overlap_ring2 = { { "area", "filter", "out" }, { fc.ring2(0, 0, 0, 65536), nil, nil } }
    M.raycast2 = { { "raw", "raw", "raw", "raw", "filter" }, { 0, 0, 65536, 0, nil } }
    M.raycast2_all = { { "raw", "raw", "raw", "raw", "filter", "out" }, { 0, 0, 65536, 0, nil, nil } }
    M.cast2 = { { "shape", "raw", "raw", "filter" }, { shape, 65536, 0, nil } }
    M.cast2_all = { { "shape", "raw", "raw", "filter", "out" }, { shape, 65536, 0, nil, nil } }
  else
    M.translate3 = { { "id", "raw", "raw", "raw" }, { id, 0, 0, 0 }, mutates = true }
    M.point3 = { { "raw", "raw", "raw", "filter", "out" }, { 0, 0, 0, nil, nil } }
    M.raycast3 = { { "raw", "raw", "raw", "raw", "raw", "raw", "filter" }, { 0, 0, 0, 65536, 0, 0, nil } }
    M.raycast3_all = { { "raw", "raw", "raw", "raw", "raw", "raw", "filter", "out" }, { 0, 0, 0, 65536, 0, 0, nil, nil } }
    M.cast3 = { { "shape", "raw", "raw", "raw", "filter" }, { shape, 65536, 0, 0, nil } }
    M.cast3_all = { { "shape", "raw", "raw", "raw", "filter", "out" }, { shape, 65536, 0, 0, nil, nil } }
  end
  return M
end

local function unpack_n(t, n) return (table.unpack or unpack)(t, 1, n) end

local function sweep(w, dim, ids)
  for name, m in pairs(methods(dim, ids)) do
    local kinds, valid = m[1], m[2]
    local f = w[name]
    -- bad self: nil, other types, another userdata
    for _, bad in ipairs({ false, 1, "w", {}, hasher }) do
      expect_error(name .. " self=" .. tostring(bad), false, nil, f, bad, unpack_n(valid, #kinds))
    end
    expect_error(name .. " self=nil", false, nil, f, nil, unpack_n(valid, #kinds))
    for pos, kind in ipairs(kinds) do
      local optional = valid[pos] == nil
      for _, bad in ipairs(m.bad and m.bad[pos] or bad_values(kind, optional)) do
        if not (kind == "blob") then
          local args = {}
          for k = 1, #kinds do args[k] = valid[k] end
          args[pos] = bad
          if kind == "filter" and type(bad) == "table" and next(bad) == nil then args = nil end
          if args then
            expect_error(("%s arg %d = %s"):format(name, pos, tostring(bad)), false, w, f, w, unpack_n(args, #kinds))
          end
        end
      end
    end
  end
end

sweep(w2, 2, ids2)
sweep(w3, 3, ids3)

-- Stale, foreign and never-issued ids: data error "stale_id", world unchanged.
for _, case in ipairs({ { w2, ids2[4], "destroyed" }, { w2, ids3[1], "foreign (tag 3)" },
  { w2, fc.id(99, 1, 2), "never issued" }, { w2, fc.id(0, 0, 0), "all-zero" }, { w3, ids2[1], "foreign (tag 2)" } }) do
  local w, id, what = case[1], case[2], case[3]
  for _, call in ipairs({ "destroy_body", "get_filter", "get_shape", "get_bounds", "get_user_data" }) do
    local before = w:checksum()
    local r, name = w[call](w, id)
    checks = checks + 1
    if r ~= nil or name ~= "stale_id" then fail(call .. " with a " .. what .. " id: " .. tostring(r) .. " " .. tostring(name)) end
    if w:checksum() ~= before then fail(call .. " with a " .. what .. " id changed the world") end
  end
  checks = checks + 1
  if w:body_valid(id) then fail("body_valid accepts a " .. what .. " id") end
end

-- Corrupt snapshot blobs: every truncation and many flipped bits.
local blob = assert(w2:snapshot())
local before, before_n = w2:checksum(), w2:body_count()
local function corrupt(b, what)
  checks = checks + 1
  local r, name = w2:restore(b)
  if r ~= nil or not fc.status[name] then fail("restore of " .. what .. " did not fail: " .. tostring(r)) end
  check_unchanged(w2, before, before_n, "restore of " .. what)
end
for len = 0, #blob - 1 do corrupt(blob:sub(1, len), "a blob truncated to " .. len) end
for pos = 1, #blob do
  local byte = blob:byte(pos)
  for _, bit in ipairs({ 1, 16, 128 }) do
    local flipped = byte % (2 * bit) >= bit and byte - bit or byte + bit
    corrupt(blob:sub(1, pos - 1) .. string.char(flipped) .. blob:sub(pos + 1), "a blob with byte " .. pos .. " flipped")
  end
end
corrupt(blob .. "\0\0\0\0\0\0\0\0", "a blob with 8 extra bytes")
corrupt(("\255"):rep(4096), "garbage")
-- The real blob still restores.
assert(w2:restore(blob))
assert(w2:checksum() == before)

-- Replay reader: garbage and truncations are data errors.
for _, b in ipairs({ "", "FCREPLAY", "FCREPLAY\2\0", "fixcol-replay\nversion 9\n", ("\0"):rep(64) }) do
  checks = checks + 1
  local r, name = fc.replay_open(b)
  if r ~= nil and name == nil then
    local ok = pcall(function()
      while true do
        local more, n = r:next_frame()
        if not more then break end
        for _ = 1, n do assert(r:next_op()) end
      end
    end)
    if ok then fail("replay garbage accepted: " .. ("%q"):format(b)) end
  end
end
expect_error("replay_open(nil)", false, nil, fc.replay_open, nil)

-- Module functions with bad arguments.
for _, f in ipairs({ "fix", "fix_str", "fix_floor", "sin", "cos", "sincos", "angle_from_deg", "angle_to_deg",
  "angle_from_rad", "id_parts", "id_str", "circle", "aabb2", "obb2", "capsule2", "poly2", "sphere", "aabb3",
  "obb3_euler", "obb3_axes", "validate2", "validate3", "overlap2", "overlap3", "contact2", "contact3", "pushout2", "pushout3", "cast2", "cast3", "mul", "id",
  "sector2", "ring2", "sector2_contains", "ring2_contains", "overlap_sector2", "overlap_ring2" }) do
  for _, bad in ipairs({ nil, 0.5, NAN, INF, 2 ^ 53, {}, hasher }) do
    if not (f == "fix" and bad == nil) then
      expect_error("fixcol." .. f .. "(" .. tostring(bad) .. ")", false, nil, fc[f], bad, bad, bad, bad, bad, bad, bad, bad, bad)
    end
  end
end
-- Angles outside 0..65535 are argument errors in every entry point that takes one.
for _, a in ipairs(BREAK_ANGLE and { 65535 } or { 65536, 70000, -1, 0.5, NAN, INF, -INF, 2 ^ 53 }) do
  local t = tostring(a)
  expect_error("sin(" .. t .. ")", false, nil, fc.sin, a)
  expect_error("cos(" .. t .. ")", false, nil, fc.cos, a)
  expect_error("sincos(" .. t .. ")", false, nil, fc.sincos, a)
  expect_error("angle_to_deg(" .. t .. ")", false, nil, fc.angle_to_deg, a)
  expect_error("obb2 angle " .. t, false, nil, fc.obb2, 0, 0, 65536, 65536, a)
  expect_error("obb3_euler yaw " .. t, false, nil, fc.obb3_euler, 0, 0, 0, 65536, 65536, 65536, a, 0, 0)
  expect_error("obb3_euler roll " .. t, false, nil, fc.obb3_euler, 0, 0, 0, 65536, 65536, 65536, 0, 0, a)
  expect_error("sector2 dir " .. t, false, nil, fc.sector2, 0, 0, 65536, a, 8192)
  expect_error("overlap_sector2 table dir " .. t, false, nil, fc.overlap_sector2,
    { x = 0, y = 0, r = 65536, dir = a, half = 8192 }, good2)
  expect_error("create_body obb angle " .. t, false, w2, w2.create_body, w2,
    { type = "obb", x = 0, y = 0, hx = 65536, hy = 65536, angle = a })
  expect_error("set_angle2 " .. t, false, w2, w2.set_angle2, w2, ids2[1], a)
end
do -- the message names the argument and the field
  local ok, msg = pcall(w2.create_body, w2, { type = "obb", x = 0, y = 0, hx = 65536, hy = 65536, angle = 70000 })
  checks = checks + 1
  if ok or not msg:find("field 'angle'", 1, true) or not msg:find("0..65535", 1, true) then
    fail("obb angle 70000: " .. tostring(msg))
  end
  ok, msg = pcall(fc.obb2, 0, 0, 65536, 65536, 70000)
  checks = checks + 1
  if ok or not msg:find("bad argument #5", 1, true) or not msg:find("(70000)", 1, true) then
    fail("obb2 angle 70000: " .. tostring(msg))
  end
  -- -0 and integral floats are the integers they equal
  checks = checks + 1
  if not pcall(fc.obb2, 0, 0, 65536, 65536, -0.0) or not pcall(fc.sin, 65535.0) then fail("angle -0 / 65535.0 rejected") end
  -- NaN and +-inf are spelt by the binding, the same in every VM (Lua 5.1's
  -- own formatting gives "-nan" for 0/0), the sign of an infinity right
  for _, c in ipairs({ { INF, "infinite (+inf)" }, { -INF, "infinite (-inf)" }, { NAN, "NaN (nan)" },
    { -NAN, "NaN (nan)" } }) do
    for _, call in ipairs({ function(v) return fc.circle(v, 0, 1) end, function(v) return w2:translate2(ids2[1], 0, v) end,
      function(v) return w2:create_body({ type = "circle", x = 0, y = v, r = 1 }) end, function(v) return fc.id(v, 1) end }) do
      ok, msg = pcall(call, c[1])
      checks = checks + 1
      if ok or not tostring(msg):find(c[2], 1, true) then fail(c[2] .. " message: " .. tostring(msg)) end
    end
  end
end

-- Skill areas: malformed tables are argument errors, out-of-range areas data errors.
expect_error("overlap_sector2 missing half", false, nil, fc.overlap_sector2, { x = 0, y = 0, r = 1, dir = 0 }, good2)
expect_error("overlap_sector2 fractional r", false, nil, fc.overlap_sector2, { x = 0, y = 0, r = 0.5, dir = 0, half = 0 }, good2)
expect_error("overlap_sector2 half > 180", true, nil, fc.overlap_sector2, fc.sector2(0, 0, 1, 0, 32769), good2)
expect_error("overlap_ring2 inner > outer", true, nil, fc.overlap_ring2, fc.ring2(0, 0, 2, 1), good2)
expect_error("ring2_contains point out of range", true, nil, fc.ring2_contains, fc.ring2(0, 0, 0, 1), 2 ^ 30, 0)
expect_error("fix('0.1')", false, nil, fc.fix, "0.1")
expect_error("fix('40000')", false, nil, fc.fix, "40000")
expect_error("fix(40000)", false, nil, fc.fix, 40000)
expect_error("world_create{dim=4}", false, nil, fc.world_create, { dim = 4 })
expect_error("world_create{layout=1}", false, nil, fc.world_create, { layout = 1 })
expect_error("world_create{bounds_x=0.5}", false, nil, fc.world_create, { bounds_x = 0.5 })
expect_error("world_create{bounds_log2=99}", true, nil, fc.world_create, { bounds_log2 = 99 })
expect_error("hasher:word(0.5)", false, nil, hasher.word, hasher, 0.5)
expect_error("hasher:ids({1}, 1)", false, nil, hasher.ids, hasher, { 1 }, 1)
expect_error("hasher.final(nil)", false, nil, hasher.final, nil)
expect_error("hasher.final_parts(nil)", false, nil, hasher.final_parts, nil)
for _, bad in ipairs({ { 1, 0.5 }, { 1, NAN }, { 1, 2 ^ 32 }, { 1, -2 ^ 31 - 1 }, { 1 }, { 1, "2" }, { 1, {} } }) do
  expect_error("hasher:words({1, " .. tostring(bad[2]) .. "}, 1)", false, nil, hasher.words, hasher, bad, 1)
  expect_error("hasher:words({1, " .. tostring(bad[2]) .. "}, 2, 7)", false, nil, hasher.words, hasher, bad, 2, 7)
end
for _, bad in ipairs({ 0.5, -1, 2 ^ 31, NAN, "1", {} }) do
  expect_error("hasher:words({}, " .. tostring(bad) .. ")", false, nil, hasher.words, hasher, {}, bad)
end
expect_error("hasher:words({1}, 1, 0.5)", false, nil, hasher.words, hasher, { 1 }, 1, 0.5)
expect_error("hasher:words(nil, 0)", false, nil, hasher.words, hasher, nil, 0)
for _, ids_ in ipairs({ "nil ids", "nil dxs", "nil dys" }) do
  local a = { { ids2[1] }, { 0 }, { 0 } }
  a[ids_ == "nil ids" and 1 or ids_ == "nil dxs" and 2 or 3] = nil
  expect_error("translate2_many with " .. ids_, false, w2, w2.translate2_many, w2, a[1], a[2], a[3], 1)
end
-- translate2_many: a rejected move (stale id, out of range) is a status, not an error, and the others still move.
do
  checks = checks + 1
  local st = { 9, 9, 9, 9 }
  local far = fc.COORD_LIMIT
  local before = w2:get_shape(ids2[1]).x
  local rejected = w2:translate2_many({ ids2[4], ids2[1], ids2[2] }, { 0, 65536, far }, { 0, 0, 0 }, 3, st)
  if rejected ~= 2 or st[1] ~= fc.status.stale_id or st[2] ~= 0 or st[3] ~= fc.status.range or st[4] ~= nil
    or w2:get_shape(ids2[1]).x ~= before + 65536 then
    fail(("translate2_many statuses: %s %s %s %s %s"):format(tostring(rejected), tostring(st[1]), tostring(st[2]), tostring(st[3]), tostring(st[4])))
  end
  assert(w2:translate2(ids2[1], -65536, 0))
end
expect_error("validate2 of a clockwise poly", true, nil, fc.validate2, fc.poly2({ 0, 0, 0, 65536, 65536, 0 }))
expect_error("validate2 of a 9-gon", true, nil, fc.validate2,
  { type = "poly", 0, 0, 1, 0, 2, 1, 3, 3, 2, 5, 1, 6, 0, 6, -1, 5, -2, 3 })
expect_error("overlap2 of an invalid circle", true, nil, fc.overlap2, fc.circle(0, 0, -1), good2)
expect_error("pushout2 of an invalid circle", true, nil, fc.pushout2, good2, fc.circle(0, 0, -1))
expect_error("pushout3 of an invalid sphere", true, nil, fc.pushout3, { type = "sphere", x = 0, y = 0, z = 0, r = -1 },
  { type = "sphere", x = 0, y = 0, z = 0, r = 1 })
-- Shape casts: a delta past 2 * COORD_LIMIT, an invalid shape and the other
-- dimension's world are data errors with that status; the world is unchanged.
do
  local L2 = 2 * fc.COORD_LIMIT
  local bad2, bad3 = fc.circle(0, 0, -1), { type = "sphere", x = 0, y = 0, z = 0, r = -1 }
  for _, c in ipairs({
    { "cast2 dx past the range", "range", false, fc.cast2, good2, L2 + 1, 0, good2 },
    { "cast2 dy below the range", "range", false, fc.cast2, good2, 0, -L2 - 1, good2 },
    { "cast3 dz past the range", "range", false, fc.cast3, good3, 0, 0, L2 + 1, good3 },
    { "cast2 invalid moving circle", "size", false, fc.cast2, bad2, 65536, 0, good2 },
    { "cast3 invalid target sphere", "size", false, fc.cast3, good3, 65536, 0, 0, bad3 },
    { "w:cast2 dx past the range", "range", w2, w2.cast2, w2, good2, L2 + 1, 0 },
    { "w:cast2_all dy past the range", "range", w2, w2.cast2_all, w2, good2, 0, L2 + 1 },
    { "w:cast3 dz below the range", "range", w3, w3.cast3, w3, good3, 0, 0, -L2 - 1 },
    { "w:cast3_all dx past the range", "range", w3, w3.cast3_all, w3, good3, L2 + 1, 0, 0 },
    { "w:cast2 invalid shape", "size", w2, w2.cast2, w2, bad2, 65536, 0 },
    { "w:cast3_all invalid shape", "size", w3, w3.cast3_all, w3, bad3, 65536, 0, 0 },
    { "w:cast2 on a 3D world", "shape_type", w3, w3.cast2, w3, good2, 65536, 0 },
    { "w:cast2_all on a 3D world", "shape_type", w3, w3.cast2_all, w3, good2, 65536, 0 },
    { "w:cast3 on a 2D world", "shape_type", w2, w2.cast3, w2, good3, 65536, 0, 0 },
    { "w:cast3_all on a 2D world", "shape_type", w2, w2.cast3_all, w2, good3, 65536, 0, 0 },
  }) do
    expect_error(c[1], true, c[3], c[4], select(5, (table.unpack or unpack)(c)))
    checks = checks + 1
    local r, name = pcall(c[4], select(5, (table.unpack or unpack)(c)))
    if not r or name ~= nil then fail(c[1] .. ": raised or succeeded") end
    local _, _, st = pcall(c[4], select(5, (table.unpack or unpack)(c)))
    if st ~= c[2] then fail(c[1] .. ": status " .. tostring(st) .. ", want " .. c[2]) end
  end
  -- the limit itself is accepted
  checks = checks + 1
  if fc.cast2(good2, L2, -L2, good2) == nil or w2:cast2(good2, -L2, L2) == nil then fail("a delta of 2 * COORD_LIMIT rejected") end
end
if BREAK then expect_error("a valid translate (--break)", false, w2, w2.translate2, w2, ids2[1], 0, 0) end

-- Destroyed and collected worlds.
local wd = new_world(2)
wd:destroy()
wd:destroy() -- twice is fine
for name, m in pairs(methods(2, ids2)) do
  expect_error("destroyed world: " .. name, false, nil, wd[name], wd, unpack_n(m[2], #m[1]))
end
expect_error("destroyed world: checksum", false, nil, wd.checksum, wd)
expect_error("destroyed world: snapshot", false, nil, wd.snapshot, wd)
for _ = 1, 50 do new_world(2) end -- dropped: collected by __gc
collectgarbage()
collectgarbage()
if _VERSION == "Lua 5.4" then
  local chunk = assert(load([[
    local fc = ...
    local keep
    do
      local w <close> = assert(fc.world_create{})
      keep = w
    end
    return keep
  ]]))
  local closed = chunk(fc)
  checks = checks + 1
  if not closed:is_destroyed() then fail("__close did not destroy the world") end
end
-- Unknown world_create keys are errors naming the key; the pair_capacity cap.
local function expect_message(what, needle, f, ...)
  checks = checks + 1
  local ok, err = pcall(f, ...)
  if ok then fail(what .. ": did not fail")
  elseif not tostring(err):find(needle, 1, true) then fail(what .. ": error does not say " .. needle .. ": " .. tostring(err)) end
end
expect_message("world_create{bogus=1}", "'bogus'", fc.world_create, { bogus = 1 })
expect_message("world_create{bounds_log=8} (typo)", "'bounds_log'", fc.world_create, { bounds_log = 8 })
expect_message("world_create{[1]=2}", "number key", fc.world_create, { 2 })
expect_message("world_create pair_capacity 2^31-1", "PAIR_CAPACITY_MAX", fc.world_create, { pair_capacity = 2 ^ 31 - 1 })
expect_message("world_create pair_capacity cap + 1", "pair_capacity", fc.world_create, { pair_capacity = fc.PAIR_CAPACITY_MAX + 1 })
checks = checks + 1
local capw = fc.world_create { pair_capacity = 16384 }
if not capw then fail("world_create with a pair_capacity under the cap failed") else capw:destroy() end
-- set_filter(id, nil) is the default filter (category 1, every mask bit).
do
  local fw = assert(fc.world_create {})
  local id = assert(fw:create_body(fc.circle(0, 0, fc.ONE), { category = 4, mask = 2 }))
  checks = checks + 1
  local ok = fw:set_filter(id, nil)
  local cat, mask = fw:get_filter(id)
  if not (ok and cat == 1 and mask == 4294967295) then fail("set_filter(id, nil) did not set the default filter") end
  expect_error("set_filter(id) without a filter argument", false, fw, fw.set_filter, fw, id)
  fw:destroy()
end
-- fixcol.world_methods(): every method, sorted, each callable on a world.
do
  local names, lw = fc.world_methods(), assert(fc.world_create {})
  checks = checks + 1
  for i, name in ipairs(names) do
    if type(lw[name]) ~= "function" then fail("world_methods: " .. name .. " is not a method") end
    if i > 1 and names[i - 1] >= name then fail("world_methods: not sorted at " .. name) end
  end
  local seen = {}
  for _, name in ipairs(names) do seen[name] = true end
  for _, name in ipairs { "create_body", "overlap", "cast2_all", "snapshot", "restore", "destroy", "translate2_many" } do
    if not seen[name] then fail("world_methods: " .. name .. " missing") end
  end
  if #names < 40 then fail("world_methods: only " .. #names .. " names") end
  lw:destroy()
end
-- Metatable is protected.
checks = checks + 1
if getmetatable(w2) ~= "fixcol.world" or pcall(setmetatable, w2, {}) then fail("world metatable not protected") end

print(("robustness: %d checks, %d failures (%s)"):format(checks, failures, _VERSION))
os.exit(failures == 0 and 0 or 1)
