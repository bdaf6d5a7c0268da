// SPDX-License-Identifier: MIT
// The number model: every coordinate, size and parameter crosses as a raw
// Q16.16 integer (value * 65536, an int32), exactly representable in a JS
// number. A non-integer (1.5), a string, NaN or a value outside int32 where
// a raw value is expected throws FC_ERR_ARGUMENT: a float never enters the
// simulation. The helpers below convert exactly; none rounds silently.
import { fc, views, io, IOW, alloc, free, cString } from './wasm.js';
import { FixcolError, argError } from './errors.js';

export const ONE = 65536;
export const COORD_LIMIT = 8192 * ONE; // FC_COORD_LIMIT
export const SIZE_LIMIT = 4096 * ONE; // FC_SIZE_LIMIT

/** v if it is an int32, else throws (what names the argument). */
export function raw(v, what) {
  if (typeof v !== 'number' || (v | 0) !== v) throw argError(what ?? 'raw', `expected a raw Q16.16 int32, got ${describe(v)}`);
  return v;
}

/** v if it is a uint32 (filters, ids), else throws. */
export function u32(v, what) {
  if (typeof v !== 'number' || v >>> 0 !== v) throw argError(what ?? 'u32', `expected a uint32 integer, got ${describe(v)}`);
  return v;
}

/** v if it is a binary angle 0..65535, else throws. */
export function angleArg(v, what) {
  if (typeof v !== 'number' || (v & 0xffff) !== v) throw argError(what ?? 'angle', `expected a binary angle 0..65535, got ${describe(v)}`);
  return v;
}

// The type is checked first (no valueOf / toString of the argument runs, a
// BigInt or Symbol is named, not a TypeError); objects are named by type.
export function describe(v) {
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return `string ${JSON.stringify(v.slice(0, 40))}`;
  if (typeof v === 'bigint') return `bigint ${String(v).slice(0, 40)}n`;
  if (typeof v === 'symbol' || typeof v === 'function' || (typeof v === 'object' && v !== null)) return typeof v;
  return String(v);
}

/** Whole units to raw: fromInt(3) === 196608. Throws outside int32. */
export function fromInt(n) {
  if (!Number.isInteger(n) || n < -32768 || n > 32767) throw argError('fix.fromInt', `expected an integer in -32768..32767, got ${describe(n)}`);
  return n * ONE;
}

/** A ratio of integers that is exactly a multiple of 1/65536: fromRatio(3, 4) === 49152. */
export function fromRatio(num, den) {
  if (!Number.isSafeInteger(num) || !Number.isSafeInteger(den) || den === 0) throw argError('fix.fromRatio', 'expected safe integers, den != 0');
  const r = BigInt(num) * 65536n;
  if (r % BigInt(den) !== 0n) throw argError('fix.fromRatio', `${num}/${den} is not a multiple of 1/65536`);
  return raw(Number(r / BigInt(den)), 'fix.fromRatio');
}

/**
 * An exact decimal string to raw ("-12.375" -> -811008), by the same parser
 * as the replay text form (fc_replay_fix_parse): "0.1" is not a multiple of
 * 1/65536 and throws FC_ERR_FORMAT, out of range FC_ERR_RANGE.
 */
export function fromDecimal(s) {
  if (typeof s !== 'string') throw argError('fix.fromDecimal', `expected a string, got ${describe(s)}`);
  if (s.length > 64 || !/^[-0-9.]*$/.test(s)) throw new FixcolError(-12, 'fix.fromDecimal', `not a decimal: ${JSON.stringify(s.slice(0, 40))}`);
  const p = alloc(s.length + 1);
  try {
    const { u8 } = views();
    for (let i = 0; i < s.length; i++) u8[p + i] = s.charCodeAt(i);
    const st = fc.fcjs_fix_parse(p, s.length, io);
    if (st !== 0) throw new FixcolError(st, 'fix.fromDecimal', JSON.stringify(s));
    return views().i32[IOW];
  } finally {
    free(p);
  }
}

