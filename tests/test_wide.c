/* SPDX-License-Identifier: MIT */
/* The 128-bit helper: the native (__int128) and two-limb paths must agree
 * bit for bit, and both must agree with an independent oracle that works on
 * eight 16-bit digits, on random and extreme inputs. Integer square roots are
 * checked by r^2 <= v < (r+1)^2.
 * `test_wide --break` corrupts the limb multiply on purpose: it must fail. */
#include <fixcol/wide.h>
#include <string.h>

#include "testutil.h"

static int break_mode;

/* ---- oracle: 128-bit two's complement as 8 little-endian 16-bit digits */
typedef struct { uint32_t d[8]; } digits;

static digits dg_from(fc_i128 a)
{
    digits r;
    for (int i = 0; i < 4; i++) {
        r.d[i] = (uint32_t)(a.lo >> (16 * i)) & 0xFFFFu;
        r.d[i + 4] = (uint32_t)((uint64_t)a.hi >> (16 * i)) & 0xFFFFu;
    }
    return r;
}

static digits dg_from_i64(int64_t v)
{
    digits r;
    uint64_t u = (uint64_t)v;
    for (int i = 0; i < 8; i++)
        r.d[i] = i < 4 ? (uint32_t)(u >> (16 * i)) & 0xFFFFu : (v < 0 ? 0xFFFFu : 0);
    return r;
}

static digits dg_add(digits a, digits b)
{
    digits r;
    uint32_t carry = 0;
    for (int i = 0; i < 8; i++) {
        uint32_t s = a.d[i] + b.d[i] + carry;
        r.d[i] = s & 0xFFFFu;
        carry = s >> 16;
    }
    return r;
}

static digits dg_neg(digits a)
{
    digits one = dg_from_i64(1);
    for (int i = 0; i < 8; i++)
        a.d[i] = ~a.d[i] & 0xFFFFu;
    return dg_add(a, one);
}

static digits dg_mul(digits a, digits b) /* modulo 2^128 */
{
    uint64_t acc[8] = {0};
    for (int i = 0; i < 8; i++)
        for (int j = 0; i + j < 8; j++)
            acc[i + j] += (uint64_t)a.d[i] * b.d[j];
    digits r;
    uint64_t carry = 0;
    for (int i = 0; i < 8; i++) {
        uint64_t s = acc[i] + carry;
        r.d[i] = (uint32_t)(s & 0xFFFFu);
        carry = s >> 16;
    }
    return r;
}

static int dg_bit(digits a, int k) { return (int)((a.d[k / 16] >> (k % 16)) & 1u); }

static digits dg_shift(digits a, int s, int left) /* arithmetic right or left */
{
    digits r;
    memset(&r, 0, sizeof r);
    for (int k = 0; k < 128; k++) {
        int src = left ? k - s : k + s;
        int bit = src < 0 ? 0 : src > 127 ? dg_bit(a, 127) : dg_bit(a, src);
        r.d[k / 16] |= (uint32_t)bit << (k % 16);
    }
    return r;
}

static int dg_cmp(digits a, digits b)
{
    int sa = dg_bit(a, 127), sb = dg_bit(b, 127);
    if (sa != sb)
        return sa ? -1 : 1;
    for (int i = 7; i >= 0; i--)
        if (a.d[i] != b.d[i])
            return a.d[i] < b.d[i] ? -1 : 1;
    return 0;
}

static int dg_eq(digits a, fc_i128 b) { return dg_cmp(a, dg_from(b)) == 0; }

static int dg_ucmp(digits a, digits b)
{
    for (int i = 7; i >= 0; i--)
        if (a.d[i] != b.d[i])
            return a.d[i] < b.d[i] ? -1 : 1;
    return 0;
}

/* ---- the implementations under test */
static fc_i128 limbs_mul(int64_t a, int64_t b)
{
    fc_i128 r = fc_i128_mul_i64_limbs(a, b);
    if (break_mode && a == INT64_MIN)
        r.lo ^= 1u;
    return r;
}

static int64_t pick(uint64_t *s)
{
    static const int64_t extremes[] = {0, 1, -1, 2, -2, INT64_MAX, INT64_MIN, INT64_MAX - 1, INT64_MIN + 1,
                                       INT32_MAX, INT32_MIN, (int64_t)1 << 32, -((int64_t)1 << 32),
                                       ((int64_t)1 << 62), -((int64_t)1 << 62), 0xFFFFFFFF, -0xFFFFFFFFLL};
    uint64_t r = tu_rand64(s);
    switch (r % 4) {
    case 0:
        return extremes[(r >> 8) % (sizeof extremes / sizeof extremes[0])];
    case 1:
        return fc_u64_to_i64(tu_rand64(s)) >> ((r >> 8) % 64); /* small magnitudes */
    default:
        return fc_u64_to_i64(tu_rand64(s));
    }
}

