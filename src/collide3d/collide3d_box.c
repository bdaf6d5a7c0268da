/* SPDX-License-Identifier: MIT */
/* Box kernel: the exact 15-axis separating-axis test of two parallelepipeds
 * and its contact (used by AABB3/AABB3, AABB3/OBB3 and OBB3/OBB3).
 *
 * Box X = c + sum t_i x_i, |t_i| <= h_i. Its face normals are
 * nX[m] = x_{m+1} x x_{m+2} (indices mod 3), with x_i . nX[m] = 0 for i != m
 * and x_m . nX[m] = det X exactly (a triple product with a repeated vector
 * is an exact zero in integers). So on every candidate axis the projected
 * radius of a box is a sum of |triple products| times extents:
 *   face nA[i]:  rA = hA_i |detA|,   rB = sum_j hB_j |nA[i] . b_j|
 *   face nB[j]:  rB = hB_j |detB|,   rA = sum_i hA_i |a_i . nB[j]|
 *   edge a_i x b_j: rA = hA_{i+1} |nA[i+2] . b_j| + hA_{i+2} |nA[i+1] . b_j|
 *                   rB = hB_{j+1} |a_i . nB[j+2]| + hB_{j+2} |a_i . nB[j+1]|
 * and the boxes are separated on axis n iff |d . n| > rA + rB, d = cB - cA.
 * Scales (doubled coordinates, see fc3_box): axes Q16 (<= 2^16 + 16 per
 * component), normals and edge products Q32 (|component| < 2^33), triple
 * products Q48 (< 2^51), d <= 2^31: d . n < 2^65 and radii < 2^82, all in
 * fc_i128, compared as Q64 (d . n shifted left by 16). */
#include "collide3d_internal.h"

#include "core/nofloat.h"

/* Everything about a pair that several axes share. */
typedef struct sat {
    fc_vec3w na[3], nb[3]; /* face normals, Q32 */
    int64_t deta, detb;    /* Q48, > 0 */
    int64_t t[3][3];       /* t[m][j] = nA[m] . b_j, Q48 */
    int64_t u[3][3];       /* u[i][m] = a_i . nB[m], Q48 */
    int64_t d[3];          /* cB - cA, doubled raw */
} sat;

static int64_t dot_vw(fc_vec3 a, fc_vec3w n) { return a.x * n.x + a.y * n.y + a.z * n.z; }

static fc_i128 dot_dw(const int64_t d[3], fc_vec3w n)
{
    return fc_i128_add(fc_i128_mul_add(d[0], n.x, d[1], n.y), fc_i128_mul_i64(d[2], n.z));
}

/* h * |t| exactly. */
static fc_i128 hmul(int64_t h, int64_t t) { return fc_i128_mul_i64(h, t < 0 ? -t : t); }

static void sat_init(sat *s, const fc3_box *a, const fc3_box *b)
{
    for (int m = 0; m < 3; m++) {
        s->na[m] = fc_vec3_cross(a->ax[(m + 1) % 3], a->ax[(m + 2) % 3]);
        s->nb[m] = fc_vec3_cross(b->ax[(m + 1) % 3], b->ax[(m + 2) % 3]);
        s->d[m] = b->c[m] - a->c[m];
    }
    s->deta = dot_vw(a->ax[0], s->na[0]);
    s->detb = dot_vw(b->ax[0], s->nb[0]);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            s->t[i][j] = dot_vw(b->ax[j], s->na[i]);
            s->u[i][j] = dot_vw(a->ax[i], s->nb[j]);
        }
}

/* Axis k in 0..14 (A faces, B faces, then a_i x b_j with k = 6 + 3i + j):
 * its direction, d . n (Q48 doubled) and rA + rB (Q64 doubled). */
static inline fc_vec3w axis_eval(const sat *s, const fc3_box *a, const fc3_box *b, int k, fc_i128 *dist, fc_i128 *rad)
{
    fc_vec3w n;
    fc_i128 r;
    if (k < 3) {
        n = s->na[k];
        r = fc_i128_add(hmul(a->h[k], s->deta),
                        fc_i128_add(fc_i128_add(hmul(b->h[0], s->t[k][0]), hmul(b->h[1], s->t[k][1])),
                                    hmul(b->h[2], s->t[k][2])));
    } else if (k < 6) {
        int j = k - 3;
        n = s->nb[j];
        r = fc_i128_add(hmul(b->h[j], s->detb),
                        fc_i128_add(fc_i128_add(hmul(a->h[0], s->u[0][j]), hmul(a->h[1], s->u[1][j])),
                                    hmul(a->h[2], s->u[2][j])));
    } else {
        int i = (k - 6) / 3, j = (k - 6) % 3;
        int i1 = (i + 1) % 3, i2 = (i + 2) % 3, j1 = (j + 1) % 3, j2 = (j + 2) % 3;
        n = fc_vec3_cross(a->ax[i], b->ax[j]);
        r = fc_i128_add(fc_i128_add(hmul(a->h[i1], s->t[i2][j]), hmul(a->h[i2], s->t[i1][j])),
                        fc_i128_add(hmul(b->h[j1], s->u[i][j2]), hmul(b->h[j2], s->u[i][j1])));
    }
    *dist = dot_dw(s->d, n);
    *rad = r;
    return n;
}

