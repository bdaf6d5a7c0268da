// SPDX-License-Identifier: MIT
// usage: node mover.test.mjs --package DIR [--break]
// The refined casts and the mover through the JS binding: issue 29's
// point-at-triangle cast (the safe advance stays out where rounding
// t * delta enters; both decided by overlap()), a world cast with the
// caster's own body excluded (without it: its own body at t = 0, started),
// move2 equal to moveShape2, the touches, the body left outside the floor,
// 3D landing, errors that throw the C status and change nothing, results
// reused. --break drops the exclusion (must fail).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from './args.mjs';

const { opt } = parseArgs(process.argv.slice(2), ['break']);
const fc = await import(pathToFileURL(join(opt.package, 'lib', 'index.js')).href);
const { World, Shape, FixcolError, MoverResult, CastResult, MOVER, cast2Ex, overlap } = fc;
const U = 65536;
const throwsStatus = (fn, status) => assert.throws(fn, (e) => e instanceof FixcolError && e.status === status,
  `expected ${status}`);

test('issue 29: the safe advance stays out, t * delta rounding enters', () => {
  const p = Shape.circle(-171155, -972030, 0);
  const tri = Shape.poly2([0, 0, 896122, -90497, 111592, 719165]);
  const r = cast2Ex(p, 430939, 2532477, tri);
  assert.ok(r instanceof CastResult && r.hit && r.t === 35076 && !r.started);
  assert.equal(overlap(Shape.circle(-171155 + r.safe[0], -972030 + r.safe[1], 0), tri), false);
  const rx = Math.trunc(430939 * 35076 / 65536), ry = Math.trunc(2532477 * 35076 / 65536);
  assert.equal(overlap(Shape.circle(-171155 + rx, -972030 + ry, 0), tri), true);
  const miss = cast2Ex(p, -5, -7, tri);
  assert.ok(!miss.hit && miss.safe[0] === -5 && miss.safe[1] === -7);
});

test('world casts with excluded ids; the mover', () => {
  const w = new World();
  const floor = w.createBody(Shape.aabb2(0, 0, 40 * U, U));
  const me = Shape.circle(5 * U, 3 * U, U);
  const hero = w.createBody(me);
  const r = w.cast2Ex(me, 0, -4 * U, undefined, opt.break ? [] : [hero]);
  assert.ok(r.hit && r.id.equals(floor) && !r.started && r.safe[1] < 0 && r.safe[1] > -U, 'excluded cast: the floor');
  const own = w.cast2Ex(me, 0, -4 * U);
  assert.ok(own.hit && own.id.equals(hero) && own.t === 0 && own.started, 'own body at t = 0, started');
  throwsStatus(() => w.cast2Ex(me, 0, 1, undefined, new Array(65).fill(hero)), 'FC_ERR_ARGUMENT');
  throwsStatus(() => w.cast2Ex(me, 0, 1, undefined, [{}]), 'FC_ERR_ARGUMENT');

  const def = { snapDistance: U / 8 };
  const a = new MoverResult(2), b = new MoverResult(2);
  const sum = w.checksumHex();
  w.moveShape2(me, 2 * U, -3 * U, { snapDistance: U / 8, exclude: [hero] }, a);
  assert.equal(w.checksumHex(), sum, 'moveShape2 changed the world');
  assert.equal(w.move2(hero, 2 * U, -3 * U, def, b), b);
  assert.deepEqual([...a.moved, a.flags, a.touchCount], [...b.moved, b.flags, b.touchCount]);
  assert.ok(b.flags & MOVER.GROUNDED);
  assert.ok(b.touchId(0).equals(floor) && b.touchKind(0) === MOVER.TOUCH_GROUND && b.touchIteration(0) === 0);
  assert.equal(overlap(w.getShape(hero), w.getShape(floor)), false, 'hero overlaps the floor');
  const s = w.checksumHex();
  throwsStatus(() => w.move2(hero, U, 0, { maxIterations: 0 }), 'FC_ERR_ARGUMENT');
  throwsStatus(() => w.move2(hero, 8192 * U, 0, def), 'FC_ERR_RANGE');
  throwsStatus(() => w.move2(hero, 0.5, 0, def), 'FC_ERR_ARGUMENT');
  throwsStatus(() => w.move2(hero, 0, 0, { skin: 'x' }), 'FC_ERR_ARGUMENT');
  throwsStatus(() => w.move3(hero, 0, 0, 0), 'FC_ERR_SHAPE_TYPE');
  assert.equal(w.checksumHex(), s, 'errors changed the world');
  w.destroy();
  assert.throws(() => w.move2(hero, 0, 0));
});

test('3D: a sphere lands on a box', () => {
  const w = new World({ dim: 3 });
  const ground = w.createBody(Shape.aabb3(-10 * U, -U, -10 * U, 10 * U, 0, 10 * U));
  const ball = w.createBody(Shape.sphere(0, 2 * U, 0, U));
  const r = w.move3(ball, 0, -5 * U, 0);
  assert.ok(r.moved[1] > -U - 1 && r.moved[1] < -U + U / 8 && (r.flags & MOVER.GROUNDED) && r.touchId(0).equals(ground));
  const c = w.cast3Ex(Shape.sphere(0, 5 * U, 0, U), 0, -10 * U, 0, undefined, [ball]);
  assert.ok(c.hit && c.id.equals(ground) && c.safe[1] < 0);
  w.destroy();
});
