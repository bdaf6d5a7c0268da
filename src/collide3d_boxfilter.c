/* SPDX-License-Identifier: MIT */
/* Box overlap (AABB3/OBB3, OBB3/OBB3): the exact 15-axis test of
 * src/collide3d_box.c, evaluated adaptively. Each axis first gets a cheap
 * 64-bit estimate of its separation margin with a proven error bound; only
 * an axis whose estimate lies within the bound is evaluated exactly (the
 * same 128-bit expression as the contact). The answer is therefore exactly
 * that of the exact test. Axes come in the order A's faces, B's faces, the
 * 9 edge products; what an axis needs is computed when first needed
 * (A's face normals and triple products, then B's, then each edge product).
 *
 * Margin. On axis n with radius terms h_k |t_k| (k = 0..3, see
 * collide3d_box.c: a face axis has h |det| and three h |n . x|, an edge axis
 * four), the exact test separates iff
 *     S = 2^16 |d . n| - sum_k h_k |t_k| > 0      (Q64, doubled raw)
 * The filter works in units of 2^24 of S:
 *     D' = sum_c d_c floor(n_c / 2^8),   R' = sum_k h_k floor(|t_k| / 2^24),
 *     S' = |D'| - R'.
 * Bound. Ranges (valid shapes, doubled coordinates): |d_c| <= 2^31,
 * |n_c| < 2^34 (a cross product of two axes with |component| <= 1 + 2^-12),
 * |t_k| < 2^51, 1 <= h_k <= 2^29.
 *  - With n_c = 2^8 floor(n_c / 2^8) + r_c, 0 <= r_c < 2^8:
 *    d . n / 2^8 - D' = sum_c d_c r_c / 2^8, of magnitude < 3 * 2^31, and so
 *    is | |d . n| / 2^8 - |D'| |.
 *  - sum_k h_k |t_k| / 2^24 - R' = sum_k h_k (|t_k| mod 2^24) / 2^24 lies in
 *    [0, sum_k h_k) within [0, 4 * 2^29) = [0, 2^31).
 *  So S / 2^24 - S' lies in (-3 * 2^31 - 2^31, 3 * 2^31) within
 *  (-2^33, 2^33). With FC3_FILTER_BOUND = 2^33:
 *    S' >= 2^33  implies S > 0 (separated on this axis),
 *    S' <= -2^33 implies S < 0 (not separated),
 *  and only |S'| < 2^33 is evaluated exactly. On a face axis (|n| ~ 2^32)
 *  one raw unit of distance is ~2^25 units of S', so the exact path runs
 *  only for margins under ~256 raw (0.004 units); an edge axis scales by its
 *  length (the sine of the angle between the edges).
 * Magnitudes: |D'| <= 3 * 2^31 * 2^26 < 2^59, R' < 4 * 2^29 * 2^27 = 2^58,
 * every product < 2^57: no overflow in int64_t. */
#include "collide3d_internal.h"

#include "nofloat.h"

/* The filter's decision threshold (units of 2^24 Q64, derivation above).
 * FC3_TEST_FILTER_BOUND replaces it in a test build only (the should-fail
 * twin of tests/test_collide3d.c: a bound too small must be caught). */
#ifdef FC3_TEST_FILTER_BOUND
#define FC3_FILTER_BOUND ((int64_t)FC3_TEST_FILTER_BOUND)
#else
#define FC3_FILTER_BOUND ((int64_t)1 << 33)
#endif

static int64_t abs64(int64_t v) { return v < 0 ? -v : v; }

static int64_t dot_vw(fc_vec3 a, fc_vec3w n) { return a.x * n.x + a.y * n.y + a.z * n.z; }

