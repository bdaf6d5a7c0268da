/* SPDX-License-Identifier: MIT */
/* Box overlap (AABB3/OBB3, OBB3/OBB3): the exact 15-axis test of the stored
 * parallelepipeds (see collide3d_box.c and fixcol/collide3d.h), evaluated
 * adaptively. Every axis first gets the standard orthonormal-box estimate
 * of its separation margin (Ericson, Real-Time Collision Detection 4.4.1:
 * B's axes in A's frame, R = A^T B), in 64-bit integers, with a proven
 * bound on its distance from the exact margin. Only an axis whose estimate
 * lies within the bound is evaluated exactly (128-bit), so the answer is
 * exactly that of the exact test. Axes: A's faces, B's faces, then the 9
 * edge products; B's frame terms are computed only when A's faces pass.
 *
 * Notation (real numbers): alpha_i = a_i / 2^16, beta_j = b_j / 2^16 (the
 * stored axes), d = centre of B - centre of A and h the half-extents, all in
 * doubled raw units (fc3_box); nA_i = alpha_{i+1} x alpha_{i+2},
 * nB_j likewise (indices mod 3). On an axis n the exact test separates iff
 *     S(n) = |d . n| - sum_k hA_k |alpha_k . n| - sum_l hB_l |beta_l . n| > 0
 * with n = nA_i, nB_j or alpha_i x beta_j (collide3d_box.c evaluates 2^64 S
 * exactly; only its sign matters).
 *
 * Estimate, with t_i = d . alpha_i, u_j = d . beta_j, R_ij = alpha_i . beta_j:
 *   face A_i:   |t_i| - hA_i - sum_j hB_j |R_ij|
 *   face B_j:   |u_j| - hB_j - sum_i hA_i |R_ij|
 *   edge i, j:  |t_i2 R_i1j - t_i1 R_i2j| - hA_i1 |R_i2j| - hA_i2 |R_i1j|
 *               - hB_j1 |R_ij2| - hB_j2 |R_ij1|     (i1 = i + 1, i2 = i + 2)
 * Model error. A valid box (fc_obb3_validate) has Gram matrix G = I + F
 * with |F_ij| <= 2^-12, so ||F|| <= 3 * 2^-12, every eigenvalue of G is in
 * [1 - 3 * 2^-12, 1 + 3 * 2^-12], det = sqrt(det G) is within 4.51 * 2^-12
 * of 1 and ||G^-1 - I||_inf <= 3.003 * 2^-12. nA_i = det * alpha^i (the
 * dual basis, alpha^i = sum_k (G^-1)_ik alpha_k), so
 *     |nA_i - alpha_i| <= |det - 1| |alpha^i| + |alpha^i - alpha_i|
 *                      <= 4.51 * 1.001 * 2^-12 + 3.003 * 1.0002 * 2^-12
 *                      <  2^-9,
 * the same for B, and |alpha_i|, |beta_j| <= 1 + 2^-13. Each exact term
 * differs from its estimate by at most a vector difference of that size:
 *   d . nA_i vs t_i; beta_j . nA_m vs R_mj; alpha_i . nB_m vs R_im;
 *   alpha_i . nA_i = det vs 1; and, by the Binet-Cauchy identity,
 *   t_i2 R_i1j - t_i1 R_i2j = d . (nA_i x beta_j) vs d . (alpha_i x beta_j).
 * So |S - estimate| <= 7.52 * 2^-12 * 1.0002 * (|d| + sum hA + sum hB)
 *                   <  2^-9 (|d|_1 + H),     H = sum hA + sum hB.
 * Integers (unit W = 2^-16 doubled raw, so a W value is 2^16 times the real):
 *   T_i = d . a_i and U_j = d . b_j exactly (= 2^16 t_i, 2^16 u_j);
 *   Rq_ij = floor(|R_ij| / 2^16), Rs_ij = floor(R_ij / 2^16) with R_ij =
 *   a_i . b_j exact (Q32); Tq_i = floor(T_i / 2^16).
 *   face A_i:  |T_i| - 2^16 hA_i - sum_j hB_j Rq_ij
 *   face B_j:  |U_j| - 2^16 hB_j - sum_i hA_i Rq_ij
 *   edge i, j: |Tq_i2 Rs_i1j - Tq_i1 Rs_i2j| - (the four h Rq products)
 * Rounding: each h Rq is low by less than h (radii: < H in all); each of
 * the two products Tq Rs is off by less than |Tq| + |Rs| + 1 with
 * |Tq| <= 1.0002 |d|_1 + 1 and |Rs| < 2^17; so < 2.0004 |d|_1 + H + 2^18 + 4.
 * Bound (W): 2^16 * 2^-9 (|d|_1 + H) + 2.0004 |d|_1 + H + 2^18 + 4 <= E with
 *     E = 131 (|d|_1 + H) + 2^18 + 4.
 * Centre inside (a shortcut for deep pairs, before any axis): B's centre is
 * A's plus d / 2 = sum tau_i alpha_i / 2 with tau = G^-1 t, so
 * |tau_i - t_i| <= ||G^-1 - I|| |t|_inf < 2^-10 |t|_inf; when
 * |T_i| + floor(|T|_inf / 2^10) + 1 <= 2^16 hA_i for every i, B's centre is
 * a point of A and the boxes overlap (the same with U and B's axes for A's
 * centre).
 * Decision: estimate > E: separated on that axis (exactly); estimate < -E:
 * not separated; otherwise the exact evaluation. In raw units the exact
 * path runs for margins under about 2^-9 (|d|_1 + H) (d and H doubled): ~0.2%
 * of the pair's size, and of its distance.
 * Magnitudes (also for any axis components |c| <= 1 + 2^-12, valid or not):
 * |d_c| <= 2^31, h <= 2^29, |R| < 2^33.6, |T|, |U| < 2^48.6, Rq, |Rs| <=
 * 2^17.6, |Tq| <= 2^32.6: every product < 2^51, every sum < 2^53, E < 2^41. */
