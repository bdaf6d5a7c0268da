// SPDX-License-Identifier: MIT
// FrameRing: the last `size` frames' values by frame number (checksums,
// world snapshots), for comparing late checksums and for locating a desync
// at a past frame. A frame older than the ring (or not yet stored) is absent.

export class FrameRing {
  /** size: frames kept, an integer in 1..65536. */
  constructor(size) {
    if (!Number.isInteger(size) || size < 1 || size > 65536) throw new RangeError('FrameRing: size in 1..65536');
    this.size = size;
    this.frames = new Array(size).fill(-1);
    this.values = new Array(size).fill(undefined);
  }

  /** Store value for frame (a non-negative integer). */
  put(frame, value) {
    const k = frame % this.size;
    this.frames[k] = frame;
    this.values[k] = value;
  }

  /** The value stored for frame, or undefined when it is not in the ring. */
  get(frame) {
    if (!Number.isInteger(frame) || frame < 0) return undefined;
    const k = frame % this.size;
    return this.frames[k] === frame ? this.values[k] : undefined;
  }

  /** Forget everything (a resync). */
  clear() {
    this.frames.fill(-1);
    this.values.fill(undefined);
  }
}
