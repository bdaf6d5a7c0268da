// SPDX-License-Identifier: MIT
// docs/mover.md's platformer and MOBA crowd (tests/example_mover.c) in
// JavaScript: the same lines. Values are raw Q16.16 integers.
import { World, Shape, MoverResult, MOVER } from 'fixcol';

const U = 65536;
const div = (a, b) => Math.trunc(a / b); // C's integer division
const box = (w, x0, y0, x1, y1) => w.createBody(Shape.aabb2(x0, y0, x1, y1));

let w = new World();
box(w, 0, 9 * U, 40 * U, 10 * U);                  // the floor, top at y = 10
box(w, 13 * U, 10 * U, 16 * U, 10 * U + U / 4);    // a step 0.25 high
box(w, 19 * U, 10 * U, 20 * U, 14 * U);            // a wall
const hero = box(w, 10 * U, 10 * U + 64, 10 * U + U / 2, 11 * U + 64);
const def = { stepHeight: div(U * 3, 10), snapDistance: U / 8 }; // other fields: the C defaults
const r = new MoverResult(2);                      // reused: no garbage
let vy = 0;
for (let frame = 0; frame < 60; frame++) {
  if (frame === 40) vy = div(U, 3);                // jump
  vy -= U / 64;                                    // gravity
  w.move2(hero, U / 5 | 0, vy, def, r);
  if ((r.flags & MOVER.GROUNDED) || ((r.flags & MOVER.CEILING) && vy > 0)) vy = 0;
  const s = w.getShape(hero);
  console.log(`platformer ${String(frame).padStart(2)}: x ${s.words[1]} y ${s.words[2]} flags ${r.flags}`);
}
w.destroy();

w = new World();
box(w, 30 * U, 30 * U, 31 * U, 34 * U);             // two pillars in the middle
box(w, 33 * U, 30 * U, 34 * U, 34 * U);
const heroes = [], tx = [], ty = [];
for (let i = 0; i < 12; i++) {                      // a ring; each walks to the far side
  const x = 32 * U + (i % 4 - 2) * 5 * U, y = 32 * U + (div(i, 4) - 1) * 9 * U;
  heroes.push(w.createBody(Shape.circle(x, y, U / 2)));
  tx.push(64 * U - x);
  ty.push(64 * U - y);
}
const clamp = (v) => Math.max(-U / 4, Math.min(U / 4, v)); // speed 0.25 per axis
for (let frame = 0; frame < 40; frame++) {
  for (let i = 0; i < 12; i++) {                    // canonical order: by id
    const s = w.getShape(heroes[i]);
    w.move2(heroes[i], clamp(tx[i] - s.words[1]), clamp(ty[i] - s.words[2]), undefined, r);
  }
  console.log(`moba ${String(frame).padStart(2)}: checksum ${w.checksumHex()}`);
}
w.destroy();
