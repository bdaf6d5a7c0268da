/* SPDX-License-Identifier: MIT */
/* Exact comparison of ray parameters (p + s sqrt(q)) / r and the
 * Cyrus-Beck interval built from them (see ray_param.h). */
#include "ray_param.h"

#include "core/bigint.h"
#include "core/nofloat.h"

static fc_i128 i128(int64_t v)
{
    return fc_i128_from_i64(v);
}

fc_rayt fc_rayt_surd(fc_i128 p, int32_t s, fc_i128 q, fc_i128 r)
{
    fc_rayt t;
    if (fc_i128_sign(r) < 0) {
        p = fc_i128_neg(p);
        r = fc_i128_neg(r);
        s = -s;
    }
    if (fc_i128_sign(q) == 0)
        s = 0;
    t.p = p;
    t.q = s == 0 ? i128(0) : q;
    t.r = r;
    t.s = s;
    t.qh = i128(0);
    return t;
}

fc_rayt fc_rayt_ratio(fc_i128 num, fc_i128 den)
{
    return fc_rayt_surd(num, 0, i128(0), den);
}

fc_big fc_rayt_q(const fc_rayt *t)
{
    fc_big q = fc_big_from_i128(t->q);
    if (fc_i128_sign(t->qh) == 0)
        return q;
    fc_big h = fc_big_from_i128(t->qh), s = fc_big_from_i128(fc_i128_shl(i128(1), 126));
    h = fc_big_mul(&h, &s);
    return fc_big_add(&q, &h);
}

int fc_rayt_cmp(const fc_rayt *a, const fc_rayt *b)
{
    /* two rationals with 64-bit terms (every box / polygon parameter of a
     * ray of moderate length): one 128-bit cross-multiplication */
    if (a->s == 0 && b->s == 0 && fc_i128_fits_i64(a->p) && fc_i128_fits_i64(a->r) && fc_i128_fits_i64(b->p) &&
        fc_i128_fits_i64(b->r))
        return fc_cmp_products(fc_i128_low_i64(a->p), fc_i128_low_i64(b->r), fc_i128_low_i64(b->p),
                               fc_i128_low_i64(a->r));
    fc_big p1 = fc_big_from_i128(a->p), r1 = fc_big_from_i128(a->r), q1 = fc_rayt_q(a);
    fc_big p2 = fc_big_from_i128(b->p), r2 = fc_big_from_i128(b->r), q2 = fc_rayt_q(b);
    /* sign(t1 - t2) = sign(p1 r2 - p2 r1 + s1 sqrt(r2^2 q1) - s2 sqrt(r1^2 q2)) */
    fc_big x = fc_big_mul(&p1, &r2), y = fc_big_mul(&p2, &r1);
    fc_big K = fc_big_sub(&x, &y);
    fc_big X = fc_big_mul(&r2, &r2), Y = fc_big_mul(&r1, &r1);
    X = fc_big_mul(&X, &q1);
    Y = fc_big_mul(&Y, &q2);
    return fc_big_sign_surd3(&K, a->s, &X, -b->s, &Y);
}

/* The largest k in [lo, hi] with k / 65536 <= t, given lo / 65536 <= t and
 * 0 <= hi - lo <= 65536: k grows from lo by the powers of two that keep it
 * <= hi and <= 65536 t (binary search by bits; k stays in [lo, hi]). */
static int32_t floor16_in(const fc_rayt *t, int32_t lo, int32_t hi)
{
    int32_t k = lo;
    for (int32_t bit = 65536; bit > 0; bit /= 2) {
        if (hi - k < bit)
            continue;
        fc_rayt m = fc_rayt_ratio(i128(k + bit), i128(65536));
        if (fc_rayt_cmp(&m, t) <= 0)
            k += bit;
    }
    return k;
}

fix16_t fc_rayt_floor16(const fc_rayt *t)
{
    if (t->s == 0 || fc_i128_sign(t->qh) != 0) /* rational, or a wide q: exact search */
        return floor16_in(t, 0, 65536);
    /* a surd lies between the rationals (p + s floor(sqrt q)) / r and
     * (p + s (floor(sqrt q) + 1)) / r: their floors (cheap 128-bit
     * comparisons) bracket the answer, usually to one value */
    fc_i128 sq = fc_i128_make(0, fc_isqrt_u128(t->q));
    fc_i128 sq1 = fc_i128_add(sq, i128(1));
    fc_rayt a = fc_rayt_ratio(t->s > 0 ? fc_i128_add(t->p, sq) : fc_i128_sub(t->p, sq1), t->r);
    fc_rayt b = fc_rayt_ratio(t->s > 0 ? fc_i128_add(t->p, sq1) : fc_i128_sub(t->p, sq), t->r);
    int32_t lo = floor16_in(&a, 0, 65536), hi = floor16_in(&b, 0, 65536);
    fc_rayt zero = fc_rayt_ratio(i128(0), i128(1));
    if (fc_rayt_cmp(&a, &zero) < 0)
        lo = 0; /* a < 0 <= t */
    return floor16_in(t, lo, hi);
}

void fc_ray_clip_init(fc_ray_clip *c)
{
    c->enter = fc_rayt_ratio(i128(0), i128(1));
    c->exit = fc_rayt_ratio(i128(1), i128(1));
    c->empty = 0;
}

void fc_ray_clip_add(fc_ray_clip *c, fc_i128 n0, fc_i128 n1, int32_t sigma, fc_i128 q)
{
    if (c->empty)
        return;
    /* n0 + t n1 <= sigma sqrt(q)  <=>  t n1 <= -n0 + sigma sqrt(q) */
    fc_rayt bound = fc_rayt_surd(fc_i128_neg(n0), sigma, q, fc_i128_sign(n1) == 0 ? i128(1) : n1);
    int s = fc_i128_sign(n1);
    if (s == 0) {
        fc_rayt zero = fc_rayt_ratio(i128(0), i128(1));
        if (fc_rayt_cmp(&bound, &zero) < 0)
            c->empty = 1;
        return;
    }
    if (s > 0) { /* exit: t <= bound */
        if (fc_rayt_cmp(&bound, &c->exit) < 0)
            c->exit = bound;
    } else if (fc_rayt_cmp(&bound, &c->enter) > 0) { /* enter: t >= bound (dividing by n1 < 0 flipped it) */
        c->enter = bound;
    }
    if (fc_rayt_cmp(&c->enter, &c->exit) > 0)
        c->empty = 1;
}

int fc_ray_clip_hit(const fc_ray_clip *c)
{
    return !c->empty;
}
