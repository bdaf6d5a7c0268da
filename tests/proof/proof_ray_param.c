/* SPDX-License-Identifier: MIT */
/* EVA harnesses for the exact ray parameters (src/cast/ray_param.c, with the big
 * integers of src/core/bigint.c). Inputs are drawn from the ranges ray_param.h
 * documents, which contain everything src/cast/ray_shape.c passes for a valid
 * ray (origin in [-FC_COORD_LIMIT, FC_COORD_LIMIT], delta in
 * [-2 FC_COORD_LIMIT, 2 FC_COORD_LIMIT]) and valid shapes (see docs/proofs.md
 * "What is proven"): |p|, |n0|, |n1| < 2^100 (callers: < 2^82), r in [0, 2^100)
 * (callers: r >= 1), q in [0, 2^126) (callers: < 2^124), s in -1..1 and
 * sigma in 0..1. Intervals cannot express t in [0, 1] for fc_rayt_floor16
 * or s == 0 => q == 0 for a normalised parameter: the harnesses take every
 * combination (a superset). */
#include "proof.h"

#include "cast/ray_param.h"

fc_rayt sink_t;
fix16_t sink_f;
int sink_int;
fc_ray_clip sink_clip;

/* [-2^100, 2^100) (every |v| < 2^100): hi in [-2^36, 2^36 - 1], any low limb. */
static fc_i128 any_100(void)
{
    return fc_i128_make((int64_t)Frama_C_long_long_interval(-((int64_t)1 << 36), ((int64_t)1 << 36) - 1), ANY_U64());
}

/* [0, 2^100). */
static fc_i128 nonneg_100(void)
{
    return fc_i128_make((int64_t)Frama_C_long_long_interval(0, ((int64_t)1 << 36) - 1), ANY_U64());
}

/* [0, 2^126). */
static fc_i128 nonneg_126(void)
{
    return fc_i128_make((int64_t)Frama_C_long_long_interval(0, ((int64_t)1 << 62) - 1), ANY_U64());
}

static fc_rayt any_rayt(void)
{
    fc_rayt t;
    t.p = any_100();
    t.q = nonneg_126();
    t.r = nonneg_100();
    t.s = I32_IN(-1, 1);
    t.qh = fc_i128_from_i64(0); /* q < 2^126: the contract of these entries; a wide q (the capsule's
                                   cylinder) is reached by cast3.ray_capsule in tests/proof/cast3d.list */
    return t;
}

void proof_rayt_surd(void) { sink_t = fc_rayt_surd(any_100(), I32_IN(-1, 1), nonneg_126(), any_100()); }

void proof_rayt_ratio(void) { sink_t = fc_rayt_ratio(any_100(), any_100()); }

void proof_rayt_cmp(void)
{
    fc_rayt a = any_rayt(), b = any_rayt();
    sink_int = fc_rayt_cmp(&a, &b);
}

void proof_rayt_floor16(void)
{
    fc_rayt t = any_rayt();
    sink_f = fc_rayt_floor16(&t);
}

/* Any number of constraints, each with any inputs (EVA's fixpoint covers
 * every count). */
void proof_ray_clip(void)
{
    fc_ray_clip c;
    fc_ray_clip_init(&c);
    int32_t n = I32_IN(0, INT32_MAX);
    for (int32_t k = 0; k < n; k++)
        fc_ray_clip_add(&c, any_100(), any_100(), I32_IN(0, 1), nonneg_126());
    sink_int = fc_ray_clip_hit(&c);
    sink_clip = c;
}
