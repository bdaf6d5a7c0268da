// SPDX-License-Identifier: MIT
// Rng: the match's deterministic pseudo-random numbers (xorshift32), integer
// only, so the server and every client draw the same sequence from the same
// seed on every engine. State: one uint32 (never 0), saved in snapshots.

export class Rng {
  /** seed: an integer; 0 is replaced by a fixed non-zero constant. */
  constructor(seed) {
    this.state = (seed >>> 0) || 0x9e3779b9;
  }

  /** The next uint32 (xorshift32: 13, 17, 5). */
  next() {
    let x = this.state;
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state;
  }

  /** An integer in [lo, hi] (hi - lo < 2^31), by modulo (bias is irrelevant, only agreement matters). */
  range(lo, hi) {
    if (!Number.isSafeInteger(lo) || !Number.isSafeInteger(hi) || hi < lo || hi - lo >= 2 ** 31)
      throw new RangeError(`Rng.range: integers lo <= hi with hi - lo < 2^31, got ${lo}, ${hi}`);
    return lo + (this.next() % (hi - lo + 1));
  }

  /** true with probability num / den. */
  chance(num, den) {
    return this.next() % den < num;
  }
}
