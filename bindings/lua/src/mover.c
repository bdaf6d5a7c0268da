/* SPDX-License-Identifier: MIT */
/* mover.c - the refined casts and the mover (fixcol/cast.h "refined
 * casts", fixcol/mover.h):
 *   fixcol.cast2_ex(moving, dx, dy, target)
 *       -> t, nx, ny, started, sx, sy | false, sx, sy | nil, status, message
 *   w:cast2_ex(moving, dx, dy [, filter [, exclude]])
 *       -> id, t, nx, ny, started, sx, sy | false, sx, sy | nil, status, message
 *   (3D: a dz argument, nz and sz more), exclude an array of body ids;
 *   w:move2(id, dx, dy [, def [, out]]) and w:move_shape2(shape, dx, dy [,
 *   def [, out]]) -> mx, my, flags, touches | nil, status, message (3D:
 *   mz); def a table of fc_mover_def's fields by their C names (skin,
 *   max_iterations, step_height, snap_distance, up_axis, up_sign,
 *   slope_run, slope_rise, filter, exclude), missing ones default; out, when
 *   given, is filled with the touches, 6 values each in 2D (id, t, nx, ny,
 *   iteration, kind) and 7 in 3D (id, t, nx, ny, nz, iteration, kind).
 * started is a boolean; every other number is a raw integer. The flags
 * are fixcol.MOVER.GROUNDED, CEILING, WALL, STARTED_OVERLAP, STEPPED,
 * SNAPPED, STUCK; touch kinds fixcol.MOVER.TOUCH_GROUND, _CEILING, _WALL;
 * fixcol.MOVER.MAX_EXCLUDE the most excluded ids. Arguments are
 * converted before the world is resolved (fcl.h, "Re-entrancy"). */
#include <fixcol/mover.h>

#include <string.h>

#include "fcl.h"

/* The exclude array at arg (nil: none) into ids (FC_CAST_MAX_EXCLUDE). */
static int32_t check_exclude(lua_State *L, int arg, fc_body_id *ids)
{
    if (lua_isnoneornil(L, arg))
        return 0;
    if (!lua_istable(L, arg))
        fcl_argerror(L, arg, "expected an array of body ids or nil, got %s", luaL_typename(L, arg));
    int32_t n = 0;
    for (;; n++) {
        lua_rawgeti(L, arg, n + 1);
        if (lua_isnil(L, -1)) {
            lua_pop(L, 1);
            return n;
        }
        if (n == FC_CAST_MAX_EXCLUDE)
            fcl_argerror(L, arg, "more than %d excluded ids", FC_CAST_MAX_EXCLUDE);
        if (lua_type(L, -1) != LUA_TSTRING || fcl_rawlen(L, -1) != 12)
            fcl_argerror(L, arg, "exclude[%d]: expected a body id, got %s", (int)n + 1, luaL_typename(L, -1));
        ids[n] = fcl_check_id(L, lua_gettop(L)); /* a 12-byte string: always an id */
        lua_pop(L, 1);
    }
}

static int32_t field_i32(lua_State *L, int arg, const char *name, int32_t def)
{
    lua_getfield(L, arg, name);
    int32_t v = lua_isnil(L, -1) ? def : fcl_field_raw(L, -1, arg, name);
    lua_pop(L, 1);
    return v;
}

/* The mover def at arg (nil: the defaults); exclude ids go into ids. */
static fc_mover_def check_def(lua_State *L, int arg, fc_body_id *ids)
{
    fc_mover_def d = fc_mover_def_default();
    if (lua_isnoneornil(L, arg))
        return d;
    if (!lua_istable(L, arg))
        fcl_argerror(L, arg, "expected a mover def table or nil, got %s", luaL_typename(L, arg));
    d.skin = field_i32(L, arg, "skin", d.skin);
    d.max_iterations = field_i32(L, arg, "max_iterations", d.max_iterations);
    d.step_height = field_i32(L, arg, "step_height", d.step_height);
    d.snap_distance = field_i32(L, arg, "snap_distance", d.snap_distance);
    d.up_axis = field_i32(L, arg, "up_axis", d.up_axis);
    d.up_sign = field_i32(L, arg, "up_sign", d.up_sign);
    d.slope_run = field_i32(L, arg, "slope_run", d.slope_run);
    d.slope_rise = field_i32(L, arg, "slope_rise", d.slope_rise);
    int top = lua_gettop(L);
    lua_getfield(L, arg, "filter");
    d.query.filter = fcl_opt_filter(L, top + 1);
    lua_getfield(L, arg, "exclude");
    d.query.exclude_count = check_exclude(L, top + 2, ids);
    d.query.exclude = ids;
    lua_settop(L, top);
    return d;
}

/* A refined hit: [id,] t, normal, started, safe | false, safe. */
static int push_ex(lua_State *L, fc_status st, int hit, const fc_body_id *id, fix16_t t, const int32_t *n,
                   int started, const int32_t *safe, int dim)
{
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    int k = 0;
    if (!hit) {
        lua_pushboolean(L, 0);
        k = 1;
    } else {
        if (id) {
            fcl_push_id(L, *id);
            k++;
        }
        lua_pushinteger(L, t);
        for (int j = 0; j < dim; j++)
            lua_pushinteger(L, n[j]);
        lua_pushboolean(L, started);
        k += 2 + dim;
    }
    for (int j = 0; j < dim; j++)
        lua_pushinteger(L, safe[j]);
    return k + dim;
}

