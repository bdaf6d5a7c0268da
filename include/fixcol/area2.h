/* SPDX-License-Identifier: MIT */
/* fixcol/area2.h - skill areas (2D): sector (fan) and ring, as exact query
 * shapes: point containment, overlap with every 2D shape, world queries.
 *
 * Why dedicated functions and not new fc_shape2 kinds: a sector or a ring is
 * only ever a query ("who is inside this skill's damage area"), never a
 * body. New fc_shape2 tags would reach body creation, snapshots, checksums,
 * replays, the bindings' shape marshalling and every switch over fc_shape2,
 * each of which would then have to refuse them. Keeping fc_shape2 closed
 * leaves all of those untouched: a sector or ring cannot become a body.
 * fc_world_point2 stays a query by a point; whether a point lies in an
 * area is the stateless fc_sector2_contains / fc_ring2_contains.
 *
 * Sector: the closed set { p : |p - center| <= radius and p - center lies in
 * the wedge W }. W is the closed cone from the apex swept counter-clockwise
 * from the edge direction u1 = fc_sincos_of(direction - half_angle) to
 * u2 = fc_sincos_of(direction + half_angle): the same table directions an
 * OBB's axes come from, so the straight edges are exact rays along the
 * table vectors (their end points, at distance radius, are irrational;
 * nothing is rounded). Exactly:
 *   half_angle == 0:              W = the ray along d = fc_sincos_of(direction)
 *                                 (the sector is the segment [apex, apex + radius * d/|d|]);
 *   0 < half_angle < 90 degrees:  cross(u1, v) >= 0 and cross(v, u2) >= 0;
 *   half_angle >= 90 degrees:     cross(u1, v) >= 0 or  cross(v, u2) >= 0
 *                                 (at 90 degrees u2 == -u1 exactly: both give
 *                                 the half-plane; at 180, u1 == u2 == -d: W is
 *                                 the plane and the sector is the disc).
 * Ring: the closed annulus { p : inner <= |p - center| <= outer }; inner 0
 * gives the disc.
 *
 * Ranges (fc_sector2_validate / fc_ring2_validate; the stateless tests below
 * assume them and valid 2D shapes, see fixcol/shapes.h): center within
 * +-FC_COORD_LIMIT (8192 units), radius / inner / outer in
 * [0, FC_SIZE_LIMIT] (4096 units), inner <= outer, half_angle in
 * [0, FC_ANGLE_HALF] (180 degrees); direction is any fc_angle. Within them
 * every product fits the 64/128-bit integers and exact ray parameters used.
 *
 * Exactness: every answer equals exact rational / surd evaluation of the
 * closed sets on the fixed-point inputs (touching counts). The sector test
 * splits the problem (docs/skill-areas.md): the shape either meets a
 * straight edge inside the radius - the exact entry parameter of the ray
 * apex + t * u into the shape (the ray casts' arithmetic, src/cast/ray_param.h)
 * compared exactly with radius / |u| - or its closest point to the apex
 * lies inside the radius and strictly inside the wedge. The ring test is
 * "nearest point within outer and farthest point at least inner".
 * Stateless, allocation-free, thread-safe; pointers borrowed, not NULL
 * (asserted). */
#ifndef FIXCOL_AREA2_H
#define FIXCOL_AREA2_H

#include <fixcol/api.h>

#include <stdint.h>

#include <fixcol/shapes.h>
#include <fixcol/world.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A sector (fan): apex center, radius, centre line direction, half opening
 * half_angle (binary angle units, 0..FC_ANGLE_HALF). */
typedef struct fc_sector2 {
    fc_vec2 center;
    fix16_t radius;
    fc_angle direction;
    fc_angle half_angle;
} fc_sector2;

/* A ring: centre and inner / outer radius (0 <= inner <= outer). */
typedef struct fc_ring2 {
    fc_vec2 center;
    fix16_t inner;
    fix16_t outer;
} fc_ring2;

/* Fill the struct only (never fail); validate user data. */
FC_API fc_sector2 fc_sector2_make(fc_vec2 center, fix16_t radius, fc_angle direction, fc_angle half_angle);
FC_API fc_ring2 fc_ring2_make(fc_vec2 center, fix16_t inner, fix16_t outer);

/* FC_OK or: FC_ERR_NULL; FC_ERR_RANGE center outside +-FC_COORD_LIMIT;
 * FC_ERR_SIZE radius outside [0, FC_SIZE_LIMIT] (ring: inner or outer
 * outside it, or inner > outer); FC_ERR_ARGUMENT half_angle > FC_ANGLE_HALF. */
FC_API fc_status fc_sector2_validate(const fc_sector2 *s);
FC_API fc_status fc_ring2_validate(const fc_ring2 *r);

/* 1 when the closed area contains p (p within +-FC_COORD_LIMIT), else 0. */
FC_API int fc_sector2_contains(const fc_sector2 *s, fc_vec2 p);
FC_API int fc_ring2_contains(const fc_ring2 *r, fc_vec2 p);

/* 1 when the closed area and the closed shape share a point, else 0
 * (exact; shape valid, of any fc_shape2 type; an unknown tag is asserted
 * and gives 0). */
FC_API int fc_overlap_sector2(const fc_sector2 *s, const fc_shape2 *shape);
FC_API int fc_overlap_ring2(const fc_ring2 *r, const fc_shape2 *shape);

/* World queries (2D worlds): ids of every live body passing filter (the
 * fc_world_overlap2 rule) whose shape overlaps the area, exactly as the
 * stateless tests above, sorted by index into the world's query array (the
 * lifetime of fc_world_overlap2's output). Errors (outputs empty), checked
 * in this order like the world casts (fixcol/cast.h): FC_ERR_NULL;
 * FC_ERR_SHAPE_TYPE in a 3D world, valid area or not; the area's
 * validation error; FC_ERR_NO_MEMORY. */
FC_API fc_status fc_world_overlap_sector2(fc_world *w, const fc_sector2 *s, fc_filter filter,
                                          const fc_body_id **ids, int32_t *count);
FC_API fc_status fc_world_overlap_ring2(fc_world *w, const fc_ring2 *r, fc_filter filter, const fc_body_id **ids,
                                        int32_t *count);

#ifdef __cplusplus
}
#endif

#endif
