/* SPDX-License-Identifier: MIT */
/* casts.c - shape casts (fixcol/cast.h): the moving shape swept by a raw
 * delta, first hit. As the ray casts (queries.c): a hit is multiple return
 * values, t (raw, floor(exact entry * 65536) in 0..65536) and the raw unit
 * normal from the moving shape toward the target; no hit is false; the
 * all-hits list is a flat table, 4 values a hit in 2D (id, t, nx, ny) and
 * 5 in 3D (id, t, nx, ny, nz), in the C order (exact t, body index), filled
 * into the caller's table `out` when given. Data errors (an invalid shape,
 * a delta component outside +-2 * COORD_LIMIT, a world of the other
 * dimension) return nil, status, message; wrong argument types raise. */
#include <fixcol/cast.h>

#include <string.h>

#include "fcl.h"

/* The results of a single-hit cast: nil, status, message / false / [id,] t
 * and the dim normal components. */
static int push_hit(lua_State *L, fc_status st, int hit, const fc_body_id *id, fix16_t t, const int32_t *normal,
                    int dim)
{
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    if (!hit) {
        lua_pushboolean(L, 0);
        return 1;
    }
    if (id)
        fcl_push_id(L, *id);
    lua_pushinteger(L, t);
    for (int k = 0; k < dim; k++)
        lua_pushinteger(L, normal[k]);
    return (id ? 2 : 1) + dim;
}

/* fixcol.cast2(moving, dx, dy, target) -> t, nx, ny | false | nil, status, message */
static int l_cast2(lua_State *L)
{
    fc_shape2 m = fcl_check_shape2(L, 1);
    fc_vec2 d = fc_vec2_make(fcl_check_raw(L, 2), fcl_check_raw(L, 3));
    fc_shape2 t = fcl_check_shape2(L, 4);
    fc_cast2_hit h;
    memset(&h, 0, sizeof h); /* read below even on a miss */
    int hit = 0;
    fc_status st = fc_cast2(&m, d, &t, &h, &hit);
    const int32_t n[2] = {h.normal.x, h.normal.y};
    return push_hit(L, st, hit, NULL, h.t, n, 2);
}

/* fixcol.cast3(moving, dx, dy, dz, target) -> t, nx, ny, nz | false | nil, status, message */
static int l_cast3(lua_State *L)
{
    fc_shape3 m = fcl_check_shape3(L, 1);
    fc_vec3 d = fc_vec3_make(fcl_check_raw(L, 2), fcl_check_raw(L, 3), fcl_check_raw(L, 4));
    fc_shape3 t = fcl_check_shape3(L, 5);
    fc_cast3_hit h;
    memset(&h, 0, sizeof h);
    int hit = 0;
    fc_status st = fc_cast3(&m, d, &t, &h, &hit);
    const int32_t n[3] = {h.normal.x, h.normal.y, h.normal.z};
    return push_hit(L, st, hit, NULL, h.t, n, 3);
}

/* w:cast2(moving, dx, dy [, filter]) -> id, t, nx, ny | false | nil, status, message */
/* The world methods convert their arguments before they resolve the world
 * (fcl.h, "Re-entrancy"). */
static int l_world_cast2(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    fc_shape2 m = fcl_check_shape2(L, 2);
    fc_vec2 d = fc_vec2_make(fcl_check_raw(L, 3), fcl_check_raw(L, 4));
    fc_filter f = fcl_opt_filter(L, 5);
    fc_cast2_hit h;
    memset(&h, 0, sizeof h); /* read below even on a miss */
    int hit = 0;
    fc_status st = fc_world_cast2(fcl_use(L, u), &m, d, f, &h, &hit);
    const int32_t n[2] = {h.normal.x, h.normal.y};
    return push_hit(L, st, hit, &h.id, h.t, n, 2);
}

static int l_world_cast3(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    fc_shape3 m = fcl_check_shape3(L, 2);
    fc_vec3 d = fc_vec3_make(fcl_check_raw(L, 3), fcl_check_raw(L, 4), fcl_check_raw(L, 5));
    fc_filter f = fcl_opt_filter(L, 6);
    fc_cast3_hit h;
    memset(&h, 0, sizeof h);
    int hit = 0;
    fc_status st = fc_world_cast3(fcl_use(L, u), &m, d, f, &h, &hit);
    const int32_t n[3] = {h.normal.x, h.normal.y, h.normal.z};
    return push_hit(L, st, hit, &h.id, h.t, n, 3);
}

static int push_list(lua_State *L, fcl_world *u, int kind, int out, const void *p, int32_t n)
{
    fcl_list l = {kind, out, p, n};
    fcl_fill(L, u, &l, 1);
    lua_pushvalue(L, out);
    lua_pushinteger(L, n);
    return 2;
}

static int l_world_cast2_all(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    fc_shape2 m = fcl_check_shape2(L, 2);
    fc_vec2 d = fc_vec2_make(fcl_check_raw(L, 3), fcl_check_raw(L, 4));
    fc_filter f = fcl_opt_filter(L, 5);
    int out = fcl_out_table(L, 6, 0);
    const fc_cast2_hit *h = NULL;
    int32_t n = 0;
    fc_status st = fc_world_cast2_all(fcl_use(L, u), &m, d, f, &h, &n);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    return push_list(L, u, FCL_CAST2, out, h, n);
}

static int l_world_cast3_all(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    fc_shape3 m = fcl_check_shape3(L, 2);
    fc_vec3 d = fc_vec3_make(fcl_check_raw(L, 3), fcl_check_raw(L, 4), fcl_check_raw(L, 5));
    fc_filter f = fcl_opt_filter(L, 6);
    int out = fcl_out_table(L, 7, 0);
    const fc_cast3_hit *h = NULL;
    int32_t n = 0;
    fc_status st = fc_world_cast3_all(fcl_use(L, u), &m, d, f, &h, &n);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    return push_list(L, u, FCL_CAST3, out, h, n);
}

const luaL_Reg fcl_cast_methods[] = {
    {"cast2", l_world_cast2},
    {"cast3", l_world_cast3},
    {"cast2_all", l_world_cast2_all},
    {"cast3_all", l_world_cast3_all},
    {NULL, NULL},
};

void fcl_open_casts(lua_State *L)
{
    static const luaL_Reg f[] = {{"cast2", l_cast2}, {"cast3", l_cast3}, {NULL, NULL}};
    fcl_setfuncs(L, f);
}
