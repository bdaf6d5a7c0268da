/* SPDX-License-Identifier: MIT */
/* The angle ranges over which EVA proves the table sine (proof_trig.c), shared
 * with the harnesses that need rotations (an OBB's rot = fc_sincos_of(angle)). */
#ifndef FIXCOL_PROOF_TRIG_SPLIT_H
#define FIXCOL_PROOF_TRIG_SPLIT_H

#include "proof.h"

#include <fixcol/trig.h>

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

#endif
