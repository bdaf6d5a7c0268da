-- SPDX-License-Identifier: MIT
-- docs/mover.md's platformer and MOBA crowd (tests/example_mover.c) in Lua:
-- the same lines, byte for byte. Values are raw Q16.16 integers.
local fc = require "fixcol"
local U = 65536
local function div(a, b) return math.floor(a / b) end                  -- integer division (Lua 5.1 too)
local function has(flags, bit) return math.floor(flags / bit) % 2 == 1 end

local w = assert(fc.world_create())
assert(w:create_body(fc.aabb2(0, 9 * U, 40 * U, 10 * U)))              -- the floor, top at y = 10
assert(w:create_body(fc.aabb2(13 * U, 10 * U, 16 * U, 10 * U + div(U, 4)))) -- a step 0.25 high
assert(w:create_body(fc.aabb2(19 * U, 10 * U, 20 * U, 14 * U)))         -- a wall
local hero = assert(w:create_body(fc.aabb2(10 * U, 10 * U + 64, 10 * U + div(U, 2), 11 * U + 64)))
local def = { step_height = div(U * 3, 10), snap_distance = div(U, 8) }      -- other fields: the C defaults
local vy = 0
for frame = 0, 59 do
  if frame == 40 then vy = div(U, 3) end                                   -- jump
  vy = vy - div(U, 64)                                                     -- gravity
  local _, _, flags = assert(w:move2(hero, div(U, 5), vy, def))
  if has(flags, fc.MOVER.GROUNDED) or (has(flags, fc.MOVER.CEILING) and vy > 0) then vy = 0 end
  local s = w:get_shape(hero)
  print(("platformer %2d: x %d y %d flags %d"):format(frame, s.minx, s.miny, flags))
end
w:destroy()

w = assert(fc.world_create())
assert(w:create_body(fc.aabb2(30 * U, 30 * U, 31 * U, 34 * U)))         -- two pillars in the middle
assert(w:create_body(fc.aabb2(33 * U, 30 * U, 34 * U, 34 * U)))
local heroes, tx, ty = {}, {}, {}
for i = 0, 11 do                                                        -- a ring; each walks to the far side
  local x, y = 32 * U + (i % 4 - 2) * 5 * U, 32 * U + (div(i, 4) - 1) * 9 * U
  heroes[i] = assert(w:create_body(fc.circle(x, y, div(U, 2))))
  tx[i], ty[i] = 64 * U - x, 64 * U - y
end
local function clamp(v) return math.max(-div(U, 4), math.min(div(U, 4), v)) end -- speed 0.25 per axis
for frame = 0, 39 do
  for i = 0, 11 do                                                      -- canonical order: by id
    local s = w:get_shape(heroes[i])
    assert(w:move2(heroes[i], clamp(tx[i] - s.x), clamp(ty[i] - s.y)))
  end
  print(("moba %2d: checksum %s"):format(frame, w:checksum()))
end
w:destroy()
