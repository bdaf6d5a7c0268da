/* SPDX-License-Identifier: MIT */
/* A cheap integer enclosure of a cast parameter t = (p + s sqrt(q)) / r
 * (cast_param.h), the filter in front of the exact floors: from the top 60
 * bits of |p| and r and the top 120 bits of q (their integer square root
 * by Newton's iteration on 128 / 64-bit divisions), every quantity is
 * carried as an integer interval rounded outward, so lo <= t 2^60 <= hi
 * holds for every input (no estimate, no tolerance). A floor is then
 * decided by the enclosure alone when both ends give the same one; near a
 * tie (a multiple of 2^-bits inside [lo, hi]) the caller compares exactly.
 * 64-bit integer arithmetic only. */
#include "cast_param.h"

#include <stddef.h>

#include "collide2d/exact2d.h"
#include "core/nofloat.h"

/* The should-fail twin (tests/meson.build: test_castt_bound_twin) builds
 * this file with -DFC_CASTT_BOUND_TWIN: the upper end is lowered by 2^9
 * units, so an enclosure may miss t and a floor just below a multiple of
 * 2^-bits is taken as decided. */
#ifdef FC_CASTT_BOUND_TWIN
#define UPPER_SLACK 512
#else
#define UPPER_SLACK 0
#endif

#define CLAMP ((int64_t)1 << 62)

static int bitlen64(uint64_t v)
{
    return x2_bitlen64(v); /* 0..64 */
}

static uint64_t limb(const fc_big *x, int32_t i)
{
    return i >= 0 && i < x->n && i < FC_BIG_LIMBS ? x->mag[i] : 0;
}

/* floor(|x| / 2^pos) mod 2^64, pos >= 0 */
static uint64_t bits64(const fc_big *x, int32_t pos)
{
    int32_t li = pos / 32, off = pos % 32;
    uint64_t v = limb(x, li) >> off | limb(x, li + 1) << (32 - off);
    if (off > 0)
        v |= limb(x, li + 2) << (64 - off);
    return v;
}

static int32_t bitlen_big(const fc_big *x)
{
    if (x->n <= 0 || x->n > FC_BIG_LIMBS)
        return 0;
    return (x->n - 1) * 32 + bitlen64(x->mag[x->n - 1]);
}

/* |x| in [*l, *h] 2^*e with *h <= 2^60 (*l == *h when exact) */
static void mant60(const fc_big *x, uint64_t *l, uint64_t *h, int32_t *e)
{
    int32_t total = bitlen_big(x);
    if (total <= 60) { /* exact (the mask never clears a bit: it states the bound) */
        *e = 0;
        *l = *h = bits64(x, 0) & (((uint64_t)1 << 60) - 1);
        return;
    }
    *e = total - 60;
    *l = bits64(x, *e) & (((uint64_t)1 << 60) - 1); /* in [2^59, 2^60) */
    *h = *l + 1;
}

/* floor((u1 2^64 + u0) / v), u1 < v, v != 0; *rem the remainder (Knuth's
 * algorithm D on 32-bit digits, as in Hacker's Delight divlu; the products
 * and the wrapping subtractions are unsigned, modulo 2^64 on purpose). */
static uint64_t div128(uint64_t u1, uint64_t u0, uint64_t v, uint64_t *rem)
{
    const uint64_t b = (uint64_t)1 << 32;
    int s = 64 - bitlen64(v); /* 0..63 for v != 0: normalise v's top bit */
    s = s < 0 ? 0 : s > 63 ? 63 : s; /* (never acts: states the bound for the analysis) */
    v <<= s;
    uint64_t vn1 = v >> 32, vn0 = v & 0xFFFFFFFFu;
    if (vn1 == 0) { /* v == 0 (never: the callers divide by d >= 1) */
        *rem = 0;
        return 0;
    }
    uint64_t un32 = s == 0 ? u1 : u1 << s | u0 >> (64 - s);
    uint64_t un10 = u0 << s, un1 = un10 >> 32, un0 = un10 & 0xFFFFFFFFu;
    uint64_t q1 = un32 / vn1, rhat = un32 - q1 * vn1;
    for (int i = 0; i < 2 && (q1 >= b || q1 * vn0 > b * rhat + un1); i++) {
        q1--;
        rhat += vn1;
        if (rhat >= b)
            break;
    }
    uint64_t un21 = un32 * b + un1 - q1 * v;
    uint64_t q0 = un21 / vn1;
    rhat = un21 - q0 * vn1;
    for (int i = 0; i < 2 && (q0 >= b || q0 * vn0 > b * rhat + un0); i++) {
        q0--;
        rhat += vn1;
        if (rhat >= b)
            break;
    }
    *rem = (un21 * b + un0 - q0 * v) >> s;
    return q1 * b + q0;
}

