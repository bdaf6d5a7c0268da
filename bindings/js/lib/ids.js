// SPDX-License-Identifier: MIT
// Body ids: the C fc_body_id value (index, generation, world tag), three
// uint32s kept exactly. Ids compare by value with equals() or by their
// string key (`${index}:${generation}@${world}`, usable as a Map key);
// BodyId.parse(key) gives the id back.
import { u32 } from './fix.js';
import { argError } from './errors.js';

export class BodyId {
  /**
   * @param {number} index  the body slot
   * @param {number} generation  bumped when the slot is freed (starts at 1)
   * @param {number} world  the tag of the world that issued it
   */
  constructor(index, generation, world) {
    this.index = u32(index, 'BodyId');
    this.generation = u32(generation, 'BodyId');
    this.world = u32(world, 'BodyId');
    Object.freeze(this);
  }

  /** fc_body_id_equal */
  equals(other) {
    return other instanceof BodyId && other.index === this.index && other.generation === this.generation &&
      other.world === this.world;
  }

  get key() {
    return `${this.index}:${this.generation}@${this.world}`;
  }

  toString() {
    return this.key;
  }

  static parse(key) {
    const m = /^(\d+):(\d+)@(\d+)$/.exec(String(key));
    if (!m) throw argError('BodyId.parse', `not an id key: ${String(key).slice(0, 40)}`);
    return new BodyId(Number(m[1]), Number(m[2]), Number(m[3]));
  }
}

/** The id's three words, checked (any object with uint32 index, generation, world is accepted). */
export function idArg(id, call) {
  if (id === null || typeof id !== 'object') throw argError(call, `expected a BodyId, got ${id === null ? 'null' : typeof id}`);
  const { index, generation, world } = id;
  if (index >>> 0 !== index || generation >>> 0 !== generation || world >>> 0 !== world)
    throw argError(call, 'expected a BodyId (uint32 index, generation, world)');
  return id;
}
