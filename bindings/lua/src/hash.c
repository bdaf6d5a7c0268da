/* SPDX-License-Identifier: MIT */
/* hash.c - fixcol.hasher([seed]): the fc_hash64 of fixcol/hash.h as a
 * reusable object, so Lua code can compose the replay format's frame
 * checksums and digests (docs/replay-format.md) from what the world API
 * returned. 64-bit values cross as 16-hex-digit strings; a 32-bit word
 * half as an integer in [-2^31, 2^32) (negative status codes wrap as
 * (uint32)status). */
#include <stdio.h>

#include "fcl.h"

typedef struct fcl_hasher {
    const char *tag; /* FCL_HASHER_MT (fcl_newudata) */
    fc_hash64 h;
} fcl_hasher;

static fcl_hasher *check_hasher(lua_State *L)
{
    fcl_hasher *h = (fcl_hasher *)fcl_testudata(L, 1, FCL_HASHER_MT);
    if (!h)
        fcl_argerror(L, 1, "expected a fixcol hasher, got %s", luaL_typename(L, 1));
    return h;
}

static uint64_t opt_seed(lua_State *L, int arg)
{
    return lua_isnoneornil(L, arg) ? 0 : fcl_check_u64(L, arg);
}

/* A 32-bit half: an integer in [-2^31, 2^32), wrapped to uint32. */
static uint32_t half(lua_State *L, int arg)
{
#if LUA_VERSION_NUM >= 503
    if (lua_isinteger(L, arg)) { /* the hot path */
        lua_Integer v = lua_tointeger(L, arg);
        if (v >= INT32_MIN && v <= (lua_Integer)UINT32_MAX)
            return (uint32_t)v;
    }
#endif
    if (lua_isnoneornil(L, arg))
        return 0;
    int32_t lo_neg;
    if (lua_type(L, arg) == LUA_TNUMBER && lua_tonumber(L, arg) < 0) {
        lo_neg = fcl_check_raw(L, arg);
        return (uint32_t)lo_neg;
    }
    return fcl_check_u32(L, arg);
}

/* t[i] (at stack index idx; t is argument 2) as a 32-bit half: an error
 * (naming t[i]) unless an integer in [-2^31, 2^32). */
static uint32_t half_at(lua_State *L, int idx, uint32_t i)
{
#if LUA_VERSION_NUM >= 503
    if (lua_isinteger(L, idx)) {
        lua_Integer v = lua_tointeger(L, idx);
        if (v >= INT32_MIN && v <= (lua_Integer)UINT32_MAX)
            return (uint32_t)v;
    }
#else
    if (lua_type(L, idx) == LUA_TNUMBER) {
        lua_Number d = lua_tonumber(L, idx);
        if (d >= -2147483648.0 && d <= 4294967295.0 && d == (lua_Number)(int64_t)d)
            return (uint32_t)(int64_t)d;
    }
#endif
    char name[32]; /* the message is built only on error */
    snprintf(name, sizeof name, "t[%lu]", (unsigned long)i);
    if (lua_type(L, idx) == LUA_TNUMBER && lua_tonumber(L, idx) < 0)
        return (uint32_t)fcl_field_raw(L, idx, 2, name);
    return fcl_field_u32(L, idx, 2, name);
}

static int l_hasher(lua_State *L)
{
    uint64_t seed = opt_seed(L, 1);
    fcl_hasher *h = (fcl_hasher *)fcl_newudata(L, sizeof *h, FCL_HASHER_MT);
    h->h = fc_hash64_init(seed);
    return 1;
}

static int l_reset(lua_State *L)
{
    fcl_hasher *h = check_hasher(L);
    h->h = fc_hash64_init(opt_seed(L, 2));
    lua_settop(L, 1);
    return 1;
}

/* h:word(lo [, hi]): one word lo | hi << 32. */
static int l_word(lua_State *L)
{
    fcl_hasher *h = check_hasher(L);
    uint32_t lo = half(L, 2), hi = half(L, 3);
    fc_hash64_pair(&h->h, lo, hi);
    lua_settop(L, 1);
    return 1;
}

/* h:word_hex(s): one 64-bit word given as hex digits. */
static int l_word_hex(lua_State *L)
{
    fcl_hasher *h = check_hasher(L);
    fc_hash64_word(&h->h, fcl_check_u64(L, 2) /* numbers <= 2^53 accepted too */);
    lua_settop(L, 1);
    return 1;
}

static void put_id(fcl_hasher *h, fc_body_id id)
{
    fc_hash64_pair(&h->h, id.index, id.generation);
}

/* h:id(id): the word index | generation << 32 (as fc_hash_ids). */
static int l_id(lua_State *L)
{
    fcl_hasher *h = check_hasher(L);
    put_id(h, fcl_check_id(L, 2));
    lua_settop(L, 1);
    return 1;
}

