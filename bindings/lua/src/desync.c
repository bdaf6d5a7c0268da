/* SPDX-License-Identifier: MIT */
/* desync.c - finding a desync from Lua (fixcol/desync.h): range and body
 * hashes, the responder's answer and the canonical dump as world methods,
 * and fixcol.desync(), the asker's bisection state machine. 64-bit values
 * (hashes, questions, answers) cross as 16-hex-digit strings, as
 * checksums do; a question or answer is also accepted as an integer
 * <= 2^53. */
#include "fcl.h"

#define FCL_DESYNC_MT "fixcol.desync"

/* w:slot_count() -> slots ever used (live + free). */
static int l_slot_count(lua_State *L)
{
    lua_pushnumber(L, (lua_Number)fc_world_slot_count(fcl_check_world(L, 1)));
    return 1;
}

/* w:range_checksum(lo, hi) -> 16 hex | nil, "argument", message. Every
 * method converts its arguments before it resolves the world (fcl.h). */
static int l_range_checksum(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    uint32_t lo = fcl_check_u32(L, 2), hi = fcl_check_u32(L, 3);
    uint64_t h = 0;
    fc_status st = fc_world_range_checksum(fcl_use(L, u), lo, hi, &h);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    fcl_push_hex64(L, h);
    return 1;
}

/* w:body_hash(id) -> 16 hex | nil, "stale_id", message. */
static int l_body_hash(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    fc_body_id id = fcl_check_id(L, 2);
    uint64_t h = 0;
    fc_status st = fc_world_body_hash(fcl_use(L, u), id, &h);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    fcl_push_hex64(L, h);
    return 1;
}

/* w:desync_answer(question) -> 16 hex | nil, "argument", message. */
static int l_desync_answer(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    uint64_t q = fcl_check_u64(L, 2), a = 0;
    fc_status st = fc_desync_answer(fcl_use(L, u), q, &a);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    fcl_push_hex64(L, a);
    return 1;
}

/* Text from a size-query call into a Lua string. The scratch buffer is a
 * userdata (an error while pushing leaks nothing); its allocation may run
 * a finalizer that changes or destroys the world, so the world is resolved
 * again after it and the text made again if it grew. */
typedef fc_status (*text_fn)(const fc_world *w, uint32_t index, char *buf, size_t cap, size_t *size);

static fc_status whole_dump(const fc_world *w, uint32_t index, char *buf, size_t cap, size_t *size)
{
    (void)index;
    return fc_world_dump(w, buf, cap, size);
}

static int push_text(lua_State *L, fcl_world *u, uint32_t index, text_fn fn)
{
    size_t need = 0;
    fc_status st = fn(fcl_use(L, u), index, NULL, 0, &need);
    for (int tries = 0; st == FC_OK; tries++) {
        size_t cap = need ? need : 1;
        char *buf = (char *)lua_newuserdata(L, cap);
        st = fn(fcl_use(L, u), index, buf, cap, &need);
        if (st == FC_OK && need <= cap) {
            lua_pushlstring(L, buf, need); /* buf is on the stack: alive */
            return 1;
        }
        lua_pop(L, 1);
        if (st == FC_ERR_BUFFER || (st == FC_OK && need > cap)) /* grew meanwhile: again */
            st = tries < 8 ? FC_OK : FC_ERR_BUFFER;
    }
    return fcl_push_status_error(L, st);
}

/* w:dump() -> the canonical text dump (a string). */
static int l_dump(lua_State *L)
{
    return push_text(L, fcl_world_arg(L, 1), 0, whole_dump);
}

/* w:dump_slot(index) -> one line | nil, "argument", message. */
static int l_dump_slot(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    uint32_t index = fcl_check_u32(L, 2);
    return push_text(L, u, index, fc_world_dump_slot);
}

const luaL_Reg fcl_desync_methods[] = {
    {"slot_count", l_slot_count},
    {"range_checksum", l_range_checksum},
    {"body_hash", l_body_hash},
    {"desync_answer", l_desync_answer},
    {"dump", l_dump},
    {"dump_slot", l_dump_slot},
    {NULL, NULL},
};

