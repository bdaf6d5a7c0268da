// SPDX-License-Identifier: MIT
// usage: node tests/load.bench.mjs [--max-rooms 64] [--window-ms 4000] [--hz 30] [--limit-s 300]
// Load on loopback: redis-server and 2 kit server processes sharing it; N
// rooms x 4 bot clients at 30 Hz for N = 2, 4, 8, ... up to --max-rooms,
// each step measured over a window after a warm-up; it goes on to
// --max-rooms unless a step's p99 server tick (lateness + duration, the
// worse of the 2 processes) passes 50 ms (overloaded) or --limit-s passes.
// The 4 bots of a room are 4 Colyseus clients that send inputs and
// checksums; to keep the load generator light they share one client world
// (what each would compute alone). In each step one bot of room 0 moves a
// body by 1 raw, and the server's locating latency under that load is
// measured. Prints fixcol-bench lines, `bench NAME VALUE UNIT`:
//   kit_rooms_per_core_p99_lt_10ms  the largest N with p99 < 10 ms, per server process (1 core each)
//   kit_rooms_per_core_cpu          1000 / kit_server_cpu_ms_per_room_s: rooms one fully used core ticks
//   kit_machine_loadavg             the 1-minute load average at the start (other work on the machine)
//   kit_tick_p99_ms_N<n>            p99 server tick at each N
//   kit_server_cpu_ms_per_room_s    server CPU per room-second (world + protocol + framework)
//   kit_cost_world_pct / _protocol_pct / _framework_pct   the split of server CPU at the largest N
//   kit_locate_ms_N<n>              locating latency (1 body, 1 raw) at each N
// The machine's other load shows in the figures: they are measurements, not limits.
import { loadavg } from 'node:os';
import { Client } from '@colyseus/sdk';
import { flags } from './common.mjs';
import { LockstepClient } from '../src/client/lockstep_client.js';
import { botInput } from '../src/client/bot_input.js';
import { toHex64 } from '../src/hex64.js';
import { startRedis, startKitServer, stop, serverStats, deadline } from './harness.mjs';

const o = flags();
const maxRooms = Number(o['max-rooms'] ?? 64), windowMs = Number(o['window-ms'] ?? 4000), hz = Number(o.hz ?? 30);
const limitS = Number(o['limit-s'] ?? 300);
deadline((limitS + 60) * 1000, 'load bench');
const t0 = Date.now();
const bench = (name, value, unit) => console.log(`bench ${name} ${Number.isInteger(value) ? value : value.toFixed(3)} ${unit}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

bench('kit_machine_loadavg', loadavg()[0], 'load');
const redis = await startRedis();
const servers = [await startKitServer(['--redis', redis.url]), await startKitServer(['--redis', redis.url])];

// One room: a full LockstepClient (the shared world) + 3 thin clients.
async function openRoom(r) {
  const ep = servers[r % 2].endpoint;
  const sdk = new Client(ep);
  const room0 = await sdk.create('lockstep', { seed: 9000 + r, tickHz: hz, player: 'b0' });
  const lc = new LockstepClient(room0, { input: botInput(r * 4) });
  await lc.ready;
  const thin = [];
  const pending = new Map();  // frame -> thin rooms waiting for the shared world's checksum
  lc.onFrame = (f, sum) => {
    for (const t of pending.get(f) ?? []) t.send('sum', { f, s: toHex64(sum) });
    pending.delete(f);
  };
  for (let i = 1; i < 4; i++) {
    const room = await new Client(servers[(r + i) % 2].endpoint).joinById(room0.roomId, { player: `b${i}` });
    const input = botInput(r * 4 + i);
    room.onMessage('frame', ({ f }) => {
      const s = lc.sums.get(f);
      if (s !== undefined) room.send('sum', { f, s: toHex64(s) });
      else { if (!pending.has(f)) pending.set(f, []); pending.get(f).push(room); }
      room.send('input', input(f + 1));
    });
    for (const t of ['welcome', 'resync', 'desync', 'report', 'status']) room.onMessage(t, () => {});
    thin.push(room);
  }
  return { lc, thin };
}
async function closeRoom(x) {
  for (const t of x.thin) await t.leave(true).catch(() => {});
  await x.lc.leave();
}

let best = 0, last = null;
const rooms = [];
for (let n = 2; n <= maxRooms && (Date.now() - t0) / 1000 < limitS; n *= 2) {
  while (rooms.length < n) rooms.push(await openRoom(rooms.length));
  await sleep(1000);   // warm-up
  await Promise.all(servers.map((s) => serverStats(s, 'reset')));
  // one located desync under this load
  const lc = rooms[0].lc, F = lc.lastFrame + 10;
  const before = lc.reports.length;
  lc.hooks.afterStep = (f, m) => { if (f === F) m.world.translate2(m.units[5].id, 1, 0); };
  await sleep(windowMs);
  lc.hooks.afterStep = null;
  const st = await Promise.all(servers.map((s) => serverStats(s)));
  const p99 = Math.max(...st.map((s) => s.p99));
  const cpu = st.reduce((a, s) => a + s.cpuMs, 0), wall = Math.max(...st.map((s) => s.wallMs));
  const world = st.reduce((a, s) => a + s.worldMs, 0), proto = st.reduce((a, s) => a + s.protocolMs, 0);
  const rep = lc.reports.slice(before).find((r) => r.frame === F);
  const ticks = st.reduce((a, s) => a + s.ticks, 0);
  console.log(`N=${n} rooms (${4 * n} clients): ${ticks} ticks, p50 ${Math.max(...st.map((s) => s.p50)).toFixed(2)} ms, ` +
    `p99 ${p99.toFixed(2)} ms, max ${Math.max(...st.map((s) => s.max)).toFixed(1)} ms; server CPU ${(cpu / wall * 100).toFixed(0)}% of one core ` +
    `(world ${(world / cpu * 100).toFixed(0)}%, protocol ${(proto / cpu * 100).toFixed(0)}%); ` +
    `locate ${rep ? `${rep.ms.toFixed(1)} ms (${rep.verdict}, ${rep.rounds} rounds)` : 'no report'}`);
  bench(`kit_tick_p99_ms_N${n}`, p99, 'ms');
  if (rep) bench(`kit_locate_ms_N${n}`, rep.ms, 'ms');
  last = { n, cpu, wall, world, proto };
  if (p99 < 10) best = n;
  if (p99 > 50) break;
}
for (const x of rooms) await closeRoom(x);
await Promise.all(servers.map((s) => stop(s.proc)));
await stop(redis.proc);
bench('kit_rooms_per_core_p99_lt_10ms', best / 2, 'rooms');
if (last) {
  const perRoom = last.cpu / (last.wall / 1000) / last.n;
  bench('kit_server_cpu_ms_per_room_s', perRoom, 'ms');
  bench('kit_rooms_per_core_cpu', 1000 / perRoom, 'rooms');
  bench('kit_cost_world_pct', (last.world / last.cpu) * 100, '%');
  bench('kit_cost_protocol_pct', (last.proto / last.cpu) * 100, '%');
  bench('kit_cost_framework_pct', ((last.cpu - last.world - last.proto) / last.cpu) * 100, '%');
}
process.exit(last ? 0 : 1);   // figures printed; they are measurements, not pass/fail limits
