/* SPDX-License-Identifier: MIT */
/* EVA harnesses for the 2D narrowphase (fixcol/collide2d.h): every overlap
 * and contact pair function and fc_overlap2 / fc_contact2, each shape drawn
 * from its whole valid range (proof_shapes2d.h). OBB-OBB needs the
 * chunk-by-chunk rotations (obb_in loops); the other pairs take any_obb2.
 * Polygons: one analysis per vertex count. */
#include <string.h>

#include "proof_shapes2d.h"

int sink_int;
fc_contact2_result sink_contact;

void proof_overlap_circle_circle(void)
{
    fc_circle a = any_circle(), b = any_circle();
    sink_int = fc_overlap_circle_circle(&a, &b);
}

void proof_overlap_aabb2_aabb2(void)
{
    fc_aabb2 a = any_aabb2(), b = any_aabb2();
    sink_int = fc_overlap_aabb2_aabb2(&a, &b);
}

void proof_overlap_obb2_obb2(void)
{
    //@ loop unroll 16;
    for (uint32_t i = 0; i < OBB_CHUNKS; i++) {
        //@ loop unroll 16;
        for (uint32_t j = 0; j < OBB_CHUNKS; j++) {
            fc_obb2 a = obb_in(i), b = obb_in(j);
            sink_int = fc_overlap_obb2_obb2(&a, &b);
        }
    }
}

void proof_contact_obb2_obb2(void)
{
    //@ loop unroll 16;
    for (uint32_t i = 0; i < OBB_CHUNKS; i++) {
        //@ loop unroll 16;
        for (uint32_t j = 0; j < OBB_CHUNKS; j++) {
            fc_obb2 a = obb_in(i), b = obb_in(j);
            sink_int = fc_contact_obb2_obb2(&a, &b, &sink_contact);
        }
    }
}


void proof_overlap_circle_aabb2(void)
{
    fc_circle a = any_circle();
    fc_aabb2 b = any_aabb2();
    sink_int = fc_overlap_circle_aabb2(&a, &b);
}

void proof_overlap_circle_obb2(void)
{
    fc_circle a = any_circle();
    fc_obb2 b = any_obb2();
    sink_int = fc_overlap_circle_obb2(&a, &b);
}

void proof_overlap_circle_capsule2(void)
{
    fc_circle a = any_circle();
    fc_capsule2 b = any_capsule2();
    sink_int = fc_overlap_circle_capsule2(&a, &b);
}

void proof_overlap_circle_poly2(void)
{
    fc_circle a = any_circle();
    //@ loop unroll FC_POLY2_MAX_VERTS - 2;
    for (int32_t j = 3; j <= FC_POLY2_MAX_VERTS; j++) {
        fc_poly2 b = any_poly2(j);
        sink_int = fc_overlap_circle_poly2(&a, &b);
    }
}

void proof_overlap_aabb2_obb2(void)
{
    fc_aabb2 a = any_aabb2();
    fc_obb2 b = any_obb2();
    sink_int = fc_overlap_aabb2_obb2(&a, &b);
}

void proof_overlap_aabb2_capsule2(void)
{
    fc_aabb2 a = any_aabb2();
    fc_capsule2 b = any_capsule2();
    sink_int = fc_overlap_aabb2_capsule2(&a, &b);
}

void proof_overlap_aabb2_poly2(void)
{
    fc_aabb2 a = any_aabb2();
    //@ loop unroll FC_POLY2_MAX_VERTS - 2;
    for (int32_t j = 3; j <= FC_POLY2_MAX_VERTS; j++) {
        fc_poly2 b = any_poly2(j);
        sink_int = fc_overlap_aabb2_poly2(&a, &b);
    }
}

void proof_overlap_obb2_capsule2(void)
{
    fc_obb2 a = any_obb2();
    fc_capsule2 b = any_capsule2();
    sink_int = fc_overlap_obb2_capsule2(&a, &b);
}

void proof_overlap_obb2_poly2(void)
{
    fc_obb2 a = any_obb2();
    //@ loop unroll FC_POLY2_MAX_VERTS - 2;
    for (int32_t j = 3; j <= FC_POLY2_MAX_VERTS; j++) {
        fc_poly2 b = any_poly2(j);
        sink_int = fc_overlap_obb2_poly2(&a, &b);
    }
}