/** The exact decimal of a raw value: toDecimal(-811008) === "-12.375". */
export function toDecimal(v) {
  raw(v, 'fix.toDecimal');
  const p = alloc(32);
  try {
    fc.fcjs_fix_format(v, p);
    return cString(p);
  } finally {
    free(p);
  }
}

/** raw / 65536 as a JS number, for display only (never feed it back). */
export function toNumber(v) {
  return raw(v, 'fix.toNumber') / ONE;
}

/** Binary angle of degrees given as raw Q16.16 (fc_angle_from_deg): angleFromDeg(fromInt(90)) === 16384. */
export function angleFromDeg(degRaw) {
  return fc.fcjs_angle_from_deg(raw(degRaw, 'fix.angleFromDeg'));
}

/** Binary angle of radians given as raw Q16.16 (fc_angle_from_rad). */
export function angleFromRad(radRaw) {
  return fc.fcjs_angle_from_rad(raw(radRaw, 'fix.angleFromRad'));
}

/** The angle in degrees as raw Q16.16 (fc_angle_to_deg). */
export function angleToDeg(a) {
  return fc.fcjs_angle_to_deg(angleArg(a, 'fix.angleToDeg'));
}

/** Table sine / cosine of a binary angle, raw Q16.16 (fc_sin / fc_cos). */
export function sin(a) {
  return fc.fcjs_sin(angleArg(a, 'fix.sin'));
}
export function cos(a) {
  return fc.fcjs_cos(angleArg(a, 'fix.cos'));
}


// Exact Q16.16 product and quotient, integer-only (BigInt), both rounded to
// the nearest raw value, a tie away from zero. mul is bit for bit
// libfixmath's fix16_mul in the Debian build (rounding on); div is the
// exactly rounded quotient, which is fix16_div's documented rule (Debian's
// fix16_div is off by one raw on some inputs: its first estimate truncates).
// Where the result does not fit int32 raw they throw FC_ERR_RANGE (where
// libfixmath returns fix16_overflow): an error, never a wrapped value.
const HALF = 32768n;
const I32_MIN = -2147483648n;
const I32_MAX = 2147483647n;

function fitRaw(q, call, a, b) {
  if (q < I32_MIN || q > I32_MAX) throw new FixcolError(-2, call, `${a} and ${b}: the result does not fit Q16.16 (int32 raw)`);
  return Number(q);
}

/**
 * a * b of two raw Q16.16 values (fix16_mul): mul(fromInt(3), fromRatio(1, 2)) === 98304.
 * Throws FC_ERR_ARGUMENT (a non-int32 argument, named) or FC_ERR_RANGE (the product
 * is outside int32 raw, i.e. |a*b| >= 32768 units).
 */
export function mul(a, b) {
  raw(a, 'fix.mul (a)');
  raw(b, 'fix.mul (b)');
  const p = BigInt(a) * BigInt(b);
  const m = ((p < 0n ? -p : p) + HALF) >> 16n;
  return fitRaw(p < 0n ? -m : m, 'fix.mul', a, b);
}

/**
 * a / b of two raw Q16.16 values, exactly rounded: div(fromInt(1), fromInt(3)) === 21845.
 * Throws FC_ERR_ARGUMENT (a non-int32 argument, named; b === 0: division by
 * zero, where fix16_div returns fix16_minimum) or FC_ERR_RANGE (the quotient is
 * outside int32 raw).
 */
export function div(a, b) {
  raw(a, 'fix.div (a)');
  raw(b, 'fix.div (b)');
  if (b === 0) throw argError('fix.div (b)', 'division by zero');
  const n = BigInt(a);
  const d = BigInt(b);
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const m = ((an << 17n) / ad + 1n) >> 1n;
  return fitRaw((n < 0n) !== (d < 0n) ? -m : m, 'fix.div', a, b);
}
