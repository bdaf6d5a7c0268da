/* SPDX-License-Identifier: MIT */
/* wire.c - the desync wire protocol from Lua (fixcol/wire.h,
 * docs/lockstep.md). Messages are Lua strings (binary); the caller moves
 * them. fixcol.wire_leader(session, frame [, max_found, max_rounds,
 * max_messages]) and fixcol.wire_follower([max_messages]) make a search
 * (a userdata holding its fc_wire); w:receive(msg) -> status string,
 * w:produce(world) -> the next message | nil; fixcol.wire_checksum and
 * fixcol.wire_decode encode and decode. 64-bit values (checksums,
 * questions, answers) cross as 16-hex-digit strings, as checksums do.
 * Re-entrancy (fcl.h): produce converts its arguments, then resolves the
 * world with fcl_use; no Lua code runs while fc_wire_produce reads the
 * world, and the message is pushed from a C buffer afterwards. */
#include "fcl.h"

static const char wire_mt[] = "fixcol.wire";

typedef struct fcl_wire {
    const char *tag; /* wire_mt (fcl_newudata) */
    fc_wire s;
} fcl_wire;

static const char *const rx_names[] = {"accepted", "start",        "report",     "verdict",      "aborted",
                                       "malformed", "version",     "session",    "replayed",     "out_of_order",
                                       "unexpected", "inconsistent", "cap",       "ended",        "null"};
static const char *const verdict_names[] = {"running", "equal", "found", "budget", "inconsistent", "aborted", "cap"};
static const char *const type_names[] = {"?",        "checksum", "start",  "ask",     "answer",
                                         "dump_ask", "dump",     "report", "verdict", "abort"};
static const char *const reason_names[] = {"?", "caller", "cap", "bad_request"};

static fcl_wire *check_wire(lua_State *L)
{
    fcl_wire *w = (fcl_wire *)fcl_testudata(L, 1, wire_mt);
    if (!w)
        fcl_argerror(L, 1, "expected a fixcol wire search, got %s", luaL_typename(L, 1));
    return w;
}

/* A message argument: a Lua string only (no number coercion, no
 * metamethod runs). */
static const char *check_msg(lua_State *L, int arg, size_t *len)
{
    if (lua_type(L, arg) != LUA_TSTRING)
        fcl_argerror(L, arg, "expected a message string, got %s", luaL_typename(L, arg));
    return lua_tolstring(L, arg, len);
}

static uint32_t opt_u32(lua_State *L, int arg)
{
    return lua_isnoneornil(L, arg) ? 0u : fcl_check_u32(L, arg);
}

/* fixcol.wire_leader(session, frame [, max_found, max_rounds, max_messages])
 * -> search | nil, "argument", message (session 0, max_found > 2^24). */
static int l_wire_leader(lua_State *L)
{
    uint32_t session = fcl_check_u32(L, 1), frame = fcl_check_u32(L, 2);
    uint32_t max_found = opt_u32(L, 3), max_rounds = opt_u32(L, 4), max_messages = opt_u32(L, 5);
    fc_wire tmp;
    fc_status st = fc_wire_leader(&tmp, session, frame, max_found, max_rounds, max_messages);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    fcl_wire *w = (fcl_wire *)fcl_newudata(L, sizeof *w, wire_mt);
    w->s = tmp;
    return 1;
}

/* fixcol.wire_follower([max_messages]) -> search. */
static int l_wire_follower(lua_State *L)
{
    uint32_t max_messages = opt_u32(L, 1);
    fcl_wire *w = (fcl_wire *)fcl_newudata(L, sizeof *w, wire_mt);
    fc_wire_follower(&w->s, max_messages);
    return 1;
}

/* s:receive(msg) -> "accepted" | "start" | "report" | "verdict" |
 * "aborted" | "malformed" | "version" | "session" | "replayed" |
 * "out_of_order" | "unexpected" | "inconsistent" | "cap" | "ended". */
static int l_receive(lua_State *L)
{
    fcl_wire *w = check_wire(L);
    size_t len = 0;
    const char *msg = check_msg(L, 2, &len);
    fc_wire_rx rx = fc_wire_receive(&w->s, msg, len);
    lua_pushstring(L, rx_names[(int)rx <= (int)FC_WIRE_RX_NULL ? (int)rx : (int)FC_WIRE_RX_NULL]);
    return 1;
}

/* s:produce(world) -> the next message (a string) | nil (nothing now). The
 * world must be at the search's frame. */
static int l_produce(lua_State *L)
{
    fcl_wire *w = check_wire(L);
    fcl_world *u = fcl_world_arg(L, 2);
    char buf[FC_WIRE_MESSAGE_MAX];
    size_t n = 0;
    fc_status st = fc_wire_produce(&w->s, fcl_use(L, u), buf, sizeof buf, &n);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    if (n == 0) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushlstring(L, buf, n);
    return 1;
}

/* s:abort(): end the search from this side (the next produce sends ABORT). */
static int l_abort(lua_State *L)
{
    fc_wire_abort(&check_wire(L)->s);
    return 0;
}

static int l_verdict(lua_State *L)
{
    uint32_t v = check_wire(L)->s.verdict;
    lua_pushstring(L, verdict_names[v <= FC_WIRE_CAP ? v : 0]);
    return 1;
}

