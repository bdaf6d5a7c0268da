// SPDX-License-Identifier: MIT
// World: the world tier (fc_world_*). One World owns one C world in the
// wasm heap; destroy() frees it (a FinalizationRegistry frees a forgotten
// one after garbage collection, but do not rely on it). Every method
// throws FixcolError with the C status on failure and then has changed
// nothing; a destroyed world throws FC_ERR_NULL. Re-entrancy (reentry.js):
// every method converts all its arguments before it takes the wasm handle;
// a call on a world made while another call on it runs (from an argument's
// getter, Proxy trap or overridden method) that would destroy, restore or
// otherwise use it during that window throws FC_ERR_ARGUMENT (busy).
import { fc, views, io, IOW, alloc, free } from './wasm.js';
import { FixcolError, check, argError, Status } from './errors.js';
import { raw, u32, angleArg } from './fix.js';
import { BodyId, idArg } from './ids.js';
import { Shape, SHAPE_WORDS, put, shapeArg } from './shape.js';
import { IdList, PairList, HitList, RayHit, CastHit, CastHitList, CastResult, MoverResult } from './results.js';
import { movingArg, putDelta, listOut } from './cast.js';
import { u64Arg, get64, text } from './desync.js';
import { PairEvents, PairContacts, ContactList } from './events.js';
import { Sector2, Ring2 } from './area.js';
import { enter, leave, guardOn, busyError } from './reentry.js';
import { frameArgs, frameCall } from './frame.js';

const registry = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((ptr) => fc.fcjs_world_destroy(ptr))
  : null;

/** fc_filter_default(): category 1, every mask bit. */
export const DEFAULT_FILTER = Object.freeze({ category: 1, mask: 0xffffffff });
const LAYOUTS = { loose: 0, strict: 1 };
const OPTION_KEYS = ['dim', 'boundsMin', 'boundsLog2', 'maxDepth', 'layout', 'bodyCapacity', 'pairCapacity', 'tag'];
/** The cap on the pairCapacity hint (2^24 entries; more would only make the engine try to allocate gigabytes). */
export const PAIR_CAPACITY_MAX = 1 << 24;

const AREA_TYPES = [Sector2, Ring2];

function userDataArg(v, call) {
  if (typeof v !== 'bigint' || BigInt.asUintN(64, v) !== v) throw argError(call, `userData must be a BigInt in 0..2^64-1, got ${typeof v}`);
  return v;
}

function outArg(out, type, call) {
  if (!(out instanceof type)) throw argError(call, `out must be a ${type.name}`);
  return out;
}

let exBuf = 0, moverBuf = 0;
/** The wasm words for excluded ids (64 triples), allocated once. */
function exBuffer() {
  if (!exBuf) exBuf = alloc(64 * 12);
  return exBuf;
}
/** The wasm words of the mover's output, allocated once. */
function moverBuffer() {
  if (!moverBuf) moverBuf = alloc(fc.fcjs_mover_out_words() * 4);
  return moverBuf;
}
/** Package-internal (wire.js): see World's static block. */
export let worldCall;

