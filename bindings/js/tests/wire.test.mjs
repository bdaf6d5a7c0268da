// SPDX-License-Identifier: MIT
// usage: node wire.test.mjs --package DIR [--break-budget] [--break-reorder]
// The desync wire protocol from JavaScript (fixcol/wire.h, docs/lockstep.md):
// a WireLeader and a WireFollower exchange Uint8Arrays over a loopback.
// Honest: two worlds of 2,000 bodies that differ in a few slots (a 1-raw
// move, a mask bit, a shape type, a re-created body, an extra body) ->
// exactly those slots are reported, each naming its field; one difference
// within 2 + ceil(log2 S) rounds; the follower receives every REPORT byte
// for byte; equal worlds end 'equal' in one round; 60 random seeds of
// random moves agree with an oracle from dumpSlot. A follower whose world
// differs in every slot is stopped by the budget (64 reports); lying
// followers (answers off by one, random, dumps of another slot; messages
// made by an encoder written here from the documented layout) end with a
// verdict within the budget. Messages: truncations, replays, out-of-order
// rounds, other sessions, the cap, abort. Hostile arguments: non-bytes,
// Proxies of a Uint8Array or a World and fake objects are refused without
// running any trap or getter; option getters that call into other searches;
// destroyed worlds; nothing changes on an error.
// --break-budget (should-fail twin): the every-slot run without a budget.
// --break-reorder (should-fail twin): the 3rd and 4th answers swapped.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from './args.mjs';

const { opt } = parseArgs(process.argv.slice(2), ['break-budget', 'break-reorder']);
const BREAK_BUDGET = !!opt['break-budget'], BREAK_REORDER = !!opt['break-reorder'];
const fc = await import(pathToFileURL(join(opt.package, 'lib', 'index.js')).href);
const { World, Shape, WireLeader, WireFollower, wireDecode, wireChecksum, WIRE_MESSAGE_MAX, DESYNC_ASK_SLOTS, FixcolError, fix } = fc;

let checks = 0, failures = 0;
function check(cond, msg) {
  checks++;
  if (!cond) {
    failures++;
    if (failures < 40) console.error(`FAIL: ${msg}`);
  }
}
function throwsStatus(fn, status, msg) {
  try {
    fn();
  } catch (e) {
    check(e instanceof FixcolError && e.status === status, `${msg}: threw ${e.status ?? e.message}, want ${status}`);
    return;
  }
  check(false, `${msg}: did not throw`);
}

// ---- the documented layout, independently
const TYPES = { checksum: 1, start: 2, ask: 3, answer: 4, dump_ask: 5, dump: 6, report: 7, verdict: 8, abort: 9 };
function encode(type, session, frame, round, payload) {
  const b = new Uint8Array(24 + payload.length);
  const dv = new DataView(b.buffer);
  b.set([0x46, 0x43, 0x57, 0x50]);
  dv.setUint16(4, 1, true);
  dv.setUint16(6, TYPES[type], true);
  dv.setUint32(8, session, true);
  dv.setUint32(12, frame, true);
  dv.setUint32(16, round, true);
  dv.setUint32(20, payload.length, true);
  b.set(payload, 24);
  return b;
}
const u64 = (v) => { const b = new Uint8Array(8); new DataView(b.buffer).setBigUint64(0, v, true); return b; };
const u32 = (v) => { const b = new Uint8Array(4); new DataView(b.buffer).setUint32(0, v, true); return b; };
const cat = (...p) => { const b = new Uint8Array(p.reduce((n, x) => n + x.length, 0)); let o = 0; for (const x of p) { b.set(x, o); o += x.length; } return b; };
const same = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);

const N = 2000, U = fix.ONE, ALL = { category: 1, mask: 0xffffffff };
const shapeOf = (k, dx) => (k % 3 === 0 ? Shape.aabb2((k % 50) * U + dx, (k % 37) * U, (k % 50) * U + U + dx, (k % 37) * U + 2 * U)
  : Shape.circle((k % 61) * U + dx, (k % 43) * U, U));
