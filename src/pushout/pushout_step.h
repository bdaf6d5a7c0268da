/* SPDX-License-Identifier: MIT */
/* Arithmetic of the push-out (src/pushout/pushout2d.c, src/pushout/pushout3d.c): the step
 * length schedule, the rounded scaled normal and the range-checked move of
 * one coordinate. Pure integer functions, proven by EVA
 * (tests/proof/proof_pushout.c). */
#ifndef FIXCOL_PUSHOUT_STEP_H
#define FIXCOL_PUSHOUT_STEP_H

#include <stdint.h>

#include <fixcol/shapes.h>

/* Rounds of the push-out loop (see fc_pushout_step). */
#define FC_PUSHOUT_MAX_ROUNDS 31
/* Cap of a step (raw): a step this long moves B more than 2^32 * (1 - 2^-14)
 * / sqrt 3 > 2^30 raw along some axis, out of the range. */
#define FC_PUSHOUT_MAX_STEP ((int64_t)1 << 33)
/* |move| per coordinate above which any point leaves the range. */
#define FC_PUSHOUT_MAX_MOVE ((int64_t)2 * FC_COORD_LIMIT)

/* Step length of round k in [0, FC_PUSHOUT_MAX_ROUNDS): depth + extra +
 * (4 + floor(depth / 2^13)) * 2^k raw, capped at FC_PUSHOUT_MAX_STEP (a
 * capped step always leaves the range). depth < 0 (never given) counts as
 * 0; extra in [0, 1]. Round 29 steps >= 2^31 raw, so the loop has ended
 * with a separation or a range error by then. */
int64_t fc_pushout_step(int32_t depth, int64_t extra, int k);

/* round(n * s / 2^16) to nearest, ties toward +infinity; n in
 * [-2^17, 2^17], s in [0, FC_PUSHOUT_MAX_STEP]. */
int64_t fc_pushout_scale(int32_t n, int64_t s);

/* *out = coord + d when it stays within [-FC_COORD_LIMIT, FC_COORD_LIMIT]
 * (returns 1); else returns 0 and leaves *out unchanged. coord in
 * [-FC_COORD_LIMIT, FC_COORD_LIMIT], |d| <= 2^52. */
int fc_pushout_move(int32_t coord, int64_t d, int32_t *out);

#endif
