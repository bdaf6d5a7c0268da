/* SPDX-License-Identifier: MIT */
/* The world tier for JavaScript: fc_world_* calls with their struct
 * arguments passed as int32 scalars or words (see js_shape.h), outputs
 * written to a caller-given word area `io`. Every call returns the C
 * status; nothing here keeps state of its own. */
#include <fixcol/world.h>

#include <stdint.h>
#include <string.h>

#include "js_export.h"
#include "js_shape.h"
#include "core/nofloat.h"

static fc_body_id mkid(uint32_t index, uint32_t generation, uint32_t tag)
{
    fc_body_id id;
    id.index = index;
    id.generation = generation;
    id.world = tag;
    return id;
}

static fc_filter mkfilter(uint32_t category, uint32_t mask)
{
    fc_filter f;
    f.category = category;
    f.mask = mask;
    return f;
}

/* io in: dim, bounds_min.x, bounds_min.y, bounds_log2, max_depth, layout,
 * body_capacity, pair_capacity, tag. io[0] out: the world (0 on error). */
FCJS_EXPORT(fcjs_world_create) int32_t fcjs_world_create(int32_t *io)
{
    fc_world_def def = fc_world_def_default();
    def.dim = (fc_world_dim)io[0];
    def.bounds_min = fc_vec2_make(io[1], io[2]);
    def.bounds_log2 = io[3];
    def.max_depth = io[4];
    def.layout = (fc_qt_layout)io[5];
    def.body_capacity = io[6];
    def.pair_capacity = io[7];
    def.tag = (uint32_t)io[8];
    fc_world *w = NULL;
    fc_status st = def.dim == FC_WORLD_2D || def.dim == FC_WORLD_3D ? fc_world_create(&def, &w) : FC_ERR_ARGUMENT;
    io[0] = (int32_t)(uintptr_t)w;
    return st;
}

/* io in: shape words, then at io[FCJS_SHAPE_WORDS..]: category, mask,
 * user_data lo, hi. io out: index, generation, tag of the new body. */
FCJS_EXPORT(fcjs_create_body) int32_t fcjs_create_body(fc_world *w, int32_t *io)
{
    fc_body_def bd = fc_body_def_default();
    const int32_t *x = io + FCJS_SHAPE_WORDS;
    if (fc_world_get_dim(w) == FC_WORLD_2D)
        fcjs_shape2_decode(io, &bd.shape2);
    else
        fcjs_shape3_decode(io, &bd.shape3);
    bd.filter = mkfilter((uint32_t)x[0], (uint32_t)x[1]);
    bd.user_data = (uint64_t)(uint32_t)x[2] | (uint64_t)(uint32_t)x[3] << 32;
    fc_body_id id = mkid(0, 0, 0);
    fc_status st = fc_world_create_body(w, &bd, &id);
    io[0] = (int32_t)id.index;
    io[1] = (int32_t)id.generation;
    io[2] = (int32_t)id.world;
    return st;
}

FCJS_EXPORT(fcjs_destroy_body) int32_t fcjs_destroy_body(fc_world *w, uint32_t i, uint32_t g, uint32_t t)
{
    return fc_world_destroy_body(w, mkid(i, g, t));
}

FCJS_EXPORT(fcjs_body_valid) int32_t fcjs_body_valid(const fc_world *w, uint32_t i, uint32_t g, uint32_t t)
{
    return fc_world_body_valid(w, mkid(i, g, t));
}

FCJS_EXPORT(fcjs_translate2) int32_t fcjs_translate2(fc_world *w, uint32_t i, uint32_t g, uint32_t t, int32_t dx,
                                                     int32_t dy)
{
    return fc_world_translate2(w, mkid(i, g, t), fc_vec2_make(dx, dy));
}

FCJS_EXPORT(fcjs_translate3) int32_t fcjs_translate3(fc_world *w, uint32_t i, uint32_t g, uint32_t t, int32_t dx,
                                                     int32_t dy, int32_t dz)
{
    return fc_world_translate3(w, mkid(i, g, t), fc_vec3_make(dx, dy, dz));
}

FCJS_EXPORT(fcjs_set_angle2) int32_t fcjs_set_angle2(fc_world *w, uint32_t i, uint32_t g, uint32_t t, int32_t angle)
{
    return fc_world_set_angle2(w, mkid(i, g, t), (fc_angle)(angle & 0xffff));
}

