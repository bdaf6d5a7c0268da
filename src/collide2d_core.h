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

/* Exact: 1 when the grown cores share a point. */
int fc2_core_overlap(const fc2_core *a, const fc2_core *b);
/* The contact of collide2d.h for the grown cores (zeroed when separated). */
int fc2_core_contact(const fc2_core *a, const fc2_core *b, fc_contact2_result *out);

#endif
