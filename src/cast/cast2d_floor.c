/* SPDX-License-Identifier: MIT */
/* floor(t * 2^bits) of a cast parameter, fast and exact: an estimate from
 * the top 62 bits of p, q and r (64-bit integer arithmetic only; a
 * cancelling p - sqrt(q) is rewritten (p^2 - q) / (p + sqrt(q)) with p^2 - q
 * exact) is verified by two exact comparisons (cast_param.h); when it is
 * off (a boundary case), its neighbours are tried, then the exact
 * bit-by-bit search of fc_castt_floor_pow2.
 * The result is always the exact floor: the estimate only picks which
 * candidates are verified. */
#include "cast2d_internal.h"

#include <fixcol/wide.h>

#include "collide2d/exact2d.h"
#include "core/nofloat.h"

#define MASK62 (((uint64_t)1 << 62) - 1)

static uint64_t limb(const fc_big *x, int32_t i)
{
    return i >= 0 && i < x->n ? x->mag[i] : 0;
}

/* |x| ~ m 2^e: m = floor(|x| / 2^e) in [2^61, 2^62) (the top 62 bits),
 * or m = |x| 2^-e exactly when |x| < 2^62 (e <= 0); m = 0 for x == 0. */
static uint64_t top_bits(const fc_big *x, int32_t *e)
{
    *e = 0;
    if (x->n == 0)
        return 0;
    int32_t total = (x->n - 1) * 32 + x2_bitlen64(x->mag[x->n - 1]);
    int32_t sh = total - 62;
    *e = sh;
    if (sh <= 0) /* |x| < 2^62: two limbs (the mask never clears a bit: it states the bound) */
        return ((limb(x, 0) | limb(x, 1) << 32) << -sh) & MASK62;
    int32_t li = sh / 32, off = sh % 32;
    uint64_t m = limb(x, li) >> off | limb(x, li + 1) << (32 - off);
    if (off > 0)
        m |= limb(x, li + 2) << (64 - off);
    return m & MASK62;
}

/* floor(sqrt(m 2^e)) ~ r 2^re, m < 2^62: r < 2^63. */
static uint64_t sqrt_top(uint64_t m, int32_t e, int32_t *re)
{
    int odd = (e & 1) != 0; /* sqrt(m 2^64) 2^((e - 64) / 2), or with 2^63 for odd e */
    fc_i128 v = fc_i128_make((int64_t)((odd ? m >> 1 : m) & MASK62), odd ? (m & 1) << 63 : 0);
    *re = (e - (odd ? 63 : 64)) / 2;
    return fc_isqrt_u128(v) & ((MASK62 << 1) | 1); /* < 2^63 */
}

/* m 2^e at exponent E > e (truncated; m < 2^63, so the result < 2^62), with
 * a sign. */
static int64_t at_exp(uint64_t m, int32_t e, int32_t E, int negative)
{
    int32_t sh = E - e;
    uint64_t v = sh < 1 || sh >= 64 ? 0 : (m >> sh) & MASK62;
    return negative ? -(int64_t)v : (int64_t)v;
}

/* floor(a / b * 2^62), a < 2^63, b in [2^61, 2^62): the quotient < 2^64 */
static uint64_t ratio62(uint64_t a, uint64_t b)
{
    uint64_t q = 0, rem = a;
    for (int i = 0; i <= 62; i++) {
        q <<= 1;
        if (rem >= b) {
            rem -= b;
            q |= 1;
        }
        rem <<= 1;
    }
    return q;
}

/* v = m 2^e with m < 2^126 (i128, >= 0) normalised to [2^61, 2^62). */
static uint64_t norm128(fc_i128 v, int32_t *e)
{
    int bl = v.hi != 0 ? 64 + x2_bitlen64((uint64_t)v.hi) : x2_bitlen64(v.lo);
    if (bl > 62) {
        *e += bl - 62;
        return fc_i128_shr(v, (unsigned)(bl - 62)).lo;
    }
    *e -= 62 - bl;
    return v.lo << (62 - bl);
}

/* An estimate of floor(t 2^bits) in [0, 2^bits]; -1 for none. */
static int64_t estimate(const fc_castt *t, int bits)
{
    int64_t top = (int64_t)1 << bits;
    int32_t ep, eq, er, es = 0, ne, de;
    uint64_t mp = top_bits(&t->p, &ep), mq = top_bits(&t->q, &eq), mr = top_bits(&t->r, &er);
    uint64_t sq = t->s != 0 && mq != 0 ? sqrt_top(mq, eq, &es) : 0;
    if (mr == 0)
        return -1;
    int32_t E = (ep > es ? ep : es) + 1; /* |p|, sqrt(q) at exponent E: each < 2^62 */
    uint64_t nm, dm;
    if (t->s != 0 && t->p.sign != 0 && t->p.sign != t->s) {
        /* p + s sqrt(q) cancels: (p^2 - q) / (p - s sqrt(q)), sign of p */
        fc_big p2 = fc_big_mul(&t->p, &t->p);
        fc_big n = t->p.sign > 0 ? fc_big_sub(&p2, &t->q) : fc_big_sub(&t->q, &p2);
        if (n.sign <= 0)
            return 0;
        nm = top_bits(&n, &ne);
        uint64_t sum = (uint64_t)at_exp(mp, ep, E, 0) + (uint64_t)at_exp(sq, es, E, 0); /* < 2^63 */
        de = er + E;
        dm = norm128(fc_i128_mul_i64((int64_t)mr, (int64_t)sum), &de);
    } else {
        int64_t num = at_exp(mp, ep, E, t->p.sign < 0) + at_exp(sq, es, E, t->s < 0);
        if (num <= 0)
            return 0;
        ne = E;
        nm = norm128(fc_i128_from_i64(num), &ne);
        dm = mr, de = er;
    }
    uint64_t q = ratio62(nm, dm); /* t 2^bits ~ q 2^(ne - de + bits - 62) */
    int32_t sh = ne - de + bits - 62;
    uint64_t v;
    if (sh >= 0)
        v = sh >= 62 || q > ((uint64_t)top >> sh) ? (uint64_t)top : q << sh;
    else
        v = -sh >= 64 ? 0 : q >> -sh;
    return v > (uint64_t)top ? top : (int64_t)v;
}

/* k / 2^bits <= t */
static int at_most(int64_t k, int bits, const fc_castt *t)
{
    fc_big num = fc_big_from_i128(fc_i128_from_i64(k)), den = fc_big_from_i128(fc_i128_from_i64((int64_t)1 << bits));
    fc_castt m = fc_castt_ratio(&num, &den);
    return fc_castt_cmp(&m, t) <= 0;
}

int64_t c2_floor_bits(const fc_castt *t, int bits)
{
    int64_t top = (int64_t)1 << bits, k = 0;
    if (fc_castt_floor_enclosed(t, bits, &k)) /* the integer enclosure decides (cast_param_bound.c) */
        return k;
    k = estimate(t, bits);
    k = k > top ? top : k < -1 ? -1 : k; /* (never acts: states the bound for the analysis) */
    /* the estimate first, then its neighbours */
    static const int64_t order[3] = {0, -1, 1};
    for (int i = 0; k >= 0 && i < 3; i++) {
        int64_t c = k + order[i];
        if (c < 0 || c > top)
            continue;
        if (at_most(c, bits, t) && (c == top || !at_most(c + 1, bits, t)))
            return c;
    }
    return fc_castt_floor_exact(t, bits);
}
