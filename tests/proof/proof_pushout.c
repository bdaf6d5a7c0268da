/* SPDX-License-Identifier: MIT */
/* EVA harnesses for the push-out's integer helpers (src/pushout/pushout_step.c) at
 * their documented ranges, and fc_pushout2 on two arbitrary circles (the
 * whole loop: validation, contact, scaled normal, range checks, overlap),
 * an AABB2 and a circle, and fc_pushout3 on two arbitrary spheres. */
#include "proof.h"

#include <fixcol/pushout.h>

#include "pushout/pushout_step.h"
#include "proof_shapes2d.h"

int64_t sink_i64;
int sink_int;
int32_t sink_i32;
fc_vec2 sink_v2;

void proof_pushout_step(void)
{
    int k = Frama_C_int_interval(0, FC_PUSHOUT_MAX_ROUNDS - 1);
    sink_i64 = fc_pushout_step(ANY_I32(), Frama_C_int_interval(0, 1), k);
}

void proof_pushout_scale(void)
{
    int64_t s = (int64_t)Frama_C_long_long_interval(0, FC_PUSHOUT_MAX_STEP);
    sink_i64 = fc_pushout_scale(I32_IN(-(1 << 17), 1 << 17), s);
}

void proof_pushout_move(void)
{
    int64_t d = (int64_t)Frama_C_long_long_interval(-((int64_t)1 << 52), (int64_t)1 << 52);
    int32_t out = 0;
    sink_int = fc_pushout_move(I32_IN(-FC_COORD_LIMIT, FC_COORD_LIMIT), d, &out);
    sink_i32 = out;
}

void proof_pushout2_circles(void)
{
    fc_shape2 a, b;
    a.type = b.type = FC_SHAPE2_CIRCLE;
    a.u.circle = any_circle();
    b.u.circle = any_circle();
    fc_vec2 d = fc_vec2_make(0, 0);
    sink_int = (int)fc_pushout2(&a, &b, &d);
    sink_v2 = d;
}

void proof_pushout2_aabb2_circle(void)
{
    fc_shape2 a, b;
    a.type = FC_SHAPE2_AABB;
    b.type = FC_SHAPE2_CIRCLE;
    a.u.aabb = any_aabb2();
    b.u.circle = any_circle();
    fc_vec2 d = fc_vec2_make(0, 0);
    sink_int = (int)fc_pushout2(&a, &b, &d);
    sink_v2 = d;
}

fc_vec3 sink_v3;

void proof_pushout3_spheres(void)
{
    fc_shape3 a, b;
    a.type = b.type = FC_SHAPE3_SPHERE;
    a.u.sphere.center = fc_vec3_make(COORD(), COORD(), COORD());
    a.u.sphere.radius = I32_IN(0, FC_SIZE_LIMIT);
    b.u.sphere.center = fc_vec3_make(COORD(), COORD(), COORD());
    b.u.sphere.radius = I32_IN(0, FC_SIZE_LIMIT);
    fc_vec3 d = fc_vec3_make(0, 0, 0);
    sink_int = (int)fc_pushout3(&a, &b, &d);
    sink_v3 = d;
}
