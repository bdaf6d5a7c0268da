// SPDX-License-Identifier: MIT
// Query outputs as reusable typed arrays, copied out of the world's C
// arrays (which the next query or mutation overwrites). Each list grows by
// doubling and keeps its capacity: a steady frame loop allocates nothing.
// Canonical C order is kept: pairs by (a.index, b.index), ids by index,
// ray hits by (exact t, index).
import { BodyId } from './ids.js';
import { views } from './wasm.js';

class WordList {
  constructor(stride) {
    this.stride = stride;
    this.count = 0;
    /** stride uint32 words per entry */
    this.words = new Uint32Array(stride * 16);
  }

  /** Copy n entries from the C array at address p. */
  _load(p, n) {
    const len = n * this.stride;
    if (len > this.words.length) {
      let cap = this.words.length;
      while (cap < len) cap *= 2;
      this.words = new Uint32Array(cap);
    }
    const u32 = views().u32;
    const w = this.words;
    const base = p >>> 2;
    for (let i = 0; i < len; i++) w[i] = u32[base + i];
    this.count = n;
    return this;
  }

  _clear() {
    this.count = 0;
    return this;
  }

  _id(k) {
    const w = this.words;
    return new BodyId(w[k], w[k + 1], w[k + 2]);
  }
}

/** Body ids (fc_body_id[]): words = index, generation, world per id. */
export class IdList extends WordList {
  constructor() {
    super(3);
  }
  index(i) {
    return this.words[3 * i];
  }
  generation(i) {
    return this.words[3 * i + 1];
  }
  /** A BodyId (allocates; index()/generation() do not). */
  id(i) {
    return this._id(3 * i);
  }
  *[Symbol.iterator]() {
    for (let i = 0; i < this.count; i++) yield this.id(i);
  }
}

/** Pairs (fc_pair[]): words = a.index, a.generation, a.world, b.index, b.generation, b.world. */
export class PairList extends WordList {
  constructor() {
    super(6);
  }
  a(i) {
    return this._id(6 * i);
  }
  b(i) {
    return this._id(6 * i + 3);
  }
  *[Symbol.iterator]() {
    for (let i = 0; i < this.count; i++) yield [this.a(i), this.b(i)];
  }
}

/** Ray hits (fc_ray_hit[]): words = index, generation, world, t (raw Q16.16 in 0..65536). */
export class HitList extends WordList {
  constructor() {
    super(4);
  }
  id(i) {
    return this._id(4 * i);
  }
  index(i) {
    return this.words[4 * i];
  }
  generation(i) {
    return this.words[4 * i + 1];
  }
  t(i) {
    return this.words[4 * i + 3] | 0;
  }
}

/** The closest ray hit (fc_ray_hit), reused by its world. */
export class RayHit {
  constructor() {
    this.index = 0;
    this.generation = 0;
    this.world = 0;
    /** raw Q16.16 entry parameter, floor(t * 65536), 0..65536 */
    this.t = 0;
  }
  get id() {
    return new BodyId(this.index, this.generation, this.world);
  }
}

/** One shape-cast hit (fc_cast2_hit / fc_cast3_hit); a world reuses its own. */
export class CastHit {
  constructor(dim = 2) {
    this.dim = dim;
    /** the body (world casts; zeros - never a valid id - for the pair casts) */
    this.index = 0;
    this.generation = 0;
    this.world = 0;
    /** raw Q16.16 entry parameter, floor(t * 65536), 0..65536 */
    this.t = 0;
    /** raw unit normal from the moving shape toward the target (dim words) */
    this.normal = new Int32Array(dim);
  }
  get id() {
    return new BodyId(this.index, this.generation, this.world);
  }
}

/** Shape-cast hits (fc_cast2_hit[] / fc_cast3_hit[]) by (exact t, index):
 * words = index, generation, world, t, normal (2 or 3) per hit. */
