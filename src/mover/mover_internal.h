/* SPDX-License-Identifier: MIT */
/* Private: the mover (fixcol/mover.h) in pieces. One algorithm for both
 * dimensions (mover_core.c) over vectors of dim int64 components, the
 * dimension's world calls behind mover_dim.c, the plane solver and the
 * surface test in mover_planes.c, the public calls in mover_api.c. */
#ifndef FIXCOL_SRC_MOVER_INTERNAL_H
#define FIXCOL_SRC_MOVER_INTERNAL_H

#include <stdint.h>

#include <fixcol/mover.h>

/* The state of one move. */
typedef struct mv_ctx {
    fc_world *w;
    int dim;                /* 2 or 3 */
    fc_shape2 s2;           /* the shape where it is now (2D) */
    fc_shape3 s3;           /* (3D) */
    const fc_mover_def *def;
    fc_body_id ex[FC_CAST_MAX_EXCLUDE + 1]; /* the query's ids and the moved body */
    int32_t nex;
    int64_t up[3];          /* the unit up axis */
    /* the outcome (touches and path last: setup zeroes what is before them) */
    int64_t moved[3];
    int32_t flags, iterations, touch_count, path_count, pushouts;
    fc_mover_touch touches[FC_MOVER_MAX_TOUCHES];
    int64_t path[FC_MOVER_MAX_PATH][3];
} mv_ctx;

/* One cast of the current shape. */
typedef struct mv_hit {
    int have, started;
    fc_body_id id;
    fix16_t t;
    int64_t normal[3];  /* the reported Q16.16 normal */
    int64_t dir[3];     /* the exact direction of a flat feature, else normal */
    int64_t safe[3];    /* the safe advance (delta on a miss) */
} mv_hit;

/* mover_dim.c: the dimension's world calls on c's current shape. */
fc_status mv_cast(mv_ctx *c, const int64_t d[3], int64_t back, mv_hit *h);
/* Translate the current shape by v: FC_ERR_RANGE (shape unchanged) when a
 * defining coordinate would leave the range. */
fc_status mv_shift(mv_ctx *c, const int64_t v[3]);
/* One push-out round: *pushed = 1 and the shape moved by *d out of the
 * overlapping body of least index the query reports; *pushed = 0 when
 * nothing overlaps. */
fc_status mv_pushout(mv_ctx *c, int *pushed, int64_t d[3]);

#ifdef FC_MOVER_BENCH_RECORD
/* Only in fixcol-bench's recording copy of the mover (tools/meson.build,
 * tools/bench/bench_mover.c; never in the library): every cast mv_cast
 * made, with its arguments (c's current shape, d, back, c's query) and
 * what the mover saw (st, *h). */
void mv_bench_record(const mv_ctx *c, const int64_t d[3], int64_t back, fc_status st, const mv_hit *h);
#endif

/* mover_planes.c */
/* Clip v against the n planes (canonical order), see fixcol/mover.h. */
void mv_clip(int dim, int64_t v[3], const int64_t (*planes)[3], int32_t n);
/* FC_MOVER_TOUCH_GROUND / _CEILING / _WALL of the direction e. */
int32_t mv_surface(const int64_t e[3], const int64_t up[3], int32_t run, int32_t rise);

/* mover_core.c: the whole move of c's shape by desired (c set up). */
fc_status mv_run(mv_ctx *c, const int64_t desired[3]);

#endif
