// SPDX-License-Identifier: MIT
// usage: node hostile.test.mjs --package DIR [--break]
// The hostile-value sweep (issue 26): every World method that takes an
// argument, in a 2D and a 3D world, x each argument position x wrong types,
// NaN, +-inf, 2^53, 2^31, fractions, BigInt, Symbol, null, objects,
// functions, a 16 MiB string (and out-of-range angles, foreign and stale
// ids, shapes of the other dimension). Each call must throw a FixcolError
// whose message starts with the method's name and stays short (the string is
// never quoted whole), and leave the world as it was (checksum, body count,
// validate). Then every method on a destroyed world throws FC_ERR_NULL, and
// -0 is accepted as 0. The fix helpers and Shape constructors are swept too.
// --break puts a valid argument among the hostile ones: must fail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from './args.mjs';

const { opt } = parseArgs(process.argv.slice(2), ['break']);
const fc = await import(pathToFileURL(join(opt.package, 'lib', 'index.js')).href);
const { World, Shape, BodyId, fix, FixcolError } = fc;
const U = fix.ONE;

const HUGE = 'x'.repeat(1 << 24);
const COMMON = ['x', HUGE, NaN, Infinity, -Infinity, 2 ** 53, 2 ** 31, 0.5, -0.25, 1n, Symbol('s'), null, {}, [1],
  () => 0, true];
const KINDS = {
  raw: [...COMMON, undefined],
  angle: [...COMMON, undefined, 65536, 70000, -1],
  id: [...COMMON, undefined, 5],
  shape: [...COMMON, undefined, 5],
  filter: ['x', HUGE, NaN, 1n, Symbol('s'), 5, () => 0, true, { category: 0.5, mask: 1 }, { category: 1n, mask: 1 },
    { category: -1, mask: 1 }, { category: 1, mask: 2 ** 32 }],
  u64: ['x', HUGE, NaN, 0.5, 1, Symbol('s'), null, {}, -1n, 2n ** 64n, undefined],
  bytes: [...COMMON, undefined, new Uint8Array(3), new Int32Array(8)],
  area: [...COMMON, undefined, 5],
  frame: [...COMMON, undefined, 5, new Int32Array(8)],
  words: [...COMMON, undefined, -1, 9, 2 ** 31],
};

// A FrameBuffer holding one valid buffer (a move of id and a checksum: 7 words
// of 8); the sweep's 'words' values are bad counts for it.
function frameOf(w, id) {
  const fb = new fc.FrameBuffer(8, 16);
  fb.cmd.set([1, id.index, id.generation, id.world, U, 0, 14]);
  return fb;
}

function specs(dim, w, id, other) {
  const s2 = Shape.circle(2 * U, 2 * U, U), s3 = Shape.sphere(2 * U, 2 * U, 2 * U, U);
  const s = dim === 2 ? s2 : s3, wrong = dim === 2 ? s3 : s2;
  const M = {
    createBody: [['shape', s], ['filter', undefined], ['u64', undefined]],
    destroyBody: [['id', id]],
    setShape: [['id', id], ['shape', s]],
    setFilter: [['id', id], ['filter', { category: 1, mask: 1 }]],
    setUserData: [['id', id], ['u64', 7n]],
    getShape: [['id', id]],
    getFilter: [['id', id]],
    getUserData: [['id', id]],
    getBounds: [['id', id]],
    bodyHash: [['id', id]],
    overlap: [['shape', s], ['filter', undefined]],
    restore: [['bytes', w.snapshot()]],
    runFrame: [['frame', frameOf(w, id)], ['words', 7]],
  };
  // the capsule case (3D): a negative radius, an endpoint past the coordinate limit
  const badCaps = dim === 3 ? [Shape.capsule3(0, 0, 0, 0, 0, 0, -1), Shape.capsule3(8192 * U + 1, 0, 0, 0, 0, 0, U)] : [];
  M.extra = { shape: [wrong, ...badCaps], id: [other, new BodyId(999, 1, w.tag)] };
  if (dim === 2) {
    Object.assign(M, {
      translate2: [['id', id], ['raw', U], ['raw', 0]],
      setAngle2: [['id', id], ['angle', 100]],
      point2: [['raw', 0], ['raw', 0], ['filter', undefined]],
      raycast2: [['raw', 0], ['raw', 0], ['raw', U], ['raw', 0], ['filter', undefined]],
      raycast2All: [['raw', 0], ['raw', 0], ['raw', U], ['raw', 0], ['filter', undefined]],
      cast2: [['shape', s], ['raw', U], ['raw', 0], ['filter', undefined]],
      cast2All: [['shape', s], ['raw', U], ['raw', 0], ['filter', undefined]],
      cast2Ex: [['shape', s], ['raw', U], ['raw', 0], ['filter', undefined]],
      move2: [['id', id], ['raw', U], ['raw', 0]],
      moveShape2: [['shape', s], ['raw', U], ['raw', 0]],
      overlapSector2: [['area', new fc.Sector2(0, 0, U, 0, 8192)], ['filter', undefined]],
      overlapRing2: [['area', new fc.Ring2(0, 0, 0, U)], ['filter', undefined]],
    });
  } else {
    Object.assign(M, {
      translate3: [['id', id], ['raw', U], ['raw', 0], ['raw', 0]],
      point3: [['raw', 0], ['raw', 0], ['raw', 0], ['filter', undefined]],
      raycast3: [['raw', 0], ['raw', 0], ['raw', 0], ['raw', U], ['raw', 0], ['raw', 0], ['filter', undefined]],
      cast3: [['shape', s], ['raw', U], ['raw', 0], ['raw', 0], ['filter', undefined]],
      cast3Ex: [['shape', s], ['raw', U], ['raw', 0], ['raw', 0], ['filter', undefined]],
      move3: [['id', id], ['raw', U], ['raw', 0], ['raw', 0]],
      moveShape3: [['shape', s], ['raw', U], ['raw', 0], ['raw', 0]],
    });
  }
  return M;
}

