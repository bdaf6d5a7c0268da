/* SPDX-License-Identifier: MIT */
/* World casts in a 200-body world (group "cast200", issue 29 deliverable 6):
 * the shape casts a mover makes, each against the segment ray of the same
 * sweeps. 2D: 200 circles, AABBs, OBBs, capsules and quads of 0.5..2 units
 * in a 64 x 64-unit field; 3D: 200 spheres, AABB3s and OBB3s in a
 * 64 x 8 x 64-unit slab. Sweeps: 8 units from random points, slightly off
 * the x axis. Moving shapes: a circle / sphere of radius 0.5, an upright
 * capsule (2D and 3D: a segment of length 0.5 along y, radius 0.4), a
 * 1 x 0.5 OBB at a random angle (3D: 1 x 0.5 x 0.5, a random yaw), a
 * quad. ns per closest cast (median of BENCH_ROUNDS rounds) and the ratio
 * to the ray. Each kind's timed loop is its own noinline function
 * (c200_ray2, c200_circle, ..., c200_sphere, c200_capsule3; one call =
 * CASTS casts), so `valgrind --tool=callgrind fixcol-bench cast200` gives
 * instructions per cast as a function's inclusive cost / (BENCH_ROUNDS *
 * CASTS).
 * Every pass is checked (a bench that measured errors would be worthless):
 * no call may fail, every kind must hit at least once and at least as
 * often as the ray of the same sweeps (each moving shape contains its
 * sweep's origin, so its swept volume contains the ray), and every round
 * of a kind must give the same hits and the same sum of t; anything else
 * exits with status 1 (BENCH_EXIT_TABLE) before a figure is printed. */
#include "bench.h"

#include <fixcol/cast.h>
#include <fixcol/world.h>

#include <stdio.h>
#include <stdlib.h>

#define UNIT 65536
#define BODIES 200
#define CASTS 400
#define FIELD 64u

enum { K_RAY, K_CIRCLE, K_CAPSULE, K_OBB, K_POLY, K2_KINDS };
enum { K3_RAY, K3_SPHERE, K3_OBB, K3_CAPSULE, K3_KINDS };

static uint32_t rnd(uint32_t *rs, uint32_t n)
{
    return bench_xorshift32(rs) % n;
}

static fc_shape2 quad_at(fc_vec2 c, int32_t h)
{
    fc_vec2 v[4] = {fc_vec2_make(c.x - h, c.y - h / 2), fc_vec2_make(c.x + h / 2, c.y - h),
                    fc_vec2_make(c.x + h, c.y + h / 2), fc_vec2_make(c.x - h / 2, c.y + h)};
    fc_shape2 s;
    s.type = FC_SHAPE2_POLY;
    s.u.poly = fc_poly2_make(v, 4);
    return s;
}

static fc_shape2 body2(uint32_t *rs)
{
    fc_vec2 c = fc_vec2_make((int32_t)rnd(rs, FIELD * UNIT), (int32_t)rnd(rs, FIELD * UNIT));
    int32_t h = UNIT / 4 + (int32_t)rnd(rs, (uint32_t)(3 * UNIT / 4));
    fc_shape2 s;
    switch (rnd(rs, 5)) {
    case 0:
        s.type = FC_SHAPE2_CIRCLE;
        s.u.circle = fc_circle_make(c, h);
        break;
    case 1:
        s.type = FC_SHAPE2_AABB;
        s.u.aabb = fc_aabb2_make(fc_vec2_make(c.x - h, c.y - h / 2), fc_vec2_make(c.x + h, c.y + h / 2));
        break;
    case 2:
        s.type = FC_SHAPE2_OBB;
        s.u.obb = fc_obb2_make(c, fc_vec2_make(h, h / 2), (fc_angle)bench_xorshift32(rs));
        break;
    case 3:
        s.type = FC_SHAPE2_CAPSULE;
        s.u.capsule = fc_capsule2_make(fc_vec2_make(c.x - h, c.y), fc_vec2_make(c.x + h, c.y + h / 2), h / 2);
        break;
    default:
        s = quad_at(c, h);
        break;
    }
    return s;
}