function build(dx = 0) {
  const w = new World();
  const ids = [];
  for (let k = 0; k < N; k++) ids[k] = w.createBody(shapeOf(k, dx), ALL, BigInt(k));
  return { w, ids };
}
const clone = (w) => { const c = new World(); c.restore(w.snapshot()); return c; };

function run(lead, a, fol, b, liar) {
  const r = { reports: [], followerReports: 0, same: 0, bad: 0, toLeader: 0, toFollower: 0 };
  let last = null, answers = 0, held = 0n;
  for (let step = 0; step < 200000; step++) {
    const out = [];
    for (let m; (m = lead.produce(a)) !== null;) {
      out.push(m);
      const d = wireDecode(m);
      if (d.type === 'report') { r.reports.push(d); last = m; }
    }
    if (out.length === 0) break;
    const back = [];
    for (const m of out) {
      r.toFollower++;
      if (liar) {
        const reply = liar(wireDecode(m));
        if (reply) back.push(reply);
        continue;
      }
      const st = fol.receive(m);
      if (st === 'report') {
        r.followerReports++;
        if (last && same(m, last)) r.same++;
      } else if (!['accepted', 'start', 'verdict', 'aborted'].includes(st)) r.bad++;
      for (let reply; (reply = fol.produce(b)) !== null;) back.push(reply);
    }
    for (let m of back) {
      if (BREAK_REORDER && !liar) {
        const d = wireDecode(m);
        if (d.type === 'answer') {
          answers++;
          if (answers === 3) { held = d.answer; m = null; }
          else if (answers === 4) m = encode('answer', d.session, d.frame, d.round - 1, u64(held));
        }
      }
      if (!m) continue;
      r.toLeader++;
      const st = lead.receive(m);
      if (st !== 'accepted' && st !== 'aborted') r.bad++;
    }
  }
  return r;
}
const ceilLog2 = (n) => { let k = 0; while (2 ** k < n) k++; return k; };

const { w: a, ids } = build();