static int l_cast2_ex(lua_State *L)
{
    fc_shape2 m = fcl_check_shape2(L, 1);
    fc_vec2 d = fc_vec2_make(fcl_check_raw(L, 2), fcl_check_raw(L, 3));
    fc_shape2 t = fcl_check_shape2(L, 4);
    fc_cast2_result r;
    memset(&r, 0, sizeof r);
    int hit = 0;
    fc_status st = fc_cast2_ex(&m, d, &t, &r, &hit);
    const int32_t n[2] = {r.hit.normal.x, r.hit.normal.y}, s[2] = {r.safe.x, r.safe.y};
    return push_ex(L, st, hit, NULL, r.hit.t, n, r.started_overlap, s, 2);
}

static int l_cast3_ex(lua_State *L)
{
    fc_shape3 m = fcl_check_shape3(L, 1);
    fc_vec3 d = fc_vec3_make(fcl_check_raw(L, 2), fcl_check_raw(L, 3), fcl_check_raw(L, 4));
    fc_shape3 t = fcl_check_shape3(L, 5);
    fc_cast3_result r;
    memset(&r, 0, sizeof r);
    int hit = 0;
    fc_status st = fc_cast3_ex(&m, d, &t, &r, &hit);
    const int32_t n[3] = {r.hit.normal.x, r.hit.normal.y, r.hit.normal.z}, s[3] = {r.safe.x, r.safe.y, r.safe.z};
    return push_ex(L, st, hit, NULL, r.hit.t, n, r.started_overlap, s, 3);
}

static int l_world_cast2_ex(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    fc_shape2 m = fcl_check_shape2(L, 2);
    fc_vec2 d = fc_vec2_make(fcl_check_raw(L, 3), fcl_check_raw(L, 4));
    fc_body_id ids[FC_CAST_MAX_EXCLUDE];
    fc_cast_query q = fc_cast_query_default();
    q.filter = fcl_opt_filter(L, 5);
    q.exclude_count = check_exclude(L, 6, ids);
    q.exclude = ids;
    fc_cast2_result r;
    memset(&r, 0, sizeof r);
    int hit = 0;
    fc_status st = fc_world_cast2_ex(fcl_use(L, u), &m, d, &q, &r, &hit);
    const int32_t n[2] = {r.hit.normal.x, r.hit.normal.y}, s[2] = {r.safe.x, r.safe.y};
    return push_ex(L, st, hit, &r.hit.id, r.hit.t, n, r.started_overlap, s, 2);
}

static int l_world_cast3_ex(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    fc_shape3 m = fcl_check_shape3(L, 2);
    fc_vec3 d = fc_vec3_make(fcl_check_raw(L, 3), fcl_check_raw(L, 4), fcl_check_raw(L, 5));
    fc_body_id ids[FC_CAST_MAX_EXCLUDE];
    fc_cast_query q = fc_cast_query_default();
    q.filter = fcl_opt_filter(L, 6);
    q.exclude_count = check_exclude(L, 7, ids);
    q.exclude = ids;
    fc_cast3_result r;
    memset(&r, 0, sizeof r);
    int hit = 0;
    fc_status st = fc_world_cast3_ex(fcl_use(L, u), &m, d, &q, &r, &hit);
    const int32_t n[3] = {r.hit.normal.x, r.hit.normal.y, r.hit.normal.z}, s[3] = {r.safe.x, r.safe.y, r.safe.z};
    return push_ex(L, st, hit, &r.hit.id, r.hit.t, n, r.started_overlap, s, 3);
}

/* The moved vector, flags, touch count; the touches into out (when > 0). */
static int push_move(lua_State *L, fc_status st, const int32_t *moved, int32_t flags, const fc_mover_touch *t,
                     int32_t nt, int out, int dim)
{
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    if (out > 0) {
        int per = dim + 4, k = 1;
        for (int32_t i = 0; i < nt; i++) {
            const int32_t v[7] = {t[i].t, t[i].normal.x, t[i].normal.y, t[i].normal.z, t[i].iteration, t[i].kind, 0};
            fcl_push_id(L, t[i].id);
            lua_rawseti(L, out, k++);
            for (int j = 0; j < per - 1; j++) {
                /* t, the dim normal components, iteration, kind */
                int src = j == 0 ? 0 : j <= dim ? j : j - dim + 3;
                lua_pushinteger(L, v[src]);
                lua_rawseti(L, out, k++);
            }
        }
        for (int e = k;; e++) { /* clear the tail of a longer previous fill */
            lua_rawgeti(L, out, e);
            int more = !lua_isnil(L, -1);
            lua_pop(L, 1);
            if (!more)
                break;
            lua_pushnil(L);
            lua_rawseti(L, out, e);
        }
    }
    for (int j = 0; j < dim; j++)
        lua_pushinteger(L, moved[j]);
    lua_pushinteger(L, flags);
    lua_pushinteger(L, nt);
    return dim + 2;
}

