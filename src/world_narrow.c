/* SPDX-License-Identifier: MIT */
/* The world's exact shape test for a pair of bodies (or a body and a query
 * shape held in a scratch fc_body): the integer bounds first - they are
 * conservative (rounded outward), so they only reject disjoint shapes -
 * then the narrowphase of the world's dimension (fc_overlap2 /
 * fc_overlap3). */
#include "world_internal.h"

#include <fixcol/collide2d.h>
#include <fixcol/collide3d.h>

#include "nofloat.h"

static int bounds_meet(const fc_body *a, const fc_body *b, int dims)
{
    for (int i = 0; i < dims; i++)
        if (a->max[i] < b->min[i] || b->max[i] < a->min[i])
            return 0;
    return 1;
}

int fc_world_bodies_overlap(const fc_world *w, const fc_body *a, const fc_body *b)
{
    if (w->def.dim == FC_WORLD_3D)
        return bounds_meet(a, b, 3) && fc_overlap3(&a->shape.s3, &b->shape.s3);
    return bounds_meet(a, b, 2) && fc_overlap2(&a->shape.s2, &b->shape.s2);
}