/* h:ids(t, n): t[1..n] are ids (a query result, or a flat pair list with
 * n = 2 * pairs): the same words as fc_hash_ids / fc_hash_pairs. */
static int l_ids(lua_State *L)
{
    fcl_hasher *h = check_hasher(L);
    luaL_checktype(L, 2, LUA_TTABLE);
    uint32_t n = fcl_check_u32(L, 3);
    for (uint32_t i = 1; i <= n; i++) {
        lua_rawgeti(L, 2, (int)i);
        put_id(h, fcl_check_id(L, lua_gettop(L)));
        lua_pop(L, 1);
    }
    lua_settop(L, 1);
    return 1;
}

/* h:words(t, n [, hi]): n words from a table, without a call per word.
 * With hi: t[1..n] are the low halves and hi the high half of every word
 * (e.g. a status table from w:translate2_many, hi = the operation kind);
 * without: t = {lo1, hi1, lo2, hi2, ...} (2n values). Halves as h:word. */
static int l_words(lua_State *L)
{
    fcl_hasher *h = check_hasher(L);
    luaL_checktype(L, 2, LUA_TTABLE);
    uint32_t n = fcl_check_u32(L, 3);
    if (n > INT32_MAX / 2)
        return fcl_argerror(L, 3, "count %lu too large", (unsigned long)n);
    int pairs = lua_isnoneornil(L, 4);
    uint32_t hi = pairs ? 0 : half(L, 4);
    lua_settop(L, 4);
    for (uint32_t i = 0; i < n; i++) {
        if (pairs) {
            lua_rawgeti(L, 2, (int)(2 * i + 1));
            lua_rawgeti(L, 2, (int)(2 * i + 2));
            fc_hash64_pair(&h->h, half_at(L, 5, 2 * i + 1), half_at(L, 6, 2 * i + 2));
        } else {
            lua_rawgeti(L, 2, (int)(i + 1));
            fc_hash64_pair(&h->h, half_at(L, 5, i + 1), hi);
        }
        lua_settop(L, 4);
    }
    lua_settop(L, 1);
    return 1;
}

/* h:ray_hits(t, n): t = {id1, t1, id2, t2, ...} with n hits: the words of
 * fc_hash_ray_hits (id word, then (uint32)t). */
static int l_ray_hits(lua_State *L)
{
    fcl_hasher *h = check_hasher(L);
    luaL_checktype(L, 2, LUA_TTABLE);
    uint32_t n = fcl_check_u32(L, 3);
    for (uint32_t i = 0; i < n; i++) {
        lua_rawgeti(L, 2, (int)(2 * i + 1));
        put_id(h, fcl_check_id(L, lua_gettop(L)));
        lua_rawgeti(L, 2, (int)(2 * i + 2));
        fc_hash64_word(&h->h, (uint32_t)fcl_field_raw(L, lua_gettop(L), 2, "t"));
        lua_pop(L, 2);
    }
    lua_settop(L, 1);
    return 1;
}

/* h:final() -> 16 hex digits (the state is kept: more words may follow). */
static int l_final(lua_State *L)
{
    fcl_push_hex64(L, fc_hash64_final(&check_hasher(L)->h));
    return 1;
}

/* h:fold() -> the 64-bit hash folded to 32 bits (low ^ high), a number. */
static int l_fold(lua_State *L)
{
    uint64_t v = fc_hash64_final(&check_hasher(L)->h);
    fcl_push_u32(L, (uint32_t)v ^ (uint32_t)(v >> 32));
    return 1;
}

/* h:final_parts() -> lo, hi: the hash's two 32-bit halves (no string made;
 * h2:word(h:final_parts()) appends the same word as h2:word_hex(h:final())). */
static int l_final_parts(lua_State *L)
{
    uint64_t v = fc_hash64_final(&check_hasher(L)->h);
    fcl_push_u32(L, (uint32_t)v);
    fcl_push_u32(L, (uint32_t)(v >> 32));
    return 2;
}

void fcl_open_hash(lua_State *L)
{
    static const luaL_Reg m[] = {{"reset", l_reset}, {"word", l_word}, {"word_hex", l_word_hex}, {"id", l_id},
                                 {"ids", l_ids}, {"words", l_words}, {"ray_hits", l_ray_hits}, {"final", l_final},
                                 {"final_parts", l_final_parts}, {"fold", l_fold},
                                 {NULL, NULL}};
    luaL_newmetatable(L, FCL_HASHER_MT);
    lua_newtable(L);
    fcl_setfuncs(L, m);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
    lua_pushcfunction(L, l_hasher);
    lua_setfield(L, -2, "hasher");
}
