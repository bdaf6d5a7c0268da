// SPDX-License-Identifier: MIT
// Shared by the kit's tests: flags, an in-process kit server on a free
// loopback port, a room of bots, and the agreement check.
import { startServer } from '../src/server.js';
import { joinBot, until } from '../src/client/bot.js';
import { freePort, deadline } from './harness.mjs';

export { until };

/** The --name flags and --name VALUE options of argv. */
export function flags(argv = process.argv.slice(2)) {
  const o = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) throw new Error(`unexpected argument '${a}'`);
    if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) o[a.slice(2)] = argv[++i];
    else o[a.slice(2)] = true;
  }
  return o;
}

/** An in-process kit server on a free 127.0.0.1 port, with a test time limit. */
export async function localServer(name, limitMs, roomDefaults = {}) {
  deadline(limitMs, name);
  const port = await freePort();
  const srv = await startServer({ port, roomDefaults });
  return { ...srv, endpoint: `ws://127.0.0.1:${port}` };
}

/**
 * A room of 4 bots: bot 0 creates it with roomOpts, the others join by id;
 * faults[i] is bot i's fault. Returns the bots (joinBot results).
 */
export async function roomOfBots(endpoint, roomOpts, faults = [], prefix = 'bot') {
  const bots = [await joinBot({ endpoint, create: roomOpts, player: `${prefix}0`, seed: 11, fault: faults[0] ?? {} })];
  for (let i = 1; i < 4; i++) {
    bots.push(await joinBot({ endpoint, roomId: bots[0].room.roomId, player: `${prefix}${i}`, seed: 11 + i, fault: faults[i] ?? {} }));
  }
  return bots;
}

/**
 * The agreement check after a room played `frames` frames: every seat's
 * checksum equalled the server's on every frame it played (server side:
 * mismatched 0, agreed = frames it played), and every bot saw the server's
 * published checksum equal its own (client side). Returns a list of failures.
 */
export async function agreement(bots, frames) {
  const st = await bots[0].lc.status();
  const bad = [];
  st.seats.forEach((s, i) => {
    const played = bots[i].lc.frames;
    if (s.mismatched !== 0) bad.push(`seat ${i}: ${s.mismatched} checksum(s) differed from the server's`);
    if (s.agreed !== played) bad.push(`seat ${i}: ${s.agreed} checksums agreed, ${played} frames played`);
    if (played < frames - 8) bad.push(`seat ${i}: played only ${played} of ${frames} frames`);
    if (bots[i].lc.serverMismatched !== 0) bad.push(`bot ${i}: the server's published checksum differed ${bots[i].lc.serverMismatched} times`);
  });
  return { bad, status: st };
}

export async function leaveAll(bots) {
  for (const b of bots) await b.lc.leave();
}
