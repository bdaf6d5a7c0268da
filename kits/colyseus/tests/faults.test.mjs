// SPDX-License-Identifier: MIT
// usage: node tests/faults.test.mjs --case perturb|lie|silent|rejoin|hostile [--trials N] [--seed N] [--break]
// Fault injection in a room of 4 bots on an in-process kit server (30 Hz):
//  perturb: in each of N trials (default 3) one bot moves one body by 1 raw
//    after a random frame F; the server must name frame F, that body's slot
//    and the field center.x, within ceil(log2 slots) + 2 rounds, with the
//    median locating latency under 100 ms on loopback; the bot is then
//    resynced and agrees again. Twin (--break): the bot answers the
//    questions about frame F from its world of frame F - 1, which must be caught.
//  lie: one bot perturbs a body and then answers every message on a copy of
//    its world with another random body moved by 1 raw (contradicting
//    answers); the server must report it 'inconsistent' within the round
//    budget (2 + maxFound * ceil(log2 slots)) while the room keeps running
//    and the other bots keep agreeing. Twin: the bot answers honestly.
//  silent: one bot perturbs a body and never answers the search: the server
//    reports 'timeout' after the room's locateTimeoutMs (300 ms here), the
//    bot is resynced and agrees again, the room plays on. Twin: the bot
//    answers.
//  rejoin: one bot disconnects at frame 40, rejoins under its name and must
//    catch up from the snapshot and agree on every frame after. Twin: it
//    ignores the catch-up snapshot.
//  hostile: one bot sends malformed messages of every type (wrong types,
//    out-of-range frames and inputs, stale sessions, a 64 KiB string, raw
//    bytes); they are counted as rejected, nothing throws, and the room
//    plays on in agreement. Twin: no hostile message sent (so the
//    rejected-count check must fail).
import { randomInt } from 'node:crypto';
import { flags, localServer, roomOfBots, leaveAll, until } from './common.mjs';
import { Rng } from '../src/rng.js';
import { liarWorld } from '../src/client/bot.js';

const o = flags();
const kase = o.case, brk = !!o.break;
const seed = o.seed ? Number(o.seed) : randomInt(1, 2 ** 31);
const rng = new Rng(seed);
console.log(`case ${kase}${brk ? ' (should-fail twin)' : ''}, seed ${seed} (--seed ${seed} repeats it)`);
const HZ = 30;
const srv = await localServer(`faults ${kase}`, 120000, {});
const bots = await roomOfBots(srv.endpoint, { seed: 77, tickHz: HZ, maxFound: 8, locateTimeoutMs: 300 });
const fails = [];
const fail = (m) => { fails.push(m); console.log(`FAIL ${m}`); };
const reportFor = (seat, n) => until(() => bots[0].lc.reports.filter((r) => r.seat === seat)[n], 10000, `desync report ${n} of seat ${seat}`);
const log2ceil = (n) => Math.ceil(Math.log2(Math.max(2, n)));

