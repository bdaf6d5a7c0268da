/* SPDX-License-Identifier: MIT */
/* broadphase: workload W1 - N boxes (half-extents 0.5..2 units) in a
 * 1000 x 1000 world, each moving by up to +-0.05 units per axis per frame,
 * 100 frames, xorshift32 seed 12345 - timed per frame as update (move every
 * body) + all pairs. Baselines in the same run: O(N^2) brute force at 1k
 * and a float sort-and-sweep on x (insertion sort each frame) at 10k/50k,
 * with the world's time over the sweep's.
 * Also the seed's strict layout, a centre-line worst case, and the
 * checksum / snapshot / ray cast cost at 10k bodies. */
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fixcol/area2.h>
#include <fixcol/world.h>

#define FRAMES 100
#define UNIT 65536

typedef struct w1_box {
    int32_t cx, cy, hx, hy;
} w1_box;

static w1_box *w1_boxes(int n, uint32_t *seed, int lines)
{
    w1_box *b = (w1_box *)malloc(sizeof(w1_box) * (size_t)n);
    for (int i = 0; i < n; i++) {
        b[i].cx = (int32_t)(bench_xorshift32(seed) % (1000u * UNIT));
        b[i].cy = (int32_t)(bench_xorshift32(seed) % (1000u * UNIT));
        b[i].hx = UNIT / 2 + (int32_t)(bench_xorshift32(seed) % (3u * UNIT / 2 + 1));
        b[i].hy = UNIT / 2 + (int32_t)(bench_xorshift32(seed) % (3u * UNIT / 2 + 1));
        if (lines && i % 5 == 0) /* worst case: on the root's centre lines (512) */
            *(i % 10 == 0 ? &b[i].cx : &b[i].cy) = 512 * UNIT;
    }
    return b;
}

static int32_t w1_step(uint32_t *seed)
{
    return (int32_t)(bench_xorshift32(seed) % 6555u) - 3277; /* +-0.05 units */
}

/* fixcol world: ms per frame of translate-all + find_pairs. */
double bench_w1_world(int n, fc_qt_layout layout, int lines, int32_t *pairs_out)
{
    double t[BENCH_ROUNDS];
    for (int r = 0; r < BENCH_ROUNDS; r++) {
        uint32_t seed = 12345;
        w1_box *b = w1_boxes(n, &seed, lines);
        fc_world_def d = fc_world_def_default();
        d.bounds_log2 = 10;
        d.layout = layout;
        d.body_capacity = n;
        fc_world *w;
        fc_world_create(&d, &w);
        fc_body_id *ids = (fc_body_id *)malloc(sizeof(fc_body_id) * (size_t)n);
        for (int i = 0; i < n; i++) {
            fc_body_def bd = fc_body_def_default();
            bd.shape2.type = FC_SHAPE2_AABB;
            bd.shape2.u.aabb.min = fc_vec2_make(b[i].cx - b[i].hx, b[i].cy - b[i].hy);
            bd.shape2.u.aabb.max = fc_vec2_make(b[i].cx + b[i].hx, b[i].cy + b[i].hy);
            fc_world_create_body(w, &bd, &ids[i]);
        }
        int64_t acc = 0;
        double t0 = bench_now_ns();
        for (int f = 0; f < FRAMES; f++) {
            for (int i = 0; i < n; i++) {
                int32_t dx = w1_step(&seed), dy = w1_step(&seed);
                fc_world_translate2(w, ids[i], fc_vec2_make(dx, dy));
            }
            const fc_pair *p;
            int32_t np;
            fc_world_find_pairs(w, &p, &np);
            acc += np;
            *pairs_out = np;
        }
        t[r] = (bench_now_ns() - t0) / FRAMES / 1e6;
        bench_sink(acc);
        fc_world_destroy(w);
        free(ids);
        free(b);
    }
    return bench_median(t, BENCH_ROUNDS);
}

