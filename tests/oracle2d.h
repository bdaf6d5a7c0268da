/* SPDX-License-Identifier: MIT */
/* An independent exact oracle for the 2D pair tests (tests only).
 *
 * Every shape becomes a convex core (point, segment, polygon) with exact
 * Q32.32 vertices, grown by a radius, as in the library, but the decisions use
 * different algorithms and arithmetic:
 *   - cores intersect iff a vertex of one lies in the other (closed) or two
 *     edges intersect (closed), with __int128 orientation predicates;
 *   - otherwise the grown shapes overlap iff the exact squared distance from
 *     some vertex of one core to some feature of the other, computed as a
 *     rational through the clamped projection parameter
 *     (|ee*w - dt*e|^2 / ee^2), is <= R^2; numerators and denominators are
 *     384-bit two's complement integers of the oracle's own (12 x 32-bit limbs).
 * No part of the library is called. */
#ifndef FIXCOL_ORACLE2D_H
#define FIXCOL_ORACLE2D_H

#include <stdint.h>
#include <string.h>

#include <fixcol/shapes.h>

#ifndef __SIZEOF_INT128__
#error "the 2D oracle needs __int128 (a 64-bit gcc or clang)"
#endif
__extension__ typedef __int128 or_i128;
__extension__ typedef unsigned __int128 or_u128;

typedef struct or_core {
    int n;
    int64_t x[8], y[8];
    int64_t r; /* Q32.32 */
} or_core;

/* ---- 384-bit two's complement integers ---------------------------------- */
#define OR_LIMBS 12
typedef struct or_big {
    uint32_t d[OR_LIMBS];
} or_big;

static or_big or_big_i128(or_i128 v)
{
    or_big r;
    or_u128 u = (or_u128)v;
    for (int i = 0; i < OR_LIMBS; i++) {
        if (i < 4)
            r.d[i] = (uint32_t)(u >> (32 * i));
        else
            r.d[i] = v < 0 ? 0xFFFFFFFFu : 0;
    }
    return r;
}

static or_big or_big_add(or_big a, or_big b)
{
    or_big r;
    uint64_t c = 0;
    for (int i = 0; i < OR_LIMBS; i++) {
        uint64_t s = (uint64_t)a.d[i] + b.d[i] + c;
        r.d[i] = (uint32_t)s;
        c = s >> 32;
    }
    return r;
}

static or_big or_big_neg(or_big a)
{
    for (int i = 0; i < OR_LIMBS; i++)
        a.d[i] = ~a.d[i];
    return or_big_add(a, or_big_i128(1));
}

static or_big or_big_sub(or_big a, or_big b) { return or_big_add(a, or_big_neg(b)); }

static or_big or_big_mul(or_big a, or_big b) /* modulo 2^384 */
{
    uint64_t acc[OR_LIMBS + 1];
    memset(acc, 0, sizeof acc);
    or_big r;
    for (int i = 0; i < OR_LIMBS; i++) {
        uint64_t carry = 0;
        for (int j = 0; i + j < OR_LIMBS; j++) {
            uint64_t t = (uint64_t)a.d[i] * b.d[j] + acc[i + j] + carry;
            acc[i + j] = t & 0xFFFFFFFFu;
            carry = t >> 32;
        }
    }
    for (int i = 0; i < OR_LIMBS; i++)
        r.d[i] = (uint32_t)acc[i];
    return r;
}

static int or_big_cmp(or_big a, or_big b)
{
    int na = (int)(a.d[OR_LIMBS - 1] >> 31), nb = (int)(b.d[OR_LIMBS - 1] >> 31);
    if (na != nb)
        return na ? -1 : 1;
    for (int i = OR_LIMBS - 1; i >= 0; i--)
        if (a.d[i] != b.d[i])
            return a.d[i] < b.d[i] ? -1 : 1;
    return 0;
}

