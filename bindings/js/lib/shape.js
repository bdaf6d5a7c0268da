// SPDX-License-Identifier: MIT
// Shapes: plain values holding the C shape's fields as raw Q16.16 int32
// words (bindings/js/wasm/js_shape.h): words[0] is the type, then the
// fields. Every factory checks its arguments (raw int32, angles 0..65535)
// and takes an optional `out` shape to refill instead of allocating, so a
// frame loop can reuse one shape per query.
import { raw, angleArg } from './fix.js';
import { argError, FixcolError, Status } from './errors.js';
import { fc, views, io, IOW } from './wasm.js';

export const SHAPE_WORDS = 19;
const NAMES2 = [null, 'circle', 'aabb', 'obb', 'capsule', 'poly'];
const NAMES3 = [null, 'sphere', 'aabb', 'obb', 'capsule'];

export class Shape {
  /** Use the factories (Shape.circle, ...). dim is 2 or 3. */
  constructor(dim = 2) {
    this.dim = dim;
    this.words = new Int32Array(SHAPE_WORDS);
  }

  /** 'circle' | 'aabb' | 'obb' | 'capsule' | 'poly' (2D), 'sphere' | 'aabb' | 'obb' | 'capsule' (3D) */
  get type() {
    return (this.dim === 2 ? NAMES2 : NAMES3)[this.words[0]] ?? null;
  }

  /** A copy (new words). */
  clone() {
    const s = new Shape(this.dim);
    s.words.set(this.words);
    return s;
  }

  equals(o) {
    if (!(o instanceof Shape) || o.dim !== this.dim) return false;
    for (let i = 0; i < SHAPE_WORDS; i++) if (o.words[i] !== this.words[i]) return false;
    return true;
  }

  /** fc_shape2_validate / fc_shape3_validate: throws the validation error. */
  validate() {
    const st = fc.fcjs_shape_validate(this.dim, put(this));
    if (st !== 0) throw new FixcolError(st, 'Shape.validate');
    return this;
  }

  /** fc_circle_make: centre (x, y), radius r >= 0. */
  static circle(x, y, r, out) {
    const c = 'Shape.circle';
    return fill5(out, 2, 1, 3, raw(x, c), raw(y, c), raw(r, c), 0, 0);
  }

  /** fc_aabb2_make: [minX, maxX] x [minY, maxY]. */
  static aabb2(minX, minY, maxX, maxY, out) {
    const c = 'Shape.aabb2';
    return fill5(out, 2, 2, 4, raw(minX, c), raw(minY, c), raw(maxX, c), raw(maxY, c), 0);
  }

  /** fc_obb2_make: centre, half-extents along (cos, sin) and (-sin, cos) of a binary angle. */
  static obb2(cx, cy, hx, hy, angle, out) {
    const c = 'Shape.obb2';
    return fill5(out, 2, 3, 5, raw(cx, c), raw(cy, c), raw(hx, c), raw(hy, c), angleArg(angle, c));
  }

  /** fc_capsule2_make: segment a-b, radius r. */
  static capsule2(ax, ay, bx, by, r, out) {
    const c = 'Shape.capsule2';
    return fill5(out, 2, 4, 5, raw(ax, c), raw(ay, c), raw(bx, c), raw(by, c), raw(r, c));
  }

  /** fc_poly2_make: [x0, y0, x1, y1, ...], 3..8 vertices, counter-clockwise, strictly convex. */
  static poly2(xy, out) {
    const c = 'Shape.poly2';
    if (!xy || typeof xy.length !== 'number' || xy.length % 2) throw argError(c, 'expected an array of x, y pairs');
    const n = xy.length / 2;
    if (n < 3 || n > 8) throw new FixcolError(Status.FC_ERR_POLY_COUNT, c, `${n} vertices`);
    const f = [n];
    for (let i = 0; i < xy.length; i++) f.push(raw(xy[i], c));
    return fill(out, 2, 5, f);
  }

  /** fc_sphere_make (validated when used). */
  static sphere(x, y, z, r, out) {
    const c = 'Shape.sphere';
    return fill5(out, 3, 1, 4, raw(x, c), raw(y, c), raw(z, c), raw(r, c), 0);
  }

  /** fc_capsule3_make (validated when used): segment a-b, radius r (raw Q16.16).
   * Also a world body (createBody, setShape, getShape, snapshots, dumps). */
  static capsule3(ax, ay, az, bx, by, bz, r, out) {
    const c = 'Shape.capsule3';
    return fill(out, 3, 4, [ax, ay, az, bx, by, bz, r].map((v) => raw(v, c)));
  }

  /** fc_aabb3_make */
  static aabb3(minX, minY, minZ, maxX, maxY, maxZ, out) {
    const c = 'Shape.aabb3';
    return fill(out, 3, 2, [minX, minY, minZ, maxX, maxY, maxZ].map((v) => raw(v, c)));
  }

  /** fc_obb3_from_axes: centre[3], half[3], axes [x0,x1,x2, y0,y1,y2, z0,z1,z2] (Q16.16 unit vectors). */
  static obb3(center, half, axes, out) {
    const c = 'Shape.obb3';
    if (center?.length !== 3 || half?.length !== 3 || axes?.length !== 9) throw argError(c, 'expected center[3], half[3], axes[9]');
    return fill(out, 3, 3, [...center, ...half, ...axes].map((v) => raw(v, c)));
  }

  /** fc_obb3_from_euler: yaw, pitch, roll binary angles (R = Ry * Rx * Rz). */
  static obb3Euler(center, half, yaw, pitch, roll, out) {
    const c = 'Shape.obb3Euler';
    if (center?.length !== 3 || half?.length !== 3) throw argError(c, 'expected center[3], half[3]');
    const { i32 } = views();
    const w = [...center, ...half].map((v) => raw(v, c));
    for (let i = 0; i < 6; i++) i32[IOW + i] = w[i];
    i32[IOW + 6] = angleArg(yaw, c);
    i32[IOW + 7] = angleArg(pitch, c);
    i32[IOW + 8] = angleArg(roll, c);
    const st = fc.fcjs_obb3_from_euler(io);
    if (st !== 0) throw new FixcolError(st, c);
    const s = out ?? new Shape(3);
    s.dim = 3;
    s.words.set(views().i32.subarray(IOW, IOW + SHAPE_WORDS));
    return s;
  }
}

/* Up to five fields without an array (the per-frame shapes). */
function fill5(out, dim, type, n, a, b, c, d, e) {
  const s = out ?? new Shape(dim);
  if (!(s instanceof Shape)) throw argError('Shape', 'out must be a Shape');
  s.dim = dim;
  const w = s.words;
  w[0] = type;
  w[1] = a;
  w[2] = b;
  w[3] = c;
  w[4] = d;
  w[5] = e;
  w.fill(0, 6);
  return s;
}

function fill(out, dim, type, fields) {
  const s = out ?? new Shape(dim);
  if (!(s instanceof Shape)) throw argError('Shape', 'out must be a Shape');
  s.dim = dim;
  const w = s.words;
  w.fill(0);
  w[0] = type;
  for (let i = 0; i < fields.length; i++) w[i + 1] = fields[i];
  return s;
}

/** Write the shape's words into io (heap) and return io's address. */
export function put(shape, at = 0) {
  const i32 = views().i32;
  const w = shape.words;
  const b = IOW + at;
  for (let i = 0; i < SHAPE_WORDS; i++) i32[b + i] = w[i];
  return io + at * 4;
}

/** The Shape argument, checked. */
export function shapeArg(s, call) {
  if (!(s instanceof Shape)) throw argError(call, 'expected a Shape');
  return s;
}
