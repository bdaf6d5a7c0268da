/* SPDX-License-Identifier: MIT */
/* fc_overlap3 / fc_contact3: dispatch on the shape tags to the pair tests
 * (reversed pairs go through the fc_*_<b>_<a> functions, which flip). */
#include <assert.h>

#include "collide3d_internal.h"

#include "core/nofloat.h"

/* Pair index: 4 * (type a - 1) + (type b - 1), or -1 for an unknown tag. */
static int pair_of(const fc_shape3 *a, const fc_shape3 *b)
{
    int ta = (int)a->type, tb = (int)b->type;
    if (ta < 1 || ta > 4 || tb < 1 || tb > 4) {
        assert(!"fc_overlap3/fc_contact3: unknown shape type");
        return -1;
    }
    return 4 * (ta - 1) + (tb - 1);
}

int fc_overlap3(const fc_shape3 *a, const fc_shape3 *b)
{
    switch (pair_of(a, b)) {
    case 0: return fc_overlap_sphere_sphere(&a->u.sphere, &b->u.sphere);
    case 1: return fc_overlap_sphere_aabb3(&a->u.sphere, &b->u.aabb);
    case 2: return fc_overlap_sphere_obb3(&a->u.sphere, &b->u.obb);
    case 3: return fc_overlap_sphere_capsule3(&a->u.sphere, &b->u.capsule);
    case 4: return fc_overlap_aabb3_sphere(&a->u.aabb, &b->u.sphere);
    case 5: return fc_overlap_aabb3_aabb3(&a->u.aabb, &b->u.aabb);
    case 6: return fc_overlap_aabb3_obb3(&a->u.aabb, &b->u.obb);
    case 7: return fc_overlap_aabb3_capsule3(&a->u.aabb, &b->u.capsule);
    case 8: return fc_overlap_obb3_sphere(&a->u.obb, &b->u.sphere);
    case 9: return fc_overlap_obb3_aabb3(&a->u.obb, &b->u.aabb);
    case 10: return fc_overlap_obb3_obb3(&a->u.obb, &b->u.obb);
    case 11: return fc_overlap_obb3_capsule3(&a->u.obb, &b->u.capsule);
    case 12: return fc_overlap_capsule3_sphere(&a->u.capsule, &b->u.sphere);
    case 13: return fc_overlap_capsule3_aabb3(&a->u.capsule, &b->u.aabb);
    case 14: return fc_overlap_capsule3_obb3(&a->u.capsule, &b->u.obb);
    case 15: return fc_overlap_capsule3_capsule3(&a->u.capsule, &b->u.capsule);
    }
    return 0;
}

int fc_contact3(const fc_shape3 *a, const fc_shape3 *b, fc_contact3_result *out)
{
    switch (pair_of(a, b)) {
    case 0: return fc_contact_sphere_sphere(&a->u.sphere, &b->u.sphere, out);
    case 1: return fc_contact_sphere_aabb3(&a->u.sphere, &b->u.aabb, out);
    case 2: return fc_contact_sphere_obb3(&a->u.sphere, &b->u.obb, out);
    case 3: return fc_contact_sphere_capsule3(&a->u.sphere, &b->u.capsule, out);
    case 4: return fc_contact_aabb3_sphere(&a->u.aabb, &b->u.sphere, out);
    case 5: return fc_contact_aabb3_aabb3(&a->u.aabb, &b->u.aabb, out);
    case 6: return fc_contact_aabb3_obb3(&a->u.aabb, &b->u.obb, out);
    case 7: return fc_contact_aabb3_capsule3(&a->u.aabb, &b->u.capsule, out);
    case 8: return fc_contact_obb3_sphere(&a->u.obb, &b->u.sphere, out);
    case 9: return fc_contact_obb3_aabb3(&a->u.obb, &b->u.aabb, out);
    case 10: return fc_contact_obb3_obb3(&a->u.obb, &b->u.obb, out);
    case 11: return fc_contact_obb3_capsule3(&a->u.obb, &b->u.capsule, out);
    case 12: return fc_contact_capsule3_sphere(&a->u.capsule, &b->u.sphere, out);
    case 13: return fc_contact_capsule3_aabb3(&a->u.capsule, &b->u.aabb, out);
    case 14: return fc_contact_capsule3_obb3(&a->u.capsule, &b->u.obb, out);
    case 15: return fc_contact_capsule3_capsule3(&a->u.capsule, &b->u.capsule, out);
    }
    return 0;
}
