// SPDX-License-Identifier: MIT
// Debug-draw layers over a drawn frame, each toggleable: body ids (under
// the pointer, or all), a legend, axes, a scale bar, the world's contacts
// (point, normal, depth), the frame's pair begin/end events, sector and ring
// areas, shape casts (start, end, swept outline, hit shape and normal), rays
// with their hits. The values come from the engine through the JS package
// (exact integers); floats here only place pixels. drawLayers returns what
// it drew (counts and first positions) for tests and scripts.
import { OpKind, fix } from './fixcol/index.js';
import { shapePath } from './draw.js';

const U = 1 / 65536, TURN = 2 * Math.PI / 65536;
export const COLOURS = { body: '#5aa0ff', pair: '#ff7a3c', link: '#ffdc50', differs: '#ff00c8', ghost: '#00ffff',
  selected: '#ffffff', query: '#7dff8a', contact: '#ffff00', began: '#00ff66', ended: '#ff3344', area: '#c080ff',
  cast: '#ffa8ff', hit: '#ff2020' };
export const LAYERS = ['idsHover', 'idsAll', 'legend', 'axes', 'scale', 'contacts', 'events', 'areas', 'casts', 'rays'];

/**
 * The geometric results of one query operation on the world it ran on (call
 * before or after applying it: queries change nothing): rays' hits (t raw),
 * casts' hits (t raw, normal raw), areas' hit count.
 */
export function queryResult(op, rn) {
  const w = rn.world, f = { category: op.category, mask: op.mask }, d2 = rn.dim === 2;
  try {
    switch (op.kind) {
      case OpKind.QUERY_RAY: {
        const h = d2 ? w.raycast2(op.ax, op.ay, op.bx, op.by, f) : w.raycast3(op.ax, op.ay, op.az, op.bx, op.by, op.bz, f);
        return { op, hits: h ? [{ index: h.index, t: h.t }] : [] };
      }
      case OpKind.QUERY_RAY_ALL: {
        const l = d2 ? w.raycast2All(op.ax, op.ay, op.bx, op.by, f) : w.raycast3All(op.ax, op.ay, op.az, op.bx, op.by, op.bz, f);
        const hits = [];
        for (let i = 0; i < l.count; i++) hits.push({ index: l.words[4 * i], t: l.words[4 * i + 3] | 0 });
        return { op, hits };
      }
      case OpKind.QUERY_CAST:
      case OpKind.QUERY_CAST_ALL: {
        const hits = [];
        if (op.kind === OpKind.QUERY_CAST) {
          const h = d2 ? w.cast2(op.shape, op.bx, op.by, f) : w.cast3(op.shape, op.bx, op.by, op.bz, f);
          if (h) hits.push({ index: h.index, t: h.t, n: Array.from(h.normal).slice(0, rn.dim) });
        } else {
          const l = d2 ? w.cast2All(op.shape, op.bx, op.by, f) : w.cast3All(op.shape, op.bx, op.by, op.bz, f);
          for (let i = 0; i < l.count; i++) {
            const n = [];
            for (let k = 0; k < rn.dim; k++) n.push(l.normal(i, k));
            hits.push({ index: l.index(i), t: l.t(i), n });
          }
        }
        return { op, hits };
      }
      case OpKind.QUERY_SECTOR:
        return { op, count: w.overlapSector2(op.sector, f).count };
      case OpKind.QUERY_RING:
        return { op, count: w.overlapRing2(op.ring, f).count };
      default:
        return null;
    }
  } catch (e) {
    return { op, hits: [], error: e.message };
  }
}

/**
 * Shape words moved by d = [dx, dy] or [dx, dy, dz] raw (display floats): for
 * drawing a cast's shape along its sweep. 2D: circle, OBB (centre), AABB,
 * capsule (both ends), polygon (every vertex); 3D: sphere and OBB3 (centre),
 * AABB3 (both corners).
 */
