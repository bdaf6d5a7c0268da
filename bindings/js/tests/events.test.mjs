// SPDX-License-Identifier: MIT
// usage: node events.test.mjs --package DIR [--break]
// World.pairEvents, pairEvents() and World.findContacts through the JS API:
// over random frames (moves, destroys, refilled slots, creates) in a 2D and
// a 3D world the events equal a brute-force diff of the copied pair lists
// (ids by value) and pairEvents(), every contact equals contact() on the
// two shapes, a restore and re-simulation gives the original events, the
// outputs are reused, and wrong arguments throw (never crash).
// --break: the brute-force diff compares ids by index only (must fail).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from './args.mjs';

const { opt } = parseArgs(process.argv.slice(2), ['break']);
const fc = await import(pathToFileURL(join(opt.package, 'lib', 'index.js')).href);
const { World, Shape, FixcolError, PairList, PairEvents, PairContacts, pairEvents, contact, fix } = fc;
const U = fix.ONE;

const throwsStatus = (fn, status) => assert.throws(fn, (e) => e instanceof FixcolError && e.status === status,
  `expected ${status}`);

// Park-Miller: exact in doubles
function rng(seed) {
  let x = seed;
  return (n) => {
    x = (x * 16807) % 2147483647;
    return x % n;
  };
}

const idKey = (id) => (opt.break ? String(id.index) : id.key);
const pairKeys = (l) => Array.from(l, ([a, b]) => `${idKey(a)}-${idKey(b)}`);
const exactKeys = (l) => Array.from(l, ([a, b]) => `${a.key}-${b.key}`);

function copyList(l) {
  const c = new PairList();
  c.words = Uint32Array.from(l.words.subarray(0, 6 * l.count));
  if (c.words.length === 0) c.words = new Uint32Array(6);
  c.count = l.count;
  return c;
}

function minus(x, y) {
  const ys = new Set(pairKeys(y));
  const xs = pairKeys(x), xe = exactKeys(x);
  return xe.filter((_, i) => !ys.has(xs[i]));
}

function newBody(w, r) {
  const x = (2 + r(30)) * U + r(U), y = (2 + r(30)) * U + r(U), rad = U + r(2 * U);
  return w.createBody(w.dim === 2 ? Shape.circle(x, y, rad) : Shape.sphere(x, r(4 * U), y, rad));
}

const stats = { stale: 0, refills: 0 };

function frame(st, f, r) {
  const { w } = st;
  for (let i = 0; i < st.ids.length; i++) {
    if (r(3) !== 0) continue;
    const dx = r(4 * U) - 2 * U, dy = r(4 * U) - 2 * U;
    if (w.dim === 2) w.translate2(st.ids[i], dx, dy);
    else w.translate3(st.ids[i], dx, 0, dy);
  }
  if (st.ids.length > 8 && r(2) === 0) {
    const k = r(st.ids.length);
    w.destroyBody(st.ids[k]);
    if (r(2) === 0) st.ids[k] = newBody(w, r);
    else { st.ids[k] = st.ids[st.ids.length - 1]; st.ids.pop(); }
  }
  if (r(2) === 0) st.ids.push(newBody(w, r));
  let pairs;
  if (f % 2 === 0) pairs = w.findPairs();
  else {
    const pc = w.findContacts();
    pairs = pc.pairs;
    const cl = pc.contacts;
    assert.equal(cl.count, pairs.count);
    for (let i = 0; i < pairs.count; i++) {
      const c = contact(w.getShape(pairs.a(i)), w.getShape(pairs.b(i)));
      assert.ok(c, `frame ${f} pair ${i}: contact() says apart`);
      for (let k = 0; k < w.dim; k++) {
        assert.equal(cl.normal(i, k), c.normal[k], `frame ${f} pair ${i}: normal`);
        assert.equal(cl.point(i, k), c.point[k], `frame ${f} pair ${i}: point`);
      }
      assert.equal(cl.depth(i), c.depth, `frame ${f} pair ${i}: depth`);
    }
  }
  st.prev = st.cur;
  st.cur = copyList(pairs);
  const ev = w.pairEvents();
  const ob = minus(st.cur, st.prev), oe = minus(st.prev, st.cur);
  assert.deepEqual(exactKeys(ev.began), ob, `frame ${f}: began differs from the brute-force diff`);
  assert.deepEqual(exactKeys(ev.ended), oe, `frame ${f}: ended differs from the brute-force diff`);
  const sd = pairEvents(st.prev, st.cur);
  assert.deepEqual(exactKeys(sd.began), ob, `frame ${f}: pairEvents() began`);
  assert.deepEqual(exactKeys(sd.ended), oe, `frame ${f}: pairEvents() ended`);
  for (const [a, b] of ev.ended) {
    if (!w.bodyValid(a) || !w.bodyValid(b)) stats.stale++;
    for (const [c, d] of ev.began) if (c.index === a.index && d.index === b.index) stats.refills++;
  }
  return exactKeys(ev.began).join(' ') + '|' + exactKeys(ev.ended).join(' ');
}