/* The shape in io (words); set_shape2 / set_shape3 by the shape's dimension
 * (dim 2 or 3), so a shape of the other dimension gets FC_ERR_SHAPE_TYPE. */
FCJS_EXPORT(fcjs_set_shape) int32_t fcjs_set_shape(fc_world *w, uint32_t i, uint32_t g, uint32_t t, int32_t dim,
                                                   const int32_t *io)
{
    if (dim == 2) {
        fc_shape2 s;
        fcjs_shape2_decode(io, &s);
        return fc_world_set_shape2(w, mkid(i, g, t), &s);
    }
    fc_shape3 s;
    fcjs_shape3_decode(io, &s);
    return fc_world_set_shape3(w, mkid(i, g, t), &s);
}

FCJS_EXPORT(fcjs_set_filter) int32_t fcjs_set_filter(fc_world *w, uint32_t i, uint32_t g, uint32_t t, uint32_t cat,
                                                     uint32_t mask)
{
    return fc_world_set_filter(w, mkid(i, g, t), mkfilter(cat, mask));
}

FCJS_EXPORT(fcjs_set_user_data) int32_t fcjs_set_user_data(fc_world *w, uint32_t i, uint32_t g, uint32_t t,
                                                           uint32_t lo, uint32_t hi)
{
    return fc_world_set_user_data(w, mkid(i, g, t), (uint64_t)lo | (uint64_t)hi << 32);
}

/* io out: shape words. */
FCJS_EXPORT(fcjs_get_shape) int32_t fcjs_get_shape(const fc_world *w, uint32_t i, uint32_t g, uint32_t t, int32_t *io)
{
    fc_status st;
    if (fc_world_get_dim(w) == FC_WORLD_2D) {
        fc_shape2 s;
        if ((st = fc_world_get_shape2(w, mkid(i, g, t), &s)) == FC_OK)
            fcjs_shape2_encode(&s, io);
    } else {
        fc_shape3 s;
        if ((st = fc_world_get_shape3(w, mkid(i, g, t), &s)) == FC_OK)
            fcjs_shape3_encode(&s, io);
    }
    return st;
}

/* io out: category, mask, user_data lo, hi, bounds min x y z, max x y z. */
FCJS_EXPORT(fcjs_get_body) int32_t fcjs_get_body(const fc_world *w, uint32_t i, uint32_t g, uint32_t t, int32_t *io)
{
    fc_body_id id = mkid(i, g, t);
    fc_filter f;
    uint64_t ud = 0;
    int32_t lo[3], hi[3];
    fc_status st = fc_world_get_filter(w, id, &f);
    if (st == FC_OK)
        st = fc_world_get_user_data(w, id, &ud);
    if (st == FC_OK)
        st = fc_world_get_bounds(w, id, lo, hi);
    if (st != FC_OK)
        return st;
    io[0] = (int32_t)f.category;
    io[1] = (int32_t)f.mask;
    io[2] = (int32_t)(uint32_t)ud;
    io[3] = (int32_t)(uint32_t)(ud >> 32);
    memcpy(io + 4, lo, sizeof lo);
    memcpy(io + 7, hi, sizeof hi);
    return FC_OK;
}

/* Outputs owned by the world: io[0] = address, io[1] = count. */
FCJS_EXPORT(fcjs_find_pairs) int32_t fcjs_find_pairs(fc_world *w, int32_t *io)
{
    const fc_pair *p = NULL;
    int32_t n = 0;
    fc_status st = fc_world_find_pairs(w, &p, &n);
    io[0] = (int32_t)(uintptr_t)p;
    io[1] = n;
    return st;
}

/* Queries: the shape (dim 2 or 3) or the point in io, results as above. */
FCJS_EXPORT(fcjs_overlap) int32_t fcjs_overlap(fc_world *w, int32_t dim, uint32_t cat, uint32_t mask, int32_t *io)
{
    const fc_body_id *ids = NULL;
    int32_t n = 0;
    fc_status st;
    if (dim == 2) {
        fc_shape2 s;
        fcjs_shape2_decode(io, &s);
        st = fc_world_overlap2(w, &s, mkfilter(cat, mask), &ids, &n);
    } else {
        fc_shape3 s;
        fcjs_shape3_decode(io, &s);
        st = fc_world_overlap3(w, &s, mkfilter(cat, mask), &ids, &n);
    }
    io[0] = (int32_t)(uintptr_t)ids;
    io[1] = n;
    return st;
}

