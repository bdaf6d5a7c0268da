/* SPDX-License-Identifier: MIT */
/* obb2: OBB-vs-OBB overlap and contact, fixcol against a plain float
 * implementation of the same 4-axis SAT (the baseline), same 1M pairs, same
 * run. Workload: boxes with half-extents 0.5..2 units, centres in a
 * 1000 x 1000 world, B's centre 0..5.8 units from A's (about half the pairs
 * overlap), random angles; xorshift32 seed 12345. */
#include "bench.h"

#include <math.h>
#include <stdlib.h>
#include <fixcol/collide2d.h>

#define PAIRS 1000000

/* The float box has fc_obb2's layout (centre, half-extents, angle, cos, sin:
 * 28 bytes), so both sides stream the same amount of memory. */
typedef struct fbox {
    float cx, cy, hx, hy, angle, c, s;
} fbox;

/* The float baseline: 4-axis SAT, axes (c, s), (-s, c) of each box. */
/* Not inlined, like the library call it is compared with. */
BENCH_NOINLINE static int float_overlap(const fbox *a, const fbox *b)
{
    float dx = b->cx - a->cx, dy = b->cy - a->cy;
    float rc = fabsf(a->c * b->c + a->s * b->s), rs = fabsf(a->s * b->c - a->c * b->s);
    if (fabsf(dx * a->c + dy * a->s) > a->hx + b->hx * rc + b->hy * rs)
        return 0;
    if (fabsf(dy * a->c - dx * a->s) > a->hy + b->hx * rs + b->hy * rc)
        return 0;
    if (fabsf(dx * b->c + dy * b->s) > b->hx + a->hx * rc + a->hy * rs)
        return 0;
    if (fabsf(dy * b->c - dx * b->s) > b->hy + a->hx * rs + a->hy * rc)
        return 0;
    return 1;
}

static float unit_rand(uint32_t *seed) { return (float)(bench_xorshift32(seed) >> 8) / 16777216.0f; }

static fc_obb2 to_fixed(const fbox *f, fc_angle angle)
{
    fc_vec2 c = fc_vec2_make((fix16_t)lroundf(f->cx * 65536.0f), (fix16_t)lroundf(f->cy * 65536.0f));
    fc_vec2 h = fc_vec2_make((fix16_t)lroundf(f->hx * 65536.0f), (fix16_t)lroundf(f->hy * 65536.0f));
    return fc_obb2_make(c, h, angle);
}

/* Median ns per pair of the three loops over n pairs, each repeated reps
 * times per round, and the medians over rounds of the per-round ratios
 * overlap / float and contact / overlap (robust when the machine's load
 * changes between rounds). */
static void time_pairs(const fc_obb2 *fa, const fc_obb2 *fb, const fbox *ga, const fbox *gb, int n, int reps,
                       double *ov, double *ct, double *fl, double *ratio, double *ct_ratio)
{
    double t_ov[BENCH_ROUNDS], t_ct[BENCH_ROUNDS], t_fl[BENCH_ROUNDS], t_ratio[BENCH_ROUNDS], t_ct_ratio[BENCH_ROUNDS];
    for (int r = 0; r < BENCH_ROUNDS; r++) {
        int64_t acc = 0;
        fc_contact2_result c;
        double t0 = bench_now_ns();
        for (int k = 0; k < reps; k++)
            for (int i = 0; i < n; i++)
                acc += fc_overlap_obb2_obb2(&fa[i], &fb[i]);
        double t1 = bench_now_ns();
        for (int k = 0; k < reps; k++)
            for (int i = 0; i < n; i++)
                acc += fc_contact_obb2_obb2(&fa[i], &fb[i], &c) + c.depth;
        double t2 = bench_now_ns();
        for (int k = 0; k < reps; k++)
            for (int i = 0; i < n; i++)
                acc += float_overlap(&ga[i], &gb[i]);
        double t3 = bench_now_ns();
        bench_sink(acc);
        double total = (double)n * reps;
        t_ov[r] = (t1 - t0) / total, t_ct[r] = (t2 - t1) / total, t_fl[r] = (t3 - t2) / total;
        t_ratio[r] = t_ov[r] / t_fl[r];
        t_ct_ratio[r] = t_ct[r] / t_ov[r];
    }
    *ratio = bench_median(t_ratio, BENCH_ROUNDS);
    *ct_ratio = bench_median(t_ct_ratio, BENCH_ROUNDS);
    *ov = bench_median(t_ov, BENCH_ROUNDS);
    *ct = bench_median(t_ct, BENCH_ROUNDS);
    *fl = bench_median(t_fl, BENCH_ROUNDS);
}

