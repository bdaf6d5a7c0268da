// SPDX-License-Identifier: MIT
// The stateless tier (fc_overlap2/3, fc_contact2/3): pair tests on two
// Shapes of the same dimension, no world needed. Both shapes are validated
// first (their validation error is thrown); touching counts as overlapping.
import { fc, views, io, IOW } from './wasm.js';
import { FixcolError, Status, argError } from './errors.js';
import { put, shapeArg, SHAPE_WORDS } from './shape.js';

const OUT = 2 * SHAPE_WORDS; // contact output words in io

function args(a, b, call) {
  shapeArg(a, call);
  shapeArg(b, call);
  if (a.dim !== b.dim) throw new FixcolError(Status.FC_ERR_SHAPE_TYPE, call, `a ${a.dim}D and a ${b.dim}D shape`);
  return [put(a, 0), put(b, SHAPE_WORDS)];
}

/** fc_overlap2 / fc_overlap3: true when the closed shapes share a point. */
export function overlap(a, b) {
  const [pa, pb] = args(a, b, 'overlap');
  const r = fc.fcjs_overlap_shapes(a.dim, pa, pb);
  if (r < 0) throw new FixcolError(r, 'overlap');
  return r === 1;
}

/** A contact: normal from A to B (unit within 2^-15), depth >= 0, a world point; raw Q16.16. */
export class Contact {
  constructor(dim = 2) {
    this.dim = dim;
    this.normal = new Int32Array(dim);
    this.depth = 0;
    this.point = new Int32Array(dim);
  }
}

/** fc_contact2 / fc_contact3: a Contact (into out if given) or null when apart. */
export function contact(a, b, out) {
  const [pa, pb] = args(a, b, 'contact');
  const r = fc.fcjs_contact_shapes(a.dim, pa, pb, io + OUT * 4);
  if (r < 0) throw new FixcolError(r, 'contact');
  if (r === 0) return null;
  const d = a.dim;
  const c = out && out.dim === d ? out : new Contact(d);
  const i32 = views().i32, b0 = IOW + OUT;
  for (let i = 0; i < d; i++) {
    c.normal[i] = i32[b0 + i];
    c.point[i] = i32[b0 + d + 1 + i];
  }
  c.depth = i32[b0 + d];
  return c;
}

/**
 * fc_pushout2 / fc_pushout3: the raw translation for b after which a and b
 * no longer overlap (verified exactly; zeros when apart), as an Int32Array
 * of dim words (into out if given: no allocation). Throws FixcolError: an
 * invalid shape's status, or FC_ERR_RANGE when b pushed out would leave the
 * coordinate range.
 */
export function pushout(a, b, out) {
  const olen = out === undefined ? -1 : out instanceof Int32Array ? out.length : -2; // read before io is written
  const [pa, pb] = args(a, b, 'pushout');
  if (olen !== -1 && olen < a.dim) throw argError('pushout', `out must be an Int32Array of length >= ${a.dim} (the shapes' dimension)`);
  const r = fc.fcjs_pushout_shapes(a.dim, pa, pb, io + OUT * 4);
  if (r < 0) throw new FixcolError(r, 'pushout');
  const d = a.dim;
  const v = out ?? new Int32Array(d);
  const i32 = views().i32;
  for (let i = 0; i < d; i++) v[i] = i32[IOW + OUT + i];
  return v;
}
