/* SPDX-License-Identifier: MIT */
/* fc_overlap2 / fc_contact2: dispatch on the type tags. A pair given in
 * reverse type order calls the canonical function with the shapes swapped
 * and negates the normal. */
#include <assert.h>
#include <string.h>

#include <fixcol/collide2d.h>

#include "collide2d_order.h"

#include "core/nofloat.h"

#define FC2_KEY(ta, tb) ((int)(ta) * 8 + (int)(tb))

/* a->type <= b->type. out == NULL: overlap only. */
static int canonical(const fc_shape2 *a, const fc_shape2 *b, fc_contact2_result *out)
{
#define FC2_CASE(TA, TB, NA, NB, MA, MB)                                                  \
    case FC2_KEY(TA, TB):                                                                 \
        return out == NULL ? fc_overlap_##NA##_##NB(&a->u.MA, &b->u.MB)                   \
                           : fc_contact_##NA##_##NB(&a->u.MA, &b->u.MB, out);
    switch (FC2_KEY(a->type, b->type)) {
    FC2_CASE(FC_SHAPE2_CIRCLE, FC_SHAPE2_CIRCLE, circle, circle, circle, circle)
    FC2_CASE(FC_SHAPE2_CIRCLE, FC_SHAPE2_AABB, circle, aabb2, circle, aabb)
    FC2_CASE(FC_SHAPE2_CIRCLE, FC_SHAPE2_OBB, circle, obb2, circle, obb)
    FC2_CASE(FC_SHAPE2_CIRCLE, FC_SHAPE2_CAPSULE, circle, capsule2, circle, capsule)
    FC2_CASE(FC_SHAPE2_CIRCLE, FC_SHAPE2_POLY, circle, poly2, circle, poly)
    FC2_CASE(FC_SHAPE2_AABB, FC_SHAPE2_AABB, aabb2, aabb2, aabb, aabb)
    FC2_CASE(FC_SHAPE2_AABB, FC_SHAPE2_OBB, aabb2, obb2, aabb, obb)
    FC2_CASE(FC_SHAPE2_AABB, FC_SHAPE2_CAPSULE, aabb2, capsule2, aabb, capsule)
    FC2_CASE(FC_SHAPE2_AABB, FC_SHAPE2_POLY, aabb2, poly2, aabb, poly)
    FC2_CASE(FC_SHAPE2_OBB, FC_SHAPE2_OBB, obb2, obb2, obb, obb)
    FC2_CASE(FC_SHAPE2_OBB, FC_SHAPE2_CAPSULE, obb2, capsule2, obb, capsule)
    FC2_CASE(FC_SHAPE2_OBB, FC_SHAPE2_POLY, obb2, poly2, obb, poly)
    FC2_CASE(FC_SHAPE2_CAPSULE, FC_SHAPE2_CAPSULE, capsule2, capsule2, capsule, capsule)
    FC2_CASE(FC_SHAPE2_CAPSULE, FC_SHAPE2_POLY, capsule2, poly2, capsule, poly)
    FC2_CASE(FC_SHAPE2_POLY, FC_SHAPE2_POLY, poly2, poly2, poly, poly)
    default:
        break;
    }
#undef FC2_CASE
    assert(!"fc_overlap2/fc_contact2: unknown shape type");
    return 0;
}

static int known(const fc_shape2 *s)
{
    return s->type >= FC_SHAPE2_CIRCLE && s->type <= FC_SHAPE2_POLY;
}

int fc_overlap2(const fc_shape2 *a, const fc_shape2 *b)
{
    assert(a != NULL && b != NULL);
    if (!known(a) || !known(b)) {
        assert(!"fc_overlap2: unknown shape type");
        return 0;
    }
    return a->type <= b->type ? canonical(a, b, NULL) : canonical(b, a, NULL);
}

int fc_contact2(const fc_shape2 *a, const fc_shape2 *b, fc_contact2_result *out)
{
    assert(a != NULL && b != NULL && out != NULL);
    memset(out, 0, sizeof *out);
    if (!known(a) || !known(b)) {
        assert(!"fc_contact2: unknown shape type");
        return 0;
    }
    if (a->type <= b->type)
        return canonical(a, b, out);
    return fc2_flip(canonical(b, a, out), out);
}
