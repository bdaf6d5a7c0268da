-- SPDX-License-Identifier: MIT
-- moba_heavy.lua - the call-heavy MOBA frame (docs/frame.md, "The call-heavy MOBA frame"; C:
-- tools/bench/moba_heavy.c) through the Lua binding, written once with the
-- per-call API (each unit: sincos, translate2, get_shape; push-outs as
-- get_shape x2 + pushout2 + translate2) and once with w:frame (one call a
-- frame), against the same frame in C (fixcol-moba, spawned in the same
-- run). Every variant's digest after FRAMES frames must equal C's.
--   lua5.4 moba_heavy.lua FIXCOL_MOBA [frames [reps [variant]]]
-- On LuaJIT the batch is written through FFI pointers into a
-- fixcol.frame_buffer (batch_ffi); the table form is checked alongside.
-- variant "all" (default): interleaved runs, medians, `bench NAME VALUE
-- UNIT` lines; "percall" / "batch" / "batch_ffi": one run of that variant only, printing
-- its digest (tools/bench/moba_callgrind.sh counts instructions with it).
local fc = require "fixcol"
local ok_ffi, ffi = pcall(require, "ffi")
local tool, frames, reps, variant = ...
frames = tonumber(frames) or 200
reps = tonumber(reps) or 5
variant = variant or "all"
local vm = rawget(_G, "jit") and "luajit" or ("lua" .. _VERSION:gsub("Lua ", ""):gsub("%.", ""))

local U, SPEED, CAP, WALLS, UNITS = 65536, 16384, 1024, 24, 200
local M32 = 4294967296
local DIRS = { {30 * U, 0}, {0, 30 * U}, {-30 * U, 0}, {0, -30 * U},
  {21 * U, 21 * U}, {-21 * U, 21 * U}, {-21 * U, -21 * U}, {21 * U, -21 * U} }
local OK = 0
local STATUS = fc.status
local OP = fc.frame_ops
local SW = fc.FRAME_SHAPE_WORDS

local function fold(d, v)
  return (d * 31 + v % M32) % M32
end

local floor = math.floor
local function floor16(p) -- floor(p / 65536): |p| < 2^47, exact as a double
  return floor(p / 65536)
end

local function setup()
  local w = assert(fc.world_create { bounds_log2 = 8, max_depth = 4, pair_capacity = CAP })
  local m = { w = w, ids = {}, ix = {}, gen = {}, tag = {}, x = {}, y = {}, angle = {}, index_of = {} }
  local wallf = { category = 2, mask = 1 }
  for i = 0, WALLS - 1 do
    local x0, y0, x1, y1
    if i < 4 then
      x0 = i == 1 and 252 * U or 0
      y0 = i == 3 and 252 * U or 0
      if i >= 2 then x0, x1, y1 = 0, 256 * U, y0 + 4 * U else y0, y1, x1 = 0, 256 * U, x0 + 4 * U end
    else
      x0 = (24 + ((i - 4) % 5) * 48) * U
      y0 = (36 + floor((i - 4) / 5) * 56) * U
      x1, y1 = x0 + 6 * U, y0 + 6 * U
    end
    m.ids[i] = assert(w:create_body({ type = "aabb", minx = x0, miny = y0, maxx = x1, maxy = y1 }, wallf))
  end
  local unitf = { category = 1, mask = 0xFFFFFFFF }
  for i = 0, UNITS - 1 do
    m.x[i] = (10 + (i % 20) * 12) * U + 32768
    m.y[i] = (10 + floor(i / 20) * 24) * U
    m.angle[i] = (i * 2731) % 65536
    m.ids[WALLS + i] = assert(w:create_body({ type = "circle", x = m.x[i], y = m.y[i], r = U }, unitf))
  end
  for i = 0, WALLS + UNITS - 1 do
    local id = m.ids[i]
    m.ix[i], m.gen[i], m.tag[i] = fc.id_parts(id)
    m.index_of[id] = m.ix[i]
  end
  return m
