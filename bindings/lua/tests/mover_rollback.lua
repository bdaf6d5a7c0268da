-- SPDX-License-Identifier: MIT
-- mover_rollback.lua - the mover under rollback through the Lua API (the
-- binding's side of tests/test_mover_rollback.c): a 2D world of walls,
-- mixed bodies and a moving platform with a circle, a capsule and a box
-- mover (one top-down, two platformers with gravity, step-up and snap), a
-- 3D world with two sphere movers; FRAMES frames of w:move2 / w:move3
-- with inputs that are a function of (frame, mover), every output kept
-- (moved, flags, touch count, every touch: id, t, normal, iteration,
-- kind) with the checksum after the frame; frame 15 destroys a body and
-- creates one. Then on the same world: history_rollback to before frame
-- BACK and the same frames again (identical records), restore of the
-- snapshot taken before BACK and again (identical), and a late input for
-- frame LATE: rollback, re-simulate knowing it - frame LATE differs from
-- the first run, every frame from LATE on equals a fresh world's run.
--   lua mover_rollback.lua [--break]
-- --break (should-fail twin): the re-simulations change one frame's inputs
-- by 1 raw without saying so; the checks must fail.
local fc = require "fixcol"
local BREAK = (...) == "--break"
local U = 65536
local FRAMES, BACK, LATE, RECREATE = 30, 10, 20, 15
local checks, failures = 0, 0
local function check(ok, what)
  checks = checks + 1
  if not ok then
    failures = failures + 1
    if failures <= 20 then io.stderr:write("FAIL: " .. what .. "\n") end
  end
end

-- the input of mover i in frame f along axis: integers only (exact in
-- every Lua's numbers: the products stay below 2^53)
local function input(s, f, i, axis)
  local h = ((f * 7919 + i * 104729 + axis * 1299709 + s.dim * 15485863) * 48271) % 2147483647
  h = (h * 48271) % 2147483647
  local d = h % (3 * U) - math.floor(3 * math.floor(U / 2))
  if i % 2 == 1 and axis == 1 and s.dim == 2 then d = math.floor(d / 4) - math.floor(U / 2) end -- gravity
  if s.late and f == LATE and i == 1 and axis == 0 then d = d + 2 * U end
  if BREAK and s.resim and f == BACK + 2 then d = d + 1 end
  return d
end

local function def_of(i)
  if i % 2 == 1 then return {step_height = math.floor(U / 3), snap_distance = math.floor(U / 4), max_iterations = 6} end
  return {}
end

local function lcg(seed)
  local x = seed
  return function(lo, hi)
    x = (x * 16807) % 2147483647
    return lo + x % (hi - lo + 1)
  end
end

local function build(dim)
  local s = {dim = dim, movers = {}}
  if dim == 2 then
    local w = assert(fc.world_create({bounds_x = -32 * U, bounds_y = -32 * U, bounds_log2 = 6, max_depth = 4}))
    s.w = w
    assert(w:create_body(fc.aabb2(-13 * U, -13 * U, 13 * U, -12 * U)))
    assert(w:create_body(fc.aabb2(-13 * U, 12 * U, 13 * U, 13 * U)))
    assert(w:create_body(fc.aabb2(-13 * U, -12 * U, -12 * U, 12 * U)))
    assert(w:create_body(fc.aabb2(12 * U, -12 * U, 13 * U, 12 * U)))
    local r = lcg(2029)
    for i = 0, 29 do
      local x, y, h = r(-10 * U, 10 * U), r(-11 * U, 10 * U), r(math.floor(U / 4), U)
      local k, shape = i % 4
      if k == 0 then shape = {type = "circle", x = x, y = y, r = h}
      elseif k == 1 then shape = {type = "aabb", minx = x - h, miny = y - math.floor(h / 3), maxx = x + h, maxy = y + math.floor(h / 3)}
      elseif k == 2 then shape = {type = "capsule", ax = x - h, ay = y, bx = x + h, by = y + math.floor(h / 2), r = math.floor(h / 3)}
      else shape = {type = "poly", x - h, y - h, x + h, y - math.floor(h / 2), x, y + h} end
      local id = assert(w:create_body(shape))
      if i == 17 then s.doomed = id end
    end
    s.platform = assert(w:create_body(fc.aabb2(-3 * U, -8 * U, U, -7 * U - math.floor(U / 2))))
    for i = 0, 2 do
      local x, y = -9 * U + i * 7 * U, (i % 2 == 1) and 6 * U or 2 * U
      local m
      if i == 0 then m = {type = "circle", x = x, y = y, r = math.floor(U / 2)}
      elseif i == 1 then m = {type = "capsule", ax = x, ay = y - math.floor(2 * math.floor(U / 5)), bx = x, by = y + math.floor(2 * math.floor(U / 5)), r = math.floor(U / 3)}
      else m = {type = "aabb", minx = x - math.floor(2 * math.floor(U / 5)), miny = y - math.floor(U / 2), maxx = x + math.floor(2 * math.floor(U / 5)), maxy = y + math.floor(U / 2)} end
      s.movers[i + 1] = assert(w:create_body(m))
    end
  else
    local w = assert(fc.world_create({dim = 3, bounds_x = -32 * U, bounds_y = -32 * U, bounds_log2 = 6, max_depth = 4}))
    s.w = w
    local function box(x0, y0, z0, x1, y1, z1)
      return {type = "aabb", minx = x0, miny = y0, minz = z0, maxx = x1, maxy = y1, maxz = z1}
    end
    assert(w:create_body(box(-13 * U, -2 * U, -13 * U, 13 * U, -U, 13 * U)))
    assert(w:create_body(box(-13 * U, -U, -13 * U, -12 * U, 4 * U, 13 * U)))
    assert(w:create_body(box(12 * U, -U, -13 * U, 13 * U, 4 * U, 13 * U)))
    local r = lcg(3037)
    for i = 0, 23 do
      local x, y, z, h = r(-10 * U, 10 * U), r(-U, 2 * U), r(-10 * U, 10 * U), r(math.floor(U / 4), U)
      local id
      if i % 2 == 0 then id = assert(w:create_body({type = "sphere", x = x, y = y, z = z, r = h}))
      else id = assert(w:create_body(box(x - h, y - math.floor(h / 3), z - h, x + h, y + math.floor(h / 3), z + h))) end
      if i == 17 then s.doomed = id end
    end
    s.platform = assert(w:create_body(box(-3 * U, -math.floor(U / 2), -2 * U, U, 0, 2 * U)))
    for i = 0, 1 do
      s.movers[i + 1] = assert(w:create_body({type = "sphere", x = -6 * U + i * 8 * U, y = 3 * U, z = (i - 1) * 4 * U, r = math.floor(U / 2)}))
    end
  end
  assert(s.w:history_begin(64, 4194304))
  assert(s.w:history_save())
  return s
end

local out = {}
-- one frame: the platform, the re-creation, every mover in order, the
-- checksum; the history save. Returns the frame's record (a string).
local function frame(s, f)
  local w, rec = s.w, {}
  local px = (f % 8 < 4) and math.floor(U / 4) or -math.floor(U / 4)
  if s.dim == 2 then assert(w:translate2(s.platform, px, 0)) else assert(w:translate3(s.platform, px, 0, 0)) end
  if f == RECREATE then
    assert(w:destroy_body(s.doomed))
    local id
    if s.dim == 2 then id = assert(w:create_body(fc.aabb2(-U, -3 * U, U, -2 * U)))
    else id = assert(w:create_body({type = "aabb", minx = -U, miny = 0, minz = -U, maxx = U, maxy = math.floor(U / 2), maxz = U})) end
    rec[#rec + 1] = fc.id_str(id)
  end
  for i = 0, #s.movers - 1 do
    local def = def_of(s.dim == 2 and i or i + 1)
    local per = s.dim == 2 and 6 or 7
    local r
    if s.dim == 2 then
      r = {w:move2(s.movers[i + 1], input(s, f, i, 0), input(s, f, i, 1), def, out)}
    else
      r = {w:move3(s.movers[i + 1], input(s, f, i, 0), i == 0 and input(s, f, i, 1) or 0, input(s, f, i, 2), def, out)}
    end
    check(r[1] ~= nil, "move in frame " .. f .. ": " .. tostring(r[2]))
    local n = r[#r]
    s.touches = (s.touches or 0) + n
    for k = 1, #r do rec[#rec + 1] = tostring(r[k]) end
    for k = 1, n * per do
      local v = out[k]
      rec[#rec + 1] = (k % per == 1) and fc.id_str(v) or tostring(v)
    end
  end
  rec[#rec + 1] = w:checksum()
  assert(w:history_save())
  return table.concat(rec, " ")
end

local function run(dim)
  local s = build(dim)
  local base, before, snap = {}, {}, nil
  for f = 0, FRAMES - 1 do
    if f == BACK then snap = s.w:snapshot() end
    before[f] = s.w:checksum()
    base[f] = frame(s, f)
  end
  check((s.touches or 0) >= (dim == 2 and 25 or 8), dim .. "D: the movers touched only " .. tostring(s.touches) .. " bodies")
  local function resim(what)
    s.resim = true
    for f = BACK, FRAMES - 1 do
      check(frame(s, f) == base[f], dim .. "D " .. what .. ": frame " .. f .. " differs")
    end
    s.resim = false
  end
  -- 1. the history ring
  assert(s.w:history_rollback(FRAMES - BACK))
  check(s.w:checksum() == before[BACK], dim .. "D: checksum after the rollback")
  resim("history rollback")
  -- 2. the snapshot
  assert(s.w:restore(snap))
  assert(s.w:history_save())
  check(s.w:checksum() == before[BACK], dim .. "D: checksum after the restore")
  resim("snapshot restore")
  -- 3. the late input of frame LATE, against a fresh run that knew it
  assert(s.w:history_rollback(FRAMES - LATE))
  s.late = true
  local again = {}
  for f = LATE, FRAMES - 1 do again[f] = frame(s, f) end
  local t = build(dim)
  t.late = true
  for f = 0, FRAMES - 1 do
    local r = frame(t, f)
    if f < LATE then check(r == base[f], dim .. "D: fresh frame " .. f .. " before the late input differs")
    else check(r == again[f], dim .. "D late input: frame " .. f .. " differs from the fresh run") end
  end
  check(again[LATE] ~= base[LATE], dim .. "D: the late input changed nothing")
  s.w:destroy()
  t.w:destroy()
  print(string.format("%dD: %d frames, %d movers, %d touches in all runs", dim, FRAMES, #s.movers, s.touches))
end

run(2)
run(3)
print(string.format("mover_rollback.lua: %d checks, %d failed", checks, failures))
os.exit(failures == 0 and 0 or 1)