{ // honest peers, several differences
  const b = clone(a);
  b.setShape(ids[17], Shape.circle((17 % 61) * U + 1, (17 % 43) * U, U));
  b.setFilter(ids[640], { category: 1, mask: 0xfffffffe });
  b.setShape(ids[900], Shape.circle(0, 0, U));
  b.destroyBody(ids[1500]);
  b.createBody(shapeOf(1500, 0), ALL, 1500n);
  b.createBody(Shape.circle(0, 0, U), ALL);
  const lead = new WireLeader({ session: 11, frame: 77 }), fol = new WireFollower();
  const r = run(lead, a, fol, b);
  const want = [17, 640, 900, 1500, 2000];
  const fields = ['\ncenter.x: ', '\nmask: ', '\nshape: aabb vs circle\n', '\ngeneration: ', '\nstate: unused vs body\n'];
  check(lead.verdict === 'found' && fol.verdict === 'found', `verdict ${lead.verdict}`);
  check(lead.ended && fol.ended, 'both ended');
  check(r.reports.length === want.length, `reports ${r.reports.length}`);
  want.forEach((slot, i) => {
    const rep = r.reports[i];
    check(rep?.slot === slot, `report ${i} names slot ${slot}`);
    check(rep?.text.includes(fields[i]), `report ${i} names ${JSON.stringify(fields[i])}: ${rep?.text}`);
    check(rep?.text.startsWith(`frame 77 slot ${slot}\n`), 'report head');
  });
  check(lead.reports.length === want.length && lead.reports[2].slot === 900 && lead.reports[2].frame === 77, 'lead.reports');
  check(r.followerReports === want.length && r.same === want.length, 'the follower took every REPORT byte for byte');
  check(r.bad === 0, 'no message rejected');
  b.destroy();
}
{ // one difference; equal worlds
  const b = clone(a);
  b.setShape(ids[1234], Shape.circle((1234 % 61) * U, (1234 % 43) * U - 1, U));
  const lead = new WireLeader({ session: 12, frame: 1 }), fol = new WireFollower();
  const r = run(lead, a, fol, b);
  check(r.reports.length === 1 && r.reports[0].slot === 1234, 'one difference found');
  check(lead.rounds <= 2 + ceilLog2(N), `one difference in ${lead.rounds} rounds`);
  check(r.toLeader + r.toFollower === 2 * lead.rounds + 5, 'messages: 2 per round + 5');
  console.log(`one difference: ${lead.rounds} rounds, ${r.toLeader + r.toFollower} messages`);
  b.destroy();
  const c = clone(a);
  const l2 = new WireLeader({ session: 13, frame: 1 }), f2 = new WireFollower();
  const r2 = run(l2, a, f2, c);
  check(l2.verdict === 'equal' && f2.verdict === 'equal' && l2.rounds === 1 && r2.reports.length === 0, 'equal worlds');
  c.destroy();
}
{ // random seeds: the reported slots are those whose dump lines differ
  let seed = 12345;
  const rnd = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  for (let t = 0; t < 60; t++) {
    const b = clone(a);
    const k = 1 + rnd(5);
    for (let j = 0; j < k; j++) {
      const i = rnd(N);
      if (!b.bodyValid(ids[i])) continue;
      switch (rnd(4)) {
        case 0: b.setFilter(ids[i], { category: 1 << rnd(31), mask: 0xffffffff }); break;
        case 1: b.destroyBody(ids[i]); break;
        case 2: b.setShape(ids[i], Shape.circle(rnd(100) * U + rnd(3), rnd(100) * U, U + rnd(3))); break;
        default: b.setUserData(ids[i], 99999n); break; // not a difference
      }
    }
    const strip = (l) => l.replace(/ user \d+/, '');
    const expect = [];
    const S = Math.max(a.slotCount, b.slotCount);
    for (let i = 0; i < S; i++) if (strip(a.dumpSlot(i)) !== strip(b.dumpSlot(i))) expect.push(i);
    const lead = new WireLeader({ session: 100 + t, frame: t }), fol = new WireFollower();
    const r = run(lead, a, fol, b);
    check(lead.verdict === (expect.length ? 'found' : 'equal'), `seed ${t}: verdict ${lead.verdict}`);
    check(r.reports.map((x) => x.slot).join() === expect.join(), `seed ${t}: slots ${r.reports.map((x) => x.slot)} vs ${expect}`);
    b.destroy();
  }
}
{ // every slot differs: the budget
  const { w: b } = build(1);
  const lead = BREAK_BUDGET ? new WireLeader({ session: 14, frame: 1, maxFound: 2 ** 24, maxRounds: 2 ** 32 - 1, maxMessages: 2 ** 32 - 1 })
    : new WireLeader({ session: 14, frame: 1 });
  const fol = new WireFollower({ maxMessages: 2 ** 32 - 1 });
  const r = run(lead, a, fol, b);
  check(lead.verdict === 'budget', `every slot differs: verdict ${lead.verdict}`);
  check(lead.found === 64 && r.reports.length === 64, `64 reports, got ${r.reports.length}`);
  check(lead.rounds <= 2 + 64 * ceilLog2(N), `rounds ${lead.rounds}`);
  b.destroy();
}
{ // lying followers
  let seed = 7;
  const rnd32 = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed; };
  for (const kind of ['off_by_one', 'random', 'other_slot', 'huge_count']) {
    for (let rep = 1; rep <= 5; rep++) {
      const b = clone(a);
      b.setFilter(ids[1000 + rep * 97], { category: 2, mask: 0xffffffff });
      const liar = (m) => {
        if (m.type === 'ask') {
          const honest = b.desyncAnswer(m.question);
          const slotsQ = m.question === DESYNC_ASK_SLOTS;
          let v = honest;
          if (kind === 'huge_count') { if (slotsQ) v = 2n ** 24n + 1n; }
          else if (kind === 'random') v = (BigInt(rnd32()) << 33n) ^ BigInt(rnd32());
          else if (!slotsQ) v = BigInt.asUintN(64, honest + 1n);
          return encode('answer', m.session, m.frame, m.round, u64(v));
        }
        if (m.type === 'dump_ask') {
          const slot = kind === 'other_slot' ? m.slot + 1 : m.slot;
          return encode('dump', m.session, m.frame, m.round, cat(u32(slot), u32(2), new TextEncoder().encode(b.dumpSlot(slot))));
        }
        return null;
      };
      const lead = new WireLeader({ session: 20 + rep, frame: 5 });
      run(lead, a, null, null, liar);
      check(lead.ended, `${kind}: the leader ended`);
      check(lead.verdict === 'inconsistent' || (kind === 'random' && lead.verdict === 'budget'), `${kind}: verdict ${lead.verdict}`);
      check(lead.rounds <= 2 + 64 * 24 && lead.messages <= lead.maxMessages, `${kind}: within the budget`);
      b.destroy();
    }
  }
}
{ // messages one by one
  const lead = new WireLeader({ session: 5, frame: 9 });
  const start = lead.produce(a), ask = lead.produce(a);
  check(lead.produce(a) === null, 'the leader waits');
  const d = wireDecode(ask);
  check(d.type === 'ask' && d.round === 1 && d.question === 1n << 56n, 'round 1 asks [0, 2^24)');
  check(wireDecode(start.buffer).type === 'start' && wireDecode(start).dim === 2, 'START (an ArrayBuffer decodes too)');
  const honest = a.desyncAnswer(d.question);
  for (let k = 0; k < ask.length; k++) {
    throwsStatus(() => wireDecode(ask.subarray(0, k)), 'FC_ERR_FORMAT', `truncated at ${k}`);
    check(lead.receive(ask.subarray(0, k)) === 'malformed', 'truncated: malformed');
  }
  const v2 = ask.slice(); v2[4] = 2;
  throwsStatus(() => wireDecode(v2), 'FC_ERR_VERSION', 'version 2');
  check(lead.receive(encode('answer', 5, 9, 0, u64(honest))) === 'replayed', 'round 0: replayed');
  check(lead.receive(encode('answer', 5, 9, 2, u64(honest))) === 'out_of_order', 'round 2: out of order');
  check(lead.receive(encode('answer', 6, 9, 1, u64(honest))) === 'session', 'another session');
  check(lead.receive(ask) === 'unexpected', 'an ASK to the leader');
  check(lead.rounds === 0, 'nothing taken');
  check(lead.receive(Buffer.from(encode('answer', 5, 9, 1, u64(honest)))) === 'accepted', 'the answer (a Buffer)');
  check(lead.receive(encode('answer', 5, 9, 1, u64(honest))) === 'replayed', 'again: replayed');
  const verdict = wireDecode(lead.produce(a));
  check(verdict.type === 'verdict' && verdict.verdict === 'equal' && verdict.rounds === 1, 'equal');
  check(lead.receive(ask) === 'ended', 'after the end');
  let fol = new WireFollower({ maxMessages: 20 });
  check(fol.receive(ask) === 'unexpected', 'ASK before START');
  check(fol.receive(start) === 'start' && fol.frame === 9 && fol.session === 5, 'START');
  check(fol.receive(start) === 'replayed', 'START again');
  check(fol.receive(ask) === 'accepted', 'ASK');
  const ans = wireDecode(fol.produce(a));
  check(ans.type === 'answer' && ans.answer === honest && ans.round === 1, 'the answer');
  check(fol.receive(encode('ask', 5, 9, 2, u64(5n | (3n << 32n)))) === 'inconsistent', 'lo > hi');
  const ab = wireDecode(fol.produce(a));
  check(ab.type === 'abort' && ab.reason === 'bad_request' && fol.verdict === 'aborted', 'abort: bad request');
  fol = new WireFollower({ maxMessages: 10 });
  for (let i = 0; i < 10; i++) check(fol.receive(new Uint8Array([1, 2, 3])) === 'malformed', 'junk');
  check(fol.receive(new Uint8Array(0)) === 'cap' && fol.verdict === 'cap' && fol.ended, 'follower cap');
  const l3 = new WireLeader({ session: 7, frame: 1 }), f3 = new WireFollower();
  check(f3.receive(l3.produce(a)) === 'start', 'START');
  l3.abort();
  check(f3.receive(l3.produce(a)) === 'aborted' && f3.verdict === 'aborted' && l3.verdict === 'aborted', 'abort');
  const cs = wireChecksum(42, a.checksum());
  const dc = wireDecode(cs);
  check(cs.length === 32 && dc.type === 'checksum' && dc.frame === 42 && dc.checksum === a.checksum(), 'checksum message');
  check(WIRE_MESSAGE_MAX === 4124, 'WIRE_MESSAGE_MAX');
}
{ // hostile arguments: refused without running caller code, nothing changed
  const lead = new WireLeader({ session: 5, frame: 9 });
  let ran = 0;
  const trap = { get() { ran++; return 1; }, getPrototypeOf() { ran++; return Uint8Array.prototype; }, ownKeys() { ran++; return []; } };
  const fakes = [new Proxy(new Uint8Array(40), trap), new Proxy(new ArrayBuffer(40), trap),
    { length: 40, [Symbol.toStringTag]: 'Uint8Array' }, Object.create(Uint8Array.prototype), [1, 2, 3], 'FCWP', 12, null, undefined,
    new Uint16Array(20), new SharedArrayBuffer(8)];
  fakes.forEach((f, i) => { // labels by index: describing a Proxy would run its traps
    throwsStatus(() => lead.receive(f), 'FC_ERR_ARGUMENT', `receive(fake ${i})`);
    throwsStatus(() => wireDecode(f), 'FC_ERR_ARGUMENT', `wireDecode(fake ${i})`);
  });
  const worldProxy = new Proxy(a, trap);
  for (const w of [worldProxy, Object.create(World.prototype), {}, null, 3])
    throwsStatus(() => lead.produce(w), 'FC_ERR_ARGUMENT', 'produce(not a World)');
  check(ran === 0, `no trap or getter ran (${ran})`);
  const dead = new World();
  dead.destroy();
  throwsStatus(() => lead.produce(dead), 'FC_ERR_NULL', 'produce(destroyed world)');
  for (const o of [{ session: 0, frame: 1 }, { session: 1 }, { session: 1, frame: 1, maxFound: 2 ** 24 + 1 }, { session: -1, frame: 1 },
    { session: 1.5, frame: 1 }, { session: 1, frame: 1, extra: 1 }, null, 'x', { session: 1n, frame: 1 }])
    throwsStatus(() => new WireLeader(o), 'FC_ERR_ARGUMENT', `new WireLeader(${JSON.stringify(o, (k, v) => typeof v === 'bigint' ? `${v}n` : v)})`);
  throwsStatus(() => new WireFollower({ maxMessages: -1 }), 'FC_ERR_ARGUMENT', 'follower cap -1');
  throwsStatus(() => wireChecksum(1, 5), 'FC_ERR_ARGUMENT', 'checksum not a BigInt');
  throwsStatus(() => wireChecksum(-1, 5n), 'FC_ERR_ARGUMENT', 'frame -1');
  check(lead.messages === 0 && lead.verdict === 'running', 'nothing changed');
  // option getters that call into other searches and this world (re-entrancy): each runs before the state is touched
  const other = new WireLeader({ session: 99, frame: 1 });
  const nested = new WireLeader({ get session() { other.produce(a); lead.receive(new Uint8Array(3)); return 6; }, frame: 2 });
  check(nested.session === 6 && nested.frame === 2 && other.rounds === 0 && lead.messages === 1, 'getters ran first, each call whole');
  check(wireDecode(nested.produce(a)).session === 6 && wireDecode(other.produce(a)).type === 'ask', 'both searches intact');
  check(lead.receive(new Uint8Array(1 << 20)) === 'malformed', '1 MiB of zeros: malformed');
  check(lead.produce(a) !== null, 'still usable');
}
a.destroy();
console.log(`wire.test.mjs: ${checks} checks, ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
