/* SPDX-License-Identifier: MIT */
/* The casts' integer filters (issue 29 deliverable 6: cached enclosures in
 * the parameter comparisons, enclosure-decided floors, the pieces skipped
 * once surely after the best) change no answer: this program casts random
 * and adversarial 2D and 3D pairs (fc_cast2, fc_cast3) and prints a digest
 * of every (status, hit, t, normal). tests/meson.build builds it three
 * times and compares the digests:
 *   - against the library (the filters on);
 *   - with the cast files compiled -DFC_CAST_NO_FILTER (the unfiltered
 *     exact path: every comparison and floor by big integers);
 *   - the should-fail twin: the enclosure compiled -DFC_CASTT_BOUND_TWIN
 *     (its upper end 2^9 units too low), whose digest must differ; and
 *     the product filter of cast2d_round.c compiled -DFC_CAST_PROD_TWIN
 *     (its upper end a relative 2^-20 too low), likewise.
 * Adversarial cases straddle the filters' thresholds: entry times exactly
 * k / 2^j (gaps of whole raw units), 1 raw either side, circles into box
 * corners (a disc and two bands entered at the same t), grazing passes at
 * the touching distance +- 1 raw (zero discriminants), edge-parallel
 * capsules and boxes (equal entries of several pieces), touching at t = 0
 * and t = 1.
 *
 *   test_cast_filter_digest [--cases N] [--seed S] */
#include <fixcol/cast.h>

#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "world_fixture.h"

static uint64_t digest = 0xcbf29ce484222325u;
static long n_cases, n_hits;

static void mix(int64_t v)
{
    for (int i = 0; i < 8; i++) {
        digest ^= (uint64_t)v >> (8 * i) & 0xFFu;
        digest *= 0x100000001b3u;
    }
}

static void cast2(const fc_shape2 *a, fc_vec2 d, const fc_shape2 *b)
{
    fc_cast2_hit h;
    memset(&h, 0, sizeof h);
    int hit = 0;
    fc_status st = fc_cast2(a, d, b, &h, &hit);
    mix(st);
    mix(hit);
    if (st == FC_OK && hit) {
        mix(h.t), mix(h.normal.x), mix(h.normal.y);
        n_hits++;
    }
    n_cases++;
}

static void cast3(const fc_shape3 *a, fc_vec3 d, const fc_shape3 *b)
{
    fc_cast3_hit h;
    memset(&h, 0, sizeof h);
    int hit = 0;
    fc_status st = fc_cast3(a, d, b, &h, &hit);
    mix(st);
    mix(hit);
    if (st == FC_OK && hit) {
        mix(h.t), mix(h.normal.x), mix(h.normal.y), mix(h.normal.z);
        n_hits++;
    }
    n_cases++;
}

static fc_shape2 circle(int32_t x, int32_t y, int32_t r)
{
    fc_shape2 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE2_CIRCLE;
    s.u.circle = fc_circle_make(fc_vec2_make(x, y), r);
    return s;
}

static fc_shape2 box(int32_t x0, int32_t y0, int32_t x1, int32_t y1)
{
    fc_shape2 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE2_AABB;
    s.u.aabb = fc_aabb2_make(fc_vec2_make(x0, y0), fc_vec2_make(x1, y1));
    return s;
}

static fc_shape2 capsule(int32_t ax, int32_t ay, int32_t bx, int32_t by, int32_t r)
{
    fc_shape2 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE2_CAPSULE;
    s.u.capsule = fc_capsule2_make(fc_vec2_make(ax, ay), fc_vec2_make(bx, by), r);
    return s;
}