end

local function steer(m, i)
  local a = (m.angle[i] + ((i * 37) % 11 - 5) * 97 + 65536) % 65536
  local x, y = m.x[i], m.y[i]
  if x < 12 * U or x > 244 * U or y < 12 * U or y > 244 * U then a = (a + 32768) % 65536 end
  return a
end

local UNITF, WALLQ = { category = 1, mask = 1 }, { category = 1, mask = 2 }

-- ---------------------------------------------------------------- per call
local function percall(m, nframes)
  local w, ids, x, y, angle, index_of = m.w, m.ids, m.x, m.y, m.angle, m.index_of
  local shape, ws, us = {}, {}, {}
  local sec = fc.sector2(0, 0, 10 * U, 0, 5461)
  local ring = fc.ring2(0, 0, 3 * U, 9 * U)
  local mover = { type = "circle", x = 0, y = 0, r = U }
  local q, pairs_out, began, ended = {}, {}, {}, {}
  local sx, sy, rx, ry, bx, by, cx, cy = {}, {}, {}, {}, {}, {}, {}, {}
  local d = 0
  for _ = 1, nframes do
    for k = 0, 9 do
      sx[k], sy[k], rx[k], ry[k] = x[k * 20], y[k * 20], x[k * 20 + 10], y[k * 20 + 10]
    end
    for k = 0, 19 do bx[k], by[k] = x[k * 10 + 5], y[k * 10 + 5] end
    for k = 0, 4 do cx[k], cy[k] = x[k * 40 + 3], y[k * 40 + 3] end
    for i = 0, UNITS - 1 do
      local a = steer(m, i)
      angle[i] = a
      local s, c = fc.sincos(a)
      local id = ids[WALLS + i]
      local ok, name = w:translate2(id, floor16(SPEED * c), floor16(SPEED * s))
      d = fold(d, ok and OK or STATUS[name])
      if w:get_shape(id, shape) then x[i], y[i] = shape.x, shape.y end
    end
    for k = 0, 9 do
      sec.x, sec.y, sec.dir = sx[k], sy[k], angle[k * 20]
      local _, n = w:overlap_sector2(sec, UNITF, q)
      d = fold(d, n)
    end
    for k = 0, 9 do
      ring.x, ring.y = rx[k], ry[k]
      local _, n = w:overlap_ring2(ring, UNITF, q)
      d = fold(d, n)
    end
    for k = 0, 19 do
      local dir = DIRS[k % 8 + 1]
      local id, t = w:raycast2(bx[k], by[k], dir[1], dir[2], WALLQ)
      d = fold(d, id and index_of[id] * 65536 + t or -1)
    end
    for k = 0, 4 do
      mover.x, mover.y = cx[k], cy[k]
      local dir = DIRS[k + 1]
      local id, t = w:cast2(mover, floor(dir[1] / 3), floor(dir[2] / 3), WALLQ)
      d = fold(d, id and index_of[id] * 65536 + t or -1)
    end
    local _, np = w:find_pairs(pairs_out)
    local _, nb, _, ne = w:pair_events(began, ended)
    d = fold(fold(fold(d, np), nb), ne)
    local pushes = 0
    for p = 1, 2 * np, 2 do
      local a, b = pairs_out[p], pairs_out[p + 1]
      local wa, wb = index_of[a] < WALLS, index_of[b] < WALLS
      if wa ~= wb then
        local wall, unit = a, b
        if wb then wall, unit = b, a end
        w:get_shape(wall, ws)
        w:get_shape(unit, us)
        local dx, dy = fc.pushout2(ws, us)
        if not dx then dx, dy = 0, 0
        elseif (dx ~= 0 or dy ~= 0) and not w:translate2(unit, dx, dy) then dx, dy = 0, 0 end
        pushes = pushes + 1
        d = fold(fold(d, dx), dy)
      end
    end
    local lo, hi = w:checksum_parts()
    d = fold(fold(fold(d, pushes), lo), hi)
  end
  return d
