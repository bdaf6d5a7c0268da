// SPDX-License-Identifier: MIT
// World: the world tier (fc_world_*). One World owns one C world in the
// wasm heap; destroy() frees it (a FinalizationRegistry frees a forgotten
// one after garbage collection, but do not rely on it). Every method
// throws FixcolError with the C status on failure and then has changed
// nothing; a destroyed world throws FC_ERR_NULL.
import { fc, views, io, IOW, alloc, free } from './wasm.js';
import { FixcolError, check, argError, Status } from './errors.js';
import { raw, u32, angleArg } from './fix.js';
import { BodyId, idArg } from './ids.js';
import { Shape, SHAPE_WORDS, put, shapeArg } from './shape.js';
import { IdList, PairList, HitList, RayHit, CastHit, CastHitList } from './results.js';
import { movingArg, putDelta, listOut } from './cast.js';
import { u64Arg, get64, text } from './desync.js';
import { PairEvents, PairContacts } from './events.js';
import { putArea, Sector2, Ring2 } from './area.js';

const registry = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((ptr) => fc.fcjs_world_destroy(ptr))
  : null;

/** fc_filter_default(): category 1, every mask bit. */
export const DEFAULT_FILTER = Object.freeze({ category: 1, mask: 0xffffffff });
const LAYOUTS = { loose: 0, strict: 1 };

function filterArgs(f, call) {
  if (f === undefined) return DEFAULT_FILTER;
  if (f === null || typeof f !== 'object') throw argError(call, 'expected a filter { category, mask }');
  u32(f.category, call);
  u32(f.mask, call);
  return f;
}

export class World {
  #p = 0;
  #dim;
  #tag;
  #pairs = new PairList();
  #ids = new IdList();
  #hits = new HitList();
  #hit = new RayHit();
  #castHit2 = new CastHit(2);
  #castHit3 = new CastHit(3);
  #castHits2 = new CastHitList(2);
  #castHits3 = new CastHitList(3);
  #events = new PairEvents();
  #contacts = new PairContacts();

