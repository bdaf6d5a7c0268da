/* SPDX-License-Identifier: MIT */
/* EVA harnesses for the skill areas (fixcol/area2.h): containment, the
 * validators and overlap with every 2D shape type, each input drawn from
 * its whole documented range (sector: centre +-FC_COORD_LIMIT, radius
 * [0, FC_SIZE_LIMIT], any direction, half-angle [0, FC_ANGLE_HALF]; ring:
 * 0 <= inner <= outer <= FC_SIZE_LIMIT; shapes from proof_shapes2d.h).
 * The sector's three table vectors (fc_sincos_of, proved by proof_trig.c)
 * are drawn as the rotations of any OBB (each component within +-65536),
 * through fc_area2_sector_contains / _overlap, which the public calls run
 * on fc_area2_wedge_of(s). */
#include <string.h>

#include <fixcol/area2.h>

#include "area/area2_internal.h"
#include "proof_shapes2d.h"

int sink_int;
fc_status sink_status;

static fc_sector2 any_sector(void)
{
    return fc_sector2_make(any_point(), I32_IN(0, FC_SIZE_LIMIT), (fc_angle)U32_IN(0, 65535),
                           (fc_angle)U32_IN(0, FC_ANGLE_HALF));
}

static fc_area2_wedge any_wedge(const fc_sector2 *s)
{
    fc_area2_wedge w;
    fc_sincos a = any_obb2().rot, b = any_obb2().rot, d = any_obb2().rot;
    w.u1x = a.c;
    w.u1y = a.s;
    w.u2x = b.c;
    w.u2y = b.s;
    w.dx = d.c;
    w.dy = d.s;
    w.half = s->half_angle;
    return w;
}

static fc_ring2 any_ring(void)
{
    int32_t outer = I32_IN(0, FC_SIZE_LIMIT);
    return fc_ring2_make(any_point(), I32_IN(0, outer), outer);
}

static fc_shape2 of_type(fc_shape2_type t)
{
    fc_shape2 s;
    memset(&s, 0, sizeof s);
    s.type = t;
    return s;
}

void proof_area2_validate(void)
{
    fc_sector2 s = fc_sector2_make(fc_vec2_make(ANY_I32(), ANY_I32()), ANY_I32(), (fc_angle)U32_IN(0, 65535),
                                   (fc_angle)U32_IN(0, 65535));
    fc_ring2 r = fc_ring2_make(fc_vec2_make(ANY_I32(), ANY_I32()), ANY_I32(), ANY_I32());
    sink_status = fc_sector2_validate(&s);
    sink_status = fc_ring2_validate(&r);
}

void proof_sector2_contains(void)
{
    fc_sector2 s = any_sector();
    fc_area2_wedge w = any_wedge(&s);
    sink_int = fc_area2_sector_contains(&s, &w, any_point());
}

void proof_ring2_contains(void)
{
    fc_ring2 r = any_ring();
    sink_int = fc_ring2_contains(&r, any_point());
}

void proof_overlap_ring2_any(void)
{
    fc_ring2 r = any_ring();
    fc_shape2 b = of_type(FC_SHAPE2_CIRCLE);
    b.u.circle = any_circle();
    sink_int = fc_overlap_ring2(&r, &b);
    b = of_type(FC_SHAPE2_AABB);
    b.u.aabb = any_aabb2();
    sink_int = fc_overlap_ring2(&r, &b);
    b = of_type(FC_SHAPE2_OBB);
    b.u.obb = any_obb2();
    sink_int = fc_overlap_ring2(&r, &b);
    b = of_type(FC_SHAPE2_CAPSULE);
    b.u.capsule = any_capsule2();
    sink_int = fc_overlap_ring2(&r, &b);
    //@ loop unroll FC_POLY2_MAX_VERTS - 2;
    for (int32_t n = 3; n <= FC_POLY2_MAX_VERTS; n++) {
        b = of_type(FC_SHAPE2_POLY);
        b.u.poly = any_poly2(n);
        sink_int = fc_overlap_ring2(&r, &b);
    }
}

void proof_overlap_sector2_circle(void)
{
    fc_sector2 s = any_sector();
    fc_area2_wedge w = any_wedge(&s);
    fc_shape2 b = of_type(FC_SHAPE2_CIRCLE);
    b.u.circle = any_circle();
    sink_int = fc_area2_sector_overlap(&s, &w, &b);
}

void proof_overlap_sector2_aabb2(void)
{
    fc_sector2 s = any_sector();
    fc_area2_wedge w = any_wedge(&s);
    fc_shape2 b = of_type(FC_SHAPE2_AABB);
    b.u.aabb = any_aabb2();
    sink_int = fc_area2_sector_overlap(&s, &w, &b);
}

void proof_overlap_sector2_obb2(void)
{
    fc_sector2 s = any_sector();
    fc_area2_wedge w = any_wedge(&s);
    fc_shape2 b = of_type(FC_SHAPE2_OBB);
    b.u.obb = any_obb2();
    sink_int = fc_area2_sector_overlap(&s, &w, &b);
}

void proof_overlap_sector2_capsule2(void)
{
    fc_sector2 s = any_sector();
    fc_area2_wedge w = any_wedge(&s);
    fc_shape2 b = of_type(FC_SHAPE2_CAPSULE);
    b.u.capsule = any_capsule2();
    sink_int = fc_area2_sector_overlap(&s, &w, &b);
}

void proof_overlap_sector2_poly2(void)
{
    fc_sector2 s = any_sector();
    fc_area2_wedge w = any_wedge(&s);
    //@ loop unroll FC_POLY2_MAX_VERTS - 2;
    for (int32_t n = 3; n <= FC_POLY2_MAX_VERTS; n++) {
        fc_shape2 b = of_type(FC_SHAPE2_POLY);
        b.u.poly = any_poly2(n);
        sink_int = fc_area2_sector_overlap(&s, &w, &b);
    }
}
