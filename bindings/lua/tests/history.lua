-- SPDX-License-Identifier: MIT
-- history.lua - the frame-history ring through the Lua API: random frames
-- (moves, creates, destroys, filter and user-data changes, find_pairs)
-- saved every frame; at random frames a rollback by a random k must give
-- exactly the snapshot bytes and checksum kept at that save (and the
-- events of the next find_pairs those of the original run); rollback past
-- the ring, a negative k and calls without a history are data errors
-- that change nothing; non-integer arguments and destroyed worlds are
-- argument errors; a tiny ring overflows (save "capacity", then restarts).
--   lua history.lua [--break]
-- --break (should-fail twin): the rolled-back world is compared with the
-- save one frame older than the one asked for.
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

local function rng(seed)
  local x = seed
  return function(n)
    x = (x * 16807) % 2147483647
    return x % n
  end
end

local function live(w)
  local ids, n = w:overlap(fc.aabb2(-1000 * U, -1000 * U, 1000 * U, 1000 * U), { category = 0xFFFFFFFF, mask = 0xFFFFFFFF })
  local c = {}
  for i = 1, n do c[i] = ids[i] end
  return c
end

-- frame f's operations: a function of (f, the world's contents)
local function play(w, f)
  local r = rng(1000 + f)
  local ids = live(w)
  for _ = 1, 3 + r(20) do
    local n = #ids
    local op = r(10)
    if n == 0 or op == 0 then
      local id = w:create_body(fc.circle((10 + r(100)) * U, (10 + r(100)) * U, U + r(3 * U)), nil, r(5))
      if id then ids[#ids + 1] = id end
    else
      local id = ids[1 + r(n)]
      if op == 1 then w:destroy_body(id)
      elseif op == 2 then w:set_filter(id, { category = 1 + r(3), mask = 0xFFFFFFFF })
      elseif op == 3 then w:set_user_data(id, r(1000))
      elseif op == 4 then w:set_shape(id, fc.aabb2(r(50) * U, r(50) * U, (51 + r(50)) * U, (51 + r(50)) * U))
      else w:translate2(id, r(4 * U) - 2 * U, r(4 * U) - 2 * U) end
    end
  end
  local _, np = w:find_pairs()
  local b, nb, e, ne = w:pair_events()
  local ev = {}
  for i = 1, nb * 2 do ev[#ev + 1] = fc.id_str(b[i]) end
  ev[#ev + 1] = "|"
  for i = 1, ne * 2 do ev[#ev + 1] = fc.id_str(e[i]) end
  return np .. ":" .. table.concat(ev, ",")
end

-- the reference: a run that never rolls back
local ref_snap, ref_sum, ref_ev = {}, {}, {}
do
  local w = assert(fc.world_create())
  ref_snap[0], ref_sum[0] = w:snapshot(), w:checksum()
  for f = 1, 120 do
    ref_ev[f] = play(w, f)
    ref_snap[f], ref_sum[f] = w:snapshot(), w:checksum()
  end
  w:destroy()
end

-- the run with rollbacks
local w = assert(fc.world_create())
check(w:history_begin(8, 1048576) == true, "history_begin")
local r = rng(4242)
local f, rollbacks = 0, 0
while f < 120 do
  f = f + 1
  local ev = play(w, f)
  check(ev == ref_ev[f], "frame " .. f .. " events (re-simulated or not) = the reference's")
  check(w:snapshot() == ref_snap[f] and w:checksum() == ref_sum[f], "frame " .. f .. " state = the reference's")
  check(w:history_save() == true, "save")
  if r(4) == 0 then
    local depth = w:history_stats().depth
    local sum = w:checksum()
    local ok, status = w:history_rollback(depth + 1)
    check(ok == nil and status == "range", "rollback past the ring: range")
    ok, status = w:history_rollback(-1)
    check(ok == nil and status == "range", "rollback by -1: range")
    check(w:checksum() == sum, "a refused rollback changes nothing")
    if r(2) == 0 then play(w, 999) end                     -- changes after the save: undone too
    local k = r(depth + 1)
    check(w:history_rollback(k) == true, "rollback by " .. k)
    f = f - k
    local want = BREAK and math.max(f - 1, 0) or f
    check(w:snapshot() == ref_snap[want] and w:checksum() == ref_sum[want],
      "rollback by " .. k .. " = the save after frame " .. f)
    check(w:validate() == true, "validate after a rollback")
    check(w:history_stats().depth == depth - k, "depth after a rollback")
    rollbacks = rollbacks + 1
  end
end
check(rollbacks > 10, "rollbacks done")

-- errors
local sum = w:checksum()
for _, bad in ipairs({ 0.5, "x", {}, 2 ^ 31, 0 / 0 }) do
  check(not pcall(w.history_rollback, w, bad), "rollback(" .. tostring(bad) .. ") is an argument error")
  check(not pcall(w.history_begin, w, bad, 4096), "history_begin(" .. tostring(bad) .. ", ...) is an argument error")
end
check(not pcall(w.history_rollback, w), "rollback() is an argument error")
local ok, status = w:history_begin(0, 4096)
check(ok == nil and status == "argument", "history_begin(0, 4096): argument")
ok, status = w:history_begin(4, 100)
check(ok == nil and status == "argument", "history_begin(4, 100): argument")
check(w:history_stats().frames == 8, "a refused history_begin keeps the history")
w:history_end()
ok, status = w:history_save()
check(ok == nil and status == "argument", "save without a history: argument")
ok, status = w:history_rollback(0)
check(ok == nil and status == "argument", "rollback without a history: argument")
ok, status = w:history_stats()
check(ok == nil and status == "argument", "stats without a history: argument")
check(w:checksum() == sum, "errors change nothing")

-- a tiny ring: 4096 bytes, 400 moved circles (4800 bytes) overflow it
check(w:history_begin(4, 4096) == true, "tiny ring")
local ids = {}
for i = 1, 400 do ids[i] = assert(w:create_body(fc.circle(i * U, 5 * U, U))) end
check(w:history_save() == true, "save 400 creates")
for i = 1, 400 do w:translate2(ids[i], U, 0) end
local moved = w:checksum()
check(w:history_stats().overflowed == true, "overflowed")
ok, status = w:history_rollback(0)
check(ok == nil and status == "capacity" and w:checksum() == moved, "rollback of an overflowed frame: capacity, unchanged")
ok, status = w:history_save()
check(ok == nil and status == "capacity" and w:checksum() == moved, "save of an overflowed frame: capacity, unchanged")
w:translate2(ids[1], U, 0)
check(w:history_rollback(0) == true and w:checksum() == moved, "the history restarted at the failed save")
w:destroy()
check(not pcall(w.history_save, w), "a destroyed world is an argument error")

print(("history.lua: %d checks, %d failures, %d rollbacks"):format(checks, failures, rollbacks))
os.exit(failures == 0 and 0 or 1)
