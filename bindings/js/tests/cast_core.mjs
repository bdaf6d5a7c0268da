// SPDX-License-Identifier: MIT
// The shape-cast check shared by node (cast.test.mjs) and chromium
// (cast_browser.mjs): every case of cast_cases.txt (tests/cast_cases.c, the
// C library's answers) through the package's API must give the C status,
// hit, t and normal (world casts: the same body indices in the same order).
// Besides: overlapping at the start gives t = 0 with the contact() normal, a
// zero delta hits iff the shapes overlap, the closest world hit is the first
// of all hits, every world hit passes the query filter and equals the pair
// cast against that body's shape, and the list covers misses, hits, t = 0
// hits and errors. brk (should-fail twin): every expected t one raw larger.

/** Run the cases of `text` with the package module `fc`; { failures, checks, lines }. */
export function runCastCases(fc, text, brk) {
  const { World, Shape, FixcolError, cast2, cast3, contact, overlap, CastHitList } = fc;
  const lines = [];
  let failures = 0, checks = 0, lineNo = 0;
  const check = (ok, what) => {
    checks++;
    if (ok) return;
    failures++;
    if (failures <= 20) lines.push(`FAIL: line ${lineNo}: ${what}`);
  };
  const n = { pairs: 0, hits: 0, misses: 0, t0: 0, world: 0, worldHits: 0, errors: 0, range: 0, shapeType: 0 };
  const STATUS = { 0: 'ok' };
  for (const [name, code] of Object.entries(fc.Status)) STATUS[code] = name;

  let toks = [], pos = 0;
  const word = () => toks[pos++];
  const num = () => {
    const v = Number(word());
    if (!Number.isInteger(v)) throw new Error(`line ${lineNo}: number expected`);
    return v;
  };
  const shape2 = () => {
    const t = word();
    if (t === 'circle') return Shape.circle(num(), num(), num());
    if (t === 'aabb') return Shape.aabb2(num(), num(), num(), num());
    if (t === 'obb') return Shape.obb2(num(), num(), num(), num(), num());
    if (t === 'capsule') return Shape.capsule2(num(), num(), num(), num(), num());
    if (t === 'poly') {
      const xy = [];
      for (let i = 2 * num(); i > 0; i--) xy.push(num());
      return Shape.poly2(xy);
    }
    throw new Error(`line ${lineNo}: 2D shape expected, got ${t}`);
  };
  const shape3 = () => {
    const t = word();
    if (t === 'sphere') return Shape.sphere(num(), num(), num(), num());
    if (t === 'aabb') return Shape.aabb3(num(), num(), num(), num(), num(), num());
    if (t === 'capsule') return Shape.capsule3(num(), num(), num(), num(), num(), num(), num());
    if (t === 'obb') {
      const c = [num(), num(), num()], h = [num(), num(), num()], a = [];
      for (let i = 0; i < 9; i++) a.push(num());
      return Shape.obb3(c, h, a);
    }
    throw new Error(`line ${lineNo}: 3D shape expected, got ${t}`);
  };
  // The status of a call: 0, or the thrown FixcolError's code; its value.
  const call = (f) => {
    try {
      return [0, f()];
    } catch (e) {
      if (!(e instanceof FixcolError)) throw e;
      return [e.code, null];
    }
  };
  const countError = (st) => {
    n.errors++;
    if (STATUS[st] === 'FC_ERR_RANGE') n.range++;
    if (STATUS[st] === 'FC_ERR_SHAPE_TYPE') n.shapeType++;
  };
  const show = (h, dim) => (h ? `${h.t} ${Array.from(h.normal.slice(0, dim)).join(' ')}` : 'miss');
  const listHit = (l, i, dim) => {
    const v = [l.t(i)];
    for (let k = 0; k < dim; k++) v.push(l.normal(i, k));
    return v.join(' ');
  };
  // filter rule of fixcol/world.h: a query Q reports B when (B.category & Q.mask) && (Q.category & B.mask)
  const passes = (b, q) => ((b.category & q.mask) >>> 0) !== 0 && ((q.category & b.mask) >>> 0) !== 0;

  let w = null, dim = 2, bodies = [];
  const pairCast = (d3, m, d, t) => (d3 ? cast3(m, d[0], d[1], d[2], t) : cast2(m, d[0], d[1], t));

  const pair = (d3) => {
    const dm = d3 ? 3 : 2;
    const m = d3 ? shape3() : shape2();
    const d = d3 ? [num(), num(), num()] : [num(), num()];
    const t = d3 ? shape3() : shape2();
    word();
    const est = num(), ehit = num(), e = [];
    for (let i = 0; i <= dm; i++) e.push(num());
    if (brk) e[0]++;
    n.pairs++;
    const [st, h] = call(() => pairCast(d3, m, d, t));
    check(st === est, `status ${STATUS[st]}, C ${STATUS[est]}`);
    if (est !== 0) return countError(est);
    if (ehit === 0) {
      n.misses++;
      check(h === null, `C misses, JS ${show(h, dm)}`);
    } else {
      n.hits++;
      check(h !== null && show(h, dm) === e.join(' ') && h.index === 0 && h.generation === 0,
        `JS ${show(h, dm)}, C ${e.join(' ')}`);
    }
    const c = contact(m, t);
    if (c) {
      n.t0++;
      check(h !== null && h.t === 0 && Array.from(h.normal).join() === Array.from(c.normal).join(),
        `overlapping at the start: ${show(h, dm)}, contact normal ${Array.from(c.normal).join(' ')}`);
    }
    if (d.every((v) => v === 0)) check((h !== null) === overlap(m, t), `zero delta: hit ${h !== null}`);
  };

  const worldCast = (kind) => {
    const d3 = kind.endsWith('3'), dm = d3 ? 3 : 2;
    const m = d3 ? shape3() : shape2();
    const d = d3 ? [num(), num(), num()] : [num(), num()];
    const f = { category: num(), mask: num() };
    word();
    const est = num();
    n.world++;
    if (est !== 0) countError(est);
    const all = () => (d3 ? w.cast3All(m, d[0], d[1], d[2], f) : w.cast2All(m, d[0], d[1], f));
    if (kind.startsWith('cast')) {
      const ehit = num(), eidx = num(), e = [];
      for (let i = 0; i <= dm; i++) e.push(num());
      if (brk) e[0]++;
      const [st, h] = call(() => (d3 ? w.cast3(m, d[0], d[1], d[2], f) : w.cast2(m, d[0], d[1], f)));
      check(st === est, `status ${STATUS[st]}, C ${STATUS[est]}`);
      if (est !== 0) return;
      if (ehit === 0) check(h === null, `C misses, JS ${show(h, dm)}`);
      else {
        n.worldHits++;
        check(h !== null && h.index === eidx && show(h, dm) === e.join(' '),
          `JS ${h?.index} ${show(h, dm)}, C ${eidx} ${e.join(' ')}`);
      }
      const l = all();
      check(h ? l.count > 0 && l.id(0).equals(h.id) && listHit(l, 0, dm) === show(h, dm) : l.count === 0,
        'closest is not the first of all');
      return;
    }
    const en = num();
    const [st, l] = call(all);
    check(st === est, `status ${STATUS[st]}, C ${STATUS[est]}`);
    if (est !== 0) return;
    check(l instanceof CastHitList && l.count === en, `${l.count} hits, C ${en}`);
    let hitBodies = 0;
    bodies.forEach((b) => {
      if (passes(b, f) && pairCast(d3, m, d, b.shape)) hitBodies++;
    });
    check(hitBodies === l.count, `${hitBodies} bodies hit by pair casts, all-hits ${l.count}`);
    for (let i = 0; i < Math.min(en, l.count); i++) {
      const eidx = num(), e = [];
      for (let k = 0; k <= dm; k++) e.push(num());
      if (brk && i === 0) e[0]++;
      const k = l.index(i);
      check(k === eidx && listHit(l, i, dm) === e.join(' '), `hit ${i}: JS ${k} ${listHit(l, i, dm)}, C ${eidx} ${e.join(' ')}`);
      check(k < bodies.length && passes(bodies[k], f), `body ${k} does not pass the filter`);
      const p = k < bodies.length ? pairCast(d3, m, d, bodies[k].shape) : null;
      check(p !== null && show(p, dm) === listHit(l, i, dm), `hit ${i} differs from the pair cast (${show(p, dm)})`);
    }
  };

  for (const line of text.split('\n')) {
    lineNo++;
    toks = line.split(' ').filter((s) => s.length > 0);
    pos = 0;
    const kind = word();
    if (kind === undefined || kind.startsWith('#')) continue;
    if (kind === 'pair2' || kind === 'pair3') pair(kind === 'pair3');
    else if (kind === 'world') {
      w?.destroy();
      dim = num();
      w = new World({ dim, tag: num() });
      bodies = [];
    } else if (kind === 'body') {
      const shape = dim === 3 ? shape3() : shape2();
      const b = { shape, category: num(), mask: num() };
      const id = w.createBody(shape, { category: b.category, mask: b.mask });
      check(id.index === bodies.length, 'body index follows the creation order');
      bodies.push(b);
    } else worldCast(kind);
  }
  if (w) {
    w.destroy();
    const [st] = call(() => w.cast2(Shape.circle(0, 0, 65536), 0, 0));
    check(STATUS[st] === 'FC_ERR_NULL', 'destroyed world: cast2 throws FC_ERR_NULL');
  }
  check(n.pairs > 200 && n.hits > 20 && n.misses > 20 && n.t0 > 5 && n.range >= 4 && n.shapeType >= 4 && n.world > 100 &&
    n.worldHits > 10, `case coverage ${JSON.stringify(n)}`);
  lines.push(`casts: ${n.pairs} pairs (${n.hits} hits, ${n.misses} misses, ${n.t0} at t = 0), ${n.world} world casts ` +
    `(${n.worldHits} closest hits), ${n.errors} errors; ${checks} checks, ${failures} failed`);
  return { failures, checks, lines };
}
