/* SPDX-License-Identifier: MIT */
/* fixcol/cast.h - shape casts (sweeps), translation only: "what does this
 * moving shape hit first?" for projectiles with a size, dashes and skill
 * shots that must not tunnel through walls.
 *
 * A cast moves the shape `moving` from its pose by t * delta, t in [0, 1]
 * (no rotation). It hits a target when the two closed shapes overlap for
 * some t in [0, 1] (touching counts, as in fc_overlap2/3). The entry
 * parameter is the smallest such t: 0 when they overlap at the start.
 *
 * Exactness, as the ray casts (fixcol/world.h, fc_ray_hit): the entry
 * parameter is computed exactly - a rational for polygonal pairs (boxes,
 * OBBs, polygons: separating-axis intervals of the swept pair), a
 * quadratic surd (p - sqrt(q)) / r when a circle, capsule or sphere is
 * involved (ray against the rounded Minkowski difference) - and compared
 * exactly (big integers, never a rounded value). Reported:
 *   t      = floor(t_exact * 65536), in [0, 65536], computed exactly;
 *   normal = Q16.16 unit vector from the moving shape toward the target at
 *            the exact entry (the direction in which the moving shape is
 *            stopped). For t_exact > 0 it is the exact contact direction at
 *            entry: the moving shape's face normal, or the target's face /
 *            edge normal reversed (polygonal features: a separating
 *            direction at the entry), or the direction between the two
 *            closest points (round features),
 *            each component within FC_CAST_NORMAL_TOL raw of the exact unit
 *            vector; when several features enter at the same exact t
 *            (corner on corner) it is the first of them in the order given
 *            in docs/shape-casts.md. For t_exact == 0 (overlapping at the
 *            start) it is the normal of fc_contact2 / fc_contact3 with A =
 *            moving (from A to B; see fixcol/collide2d.h, collide3d.h).
 *
 * Moving shapes: 2D circle, capsule, AABB, OBB, convex polygon against every
 * 2D shape; 3D sphere, AABB3, OBB3, capsule against every 3D shape (every
 * shape type there is, so every pair of types). A 3D capsule of length 0
 * casts bit for bit as the sphere of its radius; the 3D capsule's tie order
 * is in docs/shape-casts.md.
 *
 * Ranges: both shapes valid (fc_shape2_validate / fc_shape3_validate:
 * coordinates within +-FC_COORD_LIMIT, sizes within FC_SIZE_LIMIT); every
 * delta component in [-2 * FC_COORD_LIMIT, 2 * FC_COORD_LIMIT] (the ray
 * delta range); delta may be zero (then the cast is the overlap test at
 * t = 0). The moved shape may leave the coordinate range on the way: the
 * arithmetic is sized for it. Out of range: FC_ERR_RANGE; NULL pointers:
 * FC_ERR_NULL; invalid shapes: their validation error. On any error
 * nothing is written.
 *
 * Stateless pair casts are allocation-free and thread-safe; pointers are
 * borrowed. World casts follow the world's rules (fixcol/world.h). */
#ifndef FIXCOL_CAST_H
#define FIXCOL_CAST_H

#include <fixcol/api.h>

#include <stdint.h>

#include <fixcol/shapes.h>
#include <fixcol/status.h>
#include <fixcol/world.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Largest error of each normal component, raw Q16.16 units, against the
 * exact unit vector of the contact direction at the exact entry (t > 0). */
#define FC_CAST_NORMAL_TOL 2

/* One hit. id: the body (world casts; all zero - never a valid id - for
 * the pair casts). t: floor(exact entry * 65536) in [0, 65536]. normal:
 * see above. */
typedef struct fc_cast2_hit {
    fc_body_id id;
    fix16_t t;
    fc_vec2 normal;
} fc_cast2_hit;

typedef struct fc_cast3_hit {
    fc_body_id id;
    fix16_t t;
    fc_vec3 normal;
} fc_cast3_hit;

