// SPDX-License-Identifier: MIT
// LockstepRoom: a Colyseus room running a frame-sync MobaMatch.
//
// Every tick (tickHz, default 30) it takes each seat's latest input (IDLE
// for an empty or silent seat), broadcasts the frame's input set
// 'frame' { f, inputs, prev } (prev: its own checksum of frame f - 1, hex),
// plays the frame on its own authoritative fixcol world and stores the
// frame's checksum and world snapshot (rings of `ring` frames). Each client
// plays the same input sets and sends 'sum' { f, s }; a checksum that
// differs from the server's starts a WireLocate search (fixcol's desync
// wire protocol, the server leading) against that client, its messages
// crossing the room as 'desync' bytes; the report (frame, bodies, differing
// fields from both canonical dumps, verdict) goes to the room log (one JSON
// line, `desync-report ...`) and to every client ('report'); then the
// client gets a 'resync' (a snapshot of the current state) and plays on.
//
// Joining: options { player } (a name, 1..32 characters; the same name
// takes back its seat: a rejoin). The client gets 'welcome' { seat, seed,
// state } (state: MobaMatch.save() of now) and catches up from it.
// 'status' (no payload) is answered with 'status' { frame, pid, seats: [{
// player, connected, agreed, mismatched, lastFrame, rejected, locating }],
// reports } (pid: the server process hosting the room).
// Untrusted messages never throw: a malformed one is counted in `rejected`
// and ignored.
import { Room } from '@colyseus/core';
import { MobaMatch, SEATS, IDLE, normalizeInput } from './moba.js';
import { FrameRing } from './ring.js';
import { WireLocate } from './wire_locate.js';
import { toHex64, fromHex64 } from './hex64.js';
import { TickStats } from './tick_stats.js';

const intIn = (v, lo, hi) => Number.isInteger(v) && v >= lo && v <= hi;

