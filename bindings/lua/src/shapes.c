/* SPDX-License-Identifier: MIT */
/* shapes.c - shapes as plain Lua tables with raw Q16.16 fields:
 *   2D  {type="circle", x=, y=, r=}            {type="aabb", minx=, miny=, maxx=, maxy=}
 *       {type="obb", x=, y=, hx=, hy=, angle=}  {type="capsule", ax=, ay=, bx=, by=, r=}
 *       {type="poly", x1, y1, x2, y2, ...}      (3..8 vertices, counter-clockwise)
 *   3D  {type="sphere", x=, y=, z=, r=}         {type="aabb", minx=, miny=, minz=, maxx=, maxy=, maxz=}
 *       {type="obb", x=, y=, z=, hx=, hy=, hz=, axes={9 raw values: X axis, Y axis, Z axis}}
 *       {type="capsule", ax=, ay=, az=, bx=, by=, bz=, r=}  (segment [a, b] + radius)
 * A world takes the shapes of its dimension. Constructors (fixcol.circle,
 * ...) build these tables; validators return true or nil, status, message. */
#include <string.h>

#include "fcl.h"

/* The shape's type, one of names[] (its index), or an argument error. The
 * field is compared while it is on the stack: a string returned by an
 * __index metamethod is held by nothing else. */
static int shape_type(lua_State *L, int arg, const char *const *names, const char *what, const char *list)
{
    luaL_checktype(L, arg, LUA_TTABLE);
    lua_getfield(L, arg, "type");
    if (lua_type(L, -1) != LUA_TSTRING)
        fcl_argerror(L, arg, "shape field 'type': expected a string");
    const char *t = lua_tostring(L, -1);
    for (int i = 0; names[i]; i++)
        if (strcmp(t, names[i]) == 0) {
            lua_pop(L, 1);
            return i;
        }
    return fcl_argerror(L, arg, "unknown %s shape type '%s' (%s)", what, t, list);
}

static const char *const types2[] = {"circle", "aabb", "obb", "capsule", "poly", NULL};
static const char *const types3[] = {"sphere", "aabb", "obb", "capsule", NULL};

static fc_vec2 vec2_of(lua_State *L, int arg, const char *fx, const char *fy)
{
    fc_vec2 v;
    v.x = fcl_get_raw(L, arg, fx);
    v.y = fcl_get_raw(L, arg, fy);
    return v;
}

static fc_vec3 vec3_of(lua_State *L, int arg, const char *fx, const char *fy, const char *fz)
{
    fc_vec3 v;
    v.x = fcl_get_raw(L, arg, fx);
    v.y = fcl_get_raw(L, arg, fy);
    v.z = fcl_get_raw(L, arg, fz);
    return v;
}

fc_shape2 fcl_check_shape2(lua_State *L, int arg)
{
    fc_shape2 s;
    memset(&s, 0, sizeof s);
    int t = shape_type(L, arg, types2, "2D", "circle, aabb, obb, capsule, poly");
    if (t == 0) {
        s.type = FC_SHAPE2_CIRCLE;
        s.u.circle = fc_circle_make(vec2_of(L, arg, "x", "y"), fcl_get_raw(L, arg, "r"));
    } else if (t == 1) {
        s.type = FC_SHAPE2_AABB;
        s.u.aabb = fc_aabb2_make(vec2_of(L, arg, "minx", "miny"), vec2_of(L, arg, "maxx", "maxy"));
    } else if (t == 2) {
        s.type = FC_SHAPE2_OBB;
        fc_vec2 c = vec2_of(L, arg, "x", "y"), h = vec2_of(L, arg, "hx", "hy");
        lua_getfield(L, arg, "angle");
        fc_angle a = lua_isnil(L, -1) ? 0 : fcl_field_angle(L, -1, arg, "angle");
        lua_pop(L, 1);
        s.u.obb = fc_obb2_make(c, h, a);
    } else if (t == 3) {
        s.type = FC_SHAPE2_CAPSULE;
        s.u.capsule = fc_capsule2_make(vec2_of(L, arg, "ax", "ay"), vec2_of(L, arg, "bx", "by"),
                                       fcl_get_raw(L, arg, "r"));
    } else {
        size_t n = fcl_rawlen(L, arg);
        if (n % 2 != 0)
            fcl_argerror(L, arg, "poly: expected x, y pairs, got %d numbers", (int)n);
        s.type = FC_SHAPE2_POLY;
        /* More than FC_POLY2_MAX_VERTS vertices: the count is kept and the
         * validators report FC_ERR_POLY_COUNT (as fc_poly2_make does). */
        s.u.poly.count = n / 2 > 1000 ? 1000 : (int32_t)(n / 2);
        for (size_t i = 0; i < n && i / 2 < FC_POLY2_MAX_VERTS; i++) {
            lua_rawgeti(L, arg, (int)i + 1);
            int32_t v = fcl_field_raw(L, -1, arg, "poly vertex");
            lua_pop(L, 1);
            if (i % 2 == 0)
                s.u.poly.v[i / 2].x = v;
            else
                s.u.poly.v[i / 2].y = v;
        }
    }
    return s;
}

