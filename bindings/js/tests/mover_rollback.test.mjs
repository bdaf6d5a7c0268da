// SPDX-License-Identifier: MIT
// usage: node mover_rollback.test.mjs --package DIR [--break]
// The mover under rollback through the JS binding (the binding's side of
// tests/test_mover_rollback.c): a 2D world of walls, mixed bodies and a
// moving platform with a circle, a capsule and a box mover (one top-down,
// two platformers with gravity, step-up and snap), a 3D world with two
// sphere movers; FRAMES frames of move2 / move3 with inputs that are a
// function of (frame, mover), every output kept (moved, flags, iterations,
// counts, every touch: id, t, normal, iteration, kind) with the checksum
// after the frame; frame 15 destroys a body and creates one. Then on the
// same world: historyRollback to before frame BACK and the same frames
// again (identical records), restore() of the snapshot taken before BACK
// and again (identical), and a late input for frame LATE: rollback,
// re-simulate knowing it - frame LATE differs from the first run, every
// frame from LATE on equals a fresh world's run.
// --break (should-fail twin): the re-simulations change one frame's inputs
// by 1 raw without saying so; the checks must fail.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from './args.mjs';

const { opt } = parseArgs(process.argv.slice(2), ['break']);
const fc = await import(pathToFileURL(join(opt.package, 'lib', 'index.js')).href);
const { World, Shape, MoverResult } = fc;
const U = 65536;
const FRAMES = 30, BACK = 10, LATE = 20, RECREATE = 15;
let checks = 0, failures = 0;
const check = (ok, what) => {
  checks++;
  if (!ok && failures++ < 20) process.stderr.write(`FAIL: ${what}\n`);
};

// the input of mover i in frame f along axis (integers, exact in doubles)
function input(s, f, i, axis) {
  let h = ((f * 7919 + i * 104729 + axis * 1299709 + s.dim * 15485863) * 48271) % 2147483647;
  h = (h * 48271) % 2147483647;
  let d = (h % (3 * U)) - Math.floor(3 * U / 2);
  if (i % 2 === 1 && axis === 1 && s.dim === 2) d = Math.floor(d / 4) - U / 2; // gravity
  if (s.late && f === LATE && i === 1 && axis === 0) d += 2 * U;
  if (opt.break && s.resim && f === BACK + 2) d += 1;
  return d;
}

const defOf = (i) => (i % 2 === 1 ? { stepHeight: Math.floor(U / 3), snapDistance: U / 4, maxIterations: 6 } : {});

function lcg(seed) {
  let x = seed;
  return (lo, hi) => {
    x = (x * 16807) % 2147483647;
    return lo + (x % (hi - lo + 1));
  };
}

function build(dim) {
  const s = { dim, movers: [], touches: 0 };
  const w = new World({ dim, boundsMin: [-32 * U, -32 * U], boundsLog2: 6, maxDepth: 4 });
  s.w = w;
  if (dim === 2) {
    w.createBody(Shape.aabb2(-13 * U, -13 * U, 13 * U, -12 * U));
    w.createBody(Shape.aabb2(-13 * U, 12 * U, 13 * U, 13 * U));
    w.createBody(Shape.aabb2(-13 * U, -12 * U, -12 * U, 12 * U));
    w.createBody(Shape.aabb2(12 * U, -12 * U, 13 * U, 12 * U));
    const r = lcg(2029);
    for (let i = 0; i < 30; i++) {
      const x = r(-10 * U, 10 * U), y = r(-11 * U, 10 * U), h = r(U / 4, U), t3 = Math.floor(h / 3), t2 = Math.floor(h / 2);
      const shape = [Shape.circle(x, y, h), Shape.aabb2(x - h, y - t3, x + h, y + t3),
        Shape.capsule2(x - h, y, x + h, y + t2, t3), Shape.poly2([x - h, y - h, x + h, y - t2, x, y + h])][i % 4];
      const id = w.createBody(shape);
      if (i === 17) s.doomed = id;
    }
    s.platform = w.createBody(Shape.aabb2(-3 * U, -8 * U, U, -7 * U - U / 2));
    for (let i = 0; i < 3; i++) {
      const x = -9 * U + i * 7 * U, y = i % 2 === 1 ? 6 * U : 2 * U, a = Math.floor(2 * U / 5);
      const m = [Shape.circle(x, y, U / 2), Shape.capsule2(x, y - a, x, y + a, Math.floor(U / 3)),
        Shape.aabb2(x - a, y - U / 2, x + a, y + U / 2)][i];
      s.movers.push(w.createBody(m));
    }
  } else {
    w.createBody(Shape.aabb3(-13 * U, -2 * U, -13 * U, 13 * U, -U, 13 * U));
    w.createBody(Shape.aabb3(-13 * U, -U, -13 * U, -12 * U, 4 * U, 13 * U));
    w.createBody(Shape.aabb3(12 * U, -U, -13 * U, 13 * U, 4 * U, 13 * U));
    const r = lcg(3037);
    for (let i = 0; i < 24; i++) {
      const x = r(-10 * U, 10 * U), y = r(-U, 2 * U), z = r(-10 * U, 10 * U), h = r(U / 4, U), t3 = Math.floor(h / 3);
      const id = w.createBody(i % 2 === 0 ? Shape.sphere(x, y, z, h) : Shape.aabb3(x - h, y - t3, z - h, x + h, y + t3, z + h));
      if (i === 17) s.doomed = id;
    }
    s.platform = w.createBody(Shape.aabb3(-3 * U, -U / 2, -2 * U, U, 0, 2 * U));
    for (let i = 0; i < 2; i++) s.movers.push(w.createBody(Shape.sphere(-6 * U + i * 8 * U, 3 * U, (i - 1) * 4 * U, U / 2)));
  }
  w.historyBegin(64, 1 << 22);
  w.historySave();
  return s;
}

