/* SPDX-License-Identifier: MIT */
/* world.c - the world userdata: fixcol.world_create(def), destroy (explicit,
 * __gc and __close on Lua 5.4), dimension, checksum, snapshot / restore,
 * validate. A destroyed world (or any other value passed as one) is an
 * argument error, never a crash. Body and query methods live in bodies.c
 * and queries.c and share this metatable. */
#include <stdlib.h>
#include <string.h>

#include <fixcol/cast.h>

#include "fcl.h"

static fcl_world *to_world(lua_State *L, int arg)
{
    fcl_world *u = (fcl_world *)fcl_testudata(L, arg, FCL_WORLD_MT);
    if (!u)
        fcl_argerror(L, arg, "expected a fixcol world, got %s", luaL_typename(L, arg));
    return u;
}

#ifndef FCL_TEST_NO_REENTRY_GUARD
static int busy_error(lua_State *L)
{
    return luaL_error(L, "fixcol: the world is busy: a call on it is returning its results (a method "
                         "called from a finalizer during that call)");
}
#endif

/* Step (1) of every method: the userdata, without reading its engine world. */
fcl_world *fcl_world_arg(lua_State *L, int arg)
{
    fcl_world *u = to_world(L, arg);
#ifdef FCL_TEST_NO_REENTRY_GUARD
    /* The should-fail twin's build: the engine pointer is taken here,
     * before the arguments are converted (the order this binding used to
     * have), and used afterwards whatever the arguments' metamethods did. */
    if (!u->w)
        fcl_argerror(L, arg, "the world is destroyed");
    u->early = u->w;
#endif
    return u;
}

fc_world *fcl_use(lua_State *L, fcl_world *u)
{
#ifdef FCL_TEST_NO_REENTRY_GUARD
    if (u->early)
        return u->early;
#else
    if (u->busy)
        busy_error(L);
#endif
    if (!u->w)
        fcl_argerror(L, 1, "the world is destroyed");
    return u->w;
}

int fcl_world_dim(lua_State *L, fcl_world *u)
{
    return fc_world_get_dim(fcl_use(L, u)) == FC_WORLD_3D ? 3 : 2;
}

fc_world *fcl_use_dim(lua_State *L, fcl_world *u, int dim)
{
    fc_world *w = fcl_use(L, u);
#ifdef FCL_TEST_NO_REENTRY_GUARD
    (void)dim;
#else
    if ((fc_world_get_dim(w) == FC_WORLD_3D ? 3 : 2) != dim)
        fcl_argerror(L, 1, "the world's dimension changed while the arguments were read (restored from a metamethod)");
#endif
    return w;
}

fcl_world *fcl_check_world_ud(lua_State *L, int arg)
{
    fcl_world *u = fcl_world_arg(L, arg);
    fcl_use(L, u);
    return u;
}

fc_world *fcl_check_world(lua_State *L, int arg)
{
    return fcl_use(L, fcl_world_arg(L, arg));
}

/* ---- fcl_fill: result lists, written under the busy flag */

static const char fill_key = 0; /* its address keys the writer in the registry */

static void put_id(lua_State *L, int out, lua_Integer k, fc_body_id id)
{
    fcl_push_id(L, id);
    lua_rawseti(L, out, (int)k);
}

static void put_int(lua_State *L, int out, lua_Integer k, int32_t v)
{
    lua_pushinteger(L, v);
    lua_rawseti(L, out, (int)k);
}

