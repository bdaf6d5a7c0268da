// SPDX-License-Identifier: MIT
// dumpFields / diffDumpLines: the fields of a canonical dump slot line
// (fc_world_dump_slot, docs/desync.md "The canonical dump") and the fields
// in which two such lines differ - what the kit reports for a located body.
// A line is `body INDEX GENERATION cat .. mask .. user .. SHAPE NAME VALUES..`,
// `free INDEX GENERATION` or `unused INDEX`. Fields are named by the word
// before their values; a name with several values gives NAME.x, NAME.y
// (NAME.z). Values stay the dump's exact text (Q16.16 decimals, hex filters).

const AXES = ['x', 'y', 'z'];
const isValue = (t) => /^-?(0x[0-9a-f]+|[0-9]+(\.[0-9]+)?)$/.test(t);

/**
 * dumpFields(line): Map field name -> value text, in line order. 'kind'
 * (body / free / unused), 'index', 'generation', 'shape' (a body's shape
 * type), then the named fields. A line that is not a dump line gives a Map
 * with 'kind' = 'malformed' and 'text' = the line (never throws for a string;
 * throws TypeError for a non-string).
 */
export function dumpFields(line) {
  if (typeof line !== 'string') throw new TypeError('dumpFields: expected a string');
  const tok = line.trim().split(/\s+/);
  const f = new Map();
  const kind = tok[0];
  if (!['body', 'free', 'unused'].includes(kind) || !isValue(tok[1] ?? '') || line.length > 4096) {
    f.set('kind', 'malformed');
    f.set('text', line.slice(0, 256));
    return f;
  }
  f.set('kind', kind);
  f.set('index', tok[1]);
  if (kind === 'unused') return f;
  f.set('generation', tok[2] ?? '');
  let i = 3;
  while (i < tok.length) {
    const name = tok[i++];
    const vals = [];
    while (i < tok.length && isValue(tok[i])) vals.push(tok[i++]);
    if (vals.length === 0) f.set('shape', name);
    else if (vals.length === 1) f.set(name, vals[0]);
    else vals.forEach((v, k) => f.set(`${name}.${AXES[k] ?? k}`, v));
  }
  return f;
}

/**
 * diffDumpLines(mine, theirs): [{ field, server, client }] for every field
 * whose text differs or that one line lacks (value null), in the order of
 * `mine` then the fields only `theirs` has. [] when the lines are equal.
 */
export function diffDumpLines(mine, theirs) {
  const a = dumpFields(mine), b = dumpFields(theirs);
  const out = [];
  for (const [k, v] of a) if (b.get(k) !== v) out.push({ field: k, server: v, client: b.has(k) ? b.get(k) : null });
  for (const [k, v] of b) if (!a.has(k)) out.push({ field: k, server: null, client: v });
  return out;
}
