/* SPDX-License-Identifier: MIT */
/* Signed 256-bit products and sums for the exact sphere/OBB3 face test
 * (see collide3d_internal.h). Four little-endian 64-bit limbs, two's
 * complement; every limb product goes through 32-bit halves, so there is
 * one path on every target. */
#include "collide3d_internal.h"

#include "core/nofloat.h"

/* Full 64 x 64 -> 128-bit unsigned product as (hi, lo). */
static void mul_u64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
    uint64_t a0 = a & 0xFFFFFFFFu, a1 = a >> 32, b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    *lo = (p00 & 0xFFFFFFFFu) | (mid << 32);
    *hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

/* Add (hi, lo) into limbs k, k+1, ... of r with carry. */
static void add_at(fc3_i256 *r, int k, uint64_t hi, uint64_t lo)
{
    uint64_t carry = 0, add[2] = {lo, hi};
    for (int i = k; i < 4; i++) {
        uint64_t v = i - k < 2 ? add[i - k] : 0;
        uint64_t s = r->w[i] + v;
        uint64_t c1 = s < v;
        uint64_t s2 = s + carry;
        carry = c1 + (s2 < carry);
        r->w[i] = s2;
        if (i - k >= 1 && carry == 0)
            break;
    }
}

static fc3_i256 neg256(fc3_i256 a)
{
    uint64_t carry = 1;
    for (int i = 0; i < 4; i++) {
        a.w[i] = ~a.w[i] + carry;
        carry = carry && a.w[i] == 0;
    }
    return a;
}

fc3_i256 fc3_mul256(fc_i128 a, fc_i128 b)
{
    int neg = (fc_i128_sign(a) < 0) != (fc_i128_sign(b) < 0);
    fc_i128 ua = fc3_abs128(a), ub = fc3_abs128(b);
    uint64_t x[2] = {ua.lo, (uint64_t)ua.hi}, y[2] = {ub.lo, (uint64_t)ub.hi};
    fc3_i256 r = {{0, 0, 0, 0}};
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            uint64_t hi, lo;
            mul_u64(x[i], y[j], &hi, &lo);
            add_at(&r, i + j, hi, lo);
        }
    return neg ? neg256(r) : r;
}

fc3_i256 fc3_sub256(fc3_i256 a, fc3_i256 b)
{
    fc3_i256 nb = neg256(b);
    uint64_t carry = 0;
    for (int i = 0; i < 4; i++) {
        uint64_t s = a.w[i] + nb.w[i];
        uint64_t c1 = s < nb.w[i];
        uint64_t s2 = s + carry;
        carry = c1 + (s2 < carry);
        a.w[i] = s2;
    }
    return a;
}

int fc3_cmp256(fc3_i256 a, fc3_i256 b)
{
    int na = a.w[3] >> 63, nb = b.w[3] >> 63;
    if (na != nb)
        return na ? -1 : 1;
    for (int i = 3; i >= 0; i--)
        if (a.w[i] != b.w[i])
            return a.w[i] < b.w[i] ? -1 : 1;
    return 0;
}
