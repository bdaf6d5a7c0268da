/* SPDX-License-Identifier: MIT */
/* A small signed big integer for test oracles: sign and magnitude, twelve
 * 32-bit limbs (384 bits), schoolbook products. Slow and simple on purpose:
 * it shares nothing with src/ (which uses 64-bit limbs and fc_i128). */
#ifndef FIXCOL_TEST_BIGINT_H
#define FIXCOL_TEST_BIGINT_H
#include <stdint.h>
#include <string.h>

#define BIG_LIMBS 12

typedef struct big {
    int neg;
    uint32_t d[BIG_LIMBS];
} big;

static big big_from_i64(int64_t v)
{
    big r;
    memset(&r, 0, sizeof r);
    uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    r.neg = v < 0;
    r.d[0] = (uint32_t)u;
    r.d[1] = (uint32_t)(u >> 32);
    return r;
}

static int big_is_zero(const big *a)
{
    for (int i = 0; i < BIG_LIMBS; i++)
        if (a->d[i])
            return 0;
    return 1;
}

static int big_cmp_mag(const big *a, const big *b)
{
    for (int i = BIG_LIMBS - 1; i >= 0; i--)
        if (a->d[i] != b->d[i])
            return a->d[i] < b->d[i] ? -1 : 1;
    return 0;
}

static big big_add_mag(const big *a, const big *b)
{
    big r;
    uint64_t carry = 0;
    for (int i = 0; i < BIG_LIMBS; i++) {
        uint64_t s = (uint64_t)a->d[i] + b->d[i] + carry;
        r.d[i] = (uint32_t)s;
        carry = s >> 32;
    }
    r.neg = 0;
    return r;
}

static big big_sub_mag(const big *a, const big *b) /* |a| >= |b| */
{
    big r;
    int64_t borrow = 0;
    for (int i = 0; i < BIG_LIMBS; i++) {
        int64_t s = (int64_t)a->d[i] - b->d[i] - borrow;
        borrow = s < 0;
        r.d[i] = (uint32_t)(s + (borrow ? ((int64_t)1 << 32) : 0));
    }
    r.neg = 0;
    return r;
}

static big big_add(big a, big b)
{
    big r;
    if (a.neg == b.neg) {
        r = big_add_mag(&a, &b);
        r.neg = a.neg;
    } else if (big_cmp_mag(&a, &b) >= 0) {
        r = big_sub_mag(&a, &b);
        r.neg = a.neg;
    } else {
        r = big_sub_mag(&b, &a);
        r.neg = b.neg;
    }
    if (big_is_zero(&r))
        r.neg = 0;
    return r;
}

static big big_neg(big a)
{
    if (!big_is_zero(&a))
        a.neg = !a.neg;
    return a;
}

static big big_sub(big a, big b) { return big_add(a, big_neg(b)); }

static int big_len(const big *a)
{
    int n = BIG_LIMBS;
    while (n > 0 && a->d[n - 1] == 0)
        n--;
    return n;
}

static big big_mul(big a, big b)
{
    big r;
    memset(&r, 0, sizeof r);
    int na = big_len(&a), nb = big_len(&b);
    for (int i = 0; i < na; i++) {
        uint64_t carry = 0;
        if (!a.d[i])
            continue;
        for (int j = 0; i + j < BIG_LIMBS && (j < nb || carry); j++) {
            uint64_t t = (uint64_t)a.d[i] * b.d[j] + r.d[i + j] + carry;
            r.d[i + j] = (uint32_t)t;
            carry = t >> 32;
        }
    }
    r.neg = a.neg != b.neg && !big_is_zero(&r);
    return r;
}

static int big_cmp(big a, big b)
{
    if (a.neg != b.neg)
        return a.neg ? -1 : 1;
    int m = big_cmp_mag(&a, &b);
    return a.neg ? -m : m;
}
#endif
