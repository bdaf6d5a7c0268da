/* SPDX-License-Identifier: MIT */
/* Private: the 2D shape cast (fc_cast2, fc_world_cast2) in pieces.
 *
 * Geometry. Every shape is a convex core (point, segment or polygon) grown
 * by a radius. Coordinates are scaled by 2^16 (Q32.32) so that OBB corners,
 * centre * 2^16 + (c hx - s hy, s hx + c hy), are exact integers; the cast
 * parameter does not change under the scaling. The moving shape A, moved
 * by t d, meets the target B iff t d lies in the rounded Minkowski
 * difference (core B - core A) + disc(rA + rB).
 *
 * Sizes (scaled): vertices |x| < 2^46 (2^45 centre + 2^44.5 corner
 * offset), differences of vertices < 2^47, delta < 2^46, radii sum < 2^45. */
#ifndef FIXCOL_SRC_CAST2D_INTERNAL_H
#define FIXCOL_SRC_CAST2D_INTERNAL_H

#include <stdint.h>

#include <fixcol/cast.h>

#include "cast_param.h"

/* A core: n vertices (1 point, 2 segment, 3..8 convex CCW polygon), radius
 * r, all scaled by 2^16; polygonal shapes also list their separating axes
 * (unscaled integer vectors: AABB (1, 0), (0, 1); OBB (c, s), (-s, c);
 * polygon the outward normal of every edge). */
typedef struct c2_core {
    int32_t n, naxes;
    int64_t x[FC_POLY2_MAX_VERTS], y[FC_POLY2_MAX_VERTS];
    int64_t r;
    int64_t ax[FC_POLY2_MAX_VERTS], ay[FC_POLY2_MAX_VERTS];
} c2_core;

void c2_core_of(const fc_shape2 *s, c2_core *c);

/* How the normal of an entry is obtained (cheap to keep; the normal itself
 * is computed only for reported hits):
 *   C2_DIR:   the unit vector of (x, y) (a flat feature, or the delta);
 *   C2_POINT: a round entry at the Minkowski vertex (x, y) (scaled): the
 *             unit vector from t d to it at the exact t (see cast2d.c);
 *   C2_FIXED: (x, y) is the Q16.16 normal itself (t == 0: fc_contact2). */
typedef enum c2_kind { C2_DIR = 0, C2_POINT = 1, C2_FIXED = 2 } c2_kind;

typedef struct c2_feature {
    c2_kind kind;
    int64_t x, y;
} c2_feature;

/* Entry of A (core a) swept by (dx, dy) (scaled) into B (core b), both
 * polygonal (radius 0, polygon cores), not overlapping at t = 0: 1 and *t,
 * *f on a hit, 0 on a miss. */
int c2_sat_entry(const c2_core *a, int64_t dx, int64_t dy, const c2_core *b, fc_castt *t, c2_feature *f);
/* The same when a circle or capsule is involved (any cores, radii). */
int c2_round_entry(const c2_core *a, int64_t dx, int64_t dy, const c2_core *b, fc_castt *t, c2_feature *f);

/* floor(t 2^bits) for t in [0, 1], bits in [0, 62], exactly (fast: an
 * estimate verified by exact comparisons; cast2d_floor.c). */
int64_t c2_floor_bits(const fc_castt *t, int bits);

/* The cast of valid shapes with a delta in range (raw, unscaled): 1 and
 * *t, *f on a hit, 0 on a miss. */
int fc_cast2_entry(const fc_shape2 *moving, fc_vec2 delta, const fc_shape2 *target, fc_castt *t, c2_feature *f);
/* The reported normal of a hit (raw delta, as given to fc_cast2_entry). */
fc_vec2 fc_cast2_normal(const c2_feature *f, const fc_castt *t, fc_vec2 delta);

#endif
