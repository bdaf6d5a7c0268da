/* SPDX-License-Identifier: MIT */
/* Scenarios "adversarial" (2D) and "adversarial3d": the cases that break
 * naive engines. Pairs of shapes that exactly touch and pairs 1 raw unit
 * apart; bodies at the +-8192 coordinate limit and moves that would leave
 * it (rejected, FC_ERR_RANGE); bodies straddling the quadtree's centre
 * lines at several levels; rejected operations (stale ids, wrong shape
 * type, invalid shapes, restore of an empty slot); snapshot mid-run, then
 * divergent work, then restore and more creates (ids must come out the
 * same as the first time); queries that graze shapes exactly. */
#include "scen.h"

#include <stdlib.h>

#include "core/nofloat.h"

#define LIM FC_COORD_LIMIT
#define U SC_UNIT

/* A touching pair (gap 0) or a 1-raw-unit gap, at x along the x axis. */
static void pair2(sc_ctx *c, int32_t t, fix16_t x, fix16_t y, fix16_t gap, fc_body_id ids[2])
{
    fc_filter f = sc_filter(1, 0xFFFFFFFFu);
    switch (t % 5) {
    case 0: /* circle - circle */
        sc_create2(c, sc_circle(x, y, 2 * U), f, &ids[0]);
        sc_create2(c, sc_circle(x + 5 * U + gap, y, 3 * U), f, &ids[1]);
        break;
    case 1: /* aabb edge - aabb edge */
        sc_create2(c, sc_aabb2(x, y, 2 * U, U), f, &ids[0]);
        sc_create2(c, sc_aabb2(x + 4 * U + gap, y + U / 2, 2 * U, U), f, &ids[1]);
        break;
    case 2: /* obb (90 degrees) - circle */
        sc_create2(c, sc_obb2(x, y, U, 2 * U, 16384), f, &ids[0]);
        sc_create2(c, sc_circle(x + 3 * U + gap, y, U), f, &ids[1]);
        break;
    case 3: /* capsule - aabb */
        sc_create2(c, sc_capsule(x, y - 2 * U, x, y + 2 * U, U), f, &ids[0]);
        sc_create2(c, sc_aabb2(x + 2 * U + gap, y, U, U), f, &ids[1]);
        break;
    default: /* diamond polygon vertex - polygon vertex */
        sc_create2(c, sc_poly(x, y, 2 * U, 4, 0), f, &ids[0]);
        sc_create2(c, sc_poly(x + 4 * U + gap, y, 2 * U, 4, 0), f, &ids[1]);
        break;
    }
}

static void pair3(sc_ctx *c, int32_t t, fix16_t x, fix16_t z, fix16_t gap, fc_body_id ids[2])
{
    fc_filter f = sc_filter(1, 0xFFFFFFFFu);
    fc_vec3 h = { U, U, U };
    switch (t % 3) {
    case 0:
        sc_create3(c, sc_sphere((fc_vec3){ x, U, z }, U), f, &ids[0]);
        sc_create3(c, sc_sphere((fc_vec3){ x + 3 * U + gap, 2 * U, z }, 2 * U), f, &ids[1]);
        break;
    case 1:
        sc_create3(c, sc_aabb3((fc_vec3){ x, U, z }, h), f, &ids[0]);
        sc_create3(c, sc_obb3((fc_vec3){ x + 2 * U + gap, U, z }, h, 16384), f, &ids[1]);
        break;
    default:
        sc_create3(c, sc_aabb3((fc_vec3){ x, U, z }, h), f, &ids[0]);
        sc_create3(c, sc_sphere((fc_vec3){ x + 2 * U + gap, U, z + U / 2 }, U), f, &ids[1]);
        break;
    }
}

static fc_shape2 straddler2(sc_ctx *c, fix16_t line, int32_t vertical)
{
    fix16_t along = sc_range(c, -900, 900) * U;
    return vertical ? sc_aabb2(line, along, U, U) : sc_circle(along, line, U);
}

