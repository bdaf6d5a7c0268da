/* SPDX-License-Identifier: MIT */
/* World casts in a 200-body world (group "cast200", issue 29 deliverable 6):
 * the shape casts a mover makes, each against the segment ray of the same
 * sweeps. 2D: 200 circles, AABBs, OBBs, capsules and quads of 0.5..2 units
 * in a 64 x 64-unit field; 3D: 200 spheres, AABB3s and OBB3s in a
 * 64 x 8 x 64-unit slab. Sweeps: 8 units from random points, slightly off
 * the x axis. Moving shapes: a circle / sphere of radius 0.5, a capsule
 * (0.5 half-length, radius 0.4), a 1 x 0.5 OBB at a random angle, a
 * quad. ns per closest cast (median of BENCH_ROUNDS rounds) and the ratio
 * to the ray. Each kind's timed loop is its own noinline function
 * (c200_ray2, c200_circle, ..., c200_sphere; one call = CASTS casts), so
 * `valgrind --tool=callgrind fixcol-bench cast200` gives instructions per
 * cast as a function's inclusive cost / (BENCH_ROUNDS * CASTS). */
#include "bench.h"

#include <fixcol/cast.h>
#include <fixcol/world.h>

#define UNIT 65536
#define BODIES 200
#define CASTS 400
#define FIELD 64u

enum { K_RAY, K_CIRCLE, K_CAPSULE, K_OBB, K_POLY, K2_KINDS };
enum { K3_RAY, K3_SPHERE, K3_OBB, K3_KINDS };

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

/* CASTS closest casts of one kind (the same origins and deltas for every
 * kind); the sum of the hit t (or -1) so no cast is dropped. */
static int64_t c200_pass2(fc_world *w, int kind)
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
            fc_world_raycast2(w, &r, fc_filter_default(), &h, &hit);
            acc += hit ? h.t : -1;
            continue;
        }
        fc_shape2 m = moving2(kind, o, a);
        fc_cast2_hit h;
        fc_world_cast2(w, &m, d, fc_filter_default(), &h, &hit);
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

static int64_t c200_pass3(fc_world *w, int kind)
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
            fc_world_raycast3(w, &r, fc_filter_default(), &h, &hit);
            acc += hit ? h.t : -1;
            continue;
        }
        fc_shape3 m;
        if (kind == K3_SPHERE) {
            m.type = FC_SHAPE3_SPHERE;
            fc_sphere_make(o, UNIT / 2, &m.u.sphere);
        } else {
            m.type = FC_SHAPE3_OBB;
            fc_obb3_from_euler(o, fc_vec3_make(UNIT / 2, UNIT / 4, UNIT / 4), yaw, 0, 0, &m.u.obb);
        }
        fc_cast3_hit h;
        fc_world_cast3(w, &m, d, fc_filter_default(), &h, &hit);
        acc += hit ? h.t : -1;
    }
    return acc;
}

/* One noinline function per kind: callgrind's inclusive cost per kind. */
BENCH_NOINLINE static int64_t c200_ray2(fc_world *w) { return c200_pass2(w, K_RAY); }
BENCH_NOINLINE static int64_t c200_circle(fc_world *w) { return c200_pass2(w, K_CIRCLE); }
BENCH_NOINLINE static int64_t c200_capsule(fc_world *w) { return c200_pass2(w, K_CAPSULE); }
BENCH_NOINLINE static int64_t c200_obb2(fc_world *w) { return c200_pass2(w, K_OBB); }
BENCH_NOINLINE static int64_t c200_poly(fc_world *w) { return c200_pass2(w, K_POLY); }
BENCH_NOINLINE static int64_t c200_ray3(fc_world *w) { return c200_pass3(w, K3_RAY); }
BENCH_NOINLINE static int64_t c200_sphere(fc_world *w) { return c200_pass3(w, K3_SPHERE); }
BENCH_NOINLINE static int64_t c200_obb3(fc_world *w) { return c200_pass3(w, K3_OBB); }

static int64_t (*const pass2[K2_KINDS])(fc_world *) = {c200_ray2, c200_circle, c200_capsule, c200_obb2, c200_poly};
static int64_t (*const pass3[K3_KINDS])(fc_world *) = {c200_ray3, c200_sphere, c200_obb3};

static fc_world *world_of(int dim)
{
    fc_world_def def = fc_world_def_default();
    def.dim = dim == 3 ? FC_WORLD_3D : FC_WORLD_2D;
    def.bounds_log2 = 6;
    def.max_depth = 3;
    def.body_capacity = BODIES;
    fc_world *w = NULL;
    if (fc_world_create(&def, &w) != FC_OK)
        return NULL;
    uint32_t rs = 2029;
    for (int i = 0; i < BODIES; i++) {
        fc_body_def bd = fc_body_def_default();
        if (dim == 3)
            bd.shape3 = body3(&rs);
        else
            bd.shape2 = body2(&rs);
        fc_body_id id;
        if (fc_world_create_body(w, &bd, &id) != FC_OK) {
            fc_world_destroy(w);
            return NULL;
        }
    }
    return w;
}

/* ns per cast of each kind, median of BENCH_ROUNDS rounds. */
static void time_kinds(fc_world *w, int dim, int kinds, double *ns)
{
    double t[K2_KINDS][BENCH_ROUNDS];
    for (int r = 0; r < BENCH_ROUNDS; r++)
        for (int kind = 0; kind < kinds; kind++) {
            double t0 = bench_now_ns();
            bench_sink(dim == 3 ? pass3[kind](w) : pass2[kind](w));
            t[kind][r] = (bench_now_ns() - t0) / CASTS;
        }
    for (int kind = 0; kind < kinds; kind++)
        ns[kind] = bench_median(t[kind], BENCH_ROUNDS);
}

void bench_cast200(void)
{
    double ns2[K2_KINDS] = {0}, ns3[K2_KINDS] = {0};
    fc_world *w = world_of(2);
    if (w) {
        time_kinds(w, 2, K2_KINDS, ns2);
        fc_world_destroy(w);
    }
    w = world_of(3);
    if (w) {
        time_kinds(w, 3, K3_KINDS, ns3);
        fc_world_destroy(w);
    }
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
    bench_print("cast_sphere_vs_ray_200", ns3[K3_RAY] > 0 ? ns3[K3_SPHERE] / ns3[K3_RAY] : 0, "x");
    bench_print("cast_obb3_vs_ray_200", ns3[K3_RAY] > 0 ? ns3[K3_OBB] / ns3[K3_RAY] : 0, "x");
}
