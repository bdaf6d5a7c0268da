// SPDX-License-Identifier: MIT
// Type-checked against lib/index.d.ts (tsc --noEmit): the calls a game
// makes, with the types the declarations promise.
import { World, Shape, fix, BodyId, FixcolError, overlap, contact, pushout, verifyReplay, Hash64, Desync, DESYNC_ASK_SLOTS,
  OpKind } from 'fixcol';
import type { PairList, IdList, RayHit, Contact, VerifyResult, DesyncStep, PairEvents, PairContacts } from 'fixcol';
import { pairEvents } from 'fixcol';
import { cast2, cast3, CastHitList } from 'fixcol';
import type { CastHit } from 'fixcol';

const w: World = new World({ dim: 2, boundsMin: [0, 0], layout: 'loose' });
const id: BodyId = w.createBody(Shape.circle(fix.fromInt(1), fix.fromDecimal('2.5'), fix.ONE), { category: 1, mask: 3 });
w.translate2(id, fix.fromRatio(1, 2), 0);
const pairs: PairList = w.findPairs();
const ids: IdList = w.overlap(Shape.aabb2(0, 0, fix.ONE, fix.ONE));
const hit: RayHit | null = w.raycast2(0, 0, fix.fromInt(4), 0);
const sum: bigint = w.checksum();
const c: Contact | null = contact(Shape.circle(0, 0, fix.ONE), Shape.circle(fix.ONE, 0, fix.ONE));
const both: boolean = overlap(Shape.circle(0, 0, fix.ONE), Shape.circle(fix.ONE, 0, fix.ONE));
const push: Int32Array = pushout(Shape.circle(0, 0, fix.ONE), Shape.circle(fix.ONE, 0, fix.ONE));
try {
  w.translate2(id, fix.fromInt(9000), 0);
} catch (e) {
  if (e instanceof FixcolError) console.log(e.status, e.code);
}
const r: VerifyResult = verifyReplay(new Uint8Array(0), { digest: new Hash64() });
console.log(pairs.count, ids.count, hit?.t, sum, c?.depth, both, push[0], id.key, r.frames);
// finding a desync: the asker's loop against a responder (here another world)
const other: World = new World();
other.restore(w.snapshot());
const d: Desync = new Desync().setBudget(16, 0);
const found: number[] = [];
let s: DesyncStep;
for (s = d.next(); s.step === 'ask' || s.step === 'found'; s = d.next()) {
  if (s.step === 'found') {
    found.push(s.slot);
    continue;
  }
  const q: bigint = s.question;
  d.feed(w.desyncAnswer(q), other.desyncAnswer(q));
}
const stopped: boolean = s.step === 'limit';
const budget: number = d.maxFound + d.maxRounds;
const slots: number = w.slotCount;
const range: bigint = w.rangeChecksum(0, slots);
const body: bigint = w.bodyHash(id);
const text: string = w.dump() + w.dumpSlot(id.index);
const ask: bigint = DESYNC_ASK_SLOTS;
console.log(found, stopped, budget, d.rounds, d.found, d.slots, range, body, text.length, ask, OpKind.QUERY_RANGE, OpKind.QUERY_DUMP);
// contact events and world contacts
const pc: PairContacts = w.findContacts();
const depth0: number = pc.contacts.count > 0 ? pc.contacts.depth(0) + pc.contacts.normal(0, 0) : 0;
const ev: PairEvents = w.pairEvents();
const diff: PairEvents = pairEvents(pc.pairs, w.findPairs());
console.log(depth0, ev.began.count, ev.ended.count, diff.began.count);
// shape casts: a dash that must not tunnel
const dash: CastHit | null = w.cast2(Shape.circle(0, 0, fix.ONE), fix.fromInt(10), 0, { category: 1, mask: 3 });
const swept: CastHitList = w.cast2All(Shape.circle(0, 0, fix.ONE), fix.fromInt(10), 0, undefined, new CastHitList(2));
const first: CastHit | null = cast2(Shape.circle(0, 0, fix.ONE), fix.ONE, 0, Shape.aabb2(0, 0, fix.ONE, fix.ONE));
const ball: CastHit | null = cast3(Shape.sphere(0, 0, 0, fix.ONE), 0, 0, fix.ONE, Shape.sphere(0, 0, 0, fix.ONE));
console.log(dash?.t, dash?.id.key, swept.count > 0 ? swept.t(0) + swept.normal(0, 1) : 0, first?.normal[0], ball?.t);
other.destroy();
w.destroy();
