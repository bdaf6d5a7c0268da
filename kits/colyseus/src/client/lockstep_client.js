// SPDX-License-Identifier: MIT
// LockstepClient: the client side of the kit's room protocol, for node and
// browsers (it imports only 'fixcol' and the kit's own modules; the
// Colyseus SDK room is passed in). It plays every input set the room
// broadcasts on its own MobaMatch, sends the frame's checksum, keeps the
// last `ring` frames' world snapshots, answers the server's locate
// questions and dump requests on the world of the asked frame, and catches
// up from the room's snapshot on 'welcome' (join, rejoin) and 'resync'
// (after a located desync). The locate search is fixcol's desync wire
// protocol (WireFollower): the server leads, its 'desync' messages are
// bytes, and this client answers them on its world of the search's frame.
//
//   const room = await sdk.joinOrCreate('lockstep', { player: 'ann' });
//   const lc = new LockstepClient(room, { input: (f) => ({ dx: 1, dy: 0, cast: 0, aim: 0 }) });
//   await lc.ready;                 // the welcome snapshot is loaded
//   lc.onDesync = (report) => ...;  // every report of the room
//
// Counters: frames (played), serverAgreed / serverMismatched (the server's
// published checksum of the previous frame vs this client's), resyncs.
// hooks (tests and bots only): afterStep(f, match) may change the world
// after frame f (a fault); answerWorld(world) -> the world that answers
// the next message (a lying bot gives a freshly perturbed one each time);
// answerFrame(f) -> the frame whose world answers a search about frame f;
// ignoreCatchUp(kind) -> true skips a 'welcome' / 'resync' snapshot (the
// last two only for the tests' should-fail twins); silent() -> true ignores
// the protocol's messages (a client that never answers).
import { World, WireFollower } from 'fixcol';
import { MobaMatch } from '../moba.js';
import { FrameRing } from '../ring.js';
import { toHex64, fromHex64 } from '../hex64.js';

export class LockstepClient {
  /**
   * room: a joined @colyseus/sdk Room of a LockstepRoom. options: input(f)
   * -> the input for frame f (normalizeInput form; default idle), ring
   * (frames kept, default 128), hooks.
   */
  constructor(room, { input = null, ring = 128, hooks = {} } = {}) {
    this.room = room;
    this.input = input;
    this.hooks = hooks;
    this.match = null;
    this.seat = -1;
    this.sums = new FrameRing(ring);
    this.snaps = new FrameRing(ring);
    this.scratch = null;
    this.scratchFrame = -1;
    this.follower = null;   // WireFollower of the running search
    this.wireWorld = null;  // its world of frame F
    this.frames = 0;
    this.serverAgreed = 0;
    this.serverMismatched = 0;
    this.resyncs = 0;
    this.reports = [];
    this.onDesync = null;
    this.onFrame = null;
    this.lastFrame = -1;
    this.closed = false;
    this.#statusWaiters = [];
    this.attach(room);
  }

  /**
   * Bind to a (newly joined) room: after a disconnect, join again under the
   * same player name and attach the new room; `ready` resolves when its
   * welcome snapshot is loaded (the catch-up).
   */
  attach(room) {
    this.room = room;
    this.ready = new Promise((resolve) => { this.#readyResolve = resolve; });
    room.onMessage('welcome', (m) => {
      if (this.match && this.hooks.ignoreCatchUp?.('welcome')) { this.seat = m.seat; return this.#readyResolve(); }
      this.#load(m.state, m.seat);
    });
    room.onMessage('resync', (m) => {
      this.resyncs++;
      if (!this.hooks.ignoreCatchUp?.('resync')) this.#load(m.state, this.seat);
    });
    room.onMessage('frame', (m) => this.#frame(m));
    room.onMessage('desync', (m) => this.#wire(m));
    room.onMessage('report', (r) => { this.reports.push(r); this.onDesync?.(r); });
    room.onMessage('status', (s) => { for (const w of this.#statusWaiters.splice(0)) w(s); });
  }

  #readyResolve;
  #statusWaiters;

  #load(state, seat) {
    const m = MobaMatch.load({ ...state, world: new Uint8Array(state.world) });
    this.match?.destroy();
    this.match = m;
    this.seat = seat;
    this.sums.clear();
    this.snaps.clear();
    this.scratchFrame = -1;
    this.#readyResolve();
  }

  #frame({ f, inputs, prev }) {
    const m = this.match;
    if (!m || f !== m.frame) {
      if (m && f > m.frame) this.room.send('catchup');  // a gap: ask for the current state
      return;
    }
    const mine = this.sums.get(f - 1);
    if (mine !== undefined && prev !== null) {
      if (fromHex64(prev) === mine) this.serverAgreed++;
      else this.serverMismatched++;
    }
    m.step(inputs);
    this.hooks.afterStep?.(f, m);
    const sum = m.world.checksum();
    this.sums.put(f, sum);
    this.snaps.put(f, m.world.snapshot());
    this.frames++;
    this.lastFrame = f;
    this.room.send('sum', { f, s: toHex64(sum) });
    if (this.input) this.room.send('input', this.input(f + 1));
    this.onFrame?.(f, sum);
  }

  // The world of frame f in the scratch world, or null when f is not in the ring.
  #worldAt(f) {
    if (this.hooks.answerFrame) f = this.hooks.answerFrame(f);
    if (this.scratchFrame === f) return this.scratch;
    const snap = this.snaps.get(f);
    if (!snap) return null;
    if (!this.scratch) this.scratch = new World({ tag: 1 });
    this.scratch.restore(snap);
    this.scratchFrame = f;
    return this.scratch;
  }

  // One wire protocol message from the server (bytes).
  #wire(bytes) {
    if (!(bytes instanceof Uint8Array) || this.hooks.silent?.()) return;
    if (!this.follower || this.follower.ended) this.follower = new WireFollower();
    const fol = this.follower;
    const st = fol.receive(bytes);
    if (st === 'start') this.wireWorld = this.#worldAt(fol.frame);
    if (!this.wireWorld && !fol.ended) fol.abort();   // frame F is no longer in the ring
    for (;;) {
      const w = this.wireWorld && this.hooks.answerWorld ? this.hooks.answerWorld(this.wireWorld) : this.wireWorld;
      const m = fol.produce(w ?? this.#anyWorld());
      if (m === null) break;
      this.room.send('desync', m);
    }
    if (st === 'report' || st === 'verdict') this.wireStatus = st;
  }

  // A world for produce() calls that only send an abort.
  #anyWorld() {
    if (!this.scratch) this.scratch = new World({ tag: 1 });
    return this.scratch;
  }

  /** The room's agreement counters: resolves to its 'status' reply. */
  status() {
    return new Promise((resolve) => {
      this.#statusWaiters.push(resolve);
      this.room.send('status');
    });
  }

  /** Leave the room (consented) and free the worlds. */
  async leave() {
    if (this.closed) return;
    this.closed = true;
    // the SDK's leave waits for the server's close; a dropped connection never answers
    await Promise.race([this.room.leave(true).catch(() => {}), new Promise((r) => setTimeout(r, 1000))]);
    this.dispose();
  }

  /** Free the worlds without leaving (the connection was dropped). */
  dispose() {
    this.match?.destroy();
    this.scratch?.destroy();
    this.match = this.scratch = null;
  }
}
