// SPDX-License-Identifier: MIT
// ReplayRunner: re-executes replay operations through the World API (one
// world call per operation, exactly the calls docs/replay-format.md names)
// and computes the frame's expected values in JavaScript with Hash64:
//   ops    = hash64 of (uint32)status | kind << 32 per non-query operation,
//            plus index | generation << 32 for a successful create, folded;
//   query  = hit count (0 on error) and hash of the hits (seed (uint32)status;
//            a failed overlap/point/ray_all hashes to (uint32)status), folded;
//            range: the used slots of [lo, hi) and hash64 (seed (uint32)status)
//            of the range checksum (0 on error); dump: the dump's length and
//            hash64 (seed 0) of its bytes as little-endian 8-byte words, the
//            last zero-padded;
//            format 3: sector / ring: hit count and hash (seed (uint32)status)
//            of the ids; cast / cast_all: hit count and hash (seed
//            (uint32)status) of index | generation << 32, t | normal.x << 32,
//            normal.y | normal.z << 32 per hit;
//            format 4: pushout: 1 for a non-zero delta (0 apart or on error)
//            and hash (seed (uint32)status) of delta.x | delta.y << 32,
//            delta.z (0 in 2D), no words on error; body_hash: 1 (0 on error)
//            and hash (seed (uint32)status) of the one word bodyHash (0 on
//            error); pairs: findPairs() then pairEvents(): the pair count and
//            hash (seed (uint32)status) of the pairs' id words, began count |
//            ended count << 32, the began and the ended pairs' id words;
//            format 5: mover / mover_shape through world.move2/3 and
//            moveShape2/3: the touch count (0 on error) and hash (seed
//            (uint32)status) of moved.x | moved.y << 32, moved.z | flags << 32
//            (z 0 in 2D), touch count, then per touch index | generation << 32,
//            t | kind << 32, normal.x | normal.y << 32, normal.z | iteration << 32,
//            no words on error;
//   state  = world.checksumWords(), pairs = hash64 of findPairs() (format 3:
//            of findContacts(), the frame's one pair finding);
//   format 3: began / ended = count and folded hash (seed (uint32)status)
//            of pairEvents() right after it; contacts = count and folded
//            hash (seed (uint32)status) of per entry the two id words and
//            the contact's int32 fields two per word (docs/replay-format.md);
//   checksum = hash64 of state, pairs, pairCount | ops << 32, queryCount,
//            count | hash << 32 per query, then (format 3) began count |
//            began << 32, ended count | ended << 32, contact count |
//            contacts << 32.
// It never calls the C runner or verifier: agreement with the recorded
// values is the cross-language proof.
import { World } from './world.js';
import { BodyId } from './ids.js';
import { Hash64 } from './hash.js';
import { FixcolError, Status } from './errors.js';
import { OpKind } from './replay.js';
import { MoverResult } from './results.js';
import { pushout } from './collide.js';

const TAG = 1; // the runner's world tag, as in C

/** The values a frame produced (same fields as FrameExpect). */
export class FrameResult {
  constructor() {
    this.checksumLo = 0, this.checksumHi = 0;
    this.stateLo = 0, this.stateHi = 0;
    this.pairsLo = 0, this.pairsHi = 0;
    this.pairCount = 0;
    this.ops = 0;
    this.queryCount = 0;
    this.queries = new Uint32Array(32);
    /** op index of each query in the frame */
    this.queryOps = new Uint32Array(16);
    /** format 3: 1, and the pair events and contacts (as FrameExpect) */
    this.extended = 0;
    this.beganCount = 0, this.began = 0;
    this.endedCount = 0, this.ended = 0;
    this.contactCount = 0, this.contacts = 0;
  }
}

function statusOf(e) {
  if (e instanceof FixcolError) return e.code;
  throw e;
}

