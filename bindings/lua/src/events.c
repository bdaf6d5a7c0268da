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

static fc_pair *check_pairs(lua_State *L, int arg, int32_t *n)
{
    luaL_checktype(L, arg, LUA_TTABLE);
    size_t len = fcl_rawlen(L, arg);
    if (len % 2 != 0 || len / 2 > (size_t)INT32_MAX / sizeof(fc_pair))
        fcl_argerror(L, arg, "expected a flat pair list {a1, b1, ...} of even length");
    fc_pair *p = (fc_pair *)lua_newuserdata(L, sizeof(fc_pair) * (len / 2 + 1));
    for (size_t i = 0; i < len; i++) {
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
    *n = (int32_t)(len / 2);
    return p;
}

/* fixcol.pair_events(prev, cur [, began [, ended]]) -> began, nbegan,
 * ended, nended; nil, "argument", message when a list is not canonical. */
static int l_pair_events_stateless(lua_State *L)
{
    int ob = opt_out(L, 3), oe = opt_out(L, 4);
    int32_t np, nc, nb, ne;
    const fc_pair *prev = check_pairs(L, 1, &np), *cur = check_pairs(L, 2, &nc);
    fc_pair *b = (fc_pair *)lua_newuserdata(L, sizeof(fc_pair) * ((size_t)nc + 1));
    fc_pair *e = (fc_pair *)lua_newuserdata(L, sizeof(fc_pair) * ((size_t)np + 1));
    fc_status st = fc_pair_events(prev, np, cur, nc, b, nc, &nb, e, np, &ne);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    fill_pairs(L, ob, b, nb);
    fill_pairs(L, oe, e, ne);
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
    lua_pushcfunction(L, l_pair_events_stateless);
    lua_setfield(L, -2, "pair_events");
}