if (kase === 'perturb') {
  const trials = Number(o.trials ?? 3), times = [];
  let frame = 20;
  for (let t = 0; t < trials; t++) {
    const b = 1 + (t % 3), lc = bots[b].lc;
    const F = frame + rng.range(5, 20), unit = rng.range(0, 27);
    let slot = -1;
    lc.hooks.afterStep = (f, m) => {
      if (f !== F) return;
      slot = m.units[unit].id.index;
      m.world.translate2(m.units[unit].id, 1, 0);
    };
    if (brk) lc.hooks.answerFrame = (f) => f - 1;  // an off-by-one frame
    const r = await reportFor(b, 0 + t / 3 | 0).catch((e) => fail(e.message));
    lc.hooks.afterStep = null;
    lc.hooks.answerFrame = null;
    if (!r) break;
    const budget = log2ceil(r.slots) + 2;
    const body = r.bodies?.[0];
    const named = r.verdict === 'found' && r.frame === F && r.bodies.length === 1 && body.slot === slot &&
      body.fields.length === 1 && body.fields[0].field === 'center.x';
    console.log(`trial ${t}: bot ${b} moved unit ${unit} (slot ${slot}) by 1 raw after frame ${F}; report: frame ${r.frame}, ` +
      `verdict ${r.verdict}, ${r.rounds} rounds (bound ${budget}, ${r.slots} slots), ${r.ms.toFixed(1)} ms, ` +
      `bodies ${JSON.stringify((r.bodies ?? []).map((x) => ({ slot: x.slot, fields: x.fields })))}`);
    if (!named) fail(`trial ${t}: the report does not name frame ${F}, slot ${slot}, field center.x`);
    if (r.rounds > budget) fail(`trial ${t}: ${r.rounds} rounds > ceil(log2 ${r.slots}) + 2 = ${budget}`);
    times.push(r.ms);
    // resynced: the bot agrees again
    const after = lc.resyncs;
    await until(() => lc.resyncs > after - 1 && lc.lastFrame > F + 20, 10000, 'frames after the resync').catch((e) => fail(e.message));
    frame = lc.lastFrame;
  }
  times.sort((a, b) => a - b);
  const median = times[times.length >> 1] ?? Infinity;
  console.log(`locating latency: median ${median.toFixed(1)} ms over ${times.length} trial(s) (each: ${times.map((t) => t.toFixed(1)).join(', ')})`);
  if (!(median < 100)) fail(`median locating latency ${median.toFixed(1)} ms is not under 100 ms`);
  const st = await bots[0].lc.status();
  st.seats.forEach((s, i) => {
    const expect = i === 0 ? 0 : Math.ceil((trials - (i - 1)) / 3);
    if (s.mismatched !== expect) fail(`seat ${i}: ${s.mismatched} mismatching frames, expected ${expect} (one per perturbation: resynced after each)`);
  });
} else if (kase === 'lie') {
  const liar = bots[2].lc;
  const F = 20 + rng.range(0, 30);
  liar.hooks.afterStep = (f, m) => { if (f === F) m.world.translate2(m.units[rng.range(0, 27)].id, 1, 0); };
  if (!brk) liar.hooks.answerWorld = liarWorld(seed);
  const r = await reportFor(2, 0).catch((e) => fail(e.message));
  if (r) {
    const budget = 2 + 8 * log2ceil(Math.max(r.slots, 28));
    console.log(`liar (seat 2, perturbed after frame ${F}): verdict ${r.verdict} (${r.reason}), ${r.rounds} rounds (budget ${budget}), ${r.ms.toFixed(1)} ms`);
    if (r.verdict !== 'inconsistent') fail(`verdict ${r.verdict}, expected inconsistent`);
    if (r.rounds > budget) fail(`${r.rounds} rounds > the budget ${budget}`);
  }
  liar.hooks.answerWorld = null;
  liar.hooks.afterStep = null;
  const st0 = await bots[0].lc.status();
  await until(() => bots.every((b) => b.lc.lastFrame > st0.frame + 30), 10000, 'the room playing on').catch((e) => fail(e.message));
  const st = await bots[0].lc.status();
  console.log(`room kept running: frame ${st0.frame} -> ${st.frame}; agreed ${st.seats.map((s) => s.agreed).join(' ')}, mismatched ${st.seats.map((s) => s.mismatched).join(' ')}`);
  st.seats.forEach((s, i) => {
    if (i !== 2 && s.mismatched) fail(`seat ${i} (honest) mismatched ${s.mismatched}`);
    if (s.agreed <= st0.seats[i].agreed + 20) fail(`seat ${i} stopped agreeing after the report`);
  });
} else if (kase === 'silent') {
  const b = bots[1].lc;
  const F = 20 + rng.range(0, 20);
  b.hooks.afterStep = (f, m) => { if (f === F) m.world.translate2(m.units[rng.range(0, 27)].id, 1, 0); };
  if (!brk) b.hooks.silent = () => true;
  const r = await reportFor(1, 0).catch((e) => fail(e.message));
  b.hooks.afterStep = null;
  b.hooks.silent = null;
  if (r) {
    console.log(`silent bot (seat 1, perturbed after frame ${F}): verdict ${r.verdict} (${r.reason}) after ${r.ms.toFixed(0)} ms, ${r.rounds} rounds`);
    if (r.verdict !== 'timeout') fail(`verdict ${r.verdict}, expected timeout`);
    if (r.ms < 300 || r.ms > 2000) fail(`reported after ${r.ms.toFixed(0)} ms, expected 300 ms + one tick or so`);
  }
  const st0 = await bots[0].lc.status();
  await until(() => bots.every((x) => x.lc.lastFrame > st0.frame + 30), 10000, 'the room playing on').catch((e) => fail(e.message));
  const st = await bots[0].lc.status();
  console.log(`after the timeout: frame ${st0.frame} -> ${st.frame}; agreed ${st.seats.map((s) => s.agreed).join(' ')}, mismatched ${st.seats.map((s) => s.mismatched).join(' ')}`);
  st.seats.forEach((s, i) => {
    if (s.mismatched !== (i === 1 ? 1 : 0)) fail(`seat ${i}: ${s.mismatched} mismatching frames`);
    if (s.agreed <= st0.seats[i].agreed + 20) fail(`seat ${i} stopped agreeing after the timeout`);
  });
} else if (kase === 'rejoin') {
  const b = bots[3];
  if (brk) b.lc.hooks.ignoreCatchUp = () => true;
  await until(() => b.lc.lastFrame >= 40, 10000, 'frame 40');
  const playedBefore = { n: 0 };
  await b.rejoin(async () => {   // dropped: ~12 frames are played without it
    await new Promise((r) => setTimeout(r, 400));
    playedBefore.n = b.lc.frames;
  }).catch((e) => fail(`rejoin: ${e.message}`));
  const back = b.lc.match?.frame;
  console.log(`bot 3 dropped after ${playedBefore.n} frames, rejoined at frame ${back} (caught up from the welcome snapshot)`);
  await until(() => bots.every((x) => x.lc.lastFrame >= (back ?? 0) + 60), 10000, '60 frames after the rejoin').catch((e) => fail(e.message));
  const st = await bots[0].lc.status();
  const s = st.seats[3];
  const playedAfter = b.lc.frames - playedBefore.n;
  console.log(`seat 3 after the rejoin: played ${playedAfter} frames, server agreed ${s.agreed} total, mismatched ${s.mismatched}; ` +
    `client saw ${b.lc.serverMismatched} differing published checksums`);
  if (s.mismatched !== 0 || b.lc.serverMismatched !== 0) fail('the rejoined bot disagrees with the server');
  if (playedAfter < 60) fail(`only ${playedAfter} frames played after the rejoin`);
  if (s.agreed !== b.lc.frames) fail(`server agreed ${s.agreed} != ${b.lc.frames} frames the bot played`);
} else if (kase === 'hostile') {
  const b = bots[1];
  const junk = [null, 0, -1, 1.5, 'x', 'x'.repeat(3000), [], {}, { f: -1, s: 'zz' }, { f: 2 ** 40, s: '0'.repeat(16) },
    { dx: 99, dy: 0, cast: 0, aim: 0 }, { dx: 0.5, dy: 0, cast: 0, aim: 0 }, { sid: 'nope', round: 0, a: 'q' },
    { sid: 1, slot: -3, line: 'body '.repeat(700) }, new Uint8Array(64).fill(255), { __proto__: { f: 1 } }];
  let sent = 0;
  if (!brk) {
    for (const type of ['input', 'sum', 'answer', 'dump', 'catchup', 'nonsense', 'status']) {
      for (const j of junk) { b.room.send(type, j); sent++; }
    }
    b.room.sendBytes('sum', new Uint8Array([1, 2, 3]));
    sent++;
  }
  const f0 = b.lc.lastFrame;
  await until(() => bots.every((x) => x.lc.lastFrame > f0 + 40), 10000, 'the room playing on').catch((e) => fail(e.message));
  const st = await bots[0].lc.status();
  const s = st.seats[1];
  console.log(`${sent} hostile messages from seat 1: rejected ${s.rejected}; frame ${st.frame}; agreed ${st.seats.map((x) => x.agreed).join(' ')}, ` +
    `mismatched ${st.seats.map((x) => x.mismatched).join(' ')}, ${st.reports} report(s)`);
  if (s.rejected < 40) fail(`only ${s.rejected} messages were counted as rejected`);
  if (st.seats.some((x) => x.mismatched) || st.reports) fail('the hostile messages changed the match');
  if (!brk) { // a message over the transport's 4 KiB limit: the client is dropped, the room plays on
    b.room.send('sum', 'x'.repeat(1 << 16));
    const gone = await until(async () => !(await bots[0].lc.status()).seats[1].connected, 5000, 'the oversized sender dropped')
      .then(() => true, (e) => fail(e.message));
    const g = bots[0].lc.lastFrame;
    await until(() => [0, 2, 3].every((i) => bots[i].lc.lastFrame > g + 20), 10000, 'the room playing on without it')
      .catch((e) => fail(e.message));
    console.log(`a 64 KiB message: sender ${gone ? 'dropped by the transport' : 'NOT dropped'}; the others played on to frame ${bots[0].lc.lastFrame}`);
  }
} else {
  fail(`unknown --case '${kase}' (perturb, lie, rejoin)`);
}
console.log(fails.length ? `${fails.length} failure(s)` : `case ${kase}: every check holds`);
await leaveAll(bots);
await srv.stop();
process.exit(fails.length ? 1 : 0);
