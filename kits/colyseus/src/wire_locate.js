// SPDX-License-Identifier: MIT
// WireLocate: the server's side of locating one client's desync, through
// fixcol's desync wire protocol (WireLeader, fixcol/wire.h,
// docs/lockstep.md): the server leads, the client follows; the protocol's
// messages (Uint8Array, at most WIRE_MESSAGE_MAX bytes) cross the room as
// 'desync' messages both ways. The server gives the leader its own world of
// frame F (a scratch world restored from its frame snapshot); the client
// answers on its world of frame F.
//
// It ends with one report (onDone): the leader's verdict - 'found' (every
// differing body: slot, both canonical dump lines, the differing fields),
// 'equal' (the bodies agree: the checksums differ in the world header or
// free-list order), 'budget' (the round budget ran out: more than maxFound
// differing bodies, or a peer that keeps answering "different"),
// 'inconsistent' (the client's answers contradict each other or its dumps),
// 'cap' (too many messages), 'aborted' (the client gave up) - or 'timeout'
// (no end within the time limit: the leader is aborted). Malformed,
// replayed, out-of-order and foreign messages are counted by the leader's
// receive status and change nothing.
import { WireLeader } from 'fixcol';
import { diffDumpLines } from './dump_diff.js';

/** The fields of one report text (frame F slot I / mine: / theirs: / field lines). */
export function parseReportText(text) {
  const lines = String(text).split('\n');
  const pick = (p) => (lines.find((l) => l.startsWith(p)) ?? '').slice(p.length);
  const server = pick('mine: '), client = pick('theirs: ');
  return { server, client, fields: diffDumpLines(server, client) };
}

export class WireLocate {
  /**
   * session: uint32, not 0, unique per search in the room; frame: F; world:
   * the server's world of frame F (owned by the caller, not changed);
   * send(bytes): to the client; onDone(report): called once; maxFound: 1..64.
   */
  constructor({ session, frame, world, send, onDone, maxFound = 8, now = () => performance.now() }) {
    this.session = session;
    this.frame = frame;
    this.world = world;
    this.send = send;
    this.onDone = onDone;
    this.now = now;
    this.lead = new WireLeader({ session, frame, maxFound });
    this.statuses = {};   // receive status -> count
    this.started = now();
    this.done = false;
  }

  /** Send the first messages. */
  start() {
    this.#pump();
  }

  #pump() {
    for (let m; (m = this.lead.produce(this.world)) !== null;) this.send(m);
    if (this.lead.ended) this.#finish(this.lead.verdict);
  }

  #finish(verdict, reason = null) {
    if (this.done) return;
    this.done = true;
    const l = this.lead;
    this.onDone({
      session: l.session, frame: this.frame, verdict, reason, rounds: l.rounds, messages: l.messages,
      slots: this.world.slotCount,
      statuses: this.statuses, bodies: l.reports.map((r) => ({ slot: r.slot, text: r.text, ...parseReportText(r.text) })),
    });
  }

  /** A 'desync' message from the client (untrusted: anything). */
  onMessage(bytes) {
    if (this.done) return;
    let st;
    try {
      st = this.lead.receive(bytes instanceof Uint8Array || bytes instanceof ArrayBuffer ? bytes : new Uint8Array(0));
    } catch {
      st = 'malformed';
    }
    this.statuses[st] = (this.statuses[st] ?? 0) + 1;
    this.#pump();
  }

  /** Call periodically: after limitMs the search is aborted and reported as 'timeout'. */
  checkTimeout(limitMs) {
    if (this.done || this.now() - this.started <= limitMs) return;
    this.lead.abort();
    for (let m; (m = this.lead.produce(this.world)) !== null;) this.send(m);
    this.#finish('timeout', `no end within ${limitMs} ms`);
  }
}
