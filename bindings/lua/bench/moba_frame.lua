-- SPDX-License-Identifier: MIT
-- moba_frame.lua - cost of crossing the boundary: per-frame time of a
-- replay (default replays/moba-skirmish.fcr) applied through the Lua
-- binding vs the C replay runner (fc_replay_runner), same machine, same run.
--
-- Both sides do the same work per frame, and both check it: every
-- operation, its status folded into the ops hash (with the created id),
-- every query's count and result hash, the pair list and its hash, the
-- world checksum, the frame checksum - compared with the checksum the
-- replay recorded for that frame (a mismatch aborts the bench). Operations
-- are decoded before timing (ids and filters built, as the C side holds
-- decoded fc_replay_op structs). The Lua side is written as a game frame
-- would be: reused output tables, no per-frame garbage (checksum_parts,
-- final_parts instead of hex strings), and the frame's moves gathered into
-- reused arrays and applied by one w:translate2_many (statuses hashed by
-- one h:words). "per_op" repeats the run with one w:translate2 and one
-- h:word per move instead.
--
-- Runs are interleaved (Lua, C, Lua per-op, ... REPS times); each ratio is
-- taken within one repetition; the median and the range are printed:
--   bench <vm>_moba_frame_ratio R x  (and _us, c_, _per_op lines)
-- Not a test (no timed assertions): run it by hand, e.g.
--   LUA_CPATH='build/bindings/lua/lua54/?.so' lua5.4 bindings/lua/bench/moba_frame.lua [replay [reps]]
local fc = require "fixcol"
local cb = require "fixcol_cbench"
local path, reps = ...
path = path or "replays/moba-skirmish.fcr"
reps = tonumber(reps) or 7
local vm = rawget(_G, "jit") and "luajit" or ("lua" .. _VERSION:gsub("Lua ", ""):gsub("%.", ""))

local f = assert(io.open(path, "rb"))
local data = f:read("*a")
f:close()

