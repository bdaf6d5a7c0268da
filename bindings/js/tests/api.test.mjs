// SPDX-License-Identifier: MIT
// usage: node api.test.mjs --package DIR [--break]
// The binding's own rules, with node's test runner: raw Q16.16 only (a
// non-integer throws, never truncated), exact decimal helpers, ids that
// round-trip and compare by value, errors named by status, use after
// destroy and wrong types as errors, snapshot/restore, outputs reused
// (no allocation per frame), the stateless tier agreeing with the world.
// --break expects 1.5 to be accepted as a raw value (must fail);
// --break-pushout takes one raw off a push-out (must fail).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from './args.mjs';

const { opt } = parseArgs(process.argv.slice(2), ['break', 'break-pushout']);
const fc = await import(pathToFileURL(join(opt.package, 'lib', 'index.js')).href);
const { World, Shape, BodyId, fix, FixcolError } = fc;
const U = fix.ONE;

const throwsStatus = (fn, status) => assert.throws(fn, (e) => e instanceof FixcolError && e.status === status,
  `expected ${status}`);

test('raw values: integers only, never truncated', () => {
  const w = new World();
  const id = w.createBody(Shape.circle(10 * U, 10 * U, U));
  if (opt.break) w.translate2(id, 1.5, 0);
  else throwsStatus(() => w.translate2(id, 1.5, 0), 'FC_ERR_ARGUMENT');
  throwsStatus(() => w.translate2(id, '65536', 0), 'FC_ERR_ARGUMENT');
  throwsStatus(() => w.translate2(id, 2 ** 31, 0), 'FC_ERR_ARGUMENT');
  throwsStatus(() => Shape.circle(0.5, 0, U), 'FC_ERR_ARGUMENT');
  throwsStatus(() => w.setAngle2(id, 65536), 'FC_ERR_ARGUMENT');
  assert.deepEqual(Array.from(w.getShape(id).words.slice(0, 4)), [1, 10 * U, 10 * U, U]);
  w.destroy();
});

test('exact helpers', () => {
  assert.equal(fix.fromInt(3), 196608);
  assert.equal(fix.fromDecimal('-12.375'), -811008);
  assert.equal(fix.fromDecimal('0.0000152587890625'), 1);
  throwsStatus(() => fix.fromDecimal('0.1'), 'FC_ERR_FORMAT');
  throwsStatus(() => fix.fromDecimal('40000'), 'FC_ERR_RANGE');
  assert.equal(fix.toDecimal(-811008), '-12.375');
  for (const v of [0, 1, -1, 2 ** 31 - 1, -(2 ** 31), 123456789]) assert.equal(fix.fromDecimal(fix.toDecimal(v)), v);
  assert.equal(fix.fromRatio(3, 4), 49152);
  throwsStatus(() => fix.fromRatio(1, 3), 'FC_ERR_ARGUMENT');
  assert.equal(fix.angleFromDeg(fix.fromInt(90)), 16384);
  assert.equal(fix.sin(16384), U);
});

test('ids round-trip exactly and compare by value', () => {
  const w = new World({ tag: 0xfffffffe });
  const a = w.createBody(Shape.circle(0, 0, U));
  assert.equal(a.world, 0xfffffffe);
  const again = BodyId.parse(a.key);
  assert.ok(again.equals(a) && again !== a);
  assert.ok(w.bodyValid(again));
  w.destroyBody(a);
  throwsStatus(() => w.translate2(a, U, 0), 'FC_ERR_STALE_ID');
  const b = w.createBody(Shape.circle(0, 0, U)); // same slot, next generation
  assert.equal(b.index, a.index);
  assert.equal(b.generation, a.generation + 1);
  assert.ok(!b.equals(a));
  const other = new World({ tag: 7 });
  throwsStatus(() => other.translate2(b, U, 0), 'FC_ERR_STALE_ID'); // foreign
  throwsStatus(() => w.translate2({ index: 0, generation: -1, world: 1 }, 0, 0), 'FC_ERR_ARGUMENT');
  throwsStatus(() => w.translate2(null, 0, 0), 'FC_ERR_ARGUMENT');
  w.destroy();
  other.destroy();
});