/* Integer O(N^2) brute force over the same boxes. */
static double run_brute(int n)
{
    double t[BENCH_ROUNDS];
    for (int r = 0; r < BENCH_ROUNDS; r++) {
        uint32_t seed = 12345;
        w1_box *b = w1_boxes(n, &seed, 0);
        int64_t acc = 0;
        double t0 = bench_now_ns();
        for (int f = 0; f < FRAMES; f++) {
            for (int i = 0; i < n; i++) {
                b[i].cx += w1_step(&seed);
                b[i].cy += w1_step(&seed);
            }
            for (int i = 0; i < n; i++)
                for (int j = i + 1; j < n; j++)
                    acc += abs(b[i].cx - b[j].cx) <= b[i].hx + b[j].hx && abs(b[i].cy - b[j].cy) <= b[i].hy + b[j].hy;
        }
        t[r] = (bench_now_ns() - t0) / FRAMES / 1e6;
        bench_sink(acc);
        free(b);
    }
    return bench_median(t, BENCH_ROUNDS);
}

/* Baseline: float sort-and-sweep on x, insertion sort each frame. */
double bench_w1_sap(int n, int32_t *pairs_out)
{
    double t[BENCH_ROUNDS];
    for (int r = 0; r < BENCH_ROUNDS; r++) {
        uint32_t seed = 12345;
        w1_box *b = w1_boxes(n, &seed, 0);
        float *cx = (float *)malloc(sizeof(float) * (size_t)n), *cy = (float *)malloc(sizeof(float) * (size_t)n);
        float *hx = (float *)malloc(sizeof(float) * (size_t)n), *hy = (float *)malloc(sizeof(float) * (size_t)n);
        int *order = (int *)malloc(sizeof(int) * (size_t)n);
        size_t cap = 1024, np = 0;
        int *pairs = (int *)malloc(sizeof(int) * 2 * cap);
        for (int i = 0; i < n; i++) {
            cx[i] = (float)b[i].cx / UNIT;
            cy[i] = (float)b[i].cy / UNIT;
            hx[i] = (float)b[i].hx / UNIT;
            hy[i] = (float)b[i].hy / UNIT;
            order[i] = i;
        }
        int64_t acc = 0;
        double t0 = bench_now_ns();
        for (int f = 0; f < FRAMES; f++) {
            for (int i = 0; i < n; i++) {
                cx[i] += (float)w1_step(&seed) / UNIT;
                cy[i] += (float)w1_step(&seed) / UNIT;
            }
            for (int i = 1; i < n; i++) {
                int k = order[i], j = i;
                float key = cx[k] - hx[k];
                for (; j > 0 && cx[order[j - 1]] - hx[order[j - 1]] > key; j--)
                    order[j] = order[j - 1];
                order[j] = k;
            }
            np = 0;
            for (int i = 0; i < n; i++) {
                int a = order[i];
                float maxx = cx[a] + hx[a];
                for (int j = i + 1; j < n && cx[order[j]] - hx[order[j]] <= maxx; j++) {
                    int c = order[j];
                    if (cy[a] - hy[a] <= cy[c] + hy[c] && cy[c] - hy[c] <= cy[a] + hy[a]) {
                        if (np == cap) {
                            cap *= 2;
                            pairs = (int *)realloc(pairs, sizeof(int) * 2 * cap);
                        }
                        pairs[2 * np] = a;
                        pairs[2 * np + 1] = c;
                        np++;
                    }
                }
            }
            acc += (int64_t)np;
        }
        t[r] = (bench_now_ns() - t0) / FRAMES / 1e6;
        *pairs_out = (int32_t)np;
        bench_sink(acc);
        free(cx);
        free(cy);
        free(hx);
        free(hy);
        free(order);
        free(pairs);
        free(b);
    }
    return bench_median(t, BENCH_ROUNDS);
}

/* Checksum, snapshot (ms per call) and ray casts (us per ray) in the 10k
 * W1 world. */
