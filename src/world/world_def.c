/* SPDX-License-Identifier: MIT */
/* The defaults of world, body and filter definitions, and the check of a
 * world definition (world creation and snapshot restore share it). */
#include "world_internal.h"

#include <string.h>

#include "core/nofloat.h"

fc_world_def fc_world_def_default(void)
{
    fc_world_def d;
    memset(&d, 0, sizeof d);
    d.dim = FC_WORLD_2D;
    d.bounds_log2 = 10;
    d.max_depth = 5;
    d.layout = FC_QT_LOOSE;
    d.tag = 1;
    return d;
}

fc_filter fc_filter_default(void)
{
    fc_filter f;
    f.category = 1;
    f.mask = 0xFFFFFFFFu;
    return f;
}

fc_body_def fc_body_def_default(void)
{
    fc_body_def d;
    memset(&d, 0, sizeof d);
    d.shape2.type = FC_SHAPE2_CIRCLE;
    d.shape2.u.circle.radius = fix16_one;
    d.shape3.type = FC_SHAPE3_SPHERE;
    d.shape3.u.sphere.radius = fix16_one;
    d.filter = fc_filter_default();
    return d;
}

fc_status fc_world_check_def(const fc_world_def *def, fc_qt_def *qd)
{
    if (def->dim != FC_WORLD_2D && def->dim != FC_WORLD_3D)
        return FC_ERR_ARGUMENT;
    if (def->bounds_min.x < -FC_COORD_LIMIT || def->bounds_min.x > FC_COORD_LIMIT ||
        def->bounds_min.y < -FC_COORD_LIMIT || def->bounds_min.y > FC_COORD_LIMIT)
        return FC_ERR_RANGE;
    if (def->bounds_log2 < 0 || def->bounds_log2 > 14 || def->max_depth < 0 || def->max_depth > FC_QT_MAX_DEPTH ||
        def->max_depth > def->bounds_log2 + 16 || def->body_capacity < 0 ||
        def->body_capacity > FC_WORLD_MAX_BODIES || def->pair_capacity < 0 ||
        (def->layout != FC_QT_LOOSE && def->layout != FC_QT_STRICT) ||
        (def->alloc.alloc == NULL) != (def->alloc.free == NULL))
        return FC_ERR_ARGUMENT;
    *qd = fc_qt_def_default();
    qd->origin_u = def->bounds_min.x;
    qd->origin_v = def->bounds_min.y;
    qd->size_log2 = def->bounds_log2 + 16;
    qd->max_depth = def->max_depth;
    qd->item_capacity = def->body_capacity;
    qd->layout = def->layout;
    qd->alloc = def->alloc;
    return FC_OK;
}
