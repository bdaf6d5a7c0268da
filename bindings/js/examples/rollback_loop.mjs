// SPDX-License-Identifier: MIT
// docs/rollback.md's rollback loop (tests/example_rollback.c) in JavaScript:
// a client saves every frame into the world's history ring and, when a late
// input arrives, rolls back and re-simulates, using the world's own pair
// events. Prints exactly what the C loop prints (checksums, events, ids).
import { World, Shape, BodyId } from 'fixcol';

const U = 65536, Q = 16384, N = 24; // 1 unit, 1/4 unit (raw Q16.16)
const late = new Set(); // frames whose late input is known
const brk = process.argv.includes('--break'); // test twin: the second late input is ignored

function input(f, i) {
  let dx = (((f * 7 + i * 13) % 9) - 4) * Q;
  const dy = (((f * 5 + i * 11) % 7) - 3) * Q;
  if (i % 4 === 0 && late.has(f)) dx += U; // the late input
  return [dx, dy];
}

const w = new World();
w.historyBegin(16, 1 << 16); // 16 frames, 64 KiB of records
const ids = [];
for (let i = 0; i < N; i++) {
  ids.push(w.createBody(Shape.circle((20 + ((i * 37) % 60)) * U, (20 + ((i * 53) % 60)) * U, U + (i % 3) * (U / 2))));
}
w.historySave(); // the state before frame 0

function frame(f) {
  for (let i = 0; i < N; i++) {
    const [dx, dy] = input(f, i);
    try { w.translate2(ids[i], dx, dy); } catch { /* rejected moves change nothing */ }
  }
  if (f === 10) {
    w.destroyBody(ids[3]);
    ids[3] = w.createBody(Shape.circle(50 * U, 50 * U, 2 * U));
    console.log(`frame ${String(f).padStart(2)}: created index ${ids[3].index} generation ${ids[3].generation}`);
  }
  const np = w.findPairs().count;
  const ev = w.pairEvents();
  w.historySave();
  console.log(`frame ${String(f).padStart(2)}: ${np} pairs, ${ev.began.count} began, ${ev.ended.count} ended, checksum ${w.checksumHex()}`);
}

for (let f = 0; f < 24; f++) {
  frame(f);
  const l = f === 12 ? 9 : f === 20 ? 18 : -1;
  if (l < 0) continue;
  if (!(brk && l === 18)) late.add(l);
  const k = f - (l - 1); // back to the save after frame l - 1
  w.historyRollback(k);
  ids[3] = new BodyId(3, l === 9 ? 1 : 2, 1); // the game's own state rolls back too
  console.log(`rollback ${k}: checksum ${w.checksumHex()}`);
  for (let g = l; g <= f; g++) frame(g);
}
w.destroy();
