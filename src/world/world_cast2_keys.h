/* SPDX-License-Identifier: MIT */
/* The records of a 2D world shape cast (world_cast2.c) kept in the world's
 * scratch buffers, whose element sizes the world sets at creation
 * (world.c). */
#ifndef FIXCOL_WORLD_CAST2_KEYS_H
#define FIXCOL_WORLD_CAST2_KEYS_H

#include "cast/cast2d_internal.h"

/* One hit being ordered. */
typedef struct cast2_key {
    fc_castt t;
    c2_feature f;
    uint32_t index;
} cast2_key;

/* A candidate of the closest cast: floor(2^31 lb) << 32 | body index, lb
 * the exact entry of the moving shape's bounding box swept into the
 * body's (a lower bound of the cast's entry), so the keys sort by lower
 * bound, then index. */
typedef struct cast2_cand {
    uint64_t key;
} cast2_cand;

#endif
