-- SPDX-License-Identifier: MIT
-- reentrancy.lua - re-entrancy safety (docs/binding-lua.md, "Re-entrancy").
-- Part A: every world method that takes a table argument, called with that
-- table replaced by a proxy whose __index (or, for get_shape's out table,
-- __newindex) first destroys the world, mutates it (a move, a new body),
-- restores a snapshot of the other dimension, or makes nested calls on it.
-- Each call must either raise a Lua error (destroyed: "destroyed";
-- dimension changed under a dimension-typed argument: "dimension") or
-- succeed with the results, checksum and snapshot bytes of a reference run
-- that does the same action first and then calls with the plain table.
-- Part B: finalizers (__gc) that try to destroy the world or run a query on
-- it while a list-returning method writes its results: the attempt made
-- while the call is writing must be refused ("busy") and the outer results
-- must equal the reference; at least one such refusal must happen.
--   lua reentrancy.lua
-- Should-fail twin: the same script with the module built with
-- -DFCL_TEST_NO_REENTRY_GUARD (the world pointer taken before the
-- arguments are read, no busy flag): it must fail (meson.build).
local fc = require "fixcol"
local ONE = fc.ONE

local checks, failures = 0, 0
local function fail(msg)
  failures = failures + 1
  io.stderr:write("FAIL: " .. msg .. "\n")
end

