/* SPDX-License-Identifier: MIT */
/* 2D casts with a circle or capsule: the point t d enters the rounded
 * Minkowski difference M + disc(R), M = core B - core A, R = rA + rB.
 *
 * From outside (the caller has ruled out overlap at t = 0), the entry is
 * the least entry into the candidate pieces
 *   - the capsule bodies ("bands") of the segments {edge of B - vertex of
 *     A} and {vertex of B - edge of A}: every boundary edge of M is one of
 *     them, each lies in M;
 *   - the discs at the points {vertex of B - vertex of A}: every vertex of
 *     M is one of them, each lies in M;
 * each piece lies in M + disc(R) and their union covers its boundary, so
 * the first piece entered is entered at the first contact. Parameters are
 * quadratic surds compared exactly (cast_param.h).
 *
 * Sizes (scaled, cast2d_internal.h): points of M < 2^47, d < 2^46, R <
 * 2^45: dot products < 2^95 and squared lengths < 2^97 fit 128 bits;
 * R^2 |e|^2 < 2^187 and the discriminants < 2^191 are big integers; every
 * parameter has |p|, r < 2^97 and q < 2^191 (cast_param.h allows 2^360
 * and 2^720).
 *
 * Tie order (the first piece reaching the least t gives the normal): the
 * bands {edge j of B - vertex i of A} (j outer, i inner), then {vertex j
 * of B - edge i of A} (j outer, i inner), then the discs (vertex j of B
 * outer, vertex i of A inner). Only R > 0 comes here (radius-0 pairs take
 * the separating-axis path), and then the normal at the entry is unique
 * (M + disc(R) is smooth): the order does not change it. */
#include "cast2d_internal.h"

#include "collide2d/exact2d.h"
#include "core/nofloat.h"

static fc_i128 I(int64_t v)
{
    return fc_i128_from_i64(v);
}

static fc_i128 dot(int64_t ax, int64_t ay, int64_t bx, int64_t by)
{
    return fc_i128_add(fc_i128_mul_i64(ax, bx), fc_i128_mul_i64(ay, by));
}

static fc_i128 cross(int64_t ax, int64_t ay, int64_t bx, int64_t by)
{
    return fc_i128_sub(fc_i128_mul_i64(ax, by), fc_i128_mul_i64(ay, bx));
}

/* v (0 <= v < 2^127) as [m, m + *inexact] 2^*e, m < 2^30 */
static uint64_t top30(fc_i128 v, int32_t *e, int *inexact)
{
    int bl = v.hi != 0 ? 64 + x2_bitlen64((uint64_t)v.hi) : x2_bitlen64(v.lo);
    *e = bl > 30 ? bl - 30 : 0;
    *inexact = bl > 30;
    return fc_i128_shr(v, (unsigned)*e).lo & (((uint64_t)1 << 30) - 1); /* (the mask states the bound) */
}

/* sign of a 2^ea - b 2^eb, 0 <= a, b < 2^61, exponents >= 0 */
static int cmp_scaled(uint64_t a, int32_t ea, uint64_t b, int32_t eb)
{
    if (a == 0 || b == 0)
        return (a != 0) - (b != 0);
    int32_t ta = x2_bitlen64(a) + ea, tb = x2_bitlen64(b) + eb;
    if (ta != tb)
        return ta > tb ? 1 : -1;
    if (ea > eb) /* the same top bit: the shift keeps a below 2^61 */
        a <<= (ea - eb) & 63;
    else
        b <<= (eb - ea) & 63;
    return a > b ? 1 : a < b ? -1 : 0;
}

/* The should-fail twin of the product filter (tests/meson.build:
 * test_cast_prod_twin_digest): -DFC_CAST_PROD_TWIN lowers the upper end of
 * x y by a relative 2^-20, deciding products within that of z w as smaller. */
#ifdef FC_CAST_PROD_TWIN
#define PROD_TWIN 1
#else
#define PROD_TWIN 0
#endif

/* x2_cmp_prod (the sign of x y - z w, all in [0, 2^127)), filtered: the
 * products enclosed by the top 30 bits of each factor decide it when the
 * enclosures are disjoint; the exact 256-bit comparison otherwise. */
