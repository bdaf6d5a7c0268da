// SPDX-License-Identifier: MIT
// The call-heavy MOBA frame (docs/frame.md, "The call-heavy MOBA frame"; C: tools/bench/moba_heavy.c)
// through the JS package: percall() with the per-call World methods (each
// unit: fix.sin/cos, translate2, getShape; push-outs as getShape x2 +
// pushout + translate2) and batch() with one World.runFrame a frame. Both
// return the 32-bit digest of the frames (equal to C's).
//   node moba_heavy.mjs --package DIR --tool FIXCOL_MOBA [--frames F] [--reps R] [--variant all|percall|batch]
// all: interleaved runs (JS per-call, C per-call, JS batch, C batch) x R,
// medians, `bench NAME VALUE UNIT` lines; a digest that differs from C's
// is an error. percall / batch: one run, prints `digest D` (for callgrind).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const U = 65536, SPEED = 16384, CAP = 1024, WALLS = 24, UNITS = 200;
const DIRS = [[30 * U, 0], [0, 30 * U], [-30 * U, 0], [0, -30 * U], [21 * U, 21 * U], [-21 * U, 21 * U], [-21 * U, -21 * U], [21 * U, -21 * U]];
const fold = (d, v) => (Math.imul(d, 31) + (v >>> 0)) >>> 0;
const floor16 = (p) => Math.floor(p / 65536);

export function setup(fc) {
  const { World, Shape } = fc;
  const w = new World({ boundsLog2: 8, maxDepth: 4, pairCapacity: CAP });
  const m = { w, ids: [], x: new Int32Array(UNITS), y: new Int32Array(UNITS), angle: new Int32Array(UNITS) };
  for (let i = 0; i < WALLS; i++) {
    let x0, y0, x1, y1;
    if (i < 4) {
      x0 = i === 1 ? 252 * U : 0;
      y0 = i === 3 ? 252 * U : 0;
      if (i >= 2) [x0, x1, y1] = [0, 256 * U, y0 + 4 * U];
      else [y0, y1, x1] = [0, 256 * U, x0 + 4 * U];
    } else {
      x0 = (24 + ((i - 4) % 5) * 48) * U;
      y0 = (36 + Math.floor((i - 4) / 5) * 56) * U;
      x1 = x0 + 6 * U;
      y1 = y0 + 6 * U;
    }
    m.ids.push(w.createBody(Shape.aabb2(x0, y0, x1, y1), { category: 2, mask: 1 }));
  }
  for (let i = 0; i < UNITS; i++) {
    m.x[i] = (10 + (i % 20) * 12) * U + U / 2;
    m.y[i] = (10 + Math.floor(i / 20) * 24) * U;
    m.angle[i] = (i * 2731) % 65536;
    m.ids.push(w.createBody(Shape.circle(m.x[i], m.y[i], U), { category: 1, mask: 0xffffffff }));
  }
  return m;
}

function steer(m, i) {
  let a = (m.angle[i] + ((i * 37) % 11 - 5) * 97 + 65536) % 65536;
  const x = m.x[i], y = m.y[i];
  if (x < 12 * U || x > 244 * U || y < 12 * U || y > 244 * U) a = (a + 32768) % 65536;
  return a;
}

const UNITF = { category: 1, mask: 1 }, WALLQ = { category: 1, mask: 2 };

