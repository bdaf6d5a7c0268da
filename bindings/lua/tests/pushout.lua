-- SPDX-License-Identifier: MIT
-- pushout.lua - fixcol.pushout2 / pushout3 through the Lua API: the returned
-- raw translation separates B from A (fixcol.overlap2/3 false afterwards)
-- for a grid of circle/box/polygon and sphere/box pairs, is (0, 0) for
-- apart shapes, is the documented step for a known case, and bad shapes
-- give nil, status name, message.
--   lua pushout.lua [--break]
-- --break (should-fail twin): B is moved by one raw unit less than the
-- returned translation along x; the known-case check must then fail.
local fc = require "fixcol"
local BREAK = (...) == "--break"
local U = 65536
local checks, failures = 0, 0
local function check(ok, what)
  checks = checks + 1
  if not ok then
    failures = failures + 1
    io.stderr:write("FAIL: " .. what .. "\n")
  end
end

local function moved2(s, dx, dy)
  local t = {}
  for k, v in pairs(s) do t[k] = v end
  if s.type == "circle" or s.type == "obb" then t.x, t.y = s.x + dx, s.y + dy
  elseif s.type == "aabb" then t.minx, t.maxx, t.miny, t.maxy = s.minx + dx, s.maxx + dx, s.miny + dy, s.maxy + dy
  elseif s.type == "poly" then for i = 1, #s, 2 do t[i], t[i + 1] = s[i] + dx, s[i + 1] + dy end end
  return t
end

local function moved3(s, dx, dy, dz)
  local t = {}
  for k, v in pairs(s) do t[k] = v end
  if s.type == "sphere" or s.type == "obb" then t.x, t.y, t.z = s.x + dx, s.y + dy, s.z + dz
  elseif s.type == "capsule" then
    t.ax, t.ay, t.az, t.bx, t.by, t.bz = s.ax + dx, s.ay + dy, s.az + dz, s.bx + dx, s.by + dy, s.bz + dz
  else
    t.minx, t.maxx, t.miny, t.maxy = s.minx + dx, s.maxx + dx, s.miny + dy, s.maxy + dy
    t.minz, t.maxz = s.minz + dz, s.maxz + dz
  end
  return t
end

-- Known case: unit circles 1 unit apart: depth 1 unit, step 4 + 65536/8192 raw.
local a, b = fc.circle(0, 0, U), fc.circle(U, 0, U)
local dx, dy = fc.pushout2(a, b)
if BREAK then dx = dx - 1 end
check(dx == U + 12 and dy == 0, ("circle push-out %s %s"):format(tostring(dx), tostring(dy)))
check(not fc.overlap2(a, moved2(b, dx, dy)), "circles apart after the push-out")
dx, dy = fc.pushout2(a, fc.circle(3 * U, 0, U))
check(dx == 0 and dy == 0, "apart: zero translation")

-- A grid of 2D pairs: every returned translation separates.
local shapes2 = {
  function(x, y) return fc.circle(x, y, U + 12345) end,
  function(x, y) return fc.aabb2(x - U, y - 2 * U, x + U, y + U) end,
  function(x, y) return fc.obb2(x, y, U, math.floor(U / 2), 5000) end,
  function(x, y) return fc.poly2({ x, y, x + 2 * U, y, x + U, y + 2 * U }) end,
}
local n2 = 0
for i, fa in ipairs(shapes2) do
  for j, fb in ipairs(shapes2) do
    for k = 0, 24 do
      local sa, sb = fa(0, 0), fb((k % 5 - 2) * 40000, (math.floor(k / 5) - 2) * 40000)
      local px, py = fc.pushout2(sa, sb)
      check(type(px) == "number" and not fc.overlap2(sa, moved2(sb, px, py)), ("2D pair %d/%d #%d separates"):format(i, j, k))
      check((px == 0 and py == 0) == not fc.overlap2(sa, sb), ("2D pair %d/%d #%d zero iff apart"):format(i, j, k))
      n2 = n2 + 1
    end
  end
end