static int cmp_prod(fc_i128 x, fc_i128 y, fc_i128 z, fc_i128 w)
{
    if (FC_CAST_FILTER) {
        int32_t ex, ey, ez, ew;
        int ix, iy, iz, iw;
        uint64_t xm = top30(x, &ex, &ix), ym = top30(y, &ey, &iy), zm = top30(z, &ez, &iz), wm = top30(w, &ew, &iw);
        /* x y in [xm ym, (xm + ix)(ym + iy)] 2^(ex + ey), each end <= 2^60 */
        uint64_t hi = (xm + (uint64_t)ix) * (ym + (uint64_t)iy);
        if (cmp_scaled(hi - (PROD_TWIN ? hi >> 20 : 0), ex + ey, zm * wm, ez + ew) < 0)
            return -1;
        if (cmp_scaled(xm * ym, ex + ey, (zm + (uint64_t)iz) * (wm + (uint64_t)iw), ez + ew) > 0)
            return 1;
    }
    return x2_cmp_prod(x, y, z, w);
}

static fc_big big(fc_i128 v)
{
    return fc_big_from_i128(v);
}

typedef struct sweep {
    int64_t dx, dy, R;
    int64_t lo[2], hi[2]; /* bounding box of the segment [0, d] */
    fc_i128 R2i; /* R^2 < 2^90 */
    fc_big R2;
    int hit;
    fc_castt best;
    c2_feature f;
} sweep;

/* Cheap exact rejection: the box [lo - R, hi + R] of a piece misses the
 * box of the segment [0, d]. */
static int box_misses(const sweep *w, int64_t x0, int64_t y0, int64_t x1, int64_t y1)
{
    int64_t lx = x0 < x1 ? x0 : x1, hx = x0 < x1 ? x1 : x0, ly = y0 < y1 ? y0 : y1, hy = y0 < y1 ? y1 : y0;
    return lx - w->R > w->hi[0] || hx + w->R < w->lo[0] || ly - w->R > w->hi[1] || hy + w->R < w->lo[1];
}

static void offer(sweep *w, fc_castt *t, c2_kind kind, int64_t x, int64_t y)
{
    fc_castt_cache(t); /* the comparisons filtered by integer enclosures (cast_param_bound.c) */
    if (w->hit && fc_castt_cmp(t, &w->best) >= 0)
        return;
    w->hit = 1;
    w->best = *t;
    w->f.kind = kind;
    w->f.x = x, w->f.y = y;
}

/* 1 when num / den (num >= 0, den > 0) is surely above the best entry so
 * far (the filter: num 2^60 > hi den, hi the upper end of the best's cached
 * enclosure, unclamped as the best is <= 1); a piece entered at num / den
 * or later cannot be offered then (offer keeps only a smaller t). */
static int beyond_best(const sweep *w, fc_i128 num, fc_i128 den)
{
    if (!FC_CAST_FILTER || !w->hit || !w->best.cached || w->best.hi < 0 || w->best.hi >= ((int64_t)1 << 61))
        return 0;
    return cmp_prod(num, I((int64_t)1 << 60), I(w->best.hi), den) > 0;
}

/* The disc of radius R at (cx, cy): |t d - c| <= R. */
static void disc(sweep *w, int64_t cx, int64_t cy)
{
    if (box_misses(w, cx, cy, cx, cy))
        return;
    fc_i128 a = dot(w->dx, w->dy, w->dx, w->dy);
    fc_i128 b = fc_i128_neg(dot(cx, cy, w->dx, w->dy)); /* (0 - c) . d */
    fc_i128 cc = fc_i128_sub(dot(cx, cy, cx, cy), fc_i128_mul_i64(w->R, w->R));
    if (fc_i128_sign(cc) <= 0) { /* inside at t = 0 (not reached: no overlap at 0) */
        fc_castt z = fc_castt_int(0);
        offer(w, &z, C2_POINT, cx, cy);
        return;
    }
    if (fc_i128_sign(b) >= 0)
        return; /* outside and not approaching */
    /* cheap exact rejections in 256 bits before the big surd: the
     * discriminant b^2 - a cc < 0 (the line misses the disc), or t > 1:
     * t <= 1 iff -b <= a or (-b - a)^2 <= b^2 - a cc, i.e. 2b + a + cc <= 0 */
    fc_i128 nb128 = fc_i128_neg(b);
    if (cmp_prod(nb128, nb128, a, cc) < 0)
        return;
    if (fc_i128_cmp(nb128, a) > 0 && fc_i128_sign(fc_i128_add(fc_i128_add(fc_i128_add(b, b), a), cc)) > 0)
        return;
    /* the entry (nb - sqrt(D)) / a = cc / (nb + sqrt(D)) >= cc / (2 nb): a
     * disc entered after the best so far is not built (cc, nb < 2^97) */
    if (beyond_best(w, cc, fc_i128_add(nb128, nb128)))
        return;
    fc_big bb = big(b), A = big(a), C = big(cc);
    fc_big b2 = fc_big_mul(&bb, &bb), ac = fc_big_mul(&A, &C);
    fc_big D = fc_big_sub(&b2, &ac);
    fc_big nb = big(nb128);
    fc_castt t = fc_castt_surd(&nb, -1, &D, &A);
        offer(w, &t, C2_POINT, cx, cy);
}