static void run_serial(void)
{
    uint32_t seed = 12345;
    int n = 10000;
    w1_box *b = w1_boxes(n, &seed, 0);
    fc_world_def d = fc_world_def_default();
    fc_world *w;
    fc_world_create(&d, &w);
    fc_body_id *ids = (fc_body_id *)malloc(sizeof(fc_body_id) * (size_t)n);
    for (int i = 0; i < n; i++) {
        fc_body_def bd = fc_body_def_default();
        bd.shape2.type = FC_SHAPE2_AABB;
        bd.shape2.u.aabb.min = fc_vec2_make(b[i].cx - b[i].hx, b[i].cy - b[i].hy);
        bd.shape2.u.aabb.max = fc_vec2_make(b[i].cx + b[i].hx, b[i].cy + b[i].hy);
        fc_world_create_body(w, &bd, &ids[i]);
    }
    size_t size;
    fc_world_snapshot(w, NULL, 0, &size);
    void *buf = malloc(size);
    double tc[BENCH_ROUNDS], tu[BENCH_ROUNDS], ts[BENCH_ROUNDS], tr_[BENCH_ROUNDS], share[BENCH_ROUNDS];
    for (int r = 0; r < BENCH_ROUNDS; r++) {
        uint64_t acc = 0;
        double tm = 0, tf = 0;
        for (int k = 0; k < 20; k++) { /* every body moved since the last checksum (a W1 frame) */
            double t0 = bench_now_ns();
            for (int i = 0; i < n; i++)
                fc_world_translate2(w, ids[i], fc_vec2_make(k % 2 ? -1 : 1, 0));
            const fc_pair *pairs;
            int32_t np;
            fc_world_find_pairs(w, &pairs, &np);
            double t = bench_now_ns();
            acc += fc_world_checksum(w) + (uint64_t)np;
            tm += bench_now_ns() - t;
            tf += t - t0;
        }
        tc[r] = tm / 20 / 1e6;
        /* checksum time over the frame (move every body + pairs) just before
         * it, interleaved so both see the same machine load */
        share[r] = 100 * tm / tf;
        double t0 = bench_now_ns();
        for (int k = 0; k < 20; k++) /* nothing changed */
            acc += fc_world_checksum(w);
        double t1 = bench_now_ns();
        for (int k = 0; k < 20; k++)
            fc_world_snapshot(w, buf, size, &size);
        double t2 = bench_now_ns();
        for (int k = 0; k < 5; k++) /* restore the same world: ids stay valid */
            fc_world_restore(w, buf, size);
        double t3 = bench_now_ns();
        tu[r] = (t1 - t0) / 20 / 1e6;
        ts[r] = (t2 - t1) / 20 / 1e6;
        tr_[r] = (t3 - t2) / 5 / 1e6;
        bench_sink((int64_t)acc);
    }
    double tr[BENCH_ROUNDS], ta[BENCH_ROUNDS];
    for (int r = 0; r < BENCH_ROUNDS; r++) {
        uint32_t rs = 777;
        int64_t acc = 0;
        double t0 = bench_now_ns();
        for (int k = 0; k < 1000; k++) { /* 100-unit rays through the W1 world */
            fc_ray2 ray = {fc_vec2_make((int32_t)(bench_xorshift32(&rs) % (900u * UNIT)), (int32_t)(bench_xorshift32(&rs) % (1000u * UNIT))),
                           fc_vec2_make(100 * UNIT, (int32_t)(bench_xorshift32(&rs) % (20u * UNIT)) - 10 * UNIT)};
            fc_ray_hit h;
            int hit;
            fc_world_raycast2(w, &ray, fc_filter_default(), &h, &hit);
            acc += hit ? h.t : -1;
        }
        double t1 = bench_now_ns();
        rs = 777;
        for (int k = 0; k < 1000; k++) {
            fc_ray2 ray = {fc_vec2_make((int32_t)(bench_xorshift32(&rs) % (900u * UNIT)), (int32_t)(bench_xorshift32(&rs) % (1000u * UNIT))),
                           fc_vec2_make(100 * UNIT, (int32_t)(bench_xorshift32(&rs) % (20u * UNIT)) - 10 * UNIT)};
            const fc_ray_hit *hits;
            int32_t nh;
            fc_world_raycast2_all(w, &ray, fc_filter_default(), &hits, &nh);
            acc += nh;
        }
        double t2 = bench_now_ns();
        tr[r] = (t1 - t0) / 1000 / 1e3;
        ta[r] = (t2 - t1) / 1000 / 1e3;
        bench_sink(acc);
    }
    /* skill areas: a 20-unit, 60-degree sector and a circle of the same
     * radius at the same random places (same query boxes), interleaved */
    double tsec[BENCH_ROUNDS], tcir[BENCH_ROUNDS];
    for (int r = 0; r < BENCH_ROUNDS; r++) {
        uint32_t rs = 4242;
        int64_t acc = 0;
        double t0 = bench_now_ns();
        for (int k = 0; k < 1000; k++) {
            fc_vec2 c = fc_vec2_make((int32_t)(bench_xorshift32(&rs) % (1000u * UNIT)),
                                     (int32_t)(bench_xorshift32(&rs) % (1000u * UNIT)));
            fc_sector2 sec = fc_sector2_make(c, 20 * UNIT, (fc_angle)bench_xorshift32(&rs), 5461);
            const fc_body_id *got;
            int32_t ng;
            fc_world_overlap_sector2(w, &sec, fc_filter_default(), &got, &ng);
            acc += ng;
        }
        double t1 = bench_now_ns();
        rs = 4242;
        for (int k = 0; k < 1000; k++) {
            fc_shape2 q;
            memset(&q, 0, sizeof q);
            q.type = FC_SHAPE2_CIRCLE;
            q.u.circle.center = fc_vec2_make((int32_t)(bench_xorshift32(&rs) % (1000u * UNIT)),
                                             (int32_t)(bench_xorshift32(&rs) % (1000u * UNIT)));
            q.u.circle.radius = 20 * UNIT;
            (void)bench_xorshift32(&rs);
            const fc_body_id *got;
            int32_t ng;
            fc_world_overlap2(w, &q, fc_filter_default(), &got, &ng);
            acc += ng;
        }
        double t2 = bench_now_ns();
        tsec[r] = (t1 - t0) / 1000 / 1e3;
        tcir[r] = (t2 - t1) / 1000 / 1e3;
        bench_sink(acc);
    }
    bench_print("sector_query_10k", bench_median(tsec, BENCH_ROUNDS), "us/query");
    bench_print("circle_query_10k", bench_median(tcir, BENCH_ROUNDS), "us/query");
    bench_print("raycast_closest_10k", bench_median(tr, BENCH_ROUNDS), "us/ray");
    bench_print("raycast_all_10k", bench_median(ta, BENCH_ROUNDS), "us/ray");
    double cast_circle, cast_obb;
    bench_shapecast2(w, &cast_circle, &cast_obb);
    bench_print("shapecast_circle_closest_10k", cast_circle, "ns");
    bench_print("shapecast_obb2_closest_10k", cast_obb, "ns");
    bench_print("checksum_10k", bench_median(tc, BENCH_ROUNDS), "ms");
    bench_print("checksum_10k_share_of_frame", bench_median(share, BENCH_ROUNDS), "%");
    bench_print("checksum_10k_unchanged", bench_median(tu, BENCH_ROUNDS), "ms");
    bench_print("snapshot_10k", bench_median(ts, BENCH_ROUNDS), "ms");
    bench_print("snapshot_10k_bytes_per_body", (double)size / n, "B");
    bench_print("restore_10k", bench_median(tr_, BENCH_ROUNDS), "ms");
    free(buf);
    free(ids);
    fc_world_destroy(w);
    free(b);
}

