/* SPDX-License-Identifier: MIT */
/* fixcol/collide3d.h - 3D pair tests: overlap (bool) and contact.
 *
 * Shapes: fc_sphere, fc_aabb3, fc_obb3, fc_capsule3 (fixcol/shapes.h). Inputs must be
 * valid (fc_*_validate == FC_OK); the tests do not re-check. Integer-only,
 * no allocation, no state; shapes are read, never kept.
 *
 * Overlap: closed shapes, touching counts; symmetric:
 * fc_overlap_x_y(a, b) == fc_overlap_y_x(b, a) and same-type calls give the
 * same answer for (a, b) and (b, a).
 *   - sphere/sphere, sphere/AABB3, AABB3/AABB3: exact.
 *   - AABB3/OBB3, OBB3/OBB3: the exact separating-axis test of the two STORED
 *     parallelepipeds center + sum t_i axis[i], |t_i| <= half_i (the axes are
 *     unit and orthogonal only within the tolerance of fc_obb3_validate). The
 *     15 axes are the 3 + 3 face normals axis_j x axis_k (not the axes
 *     themselves) and the 9 edge products a_i x b_j; a zero product (parallel
 *     edges) is skipped, which is exact: it cannot separate. Each axis is
 *     decided by a 64-bit estimate when its margin exceeds the estimate's
 *     proven error bound and evaluated exactly in 128-bit integers
 *     otherwise (docs/narrowphase-3d.md), so the answer is exactly "the two
 *     parallelepipeds share a point".
 *   - sphere/OBB3: exact closest point on the stored parallelepiped: the
 *     centre is inside, or its orthogonal projection onto a vertex, edge or
 *     face (that it falls inside of) is within r; projections and distances
 *     are compared exactly (128-bit, the face terms 256-bit), after a 64-bit
 *     filter with a proven bound has decided the clear cases.
 *   - capsule3 with every shape: exact. dist(segment, X) <= r (sum of the
 *     radii against a sphere or capsule), decided by exact segment/point
 *     and segment/segment distance comparisons (squared distances in wide
 *     integers, parallel and point segments included) and, against a box,
 *     the segment/box separating-axis test plus the endpoint spheres and
 *     the 12 box edges (src/collide3d/collide3d_capsule_box.c has the
 *     argument).
 *
 * Contact (returns the overlap answer; fills *out only when it is 1):
 *   - normal: from A to B (the direction along which B moves to separate),
 *     each component within 1 raw unit of the exact unit vector of the
 *     chosen direction, so | |normal|^2 - 1 | < 2^-14. Moving B by
 *     normal * depth does NOT always separate: the rounded normal can be
 *     short by ~2^-15, so a deep contact can stay penetrating by thousands
 *     of raw units (tests/test_pushout3d.c: after normal * (depth + 1 raw +
 *     depth * 2^-22), 779 of 13,664 overlapping pairs still overlap, 77 of
 *     them even 64 raw further; the long run 7,387 / 650 of 132,558).
 *     Moving by normal * (depth + 4 raw + depth / 4096), plus
 *     4 raw + radius / 2^20 for pairs with an OBB3, separated every tested pair
 *     (tests/test_collide3d.c). For a translation that is verified to
 *     separate, use fc_pushout3 (fixcol/pushout.h). Reversing the arguments gives
 *     the exactly negated normal, the same depth and the same point. The only
 *     zero normal: two bit-identical shapes of the same type (no direction
 *     tells them apart).
 *   - depth >= 0, Q16.16; 0 when touching. sphere/sphere, sphere/AABB3:
 *     r - |distance| with an exact integer square root, error <= 1 raw;
 *     sphere/OBB3: the same from the closest point computed to 2^-16 raw
 *     (error <= 1 raw); the normal is along centre -> closest point, or,
 *     when the centre is outside the box by less than 2^-8 raw, the
 *     reversed outward normal of the first face plane it is outside of. Boxes: the penetration along the chosen axis (overlap
 *     of the projections / axis length), error <= 1 raw + depth * 2^-22.
 *   - boxes: the axis of minimum penetration among the face normals and the
 *     edge products whose length is >= 2^-8 (near-parallel edges give
 *     unreliable directions), comparing the rounded depths; ties go to the
 *     first axis in the order A faces 0..2, B faces 0..2, edges a_i x b_j
 *     (i major). Same-type pairs are first put in a canonical order (field by
 *     field comparison) so that reversal is exact.
 *   - capsule3 pairs: with a sphere or capsule, the approximate closest
 *     points P (on A's segment) and Q (on B's) to 2^-16 raw; normal along
 *     Q - P, depth = radii - |Q - P| (error <= 1 raw beyond the closest
 *     points' own rounding); when the segments meet, the normal is
 *     d_A x d_B, or (parallel) a perpendicular of the segment, and the
 *     depth the sum of the radii. With a box: the sphere/box contact of
 *     the capsule's sphere at the segment point (2^-16 steps, rounded to
 *     raw) of least approximate signed distance to the box; a segment
 *     crossing deep into the box may need more than normal * depth (use
 *     fc_pushout3, which verifies). Same-type pairs go through the
 *     canonical field order, so reversal is exact.
 *   - point: one point of the contact region, approximately midway between
 *     the surfaces: sphere/sphere: midway between the two deepest points;
 *     sphere/box: the box point x (or, with the centre inside, the centre
 *     moved onto the nearest face); boxes: the centre of the deepest feature
 *     of the other box moved half the depth back along the normal (face
 *     axes), or the midpoint of the closest points of the two edges (edge
 *     axes). Accurate to a few raw units; not an exact predicate.
 */