static int l_world_move2(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    fc_body_id id = fcl_check_id(L, 2);
    fc_vec2 d = fc_vec2_make(fcl_check_raw(L, 3), fcl_check_raw(L, 4));
    fc_body_id ids[FC_CAST_MAX_EXCLUDE];
    fc_mover_def def = check_def(L, 5, ids);
    int out = lua_isnoneornil(L, 6) ? 0 : fcl_out_table(L, 6, 0);
    fc_mover2_result r;
    memset(&r, 0, sizeof r);
    fc_status st = fc_world_move2(fcl_use(L, u), id, d, &def, &r);
    const int32_t m[2] = {r.moved.x, r.moved.y};
    return push_move(L, st, m, r.flags, r.touches, r.touch_count, out, 2);
}

static int l_world_move_shape2(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    fc_shape2 s = fcl_check_shape2(L, 2);
    fc_vec2 d = fc_vec2_make(fcl_check_raw(L, 3), fcl_check_raw(L, 4));
    fc_body_id ids[FC_CAST_MAX_EXCLUDE];
    fc_mover_def def = check_def(L, 5, ids);
    int out = lua_isnoneornil(L, 6) ? 0 : fcl_out_table(L, 6, 0);
    fc_mover2_result r;
    memset(&r, 0, sizeof r);
    fc_status st = fc_world_move_shape2(fcl_use(L, u), &s, d, &def, &r);
    const int32_t m[2] = {r.moved.x, r.moved.y};
    return push_move(L, st, m, r.flags, r.touches, r.touch_count, out, 2);
}

static int l_world_move3(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    fc_body_id id = fcl_check_id(L, 2);
    fc_vec3 d = fc_vec3_make(fcl_check_raw(L, 3), fcl_check_raw(L, 4), fcl_check_raw(L, 5));
    fc_body_id ids[FC_CAST_MAX_EXCLUDE];
    fc_mover_def def = check_def(L, 6, ids);
    int out = lua_isnoneornil(L, 7) ? 0 : fcl_out_table(L, 7, 0);
    fc_mover3_result r;
    memset(&r, 0, sizeof r);
    fc_status st = fc_world_move3(fcl_use(L, u), id, d, &def, &r);
    const int32_t m[3] = {r.moved.x, r.moved.y, r.moved.z};
    return push_move(L, st, m, r.flags, r.touches, r.touch_count, out, 3);
}

static int l_world_move_shape3(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    fc_shape3 s = fcl_check_shape3(L, 2);
    fc_vec3 d = fc_vec3_make(fcl_check_raw(L, 3), fcl_check_raw(L, 4), fcl_check_raw(L, 5));
    fc_body_id ids[FC_CAST_MAX_EXCLUDE];
    fc_mover_def def = check_def(L, 6, ids);
    int out = lua_isnoneornil(L, 7) ? 0 : fcl_out_table(L, 7, 0);
    fc_mover3_result r;
    memset(&r, 0, sizeof r);
    fc_status st = fc_world_move_shape3(fcl_use(L, u), &s, d, &def, &r);
    const int32_t m[3] = {r.moved.x, r.moved.y, r.moved.z};
    return push_move(L, st, m, r.flags, r.touches, r.touch_count, out, 3);
}

const luaL_Reg fcl_mover_methods[] = {
    {"cast2_ex", l_world_cast2_ex},
    {"cast3_ex", l_world_cast3_ex},
    {"move2", l_world_move2},
    {"move3", l_world_move3},
    {"move_shape2", l_world_move_shape2},
    {"move_shape3", l_world_move_shape3},
    {NULL, NULL},
};

void fcl_open_mover(lua_State *L)
{
    static const luaL_Reg f[] = {{"cast2_ex", l_cast2_ex}, {"cast3_ex", l_cast3_ex}, {NULL, NULL}};
    fcl_setfuncs(L, f);
    static const struct { const char *name; int value; } k[] = {
        {"GROUNDED", FC_MOVER_GROUNDED}, {"CEILING", FC_MOVER_CEILING}, {"WALL", FC_MOVER_WALL},
        {"STARTED_OVERLAP", FC_MOVER_STARTED_OVERLAP}, {"STEPPED", FC_MOVER_STEPPED},
        {"SNAPPED", FC_MOVER_SNAPPED}, {"STUCK", FC_MOVER_STUCK},
        {"TOUCH_GROUND", FC_MOVER_TOUCH_GROUND}, {"TOUCH_CEILING", FC_MOVER_TOUCH_CEILING},
        {"TOUCH_WALL", FC_MOVER_TOUCH_WALL}, {"MAX_EXCLUDE", FC_CAST_MAX_EXCLUDE}};
    lua_createtable(L, 0, (int)(sizeof k / sizeof k[0]));
    for (size_t i = 0; i < sizeof k / sizeof k[0]; i++) {
        lua_pushinteger(L, k[i].value);
        lua_setfield(L, -2, k[i].name);
    }
    lua_setfield(L, -2, "MOVER");
}
