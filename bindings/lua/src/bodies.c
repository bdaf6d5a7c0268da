/* SPDX-License-Identifier: MIT */
/* bodies.c - body methods of a world: create/destroy, every setter and
 * getter. Setters return true, or nil, status, message (body unchanged). */
#include "fcl.h"

static int ok_or(lua_State *L, fc_status st)
{
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    lua_pushboolean(L, 1);
    return 1;
}

/* A filter argument: nil (the default: category 1, every mask bit) or a
 * table {category=, mask=} (a missing field keeps its default). */
fc_filter fcl_opt_filter(lua_State *L, int arg)
{
    fc_filter f = fc_filter_default();
    if (lua_isnoneornil(L, arg))
        return f;
    if (!lua_istable(L, arg))
        fcl_argerror(L, arg, "expected a filter table {category=, mask=} or nil, got %s", luaL_typename(L, arg));
    lua_getfield(L, arg, "category");
    if (!lua_isnil(L, -1))
        f.category = fcl_field_u32(L, -1, arg, "category");
    lua_getfield(L, arg, "mask");
    if (!lua_isnil(L, -1))
        f.mask = fcl_field_u32(L, -1, arg, "mask");
    lua_pop(L, 2);
    return f;
}

/* Every method converts its arguments before it resolves the world
 * (fcl.h, "Re-entrancy"). */

/* w:create_body(shape [, filter [, user_data]]) -> id | nil, status, message */
static int l_create_body(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    int dim = fcl_world_dim(L, u);
    fc_body_def bd = fc_body_def_default();
    if (dim == 3)
        bd.shape3 = fcl_check_shape3(L, 2);
    else
        bd.shape2 = fcl_check_shape2(L, 2);
    bd.filter = fcl_opt_filter(L, 3);
    if (!lua_isnoneornil(L, 4))
        bd.user_data = fcl_check_u64(L, 4);
    fc_body_id id;
    fc_status st = fc_world_create_body(fcl_use_dim(L, u, dim), &bd, &id);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    fcl_push_id(L, id);
    return 1;
}

static int l_destroy_body(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    fc_body_id id = fcl_check_id(L, 2);
    return ok_or(L, fc_world_destroy_body(fcl_use(L, u), id));
}

static int l_body_valid(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    fc_body_id id = fcl_check_id(L, 2);
    lua_pushboolean(L, fc_world_body_valid(fcl_use(L, u), id));
    return 1;
}

static int l_body_count(lua_State *L)
{
    lua_pushinteger(L, fc_world_body_count(fcl_check_world(L, 1)));
    return 1;
}

/* w:set_shape(id, shape): a shape of the world's dimension. */
static int l_set_shape(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    int dim = fcl_world_dim(L, u);
    fc_body_id id = fcl_check_id(L, 2);
    if (dim == 3) {
        fc_shape3 s = fcl_check_shape3(L, 3);
        return ok_or(L, fc_world_set_shape3(fcl_use_dim(L, u, dim), id, &s));
    }
    fc_shape2 s = fcl_check_shape2(L, 3);
    return ok_or(L, fc_world_set_shape2(fcl_use_dim(L, u, dim), id, &s));
}

static int l_translate2(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    fc_body_id id = fcl_check_id(L, 2);
    fc_vec2 d = fc_vec2_make(fcl_check_raw(L, 3), fcl_check_raw(L, 4));
    return ok_or(L, fc_world_translate2(fcl_use(L, u), id, d));
}

static int l_translate3(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    fc_body_id id = fcl_check_id(L, 2);
    fc_vec3 d = fc_vec3_make(fcl_check_raw(L, 3), fcl_check_raw(L, 4), fcl_check_raw(L, 5));
    return ok_or(L, fc_world_translate3(fcl_use(L, u), id, d));
}

static int l_set_angle2(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    fc_body_id id = fcl_check_id(L, 2);
    fc_angle a = fcl_check_angle(L, 3);
    return ok_or(L, fc_world_set_angle2(fcl_use(L, u), id, a));
}

/* w:set_filter(id, filter): filter nil is the default filter (as everywhere). */
static int l_set_filter(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    fc_body_id id = fcl_check_id(L, 2);
    if (lua_isnone(L, 3))
        return fcl_argerror(L, 3, "expected a filter table {category=, mask=} or nil, got no value");
    fc_filter f = fcl_opt_filter(L, 3);
    return ok_or(L, fc_world_set_filter(fcl_use(L, u), id, f));
}

static int l_set_user_data(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    fc_body_id id = fcl_check_id(L, 2);
    uint64_t v = fcl_check_u64(L, 3);
    return ok_or(L, fc_world_set_user_data(fcl_use(L, u), id, v));
}

/* w:get_shape(id [, out]) -> shape table (out filled in place if given). */
static int l_get_shape(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    fc_body_id id = fcl_check_id(L, 2);
    int out = 0;
    if (!lua_isnoneornil(L, 3)) {
        luaL_checktype(L, 3, LUA_TTABLE);
        out = 3;
    }
    fc_world *w = fcl_use(L, u);
    /* The shape is copied out before the table is filled (a __newindex of
     * out may run Lua code: the engine is not read after it). */
    if (fc_world_get_dim(w) == FC_WORLD_3D) {
        fc_shape3 s;
        fc_status st = fc_world_get_shape3(w, id, &s);
        if (st != FC_OK)
            return fcl_push_status_error(L, st);
        fcl_push_shape3(L, &s, out);
    } else {
        fc_shape2 s;
        fc_status st = fc_world_get_shape2(w, id, &s);
        if (st != FC_OK)
            return fcl_push_status_error(L, st);
        fcl_push_shape2(L, &s, out);
    }
    return 1;
}

/* w:get_filter(id) -> category, mask */
static int l_get_filter(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    fc_body_id id = fcl_check_id(L, 2);
    fc_filter f;
    fc_status st = fc_world_get_filter(fcl_use(L, u), id, &f);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    lua_pushnumber(L, (lua_Number)f.category);
    lua_pushnumber(L, (lua_Number)f.mask);
    return 2;
}

/* w:get_user_data(id) -> a number (<= 2^53) or a 16-hex-digit string. */
static int l_get_user_data(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    fc_body_id id = fcl_check_id(L, 2);
    uint64_t v;
    fc_status st = fc_world_get_user_data(fcl_use(L, u), id, &v);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    fcl_push_u64(L, v);
    return 1;
}

/* w:get_bounds(id) -> minx, miny, minz, maxx, maxy, maxz (raw; z 0 in 2D) */
static int l_get_bounds(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    fc_body_id id = fcl_check_id(L, 2);
    int32_t mn[3], mx[3];
    fc_status st = fc_world_get_bounds(fcl_use(L, u), id, mn, mx);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    for (int i = 0; i < 3; i++)
        lua_pushinteger(L, mn[i]);
    for (int i = 0; i < 3; i++)
        lua_pushinteger(L, mx[i]);
    return 6;
}

const luaL_Reg fcl_body_methods[] = {
    {"create_body", l_create_body},
    {"destroy_body", l_destroy_body},
    {"body_valid", l_body_valid},
    {"body_count", l_body_count},
    {"set_shape", l_set_shape},
    {"translate2", l_translate2},
    {"translate3", l_translate3},
    {"set_angle2", l_set_angle2},
    {"set_filter", l_set_filter},
    {"set_user_data", l_set_user_data},
    {"get_shape", l_get_shape},
    {"get_filter", l_get_filter},
    {"get_user_data", l_get_user_data},
    {"get_bounds", l_get_bounds},
    {NULL, NULL},
};
