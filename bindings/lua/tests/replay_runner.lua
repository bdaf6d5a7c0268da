-- SPDX-License-Identifier: MIT
-- replay_runner.lua - the cross-language determinism proof: every operation
-- of each replay is applied through the Lua world API (not fc_replay_verify
-- or fc_replay_run), every frame's expected values (operation statuses and
-- created ids, query and ray results, pair list, world checksum, frame
-- checksum; in format 3 also the skill-area and shape-cast queries, the
-- pair events and the world contacts; in format 4 also the push-outs, filter
-- changes, body hashes and pair findings inside a frame) are recomputed in
-- Lua from what that
-- API returned, and the digest over all frame checksums must equal the C
-- tool's (docs/replay-format.md defines every hash).
--
--   lua replay_runner.lua [--c-tool PATH] [--flip FRAME] [--flip-v3 FRAME] [--flip-v4 KIND] [--flip-v5 KIND] [--batch] FILE.fcr...
-- --c-tool: run `PATH verify FILE...` and require the same digest line.
-- --batch: in 2D replays, each run of consecutive moves is applied by one
--         w:translate2_many and its statuses hashed by one h:words (as a
--         game frame would move its units); the world checksum and the
--         pair hash enter the frame checksum through checksum_parts and
--         final_parts (no strings). Same expected values, same digest.
-- --flip: flip one bit of frame FRAME's expected state checksum in the
--         first file (the should-fail twin: the run must then fail).
-- --flip-v3: flip one bit of the first cast query's expected hash in the
--         first file, and of frame FRAME's expected contacts hash (the
--         format 3 twin: the run must then fail).
-- --flip-v4: flip one bit of the expected hash of the first query of KIND
--         (pushout, body_hash or pairs: the format 4 twins) in the first file.
-- --flip-v5: change one mover output - the x of the displacement the first
--         call of KIND (mover or mover_shape) that moved reports, by 1 raw -
--         before it is hashed (the format 5 twins): the run must fail.
-- Prints one line per file and `digest <16 hex>`; exits 1 on any mismatch.
local fc = require "fixcol"

local STATUS = fc.status
local KIND = { create = 1, move = 2, turn = 3, set = 4, destroy = 5, snapshot = 10, restore = 11, set_filter = 19 }
local TWO32 = 4294967296

local function u32(st) return st < 0 and st + TWO32 or st end

-- The status code of a binding result: 0 when it succeeded, else the C code
-- of the returned status name (data errors are nil, name, message).
local function code(ok, name)
  if ok == nil then return assert(STATUS[name], name) end
  return 0
end

