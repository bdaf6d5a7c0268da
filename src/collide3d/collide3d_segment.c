/* SPDX-License-Identifier: MIT */
/* Exact segment distance predicates (see collide3d_segment.h).
 *
 * The distance of two segments P(s) = p0 + s d1, Q(t) = q0 + t d2,
 * s, t in [0, 1], is the minimum of a convex quadratic over the unit
 * square: at a corner or edge of the square (an endpoint of one segment
 * against the other segment) or at the unconstrained minimum when it lies
 * strictly inside (then the segments are not parallel and the distance is
 * the distance of their lines, |w . n| / |n| with n = d1 x d2). Each case
 * is a comparison of integers; none is rounded. */
#include "collide3d_segment.h"

#include <fixmath.h>

#include "collide3d_internal.h"
#include "core/bigint.h"

#include "core/nofloat.h"

/* Dot product of two triples with |a_i b_i| < 2^124 each (here < 2^98). */
static fc_i128 dot(const int64_t a[3], const int64_t b[3])
{
    return fc_i128_add(fc_i128_add(fc_i128_mul_i64(a[0], b[0]), fc_i128_mul_i64(a[1], b[1])),
                       fc_i128_mul_i64(a[2], b[2]));
}

static void sub3(const int64_t a[3], const int64_t b[3], int64_t out[3])
{
    for (int i = 0; i < 3; i++)
        out[i] = a[i] - b[i];
}

static fc_big big(fc_i128 v) { return fc_big_from_i128(v); }

static fc_big big_mul(fc_i128 a, fc_i128 b)
{
    fc_big x = big(a), y = big(b);
    return fc_big_mul(&x, &y);
}

static int zero3(const int64_t v[3]) { return (v[0] | v[1] | v[2]) == 0; }

/* Components of a x b as fc_i128 (|a|, |b| < 2^49: each < 2^99). */
static void cross_w(const int64_t a[3], const int64_t b[3], fc_i128 out[3])
{
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        out[i] = fc_i128_sub(fc_i128_mul_i64(a[j], b[k]), fc_i128_mul_i64(a[k], b[j]));
    }
}

/* |c|^2 for fc_i128 components. */
static fc_big norm2_w(const fc_i128 c[3])
{
    fc_big s = big_mul(c[0], c[0]);
    for (int i = 1; i < 3; i++) {
        fc_big t = big_mul(c[i], c[i]);
        s = fc_big_add(&s, &t);
    }
    return s;
}

int fc3_point_seg_within(const int64_t x[3], const int64_t q0[3], const int64_t q1[3], int64_t rr)
{
    int64_t d[3], w[3];
    sub3(q1, q0, d);
    sub3(x, q0, w);
    fc_i128 rr2 = fc_i128_mul_i64(rr, rr);
    fc_i128 wd = dot(w, d), dd = dot(d, d);
    if (fc_i128_sign(dd) == 0 || fc_i128_sign(wd) <= 0)
        return fc_i128_cmp(dot(w, w), rr2) <= 0;
    if (fc_i128_cmp(wd, dd) >= 0) {
        int64_t w1[3];
        sub3(x, q1, w1);
        return fc_i128_cmp(dot(w1, w1), rr2) <= 0;
    }
    /* Inside the segment's slab: |w x d|^2 <= rr^2 |d|^2. */
    fc_i128 c[3];
    cross_w(w, d, c);
    fc_big lhs = norm2_w(c), rhs = big_mul(rr2, dd);
    return fc_big_cmp(&lhs, &rhs) <= 0;
}

