/* SPDX-License-Identifier: MIT */
/* Scenario "skills3d" (replay format 3): spheres, AABBs and yawed OBBs on
 * the ground plane (y = 0 is the floor) walking about (pair events and
 * contacts every frame), dashing (a sphere cast, closest hit) and firing
 * box shots (AABB and OBB casts, all hits); a death and a respawn every 25
 * frames, a snapshot, a diverging frame and a restore every 100.
 *
 * Every 10th frame is adversarial, against a lab AABB [200, 210] x [0, 10]
 * x [0, 10] units: casts reaching contact exactly at t = 1 and one raw
 * short, touching at t = 0, grazing along a face at touching distance and
 * one raw off it, edge on edge, zero delta, deltas at the
 * +-2 * FC_COORD_LIMIT limit, rejected casts (delta one raw out of range,
 * invalid moving shapes), and a 2D skill area in this 3D world (rejected:
 * FC_ERR_SHAPE_TYPE). */
#include "scen.h"

#include <stdlib.h>

#include <fixcol/trig.h>

#include "core/nofloat.h"

#define U SC_UNIT
#define ALL 0xFFFFFFFFu
#define LAB_CAT 8u
#define LAB_X (200 * U)

static fc_vec3 v3(fix16_t x, fix16_t y, fix16_t z) { return fc_vec3_make(x, y, z); }

static fc_shape3 body(sc_ctx *c, uint32_t i, fix16_t x, fix16_t z)
{
    fix16_t h = sc_range(c, U / 2, 2 * U);
    fix16_t hx = sc_range(c, U / 2, 3 * U); /* one draw per statement */
    fix16_t hz = sc_range(c, U / 2, 3 * U);
    switch (i % 3) {
    case 0: return sc_sphere(v3(x, h, z), h);
    case 1: return sc_aabb3(v3(x, h, z), v3(hx, h, hz));
    default: return sc_obb3(v3(x, h, z), v3(hx, h, hz), (fc_angle)sc_rand(c));
    }
}

static void lab_casts(sc_ctx *c)
{
    fc_filter lab = sc_filter(ALL, LAB_CAT), any = sc_filter(ALL, ALL);
    fix16_t L = LAB_X, lim = 2 * FC_COORD_LIMIT;
    fc_vec3 one = v3(U, U, U);
    /* sphere r 1 reaching the face x = L exactly at t = 1, and 1 raw short */
    sc_cast3(c, sc_sphere(v3(L - 3 * U, 5 * U, 5 * U), U), v3(2 * U, 0, 0), lab, 0);
    sc_cast3(c, sc_sphere(v3(L - 3 * U, 5 * U, 5 * U), U), v3(2 * U - 1, 0, 0), lab, 0);
    /* touching at the start: moving in, along, away */
    sc_cast3(c, sc_sphere(v3(L - U, 5 * U, 5 * U), U), v3(4 * U, 0, 0), lab, 0);
    sc_cast3(c, sc_sphere(v3(L - U, 5 * U, 5 * U), U), v3(0, 0, 3 * U), lab, 1);
    sc_cast3(c, sc_aabb3(v3(L - U, 5 * U, 5 * U), one), v3(-4 * U, 0, 0), lab, 0);
    /* grazing along the top face y = 10, and 1 raw above it */
    sc_cast3(c, sc_sphere(v3(L - 10 * U, 11 * U, 5 * U), U), v3(30 * U, 0, 0), lab, 0);
    sc_cast3(c, sc_sphere(v3(L - 10 * U, 11 * U + 1, 5 * U), U), v3(30 * U, 0, 0), lab, 1);
    sc_cast3(c, sc_aabb3(v3(L - 10 * U, 11 * U, 5 * U), one), v3(30 * U, 0, 0), lab, 0);
    sc_cast3(c, sc_aabb3(v3(L - 10 * U, 11 * U + 1, 5 * U), one), v3(30 * U, 0, 0), lab, 0);
    /* ... and ending on the face, still touching */
    sc_cast3(c, sc_sphere(v3(L - 10 * U, 11 * U, 5 * U), U), v3(15 * U, 0, 0), lab, 1);
    sc_cast3(c, sc_aabb3(v3(L - 10 * U, 11 * U, 5 * U), one), v3(15 * U, 0, 0), lab, 0);
    /* box edge onto the wall's edge (x = L, y = 10) at t = 1, 1 raw short */
    sc_cast3(c, sc_aabb3(v3(L - 3 * U, 13 * U, 5 * U), one), v3(2 * U, -2 * U, 0), lab, 0);
    sc_cast3(c, sc_aabb3(v3(L - 3 * U, 13 * U, 5 * U), one), v3(2 * U - 1, -2 * U + 1, 0), lab, 0);
    /* yawed OBBs through the lab */
    sc_cast3(c, sc_obb3(v3(L - 20 * U, 5 * U, 5 * U), v3(2 * U, U, U), FC_ANGLE_QUARTER / 3), v3(60 * U, 0, 3 * U), lab, 1);
    sc_cast3(c, sc_obb3(v3(L - 20 * U, 5 * U, -5 * U), v3(2 * U, U, U), 1000), v3(40 * U, U, 15 * U), lab, 0);
    /* zero delta: touching, and 1 raw apart */
    sc_cast3(c, sc_sphere(v3(L - U, 5 * U, 5 * U), U), v3(0, 0, 0), lab, 0);
    sc_cast3(c, sc_sphere(v3(L - U - 1, 5 * U, 5 * U), U), v3(0, 0, 0), lab, 0);
    /* range limits: across the whole coordinate range */
    sc_cast3(c, sc_sphere(v3(-FC_COORD_LIMIT + U, U, -FC_COORD_LIMIT + U), U), v3(lim - 2 * U, 0, lim - 2 * U), any, 1);
    sc_cast3(c, sc_aabb3(v3(FC_COORD_LIMIT - U, 5 * U, 5 * U), one), v3(-lim, 0, 0), any, 1);
    /* rejected: delta 1 raw beyond the range, shapes outside the ranges */
    sc_cast3(c, sc_sphere(v3(0, 0, 0), U), v3(0, lim + 1, 0), any, 0);
    sc_cast3(c, sc_sphere(v3(0, 0, 0), U), v3(0, 0, -lim - 1), any, 1);
    sc_cast3(c, sc_sphere(v3(0, FC_COORD_LIMIT + 1, 0), U), v3(U, 0, 0), any, 0);
    sc_cast3(c, sc_aabb3(v3(0, 0, 0), v3(U, -U, U)), v3(U, 0, 0), any, 0);
    /* a 2D skill area in a 3D world */
    sc_sector(c, fc_sector2_make(fc_vec2_make(L, 0), 5 * U, 0, FC_ANGLE_QUARTER), lab);
    sc_ring(c, fc_ring2_make(fc_vec2_make(L, 0), 0, 5 * U), lab);
}