test('errors carry the status; a failed call changes nothing; use after destroy', () => {
  const w = new World();
  const id = w.createBody(Shape.circle(0, 0, U));
  const before = w.checksumHex();
  throwsStatus(() => w.translate2(id, 9000 * U, 0), 'FC_ERR_RANGE');
  throwsStatus(() => w.createBody(Shape.poly2([0, 0, U, U, 0, U, U, 0])), 'FC_ERR_POLY_ORDER');
  throwsStatus(() => w.createBody(Shape.sphere(0, 0, 0, U)), 'FC_ERR_SHAPE_TYPE');
  assert.equal(w.checksumHex(), before);
  const e = (() => { try { w.translate2(id, 9000 * U, 0); } catch (x) { return x; } })();
  assert.equal(e.code, -2);
  assert.match(e.message, /^translate2: FC_ERR_RANGE/);
  w.destroy();
  w.destroy(); // idempotent
  throwsStatus(() => w.translate2(id, 0, 0), 'FC_ERR_NULL');
  throwsStatus(() => w.checksum(), 'FC_ERR_NULL');
});

test('snapshot / restore; checksum forms agree', () => {
  const w = new World();
  const ids = [];
  for (let i = 0; i < 20; i++) ids.push(w.createBody(Shape.circle(i * U, (i % 3) * U, U)));
  const snap = w.snapshot();
  const sum = w.checksum();
  assert.equal(sum.toString(16).padStart(16, '0'), w.checksumHex());
  w.translate2(ids[3], U, U);
  w.destroyBody(ids[5]);
  assert.notEqual(w.checksum(), sum);
  w.restore(snap);
  assert.equal(w.checksum(), sum);
  assert.ok(w.bodyValid(ids[5]));
  const bad = snap.slice();
  bad[bad.length - 1] ^= 1;
  throwsStatus(() => w.restore(bad), 'FC_ERR_CHECKSUM');
  assert.equal(w.checksum(), sum);
  w.destroy();
});

test('ReplayRunner runs format 2 and 3, refuses format 1 (its checksum is the C runner\'s) with FC_ERR_VERSION', () => {
  const settings = { dim: 2, boundsMin: [0, 0], boundsLog2: 10, maxDepth: 7, layout: 'loose' };
  for (const version of [2, 3]) new fc.ReplayRunner({ ...settings, version }).destroy();
  throwsStatus(() => new fc.ReplayRunner({ ...settings, version: 1 }), 'FC_ERR_VERSION');
});

test('outputs are reused: a steady frame allocates no result arrays', () => {
  const w = new World();
  const ids = [];
  for (let i = 0; i < 50; i++) ids.push(w.createBody(Shape.circle((i % 10) * U, Math.floor(i / 10) * U, U)));
  const q = Shape.circle(5 * U, 2 * U, 3 * U);
  const p1 = w.findPairs(), o1 = w.overlap(q), words = [p1.words, o1.words];
  for (let f = 0; f < 100; f++) {
    for (const id of ids) w.translate2(id, f % 2 ? 1 : -1, 0);
    const p = w.findPairs(), o = w.overlap(Shape.circle(5 * U, 2 * U, 3 * U, q));
    assert.ok(p === p1 && o === o1 && p.words === words[0] && o.words === words[1]);
  }
  assert.ok(p1.count > 0 && o1.count > 0);
  w.destroy();
});

test('stateless tier agrees with the world', () => {
  const a = Shape.obb2(0, 0, 2 * U, U, fix.angleFromDeg(fix.fromInt(30)));
  const b = Shape.circle(2 * U, 2 * U, U);
  const w = new World();
  const ia = w.createBody(a), ib = w.createBody(b);
  assert.equal(fc.overlap(a, b), w.findPairs().count === 1);
  const c = fc.contact(Shape.circle(0, 0, U), Shape.circle(U, 0, U));
  assert.deepEqual([Array.from(c.normal), c.depth], [[U, 0], U]);
  assert.equal(fc.contact(Shape.circle(0, 0, U), Shape.circle(5 * U, 0, U)), null);
  throwsStatus(() => fc.overlap(a, Shape.sphere(0, 0, 0, U)), 'FC_ERR_SHAPE_TYPE');
  void ia, void ib;
  w.destroy();
});

