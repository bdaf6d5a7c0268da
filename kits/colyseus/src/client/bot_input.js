// SPDX-License-Identifier: MIT
// botInput(seed): a headless bot's input source, input(f) -> a valid input
// (normalizeInput form) drawn from its own Rng: it walks in bursts and casts
// now and then. Deterministic per seed (nothing depends on it: the room's
// input set is the truth).
import { Rng } from '../rng.js';

export function botInput(seed) {
  const r = new Rng(seed);
  let dx = 0, dy = 0;
  return (f) => {
    if (f % 10 === 0) { dx = r.range(-4, 4); dy = r.range(-4, 4); }
    return { dx, dy, cast: r.chance(1, 6) ? 1 : 0, aim: r.next() & 0xffff };
  };
}
