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
 *     (its upper end a relative 2^-20 too low), likewise; and the 3D piece
 *     filter (fc_c3_piece_skipped, cast3d_round.c) compiled
 *     -DFC_C3_PIECE_BOUND_TWIN (each piece's lower bound 2^-20 too high).
 * 3D capsule cases (the piece filter of cast3d_capsule.c and of the
 * rounded box's search): a capsule moving against a sphere, AABB3, OBB3
 * and capsule and each of them moving against a capsule, random at four
 * scales (64 raw to 2^24 raw), and adversarial: touching at t = 0, exactly
 * at t = 1 and 1 raw short, segments parallel to a box face and edges
 * (equal entries of endpoints, corners and edges), grazing a face, an edge
 * or a capsule at the touching distance +- 1 raw, a tilted capsule whose
 * later piece is earlier by a few raw.
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

/* ---- the 3D capsule's piece filter (src/cast/cast3d_capsule.c) */

static fc_shape3 cap3(int32_t ax, int32_t ay, int32_t az, int32_t bx, int32_t by, int32_t bz, int32_t r)
{
    fc_shape3 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE3_CAPSULE;
    s.u.capsule.a = fc_vec3_make(ax, ay, az);
    s.u.capsule.b = fc_vec3_make(bx, by, bz);
    s.u.capsule.radius = r;
    return s;
}

static fc_shape3 aabb3(int32_t x0, int32_t y0, int32_t z0, int32_t x1, int32_t y1, int32_t z1)
{
    fc_shape3 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE3_AABB;
    s.u.aabb.min = fc_vec3_make(x0, y0, z0);
    s.u.aabb.max = fc_vec3_make(x1, y1, z1);
    return s;
}

/* The same box as an OBB3 (axes e_0, e_1, e_2: the OBB path's integers). */
static fc_shape3 obb_of(const fc_shape3 *b)
{
    fc_shape3 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE3_OBB;
    const fc_aabb3 *a = &b->u.aabb;
    fc_obb3_from_euler(fc_vec3_make(a->min.x + (a->max.x - a->min.x) / 2, a->min.y + (a->max.y - a->min.y) / 2,
                                    a->min.z + (a->max.z - a->min.z) / 2),
                       fc_vec3_make((a->max.x - a->min.x) / 2, (a->max.y - a->min.y) / 2, (a->max.z - a->min.z) / 2),
                       0, 0, 0, &s.u.obb);
    return s;
}

static fc_shape3 sphere3(int32_t x, int32_t y, int32_t z, int32_t r)
{
    fc_shape3 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE3_SPHERE;
    fc_sphere_make(fc_vec3_make(x, y, z), r, &s.u.sphere);
    return s;
}

/* A random shape of size about sc raw units (sc in [64, 2^24]): kind 0
 * sphere, 1 AABB3, 2 OBB3 at random Euler angles, 3 capsule (random,
 * axis-parallel on a grid, or of length 0). */
static fc_shape3 rand3(uint64_t *s, int32_t sc, int kind)
{
    int32_t cx = wf_rand(s, 0, 12 * sc), cy = wf_rand(s, 0, 8 * sc), cz = wf_rand(s, 0, 12 * sc);
    int32_t h = wf_rand(s, sc / 4, 4 * sc), h2 = wf_rand(s, sc / 4, h);
    if (tu_rand64(s) % 3 == 0) { /* on a grid: exact touching is common */
        int32_t m = sc / 4 - 1;
        cx &= ~m, cy &= ~m, cz &= ~m, h &= ~m, h2 &= ~m;
    }
    fc_shape3 o;
    memset(&o, 0, sizeof o);
    switch (kind) {
    case 0: return sphere3(cx, cy, cz, h);
    case 1: return aabb3(cx - h, cy - h2, cz - h2, cx + h2, cy + h, cz + h);
    case 2:
        o.type = FC_SHAPE3_OBB;
        fc_obb3_from_euler(fc_vec3_make(cx, cy, cz), fc_vec3_make(h, h2, h2), (fc_angle)tu_rand64(s),
                           tu_rand64(s) % 2 ? (fc_angle)tu_rand64(s) : 0, tu_rand64(s) % 2 ? (fc_angle)tu_rand64(s) : 0,
                           &o.u.obb);
        return o;
    default: {
        int32_t dx = wf_rand(s, -h, h), dy = wf_rand(s, -h, h), dz = wf_rand(s, -h, h), r = wf_rand(s, 0, h2);
        switch (tu_rand64(s) % 5) {
        case 0: dx = dz = 0, dy = h2; break;
        case 1: dy = dz = 0, dx = h2; break;
        case 2: dx = dy = dz = 0; break;
        default: break;
        }
        return cap3(cx - dx, cy - dy, cz - dz, cx + dx, cy + dy, cz + dz, r);
    }
    }
}

/* Random pairs with a capsule at several scales: a capsule moving against
 * each kind, and each kind moving against a capsule. */
static void random_capsule3(uint64_t *s)
{
    static const int32_t scales[4] = {64, WF_U, 64 * WF_U, 1 << 24};
    int32_t sc = scales[tu_rand64(s) % 4];
    fc_vec3 d = fc_vec3_make(wf_rand(s, -16 * sc, 16 * sc), wf_rand(s, -8 * sc, 8 * sc), wf_rand(s, -16 * sc, 16 * sc));
    if (tu_rand64(s) % 4 == 0) /* along an axis: faces and edges parallel to the motion */
        d.y = d.z = 0;
    fc_shape3 a = rand3(s, sc, 3);
    for (int kind = 0; kind < 4; kind++) {
        fc_shape3 b = rand3(s, sc, kind);
        cast3(&a, d, &b);
        cast3(&b, d, &a);
    }
}

/* Adversarial capsule cases (r radius, g gap, h sizes, off -1..1 raw). */
static void adversarial_capsule3(uint64_t *s)
{
    int32_t r = wf_rand(s, 1, 2 * WF_U), g = wf_rand(s, 1, 3 * WF_U), h = wf_rand(s, 1, 2 * WF_U);
    int32_t h2 = wf_rand(s, 1, 2 * WF_U), off = wf_rand(s, -1, 1), j = wf_rand(s, 0, 4);
    /* an upright capsule, and one along z (parallel to a box face and to
     * the box's z edges: equal entries of endpoints, corners and edges) */
    fc_shape3 up = cap3(0, -h, 0, 0, h, 0, r), flat = cap3(0, 0, -h, 0, 0, h, r);
    fc_shape3 b = aabb3(r + g, -h2, -h2, r + g + h, h2, h2);
    fc_shape3 ob = obb_of(&b);
    fc_vec3 d = fc_vec3_make((g + off) << j, 0, 0); /* entry at 2^-j, or 1 raw either side */
    cast3(&up, d, &b);
    cast3(&flat, d, &b);
    cast3(&flat, d, &ob);
    cast3(&b, fc_vec3_make(-d.x, 0, 0), &flat); /* the box moving (solved reversed) */
    /* exactly at t = 1 and 1 raw short; touching at t = 0 */
    cast3(&flat, fc_vec3_make(g, 0, 0), &b);
    cast3(&flat, fc_vec3_make(g - 1, off, 0), &ob);
    fc_shape3 t0 = aabb3(r, -h2, -h2, r + h, h2, h2);
    cast3(&flat, fc_vec3_make(g, 0, 0), &t0);
    cast3(&flat, fc_vec3_make(-g, 0, 0), &t0);
    /* grazing: sliding along x under a box's bottom face at the distance
     * r + off (its z edge's cylinder, the corners against the segment) */
    fc_shape3 under = aabb3(g, r + off, -h2, g + h, r + off + h, h2);
    cast3(&flat, fc_vec3_make(2 * g + h, 0, 0), &under);
    cast3(&up, fc_vec3_make(2 * g + h, 0, 0), &under);
    /* grazing a vertical box edge at r + off in z (the upright capsule:
     * its cylinder parallel to the edge), and crossing it (the flat one) */
    fc_shape3 side = aabb3(g, -h2, r + off, g + h, h2, r + off + h);
    cast3(&up, fc_vec3_make(2 * g + h, 0, 0), &side);
    fc_shape3 ys = cap3(0, -h, h + r + off, 0, h, h + r + off, 0);
    fc_shape3 zs = cap3(0, 0, -h, 0, 0, h, 0);
    cast3(&ys, fc_vec3_make(2 * g + h, 0, 0), &side);
    cast3(&zs, fc_vec3_make(g + h, off, 0), &side);
    /* a tilted capsule whose far end reaches a box face a few raw before
     * its near end (a later piece strictly earlier by a hair) */
    int32_t tilt = wf_rand(s, 1, 8);
    fc_shape3 tl = cap3(0, -h, 0, tilt, h, 0, r);
    cast3(&tl, d, &b);
    cast3(&tl, d, &ob);
    fc_shape3 tz = cap3(0, 0, -h, tilt, 0, h, r);
    cast3(&tz, d, &b);
    /* capsule pairs: parallel (along z), grazing at r1 + r2 + off in y
     * (a crossing segment, a segment along the motion), exactly at t = 1 */
    int32_t r2 = wf_rand(s, 0, 2 * WF_U), R = r + r2;
    fc_shape3 q = cap3(R + g, 0, -h2, R + g, 0, h2, r2);
    cast3(&flat, d, &q);
    cast3(&flat, fc_vec3_make(g, 0, 0), &q);
    cast3(&flat, fc_vec3_make(g - 1, 0, 0), &q);
    fc_shape3 qx = cap3(g, R + off, 0, g + h, R + off, 0, r2);
    cast3(&flat, fc_vec3_make(2 * g + h, 0, 0), &qx);
    fc_shape3 qy = cap3(g, R + off, 0, g, R + off + h, 0, r2);
    cast3(&flat, fc_vec3_make(2 * g + h, 0, 0), &qy);
    cast3(&up, fc_vec3_make(2 * g + h, 0, 0), &qy);
    /* a sphere and a capsule: moving either way, grazing at r1 + r2 + off */
    fc_shape3 sp = sphere3(R + g, 0, 0, r2), sg = sphere3(g, h + R + off, 0, r2);
    cast3(&flat, d, &sp);
    cast3(&sp, fc_vec3_make(-d.x, 0, 0), &flat);
    cast3(&up, fc_vec3_make(2 * g, 0, 0), &sg);
    cast3(&sg, fc_vec3_make(-2 * g, 0, 0), &up);
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
        random_capsule3(&s);
        adversarial_capsule3(&s);
    }
    printf("casts %ld hits %ld digest %016llx\n", n_cases, n_hits, (unsigned long long)digest);
    return 0;
}