static fc_shape2 moving2(int kind, fc_vec2 o, fc_angle a)
{
    fc_shape2 s;
    switch (kind) {
    case K_CIRCLE:
        s.type = FC_SHAPE2_CIRCLE;
        s.u.circle = fc_circle_make(o, UNIT / 2);
        break;
    case K_CAPSULE:
        s.type = FC_SHAPE2_CAPSULE;
        s.u.capsule = fc_capsule2_make(fc_vec2_make(o.x, o.y - UNIT / 4), fc_vec2_make(o.x, o.y + UNIT / 4),
                                       2 * UNIT / 5);
        break;
    case K_OBB:
        s.type = FC_SHAPE2_OBB;
        s.u.obb = fc_obb2_make(o, fc_vec2_make(UNIT / 2, UNIT / 4), a);
        break;
    default:
        s = quad_at(o, UNIT / 2);
        break;
    }
    return s;
}

/* What one pass saw: the casts that hit and the calls that failed (a
 * shape make or a world cast not returning FC_OK). */
typedef struct c200_tally {
    int32_t hits, errors;
} c200_tally;

/* CASTS closest casts of one kind (the same origins and deltas for every
 * kind); the sum of the hit t (or -1) so no cast is dropped; hits and
 * failed calls counted in *tally. */
static int64_t c200_pass2(fc_world *w, int kind, c200_tally *tally)
{
    uint32_t rs = 777;
    int64_t acc = 0;
    for (int k = 0; k < CASTS; k++) {
        fc_vec2 o = fc_vec2_make((int32_t)rnd(&rs, FIELD * UNIT), (int32_t)rnd(&rs, FIELD * UNIT));
        fc_vec2 d = fc_vec2_make(8 * UNIT, (int32_t)rnd(&rs, 2u * UNIT) - UNIT);
        fc_angle a = (fc_angle)bench_xorshift32(&rs);
        int hit = 0;
        if (kind == K_RAY) {
            fc_ray2 r = {o, d};
            fc_ray_hit h;
            tally->errors += fc_world_raycast2(w, &r, fc_filter_default(), &h, &hit) != FC_OK;
            tally->hits += hit != 0;
            acc += hit ? h.t : -1;
            continue;
        }
        fc_shape2 m = moving2(kind, o, a);
        fc_cast2_hit h;
        tally->errors += fc_world_cast2(w, &m, d, fc_filter_default(), &h, &hit) != FC_OK;
        tally->hits += hit != 0;
        acc += hit ? h.t : -1;
    }
    return acc;
}

static fc_shape3 body3(uint32_t *rs)
{
    fc_vec3 c = fc_vec3_make((int32_t)rnd(rs, FIELD * UNIT), (int32_t)rnd(rs, 8u * UNIT),
                             (int32_t)rnd(rs, FIELD * UNIT));
    int32_t h = UNIT / 4 + (int32_t)rnd(rs, (uint32_t)(3 * UNIT / 4));
    fc_shape3 s;
    switch (rnd(rs, 3)) {
    case 0:
        s.type = FC_SHAPE3_SPHERE;
        fc_sphere_make(c, h, &s.u.sphere);
        break;
    case 1:
        s.type = FC_SHAPE3_AABB;
        fc_aabb3_make(fc_vec3_make(c.x - h, c.y - h / 2, c.z - h), fc_vec3_make(c.x + h, c.y + h / 2, c.z + h),
                      &s.u.aabb);
        break;
    default:
        s.type = FC_SHAPE3_OBB;
        fc_obb3_from_euler(c, fc_vec3_make(h, h / 2, h), (fc_angle)bench_xorshift32(rs), 0, 0, &s.u.obb);
        break;
    }
    return s;
}

