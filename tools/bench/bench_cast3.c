/* SPDX-License-Identifier: MIT */
/* 3D shape casts in a 10k-body 3D world (group "cast3"): 10,000 spheres,
 * AABB3s and OBB3s of 1..4 units in a 1024 x 16 x 1024-unit slab (the W1
 * layout lifted to 3D), 100-unit sweeps from random points slightly off
 * the x axis (the ray benchmark's workload), swept by a sphere of radius
 * 0.5 units and by a 2 x 1 x 1-unit OBB3; the segment ray of the same
 * sweeps (fc_world_raycast3) is the baseline measured in the same run.
 * us per closest cast, median of BENCH_ROUNDS rounds. */
#include "bench.h"

#include <stdlib.h>

#include <fixcol/cast.h>
#include <fixcol/world.h>

#define UNIT 65536
#define BODIES 10000
#define CASTS 200

static uint32_t rnd(uint32_t *rs, uint32_t n)
{
    return bench_xorshift32(rs) % n;
}

static fc_shape3 body_shape(uint32_t *rs)
{
    fc_vec3 c = fc_vec3_make((int32_t)rnd(rs, 1024u * UNIT), (int32_t)rnd(rs, 16u * UNIT),
                             (int32_t)rnd(rs, 1024u * UNIT));
    int32_t h = UNIT / 2 + (int32_t)rnd(rs, (uint32_t)(3 * UNIT / 2));
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

static double run_casts(fc_world *w, int kind)
{
    uint32_t rs = 777;
    int64_t acc = 0;
    double t0 = bench_now_ns();
    for (int k = 0; k < CASTS; k++) {
        fc_vec3 o = fc_vec3_make((int32_t)rnd(&rs, 900u * UNIT), (int32_t)rnd(&rs, 16u * UNIT),
                                 (int32_t)rnd(&rs, 1000u * UNIT));
        fc_vec3 d = fc_vec3_make(100 * UNIT, 0, (int32_t)rnd(&rs, 20u * UNIT) - 10 * UNIT);
        fc_angle yaw = (fc_angle)bench_xorshift32(&rs);
        if (kind == 0) {
            fc_ray3 r;
            r.origin = o;
            r.delta = d;
            fc_ray_hit h;
            int hit = 0;
            fc_world_raycast3(w, &r, fc_filter_default(), &h, &hit);
            acc += hit ? h.t : -1;
            continue;
        }
        fc_shape3 m;
        if (kind == 1) {
            m.type = FC_SHAPE3_SPHERE;
            fc_sphere_make(o, UNIT / 2, &m.u.sphere);
        } else {
            m.type = FC_SHAPE3_OBB;
            fc_obb3_from_euler(o, fc_vec3_make(UNIT, UNIT / 2, UNIT / 2), yaw, 0, 0, &m.u.obb);
        }
        fc_cast3_hit h;
        int hit = 0;
        fc_world_cast3(w, &m, d, fc_filter_default(), &h, &hit);
        acc += hit ? h.t : -1;
    }
    bench_sink(acc);
    return (bench_now_ns() - t0) / CASTS / 1000.0;
}

void bench_cast3(void)
{
    fc_world_def def = fc_world_def_default();
    def.dim = FC_WORLD_3D;
    def.bounds_log2 = 10;
    def.max_depth = 5;
    def.body_capacity = BODIES;
    fc_world *w = NULL;
    if (fc_world_create(&def, &w) != FC_OK)
        return;
    uint32_t rs = 2026;
    for (int i = 0; i < BODIES; i++) {
        fc_body_def bd = fc_body_def_default();
        bd.shape3 = body_shape(&rs);
        fc_body_id id;
        fc_world_create_body(w, &bd, &id);
    }
    double t[3][BENCH_ROUNDS];
    for (int r = 0; r < BENCH_ROUNDS; r++)
        for (int kind = 0; kind < 3; kind++)
            t[kind][r] = run_casts(w, kind);
    double ray = bench_median(t[0], BENCH_ROUNDS), sphere = bench_median(t[1], BENCH_ROUNDS),
           obb = bench_median(t[2], BENCH_ROUNDS);
    bench_print("raycast3_closest_10k", ray, "us/ray");
    bench_print("shapecast_sphere_closest_10k", sphere, "us/cast");
    bench_print("shapecast_obb3_closest_10k", obb, "us/cast");
    bench_print("shapecast_sphere_vs_ray_10k", sphere / ray, "x");
    fc_world_destroy(w);
}