FCJS_EXPORT(fcjs_point) int32_t fcjs_point(fc_world *w, int32_t dim, uint32_t cat, uint32_t mask, int32_t x, int32_t y,
                                           int32_t z, int32_t *io)
{
    const fc_body_id *ids = NULL;
    int32_t n = 0;
    fc_status st = dim == 2 ? fc_world_point2(w, fc_vec2_make(x, y), mkfilter(cat, mask), &ids, &n)
                            : fc_world_point3(w, fc_vec3_make(x, y, z), mkfilter(cat, mask), &ids, &n);
    io[0] = (int32_t)(uintptr_t)ids;
    io[1] = n;
    return st;
}

/* Rays: io in: origin (3 words), delta (3 words; z ignored in 2D).
 * all = 0: closest hit, io out: hit flag, index, generation, tag, t.
 * all = 1: every hit, io out: address of fc_ray_hit[], count. */
FCJS_EXPORT(fcjs_raycast) int32_t fcjs_raycast(fc_world *w, int32_t dim, uint32_t cat, uint32_t mask, int32_t all,
                                               int32_t *io)
{
    fc_filter f = mkfilter(cat, mask);
    fc_ray_hit hit;
    const fc_ray_hit *hits = NULL;
    int got = 0;
    int32_t n = 0;
    fc_status st;
    memset(&hit, 0, sizeof hit);
    if (dim == 2) {
        fc_ray2 r;
        r.origin = fc_vec2_make(io[0], io[1]);
        r.delta = fc_vec2_make(io[3], io[4]);
        st = all ? fc_world_raycast2_all(w, &r, f, &hits, &n) : fc_world_raycast2(w, &r, f, &hit, &got);
    } else {
        fc_ray3 r;
        r.origin = fc_vec3_make(io[0], io[1], io[2]);
        r.delta = fc_vec3_make(io[3], io[4], io[5]);
        st = all ? fc_world_raycast3_all(w, &r, f, &hits, &n) : fc_world_raycast3(w, &r, f, &hit, &got);
    }
    if (all) {
        io[0] = (int32_t)(uintptr_t)hits;
        io[1] = n;
    } else {
        io[0] = got;
        io[1] = (int32_t)hit.id.index;
        io[2] = (int32_t)hit.id.generation;
        io[3] = (int32_t)hit.id.world;
        io[4] = hit.t;
    }
    return st;
}

/* io out: checksum lo, hi. */
FCJS_EXPORT(fcjs_checksum) void fcjs_checksum(const fc_world *w, int32_t *io)
{
    uint64_t c = fc_world_checksum(w);
    io[0] = (int32_t)(uint32_t)c;
    io[1] = (int32_t)(uint32_t)(c >> 32);
}

/* buf NULL: io[0] = bytes needed. Otherwise the blob, io[0] = its length. */
FCJS_EXPORT(fcjs_snapshot) int32_t fcjs_snapshot(const fc_world *w, void *buf, uint32_t cap, int32_t *io)
{
    size_t size = 0;
    fc_status st = fc_world_snapshot(w, buf, cap, &size);
    io[0] = (int32_t)size;
    return st;
}

FCJS_EXPORT(fcjs_restore) int32_t fcjs_restore(fc_world *w, const void *buf, uint32_t size)
{
    return fc_world_restore(w, buf, size);
}

/* The world's dimension (2 or 3): that of the last restored snapshot. */
FCJS_EXPORT(fcjs_world_dim) int32_t fcjs_world_dim(const fc_world *w)
{
    return fc_world_get_dim(w) == FC_WORLD_3D ? 3 : 2;
}
FCJS_EXPORT(fcjs_body_count) int32_t fcjs_body_count(const fc_world *w) { return fc_world_body_count(w); }
FCJS_EXPORT(fcjs_validate) int32_t fcjs_validate(const fc_world *w) { return fc_world_validate(w); }
FCJS_EXPORT(fcjs_world_destroy) void fcjs_world_destroy(fc_world *w) { fc_world_destroy(w); }
FCJS_EXPORT(fcjs_status_str) const char *fcjs_status_str(int32_t s) { return fc_status_str((fc_status)s); }
