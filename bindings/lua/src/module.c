/* SPDX-License-Identifier: MIT */
/* module.c - luaopen_fixcol: require "fixcol" returns the module table. */
#include "fcl.h"

#if defined(_WIN32)
#define FCL_EXPORT __declspec(dllexport)
#else
#define FCL_EXPORT __attribute__((visibility("default")))
#endif

FCL_EXPORT int luaopen_fixcol(lua_State *L);

int luaopen_fixcol(lua_State *L)
{
    lua_newtable(L);
    fcl_open_numbers(L);
    fcl_open_errors(L);
    fcl_open_ids(L);
    fcl_open_shapes(L);
    fcl_open_world(L);
    fcl_open_collide(L);
    fcl_open_areas(L);
    fcl_open_casts(L);
    fcl_open_mover(L);
    fcl_open_hash(L);
    fcl_open_replay(L);
    fcl_open_desync(L);
    fcl_open_wire(L);
    fcl_open_events(L);
    fcl_open_frame(L);
    lua_pushliteral(L, "0.1.0");
    lua_setfield(L, -2, "VERSION");
    return 1;
}
