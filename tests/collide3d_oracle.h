/* SPDX-License-Identifier: MIT */
/* Independent references for the 3D pair tests (tests only):
 *  - exact oracles in __int128 that use a DIFFERENT algorithm from src/:
 *    boxes project all 8 vertices on the 15 explicit axes (face normals
 *    a_j x a_k, edge products a_i x b_j; zero axes skipped); sphere/OBB
 *    solves for the oblique coordinates by Cramer's rule (Sarrus
 *    determinants);
 *  - double-precision geometry: boxes intersect iff an edge of one meets the
 *    other (segment clipping in the box's own coordinates); point-to-box
 *    distance by coordinate descent on the box coordinates.
 * `brk` makes the box oracle use a strict (<) interval test, so touching
 * boxes count as separated: the tests must then fail. */
#ifndef FIXCOL_TEST_COLLIDE3D_ORACLE_H
#define FIXCOL_TEST_COLLIDE3D_ORACLE_H
#include <math.h>
#include <fixcol/collide3d.h>

#include "bigint_test.h"

__extension__ typedef __int128 i128;
__extension__ typedef unsigned __int128 u128;

/* A box as doubled raw centre/half-extents and Q16 axes. */
typedef struct obox {
    int64_t c[3], h[3];
    int64_t ax[3][3];
} obox;

static obox ob_from_obb(const fc_obb3 *b)
{
    obox r;
    int64_t c[3] = {b->center.x, b->center.y, b->center.z}, h[3] = {b->half.x, b->half.y, b->half.z};
    for (int i = 0; i < 3; i++) {
        r.c[i] = 2 * c[i];
        r.h[i] = 2 * h[i];
        r.ax[i][0] = b->axis[i].x;
        r.ax[i][1] = b->axis[i].y;
        r.ax[i][2] = b->axis[i].z;
    }
    return r;
}

static obox ob_from_aabb(const fc_aabb3 *b)
{
    obox r;
    int64_t lo[3] = {b->min.x, b->min.y, b->min.z}, hi[3] = {b->max.x, b->max.y, b->max.z};
    for (int i = 0; i < 3; i++) {
        r.c[i] = lo[i] + hi[i];
        r.h[i] = hi[i] - lo[i];
        for (int j = 0; j < 3; j++)
            r.ax[i][j] = i == j ? 65536 : 0;
    }
    return r;
}

static void or_cross(const int64_t a[3], const int64_t b[3], int64_t out[3])
{
    out[0] = a[1] * b[2] - a[2] * b[1];
    out[1] = a[2] * b[0] - a[0] * b[2];
    out[2] = a[0] * b[1] - a[1] * b[0];
}

/* The 15 separating-axis candidates of boxes with axes a and b (Q16
 * rows): a's face normals a_j x a_k, then b's, then a_i x b_j at 6 + 3 i + j
 * (zero for parallel edges: the callers skip those). */
static void or_box_axes(const int64_t a[3][3], const int64_t b[3][3], int64_t axes[15][3])
{
    for (int m = 0; m < 3; m++) {
        or_cross(a[(m + 1) % 3], a[(m + 2) % 3], axes[m]);
        or_cross(b[(m + 1) % 3], b[(m + 2) % 3], axes[3 + m]);
    }
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            or_cross(a[i], b[j], axes[6 + 3 * i + j]);
}

/* The 8 vertices in Q33 (doubled Q32). */
static void or_vertices(const obox *b, int64_t v[8][3])
{
    for (int k = 0; k < 8; k++)
        for (int c = 0; c < 3; c++) {
            int64_t s = b->c[c] * 65536;
            for (int i = 0; i < 3; i++)
                s += ((k >> i) & 1 ? 1 : -1) * b->h[i] * b->ax[i][c];
            v[k][c] = s;
        }
}

static int or_box_overlap(const obox *a, const obox *b, int brk)
{
    int64_t va[8][3], vb[8][3], axes[15][3];
    or_vertices(a, va);
    or_vertices(b, vb);
    or_box_axes(a->ax, b->ax, axes);
    for (int k = 0; k < 15; k++) {
        const int64_t *n = axes[k];
        if (n[0] == 0 && n[1] == 0 && n[2] == 0)
            continue;
        i128 mina = 0, maxa = 0, minb = 0, maxb = 0;
        for (int v = 0; v < 8; v++) {
            i128 pa = (i128)va[v][0] * n[0] + (i128)va[v][1] * n[1] + (i128)va[v][2] * n[2];
            i128 pb = (i128)vb[v][0] * n[0] + (i128)vb[v][1] * n[1] + (i128)vb[v][2] * n[2];
            if (v == 0 || pa < mina) mina = pa;
            if (v == 0 || pa > maxa) maxa = pa;
            if (v == 0 || pb < minb) minb = pb;
            if (v == 0 || pb > maxb) maxb = pb;
        }
        if (brk ? (maxa <= minb || maxb <= mina) : (maxa < minb || maxb < mina))
            return 0;
    }
    return 1;
}