void bench_obb2(void)
{
    fc_obb2 *fa = malloc(sizeof *fa * PAIRS), *fb = malloc(sizeof *fb * PAIRS);
    fbox *ga = malloc(sizeof *ga * PAIRS), *gb = malloc(sizeof *gb * PAIRS);
    if (!fa || !fb || !ga || !gb)
        abort();
    uint32_t seed = 12345;
    for (int i = 0; i < PAIRS; i++) {
        fbox a, b;
        a.cx = unit_rand(&seed) * 1000.0f, a.cy = unit_rand(&seed) * 1000.0f;
        a.hx = 0.5f + 1.5f * unit_rand(&seed), a.hy = 0.5f + 1.5f * unit_rand(&seed);
        b.hx = 0.5f + 1.5f * unit_rand(&seed), b.hy = 0.5f + 1.5f * unit_rand(&seed);
        float dist = 5.8f * unit_rand(&seed), dir = 6.2831853f * unit_rand(&seed);
        b.cx = a.cx + dist * cosf(dir), b.cy = a.cy + dist * sinf(dir);
        fc_angle aa = (fc_angle)bench_xorshift32(&seed), ab = (fc_angle)bench_xorshift32(&seed);
        fa[i] = to_fixed(&a, aa);
        fb[i] = to_fixed(&b, ab);
        /* The float boxes are the fixed ones converted back (same geometry). */
        a.cx = fa[i].center.x / 65536.0f, a.cy = fa[i].center.y / 65536.0f;
        a.hx = fa[i].half.x / 65536.0f, a.hy = fa[i].half.y / 65536.0f;
        a.c = fa[i].rot.c / 65536.0f, a.s = fa[i].rot.s / 65536.0f, a.angle = aa * (6.2831853f / 65536.0f);
        b.cx = fb[i].center.x / 65536.0f, b.cy = fb[i].center.y / 65536.0f;
        b.hx = fb[i].half.x / 65536.0f, b.hy = fb[i].half.y / 65536.0f;
        b.c = fb[i].rot.c / 65536.0f, b.s = fb[i].rot.s / 65536.0f, b.angle = ab * (6.2831853f / 65536.0f);
        ga[i] = a, gb[i] = b;
    }
    double ov, ct, fl, ratio, ct_ratio;
    time_pairs(fa, fb, ga, gb, PAIRS, 1, &ov, &ct, &fl, &ratio, &ct_ratio);
    bench_print("obb2_overlap_fixcol", ov, "ns/pair");
    bench_print("obb2_contact_fixcol", ct, "ns/pair");
    bench_print("obb2_overlap_float", fl, "ns/pair");
    bench_print("obb2_overlap_vs_float", ratio, "x");
    bench_print("obb2_contact_vs_overlap", ct_ratio, "x");
    /* The first 10k pairs (in cache) 100 times: the arithmetic alone. */
    time_pairs(fa, fb, ga, gb, 10000, 100, &ov, &ct, &fl, &ratio, &ct_ratio);
    bench_print("obb2_overlap_fixcol_in_cache", ov, "ns/pair");
    bench_print("obb2_contact_fixcol_in_cache", ct, "ns/pair");
    bench_print("obb2_overlap_float_in_cache", fl, "ns/pair");
    bench_print("obb2_overlap_vs_float_in_cache", ratio, "x");
    bench_print("obb2_contact_vs_overlap_in_cache", ct_ratio, "x");
    long hits_fc = 0, differ = 0;
    for (int i = 0; i < PAIRS; i++) {
        int x = fc_overlap_obb2_obb2(&fa[i], &fb[i]), y = float_overlap(&ga[i], &gb[i]);
        hits_fc += x, differ += x != y;
    }
    bench_print("obb2_overlap_fraction", (double)hits_fc / PAIRS, "of pairs");
    bench_print("obb2_float_disagreements", (double)differ, "pairs");
    free(fa), free(fb), free(ga), free(gb);
}
