/* SPDX-License-Identifier: MIT */
/* replay.c - fixcol.replay_open(bytes): the replay reader (fixcol/replay.h)
 * as a userdata, so Lua code can read a recorded replay's operations and
 * expected values and run them through the Lua world API. Reading errors
 * return nil, status, "position: reason". */
#include <stdlib.h>
#include <string.h>

#include "fcl.h"

typedef struct fcl_replay {
    const char *tag; /* FCL_REPLAY_MT (fcl_newudata) */
    fc_replay_reader r;
    uint8_t *data;
} fcl_replay;

static fcl_replay *check_replay(lua_State *L)
{
    fcl_replay *u = (fcl_replay *)fcl_testudata(L, 1, FCL_REPLAY_MT);
    if (!u)
        fcl_argerror(L, 1, "expected a replay reader, got %s", luaL_typename(L, 1));
    if (!u->data)
        fcl_argerror(L, 1, "the replay reader is closed");
    return u;
}

static int read_error(lua_State *L, fcl_replay *u, fc_status st)
{
    char buf[200];
    fc_replay_error_format(&u->r.error, buf, sizeof buf);
    lua_pushnil(L);
    lua_pushstring(L, fcl_status_name(st));
    lua_pushstring(L, buf);
    return 3;
}

static int l_open(lua_State *L)
{
    size_t len;
    luaL_checktype(L, 1, LUA_TSTRING);
    const char *s = lua_tolstring(L, 1, &len);
    fcl_replay *u = (fcl_replay *)fcl_newudata(L, sizeof *u, FCL_REPLAY_MT);
    u->data = (uint8_t *)malloc(len ? len : 1);
    if (!u->data)
        return fcl_push_status_error(L, FC_ERR_NO_MEMORY);
    memcpy(u->data, s, len);
    fc_status st = fc_replay_open(&u->r, u->data, len);
    if (st != FC_OK)
        return read_error(L, u, st);
    return 1;
}

static int l_gc(lua_State *L)
{
    fcl_replay *u = (fcl_replay *)fcl_testudata(L, 1, FCL_REPLAY_MT);
    if (u) {
        free(u->data);
        u->data = NULL;
    }
    return 0;
}

static void seti(lua_State *L, const char *k, lua_Integer v)
{
    lua_pushinteger(L, v);
    lua_setfield(L, -2, k);
}

/* r:settings() -> {dim, bounds_x, bounds_y, bounds_log2, max_depth, layout}
 * (the fields of a fixcol.world_create def; tag 1 as the C runner). */
static int l_settings(lua_State *L)
{
    fcl_replay *u = check_replay(L);
    const fc_replay_settings *s = &u->r.settings;
    lua_createtable(L, 0, 7);
    seti(L, "dim", s->dim);
    seti(L, "bounds_x", s->bounds_min.x);
    seti(L, "bounds_y", s->bounds_min.y);
    seti(L, "bounds_log2", s->bounds_log2);
    seti(L, "max_depth", s->max_depth);
    seti(L, "tag", 1);
    seti(L, "version", s->version);
    lua_pushstring(L, s->layout == FC_QT_STRICT ? "strict" : "loose");
    lua_setfield(L, -2, "layout");
    return 1;
}

/* r:next_frame() -> true, op_count | false (end) | nil, status, message */
static int l_next_frame(lua_State *L)
{
    fcl_replay *u = check_replay(L);
    int32_t more = 0;
    uint32_t n = 0;
    fc_status st = fc_replay_next_frame(&u->r, &more, &n);
    if (st != FC_OK)
        return read_error(L, u, st);
    lua_pushboolean(L, more);
    lua_pushnumber(L, (lua_Number)n);
    return 2;
}

