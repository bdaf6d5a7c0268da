-- SPDX-License-Identifier: MIT
-- The refined casts and the mover through the Lua binding (fixcol/cast.h,
-- fixcol/mover.h): issue 29's point-at-triangle cast (the safe advance stays
-- out where rounding t * delta enters; both decided by fixcol.overlap2), a
-- world cast with the caster's own body excluded (without it: its own body
-- at t = 0, started), the mover's result equal between move2 and
-- move_shape2, its touches filled into a reused table, the body never left
-- overlapping, and every bad argument an error that changes nothing.
-- --break: the exclusion is dropped; the checks must fail.
local fc = require "fixcol"
local brk = arg[1] == "--break"
local U = 65536
local failures, checks = 0, 0
local function check(c, msg)
  checks = checks + 1
  if not c then failures = failures + 1; io.stderr:write("FAIL: " .. msg .. "\n") end
end

-- issue 29's example
local p = fc.circle(-171155, -972030, 0)
local tri = fc.poly2({0, 0, 896122, -90497, 111592, 719165})
local t, nx, ny, started, sx, sy = fc.cast2_ex(p, 430939, 2532477, tri)
check(t == 35076 and started == false, "issue cast: t " .. tostring(t))
check(not fc.overlap2(fc.circle(-171155 + sx, -972030 + sy, 0), tri), "safe advance enters the triangle")
local rx, ry = math.floor(430939 * 35076 / 65536), math.floor(2532477 * 35076 / 65536)
check(fc.overlap2(fc.circle(-171155 + rx, -972030 + ry, 0), tri), "rounded t * delta no longer enters")
local miss, mx, my = fc.cast2_ex(p, -5, -7, tri)
check(miss == false and mx == -5 and my == -7, "miss: safe == delta")

-- world casts with exclusion
local w = assert(fc.world_create())
local floor = assert(w:create_body(fc.aabb2(0, 0, 40 * U, U)))
local hero = assert(w:create_body(fc.circle(5 * U, 3 * U, U)))
local me = fc.circle(5 * U, 3 * U, U)
local exclude = brk and {} or {hero}
local id, ht, hnx, hny, st, s1, s2 = w:cast2_ex(me, 0, -4 * U, nil, exclude)
check(id == floor and st == false and ht > 0 and s2 < 0 and s2 > -U, "excluded cast: floor expected")
check(hny == -U and hnx == 0, "floor normal (0, -1)")
local id2, t2, _, _, st2 = w:cast2_ex(me, 0, -4 * U)
check(id2 == hero and t2 == 0 and st2 == true, "own body at t = 0, started")
local ok = pcall(w.cast2_ex, w, me, 0, 1, nil, {"not an id"})
check(not ok, "a bad exclude entry raises")
local many = {}
for i = 1, fc.MOVER.MAX_EXCLUDE + 1 do many[i] = hero end
check(not pcall(w.cast2_ex, w, me, 0, 1, nil, many), "too many excluded ids raise")

-- the mover: move_shape2 (no change) equals move2 (moves the body)
local def = {skin = 16, max_iterations = 4, snap_distance = 8192}
local out = {}
local ax, ay, aflags, an = w:move_shape2(me, 2 * U, -3 * U,
  {skin = 16, max_iterations = 4, snap_distance = 8192, exclude = {hero}}, out) -- the body itself: excluded
check(an >= 1 and out[1] == floor and out[5] == 0 and out[6] == fc.MOVER.TOUCH_GROUND, "touch list")
local sum = w:checksum()
check(sum == w:checksum(), "move_shape2 changed nothing")
local bx, by, bflags, bn = w:move2(hero, 2 * U, -3 * U, def, out)
check(ax == bx and ay == by and aflags == bflags and an == bn, "move2 differs from move_shape2")
check(bflags % 2 == 1, "grounded flag")
local s = w:get_shape(hero)
check(s.x == 5 * U + bx and s.y == 3 * U + by, "body moved by the result")
local _, n = w:overlap(fc.circle(s.x, s.y, U), nil, {})
check(n == 1, "hero overlaps only itself after the move")   -- itself; not the floor
-- errors: nil, status, message; nothing changed
sum = w:checksum()
local r, status = w:move2(hero, U, 0, {max_iterations = 0})
check(r == nil and status == "argument", "max_iterations 0: " .. tostring(status))
r, status = w:move2(hero, fc.COORD_LIMIT + 1, 0)
check(r == nil and status == "range", "desired out of range")
check(not pcall(w.move2, w, hero, 0.5, 0), "a non-integral raw raises")
check(not pcall(w.move2, w, hero, 0, 0, {skin = "x"}), "a bad def field raises")
local r3, st3 = w:move3(hero, 0, 0, 0)
check(r3 == nil and st3 == "shape_type", "3D call on a 2D world: " .. tostring(st3))
check(w:checksum() == sum, "errors changed the world")
w:destroy()
check(not pcall(w.move2, w, hero, 0, 0), "destroyed world raises")

-- 3D: a sphere falls on a box
local w3 = assert(fc.world_create({dim = 3}))
local ground = assert(w3:create_body(fc.aabb3(-10 * U, -U, -10 * U, 10 * U, 0, 10 * U)))
local ball = assert(w3:create_body(fc.sphere(0, 2 * U, 0, U)))
local gx, gy, gz, gflags = w3:move3(ball, 0, -5 * U, 0, nil, out)
check(gx == 0 and gz == 0 and gy > -U - 1 and gy < -U + 8192 and gflags % 2 == 1 and out[1] == ground, "3D landing")
local cid, _, _, _, _, _, _, csy = w3:cast3_ex(fc.sphere(0, 5 * U, 0, U), 0, -10 * U, 0, nil, {ball})
check(cid == ground and csy < 0, "3D exclusion")
w3:destroy()

print(("mover.lua: %d checks, %d failed"):format(checks, failures))
os.exit(failures == 0 and 0 or 1)
