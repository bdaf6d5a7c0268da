/* SPDX-License-Identifier: MIT */
/* Private: the safe advance of a cast (fixcol/cast.h, "refined casts"):
 * the lattice points q(k) = trunc(k delta / N) along delta and the largest
 * k before the exact entry. Shared by the pair casts (cast_ex.c), the
 * world casts (src/world/world_cast_ex.c) and the mover. */
#ifndef FIXCOL_SRC_CAST_SAFE_H
#define FIXCOL_SRC_CAST_SAFE_H

#include <stdint.h>

#include "cast_param.h"

/* N = the largest |d[i]|, i < dim (0 for a zero delta). */
int64_t fc_cast_safe_steps(const int64_t *d, int dim);
/* The largest k in [0, n] with k / n < t, for t in (0, 1] and n >= 1,
 * exactly (an estimate from floor(t 2^32), corrected by exact
 * comparisons). */
int64_t fc_cast_safe_kmax(const fc_castt *t, int64_t n);
/* q[i] = trunc(k d[i] / n), i < dim, for 0 <= k <= n, n >= 1, |d| <= 2^31. */
void fc_cast_safe_point(const int64_t *d, int dim, int64_t k, int64_t n, int64_t *q);
/* The probe sequence: after probe number i (0, 1, 2, ...) from k0, the
 * next k: k0 - 1, k0 - 2, k0 - 4, ... then 0; -1 when 0 was probed. */
int64_t fc_cast_safe_next(int64_t k0, int64_t k, int32_t *i);

#endif
