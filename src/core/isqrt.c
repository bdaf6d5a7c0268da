/* SPDX-License-Identifier: MIT */
/* Exact integer square roots (floor), digit by digit in base 4.
 * The loop is data-independent in its result: every target computes the
 * same floor(sqrt(v)), so no floating-point estimate is ever involved. */
#include <fixcol/wide.h>

#include "nofloat.h"

uint32_t fc_isqrt_u64(uint64_t v)
{
    uint64_t res = 0;
    uint64_t bit = (uint64_t)1 << 62;
    while (bit > v)
        bit >>= 2;
    while (bit != 0) {
        if (v >= res + bit) {
            v -= res + bit;
            res = (res >> 1) + bit;
        } else {
            res >>= 1;
        }
        bit >>= 2;
    }
    return (uint32_t)res;
}

/* Unsigned 128-bit helpers local to this file (hi:lo). */
typedef struct u128 {
    uint64_t hi, lo;
} u128;

static int u128_ge(u128 a, u128 b)
{
    return a.hi != b.hi ? a.hi > b.hi : a.lo >= b.lo;
}

static u128 u128_add(u128 a, u128 b)
{
    u128 r;
    r.lo = a.lo + b.lo;
    r.hi = a.hi + b.hi + (r.lo < a.lo ? 1u : 0u);
    return r;
}

static u128 u128_sub(u128 a, u128 b)
{
    u128 r;
    r.lo = a.lo - b.lo;
    r.hi = a.hi - b.hi - (a.lo < b.lo ? 1u : 0u);
    return r;
}

static u128 u128_shr(u128 a, unsigned s) /* s in 1..2 */
{
    u128 r;
    r.lo = (a.lo >> s) | (a.hi << (64 - s));
    r.hi = a.hi >> s;
    return r;
}

uint64_t fc_isqrt_u128(fc_i128 value)
{
    u128 v, res, bit;
    if (value.hi == 0)
        return fc_isqrt_u64(value.lo);
    v.hi = (uint64_t)value.hi;
    v.lo = value.lo;
    res.hi = res.lo = 0;
    bit.hi = (uint64_t)1 << 62;
    bit.lo = 0;
    while (!u128_ge(v, bit))
        bit = u128_shr(bit, 2);
    while (bit.hi != 0 || bit.lo != 0) {
        u128 trial = u128_add(res, bit);
        if (u128_ge(v, trial)) {
            v = u128_sub(v, trial);
            res = u128_add(u128_shr(res, 1), bit);
        } else {
            res = u128_shr(res, 1);
        }
        bit = u128_shr(bit, 2);
    }
    return res.lo;
}
