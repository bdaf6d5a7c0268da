/* SPDX-License-Identifier: MIT */
/* The world's exact shape test for a pair of bodies (or a body and a query
 * shape held in an fc_body_full): the integer bounds first - they are
 * conservative (rounded outward), so they only reject disjoint shapes -
 * then the narrowphase of the world's dimension (fc_overlap2 /
 * fc_overlap3). */
#include "world_internal.h"

#include <fixcol/collide2d.h>
#include <fixcol/collide3d.h>

#include "core/nofloat.h"

static int bounds_meet(const int32_t *amin, const int32_t *amax, const int32_t *bmin, const int32_t *bmax, int dims)
{
    for (int i = 0; i < dims; i++)
        if (amax[i] < bmin[i] || bmax[i] < amin[i])
            return 0;
    return 1;
}

int fc_world_bodies_overlap(const fc_world *w, const fc_body *a, const fc_body *b)
{
    int32_t amin[3], amax[3], bmin[3], bmax[3];
    fc_body_bounds(w, a, amin, amax);
    fc_body_bounds(w, b, bmin, bmax);
    if (w->def.dim == FC_WORLD_3D) {
        fc_shape3 ta, tb;
        return bounds_meet(amin, amax, bmin, bmax, 3) &&
               fc_overlap3(fc_body_shape3(w, a, &ta), fc_body_shape3(w, b, &tb));
    }
    fc_shape2 ta, tb;
    return bounds_meet(amin, amax, bmin, bmax, 2) &&
           fc_overlap2(fc_body_shape2(w, a, &ta), fc_body_shape2(w, b, &tb));
}

int fc_world_body_meets(const fc_world *w, const fc_body *a, const fc_body_full *q)
{
    int32_t amin[3], amax[3];
    fc_body_bounds(w, a, amin, amax);
    if (w->def.dim == FC_WORLD_3D) {
        fc_shape3 t;
        return bounds_meet(amin, amax, q->min, q->max, 3) && fc_overlap3(fc_body_shape3(w, a, &t), &q->shape.s3);
    }
    fc_shape2 t;
    return bounds_meet(amin, amax, q->min, q->max, 2) && fc_overlap2(fc_body_shape2(w, a, &t), &q->shape.s2);
}
