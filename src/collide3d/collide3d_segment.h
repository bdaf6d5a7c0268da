/* SPDX-License-Identifier: MIT */
/* Private: exact segment distance predicates and approximate closest
 * points for the capsule pair tests (src/collide3d/collide3d_segment.c).
 *
 * Points are int64 triples in one common integer scale (raw Q16.16 for
 * capsule/capsule and capsule/sphere, 2^17 * raw for box edges); every
 * coordinate must satisfy |.| < 2^48 and the distance bound 0 <= rr < 2^46.
 * The predicates compare squared distances exactly: dot products in
 * fc_i128 (< 2^100), squared cross products and their products with rr^2
 * as fc_big (< 2^300). */
#ifndef FIXCOL_COLLIDE3D_SEGMENT_H
#define FIXCOL_COLLIDE3D_SEGMENT_H

#include <stdint.h>

#include <fixcol/wide.h>

/* 1 when the point x is within rr (closed) of the segment [q0, q1]
 * (q0 == q1 allowed). */
int fc3_point_seg_within(const int64_t x[3], const int64_t q0[3], const int64_t q1[3], int64_t rr);

/* 1 when the segments [p0, p1] and [q0, q1] come within rr (closed) of
 * each other (either may be a point). */
int fc3_seg_seg_within(const int64_t p0[3], const int64_t p1[3], const int64_t q0[3], const int64_t q1[3],
                       int64_t rr);

/* Approximate closest points of p0 + s d1 and q0 + t d2, s, t in [0, 1]
 * (Ericson's clamped solution; raw coordinates, |p0|, |q0| <= 2^29,
 * |d| <= 2^30 per component): *s, *t in [0, 2^32] (fraction * 2^32). */
void fc3_seg_closest(const int64_t p0[3], const int64_t d1[3], const int64_t q0[3], const int64_t d2[3], int64_t *s,
                     int64_t *t);

/* floor(num * 2^32 / den) for 0 <= num <= den, den > 0, within 1 of the
 * exact value for den < 2^62 and within 2^-29 relative otherwise. */
int64_t fc3_ratio_q32(fc_i128 num, fc_i128 den);

#endif
