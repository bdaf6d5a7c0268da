/* SPDX-License-Identifier: MIT */
/* Scenario "movers3d" (replay format 5): spheres and upright capsules
 * (the 3D character shape; every third character) moved by the mover
 * (`mover`, up +y) every frame over a 3D level: a ground box, three
 * flights of stairs whose steps rise 1 raw less than, exactly and 1 raw
 * more than the step height, ramps (boxes pitched by table angles: 30, 45
 * and 50 degrees against a 45 degree limit), yawed boxes (OBBs) as
 * obstacles, capsule level pieces (upright pillars, one through a yawed
 * box, two crossing slanted logs, rails
 * lying on the ground whose tops are 1 raw under, at and 1 raw over the
 * step height) and a moving platform. Gravity, walking on table-trig
 * headings, jumps; mover fields varied per character (skin, iterations,
 * step-up, snap, slope limits (1, 1) and (2, 1), filters, excluded ids incl.
 * a stale one). Free-shape sphere and capsule movers probe the level (some
 * with a field out of range: FC_ERR_ARGUMENT recorded); capsule casts, rays
 * and capsule push-outs against the characters query it. In the middle a
 * rollback: snapshot, ROLLBACK frames, restore, the same frames again; the
 * generator fails unless the mover outputs are identical. */
#include "scen.h"

#include <string.h>

#include <fixcol/trig.h>
#include <fixcol/world.h>

#include "core/nofloat.h"

#define U SC_UNIT
#define ALL 0xFFFFFFFFu
#define CAT_LEVEL 1u
#define CAT_BALL 2u
#define STEP (U / 2)
#define MAXB 64
#define ROLLBACK 8

#define v3(x, y, z) ((fc_vec3){(x), (y), (z)})

typedef struct ball {
    fc_body_id id;
    fix16_t r;
    fix16_t half; /* > 0: an upright capsule, its segment's half-length; 0: a sphere */
    int32_t vy;
    fc_angle heading;
    fc_replay_mover def;
} ball;

typedef struct m3_state {
    uint32_t rng;
    ball b[MAXB];
    int32_t plat_dir;
} m3_state;

static fc_status box(sc_ctx *c, fc_vec3 lo, fc_vec3 hi)
{
    fc_shape3 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE3_AABB;
    s.u.aabb.min = lo;
    s.u.aabb.max = hi;
    fc_body_id id;
    return sc_create3(c, s, sc_filter(CAT_LEVEL, ALL), &id);
}

/* The character's shape centred at p: a sphere or an upright capsule. */
static fc_shape3 body_at(const ball *b, fc_vec3 p)
{
    if (b->half == 0)
        return sc_sphere(p, b->r);
    return sc_capsule3(v3(p.x, p.y - b->half, p.z), v3(p.x, p.y + b->half, p.z), b->r);
}

/* Capsule level pieces: upright pillars of every radius class, two crossing
 * slanted logs, a pillar through a yawed box, and rails lying along x on the ground at z = 28 whose tops are at
 * the step height - 1 raw, exactly and + 1 raw (a rail of the first kind
 * dips 1 raw into the ground box). */
static fc_status capsule_pieces(sc_ctx *c)
{
    fc_status st = FC_OK;
    fc_body_id id;
    for (int k = 0; k < 4 && st == FC_OK; k++)
        st = sc_create3(c, sc_capsule3(v3((-25 + 12 * k) * U, 0, 8 * U), v3((-25 + 12 * k) * U, 4 * U, 8 * U), U / 2 + k * (U / 4)),
                        sc_filter(CAT_LEVEL, ALL), &id);
    if (st == FC_OK)
        st = sc_create3(c, sc_capsule3(v3(-6 * U, U / 2, 0), v3(6 * U, 3 * U, 2 * U), U / 3), sc_filter(CAT_LEVEL, ALL), &id);
    if (st == FC_OK) /* a second log crossing the first (a capsule / capsule pair) */
        st = sc_create3(c, sc_capsule3(v3(0, U / 2, -3 * U), v3(0, 3 * U, 4 * U), U / 3), sc_filter(CAT_LEVEL, ALL), &id);
    if (st == FC_OK) /* a pillar through the first yawed box (a capsule / OBB3 pair) */
        st = sc_create3(c, sc_capsule3(v3(-30 * U, 0, 20 * U), v3(-30 * U, 3 * U, 20 * U), U / 2), sc_filter(CAT_LEVEL, ALL), &id);
    for (int f = 0; f < 3 && st == FC_OK; f++) {
        fix16_t top = STEP - 1 + f, r = U / 4;
        st = sc_create3(c, sc_capsule3(v3((-20 + 12 * f) * U, top - r, 28 * U), v3((-12 + 12 * f) * U, top - r, 28 * U), r),
                        sc_filter(CAT_LEVEL, ALL), &id);
    }
    return st;
}

