/* SPDX-License-Identifier: MIT */
/* The replay tool's seeded scenario generators (scen_*.c), which record the
 * committed replays; not part of libfixcol (a game links the engine and the
 * replay reader/writer/verifier, not test scenario code). Also the helpers
 * the generators share: a seeded xorshift32, shape makers, and one call per
 * recorded operation. */
#ifndef FIXCOL_TOOLS_SCEN_H
#define FIXCOL_TOOLS_SCEN_H

#include <fixcol/replay.h>

#define SC_UNIT 65536

typedef struct sc_ctx {
    fc_replay_recorder *rec;
    uint32_t rng;
    uint32_t bodies, frames;
    int32_t version; /* the replay format version the scenario records */
} sc_ctx;

/* Start recording with these settings (2D or 3D world). */
fc_status sc_begin(sc_ctx *c, int32_t dim, int32_t bounds_min_units, int32_t log2, int32_t depth, int32_t layout);
uint32_t sc_rand(sc_ctx *c);
/* Uniform-ish integer in [lo, hi] (hi - lo < 2^32). */
int32_t sc_range(sc_ctx *c, int32_t lo, int32_t hi);
/* 1 with probability num/den. */
int sc_chance(sc_ctx *c, uint32_t num, uint32_t den);

fc_shape2 sc_circle(fix16_t x, fix16_t y, fix16_t r);
fc_shape2 sc_aabb2(fix16_t x, fix16_t y, fix16_t hx, fix16_t hy);
fc_shape2 sc_obb2(fix16_t x, fix16_t y, fix16_t hx, fix16_t hy, fc_angle a);
fc_shape2 sc_capsule(fix16_t ax, fix16_t ay, fix16_t bx, fix16_t by, fix16_t r);
/* Regular n-gon (3..8) of circumradius r around (x, y), first vertex at angle a. */
fc_shape2 sc_poly(fix16_t x, fix16_t y, fix16_t r, int32_t n, fc_angle a);
fc_shape3 sc_sphere(fc_vec3 c, fix16_t r);
fc_shape3 sc_aabb3(fc_vec3 c, fc_vec3 half);
/* Box turned by yaw about the up (y) axis. */
fc_shape3 sc_obb3(fc_vec3 c, fc_vec3 half, fc_angle yaw);
fc_filter sc_filter(uint32_t category, uint32_t mask);

/* Recorded operations; they return the world's status. */
fc_status sc_create2(sc_ctx *c, fc_shape2 s, fc_filter f, fc_body_id *id);
fc_status sc_create3(sc_ctx *c, fc_shape3 s, fc_filter f, fc_body_id *id);
fc_status sc_move(sc_ctx *c, fc_body_id id, fix16_t dx, fix16_t dy, fix16_t dz);
fc_status sc_turn(sc_ctx *c, fc_body_id id, fc_angle a);
fc_status sc_set2(sc_ctx *c, fc_body_id id, fc_shape2 s);
fc_status sc_set3(sc_ctx *c, fc_body_id id, fc_shape3 s);
fc_status sc_destroy(sc_ctx *c, fc_body_id id);
fc_status sc_overlap2(sc_ctx *c, fc_shape2 s, fc_filter f);
fc_status sc_overlap3(sc_ctx *c, fc_shape3 s, fc_filter f);
fc_status sc_point(sc_ctx *c, fc_vec3 p, fc_filter f);
/* all: every hit instead of the closest. */
fc_status sc_ray(sc_ctx *c, fc_vec3 origin, fc_vec3 delta, fc_filter f, int all);
fc_status sc_snapshot(sc_ctx *c, uint32_t slot);
fc_status sc_restore(sc_ctx *c, uint32_t slot);
/* The desync queries (fixcol/desync.h): a range checksum, a dump hash. */
fc_status sc_range_checksum(sc_ctx *c, uint32_t lo, uint32_t hi);
fc_status sc_dump(sc_ctx *c);
/* Version 3 queries (skill areas, shape casts; fixcol/area2.h, cast.h). */
fc_status sc_sector(sc_ctx *c, fc_sector2 s, fc_filter f);
fc_status sc_ring(sc_ctx *c, fc_ring2 r, fc_filter f);
/* moving: shape2 in a 2D replay, shape3 in 3D (the other is ignored);
 * all: every hit instead of the closest. */