function moved(dim, words, d) {
  const w = Array.from(words), t = w[0];
  let pts;
  if (dim === 2) {
    pts = t === 1 || t === 3 ? [1] : t === 2 || t === 4 ? [1, 3] : [];
    if (t === 5) for (let i = 0; i < w[1]; i++) pts.push(2 + 2 * i);
  } else {
    pts = t === 1 || t === 3 ? [1] : t === 2 ? [1, 4] : [];
  }
  for (const i of pts) for (let k = 0; k < dim; k++) w[i + k] += d[k];
  return w;
}

function arrow(ctx, x0, y0, x1, y1) {
  const a = Math.atan2(y1 - y0, x1 - x0);
  ctx.beginPath();
  ctx.moveTo(x0, y0), ctx.lineTo(x1, y1);
  ctx.lineTo(x1 - 7 * Math.cos(a - 0.4), y1 - 7 * Math.sin(a - 0.4));
  ctx.moveTo(x1, y1), ctx.lineTo(x1 - 7 * Math.cos(a + 0.4), y1 - 7 * Math.sin(a + 0.4));
  ctx.stroke();
}

function label(ctx, text, x, y, colour = '#ffffff') {
  ctx.font = '11px ui-monospace, monospace';
  const w = ctx.measureText(text).width;
  ctx.fillStyle = 'rgba(10, 14, 20, 0.75)';
  ctx.fillRect(x - 2, y - 11, w + 4, 14);
  ctx.fillStyle = colour;
  ctx.fillText(text, x, y);
}

/**
 * view: { runner, camera, on: Set of layer names, results: [queryResult], events: { began, ended } as
 * [[indexA, indexB]], hover: { px, py, id } or null }.
 */
