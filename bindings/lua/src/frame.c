/* SPDX-License-Identifier: MIT */
/* frame.c - w:frame(cmd, n, out): a frame's commands in one call
 * (fixcol/frame.h, fc_frame_run). cmd[1..n] are the command words, out
 * receives the result words: the slot of a command that starts at C offset
 * k (fc_frame_run's out[k]) is out[k + 1 ...]. fixcol.frame_ops names the
 * opcodes. Only the words a command writes are copied into out (a status,
 * a count and that many entries, a read shape's own words); the other
 * words of its slot keep what out held, as in C. The words are read with
 * raw gets (no metamethod runs) into a per-world scratch array that only
 * grows, so a steady frame loop allocates nothing in C; out is written
 * under the busy flag (fcl_fill): a finalizer that calls a method of this
 * world during that is refused. */
#include <stddef.h>
#include <stdlib.h>

#include "fcl.h"

/* Room for n words in u's frame scratch; NULL when out of memory. */
static int32_t *scratch(fcl_world *u, size_t n)
{
    if (n > u->frame_cap) {
        size_t cap = u->frame_cap ? u->frame_cap : 1024;
        while (cap < n)
            cap *= 2;
        void *p = realloc(u->frame, cap * sizeof(int32_t));
        if (!p)
            return NULL;
        u->frame = p;
        u->frame_cap = cap;
    }
    return u->frame;
}

/* A word: an integer in -2^31 .. 2^32 - 1 (2^31 .. 2^32 - 1 are uint32
 * fields - a mask, an id part - and stored as their bit pattern). */
static int to_word(lua_State *L, int idx, int32_t *out)
{
    int32_t v;
    if (fcl_to_raw(L, idx, &v)) {
        *out = v;
        return 1;
    }
    if (lua_type(L, idx) != LUA_TNUMBER)
        return 0;
    lua_Number d = lua_tonumber(L, idx); /* not a result: only compared, then read as an integer */
    if (!(d >= 2147483648.0 && d <= 4294967295.0))
        return 0;
#if LUA_VERSION_NUM >= 503
    lua_Integer i;
    if (lua_isinteger(L, idx))
        i = lua_tointeger(L, idx);
    else if (!lua_numbertointeger(d, &i))
        return 0;
#else
    lua_Integer i = lua_tointeger(L, idx);
    if ((lua_Number)i != d)
        return 0;
#endif
    *out = (int32_t)(uint32_t)((uint64_t)i & 0xFFFFFFFFu);
    return 1;
}

#define CHUNK 32

/* to_word with the common case first: an integer-valued number in int32. */
static int word_at(lua_State *L, int idx, int32_t *out)
{
#if LUA_VERSION_NUM >= 503
    if (lua_type(L, idx) == LUA_TNUMBER) {
        int isnum = 0;
        lua_Integer v = lua_tointegerx(L, idx, &isnum);
        if (isnum && v >= INT32_MIN && v <= INT32_MAX) {
            *out = (int32_t)v;
            return 1;
        }
    }
#endif
    return to_word(L, idx, out);
}

/* Words of the shape record at s (well-formed). */
static int32_t shape_words(const int32_t *s)
{
    switch (s[0]) {
    case FC_SHAPE2_CIRCLE: return 4;
    case FC_SHAPE2_AABB: return 5;
    case FC_SHAPE2_POLY: return 2 + 2 * s[1];
    default: return 6;
    }
}

static void copy(lua_State *L, int out, const int32_t *o, int32_t at, int32_t n)
{
    for (int32_t i = 0; i < n; i++) {
        lua_pushinteger(L, o[at + i]);
        lua_rawseti(L, out, (int)(at + i + 1));
    }
}

/* The written words of the command c whose slot starts at o[at]; returns
 * the command's words and sets *slot to its slot's. */
