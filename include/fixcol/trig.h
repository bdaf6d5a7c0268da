/* SPDX-License-Identifier: MIT */
/* fixcol/trig.h - binary angles and table-based sine/cosine.
 *
 * An angle is a fc_angle: an unsigned 16-bit count of 1/65536 of a full turn
 * (one unit = 360/65536 = 0.0054931640625 degrees). Arithmetic on angles wraps
 * exactly: add or subtract and store back into a fc_angle.
 *
 * Sine and cosine come from a committed quarter-wave table (1024 intervals,
 * Q2.30 entries, generated exactly by tools/gen_trig_table.py) with integer
 * linear interpolation and one final rounding. Guarantees, proven by an
 * exhaustive test over all 65536 angles (tests/test_trig.c):
 *   - |fc_sin(a) - sin(a)| < 0.52 ulp of Q16.16 (ulp = 1/65536);
 *   - exact at the quadrant angles: sin 0 = 0, sin 90 deg = 1.0, ...;
 *   - fc_sin(-a) == -fc_sin(a), fc_sin(a + half) == -fc_sin(a),
 *     fc_sin(quarter - a) == fc_cos(a), fc_cos(-a) == fc_cos(a);
 *   - |sin^2 + cos^2 - 1| <= 2 ulp.
 * No global mutable state: safe from any number of threads.
 */
#ifndef FIXCOL_TRIG_H
#define FIXCOL_TRIG_H

#include <fixcol/api.h>

#include <stdint.h>
#include <fixmath.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Binary angle: 65536 units per turn, counter-clockwise positive. */
typedef uint16_t fc_angle;

#define FC_ANGLE_TURN 65536u
#define FC_ANGLE_HALF 32768u
#define FC_ANGLE_QUARTER 16384u

/* A sine/cosine pair in Q16.16, each in [-65536, 65536]. */
typedef struct fc_sincos {
    fix16_t s, c;
} fc_sincos;

/* Sine and cosine of a (Q16.16, in [-1.0, 1.0]). Any angle is valid. */
FC_API fix16_t fc_sin(fc_angle a);
FC_API fix16_t fc_cos(fc_angle a);
FC_API fc_sincos fc_sincos_of(fc_angle a);

/* Degrees (Q16.16, any value, negative allowed) to the nearest binary angle,
 * ties rounded up, wrapped to one turn: round(deg * 65536 / 360) mod 65536.
 * Integer-only. */
FC_API fc_angle fc_angle_from_deg(fix16_t deg);

/* The exact angle in degrees as Q16.16: a * 360/65536, in [0, 360). */
FC_API fix16_t fc_angle_to_deg(fc_angle a);

/* Radians (Q16.16, any value) to a binary angle: round(rad * 65536 / (2 pi))
 * mod 65536, using the 2^32/(2 pi) constant rounded to an integer, so the
 * result is within 1 unit of the exact conversion. Integer-only. */
FC_API fc_angle fc_angle_from_rad(fix16_t rad);

#ifdef __cplusplus
}
#endif

#endif