/* r:next_op() -> op table: kind (the text name: "create", "move", "turn",
 * "set", "destroy", "overlap", "point", "ray", "ray_all", "snapshot",
 * "restore", "range", "dump", in version 3 "sector", "ring", "cast",
 * "cast_all", in version 4 "pushout", "set_filter", "body_hash", "pairs",
 * in version 5 "mover", "mover_shape"),
 * and the fields of that kind: index, generation (ids; set_filter,
 * body_hash too),
 * category, mask (filter), slot, angle, ax, ay, az (delta / point / ray
 * origin), bx, by, bz (ray or cast delta), lo, hi (range), shape (a shape
 * table of the replay's dimension; for casts the moving shape; for pushout
 * a, the shape that stays), shape_b (pushout: b, the shape pushed out), sector
 * (a fixcol.sector2 table), ring (a fixcol.ring2 table), mover (mover,
 * mover_shape: a table of fc_mover_def's fields by their C names - skin,
 * max_iterations, step_height, snap_distance, up_axis, up_sign, slope_run,
 * slope_rise - and exclude, an array of {index, generation} tables; the
 * desired displacement is ax, ay, az, the query filter category, mask; for
 * mover_shape the free shape is shape). */
static int l_next_op(lua_State *L)
{
    fcl_replay *u = check_replay(L);
    fc_replay_op op;
    fc_status st = fc_replay_next_op(&u->r, &op);
    if (st != FC_OK)
        return read_error(L, u, st);
    lua_createtable(L, 0, 8);
    lua_pushstring(L, fc_replay_op_name(op.kind));
    lua_setfield(L, -2, "kind");
    switch (op.kind) {
    case FC_REPLAY_MOVER:
    case FC_REPLAY_MOVER_SHAPE:
        lua_createtable(L, 0, 9);
        seti(L, "skin", op.mover.skin);
        seti(L, "max_iterations", op.mover.max_iterations);
        seti(L, "step_height", op.mover.step_height);
        seti(L, "snap_distance", op.mover.snap_distance);
        seti(L, "up_axis", op.mover.up_axis);
        seti(L, "up_sign", op.mover.up_sign);
        seti(L, "slope_run", op.mover.slope_run);
        seti(L, "slope_rise", op.mover.slope_rise);
        lua_createtable(L, (int)op.mover.exclude_count, 0);
        for (uint32_t k = 0; k < op.mover.exclude_count && k < FC_REPLAY_MAX_EXCLUDE; k++) {
            lua_createtable(L, 0, 2);
            seti(L, "index", op.mover.exclude[k].index);
            seti(L, "generation", op.mover.exclude[k].generation);
            lua_rawseti(L, -2, (int)k + 1);
        }
        lua_setfield(L, -2, "exclude");
        lua_setfield(L, -2, "mover");
        if (op.kind == FC_REPLAY_MOVER) /* mover_shape goes on: its free shape */
            break;
        /* fall through */
    case FC_REPLAY_CREATE:
    case FC_REPLAY_SET:
    case FC_REPLAY_QUERY_SHAPE:
    case FC_REPLAY_QUERY_CAST:
    case FC_REPLAY_QUERY_CAST_ALL:
        if (u->r.settings.dim == 3)
            fcl_push_shape3(L, &op.shape3, 0);
        else
            fcl_push_shape2(L, &op.shape2, 0);
        lua_setfield(L, -2, "shape");
        break;
    case FC_REPLAY_QUERY_PUSHOUT:
        if (u->r.settings.dim == 3) {
            fcl_push_shape3(L, &op.shape3, 0);
            lua_setfield(L, -2, "shape");
            fcl_push_shape3(L, &op.shape3_b, 0);
        } else {
            fcl_push_shape2(L, &op.shape2, 0);
            lua_setfield(L, -2, "shape");
            fcl_push_shape2(L, &op.shape2_b, 0);
        }
        lua_setfield(L, -2, "shape_b");
        break;
    case FC_REPLAY_QUERY_SECTOR:
        lua_createtable(L, 0, 5);
        seti(L, "x", op.sector.center.x);
        seti(L, "y", op.sector.center.y);
        seti(L, "r", op.sector.radius);
        seti(L, "dir", op.sector.direction);
        seti(L, "half", op.sector.half_angle);
        lua_setfield(L, -2, "sector");
        break;
    case FC_REPLAY_QUERY_RING:
        lua_createtable(L, 0, 4);
        seti(L, "x", op.ring.center.x);
        seti(L, "y", op.ring.center.y);
        seti(L, "inner", op.ring.inner);
        seti(L, "outer", op.ring.outer);
        lua_setfield(L, -2, "ring");
        break;
    default:
        break;
    }
    seti(L, "index", op.id.index);
    seti(L, "generation", op.id.generation);
    lua_pushnumber(L, (lua_Number)op.filter.category);
    lua_setfield(L, -2, "category");
    lua_pushnumber(L, (lua_Number)op.filter.mask);
    lua_setfield(L, -2, "mask");
    seti(L, "slot", op.slot);
    seti(L, "lo", op.lo);
    seti(L, "hi", op.hi);
    seti(L, "angle", op.angle);
    seti(L, "ax", op.a.x);
    seti(L, "ay", op.a.y);
    seti(L, "az", op.a.z);
    seti(L, "bx", op.b.x);
    seti(L, "by", op.b.y);
    seti(L, "bz", op.b.z);
    return 1;
}

