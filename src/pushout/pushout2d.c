/* SPDX-License-Identifier: MIT */
/* fc_pushout2: the contact normal scaled past the depth, verified with the
 * exact overlap test (see fixcol/pushout.h for the guarantee). */
#include <fixcol/collide2d.h>
#include <fixcol/pushout.h>

#include "pushout_step.h"

#include "core/nofloat.h"

/* s translated by (dx, dy) when every point stays in range (returns 1);
 * else 0 with *out partly written (the caller discards it). */
static int translated(const fc_shape2 *s, int64_t dx, int64_t dy, fc_shape2 *out)
{
    fc_vec2 *pts[FC_POLY2_MAX_VERTS];
    int n = 0;
    *out = *s;
    switch (out->type) {
    case FC_SHAPE2_CIRCLE: pts[n++] = &out->u.circle.center; break;
    case FC_SHAPE2_AABB: pts[n++] = &out->u.aabb.min, pts[n++] = &out->u.aabb.max; break;
    case FC_SHAPE2_OBB: pts[n++] = &out->u.obb.center; break;
    case FC_SHAPE2_CAPSULE: pts[n++] = &out->u.capsule.a, pts[n++] = &out->u.capsule.b; break;
    case FC_SHAPE2_POLY:
        for (int i = 0; i < out->u.poly.count; i++)
            pts[n++] = &out->u.poly.v[i];
        break;
    }
    for (int i = 0; i < n; i++)
        if (!fc_pushout_move(pts[i]->x, dx, &pts[i]->x) || !fc_pushout_move(pts[i]->y, dy, &pts[i]->y))
            return 0;
    return 1;
}

static int same_vec(fc_vec2 p, fc_vec2 q) { return p.x == q.x && p.y == q.y; }

/* 1 when a and b are the same shape, field by field (valid shapes). */
static int same_shape(const fc_shape2 *a, const fc_shape2 *b)
{
    if (a->type != b->type)
        return 0;
    switch (a->type) {
    case FC_SHAPE2_CIRCLE:
        return same_vec(a->u.circle.center, b->u.circle.center) && a->u.circle.radius == b->u.circle.radius;
    case FC_SHAPE2_AABB: return same_vec(a->u.aabb.min, b->u.aabb.min) && same_vec(a->u.aabb.max, b->u.aabb.max);
    case FC_SHAPE2_OBB: /* rot is a function of angle (validated) */
        return same_vec(a->u.obb.center, b->u.obb.center) && same_vec(a->u.obb.half, b->u.obb.half) &&
               a->u.obb.angle == b->u.obb.angle;
    case FC_SHAPE2_CAPSULE:
        return same_vec(a->u.capsule.a, b->u.capsule.a) && same_vec(a->u.capsule.b, b->u.capsule.b) &&
               a->u.capsule.radius == b->u.capsule.radius;
    case FC_SHAPE2_POLY:
        if (a->u.poly.count != b->u.poly.count)
            return 0;
        for (int i = 0; i < a->u.poly.count; i++)
            if (!same_vec(a->u.poly.v[i], b->u.poly.v[i]))
                return 0;
        return 1;
    }
    return 0;
}

/* The contact direction for bit-identical shapes (they have none of their
 * own; 2D contacts give them (65536, 0) whatever the range, 3D ones a zero
 * normal) or a zero normal: the probe P = B moved by 1 raw along +x, or
 * along -x when +x leaves the range (*px = +1 / -1; 0 when both leave it,
 * B spanning the whole x range). Returns
 *   0  the contact stands (its normal is kept, or set to (*px or 1, 0) -
 *      the loop still verifies and terminates);
 *   1  the contact of A with P replaces it and 1 raw is added (extra);
 *   2  P does not overlap A (B thinner than 1 raw along x, e.g. radius 0):
 *      the probe move itself, (*px, 0), is the push-out. */
static int direction(const fc_shape2 *a, const fc_shape2 *b, fc_contact2_result *c, int64_t *px)
{
    if ((c->normal.x != 0 || c->normal.y != 0) && !same_shape(a, b))
        return 0;
    fc_shape2 probe;
    *px = 1;
    if (!translated(b, 1, 0, &probe)) {
        *px = -1;
        if (!translated(b, -1, 0, &probe))
            *px = 0, probe = *b;
    }
    fc_contact2_result p = {{0, 0}, 0, {0, 0}}; /* written only on a hit */
    if (*px != 0 && !fc_overlap2(a, &probe))
        return 2;
    if (fc_contact2(a, &probe, &p) && (p.normal.x != 0 || p.normal.y != 0)) {
        c->normal = p.normal;
        c->depth = p.depth > c->depth ? p.depth : c->depth;
        return 1;
    }
    c->normal = fc_vec2_make(*px < 0 ? -65536 : 65536, 0);
    return 0;
}

fc_status fc_pushout2(const fc_shape2 *a, const fc_shape2 *b, fc_vec2 *delta)
{
    if (!a || !b || !delta)
        return FC_ERR_NULL;
    fc_status st = fc_shape2_validate(a);
    if (st == FC_OK)
        st = fc_shape2_validate(b);
    if (st != FC_OK)
        return st;
    fc_contact2_result c = {{0, 0}, 0, {0, 0}}; /* written only on a hit */
    if (!fc_contact2(a, b, &c)) {
        *delta = fc_vec2_make(0, 0);
        return FC_OK;
    }
    int64_t px = 0;
    int64_t extra = direction(a, b, &c, &px);
    if (extra == 2) {
        *delta = fc_vec2_make((fix16_t)px, 0);
        return FC_OK;
    }
    for (int k = 0; k < FC_PUSHOUT_MAX_ROUNDS; k++) {
        int64_t s = fc_pushout_step(c.depth, extra, k);
        int64_t dx = fc_pushout_scale(c.normal.x, s), dy = fc_pushout_scale(c.normal.y, s);
        /* A move longer than the range's width leaves it (and stays out
         * further along the same ray). */
        if (dx < -FC_PUSHOUT_MAX_MOVE || dx > FC_PUSHOUT_MAX_MOVE || dy < -FC_PUSHOUT_MAX_MOVE ||
            dy > FC_PUSHOUT_MAX_MOVE)
            return FC_ERR_RANGE;
        fc_shape2 moved;
        if (!translated(b, dx, dy, &moved))
            return FC_ERR_RANGE;
        if (!fc_overlap2(a, &moved)) {
            *delta = fc_vec2_make((fix16_t)dx, (fix16_t)dy);
            return FC_OK;
        }
    }
    return FC_ERR_RANGE; /* unreachable: round 29's step (>= 2^31 raw) leaves the range */
}
