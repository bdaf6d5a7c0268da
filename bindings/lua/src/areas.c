/* SPDX-License-Identifier: MIT */
/* areas.c - skill areas (fixcol/area2.h): sector and ring tables, their
 * constructors, containment and overlap. A sector is the table
 * {x, y, r, dir, half} and a ring {x, y, inner, outer} (raw Q16.16; dir and
 * half binary angle units). A malformed table is an argument error; an
 * out-of-range area gives nil, status, message (FC_ERR_RANGE / _SIZE /
 * _ARGUMENT for half outside 0..FC_ANGLE_HALF). The world queries
 * (w:overlap_sector2, w:overlap_ring2) are in queries.c. */
#include "fcl.h"

#include <fixcol/area2.h>

fc_sector2 fcl_check_sector2(lua_State *L, int arg)
{
    luaL_checktype(L, arg, LUA_TTABLE);
    fc_vec2 c = fc_vec2_make(fcl_get_raw(L, arg, "x"), fcl_get_raw(L, arg, "y"));
    fix16_t r = fcl_get_raw(L, arg, "r");
    lua_getfield(L, arg, "dir");
    fc_angle dir = fcl_field_angle(L, -1, arg, "dir");
    lua_pop(L, 1);
    int32_t half = fcl_get_raw(L, arg, "half");
    /* outside 0..65535 cannot be stored: make it the out-of-range 65535 */
    return fc_sector2_make(c, r, dir, (fc_angle)(half < 0 || half > 65535 ? 65535 : half));
}

fc_ring2 fcl_check_ring2(lua_State *L, int arg)
{
    luaL_checktype(L, arg, LUA_TTABLE);
    fc_vec2 c = fc_vec2_make(fcl_get_raw(L, arg, "x"), fcl_get_raw(L, arg, "y"));
    return fc_ring2_make(c, fcl_get_raw(L, arg, "inner"), fcl_get_raw(L, arg, "outer"));
}

static void set(lua_State *L, const char *k, lua_Integer v)
{
    lua_pushinteger(L, v);
    lua_setfield(L, -2, k);
}

/* fixcol.sector2(x, y, r, dir, half) -> table */
static int l_sector2(lua_State *L)
{
    int32_t x = fcl_check_raw(L, 1), y = fcl_check_raw(L, 2), r = fcl_check_raw(L, 3);
    fc_angle dir = fcl_check_angle(L, 4);
    int32_t half = fcl_check_raw(L, 5);
    lua_createtable(L, 0, 5);
    set(L, "x", x), set(L, "y", y), set(L, "r", r), set(L, "dir", dir), set(L, "half", half);
    return 1;
}

/* fixcol.ring2(x, y, inner, outer) -> table */
static int l_ring2(lua_State *L)
{
    int32_t x = fcl_check_raw(L, 1), y = fcl_check_raw(L, 2), i = fcl_check_raw(L, 3), o = fcl_check_raw(L, 4);
    lua_createtable(L, 0, 4);
    set(L, "x", x), set(L, "y", y), set(L, "inner", i), set(L, "outer", o);
    return 1;
}

static int point_ok(int32_t x, int32_t y)
{
    return x >= -FC_COORD_LIMIT && x <= FC_COORD_LIMIT && y >= -FC_COORD_LIMIT && y <= FC_COORD_LIMIT;
}

/* fixcol.sector2_contains(s, x, y) -> boolean | nil, status, message */
static int l_sector2_contains(lua_State *L)
{
    fc_sector2 s = fcl_check_sector2(L, 1);
    int32_t x = fcl_check_raw(L, 2), y = fcl_check_raw(L, 3);
    fc_status st = fc_sector2_validate(&s);
    if (st == FC_OK && !point_ok(x, y))
        st = FC_ERR_RANGE;
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    lua_pushboolean(L, fc_sector2_contains(&s, fc_vec2_make(x, y)));
    return 1;
}

/* fixcol.ring2_contains(r, x, y) -> boolean | nil, status, message */
static int l_ring2_contains(lua_State *L)
{
    fc_ring2 r = fcl_check_ring2(L, 1);
    int32_t x = fcl_check_raw(L, 2), y = fcl_check_raw(L, 3);
    fc_status st = fc_ring2_validate(&r);
    if (st == FC_OK && !point_ok(x, y))
        st = FC_ERR_RANGE;
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    lua_pushboolean(L, fc_ring2_contains(&r, fc_vec2_make(x, y)));
    return 1;
}

/* fixcol.overlap_sector2(s, shape) -> boolean | nil, status, message */
static int l_overlap_sector2(lua_State *L)
{
    fc_sector2 s = fcl_check_sector2(L, 1);
    fc_shape2 b = fcl_check_shape2(L, 2);
    fc_status st = fc_sector2_validate(&s);
    if (st == FC_OK)
        st = fc_shape2_validate(&b);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    lua_pushboolean(L, fc_overlap_sector2(&s, &b));
    return 1;
}

/* fixcol.overlap_ring2(r, shape) -> boolean | nil, status, message */
static int l_overlap_ring2(lua_State *L)
{
    fc_ring2 r = fcl_check_ring2(L, 1);
    fc_shape2 b = fcl_check_shape2(L, 2);
    fc_status st = fc_ring2_validate(&r);
    if (st == FC_OK)
        st = fc_shape2_validate(&b);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    lua_pushboolean(L, fc_overlap_ring2(&r, &b));
    return 1;
}

void fcl_open_areas(lua_State *L)
{
    static const luaL_Reg f[] = {{"sector2", l_sector2},
                                 {"ring2", l_ring2},
                                 {"sector2_contains", l_sector2_contains},
                                 {"ring2_contains", l_ring2_contains},
                                 {"overlap_sector2", l_overlap_sector2},
                                 {"overlap_ring2", l_overlap_ring2},
                                 {NULL, NULL}};
    fcl_setfuncs(L, f);
}
