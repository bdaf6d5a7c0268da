/* SPDX-License-Identifier: MIT */
/* Scenarios "resolve" (2D) and "resolve3d" (replay format 4): a crowd of
 * bodies of every shape type in a small arena, resolved the way a game
 * does it. Every frame the bodies walk; a pair finding inside the frame
 * (the `pairs` operation: find_pairs and its events) precedes the
 * resolution, where a few bodies that overlap another are pushed out
 * (the `pushout` query of the two shapes, read from the world, and the
 * delta the generator computes with the same call applied as a move), so
 * the frame's own pair finding at its end reports the pairs that ended;
 * some frames find pairs a third time. Bodies turn into ghosts (a filter
 * that pairs with nothing: `set_filter`) and back, body hashes are asked
 * for (`body_hash`), bodies die and respawn (the stale id's filter change
 * and hash are rejected), and a snapshot, a diverging frame and a restore
 * followed at once by a pair finding every 100 frames.
 *
 * Every 10th frame is adversarial: push-outs of bit-identical shapes of
 * every type at the origin and touching +-FC_COORD_LIMIT (the issue 27
 * cases: a radius 7 circle centred on +FC_COORD_LIMIT, a radius 0 sphere 2
 * raw inside it), radius 0 points, every ordered pair of shape types
 * overlapping, touching shapes and shapes 1 raw apart (delta 0), a deep
 * overlap, a box spanning the whole x range (no probe stays in range:
 * FC_ERR_RANGE) and invalid shapes (rejected with their validation
 * errors). */
#include "scen.h"

#include <stdlib.h>
#include <string.h>

#include <fixcol/collide2d.h>
#include <fixcol/collide3d.h>
#include <fixcol/pushout.h>
#include <fixcol/world.h>

#include "core/nofloat.h"

#define ARENA 20 /* units: half the arena's side, crowded on purpose */
#define ALL 0xFFFFFFFFu
#define GHOST_CAT 0x100u
#define U SC_UNIT
#define L FC_COORD_LIMIT

typedef struct body {
    fc_body_id id;
    fc_vec3 pos;
    int ghost;
} body;

static fc_filter team(uint32_t i) { return sc_filter(1u << (i & 1u), ALL); }

/* A compound literal, not a function returning fc_vec3: tcc 0.9.27
 * miscompiles 12-byte struct returns (see fc3_unit in collide3d_internal.h). */
#define v3(x, y, z) ((fc_vec3){(x), (y), (z)})

/* ------------------------------------------------------------ shapes */

/* A body of type i % 5 (2D) around (x, y), 1..4 units across. */
static fc_shape2 shape2_of(sc_ctx *c, uint32_t i, fix16_t x, fix16_t y)
{
    fix16_t a = sc_range(c, U / 2, 2 * U), b = sc_range(c, U / 4, U);
    switch (i % 5) {
    case 0: return sc_circle(x, y, a);
    case 1: return sc_aabb2(x, y, a, b);
    case 2: return sc_obb2(x, y, a, b, (fc_angle)sc_rand(c));
    case 3: return sc_capsule(x - a, y, x + a, y + b, b);
    default: return sc_poly(x, y, a, 3 + (int32_t)(i % 6), (fc_angle)sc_rand(c));
    }
}

static fc_shape3 shape3_of(sc_ctx *c, uint32_t i, fc_vec3 p)
{
    fix16_t a = sc_range(c, U / 2, 2 * U), b = sc_range(c, U / 4, U);
    switch (i % 3) {
    case 0: return sc_sphere(p, a);
    case 1: return sc_aabb3(p, v3(a, b, a));
    default: return sc_obb3(p, v3(a, b, b), (fc_angle)sc_rand(c));
    }
}

/* The fixed 2D shape of type t (0..4) around (x, y), for the lab. */
static fc_shape2 lab2(int t, fix16_t x, fix16_t y)
{
    switch (t) {
    case 0: return sc_circle(x, y, 2 * U);
    case 1: return sc_aabb2(x, y, 2 * U, U);
    case 2: return sc_obb2(x, y, 2 * U, U, 5000);
    case 3: return sc_capsule(x - U, y - U, x + U, y + U, U);
    default: return sc_poly(x, y, 2 * U, 5, 1000);
    }
}

