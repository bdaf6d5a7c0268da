// SPDX-License-Identifier: MIT
// fixcol-colyseus/client: the kit's client library (node and browsers).
export { LockstepClient } from './lockstep_client.js';
export { botInput } from './bot_input.js';
export { MobaMatch, normalizeInput, IDLE } from '../moba.js';
export { toHex64, fromHex64 } from '../hex64.js';
