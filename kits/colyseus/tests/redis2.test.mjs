// SPDX-License-Identifier: MIT
// usage: node tests/redis2.test.mjs [--rooms N] [--frames N] [--break]
// Scale-out over processes with a real Redis: starts redis-server
// (127.0.0.1, a free port, no persistence) and two kit server processes
// sharing it (@colyseus/redis-presence, @colyseus/redis-driver). Rooms
// (default 4) are created through both processes alternately and must end
// up hosted by both; each room's other 3 bots join by room id through the
// process that did NOT create it half of the time (the matchmaker's seat
// reservation sends them to the hosting process); every room must then
// agree for `frames` frames (default 100). Everything is stopped at the
// end. --break (should-fail twin): the second process gets its own Redis,
// so joins through it cannot find the first process's rooms.
import { flags, agreement, leaveAll, until } from './common.mjs';
import { joinBot } from '../src/client/bot.js';
import { startRedis, startKitServer, stop, deadline } from './harness.mjs';

const o = flags();
const rooms = Number(o.rooms ?? 4), frames = Number(o.frames ?? 100);
deadline(90000 + frames * 200, 'redis2');
const redis = await startRedis();
const redisB = o.break ? await startRedis() : redis;
const A = await startKitServer(['--redis', redis.url]);
const B = await startKitServer(['--redis', redisB.url]);
console.log(`redis-server on 127.0.0.1:${redis.port}; kit servers :${A.port} (pid ${A.proc.pid}) and :${B.port} (pid ${B.proc.pid})`);
const eps = [A.endpoint, B.endpoint];
const fails = [];
const fail = (m) => { fails.push(m); console.log(`FAIL ${m}`); };
const all = [];
try {
  for (let r = 0; r < rooms; r++) {
    const first = await joinBot({ endpoint: eps[r % 2], create: { seed: 500 + r, tickHz: 60, maxFrames: frames }, player: `r${r}b0`, seed: r });
    const bots = [first];
    for (let i = 1; i < 4; i++) {
      const via = eps[(r + i) % 2];
      bots.push(await joinBot({ endpoint: via, roomId: first.room.roomId, player: `r${r}b${i}`, seed: r * 4 + i }));
    }
    all.push(bots);
  }
} catch (e) {
  fail(`a join failed: ${e.message}`);
}
const pids = new Set();
if (!fails.length) {
  await until(() => all.every((bots) => bots.every((b) => b.lc.lastFrame >= frames - 1)), 60000, 'every room at its last frame')
    .catch((e) => fail(e.message));
  await new Promise((r) => setTimeout(r, 100));
  for (const [r, bots] of all.entries()) {
    const { bad, status } = await agreement(bots, frames);
    pids.add(status.pid);
    console.log(`room ${r} (${bots[0].room.roomId}): created via :${[A, B][r % 2].port}, hosted by pid ${status.pid}, ` +
      `agreed ${status.seats.map((s) => s.agreed).join(' ')}, mismatched ${status.seats.map((s) => s.mismatched).join(' ')}`);
    for (const b of bad) fail(`room ${r}: ${b}`);
  }
  if (!(pids.has(A.proc.pid) && pids.has(B.proc.pid))) fail(`the rooms are not spread over both processes (hosts: ${[...pids].join(', ')})`);
}
for (const bots of all) await leaveAll(bots);
await Promise.all([stop(A.proc), stop(B.proc)]);
await Promise.all([stop(redis.proc), stop(redisB.proc)]);
console.log(fails.length ? `${fails.length} failure(s)` : `${rooms} rooms over 2 processes sharing one redis-server: every client joined and agreed`);
process.exit(fails.length ? 1 : 0);
