// SPDX-License-Identifier: MIT
// usage: node muldiv.test.mjs --package DIR --c-tool FIXMATH_MULDIV [--break]
// fix.mul / fix.div against C (the tool fixmath_muldiv) on 150,000 seeded
// random pairs and adversarial ones (ties, +-1, powers of two, int32 limits,
// the overflow edges). fix.mul equals Debian's compiled libfixmath
// fix16_mul wherever that returns a value, and throws FC_ERR_RANGE where it
// returns fix16_overflow (INT32_MIN; or returns INT32_MIN when that is the
// exact answer). fix.div equals the exactly rounded quotient (nearest, a tie
// away from zero: the C tool's 64-bit reference, and checked here by the
// rounding inequality itself), throws FC_ERR_RANGE outside int32 and
// FC_ERR_ARGUMENT for b = 0; it equals libfixmath's fix16_div wherever that
// one is exact, and the pairs where fix16_div is off by one are counted
// (fix16_div truncates its first estimate). Wrong types throw FC_ERR_ARGUMENT
// naming the call and the argument. --break rounds a product tie toward
// +infinity (fixcol's fc_mul rule, not libfixmath's): must fail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import { parseArgs } from './args.mjs';

const { opt } = parseArgs(process.argv.slice(2), ['break']);
const { fix, FixcolError } = await import(pathToFileURL(join(opt.package, 'lib', 'index.js')).href);
const MIN = -2147483648, MAX = 2147483647;

// The broken twin: ties toward +infinity (floor((p + 2^15) / 2^16)).
const mul = opt.break ? (a, b) => {
  const q = (BigInt(a) * BigInt(b) + 32768n) >> 16n;
  if (q < BigInt(MIN) || q > BigInt(MAX)) throw new FixcolError(-2, 'fix.mul');
  return Number(q);
} : fix.mul;
const div = fix.div;

function pairs() {
  let s = 0x9e3779b9 >>> 0;
  const next = () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s | 0; };
  const out = [];
  const special = [0, 1, -1, 2, -2, 32767, 32768, -32768, 65535, 65536, -65536, 65537, 98304, -98304,
    0x7fff, 0x8000, 0xffff, 0x10000, 0x7fffff, 0x800000, -0x800000, 0x7fffffff, -0x7fffffff, MIN, MAX - 1,
    46340 << 8, 181 << 16, 182 << 16, -(181 << 16), 1 << 30, -(1 << 30), 3, 5, 7, 65536 * 3, 0x12345678];
  for (const a of special) for (const b of special) out.push([a, b]);
  for (let i = 0; i < 150000; i++) {
    const a = next(), b = next();
    const k = i % 5;
    // full int32, small magnitudes, half-ulp ties (odd * 2^15), near-overflow products
    if (k === 0) out.push([a, b]);
    else if (k === 1) out.push([a >> 12, b >> 12]);
    else if (k === 2) out.push([(a >> 16) | 1, 32768 * ((b >> 20) | 1)]);
    else if (k === 3) { const x = (a >> 8) | 1; out.push([x, Number(2n ** 47n / BigInt(x)) + (b % 3)]); }
    else out.push([a >> (i % 31), b >> ((i >> 5) % 31)]);
  }
  return out.filter(([a, b]) => Number.isInteger(a) && (a | 0) === a && (b | 0) === b);
}