// one frame: the platform, the re-creation, every mover in order, the
// checksum; the history save. Returns the frame's record (a string).
function frame(s, f) {
  const w = s.w, rec = [];
  const px = f % 8 < 4 ? U / 4 : -U / 4;
  if (s.dim === 2) w.translate2(s.platform, px, 0); else w.translate3(s.platform, px, 0, 0);
  if (f === RECREATE) {
    w.destroyBody(s.doomed);
    rec.push(String(w.createBody(s.dim === 2 ? Shape.aabb2(-U, -3 * U, U, -2 * U) : Shape.aabb3(-U, 0, -U, U, U / 2, U))));
  }
  for (let i = 0; i < s.movers.length; i++) {
    const def = defOf(s.dim === 2 ? i : i + 1);
    const r = s.dim === 2
      ? w.move2(s.movers[i], input(s, f, i, 0), input(s, f, i, 1), def, new MoverResult(2))
      : w.move3(s.movers[i], input(s, f, i, 0), i === 0 ? input(s, f, i, 1) : 0, input(s, f, i, 2), def, new MoverResult(3));
    s.touches += r.touchCount;
    rec.push(...r.moved, r.flags, r.iterations, r.touchCount, r.pathCount, r.pushouts, ...r.touchWords.subarray(0, 9 * r.touchCount));
  }
  rec.push(w.checksumHex());
  w.historySave();
  return rec.join(' ');
}

function run(dim) {
  const s = build(dim);
  const base = [], before = [];
  let snap = null;
  for (let f = 0; f < FRAMES; f++) {
    if (f === BACK) snap = s.w.snapshot();
    before[f] = s.w.checksumHex();
    base[f] = frame(s, f);
  }
  check(s.touches >= (dim === 2 ? 25 : 8), `${dim}D: the movers touched only ${s.touches} bodies`);
  const resim = (what) => {
    s.resim = true;
    for (let f = BACK; f < FRAMES; f++) check(frame(s, f) === base[f], `${dim}D ${what}: frame ${f} differs`);
    s.resim = false;
  };
  s.w.historyRollback(FRAMES - BACK); // 1. the history ring
  check(s.w.checksumHex() === before[BACK], `${dim}D: checksum after the rollback`);
  resim('history rollback');
  s.w.restore(snap); // 2. the snapshot
  s.w.historySave();
  check(s.w.checksumHex() === before[BACK], `${dim}D: checksum after the restore`);
  resim('snapshot restore');
  s.w.historyRollback(FRAMES - LATE); // 3. the late input, against a fresh run that knew it
  s.late = true;
  const again = [];
  for (let f = LATE; f < FRAMES; f++) again[f] = frame(s, f);
  const t = build(dim);
  t.late = true;
  for (let f = 0; f < FRAMES; f++) {
    const r = frame(t, f);
    if (f < LATE) check(r === base[f], `${dim}D: fresh frame ${f} before the late input differs`);
    else check(r === again[f], `${dim}D late input: frame ${f} differs from the fresh run`);
  }
  check(again[LATE] !== base[LATE], `${dim}D: the late input changed nothing`);
  s.w.destroy();
  t.w.destroy();
  console.log(`${dim}D: ${FRAMES} frames, ${s.movers.length} movers, ${s.touches} touches in all runs`);
}

run(2);
run(3);
console.log(`mover_rollback.test.mjs: ${checks} checks, ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
