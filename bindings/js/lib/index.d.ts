// SPDX-License-Identifier: MIT
// TypeScript declarations for fixcol (lib/index.js). Raw means a Q16.16
// value as an int32 integer (units * 65536); anything else throws.

export type Raw = number;
/** Binary angle: 65536 per turn, 0..65535. */
export type Angle = number;

export const STATUS_NAMES: readonly string[];
export const Status: Readonly<Record<string, number>>;
export function statusName(code: number): string;

export class FixcolError extends Error {
  /** the C status name, e.g. 'FC_ERR_STALE_ID' */
  readonly status: string;
  /** the C status code (negative) */
  readonly code: number;
  /** the method that failed */
  readonly call: string;
}

export namespace fix {
  const ONE: 65536;
  const COORD_LIMIT: number;
  const SIZE_LIMIT: number;
  function raw(v: number, what?: string): Raw;
  function u32(v: number, what?: string): number;
  function angleArg(v: number, what?: string): Angle;
  function fromInt(n: number): Raw;
  function fromRatio(num: number, den: number): Raw;
  function fromDecimal(s: string): Raw;
  function toDecimal(v: Raw): string;
  /** display only */
  function toNumber(v: Raw): number;
  function angleFromDeg(degRaw: Raw): Angle;
  function angleFromRad(radRaw: Raw): Angle;
  function angleToDeg(a: Angle): Raw;
  function sin(a: Angle): Raw;
  function cos(a: Angle): Raw;
  /** a * b rounded as libfixmath's fix16_mul (nearest, a tie away from zero); FC_ERR_RANGE if it does not fit int32 raw. */
  function mul(a: Raw, b: Raw): Raw;
  /** a / b exactly rounded (nearest, a tie away from zero: fix16_div's rule; Debian's fix16_div is off by one raw on some inputs); b === 0 is FC_ERR_ARGUMENT, a quotient outside int32 raw FC_ERR_RANGE. */
  function div(a: Raw, b: Raw): Raw;
}

export class BodyId {
  constructor(index: number, generation: number, world: number);
  readonly index: number;
  readonly generation: number;
  readonly world: number;
  equals(other: unknown): boolean;
  /** `${index}:${generation}@${world}` */
  readonly key: string;
  static parse(key: string): BodyId;
}

export interface Filter {
  category: number;
  mask: number;
}
export const DEFAULT_FILTER: Readonly<Filter>;
/** The cap on the pairCapacity option: 2^24 entries (above it new World throws FC_ERR_ARGUMENT). */
export const PAIR_CAPACITY_MAX: number;

export type ShapeType2 = 'circle' | 'aabb' | 'obb' | 'capsule' | 'poly';
export type ShapeType3 = 'sphere' | 'aabb' | 'obb' | 'capsule';

export class Shape {
  constructor(dim?: 2 | 3);
  dim: 2 | 3;
  /** words[0] = type code, then the raw fields (see docs/binding-js.md) */
  readonly words: Int32Array;
  readonly type: ShapeType2 | ShapeType3 | null;
  clone(): Shape;
  equals(o: unknown): boolean;
  validate(): this;
  static circle(x: Raw, y: Raw, r: Raw, out?: Shape): Shape;
  static aabb2(minX: Raw, minY: Raw, maxX: Raw, maxY: Raw, out?: Shape): Shape;
  static obb2(cx: Raw, cy: Raw, hx: Raw, hy: Raw, angle: Angle, out?: Shape): Shape;
  static capsule2(ax: Raw, ay: Raw, bx: Raw, by: Raw, r: Raw, out?: Shape): Shape;
  static poly2(xy: ArrayLike<Raw>, out?: Shape): Shape;
  static sphere(x: Raw, y: Raw, z: Raw, r: Raw, out?: Shape): Shape;
  /** fc_capsule3: segment a-b + radius; also a world body. */
  static capsule3(ax: Raw, ay: Raw, az: Raw, bx: Raw, by: Raw, bz: Raw, r: Raw, out?: Shape): Shape;
  static aabb3(minX: Raw, minY: Raw, minZ: Raw, maxX: Raw, maxY: Raw, maxZ: Raw, out?: Shape): Shape;
  static obb3(center: ArrayLike<Raw>, half: ArrayLike<Raw>, axes: ArrayLike<Raw>, out?: Shape): Shape;
  static obb3Euler(center: ArrayLike<Raw>, half: ArrayLike<Raw>, yaw: Angle, pitch: Angle, roll: Angle, out?: Shape): Shape;
}

