-- SPDX-License-Identifier: MIT
-- moba_frame.lua - cost of crossing the boundary: per-frame time of a
-- replay (default replays/moba-skirmish.fcr) applied through the Lua
-- binding vs the C replay runner, same machine, same run. Operations are
-- decoded (ids and filters built) before timing; a frame does what the C
-- runner does: every operation with its status folded into the ops hash,
-- query and ray results hashed, the pair list hashed, the world checksum
-- and the frame checksum. Best of REPS runs each. Prints
--   bench <vm>_moba_frame_ratio R x    (and the two per-frame times)
-- Not a test (no timed assertions): run it by hand, e.g.
--   LUA_CPATH='build/bindings/lua/lua54/?.so' lua5.4 bindings/lua/bench/moba_frame.lua
local fc = require "fixcol"
local cb = require "fixcol_cbench"
local path, reps = ... or "replays/moba-skirmish.fcr", 5
path = path or "replays/moba-skirmish.fcr"
local vm = rawget(_G, "jit") and "luajit" or ("lua" .. _VERSION:gsub("Lua ", ""):gsub("%.", ""))

local f = assert(io.open(path, "rb"))
local data = f:read("*a")
f:close()

-- Decode every frame's operations.
local r = assert(fc.replay_open(data))
local settings = r:settings()
local frames = {}
while true do
  local more, n = r:next_frame()
  if not more then break end
  local ops = {}
  for i = 1, n do
    local op = assert(r:next_op())
    op.id = fc.id(op.index, op.generation, 1)
    op.filter = { category = op.category, mask = op.mask }
    ops[i] = op
  end
  local e = assert(r:read_expect())
  for _ = 1, e.query_count do r:read_query_expect() end
  frames[#frames + 1] = ops
end

local STATUS = fc.status
local KIND = { create = 1, move = 2, turn = 3, set = 4, destroy = 5, snapshot = 10, restore = 11 }
local function u32(st) return st < 0 and st + 4294967296 or st end
local function code(ok, name) if ok == nil then return STATUS[name] end return 0 end

local function run_lua()
  local w = assert(fc.world_create(settings))
  local dim = settings.dim
  local h, ops_h, frame_h = fc.hasher(), fc.hasher(), fc.hasher()
  local pairs_out, q_out, qc, qh, slots = {}, {}, {}, {}, {}
  local t0 = cb.now()
  for fi = 1, #frames do
    local ops = frames[fi]
    ops_h:reset(0)
    local nq = 0
    for i = 1, #ops do
      local op = ops[i]
      local k, id = op.kind, op.id
      local kind = KIND[k]
      if kind then
        local st, got
        if k == "move" then
          if dim == 2 then st = code(w:translate2(id, op.ax, op.ay)) else st = code(w:translate3(id, op.ax, op.ay, op.az)) end
        elseif k == "create" then
          local name
          got, name = w:create_body(op.shape, op.filter)
          st = code(got, name)
        elseif k == "turn" then st = code(w:set_angle2(id, op.angle))
        elseif k == "set" then st = code(w:set_shape(id, op.shape))
        elseif k == "destroy" then st = code(w:destroy_body(id))
        elseif k == "snapshot" then
          local b, name = w:snapshot(); st = code(b, name); if b then slots[op.slot] = b end
        else
          st = slots[op.slot] and code(w:restore(slots[op.slot])) or STATUS.argument
        end
        ops_h:word(u32(st), kind)
        if got then ops_h:word(fc.id_parts(got)) end
      else
        local a, b
        local n, hv
        if k == "overlap" then
          a, b = w:overlap(op.shape, op.filter, q_out)
        elseif k == "point" then
          if dim == 2 then a, b = w:point2(op.ax, op.ay, op.filter, q_out) else a, b = w:point3(op.ax, op.ay, op.az, op.filter, q_out) end
        elseif k == "ray" then
          if dim == 2 then a, b = w:raycast2(op.ax, op.ay, op.bx, op.by, op.filter)
          else a, b = w:raycast3(op.ax, op.ay, op.az, op.bx, op.by, op.bz, op.filter) end
          if a == nil then n, hv = 0, h:reset(u32(STATUS[b])):fold()
          elseif a == false then n, hv = 0, h:reset(0):fold()
          else n, hv = 1, h:reset(0):id(a):word(b):fold() end
        else
          if dim == 2 then a, b = w:raycast2_all(op.ax, op.ay, op.bx, op.by, op.filter, q_out)
          else a, b = w:raycast3_all(op.ax, op.ay, op.az, op.bx, op.by, op.bz, op.filter, q_out) end
          if a == nil then n, hv = 0, u32(STATUS[b]) else n, hv = b, h:reset(0):ray_hits(q_out, b):fold() end
        end
        if not n then
          if a == nil then n, hv = 0, u32(STATUS[b]) else n, hv = b, h:reset(0):ids(q_out, b):fold() end
        end
        nq = nq + 1
        qc[nq], qh[nq] = n, hv
      end
    end
    local _, np = w:find_pairs(pairs_out)
    local ph = h:reset(0):ids(pairs_out, 2 * np):final()
    frame_h:reset(0):word_hex(w:checksum()):word_hex(ph):word(np, ops_h:fold()):word(nq, 0)
    for q = 1, nq do frame_h:word(qc[q], qh[q]) end
    frame_h:final()
  end
  local t = (cb.now() - t0) / #frames
  w:destroy()
  return t
end

local best_lua = math.huge
for _ = 1, reps do
  collectgarbage()
  local t = run_lua()
  if t < best_lua then best_lua = t end
end
local best_c = cb.c_runner(data, reps)
print(("bench %s_moba_frame_us %.2f us"):format(vm, best_lua * 1e6))
print(("bench c_moba_frame_us %.2f us"):format(best_c * 1e6))
print(("bench %s_moba_frame_ratio %.2f x"):format(vm, best_lua / best_c))
