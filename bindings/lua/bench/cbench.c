/* SPDX-License-Identifier: MIT */
/* cbench.c - the C side of bindings/lua/bench/moba_frame.lua, as a tiny Lua
 * module `fixcol_cbench` (a benchmark aid, not part of the binding):
 *   now() -> monotonic seconds (a double: timing only, nothing simulated);
 *   c_runner(bytes, reps) -> best seconds per frame of the C replay runner
 *     (fc_replay_runner_apply / _end_frame), all operations decoded before
 *     timing, over reps runs of the whole replay; the frame count; and how
 *     many frame checksums differed from the recorded ones (checked in the
 *     timed loop, as the Lua side checks its own). */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lauxlib.h>
#include <lua.h>

#include <fixcol/replay.h>

#if defined(_WIN32)
#define CB_EXPORT __declspec(dllexport)
#else
#define CB_EXPORT __attribute__((visibility("default")))
#endif

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int l_now(lua_State *L)
{
    lua_pushnumber(L, now());
    return 1;
}

static int l_c_runner(lua_State *L)
{
    size_t len;
    const char *data = luaL_checklstring(L, 1, &len);
    int reps = (int)luaL_optinteger(L, 2, 5);
    fc_replay_reader r;
    if (fc_replay_open(&r, (const uint8_t *)data, len) != FC_OK)
        return luaL_error(L, "cannot open replay");
    size_t nops = 0, cap = 1 << 16, nframes = 0, fcap = 1024;
    fc_replay_op *ops = (fc_replay_op *)malloc(cap * sizeof *ops);
    uint32_t *frame_ops = (uint32_t *)malloc(fcap * sizeof *frame_ops);
    uint64_t *frame_sum = (uint64_t *)malloc(fcap * sizeof *frame_sum);
    for (;;) {
        int32_t more = 0;
        uint32_t n = 0;
        if (fc_replay_next_frame(&r, &more, &n) != FC_OK || !more)
            break;
        if (nframes == fcap) {
            fcap *= 2;
            frame_ops = (uint32_t *)realloc(frame_ops, fcap * sizeof *frame_ops);
            frame_sum = (uint64_t *)realloc(frame_sum, fcap * sizeof *frame_sum);
        }
        frame_ops[nframes++] = n;
        for (uint32_t i = 0; i < n; i++) {
            if (nops == cap)
                ops = (fc_replay_op *)realloc(ops, (cap *= 2) * sizeof *ops);
            fc_replay_next_op(&r, &ops[nops++]);
        }
        fc_replay_expect e;
        fc_replay_read_expect(&r, &e);
        frame_sum[nframes - 1] = e.checksum;
        for (uint32_t q = 0; q < e.query_count; q++) {
            fc_replay_query_expect qe;
            fc_replay_read_query_expect(&r, &qe);
        }
    }
    double best = 1e300;
    lua_Integer bad = 0;
    for (int rep = 0; rep < reps; rep++) {
        fc_replay_runner rn;
        fc_replay_runner_init(&rn, &r.settings);
        size_t k = 0;
        double t0 = now();
        for (size_t f = 0; f < nframes; f++) {
            fc_replay_runner_begin_frame(&rn);
            for (uint32_t i = 0; i < frame_ops[f]; i++)
                fc_replay_runner_apply(&rn, &ops[k++], NULL);
            fc_replay_expect got;
            fc_replay_runner_end_frame(&rn, &got);
            if (got.checksum != frame_sum[f])
                bad++;
        }
        double t = (now() - t0) / (double)nframes;
        if (t < best)
            best = t;
        fc_replay_runner_free(&rn);
    }
    free(ops);
    free(frame_ops);
    free(frame_sum);
    lua_pushnumber(L, best);
    lua_pushinteger(L, (lua_Integer)nframes);
    lua_pushinteger(L, bad);
    return 3;
}

CB_EXPORT int luaopen_fixcol_cbench(lua_State *L);

int luaopen_fixcol_cbench(lua_State *L)
{
    lua_newtable(L);
    lua_pushcfunction(L, l_now);
    lua_setfield(L, -2, "now");
    lua_pushcfunction(L, l_c_runner);
    lua_setfield(L, -2, "c_runner");
    return 1;
}
