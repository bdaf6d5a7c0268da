/* SPDX-License-Identifier: MIT */
/* scale: the world at game scale (issue 15). Matches are small and a host
 * steps thousands, so: W1 at 1k bodies against the float sort-and-sweep in
 * the same run; a MOBA frame at 200, 1k and 2k bodies and the matches one
 * core steps at 30 Hz; memory per body at 100k W1 bodies (bytes held
 * through the allocator hooks); snapshot and restore (rollback into the
 * same world) at 224 and 10k bodies with their allocator calls; a rollback
 * of 8 frames at 200 bodies; allocator calls per steady-state frame at 10k.
 *
 * MOBA frame (N bodies, xorshift32 seed 777): circles of radius 0.5..1.5
 * units on a 200 x 200 unit map (bounds 256 units, depth 5), every body
 * moving up to +-0.1 units per axis per frame; per frame all pairs, N/20
 * circle AoE queries (radius 3..6 units), N/50 OBB skill queries (4 x 1
 * units, any angle), N/50 closest-hit rays of 20 units and the checksum. */
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fixcol/world.h>

#define UNIT 65536

/* ---------------------------------------------------------------- counting allocator */

typedef struct counter {
    long calls;
    int64_t live;
} counter;

static void *count_alloc(void *ctx, size_t size)
{
    counter *c = (counter *)ctx;
    c->calls++;
    c->live += (int64_t)size;
    return malloc(size);
}

static void count_free(void *ctx, void *p, size_t size)
{
    counter *c = (counter *)ctx;
    c->live -= (int64_t)size;
    free(p);
}

static fc_allocator counting(counter *c)
{
    fc_allocator a;
    a.alloc = count_alloc;
    a.free = count_free;
    a.ctx = c;
    return a;
}

/* ---------------------------------------------------------------- MOBA */

typedef struct moba {
    fc_world *w;
    fc_body_id *ids;
    int n;
    uint32_t seed;
} moba;

static int32_t urand(uint32_t *s, int32_t lo, int32_t hi)
{
    return lo + (int32_t)(bench_xorshift32(s) % (uint32_t)(hi - lo + 1));
}

static void moba_init(moba *m, int n, fc_allocator alloc)
{
    fc_world_def d = fc_world_def_default();
    d.bounds_log2 = 8;
    d.max_depth = 5;
    d.alloc = alloc;
    fc_world_create(&d, &m->w);
    m->n = n;
    m->seed = 777;
    m->ids = (fc_body_id *)malloc(sizeof(fc_body_id) * (size_t)n);
    for (int i = 0; i < n; i++) {
        fc_body_def bd = fc_body_def_default();
        bd.shape2.u.circle.center = fc_vec2_make(urand(&m->seed, 0, 200 * UNIT), urand(&m->seed, 0, 200 * UNIT));
        bd.shape2.u.circle.radius = urand(&m->seed, UNIT / 2, 3 * UNIT / 2);
        fc_world_create_body(m->w, &bd, &m->ids[i]);
    }
}

static void moba_free(moba *m)
{
    fc_world_destroy(m->w);
    free(m->ids);
}

/* One frame; returns a value that depends on every output. */
static int64_t moba_frame(moba *m)
{
    int64_t acc = 0;
    for (int i = 0; i < m->n; i++) {
        fc_vec2 d = fc_vec2_make(urand(&m->seed, -6554, 6554), urand(&m->seed, -6554, 6554));
        if (fc_world_translate2(m->w, m->ids[i], d) != FC_OK) /* at the map's edge: back */
            fc_world_translate2(m->w, m->ids[i], fc_vec2_make(-d.x, -d.y));
    }
    const fc_pair *pairs;
    int32_t np;
    fc_world_find_pairs(m->w, &pairs, &np);
    acc += np;
    const fc_body_id *ids;
    int32_t nids;
    for (int q = 0; q < m->n / 20; q++) {
        fc_shape2 s;
        memset(&s, 0, sizeof s);
        s.type = FC_SHAPE2_CIRCLE;
        s.u.circle.center = fc_vec2_make(urand(&m->seed, 0, 200 * UNIT), urand(&m->seed, 0, 200 * UNIT));
        s.u.circle.radius = urand(&m->seed, 3 * UNIT, 6 * UNIT);
        fc_world_overlap2(m->w, &s, fc_filter_default(), &ids, &nids);
        acc += nids;
    }
    for (int q = 0; q < m->n / 50; q++) {
        fc_shape2 s;
        memset(&s, 0, sizeof s);
        s.type = FC_SHAPE2_OBB;
        s.u.obb.center = fc_vec2_make(urand(&m->seed, 0, 200 * UNIT), urand(&m->seed, 0, 200 * UNIT));
        s.u.obb.half = fc_vec2_make(2 * UNIT, UNIT / 2);
        s.u.obb.angle = (fc_angle)bench_xorshift32(&m->seed);
        s.u.obb.rot = fc_sincos_of(s.u.obb.angle);
        fc_world_overlap2(m->w, &s, fc_filter_default(), &ids, &nids);
        acc += nids;
        fc_ray2 r = {fc_vec2_make(urand(&m->seed, 0, 200 * UNIT), urand(&m->seed, 0, 200 * UNIT)),
                     fc_vec2_make(urand(&m->seed, -20 * UNIT, 20 * UNIT), urand(&m->seed, -20 * UNIT, 20 * UNIT))};
        fc_ray_hit h;
        int hit;
        fc_world_raycast2(m->w, &r, fc_filter_default(), &h, &hit);
        acc += hit;
    }
    acc += (int64_t)(fc_world_checksum(m->w) & 0xFF);
    return acc;
}

