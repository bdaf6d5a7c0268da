/* SPDX-License-Identifier: MIT */
/* The refined casts and the mover for JavaScript (fixcol/cast.h "refined
 * casts", fixcol/mover.h). Shapes as words (js_shape.h); excluded ids as
 * (index, generation, world) word triples at ex (up to
 * FC_CAST_MAX_EXCLUDE); every call returns the C status (outputs written
 * only on FC_OK). */
#include <fixcol/mover.h>

#include <stdint.h>
#include <string.h>

#include "js_export.h"
#include "js_shape.h"
#include "core/nofloat.h"

static void ids_of(const uint32_t *ex, int32_t n, fc_body_id *ids)
{
    for (int32_t i = 0; i < n && i < FC_CAST_MAX_EXCLUDE; i++) {
        ids[i].index = ex[3 * i];
        ids[i].generation = ex[3 * i + 1];
        ids[i].world = ex[3 * i + 2];
    }
}

/* A refined result into out: hit flag, index, generation, world, t,
 * normal (3), started, safe (3): 12 words. */
static void put_result(int32_t *out, int hit, fc_body_id id, fix16_t t, const int32_t *n, int32_t started,
                       const int32_t *safe)
{
    out[0] = hit;
    out[1] = (int32_t)id.index, out[2] = (int32_t)id.generation, out[3] = (int32_t)id.world;
    out[4] = t;
    for (int k = 0; k < 3; k++)
        out[5 + k] = n[k], out[9 + k] = safe[k];
    out[8] = started;
}

/* Pair cast. io in: moving, target (FCJS_SHAPE_WORDS each), delta (3).
 * io out (from word 0): the 12 result words. */
FCJS_EXPORT(fcjs_cast_ex) int32_t fcjs_cast_ex(int32_t dim, int32_t *io)
{
    const int32_t *d = io + 2 * FCJS_SHAPE_WORDS;
    int hit = 0;
    fc_status st;
    int32_t n[3] = {0, 0, 0}, s[3] = {0, 0, 0}, started = 0;
    fc_body_id id;
    fix16_t t = 0;
    memset(&id, 0, sizeof id);
    if (dim == 2) {
        fc_shape2 m, tg;
        fc_cast2_result r;
        fcjs_shape2_decode(io, &m);
        fcjs_shape2_decode(io + FCJS_SHAPE_WORDS, &tg);
        st = fc_cast2_ex(&m, fc_vec2_make(d[0], d[1]), &tg, &r, &hit);
        if (st == FC_OK)
            t = r.hit.t, n[0] = r.hit.normal.x, n[1] = r.hit.normal.y, started = r.started_overlap,
            s[0] = r.safe.x, s[1] = r.safe.y;
    } else {
        fc_shape3 m, tg;
        fc_cast3_result r;
        fcjs_shape3_decode(io, &m);
        fcjs_shape3_decode(io + FCJS_SHAPE_WORDS, &tg);
        st = fc_cast3_ex(&m, fc_vec3_make(d[0], d[1], d[2]), &tg, &r, &hit);
        if (st == FC_OK)
            t = r.hit.t, n[0] = r.hit.normal.x, n[1] = r.hit.normal.y, n[2] = r.hit.normal.z,
            started = r.started_overlap, s[0] = r.safe.x, s[1] = r.safe.y, s[2] = r.safe.z;
    }
    if (st == FC_OK)
        put_result(io, hit, id, t, n, started, s);
    return st;
}

/* World cast. io in: moving (FCJS_SHAPE_WORDS), delta (3). io out: the 12
 * result words. */
FCJS_EXPORT(fcjs_world_cast_ex) int32_t fcjs_world_cast_ex(fc_world *w, int32_t dim, uint32_t cat, uint32_t mask,
                                                           int32_t nex, const uint32_t *ex, int32_t *io)
{
    fc_body_id ids[FC_CAST_MAX_EXCLUDE];
    fc_cast_query q = fc_cast_query_default();
    q.filter.category = cat;
    q.filter.mask = mask;
    ids_of(ex, nex, ids);
    q.exclude = ids;
    q.exclude_count = nex;
    const int32_t *d = io + FCJS_SHAPE_WORDS;
    int hit = 0;
    fc_status st;
    int32_t n[3] = {0, 0, 0}, s[3] = {0, 0, 0}, started = 0;
    fc_body_id id;
    fix16_t t = 0;
    memset(&id, 0, sizeof id);
    if (dim == 2) {
        fc_shape2 m;
        fc_cast2_result r;
        fcjs_shape2_decode(io, &m);
        st = fc_world_cast2_ex(w, &m, fc_vec2_make(d[0], d[1]), &q, &r, &hit);
        if (st == FC_OK)
            id = r.hit.id, t = r.hit.t, n[0] = r.hit.normal.x, n[1] = r.hit.normal.y, started = r.started_overlap,
            s[0] = r.safe.x, s[1] = r.safe.y;
    } else {
        fc_shape3 m;
        fc_cast3_result r;
        fcjs_shape3_decode(io, &m);
        st = fc_world_cast3_ex(w, &m, fc_vec3_make(d[0], d[1], d[2]), &q, &r, &hit);
        if (st == FC_OK)
            id = r.hit.id, t = r.hit.t, n[0] = r.hit.normal.x, n[1] = r.hit.normal.y, n[2] = r.hit.normal.z,
            started = r.started_overlap, s[0] = r.safe.x, s[1] = r.safe.y, s[2] = r.safe.z;
    }
    if (st == FC_OK)
        put_result(io, hit, id, t, n, started, s);
    return st;
}

