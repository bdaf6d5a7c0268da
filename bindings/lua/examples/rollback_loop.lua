-- SPDX-License-Identifier: MIT
-- docs/rollback.md's rollback loop (tests/example_rollback.c) in Lua: a
-- client saves every frame into the world's history ring and, when a late
-- input arrives, rolls back and re-simulates, using the world's own pair
-- events. Prints exactly what the C loop prints (checksums, events, ids).
local fc = require "fixcol"
local U, Q = 65536, 16384                                  -- 1 unit, 1/4 unit (raw Q16.16)
local N = 24
local late = {}                                            -- frames whose late input is known

local function input(f, i)
  local dx = ((f * 7 + i * 13) % 9 - 4) * Q
  local dy = ((f * 5 + i * 11) % 7 - 3) * Q
  if i % 4 == 0 and late[f] then dx = dx + U end           -- the late input
  return dx, dy
end

local w = assert(fc.world_create())
assert(w:history_begin(16, 65536))                         -- 16 frames, 64 KiB of records
local ids = {}
for i = 0, N - 1 do
  ids[i] = assert(w:create_body(fc.circle((20 + (i * 37) % 60) * U, (20 + (i * 53) % 60) * U, U + (i % 3) * (U / 2))))
end
assert(w:history_save())                                   -- the state before frame 0
local pairs_buf, began, ended = {}, {}, {}

local function frame(f)
  for i = 0, N - 1 do w:translate2(ids[i], input(f, i)) end
  if f == 10 then
    w:destroy_body(ids[3])
    ids[3] = assert(w:create_body(fc.circle(50 * U, 50 * U, 2 * U)))
    local index, gen = fc.id_parts(ids[3])
    print(("frame %2d: created index %d generation %d"):format(f, index, gen))
  end
  local _, np = assert(w:find_pairs(pairs_buf))
  local _, nb, _, ne = assert(w:pair_events(began, ended))
  assert(w:history_save())
  print(("frame %2d: %d pairs, %d began, %d ended, checksum %s"):format(f, np, nb, ne, w:checksum()))
end

for f = 0, 23 do
  frame(f)
  local l = (f == 12 and 9) or (f == 20 and 18) or nil
  if l then
    late[l] = true
    local k = f - (l - 1)                                  -- back to the save after frame l - 1
    assert(w:history_rollback(k))
    ids[3] = fc.id(3, l == 9 and 1 or 2)                   -- the game's own state rolls back too
    print(("rollback %d: checksum %s"):format(k, w:checksum()))
    for g = l, f do frame(g) end
  end
end
w:destroy()
