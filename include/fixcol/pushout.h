/* SPDX-License-Identifier: MIT */
/* fixcol/pushout.h - push-out: an integer translation of B that resolves an
 * overlap, verified with the exact overlap predicate.
 *
 * Why not just the contact: moving B by contact.normal * contact.depth is
 * only approximately enough. The normal is a rounded unit vector (short by
 * up to ~2^-15) and the depth is rounded, so in 3D B can still penetrate by
 * thousands of raw units for deep contacts (see fixcol/collide3d.h). These
 * calls return a translation that is checked, not hoped.
 *
 * Resolved means: fc_overlap2(a, b + delta) == 0 (fc_overlap3 in 3D), i.e.
 * the closed shapes share no point. Touching counts as overlapping in
 * fixcol, so a push-out that left the shapes touching would still report a
 * collision the next frame; the push-out therefore always separates by a
 * positive gap (at most a few raw units beyond the minimum).
 *
 * Construction (docs/narrowphase-2d.md, "Push-out", has the proof): take
 * the contact (normal n, depth d), step s = d + e with e = 4 + floor(d / 2^13)
 * raw, delta = round(n * s) per component (nearest, ties up), translate B and
 * test with the exact predicate; while the shapes still overlap, double e
 * and try again. Given the contact's documented error bounds the first step
 * already separates, so
 *     |delta| <= (1 + 2^-14) * (d + 4 + d * 2^-13) + 0.87 raw
 *             <= d + d * 2^-12 + 5 raw   (7 raw for bit-identical shapes),
 * and with d within 1.25 raw + d * 2^-22 of the exact penetration P along
 * the contact's axis, |delta| <= P + P * 2^-11 + 8 raw. P is the exact
 * minimum translation distance for every 2D pair and for sphere/sphere,
 * sphere/AABB3 and AABB3/AABB3; for OBB3 pairs it is the least penetration
 * over the axes the contact considers (edge products >= 2^-8 long, see
 * fixcol/collide3d.h). The loop is
 * a safety net with at most 30 rounds: each round doubles e (>= 4 raw), a
 * step >= 2^31 raw leaves the coordinate range, and once B leaves it, it
 * stays out along the same ray.
 * tests/test_pushout2d.c and tests/test_pushout3d.c check separation with
 * independent oracles and the bound against exactly computed minimum
 * translation distances.
 *
 * Bit-identical shapes (A == B field by field; no contact direction
 * exists), and any contact with a zero normal: the probe P is B moved by
 * 1 raw along +x, or along -x when that moves a point of B past
 * +FC_COORD_LIMIT ("at the range limit"), whatever normal the contact
 * reports (2D contacts give identical shapes (1, 0)). Then
 *   - P does not overlap A (B is thinner than 1 raw along x, e.g. a
 *     radius-0 circle or sphere): delta = the probe move itself, (+1, 0[, 0])
 *     or (-1, 0[, 0]) - always in range, e.g. (1, 0, 0) for a radius-0
 *     sphere at x = 0 or x = FC_COORD_LIMIT - 2, (-1, 0, 0) at x =
 *     FC_COORD_LIMIT;
 *   - else the contact of A with P (1 raw added to its depth) gives the
 *     direction, or, should its normal be zero (never observed), the probe
 *     direction (+-1, 0[, 0]);
 * and the result is verified and bounded as above. So identical shapes
 * whose points touch +FC_COORD_LIMIT push out along -x (FC_OK whenever that
 * stays in range); identical shapes elsewhere push out along the probe's
 * contact (about +x) and get FC_ERR_RANGE only when that leaves the range.
 * If neither +1 nor -1 raw keeps B in range (B spans the whole x range),
 * the contact's normal (or +x) is used and any move leaves the range.
 *
 * Inputs: both shapes must be valid (fc_shape2_validate /
 * fc_shape3_validate); the result is a translation for B in raw Q16.16.
 * Returns:
 *   FC_OK              *delta is the push-out, or (0, 0[, 0]) when the
 *                      shapes do not overlap (so delta != 0 iff they did);
 *   FC_ERR_NULL        a NULL pointer;
 *   any fc_shape?_validate error for an invalid A or B;
 *   FC_ERR_RANGE       B pushed out along the contact normal would leave
 *                      [-FC_COORD_LIMIT, FC_COORD_LIMIT] (near the world
 *                      edge); no translation is returned.
 * On any error *delta is left untouched. Deterministic, integer-only,
 * allocation-free, thread-safe; pointers are borrowed for the call. Cost:
 * the validation of both shapes, one contact and (normally) one overlap
 * test.
 */
#ifndef FIXCOL_PUSHOUT_H
#define FIXCOL_PUSHOUT_H

#include <fixcol/api.h>

#include <fixcol/shapes.h>
#include <fixcol/status.h>

#ifdef __cplusplus
extern "C" {
#endif

/* 2D push-out of b from a (any pair of circle, AABB, OBB, capsule, polygon). */
FC_API fc_status fc_pushout2(const fc_shape2 *a, const fc_shape2 *b, fc_vec2 *delta);

/* 3D push-out of b from a (any pair of sphere, AABB3, OBB3, capsule3). */
FC_API fc_status fc_pushout3(const fc_shape3 *a, const fc_shape3 *b, fc_vec3 *delta);

#ifdef __cplusplus
}
#endif

#endif