export class IdList implements Iterable<BodyId> {
  count: number;
  /** index, generation, world per id */
  words: Uint32Array;
  index(i: number): number;
  generation(i: number): number;
  id(i: number): BodyId;
  [Symbol.iterator](): Iterator<BodyId>;
}
export class PairList implements Iterable<[BodyId, BodyId]> {
  count: number;
  /** a.index, a.generation, a.world, b.index, b.generation, b.world per pair */
  words: Uint32Array;
  a(i: number): BodyId;
  b(i: number): BodyId;
  [Symbol.iterator](): Iterator<[BodyId, BodyId]>;
}
/** The pairs that began and ended (canonical order). */
export class PairEvents {
  began: PairList;
  ended: PairList;
}
/** Contacts, raw Q16.16: 2D nx, ny, depth, px, py; 3D nx, ny, nz, depth, px, py, pz per contact. */
export class ContactList {
  dim: 2 | 3;
  count: number;
  words: Int32Array;
  readonly stride: 5 | 7;
  normal(i: number, k: number): Raw;
  depth(i: number): Raw;
  point(i: number, k: number): Raw;
}
/** findContacts output: contact i belongs to pairs.a(i), pairs.b(i). */
export class PairContacts {
  pairs: PairList;
  contacts: ContactList;
}
/** fc_pair_events: the stateless diff of two canonical pair lists (FC_ERR_ARGUMENT if not canonical). */
/** The frame-history ring's figures (fc_history_stats); byte counts. */
export interface HistoryStats {
  frames: number;
  depth: number;
  bytes: number;
  used: number;
  lastSave: number;
  open: number;
  overflowed: boolean;
}
export function pairEvents(prev: PairList, cur: PairList, out?: PairEvents): PairEvents;
export class HitList {
  count: number;
  /** index, generation, world, t per hit */
  words: Uint32Array;
  id(i: number): BodyId;
  index(i: number): number;
  generation(i: number): number;
  t(i: number): Raw;
}
export class RayHit {
  index: number;
  generation: number;
  world: number;
  /** floor(t * 65536), 0..65536 */
  t: Raw;
  readonly id: BodyId;
}
/** A shape-cast hit (fc_cast2_hit / fc_cast3_hit). */
export class CastHit {
  constructor(dim?: 2 | 3);
  dim: 2 | 3;
  /** the body (world casts; zeros for the pair casts) */
  index: number;
  generation: number;
  world: number;
  /** floor(t * 65536), 0..65536 */
  t: Raw;
  /** raw unit normal from the moving shape toward the target (dim words) */
  normal: Int32Array;
  readonly id: BodyId;
}
/** A refined cast (fc_cast2_result / fc_cast3_result). */
export class CastResult {
  constructor(dim?: 2 | 3);
  dim: 2 | 3;
  hit: boolean;
  index: number;
  generation: number;
  world: number;
  t: Raw;
  normal: Int32Array;
  /** the shapes overlapped at t = 0 */
  started: boolean;
  /** the safe advance (raw, dim words; delta on a miss) */
  safe: Int32Array;
  readonly id: BodyId;
}
/** fc_mover_def's fields (missing: the C defaults). */
export interface MoverDef {
  skin?: Raw;
  maxIterations?: number;
  stepHeight?: Raw;
  snapDistance?: Raw;
  upAxis?: number;
  upSign?: number;
  slopeRun?: number;
  slopeRise?: number;
  filter?: Filter;
  exclude?: BodyId[];
}
/** The mover's outcome (fc_mover2_result / fc_mover3_result). */
export class MoverResult {
  constructor(dim?: 2 | 3);
  dim: 2 | 3;
  moved: Int32Array;
  flags: number;
  iterations: number;
  touchCount: number;
  pathCount: number;
  pushouts: number;
  touchWords: Int32Array;
  touchId(i: number): BodyId;
  touchT(i: number): Raw;
  touchNormal(i: number, k: number): Raw;
  touchIteration(i: number): number;
  touchKind(i: number): number;
}
export const MOVER: {
  readonly GROUNDED: 1; readonly CEILING: 2; readonly WALL: 4; readonly STARTED_OVERLAP: 8; readonly STEPPED: 16;
  readonly SNAPPED: 32; readonly STUCK: 64; readonly TOUCH_GROUND: 1; readonly TOUCH_CEILING: 2; readonly TOUCH_WALL: 4;
  readonly MAX_EXCLUDE: 64;
};
/** Shape-cast hits by (exact t, index). */
export class CastHitList {
  constructor(dim?: 2 | 3);
  dim: 2 | 3;
  count: number;
  /** index, generation, world, t, normal (dim words) per hit */
  words: Uint32Array;
  readonly stride: 6 | 7;
  id(i: number): BodyId;
  index(i: number): number;
  generation(i: number): number;
  t(i: number): Raw;
  /** component k (0 x, 1 y, 2 z) of hit i's normal */
  normal(i: number, k: number): Raw;
}

