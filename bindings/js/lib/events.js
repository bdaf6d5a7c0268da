// SPDX-License-Identifier: MIT
// Contact events and world contacts: the output types of
// World.pairEvents() / World.findContacts() and the stateless pairEvents()
// (fc_pair_events). Events are a function of two canonical pair lists;
// ids compare by value (index, generation, world), so a refilled slot is
// an end (stale id) plus a begin. Lists are reused: no garbage per frame.
import { fc, views, io, IOW, alloc, free } from './wasm.js';
import { check, argError } from './errors.js';
import { PairList } from './results.js';

/** The pairs that began and ended (two PairLists, canonical order). */
export class PairEvents {
  constructor() {
    this.began = new PairList();
    this.ended = new PairList();
  }
}

/**
 * Contacts of fc_world_find_contacts2/3, one per pair, raw Q16.16 words:
 * 2D normal x, y, depth, point x, y; 3D normal x, y, z, depth, point x, y, z.
 */
export class ContactList {
  constructor() {
    this.dim = 2;
    this.count = 0;
    this.words = new Int32Array(5 * 16);
  }
  get stride() {
    return this.dim === 3 ? 7 : 5;
  }
  /** normal component k (0..dim-1) of contact i */
  normal(i, k) {
    return this.words[this.stride * i + k];
  }
  depth(i) {
    return this.words[this.stride * i + this.dim];
  }
  /** point component k (0..dim-1) of contact i */
  point(i, k) {
    return this.words[this.stride * i + this.dim + 1 + k];
  }
  _load(dim, p, n) {
    this.dim = dim;
    const len = n * this.stride;
    if (len > this.words.length) {
      let cap = this.words.length;
      while (cap < len) cap *= 2;
      this.words = new Int32Array(cap);
    }
    const i32 = views().i32, base = p >>> 2;
    for (let i = 0; i < len; i++) this.words[i] = i32[base + i];
    this.count = n;
    return this;
  }
}

/** The pairs of findContacts and their contacts (pairs.a(i), pairs.b(i) <-> contacts entry i). */
export class PairContacts {
  constructor() {
    this.pairs = new PairList();
    this.contacts = new ContactList();
  }
}

function pairListArg(l, call, what) {
  if (!(l instanceof PairList)) throw argError(call, `${what} must be a PairList`);
}

/**
 * fc_pair_events: began = pairs of cur not in prev, ended = the reverse,
 * canonical order (both PairLists, e.g. copies of findPairs results).
 * Non-canonical lists throw FC_ERR_ARGUMENT. Allocates wasm scratch per
 * call (World.pairEvents does not).
 */
export function pairEvents(prev, cur, out = new PairEvents()) {
  const c = 'pairEvents';
  pairListArg(prev, c, 'prev');
  pairListArg(cur, c, 'cur');
  if (!(out instanceof PairEvents)) throw argError(c, 'out must be a PairEvents');
  const np = prev.count, nc = cur.count, bytes = (n) => Math.max(n, 1) * 24;
  const pp = alloc(bytes(np)), pc = alloc(bytes(nc)), pb = alloc(bytes(nc)), pe = alloc(bytes(np));
  try {
    const u32 = views().u32;
    for (let i = 0; i < 6 * np; i++) u32[(pp >>> 2) + i] = prev.words[i];
    for (let i = 0; i < 6 * nc; i++) u32[(pc >>> 2) + i] = cur.words[i];
    check(fc.fcjs_pair_events_diff(pp, np, pc, nc, pb, pe, io), c);
    const i32 = views().i32;
    out.began._load(pb, i32[IOW]);
    out.ended._load(pe, i32[IOW + 1]);
    return out;
  } finally {
    free(pp);
    free(pc);
    free(pb);
    free(pe);
  }
}
