/* SPDX-License-Identifier: MIT */
/* 3D shapes: validation and construction (see fixcol/shapes.h). */
#include <fixcol/shapes.h>

#include "core/nofloat.h"

#define ONE ((int64_t)65536)
#define ONE_Q32 ((int64_t)1 << 32)
#define HALF_Q48 ((int64_t)1 << 47)
#define AXIS_COMPONENT_MAX ((fix16_t)(65536 + 16)) /* 1.0 + 2^-12 */

static int coord_ok(fix16_t v) { return v >= -FC_COORD_LIMIT && v <= FC_COORD_LIMIT; }
static int vec_ok(fc_vec3 v) { return coord_ok(v.x) && coord_ok(v.y) && coord_ok(v.z); }
static int half_ok(fix16_t h) { return h >= 1 && h <= FC_SIZE_LIMIT; }

fc_status fc_sphere_validate(const fc_sphere *s)
{
    if (!s)
        return FC_ERR_NULL;
    if (!vec_ok(s->center))
        return FC_ERR_RANGE;
    if (s->radius < 0 || s->radius > FC_SIZE_LIMIT)
        return FC_ERR_SIZE;
    return FC_OK;
}

fc_status fc_sphere_make(fc_vec3 center, fix16_t radius, fc_sphere *out)
{
    fc_sphere s;
    fc_status st;
    if (!out)
        return FC_ERR_NULL;
    s.center = center;
    s.radius = radius;
    st = fc_sphere_validate(&s);
    if (st == FC_OK)
        *out = s;
    return st;
}

static int span_ok(fix16_t lo, fix16_t hi)
{
    /* (hi - lo) / 2 <= FC_SIZE_LIMIT, computed in 64 bits. */
    return lo < hi && (int64_t)hi - lo <= 2 * (int64_t)FC_SIZE_LIMIT;
}

fc_status fc_aabb3_validate(const fc_aabb3 *b)
{
    if (!b)
        return FC_ERR_NULL;
    if (!vec_ok(b->min) || !vec_ok(b->max))
        return FC_ERR_RANGE;
    if (!span_ok(b->min.x, b->max.x) || !span_ok(b->min.y, b->max.y) || !span_ok(b->min.z, b->max.z))
        return FC_ERR_SIZE;
    return FC_OK;
}

fc_status fc_aabb3_make(fc_vec3 min, fc_vec3 max, fc_aabb3 *out)
{
    fc_aabb3 b;
    fc_status st;
    if (!out)
        return FC_ERR_NULL;
    b.min = min;
    b.max = max;
    st = fc_aabb3_validate(&b);
    if (st == FC_OK)
        *out = b;
    return st;
}

static int component_ok(fix16_t c) { return c >= -AXIS_COMPONENT_MAX && c <= AXIS_COMPONENT_MAX; }

static int64_t abs64(int64_t v) { return v < 0 ? -v : v; }

/* The orthonormality and handedness checks documented at fc_obb3_validate. */
static int axes_ok(const fc_vec3 ax[3])
{
    for (int i = 0; i < 3; i++)
        if (!component_ok(ax[i].x) || !component_ok(ax[i].y) || !component_ok(ax[i].z))
            return 0;
    for (int i = 0; i < 3; i++)
        for (int j = i; j < 3; j++) {
            int64_t g = fc_vec3_dot(ax[i], ax[j]) - (i == j ? ONE_Q32 : 0);
            if (abs64(g) > FC_OBB3_AXIS_TOL)
                return 0;
        }
    /* det = axis0 . (axis1 x axis2): Q48, |.| < 2^52 here, so int64 is exact. */
    fc_vec3w n = fc_vec3_cross(ax[1], ax[2]);
    int64_t det = ax[0].x * n.x + ax[0].y * n.y + ax[0].z * n.z;
    return det >= HALF_Q48;
}

fc_status fc_obb3_validate(const fc_obb3 *b)
{
    if (!b)
        return FC_ERR_NULL;
    if (!vec_ok(b->center))
        return FC_ERR_RANGE;
    if (!half_ok(b->half.x) || !half_ok(b->half.y) || !half_ok(b->half.z))
        return FC_ERR_SIZE;
    if (!axes_ok(b->axis))
        return FC_ERR_ROTATION;
    return FC_OK;
}

fc_status fc_obb3_from_axes(fc_vec3 center, fc_vec3 half, fc_vec3 x_axis, fc_vec3 y_axis, fc_vec3 z_axis,
                            fc_obb3 *out)
{
    fc_obb3 b;
    fc_status st;
    if (!out)
        return FC_ERR_NULL;
    b.center = center;
    b.half = half;
    b.axis[0] = x_axis;
    b.axis[1] = y_axis;
    b.axis[2] = z_axis;
    st = fc_obb3_validate(&b);
    if (st == FC_OK)
        *out = b;
    return st;
}

/* Round a Q48 value (|v| < 2^50) to nearest Q16.16, ties toward +infinity. */
static fix16_t round_q48(int64_t v) { return (fix16_t)fc_i64_shr_floor(v + ((int64_t)1 << 31), 32); }

/* Products of two / three Q16.16 values, exact, scaled to Q48. */
static int64_t p2(fix16_t a, fix16_t b) { return (int64_t)a * b * ONE; }
static int64_t p3(fix16_t a, fix16_t b, fix16_t c) { return (int64_t)a * b * c; }

fc_status fc_obb3_from_euler(fc_vec3 center, fc_vec3 half, fc_angle yaw, fc_angle pitch, fc_angle roll,
                             fc_obb3 *out)
{
    fc_sincos y = fc_sincos_of(yaw), p = fc_sincos_of(pitch), r = fc_sincos_of(roll);
    /* Columns of Ry(yaw) * Rx(pitch) * Rz(roll). */
    fc_vec3 x_axis = { round_q48(p2(y.c, r.c) + p3(y.s, p.s, r.s)), round_q48(p2(p.c, r.s)),
                       round_q48(p3(y.c, p.s, r.s) - p2(y.s, r.c)) };
    fc_vec3 y_axis = { round_q48(p3(y.s, p.s, r.c) - p2(y.c, r.s)), round_q48(p2(p.c, r.c)),
                       round_q48(p2(y.s, r.s) + p3(y.c, p.s, r.c)) };
    fc_vec3 z_axis = { round_q48(p2(y.s, p.c)), round_q48(-p2(p.s, ONE)),
                       round_q48(p2(y.c, p.c)) };
    return fc_obb3_from_axes(center, half, x_axis, y_axis, z_axis, out);
}

fc_status fc_shape3_validate(const fc_shape3 *s)
{
    if (!s)
        return FC_ERR_NULL;
    switch (s->type) {
    case FC_SHAPE3_SPHERE: return fc_sphere_validate(&s->u.sphere);
    case FC_SHAPE3_AABB: return fc_aabb3_validate(&s->u.aabb);
    case FC_SHAPE3_OBB: return fc_obb3_validate(&s->u.obb);
    case FC_SHAPE3_CAPSULE: return fc_capsule3_validate(&s->u.capsule);
    }
    return FC_ERR_SHAPE_TYPE;
}