/* ---- cores ---------------------------------------------------------------- */
static or_core or_from_shape(const fc_shape2 *s)
{
    or_core c;
    memset(&c, 0, sizeof c);
    const int64_t k = 65536;
    switch (s->type) {
    case FC_SHAPE2_CIRCLE:
        c.n = 1;
        c.x[0] = s->u.circle.center.x * k, c.y[0] = s->u.circle.center.y * k;
        c.r = s->u.circle.radius * k;
        break;
    case FC_SHAPE2_CAPSULE:
        c.n = 2;
        c.x[0] = s->u.capsule.a.x * k, c.y[0] = s->u.capsule.a.y * k;
        c.x[1] = s->u.capsule.b.x * k, c.y[1] = s->u.capsule.b.y * k;
        c.r = s->u.capsule.radius * k;
        break;
    case FC_SHAPE2_AABB: {
        const fc_aabb2 *b = &s->u.aabb;
        int64_t xs[4] = {b->min.x, b->max.x, b->max.x, b->min.x}, ys[4] = {b->min.y, b->min.y, b->max.y, b->max.y};
        c.n = 4;
        for (int i = 0; i < 4; i++)
            c.x[i] = xs[i] * k, c.y[i] = ys[i] * k;
        break;
    }
    case FC_SHAPE2_OBB: {
        /* Corners at angles 45, 135, 225, 315 degrees of the local frame. */
        const fc_obb2 *b = &s->u.obb;
        static const int sgx[4] = {1, -1, -1, 1}, sgy[4] = {1, 1, -1, -1};
        c.n = 4;
        for (int i = 0; i < 4; i++) {
            int64_t lx = sgx[i] * (int64_t)b->half.x, ly = sgy[i] * (int64_t)b->half.y;
            c.x[i] = b->center.x * k + lx * b->rot.c - ly * b->rot.s;
            c.y[i] = b->center.y * k + lx * b->rot.s + ly * b->rot.c;
        }
        break;
    }
    case FC_SHAPE2_POLY:
        c.n = s->u.poly.count;
        for (int i = 0; i < c.n; i++)
            c.x[i] = s->u.poly.v[i].x * k, c.y[i] = s->u.poly.v[i].y * k;
        break;
    }
    return c;
}

static int or_orient(int64_t ax, int64_t ay, int64_t bx, int64_t by, int64_t cx, int64_t cy)
{
    or_i128 v = (or_i128)(bx - ax) * (cy - ay) - (or_i128)(by - ay) * (cx - ax);
    return (v > 0) - (v < 0);
}

static int or_between(int64_t a, int64_t b, int64_t p)
{
    return (a <= p && p <= b) || (b <= p && p <= a);
}

/* Closed segment [a, b] contains p. */
static int or_on_segment(int64_t ax, int64_t ay, int64_t bx, int64_t by, int64_t px, int64_t py)
{
    return or_orient(ax, ay, bx, by, px, py) == 0 && or_between(ax, bx, px) && or_between(ay, by, py);
}

/* Closed segments [a, b] and [c, d] share a point. */
static int or_segments_meet(const int64_t *s, const int64_t *t)
{
    int o1 = or_orient(s[0], s[1], s[2], s[3], t[0], t[1]), o2 = or_orient(s[0], s[1], s[2], s[3], t[2], t[3]);
    int o3 = or_orient(t[0], t[1], t[2], t[3], s[0], s[1]), o4 = or_orient(t[0], t[1], t[2], t[3], s[2], s[3]);
    if (o1 * o2 < 0 && o3 * o4 < 0)
        return 1;
    return or_on_segment(s[0], s[1], s[2], s[3], t[0], t[1]) || or_on_segment(s[0], s[1], s[2], s[3], t[2], t[3]) ||
           or_on_segment(t[0], t[1], t[2], t[3], s[0], s[1]) || or_on_segment(t[0], t[1], t[2], t[3], s[2], s[3]);
}