export interface WorldOptions {
  dim?: 2 | 3;
  boundsMin?: [Raw, Raw];
  boundsLog2?: number;
  maxDepth?: number;
  layout?: 'loose' | 'strict';
  bodyCapacity?: number;
  pairCapacity?: number;
  tag?: number;
}

/** Opcodes of a frame command buffer (fixcol/frame.h). */
export const FrameOp: Readonly<{
  TRANSLATE2: 1; MOVE_POLAR2: 2; SET_ANGLE2: 3; SET_SHAPE2: 4; GET_SHAPE2: 5; SECTOR2: 6; RING2: 7;
  OVERLAP2: 8; RAY2: 9; CAST2: 10; PAIRS: 11; EVENTS: 12; PUSHOUT_PAIRS2: 13; CHECKSUM: 14;
}>;
export const FRAME_SHAPE_WORDS: 18;
export const FRAME_MAX_WORDS: number;
/** Command and result words in wasm memory (views refreshed on each get: re-read after any fixcol call). */
export class FrameBuffer {
  /** cmdWords, outWords: 1 .. 2^24 each. */
  constructor(cmdWords: number, outWords: number);
  readonly cmd: Int32Array;
  readonly out: Int32Array;
  readonly cmdWords: number;
  readonly outWords: number;
  readonly freed: boolean;
  free(): void;
}