export class ReplayRunner {
  /** settings: a ReplayReader's settings. */
  constructor(settings) {
    this.dim = settings.dim;
    /** format version: 3 adds the pair events and contacts to every frame */
    this.version = settings.version ?? 2;
    if (this.version < 2) {
      // The reader reads format 1 (docs/compatibility.md), but its frames
      // store the format 1 world checksum, which only the C runner computes.
      throw new FixcolError(Status.FC_ERR_VERSION, 'ReplayRunner',
        'format version 1: verify it with fixcol-replay verify (or the C# binding, which runs the C runner)');
    }
    this.world = new World({ dim: settings.dim, boundsMin: settings.boundsMin, boundsLog2: settings.boundsLog2,
      maxDepth: settings.maxDepth, layout: settings.layout, tag: TAG });
    /** generation of the live body at each index, 0 = free */
    this.live = new Uint32Array(64);
    this.ids = []; // BodyId per index, reused while its generation matches
    this.slots = new Array(16).fill(null); // { blob, live }
    this.opsHash = new Hash64();
    this.h = new Hash64();
    this.got = new FrameResult();
    this.opIndex = 0;
    this.badCreateOp = -1; // first create of the frame that got another id
    this.badCreateId = null;
    this.filter = { category: 0, mask: 0 };
    this.pairHash = new Hash64();
    this.state = new Uint32Array(2);
    this.delta = new Int32Array(3); // push-outs (format 4)
    this.moverDef = { skin: 0, maxIterations: 0, stepHeight: 0, snapDistance: 0, upAxis: 0, upSign: 0, slopeRun: 0,
      slopeRise: 0, filter: { category: 0, mask: 0 }, exclude: [] }; // format 5
    this.moverOut = new MoverResult(settings.dim);
  }

  destroy() {
    this.world.destroy();
  }

  /** The BodyId for (index, generation) in this world. */
  id(index, generation) {
    const c = this.ids[index];
    if (c !== undefined && c.generation === generation) return c;
    const id = new BodyId(index, generation, TAG);
    this.ids[index] = id;
    return id;
  }

  beginFrame() {
    this.opsHash.reset();
    this.got.queryCount = 0;
    this.opIndex = 0;
    this.badCreateOp = -1;
    this.badCreateId = null;
  }

  /** Apply one ReplayOp; returns the world call's status (0 or a negative fc_status). */
  apply(op) {
    let st;
    const k = op.kind;
    if (k >= OpKind.QUERY_SHAPE && k <= OpKind.QUERY_RAY_ALL) {
      st = this.#query(op);
    } else if (k === OpKind.QUERY_RANGE) {
      st = this.#range(op);
    } else if (k === OpKind.QUERY_DUMP) {
      st = this.#dump();
    } else if (k >= OpKind.QUERY_SECTOR && k <= OpKind.QUERY_CAST_ALL) {
      st = this.#query3(op);
    } else if (k === OpKind.QUERY_PUSHOUT || k === OpKind.QUERY_BODY_HASH || k === OpKind.QUERY_PAIRS) {
      st = this.#query4(op);
    } else if (k === OpKind.MOVER || k === OpKind.MOVER_SHAPE) {
      st = this.#mover(op);
    } else {
      st = this.#op(op);
      this.opsHash.word(st >>> 0, k);
      if (k === OpKind.CREATE && st === 0) {
        const id = this.created;
        this.opsHash.word(id.index, id.generation);
        if (this.badCreateOp < 0 && (id.index !== op.index || id.generation !== op.generation)) {
          this.badCreateOp = this.opIndex;
          this.badCreateId = id;
        }
      }
    }
    this.opIndex++;
    return st;
  }

