/* SPDX-License-Identifier: MIT */
/* Private: the closest world casts with excluded bodies, as exact keys
 * (world_cast2.c, world_cast3.c), for the refined casts
 * (world_cast_ex.c) and the mover (src/mover). */
#ifndef FIXCOL_WORLD_CAST_BEST_H
#define FIXCOL_WORLD_CAST_BEST_H

#include <fixcol/world.h>

#include "world_internal.h"
#include "world_cast2_keys.h"
#include "cast/cast3d_internal.h"

/* 1 when slot i is one of the nexclude ids of exclude (index, generation
 * and world tag all equal to the slot's live id). */
int fc_world_cast_excluded(const fc_world *w, uint32_t i, const fc_body_id *exclude, int32_t nexclude);

/* The closest hit of fc_world_cast2 / fc_world_cast3 over the bodies that
 * pass filter and are not excluded: *have = 1 and *best (exact t, feature,
 * index), or *have = 0. out and hit are only tested for NULL (the public
 * calls' pointers; FC_ERR_NULL). Errors as fc_world_cast2 / 3. */
fc_status fc_world_cast2_best(fc_world *w, const fc_shape2 *moving, fc_vec2 delta, fc_filter filter,
                              const fc_body_id *exclude, int32_t nexclude, const void *out, const void *hit,
                              cast2_key *best, int *have);
fc_status fc_world_cast3_best(fc_world *w, const fc_shape3 *moving, fc_vec3 delta, fc_filter filter,
                              const fc_body_id *exclude, int32_t nexclude, const void *out, const void *hit,
                              fc_cast3_key *best, int *have);
/* The public hit of a key. */
void fc_world_cast2_fill(const fc_world *w, const cast2_key *k, fc_vec2 delta, fc_cast2_hit *out);
void fc_world_cast3_fill(const fc_world *w, const fc_shape3 *moving, const fc_cast3_key *k, fc_cast3_hit *out);

#endif
