// SPDX-License-Identifier: MIT
// MobaMatch: the frame-sync game the kit's room and clients simulate, the
// MOBA skirmish of tools/replay/scenarios/scen_moba.c driven by player
// inputs: 4 heroes (one per seat; team = seat & 1) walk by their inputs and
// cast an OBB skill where they aim; 24 creeps wander with table-trig
// headings from the match's Rng; one creep casts each frame; units hit lose
// hit points and respawn at their base (destroy + create, so slots are
// reused with new generations). Everything is raw Q16.16 integers and
// integer arithmetic: the server and every client compute the same world
// (same fixcol checksum) from the same seed and input sets.
//
// The state is the fixcol world plus the plain game state below; save()
// and MobaMatch.load() carry both (the catch-up snapshot of a rejoin).
import { World, Shape, BodyId, fix } from 'fixcol';
import { Rng } from './rng.js';

export const SEATS = 4;
export const CREEPS = 24;
const U = fix.ONE;
const CENTER = 512 * U;      // the arena's centre in the default 1024 x 1024 world
const HALF_UNITS = 40;       // the arena's half-size in units
const HALF = HALF_UNITS * U;
const HERO_HP = 6, CREEP_HP = 3;
const SPEED_MIN = 6553;      // U / 10 in integer division, as scen_moba's SC_UNIT / 10
const TAG = 1;               // every match world has tag 1 (ids compare across worlds)

/** The neutral input: stand still, no cast. */
export const IDLE = Object.freeze({ dx: 0, dy: 0, cast: 0, aim: 0 });
/** Input limits: dx, dy in -INPUT_STEP_MAX..INPUT_STEP_MAX (steps of 1/8 unit), cast 0|1, aim 0..65535. */
export const INPUT_STEP_MAX = 4;

/**
 * normalizeInput(v): a valid input object from untrusted data, or null.
 * A valid input is { dx, dy, cast, aim } with the limits above (integers).
 */
export function normalizeInput(v) {
  if (v === null || typeof v !== 'object') return null;
  const { dx, dy, cast, aim } = v;
  const step = (n) => Number.isInteger(n) && n >= -INPUT_STEP_MAX && n <= INPUT_STEP_MAX;
  if (!step(dx) || !step(dy) || (cast !== 0 && cast !== 1) || !Number.isInteger(aim) || aim < 0 || aim > 65535) return null;
  return { dx, dy, cast, aim };
}

function newWorld() {
  return new World({ tag: TAG });
}

export class MobaMatch {
  /** A new match from seed (an integer): heroes and creeps spawned, frame 0 not yet played. */
  constructor(seed, { world } = {}) {
    this.world = world ?? newWorld();
    this.frame = 0;            // frames played
    this.rng = new Rng(seed);
    this.units = [];           // { id, x, y, heading, radius, team, hp, hero }
    this.byIndex = new Map();  // body slot index -> unit
    this.shape = new Shape();  // reused query shape
    if (world) return;         // load() fills the rest
    for (let i = 0; i < SEATS + CREEPS; i++) {
      const u = { id: null, x: 0, y: 0, heading: 0, radius: 0, team: i & 1, hp: 0, hero: i < SEATS };
      this.units.push(u);
      this.#spawn(u);
    }
  }