int64_t fc3_filter_margin(const int64_t d[3], fc_vec3w n, const int64_t h[4], const int64_t t[4])
{
    int64_t dist = d[0] * fc_i64_shr_floor(n.x, 8) + d[1] * fc_i64_shr_floor(n.y, 8) +
                   d[2] * fc_i64_shr_floor(n.z, 8);
    int64_t rad = h[0] * (abs64(t[0]) >> 24) + h[1] * (abs64(t[1]) >> 24) + h[2] * (abs64(t[2]) >> 24) +
                  h[3] * (abs64(t[3]) >> 24);
    return abs64(dist) - rad;
}

/* The exact test of one axis: 2^16 |d . n| > sum_k h_k |t_k| in fc_i128. */
static int exact_separated(const int64_t d[3], fc_vec3w n, const int64_t h[4], const int64_t t[4])
{
    fc_i128 dist = fc_i128_add(fc_i128_mul_add(d[0], n.x, d[1], n.y), fc_i128_mul_i64(d[2], n.z));
    fc_i128 rad = fc_i128_add(fc_i128_add(fc_i128_mul_i64(h[0], abs64(t[0])), fc_i128_mul_i64(h[1], abs64(t[1]))),
                              fc_i128_add(fc_i128_mul_i64(h[2], abs64(t[2])), fc_i128_mul_i64(h[3], abs64(t[3]))));
    return fc_i128_cmp(fc_i128_shl(fc3_abs128(dist), 16), rad) > 0;
}

static int axis_separated(const int64_t d[3], fc_vec3w n, const int64_t h[4], const int64_t t[4])
{
    int64_t s = fc3_filter_margin(d, n, h, t);
    if (s >= FC3_FILTER_BOUND)
        return 1;
    if (s <= -FC3_FILTER_BOUND)
        return 0;
    return exact_separated(d, n, h, t);
}

/* Face normals of X (Q32), its determinant (Q48) and the triple products
 * m[i][j] = nX[i] . y_j (Q48) against the other box's axes. */
static int64_t faces(const fc3_box *x, const fc3_box *y, fc_vec3w n[3], int64_t m[3][3])
{
    for (int i = 0; i < 3; i++) {
        n[i] = fc_vec3_cross(x->ax[(i + 1) % 3], x->ax[(i + 2) % 3]);
        for (int j = 0; j < 3; j++)
            m[i][j] = dot_vw(y->ax[j], n[i]);
    }
    return dot_vw(x->ax[0], n[0]);
}

int fc3_box_overlap(const fc3_box *a, const fc3_box *b)
{
    int64_t d[3] = {b->c[0] - a->c[0], b->c[1] - a->c[1], b->c[2] - a->c[2]};
    fc_vec3w na[3], nb[3];
    int64_t t[3][3]; /* t[i][j] = nA[i] . b_j */
    int64_t w[3][3]; /* w[j][i] = nB[j] . a_i (u[i][j] of collide3d_box.c) */
    int64_t deta = faces(a, b, na, t);
    for (int i = 0; i < 3; i++) {
        int64_t h[4] = {a->h[i], b->h[0], b->h[1], b->h[2]}, r[4] = {deta, t[i][0], t[i][1], t[i][2]};
        if (axis_separated(d, na[i], h, r))
            return 0;
    }
    int64_t detb = faces(b, a, nb, w);
    for (int j = 0; j < 3; j++) {
        int64_t h[4] = {b->h[j], a->h[0], a->h[1], a->h[2]}, r[4] = {detb, w[j][0], w[j][1], w[j][2]};
        if (axis_separated(d, nb[j], h, r))
            return 0;
    }
    for (int i = 0; i < 3; i++) {
        int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
        for (int j = 0; j < 3; j++) {
            int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
            int64_t h[4] = {a->h[i1], a->h[i2], b->h[j1], b->h[j2]};
            int64_t r[4] = {t[i2][j], t[i1][j], w[j2][i], w[j1][i]};
            if (axis_separated(d, fc_vec3_cross(a->ax[i], b->ax[j]), h, r))
                return 0;
        }
    }
    return 1;
}
