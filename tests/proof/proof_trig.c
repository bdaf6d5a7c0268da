/* SPDX-License-Identifier: MIT */
/* EVA harnesses for fixcol/trig.h (src/core/trig.c with the committed table).
 * Documented range: every angle, every fix16_t. */
#include "proof.h"

#include <fixcol/trig.h>

#include "trig_split.h"

fix16_t sink_f;
fc_sincos sink_sc;
fc_angle sink_a;

void proof_sin(void)
{
    //@ loop unroll 4;
    for (uint32_t q = 0; q < 4u; q++)
        //@ loop unroll 28;
        for (uint32_t r = 0; r < X_RANGES; r++)
            sink_f = fc_sin(angles_in(q, r));
}

void proof_cos(void)
{
    //@ loop unroll 4;
    for (uint32_t q = 0; q < 4u; q++)
        //@ loop unroll 28;
        for (uint32_t r = 0; r < X_RANGES; r++)
            sink_f = fc_cos(angles_in(q, r));
}

void proof_sincos_of(void)
{
    //@ loop unroll 4;
    for (uint32_t q = 0; q < 4u; q++)
        //@ loop unroll 28;
        for (uint32_t r = 0; r < X_RANGES; r++)
            sink_sc = fc_sincos_of(angles_in(q, r));
}

void proof_angle_from_deg(void) { sink_a = fc_angle_from_deg(ANY_I32()); }

void proof_angle_to_deg(void) { sink_f = fc_angle_to_deg((fc_angle)Frama_C_unsigned_short_interval(0, UINT16_MAX)); }

void proof_angle_from_rad(void) { sink_a = fc_angle_from_rad(ANY_I32()); }
