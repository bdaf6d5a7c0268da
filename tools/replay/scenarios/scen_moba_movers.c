/* SPDX-License-Identifier: MIT */
/* Scenario "moba_movers" (replay format 5): a top-down MOBA crowd. Two
 * teams of circle units (bodies in total, up to MAXU) walk to waypoints
 * across an arena of walls (boxes, turned boxes, polygons); every frame
 * every unit is moved by the mover (`mover`) in canonical order (by slot),
 * so each sees the others where they already are: units slide along walls
 * and around each other. No gravity: no step-up, no snap (the up axis,
 * y or x, only names the touches' kinds). Some units ignore
 * their own team (query filter), some exclude their target (a stale id
 * too); units die and respawn (destroy + create: the dead id's mover call
 * is FC_ERR_STALE_ID, recorded); free-shape movers probe the arena. In the
 * middle a rollback: snapshot, ROLLBACK frames, restore, the same frames
 * again; the generator fails unless the mover outputs are identical. */
#include "scen.h"

#include <string.h>

#include <fixcol/world.h>

#include "core/nofloat.h"

#define U SC_UNIT
#define ALL 0xFFFFFFFFu
#define CAT_WALL 4u
#define MAXU 256
#define ROLLBACK 8
#define HALF 40 /* arena half size, units */

typedef struct unit {
    fc_body_id id;
    fc_vec2 target;
    fix16_t radius, speed;
    uint32_t team, dead;
} unit;

typedef struct moba_state {
    uint32_t rng;
    unit u[MAXU];
} moba_state;

static fc_filter team_filter(uint32_t team) { return sc_filter(1u << team, ALL); }

static fc_status walls(sc_ctx *c)
{
    fc_body_id id;
    fc_filter f = sc_filter(CAT_WALL, ALL);
    fc_status st = FC_OK;
    /* the arena's border */
    st = sc_create2(c, sc_aabb2(0, (HALF + 1) * U, (HALF + 2) * U, U), f, &id);
    if (st == FC_OK)
        st = sc_create2(c, sc_aabb2(0, -(HALF + 1) * U, (HALF + 2) * U, U), f, &id);
    if (st == FC_OK)
        st = sc_create2(c, sc_aabb2((HALF + 1) * U, 0, U, HALF * U), f, &id);
    if (st == FC_OK)
        st = sc_create2(c, sc_aabb2(-(HALF + 1) * U, 0, U, HALF * U), f, &id);
    /* obstacles: boxes, turned boxes, polygons on a grid */
    for (int gx = -2; gx <= 2 && st == FC_OK; gx++)
        for (int gy = -2; gy <= 2 && st == FC_OK; gy++) {
            fix16_t x = gx * 14 * U, y = gy * 14 * U + (gx & 1) * 5 * U;
            switch ((gx + 2 + 5 * (gy + 2)) % 3) {
            case 0: st = sc_create2(c, sc_aabb2(x, y, 2 * U, 3 * U), f, &id); break;
            case 1: st = sc_create2(c, sc_obb2(x, y, 3 * U, U, (fc_angle)(8192 * (gx + gy + 4))), f, &id); break;
            default: st = sc_create2(c, sc_poly(x, y, 3 * U, 3 + (gx + 2 + gy + 2) % 6, (fc_angle)(gx * 1000)), f, &id); break;
            }
        }
    return st;
}

static void pick_target(sc_ctx *c, unit *u)
{
    fix16_t base = u->team ? -(HALF - 4) * U : (HALF - 4) * U; /* the enemy's side */
    fix16_t x = base + sc_range(c, -6 * U, 6 * U), y = sc_range(c, -(HALF - 3) * U, (HALF - 3) * U);
    u->target = fc_vec2_make(x, y);
}

static fc_status spawn(sc_ctx *c, unit *u)
{
    fix16_t base = u->team ? (HALF - 4) * U : -(HALF - 4) * U;
    fix16_t x = base + sc_range(c, -3 * U, 3 * U), y = sc_range(c, -(HALF - 3) * U, (HALF - 3) * U);
    u->radius = sc_range(c, U / 2, U);
    u->speed = sc_range(c, U / 8, U / 3);
    u->dead = 0;
    pick_target(c, u);
    return sc_create2(c, sc_circle(x, y, u->radius), team_filter(u->team), &u->id);
}

static int32_t clamp(int32_t v, int32_t m) { return v > m ? m : v < -m ? -m : v; }

