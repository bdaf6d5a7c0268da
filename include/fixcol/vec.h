/* SPDX-License-Identifier: MIT */
/* fixcol/vec.h - fixed-point 2D/3D vectors and exact wide products.
 *
 * Components are Q16.16 (fix16_t: raw value / 65536 units). Products of two
 * Q16.16 values are returned exactly as Q32.32 in int64_t (raw a * raw b),
 * never rounded. Ranges are stated per function; inside them nothing
 * overflows. Everything here is inline, integer-only and allocation-free.
 */
#ifndef FIXCOL_VEC_H
#define FIXCOL_VEC_H

#include <stdint.h>
#include <fixmath.h>

#include <fixcol/wide.h>

#ifdef __cplusplus
extern "C" {
#endif

/* 2D vector in Q16.16 units. */
typedef struct fc_vec2 {
    fix16_t x, y;
} fc_vec2;

/* 3D vector in Q16.16 units (Y up in the 3D modules). */
typedef struct fc_vec3 {
    fix16_t x, y, z;
} fc_vec3;

/* 3D vector of exact Q32.32 values (for example a cross product). */
typedef struct fc_vec3w {
    int64_t x, y, z;
} fc_vec3w;

static inline fc_vec2 fc_vec2_make(fix16_t x, fix16_t y)
{
    fc_vec2 v;
    v.x = x;
    v.y = y;
    return v;
}

static inline fc_vec3 fc_vec3_make(fix16_t x, fix16_t y, fix16_t z)
{
    fc_vec3 v;
    v.x = x;
    v.y = y;
    v.z = z;
    return v;
}

/* a + b and a - b. Range: every component of the result must fit fix16_t;
 * with |components| < 2^30 raw (under 16384 units) it always does
 * (2^30 + 2^30 would not). */
static inline fc_vec2 fc_vec2_add(fc_vec2 a, fc_vec2 b) { return fc_vec2_make(a.x + b.x, a.y + b.y); }
static inline fc_vec2 fc_vec2_sub(fc_vec2 a, fc_vec2 b) { return fc_vec2_make(a.x - b.x, a.y - b.y); }
static inline fc_vec3 fc_vec3_add(fc_vec3 a, fc_vec3 b) { return fc_vec3_make(a.x + b.x, a.y + b.y, a.z + b.z); }
static inline fc_vec3 fc_vec3_sub(fc_vec3 a, fc_vec3 b) { return fc_vec3_make(a.x - b.x, a.y - b.y, a.z - b.z); }

/* Exact Q32.32 dot product a.x*b.x + a.y*b.y.
 * Range: components != INT32_MIN (then |result| < 2^63). */
static inline int64_t fc_vec2_dot(fc_vec2 a, fc_vec2 b)
{
    return (int64_t)a.x * b.x + (int64_t)a.y * b.y;
}

/* Exact Q32.32 2D cross product (z of the 3D cross) a.x*b.y - a.y*b.x:
 * > 0 when b is counter-clockwise of a. Range: components != INT32_MIN. */
static inline int64_t fc_vec2_cross(fc_vec2 a, fc_vec2 b)
{
    return (int64_t)a.x * b.y - (int64_t)a.y * b.x;
}

/* Exact Q32.32 3D dot product. Range: |components| <= 2^30 raw (16384 units),
 * so the sum stays below 3 * 2^60. Use fc_vec3_dot_wide for full range. */
static inline int64_t fc_vec3_dot(fc_vec3 a, fc_vec3 b)
{
    return (int64_t)a.x * b.x + (int64_t)a.y * b.y + (int64_t)a.z * b.z;
}

/* Exact 3D dot product for any components. */
static inline fc_i128 fc_vec3_dot_wide(fc_vec3 a, fc_vec3 b)
{
    return fc_i128_add(fc_i128_mul_add(a.x, b.x, a.y, b.y), fc_i128_from_i64((int64_t)a.z * b.z));
}

/* Exact Q32.32 3D cross product a x b (right-handed). Range: components !=
 * INT32_MIN. */
static inline fc_vec3w fc_vec3_cross(fc_vec3 a, fc_vec3 b)
{
    fc_vec3w r;
    r.x = (int64_t)a.y * b.z - (int64_t)a.z * b.y;
    r.y = (int64_t)a.z * b.x - (int64_t)a.x * b.z;
    r.z = (int64_t)a.x * b.y - (int64_t)a.y * b.x;
    return r;
}

/* Q16.16 product a * b rounded to nearest, ties toward +infinity:
 * floor((a*b + 2^15) / 2^16). Range: the result must fit fix16_t (for
 * example |a|, |b| <= 2^23 raw, or |a| <= 1.0 and b != INT32_MIN: -1.0 times
 * INT32_MIN would be 2^31). Integer-only and independent of libfixmath's
 * FIXMATH_* build options. */
static inline fix16_t fc_mul(fix16_t a, fix16_t b)
{
    return (fix16_t)fc_i64_shr_floor((int64_t)a * b + 32768, 16);
}

#ifdef __cplusplus
}
#endif

#endif
