// SPDX-License-Identifier: MIT
// usage: node capsule3.test.mjs --package DIR [--break]
// The 3D capsule as a world body from JS (issue 29): the scene of
// tests/test_world_capsule3.c (binding_scene) built through the binding gives
// C's checksum, snapshot bytes and dump lines; the capsule reads back exactly
// (getShape, also into a reused Shape), translates, reshapes, has its bounds;
// findPairs and overlap find the touching bodies and not one 1 raw apart;
// the snapshot restores (same bytes and checksum) and a history rollback
// brings the capsules back; bad capsules throw and change nothing.
// --break (should-fail twin): body 0's capsule is built 1 raw longer, so C's
// values must not match.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from './args.mjs';

const { opt } = parseArgs(process.argv.slice(2), ['break']);
const fc = await import(pathToFileURL(join(opt.package, 'lib', 'index.js')).href);
const { World, Shape, FixcolError } = fc;
const U = 65536;

// C's values (tests/test_world_capsule3.c: SCENE_CHECKSUM, scene_snapshot, scene_dump)
const C_CHECKSUM = '13ac6bd48bfa01ea';
const C_SNAPSHOT =
  '46435357020000007000000003000000010000000000000000000000000000000a000000050000000300000003000000000000000000' +
  '00000104000000808050000080800801018080288080180080801001140780806000000080802000808008000000000000006387cb46' +
  '46caf556';
const C_DUMP =
  'body 0 1 cat 0x00000001 mask 0xffffffff user 0 capsule a 0 0 0 b 10 0 0 radius 1\n' +
  'body 1 1 cat 0x00000001 mask 0xffffffff user 0 sphere center 5 3 0 radius 2\n' +
  'body 2 1 cat 0x00000001 mask 0xffffffff user 7 capsule a 12 0 0 b 12 4 0 radius 1\n';

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
// words[0] = type code (4: capsule), then a.x a.y a.z b.x b.y b.z radius
const fields = (s) => Array.from(s.words.subarray(0, 8));
const throwsStatus = (fn, status, what) =>
  assert.throws(fn, (e) => e instanceof FixcolError && e.status === status, `${what}: expected ${status}`);

test('capsule3 world bodies: C\'s checksum, snapshot bytes and dump; read back, queries, restore, rollback, errors', () => {
  const w = new World({ dim: 3 });
  const b0 = w.createBody(Shape.capsule3(0, 0, 0, 10 * U + (opt.break ? 1 : 0), 0, 0, U));
  const b1 = w.createBody(Shape.sphere(5 * U, 3 * U, 0, 2 * U));
  const b2 = w.createBody(Shape.capsule3(20 * U, 0, 0, 20 * U, 5 * U, 0, U / 2), undefined, 7n);
  const s0 = w.getShape(b0);
  assert.equal(s0.type, 'capsule');
  assert.deepEqual(fields(s0), [4, 0, 0, 0, 10 * U, 0, 0, U], 'body 0 reads back as its capsule');
  w.translate3(b2, U, 0, -U);
  const out = Shape.sphere(0, 0, 0, 0);
  assert.equal(w.getShape(b2, out), out);
  assert.deepEqual(fields(out), [4, 21 * U, 0, -U, 21 * U, 5 * U, -U, U / 2], 'translated capsule into a reused Shape');
  w.setShape(b2, Shape.capsule3(12 * U, 0, 0, 12 * U, 4 * U, 0, U));
  assert.deepEqual(fields(w.getShape(b2)), [4, 12 * U, 0, 0, 12 * U, 4 * U, 0, U], 'reshaped capsule');
  assert.deepEqual(Array.from(w.getBounds(b2)), [11 * U, -U, -U, 13 * U, 5 * U, U], 'capsule bounds');
  const p = w.findPairs();
  assert.equal(p.count, 2);
  assert.ok(p.a(0).equals(b0) && p.b(0).equals(b1) && p.a(1).equals(b0) && p.b(1).equals(b2), 'pairs');
  // C's values
  assert.equal(w.checksumHex(), C_CHECKSUM, 'checksum is C\'s');
  const blob = w.snapshot();
  assert.equal(hex(blob), C_SNAPSHOT, 'snapshot bytes are C\'s');
  assert.ok(w.dump().includes(C_DUMP), 'dump lines are C\'s');
  assert.equal(w.dumpSlot(0), C_DUMP.split('\n')[0] + '\n', 'dumpSlot(0) is C\'s line');
  // queries: touching yes, 1 raw apart no
  let ids = w.overlap(Shape.sphere(5 * U, -3 * U, 0, 2 * U));
  assert.ok(ids.count === 1 && ids.id(0).equals(b0), 'a sphere touching the capsule from below');
  ids = w.overlap(Shape.sphere(5 * U, -3 * U - 1, 0, 2 * U));
  assert.equal(ids.count, 0, 'a sphere 1 raw below the capsule');
  ids = w.overlap(Shape.capsule3(0, -2 * U, 5 * U, 0, -2 * U, -5 * U, U));
  assert.ok(ids.count === 1 && ids.id(0).equals(b0), 'a capsule query touching the capsule');
  // snapshot round trip
  const w2 = new World();
  w2.restore(blob);
  assert.equal(w2.checksumHex(), w.checksumHex());
  assert.equal(hex(w2.snapshot()), hex(blob), 'restored: same bytes');
  assert.deepEqual(fields(w2.getShape(b2)), [4, 12 * U, 0, 0, 12 * U, 4 * U, 0, U], 'restored capsule');
  w2.destroy();
  // history: a rollback restores the capsules
  w.historyBegin(4, 65536);
  w.historySave();
  w.translate3(b0, U, U, U);
  w.setShape(b2, Shape.sphere(0, 0, 0, U));
  w.historySave();
  w.historyRollback(1);
  assert.equal(w.checksumHex(), C_CHECKSUM, 'rollback restores the capsules');
  assert.equal(hex(w.snapshot()), hex(blob));
  w.historyEnd();
  // bad capsules change nothing
  throwsStatus(() => w.setShape(b0, Shape.capsule3(0, 0, 0, 8192 * U + 1, 0, 0, U)), 'FC_ERR_RANGE', 'endpoint');
  throwsStatus(() => w.setShape(b0, Shape.capsule3(0, 0, 0, 0, 0, 0, -1)), 'FC_ERR_SIZE', 'radius -1');
  throwsStatus(() => w.createBody(Shape.capsule3(0, 0, 0, 0, 0, 0, 4096 * U + 1)), 'FC_ERR_SIZE', 'radius past the limit');
  throwsStatus(() => w.translate3(b0, 8192 * U, 0, 0), 'FC_ERR_RANGE', 'translate past the limit');
  assert.equal(w.checksumHex(), C_CHECKSUM, 'nothing changed');
  assert.equal(w.bodyCount, 3);
  w.destroy();
});
