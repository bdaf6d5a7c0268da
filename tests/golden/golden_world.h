/* SPDX-License-Identifier: MIT */
/* The worlds behind the golden snapshot blobs (tests/golden/) and the
 * outputs that pin a restored world's behaviour. Shared by the generator
 * (make_snapshots.c, built against whichever fixcol version writes the
 * blobs: it uses only API that fixcol has had since snapshot format 1) and
 * the test (test_golden.c). Header-only, static functions. */
#ifndef FIXCOL_TESTS_GOLDEN_WORLD_H
#define FIXCOL_TESTS_GOLDEN_WORLD_H

#include <fixcol/shapes.h>
#include <fixcol/world.h>

#include <stdint.h>

#define GW_U 65536

static fc_vec3 gw_v3(int32_t x, int32_t y, int32_t z)
{
    fc_vec3 v = { x, y, z };
    return v;
}

/* The golden worlds: dim3 0 is the 2D world, 1 the 3D world, 2 the 3D
 * world with 3D capsule bodies (GW_CAPSULES: the 3D world with body k a
 * capsule wherever k % 4 == 2; written since snapshot format 2 holds
 * capsules, so its generator needs a fixcol with FC_SHAPE3_CAPSULE). */
#define GW_CAPSULES 2

/* Adds body k (0..n) of golden world dim3: every shape type in turn,
 * positions on a small grid so some overlap, every third with a custom
 * filter, every other with user data. */
static int gw_add(fc_world *w, int dim3, int k, fc_body_id *id)
{
    fc_body_def d = fc_body_def_default();
    const int32_t x = (k % 7) * 3 * GW_U / 2 - 4 * GW_U, y = (k / 7) * 3 * GW_U / 2 - 3 * GW_U;
    if (!dim3) {
        fc_shape2 *s = &d.shape2;
        switch (k % 5) {
        case 0:
            s->type = FC_SHAPE2_CIRCLE;
            s->u.circle = fc_circle_make(fc_vec2_make(x, y), GW_U + k * 977);
            break;
        case 1:
            s->type = FC_SHAPE2_AABB;
            s->u.aabb = fc_aabb2_make(fc_vec2_make(x, y), fc_vec2_make(x + GW_U + k * 311, y + 2 * GW_U));
            break;
        case 2:
            s->type = FC_SHAPE2_OBB;
            s->u.obb = fc_obb2_make(fc_vec2_make(x, y), fc_vec2_make(GW_U, GW_U / 2 + k * 101), (fc_angle)(k * 4099));
            break;
        case 3:
            s->type = FC_SHAPE2_CAPSULE;
            s->u.capsule = fc_capsule2_make(fc_vec2_make(x, y), fc_vec2_make(x + 2 * GW_U, y - GW_U), GW_U / 3);
            break;
        default: {
            const int n = 3 + k % 6; /* 3..8 vertices on a circle-ish convex outline */
            static const int32_t cx[8] = { 4, 3, 0, -3, -4, -3, 0, 3 }, cy[8] = { 0, 3, 4, 3, 0, -3, -4, -3 };
            fc_vec2 v[8];
            for (int i = 0; i < n; i++) {
                const int j = i * 8 / n;
                v[i] = fc_vec2_make(x + cx[j] * GW_U / 4, y + cy[j] * GW_U / 4);
            }
            s->type = FC_SHAPE2_POLY;
            s->u.poly = fc_poly2_make(v, n);
            break;
        }
        }
    } else {
        fc_shape3 *s = &d.shape3;
        const int32_t z = (k % 3) * GW_U - GW_U;
        fc_status st = FC_OK;
        switch (k % 3) {
        case 0:
            s->type = FC_SHAPE3_SPHERE;
            st = fc_sphere_make(gw_v3(x, y, z), GW_U + k * 977, &s->u.sphere);
            break;
        case 1:
            s->type = FC_SHAPE3_AABB;
            st = fc_aabb3_make(gw_v3(x, y, z), gw_v3(x + GW_U, y + 2 * GW_U, z + GW_U + k * 53), &s->u.aabb);
            break;
        default:
            s->type = FC_SHAPE3_OBB;
            st = fc_obb3_from_euler(gw_v3(x, y, z), gw_v3(GW_U, GW_U / 2, GW_U + k * 41), (fc_angle)(k * 3001),
                                    (fc_angle)(k * 1009), (fc_angle)(k * 577), &s->u.obb);
            break;
        }
        if (dim3 == GW_CAPSULES && k % 4 == 2) { /* lying, standing and slanted capsules */
            s->type = FC_SHAPE3_CAPSULE;
            s->u.capsule.a = gw_v3(x, y, z);
            s->u.capsule.b = gw_v3(x + (k % 3) * GW_U, y + (k % 5) * GW_U / 2, z - (k % 2) * GW_U);
            s->u.capsule.radius = GW_U / 2 + k * 211;
        }
        if (st != FC_OK)
            return 0;
    }
    if (k % 3 == 1) {
        d.filter.category = 1u << (k % 4);
        d.filter.mask = 0xFFFFFFFFu ^ (1u << (k % 5));
    }
    d.user_data = k % 2 == 0 ? 0u : (uint64_t)k * 0x9E3779B97F4A7C15u;
    return fc_world_create_body(w, &d, id) == FC_OK;
}