/* Determinant of the k x k big matrix m (k <= 3), Laplace expansion. */
static big or_det_big(big m[3][3], int k)
{
    if (k == 0)
        return big_from_i64(1);
    if (k == 1)
        return m[0][0];
    if (k == 2)
        return big_sub(big_mul(m[0][0], m[1][1]), big_mul(m[0][1], m[1][0]));
    big r = big_from_i64(0);
    for (int c = 0; c < 3; c++) {
        big minor[3][3];
        for (int i = 1; i < 3; i++)
            for (int j = 0, jj = 0; j < 3; j++)
                if (j != c)
                    minor[i - 1][jj++] = m[i][j];
        big t = big_mul(m[0][c], or_det_big(minor, 2));
        r = c == 1 ? big_sub(r, t) : big_add(r, t);
    }
    return r;
}

/* The active-set test shared by the sphere/box oracles (here and
 * cast3d_oracle.h): is the point p (relative to the box centre) within
 * sqrt(r2) of the box {B^T t / 2^16 : |t_i| <= h_i}, rows of B the Q16
 * axes, p, h and sqrt(r2) in one unit? For each of the 27 choices of each
 * oblique coordinate (-h, free, +h), solve the normal equations of the
 * free ones (G_FF t_F = 2^16 B_F.p - G_FX t_X, Cramer's rule in big
 * integers); the point is near iff some choice is feasible (|t_F| <= h_F)
 * with |p - B t| <= r (< r when strict). */
static int or_near_box_sets(const big p[3], const int64_t B[3][3], const big h[3], big r2, int strict)
{
    big bp[3];
    int64_t G[3][3];
    for (int i = 0; i < 3; i++) {
        bp[i] = big_from_i64(0);
        for (int c = 0; c < 3; c++)
            bp[i] = big_add(bp[i], big_mul(big_from_i64(B[i][c]), p[c]));
        for (int j = 0; j < 3; j++)
            G[i][j] = B[i][0] * B[j][0] + B[i][1] * B[j][1] + B[i][2] * B[j][2];
    }
    for (int set = 0; set < 27; set++) {
        int st[3] = {set % 3 - 1, set / 3 % 3 - 1, set / 9 - 1}; /* 0 = free */
        int F[3], k = 0;
        for (int i = 0; i < 3; i++)
            if (st[i] == 0)
                F[k++] = i;
        big rhs[3], m[3][3];
        for (int r = 0; r < k; r++) {
            int i = F[r];
            rhs[r] = big_mul(bp[i], big_from_i64(65536));
            for (int j = 0; j < 3; j++)
                if (st[j] != 0)
                    rhs[r] = big_sub(rhs[r], big_mul(big_from_i64(G[i][j] * st[j]), h[j]));
            for (int c = 0; c < k; c++)
                m[r][c] = big_from_i64(G[i][F[c]]);
        }
        big D = or_det_big(m, k), num[3];
        int feasible = 1;
        for (int c = 0; c < k && feasible; c++) {
            big mc[3][3];
            for (int r = 0; r < k; r++)
                for (int cc = 0; cc < k; cc++)
                    mc[r][cc] = cc == c ? rhs[r] : m[r][cc];
            num[c] = or_det_big(mc, k);
            big lim = big_mul(h[F[c]], D), an = num[c];
            an.neg = 0;
            feasible = big_cmp(an, lim) <= 0;
        }
        if (!feasible)
            continue;
        big d2 = big_from_i64(0);
        for (int c = 0; c < 3; c++) {
            big x = big_from_i64(0);
            for (int r = 0; r < k; r++)
                x = big_add(x, big_mul(num[r], big_from_i64(B[F[r]][c])));
            for (int j = 0; j < 3; j++)
                if (st[j] != 0)
                    x = big_add(x, big_mul(D, big_mul(h[j], big_from_i64(st[j] * B[j][c]))));
            big diff = big_sub(big_mul(D, big_mul(p[c], big_from_i64(65536))), x);
            d2 = big_add(d2, big_mul(diff, diff));
        }
        big rhs2 = big_mul(big_mul(r2, big_mul(D, D)), big_from_i64((int64_t)1 << 32));
        int cmp = big_cmp(d2, rhs2);
        if (strict ? cmp < 0 : cmp <= 0)
            return 1;
    }
    return 0;
}

/* Exact sphere/OBB3 oracle: the sphere's centre near the box (raw units)
 * by or_near_box_sets. */
