/* SPDX-License-Identifier: MIT */
/* Scenario "boxes3d": 3D AABBs, yawed OBBs and spheres resting on the
 * ground plane (y = 0 is the floor), sliding over it and now and then
 * hopping; every frame 3D overlap queries (sphere, box, yawed box), a point
 * query and rays (closest and all hits), snapshot/restore twice per run. */
#include "scen.h"

#include <stdlib.h>

#include "core/nofloat.h"

static fc_shape3 body(sc_ctx *c, uint32_t i, fix16_t x, fix16_t z)
{
    fix16_t h = sc_range(c, SC_UNIT / 2, 2 * SC_UNIT);
    /* One draw per statement throughout the generators: the evaluation order
     * of arguments and initializers is unspecified in C, so two draws in one
     * expression would make recordings compiler-dependent. */
    fix16_t hx = sc_range(c, SC_UNIT / 2, 3 * SC_UNIT);
    fix16_t hz = sc_range(c, SC_UNIT / 2, 3 * SC_UNIT);
    fc_vec3 half = { hx, h, hz };
    fc_vec3 ctr = { x, h, z };
    switch (i % 3) {
    case 0: return sc_sphere(ctr, h);
    case 1: return sc_aabb3(ctr, half);
    default: return sc_obb3(ctr, half, (fc_angle)sc_rand(c));
    }
}

fc_status scen_boxes3d(sc_ctx *c)
{
    fc_status st = sc_begin(c, 3, -128, 8, 6, FC_QT_LOOSE);
    uint32_t n = c->bodies;
    int32_t half = 10 + (int32_t)n / 3;
    fc_body_id *ids = st == FC_OK ? (fc_body_id *)calloc(n, sizeof *ids) : NULL;
    fix16_t *lift = st == FC_OK ? (fix16_t *)calloc(n, sizeof *lift) : NULL;
    if (st == FC_OK && (!ids || !lift))
        st = FC_ERR_NO_MEMORY;
    for (uint32_t i = 0; st == FC_OK && i < n; i++) {
        fix16_t x = sc_range(c, -half, half) * SC_UNIT;
        fix16_t z = sc_range(c, -half, half) * SC_UNIT;
        sc_create3(c, body(c, i, x, z), sc_filter(1u << (i % 2), 0xFFFFFFFFu), &ids[i]);
    }
    for (uint32_t f = 0; st == FC_OK && f < c->frames; f++) {
        if (f == c->frames / 4)
            sc_snapshot(c, 0);
        if (f == c->frames / 2 && f > c->frames / 4)
            sc_restore(c, 0);
        for (uint32_t k = 0; k < 1 + n / 3; k++) {
            uint32_t i = sc_rand(c) % n;
            fix16_t dy = 0;
            if (lift[i] > 0 || sc_chance(c, 1, 16)) { /* hop up, then back to the floor */
                dy = lift[i] > 0 ? -lift[i] : sc_range(c, 1, SC_UNIT);
                lift[i] += dy;
            }
            fix16_t dx = sc_range(c, -SC_UNIT / 2, SC_UNIT / 2);
            fix16_t dz = sc_range(c, -SC_UNIT / 2, SC_UNIT / 2);
            sc_move(c, ids[i], dx, dy, dz);
        }
        fix16_t x = sc_range(c, -half, half) * SC_UNIT, z = sc_range(c, -half, half) * SC_UNIT;
        for (uint32_t t = 0; t < 3; t++)
            sc_overlap3(c, body(c, t, x, z), sc_filter(0xFFFFFFFFu, 0xFFFFFFFFu));
        sc_point(c, (fc_vec3){ x, SC_UNIT / 2, z }, sc_filter(0xFFFFFFFFu, 0xFFFFFFFFu));
        fc_sincos d = fc_sincos_of((fc_angle)sc_rand(c));
        fc_vec3 o = { x, sc_range(c, 0, 2 * SC_UNIT), z };
        fc_vec3 dl = { fc_mul(40 * SC_UNIT, d.c), sc_range(c, -SC_UNIT, SC_UNIT), fc_mul(40 * SC_UNIT, d.s) };
        sc_ray(c, o, dl, sc_filter(0xFFFFFFFFu, 0xFFFFFFFFu), 0);
        sc_ray(c, o, dl, sc_filter(0xFFFFFFFFu, 0xFFFFFFFFu), 1);
        st = sc_end_frame(c);
    }
    free(ids);
    free(lift);
    return st == FC_OK ? c->rec->status : st;
}
