// SPDX-License-Identifier: MIT
// ReplayReader: the C replay reader (fc_replay_open / next_frame / next_op /
// read_expect / read_query_expect) over a .fcr or text replay held in
// memory. It only decodes: operations come out as ReplayOp values (one
// reused object) for the caller to apply through World. Malformed input
// throws ReplayFormatError with the reader's position and reason.
import { fc, views, io, IOW, alloc, free, copyIn, cString } from './wasm.js';
import { FixcolError, argError } from './errors.js';
import { Shape, SHAPE_WORDS } from './shape.js';
import { Sector2, Ring2 } from './area.js';

/** Operation kinds (fc_replay_op_kind) and their text-form names. */
export const OpKind = Object.freeze({
  CREATE: 1, MOVE: 2, TURN: 3, SET: 4, DESTROY: 5, QUERY_SHAPE: 6, QUERY_POINT: 7, QUERY_RAY: 8,
  QUERY_RAY_ALL: 9, SNAPSHOT: 10, RESTORE: 11, QUERY_RANGE: 12, QUERY_DUMP: 13,
  QUERY_SECTOR: 14, QUERY_RING: 15, QUERY_CAST: 16, QUERY_CAST_ALL: 17, // format 3
  QUERY_PUSHOUT: 18, SET_FILTER: 19, QUERY_BODY_HASH: 20, QUERY_PAIRS: 21, // format 4
  MOVER: 22, MOVER_SHAPE: 23, // format 5
});
export const OP_NAMES = Object.freeze([null, 'create', 'move', 'turn', 'set', 'destroy', 'overlap', 'point', 'ray',
  'ray_all', 'snapshot', 'restore', 'range', 'dump', 'sector', 'ring', 'cast', 'cast_all', 'pushout', 'set_filter',
  'body_hash', 'pairs', 'mover', 'mover_shape']);
/** The most excluded ids a recorded mover call has (FC_REPLAY_MAX_EXCLUDE). */
export const REPLAY_MAX_EXCLUDE = 4;
// 13 scalar words, the shape words, then lo, hi (range), then the skill
// area's 5 words (sector x, y, r, dir, half / ring x, y, inner, outer, 0),
// then the second shape's words (pushout's b, format 4; for mover and
// mover_shape, format 5, the mover definition: skin, maxIterations,
// stepHeight, snapDistance, upAxis, upSign, slopeRun, slopeRise, the
// excluded id count and REPLAY_MAX_EXCLUDE (index, generation) pairs).
const OP_RANGE = 13 + SHAPE_WORDS;
const OP_AREA = OP_RANGE + 2;
const OP_SHAPE_B = OP_AREA + 5;
const OP_WORDS = OP_SHAPE_B + SHAPE_WORDS;

export class ReplayFormatError extends FixcolError {
  constructor(code, message, offset, line, column) {
    super(code, 'replay', message);
    this.name = 'ReplayFormatError';
    /** the reader's own text: "offset N: reason" or "line L, column C: reason" */
    this.readerMessage = message;
    this.offset = offset;
    this.line = line;
    this.column = column;
  }
}

/** One decoded operation (fields of other kinds are 0). */
export class ReplayOp {
  constructor(dim) {
    this.kind = 0;
    this.index = 0; // id (create: the id the world must hand out)
    this.generation = 0;
    this.category = 0; // filter (create: the body's; queries: the query's)
    this.mask = 0;
    this.slot = 0;
    this.angle = 0;
    this.ax = 0, this.ay = 0, this.az = 0; // move: delta; point: the point; rays: origin
    this.bx = 0, this.by = 0, this.bz = 0; // rays and casts: delta
    this.lo = 0, this.hi = 0; // range: slots [lo, hi)
    this.shape = new Shape(dim); // create, set, overlap; casts: the moving shape; pushout: a (stays)
    /** pushout (format 4): b, the shape pushed out of a */
    this.shapeB = new Shape(dim);
    /** mover, mover_shape (format 5): the recorded fc_mover_def fields (the query
     * filter is category / mask, the desired displacement ax, ay, az, mover_shape's
     * free shape is shape) and exclude, an array of { index, generation } */
    this.mover = { skin: 0, maxIterations: 0, stepHeight: 0, snapDistance: 0, upAxis: 0, upSign: 0, slopeRun: 0,
      slopeRise: 0, exclude: [] };
    /** sector (format 3): a Sector2, refilled in place */
    this.sector = new Sector2(0, 0, 0, 0, 0);
    /** ring (format 3): a Ring2, refilled in place */
    this.ring = new Ring2(0, 0, 0, 0);
    this.dim = dim;
    this.words = new Int32Array(OP_WORDS);
  }