static inline int separated(fc_i128 dist, fc_i128 rad)
{
    return fc_i128_cmp(fc_i128_shl(fc3_abs128(dist), 16), rad) > 0;
}

/* ---- contact ------------------------------------------------------------ */

/* Edge products shorter than 2^-8 are not used as contact axes. */
#define MIN_EDGE_AXIS_SQ ((uint64_t)1 << 48) /* |n|^2 in Q64 */

static fc_vec3w neg_w(fc_vec3w n)
{
    fc_vec3w r;
    r.x = -n.x;
    r.y = -n.y;
    r.z = -n.z;
    return r;
}

static int64_t sign64(int64_t v) { return (v > 0) - (v < 0); }

/* The centre of box X's deepest feature along dir (sgn = +1) or against it
 * (sgn = -1), in Q33 (doubled Q32) coordinates: axes perpendicular to dir
 * contribute 0, so a face or edge gives its centre. */
static void support(const fc3_box *x, fc_vec3w dir, int64_t sgn, int64_t out[3])
{
    out[0] = x->c[0] * 65536;
    out[1] = x->c[1] * 65536;
    out[2] = x->c[2] * 65536;
    for (int l = 0; l < 3; l++) {
        int64_t f = sgn * sign64(dot_vw(x->ax[l], dir)) * x->h[l];
        out[0] += f * x->ax[l].x;
        out[1] += f * x->ax[l].y;
        out[2] += f * x->ax[l].z;
    }
}

static int64_t comp(fc_vec3 v, int i) { return i == 0 ? v.x : i == 1 ? v.y : v.z; }

/* A contact point's coordinate, saturated to fix16_t: a guard that never
 * acts (contact points lie within 2^31 raw), stating the bound for the
 * analysis. */
static fix16_t sat_fix16(int64_t v) { return (fix16_t)(v < INT32_MIN ? INT32_MIN : v > INT32_MAX ? INT32_MAX : v); }

/* Out-params, not fc_vec3 returns: see fc3_unit (tcc 12-byte return bug). */
static void round_q33(const int64_t p[3], unsigned extra, fc_vec3 *out)
{
    *out = (fc_vec3){ sat_fix16(fc3_round_shr(p[0], 17 + extra)), sat_fix16(fc3_round_shr(p[1], 17 + extra)),
                      sat_fix16(fc3_round_shr(p[2], 17 + extra)) };
}

/* Parameter (doubled raw) of the closest point of line pa + s*ea to line
 * pb + t*eb, for s (which = 0) or t (which = 1), clamped to +-lim. */
static int64_t line_param(const int64_t w[3], fc_vec3 ea, fc_vec3 eb, int which, int64_t lim)
{
    /* w = pa - pb reduced to doubled Q16 (floor; the point is approximate). */
    fc_vec3w wr;
    wr.x = fc_i64_shr_floor(w[0], 16);
    wr.y = fc_i64_shr_floor(w[1], 16);
    wr.z = fc_i64_shr_floor(w[2], 16);
    int64_t aa = fc_vec3_dot(ea, ea), ab = fc_vec3_dot(ea, eb), bb = fc_vec3_dot(eb, eb);
    int64_t da = dot_vw(ea, wr), db = dot_vw(eb, wr);
    fc_i128 den = fc_i128_sub(fc_i128_mul_i64(aa, bb), fc_i128_mul_i64(ab, ab));
    fc_i128 num = which == 0 ? fc_i128_sub(fc_i128_mul_i64(ab, db), fc_i128_mul_i64(bb, da))
                             : fc_i128_sub(fc_i128_mul_i64(aa, db), fc_i128_mul_i64(ab, da));
    /* s = num * 2^16 / den in doubled raw units; both scaled down by 2^8 so
     * den fits 64 bits (den >= 2^48 for the edge axes used, < 2^65). */
    int64_t q = fc3_sdiv(fc_i128_shr(fc_i128_shl(num, 16), 8), fc_i128_shr(den, 8).lo);
    return q > lim ? lim : q < -lim ? -lim : q;
}

