// SPDX-License-Identifier: MIT
// Timeline: one loaded replay, simulated in this browser with the wasm
// build. Loading reads every frame (a malformed file throws the reader's
// ReplayFormatError, position and reason), keeps each frame's operations as
// words, runs them once through ReplayRunner to get this browser's own
// checksum per frame, and keeps a keyframe (world snapshot + runner state)
// every KEY frames so seek(frame) is a restore plus at most KEY frames.
import { ReplayReader, ReplayOp, FrameExpect, ReplayRunner, OP_WORDS, hex64 } from './fixcol/index.js';
import { compareFrame } from './compare.js';

const KEY = 32;

export class Timeline {
  constructor(bytes, name) {
    this.name = name;
    const reader = new ReplayReader(bytes);
    this.settings = reader.settings;
    // { n, ops: Int32Array, recorded, own, ok, what, pairs, pairsLo/Hi, stateLo/Hi (this browser's pair
    // and state hashes), queries: (count, hash) per query as this browser computed them, queryOps: the op
    // index of each query }
    this.frames = [];
    const op = new ReplayOp(this.settings.dim);
    const exp = new FrameExpect();
    const rn = new ReplayRunner(this.settings);
    this.keys = [this.#key(rn)];
    try {
      for (;;) {
        const n = reader.nextFrame();
        if (n < 0) break;
        const ops = new Int32Array(n * OP_WORDS);
        rn.beginFrame();
        for (let i = 0; i < n; i++) {
          reader.nextOp(op);
          ops.set(op.words, i * OP_WORDS);
          rn.apply(op);
        }
        reader.readExpect(exp);
        const got = rn.endFrame();
        const what = compareFrame(exp, got, rn);
        this.frames.push({ n, ops, recorded: hex64(exp.checksumLo, exp.checksumHi),
          own: hex64(got.checksumLo, got.checksumHi), ok: !what, what, pairs: got.pairCount,
          pairsLo: got.pairsLo, pairsHi: got.pairsHi, stateLo: got.stateLo, stateHi: got.stateHi,
          queries: got.queries.slice(0, 2 * got.queryCount), queryOps: got.queryOps.slice(0, got.queryCount) });
        if (this.frames.length % KEY === 0) this.keys.push(this.#key(rn));
      }
    } finally {
      reader.close();
      rn.destroy();
    }
    this.runner = new ReplayRunner(this.settings);
    this.op = new ReplayOp(this.settings.dim);
    this.at = 0; // frames applied to this.runner
  }

  get count() {
    return this.frames.length;
  }

  #key(rn) {
    return { blob: rn.world.snapshot(), live: rn.live.slice(), slots: rn.slots.slice() };
  }

  /** Bring the runner to the state after `frame` frames (0..count). */
  seek(frame) {
    frame = Math.max(0, Math.min(this.count, frame | 0));
    const rn = this.runner;
    if (frame < this.at || frame - this.at > KEY) {
      const k = Math.floor(frame / KEY);
      const key = this.keys[k];
      rn.world.restore(key.blob);
      rn.live = key.live.slice();
      rn.slots = key.slots.slice();
      this.at = k * KEY;
    }
    while (this.at < frame) {
      const f = this.frames[this.at];
      rn.beginFrame();
      for (let i = 0; i < f.n; i++) rn.apply(this.op.setWords(f.ops, i * OP_WORDS));
      this.at++;
    }
    return rn;
  }

  /**
   * The runner after frame - 1 frames and the first `ops` operations of
   * `frame` (1-based; ops clamped to 0..n): the world between two operations.
   * visit(op, i, runner), if given, is called before each operation applied
   * (the world it runs on), and the world's pair list after frame - 1 frames
   * is taken (findPairs) so pairEvents() afterwards gives the frame's events.
   * Mid-frame, the next seek() restores a keyframe.
   */
  seekOp(frame, ops, visit = null) {
    frame = Math.max(0, Math.min(this.count, frame | 0));
    const f = this.frames[frame - 1];
    if (!f) return this.seek(frame);
    const k = Math.max(0, Math.min(f.n, ops | 0));
    if (k === f.n && !visit) return this.seek(frame);
    const rn = this.seek(frame - 1);
    if (visit) rn.world.findPairs();
    rn.beginFrame();
    for (let i = 0; i < k; i++) {
      this.op.setWords(f.ops, i * OP_WORDS);
      if (visit) visit(this.op, i, rn);
      rn.apply(this.op);
    }
    this.at = k === f.n ? frame : Number.MAX_SAFE_INTEGER; // mid-frame: not a frame boundary
    return rn;
  }

  /** The operations of frame (1-based) as ReplayOps (new objects). */
  opsOf(frame) {
    const f = this.frames[frame - 1];
    const out = [];
    if (!f) return out;
    for (let i = 0; i < f.n; i++) out.push(new ReplayOp(this.settings.dim).setWords(f.ops, i * OP_WORDS));
    return out;
  }

  destroy() {
    this.runner.destroy();
  }
}
