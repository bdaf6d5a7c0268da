/* SPDX-License-Identifier: MIT */
/* Private: the refined world casts' core (world_cast_ex.c), for the
 * public calls and the mover (src/mover). */
#ifndef FIXCOL_WORLD_CAST_EX_H
#define FIXCOL_WORLD_CAST_EX_H

#include <fixcol/cast.h>

#include "world_cast_best.h"

/* The closest hit (as fc_world_cast2_best) and, on a hit, *started (the
 * exact entry is 0) and the safe advance *safe (fixcol/cast.h) with the
 * probes starting at k0 - back (back >= 0: the mover's skin, in raw steps
 * along the major axis); on a miss *safe = delta. The arguments are valid
 * (the caller checked them). */
fc_status fc_world_cast2_safe(fc_world *w, const fc_shape2 *moving, fc_vec2 delta, fc_filter filter,
                              const fc_body_id *exclude, int32_t nexclude, int64_t back, cast2_key *best, int *have,
                              int *started, fc_vec2 *safe);
fc_status fc_world_cast3_safe(fc_world *w, const fc_shape3 *moving, fc_vec3 delta, fc_filter filter,
                              const fc_body_id *exclude, int32_t nexclude, int64_t back, fc_cast3_key *best,
                              int *have, int *started, fc_vec3 *safe);

#endif
