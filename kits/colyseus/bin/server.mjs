#!/usr/bin/env node
// SPDX-License-Identifier: MIT
// usage: node bin/server.mjs --port N [--host 127.0.0.1] [--redis redis://127.0.0.1:6379]
//                            [--public-address HOST:PORT] [--tick-hz 30]
// One Colyseus process serving the 'lockstep' room (src/server.js). Prints
// "lockstep-server listening HOST:PORT" when ready and every desync report
// as a `desync-report {json}` line. With an IPC channel (child_process.fork)
// it answers { cmd: 'stats' } with its TickStats summary and { cmd: 'reset' }
// by starting a new measurement window. SIGTERM / SIGINT: Colyseus shuts
// down gracefully and exits.
import { startServer } from '../src/server.js';

const args = process.argv.slice(2);
const opt = {};
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (!a.startsWith('--') || i + 1 >= args.length) { console.error(`server.mjs: bad argument '${a}' (see the usage line)`); process.exit(2); }
  opt[a.slice(2)] = args[++i];
}
const port = Number(opt.port);
const host = opt.host ?? '127.0.0.1';
const tickHz = opt['tick-hz'] ? Number(opt['tick-hz']) : undefined;
const s = await startServer({ port, host, redis: opt.redis ?? null, publicAddress: opt['public-address'] ?? null,
  roomDefaults: tickHz ? { tickHz } : {} });
console.log(`lockstep-server listening ${host}:${s.port} pid ${process.pid}`);
if (process.send) {
  process.on('message', (m) => {
    if (m?.cmd === 'stats') process.send({ stats: s.stats.summary() });
    if (m?.cmd === 'reset') { s.stats.reset(); process.send({ reset: true }); }
  });
  process.on('disconnect', () => stop());
}
let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  const force = setTimeout(() => process.exit(0), 3000);
  try { await s.stop(); } catch { /* exiting anyway */ }
  clearTimeout(force);
  process.exit(0);
}
// SIGTERM / SIGINT: Colyseus' own graceful shutdown (it exits the process)