for (const dim of [2, 3]) {
  test(`${dim}D: events vs a brute-force diff and pairEvents(), contacts vs contact(), rollback`, () => {
    const FRAMES = 60, SNAP = 20;
    const w = new World({ dim, boundsLog2: 6, maxDepth: 3 });
    const r0 = rng(dim * 1000 + 7);
    const st = { w, ids: [], cur: new PairList(), prev: new PairList() };
    for (let i = 0; i < 40; i++) st.ids.push(newBody(w, r0));
    const log = [];
    let blob, saved;
    for (let f = 1; f <= FRAMES; f++) {
      log[f] = frame(st, f, rng(100 + f));
      if (f === SNAP) {
        blob = w.snapshot();
        saved = { ids: st.ids.slice(), cur: copyList(st.cur) };
      }
    }
    for (const target of [w, new World({ dim })]) {
      target.restore(blob);
      const ev = target.pairEvents();
      assert.equal(ev.began.count + ev.ended.count, 0, 'events pending right after a restore');
      const rs = { w: target, ids: saved.ids.slice(), cur: copyList(saved.cur), prev: new PairList() };
      for (let f = SNAP + 1; f <= FRAMES; f++) assert.equal(frame(rs, f, rng(100 + f)), log[f], `re-simulated frame ${f}`);
      target.destroy();
    }
  });
}

test('stale ends and refilled slots happened', () => {
  assert.ok(stats.stale > 0 && stats.refills > 0, `stale ${stats.stale}, refills ${stats.refills}`);
});

test('outputs are reused; wrong arguments throw', () => {
  const w = new World();
  w.createBody(Shape.circle(10 * U, 10 * U, U));
  w.createBody(Shape.circle(11 * U, 10 * U, U));
  const e1 = w.pairEvents(), c1 = w.findContacts();
  assert.equal(c1.pairs.count, 1);
  assert.equal(w.pairEvents(), e1);
  assert.equal(e1.began.count, 1); // the first list: all its pairs begin
  assert.equal(w.findContacts(), c1);
  assert.equal(w.pairEvents().began.count, 0);
  const mine = new PairEvents();
  assert.equal(w.pairEvents(mine), mine);
  for (const bad of [1, 'x', {}, [], new PairList(), null]) {
    throwsStatus(() => w.pairEvents(bad), 'FC_ERR_ARGUMENT');
    throwsStatus(() => w.findContacts(bad), 'FC_ERR_ARGUMENT');
    if (bad instanceof PairList) continue; // a valid list for pairEvents()
    throwsStatus(() => pairEvents(bad, new PairList()), 'FC_ERR_ARGUMENT');
    throwsStatus(() => pairEvents(new PairList(), bad), 'FC_ERR_ARGUMENT');
  }
  throwsStatus(() => pairEvents(new PairList(), new PairList(), {}), 'FC_ERR_ARGUMENT');
  // a non-canonical list: b before a
  const swapped = copyList(w.findPairs());
  const s = swapped.words;
  [s[0], s[1], s[2], s[3], s[4], s[5]] = [s[3], s[4], s[5], s[0], s[1], s[2]];
  throwsStatus(() => pairEvents(swapped, new PairList()), 'FC_ERR_ARGUMENT');
  w.destroy();
  throwsStatus(() => w.pairEvents(), 'FC_ERR_NULL');
  throwsStatus(() => w.findContacts(), 'FC_ERR_NULL');
  assert.ok(new PairContacts().contacts.count === 0);
});
