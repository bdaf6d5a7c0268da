// SPDX-License-Identifier: MIT
// A against B, as the page re-ran both: the frames whose world state, pair
// list or query results differ (timeline marks), and one body's exact values
// in both runs, field by field, with the fields that differ marked. Every
// value compared and shown is an integer (raw Q16.16 shown as its exact
// decimal); no float is involved.
import { fix } from './fixcol/index.js';

/**
 * Frames (1-based) where the two timelines' own results differ:
 * [{ frame, what: ['state' | 'pairs' | 'queries' | 'operations', ...] }], ascending.
 * A frame present in only one of them counts as differing ('operations').
 */
export function frameMarks(ta, tb) {
  const out = [];
  const n = Math.max(ta.count, tb.count);
  for (let i = 0; i < n; i++) {
    const a = ta.frames[i], b = tb.frames[i], what = [];
    if (!a || !b) what.push('operations');
    else {
      if (a.stateLo !== b.stateLo || a.stateHi !== b.stateHi) what.push('state');
      if (a.pairsLo !== b.pairsLo || a.pairsHi !== b.pairsHi || a.pairs !== b.pairs) what.push('pairs');
      if (a.queries.length !== b.queries.length || a.queries.some((v, k) => v !== b.queries[k])) what.push('queries');
    }
    if (what.length) out.push({ frame: i + 1, what });
  }
  return out;
}

const FIELDS2 = { circle: ['cx', 'cy', 'r'], aabb: ['minx', 'miny', 'maxx', 'maxy'], obb: ['cx', 'cy', 'hx', 'hy', 'angle'],
  capsule: ['ax', 'ay', 'bx', 'by', 'r'] };
const FIELDS3 = { sphere: ['cx', 'cy', 'cz', 'r'], aabb: ['minx', 'miny', 'minz', 'maxx', 'maxy', 'maxz'],
  obb: ['cx', 'cy', 'cz', 'hx', 'hy', 'hz', 'ax.x', 'ax.y', 'ax.z', 'ay.x', 'ay.y', 'ay.z', 'az.x', 'az.y', 'az.z'] };
const hex = (v) => '0x' + (v >>> 0).toString(16).padStart(8, '0');

/** The live body of runner rn with this index and generation, or null. */
export function findBody(rn, index, generation) { // generation null: the body live in slot index
  const id = rn.liveIds().find((x) => x.index === index && (generation === null || x.generation === generation));
  return id && rn.world.bodyValid(id) ? id : null;
}

/** One body's fields as [name, exact text] (empty when id is null). */
export function bodyFields(rn, id) {
  if (!id) return [];
  const w = rn.world, s = w.getShape(id), f = w.getFilter(id), b = w.getBounds(id);
  const rows = [['shape', s.type]];
  if (s.type === 'poly') {
    rows.push(['vertices', String(s.words[1])]);
    for (let i = 0; i < s.words[1]; i++)
      rows.push([`v${i}`, `${fix.toDecimal(s.words[2 + 2 * i])} ${fix.toDecimal(s.words[3 + 2 * i])}`]);
  } else {
    const names = (rn.dim === 2 ? FIELDS2 : FIELDS3)[s.type] ?? [];
    names.forEach((n, i) => rows.push([n, n === 'angle' ? String(s.words[i + 1]) : fix.toDecimal(s.words[i + 1])]));
  }
  rows.push(['category', hex(f.category)], ['mask', hex(f.mask)]);
  const axes = rn.dim === 2 ? ['x', 'y'] : ['x', 'y', 'z'];
  axes.forEach((a, i) => rows.push([`bounds min ${a}`, fix.toDecimal(b[i])]));
  axes.forEach((a, i) => rows.push([`bounds max ${a}`, fix.toDecimal(b[3 + i])]));
  const pairs = w.findPairs(), partners = [];
  for (let i = 0; i < pairs.count; i++) {
    const p = pairs.words[6 * i], q = pairs.words[6 * i + 3];
    if (p === id.index) partners.push(q);
    else if (q === id.index) partners.push(p);
  }
  rows.push(['pair partners', partners.sort((x, y) => x - y).join(' ') || 'none']);
  return rows;
}

/**
 * Both runs' values of one body: [{ field, a, b, differs }] in A's field
 * order, then fields only B has; a side without the field (or the body) is '-'.
 */
export function compareBody(rowsA, rowsB) {
  const mb = new Map(rowsB), seen = new Set(), out = [];
  for (const [field, a] of rowsA) {
    const b = mb.get(field) ?? '-';
    seen.add(field);
    out.push({ field, a, b, differs: a !== b });
  }
  for (const [field, b] of rowsB) if (!seen.has(field)) out.push({ field, a: '-', b, differs: true });
  return out;
}
