/* SPDX-License-Identifier: MIT */
/* Exact comparison of shape-cast parameters and the clipping interval built
 * from them (see cast_param.h). */
#include "cast_param.h"

#include "core/nofloat.h"

static fc_big bigv(int64_t v)
{
    return fc_big_from_i128(fc_i128_from_i64(v));
}

/* 0 and 1 as constants (not built per call: the casts make many) */
static const fc_big BIG_ZERO = {0, 0, {0}};
static const fc_big BIG_ONE = {1, 1, {1}};
/* 0 and 1 as parameters with their exact enclosures (fc_castt_int(0), (1)) */
static const fc_castt CASTT_ZERO = {{0, 0, {0}}, {0, 0, {0}}, {1, 1, {1}}, 0, 1, 0, 0};
static const fc_castt CASTT_ONE = {{1, 1, {1}}, {0, 0, {0}}, {1, 1, {1}}, 0, 1, (int64_t)1 << 60, (int64_t)1 << 60};

fc_castt fc_castt_surd(const fc_big *p, int32_t s, const fc_big *q, const fc_big *r)
{
    fc_castt t;
    t.p = *p;
    t.r = *r;
    t.s = s;
    t.cached = 0;
    t.lo = t.hi = 0;
    if (r->sign < 0) {
        fc_big_neg_in_place(&t.p);
        fc_big_neg_in_place(&t.r);
        t.s = -s;
    }
    if (q->sign == 0 || t.s == 0) {
        t.s = 0;
        t.q = BIG_ZERO;
    } else {
        t.q = *q;
    }
    return t;
}

fc_castt fc_castt_ratio(const fc_big *num, const fc_big *den)
{
    return fc_castt_surd(num, 0, &BIG_ZERO, den);
}

fc_castt fc_castt_int(int64_t v)
{
    if (v == 0)
        return CASTT_ZERO;
    if (v == 1)
        return CASTT_ONE;
    fc_big n = bigv(v);
    fc_castt t = fc_castt_ratio(&n, &BIG_ONE);
    if (v >= -2 && v <= 2) { /* exact: v 2^60 */
        t.cached = 1;
        t.lo = t.hi = v * ((int64_t)1 << 60);
    }
    return t;
}

fc_castt fc_castt_from_rayt(const fc_rayt *t)
{
    fc_big p = fc_big_from_i128(t->p), q = fc_rayt_q(t), r = fc_big_from_i128(t->r);
    return fc_castt_surd(&p, t->s, &q, &r);
}

int fc_castt_cmp_cached(const fc_castt *a, const fc_castt *b)
{
    if (!FC_CAST_FILTER || !a->cached || !b->cached)
        return 0;
    /* lo <= clamp(t 2^60) <= hi, clamp monotone */
    return a->hi < b->lo ? -1 : a->lo > b->hi ? 1 : 0;
}

int fc_castt_cmp(const fc_castt *a, const fc_castt *b)
{
    int c = fc_castt_cmp_cached(a, b);
    return c != 0 ? c : fc_castt_cmp_exact(a, b);
}

int fc_castt_cmp_exact(const fc_castt *a, const fc_castt *b)
{
    /* sign(t1 - t2) = sign(p1 r2 - p2 r1 + s1 sqrt(r2^2 q1) - s2 sqrt(r1^2 q2)) */
    fc_big x = fc_big_mul(&a->p, &b->r), y = fc_big_mul(&b->p, &a->r);
    fc_big K = fc_big_sub(&x, &y);
    if (a->s == 0 && b->s == 0)
        return K.sign;
    fc_big X = fc_big_mul(&b->r, &b->r), Y = fc_big_mul(&a->r, &a->r);
    X = fc_big_mul(&X, &a->q);
    Y = fc_big_mul(&Y, &b->q);
    return fc_big_sign_surd3(&K, a->s, &X, -b->s, &Y);
}

int64_t fc_castt_floor_pow2(const fc_castt *t, int bits)
{
    int64_t k = 0;
    return fc_castt_floor_enclosed(t, bits, &k) ? k : fc_castt_floor_exact(t, bits);
}

int64_t fc_castt_floor_exact(const fc_castt *t, int bits)
{
    /* the largest k in [0, 2^bits] with k / 2^bits <= t, by bits from the top */
    int64_t k = 0, top = (int64_t)1 << bits;
    fc_big den = bigv(top);
    for (int64_t step = top; step > 0; step /= 2) {
        if (top - k < step)
            continue;
        fc_big num = bigv(k + step);
        fc_castt m = fc_castt_ratio(&num, &den);
        if (fc_castt_cmp(&m, t) <= 0)
            k += step;
    }
    return k;
}

fix16_t fc_castt_floor16(const fc_castt *t)
{
    return (fix16_t)fc_castt_floor_pow2(t, 16);
}

void fc_cast_clip_init(fc_cast_clip *c)
{
    c->enter = fc_castt_int(0);
    c->exit = fc_castt_int(1);
    c->empty = 0;
    c->added = 0;
    c->enter_axis = -1;
    c->has_root = 0;
    c->root_q = BIG_ZERO; /* (unused until has_root: initialised for the analysis) */
    c->root.l = c->root.h = 0;
    c->root.e = 0;
}

void fc_cast_clip_add(fc_cast_clip *c, const fc_big *n0, const fc_big *n1, int32_t sigma, const fc_big *q)
{
    int32_t index = c->added++;
    if (c->empty)
        return;
    /* n0 + t n1 <= sigma sqrt(q)  <=>  t n1 <= -n0 + sigma sqrt(q) */
    fc_big neg = *n0;
    fc_big_neg_in_place(&neg);
    fc_castt bound = fc_castt_surd(&neg, sigma, q, n1->sign == 0 ? &BIG_ONE : n1);
    /* compared at least once below; enter / exit keep it */
    if (bound.s != 0) { /* sqrt(q) once per distinct q */
        if (!c->has_root || fc_big_cmp(&c->root_q, q) != 0) {
            fc_castt_root_of(q, &c->root);
            c->root_q = *q;
            c->has_root = 1;
        }
        fc_castt_cache_root(&bound, &c->root);
    } else {
        fc_castt_cache(&bound);
    }
    if (n1->sign == 0) {
        if (fc_castt_cmp(&bound, &CASTT_ZERO) < 0)
            c->empty = 1;
        return;
    }
    if (n1->sign > 0) { /* exit: t <= bound */
        if (fc_castt_cmp(&bound, &c->exit) < 0)
            c->exit = bound;
    } else if (fc_castt_cmp(&bound, &c->enter) > 0) { /* enter: t >= bound */
        c->enter = bound;
        c->enter_axis = index;
    }
    if (fc_castt_cmp(&c->enter, &c->exit) > 0)
        c->empty = 1;
}

int fc_cast_clip_hit(const fc_cast_clip *c)
{
    return !c->empty;
}
