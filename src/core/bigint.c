/* SPDX-License-Identifier: MIT */
/* Sign-magnitude big integers for exact ray-parameter comparisons. */
#include "bigint.h"

#include <string.h>

#include "nofloat.h"

static void big_trim(fc_big *a)
{
    while (a->n > 0 && a->mag[a->n - 1] == 0)
        a->n--;
    if (a->n == 0)
        a->sign = 0;
}

fc_big fc_big_from_i128(fc_i128 v)
{
    fc_big r;
    memset(&r, 0, sizeof r);
    int s = fc_i128_sign(v);
    if (s < 0)
        v = fc_i128_neg(v); /* |INT128_MIN| does not occur: inputs are < 2^126 */
    uint64_t hi = (uint64_t)v.hi, lo = v.lo;
    r.mag[0] = (uint32_t)lo;
    r.mag[1] = (uint32_t)(lo >> 32);
    r.mag[2] = (uint32_t)hi;
    r.mag[3] = (uint32_t)(hi >> 32);
    r.n = 4;
    r.sign = s;
    big_trim(&r);
    return r;
}

/* -1, 0, 1 comparing magnitudes. */
static int mag_cmp(const fc_big *a, const fc_big *b)
{
    if (a->n != b->n)
        return a->n < b->n ? -1 : 1;
    for (int32_t i = a->n - 1; i >= 0; i--)
        if (a->mag[i] != b->mag[i])
            return a->mag[i] < b->mag[i] ? -1 : 1;
    return 0;
}

/* |a| + |b| with sign s. */
static fc_big mag_add(const fc_big *a, const fc_big *b, int32_t s)
{
    fc_big r;
    memset(&r, 0, sizeof r);
    int32_t n = a->n > b->n ? a->n : b->n;
    uint64_t carry = 0;
    for (int32_t i = 0; i < n; i++) {
        uint64_t t = (uint64_t)(i < a->n ? a->mag[i] : 0) + (i < b->n ? b->mag[i] : 0) + carry;
        r.mag[i] = (uint32_t)t;
        carry = t >> 32;
    }
    if (carry != 0 && n < FC_BIG_LIMBS)
        r.mag[n++] = (uint32_t)carry;
    r.n = n;
    r.sign = s;
    big_trim(&r);
    return r;
}

/* |a| - |b| (requires |a| >= |b|) with sign s. */
static fc_big mag_sub(const fc_big *a, const fc_big *b, int32_t s)
{
    fc_big r;
    memset(&r, 0, sizeof r);
    uint64_t borrow = 0;
    for (int32_t i = 0; i < a->n; i++) {
        uint64_t sub = (uint64_t)(i < b->n ? b->mag[i] : 0) + borrow;
        uint64_t x = a->mag[i];
        r.mag[i] = (uint32_t)(x - sub);
        borrow = x < sub ? 1 : 0;
    }
    r.n = a->n;
    r.sign = s;
    big_trim(&r);
    return r;
}

static fc_big big_add_signed(const fc_big *a, const fc_big *b, int32_t bsign)
{
    if (bsign == 0)
        return *a;
    if (a->sign == 0) {
        fc_big r = *b;
        r.sign = bsign;
        return r;
    }
    if (a->sign == bsign)
        return mag_add(a, b, a->sign);
    int c = mag_cmp(a, b);
    if (c == 0) {
        fc_big z;
        memset(&z, 0, sizeof z);
        return z;
    }
    return c > 0 ? mag_sub(a, b, a->sign) : mag_sub(b, a, bsign);
}

fc_big fc_big_add(const fc_big *a, const fc_big *b)
{
    return big_add_signed(a, b, b->sign);
}

fc_big fc_big_sub(const fc_big *a, const fc_big *b)
{
    return big_add_signed(a, b, -b->sign);
}

fc_big fc_big_mul(const fc_big *a, const fc_big *b)
{
    fc_big r;
    memset(&r, 0, sizeof r);
    if (a->sign == 0 || b->sign == 0)
        return r;
    int32_t top = a->n + b->n;
    if (top > FC_BIG_LIMBS)
        top = FC_BIG_LIMBS;
    for (int32_t i = 0; i < a->n; i++) {
        uint64_t carry = 0;
        int32_t k = i; /* i + j */
        for (int32_t j = 0; j < b->n && k < FC_BIG_LIMBS; j++, k++) {
            uint64_t t = (uint64_t)a->mag[i] * b->mag[j] + r.mag[k] + carry;
            r.mag[k] = (uint32_t)t;
            carry = t >> 32;
        }
        if (k < FC_BIG_LIMBS) /* k = i + b->n here unless truncated */
            r.mag[k] = (uint32_t)carry;
    }
    r.n = top;
    r.sign = a->sign * b->sign;
    big_trim(&r);
    return r;
}

void fc_big_neg_in_place(fc_big *a)
{
    a->sign = -a->sign;
}

int fc_big_cmp(const fc_big *a, const fc_big *b)
{
    if (a->sign != b->sign)
        return a->sign < b->sign ? -1 : 1;
    int c = mag_cmp(a, b);
    return a->sign >= 0 ? c : -c;
}

/* sign(K + s sqrt(X)), X >= 0. */
int fc_big_sign_surd2(const fc_big *K, int s, const fc_big *X)
{
    if (s == 0 || X->sign == 0)
        return K->sign;
    if (K->sign == 0 || K->sign == s)
        return s;
    fc_big k2 = fc_big_mul(K, K);
    int c = fc_big_cmp(&k2, X);
    return c > 0 ? K->sign : c == 0 ? 0 : s;
}

/* sign(K + a sqrt(X) + b sqrt(Y)), X, Y >= 0. */
int fc_big_sign_surd3(const fc_big *K, int a, const fc_big *X, int b, const fc_big *Y)
{
    if (a == 0 || X->sign == 0)
        return fc_big_sign_surd2(K, b, Y);
    if (b == 0 || Y->sign == 0)
        return fc_big_sign_surd2(K, a, X);
    int u = fc_big_sign_surd2(K, b, Y); /* sign of U = K + b sqrt(Y) */
    if (u == 0 || u == a)
        return a;
    /* U and a sqrt(X) have opposite signs: compare U^2 with X, i.e. the
     * sign of (K^2 + Y - X) + 2 K b sqrt(Y) = ... + sign(K) b sqrt(4 K^2 Y). */
    fc_big k2 = fc_big_mul(K, K);
    fc_big m = fc_big_add(&k2, Y);
    m = fc_big_sub(&m, X);
    fc_big four = fc_big_from_i128(fc_i128_from_i64(4));
    fc_big z = fc_big_mul(&k2, Y);
    z = fc_big_mul(&z, &four);
    int w = fc_big_sign_surd2(&m, K->sign * b, &z);
    return w > 0 ? u : w == 0 ? 0 : a;
}