  /**
   * fc_world_create. Options (all optional; defaults of fc_world_def_default):
   * dim 2|3, boundsMin [x, y] raw, boundsLog2 0..14, maxDepth, layout
   * 'loose'|'strict', bodyCapacity, pairCapacity, tag (uint32, default 1).
   */
  constructor(opts = {}) {
    const c = 'new World';
    const dim = opts.dim ?? 2;
    const bmin = opts.boundsMin ?? [0, 0];
    const layout = LAYOUTS[opts.layout ?? 'loose'];
    if (layout === undefined) throw argError(c, `layout must be 'loose' or 'strict'`);
    if (!Array.isArray(bmin) || bmin.length !== 2) throw argError(c, 'boundsMin must be [x, y]');
    const w = [raw(dim, c), raw(bmin[0], c), raw(bmin[1], c), raw(opts.boundsLog2 ?? 10, c), raw(opts.maxDepth ?? 5, c),
      layout, raw(opts.bodyCapacity ?? 0, c), raw(opts.pairCapacity ?? 0, c), u32(opts.tag ?? 1, c)];
    const i32 = views().i32;
    for (let i = 0; i < w.length; i++) i32[IOW + i] = w[i] | 0;
    check(fc.fcjs_world_create(io), c);
    this.#p = views().i32[IOW];
    this.#dim = dim;
    this.#tag = w[8];
    registry?.register(this, this.#p, this);
  }

  /** fc_world_destroy (idempotent). */
  destroy() {
    if (!this.#p) return;
    registry?.unregister(this);
    fc.fcjs_world_destroy(this.#p);
    this.#p = 0;
  }

  get destroyed() {
    return this.#p === 0;
  }

  #w(call) {
    if (this.#p === 0) throw new FixcolError(Status.FC_ERR_NULL, call, 'world used after destroy()');
    return this.#p;
  }

  /** fc_world_get_dim: 2 or 3 */
  get dim() {
    return this.#dim;
  }

  /** The tag in every id this world hands out. */
  get tag() {
    return this.#tag;
  }

  /** fc_world_body_count */
  get bodyCount() {
    return fc.fcjs_body_count(this.#w('bodyCount'));
  }

  /**
   * fc_world_create_body: a body of the world's dimension. filter
   * { category, mask } (default DEFAULT_FILTER); userData a BigInt 0..2^64-1.
   * @returns {BodyId}
   */
  createBody(shape, filter, userData = 0n) {
    const c = 'createBody';
    const p = this.#w(c);
    shapeArg(shape, c);
    const f = filterArgs(filter, c);
    if (typeof userData !== 'bigint' || BigInt.asUintN(64, userData) !== userData) throw argError(c, 'userData must be a BigInt in 0..2^64-1');
    if (shape.dim !== this.#dim) throw new FixcolError(Status.FC_ERR_SHAPE_TYPE, c, `a ${shape.dim}D shape in a ${this.#dim}D world`);
    put(shape);
    const i32 = views().i32;
    i32[IOW + SHAPE_WORDS] = f.category;
    i32[IOW + SHAPE_WORDS + 1] = f.mask;
    i32[IOW + SHAPE_WORDS + 2] = Number(userData & 0xffffffffn);
    i32[IOW + SHAPE_WORDS + 3] = Number(userData >> 32n);
    check(fc.fcjs_create_body(p, io), c);
    const u32v = views().u32;
    return new BodyId(u32v[IOW], u32v[IOW + 1], u32v[IOW + 2]);
  }

  /** fc_world_destroy_body */
  destroyBody(id) {
    const p = this.#w('destroyBody');
    idArg(id, 'destroyBody');
    check(fc.fcjs_destroy_body(p, id.index, id.generation, id.world), 'destroyBody');
  }

  /** fc_world_body_valid: true when id names a live body of this world. */
  bodyValid(id) {
    const p = this.#w('bodyValid');
    idArg(id, 'bodyValid');
    return fc.fcjs_body_valid(p, id.index, id.generation, id.world) !== 0;
  }

  /** fc_world_translate2: move by (dx, dy) raw. */
  translate2(id, dx, dy) {
    const p = this.#w('translate2');
    idArg(id, 'translate2');
    check(fc.fcjs_translate2(p, id.index, id.generation, id.world, raw(dx, 'translate2'), raw(dy, 'translate2')), 'translate2');
  }

  /** fc_world_translate3 */
  translate3(id, dx, dy, dz) {
    const p = this.#w('translate3');
    idArg(id, 'translate3');
    const c = 'translate3';
    check(fc.fcjs_translate3(p, id.index, id.generation, id.world, raw(dx, c), raw(dy, c), raw(dz, c)), c);
  }

  /** fc_world_set_angle2: a 2D OBB's binary angle 0..65535. */
  setAngle2(id, angle) {
    const p = this.#w('setAngle2');
    idArg(id, 'setAngle2');
    check(fc.fcjs_set_angle2(p, id.index, id.generation, id.world, angleArg(angle, 'setAngle2')), 'setAngle2');
  }

  /** fc_world_set_shape2 / fc_world_set_shape3 (by the shape's dimension). */
  setShape(id, shape) {
    const p = this.#w('setShape');
    idArg(id, 'setShape');
    shapeArg(shape, 'setShape');
    const a = put(shape);
    check(fc.fcjs_set_shape(p, id.index, id.generation, id.world, shape.dim, a), 'setShape');
  }

  /** fc_world_set_filter */
  setFilter(id, filter) {
    const p = this.#w('setFilter');
    idArg(id, 'setFilter');
    const f = filterArgs(filter, 'setFilter');
    check(fc.fcjs_set_filter(p, id.index, id.generation, id.world, f.category, f.mask), 'setFilter');
  }

  /** fc_world_set_user_data: a BigInt 0..2^64-1. */
  setUserData(id, userData) {
    const c = 'setUserData';
    const p = this.#w(c);
    idArg(id, c);
    if (typeof userData !== 'bigint' || BigInt.asUintN(64, userData) !== userData) throw argError(c, 'userData must be a BigInt in 0..2^64-1');
    check(fc.fcjs_set_user_data(p, id.index, id.generation, id.world, Number(userData & 0xffffffffn), Number(userData >> 32n)), c);
  }

  /** fc_world_get_shape2/3: the body's shape (into out if given). */
  getShape(id, out) {
    const p = this.#w('getShape');
    idArg(id, 'getShape');
    check(fc.fcjs_get_shape(p, id.index, id.generation, id.world, io), 'getShape');
    const s = out ?? new Shape(this.#dim);
    s.dim = this.#dim;
    const i32 = views().i32;
    for (let i = 0; i < SHAPE_WORDS; i++) s.words[i] = i32[IOW + i];
    return s;
  }

  /** fc_world_get_filter: { category, mask } (into out if given). */
  getFilter(id, out = {}) {
    this.#body(id, 'getFilter');
    const u = views().u32;
    out.category = u[IOW];
    out.mask = u[IOW + 1];
    return out;
  }

  /** fc_world_get_user_data: a BigInt. */
  getUserData(id) {
    this.#body(id, 'getUserData');
    const u = views().u32;
    return BigInt(u[IOW + 2]) | (BigInt(u[IOW + 3]) << 32n);
  }

  /** fc_world_get_bounds: Int32Array [minX, minY, minZ, maxX, maxY, maxZ] raw, rounded outward (into out). */
  getBounds(id, out = new Int32Array(6)) {
    this.#body(id, 'getBounds');
    const i32 = views().i32;
    for (let i = 0; i < 6; i++) out[i] = i32[IOW + 4 + i];
    return out;
  }

  #body(id, call) {
    const p = this.#w(call);
    idArg(id, call);
    check(fc.fcjs_get_body(p, id.index, id.generation, id.world, io), call);
  }

  /** fc_world_find_pairs: every overlapping pair, by (a.index, b.index); a PairList reused by this world unless out is given. */
  findPairs(out = this.#pairs) {
    const p = this.#w('findPairs');
    check(fc.fcjs_find_pairs(p, io), 'findPairs');
    const u = views().u32;
    return out._load(u[IOW], u[IOW + 1]);
  }

  /**
   * fc_world_pair_events: the pairs that began / ended between the last two
   * findPairs / findContacts calls ({ began, ended } PairLists, reused by
   * this world unless out is given). After restore() no events are pending
   * and the next findPairs diffs against the restored contents' pairs.
   */
  pairEvents(out = this.#events) {
    const c = 'pairEvents';
    const p = this.#w(c);
    if (!(out instanceof PairEvents)) throw argError(c, 'out must be a PairEvents');
    check(fc.fcjs_pair_events(p, io), c);
    const u = views().u32;
    out.began._load(u[IOW], u[IOW + 1]);
    out.ended._load(u[IOW + 2], u[IOW + 3]);
    return out;
  }

  /**
   * fc_world_find_contacts2/3: findPairs plus each pair's contact (as
   * contact(shape a, shape b)); { pairs, contacts }, reused unless out is
   * given. It is a findPairs call for pairEvents.
   */
  findContacts(out = this.#contacts) {
    const c = 'findContacts';
    const p = this.#w(c);
    if (!(out instanceof PairContacts)) throw argError(c, 'out must be a PairContacts');
    check(fc.fcjs_find_contacts(p, this.#dim, io), c);
    const u = views().u32;
    const n = u[IOW + 1], cp = u[IOW + 2];
    out.pairs._load(u[IOW], n);
    out.contacts._load(this.#dim, cp, n);
    return out;
  }

  /** fc_world_overlap2/3: ids whose shape overlaps shape and pass filter (an IdList, reused unless out). */
  overlap(shape, filter, out = this.#ids) {
    const c = 'overlap';
    const p = this.#w(c);
    shapeArg(shape, c);
    const f = filterArgs(filter, c);
    const a = put(shape);
    check(fc.fcjs_overlap(p, shape.dim, f.category, f.mask, a), c);
    const u = views().u32;
    return out._load(u[IOW], u[IOW + 1]);
  }

  /** fc_world_point2: ids containing the point (x, y). */
  point2(x, y, filter, out = this.#ids) {
    return this.#point(2, x, y, 0, filter, out, 'point2');
  }

  /** fc_world_point3 */
  point3(x, y, z, filter, out = this.#ids) {
    return this.#point(3, x, y, z, filter, out, 'point3');
  }

  /** fc_world_overlap_sector2: ids of the bodies meeting the Sector2, by index (an IdList, reused unless out). */
  overlapSector2(sector, filter, out = this.#ids) {
    return this.#area(sector, Sector2, filter, out, 'overlapSector2');
  }

  /** fc_world_overlap_ring2: ids of the bodies meeting the Ring2, by index. */
  overlapRing2(ring, filter, out = this.#ids) {
    return this.#area(ring, Ring2, filter, out, 'overlapRing2');
  }

  #area(area, type, filter, out, c) {
    const p = this.#w(c);
    if (!(area instanceof type)) throw argError(c, `expected a ${type.name}`);
    const f = filterArgs(filter, c);
    putArea(area, c);
    check(fc.fcjs_area_query(p, area._kind, f.category, f.mask, io), c);
    const u = views().u32;
    return out._load(u[IOW], u[IOW + 1]);
  }

  #point(dim, x, y, z, filter, out, c) {
    const p = this.#w(c);
    const f = filterArgs(filter, c);
    check(fc.fcjs_point(p, dim, f.category, f.mask, raw(x, c), raw(y, c), raw(z, c), io), c);
    const u = views().u32;
    return out._load(u[IOW], u[IOW + 1]);
  }

  /** fc_world_raycast2: the closest hit of origin + t * delta, t in [0, 1], or null (the RayHit is reused). */
  raycast2(ox, oy, dx, dy, filter) {
    return this.#ray(2, ox, oy, 0, dx, dy, 0, filter, 0, 'raycast2');
  }

  /** fc_world_raycast3 */
  raycast3(ox, oy, oz, dx, dy, dz, filter) {
    return this.#ray(3, ox, oy, oz, dx, dy, dz, filter, 0, 'raycast3');
  }

  /** fc_world_raycast2_all: every hit by (exact t, index), a HitList. */
  raycast2All(ox, oy, dx, dy, filter, out = this.#hits) {
    return this.#ray(2, ox, oy, 0, dx, dy, 0, filter, out, 'raycast2All');
  }

  /** fc_world_raycast3_all */
  raycast3All(ox, oy, oz, dx, dy, dz, filter, out = this.#hits) {
    return this.#ray(3, ox, oy, oz, dx, dy, dz, filter, out, 'raycast3All');
  }

  #ray(dim, ox, oy, oz, dx, dy, dz, filter, out, c) {
    const p = this.#w(c);
    const f = filterArgs(filter, c);
    const i32 = views().i32;
    i32[IOW] = raw(ox, c);
    i32[IOW + 1] = raw(oy, c);
    i32[IOW + 2] = raw(oz, c);
    i32[IOW + 3] = raw(dx, c);
    i32[IOW + 4] = raw(dy, c);
    i32[IOW + 5] = raw(dz, c);
    check(fc.fcjs_raycast(p, dim, f.category, f.mask, out ? 1 : 0, io), c);
    const u = views().u32;
    if (out) return out._load(u[IOW], u[IOW + 1]);
    if (!u[IOW]) return null;
    const h = this.#hit;
    h.index = u[IOW + 1];
    h.generation = u[IOW + 2];
    h.world = u[IOW + 3];
    h.t = u[IOW + 4] | 0;
    return h;
  }

  /** fc_world_cast2: the closest hit of moving swept by (dx, dy) against the bodies passing filter, or null (the CastHit is reused). */
  cast2(moving, dx, dy, filter) {
    return this.#cast(2, moving, dx, dy, 0, filter, false, null, 'cast2');
  }

  /** fc_world_cast3 */
  cast3(moving, dx, dy, dz, filter) {
    return this.#cast(3, moving, dx, dy, dz, filter, false, null, 'cast3');
  }

  /** fc_world_cast2_all: every hit by (exact t, index), a CastHitList (reused unless out). */
  cast2All(moving, dx, dy, filter, out = this.#castHits2) {
    return this.#cast(2, moving, dx, dy, 0, filter, true, out, 'cast2All');
  }

  /** fc_world_cast3_all */
  cast3All(moving, dx, dy, dz, filter, out = this.#castHits3) {
    return this.#cast(3, moving, dx, dy, dz, filter, true, out, 'cast3All');
  }

  #cast(dim, moving, dx, dy, dz, filter, all, out, c) {
    const p = this.#w(c);
    movingArg(moving, dim, c);
    const f = filterArgs(filter, c);
    if (all) listOut(out, dim, c);
    putDelta(SHAPE_WORDS, dx, dy, dz, c);
    put(moving, 0);
    check(fc.fcjs_world_cast(p, dim, f.category, f.mask, all ? 1 : 0, io), c);
    const u = views().u32;
    if (all) return out._load(u[IOW], u[IOW + 1]);
    if (!u[IOW]) return null;
    const h = dim === 2 ? this.#castHit2 : this.#castHit3;
    h.index = u[IOW + 1];
    h.generation = u[IOW + 2];
    h.world = u[IOW + 3];
    h.t = u[IOW + 4] | 0;
    for (let k = 0; k < dim; k++) h.normal[k] = u[IOW + 5 + k] | 0;
    return h;
  }

  /** fc_world_checksum as a BigInt. */
  checksum() {
    const w = this.checksumWords(tmp2);
    return BigInt(w[0]) | (BigInt(w[1]) << 32n);
  }

  /** fc_world_checksum as 16 hex digits. */
  checksumHex() {
    const w = this.checksumWords(tmp2);
    return w[1].toString(16).padStart(8, '0') + w[0].toString(16).padStart(8, '0');
  }

  /** fc_world_checksum into out (Uint32Array [low, high]); allocation-free. */
  checksumWords(out = new Uint32Array(2)) {
    fc.fcjs_checksum(this.#w('checksum'), io);
    const u = views().u32;
    out[0] = u[IOW];
    out[1] = u[IOW + 1];
    return out;
  }

  /** fc_world_snapshot: the whole world as bytes (a new Uint8Array). */
  snapshot() {
    const c = 'snapshot';
    const p = this.#w(c);
    check(fc.fcjs_snapshot(p, 0, 0, io), c);
    const size = views().i32[IOW];
    const buf = alloc(size);
    try {
      check(fc.fcjs_snapshot(p, buf, size, io), c);
      return views().u8.slice(buf, buf + size);
    } finally {
      free(buf);
    }
  }

  /** fc_world_restore: replace the whole state with a snapshot's (FC_ERR_FORMAT / VERSION / CHECKSUM leave it unchanged). */
  restore(bytes) {
    const c = 'restore';
    const p = this.#w(c);
    if (!(bytes instanceof Uint8Array)) throw argError(c, 'expected a Uint8Array');
    const buf = alloc(bytes.length);
    try {
      views().u8.set(bytes, buf);
      check(fc.fcjs_restore(p, buf, bytes.length), c);
    } finally {
      free(buf);
    }
  }

  // ---- the frame-history ring (fixcol/history.h, docs/rollback.md)

  /**
   * fc_world_history_begin: record every frame's changes into a ring of
   * `frames` saves (1..4096) within `bytes` bytes of records (4096..2^30),
   * allocated now; replaces a history already on. Throws FixcolError
   * 'argument' / 'no_memory' (the world and an old history unchanged).
   */
  historyBegin(frames, bytes) {
    const c = 'historyBegin';
    check(fc.fcjs_history_begin(this.#w(c), raw(frames, c), raw(bytes, c)), c);
  }

  /** fc_world_history_end: stop recording and free the ring (no history: nothing). */
  historyEnd() {
    fc.fcjs_history_end(this.#w('historyEnd'));
  }

  /**
   * fc_world_history_save: close the frame (O(1), no allocation). Throws
   * 'argument' (no history on), 'capacity' (the frame did not fit the ring:
   * the history restarts at this state; the world is never changed).
   */
  historySave() {
    const c = 'historySave';
    check(fc.fcjs_history_save(this.#w(c)), c);
  }

  /**
   * fc_world_history_rollback: back to the state after the save k saves
   * before the newest (0: the newest): the same checksum, snapshot bytes,
   * later ids, and events of the next findPairs. O(records undone), no
   * allocation. Throws 'range' (k < 0 or > depth), 'capacity' (the open
   * frame overflowed), 'argument' (no history on); the world unchanged.
   */
  historyRollback(k) {
    const c = 'historyRollback';
    check(fc.fcjs_history_rollback(this.#w(c), raw(k, c)), c);
  }

  /** fc_world_history_stats: {frames, depth, bytes, used, lastSave, open, overflowed}; throws 'argument' with no history on. */
  historyStats() {
    const c = 'historyStats';
    check(fc.fcjs_history_stats(this.#w(c), io), c);
    const i = views().i32;
    return { frames: i[IOW], depth: i[IOW + 1], bytes: i[IOW + 2], used: i[IOW + 3], lastSave: i[IOW + 4],
      open: i[IOW + 5], overflowed: i[IOW + 6] !== 0 };
  }

  // ---- finding a desync (fixcol/desync.h, docs/desync.md)

  /** fc_world_slot_count: slots ever used (live + free). */
  get slotCount() {
    return fc.fcjs_slot_count(this.#w('slotCount')) >>> 0;
  }

  /** fc_world_range_checksum of slots [lo, hi) as a BigInt (FC_ERR_ARGUMENT unless lo <= hi <= 2^24). */
  rangeChecksum(lo, hi) {
    const c = 'rangeChecksum';
    const p = this.#w(c);
    check(fc.fcjs_range_checksum(p, u32(lo, c), u32(hi, c), io), c);
    return get64();
  }

  /** fc_world_body_hash: a live body's record hash as a BigInt (FC_ERR_STALE_ID otherwise). */
  bodyHash(id) {
    const c = 'bodyHash';
    const p = this.#w(c);
    idArg(id, c);
    check(fc.fcjs_body_hash(p, id.index, id.generation, id.world, io), c);
    return get64();
  }

  /** fc_desync_answer: this world's answer (BigInt) to a bisection question (BigInt; FC_ERR_ARGUMENT for a malformed one). */
  desyncAnswer(question) {
    const c = 'desyncAnswer';
    const p = this.#w(c);
    const [lo, hi] = u64Arg(question, c);
    check(fc.fcjs_desync_answer(p, lo, hi, io), c);
    return get64();
  }

  /** fc_world_dump: the canonical text dump (a string). */
  dump() {
    return text(this.#w('dump'), 1, 0, 'dump');
  }

  /** fc_world_dump_slot: one slot's line ("body ...", "free ..." or "unused I"; FC_ERR_ARGUMENT for index >= 2^24). */
  dumpSlot(index) {
    const c = 'dumpSlot';
    const p = this.#w(c);
    return text(p, 0, u32(index, c), c);
  }

  /** fc_world_validate: throws FC_ERR_FORMAT when the world is inconsistent (tests). */
  validate() {
    check(fc.fcjs_validate(this.#w('validate')), 'validate');
  }
}

const tmp2 = new Uint32Array(2);
