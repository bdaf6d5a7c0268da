/* SPDX-License-Identifier: MIT */
/* Private helpers shared by the 3D pair tests (src/collide3d_*.c). */
#ifndef FIXCOL_COLLIDE3D_INTERNAL_H
#define FIXCOL_COLLIDE3D_INTERNAL_H

#include <fixcol/collide3d.h>

/* A box in doubled raw coordinates, so an AABB's centre (min + max) / 2 is
 * exact: the box is c/2 + sum t_i ax[i] with |t_i| <= h_i/2 (raw Q16.16). */
typedef struct fc3_box {
    int64_t c[3];  /* 2 * centre, raw; |.| <= 2^30 */
    int64_t h[3];  /* 2 * half-extents, raw; 1..2^29 */
    fc_vec3 ax[3]; /* Q16.16 axes, valid per fc_obb3_validate */
} fc3_box;

/* Inline: the overlap tests run often enough that the copies matter. */
static inline fc3_box fc3_box_from_aabb(const fc_aabb3 *b)
{
    fc3_box r;
    r.c[0] = (int64_t)b->min.x + b->max.x;
    r.c[1] = (int64_t)b->min.y + b->max.y;
    r.c[2] = (int64_t)b->min.z + b->max.z;
    r.h[0] = (int64_t)b->max.x - b->min.x;
    r.h[1] = (int64_t)b->max.y - b->min.y;
    r.h[2] = (int64_t)b->max.z - b->min.z;
    r.ax[0] = (fc_vec3){ 65536, 0, 0 };
    r.ax[1] = (fc_vec3){ 0, 65536, 0 };
    r.ax[2] = (fc_vec3){ 0, 0, 65536 };
    return r;
}

static inline fc3_box fc3_box_from_obb(const fc_obb3 *b)
{
    fc3_box r;
    r.c[0] = 2 * (int64_t)b->center.x;
    r.c[1] = 2 * (int64_t)b->center.y;
    r.c[2] = 2 * (int64_t)b->center.z;
    r.h[0] = 2 * (int64_t)b->half.x;
    r.h[1] = 2 * (int64_t)b->half.y;
    r.h[2] = 2 * (int64_t)b->half.z;
    r.ax[0] = b->axis[0];
    r.ax[1] = b->axis[1];
    r.ax[2] = b->axis[2];
    return r;
}

/* Exact separating-axis overlap of two boxes (see fixcol/collide3d.h),
 * evaluated adaptively (src/collide3d/collide3d_boxfilter.c). */
int fc3_box_overlap(const fc3_box *a, const fc3_box *b);
/* The box filter's estimate of axis k's separation margin (k in 0..14: A
 * faces, B faces, a_i x b_j at 6 + 3i + j) and in *bound its error bound
 * (src/collide3d/collide3d_boxfilter.c); for the tests at the bound. */
int64_t fc3_box_filter_estimate(const fc3_box *a, const fc3_box *b, int k, int64_t *bound);
/* 1 when the box filter's shortcut proves B's centre inside A. */
int fc3_box_filter_centre_inside(const fc3_box *a, const fc3_box *b);
/* Sphere/OBB3 filter: 1 or 0 when a cheap 64-bit test decides the overlap,
 * -1 when only the exact test can (src/collide3d/collide3d_sphere_obb_filter.c). */
int fc3_sphere_obb_filter(const fc_sphere *a, const fc_obb3 *b);
/* fc3_box_overlap, and when it is 1 the contact in *out (A to B). */
int fc3_box_contact(const fc3_box *a, const fc3_box *b, fc_contact3_result *out);

/* *out = the Q16.16 unit vector along v (any components > INT64_MIN), each
 * component within 0.5 raw + 2^-12 raw of exact; the zero vector for v = 0.
 * Exactly odd: fc3_unit(-v) == -fc3_unit(v).
 * No fc_vec3 (12-byte) return values in src/: tcc 0.9.27 on x86_64 stores
 * both 8-byte return registers into a 12-byte temporary, overwriting the 4
 * bytes of the caller's neighbouring local. Results go through out-params. */
void fc3_unit(int64_t x, int64_t y, int64_t z, fc_vec3 *out);

/* floor(num / den) for 0 <= num < 2^127, 0 < den, quotient < 2^64. */
uint64_t fc3_udiv(fc_i128 num, uint64_t den);
/* The same by shift-and-subtract only (the path without native __int128;
 * public here so tests can check both paths agree). */
uint64_t fc3_udiv_limbs(fc_i128 num, uint64_t den);

/* num / den truncated toward zero, den > 0, |quotient| < 2^63. */
int64_t fc3_sdiv(fc_i128 num, uint64_t den);

/* round(sqrt(v)) (ties up) for 0 <= v < 2^126. */
int64_t fc3_round_sqrt(fc_i128 v);

/* round(v / 2^s) to nearest, ties toward +infinity, s in 1..62. */
static inline int64_t fc3_round_shr(int64_t v, unsigned s)
{
    return fc_i64_shr_floor(v + ((int64_t)1 << (s - 1)), s);
}

/* |v| of a 128-bit value as 128 bits (v > -2^127). */
static inline fc_i128 fc3_abs128(fc_i128 v) { return fc_i128_sign(v) < 0 ? fc_i128_neg(v) : v; }

/* The contact seen from the other shape: negated normal, same depth, point. */
static inline fc_contact3_result fc3_flip(fc_contact3_result c)
{
    c.normal = (fc_vec3){ -c.normal.x, -c.normal.y, -c.normal.z };
    return c;
}

/* Signed 256-bit integers (four little-endian limbs, two's complement),
 * just enough for the exact sphere/OBB3 face test: products of two fc_i128
 * with |value| < 2^127, differences and comparisons (src/collide3d/collide3d_wide256.c). */
typedef struct fc3_i256 {
    uint64_t w[4];
} fc3_i256;
fc3_i256 fc3_mul256(fc_i128 a, fc_i128 b);
fc3_i256 fc3_sub256(fc3_i256 a, fc3_i256 b);
int fc3_cmp256(fc3_i256 a, fc3_i256 b);

/* Lexicographic comparison of n int32 fields: -1, 0, 1. */
int fc3_cmp_fields(const int32_t *a, const int32_t *b, int n);

#endif
