/* SPDX-License-Identifier: MIT */
/* queries.c - pairs, overlap / point queries and ray casts. Every list
 * comes in the C canonical order. Each takes an optional caller table
 * `out`: it is filled from index 1 and cleared after the last result (up to
 * the first nil already there), and returned, so a frame loop that passes
 * the same table every frame makes no garbage. Returns out, count; a data
 * error returns nil, status, message. */
#include "fcl.h"

/* Every method converts its arguments (and makes its output table) before
 * it resolves the world, and writes the list with fcl_fill (fcl.h). */

static int push_list(lua_State *L, fcl_world *u, int kind, int out, const void *p, int32_t n)
{
    fcl_list l = {kind, out, p, n};
    fcl_fill(L, u, &l, 1);
    lua_pushvalue(L, out);
    lua_pushinteger(L, n);
    return 2;
}

/* w:find_pairs([out]) -> out, npairs; out = {a1, b1, a2, b2, ...} sorted by
 * (a index, b index), a index < b index. */
static int l_find_pairs(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    int out = fcl_out_table(L, 2, 0);
    const fc_pair *p = NULL;
    int32_t n = 0;
    fc_status st = fc_world_find_pairs(fcl_use(L, u), &p, &n);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    return push_list(L, u, FCL_PAIRS, out, p, n);
}

/* w:overlap(shape [, filter [, out]]) -> out, n: ids sorted by index. */
static int l_overlap(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    int dim = fcl_world_dim(L, u);
    const fc_body_id *ids = NULL;
    int32_t n = 0;
    fc_status st;
    if (dim == 3) {
        fc_shape3 s = fcl_check_shape3(L, 2);
        fc_filter f = fcl_opt_filter(L, 3);
        int out = fcl_out_table(L, 4, 0);
        st = fc_world_overlap3(fcl_use_dim(L, u, dim), &s, f, &ids, &n);
        if (st == FC_OK)
            return push_list(L, u, FCL_IDS, out, ids, n);
    } else {
        fc_shape2 s = fcl_check_shape2(L, 2);
        fc_filter f = fcl_opt_filter(L, 3);
        int out = fcl_out_table(L, 4, 0);
        st = fc_world_overlap2(fcl_use_dim(L, u, dim), &s, f, &ids, &n);
        if (st == FC_OK)
            return push_list(L, u, FCL_IDS, out, ids, n);
    }
    return fcl_push_status_error(L, st);
}

/* w:point2(x, y [, filter [, out]]) -> out, n */
static int l_point2(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    fc_vec2 p = fc_vec2_make(fcl_check_raw(L, 2), fcl_check_raw(L, 3));
    fc_filter f = fcl_opt_filter(L, 4);
    int out = fcl_out_table(L, 5, 0);
    const fc_body_id *ids = NULL;
    int32_t n = 0;
    fc_status st = fc_world_point2(fcl_use(L, u), p, f, &ids, &n);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    return push_list(L, u, FCL_IDS, out, ids, n);
}

/* w:point3(x, y, z [, filter [, out]]) -> out, n */
static int l_point3(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    fc_vec3 p = fc_vec3_make(fcl_check_raw(L, 2), fcl_check_raw(L, 3), fcl_check_raw(L, 4));
    fc_filter f = fcl_opt_filter(L, 5);
    int out = fcl_out_table(L, 6, 0);
    const fc_body_id *ids = NULL;
    int32_t n = 0;
    fc_status st = fc_world_point3(fcl_use(L, u), p, f, &ids, &n);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    return push_list(L, u, FCL_IDS, out, ids, n);
}

static int push_hit(lua_State *L, fc_status st, int hit, const fc_ray_hit *h)
{
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    if (!hit) {
        lua_pushboolean(L, 0);
        return 1;
    }
    fcl_push_id(L, h->id);
    lua_pushinteger(L, h->t);
    return 2;
}

/* w:raycast2(ox, oy, dx, dy [, filter]) -> id, t | false (no hit) | nil, status, message */
static int l_raycast2(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    fc_ray2 r;
    r.origin = fc_vec2_make(fcl_check_raw(L, 2), fcl_check_raw(L, 3));
    r.delta = fc_vec2_make(fcl_check_raw(L, 4), fcl_check_raw(L, 5));
    fc_filter f = fcl_opt_filter(L, 6);
    fc_ray_hit h;
    int hit = 0;
    fc_status st = fc_world_raycast2(fcl_use(L, u), &r, f, &h, &hit);
    return push_hit(L, st, hit, &h);
}

