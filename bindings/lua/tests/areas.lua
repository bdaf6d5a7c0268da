-- SPDX-License-Identifier: MIT
-- Skill areas through the Lua binding: w:overlap_sector2 / w:overlap_ring2
-- against a brute-force scan with fixcol.overlap_sector2 / overlap_ring2
-- over every body (same ids, same order), the documented special cases,
-- and containment. --break drops the last brute-force id and must fail.
local fc = require("fixcol")
local broken = arg and arg[1] == "--break"
local U = 65536
local failures, checks = 0, 0
local function check(cond, what)
  checks = checks + 1
  if not cond then
    failures = failures + 1
    if failures <= 10 then io.stderr:write("FAIL: " .. what .. "\n") end
  end
end

local seed = 12345
local function rnd(n) -- deterministic LCG, 0..n-1
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % n
end

local w = assert(fc.world_create({ bounds_log2 = 7 }))
local ids = {}
for i = 1, 300 do
  local x, y = rnd(128) * U + rnd(4) * U / 4, rnd(128) * U
  local s
  local k = i % 3
  if k == 0 then s = fc.circle(x, y, U / 2 + rnd(3) * U)
  elseif k == 1 then s = fc.aabb2(x, y, x + U + rnd(4) * U, y + U)
  else s = fc.obb2(x, y, U, 2 * U, rnd(65536)) end
  ids[#ids + 1] = assert(w:create_body(s))
end

local function brute(area, test)
  local out = {}
  for _, id in ipairs(ids) do
    if test(area, w:get_shape(id)) then out[#out + 1] = id end
  end
  if broken and #out > 0 then out[#out] = nil end
  return out
end

local halves = { 0, 1, 8192, 16383, 16384, 16385, 32767, 32768 }
local out = {}
for q = 1, 200 do
  local x, y = rnd(140) * U, rnd(140) * U
  local r = rnd(30) * U
  local sec = fc.sector2(x, y, r, rnd(65536), q % 2 == 0 and halves[q % 8 + 1] or rnd(32769))
  local got, n = w:overlap_sector2(sec, nil, out)
  local want = brute(sec, fc.overlap_sector2)
  local same = n == #want
  for i = 1, #want do same = same and got[i] == want[i] end
  check(same, "sector query " .. q)
  local ring = fc.ring2(x, y, q % 3 == 0 and 0 or rnd(r + 1), r)
  got, n = w:overlap_ring2(ring, nil, out)
  want = brute(ring, fc.overlap_ring2)
  same = n == #want
  for i = 1, #want do same = same and got[i] == want[i] end
  check(same, "ring query " .. q)
end

local seg = fc.sector2(0, 0, 10 * U, 0, 0)
check(fc.sector2_contains(seg, 10 * U, 0) == true, "segment end")
check(fc.sector2_contains(seg, 10 * U + 1, 0) == false, "past the end")
local halfdisc = fc.sector2(0, 0, 10 * U, 16384, 16384)
check(fc.overlap_sector2(halfdisc, fc.circle(3 * U, -U, U)) == true, "tangent")
check(fc.overlap_sector2(halfdisc, fc.circle(3 * U, -U, U - 1)) == false, "1 raw apart")
local ring = fc.ring2(0, 0, 5 * U, 10 * U)
check(fc.overlap_ring2(ring, fc.circle(0, 0, 5 * U)) == true, "inner tangent")
check(fc.overlap_ring2(ring, fc.circle(0, 0, 5 * U - 1)) == false, "inside the hole")
check(fc.ring2_contains(ring, 0, -5 * U) == true, "ring boundary")
local v, status = fc.overlap_sector2(fc.sector2(0, 0, U, 0, 40000), fc.circle(0, 0, 1))
check(v == nil and status == "argument", "half > 180 is the argument status, got " .. tostring(status))
w:destroy()
local ok = pcall(w.overlap_sector2, w, seg)
check(not ok, "destroyed world is an error")
print(string.format("lua skill areas: %d checks, %d failed", checks, failures))
os.exit(failures == 0 and 0 or 1)