  get name() {
    return OP_NAMES[this.kind];
  }

  /** The operation as a line of the text form (fc_replay_op_format). */
  toString() {
    const p = alloc(OP_WORDS * 4 + 512);
    try {
      views().i32.set(this.words, p >>> 2);
      fc.fcjs_op_format(p, this.dim, p + OP_WORDS * 4, 512);
      return cString(p + OP_WORDS * 4);
    } finally {
      free(p);
    }
  }

  equals(o) {
    for (let i = 0; i < OP_WORDS; i++) if (o.words[i] !== this.words[i]) return false;
    return true;
  }

  /** Load the operation from its OP_WORDS words at src[at..] (as the reader writes them). */
  setWords(src, at = 0) {
    const w = this.words;
    for (let i = 0; i < 13; i++) w[i] = src[at + i];
    this.kind = w[0];
    this.index = w[1] >>> 0;
    this.generation = w[2] >>> 0;
    this.category = w[3] >>> 0;
    this.mask = w[4] >>> 0;
    this.slot = w[5];
    this.angle = w[6];
    this.ax = w[7], this.ay = w[8], this.az = w[9];
    this.bx = w[10], this.by = w[11], this.bz = w[12];
    this.lo = (w[OP_RANGE] = src[at + OP_RANGE]) >>> 0;
    this.hi = (w[OP_RANGE + 1] = src[at + OP_RANGE + 1]) >>> 0;
    for (let i = OP_AREA; i < OP_WORDS; i++) w[i] = src[at + i];
    const k = w[0];
    if (k === OpKind.QUERY_SECTOR) {
      const s = this.sector;
      s.x = w[OP_AREA], s.y = w[OP_AREA + 1], s.r = w[OP_AREA + 2], s.dir = w[OP_AREA + 3], s.half = w[OP_AREA + 4];
    } else if (k === OpKind.QUERY_RING) {
      const r = this.ring;
      r.x = w[OP_AREA], r.y = w[OP_AREA + 1], r.inner = w[OP_AREA + 2], r.outer = w[OP_AREA + 3];
    }
    if (k === OpKind.MOVER || k === OpKind.MOVER_SHAPE) {
      const m = this.mover, o = OP_SHAPE_B;
      m.skin = w[o], m.maxIterations = w[o + 1], m.stepHeight = w[o + 2], m.snapDistance = w[o + 3];
      m.upAxis = w[o + 4], m.upSign = w[o + 5], m.slopeRun = w[o + 6], m.slopeRise = w[o + 7];
      const n = Math.min(w[o + 8] >>> 0, REPLAY_MAX_EXCLUDE);
      m.exclude.length = n;
      for (let i = 0; i < n; i++) m.exclude[i] = { index: w[o + 9 + 2 * i] >>> 0, generation: w[o + 10 + 2 * i] >>> 0 };
    }
    const sw = this.shape.words;
    if (k === 1 || k === 4 || k === 6 || k === 16 || k === 17 || k === 18 || k === 23) { // create, set, overlap, casts, pushout, mover_shape carry a shape
      this.shape.dim = this.dim;
      for (let i = 0; i < SHAPE_WORDS; i++) sw[i] = w[13 + i] = src[at + 13 + i];
    } else if (w[13] !== 0) { // the others have none (zero words)
      for (let i = 0; i < SHAPE_WORDS; i++) sw[i] = w[13 + i] = 0;
    }
    const bw = this.shapeB.words;
    if (k === OpKind.QUERY_PUSHOUT) { // and the push-out a second one
      this.shapeB.dim = this.dim;
      for (let i = 0; i < SHAPE_WORDS; i++) bw[i] = w[OP_SHAPE_B + i] = src[at + OP_SHAPE_B + i];
    } else if (k !== OpKind.MOVER && k !== OpKind.MOVER_SHAPE && w[OP_SHAPE_B] !== 0) {
      for (let i = 0; i < SHAPE_WORDS; i++) bw[i] = w[OP_SHAPE_B + i] = 0;
    }
    return this;
  }
}

/** Words per operation in ReplayOp.words. */
export { OP_WORDS };