int fc3_seg_seg_within(const int64_t p0[3], const int64_t p1[3], const int64_t q0[3], const int64_t q1[3],
                       int64_t rr)
{
    if (fc3_point_seg_within(p0, q0, q1, rr) || fc3_point_seg_within(p1, q0, q1, rr) ||
        fc3_point_seg_within(q0, p0, p1, rr) || fc3_point_seg_within(q1, p0, p1, rr))
        return 1;
    int64_t d1[3], d2[3], w[3];
    sub3(p1, p0, d1);
    sub3(q1, q0, d2);
    sub3(p0, q0, w);
    if (zero3(d1) || zero3(d2))
        return 0; /* a point: its endpoint test was the whole answer */
    fc_i128 n[3];
    cross_w(d1, d2, n);
    if (fc_i128_sign(n[0]) == 0 && fc_i128_sign(n[1]) == 0 && fc_i128_sign(n[2]) == 0)
        return 0; /* parallel: the minimum is also reached at an endpoint */
    /* Interior minimum: s = (b e - c d) / den, t = (a e - b d) / den. */
    fc_i128 a = dot(d1, d1), b = dot(d1, d2), c = dot(d2, d2), dd = dot(d1, w), e = dot(d2, w);
    fc_big ac = big_mul(a, c), bb = big_mul(b, b), be = big_mul(b, e), cd = big_mul(c, dd), ae = big_mul(a, e),
           bd = big_mul(b, dd);
    fc_big den = fc_big_sub(&ac, &bb), sn = fc_big_sub(&be, &cd), tn = fc_big_sub(&ae, &bd);
    if (sn.sign <= 0 || tn.sign <= 0 || fc_big_cmp(&sn, &den) >= 0 || fc_big_cmp(&tn, &den) >= 0)
        return 0; /* the minimum is on the square's boundary: tested above */
    /* Line distance: (w . n)^2 <= rr^2 |n|^2 (|n|^2 == den). */
    fc_big wn = big_mul(fc_i128_from_i64(w[0]), n[0]);
    for (int i = 1; i < 3; i++) {
        fc_big t = big_mul(fc_i128_from_i64(w[i]), n[i]);
        wn = fc_big_add(&wn, &t);
    }
    fc_big lhs = fc_big_mul(&wn, &wn), r2 = big(fc_i128_mul_i64(rr, rr));
    fc_big rhs = fc_big_mul(&r2, &den);
    return fc_big_cmp(&lhs, &rhs) <= 0;
}

int64_t fc3_ratio_q32(fc_i128 num, fc_i128 den)
{
    if (fc_i128_sign(num) <= 0)
        return 0;
    if (fc_i128_cmp(num, den) >= 0)
        return (int64_t)1 << 32;
    const fc_i128 lim = fc_i128_make(0, (uint64_t)1 << 62);
    while (fc_i128_cmp(den, lim) >= 0) {
        num = fc_i128_shr(num, 1);
        den = fc_i128_shr(den, 1);
    }
    /* num < den < 2^62: num * 2^32 < 2^94, quotient <= 2^32 (the clamp
     * never acts; it states the bound for the analysis). */
    uint64_t q = fc3_udiv(fc_i128_shl(num, 32), (uint64_t)fc_i128_low_i64(den));
    return q > ((uint64_t)1 << 32) ? (int64_t)1 << 32 : (int64_t)q;
}

/* fc3_ratio_q32 of int64 operands, with the sign of den folded in. */
static int64_t ratio(fc_i128 num, fc_i128 den)
{
    if (fc_i128_sign(den) < 0) {
        num = fc_i128_neg(num);
        den = fc_i128_neg(den);
    }
    return fc3_ratio_q32(num, den);
}

/* Dot product of triples with components in [-2^30, 2^30]. */
static int64_t dot64(const int64_t a[3], const int64_t b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

void fc3_seg_closest(const int64_t p0[3], const int64_t d1[3], const int64_t q0[3], const int64_t d2[3], int64_t *s,
                     int64_t *t)
{
    const int64_t one = (int64_t)1 << 32;
    int64_t r[3];
    sub3(p0, q0, r);
    /* Raw coordinates (|d|, |r| <= 2^30): every dot product <= 3 * 2^60. */
    int64_t a = dot64(d1, d1), e = dot64(d2, d2), f = dot64(d2, r), c = dot64(d1, r), b = dot64(d1, d2);
    *s = 0;
    *t = 0;
    if (a == 0 && e == 0)
        return;
    if (a == 0) {
        *t = ratio(fc_i128_from_i64(f), fc_i128_from_i64(e));
        return;
    }
    if (e == 0) {
        *s = ratio(fc_i128_from_i64(-c), fc_i128_from_i64(a));
        return;
    }
    fc_i128 den = fc_i128_sub(fc_i128_mul_i64(a, e), fc_i128_mul_i64(b, b));
    if (fc_i128_sign(den) > 0)
        *s = ratio(fc_i128_sub(fc_i128_mul_i64(b, f), fc_i128_mul_i64(c, e)), den);
    /* t = (b s + f) / e with s = *s / 2^32. */
    fc_i128 tn = fc_i128_add(fc_i128_mul_i64(b, *s), fc_i128_shl(fc_i128_from_i64(f), 32));
    fc_i128 td = fc_i128_shl(fc_i128_from_i64(e), 32);
    if (fc_i128_sign(tn) <= 0) {
        *t = 0;
        *s = ratio(fc_i128_from_i64(-c), fc_i128_from_i64(a));
    } else if (fc_i128_cmp(tn, td) >= 0) {
        *t = one;
        *s = ratio(fc_i128_from_i64(b - c), fc_i128_from_i64(a));
    } else {
        *t = ratio(tn, td);
    }
}
