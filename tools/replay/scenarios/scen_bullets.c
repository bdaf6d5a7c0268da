/* SPDX-License-Identifier: MIT */
/* Scenario "bullets": static walls (AABBs, OBBs, capsules, polygons) and
 * moving circle units; every frame units fire bullets as segment rays
 * (closest hit, filtered to walls and the enemy team) and a few piercing
 * shots (every hit along the ray). */
#include "scen.h"

#include <stdlib.h>

#include "core/nofloat.h"

#define ARENA 200
#define WALL_CAT 4u

static fc_shape2 wall(sc_ctx *c, int32_t i)
{
    fix16_t x = sc_range(c, -ARENA, ARENA) * SC_UNIT, y = sc_range(c, -ARENA, ARENA) * SC_UNIT;
    fix16_t a = sc_range(c, 2, 12) * SC_UNIT, b = sc_range(c, SC_UNIT / 2, 2 * SC_UNIT);
    switch (i % 4) {
    case 0: return sc_aabb2(x, y, a, b);
    case 1: return sc_obb2(x, y, a, b, (fc_angle)sc_rand(c));
    case 2: return sc_capsule(x - a, y, x + a, y + b, b);
    default: return sc_poly(x, y, a, 3 + i % 6, (fc_angle)sc_rand(c));
    }
}

fc_status scen_bullets(sc_ctx *c)
{
    fc_status st = sc_begin(c, 2, -256, 9, 6, FC_QT_LOOSE);
    uint32_t walls = c->bodies / 3 + 1, n = c->bodies;
    fc_body_id *ids = st == FC_OK ? (fc_body_id *)calloc(n, sizeof *ids) : NULL;
    fc_vec2 *pos = st == FC_OK ? (fc_vec2 *)calloc(n, sizeof *pos) : NULL;
    if (st == FC_OK && (!ids || !pos))
        st = FC_ERR_NO_MEMORY;
    for (uint32_t i = 0; st == FC_OK && i < n; i++) {
        if (i < walls) {
            sc_create2(c, wall(c, (int32_t)i), sc_filter(WALL_CAT, 0xFFFFFFFFu), &ids[i]);
            continue;
        }
        pos[i].x = sc_range(c, -ARENA, ARENA) * SC_UNIT; /* one draw per statement */
        pos[i].y = sc_range(c, -ARENA, ARENA) * SC_UNIT;
        sc_create2(c, sc_circle(pos[i].x, pos[i].y, SC_UNIT), sc_filter(1u << (i & 1u), 0xFFFFFFFFu), &ids[i]);
    }
    for (uint32_t f = 0; st == FC_OK && f < c->frames; f++) {
        for (uint32_t i = walls; i < n; i++) {
            fix16_t dx = sc_range(c, -SC_UNIT, SC_UNIT), dy = sc_range(c, -SC_UNIT, SC_UNIT);
            if (pos[i].x + dx > ARENA * SC_UNIT || pos[i].x + dx < -ARENA * SC_UNIT)
                dx = -dx;
            if (pos[i].y + dy > ARENA * SC_UNIT || pos[i].y + dy < -ARENA * SC_UNIT)
                dy = -dy;
            if (sc_move(c, ids[i], dx, dy, 0) == FC_OK)
                pos[i] = fc_vec2_make(pos[i].x + dx, pos[i].y + dy);
        }
        uint32_t shots = 2 + (n - walls) / 4;
        for (uint32_t k = 0; k < shots && n > walls; k++) {
            uint32_t s = walls + sc_rand(c) % (n - walls);
            fc_sincos d = fc_sincos_of((fc_angle)sc_rand(c));
            fix16_t range = sc_range(c, 40, 160) * SC_UNIT;
            /* Start just outside the shooter; hit walls and the enemy team. */
            fc_vec3 o = { pos[s].x + fc_mul(SC_UNIT + 1, d.c), pos[s].y + fc_mul(SC_UNIT + 1, d.s), 0 };
            fc_vec3 dl = { fc_mul(range, d.c), fc_mul(range, d.s), 0 };
            sc_ray(c, o, dl, sc_filter(1u << (s & 1u), WALL_CAT | (1u << (1u - (s & 1u)))), k % 8 == 7);
        }
        st = sc_end_frame(c);
    }
    free(ids);
    free(pos);
    return st == FC_OK ? c->rec->status : st;
}