end

-- ---------------------------------------------------------------- batch
local function batch(m, nframes)
  local w, x, y, angle, ix, gen, tag = m.w, m.x, m.y, m.angle, m.ix, m.gen, m.tag
  local cmd, out = {}, {}
  local MOVE, GET, SECTOR, RING, RAY, CAST = OP.MOVE_POLAR2, OP.GET_SHAPE2, OP.SECTOR2, OP.RING2, OP.RAY2, OP.CAST2
  local d = 0
  for _ = 1, nframes do
    local n = 0
    for i = 0, UNITS - 1 do
      local a = steer(m, i)
      angle[i] = a
      local u = WALLS + i
      local I, G, T = ix[u], gen[u], tag[u]
      cmd[n + 1], cmd[n + 2], cmd[n + 3], cmd[n + 4], cmd[n + 5], cmd[n + 6] = MOVE, I, G, T, a, SPEED
      cmd[n + 7], cmd[n + 8], cmd[n + 9], cmd[n + 10] = GET, I, G, T
      n = n + 10
    end
    for k = 0, 9 do
      local u = k * 20
      cmd[n + 1], cmd[n + 2], cmd[n + 3], cmd[n + 4], cmd[n + 5] = SECTOR, x[u], y[u], 10 * U, angle[u]
      cmd[n + 6], cmd[n + 7], cmd[n + 8], cmd[n + 9] = 5461, 1, 1, 0
      n = n + 9
    end
    for k = 0, 9 do
      local u = k * 20 + 10
      cmd[n + 1], cmd[n + 2], cmd[n + 3], cmd[n + 4], cmd[n + 5], cmd[n + 6], cmd[n + 7], cmd[n + 8] =
        RING, x[u], y[u], 3 * U, 9 * U, 1, 1, 0
      n = n + 8
    end
    for k = 0, 19 do
      local u, dir = k * 10 + 5, DIRS[k % 8 + 1]
      cmd[n + 1], cmd[n + 2], cmd[n + 3], cmd[n + 4], cmd[n + 5], cmd[n + 6], cmd[n + 7] =
        RAY, x[u], y[u], dir[1], dir[2], 1, 2
      n = n + 7
    end
    for k = 0, 4 do
      local u, dir = k * 40 + 3, DIRS[k + 1]
      cmd[n + 1], cmd[n + 2], cmd[n + 3], cmd[n + 4], cmd[n + 5] = CAST, floor(dir[1] / 3), floor(dir[2] / 3), 1, 2
      cmd[n + 6], cmd[n + 7], cmd[n + 8], cmd[n + 9] = 1, x[u], y[u], U
      n = n + 9
    end
    cmd[n + 1], cmd[n + 2], cmd[n + 3], cmd[n + 4], cmd[n + 5] = OP.PAIRS, CAP, OP.EVENTS, 0, 0
    cmd[n + 6], cmd[n + 7], cmd[n + 8], cmd[n + 9] = OP.PUSHOUT_PAIRS2, 2, CAP, OP.CHECKSUM
    n = n + 9
    w:frame(cmd, n, out)
    local o = 1 -- Lua index of the next slot
    for i = 0, UNITS - 1 do
      d = fold(d, out[o])
      if out[o + 3] == OK then x[i], y[i] = out[o + 5], out[o + 6] end
      o = o + 4 + SW
    end
    for _ = 1, 20 do d = fold(d, out[o + 1]); o = o + 2 end
    for _ = 1, 20 do
      d = fold(d, out[o + 1] == 1 and out[o + 2] * 65536 + out[o + 5] or -1)
      o = o + 6
    end
    for _ = 1, 5 do
      d = fold(d, out[o + 1] == 1 and out[o + 2] * 65536 + out[o + 5] or -1)
      o = o + 8
    end
    local np = out[o + 1]
    o = o + 2 + 6 * CAP
    d = fold(fold(fold(d, np), out[o + 1]), out[o + 2])
    o = o + 3
    local pushes = out[o + 1]
    for p = 0, pushes - 1 do d = fold(fold(d, out[o + 2 + 6 * p + 3]), out[o + 2 + 6 * p + 4]) end
    o = o + 2 + 6 * CAP
    d = fold(fold(fold(d, pushes), out[o + 1] % M32), out[o + 2] % M32)
  end
  return d
