// SPDX-License-Identifier: MIT
// A frame in one call (fixcol/frame.h; docs/frame.md): a FrameBuffer holds
// the command words and the result words in wasm memory, as Int32Arrays the
// program writes and reads directly; World.runFrame(fb, n) runs fb.cmd[0..n)
// and fills fb.out, with no copy and no allocation per frame.
import { fc, views, alloc, free, io, IOW } from './wasm.js';
import { argError, FixcolError, Status } from './errors.js';

/** The opcodes (the first word of a command; fixcol/frame.h has the layouts). */
export const FrameOp = Object.freeze({
  TRANSLATE2: 1, MOVE_POLAR2: 2, SET_ANGLE2: 3, SET_SHAPE2: 4, GET_SHAPE2: 5, SECTOR2: 6, RING2: 7,
  OVERLAP2: 8, RAY2: 9, CAST2: 10, PAIRS: 11, EVENTS: 12, PUSHOUT_PAIRS2: 13, CHECKSUM: 14,
});
/** Words of a GET_SHAPE2 result slot after its status (the largest shape record). */
export const FRAME_SHAPE_WORDS = 18;
/** Largest buffer, commands or results, in words. */
export const FRAME_MAX_WORDS = 1 << 28;

const registry = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((p) => free(p)) : null;

// Set by FrameBuffer's static block (they read its private fields).
let frameArgs, frameCall;
export { frameArgs, frameCall };

/** Command and result words in wasm memory. */
export class FrameBuffer {
  #p = 0;
  #cmdWords;
  #outWords;
  #buf = null;
  #cmd = null;
  #out = null;

  /**
   * @param {number} cmdWords room for this many command words (1 .. 2^24)
   * @param {number} outWords room for this many result words (1 .. 2^24)
   * Throws a RangeError when the wasm heap cannot hold them. Call free()
   * when done (or let it be collected).
   */
  constructor(cmdWords, outWords) {
    for (const [v, name] of [[cmdWords, 'cmdWords'], [outWords, 'outWords']])
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > (1 << 24))
        throw argError('FrameBuffer', `${name} must be an integer 1 .. 2^24`);
    this.#p = alloc((cmdWords + outWords) * 4);
    this.#cmdWords = cmdWords;
    this.#outWords = outWords;
    if (registry) registry.register(this, this.#p, this);
  }

  #views() {
    if (this.#p === 0) throw argError('FrameBuffer', 'used after free()');
    const b = views().i32.buffer;
    if (b !== this.#buf) { // the wasm memory grew: new views
      this.#buf = b;
      this.#cmd = new Int32Array(b, this.#p, this.#cmdWords);
      this.#out = new Int32Array(b, this.#p + this.#cmdWords * 4, this.#outWords);
    }
  }

  /** The command words (an Int32Array view; get it again after any fixcol call: memory may grow). */
  get cmd() {
    this.#views();
    return this.#cmd;
  }

  /** The result words (an Int32Array view; get it again after any fixcol call). */
  get out() {
    this.#views();
    return this.#out;
  }

  get cmdWords() { return this.#cmdWords; }
  get outWords() { return this.#outWords; }
  get freed() { return this.#p === 0; }

  /** Give the memory back; later use is an error. Twice is fine. */
  free() {
    if (this.#p === 0) return;
    if (registry) registry.unregister(this);
    free(this.#p);
    this.#p = 0;
    this.#buf = this.#cmd = this.#out = null;
  }

  static {
    // World.runFrame's checks and call; the brand check (#p in fb) reads
    // nothing of a caller's object (no getter or Proxy trap runs).
    frameArgs = (fb, n, call) => {
      if (fb === null || typeof fb !== 'object' || !(#p in fb)) throw argError(call, 'expected a FrameBuffer');
      if (fb.#p === 0) throw argError(call, 'the FrameBuffer was freed');
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > fb.#cmdWords)
        throw argError(call, `n must be an integer 0 .. ${fb.#cmdWords} (the buffer's command words), got ${typeof n === 'number' ? n : typeof n}`);
    };
    frameCall = (fb, p, n, call) => {
      const st = fc.fcjs_frame_run(p, fb.#p, n, fb.#p + fb.#cmdWords * 4, fb.#outWords, io);
      if (st === 0) return views().i32[IOW];
      const i32 = views().i32;
      if (st === Status.FC_ERR_BUFFER)
        throw new FixcolError(st, call, `the commands need ${i32[IOW]} result words, the FrameBuffer has ${fb.#outWords}`);
      if (st === Status.FC_ERR_ARGUMENT)
        throw new FixcolError(st, call, `cmd[${i32[IOW + 1]}]: malformed command (opcode ${fb.cmd[i32[IOW + 1]]}; fixcol/frame.h)`);
      throw new FixcolError(st, call, 'the frame was refused');
    };
  }
}

