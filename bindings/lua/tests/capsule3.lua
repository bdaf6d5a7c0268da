-- SPDX-License-Identifier: MIT
-- capsule3.lua - the 3D capsule as a world body from Lua (issue 29): the
-- scene of tests/test_world_capsule3.c (binding_scene) built through the
-- binding gives C's checksum, snapshot bytes and dump lines; the capsule
-- reads back exactly (w:get_shape, also into a reused table), translates,
-- reshapes; the pairs and an overlap query find the touching bodies and
-- not one 1 raw apart; the snapshot restores (same bytes, same checksum)
-- and a history rollback brings the capsule back; bad capsules change
-- nothing.
--   lua capsule3.lua [--break]
-- --break (should-fail twin): body 0's capsule is built 1 raw longer, so
-- C's values must not match.
local fc = require "fixcol"
local BREAK = ({ ... })[1] == "--break"

local checks, failures = 0, 0
local function check(cond, msg)
  checks = checks + 1
  if not cond then
    failures = failures + 1
    io.stderr:write("FAIL: " .. msg .. "\n")
  end
end

local U = fc.ONE
local HALF = math.floor(U / 2)
-- C's values (tests/test_world_capsule3.c: SCENE_CHECKSUM, scene_snapshot, scene_dump)
local C_CHECKSUM = "13ac6bd48bfa01ea"
local C_SNAPSHOT = "46435357020000007000000003000000010000000000000000000000000000000a000000050000000300000003000000000000000000"
  .. "00000104000000808050000080800801018080288080180080801001140780806000000080802000808008000000000000006387cb46"
  .. "46caf556"
local C_DUMP = "body 0 1 cat 0x00000001 mask 0xffffffff user 0 capsule a 0 0 0 b 10 0 0 radius 1\n"
  .. "body 1 1 cat 0x00000001 mask 0xffffffff user 0 sphere center 5 3 0 radius 2\n"
  .. "body 2 1 cat 0x00000001 mask 0xffffffff user 7 capsule a 12 0 0 b 12 4 0 radius 1\n"

local function hex(s)
  return (s:gsub(".", function(c) return ("%02x"):format(c:byte()) end))
end

local function same_capsule(s, ax, ay, az, bx, by, bz, r)
  return s.type == "capsule" and s.ax == ax and s.ay == ay and s.az == az and s.bx == bx and s.by == by
    and s.bz == bz and s.r == r
end

local w = fc.world_create({ dim = 3 })
local c0 = assert(fc.capsule3(0, 0, 0, 10 * U + (BREAK and 1 or 0), 0, 0, U))
local b0 = assert(w:create_body(c0))
local b1 = assert(w:create_body(assert(fc.sphere(5 * U, 3 * U, 0, 2 * U))))
local b2 = assert(w:create_body(assert(fc.capsule3(20 * U, 0, 0, 20 * U, 5 * U, 0, HALF)), nil, 7))
check(same_capsule(w:get_shape(b0), 0, 0, 0, 10 * U, 0, 0, U), "body 0 reads back as its capsule")
assert(w:translate3(b2, U, 0, -U))
local out = {}
check(w:get_shape(b2, out) == out and same_capsule(out, 21 * U, 0, -U, 21 * U, 5 * U, -U, HALF),
  "translated capsule read into a reused table")
assert(w:set_shape(b2, assert(fc.capsule3(12 * U, 0, 0, 12 * U, 4 * U, 0, U))))
check(same_capsule(w:get_shape(b2), 12 * U, 0, 0, 12 * U, 4 * U, 0, U), "reshaped capsule")
local minx, miny, minz, maxx, maxy, maxz = w:get_bounds(b2)
check(minx == 11 * U and miny == -U and minz == -U and maxx == 13 * U and maxy == 5 * U and maxz == U, "capsule bounds")
local pairs_, np = w:find_pairs()
check(np == 2 and pairs_[1] == b0 and pairs_[2] == b1 and pairs_[3] == b0 and pairs_[4] == b2,
  "pairs: the sphere and the capsule touching body 0")
-- C's values
check(w:checksum() == C_CHECKSUM, "checksum " .. w:checksum() .. " is C's " .. C_CHECKSUM)
local blob = w:snapshot()
check(hex(blob) == C_SNAPSHOT, "snapshot bytes are C's")
check(w:dump():find(C_DUMP, 1, true) ~= nil, "dump lines are C's")
check(w:dump_slot(0) == C_DUMP:match("^[^\n]*\n"), "dump_slot 0 is C's line")
-- queries: touching yes, 1 raw apart no
local ids, n = w:overlap(assert(fc.sphere(5 * U, -3 * U, 0, 2 * U)))
check(n == 1 and ids[1] == b0, "a sphere touching the capsule from below")
ids, n = w:overlap(assert(fc.sphere(5 * U, -3 * U - 1, 0, 2 * U)))
check(n == 0, "a sphere 1 raw below the capsule")
ids, n = w:overlap(assert(fc.capsule3(0, -2 * U, 5 * U, 0, -2 * U, -5 * U, U)))
check(n == 1 and ids[1] == b0, "a capsule query touching the capsule")
-- snapshot round trip
local w2 = fc.world_create()
assert(w2:restore(blob))
check(w2:dim() == 3 and w2:checksum() == w:checksum() and w2:snapshot() == blob, "restored: same checksum and bytes")
check(same_capsule(w2:get_shape(b2), 12 * U, 0, 0, 12 * U, 4 * U, 0, U), "restored capsule")
w2:destroy()
-- history: a rollback restores the capsule
assert(w:history_begin(4, 65536))
assert(w:history_save())
assert(w:translate3(b0, U, U, U))
assert(w:set_shape(b2, assert(fc.sphere(0, 0, 0, U))))
assert(w:history_save())
assert(w:history_rollback(1))
check(w:checksum() == C_CHECKSUM and w:snapshot() == blob, "rollback restores the capsules")
w:history_end()
-- bad capsules change nothing
local ok, st = w:set_shape(b0, { type = "capsule", ax = 0, ay = 0, az = 0, bx = 8192 * U + 1, by = 0, bz = 0, r = U })
check(ok == nil and st == "range", "endpoint past the limit: " .. tostring(st))
ok, st = w:set_shape(b0, { type = "capsule", ax = 0, ay = 0, az = 0, bx = 0, by = 0, bz = 0, r = -1 })
check(ok == nil and st == "size", "negative radius: " .. tostring(st))
ok, st = pcall(w.create_body, w, { type = "capsule", ax = 0, ay = 0, az = 0, bx = 0, by = 0, bz = 0 })
check(not ok, "a capsule without a radius raises: " .. tostring(st))
ok, st = w:translate3(b0, 8192 * U, 0, 0)
check(ok == nil and st == "range", "translate past the limit: " .. tostring(st))
check(w:checksum() == C_CHECKSUM and w:body_count() == 3, "nothing changed")
w:destroy()

print(("capsule3.lua: %d checks, %d failures"):format(checks, failures))
os.exit(failures == 0 and 0 or 1)