export class World {
  constructor(opts?: WorldOptions);
  destroy(): void;
  readonly destroyed: boolean;
  readonly dim: 2 | 3;
  readonly tag: number;
  readonly bodyCount: number;
  createBody(shape: Shape, filter?: Filter, userData?: bigint): BodyId;
  destroyBody(id: BodyId): void;
  bodyValid(id: BodyId): boolean;
  translate2(id: BodyId, dx: Raw, dy: Raw): void;
  /** fc_frame_run: run fb.cmd[0..n) in one call, fill fb.out; returns the result words (fixcol/frame.h). */
  runFrame(fb: FrameBuffer, n: number): number;
  translate3(id: BodyId, dx: Raw, dy: Raw, dz: Raw): void;
  setAngle2(id: BodyId, angle: Angle): void;
  setShape(id: BodyId, shape: Shape): void;
  setFilter(id: BodyId, filter: Filter): void;
  setUserData(id: BodyId, userData: bigint): void;
  getShape(id: BodyId, out?: Shape): Shape;
  getFilter(id: BodyId, out?: Filter): Filter;
  getUserData(id: BodyId): bigint;
  /** [minX, minY, minZ, maxX, maxY, maxZ] */
  getBounds(id: BodyId, out?: Int32Array): Int32Array;
  findPairs(out?: PairList): PairList;
  /** fc_world_pair_events: began / ended between the last two findPairs / findContacts calls. */
  pairEvents(out?: PairEvents): PairEvents;
  /** fc_world_history_begin: a ring of frames saves (1..4096) within bytes bytes of records (4096..2^30). */
  historyBegin(frames: number, bytes: number): void;
  /** fc_world_history_end: stop recording, free the ring. */
  historyEnd(): void;
  /** fc_world_history_save: close the frame; throws 'capacity' when it did not fit (the history restarts). */
  historySave(): void;
  /** fc_world_history_rollback: the state after the save k saves before the newest; throws 'range' past the ring. */
  historyRollback(k: number): void;
  /** fc_world_history_stats */
  historyStats(): HistoryStats;
  /** fc_world_find_contacts2/3: the pairs and each pair's contact (a findPairs call). */
  findContacts(out?: PairContacts): PairContacts;
  overlap(shape: Shape, filter?: Filter, out?: IdList): IdList;
  point2(x: Raw, y: Raw, filter?: Filter, out?: IdList): IdList;
  /** fc_world_overlap_sector2 / fc_world_overlap_ring2: ids by index. */
  overlapSector2(sector: Sector2, filter?: Filter, out?: IdList): IdList;
  overlapRing2(ring: Ring2, filter?: Filter, out?: IdList): IdList;
  point3(x: Raw, y: Raw, z: Raw, filter?: Filter, out?: IdList): IdList;
  raycast2(ox: Raw, oy: Raw, dx: Raw, dy: Raw, filter?: Filter): RayHit | null;
  raycast3(ox: Raw, oy: Raw, oz: Raw, dx: Raw, dy: Raw, dz: Raw, filter?: Filter): RayHit | null;
  raycast2All(ox: Raw, oy: Raw, dx: Raw, dy: Raw, filter?: Filter, out?: HitList): HitList;
  raycast3All(ox: Raw, oy: Raw, oz: Raw, dx: Raw, dy: Raw, dz: Raw, filter?: Filter, out?: HitList): HitList;
  /** fc_world_cast2: the closest hit of moving swept by (dx, dy), or null (the CastHit is reused) */
  cast2(moving: Shape, dx: Raw, dy: Raw, filter?: Filter): CastHit | null;
  cast3(moving: Shape, dx: Raw, dy: Raw, dz: Raw, filter?: Filter): CastHit | null;
  /** fc_world_cast2_all: every hit by (exact t, index) */
  cast2All(moving: Shape, dx: Raw, dy: Raw, filter?: Filter, out?: CastHitList): CastHitList;
  cast3All(moving: Shape, dx: Raw, dy: Raw, dz: Raw, filter?: Filter, out?: CastHitList): CastHitList;
  /** fc_world_cast2_ex: the closest hit over the bodies not excluded, started, the safe advance */
  cast2Ex(moving: Shape, dx: Raw, dy: Raw, filter?: Filter, exclude?: BodyId[], out?: CastResult): CastResult;
  cast3Ex(moving: Shape, dx: Raw, dy: Raw, dz: Raw, filter?: Filter, exclude?: BodyId[], out?: CastResult): CastResult;
  /** fc_world_move2 / 3: move a body through the world (fixcol/mover.h) */
  move2(id: BodyId, dx: Raw, dy: Raw, def?: MoverDef, out?: MoverResult): MoverResult;
  move3(id: BodyId, dx: Raw, dy: Raw, dz: Raw, def?: MoverDef, out?: MoverResult): MoverResult;
  /** fc_world_move_shape2 / 3: where a free shape would go (the world unchanged) */
  moveShape2(shape: Shape, dx: Raw, dy: Raw, def?: MoverDef, out?: MoverResult): MoverResult;
  moveShape3(shape: Shape, dx: Raw, dy: Raw, dz: Raw, def?: MoverDef, out?: MoverResult): MoverResult;
  checksum(): bigint;
  checksumHex(): string;
  checksumWords(out?: Uint32Array): Uint32Array;
  snapshot(): Uint8Array;
  restore(bytes: Uint8Array): void;
  validate(): void;
  // finding a desync (docs/desync.md)
  /** fc_world_slot_count: slots ever used (live + free) */
  readonly slotCount: number;
  /** fc_world_range_checksum of slots [lo, hi), lo <= hi <= 2^24 */
  rangeChecksum(lo: number, hi: number): bigint;
  /** fc_world_body_hash: a live body's record hash */
  bodyHash(id: BodyId): bigint;
  /** fc_desync_answer: this world's answer to a bisection question */
  desyncAnswer(question: bigint): bigint;
  /** fc_world_dump: the canonical text dump */
  dump(): string;
  /** fc_world_dump_slot: one slot's line, LF-terminated */
  dumpSlot(index: number): string;
}

