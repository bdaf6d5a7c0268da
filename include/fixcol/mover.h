/* SPDX-License-Identifier: MIT */
/* fixcol/mover.h - a deterministic character mover: exact collide-and-slide
 * (docs/mover.md is the guide).
 *
 * fc_world_move2 / fc_world_move3 move a body (fc_world_move_shape2 / 3 a
 * free shape) by a desired displacement through the world:
 *   0. push-out: while the shape overlaps a body the query reports (closed
 *      sets; the least body index first), it is pushed out with
 *      fc_pushout2 / fc_pushout3 (flag FC_MOVER_STARTED_OVERLAP), at most
 *      max_iterations rounds; still overlapping after them: flag
 *      FC_MOVER_STUCK and no further move;
 *   1. up to max_iterations times, while the remaining displacement is not
 *      zero: the closest world cast of the shape along it (the query's
 *      filter, its excluded ids and the moved body itself excluded), then
 *      the shape advances by the cast's safe advance (fixcol/cast.h) with
 *      the probes starting skin raw steps (along the major axis) before
 *      the exact entry; the hit is recorded as a touch and its plane (the
 *      reported normal) added; on a wall hit with step_height > 0 a
 *      step-up is tried (below); the remaining displacement minus the
 *      advance is clipped against every plane of the move (the plane
 *      solver below); no hit: the shape advances by all of it;
 *   2. ground snap: when snap_distance > 0, the desired displacement does
 *      not point up (desired . up <= 0) and no ground was touched, a cast
 *      down by snap_distance; walkable ground hit: advance to it (as in 1)
 *      and flag FC_MOVER_SNAPPED | FC_MOVER_GROUNDED.
 * Every advance is a safe advance whose straight sweep was checked by the
 * exact world cast, so the mover never passes through a body it collides
 * with and, when it started outside every body, never ends overlapping
 * one (closed sets); with nothing in the way it moves by exactly desired.
 * The bodies are not moving during the call: for a moving platform, move
 * the platform first, then the mover (or move the mover by its relative
 * motion and add the platform's).
 *
 * Plane solver: the remaining vector v is clipped against the planes of
 * the move in canonical order (the order they were hit: iteration, then
 * least (exact t, body index) within a cast): for each plane n with
 * v . n > 0, v -= ceil_away((v . n) n / |n|^2) (each removed component
 * rounded away from zero, so afterwards v . n <= 0), for
 * FC_MOVER_SOLVER_PASSES passes; if some plane still has v . n > 0 (an
 * acute corner), v = 0.
 *
 * Surfaces: a hit's direction e is the exact integer direction of the
 * contact when the feature is flat (a face or an edge normal: polygons,
 * boxes, segments), else the reported normal. With c = -(e . up):
 * walkable ground when c > 0 and c^2 (run^2 + rise^2) >= run^2 |e|^2
 * (the surface is at most atan(rise / run) from level; exact), ceiling
 * the same with c < 0 and -c, else a wall.
 *
 * Step-up (when step_height > 0 and the hit is a wall): cast up by
 * step_height (safe advance, skin), then along the remaining displacement
 * with its up component removed, then down by the height risen; the step
 * is taken when the down cast hits walkable ground, else the plain slide
 * goes on. A step whose top is less than step_height above the mover's
 * lowest point is climbed (a step of exactly step_height would leave them
 * touching, and touching is overlap).
 *
 * Determinism: integer-only, float-free, allocation-free in the mover
 * itself (the world casts and the overlap query use the world's scratch
 * arrays, which may grow, as for the queries: their outputs are
 * invalidated); the result is a pure function of the world's contents and
 * the arguments. Not thread-safe on one world (as every world call).
 *
 * Errors (nothing changed, *out not written): FC_ERR_NULL (w, def, out,
 * shape; def->query.exclude NULL with a count); FC_ERR_SHAPE_TYPE (a 2D
 * call on a 3D world or back); FC_ERR_STALE_ID (body calls); the shape's
 * validation error; FC_ERR_RANGE (a desired component outside
 * [-FC_COORD_LIMIT, FC_COORD_LIMIT], or the move would take a defining
 * coordinate out of range); FC_ERR_ARGUMENT (a def field out of range);
 * FC_ERR_NO_MEMORY. */
#ifndef FIXCOL_MOVER_H
#define FIXCOL_MOVER_H

#include <fixcol/api.h>

#include <stdint.h>

#include <fixcol/cast.h>
#include <fixcol/world.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FC_MOVER_MAX_ITERATIONS 16
#define FC_MOVER_MAX_TOUCHES 80   /* iterations, step-ups and the snap */
#define FC_MOVER_MAX_PATH 96      /* push-outs, advances, step-up legs, snap */
#define FC_MOVER_SOLVER_PASSES 4