void proof_overlap_capsule2_capsule2(void)
{
    fc_capsule2 a = any_capsule2();
    fc_capsule2 b = any_capsule2();
    sink_int = fc_overlap_capsule2_capsule2(&a, &b);
}

void proof_overlap_capsule2_poly2(void)
{
    fc_capsule2 a = any_capsule2();
    //@ loop unroll FC_POLY2_MAX_VERTS - 2;
    for (int32_t j = 3; j <= FC_POLY2_MAX_VERTS; j++) {
        fc_poly2 b = any_poly2(j);
        sink_int = fc_overlap_capsule2_poly2(&a, &b);
    }
}

void proof_overlap_poly2_poly2(void)
{
    //@ loop unroll FC_POLY2_MAX_VERTS - 2;
    for (int32_t i = 3; i <= FC_POLY2_MAX_VERTS; i++) {
        fc_poly2 a = any_poly2(i);
        //@ loop unroll FC_POLY2_MAX_VERTS - 2;
        for (int32_t j = 3; j <= FC_POLY2_MAX_VERTS; j++) {
            fc_poly2 b = any_poly2(j);
            sink_int = fc_overlap_poly2_poly2(&a, &b);
        }
    }
}

void proof_contact_circle_circle(void)
{
    fc_circle a = any_circle();
    fc_circle b = any_circle();
    sink_int = fc_contact_circle_circle(&a, &b, &sink_contact);
}

void proof_contact_circle_aabb2(void)
{
    fc_circle a = any_circle();
    fc_aabb2 b = any_aabb2();
    sink_int = fc_contact_circle_aabb2(&a, &b, &sink_contact);
}

void proof_contact_circle_obb2(void)
{
    fc_circle a = any_circle();
    fc_obb2 b = any_obb2();
    sink_int = fc_contact_circle_obb2(&a, &b, &sink_contact);
}

void proof_contact_circle_capsule2(void)
{
    fc_circle a = any_circle();
    fc_capsule2 b = any_capsule2();
    sink_int = fc_contact_circle_capsule2(&a, &b, &sink_contact);
}

void proof_contact_circle_poly2(void)
{
    fc_circle a = any_circle();
    //@ loop unroll FC_POLY2_MAX_VERTS - 2;
    for (int32_t j = 3; j <= FC_POLY2_MAX_VERTS; j++) {
        fc_poly2 b = any_poly2(j);
        sink_int = fc_contact_circle_poly2(&a, &b, &sink_contact);
    }
}

void proof_contact_aabb2_aabb2(void)
{
    fc_aabb2 a = any_aabb2();
    fc_aabb2 b = any_aabb2();
    sink_int = fc_contact_aabb2_aabb2(&a, &b, &sink_contact);
}

void proof_contact_aabb2_obb2(void)
{
    fc_aabb2 a = any_aabb2();
    fc_obb2 b = any_obb2();
    sink_int = fc_contact_aabb2_obb2(&a, &b, &sink_contact);
}

void proof_contact_aabb2_capsule2(void)
{
    fc_aabb2 a = any_aabb2();
    fc_capsule2 b = any_capsule2();
    sink_int = fc_contact_aabb2_capsule2(&a, &b, &sink_contact);
}

void proof_contact_aabb2_poly2(void)
{
    fc_aabb2 a = any_aabb2();
    //@ loop unroll FC_POLY2_MAX_VERTS - 2;
    for (int32_t j = 3; j <= FC_POLY2_MAX_VERTS; j++) {
        fc_poly2 b = any_poly2(j);
        sink_int = fc_contact_aabb2_poly2(&a, &b, &sink_contact);
    }
}

void proof_contact_obb2_capsule2(void)
{
    fc_obb2 a = any_obb2();
    fc_capsule2 b = any_capsule2();
    sink_int = fc_contact_obb2_capsule2(&a, &b, &sink_contact);
}

void proof_contact_obb2_poly2(void)
{
    fc_obb2 a = any_obb2();
    //@ loop unroll FC_POLY2_MAX_VERTS - 2;
    for (int32_t j = 3; j <= FC_POLY2_MAX_VERTS; j++) {
        fc_poly2 b = any_poly2(j);
        sink_int = fc_contact_obb2_poly2(&a, &b, &sink_contact);
    }
}

