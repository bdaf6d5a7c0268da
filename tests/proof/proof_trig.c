/* EVA harnesses for fixcol/trig.h (src/trig.c with the committed table).
 * Documented range: every angle, every fix16_t. */
#include "proof.h"

#include <fixcol/trig.h>

fix16_t sink_f;
fc_sincos sink_sc;
fc_angle sink_a;

/* Domain split for the table interpolation. The sine of position p in a
 * quadrant (p = x, or 16384 - x in the mirrored quadrants, x = a mod 16384)
 * is lo*16 + (hi - lo)*f with lo, hi = table[p/16], table[p/16 + 1] and
 * f = p mod 16, shifted right by 18: it is never negative only because the
 * table rises. EVA keeps no relation between the two reads, so over all p at
 * once it bounds (hi - lo) by min(hi) - max(lo) < 0 and reports a possible
 * right shift of a negative value. Over a range of p whose table value at
 * least doubles from end to start the plain interval bound is already
 * non-negative, so the quadrant is split into ranges of x that double away
 * from 0 and from 16384 (the list is symmetric under x -> 16384 - x, so the
 * mirrored quadrants and fc_cos, which reads the next quadrant at the same
 * x, meet the same ranges). The loops are unrolled: EVA analyses each of the
 * 4 x 28 ranges separately, and together they are exactly the 65536 angles
 * (the starts rise from 0 to 16384). */
#define X_RANGES 28
static const uint32_t x_start[X_RANGES + 1] = {
    0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192,
    8193, 12289, 14337, 15361, 15873, 16129, 16257, 16321, 16353, 16369, 16377, 16381, 16383,
    FC_ANGLE_QUARTER};

static fc_angle angles_in(uint32_t quadrant, uint32_t range)
{
    uint32_t base = quadrant * FC_ANGLE_QUARTER;
    return (fc_angle)U32_IN(base + x_start[range], base + x_start[range + 1] - 1u);
}

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