/* sqrt(v) in [*l, *h], v = hi 2^64 + lo < 2^120 (hi < 2^56): a start x0 >
 * sqrt(v) within a relative 2^-14 (the integer root of v's top 32 bits,
 * plus 1), two steps of Newton's iteration from above (each stays >=
 * floor(sqrt(v)) and squares the relative error: 2^-59), then h = x + 1 >
 * sqrt(v) and l = floor(v / h) <= sqrt(v); l == h == x when x^2 == v. */
static void sqrt120(uint64_t hi, uint64_t lo, uint64_t *l, uint64_t *h)
{
    int bl = hi != 0 ? 64 + bitlen64(hi) : bitlen64(lo);
    bl = bl > 120 ? 120 : bl; /* (never acts: hi < 2^56) */
    if (bl == 0) {
        *l = *h = 0;
        return;
    }
    int sh = bl > 32 ? bl - 32 : 0;
    sh += sh & 1; /* even, <= 88 */
    uint64_t top = sh == 0 ? lo : sh < 64 ? lo >> sh | hi << (64 - sh) : hi >> (sh - 64); /* < 2^32 */
    top &= 0xFFFFFFFFu; /* (never clears a bit: states the bound) */
    /* floor(sqrt(top)) by Newton's iteration from above (a few steps) */
    uint64_t t0 = (uint64_t)1 << ((bitlen64(top) + 1) / 2);
    for (int i = 0; i < 32 && top > 0; i++) {
        uint64_t y = (t0 + top / t0) / 2;
        if (y >= t0 || y == 0) /* (y >= floor(sqrt(top)) >= 1: the second never acts) */
            break;
        t0 = y;
    }
    uint64_t x = (t0 + 1) << (sh / 2); /* > sqrt(v); <= 2^60 */
    uint64_t r;
    for (int i = 0; i < 2; i++) {
        if (hi >= x) /* (never: x >= floor(sqrt(v)) > hi; states the bound) */
            break;
        x = (x + div128(hi, lo, x, &r)) / 2; /* x + v / x < 2^62 */
    }
    x = x > ((uint64_t)1 << 60) ? (uint64_t)1 << 60 : x; /* (never acts: x only decreases from <= 2^60) */
    fc_i128 x2 = fc_i128_mul_i64((int64_t)x, (int64_t)x);
    if ((uint64_t)x2.hi == hi && x2.lo == lo) {
        *l = *h = x;
        return;
    }
    *h = x + 1;
    *l = hi >= *h ? 0 : div128(hi, lo, *h, &r);
    *l = *l > *h ? *h : *l; /* (never acts: v / h < sqrt(v) < h; states the bound) */
}

/* sqrt(q) in [*l, *h] 2^*e, *h <= 2^60 + 1 */
static void root60(const fc_big *q, uint64_t *l, uint64_t *h, int32_t *e)
{
    int32_t total = bitlen_big(q), sh = total > 120 ? total - 120 : 0;
    sh += sh & 1; /* even: sqrt(2^sh) = 2^(sh / 2) */
    uint64_t lo = bits64(q, sh), hi = bits64(q, sh + 64) & (((uint64_t)1 << 56) - 1);
    *e = sh / 2;
    sqrt120(hi, lo, l, h);
    if (sh > 0 && *l == *h) /* q < (v + 1) 2^sh and sqrt(v + 1) <= sqrt(v) + 1; otherwise h > floor(sqrt v) already is */
        *h += 1;
}

/* [l, h] 2^e as [l', h'] 2^(e + sh), sh >= 0, rounded outward */
static void widen(uint64_t *l, uint64_t *h, int32_t sh)
{
    if (sh <= 0)
        return;
    *l = sh >= 64 ? 0 : *l >> sh;
    *h = (sh >= 64 ? 0 : *h >> sh) + 1;
}

/* X 2^k / d rounded down (up = 0) or up (up = 1), clamped to 2^62; X <
 * 2^62, 1 <= d <= 2^60 + 1. */
static int64_t quot(uint64_t X, uint64_t d, int32_t k, int up)
{
    if (X == 0)
        return 0;
    if (d == 0) /* (never: the callers pass d >= 1) */
        return CLAMP;
    uint64_t q, r;
    if (k < 0) {
        int32_t j = -k;
        if (j >= 62)
            X = (uint64_t)up; /* X / 2^j < 1 */
        else
            X = up ? (X + ((uint64_t)1 << j) - 1) >> j : X >> j; /* ceil(ceil(x / m) / n) = ceil(x / mn) */
        q = X / d;
        r = X % d;
    } else {
        if (k >= 128 || bitlen64(X) + k - bitlen64(d) >= 64) /* X 2^k / d >= 2^63 (X >= 1, d < 2^62) */
            return CLAMP;
        /* X 2^k < 2^(bitlen d + 63) <= 2^124: hi < d, the quotient < 2^64 */
        uint64_t hi = k == 0 ? 0 : k < 64 ? X >> (64 - k) : X << (k - 64);
        uint64_t lo = k < 64 ? X << k : 0;
        q = div128(hi, lo, d, &r);
    }
    if (q >= (uint64_t)CLAMP)
        return CLAMP;
    return (int64_t)q + (up && r != 0);
}

