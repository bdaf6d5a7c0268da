/* SPDX-License-Identifier: MIT */
/* compat.c - the few C API calls Lua 5.1 / LuaJIT lack, and argument errors
 * with formatted messages. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "fcl.h"

void fcl_setfuncs(lua_State *L, const luaL_Reg *l)
{
    for (; l->name; l++) {
        lua_pushcfunction(L, l->func);
        lua_setfield(L, -2, l->name);
    }
}

const char fcl_world_mt[] = "fixcol.world";
const char fcl_hasher_mt[] = "fixcol.hasher";
const char fcl_replay_mt[] = "fixcol.replay_reader";

void *fcl_newudata(lua_State *L, size_t size, const char *tname)
{
    void *p = lua_newuserdata(L, size);
    memset(p, 0, size);
    *(const char **)p = tname;
    luaL_getmetatable(L, tname);
    lua_setmetatable(L, -2);
    return p;
}

/* The type check of every method call. luaL_checkudata looks the
 * metatable up in the registry by name (hashing and comparing the name
 * string) on every call; instead every userdata made by fcl_newudata
 * starts with its type's name pointer (an address in this module that Lua
 * code cannot forge: only C code writes userdata memory). Only a full
 * userdata of at least a pointer's size is read (a light userdata has
 * length 0). A userdata without the tag is checked the old way, by its
 * metatable's name. */
void *fcl_testudata(lua_State *L, int idx, const char *tname)
{
    void *p = lua_touserdata(L, idx);
    if (!p)
        return NULL;
    if (fcl_rawlen(L, idx) >= sizeof(const char *) && *(const char *const *)p == tname)
        return p;
    if (!lua_getmetatable(L, idx))
        return NULL;
    luaL_getmetatable(L, tname);
    int same = lua_rawequal(L, -1, -2);
    lua_pop(L, 2);
    return same ? p : NULL;
}

int fcl_argerror(lua_State *L, int arg, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return luaL_argerror(L, arg, msg);
}

void fcl_trim(lua_State *L, int t, size_t n)
{
    for (lua_Integer i = (lua_Integer)n + 1;; i++) {
        lua_rawgeti(L, t, (int)i);
        int isnil = lua_isnil(L, -1);
        lua_pop(L, 1);
        if (isnil)
            break;
        lua_pushnil(L);
        lua_rawseti(L, t, (int)i);
    }
}

int fcl_out_table(lua_State *L, int arg, int size_hint)
{
    if (lua_isnoneornil(L, arg)) {
        if (lua_gettop(L) < arg)
            lua_settop(L, arg);
        lua_createtable(L, size_hint, 0);
        lua_replace(L, arg);
        return arg;
    }
    if (!lua_istable(L, arg))
        fcl_argerror(L, arg, "expected an output table or nil, got %s", luaL_typename(L, arg));
    return arg;
}
