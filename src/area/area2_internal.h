/* SPDX-License-Identifier: MIT */
/* Private: helpers shared by the skill-area tests (src/area2_*.c). */
#ifndef FIXCOL_AREA2_INTERNAL_H
#define FIXCOL_AREA2_INTERNAL_H

#include <fixcol/area2.h>

#include "collide2d/collide2d_core.h"

/* The convex core (Q32.32 vertices) and radius of a valid 2D shape;
 * 0 for an unknown type tag (c untouched). */
int fc_area2_core(const fc_shape2 *s, fc2_core *c);

/* A circle query shape (center, radius) as an fc_shape2. */
fc_shape2 fc_area2_disc(fc_vec2 center, fix16_t radius);

/* FC_OK when the point is within +-FC_COORD_LIMIT and the radius in
 * [0, FC_SIZE_LIMIT]; else FC_ERR_RANGE / FC_ERR_SIZE. */
fc_status fc_area2_check(fc_vec2 center, fix16_t radius);

/* A sector's wedge: edge directions u1, u2 and centre line d (Q16.16
 * table vectors, fc_sincos_of) and the half-angle that picks the rule. */
typedef struct fc_area2_wedge {
    int64_t u1x, u1y, u2x, u2y, dx, dy;
    uint32_t half;
} fc_area2_wedge;

fc_area2_wedge fc_area2_wedge_of(const fc_sector2 *s);

/* fc_sector2_contains / fc_overlap_sector2 with the wedge already looked
 * up (w == fc_area2_wedge_of(s); the split lets the EVA harness draw the
 * table vectors as intervals, |components| <= 65536). */
int fc_area2_sector_contains(const fc_sector2 *s, const fc_area2_wedge *w, fc_vec2 p);
int fc_area2_sector_overlap(const fc_sector2 *s, const fc_area2_wedge *w, const fc_shape2 *b);

/* A raw box [min, max] (x, y) holding the whole valid sector: apex, edge
 * ends and the arc's axis extremes inside the wedge, with a margin for the
 * table vectors' length; the world query's broadphase box. */
void fc_area2_sector_bounds(const fc_sector2 *s, int32_t min[2], int32_t max[2]);

#endif
