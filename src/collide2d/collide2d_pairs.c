/* SPDX-License-Identifier: MIT */
/* The canonical pair functions (type order circle < aabb2 < obb2 < capsule2
 * < poly2). OBB-OBB lives in collide2d_obb.c; circle-circle and AABB-AABB
 * overlaps are direct int64 tests; every other pair converts both shapes to
 * cores (collide2d_core.c). Same-type contacts are computed in the
 * canonical order (collide2d_order.h) so that reversing the call only
 * negates the normal. */
#include <assert.h>
#include <stddef.h>

#include <fixcol/collide2d.h>

#include "collide2d_core.h"
#include "collide2d_order.h"

#include "core/nofloat.h"

#define FC2_CORE_OVERLAP(NA, TA, CA, NB, TB, CB)                              \
    int fc_overlap_##NA##_##NB(const TA *a, const TB *b)                      \
    {                                                                         \
        fc2_core x, y;                                                        \
        assert(a != NULL && b != NULL);                                       \
        CA(a, &x);                                                            \
        CB(b, &y);                                                            \
        return fc2_core_overlap(&x, &y);                                      \
    }

#define FC2_CORE_CONTACT(NA, TA, CA, NB, TB, CB)                              \
    int fc_contact_##NA##_##NB(const TA *a, const TB *b, fc_contact2_result *out)    \
    {                                                                         \
        fc2_core x, y;                                                        \
        assert(a != NULL && b != NULL && out != NULL);                        \
        CA(a, &x);                                                            \
        CB(b, &y);                                                            \
        return fc2_core_contact(&x, &y, out);                                 \
    }

/* Same type: contact in canonical order. */
#define FC2_CORE_CONTACT_SAME(N, T, C, CMP)                                   \
    int fc_contact_##N##_##N(const T *a, const T *b, fc_contact2_result *out)        \
    {                                                                         \
        fc2_core x, y;                                                        \
        assert(a != NULL && b != NULL && out != NULL);                        \
        int swap = CMP(a, b) > 0;                                             \
        C(swap ? b : a, &x);                                                  \
        C(swap ? a : b, &y);                                                  \
        int hit = fc2_core_contact(&x, &y, out);                              \
        return swap ? fc2_flip(hit, out) : hit;                               \
    }

#define FC2_CORE_PAIR(NA, TA, CA, NB, TB, CB)                                 \
    FC2_CORE_OVERLAP(NA, TA, CA, NB, TB, CB)                                  \
    FC2_CORE_CONTACT(NA, TA, CA, NB, TB, CB)

int fc_overlap_circle_circle(const fc_circle *a, const fc_circle *b)
{
    assert(a != NULL && b != NULL);
    /* |d|^2 <= 2^61, (ra + rb)^2 <= 2^58: exact in int64. */
    int64_t dx = (int64_t)b->center.x - a->center.x, dy = (int64_t)b->center.y - a->center.y;
    int64_t r = (int64_t)a->radius + b->radius;
    return dx * dx + dy * dy <= r * r;
}

int fc_overlap_aabb2_aabb2(const fc_aabb2 *a, const fc_aabb2 *b)
{
    assert(a != NULL && b != NULL);
    return a->min.x <= b->max.x && b->min.x <= a->max.x && a->min.y <= b->max.y && b->min.y <= a->max.y;
}

FC2_CORE_CONTACT_SAME(circle, fc_circle, fc2_core_circle, fc2_cmp_circle)
FC2_CORE_CONTACT_SAME(aabb2, fc_aabb2, fc2_core_aabb, fc2_cmp_aabb)
FC2_CORE_OVERLAP(capsule2, fc_capsule2, fc2_core_capsule, capsule2, fc_capsule2, fc2_core_capsule)
FC2_CORE_CONTACT_SAME(capsule2, fc_capsule2, fc2_core_capsule, fc2_cmp_capsule)
FC2_CORE_OVERLAP(poly2, fc_poly2, fc2_core_poly, poly2, fc_poly2, fc2_core_poly)
FC2_CORE_CONTACT_SAME(poly2, fc_poly2, fc2_core_poly, fc2_cmp_poly)

FC2_CORE_PAIR(circle, fc_circle, fc2_core_circle, aabb2, fc_aabb2, fc2_core_aabb)
FC2_CORE_PAIR(circle, fc_circle, fc2_core_circle, obb2, fc_obb2, fc2_core_obb)
FC2_CORE_PAIR(circle, fc_circle, fc2_core_circle, capsule2, fc_capsule2, fc2_core_capsule)
FC2_CORE_PAIR(circle, fc_circle, fc2_core_circle, poly2, fc_poly2, fc2_core_poly)
FC2_CORE_PAIR(aabb2, fc_aabb2, fc2_core_aabb, obb2, fc_obb2, fc2_core_obb)
FC2_CORE_PAIR(aabb2, fc_aabb2, fc2_core_aabb, capsule2, fc_capsule2, fc2_core_capsule)
FC2_CORE_PAIR(aabb2, fc_aabb2, fc2_core_aabb, poly2, fc_poly2, fc2_core_poly)
FC2_CORE_PAIR(obb2, fc_obb2, fc2_core_obb, capsule2, fc_capsule2, fc2_core_capsule)
FC2_CORE_PAIR(obb2, fc_obb2, fc2_core_obb, poly2, fc_poly2, fc2_core_poly)
FC2_CORE_PAIR(capsule2, fc_capsule2, fc2_core_capsule, poly2, fc_poly2, fc2_core_poly)
