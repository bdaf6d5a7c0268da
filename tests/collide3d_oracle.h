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
    for (int m = 0; m < 3; m++) {
        or_cross(a->ax[(m + 1) % 3], a->ax[(m + 2) % 3], axes[m]);
        or_cross(b->ax[(m + 1) % 3], b->ax[(m + 2) % 3], axes[3 + m]);
    }
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            or_cross(a->ax[i], b->ax[j], axes[6 + 3 * i + j]);
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

/* Sarrus determinant of the rows r0, r1, r2 (int64 entries, |.| < 2^42). */
static i128 or_det(const int64_t r0[3], const int64_t r1[3], const int64_t r2[3])
{
    return (i128)r0[0] * r1[1] * r2[2] + (i128)r0[1] * r1[2] * r2[0] + (i128)r0[2] * r1[0] * r2[1] -
           (i128)r0[2] * r1[1] * r2[0] - (i128)r0[0] * r1[2] * r2[1] - (i128)r0[1] * r1[0] * r2[2];
}

/* The documented sphere/OBB3 predicate: centre inside, or the box point with
 * the clamped, truncated oblique coordinates within r. */
static int or_sphere_obb(const fc_sphere *s, const fc_obb3 *b)
{
    int64_t p[3] = {(int64_t)s->center.x - b->center.x, (int64_t)s->center.y - b->center.y,
                    (int64_t)s->center.z - b->center.z};
    int64_t ax[3][3] = {{b->axis[0].x, b->axis[0].y, b->axis[0].z},
                        {b->axis[1].x, b->axis[1].y, b->axis[1].z},
                        {b->axis[2].x, b->axis[2].y, b->axis[2].z}};
    int64_t h[3] = {b->half.x, b->half.y, b->half.z};
    i128 det = or_det(ax[0], ax[1], ax[2]);
    int inside = 1;
    i128 e[3] = {-(i128)p[0] * 65536, -(i128)p[1] * 65536, -(i128)p[2] * 65536};
    for (int i = 0; i < 3; i++) {
        const int64_t *r[3] = {ax[0], ax[1], ax[2]};
        r[i] = p; /* Cramer: replace row i by p */
        i128 di = or_det(r[0], r[1], r[2]) * 65536, lim = (i128)h[i] * det;
        i128 t;
        if (di > lim || di < -lim) {
            inside = 0;
            t = di > 0 ? h[i] : -h[i];
        } else {
            t = di / det; /* C division truncates toward zero */
        }
        for (int c = 0; c < 3; c++)
            e[c] += t * ax[i][c];
    }
    i128 r2 = (i128)s->radius * s->radius * ((i128)1 << 32);
    return inside || e[0] * e[0] + e[1] * e[1] + e[2] * e[2] <= r2;
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
