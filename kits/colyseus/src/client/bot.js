// SPDX-License-Identifier: MIT
// runBot: a headless bot client (node): joins a LockstepRoom through the
// Colyseus SDK, plays with botInput, and can inject the faults the kit's
// tests need: perturb (move one body by 1 raw after a frame), lie (answer
// the locate questions with random values), drop (disconnect after a frame
// and rejoin under the same player name, catching up from the welcome
// snapshot).
import { Client } from '@colyseus/sdk';
import { LockstepClient } from './lockstep_client.js';
import { botInput } from './bot_input.js';
import { Rng } from '../rng.js';

/**
 * joinBot({ endpoint, roomId, create, player, seed, fault }) -> { lc, sdk }.
 * endpoint: 'ws://127.0.0.1:PORT'; roomId: join that room, else create
 * (LockstepRoom options) makes a new one. fault (optional): { perturbAt,
 * unit } (after frame perturbAt move unit `unit` by 1 raw in x),
 * { lie: true } (random answers; combine with perturbAt to be searched);
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
  if (fault.lie) {
    const r = new Rng(seed ^ 0x5bd1e995);
    hooks.answer = () => (BigInt(r.next()) << 32n) | BigInt(r.next());
  }
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
