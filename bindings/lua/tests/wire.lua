-- SPDX-License-Identifier: MIT
-- wire.lua - the desync wire protocol from Lua (fixcol/wire.h,
-- docs/lockstep.md): a leader and a follower exchange message strings over
-- a loopback. Honest: two worlds of 2,000 bodies that differ in a few
-- slots (a 1-raw move, a filter bit, a shape type, a destroyed body, an
-- extra body) -> exactly those slots are reported, each naming its field,
-- one difference within 2 + ceil(log2 S) rounds, the follower receives every
-- REPORT byte for byte; equal worlds end 'equal' in one round. Lying
-- followers (answers off by one, random answers; messages made by an
-- encoder written here from the documented layout) end with a verdict
-- within the budget; a follower whose world differs in every slot is
-- stopped by the budget after 64 reports. Messages: truncations,
-- replays, out-of-order rounds, other sessions, garbage floods (the cap),
-- hostile arguments (tables with metamethods, numbers, destroyed worlds).
--   lua wire.lua [--break-budget] [--break-reorder]
-- --break-budget (should-fail twin): the every-slot run without a budget.
-- --break-reorder (should-fail twin): the loopback delivers the 3rd and 4th
-- answers swapped (the 4th relabelled with the 3rd's round).
local fc = require "fixcol"
local BREAK_BUDGET, BREAK_REORDER = false, false
for _, a in ipairs({ ... }) do
  if a == "--break-budget" then BREAK_BUDGET = true
  elseif a == "--break-reorder" then BREAK_REORDER = true
  else error("unknown argument " .. tostring(a)) end
end

local checks, failures = 0, 0
local function check(cond, msg)
  checks = checks + 1
  if not cond then
    failures = failures + 1
    io.stderr:write("FAIL: " .. msg .. "\n")
  end
end

-- ---- the documented layout, independently
local function u32(v)
  local b = {}
  for i = 1, 4 do b[i] = string.char(v % 256); v = math.floor(v / 256) end
  return table.concat(b)
end
local function u16(v) return string.char(v % 256, math.floor(v / 256) % 256) end
local function hex64(h) -- 16 hex digits -> 8 bytes little-endian
  local b = {}
  for i = 8, 1, -1 do b[#b + 1] = string.char(tonumber(h:sub(2 * i - 1, 2 * i), 16)) end
  return table.concat(b)
end
local TYPES = { checksum = 1, start = 2, ask = 3, answer = 4, dump_ask = 5, dump = 6, report = 7, verdict = 8, abort = 9 }
local function encode(typ, session, frame, round, payload)
  return "FCWP" .. u16(1) .. u16(TYPES[typ]) .. u32(session) .. u32(frame) .. u32(round) .. u32(#payload) .. payload
end

local N, U = 2000, fc.ONE
local function build()
  local w = fc.world_create()
  local ids = {}
  for k = 0, N - 1 do
    local shape = (k % 3 == 0) and fc.aabb2((k % 50) * U, (k % 37) * U, (k % 50) * U + U, (k % 37) * U + 2 * U)
      or fc.circle((k % 61) * U, (k % 43) * U, U)
    ids[k] = assert(w:create_body(shape, { category = 1, mask = 0xffffffff }, k))
  end
  return w, ids
end

-- Loopback: leader world a, follower world b (or a liar function taking the
-- decoded request and returning a reply string or nil).
local function run(lead, a, fol, b, liar)
  local r = { reports = {}, follower_reports = 0, same = 0, bad = 0, to_leader = 0, to_follower = 0 }
  local answers, held = 0, nil
  for _ = 1, 200000 do
    local out = {}
    while true do
      local m = lead:produce(a)
      if not m then break end
      out[#out + 1] = m
      local d = fc.wire_decode(m)
      if d.type == "report" then r.reports[#r.reports + 1] = d; r.last = m end
    end
    if #out == 0 then break end
    local back = {}
    for _, m in ipairs(out) do
      r.to_follower = r.to_follower + 1
      if liar then
        local reply = liar(fc.wire_decode(m))
        if reply then back[#back + 1] = reply end
      else
        local st = fol:receive(m)
        if st == "report" then
          r.follower_reports = r.follower_reports + 1
          if m == r.last then r.same = r.same + 1 end
        elseif st ~= "accepted" and st ~= "start" and st ~= "verdict" and st ~= "aborted" then
          r.bad = r.bad + 1
        end
        while true do
          local reply = fol:produce(b)
          if not reply then break end
          back[#back + 1] = reply
        end
      end
    end
    for _, m in ipairs(back) do
      if BREAK_REORDER and not liar then
        local d = fc.wire_decode(m)
        if d.type == "answer" then
          answers = answers + 1
          if answers == 3 then held = d.answer; m = nil
          elseif answers == 4 then m = encode("answer", d.session, d.frame, d.round - 1, hex64(held)) end
        end
      end
      if m then
        r.to_leader = r.to_leader + 1
        local st = lead:receive(m)
        if st ~= "accepted" and st ~= "aborted" then r.bad = r.bad + 1 end
      end
    end
  end
  return r
end

local function ceil_log2(n) local k = 0; while 2 ^ k < n do k = k + 1 end; return k end

local base, ids = build()
local function clone(w)
  local c = fc.world_create()
  assert(c:restore(w:snapshot()))
  return c
end

do -- honest peers, several differences
  local b = clone(base)
  assert(b:translate2(ids[17], 1, 0))                                     -- slot 17: a 1-raw move
  assert(b:set_filter(ids[640], { category = 1, mask = 0xfffffffe }))     -- slot 640: a mask bit
  assert(b:set_shape(ids[900], fc.circle(0, 0, U)))                       -- slot 900: aabb -> circle
  assert(b:destroy_body(ids[1500]))                                       -- slot 1500: destroyed
  assert(b:create_body(fc.circle(0, 0, U)))                               -- refills slot 1500
  assert(b:create_body(fc.circle(0, 0, U)))                               -- slot 2000: extra
  local lead = assert(fc.wire_leader(11, 77))
  local fol = fc.wire_follower()
  local r = run(lead, base, fol, b)
  local want = { 17, 640, 900, 1500, 2000 }
  local fields = { "\ncircle.x: ", "\nmask: ", "\nshape: aabb vs circle\n", "\ngeneration: ", "\nstate: unused vs body\n" }
  fields[1] = "\ncenter.x: " -- slot 17 is a circle (17 % 3 ~= 0)
  check(lead:verdict() == "found" and fol:verdict() == "found", "verdict found: " .. lead:verdict())
  check(lead:ended() and fol:ended(), "both ended")
  check(#r.reports == #want, "reports: " .. #r.reports)
  for i, slot in ipairs(want) do
    local rep = r.reports[i]
    check(rep and rep.slot == slot, "report " .. i .. " names slot " .. slot)
    check(rep and rep.text:find(fields[i], 1, true) ~= nil, "report " .. i .. " names the field " .. fields[i]
      .. (rep and (":\n" .. rep.text) or ""))
    check(rep and rep.text:sub(1, #("frame 77 slot " .. slot .. "\n")) == "frame 77 slot " .. slot .. "\n", "head")
  end
  check(r.follower_reports == #want and r.same == #want, "the follower took every REPORT byte for byte")
  check(r.bad == 0, "no message rejected")
  check(lead:found() == #want and fol:found() == #want, "found counters")
  b:destroy()
end

do -- one difference: rounds; equal worlds: one round
  local b = clone(base)
  assert(b:translate2(ids[1234], 0, -1))
  local lead, fol = fc.wire_leader(12, 1), fc.wire_follower()
  local r = run(lead, base, fol, b)
  check(#r.reports == 1 and r.reports[1].slot == 1234, "one difference found")
  check(lead:rounds() <= 2 + ceil_log2(N), "one difference in " .. lead:rounds() .. " rounds")
  check(r.to_leader + r.to_follower == 2 * lead:rounds() + 3 + 2, "messages: 2 per round + 3 + 2")
  print(string.format("one difference: %d rounds, %d messages", lead:rounds(), r.to_leader + r.to_follower))
  b:destroy()
  local c = clone(base)
  lead, fol = fc.wire_leader(13, 1), fc.wire_follower()
  r = run(lead, base, fol, c)
  check(lead:verdict() == "equal" and fol:verdict() == "equal" and lead:rounds() == 1 and #r.reports == 0,
    "equal worlds: 'equal' in one round")
  c:destroy()
end

do -- a follower whose world differs in every slot: the budget
  local b = fc.world_create()
  for k = 0, N - 1 do
    local shape = (k % 3 == 0) and fc.aabb2((k % 50) * U + 1, (k % 37) * U, (k % 50) * U + U + 1, (k % 37) * U + 2 * U)
      or fc.circle((k % 61) * U + 1, (k % 43) * U, U)
    assert(b:create_body(shape, { category = 1, mask = 0xffffffff }, k))
  end
  local lead = BREAK_BUDGET and assert(fc.wire_leader(14, 1, 2 ^ 24, 2 ^ 32 - 1, 2 ^ 32 - 1)) or fc.wire_leader(14, 1)
  local fol = fc.wire_follower(2 ^ 32 - 1)
  local r = run(lead, base, fol, b)
  check(lead:verdict() == "budget", "every slot differs: verdict " .. lead:verdict())
  check(lead:found() == fc.DESYNC_DEFAULT_MAX_FOUND and #r.reports == 64, "64 reports, got " .. #r.reports)
  check(lead:rounds() <= 2 + 64 * ceil_log2(N), "rounds " .. lead:rounds())
  b:destroy()
end

do -- lying followers end with a verdict within the budget
  local kinds = { "off_by_one", "random", "other_slot", "huge_count" }
  local seed = 1
  local function rnd()
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed
  end
  for _, kind in ipairs(kinds) do
    for rep = 1, 5 do
      local b = clone(base)
      assert(b:translate2(ids[1000 + rep * 97], 1, 0))
      local function liar(m)
        if m.type == "ask" then
          local honest = assert(b:desync_answer(m.question))
          local v = honest
          if kind == "huge_count" and m.question == fc.DESYNC_ASK_SLOTS then v = "0000000001000001"
          elseif kind == "random" then v = string.format("%08x%08x", rnd(), rnd())
          elseif m.question ~= fc.DESYNC_ASK_SLOTS and kind ~= "huge_count" then
            local last = tonumber(honest:sub(16), 16)
            v = honest:sub(1, 15) .. string.format("%x", (last + 1) % 16) -- "differs"
          end
          return encode("answer", m.session, m.frame, m.round, hex64(v))
        elseif m.type == "dump_ask" then
          local slot = kind == "other_slot" and m.slot + 1 or m.slot
          local line = assert(b:dump_slot(slot))
          return encode("dump", m.session, m.frame, m.round, u32(slot) .. u32(2) .. line)
        end
      end
      local lead = fc.wire_leader(20 + rep, 5)
      local r = run(lead, base, nil, nil, liar)
      local v = lead:verdict()
      check(lead:ended(), kind .. ": the leader ended")
      check(v == "inconsistent" or (kind == "random" and v == "budget"), kind .. ": verdict " .. v)
      check(lead:rounds() <= 2 + 64 * 24 and lead:messages() <= lead:max_messages(), kind .. ": within the budget")
      b:destroy()
    end
  end
end

do -- messages one by one
  local lead = fc.wire_leader(5, 9)
  local start = lead:produce(base)
  local ask = lead:produce(base)
  check(lead:produce(base) == nil, "the leader waits for the answer")
  local d = fc.wire_decode(ask)
  check(d.type == "ask" and d.round == 1 and d.question == "0100000000000000", "round 1 asks [0, 2^24)")
  check(fc.wire_decode(start).type == "start" and fc.wire_decode(start).dim == 2, "START carries the dimension")
  local honest = base:desync_answer(d.question)
  for k = 0, #ask - 1 do
    check(select(2, fc.wire_decode(ask:sub(1, k))) == "format", "truncated at " .. k .. ": format")
    check(lead:receive(ask:sub(1, k)) == "malformed", "truncated message: malformed")
  end
  check(select(2, fc.wire_decode(ask:sub(1, 4) .. "\2" .. ask:sub(6))) == "version", "version 2")
  check(lead:receive(encode("answer", 5, 9, 0, hex64(honest))) == "replayed", "answer to round 0: replayed")
  check(lead:receive(encode("answer", 5, 9, 2, hex64(honest))) == "out_of_order", "round 2: out of order")
  check(lead:receive(encode("answer", 6, 9, 1, hex64(honest))) == "session", "another session")
  check(lead:receive(encode("answer", 5, 8, 1, hex64(honest))) == "session", "another frame")
  check(lead:receive(ask) == "unexpected", "an ASK to the leader")
  check(lead:rounds() == 0, "nothing taken")
  check(lead:receive(encode("answer", 5, 9, 1, hex64(honest))) == "accepted", "the answer")
  check(lead:receive(encode("answer", 5, 9, 1, hex64(honest))) == "replayed", "the same answer again")
  local v = lead:produce(base)
  check(fc.wire_decode(v).type == "verdict" and fc.wire_decode(v).verdict == "equal", "equal")
  check(lead:receive(encode("answer", 5, 9, 1, hex64(honest))) == "ended", "after the end")
  -- follower
  local fol = fc.wire_follower(20)
  check(fol:receive(ask) == "unexpected", "ASK before START")
  check(fol:receive(start) == "start" and fol:frame() == 9 and fol:session() == 5, "START")
  check(fol:receive(start) == "replayed", "START again")
  check(fol:receive(ask) == "accepted", "ASK")
  check(fol:receive(ask) == "replayed", "ASK again")
  local ans = fol:produce(base)
  check(fc.wire_decode(ans).answer == honest and fc.wire_decode(ans).round == 1, "the answer")
  check(fol:receive(encode("ask", 5, 9, 3, hex64("0000000000000000"))) == "out_of_order", "a skipped round")
  check(fol:receive(encode("ask", 5, 9, 2, hex64("0000000300000005"))) == "inconsistent", "lo > hi")
  local ab = fc.wire_decode(fol:produce(base))
  check(ab.type == "abort" and ab.reason == "bad_request" and fol:verdict() == "aborted", "follower aborts")
  -- the cap
  fol = fc.wire_follower(10)
  for _ = 1, 10 do check(fol:receive("junk") == "malformed", "junk") end
  check(fol:receive("junk") == "cap" and fol:verdict() == "cap" and fol:ended(), "follower cap")
  lead = fc.wire_leader(5, 9, 0, 0, 3)
  for _ = 1, 3 do lead:receive("") end
  check(lead:receive("") == "cap" and fc.wire_decode(lead:produce(base)).verdict == "cap", "leader cap, VERDICT cap")
  -- abort
  lead, fol = fc.wire_leader(7, 1), fc.wire_follower()
  check(fol:receive(lead:produce(base)) == "start", "START")
  lead:abort()
  check(fol:receive(lead:produce(base)) == "aborted" and fol:verdict() == "aborted" and lead:verdict() == "aborted", "abort")
  -- checksum messages
  local cs = fc.wire_checksum(42, base:checksum())
  local dc = fc.wire_decode(cs)
  check(dc.type == "checksum" and dc.frame == 42 and dc.checksum == base:checksum() and #cs == 32, "checksum message")
  check(cs:sub(1, 8) == "FCWP\1\0\1\0", "checksum header bytes")
end

do -- hostile arguments: errors, never a crash, nothing changed
  local lead = fc.wire_leader(5, 9)
  local touched = false
  local proxy = setmetatable({}, { __index = function() touched = true; return 1 end,
    __tostring = function() touched = true; return "x" end, __len = function() touched = true; return 1 end })
  for _, bad in ipairs({ proxy, 12, true, function() end }) do
    check(not pcall(lead.receive, lead, bad), "receive(" .. type(bad) .. ") raises")
    check(not pcall(lead.produce, lead, bad), "produce(" .. type(bad) .. ") raises")
    check(not pcall(fc.wire_decode, bad), "wire_decode(" .. type(bad) .. ") raises")
  end
  check(not touched, "no metamethod of an argument ran")
  check(not pcall(lead.receive, base, "x"), "receive on a world raises")
  check(not pcall(fc.wire_leader, -1, 0), "negative session raises")
  check(not pcall(fc.wire_leader, 1.5, 0), "fractional session raises")
  check(not pcall(fc.wire_leader, 1, 2 ^ 32), "frame 2^32 raises")
  local ok, st = fc.wire_leader(0, 1)
  check(ok == nil and st == "argument", "session 0: nil, argument")
  ok, st = fc.wire_leader(1, 1, 2 ^ 24 + 1)
  check(ok == nil and st == "argument", "max_found 2^24 + 1: nil, argument")
  check(not pcall(fc.wire_checksum, 1, "xyz"), "checksum not hex raises")
  local dead = fc.world_create()
  dead:destroy()
  check(not pcall(lead.produce, lead, dead), "produce with a destroyed world raises")
  check(lead:messages() == 0 and lead:verdict() == "running", "nothing changed")
  check(lead:produce(base) ~= nil, "still usable")
  local big = string.rep("\255", 2 ^ 20)
  check(lead:receive(big) == "malformed", "1 MiB of junk: malformed")
end

base:destroy()
print(string.format("wire.lua: %d checks, %d failed", checks, failures))
os.exit(failures == 0 and 0 or 1)
