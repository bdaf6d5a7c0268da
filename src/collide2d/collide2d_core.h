/* SPDX-License-Identifier: MIT */
/* Private: every 2D shape as a convex "core" (point, segment or convex
 * polygon, vertices exact in Q32.32) grown by a radius. Circle = point + r,
 * capsule = segment + r, AABB / OBB / polygon = polygon + 0. The generic
 * overlap and contact below serve every pair without a faster special case. */
#ifndef FIXCOL_COLLIDE2D_CORE_H
#define FIXCOL_COLLIDE2D_CORE_H

#include <stdint.h>

#include <fixcol/collide2d.h>

typedef struct fc2_core {
    int32_t n;                      /* 1 point, 2 segment, 3..8 CCW convex polygon */
    int64_t x[FC_POLY2_MAX_VERTS];  /* Q32.32, |.| < 2^46 for valid shapes */
    int64_t y[FC_POLY2_MAX_VERTS];
    fix16_t r;                      /* radius, raw Q16.16 */
} fc2_core;

void fc2_core_circle(const fc_circle *s, fc2_core *c);
void fc2_core_aabb(const fc_aabb2 *s, fc2_core *c);
void fc2_core_obb(const fc_obb2 *s, fc2_core *c);
void fc2_core_capsule(const fc_capsule2 *s, fc2_core *c);
void fc2_core_poly(const fc_poly2 *s, fc2_core *c);

/* Clip the edge [v, w] (Q32.32, |.| < 2^48) to the part whose projection on
 * t lies in [lo, hi] and whose projection on d is <= level (t, d with
 * |components| < 2^48); the middle of what is left (within 2 raw) into out.
 * Returns 0, out untouched, when nothing is left. */
int fc2_clip_edge(const int64_t v[2], const int64_t w[2], int64_t tx, int64_t ty, fc_i128 lo, fc_i128 hi,
                  int64_t dx, int64_t dy, fc_i128 level, int64_t out[2]);

/* The contact point of a SAT contact before its final offset (Q32.32), d
 * pointing from ref into inc (Box2D-style clipping reduced to one point).
 * Returns 1 with the middle of inc's deepest edge (along -d) clipped to the
 * extent, across d, of ref's support feature along d (a vertex or a face
 * perpendicular to d) and to behind that feature: to be moved by
 * depth/2 - inc->r along d. If nothing is left, returns 0 with the middle
 * of ref's feature clipped the other way round (to be moved by
 * ref->r - depth/2 along d), or 1 with inc's deepest vertex as last resort. */
int fc2_clip_point(const fc2_core *ref, const fc2_core *inc, int64_t dx, int64_t dy, int64_t out[2]);

/* Exact: 1 when the grown cores share a point. */
int fc2_core_overlap(const fc2_core *a, const fc2_core *b);
/* The contact of collide2d.h for the grown cores (zeroed when separated). */
int fc2_core_contact(const fc2_core *a, const fc2_core *b, fc_contact2_result *out);

#endif