#include "collide3d_internal.h"

#include "core/nofloat.h"

/* FC3_TEST_FILTER_SHIFT divides the bound by 2^shift in a test build only
 * (the should-fail twin of tests/test_collide3d.c: a too-small bound must
 * be caught). */
#ifndef FC3_TEST_FILTER_SHIFT
#define FC3_TEST_FILTER_SHIFT 0
#endif

static int64_t abs64(int64_t v) { return v < 0 ? -v : v; }

/* floor(v / 2^16) for |v| < 2^lim (lim <= 62) without a branch: shifts a
 * non-negative value only. */
static inline int64_t floor_q16(int64_t v, unsigned lim)
{
    return ((v + ((int64_t)1 << lim)) >> 16) - ((int64_t)1 << (lim - 16));
}

static int64_t dot_dv(const int64_t d[3], fc_vec3 a) { return d[0] * a.x + d[1] * a.y + d[2] * a.z; }

static int64_t dot_vw(fc_vec3 a, fc_vec3w n) { return a.x * n.x + a.y * n.y + a.z * n.z; }

/* The exact test on axis n: 2^16 |d . n| > sum_k hA_k |a_k . n| +
 * sum_l hB_l |b_l . n| (Q64 doubled; a . n is Q48, < 2^51). */
static int exact_separated(const fc3_box *a, const fc3_box *b, const int64_t d[3], fc_vec3w n)
{
    fc_i128 dist = fc_i128_add(fc_i128_mul_add(d[0], n.x, d[1], n.y), fc_i128_mul_i64(d[2], n.z));
    fc_i128 rad = fc_i128_from_i64(0);
    for (int k = 0; k < 3; k++) {
        rad = fc_i128_add(rad, fc_i128_mul_i64(a->h[k], abs64(dot_vw(a->ax[k], n))));
        rad = fc_i128_add(rad, fc_i128_mul_i64(b->h[k], abs64(dot_vw(b->ax[k], n))));
    }
    return fc_i128_cmp(fc_i128_shl(fc3_abs128(dist), 16), rad) > 0;
}

/* Everything the estimates share (W units, see above). */
typedef struct bfil {
    int64_t d[3];
    int64_t e;         /* the bound E */
    int64_t T[3], U[3];
    int64_t rq[3][3];  /* floor(|a_i . b_j| / 2^16) */
    int64_t rs[3][3];  /* floor(a_i . b_j / 2^16) */
    int64_t tq[3];     /* floor(T_i / 2^16) */
} bfil;

static void init_a(bfil *f, const fc3_box *a, const fc3_box *b)
{
    int64_t h = a->h[0] + a->h[1] + a->h[2] + b->h[0] + b->h[1] + b->h[2];
    for (int c = 0; c < 3; c++)
        f->d[c] = b->c[c] - a->c[c];
    f->e = (abs64(f->d[0]) + abs64(f->d[1]) + abs64(f->d[2]) + h) * 131 + ((int64_t)1 << 18) + 4;
#if FC3_TEST_FILTER_SHIFT
    f->e /= (int64_t)1 << FC3_TEST_FILTER_SHIFT;
#endif
    for (int i = 0; i < 3; i++)
        f->T[i] = dot_dv(f->d, a->ax[i]);
}

static void init_r(bfil *f, const fc3_box *a, const fc3_box *b)
{
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 3; j++) {
            int64_t r = fc_vec3_dot(a->ax[i], b->ax[j]);
            f->rq[i][j] = abs64(r) >> 16;
            f->rs[i][j] = floor_q16(r, 40);
        }
    }
}

static void init_b(bfil *f, const fc3_box *b)
{
    for (int j = 0; j < 3; j++)
        f->U[j] = dot_dv(f->d, b->ax[j]);
}

static void init_edges(bfil *f)
{
    for (int i = 0; i < 3; i++)
        f->tq[i] = floor_q16(f->T[i], 50);
}

/* The centre-inside shortcut: 1 when the point d / 2 from the centre of a
 * box with P_i = d . x_i (W, its axes x_i) and doubled half-extents h is
 * proven inside that box. */