static fc_i128 min128(fc_i128 a, fc_i128 b)
{
    return fc_i128_cmp(a, b) < 0 ? a : b;
}

static fc_i128 max128(fc_i128 a, fc_i128 b)
{
    return fc_i128_cmp(a, b) < 0 ? b : a;
}

/* Cheap exact rejection of a band over the whole t in [0, 1]: the
 * projection p0 + t p1 stays outside [0, ee], or the cross term l0 + t l1
 * stays beyond R |e| on one side (l^2 > R^2 ee, 256-bit products). */
static int band_misses(const sweep *w, fc_i128 l0, fc_i128 l1, fc_i128 p0, fc_i128 p1, fc_i128 ee)
{
    fc_i128 pe = fc_i128_add(p0, p1), le = fc_i128_add(l0, l1);
    if (fc_i128_sign(max128(p0, pe)) < 0 || fc_i128_cmp(min128(p0, pe), ee) > 0)
        return 1;
    fc_i128 lo = min128(l0, le), hi = max128(l0, le);
    if (fc_i128_sign(lo) > 0 && cmp_prod(lo, lo, w->R2i, ee) > 0)
        return 1;
    fc_i128 nhi = fc_i128_neg(hi);
    return fc_i128_sign(nhi) > 0 && cmp_prod(nhi, nhi, w->R2i, ee) > 0;
}

/* The band of the segment u -> v: |(t d - u) x e| <= R |e| and 0 <= (t d -
 * u) . e <= |e|^2, e = v - u != 0. Constraint order: 0 "x <= R|e|"
 * (entered from the right of e: normal +perp(e) = (-ey, ex)), 1 "-x <=
 * R|e|" (normal -perp(e)), 2 "(.) >= 0" (at u), 3 "(.) <= |e|^2" (at v). */
static void band(sweep *w, int64_t ux, int64_t uy, int64_t vx, int64_t vy)
{
    int64_t ex = vx - ux, ey = vy - uy;
    if ((ex == 0 && ey == 0) || box_misses(w, ux, uy, vx, vy))
        return;
    fc_i128 ee = dot(ex, ey, ex, ey);
    fc_i128 l0 = cross(-ux, -uy, ex, ey), l1 = cross(w->dx, w->dy, ex, ey);
    fc_i128 p0 = dot(-ux, -uy, ex, ey), p1 = dot(w->dx, w->dy, ex, ey);
    if (band_misses(w, l0, l1, p0, p1, ee))
        return;
    /* entered no earlier than the end it approaches: t >= -p0 / p1 (p0 <
     * 0 < p1) or (p0 - ee) / -p1 (p1 < 0 < p0 - ee); past the best so far,
     * the band is not built */
    if (fc_i128_sign(p0) < 0 && fc_i128_sign(p1) > 0 && beyond_best(w, fc_i128_neg(p0), p1))
        return;
    fc_i128 pe = fc_i128_sub(p0, ee);
    if (fc_i128_sign(pe) > 0 && fc_i128_sign(p1) < 0 && beyond_best(w, pe, fc_i128_neg(p1)))
        return;
    /* the constraints' big integers are built one at a time: the clip may
     * stop before the last */
    const fc_i128 n0v[4] = {l0, fc_i128_neg(l0), fc_i128_neg(p0), pe};
    const fc_i128 n1v[4] = {l1, fc_i128_neg(l1), fc_i128_neg(p1), p1};
    static const fc_big zero = {0, 0, {0}};
    fc_big E = big(ee), q = fc_big_mul(&w->R2, &E);
    fc_cast_clip c;
    fc_cast_clip_init(&c);
    for (int k = 0; k < 4; k++) {
        fc_big n0 = big(n0v[k]), n1 = big(n1v[k]);
        fc_cast_clip_add(&c, &n0, &n1, k < 2, k < 2 ? &q : &zero);
        if (c.empty)
            return; /* no later constraint changes that */
        /* the entry only grows: once it is surely above the best so far
         * (cached enclosures), this band cannot be offered */
        if (w->hit && fc_castt_cmp_cached(&c.enter, &w->best) > 0)
            return;
    }
    if (!fc_cast_clip_hit(&c))
        return;
    switch (c.enter_axis) {
    case 0: offer(w, &c.enter, C2_DIR, -ey, ex); break;
    case 1: offer(w, &c.enter, C2_DIR, ey, -ex); break;
    case 3: offer(w, &c.enter, C2_POINT, vx, vy); break;
    default: offer(w, &c.enter, C2_POINT, ux, uy); break; /* 2, or -1 (t = 0: not reached) */
    }
}

