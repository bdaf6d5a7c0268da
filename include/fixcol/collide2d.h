/* SPDX-License-Identifier: MIT */
/* fixcol/collide2d.h - 2D narrowphase: exact overlap tests and contacts for
 * every pair of circle, AABB, OBB, capsule and convex polygon.
 *
 * Input range (all functions): the shapes must be valid (fc_<shape>_validate
 * returns FC_OK, see fixcol/shapes.h): coordinates within +-8192 units,
 * half-extents and radii up to 4096 units. The pair tests do not check it
 * (validate user data first); outside it results are unspecified.
 *
 * Overlap (fc_overlap_*): returns 1 when the closed shapes share at least one
 * point (touching counts), else 0. The answer is EXACT: it equals rational
 * evaluation of the geometry on the fixed-point inputs. The OBB is the exact
 * rectangle center +- half.x * (c, s) +- half.y * (-s, c) with (c, s) =
 * rot / 65536 (its vertices are Q32.32, never rounded). Products are taken
 * in 64/128-bit integers (256-bit for the point-to-edge squared distance
 * cross^2 <= R^2 |e|^2), no value is rounded before a comparison. overlap(A, B) == overlap(B, A).
 *
 * Contact (fc_contact_*): returns 1 and fills *out when the shapes overlap,
 * else returns 0 and sets *out to all zeros. The boolean equals the overlap
 * test. For overlapping shapes:
 *   - normal: Q16.16 direction from A to B along which B must move to
 *     separate; |normal| = 1 within 2^-15 (each component within 1.5 raw of
 *     the exact unit direction of the chosen axis / closest-point direction);
 *   - depth: Q16.16 >= 0, the minimum translation distance (penetration
 *     depth of the rounded shapes): every length is the exact floor of the
 *     true value in raw units (stepped from an estimate with exact 256-bit
 *     comparisons), so |depth - exact| < 1 raw, and depth is 0 for exactly
 *     touching shapes; OBB-OBB takes 1/|axis| to first order instead
 *     (relative error < 2^-32), |depth - exact| < 1.25 raw;
 *   - point: one contact point between the surfaces: for intersecting
 *     cores, the middle of the incident edge clipped to the reference
 *     feature (Box2D's clipping reduced to one point) moved by depth/2
 *     toward the reference side; for round shapes apart at their cores,
 *     midway between the two surfaces along the normal. Tested to lie within
 *     depth/2 + 3 raw of both shapes.
 * Symmetry: contact(B, A) has exactly the negated normal, the same depth and
 * the same point as contact(A, B). Same-type pairs are put in a canonical
 * order (field-by-field comparison) first, so this also holds for them; the
 * one exception is A and B equal field for field, where both calls give the
 * same normal.
 *
 * Moving B along the normal by the depth alone does NOT guarantee
 * separation: the shapes may still touch (which counts as overlapping) or
 * overlap by up to 1.25 raw + depth * 2^-29 (the depth error plus the
 * normal's direction error) plus the rounding of the move to raw units;
 * tests/test_collide2d.c checks that depth + that tolerance + 0.75 raw
 * separates. (tests/test_pushout2d.c: after normal * (depth + 1 raw +
 * depth * 2^-22) the shapes still overlap or touch in 18,756 of 207,143
 * overlapping pairs.) For a translation that is verified to separate, use
 * fc_pushout2 (fixcol/pushout.h).
 *
 * Stateless, allocation-free, thread-safe; pointers are borrowed for the call
 * and must not be NULL (asserted).
 */
#ifndef FIXCOL_COLLIDE2D_H
#define FIXCOL_COLLIDE2D_H

#include <fixcol/api.h>

#include <stdint.h>

#include <fixcol/shapes.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Result of a contact query (see the header comment). */
typedef struct fc_contact2_result {
    fc_vec2 normal; /* Q16.16, unit within 2^-15, from A to B */
    fix16_t depth;  /* Q16.16 >= 0 */
    fc_vec2 point;  /* Q16.16 world point */
} fc_contact2_result;

/* The 15 canonical pairs, in the type order circle < aabb2 < obb2 <
 * capsule2 < poly2. The reversed pairs are reached through fc_overlap2 /
 * fc_contact2, which call these and negate the normal. */