/* Stateless pair casts: moving swept by delta against target. *hit = 1 and
 * *out filled on a hit, *hit = 0 (out untouched) on a miss. Errors as at
 * the top of this file. */
FC_API fc_status fc_cast2(const fc_shape2 *moving, fc_vec2 delta, const fc_shape2 *target, fc_cast2_hit *out,
                          int *hit);
FC_API fc_status fc_cast3(const fc_shape3 *moving, fc_vec3 delta, const fc_shape3 *target, fc_cast3_hit *out,
                          int *hit);

/* World casts against every live body passing filter (the filter of the
 * query, tested as in the ray casts). Checks in this order, the first
 * failing one reported: FC_ERR_NULL; FC_ERR_SHAPE_TYPE when the call's
 * dimension is not the world's (before the moving shape is looked at, so
 * an invalid shape in a world of the other dimension gives it too); the
 * moving shape's validation error; FC_ERR_RANGE for delta. The skill-area
 * queries (fixcol/area2.h) use the same order. Closest hit: the least (exact t,
 * body index); *hit = 1 and *out filled, or *hit = 0. All hits: ordered by
 * (exact t, body index); *hits points into the world's cast array, valid
 * until the next fc_world_cast2_all / fc_world_cast3_all call, a change to
 * the world's bodies, or fc_world_destroy (count 0 may come with a NULL
 * pointer). 2D worlds take the 2D calls, 3D worlds the 3D ones (else
 * FC_ERR_SHAPE_TYPE). Errors as at the top of this file, and
 * FC_ERR_NO_MEMORY (world unchanged) when the cast array cannot grow. */
FC_API fc_status fc_world_cast2(fc_world *w, const fc_shape2 *moving, fc_vec2 delta, fc_filter filter,
                                fc_cast2_hit *out, int *hit);
FC_API fc_status fc_world_cast3(fc_world *w, const fc_shape3 *moving, fc_vec3 delta, fc_filter filter,
                                fc_cast3_hit *out, int *hit);
FC_API fc_status fc_world_cast2_all(fc_world *w, const fc_shape2 *moving, fc_vec2 delta, fc_filter filter,
                                    const fc_cast2_hit **hits, int32_t *count);
FC_API fc_status fc_world_cast3_all(fc_world *w, const fc_shape3 *moving, fc_vec3 delta, fc_filter filter,
                                    const fc_cast3_hit **hits, int32_t *count);

/* ------------------------------------------------ refined casts (issue 29)
 *
 * The calls below add to the casts above (which keep their behaviour):
 *
 * started_overlap: 1 when the shapes overlap at t = 0 (the exact entry is
 *   0), 0 when they first touch later - also when the reported t (a floor)
 *   is 0 because the exact entry is below 1/65536.
 *
 * safe: the safe advance, a raw integer vector. Advancing the moving shape
 *   by it never makes it overlap the target (closed sets: not even touch),
 *   and the straight sweep from the start to the start + safe touches
 *   nothing either (checked with the exact cast). Construction: with
 *   N = max(|delta.x|, |delta.y|[, |delta.z|]) (one step per raw unit along
 *   the major axis) the lattice points q(k) = trunc(k * delta / N) (each
 *   component rounded toward zero, i.e. toward the start), k in [0, N];
 *   k0 = the largest k with k / N < t_exact (exact comparison with the
 *   exact entry); safe = q(k) for the first k of the probe sequence
 *   k0 - back, k0 - back - 1, k0 - back - 2, k0 - back - 4, ... (steps
 *   doubling), then 0, whose sweep along q(k) misses (back: 0 for these
 *   calls; the mover passes its skin width). Usually the first probe
 *   holds. Rounding t * delta / 65536 instead is NOT safe: a point cast
 *   at a triangle ends strictly inside it even when rounded toward the
 *   start (issue 29's example: point (-171155, -972030), delta (430939,
 *   2532477), triangle (0,0) (896122,-90497) (111592,719165), t 35076).
 *   On a miss safe = delta; overlapping at the start, safe = 0.
 *   For a world cast the sweep along q(k) is checked against every body
 *   the query reports, so the safe advance enters none of them.
 *
 * Radius-0 normals: two radius-0 shapes meeting (points: circles or
 *   spheres of radius 0) have no contact direction; 2D reports the
 *   separating axis of the segment clip, 3D the unit delta (also a 3D
 *   capsule of radius 0 meeting a point or another radius-0 segment at an
 *   end or across its cylinder; segments crossing inside both report the
 *   integer direction e x f of the two segments, toward the target). Both are the
 *   direction in which the moving shape is stopped; documented in
 *   docs/shape-casts.md (not unified: changing either would change
 *   recorded replays).
 *
 * Two moving shapes: cast A with delta dA - dB against B at its start
 *   (relative motion); t is the common fraction of both moves, and each
 *   shape advances by its own t * d (see docs/shape-casts.md). */

