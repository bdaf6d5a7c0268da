// SPDX-License-Identifier: MIT
// The desync locator as a wire protocol (fixcol/wire.h, docs/lockstep.md):
// bytes in, bytes out; the caller moves the messages (Uint8Array) over any
// transport. A leader (the server) runs the search against one follower
// (a client); both give produce() their World at the search's frame.
//
//   leader, after a client's checksum at frame F differed:
//     const lead = new WireLeader({ session, frame: F });  // + maxFound, maxRounds, maxMessages
//     const pump = () => { for (let m; (m = lead.produce(worldAtF)) !== null; ) send(m); };
//     pump();
//     onMessage((bytes) => { lead.receive(bytes); pump(); });
//     // lead.ended: lead.verdict ('equal' | 'found' | 'budget' | 'inconsistent'
//     //   | 'aborted' | 'cap'), lead.reports [{ frame, slot, text }]
//   follower:
//     const fol = new WireFollower();
//     onMessage((bytes) => {
//       if (fol.receive(bytes) === 'start') restore(worldAtF, fol.frame);
//       for (let m; (m = fol.produce(worldAtF)) !== null; ) send(m);
//     });
//
// receive() returns a status string and never throws for any bytes:
// 'accepted', 'start', 'report', 'verdict', 'aborted' (taken) or
// 'malformed', 'version', 'session', 'replayed', 'out_of_order',
// 'unexpected', 'inconsistent', 'cap', 'ended' (nothing changed, except
// that 'inconsistent' and 'cap' end the search). The state (fc_wire, about
// 2 KiB) is kept in JavaScript memory and copied into the wasm heap around
// each call: nothing to free.
import { fc, views, io, IOW, alloc } from './wasm.js';
import { FixcolError, argError, Status } from './errors.js';
import { worldCall } from './world.js';
import { u64Arg } from './desync.js';

/** FC_WIRE_VERSION. */
export const WIRE_VERSION = 1;
/** FC_WIRE_MESSAGE_MAX: the largest message in bytes. */
export const WIRE_MESSAGE_MAX = fc.fcjs_wire_message_max();

const SIZE = fc.fcjs_wire_size();
let scratch = 0; // SIZE bytes for the state
let msgBuf = 0; // WIRE_MESSAGE_MAX + 1 bytes for a message

const TYPES = [null, 'checksum', 'start', 'ask', 'answer', 'dump_ask', 'dump', 'report', 'verdict', 'abort'];
const VERDICTS = ['running', 'equal', 'found', 'budget', 'inconsistent', 'aborted', 'cap'];
const REASONS = [null, 'caller', 'cap', 'bad_request'];
const RX = ['accepted', 'start', 'report', 'verdict', 'aborted', 'malformed', 'version', 'session', 'replayed',
  'out_of_order', 'unexpected', 'inconsistent', 'cap', 'ended', 'null'];

function buffers() {
  if (!scratch) scratch = alloc(SIZE);
  if (!msgBuf) msgBuf = alloc(WIRE_MESSAGE_MAX + 1);
}

// The intrinsic getters, taken at load: they read internal slots only, so
// checking and viewing an argument runs no getter, Proxy trap or species
// constructor of the caller's (a Proxy or a fake object is refused).
const TA = Object.getPrototypeOf(Uint8Array.prototype);
const taGet = (k) => Object.getOwnPropertyDescriptor(TA, k).get;
const TA_TAG = taGet(Symbol.toStringTag), TA_BUFFER = taGet('buffer'), TA_OFFSET = taGet('byteOffset'), TA_BYTES = taGet('byteLength');
const AB_BYTES = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength').get;

/** A plain Uint8Array view of a Uint8Array (Buffer included) or ArrayBuffer, else FC_ERR_ARGUMENT. */
function bytesArg(b, call) {
  if (b !== null && typeof b === 'object') {
    if (TA_TAG.call(b) === 'Uint8Array') return new Uint8Array(TA_BUFFER.call(b), TA_OFFSET.call(b), TA_BYTES.call(b));
    let n = -1;
    try {
      n = AB_BYTES.call(b);
    } catch {
      n = -1; // not an ArrayBuffer
    }
    if (n >= 0) return new Uint8Array(b, 0, n);
  }
  throw argError(call, `expected a Uint8Array or ArrayBuffer, got ${b === null ? 'null' : typeof b}`);
}

/** Copy at most WIRE_MESSAGE_MAX + 1 bytes into the message buffer (longer is malformed either way); returns the length passed to C. */
function copyIn(bytes) {
  const n = Math.min(bytes.length, WIRE_MESSAGE_MAX + 1);
  views().u8.set(bytes.subarray(0, n), msgBuf);
  return n;
}

