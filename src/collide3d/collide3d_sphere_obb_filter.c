/* SPDX-License-Identifier: MIT */
/* Sphere/OBB3 filter: decides the overlap in 64-bit integers when the
 * centre's distance to the box is clearly below or above the radius, and
 * leaves the rest (-1) to the exact closest-point test
 * (src/collide3d/collide3d_sphere_obb.c), so the answer is always the exact one.
 *
 * Let beta_i = axis[i] / 2^16 (real), G = (beta_i . beta_j) the Gram
 * matrix, p = centre - box centre (raw) = sum_i tau_i beta_i (tau: the
 * oblique coordinates) and sigma_i = p . axis[i] = 2^16 (G tau)_i (exact).
 * A valid box has |G_ij - delta_ij| <= 2^-12 (fc_obb3_validate), so with
 * F = G - I, ||F||_inf <= 3 * 2^-12 and
 *  - ||G^-1 - I||_inf <= ||F|| / (1 - ||F||) < 2^-10, hence
 *    |2^16 tau_i - sigma_i| < 2^-10 max_j |sigma_j| <= delta, where
 *    delta = floor(max_j |sigma_j| / 2^10) + 1;
 *  - every eigenvalue of G lies in [1 - 3 * 2^-12, 1 + 3 * 2^-12].
 * The excess e_i = max(0, |tau_i| - h_i) is bracketed in raw units by
 * e_lo_i = floor(max(0, |sigma_i| - delta - 2^16 h_i) / 2^16) and
 * e_hi_i = ceil(max(0, |sigma_i| + delta - 2^16 h_i) / 2^16).
 *  - Overlap: q = sum_i clamp(tau_i, -h_i, h_i) beta_i is a point of the box
 *    and |p - q|^2 = e^T G e <= (1 + 3 * 2^-12) sum e_hi_i^2; when that is
 *    <= r^2 the sphere holds q.
 *  - Separation: any box point y = sum c_i beta_i (|c_i| <= h_i) has
 *    p - y = sum f_i beta_i with |f_i| >= e_i, so
 *    |p - y|^2 >= (1 - 3 * 2^-12) sum e_lo_i^2; when that is > r^2 no box
 *    point is within r.
 * Both products by (1 +- 3 * 2^-12) are rounded outwards (ceilings).
 * Magnitudes: |p_c| <= 2^30, |sigma_i| < 3 * 2^30 (2^16 + 16) < 2^48; an
 * e_lo_i >= 2^29 > 2 r separates at once (r <= 2^28); overlap is tried only
 * with every e_hi_i < 2^29; so every sum of squares is < 3 * 2^58 and
 * 3 times it < 2^62. The uncertain band is about r^2 * 6 * 2^-12 plus
 * delta (a thousandth of |p|): a few raw units for small shapes. */
#include "collide3d_internal.h"

#include "core/nofloat.h"

#define E_CAP ((int64_t)1 << 29)

/* FC3_TEST_FILTER_SHIFT shrinks delta and the eigenvalue margin 3 * 2^-12
 * by 2^shift in a test build only (the should-fail twin of
 * tests/test_collide3d.c: a too-small bound must be caught). */
#ifndef FC3_TEST_FILTER_SHIFT
#define FC3_TEST_FILTER_SHIFT 0
#endif

static int64_t abs64(int64_t v) { return v < 0 ? -v : v; }

/* x (1 + 3 * 2^-12) rounded up, and x (1 - 3 * 2^-12) rounded down, for
 * 0 <= x < 2^60. */
static int64_t grow(int64_t x) { return x + ((3 * x + 4095) >> (12 + FC3_TEST_FILTER_SHIFT)); }
static int64_t shrink(int64_t x) { return x - ((3 * x + 4095) >> (12 + FC3_TEST_FILTER_SHIFT)); }

int fc3_sphere_obb_filter(const fc_sphere *a, const fc_obb3 *b)
{
    int64_t p[3] = {(int64_t)a->center.x - b->center.x, (int64_t)a->center.y - b->center.y,
                    (int64_t)a->center.z - b->center.z};
    int64_t h[3] = {b->half.x, b->half.y, b->half.z};
    int64_t sg[3], m = 0;
    for (int i = 0; i < 3; i++) {
        const fc_vec3 *x = &b->axis[i];
        sg[i] = abs64(p[0] * x->x + p[1] * x->y + p[2] * x->z);
        m = sg[i] > m ? sg[i] : m;
    }
    int64_t delta = ((m >> 10) + 1) >> FC3_TEST_FILTER_SHIFT;
    int64_t e_lo2 = 0, e_hi2 = 0;
    int hi_ok = 1;
    for (int i = 0; i < 3; i++) {
        int64_t lo = sg[i] - delta - h[i] * 65536, hi = sg[i] + delta - h[i] * 65536;
        int64_t e_lo = lo > 0 ? lo >> 16 : 0, e_hi = hi > 0 ? (hi + 65535) >> 16 : 0;
        if (e_lo >= E_CAP)
            return 0;
        e_lo2 += e_lo * e_lo;
        if (e_hi >= E_CAP)
            hi_ok = 0;
        else
            e_hi2 += e_hi * e_hi;
    }
    int64_t r2 = (int64_t)a->radius * a->radius;
    if (shrink(e_lo2) > r2)
        return 0;
    if (hi_ok && grow(e_hi2) <= r2)
        return 1;
    return -1;
}
