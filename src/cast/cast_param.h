/* SPDX-License-Identifier: MIT */
/* Private: exact shape-cast parameters, t = (p + s sqrt(q)) / r with big
 * integers p, q, r (r > 0, q >= 0, s in {-1, 0, 1}; s == 0 when q == 0).
 *
 * The ray casts' fc_rayt (ray_param.h) keeps its terms in 128 bits; a cast
 * against an OBB or in 3D forms terms of up to ~330 bits (vertices scaled by
 * 2^16 so OBB corners are integers, cross products of them), so casts use
 * these. Comparison squares once more (sign analysis in src/core/bigint.c):
 * callers keep |p|, |r| < 2^360 and q < 2^720, so every square formed stays
 * below 2^1500 (FC_BIG_LIMBS * 32 = 1536 bits). Nothing is rounded before a
 * comparison; the floors below are exact. */
#ifndef FIXCOL_SRC_CAST_PARAM_H
#define FIXCOL_SRC_CAST_PARAM_H

#include <stdint.h>

#include "core/bigint.h"
#include "ray_param.h"

/* FC_CAST_NO_FILTER (tests only: test_cast_filter_digest's reference
 * build) turns every integer filter of the casts off, so each comparison
 * and floor takes the exact big-integer path. */
#ifdef FC_CAST_NO_FILTER
#define FC_CAST_FILTER 0
#else
#define FC_CAST_FILTER 1
#endif

typedef struct fc_castt {
    fc_big p, q, r;
    int32_t s;
    /* the filter (cast_param_bound.c): when cached != 0, lo <= clamp(t 2^60)
     * <= hi (fc_castt_enclose), so comparisons far from a tie are decided by
     * lo and hi alone; set by fc_castt_cache, copied with the value */
    int32_t cached;
    int64_t lo, hi;
} fc_castt;

/* (p + s sqrt(q)) / r, r != 0, q >= 0 (normalised to r > 0). */
fc_castt fc_castt_surd(const fc_big *p, int32_t s, const fc_big *q, const fc_big *r);
/* num / den, den != 0. */
fc_castt fc_castt_ratio(const fc_big *num, const fc_big *den);
/* The small integer v (as v / 1). */
fc_castt fc_castt_int(int64_t v);
/* The same value as a ray parameter. */
fc_castt fc_castt_from_rayt(const fc_rayt *t);
/* -1, 0, 1 as a <, ==, > b, exactly: by the cached enclosures when both
 * are cached and disjoint, else by fc_castt_cmp_exact. */
int fc_castt_cmp(const fc_castt *a, const fc_castt *b);
/* The same by exact big-integer arithmetic alone (the reference). */
int fc_castt_cmp_exact(const fc_castt *a, const fc_castt *b);
/* -1 or 1 when the cached enclosures of a and b decide a < b or a > b; 0
 * when they do not (not cached, or overlapping: a tie is possible). */
int fc_castt_cmp_cached(const fc_castt *a, const fc_castt *b);
/* Compute and keep t's enclosure (once) for the filtered comparisons. */
void fc_castt_cache(fc_castt *t);
/* sqrt(q) (q >= 0) enclosed as [l, h] 2^e, l, h <= 2^60 + 1. */
typedef struct fc_castt_root {
    uint64_t l, h;
    int32_t e;
} fc_castt_root;
void fc_castt_root_of(const fc_big *q, fc_castt_root *out);
/* fc_castt_cache given root = fc_castt_root_of(&t->q). */
void fc_castt_cache_root(fc_castt *t, const fc_castt_root *root);
/* floor(t * 2^bits) for t in [0, 1] and bits in [0, 62], exactly: from the
 * enclosure below when it decides, else fc_castt_floor_exact. */
int64_t fc_castt_floor_pow2(const fc_castt *t, int bits);
/* The same by the exact bit-by-bit search alone (the reference the
 * filtered floors are tested against). */
int64_t fc_castt_floor_exact(const fc_castt *t, int bits);
/* The filter of the floors (cast_param_bound.c): integers lo <= hi with
 * lo <= clamp(t 2^60) <= hi, clamp to [-2^62, 2^62]; always valid (every
 * rounding outward), about 2^-58 |p|, sqrt(q) / r wide. */
void fc_castt_enclose(const fc_castt *t, int64_t *lo, int64_t *hi);
/* 1 and *k = floor(t 2^bits) when the enclosure decides it (bits in [0,
 * 58], t in [0, 1] and no multiple of 2^-bits inside the enclosure); 0
 * otherwise (the caller then compares exactly). */
int fc_castt_floor_enclosed(const fc_castt *t, int bits, int64_t *k);
/* floor(t * 65536) for t in [0, 1]. */
fix16_t fc_castt_floor16(const fc_castt *t);

/* The parameter interval [enter, exit] of a cast inside a convex set given
 * as constraints (the big-integer twin of fc_ray_clip); starts as [0, 1].
 * enter_axis is the index (order of the calls to fc_cast_clip_add, from 0)
 * of the constraint that set enter last (-1: none, enter is 0): with ties
 * the first constraint reaching the entry keeps it, so the choice is a
 * function of the call order only. */
typedef struct fc_cast_clip {
    fc_castt enter, exit;
    int32_t empty, added, enter_axis;
    /* the filter's enclosure of sqrt(root_q), the last q of a constraint
     * (a band's two sides share it): computed once per distinct value */
    int32_t has_root;
    fc_big root_q;
    fc_castt_root root;
} fc_cast_clip;

void fc_cast_clip_init(fc_cast_clip *c);
/* Add the constraint n0 + t * n1 <= sigma * sqrt(q) (sigma 0 or 1, q >= 0). */
void fc_cast_clip_add(fc_cast_clip *c, const fc_big *n0, const fc_big *n1, int32_t sigma, const fc_big *q);
/* 1 when the interval is not empty (then enter is the entry parameter). */
int fc_cast_clip_hit(const fc_cast_clip *c);

#endif