FC_API int fc_overlap_circle_circle(const fc_circle *a, const fc_circle *b);
FC_API int fc_overlap_circle_aabb2(const fc_circle *a, const fc_aabb2 *b);
FC_API int fc_overlap_circle_obb2(const fc_circle *a, const fc_obb2 *b);
FC_API int fc_overlap_circle_capsule2(const fc_circle *a, const fc_capsule2 *b);
FC_API int fc_overlap_circle_poly2(const fc_circle *a, const fc_poly2 *b);
FC_API int fc_overlap_aabb2_aabb2(const fc_aabb2 *a, const fc_aabb2 *b);
FC_API int fc_overlap_aabb2_obb2(const fc_aabb2 *a, const fc_obb2 *b);
FC_API int fc_overlap_aabb2_capsule2(const fc_aabb2 *a, const fc_capsule2 *b);
FC_API int fc_overlap_aabb2_poly2(const fc_aabb2 *a, const fc_poly2 *b);
FC_API int fc_overlap_obb2_obb2(const fc_obb2 *a, const fc_obb2 *b);
FC_API int fc_overlap_obb2_capsule2(const fc_obb2 *a, const fc_capsule2 *b);
FC_API int fc_overlap_obb2_poly2(const fc_obb2 *a, const fc_poly2 *b);
FC_API int fc_overlap_capsule2_capsule2(const fc_capsule2 *a, const fc_capsule2 *b);
FC_API int fc_overlap_capsule2_poly2(const fc_capsule2 *a, const fc_poly2 *b);
FC_API int fc_overlap_poly2_poly2(const fc_poly2 *a, const fc_poly2 *b);

FC_API int fc_contact_circle_circle(const fc_circle *a, const fc_circle *b, fc_contact2_result *out);
FC_API int fc_contact_circle_aabb2(const fc_circle *a, const fc_aabb2 *b, fc_contact2_result *out);
FC_API int fc_contact_circle_obb2(const fc_circle *a, const fc_obb2 *b, fc_contact2_result *out);
FC_API int fc_contact_circle_capsule2(const fc_circle *a, const fc_capsule2 *b, fc_contact2_result *out);
FC_API int fc_contact_circle_poly2(const fc_circle *a, const fc_poly2 *b, fc_contact2_result *out);
FC_API int fc_contact_aabb2_aabb2(const fc_aabb2 *a, const fc_aabb2 *b, fc_contact2_result *out);
FC_API int fc_contact_aabb2_obb2(const fc_aabb2 *a, const fc_obb2 *b, fc_contact2_result *out);
FC_API int fc_contact_aabb2_capsule2(const fc_aabb2 *a, const fc_capsule2 *b, fc_contact2_result *out);
FC_API int fc_contact_aabb2_poly2(const fc_aabb2 *a, const fc_poly2 *b, fc_contact2_result *out);
FC_API int fc_contact_obb2_obb2(const fc_obb2 *a, const fc_obb2 *b, fc_contact2_result *out);
FC_API int fc_contact_obb2_capsule2(const fc_obb2 *a, const fc_capsule2 *b, fc_contact2_result *out);
FC_API int fc_contact_obb2_poly2(const fc_obb2 *a, const fc_poly2 *b, fc_contact2_result *out);
FC_API int fc_contact_capsule2_capsule2(const fc_capsule2 *a, const fc_capsule2 *b, fc_contact2_result *out);
FC_API int fc_contact_capsule2_poly2(const fc_capsule2 *a, const fc_poly2 *b, fc_contact2_result *out);
FC_API int fc_contact_poly2_poly2(const fc_poly2 *a, const fc_poly2 *b, fc_contact2_result *out);

/* Any pair, dispatched on the type tags (either order). An unknown tag is a
 * programmer error: asserted, then the call returns 0 (and zeroes *out). */
FC_API int fc_overlap2(const fc_shape2 *a, const fc_shape2 *b);
FC_API int fc_contact2(const fc_shape2 *a, const fc_shape2 *b, fc_contact2_result *out);

#ifdef __cplusplus
}
#endif

#endif
