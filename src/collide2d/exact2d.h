/* SPDX-License-Identifier: MIT */
/* Private exact-arithmetic helpers for the 2D narrowphase: 128-bit cross and
 * dot products of int64 vectors, a 256-bit product comparison, and the
 * rounded conversions (lengths, ratios, unit vectors) used only for contact
 * depths and normals, never for a boolean answer. */
#ifndef FIXCOL_EXACT2D_H
#define FIXCOL_EXACT2D_H

#include <stdint.h>

#include <fixcol/vec.h>
#include <fixcol/wide.h>

/* Number of significant bits of v (0 for 0). */
static inline int x2_bitlen64(uint64_t v)
{
#if defined(__GNUC__) || defined(__clang__)
    return v == 0 ? 0 : 64 - __builtin_clzll(v);
#else
    int n = 0;
    for (int step = 32; step > 0; step >>= 1)
        if (v >> step) {
            v >>= step;
            n += step;
        }
    return n + (v != 0);
#endif
}

/* Exact ax*by - ay*bx and ax*bx + ay*by; |components| < 2^62. */
static inline fc_i128 x2_cross(int64_t ax, int64_t ay, int64_t bx, int64_t by)
{
    return fc_i128_sub(fc_i128_mul_i64(ax, by), fc_i128_mul_i64(ay, bx));
}

static inline fc_i128 x2_dot(int64_t ax, int64_t ay, int64_t bx, int64_t by)
{
    return fc_i128_mul_add(ax, bx, ay, by);
}

static inline fc_i128 x2_abs(fc_i128 v) { return fc_i128_sign(v) < 0 ? fc_i128_neg(v) : v; }

/* Exact comparison of x*y with z*w for 0 <= x, y, z, w < 2^127: -1, 0, 1. */
int x2_cmp_prod(fc_i128 x, fc_i128 y, fc_i128 z, fc_i128 w);

/* Exact comparison of x*y*z with u*v*w, all in [0, 2^127): -1, 0, 1. */
int x2_cmp_prod3(fc_i128 x, fc_i128 y, fc_i128 z, fc_i128 u, fc_i128 v, fc_i128 w);

/* floor(num / (|(ax, ay)| * 2^16)) exactly, for 0 <= num < 2^110 and an
 * axis with |components| < 2^50: a length in Q16.16 raw units when num is a
 * projection (axis . point) of Q32.32 values. A rounded estimate (reduced
 * axis, 64-bit isqrt and division) is stepped to the exact floor with
 * 256-bit comparisons. Saturates at INT32_MAX. */
int64_t x2_ratio_raw(fc_i128 num, int64_t ax, int64_t ay);

/* floor(|(x, y)| / 2^16) exactly (a Q32.32 vector's length in raw units),
 * |x|, |y| < 2^50. */
int64_t x2_len_raw(int64_t x, int64_t y);

/* The Q16.16 unit vector of direction (x, y), each component rounded to
 * nearest (ties away from zero, so unit(-v) == -unit(v)); (1, 0) for the zero
 * vector. Components within 1.5 raw of the exact unit vector. */
fc_vec2 x2_unit(int64_t x, int64_t y);

/* The unit vector of direction (x, y) in Q2.30 (2^30 = 1), components
 * rounded to nearest, relative error < 2^-28; (2^30, 0) for the zero vector.
 * Used to place contact points far from the shape (offsets up to 2^30 raw)
 * within 4 raw. */
void x2_unit30(int64_t x, int64_t y, int64_t *ux, int64_t *uy);

/* A Q32.32 value rounded to Q16.16 raw (to nearest, ties up). */
static inline int64_t x2_q32_to_raw(int64_t v) { return fc_i64_shr_floor(v + 32768, 16); }

/* x2_q32_to_raw as a fix16_t, saturated: a guard that never acts on the
 * contact points of valid shapes (|.| < 2^30 raw), kept so that every
 * int64_t the analysis cannot bound converts without leaving the type. */
static inline fix16_t x2_q32_to_fix16(int64_t v)
{
    int64_t r = x2_q32_to_raw(v);
    return (fix16_t)(r < INT32_MIN ? INT32_MIN : r > INT32_MAX ? INT32_MAX : r);
}

#endif