static int32_t copy_written(lua_State *L, int out, const int32_t *c, const int32_t *o, int32_t at, int32_t *slot)
{
    const int32_t *r = o + at;
    int32_t st = r[0], ok = st == FC_OK, buf = st == FC_ERR_BUFFER;
    switch (c[0]) {
    case FC_FRAME_TRANSLATE2: *slot = 1; copy(L, out, o, at, 1); return 6;
    case FC_FRAME_MOVE_POLAR2: *slot = 3; copy(L, out, o, at, 3); return 6;
    case FC_FRAME_SET_ANGLE2: *slot = 1; copy(L, out, o, at, 1); return 5;
    case FC_FRAME_SET_SHAPE2: *slot = 1; copy(L, out, o, at, 1); return 4 + shape_words(c + 4);
    case FC_FRAME_GET_SHAPE2:
        *slot = 1 + FC_FRAME_SHAPE_WORDS;
        copy(L, out, o, at, ok ? 1 + shape_words(r + 1) : 1);
        return 4;
    case FC_FRAME_SECTOR2: case FC_FRAME_RING2: case FC_FRAME_OVERLAP2: {
        int32_t cap = c[0] == FC_FRAME_SECTOR2 ? c[8] : c[0] == FC_FRAME_RING2 ? c[7] : c[3];
        *slot = 2 + 3 * cap;
        copy(L, out, o, at, ok ? 2 + 3 * r[1] : buf ? 2 : 1);
        return c[0] == FC_FRAME_SECTOR2 ? 9 : c[0] == FC_FRAME_RING2 ? 8 : 4 + shape_words(c + 4);
    }
    case FC_FRAME_RAY2: *slot = 6; copy(L, out, o, at, ok ? (r[1] ? 6 : 2) : 1); return 7;
    case FC_FRAME_CAST2: *slot = 8; copy(L, out, o, at, ok ? (r[1] ? 8 : 2) : 1); return 5 + shape_words(c + 5);
    case FC_FRAME_PAIRS: case FC_FRAME_PUSHOUT_PAIRS2: {
        int32_t cap = c[0] == FC_FRAME_PAIRS ? c[1] : c[2];
        *slot = 2 + 6 * cap;
        copy(L, out, o, at, ok ? 2 + 6 * r[1] : buf ? 2 : 1);
        return c[0] == FC_FRAME_PAIRS ? 2 : 3;
    }
    case FC_FRAME_EVENTS:
        *slot = 3 + 6 * (c[1] + c[2]);
        copy(L, out, o, at, ok ? 3 + 6 * r[1] : buf ? 3 : 1);
        if (ok)
            copy(L, out, o, at + 3 + 6 * c[1], 6 * r[2]);
        return 3;
    default: *slot = 3; copy(L, out, o, at, 3); return 1;
    }
}

size_t fcl_frame_fill(lua_State *L, int out, const void *p)
{
    const fcl_frame_run *f = (const fcl_frame_run *)p;
    int32_t at = 0;
    for (int32_t k = 0; k < f->cmd_words;) {
        int32_t slot = 0;
        k += copy_written(L, out, f->cmd + k, f->out, at, &slot);
        at += slot;
    }
    return (size_t)at;
}

/* ---- fixcol.frame_buffer(cmd_words, out_words): both word arrays in one
 * userdata (for LuaJIT's FFI: ffi.cast("int32_t *", buf) points at its
 * payload; buf:offsets() gives where cmd[1] and the result slots start). */
const char fcl_frame_buffer_mt[] = "fixcol.frame_buffer";

typedef struct fcl_fbuf {
    const char *tag;    /* fcl_frame_buffer_mt */
    int32_t cmd_words;  /* as made; bounded by the userdata's length when used */
    int32_t out_words;
    int32_t words[1];   /* cmd_words command words, then out_words result words */
} fcl_fbuf;

#define FBUF_HEAD ((int32_t)(offsetof(fcl_fbuf, words) / sizeof(int32_t)))

/* The buffer at idx and its sizes, bounded by the userdata's real length
 * (FFI code can write the header; it cannot change the length). */
static fcl_fbuf *fbuf_at(lua_State *L, int idx, int32_t *ncmd, int32_t *nout)
{
    fcl_fbuf *b = (fcl_fbuf *)fcl_testudata(L, idx, fcl_frame_buffer_mt);
    if (!b)
        return NULL;
    size_t len = fcl_rawlen(L, idx);
    int64_t total = (int64_t)((len - offsetof(fcl_fbuf, words)) / sizeof(int32_t));
    int64_t c = b->cmd_words < 0 ? 0 : b->cmd_words > total ? total : b->cmd_words;
    *ncmd = (int32_t)c;
    *nout = (int32_t)(total - c);
    return b;
}

static fcl_fbuf *check_fbuf(lua_State *L, int arg, int32_t *ncmd, int32_t *nout)
{
    fcl_fbuf *b = fbuf_at(L, arg, ncmd, nout);
    if (!b)
        fcl_argerror(L, arg, "expected a fixcol.frame_buffer, got %s", luaL_typename(L, arg));
    return b;
}

