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
static int l_pair_events(lua_State *L)
{
    fc_world *w = fcl_check_world(L, 1);
    int ob = opt_out(L, 2), oe = opt_out(L, 3);
    const fc_pair *b, *e;
    int32_t nb, ne;
    fc_status st = fc_world_pair_events(w, &b, &nb, &e, &ne);
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

/* w:find_contacts([pairs [, contacts]]) -> pairs, npairs, contacts. It is a
 * find_pairs call (it moves the events baseline like find_pairs). */
static int l_find_contacts(lua_State *L)
{
    fc_world *w = fcl_check_world(L, 1);
    int op = opt_out(L, 2), oc = opt_out(L, 3);
    const fc_pair *p;
    int32_t n;
    fc_status st;
    int per;
    if (fc_world_get_dim(w) == FC_WORLD_3D) {
        const fc_contact3_result *c;
        st = fc_world_find_contacts3(w, &p, &c, &n);
        per = 7;
        for (int32_t i = 0; st == FC_OK && i < n; i++) {
            const int32_t v[7] = {c[i].normal.x, c[i].normal.y, c[i].normal.z, c[i].depth,
                                  c[i].point.x,  c[i].point.y,  c[i].point.z};
            for (int k = 0; k < 7; k++) {
                lua_pushinteger(L, v[k]);
                lua_rawseti(L, oc, 7 * i + k + 1);
            }
        }
    } else {
        const fc_contact2_result *c;
        st = fc_world_find_contacts2(w, &p, &c, &n);
        per = 5;
        for (int32_t i = 0; st == FC_OK && i < n; i++) {
            const int32_t v[5] = {c[i].normal.x, c[i].normal.y, c[i].depth, c[i].point.x, c[i].point.y};
            for (int k = 0; k < 5; k++) {
                lua_pushinteger(L, v[k]);
                lua_rawseti(L, oc, 5 * i + k + 1);
            }
        }
    }
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    fcl_trim(L, oc, (size_t)(per * n));
    fill_pairs(L, op, p, n);
    lua_pushvalue(L, op);
    lua_pushinteger(L, n);
    lua_pushvalue(L, oc);
    return 3;
}

/* The flat pair table at arg into a scratch array (a userdata left on the
 * stack); *n pairs. A non-id entry or an odd length is an argument error. */
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
