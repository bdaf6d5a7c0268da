/* SPDX-License-Identifier: MIT */
/* Scenario "skills" (replay format 3): two teams of circle units among
 * static walls (AABBs, OBBs, capsules, polygons). Every frame units walk
 * (pairs begin and end: pair events, contacts), cast sector (fan) and ring
 * skill areas at the enemy team, dash (their circle cast along the dash,
 * closest hit against walls and enemies) and fire skill shots (a capsule,
 * OBB or polygon cast through everything: all hits); units die and respawn
 * (id reuse: an ended pair with the stale id); a snapshot, a diverging
 * frame and a restore every 100 frames (events after a restore).
 *
 * Every 10th frame is adversarial, against a "lab" of walls at known
 * places (shapes.h / cast.h / area2.h ranges): casts touching at t = 0 and
 * reaching contact exactly at t = 1, one raw short of it, grazing along a
 * face at touching distance and one raw off it, corner on corner, zero
 * delta, deltas at the +-2 * FC_COORD_LIMIT limit across the whole world,
 * and rejected casts (delta one raw out of range, invalid moving shapes);
 * sectors of half angle 0 (a segment), 90 degrees (a half disc) and 180
 * (the disc), radius 0, an edge or arc exactly touching a wall and one raw
 * short; rings touching by the outer and the inner circle and one raw off;
 * invalid areas (rejected with their validation errors). */
#include "scen.h"

#include <stdlib.h>

#include <fixcol/trig.h>

#include "core/nofloat.h"

#define ARENA 150
#define WALL_CAT 4u
#define LAB_CAT 8u
#define ALL 0xFFFFFFFFu
#define U SC_UNIT
#define LAB_X (200 * U) /* the lab AABB: [LAB_X, LAB_X + 10] x [0, 10] units */

static fc_shape2 wall(sc_ctx *c, int32_t i)
{
    fix16_t x = sc_range(c, -ARENA, ARENA) * U, y = sc_range(c, -ARENA, ARENA) * U;
    fix16_t a = sc_range(c, 2, 12) * U, b = sc_range(c, U / 2, 2 * U);
    switch (i % 4) {
    case 0: return sc_aabb2(x, y, a, b);
    case 1: return sc_obb2(x, y, a, b, (fc_angle)sc_rand(c));
    case 2: return sc_capsule(x - a, y, x + a, y + b, b);
    default: return sc_poly(x, y, a, 3 + i % 6, (fc_angle)sc_rand(c));
    }
}

static fc_vec2 v2(fix16_t x, fix16_t y) { return fc_vec2_make(x, y); }

/* The lab: an AABB, an OBB turned 45 degrees below it, a capsule and a
 * triangle, all of category LAB_CAT. */
static void lab_create(sc_ctx *c)
{
    fc_body_id id;
    fc_filter f = sc_filter(LAB_CAT, ALL);
    sc_create2(c, sc_aabb2(LAB_X + 5 * U, 5 * U, 5 * U, 5 * U), f, &id);
    sc_create2(c, sc_obb2(LAB_X + 5 * U, -20 * U, 3 * U, 2 * U, FC_ANGLE_QUARTER / 2), f, &id);
    sc_create2(c, sc_capsule(LAB_X, 30 * U, LAB_X + 10 * U, 30 * U, 2 * U), f, &id);
    sc_create2(c, sc_poly(LAB_X + 5 * U, -45 * U, 4 * U, 3, 0), f, &id);
}

