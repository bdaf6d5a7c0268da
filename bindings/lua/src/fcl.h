/* SPDX-License-Identifier: MIT */
/* fcl.h - shared declarations of the Lua binding's C glue (not installed).
 * One source for Lua 5.1, 5.3, 5.4 and LuaJIT 2.1; the small differences
 * between their C APIs are bridged here. */
#ifndef FCL_H
#define FCL_H

#include <stddef.h>
#include <stdint.h>

#include <lauxlib.h>
#include <lua.h>

#include <fixcol/fixcol.h>

#if LUA_VERSION_NUM >= 502
#define fcl_rawlen(L, i) ((size_t)lua_rawlen((L), (i)))
#else
#define fcl_rawlen(L, i) ((size_t)lua_objlen((L), (i)))
#endif

/* Metatable names (registry keys). Each is also a unique address, kept in
 * the first field of every userdata of that type (fcl_newudata), so the
 * per-call type check is a pointer compare, not a registry lookup. */
extern const char fcl_world_mt[], fcl_hasher_mt[], fcl_replay_mt[];
#define FCL_WORLD_MT fcl_world_mt       /* "fixcol.world" */
#define FCL_HASHER_MT fcl_hasher_mt     /* "fixcol.hasher" */
#define FCL_REPLAY_MT fcl_replay_mt     /* "fixcol.replay_reader" */

/* compat.c */
void fcl_setfuncs(lua_State *L, const luaL_Reg *l);
/* A new zeroed userdata of size bytes (a struct whose first member is
 * `const char *tag`), tag = tname, with the metatable named tname. */
void *fcl_newudata(lua_State *L, size_t size, const char *tname);
/* The userdata at idx if it is of type tname, else NULL. */
void *fcl_testudata(lua_State *L, int idx, const char *tname);
int fcl_argerror(lua_State *L, int arg, const char *fmt, ...);

/* numbers.c: exact integers across the boundary (never truncated). */
int32_t fcl_check_raw(lua_State *L, int arg);                       /* int32 (Q16.16 raw) */
int32_t fcl_opt_raw(lua_State *L, int arg, int32_t def);
int fcl_to_raw(lua_State *L, int idx, int32_t *out);                /* 1 if a valid raw value (no error) */
uint32_t fcl_check_u32(lua_State *L, int arg);                      /* 0 .. 2^32-1 */
uint64_t fcl_check_u64(lua_State *L, int arg);                      /* number <= 2^53 or hex string */
fc_angle fcl_check_angle(lua_State *L, int arg);                    /* 0..65535, else an argument error */
/* The same checks on a value at stack index idx, reported against argument
 * arg as "field NAME". */
int32_t fcl_field_raw(lua_State *L, int idx, int arg, const char *name);
uint32_t fcl_field_u32(lua_State *L, int idx, int arg, const char *name);
fc_angle fcl_field_angle(lua_State *L, int idx, int arg, const char *name);
/* t[name] of the table at argument arg, as int32 / uint32 (required). */
int32_t fcl_get_raw(lua_State *L, int arg, const char *name);
int32_t fcl_get_raw_opt(lua_State *L, int arg, const char *name, int32_t def);
void fcl_push_u32(lua_State *L, uint32_t v);                        /* an integer in 5.3+ */
void fcl_push_u64(lua_State *L, uint64_t v);                        /* number if < 2^53, else hex string */
void fcl_push_hex64(lua_State *L, uint64_t v);                      /* 16 lowercase hex digits */
int fcl_parse_hex64(const char *s, size_t len, uint64_t *out);      /* 1 ok; optional 0x, 1..16 digits */
void fcl_open_numbers(lua_State *L);

/* errors.c: data errors are returned as nil, name, message. */
int fcl_push_status_error(lua_State *L, fc_status st);              /* pushes 3 values, returns 3 */
const char *fcl_status_name(fc_status st);
void fcl_open_errors(lua_State *L);

/* ids.c: a body id is a 12-byte string (index, generation, world tag, each
 * uint32 little-endian): exact, equal when equal, usable as a table key. */
void fcl_push_id(lua_State *L, fc_body_id id);
fc_body_id fcl_check_id(lua_State *L, int arg);
int fcl_to_id(lua_State *L, int idx, fc_body_id *out);             /* 1 if a well-formed id (no error) */
void fcl_open_ids(lua_State *L);

/* shapes.c */
fc_shape2 fcl_check_shape2(lua_State *L, int arg);
fc_shape3 fcl_check_shape3(lua_State *L, int arg);
/* Push the shape as a table: a new one (out == 0) or the table at stack
 * index out (absolute), filled in place. */
void fcl_push_shape2(lua_State *L, const fc_shape2 *s, int out);
void fcl_push_shape3(lua_State *L, const fc_shape3 *s, int out);
void fcl_open_shapes(lua_State *L);

/* The bindings' cap on the pair_capacity hint (2^24 entries, as
 * FC_WORLD_MAX_BODIES): checked before fc_world_create. */
#define FCL_PAIR_CAPACITY_MAX FC_WORLD_MAX_BODIES

/* world.c / bodies.c / queries.c
 *
 * Re-entrancy (docs/binding-lua.md, "Re-entrancy"): every world method
 * (1) takes the world userdata with fcl_world_arg (a type check that runs
 * no Lua code and reads no engine memory), (2) converts ALL its other
 * arguments to C values (this may run __index metamethods, which may do
 * anything, including destroying or restoring this world), and only then
 * (3) resolves the engine world with fcl_use / fcl_use_dim, which raise an
 * argument error for a destroyed world, for a world whose dimension
 * changed since fcl_world_dim, and for a busy world. Between (3) and the
 * return no Lua code runs while engine memory is read, except inside
 * fcl_fill, which writes result lists under the busy flag in a protected
 * call: a finalizer (__gc) that calls a method of the busy world then gets
 * an error, and an error leaves the flag cleared. */
