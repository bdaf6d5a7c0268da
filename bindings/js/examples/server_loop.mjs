// SPDX-License-Identifier: MIT
// The README's server loop (tests/example_server_loop.c) in JavaScript: it
// prints exactly the lines the C example prints, checksums included.
import { World, Shape, fix } from 'fixcol';

const w = new World(); // 2D, 1024 x 1024 units from (0, 0)

const player = w.createBody(Shape.circle(fix.fromInt(12), fix.fromInt(10), fix.fromInt(1))); // radius 1
w.createBody(Shape.obb2(fix.fromInt(20), fix.fromInt(10), fix.fromInt(1), fix.fromInt(8),
  fix.angleFromDeg(fix.fromInt(30)))); // a wall rotated by 30 degrees

const skill = Shape.circle(fix.fromInt(14), fix.fromInt(10), fix.fromInt(3)); // the skill area, reused
const step = fix.fromDecimal('0.5');
for (let frame = 0; frame < 16; frame++) {
  try {
    w.translate2(player, step, 0); // inputs: the player walks right by 0.5 units a frame
  } catch (e) {
    break; // rejected moves change nothing (e.status names the reason)
  }
  const pairs = w.findPairs(); // exact, sorted by (a, b); a reused PairList
  const hit = w.overlap(skill); // is anyone inside the skill area?
  const sum = w.checksumHex(); // publish; clients compare
  console.log(`frame ${String(frame).padStart(2)}: ${pairs.count} pair(s), ${hit.count} in skill area, checksum ${sum}`);
}
w.destroy();