const state = (w) => `${w.checksumHex()} ${w.bodyCount}`;

for (const dim of [2, 3]) {
  test(`${dim}D World: every method x every argument x hostile values`, () => {
    const w = new World({ dim, tag: dim });
    const o = new World({ dim, tag: 7 });
    const other = o.createBody(dim === 2 ? Shape.circle(0, 0, U) : Shape.sphere(0, 0, 0, U));
    const ids = [];
    for (let k = 0; k < 4; k++) {
      ids.push(w.createBody(dim === 2 ? Shape.circle(10 * k * U, 0, U)
        : k === 1 ? Shape.capsule3(10 * U, 0, 0, 12 * U, U, 0, U) : Shape.sphere(10 * k * U, 0, 0, U)));
    }
    const M = specs(dim, w, ids[1], other);
    const extra = M.extra;
    delete M.extra;
    let calls = 0;
    for (const [name, args] of Object.entries(M)) {
      for (let pos = 0; pos < args.length; pos++) {
        const kind = args[pos][0];
        // undefined is the default where the argument is optional
        const bads = [...KINDS[kind], ...(extra[kind] ?? [])].filter((v) => !(v === undefined && args[pos][1] === undefined));
        if (opt.break && name === 'translate2' && pos === 1) bads.push(2 * U);
        for (const bad of bads) {
          const a = args.map((x) => x[1]);
          a[pos] = bad;
          const before = state(w);
          let err = null;
          try {
            w[name](...a);
          } catch (e) {
            err = e;
          }
          const what = `${name} arg ${pos} = ${typeof bad === 'string' ? `string(${bad.length})` : typeof bad === 'symbol' ? 'symbol' : String(bad)}`;
          assert.ok(err instanceof FixcolError, `${what}: ${err ? err : 'accepted'}`);
          assert.ok(err.message.startsWith(name) || err.call === name || err.message.includes(name), `${what}: message names no call: ${err.message.slice(0, 200)}`);
          assert.ok(err.message.length < 400, `${what}: message of ${err.message.length} chars`);
          assert.equal(state(w), before, `${what}: the world changed`);
          w.validate();
          calls++;
        }
      }
    }
    // -0 is 0
    if (dim === 2) w.translate2(ids[1], -0, 0);
    if (dim === 3) w.translate3(ids[1], -0, 0, -0);
    // a destroyed world: every method throws FC_ERR_NULL
    const keep = Object.entries(M).map(([n, a]) => [n, a.map((x) => x[1])]);
    w.destroy();
    for (const [name, a] of keep) {
      assert.throws(() => w[name](...a), (e) => e instanceof FixcolError && e.status === 'FC_ERR_NULL', `destroyed: ${name}`);
      calls++;
    }
    o.destroy();
    console.log(`${dim}D: ${calls} hostile calls, each a named FixcolError, world unchanged`);
  });
}

test('fix helpers and Shape constructors x hostile values', () => {
  let calls = 0;
  const fns = [['fix.mul', (v) => fix.mul(v, U)], ['fix.div', (v) => fix.div(U, v)], ['fix.fromInt', fix.fromInt],
    ['fix.toDecimal', fix.toDecimal], ['fix.sin', fix.sin], ['fix.cos', fix.cos], ['fix.angleToDeg', fix.angleToDeg],
    ['fix.angleFromDeg', fix.angleFromDeg], ['Shape.circle', (v) => Shape.circle(0, v, U)],
    ['Shape.aabb2', (v) => Shape.aabb2(0, 0, v, U)], ['Shape.sphere', (v) => Shape.sphere(0, 0, v, U)],
    ['Shape.capsule3', (v) => Shape.capsule3(0, 0, 0, v, 0, 0, U)],
    ['BodyId', (v) => new BodyId(1, v, 1)]];
  for (const [name, f] of fns) {
    for (const bad of [...COMMON, undefined]) {
      if (name === 'BodyId' && bad === 2 ** 31) continue; // a valid uint32
      assert.throws(() => f(bad), (e) => e instanceof FixcolError && e.message.includes(name.replace('Shape.', '')) &&
        e.message.length < 400, `${name}(${typeof bad})`);
      calls++;
    }
  }
  console.log(`helpers: ${calls} hostile calls`);
});
