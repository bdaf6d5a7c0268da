// SPDX-License-Identifier: MIT
// verifyReplay: read a replay with ReplayReader, re-run every frame with
// ReplayRunner (World calls only) and compare every recorded value, keeping
// the first divergence with its most specific cause, as fc_replay_verify
// does. digest (a Hash64) gets each computed frame checksum appended, so a
// chain over files equals `fixcol-replay verify`'s last line.
import { ReplayReader, ReplayOp, FrameExpect } from './replay.js';
import { ReplayRunner } from './runner.js';
import { hex64 } from './hash.js';

/**
 * @param {Uint8Array} bytes
 * @param {{ digest?: import('./hash.js').Hash64, onFrame?: (frame: number, runner: ReplayRunner) => void,
 *           tamper?: (frame: number, opIndex: number, op: ReplayOp) => void }} [opts]
 * @returns {{ settings, frames: number, ops: number, badFrames: number, first: object | null }}
 */
export function verifyReplay(bytes, opts = {}) {
  const reader = new ReplayReader(bytes);
  const rn = new ReplayRunner(reader.settings);
  const op = new ReplayOp(reader.settings.dim);
  const exp = new FrameExpect();
  const res = { settings: reader.settings, frames: 0, ops: 0, badFrames: 0, first: null };
  try {
    for (;;) {
      const n = reader.nextFrame();
      if (n < 0) break;
      rn.beginFrame();
      for (let i = 0; i < n; i++) {
        reader.nextOp(op);
        opts.tamper?.(reader.frames, i, op);
        rn.apply(op);
      }
      reader.readExpect(exp);
      const got = rn.endFrame();
      res.frames++;
      res.ops += n;
      opts.digest?.word(got.checksumLo, got.checksumHi);
      const what = compare(exp, got, rn);
      if (what) {
        if (res.badFrames++ === 0) res.first = { frame: reader.frames, ...what };
      }
      opts.onFrame?.(reader.frames, rn);
    }
  } finally {
    reader.close();
    rn.destroy();
  }
  return res;
}

/** The frame's first divergence, most specific first (fc_replay_verify's order), or null. */
export function compare(exp, got, rn) {
  const what = firstDifference(exp, got, rn);
  if (!what) return null;
  return { expected: hex64(exp.checksumLo, exp.checksumHi), got: hex64(got.checksumLo, got.checksumHi), ...what };
}

function firstDifference(exp, got, rn) {
  if (rn.badCreateOp >= 0) return { what: 'create_id', opIndex: rn.badCreateOp, gotId: rn.badCreateId.key };
  if (exp.ops !== got.ops) return { what: 'ops' };
  for (let i = 0; i < exp.queryCount; i++) {
    if (exp.queries[2 * i] !== got.queries[2 * i] || exp.queries[2 * i + 1] !== got.queries[2 * i + 1])
      return { what: 'query', queryIndex: i, opIndex: got.queryOps[i], expectedHits: exp.queries[2 * i],
        gotHits: got.queries[2 * i] };
  }
  if (exp.queryCount !== got.queryCount) return { what: 'query', queryIndex: Math.min(exp.queryCount, got.queryCount) };
  if (exp.pairsLo !== got.pairsLo || exp.pairsHi !== got.pairsHi || exp.pairCount !== got.pairCount)
    return { what: 'pairs', expectedPairs: exp.pairCount, gotPairs: got.pairCount };
  if (exp.extended !== got.extended) return { what: 'checksum' }; // a runner of the other format version
  if (exp.extended && (exp.beganCount !== got.beganCount || exp.began !== got.began ||
      exp.endedCount !== got.endedCount || exp.ended !== got.ended))
    return { what: 'events', expectedBegan: exp.beganCount, gotBegan: got.beganCount,
      expectedEnded: exp.endedCount, gotEnded: got.endedCount };
  if (exp.extended && (exp.contactCount !== got.contactCount || exp.contacts !== got.contacts))
    return { what: 'contacts', expectedContacts: exp.contactCount, gotContacts: got.contactCount };
  if (exp.stateLo !== got.stateLo || exp.stateHi !== got.stateHi) return { what: 'state' };
  if (exp.checksumLo !== got.checksumLo || exp.checksumHi !== got.checksumHi) return { what: 'checksum' };
  return null;
}
