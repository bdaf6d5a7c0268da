/* SPDX-License-Identifier: MIT */
/* EVA harnesses for the 3D shape casts (fc_cast3, src/cast3d*.c with the
 * big integers of src/cast/cast_param.c and src/core/bigint.c), one per family of
 * type pairs: box / box (swept separating axes), sphere / box and box /
 * sphere (the rounded box, solved forward and reversed), sphere / sphere,
 * the 3D capsule moving and hit (src/cast/cast3d_capsule.c), and the ray
 * against a capsule (src/cast/ray_shape.c, fc_rayt's wide form).
 * Shapes are drawn from the whole range of fixcol/shapes.h as in
 * proof_collide3d.c (an OBB3's axis components independently in
 * [-(1 + 2^-12), 1 + 2^-12], a superset of the valid boxes); every delta
 * component in [-2 FC_COORD_LIMIT, 2 FC_COORD_LIMIT]. */
#include "proof.h"

#include <string.h>

#include <fixcol/cast.h>

#include "cast/ray_shape.h"

int sink_int;
fc_status sink_status;
fc_cast3_hit sink_hit;

#define COORD() I32_IN(-FC_COORD_LIMIT, FC_COORD_LIMIT)
#define DELTA() I32_IN(-2 * FC_COORD_LIMIT, 2 * FC_COORD_LIMIT)
#define AXIS_C() I32_IN(-(65536 + 16), 65536 + 16)

static fc_vec3 any_point(void) { return fc_vec3_make(COORD(), COORD(), COORD()); }

static fix16_t span_max(fix16_t min)
{
    int32_t max = min + I32_IN(1, 2 * FC_SIZE_LIMIT);
    return max < FC_COORD_LIMIT ? max : FC_COORD_LIMIT;
}

static fc_shape3 any_shape3(fc_shape3_type t)
{
    fc_shape3 s;
    memset(&s, 0, sizeof s);
    s.type = t;
    if (t == FC_SHAPE3_SPHERE) {
        s.u.sphere.center = any_point();
        s.u.sphere.radius = I32_IN(0, FC_SIZE_LIMIT);
    } else if (t == FC_SHAPE3_AABB) {
        fc_aabb3 *b = &s.u.aabb;
        b->min = fc_vec3_make(I32_IN(-FC_COORD_LIMIT, FC_COORD_LIMIT - 1), I32_IN(-FC_COORD_LIMIT, FC_COORD_LIMIT - 1),
                              I32_IN(-FC_COORD_LIMIT, FC_COORD_LIMIT - 1));
        b->max = fc_vec3_make(span_max(b->min.x), span_max(b->min.y), span_max(b->min.z));
    } else if (t == FC_SHAPE3_CAPSULE) {
        s.u.capsule.a = any_point();
        s.u.capsule.b = any_point();
        s.u.capsule.radius = I32_IN(0, FC_SIZE_LIMIT);
    } else {
        fc_obb3 *b = &s.u.obb;
        b->center = any_point();
        b->half = fc_vec3_make(I32_IN(1, FC_SIZE_LIMIT), I32_IN(1, FC_SIZE_LIMIT), I32_IN(1, FC_SIZE_LIMIT));
        for (int i = 0; i < 3; i++)
            b->axis[i] = fc_vec3_make(AXIS_C(), AXIS_C(), AXIS_C());
    }
    return s;
}

static void cast(fc_shape3_type ta, fc_shape3_type tb)
{
    fc_shape3 a = any_shape3(ta), b = any_shape3(tb);
    fc_vec3 d = fc_vec3_make(DELTA(), DELTA(), DELTA());
    int hit = 0;
    sink_status = fc_cast3(&a, d, &b, &sink_hit, &hit);
    sink_int = hit;
}

void proof_cast3_spheres(void) { cast(FC_SHAPE3_SPHERE, FC_SHAPE3_SPHERE); }
void proof_cast3_sphere_aabb3(void) { cast(FC_SHAPE3_SPHERE, FC_SHAPE3_AABB); }
void proof_cast3_sphere_obb3(void) { cast(FC_SHAPE3_SPHERE, FC_SHAPE3_OBB); }
void proof_cast3_obb3_sphere(void) { cast(FC_SHAPE3_OBB, FC_SHAPE3_SPHERE); }
void proof_cast3_aabb3_aabb3(void) { cast(FC_SHAPE3_AABB, FC_SHAPE3_AABB); }
void proof_cast3_obb3_aabb3(void) { cast(FC_SHAPE3_OBB, FC_SHAPE3_AABB); }
void proof_cast3_obb3_obb3(void) { cast(FC_SHAPE3_OBB, FC_SHAPE3_OBB); }
void proof_cast3_capsule_sphere(void) { cast(FC_SHAPE3_CAPSULE, FC_SHAPE3_SPHERE); }
void proof_cast3_capsule_aabb3(void) { cast(FC_SHAPE3_CAPSULE, FC_SHAPE3_AABB); }
void proof_cast3_capsule_obb3(void) { cast(FC_SHAPE3_CAPSULE, FC_SHAPE3_OBB); }
void proof_cast3_capsules(void) { cast(FC_SHAPE3_CAPSULE, FC_SHAPE3_CAPSULE); }
void proof_cast3_sphere_capsule(void) { cast(FC_SHAPE3_SPHERE, FC_SHAPE3_CAPSULE); }
void proof_cast3_obb3_capsule(void) { cast(FC_SHAPE3_OBB, FC_SHAPE3_CAPSULE); }


/* The ray (origin in range, every delta component in the ray range)
 * against any capsule, and the exact order and floor of its parameter. */
void proof_ray_capsule3(void)
{
    fc_shape3 c = any_shape3(FC_SHAPE3_CAPSULE);
    fc_ray_seg r = {{COORD(), COORD(), COORD()}, {DELTA(), DELTA(), DELTA()}};
    fc_rayt t = fc_rayt_ratio(fc_i128_from_i64(0), fc_i128_from_i64(1)); /* set on a hit */
    if (fc_ray_shape3(&r, &c, &t)) {
        sink_int = fc_rayt_floor16(&t);
        fc_rayt half = fc_rayt_ratio(fc_i128_from_i64(1), fc_i128_from_i64(2));
        sink_int += fc_rayt_cmp(&t, &half);
    }
}
