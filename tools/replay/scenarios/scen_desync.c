/* SPDX-License-Identifier: MIT */
/* Scenarios "desync" (2D) and "desync3d": the desync tools' values put in
 * the replay (fixcol/desync.h) so every target that verifies it proves its
 * range checksums and canonical dumps equal. Bodies of every shape type of
 * the dimension move, die and respawn (free slots with bumped generations,
 * reused LIFO); every frame range checksums over the whole index space,
 * both halves of the used slots, a random range, an empty one, one past
 * the used slots and a malformed one (lo > hi: rejected); a canonical dump
 * every 8th frame. */
#include "scen.h"

#include <stdlib.h>

#include "core/nofloat.h"

static fc_shape2 shape2(sc_ctx *c, uint32_t type, int32_t half)
{
    fix16_t x = sc_range(c, -half * SC_UNIT, half * SC_UNIT); /* one draw per statement */
    fix16_t y = sc_range(c, -half * SC_UNIT, half * SC_UNIT);
    fix16_t a = sc_range(c, SC_UNIT / 3, 3 * SC_UNIT);
    fix16_t b = sc_range(c, SC_UNIT / 5, 2 * SC_UNIT);
    fc_angle t = (fc_angle)sc_rand(c);
    switch (type % 5) {
    case 0: return sc_circle(x, y, a);
    case 1: return sc_aabb2(x, y, a, b);
    case 2: return sc_obb2(x, y, a, b, t);
    case 3: return sc_capsule(x - a, y - b, x + a, y + b, b);
    default: return sc_poly(x, y, a, 3 + (int32_t)(type % 6), t);
    }
}

static fc_shape3 shape3(sc_ctx *c, uint32_t type, int32_t half)
{
    fix16_t x = sc_range(c, -half * SC_UNIT, half * SC_UNIT);
    fix16_t y = sc_range(c, 0, 4 * SC_UNIT);
    fix16_t z = sc_range(c, -half * SC_UNIT, half * SC_UNIT);
    fix16_t h = sc_range(c, SC_UNIT / 3, 2 * SC_UNIT);
    fc_angle t = (fc_angle)sc_rand(c);
    fc_vec3 ctr = { x, y, z }, ext = { h, h / 2 + 1, h + SC_UNIT / 7 };
    switch (type % 3) {
    case 0: return sc_sphere(ctr, h);
    case 1: return sc_aabb3(ctr, ext);
    default: return sc_obb3(ctr, ext, t);
    }
}

static fc_status create(sc_ctx *c, int32_t dim, uint32_t type, int32_t half, fc_body_id *id)
{
    fc_filter f = sc_filter(1u << (type % 7), type % 4 == 0 ? 0xFFFFFFFEu : 0xFFFFFFFFu);
    if (dim == 2)
        return sc_create2(c, shape2(c, type, half), f, id);
    return sc_create3(c, shape3(c, type, half), f, id);
}

static fc_status run(sc_ctx *c, int32_t dim)
{
    fc_status st = sc_begin(c, dim, -256, 9, 6, FC_QT_LOOSE);
    uint32_t n = c->bodies, slots = 0;
    int32_t half = 8 + (int32_t)n / 4;
    fc_body_id *ids = st == FC_OK ? (fc_body_id *)calloc(n, sizeof *ids) : NULL;
    if (st == FC_OK && !ids)
        st = FC_ERR_NO_MEMORY;
    for (uint32_t i = 0; st == FC_OK && i < n; i++)
        create(c, dim, i, half, &ids[i]);
    slots = n;
    for (uint32_t f = 0; st == FC_OK && f < c->frames; f++) {
        for (uint32_t k = 0; k < 1 + n / 4; k++) {
            uint32_t i = sc_rand(c) % n;
            fix16_t dx = sc_range(c, -SC_UNIT, SC_UNIT);
            fix16_t dy = sc_range(c, -SC_UNIT, SC_UNIT);
            sc_move(c, ids[i], dx, dim == 2 ? dy : 0, dim == 3 ? dy : 0);
        }
        if (sc_chance(c, 1, 2)) { /* a death and a respawn, usually in the freed slot */
            uint32_t i = sc_rand(c) % n;
            sc_destroy(c, ids[i]);
            if (sc_chance(c, 3, 4))
                create(c, dim, sc_rand(c), half, &ids[i]);
        }
        if (sc_chance(c, 1, 50)) { /* now and then one more body (a brand-new slot when none is free) */
            fc_body_id extra;
            if (create(c, dim, sc_rand(c), half, &extra) == FC_OK && extra.index >= slots)
                slots = extra.index + 1;
        }
        uint32_t lo = sc_rand(c) % (slots + 8);
        uint32_t len = sc_rand(c) % 64;
        sc_range_checksum(c, 0, (uint32_t)FC_WORLD_MAX_BODIES);
        sc_range_checksum(c, 0, slots / 2);
        sc_range_checksum(c, slots / 2, slots);
        sc_range_checksum(c, lo, lo + len);
        sc_range_checksum(c, lo, lo);
        sc_range_checksum(c, slots + 1, slots + 100);
        sc_range_checksum(c, lo + 1, lo);
        if (f % 8 == 0)
            sc_dump(c);
        st = sc_end_frame(c);
    }
    free(ids);
    return st == FC_OK ? c->rec->status : st;
}

fc_status scen_desync(sc_ctx *c) { return run(c, 2); }
fc_status scen_desync3d(sc_ctx *c) { return run(c, 3); }
