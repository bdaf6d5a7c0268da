/* SPDX-License-Identifier: MIT */
/* EVA harnesses for the exact integer square roots (src/core/isqrt.c). Documented
 * range: every uint64 value, every 128-bit pattern read as unsigned. */
#include "proof.h"

uint32_t sink_u32;
uint64_t sink_u64;

void proof_isqrt_u64(void) { sink_u32 = fc_isqrt_u64(ANY_U64()); }

void proof_isqrt_u128(void) { sink_u64 = fc_isqrt_u128(any_i128()); }
