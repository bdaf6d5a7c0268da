// SPDX-License-Identifier: MIT
// usage: node history.test.mjs --package DIR [--break]
// The frame-history ring through the JS API: random frames (moves, creates,
// destroys, filter / user-data / shape changes, findPairs and pairEvents)
// saved every frame; at random frames a rollback by a random k must give
// exactly the snapshot bytes and checksum kept at that save, and the
// re-simulated frames the events of the original run; rollback past the
// ring, a negative k and calls without a history throw FixcolError and
// change nothing; non-integer arguments throw; a destroyed world throws; a
// tiny ring overflows ('capacity') and restarts.
// --break: the rolled-back world is compared with the save one frame older.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from './args.mjs';

const { opt } = parseArgs(process.argv.slice(2), ['break']);
const fc = await import(pathToFileURL(join(opt.package, 'lib', 'index.js')).href);
const { World, Shape, FixcolError } = fc;
const U = 65536;
const throwsStatus = (fn, status, what) =>
  assert.throws(fn, (e) => e instanceof FixcolError && e.status === status, `${what}: expected ${status}`);

function rng(seed) {
  let x = seed;
  return (n) => {
    x = (x * 16807) % 2147483647;
    return x % n;
  };
}

const sameBytes = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);

function live(w) {
  const l = w.overlap(Shape.aabb2(-1000 * U, -1000 * U, 1000 * U, 1000 * U), { category: 0xffffffff, mask: 0xffffffff });
  return Array.from(l);
}

// frame f's operations: a function of (f, the world's contents); returns its events
function play(w, f) {
  const r = rng(1000 + f);
  const ids = live(w);
  const ops = 3 + r(20);
  for (let o = 0; o < ops; o++) {
    const op = r(10);
    if (ids.length === 0 || op === 0) {
      ids.push(w.createBody(Shape.circle((10 + r(100)) * U, (10 + r(100)) * U, U + r(3 * U)), undefined, BigInt(r(5))));
      continue;
    }
    const id = ids[r(ids.length)];
    try {
      if (op === 1) w.destroyBody(id);
      else if (op === 2) w.setFilter(id, { category: 1 + r(3), mask: 0xffffffff });
      else if (op === 3) w.setUserData(id, BigInt(r(1000)));
      else if (op === 4) w.setShape(id, Shape.aabb2(r(50) * U, r(50) * U, (51 + r(50)) * U, (51 + r(50)) * U));
      else w.translate2(id, r(4 * U) - 2 * U, r(4 * U) - 2 * U);
    } catch (e) {
      if (!(e instanceof FixcolError)) throw e; // stale ids: data errors
    }
  }
  const np = w.findPairs().count;
  const ev = w.pairEvents();
  const keys = (l) => Array.from(l, ([a, b]) => `${a.key}-${b.key}`).join(',');
  return `${np}:${keys(ev.began)}|${keys(ev.ended)}`;
}

const F = 120;
const snap = [], sum = [], evs = [];
{
  const w = new World();
  snap[0] = w.snapshot();
  sum[0] = w.checksum();
  for (let f = 1; f <= F; f++) {
    evs[f] = play(w, f);
    snap[f] = w.snapshot();
    sum[f] = w.checksum();
  }
  w.destroy();
}

let failures = 0, rollbacks = 0;
const check = (ok, what) => {
  if (!ok) {
    failures++;
    console.error(`FAIL: ${what}`);
  }
};
const w = new World();
w.historyBegin(8, 1 << 20);
const r = rng(4242);
let f = 0;
while (f < F) {
  f++;
  check(play(w, f) === evs[f], `frame ${f} events = the reference's`);
  check(sameBytes(w.snapshot(), snap[f]) && w.checksum() === sum[f], `frame ${f} state = the reference's`);
  w.historySave();
  if (r(4) !== 0) continue;
  const depth = w.historyStats().depth;
  const before = w.checksum();
  throwsStatus(() => w.historyRollback(depth + 1), 'FC_ERR_RANGE', 'rollback past the ring');
  throwsStatus(() => w.historyRollback(-1), 'FC_ERR_RANGE', 'rollback by -1');
  check(w.checksum() === before, 'a refused rollback changes nothing');
  if (r(2) === 0) play(w, 999); // changes after the save: undone too
  const k = r(depth + 1);
  w.historyRollback(k);
  f -= k;
  const want = opt.break ? Math.max(f - 1, 0) : f;
  check(sameBytes(w.snapshot(), snap[want]) && w.checksum() === sum[want], `rollback by ${k} = the save after frame ${f}`);
  check(w.historyStats().depth === depth - k, 'depth after a rollback');
  rollbacks++;
}
check(rollbacks > 10, 'rollbacks done');

// errors
const s0 = w.checksum();
assert.throws(() => w.historyRollback(1n), 'historyRollback(1n)'); // a TypeError, as every raw argument
for (const bad of [0.5, 'x', {}, 2 ** 31, NaN, undefined]) {
  assert.throws(() => w.historyRollback(bad), /historyRollback/, `historyRollback(${String(bad)})`);
  assert.throws(() => w.historyBegin(bad, 4096), /historyBegin/, `historyBegin(${String(bad)})`);
}
throwsStatus(() => w.historyBegin(0, 4096), 'FC_ERR_ARGUMENT', 'historyBegin(0, 4096)');
throwsStatus(() => w.historyBegin(4, 100), 'FC_ERR_ARGUMENT', 'historyBegin(4, 100)');
check(w.historyStats().frames === 8, 'a refused historyBegin keeps the history');
w.historyEnd();
throwsStatus(() => w.historySave(), 'FC_ERR_ARGUMENT', 'save without a history');
throwsStatus(() => w.historyRollback(0), 'FC_ERR_ARGUMENT', 'rollback without a history');
throwsStatus(() => w.historyStats(), 'FC_ERR_ARGUMENT', 'stats without a history');
check(w.checksum() === s0, 'errors change nothing');

// a tiny ring: 400 moved circles (4800 bytes) overflow 4096 bytes
w.historyBegin(4, 4096);
const ids = [];
for (let i = 0; i < 400; i++) ids.push(w.createBody(Shape.circle((i + 1) * U, 5 * U, U)));
w.historySave();
for (const id of ids) w.translate2(id, U, 0);
const moved = w.checksum();
check(w.historyStats().overflowed === true, 'overflowed');
throwsStatus(() => w.historyRollback(0), 'FC_ERR_CAPACITY', 'rollback of an overflowed frame');
throwsStatus(() => w.historySave(), 'FC_ERR_CAPACITY', 'save of an overflowed frame');
check(w.checksum() === moved, 'overflow errors change nothing');
w.translate2(ids[0], U, 0);
w.historyRollback(0);
check(w.checksum() === moved, 'the history restarted at the failed save');
w.destroy();
assert.throws(() => w.historySave(), 'a destroyed world throws');

console.log(`history.test.mjs: ${rollbacks} rollbacks, ${failures} failures`);
process.exit(failures === 0 ? 0 : 1);
