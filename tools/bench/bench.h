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
/* Print `bench NAME VALUE UNIT` to stdout. NAME and UNIT must be the next
 * row of the running group's figure table (bench_groups.c); anything else
 * is a bug and exits with BENCH_EXIT_TABLE. */
void bench_print(const char *name, double value, const char *unit);
/* xorshift32 (Marsaglia), the generator every workload is specified with. */
uint32_t bench_xorshift32(uint32_t *state);
/* Keep a value alive so the optimiser cannot drop the work producing it. */
void bench_sink(int64_t v);

/* ---------------------------------------------------------------- groups
 * The one table of groups and their figures (bench_groups.c): --list prints
 * it, bench_print checks every printed figure against it. */
typedef struct bench_figure {
    const char *name, *unit;
} bench_figure;

typedef struct bench_group {
    const char *name, *about;
    void (*run)(void);
    const bench_figure *figures; /* in print order, ended by {NULL, NULL} */
} bench_group;

/* Ended by a row with name NULL. */
extern const bench_group bench_groups[];
int bench_figure_count(const bench_group *g);

/* Progress line on stderr: AUTO once a group has run for a few seconds. */
typedef enum bench_progress { BENCH_PROGRESS_AUTO, BENCH_PROGRESS_ALWAYS, BENCH_PROGRESS_NEVER } bench_progress;

/* Exit statuses: 2 usage, 1 a figure that does not match the table (a bug). */
enum { BENCH_EXIT_OK = 0, BENCH_EXIT_TABLE = 1, BENCH_EXIT_USAGE = 2 };

/* Run one group: its figures on stdout, progress on stderr. */
void bench_run_group(const bench_group *g, bench_progress mode);

/* Benchmark groups, one per module. */
void bench_trig(void);
void bench_obb2(void);
void bench_broadphase(void);
void bench_obb3(void); /* 3D narrowphase (issue 4) */
void bench_scale(void); /* the world at game scale (issue 15) */
void bench_cast3(void); /* 3D shape casts in a 10k world (bench_cast3.c) */
void bench_cast200(void); /* world casts vs the ray in a 200-body world (bench_cast200.c) */
void bench_history(void); /* the frame-history ring vs snapshot + restore (bench_history.c) */
void bench_mover(void); /* the mover vs its casts in a 1k world, a 200-mover crowd frame (bench_mover.c) */

/* Workload W1 (bench_world.c): ms per frame of fixcol (layout, bodies on
 * the centre lines or not) and of the float sort-and-sweep baseline; the
 * last frame's pair count in *pairs_out. */
#include <fixcol/quadtree.h>
double bench_w1_world(int n, fc_qt_layout layout, int lines, int32_t *pairs_out);
double bench_w1_sap(int n, int32_t *pairs_out);
/* 2D shape casts in the given W1 world (bench_cast2.c): ns per closest
 * cast of a circle and of an OBB. */
#include <fixcol/world.h>
void bench_shapecast2(fc_world *w, double *ns_circle, double *ns_obb);

#endif
