/* SPDX-License-Identifier: MIT */
/* ids.c - body ids. fc_body_id is 96 bits (index, generation, world tag);
 * no Lua number holds that in every VM (a double has 53 bits), and a
 * userdata with __eq is not a table key by value. So an id is a 12-byte
 * Lua string: index, generation, world tag, each uint32 little-endian.
 * Strings are interned (compared by value), so equal ids are == and index
 * the same table slot, in every VM; pushing an id that already exists
 * allocates nothing. fixcol.id / fixcol.id_parts / fixcol.id_str convert. */
#include <stdio.h>
#include <string.h>

#include "fcl.h"

#define ID_BYTES 12

static void put32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
    p[2] = (unsigned char)(v >> 16);
    p[3] = (unsigned char)(v >> 24);
}

static uint32_t get32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

void fcl_push_id(lua_State *L, fc_body_id id)
{
    unsigned char b[ID_BYTES];
    put32(b, id.index);
    put32(b + 4, id.generation);
    put32(b + 8, id.world);
    lua_pushlstring(L, (const char *)b, ID_BYTES);
}

static int to_id(lua_State *L, int idx, fc_body_id *out)
{
    size_t len;
    if (lua_type(L, idx) != LUA_TSTRING)
        return 0;
    const unsigned char *b = (const unsigned char *)lua_tolstring(L, idx, &len);
    if (len != ID_BYTES)
        return 0;
    out->index = get32(b);
    out->generation = get32(b + 4);
    out->world = get32(b + 8);
    return 1;
}

int fcl_to_id(lua_State *L, int idx, fc_body_id *out)
{
    return to_id(L, idx, out);
}

fc_body_id fcl_check_id(lua_State *L, int arg)
{
    fc_body_id id = {0, 0, 0};
    if (!to_id(L, arg, &id)) {
        if (lua_type(L, arg) == LUA_TSTRING)
            fcl_argerror(L, arg, "expected a body id (12-byte string), got a string of %d bytes",
                         (int)fcl_rawlen(L, arg));
        fcl_argerror(L, arg, "expected a body id, got %s", luaL_typename(L, arg));
    }
    return id;
}

/* fixcol.id(index, generation [, world]) -> id (world tag default 1). */
static int l_id(lua_State *L)
{
    fc_body_id id;
    id.index = fcl_check_u32(L, 1);
    id.generation = fcl_check_u32(L, 2);
    id.world = lua_isnoneornil(L, 3) ? 1u : fcl_check_u32(L, 3);
    fcl_push_id(L, id);
    return 1;
}

/* fixcol.id_parts(id) -> index, generation, world. */
static int l_id_parts(lua_State *L)
{
    fc_body_id id = fcl_check_id(L, 1);
    lua_pushnumber(L, (lua_Number)id.index);
    lua_pushnumber(L, (lua_Number)id.generation);
    lua_pushnumber(L, (lua_Number)id.world);
    return 3;
}

/* fixcol.id_str(id) -> "index:generation@world" (for logs). */
static int l_id_str(lua_State *L)
{
    fc_body_id id = fcl_check_id(L, 1);
    char buf[40];
    snprintf(buf, sizeof buf, "%lu:%lu@%lu", (unsigned long)id.index, (unsigned long)id.generation,
             (unsigned long)id.world);
    lua_pushstring(L, buf);
    return 1;
}

/* fixcol.is_id(v) -> boolean. */
static int l_is_id(lua_State *L)
{
    fc_body_id id;
    lua_pushboolean(L, to_id(L, 1, &id));
    return 1;
}

void fcl_open_ids(lua_State *L)
{
    static const luaL_Reg f[] = {
        {"id", l_id}, {"id_parts", l_id_parts}, {"id_str", l_id_str}, {"is_id", l_is_id}, {NULL, NULL}};
    fcl_setfuncs(L, f);
}
