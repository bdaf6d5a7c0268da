// SPDX-License-Identifier: MIT
// fixcol-colyseus: the lockstep server kit (docs/lockstep-kit.md).
export { LockstepRoom } from './room.js';
export { startServer } from './server.js';
export { WireLocate, parseReportText } from './wire_locate.js';
export { MobaMatch, SEATS, CREEPS, IDLE, INPUT_STEP_MAX, normalizeInput } from './moba.js';
export { dumpFields, diffDumpLines } from './dump_diff.js';
export { toHex64, fromHex64 } from './hex64.js';
export { FrameRing } from './ring.js';
export { TickStats } from './tick_stats.js';
export { Rng } from './rng.js';