void proof_contact_capsule2_capsule2(void)
{
    fc_capsule2 a = any_capsule2();
    fc_capsule2 b = any_capsule2();
    sink_int = fc_contact_capsule2_capsule2(&a, &b, &sink_contact);
}

void proof_contact_capsule2_poly2(void)
{
    fc_capsule2 a = any_capsule2();
    //@ loop unroll FC_POLY2_MAX_VERTS - 2;
    for (int32_t j = 3; j <= FC_POLY2_MAX_VERTS; j++) {
        fc_poly2 b = any_poly2(j);
        sink_int = fc_contact_capsule2_poly2(&a, &b, &sink_contact);
    }
}

void proof_contact_poly2_poly2(void)
{
    //@ loop unroll FC_POLY2_MAX_VERTS - 2;
    for (int32_t i = 3; i <= FC_POLY2_MAX_VERTS; i++) {
        fc_poly2 a = any_poly2(i);
        //@ loop unroll FC_POLY2_MAX_VERTS - 2;
        for (int32_t j = 3; j <= FC_POLY2_MAX_VERTS; j++) {
            fc_poly2 b = any_poly2(j);
            sink_int = fc_contact_poly2_poly2(&a, &b, &sink_contact);
        }
    }
}

/* fc_overlap2 / fc_contact2: every ordered pair of types, one entry per type
 * of the first shape (OBB pairs drawn chunk by chunk as above). */
static fc_shape2 shape2(fc_shape2_type t)
{
    fc_shape2 s;
    memset(&s, 0, sizeof s);
    s.type = t;
    return s;
}

static void call2(const fc_shape2 *a, const fc_shape2 *b, int contact)
{
    sink_int = contact ? fc_contact2(a, b, &sink_contact) : fc_overlap2(a, b);
}

/* a of type circle, b of every type. */
static void from_circle(int contact)
{
    {
        fc_shape2 a = shape2(FC_SHAPE2_CIRCLE);
        a.u.circle = any_circle();
        fc_shape2 b = shape2(FC_SHAPE2_CIRCLE);
        b.u.circle = any_circle();
        call2(&a, &b, contact);
    }
    {
        fc_shape2 a = shape2(FC_SHAPE2_CIRCLE);
        a.u.circle = any_circle();
        fc_shape2 b = shape2(FC_SHAPE2_AABB);
        b.u.aabb = any_aabb2();
        call2(&a, &b, contact);
    }
    {
        fc_shape2 a = shape2(FC_SHAPE2_CIRCLE);
        a.u.circle = any_circle();
        fc_shape2 b = shape2(FC_SHAPE2_OBB);
        b.u.obb = any_obb2();
        call2(&a, &b, contact);
    }
    {
        fc_shape2 a = shape2(FC_SHAPE2_CIRCLE);
        a.u.circle = any_circle();
        fc_shape2 b = shape2(FC_SHAPE2_CAPSULE);
        b.u.capsule = any_capsule2();
        call2(&a, &b, contact);
    }
    {
        fc_shape2 a = shape2(FC_SHAPE2_CIRCLE);
        a.u.circle = any_circle();
        //@ loop unroll FC_POLY2_MAX_VERTS - 2;
        for (int32_t j = 3; j <= FC_POLY2_MAX_VERTS; j++) {
            fc_shape2 b = shape2(FC_SHAPE2_POLY);
            b.u.poly = any_poly2(j);
            call2(&a, &b, contact);
        }
    }
}