void bench_broadphase(void)
{
    int32_t np = 0, sp = 0;
    bench_print("broadphase_w1_1k", bench_w1_world(1000, FC_QT_LOOSE, 0, &np), "ms/frame");
    bench_print("broadphase_w1_1k_bruteforce", run_brute(1000), "ms/frame");
    double w10 = bench_w1_world(10000, FC_QT_LOOSE, 0, &np), s10 = bench_w1_sap(10000, &sp);
    bench_print("broadphase_w1_10k", w10, "ms/frame");
    bench_print("broadphase_w1_10k_sap", s10, "ms/frame");
    bench_print("broadphase_w1_10k_vs_sap", w10 / s10, "x");
    bench_print("broadphase_w1_10k_pairs", np, "pairs");
    bench_print("broadphase_w1_10k_sap_pairs", sp, "pairs");
    bench_print("broadphase_w1_10k_strict", bench_w1_world(10000, FC_QT_STRICT, 0, &np), "ms/frame");
    bench_print("broadphase_lines_10k", bench_w1_world(10000, FC_QT_LOOSE, 1, &np), "ms/frame");
    bench_print("broadphase_lines_10k_strict", bench_w1_world(10000, FC_QT_STRICT, 1, &np), "ms/frame");
    double w50 = bench_w1_world(50000, FC_QT_LOOSE, 0, &np), s50 = bench_w1_sap(50000, &sp);
    bench_print("broadphase_w1_50k", w50, "ms/frame");
    bench_print("broadphase_w1_50k_sap", s50, "ms/frame");
    bench_print("broadphase_w1_50k_vs_sap", w50 / s50, "x");
    bench_print("broadphase_w1_50k_strict", bench_w1_world(50000, FC_QT_STRICT, 0, &np), "ms/frame");
    run_serial();
}
