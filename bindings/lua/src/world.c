/* SPDX-License-Identifier: MIT */
/* world.c - the world userdata: fixcol.world_create(def), destroy (explicit,
 * __gc and __close on Lua 5.4), dimension, checksum, snapshot / restore,
 * validate. A destroyed world (or any other value passed as one) is an
 * argument error, never a crash. Body and query methods live in bodies.c
 * and queries.c and share this metatable. */
#include <stdlib.h>
#include <string.h>

#include "fcl.h"

static fcl_world *to_world(lua_State *L, int arg)
{
    fcl_world *u = (fcl_world *)fcl_testudata(L, arg, FCL_WORLD_MT);
    if (!u)
        fcl_argerror(L, arg, "expected a fixcol world, got %s", luaL_typename(L, arg));
    return u;
}

fcl_world *fcl_check_world_ud(lua_State *L, int arg)
{
    fcl_world *u = to_world(L, arg);
    if (!u->w)
        fcl_argerror(L, arg, "the world is destroyed");
    return u;
}

fc_world *fcl_check_world(lua_State *L, int arg)
{
    return fcl_check_world_ud(L, arg)->w;
}

static int32_t def_int(lua_State *L, int arg, const char *name, int32_t def)
{
    return fcl_get_raw_opt(L, arg, name, def);
}

/* fixcol.world_create([def]) -> world | nil, status, message.
 * def fields (all optional, C defaults): dim 2|3, bounds_x, bounds_y (raw
 * Q16.16, the broadphase square's lower corner), bounds_log2, max_depth,
 * layout "loose"|"strict", body_capacity, pair_capacity, tag (uint32). */
static int l_world_create(lua_State *L)
{
    fc_world_def def = fc_world_def_default();
    if (!lua_isnoneornil(L, 1)) {
        luaL_checktype(L, 1, LUA_TTABLE);
        int32_t dim = def_int(L, 1, "dim", 2);
        if (dim != 2 && dim != 3)
            return fcl_argerror(L, 1, "field 'dim': expected 2 or 3, got %d", (int)dim);
        def.dim = dim == 3 ? FC_WORLD_3D : FC_WORLD_2D;
        def.bounds_min.x = def_int(L, 1, "bounds_x", def.bounds_min.x);
        def.bounds_min.y = def_int(L, 1, "bounds_y", def.bounds_min.y);
        def.bounds_log2 = def_int(L, 1, "bounds_log2", def.bounds_log2);
        def.max_depth = def_int(L, 1, "max_depth", def.max_depth);
        def.body_capacity = def_int(L, 1, "body_capacity", def.body_capacity);
        def.pair_capacity = def_int(L, 1, "pair_capacity", def.pair_capacity);
        lua_getfield(L, 1, "layout");
        if (!lua_isnil(L, -1)) {
            const char *l = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
            if (strcmp(l, "loose") == 0)
                def.layout = FC_QT_LOOSE;
            else if (strcmp(l, "strict") == 0)
                def.layout = FC_QT_STRICT;
            else
                return fcl_argerror(L, 1, "field 'layout': expected \"loose\" or \"strict\"");
        }
        lua_pop(L, 1);
        lua_getfield(L, 1, "tag");
        if (!lua_isnil(L, -1))
            def.tag = fcl_field_u32(L, -1, 1, "tag");
        lua_pop(L, 1);
    }
    fcl_world *u = (fcl_world *)fcl_newudata(L, sizeof *u, FCL_WORLD_MT);
    fc_status st = fc_world_create(&def, &u->w);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    return 1;
}

static void release(fcl_world *u)
{
    fc_world_destroy(u->w);
    u->w = NULL;
    free(u->snap);
    u->snap = NULL;
    u->snap_cap = 0;
    free(u->batch);
    u->batch = NULL;
    u->batch_cap = 0;
}

/* w:destroy(): frees the world now; later calls on it are errors. Twice is ok. */
static int l_destroy(lua_State *L)
{
    release(to_world(L, 1));
    return 0;
}

static int l_gc(lua_State *L)
{
    fcl_world *u = (fcl_world *)fcl_testudata(L, 1, FCL_WORLD_MT);
    if (u)
        release(u);
    return 0;
}

