/* SPDX-License-Identifier: MIT */
/* 2D shapes: construction and validation of user data (never asserted on). */
#include <stddef.h>

#include <fixcol/shapes.h>

#include "core/nofloat.h"

static int coord_ok(fix16_t v) { return v >= -FC_COORD_LIMIT && v <= FC_COORD_LIMIT; }
static int point_ok(fc_vec2 p) { return coord_ok(p.x) && coord_ok(p.y); }
static int radius_ok(fix16_t r) { return r >= 0 && r <= FC_SIZE_LIMIT; }
static int half_ok(fix16_t h) { return h > 0 && h <= FC_SIZE_LIMIT; }

fc_circle fc_circle_make(fc_vec2 center, fix16_t radius)
{
    fc_circle c;
    c.center = center;
    c.radius = radius;
    return c;
}

fc_aabb2 fc_aabb2_make(fc_vec2 min, fc_vec2 max)
{
    fc_aabb2 b;
    b.min = min;
    b.max = max;
    return b;
}

fc_obb2 fc_obb2_make(fc_vec2 center, fc_vec2 half, fc_angle angle)
{
    fc_obb2 b;
    b.center = center;
    b.half = half;
    b.angle = angle;
    b.rot = fc_sincos_of(angle);
    return b;
}

fc_capsule2 fc_capsule2_make(fc_vec2 a, fc_vec2 b, fix16_t radius)
{
    fc_capsule2 c;
    c.a = a;
    c.b = b;
    c.radius = radius;
    return c;
}

fc_poly2 fc_poly2_make(const fc_vec2 *v, int32_t count)
{
    fc_poly2 p;
    int32_t n = count < 0 ? 0 : count > FC_POLY2_MAX_VERTS ? FC_POLY2_MAX_VERTS : count;
    p.count = count;
    for (int32_t i = 0; i < FC_POLY2_MAX_VERTS; i++)
        p.v[i] = (v != NULL && i < n) ? v[i] : fc_vec2_make(0, 0);
    return p;
}

fc_status fc_circle_validate(const fc_circle *c)
{
    if (c == NULL)
        return FC_ERR_NULL;
    if (!point_ok(c->center))
        return FC_ERR_RANGE;
    return radius_ok(c->radius) ? FC_OK : FC_ERR_SIZE;
}

fc_status fc_aabb2_validate(const fc_aabb2 *b)
{
    if (b == NULL)
        return FC_ERR_NULL;
    if (!point_ok(b->min) || !point_ok(b->max))
        return FC_ERR_RANGE;
    /* Both corners are in range, so the differences fit int32 (<= 2^30). */
    int32_t w = b->max.x - b->min.x, h = b->max.y - b->min.y;
    if (w <= 0 || h <= 0 || w > 2 * FC_SIZE_LIMIT || h > 2 * FC_SIZE_LIMIT)
        return FC_ERR_SIZE;
    return FC_OK;
}

fc_status fc_obb2_validate(const fc_obb2 *b)
{
    if (b == NULL)
        return FC_ERR_NULL;
    if (!point_ok(b->center))
        return FC_ERR_RANGE;
    if (!half_ok(b->half.x) || !half_ok(b->half.y))
        return FC_ERR_SIZE;
    fc_sincos r = fc_sincos_of(b->angle);
    return (r.c == b->rot.c && r.s == b->rot.s) ? FC_OK : FC_ERR_ROTATION;
}

fc_status fc_capsule2_validate(const fc_capsule2 *c)
{
    if (c == NULL)
        return FC_ERR_NULL;
    if (!point_ok(c->a) || !point_ok(c->b))
        return FC_ERR_RANGE;
    return radius_ok(c->radius) ? FC_OK : FC_ERR_SIZE;
}

fc_status fc_poly2_validate(const fc_poly2 *p)
{
    if (p == NULL)
        return FC_ERR_NULL;
    int32_t n = p->count;
    if (n < 3 || n > FC_POLY2_MAX_VERTS)
        return FC_ERR_POLY_COUNT;
    for (int32_t i = 0; i < n; i++)
        if (!point_ok(p->v[i]))
            return FC_ERR_RANGE;
    /* Strictly convex and counter-clockwise: every other vertex lies strictly
     * left of every edge (coordinates in range, so every difference fits int32
     * and the cross product fits int64 exactly). */
    for (int32_t i = 0; i < n; i++) {
        fc_vec2 a = p->v[i], e = fc_vec2_sub(p->v[(i + 1) % n], a);
        for (int32_t j = 0; j < n; j++) {
            if (j == i || j == (i + 1) % n)
                continue;
            if (fc_vec2_cross(e, fc_vec2_sub(p->v[j], a)) <= 0)
                return FC_ERR_POLY_ORDER;
        }
    }
    return FC_OK;
}

fc_status fc_shape2_validate(const fc_shape2 *s)
{
    if (s == NULL)
        return FC_ERR_NULL;
    switch (s->type) {
    case FC_SHAPE2_CIRCLE: return fc_circle_validate(&s->u.circle);
    case FC_SHAPE2_AABB: return fc_aabb2_validate(&s->u.aabb);
    case FC_SHAPE2_OBB: return fc_obb2_validate(&s->u.obb);
    case FC_SHAPE2_CAPSULE: return fc_capsule2_validate(&s->u.capsule);
    case FC_SHAPE2_POLY: return fc_poly2_validate(&s->u.poly);
    }
    return FC_ERR_SHAPE_TYPE;
}