/* Result flags. */
#define FC_MOVER_GROUNDED 1        /* touched walkable ground (or snapped to it) */
#define FC_MOVER_CEILING 2         /* touched a ceiling */
#define FC_MOVER_WALL 4            /* touched a wall */
#define FC_MOVER_STARTED_OVERLAP 8 /* started overlapping: pushed out first */
#define FC_MOVER_STEPPED 16        /* climbed a step */
#define FC_MOVER_SNAPPED 32        /* snapped down to the ground */
#define FC_MOVER_STUCK 64          /* still overlapping after the push-out rounds: not moved further */

/* Touch kinds (fc_mover_touch.kind). */
#define FC_MOVER_TOUCH_GROUND 1
#define FC_MOVER_TOUCH_CEILING 2
#define FC_MOVER_TOUCH_WALL 4

typedef struct fc_mover_def {
    fc_cast_query query;   /* filter and excluded ids (the moved body is always excluded) */
    int32_t skin;          /* raw, [0, 65536]; default 16 */
    int32_t max_iterations;/* [1, FC_MOVER_MAX_ITERATIONS]; default 4 */
    int32_t step_height;   /* raw, [0, FC_COORD_LIMIT]; default 0 (no step-up) */
    int32_t snap_distance; /* raw, [0, FC_COORD_LIMIT]; default 0 (no snap) */
    int32_t up_axis;       /* 0 x, 1 y, 2 z (3D only); default 1 */
    int32_t up_sign;       /* +1 or -1; default +1 */
    /* The steepest walkable ground as (run, rise), raw integers, run in
     * [1, 2^30], rise in [0, 2^30]: (1, 1) is 45 degrees (default). */
    int32_t slope_run, slope_rise;
} fc_mover_def;

/* The defaults above. */
FC_API fc_mover_def fc_mover_def_default(void);

/* One body touched: its id, the cast's t (floor(exact t * 65536)), the
 * reported normal (from the mover toward the body; z 0 in 2D), the
 * iteration (0-based; step-up casts count in their iteration, the snap
 * gets max_iterations) and the kind (FC_MOVER_TOUCH_*). */
typedef struct fc_mover_touch {
    fc_body_id id;
    fix16_t t;
    fc_vec3 normal;
    int32_t iteration;
    int32_t kind;
} fc_mover_touch;

/* The outcome. moved: the displacement applied (raw; the sum of path);
 * flags: FC_MOVER_*; iterations: casting iterations used; touches in
 * canonical order (the order they were hit); path: every straight
 * segment the shape moved along, in order (push-outs, advances, step-up
 * legs, snap), for checking; the first pushouts of them are the push-out
 * moves (they start inside a body). */
typedef struct fc_mover2_result {
    fc_vec2 moved;
    int32_t flags, iterations, touch_count, path_count, pushouts;
    fc_mover_touch touches[FC_MOVER_MAX_TOUCHES];
    fc_vec2 path[FC_MOVER_MAX_PATH];
} fc_mover2_result;

typedef struct fc_mover3_result {
    fc_vec3 moved;
    int32_t flags, iterations, touch_count, path_count, pushouts;
    fc_mover_touch touches[FC_MOVER_MAX_TOUCHES];
    fc_vec3 path[FC_MOVER_MAX_PATH];
} fc_mover3_result;

/* Move body id (any valid shape; circle, capsule and box are the tested
 * characters) by up to desired and translate it by out->moved. */
FC_API fc_status fc_world_move2(fc_world *w, fc_body_id id, fc_vec2 desired, const fc_mover_def *def,
                                fc_mover2_result *out);
/* The same for a 3D body (sphere; a 3D capsule moves through the capsule
 * casts, as a body here and as a free shape below). */
FC_API fc_status fc_world_move3(fc_world *w, fc_body_id id, fc_vec3 desired, const fc_mover_def *def,
                                fc_mover3_result *out);
/* Move a free shape (not a body; the world is not changed): out->moved is
 * where the shape would go. */
FC_API fc_status fc_world_move_shape2(fc_world *w, const fc_shape2 *shape, fc_vec2 desired,
                                      const fc_mover_def *def, fc_mover2_result *out);
FC_API fc_status fc_world_move_shape3(fc_world *w, const fc_shape3 *shape, fc_vec3 desired,
                                      const fc_mover_def *def, fc_mover3_result *out);

#ifdef __cplusplus
}
#endif

#endif