function u32Opt(opts, key, dflt, call) {
  const v = opts[key] ?? dflt;
  if (typeof v !== 'number' || v >>> 0 !== v) throw argError(call, `${key}: expected a uint32 integer`);
  return v;
}

function optionsArg(opts, keys, call) {
  if (opts === null || typeof opts !== 'object' || Array.isArray(opts)) throw argError(call, 'options must be an object');
  const o = {};
  for (const k of Object.keys(opts)) {
    if (!keys.includes(k)) throw argError(call, `unknown option '${String(k).slice(0, 40)}' (${keys.join(', ')})`);
    o[k] = opts[k]; // each read once
  }
  return o;
}

/**
 * fc_wire_checksum: the CHECKSUM message "my checksum at frame" (frame a
 * uint32, checksum a BigInt in 0..2^64-1, e.g. world.checksum()) as a
 * Uint8Array. Throws FixcolError FC_ERR_ARGUMENT for other arguments.
 */
export function wireChecksum(frame, checksum) {
  const c = 'wireChecksum';
  if (typeof frame !== 'number' || frame >>> 0 !== frame) throw argError(c, 'frame: expected a uint32 integer');
  const [lo, hi] = u64Arg(checksum, c);
  buffers();
  const st = fc.fcjs_wire_checksum(frame, lo, hi, msgBuf, WIRE_MESSAGE_MAX + 1, io);
  if (st !== 0) throw new FixcolError(st, c);
  const n = views().i32[IOW];
  return views().u8.slice(msgBuf, msgBuf + n);
}

/**
 * fc_wire_decode: one message (Uint8Array or ArrayBuffer) as
 * { type, version, session, frame, round, ... } with per type: checksum
 * { checksum: BigInt }, start { dim, maxFound, maxRounds }, ask
 * { question: BigInt }, answer { answer: BigInt }, dump_ask { slot },
 * dump { slot, dim, text }, report { slot, text }, verdict { verdict
 * (string), found, rounds }, abort { reason: 'caller' | 'cap' |
 * 'bad_request' }. Throws FixcolError FC_ERR_FORMAT (malformed; also a
 * message longer than WIRE_MESSAGE_MAX), FC_ERR_VERSION, FC_ERR_ARGUMENT
 * (not bytes).
 */
export function wireDecode(bytes) {
  const c = 'wireDecode';
  const b = bytesArg(bytes, c);
  buffers();
  const n = copyIn(b);
  const st = fc.fcjs_wire_decode(msgBuf, n, io);
  if (st !== 0) throw new FixcolError(st, c, st === Status.FC_ERR_FORMAT ? 'not a fixcol wire message' : undefined);
  const u = views().u32.slice(IOW, IOW + 17);
  const type = TYPES[u[0]];
  const m = { type, version: u[1], session: u[2], frame: u[3], round: u[4] };
  const value = BigInt(u[5]) | (BigInt(u[6]) << 32n);
  const text = () => new TextDecoder().decode(b.subarray(u[15], u[15] + u[16]));
  switch (type) {
    case 'checksum': m.checksum = value; break;
    case 'start': Object.assign(m, { dim: u[8], maxFound: u[9], maxRounds: u[10] }); break;
    case 'ask': m.question = value; break;
    case 'answer': m.answer = value; break;
    case 'dump_ask': m.slot = u[7]; break;
    case 'dump': Object.assign(m, { slot: u[7], dim: u[8], text: text() }); break;
    case 'report': Object.assign(m, { slot: u[7], text: text() }); break;
    case 'verdict': Object.assign(m, { verdict: VERDICTS[u[11]], found: u[12], rounds: u[13] }); break;
    default: m.reason = REASONS[u[14]]; break;
  }
  return m;
}

/** What WireLeader and WireFollower share: the state, receive, produce, abort and the read-only fields. */
class WireSide {
  #s = new Uint8Array(SIZE);
  #reports = [];

  // init(p) initialises the state at p and returns the C status.
  constructor(init, call, detail) {
    const st = this.#call(init);
    if (st !== 0) throw new FixcolError(st, call, detail);
  }

  // Run f on a heap copy of the state and copy it back (also when f throws).
  // Every argument is converted before: no caller code runs in between.
  #call(f) {
    buffers();
    views().u8.set(this.#s, scratch);
    try {
      return f(scratch);
    } finally {
      this.#s.set(views().u8.subarray(scratch, scratch + SIZE));
    }
  }