export class CastHitList extends WordList {
  constructor(dim = 2) {
    super(dim === 3 ? 7 : 6);
    this.dim = dim;
  }
  id(i) {
    return this._id(this.stride * i);
  }
  index(i) {
    return this.words[this.stride * i];
  }
  generation(i) {
    return this.words[this.stride * i + 1];
  }
  t(i) {
    return this.words[this.stride * i + 3] | 0;
  }
  /** component k (0 x, 1 y, 2 z) of hit i's normal, raw */
  normal(i, k) {
    return this.words[this.stride * i + 4 + k] | 0;
  }
}

/** A refined cast (fc_cast2_result / fc_cast3_result): hit (boolean), the
 * body (world casts), t, normal (dim words), started (the shapes overlapped
 * at t = 0), safe (dim raw words: the safe advance; delta on a miss). */
export class CastResult {
  constructor(dim = 2) {
    this.dim = dim;
    this.hit = false;
    this.index = 0;
    this.generation = 0;
    this.world = 0;
    this.t = 0;
    this.normal = new Int32Array(dim);
    this.started = false;
    this.safe = new Int32Array(dim);
  }
  get id() {
    return new BodyId(this.index, this.generation, this.world);
  }
  /** Fill from the 12 result words at word w of i32. */
  _load(i32, w) {
    this.hit = i32[w] !== 0;
    this.index = i32[w + 1] >>> 0;
    this.generation = i32[w + 2] >>> 0;
    this.world = i32[w + 3] >>> 0;
    this.t = i32[w + 4];
    for (let k = 0; k < this.dim; k++) {
      this.normal[k] = i32[w + 5 + k];
      this.safe[k] = i32[w + 9 + k];
    }
    this.started = i32[w + 8] !== 0;
    return this;
  }
}

/** The mover's outcome (fc_mover2_result / fc_mover3_result): moved (dim
 * raw words), flags (MOVER_* bits), iterations, touchCount, pathCount,
 * pushouts, and the touches in canonical order as words: per touch index,
 * generation, world, t, normal (3; z 0 in 2D), iteration, kind (9 words;
 * touchId(i) / the getters read them). Reuse one per mover: nothing is
 * allocated by a move. */
export class MoverResult {
  constructor(dim = 2) {
    this.dim = dim;
    this.moved = new Int32Array(dim);
    this.flags = 0;
    this.iterations = 0;
    this.touchCount = 0;
    this.pathCount = 0;
    this.pushouts = 0;
    this.touchWords = new Int32Array(9 * 80);
  }
  touchId(i) {
    const w = this.touchWords;
    return new BodyId(w[9 * i] >>> 0, w[9 * i + 1] >>> 0, w[9 * i + 2] >>> 0);
  }
  touchT(i) { return this.touchWords[9 * i + 3]; }
  touchNormal(i, k) { return this.touchWords[9 * i + 4 + k]; }
  touchIteration(i) { return this.touchWords[9 * i + 7]; }
  touchKind(i) { return this.touchWords[9 * i + 8]; }
  /** Fill from the mover's output words at word w of i32. */
  _load(i32, w) {
    for (let k = 0; k < this.dim; k++) this.moved[k] = i32[w + k];
    this.flags = i32[w + 3];
    this.iterations = i32[w + 4];
    this.touchCount = i32[w + 5];
    this.pathCount = i32[w + 6];
    this.pushouts = i32[w + 7];
    this.touchWords.set(i32.subarray(w + 8, w + 8 + 9 * this.touchCount));
    return this;
  }
}

/** fixcol/mover.h's flags and touch kinds. */
export const MOVER = Object.freeze({
  GROUNDED: 1, CEILING: 2, WALL: 4, STARTED_OVERLAP: 8, STEPPED: 16, SNAPPED: 32, STUCK: 64,
  TOUCH_GROUND: 1, TOUCH_CEILING: 2, TOUCH_WALL: 4, MAX_EXCLUDE: 64,
});
