/* SPDX-License-Identifier: MIT */
/* Shape checks and conservative integer bounds (for the broadphase and casts).
 *
 * Bounds are raw Q16.16 integers rounded outward, so every point of the
 * shape lies inside them and the broadphase can never drop a pair the exact
 * narrowphase would report. Every shape is first checked by the shape
 * validators of the narrowphase modules (fc_shape2_validate /
 * fc_shape3_validate), whose ranges keep the arithmetic here overflow-free:
 * |bounds| < 2^29 + 3 * 2^28 * (1 + 2^-12) < 2^31.
 */
#include "shape_bounds.h"

#include "core/nofloat.h"

static int64_t abs64(int64_t v)
{
    return v < 0 ? -v : v;
}

/* ceil(v / 65536) for v >= 0 */
static int32_t ceil16(int64_t v)
{
    return (int32_t)((v + 65535) >> 16);
}

static void set_box(int32_t min[3], int32_t max[3], int64_t x0, int64_t y0, int64_t z0, int64_t x1, int64_t y1,
                    int64_t z1)
{
    min[0] = (int32_t)x0;
    min[1] = (int32_t)y0;
    min[2] = (int32_t)z0;
    max[0] = (int32_t)x1;
    max[1] = (int32_t)y1;
    max[2] = (int32_t)z1;
}

fc_status fc_shape2_bounds(const fc_shape2 *s, int32_t min[3], int32_t max[3])
{
    fc_status st = fc_shape2_validate(s);
    if (st != FC_OK)
        return st;
    switch (s->type) {
    case FC_SHAPE2_CIRCLE: {
        const fc_circle *c = &s->u.circle;
        set_box(min, max, (int64_t)c->center.x - c->radius, (int64_t)c->center.y - c->radius, 0,
                (int64_t)c->center.x + c->radius, (int64_t)c->center.y + c->radius, 0);
        return FC_OK;
    }
    case FC_SHAPE2_AABB: {
        const fc_aabb2 *b = &s->u.aabb;
        set_box(min, max, b->min.x, b->min.y, 0, b->max.x, b->max.y, 0);
        return FC_OK;
    }
    case FC_SHAPE2_OBB: {
        const fc_obb2 *o = &s->u.obb;
        int64_t ac = abs64(o->rot.c), as = abs64(o->rot.s);
        int64_t ex = ceil16(ac * o->half.x + as * o->half.y);
        int64_t ey = ceil16(as * o->half.x + ac * o->half.y);
        set_box(min, max, o->center.x - ex, o->center.y - ey, 0, o->center.x + ex, o->center.y + ey, 0);
        return FC_OK;
    }
    case FC_SHAPE2_CAPSULE: {
        const fc_capsule2 *c = &s->u.capsule;
        int64_t x0 = c->a.x < c->b.x ? c->a.x : c->b.x, x1 = c->a.x < c->b.x ? c->b.x : c->a.x;
        int64_t y0 = c->a.y < c->b.y ? c->a.y : c->b.y, y1 = c->a.y < c->b.y ? c->b.y : c->a.y;
        set_box(min, max, x0 - c->radius, y0 - c->radius, 0, x1 + c->radius, y1 + c->radius, 0);
        return FC_OK;
    }
    case FC_SHAPE2_POLY: {
        const fc_poly2 *p = &s->u.poly;
        int64_t x0 = p->v[0].x, x1 = x0, y0 = p->v[0].y, y1 = y0;
        for (int32_t i = 0; i < p->count; i++) {
            x0 = p->v[i].x < x0 ? p->v[i].x : x0;
            x1 = p->v[i].x > x1 ? p->v[i].x : x1;
            y0 = p->v[i].y < y0 ? p->v[i].y : y0;
            y1 = p->v[i].y > y1 ? p->v[i].y : y1;
        }
        set_box(min, max, x0, y0, 0, x1, y1, 0);
        return FC_OK;
    }
    }
    return FC_ERR_SHAPE_TYPE;
}

fc_status fc_shape3_bounds(const fc_shape3 *s, int32_t min[3], int32_t max[3])
{
    fc_status st = fc_shape3_validate(s);
    if (st != FC_OK)
        return st;
    switch (s->type) {
    case FC_SHAPE3_SPHERE: {
        const fc_sphere *b = &s->u.sphere;
        int64_t r = b->radius;
        set_box(min, max, b->center.x - r, b->center.y - r, b->center.z - r, b->center.x + r, b->center.y + r,
                b->center.z + r);
        return FC_OK;
    }
    case FC_SHAPE3_AABB: {
        const fc_aabb3 *b = &s->u.aabb;
        set_box(min, max, b->min.x, b->min.y, b->min.z, b->max.x, b->max.y, b->max.z);
        return FC_OK;
    }
    case FC_SHAPE3_OBB: {
        const fc_obb3 *o = &s->u.obb;
        const fix16_t h[3] = {o->half.x, o->half.y, o->half.z};
        int64_t e[3] = {0, 0, 0};
        for (int i = 0; i < 3; i++) {
            const fc_vec3 ax = o->axis[i];
            e[0] += abs64(ax.x) * h[i];
            e[1] += abs64(ax.y) * h[i];
            e[2] += abs64(ax.z) * h[i];
        }
        int64_t ex = ceil16(e[0]), ey = ceil16(e[1]), ez = ceil16(e[2]);
        set_box(min, max, o->center.x - ex, o->center.y - ey, o->center.z - ez, o->center.x + ex,
                o->center.y + ey, o->center.z + ez);
        return FC_OK;
    }
    case FC_SHAPE3_CAPSULE: {
        /* The endpoints' box grown by the radius: |.| <= 2^29 + 2^28. */
        const fc_capsule3 *c = &s->u.capsule;
        int64_t r = c->radius;
        int64_t x0 = c->a.x < c->b.x ? c->a.x : c->b.x, x1 = c->a.x < c->b.x ? c->b.x : c->a.x;
        int64_t y0 = c->a.y < c->b.y ? c->a.y : c->b.y, y1 = c->a.y < c->b.y ? c->b.y : c->a.y;
        int64_t z0 = c->a.z < c->b.z ? c->a.z : c->b.z, z1 = c->a.z < c->b.z ? c->b.z : c->a.z;
        set_box(min, max, x0 - r, y0 - r, z0 - r, x1 + r, y1 + r, z1 + r);
        return FC_OK;
    }
    }
    return FC_ERR_SHAPE_TYPE;
}