/* Writes one list; returns the number of table entries (or pushes bytes). */
static size_t fill_one(lua_State *L, const fcl_list *l)
{
    int o = l->out;
    int32_t n = l->n;
    switch (l->kind) {
    case FCL_IDS: {
        const fc_body_id *v = (const fc_body_id *)l->p;
        for (int32_t i = 0; i < n; i++)
            put_id(L, o, (lua_Integer)i + 1, v[i]);
        return (size_t)n;
    }
    case FCL_PAIRS: {
        const fc_pair *v = (const fc_pair *)l->p;
        for (int32_t i = 0; i < n; i++) {
            put_id(L, o, 2 * (lua_Integer)i + 1, v[i].a);
            put_id(L, o, 2 * (lua_Integer)i + 2, v[i].b);
        }
        return 2 * (size_t)n;
    }
    case FCL_HITS: {
        const fc_ray_hit *v = (const fc_ray_hit *)l->p;
        for (int32_t i = 0; i < n; i++) {
            put_id(L, o, 2 * (lua_Integer)i + 1, v[i].id);
            put_int(L, o, 2 * (lua_Integer)i + 2, v[i].t);
        }
        return 2 * (size_t)n;
    }
    case FCL_CAST2: {
        const fc_cast2_hit *v = (const fc_cast2_hit *)l->p;
        for (int32_t i = 0; i < n; i++) {
            lua_Integer k = 4 * (lua_Integer)i;
            put_id(L, o, k + 1, v[i].id);
            put_int(L, o, k + 2, v[i].t);
            put_int(L, o, k + 3, v[i].normal.x);
            put_int(L, o, k + 4, v[i].normal.y);
        }
        return 4 * (size_t)n;
    }
    case FCL_CAST3: {
        const fc_cast3_hit *v = (const fc_cast3_hit *)l->p;
        for (int32_t i = 0; i < n; i++) {
            lua_Integer k = 5 * (lua_Integer)i;
            put_id(L, o, k + 1, v[i].id);
            put_int(L, o, k + 2, v[i].t);
            put_int(L, o, k + 3, v[i].normal.x);
            put_int(L, o, k + 4, v[i].normal.y);
            put_int(L, o, k + 5, v[i].normal.z);
        }
        return 5 * (size_t)n;
    }
    case FCL_CONTACT2: {
        const fc_contact2_result *c = (const fc_contact2_result *)l->p;
        for (int32_t i = 0; i < n; i++) {
            const int32_t v[5] = {c[i].normal.x, c[i].normal.y, c[i].depth, c[i].point.x, c[i].point.y};
            for (int k = 0; k < 5; k++)
                put_int(L, o, 5 * (lua_Integer)i + k + 1, v[k]);
        }
        return 5 * (size_t)n;
    }
    case FCL_CONTACT3: {
        const fc_contact3_result *c = (const fc_contact3_result *)l->p;
        for (int32_t i = 0; i < n; i++) {
            const int32_t v[7] = {c[i].normal.x, c[i].normal.y, c[i].normal.z, c[i].depth,
                                  c[i].point.x,  c[i].point.y,  c[i].point.z};
            for (int k = 0; k < 7; k++)
                put_int(L, o, 7 * (lua_Integer)i + k + 1, v[k]);
        }
        return 7 * (size_t)n;
    }
    case FCL_FRAME: return fcl_frame_fill(L, o, l->p);
    default: /* FCL_BYTES */
        lua_pushlstring(L, (const char *)l->p, (size_t)n);
        return 0;
    }
}

/* The protected writer: argument 1 a light userdata (struct fill_args);
 * its output tables are at absolute indexes of the caller's frame, so they
 * are passed again as arguments 2.. in list order. */
struct fill_args {
    const fcl_list *lists;
    int count;
};

static int l_fill(lua_State *L)
{
    const struct fill_args *a = (const struct fill_args *)lua_touserdata(L, 1);
    int pushed = 0;
    for (int i = 0; i < a->count; i++) {
        fcl_list l = a->lists[i];
        if (l.kind == FCL_BYTES) {
            fill_one(L, &l);
            pushed++;
            continue;
        }
        l.out = 2 + i;
        fcl_trim(L, l.out, fill_one(L, &l));
    }
    return pushed;
}

int fcl_fill(lua_State *L, fcl_world *u, const fcl_list *lists, int count)
{
    struct fill_args a = {lists, count};
    /* Everything before lua_pcall allocates nothing (no finalizer can run). */
    luaL_checkstack(L, count + 4, "fixcol: result lists");
    int top = lua_gettop(L);
    u->busy++;
    lua_pushlightuserdata(L, (void *)&fill_key);
    lua_rawget(L, LUA_REGISTRYINDEX);
    lua_pushlightuserdata(L, &a);
    for (int i = 0; i < count; i++) {
        if (lists[i].kind == FCL_BYTES)
            lua_pushnil(L);
        else
            lua_pushvalue(L, lists[i].out);
    }
    int st = lua_pcall(L, 1 + count, LUA_MULTRET, 0);
    u->busy--;
    if (st != 0)
        lua_error(L);
    return lua_gettop(L) - top;
}

void fcl_open_fill(lua_State *L)
{
    lua_pushlightuserdata(L, (void *)&fill_key);
    lua_pushcfunction(L, l_fill);
    lua_rawset(L, LUA_REGISTRYINDEX);
}

static int32_t def_int(lua_State *L, int arg, const char *name, int32_t def)
{
    return fcl_get_raw_opt(L, arg, name, def);
}

/* fixcol.world_create([def]) -> world | nil, status, message.
 * def fields (all optional, C defaults): dim 2|3, bounds_x, bounds_y (raw
 * Q16.16, the broadphase square's lower corner), bounds_log2, max_depth,
 * layout "loose"|"strict", body_capacity, pair_capacity (at most
 * FCL_PAIR_CAPACITY_MAX: a bigger hint only makes the engine try to
 * allocate gigabytes), tag (uint32); version is ignored (so r:settings()
 * of a replay is a def). Any other key is an argument error. */
