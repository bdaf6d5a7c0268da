/* SPDX-License-Identifier: MIT */
/* EVA harnesses: the 3D capsule pair tests (src/collide3d/collide3d_capsule*.c,
 * collide3d_segment.c) over the whole documented range: every coordinate in
 * [-FC_COORD_LIMIT, FC_COORD_LIMIT], radii in [0, FC_SIZE_LIMIT], boxes as in
 * proof_collide3d.c (OBB3 axis components anywhere in +-(1 + 2^-12)). */
#include "proof.h"

#include <fixcol/collide3d.h>

int sink_int;
fc_contact3_result sink_contact;

#define COORD() I32_IN(-FC_COORD_LIMIT, FC_COORD_LIMIT)
#define AXIS_C() I32_IN(-(65536 + 16), 65536 + 16)

static fc_vec3 any_point(void) { return fc_vec3_make(COORD(), COORD(), COORD()); }

static fc_sphere any_sphere(void)
{
    fc_sphere s;
    s.center = any_point();
    s.radius = I32_IN(0, FC_SIZE_LIMIT);
    return s;
}

static fc_capsule3 any_capsule3(void)
{
    fc_capsule3 c;
    c.a = any_point();
    c.b = any_point();
    c.radius = I32_IN(0, FC_SIZE_LIMIT);
    return c;
}

static fix16_t span_max(fix16_t min)
{
    int32_t max = min + I32_IN(1, 2 * FC_SIZE_LIMIT);
    return max < FC_COORD_LIMIT ? max : FC_COORD_LIMIT;
}

static fc_aabb3 any_aabb3(void)
{
    fc_aabb3 b;
    b.min = fc_vec3_make(I32_IN(-FC_COORD_LIMIT, FC_COORD_LIMIT - 1), I32_IN(-FC_COORD_LIMIT, FC_COORD_LIMIT - 1),
                         I32_IN(-FC_COORD_LIMIT, FC_COORD_LIMIT - 1));
    b.max = fc_vec3_make(span_max(b.min.x), span_max(b.min.y), span_max(b.min.z));
    return b;
}

static fc_obb3 any_obb3(void)
{
    fc_obb3 b;
    b.center = any_point();
    b.half = fc_vec3_make(I32_IN(1, FC_SIZE_LIMIT), I32_IN(1, FC_SIZE_LIMIT), I32_IN(1, FC_SIZE_LIMIT));
    for (int i = 0; i < 3; i++)
        b.axis[i] = fc_vec3_make(AXIS_C(), AXIS_C(), AXIS_C());
    return b;
}

#define PAIR3(NA, TA, NB, TB)                                                          \
    void proof_overlap_##NA##_##NB(void)                                               \
    {                                                                                  \
        TA a = any_##NA();                                                             \
        TB b = any_##NB();                                                             \
        sink_int = fc_overlap_##NA##_##NB(&a, &b);                                     \
    }                                                                                  \
    void proof_contact_##NA##_##NB(void)                                               \
    {                                                                                  \
        TA a = any_##NA();                                                             \
        TB b = any_##NB();                                                             \
        sink_int = fc_contact_##NA##_##NB(&a, &b, &sink_contact);                      \
    }

PAIR3(capsule3, fc_capsule3, sphere, fc_sphere)
PAIR3(capsule3, fc_capsule3, capsule3, fc_capsule3)
PAIR3(capsule3, fc_capsule3, aabb3, fc_aabb3)
PAIR3(capsule3, fc_capsule3, obb3, fc_obb3)

/* The dispatch (fc_overlap3 / fc_contact3) and fc_pushout3 for every
 * ordered pair with a capsule3 on one side (7 pairs), both shapes drawn
 * from their whole range. */
#include <string.h>

#include <fixcol/pushout.h>

fc_vec3 sink_pushout3;

static fc_shape3 any_shape3(int t)
{
    fc_shape3 s;
    memset(&s, 0, sizeof s);
    s.type = (fc_shape3_type)t;
    if (t == FC_SHAPE3_SPHERE)
        s.u.sphere = any_sphere();
    else if (t == FC_SHAPE3_AABB)
        s.u.aabb = any_aabb3();
    else if (t == FC_SHAPE3_OBB)
        s.u.obb = any_obb3();
    else
        s.u.capsule = any_capsule3();
    return s;
}

/* kind 0: fc_overlap3, 1: fc_contact3, 2: fc_pushout3. */
static void capsule_pairs(int kind)
{
    //@ loop unroll 7;
    for (int k = 0; k < 7; k++) {
        int ta = k < 4 ? FC_SHAPE3_CAPSULE : k - 3, tb = k < 4 ? k + 1 : FC_SHAPE3_CAPSULE;
        fc_shape3 a = any_shape3(ta), b = any_shape3(tb);
        if (kind == 0) {
            sink_int = fc_overlap3(&a, &b);
        } else if (kind == 1) {
            sink_int = fc_contact3(&a, &b, &sink_contact);
        } else {
            fc_vec3 d = fc_vec3_make(0, 0, 0);
            sink_int = (int)fc_pushout3(&a, &b, &d);
            sink_pushout3 = d;
        }
    }
}

void proof_overlap3_capsule_pairs(void) { capsule_pairs(0); }
void proof_contact3_capsule_pairs(void) { capsule_pairs(1); }
void proof_pushout3_capsule_pairs(void) { capsule_pairs(2); }