static fc_shape3 lab3(int t, fix16_t x, fix16_t y, fix16_t z)
{
    switch (t) {
    case 0: return sc_sphere(v3(x, y, z), 2 * U);
    case 1: return sc_aabb3(v3(x, y, z), v3(2 * U, U, U));
    default: return sc_obb3(v3(x, y, z), v3(2 * U, U, U), 7000);
    }
}

/* ------------------------------------------------------------ the lab */

/* A push-out of a shape from its bit-identical copy. (One call per shape,
 * not an array initialised from calls: tcc 0.9.27 rejects that, "index
 * too large".) */
static void same2(sc_ctx *c, fc_shape2 s) { sc_pushout2(c, s, s); }

static void same3(sc_ctx *c, fc_shape3 s) { sc_pushout3(c, s, s); }

static void lab_pushouts2(sc_ctx *c)
{
    /* bit-identical shapes of every type: at the origin, touching +L and -L */
    for (int t = 0; t < 5; t++) {
        fc_shape2 s = lab2(t, 0, 0);
        sc_pushout2(c, s, s);
    }
    same2(c, sc_circle(L, 0, 7));
    same2(c, sc_circle(L - 3, 0, 7));
    same2(c, sc_circle(-L, 0, 7));
    same2(c, sc_circle(L, 0, 0));
    same2(c, sc_circle(L - 2, 0, 0));
    same2(c, sc_circle(0, 0, 0));
    same2(c, sc_aabb2(L - 2 * U, 0, 2 * U, U));
    same2(c, sc_obb2(L - 3 * U, 0, 2 * U, U, 9000));
    same2(c, sc_capsule(L - 4 * U, 0, L - U, 0, U));
    same2(c, sc_poly(L - 2 * U, 0, 2 * U, 4, 0));
    /* every ordered pair of types, overlapping off-centre */
    for (int a = 0; a < 5; a++)
        for (int b = 0; b < 5; b++)
            sc_pushout2(c, lab2(a, 0, 0), lab2(b, U / 2, U / 3));
    /* touching (touching overlaps: pushed apart), 1 raw apart (delta 0), deep */
    sc_pushout2(c, sc_circle(0, 0, U), sc_circle(2 * U, 0, U));
    sc_pushout2(c, sc_circle(0, 0, U), sc_circle(2 * U + 1, 0, U));
    sc_pushout2(c, sc_aabb2(0, 0, U, U), sc_aabb2(2 * U, 0, U, U));
    sc_pushout2(c, sc_aabb2(0, 0, U, U), sc_aabb2(2 * U, 2 * U + 1, U, U));
    sc_pushout2(c, sc_circle(0, 0, 400 * U), sc_circle(1, 0, 400 * U));
    /* a box spanning the whole x range: no probe stays in range */
    fc_shape2 wide = sc_aabb2(0, 0, L, U);
    sc_pushout2(c, wide, wide);
    /* pushed past the range: b against the +L edge, pushed further out */
    sc_pushout2(c, sc_circle(L - 4 * U, 0, 2 * U), sc_circle(L - U, 0, U));
    /* rejected: a negative radius, b outside the range, a clockwise polygon */
    sc_pushout2(c, sc_circle(0, 0, -U), sc_circle(0, 0, U));
    sc_pushout2(c, sc_circle(0, 0, U), sc_circle(L + 1, 0, U));
    fc_shape2 cw = sc_poly(0, 0, 2 * U, 4, 0);
    fc_vec2 t = cw.u.poly.v[1];
    cw.u.poly.v[1] = cw.u.poly.v[3];
    cw.u.poly.v[3] = t;
    sc_pushout2(c, sc_circle(0, 0, U), cw);
}

