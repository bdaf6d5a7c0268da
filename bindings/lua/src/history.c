/* SPDX-License-Identifier: MIT */
/* history.c - the frame-history ring (fixcol/history.h) as world methods:
 * w:history_begin(frames, bytes), w:history_end(), w:history_save(),
 * w:history_rollback(k), w:history_stats(). Data errors are nil, status,
 * message (the world unchanged); a non-integer or out-of-int32 argument
 * is an argument error. */
#include "fcl.h"

#include <fixcol/history.h>

static int push_ok(lua_State *L, fc_status st)
{
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    lua_pushboolean(L, 1);
    return 1;
}

/* w:history_begin(frames, bytes) -> true | nil, status, message. */
static int l_history_begin(lua_State *L)
{
    const int32_t frames = fcl_check_raw(L, 2), bytes = fcl_check_raw(L, 3); /* the arguments first (Re-entrancy) */
    return push_ok(L, fc_world_history_begin(fcl_check_world(L, 1), frames, bytes));
}

/* w:history_end() */
static int l_history_end(lua_State *L)
{
    fc_world_history_end(fcl_check_world(L, 1));
    return 0;
}

/* w:history_save() -> true | nil, status, message. */
static int l_history_save(lua_State *L)
{
    return push_ok(L, fc_world_history_save(fcl_check_world(L, 1)));
}

/* w:history_rollback(k) -> true | nil, status, message. */
static int l_history_rollback(lua_State *L)
{
    const int32_t k = fcl_check_raw(L, 2); /* the arguments first (Re-entrancy) */
    return push_ok(L, fc_world_history_rollback(fcl_check_world(L, 1), k));
}

/* w:history_stats() -> {frames, depth, bytes, used, last_save, open,
 * overflowed (boolean)} | nil, status, message. The figures are read
 * before the table is made (a finalizer run by the allocation may use the
 * world). */
static int l_history_stats(lua_State *L)
{
    fc_history_stats s;
    fc_status st = fc_world_history_stats(fcl_check_world(L, 1), &s);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    lua_createtable(L, 0, 7);
    lua_pushinteger(L, s.frames);
    lua_setfield(L, -2, "frames");
    lua_pushinteger(L, s.depth);
    lua_setfield(L, -2, "depth");
    fcl_push_u32(L, (uint32_t)s.bytes); /* each <= 2^30 */
    lua_setfield(L, -2, "bytes");
    fcl_push_u32(L, (uint32_t)s.used);
    lua_setfield(L, -2, "used");
    fcl_push_u32(L, (uint32_t)s.last_save);
    lua_setfield(L, -2, "last_save");
    fcl_push_u32(L, (uint32_t)s.open);
    lua_setfield(L, -2, "open");
    lua_pushboolean(L, s.overflowed);
    lua_setfield(L, -2, "overflowed");
    return 1;
}

const luaL_Reg fcl_history_methods[] = {
    {"history_begin", l_history_begin},
    {"history_end", l_history_end},
    {"history_save", l_history_save},
    {"history_rollback", l_history_rollback},
    {"history_stats", l_history_stats},
    {NULL, NULL},
};