/* Words of the mover's output buffer: moved (3), flags, iterations,
 * touch count, path count, pushouts, then per touch index, generation,
 * world, t, normal (3), iteration, kind (9 words). */
FCJS_EXPORT(fcjs_mover_out_words) int32_t fcjs_mover_out_words(void)
{
    return 8 + 9 * FC_MOVER_MAX_TOUCHES;
}

static void put_touches(int32_t *out, const fc_mover_touch *t, int32_t n)
{
    for (int32_t i = 0; i < n; i++) {
        int32_t *o = out + 8 + 9 * i;
        o[0] = (int32_t)t[i].id.index, o[1] = (int32_t)t[i].id.generation, o[2] = (int32_t)t[i].id.world;
        o[3] = t[i].t, o[4] = t[i].normal.x, o[5] = t[i].normal.y, o[6] = t[i].normal.z;
        o[7] = t[i].iteration, o[8] = t[i].kind;
    }
}

/* The mover. body 1: move body (bi, bg, bw); 0: the free shape in io. io
 * in: shape (FCJS_SHAPE_WORDS; read when body is 0), desired (3), the def's
 * skin, max_iterations, step_height, snap_distance, up_axis, up_sign,
 * slope_run, slope_rise (8). out: fcjs_mover_out_words() words. */
FCJS_EXPORT(fcjs_world_move) int32_t fcjs_world_move(fc_world *w, int32_t dim, int32_t body, uint32_t bi,
                                                     uint32_t bg, uint32_t bw, uint32_t cat, uint32_t mask,
                                                     int32_t nex, const uint32_t *ex, const int32_t *io,
                                                     int32_t *out)
{
    fc_body_id ids[FC_CAST_MAX_EXCLUDE], self;
    self.index = bi, self.generation = bg, self.world = bw;
    fc_mover_def def = fc_mover_def_default();
    def.query.filter.category = cat;
    def.query.filter.mask = mask;
    ids_of(ex, nex, ids);
    def.query.exclude = ids;
    def.query.exclude_count = nex;
    const int32_t *d = io + FCJS_SHAPE_WORDS, *f = d + 3;
    def.skin = f[0], def.max_iterations = f[1], def.step_height = f[2], def.snap_distance = f[3];
    def.up_axis = f[4], def.up_sign = f[5], def.slope_run = f[6], def.slope_rise = f[7];
    fc_status st;
    if (dim == 2) {
        fc_mover2_result res;
        fc_shape2 s;
        fcjs_shape2_decode(io, &s);
        st = body ? fc_world_move2(w, self, fc_vec2_make(d[0], d[1]), &def, &res)
                  : fc_world_move_shape2(w, &s, fc_vec2_make(d[0], d[1]), &def, &res);
        if (st == FC_OK) {
            out[0] = res.moved.x, out[1] = res.moved.y, out[2] = 0;
            out[3] = res.flags, out[4] = res.iterations, out[5] = res.touch_count, out[6] = res.path_count;
            out[7] = res.pushouts;
            put_touches(out, res.touches, res.touch_count);
        }
    } else {
        fc_mover3_result res;
        fc_shape3 s;
        fcjs_shape3_decode(io, &s);
        st = body ? fc_world_move3(w, self, fc_vec3_make(d[0], d[1], d[2]), &def, &res)
                  : fc_world_move_shape3(w, &s, fc_vec3_make(d[0], d[1], d[2]), &def, &res);
        if (st == FC_OK) {
            out[0] = res.moved.x, out[1] = res.moved.y, out[2] = res.moved.z;
            out[3] = res.flags, out[4] = res.iterations, out[5] = res.touch_count, out[6] = res.path_count;
            out[7] = res.pushouts;
            put_touches(out, res.touches, res.touch_count);
        }
    }
    return st;
}
