/* SPDX-License-Identifier: MIT */
/* EVA harness for fc_pushout3 over all 9 ordered type pairs, each shape
 * drawn from the whole range of proof_collide3d.c's generators (included:
 * one translation unit per harness run). */
#include "proof_collide3d.c"

#include <fixcol/pushout.h>

fc_vec3 sink_pushout3;

void proof_pushout3_every_pair(void)
{
    //@ loop unroll 3;
    for (int ta = FC_SHAPE3_SPHERE; ta <= FC_SHAPE3_OBB; ta++) {
        //@ loop unroll 3;
        for (int tb = FC_SHAPE3_SPHERE; tb <= FC_SHAPE3_OBB; tb++) {
            fc_shape3 a = any_shape3((fc_shape3_type)ta);
            fc_shape3 b = any_shape3((fc_shape3_type)tb);
            fc_vec3 d = fc_vec3_make(0, 0, 0);
            sink_int = (int)fc_pushout3(&a, &b, &d);
            sink_pushout3 = d;
        }
    }
}
