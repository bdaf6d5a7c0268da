// SPDX-License-Identifier: MIT
// Re-entrancy (docs/binding-js.md, "Re-entrancy"): a World method first
// converts every argument to plain numbers (running any getter, Proxy trap
// or instanceof check of the caller's objects, which may call back into
// this or any world, even destroy it), then takes the world's wasm handle
// and writes the shared io words, calls wasm and reads the results, with
// the world marked busy. The converted arguments live in an ArgFrame of
// the call's nesting depth, so a nested call made from a getter has its
// own frame and cannot overwrite the outer call's arguments.
import { SHAPE_WORDS, Shape } from './shape.js';
import { argError, FixcolError, Status } from './errors.js';
import { raw, u32 } from './fix.js';

/** The converted arguments of one call. */
export class ArgFrame {
  constructor() {
    this.s0 = new Int32Array(SHAPE_WORDS); // a shape's words
    this.dim0 = 0;
    this.areaW = new Int32Array(5); // a Sector2 / Ring2
    this.kind = 0;
    this.id = new Uint32Array(3); // index, generation, world
    this.cat = 1;
    this.mask = 0xffffffff;
    this.ex = new Uint32Array(3 * 64); // excluded ids (fc_cast_query)
    this.nex = 0;
    this.def = new Int32Array(8); // a mover def's numbers (fc_mover_def order)
  }

  /** An array of up to 64 BodyIds (undefined / null: none), each read once. */
  exclude(list, call) {
    this.nex = 0;
    if (list === undefined || list === null) return;
    if (!Array.isArray(list)) throw argError(call, 'expected an array of BodyIds as exclude');
    const n = list.length;
    if (n > 64) throw new FixcolError(Status.FC_ERR_ARGUMENT, call, `more than 64 excluded ids (${n})`);
    for (let i = 0; i < n; i++) {
      const id = list[i];
      if (id === null || typeof id !== 'object') throw argError(call, `exclude[${i}]: expected a BodyId`);
      const index = id.index, generation = id.generation, world = id.world;
      if (typeof index !== 'number' || typeof generation !== 'number' || typeof world !== 'number' ||
          index >>> 0 !== index || generation >>> 0 !== generation || world >>> 0 !== world)
        throw argError(call, `exclude[${i}]: expected a BodyId (uint32 index, generation, world)`);
      this.ex[3 * i] = index;
      this.ex[3 * i + 1] = generation;
      this.ex[3 * i + 2] = world;
    }
    this.nex = n;
  }

  /** A mover def { skin, maxIterations, stepHeight, snapDistance, upAxis, upSign, slopeRun, slopeRise,
   * filter, exclude } (undefined: the defaults; a missing field: its default), each field read once. */
  moverDef(d, call) {
    const dflt = [16, 4, 0, 0, 1, 1, 1, 1];
    const names = ['skin', 'maxIterations', 'stepHeight', 'snapDistance', 'upAxis', 'upSign', 'slopeRun', 'slopeRise'];
    if (d === undefined) {
      this.def.set(dflt);
      this.filter(undefined, call);
      this.exclude(undefined, call);
      return;
    }
    if (d === null || typeof d !== 'object') throw argError(call, 'expected a mover def object');
    for (let k = 0; k < 8; k++) {
      const v = d[names[k]];
      this.def[k] = v === undefined ? dflt[k] : raw(v, call);
    }
    this.filter(d.filter, call);
    this.exclude(d.exclude, call);
  }

  /** The shape's dim and words, read once each (dim 2 or 3). */
  shape(s, call) {
    if (!(s instanceof Shape)) throw argError(call, 'expected a Shape');
    const dim = s.dim;
    const w = s.words;
    if (dim !== 2 && dim !== 3) throw argError(call, 'expected a Shape of dim 2 or 3');
    if (!(w instanceof Int32Array) || w.length !== SHAPE_WORDS) throw argError(call, 'expected a Shape (words an Int32Array)');
    this.s0.set(w);
    this.dim0 = dim;
    return dim;
  }

  /** A BodyId-like object's three uint32 words, read once each. */
  bodyId(id, call) {
    if (id === null || typeof id !== 'object') throw argError(call, `expected a BodyId, got ${id === null ? 'null' : typeof id}`);
    const index = id.index, generation = id.generation, world = id.world;
    if (typeof index !== 'number' || typeof generation !== 'number' || typeof world !== 'number' ||
        index >>> 0 !== index || generation >>> 0 !== generation || world >>> 0 !== world)
      throw argError(call, 'expected a BodyId (uint32 index, generation, world)');
    this.id[0] = index;
    this.id[1] = generation;
    this.id[2] = world;
  }

  /** A filter { category, mask } (undefined: the default), each field read once. */
  filter(f, call) {
    if (f === undefined) {
      this.cat = 1;
      this.mask = 0xffffffff;
      return;
    }
    if (f === null || typeof f !== 'object') throw argError(call, 'expected a filter { category, mask }');
    const cat = f.category, mask = f.mask;
    this.cat = u32(cat, call);
    this.mask = u32(mask, call);
  }

  /** A Sector2 / Ring2 (types given to avoid an import cycle), read once. */
  readArea(a, types, call) {
    if (!(a instanceof types[0] || a instanceof types[1])) throw argError(call, `expected a ${types.map((t) => t.name).join(' or ')}`);
    const kind = a._kind;
    const w = a._words;
    if ((kind !== 1 && kind !== 2) || !Array.isArray(w) || w.length !== (kind === 1 ? 5 : 4)) throw argError(call, 'expected a Sector2 or Ring2');
    for (let i = 0; i < w.length; i++) this.areaW[i] = raw(w[i], call);
    this.kind = kind;
  }
}

let depth = 0;
const frames = [];

/** The frame of a new call (pair with leave() in a finally). */
export function enter() {
  const d = depth++;
  let f = frames[d];
  if (!f) {
    f = new ArgFrame();
    frames[d] = f;
  }
  return f;
}

export function leave() {
  depth--;
}

let guard = true;

/**
 * Tests only (the should-fail twin of tests/reentrancy.test.mjs): turn the
 * guard off, so a World method takes its handle before it converts its
 * arguments and nothing is refused while busy (the order this binding
 * used to have). Never call this in a program.
 */
export function _disableReentryGuardForTests() {
  guard = false;
}

export function guardOn() {
  return guard;
}

/** The busy error (a call on a world made while another call on it runs). */
export function busyError(call) {
  return new FixcolError(Status.FC_ERR_ARGUMENT, call, 'the world is busy: called from inside another call on it (a getter, trap or overridden method of an argument)');
}
