/* SPDX-License-Identifier: MIT */
/* The box pairs: AABB3/AABB3, AABB3/OBB3, OBB3/OBB3 and the reversed
 * OBB3/AABB3 (fixcol/collide3d.h). Same-type contacts run in a canonical
 * argument order so that reversing the arguments flips the normal exactly. */
#include "collide3d_internal.h"

#include "core/nofloat.h"

int fc_overlap_aabb3_aabb3(const fc_aabb3 *a, const fc_aabb3 *b)
{
    return a->min.x <= b->max.x && b->min.x <= a->max.x && a->min.y <= b->max.y && b->min.y <= a->max.y &&
           a->min.z <= b->max.z && b->min.z <= a->max.z;
}

int fc_overlap_aabb3_obb3(const fc_aabb3 *a, const fc_obb3 *b)
{
    fc3_box x = fc3_box_from_aabb(a), y = fc3_box_from_obb(b);
    return fc3_box_overlap(&x, &y);
}

int fc_overlap_obb3_obb3(const fc_obb3 *a, const fc_obb3 *b)
{
    fc3_box x = fc3_box_from_obb(a), y = fc3_box_from_obb(b);
    return fc3_box_overlap(&x, &y);
}

int fc_overlap_obb3_aabb3(const fc_obb3 *a, const fc_aabb3 *b) { return fc_overlap_aabb3_obb3(b, a); }

/* Contact of boxes x (from shape A) and y (from B) ordered by their fields
 * (order = comparison of A's fields with B's): computed for the smaller
 * first, flipped when swapped, zero normal when equal. */
static int ordered_contact(const fc3_box *x, const fc3_box *y, int order, fc_contact3_result *out)
{
    fc_contact3_result c = {{0, 0, 0}, 0, {0, 0, 0}}; /* set when there is a contact; zeroed for the analysis */
    if (!(order <= 0 ? fc3_box_contact(x, y, &c) : fc3_box_contact(y, x, &c)))
        return 0;
    if (order > 0)
        c = fc3_flip(c);
    if (order == 0)
        c.normal = (fc_vec3){ 0, 0, 0 };
    *out = c;
    return 1;
}

static void aabb_fields(const fc_aabb3 *b, int32_t f[6])
{
    f[0] = b->min.x, f[1] = b->min.y, f[2] = b->min.z;
    f[3] = b->max.x, f[4] = b->max.y, f[5] = b->max.z;
}

static void obb_fields(const fc_obb3 *b, int32_t f[15])
{
    f[0] = b->center.x, f[1] = b->center.y, f[2] = b->center.z;
    f[3] = b->half.x, f[4] = b->half.y, f[5] = b->half.z;
    for (int i = 0; i < 3; i++) {
        f[6 + 3 * i] = b->axis[i].x;
        f[7 + 3 * i] = b->axis[i].y;
        f[8 + 3 * i] = b->axis[i].z;
    }
}

int fc_contact_aabb3_aabb3(const fc_aabb3 *a, const fc_aabb3 *b, fc_contact3_result *out)
{
    if (!fc_overlap_aabb3_aabb3(a, b))
        return 0;
    int32_t fa[6], fb[6];
    aabb_fields(a, fa);
    aabb_fields(b, fb);
    fc3_box x = fc3_box_from_aabb(a), y = fc3_box_from_aabb(b);
    return ordered_contact(&x, &y, fc3_cmp_fields(fa, fb, 6), out);
}

int fc_contact_aabb3_obb3(const fc_aabb3 *a, const fc_obb3 *b, fc_contact3_result *out)
{
    fc3_box x = fc3_box_from_aabb(a), y = fc3_box_from_obb(b);
    return fc3_box_contact(&x, &y, out);
}

int fc_contact_obb3_obb3(const fc_obb3 *a, const fc_obb3 *b, fc_contact3_result *out)
{
    int32_t fa[15], fb[15];
    obb_fields(a, fa);
    obb_fields(b, fb);
    fc3_box x = fc3_box_from_obb(a), y = fc3_box_from_obb(b);
    return ordered_contact(&x, &y, fc3_cmp_fields(fa, fb, 15), out);
}

int fc_contact_obb3_aabb3(const fc_obb3 *a, const fc_aabb3 *b, fc_contact3_result *out)
{
    fc_contact3_result c = {{0, 0, 0}, 0, {0, 0, 0}}; /* set when there is a contact */
    if (!fc_contact_aabb3_obb3(b, a, &c))
        return 0;
    *out = fc3_flip(c);
    return 1;
}