/* w:raycast3(ox, oy, oz, dx, dy, dz [, filter]) */
static int l_raycast3(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    fc_ray3 r;
    r.origin = fc_vec3_make(fcl_check_raw(L, 2), fcl_check_raw(L, 3), fcl_check_raw(L, 4));
    r.delta = fc_vec3_make(fcl_check_raw(L, 5), fcl_check_raw(L, 6), fcl_check_raw(L, 7));
    fc_filter f = fcl_opt_filter(L, 8);
    fc_ray_hit h;
    int hit = 0;
    fc_status st = fc_world_raycast3(fcl_use(L, u), &r, f, &h, &hit);
    return push_hit(L, st, hit, &h);
}

/* w:raycast2_all(ox, oy, dx, dy [, filter [, out]]) -> out, n; out = {id1, t1, id2, t2, ...} */
static int l_raycast2_all(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    fc_ray2 r;
    r.origin = fc_vec2_make(fcl_check_raw(L, 2), fcl_check_raw(L, 3));
    r.delta = fc_vec2_make(fcl_check_raw(L, 4), fcl_check_raw(L, 5));
    fc_filter f = fcl_opt_filter(L, 6);
    int out = fcl_out_table(L, 7, 0);
    const fc_ray_hit *h = NULL;
    int32_t n = 0;
    fc_status st = fc_world_raycast2_all(fcl_use(L, u), &r, f, &h, &n);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    return push_list(L, u, FCL_HITS, out, h, n);
}

/* w:raycast3_all(ox, oy, oz, dx, dy, dz [, filter [, out]]) */
static int l_raycast3_all(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    fc_ray3 r;
    r.origin = fc_vec3_make(fcl_check_raw(L, 2), fcl_check_raw(L, 3), fcl_check_raw(L, 4));
    r.delta = fc_vec3_make(fcl_check_raw(L, 5), fcl_check_raw(L, 6), fcl_check_raw(L, 7));
    fc_filter f = fcl_opt_filter(L, 8);
    int out = fcl_out_table(L, 9, 0);
    const fc_ray_hit *h = NULL;
    int32_t n = 0;
    fc_status st = fc_world_raycast3_all(fcl_use(L, u), &r, f, &h, &n);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    return push_list(L, u, FCL_HITS, out, h, n);
}

/* w:overlap_sector2(sector [, filter [, out]]) -> out, n (areas.c has the
 * table form); an out-of-range sector gives nil, status, message. */
static int l_overlap_sector2(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    fc_sector2 s = fcl_check_sector2(L, 2);
    fc_filter f = fcl_opt_filter(L, 3);
    int out = fcl_out_table(L, 4, 0);
    const fc_body_id *ids = NULL;
    int32_t n = 0;
    fc_status st = fc_world_overlap_sector2(fcl_use(L, u), &s, f, &ids, &n);
    return st != FC_OK ? fcl_push_status_error(L, st) : push_list(L, u, FCL_IDS, out, ids, n);
}

/* w:overlap_ring2(ring [, filter [, out]]) -> out, n */
static int l_overlap_ring2(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    fc_ring2 r = fcl_check_ring2(L, 2);
    fc_filter f = fcl_opt_filter(L, 3);
    int out = fcl_out_table(L, 4, 0);
    const fc_body_id *ids = NULL;
    int32_t n = 0;
    fc_status st = fc_world_overlap_ring2(fcl_use(L, u), &r, f, &ids, &n);
    return st != FC_OK ? fcl_push_status_error(L, st) : push_list(L, u, FCL_IDS, out, ids, n);
}

const luaL_Reg fcl_query_methods[] = {
    {"overlap_sector2", l_overlap_sector2},
    {"overlap_ring2", l_overlap_ring2},
    {"find_pairs", l_find_pairs},
    {"overlap", l_overlap},
    {"point2", l_point2},
    {"point3", l_point3},
    {"raycast2", l_raycast2},
    {"raycast3", l_raycast3},
    {"raycast2_all", l_raycast2_all},
    {"raycast3_all", l_raycast3_all},
    {NULL, NULL},
};
