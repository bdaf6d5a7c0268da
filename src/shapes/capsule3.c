/* SPDX-License-Identifier: MIT */
/* The 3D capsule: validation and construction (see fixcol/shapes.h). */
#include <fixcol/shapes.h>

#include "core/nofloat.h"

static int coord_ok(fix16_t v) { return v >= -FC_COORD_LIMIT && v <= FC_COORD_LIMIT; }
static int vec_ok(fc_vec3 v) { return coord_ok(v.x) && coord_ok(v.y) && coord_ok(v.z); }

fc_status fc_capsule3_validate(const fc_capsule3 *c)
{
    if (!c)
        return FC_ERR_NULL;
    if (!vec_ok(c->a) || !vec_ok(c->b))
        return FC_ERR_RANGE;
    if (c->radius < 0 || c->radius > FC_SIZE_LIMIT)
        return FC_ERR_SIZE;
    return FC_OK;
}

fc_status fc_capsule3_make(fc_vec3 a, fc_vec3 b, fix16_t radius, fc_capsule3 *out)
{
    fc_capsule3 c;
    fc_status st;
    if (!out)
        return FC_ERR_NULL;
    c.a = a;
    c.b = b;
    c.radius = radius;
    st = fc_capsule3_validate(&c);
    if (st == FC_OK)
        *out = c;
    return st;
}