local args, files, c_tool, flip, flip3, flip4, flip5, batch = { ... }, {}, nil, nil, nil, nil, nil, false
local i = 1
while i <= #args do
  if args[i] == "--c-tool" then c_tool = args[i + 1]; i = i + 2
  elseif args[i] == "--flip" then flip = tonumber(args[i + 1]); i = i + 2
  elseif args[i] == "--flip-v3" then flip3 = tonumber(args[i + 1]); i = i + 2
  elseif args[i] == "--flip-v4" then flip4 = args[i + 1]; i = i + 2
  elseif args[i] == "--flip-v5" then flip5 = args[i + 1]; i = i + 2
  elseif args[i] == "--batch" then batch = true; i = i + 1
  else files[#files + 1] = args[i]; i = i + 1 end
end
assert(#files > 0, "usage: replay_runner.lua [--c-tool PATH] [--flip FRAME] [--flip-v3 FRAME] [--flip-v4 KIND] [--batch] FILE...")

local digest = fc.hasher(0)
local h = fc.hasher(0)          -- scratch hasher for pair / query hashes
local ops_h = fc.hasher(0)
local frame_h = fc.hasher(0)
local pairs_out, q_out, filt = {}, {}, { category = 1, mask = 1 }
local mdef, mexclude, touches_out = {}, {}, {} -- format 5: the mover def, its excluded ids, the touches
local contacts_out, began_out, ended_out, found_out = {}, {}, {}, {}
local q_count, q_hash, q_kind = {}, {}, {}
local cast_flipped = false
local m_ids, m_dxs, m_dys, m_st = {}, {}, {}, {} -- --batch: the pending run of moves
local failed = false

-- A format 3 frame's one pair finding (w:find_contacts, into pairs_out)
-- and the pair events right after it: the pair count and the began /
-- ended / contacts counts and 32-bit hashes (docs/replay-format.md).
local function frame_v3(w, dim)
  local v = {}
  local p, n, c = w:find_contacts(pairs_out, contacts_out)
  if p == nil then -- the status is the seed; the pair hash is the status
    local st = u32(STATUS[n])
    for j = #pairs_out, 1, -1 do pairs_out[j] = nil end
    v.contact_count, v.contacts = 0, h:reset(st):fold()
    v.pairs_status = st -- the pair hash is then the status itself
    n = 0
  else
    local per = dim == 2 and 5 or 7
    h:reset(0)
    for j = 0, n - 1 do
      local o = j * per
      h:id(p[2 * j + 1]):id(p[2 * j + 2]):word(c[o + 1], c[o + 2]):word(c[o + 3], c[o + 4])
      if per == 5 then h:word(c[o + 5], 0)
      else h:word(c[o + 5], c[o + 6]):word(c[o + 7], 0) end
    end
    v.contact_count, v.contacts = n, h:fold()
  end
  local b, nb, e, ne = w:pair_events(began_out, ended_out)
  if b == nil then
    local folded = h:reset(u32(STATUS[nb])):fold()
    v.began_count, v.began, v.ended_count, v.ended = 0, folded, 0, folded
  else
    v.began_count, v.began = nb, h:reset(0):ids(b, 2 * nb):fold()
    v.ended_count, v.ended = ne, h:reset(0):ids(e, 2 * ne):fold()
  end
  return n, v
end

-- A cast hit's three words (docs/replay-format.md): id, t | nx, ny | nz.
local function cast_hit(id, t, nx, ny, nz)
  h:id(id):word(t, nx):word(ny, nz)
end

local function run_file(path, flip_frame, flip3_frame, flip4_kind, flip5_kind)
  local f = assert(io.open(path, "rb"))
  local data = f:read("*a")
  f:close()
  local r = assert(fc.replay_open(data))
  local s = r:settings()
  local w = assert(fc.world_create(s))
  local dim = s.dim
  local slots = {}
  local frames, nops_total, bad = 0, 0, 0
  local nm = 0 -- pending moves (--batch)

  local function flush_moves()
    if nm == 0 then return end
    local rejected = w:translate2_many(m_ids, m_dxs, m_dys, nm, m_st)
    local nbad = 0
    for j = 1, nm do if m_st[j] ~= 0 then nbad = nbad + 1 end end
    assert(m_st[nm + 1] == nil and nbad == rejected, "translate2_many: status table and count disagree")
    ops_h:words(m_st, nm, KIND.move)
    nm = 0
  end

  local function query(op)
    filt.category, filt.mask = op.category, op.mask
    local k = op.kind
    local a, b, c
    if k == "overlap" then
      a, b, c = w:overlap(op.shape, filt, q_out)
    elseif k == "point" then
      if dim == 2 then a, b, c = w:point2(op.ax, op.ay, filt, q_out)
      else a, b, c = w:point3(op.ax, op.ay, op.az, filt, q_out) end
    elseif k == "range" then -- a range checksum (docs/replay-format.md)
      local sum, name = w:range_checksum(op.lo, op.hi)
      if sum == nil then return 0, h:reset(u32(STATUS[name])):word(0, 0):fold() end
      local stop = math.min(op.hi, w:slot_count())
      return stop > op.lo and stop - op.lo or 0, h:reset(0):word_hex(sum):fold()
    elseif k == "dump" then -- the dump's bytes as little-endian 8-byte words
      local text = w:dump()
      h:reset(0)
      for i = 1, #text, 8 do
        local b1, b2, b3, b4, b5, b6, b7, b8 = text:byte(i, i + 7)
        h:word(b1 + (b2 or 0) * 256 + (b3 or 0) * 65536 + (b4 or 0) * 16777216,
          (b5 or 0) + (b6 or 0) * 256 + (b7 or 0) * 65536 + (b8 or 0) * 16777216)
      end
      return #text, h:fold()
    elseif k == "ray" then
      if dim == 2 then a, b, c = w:raycast2(op.ax, op.ay, op.bx, op.by, filt)
      else a, b, c = w:raycast3(op.ax, op.ay, op.az, op.bx, op.by, op.bz, filt) end
      if a == nil then return 0, h:reset(u32(STATUS[b])):fold() end
      if a == false then return 0, h:reset(0):fold() end
      return 1, h:reset(0):id(a):word(b):fold()
    elseif k == "sector" or k == "ring" then -- skill areas (format 3)
      if k == "sector" then a, b = w:overlap_sector2(op.sector, filt, q_out)
      else a, b = w:overlap_ring2(op.ring, filt, q_out) end
      if a == nil then return 0, h:reset(u32(STATUS[b])):fold() end
      return b, h:reset(0):ids(q_out, b):fold()
    elseif k == "cast" then -- closest shape-cast hit (format 3)
      local id, t, nx, ny, nz
      if dim == 2 then id, t, nx, ny = w:cast2(op.shape, op.bx, op.by, filt); nz = 0
      else id, t, nx, ny, nz = w:cast3(op.shape, op.bx, op.by, op.bz, filt) end
      if id == nil then return 0, h:reset(u32(STATUS[t])):fold() end
      if id == false then return 0, h:reset(0):fold() end
      h:reset(0)
      cast_hit(id, t, nx, ny, nz)
      return 1, h:fold()
    elseif k == "cast_all" then -- every shape-cast hit (format 3)
      local per
      if dim == 2 then a, b = w:cast2_all(op.shape, op.bx, op.by, filt, q_out); per = 4
      else a, b = w:cast3_all(op.shape, op.bx, op.by, op.bz, filt, q_out); per = 5 end
      if a == nil then return 0, h:reset(u32(STATUS[b])):fold() end
      h:reset(0)
      for j = 0, b - 1 do
        local o = j * per
        cast_hit(a[o + 1], a[o + 2], a[o + 3], a[o + 4], per == 5 and a[o + 5] or 0)
      end
      return b, h:fold()
    elseif k == "pushout" then -- format 4: b pushed out of a; the delta's words
      local dx, dy, dz
      if dim == 2 then dx, dy = fc.pushout2(op.shape, op.shape_b); dz = 0
      else dx, dy, dz = fc.pushout3(op.shape, op.shape_b) end
      if dx == nil then return 0, h:reset(u32(STATUS[dy])):fold() end
      return (dx ~= 0 or dy ~= 0 or dz ~= 0) and 1 or 0, h:reset(0):word(dx, dy):word(dz, 0):fold()
    elseif k == "body_hash" then -- format 4: the one-word record hash (0 on error)
      local hx, name = w:body_hash(fc.id(op.index, op.generation, 1))
      if hx == nil then return 0, h:reset(u32(STATUS[name])):word(0, 0):fold() end
      return 1, h:reset(0):word_hex(hx):fold()
    elseif k == "mover" or k == "mover_shape" then -- format 5: the mover through the binding's own API
      local m = op.mover
      for _, f in ipairs({ "skin", "max_iterations", "step_height", "snap_distance", "up_axis", "up_sign",
                           "slope_run", "slope_rise" }) do mdef[f] = m[f] end
      for j = #mexclude, 1, -1 do mexclude[j] = nil end
      for j, x in ipairs(m.exclude) do mexclude[j] = fc.id(x.index, x.generation, 1) end
      mdef.filter, mdef.exclude = filt, mexclude
      local mx, my, mz, flags, nt
      if dim == 2 then
        if k == "mover" then mx, my, flags, nt = w:move2(fc.id(op.index, op.generation, 1), op.ax, op.ay, mdef, touches_out)
        else mx, my, flags, nt = w:move_shape2(op.shape, op.ax, op.ay, mdef, touches_out) end
        if mx ~= nil then mz = 0 end
      else
        if k == "mover" then
          mx, my, mz, flags, nt = w:move3(fc.id(op.index, op.generation, 1), op.ax, op.ay, op.az, mdef, touches_out)
        else mx, my, mz, flags, nt = w:move_shape3(op.shape, op.ax, op.ay, op.az, mdef, touches_out) end
      end
      if mx == nil then return 0, h:reset(u32(STATUS[my])):fold() end
      if flip5_kind == k and (mx ~= 0 or my ~= 0 or mz ~= 0) then mx, flip5_kind = mx + 1, nil end
      h:reset(0):word(mx, my):word(mz, flags):word(nt, 0)
      local per = dim + 4 -- id, t, the normal, iteration, kind
      for j = 0, nt - 1 do
        local o = j * per
        local t, nx, ny = touches_out[o + 2], touches_out[o + 3], touches_out[o + 4]
        local nz = dim == 3 and touches_out[o + 5] or 0
        h:id(touches_out[o + 1]):word(t, touches_out[o + per]):word(nx, ny):word(nz, touches_out[o + per - 1])
      end
      return nt, h:fold()
    elseif k == "pairs" then -- format 4: a pair finding inside the frame and its events
      local p, np = w:find_pairs(found_out)
      if p == nil then return 0, h:reset(u32(STATUS[np])):fold() end
      local b, nb, e, ne = w:pair_events(began_out, ended_out)
      if b == nil then return 0, h:reset(u32(STATUS[nb])):fold() end
      return np, h:reset(0):ids(p, 2 * np):word(nb, ne):ids(b, 2 * nb):ids(e, 2 * ne):fold()
    else -- ray_all
      if dim == 2 then a, b, c = w:raycast2_all(op.ax, op.ay, op.bx, op.by, filt, q_out)
      else a, b, c = w:raycast3_all(op.ax, op.ay, op.az, op.bx, op.by, op.bz, filt, q_out) end
      if a == nil then return 0, u32(STATUS[b]) end
      return b, h:reset(0):ray_hits(q_out, b):fold()
    end
    if a == nil then return 0, u32(STATUS[b]) end
    return b, h:reset(0):ids(q_out, b):fold()
  end

  local function apply(op)
    local k = op.kind
    local kind = KIND[k]
    local id = fc.id(op.index, op.generation, 1)
    if batch and dim == 2 and k == "move" then
      nm = nm + 1
      m_ids[nm], m_dxs[nm], m_dys[nm] = id, op.ax, op.ay
      return
    end
    flush_moves()
    if not kind then return query(op) end
    local st, got
    if k == "create" then
      filt.category, filt.mask = op.category, op.mask
      local name
      got, name = w:create_body(op.shape, filt)
      st = code(got, name)
    elseif k == "move" then
      if dim == 2 then st = code(w:translate2(id, op.ax, op.ay))
      else st = code(w:translate3(id, op.ax, op.ay, op.az)) end
    elseif k == "turn" then st = code(w:set_angle2(id, op.angle))
    elseif k == "set" then st = code(w:set_shape(id, op.shape))
    elseif k == "destroy" then st = code(w:destroy_body(id))
    elseif k == "set_filter" then -- format 4
      filt.category, filt.mask = op.category, op.mask
      st = code(w:set_filter(id, filt))
    elseif k == "snapshot" then
      local blob, name = w:snapshot()
      st = code(blob, name)
      if blob then slots[op.slot] = blob end
    else -- restore
      if slots[op.slot] == nil then st = STATUS.argument
      else st = code(w:restore(slots[op.slot])) end
    end
    ops_h:word(u32(st), kind)
    if got then
      local gi, gg = fc.id_parts(got)
      ops_h:word(gi, gg)
      if got ~= id then
        io.stderr:write(("%s: frame %d: create handed out %s, recorded %s\n"):format(path, frames, fc.id_str(got), fc.id_str(id)))
      end
    end
  end

  while true do
    local more, nops = r:next_frame()
    if more == nil then error(path .. ": " .. tostring(nops)) end
    if not more then break end
    frames = frames + 1
    ops_h:reset(0)
    local nq = 0
    for _ = 1, nops do
      local op = assert(r:next_op())
      local n, qh = apply(op)
      if n then
        nq = nq + 1
        q_count[nq], q_hash[nq], q_kind[nq] = n, qh, op.kind
      end
    end
    flush_moves()
    nops_total = nops_total + nops
    local e = assert(r:read_expect())
    local np, v3
    if e.extended == 1 then np, v3 = frame_v3(w, dim)
    else _, np = w:find_pairs(pairs_out) end
    local pairs_hex, state
    local ops32 = ops_h:fold()
    if batch then
      local slo, shi = w:checksum_parts()
      local plo, phi = h:reset(0):ids(pairs_out, 2 * np):final_parts()
      if v3 and v3.pairs_status then plo, phi = v3.pairs_status, 0 end
      state, pairs_hex = ("%08x%08x"):format(shi, slo), ("%08x%08x"):format(phi, plo)
      frame_h:reset(0):word(slo, shi):word(plo, phi):word(np, ops32):word(nq, 0)
    else
      pairs_hex = h:reset(0):ids(pairs_out, 2 * np):final()
      if v3 and v3.pairs_status then pairs_hex = ("%016x"):format(v3.pairs_status) end
      state = w:checksum()
      frame_h:reset(0):word_hex(state):word_hex(pairs_hex):word(np, ops32):word(nq, 0)
    end
    for q = 1, nq do frame_h:word(q_count[q], q_hash[q]) end
    if v3 then
      frame_h:word(v3.began_count, v3.began):word(v3.ended_count, v3.ended):word(v3.contact_count, v3.contacts)
    end
    local sum = frame_h:final()
    if flip3_frame == frames then e.contacts = (e.contacts + 1) % TWO32 end
    if flip_frame == frames then
      local last = tonumber(e.state:sub(16), 16)
      e.state = e.state:sub(1, 15) .. ("%x"):format((last + 1) % 16)
    end
    local why
    if e.query_count ~= nq then why = "query count " .. nq .. " vs " .. e.query_count end
    for q = 1, e.query_count do
      local ec, eh = assert(r:read_query_expect())
      if flip3_frame and not cast_flipped and q_kind[q] == "cast" then eh, cast_flipped = (eh + 1) % TWO32, true end
      if flip4_kind == q_kind[q] then eh, flip4_kind = (eh + 1) % TWO32, nil end
      if not why and (ec ~= q_count[q] or eh ~= q_hash[q]) then
        why = ("query %d: %d hits hash %08x, expected %d hits hash %08x"):format(q, q_count[q], q_hash[q], ec, eh)
      end
    end
    if not why and e.ops ~= ops32 then why = ("ops %08x, expected %08x"):format(ops32, e.ops) end
    if not why and (e.pair_count ~= np or e.pairs ~= pairs_hex) then
      why = ("pairs %d %s, expected %d %s"):format(np, pairs_hex, e.pair_count, e.pairs)
    end
    if not why and v3 then
      for _, f in ipairs({ "began", "ended", "contacts" }) do
        local cf = f == "contacts" and "contact_count" or f .. "_count"
        if not why and (e[cf] ~= v3[cf] or e[f] ~= v3[f]) then
          why = ("%s %d %08x, expected %d %08x"):format(f, v3[cf], v3[f], e[cf], e[f])
        end
      end
    end
    if not why and e.state ~= state then why = ("state %s, expected %s"):format(state, e.state) end
    if not why and e.checksum ~= sum then why = ("checksum %s, expected %s"):format(sum, e.checksum) end
    if why then
      bad = bad + 1
      if bad == 1 then io.stderr:write(("%s: frame %d differs: %s\n"):format(path, frames, why)) end
    end
    digest:word_hex(sum)
  end
  w:destroy()
  if bad > 0 then
    failed = true
    print(("%s: MISMATCH in %d of %d frames"):format(path, bad, frames))
  else
    print(("%s: ok, %d frames, %d operations"):format(path, frames, nops_total))
  end
end

for n, path in ipairs(files) do
  run_file(path, n == 1 and flip or nil, n == 1 and flip3 or nil, n == 1 and flip4 or nil, n == 1 and flip5 or nil)
end
local hex = digest:final()
print("digest " .. hex)
if c_tool then
  local cmd = c_tool .. " verify"
  for _, p in ipairs(files) do cmd = cmd .. " '" .. p .. "'" end
  local pipe = assert(io.popen(cmd))
  local last
  for line in pipe:lines() do last = line end
  pipe:close()
  if last ~= "digest " .. hex then
    print(("digest differs from the C tool: %s (C: %s)"):format(hex, tostring(last)))
    failed = true
  else
    print("same digest as " .. c_tool)
  end
end
os.exit(failed and 1 or 0)