fc_status sc_cast2(sc_ctx *c, fc_shape2 moving, fc_vec2 delta, fc_filter f, int all);
fc_status sc_cast3(sc_ctx *c, fc_shape3 moving, fc_vec3 delta, fc_filter f, int all);
/* Version 4 operations: a push-out of b from a (2D or 3D, the replay's
 * dimension; the other pair is ignored), a filter change, a body hash query
 * and a pair finding inside the frame (find_pairs + pair_events). */
fc_status sc_pushout2(sc_ctx *c, fc_shape2 a, fc_shape2 b);
fc_status sc_pushout3(sc_ctx *c, fc_shape3 a, fc_shape3 b);
fc_status sc_set_filter(sc_ctx *c, fc_body_id id, fc_filter f);
fc_status sc_body_hash(sc_ctx *c, fc_body_id id);
fc_status sc_pairs(sc_ctx *c);
/* Version 5: the mover (fixcol/mover.h) on a body (the world moves it) or
 * a free shape (shape2 in a 2D replay, shape3 in 3D), desired displacement
 * d (z ignored in 2D), definition m and query filter f. *res (if not NULL)
 * gets the result the runner computed (zeroed on error). */
#include <fixcol/mover.h>
fc_replay_mover sc_mover_def(const fc_mover_def *d);
fc_status sc_mover(sc_ctx *c, fc_body_id id, fc_vec3 d, const fc_replay_mover *m, fc_filter f);
fc_status sc_mover_shape2(sc_ctx *c, fc_shape2 s, fc_vec2 d, const fc_replay_mover *m, fc_filter f);
fc_status sc_mover_shape3(sc_ctx *c, fc_shape3 s, fc_vec3 d, const fc_replay_mover *m, fc_filter f);
fc_shape3 sc_capsule3(fc_vec3 a, fc_vec3 b, fix16_t r);
/* The current frame's query results so far (count and hash of each) as one
 * hash: a rollback's re-simulated frame must give the first run's. */
uint64_t sc_query_digest(const sc_ctx *c);
fc_status sc_end_frame(sc_ctx *c);

/* Seeded scenario generators (integer xorshift, no floats): every call with
 * the same arguments records the same replay into rec, which the call
 * initialises with the scenario's settings (free it with
 * fc_replay_recorder_free afterwards, also on error; the file is in
 * rec->w.data / rec->w.size). name: one of scen_names. bodies in
 * 1..SCEN_MAX_BODIES, frames in 1..FC_REPLAY_MAX_FRAMES. Errors: FC_ERR_ARGUMENT (unknown name, bad counts),
 * FC_ERR_NO_MEMORY. */
#define SCEN_MAX_BODIES 1000000u
fc_status scen_record(fc_replay_recorder *rec, const char *name, uint32_t seed, uint32_t bodies, uint32_t frames);
/* NULL-terminated list of scenario names; scen_about gives a one-line
 * description of a name, or NULL for an unknown one. */
extern const char *const scen_names[];
const char *scen_about(const char *name);

/* The generators. */
fc_status scen_moba(sc_ctx *c);
fc_status scen_bullets(sc_ctx *c);
fc_status scen_mixed2d(sc_ctx *c);
fc_status scen_boxes3d(sc_ctx *c);
fc_status scen_adversarial(sc_ctx *c);
fc_status scen_adversarial3d(sc_ctx *c);
fc_status scen_desync(sc_ctx *c);
fc_status scen_desync3d(sc_ctx *c);
fc_status scen_skills(sc_ctx *c);
fc_status scen_skills3d(sc_ctx *c);
fc_status scen_resolve(sc_ctx *c);
fc_status scen_resolve3d(sc_ctx *c);
fc_status scen_platformer(sc_ctx *c);
fc_status scen_moba_movers(sc_ctx *c);
fc_status scen_movers3d(sc_ctx *c);

#endif