  /**
   * fc_wire_receive: take one message (Uint8Array or ArrayBuffer) from the
   * peer; returns the status string (see the top of wire.js). Bytes that
   * are not a message give 'malformed'; only a non-bytes argument throws
   * (FixcolError FC_ERR_ARGUMENT, nothing changed, nothing counted).
   */
  receive(bytes) {
    const b = bytesArg(bytes, 'receive');
    return this.#call((p) => {
      const n = copyIn(b);
      return RX[fc.fcjs_wire_receive(p, msgBuf, n)];
    });
  }

  /**
   * fc_wire_produce: the next message to send (a new Uint8Array), computed
   * from world (a World at this search's frame), or null when there is
   * nothing to send now. Call after every receive() until null. Throws
   * FixcolError FC_ERR_ARGUMENT (not a World, or the world is busy) or
   * FC_ERR_NULL (a destroyed world); the search is then unchanged.
   */
  produce(world) {
    const bytes = worldCall(world, 'produce', (w) =>
      this.#call((p) => {
        const st = fc.fcjs_wire_produce(p, w, msgBuf, WIRE_MESSAGE_MAX + 1, io);
        if (st !== 0) throw new FixcolError(st, 'produce');
        const n = views().i32[IOW];
        return n === 0 ? null : views().u8.slice(msgBuf, msgBuf + n);
      }));
    if (bytes !== null && bytes[6] === 7 && bytes[7] === 0 && this.role === 'leader') {
      const m = wireDecode(bytes);
      this.#reports.push({ frame: m.frame, slot: m.slot, text: m.text });
    }
    return bytes;
  }

  /** Leader: the REPORTs sent so far, [{ frame, slot, text }] in slot order (a copy). */
  get reports() {
    return this.#reports.slice();
  }

  /** fc_wire_abort: end the search from this side; the next produce() sends an 'abort' message. */
  abort() {
    this.#call((p) => fc.fcjs_wire_abort(p));
    return this;
  }

  #info() {
    this.#call((p) => fc.fcjs_wire_info(p, io));
    return views().u32.slice(IOW, IOW + 10);
  }

  /** 'leader' or 'follower'. */
  get role() { return this.#info()[0] === 1 ? 'leader' : 'follower'; }
  /** The session id (follower: 0 until the START). */
  get session() { return this.#info()[1]; }
  /** The frame the worlds are compared at (follower: after 'start'). */
  get frame() { return this.#info()[2]; }
  /** 'running', 'equal', 'found', 'budget', 'inconsistent', 'aborted' or 'cap'. */
  get verdict() { return VERDICTS[this.#info()[3]]; }
  /** true once nothing more is sent or taken. */
  get ended() { return this.#info()[4] === 1; }
  /** receive() calls counted towards the message cap. */
  get messages() { return this.#info()[5]; }
  /** The message cap. */
  get maxMessages() { return this.#info()[6]; }
  /** Slots reported (leader: REPORTs sent; follower: received). */
  get found() { return this.#info()[7]; }
  /** Leader: bisection answers fed so far. */
  get rounds() { return this.#info()[8]; }
}

/** fc_wire_leader: the server's side of one search. */
export class WireLeader extends WireSide {
  /**
   * Options: session (uint32, not 0, required), frame (uint32, required),
   * maxFound (0: 64, else 1..2^24), maxRounds (0: the bound 2 + maxFound *
   * ceil(log2 S)), maxMessages (0: rounds + maxFound + 64). Throws
   * FixcolError FC_ERR_ARGUMENT (an unknown option, not a uint32, session
   * 0, maxFound too large). `reports` lists the REPORTs sent.
   */
  constructor(opts) {
    const c = 'new WireLeader';
    const o = optionsArg(opts, ['session', 'frame', 'maxFound', 'maxRounds', 'maxMessages'], c);
    if (o.session === undefined || o.frame === undefined) throw argError(c, 'session and frame are required');
    const v = [u32Opt(o, 'session', 0, c), u32Opt(o, 'frame', 0, c), u32Opt(o, 'maxFound', 0, c),
      u32Opt(o, 'maxRounds', 0, c), u32Opt(o, 'maxMessages', 0, c)];
    super((p) => fc.fcjs_wire_leader(p, v[0], v[1], v[2], v[3], v[4]), c, 'session must not be 0, maxFound at most 2^24');
  }
}

/** fc_wire_follower: a client's side; one search per object. */
export class WireFollower extends WireSide {
  /** Options: maxMessages (0: 4096). Throws FixcolError FC_ERR_ARGUMENT. */
  constructor(opts = {}) {
    const c = 'new WireFollower';
    const o = optionsArg(opts, ['maxMessages'], c);
    const cap = u32Opt(o, 'maxMessages', 0, c);
    super((p) => fc.fcjs_wire_follower(p, cap), c);
  }
}
