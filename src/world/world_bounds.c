/* SPDX-License-Identifier: MIT */
/* The broadphase box of a body's bounds: the two axes of the world's
 * quadtree plane ((x, y) in 2D, (x, z) in 3D). The bounds themselves come
 * from shapes/shape_bounds.c. */
#include "world_internal.h"

#include "core/nofloat.h"

fc_qt_box fc_world_qt_box(const fc_world *w, const int32_t min[3], const int32_t max[3])
{
    int v = w->def.dim == FC_WORLD_3D ? 2 : 1;
    fc_qt_box b;
    b.min_u = min[0];
    b.max_u = max[0];
    b.min_v = min[v];
    b.max_v = max[v];
    return b;
}
