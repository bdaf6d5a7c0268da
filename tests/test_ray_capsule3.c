/* SPDX-License-Identifier: MIT */
/* The ray against a 3D capsule (src/cast/ray_shape.c, the shape function
 * the world rays use) against the exact point cast: a ray o + t d is a
 * radius-0 sphere at o cast by d, and fc_cast3 of that sphere against the
 * capsule is checked against an independent exact oracle
 * (tests/check_capsule3_cast_oracle.py). Checks, on random rays and
 * capsules at every scale up to the range limits (the longest segments,
 * the largest radii, deltas of 2^30 raw, whose cylinder quadratic needs
 * q ~ 2^252: fc_rayt's wide form) and adversarial ones (along the axis,
 * tangent to the cylinder, through an end ball only, starting inside,
 * radius 0): hit / miss equal, the exact parameters equal
 * (fc_castt_cmp_exact of fc_castt_from_rayt == 0), fc_rayt_floor16 equals
 * the cast's t, and the order of two capsule parameters by fc_rayt_cmp
 * equals fc_castt_cmp's. --break: the should-fail twin - the wide part qh
 * of the ray parameter dropped; the checks must fail. */
#include <fixcol/cast.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cast/cast3d_internal.h"
#include "cast/ray_shape.h"
#include "testutil.h"

#define LIM ((int64_t)8192 * 65536)
#define SZ ((int64_t)4096 * 65536)

static int g_break;
static long n_hits, n_wide;

static int64_t rng_in(uint64_t *s, int64_t lo, int64_t hi)
{
    return lo + (int64_t)(tu_rand64(s) % (uint64_t)(hi - lo + 1));
}

static int64_t clampc(int64_t v)
{
    return v < -LIM ? -LIM : v > LIM ? LIM : v;
}

/* One ray against one capsule; *out the parameter on a hit (for ordering). */
static int check_one(const int64_t o[3], const int64_t d[3], const fc_shape3 *cap, fc_castt *out)
{
    fc_ray_seg r = {{o[0], o[1], o[2]}, {d[0], d[1], d[2]}};
    fc_rayt rt;
    int hit = fc_ray_shape3(&r, cap, &rt);
    fc_shape3 pt;
    memset(&pt, 0, sizeof pt);
    pt.type = FC_SHAPE3_SPHERE;
    pt.u.sphere.center = fc_vec3_make((fix16_t)o[0], (fix16_t)o[1], (fix16_t)o[2]);
    fc_vec3 dv = fc_vec3_make((fix16_t)d[0], (fix16_t)d[1], (fix16_t)d[2]);
    fc_cast3_hit h;
    int chit = -1;
    TU_CHECK(fc_cast3(&pt, dv, cap, &h, &chit) == FC_OK, "cast status");
    TU_CHECK(hit == chit, "ray hit %d, point cast %d", hit, chit);
    if (!hit || !chit)
        return 0;
    n_hits++;
    if (fc_i128_sign(rt.qh) != 0)
        n_wide++;
    if (g_break)
        rt.qh = fc_i128_from_i64(0);
    fc_castt ct, ft;
    fc_cast3_feat f;
    TU_CHECK(fc_cast3_exact(&pt, dv, cap, &ct, &f) == 1, "exact cast misses");
    ft = fc_castt_from_rayt(&rt);
    TU_CHECK(fc_castt_cmp_exact(&ft, &ct) == 0, "ray parameter differs from the point cast's");
    TU_CHECK(fc_rayt_floor16(&rt) == h.t, "ray floor %d, cast t %d", (int)fc_rayt_floor16(&rt), (int)h.t);
    *out = ct;
    return 1;
}

static fc_shape3 capsule(const int64_t a[3], const int64_t b[3], int64_t r)
{
    fc_shape3 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE3_CAPSULE;
    s.u.capsule.a = fc_vec3_make((fix16_t)a[0], (fix16_t)a[1], (fix16_t)a[2]);
    s.u.capsule.b = fc_vec3_make((fix16_t)b[0], (fix16_t)b[1], (fix16_t)b[2]);
    s.u.capsule.radius = (fix16_t)r;
    return s;
}