static void check_pair(int64_t a, int64_t b, int64_t c, int64_t d, unsigned s)
{
    digits da = dg_from_i64(a), db = dg_from_i64(b), dc = dg_from_i64(c), dd = dg_from_i64(d);
    fc_i128 pl = limbs_mul(a, b), ql = fc_i128_mul_i64_limbs(c, d);
    digits p = dg_mul(da, db), q = dg_mul(dc, dd);
    TU_CHECK(dg_eq(p, pl), "limbs mul %lld*%lld", (long long)a, (long long)b);
    TU_CHECK(dg_eq(dg_add(p, q), fc_i128_add_limbs(pl, ql)), "limbs add");
    TU_CHECK(dg_eq(dg_add(p, dg_neg(q)), fc_i128_sub_limbs(pl, ql)), "limbs sub");
    TU_CHECK(dg_eq(dg_neg(p), fc_i128_neg_limbs(pl)), "limbs neg");
    TU_CHECK(dg_eq(dg_shift(p, (int)s, 0), fc_i128_shr_limbs(pl, s)), "limbs shr %u", s);
    TU_CHECK(dg_eq(dg_shift(p, (int)s, 1), fc_i128_shl_limbs(pl, s)), "limbs shl %u", s);
    TU_CHECK(dg_cmp(p, q) == fc_i128_cmp_limbs(pl, ql), "limbs cmp");
    TU_CHECK(dg_eq(da, fc_i128_from_i64(a)), "from_i64");
    TU_CHECK(fc_i128_fits_i64(fc_i128_from_i64(a)) && fc_i128_low_i64(fc_i128_from_i64(a)) == a, "fits");
#if FC_HAVE_NATIVE_INT128
    fc_i128 pn = fc_i128_mul_i64_native(a, b), qn = fc_i128_mul_i64_native(c, d);
    TU_CHECK(pn.lo == pl.lo && pn.hi == pl.hi, "native vs limbs mul %lld*%lld", (long long)a, (long long)b);
    fc_i128 x = fc_i128_add_native(pn, qn), y = fc_i128_add_limbs(pn, qn);
    TU_CHECK(x.lo == y.lo && x.hi == y.hi, "native vs limbs add");
    x = fc_i128_sub_native(pn, qn), y = fc_i128_sub_limbs(pn, qn);
    TU_CHECK(x.lo == y.lo && x.hi == y.hi, "native vs limbs sub");
    x = fc_i128_neg_native(pn), y = fc_i128_neg_limbs(pn);
    TU_CHECK(x.lo == y.lo && x.hi == y.hi, "native vs limbs neg");
    x = fc_i128_shr_native(pn, s), y = fc_i128_shr_limbs(pn, s);
    TU_CHECK(x.lo == y.lo && x.hi == y.hi, "native vs limbs shr");
    x = fc_i128_shl_native(pn, s), y = fc_i128_shl_limbs(pn, s);
    TU_CHECK(x.lo == y.lo && x.hi == y.hi, "native vs limbs shl");
    TU_CHECK(fc_i128_cmp_native(pn, qn) == fc_i128_cmp_limbs(pn, qn), "native vs limbs cmp");
#endif
}

static void check_isqrt(uint64_t hi, uint64_t lo)
{
    fc_i128 v = fc_i128_make(fc_u64_to_i64(hi), lo);
    uint64_t r = fc_isqrt_u128(v);
    digits dv = dg_from(v), dr = dg_from(fc_i128_make(0, r));
    TU_CHECK(dg_ucmp(dg_mul(dr, dr), dv) <= 0, "isqrt too big for %016llx%016llx", (unsigned long long)hi,
             (unsigned long long)lo);
    if (r != UINT64_MAX) {
        digits dr1 = dg_from(fc_i128_make(0, r + 1));
        TU_CHECK(dg_ucmp(dv, dg_mul(dr1, dr1)) < 0, "isqrt too small for %016llx%016llx", (unsigned long long)hi,
                 (unsigned long long)lo);
    }
    if (hi == 0)
        TU_CHECK(fc_isqrt_u64(lo) == r, "isqrt_u64 disagrees with isqrt_u128 at %llu", (unsigned long long)lo);
}

int main(int argc, char **argv)
{
    break_mode = argc > 1 && strcmp(argv[1], "--break") == 0;
    uint64_t s = 0x9E3779B97F4A7C15u;
    for (long i = 0; i < 300000; i++) {
        int64_t a = pick(&s), b = pick(&s), c = pick(&s), d = pick(&s);
        check_pair(a, b, c, d, (unsigned)(tu_rand64(&s) % 128));
    }
    static const int64_t ext[] = {INT64_MIN, INT64_MAX, -1, 0, 1, INT64_MIN + 1};
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 6; j++)
            for (unsigned sh = 0; sh < 128; sh += 7)
                check_pair(ext[i], ext[j], ext[j], ext[i], sh);
    for (long i = 0; i < 200000; i++) {
        uint64_t hi = tu_rand64(&s) >> (tu_rand64(&s) % 64), lo = tu_rand64(&s);
        if (i % 3 == 0)
            hi = 0;
        check_isqrt(hi, lo);
        uint64_t k = tu_rand64(&s) >> (i % 33); /* around perfect squares */
        uint64_t sq = (k & 0xFFFFFFFFu) * (k & 0xFFFFFFFFu);
        check_isqrt(0, sq);
        check_isqrt(0, sq - 1);
        check_isqrt(0, sq + 1);
    }
    check_isqrt(0, 0);
    check_isqrt(0, UINT64_MAX);
    check_isqrt(UINT64_MAX, UINT64_MAX);
    check_isqrt(UINT64_MAX - 1, 1);
    check_isqrt(1, 0);
    return tu_finish(break_mode ? "test_wide --break" : "test_wide");
}
