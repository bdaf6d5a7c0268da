/* SPDX-License-Identifier: MIT */
/* Contact points: Box2D-style clipping of the incident edge against the
 * reference feature, reduced to one point (the middle of what is left).
 * Only positions are rounded here (parameters in Q2.30); no boolean answer
 * depends on it. */
#include "collide2d_core.h"
#include "exact2d.h"

#include "core/nofloat.h"

/* lambda = num / den in Q2.30 for 0 <= num <= den, den > 0 (both reduced to
 * 31 bits first: relative error < 2^-29). */
static int64_t lambda30(fc_i128 num, fc_i128 den)
{
    int bits = den.hi != 0 ? 64 + x2_bitlen64((uint64_t)den.hi) : x2_bitlen64(den.lo);
    if (bits > 31) {
        num = fc_i128_shr(num, (unsigned)(bits - 31));
        den = fc_i128_shr(den, (unsigned)(bits - 31));
    }
    if (den.lo == 0)
        return 0;
    uint64_t q = (num.lo << 30) / den.lo;
    return (int64_t)(q < ((uint64_t)1 << 30) ? q : (uint64_t)1 << 30); /* num <= den: never clamps */
}

/* floor(d * lam / 2^30) for |d| < 2^62, 0 <= lam <= 2^30, in 64 bits: d split
 * as hi * 2^30 + lo with 0 <= lo < 2^30. */
static int64_t mul_q30(int64_t d, int64_t lam)
{
    int64_t hi = fc_i64_shr_floor(d, 30), lo = (int64_t)((uint64_t)d & 0x3FFFFFFFu);
    return hi * lam + ((lo * lam) >> 30);
}

/* lambda (Q2.30) where p(lambda) = pv + lambda (pw - pv) reaches a bound,
 * clamped to [0, 1], from num = the signed distance from pv to the bound
 * along the direction of travel and den = |pw - pv| > 0. */
static int64_t cross_at(fc_i128 num, fc_i128 den)
{
    return fc_i128_sign(num) <= 0 ? 0 : fc_i128_cmp(num, den) >= 0 ? (int64_t)1 << 30 : lambda30(num, den);
}

/* The part of lambda in [0, 1] where the projection p(lambda) = pv + lambda
 * (pw - pv) is within [lo, hi] (pv != pw), narrowing [*l0, *l1] (Q2.30). */
static void clip_range(fc_i128 pv, fc_i128 pw, fc_i128 lo, fc_i128 hi, int64_t *l0, int64_t *l1)
{
    fc_i128 den = fc_i128_sub(pw, pv);
    int64_t l_in, l_out;
    if (fc_i128_sign(den) > 0) { /* moving up: enters at lo, leaves at hi */
        l_in = cross_at(fc_i128_sub(lo, pv), den), l_out = cross_at(fc_i128_sub(hi, pv), den);
    } else { /* moving down: enters at hi, leaves at lo */
        den = fc_i128_neg(den);
        l_in = cross_at(fc_i128_sub(pv, hi), den), l_out = cross_at(fc_i128_sub(pv, lo), den);
    }
    if (l_in > *l0)
        *l0 = l_in;
    if (l_out < *l1)
        *l1 = l_out;
}

/* The same for the range p <= hi alone (pv != pw). */
static void clip_below(fc_i128 pv, fc_i128 pw, fc_i128 hi, int64_t *l0, int64_t *l1)
{
    fc_i128 den = fc_i128_sub(pw, pv);
    if (fc_i128_sign(den) > 0) {
        int64_t l = cross_at(fc_i128_sub(hi, pv), den);
        if (l < *l1)
            *l1 = l;
    } else {
        int64_t l = cross_at(fc_i128_sub(pv, hi), fc_i128_neg(den));
        if (l > *l0)
            *l0 = l;
    }
}

/* The support feature of c along d (maximising d . x): vertex i, and j = an
 * adjacent vertex with the same value (an edge perpendicular to d) or the
 * deeper of the two neighbours when want_edge_anyway, else j = i. */
