/* SPDX-License-Identifier: MIT */
/* sincos: fixcol's table trig against libfixmath's fix16_sin/fix16_cos
 * (the baseline), same angles, same run; plus the worst error of each. */
#include "bench.h"

#include <math.h>
#include <fixcol/trig.h>

#define CALLS 1000000
#define FC_BENCH_PI 3.14159265358979323846

static double worst_ulp(int use_fixcol)
{
    double worst = 0;
    for (uint32_t a = 0; a < FC_ANGLE_TURN; a++) {
        double rad = (double)a * (2.0 * FC_BENCH_PI / 65536.0);
        fix16_t s, c;
        if (use_fixcol) {
            fc_sincos sc = fc_sincos_of((fc_angle)a);
            s = sc.s;
            c = sc.c;
        } else {
            fix16_t r = (fix16_t)llround(rad * 65536.0);
            if (r > fix16_pi)
                r -= 2 * fix16_pi; /* fix16_sin wants (-pi, pi] */
            s = fix16_sin(r);
            c = fix16_cos(r);
        }
        double es = fabs((double)s - sin(rad) * 65536.0);
        double ec = fabs((double)c - cos(rad) * 65536.0);
        if (es > worst)
            worst = es;
        if (ec > worst)
            worst = ec;
    }
    return worst;
}

void bench_trig(void)
{
    static fix16_t radians[CALLS];
    static fc_angle angles[CALLS];
    uint32_t seed = 12345;
    for (int i = 0; i < CALLS; i++) {
        angles[i] = (fc_angle)bench_xorshift32(&seed);
        radians[i] = (fix16_t)((int32_t)(bench_xorshift32(&seed) % (2u * (uint32_t)fix16_pi)) - fix16_pi);
    }
    double t_fc[BENCH_ROUNDS], t_lib[BENCH_ROUNDS];
    for (int r = 0; r < BENCH_ROUNDS; r++) {
        int64_t acc = 0;
        double t0 = bench_now_ns();
        for (int i = 0; i < CALLS; i++) {
            fc_sincos sc = fc_sincos_of(angles[i]);
            acc += sc.s ^ sc.c;
        }
        double t1 = bench_now_ns();
        for (int i = 0; i < CALLS; i++)
            acc += fix16_sin(radians[i]) ^ fix16_cos(radians[i]);
        double t2 = bench_now_ns();
        bench_sink(acc);
        t_fc[r] = (t1 - t0) / CALLS;
        t_lib[r] = (t2 - t1) / CALLS;
    }
    double fc = bench_median(t_fc, BENCH_ROUNDS), lib = bench_median(t_lib, BENCH_ROUNDS);
    bench_print("sincos_fixcol", fc, "ns/call");
    bench_print("sincos_fix16_sin", lib, "ns/call");
    bench_print("sincos_speedup", lib / fc, "x");
    bench_print("sincos_fixcol_worst_error", worst_ulp(1), "ulp");
    bench_print("sincos_fix16_sin_worst_error", worst_ulp(0), "ulp");
}
