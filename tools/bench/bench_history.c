/* SPDX-License-Identifier: MIT */
/* history: the frame-history ring (fixcol/history.h, issue 28) against
 * today's full snapshot + restore, in the same run.
 *
 * Two worlds where every body moves every frame:
 *   moba224: 224 circles of radius 0.5..1.5 units on a 200-unit map
 *            (bounds 256 units, depth 5), moving up to +-0.1 units per axis;
 *   w1_10k:  10k AABBs of 1..4 units in a 1000-unit square (the W1 world,
 *            default bounds and depth), moving up to +-0.05 units per axis.
 * save: a frame's moves with the ring on plus the save, minus the same
 * moves on an identical world without a ring (interleaved rounds), per
 * moved body (ns), and the ring's bytes per moved body. rollback_K: play K
 * frames (moves, find_pairs, save; not timed), then time
 * fc_world_history_rollback(K). The full-snapshot way of the same: one
 * fc_world_snapshot per frame, and fc_world_restore of the snapshot K
 * frames back. Both leave the pair list to the next call (lazy). Each
 * figure is the median over rounds of the median over a round's frames or
 * repetitions (the machine these run on is shared). allocs:
 * allocator calls per save and per rollback over every timed round. */
#include "bench.h"

#include <stdlib.h>
#include <string.h>
#include <fixcol/history.h>
#include <fixcol/world.h>

#define UNIT 65536

typedef struct scene {
    fc_world *w;
    fc_body_id *ids;
    int n;
    int32_t step; /* largest move per axis, raw */
    uint32_t seed;
    long *calls;
} scene;

static void *count_alloc(void *ctx, size_t size)
{
    (*(long *)ctx)++;
    return malloc(size);
}

static void count_free(void *ctx, void *p, size_t size)
{
    (void)ctx;
    (void)size;
    free(p);
}

static int32_t urand(uint32_t *s, int32_t lo, int32_t hi)
{
    return lo + (int32_t)(bench_xorshift32(s) % (uint32_t)(hi - lo + 1));
}

static void scene_init(scene *sc, int moba, long *calls)
{
    fc_world_def d = fc_world_def_default();
    if (moba) {
        d.bounds_log2 = 8;
        d.max_depth = 5;
    }
    d.alloc.alloc = count_alloc;
    d.alloc.free = count_free;
    d.alloc.ctx = calls;
    sc->calls = calls;
    fc_world_create(&d, &sc->w);
    sc->n = moba ? 224 : 10000;
    sc->step = moba ? 6554 : 3277;
    sc->seed = moba ? 777 : 12345;
    sc->ids = (fc_body_id *)malloc(sizeof(fc_body_id) * (size_t)sc->n);
    for (int i = 0; i < sc->n; i++) {
        fc_body_def bd = fc_body_def_default();
        if (moba) {
            bd.shape2.u.circle.center = fc_vec2_make(urand(&sc->seed, 0, 200 * UNIT), urand(&sc->seed, 0, 200 * UNIT));
            bd.shape2.u.circle.radius = urand(&sc->seed, UNIT / 2, 3 * UNIT / 2);
        } else {
            int32_t cx = urand(&sc->seed, 0, 1000 * UNIT), cy = urand(&sc->seed, 0, 1000 * UNIT);
            int32_t hx = urand(&sc->seed, UNIT / 2, 2 * UNIT), hy = urand(&sc->seed, UNIT / 2, 2 * UNIT);
            bd.shape2.type = FC_SHAPE2_AABB;
            bd.shape2.u.aabb.min = fc_vec2_make(cx - hx, cy - hy);
            bd.shape2.u.aabb.max = fc_vec2_make(cx + hx, cy + hy);
        }
        fc_world_create_body(sc->w, &bd, &sc->ids[i]);
    }
}

static void scene_free(scene *sc)
{
    fc_world_destroy(sc->w);
    free(sc->ids);
}

static void moves(scene *sc)
{
    for (int i = 0; i < sc->n; i++) {
        fc_vec2 d = fc_vec2_make(urand(&sc->seed, -sc->step, sc->step), urand(&sc->seed, -sc->step, sc->step));
        if (fc_world_translate2(sc->w, sc->ids[i], d) != FC_OK) /* at the edge: back */
            fc_world_translate2(sc->w, sc->ids[i], fc_vec2_make(-d.x, -d.y));
    }
}

static void pairs(scene *sc)
{
    const fc_pair *p;
    int32_t np;
    fc_world_find_pairs(sc->w, &p, &np);
    bench_sink(np);
}

