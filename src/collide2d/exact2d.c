/* SPDX-License-Identifier: MIT */
/* 256-bit product comparison and the rounded length/ratio/unit conversions
 * of the 2D narrowphase (see exact2d.h). */
#include "exact2d.h"

#include "core/nofloat.h"

/* x (0 <= x < 2^127) as four 32-bit limbs, least significant first. */
static void limbs4(fc_i128 x, uint64_t l[4])
{
    l[0] = x.lo & 0xFFFFFFFFu;
    l[1] = x.lo >> 32;
    l[2] = (uint64_t)x.hi & 0xFFFFFFFFu;
    l[3] = (uint64_t)x.hi >> 32;
}

/* r[0..na+nb) = a * b on 32-bit limbs (stored in uint64_t). */
static void mul_limbs(const uint64_t *a, int na, const uint64_t *b, int nb, uint64_t *r)
{
    for (int i = 0; i < na + nb; i++)
        r[i] = 0;
    for (int i = 0; i < na; i++) {
        uint64_t carry = 0;
        for (int j = 0; j < nb; j++) {
            uint64_t t = a[i] * b[j] + r[i + j] + carry; /* < 2^64 */
            r[i + j] = t & 0xFFFFFFFFu;
            carry = t >> 32;
        }
        r[i + nb] = carry;
    }
}

static int cmp_limbs(const uint64_t *p, const uint64_t *q, int n)
{
    for (int i = n - 1; i >= 0; i--)
        if (p[i] != q[i])
            return p[i] < q[i] ? -1 : 1;
    return 0;
}

/* x * y * z as twelve 32-bit limbs. */
static void mul3(fc_i128 x, fc_i128 y, fc_i128 z, uint64_t r[12])
{
    uint64_t a[4], b[4], c[4], ab[8];
    limbs4(x, a);
    limbs4(y, b);
    limbs4(z, c);
    mul_limbs(a, 4, b, 4, ab);
    mul_limbs(ab, 8, c, 4, r);
}

int x2_cmp_prod(fc_i128 x, fc_i128 y, fc_i128 z, fc_i128 w)
{
    uint64_t a[4], b[4], p[8], q[8];
    limbs4(x, a);
    limbs4(y, b);
    mul_limbs(a, 4, b, 4, p);
    limbs4(z, a);
    limbs4(w, b);
    mul_limbs(a, 4, b, 4, q);
    return cmp_limbs(p, q, 8);
}

int x2_cmp_prod3(fc_i128 x, fc_i128 y, fc_i128 z, fc_i128 u, fc_i128 v, fc_i128 w)
{
    uint64_t p[12], q[12];
    mul3(x, y, z, p);
    mul3(u, v, w, q);
    return cmp_limbs(p, q, 12);
}

static uint64_t abs64(int64_t v) { return v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v; }

/* Scale (|x|, |y|) by 2^-shift (shift may be negative: a left shift) so the
 * larger, m, lands in [2^30, 2^31); returns shift = bitlen(m) - 31. m must
 * be nonzero. */
static int reduce(uint64_t *x, uint64_t *y)
{
    int shift = x2_bitlen64(*x > *y ? *x : *y) - 31;
    /* Both are < 2^31 after the shift: the mask never clears a bit, it
     * states the bound for the analysis (which cannot relate x, y and m). */
    *x = (shift > 0 ? *x >> shift : *x << -shift) & 0x7FFFFFFFu;
    *y = (shift > 0 ? *y >> shift : *y << -shift) & 0x7FFFFFFFu;
    return shift;
}

/* isqrt(x^2 + y^2) of a reduced pair: in [2^30, 2^31.5). The lower clamp never
 * acts (the larger of x, y is >= 2^30); it states the bound for the analysis,
 * which cannot relate the two components. */
static uint64_t reduced_len(uint64_t x, uint64_t y)
{
    uint64_t len = fc_isqrt_u64(x * x + y * y);
    return len < ((uint64_t)1 << 30) ? (uint64_t)1 << 30 : len;
}