fc_status scen_skills3d(sc_ctx *c)
{
    fc_status st = sc_begin(c, 3, -256, 9, 6, FC_QT_LOOSE);
    uint32_t n = c->bodies < 2 ? 2 : c->bodies;
    int32_t half = 10 + (int32_t)n / 3;
    fc_body_id *ids = st == FC_OK ? (fc_body_id *)calloc(n, sizeof *ids) : NULL;
    fc_body_id lab;
    if (st == FC_OK && !ids)
        st = FC_ERR_NO_MEMORY;
    if (st == FC_OK)
        sc_create3(c, sc_aabb3(v3(LAB_X + 5 * U, 5 * U, 5 * U), v3(5 * U, 5 * U, 5 * U)), sc_filter(LAB_CAT, ALL), &lab);
    for (uint32_t i = 0; st == FC_OK && i < n; i++) {
        fix16_t x = sc_range(c, -half, half) * U;
        fix16_t z = sc_range(c, -half, half) * U;
        sc_create3(c, body(c, i, x, z), sc_filter(1u << (i % 2), ALL), &ids[i]);
    }
    for (uint32_t f = 0; st == FC_OK && f < c->frames; f++) {
        for (uint32_t k = 0; k < 1 + n / 3; k++) {
            uint32_t i = sc_rand(c) % n;
            fix16_t dx = sc_range(c, -U / 2, U / 2);
            fix16_t dz = sc_range(c, -U / 2, U / 2);
            sc_move(c, ids[i], dx, 0, dz);
        }
        if (f % 100 == 40)
            sc_snapshot(c, 2);
        else if (f % 100 == 42)
            sc_restore(c, 2);
        if (f % 25 == 7) {
            uint32_t i = sc_rand(c) % n;
            fix16_t x = sc_range(c, -half, half) * U;
            fix16_t z = sc_range(c, -half, half) * U;
            sc_destroy(c, ids[i]);
            sc_create3(c, body(c, i, x, z), sc_filter(1u << (i % 2), ALL), &ids[i]);
        }
        for (uint32_t k = 0; k < 3; k++) {
            uint32_t team = sc_rand(c) % 2;
            fix16_t x = sc_range(c, -half, half) * U;
            fix16_t z = sc_range(c, -half, half) * U;
            fc_sincos d = fc_sincos_of((fc_angle)sc_rand(c));
            fix16_t len = sc_range(c, 2, 40) * U;
            fc_vec3 by = v3(fc_mul(len, d.c), 0, fc_mul(len, d.s));
            fc_filter foes = sc_filter(1u << team, 1u << (1u - team));
            fc_shape3 m = k == 0 ? sc_sphere(v3(x, U, z), U)
                          : k == 1 ? sc_aabb3(v3(x, U, z), v3(U, U / 2, U))
                                   : sc_obb3(v3(x, U, z), v3(2 * U, U / 2, U / 2), (fc_angle)sc_rand(c));
            sc_cast3(c, m, by, foes, k != 0);
        }
        if (f % 10 == 5)
            lab_casts(c);
        st = sc_end_frame(c);
    }
    free(ids);
    return st == FC_OK ? c->rec->status : st;
}
