/* SPDX-License-Identifier: MIT */
/* events.c - contact events and world contacts (fc_world_pair_events,
 * fc_pair_events, fc_world_find_contacts2/3). Pair lists are flat tables
 * {a1, b1, a2, b2, ...} of ids as w:find_pairs gives them; contacts are
 * flat raw numbers, 5 a pair in 2D (nx, ny, depth, px, py) and 7 in 3D
 * (nx, ny, nz, depth, px, py, pz). Optional caller tables are filled from
 * index 1 and trimmed (no garbage when reused every frame). */
#include "fcl.h"

static int opt_out(lua_State *L, int arg)
{
    if (lua_gettop(L) < arg)
        lua_settop(L, arg);
    if (lua_isnil(L, arg)) {
        lua_newtable(L);
        lua_replace(L, arg);
    } else if (!lua_istable(L, arg)) {
        fcl_argerror(L, arg, "expected an output table or nil, got %s", luaL_typename(L, arg));
    }
    return arg;
}

static void fill_pairs(lua_State *L, int out, const fc_pair *p, int32_t n)
{
    for (int32_t i = 0; i < n; i++) {
        fcl_push_id(L, p[i].a);
        lua_rawseti(L, out, 2 * i + 1);
        fcl_push_id(L, p[i].b);
        lua_rawseti(L, out, 2 * i + 2);
    }
    fcl_trim(L, out, (size_t)(2 * n));
}

/* w:pair_events([began [, ended]]) -> began, nbegan, ended, nended: the
 * pairs that began / ended between the last two find_pairs (or
 * find_contacts) calls, canonical order. */
/* w:pair_events([began [, ended]]) and w:find_contacts([pairs [, contacts]]):
 * output tables made before the world is resolved, lists written by
 * fcl_fill (fcl.h, "Re-entrancy"). */
static int l_pair_events(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    int ob = opt_out(L, 2), oe = opt_out(L, 3);
    const fc_pair *b = NULL, *e = NULL;
    int32_t nb = 0, ne = 0;
    fc_status st = fc_world_pair_events(fcl_use(L, u), &b, &nb, &e, &ne);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    const fcl_list l[2] = {{FCL_PAIRS, ob, b, nb}, {FCL_PAIRS, oe, e, ne}};
    fcl_fill(L, u, l, 2);
    lua_pushvalue(L, ob);
    lua_pushinteger(L, nb);
    lua_pushvalue(L, oe);
    lua_pushinteger(L, ne);
    return 4;
}

static int l_find_contacts(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    int op = opt_out(L, 2), oc = opt_out(L, 3);
    fc_world *w = fcl_use(L, u);
    const fc_pair *p = NULL;
    int32_t n = 0;
    fc_status st;
    fcl_list l[2] = {{FCL_PAIRS, op, NULL, 0}, {FCL_CONTACT2, oc, NULL, 0}};
    if (fc_world_get_dim(w) == FC_WORLD_3D) {
        const fc_contact3_result *c = NULL;
        st = fc_world_find_contacts3(w, &p, &c, &n);
        l[1].kind = FCL_CONTACT3;
        l[1].p = c;
    } else {
        const fc_contact2_result *c = NULL;
        st = fc_world_find_contacts2(w, &p, &c, &n);
        l[1].p = c;
    }
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    l[0].p = p;
    l[0].n = l[1].n = n;
    fcl_fill(L, u, l, 2);
    lua_pushvalue(L, op);
    lua_pushinteger(L, n);
    lua_pushvalue(L, oc);
    return 3;
}

/* The scratch of fixcol.pair_events: one userdata kept as the function's
 * upvalue and reused by every call (no allocation per call once it is big
 * enough), so a frame's stateless diff costs no garbage when the caller
 * also passes its own began / ended tables. A call marks it busy while it
 * writes the result tables (the only step that allocates, so the only one
 * in which a finalizer can run Lua code and call fixcol.pair_events
 * again); a call that finds it busy or too small makes a new one and
 * installs it, and keeps the one it uses anchored on its own stack, so a
 * nested call never writes into an outer call's buffers. An error raised
 * while busy (out of memory) only costs the next call a new scratch. */