/* p in core c (closed). */
static int or_contains(const or_core *c, int64_t px, int64_t py)
{
    if (c->n == 1)
        return c->x[0] == px && c->y[0] == py;
    if (c->n == 2)
        return or_on_segment(c->x[0], c->y[0], c->x[1], c->y[1], px, py);
    for (int i = 0; i < c->n; i++) {
        int j = (i + 1) % c->n;
        if (or_orient(c->x[i], c->y[i], c->x[j], c->y[j], px, py) < 0)
            return 0;
    }
    return 1;
}

static int or_edge_count(const or_core *c) { return c->n >= 3 ? c->n : c->n - 1; }

static void or_edge(const or_core *c, int i, int64_t *s)
{
    int j = c->n == 1 ? 0 : (i + 1) % c->n;
    s[0] = c->x[i], s[1] = c->y[i], s[2] = c->x[j], s[3] = c->y[j];
}

static int or_cores_meet(const or_core *a, const or_core *b)
{
    for (int i = 0; i < a->n; i++)
        if (or_contains(b, a->x[i], a->y[i]))
            return 1;
    for (int i = 0; i < b->n; i++)
        if (or_contains(a, b->x[i], b->y[i]))
            return 1;
    for (int i = 0; i < or_edge_count(a); i++)
        for (int j = 0; j < or_edge_count(b); j++) {
            int64_t s[4], t[4];
            or_edge(a, i, s);
            or_edge(b, j, t);
            if (or_segments_meet(s, t))
                return 1;
        }
    return 0;
}

/* dist(p, segment s)^2 <= r2 (r2 = R^2 as a big), exactly. */
static int or_point_seg_within(int64_t px, int64_t py, const int64_t *s, or_big r2)
{
    int64_t ex = s[2] - s[0], ey = s[3] - s[1], wx = px - s[0], wy = py - s[1];
    or_i128 ee = (or_i128)ex * ex + (or_i128)ey * ey;
    or_i128 dt = (or_i128)wx * ex + (or_i128)wy * ey;
    if (dt < 0)
        dt = 0;
    if (dt > ee)
        dt = ee;
    if (dt == 0 || dt == ee) { /* closest point is an endpoint: |p - q|^2 < 2^97 */
        int64_t qx = dt == 0 ? s[0] : s[2], qy = dt == 0 ? s[1] : s[3];
        or_i128 d2 = (or_i128)(px - qx) * (px - qx) + (or_i128)(py - qy) * (py - qy);
        return or_big_cmp(or_big_i128(d2), r2) <= 0;
    }
    /* closest = a + (dt / ee) e; ee * (p - closest) = ee * w - dt * e */
    or_big bee = or_big_i128(ee), bdt = or_big_i128(dt);
    or_big nx = or_big_sub(or_big_mul(bee, or_big_i128(wx)), or_big_mul(bdt, or_big_i128(ex)));
    or_big ny = or_big_sub(or_big_mul(bee, or_big_i128(wy)), or_big_mul(bdt, or_big_i128(ey)));
    or_big num = or_big_add(or_big_mul(nx, nx), or_big_mul(ny, ny));
    return or_big_cmp(num, or_big_mul(r2, or_big_mul(bee, bee))) <= 0;
}

static int or_within(const or_core *p, const or_core *f, or_big r2)
{
    int nf = f->n >= 3 ? f->n : 1;
    for (int i = 0; i < p->n; i++)
        for (int j = 0; j < nf; j++) {
            int64_t s[4];
            or_edge(f, j, s);
            if (or_point_seg_within(p->x[i], p->y[i], s, r2))
                return 1;
        }
    return 0;
}

/* The oracle's answer: do the closed shapes share a point? */
static int oracle_overlap(const fc_shape2 *sa, const fc_shape2 *sb)
{
    or_core a = or_from_shape(sa), b = or_from_shape(sb);
    if (or_cores_meet(&a, &b))
        return 1;
    int64_t r = a.r + b.r;
    if (r == 0)
        return 0;
    or_big r2 = or_big_i128((or_i128)r * r);
    return or_within(&a, &b, r2) || or_within(&b, &a, r2);
}

#endif