-- A canonical text of any values (ids are binary strings: hex).
local function ser(v, depth)
  depth = depth or 0
  local t = type(v)
  if t == "string" then return (v:gsub(".", function(c) return ("%02x"):format(c:byte()) end)) .. "s" end
  if t ~= "table" then return tostring(v) end
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  local parts = {}
  for _, k in ipairs(keys) do parts[#parts + 1] = tostring(k) .. "=" .. ser(v[k], depth + 1) end
  return "{" .. table.concat(parts, ",") .. "}"
end
local function pack(...) return { n = select("#", ...), ... } end
local function ser_all(r)
  local parts = {}
  for i = 1, r.n do parts[i] = ser(r[i]) end
  return table.concat(parts, " ")
end

-- Worlds: a 2D grid of circles and OBBs, a 3D grid of spheres and a
-- capsule3 body (the last id; away from the casts' paths).
local function make2()
  local w = assert(fc.world_create { dim = 2, bounds_log2 = 12 })
  local ids = {}
  for i = 0, 29 do
    for j = 0, 19 do
      local s = (i + j) % 3 == 0 and fc.obb2(i * 3 * ONE, j * 3 * ONE, ONE, 32768, (i * 4099) % 65536)
        or fc.circle(i * 3 * ONE, j * 3 * ONE, 2 * ONE)
      ids[#ids + 1] = assert(w:create_body(s, { category = 1 + (i % 2), mask = 0xffffffff }))
    end
  end
  w:find_pairs()
  for k = 1, 40 do w:translate2(ids[k], ONE, 21845) end
  w:find_pairs()
  return w, ids
end
local function make3()
  local w = assert(fc.world_create { dim = 3, bounds_log2 = 12 })
  local ids = {}
  for i = 0, 9 do
    for j = 0, 9 do
      for k = 0, 4 do
        ids[#ids + 1] = assert(w:create_body(fc.sphere(i * 3 * ONE, j * 3 * ONE, k * 3 * ONE, 2 * ONE)))
      end
    end
  end
  ids[#ids + 1] = assert(w:create_body(fc.capsule3(100 * ONE, 100 * ONE, 100 * ONE, 104 * ONE, 101 * ONE, 99 * ONE, ONE)))
  w:find_pairs()
  return w, ids
end
local SNAP2 = (function() local w = make2(); local s = w:snapshot(); w:destroy(); return s end)()
local SNAP3 = (function() local w = make3(); local s = w:snapshot(); w:destroy(); return s end)()

-- A proxy of t whose first field read (or write: newindex) runs action.
local function hostile(t, action, newindex)
  local fired = false
  local mt = {}
  local function fire()
    if not fired then fired = true; action() end
  end
  if newindex then
    mt.__newindex = function(p, k, v) fire(); rawset(p, k, v) end
    return setmetatable(t, mt)
  end
  mt.__index = function(_, k) fire(); return t[k] end
  return setmetatable({}, mt)
end

-- Cases: {name, dim, kind, call(w, ids, wrap)}; wrap is applied to exactly
-- one table argument. kind true: a shape read by the world's dimension (a
-- restore of the other dimension meanwhile is an error); "after": the
-- metamethod runs after the world was read (get_shape filling out), so the
-- reference does the action after the call; false: neither. (cast2/3 name
-- their dimension: on a world of the other one they return a data error.)
local function F(cat) return { category = cat or 1, mask = 0xffffffff } end
local big2 = fc.aabb2(0, 0, 60 * ONE, 40 * ONE)
local cases = {
  { "create_body shape", 2, true, function(w, ids, W) return w:create_body(W(fc.circle(5 * ONE, 5 * ONE, ONE)), F(2)) end },
  { "create_body filter", 2, false, function(w, ids, W) return w:create_body(fc.circle(5 * ONE, 5 * ONE, ONE), W(F(2))) end },
  { "create_body shape 3D", 3, true, function(w, ids, W) return w:create_body(W(fc.sphere(ONE, ONE, ONE, ONE))) end },
  { "set_shape", 2, true, function(w, ids, W) return w:set_shape(ids[7], W(fc.circle(ONE, 2 * ONE, 3 * ONE))) end },
  { "set_shape 3D", 3, true, function(w, ids, W) return w:set_shape(ids[7], W(fc.sphere(ONE, 2 * ONE, 3 * ONE, ONE))) end },
  { "create_body capsule3", 3, true, function(w, ids, W) return w:create_body(W(fc.capsule3(ONE, ONE, ONE, 4 * ONE, ONE, ONE, ONE))) end },
  { "set_shape capsule3", 3, true, function(w, ids, W) return w:set_shape(ids[7], W(fc.capsule3(ONE, 2 * ONE, 3 * ONE, ONE, 5 * ONE, 3 * ONE, ONE))) end },
  { "get_shape out capsule3", 3, "after", function(w, ids, W) return w:get_shape(ids[#ids], W({}, true)) end },
  { "overlap capsule3", 3, true, function(w, ids, W) return w:overlap(W(fc.capsule3(0, 0, 0, 12 * ONE, 12 * ONE, 6 * ONE, ONE))) end },
  { "set_filter", 2, false, function(w, ids, W) return w:set_filter(ids[9], W(F(4))) end },
  { "get_shape out", 2, "after", function(w, ids, W) return w:get_shape(ids[3], W({}, true)) end },
  { "overlap shape", 2, true, function(w, ids, W) return w:overlap(W(fc.circle(20 * ONE, 20 * ONE, 9 * ONE))) end },
  { "overlap filter", 2, false, function(w, ids, W) return w:overlap(big2, W(F(2))) end },
  { "overlap 3D", 3, true, function(w, ids, W) return w:overlap(W(fc.sphere(9 * ONE, 9 * ONE, 6 * ONE, 8 * ONE))) end },
  { "point2", 2, false, function(w, ids, W) return w:point2(3 * ONE, 3 * ONE, W(F())) end },
  { "point3", 3, false, function(w, ids, W) return w:point3(3 * ONE, 3 * ONE, 3 * ONE, W(F())) end },
  { "raycast2", 2, false, function(w, ids, W) return w:raycast2(-ONE, ONE, 90 * ONE, 40 * ONE, W(F())) end },
  { "raycast3", 3, false, function(w, ids, W) return w:raycast3(-ONE, ONE, ONE, 30 * ONE, 30 * ONE, 6 * ONE, W(F())) end },
  { "raycast2_all", 2, false, function(w, ids, W) return w:raycast2_all(-ONE, ONE, 90 * ONE, 40 * ONE, W(F())) end },
  { "raycast3_all", 3, false, function(w, ids, W) return w:raycast3_all(-ONE, ONE, ONE, 30 * ONE, 30 * ONE, 6 * ONE, W(F())) end },
  { "overlap_sector2", 2, false, function(w, ids, W) return w:overlap_sector2(W(fc.sector2(30 * ONE, 30 * ONE, 20 * ONE, 0, 8192))) end },
  { "overlap_ring2", 2, false, function(w, ids, W) return w:overlap_ring2(W(fc.ring2(30 * ONE, 30 * ONE, 5 * ONE, 15 * ONE))) end },
  { "overlap_sector2 filter", 2, false, function(w, ids, W) return w:overlap_sector2(fc.sector2(30 * ONE, 30 * ONE, 20 * ONE, 0, 8192), W(F(2))) end },
  { "cast2 shape", 2, false, function(w, ids, W) return w:cast2(W(fc.circle(-5 * ONE, ONE, ONE)), 90 * ONE, 30 * ONE) end },
  { "cast2 filter", 2, false, function(w, ids, W) return w:cast2(fc.circle(-5 * ONE, ONE, ONE), 90 * ONE, 30 * ONE, W(F())) end },
  { "cast2_all", 2, false, function(w, ids, W) return w:cast2_all(W(fc.circle(-5 * ONE, ONE, ONE)), 90 * ONE, 30 * ONE) end },
  { "cast3", 3, false, function(w, ids, W) return w:cast3(W(fc.sphere(-5 * ONE, ONE, ONE, ONE)), 30 * ONE, 30 * ONE, 6 * ONE) end },
  { "cast3_all", 3, false, function(w, ids, W) return w:cast3_all(fc.sphere(-5 * ONE, ONE, ONE, ONE), 30 * ONE, 30 * ONE, 6 * ONE, W(F())) end },
}

-- Actions done from inside the metamethod (and, for the reference, before
-- the call). A nested call is an action too; it must change nothing.
local actions = {
  destroy = function(w) w:destroy() end,
  mutate = function(w, ids)
    local d = w:dim()
    if d == 2 then
      assert(w:translate2(ids[5], ONE, -ONE))
      assert(w:create_body(fc.circle(7 * ONE, 7 * ONE, ONE)))
    else
      assert(w:translate3(ids[5], ONE, -ONE, ONE))
      assert(w:create_body(fc.sphere(7 * ONE, 7 * ONE, 7 * ONE, ONE)))
    end
  end,
  other_dim = function(w) assert(w:restore(w:dim() == 2 and SNAP3 or SNAP2)) end,
  nested = function(w, ids)
    local d = w:dim()
    w:checksum()
    if d == 2 then
      w:overlap(big2)
      w:raycast2_all(0, 0, 50 * ONE, 50 * ONE)
      w:cast2_all(fc.circle(0, 0, ONE), 50 * ONE, 50 * ONE)
    else
      w:overlap(fc.aabb3(0, 0, 0, 30 * ONE, 30 * ONE, 15 * ONE))
      w:raycast3_all(0, 0, 0, 30 * ONE, 30 * ONE, 15 * ONE)
    end
    w:get_shape(ids[2])
    w:snapshot()
  end,
}
local ACTION_ORDER = { "destroy", "mutate", "other_dim", "nested" }

local function state(w)
  if w:is_destroyed() then return "destroyed" end
  return w:checksum() .. " " .. ser(w:snapshot())
end

for _, c in ipairs(cases) do
  local name, dim, typed, call = c[1], c[2], c[3], c[4]
  local make = dim == 2 and make2 or make3
  for _, an in ipairs(ACTION_ORDER) do
    local act = actions[an]
    local what = name .. " x " .. an
    -- hostile run
    local w, ids = make()
    local ok, r = pcall(function()
      return pack(call(w, ids, function(t, ni) return hostile(t, function() act(w, ids) end, ni) end))
    end)
    checks = checks + 1
    if an == "destroy" and typed ~= "after" then
      if ok then
        fail(what .. ": succeeded on a world destroyed by its argument's metamethod: " .. ser_all(r))
      elseif not tostring(r):find("destroyed", 1, true) then
        fail(what .. ": expected a 'destroyed' error, got: " .. tostring(r))
      end
    elseif an == "other_dim" and typed == true then
      if ok then
        fail(what .. ": succeeded although the dimension changed under its argument: " .. ser_all(r))
      elseif not tostring(r):find("dimension", 1, true) then
        fail(what .. ": expected a 'dimension' error, got: " .. tostring(r))
      end
    else
      -- reference: the action first, then the plain call
      local rw, rids = make()
      if typed ~= "after" then act(rw, rids) end
      local rok, rr = pcall(function() return pack(call(rw, rids, function(t) return t end)) end)
      if typed == "after" then act(rw, rids) end
      if ok ~= rok then
        fail(what .. ": hostile " .. tostring(ok) .. " (" .. (ok and ser_all(r) or tostring(r)) .. ") vs reference " ..
          tostring(rok) .. " (" .. (rok and ser_all(rr) or tostring(rr)) .. ")")
      elseif ok then
        if name == "get_shape out" or name == "get_shape out capsule3" then
          -- the shape table itself is the first result: compare its fields
          r[1] = setmetatable(r[1], nil)
        end
        if ser_all(r) ~= ser_all(rr) then
          fail(what .. ": results differ from the reference:\n  " .. ser_all(r) .. "\n  " .. ser_all(rr))
        end
      end
      if state(w) ~= state(rw) then fail(what .. ": checksum/snapshot differ from the reference") end
      rw:destroy()
    end
    -- the world object still answers (no corruption): a fresh world works
    if not w:is_destroyed() then assert(w:validate()); w:destroy() end
  end
end

-- Part B: finalizers during a list-returning call.
local newproxy = rawget(_G, "newproxy")
local function finalizable(fn)
  if newproxy then -- 5.1 / LuaJIT: __gc only on userdata
    local p = newproxy(true)
    getmetatable(p).__gc = fn
    return p
  end
  return setmetatable({}, { __gc = fn })
end

local refused = 0
-- {pause, stepmul, step (-1: none), set before or after the full collection}
local GC_CONFIGS = {}
for _, c in ipairs { { 0, 100, 1 }, { 0, 400, 1 }, { 10, 5000, 1 }, { 0, 20000, 1 }, { 10, 5000, 0 }, { 100, 20000, 0 } } do
  GC_CONFIGS[#GC_CONFIGS + 1] = { c[1], c[2], c[3], "after" }
end
for _, c in ipairs { { 0, 100, 1 }, { 0, 200, -1 }, { 0, 400, -1 }, { 20, 1000, -1 } } do
  GC_CONFIGS[#GC_CONFIGS + 1] = { c[1], c[2], c[3], "before" }
end
if _VERSION == "Lua 5.4" then
  for _, c in ipairs { { 0, 100, -1, 0 }, { 0, 100, -1, 4 }, { 0, 400, -1, 6 }, { 10, 1000, -1, 8 } } do
    GC_CONFIGS[#GC_CONFIGS + 1] = { c[1], c[2], c[3], "after", c[4] }
  end
end
local list_calls = {
  { "find_pairs", function(w) return w:find_pairs() end },
  { "overlap", function(w) return w:overlap(big2) end },
  { "raycast2_all", function(w) return w:raycast2_all(-ONE, ONE, 90 * ONE, 40 * ONE) end },
  { "cast2_all", function(w) return w:cast2_all(fc.circle(-5 * ONE, ONE, 2 * ONE), 90 * ONE, 40 * ONE) end },
  { "snapshot", function(w) return w:snapshot() end },
  { "find_contacts", function(w) return w:find_contacts() end },
  { "pair_events", function(w) return w:pair_events() end },
  { "dump", function(w) return w:dump() end },
}
-- One round: a list call on a fresh world with 200 pending finalizers (20
-- destroy the world, the others query or move it), the collector tuned by
-- cfg and advanced by pre_steps basic steps first; checks the call's result
-- against a run without finalizers and counts the finalizers refused as busy.
local function finalizer_round(name, call, cfg, pre_steps)
  -- (the hostile run first: its ids are then new strings, so writing
  -- them allocates, which is when the collector runs)
  local w, wids = make2()
  local id1 = wids[1]
  wids = nil -- (the id strings are then garbage, collected below, and new again when written)
  local function tune()
    if cfg[5] then
      -- Lua 5.4: steps of 2^cfg[5] bytes, so a finalizer runs within a few
      -- allocations of the call wherever the cycle stands
      collectgarbage("incremental", cfg[1], cfg[2], cfg[5])
    else
      collectgarbage("setpause", cfg[1])
      collectgarbage("setstepmul", cfg[2])
    end
  end
  if cfg[4] == "before" then tune() end
  collectgarbage("collect")
  local outcomes = {}
  for k = 1, 200 do
    -- (finalizers run about in reverse creation order: the destroying
    -- ones are made first, so that the queries and moves come first and
    -- the world usually survives into the call's busy window)
    local kind = k <= 20 and 0 or 1 + k % 2
    finalizable(function()
      local ok, err = pcall(function()
        if kind == 0 then w:destroy() elseif kind == 1 then w:overlap(big2) else w:translate2(id1, 0, 0) end
      end)
      outcomes[#outcomes + 1] = ok and "ok" or tostring(err)
    end)
  end
  -- a collector that finishes a cycle within a few allocations
  if cfg[4] == "after" then tune() end
  if cfg[3] >= 0 then collectgarbage("step", cfg[3]) end
  for _ = 1, pre_steps do collectgarbage("step", 0) end
  local ok, r = pcall(function() return pack(call(w)) end)
  if cfg[5] then collectgarbage("incremental", 200, 100, 13) end
  collectgarbage("setpause", 200)
  collectgarbage("setstepmul", 200)
  collectgarbage("collect")
  local rw = make2()
  local rr = pack(call(rw))
  checks = checks + 1
  local busy = 0
  for _, o in ipairs(outcomes) do
    if o:find("busy", 1, true) then busy = busy + 1 end
  end
  refused = refused + busy
  if ok then
    if ser_all(r) ~= ser_all(rr) then fail(name .. " with finalizers: results differ from the reference") end
  elseif not (tostring(r):find("destroyed", 1, true) or tostring(r):find("busy", 1, true)) then
    fail(name .. " with finalizers: unexpected error " .. tostring(r))
  end
  rw:destroy()
  if not w:is_destroyed() then w:destroy() end
  return busy
end

for _, lc in ipairs(list_calls) do
  for round = 1, #GC_CONFIGS do finalizer_round(lc[1], lc[2], GC_CONFIGS[round], 0) end
end
-- Which settings put a finalizer into a call's busy window depends on the VM
-- and on the memory layout (the module's size, the script's path), so also
-- search for it: a collector that starts its next cycle at once, advanced by
-- 0, 1, 2, ... basic steps before the call, until the cycle's end (when the
-- finalizers run) falls inside a call (only when the settings above put
-- none there; each round checks the call's result all the same).
-- (Lua 5.4: also over step sizes of 2^4, 2^8, ... bytes; which one works
-- depends on the layout too)
local SEARCH_CFGS = { { 0, 100, -1, "after" } }
if _VERSION == "Lua 5.4" then
  SEARCH_CFGS = {}
  for _, sz in ipairs { 4, 8, 2, 6, 10, 0 } do SEARCH_CFGS[#SEARCH_CFGS + 1] = { 0, 100, -1, "after", sz } end
end
local searched = 0
for _, cfg in ipairs(SEARCH_CFGS) do
  for _, lc in ipairs(list_calls) do
    if refused > 0 or failures > 0 then break end -- (found, or already failing)
    for pre = 0, 200 do
      searched = searched + 1
      if finalizer_round(lc[1], lc[2], cfg, pre) > 0 then break end
    end
  end
end
checks = checks + 1
if refused == 0 then fail("no finalizer ran while a call was writing its results (the part B check is vacuous)") end

print(("reentrancy: %d checks, %d failures, %d finalizer calls refused as busy, %d search rounds"):format(checks, failures, refused, searched))
os.exit(failures == 0 and 0 or 1)
