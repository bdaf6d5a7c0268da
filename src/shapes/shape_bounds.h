/* SPDX-License-Identifier: MIT */
/* Shape checks and conservative bounds (shapes/shape_bounds.c). */
#ifndef FIXCOL_SHAPE_BOUNDS_H
#define FIXCOL_SHAPE_BOUNDS_H

#include <stdint.h>

#include <fixcol/shapes.h>
#include <fixcol/status.h>

/* Validate s (fc_shape2_validate / fc_shape3_validate) and compute its
 * outward-rounded integer bounds, raw Q16.16: every point of the shape lies in
 * [min, max] (z is 0 in 2D). Returns the validator's status (bounds unset
 * then), FC_OK otherwise; |bounds| < 2^31 over the validators' ranges. */
fc_status fc_shape2_bounds(const fc_shape2 *s, int32_t min[3], int32_t max[3]);
fc_status fc_shape3_bounds(const fc_shape3 *s, int32_t min[3], int32_t max[3]);

#endif