static int l_world_create(lua_State *L)
{
    fc_world_def def = fc_world_def_default();
    if (!lua_isnoneornil(L, 1)) {
        luaL_checktype(L, 1, LUA_TTABLE);
        /* Unknown keys (a typo such as bounds_log=8) are errors naming the
         * key. "version" is ignored: a replay's r:settings() table is a def. */
        static const char *const known[] = {"dim",           "bounds_x",      "bounds_y", "bounds_log2", "max_depth",
                                            "body_capacity", "pair_capacity", "layout",   "tag",         "version",
                                            NULL};
        lua_pushnil(L);
        while (lua_next(L, 1)) {
            lua_pop(L, 1);
            int ok = 0;
            if (lua_type(L, -1) == LUA_TSTRING)
                for (int i = 0; known[i] && !ok; i++)
                    ok = strcmp(lua_tostring(L, -1), known[i]) == 0;
            if (!ok)
                return fcl_argerror(L, 1, "unknown field %s%s%s (dim, bounds_x, bounds_y, bounds_log2, max_depth, "
                                          "body_capacity, pair_capacity, layout, tag)",
                                    lua_type(L, -1) == LUA_TSTRING ? "'" : "(a ",
                                    lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : luaL_typename(L, -1),
                                    lua_type(L, -1) == LUA_TSTRING ? "'" : " key)");
        }
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
        if (def.pair_capacity > FCL_PAIR_CAPACITY_MAX)
            return fcl_argerror(L, 1, "field 'pair_capacity': at most %d (fixcol.PAIR_CAPACITY_MAX, 2^24), got %d",
                                (int)FCL_PAIR_CAPACITY_MAX, (int)def.pair_capacity);
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
    free(u->frame);
    u->frame = NULL;
    u->frame_cap = 0;
}

/* w:destroy(): frees the world now; later calls on it are errors. Twice is ok. */
static int l_destroy(lua_State *L)
{
    fcl_world *u = to_world(L, 1);
#ifndef FCL_TEST_NO_REENTRY_GUARD
    if (u->busy)
        return busy_error(L);
#endif
    release(u);
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
    fcl_world *u = fcl_world_arg(L, 1);
    fc_world *w = fcl_use(L, u);
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
    /* The string is made under the busy flag: a finalizer run by its
     * allocation cannot destroy the world (and free u->snap) meanwhile. */
    if (need > (size_t)INT32_MAX)
        return fcl_push_status_error(L, FC_ERR_NO_MEMORY);
    fcl_list l = {FCL_BYTES, 0, u->snap, (int32_t)need};
    return fcl_fill(L, u, &l, 1);
}

/* w:restore(blob) -> true | nil, status, message (world unchanged). */
static int l_restore(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    size_t len;
    luaL_checktype(L, 2, LUA_TSTRING);
    const char *b = lua_tolstring(L, 2, &len);
    fc_status st = fc_world_restore(fcl_use(L, u), b, len);
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

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* fixcol.world_methods() -> a new array of every world method's name,
 * sorted (the world metatable itself is protected). */
static int l_world_methods(lua_State *L)
{
    const luaL_Reg *const sets[] = {world_methods,    fcl_body_methods,   fcl_query_methods, fcl_cast_methods,
                                    fcl_desync_methods, fcl_batch_methods, fcl_event_methods, fcl_frame_methods,
                                    fcl_mover_methods};
    const char *names[128];
    size_t n = 0;
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++)
        for (const luaL_Reg *r = sets[k]; r->name && n < sizeof names / sizeof names[0]; r++)
            names[n++] = r->name;
    qsort(names, n, sizeof names[0], cmp_names);
    lua_createtable(L, (int)n, 0);
    for (size_t i = 0; i < n; i++) {
        lua_pushstring(L, names[i]);
        lua_rawseti(L, -2, (int)i + 1);
    }
    return 1;
}

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
    fcl_setfuncs(L, fcl_mover_methods);
    fcl_setfuncs(L, fcl_desync_methods);
    fcl_setfuncs(L, fcl_batch_methods);
    fcl_setfuncs(L, fcl_frame_methods);
    fcl_setfuncs(L, fcl_event_methods);
    fcl_setfuncs(L, fcl_history_methods);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
    lua_pushcfunction(L, l_world_create);
    lua_setfield(L, -2, "world_create");
    lua_pushinteger(L, FCL_PAIR_CAPACITY_MAX);
    lua_setfield(L, -2, "PAIR_CAPACITY_MAX");
    lua_pushcfunction(L, l_world_methods);
    lua_setfield(L, -2, "world_methods");
    fcl_open_fill(L);
}
