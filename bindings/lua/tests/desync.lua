-- SPDX-License-Identifier: MIT
-- desync.lua - finding a desync from Lua (docs/desync.md): two worlds of
-- 2,000 bodies that differ in one slot (a 1-raw move, a filter bit, a shape
-- type, a missing body, an extra body, a live body's and a freed slot's
-- generation; first and last slot) are resolved to that slot through
-- w:desync_answer and fixcol.desync() within ceil(log2(slots)) + 2 rounds;
-- three differences are all found; equal worlds take one round; range and
-- body hashes, the dump (and, with --c-tool, the C tool's snapdump of the
-- same world's snapshot: the same bytes) and the argument and data errors.
--   lua desync.lua [--c-tool PATH] [--work DIR] [--break]
-- A lying responder (99,982 slots, every range differs) is stopped with
-- "limit" after FC_DESYNC_DEFAULT_MAX_FOUND (64) slots within the default
-- budget 2 + 64 * ceil(log2 S) rounds; d:set_budget raises it and rejects
-- bad arguments.
-- --break (should-fail twin): the responder answers every range question
-- with the asker's own hash ("equal"), so nothing is found.
-- --break-budget (should-fail twin): the lying run without a budget.
local fc = require "fixcol"
local args, c_tool, work, BREAK, BREAK_BUDGET = { ... }, nil, nil, false, false
local i = 1
while i <= #args do
  if args[i] == "--c-tool" then c_tool = args[i + 1]; i = i + 2
  elseif args[i] == "--work" then work = args[i + 1]; i = i + 2
  elseif args[i] == "--break" then BREAK = true; i = i + 1
  elseif args[i] == "--break-budget" then BREAK_BUDGET = true; i = i + 1
  else error("unknown argument " .. tostring(args[i])) end
end

local checks, failures = 0, 0
local function check(cond, msg)
  checks = checks + 1
  if not cond then
    failures = failures + 1
    io.stderr:write("FAIL: " .. msg .. "\n")
  end
end

local N, U = 2000, fc.ONE
local function build(holes)
  local w = fc.world_create()
  local ids = {}
  for k = 0, N - 1 do
    local shape = (k % 3 == 0) and fc.aabb2((k % 50) * U, (k % 37) * U, (k % 50) * U + U, (k % 37) * U + 2 * U)
      or fc.circle((k % 61) * U, (k % 43) * U, U)
    ids[k] = assert(w:create_body(shape, { category = 1, mask = 0xffffffff }, k))
  end
  if holes then
    for k = 5, N - 2, 9 do assert(w:destroy_body(ids[k])) end
  end
  return w, ids
end

local function clone(w)
  local c = fc.world_create()
  assert(c:restore(w:snapshot()))
  return c
end

-- The protocol, asker against responder, entirely through the binding.
local function run(asker, responder)
  local d = fc.desync()
  local found = {}
  while true do
    local step, v = d:next()
    if step ~= "ask" and step ~= "found" then check(step == "done", "ended with " .. step); break end
    if step == "found" then
      found[#found + 1] = v
    else
      local mine = assert(asker:desync_answer(v))
      local theirs = assert(responder:desync_answer(v))
      if BREAK and v ~= fc.DESYNC_ASK_SLOTS then theirs = mine end
      assert(d:feed(mine, theirs))
    end
  end
  check(d:found() == #found, "found counter")
  return found, d:rounds()
end

local function ceil_log2(n)
  local k = 0
  while 2 ^ k < n do k = k + 1 end
  return k
end

local function expect_one(what, a, b, slot)
  local slots = math.max(a:slot_count(), b:slot_count())
  for dir = 1, 2 do
    local found, rounds = run(dir == 1 and a or b, dir == 1 and b or a)
    check(#found == 1 and found[1] == slot,
      what .. ": found " .. #found .. " slots, first " .. tostring(found[1]) .. ", want " .. slot)
    check(rounds <= ceil_log2(slots) + 2, what .. ": " .. rounds .. " rounds")
    if dir == 1 then print(string.format("  %-32s slot %4d: %d rounds (bound %d)", what, slot, rounds, ceil_log2(slots) + 2)) end
  end
end

local base, ids = build(true)
print(string.format("single differences (%d bodies, %d slots):", base:body_count(), base:slot_count()))
for _, k in ipairs({ 0, N - 1 }) do
  local b = clone(base)
  assert(b:translate2(ids[k], 1, 0)); expect_one("1-raw move", base, b, k); b:destroy()
  b = clone(base)
  assert(b:set_filter(ids[k], { category = 1, mask = 0xfffffffe })); expect_one("one filter bit", base, b, k); b:destroy()
  b = clone(base)
  assert(b:set_shape(ids[k], (k % 3 == 0) and fc.circle(0, 0, U) or fc.aabb2(0, 0, U, U)))
  expect_one("shape type", base, b, k); b:destroy()
  b = clone(base)
  assert(b:destroy_body(ids[k])); expect_one("missing body", base, b, k); b:destroy()
  b = clone(base)
  local shape = b:get_shape(ids[k])
  assert(b:destroy_body(ids[k]))
  local again = assert(b:create_body(shape, { category = 1, mask = 0xffffffff }, k))
  local ai, ag = fc.id_parts(again)
  check(ai == k and ag == 2, "recreated in the same slot")
  expect_one("live body, other generation", base, b, k); b:destroy()
end
do -- a freed slot's generation: the top of the free list, bumped on one side
  local top = 5 + 9 * math.floor((N - 2 - 5) / 9)
  local b = clone(base)
  local id = assert(b:create_body(fc.circle(0, 0, U)))
  check(fc.id_parts(id) == top, "the top free slot is " .. top)
  assert(b:destroy_body(id))
  expect_one("freed slot, other generation", base, b, top); b:destroy()
end
local full = build(false)
do -- an extra body in a new slot
  local b = clone(full)
  assert(b:create_body(fc.circle(0, 0, U)))
  expect_one("extra body (a new slot)", full, b, N); b:destroy()
end
do -- three differences; equal worlds
  local b = clone(base)
  for _, k in ipairs({ 1, 700, 1999 }) do assert(b:translate2(ids[k], 0, -1)) end
  local found, rounds = run(base, b)
  check(#found == 3 and found[1] == 1 and found[2] == 700 and found[3] == 1999, "three differences all found")
  print(string.format("three differing slots: %d found in %d rounds", #found, rounds))
  local c = clone(base)
  found, rounds = run(base, c)
  check(#found == 0 and rounds == 1, "equal worlds: one round")
  print(string.format("equal worlds: %d round", rounds))
  check(base:dump() == c:dump(), "a restored copy dumps the same text")
  check(base:range_checksum(0, 2 ^ 24) == c:range_checksum(0, 2 ^ 24), "equal range checksums")
  check(base:body_hash(ids[0]) == c:body_hash(ids[0]), "equal body hashes")
  check(base:body_hash(ids[0]) ~= b:body_hash(ids[1]), "different bodies, different hashes")
  b:destroy(); c:destroy()
end

do -- a lying responder is stopped by the budget
  local S, liar_k = 99982, 0
  local empty = fc.world_create()
  local function lie(d, n)
    local step, v
    repeat
      step, v = d:next()
      if step == "found" then
        check(v == d:found() - 1, "lying peer: slots reported in order")
      elseif step == "ask" then
        local theirs
        if v == fc.DESYNC_ASK_SLOTS then theirs = string.format("%016x", S)
        else liar_k = liar_k + 1; theirs = string.format("%08x%08x", (liar_k * 2654435761) % 4294967296, liar_k) end
        assert(d:feed(assert(empty:desync_answer(v)), theirs))
      end
    until (step ~= "ask" and step ~= "found") or d:rounds() > n
    return step
  end
  local d = fc.desync()
  check(d:max_found() == fc.DESYNC_DEFAULT_MAX_FOUND and fc.DESYNC_DEFAULT_MAX_FOUND == 64 and d:max_rounds() == 0,
    "default budget")
  if BREAK_BUDGET then assert(d:set_budget(2 ^ 24, 2 ^ 32 - 1)) end
  local step = lie(d, 5000)
  local bound = 2 + 64 * ceil_log2(S)
  check(step == "limit" and d:found() == 64 and d:rounds() <= bound,
    string.format("lying peer: %s after %d rounds, %d found (budget %d rounds, 64 slots)", step, d:rounds(), d:found(), bound))
  print(string.format("lying peer: %s after %d rounds, %d slots", step, d:rounds(), d:found()))
  check(d:next() == "limit", "limit is sticky")
  local v, st = d:set_budget(0, 0)
  check(v == nil and st == "argument" and d:max_found() ~= 0, "max_found 0: argument, unchanged")
  v, st = d:set_budget(2 ^ 24 + 1, 0)
  check(v == nil and st == "argument", "max_found past 2^24: argument")
  assert(d:set_budget(100, 0))
  check(d:max_found() == 100, "raised cap")
  step = lie(d, 5000)
  check(step == "limit" and d:found() == 100, "the raised cap resumes the search: " .. d:found() .. " found")
  empty:destroy()
end

-- hashes, dump and errors
check(base:range_checksum(3, 3) == "0000000000000000", "an empty range is 0")
check(base:range_checksum(N, 2 ^ 24) == "0000000000000000", "unused slots are 0")
check(#base:range_checksum(0, 1) == 16, "16 hex digits")
local v, st = base:range_checksum(4, 3)
check(v == nil and st == "argument", "lo > hi: nil, argument")
v, st = base:range_checksum(0, 2 ^ 24 + 1)
check(v == nil and st == "argument", "hi too large")
v, st = base:body_hash(ids[5])
check(v == nil and st == "stale_id", "a destroyed body: stale_id")
v, st = base:desync_answer("0000000400000005")
check(v == nil and st == "argument", "a malformed question")
check(base:desync_answer(fc.DESYNC_ASK_SLOTS) == string.format("%016x", N), "the slot-count answer")
check(not pcall(base.range_checksum, base, 0.5, 1), "a fractional bound is an argument error")
check(not pcall(base.desync_answer, base, "xyz"), "a non-hex question is an argument error")
local d = fc.desync()
v, st = d:feed("1", "2")
check(v == nil and st == "argument", "feed before next")
d:next(); d:feed("1", "2"); d:next()
v, st = d:feed("10", "1000001")
check(v == nil and st == "format", "a slot count past 2^24")
check(d:rounds() == 1, "the search unchanged after an error")
check(not pcall(fc.desync().next, base), "next on a world is an argument error")
local text = base:dump()
check(text:sub(1, 14) == "fixcol-dump 1\n" and text:sub(-4) == "end\n", "dump framing")
check(text:find("\nbody 0 1 cat 0x00000001 mask 0xffffffff user 0 aabb min 0 0 max 1 2\n", 1, true) ~= nil,
  "dump line of body 0")
check(base:dump_slot(5) == "free 5 2\n", "dump_slot of a free slot")
check(base:dump_slot(N + 3) == "unused " .. (N + 3) .. "\n", "dump_slot past the end")
v, st = base:dump_slot(2 ^ 24)
check(v == nil and st == "argument", "dump_slot out of range")
local dead = fc.world_create(); dead:destroy()
check(not pcall(dead.dump, dead), "dump of a destroyed world is an error")

if c_tool and work then -- the C tool's dump of this world's snapshot: the same bytes
  local path = work .. "/lua_desync.snap"
  local f = assert(io.open(path, "wb")); f:write(base:snapshot()); f:close()
  local pipe = assert(io.popen(c_tool .. " snapdump " .. path))
  local c_text = pipe:read("*a"); pipe:close()
  check(c_text == text, "fixcol-replay snapdump of the snapshot prints the same dump")
  print("C tool dump: " .. (c_text == text and "same bytes" or "DIFFERENT"))
end

print(string.format("desync.lua: %d checks, %d failed", checks, failures))
os.exit(failures == 0 and 0 or 1)