/** What a frame must produce (fc_replay_expect); 64-bit values as halves. */
export class FrameExpect {
  constructor() {
    this.checksumLo = 0, this.checksumHi = 0;
    this.stateLo = 0, this.stateHi = 0;
    this.pairsLo = 0, this.pairsHi = 0;
    this.pairCount = 0;
    this.ops = 0;
    this.queryCount = 0;
    /** count, hash per query */
    this.queries = new Uint32Array(32);
    /** format 3 and 4 frames: extended = 1 and the pair events and contacts (counts, 32-bit hashes); 0 in format 2 */
    this.extended = 0;
    this.beganCount = 0, this.began = 0;
    this.endedCount = 0, this.ended = 0;
    this.contactCount = 0, this.contacts = 0;
  }

  _queries(n) {
    if (2 * n > this.queries.length) {
      let c = this.queries.length;
      while (c < 2 * n) c *= 2;
      this.queries = new Uint32Array(c);
    }
  }
}

const readers = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((p) => fc.fcjs_reader_free(p))
  : null;

export class ReplayReader {
  #p = 0;

  /** bytes: a Uint8Array holding a whole .fcr or text replay. */
  constructor(bytes) {
    if (!(bytes instanceof Uint8Array)) throw argError('ReplayReader', 'expected a Uint8Array');
    const data = copyIn(bytes); // owned by the C reader from here on
    const st = fc.fcjs_reader_open(data, bytes.length, io);
    const i32 = views().i32;
    this.#p = i32[IOW];
    if (this.#p) readers?.register(this, this.#p, this);
    const s = i32.slice(IOW + 1, IOW + 8);
    this.settings = Object.freeze({ dim: s[0], boundsMin: [s[1], s[2]], boundsLog2: s[3], maxDepth: s[4],
      layout: s[5] === 1 ? 'strict' : 'loose', version: s[6] });
    this.size = bytes.length;
    this.pos = 0;
    this.frames = 0;
    this.#check(st);
  }

  #check(st) {
    if (st === 0) return;
    if (!this.#p) throw new FixcolError(st, 'ReplayReader');
    const buf = alloc(256);
    try {
      fc.fcjs_reader_error(this.#p, buf, 256, io);
      const msg = cString(buf);
      const u = views().u32;
      const err = new ReplayFormatError(st, msg, u[IOW], u[IOW + 1], u[IOW + 2]);
      this.close();
      throw err;
    } finally {
      free(buf);
    }
  }

  #r() {
    if (!this.#p) throw argError('ReplayReader', 'reader closed');
    return this.#p;
  }

  /** Start the next frame: its operation count, or -1 after the last frame (the end marker is checked). */
  nextFrame() {
    this.#check(fc.fcjs_reader_next_frame(this.#r(), io));
    const i32 = views().i32;
    this.pos = i32[IOW + 2];
    if (!i32[IOW]) return -1;
    this.frames++;
    return i32[IOW + 1];
  }

  /** Decode the frame's next operation into op (a ReplayOp of this replay's dim). */
  nextOp(op) {
    this.#check(fc.fcjs_reader_next_op(this.#r(), io));
    return op.setWords(views().i32, IOW);
  }

  /** Read the frame's expectations and its query results into e (a FrameExpect). */
  readExpect(e) {
    const p = this.#r();
    this.#check(fc.fcjs_reader_read_expect(p, io));
    let u = views().u32;
    e.checksumLo = u[IOW], e.checksumHi = u[IOW + 1];
    e.stateLo = u[IOW + 2], e.stateHi = u[IOW + 3];
    e.pairsLo = u[IOW + 4], e.pairsHi = u[IOW + 5];
    e.pairCount = u[IOW + 6];
    e.ops = u[IOW + 7];
    e.queryCount = u[IOW + 8];
    e.extended = u[IOW + 9];
    e.beganCount = u[IOW + 10], e.began = u[IOW + 11];
    e.endedCount = u[IOW + 12], e.ended = u[IOW + 13];
    e.contactCount = u[IOW + 14], e.contacts = u[IOW + 15];
    e._queries(e.queryCount);
    for (let i = 0; i < e.queryCount; i++) {
      this.#check(fc.fcjs_reader_read_query(p, io));
      u = views().u32;
      e.queries[2 * i] = u[IOW];
      e.queries[2 * i + 1] = u[IOW + 1];
    }
    return e;
  }

  /** Free the C reader and its copy of the file (idempotent; a FinalizationRegistry frees a forgotten one). */
  close() {
    if (!this.#p) return;
    readers?.unregister(this);
    fc.fcjs_reader_free(this.#p);
    this.#p = 0;
  }
}