/* Adversarial casts against the lab AABB [LAB_X, LAB_X + 10] x [0, 10]. */
static void lab_casts(sc_ctx *c)
{
    fc_filter lab = sc_filter(ALL, LAB_CAT), any = sc_filter(ALL, ALL);
    fix16_t L = LAB_X, lim = 2 * FC_COORD_LIMIT;
    /* circle r 1 reaching the face x = L exactly at t = 1, and 1 raw short */
    sc_cast2(c, sc_circle(L - 3 * U, 5 * U, U), v2(2 * U, 0), lab, 0);
    sc_cast2(c, sc_circle(L - 3 * U, 5 * U, U), v2(2 * U - 1, 0), lab, 0);
    /* touching at the start (t = 0), moving in, along and away */
    sc_cast2(c, sc_circle(L - U, 5 * U, U), v2(4 * U, 0), lab, 0);
    sc_cast2(c, sc_circle(L - U, 5 * U, U), v2(0, 3 * U), lab, 1);
    sc_cast2(c, sc_circle(L - U, 5 * U, U), v2(-4 * U, 0), lab, 0);
    /* grazing along the top face y = 10 at touching distance, and 1 raw above it */
    sc_cast2(c, sc_circle(L - 10 * U, 11 * U, U), v2(30 * U, 0), lab, 0);
    sc_cast2(c, sc_circle(L - 10 * U, 11 * U + 1, U), v2(30 * U, 0), lab, 1);
    sc_cast2(c, sc_aabb2(L - 10 * U, 11 * U, U, U), v2(30 * U, 0), lab, 0);
    sc_cast2(c, sc_aabb2(L - 10 * U, 11 * U + 1, U, U), v2(30 * U, 0), lab, 0);
    /* ... and ending on the face, still touching (entry at t = 10/15, 9/15) */
    sc_cast2(c, sc_circle(L - 10 * U, 11 * U, U), v2(15 * U, 0), lab, 1);
    sc_cast2(c, sc_aabb2(L - 10 * U, 11 * U, U, U), v2(15 * U, 0), lab, 0);
    /* box corner onto the wall corner (L, 10) at t = 1 along the diagonal, 1 raw short */
    sc_cast2(c, sc_aabb2(L - 3 * U, 13 * U, U, U), v2(2 * U, -2 * U), lab, 0);
    sc_cast2(c, sc_aabb2(L - 3 * U, 13 * U, U, U), v2(2 * U - 1, -2 * U + 1), lab, 0);
    /* OBB, capsule and polygon moving shapes against the lab (all hits) */
    sc_cast2(c, sc_obb2(L - 20 * U, 5 * U, 2 * U, U, FC_ANGLE_QUARTER / 3), v2(60 * U, -30 * U), lab, 1);
    sc_cast2(c, sc_capsule(L - 20 * U, 28 * U, L - 20 * U, 32 * U, U), v2(40 * U, 0), lab, 0);
    sc_cast2(c, sc_poly(L - 20 * U, -45 * U, 2 * U, 5, 7), v2(40 * U, 0), lab, 1);
    /* zero delta: the overlap test at t = 0 (touching) and a miss */
    sc_cast2(c, sc_circle(L - U, 5 * U, U), v2(0, 0), lab, 0);
    sc_cast2(c, sc_circle(L - U - 1, 5 * U, U), v2(0, 0), lab, 0);
    /* range limits: corner to corner across the whole coordinate range */
    sc_cast2(c, sc_circle(-FC_COORD_LIMIT + U, -FC_COORD_LIMIT + U, U), v2(lim - 2 * U, lim - 2 * U), any, 1);
    sc_cast2(c, sc_aabb2(FC_COORD_LIMIT - U, 5 * U, U, U), v2(-lim, 0), any, 1);
    sc_cast2(c, sc_circle(FC_COORD_LIMIT - U, 5 * U, U), v2(-lim, 0), lab, 0);
    /* rejected: delta 1 raw beyond the range, a moving shape outside it,
     * an invalid radius, a clockwise polygon */
    sc_cast2(c, sc_circle(0, 0, U), v2(lim + 1, 0), any, 0);
    sc_cast2(c, sc_circle(0, 0, U), v2(0, -lim - 1), any, 1);
    sc_cast2(c, sc_circle(FC_COORD_LIMIT + 1, 0, U), v2(U, 0), any, 0);
    sc_cast2(c, sc_circle(0, 0, -U), v2(U, 0), any, 0);
    fc_shape2 cw = sc_poly(0, 0, 2 * U, 4, 0);
    fc_vec2 t = cw.u.poly.v[1];
    cw.u.poly.v[1] = cw.u.poly.v[3];
    cw.u.poly.v[3] = t;
    sc_cast2(c, cw, v2(U, 0), any, 1);
}