static int32_t edge_count(const c2_core *c)
{
    return c->n >= 3 ? c->n : c->n - 1;
}

/* Edge k of polygon core c (CCW) has outward normal n = (ey, -ex); 1 when
 * sign(n . d) == want. A polygon edge of B gives a boundary edge of M with
 * the same outward normal, an edge of A one with the opposite; M + disc(R)
 * can be entered through the flat side of such an edge only while
 * approaching it (n_M . d < 0: with n_M . d == 0 the distance to M would be
 * R over an interval ending at the entry, so not first at t > 0). Bands
 * whose polygon edge faces away are skipped: the entry is still reached by
 * a kept piece (the disc at the closest vertex of M, or the band of the
 * facing edge holding the closest point), so t is unchanged; the normal at
 * the entry is unique (R > 0), only its rounding path may differ. */
static int faces(const c2_core *c, int32_t k, int64_t dx, int64_t dy, int want)
{
    int32_t k1 = (k + 1) % c->n;
    int64_t ex = c->x[k1] - c->x[k], ey = c->y[k1] - c->y[k];
    return fc_i128_sign(cross(ey, ex, dy, dx)) == want; /* ey dx - ex dy = n . d */
}

int c2_round_entry(const c2_core *a, int64_t dx, int64_t dy, const c2_core *b, fc_castt *t, c2_feature *f)
{
    sweep w;
    w.dx = dx, w.dy = dy, w.R = a->r + b->r;
    w.R2i = fc_i128_mul_i64(w.R, w.R);
    w.R2 = big(w.R2i);
    w.lo[0] = dx < 0 ? dx : 0, w.hi[0] = dx < 0 ? 0 : dx;
    w.lo[1] = dy < 0 ? dy : 0, w.hi[1] = dy < 0 ? 0 : dy;
    w.hit = 0;
    w.best = fc_castt_int(0);
    w.f.kind = C2_DIR, w.f.x = dx, w.f.y = dy;
    for (int32_t j = 0; j < edge_count(b); j++) {
        int32_t j1 = (j + 1) % b->n;
        if (b->n >= 3 && !faces(b, j, dx, dy, -1))
            continue;
        for (int32_t i = 0; i < a->n; i++)
            band(&w, b->x[j] - a->x[i], b->y[j] - a->y[i], b->x[j1] - a->x[i], b->y[j1] - a->y[i]);
    }
#ifndef FC_CAST2_BREAK /* tests only (test_cast2d_broken): 1 drops these bands, 2 the discs */
#define FC_CAST2_BREAK 0
#endif
    for (int32_t j = 0; j < b->n && FC_CAST2_BREAK != 1; j++)
        for (int32_t i = 0; i < edge_count(a); i++) {
            int32_t i1 = (i + 1) % a->n;
            if (a->n >= 3 && !faces(a, i, dx, dy, 1))
                continue;
            band(&w, b->x[j] - a->x[i], b->y[j] - a->y[i], b->x[j] - a->x[i1], b->y[j] - a->y[i1]);
        }
    for (int32_t j = 0; j < b->n && FC_CAST2_BREAK != 2; j++)
        for (int32_t i = 0; i < a->n; i++)
            disc(&w, b->x[j] - a->x[i], b->y[j] - a->y[i]);
    if (!w.hit)
        return 0;
    *t = w.best;
    *f = w.f;
    return 1;
}