/* 2D cases whose entry time is k / 2^j or 1 raw off it */
static void adversarial2(uint64_t *s)
{
    int32_t r = wf_rand(s, 1, 2 * WF_U), g = wf_rand(s, 1, 3 * WF_U), h = wf_rand(s, 1, 2 * WF_U);
    int32_t off = wf_rand(s, -1, 1), j = wf_rand(s, 0, 6), dy = tu_rand64(s) % 2 ? 0 : wf_rand(s, -WF_U, WF_U);
    fc_vec2 d = fc_vec2_make((g + off) << j, dy);
    /* a circle into a box face, its corner (disc and bands tie), a capsule
     * parallel to the face, a box face on */
    fc_shape2 c = circle(0, 0, r), b = box(r + g, -h, r + g + h, h);
    cast2(&c, d, &b);
    fc_shape2 corner = box(r + g, r, r + g + h, r + h);
    cast2(&c, fc_vec2_make(d.x, d.x), &corner);
    fc_shape2 k = capsule(0, -h, 0, h, r);
    cast2(&k, d, &b);
    fc_shape2 k2 = capsule(r + g, -h, r + g, h, wf_rand(s, 1, WF_U));
    cast2(&k, d, &k2);
    fc_shape2 a = box(-r, -h, 0, h);
    fc_shape2 b2 = box(g, -h + off, g + h, h + off);
    cast2(&a, fc_vec2_make(g << j, 0), &b2);
    /* grazing: a circle passing another at exactly the touching distance,
     * or 1 raw nearer / farther (a zero or tiny discriminant), and a box
     * corner at the same offsets */
    int32_t r2 = wf_rand(s, 1, 2 * WF_U), x = wf_rand(s, r + r2 + 1, 6 * WF_U);
    fc_shape2 graze = circle(x, r + r2 + off, r2);
    cast2(&c, fc_vec2_make(2 * x, 0), &graze);
    fc_shape2 graze_box = box(x, r + off, x + h, r + off + h);
    cast2(&c, fc_vec2_make(2 * x, 0), &graze_box);
    fc_shape2 graze_k = capsule(x, r + r2 + off, x + h, r + r2 + off + h, r2);
    cast2(&k, fc_vec2_make(2 * x, 0), &graze_k);
    /* grazing off the axes: along (3, 4) past a circle whose centre is
     * (r1 + r2 + off / 5) from the line (Pythagorean: the distance exact) */
    int32_t a1 = wf_rand(s, 1, WF_U / 4), a2 = wf_rand(s, 1, WF_U / 4), m = wf_rand(s, a1 + a2 + 1, WF_U);
    int32_t jj = a1 + a2;
    fc_shape2 c5 = circle(0, 0, 5 * a1);
    fc_shape2 g5 = circle(3 * m - 4 * jj - 4 * off, 4 * m + 3 * jj + 3 * off, 5 * a2);
    cast2(&c5, fc_vec2_make(6 * m, 8 * m), &g5);
    /* touching at t = 0 and exactly at t = 1 */
    fc_shape2 t0 = circle(2 * r, 0, r);
    cast2(&c, d, &t0);
    fc_shape2 t1 = circle(2 * r + g, 0, r);
    cast2(&c, fc_vec2_make(g, 0), &t1);
}

static void adversarial3(uint64_t *s)
{
    int32_t r = wf_rand(s, 1, 2 * WF_U), g = wf_rand(s, 1, 3 * WF_U), h = wf_rand(s, 1, 2 * WF_U);
    int32_t off = wf_rand(s, -1, 1), j = wf_rand(s, 0, 6);
    fc_shape3 a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    a.type = FC_SHAPE3_SPHERE;
    fc_sphere_make(fc_vec3_make(0, 0, 0), r, &a.u.sphere);
    b.type = FC_SHAPE3_AABB;
    fc_aabb3_make(fc_vec3_make(r + g, -h, -h), fc_vec3_make(r + g + h, h, h), &b.u.aabb);
    cast3(&a, fc_vec3_make((g + off) << j, 0, 0), &b);
    fc_aabb3_make(fc_vec3_make(r + g, r, r), fc_vec3_make(r + g + h, r + h, r + h), &b.u.aabb);
    cast3(&a, fc_vec3_make((g + off) << j, (g + off) << j, (g + off) << j), &b);
    fc_shape3 c;
    memset(&c, 0, sizeof c);
    c.type = FC_SHAPE3_SPHERE;
    fc_sphere_make(fc_vec3_make(2 * r + g, 0, 0), r, &c.u.sphere);
    cast3(&a, fc_vec3_make(g << j, 0, 0), &c);
}

int main(int argc, char **argv)
{
    long cases = 20000;
    uint64_t seed = 0x29d16e57;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--cases") == 0)
            cases = atol(argv[i + 1]);
        else if (strcmp(argv[i], "--seed") == 0)
            seed = strtoull(argv[i + 1], NULL, 0);
    }
    uint64_t s = seed;
    for (long i = 0; i < cases; i++) {
        fc_shape2 a = wf_shape2(&s, 12), b = wf_shape2(&s, 12);
        cast2(&a, fc_vec2_make(wf_rand(&s, -16 * WF_U, 16 * WF_U), wf_rand(&s, -16 * WF_U, 16 * WF_U)), &b);
        fc_shape3 a3 = wf_shape3(&s, 12), b3 = wf_shape3(&s, 12);
        cast3(&a3, fc_vec3_make(wf_rand(&s, -16 * WF_U, 16 * WF_U), wf_rand(&s, -8 * WF_U, 8 * WF_U),
                                wf_rand(&s, -16 * WF_U, 16 * WF_U)), &b3);
        adversarial2(&s);
        adversarial3(&s);
    }
    printf("casts %ld hits %ld digest %016llx\n", n_cases, n_hits, (unsigned long long)digest);
    return 0;
}
