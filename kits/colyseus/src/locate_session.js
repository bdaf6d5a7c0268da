// SPDX-License-Identifier: MIT
// LocateSession: the server's side of locating one client's desync over
// the room's messages (the asker of docs/desync.md's bisection). The server
// holds its own world of frame F (a scratch world restored from its frame
// snapshot); the client answers each question on its own world of frame F.
//
//   server -> client  'locate'  { sid, f, round, q }     q: 16 hex digits
//   client -> server  'answer'  { sid, round, a }        a: 16 hex digits
//   server -> client  'dumpreq' { sid, f, slot }
//   client -> server  'dump'    { sid, slot, line }      fc_world_dump_slot text
//
// It ends with one report (onDone): verdict 'found' (every differing body:
// slot, both dump lines, the differing fields), 'equal' (the client's
// answers say the worlds are equal although its checksum differed: only
// the world header or free-list order differs), 'inconsistent' (the client
// contradicted itself: a body it called different dumps the same on both
// sides, a malformed answer, or the round budget ran out - more than
// maxFound differences or a lying peer), or 'timeout'. Limits: the round
// budget of fc_desync (2 + maxFound * ceil(log2 S)), a cap on the client's
// messages (4 x the budget + 16), and a time limit; a message for another
// session, round or slot is counted and ignored.
import { Desync } from 'fixcol';
import { diffDumpLines } from './dump_diff.js';
import { toHex64, fromHex64 } from './hex64.js';

export class LocateSession {
  /**
   * sid: a session id (string); frame: F; world: the server's world of
   * frame F (owned by the caller, not changed); send(type, msg): to the
   * client; onDone(report): called once; maxFound: 1..64 bodies reported.
   */
  constructor({ sid, frame, world, send, onDone, maxFound = 8, now = () => performance.now() }) {
    this.sid = sid;
    this.frame = frame;
    this.world = world;
    this.send = send;
    this.onDone = onDone;
    this.now = now;
    this.desync = new Desync().setBudget(maxFound);
    this.round = 0;          // answers fed
    this.question = null;    // pending question (BigInt)
    this.dumpSlot = -1;      // pending dump request
    this.bodies = [];
    this.messages = 0;
    this.maxMessages = 4 * (2 + maxFound * 24) + 16;
    this.started = now();
    this.done = false;
  }

  /** Send the first question. */
  start() {
    this.#advance();
  }

  #finish(verdict, reason) {
    if (this.done) return;
    this.done = true;
    this.onDone({
      sid: this.sid, frame: this.frame, verdict, reason: reason ?? null, rounds: this.desync.rounds,
      slots: this.desync.slots, ms: Math.round((this.now() - this.started) * 1000) / 1000, bodies: this.bodies,
    });
  }

  // Drive the machine to its next question, dump request or end.
  #advance() {
    for (;;) {
      const s = this.desync.next();
      if (s.step === 'ask') {
        this.question = s.question;
        this.send('locate', { sid: this.sid, f: this.frame, round: this.round, q: toHex64(s.question) });
        return;
      }
      if (s.step === 'found') {
        this.dumpSlot = s.slot;
        this.send('dumpreq', { sid: this.sid, f: this.frame, slot: s.slot });
        return;
      }
      if (s.step === 'limit') return this.#finish('inconsistent', 'round budget spent (a lying peer, or more differing bodies than maxFound)');
      if (this.bodies.length === 0) return this.#finish('equal', 'the bodies agree: the checksums differ in the world header or free-list order');
      return this.#finish('found');
    }
  }

  // Count a message; false (and the session ends) past the cap.
  #count() {
    if (++this.messages <= this.maxMessages) return true;
    this.#finish('inconsistent', `more than ${this.maxMessages} messages`);
    return false;
  }

  /** The client's 'answer' message (untrusted). */
  onAnswer(msg) {
    if (this.done || !this.#count()) return;
    if (!msg || msg.sid !== this.sid || msg.round !== this.round || this.question === null) return; // stale or replayed
    const a = fromHex64(msg.a);
    if (a === null) return this.#finish('inconsistent', 'malformed answer');
    const q = this.question;
    this.question = null;
    this.round++;
    try {
      this.desync.feed(this.world.desyncAnswer(q), a);
    } catch (e) {
      return this.#finish('inconsistent', `answer refused: ${e.message}`);
    }
    this.#advance();
  }

  /** The client's 'dump' message (untrusted). */
  onDump(msg) {
    if (this.done || !this.#count()) return;
    if (!msg || msg.sid !== this.sid || msg.slot !== this.dumpSlot || typeof msg.line !== 'string' || msg.line.length > 4096) return;
    const slot = this.dumpSlot;
    this.dumpSlot = -1;
    const mine = this.world.dumpSlot(slot).replace(/\n$/, ''), theirs = msg.line.replace(/\n$/, '');
    const fields = diffDumpLines(mine, theirs);
    if (fields.length === 0) return this.#finish('inconsistent', `slot ${slot} was answered as different but dumps the same on both sides`);
    this.bodies.push({ slot, server: mine, client: theirs, fields });
    this.#advance();
  }

  /** Call periodically: ends the session with 'timeout' after limitMs. */
  checkTimeout(limitMs) {
    if (!this.done && this.now() - this.started > limitMs) this.#finish('timeout', `no answer within ${limitMs} ms`);
  }
}