-- Decode every frame's operations and the frame checksum it must give.
local r = assert(fc.replay_open(data))
local settings = r:settings()
local frames, exp_lo, exp_hi = {}, {}, {}
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
  exp_lo[#frames] = tonumber(e.checksum:sub(9, 16), 16)
  exp_hi[#frames] = tonumber(e.checksum:sub(1, 8), 16)
end

local STATUS = fc.status
local KIND = { create = 1, move = 2, turn = 3, set = 4, destroy = 5, snapshot = 10, restore = 11 }

local function run_lua(batch)
  local w = assert(fc.world_create(settings))
  local dim = settings.dim
  batch = batch and dim == 2
  local h, ops_h, frame_h = fc.hasher(), fc.hasher(), fc.hasher()
  local pairs_out, q_out, qc, qh, slots = {}, {}, {}, {}, {}
  local ids, dxs, dys, mst = {}, {}, {}, {}
  local bad = 0
  local t0 = cb.now()
  for fi = 1, #frames do
    local ops = frames[fi]
    ops_h:reset(0)
    local nq, nm = 0, 0
    for i = 1, #ops do
      local op = ops[i]
      local k = op.kind
      if batch and k == "move" then
        nm = nm + 1
        ids[nm], dxs[nm], dys[nm] = op.id, op.ax, op.ay
      else
        if nm > 0 then
          w:translate2_many(ids, dxs, dys, nm, mst)
          ops_h:words(mst, nm, 2)
          nm = 0
        end
        local kind, id = KIND[k], op.id
        if kind then
          local ok, name
          if k == "move" then
            if dim == 2 then ok, name = w:translate2(id, op.ax, op.ay) else ok, name = w:translate3(id, op.ax, op.ay, op.az) end
          elseif k == "create" then ok, name = w:create_body(op.shape, op.filter)
          elseif k == "turn" then ok, name = w:set_angle2(id, op.angle)
          elseif k == "set" then ok, name = w:set_shape(id, op.shape)
          elseif k == "destroy" then ok, name = w:destroy_body(id)
          elseif k == "snapshot" then
            ok, name = w:snapshot()
            if ok then slots[op.slot] = ok end
          elseif slots[op.slot] then ok, name = w:restore(slots[op.slot])
          else ok, name = nil, "argument" end
          ops_h:word(ok and 0 or STATUS[name], kind)
          if k == "create" and ok then ops_h:word(fc.id_parts(ok)) end
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
            if a == nil then n, hv = 0, h:reset(STATUS[b]):fold()
            elseif a == false then n, hv = 0, h:reset(0):fold()
            else n, hv = 1, h:reset(0):id(a):word(b):fold() end
          else
            if dim == 2 then a, b = w:raycast2_all(op.ax, op.ay, op.bx, op.by, op.filter, q_out)
            else a, b = w:raycast3_all(op.ax, op.ay, op.az, op.bx, op.by, op.bz, op.filter, q_out) end
            if a == nil then n, hv = 0, STATUS[b] % 4294967296 else n, hv = b, h:reset(0):ray_hits(q_out, b):fold() end
          end
          if not n then
            if a == nil then n, hv = 0, STATUS[b] % 4294967296 else n, hv = b, h:reset(0):ids(q_out, b):fold() end
          end
          nq = nq + 1
          qc[nq], qh[nq] = n, hv
        end
      end
    end
    if nm > 0 then
      w:translate2_many(ids, dxs, dys, nm, mst)
      ops_h:words(mst, nm, 2)
    end
    local _, np = w:find_pairs(pairs_out)
    local plo, phi = h:reset(0):ids(pairs_out, 2 * np):final_parts()
    frame_h:reset(0):word(w:checksum_parts()):word(plo, phi):word(np, ops_h:fold()):word(nq, 0)
    for q = 1, nq do frame_h:word(qc[q], qh[q]) end
    local lo, hi = frame_h:final_parts()
    if lo ~= exp_lo[fi] or hi ~= exp_hi[fi] then bad = bad + 1 end
  end
  local t = (cb.now() - t0) / #frames
  w:destroy()
  if bad > 0 then error(("Lua side: %d of %d frame checksums differ from the replay"):format(bad, #frames)) end
  return t
end

local function median(t)
  local s = {}
  for i = 1, #t do s[i] = t[i] end
  table.sort(s)
  local n = #s
  return n % 2 == 1 and s[(n + 1) / 2] or (s[n / 2] + s[n / 2 + 1]) / 2, s[1], s[n]
end

local t_lua, t_c, t_op, r_lua, r_op = {}, {}, {}, {}, {}
for i = 1, reps do
  collectgarbage()
  t_lua[i] = run_lua(true)
  local c, _, cbad = cb.c_runner(data, 1)
  if cbad > 0 then error(("C side: %d frame checksums differ from the replay"):format(cbad)) end
  t_c[i] = c
  collectgarbage()
  t_op[i] = run_lua(false)
  r_lua[i], r_op[i] = t_lua[i] / c, t_op[i] / c
end
-- One figure per line, `bench NAME VALUE UNIT` (the median of the
-- repetitions), then its spread as NAME_min and NAME_max.
local function line(name, t, scale, unit)
  local m, lo, hi = median(t)
  print(("bench %s %.2f %s"):format(name, m * scale, unit))
  print(("bench %s_min %.2f %s"):format(name, lo * scale, unit))
  print(("bench %s_max %.2f %s"):format(name, hi * scale, unit))
end
line(vm .. "_moba_frame_us", t_lua, 1e6, "us")
line("c_moba_frame_us", t_c, 1e6, "us")
line(vm .. "_moba_frame_ratio", r_lua, 1, "x")
line(vm .. "_moba_frame_per_op_us", t_op, 1e6, "us")
line(vm .. "_moba_frame_per_op_ratio", r_op, 1, "x")