/* (sign(p) A + s B) / Rr with A = |p| in [al, ah] 2^ea, B in [bl, bh]
 * 2^eb, r in [rl, rh] 2^er (every upper end <= 2^60 + 1, rl >= 1): the
 * enclosure of clamp(t 2^60). */
static void combine(int psign, uint64_t al, uint64_t ah, int32_t ea, int32_t s, uint64_t bl, uint64_t bh, int32_t eb,
                    uint64_t rl, uint64_t rh, int32_t er, int64_t *lo, int64_t *hi)
{
    int32_t E = ea > eb ? ea : eb;
    widen(&al, &ah, E - ea);
    widen(&bl, &bh, E - eb);
    /* N = p + s sqrt(q) in [nl, nh] 2^E, |nl|, |nh| <= 2^61 + 4 */
    int64_t nl = 0, nh = 0;
    if (psign > 0)
        nl += (int64_t)al, nh += (int64_t)ah;
    else if (psign < 0)
        nl -= (int64_t)ah, nh -= (int64_t)al;
    if (s > 0)
        nl += (int64_t)bl, nh += (int64_t)bh;
    else if (s < 0)
        nl -= (int64_t)bh, nh -= (int64_t)bl;
    if (rl == 0) { /* r == 0 never occurs (cast_param.h); nothing is decided */
        *lo = -CLAMP, *hi = CLAMP;
        return;
    }
    int32_t k = E + 60 - er; /* t 2^60 = N 2^E 2^60 / (r' 2^er) */
    *lo = nl >= 0 ? quot((uint64_t)nl, rh, k, 0) : -quot((uint64_t)-nl, rl, k, 1);
    *hi = nh >= 0 ? quot((uint64_t)nh, rl, k, 1) : -quot((uint64_t)-nh, rh, k, 0);
    *hi -= UPPER_SLACK;
}

/* the enclosure of t, with sqrt(q) given (root) or computed (NULL) */
static void enclose(const fc_castt *t, const fc_castt_root *root, int64_t *lo, int64_t *hi)
{
    uint64_t al = 0, ah = 0, bl = 0, bh = 0, rl, rh;
    int32_t ea = 0, eb = 0, er;
    if (t->p.sign != 0)
        mant60(&t->p, &al, &ah, &ea);
    if (t->s != 0 && t->q.sign > 0) {
        if (root != NULL)
            bl = root->l, bh = root->h, eb = root->e;
        else
            root60(&t->q, &bl, &bh, &eb);
    }
    mant60(&t->r, &rl, &rh, &er); /* r > 0: rl >= 1 */
    combine(t->p.sign, al, ah, ea, t->s, bl, bh, eb, rl, rh, er, lo, hi);
}

void fc_castt_enclose(const fc_castt *t, int64_t *lo, int64_t *hi)
{
    enclose(t, NULL, lo, hi);
}

void fc_castt_root_of(const fc_big *q, fc_castt_root *out)
{
    out->l = out->h = 0;
    out->e = 0;
    if (q->sign > 0)
        root60(q, &out->l, &out->h, &out->e);
}

void fc_castt_cache_root(fc_castt *t, const fc_castt_root *root)
{
    if (t->cached)
        return;
    enclose(t, root, &t->lo, &t->hi);
    t->cached = 1;
}

void fc_castt_cache(fc_castt *t)
{
    if (t->cached)
        return;
    fc_castt_enclose(t, &t->lo, &t->hi);
    t->cached = 1;
}

int fc_castt_floor_enclosed(const fc_castt *t, int bits, int64_t *k)
{
    *k = 0;
    if (!FC_CAST_FILTER || bits < 0 || bits > 58)
        return 0;
    int64_t lo = t->lo, hi = t->hi;
    if (!t->cached)
        fc_castt_enclose(t, &lo, &hi);
    if (lo < 0 || hi < 0 || hi > ((int64_t)1 << 60))
        return 0; /* t may be outside [0, 1]: the callers' exact path decides (hi < lo never: it states the bound) */
    unsigned sh = (unsigned)(60 - bits);
    if (lo >> sh != hi >> sh)
        return 0;
    *k = lo >> sh;
    return 1;
}