/* Most body ids one query may exclude. */
#define FC_CAST_MAX_EXCLUDE 64

/* A world cast's query: the filter (as in fc_world_cast2) and bodies to
 * skip (e.g. the caster's own body: a world cast of a body's own shape
 * hits that body at t = 0 unless excluded here or by the filter).
 * exclude is borrowed for the call; exclude_count in [0,
 * FC_CAST_MAX_EXCLUDE] (else FC_ERR_ARGUMENT), exclude may be NULL only
 * when exclude_count is 0 (else FC_ERR_NULL). A stale or foreign id
 * excludes nothing. */
typedef struct fc_cast_query {
    fc_filter filter;
    const fc_body_id *exclude;
    int32_t exclude_count;
} fc_cast_query;

/* Default filter, nothing excluded. */
FC_API fc_cast_query fc_cast_query_default(void);

/* A refined hit: hit (as fc_cast2_hit), started_overlap (0 or 1), safe
 * (raw Q16.16 vector, see above). */
typedef struct fc_cast2_result {
    fc_cast2_hit hit;
    int32_t started_overlap;
    fc_vec2 safe;
} fc_cast2_result;

typedef struct fc_cast3_result {
    fc_cast3_hit hit;
    int32_t started_overlap;
    fc_vec3 safe;
} fc_cast3_result;

/* Pair casts with the refined result. *out is always written on FC_OK:
 * on a miss (*hit = 0) hit is all zero, started_overlap 0, safe = delta.
 * Errors as fc_cast2 / fc_cast3 (nothing written). */
FC_API fc_status fc_cast2_ex(const fc_shape2 *moving, fc_vec2 delta, const fc_shape2 *target, fc_cast2_result *out,
                             int *hit);
FC_API fc_status fc_cast3_ex(const fc_shape3 *moving, fc_vec3 delta, const fc_shape3 *target, fc_cast3_result *out,
                             int *hit);

/* World closest casts with a query (filter + excluded ids) and the refined
 * result (the closest hit as fc_world_cast2 / fc_world_cast3 over the
 * bodies not excluded; safe against all of them). *out is always written
 * on FC_OK (a miss as in fc_cast2_ex). Errors: as fc_world_cast2 /
 * fc_world_cast3, checked in that order, then the query's (FC_ERR_NULL,
 * FC_ERR_ARGUMENT); nothing written on error. Uses the world's cast
 * arrays (invalidates fc_world_cast?_all's output). */
FC_API fc_status fc_world_cast2_ex(fc_world *w, const fc_shape2 *moving, fc_vec2 delta, const fc_cast_query *query,
                                   fc_cast2_result *out, int *hit);
FC_API fc_status fc_world_cast3_ex(fc_world *w, const fc_shape3 *moving, fc_vec3 delta, const fc_cast_query *query,
                                   fc_cast3_result *out, int *hit);

#ifdef __cplusplus
}
#endif

#endif
