/* SPDX-License-Identifier: MIT */
/* The ring skill area, the shared area helpers and validation.
 *
 * Ring overlap: a convex shape B is connected, so its distances from the
 * centre C form an interval [dmin, dmax]; B meets the annulus
 * inner <= |p - C| <= outer iff dmin <= outer (the disc D(C, outer) meets
 * B, the exact circle test) and dmax >= inner. dmax is attained at a core
 * vertex v grown outward by r: |v - C| + r >= inner, decided as
 * r >= inner or |v - C|^2 >= (inner - r)^2 in exact integers. */
#include <assert.h>
#include <string.h>

#include "area2_internal.h"
#include "collide2d/exact2d.h"

#include "core/nofloat.h"

int fc_area2_core(const fc_shape2 *s, fc2_core *c)
{
    switch (s->type) {
    case FC_SHAPE2_CIRCLE: fc2_core_circle(&s->u.circle, c); return 1;
    case FC_SHAPE2_AABB: fc2_core_aabb(&s->u.aabb, c); return 1;
    case FC_SHAPE2_OBB: fc2_core_obb(&s->u.obb, c); return 1;
    case FC_SHAPE2_CAPSULE: fc2_core_capsule(&s->u.capsule, c); return 1;
    case FC_SHAPE2_POLY: fc2_core_poly(&s->u.poly, c); return 1;
    }
    return 0;
}

fc_shape2 fc_area2_disc(fc_vec2 center, fix16_t radius)
{
    fc_shape2 d;
    memset(&d, 0, sizeof d);
    d.type = FC_SHAPE2_CIRCLE;
    d.u.circle.center = center;
    d.u.circle.radius = radius;
    return d;
}

static int coord_ok(fix16_t v)
{
    return v >= -FC_COORD_LIMIT && v <= FC_COORD_LIMIT;
}

fc_status fc_area2_check(fc_vec2 center, fix16_t radius)
{
    if (!coord_ok(center.x) || !coord_ok(center.y))
        return FC_ERR_RANGE;
    return radius < 0 || radius > FC_SIZE_LIMIT ? FC_ERR_SIZE : FC_OK;
}

fc_sector2 fc_sector2_make(fc_vec2 center, fix16_t radius, fc_angle direction, fc_angle half_angle)
{
    fc_sector2 s;
    s.center = center;
    s.radius = radius;
    s.direction = direction;
    s.half_angle = half_angle;
    return s;
}

fc_ring2 fc_ring2_make(fc_vec2 center, fix16_t inner, fix16_t outer)
{
    fc_ring2 r;
    r.center = center;
    r.inner = inner;
    r.outer = outer;
    return r;
}

fc_status fc_sector2_validate(const fc_sector2 *s)
{
    if (s == NULL)
        return FC_ERR_NULL;
    fc_status st = fc_area2_check(s->center, s->radius);
    if (st != FC_OK)
        return st;
    return s->half_angle > FC_ANGLE_HALF ? FC_ERR_ARGUMENT : FC_OK;
}

fc_status fc_ring2_validate(const fc_ring2 *r)
{
    if (r == NULL)
        return FC_ERR_NULL;
    fc_status st = fc_area2_check(r->center, r->outer);
    if (st != FC_OK)
        return st;
    return r->inner < 0 || r->inner > r->outer ? FC_ERR_SIZE : FC_OK;
}

int fc_ring2_contains(const fc_ring2 *r, fc_vec2 p)
{
    assert(r != NULL);
    int64_t vx = (int64_t)p.x - r->center.x, vy = (int64_t)p.y - r->center.y;
    int64_t dd = vx * vx + vy * vy; /* < 2^61 */
    return dd >= (int64_t)r->inner * r->inner && dd <= (int64_t)r->outer * r->outer;
}

int fc_overlap_ring2(const fc_ring2 *r, const fc_shape2 *b)
{
    assert(r != NULL && b != NULL);
    fc2_core k;
    if (!fc_area2_core(b, &k)) {
        assert(!"fc_overlap_ring2: unknown shape type");
        return 0;
    }
    fc_shape2 disc = fc_area2_disc(r->center, r->outer);
    if (!fc_overlap2(&disc, b))
        return 0;
    if (k.r >= r->inner)
        return 1;
    int64_t need = ((int64_t)r->inner - k.r) * 65536; /* Q32.32, < 2^45 */
    fc_i128 need2 = fc_i128_mul_i64(need, need);
    int64_t cx = (int64_t)r->center.x * 65536, cy = (int64_t)r->center.y * 65536;
    for (int32_t i = 0; i < k.n; i++) {
        int64_t dx = k.x[i] - cx, dy = k.y[i] - cy; /* < 2^47 */
        if (fc_i128_cmp(x2_dot(dx, dy, dx, dy), need2) >= 0)
            return 1;
    }
    return 0;
}
