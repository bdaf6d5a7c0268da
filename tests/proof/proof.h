/* SPDX-License-Identifier: MIT */
/* Shared helpers of the Frama-C EVA harnesses (tests/proof/*.c).
 *
 * Each harness entry point (proof_*) draws every input of one function from
 * its whole documented range with the Frama_C_*_interval builtins, calls the
 * function and stores the result in a global sink. EVA then computes, for
 * every input in those ranges at once, whether any operation can overflow,
 * shift out of range, divide by zero or read out of bounds; run_eva.sh fails
 * on any such alarm. These files are analysed, never compiled. */
#ifndef FIXCOL_PROOF_H
#define FIXCOL_PROOF_H

#include "__fc_builtin.h"
#include <stdint.h>

#include <fixcol/vec.h>
#include <fixcol/wide.h>

#define ANY_I32() Frama_C_int_interval(INT32_MIN, INT32_MAX)
#define ANY_U32() Frama_C_unsigned_int_interval(0u, UINT32_MAX)
#define ANY_I64() ((int64_t)Frama_C_long_long_interval(INT64_MIN, INT64_MAX))
#define ANY_U64() ((uint64_t)Frama_C_unsigned_long_long_interval(0u, UINT64_MAX))
#define I32_IN(lo, hi) ((int32_t)Frama_C_int_interval((lo), (hi)))
#define U32_IN(lo, hi) ((uint32_t)Frama_C_unsigned_int_interval((lo), (hi)))

/* Any 128-bit value. */
static inline fc_i128 any_i128(void)
{
    return fc_i128_make(ANY_I64(), ANY_U64());
}

/* A vector whose components all lie in [lo, hi]. */
static inline fc_vec2 vec2_in(int32_t lo, int32_t hi)
{
    return fc_vec2_make(I32_IN(lo, hi), I32_IN(lo, hi));
}

static inline fc_vec3 vec3_in(int32_t lo, int32_t hi)
{
    return fc_vec3_make(I32_IN(lo, hi), I32_IN(lo, hi), I32_IN(lo, hi));
}

#endif