static void edge_point(const fc3_box *a, const fc3_box *b, int i, int j, fc_vec3w n, fc_vec3 *out)
{
    int64_t pa[3], pb[3], w[3];
    support(a, n, 1, pa);
    support(b, n, -1, pb);
    for (int c = 0; c < 3; c++)
        w[c] = pa[c] - pb[c];
    int64_t s = line_param(w, a->ax[i], b->ax[j], 0, a->h[i]);
    int64_t t = line_param(w, a->ax[i], b->ax[j], 1, b->h[j]);
    int64_t p[3];
    for (int c = 0; c < 3; c++)
        p[c] = pa[c] + s * comp(a->ax[i], c) + pb[c] + t * comp(b->ax[j], c);
    round_q33(p, 1, out);
}

/* p^2 * l exactly, for p < 2^43 and l < 2^35 (result < 2^122). */
static fc_i128 sq_times(uint64_t p, uint64_t l)
{
    fc_i128 p2 = fc_i128_mul_i64((int64_t)p, (int64_t)p);
    int64_t hi = fc_i128_low_i64(fc_i128_shr(p2, 32));
    int64_t lo = (int64_t)(p2.lo & 0xFFFFFFFFu);
    return fc_i128_add(fc_i128_shl(fc_i128_mul_i64(hi, (int64_t)l), 32), fc_i128_mul_i64(lo, (int64_t)l));
}

int fc3_box_contact(const fc3_box *a, const fc3_box *b, fc_contact3_result *out)
{
    sat s;
    sat_init(&s, a, b);
    int best = -1;
    uint64_t best_p = 0, best_l = 1;
    fc_i128 best_pen = fc_i128_from_i64(0), best_n2 = fc_i128_from_i64(0);
    fc_vec3w best_n = {0, 0, 0};
    for (int k = 0; k < 15; k++) {
        fc_i128 dist, rad;
        fc_vec3w n = axis_eval(&s, a, b, k, &dist, &rad);
        if (separated(dist, rad))
            return 0;
        fc_i128 n2 = fc_i128_add(fc_i128_mul_add(n.x, n.x, n.y, n.y), fc_i128_mul_i64(n.z, n.z));
        if (fc_i128_sign(n2) == 0 || (k >= 6 && fc_i128_cmp(n2, fc_i128_make(0, MIN_EDGE_AXIS_SQ)) < 0))
            continue;
        /* Penetration along n, scaled by |n|: pen (Q64 doubled, < 2^83). The
         * axes are compared by pen^2 / |n|^2 with pen truncated to
         * P = pen / 2^40 and L = |n|^2 / 2^32, cross-multiplied exactly:
         * P^2 * L_best < P_best^2 * L (a deterministic, division- and
         * root-free stand-in for pen / |n| < pen_best / |n_best|). */
        fc_i128 pen = fc_i128_sub(rad, fc_i128_shl(fc3_abs128(dist), 16));
        /* p < 2^43 and l < 2^35 (pen < 2^83, n2 < 2^67): the masks never
         * clear a bit; they state the bounds for the analysis. */
        uint64_t p = fc_i128_shr(pen, 40).lo & (((uint64_t)1 << 43) - 1u);
        uint64_t l = fc_i128_shr(n2, 32).lo & (((uint64_t)1 << 35) - 1u);
        if (best < 0 || fc_i128_cmp(sq_times(p, best_l), sq_times(best_p, l)) < 0) {
            best = k;
            best_p = p;
            best_l = l;
            best_pen = pen;
            best_n2 = n2;
            best_n = fc_i128_sign(dist) < 0 ? neg_w(n) : n;
        }
    }
    /* depth = pen / |n| in raw Q16: pen is Q64 doubled, |n| ~ Q31. */
    uint64_t len31 = fc_isqrt_u64(fc_i128_shr(best_n2, 2).lo);
    uint64_t best_depth = fc3_udiv(best_pen, len31 << 18);
    fc_contact3_result c;
    fc3_unit(best_n.x, best_n.y, best_n.z, &c.normal);
    c.depth = best_depth > (uint64_t)INT32_MAX ? INT32_MAX : (fix16_t)best_depth;
    int64_t p[3];
    if (best < 6) {
        /* Deepest feature of the other box, moved back half the depth. */
        int64_t sgn = best < 3 ? 1 : -1;
        support(best < 3 ? b : a, best_n, -sgn, p);
        for (int i = 0; i < 3; i++)
            p[i] += sgn * comp(c.normal, i) * c.depth;
        round_q33(p, 0, &c.point);
    } else {
        edge_point(a, b, (best - 6) / 3, (best - 6) % 3, best_n, &c.point);
    }
    *out = c;
    return 1;
}
