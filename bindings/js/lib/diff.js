// SPDX-License-Identifier: MIT
// diffReplays: the first frame where two replays differ, with the same facts
// and wording as `fixcol-replay diff A B` (operations compared field by
// field, then the recorded results); bodyDiff: after both runners have
// applied that frame, the bodies whose state (shape, filter) or pair
// partners differ between the two worlds.
import { ReplayReader, ReplayOp, FrameExpect } from './replay.js';
import { hex64 } from './hash.js';

function sameSettings(a, b) {
  return a.dim === b.dim && a.boundsMin[0] === b.boundsMin[0] && a.boundsMin[1] === b.boundsMin[1] &&
    a.boundsLog2 === b.boundsLog2 && a.maxDepth === b.maxDepth && a.layout === b.layout;
}

/**
 * @returns {{ same: boolean, frame: number, what: string, message: string, opIndex?: number, queryIndex?: number }}
 *   frame is 1-based (0: settings differ); message is the CLI's line(s).
 */
export function diffReplays(bytesA, bytesB, nameA = 'A', nameB = 'B') {
  const r = [new ReplayReader(bytesA), new ReplayReader(bytesB)];
  try {
    const dim = r[0].settings.dim;
    if (!sameSettings(r[0].settings, r[1].settings)) return { same: false, frame: 0, what: 'settings', message: 'settings differ' };
    const ops = [[], []];
    const e = [new FrameExpect(), new FrameExpect()];
    for (;;) {
      const n = [r[0].nextFrame(), r[1].nextFrame()];
      const frame = r[0].frames;
      if ((n[0] < 0) !== (n[1] < 0)) {
        const ended = n[0] < 0 ? nameA : nameB;
        const after = n[0] < 0 ? frame : r[1].frames;
        return { same: false, frame: after + 1, what: 'length', message: `${ended} ends after frame ${after}, the other goes on` };
      }
      if (n[0] < 0) return { same: true, frame: 0, what: 'none', message: `same: ${frame} frames` };
      for (let s = 0; s < 2; s++) {
        while (ops[s].length < n[s]) ops[s].push(new ReplayOp(dim));
        for (let k = 0; k < n[s]; k++) r[s].nextOp(ops[s][k]);
        r[s].readExpect(e[s]);
      }
      for (let k = 0; k < n[0] && k < n[1]; k++) {
        if (!ops[0][k].equals(ops[1][k])) {
          const la = ops[0][k].toString(), lb = ops[1][k].toString();
          return { same: false, frame, what: 'operation', opIndex: k,
            message: `frame ${frame}: operation ${k} differs:\n  ${la}\n  ${lb}` };
        }
      }
      if (n[0] !== n[1])
        return { same: false, frame, what: 'operation count', message: `frame ${frame}: ${n[0]} vs ${n[1]} operations` };
      const [a, b] = e;
      let what = a.stateLo !== b.stateLo || a.stateHi !== b.stateHi ? 'world state'
        : a.pairsLo !== b.pairsLo || a.pairsHi !== b.pairsHi || a.pairCount !== b.pairCount ? 'pair list'
          : a.began !== b.began || a.beganCount !== b.beganCount || a.ended !== b.ended ||
              a.endedCount !== b.endedCount ? 'pair events' // format 3 (0 in format 2)
            : a.contacts !== b.contacts || a.contactCount !== b.contactCount ? 'contacts'
          : a.ops !== b.ops ? 'operation statuses' : null;
      let firstQ = -1;
      for (let k = 0; k < a.queryCount && firstQ < 0; k++)
        if (a.queries[2 * k] !== b.queries[2 * k] || a.queries[2 * k + 1] !== b.queries[2 * k + 1]) firstQ = k;
      // Named as `fixcol-replay verify` names it (tools/replay/main.c).
      if (!what && firstQ >= 0) what = 'queries';
      else if (!what && (a.checksumLo !== b.checksumLo || a.checksumHi !== b.checksumHi))
        what = 'frame checksum only (every sub-hash and query result matches)';
      if (what) {
        const q = firstQ >= 0 ? ` (first differing query: ${firstQ})` : '';
        return { same: false, frame, what, queryIndex: firstQ >= 0 ? firstQ : undefined,
          message: `frame ${frame}: same operations, different results: ${what}${q}; checksums ` +
            `${hex64(a.checksumLo, a.checksumHi)} vs ${hex64(b.checksumLo, b.checksumHi)}` };
      }
    }
  } finally {
    r[0].close();
    r[1].close();
  }
}

/** Per live body of a runner: { id, words } where words = shape words + filter + sorted partner indices. */
function bodyStates(rn) {
  const w = rn.world, m = new Map();
  const partners = new Map();
  const pairs = w.findPairs();
  for (let i = 0; i < pairs.count; i++) {
    const a = pairs.words[6 * i], b = pairs.words[6 * i + 3];
    (partners.get(a) ?? partners.set(a, []).get(a)).push(b);
    (partners.get(b) ?? partners.set(b, []).get(b)).push(a);
  }
  for (const id of rn.liveIds()) {
    if (!w.bodyValid(id)) continue;
    const f = w.getFilter(id);
    m.set(id.key, { id, state: `${Array.from(w.getShape(id).words).join(',')}|${f.category},${f.mask}`,
      partners: (partners.get(id.index) ?? []).join(',') });
  }
  return m;
}

/** Bodies that differ between two runners' worlds: [{ key, index, why: 'only in A' | 'only in B' | 'state' | 'pair partners' }]. */
export function bodyDiff(rnA, rnB) {
  const a = bodyStates(rnA), b = bodyStates(rnB), out = [];
  for (const [k, x] of a) {
    const y = b.get(k);
    if (!y) out.push({ key: k, index: x.id.index, why: 'only in A' });
    else if (x.state !== y.state) out.push({ key: k, index: x.id.index, why: 'state' });
    else if (x.partners !== y.partners) out.push({ key: k, index: x.id.index, why: 'pair partners' });
  }
  for (const [k, y] of b) if (!a.has(k)) out.push({ key: k, index: y.id.index, why: 'only in B' });
  return out.sort((p, q) => p.index - q.index);
}