export class LockstepRoom extends Room {
  /**
   * options: seed (uint32, default 1), tickHz (1..1000, default 30), ring
   * (frames kept for late checksums and locating, 8..4096, default 128),
   * maxFrames (stop ticking after this many frames; 0: never), locateTimeoutMs
   * (default 2000), maxFound (bodies reported per desync, 1..64, default 8),
   * startSeats (frame 0 is played once this many seats are taken, 1..4,
   * default 4: the match starts when the room is full).
   */
  onCreate(options = {}) {
    const o = options ?? {};
    if (!this.stats) this.stats = new TickStats(); // startServer's subclass shares one per process
    this.seed = intIn(o.seed, 0, 0xffffffff) ? o.seed : 1;
    this.tickHz = intIn(o.tickHz, 1, 1000) ? o.tickHz : 30;
    this.maxFrames = intIn(o.maxFrames, 0, 1e9) ? o.maxFrames : 0;
    this.locateTimeoutMs = intIn(o.locateTimeoutMs, 10, 60000) ? o.locateTimeoutMs : 2000;
    this.maxFound = intIn(o.maxFound, 1, 64) ? o.maxFound : 8;
    const ring = intIn(o.ring, 8, 4096) ? o.ring : 128;
    this.startSeats = intIn(o.startSeats, 1, SEATS) ? o.startSeats : SEATS;
    this.started = false;
    this.maxClients = 2 * SEATS;
    // a client sends 2 messages a frame plus a search's answers: more than this drops it
    this.maxMessagesPerSecond = Math.max(600, 8 * this.tickHz);
    this.match = new MobaMatch(this.seed);
    this.sums = new FrameRing(ring);
    this.snaps = new FrameRing(ring);
    this.scratch = null;              // a world for locating (restored from a frame snapshot)
    this.seats = Array.from({ length: SEATS }, () => ({
      player: null, client: null, input: IDLE, agreed: 0, mismatched: 0, lastFrame: -1, rejected: 0, locate: null, mismatchAt: 0,
    }));
    this.reports = [];
    this.nextSid = 1;
    this.setMetadata({ seed: this.seed, tickHz: this.tickHz });

    this.onMessage('input', (c, m) => this.#onInput(c, m));
    this.onMessage('sum', (c, m) => this.#onSum(c, m));
    this.onMessage('desync', (c, m) => {
      const s = this.#seatOf(c);
      if (s?.locate) s.locate.onMessage(m);
      else if (s) s.rejected++;          // no search running with this client
    });
    this.onMessage('status', (c) => c.send('status', this.status()));
    this.onMessage('catchup', (c) => this.#catchup(c));
    this.onMessage('*', (c) => { const s = this.#seatOf(c); if (s) s.rejected++; });

    this.period = 1000 / this.tickHz;
    this.prevStart = 0;
    this.patchRate = null;              // no Colyseus state: everything is messages
    this.setTimestep(() => this.#tick(), this.period);
  }

  #seatOf(client) {
    return this.seats.find((s) => s.client === client) ?? null;
  }

  onJoin(client, options) {
    const player = typeof options?.player === 'string' && options.player.length >= 1 && options.player.length <= 32
      ? options.player : `p-${client.sessionId}`;
    let seat = this.seats.findIndex((s) => s.player === player && !s.client);
    if (seat < 0) seat = this.seats.findIndex((s) => s.player === null);
    if (seat < 0) throw new Error('the room is full (4 seats)');
    const s = this.seats[seat];
    if (s.locate) s.locate = null;
    Object.assign(s, { player, client, input: IDLE, lastFrame: this.match.frame - 1 });
    client.send('welcome', { seat, seed: this.seed, state: this.match.save() });
  }

  onLeave(client) {
    const s = this.#seatOf(client);
    if (s) Object.assign(s, { client: null, input: IDLE, locate: null });
  }

  onDispose() {
    this.match?.destroy();
    this.scratch?.destroy();
  }

  // A client that missed frames asks for the current state.
  #catchup(client) {
    const s = this.#seatOf(client);
    if (!s || s.locate) return;
    client.send('resync', { state: this.match.save() });
    s.lastFrame = this.match.frame - 1;
  }

  #onInput(client, m) {
    const s = this.#seatOf(client);
    if (!s) return;
    const inp = normalizeInput(m);
    if (inp) s.input = inp;
    else s.rejected++;
  }

  #onSum(client, m) {
    const t0 = performance.now();
    const s = this.#seatOf(client);
    if (!s) return;
    const sum = m && intIn(m.f, 0, 1e9) ? fromHex64(m.s) : null;
    if (sum === null) { s.rejected++; return; }
    if (s.locate || m.f <= s.lastFrame) return;     // locating, or a frame already judged
    const mine = this.sums.get(m.f);
    if (mine === undefined) { s.rejected++; return; } // ahead of the server, or older than the ring
    s.lastFrame = m.f;
    if (mine === sum) s.agreed++;
    else {
      s.mismatched++;
      this.#startLocate(s, m.f, t0);
    }
    this.stats.addProtocol(performance.now() - t0);
  }

  #startLocate(s, frame, t0) {
    const snap = this.snaps.get(frame);
    if (!this.scratch) this.scratch = new MobaMatch(1).world;
    this.scratch.restore(snap);
    const session = this.nextSid++;
    const client = s.client;
    s.locate = new WireLocate({
      session, frame, world: this.scratch, maxFound: this.maxFound,
      send: (bytes) => client.send('desync', bytes),
      onDone: (r) => this.#report(s, r, t0),
    });
    s.locate.start();
  }

  #report(s, r, t0) {
    const report = { room: this.roomId, seat: this.seats.indexOf(s), player: s.player, ...r, ms: performance.now() - t0 };
    this.reports.push(report);
    this.stats.locates.push(report.ms);
    console.log(`desync-report ${JSON.stringify(report)}`);
    this.broadcast('report', report);
    s.locate = null;
    if (s.client) {
      s.client.send('resync', { state: this.match.save() });
      s.lastFrame = this.match.frame - 1;
    }
  }

  #tick() {
    if (this.maxFrames && this.match.frame >= this.maxFrames) return;
    const start = performance.now();
    if (!this.started) {
      if (this.seats.filter((s) => s.client).length < this.startSeats) return;
      this.started = true;
      this.prevStart = start - this.period;
    }
    // lateness: how much later than one period after the previous tick this one ran
    const late = Math.max(0, start - (this.prevStart + this.period));
    this.prevStart = start;
    const f = this.match.frame;
    const inputs = this.seats.map((s) => s.input);
    const prev = this.sums.get(f - 1);
    const t1 = performance.now();
    this.broadcast('frame', { f, inputs, prev: prev === undefined ? null : toHex64(prev) });
    const t2 = performance.now();
    const sum = this.match.step(inputs);
    const t3 = performance.now();
    this.sums.put(f, sum);
    this.snaps.put(f, this.match.world.snapshot());
    for (const s of this.seats) s.locate?.checkTimeout(this.locateTimeoutMs);
    const t4 = performance.now();
    this.stats.tick(late + (t4 - start), t3 - t2, t4 - t3 + (t1 - start), t2 - t1);
  }

  /** Per-seat agreement counters (the 'status' reply). */
  status() {
    return {
      frame: this.match.frame,
      pid: typeof process === 'object' ? process.pid : 0,   // which server process hosts the room
      seats: this.seats.map((s) => ({
        player: s.player, connected: !!s.client, agreed: s.agreed, mismatched: s.mismatched, lastFrame: s.lastFrame,
        rejected: s.rejected, locating: !!s.locate,
      })),
      reports: this.reports.length,
    };
  }
}
