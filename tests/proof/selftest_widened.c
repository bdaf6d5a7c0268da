/* SPDX-License-Identifier: MIT */
/* Self-test of run_eva.sh: proof_vec2_dot (proof_vec.c) with its range
 * widened by one raw unit to include INT32_MIN, which fixcol/vec.h excludes:
 * INT32_MIN * INT32_MIN * 2 = 2^63 overflows int64_t, so EVA must raise an
 * alarm and run_eva.sh must fail (meson: should_fail). */
#include "proof.h"

int64_t sink_i64;

void proof_vec2_dot_widened(void) { sink_i64 = fc_vec2_dot(vec2_in(INT32_MIN, INT32_MAX), vec2_in(INT32_MIN, INT32_MAX)); }