/* ---- the state machine */
static fc_desync *check_desync(lua_State *L)
{
    fc_desync *d = (fc_desync *)fcl_testudata(L, 1, FCL_DESYNC_MT);
    if (!d)
        fcl_argerror(L, 1, "expected a fixcol desync search, got %s", luaL_typename(L, 1));
    return d;
}

/* fixcol.desync() -> a new search. */
static int l_desync(lua_State *L)
{
    fc_desync *d = (fc_desync *)lua_newuserdata(L, sizeof *d);
    fc_desync_init(d);
    luaL_getmetatable(L, FCL_DESYNC_MT);
    lua_setmetatable(L, -2);
    return 1;
}

/* d:next() -> "ask", question (16 hex) | "found", slot index | "done" |
 * "limit" (the budget is spent, see d:set_budget). */
static int l_next(lua_State *L)
{
    fc_desync *d = check_desync(L);
    uint64_t v = 0;
    fc_desync_step s = fc_desync_next(d, &v);
    if (s == FC_DESYNC_ASK) {
        lua_pushliteral(L, "ask");
        fcl_push_hex64(L, v);
        return 2;
    }
    if (s == FC_DESYNC_FOUND) {
        lua_pushliteral(L, "found");
        lua_pushnumber(L, (lua_Number)(uint32_t)v);
        return 2;
    }
    lua_pushstring(L, s == FC_DESYNC_LIMIT ? "limit" : "done");
    return 1;
}

/* d:set_budget(max_found, max_rounds) -> true | nil, "argument", message
 * (search unchanged): fc_desync_set_budget; max_found 1..2^24, max_rounds
 * 0 (the default bound) .. 2^32 - 1. */
static int l_set_budget(lua_State *L)
{
    fc_desync *d = check_desync(L);
    uint32_t max_found = fcl_check_u32(L, 2), max_rounds = fcl_check_u32(L, 3);
    fc_status st = fc_desync_set_budget(d, max_found, max_rounds);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    lua_pushboolean(L, 1);
    return 1;
}

/* d:max_found(), d:max_rounds(): the budget. */
static int l_max_found(lua_State *L)
{
    lua_pushnumber(L, (lua_Number)check_desync(L)->max_found);
    return 1;
}

static int l_max_rounds(lua_State *L)
{
    lua_pushnumber(L, (lua_Number)check_desync(L)->max_rounds);
    return 1;
}

/* d:feed(mine, theirs) -> true | nil, status, message (search unchanged). */
static int l_feed(lua_State *L)
{
    fc_desync *d = check_desync(L);
    uint64_t mine = fcl_check_u64(L, 2), theirs = fcl_check_u64(L, 3);
    fc_status st = fc_desync_feed(d, mine, theirs);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    lua_pushboolean(L, 1);
    return 1;
}

/* d:rounds(), d:found(), d:slots() */
static int l_rounds(lua_State *L)
{
    lua_pushnumber(L, (lua_Number)check_desync(L)->rounds);
    return 1;
}

static int l_found(lua_State *L)
{
    lua_pushnumber(L, (lua_Number)check_desync(L)->found);
    return 1;
}

static int l_slots(lua_State *L)
{
    lua_pushnumber(L, (lua_Number)check_desync(L)->slots);
    return 1;
}

static const luaL_Reg desync_methods[] = {
    {"next", l_next},         {"feed", l_feed},           {"rounds", l_rounds},
    {"found", l_found},       {"slots", l_slots},         {"set_budget", l_set_budget},
    {"max_found", l_max_found}, {"max_rounds", l_max_rounds}, {NULL, NULL},
};

void fcl_open_desync(lua_State *L)
{
    luaL_newmetatable(L, FCL_DESYNC_MT);
    lua_pushliteral(L, FCL_DESYNC_MT);
    lua_setfield(L, -2, "__metatable");
    lua_newtable(L);
    fcl_setfuncs(L, desync_methods);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
    lua_pushcfunction(L, l_desync);
    lua_setfield(L, -2, "desync");
    fcl_push_hex64(L, FC_DESYNC_ASK_SLOTS);
    lua_setfield(L, -2, "DESYNC_ASK_SLOTS");
    lua_pushnumber(L, (lua_Number)FC_DESYNC_DEFAULT_MAX_FOUND);
    lua_setfield(L, -2, "DESYNC_DEFAULT_MAX_FOUND");
}
