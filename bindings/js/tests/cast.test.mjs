// SPDX-License-Identifier: MIT
// usage: node cast.test.mjs --package DIR --cases CAST_CASES_TXT [--break]
// Shape casts through the package under node: the C library's answers on
// cast_cases.txt (cast_core.mjs), then wrong arguments (types, null,
// non-integer and out-of-range deltas, the other dimension, wrong output
// objects, destroyed worlds) must throw a FixcolError with the right status
// and leave the world unchanged; outputs are reused.
// --break (should-fail twin): every expected t is taken one raw larger.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from './args.mjs';
import { runCastCases } from './cast_core.mjs';

const { opt } = parseArgs(process.argv.slice(2), ['break']);
const fc = await import(pathToFileURL(join(opt.package, 'lib', 'index.js')).href);
const { World, Shape, FixcolError, cast2, cast3, CastHit, CastHitList, fix } = fc;
const U = fix.ONE;
const L2 = 2 * 8192 * U;

const throwsStatus = (fn, status) => assert.throws(fn, (e) => e instanceof FixcolError && e.status === status,
  `expected ${status}`);

test('every case of cast_cases.txt gives the C library\'s answer', () => {
  const r = runCastCases(fc, readFileSync(opt.cases, 'utf8'), !!opt.break);
  for (const l of r.lines) console.log(l);
  assert.equal(r.failures, 0);
});

test('wrong arguments throw with a status and change nothing', () => {
  const w2 = new World({ dim: 2 });
  const w3 = new World({ dim: 3 });
  const c = Shape.circle(5 * U, 5 * U, U), s = Shape.sphere(5 * U, 5 * U, 5 * U, U);
  w2.createBody(Shape.circle(8 * U, 5 * U, U));
  w3.createBody(Shape.sphere(8 * U, 5 * U, 5 * U, U));
  const sum2 = w2.checksumHex(), sum3 = w3.checksumHex();
  for (const bad of [undefined, null, 1.5, '1', 2 ** 31, -(2 ** 31) - 1, NaN, Infinity, {}, []]) {
    throwsStatus(() => cast2(c, bad, 0, c), 'FC_ERR_ARGUMENT');
    throwsStatus(() => cast3(s, 0, 0, bad, s), 'FC_ERR_ARGUMENT');
    throwsStatus(() => w2.cast2(c, 0, bad), 'FC_ERR_ARGUMENT');
    throwsStatus(() => w2.cast2All(c, bad, 0), 'FC_ERR_ARGUMENT');
    throwsStatus(() => w3.cast3(s, bad, 0, 0), 'FC_ERR_ARGUMENT');
    throwsStatus(() => w3.cast3All(s, 0, bad, 0), 'FC_ERR_ARGUMENT');
  }
  for (const bad of [undefined, null, 7, 'circle', {}, c.words]) {
    throwsStatus(() => cast2(bad, U, 0, c), 'FC_ERR_ARGUMENT');
    throwsStatus(() => cast2(c, U, 0, bad), 'FC_ERR_ARGUMENT');
    throwsStatus(() => w2.cast2(bad, U, 0), 'FC_ERR_ARGUMENT');
    throwsStatus(() => w3.cast3All(bad, U, 0, 0), 'FC_ERR_ARGUMENT');
  }
  for (const bad of [null, 5, { category: -1, mask: 1 }, { category: 1, mask: 2 ** 32 }, { category: 0.5, mask: 1 }]) {
    throwsStatus(() => w2.cast2(c, U, 0, bad), 'FC_ERR_ARGUMENT');
    throwsStatus(() => w3.cast3All(s, U, 0, 0, bad), 'FC_ERR_ARGUMENT');
  }
  for (const bad of [null, {}, new CastHitList(3), new fc.HitList()]) throwsStatus(() => w2.cast2All(c, U, 0, undefined, bad), 'FC_ERR_ARGUMENT');
  throwsStatus(() => cast2(c, U, 0, c, new CastHit(3)), 'FC_ERR_ARGUMENT');
  // out of range deltas, invalid shapes, the other dimension: the C statuses
  throwsStatus(() => cast2(c, L2 + 1, 0, c), 'FC_ERR_RANGE');
  throwsStatus(() => cast3(s, 0, 0, -L2 - 1, s), 'FC_ERR_RANGE');
  throwsStatus(() => w2.cast2(c, 0, L2 + 1), 'FC_ERR_RANGE');
  throwsStatus(() => w3.cast3All(s, -L2 - 1, 0, 0), 'FC_ERR_RANGE');
  throwsStatus(() => cast2(Shape.circle(0, 0, -1), U, 0, c), 'FC_ERR_SIZE');
  throwsStatus(() => w3.cast3(Shape.sphere(0, 0, 0, -1), U, 0, 0), 'FC_ERR_SIZE');
  throwsStatus(() => cast2(s, U, 0, c), 'FC_ERR_SHAPE_TYPE');
  throwsStatus(() => cast3(s, U, 0, 0, c), 'FC_ERR_SHAPE_TYPE');
  throwsStatus(() => w3.cast2(c, U, 0), 'FC_ERR_SHAPE_TYPE');
  throwsStatus(() => w3.cast2All(c, U, 0), 'FC_ERR_SHAPE_TYPE');
  throwsStatus(() => w2.cast3(s, U, 0, 0), 'FC_ERR_SHAPE_TYPE');
  throwsStatus(() => w2.cast3All(s, U, 0, 0), 'FC_ERR_SHAPE_TYPE');
  throwsStatus(() => w2.cast2(s, U, 0), 'FC_ERR_SHAPE_TYPE');
  assert.equal(w2.checksumHex(), sum2);
  assert.equal(w3.checksumHex(), sum3);
  w2.validate();
  // the range limit itself is accepted
  assert.doesNotThrow(() => cast2(c, L2, -L2, c));
  assert.doesNotThrow(() => w2.cast2All(c, -L2, L2));
  w2.destroy();
  w3.destroy();
  throwsStatus(() => w2.cast2(c, U, 0), 'FC_ERR_NULL');
  throwsStatus(() => w2.cast2All(c, U, 0), 'FC_ERR_NULL');
  throwsStatus(() => w3.cast3(s, U, 0, 0), 'FC_ERR_NULL');
  throwsStatus(() => w3.cast3All(s, U, 0, 0), 'FC_ERR_NULL');
});

test('outputs are reused: the world\'s hit and list, the caller\'s CastHit and CastHitList', () => {
  const w = new World();
  for (let i = 0; i < 5; i++) w.createBody(Shape.circle((10 + 3 * i) * U, 10 * U, U));
  const m = Shape.circle(0, 10 * U, U);
  const a = w.cast2All(m, 40 * U, 0);
  assert.equal(a.count, 5);
  assert.equal(w.cast2All(m, 40 * U, 0), a);
  const mine = new CastHitList(2);
  assert.equal(w.cast2All(m, 40 * U, 0, undefined, mine), mine);
  assert.equal(mine.count, 5);
  const h = w.cast2(m, 40 * U, 0);
  assert.equal(w.cast2(m, 40 * U, 0), h);
  assert.ok(h.id.equals(a.id(0)) && h.t === a.t(0));
  const out = new CastHit(2);
  assert.equal(cast2(m, 40 * U, 0, Shape.circle(10 * U, 10 * U, U), out), out);
  assert.equal(cast2(m, 0, 40 * U, Shape.circle(10 * U, 10 * U, U), out), null);
  w.destroy();
});
