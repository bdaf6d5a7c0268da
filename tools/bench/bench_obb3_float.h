/* SPDX-License-Identifier: MIT */
/* Float 3D baselines of fixcol-bench (tools/bench/bench_obb3_float.c). */
#ifndef FIXCOL_BENCH_OBB3_FLOAT_H
#define FIXCOL_BENCH_OBB3_FLOAT_H

#include <fixcol/shapes.h>

/* A box in float units: centre, half-extents, unit axes u[i]. */
typedef struct fbox {
    float c[3], e[3], u[3][3];
} fbox;

fbox bench_fbox(const fc_obb3 *b);
/* Ericson's 15-axis test (Real-Time Collision Detection 4.4.1): 1 overlap. */
int bench_ericson_obb(const fbox *a, const fbox *b);
/* Closest point on the box (5.1.4) within r of c: 1 overlap. */
int bench_float_sphere_obb(const float c[3], float r, const fbox *b);

#endif
