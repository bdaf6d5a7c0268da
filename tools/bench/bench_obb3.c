/* SPDX-License-Identifier: MIT */
/* obb3: fixcol's exact 3D box overlap and contact against float baselines
 * on the same boxes in the same run:
 *   - the seed article's test (004: 15 axes, all 8 vertices of each box
 *     projected on each axis) in double, on the base workload;
 *   - the standard float 15-axis test (Ericson 4.4.1, bench_obb3_float.c) on
 *     three workloads: base (seed 4004, centres within +-24 units, ~70%
 *     overlapping), survivors (centres within +-64 units, only pairs whose
 *     world bounding boxes overlap: what a broadphase hands over) and deep
 *     (centres within +-6 units, mostly overlapping);
 *   - AABB3/OBB3 (box A as an AABB3 of the same centre and extents) and
 *     sphere/OBB3 (a sphere at A's centre, radius A's first half-extent)
 *     against the same float tests on the base boxes.
 * Every box: random yaw/pitch/roll, half-extents 1..32 units. Ratios are the
 * median of the per-round ratios (fixcol / float). */
#include "bench.h"

#include <fixcol/collide3d.h>

#include "bench_obb3_float.h"

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

/* A random box: centre within +-pos units, half-extents 1..32 units, random
 * yaw/pitch/roll. */
static fc_obb3 rnd_box(uint32_t *seed, int32_t pos)
{
    /* One draw per statement: argument evaluation order is unspecified. */
    fix16_t v[6];
    for (int k = 0; k < 6; k++)
        v[k] = k < 3 ? rnd_range(seed, -pos * 65536, pos * 65536) : rnd_range(seed, 1 << 16, 32 << 16);
    fc_angle ang[3];
    for (int k = 0; k < 3; k++)
        ang[k] = (fc_angle)bench_xorshift32(seed);
    fc_obb3 b;
    fc_obb3_from_euler(fc_vec3_make(v[0], v[1], v[2]), fc_vec3_make(v[3], v[4], v[5]), ang[0], ang[1], ang[2], &b);
    return b;
}

/* The box's world-axis extent along coordinate c (raw, rounded up). */
static int64_t extent(const fc_obb3 *b, int c)
{
    int64_t h[3] = {b->half.x, b->half.y, b->half.z}, e = 0;
    for (int i = 0; i < 3; i++) {
        int64_t a = c == 0 ? b->axis[i].x : c == 1 ? b->axis[i].y : b->axis[i].z;
        e += h[i] * (a < 0 ? -a : a);
    }
    return (e >> 16) + 1;
}

static int bounds_overlap(const fc_obb3 *a, const fc_obb3 *b)
{
    for (int c = 0; c < 3; c++) {
        int64_t ca = c == 0 ? a->center.x : c == 1 ? a->center.y : a->center.z;
        int64_t cb = c == 0 ? b->center.x : c == 1 ? b->center.y : b->center.z;
        int64_t d = ca - cb;
        if ((d < 0 ? -d : d) > extent(a, c) + extent(b, c))
            return 0;
    }
    return 1;
}

typedef struct pairset {
    fc_obb3 a[PAIRS], b[PAIRS];
    fbox fa[PAIRS], fb[PAIRS];
} pairset;

/* PAIRS pairs of boxes within +-pos units; survivors_only keeps only pairs
 * whose world bounding boxes overlap (what a broadphase hands over). */
static void make_pairs(pairset *p, uint32_t seed, int32_t pos, int survivors_only)
{
    for (int i = 0; i < PAIRS;) {
        p->a[i] = rnd_box(&seed, pos);
        p->b[i] = rnd_box(&seed, pos);
        if (survivors_only && !bounds_overlap(&p->a[i], &p->b[i]))
            continue;
        p->fa[i] = bench_fbox(&p->a[i]);
        p->fb[i] = bench_fbox(&p->b[i]);
        i++;
    }
}

/* A box's AABB3 with the same centre and half-extents (the AABB3/OBB3 pair). */
static fc_aabb3 as_aabb(const fc_obb3 *b)
{
    fc_aabb3 r;
    r.min = fc_vec3_make(b->center.x - b->half.x, b->center.y - b->half.y, b->center.z - b->half.z);
    r.max = fc_vec3_make(b->center.x + b->half.x, b->center.y + b->half.y, b->center.z + b->half.z);
    return r;
}

static fbox identity_fbox(const fbox *b)
{
    fbox r = *b;
    for (int i = 0; i < 3; i++)
        for (int c = 0; c < 3; c++)
            r.u[i][c] = i == c ? 1.0f : 0.0f;
    return r;
}

enum { KIND_OBB, KIND_AABB, KIND_SPHERE };

/* One pair of workload p as kind: fixcol's answer (exact) or the float one. */
static BENCH_NOINLINE int fixcol_pair(const pairset *p, int kind, int i)
{
    if (kind == KIND_OBB)
        return fc_overlap_obb3_obb3(&p->a[i], &p->b[i]);
    if (kind == KIND_AABB) {
        fc_aabb3 x = as_aabb(&p->a[i]);
        return fc_overlap_aabb3_obb3(&x, &p->b[i]);
    }
    fc_sphere s = {p->a[i].center, p->a[i].half.x};
    return fc_overlap_sphere_obb3(&s, &p->b[i]);
}

