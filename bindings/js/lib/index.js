// SPDX-License-Identifier: MIT
// fixcol for JavaScript: the deterministic Q16.16 collision engine compiled
// to WebAssembly. `import { World, Shape, fix } from 'fixcol'` - the module
// loads its wasm with a top-level await, so everything is ready on import.
// See docs/binding-js.md for the map from the C API.
import * as fix from './fix.js';

export { fix };
export { FixcolError, Status, STATUS_NAMES, statusName } from './errors.js';
export { BodyId } from './ids.js';
export { Shape } from './shape.js';
export { World, DEFAULT_FILTER, PAIR_CAPACITY_MAX } from './world.js';
export { IdList, PairList, HitList, RayHit, CastHit, CastHitList, CastResult, MoverResult, MOVER } from './results.js';
export { PairEvents, PairContacts, ContactList, pairEvents } from './events.js';
export { Hash64, hex64 } from './hash.js';
export { Desync, DESYNC_ASK_SLOTS, DESYNC_DEFAULT_MAX_FOUND } from './desync.js';
export { WireLeader, WireFollower, wireChecksum, wireDecode, WIRE_VERSION, WIRE_MESSAGE_MAX } from './wire.js';
export { ReplayReader, ReplayOp, FrameExpect, ReplayFormatError, OpKind, OP_NAMES, OP_WORDS, REPLAY_MAX_EXCLUDE } from './replay.js';
export { ReplayRunner, FrameResult } from './runner.js';
export { verifyReplay } from './verify.js';
export { overlap, contact, Contact, pushout } from './collide.js';
export { cast2, cast3, cast2Ex, cast3Ex } from './cast.js';
export { Sector2, Ring2, areaContains, areaOverlap } from './area.js';
export { diffReplays, bodyDiff } from './diff.js';
export { FrameBuffer, FrameOp, FRAME_SHAPE_WORDS, FRAME_MAX_WORDS } from './frame.js';
