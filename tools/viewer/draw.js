// SPDX-License-Identifier: MIT
// Canvas drawing of one frame: every live body (x right, y up; 3D worlds
// seen from above, z up on screen), the frame's pairs (partners joined, both outlined),
// its queries (overlap shapes dashed, points as crosses, rays as segments),
// the selected body and the bodies a diff names. Coordinates are raw
// Q16.16; the float conversion here is for display only.
import { OpKind } from './fixcol/index.js';

const U = 1 / 65536;

export class Camera {
  constructor() {
    this.cx = 512; // world units at the canvas centre
    this.cy = 512;
    this.scale = 1; // pixels per unit
    /** 3D: the world axes (0 x, 1 y, 2 z) drawn right and up: top [0, 2], front [0, 1], side [2, 1] */
    this.axes = [0, 2];
  }
  /** The screen-right and screen-up world axes for a world of dimension dim. */
  uv(dim) {
    return dim === 3 ? this.axes : [0, 1];
  }
  /** raw world (x, y) to canvas pixels; y (3D: z) points up. */
  toScreen(x, y, w, h) {
    return [(x * U - this.cx) * this.scale + w / 2, h / 2 - (y * U - this.cy) * this.scale];
  }
  /** canvas pixels to world units (display floats). */
  toWorld(px, py, w, h) {
    return [(px - w / 2) / this.scale + this.cx, (h / 2 - py) / this.scale + this.cy];
  }
  fit(minX, minY, maxX, maxY, w, h) {
    this.cx = (minX + maxX) / 2;
    this.cy = (minY + maxY) / 2;
    this.scale = Math.min(w / Math.max(1, maxX - minX), h / Math.max(1, maxY - minY)) * 0.9;
  }
}

/** Screen outline of a shape (words) as a path; returns its centre in world units. */
function path(ctx, dim, w, cam, W, H) {
  const S = (x, y) => cam.toScreen(x, y, W, H);
  ctx.beginPath();
  const t = w[0];
  if (dim === 3) { // orthographic along the axis the camera leaves out
    const [u, v] = cam.axes;
    if (t === 1) return circle(ctx, S, w[1 + u], w[1 + v], w[4], cam); // sphere: centre, r
    if (t === 2) return poly(ctx, S, [w[1 + u], w[1 + v], w[4 + u], w[1 + v], w[4 + u], w[4 + v], w[1 + u], w[4 + v]]);
    if (t === 4) return capsule(ctx, S, w[1 + u], w[1 + v], w[4 + u], w[4 + v], w[7], cam); // capsule3: a, b, r
    return poly(ctx, S, hull(obb3Corners(w, u, v)));
  }
  if (t === 1) return circle(ctx, S, w[1], w[2], w[3], cam);
  if (t === 2) return poly(ctx, S, [w[1], w[2], w[3], w[2], w[3], w[4], w[1], w[4]]);
  if (t === 3) {
    const a = (w[5] / 65536) * 2 * Math.PI, c = Math.cos(a), s = Math.sin(a);
    const pts = [];
    for (const [u, v] of [[1, 1], [-1, 1], [-1, -1], [1, -1]])
      pts.push(w[1] + u * w[3] * c - v * w[4] * s, w[2] + u * w[3] * s + v * w[4] * c);
    return poly(ctx, S, pts);
  }
  if (t === 4) return capsule(ctx, S, w[1], w[2], w[3], w[4], w[5], cam);
  const n = w[1], pts = [];
  for (let i = 0; i < n; i++) pts.push(w[2 + 2 * i], w[3 + 2 * i]);
  return poly(ctx, S, pts);
}

/** A capsule (2D, or a capsule3 projected on the view's axes: the projection of
 * the segment a-b with the same radius): the two end half-circles joined by
 * the side lines. Returns its centre. */
function capsule(ctx, S, ax0, ay0, bx0, by0, r0, cam) {
  const [ax, ay] = S(ax0, ay0), [bx, by] = S(bx0, by0);
  const r = Math.max(1, r0 * U * cam.scale);
  const ang = Math.atan2(by - ay, bx - ax);
  ctx.arc(ax, ay, r, ang + Math.PI / 2, ang + 1.5 * Math.PI);
  ctx.arc(bx, by, r, ang - Math.PI / 2, ang + Math.PI / 2);
  ctx.closePath();
  return [(ax0 + bx0) / 2, (ay0 + by0) / 2];
}

function circle(ctx, S, x, y, r, cam) {
  const [sx, sy] = S(x, y);
  ctx.arc(sx, sy, Math.max(1, r * U * cam.scale), 0, 2 * Math.PI);
  return [x, y];
}

function poly(ctx, S, pts) {
  let mx = 0, my = 0;
  for (let i = 0; i < pts.length; i += 2) {
    const [sx, sy] = S(pts[i], pts[i + 1]);
    if (i === 0) ctx.moveTo(sx, sy);
    else ctx.lineTo(sx, sy);
    mx += pts[i], my += pts[i + 1];
  }
  ctx.closePath();
  return [mx / (pts.length / 2), my / (pts.length / 2)];
}