  #op(op) {
    const w = this.world;
    try {
      switch (op.kind) {
        case OpKind.CREATE: {
          this.filter.category = op.category;
          this.filter.mask = op.mask;
          const id = w.createBody(op.shape, this.filter);
          this.created = id;
          this.ids[id.index] = id;
          this.#setLive(id.index, id.generation);
          return 0;
        }
        case OpKind.MOVE:
          if (this.dim === 2) w.translate2(this.id(op.index, op.generation), op.ax, op.ay);
          else w.translate3(this.id(op.index, op.generation), op.ax, op.ay, op.az);
          return 0;
        case OpKind.TURN:
          w.setAngle2(this.id(op.index, op.generation), op.angle);
          return 0;
        case OpKind.SET:
          w.setShape(this.id(op.index, op.generation), op.shape);
          return 0;
        case OpKind.DESTROY:
          w.destroyBody(this.id(op.index, op.generation));
          if (op.index < this.live.length) this.live[op.index] = 0;
          return 0;
        case OpKind.SET_FILTER: // format 4
          this.filter.category = op.category;
          this.filter.mask = op.mask;
          w.setFilter(this.id(op.index, op.generation), this.filter);
          return 0;
        case OpKind.SNAPSHOT:
          this.slots[op.slot] = { blob: w.snapshot(), live: this.live.slice() };
          return 0;
        case OpKind.RESTORE: {
          const s = this.slots[op.slot];
          if (!s) return Status.FC_ERR_ARGUMENT; // nothing saved in that slot
          w.restore(s.blob);
          this.live = s.live.slice();
          return 0;
        }
        default:
          return Status.FC_ERR_ARGUMENT;
      }
    } catch (e) {
      return statusOf(e);
    }
  }

  #setLive(index, generation) {
    if (index >= this.live.length) {
      let c = this.live.length;
      while (c <= index) c *= 2;
      const n = new Uint32Array(c);
      n.set(this.live);
      this.live = n;
    }
    this.live[index] = generation;
  }

  #query(op) {
    const w = this.world, f = this.filter, h = this.h;
    f.category = op.category;
    f.mask = op.mask;
    let st = 0, count = 0, hash = 0;
    try {
      switch (op.kind) {
        case OpKind.QUERY_SHAPE:
        case OpKind.QUERY_POINT: {
          const ids = op.kind === OpKind.QUERY_SHAPE ? w.overlap(op.shape, f)
            : this.dim === 2 ? w.point2(op.ax, op.ay, f) : w.point3(op.ax, op.ay, op.az, f);
          count = ids.count;
          h.reset(0, 0);
          const words = ids.words;
          for (let i = 0; i < 3 * count; i += 3) h.word(words[i], words[i + 1]);
          hash = h.fold();
          break;
        }
        case OpKind.QUERY_RAY: {
          const hit = this.dim === 2 ? w.raycast2(op.ax, op.ay, op.bx, op.by, f)
            : w.raycast3(op.ax, op.ay, op.az, op.bx, op.by, op.bz, f);
          h.reset(0, 0);
          if (hit) {
            count = 1;
            h.word(hit.index, hit.generation);
            h.word(hit.t >>> 0, 0);
          }
          hash = h.fold();
          break;
        }
        default: {
          const hits = this.dim === 2 ? w.raycast2All(op.ax, op.ay, op.bx, op.by, f)
            : w.raycast3All(op.ax, op.ay, op.az, op.bx, op.by, op.bz, f);
          count = hits.count;
          h.reset(0, 0);
          const words = hits.words;
          for (let i = 0; i < 4 * count; i += 4) {
            h.word(words[i], words[i + 1]);
            h.word(words[i + 3], 0);
          }
          hash = h.fold();
        }
      }
    } catch (e) {
      st = statusOf(e);
      count = 0;
      if (op.kind === OpKind.QUERY_RAY) {
        h.reset(st >>> 0, 0); // the closest-hit ray hashes its 0 hits with seed status
        hash = h.fold();
      } else {
        hash = st >>> 0;
      }
    }
    this.#addQuery(count, hash);
    return st;
  }

  /** Format 3 queries: sector, ring (the ids), cast, cast_all (the hits); every hash seeded with the status. */
  #query3(op) {
    const w = this.world, f = this.filter, h = this.h, d = this.dim;
    f.category = op.category;
    f.mask = op.mask;
    let st = 0, count = 0;
    h.reset(0, 0);
    try {
      if (op.kind === OpKind.QUERY_SECTOR || op.kind === OpKind.QUERY_RING) {
        const ids = op.kind === OpKind.QUERY_SECTOR ? w.overlapSector2(op.sector, f) : w.overlapRing2(op.ring, f);
        count = ids.count;
        const words = ids.words;
        for (let i = 0; i < 3 * count; i += 3) h.word(words[i], words[i + 1]);
      } else if (op.kind === OpKind.QUERY_CAST) {
        const hit = d === 2 ? w.cast2(op.shape, op.bx, op.by, f) : w.cast3(op.shape, op.bx, op.by, op.bz, f);
        if (hit) {
          count = 1;
          h.word(hit.index, hit.generation);
          h.word(hit.t >>> 0, hit.normal[0] >>> 0);
          h.word(hit.normal[1] >>> 0, d === 3 ? hit.normal[2] >>> 0 : 0);
        }
      } else {
        const hits = d === 2 ? w.cast2All(op.shape, op.bx, op.by, f) : w.cast3All(op.shape, op.bx, op.by, op.bz, f);
        count = hits.count;
        const words = hits.words, stride = hits.stride;
        for (let i = 0; i < stride * count; i += stride) {
          h.word(words[i], words[i + 1]);
          h.word(words[i + 3], words[i + 4]);
          h.word(words[i + 5], d === 3 ? words[i + 6] : 0);
        }
      }
    } catch (e) {
      st = statusOf(e);
      count = 0;
      h.reset(st >>> 0, 0);
    }
    this.#addQuery(count, h.fold());
    return st;
  }

  /** Format 5: a mover call on a body (the world moves it) or a free shape. */
  #mover(op) {
    const w = this.world, h = this.h, d = this.moverDef, m = op.mover, r = this.moverOut;
    d.skin = m.skin, d.maxIterations = m.maxIterations, d.stepHeight = m.stepHeight, d.snapDistance = m.snapDistance;
    d.upAxis = m.upAxis, d.upSign = m.upSign, d.slopeRun = m.slopeRun, d.slopeRise = m.slopeRise;
    d.filter.category = op.category, d.filter.mask = op.mask;
    d.exclude.length = m.exclude.length;
    for (let i = 0; i < m.exclude.length; i++) d.exclude[i] = new BodyId(m.exclude[i].index, m.exclude[i].generation, TAG);
    let st = 0, count = 0;
    h.reset(0, 0);
    try {
      if (op.kind === OpKind.MOVER) {
        const id = this.id(op.index, op.generation);
        if (this.dim === 2) w.move2(id, op.ax, op.ay, d, r);
        else w.move3(id, op.ax, op.ay, op.az, d, r);
      } else if (this.dim === 2) {
        w.moveShape2(op.shape, op.ax, op.ay, d, r);
      } else {
        w.moveShape3(op.shape, op.ax, op.ay, op.az, d, r);
      }
      count = r.touchCount;
      h.word(r.moved[0] >>> 0, r.moved[1] >>> 0);
      h.word(this.dim === 3 ? r.moved[2] >>> 0 : 0, r.flags >>> 0);
      h.word(count, 0);
      const t = r.touchWords;
      for (let i = 0; i < count; i++) {
        const o = 9 * i;
        h.word(t[o] >>> 0, t[o + 1] >>> 0);
        h.word(t[o + 3] >>> 0, t[o + 8] >>> 0);
        h.word(t[o + 4] >>> 0, t[o + 5] >>> 0);
        h.word(t[o + 6] >>> 0, t[o + 7] >>> 0);
      }
    } catch (e) {
      st = statusOf(e);
      count = 0;
      h.reset(st >>> 0, 0);
    }
    this.#addQuery(count, h.fold());
    return st;
  }

  /** Format 4 queries: pushout (the delta), body_hash (the record hash), pairs (a pair finding and its events). */
  #query4(op) {
    const w = this.world, h = this.h;
    let st = 0, count = 0;
    h.reset(0, 0);
    try {
      if (op.kind === OpKind.QUERY_PUSHOUT) {
        const d = this.delta;
        d.fill(0);
        pushout(op.shape, op.shapeB, d);
        count = d[0] !== 0 || d[1] !== 0 || d[2] !== 0 ? 1 : 0;
        h.word(d[0] >>> 0, d[1] >>> 0);
        h.word(d[2] >>> 0, 0);
      } else if (op.kind === OpKind.QUERY_BODY_HASH) {
        const r = w.bodyHash(this.id(op.index, op.generation));
        count = 1;
        h.word(Number(r & 0xffffffffn), Number(r >> 32n));
      } else {
        const pairs = w.findPairs();
        const hashPairs = (l) => {
          const p = l.words;
          for (let i = 0; i < l.count; i++) {
            h.word(p[6 * i], p[6 * i + 1]);
            h.word(p[6 * i + 3], p[6 * i + 4]);
          }
        };
        count = pairs.count;
        hashPairs(pairs);
        const ev = w.pairEvents();
        h.word(ev.began.count, ev.ended.count);
        hashPairs(ev.began);
        hashPairs(ev.ended);
      }
    } catch (e) {
      st = statusOf(e);
      count = 0;
      h.reset(st >>> 0, 0);
      if (op.kind === OpKind.QUERY_BODY_HASH) h.word(0, 0); // the one word is 0 on error
    }
    this.#addQuery(count, h.fold());
    return st;
  }

  /** range LO HI: fc_world_range_checksum; count = used slots of the range (min(hi, slot count) - lo, 0 on error). */
  #range(op) {
    const w = this.world, h = this.h;
    let st = 0, sum = 0n;
    try {
      sum = w.rangeChecksum(op.lo, op.hi);
    } catch (e) {
      st = statusOf(e);
    }
    const end = Math.min(op.hi, w.slotCount);
    h.reset(st >>> 0, 0);
    h.word(Number(sum & 0xffffffffn), Number(sum >> 32n));
    this.#addQuery(st === 0 && end > op.lo ? end - op.lo : 0, h.fold());
    return st;
  }

  /** dump: fc_world_dump; count = its length in bytes, hash of its bytes (8 per little-endian word). */
  #dump() {
    const h = this.h;
    let st = 0, text = '';
    try {
      text = this.world.dump();
    } catch (e) {
      st = statusOf(e);
    }
    h.reset(st >>> 0, 0);
    const n = st === 0 ? text.length : 0;
    for (let i = 0; i < n; i += 8) {
      let lo = 0, hi = 0;
      for (let k = 0; k < 4 && i + k < n; k++) lo |= text.charCodeAt(i + k) << (8 * k);
      for (let k = 4; k < 8 && i + k < n; k++) hi |= text.charCodeAt(i + k) << (8 * (k - 4));
      h.word(lo >>> 0, hi >>> 0);
    }
    this.#addQuery(n, h.fold());
    return st;
  }

  #addQuery(count, hash) {
    const g = this.got, n = g.queryCount;
    if (2 * n + 2 > g.queries.length) {
      const q = new Uint32Array(g.queries.length * 2);
      q.set(g.queries);
      g.queries = q;
      const o = new Uint32Array(g.queryOps.length * 2);
      o.set(g.queryOps);
      g.queryOps = o;
    }
    g.queries[2 * n] = count;
    g.queries[2 * n + 1] = hash;
    g.queryOps[n] = this.opIndex;
    g.queryCount = n + 1;
  }

  /** Finish the frame: pairs, state, ops and the frame checksum into this.got (returned). */
  endFrame() {
    const g = this.got, w = this.world, ph = this.pairHash;
    ph.reset();
    g.extended = this.version >= 3 ? 1 : 0;
    try {
      const pairs = g.extended ? this.#contactsAndEvents() : w.findPairs();
      const words = pairs.words;
      for (let i = 0; i < 6 * pairs.count; i += 6) {
        ph.word(words[i], words[i + 1]);
        ph.word(words[i + 3], words[i + 4]);
      }
      ph.finish();
      g.pairsLo = ph.lo, g.pairsHi = ph.hi;
      g.pairCount = pairs.count;
    } catch (e) {
      const st = statusOf(e) >>> 0;
      g.pairsLo = st, g.pairsHi = 0;
      g.pairCount = 0;
      if (g.extended) { // findContacts failed: no contacts; the events are still asked for
        g.contactCount = 0;
        g.contacts = this.h.reset(st, 0).fold();
        this.#events();
      }
    }
    w.checksumWords(this.state);
    g.stateLo = this.state[0], g.stateHi = this.state[1];
    g.ops = this.opsHash.fold();
    const h = this.h;
    h.reset();
    h.word(g.stateLo, g.stateHi);
    h.word(g.pairsLo, g.pairsHi);
    h.word(g.pairCount, g.ops);
    h.word(g.queryCount, 0);
    for (let i = 0; i < g.queryCount; i++) h.word(g.queries[2 * i], g.queries[2 * i + 1]);
    if (g.extended) {
      h.word(g.beganCount, g.began);
      h.word(g.endedCount, g.ended);
      h.word(g.contactCount, g.contacts);
    }
    h.finish();
    g.checksumLo = h.lo, g.checksumHi = h.hi;
    return g;
  }

  /** Format 3: findContacts (the frame's pair finding; its PairList is returned), the contacts' hash, then the events. */
  #contactsAndEvents() {
    const g = this.got, h = this.h;
    const pc = this.world.findContacts();
    const n = pc.pairs.count, p = pc.pairs.words, c = pc.contacts.words;
    h.reset(0, 0);
    for (let i = 0; i < n; i++) {
      h.word(p[6 * i], p[6 * i + 1]);
      h.word(p[6 * i + 3], p[6 * i + 4]);
      if (this.dim === 2) {
        const o = 5 * i;
        h.word(c[o] >>> 0, c[o + 1] >>> 0);
        h.word(c[o + 2] >>> 0, c[o + 3] >>> 0);
        h.word(c[o + 4] >>> 0, 0);
      } else {
        const o = 7 * i;
        h.word(c[o] >>> 0, c[o + 1] >>> 0);
        h.word(c[o + 2] >>> 0, c[o + 3] >>> 0);
        h.word(c[o + 4] >>> 0, c[o + 5] >>> 0);
        h.word(c[o + 6] >>> 0, 0);
      }
    }
    g.contactCount = n;
    g.contacts = h.fold();
    this.#events();
    return pc.pairs;
  }

  /** Format 3: pairEvents() right after the frame's pair finding: began / ended counts and folded hashes. */
  #events() {
    const g = this.got, h = this.h;
    let ev = null, st = 0;
    try {
      ev = this.world.pairEvents();
    } catch (e) {
      st = statusOf(e) >>> 0;
    }
    const hashPairs = (l) => {
      h.reset(st, 0);
      const n = l ? l.count : 0, p = l ? l.words : null;
      for (let i = 0; i < n; i++) {
        h.word(p[6 * i], p[6 * i + 1]);
        h.word(p[6 * i + 3], p[6 * i + 4]);
      }
      return h.fold();
    };
    g.beganCount = ev ? ev.began.count : 0;
    g.began = hashPairs(ev && ev.began);
    g.endedCount = ev ? ev.ended.count : 0;
    g.ended = hashPairs(ev && ev.ended);
  }

  /** Live bodies as BodyIds, by index. */
  liveIds() {
    const out = [];
    for (let i = 0; i < this.live.length; i++) if (this.live[i]) out.push(this.id(i, this.live[i]));
    return out;
  }
}
