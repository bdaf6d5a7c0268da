/* SPDX-License-Identifier: MIT */
/* Scenario "platformer" (replay format 5): a 2D platformer level (y up)
 * whose characters - circles, vertical capsules and boxes - are moved by
 * the mover (`mover` operations) every frame: gravity, walking, jumps,
 * every fc_mover_def field varied per character (skin 0 / 16 / 256,
 * iterations 1 / 4 / 16, step height, ground snap, up sign, slope limits
 * (1, 1) and (2, 1), query filters, excluded ids incl. a stale one). The
 * level: ground; three flights of stairs whose steps rise 1 raw less than,
 * exactly and 1 raw more than the step height; triangle slopes at exactly
 * the 45 degree limit and 1 raw less and more steep; tunnels exactly the
 * circle's and box's height and 1 raw lower; a vertical shaft exactly the
 * body width and one 1 raw narrower; moving platforms (translated before
 * the characters each frame). Free-shape movers (`mover_shape`) probe the
 * level, some with def fields out of range (FC_ERR_ARGUMENT recorded).
 * Rollback: in the middle a snapshot, ROLLBACK frames, a restore and the
 * same frames again with the same inputs; the generator fails unless every
 * re-simulated mover output (the frame's query results) equals the first
 * run's. */
#include "scen.h"

#include <string.h>

#include <fixcol/world.h>

#include "core/nofloat.h"

#define U SC_UNIT
#define ALL 0xFFFFFFFFu
#define CAT_LEVEL 1u
#define CAT_CHAR 2u
#define CAT_PLATFORM 4u
#define STEP (U / 2)     /* the characters' step height */
#define R (U / 2)        /* circle radius, box half size, capsule radius */
#define MAXCHARS 64
#define PLATFORMS 3
#define ROLLBACK 12

typedef struct chr {
    fc_body_id id;
    int32_t vx, vy, dir, kind;
    fc_replay_mover def;
    fc_filter query;
} chr;

typedef struct gen_state {
    uint32_t rng;
    chr ch[MAXCHARS];
    int32_t plat_dir;
} gen_state;

static fc_status box(sc_ctx *c, fix16_t x0, fix16_t y0, fix16_t x1, fix16_t y1)
{
    fc_shape2 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE2_AABB;
    s.u.aabb.min = fc_vec2_make(x0, y0);
    s.u.aabb.max = fc_vec2_make(x1, y1);
    fc_body_id id;
    return sc_create2(c, s, sc_filter(CAT_LEVEL, ALL), &id);
}

/* A right triangle rising to the right from (x0, 0): run, rise (raw). */
static fc_status ramp(sc_ctx *c, fix16_t x0, fix16_t run, fix16_t rise)
{
    fc_shape2 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE2_POLY;
    s.u.poly.count = 3;
    s.u.poly.v[0] = fc_vec2_make(x0, 0);
    s.u.poly.v[1] = fc_vec2_make(x0 + run, 0);
    s.u.poly.v[2] = fc_vec2_make(x0 + run, rise);
    fc_body_id id;
    fc_status st = sc_create2(c, s, sc_filter(CAT_LEVEL, ALL), &id);
    return st != FC_OK ? st : box(c, x0 + run, 0, x0 + run + 2 * U, rise); /* a plateau after it */
}

