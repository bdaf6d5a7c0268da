// SPDX-License-Identifier: MIT
// Desync: the asker's side of the desync bisection (fixcol/desync.h,
// docs/desync.md), fc_desync as a JavaScript object. It is a pure state
// machine over the 64-bit answers fed to it (BigInts, like checksums): it
// never sees a world. Loop:
//   const d = new Desync();
//   for (let s = d.next(); s.step === 'ask' || s.step === 'found'; s = d.next()) {
//     if (s.step === 'found') { log(s.slot); continue; }
//     const theirs = await ask(s.question);          // the responder's world.desyncAnswer(q)
//     d.feed(myWorld.desyncAnswer(s.question), theirs);
//   }
//   // s.step === 'limit': the budget ran out (setBudget; docs/desync.md)
// The state (fc_desync, under 1 KiB) is kept here in JavaScript memory and
// copied into the wasm heap around each call: nothing to free, and clone()
// copies a search. The world methods (rangeChecksum, bodyHash, slotCount,
// desyncAnswer, dump, dumpSlot) are in world.js; this file has their helpers.
import { fc, views, io, IOW, alloc } from './wasm.js';
import { FixcolError, check, argError, Status } from './errors.js';

/** FC_DESYNC_ASK_SLOTS: the question "how many slots do you use?" (2^64 - 1). */
export const DESYNC_ASK_SLOTS = 0xffffffffffffffffn;
/** FC_DESYNC_DEFAULT_MAX_FOUND: the default cap on the slots one search reports (64). */
export const DESYNC_DEFAULT_MAX_FOUND = 64;

const SIZE = fc.fcjs_desync_size();
let scratch = 0; // one block of SIZE bytes in the wasm heap per realm (no call re-enters)

const STEPS = [null, 'ask', 'found', 'done', 'limit'];

/** [lo, hi] uint32 halves of a BigInt in 0..2^64-1, else FC_ERR_ARGUMENT. */
export function u64Arg(v, call) {
  if (typeof v !== 'bigint' || BigInt.asUintN(64, v) !== v) throw argError(call, 'expected a BigInt in 0..2^64-1');
  return [Number(v & 0xffffffffn), Number(v >> 32n)];
}

/** The 64-bit value in io words 0 (low) and 1 (high) as a BigInt. */
export function get64() {
  const u = views().u32;
  return BigInt(u[IOW]) | (BigInt(u[IOW + 1]) << 32n);
}

/** Text of fcjs_dump (whole world, or slot index): size query, then the bytes. */
export function text(world, whole, index, call) {
  check(fc.fcjs_dump(world, whole, index, 0, 0, io), call);
  const size = views().i32[IOW] >>> 0;
  const buf = alloc(size || 1);
  try {
    check(fc.fcjs_dump(world, whole, index, buf, size, io), call);
    const n = views().i32[IOW] >>> 0;
    return new TextDecoder().decode(views().u8.slice(buf, buf + n));
  } finally {
    fc.fcjs_free(buf);
  }
}

export class Desync {
  #s = new Uint8Array(SIZE);

  /** fc_desync_init: a new search. */
  constructor() {
    this.reset();
  }

  /** fc_desync_init: start over. */
  reset() {
    this.#call((p) => fc.fcjs_desync_init(p));
    return this;
  }

  /** A copy of this search (fc_desync is a plain value). */
  clone() {
    const d = new Desync();
    d.#s.set(this.#s);
    return d;
  }

  // Run f on a heap copy of the state and copy it back (also when f throws).
  #call(f) {
    if (!scratch) scratch = alloc(SIZE);
    views().u8.set(this.#s, scratch);
    try {
      return f(scratch);
    } finally {
      this.#s.set(views().u8.subarray(scratch, scratch + SIZE));
    }
  }

  /**
   * fc_desync_next: { step: 'ask', question } (a BigInt to send; asked again
   * until it is fed), { step: 'found', slot } (a differing slot index, in
   * increasing order), { step: 'done' } or { step: 'limit' } (the budget is
   * spent with ranges still to search; repeated until setBudget raises it).
   */
  next() {
    const s = this.#call((p) => fc.fcjs_desync_next(p, io));
    const step = STEPS[s];
    if (step === 'ask') return { step, question: get64() };
    if (step === 'found') return { step, slot: views().u32[IOW] };
    return { step: step === 'limit' ? 'limit' : 'done' };
  }

  /**
   * fc_desync_set_budget: report at most maxFound slots (an integer in
   * 1..2^24) and feed at most maxRounds answers (0, the default: the bound
   * 2 + maxFound * ceil(log2 S); else up to 2^32 - 1). Applies to the next
   * question or report (raising it resumes a search stopped with 'limit').
   * Throws FixcolError FC_ERR_ARGUMENT (then the search is unchanged).
   */
  setBudget(maxFound, maxRounds = 0) {
    const c = 'Desync.setBudget';
    if (!Number.isInteger(maxFound) || maxFound < 0 || maxFound > 0xffffffff)
      throw argError(c, 'maxFound: expected an integer in 1..2^24');
    if (!Number.isInteger(maxRounds) || maxRounds < 0 || maxRounds > 0xffffffff)
      throw argError(c, 'maxRounds: expected an integer in 0..2^32-1');
    const st = this.#call((p) => fc.fcjs_desync_set_budget(p, maxFound, maxRounds));
    if (st !== 0) throw new FixcolError(st, c, 'maxFound must be in 1..2^24');
    return this;
  }

  /**
   * fc_desync_feed: the answers (BigInts) to the pending question, mine from
   * this side's world, theirs from the responder. Throws FixcolError
   * FC_ERR_ARGUMENT (no question pending, or not a BigInt in 0..2^64-1) or
   * FC_ERR_FORMAT (a slot-count answer past 2^24); the search is then unchanged.
   */
  feed(mine, theirs) {
    const c = 'Desync.feed';
    const [ml, mh] = u64Arg(mine, c);
    const [tl, th] = u64Arg(theirs, c);
    const st = this.#call((p) => fc.fcjs_desync_feed(p, ml, mh, tl, th));
    if (st !== 0) throw new FixcolError(st, c, st === Status.FC_ERR_ARGUMENT ? 'no question pending (call next() first)' : undefined);
  }

  #info() {
    this.#call((p) => fc.fcjs_desync_info(p, io));
    return views().u32;
  }

  /** Answers fed so far. */
  get rounds() {
    return this.#info()[IOW];
  }

  /** Slots reported so far. */
  get found() {
    return this.#info()[IOW + 1];
  }

  /** The search space [0, slots) after round 2 (0 before). */
  get slots() {
    return this.#info()[IOW + 2];
  }

  /** The cap on reported slots (DESYNC_DEFAULT_MAX_FOUND after construction). */
  get maxFound() {
    return this.#info()[IOW + 3];
  }

  /** The round budget; 0: the default bound 2 + maxFound * ceil(log2 S). */
  get maxRounds() {
    return this.#info()[IOW + 4];
  }
}
