// SPDX-License-Identifier: MIT
// usage: node frame.test.mjs --package DIR --c-tool FIXCOL_MOBA [--break]
// World.runFrame and FrameBuffer (fixcol/frame.h) through the JS package:
//   - the call-heavy MOBA frame (scripts/moba_heavy.mjs) with the per-call
//     methods and with runFrame give the same digest every frame, equal to
//     C's (fixcol-moba): moves with a rotation, shape reads, sectors, rings,
//     rays, casts, pairs, events, push-outs, checksum;
//   - TRANSLATE2, SET_ANGLE2, SET_SHAPE2, OVERLAP2, GET_SHAPE2 of an OBB and
//     EVENTS lists against the per-call methods on a twin world;
//   - errors change nothing: a malformed command (its word named), a short
//     out (the words needed named), bad counts, a freed buffer, a Proxy of a
//     FrameBuffer (refused, no trap runs), a look-alike object; views
//     survive the wasm memory growing.
// --break: the per-call side reads sin for cos (must fail).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from './args.mjs';
import { setup, percall, batch } from '../scripts/moba_heavy.mjs';

const { opt } = parseArgs(process.argv.slice(2), ['break']);
const fc = await import(pathToFileURL(join(opt.package, 'lib', 'index.js')).href);
const { World, Shape, FixcolError, FrameBuffer, FrameOp: OP, Status, IdList, PairEvents, fix } = fc;
const U = fix.ONE;

test('MOBA frame: per-call = runFrame = C, every frame', () => {
  const pfc = opt.break ? { ...fc, fix: { ...fix, cos: fix.sin } } : fc;
  const a = setup(pfc), b = setup(fc);
  const fb = new FrameBuffer(8192, 65536);
  for (let f = 1; f <= 30; f++) {
    const dp = percall(pfc, a, 1), db = batch(fc, b, 1, fb);
    assert.equal(a.w.checksumHex(), b.w.checksumHex(), `frame ${f}: checksums`);
    assert.equal(dp, db, `frame ${f}: digests`);
  }
  const r = spawnSync(opt['c-tool'], ['check', '30'], { encoding: 'utf8' });
  const m = setup(pfc);
  const d = percall(pfc, m, 30);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(`digest ${d}`, r.stdout.split('\n')[0], 'the C frame');
  fb.free();
});

function twins() {
  const make = () => {
    const w = new World({ boundsLog2: 7 });
    const ids = [];
    for (let k = 0; k < 12; k++) {
      const s = k % 3 === 0 ? Shape.obb2(k * 6 * U, 10 * U, 2 * U, U, k * 3000) : Shape.circle(k * 6 * U, 12 * U, 3 * U);
      ids.push(w.createBody(s, { category: k % 4 === 0 ? 2 : 1, mask: 0xffffffff }));
    }
    w.findPairs();
    return [w, ids];
  };
  return [make(), make()];
}
const idw = (id) => [id.index, id.generation, id.world];

test('TRANSLATE2, SET_ANGLE2, SET_SHAPE2, OVERLAP2, GET_SHAPE2, EVENTS = the per-call methods', () => {
  const [[a, ia], [b, ib]] = twins();
  const fb = new FrameBuffer(256, 4096);
  const cmd = [
    OP.TRANSLATE2, ...idw(ib[1]), 5 * U, -U,
    OP.TRANSLATE2, ...idw(ib[2]), 9000 * U, 0, // out of range: FC_ERR_RANGE
    OP.SET_ANGLE2, ...idw(ib[3]), 12345,
    OP.SET_ANGLE2, ...idw(ib[4]), 1, // a circle: FC_ERR_SHAPE_TYPE
    OP.SET_SHAPE2, ...idw(ib[5]), 4, 0, 0, 8 * U, 4 * U, U, // capsule
    OP.GET_SHAPE2, ...idw(ib[3]),
    OP.OVERLAP2, 1, -1, 16, 2, 0, 0, 40 * U, 20 * U,
    OP.PAIRS, 64, OP.EVENTS, 64, 64, OP.CHECKSUM,
  ];
  fb.cmd.set(cmd);
  const words = b.runFrame(fb, cmd.length);
  const o = fb.out;
  const st = (fn) => { try { fn(); return 0; } catch (e) { return e.code; } };
  assert.equal(o[0], st(() => a.translate2(ia[1], 5 * U, -U)));
  assert.equal(o[1], st(() => a.translate2(ia[2], 9000 * U, 0)));
  assert.equal(o[1], Status.FC_ERR_RANGE);
  assert.equal(o[2], st(() => a.setAngle2(ia[3], 12345)));
  assert.equal(o[3], st(() => a.setAngle2(ia[4], 1)));
  assert.equal(o[3], Status.FC_ERR_SHAPE_TYPE);
  assert.equal(o[4], st(() => a.setShape(ia[5], Shape.capsule2(0, 0, 8 * U, 4 * U, U))));
  const s = a.getShape(ia[3]);
  assert.deepEqual([...o.subarray(5, 12)], [0, 3, ...s.words.subarray(1, 6)], 'OBB read back');
  let k = 5 + 19;
  const q = a.overlap(Shape.aabb2(0, 0, 40 * U, 20 * U), { category: 1, mask: 0xffffffff }, new IdList());
  assert.equal(o[k], 0);
  assert.equal(o[k + 1], q.count);
  for (let i = 0; i < q.count; i++) assert.deepEqual([...o.subarray(k + 2 + 3 * i, k + 5 + 3 * i)], idw(q.id(i)));
  k += 2 + 3 * 16;
  const pl = a.findPairs();
  assert.equal(o[k + 1], pl.count);
  k += 2 + 6 * 64;
  const ev = a.pairEvents(new PairEvents());
  assert.equal(o[k], 0);
  assert.equal(o[k + 1], ev.began.count);
  assert.equal(o[k + 2], ev.ended.count);
  for (let i = 0; i < ev.ended.count; i++) assert.deepEqual([...o.subarray(k + 3 + 6 * 64 + 6 * i, k + 6 + 6 * 64 + 6 * i)], idw(ev.ended.a(i)));
  k += 3 + 12 * 64;
  assert.equal(k + 3, words);
  const sum = a.checksumWords();
  assert.deepEqual([o[k] >>> 0, o[k + 1] >>> 0, o[k + 2] >>> 0], [0, sum[0], sum[1]]);
  assert.equal(a.checksumHex(), b.checksumHex());
});