/* us per MOBA frame (median of rounds of frames frames after 20 warm-up
 * frames). */
static double moba_us(int n, int frames)
{
    double t[BENCH_ROUNDS];
    fc_allocator def = {NULL, NULL, NULL};
    for (int r = 0; r < BENCH_ROUNDS; r++) {
        moba m;
        moba_init(&m, n, def);
        int64_t acc = 0;
        for (int f = 0; f < 20; f++)
            acc += moba_frame(&m);
        double t0 = bench_now_ns();
        for (int f = 0; f < frames; f++)
            acc += moba_frame(&m);
        t[r] = (bench_now_ns() - t0) / frames / 1e3;
        bench_sink(acc);
        moba_free(&m);
    }
    return bench_median(t, BENCH_ROUNDS);
}

/* us per rollback: restore a snapshot taken 8 frames ago and re-simulate
 * the 8 frames (200 bodies). */
static double rollback_us(void)
{
    double t[BENCH_ROUNDS];
    fc_allocator def = {NULL, NULL, NULL};
    for (int r = 0; r < BENCH_ROUNDS; r++) {
        moba m;
        moba_init(&m, 200, def);
        int64_t acc = 0;
        for (int f = 0; f < 20; f++)
            acc += moba_frame(&m);
        size_t size;
        fc_world_snapshot(m.w, NULL, 0, &size);
        void *blob = malloc(size);
        fc_world_snapshot(m.w, blob, size, &size);
        uint32_t seed = m.seed;
        for (int f = 0; f < 8; f++)
            acc += moba_frame(&m);
        double t0 = bench_now_ns();
        for (int k = 0; k < 20; k++) {
            fc_world_restore(m.w, blob, size);
            m.seed = seed;
            for (int f = 0; f < 8; f++)
                acc += moba_frame(&m);
        }
        t[r] = (bench_now_ns() - t0) / 20 / 1e3;
        bench_sink(acc);
        free(blob);
        moba_free(&m);
    }
    return bench_median(t, BENCH_ROUNDS);
}

/* ---------------------------------------------------------------- W1 worlds */

static fc_world *w1_world(int n, uint32_t *seed, fc_allocator alloc, fc_body_id *ids)
{
    fc_world_def d = fc_world_def_default();
    d.alloc = alloc;
    fc_world *w;
    fc_world_create(&d, &w);
    for (int i = 0; i < n; i++) {
        int32_t cx = urand(seed, 0, 1000 * UNIT), cy = urand(seed, 0, 1000 * UNIT);
        int32_t hx = urand(seed, UNIT / 2, 2 * UNIT), hy = urand(seed, UNIT / 2, 2 * UNIT);
        fc_body_def bd = fc_body_def_default();
        bd.shape2.type = FC_SHAPE2_AABB;
        bd.shape2.u.aabb.min = fc_vec2_make(cx - hx, cy - hy);
        bd.shape2.u.aabb.max = fc_vec2_make(cx + hx, cy + hy);
        fc_world_create_body(w, &bd, &ids[i]);
    }
    return w;
}

static int64_t w1_frame(fc_world *w, const fc_body_id *ids, int n, uint32_t *seed)
{
    for (int i = 0; i < n; i++)
        fc_world_translate2(w, ids[i], fc_vec2_make(urand(seed, -3277, 3277), urand(seed, -3277, 3277)));
    const fc_pair *p;
    int32_t np;
    fc_world_find_pairs(w, &p, &np);
    return np + (int64_t)(fc_world_checksum(w) & 1);
}

/* Bytes per body held through the hooks by a 100k W1 world after 10
 * frames (pairs and checksum included). */
static double memory_per_body(int n)
{
    counter c = {0, 0};
    uint32_t seed = 12345;
    fc_body_id *ids = (fc_body_id *)malloc(sizeof(fc_body_id) * (size_t)n);
    fc_world *w = w1_world(n, &seed, counting(&c), ids);
    int64_t acc = 0;
    for (int f = 0; f < 10; f++)
        acc += w1_frame(w, ids, n, &seed);
    bench_sink(acc);
    double b = (double)c.live / n;
    fc_world_destroy(w);
    free(ids);
    return b;
}

