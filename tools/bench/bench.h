/* SPDX-License-Identifier: MIT */
/* fixcol-bench: shared helpers. Every figure is printed as one line
 * `bench NAME VALUE UNIT`; timed figures are the median of several rounds. */
#ifndef FIXCOL_BENCH_H
#define FIXCOL_BENCH_H
#include <stdint.h>

#define BENCH_ROUNDS 7

/* Keep a function out of line (the baselines are compared with library calls). */
#if defined(_MSC_VER)
#define BENCH_NOINLINE __declspec(noinline)
#elif defined(__GNUC__) || defined(__clang__)
#define BENCH_NOINLINE __attribute__((noinline))
#else
#define BENCH_NOINLINE
#endif

/* Monotonic time in nanoseconds. */
double bench_now_ns(void);
/* Median of n values (n <= 64); the array is sorted in place. */
double bench_median(double *values, int n);
/* Print `bench NAME VALUE UNIT`. */
void bench_print(const char *name, double value, const char *unit);
/* xorshift32 (Marsaglia), the generator every workload is specified with. */
uint32_t bench_xorshift32(uint32_t *state);
/* Keep a value alive so the optimiser cannot drop the work producing it. */
void bench_sink(int64_t v);

/* Benchmark groups, one per module. */
void bench_trig(void);
void bench_obb2(void);
void bench_broadphase(void);
void bench_obb3(void); /* 3D narrowphase (issue 4) */

#endif