test('errors change nothing and name what is wrong; views survive memory growth', () => {
  const [[w, ids]] = twins();
  const fb = new FrameBuffer(16, 8);
  const good = [OP.TRANSLATE2, ...idw(ids[1]), U, 0, OP.CHECKSUM];
  fb.cmd.set(good);
  const before = w.checksumHex();
  const refuse = (fn, status, re) => {
    fb.out.fill(77);
    assert.throws(fn, (e) => e instanceof FixcolError && e.code === status && re.test(e.message) && e.message.startsWith('runFrame'),
      `expected ${status} ${re}`);
    assert.equal(w.checksumHex(), before, 'the world changed');
    assert.ok(fb.out.every((v) => v === 77), 'the output changed');
  };
  fb.cmd[7] = 99;
  refuse(() => w.runFrame(fb, 8), Status.FC_ERR_ARGUMENT, /cmd\[6\]|cmd\[7\]/);
  fb.cmd.set(good);
  refuse(() => w.runFrame(fb, 5), Status.FC_ERR_ARGUMENT, /cmd\[0\]/); // cut command
  for (const n of [-1, 17, 0.5, NaN, '7', 7n, null, undefined, { valueOf: () => 7 }]) refuse(() => w.runFrame(fb, n), Status.FC_ERR_ARGUMENT, /n must/);
  let trapped = 0;
  const px = new Proxy(fb, { get(o, k) { trapped++; w.destroy(); return Reflect.get(o, k, o); } });
  refuse(() => w.runFrame(px, 7), Status.FC_ERR_ARGUMENT, /FrameBuffer/);
  assert.equal(trapped, 0, 'a trap ran');
  refuse(() => w.runFrame({ cmd: fb.cmd, out: fb.out, cmdWords: 16, outWords: 8 }, 7), Status.FC_ERR_ARGUMENT, /FrameBuffer/);
  const big = [...good.slice(0, 6), OP.PAIRS, 64];
  fb.cmd.set(big);
  refuse(() => w.runFrame(fb, 8), Status.FC_ERR_BUFFER, /need 387 result words/);
  fb.cmd.set(good);
  assert.equal(w.runFrame(fb, 7), 4);
  assert.equal(fb.out[0], 0);
  // the wasm memory grows: the views are made again
  const old = fb.cmd;
  const huge = new World({ bodyCapacity: 300000 });
  assert.ok(old.length === 0 || fb.cmd.buffer !== old.buffer || old.length === 16);
  assert.equal(fb.cmd[0], OP.TRANSLATE2);
  huge.destroy();
  const moved = w.checksumHex();
  fb.free();
  fb.free();
  assert.throws(() => w.runFrame(fb, 7), (e) => e.code === Status.FC_ERR_ARGUMENT && /freed/.test(e.message));
  assert.equal(w.checksumHex(), moved);
  assert.throws(() => fb.cmd, FixcolError);
  for (const bad of [0, -1, 1.5, 2 ** 25, '8', undefined]) assert.throws(() => new FrameBuffer(bad, 8), FixcolError);
  w.destroy();
  assert.throws(() => w.runFrame(new FrameBuffer(8, 8), 0), (e) => e.code === Status.FC_ERR_NULL);
});