/* a of type aabb2, b of every type. */
static void from_aabb2(int contact)
{
    {
        fc_shape2 a = shape2(FC_SHAPE2_AABB);
        a.u.aabb = any_aabb2();
        fc_shape2 b = shape2(FC_SHAPE2_CIRCLE);
        b.u.circle = any_circle();
        call2(&a, &b, contact);
    }
    {
        fc_shape2 a = shape2(FC_SHAPE2_AABB);
        a.u.aabb = any_aabb2();
        fc_shape2 b = shape2(FC_SHAPE2_AABB);
        b.u.aabb = any_aabb2();
        call2(&a, &b, contact);
    }
    {
        fc_shape2 a = shape2(FC_SHAPE2_AABB);
        a.u.aabb = any_aabb2();
        fc_shape2 b = shape2(FC_SHAPE2_OBB);
        b.u.obb = any_obb2();
        call2(&a, &b, contact);
    }
    {
        fc_shape2 a = shape2(FC_SHAPE2_AABB);
        a.u.aabb = any_aabb2();
        fc_shape2 b = shape2(FC_SHAPE2_CAPSULE);
        b.u.capsule = any_capsule2();
        call2(&a, &b, contact);
    }
    {
        fc_shape2 a = shape2(FC_SHAPE2_AABB);
        a.u.aabb = any_aabb2();
        //@ loop unroll FC_POLY2_MAX_VERTS - 2;
        for (int32_t j = 3; j <= FC_POLY2_MAX_VERTS; j++) {
            fc_shape2 b = shape2(FC_SHAPE2_POLY);
            b.u.poly = any_poly2(j);
            call2(&a, &b, contact);
        }
    }
}

/* a of type obb2, b of every other type. */
static void from_obb2(int contact)
{
    {
        fc_shape2 a = shape2(FC_SHAPE2_OBB);
        a.u.obb = any_obb2();
        fc_shape2 b = shape2(FC_SHAPE2_CIRCLE);
        b.u.circle = any_circle();
        call2(&a, &b, contact);
    }
    {
        fc_shape2 a = shape2(FC_SHAPE2_OBB);
        a.u.obb = any_obb2();
        fc_shape2 b = shape2(FC_SHAPE2_AABB);
        b.u.aabb = any_aabb2();
        call2(&a, &b, contact);
    }
    {
        fc_shape2 a = shape2(FC_SHAPE2_OBB);
        a.u.obb = any_obb2();
        fc_shape2 b = shape2(FC_SHAPE2_CAPSULE);
        b.u.capsule = any_capsule2();
        call2(&a, &b, contact);
    }
    {
        fc_shape2 a = shape2(FC_SHAPE2_OBB);
        a.u.obb = any_obb2();
        //@ loop unroll FC_POLY2_MAX_VERTS - 2;
        for (int32_t j = 3; j <= FC_POLY2_MAX_VERTS; j++) {
            fc_shape2 b = shape2(FC_SHAPE2_POLY);
            b.u.poly = any_poly2(j);
            call2(&a, &b, contact);
        }
    }
}

/* OBB, OBB: chunk by chunk as for fc_contact_obb2_obb2 (its own entries,
 * analysed with that harness's options). */
static void obb_obb2(int contact)
{
    {
        //@ loop unroll OBB_CHUNKS;
        for (uint32_t i = 0; i < OBB_CHUNKS; i++) {
            fc_shape2 a = shape2(FC_SHAPE2_OBB);
            a.u.obb = obb_in(i);
            //@ loop unroll OBB_CHUNKS;
            for (uint32_t j = 0; j < OBB_CHUNKS; j++) {
                fc_shape2 b = shape2(FC_SHAPE2_OBB);
                b.u.obb = obb_in(j);
                call2(&a, &b, contact);
            }
        }
    }
}

/* a of type capsule2, b of every type. */
static void from_capsule2(int contact)
{
    {
        fc_shape2 a = shape2(FC_SHAPE2_CAPSULE);
        a.u.capsule = any_capsule2();
        fc_shape2 b = shape2(FC_SHAPE2_CIRCLE);
        b.u.circle = any_circle();
        call2(&a, &b, contact);
    }
    {
        fc_shape2 a = shape2(FC_SHAPE2_CAPSULE);
        a.u.capsule = any_capsule2();
        fc_shape2 b = shape2(FC_SHAPE2_AABB);
        b.u.aabb = any_aabb2();
        call2(&a, &b, contact);
    }
    {
        fc_shape2 a = shape2(FC_SHAPE2_CAPSULE);
        a.u.capsule = any_capsule2();
        fc_shape2 b = shape2(FC_SHAPE2_OBB);
        b.u.obb = any_obb2();
        call2(&a, &b, contact);
    }
    {
        fc_shape2 a = shape2(FC_SHAPE2_CAPSULE);
        a.u.capsule = any_capsule2();
        fc_shape2 b = shape2(FC_SHAPE2_CAPSULE);
        b.u.capsule = any_capsule2();
        call2(&a, &b, contact);
    }
    {
        fc_shape2 a = shape2(FC_SHAPE2_CAPSULE);
        a.u.capsule = any_capsule2();
        //@ loop unroll FC_POLY2_MAX_VERTS - 2;
        for (int32_t j = 3; j <= FC_POLY2_MAX_VERTS; j++) {
            fc_shape2 b = shape2(FC_SHAPE2_POLY);
            b.u.poly = any_poly2(j);
            call2(&a, &b, contact);
        }
    }
}

