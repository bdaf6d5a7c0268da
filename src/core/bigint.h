/* SPDX-License-Identifier: MIT */
/* Private: small exact signed integers of up to FC_BIG_LIMBS * 32 bits
 * (sign and magnitude, 32-bit limbs), for the exact comparison of ray-hit
 * parameters (src/cast/ray_param.c), whose squared cross products reach ~660
 * bits, and of shape-cast parameters (src/cast/cast_param.h), which reach ~1100.
 * Values are plain structs; operations never overflow inside the
 * documented sizes (callers keep |results| < 2^1500). */
#ifndef FIXCOL_SRC_BIGINT_H
#define FIXCOL_SRC_BIGINT_H

#include <stdint.h>

#include <fixcol/wide.h>

#define FC_BIG_LIMBS 48

typedef struct fc_big {
    int32_t sign; /* -1, 0, 1 */
    int32_t n;    /* limbs in use (mag[n - 1] != 0 unless n == 0) */
    uint32_t mag[FC_BIG_LIMBS]; /* limbs at and above n are zero (every result is zero-filled first) */
} fc_big;

fc_big fc_big_from_i128(fc_i128 v);
fc_big fc_big_add(const fc_big *a, const fc_big *b);
fc_big fc_big_sub(const fc_big *a, const fc_big *b);
fc_big fc_big_mul(const fc_big *a, const fc_big *b);
/* a = -a. */
void fc_big_neg_in_place(fc_big *a);
/* -1, 0, 1 as a <, ==, > b. */
int fc_big_cmp(const fc_big *a, const fc_big *b);
/* sign(K + s sqrt(X)), X >= 0, s in -1..1. */
int fc_big_sign_surd2(const fc_big *K, int s, const fc_big *X);
/* sign(K + a sqrt(X) + b sqrt(Y)), X, Y >= 0, a, b in -1..1 (the squares
 * formed inside stay below 2^(FC_BIG_LIMBS * 32) when |K|^2 |Y| does). */
int fc_big_sign_surd3(const fc_big *K, int a, const fc_big *X, int b, const fc_big *Y);

#endif
