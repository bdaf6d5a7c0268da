// SPDX-License-Identifier: MIT
// The re-entrancy check shared by node (reentrancy.test.mjs) and chromium
// (reentrancy_browser.mjs), docs/binding-js.md "Re-entrancy". Every World
// method, called with one argument made hostile: a getter / Proxy trap
// that (during argument conversion) destroys the world, mutates it (a
// move, a new body), restores a snapshot of the other dimension, or makes
// nested calls on it; a number object whose valueOf would do so; or an out
// object whose overridden _load does so while the call writes its results.
// Each call must either throw a FixcolError (destroyed: FC_ERR_NULL; an
// action from inside _load: the busy FC_ERR_ARGUMENT; a number object: an
// argument error naming the call) or succeed with the results, checksum
// and snapshot bytes of a reference run that does the action first and
// then calls with the plain argument. brk (should-fail twin): the guard is
// turned off (reentry._disableReentryGuardForTests); the check must fail
// (it stops at its first failure, so a corrupted wasm heap cannot make it
// run long).

/** { failures, checks, lines } */
export function runReentrancy(fc, reentry, brk) {
  const { World, Shape, BodyId, FixcolError, IdList, PairList, HitList, CastHitList, PairEvents, Sector2, Ring2, fix } = fc;
  const ONE = fix.ONE;
  if (brk) reentry._disableReentryGuardForTests();
  const lines = [];
  let failures = 0, checks = 0;
  const fail = (m) => {
    failures++;
    if (failures <= 30) lines.push(`FAIL: ${m}`);
  };

  const ser = (v) => {
    if (v === null || v === undefined || typeof v !== 'object') return typeof v === 'bigint' ? `${v}n` : String(v);
    if (ArrayBuffer.isView(v)) return `[${Array.from(v).join(',')}]`;
    if (typeof v.count === 'number' && v.words && typeof v.stride === 'number')
      return `list${v.count}[${Array.from(v.words.subarray(0, v.count * v.stride)).join(',')}]`;
    if (v instanceof Shape) return `shape${v.dim}[${Array.from(v.words).join(',')}]`;
    const keys = Object.keys(v).sort();
    return `{${keys.map((k) => `${k}:${ser(v[k])}`).join(',')}}`;
  };

  const make2 = () => {
    const w = new World({ dim: 2, boundsLog2: 12 });
    const ids = [];
    for (let i = 0; i < 30; i++) {
      for (let j = 0; j < 20; j++) {
        const s = (i + j) % 3 === 0 ? Shape.obb2(i * 3 * ONE, j * 3 * ONE, ONE, ONE / 2, (i * 4099) % 65536)
          : Shape.circle(i * 3 * ONE, j * 3 * ONE, 2 * ONE);
        ids.push(w.createBody(s, { category: 1 + (i % 2), mask: 0xffffffff }));
      }
    }
    w.findPairs();
    for (let k = 0; k < 40; k++) w.translate2(ids[k], ONE, 21845);
    w.findPairs();
    return [w, ids];
  };
  const make3 = () => {
    const w = new World({ dim: 3, boundsLog2: 12 });
    const ids = [];
    for (let i = 0; i < 10; i++) for (let j = 0; j < 10; j++) for (let k = 0; k < 5; k++)
      ids.push(w.createBody(Shape.sphere(i * 3 * ONE, j * 3 * ONE, k * 3 * ONE, 2 * ONE)));
    w.findPairs();
    return [w, ids];
  };
  const snapOf = (mk) => {
    const [w] = mk();
    const s = w.snapshot();
    w.destroy();
    return s;
  };
  const SNAP2 = snapOf(make2), SNAP3 = snapOf(make3);

  const big2 = Shape.aabb2(0, 0, 60 * ONE, 40 * ONE);
  const actions = {
    destroy: (w) => w.destroy(),
    mutate: (w, ids) => {
      if (w.dim === 2) {
        w.translate2(ids[4], ONE, -ONE);
        w.createBody(Shape.circle(7 * ONE, 7 * ONE, ONE));
      } else {
        w.translate3(ids[4], ONE, -ONE, ONE);
        w.createBody(Shape.sphere(7 * ONE, 7 * ONE, 7 * ONE, ONE));
      }
    },
    otherDim: (w) => w.restore(w.dim === 2 ? SNAP3 : SNAP2),
    nested: (w, ids) => {
      w.checksum();
      if (w.dim === 2) {
        w.overlap(big2);
        w.raycast2All(0, 0, 50 * ONE, 50 * ONE);
        w.cast2All(Shape.circle(0, 0, ONE), 50 * ONE, 50 * ONE);
        w.point2(3 * ONE, 3 * ONE);
      } else {
        w.overlap(Shape.aabb3(0, 0, 0, 30 * ONE, 30 * ONE, 15 * ONE));
        w.raycast3All(0, 0, 0, 30 * ONE, 30 * ONE, 15 * ONE);
      }
      w.getShape(ids[1]);
      w.getBounds(ids[2]);
      w.snapshot();
    },
  };

  // Hostile wrappers: each runs act once, at its first use.
  const once = (act) => {
    let fired = false;
    return () => {
      if (!fired) {
        fired = true;
        act();
      }
    };
  };
  const wrap = {
    // a Proxy of a Shape / Sector2 / Ring2: traps every property read
    proxy: (t, fire) => new Proxy(t, { get(o, k) { fire(); const v = Reflect.get(o, k, o); return typeof v === 'function' ? v.bind(o) : v; } }),
    filter: (f, fire) => ({ get category() { fire(); return f.category; }, mask: f.mask }),
    id: (id, fire) => ({ get index() { fire(); return id.index; }, generation: id.generation, world: id.world }),
    number: (n, fire) => ({ valueOf() { fire(); return n; } }),
  };
  const F = (cat = 1) => ({ category: cat, mask: 0xffffffff });
  class EvilIds extends IdList { _load(p, n) { this.fire(); return super._load(p, n); } }
  class EvilPairs extends PairList { _load(p, n) { this.fire(); return super._load(p, n); } }
  class EvilHits extends HitList { _load(p, n) { this.fire(); return super._load(p, n); } }
  class EvilCastHits extends CastHitList { _load(p, n) { this.fire(); return super._load(p, n); } }
  const evil = (Cls, fire, ...a) => {
    const o = new Cls(...a);
    o.fire = fire;
    return o;
  };

  // [name, dim, wrap kind, call(w, ids, W)]: W(value) is the (hostile) argument.
  // kind 'out': W(fire) makes the hostile out object (it acts inside the call).
  // A FrameBuffer with a move of id and a checksum (7 words).
  const frameOf = (id) => {
    const fb = new fc.FrameBuffer(8, 16);
    fb.cmd.set([1, id.index, id.generation, id.world, ONE, 0, 14]);
    return fb;
  };
  const cases = [
    ['createBody shape', 2, 'proxy', (w, ids, W) => w.createBody(W(Shape.circle(5 * ONE, 5 * ONE, ONE)), F(2))],
    ['createBody filter', 2, 'filter', (w, ids, W) => w.createBody(Shape.circle(5 * ONE, 5 * ONE, ONE), W(F(2)))],
    ['createBody shape 3D', 3, 'proxy', (w, ids, W) => w.createBody(W(Shape.sphere(ONE, ONE, ONE, ONE)))],
    ['destroyBody', 2, 'id', (w, ids, W) => w.destroyBody(W(ids[9]))],
    ['bodyValid', 2, 'id', (w, ids, W) => w.bodyValid(W(ids[9]))],
    ['translate2 id', 2, 'id', (w, ids, W) => w.translate2(W(ids[9]), ONE, ONE)],
    ['translate2 number', 2, 'number', (w, ids, W) => w.translate2(ids[9], W(ONE), ONE)],
    ['translate3', 3, 'id', (w, ids, W) => w.translate3(W(ids[9]), ONE, ONE, ONE)],
    ['setAngle2', 2, 'id', (w, ids, W) => w.setAngle2(W(ids[0]), 1234)],
    ['setShape id', 2, 'id', (w, ids, W) => w.setShape(W(ids[7]), Shape.circle(ONE, 2 * ONE, 3 * ONE))],
    ['setShape shape', 2, 'proxy', (w, ids, W) => w.setShape(ids[7], W(Shape.circle(ONE, 2 * ONE, 3 * ONE)))],
    ['setFilter', 2, 'filter', (w, ids, W) => w.setFilter(ids[9], W(F(4)))],
    ['setUserData', 2, 'id', (w, ids, W) => w.setUserData(W(ids[9]), 77n)],
    ['getShape', 2, 'id', (w, ids, W) => w.getShape(W(ids[3]))],
    ['getFilter', 2, 'id', (w, ids, W) => w.getFilter(W(ids[3]))],
    ['getUserData', 2, 'id', (w, ids, W) => w.getUserData(W(ids[3]))],
    ['getBounds', 2, 'id', (w, ids, W) => w.getBounds(W(ids[3]))],
    ['bodyHash', 2, 'id', (w, ids, W) => w.bodyHash(W(ids[3]))],
    ['overlap shape', 2, 'proxy', (w, ids, W) => w.overlap(W(Shape.circle(20 * ONE, 20 * ONE, 9 * ONE)))],
    ['overlap filter', 2, 'filter', (w, ids, W) => w.overlap(big2, W(F(2)))],
    ['overlap 3D', 3, 'proxy', (w, ids, W) => w.overlap(W(Shape.sphere(9 * ONE, 9 * ONE, 6 * ONE, 8 * ONE)))],
    ['overlap out', 2, 'out', (w, ids, W) => w.overlap(big2, undefined, W(EvilIds))],
    ['point2', 2, 'filter', (w, ids, W) => w.point2(3 * ONE, 3 * ONE, W(F()))],
    ['point2 number', 2, 'number', (w, ids, W) => w.point2(W(3 * ONE), 3 * ONE)],
    ['point3', 3, 'filter', (w, ids, W) => w.point3(3 * ONE, 3 * ONE, 3 * ONE, W(F()))],
    ['overlapSector2', 2, 'proxy', (w, ids, W) => w.overlapSector2(W(new Sector2(30 * ONE, 30 * ONE, 20 * ONE, 0, 8192)))],
    ['overlapRing2', 2, 'proxy', (w, ids, W) => w.overlapRing2(W(new Ring2(30 * ONE, 30 * ONE, 5 * ONE, 15 * ONE)))],
    ['overlapRing2 filter', 2, 'filter', (w, ids, W) => w.overlapRing2(new Ring2(30 * ONE, 30 * ONE, 5 * ONE, 15 * ONE), W(F(2)))],
    ['raycast2', 2, 'filter', (w, ids, W) => w.raycast2(-ONE, ONE, 90 * ONE, 40 * ONE, W(F()))],
    ['raycast3', 3, 'filter', (w, ids, W) => w.raycast3(-ONE, ONE, ONE, 30 * ONE, 30 * ONE, 6 * ONE, W(F()))],
    ['raycast2All', 2, 'filter', (w, ids, W) => w.raycast2All(-ONE, ONE, 90 * ONE, 40 * ONE, W(F()))],
    ['raycast2All out', 2, 'out', (w, ids, W) => w.raycast2All(-ONE, ONE, 90 * ONE, 40 * ONE, undefined, W(EvilHits))],
    ['raycast3All', 3, 'filter', (w, ids, W) => w.raycast3All(-ONE, ONE, ONE, 30 * ONE, 30 * ONE, 6 * ONE, W(F()))],
    ['cast2 shape', 2, 'proxy', (w, ids, W) => w.cast2(W(Shape.circle(-5 * ONE, ONE, ONE)), 90 * ONE, 30 * ONE)],
    ['cast2 filter', 2, 'filter', (w, ids, W) => w.cast2(Shape.circle(-5 * ONE, ONE, ONE), 90 * ONE, 30 * ONE, W(F()))],
    ['cast2All', 2, 'proxy', (w, ids, W) => w.cast2All(W(Shape.circle(-5 * ONE, ONE, ONE)), 90 * ONE, 30 * ONE)],
    ['cast2All out', 2, 'out', (w, ids, W) => w.cast2All(Shape.circle(-5 * ONE, ONE, ONE), 90 * ONE, 30 * ONE, undefined, W(EvilCastHits, 2))],
    ['cast3', 3, 'proxy', (w, ids, W) => w.cast3(W(Shape.sphere(-5 * ONE, ONE, ONE, ONE)), 30 * ONE, 30 * ONE, 6 * ONE)],
    ['cast3All', 3, 'filter', (w, ids, W) => w.cast3All(Shape.sphere(-5 * ONE, ONE, ONE, ONE), 30 * ONE, 30 * ONE, 6 * ONE, W(F()))],
    ['findPairs out', 2, 'out', (w, ids, W) => w.findPairs(W(EvilPairs))],
    ['pairEvents out', 2, 'out', (w, ids, W) => { const e = new PairEvents(); e.began = W(EvilPairs); return w.pairEvents(e); }],
    ['restore', 2, 'proxy', (w, ids, W) => w.restore(W(SNAP2))],
    ['runFrame count', 2, 'number', (w, ids, W) => w.runFrame(frameOf(ids[9]), W(7))],
    ['rangeChecksum number', 2, 'number', (w, ids, W) => w.rangeChecksum(W(0), 100)],
    ['dumpSlot number', 2, 'number', (w, ids, W) => w.dumpSlot(W(3))],
    ['historyBegin number', 2, 'number', (w, ids, W) => w.historyBegin(W(4), 4096)],
    ['historyRollback number', 2, 'number', (w, ids, W) => w.historyRollback(W(0))],
  ];

  const outcome = (fn) => {
    try {
      return { ok: true, v: ser(fn()) };
    } catch (e) {
      if (!(e instanceof FixcolError)) return { ok: false, foreign: true, v: `${e?.name}: ${e?.message}` };
      return { ok: false, v: `${e.status}: ${e.message}` };
    }
  };
  const state = (w) => (w.destroyed ? 'destroyed' : `${w.checksumHex()} ${ser(w.snapshot())}`);

  for (const [name, dim, kind, call] of cases) {
    if (brk && failures) break;
    const make = dim === 2 ? make2 : make3;
    for (const [an, act] of Object.entries(actions)) {
      if (brk && failures) break;
      const what = `${name} x ${an}`;
      const [w, ids] = make();
      let fired = 0;
      const fire = once(() => {
        fired++;
        act(w, ids);
      });
      const W = kind === 'out' ? (Cls, ...a) => evil(Cls, fire, ...a) : (v) => wrap[kind](v, fire);
      const r = outcome(() => call(w, ids, W));
      checks++;
      if (r.foreign) {
        fail(`${what}: a non-FixcolError escaped: ${r.v}`);
      } else if (kind === 'number') {
        // a number object is rejected by type: its valueOf never runs
        if (r.ok || !r.v.startsWith('FC_ERR_ARGUMENT') || fired) fail(`${what}: expected an argument error without valueOf running, got ${r.v}`);
        else if (!r.v.includes(name.split(' ')[0])) fail(`${what}: the error does not name the call: ${r.v}`);
      } else if (kind === 'out') {
        // the action runs inside the call: refused as busy
        if (r.ok || !r.v.includes('busy')) fail(`${what}: expected the busy error from inside the call, got ${r.v.slice(0, 200)}`);
        else if (w.destroyed) fail(`${what}: the world was destroyed from inside a call on it`);
      } else if (an === 'destroy') {
        if (r.ok || !r.v.startsWith('FC_ERR_NULL')) fail(`${what}: expected FC_ERR_NULL (destroyed), got ${r.v.slice(0, 200)}`);
      } else {
        const [rw, rids] = make();
        act(rw, rids);
        const rr = outcome(() => call(rw, rids, (v) => (kind === 'out' ? new v() : v)));
        if (r.ok !== rr.ok || r.v !== rr.v) fail(`${what}: ${r.v.slice(0, 160)} vs reference ${rr.v.slice(0, 160)}`);
        else if (state(w) !== state(rw)) fail(`${what}: checksum/snapshot differ from the reference`);
        rw.destroy();
      }
      if (!w.destroyed) {
        try {
          w.validate();
        } catch (e) {
          fail(`${what}: the world no longer validates: ${e.message}`);
        }
        w.destroy();
      }
    }
  }
  // a fresh world still works after all of it
  const [w] = make2();
  checks++;
  if (w.bodyCount !== 600) fail(`a fresh world has ${w.bodyCount} bodies, not 600`);
  w.destroy();
  lines.push(`reentrancy: ${checks} checks, ${failures} failures`);
  return { failures, checks, lines };
}