static fc_status level(sc_ctx *c, fc_body_id *plat)
{
    fc_body_id id;
    fc_status st = box(c, v3(-40 * U, -4 * U, -40 * U), v3(40 * U, 0, 40 * U));
    for (int f = 0; f < 3 && st == FC_OK; f++) { /* stairs along +x at z = -20, -12, -4 */
        fix16_t z0 = (-22 + 8 * f) * U, rise = STEP - 1 + f;
        for (int i = 0; i < 4 && st == FC_OK; i++)
            st = box(c, v3((-10 + 2 * i) * U, 0, z0), v3(0, (i + 1) * rise, z0 + 4 * U));
    }
    /* ramps: boxes pitched about z (roll) by 30, 45 and 50 degrees */
    static const fc_angle tilt[3] = {5461, 8192, 9102};
    for (int f = 0; f < 3 && st == FC_OK; f++) {
        fc_obb3 o;
        st = fc_obb3_from_euler(v3(10 * U, -U, (-20 + 8 * f) * U), v3(4 * U, 2 * U, 2 * U), 0, 0, tilt[f], &o);
        fc_shape3 s;
        memset(&s, 0, sizeof s);
        s.type = FC_SHAPE3_OBB;
        s.u.obb = o;
        if (st == FC_OK)
            st = sc_create3(c, s, sc_filter(CAT_LEVEL, ALL), &id);
    }
    for (int k = 0; k < 6 && st == FC_OK; k++) /* yawed boxes */
        st = sc_create3(c, sc_obb3(v3((-30 + 10 * k) * U, U, 20 * U), v3(2 * U, U, U), (fc_angle)(k * 5000)),
                        sc_filter(CAT_LEVEL, ALL), &id);
    if (st == FC_OK) /* walls */
        st = box(c, v3(-42 * U, 0, -42 * U), v3(-40 * U, 10 * U, 42 * U));
    if (st == FC_OK)
        st = box(c, v3(40 * U, 0, -42 * U), v3(42 * U, 10 * U, 42 * U));
    if (st == FC_OK)
        st = box(c, v3(-40 * U, 0, -42 * U), v3(40 * U, 10 * U, -40 * U));
    if (st == FC_OK)
        st = box(c, v3(-40 * U, 0, 40 * U), v3(40 * U, 10 * U, 42 * U));
    if (st == FC_OK)
        st = capsule_pieces(c);
    if (st == FC_OK)
        st = sc_create3(c, sc_aabb3(v3(20 * U, 3 * U, 0), v3(3 * U, U / 4, 3 * U)), sc_filter(CAT_LEVEL, ALL), plat);
    return st;
}

