/* SPDX-License-Identifier: MIT */
/* fc_cast2: the exact 2D pair cast. Overlap at t = 0 is decided by
 * fc_overlap2 (normal: fc_contact2); otherwise pairs with radius sum 0
 * (boxes, polygons, and circles / capsules of radius 0: points and
 * segments) go through the separating-axis clip (cast2d_sat.c), whose
 * constraints are supporting half-planes of the Minkowski difference, so
 * the entering one is a separating direction even at a corner-on-corner
 * tie; pairs with a radius through the rounded Minkowski difference
 * (cast2d_round.c), whose normal at the entry is unique. */
#include "cast2d_internal.h"

#include <string.h>

#include <fixcol/collide2d.h>

#include "collide2d/exact2d.h"
#include "core/nofloat.h"

#define SCALE 65536

void c2_core_of(const fc_shape2 *s, c2_core *c)
{
    memset(c, 0, sizeof *c);
    switch (s->type) {
    case FC_SHAPE2_CIRCLE:
        c->n = 1;
        c->x[0] = (int64_t)s->u.circle.center.x * SCALE;
        c->y[0] = (int64_t)s->u.circle.center.y * SCALE;
        c->r = (int64_t)s->u.circle.radius * SCALE;
        break;
    case FC_SHAPE2_CAPSULE: {
        const fc_capsule2 *k = &s->u.capsule;
        c->n = k->a.x == k->b.x && k->a.y == k->b.y ? 1 : 2; /* a == b: a circle */
        c->x[0] = (int64_t)k->a.x * SCALE, c->y[0] = (int64_t)k->a.y * SCALE;
        c->x[1] = (int64_t)k->b.x * SCALE, c->y[1] = (int64_t)k->b.y * SCALE;
        c->r = (int64_t)k->radius * SCALE;
        if (c->n == 2) { /* for the separating-axis path (radius 0): the normal and the direction */
            int64_t ex = (int64_t)k->b.x - k->a.x, ey = (int64_t)k->b.y - k->a.y;
            c->naxes = 2;
            c->ax[0] = -ey, c->ay[0] = ex;
            c->ax[1] = ex, c->ay[1] = ey;
        }
        break;
    }
    case FC_SHAPE2_AABB: {
        const fc_aabb2 *b = &s->u.aabb;
        const int64_t xs[4] = {b->min.x, b->max.x, b->max.x, b->min.x};
        const int64_t ys[4] = {b->min.y, b->min.y, b->max.y, b->max.y};
        c->n = 4;
        for (int i = 0; i < 4; i++)
            c->x[i] = xs[i] * SCALE, c->y[i] = ys[i] * SCALE;
        c->naxes = 2;
        c->ax[0] = 1, c->ay[0] = 0;
        c->ax[1] = 0, c->ay[1] = 1;
        break;
    }
    case FC_SHAPE2_OBB: {
        /* corners (-,-), (+,-), (+,+), (-,+) of the local frame: CCW */
        const fc_obb2 *o = &s->u.obb;
        static const int sx[4] = {-1, 1, 1, -1}, sy[4] = {-1, -1, 1, 1};
        int64_t cs = o->rot.c, sn = o->rot.s;
        c->n = 4;
        for (int i = 0; i < 4; i++) {
            int64_t lx = sx[i] * (int64_t)o->half.x, ly = sy[i] * (int64_t)o->half.y;
            c->x[i] = (int64_t)o->center.x * SCALE + lx * cs - ly * sn;
            c->y[i] = (int64_t)o->center.y * SCALE + lx * sn + ly * cs;
        }
        c->naxes = 2;
        c->ax[0] = cs, c->ay[0] = sn;
        c->ax[1] = -sn, c->ay[1] = cs;
        break;
    }
    case FC_SHAPE2_POLY: {
        const fc_poly2 *p = &s->u.poly;
        c->n = p->count;
        c->naxes = p->count;
        for (int32_t i = 0; i < p->count; i++) {
            fc_vec2 v = p->v[i], w = p->v[(i + 1) % p->count];
            c->x[i] = (int64_t)v.x * SCALE, c->y[i] = (int64_t)v.y * SCALE;
            c->ax[i] = (int64_t)w.y - v.y, c->ay[i] = (int64_t)v.x - w.x; /* outward normal of a CCW edge */
        }
        break;
    }
    }
}

int fc_cast2_entry(const fc_shape2 *moving, fc_vec2 delta, const fc_shape2 *target, fc_castt *t, c2_feature *f)
{
    if (fc_overlap2(moving, target)) {
        fc_contact2_result c;
        fc_contact2(moving, target, &c);
        *t = fc_castt_int(0);
        f->kind = C2_FIXED;
        f->x = c.normal.x, f->y = c.normal.y;
        return 1;
    }
    if (delta.x == 0 && delta.y == 0)
        return 0;
    c2_core a, b;
    c2_core_of(moving, &a);
    c2_core_of(target, &b);
    int64_t dx = (int64_t)delta.x * SCALE, dy = (int64_t)delta.y * SCALE;
    if (a.r + b.r > 0)
        return c2_round_entry(&a, dx, dy, &b, t, f);
    return c2_sat_entry(&a, dx, dy, &b, t, f); /* radius 0: polygons, segments, points */
}