static int l_tostring(lua_State *L)
{
    fcl_world *u = to_world(L, 1);
    if (!u->w)
        lua_pushstring(L, "fixcol.world (destroyed)");
    else
        lua_pushfstring(L, "fixcol.world %dD, %d bodies", (int)fc_world_get_dim(u->w),
                        (int)fc_world_body_count(u->w));
    return 1;
}

static int l_is_destroyed(lua_State *L)
{
    lua_pushboolean(L, to_world(L, 1)->w == NULL);
    return 1;
}

static int l_dim(lua_State *L)
{
    lua_pushinteger(L, (lua_Integer)fc_world_get_dim(fcl_check_world(L, 1)));
    return 1;
}

/* w:checksum() -> 16 lowercase hex digits (exact in every VM). */
static int l_checksum(lua_State *L)
{
    fcl_push_hex64(L, fc_world_checksum(fcl_check_world(L, 1)));
    return 1;
}

/* w:checksum_parts() -> lo, hi: the two 32-bit halves (no string made). */
static int l_checksum_parts(lua_State *L)
{
    uint64_t c = fc_world_checksum(fcl_check_world(L, 1));
    fcl_push_u32(L, (uint32_t)c);
    fcl_push_u32(L, (uint32_t)(c >> 32));
    return 2;
}

/* w:snapshot() -> blob (a Lua string) | nil, status, message. */
static int l_snapshot(lua_State *L)
{
    fc_world *w = fcl_check_world(L, 1);
    fcl_world *u = to_world(L, 1);
    size_t need = 0;
    fc_status st = fc_world_snapshot(w, NULL, 0, &need);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    if (need > u->snap_cap) {
        unsigned char *p = (unsigned char *)realloc(u->snap, need);
        if (!p)
            return fcl_push_status_error(L, FC_ERR_NO_MEMORY);
        u->snap = p;
        u->snap_cap = need;
    }
    st = fc_world_snapshot(w, u->snap, u->snap_cap, &need);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    lua_pushlstring(L, (const char *)u->snap, need);
    return 1;
}

/* w:restore(blob) -> true | nil, status, message (world unchanged). */
static int l_restore(lua_State *L)
{
    fc_world *w = fcl_check_world(L, 1);
    size_t len;
    luaL_checktype(L, 2, LUA_TSTRING);
    const char *b = lua_tolstring(L, 2, &len);
    fc_status st = fc_world_restore(w, b, len);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    lua_pushboolean(L, 1);
    return 1;
}

/* w:validate() -> true | nil, "format", message (internal consistency). */
static int l_validate(lua_State *L)
{
    fc_status st = fc_world_validate(fcl_check_world(L, 1));
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    lua_pushboolean(L, 1);
    return 1;
}

static const luaL_Reg world_methods[] = {
    {"destroy", l_destroy},
    {"is_destroyed", l_is_destroyed},
    {"dim", l_dim},
    {"checksum", l_checksum},
    {"checksum_parts", l_checksum_parts},
    {"snapshot", l_snapshot},
    {"restore", l_restore},
    {"validate", l_validate},
    {NULL, NULL},
};

void fcl_open_world(lua_State *L)
{
    luaL_newmetatable(L, FCL_WORLD_MT);
    lua_pushcfunction(L, l_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushcfunction(L, l_gc);
    lua_setfield(L, -2, "__close");
    lua_pushcfunction(L, l_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_pushliteral(L, "fixcol.world");
    lua_setfield(L, -2, "__metatable");
    lua_newtable(L);
    fcl_setfuncs(L, world_methods);
    fcl_setfuncs(L, fcl_body_methods);
    fcl_setfuncs(L, fcl_query_methods);
    fcl_setfuncs(L, fcl_cast_methods);
    fcl_setfuncs(L, fcl_desync_methods);
    fcl_setfuncs(L, fcl_batch_methods);
    fcl_setfuncs(L, fcl_event_methods);
    fcl_setfuncs(L, fcl_history_methods);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
    lua_pushcfunction(L, l_world_create);
    lua_setfield(L, -2, "world_create");
}