static fc_status level(sc_ctx *c)
{
    fc_status st = box(c, -56 * U, -4 * U, 56 * U, 0);
    /* stairs: 4 steps, 2 units deep, rising STEP - 1, STEP, STEP + 1 */
    for (int f = 0; f < 3 && st == FC_OK; f++) {
        fix16_t x0 = (-44 + 12 * f) * U, rise = STEP - 1 + f;
        for (int i = 0; i < 4 && st == FC_OK; i++)
            st = box(c, x0 + 2 * i * U, 0, x0 + 9 * U, (i + 1) * rise);
    }
    /* slopes: 45 degrees exactly, 1 raw shallower, 1 raw steeper */
    for (int f = 0; f < 3 && st == FC_OK; f++)
        st = ramp(c, (-8 + 11 * f) * U, 6 * U, 6 * U - 1 + f);
    /* tunnels over the ground: exactly 2R high and 1 raw lower */
    if (st == FC_OK)
        st = box(c, 28 * U, 2 * R, 34 * U, 2 * R + U);
    if (st == FC_OK)
        st = box(c, 36 * U, 2 * R - 1, 42 * U, 2 * R - 1 + U);
    /* vertical shafts from y 4 to 14: exactly 2R wide and 1 raw narrower */
    if (st == FC_OK)
        st = box(c, 44 * U, 4 * U, 45 * U, 14 * U);
    if (st == FC_OK)
        st = box(c, 45 * U + 2 * R, 4 * U, 46 * U + 2 * R, 14 * U);
    if (st == FC_OK)
        st = box(c, 48 * U, 4 * U, 49 * U, 14 * U);
    if (st == FC_OK)
        st = box(c, 49 * U + 2 * R - 1, 4 * U, 50 * U + 2 * R, 14 * U);
    /* walls at both ends */
    if (st == FC_OK)
        st = box(c, -58 * U, -4 * U, -56 * U, 30 * U);
    if (st == FC_OK)
        st = box(c, 56 * U, -4 * U, 58 * U, 30 * U);
    return st;
}

static fc_shape2 char_shape(int kind, fix16_t x, fix16_t y)
{
    switch (kind) {
    case 0: return sc_circle(x, y + R, R);
    case 1: return sc_capsule(x, y + R, x, y + R + U / 2, R);
    default: return sc_aabb2(x, y + R, R, R);
    }
}

static void char_def(sc_ctx *c, chr *h, uint32_t i)
{
    fc_mover_def d = fc_mover_def_default();
    static const int32_t skins[3] = {16, 0, 256}, iters[3] = {4, 1, 16};
    d.skin = skins[i % 3];
    d.max_iterations = iters[(i / 3) % 3];
    d.step_height = i % 4 == 3 ? 0 : STEP;
    d.snap_distance = i % 5 == 4 ? 0 : U / 8;
    if (i % 7 == 6)
        d.slope_run = 2; /* (2, 1): about 26.6 degrees */
    h->def = sc_mover_def(&d);
    h->query = i % 6 == 5 ? sc_filter(CAT_CHAR, CAT_LEVEL | CAT_PLATFORM) /* passes through characters */
                          : sc_filter(CAT_CHAR, ALL);
    (void)c;
}

static fc_status spawn(sc_ctx *c, chr *h, uint32_t i)
{
    h->kind = (int32_t)(i % 3);
    h->dir = i & 1 ? 1 : -1;
    h->vx = U / 10 + (int32_t)(i * 977u % 4096u);
    h->vy = 0;
    char_def(c, h, i);
    fix16_t x = sc_range(c, -52 * U, 52 * U), y = sc_range(c, 2 * U, 20 * U);
    return sc_create2(c, char_shape(h->kind, x, y), sc_filter(CAT_CHAR, ALL), &h->id);
}

static fc_status platform(sc_ctx *c, fc_body_id *id, int i)
{
    return sc_create2(c, sc_aabb2((-30 + 25 * i) * U, (8 + 3 * i) * U, 3 * U, U / 4), sc_filter(CAT_PLATFORM, ALL), id);
}