/** FC_DESYNC_ASK_SLOTS (2^64 - 1) */
export const DESYNC_ASK_SLOTS: bigint;
/** FC_DESYNC_DEFAULT_MAX_FOUND (64) */
export const DESYNC_DEFAULT_MAX_FOUND: number;
export type DesyncStep =
  | { step: 'ask'; question: bigint }
  | { step: 'found'; slot: number }
  | { step: 'done' }
  | { step: 'limit' };
/** fc_desync: the asker's bisection state machine */
export class Desync {
  constructor();
  reset(): this;
  clone(): Desync;
  next(): DesyncStep;
  feed(mine: bigint, theirs: bigint): void;
  /** fc_desync_set_budget: maxFound 1..2^24, maxRounds 0 (default bound) .. 2^32 - 1 */
  setBudget(maxFound: number, maxRounds?: number): this;
  readonly rounds: number;
  readonly found: number;
  readonly slots: number;
  readonly maxFound: number;
  readonly maxRounds: number;
}

// the desync locator as a wire protocol (fixcol/wire.h, docs/lockstep.md)
/** FC_WIRE_VERSION (1) */
export const WIRE_VERSION: number;
/** FC_WIRE_MESSAGE_MAX: the largest message in bytes */
export const WIRE_MESSAGE_MAX: number;
export type WireVerdict = 'running' | 'equal' | 'found' | 'budget' | 'inconsistent' | 'aborted' | 'cap';
export type WireRx =
  | 'accepted' | 'start' | 'report' | 'verdict' | 'aborted'
  | 'malformed' | 'version' | 'session' | 'replayed' | 'out_of_order' | 'unexpected' | 'inconsistent' | 'cap' | 'ended';
export type WireMessage = { version: number; session: number; frame: number; round: number } & (
  | { type: 'checksum'; checksum: bigint }
  | { type: 'start'; dim: number; maxFound: number; maxRounds: number }
  | { type: 'ask'; question: bigint }
  | { type: 'answer'; answer: bigint }
  | { type: 'dump_ask'; slot: number }
  | { type: 'dump'; slot: number; dim: number; text: string }
  | { type: 'report'; slot: number; text: string }
  | { type: 'verdict'; verdict: WireVerdict; found: number; rounds: number }
  | { type: 'abort'; reason: 'caller' | 'cap' | 'bad_request' });
/** fc_wire_checksum: the CHECKSUM message "my checksum at frame" */
export function wireChecksum(frame: number, checksum: bigint): Uint8Array;
/** fc_wire_decode: throws FixcolError FC_ERR_FORMAT / FC_ERR_VERSION */
export function wireDecode(bytes: Uint8Array | ArrayBuffer): WireMessage;
declare class WireSide {
  /** fc_wire_receive: never throws for any bytes */
  receive(bytes: Uint8Array | ArrayBuffer): WireRx;
  /** fc_wire_produce: the next message to send, or null (world: at this search's frame) */
  produce(world: World): Uint8Array | null;
  /** fc_wire_abort */
  abort(): this;
  readonly role: 'leader' | 'follower';
  readonly session: number;
  readonly frame: number;
  readonly verdict: WireVerdict;
  readonly ended: boolean;
  readonly messages: number;
  readonly maxMessages: number;
  readonly found: number;
  readonly rounds: number;
}
/** fc_wire_leader: the server's side of one search */
export class WireLeader extends WireSide {
  constructor(opts: { session: number; frame: number; maxFound?: number; maxRounds?: number; maxMessages?: number });
  readonly reports: { frame: number; slot: number; text: string }[];
}
/** fc_wire_follower: a client's side of one search */
export class WireFollower extends WireSide {
  constructor(opts?: { maxMessages?: number });
}