/* Allocator calls per frame over 100 frames after 20 warm-up frames. */
static double steady_allocs(int n)
{
    counter c = {0, 0};
    uint32_t seed = 12345;
    fc_body_id *ids = (fc_body_id *)malloc(sizeof(fc_body_id) * (size_t)n);
    fc_world *w = w1_world(n, &seed, counting(&c), ids);
    int64_t acc = 0;
    for (int f = 0; f < 20; f++)
        acc += w1_frame(w, ids, n, &seed);
    long before = c.calls;
    for (int f = 0; f < 100; f++)
        acc += w1_frame(w, ids, n, &seed);
    bench_sink(acc);
    double per = (double)(c.calls - before) / 100;
    fc_world_destroy(w);
    free(ids);
    return per;
}

/* Snapshot and restore of an n-body W1 world, us per call (median of
 * rounds), and allocator calls per restore. A rollback restores a world
 * that has moved since the snapshot, so the restores alternate between two
 * snapshots 8 W1 frames apart (every body moved: the diff restore rewrites
 * every record); *same_us restores the current state into itself (nothing
 * changed: the diff restore's best case). */
static void snapshot_restore(int n, double *snap_us, double *restore_us, double *same_us, double *restore_allocs)
{
    counter c = {0, 0};
    uint32_t seed = 4242;
    fc_body_id *ids = (fc_body_id *)malloc(sizeof(fc_body_id) * (size_t)n);
    fc_world *w = w1_world(n, &seed, counting(&c), ids);
    size_t size, size_a;
    fc_world_snapshot(w, NULL, 0, &size_a);
    void *blob_a = malloc(size_a);
    fc_world_snapshot(w, blob_a, size_a, &size_a);
    int64_t acc = 0;
    for (int f = 0; f < 8; f++)
        acc += w1_frame(w, ids, n, &seed);
    bench_sink(acc);
    fc_world_snapshot(w, NULL, 0, &size);
    void *blob = malloc(size);
    int reps = n < 1000 ? 2000 : 20;
    double ts[BENCH_ROUNDS], tr[BENCH_ROUNDS], tu[BENCH_ROUNDS];
    long calls = 0, restores = 0;
    for (int r = 0; r < BENCH_ROUNDS; r++) {
        double t0 = bench_now_ns();
        for (int k = 0; k < reps; k++)
            fc_world_snapshot(w, blob, size, &size);
        double t1 = bench_now_ns();
        long c0 = c.calls;
        for (int k = 0; k < reps; k++) { /* ends on the current state (reps even) */
            if (k % 2 == 0)
                fc_world_restore(w, blob_a, size_a);
            else
                fc_world_restore(w, blob, size);
        }
        double t2 = bench_now_ns();
        for (int k = 0; k < reps; k++)
            fc_world_restore(w, blob, size);
        double t3 = bench_now_ns();
        calls += c.calls - c0;
        restores += 2 * reps;
        ts[r] = (t1 - t0) / reps / 1e3;
        tr[r] = (t2 - t1) / reps / 1e3;
        tu[r] = (t3 - t2) / reps / 1e3;
    }
    *snap_us = bench_median(ts, BENCH_ROUNDS);
    *restore_us = bench_median(tr, BENCH_ROUNDS);
    *same_us = bench_median(tu, BENCH_ROUNDS);
    *restore_allocs = (double)calls / (double)restores;
    free(blob);
    free(blob_a);
    fc_world_destroy(w);
    free(ids);
}

void bench_scale(void)
{
    int32_t np = 0, sp = 0;
    /* W1 at 1k, interleaved with its baseline */
    double fw = bench_w1_world(1000, FC_QT_LOOSE, 0, &np), fs = bench_w1_sap(1000, &sp);
    bench_print("scale_w1_1k", fw, "ms/frame");
    bench_print("broadphase_w1_1k_sap", fs, "ms/frame");
    bench_print("scale_w1_1k_vs_sap", fw / fs, "x");
    double m200 = moba_us(200, 300), m1k = moba_us(1000, 100), m2k = moba_us(2000, 50);
    bench_print("moba_frame_200", m200, "us/frame");
    bench_print("moba_frame_1k", m1k, "us/frame");
    bench_print("moba_frame_2k", m2k, "us/frame");
    bench_print("moba_matches_per_core_30hz_200", 1e6 / (30 * m200), "matches");
    bench_print("memory_w1_100k_bytes_per_body", memory_per_body(100000), "B");
    double s224, r224, u224, a224, s10k, r10k, u10k, a10k;
    snapshot_restore(224, &s224, &r224, &u224, &a224);
    snapshot_restore(10000, &s10k, &r10k, &u10k, &a10k);
    bench_print("snapshot_224", s224, "us");
    bench_print("restore_224", r224, "us");
    bench_print("restore_224_unchanged", u224, "us");
    bench_print("restore_224_allocs", a224, "calls");
    bench_print("snapshot_10k_rollback", s10k / 1e3, "ms");
    bench_print("restore_10k_rollback", r10k / 1e3, "ms");
    bench_print("restore_10k_unchanged", u10k / 1e3, "ms");
    bench_print("restore_10k_vs_snapshot", r10k / s10k, "x");
    bench_print("restore_10k_allocs", a10k, "calls");
    bench_print("rollback_8_frames_200", rollback_us(), "us");
    bench_print("steady_allocs_per_frame_10k", steady_allocs(10000), "calls");
}