end

-- ---------------------------------------------------------------- batch, LuaJIT FFI
-- The same frame with the words in a fixcol.frame_buffer, written and read
-- through FFI pointers (no table in between): LuaJIT's form of the batch.
local function batch_ffi(m, nframes)
  local w, x, y, angle, ix, gen, tag = m.w, m.x, m.y, m.angle, m.ix, m.gen, m.tag
  local buf = fc.frame_buffer(8192, 65536)
  local cmd_at, out_at = buf:offsets()
  local base = ffi.cast("int32_t *", buf)
  local cmd, out = base + cmd_at - 1, base + out_at - 1 -- 1-based like the tables
  local MOVE, GET, SECTOR, RING, RAY, CAST = OP.MOVE_POLAR2, OP.GET_SHAPE2, OP.SECTOR2, OP.RING2, OP.RAY2, OP.CAST2
  local d = 0
  for _ = 1, nframes do
    local n = 0
    for i = 0, UNITS - 1 do
      local a = steer(m, i)
      angle[i] = a
      local u = WALLS + i
      local I, G, T = ix[u], gen[u], tag[u]
      cmd[n + 1], cmd[n + 2], cmd[n + 3], cmd[n + 4], cmd[n + 5], cmd[n + 6] = MOVE, I, G, T, a, SPEED
      cmd[n + 7], cmd[n + 8], cmd[n + 9], cmd[n + 10] = GET, I, G, T
      n = n + 10
    end
    for k = 0, 9 do
      local u = k * 20
      cmd[n + 1], cmd[n + 2], cmd[n + 3], cmd[n + 4], cmd[n + 5] = SECTOR, x[u], y[u], 10 * U, angle[u]
      cmd[n + 6], cmd[n + 7], cmd[n + 8], cmd[n + 9] = 5461, 1, 1, 0
      n = n + 9
    end
    for k = 0, 9 do
      local u = k * 20 + 10
      cmd[n + 1], cmd[n + 2], cmd[n + 3], cmd[n + 4], cmd[n + 5], cmd[n + 6], cmd[n + 7], cmd[n + 8] =
        RING, x[u], y[u], 3 * U, 9 * U, 1, 1, 0
      n = n + 8
    end
    for k = 0, 19 do
      local u, dir = k * 10 + 5, DIRS[k % 8 + 1]
      cmd[n + 1], cmd[n + 2], cmd[n + 3], cmd[n + 4], cmd[n + 5], cmd[n + 6], cmd[n + 7] =
        RAY, x[u], y[u], dir[1], dir[2], 1, 2
      n = n + 7
    end
    for k = 0, 4 do
      local u, dir = k * 40 + 3, DIRS[k + 1]
      cmd[n + 1], cmd[n + 2], cmd[n + 3], cmd[n + 4], cmd[n + 5] = CAST, floor(dir[1] / 3), floor(dir[2] / 3), 1, 2
      cmd[n + 6], cmd[n + 7], cmd[n + 8], cmd[n + 9] = 1, x[u], y[u], U
      n = n + 9
    end
    cmd[n + 1], cmd[n + 2], cmd[n + 3], cmd[n + 4], cmd[n + 5] = OP.PAIRS, CAP, OP.EVENTS, 0, 0
    cmd[n + 6], cmd[n + 7], cmd[n + 8], cmd[n + 9] = OP.PUSHOUT_PAIRS2, 2, CAP, OP.CHECKSUM
    n = n + 9
    w:frame(buf, n)
    local o = 1 -- Lua index of the next slot
    for i = 0, UNITS - 1 do
      d = fold(d, out[o])
      if out[o + 3] == OK then x[i], y[i] = out[o + 5], out[o + 6] end
      o = o + 4 + SW
    end
    for _ = 1, 20 do d = fold(d, out[o + 1]); o = o + 2 end
    for _ = 1, 20 do
      d = fold(d, out[o + 1] == 1 and out[o + 2] * 65536 + out[o + 5] or -1)
      o = o + 6
    end
    for _ = 1, 5 do
      d = fold(d, out[o + 1] == 1 and out[o + 2] * 65536 + out[o + 5] or -1)
      o = o + 8
    end
    local np = out[o + 1]
    o = o + 2 + 6 * CAP
    d = fold(fold(fold(d, np), out[o + 1]), out[o + 2])
    o = o + 3
    local pushes = out[o + 1]
    for p = 0, pushes - 1 do d = fold(fold(d, out[o + 2 + 6 * p + 3]), out[o + 2 + 6 * p + 4]) end
    o = o + 2 + 6 * CAP
    d = fold(fold(fold(d, pushes), out[o + 1] % M32), out[o + 2] % M32)
  end
  return d
