/* SPDX-License-Identifier: MIT */
/* obb3: fixcol's exact OBB3/OBB3 overlap and contact against the seed
 * article's test (004: 15 axes, all 8 vertices of each box projected on each
 * axis) in double, on the same boxes in the same run. Boxes: random
 * yaw/pitch/roll, centres within +-24 units, half-extents 1..32 units, so
 * about half of the pairs overlap. */
#include "bench.h"

#include <fixcol/collide3d.h>

#define PAIRS 4096
#define REPEAT 64

typedef struct dobb {
    double ax[3][3];
    double v[8][3];
} dobb;

/* The seed's box: axes plus its 8 vertices, built once (as its Set() does). */
static dobb to_double(const fc_obb3 *b)
{
    dobb r;
    double c[3] = {b->center.x / 65536.0, b->center.y / 65536.0, b->center.z / 65536.0};
    double h[3] = {b->half.x / 65536.0, b->half.y / 65536.0, b->half.z / 65536.0};
    for (int i = 0; i < 3; i++) {
        r.ax[i][0] = b->axis[i].x / 65536.0;
        r.ax[i][1] = b->axis[i].y / 65536.0;
        r.ax[i][2] = b->axis[i].z / 65536.0;
    }
    for (int k = 0; k < 8; k++)
        for (int c3 = 0; c3 < 3; c3++) {
            r.v[k][c3] = c[c3];
            for (int i = 0; i < 3; i++)
                r.v[k][c3] += ((k >> i) & 1 ? h[i] : -h[i]) * r.ax[i][c3];
        }
    return r;
}

static int separated_on(const dobb *a, const dobb *b, const double n[3])
{
    double mina = 0, maxa = 0, minb = 0, maxb = 0;
    for (int k = 0; k < 8; k++) {
        double pa = a->v[k][0] * n[0] + a->v[k][1] * n[1] + a->v[k][2] * n[2];
        double pb = b->v[k][0] * n[0] + b->v[k][1] * n[1] + b->v[k][2] * n[2];
        if (k == 0 || pa < mina) mina = pa;
        if (k == 0 || pa > maxa) maxa = pa;
        if (k == 0 || pb < minb) minb = pb;
        if (k == 0 || pb > maxb) maxb = pb;
    }
    return mina > maxb || minb > maxa;
}

static int seed_overlap(const dobb *a, const dobb *b)
{
    for (int i = 0; i < 3; i++)
        if (separated_on(a, b, a->ax[i]) || separated_on(a, b, b->ax[i]))
            return 0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            const double *u = a->ax[i], *w = b->ax[j];
            double n[3] = {u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]};
            if (separated_on(a, b, n))
                return 0;
        }
    return 1;
}

static fix16_t rnd_range(uint32_t *s, int32_t lo, int32_t hi)
{
    return (fix16_t)(lo + (int32_t)(bench_xorshift32(s) % (uint32_t)(hi - lo + 1)));
}

void bench_obb3(void)
{
    static fc_obb3 boxes[PAIRS * 2];
    static dobb dboxes[PAIRS * 2];
    uint32_t seed = 4004;
    for (int i = 0; i < PAIRS * 2; i++) {
        /* One draw per statement: argument evaluation order is unspecified. */
        fix16_t v[6];
        for (int k = 0; k < 6; k++)
            v[k] = k < 3 ? rnd_range(&seed, -24 * 65536, 24 * 65536) : rnd_range(&seed, 1 << 16, 32 << 16);
        fc_angle ang[3];
        for (int k = 0; k < 3; k++)
            ang[k] = (fc_angle)bench_xorshift32(&seed);
        fc_obb3_from_euler(fc_vec3_make(v[0], v[1], v[2]), fc_vec3_make(v[3], v[4], v[5]), ang[0], ang[1], ang[2],
                           &boxes[i]);
        dboxes[i] = to_double(&boxes[i]);
    }
    double t_ov[BENCH_ROUNDS], t_ct[BENCH_ROUNDS], t_fl[BENCH_ROUNDS];
    int64_t hits = 0, differ = 0;
    for (int i = 0; i < PAIRS; i++) {
        int e = fc_overlap_obb3_obb3(&boxes[2 * i], &boxes[2 * i + 1]);
        hits += e;
        differ += e != seed_overlap(&dboxes[2 * i], &dboxes[2 * i + 1]);
    }
    for (int r = 0; r < BENCH_ROUNDS; r++) {
        int64_t acc = 0;
        double t0 = bench_now_ns();
        for (int k = 0; k < REPEAT; k++)
            for (int i = 0; i < PAIRS; i++)
                acc += fc_overlap_obb3_obb3(&boxes[2 * i], &boxes[2 * i + 1]);
        double t1 = bench_now_ns();
        for (int k = 0; k < REPEAT; k++)
            for (int i = 0; i < PAIRS; i++) {
                fc_contact3_result c;
                if (fc_contact_obb3_obb3(&boxes[2 * i], &boxes[2 * i + 1], &c))
                    acc += c.depth ^ c.normal.x ^ c.point.y;
            }
        double t2 = bench_now_ns();
        for (int k = 0; k < REPEAT; k++)
            for (int i = 0; i < PAIRS; i++)
                acc += seed_overlap(&dboxes[2 * i], &dboxes[2 * i + 1]);
        double t3 = bench_now_ns();
        bench_sink(acc);
        t_ov[r] = (t1 - t0) / (REPEAT * PAIRS);
        t_ct[r] = (t2 - t1) / (REPEAT * PAIRS);
        t_fl[r] = (t3 - t2) / (REPEAT * PAIRS);
    }
    bench_print("obb3_overlap_fixcol", bench_median(t_ov, BENCH_ROUNDS), "ns/pair");
    bench_print("obb3_contact_fixcol", bench_median(t_ct, BENCH_ROUNDS), "ns/pair");
    bench_print("obb3_overlap_float", bench_median(t_fl, BENCH_ROUNDS), "ns/pair");
    bench_print("obb3_overlapping_pairs", (double)hits * 100.0 / PAIRS, "%");
    bench_print("obb3_float_disagreements", (double)differ, "pairs");
}