static int l_frame_buffer(lua_State *L)
{
    uint32_t nc = fcl_check_u32(L, 1), no = fcl_check_u32(L, 2);
    if (nc < 1 || nc > (1u << 24))
        return fcl_argerror(L, 1, "cmd_words %lu outside 1..2^24", (unsigned long)nc);
    if (no < 1 || no > (1u << 24))
        return fcl_argerror(L, 2, "out_words %lu outside 1..2^24", (unsigned long)no);
    fcl_fbuf *b = (fcl_fbuf *)fcl_newudata(L, offsetof(fcl_fbuf, words) + ((size_t)nc + no) * sizeof(int32_t),
                                           fcl_frame_buffer_mt);
    b->cmd_words = (int32_t)nc;
    b->out_words = (int32_t)no;
    return 1;
}

/* buf:set(i, v): cmd[i] = v (i in 1..cmd_words, v a word as in w:frame). */
static int l_fbuf_set(lua_State *L)
{
    int32_t nc, no, v;
    fcl_fbuf *b = check_fbuf(L, 1, &nc, &no);
    uint32_t i = fcl_check_u32(L, 2);
    if (i < 1 || i > (uint32_t)nc)
        return fcl_argerror(L, 2, "index %lu outside 1..%ld", (unsigned long)i, (long)nc);
    if (!to_word(L, 3, &v))
        return fcl_argerror(L, 3, "expected an integer in -2^31 .. 2^32-1, got %s", luaL_typename(L, 3));
    b->words[i - 1] = v;
    return 0;
}

/* buf:get(i) -> cmd[i]; buf:out(k) -> result word k (1-based: a slot at C
 * offset o starts at k = o + 1). */
static int fbuf_get(lua_State *L, int out)
{
    int32_t nc, no;
    fcl_fbuf *b = check_fbuf(L, 1, &nc, &no);
    uint32_t i = fcl_check_u32(L, 2), n = (uint32_t)(out ? no : nc);
    if (i < 1 || i > n)
        return fcl_argerror(L, 2, "index %lu outside 1..%lu", (unsigned long)i, (unsigned long)n);
    lua_pushinteger(L, b->words[(out ? nc : 0) + (int32_t)i - 1]);
    return 1;
}
static int l_fbuf_get(lua_State *L) { return fbuf_get(L, 0); }
static int l_fbuf_out(lua_State *L) { return fbuf_get(L, 1); }

/* buf:offsets() -> cmd_at, out_at, cmd_words, out_words: word offsets from
 * the payload start (ffi.cast("int32_t *", buf)[cmd_at] is cmd[1]). */
static int l_fbuf_offsets(lua_State *L)
{
    int32_t nc, no;
    check_fbuf(L, 1, &nc, &no);
    lua_pushinteger(L, FBUF_HEAD);
    lua_pushinteger(L, FBUF_HEAD + nc);
    lua_pushinteger(L, nc);
    lua_pushinteger(L, no);
    return 4;
}

/* w:frame(buf, n) -> words: the commands buf cmd[1..n], results into buf. */
static int frame_on_buffer(lua_State *L, fcl_world *u)
{
    int32_t nc, no;
    fcl_fbuf *b = check_fbuf(L, 2, &nc, &no);
    uint32_t n = fcl_check_u32(L, 3);
    if (n > (uint32_t)nc)
        return fcl_argerror(L, 3, "count %lu over the buffer's %ld command words", (unsigned long)n, (long)nc);
    int32_t need = 0, bad = -1;
    if (fc_frame_check(b->words, (int32_t)n, &need, &bad) != FC_OK)
        return fcl_argerror(L, 2, "cmd[%ld]: malformed command (opcode %ld; fixcol/frame.h)", (long)bad + 1,
                            (long)(bad >= 0 ? b->words[bad] : 0));
    if (need > no)
        return fcl_argerror(L, 2, "the commands need %ld result words, the buffer has %ld", (long)need, (long)no);
    fc_world *w = fcl_use(L, u); /* nothing above ran Lua code */
    int32_t got = 0;
    fc_status st = fc_frame_run(w, b->words, (int32_t)n, b->words + nc, no, &got, &bad);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    lua_pushinteger(L, got);
    return 1;
}

/* w:frame(cmd, n, out) -> words (the result words the buffer has: out's
 * slots end there). Argument errors (world unchanged): cmd or out not a
 * table, n outside 0..2^28, cmd[k] not an integer in -2^31 .. 2^32 - 1,
 * a malformed command (fc_frame_check: its first word is named), a
 * destroyed or busy world. Per-command failures are status words. */
