/* SPDX-License-Identifier: MIT */
/* Private: the canonical order of two shapes of the same type (field by
 * field, a total order on the values), used so that a same-type contact
 * query and its reversed call compute the same thing and differ only in the
 * sign of the normal. */
#ifndef FIXCOL_COLLIDE2D_ORDER_H
#define FIXCOL_COLLIDE2D_ORDER_H

#include <stdint.h>

#include <fixcol/collide2d.h>

/* -1, 0, 1 comparing n int32 fields in turn. */
static inline int fc2_cmp_fields(const int32_t *a, const int32_t *b, int n)
{
    for (int i = 0; i < n; i++)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

static inline int fc2_cmp_circle(const fc_circle *a, const fc_circle *b)
{
    int32_t x[3] = {a->center.x, a->center.y, a->radius}, y[3] = {b->center.x, b->center.y, b->radius};
    return fc2_cmp_fields(x, y, 3);
}

static inline int fc2_cmp_aabb(const fc_aabb2 *a, const fc_aabb2 *b)
{
    int32_t x[4] = {a->min.x, a->min.y, a->max.x, a->max.y}, y[4] = {b->min.x, b->min.y, b->max.x, b->max.y};
    return fc2_cmp_fields(x, y, 4);
}

static inline int fc2_cmp_obb(const fc_obb2 *a, const fc_obb2 *b)
{
    int32_t x[5] = {a->center.x, a->center.y, a->half.x, a->half.y, a->angle};
    int32_t y[5] = {b->center.x, b->center.y, b->half.x, b->half.y, b->angle};
    return fc2_cmp_fields(x, y, 5);
}

static inline int fc2_cmp_capsule(const fc_capsule2 *a, const fc_capsule2 *b)
{
    int32_t x[5] = {a->a.x, a->a.y, a->b.x, a->b.y, a->radius}, y[5] = {b->a.x, b->a.y, b->b.x, b->b.y, b->radius};
    return fc2_cmp_fields(x, y, 5);
}

static inline int fc2_cmp_poly(const fc_poly2 *a, const fc_poly2 *b)
{
    if (a->count != b->count)
        return a->count < b->count ? -1 : 1;
    for (int32_t i = 0; i < a->count; i++) {
        int32_t x[2] = {a->v[i].x, a->v[i].y}, y[2] = {b->v[i].x, b->v[i].y};
        int c = fc2_cmp_fields(x, y, 2);
        if (c != 0)
            return c;
    }
    return 0;
}

/* Negate the normal of a contact computed for the swapped pair; passes the
 * hit flag through. */
static inline int fc2_flip(int hit, fc_contact2_result *out)
{
    out->normal.x = -out->normal.x;
    out->normal.y = -out->normal.y;
    return hit;
}

#endif