/* Bits of the rounded-down parameter used for a round normal. Bound: with
 * k = floor(t 2^52), the point P' = (k / 2^52) d is within |d| 2^-52 <
 * 2^30.5 * 2^-52 = 2^-21.5 raw of the exact entry point P (|d| < 2^30.5 raw).
 * The exact normal is (Q - P) / R with |Q - P| = R >= 1 raw (R == 0 never
 * comes here), and |u/|u| - w/|w|| <= 2 |u - w| / |u|, so the direction of
 * Q - P' is within 2^-20.5 of the exact unit vector: 2^-4.5 < 0.05 raw in
 * Q16.16. Truncating Q - P' to 62 bits below adds a relative 2^-60, and
 * x2_unit rounds within 1.5 raw: in all < 1.6 <= FC_CAST_NORMAL_TOL raw,
 * for every radius down to 1 raw. */
#ifndef FC_CAST2_BREAK /* tests only (test_cast2d_broken4): a normal from t rounded to 2^-16 */
#define FC_CAST2_BREAK 0
#endif
#define NORMAL_BITS (FC_CAST2_BREAK == 4 ? 16 : 52)

fc_vec2 fc_cast2_normal(const c2_feature *f, const fc_castt *t, fc_vec2 delta)
{
    if (f->kind == C2_FIXED) /* a fix16_t stored in 64 bits: the clamps never act (they state the range) */
        return fc_vec2_make((fix16_t)(f->x < INT32_MIN ? INT32_MIN : f->x > INT32_MAX ? INT32_MAX : f->x),
                            (fix16_t)(f->y < INT32_MIN ? INT32_MIN : f->y > INT32_MAX ? INT32_MAX : f->y));
    if (f->kind == C2_DIR)
        return x2_unit(f->x, f->y);
    /* (Q - (k / 2^52) d) * 2^52 = Q 2^52 - k d (scaled d = 2^16 delta):
     * |Q| 2^52 < 2^99, k |d| < 2^98: fits 128 bits */
    int64_t k = c2_floor_bits(t, NORMAL_BITS);
    fc_i128 vx = fc_i128_sub(fc_i128_shl(fc_i128_from_i64(f->x), NORMAL_BITS),
                             fc_i128_shl(fc_i128_mul_i64(k, delta.x), 16));
    fc_i128 vy = fc_i128_sub(fc_i128_shl(fc_i128_from_i64(f->y), NORMAL_BITS),
                             fc_i128_shl(fc_i128_mul_i64(k, delta.y), 16));
    /* shift both down to fit 62 bits (|v| >= 2^68 here: R >= 2^16 scaled) */
    fc_i128 ax = x2_abs(vx), ay = x2_abs(vy);
    fc_i128 m = fc_i128_cmp(ax, ay) < 0 ? ay : ax;
    int bl = m.hi != 0 ? 64 + x2_bitlen64((uint64_t)m.hi) : x2_bitlen64(m.lo); /* m < 2^103 */
    unsigned s = bl > 62 ? (unsigned)(bl - 62) : 0;
    return x2_unit(fc_i128_low_i64(fc_i128_shr(vx, s)), fc_i128_low_i64(fc_i128_shr(vy, s)));
}

static int delta_ok(int64_t v)
{
    return v >= -2 * (int64_t)FC_COORD_LIMIT && v <= 2 * (int64_t)FC_COORD_LIMIT;
}

fc_status fc_cast2(const fc_shape2 *moving, fc_vec2 delta, const fc_shape2 *target, fc_cast2_hit *out, int *hit)
{
    if (moving == NULL || target == NULL || out == NULL || hit == NULL)
        return FC_ERR_NULL;
    fc_status st = fc_shape2_validate(moving);
    if (st == FC_OK)
        st = fc_shape2_validate(target);
    if (st != FC_OK)
        return st;
    if (!delta_ok(delta.x) || !delta_ok(delta.y))
        return FC_ERR_RANGE;
    fc_castt t = fc_castt_int(0); /* initialised for the analysis: written on a hit */
    c2_feature f = {C2_DIR, 0, 0};
    if (!fc_cast2_entry(moving, delta, target, &t, &f)) {
        *hit = 0;
        return FC_OK;
    }
    memset(&out->id, 0, sizeof out->id);
    out->t = (fix16_t)c2_floor_bits(&t, 16);
    out->normal = fc_cast2_normal(&f, &t, delta);
    *hit = 1;
    return FC_OK;
}
