-- SPDX-License-Identifier: MIT
-- frame.lua - w:frame (a frame's commands in one call, fixcol/frame.h)
-- against the per-call methods: two worlds built alike, random command
-- streams of every opcode (stale ids, out-of-range moves, invalid shapes,
-- small caps); each command run by its per-call method on world A gives
-- the words that w:frame writes for it on world B (status, counts, ids,
-- shapes, hits, pairs, events, pushes, checksum), and the checksums agree
-- after every stream. Then bad arguments and malformed buffers (an error,
-- world and out unchanged), metatables on cmd / out (never consulted), a
-- destroyed world.
--   lua frame.lua [--break]
-- --break (should-fail twin): the expected MOVE_POLAR2 delta is rounded
-- toward zero instead of down.
local fc = require "fixcol"
local BREAK = (...) == "--break"
local OP, SW, STATUS = fc.frame_ops, fc.FRAME_SHAPE_WORDS, fc.status
local U = 65536
local floor = math.floor
local unpack = table.unpack or unpack
local function idiv(a, b) return floor(a / b) end
local function band(a, b) -- a & b for 0 <= a, b < 2^32 (Lua 5.1 has no operator)
  local r, bit = 0, 1
  while a > 0 and b > 0 do
    if a % 2 == 1 and b % 2 == 1 then r = r + bit end
    a, b, bit = floor(a / 2), floor(b / 2), bit * 2
  end
  return r
end
local failures, checks = 0, 0
local function check(ok, fmt, ...)
  checks = checks + 1
  if not ok then
    failures = failures + 1
    if failures <= 20 then io.stderr:write("frame.lua: ", fmt:format(...), "\n") end
  end
end

local seed = 12345
local function rnd(lo, hi) -- Park-Miller, exact in doubles
  seed = seed * 16807 % 2147483647
  return lo + seed % (hi - lo + 1)
end

local function shape(x, y)
  local h, h2 = rnd(idiv(U, 4), 4 * U), rnd(idiv(U, 4), 2 * U)
  local t = rnd(1, 5)
  if t == 1 then return { type = "circle", x = x, y = y, r = h } end
  if t == 2 then return { type = "aabb", minx = x - h, miny = y - h2, maxx = x + h, maxy = y + h2 } end
  if t == 3 then return { type = "obb", x = x, y = y, hx = h, hy = h2, angle = rnd(0, 65535) } end
  if t == 4 then return { type = "capsule", ax = x - h, ay = y - h2, bx = x + h2, by = y + h, r = idiv(h2, 2) } end
  return { type = "poly", x - h, y - h2, x + h, y - h2, x + h, y + h2, x - h, y + h2 }
end

-- The shape record words of a shape table.
local TYPES = { circle = 1, aabb = 2, obb = 3, capsule = 4, poly = 5 }
local function record(s)
  local t = TYPES[s.type]
  if t == 1 then return { 1, s.x, s.y, s.r } end
  if t == 2 then return { 2, s.minx, s.miny, s.maxx, s.maxy } end
  if t == 3 then return { 3, s.x, s.y, s.hx, s.hy, s.angle } end
  if t == 4 then return { 4, s.ax, s.ay, s.bx, s.by, s.r } end
  local r = { 5, idiv(#s, 2) }
  for i = 1, #s do r[#r + 1] = s[i] end
  return r
end

local function make_world()
  local w = assert(fc.world_create { bounds_log2 = 7 })
  local ids = {}
  local s0 = seed
  for i = 1, 40 do
    ids[i] = assert(w:create_body(shape(rnd(0, 100 * U), rnd(0, 100 * U)),
      { category = i % 6 == 0 and 2 or 1, mask = 0xFFFFFFFF }))
  end
  assert(w:destroy_body(ids[40])) -- a stale id among them
  return w, ids, s0
end

local function idw(id) local a, b, c = fc.id_parts(id); return a, b, c end
local function st(ok, name) return ok and 0 or STATUS[name] end
local function put(t, ...) for i = 1, select("#", ...) do t[#t + 1] = select(i, ...) end end
local function mulfloor(a, b)
  local p = a * b
  if BREAK then return p < 0 and -floor(-p / 65536) or floor(p / 65536) end
  return floor(p / 65536)
end

-- One random command: appends its words to cmd and returns a function that,
-- run on world A, gives the expected written words as {offset = word}.
local function gen(w, ids, cmd, have_pairs)
  local op = rnd(1, 14)
  if op == 13 and not have_pairs() then op = 11 end
  local id = ids[rnd(1, #ids)]
  local I, G, T = idw(id)
  local cap = rnd(0, 7) == 0 and rnd(0, 2) or rnd(0, 60)
  local filter = { category = rnd(0, 3), mask = 0xFFFFFFFF }
  if op == 1 then
    local dx, dy = rnd(-3 * U, 3 * U), rnd(-3 * U, 3 * U)
    if rnd(0, 20) == 0 then dx = 20000 * U end
    put(cmd, 1, I, G, T, dx, dy)
    return function() return { st(w:translate2(id, dx, dy)) } end
  elseif op == 2 then
    local a, dist = rnd(0, 65535), rnd(-5 * U, 5 * U)
    put(cmd, 2, I, G, T, a, dist)
    return function()
      local s, c = fc.sincos(a)
      local dx, dy = mulfloor(dist, c), mulfloor(dist, s)
      return { st(w:translate2(id, dx, dy)), dx, dy }
    end
  elseif op == 3 then
    local a = rnd(0, 65535)
    put(cmd, 3, I, G, T, a)
    return function() return { st(w:set_angle2(id, a)) } end
  elseif op == 4 then
    local s = shape(rnd(-10 * U, 110 * U), rnd(0, 100 * U))
    if rnd(0, 15) == 0 then s.type, s.r, s.x, s.y = "circle", 0, 0, 0 end -- invalid: radius 0
    put(cmd, 4, I, G, T); put(cmd, unpack(record(s)))
    return function() return { st(w:set_shape(id, s)) } end
  elseif op == 5 then
    put(cmd, 5, I, G, T)
    return function()
      local s, name = w:get_shape(id)
      if not s then return { STATUS[name] } end
      local r = { 0 }
      for _, v in ipairs(record(s)) do r[#r + 1] = v end
      return r
    end
  elseif op == 6 or op == 7 or op == 8 then
    local x, y = rnd(-4 * U, 104 * U), rnd(-4 * U, 104 * U)
    local call
    if op == 6 then
      local r, dir, half = rnd(-U, 40 * U), rnd(0, 65535), rnd(0, 40000)
      put(cmd, 6, x, y, r, dir, half, filter.category, -1, cap)
      call = function(q) return w:overlap_sector2(fc.sector2(x, y, r, dir, half), filter, q) end
    elseif op == 7 then
      local inner, outer = rnd(-U, 20 * U), rnd(0, 40 * U)
      put(cmd, 7, x, y, inner, outer, filter.category, -1, cap)
      call = function(q) return w:overlap_ring2(fc.ring2(x, y, inner, outer), filter, q) end
    else
      local s = shape(x, y)
      put(cmd, 8, filter.category, -1, cap); put(cmd, unpack(record(s)))
      call = function(q) return w:overlap(s, filter, q) end
    end
    return function()
      local q, n = call({})
      if not q then return { STATUS[n] } end
      if n > cap then return { STATUS.buffer, n } end
      local r = { 0, n }
      for i = 1, n do put(r, idw(q[i])) end
      return r
    end
  elseif op == 9 then
    local ox, oy, dx, dy = rnd(-4 * U, 104 * U), rnd(-4 * U, 104 * U), rnd(-60 * U, 60 * U), rnd(-60 * U, 60 * U)
    if rnd(0, 15) == 0 then dx, dy = 0, 0 end
    put(cmd, 9, ox, oy, dx, dy, filter.category, -1)
    return function()
      local hid, t = w:raycast2(ox, oy, dx, dy, filter)
      if hid == nil then return { STATUS[t] } end
      if hid == false then return { 0, 0 } end
      local r = { 0, 1 }
      put(r, idw(hid)); put(r, t)
      return r
    end
  elseif op == 10 then
    local dx, dy = rnd(-30 * U, 30 * U), rnd(-30 * U, 30 * U)
    local s = shape(rnd(0, 100 * U), rnd(0, 100 * U))
    put(cmd, 10, dx, dy, filter.category, -1); put(cmd, unpack(record(s)))
    return function()
      local hid, t, nx, ny = w:cast2(s, dx, dy, filter)
      if hid == nil then return { STATUS[t] } end
      if hid == false then return { 0, 0 } end
      local r = { 0, 1 }
      put(r, idw(hid)); put(r, t, nx, ny)
      return r
    end
  elseif op == 11 then
    put(cmd, 11, cap)
    return function()
      local p, n = w:find_pairs({})
      if n > cap then return { STATUS.buffer, n } end
      local r = { 0, n }
      for i = 1, 2 * n do put(r, idw(p[i])) end
      return r, p, n
    end, true
  elseif op == 12 then
    local ecap = rnd(0, 60)
    put(cmd, 12, cap, ecap)
    return function()
      local b, nb, e, ne = w:pair_events({}, {})
      if nb > cap or ne > ecap then return { STATUS.buffer, nb, ne } end
      local r = { 0, nb, ne }
      for i = 1, 2 * nb do put(r, idw(b[i])) end
      for i = #r + 1, 3 + 6 * cap do r[i] = false end -- not written
      for i = 1, 2 * ne do put(r, idw(e[i])) end
      return r
    end
  elseif op == 13 then
    local mask = rnd(0, 7) == 0 and 3 or 2
    put(cmd, 13, mask, cap)
    return function(last_pairs)
      local p, np = last_pairs.p, last_pairs.n
      if not p then return { last_pairs.status, 0 } end
      local units, walls = {}, {}
      for i = 1, 2 * np, 2 do
        local fa, fb = w:get_filter(p[i]), w:get_filter(p[i + 1])
        if fa and fb then
          local wa, wb = band(fa, mask) ~= 0, band(fb, mask) ~= 0
          if wa ~= wb then
            walls[#walls + 1] = wa and p[i] or p[i + 1]
            units[#units + 1] = wa and p[i + 1] or p[i]
          end
        end
      end
      if #units > cap then return { STATUS.buffer, #units } end
      local r = { 0, #units }
      for k = 1, #units do
        local ws, name = w:get_shape(walls[k])
        local us, dx, dy, s = nil, 0, 0, 0
        if ws then us, name = w:get_shape(units[k]) end
        if not ws or not us then s = STATUS[name]
        else
          dx, dy = fc.pushout2(ws, us)
          if not dx then s, dx, dy = STATUS[dy], 0, 0
          elseif dx ~= 0 or dy ~= 0 then
            local ok, n2 = w:translate2(units[k], dx, dy)
            if not ok then s, dx, dy = STATUS[n2], 0, 0 end
          end
        end
        put(r, idw(units[k])); put(r, dx, dy, s)
      end
      return r
    end
  end
  put(cmd, 14)
  return function()
    local lo, hi = w:checksum_parts()
    local function s32(v) return v >= 2147483648 and v - 4294967296 or v end
    return { 0, s32(lo), s32(hi) }
  end
end

local function to_signed(v) return v >= 2147483648 and v - 4294967296 or v end

-- ---------------------------------------------------------------- random streams
local covered = {}
for round = 1, 40 do
  local wa, ida, s0 = make_world()
  seed = s0
  local wb, idb = make_world()
  seed = s0
  local wc = make_world() -- runs the same words from a fixcol.frame_buffer
  for frame = 1, 4 do
    local cmd, expects, last = {}, {}, nil
    local pairs_seen = false
    for _ = 1, rnd(1, 40) do
      local n0 = #cmd
      local f, is_pairs = gen(wa, ida, cmd, function() return pairs_seen end)
      if is_pairs then pairs_seen = true end
      expects[#expects + 1] = { f = f, op = cmd[n0 + 1], pairs = is_pairs }
    end
    local out = {}
    local words = wb:frame(cmd, #cmd, out)
    local buf = fc.frame_buffer(#cmd, words > 0 and words or 1)
    for i = 1, #cmd do buf:set(i, cmd[i]) end
    check(wc:frame(buf, #cmd) == words, "round %d frame %d: buffer result words", round, frame)
    for k = 1, words do
      if out[k] ~= nil then
        check(buf:out(k) == out[k], "round %d frame %d: buffer word %d %s, table %s", round, frame, k, tostring(buf:out(k)), tostring(out[k]))
      end
    end
    -- the expected words, slot by slot (slot sizes from the layout)
    local o, last_pairs = 0, { status = nil }
    local at = 1
    for k = 1, #expects do
      local e = expects[k]
      local want, p, np = e.f(last_pairs)
      if e.pairs then last_pairs = want[1] == 0 and { p = p, n = np } or { status = want[1] } end
      covered[e.op] = (covered[e.op] or 0) + ((want[1] == 0) and 1 or 0)
      for i, v in ipairs(want) do
        if v ~= false then
          check(out[o + i] == to_signed(v), "round %d frame %d command %d (op %d) word %d: got %s, per-call %s",
            round, frame, k, e.op, i, tostring(out[o + i]), tostring(v))
        end
      end
      -- slot size
      local c = cmd
      local op = c[at]
      local slot, len
      local function shape_len(j) local t = c[j]; return t == 1 and 4 or t == 2 and 5 or t == 5 and 2 + 2 * c[j + 1] or 6 end
      if op == 1 or op == 2 then slot, len = op == 1 and 1 or 3, 6
      elseif op == 3 then slot, len = 1, 5
      elseif op == 4 then slot, len = 1, 4 + shape_len(at + 4)
      elseif op == 5 then slot, len = 1 + SW, 4
      elseif op == 6 then slot, len = 2 + 3 * c[at + 8], 9
      elseif op == 7 then slot, len = 2 + 3 * c[at + 7], 8
      elseif op == 8 then slot, len = 2 + 3 * c[at + 3], 4 + shape_len(at + 4)
      elseif op == 9 then slot, len = 6, 7
      elseif op == 10 then slot, len = 8, 5 + shape_len(at + 5)
      elseif op == 11 then slot, len = 2 + 6 * c[at + 1], 2
      elseif op == 12 then slot, len = 3 + 6 * (c[at + 1] + c[at + 2]), 3
      elseif op == 13 then slot, len = 2 + 6 * c[at + 2], 3
      else slot, len = 3, 1 end
      o, at = o + slot, at + len
    end
    check(words == o, "round %d frame %d: %d result words, layout says %d", round, frame, words, o)
    local la, ha = wa:checksum_parts()
    local lb, hb = wb:checksum_parts()
    local lc, hc = wc:checksum_parts()
    check(la == lb and ha == hb and lc == la and hc == ha, "round %d frame %d: checksums differ", round, frame)
  end
  wa:destroy(); wb:destroy(); wc:destroy()
end
for op = 1, 14 do check((covered[op] or 0) > 0, "opcode %d never succeeded in the streams", op) end

-- ---------------------------------------------------------------- bad arguments
local w, ids = make_world()
local I, G, T = idw(ids[1])
local function refused(what, ...)
  local lo, hi = w:checksum_parts()
  local out = { 77 }
  local a1, a2, a3 = ...
  if a3 == "OUT" then a3 = out end
  local ok, err = pcall(w.frame, w, a1, a2, a3)
  check(not ok, "%s: accepted", what)
  check(type(err) == "string" and err:find("frame") ~= nil or not ok, "%s: message %s", what, tostring(err))
  local lo2, hi2 = w:checksum_parts()
  check(lo == lo2 and hi == hi2 and out[1] == 77 and out[2] == nil, "%s: something changed", what)
  return err
end
local good = { 1, I, G, T, U, 0, 14 }
refused("cmd nil", nil, 7, "OUT")
refused("cmd a string", "abc", 7, "OUT")
refused("n a string", good, "7", "OUT")
refused("n negative", good, -1, "OUT")
refused("n fractional", good, 2.5, "OUT")
refused("n NaN", good, 0 / 0, "OUT")
refused("n over the words", good, 8, "OUT")
refused("n 2^53", good, 2 ^ 53, "OUT")
refused("out nil", good, 7, nil)
refused("out a number", good, 7, 5)
for _, bad in ipairs { "1", 1.5, 2 ^ 32, -2 ^ 31 - 1, 0 / 0, 1 / 0, true, {} } do
  refused("word " .. tostring(bad), { 1, I, G, T, bad, 0 }, 6, "OUT")
end
local err = refused("unknown opcode", { 14, 99 }, 2, "OUT")
check(tostring(err):find("cmd%[2%]") ~= nil, "the bad command's word named: %s", tostring(err))
refused("opcode 0", { 0 }, 1, "OUT")
refused("cut command", { 1, I, G, T, U }, 5, "OUT")
refused("angle 65536", { 3, I, G, T, 65536 }, 5, "OUT")
refused("cap -1", { 11, -1 }, 2, "OUT")
refused("pushout before pairs", { 13, 2, 10 }, 3, "OUT")
refused("polygon of 9", { 4, I, G, T, 5, 9 }, 6, "OUT")
-- uint32 words as 2^31..2^32-1 are the same bit pattern as negative ones
local o1, o2 = {}, {}
w:frame({ 6, 0, 0, 10 * U, 0, 40000, 1, 0xFFFFFFFF, 10 }, 9, o1)
w:frame({ 6, 0, 0, 10 * U, 0, 40000, 1, -1, 10 }, 9, o2)
check(o1[1] == o2[1] and o1[2] == o2[2], "mask 0xFFFFFFFF == -1")
-- metatables on cmd and out are never consulted (raw gets and sets)
local hooked = 0
local mcmd = setmetatable({}, { __index = function() hooked = hooked + 1; w:destroy(); return 14 end })
local okm = pcall(w.frame, w, mcmd, 1, {})
check(not okm and hooked == 0, "cmd __index consulted (%d) or a missing word accepted", hooked)
local mout = setmetatable({}, { __newindex = function(t, k, v) hooked = hooked + 1; w:destroy(); rawset(t, k, v) end })
local nw = w:frame(good, 7, mout)
check(nw == 4 and hooked == 0 and pcall(w.checksum_parts, w) and mout[1] == 0, "out __newindex consulted")
-- frame buffers: bad arguments change nothing
local buf = fc.frame_buffer(8, 4)
for i = 1, 7 do buf:set(i, good[i]) end
local function bad_buf(what, fn)
  local lo, hi = w:checksum_parts()
  local okb = pcall(fn)
  local lo2, hi2 = w:checksum_parts()
  check(not okb and lo == lo2 and hi == hi2, "%s: accepted or changed the world", what)
end
bad_buf("n over the buffer", function() return w:frame(buf, 9) end)
bad_buf("a world as the buffer", function() return w:frame(w, 7) end)
bad_buf("buf:set index 0", function() buf:set(0, 1) end)
bad_buf("buf:set index 9", function() buf:set(9, 1) end)
bad_buf("buf:set a string", function() buf:set(1, "1") end)
bad_buf("buf:out index 5", function() return buf:out(5) end)
bad_buf("frame_buffer(0, 1)", function() return fc.frame_buffer(0, 1) end)
bad_buf("frame_buffer(1, 2^24 + 1)", function() return fc.frame_buffer(1, 2 ^ 24 + 1) end)
local small = fc.frame_buffer(8, 3)
for i = 1, 7 do small:set(i, good[i]) end
bad_buf("results too short", function() return w:frame(small, 7) end)
buf:set(7, 99)
bad_buf("malformed", function() return w:frame(buf, 7) end)
buf:set(7, 14)
check(w:frame(buf, 7) == 4 and buf:out(1) == 0, "the buffer runs")
local cmd_at, out_at, nc, no = buf:offsets()
check(out_at == cmd_at + 8 and nc == 8 and no == 4, "offsets")
local okffi, ffi = pcall(require, "ffi")
if okffi then -- LuaJIT: the words through FFI; a corrupted header stays inside the userdata
  local p = ffi.cast("int32_t *", buf)
  check(p[cmd_at] == 1 and p[cmd_at + 6] == 14 and p[out_at] == 0, "FFI view of the words")
  p[cmd_at - 2] = 2000000000 -- the header's cmd_words
  local okh = pcall(w.frame, w, buf, 12)
  check(not okh, "a corrupted header let the count pass the userdata")
end
-- a destroyed world
w:destroy()
local okd, errd = pcall(w.frame, w, good, 7, {})
check(not okd and tostring(errd):find("destroyed") ~= nil, "destroyed world: %s", tostring(errd))
-- a 3D world: the 2D commands give their per-call status
local w3 = assert(fc.world_create { dim = 3 })
local id3 = assert(w3:create_body({ type = "sphere", x = 0, y = 0, z = 0, r = U }))
local a3, b3, c3 = idw(id3)
local o3 = {}
w3:frame({ 1, a3, b3, c3, U, 0, 14 }, 7, o3)
local lo3, hi3 = w3:checksum_parts()
check(o3[1] == STATUS.shape_type and o3[3] == to_signed(lo3) and o3[4] == to_signed(hi3), "3D world")

print(("frame.lua: %d checks, %d failed"):format(checks, failures))
os.exit(failures == 0 and 0 or 1)
