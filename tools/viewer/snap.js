// SPDX-License-Identifier: MIT
// What a desync produces, opened side by side: two snapshot blobs
// (fc_world_snapshot, `fixcol-replay snapshot`) restored into worlds of the
// wasm build, or two canonical dumps (fc_world_dump, `fixcol-replay
// snapdump`) compared as text. Either way the two canonical dumps are
// compared body by body and field by field, in the words of `fixcol-replay
// snapdiff` ("slot I: body I:G FIELD: A vs B"); every value is the dump's
// exact decimal or integer text. A desync report (any text naming "frame F"
// and "body I:G") gives the frame and body to open.
import { World, BodyId } from './fixcol/index.js';

const DUMP_MAGIC = 'fixcol-dump ';

/** A snapshot blob as a world: { world, dim, dump, liveIds() } (a runner's drawing interface); throws on a bad blob. */
export function openSnapshot(bytes) {
  let w = new World({ dim: 2 });
  try {
    w.restore(bytes);
  } catch (e) {
    w.destroy();
    throw e;
  }
  let dump = w.dump();
  const dim = Number(/^world dim (\d)/m.exec(dump)?.[1] ?? 2);
  if (dim === 3) { // the blob names its dimension: restore into a 3D world
    w.destroy();
    w = new World({ dim: 3 });
    w.restore(bytes);
    dump = w.dump();
  }
  const tag = Number(/ tag (\d+)/.exec(dump)?.[1] ?? 0);
  const ids = [...dump.matchAll(/^body (\d+) (\d+) /gm)].map((m) => new BodyId(Number(m[1]), Number(m[2]), tag));
  return { world: w, dim, dump, liveIds: () => ids, destroy: () => w.destroy() };
}

/** Is this file a canonical dump (text starting "fixcol-dump ")? */
export function isDump(bytes) {
  return new TextDecoder().decode(bytes.subarray(0, DUMP_MAGIC.length)) === DUMP_MAGIC;
}

/** A dump's body lines as Map("I:G" -> [[field, text]]), fields named as snapdiff names them. */
export function dumpBodies(text) {
  const out = new Map();
  for (const line of text.split('\n')) {
    const t = line.trim().split(/\s+/);
    if (t[0] !== 'body' || t.length < 3) continue;
    const fields = [];
    let i = 3;
    while (i < t.length) {
      const name = t[i++], vals = [];
      while (i < t.length && /^-?[0-9]/.test(t[i])) vals.push(t[i++]);
      if (name === 'cat') fields.push(['category', t[i - 1]]);
      else if (name === 'user') fields.push(['user_data', t[i - 1]]);
      else if (!vals.length) fields.push(['shape', name]);
      else if (vals.length === 1) fields.push([name, vals[0]]);
      else vals.forEach((v, k) => fields.push([`${name}.${'xyz'[k] ?? k}`, v]));
    }
    out.set(`${t[1]}:${t[2]}`, fields);
  }
  return out;
}

/**
 * Body by body: [{ key, index, why: 'only in A' | 'only in B' | 'fields', fields: [{ field, a, b }] }]
 * and the report lines ("slot I: body I:G FIELD: A vs B", "slot I: body I:G only in A").
 */
export function diffDumps(textA, textB) {
  const a = dumpBodies(textA), b = dumpBodies(textB), bodies = [];
  for (const [key, fa] of a) {
    const fb = b.get(key);
    if (!fb) {
      bodies.push({ key, why: 'only in A', fields: [] });
      continue;
    }
    const mb = new Map(fb), fields = [];
    const shapeDiffers = fa.find((f) => f[0] === 'shape')?.[1] !== mb.get('shape') || fa.length !== fb.length;
    if (shapeDiffers) fields.push({ field: 'shape', a: fa.find((f) => f[0] === 'shape')?.[1], b: mb.get('shape') });
    else for (const [f, v] of fa) if (mb.get(f) !== v) fields.push({ field: f, a: v, b: mb.get(f) });
    if (fields.length) bodies.push({ key, why: 'fields', fields });
  }
  for (const key of b.keys()) if (!a.has(key)) bodies.push({ key, why: 'only in B', fields: [] });
  bodies.forEach((x) => (x.index = Number(x.key.split(':')[0])));
  bodies.sort((p, q) => p.index - q.index);
  const lines = [];
  for (const x of bodies) {
    if (x.why !== 'fields') lines.push(`slot ${x.index}: body ${x.key} ${x.why}`);
    for (const f of x.fields) lines.push(`slot ${x.index}: body ${x.key} ${f.field}: ${f.a} vs ${f.b}`);
  }
  return { bodies, lines, same: bodies.length === 0 };
}

/**
 * A desync report's frame and body: { frame, index, generation } (missing
 * parts null). Reads `fixcol-replay diff` text ("frame F", "body I:G" or an
 * operation "move I G ") and the wire locator's report ("frame F slot I",
 * then "mine: body I G ..." - the canonical dump line, docs/lockstep.md).
 */
export function parseReport(text) {
  const f = /\bframe (\d+)/.exec(text);
  const b = /\bbody (\d+):(\d+)/.exec(text) ?? /\bmove (\d+) (\d+) /.exec(text) ?? /^mine: body (\d+) (\d+) /m.exec(text);
  const slot = b ? null : /\bslot (\d+)/.exec(text);
  return { frame: f ? Number(f[1]) : null, index: b ? Number(b[1]) : slot ? Number(slot[1]) : null,
    generation: b ? Number(b[2]) : null };
}