static fc_status walk(sc_ctx *c, unit *u, uint32_t i, uint32_t frame, const unit *all, uint32_t n)
{
    fc_world *w = c->rec->rn.world;
    int32_t lo[3], hi[3];
    if (u->dead) { /* a call on the dead id: FC_ERR_STALE_ID, recorded */
        fc_mover_def d = fc_mover_def_default();
        fc_replay_mover m = sc_mover_def(&d);
        fc_vec3 dv = {U, 0, 0};
        sc_mover(c, u->id, dv, &m, team_filter(u->team));
        return spawn(c, u);
    }
    if (fc_world_get_bounds(w, u->id, lo, hi) != FC_OK)
        return FC_OK;
    int64_t cx = ((int64_t)lo[0] + hi[0]) / 2, cy = ((int64_t)lo[1] + hi[1]) / 2;
    int64_t dx = u->target.x - cx, dy = u->target.y - cy;
    if (dx > -U && dx < U && dy > -U && dy < U)
        pick_target(c, u);
    fc_mover_def d = fc_mover_def_default();
    d.up_axis = (int32_t)(i & 2u) >> 1; /* y or x: only the touch kinds */
    d.skin = i % 4 == 3 ? 0 : 16;
    d.max_iterations = i % 5 == 4 ? 2 : 4;
    fc_replay_mover m = sc_mover_def(&d);
    if (i % 9 == 8) { /* walks through its nearest slot neighbour and a stale id */
        m.exclude_count = 2;
        m.exclude[0] = all[(i + 1) % n].id;
        m.exclude[1] = u->id;
        m.exclude[1].generation ^= 0x40u;
    }
    fc_filter q = i % 7 == 6 ? sc_filter(1u << u->team, CAT_WALL | (1u << (u->team ^ 1u))) /* ignores its team */
                             : team_filter(u->team);
    fc_vec3 dv = {clamp((int32_t)(dx / 4), u->speed), clamp((int32_t)(dy / 4), u->speed), 0};
    if (frame % 97 == i % 97) { /* a big shove (several iterations) */
        dv.x *= 6;
        dv.y *= 6;
    }
    return sc_mover(c, u->id, dv, &m, q);
}

static fc_status frame_ops(sc_ctx *c, moba_state *g, uint32_t n, uint32_t frame)
{
    for (uint32_t i = 0; i < n; i++) {
        unit *u = &g->u[i];
        if (!u->dead && frame % 29 == i % 29 && sc_chance(c, 1, 3)) {
            sc_destroy(c, u->id);
            u->dead = 1;
            continue;
        }
        walk(c, u, i, frame, g->u, n);
    }
    for (int k = 0; k < 2; k++) { /* free-shape probes */
        fc_mover_def d = fc_mover_def_default();
        fc_replay_mover m = sc_mover_def(&d);
        if ((frame + (uint32_t)k) % 13 == 0)
            m.up_axis = 2; /* FC_ERR_ARGUMENT: no z in 2D */
        fix16_t x = sc_range(c, -HALF * U, HALF * U), y = sc_range(c, -HALF * U, HALF * U);
        fix16_t dx = sc_range(c, -5 * U, 5 * U), dy = sc_range(c, -5 * U, 5 * U);
        sc_mover_shape2(c, sc_circle(x, y, U / 2 + k * U / 4), fc_vec2_make(dx, dy), &m, sc_filter(1, ALL));
    }
    return c->rec->status;
}

fc_status scen_moba_movers(sc_ctx *c)
{
    fc_status st = sc_begin(c, 2, -64, 7, 6, FC_QT_LOOSE);
    uint32_t n = c->bodies < MAXU ? c->bodies : MAXU;
    static const moba_state zero;
    moba_state g = zero;
    if (st == FC_OK)
        st = walls(c);
    for (uint32_t i = 0; i < n && st == FC_OK; i++) {
        g.u[i].team = i & 1u;
        st = spawn(c, &g.u[i]);
    }
    if (st != FC_OK)
        return st;
    sc_end_frame(c);
    uint32_t mid = c->frames / 2;
    for (uint32_t f = 1; f < c->frames; f++) {
        if (f == mid && f + ROLLBACK < c->frames) {
            uint64_t first[ROLLBACK];
            sc_snapshot(c, 0);
            g.rng = c->rng;
            moba_state saved = g;
            for (uint32_t k = 0; k < ROLLBACK; k++) {
                frame_ops(c, &g, n, f + k);
                first[k] = sc_query_digest(c);
                sc_end_frame(c);
            }
            g = saved;
            c->rng = g.rng;
            sc_restore(c, 0);
            for (uint32_t k = 0; k < ROLLBACK; k++) {
                frame_ops(c, &g, n, f + k);
                if (first[k] != sc_query_digest(c))
                    return FC_ERR_ARGUMENT; /* the re-simulation differs: a determinism bug */
                sc_end_frame(c);
            }
            f += ROLLBACK - 1;
            continue;
        }
        frame_ops(c, &g, n, f);
        st = sc_end_frame(c);
        if (st != FC_OK)
            return st;
    }
    return c->rec->status;
}