static BENCH_NOINLINE int float_pair(const pairset *p, int kind, int i)
{
    if (kind == KIND_OBB)
        return bench_ericson_obb(&p->fa[i], &p->fb[i]);
    if (kind == KIND_AABB) {
        fbox x = identity_fbox(&p->fa[i]);
        return bench_ericson_obb(&x, &p->fb[i]);
    }
    return bench_float_sphere_obb(p->fa[i].c, p->fa[i].e[0], &p->fb[i]);
}

/* Times fixcol and the float test on the same pairs, interleaved per round;
 * prints NAME_fixcol..., the float time, the median per-round ratio, the
 * float disagreements and (overlap != NULL) the overlapping share. */
static void compare(const pairset *p, int kind, const char *names[5])
{
    double t_fx[BENCH_ROUNDS], t_fl[BENCH_ROUNDS], t_ratio[BENCH_ROUNDS];
    int64_t hits = 0, differ = 0;
    for (int i = 0; i < PAIRS; i++) {
        int e = fixcol_pair(p, kind, i);
        hits += e;
        differ += e != float_pair(p, kind, i);
    }
    for (int r = 0; r < BENCH_ROUNDS; r++) {
        int64_t acc = 0;
        double t0 = bench_now_ns();
        for (int k = 0; k < REPEAT; k++)
            for (int i = 0; i < PAIRS; i++)
                acc += fixcol_pair(p, kind, i);
        double t1 = bench_now_ns();
        for (int k = 0; k < REPEAT; k++)
            for (int i = 0; i < PAIRS; i++)
                acc += float_pair(p, kind, i);
        double t2 = bench_now_ns();
        bench_sink(acc);
        t_fx[r] = (t1 - t0) / (REPEAT * PAIRS);
        t_fl[r] = (t2 - t1) / (REPEAT * PAIRS);
        t_ratio[r] = t_fx[r] / t_fl[r];
    }
    bench_print(names[0], bench_median(t_fx, BENCH_ROUNDS), "ns/pair");
    bench_print(names[1], bench_median(t_fl, BENCH_ROUNDS), "ns/pair");
    bench_print(names[2], bench_median(t_ratio, BENCH_ROUNDS), "x");
    bench_print(names[3], (double)differ, "pairs");
    if (names[4])
        bench_print(names[4], (double)hits * 100.0 / PAIRS, "%");
}

void bench_obb3(void)
{
    static fc_obb3 boxes[PAIRS * 2];
    static dobb dboxes[PAIRS * 2];
    static pairset base, survivors, deep;
    uint32_t seed = 4004;
    for (int i = 0; i < PAIRS * 2; i++) {
        boxes[i] = rnd_box(&seed, 24);
        dboxes[i] = to_double(&boxes[i]);
    }
    for (int i = 0; i < PAIRS; i++) {
        base.a[i] = boxes[2 * i], base.b[i] = boxes[2 * i + 1];
        base.fa[i] = bench_fbox(&base.a[i]), base.fb[i] = bench_fbox(&base.b[i]);
    }
    make_pairs(&survivors, 5005, 64, 1);
    make_pairs(&deep, 6006, 6, 0);
    double t_ct[BENCH_ROUNDS], t_fl[BENCH_ROUNDS], t_ov[BENCH_ROUNDS];
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
    const char *n_base[5] = {"obb3_overlap_fixcol_base", "obb3_overlap_float_ericson", "obb3_overlap_vs_ericson",
                             "obb3_ericson_disagreements", NULL};
    const char *n_surv[5] = {"obb3_overlap_fixcol_survivors", "obb3_overlap_float_ericson_survivors",
                             "obb3_overlap_vs_ericson_survivors", "obb3_ericson_disagreements_survivors",
                             "obb3_overlapping_pairs_survivors"};
    const char *n_deep[5] = {"obb3_overlap_fixcol_deep", "obb3_overlap_float_ericson_deep",
                             "obb3_overlap_vs_ericson_deep", "obb3_ericson_disagreements_deep",
                             "obb3_overlapping_pairs_deep"};
    const char *n_aabb[5] = {"aabb3_obb3_overlap_fixcol", "aabb3_obb3_overlap_float_ericson",
                             "aabb3_obb3_overlap_vs_ericson", "aabb3_obb3_ericson_disagreements",
                             "aabb3_obb3_overlapping_pairs"};
    const char *n_sph[5] = {"sphere_obb3_overlap_fixcol", "sphere_obb3_overlap_float", "sphere_obb3_overlap_vs_float",
                            "sphere_obb3_float_disagreements", "sphere_obb3_overlapping_pairs"};
    compare(&base, KIND_OBB, n_base);
    compare(&survivors, KIND_OBB, n_surv);
    compare(&deep, KIND_OBB, n_deep);
    compare(&base, KIND_AABB, n_aabb);
    compare(&base, KIND_SPHERE, n_sph);
}