/* One character's frame: gravity, walk, maybe jump, then the mover. */
static fc_status step_char(sc_ctx *c, chr *h, uint32_t i, uint32_t frame, const fc_body_id *plat)
{
    int32_t before[3], after[3], hi[3];
    fc_world *w = c->rec->rn.world;
    if (fc_world_get_bounds(w, h->id, before, hi) != FC_OK)
        return FC_OK;
    if (before[1] < -20 * U) { /* fell out: back to the top */
        fix16_t x = sc_range(c, -40 * U, 40 * U);
        return sc_set2(c, h->id, char_shape(h->kind, x, 20 * U));
    }
    h->vy -= U / 64;
    if (h->vy < -U / 2)
        h->vy = -U / 2;
    if (sc_chance(c, 1, 90))
        h->dir = -h->dir;
    fc_replay_mover m = h->def;
    if (frame % 16 == i % 16) { /* excluded ids: a platform and a stale id */
        m.exclude_count = 2;
        m.exclude[0] = plat[i % PLATFORMS];
        m.exclude[1] = h->id;
        m.exclude[1].generation += 7;
    }
    fc_vec3 d = {h->dir * h->vx, h->vy, 0};
    fc_status st = sc_mover(c, h->id, d, &m, h->query);
    if (st != FC_OK)
        return FC_OK; /* recorded as data */
    if (fc_world_get_bounds(w, h->id, after, hi) != FC_OK)
        return FC_OK;
    int32_t moved_y = after[1] - before[1], moved_x = after[0] - before[0];
    if (d.y < 0 && moved_y > d.y) { /* stopped falling: on the ground */
        h->vy = 0;
        if (sc_chance(c, 1, 30))
            h->vy = U / 4 + U / 16; /* jump */
    } else if (d.y > 0 && moved_y < d.y) {
        h->vy = 0; /* bumped a ceiling */
    }
    if (moved_x == 0 && sc_chance(c, 1, 4))
        h->dir = -h->dir;
    return FC_OK;
}

/* Free-shape movers: probes from random places, some with a bad def. */
static fc_status probes(sc_ctx *c, uint32_t frame)
{
    for (int k = 0; k < 2; k++) {
        fc_mover_def d = fc_mover_def_default();
        d.step_height = STEP;
        d.snap_distance = U / 4;
        fc_replay_mover m = sc_mover_def(&d);
        switch ((frame + (uint32_t)k) % 11) {
        case 3: m.skin = -1; break;               /* FC_ERR_ARGUMENT */
        case 5: m.max_iterations = 17; break;     /* FC_ERR_ARGUMENT */
        case 7: m.up_sign = -1; break;            /* gravity upside down */
        case 9: m.slope_rise = 0; break;          /* only flat ground walkable */
        default: break;
        }
        fix16_t x = sc_range(c, -50 * U, 50 * U), y = sc_range(c, 0, 16 * U);
        fc_shape2 s = char_shape((int)((frame + (uint32_t)k) % 3), x, y);
        fix16_t dx = sc_range(c, -3 * U, 3 * U), dy = sc_range(c, -3 * U, U); /* one draw per declarator */
        fc_vec2 dv = fc_vec2_make(dx, dy);
        sc_mover_shape2(c, s, dv, &m, sc_filter(CAT_CHAR, ALL));
    }
    return FC_OK;
}

static fc_status frame_ops(sc_ctx *c, gen_state *g, uint32_t n, uint32_t frame, const fc_body_id *plat)
{
    if (frame % 64 == 0)
        g->plat_dir = -g->plat_dir;
    for (int i = 0; i < PLATFORMS; i++) /* platforms first, then the riders */
        sc_move(c, plat[i], i == 1 ? 0 : g->plat_dir * (U / 16), i == 1 ? g->plat_dir * (U / 16) : 0, 0);
    for (uint32_t i = 0; i < n; i++)
        step_char(c, &g->ch[i], i, frame, plat);
    if (frame % 3 == 0)
        probes(c, frame);
    return c->rec->status;
}

fc_status scen_platformer(sc_ctx *c)
{
    fc_status st = sc_begin(c, 2, -64, 7, 6, FC_QT_LOOSE);
    uint32_t n = c->bodies < MAXCHARS ? c->bodies : MAXCHARS;
    fc_body_id plat[PLATFORMS];
    static const gen_state zero;
    gen_state g = zero;
    g.plat_dir = 1;
    if (st == FC_OK)
        st = level(c);
    for (int i = 0; i < PLATFORMS && st == FC_OK; i++)
        st = platform(c, &plat[i], i);
    for (uint32_t i = 0; i < n && st == FC_OK; i++)
        st = spawn(c, &g.ch[i], i);
    if (st != FC_OK)
        return st;
    sc_end_frame(c);
    uint32_t mid = c->frames / 2;
    for (uint32_t f = 1; f < c->frames; f++) {
        if (f == mid && f + ROLLBACK < c->frames) {
            /* rollback: snapshot, ROLLBACK frames, restore, the same again */
            uint64_t first[ROLLBACK];
            sc_snapshot(c, 0);
            g.rng = c->rng;
            gen_state saved = g;
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
