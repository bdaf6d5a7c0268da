// SPDX-License-Identifier: MIT
// Shape casts (fixcol/cast.h): a shape moved by t * delta, t in [0, 1], no
// rotation; the first touch, computed exactly. The pair casts live here;
// the world casts are World.cast2 / cast3 / cast2All / cast3All. Deltas are
// raw Q16.16 int32, each component within +-2 * 8192 units (else
// FC_ERR_RANGE); invalid shapes throw their validation error; a shape of
// the other dimension throws FC_ERR_SHAPE_TYPE.
import { fc, views, io, IOW } from './wasm.js';
import { FixcolError, argError, Status } from './errors.js';
import { raw } from './fix.js';
import { put, shapeArg, SHAPE_WORDS } from './shape.js';
import { CastHit, CastHitList, CastResult } from './results.js';

/** The moving Shape of a dim-D cast, checked. */
export function movingArg(s, dim, call) {
  shapeArg(s, call);
  if (s.dim !== dim) throw new FixcolError(Status.FC_ERR_SHAPE_TYPE, call, `a ${s.dim}D shape in a ${dim}D cast`);
  return s;
}

/** Write the raw delta (z 0 in 2D) at io word `at`. */
export function putDelta(at, dx, dy, dz, call) {
  const i32 = views().i32;
  i32[IOW + at] = raw(dx, call);
  i32[IOW + at + 1] = raw(dy, call);
  i32[IOW + at + 2] = raw(dz, call);
}

/** The CastHit to fill: out if it is one of this dimension, else a new one. */
export function hitOut(out, dim, call) {
  if (out === undefined) return new CastHit(dim);
  if (!(out instanceof CastHit) || out.dim !== dim) throw argError(call, `expected a ${dim}D CastHit as out`);
  return out;
}

/** The CastHitList to fill (a world's own when out is undefined). */
export function listOut(out, dim, call) {
  if (!(out instanceof CastHitList) || out.dim !== dim) throw argError(call, `expected a ${dim}D CastHitList as out`);
  return out;
}

function pairCast(dim, moving, dx, dy, dz, target, out, call) {
  movingArg(moving, dim, call);
  movingArg(target, dim, call);
  const h = hitOut(out, dim, call);
  putDelta(2 * SHAPE_WORDS, dx, dy, dz, call);
  put(moving, 0);
  put(target, SHAPE_WORDS);
  const st = fc.fcjs_cast_shapes(dim, io);
  if (st !== 0) throw new FixcolError(st, call);
  const i32 = views().i32, b = IOW + 2 * SHAPE_WORDS + 3;
  if (!i32[b]) return null;
  h.index = h.generation = h.world = 0;
  h.t = i32[b + 1];
  for (let k = 0; k < dim; k++) h.normal[k] = i32[b + 2 + k];
  return h;
}

/** fc_cast2: moving swept by (dx, dy) against target: a CastHit (into out if given) or null. */
export function cast2(moving, dx, dy, target, out) {
  return pairCast(2, moving, dx, dy, 0, target, out, 'cast2');
}

/** fc_cast3: moving swept by (dx, dy, dz) against target: a CastHit (into out if given) or null. */
export function cast3(moving, dx, dy, dz, target, out) {
  return pairCast(3, moving, dx, dy, dz, target, out, 'cast3');
}

function pairCastEx(dim, moving, dx, dy, dz, target, out, call) {
  movingArg(moving, dim, call);
  movingArg(target, dim, call);
  if (out !== undefined && (!(out instanceof CastResult) || out.dim !== dim)) throw argError(call, `expected a ${dim}D CastResult as out`);
  const r = out ?? new CastResult(dim);
  putDelta(2 * SHAPE_WORDS, dx, dy, dz, call);
  put(moving, 0);
  put(target, SHAPE_WORDS);
  const st = fc.fcjs_cast_ex(dim, io);
  if (st !== 0) throw new FixcolError(st, call);
  return r._load(views().i32, IOW);
}

/** fc_cast2_ex: a CastResult (into out if given): hit, t, normal, started, safe (delta on a miss). */
export function cast2Ex(moving, dx, dy, target, out) {
  return pairCastEx(2, moving, dx, dy, 0, target, out, 'cast2Ex');
}

/** fc_cast3_ex */
export function cast3Ex(moving, dx, dy, dz, target, out) {
  return pairCastEx(3, moving, dx, dy, dz, target, out, 'cast3Ex');
}
