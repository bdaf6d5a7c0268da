/* SPDX-License-Identifier: MIT */
/* collide.c - the stateless pair tier and trig. The pair tests assume
 * valid shapes (collide2d.h), so the binding validates both first: an
 * invalid shape gives nil, status, message instead of an unspecified
 * answer. The typed C calls (fc_overlap_circle_aabb2, ...) are reached
 * through the dispatchers, which call them (and flip reversed normals). */
#include "fcl.h"

static int invalid(lua_State *L, fc_status a, fc_status b)
{
    return fcl_push_status_error(L, a != FC_OK ? a : b);
}

/* fixcol.overlap2(a, b) -> boolean | nil, status, message */
static int l_overlap2(lua_State *L)
{
    fc_shape2 a = fcl_check_shape2(L, 1), b = fcl_check_shape2(L, 2);
    fc_status sa = fc_shape2_validate(&a), sb = fc_shape2_validate(&b);
    if (sa != FC_OK || sb != FC_OK)
        return invalid(L, sa, sb);
    lua_pushboolean(L, fc_overlap2(&a, &b));
    return 1;
}

/* fixcol.contact2(a, b) -> false | true, nx, ny, depth, px, py */
static int l_contact2(lua_State *L)
{
    fc_shape2 a = fcl_check_shape2(L, 1), b = fcl_check_shape2(L, 2);
    fc_status sa = fc_shape2_validate(&a), sb = fc_shape2_validate(&b);
    if (sa != FC_OK || sb != FC_OK)
        return invalid(L, sa, sb);
    fc_contact2_result r;
    if (!fc_contact2(&a, &b, &r)) {
        lua_pushboolean(L, 0);
        return 1;
    }
    lua_pushboolean(L, 1);
    lua_pushinteger(L, r.normal.x);
    lua_pushinteger(L, r.normal.y);
    lua_pushinteger(L, r.depth);
    lua_pushinteger(L, r.point.x);
    lua_pushinteger(L, r.point.y);
    return 6;
}

static int l_overlap3(lua_State *L)
{
    fc_shape3 a = fcl_check_shape3(L, 1), b = fcl_check_shape3(L, 2);
    fc_status sa = fc_shape3_validate(&a), sb = fc_shape3_validate(&b);
    if (sa != FC_OK || sb != FC_OK)
        return invalid(L, sa, sb);
    lua_pushboolean(L, fc_overlap3(&a, &b));
    return 1;
}

/* fixcol.contact3(a, b) -> false | true, nx, ny, nz, depth, px, py, pz */
static int l_contact3(lua_State *L)
{
    fc_shape3 a = fcl_check_shape3(L, 1), b = fcl_check_shape3(L, 2);
    fc_status sa = fc_shape3_validate(&a), sb = fc_shape3_validate(&b);
    if (sa != FC_OK || sb != FC_OK)
        return invalid(L, sa, sb);
    fc_contact3_result r;
    if (!fc_contact3(&a, &b, &r)) {
        lua_pushboolean(L, 0);
        return 1;
    }
    lua_pushboolean(L, 1);
    lua_pushinteger(L, r.normal.x);
    lua_pushinteger(L, r.normal.y);
    lua_pushinteger(L, r.normal.z);
    lua_pushinteger(L, r.depth);
    lua_pushinteger(L, r.point.x);
    lua_pushinteger(L, r.point.y);
    lua_pushinteger(L, r.point.z);
    return 8;
}

/* fixcol.pushout2(a, b) -> dx, dy | nil, status, message: the raw
 * translation for b that separates it from a (0, 0 when apart); see
 * fixcol/pushout.h. */
static int l_pushout2(lua_State *L)
{
    fc_shape2 a = fcl_check_shape2(L, 1), b = fcl_check_shape2(L, 2);
    fc_vec2 d;
    fc_status st = fc_pushout2(&a, &b, &d);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    lua_pushinteger(L, d.x);
    lua_pushinteger(L, d.y);
    return 2;
}

/* fixcol.pushout3(a, b) -> dx, dy, dz | nil, status, message */
static int l_pushout3(lua_State *L)
{
    fc_shape3 a = fcl_check_shape3(L, 1), b = fcl_check_shape3(L, 2);
    fc_vec3 d;
    fc_status st = fc_pushout3(&a, &b, &d);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    lua_pushinteger(L, d.x);
    lua_pushinteger(L, d.y);
    lua_pushinteger(L, d.z);
    return 3;
}

/* ---- trig: angles are integers 0..65535, 65536 per turn (else an argument error). */

static int l_sin(lua_State *L)
{
    lua_pushinteger(L, fc_sin(fcl_check_angle(L, 1)));
    return 1;
}

static int l_cos(lua_State *L)
{
    lua_pushinteger(L, fc_cos(fcl_check_angle(L, 1)));
    return 1;
}

static int l_sincos(lua_State *L)
{
    fc_sincos sc = fc_sincos_of(fcl_check_angle(L, 1));
    lua_pushinteger(L, sc.s);
    lua_pushinteger(L, sc.c);
    return 2;
}

/* raw Q16.16 degrees -> angle */
static int l_angle_from_deg(lua_State *L)
{
    lua_pushinteger(L, fc_angle_from_deg(fcl_check_raw(L, 1)));
    return 1;
}

static int l_angle_to_deg(lua_State *L)
{
    lua_pushinteger(L, fc_angle_to_deg(fcl_check_angle(L, 1)));
    return 1;
}

static int l_angle_from_rad(lua_State *L)
{
    lua_pushinteger(L, fc_angle_from_rad(fcl_check_raw(L, 1)));
    return 1;
}

void fcl_open_collide(lua_State *L)
{
    static const luaL_Reg f[] = {
        {"overlap2", l_overlap2}, {"contact2", l_contact2}, {"overlap3", l_overlap3}, {"contact3", l_contact3},
        {"pushout2", l_pushout2}, {"pushout3", l_pushout3},
        {"sin", l_sin}, {"cos", l_cos}, {"sincos", l_sincos}, {"angle_from_deg", l_angle_from_deg},
        {"angle_to_deg", l_angle_to_deg}, {"angle_from_rad", l_angle_from_rad}, {NULL, NULL}};
    fcl_setfuncs(L, f);
    lua_pushinteger(L, FC_ANGLE_TURN);
    lua_setfield(L, -2, "ANGLE_TURN");
}
