// SPDX-License-Identifier: MIT
// The picked body's facts: id, shape type and fields (exact decimals),
// filter and integer bounds, as the world reports them.
import { fix } from './fixcol/index.js';

const FIELDS2 = { circle: ['cx', 'cy', 'r'], aabb: ['minx', 'miny', 'maxx', 'maxy'], obb: ['cx', 'cy', 'hx', 'hy', 'angle'],
  capsule: ['ax', 'ay', 'bx', 'by', 'r'] };
const FIELDS3 = { sphere: ['cx', 'cy', 'cz', 'r'], aabb: ['minx', 'miny', 'minz', 'maxx', 'maxy', 'maxz'],
  obb: ['cx', 'cy', 'cz', 'hx', 'hy', 'hz', 'ax.x', 'ax.y', 'ax.z', 'ay.x', 'ay.y', 'ay.z', 'az.x', 'az.y', 'az.z'],
  capsule: ['ax', 'ay', 'az', 'bx', 'by', 'bz', 'r'] };

export function describeBody(rn, id) {
  const w = rn.world, s = w.getShape(id), f = w.getFilter(id), b = w.getBounds(id);
  const lines = [`id ${id.index}:${id.generation} (world tag ${id.world})`, `shape ${s.type}`];
  if (s.type === 'poly') {
    for (let i = 0; i < s.words[1]; i++)
      lines.push(`  v${i} ${fix.toDecimal(s.words[2 + 2 * i])} ${fix.toDecimal(s.words[3 + 2 * i])}`);
  } else {
    const names = (rn.dim === 2 ? FIELDS2 : FIELDS3)[s.type] ?? [];
    names.forEach((n, i) => lines.push(`  ${n} ${n === 'angle' ? s.words[i + 1] : fix.toDecimal(s.words[i + 1])}`));
  }
  const hex = (v) => '0x' + (v >>> 0).toString(16).padStart(8, '0');
  lines.push(`filter category ${hex(f.category)} mask ${hex(f.mask)}`);
  const d = (i) => fix.toDecimal(b[i]);
  lines.push(rn.dim === 2 ? `bounds (${d(0)}, ${d(1)}) .. (${d(3)}, ${d(4)})`
    : `bounds (${d(0)}, ${d(1)}, ${d(2)}) .. (${d(3)}, ${d(4)}, ${d(5)})`);
  return lines.join('\n');
}
