/* SPDX-License-Identifier: MIT */
/* 2D shape casts in the 10k W1 world (called from the broadphase group,
 * beside raycast_closest_10k): the rays' workload - 100-unit sweeps from
 * random points, slightly off the x axis - swept by a circle of radius 0.5
 * units and by a 2 x 1 unit OBB at a random angle; ns per closest cast,
 * median of BENCH_ROUNDS rounds. */
#include "bench.h"

#include <fixcol/cast.h>

#define UNIT 65536
#define CASTS 300

static fc_shape2 moving_at(uint32_t *rs, int obb)
{
    fc_vec2 o = fc_vec2_make((int32_t)(bench_xorshift32(rs) % (900u * UNIT)), (int32_t)(bench_xorshift32(rs) % (1000u * UNIT)));
    fc_shape2 s;
    if (obb) {
        s.type = FC_SHAPE2_OBB;
        s.u.obb = fc_obb2_make(o, fc_vec2_make(UNIT, UNIT / 2), (fc_angle)bench_xorshift32(rs));
    } else {
        s.type = FC_SHAPE2_CIRCLE;
        s.u.circle = fc_circle_make(o, UNIT / 2);
    }
    return s;
}

void bench_shapecast2(fc_world *w, double *ns_circle, double *ns_obb)
{
    double tc[BENCH_ROUNDS], to[BENCH_ROUNDS];
    for (int r = 0; r < BENCH_ROUNDS; r++) {
        for (int obb = 0; obb < 2; obb++) {
            uint32_t rs = 777;
            int64_t acc = 0;
            double t0 = bench_now_ns();
            for (int k = 0; k < CASTS; k++) {
                fc_shape2 m = moving_at(&rs, obb);
                fc_vec2 d = fc_vec2_make(100 * UNIT, (int32_t)(bench_xorshift32(&rs) % (20u * UNIT)) - 10 * UNIT);
                fc_cast2_hit h;
                int hit;
                fc_world_cast2(w, &m, d, fc_filter_default(), &h, &hit);
                acc += hit ? h.t : -1;
            }
            (obb ? to : tc)[r] = (bench_now_ns() - t0) / CASTS;
            bench_sink(acc);
        }
    }
    *ns_circle = bench_median(tc, BENCH_ROUNDS);
    *ns_obb = bench_median(to, BENCH_ROUNDS);
}