/* The golden world: 40 bodies created, 10 destroyed (free slots, some
 * reused, generations > 1), some moved and turned; first[0..1] = the ids
 * of the first two bodies (still live). NULL on failure. */
static fc_world *gw_build(int dim3, fc_body_id first[2])
{
    fc_world_def def = fc_world_def_default();
    def.dim = dim3 ? FC_WORLD_3D : FC_WORLD_2D;
    def.tag = dim3 == GW_CAPSULES ? 304u : dim3 ? 303u : 202u;
    def.bounds_min = fc_vec2_make(-64 * GW_U, -64 * GW_U);
    def.bounds_log2 = 7;
    def.max_depth = 5;
    fc_world *w = NULL;
    if (fc_world_create(&def, &w) != FC_OK)
        return NULL;
    fc_body_id ids[48];
    int ok = 1;
    for (int k = 0; k < 40 && ok; k++)
        ok = gw_add(w, dim3, k, &ids[k]);
    for (int k = 3; k < 40 && ok; k += 4) /* frees 9 slots, 3..39 */
        ok = fc_world_destroy_body(w, ids[k]) == FC_OK;
    for (int k = 40; k < 43 && ok; k++) /* reuses the last three freed, generation 2 */
        ok = gw_add(w, dim3, k, &ids[k]);
    ok = ok && fc_world_destroy_body(w, ids[41]) == FC_OK; /* generation 3 next */
    for (int k = 0; k < 40 && ok; k += 5) {
        if (k % 4 == 3)
            continue;
        ok = (dim3 ? fc_world_translate3(w, ids[k], gw_v3(k * 1000, -k * 700, k * 300))
                   : fc_world_translate2(w, ids[k], fc_vec2_make(k * 1000, -k * 700))) == FC_OK;
    }
    if (ok && !dim3)
        ok = fc_world_set_angle2(w, ids[2], 12345) == FC_OK;
    if (!ok) {
        fc_world_destroy(w);
        return NULL;
    }
    first[0] = ids[0];
    first[1] = ids[1];
    return w;
}

/* What pins a restored world's behaviour: its checksum, its pairs, a few
 * queries and the id (and checksum) after one more body is created. */
typedef struct gw_outputs {
    uint64_t checksum;
    int32_t pair_count;
    uint64_t pairs;
    uint64_t queries;
    fc_body_id next_id;
    uint64_t checksum_after_create;
} gw_outputs;

static int gw_probe(fc_world *w, int dim3, gw_outputs *o)
{
    const fc_pair *pairs;
    o->checksum = fc_world_checksum(w);
    if (fc_world_find_pairs(w, &pairs, &o->pair_count) != FC_OK)
        return 0;
    o->pairs = fc_hash_pairs(0, pairs, o->pair_count);
    uint64_t h = 0;
    for (int q = 0; q < 6; q++) {
        const fc_body_id *ids;
        const fc_ray_hit *hits;
        int32_t n = 0;
        fc_filter f = fc_filter_default();
        f.mask = q % 2 == 0 ? 0xFFFFFFFFu : 0x5u;
        const int32_t x = (q - 3) * 2 * GW_U, y = (q % 3 - 1) * 2 * GW_U;
        fc_status st;
        if (!dim3) {
            fc_shape2 s;
            s.type = FC_SHAPE2_CIRCLE;
            s.u.circle = fc_circle_make(fc_vec2_make(x, y), 2 * GW_U);
            st = fc_world_overlap2(w, &s, f, &ids, &n);
            h = fc_hash_ids(h ^ (uint64_t)(uint32_t)st, st == FC_OK ? ids : NULL, st == FC_OK ? n : 0);
            fc_ray2 r;
            r.origin = fc_vec2_make(-10 * GW_U, y);
            r.delta = fc_vec2_make(20 * GW_U, q * GW_U / 3);
            st = fc_world_raycast2_all(w, &r, f, &hits, &n);
        } else {
            fc_shape3 s;
            s.type = FC_SHAPE3_SPHERE;
            if (fc_sphere_make(gw_v3(x, y, 0), 2 * GW_U, &s.u.sphere) != FC_OK)
                return 0;
            st = fc_world_overlap3(w, &s, f, &ids, &n);
            h = fc_hash_ids(h ^ (uint64_t)(uint32_t)st, st == FC_OK ? ids : NULL, st == FC_OK ? n : 0);
            fc_ray3 r;
            r.origin = gw_v3(-10 * GW_U, y, 0);
            r.delta = gw_v3(20 * GW_U, q * GW_U / 3, GW_U / 7);
            st = fc_world_raycast3_all(w, &r, f, &hits, &n);
        }
        h = fc_hash_ray_hits(h ^ (uint64_t)(uint32_t)st, st == FC_OK ? hits : NULL, st == FC_OK ? n : 0);
    }
    o->queries = h;
    if (!gw_add(w, dim3, 7, &o->next_id))
        return 0;
    o->checksum_after_create = fc_world_checksum(w);
    return 1;
}

#endif