static fc_status spawn(sc_ctx *c, ball *b, uint32_t i)
{
    fc_mover_def d = fc_mover_def_default();
    static const int32_t skins[3] = {16, 0, 128}, iters[3] = {4, 2, 16};
    d.skin = skins[i % 3];
    d.max_iterations = iters[(i / 3) % 3];
    d.step_height = i % 4 == 3 ? 0 : STEP;
    d.snap_distance = i % 5 == 4 ? 0 : U / 8;
    if (i % 7 == 6)
        d.slope_run = 2;
    b->def = sc_mover_def(&d);
    b->r = U / 2 + (fix16_t)(i % 3) * (U / 8);
    b->half = i % 3 == 1 ? U / 2 + (fix16_t)(i % 4) * (U / 8) : 0;
    b->vy = 0;
    b->heading = (fc_angle)sc_rand(c);
    fix16_t x = sc_range(c, -35 * U, 35 * U), y = sc_range(c, 2 * U, 12 * U), z = sc_range(c, -35 * U, 35 * U);
    return sc_create3(c, body_at(b, v3(x, y, z)), sc_filter(CAT_BALL, ALL), &b->id);
}

static void step_ball(sc_ctx *c, ball *b, uint32_t i, uint32_t frame, fc_body_id plat)
{
    fc_world *w = c->rec->rn.world;
    int32_t before[3], after[3], hi[3];
    if (fc_world_get_bounds(w, b->id, before, hi) != FC_OK)
        return;
    if (before[1] < -20 * U) {
        fix16_t x = sc_range(c, -30 * U, 30 * U), z = sc_range(c, -30 * U, 30 * U);
        sc_set3(c, b->id, body_at(b, v3(x, 12 * U, z)));
        return;
    }
    b->vy -= U / 64;
    if (b->vy < -U / 2)
        b->vy = -U / 2;
    if (sc_chance(c, 1, 60))
        b->heading = (fc_angle)(b->heading + sc_range(c, -8000, 8000));
    fc_sincos sc = fc_sincos_of(b->heading);
    fc_vec3 d = v3((int32_t)(((int64_t)sc.c * (U / 6)) >> 16), b->vy, (int32_t)(((int64_t)sc.s * (U / 6)) >> 16));
    fc_replay_mover m = b->def;
    if (frame % 12 == i % 12) {
        m.exclude_count = 2;
        m.exclude[0] = plat;
        m.exclude[1] = b->id;
        m.exclude[1].generation += 3;
    }
    fc_filter q = i % 6 == 5 ? sc_filter(CAT_BALL, CAT_LEVEL) : sc_filter(CAT_BALL, ALL);
    if (sc_mover(c, b->id, d, &m, q) != FC_OK)
        return;
    if (fc_world_get_bounds(w, b->id, after, hi) != FC_OK)
        return;
    int32_t my = after[1] - before[1];
    if (d.y < 0 && my > d.y) {
        b->vy = 0;
        if (sc_chance(c, 1, 40))
            b->vy = U / 4;
    } else if (d.y > 0 && my < d.y) {
        b->vy = 0;
    }
    if (after[0] == before[0] && after[2] == before[2])
        b->heading = (fc_angle)(b->heading + 16384);
}

/* Capsule queries at character i = frame mod n: a capsule cast at it from
 * 6 units away (every hit on odd frames), a ray along the same sweep, and
 * the push-out of the character's shape from a capsule placed on it. */
static void capsule_queries(sc_ctx *c, const m3_state *g, uint32_t n, uint32_t frame)
{
    if (n == 0)
        return;
    fc_shape3 t;
    if (fc_world_get_shape3(c->rec->rn.world, g->b[frame % n].id, &t) != FC_OK)
        return;
    int32_t lo[3], hi[3];
    if (fc_world_get_bounds(c->rec->rn.world, g->b[frame % n].id, lo, hi) != FC_OK)
        return;
    fc_vec3 m = v3(lo[0] / 2 + hi[0] / 2, lo[1] / 2 + hi[1] / 2, lo[2] / 2 + hi[2] / 2);
    fix16_t off = sc_range(c, -U, U);
    fc_shape3 k = sc_capsule3(v3(m.x - 6 * U, m.y - U / 2, m.z + off), v3(m.x - 6 * U, m.y + U / 2, m.z + off), U / 3);
    sc_cast3(c, k, v3(12 * U, 0, -off), sc_filter(CAT_BALL, ALL), (int)(frame & 1u));
    sc_ray(c, v3(m.x - 6 * U, m.y, m.z + off), v3(12 * U, 0, -off), sc_filter(CAT_BALL, ALL), 0);
    fix16_t dx = sc_range(c, -U / 2, U / 2);
    sc_pushout3(c, sc_capsule3(v3(m.x + dx, m.y - U / 4, m.z), v3(m.x + dx, m.y + U / 4, m.z + U / 4), U / 2), t);
}

