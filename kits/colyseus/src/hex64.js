// SPDX-License-Identifier: MIT
// 64-bit values (checksums, protocol questions and answers) cross the room's
// messages as 16 lowercase hex digits: BigInt <-> text, strict.

/** The 16-digit lowercase hex text of a BigInt in 0..2^64-1 (throws TypeError otherwise). */
export function toHex64(v) {
  if (typeof v !== 'bigint' || BigInt.asUintN(64, v) !== v) throw new TypeError('toHex64: expected a BigInt in 0..2^64-1');
  return v.toString(16).padStart(16, '0');
}

/** The BigInt of exactly 16 hex digits, or null for anything else. */
export function fromHex64(s) {
  return typeof s === 'string' && /^[0-9a-f]{16}$/.test(s) ? BigInt(`0x${s}`) : null;
}