/* Adversarial skill areas against the lab AABB. */
static void lab_areas(sc_ctx *c)
{
    fc_filter lab = sc_filter(ALL, LAB_CAT);
    fix16_t L = LAB_X;
    /* half angle 0: the segment along y = 10 reaching the corner (L, 10), 1 raw short */
    sc_sector(c, fc_sector2_make(v2(L - 5 * U, 10 * U), 5 * U, 0, 0), lab);
    sc_sector(c, fc_sector2_make(v2(L - 5 * U, 10 * U), 5 * U - 1, 0, 0), lab);
    /* an edge grazing the top face: apex above it, the lower edge along y = 10 */
    sc_sector(c, fc_sector2_make(v2(L - 5 * U, 10 * U), 8 * U, FC_ANGLE_QUARTER / 2, FC_ANGLE_QUARTER / 2), lab);
    sc_sector(c, fc_sector2_make(v2(L - 5 * U, 10 * U + 1), 8 * U, FC_ANGLE_QUARTER / 2, FC_ANGLE_QUARTER / 2), lab);
    /* 90 degrees (half disc facing away, touching by its straight side) and 180 (the disc) */
    sc_sector(c, fc_sector2_make(v2(L, 5 * U), 3 * U, FC_ANGLE_HALF, FC_ANGLE_QUARTER), lab);
    sc_sector(c, fc_sector2_make(v2(L - U, 5 * U), 3 * U, FC_ANGLE_HALF, FC_ANGLE_QUARTER), lab);
    sc_sector(c, fc_sector2_make(v2(L - 3 * U, 5 * U), 3 * U, 12345, FC_ANGLE_HALF), lab);
    sc_sector(c, fc_sector2_make(v2(L - 3 * U, 5 * U), 3 * U - 1, 12345, FC_ANGLE_HALF), lab);
    /* radius 0: the apex alone, on the face and 1 raw off it */
    sc_sector(c, fc_sector2_make(v2(L, 5 * U), 0, 0, FC_ANGLE_QUARTER), lab);
    sc_sector(c, fc_sector2_make(v2(L - 1, 5 * U), 0, 0, FC_ANGLE_QUARTER), lab);
    /* rings: outer circle touching the face, 1 raw short; the wall inside the hole */
    sc_ring(c, fc_ring2_make(v2(L - 4 * U, 5 * U), 2 * U, 4 * U), lab);
    sc_ring(c, fc_ring2_make(v2(L - 4 * U, 5 * U), 2 * U, 4 * U - 1), lab);
    sc_ring(c, fc_ring2_make(v2(L + 5 * U, 5 * U), 50 * U, 60 * U), lab);
    sc_ring(c, fc_ring2_make(v2(L + 5 * U, 5 * U), 0, 0), lab);
    /* the inner circle exactly through the farthest corners (5 * sqrt 2 is
     * irrational: the nearest raw radii on both sides) */
    sc_ring(c, fc_ring2_make(v2(L + 5 * U, 5 * U), 463409, 500 * U), lab);
    sc_ring(c, fc_ring2_make(v2(L + 5 * U, 5 * U), 463410, 500 * U), lab);
    /* rejected: half angle above 180 degrees, radius beyond the size limit,
     * inner > outer, a centre outside the coordinate range */
    sc_sector(c, fc_sector2_make(v2(0, 0), U, 0, FC_ANGLE_HALF + 1), lab);
    sc_sector(c, fc_sector2_make(v2(0, 0), FC_SIZE_LIMIT + 1, 0, 0), lab);
    sc_ring(c, fc_ring2_make(v2(0, 0), 2 * U, U), lab);
    sc_ring(c, fc_ring2_make(v2(0, -FC_COORD_LIMIT - 1), 0, U), lab);
}

typedef struct unit {
    fc_body_id id;
    fc_vec2 pos;
} unit;

static void walk_units(sc_ctx *c, unit *u, uint32_t from, uint32_t n)
{
    for (uint32_t i = from; i < n; i++) {
        fix16_t dx = sc_range(c, -U, U), dy = sc_range(c, -U, U);
        if (u[i].pos.x + dx > ARENA * U || u[i].pos.x + dx < -ARENA * U)
            dx = -dx;
        if (u[i].pos.y + dy > ARENA * U || u[i].pos.y + dy < -ARENA * U)
            dy = -dy;
        if (sc_move(c, u[i].id, dx, dy, 0) == FC_OK)
            u[i].pos = v2(u[i].pos.x + dx, u[i].pos.y + dy);
    }
}

