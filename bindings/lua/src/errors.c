/* SPDX-License-Identifier: MIT */
/* errors.c - the data-error convention: a call whose inputs are well typed
 * but rejected by the engine (stale id, out of range, malformed blob)
 * returns nil, NAME, MESSAGE, where NAME is one of the strings below and
 * fixcol.status[NAME] is the C fc_status code. Argument mistakes (wrong
 * type, fractional number, destroyed world) raise a Lua error instead. */
#include "fcl.h"

static const struct {
    fc_status st;
    const char *name;
} names[] = {
    {FC_OK, "ok"},
    {FC_ERR_NULL, "null"},
    {FC_ERR_RANGE, "range"},
    {FC_ERR_SIZE, "size"},
    {FC_ERR_SHAPE_TYPE, "shape_type"},
    {FC_ERR_POLY_COUNT, "poly_count"},
    {FC_ERR_POLY_ORDER, "poly_order"},
    {FC_ERR_ROTATION, "rotation"},
    {FC_ERR_STALE_ID, "stale_id"},
    {FC_ERR_CAPACITY, "capacity"},
    {FC_ERR_NO_MEMORY, "no_memory"},
    {FC_ERR_BUFFER, "buffer"},
    {FC_ERR_FORMAT, "format"},
    {FC_ERR_VERSION, "version"},
    {FC_ERR_CHECKSUM, "checksum"},
    {FC_ERR_ARGUMENT, "argument"},
};

const char *fcl_status_name(fc_status st)
{
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].st == st)
            return names[i].name;
    return "unknown";
}

int fcl_push_status_error(lua_State *L, fc_status st)
{
    lua_pushnil(L);
    lua_pushstring(L, fcl_status_name(st));
    lua_pushstring(L, fc_status_str(st));
    return 3;
}

void fcl_open_errors(lua_State *L)
{
    /* fixcol.status: name -> code and code -> name. */
    lua_newtable(L);
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        lua_pushinteger(L, names[i].st);
        lua_setfield(L, -2, names[i].name);
        lua_pushstring(L, names[i].name);
        lua_rawseti(L, -2, names[i].st);
    }
    lua_setfield(L, -2, "status");
}
