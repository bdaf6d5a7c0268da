// SPDX-License-Identifier: MIT
// usage: node desync.test.mjs --package DIR [--c-tool fixcol-replay --work DIR] [--break]
// Finding a desync from JavaScript (docs/desync.md), the checks of the Lua
// binding's tests/desync.lua: two worlds of 2,000 bodies that differ in one
// slot (a 1-raw move, a filter bit, a shape type, a missing body, an extra
// body, a live body's and a freed slot's generation; first and last slot)
// are resolved to that slot through world.desyncAnswer and Desync within
// ceil(log2(slots)) + 2 rounds, both ways; three differences are all found;
// equal worlds take one round; range and body hashes, the dump (and, with
// --c-tool, the C tool's snapdump of the same world's snapshot: the same
// bytes), argument and data errors, a destroyed world.
// A lying responder (99,982 slots, every range differs) is stopped with
// 'limit' after DESYNC_DEFAULT_MAX_FOUND (64) slots within 2 + 64 *
// ceil(log2 S) rounds; setBudget raises the budget and rejects bad
// arguments.
// --break (should-fail twin): the responder answers every range question
// with the asker's own hash ("equal"), so nothing is found.
// --break-budget (should-fail twin): the lying run without a budget.
import { writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from './args.mjs';

const { opt } = parseArgs(process.argv.slice(2), ['break', 'break-budget']);
const BREAK = !!opt.break, BREAK_BUDGET = !!opt['break-budget'];
const fc = await import(pathToFileURL(join(opt.package, 'lib', 'index.js')).href);
const { World, Shape, Desync, DESYNC_ASK_SLOTS, DESYNC_DEFAULT_MAX_FOUND, FixcolError, fix } = fc;

let checks = 0, failures = 0;
function check(cond, msg) {
  checks++;
  if (!cond) {
    failures++;
    console.error(`FAIL: ${msg}`);
  }
}
/** fn() throws a FixcolError with this status. */
function throwsStatus(fn, status, msg) {
  try {
    fn();
  } catch (e) {
    check(e instanceof FixcolError && e.status === status, `${msg}: threw ${e.status ?? e.message}, want ${status}`);
    return;
  }
  check(false, `${msg}: did not throw ${status}`);
}

const N = 2000, U = fix.ONE, ALL = { category: 1, mask: 0xffffffff };
function build(holes) {
  const w = new World();
  const ids = [];
  for (let k = 0; k < N; k++) {
    const shape = k % 3 === 0 ? Shape.aabb2((k % 50) * U, (k % 37) * U, (k % 50) * U + U, (k % 37) * U + 2 * U)
      : Shape.circle((k % 61) * U, (k % 43) * U, U);
    ids[k] = w.createBody(shape, ALL, BigInt(k));
  }
  if (holes) for (let k = 5; k <= N - 2; k += 9) w.destroyBody(ids[k]);
  return { w, ids };
}

function clone(w) {
  const c = new World();
  c.restore(w.snapshot());
  return c;
}

// The protocol, asker against responder, entirely through the binding.
function run(asker, responder) {
  const d = new Desync();
  const found = [];
  let s;
  for (s = d.next(); s.step === 'ask' || s.step === 'found'; s = d.next()) {
    if (s.step === 'found') {
      found.push(s.slot);
      continue;
    }
    const mine = asker.desyncAnswer(s.question);
    let theirs = responder.desyncAnswer(s.question);
    if (BREAK && s.question !== DESYNC_ASK_SLOTS) theirs = mine;
    d.feed(mine, theirs);
  }
  check(s.step === 'done', `the search ended with ${s.step}`);
  check(d.found === found.length, 'found counter');
  return { found, rounds: d.rounds };
}

const ceilLog2 = (n) => {
  let k = 0;
  while (2 ** k < n) k++;
  return k;
};

function expectOne(what, a, b, slot) {
  const slots = Math.max(a.slotCount, b.slotCount);
  for (let dir = 1; dir <= 2; dir++) {
    const { found, rounds } = dir === 1 ? run(a, b) : run(b, a);
    check(found.length === 1 && found[0] === slot, `${what}: found ${found.length} slots, first ${found[0]}, want ${slot}`);
    check(rounds <= ceilLog2(slots) + 2, `${what}: ${rounds} rounds`);
    if (dir === 1) console.log(`  ${what.padEnd(32)} slot ${String(slot).padStart(4)}: ${rounds} rounds (bound ${ceilLog2(slots) + 2})`);
  }
}

const { w: base, ids } = build(true);
console.log(`single differences (${base.bodyCount} bodies, ${base.slotCount} slots):`);
for (const k of [0, N - 1]) {
  let b = clone(base);
  b.translate2(ids[k], 1, 0);
  expectOne('1-raw move', base, b, k);
  b.destroy();
  b = clone(base);
  b.setFilter(ids[k], { category: 1, mask: 0xfffffffe });
  expectOne('one filter bit', base, b, k);
  b.destroy();
  b = clone(base);
  b.setShape(ids[k], k % 3 === 0 ? Shape.circle(0, 0, U) : Shape.aabb2(0, 0, U, U));
  expectOne('shape type', base, b, k);
  b.destroy();
  b = clone(base);
  b.destroyBody(ids[k]);
  expectOne('missing body', base, b, k);
  b.destroy();
  b = clone(base);
  const shape = b.getShape(ids[k]);
  b.destroyBody(ids[k]);
  const again = b.createBody(shape, ALL, BigInt(k));
  check(again.index === k && again.generation === 2, 'recreated in the same slot');
  expectOne('live body, other generation', base, b, k);
  b.destroy();
}
{ // a freed slot's generation: the top of the free list, bumped on one side
  const top = 5 + 9 * Math.floor((N - 2 - 5) / 9);
  const b = clone(base);
  const id = b.createBody(Shape.circle(0, 0, U));
  check(id.index === top, `the top free slot is ${top}`);
  b.destroyBody(id);
  expectOne('freed slot, other generation', base, b, top);
  b.destroy();
}
const { w: full } = build(false);
{ // an extra body in a new slot
  const b = clone(full);
  b.createBody(Shape.circle(0, 0, U));
  expectOne('extra body (a new slot)', full, b, N);
  b.destroy();
}
full.destroy();
{ // three differences; equal worlds
  const b = clone(base);
  for (const k of [1, 700, 1999]) b.translate2(ids[k], 0, -1);
  let { found, rounds } = run(base, b);
  check(found.join() === '1,700,1999', `three differences all found: ${found.join()}`);
  console.log(`three differing slots: ${found.length} found in ${rounds} rounds`);
  const c = clone(base);
  ({ found, rounds } = run(base, c));
  check(found.length === 0 && rounds === 1, 'equal worlds: one round');
  console.log(`equal worlds: ${rounds} round`);
  check(base.dump() === c.dump(), 'a restored copy dumps the same text');
  check(base.rangeChecksum(0, 2 ** 24) === c.rangeChecksum(0, 2 ** 24), 'equal range checksums');
  check(base.rangeChecksum(0, 2 ** 24) !== b.rangeChecksum(0, 2 ** 24), 'different worlds, different range checksums');
  check(base.bodyHash(ids[0]) === c.bodyHash(ids[0]), 'equal body hashes');
  check(base.bodyHash(ids[0]) !== b.bodyHash(ids[1]), 'different bodies, different hashes');
  check(typeof base.bodyHash(ids[0]) === 'bigint', 'a body hash is a BigInt');
  // a search is a plain value: a clone goes on by itself
  const d = new Desync();
  const s = d.next();
  d.feed(base.desyncAnswer(s.question), b.desyncAnswer(s.question));
  const e = d.clone();
  check(e.rounds === 1 && e.next().step === 'ask', 'a cloned search');
  check(d.reset().rounds === 0, 'reset: a new search');
  b.destroy();
  c.destroy();
}

{ // a lying responder is stopped by the budget
  const empty = new World();
  let k = 0n;
  const lie = (d, n) => {
    let s;
    for (s = d.next(); s.step === 'ask' || s.step === 'found'; s = d.next()) {
      if (s.step === 'found') {
        check(s.slot + 1 === d.found, 'lying peer: slots reported in order');
        continue;
      }
      k++;
      const theirs = s.question === DESYNC_ASK_SLOTS ? 99982n : BigInt.asUintN(64, k * 0x9e3779b97f4a7c15n) | 1n;
      d.feed(empty.desyncAnswer(s.question), theirs);
      if (d.rounds > n) break;
    }
    return s.step;
  };
  const d = new Desync();
  check(d.maxFound === DESYNC_DEFAULT_MAX_FOUND && DESYNC_DEFAULT_MAX_FOUND === 64 && d.maxRounds === 0, 'default budget');
  if (BREAK_BUDGET) d.setBudget(2 ** 24, 2 ** 32 - 1);
  let step = lie(d, 5000);
  const bound = 2 + 64 * ceilLog2(99982);
  check(step === 'limit' && d.found === 64 && d.rounds <= bound,
    `lying peer: ${step} after ${d.rounds} rounds, ${d.found} found (budget ${bound})`);
  console.log(`lying peer: ${step} after ${d.rounds} rounds, ${d.found} slots`);
  check(d.next().step === 'limit', 'limit is sticky');
  throwsStatus(() => d.setBudget(0), 'FC_ERR_ARGUMENT', 'maxFound 0');
  check(d.maxFound === 64, 'unchanged after an error');
  throwsStatus(() => d.setBudget(2 ** 24 + 1), 'FC_ERR_ARGUMENT', 'maxFound past 2^24');
  throwsStatus(() => d.setBudget(1.5), 'FC_ERR_ARGUMENT', 'fractional maxFound');
  throwsStatus(() => d.setBudget(10, -1), 'FC_ERR_ARGUMENT', 'negative maxRounds');
  d.setBudget(100);
  step = lie(d, 5000);
  check(step === 'limit' && d.found === 100, `the raised cap resumes the search: ${d.found} found`);
  empty.destroy();
}

// hashes, dump and errors
check(base.rangeChecksum(3, 3) === 0n, 'an empty range is 0');
check(base.rangeChecksum(N, 2 ** 24) === 0n, 'unused slots are 0');
{ // the sums compose: H[lo, hi) = H[lo, mid) + H[mid, hi) mod 2^64
  const sum = BigInt.asUintN(64, base.rangeChecksum(0, 777) + base.rangeChecksum(777, N));
  check(sum === base.rangeChecksum(0, 2 ** 24), 'range checksums add up');
}
throwsStatus(() => base.rangeChecksum(4, 3), 'FC_ERR_ARGUMENT', 'lo > hi');
throwsStatus(() => base.rangeChecksum(0, 2 ** 24 + 1), 'FC_ERR_ARGUMENT', 'hi too large');
throwsStatus(() => base.rangeChecksum(0.5, 1), 'FC_ERR_ARGUMENT', 'a fractional bound');
throwsStatus(() => base.rangeChecksum('0', 1), 'FC_ERR_ARGUMENT', 'a string bound');
throwsStatus(() => base.bodyHash(ids[5]), 'FC_ERR_STALE_ID', 'a destroyed body');
throwsStatus(() => base.bodyHash(null), 'FC_ERR_ARGUMENT', 'no id');
throwsStatus(() => base.desyncAnswer(0x0000000400000005n), 'FC_ERR_ARGUMENT', 'a malformed question');
throwsStatus(() => base.desyncAnswer(5), 'FC_ERR_ARGUMENT', 'a number question');
throwsStatus(() => base.desyncAnswer(-1n), 'FC_ERR_ARGUMENT', 'a negative question');
throwsStatus(() => base.desyncAnswer(2n ** 64n), 'FC_ERR_ARGUMENT', 'a question past 2^64');
check(base.desyncAnswer(DESYNC_ASK_SLOTS) === BigInt(N), 'the slot-count answer');
check(DESYNC_ASK_SLOTS === 2n ** 64n - 1n, 'DESYNC_ASK_SLOTS is 2^64 - 1');
{
  const d = new Desync();
  throwsStatus(() => d.feed(1n, 2n), 'FC_ERR_ARGUMENT', 'feed before next');
  d.next();
  d.feed(1n, 2n);
  d.next();
  throwsStatus(() => d.feed(0x10n, 0x1000001n), 'FC_ERR_FORMAT', 'a slot count past 2^24');
  check(d.rounds === 1, 'the search unchanged after an error');
  throwsStatus(() => d.feed(1, 2n), 'FC_ERR_ARGUMENT', 'a number answer');
  check(d.rounds === 1 && d.slots === 0, 'the search unchanged after a bad argument');
}
const text = base.dump();
check(text.startsWith('fixcol-dump 1\n') && text.endsWith('end\n'), 'dump framing');
check(text.includes('\nbody 0 1 cat 0x00000001 mask 0xffffffff user 0 aabb min 0 0 max 1 2\n'), 'dump line of body 0');
check(base.dumpSlot(5) === 'free 5 2\n', 'dumpSlot of a free slot');
check(base.dumpSlot(N + 3) === `unused ${N + 3}\n`, 'dumpSlot past the end');
check(text.includes('\n' + base.dumpSlot(1)), 'dumpSlot equals the dump line');
throwsStatus(() => base.dumpSlot(2 ** 24), 'FC_ERR_ARGUMENT', 'dumpSlot out of range');
throwsStatus(() => base.dumpSlot(-1), 'FC_ERR_ARGUMENT', 'dumpSlot of a negative index');
const dead = new World();
dead.destroy();
for (const [name, fn] of [['dump', () => dead.dump()], ['dumpSlot', () => dead.dumpSlot(0)],
  ['slotCount', () => dead.slotCount], ['rangeChecksum', () => dead.rangeChecksum(0, 1)],
  ['bodyHash', () => dead.bodyHash(ids[0])], ['desyncAnswer', () => dead.desyncAnswer(DESYNC_ASK_SLOTS)]])
  throwsStatus(fn, 'FC_ERR_NULL', `${name} of a destroyed world`);
const empty = new World();
check(empty.slotCount === 0 && empty.rangeChecksum(0, 2 ** 24) === 0n, 'an empty world: no slot, sum 0');
check(run(empty, empty).rounds === 1, 'two empty worlds: one round');
empty.destroy();

if (opt['c-tool'] && opt.work) { // the C tool's dump of this world's snapshot: the same bytes
  const path = join(opt.work, 'js_desync.snap');
  writeFileSync(path, base.snapshot());
  const r = spawnSync(opt['c-tool'], ['snapdump', path], { encoding: 'utf8', maxBuffer: 64 << 20 });
  check(r.status === 0 && r.stdout === text, 'fixcol-replay snapdump of the snapshot prints the same dump');
  console.log(`C tool dump: ${r.stdout === text ? 'same bytes' : 'DIFFERENT'}`);
}
base.destroy();

console.log(`desync.test.mjs: ${checks} checks, ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
