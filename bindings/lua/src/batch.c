/* SPDX-License-Identifier: MIT */
/* batch.c - w:translate2_many(ids, dxs, dys, n [, status]): n moves in one
 * call, for a frame loop that moves many bodies (each move through
 * w:translate2 crosses the Lua/C boundary once, which costs more than the
 * move itself). Same effect as calling w:translate2(ids[i], dxs[i], dys[i])
 * for i = 1..n in order: a rejected move (stale id, out of range) changes
 * nothing and the others still happen. Every entry is checked before any
 * move is made, so an argument error (a missing or malformed id, a
 * fractional or huge delta) leaves the world unchanged. The entries are
 * parsed into a per-world scratch array that only grows: a steady frame
 * loop allocates nothing, in C or in Lua. */
#include <stdio.h>
#include <stdlib.h>

#include "fcl.h"

typedef struct fcl_move2 {
    fc_body_id id;
    fc_vec2 d;
} fcl_move2;

/* Room for n moves in u's scratch array; NULL when out of memory. */
static fcl_move2 *scratch(fcl_world *u, size_t n)
{
    if (n > u->batch_cap) {
        size_t cap = u->batch_cap ? u->batch_cap : 64;
        while (cap < n)
            cap *= 2;
        void *p = realloc(u->batch, cap * sizeof(fcl_move2));
        if (!p)
            return NULL;
        u->batch = p;
        u->batch_cap = cap;
    }
    return (fcl_move2 *)u->batch;
}

/* t[i] (t at argument arg, named tname) as a raw Q16.16 value. */
static int32_t raw_at(lua_State *L, int arg, const char *tname, lua_Integer i)
{
    int32_t v;
    lua_rawgeti(L, arg, (int)i);
    if (!fcl_to_raw(L, -1, &v)) { /* the message is built only on error */
        char name[48];
        snprintf(name, sizeof name, "%s[%ld]", tname, (long)i);
        v = fcl_field_raw(L, -1, arg, name);
    }
    lua_pop(L, 1);
    return v;
}

/* w:translate2_many(ids, dxs, dys, n [, status]) -> rejected (count).
 * status (optional): filled with status[i] = 0 (moved) or the fc_status
 * code of the rejected move (fixcol.status[code] is its name), cleared
 * after n like every output table. */
/* Re-entrancy (fcl.h): the entries are read with raw gets (no metamethod
 * runs) and the status table is given its n entries before the world is
 * resolved, so from fcl_use to the return no Lua code runs: no allocation
 * (status entries are overwritten in place), no metamethod. An entry
 * error is raised before any body moves. */
static int l_translate2_many(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    luaL_checktype(L, 3, LUA_TTABLE);
    luaL_checktype(L, 4, LUA_TTABLE);
    uint32_t n = fcl_check_u32(L, 5);
    if (n > INT32_MAX)
        return fcl_argerror(L, 5, "count %lu too large", (unsigned long)n);
    size_t have = fcl_rawlen(L, 2);
    if ((size_t)n > have) /* ids[have + 1] is nil: fail before the status table grows */
        return fcl_argerror(L, 2, "ids[%ld]: expected a body id, got nil", (long)have + 1);
    int status = 0;
    if (!lua_isnoneornil(L, 6)) {
        luaL_checktype(L, 6, LUA_TTABLE);
        status = 6;
        for (uint32_t i = 0; i < n; i++) {
            lua_pushinteger(L, 0);
            lua_rawseti(L, status, (int)i + 1);
        }
        fcl_trim(L, status, n);
    }
    fc_world *w = fcl_use(L, u);
    fcl_move2 *m = NULL;
    for (uint32_t i = 0; i < n; i++) {
        if (i % 256 == 0 && !(m = scratch(u, (size_t)i + 256 < n ? (size_t)i + 256 : n)))
            return fcl_push_status_error(L, FC_ERR_NO_MEMORY);
        lua_Integer k = (lua_Integer)i + 1;
        lua_rawgeti(L, 2, (int)k);
        if (!fcl_to_id(L, -1, &m[i].id))
            fcl_argerror(L, 2, "ids[%ld]: expected a body id, got %s", (long)k, luaL_typename(L, -1));
        lua_pop(L, 1);
        m[i].d.x = raw_at(L, 3, "dxs", k);
        m[i].d.y = raw_at(L, 4, "dys", k);
    }
    lua_Integer rejected = 0;
    for (uint32_t i = 0; i < n; i++) {
        fc_status st = fc_world_translate2(w, m[i].id, m[i].d);
        if (st != FC_OK)
            rejected++;
        if (status) {
            lua_pushinteger(L, st);
            lua_rawseti(L, status, (int)i + 1);
        }
    }
    lua_pushinteger(L, rejected);
    return 1;
}

const luaL_Reg fcl_batch_methods[] = {
    {"translate2_many", l_translate2_many},
    {NULL, NULL},
};