static int l_frame(lua_State *L)
{
    fcl_world *u = fcl_world_arg(L, 1);
    if (lua_type(L, 2) == LUA_TUSERDATA)
        return frame_on_buffer(L, u);
    luaL_checktype(L, 2, LUA_TTABLE);
    uint32_t n = fcl_check_u32(L, 3);
    luaL_checktype(L, 4, LUA_TTABLE);
    if (n > FC_FRAME_MAX_WORDS)
        return fcl_argerror(L, 3, "count %lu too large (at most %d words)", (unsigned long)n, FC_FRAME_MAX_WORDS);
    int32_t *cmd = scratch(u, n);
    if (!cmd && n > 0)
        return fcl_push_status_error(L, FC_ERR_NO_MEMORY);
    luaL_checkstack(L, CHUNK + 2, "fixcol: frame words");
    for (uint32_t i = 0; i < n; i += CHUNK) { /* CHUNK words pushed, read, popped at once */
        int k = n - i < CHUNK ? (int)(n - i) : CHUNK;
        for (int j = 0; j < k; j++)
            lua_rawgeti(L, 2, (int)(i + (uint32_t)j) + 1);
        for (int j = 0; j < k; j++)
            if (!word_at(L, j - k, &cmd[i + (uint32_t)j]))
                return fcl_argerror(L, 2, "cmd[%lu]: expected an integer in -2^31 .. 2^32-1, got %s",
                                    (unsigned long)(i + (uint32_t)j) + 1, luaL_typename(L, j - k));
        lua_pop(L, k);
    }
    int32_t need = 0, bad = -1;
    if (fc_frame_check(cmd, (int32_t)n, &need, &bad) != FC_OK)
        return fcl_argerror(L, 2, "cmd[%ld]: malformed command (opcode %ld; fixcol/frame.h)", (long)bad + 1,
                            (long)(bad >= 0 ? cmd[bad] : 0));
    cmd = scratch(u, (size_t)n + (size_t)need);
    if (!cmd && n + (uint32_t)need > 0)
        return fcl_push_status_error(L, FC_ERR_NO_MEMORY);
    fc_world *w = fcl_use(L, u);
    int32_t got = 0;
    fc_status st = fc_frame_run(w, cmd, (int32_t)n, cmd + n, need, &got, &bad);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    fcl_frame_run f = {cmd, (int32_t)n, cmd + n};
    fcl_list l = {FCL_FRAME, 4, &f, got};
    fcl_fill(L, u, &l, 1);
    lua_pushinteger(L, got);
    return 1;
}

const luaL_Reg fcl_frame_methods[] = {
    {"frame", l_frame},
    {NULL, NULL},
};

/* fixcol.frame_ops: opcode names -> numbers; fixcol.FRAME_SHAPE_WORDS. */
void fcl_open_frame(lua_State *L)
{
    static const struct {
        const char *name;
        int op;
    } ops[] = {{"TRANSLATE2", FC_FRAME_TRANSLATE2}, {"MOVE_POLAR2", FC_FRAME_MOVE_POLAR2},
               {"SET_ANGLE2", FC_FRAME_SET_ANGLE2}, {"SET_SHAPE2", FC_FRAME_SET_SHAPE2},
               {"GET_SHAPE2", FC_FRAME_GET_SHAPE2}, {"SECTOR2", FC_FRAME_SECTOR2},
               {"RING2", FC_FRAME_RING2},           {"OVERLAP2", FC_FRAME_OVERLAP2},
               {"RAY2", FC_FRAME_RAY2},             {"CAST2", FC_FRAME_CAST2},
               {"PAIRS", FC_FRAME_PAIRS},           {"EVENTS", FC_FRAME_EVENTS},
               {"PUSHOUT_PAIRS2", FC_FRAME_PUSHOUT_PAIRS2}, {"CHECKSUM", FC_FRAME_CHECKSUM}};
    lua_createtable(L, 0, (int)(sizeof ops / sizeof ops[0]));
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        lua_pushinteger(L, ops[i].op);
        lua_setfield(L, -2, ops[i].name);
    }
    lua_setfield(L, -2, "frame_ops");
    static const luaL_Reg m[] = {{"set", l_fbuf_set}, {"get", l_fbuf_get}, {"out", l_fbuf_out},
                                 {"offsets", l_fbuf_offsets}, {NULL, NULL}};
    luaL_newmetatable(L, fcl_frame_buffer_mt);
    lua_newtable(L);
    fcl_setfuncs(L, m);
    lua_setfield(L, -2, "__index");
    lua_pushliteral(L, "fixcol.frame_buffer");
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
    lua_pushcfunction(L, l_frame_buffer);
    lua_setfield(L, -2, "frame_buffer");
    lua_pushinteger(L, FC_FRAME_SHAPE_WORDS);
    lua_setfield(L, -2, "FRAME_SHAPE_WORDS");
}
