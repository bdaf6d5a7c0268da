/* SPDX-License-Identifier: MIT */
/* Private: exact ray parameters and Cyrus-Beck clipping with them.
 *
 * A ray hit parameter is t = (p + s * sqrt(q)) / r with integers p, q, r
 * (r > 0, q >= 0) and s in {-1, 0, 1}: rational for polygonal shapes
 * (s == 0), a quadratic surd for circles, capsules and spheres. Two
 * parameters are compared exactly (sign analysis and squaring in big
 * integers, src/core/bigint.c); nothing is rounded before a comparison.
 */
#ifndef FIXCOL_SRC_RAY_PARAM_H
#define FIXCOL_SRC_RAY_PARAM_H

#include <stdint.h>

#include <fixcol/shapes.h>
#include <fixcol/wide.h>
#include <fixmath.h>

#include "core/bigint.h"

/* qh: the high part of a wide q (q + qh 2^126), 0 but for the 3D capsule's
 * cylinder (src/cast/ray_shape.c: |p|, r < 2^127, q + qh 2^126 < 2^253),
 * whose parameters are compared and floored by big integers alone. */
typedef struct fc_rayt {
    fc_i128 p, q, r;
    int32_t s;
    fc_i128 qh;
} fc_rayt;

/* num / den, den != 0; |num|, |den| < 2^100. */
fc_rayt fc_rayt_ratio(fc_i128 num, fc_i128 den);
/* (p + s sqrt(q)) / r, r != 0, 0 <= q < 2^126, |p|, |r| < 2^100, s in -1..1
 * (normalised to r > 0). */
fc_rayt fc_rayt_surd(fc_i128 p, int32_t s, fc_i128 q, fc_i128 r);
/* q + qh 2^126 as a big integer. */
fc_big fc_rayt_q(const fc_rayt *t);
/* -1, 0, 1 as a <, ==, > b, exactly. |p|, |r| < 2^100, q < 2^126. */
int fc_rayt_cmp(const fc_rayt *a, const fc_rayt *b);
/* floor(t * 65536) for t in [0, 1], exactly. */
fix16_t fc_rayt_floor16(const fc_rayt *t);

/* The parameter interval [enter, exit] of a ray inside a convex set given
 * as constraints; starts as [0, 1]. */
typedef struct fc_ray_clip {
    fc_rayt enter, exit;
    int empty;
} fc_ray_clip;

void fc_ray_clip_init(fc_ray_clip *c);
/* Add the constraint n0 + t * n1 <= sigma * sqrt(q) (sigma 0 or 1),
 * |n0|, |n1| < 2^100, 0 <= q < 2^126. (src/cast/ray_shape.c passes |n0|,
 * |n1| < 2^81 and q < 2^118; every parameter it makes has |p|, r < 2^82,
 * q < 2^124.) */
void fc_ray_clip_add(fc_ray_clip *c, fc_i128 n0, fc_i128 n1, int32_t sigma, fc_i128 q);
/* 1 when the interval is not empty (then enter is the entry parameter). */
int fc_ray_clip_hit(const fc_ray_clip *c);

#endif
