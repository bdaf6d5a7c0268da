/* SPDX-License-Identifier: MIT */
/* Shape casts for JavaScript (fixcol/cast.h): the moving shape as words
 * (js_shape.h) swept by a raw delta. Every call returns the C status (then
 * io is written only on FC_OK). Hit words: t, nx, ny (2D) / nx, ny, nz (3D). */
#include <fixcol/cast.h>

#include <stdint.h>
#include <string.h>

#include "js_export.h"
#include "js_shape.h"
#include "core/nofloat.h"

/* io in: moving (FCJS_SHAPE_WORDS), target (FCJS_SHAPE_WORDS), delta (3
 * words; z ignored in 2D). io out, after them: hit flag, t, normal (3). */
FCJS_EXPORT(fcjs_cast_shapes) int32_t fcjs_cast_shapes(int32_t dim, int32_t *io)
{
    const int32_t *d = io + 2 * FCJS_SHAPE_WORDS;
    int32_t *out = io + 2 * FCJS_SHAPE_WORDS + 3;
    int hit = 0;
    fc_status st;
    if (dim == 2) {
        fc_shape2 m, t;
        fc_cast2_hit h;
        memset(&h, 0, sizeof h);
        fcjs_shape2_decode(io, &m);
        fcjs_shape2_decode(io + FCJS_SHAPE_WORDS, &t);
        st = fc_cast2(&m, fc_vec2_make(d[0], d[1]), &t, &h, &hit);
        out[1] = h.t, out[2] = h.normal.x, out[3] = h.normal.y, out[4] = 0;
    } else {
        fc_shape3 m, t;
        fc_cast3_hit h;
        memset(&h, 0, sizeof h);
        fcjs_shape3_decode(io, &m);
        fcjs_shape3_decode(io + FCJS_SHAPE_WORDS, &t);
        st = fc_cast3(&m, fc_vec3_make(d[0], d[1], d[2]), &t, &h, &hit);
        out[1] = h.t, out[2] = h.normal.x, out[3] = h.normal.y, out[4] = h.normal.z;
    }
    out[0] = hit;
    return st;
}

/* World casts. io in: moving (FCJS_SHAPE_WORDS), delta (3 words; z ignored
 * in 2D); dim picks fc_world_cast2* or fc_world_cast3* (the world checks its
 * own dimension: FC_ERR_SHAPE_TYPE).
 * all = 0: closest hit, io out: hit flag, index, generation, tag, t, normal (3).
 * all = 1: every hit, io out: address of fc_cast2_hit[] / fc_cast3_hit[]
 * (6 / 7 words each), count. */
FCJS_EXPORT(fcjs_world_cast) int32_t fcjs_world_cast(fc_world *w, int32_t dim, uint32_t cat, uint32_t mask,
                                                     int32_t all, int32_t *io)
{
    fc_filter f;
    f.category = cat;
    f.mask = mask;
    const int32_t *d = io + FCJS_SHAPE_WORDS;
    fc_status st;
    int hit = 0;
    int32_t n = 0;
    fc_body_id id;
    int32_t t, nrm[3] = {0, 0, 0};
    const void *hits = NULL;
    memset(&id, 0, sizeof id);
    if (dim == 2) {
        fc_shape2 m;
        fc_cast2_hit h;
        const fc_cast2_hit *hs = NULL;
        memset(&h, 0, sizeof h);
        fcjs_shape2_decode(io, &m);
        fc_vec2 dv = fc_vec2_make(d[0], d[1]);
        st = all ? fc_world_cast2_all(w, &m, dv, f, &hs, &n) : fc_world_cast2(w, &m, dv, f, &h, &hit);
        hits = hs, id = h.id, t = h.t, nrm[0] = h.normal.x, nrm[1] = h.normal.y;
    } else {
        fc_shape3 m;
        fc_cast3_hit h;
        const fc_cast3_hit *hs = NULL;
        memset(&h, 0, sizeof h);
        fcjs_shape3_decode(io, &m);
        fc_vec3 dv = fc_vec3_make(d[0], d[1], d[2]);
        st = all ? fc_world_cast3_all(w, &m, dv, f, &hs, &n) : fc_world_cast3(w, &m, dv, f, &h, &hit);
        hits = hs, id = h.id, t = h.t, nrm[0] = h.normal.x, nrm[1] = h.normal.y, nrm[2] = h.normal.z;
    }
    if (st != FC_OK)
        return st;
    if (all) {
        io[0] = (int32_t)(uintptr_t)hits;
        io[1] = n;
    } else {
        io[0] = hit;
        io[1] = (int32_t)id.index, io[2] = (int32_t)id.generation, io[3] = (int32_t)id.world;
        io[4] = t, io[5] = nrm[0], io[6] = nrm[1], io[7] = nrm[2];
    }
    return st;
}