/* Skills of a few random units: sector and ring areas, a dash, a skill shot. */
static void skills(sc_ctx *c, const unit *u, uint32_t walls, uint32_t n)
{
    static const fc_angle halves[] = {0, 1, 4096, FC_ANGLE_QUARTER, 20000, FC_ANGLE_HALF};
    for (uint32_t k = 0; k < 3; k++) {
        uint32_t s = walls + sc_rand(c) % (n - walls);
        uint32_t team = s & 1u;
        fc_filter enemy = sc_filter(1u << team, WALL_CAT | (1u << (1u - team)));
        fc_filter foes = sc_filter(1u << team, 1u << (1u - team));
        fc_vec2 p = u[s].pos;
        fc_angle dir = (fc_angle)sc_rand(c);
        fc_angle half = sc_chance(c, 1, 3) ? halves[sc_rand(c) % 6] : (fc_angle)sc_range(c, 0, FC_ANGLE_HALF);
        sc_sector(c, fc_sector2_make(p, sc_range(c, 3, 25) * U, dir, half), foes);
        fix16_t inner = sc_range(c, 0, 12 * U);
        sc_ring(c, fc_ring2_make(p, inner, inner + sc_range(c, 0, 12 * U)), foes);
        fc_sincos d = fc_sincos_of(dir);
        fix16_t dash = sc_range(c, 2, 25) * U;
        sc_cast2(c, sc_circle(p.x, p.y, U), v2(fc_mul(dash, d.c), fc_mul(dash, d.s)), enemy, 0);
        fix16_t range = sc_range(c, 20, 90) * U;
        fc_vec2 o = v2(p.x + fc_mul(2 * U, d.c), p.y + fc_mul(2 * U, d.s));
        fc_vec2 by = v2(fc_mul(range, d.c), fc_mul(range, d.s));
        fc_shape2 shot;
        switch (k) {
        case 0: shot = sc_capsule(o.x - fc_mul(U, d.s), o.y + fc_mul(U, d.c), o.x + fc_mul(U, d.s), o.y - fc_mul(U, d.c), U / 2); break;
        case 1: shot = sc_obb2(o.x, o.y, 2 * U, U / 2, dir); break;
        default: shot = sc_poly(o.x, o.y, U, 3 + (int32_t)(sc_rand(c) % 6), dir); break;
        }
        sc_cast2(c, shot, by, enemy, 1);
    }
}

fc_status scen_skills(sc_ctx *c)
{
    fc_status st = sc_begin(c, 2, -256, 9, 6, FC_QT_LOOSE);
    uint32_t walls = c->bodies / 4 + 1, n = c->bodies < walls + 2 ? walls + 2 : c->bodies;
    unit *u = st == FC_OK ? (unit *)calloc(n, sizeof *u) : NULL;
    unit *saved = st == FC_OK ? (unit *)calloc(n, sizeof *saved) : NULL;
    if (st == FC_OK && (!u || !saved))
        st = FC_ERR_NO_MEMORY;
    if (st == FC_OK)
        lab_create(c);
    for (uint32_t i = 0; st == FC_OK && i < n; i++) {
        if (i < walls) {
            sc_create2(c, wall(c, (int32_t)i), sc_filter(WALL_CAT, ALL), &u[i].id);
            continue;
        }
        u[i].pos.x = sc_range(c, -ARENA, ARENA) * U; /* one draw per statement */
        u[i].pos.y = sc_range(c, -ARENA, ARENA) * U;
        sc_create2(c, sc_circle(u[i].pos.x, u[i].pos.y, U), sc_filter(1u << (i & 1u), ALL), &u[i].id);
    }
    for (uint32_t f = 0; st == FC_OK && f < c->frames; f++) {
        walk_units(c, u, walls, n);
        if (f % 100 == 40) { /* rollback: save, diverge for a frame, restore */
            sc_snapshot(c, 1);
            for (uint32_t i = 0; i < n; i++)
                saved[i] = u[i];
        } else if (f % 100 == 42) {
            sc_restore(c, 1);
            for (uint32_t i = 0; i < n; i++)
                u[i] = saved[i];
        }
        if (f % 25 == 7) { /* a death and a respawn in the freed slot */
            uint32_t s = walls + sc_rand(c) % (n - walls);
            sc_destroy(c, u[s].id);
            u[s].pos.x = sc_range(c, -ARENA, ARENA) * U;
            u[s].pos.y = sc_range(c, -ARENA, ARENA) * U;
            sc_create2(c, sc_circle(u[s].pos.x, u[s].pos.y, U), sc_filter(1u << (s & 1u), ALL), &u[s].id);
        }
        skills(c, u, walls, n);
        if (f % 10 == 5) {
            lab_casts(c);
            lab_areas(c);
        }
        st = sc_end_frame(c);
    }
    free(u);
    free(saved);
    return st == FC_OK ? c->rec->status : st;
}