export function percall(fc, m, frames) {
  const { fix, Shape, Sector2, Ring2, PairList, PairEvents, IdList, pushout } = fc;
  const { w, ids, x, y, angle } = m;
  const shape = new Shape(2), ws = new Shape(2), us = new Shape(2), mover = Shape.circle(0, 0, U);
  const sec = new Sector2(0, 0, 10 * U, 0, 5461), ring = new Ring2(0, 0, 3 * U, 9 * U);
  const q = new IdList(), pl = new PairList(), ev = new PairEvents(), push = new Int32Array(2), sum = new Uint32Array(2);
  const aims = new Int32Array(90);
  let d = 0;
  for (let f = 0; f < frames; f++) {
    for (let k = 0; k < 10; k++) {
      aims[k] = x[k * 20]; aims[10 + k] = y[k * 20]; aims[20 + k] = x[k * 20 + 10]; aims[30 + k] = y[k * 20 + 10];
    }
    for (let k = 0; k < 20; k++) { aims[40 + k] = x[k * 10 + 5]; aims[60 + k] = y[k * 10 + 5]; }
    for (let k = 0; k < 5; k++) { aims[80 + k] = x[k * 40 + 3]; aims[85 + k] = y[k * 40 + 3]; }
    for (let i = 0; i < UNITS; i++) {
      const a = steer(m, i);
      angle[i] = a;
      const id = ids[WALLS + i];
      let st = 0;
      try {
        w.translate2(id, floor16(SPEED * fix.cos(a)), floor16(SPEED * fix.sin(a)));
      } catch (e) {
        st = e.code;
      }
      d = fold(d, st);
      w.getShape(id, shape);
      x[i] = shape.words[1];
      y[i] = shape.words[2];
    }
    for (let k = 0; k < 10; k++) {
      sec.x = aims[k]; sec.y = aims[10 + k]; sec.dir = angle[k * 20];
      d = fold(d, w.overlapSector2(sec, UNITF, q).count);
    }
    for (let k = 0; k < 10; k++) {
      ring.x = aims[20 + k]; ring.y = aims[30 + k];
      d = fold(d, w.overlapRing2(ring, UNITF, q).count);
    }
    for (let k = 0; k < 20; k++) {
      const h = w.raycast2(aims[40 + k], aims[60 + k], DIRS[k % 8][0], DIRS[k % 8][1], WALLQ);
      d = fold(d, h ? h.index * 65536 + h.t : -1);
    }
    for (let k = 0; k < 5; k++) {
      Shape.circle(aims[80 + k], aims[85 + k], U, mover);
      const h = w.cast2(mover, Math.trunc(DIRS[k][0] / 3), Math.trunc(DIRS[k][1] / 3), WALLQ);
      d = fold(d, h ? h.index * 65536 + h.t : -1);
    }
    w.findPairs(pl);
    const np = pl.count, pw = pl.words.slice(0, 6 * np);
    w.pairEvents(ev);
    d = fold(fold(fold(d, np), ev.began.count), ev.ended.count);
    let pushes = 0;
    for (let i = 0; i < np; i++) {
      const wa = pw[6 * i] < WALLS, wb = pw[6 * i + 3] < WALLS;
      if (wa === wb) continue;
      const wall = pl.a(i), unit = pl.b(i);
      const [wl, un] = wa ? [wall, unit] : [unit, wall];
      w.getShape(wl, ws);
      w.getShape(un, us);
      let dx = 0, dy = 0;
      try {
        pushout(ws, us, push);
        dx = push[0]; dy = push[1];
        if (dx !== 0 || dy !== 0) w.translate2(un, dx, dy);
      } catch {
        dx = dy = 0;
      }
      pushes++;
      d = fold(fold(d, dx), dy);
    }
    w.checksumWords(sum);
    d = fold(fold(fold(d, pushes), sum[0]), sum[1]);
  }
  return d;
}

export function batch(fc, m, frames, fb = new fc.FrameBuffer(8192, 65536)) {
  const { FrameOp: OP, FRAME_SHAPE_WORDS: SW } = fc;
  const { w, ids, x, y, angle } = m;
  const idw = new Int32Array(3 * ids.length);
  ids.forEach((id, i) => { idw[3 * i] = id.index; idw[3 * i + 1] = id.generation; idw[3 * i + 2] = id.world; });
  let d = 0;
  for (let f = 0; f < frames; f++) {
    const c = fb.cmd;
    let n = 0;
    for (let i = 0; i < UNITS; i++) {
      const a = steer(m, i);
      angle[i] = a;
      const u = 3 * (WALLS + i), I = idw[u], G = idw[u + 1], T = idw[u + 2];
      c[n] = OP.MOVE_POLAR2; c[n + 1] = I; c[n + 2] = G; c[n + 3] = T; c[n + 4] = a; c[n + 5] = SPEED;
      c[n + 6] = OP.GET_SHAPE2; c[n + 7] = I; c[n + 8] = G; c[n + 9] = T;
      n += 10;
    }
    for (let k = 0; k < 10; k++) {
      const u = k * 20;
      c[n] = OP.SECTOR2; c[n + 1] = x[u]; c[n + 2] = y[u]; c[n + 3] = 10 * U; c[n + 4] = angle[u];
      c[n + 5] = 5461; c[n + 6] = 1; c[n + 7] = 1; c[n + 8] = 0;
      n += 9;
    }
    for (let k = 0; k < 10; k++) {
      const u = k * 20 + 10;
      c[n] = OP.RING2; c[n + 1] = x[u]; c[n + 2] = y[u]; c[n + 3] = 3 * U; c[n + 4] = 9 * U; c[n + 5] = 1; c[n + 6] = 1; c[n + 7] = 0;
      n += 8;
    }
    for (let k = 0; k < 20; k++) {
      const u = k * 10 + 5, dir = DIRS[k % 8];
      c[n] = OP.RAY2; c[n + 1] = x[u]; c[n + 2] = y[u]; c[n + 3] = dir[0]; c[n + 4] = dir[1]; c[n + 5] = 1; c[n + 6] = 2;
      n += 7;
    }
    for (let k = 0; k < 5; k++) {
      const u = k * 40 + 3, dir = DIRS[k];
      c[n] = OP.CAST2; c[n + 1] = Math.trunc(dir[0] / 3); c[n + 2] = Math.trunc(dir[1] / 3); c[n + 3] = 1; c[n + 4] = 2;
      c[n + 5] = 1; c[n + 6] = x[u]; c[n + 7] = y[u]; c[n + 8] = U;
      n += 9;
    }
    c[n] = OP.PAIRS; c[n + 1] = CAP; c[n + 2] = OP.EVENTS; c[n + 3] = 0; c[n + 4] = 0;
    c[n + 5] = OP.PUSHOUT_PAIRS2; c[n + 6] = 2; c[n + 7] = CAP; c[n + 8] = OP.CHECKSUM;
    n += 9;
    w.runFrame(fb, n);
    const o = fb.out;
    let k = 0;
    for (let i = 0; i < UNITS; i++, k += 4 + SW) {
      d = fold(d, o[k]);
      if (o[k + 3] === 0) { x[i] = o[k + 5]; y[i] = o[k + 6]; }
    }
    for (let q = 0; q < 20; q++, k += 2) d = fold(d, o[k + 1]);
    for (let q = 0; q < 20; q++, k += 6) d = fold(d, o[k + 1] ? o[k + 2] * 65536 + o[k + 5] : -1);
    for (let q = 0; q < 5; q++, k += 8) d = fold(d, o[k + 1] ? o[k + 2] * 65536 + o[k + 5] : -1);
    const np = o[k + 1];
    k += 2 + 6 * CAP;
    d = fold(fold(fold(d, np), o[k + 1]), o[k + 2]);
    k += 3;
    const pushes = o[k + 1];
    for (let p = 0; p < pushes; p++) d = fold(fold(d, o[k + 2 + 6 * p + 3]), o[k + 2 + 6 * p + 4]);
    k += 2 + 6 * CAP;
    d = fold(fold(fold(d, pushes), o[k + 1]), o[k + 2]);
  }
  return d;
}