-- 3D: spheres, AABBs, an OBB.
local shapes3 = {
  function(x, y, z) return assert(fc.sphere(x, y, z, U + 777)) end,
  function(x, y, z) return assert(fc.aabb3(x - U, y - U, z - U, x + U, y + 2 * U, z + U)) end,
  function(x, y, z) return assert(fc.obb3_euler(x, y, z, U, U, math.floor(U / 2), 3000, 7000, 11000)) end,
  function(x, y, z) return assert(fc.capsule3(x - U, y - 3000, z + 500, x + U, y + U, z - 700, math.floor(U / 2))) end,
}
local n3 = 0
for i, fa in ipairs(shapes3) do
  for j, fb in ipairs(shapes3) do
    for k = 0, 26 do
      local sa = fa(0, 0, 0)
      local sb = fb((k % 3 - 1) * 50000, (math.floor(k / 3) % 3 - 1) * 50000, (math.floor(k / 9) - 1) * 50000)
      local px, py, pz = fc.pushout3(sa, sb)
      check(type(px) == "number" and not fc.overlap3(sa, moved3(sb, px, py, pz)), ("3D pair %d/%d #%d separates"):format(i, j, k))
      n3 = n3 + 1
    end
  end
end

-- Capsule3 touching at exactly 1 raw: segment (0,0,0)-(10U,0,0) radius U
-- against a sphere of radius U at y = 2U touches (overlap, depth 0);
-- at y = 2U + 1 it is apart (the --break twin feeds 2U + 1 to the first).
do
  local cap = assert(fc.capsule3(0, 0, 0, 10 * U, 0, 0, U))
  local y = BREAK and 2 * U + 1 or 2 * U
  local hit, nx, ny, nz, depth = fc.contact3(cap, assert(fc.sphere(5 * U, y, 0, U)))
  check(hit == true and nx == 0 and ny == U and nz == 0 and depth == 0, "capsule3 touches a sphere at 2U")
  check(not fc.overlap3(cap, assert(fc.sphere(5 * U, 2 * U + 1, 0, U))), "capsule3 misses a sphere at 2U + 1 raw")
  check(fc.overlap3(assert(fc.sphere(5 * U, 2 * U, 0, U)), cap), "reversed capsule3 pair touches")
  local c2 = fc.capsule3(0, 0, 0, 8192 * U + 1, 0, 0, U)
  local r1, st = fc.capsule3(0, 0, 0, 8192 * U + 1, 0, 0, U)
  check(r1 == nil and st == "range", "capsule3 endpoint past the limit: " .. tostring(st))
  r1, st = fc.capsule3(0, 0, 0, 0, 0, 0, -1)
  check(r1 == nil and st == "size", "capsule3 negative radius: " .. tostring(st))
  check(c2 == nil and not pcall(fc.capsule3, 0, 0, 0, 0, 0, 0.5), "capsule3 takes raw integers only")
end

-- Data errors: nil, status name, message; the range limit.
local r1, st, msg = fc.pushout2(fc.circle(0, 0, -1), b)
check(r1 == nil and st == "size" and type(msg) == "string", "invalid circle: " .. tostring(st))
local lim = 8192 * U
r1, st = fc.pushout2(fc.circle(lim - U, 0, U), fc.circle(lim, 0, U))
check(r1 == nil and st == "range", "pushed past the range limit: " .. tostring(st))
r1, st = fc.pushout3(assert(fc.sphere(0, 0, 0, U)), { type = "sphere", x = 0, y = 0, z = 0, r = -5 })
check(r1 == nil and st == "size", "invalid sphere: " .. tostring(st))
check(not pcall(fc.pushout2, a, nil) and not pcall(fc.pushout3, nil, nil) and not pcall(fc.pushout2, a, { type = "circle", x = 0.5, y = 0, r = 1 }),
  "wrong arguments raise errors")

print(("pushout.lua: %d 2D and %d 3D pairs, %d checks, %d failed"):format(n2, n3, checks, failures))
os.exit(failures == 0 and 0 or 1)