static int cmp_double(const void *x, const void *y)
{
    const double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* Median of n values (sorted in place): robust to the frames a shared
 * machine preempts. */
static double median_of(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

typedef struct hist_figures {
    double save_ns, save_bytes, rb[3], snap_us, restore[3], allocs_save, allocs_rb;
} hist_figures;

static const int32_t ks[3] = {1, 4, 10};

static void measure(int moba, hist_figures *out)
{
    long calls_a = 0, calls_b = 0;
    scene a, b;
    scene_init(&a, moba, &calls_a);
    scene_init(&b, moba, &calls_b);
    const int frames = moba ? 400 : 20;
    fc_world_history_begin(b.w, 16, 1 << 22);
    for (int f = 0; f < 3; f++) { /* warm-up: pair lists at size */
        moves(&a);
        pairs(&a);
        moves(&b);
        pairs(&b);
        fc_world_history_save(b.w);
    }
    double ts[BENCH_ROUNDS], tr[3][BENCH_ROUNDS], tsn[BENCH_ROUNDS], tre[3][BENCH_ROUNDS];
    long save_calls = 0, saves = 0, rb_calls = 0, rbs = 0;
    int64_t bytes = 0, bodies = 0;
    size_t cap = 0;
    fc_world_snapshot(a.w, NULL, 0, &cap);
    cap *= 2;
    unsigned char *blobs = (unsigned char *)malloc(cap * 11);
    size_t sizes[11];
    for (int r = 0; r < BENCH_ROUNDS; r++) {
        /* save: the moves with and without the ring (same moves: same seed) */
        const uint32_t seed = a.seed;
        b.seed = seed;
        double diff[400];
        long c0 = calls_b;
        for (int f = 0; f < frames; f++) { /* interleaved: both see the same machine */
            double t0 = bench_now_ns();
            moves(&a);
            double t1 = bench_now_ns();
            moves(&b);
            fc_world_history_save(b.w);
            double t2 = bench_now_ns();
            diff[f] = (t2 - t1) - (t1 - t0);
        }
        save_calls += calls_b - c0;
        saves += frames;
        ts[r] = median_of(diff, frames) / b.n;
        fc_history_stats hs;
        fc_world_history_stats(b.w, &hs);
        bytes += hs.last_save;
        bodies += b.n;
        pairs(&a);
        pairs(&b);
        /* rollback by k after k frames */
        for (int j = 0; j < 3; j++) {
            const int reps = moba ? 50 : 8;
            double t[50];
            for (int q = 0; q < reps; q++) {
                for (int f = 0; f < ks[j]; f++) {
                    moves(&b);
                    pairs(&b);
                    fc_world_history_save(b.w);
                }
                long c1 = calls_b;
                double u0 = bench_now_ns();
                fc_world_history_rollback(b.w, ks[j]);
                t[q] = bench_now_ns() - u0;
                rb_calls += calls_b - c1;
                rbs++;
                pairs(&b);
            }
            tr[j][r] = median_of(t, reps) / 1e3;
        }
        /* today's way: a snapshot per frame, restore k frames back */
        const int reps = moba ? 50 : 8;
        double tsnap[50 * 11], trest[3][50];
        for (int q = 0; q < reps; q++) {
            for (int f = 0; f <= 10; f++) {
                if (f > 0) {
                    moves(&a);
                    pairs(&a);
                }
                double u0 = bench_now_ns();
                fc_world_snapshot(a.w, blobs + cap * (size_t)f, cap, &sizes[f]);
                tsnap[q * 11 + f] = bench_now_ns() - u0;
            }
            for (int j = 0; j < 3; j++) {
                double u0 = bench_now_ns();
                fc_world_restore(a.w, blobs + cap * (size_t)(10 - ks[j]), sizes[10 - ks[j]]);
                trest[j][q] = bench_now_ns() - u0;
                fc_world_restore(a.w, blobs + cap * 10, sizes[10]); /* back to the newest */
            }
            pairs(&a);
        }
        tsn[r] = median_of(tsnap, reps * 11) / 1e3;
        for (int j = 0; j < 3; j++)
            tre[j][r] = median_of(trest[j], reps) / 1e3;
    }
    out->save_ns = bench_median(ts, BENCH_ROUNDS);
    out->save_bytes = (double)bytes / (double)bodies;
    out->snap_us = bench_median(tsn, BENCH_ROUNDS);
    for (int j = 0; j < 3; j++) {
        out->rb[j] = bench_median(tr[j], BENCH_ROUNDS);
        out->restore[j] = bench_median(tre[j], BENCH_ROUNDS);
    }
    out->allocs_save = (double)save_calls / (double)saves;
    out->allocs_rb = (double)rb_calls / (double)rbs;
    free(blobs);
    scene_free(&a);
    scene_free(&b);
}

void bench_history(void)
{
    hist_figures m, w;
    measure(1, &m);
    bench_print("history_moba224_save", m.save_ns, "ns/body");
    bench_print("history_moba224_save_bytes", m.save_bytes, "B/body");
    bench_print("history_moba224_rollback_1", m.rb[0], "us");
    bench_print("history_moba224_rollback_4", m.rb[1], "us");
    bench_print("history_moba224_rollback_10", m.rb[2], "us");
    bench_print("history_moba224_snapshot", m.snap_us, "us");
    bench_print("history_moba224_restore_1", m.restore[0], "us");
    bench_print("history_moba224_restore_4", m.restore[1], "us");
    bench_print("history_moba224_restore_10", m.restore[2], "us");
    measure(0, &w);
    bench_print("history_w1_10k_save", w.save_ns, "ns/body");
    bench_print("history_w1_10k_save_bytes", w.save_bytes, "B/body");
    bench_print("history_w1_10k_rollback_1", w.rb[0], "us");
    bench_print("history_w1_10k_rollback_4", w.rb[1], "us");
    bench_print("history_w1_10k_rollback_10", w.rb[2], "us");
    bench_print("history_w1_10k_snapshot", w.snap_us, "us");
    bench_print("history_w1_10k_restore_1", w.restore[0], "us");
    bench_print("history_w1_10k_restore_4", w.restore[1], "us");
    bench_print("history_w1_10k_restore_10", w.restore[2], "us");
    bench_print("history_w1_10k_rollback_1_vs_save", w.rb[0] * 1e3 / (w.save_ns * 10000), "x");
    bench_print("history_allocs_per_save", (m.allocs_save + w.allocs_save) / 2, "calls");
    bench_print("history_allocs_per_rollback", (m.allocs_rb + w.allocs_rb) / 2, "calls");
}