/* r:read_expect() -> {checksum, state, pairs (16 hex digits), pair_count,
 * ops (32-bit number), query_count, extended (1 in a version 3 or 4
 * frame, else 0), began_count, began, ended_count, ended, contact_count, contacts
 * (numbers; 0 in a version 2 frame)} */
static int l_read_expect(lua_State *L)
{
    fcl_replay *u = check_replay(L);
    fc_replay_expect e;
    fc_status st = fc_replay_read_expect(&u->r, &e);
    if (st != FC_OK)
        return read_error(L, u, st);
    lua_createtable(L, 0, 13);
    fcl_push_hex64(L, e.checksum);
    lua_setfield(L, -2, "checksum");
    fcl_push_hex64(L, e.state);
    lua_setfield(L, -2, "state");
    fcl_push_hex64(L, e.pairs);
    lua_setfield(L, -2, "pairs");
    lua_pushnumber(L, (lua_Number)e.pair_count);
    lua_setfield(L, -2, "pair_count");
    lua_pushnumber(L, (lua_Number)e.ops);
    lua_setfield(L, -2, "ops");
    lua_pushnumber(L, (lua_Number)e.query_count);
    lua_setfield(L, -2, "query_count");
    const struct {
        const char *k;
        uint32_t v;
    } v3[] = {{"extended", e.extended}, {"began_count", e.began_count}, {"began", e.began},
              {"ended_count", e.ended_count}, {"ended", e.ended}, {"contact_count", e.contact_count},
              {"contacts", e.contacts}};
    for (size_t i = 0; i < sizeof v3 / sizeof v3[0]; i++) {
        lua_pushnumber(L, (lua_Number)v3[i].v);
        lua_setfield(L, -2, v3[i].k);
    }
    return 1;
}

/* r:read_query_expect() -> count, hash (numbers) */
static int l_read_query_expect(lua_State *L)
{
    fcl_replay *u = check_replay(L);
    fc_replay_query_expect q;
    fc_status st = fc_replay_read_query_expect(&u->r, &q);
    if (st != FC_OK)
        return read_error(L, u, st);
    lua_pushnumber(L, (lua_Number)q.count);
    lua_pushnumber(L, (lua_Number)q.hash);
    return 2;
}

void fcl_open_replay(lua_State *L)
{
    static const luaL_Reg m[] = {{"settings", l_settings}, {"next_frame", l_next_frame}, {"next_op", l_next_op},
                                 {"read_expect", l_read_expect}, {"read_query_expect", l_read_query_expect},
                                 {"close", l_gc}, {NULL, NULL}};
    luaL_newmetatable(L, FCL_REPLAY_MT);
    lua_pushcfunction(L, l_gc);
    lua_setfield(L, -2, "__gc");
    lua_newtable(L);
    fcl_setfuncs(L, m);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
    lua_pushcfunction(L, l_open);
    lua_setfield(L, -2, "replay_open");
}
