/* SPDX-License-Identifier: MIT */
/* EVA harnesses for fixcol/vec.h. Each range is the one the header states
 * for that function, at its full width. */
#include "proof.h"

fc_vec2 sink_v2;
fc_vec3 sink_v3;
fc_vec3w sink_v3w;
fc_i128 sink_w;
int64_t sink_i64;
fix16_t sink_f;

/* "|components| < 2^30 raw". */
#define ADD_MAX ((1 << 30) - 1)

void proof_vec2_add(void) { sink_v2 = fc_vec2_add(vec2_in(-ADD_MAX, ADD_MAX), vec2_in(-ADD_MAX, ADD_MAX)); }

void proof_vec2_sub(void) { sink_v2 = fc_vec2_sub(vec2_in(-ADD_MAX, ADD_MAX), vec2_in(-ADD_MAX, ADD_MAX)); }

void proof_vec3_add(void) { sink_v3 = fc_vec3_add(vec3_in(-ADD_MAX, ADD_MAX), vec3_in(-ADD_MAX, ADD_MAX)); }

void proof_vec3_sub(void) { sink_v3 = fc_vec3_sub(vec3_in(-ADD_MAX, ADD_MAX), vec3_in(-ADD_MAX, ADD_MAX)); }

/* "components != INT32_MIN". */
void proof_vec2_dot(void) { sink_i64 = fc_vec2_dot(vec2_in(-INT32_MAX, INT32_MAX), vec2_in(-INT32_MAX, INT32_MAX)); }

void proof_vec2_cross(void) { sink_i64 = fc_vec2_cross(vec2_in(-INT32_MAX, INT32_MAX), vec2_in(-INT32_MAX, INT32_MAX)); }

void proof_vec3_cross(void) { sink_v3w = fc_vec3_cross(vec3_in(-INT32_MAX, INT32_MAX), vec3_in(-INT32_MAX, INT32_MAX)); }

/* "|components| <= 2^30 raw". */
void proof_vec3_dot(void) { sink_i64 = fc_vec3_dot(vec3_in(-(1 << 30), 1 << 30), vec3_in(-(1 << 30), 1 << 30)); }

/* "any components". */
void proof_vec3_dot_wide(void) { sink_w = fc_vec3_dot_wide(vec3_in(INT32_MIN, INT32_MAX), vec3_in(INT32_MIN, INT32_MAX)); }

/* fc_mul: "|a|, |b| <= 2^23 raw, or |a| <= 1.0 and b != INT32_MIN". */
void proof_mul_small(void) { sink_f = fc_mul(I32_IN(-(1 << 23), 1 << 23), I32_IN(-(1 << 23), 1 << 23)); }

void proof_mul_unit(void) { sink_f = fc_mul(I32_IN(-65536, 65536), I32_IN(-INT32_MAX, INT32_MAX)); }