/* a of type poly2, b of every type. */
static void from_poly2(int contact)
{
    {
        //@ loop unroll FC_POLY2_MAX_VERTS - 2;
        for (int32_t i = 3; i <= FC_POLY2_MAX_VERTS; i++) {
            fc_shape2 a = shape2(FC_SHAPE2_POLY);
            a.u.poly = any_poly2(i);
            fc_shape2 b = shape2(FC_SHAPE2_CIRCLE);
            b.u.circle = any_circle();
            call2(&a, &b, contact);
        }
    }
    {
        //@ loop unroll FC_POLY2_MAX_VERTS - 2;
        for (int32_t i = 3; i <= FC_POLY2_MAX_VERTS; i++) {
            fc_shape2 a = shape2(FC_SHAPE2_POLY);
            a.u.poly = any_poly2(i);
            fc_shape2 b = shape2(FC_SHAPE2_AABB);
            b.u.aabb = any_aabb2();
            call2(&a, &b, contact);
        }
    }
    {
        //@ loop unroll FC_POLY2_MAX_VERTS - 2;
        for (int32_t i = 3; i <= FC_POLY2_MAX_VERTS; i++) {
            fc_shape2 a = shape2(FC_SHAPE2_POLY);
            a.u.poly = any_poly2(i);
            fc_shape2 b = shape2(FC_SHAPE2_OBB);
            b.u.obb = any_obb2();
            call2(&a, &b, contact);
        }
    }
    {
        //@ loop unroll FC_POLY2_MAX_VERTS - 2;
        for (int32_t i = 3; i <= FC_POLY2_MAX_VERTS; i++) {
            fc_shape2 a = shape2(FC_SHAPE2_POLY);
            a.u.poly = any_poly2(i);
            fc_shape2 b = shape2(FC_SHAPE2_CAPSULE);
            b.u.capsule = any_capsule2();
            call2(&a, &b, contact);
        }
    }
    {
        //@ loop unroll FC_POLY2_MAX_VERTS - 2;
        for (int32_t i = 3; i <= FC_POLY2_MAX_VERTS; i++) {
            fc_shape2 a = shape2(FC_SHAPE2_POLY);
            a.u.poly = any_poly2(i);
            //@ loop unroll FC_POLY2_MAX_VERTS - 2;
            for (int32_t j = 3; j <= FC_POLY2_MAX_VERTS; j++) {
                fc_shape2 b = shape2(FC_SHAPE2_POLY);
                b.u.poly = any_poly2(j);
                call2(&a, &b, contact);
            }
        }
    }
}

void proof_overlap2_circle_any(void) { from_circle(0); }
void proof_contact2_circle_any(void) { from_circle(1); }

void proof_overlap2_aabb2_any(void) { from_aabb2(0); }
void proof_contact2_aabb2_any(void) { from_aabb2(1); }

void proof_overlap2_obb2_any(void) { from_obb2(0); }
void proof_contact2_obb2_any(void) { from_obb2(1); }

void proof_overlap2_capsule2_any(void) { from_capsule2(0); }
void proof_contact2_capsule2_any(void) { from_capsule2(1); }

void proof_overlap2_poly2_any(void) { from_poly2(0); }
void proof_contact2_poly2_any(void) { from_poly2(1); }
void proof_overlap2_obb2_obb2(void) { obb_obb2(0); }
void proof_contact2_obb2_obb2(void) { obb_obb2(1); }