fc_shape3 fcl_check_shape3(lua_State *L, int arg)
{
    fc_shape3 s;
    memset(&s, 0, sizeof s);
    int t = shape_type(L, arg, types3, "3D", "sphere, aabb, obb, capsule");
    if (t == 0) {
        s.type = FC_SHAPE3_SPHERE;
        s.u.sphere.center = vec3_of(L, arg, "x", "y", "z");
        s.u.sphere.radius = fcl_get_raw(L, arg, "r");
    } else if (t == 1) {
        s.type = FC_SHAPE3_AABB;
        s.u.aabb.min = vec3_of(L, arg, "minx", "miny", "minz");
        s.u.aabb.max = vec3_of(L, arg, "maxx", "maxy", "maxz");
    } else if (t == 3) {
        s.type = FC_SHAPE3_CAPSULE;
        s.u.capsule.a = vec3_of(L, arg, "ax", "ay", "az");
        s.u.capsule.b = vec3_of(L, arg, "bx", "by", "bz");
        s.u.capsule.radius = fcl_get_raw(L, arg, "r");
    } else {
        s.type = FC_SHAPE3_OBB;
        s.u.obb.center = vec3_of(L, arg, "x", "y", "z");
        s.u.obb.half = vec3_of(L, arg, "hx", "hy", "hz");
        lua_getfield(L, arg, "axes");
        if (!lua_istable(L, -1))
            fcl_argerror(L, arg, "obb field 'axes': expected a table of 9 raw values, got %s", luaL_typename(L, -1));
        int32_t a[9];
        for (int i = 0; i < 9; i++) {
            lua_rawgeti(L, -1, i + 1);
            a[i] = fcl_field_raw(L, -1, arg, "axes[i]");
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
        for (int i = 0; i < 3; i++)
            s.u.obb.axis[i] = fc_vec3_make(a[3 * i], a[3 * i + 1], a[3 * i + 2]);
    }
    return s;
}

static void set(lua_State *L, const char *k, int32_t v)
{
    lua_pushinteger(L, v);
    lua_setfield(L, -2, k);
}

static void set_type(lua_State *L, const char *t)
{
    lua_pushstring(L, t);
    lua_setfield(L, -2, "type");
}

/* Fill the table on top of the stack. */
static void fill_shape2(lua_State *L, const fc_shape2 *s)
{
    switch (s->type) {
    case FC_SHAPE2_CIRCLE:
        set_type(L, "circle");
        set(L, "x", s->u.circle.center.x), set(L, "y", s->u.circle.center.y), set(L, "r", s->u.circle.radius);
        break;
    case FC_SHAPE2_AABB:
        set_type(L, "aabb");
        set(L, "minx", s->u.aabb.min.x), set(L, "miny", s->u.aabb.min.y);
        set(L, "maxx", s->u.aabb.max.x), set(L, "maxy", s->u.aabb.max.y);
        break;
    case FC_SHAPE2_OBB:
        set_type(L, "obb");
        set(L, "x", s->u.obb.center.x), set(L, "y", s->u.obb.center.y);
        set(L, "hx", s->u.obb.half.x), set(L, "hy", s->u.obb.half.y), set(L, "angle", s->u.obb.angle);
        break;
    case FC_SHAPE2_CAPSULE:
        set_type(L, "capsule");
        set(L, "ax", s->u.capsule.a.x), set(L, "ay", s->u.capsule.a.y);
        set(L, "bx", s->u.capsule.b.x), set(L, "by", s->u.capsule.b.y), set(L, "r", s->u.capsule.radius);
        break;
    case FC_SHAPE2_POLY: {
        set_type(L, "poly");
        int32_t n = s->u.poly.count;
        if (n < 0 || n > FC_POLY2_MAX_VERTS)
            n = 0;
        for (int32_t i = 0; i < n; i++) {
            lua_pushinteger(L, s->u.poly.v[i].x);
            lua_rawseti(L, -2, 2 * i + 1);
            lua_pushinteger(L, s->u.poly.v[i].y);
            lua_rawseti(L, -2, 2 * i + 2);
        }
        fcl_trim(L, lua_gettop(L), (size_t)(2 * n));
        break;
    }
    }
}

static void fill_shape3(lua_State *L, const fc_shape3 *s)
{
    switch (s->type) {
    case FC_SHAPE3_SPHERE:
        set_type(L, "sphere");
        set(L, "x", s->u.sphere.center.x), set(L, "y", s->u.sphere.center.y), set(L, "z", s->u.sphere.center.z);
        set(L, "r", s->u.sphere.radius);
        break;
    case FC_SHAPE3_AABB:
        set_type(L, "aabb");
        set(L, "minx", s->u.aabb.min.x), set(L, "miny", s->u.aabb.min.y), set(L, "minz", s->u.aabb.min.z);
        set(L, "maxx", s->u.aabb.max.x), set(L, "maxy", s->u.aabb.max.y), set(L, "maxz", s->u.aabb.max.z);
        break;
    case FC_SHAPE3_OBB:
        set_type(L, "obb");
        set(L, "x", s->u.obb.center.x), set(L, "y", s->u.obb.center.y), set(L, "z", s->u.obb.center.z);
        set(L, "hx", s->u.obb.half.x), set(L, "hy", s->u.obb.half.y), set(L, "hz", s->u.obb.half.z);
        lua_createtable(L, 9, 0);
        for (int i = 0; i < 3; i++) {
            lua_pushinteger(L, s->u.obb.axis[i].x);
            lua_rawseti(L, -2, 3 * i + 1);
            lua_pushinteger(L, s->u.obb.axis[i].y);
            lua_rawseti(L, -2, 3 * i + 2);
            lua_pushinteger(L, s->u.obb.axis[i].z);
            lua_rawseti(L, -2, 3 * i + 3);
        }
        lua_setfield(L, -2, "axes");
        break;
    case FC_SHAPE3_CAPSULE: /* the 2D capsule's fields plus z */
        set_type(L, "capsule");
        set(L, "ax", s->u.capsule.a.x), set(L, "ay", s->u.capsule.a.y), set(L, "az", s->u.capsule.a.z);
        set(L, "bx", s->u.capsule.b.x), set(L, "by", s->u.capsule.b.y), set(L, "bz", s->u.capsule.b.z);
        set(L, "r", s->u.capsule.radius);
        break;
    }
}

void fcl_push_shape2(lua_State *L, const fc_shape2 *s, int out)
{
    if (out)
        lua_pushvalue(L, out);
    else
        lua_createtable(L, 0, 6);
    fill_shape2(L, s);
}

void fcl_push_shape3(lua_State *L, const fc_shape3 *s, int out)
{
    if (out)
        lua_pushvalue(L, out);
    else
        lua_createtable(L, 0, 8);
    fill_shape3(L, s);
}

/* ---- constructors: fixcol.circle(x, y, r), ... (no validation: use
 * fixcol.validate2 / validate3, or let the world reject them). */

static int l_circle(lua_State *L)
{
    fc_shape2 s;
    s.type = FC_SHAPE2_CIRCLE;
    s.u.circle = fc_circle_make(fc_vec2_make(fcl_check_raw(L, 1), fcl_check_raw(L, 2)), fcl_check_raw(L, 3));
    lua_createtable(L, 0, 4);
    fill_shape2(L, &s);
    return 1;
}

static int l_aabb2(lua_State *L)
{
    fc_shape2 s;
    s.type = FC_SHAPE2_AABB;
    s.u.aabb = fc_aabb2_make(fc_vec2_make(fcl_check_raw(L, 1), fcl_check_raw(L, 2)),
                             fc_vec2_make(fcl_check_raw(L, 3), fcl_check_raw(L, 4)));
    lua_createtable(L, 0, 5);
    fill_shape2(L, &s);
    return 1;
}

static int l_obb2(lua_State *L)
{
    fc_shape2 s;
    s.type = FC_SHAPE2_OBB;
    s.u.obb = fc_obb2_make(fc_vec2_make(fcl_check_raw(L, 1), fcl_check_raw(L, 2)),
                           fc_vec2_make(fcl_check_raw(L, 3), fcl_check_raw(L, 4)),
                           lua_isnoneornil(L, 5) ? 0 : fcl_check_angle(L, 5));
    lua_createtable(L, 0, 6);
    fill_shape2(L, &s);
    return 1;
}

static int l_capsule2(lua_State *L)
{
    fc_shape2 s;
    s.type = FC_SHAPE2_CAPSULE;
    s.u.capsule = fc_capsule2_make(fc_vec2_make(fcl_check_raw(L, 1), fcl_check_raw(L, 2)),
                                   fc_vec2_make(fcl_check_raw(L, 3), fcl_check_raw(L, 4)), fcl_check_raw(L, 5));
    lua_createtable(L, 0, 6);
    fill_shape2(L, &s);
    return 1;
}

/* fixcol.poly2({x1, y1, x2, y2, ...}) */
static int l_poly2(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    size_t n = fcl_rawlen(L, 1);
    if (n % 2 != 0 || n / 2 > FC_POLY2_MAX_VERTS)
        return fcl_argerror(L, 1, "expected up to %d x, y pairs, got %d numbers", FC_POLY2_MAX_VERTS, (int)n);
    lua_createtable(L, (int)n, 1);
    for (size_t i = 0; i < n; i++) {
        lua_rawgeti(L, 1, (int)i + 1);
        lua_pushinteger(L, fcl_field_raw(L, -1, 1, "vertex"));
        lua_rawseti(L, -3, (int)i + 1);
        lua_pop(L, 1);
    }
    set_type(L, "poly");
    return 1;
}

static int l_sphere(lua_State *L)
{
    fc_shape3 s;
    s.type = FC_SHAPE3_SPHERE;
    fc_status st = fc_sphere_make(fc_vec3_make(fcl_check_raw(L, 1), fcl_check_raw(L, 2), fcl_check_raw(L, 3)),
                                  fcl_check_raw(L, 4), &s.u.sphere);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    lua_createtable(L, 0, 5);
    fill_shape3(L, &s);
    return 1;
}

/* fixcol.capsule3(ax, ay, az, bx, by, bz, r): raw Q16.16; nil, status,
 * message for an out-of-range endpoint or radius (fc_capsule3_make). */
static int l_capsule3(lua_State *L)
{
    fc_shape3 s;
    s.type = FC_SHAPE3_CAPSULE;
    fc_status st = fc_capsule3_make(fc_vec3_make(fcl_check_raw(L, 1), fcl_check_raw(L, 2), fcl_check_raw(L, 3)),
                                    fc_vec3_make(fcl_check_raw(L, 4), fcl_check_raw(L, 5), fcl_check_raw(L, 6)),
                                    fcl_check_raw(L, 7), &s.u.capsule);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    lua_createtable(L, 0, 8);
    fill_shape3(L, &s);
    return 1;
}

static int l_aabb3(lua_State *L)
{
    fc_shape3 s;
    s.type = FC_SHAPE3_AABB;
    fc_status st = fc_aabb3_make(fc_vec3_make(fcl_check_raw(L, 1), fcl_check_raw(L, 2), fcl_check_raw(L, 3)),
                                 fc_vec3_make(fcl_check_raw(L, 4), fcl_check_raw(L, 5), fcl_check_raw(L, 6)),
                                 &s.u.aabb);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    lua_createtable(L, 0, 7);
    fill_shape3(L, &s);
    return 1;
}

/* fixcol.obb3_euler(x, y, z, hx, hy, hz, yaw, pitch, roll) */
static int l_obb3_euler(lua_State *L)
{
    fc_shape3 s;
    s.type = FC_SHAPE3_OBB;
    fc_vec3 c = fc_vec3_make(fcl_check_raw(L, 1), fcl_check_raw(L, 2), fcl_check_raw(L, 3));
    fc_vec3 h = fc_vec3_make(fcl_check_raw(L, 4), fcl_check_raw(L, 5), fcl_check_raw(L, 6));
    fc_status st = fc_obb3_from_euler(c, h, fcl_check_angle(L, 7), fcl_check_angle(L, 8), fcl_check_angle(L, 9),
                                      &s.u.obb);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    lua_createtable(L, 0, 8);
    fill_shape3(L, &s);
    return 1;
}

/* fixcol.obb3_axes(x, y, z, hx, hy, hz, {9 axis values}) */
static int l_obb3_axes(lua_State *L)
{
    fc_shape3 s;
    s.type = FC_SHAPE3_OBB;
    fc_vec3 c = fc_vec3_make(fcl_check_raw(L, 1), fcl_check_raw(L, 2), fcl_check_raw(L, 3));
    fc_vec3 h = fc_vec3_make(fcl_check_raw(L, 4), fcl_check_raw(L, 5), fcl_check_raw(L, 6));
    luaL_checktype(L, 7, LUA_TTABLE);
    int32_t a[9];
    for (int i = 0; i < 9; i++) {
        lua_rawgeti(L, 7, i + 1);
        a[i] = fcl_field_raw(L, -1, 7, "axes[i]");
        lua_pop(L, 1);
    }
    fc_status st = fc_obb3_from_axes(c, h, fc_vec3_make(a[0], a[1], a[2]), fc_vec3_make(a[3], a[4], a[5]),
                                     fc_vec3_make(a[6], a[7], a[8]), &s.u.obb);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    lua_createtable(L, 0, 8);
    fill_shape3(L, &s);
    return 1;
}

static int l_validate2(lua_State *L)
{
    fc_shape2 s = fcl_check_shape2(L, 1);
    fc_status st = fc_shape2_validate(&s);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    lua_pushboolean(L, 1);
    return 1;
}

static int l_validate3(lua_State *L)
{
    fc_shape3 s = fcl_check_shape3(L, 1);
    fc_status st = fc_shape3_validate(&s);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    lua_pushboolean(L, 1);
    return 1;
}

void fcl_open_shapes(lua_State *L)
{
    static const luaL_Reg f[] = {
        {"circle", l_circle}, {"aabb2", l_aabb2}, {"obb2", l_obb2}, {"capsule2", l_capsule2},
        {"poly2", l_poly2}, {"sphere", l_sphere}, {"capsule3", l_capsule3}, {"aabb3", l_aabb3}, {"obb3_euler", l_obb3_euler},
        {"obb3_axes", l_obb3_axes}, {"validate2", l_validate2}, {"validate3", l_validate3}, {NULL, NULL}};
    fcl_setfuncs(L, f);
}