typedef struct fcl_world {
    const char *tag;      /* FCL_WORLD_MT (fcl_newudata) */
    fc_world *w;          /* NULL once destroyed */
    unsigned char *snap;  /* snapshot buffer, reused */
    size_t snap_cap;
    void *batch;          /* batch.c scratch, reused */
    size_t batch_cap;
    int32_t *frame;       /* frame.c scratch (command then result words), reused */
    size_t frame_cap;
    int busy;             /* > 0 while fcl_fill writes results of a call on this world */
    fc_world *early;      /* test build FCL_TEST_NO_REENTRY_GUARD only: the pointer taken first */
} fcl_world;
fc_world *fcl_check_world(lua_State *L, int arg);                 /* methods without other arguments */
fcl_world *fcl_check_world_ud(lua_State *L, int arg);             /* the userdata (not destroyed) */
fcl_world *fcl_world_arg(lua_State *L, int arg);                  /* step (1): type check only */
int fcl_world_dim(lua_State *L, fcl_world *u);                    /* 2 or 3 (error if destroyed) */
fc_world *fcl_use(lua_State *L, fcl_world *u);                    /* step (3) */
fc_world *fcl_use_dim(lua_State *L, fcl_world *u, int dim);       /* step (3), dimension unchanged */
/* Result lists (engine memory) written into caller tables under the busy
 * flag, in a protected call. kind: FCL_IDS (fc_body_id), FCL_PAIRS
 * (fc_pair: a, b), FCL_HITS (fc_ray_hit: id, t), FCL_CAST2 / FCL_CAST3
 * (id, t, normal), FCL_CONTACT2 / FCL_CONTACT3 (normal, depth, point),
 * FCL_BYTES (pushes a string of n bytes instead of filling a table),
 * FCL_FRAME (fcl_frame_fill; trimmed after its n words). Each
 * table list fills out[1 .. per*n] and trims after it. */
enum { FCL_IDS, FCL_PAIRS, FCL_HITS, FCL_CAST2, FCL_CAST3, FCL_CONTACT2, FCL_CONTACT3, FCL_BYTES, FCL_FRAME };
typedef struct fcl_list {
    int kind;
    int out;          /* absolute stack index of the output table (not FCL_BYTES) */
    const void *p;
    int32_t n;
} fcl_list;
/* Returns the number of strings pushed (one per FCL_BYTES list). */
int fcl_fill(lua_State *L, fcl_world *u, const fcl_list *lists, int count);
void fcl_open_fill(lua_State *L);
fc_filter fcl_opt_filter(lua_State *L, int arg);
void fcl_open_world(lua_State *L);
extern const luaL_Reg fcl_body_methods[];
extern const luaL_Reg fcl_query_methods[];
/* casts.c: shape casts (fixcol/cast.h): w:cast2/3, w:cast2_all/3_all (methods), fixcol.cast2/3 */
extern const luaL_Reg fcl_cast_methods[];
void fcl_open_casts(lua_State *L);
/* mover.c: refined casts and the mover (fixcol/mover.h): w:cast2_ex/3_ex, w:move2/3,
 * w:move_shape2/3 (methods), fixcol.cast2_ex/3_ex */
extern const luaL_Reg fcl_mover_methods[];
void fcl_open_mover(lua_State *L);
/* desync.c: range/body hashes and the dump (world methods), fixcol.desync() */
extern const luaL_Reg fcl_desync_methods[];
void fcl_open_desync(lua_State *L);
/* wire.c: the desync wire protocol (fixcol.wire_leader, wire_follower, ...) */
void fcl_open_wire(lua_State *L);
extern const luaL_Reg fcl_batch_methods[];
/* frame.c: w:frame (fixcol/frame.h); an FCL_FRAME list (p: an
 * fcl_frame_run) copies the words each command wrote into its out table. */
typedef struct fcl_frame_run {
    const int32_t *cmd;
    int32_t cmd_words;
    const int32_t *out;
} fcl_frame_run;
size_t fcl_frame_fill(lua_State *L, int out, const void *p);
extern const luaL_Reg fcl_frame_methods[];
void fcl_open_frame(lua_State *L);
/* events.c: w:pair_events, w:find_contacts (methods), fixcol.pair_events */
extern const luaL_Reg fcl_event_methods[];
/* history.c: the frame-history ring (fixcol/history.h): w:history_* */
extern const luaL_Reg fcl_history_methods[];
void fcl_open_events(lua_State *L);

/* collide.c (stateless tier, trig), hash.c, replay.c */
void fcl_open_collide(lua_State *L);

/* areas.c: skill areas (sector / ring tables) */
#include <fixcol/area2.h>
fc_sector2 fcl_check_sector2(lua_State *L, int arg);
fc_ring2 fcl_check_ring2(lua_State *L, int arg);
void fcl_open_areas(lua_State *L);
void fcl_open_hash(lua_State *L);
void fcl_open_replay(lua_State *L);

/* Output tables: fill out[1..n] and clear out[n+1..] up to the first nil. */
void fcl_trim(lua_State *L, int t, size_t n);
/* The caller's output table at arg, or a new one put there when arg is
 * nil or absent (any other value is an argument error); returns arg. */
int fcl_out_table(lua_State *L, int arg, int size_hint);

#endif
