/* SPDX-License-Identifier: MIT */
/* EVA harness for fc_pushout2 over the 9 ordered pairs of circle, AABB2
 * and capsule, each shape drawn from its whole range (proof_shapes2d.h). */
#include "proof.h"

#include <fixcol/pushout.h>

#include "proof_shapes2d.h"

int sink_status;
fc_vec2 sink_pushout2;

static fc_shape2 any_round_or_box(int t)
{
    fc_shape2 s;
    if (t == 0) {
        s.type = FC_SHAPE2_CIRCLE;
        s.u.circle = any_circle();
    } else if (t == 1) {
        s.type = FC_SHAPE2_AABB;
        s.u.aabb = any_aabb2();
    } else {
        s.type = FC_SHAPE2_CAPSULE;
        s.u.capsule = any_capsule2();
    }
    return s;
}

void proof_pushout2_round_pairs(void)
{
    //@ loop unroll 3;
    for (int ta = 0; ta < 3; ta++) {
        //@ loop unroll 3;
        for (int tb = 0; tb < 3; tb++) {
            fc_shape2 a = any_round_or_box(ta), b = any_round_or_box(tb);
            fc_vec2 d = fc_vec2_make(0, 0);
            sink_status = (int)fc_pushout2(&a, &b, &d);
            sink_pushout2 = d;
        }
    }
}
