// SPDX-License-Identifier: MIT
// Errors: every failing call throws a FixcolError naming the C status
// (err.status === 'FC_ERR_STALE_ID', err.code === -8), the call and, where
// useful, a detail. A call that throws has changed nothing.
import { fc, cString } from './wasm.js';

/** fc_status names by -code. */
export const STATUS_NAMES = Object.freeze([
  'FC_OK', 'FC_ERR_NULL', 'FC_ERR_RANGE', 'FC_ERR_SIZE', 'FC_ERR_SHAPE_TYPE', 'FC_ERR_POLY_COUNT',
  'FC_ERR_POLY_ORDER', 'FC_ERR_ROTATION', 'FC_ERR_STALE_ID', 'FC_ERR_CAPACITY', 'FC_ERR_NO_MEMORY',
  'FC_ERR_BUFFER', 'FC_ERR_FORMAT', 'FC_ERR_VERSION', 'FC_ERR_CHECKSUM', 'FC_ERR_ARGUMENT',
]);

/** Status codes by name: Status.FC_ERR_RANGE === -2. */
export const Status = Object.freeze(Object.fromEntries(STATUS_NAMES.map((n, i) => [n, -i])));

export function statusName(code) {
  return STATUS_NAMES[-code] ?? `FC_STATUS_${code}`;
}

export class FixcolError extends Error {
  /**
   * @param {number} code  the fc_status (negative)
   * @param {string} call  the JavaScript method that failed
   * @param {string} [detail]
   */
  constructor(code, call, detail) {
    const name = statusName(code);
    const what = STATUS_NAMES[-code] ? cString(fc.fcjs_status_str(code)) : 'unknown status';
    super(`${call}: ${name} (${what})${detail ? `: ${detail}` : ''}`);
    this.name = 'FixcolError';
    this.status = name;
    this.code = code;
    this.call = call;
  }
}

/** Throw unless st is FC_OK. */
export function check(st, call) {
  if (st !== 0) throw new FixcolError(st, call);
}

/** A wrong argument from JavaScript (a wrong type, a non-integer raw value). */
export function argError(call, detail) {
  return new FixcolError(Status.FC_ERR_ARGUMENT, call, detail);
}