static int64_t c200_pass3(fc_world *w, int kind, c200_tally *tally)
{
    uint32_t rs = 777;
    int64_t acc = 0;
    for (int k = 0; k < CASTS; k++) {
        fc_vec3 o = fc_vec3_make((int32_t)rnd(&rs, FIELD * UNIT), (int32_t)rnd(&rs, 8u * UNIT),
                                 (int32_t)rnd(&rs, FIELD * UNIT));
        fc_vec3 d = fc_vec3_make(8 * UNIT, 0, (int32_t)rnd(&rs, 2u * UNIT) - UNIT);
        fc_angle yaw = (fc_angle)bench_xorshift32(&rs);
        int hit = 0;
        if (kind == K3_RAY) {
            fc_ray3 r;
            r.origin = o;
            r.delta = d;
            fc_ray_hit h;
            tally->errors += fc_world_raycast3(w, &r, fc_filter_default(), &h, &hit) != FC_OK;
            tally->hits += hit != 0;
            acc += hit ? h.t : -1;
            continue;
        }
        fc_shape3 m;
        fc_status st;
        if (kind == K3_SPHERE) {
            m.type = FC_SHAPE3_SPHERE;
            st = fc_sphere_make(o, UNIT / 2, &m.u.sphere);
        } else if (kind == K3_CAPSULE) {
            /* the upright character capsule of the 2D kind */
            m.type = FC_SHAPE3_CAPSULE;
            st = fc_capsule3_make(fc_vec3_make(o.x, o.y - UNIT / 4, o.z), fc_vec3_make(o.x, o.y + UNIT / 4, o.z),
                                  2 * UNIT / 5, &m.u.capsule);
        } else {
            m.type = FC_SHAPE3_OBB;
            st = fc_obb3_from_euler(o, fc_vec3_make(UNIT / 2, UNIT / 4, UNIT / 4), yaw, 0, 0, &m.u.obb);
        }
        if (st != FC_OK) {
            tally->errors++;
            continue;
        }
        fc_cast3_hit h;
        tally->errors += fc_world_cast3(w, &m, d, fc_filter_default(), &h, &hit) != FC_OK;
        tally->hits += hit != 0;
        acc += hit ? h.t : -1;
    }
    return acc;
}

/* One noinline function per kind: callgrind's inclusive cost per kind. */
BENCH_NOINLINE static int64_t c200_ray2(fc_world *w, c200_tally *t) { return c200_pass2(w, K_RAY, t); }
BENCH_NOINLINE static int64_t c200_circle(fc_world *w, c200_tally *t) { return c200_pass2(w, K_CIRCLE, t); }
BENCH_NOINLINE static int64_t c200_capsule(fc_world *w, c200_tally *t) { return c200_pass2(w, K_CAPSULE, t); }
BENCH_NOINLINE static int64_t c200_obb2(fc_world *w, c200_tally *t) { return c200_pass2(w, K_OBB, t); }
BENCH_NOINLINE static int64_t c200_poly(fc_world *w, c200_tally *t) { return c200_pass2(w, K_POLY, t); }
BENCH_NOINLINE static int64_t c200_ray3(fc_world *w, c200_tally *t) { return c200_pass3(w, K3_RAY, t); }
BENCH_NOINLINE static int64_t c200_sphere(fc_world *w, c200_tally *t) { return c200_pass3(w, K3_SPHERE, t); }
BENCH_NOINLINE static int64_t c200_obb3(fc_world *w, c200_tally *t) { return c200_pass3(w, K3_OBB, t); }
BENCH_NOINLINE static int64_t c200_capsule3(fc_world *w, c200_tally *t) { return c200_pass3(w, K3_CAPSULE, t); }

typedef int64_t (*c200_pass_fn)(fc_world *, c200_tally *);
static const c200_pass_fn pass2[K2_KINDS] = {c200_ray2, c200_circle, c200_capsule, c200_obb2, c200_poly};
static const c200_pass_fn pass3[K3_KINDS] = {c200_ray3, c200_sphere, c200_obb3, c200_capsule3};
static const char *const kind2_name[K2_KINDS] = {"ray2", "circle", "capsule", "obb2", "poly"};
static const char *const kind3_name[K3_KINDS] = {"ray3", "sphere", "obb3", "capsule3"};

/* A failed check: a bug in the bench or the library, never a figure. */
static void c200_fail(int dim, int kind, const char *what)
{
    fprintf(stderr, "fixcol-bench cast200: %s: %s\n", kind < 0 ? "world" : (dim == 3 ? kind3_name : kind2_name)[kind],
            what);
    exit(BENCH_EXIT_TABLE);
}

static fc_world *world_of(int dim)
{
    fc_world_def def = fc_world_def_default();
    def.dim = dim == 3 ? FC_WORLD_3D : FC_WORLD_2D;
    def.bounds_log2 = 6;
    def.max_depth = 3;
    def.body_capacity = BODIES;
    fc_world *w = NULL;
    if (fc_world_create(&def, &w) != FC_OK)
        c200_fail(dim, -1, "fc_world_create failed");
    uint32_t rs = 2029;
    for (int i = 0; i < BODIES; i++) {
        fc_body_def bd = fc_body_def_default();
        if (dim == 3)
            bd.shape3 = body3(&rs);
        else
            bd.shape2 = body2(&rs);
        fc_body_id id;
        if (fc_world_create_body(w, &bd, &id) != FC_OK)
            c200_fail(dim, -1, "fc_world_create_body failed");
    }
    return w;
}

