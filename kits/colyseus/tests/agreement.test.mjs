// SPDX-License-Identifier: MIT
// usage: node tests/agreement.test.mjs [--rooms N] [--frames N] [--hz N] [--break]
// Agreement: N rooms (default 1) x 4 bot clients play the MOBA match for
// `frames` frames (default 200) on an in-process kit server; every client's
// checksum must equal the server's on every frame it played (server count)
// and the server's published checksums must equal every client's (client
// count), with no desync report. --break (the should-fail twin): one bot's
// world drifts by 1 raw at frame 40 and the check must fail.
import { flags, localServer, roomOfBots, agreement, leaveAll, until } from './common.mjs';

const o = flags();
const rooms = Number(o.rooms ?? 1), frames = Number(o.frames ?? 200), hz = Number(o.hz ?? 100);
const srv = await localServer('agreement', 60000 + (rooms * frames * 1000) / hz * 4);
const t0 = performance.now();
const all = [];
for (let r = 0; r < rooms; r++) {
  const faults = o.break && r === 0 ? [{}, {}, { perturbAt: 40, unit: 7 }] : [];
  all.push(await roomOfBots(srv.endpoint, { seed: 1000 + r, tickHz: hz, maxFrames: frames }, faults, `r${r}b`));
}
await until(() => all.every((bots) => bots.every((b) => b.lc.lastFrame >= frames - 1)), 20000 + (frames * 4000) / hz, 'every bot at the last frame');
await new Promise((r) => setTimeout(r, 100));  // the last checksums reach the server
let failures = 0;
for (const [r, bots] of all.entries()) {
  const { bad, status } = await agreement(bots, frames);
  const reports = bots[0].lc.reports.length;
  if (reports) bad.push(`${reports} desync report(s): ${JSON.stringify(bots[0].lc.reports[0])}`);
  console.log(`room ${r}: frames ${status.frame}, agreed per seat ${status.seats.map((s) => s.agreed).join(' ')}, ` +
    `mismatched ${status.seats.map((s) => s.mismatched).join(' ')}`);
  for (const b of bad) console.log(`  FAIL ${b}`);
  failures += bad.length;
}
console.log(`${rooms} room(s) x 4 bots x ${frames} frames at ${hz} Hz in ${Math.round(performance.now() - t0)} ms: ` +
  (failures ? `${failures} failure(s)` : 'every checksum agreed'));
for (const bots of all) await leaveAll(bots);
await srv.stop();
process.exit(failures ? 1 : 0);