end

local clock = require("fixcol_cbench").now
local function timed(fn)
  local m = setup()
  collectgarbage()
  local t0 = clock()
  local d = fn(m, frames)
  local t = (clock() - t0) / frames
  m.w:destroy()
  return t, d
end

if variant == "percall" or variant == "batch" or variant == "batch_ffi" then
  local m = setup()
  local run = variant == "percall" and percall or variant == "batch_ffi" and batch_ffi or batch
  print(("digest %d"):format(run(m, frames)))
  return
end

local function c_run(mode)
  local p = assert(io.popen(("%s %s %d"):format(tool, mode, frames)))
  local txt = p:read("*a")
  p:close()
  local dg, us = txt:match("digest (%d+)%s+us ([%d%.]+)")
  assert(dg, "fixcol-moba gave no figures: " .. txt)
  return tonumber(us) * 1e-6, tonumber(dg)
end

local function median(t)
  local s = {}
  for i = 1, #t do s[i] = t[i] end
  table.sort(s)
  local k = #s
  return k % 2 == 1 and s[(k + 1) / 2] or (s[k / 2] + s[k / 2 + 1]) / 2
end

-- LuaJIT: the batch through FFI pointers into a frame_buffer (its fast form)
local batch_best = ok_ffi and batch_ffi or batch
local tp, tb, tc, tcb, rp, rb = {}, {}, {}, {}, {}, {}
for r = 1, reps do
  local dp, db, dc, dcb
  tp[r], dp = timed(percall)
  tc[r], dc = c_run("percall")
  tb[r], db = timed(batch_best)
  if ok_ffi then
    local _, dt = timed(batch) -- the table form gives the same digest
    if dt ~= db then error("the table batch and the FFI batch differ") end
  end
  tcb[r], dcb = c_run("batch")
  if dp ~= dc or db ~= dc or dcb ~= dc then
    error(("digests differ after %d frames: Lua per-call %d, Lua batch %d, C %d, C batch %d"):format(frames, dp, db, dc, dcb))
  end
  rp[r], rb[r] = tp[r] / tc[r], tb[r] / tc[r]
end
local function line(name, t, scale, unit) print(("bench %s %.2f %s"):format(name, median(t) * scale, unit)) end
line(vm .. "_moba_heavy_percall_us", tp, 1e6, "us")
line(vm .. "_moba_heavy_batch_us", tb, 1e6, "us")
line("c_moba_heavy_us", tc, 1e6, "us")
line("c_moba_heavy_batch_us", tcb, 1e6, "us")
line(vm .. "_moba_heavy_percall_ratio", rp, 1, "x")
line(vm .. "_moba_heavy_batch_ratio", rb, 1, "x")