/* ns per cast of each kind, median of BENCH_ROUNDS rounds; every pass
 * checked as at the top of this file (kind 0 is the ray). */
static void time_kinds(fc_world *w, int dim, int kinds, double *ns)
{
    double t[K2_KINDS][BENCH_ROUNDS];
    c200_tally first[K2_KINDS] = {{0, 0}};
    int64_t first_acc[K2_KINDS] = {0};
    for (int r = 0; r < BENCH_ROUNDS; r++)
        for (int kind = 0; kind < kinds; kind++) {
            c200_tally tally = {0, 0};
            double t0 = bench_now_ns();
            int64_t acc = dim == 3 ? pass3[kind](w, &tally) : pass2[kind](w, &tally);
            t[kind][r] = (bench_now_ns() - t0) / CASTS;
            bench_sink(acc);
            if (tally.errors != 0)
                c200_fail(dim, kind, "a call returned an error");
            if (r == 0) {
                first[kind] = tally;
                first_acc[kind] = acc;
            } else if (tally.hits != first[kind].hits || acc != first_acc[kind]) {
                c200_fail(dim, kind, "a round's hits or t differ from the first round's");
            }
        }
    for (int kind = 0; kind < kinds; kind++) {
        if (first[kind].hits <= 0)
            c200_fail(dim, kind, "no cast hit");
        if (first[kind].hits < first[0].hits)
            c200_fail(dim, kind, "fewer hits than the ray of the same sweeps");
        ns[kind] = bench_median(t[kind], BENCH_ROUNDS);
    }
}

void bench_cast200(void)
{
    double ns2[K2_KINDS] = {0}, ns3[K2_KINDS] = {0};
    fc_world *w = world_of(2);
    time_kinds(w, 2, K2_KINDS, ns2);
    fc_world_destroy(w);
    w = world_of(3);
    time_kinds(w, 3, K3_KINDS, ns3);
    fc_world_destroy(w);
    bench_print("raycast2_closest_200", ns2[K_RAY], "ns");
    bench_print("cast_circle_closest_200", ns2[K_CIRCLE], "ns");
    bench_print("cast_capsule_closest_200", ns2[K_CAPSULE], "ns");
    bench_print("cast_obb2_closest_200", ns2[K_OBB], "ns");
    bench_print("cast_poly_closest_200", ns2[K_POLY], "ns");
    bench_print("cast_circle_vs_ray_200", ns2[K_RAY] > 0 ? ns2[K_CIRCLE] / ns2[K_RAY] : 0, "x");
    bench_print("cast_capsule_vs_ray_200", ns2[K_RAY] > 0 ? ns2[K_CAPSULE] / ns2[K_RAY] : 0, "x");
    bench_print("cast_obb2_vs_ray_200", ns2[K_RAY] > 0 ? ns2[K_OBB] / ns2[K_RAY] : 0, "x");
    bench_print("cast_poly_vs_ray_200", ns2[K_RAY] > 0 ? ns2[K_POLY] / ns2[K_RAY] : 0, "x");
    bench_print("raycast3_closest_200", ns3[K3_RAY], "ns");
    bench_print("cast_sphere_closest_200", ns3[K3_SPHERE], "ns");
    bench_print("cast_obb3_closest_200", ns3[K3_OBB], "ns");
    bench_print("cast_capsule3_closest_200", ns3[K3_CAPSULE], "ns");
    bench_print("cast_sphere_vs_ray_200", ns3[K3_RAY] > 0 ? ns3[K3_SPHERE] / ns3[K3_RAY] : 0, "x");
    bench_print("cast_obb3_vs_ray_200", ns3[K3_RAY] > 0 ? ns3[K3_OBB] / ns3[K3_RAY] : 0, "x");
    bench_print("cast_capsule3_vs_ray_200", ns3[K3_RAY] > 0 ? ns3[K3_CAPSULE] / ns3[K3_RAY] : 0, "x");
}
