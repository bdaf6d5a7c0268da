/* SPDX-License-Identifier: MIT */
/* Independent exact oracles for the safe advance and the mover (tests
 * only; no library code decides anything here):
 *   - 2D: a shape swept along v is the convex hull of its core at the
 *     start and at the end, grown by its radius; its overlap with a target
 *     is tests/oracle2d.h's exact core test (the hull by a monotone chain
 *     with __int128 orientations);
 *   - 3D: a sphere swept along v against a sphere (exact squared distance
 *     from the centre segment, a rational with __int128 parts) and against
 *     an AABB3 (the centre segment against the box grown by the radius:
 *     the convex piecewise-quadratic squared distance minimised exactly
 *     on each piece between the slab crossings), coordinates below 2^24
 *     raw so every product fits.
 * Also random shapes for the tests. */
#ifndef FIXCOL_MOVER_ORACLE_H
#define FIXCOL_MOVER_ORACLE_H

#include <stdint.h>
#include <string.h>

#include <fixcol/shapes.h>

#include "oracle2d.h"
#include "testutil.h"

/* ---- 2D: the swept hull ---------------------------------------------------- */
static or_i128 mo_cross(int64_t ox, int64_t oy, int64_t ax, int64_t ay, int64_t bx, int64_t by)
{
    return (or_i128)(ax - ox) * (by - oy) - (or_i128)(ay - oy) * (bx - ox);
}

/* The convex hull (CCW, no collinear points) of n <= 16 points into c. */
static void mo_hull(int64_t *px, int64_t *py, int n, or_core *c)
{
    for (int i = 1; i < n; i++) /* insertion sort by (x, y) */
        for (int j = i; j > 0 && (px[j] < px[j - 1] || (px[j] == px[j - 1] && py[j] < py[j - 1])); j--) {
            int64_t tx = px[j], ty = py[j];
            px[j] = px[j - 1], py[j] = py[j - 1], px[j - 1] = tx, py[j - 1] = ty;
        }
    int64_t hx[34], hy[34];
    int k = 0;
    for (int i = 0; i < n; i++) {
        while (k >= 2 && mo_cross(hx[k - 2], hy[k - 2], hx[k - 1], hy[k - 1], px[i], py[i]) <= 0)
            k--;
        hx[k] = px[i], hy[k] = py[i], k++;
    }
    for (int i = n - 2, lo = k + 1; i >= 0; i--) {
        while (k >= lo && mo_cross(hx[k - 2], hy[k - 2], hx[k - 1], hy[k - 1], px[i], py[i]) <= 0)
            k--;
        hx[k] = px[i], hy[k] = py[i], k++;
    }
    if (k > 1)
        k--; /* the last point repeats the first */
    c->n = k;
    for (int i = 0; i < k && i < 8; i++)
        c->x[i] = hx[i], c->y[i] = hy[i];
    if (k > 8)
        c->n = -1; /* more than the oracle holds: the caller's shapes never do this */
}

/* The core of s swept by v (raw). */
static or_core mo_swept_core(const fc_shape2 *s, int64_t vx, int64_t vy)
{
    or_core a = or_from_shape(s), c = a;
    int64_t px[16], py[16];
    int n = 0;
    for (int i = 0; i < a.n; i++) {
        px[n] = a.x[i], py[n++] = a.y[i];
        px[n] = a.x[i] + vx * 65536, py[n++] = a.y[i] + vy * 65536;
    }
    mo_hull(px, py, n, &c);
    if (c.n == 1) { /* v == 0 and a point */
        c.x[0] = a.x[0], c.y[0] = a.y[0];
    }
    return c;
}

static int mo_cores_overlap(const or_core *a, const or_core *b)
{
    if (or_cores_meet(a, b))
        return 1;
    int64_t r = a->r + b->r;
    if (r == 0)
        return 0;
    or_big r2 = or_big_i128((or_i128)r * r);
    return or_within(a, b, r2) || or_within(b, a, r2);
}

/* 1 when s swept along v (closed: every point from the start to the end)
 * meets target. */
static int mo_sweep_hits2(const fc_shape2 *s, int64_t vx, int64_t vy, const fc_shape2 *target)
{
    or_core a = mo_swept_core(s, vx, vy), b = or_from_shape(target);
    TU_CHECK(a.n > 0, "swept hull too large");
    return mo_cores_overlap(&a, &b);
}