export class World {
  #p = 0;
  #dim;
  #tag;
  #busy = false;
  #pairs = new PairList();
  #ids = new IdList();
  #castRes2 = new CastResult(2);
  #castRes3 = new CastResult(3);
  #moveRes2 = new MoverResult(2);
  #moveRes3 = new MoverResult(3);
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
   * 'loose'|'strict', bodyCapacity, pairCapacity (<= PAIR_CAPACITY_MAX), tag
   * (uint32, default 1). An unknown option key throws FC_ERR_ARGUMENT naming it.
   */
  constructor(opts = {}) {
    const c = 'new World';
    if (opts === null || typeof opts !== 'object' || Array.isArray(opts)) throw argError(c, `options must be an object, got ${opts === null ? 'null' : typeof opts}`);
    for (const k of Object.keys(opts))
      if (!OPTION_KEYS.includes(k)) throw argError(c, `unknown option '${k.slice(0, 40)}' (${OPTION_KEYS.join(', ')})`);
    const dim = opts.dim ?? 2;
    const bmin = opts.boundsMin ?? [0, 0];
    const layout = LAYOUTS[opts.layout ?? 'loose'];
    if (layout === undefined) throw argError(c, `layout must be 'loose' or 'strict'`);
    if (!Array.isArray(bmin) || bmin.length !== 2) throw argError(c, 'boundsMin must be [x, y]');
    const w = [raw(dim, c), raw(bmin[0], c), raw(bmin[1], c), raw(opts.boundsLog2 ?? 10, c), raw(opts.maxDepth ?? 5, c),
      layout, raw(opts.bodyCapacity ?? 0, c), raw(opts.pairCapacity ?? 0, c), u32(opts.tag ?? 1, c)];
    if (w[7] > PAIR_CAPACITY_MAX) throw argError(c, `pairCapacity at most ${PAIR_CAPACITY_MAX} (2^24), got ${w[7]}`);
    const i32 = views().i32;
    for (let i = 0; i < w.length; i++) i32[IOW + i] = w[i] | 0;
    check(fc.fcjs_world_create(io), c);
    this.#p = views().i32[IOW];
    this.#dim = dim;
    this.#tag = w[8];
    registry?.register(this, this.#p, this);
  }

  /** fc_world_destroy (idempotent). Throws FC_ERR_ARGUMENT (busy) when called from inside a call on this world. */
  destroy() {
    if (!this.#p) return;
    if (this.#busy && guardOn()) throw busyError('destroy');
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

  // The handle as the unguarded test build took it (before the arguments): 0 when guarded.
  #early(call) {
    return guardOn() ? 0 : this.#w(call);
  }

  // After the arguments are converted: the handle, the world marked busy
  // until #done() (in a finally).
  #take(call, early) {
    if (!guardOn()) return early;
    if (this.#p === 0) throw new FixcolError(Status.FC_ERR_NULL, call, 'world used after destroy()');
    if (this.#busy) throw busyError(call);
    this.#busy = true;
    return this.#p;
  }

  #done() {
    this.#busy = false;
  }

  /** fc_world_get_dim: 2 or 3 (that of the last restored snapshot after restore()). */
  get dim() {
    return this.#dim;
  }

  /** The tag in every id this world hands out. */
  get tag() {
    return this.#tag;
  }

  /** fc_world_body_count */
  get bodyCount() {
    const p = this.#take('bodyCount', this.#early('bodyCount'));
    try {
      return fc.fcjs_body_count(p);
    } finally {
      this.#done();
    }
  }

  /**
   * fc_world_create_body: a body of the world's dimension. filter
   * { category, mask } (default DEFAULT_FILTER); userData a BigInt 0..2^64-1.
   * @returns {BodyId}
   */
  createBody(shape, filter, userData = 0n) {
    const c = 'createBody';
    const e = this.#early(c);
    const a = enter();
    try {
      const dim = a.shape(shape, c);
      a.filter(filter, c);
      userDataArg(userData, c);
      const p = this.#take(c, e);
      let ix, gen, wt;
      try {
        if (dim !== this.#dim) throw new FixcolError(Status.FC_ERR_SHAPE_TYPE, c, `a ${dim}D shape in a ${this.#dim}D world`);
        const i32 = views().i32;
        i32.set(a.s0, IOW);
        i32[IOW + SHAPE_WORDS] = a.cat;
        i32[IOW + SHAPE_WORDS + 1] = a.mask;
        i32[IOW + SHAPE_WORDS + 2] = Number(userData & 0xffffffffn);
        i32[IOW + SHAPE_WORDS + 3] = Number(userData >> 32n);
        check(fc.fcjs_create_body(p, io), c);
        const u32v = views().u32;
        ix = u32v[IOW];
        gen = u32v[IOW + 1];
        wt = u32v[IOW + 2];
      } finally {
        this.#done();
      }
      return new BodyId(ix, gen, wt);
    } finally {
      leave();
    }
  }

  // One id argument, then fn(handle, index, generation, world) under the guard.
  #withId(id, c, fn) {
    const e = this.#early(c);
    const a = enter();
    try {
      a.bodyId(id, c);
      const p = this.#take(c, e);
      try {
        return fn(p, a.id[0], a.id[1], a.id[2]);
      } finally {
        this.#done();
      }
    } finally {
      leave();
    }
  }

  /** fc_world_destroy_body */
  destroyBody(id) {
    this.#withId(id, 'destroyBody', (p, i, g, w) => check(fc.fcjs_destroy_body(p, i, g, w), 'destroyBody'));
  }

  /** fc_world_body_valid: true when id names a live body of this world. */
  bodyValid(id) {
    return this.#withId(id, 'bodyValid', (p, i, g, w) => fc.fcjs_body_valid(p, i, g, w) !== 0);
  }

  /**
   * fc_frame_run: run the commands fb.cmd[0..n) (fixcol/frame.h) in one
   * call and fill fb.out with their result slots; returns the result words.
   * Errors (nothing ran): a malformed command (FC_ERR_ARGUMENT, its word
   * named), fb.out too short (FC_ERR_BUFFER, the words needed named), a
   * freed FrameBuffer, n outside 0..fb.cmdWords. Allocation-free.
   */
  runFrame(fb, n) {
    const c = 'runFrame';
    const e = this.#early(c);
    const a = enter();
    try {
      frameArgs(fb, n, c);
      const p = this.#take(c, e);
      try {
        return frameCall(fb, p, n, c);
      } finally {
        this.#done();
      }
    } finally {
      leave();
    }
  }

  /** fc_world_translate2: move by (dx, dy) raw. */
  translate2(id, dx, dy) {
    const c = 'translate2';
    const e = this.#early(c);
    const a = enter();
    try {
      a.bodyId(id, c);
      raw(dx, c);
      raw(dy, c);
      const p = this.#take(c, e);
      try {
        check(fc.fcjs_translate2(p, a.id[0], a.id[1], a.id[2], dx, dy), c);
      } finally {
        this.#done();
      }
    } finally {
      leave();
    }
  }

  /** fc_world_translate3 */
  translate3(id, dx, dy, dz) {
    const c = 'translate3';
    const e = this.#early(c);
    const a = enter();
    try {
      a.bodyId(id, c);
      raw(dx, c);
      raw(dy, c);
      raw(dz, c);
      const p = this.#take(c, e);
      try {
        check(fc.fcjs_translate3(p, a.id[0], a.id[1], a.id[2], dx, dy, dz), c);
      } finally {
        this.#done();
      }
    } finally {
      leave();
    }
  }

  /** fc_world_set_angle2: a 2D OBB's binary angle 0..65535. */
  setAngle2(id, angle) {
    const c = 'setAngle2';
    const e = this.#early(c);
    const a = enter();
    try {
      a.bodyId(id, c);
      angleArg(angle, c);
      const p = this.#take(c, e);
      try {
        check(fc.fcjs_set_angle2(p, a.id[0], a.id[1], a.id[2], angle), c);
      } finally {
        this.#done();
      }
    } finally {
      leave();
    }
  }

  /** fc_world_set_shape2 / fc_world_set_shape3 (by the shape's dimension). */
  setShape(id, shape) {
    const c = 'setShape';
    const e = this.#early(c);
    const a = enter();
    try {
      a.bodyId(id, c);
      const dim = a.shape(shape, c);
      const p = this.#take(c, e);
      try {
        views().i32.set(a.s0, IOW);
        check(fc.fcjs_set_shape(p, a.id[0], a.id[1], a.id[2], dim, io), c);
      } finally {
        this.#done();
      }
    } finally {
      leave();
    }
  }

  /** fc_world_set_filter (undefined: DEFAULT_FILTER). */
  setFilter(id, filter) {
    const c = 'setFilter';
    const e = this.#early(c);
    const a = enter();
    try {
      a.bodyId(id, c);
      a.filter(filter, c);
      const p = this.#take(c, e);
      try {
        check(fc.fcjs_set_filter(p, a.id[0], a.id[1], a.id[2], a.cat, a.mask), c);
      } finally {
        this.#done();
      }
    } finally {
      leave();
    }
  }

  /** fc_world_set_user_data: a BigInt 0..2^64-1. */
  setUserData(id, userData) {
    const c = 'setUserData';
    const e = this.#early(c);
    const a = enter();
    try {
      a.bodyId(id, c);
      userDataArg(userData, c);
      const p = this.#take(c, e);
      try {
        check(fc.fcjs_set_user_data(p, a.id[0], a.id[1], a.id[2], Number(userData & 0xffffffffn), Number(userData >> 32n)), c);
      } finally {
        this.#done();
      }
    } finally {
      leave();
    }
  }

  /** fc_world_get_shape2/3: the body's shape (into out, a Shape, if given). */
  getShape(id, out) {
    const c = 'getShape';
    const e = this.#early(c);
    const a = enter();
    try {
      a.bodyId(id, c);
      if (out !== undefined) outArg(out, Shape, c);
      const p = this.#take(c, e);
      try {
        check(fc.fcjs_get_shape(p, a.id[0], a.id[1], a.id[2], io), c);
        a.s0.set(views().i32.subarray(IOW, IOW + SHAPE_WORDS));
      } finally {
        this.#done();
      }
      const s = out ?? new Shape(this.#dim);
      s.dim = this.#dim;
      s.words.set(a.s0);
      return s;
    } finally {
      leave();
    }
  }

  /** fc_world_get_filter: { category, mask } (into out if given). */
  getFilter(id, out = {}) {
    let cat = 0, mask = 0;
    this.#withId(id, 'getFilter', (p, i, g, w) => {
      this.#get(p, i, g, w, 'getFilter');
      const u = views().u32;
      cat = u[IOW];
      mask = u[IOW + 1];
    });
    out.category = cat;
    out.mask = mask;
    return out;
  }

  /** fc_world_get_user_data: a BigInt. */
  getUserData(id) {
    let lo = 0, hi = 0;
    this.#withId(id, 'getUserData', (p, i, g, w) => {
      this.#get(p, i, g, w, 'getUserData');
      const u = views().u32;
      lo = u[IOW + 2];
      hi = u[IOW + 3];
    });
    return BigInt(lo) | (BigInt(hi) << 32n);
  }

