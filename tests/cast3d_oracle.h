/* SPDX-License-Identifier: MIT */
/* Independent exact oracle for the 3D shape casts (tests only): "do the
 * two shapes overlap when the moving one has moved by (num / 2^30) delta?"
 * for a dyadic time num / 2^30, num in [0, 2^30], every coordinate scaled
 * by 2^30 so the moved shape is integral. A different algorithm from
 * src/cast3d*.c (which clips parameter intervals): boxes project all 8
 * VERTICES of both boxes on the 15 axes (face normals, non-zero edge
 * crosses); sphere / box solves the closest point by active sets and
 * Cramer's rule in the test big integers (the algorithm of
 * collide3d_oracle.h's or_near_box_sets, on scaled coordinates); sphere /
 * sphere compares squared distances. `or3_strict` makes touching count
 * as separated (the should-fail twin). */
#ifndef FIXCOL_TEST_CAST3D_ORACLE_H
#define FIXCOL_TEST_CAST3D_ORACLE_H

#include <fixcol/shapes.h>

#include "collide3d_oracle.h"

#define OR3_BITS 30

static int or3_strict;

/* A box or sphere in raw * 2^31 units (so an AABB's centre is integral
 * after the 2^30 time scale): centre, half-extents, Q16 axes. */
typedef struct or3_shape {
    int sphere;
    i128 c[3];
    int64_t h[3]; /* raw * 2 */
    int64_t ax[3][3];
    int64_t r; /* raw */
    int64_t grow; /* extra radius, raw * 2^31 */
} or3_shape;

/* The shape moved by (num / 2^30) d, centre in raw * 2^31. */
static or3_shape or3_of(const fc_shape3 *s, const int64_t d[3], int64_t num)
{
    or3_shape o;
    memset(&o, 0, sizeof o);
    int64_t c2[3] = {0, 0, 0}; /* doubled raw centre */
    if (s->type == FC_SHAPE3_SPHERE) {
        o.sphere = 1;
        o.r = s->u.sphere.radius;
        c2[0] = 2 * (int64_t)s->u.sphere.center.x;
        c2[1] = 2 * (int64_t)s->u.sphere.center.y;
        c2[2] = 2 * (int64_t)s->u.sphere.center.z;
    } else {
        obox b = s->type == FC_SHAPE3_AABB ? ob_from_aabb(&s->u.aabb) : ob_from_obb(&s->u.obb);
        for (int i = 0; i < 3; i++) {
            c2[i] = b.c[i];
            o.h[i] = b.h[i];
            for (int k = 0; k < 3; k++)
                o.ax[i][k] = b.ax[i][k];
        }
    }
    for (int k = 0; k < 3; k++)
        o.c[k] = (i128)c2[k] * ((int64_t)1 << OR3_BITS) + (i128)2 * num * d[k];
    return o;
}

/* The 8 vertices in raw * 2^47 units: c * 2^16 + sum +-h ax * 2^30. */
static void or3_vertices(const or3_shape *b, i128 v[8][3])
{
    for (int k = 0; k < 8; k++)
        for (int c = 0; c < 3; c++) {
            i128 s = b->c[c] * 65536;
            for (int i = 0; i < 3; i++)
                s += (i128)(((k >> i) & 1) ? 1 : -1) * b->h[i] * b->ax[i][c] * ((int64_t)1 << OR3_BITS);
            v[k][c] = s;
        }
}

static big or3_big128(i128 v)
{
    int neg = v < 0;
    u128 u = neg ? (u128)0 - (u128)v : (u128)v;
    big hi = big_from_i64((int64_t)(u >> 64) & INT64_MAX), lo = big_from_i64((int64_t)(u & (((u128)1 << 62) - 1)));
    big mid = big_from_i64((int64_t)((u >> 62) & 3));
    big two62 = big_from_i64((int64_t)1 << 62), two64 = big_mul(two62, big_from_i64(4));
    big r = big_add(big_add(big_mul(hi, two64), big_mul(mid, two62)), lo);
    return neg ? big_neg(r) : r;
}

static big or3_dot(const i128 v[3], const int64_t n[3])
{
    big s = big_from_i64(0);
    for (int k = 0; k < 3; k++)
        s = big_add(s, big_mul(or3_big128(v[k]), big_from_i64(n[k])));
    return s;
}

static int or3_boxes(const or3_shape *a, const or3_shape *b)
{
    i128 va[8][3], vb[8][3];
    int64_t axes[15][3];
    or3_vertices(a, va);
    or3_vertices(b, vb);
    or_box_axes(a->ax, b->ax, axes);
    for (int k = 0; k < 15; k++) {
        const int64_t *n = axes[k];
        if (n[0] == 0 && n[1] == 0 && n[2] == 0)
            continue;
        big mina = big_from_i64(0), maxa = mina, minb = mina, maxb = mina;
        for (int v = 0; v < 8; v++) {
            big pa = or3_dot(va[v], n), pb = or3_dot(vb[v], n);
            if (v == 0 || big_cmp(pa, mina) < 0) mina = pa;
            if (v == 0 || big_cmp(pa, maxa) > 0) maxa = pa;
            if (v == 0 || big_cmp(pb, minb) < 0) minb = pb;
            if (v == 0 || big_cmp(pb, maxb) > 0) maxb = pb;
        }
        int lim = or3_strict ? 0 : -1;
        if (big_cmp(maxa, minb) <= lim || big_cmp(maxb, mina) <= lim)
            return 0;
    }
    return 1;
}