static fc_shape2 mo_shift2(fc_shape2 s, int64_t vx, int64_t vy)
{
    switch (s.type) {
    case FC_SHAPE2_CIRCLE: s.u.circle.center.x += (fix16_t)vx, s.u.circle.center.y += (fix16_t)vy; break;
    case FC_SHAPE2_AABB:
        s.u.aabb.min.x += (fix16_t)vx, s.u.aabb.min.y += (fix16_t)vy;
        s.u.aabb.max.x += (fix16_t)vx, s.u.aabb.max.y += (fix16_t)vy;
        break;
    case FC_SHAPE2_OBB: s.u.obb.center.x += (fix16_t)vx, s.u.obb.center.y += (fix16_t)vy; break;
    case FC_SHAPE2_CAPSULE:
        s.u.capsule.a.x += (fix16_t)vx, s.u.capsule.a.y += (fix16_t)vy;
        s.u.capsule.b.x += (fix16_t)vx, s.u.capsule.b.y += (fix16_t)vy;
        break;
    case FC_SHAPE2_POLY:
        for (int i = 0; i < s.u.poly.count; i++)
            s.u.poly.v[i].x += (fix16_t)vx, s.u.poly.v[i].y += (fix16_t)vy;
        break;
    }
    return s;
}

/* ---- random 2D shapes around (cx, cy), sizes up to span raw ---------------- */
static int64_t mo_range(uint64_t *rng, int64_t lo, int64_t hi)
{
    return lo + (int64_t)(tu_rand64(rng) % (uint64_t)(hi - lo + 1));
}

static fc_shape2 mo_circle(int64_t x, int64_t y, int64_t r)
{
    fc_shape2 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE2_CIRCLE;
    s.u.circle = fc_circle_make(fc_vec2_make((fix16_t)x, (fix16_t)y), (fix16_t)r);
    return s;
}

static fc_shape2 mo_box(int64_t x0, int64_t y0, int64_t x1, int64_t y1)
{
    fc_shape2 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE2_AABB;
    s.u.aabb = fc_aabb2_make(fc_vec2_make((fix16_t)x0, (fix16_t)y0), fc_vec2_make((fix16_t)x1, (fix16_t)y1));
    return s;
}

static fc_shape2 mo_capsule(int64_t ax, int64_t ay, int64_t bx, int64_t by, int64_t r)
{
    fc_shape2 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE2_CAPSULE;
    s.u.capsule = fc_capsule2_make(fc_vec2_make((fix16_t)ax, (fix16_t)ay), fc_vec2_make((fix16_t)bx, (fix16_t)by),
                                   (fix16_t)r);
    return s;
}

static fc_shape2 mo_tri(int64_t x0, int64_t y0, int64_t x1, int64_t y1, int64_t x2, int64_t y2)
{
    fc_shape2 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE2_POLY;
    if (mo_cross(x0, y0, x1, y1, x2, y2) < 0) { /* make it CCW */
        int64_t tx = x1, ty = y1;
        x1 = x2, y1 = y2, x2 = tx, y2 = ty;
    }
    fc_vec2 v[3] = {fc_vec2_make((fix16_t)x0, (fix16_t)y0), fc_vec2_make((fix16_t)x1, (fix16_t)y1),
                    fc_vec2_make((fix16_t)x2, (fix16_t)y2)};
    s.u.poly = fc_poly2_make(v, 3);
    return s;
}

/* A random valid shape of the given kind (0 circle, 1 box, 2 capsule, 3
 * triangle, 4 OBB) near (cx, cy) with sizes in [1, span]. */
static fc_shape2 mo_random2(uint64_t *rng, int kind, int64_t cx, int64_t cy, int64_t span)
{
    for (;;) {
        int64_t x = cx + mo_range(rng, -span, span), y = cy + mo_range(rng, -span, span);
        fc_shape2 s;
        switch (kind) {
        case 0: s = mo_circle(x, y, mo_range(rng, 0, span)); break;
        case 1: s = mo_box(x, y, x + mo_range(rng, 1, span), y + mo_range(rng, 1, span)); break;
        case 2:
            s = mo_capsule(x, y, x + mo_range(rng, -span, span), y + mo_range(rng, -span, span), mo_range(rng, 0, span));
            break;
        case 3:
            s = mo_tri(x, y, x + mo_range(rng, -span, span), y + mo_range(rng, -span, span),
                       x + mo_range(rng, -span, span), y + mo_range(rng, -span, span));
            break;
        default:
            memset(&s, 0, sizeof s);
            s.type = FC_SHAPE2_OBB;
            s.u.obb = fc_obb2_make(fc_vec2_make((fix16_t)x, (fix16_t)y),
                                   fc_vec2_make((fix16_t)mo_range(rng, 1, span), (fix16_t)mo_range(rng, 1, span)),
                                   (fc_angle)mo_range(rng, 0, 65535));
        }
        if (fc_shape2_validate(&s) == FC_OK)
            return s;
    }
}