static void lab_pushouts3(sc_ctx *c)
{
    for (int t = 0; t < 3; t++) {
        fc_shape3 s = lab3(t, 0, 0, 0);
        sc_pushout3(c, s, s);
    }
    same3(c, sc_sphere(v3(L - 2, 0, 0), 0));
    same3(c, sc_sphere(v3(L, 0, 0), 0));
    same3(c, sc_sphere(v3(0, 0, 0), 0));
    same3(c, sc_sphere(v3(L, 0, 0), 7));
    same3(c, sc_sphere(v3(-L, 0, L), 7));
    same3(c, sc_aabb3(v3(L - 2 * U, 0, 0), v3(2 * U, U, U)));
    same3(c, sc_obb3(v3(L - 3 * U, 0, 0), v3(2 * U, U, U), 9000));
    same3(c, sc_sphere(v3(0, L, 0), 3));
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++)
            sc_pushout3(c, lab3(a, 0, 0, 0), lab3(b, U / 2, U / 3, U / 5));
    sc_pushout3(c, sc_sphere(v3(0, 0, 0), U), sc_sphere(v3(0, 0, 2 * U), U));
    sc_pushout3(c, sc_sphere(v3(0, 0, 0), U), sc_sphere(v3(0, 0, 2 * U + 1), U));
    sc_pushout3(c, sc_aabb3(v3(0, 0, 0), v3(U, U, U)), sc_aabb3(v3(2 * U, 0, 0), v3(U, U, U)));
    sc_pushout3(c, sc_aabb3(v3(0, 0, 0), v3(U, U, U)), sc_aabb3(v3(0, 2 * U + 1, 0), v3(U, U, U)));
    sc_pushout3(c, sc_sphere(v3(0, 0, 0), 400 * U), sc_sphere(v3(1, 1, 0), 400 * U));
    fc_shape3 wide = sc_aabb3(v3(0, 0, 0), v3(L, U, U));
    sc_pushout3(c, wide, wide);
    sc_pushout3(c, sc_sphere(v3(L - 4 * U, 0, 0), 2 * U), sc_sphere(v3(L - U, 0, 0), U));
    sc_pushout3(c, sc_sphere(v3(0, 0, 0), -U), sc_sphere(v3(0, 0, 0), U));
    sc_pushout3(c, sc_sphere(v3(0, 0, 0), U), sc_sphere(v3(0, 0, L + 1), U));
    sc_pushout3(c, sc_aabb3(v3(0, 0, 0), v3(U, U, U)), sc_obb3(v3(0, 0, 0), v3(0, U, U), 0));
}

/* ------------------------------------------------------------ the crowd */

static int get2(sc_ctx *c, fc_body_id id, fc_shape2 *s) { return fc_world_get_shape2(c->rec->rn.world, id, s) == FC_OK; }

static int get3(sc_ctx *c, fc_body_id id, fc_shape3 *s) { return fc_world_get_shape3(c->rec->rn.world, id, s) == FC_OK; }

/* One bounded random step (x and y; in 3D x and z). */
static void walk(sc_ctx *c, body *u, uint32_t n, int dim)
{
    for (uint32_t i = 0; i < n; i++) {
        fix16_t dx = sc_range(c, -U / 2, U / 2), dy = sc_range(c, -U / 2, U / 2);
        fix16_t *py = dim == 2 ? &u[i].pos.y : &u[i].pos.z;
        if (u[i].pos.x + dx > ARENA * U || u[i].pos.x + dx < -ARENA * U)
            dx = -dx;
        if (*py + dy > ARENA * U || *py + dy < -ARENA * U)
            dy = -dy;
        fc_status st = dim == 2 ? sc_move(c, u[i].id, dx, dy, 0) : sc_move(c, u[i].id, dx, 0, dy);
        if (st == FC_OK) {
            u[i].pos.x += dx;
            *py += dy;
        }
    }
}

/* Push a few bodies out of the first body (by index) each overlaps: the
 * push-out query, then the move it asks for. */
static void resolve(sc_ctx *c, body *u, uint32_t n, int dim)
{
    for (uint32_t k = 0; k < 6; k++) {
        uint32_t j = sc_rand(c) % n;
        fc_shape2 a2, b2;
        fc_shape3 a3, b3;
        if (dim == 2 ? !get2(c, u[j].id, &b2) : !get3(c, u[j].id, &b3))
            continue;
        for (uint32_t i = 0; i < n; i++) {
            if (i == j || (dim == 2 ? !get2(c, u[i].id, &a2) : !get3(c, u[i].id, &a3)))
                continue;
            if (dim == 2 ? !fc_overlap2(&a2, &b2) : !fc_overlap3(&a3, &b3))
                continue;
            fc_vec3 d = {0, 0, 0};
            fc_status st;
            if (dim == 2) {
                fc_vec2 d2;
                sc_pushout2(c, a2, b2);
                st = fc_pushout2(&a2, &b2, &d2);
                d.x = d2.x;
                d.y = d2.y;
            } else {
                sc_pushout3(c, a3, b3);
                st = fc_pushout3(&a3, &b3, &d);
            }
            if (st == FC_OK && sc_move(c, u[j].id, d.x, d.y, d.z) == FC_OK) {
                u[j].pos.x += d.x;
                u[j].pos.y += d.y;
                u[j].pos.z += d.z;
            }
            break;
        }
    }
}