static fc_status run(sc_ctx *c, int32_t dim)
{
    fc_status st = sc_begin(c, dim, -1024, 11, 8, FC_QT_LOOSE);
    uint32_t n = c->bodies < 40 ? 40 : c->bodies;
    fc_body_id *ids = st == FC_OK ? (fc_body_id *)calloc(n + 8, sizeof *ids) : NULL;
    if (st == FC_OK && !ids)
        st = FC_ERR_NO_MEMORY;
    fc_filter all = sc_filter(0xFFFFFFFFu, 0xFFFFFFFFu);
    uint32_t k = 0;
    /* Touching and nearly touching pairs. */
    for (int32_t t = 0; st == FC_OK && t < 10; t++, k += 2) {
        fix16_t x = (t * 20 - 100) * U, y = 30 * U;
        if (dim == 2)
            pair2(c, t, x, y, t < 5 ? 0 : 1, &ids[k]);
        else
            pair3(c, t, x, y, t < 5 ? 0 : 1, &ids[k]);
    }
    /* Bodies at the coordinate limit (corners) and straddlers of the centre
     * lines x = 0, y = 0 and the level-2 lines +-512. */
    static const fix16_t lines[] = {0, 512 * U, -512 * U, 256 * U};
    for (uint32_t i = 0; st == FC_OK && k < n; i++, k++) {
        if (dim == 2) {
            fc_shape2 s = i < 4 ? sc_circle(i & 1u ? LIM - 2 * U : -LIM + 2 * U, i & 2u ? LIM - 2 * U : -LIM + 2 * U, 2 * U)
                                : straddler2(c, lines[i % 4], (int32_t)(i & 1u));
            sc_create2(c, s, all, &ids[k]);
        } else {
            fc_vec3 ctr = i < 4 ? (fc_vec3){ i & 1u ? LIM - U : -LIM + U, U, i & 2u ? LIM - U : -LIM + U }
                                : (fc_vec3){ i & 1u ? lines[i % 4] : sc_range(c, -900, 900) * U, U,
                                             i & 1u ? sc_range(c, -900, 900) * U : lines[i % 4] };
            sc_create3(c, i % 2 ? sc_aabb3(ctr, (fc_vec3){ U, U, U }) : sc_sphere(ctr, U), all, &ids[k]);
        }
    }
    uint32_t frames = c->frames;
    for (uint32_t f = 0; st == FC_OK && f < frames; f++) {
        /* Wiggle straddlers across their lines, 1 raw unit at a time too. */
        for (uint32_t j = 24; j < k; j += 3) {
            fix16_t d = f % 2 ? -(fix16_t)(1 + f % 3) : (fix16_t)(1 + f % 3);
            sc_move(c, ids[j], d, dim == 2 ? -d : 0, dim == 3 ? d : 0);
        }
        /* Corner bodies push against the limit: alternately rejected and accepted. */
        for (uint32_t j = 20; j < 24; j++) {
            fix16_t d = f % 2 ? 3 * U : -3 * U;
            fix16_t sx = j & 1u ? d : -d, sy = j & 2u ? d : -d;
            sc_move(c, ids[j], sx, dim == 2 ? sy : 0, dim == 3 ? sy : 0);
        }
        /* Grazing queries on the touching pairs. */
        if (dim == 2) {
            sc_overlap2(c, sc_aabb2(-100 * U + 2 * U + U, 30 * U, U, U), all);   /* touches circle 0 */
            sc_point(c, (fc_vec3){ -100 * U + 2 * U, 30 * U, 0 }, all);        /* the touching point */
            sc_ray(c, (fc_vec3){ -LIM, 30 * U + 2 * U, 0 }, (fc_vec3){ 2 * LIM, 0, 0 }, all, 1); /* tangent */
            sc_ray(c, (fc_vec3){ -LIM, -LIM, 0 }, (fc_vec3){ 2 * LIM, 2 * LIM, 0 }, all, 0);      /* diagonal */
            sc_overlap2(c, sc_obb2(0, 0, 1000 * U, U / 2, 8192), all);
            sc_overlap2(c, sc_capsule(-LIM, 0, LIM, 0, U), all);
            sc_overlap2(c, sc_poly(0, 30 * U, 3 * U, 8, (fc_angle)(f * 97u)), all);
        } else {
            sc_overlap3(c, sc_aabb3((fc_vec3){ -100 * U + 3 * U, U, 30 * U }, (fc_vec3){ U, U, U }), all);
            sc_point(c, (fc_vec3){ -100 * U + U, U, 30 * U }, all);
            sc_ray(c, (fc_vec3){ -LIM, 2 * U, 30 * U }, (fc_vec3){ 2 * LIM, 0, 0 }, all, 1);
            sc_ray(c, (fc_vec3){ -LIM, U, -LIM }, (fc_vec3){ 2 * LIM, 0, 2 * LIM }, all, 0);
            sc_overlap3(c, sc_obb3((fc_vec3){ 0, U, 0 }, (fc_vec3){ 1000 * U, U, U / 2 }, 8192), all);
        }
        /* Snapshot, diverge, restore, and continue with the same creates. */
        if (f == frames / 3) {
            sc_restore(c, 5); /* empty slot: rejected */
            sc_snapshot(c, 1);
        }
        if (f > frames / 3 && f < 2 * frames / 3 && f % 4 == 0) {
            sc_destroy(c, ids[24 + f % 8]);
            fc_body_id extra;
            if (dim == 2)
                sc_create2(c, sc_circle(0, 0, U), all, &extra);
            else
                sc_create3(c, sc_sphere((fc_vec3){ 0, U, 0 }, U), all, &extra);
        }
        if (f == 2 * frames / 3)
            sc_restore(c, 1);
        if (f % 7 == 3) {
            /* Rejected: stale id, wrong type, invalid shapes, out of range. */
            fc_body_id stale = ids[0];
            stale.generation += 1000;
            sc_destroy(c, stale);
            sc_turn(c, ids[0], (fc_angle)f);
            fc_body_id bad;
            if (dim == 2) {
                sc_create2(c, sc_circle(LIM + 1, 0, U), all, &bad);
                sc_create2(c, sc_aabb2(0, 0, -U, U), all, &bad);
                fc_shape2 cw = sc_poly(0, 0, 2 * U, 4, 0);
                fc_vec2 tmp = cw.u.poly.v[1];
                cw.u.poly.v[1] = cw.u.poly.v[3];
                cw.u.poly.v[3] = tmp;
                sc_create2(c, cw, all, &bad);
                sc_set2(c, ids[2], sc_obb2(10 * U, 50 * U, 2 * U, U, (fc_angle)(f * 4099u)));
                sc_turn(c, ids[4], (fc_angle)(f * 1021u));
            } else {
                sc_create3(c, sc_sphere((fc_vec3){ 0, 0, LIM + 1 }, U), all, &bad);
                sc_create3(c, sc_aabb3((fc_vec3){ 0, 0, 0 }, (fc_vec3){ U, 0, U }), all, &bad);
                sc_set3(c, ids[2], sc_obb3((fc_vec3){ 10 * U, U, 50 * U }, (fc_vec3){ U, U, 2 * U }, (fc_angle)(f * 4099u)));
            }
        }
        st = sc_end_frame(c);
    }
    free(ids);
    return st == FC_OK ? c->rec->status : st;
}

fc_status scen_adversarial(sc_ctx *c) { return run(c, 2); }
fc_status scen_adversarial3d(sc_ctx *c) { return run(c, 3); }