/* Sphere s against box b (both or3_shape): or_near_box_sets on
 * p = s.c - b.c (raw * 2^31) with h and r scaled to the same units. */
static int or3_sphere_box(const or3_shape *s, const or3_shape *b)
{
    big p[3], hb[3];
    const big S = big_from_i64((int64_t)1 << OR3_BITS); /* h, r: raw*2 -> raw*2^31 */
    for (int i = 0; i < 3; i++) {
        p[i] = or3_big128(s->c[i] - b->c[i]);
        hb[i] = big_mul(big_from_i64(b->h[i]), S);
    }
    big rr = big_add(big_mul(big_from_i64(2 * s->r), S), big_from_i64(s->grow));
    return or_near_box_sets(p, b->ax, hb, big_mul(rr, rr), or3_strict);
}

static int or3_spheres(const or3_shape *a, const or3_shape *b)
{
    big s = big_from_i64(0);
    for (int k = 0; k < 3; k++) {
        big x = or3_big128(a->c[k] - b->c[k]);
        s = big_add(s, big_mul(x, x));
    }
    big rr = big_add(big_mul(big_from_i64(2 * (a->r + b->r)), big_from_i64((int64_t)1 << OR3_BITS)),
                     big_from_i64(a->grow + b->grow));
    int c = big_cmp(s, big_mul(rr, rr));
    return or3_strict ? c < 0 : c <= 0;
}

/* Overlap of moving (moved by num / 2^30 of delta) and target, the
 * sphere (if any) grown by `grow` raw * 2^31 units. */
static int or3_overlap_grown(const fc_shape3 *moving, fc_vec3 delta, const fc_shape3 *target, int64_t num,
                             int64_t grow)
{
    const int64_t d[3] = {delta.x, delta.y, delta.z}, z[3] = {0, 0, 0};
    or3_shape a = or3_of(moving, d, num), b = or3_of(target, z, 0);
    a.grow = a.sphere ? grow : 0;
    b.grow = b.sphere && !a.sphere ? grow : 0;
    if (a.sphere && b.sphere)
        return or3_spheres(&a, &b);
    if (a.sphere)
        return or3_sphere_box(&a, &b);
    if (b.sphere)
        return or3_sphere_box(&b, &a);
    return or3_boxes(&a, &b);
}

static int or3_overlap_at(const fc_shape3 *moving, fc_vec3 delta, const fc_shape3 *target, int64_t num)
{
    return or3_overlap_grown(moving, delta, target, num, 0);
}

/* Two boxes at the rational time p / r (r > 0, |p|, r < 2^200): vertices
 * as big integers in raw * 2^17 * r units, projected on the 15 axes. */
static int or3_boxes_at(const fc_shape3 *moving, fc_vec3 delta, const fc_shape3 *target, big p, big r)
{
    obox ob[2];
    ob[0] = moving->type == FC_SHAPE3_AABB ? ob_from_aabb(&moving->u.aabb) : ob_from_obb(&moving->u.obb);
    ob[1] = target->type == FC_SHAPE3_AABB ? ob_from_aabb(&target->u.aabb) : ob_from_obb(&target->u.obb);
    const int64_t d[3] = {delta.x, delta.y, delta.z};
    big v[2][8][3];
    int64_t vi[2][8][3];
    for (int s = 0; s < 2; s++) {
        or_vertices(&ob[s], vi[s]); /* raw * 2^17 */
        for (int k = 0; k < 8; k++)
            for (int c = 0; c < 3; c++) {
                v[s][k][c] = big_mul(big_from_i64(vi[s][k][c]), r);
                if (s == 0) /* + (p / r) d, d raw -> raw * 2^17 */
                    v[s][k][c] = big_add(v[s][k][c], big_mul(p, big_from_i64(d[c] * 131072)));
            }
    }
    int64_t axes[15][3];
    for (int m = 0; m < 3; m++) {
        or_cross(ob[0].ax[(m + 1) % 3], ob[0].ax[(m + 2) % 3], axes[m]);
        or_cross(ob[1].ax[(m + 1) % 3], ob[1].ax[(m + 2) % 3], axes[3 + m]);
    }
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            or_cross(ob[0].ax[i], ob[1].ax[j], axes[6 + 3 * i + j]);
    for (int k = 0; k < 15; k++) {
        const int64_t *n = axes[k];
        if (n[0] == 0 && n[1] == 0 && n[2] == 0)
            continue;
        big lo[2], hi[2];
        for (int s = 0; s < 2; s++)
            for (int q = 0; q < 8; q++) {
                big x = big_from_i64(0);
                for (int c = 0; c < 3; c++)
                    x = big_add(x, big_mul(v[s][q][c], big_from_i64(n[c])));
                if (q == 0 || big_cmp(x, lo[s]) < 0) lo[s] = x;
                if (q == 0 || big_cmp(x, hi[s]) > 0) hi[s] = x;
            }
        int lim = or3_strict ? 0 : -1;
        if (big_cmp(hi[0], lo[1]) <= lim || big_cmp(hi[1], lo[0]) <= lim)
            return 0;
    }
    return 1;
}

#endif