test('push-out separates, zeros when apart, errors for bad shapes', () => {
  const a = Shape.circle(0, 0, U), b = Shape.circle(U, 0, U);
  const d = fc.pushout(a, b);
  if (opt['break-pushout']) d[0] -= 1; // the twin: one raw short must fail
  assert.deepEqual(Array.from(d), [U + 12, 0]); // depth + 4 + depth / 8192 raw
  assert.equal(fc.overlap(a, Shape.circle(U + d[0], d[1], U)), false);
  const out = new Int32Array(2);
  assert.equal(fc.pushout(a, Shape.circle(5 * U, 0, U), out), out);
  assert.deepEqual(Array.from(out), [0, 0]);
  const box = Shape.obb2(0, 0, 2 * U, U, fix.angleFromDeg(fix.fromInt(30)));
  for (let k = 0; k < 25; k++) {
    const x = (k % 5 - 2) * 40000, y = (Math.floor(k / 5) - 2) * 40000;
    const p = fc.pushout(box, Shape.circle(x, y, U));
    assert.equal(fc.overlap(box, Shape.circle(x + p[0], y + p[1], U)), false);
  }
  const s = Shape.sphere(0, 0, 0, U), o = Shape.obb3Euler([0, 0, U], [U, U, U], 8192, 1000, 0);
  const p3 = fc.pushout(o, s);
  assert.equal(fc.overlap(o, Shape.sphere(p3[0], p3[1], p3[2], U)), false);
  // capsule3: touching at exactly 1 raw (the push-out twin moves the sphere 1 raw out)
  const cap = Shape.capsule3(0, 0, 0, 10 * U, 0, 0, U);
  assert.equal(cap.type, 'capsule');
  const ty = 2 * U + (opt['break-pushout'] ? 1 : 0);
  const ct = fc.contact(cap, Shape.sphere(5 * U, ty, 0, U));
  assert.ok(ct !== null && ct.depth === 0 && ct.normal[1] === U, 'capsule3 touches a sphere 2 units away');
  assert.equal(fc.overlap(Shape.sphere(5 * U, 2 * U + 1, 0, U), cap), false);
  const pc = fc.pushout(cap, Shape.sphere(5 * U, U, 0, U));
  assert.ok(pc[1] > U);
  assert.equal(fc.overlap(cap, Shape.sphere(5 * U + pc[0], U + pc[1], pc[2], U)), false);
  throwsStatus(() => fc.overlap(cap, Shape.capsule3(0, 0, 0, 0, 0, 0, -1)), 'FC_ERR_SIZE');
  throwsStatus(() => fc.overlap(cap, Shape.capsule3(8192 * U + 1, 0, 0, 0, 0, 0, 1)), 'FC_ERR_RANGE');
  throwsStatus(() => new World({ dim: 2 }).createBody(cap), 'FC_ERR_SHAPE_TYPE'); // a 3D shape in a 2D world
  throwsStatus(() => fc.pushout(a, Shape.circle(0, 0, -1)), 'FC_ERR_SIZE');
  throwsStatus(() => fc.pushout(a, s), 'FC_ERR_SHAPE_TYPE');
  throwsStatus(() => fc.pushout(Shape.circle(8191 * U, 0, U), Shape.circle(8192 * U, 0, U)), 'FC_ERR_RANGE');
  assert.throws(() => fc.pushout(a, null), FixcolError);
  assert.throws(() => fc.pushout(a, { dim: 2 }), FixcolError);
});

test('3D world: boxes from Euler angles, rays', () => {
  const w = new World({ dim: 3, boundsMin: [-512 * U, -512 * U] });
  const box = w.createBody(Shape.obb3Euler([0, 0, 0], [U, U, U], 8192, 0, 0));
  const hit = w.raycast3(-10 * U, 0, 0, 20 * U, 0, 0);
  assert.ok(hit && hit.id.equals(box) && hit.t > 0 && hit.t < U / 2);
  assert.equal(w.raycast3All(-10 * U, 5 * U, 0, 20 * U, 0, 0).count, 0);
  w.destroy();
});