static int l_ended(lua_State *L)
{
    lua_pushboolean(L, check_wire(L)->s.done != 0);
    return 1;
}

static int l_role(lua_State *L)
{
    lua_pushstring(L, check_wire(L)->s.role == 1 ? "leader" : "follower");
    return 1;
}

#define GETTER(name, expr)                    \
    static int l_##name(lua_State *L)         \
    {                                         \
        const fc_wire *s = &check_wire(L)->s; \
        fcl_push_u32(L, (expr));              \
        return 1;                             \
    }
GETTER(session, s->session)
GETTER(frame, s->frame)
GETTER(messages, s->messages)
GETTER(max_messages, s->max_messages)
GETTER(found, s->found)
GETTER(rounds, s->search.rounds)

/* fixcol.wire_checksum(frame, checksum) -> message: "my checksum at frame"
 * (checksum: 16 hex digits as w:checksum() gives, or an integer <= 2^53). */
static int l_wire_checksum(lua_State *L)
{
    uint32_t frame = fcl_check_u32(L, 1);
    uint64_t sum = fcl_check_u64(L, 2);
    char buf[FC_WIRE_HEADER_SIZE + 8];
    size_t n = 0;
    fc_wire_checksum(frame, sum, buf, sizeof buf, &n);
    lua_pushlstring(L, buf, n);
    return 1;
}

static void set_u32(lua_State *L, const char *k, uint32_t v)
{
    fcl_push_u32(L, v);
    lua_setfield(L, -2, k);
}

/* fixcol.wire_decode(msg) -> table {type, version, session, frame, round,
 * ...per type: checksum/question/answer (16 hex), slot, dim, max_found,
 * max_rounds, verdict (string), found, rounds, reason (string), text} |
 * nil, "format" | "version", message. */
static int l_wire_decode(lua_State *L)
{
    size_t len = 0;
    const char *msg = check_msg(L, 1, &len);
    fc_wire_msg m;
    fc_status st = fc_wire_decode(msg, len, &m);
    if (st != FC_OK)
        return fcl_push_status_error(L, st);
    lua_createtable(L, 0, 8);
    lua_pushstring(L, type_names[m.type]);
    lua_setfield(L, -2, "type");
    set_u32(L, "version", m.version);
    set_u32(L, "session", m.session);
    set_u32(L, "frame", m.frame);
    set_u32(L, "round", m.round);
    switch (m.type) {
    case FC_WIRE_CHECKSUM:
    case FC_WIRE_ASK:
    case FC_WIRE_ANSWER:
        fcl_push_hex64(L, m.value);
        lua_setfield(L, -2, m.type == FC_WIRE_CHECKSUM ? "checksum" : m.type == FC_WIRE_ASK ? "question" : "answer");
        break;
    case FC_WIRE_START:
        set_u32(L, "dim", m.dim);
        set_u32(L, "max_found", m.max_found);
        set_u32(L, "max_rounds", m.max_rounds);
        break;
    case FC_WIRE_DUMP_ASK:
    case FC_WIRE_DUMP:
    case FC_WIRE_REPORT:
        set_u32(L, "slot", m.slot);
        if (m.type == FC_WIRE_DUMP)
            set_u32(L, "dim", m.dim);
        if (m.text != NULL) {
            lua_pushlstring(L, m.text, m.text_len); /* msg is on the stack: alive */
            lua_setfield(L, -2, "text");
        }
        break;
    case FC_WIRE_VERDICT:
        lua_pushstring(L, verdict_names[m.verdict]);
        lua_setfield(L, -2, "verdict");
        set_u32(L, "found", m.found);
        set_u32(L, "rounds", m.rounds);
        break;
    default:
        lua_pushstring(L, reason_names[m.reason]);
        lua_setfield(L, -2, "reason");
        break;
    }
    return 1;
}

static const luaL_Reg wire_methods[] = {
    {"receive", l_receive}, {"produce", l_produce},   {"abort", l_abort},
    {"verdict", l_verdict}, {"ended", l_ended},       {"role", l_role},
    {"session", l_session}, {"frame", l_frame},       {"messages", l_messages},
    {"max_messages", l_max_messages}, {"found", l_found}, {"rounds", l_rounds},
    {NULL, NULL},
};

void fcl_open_wire(lua_State *L)
{
    luaL_newmetatable(L, wire_mt);
    lua_pushliteral(L, "fixcol.wire");
    lua_setfield(L, -2, "__metatable");
    lua_newtable(L);
    fcl_setfuncs(L, wire_methods);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
    lua_pushcfunction(L, l_wire_leader);
    lua_setfield(L, -2, "wire_leader");
    lua_pushcfunction(L, l_wire_follower);
    lua_setfield(L, -2, "wire_follower");
    lua_pushcfunction(L, l_wire_checksum);
    lua_setfield(L, -2, "wire_checksum");
    lua_pushcfunction(L, l_wire_decode);
    lua_setfield(L, -2, "wire_decode");
    fcl_push_u32(L, FC_WIRE_VERSION);
    lua_setfield(L, -2, "WIRE_VERSION");
    fcl_push_u32(L, FC_WIRE_MESSAGE_MAX);
    lua_setfield(L, -2, "WIRE_MESSAGE_MAX");
}
