// SPDX-License-Identifier: MIT
// Skill areas (fixcol/area2.h): a Sector2 (fan) and a Ring2, exact closed
// sets, as stateless tests and world queries (World.overlapSector2 /
// overlapRing2 in world.js). Values are raw Q16.16 int32 and binary angles
// 0..65535; an out-of-range area throws a FixcolError with its status
// (half > 32768: FC_ERR_ARGUMENT), a wrong type an argument error.
import { fc, views, io, IOW } from './wasm.js';
import { FixcolError, argError } from './errors.js';
import { raw, angleArg } from './fix.js';
import { put, shapeArg, SHAPE_WORDS } from './shape.js';

/** fc_sector2: apex (x, y), radius r, centre line dir, half opening half (0..32768 = 180 degrees). */
export class Sector2 {
  constructor(x, y, r, dir, half) {
    const c = 'Sector2';
    this.x = raw(x, c);
    this.y = raw(y, c);
    this.r = raw(r, c);
    this.dir = angleArg(dir, c);
    this.half = angleArg(half, c);
  }
  get _kind() { return 1; }
  get _words() { return [this.x, this.y, this.r, this.dir, this.half]; }
}

/** fc_ring2: centre (x, y), inner <= |p - centre| <= outer. */
export class Ring2 {
  constructor(x, y, inner, outer) {
    const c = 'Ring2';
    this.x = raw(x, c);
    this.y = raw(y, c);
    this.inner = raw(inner, c);
    this.outer = raw(outer, c);
  }
  get _kind() { return 2; }
  get _words() { return [this.x, this.y, this.inner, this.outer]; }
}

/** The area's words into io at word offset at; its address. Throws on a non-area. */
export function putArea(area, call, at = 0) {
  if (!(area instanceof Sector2 || area instanceof Ring2)) throw argError(call, 'expected a Sector2 or Ring2');
  const w = area._words;
  const i32 = views().i32;
  for (let i = 0; i < w.length; i++) i32[IOW + at + i] = raw(w[i], call); // fields may have been reassigned
  return io + at * 4;
}

/** fc_sector2_contains / fc_ring2_contains: true when the closed area contains (x, y). */
export function areaContains(area, x, y) {
  const c = 'areaContains';
  const a = putArea(area, c);
  const r = fc.fcjs_area_contains(area._kind, a, raw(x, c), raw(y, c));
  if (r < 0) throw new FixcolError(r, c);
  return r === 1;
}

/** fc_overlap_sector2 / fc_overlap_ring2: true when the closed area and the 2D shape share a point. */
export function areaOverlap(area, shape) {
  const c = 'areaOverlap';
  shapeArg(shape, c);
  if (shape.dim !== 2) throw argError(c, 'expected a 2D shape');
  const a = putArea(area, c, SHAPE_WORDS);
  const r = fc.fcjs_area_overlap(area._kind, a, put(shape, 0));
  if (r < 0) throw new FixcolError(r, c);
  return r === 1;
}