static void support_feature(const fc2_core *c, int64_t dx, int64_t dy, int want_edge_anyway, int *i, int *j)
{
    fc_i128 d[FC_POLY2_MAX_VERTS];
    int b = 0;
    for (int32_t k = 0; k < c->n; k++) {
        d[k] = x2_dot(dx, dy, c->x[k], c->y[k]);
        if (k > 0 && fc_i128_cmp(d[k], d[b]) > 0)
            b = k;
    }
    *i = *j = b;
    if (c->n < 2)
        return;
    int nx = (b + 1) % c->n, pv = (b + c->n - 1) % c->n;
    int best = fc_i128_cmp(d[nx], d[pv]) >= 0 ? nx : pv;
    if (want_edge_anyway || fc_i128_cmp(d[best], d[b]) == 0)
        *j = best;
}

int fc2_clip_edge(const int64_t v[2], const int64_t w[2], int64_t tx, int64_t ty, fc_i128 lo, fc_i128 hi,
                  int64_t dx, int64_t dy, fc_i128 level, int64_t out[2])
{
    int64_t l0 = 0, l1 = (int64_t)1 << 30;
    fc_i128 pv = x2_dot(tx, ty, v[0], v[1]), pw = x2_dot(tx, ty, w[0], w[1]);
    if (fc_i128_cmp(pv, pw) != 0)
        clip_range(pv, pw, lo, hi, &l0, &l1);
    else if (fc_i128_cmp(pv, lo) < 0 || fc_i128_cmp(pv, hi) > 0)
        return 0;
    fc_i128 sv = x2_dot(dx, dy, v[0], v[1]), sw = x2_dot(dx, dy, w[0], w[1]);
    if (fc_i128_cmp(sv, sw) != 0)
        clip_below(sv, sw, level, &l0, &l1);
    else if (fc_i128_cmp(sv, level) > 0)
        return 0;
    if (l0 > l1)
        return 0;
    int64_t lam = (l0 + l1) / 2;
    out[0] = v[0] + mul_q30(w[0] - v[0], lam);
    out[1] = v[1] + mul_q30(w[1] - v[1], lam);
    return 1;
}

int fc2_clip_point(const fc2_core *ref, const fc2_core *inc, int64_t dx, int64_t dy, int64_t out[2])
{
    int64_t tx = -dy, ty = dx;
    int ri, rj, ii, ij;
    support_feature(ref, dx, dy, 0, &ri, &rj);   /* ref's vertex or face along d */
    support_feature(inc, -dx, -dy, 1, &ii, &ij); /* inc's deepest vertex and edge */
    int64_t r0[2] = {ref->x[ri], ref->y[ri]}, r1[2] = {ref->x[rj], ref->y[rj]};
    int64_t v[2] = {inc->x[ii], inc->y[ii]}, w[2] = {inc->x[ij], inc->y[ij]};
    fc_i128 a = x2_dot(tx, ty, r0[0], r0[1]), b = x2_dot(tx, ty, r1[0], r1[1]);
    int ab = fc_i128_cmp(a, b) < 0;
    /* The incident edge within the reference feature's extent, behind it. */
    if (fc2_clip_edge(v, w, tx, ty, ab ? a : b, ab ? b : a, dx, dy, x2_dot(dx, dy, r0[0], r0[1]), out))
        return 1;
    /* Else the reference feature within the incident edge's extent, behind
     * the incident edge's deepest level (seen from the other side). */
    fc_i128 c = x2_dot(tx, ty, v[0], v[1]), e = x2_dot(tx, ty, w[0], w[1]);
    int ce = fc_i128_cmp(c, e) < 0;
    if (fc2_clip_edge(r0, r1, tx, ty, ce ? c : e, ce ? e : c, -dx, -dy, x2_dot(-dx, -dy, v[0], v[1]), out))
        return 0;
    out[0] = v[0], out[1] = v[1];
    return 1;
}