export class Hash64 {
  constructor(seedLo?: number, seedHi?: number);
  lo: number;
  hi: number;
  reset(seedLo?: number, seedHi?: number): this;
  word(lo: number, hi: number): void;
  finish(): this;
  fold(): number;
  hex(): string;
  bigint(): bigint;
}
export function hex64(lo: number, hi: number): string;

export const OpKind: Readonly<Record<'CREATE' | 'MOVE' | 'TURN' | 'SET' | 'DESTROY' | 'QUERY_SHAPE' | 'QUERY_POINT' |
  'QUERY_RAY' | 'QUERY_RAY_ALL' | 'SNAPSHOT' | 'RESTORE' | 'QUERY_RANGE' | 'QUERY_DUMP' | 'QUERY_SECTOR' | 'QUERY_RING' |
  'QUERY_CAST' | 'QUERY_CAST_ALL' | 'QUERY_PUSHOUT' | 'SET_FILTER' | 'QUERY_BODY_HASH' | 'QUERY_PAIRS' | 'MOVER' |
  'MOVER_SHAPE', number>>;
export const OP_NAMES: readonly (string | null)[];
/** The most excluded ids a recorded mover call has (FC_REPLAY_MAX_EXCLUDE). */
export const REPLAY_MAX_EXCLUDE: number;

/** A recorded mover definition (format 5): fc_mover_def's fields, raw integers. */
export interface ReplayMoverDef {
  skin: number; maxIterations: number; stepHeight: number; snapDistance: number;
  upAxis: number; upSign: number; slopeRun: number; slopeRise: number;
  exclude: { index: number; generation: number }[];
}

export interface ReplaySettings {
  readonly dim: 2 | 3;
  readonly boundsMin: [Raw, Raw];
  readonly boundsLog2: number;
  readonly maxDepth: number;
  readonly layout: 'loose' | 'strict';
  /** the file's format version (1 to 5; ReplayRunner runs 2 to 5, and refuses 1 with FC_ERR_VERSION) */
  readonly version: 1 | 2 | 3 | 4 | 5;
}

export class ReplayFormatError extends FixcolError {
  readonly readerMessage: string;
  readonly offset: number;
  readonly line: number;
  readonly column: number;
}

export class ReplayOp {
  constructor(dim: 2 | 3);
  kind: number;
  readonly name: string | null;
  index: number;
  generation: number;
  category: number;
  mask: number;
  slot: number;
  angle: Angle;
  ax: Raw; ay: Raw; az: Raw;
  bx: Raw; by: Raw; bz: Raw;
  /** range: slots [lo, hi) */
  lo: number; hi: number;
  /** create, set, overlap; cast / cast_all: the moving shape (delta bx, by, bz); pushout (format 4): a, the shape that stays */
  shape: Shape;
  /** pushout (format 4): b, the shape pushed out of a */
  shapeB: Shape;
  /** mover, mover_shape (format 5): the recorded definition (the desired displacement is ax, ay, az; the query
   * filter category, mask; mover_shape's free shape is shape) */
  mover: ReplayMoverDef;
  /** sector (format 3), refilled in place */
  sector: Sector2;
  /** ring (format 3), refilled in place */
  ring: Ring2;
  dim: 2 | 3;
  words: Int32Array;
  toString(): string;
  equals(o: ReplayOp): boolean;
  setWords(src: ArrayLike<number>, at?: number): this;
}
/** words per operation */
export const OP_WORDS: number;

export class FrameExpect {
  checksumLo: number; checksumHi: number;
  stateLo: number; stateHi: number;
  pairsLo: number; pairsHi: number;
  pairCount: number;
  ops: number;
  queryCount: number;
  /** count, hash per query */
  queries: Uint32Array;
  /** 1 in a format 3 frame (the fields below are then part of the checksum), else 0 */
  extended: number;
  beganCount: number; began: number;
  endedCount: number; ended: number;
  contactCount: number; contacts: number;
}
export class FrameResult extends FrameExpect {
  queryOps: Uint32Array;
}

