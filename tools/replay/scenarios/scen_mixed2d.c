/* SPDX-License-Identifier: MIT */
/* Scenario "mixed2d": a dense crowd of every 2D shape type (circle, AABB,
 * OBB, capsule, polygon) so that every shape pair meets; bodies move, OBBs
 * turn, some bodies change shape (and type); every frame one overlap query
 * with each 2D shape type, a point query and a ray. */
#include "scen.h"

#include <stdlib.h>

#include "core/nofloat.h"

static fc_shape2 any_shape(sc_ctx *c, int32_t type, fc_vec2 p)
{
    fix16_t a = sc_range(c, SC_UNIT / 2, 4 * SC_UNIT), b = sc_range(c, SC_UNIT / 4, 2 * SC_UNIT);
    switch (type) {
    case 0: return sc_circle(p.x, p.y, a);
    case 1: return sc_aabb2(p.x, p.y, a, b);
    case 2: return sc_obb2(p.x, p.y, a, b, (fc_angle)sc_rand(c));
    case 3: return sc_capsule(p.x - a, p.y - b, p.x + a, p.y + b, b);
    default: {
        int32_t n = sc_range(c, 3, 8); /* one draw per statement */
        return sc_poly(p.x, p.y, a, n, (fc_angle)sc_rand(c));
    }
    }
}

static fc_vec2 spot(sc_ctx *c, int32_t half)
{
    fix16_t x = sc_range(c, -half * SC_UNIT, half * SC_UNIT); /* one draw per statement */
    fix16_t y = sc_range(c, -half * SC_UNIT, half * SC_UNIT);
    return fc_vec2_make(x, y);
}

fc_status scen_mixed2d(sc_ctx *c)
{
    fc_status st = sc_begin(c, 2, -128, 8, 6, FC_QT_LOOSE);
    uint32_t n = c->bodies;
    int32_t half = 8 + (int32_t)n / 4; /* keeps the crowd dense */
    fc_body_id *ids = st == FC_OK ? (fc_body_id *)calloc(n, sizeof *ids) : NULL;
    int32_t *type = st == FC_OK ? (int32_t *)calloc(n, sizeof *type) : NULL;
    if (st == FC_OK && (!ids || !type))
        st = FC_ERR_NO_MEMORY;
    for (uint32_t i = 0; st == FC_OK && i < n; i++) {
        type[i] = (int32_t)(i % 5);
        sc_create2(c, any_shape(c, type[i], spot(c, half)), sc_filter(1u << (i % 3), 0xFFFFFFFFu), &ids[i]);
    }
    for (uint32_t f = 0; st == FC_OK && f < c->frames; f++) {
        for (uint32_t k = 0; k < 1 + n / 3; k++) {
            uint32_t i = sc_rand(c) % n;
            fix16_t dx = sc_range(c, -SC_UNIT, SC_UNIT); /* one draw per statement */
            fix16_t dy = sc_range(c, -SC_UNIT, SC_UNIT);
            sc_move(c, ids[i], dx, dy, 0);
        }
        for (uint32_t k = 0; k < 1 + n / 20; k++) {
            uint32_t i = sc_rand(c) % n;
            if (type[i] == 2)
                sc_turn(c, ids[i], (fc_angle)sc_rand(c));
        }
        if (sc_chance(c, 1, 4)) {
            uint32_t i = sc_rand(c) % n;
            type[i] = sc_range(c, 0, 4);
            sc_set2(c, ids[i], any_shape(c, type[i], spot(c, half)));
        }
        for (int32_t t = 0; t < 5; t++)
            sc_overlap2(c, any_shape(c, t, spot(c, half)), sc_filter(0xFFFFFFFFu, 1u << (f % 3)));
        fc_vec2 p = spot(c, half);
        sc_point(c, (fc_vec3){ p.x, p.y, 0 }, sc_filter(0xFFFFFFFFu, 0xFFFFFFFFu));
        fc_vec2 q = spot(c, half);
        sc_ray(c, (fc_vec3){ p.x, p.y, 0 }, (fc_vec3){ q.x - p.x + 1, q.y - p.y, 0 },
               sc_filter(0xFFFFFFFFu, 0xFFFFFFFFu), (int)(f & 1u));
        st = sc_end_frame(c);
    }
    free(ids);
    free(type);
    return st == FC_OK ? c->rec->status : st;
}
