/* SPDX-License-Identifier: MIT */
/* Table-based sine and cosine over binary angles (see fixcol/trig.h). */
#include <fixcol/trig.h>

#include <fixcol/wide.h>

#include "trig_table.h"
#include "nofloat.h"

/* Angle units per table interval: 16384 / 1024. */
#define STEPS_PER_INTERVAL 16u
#define STEP_BITS 4u

/* sin over the first quadrant, x in 0..16384 (x = 16384 is 90 degrees).
 * Interpolates in Q2.30 scaled by 16 (Q34 < 2^35) and rounds once to Q16.16;
 * all values are non-negative, so the rounding shift is plain. */
static fix16_t quarter_sin(uint32_t x)
{
    uint32_t i = x >> STEP_BITS;
    int64_t f = (int64_t)(x & (STEPS_PER_INTERVAL - 1u));
    int64_t lo = fc_sin_q30[i];
    int64_t hi = fc_sin_q30[i + 1u];
    int64_t v = lo * (int64_t)STEPS_PER_INTERVAL + (hi - lo) * f;
    return (fix16_t)((v + ((int64_t)1 << 17)) >> 18);
}

fix16_t fc_sin(fc_angle a)
{
    uint32_t quadrant = (uint32_t)a >> 14;
    uint32_t x = (uint32_t)a & (FC_ANGLE_QUARTER - 1u);
    /* Quadrants 1 and 3 run the table backwards, so mirror symmetries are
     * exact; quadrants 2 and 3 negate. */
    fix16_t v = quarter_sin((quadrant & 1u) ? FC_ANGLE_QUARTER - x : x);
    return (quadrant & 2u) ? -v : v;
}

fix16_t fc_cos(fc_angle a)
{
    return fc_sin((fc_angle)(a + FC_ANGLE_QUARTER));
}

fc_sincos fc_sincos_of(fc_angle a)
{
    fc_sincos r;
    r.s = fc_sin(a);
    r.c = fc_cos(a);
    return r;
}

/* floor(n / d) for d > 0, written without negative division rounding
 * questions (C truncates toward zero). */
static int64_t floor_div(int64_t n, int64_t d)
{
    int64_t q = n / d;
    return (n % d != 0 && n < 0) ? q - 1 : q;
}

static fc_angle wrap(int64_t units)
{
    return (fc_angle)((uint64_t)units & (FC_ANGLE_TURN - 1u));
}

fc_angle fc_angle_from_deg(fix16_t deg)
{
    /* deg raw = degrees * 65536; angle = degrees * 65536 / 360 = raw / 360.
     * round half up: floor((2 raw + 360) / 720). */
    return wrap(floor_div(2 * (int64_t)deg + 360, 720));
}

fix16_t fc_angle_to_deg(fc_angle a)
{
    return (fix16_t)((int32_t)a * 360);
}

fc_angle fc_angle_from_rad(fix16_t rad)
{
    /* 2^32 / (2 pi) = 683565275.58; angle = rad raw * that / 2^32. */
    const int64_t turn_per_rad_q32 = 683565276;
    return wrap(fc_i64_shr_floor((int64_t)rad * turn_per_rad_q32 + ((int64_t)1 << 31), 32));
}