async function main() {
  const { parseArgs } = await import('../tests/args.mjs');
  const { opt } = parseArgs(process.argv.slice(2));
  const fc = await import(pathToFileURL(join(opt.package, 'lib', 'index.js')).href);
  const frames = Number(opt.frames ?? 200), reps = Number(opt.reps ?? 5), variant = opt.variant ?? 'all';
  if (variant !== 'all') {
    const m = setup(fc);
    console.log(`digest ${variant === 'percall' ? percall(fc, m, frames) : batch(fc, m, frames)}`);
    return;
  }
  const timed = (fn) => {
    const m = setup(fc);
    const t0 = process.hrtime.bigint();
    const dg = fn(fc, m, frames);
    const t = Number(process.hrtime.bigint() - t0) / 1e3 / frames;
    m.w.destroy();
    return [t, dg];
  };
  const cRun = (mode) => {
    const r = spawnSync(opt.tool, [mode, String(frames)], { encoding: 'utf8' });
    const mt = /digest (\d+)\s+us ([\d.]+)/.exec(r.stdout);
    if (r.status !== 0 || !mt) throw new Error(`fixcol-moba ${mode}: ${r.stdout}${r.stderr}`);
    return [Number(mt[2]), Number(mt[1])];
  };
  const T = { p: [], b: [], c: [], cb: [], rp: [], rb: [] };
  for (let r = 0; r < reps; r++) {
    const [tp, dp] = timed(percall);
    const [tc, dc] = cRun('percall');
    const [tb, db] = timed(batch);
    const [tcb, dcb] = cRun('batch');
    if (dp !== dc || db !== dc || dcb !== dc) throw new Error(`digests differ after ${frames} frames: JS per-call ${dp}, JS batch ${db}, C ${dc}, C batch ${dcb}`);
    T.p.push(tp); T.b.push(tb); T.c.push(tc); T.cb.push(tcb); T.rp.push(tp / tc); T.rb.push(tb / tc);
  }
  const med = (a) => { const s = [...a].sort((u, v) => u - v); const k = s.length; return k % 2 ? s[(k - 1) / 2] : (s[k / 2 - 1] + s[k / 2]) / 2; };
  const line = (name, a, unit) => console.log(`bench ${name} ${med(a).toFixed(2)} ${unit}`);
  line('js_moba_heavy_percall_us', T.p, 'us');
  line('js_moba_heavy_batch_us', T.b, 'us');
  line('c_moba_heavy_us', T.c, 'us');
  line('c_moba_heavy_batch_us', T.cb, 'us');
  line('js_moba_heavy_percall_ratio', T.rp, 'x');
  line('js_moba_heavy_batch_ratio', T.rb, 'x');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
