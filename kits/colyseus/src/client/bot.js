// SPDX-License-Identifier: MIT
// runBot: a headless bot client (node): joins a LockstepRoom through the
// Colyseus SDK, plays with botInput, and can inject the faults the kit's
// tests need: perturb (move one body by 1 raw after a frame), lie (answer
// the locate questions with random values), drop (disconnect after a frame
// and rejoin under the same player name, catching up from the welcome
// snapshot).
import { Client } from '@colyseus/sdk';
import { World, Shape, fix } from 'fixcol';
import { LockstepClient } from './lockstep_client.js';
import { botInput } from './bot_input.js';
import { Rng } from '../rng.js';

/**
 * joinBot({ endpoint, roomId, create, player, seed, fault }) -> { lc, sdk }.
 * endpoint: 'ws://127.0.0.1:PORT'; roomId: join that room, else create
 * (LockstepRoom options) makes a new one. fault (optional): { perturbAt,
 * unit } (after frame perturbAt move unit `unit` by 1 raw in x),
 * { lie: true } (answers each message on a freshly perturbed copy of its
 * world: contradicting answers; combine with perturbAt to be searched);
 * twins of the tests: { answerPrevious: true } (answers questions about frame
 * F on its world of frame F - 1), { ignoreCatchUp: true } (ignores snapshots after
 * the first). Returns { lc, sdk, room, rejoin(whileAway) }: rejoin drops
 * the connection (not consented, no SDK auto-reconnect), awaits
 * whileAway(), and joins the same room again under the same name.
 */
export async function joinBot({ endpoint, roomId = null, create = {}, player, seed = 1, fault = {}, ring = 128 }) {
  const sdk = new Client(endpoint);
  const room = roomId ? await sdk.joinById(roomId, { player }) : await sdk.create('lockstep', { ...create, player });
  const hooks = {};
  if (Number.isInteger(fault.perturbAt)) {
    hooks.afterStep = (f, m) => {
      if (f === fault.perturbAt) m.world.translate2(m.units[fault.unit ?? 0].id, 1, 0);
    };
  }
  if (fault.lie) hooks.answerWorld = liarWorld(seed);
  if (fault.answerPrevious) hooks.answerFrame = (f) => f - 1;
  if (fault.ignoreCatchUp) hooks.ignoreCatchUp = () => true;
  const lc = new LockstepClient(room, { input: botInput(seed), hooks, ring });
  await lc.ready;
  const bot = { lc, sdk, room };
  bot.rejoin = async (whileAway = async () => {}) => {
    const id = bot.room.roomId;
    if (bot.room.reconnection) bot.room.reconnection.enabled = false;  // a plain drop: no SDK auto-reconnect
    await bot.room.leave(false);
    await whileAway();
    bot.room = await sdk.joinById(id, { player });
    lc.attach(bot.room);
    await lc.ready;
  };
  return bot;
}

/**
 * liarWorld(seed) -> an answerWorld hook that lies: each message is answered
 * on a fresh copy of the world of frame F with one random body moved by
 * 1 raw, so the answers contradict each other.
 */
export function liarWorld(seed) {
  const r = new Rng(seed ^ 0x5bd1e995);
  let copy = null;
  const all = Shape.aabb2(0, 0, 1023 * fix.ONE, 1023 * fix.ONE);
  return (w) => {
    copy ??= new World({ tag: 1 });
    copy.restore(w.snapshot());
    const ids = copy.overlap(all);
    if (ids.count) copy.translate2(ids.id(r.next() % ids.count), 1, 0);
    return copy;
  };
}

/** Resolve to cond()'s value once it is truthy (cond may be async; polled every 5 ms), reject after ms. */
export async function until(cond, ms, what) {
  const t0 = Date.now();
  for (;;) {
    const v = await cond();
    if (v) return v;
    if (Date.now() - t0 > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
