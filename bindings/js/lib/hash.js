// SPDX-License-Identifier: MIT
// Hash64: fc_hash64 (fixcol/hash.h) in JavaScript, on 32-bit halves with
// exact integer arithmetic (no BigInt, no allocation): the replay runner
// hashes operation statuses, query results and pair lists with it exactly
// as the C runner does, so the frame checksums it computes are an
// independent check of the binding.

// Primes (hi, lo halves of XXH64's P1..P4) and 2^64 - P1.
const P1H = 0x9e3779b1, P1L = 0x85ebca87;
const P2H = 0xc2b2ae3d, P2L = 0x27d4eb4f;
const P3H = 0x165667b1, P3L = 0x9e3779f9;
const P4H = 0x85ebca77, P4L = 0xc2b2ae63;
const NP1H = 0x61c8864e, NP1L = 0x7a143579;
const TWO32 = 4294967296;

let RL = 0, RH = 0; // result of the helpers below

/** (al, ah) * (bl, bh) mod 2^64: 16-bit partial products, each exact below 2^32. */
function mul(al, ah, bl, bh) {
  const a0 = al & 0xffff, a1 = al >>> 16, b0 = bl & 0xffff, b1 = bl >>> 16;
  const p01 = a0 * b1, p10 = a1 * b0;
  const mid = ((a0 * b0) >>> 16) + (p01 & 0xffff) + (p10 & 0xffff); // < 3 * 2^16
  RL = Math.imul(al, bl) >>> 0;
  RH = (a1 * b1 + (p01 >>> 16) + (p10 >>> 16) + (mid >>> 16) + Math.imul(ah, bl) + Math.imul(al, bh)) >>> 0;
}

function add(al, ah, bl, bh) {
  const lo = al + bl;
  RL = lo >>> 0;
  RH = (ah + bh + (lo >= TWO32 ? 1 : 0)) >>> 0;
}

/** rotl64 by 0 < r < 32 */
function rotl(l, h, r) {
  RL = ((l << r) | (h >>> (32 - r))) >>> 0;
  RH = ((h << r) | (l >>> (32 - r))) >>> 0;
}

export class Hash64 {
  /** seed: uint32 low half (and high half) of the 64-bit seed. */
  constructor(seedLo = 0, seedHi = 0) {
    this.v = new Uint32Array(8); // lane k: v[2k] low, v[2k + 1] high
    this.n = 0;
    /** the last finish() result */
    this.lo = 0;
    this.hi = 0;
    this.reset(seedLo, seedHi);
  }

  /** fc_hash64_init */
  reset(seedLo = 0, seedHi = 0) {
    const v = this.v;
    add(seedLo >>> 0, seedHi >>> 0, P1L, P1H);
    add(RL, RH, P2L, P2H);
    v[0] = RL, v[1] = RH;
    add(seedLo >>> 0, seedHi >>> 0, P2L, P2H);
    v[2] = RL, v[3] = RH;
    v[4] = seedLo >>> 0, v[5] = seedHi >>> 0;
    add(seedLo >>> 0, seedHi >>> 0, NP1L, NP1H);
    v[6] = RL, v[7] = RH;
    this.n = 0;
    return this;
  }

  /** fc_hash64_pair(lo, hi): one 64-bit word, lo in bits 0..31. */
  word(lo, hi) {
    const v = this.v, k = (this.n & 3) * 2;
    mul(lo >>> 0, hi >>> 0, P2L, P2H);
    add(v[k], v[k + 1], RL, RH);
    rotl(RL, RH, 31);
    mul(RL, RH, P1L, P1H);
    v[k] = RL;
    v[k + 1] = RH;
    this.n++;
  }

  /** fc_hash64_final: sets this.lo / this.hi (the state is kept). */
  finish() {
    const v = this.v;
    rotl(v[0], v[1], 1);
    let xl = RL, xh = RH;
    rotl(v[2], v[3], 7);
    add(xl, xh, RL, RH), xl = RL, xh = RH;
    rotl(v[4], v[5], 12);
    add(xl, xh, RL, RH), xl = RL, xh = RH;
    rotl(v[6], v[7], 18);
    add(xl, xh, RL, RH), xl = RL, xh = RH;
    mul(this.n >>> 0, Math.floor(this.n / TWO32), P4L, P4H);
    add(xl, xh, RL, RH), xl = RL, xh = RH;
    xl = (xl ^ (xh >>> 1)) >>> 0;
    mul(xl, xh, P2L, P2H), xl = RL, xh = RH;
    const sl = ((xl >>> 29) | (xh << 3)) >>> 0, sh = xh >>> 29;
    xl = (xl ^ sl) >>> 0, xh = (xh ^ sh) >>> 0;
    mul(xl, xh, P3L, P3H), xl = RL, xh = RH;
    xl = (xl ^ xh) >>> 0;
    this.lo = xl;
    this.hi = xh;
    return this;
  }

  /** The finished hash folded to 32 bits (low ^ high), as the replay format's 32-bit hashes. */
  fold() {
    this.finish();
    return (this.lo ^ this.hi) >>> 0;
  }

  hex() {
    this.finish();
    return hex64(this.lo, this.hi);
  }

  bigint() {
    this.finish();
    return (BigInt(this.hi) << 32n) | BigInt(this.lo);
  }
}

/** 16 hex digits of a 64-bit value given as halves. */
export function hex64(lo, hi) {
  return (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');
}
