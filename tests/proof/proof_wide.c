/* SPDX-License-Identifier: MIT */
/* EVA harnesses for fixcol/wide.h, two-limb path (run_eva.sh defines
 * FC_NO_INT128, so the fc_i128_* API also dispatches to the limbs; Frama-C
 * has no __int128, see docs/proofs.md "What is proven"). Every input is any value of
 * its type: the header documents no narrower range. */
#include "proof.h"

fc_i128 sink_w;
int64_t sink_i64;
int sink_int;

void proof_u64_to_i64(void) { sink_i64 = fc_u64_to_i64(ANY_U64()); }

void proof_i128_from_i64(void) { sink_w = fc_i128_from_i64(ANY_I64()); }

void proof_i128_add_limbs(void) { sink_w = fc_i128_add_limbs(any_i128(), any_i128()); }

void proof_i128_sub_limbs(void) { sink_w = fc_i128_sub_limbs(any_i128(), any_i128()); }

void proof_i128_neg_limbs(void) { sink_w = fc_i128_neg_limbs(any_i128()); }

void proof_i128_mul_i64_limbs(void) { sink_w = fc_i128_mul_i64_limbs(ANY_I64(), ANY_I64()); }

/* The shift count is documented as 0..127 and taken modulo 128: any value. */
void proof_i128_shr_limbs(void) { sink_w = fc_i128_shr_limbs(any_i128(), ANY_U32()); }

void proof_i128_shl_limbs(void) { sink_w = fc_i128_shl_limbs(any_i128(), ANY_U32()); }

void proof_i128_cmp_limbs(void) { sink_int = fc_i128_cmp_limbs(any_i128(), any_i128()); }

void proof_i128_sign(void) { sink_int = fc_i128_sign(any_i128()); }

void proof_i128_fits_i64(void) { sink_int = fc_i128_fits_i64(any_i128()); }

void proof_i128_low_i64(void) { sink_i64 = fc_i128_low_i64(any_i128()); }

void proof_i128_mul_add(void) { sink_w = fc_i128_mul_add(ANY_I64(), ANY_I64(), ANY_I64(), ANY_I64()); }

void proof_cmp_products(void) { sink_int = fc_cmp_products(ANY_I64(), ANY_I64(), ANY_I64(), ANY_I64()); }

/* floor(v / 2^s): any v, s in 0..63 as documented. */
void proof_i64_shr_floor(void) { sink_i64 = fc_i64_shr_floor(ANY_I64(), U32_IN(0u, 63u)); }