/** The 8 corners of an OBB3 (words) projected on world axes (u, v) (display floats). */
function obb3Corners(w, u, v) {
  const out = [];
  for (const a of [-1, 1]) for (const b of [-1, 1]) for (const c of [-1, 1]) {
    let x = w[1 + u], y = w[1 + v];
    const f = [a * w[4], b * w[5], c * w[6]];
    for (let i = 0; i < 3; i++) {
      x += (f[i] * w[7 + 3 * i + u]) * U;
      y += (f[i] * w[7 + 3 * i + v]) * U;
    }
    out.push([x, y]);
  }
  return out;
}

/** Convex hull (monotone chain) as a flat [x0, y0, ...]. */
function hull(p) {
  p.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lo = [], up = [];
  for (const q of p) {
    while (lo.length >= 2 && cross(lo[lo.length - 2], lo[lo.length - 1], q) <= 0) lo.pop();
    lo.push(q);
  }
  for (const q of p.slice().reverse()) {
    while (up.length >= 2 && cross(up[up.length - 2], up[up.length - 1], q) <= 0) up.pop();
    up.push(q);
  }
  return lo.slice(0, -1).concat(up.slice(0, -1)).flat();
}

/**
 * Draw. view: { runner, camera, selected (index or -1), marked (Set of indices), queries (ReplayOps),
 *   ghost (runner B or null: its bodies drawn over A's as a cyan ghost) }.
 * Returns the pair list drawn.
 */
export function drawFrame(ctx, view) {
  const { runner, camera: cam } = view;
  const W = ctx.canvas.width, H = ctx.canvas.height, w = runner.world, dim = runner.dim;
  ctx.fillStyle = '#10141a';
  ctx.fillRect(0, 0, W, H);
  const pairs = w.findPairs();
  const inPair = new Set();
  for (let i = 0; i < pairs.count; i++) inPair.add(pairs.words[6 * i]).add(pairs.words[6 * i + 3]);
  const centre = new Map();
  for (const id of runner.liveIds()) {
    if (!w.bodyValid(id)) continue;
    const s = w.getShape(id);
    const c = path(ctx, dim, s.words, cam, W, H);
    centre.set(id.index, c);
    const marked = view.marked?.has(id.index), sel = id.index === view.selected;
    ctx.fillStyle = marked ? 'rgba(255, 0, 200, 0.55)' : inPair.has(id.index) ? 'rgba(255, 120, 60, 0.35)' : 'rgba(90, 160, 255, 0.22)';
    ctx.fill();
    ctx.lineWidth = sel || marked ? 2.5 : 1;
    ctx.strokeStyle = sel ? '#ffffff' : marked ? '#ff00c8' : inPair.has(id.index) ? '#ff7a3c' : '#5aa0ff';
    ctx.stroke();
  }
  if (view.ghost) drawGhost(ctx, view.ghost, cam, W, H);
  ctx.strokeStyle = 'rgba(255, 220, 80, 0.8)';
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let i = 0; i < pairs.count; i++) {
    const a = centre.get(pairs.words[6 * i]), b = centre.get(pairs.words[6 * i + 3]);
    if (!a || !b) continue;
    const [ax, ay] = cam.toScreen(a[0], a[1], W, H), [bx, by] = cam.toScreen(b[0], b[1], W, H);
    ctx.moveTo(ax, ay);
    ctx.lineTo(bx, by);
  }
  ctx.stroke();
  drawQueries(ctx, view.queries ?? [], dim, cam, W, H);
  return pairs;
}

function drawQueries(ctx, ops, dim, cam, W, H) {
  ctx.save();
  ctx.strokeStyle = '#7dff8a';
  ctx.lineWidth = 1.5;
  ctx.setLineDash([5, 4]);
  for (const op of ops) {
    const [u, v] = cam.uv(dim), A = [op.ax, op.ay, op.az], B = [op.bx, op.by, op.bz];
    if (op.kind === OpKind.QUERY_SHAPE) {
      path(ctx, dim, op.shape.words, cam, W, H);
      ctx.stroke();
    } else if (op.kind === OpKind.QUERY_POINT) {
      const [x, yy] = cam.toScreen(A[u], A[v], W, H);
      ctx.beginPath();
      ctx.moveTo(x - 5, yy - 5), ctx.lineTo(x + 5, yy + 5), ctx.moveTo(x + 5, yy - 5), ctx.lineTo(x - 5, yy + 5);
      ctx.stroke();
    } else if (op.kind === OpKind.QUERY_RAY || op.kind === OpKind.QUERY_RAY_ALL) {
      const [x0, y0] = cam.toScreen(A[u], A[v], W, H), [x1, y1] = cam.toScreen(A[u] + B[u], A[v] + B[v], W, H);
      ctx.beginPath();
      ctx.moveTo(x0, y0), ctx.lineTo(x1, y1);
      ctx.stroke();
    }
  }
  ctx.restore();
}

/** GHOST_FILL: B's bodies, filled translucent cyan with a dashed cyan outline, over A's. */
export const GHOST_FILL = 'rgba(0, 255, 255, 0.35)';

function drawGhost(ctx, rn, cam, W, H) {
  const w = rn.world;
  ctx.save();
  ctx.setLineDash([4, 3]);
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = '#00ffff';
  ctx.fillStyle = GHOST_FILL;
  for (const id of rn.liveIds()) {
    if (!w.bodyValid(id)) continue;
    path(ctx, rn.dim, w.getShape(id).words, cam, W, H);
    ctx.fill();
    ctx.stroke();
  }
  ctx.restore();
}

export { path as shapePath };