/* floor(num / (|(ax, ay)| * 2^16)) >= m, exactly: m^2 2^32 (ax^2 + ay^2) <= num^2
 * (m <= 2^31, so m^2 2^32 < 2^95; both sides < 2^254). */
static int ratio_at_least(fc_i128 num, fc_i128 aa, int64_t m)
{
    return x2_cmp_prod(fc_i128_shl(fc_i128_mul_i64(m, m), 32), aa, num, num) <= 0;
}

int64_t x2_ratio_raw(fc_i128 num, int64_t ax, int64_t ay)
{
    uint64_t x = abs64(ax), y = abs64(ay);
    if ((x | y) == 0 || fc_i128_sign(num) <= 0)
        return 0;
    int s = reduce(&x, &y) + 16;
    uint64_t len = reduced_len(x, y);
    fc_i128 q;
    if (s >= 0) {
        q = fc_i128_shr(num, (unsigned)s);
    } else {
        if (fc_i128_cmp(num, fc_i128_make(0, (uint64_t)1 << 62 >> -s)) >= 0)
            return INT32_MAX;
        q = fc_i128_shl(num, (unsigned)-s);
    }
    uint64_t est = q.lo / len;
    if (q.hi != 0 || est >= (uint64_t)INT32_MAX)
        return INT32_MAX;
    /* The estimate is within a few units; step it to the exact floor. */
    int64_t m = (int64_t)est;
    fc_i128 aa = x2_dot(ax, ay, ax, ay);
    while (m > 0 && !ratio_at_least(num, aa, m))
        m--;
    while (m < INT32_MAX && ratio_at_least(num, aa, m + 1))
        m++;
    return m;
}

int64_t x2_len_raw(int64_t vx, int64_t vy)
{
    uint64_t x = abs64(vx), y = abs64(vy);
    if ((x | y) == 0)
        return 0;
    int t = reduce(&x, &y) - 16;
    uint64_t len = reduced_len(x, y);
    int64_t m = (int64_t)(t >= 0 ? len << t : len >> -t); /* t <= 31 for vectors in range */
    /* Step to the exact floor: m <= |v| / 2^16 iff m^2 2^32 <= vx^2 + vy^2. */
    fc_i128 d2 = x2_dot(vx, vy, vx, vy);
    while (m > 0 && fc_i128_cmp(fc_i128_shl(fc_i128_mul_i64(m, m), 32), d2) > 0)
        m--;
    /* (The bound never acts: |v| / 2^16 < 2^34.5.) */
    while (m < ((int64_t)1 << 35) && fc_i128_cmp(fc_i128_shl(fc_i128_mul_i64(m + 1, m + 1), 32), d2) <= 0)
        m++;
    return m;
}

static int32_t signed_round_div(uint64_t num, uint64_t den, int negative)
{
    uint64_t q = (num + den / 2) / den;
    return negative ? -(int32_t)q : (int32_t)q;
}

fc_vec2 x2_unit(int64_t vx, int64_t vy)
{
    uint64_t x = abs64(vx), y = abs64(vy);
    if ((x | y) == 0)
        return fc_vec2_make(65536, 0);
    reduce(&x, &y);
    uint64_t len = reduced_len(x, y);
    return fc_vec2_make(signed_round_div(x << 16, len, vx < 0), signed_round_div(y << 16, len, vy < 0));
}

void x2_unit30(int64_t vx, int64_t vy, int64_t *ux, int64_t *uy)
{
    uint64_t x = abs64(vx), y = abs64(vy);
    if ((x | y) == 0) {
        *ux = (int64_t)1 << 30, *uy = 0;
        return;
    }
    reduce(&x, &y);
    uint64_t len = reduced_len(x, y);
    uint64_t qx = ((x << 30) + len / 2) / len, qy = ((y << 30) + len / 2) / len;
    *ux = vx < 0 ? -(int64_t)qx : (int64_t)qx;
    *uy = vy < 0 ? -(int64_t)qy : (int64_t)qy;
}
