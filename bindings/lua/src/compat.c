/* SPDX-License-Identifier: MIT */
/* compat.c - the few C API calls Lua 5.1 / LuaJIT lack, and argument errors
 * with formatted messages. */
#include <stdarg.h>
#include <stdio.h>

#include "fcl.h"

void fcl_setfuncs(lua_State *L, const luaL_Reg *l)
{
    for (; l->name; l++) {
        lua_pushcfunction(L, l->func);
        lua_setfield(L, -2, l->name);
    }
}

void *fcl_testudata(lua_State *L, int idx, const char *tname)
{
    void *p = lua_touserdata(L, idx);
    if (!p || !lua_getmetatable(L, idx))
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