static int centre_inside(const int64_t p[3], const int64_t h[3])
{
    int64_t m = abs64(p[0]) > abs64(p[1]) ? abs64(p[0]) : abs64(p[1]);
    m = m > abs64(p[2]) ? m : abs64(p[2]);
    int64_t slack = ((m >> 10) + 1) / ((int64_t)1 << FC3_TEST_FILTER_SHIFT);
    return abs64(p[0]) + slack <= h[0] * 65536 && abs64(p[1]) + slack <= h[1] * 65536 &&
           abs64(p[2]) + slack <= h[2] * 65536;
}

static inline int64_t est_face_a(const bfil *f, const fc3_box *a, const fc3_box *b, int i)
{
    return abs64(f->T[i]) - a->h[i] * 65536 - (b->h[0] * f->rq[i][0] + b->h[1] * f->rq[i][1] + b->h[2] * f->rq[i][2]);
}

static inline int64_t est_face_b(const bfil *f, const fc3_box *a, const fc3_box *b, int j)
{
    return abs64(f->U[j]) - b->h[j] * 65536 - (a->h[0] * f->rq[0][j] + a->h[1] * f->rq[1][j] + a->h[2] * f->rq[2][j]);
}

/* Edge a_i x b_j; (i1, i2) and (j1, j2) are the other indices in cyclic
 * order, passed as constants so that the unrolled calls fold them. */
static inline int64_t est_edge_at(const bfil *f, const fc3_box *a, const fc3_box *b, int i, int i1, int i2, int j,
                                  int j1, int j2)
{
    int64_t dist = f->tq[i2] * f->rs[i1][j] - f->tq[i1] * f->rs[i2][j];
    return abs64(dist) - (a->h[i1] * f->rq[i2][j] + a->h[i2] * f->rq[i1][j] + b->h[j1] * f->rq[i][j2] +
                          b->h[j2] * f->rq[i][j1]);
}

static int64_t est_edge(const bfil *f, const fc3_box *a, const fc3_box *b, int i, int j)
{
    return est_edge_at(f, a, b, i, (i + 1) % 3, (i + 2) % 3, j, (j + 1) % 3, (j + 2) % 3);
}

/* Axis k in 0..14 (A faces, B faces, a_i x b_j with k = 6 + 3i + j). */
static fc_vec3w axis_dir(const fc3_box *a, const fc3_box *b, int k)
{
    if (k < 3)
        return fc_vec3_cross(a->ax[(k + 1) % 3], a->ax[(k + 2) % 3]);
    if (k < 6)
        return fc_vec3_cross(b->ax[(k - 2) % 3], b->ax[(k - 1) % 3]);
    return fc_vec3_cross(a->ax[(k - 6) / 3], b->ax[(k - 6) % 3]);
}

/* 1 when axis k separates, from the estimate when it is clear. */
static inline int separates(const bfil *f, const fc3_box *a, const fc3_box *b, int k, int64_t est)
{
    if (est > f->e)
        return 1;
    if (est < -f->e)
        return 0;
    return exact_separated(a, b, f->d, axis_dir(a, b, k));
}

int fc3_box_overlap(const fc3_box *a, const fc3_box *b)
{
    bfil f;
    init_a(&f, a, b);
    if (centre_inside(f.T, a->h))
        return 1;
    init_r(&f, a, b);
    for (int i = 0; i < 3; i++)
        if (separates(&f, a, b, i, est_face_a(&f, a, b, i)))
            return 0;
    init_b(&f, b);
    if (centre_inside(f.U, b->h))
        return 1;
    for (int j = 0; j < 3; j++)
        if (separates(&f, a, b, 3 + j, est_face_b(&f, a, b, j)))
            return 0;
    init_edges(&f);
#define EDGE(i, i1, i2, j, j1, j2)                                                                              \
    if (separates(&f, a, b, 6 + 3 * i + j, est_edge_at(&f, a, b, i, i1, i2, j, j1, j2)))                   \
        return 0;
    EDGE(0, 1, 2, 0, 1, 2)
    EDGE(0, 1, 2, 1, 2, 0)
    EDGE(0, 1, 2, 2, 0, 1)
    EDGE(1, 2, 0, 0, 1, 2)
    EDGE(1, 2, 0, 1, 2, 0)
    EDGE(1, 2, 0, 2, 0, 1)
    EDGE(2, 0, 1, 0, 1, 2)
    EDGE(2, 0, 1, 1, 2, 0)
    EDGE(2, 0, 1, 2, 0, 1)
#undef EDGE
    return 1;
}

int64_t fc3_box_filter_estimate(const fc3_box *a, const fc3_box *b, int k, int64_t *bound)
{
    bfil f;
    init_a(&f, a, b);
    init_r(&f, a, b);
    init_b(&f, b);
    init_edges(&f);
    *bound = f.e;
    return k < 3 ? est_face_a(&f, a, b, k) : k < 6 ? est_face_b(&f, a, b, k - 3)
                                                   : est_edge(&f, a, b, (k - 6) / 3, (k - 6) % 3);
}

int fc3_box_filter_centre_inside(const fc3_box *a, const fc3_box *b)
{
    bfil f;
    init_a(&f, a, b);
    return centre_inside(f.T, a->h);
}