/* Turn a body into a ghost (pairs with nothing) or back. */
static void ghosts(sc_ctx *c, body *u, uint32_t n)
{
    if (!sc_chance(c, 1, 3))
        return;
    uint32_t j = sc_rand(c) % n;
    fc_filter f = u[j].ghost ? team(j) : sc_filter(GHOST_CAT, 0);
    if (sc_set_filter(c, u[j].id, f) == FC_OK)
        u[j].ghost = !u[j].ghost;
}

static fc_status place(sc_ctx *c, body *u, uint32_t i, int dim)
{
    u[i].pos.x = sc_range(c, -ARENA, ARENA) * U; /* one draw per statement */
    u[i].pos.z = sc_range(c, -ARENA, ARENA) * U;
    u[i].ghost = 0;
    if (dim == 2) {
        u[i].pos.y = u[i].pos.z;
        u[i].pos.z = 0;
        return sc_create2(c, shape2_of(c, i, u[i].pos.x, u[i].pos.y), team(i), &u[i].id);
    }
    u[i].pos.y = 0;
    return sc_create3(c, shape3_of(c, i, u[i].pos), team(i), &u[i].id);
}

static fc_status scen_resolve_dim(sc_ctx *c, int dim)
{
    fc_status st = sc_begin(c, dim, -256, 9, 6, FC_QT_LOOSE);
    uint32_t n = c->bodies < 2 ? 2 : c->bodies;
    body *u = st == FC_OK ? (body *)calloc(n, sizeof *u) : NULL;
    body *saved = st == FC_OK ? (body *)calloc(n, sizeof *saved) : NULL;
    if (st == FC_OK && (!u || !saved))
        st = FC_ERR_NO_MEMORY;
    for (uint32_t i = 0; st == FC_OK && i < n; i++)
        place(c, u, i, dim);
    for (uint32_t f = 0; st == FC_OK && f < c->frames; f++) {
        if (f % 7 == 3) /* a pair finding before anything moved */
            sc_pairs(c);
        walk(c, u, n, dim);
        if (f % 100 == 40) { /* rollback: save, diverge for a frame, restore */
            sc_snapshot(c, 2);
            memcpy(saved, u, (size_t)n * sizeof *u);
        } else if (f % 100 == 42) {
            sc_restore(c, 2);
            memcpy(u, saved, (size_t)n * sizeof *u);
            sc_pairs(c); /* events right after a restore */
        }
        if (f % 25 == 7) { /* a death, a respawn in the freed slot, the stale id rejected */
            uint32_t j = sc_rand(c) % n;
            fc_body_id stale = u[j].id;
            sc_destroy(c, stale);
            place(c, u, j, dim);
            sc_set_filter(c, stale, team(j));
            sc_body_hash(c, stale);
        }
        sc_pairs(c); /* the frame's first pair finding */
        resolve(c, u, n, dim);
        ghosts(c, u, n);
        sc_body_hash(c, u[sc_rand(c) % n].id);
        sc_body_hash(c, u[sc_rand(c) % n].id);
        if (sc_chance(c, 1, 5))
            sc_pairs(c); /* a third finding: the end's events are relative to it */
        if (f % 10 == 5) {
            if (dim == 2)
                lab_pushouts2(c);
            else
                lab_pushouts3(c);
        }
        st = sc_end_frame(c);
    }
    free(u);
    free(saved);
    return st == FC_OK ? c->rec->status : st;
}

fc_status scen_resolve(sc_ctx *c) { return scen_resolve_dim(c, 2); }

fc_status scen_resolve3d(sc_ctx *c) { return scen_resolve_dim(c, 3); }
