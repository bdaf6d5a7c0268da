-- SPDX-License-Identifier: MIT
-- The README's server loop (tests/example_server_loop.c) in Lua: same world,
-- same output, byte for byte. Q16.16 values are raw integers (fc.fix makes them).
local fc = require "fixcol"
local w = assert(fc.world_create())                        -- 2D, 1024 x 1024 units from (0, 0)
local player = assert(w:create_body(fc.circle(fc.fix(12), fc.fix(10), fc.fix(1))))
local wall = assert(w:create_body(fc.obb2(fc.fix(20), fc.fix(10), fc.fix(1), fc.fix(8),
                                          fc.angle_from_deg(fc.fix(30)))))   -- a wall rotated by 30 degrees
local skill = fc.circle(fc.fix(14), fc.fix(10), fc.fix(3)) -- is anyone inside the skill area?
local pairs_buf, hits_buf = {}, {}                         -- reused every frame: no garbage
for frame = 0, 15 do
  if not w:translate2(player, fc.fix("0.5"), 0) then break end  -- rejected moves change nothing
  local _, npairs = w:find_pairs(pairs_buf)                -- exact, sorted by (a, b)
  local _, nhit = w:overlap(skill, nil, hits_buf)
  print(("frame %2d: %d pair(s), %d in skill area, checksum %s"):format(frame, npairs, nhit, w:checksum()))
end
w:destroy()