test('fix.mul equals libfixmath fix16_mul, fix.div the exactly rounded quotient', () => {
  const ps = pairs();
  const r = spawnSync(opt['c-tool'], [], { input: ps.map(([a, b]) => `${a} ${b}`).join('\n') + '\n',
    encoding: 'utf8', maxBuffer: 256 << 20 });
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.trim().split('\n');
  assert.equal(lines.length, ps.length);
  let checked = 0, ranges = 0, ties = 0;
  const one = (fn, a, b, c, what) => {
    let v;
    try {
      v = fn(a, b);
    } catch (e) {
      assert.ok(e instanceof FixcolError && e.status === 'FC_ERR_RANGE', `${what}(${a}, ${b}): ${e}`);
      assert.equal(c, MIN, `${what}(${a}, ${b}) threw but libfixmath gives ${c}`);
      ranges++;
      return;
    }
    assert.equal(v, c, `${what}(${a}, ${b}) = ${v}, libfixmath ${c}`);
    checked++;
  };
  let libDivOff = 0;
  for (let i = 0; i < ps.length; i++) {
    const [a, b] = ps[i];
    const [cm, cd, cq] = lines[i].split(' ').map(BigInt);
    const p = BigInt(a) * BigInt(b);
    if (p % 65536n === 32768n || p % 65536n === -32768n) ties++;
    one(mul, a, b, Number(cm), 'mul');
    if (b === 0) {
      assert.throws(() => div(a, b), (e) => e instanceof FixcolError && e.status === 'FC_ERR_ARGUMENT'
        && /fix\.div \(b\).*division by zero/.test(e.message));
      continue;
    }
    // the rounding rule itself: |a * 2^16 - q * b| <= |b| / 2, a tie to the larger |q|
    const n = BigInt(a) * 65536n, d = BigInt(b);
    const err = n - cq * d, ad = d < 0n ? -d : d, twice = 2n * (err < 0n ? -err : err);
    const abs = (x) => (x < 0n ? -x : x);
    assert.ok(twice < ad || (twice === ad && abs(cq) * ad > abs(n)), `reference q(${a}, ${b}) = ${cq} is not the rounded quotient`);
    if (cq >= -2147483648n && cq <= 2147483647n) {
      assert.equal(div(a, b), Number(cq), `div(${a}, ${b})`);
      checked++;
      if (cd !== cq) {
        assert.ok(cd - cq === 1n || cq - cd === 1n || cd === -2147483648n, `libfixmath div(${a}, ${b}) = ${cd}, exact ${cq}`);
        libDivOff++;
      }
    } else {
      assert.throws(() => div(a, b), (e) => e instanceof FixcolError && e.status === 'FC_ERR_RANGE', `div(${a}, ${b})`);
      ranges++;
    }
  }
  assert.ok(ties > 10000 && ranges > 1000 && checked > 250000, `coverage: ${ties} ties, ${ranges} range errors, ${checked} values`);
  console.log(`${ps.length} pairs: ${checked} values equal, ${ranges} overflows thrown, ${ties} product ties; ` +
    `libfixmath fix16_div off by one (or overflow) on ${libDivOff}`);
});

test('fix.mul / fix.div: exact values, errors naming the call and argument', () => {
  const U = fix.ONE;
  assert.equal(fix.mul(3 * U, U / 2), 98304);
  assert.equal(fix.mul(-1, 32768), -1); // -0.5 ulp: a tie away from zero
  assert.equal(fix.mul(1, 32768), 1);
  assert.equal(fix.div(U, 3 * U), 21845);
  assert.equal(fix.div(-U, 3 * U), -21845);
  assert.equal(fix.div(MIN, U), MIN);
  assert.throws(() => fix.mul(MIN, -U), /fix\.mul: FC_ERR_RANGE/);
  assert.throws(() => fix.div(MIN, -U), /fix\.div: FC_ERR_RANGE/);
  assert.throws(() => fix.div(U, 0), /fix\.div \(b\): FC_ERR_ARGUMENT.*division by zero/);
  for (const bad of [1.5, NaN, Infinity, -Infinity, 2 ** 53, 2 ** 31, '1', null, undefined, 1n, Symbol('s'), {}, [1]]) {
    for (const [fn, name] of [[fix.mul, 'fix.mul'], [fix.div, 'fix.div']]) {
      assert.throws(() => fn(bad, U), (e) => e instanceof FixcolError && e.status === 'FC_ERR_ARGUMENT'
        && e.message.startsWith(`${name} (a)`), `${name}(${typeof bad})`);
      assert.throws(() => fn(U, bad), (e) => e instanceof FixcolError && e.status === 'FC_ERR_ARGUMENT'
        && e.message.startsWith(`${name} (b)`), `${name}(_, ${typeof bad})`);
    }
  }
  assert.equal(fix.mul(-0, U), 0);
  assert.equal(fix.div(-0, U), 0);
});
