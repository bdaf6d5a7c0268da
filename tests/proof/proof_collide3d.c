/* SPDX-License-Identifier: MIT */
/* EVA harnesses for the 3D narrowphase (fixcol/collide3d.h). Each shape is
 * drawn from the whole range of fixcol/shapes.h: coordinates in
 * [-FC_COORD_LIMIT, FC_COORD_LIMIT], radii in [0, FC_SIZE_LIMIT],
 * half-extents in [1, FC_SIZE_LIMIT], AABB3 min < max with a span of at most
 * 2 FC_SIZE_LIMIT per axis. An OBB3's axes are valid when their Gram matrix
 * is the identity within 2^-12 and det >= 0.5 (fc_obb3_validate), relations
 * intervals cannot express: any_obb3 lets every axis component take any
 * value a valid axis can have, |c| <= 1 + 2^-12, independently (a superset
 * of the valid boxes). */
#include "proof.h"

#include <string.h>

#include <fixcol/collide3d.h>

#include "collide3d/collide3d_internal.h"

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

/* max in (min, min + 2 FC_SIZE_LIMIT] and in range, for min < FC_COORD_LIMIT:
 * min + any span, capped at the limit (every valid max is reached). */
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

PAIR3(sphere, fc_sphere, sphere, fc_sphere)
PAIR3(sphere, fc_sphere, aabb3, fc_aabb3)
PAIR3(sphere, fc_sphere, obb3, fc_obb3)
PAIR3(aabb3, fc_aabb3, aabb3, fc_aabb3)
PAIR3(aabb3, fc_aabb3, obb3, fc_obb3)
PAIR3(obb3, fc_obb3, obb3, fc_obb3)

/* fc_overlap3 / fc_contact3 over all 9 ordered type pairs, each with its
 * type tags fixed, so every dispatch case is analysed with both shapes
 * drawn from their whole range. The reversed pairs (AABB3/sphere,
 * OBB3/sphere, OBB3/AABB3) go through fc_*_<b>_<a>, so these entries also
 * cover the reversed wrappers. */
static fc_shape3 any_shape3(fc_shape3_type t)
{
    fc_shape3 s;
    memset(&s, 0, sizeof s);
    s.type = t;
    if (t == FC_SHAPE3_SPHERE)
        s.u.sphere = any_sphere();
    else if (t == FC_SHAPE3_AABB)
        s.u.aabb = any_aabb3();
    else
        s.u.obb = any_obb3();
    return s;
}

static void every_pair3(int contact)
{
    //@ loop unroll 3;
    for (int ta = FC_SHAPE3_SPHERE; ta <= FC_SHAPE3_OBB; ta++) {
        //@ loop unroll 3;
        for (int tb = FC_SHAPE3_SPHERE; tb <= FC_SHAPE3_OBB; tb++) {
            fc_shape3 a = any_shape3((fc_shape3_type)ta);
            fc_shape3 b = any_shape3((fc_shape3_type)tb);
            sink_int = contact ? fc_contact3(&a, &b, &sink_contact) : fc_overlap3(&a, &b);
        }
    }
}

void proof_overlap3_every_pair(void) { every_pair3(0); }
void proof_contact3_every_pair(void) { every_pair3(1); }

/* The 64-bit filter stages on their own (src/collide3d/collide3d_boxfilter.c,
 * src/collide3d/collide3d_sphere_obb_filter.c): every axis estimate and its bound for
 * any two boxes (AABB3 or OBB3 as A), and the sphere/OBB3 decision, over
 * the whole range. The overlap entries above cover them again together
 * with the exact stage behind them. */
int64_t sink_i64;

static fc3_box any_box_a(void)
{
    if (I32_IN(0, 1)) {
        fc_aabb3 a = any_aabb3();
        return fc3_box_from_aabb(&a);
    }
    fc_obb3 o = any_obb3();
    return fc3_box_from_obb(&o);
}

void proof_box_filter_estimate(void)
{
    fc3_box a = any_box_a();
    fc_obb3 o = any_obb3();
    fc3_box b = fc3_box_from_obb(&o);
    int64_t bound = 0;
    //@ loop unroll 15;
    for (int k = 0; k < 15; k++)
        sink_i64 += fc3_box_filter_estimate(&a, &b, k, &bound) / 2 + bound / 2;
}

void proof_sphere_obb_filter(void)
{
    fc_sphere s = any_sphere();
    fc_obb3 b = any_obb3();
    sink_int = fc3_sphere_obb_filter(&s, &b);
}