typedef struct {
    int busy;
    size_t cap; /* pairs after the header */
} events_scratch;

#define SCRATCH_PAIRS(h) ((fc_pair *)((char *)(h) + FCL_SCRATCH_HEAD))
#define FCL_SCRATCH_HEAD ((sizeof(events_scratch) + sizeof(fc_pair) - 1) / sizeof(fc_pair) * sizeof(fc_pair))

/* The scratch for `need` pairs, pushed on the stack (anchored). */
static events_scratch *scratch_for(lua_State *L, size_t need)
{
    events_scratch *h = (events_scratch *)lua_touserdata(L, lua_upvalueindex(1));
    if (h && !h->busy && h->cap >= need) {
        lua_pushvalue(L, lua_upvalueindex(1));
        return h;
    }
    size_t cap = need < 64 ? 64 : need + need / 2;
    h = (events_scratch *)lua_newuserdata(L, FCL_SCRATCH_HEAD + sizeof(fc_pair) * cap);
    h->busy = 0;
    h->cap = cap;
    lua_pushvalue(L, -1);
    lua_replace(L, lua_upvalueindex(1));
    return h;
}

/* The length of a flat pair list (an argument error if not one). */
static size_t pairs_len(lua_State *L, int arg)
{
    luaL_checktype(L, arg, LUA_TTABLE);
    size_t len = fcl_rawlen(L, arg);
    if (len % 2 != 0 || len / 2 > (size_t)INT32_MAX / (4 * sizeof(fc_pair)))
        fcl_argerror(L, arg, "expected a flat pair list {a1, b1, ...} of even length");
    return len / 2;
}

/* Reads the flat pair list at arg into p (no allocation, no Lua code). */
static void read_pairs(lua_State *L, int arg, fc_pair *p, size_t n)
{
    for (size_t i = 0; i < 2 * n; i++) {
        lua_rawgeti(L, arg, (int)i + 1);
        fc_body_id id;
        if (!fcl_to_id(L, -1, &id))
            fcl_argerror(L, arg, "entry %d is not a body id", (int)i + 1);
        lua_pop(L, 1);
        if (i % 2 == 0)
            p[i / 2].a = id;
        else
            p[i / 2].b = id;
    }
}

/* fixcol.pair_events(prev, cur [, began [, ended]]) -> began, nbegan,
 * ended, nended; nil, "argument", message when a list is not canonical.
 * Pass began / ended tables to reuse them: then a call allocates nothing
 * (the scratch above is reused). */
static int l_pair_events_stateless(lua_State *L)
{
    int ob = opt_out(L, 3), oe = opt_out(L, 4);
    size_t np = pairs_len(L, 1), nc = pairs_len(L, 2);
    events_scratch *h = scratch_for(L, 2 * (np + nc) + 2);
    fc_pair *prev = SCRATCH_PAIRS(h), *cur = prev + np, *b = cur + nc, *e = b + nc + 1;
    read_pairs(L, 1, prev, np);
    read_pairs(L, 2, cur, nc);
    int32_t nb, ne;
    fc_status st = fc_pair_events(prev, (int32_t)np, cur, (int32_t)nc, b, (int32_t)nc, &nb, e, (int32_t)np, &ne);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    h->busy = 1;
    fill_pairs(L, ob, b, nb);
    fill_pairs(L, oe, e, ne);
    h->busy = 0;
    lua_pushvalue(L, ob);
    lua_pushinteger(L, nb);
    lua_pushvalue(L, oe);
    lua_pushinteger(L, ne);
    return 4;
}

const luaL_Reg fcl_event_methods[] = {
    {"pair_events", l_pair_events},
    {"find_contacts", l_find_contacts},
    {NULL, NULL},
};

void fcl_open_events(lua_State *L)
{
    lua_pushnil(L); /* the scratch, made by the first call */
    lua_pushcclosure(L, l_pair_events_stateless, 1);
    lua_setfield(L, -2, "pair_events");
}
