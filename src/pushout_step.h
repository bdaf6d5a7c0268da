/* SPDX-License-Identifier: MIT */
/* Arithmetic of the push-out (src/pushout2d.c, src/pushout3d.c): the step
 * length schedule, the rounded scaled normal and the range-checked move of
 * one coordinate. Pure integer functions, proven by EVA
 * (tests/proof/proof_pushout.c). */
#ifndef FIXCOL_PUSHOUT_STEP_H
#define FIXCOL_PUSHOUT_STEP_H

#include <stdint.h>

#include <fixcol/shapes.h>

/* Largest step length the loop tries (raw); beyond it every ray has left
 * the coordinate range (|n| >= 1/2, so |delta| >= 2^33 exceeds the range's
 * diameter 2^30 * sqrt 3). */
#define FC_PUSHOUT_MAX_STEP ((int64_t)1 << 34)

/* First extension beyond the depth: 4 + floor(depth / 2^13) raw, depth in
 * [0, 2^31). */
int64_t fc_pushout_first_extension(int32_t depth);

/* round(n * s / 2^16) to nearest, ties toward +infinity; n in
 * [-2^17, 2^17], s in [0, 2^35]. */
int64_t fc_pushout_scale(int32_t n, int64_t s);

/* *out = coord + d when it stays within [-FC_COORD_LIMIT, FC_COORD_LIMIT]
 * (returns 1); else returns 0 and leaves *out unchanged. coord in
 * [-FC_COORD_LIMIT, FC_COORD_LIMIT], |d| <= 2^52. */
int fc_pushout_move(int32_t coord, int64_t d, int32_t *out);

#endif