  /** fc_world_get_bounds: Int32Array [minX, minY, minZ, maxX, maxY, maxZ] raw, rounded outward (into out). */
  getBounds(id, out = new Int32Array(6)) {
    const c = 'getBounds';
    if (!(out instanceof Int32Array) || out.length < 6) throw argError(c, 'out must be an Int32Array of length >= 6');
    const e = this.#early(c);
    const a = enter();
    try {
      a.bodyId(id, c);
      const p = this.#take(c, e);
      try {
        this.#get(p, a.id[0], a.id[1], a.id[2], c);
        a.s0.set(views().i32.subarray(IOW + 4, IOW + 10));
      } finally {
        this.#done();
      }
      for (let i = 0; i < 6; i++) out[i] = a.s0[i];
      return out;
    } finally {
      leave();
    }
  }

  #get(p, i, g, w, call) {
    check(fc.fcjs_get_body(p, i, g, w, io), call);
  }

  // A call without arguments but an optional out: fn(handle) under the guard.
  #plain(c, fn) {
    const p = this.#take(c, this.#early(c));
    try {
      return fn(p);
    } finally {
      this.#done();
    }
  }

  /** fc_world_find_pairs: every overlapping pair, by (a.index, b.index); a PairList reused by this world unless out is given. */
  findPairs(out = this.#pairs) {
    const c = 'findPairs';
    outArg(out, PairList, c);
    return this.#plain(c, (p) => {
      check(fc.fcjs_find_pairs(p, io), c);
      const u = views().u32;
      return out._load(u[IOW], u[IOW + 1]);
    });
  }

  /**
   * fc_world_pair_events: the pairs that began / ended between the last two
   * findPairs / findContacts calls ({ began, ended } PairLists, reused by
   * this world unless out is given). After restore() no events are pending
   * and the next findPairs diffs against the restored contents' pairs.
   */
  pairEvents(out = this.#events) {
    const c = 'pairEvents';
    outArg(out, PairEvents, c);
    const began = outArg(out.began, PairList, c), ended = outArg(out.ended, PairList, c);
    return this.#plain(c, (p) => {
      check(fc.fcjs_pair_events(p, io), c);
      const u = views().u32;
      const pb = u[IOW], nb = u[IOW + 1], pe = u[IOW + 2], ne = u[IOW + 3];
      began._load(pb, nb);
      ended._load(pe, ne);
      return out;
    });
  }

  /**
   * fc_world_find_contacts2/3: findPairs plus each pair's contact (as
   * contact(shape a, shape b)); { pairs, contacts }, reused unless out is
   * given. It is a findPairs call for pairEvents.
   */
  findContacts(out = this.#contacts) {
    const c = 'findContacts';
    outArg(out, PairContacts, c);
    const pairs = outArg(out.pairs, PairList, c), contacts = outArg(out.contacts, ContactList, c);
    return this.#plain(c, (p) => {
      const dim = this.#dim;
      check(fc.fcjs_find_contacts(p, dim, io), c);
      const u = views().u32;
      const pp = u[IOW], n = u[IOW + 1], cp = u[IOW + 2];
      pairs._load(pp, n);
      contacts._load(dim, cp, n);
      return out;
    });
  }

  /** fc_world_overlap2/3: ids whose shape overlaps shape and pass filter (an IdList, reused unless out). */
  overlap(shape, filter, out = this.#ids) {
    const c = 'overlap';
    const e = this.#early(c);
    const a = enter();
    try {
      const dim = a.shape(shape, c);
      a.filter(filter, c);
      outArg(out, IdList, c);
      const p = this.#take(c, e);
      try {
        views().i32.set(a.s0, IOW);
        check(fc.fcjs_overlap(p, dim, a.cat, a.mask, io), c);
        const u = views().u32;
        return out._load(u[IOW], u[IOW + 1]);
      } finally {
        this.#done();
      }
    } finally {
      leave();
    }
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
    const e = this.#early(c);
    const a = enter();
    try {
      if (!(area instanceof type)) throw argError(c, `expected a ${type.name}`);
      a.readArea(area, AREA_TYPES, c);
      a.filter(filter, c);
      outArg(out, IdList, c);
      const p = this.#take(c, e);
      try {
        const i32 = views().i32;
        for (let i = 0; i < 5; i++) i32[IOW + i] = a.areaW[i];
        check(fc.fcjs_area_query(p, a.kind, a.cat, a.mask, io), c);
        const u = views().u32;
        return out._load(u[IOW], u[IOW + 1]);
      } finally {
        this.#done();
      }
    } finally {
      leave();
    }
  }

  #point(dim, x, y, z, filter, out, c) {
    const e = this.#early(c);
    const a = enter();
    try {
      raw(x, c);
      raw(y, c);
      raw(z, c);
      a.filter(filter, c);
      outArg(out, IdList, c);
      const p = this.#take(c, e);
      try {
        check(fc.fcjs_point(p, dim, a.cat, a.mask, x, y, z, io), c);
        const u = views().u32;
        return out._load(u[IOW], u[IOW + 1]);
      } finally {
        this.#done();
      }
    } finally {
      leave();
    }
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
    return this.#ray(2, ox, oy, 0, dx, dy, 0, filter, outArg(out, HitList, 'raycast2All'), 'raycast2All');
  }

  /** fc_world_raycast3_all */
  raycast3All(ox, oy, oz, dx, dy, dz, filter, out = this.#hits) {
    return this.#ray(3, ox, oy, oz, dx, dy, dz, filter, outArg(out, HitList, 'raycast3All'), 'raycast3All');
  }

  #ray(dim, ox, oy, oz, dx, dy, dz, filter, out, c) {
    const e = this.#early(c);
    const a = enter();
    try {
      raw(ox, c);
      raw(oy, c);
      raw(oz, c);
      raw(dx, c);
      raw(dy, c);
      raw(dz, c);
      a.filter(filter, c);
      const p = this.#take(c, e);
      try {
        const i32 = views().i32;
        i32[IOW] = ox;
        i32[IOW + 1] = oy;
        i32[IOW + 2] = oz;
        i32[IOW + 3] = dx;
        i32[IOW + 4] = dy;
        i32[IOW + 5] = dz;
        check(fc.fcjs_raycast(p, dim, a.cat, a.mask, out ? 1 : 0, io), c);
        const u = views().u32;
        if (out) return out._load(u[IOW], u[IOW + 1]);
        if (!u[IOW]) return null;
        const h = this.#hit;
        h.index = u[IOW + 1];
        h.generation = u[IOW + 2];
        h.world = u[IOW + 3];
        h.t = u[IOW + 4] | 0;
        return h;
      } finally {
        this.#done();
      }
    } finally {
      leave();
    }
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

  /** fc_world_cast2_ex: the closest hit over the bodies passing filter and not in exclude (an array of
   * up to 64 BodyIds), with started and the safe advance: a CastResult (reused unless out). */
  cast2Ex(moving, dx, dy, filter, exclude, out) {
    return this.#castEx(2, moving, dx, dy, 0, filter, exclude, out, 'cast2Ex');
  }

  /** fc_world_cast3_ex */
  cast3Ex(moving, dx, dy, dz, filter, exclude, out) {
    return this.#castEx(3, moving, dx, dy, dz, filter, exclude, out, 'cast3Ex');
  }

  #castEx(dim, moving, dx, dy, dz, filter, exclude, out, c) {
    const e = this.#early(c);
    const a = enter();
    try {
      const sdim = a.shape(moving, c);
      if (sdim !== dim) throw new FixcolError(Status.FC_ERR_SHAPE_TYPE, c, `a ${sdim}D shape in a ${dim}D cast`);
      a.filter(filter, c);
      a.exclude(exclude, c);
      if (out !== undefined && (!(out instanceof CastResult) || out.dim !== dim)) throw argError(c, `expected a ${dim}D CastResult as out`);
      raw(dx, c);
      raw(dy, c);
      raw(dz, c);
      const r = out ?? (dim === 2 ? this.#castRes2 : this.#castRes3);
      const p = this.#take(c, e);
      try {
        const ex = exBuffer();
        const i32 = views().i32;
        views().u32.set(a.ex.subarray(0, 3 * a.nex), ex >>> 2);
        i32.set(a.s0, IOW);
        i32[IOW + SHAPE_WORDS] = dx;
        i32[IOW + SHAPE_WORDS + 1] = dy;
        i32[IOW + SHAPE_WORDS + 2] = dz;
        check(fc.fcjs_world_cast_ex(p, dim, a.cat, a.mask, a.nex, ex, io), c);
        return r._load(views().i32, IOW);
      } finally {
        this.#done();
      }
    } finally {
      leave();
    }
  }

  /** fc_world_move2: move body id by up to (dx, dy) through the world (fixcol/mover.h); def: { skin,
   * maxIterations, stepHeight, snapDistance, upAxis, upSign, slopeRun, slopeRise, filter, exclude }
   * (missing fields: the C defaults). A MoverResult (reused unless out). */
  move2(id, dx, dy, def, out) {
    return this.#move(2, id, null, dx, dy, 0, def, out, 'move2');
  }

  /** fc_world_move3 */
  move3(id, dx, dy, dz, def, out) {
    return this.#move(3, id, null, dx, dy, dz, def, out, 'move3');
  }

  /** fc_world_move_shape2: where the free shape would go (the world is not changed). */
  moveShape2(shape, dx, dy, def, out) {
    return this.#move(2, null, shape, dx, dy, 0, def, out, 'moveShape2');
  }

  /** fc_world_move_shape3 */
  moveShape3(shape, dx, dy, dz, def, out) {
    return this.#move(3, null, shape, dx, dy, dz, def, out, 'moveShape3');
  }

  #move(dim, id, shape, dx, dy, dz, def, out, c) {
    const e = this.#early(c);
    const a = enter();
    try {
      const body = shape === null;
      if (body) {
        a.bodyId(id, c);
        a.s0.fill(0);
      } else {
        const sdim = a.shape(shape, c);
        if (sdim !== dim) throw new FixcolError(Status.FC_ERR_SHAPE_TYPE, c, `a ${sdim}D shape in a ${dim}D move`);
      }
      a.moverDef(def, c);
      if (out !== undefined && (!(out instanceof MoverResult) || out.dim !== dim)) throw argError(c, `expected a ${dim}D MoverResult as out`);
      raw(dx, c);
      raw(dy, c);
      raw(dz, c);
      const r = out ?? (dim === 2 ? this.#moveRes2 : this.#moveRes3);
      const p = this.#take(c, e);
      try {
        const ex = exBuffer(), mo = moverBuffer();
        const i32 = views().i32;
        views().u32.set(a.ex.subarray(0, 3 * a.nex), ex >>> 2);
        i32.set(a.s0, IOW);
        i32[IOW + SHAPE_WORDS] = dx;
        i32[IOW + SHAPE_WORDS + 1] = dy;
        i32[IOW + SHAPE_WORDS + 2] = dz;
        i32.set(a.def, IOW + SHAPE_WORDS + 3);
        check(fc.fcjs_world_move(p, dim, body ? 1 : 0, a.id[0], a.id[1], a.id[2], a.cat, a.mask, a.nex, ex, io, mo), c);
        return r._load(views().i32, mo >>> 2);
      } finally {
        this.#done();
      }
    } finally {
      leave();
    }
  }

  #cast(dim, moving, dx, dy, dz, filter, all, out, c) {
    const e = this.#early(c);
    const a = enter();
    try {
      const sdim = a.shape(moving, c);
      if (sdim !== dim) throw new FixcolError(Status.FC_ERR_SHAPE_TYPE, c, `a ${sdim}D shape in a ${dim}D cast`);
      a.filter(filter, c);
      if (all) listOut(out, dim, c);
      raw(dx, c);
      raw(dy, c);
      raw(dz, c);
      const p = this.#take(c, e);
      try {
        const i32 = views().i32;
        i32.set(a.s0, IOW);
        i32[IOW + SHAPE_WORDS] = dx;
        i32[IOW + SHAPE_WORDS + 1] = dy;
        i32[IOW + SHAPE_WORDS + 2] = dz;
        check(fc.fcjs_world_cast(p, dim, a.cat, a.mask, all ? 1 : 0, io), c);
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
      } finally {
        this.#done();
      }
    } finally {
      leave();
    }
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

  /** fc_world_checksum into out (Uint32Array [low, high], length >= 2); allocation-free. */
  checksumWords(out = new Uint32Array(2)) {
    if (!(out instanceof Uint32Array) || out.length < 2) throw argError('checksum', 'out must be a Uint32Array of length >= 2');
    let lo = 0, hi = 0;
    this.#plain('checksum', (p) => {
      fc.fcjs_checksum(p, io);
      const u = views().u32;
      lo = u[IOW];
      hi = u[IOW + 1];
    });
    out[0] = lo;
    out[1] = hi;
    return out;
  }

  /** fc_world_snapshot: the whole world as bytes (a new Uint8Array). */
  snapshot() {
    const c = 'snapshot';
    return this.#plain(c, (p) => {
      check(fc.fcjs_snapshot(p, 0, 0, io), c);
      const size = views().i32[IOW];
      const buf = alloc(size);
      try {
        check(fc.fcjs_snapshot(p, buf, size, io), c);
        return views().u8.slice(buf, buf + size);
      } finally {
        free(buf);
      }
    });
  }

  /**
   * fc_world_restore: replace the whole state with a snapshot's
   * (FC_ERR_FORMAT / VERSION / CHECKSUM leave it unchanged). The world's
   * dim follows the snapshot's (a 3D snapshot makes a 2D World 3D).
   */
  restore(bytes) {
    const c = 'restore';
    if (!(bytes instanceof Uint8Array)) throw argError(c, 'expected a Uint8Array');
    const copy = new Uint8Array(bytes); // a copy: no getter of the argument runs after this
    this.#plain(c, (p) => {
      const buf = alloc(copy.length);
      try {
        views().u8.set(copy, buf);
        check(fc.fcjs_restore(p, buf, copy.length), c);
        this.#dim = fc.fcjs_world_dim(p);
      } finally {
        free(buf);
      }
    });
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
    const e = this.#early(c);
    raw(frames, c);
    raw(bytes, c);
    const p = this.#take(c, e);
    try {
      check(fc.fcjs_history_begin(p, frames, bytes), c);
    } finally {
      this.#done();
    }
  }

  /** fc_world_history_end: stop recording and free the ring (no history: nothing). */
  historyEnd() {
    this.#plain('historyEnd', (p) => fc.fcjs_history_end(p));
  }

  /**
   * fc_world_history_save: close the frame (O(1), no allocation). Throws
   * 'argument' (no history on), 'capacity' (the frame did not fit the ring:
   * the history restarts at this state; the world is never changed).
   */
  historySave() {
    this.#plain('historySave', (p) => check(fc.fcjs_history_save(p), 'historySave'));
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
    const e = this.#early(c);
    raw(k, c);
    const p = this.#take(c, e);
    try {
      check(fc.fcjs_history_rollback(p, k), c);
    } finally {
      this.#done();
    }
  }

  /** fc_world_history_stats: {frames, depth, bytes, used, lastSave, open, overflowed}; throws 'argument' with no history on. */
  historyStats() {
    const c = 'historyStats';
    return this.#plain(c, (p) => {
      check(fc.fcjs_history_stats(p, io), c);
      const i = views().i32;
      return { frames: i[IOW], depth: i[IOW + 1], bytes: i[IOW + 2], used: i[IOW + 3], lastSave: i[IOW + 4],
        open: i[IOW + 5], overflowed: i[IOW + 6] !== 0 };
    });
  }


  // ---- finding a desync (fixcol/desync.h, docs/desync.md)

  /** fc_world_slot_count: slots ever used (live + free). */
  get slotCount() {
    return this.#plain('slotCount', (p) => fc.fcjs_slot_count(p) >>> 0);
  }

  /** fc_world_range_checksum of slots [lo, hi) as a BigInt (FC_ERR_ARGUMENT unless lo <= hi <= 2^24). */
  rangeChecksum(lo, hi) {
    const c = 'rangeChecksum';
    u32(lo, c);
    u32(hi, c);
    return this.#plain(c, (p) => {
      check(fc.fcjs_range_checksum(p, lo, hi, io), c);
      return get64();
    });
  }

  /** fc_world_body_hash: a live body's record hash as a BigInt (FC_ERR_STALE_ID otherwise). */
  bodyHash(id) {
    return this.#withId(id, 'bodyHash', (p, i, g, w) => {
      check(fc.fcjs_body_hash(p, i, g, w, io), 'bodyHash');
      return get64();
    });
  }

  /** fc_desync_answer: this world's answer (BigInt) to a bisection question (BigInt; FC_ERR_ARGUMENT for a malformed one). */
  desyncAnswer(question) {
    const c = 'desyncAnswer';
    const [lo, hi] = u64Arg(question, c);
    return this.#plain(c, (p) => {
      check(fc.fcjs_desync_answer(p, lo, hi, io), c);
      return get64();
    });
  }

  /** fc_world_dump: the canonical text dump (a string). */
  dump() {
    return this.#plain('dump', (p) => text(p, 1, 0, 'dump'));
  }

  /** fc_world_dump_slot: one slot's line ("body ...", "free ..." or "unused I"; FC_ERR_ARGUMENT for index >= 2^24). */
  dumpSlot(index) {
    const c = 'dumpSlot';
    u32(index, c);
    return this.#plain(c, (p) => text(p, 0, index, c));
  }

  // Package-internal (wire.js): worldCall(world, call, fn) runs fn(handle)
  // under the world's busy guard. A brand check on the private field (no
  // getter, trap or prototype of the argument runs), and a module binding
  // rather than a property, so no caller code can stand in for the world
  // or for this function and hand C a made-up handle.
  static {
    worldCall = (world, call, fn) => {
      if (world === null || typeof world !== 'object' || !(#p in world)) throw argError(call, 'expected a World');
      return world.#plain(call, fn);
    };
  }

  /** fc_world_validate: throws FC_ERR_FORMAT when the world is inconsistent (tests). */
  validate() {
    this.#plain('validate', (p) => check(fc.fcjs_validate(p), 'validate'));
  }
}

const tmp2 = new Uint32Array(2);
