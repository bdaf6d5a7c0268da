/* The world's exact shape test for a pair of bodies (or a body and a query
 * shape held in a scratch fc_body). The integer bounds are tested first;
 * they are conservative (rounded outward), so they only reject pairs whose
 * shapes are disjoint. */
#include "world_internal.h"

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
    return bounds_meet(a, b, w->def.dim == FC_WORLD_3D ? 3 : 2);
}