static void random_rays(long n, uint64_t seed)
{
    uint64_t s = seed;
    fc_castt prev;
    fc_rayt prev_r;
    int have_prev = 0;
    memset(&prev, 0, sizeof prev);
    memset(&prev_r, 0, sizeof prev_r);
    for (long i = 0; i < n; i++) {
        int64_t span = (int64_t)1 << (6 + tu_rand64(&s) % 24), a[3], b[3], o[3], d[3];
        if (span > LIM)
            span = LIM;
        for (int k = 0; k < 3; k++) {
            a[k] = rng_in(&s, -span, span);
            b[k] = clampc(a[k] + rng_in(&s, -2 * span, 2 * span));
            o[k] = rng_in(&s, -span, span);
        }
        int64_t r = tu_rand64(&s) % 5 == 0 ? 0 : rng_in(&s, 0, span < SZ ? span : SZ);
        for (int k = 0; k < 3; k++) /* aim near the segment */
            d[k] = (tu_rand64(&s) & 1 ? (a[k] + b[k]) / 2 - o[k] : a[k] - o[k]) * 2 + rng_in(&s, -span, span);
        if (i % 7 == 0) /* along the axis */
            for (int k = 0; k < 3; k++)
                o[k] = clampc(a[k] - (b[k] - a[k]) / 2), d[k] = 2 * (b[k] - a[k]);
        for (int k = 0; k < 3; k++)
            d[k] = d[k] < -2 * LIM ? -2 * LIM : d[k] > 2 * LIM ? 2 * LIM : d[k];
        fc_shape3 cap = capsule(a, b, r);
        if (fc_shape3_validate(&cap) != FC_OK)
            continue;
        fc_castt t;
        fc_ray_seg rs = {{o[0], o[1], o[2]}, {d[0], d[1], d[2]}};
        fc_rayt rt;
        if (check_one(o, d, &cap, &t) && fc_ray_shape3(&rs, &cap, &rt)) {
            if (g_break)
                rt.qh = fc_i128_from_i64(0);
            if (have_prev)
                TU_CHECK(fc_rayt_cmp(&rt, &prev_r) == fc_castt_cmp(&t, &prev), "order of two capsule rays");
            prev = t, prev_r = rt, have_prev = 1;
        }
    }
}

static void adversarial(void)
{
    const int64_t U = 65536;
    fc_castt t;
    /* range limits: the longest segment, the largest radius and delta */
    int64_t a[3] = {-LIM, -LIM, -LIM}, b[3] = {LIM, LIM, LIM}, o[3] = {LIM, -LIM, LIM}, d[3] = {-2 * LIM, 2 * LIM, -2 * LIM};
    fc_shape3 c = capsule(a, b, SZ);
    check_one(o, d, &c, &t);
    c = capsule(a, b, 0);
    check_one(o, d, &c, &t);
    int64_t o2[3] = {LIM, -LIM, -LIM}, d2[3] = {-2 * LIM, 2 * LIM, 2 * LIM - 3};
    check_one(o2, d2, &c, &t);
    /* tangent to the cylinder (distance exactly r), and 1 raw beyond */
    int64_t a3[3] = {0, 0, 0}, b3[3] = {10 * U, 0, 0}, o3[3] = {5 * U, -9 * U, 2 * U}, d3[3] = {0, 18 * U, 0};
    for (int64_t r = 2 * U - 1; r <= 2 * U + 1; r++) {
        c = capsule(a3, b3, r);
        check_one(o3, d3, &c, &t);
    }
    /* through an end ball only; starting inside; along the axis */
    int64_t o4[3] = {-3 * U, -9 * U, 0}, d4[3] = {U, 18 * U, 0};
    c = capsule(a3, b3, 2 * U);
    check_one(o4, d4, &c, &t);
    int64_t o5[3] = {U, U, 0}, d5[3] = {U, 9 * U, 3};
    check_one(o5, d5, &c, &t);
    int64_t o6[3] = {-9 * U, 0, 0}, d6[3] = {30 * U, 0, 0};
    check_one(o6, d6, &c, &t);
    c = capsule(a3, a3, U); /* zero length: a sphere */
    check_one(o6, d6, &c, &t);
}

int main(int argc, char **argv)
{
    long n = 20000;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--run") == 0 && i + 1 < argc)
            n = atol(argv[++i]);
        else if (strcmp(argv[i], "--break") == 0)
            g_break = 1;
    }
    adversarial();
    random_rays(n, 0x29ca95u);
    printf("test_ray_capsule3: %ld rays, %ld hits, %ld with a wide parameter\n", n, n_hits, n_wide);
    return tu_finish(g_break ? "test_ray_capsule3 --break" : "test_ray_capsule3");
}