export function drawLayers(ctx, view) {
  const { runner: rn, camera: cam, on } = view, W = ctx.canvas.width, H = ctx.canvas.height, w = rn.world;
  const d2 = rn.dim === 2, S = (x, y) => cam.toScreen(x, y, W, H);
  const drawn = { contacts: 0, began: 0, ended: 0, areas: 0, casts: 0, castHits: 0, rays: 0, rayHits: 0, ids: 0,
    firstContact: null, firstCastHit: null, firstRayHit: null, firstArea: null };
  const centres = new Map(), b = new Int32Array(6), [u, v] = cam.uv(rn.dim);
  for (const id of rn.liveIds()) {
    if (!w.bodyValid(id)) continue;
    w.getBounds(id, b);
    centres.set(id.index, { id, x: (b[u] + b[3 + u]) / 2, y: (b[v] + b[3 + v]) / 2 });
  }
  ctx.save();
  if (on.has('axes')) {
    const [ox, oy] = S(0, 0);
    ctx.strokeStyle = 'rgba(220, 220, 220, 0.6)';
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(0, oy), ctx.lineTo(W, oy), ctx.moveTo(ox, 0), ctx.lineTo(ox, H);
    ctx.stroke();
    label(ctx, 'xyz'[u], W - 14, oy - 4), label(ctx, 'xyz'[v], ox + 4, 12), label(ctx, '0', ox + 3, oy + 13);
  }
  if (on.has('areas')) {
    for (const r of view.results) {
      if (r.op.kind !== OpKind.QUERY_SECTOR && r.op.kind !== OpKind.QUERY_RING) continue;
      ctx.strokeStyle = COLOURS.area;
      ctx.fillStyle = 'rgba(192, 128, 255, 0.22)';
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      if (r.op.kind === OpKind.QUERY_SECTOR) {
        const s = r.op.sector, [cx, cy] = S(s.x, s.y), rad = s.r * U * cam.scale;
        // screen y points down: angles turn clockwise on screen
        const a0 = -(s.dir + s.half) * TURN, a1 = -(s.dir - s.half) * TURN;
        ctx.moveTo(cx, cy);
        ctx.arc(cx, cy, Math.max(1, rad), a0, a1);
        ctx.closePath();
        drawn.firstArea ??= [cx, cy + 0];
      } else {
        const g = r.op.ring, [cx, cy] = S(g.x, g.y);
        ctx.arc(cx, cy, Math.max(1, g.outer * U * cam.scale), 0, 2 * Math.PI);
        ctx.moveTo(cx + Math.max(0.5, g.inner * U * cam.scale), cy);
        ctx.arc(cx, cy, Math.max(0.5, g.inner * U * cam.scale), 0, 2 * Math.PI, true);
      }
      ctx.fill('evenodd');
      ctx.stroke();
      drawn.areas++;
    }
  }
  if (on.has('casts')) {
    // shapePath returns the outline's centre already projected on the view's (u, v)
    const dim = rn.dim, P = (c) => S(c[0], c[1]);
    for (const r of view.results) {
      if (r.op.kind !== OpKind.QUERY_CAST && r.op.kind !== OpKind.QUERY_CAST_ALL) continue;
      const op = r.op, sw = op.shape.words, delta = d2 ? [op.bx, op.by] : [op.bx, op.by, op.bz];
      const du = d2 ? op.bx : delta[u], dv = d2 ? op.by : delta[v];
      ctx.lineWidth = 1.2;
      ctx.strokeStyle = COLOURS.cast;
      ctx.setLineDash([3, 3]);
      shapePath(ctx, dim, sw, cam, W, H); // start
      ctx.stroke();
      shapePath(ctx, dim, moved(dim, sw, delta), cam, W, H); // end of the sweep
      ctx.stroke();
      const c0 = shapePath(ctx, dim, sw, cam, W, H), [x0, y0] = P(c0), [x1, y1] = S(c0[0] + du, c0[1] + dv);
      ctx.beginPath();
      ctx.moveTo(x0, y0), ctx.lineTo(x1, y1); // the sweep
      ctx.stroke();
      ctx.setLineDash([]);
      for (const h of r.hits) {
        const at = moved(dim, sw, delta.map((x) => x * h.t * U));
        ctx.strokeStyle = COLOURS.hit;
        ctx.lineWidth = 2;
        const c = shapePath(ctx, dim, at, cam, W, H);
        ctx.stroke();
        const [hx, hy] = P(c), nu = d2 ? h.n[0] : h.n[u], nv = d2 ? h.n[1] : h.n[v];
        arrow(ctx, hx, hy, hx + nu * U * 24, hy - nv * U * 24);
        drawn.firstCastHit ??= [hx, hy];
        drawn.castHits++;
      }
      drawn.casts++;
    }
  }
  if (on.has('rays')) {
    for (const r of view.results) {
      if (r.op.kind !== OpKind.QUERY_RAY && r.op.kind !== OpKind.QUERY_RAY_ALL) continue;
      const op = r.op, A = [op.ax, op.ay, op.az], B = [op.bx, op.by, op.bz];
      const [x0, y0] = S(A[u], A[v]), [x1, y1] = S(A[u] + B[u], A[v] + B[v]);
      ctx.strokeStyle = COLOURS.query;
      ctx.lineWidth = 1.5;
      arrow(ctx, x0, y0, x1, y1);
      for (const h of r.hits) {
        const [hx, hy] = S(A[u] + B[u] * h.t * U, A[v] + B[v] * h.t * U);
        ctx.fillStyle = COLOURS.hit;
        ctx.beginPath();
        ctx.arc(hx, hy, 4, 0, 2 * Math.PI);
        ctx.fill();
        drawn.firstRayHit ??= [hx, hy];
        drawn.rayHits++;
      }
      drawn.rays++;
    }
  }
  if (on.has('events') && view.events) {
    for (const [kind, list] of [['began', view.events.began], ['ended', view.events.ended]]) {
      ctx.strokeStyle = COLOURS[kind];
      ctx.lineWidth = 3;
      ctx.setLineDash(kind === 'ended' ? [6, 4] : []);
      for (const [a, c] of list) {
        const p = centres.get(a), q = centres.get(c);
        drawn[kind]++;
        if (!p || !q) continue; // a body destroyed in this frame: counted, not drawn
        const [ax, ay] = S(p.x, p.y), [bx, by] = S(q.x, q.y);
        ctx.beginPath();
        ctx.moveTo(ax, ay), ctx.lineTo(bx, by);
        ctx.stroke();
        label(ctx, kind === 'began' ? 'begin' : 'end', (ax + bx) / 2 + 3, (ay + by) / 2 - 3, COLOURS[kind]);
      }
    }
    ctx.setLineDash([]);
  }
  if (on.has('contacts')) {
    const pc = w.findContacts(), cl = pc.contacts;
    ctx.strokeStyle = COLOURS.contact;
    ctx.fillStyle = COLOURS.contact;
    ctx.lineWidth = 2;
    for (let i = 0; i < cl.count; i++) {
      const px = cl.point(i, u), py = cl.point(i, v), nx = cl.normal(i, u), ny = cl.normal(i, v);
      const [sx, sy] = S(px, py);
      ctx.beginPath();
      ctx.arc(sx, sy, 4, 0, 2 * Math.PI);
      ctx.fill();
      const len = Math.max(14, cl.depth(i) * U * cam.scale);
      arrow(ctx, sx, sy, sx + nx * U * len, sy - ny * U * len);
      if (cam.scale > 4) label(ctx, `depth ${fix.toDecimal(cl.depth(i))}`, sx + 6, sy + 14, COLOURS.contact);
      drawn.firstContact ??= [sx, sy];
      drawn.contacts++;
    }
  }
  const ids = on.has('idsAll') ? [...centres.values()] : on.has('idsHover') && view.hover?.id
    ? [...centres.values()].filter((c) => c.id.index === view.hover.id.index) : [];
  for (const c of ids) {
    const [x, y] = S(c.x, c.y);
    if (x < -20 || y < -20 || x > W + 20 || y > H + 20) continue;
    label(ctx, `${c.id.index}:${c.id.generation}`, x + 4, y - 4);
    drawn.ids++;
  }
  if (on.has('scale')) {
    // the largest 1, 2 or 5 x 10^k units that fits in 140 pixels (a display length)
    let unit = 1e-4;
    for (let e = -4; e <= 5; e++) for (const m of [1, 2, 5]) {
      const u = Number((m * 10 ** e).toPrecision(1));
      if (u * cam.scale <= 140) unit = u;
    }
    const len = unit * cam.scale;
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(12, H - 14), ctx.lineTo(12 + len, H - 14);
    ctx.moveTo(12, H - 19), ctx.lineTo(12, H - 9), ctx.moveTo(12 + len, H - 19), ctx.lineTo(12 + len, H - 9);
    ctx.stroke();
    label(ctx, `${unit} unit${unit === 1 ? '' : 's'}`, 16, H - 22);
    drawn.scale = unit;
  }
  if (on.has('legend')) {
    const items = [['body', COLOURS.body], ['in a pair', COLOURS.pair], ['pair link', COLOURS.link],
      ['differs A/B', COLOURS.differs], ['B (ghost)', COLOURS.ghost], ['query', COLOURS.query],
      ['contact, normal', COLOURS.contact], ['pair began', COLOURS.began], ['pair ended', COLOURS.ended],
      ['sector / ring', COLOURS.area], ['cast sweep', COLOURS.cast], ['hit', COLOURS.hit]];
    const x = W - 130, y = H - 12 - 14 * items.length;
    ctx.fillStyle = 'rgba(10, 14, 20, 0.8)';
    ctx.fillRect(x - 6, y - 14, 130, 14 * items.length + 10);
    items.forEach(([t, c], i) => {
      ctx.fillStyle = c;
      ctx.fillRect(x, y - 8 + 14 * i, 10, 10);
      ctx.fillStyle = '#dde3ea';
      ctx.font = '11px system-ui, sans-serif';
      ctx.fillText(t, x + 16, y + 1 + 14 * i);
    });
  }
  ctx.restore();
  return drawn;
}
