/* SPDX-License-Identifier: MIT */
/* EVA harnesses for the 2D shape casts (fc_cast2, src/cast2d*.c with the
 * big integers of src/cast_param.c and src/bigint.c), one per family of
 * type pairs: separating axes (AABB / AABB, OBB / OBB, polygon / capsule
 * of radius 0 on that path too), the rounded Minkowski difference (circle /
 * circle, circle / AABB, capsule / polygon, circle / OBB: the 2^16-scaled
 * corners). Shapes are drawn from the whole range of fixcol/shapes.h
 * (tests/proof/proof_shapes2d.h; a polygon's vertices anywhere in range, a
 * superset of the valid ones); every delta component in
 * [-2 FC_COORD_LIMIT, 2 FC_COORD_LIMIT]. */
#include "proof_shapes2d.h"

#include <string.h>

#include <fixcol/cast.h>

int sink_int;
fc_status sink_status;
fc_cast2_hit sink_hit;

#define DELTA() I32_IN(-2 * FC_COORD_LIMIT, 2 * FC_COORD_LIMIT)

static fc_shape2 shape(fc_shape2_type t)
{
    fc_shape2 s;
    memset(&s, 0, sizeof s);
    s.type = t;
    switch (t) {
    case FC_SHAPE2_CIRCLE: s.u.circle = any_circle(); break;
    case FC_SHAPE2_AABB: s.u.aabb = any_aabb2(); break;
    case FC_SHAPE2_OBB: s.u.obb = any_obb2(); break;
    case FC_SHAPE2_CAPSULE: s.u.capsule = any_capsule2(); break;
    case FC_SHAPE2_POLY: s.u.poly = any_poly2(I32_IN(3, FC_POLY2_MAX_VERTS)); break;
    }
    return s;
}

static void cast(fc_shape2_type ta, fc_shape2_type tb)
{
    fc_shape2 a = shape(ta), b = shape(tb);
    fc_vec2 d = fc_vec2_make(DELTA(), DELTA());
    int hit = 0;
    sink_status = fc_cast2(&a, d, &b, &sink_hit, &hit);
    sink_int = hit;
}

void proof_cast2_circles(void) { cast(FC_SHAPE2_CIRCLE, FC_SHAPE2_CIRCLE); }
void proof_cast2_circle_aabb2(void) { cast(FC_SHAPE2_CIRCLE, FC_SHAPE2_AABB); }
void proof_cast2_circle_obb2(void) { cast(FC_SHAPE2_CIRCLE, FC_SHAPE2_OBB); }
void proof_cast2_capsule_poly2(void) { cast(FC_SHAPE2_CAPSULE, FC_SHAPE2_POLY); }
void proof_cast2_aabb2_aabb2(void) { cast(FC_SHAPE2_AABB, FC_SHAPE2_AABB); }
void proof_cast2_obb2_obb2(void) { cast(FC_SHAPE2_OBB, FC_SHAPE2_OBB); }
void proof_cast2_poly2_capsule2(void) { cast(FC_SHAPE2_POLY, FC_SHAPE2_CAPSULE); }