static fc_status frame_ops(sc_ctx *c, m3_state *g, uint32_t n, uint32_t frame, fc_body_id plat)
{
    if (frame % 48 == 0)
        g->plat_dir = -g->plat_dir;
    sc_move(c, plat, 0, g->plat_dir * (U / 16), 0);
    for (uint32_t i = 0; i < n; i++)
        step_ball(c, &g->b[i], i, frame, plat);
    if (frame % 2 == 0) {
        fc_mover_def d = fc_mover_def_default();
        d.step_height = STEP;
        d.snap_distance = U / 4;
        fc_replay_mover m = sc_mover_def(&d);
        if (frame % 14 == 0)
            m.slope_run = 0; /* FC_ERR_ARGUMENT */
        if (frame % 14 == 6)
            m.up_axis = 0;   /* x up */
        fix16_t x = sc_range(c, -35 * U, 35 * U), y = sc_range(c, 0, 8 * U), z = sc_range(c, -35 * U, 35 * U);
        fix16_t dx = sc_range(c, -4 * U, 4 * U), dy = sc_range(c, -4 * U, U), dz = sc_range(c, -4 * U, 4 * U);
        fc_shape3 probe = sc_sphere(v3(x, y, z), U / 2);
        if (frame % 4 == 2) /* a capsule lying slanted, then one standing */
            probe = sc_capsule3(v3(x - U / 2, y, z), v3(x + U / 2, y + U / 3, z), U / 3);
        else if (frame % 8 == 4)
            probe = sc_capsule3(v3(x, y, z), v3(x, y + U, z), U / 2);
        sc_mover_shape3(c, probe, v3(dx, dy, dz), &m, sc_filter(CAT_BALL, ALL));
    }
    if (frame % 3 == 1)
        capsule_queries(c, g, n, frame);
    return c->rec->status;
}

fc_status scen_movers3d(sc_ctx *c)
{
    fc_status st = sc_begin(c, 3, -64, 7, 6, FC_QT_LOOSE);
    uint32_t n = c->bodies < MAXB ? c->bodies : MAXB;
    fc_body_id plat;
    static const m3_state zero;
    m3_state g = zero;
    g.plat_dir = 1;
    memset(&plat, 0, sizeof plat);
    if (st == FC_OK)
        st = level(c, &plat);
    for (uint32_t i = 0; i < n && st == FC_OK; i++)
        st = spawn(c, &g.b[i], i);
    if (st != FC_OK)
        return st;
    sc_end_frame(c);
    uint32_t mid = c->frames / 2;
    for (uint32_t f = 1; f < c->frames; f++) {
        if (f == mid && f + ROLLBACK < c->frames) {
            uint64_t first[ROLLBACK];
            sc_snapshot(c, 0);
            g.rng = c->rng;
            m3_state saved = g;
            for (uint32_t k = 0; k < ROLLBACK; k++) {
                frame_ops(c, &g, n, f + k, plat);
                first[k] = sc_query_digest(c);
                sc_end_frame(c);
            }
            g = saved;
            c->rng = g.rng;
            sc_restore(c, 0);
            for (uint32_t k = 0; k < ROLLBACK; k++) {
                frame_ops(c, &g, n, f + k, plat);
                if (first[k] != sc_query_digest(c))
                    return FC_ERR_ARGUMENT; /* the re-simulation differs: a determinism bug */
                sc_end_frame(c);
            }
            f += ROLLBACK - 1;
            continue;
        }
        frame_ops(c, &g, n, f, plat);
        st = sc_end_frame(c);
        if (st != FC_OK)
            return st;
    }
    return c->rec->status;
}