  #base(u) {
    return u.team ? CENTER + HALF / 2 : CENTER - HALF / 2;
  }

  #spawn(u) {
    const r = this.rng;
    const third = Math.trunc(HALF_UNITS / 3);
    u.x = this.#base(u) + r.range(-third, third) * U + r.range(0, 65535);
    u.y = CENTER + r.range(2 - HALF_UNITS, HALF_UNITS - 2) * U + r.range(0, 65535);
    u.radius = r.range(U / 2, U + U / 4);
    u.heading = r.next() & 0xffff;
    u.hp = u.hero ? HERO_HP : CREEP_HP;
    u.id = this.world.createBody(Shape.circle(u.x, u.y, u.radius, this.shape),
      { category: 1 << u.team, mask: 0xffffffff });
    this.byIndex.set(u.id.index, u);
  }

  // Move u by (dx, dy) raw, bouncing off the arena; a rejected move changes nothing.
  #move(u, dx, dy) {
    if (u.x + dx > CENTER + HALF || u.x + dx < CENTER - HALF || u.y + dy > CENTER + HALF || u.y + dy < CENTER - HALF) {
      u.heading = (u.heading + 32768) & 0xffff;
      dx = -dx;
      dy = -dy;
    }
    try {
      this.world.translate2(u.id, dx, dy);
      u.x += dx;
      u.y += dy;
    } catch {
      /* out of the world's bounds: the unit stays */
    }
  }

  #walkCreep(u) {
    const r = this.rng;
    u.heading = (u.heading + r.range(-700, 700)) & 0xffff;
    const speed = r.range(SPEED_MIN, U / 2);
    this.#move(u, fix.mul(speed, fix.cos(u.heading)), fix.mul(speed, fix.sin(u.heading)));
  }

  // u casts its skill: an OBB of length len in front of it, along angle; enemies inside lose 1 hp.
  #cast(u, angle, dead) {
    const len = 8 * U, width = 2 * U;
    const cx = u.x + fix.mul(len / 2, fix.cos(angle)), cy = u.y + fix.mul(len / 2, fix.sin(angle));
    const hits = this.world.overlap(Shape.obb2(cx, cy, len / 2, width, angle, this.shape),
      { category: 1 << u.team, mask: 1 << (1 - u.team) });
    for (let i = 0; i < hits.count; i++) {
      const t = this.byIndex.get(hits.index(i));
      if (t && t.hp > 0 && --t.hp === 0) dead.push(t);
    }
  }

  /**
   * Play one frame with inputs (an array of SEATS inputs, normalizeInput
   * form; a missing one is IDLE). Returns the world checksum (BigInt).
   */
  step(inputs) {
    const dead = [];
    for (let s = 0; s < SEATS; s++) {
      const inp = normalizeInput(inputs[s]) ?? IDLE;
      const u = this.units[s];
      if (inp.dx || inp.dy) this.#move(u, inp.dx * (U / 8), inp.dy * (U / 8));
      if (inp.cast) this.#cast(u, inp.aim, dead);
    }
    for (let i = SEATS; i < this.units.length; i++) if (this.rng.chance(3, 4)) this.#walkCreep(this.units[i]);
    const caster = this.units[SEATS + (this.rng.next() % CREEPS)];
    this.#cast(caster, caster.heading, dead);
    const t = this.units[this.rng.next() % this.units.length];   // an AoE and a point pick, as scen_moba
    this.world.overlap(Shape.circle(t.x, t.y, 3 * U, this.shape));
    this.world.point2(t.x, t.y);
    for (const u of dead) {
      this.byIndex.delete(u.id.index);
      this.world.destroyBody(u.id);
      this.#spawn(u);
    }
    this.frame++;
    return this.world.checksum();
  }

  /** The state after frame - 1: { frame, world (snapshot bytes), game (plain integers, JSON-safe) }. */
  save() {
    return {
      frame: this.frame,
      world: this.world.snapshot(),
      game: {
        rng: this.rng.state,
        units: this.units.map((u) => [u.id.index, u.id.generation, u.x, u.y, u.heading, u.radius, u.team, u.hp, u.hero ? 1 : 0]),
      },
    };
  }

  /**
   * A match from save()'s value (possibly received from the network).
   * Throws (a FixcolError for a bad world snapshot, TypeError otherwise)
   * and creates nothing when it is malformed.
   */
  static load(saved) {
    const bad = (why) => new TypeError(`MobaMatch.load: ${why}`);
    if (!saved || typeof saved !== 'object' || !Number.isInteger(saved.frame) || saved.frame < 0) throw bad('frame');
    const g = saved.game;
    if (!g || !Number.isInteger(g.rng) || g.rng <= 0 || g.rng > 0xffffffff || !Array.isArray(g.units) ||
        g.units.length !== SEATS + CREEPS) throw bad('game state');
    for (const row of g.units)
      if (!Array.isArray(row) || row.length !== 9 || !row.every(Number.isInteger)) throw bad('unit row');
    if (!(saved.world instanceof Uint8Array)) throw bad('world snapshot (expected a Uint8Array)');
    const world = newWorld();
    try {
      world.restore(saved.world);
    } catch (e) {
      world.destroy();
      throw e;
    }
    const m = new MobaMatch(1, { world });
    m.frame = saved.frame;
    m.rng.state = g.rng >>> 0;
    for (const [index, gen, x, y, heading, radius, team, hp, hero] of g.units) {
      const u = { id: new BodyId(index, gen, TAG), x, y, heading, radius, team, hp, hero: hero === 1 };
      m.units.push(u);
      m.byIndex.set(index, u);
    }
    return m;
  }

  /** Free the world. */
  destroy() {
    this.world.destroy();
  }
}
