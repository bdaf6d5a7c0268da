/* SPDX-License-Identifier: MIT */
/* Ray against one shape, exactly (cast/ray_shape.c). */
#ifndef FIXCOL_RAY_SHAPE_H
#define FIXCOL_RAY_SHAPE_H

#include <stdint.h>

#include <fixcol/shapes.h>

#include "ray_param.h"

/* A segment ray o + t d, t in [0, 1], in raw Q16.16 with int64 components
 * (z unused in 2D): o within the coordinate range, |d| <= 2^30 per axis. */
typedef struct fc_ray_seg {
    int64_t o[3], d[3];
} fc_ray_seg;

/* The entry parameter of r into a valid shape s (fc_shape2_validate /
 * fc_shape3_validate): 1 and *t, or 0 for a miss. A ray that starts inside
 * enters at t = 0. */
int fc_ray_shape2(const fc_ray_seg *r, const fc_shape2 *s, fc_rayt *t);
int fc_ray_shape3(const fc_ray_seg *r, const fc_shape3 *s, fc_rayt *t);

/* fc_ray_shape2 of the ray origin + t * (dx, dy) (used by the sector test). */
int fc_ray2_entry(fc_vec2 origin, int64_t dx, int64_t dy, const fc_shape2 *s, fc_rayt *t);

#endif