static int or_sphere_obb(const fc_sphere *s, const fc_obb3 *b)
{
    big p[3] = {big_from_i64((int64_t)s->center.x - b->center.x), big_from_i64((int64_t)s->center.y - b->center.y),
                big_from_i64((int64_t)s->center.z - b->center.z)};
    const int64_t B[3][3] = {{b->axis[0].x, b->axis[0].y, b->axis[0].z},
                             {b->axis[1].x, b->axis[1].y, b->axis[1].z},
                             {b->axis[2].x, b->axis[2].y, b->axis[2].z}};
    big h[3] = {big_from_i64(b->half.x), big_from_i64(b->half.y), big_from_i64(b->half.z)};
    return or_near_box_sets(p, B, h, big_from_i64((int64_t)s->radius * s->radius), 0);
}

/* ---- double-precision geometry ------------------------------------------ */

typedef struct dbox {
    double c[3], h[3], ax[3][3]; /* units */
    double inv[3][3];            /* rows: dual basis, t_i = inv[i] . (x - c) */
} dbox;

static dbox db_from(const obox *b, double grow)
{
    dbox r;
    for (int i = 0; i < 3; i++) {
        r.c[i] = b->c[i] / 131072.0;
        r.h[i] = b->h[i] / 131072.0 + grow;
        for (int j = 0; j < 3; j++)
            r.ax[i][j] = b->ax[i][j] / 65536.0;
    }
    double (*a)[3] = r.ax;
    double det = a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) -
                 a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) +
                 a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]);
    for (int i = 0; i < 3; i++) {
        const double *u = a[(i + 1) % 3], *v = a[(i + 2) % 3];
        r.inv[i][0] = (u[1] * v[2] - u[2] * v[1]) / det;
        r.inv[i][1] = (u[2] * v[0] - u[0] * v[2]) / det;
        r.inv[i][2] = (u[0] * v[1] - u[1] * v[0]) / det;
    }
    return r;
}

/* Does segment p0-p1 meet box b? Liang-Barsky in the box coordinates. */
static int db_segment_hits(const dbox *b, const double p0[3], const double p1[3])
{
    double lo = 0, hi = 1;
    for (int i = 0; i < 3; i++) {
        double t0 = 0, t1 = 0;
        for (int c = 0; c < 3; c++) {
            t0 += b->inv[i][c] * (p0[c] - b->c[c]);
            t1 += b->inv[i][c] * (p1[c] - b->c[c]);
        }
        double dt = t1 - t0;
        if (dt == 0) {
            if (t0 < -b->h[i] || t0 > b->h[i])
                return 0;
            continue;
        }
        double ea = (-b->h[i] - t0) / dt, eb = (b->h[i] - t0) / dt;
        if (ea > eb) {
            double t = ea;
            ea = eb;
            eb = t;
        }
        if (ea > lo) lo = ea;
        if (eb < hi) hi = eb;
        if (lo > hi)
            return 0;
    }
    return 1;
}

static int db_edges_hit(const dbox *a, const dbox *b)
{
    for (int k = 0; k < 8; k++)
        for (int i = 0; i < 3; i++) {
            if ((k >> i) & 1)
                continue;
            double p0[3], p1[3];
            for (int c = 0; c < 3; c++) {
                p0[c] = a->c[c];
                for (int j = 0; j < 3; j++)
                    p0[c] += ((k >> j) & 1 ? 1 : -1) * a->h[j] * a->ax[j][c];
                p1[c] = p0[c] + 2 * a->h[i] * a->ax[i][c];
            }
            if (db_segment_hits(b, p0, p1))
                return 1;
        }
    return 0;
}

/* Geometric box/box answer with both boxes grown by `grow` units. */
static int db_box_overlap(const obox *a, const obox *b, double grow)
{
    dbox x = db_from(a, grow), y = db_from(b, grow);
    return db_edges_hit(&x, &y) || db_edges_hit(&y, &x);
}

/* Distance (units) from point p (units) to box b. */
static double db_point_box_dist(const obox *ob, const double p[3])
{
    dbox b = db_from(ob, 0);
    double t[3] = {0, 0, 0}, q[3];
    for (int it = 0; it < 60; it++)
        for (int i = 0; i < 3; i++) {
            double g = 0, n2 = 0;
            for (int c = 0; c < 3; c++) {
                q[c] = b.c[c] + t[0] * b.ax[0][c] + t[1] * b.ax[1][c] + t[2] * b.ax[2][c];
                g += b.ax[i][c] * (p[c] - q[c]);
                n2 += b.ax[i][c] * b.ax[i][c];
            }
            t[i] += g / n2;
            t[i] = t[i] < -b.h[i] ? -b.h[i] : t[i] > b.h[i] ? b.h[i] : t[i];
        }
    double d2 = 0;
    for (int c = 0; c < 3; c++) {
        q[c] = b.c[c] + t[0] * b.ax[0][c] + t[1] * b.ax[1][c] + t[2] * b.ax[2][c];
        d2 += (p[c] - q[c]) * (p[c] - q[c]);
    }
    return sqrt(d2);
}
#endif