export class ReplayReader {
  constructor(bytes: Uint8Array);
  readonly settings: ReplaySettings;
  readonly size: number;
  readonly pos: number;
  readonly frames: number;
  nextFrame(): number;
  nextOp(op: ReplayOp): ReplayOp;
  readExpect(e: FrameExpect): FrameExpect;
  close(): void;
}

export class ReplayRunner {
  constructor(settings: ReplaySettings);
  readonly dim: 2 | 3;
  readonly world: World;
  live: Uint32Array;
  badCreateOp: number;
  badCreateId: BodyId | null;
  destroy(): void;
  id(index: number, generation: number): BodyId;
  beginFrame(): void;
  apply(op: ReplayOp): number;
  endFrame(): FrameResult;
  liveIds(): BodyId[];
}

export interface Mismatch {
  frame: number;
  what: 'create_id' | 'ops' | 'query' | 'pairs' | 'events' | 'contacts' | 'state' | 'checksum';
  expected: string;
  got: string;
  [more: string]: unknown;
}
export interface VerifyResult {
  settings: ReplaySettings;
  frames: number;
  ops: number;
  badFrames: number;
  first: Mismatch | null;
}
export function verifyReplay(bytes: Uint8Array, opts?: {
  digest?: Hash64;
  onFrame?: (frame: number, runner: ReplayRunner) => void;
  tamper?: (frame: number, opIndex: number, op: ReplayOp) => void;
}): VerifyResult;

export class Contact {
  constructor(dim?: 2 | 3);
  dim: 2 | 3;
  /** from A to B, raw Q16.16, unit within 2^-15 */
  normal: Int32Array;
  depth: Raw;
  point: Int32Array;
}
/** fc_overlap2 / fc_overlap3 */
export function overlap(a: Shape, b: Shape): boolean;

/** fc_sector2: apex (x, y), radius r, centre line dir, half opening half (binary angles; half 0..32768). */
export class Sector2 {
  constructor(x: Raw, y: Raw, r: Raw, dir: number, half: number);
  x: Raw;
  y: Raw;
  r: Raw;
  dir: number;
  half: number;
}
/** fc_ring2: inner <= |p - (x, y)| <= outer. */
export class Ring2 {
  constructor(x: Raw, y: Raw, inner: Raw, outer: Raw);
  x: Raw;
  y: Raw;
  inner: Raw;
  outer: Raw;
}
/** fc_sector2_contains / fc_ring2_contains. */
export function areaContains(area: Sector2 | Ring2, x: Raw, y: Raw): boolean;
/** fc_overlap_sector2 / fc_overlap_ring2 (2D shapes). */
export function areaOverlap(area: Sector2 | Ring2, shape: Shape): boolean;
/** fc_contact2 / fc_contact3 */
export function contact(a: Shape, b: Shape, out?: Contact): Contact | null;
/** fc_pushout2 / fc_pushout3: raw translation for b that separates it from a (zeros when apart) */
export function pushout(a: Shape, b: Shape, out?: Int32Array): Int32Array;
/** fc_cast2: moving swept by (dx, dy) against target: the first touch, or null */
export function cast2(moving: Shape, dx: Raw, dy: Raw, target: Shape, out?: CastHit): CastHit | null;
/** fc_cast3 */
export function cast3(moving: Shape, dx: Raw, dy: Raw, dz: Raw, target: Shape, out?: CastHit): CastHit | null;
/** fc_cast2_ex / fc_cast3_ex: the refined pair casts (started, safe advance) */
export function cast2Ex(moving: Shape, dx: Raw, dy: Raw, target: Shape, out?: CastResult): CastResult;
export function cast3Ex(moving: Shape, dx: Raw, dy: Raw, dz: Raw, target: Shape, out?: CastResult): CastResult;

export interface ReplayDiff {
  same: boolean;
  /** 1-based first differing frame (0: settings differ or same) */
  frame: number;
  what: string;
  /** the line(s) `fixcol-replay diff A B` prints */
  message: string;
  opIndex?: number;
  queryIndex?: number;
}
export function diffReplays(a: Uint8Array, b: Uint8Array, nameA?: string, nameB?: string): ReplayDiff;
export function bodyDiff(a: ReplayRunner, b: ReplayRunner): { key: string; index: number; why: string }[];