test('skill areas: world queries equal a brute-force scan with the stateless tests; ranges and types', () => {
  const { Sector2, Ring2, areaContains, areaOverlap } = fc;
  const w = new World({ boundsLog2: 7 });
  const ids = [];
  let s = 77;
  const rnd = (n) => { s = (s * 1103515245 + 12345) % 2147483648; return s % n; };
  for (let i = 0; i < 120; i++) {
    const x = rnd(60) * U + rnd(4) * (U / 4), y = rnd(60) * U;
    ids.push(w.createBody(i % 2 ? Shape.circle(x, y, U / 2 + rnd(3) * U) : Shape.obb2(x, y, U, 2 * U, rnd(65536))));
  }
  const halves = [0, 1, 8192, 16384, 16385, 32767, 32768];
  for (let q = 0; q < 100; q++) {
    const x = rnd(64) * U, y = rnd(64) * U, r = rnd(20) * U;
    const areas = [new Sector2(x, y, r, rnd(65536), q % 2 ? halves[q % 7] : rnd(32769)),
      new Ring2(x, y, q % 3 ? rnd(r + 1) : 0, r)];
    for (const a of areas) {
      const got = [...(a instanceof Sector2 ? w.overlapSector2(a) : w.overlapRing2(a))].map(String);
      const want = ids.filter((id) => areaOverlap(a, w.getShape(id))).map(String);
      assert.deepEqual(got, want, `query ${q}`);
    }
  }
  const half = new Sector2(0, 0, 10 * U, 16384, 16384);
  assert.equal(areaOverlap(half, Shape.circle(3 * U, -U, U)), true);
  assert.equal(areaOverlap(half, Shape.circle(3 * U, -U, U - 1)), false);
  assert.equal(areaContains(new Ring2(0, 0, 5 * U, 10 * U), 0, -5 * U), true);
  assert.equal(areaContains(new Sector2(0, 0, 10 * U, 0, 0), 10 * U + 1, 0), false);
  throwsStatus(() => w.overlapSector2(new Sector2(0, 0, U, 0, 32769)), 'FC_ERR_ARGUMENT');
  throwsStatus(() => w.overlapRing2(new Ring2(0, 0, 2, 1)), 'FC_ERR_SIZE');
  throwsStatus(() => w.overlapSector2(new Ring2(0, 0, 0, 1)), 'FC_ERR_ARGUMENT');
  throwsStatus(() => w.overlapSector2({ x: 0, y: 0, r: 1, dir: 0, half: 0 }), 'FC_ERR_ARGUMENT');
  throwsStatus(() => new Sector2(0.5, 0, U, 0, 0), 'FC_ERR_ARGUMENT');
  throwsStatus(() => new Sector2(0, 0, U, 0, 65536), 'FC_ERR_ARGUMENT');
  throwsStatus(() => new Ring2(0, 0, 0, '1'), 'FC_ERR_ARGUMENT');
  throwsStatus(() => areaOverlap(half, Shape.circle(0, 0, -1)), 'FC_ERR_SIZE');
  throwsStatus(() => areaOverlap(half, null), 'FC_ERR_ARGUMENT');
  throwsStatus(() => areaContains(half, 2 ** 30, 0), 'FC_ERR_RANGE');
  const bent = new Sector2(0, 0, U, 0, 0);
  bent.r = 1.5; // a field reassigned to a non-integer
  throwsStatus(() => areaContains(bent, 0, 0), 'FC_ERR_ARGUMENT');
  w.destroy();
  throwsStatus(() => w.overlapSector2(half), 'FC_ERR_NULL');
});

test('options, argument types and restore dimension (issue 26 frictions)', () => {
  const named = (fn, ...needles) => assert.throws(fn, (e) => e instanceof FixcolError && e.status === 'FC_ERR_ARGUMENT' &&
    needles.every((n) => e.message.includes(n)), `expected an argument error naming ${needles.join(', ')}`);
  named(() => new World({ bogus: 1 }), 'new World', "'bogus'");
  named(() => new World({ boundsLog: 8 }), "'boundsLog'");
  named(() => new World('abc'), 'new World', 'options must be an object');
  named(() => new World(null), 'options must be an object');
  named(() => new World({ pairCapacity: 2 ** 31 - 1 }), 'pairCapacity');
  named(() => new World({ pairCapacity: fc.PAIR_CAPACITY_MAX + 1 }), 'pairCapacity');
  new World({ pairCapacity: 1024 }).destroy();
  const w = new World();
  const id = w.createBody(Shape.circle(0, 0, U));
  named(() => w.translate2(id, 1n, 0), 'translate2', 'bigint');
  named(() => w.translate2(id, Symbol('s'), 0), 'translate2', 'symbol');
  named(() => w.point2(0, 1n), 'point2', 'bigint');
  named(() => w.setFilter(id, { category: 1n, mask: 1 }), 'setFilter', 'bigint');
  named(() => w.rangeChecksum(Symbol('x'), 1), 'rangeChecksum', 'symbol');
  named(() => Shape.circle(0, 0, 5n), 'Shape.circle', 'bigint');
  named(() => w.getBounds(id, new Int32Array(5)), 'getBounds');
  named(() => w.checksumWords(new Uint32Array(1)), 'checksum');
  // a 3D snapshot restored into a 2D World: dim follows it
  const w3 = new World({ dim: 3 });
  const s3 = w3.createBody(Shape.sphere(5 * U, 5 * U, 5 * U, U));
  w.restore(w3.snapshot());
  assert.equal(w.dim, 3);
  const got = w.getShape(s3);
  assert.equal(got.dim, 3);
  assert.ok(got.equals(w3.getShape(s3)));
  w3.destroy();
  w.destroy();
});

test('pushout: a too-short or wrong out is an error, not ignored', () => {
  const a = Shape.circle(0, 0, 2 * U), b = Shape.circle(U, 0, 2 * U);
  const bad = (out) => assert.throws(() => fc.pushout(a, b, out), (e) => e instanceof FixcolError && e.status === 'FC_ERR_ARGUMENT' && e.message.includes('pushout'));
  bad(new Int32Array(1));
  bad([0, 0]);
  bad(new Uint32Array(2));
  const out = new Int32Array(2);
  assert.equal(fc.pushout(a, b, out), out);
});
