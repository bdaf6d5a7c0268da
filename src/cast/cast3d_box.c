/* SPDX-License-Identifier: MIT */
/* Swept boxes (AABB3 / OBB3, and a point against a box) by separating axes.
 *
 * Box a moved by t d overlaps box b iff t d lies in the Minkowski
 * difference b - a, a convex polytope. Its facet normals are among: the
 * face normals of a and of b (u_j x u_k), and the products u^a_i x u^b_j of
 * NON-parallel edge directions. A facet is F_a + F_b with dimension 2: a
 * face plus a vertex (a face normal), two non-parallel edges (their cross),
 * or parallel faces / an edge parallel to a face (again a face normal); two
 * parallel edges sum to a segment, never a facet. So skipping the zero
 * crosses loses nothing: with the others the test is exact for the
 * parallelepipeds (OBB3s with not-quite-orthonormal axes included). On
 * each axis n: min_b - max_a <= t d.n <= max_b - min_a, two clip
 * constraints; the entry is the largest lower bound (all exact rationals).
 *
 * Axis order (the tie order of the normal): a's face normals i = 0, 1, 2
 * (u_1 x u_2, u_2 x u_0, u_0 x u_1), then b's, then u^a_i x u^b_j at
 * 3 i + j; the first axis reaching the exact entry gives the normal, +n
 * when d.n > 0 (a's max side meets b's min side), -n otherwise.
 *
 * Sizes: n <= 2^35 per component; c.n < 2^84, h |u.n| < 2^82, d.n < 2^84:
 * every term fits 128 bits, passed to the big-integer clip. */
#include "cast3d_internal.h"

#include "core/nofloat.h"

#ifndef FC_CAST3_BREAK /* tests only (test_cast3d_broken): a piece of the cast left out */
#define FC_CAST3_BREAK 0
#endif

static fc_i128 dot3(const int64_t a[3], const int64_t b[3])
{
    return fc_i128_add(fc_i128_add(fc_i128_mul_i64(a[0], b[0]), fc_i128_mul_i64(a[1], b[1])),
                       fc_i128_mul_i64(a[2], b[2]));
}

static void cross3(const int64_t a[3], const int64_t b[3], int64_t out[3])
{
    out[0] = a[1] * b[2] - a[2] * b[1];
    out[1] = a[2] * b[0] - a[0] * b[2];
    out[2] = a[0] * b[1] - a[1] * b[0];
}

/* The box's extent around c.n along n: sum h_m |u_m . n|. */
static fc_i128 radius_on(const fc_c3box *b, const int64_t n[3])
{
    fc_i128 r = fc_i128_from_i64(0);
    for (int m = 0; m < 3; m++) {
        /* |u_k| <= 2^16 + 16 and |n_k| <= 2 (2^16 + 16)^2 < 2^34: |u . n| < 2^53 */
        int64_t a = b->u[m][0] * n[0] + b->u[m][1] * n[1] + b->u[m][2] * n[2];
        r = fc_i128_add(r, fc_i128_mul_i64(b->h[m], a < 0 ? -a : a));
    }
    return r;
}

/* The two constraints of axis n (constraint 2k: t d.n >= lo, 2k + 1:
 * t d.n <= hi). */
static void add_axis(fc_cast_clip *c, const fc_c3box *a, const int64_t d[3], const fc_c3box *b, const int64_t n[3])
{
    fc_i128 ca = dot3(a->c, n), cb = dot3(b->c, n), ra = radius_on(a, n), rb = radius_on(b, n), dn = dot3(d, n);
    fc_i128 lo = fc_i128_sub(fc_i128_sub(cb, rb), fc_i128_add(ca, ra));
    fc_i128 hi = fc_i128_sub(fc_i128_add(cb, rb), fc_i128_sub(ca, ra));
    fc_big blo = fc_big_from_i128(lo), bhi = fc_big_from_i128(fc_i128_neg(hi)), zero = fc_big_from_i128(fc_i128_from_i64(0));
    fc_big pdn = fc_big_from_i128(dn), ndn = fc_big_from_i128(fc_i128_neg(dn));
    fc_cast_clip_add(c, &blo, &ndn, 0, &zero); /* lo - t d.n <= 0 */
    fc_cast_clip_add(c, &bhi, &pdn, 0, &zero); /* t d.n - hi <= 0 */
}

int fc_c3_sweep_boxes(const fc_c3box *a, int na, const int64_t d[3], const fc_c3box *b, int nb, fc_castt *t,
                      fc_cast3_feat *f)
{
    int64_t axes[15][3] = {{0}};
    int n = 0;
    for (int pass = 0; pass < 2; pass++) {
        const fc_c3box *x = pass ? b : a;
        if ((pass ? nb : na) == 0)
            continue;
        for (int i = 0; i < 3; i++)
            cross3(x->u[(i + 1) % 3], x->u[(i + 2) % 3], axes[n++]);
    }
    if (na && nb && FC_CAST3_BREAK != 1) /* 1: no edge crosses */
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) {
                int64_t c[3];
                cross3(a->u[i], b->u[j], c);
                if (c[0] == 0 && c[1] == 0 && c[2] == 0)
                    continue; /* a zero cross: parallel edges, no facet (see the top) */
                for (int k = 0; k < 3; k++)
                    axes[n][k] = c[k];
                n++;
            }
    fc_cast_clip c;
    fc_cast_clip_init(&c);
    for (int k = 0; k < n && !c.empty; k++)
        add_axis(&c, a, d, b, axes[k]);
    if (!fc_cast_clip_hit(&c))
        return 0;
    *t = c.enter;
    f->kind = FC_C3F_START;
    f->neg = 0;
    for (int k = 0; k < 3; k++)
        f->a[k] = f->u[k] = f->x[k] = f->d[k] = 0;
    if (c.enter_axis >= 0) {
        const int64_t *ax = axes[c.enter_axis / 2];
        int64_t s = c.enter_axis % 2 == 0 ? 1 : -1;
        f->kind = FC_C3F_AXIS;
        for (int k = 0; k < 3; k++)
            f->a[k] = s * ax[k];
    }
    return 1;
}
