/* SPDX-License-Identifier: MIT */
/* Skill areas for JavaScript (fixcol/area2.h). An area crosses as words:
 * kind 1 sector [x, y, r, dir, half], kind 2 ring [x, y, inner, outer]
 * (raw Q16.16, binary angles 0..65535). Every call validates the area
 * first and returns its error (< 0), else the answer (0/1) or FC_OK. */
#include <fixcol/area2.h>

#include <stdint.h>

#include "js_export.h"
#include "js_shape.h"
#include "core/nofloat.h"

static fc_status decode(int32_t kind, const int32_t *a, fc_sector2 *s, fc_ring2 *r)
{
    fc_vec2 c = fc_vec2_make(a[0], a[1]);
    if (kind == 1) {
        *s = fc_sector2_make(c, a[2], (fc_angle)a[3], (fc_angle)a[4]);
        return a[3] < 0 || a[3] > 65535 || a[4] < 0 || a[4] > 65535 ? FC_ERR_ARGUMENT : fc_sector2_validate(s);
    }
    if (kind == 2) {
        *r = fc_ring2_make(c, a[2], a[3]);
        return fc_ring2_validate(r);
    }
    return FC_ERR_ARGUMENT;
}

FCJS_EXPORT(fcjs_area_contains) int32_t fcjs_area_contains(int32_t kind, const int32_t *a, int32_t x, int32_t y)
{
    fc_sector2 s;
    fc_ring2 r;
    fc_status st = decode(kind, a, &s, &r);
    if (st != FC_OK)
        return st;
    if (x < -FC_COORD_LIMIT || x > FC_COORD_LIMIT || y < -FC_COORD_LIMIT || y > FC_COORD_LIMIT)
        return FC_ERR_RANGE;
    fc_vec2 p = fc_vec2_make(x, y);
    return kind == 1 ? fc_sector2_contains(&s, p) : fc_ring2_contains(&r, p);
}

FCJS_EXPORT(fcjs_area_overlap) int32_t fcjs_area_overlap(int32_t kind, const int32_t *a, const int32_t *shape)
{
    fc_sector2 s;
    fc_ring2 r;
    fc_shape2 b;
    fc_status st = decode(kind, a, &s, &r);
    if (st != FC_OK)
        return st;
    fcjs_shape2_decode(shape, &b);
    st = fc_shape2_validate(&b);
    if (st != FC_OK)
        return st;
    return kind == 1 ? fc_overlap_sector2(&s, &b) : fc_overlap_ring2(&r, &b);
}

/* World query: the area words in io; out io[0] = address of the ids, io[1] = count. */
FCJS_EXPORT(fcjs_area_query) int32_t fcjs_area_query(fc_world *w, int32_t kind, uint32_t cat, uint32_t mask,
                                                     int32_t *io)
{
    fc_sector2 s;
    fc_ring2 r;
    fc_filter f;
    f.category = cat;
    f.mask = mask;
    const fc_body_id *ids = NULL;
    int32_t n = 0;
    fc_status st = decode(kind, io, &s, &r);
    if (st == FC_OK)
        st = kind == 1 ? fc_world_overlap_sector2(w, &s, f, &ids, &n) : fc_world_overlap_ring2(w, &r, f, &ids, &n);
    io[0] = (int32_t)(uintptr_t)ids;
    io[1] = n;
    return st;
}