/* ---- 3D spheres ------------------------------------------------------------ */
/* Does the centre segment p + t v (t in [0, 1]) come within R of point q? */
static int mo_seg_point_within(const int64_t p[3], const int64_t v[3], const int64_t q[3], int64_t R)
{
    or_i128 w[3], vv = 0, wv = 0, ww = 0;
    for (int j = 0; j < 3; j++) {
        w[j] = q[j] - p[j];
        vv += (or_i128)v[j] * v[j];
        wv += w[j] * v[j];
        ww += w[j] * w[j];
    }
    or_i128 R2 = (or_i128)R * R;
    if (vv == 0 || wv <= 0)
        return ww <= R2;
    if (wv >= vv) { /* the end point */
        or_i128 e = 0;
        for (int j = 0; j < 3; j++)
            e += (w[j] - v[j]) * (w[j] - v[j]);
        return e <= R2;
    }
    /* dist^2 = ww - wv^2 / vv <= R2  <=>  ww vv - wv^2 <= R2 vv (sizes < 2^24: < 2^100) */
    return ww * vv - wv * wv <= R2 * vv;
}

/* Does p + t v (t in [0, 1]) come within R of the box [lo, hi]? The squared
 * distance is convex and piecewise quadratic in t with pieces bounded by
 * the slab crossings; each piece's minimum (its clamped vertex) is
 * evaluated exactly at rational t = a / b. */
static int mo_seg_box_within(const int64_t p[3], const int64_t v[3], const int64_t lo[3], const int64_t hi[3],
                             int64_t R)
{
    /* breakpoints t = num / den in (0, 1), plus 0 and 1 */
    int64_t bn[8], bd[8];
    int nb = 0;
    bn[nb] = 0, bd[nb++] = 1;
    bn[nb] = 1, bd[nb++] = 1;
    for (int j = 0; j < 3; j++) {
        if (v[j] == 0)
            continue;
        int64_t ends[2] = {lo[j], hi[j]};
        for (int e = 0; e < 2; e++) {
            int64_t n = ends[e] - p[j], d = v[j];
            if (d < 0)
                n = -n, d = -d;
            if (n > 0 && n < d)
                bn[nb] = n, bd[nb++] = d;
        }
    }
    for (int i = 1; i < nb; i++) /* sort by value */
        for (int j = i; j > 0 && (or_i128)bn[j] * bd[j - 1] < (or_i128)bn[j - 1] * bd[j]; j--) {
            int64_t tn = bn[j], td = bd[j];
            bn[j] = bn[j - 1], bd[j] = bd[j - 1], bn[j - 1] = tn, bd[j - 1] = td;
        }
    or_i128 R2 = (or_i128)R * R;
    for (int i = 0; i + 1 < nb; i++) {
        /* the piece [t0, t1]; which side of each slab: from its midpoint */
        or_i128 mn = (or_i128)bn[i] * bd[i + 1] + (or_i128)bn[i + 1] * bd[i], md = 2 * (or_i128)bd[i] * bd[i + 1];
        /* on the piece: dist^2(t) = sum over clamped axes (p + t v - b)^2 = A t^2 + 2 B t + C */
        or_i128 A = 0, B = 0, C = 0;
        for (int j = 0; j < 3; j++) {
            or_i128 x = (or_i128)p[j] * md + (or_i128)v[j] * mn;
            int64_t b;
            if (x < (or_i128)lo[j] * md)
                b = lo[j];
            else if (x > (or_i128)hi[j] * md)
                b = hi[j];
            else
                continue;
            or_i128 u = p[j] - b;
            A += (or_i128)v[j] * v[j], B += u * v[j], C += u * u;
        }
        /* minimum of the quadratic over [t0, t1]: vertex t* = -B / A when inside */
        int64_t cand_n[3] = {bn[i], bn[i + 1], 0}, cand_d[3] = {bd[i], bd[i + 1], 1};
        int nc = 2;
        if (A > 0 && -B * bd[i] > A * bn[i] && -B * bd[i + 1] < A * bn[i + 1]) {
            /* at t = -B / A: value C - B^2 / A <= R2  <=>  C A - B^2 <= R2 A */
            if (C * A - B * B <= R2 * A)
                return 1;
        }
        for (int k = 0; k < nc; k++) {
            or_i128 tn = cand_n[k], td = cand_d[k];
            /* (A tn^2 + 2 B tn td + C td^2) <= R2 td^2 */
            if (A * tn * tn + 2 * B * tn * td + C * td * td <= R2 * td * td)
                return 1;
        }
    }
    return 0;
}

#endif