#ifndef FIXCOL_COLLIDE3D_H
#define FIXCOL_COLLIDE3D_H

#include <fixcol/api.h>

#include <fixcol/shapes.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A 3D contact; see the header comment for the guarantees. (Named
 * _result because fc_contact3 is the dispatch function.) */
typedef struct fc_contact3_result {
    fc_vec3 normal; /* Q16.16, ~unit, from A to B */
    fix16_t depth;  /* Q16.16 >= 0 */
    fc_vec3 point;  /* Q16.16 world coordinates */
} fc_contact3_result;

/* Overlap: 1 when the closed shapes share a point, else 0. */
FC_API int fc_overlap_sphere_sphere(const fc_sphere *a, const fc_sphere *b);
FC_API int fc_overlap_sphere_aabb3(const fc_sphere *a, const fc_aabb3 *b);
FC_API int fc_overlap_sphere_obb3(const fc_sphere *a, const fc_obb3 *b);
FC_API int fc_overlap_aabb3_aabb3(const fc_aabb3 *a, const fc_aabb3 *b);
FC_API int fc_overlap_aabb3_obb3(const fc_aabb3 *a, const fc_obb3 *b);
FC_API int fc_overlap_obb3_obb3(const fc_obb3 *a, const fc_obb3 *b);
FC_API int fc_overlap_aabb3_sphere(const fc_aabb3 *a, const fc_sphere *b);
FC_API int fc_overlap_obb3_sphere(const fc_obb3 *a, const fc_sphere *b);
FC_API int fc_overlap_obb3_aabb3(const fc_obb3 *a, const fc_aabb3 *b);
/* Capsule3 pairs (src/collide3d/collide3d_capsule*.c); exact, see the
 * header comment. */
FC_API int fc_overlap_capsule3_sphere(const fc_capsule3 *a, const fc_sphere *b);
FC_API int fc_overlap_capsule3_aabb3(const fc_capsule3 *a, const fc_aabb3 *b);
FC_API int fc_overlap_capsule3_obb3(const fc_capsule3 *a, const fc_obb3 *b);
FC_API int fc_overlap_capsule3_capsule3(const fc_capsule3 *a, const fc_capsule3 *b);
FC_API int fc_overlap_sphere_capsule3(const fc_sphere *a, const fc_capsule3 *b);
FC_API int fc_overlap_aabb3_capsule3(const fc_aabb3 *a, const fc_capsule3 *b);
FC_API int fc_overlap_obb3_capsule3(const fc_obb3 *a, const fc_capsule3 *b);

/* Contact: returns the overlap answer; writes *out only when it is 1. */
FC_API int fc_contact_sphere_sphere(const fc_sphere *a, const fc_sphere *b, fc_contact3_result *out);
FC_API int fc_contact_sphere_aabb3(const fc_sphere *a, const fc_aabb3 *b, fc_contact3_result *out);
FC_API int fc_contact_sphere_obb3(const fc_sphere *a, const fc_obb3 *b, fc_contact3_result *out);
FC_API int fc_contact_aabb3_aabb3(const fc_aabb3 *a, const fc_aabb3 *b, fc_contact3_result *out);
FC_API int fc_contact_aabb3_obb3(const fc_aabb3 *a, const fc_obb3 *b, fc_contact3_result *out);
FC_API int fc_contact_obb3_obb3(const fc_obb3 *a, const fc_obb3 *b, fc_contact3_result *out);
FC_API int fc_contact_aabb3_sphere(const fc_aabb3 *a, const fc_sphere *b, fc_contact3_result *out);
FC_API int fc_contact_obb3_sphere(const fc_obb3 *a, const fc_sphere *b, fc_contact3_result *out);
FC_API int fc_contact_obb3_aabb3(const fc_obb3 *a, const fc_aabb3 *b, fc_contact3_result *out);
FC_API int fc_contact_capsule3_sphere(const fc_capsule3 *a, const fc_sphere *b, fc_contact3_result *out);
FC_API int fc_contact_capsule3_aabb3(const fc_capsule3 *a, const fc_aabb3 *b, fc_contact3_result *out);
FC_API int fc_contact_capsule3_obb3(const fc_capsule3 *a, const fc_obb3 *b, fc_contact3_result *out);
FC_API int fc_contact_capsule3_capsule3(const fc_capsule3 *a, const fc_capsule3 *b, fc_contact3_result *out);
FC_API int fc_contact_sphere_capsule3(const fc_sphere *a, const fc_capsule3 *b, fc_contact3_result *out);
FC_API int fc_contact_aabb3_capsule3(const fc_aabb3 *a, const fc_capsule3 *b, fc_contact3_result *out);
FC_API int fc_contact_obb3_capsule3(const fc_obb3 *a, const fc_capsule3 *b, fc_contact3_result *out);

/* Any pair by tag. An unknown type gives 0 (asserted in debug builds). */
FC_API int fc_overlap3(const fc_shape3 *a, const fc_shape3 *b);
FC_API int fc_contact3(const fc_shape3 *a, const fc_shape3 *b, fc_contact3_result *out);

#ifdef __cplusplus
}
#endif

#endif
