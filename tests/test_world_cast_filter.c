/* SPDX-License-Identifier: MIT */
/* The closest world casts' candidate filter (issue 29 deliverable 6:
 * src/world/world_cast2.c, world_cast3.c stop at a candidate whose integer
 * lower bound floor(2^31 box entry) is above floor(2^31 best t)) against an
 * unfiltered brute force: every body of the world that passes the filter
 * cast exactly (fc_cast2_entry / fc_cast3_exact), then the least (exact t,
 * body index). The answer (hit, body, t, normal) must be the same bit for
 * bit. Worlds are small random fields on a quarter-unit grid with
 * duplicated bodies (ties at equal t, decided by index), AABBs met face on
 * (their box entry is the exact t: a bound equal to the best), and casts
 * that touch a body at t = 1 exactly, stop 1 raw short, or go 1 raw past.
 *
 * Should-fail twin (tests/meson.build): the same test built with the world
 * cast files compiled with -DFC_CAST_FILTER_TWIN, a filter that also stops
 * at a bound equal to the best's floor; it must report a wrong closest.
 *
 *   test_world_cast_filter [--worlds N] [--casts N] [--seed S] */
#include <fixcol/cast.h>
#include <fixcol/world.h>

#include <stdlib.h>
#include <string.h>

#include "cast/cast2d_internal.h"
#include "cast/cast3d_internal.h"
#include "shapes/shape_bounds.h"
#include "testutil.h"
#include "world_fixture.h"

#define G (WF_U / 4) /* the grid */
#define MAXB 160

static long n_casts, n_hits, n_ties, n_touch;

static int32_t grid(uint64_t *s, int32_t cells)
{
    return wf_rand(s, 0, cells) * G;
}

/* A 2D body: mostly grid-aligned AABBs and circles (exact ties), some of
 * the fixture's shapes (OBBs, capsules, polygons). */
static fc_shape2 body2(uint64_t *s)
{
    if (tu_rand64(s) % 3 == 0)
        return wf_shape2(s, 24);
    fc_shape2 sh;
    memset(&sh, 0, sizeof sh);
    int32_t cx = grid(s, 96), cy = grid(s, 96), h = G * wf_rand(s, 1, 8), h2 = G * wf_rand(s, 1, 8);
    if (tu_rand64(s) % 2) {
        sh.type = FC_SHAPE2_AABB;
        sh.u.aabb = fc_aabb2_make(fc_vec2_make(cx - h, cy - h2), fc_vec2_make(cx + h, cy + h2));
    } else {
        sh.type = FC_SHAPE2_CIRCLE;
        sh.u.circle = fc_circle_make(fc_vec2_make(cx, cy), h);
    }
    return sh;
}

/* A moving 2D shape centred at c. */
static fc_shape2 moving2(uint64_t *s, fc_vec2 c, int32_t *half_w)
{
    fc_shape2 m;
    memset(&m, 0, sizeof m);
    int32_t h = G * wf_rand(s, 1, 4);
    *half_w = h;
    switch (tu_rand64(s) % 5) {
    case 0:
        m.type = FC_SHAPE2_CIRCLE;
        m.u.circle = fc_circle_make(c, h);
        break;
    case 1:
        m.type = FC_SHAPE2_AABB;
        m.u.aabb = fc_aabb2_make(fc_vec2_make(c.x - h, c.y - h), fc_vec2_make(c.x + h, c.y + h));
        break;
    case 2:
        m.type = FC_SHAPE2_CAPSULE;
        m.u.capsule = fc_capsule2_make(fc_vec2_make(c.x, c.y - G), fc_vec2_make(c.x, c.y + G), h);
        break;
    case 3:
        m.type = FC_SHAPE2_OBB;
        m.u.obb = fc_obb2_make(c, fc_vec2_make(h, h), tu_rand64(s) % 2 ? 0 : (fc_angle)tu_rand64(s));
        if (m.u.obb.angle == 0) /* axis-aligned: bounds are the box */
            break;
        *half_w = 2 * h; /* a bound only: the touch cases below need not be exact */
        break;
    default: {
        fc_vec2 v[4] = {fc_vec2_make(c.x - h, c.y - h), fc_vec2_make(c.x + h, c.y - h), fc_vec2_make(c.x + h, c.y + h),
                        fc_vec2_make(c.x - h, c.y + h)};
        m.type = FC_SHAPE2_POLY;
        m.u.poly = fc_poly2_make(v, 4);
        break;
    }
    }
    return m;
}

typedef struct best2 {
    int have;
    uint32_t index;
    fc_castt t;
    c2_feature f;
} best2;

static void world2(uint64_t *s, int casts, int twin_expected)
{
    (void)twin_expected;
    fc_world_def def = fc_world_def_default();
    def.bounds_log2 = 5;
    def.max_depth = 3;
    fc_world *w = NULL;
    TU_CHECK(fc_world_create(&def, &w) == FC_OK, "create 2D");
    if (!w)
        return;
    static fc_shape2 shapes[MAXB];
    static fc_filter filters[MAXB];
    static fc_body_id ids[MAXB];
    int nb = wf_rand(s, 20, MAXB);
    for (int i = 0; i < nb; i++) {
        fc_body_def bd = fc_body_def_default();
        bd.shape2 = i > 0 && tu_rand64(s) % 6 == 0 ? shapes[wf_rand(s, 0, i - 1)] : body2(s); /* duplicates */
        bd.filter.category = 1u << (tu_rand64(s) % 3);
        shapes[i] = bd.shape2;
        filters[i] = bd.filter;
        TU_CHECK(fc_world_create_body(w, &bd, &ids[i]) == FC_OK, "create body %d", i);
    }
    static best2 slot[2];
    for (int c = 0; c < casts; c++) {
        fc_vec2 o = fc_vec2_make(grid(s, 96), grid(s, 96));
        fc_vec2 d;
        int kind = (int)(tu_rand64(s) % 4);
        int32_t hw = 0;
        fc_shape2 m;
        if (kind == 0) { /* touch a body's bounds at t = 1, 1 raw short or 1 raw past */
            int j = wf_rand(s, 0, nb - 1);
            int32_t lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
            fc_shape2_bounds(&shapes[j], lo, hi);
            o.y = (int32_t)(((int64_t)lo[1] + hi[1]) / 2);
            m = moving2(s, o, &hw);
            int32_t run = G * wf_rand(s, 1, 40);
            o.x = lo[0] - hw - run;
            m = moving2(s, o, &hw);
            int32_t mlo[3] = {0, 0, 0}, mhi[3] = {0, 0, 0};
            fc_shape2_bounds(&m, mlo, mhi);
            d = fc_vec2_make(lo[0] - mhi[0] + wf_rand(s, -1, 1), 0);
            n_touch++;
        } else {
            m = moving2(s, o, &hw);
            d = kind == 1 ? fc_vec2_make(G * wf_rand(s, -60, 60), 0)
                : kind == 2 ? fc_vec2_make(0, G * wf_rand(s, -60, 60))
                            : fc_vec2_make(wf_rand(s, -15 * WF_U, 15 * WF_U), wf_rand(s, -15 * WF_U, 15 * WF_U));
        }
        fc_filter f = fc_filter_default();
        if (c % 4 == 3)
            f.mask = 0x3u;
        /* brute force */
        best2 *best = &slot[0], *cur = &slot[1];
        best->have = 0;
        int ties = 0;
        for (int i = 0; i < nb; i++) {
            if ((filters[i].category & f.mask) == 0 || (f.category & filters[i].mask) == 0)
                continue;
            if (!fc_cast2_entry(&m, d, &shapes[i], &cur->t, &cur->f))
                continue;
            cur->index = ids[i].index;
            int cmp = best->have ? fc_castt_cmp(&cur->t, &best->t) : -1;
            if (cmp == 0)
                ties = 1;
            if (cmp < 0 || (cmp == 0 && cur->index < best->index)) {
                if (cmp < 0)
                    ties = 0;
                best2 *was = best;
                best = cur;
                cur = was;
                best->have = 1;
            }
        }
        n_ties += ties;
        fc_cast2_hit h;
        int hit = -1;
        TU_CHECK(fc_world_cast2(w, &m, d, f, &h, &hit) == FC_OK, "cast2");
        n_casts++;
        TU_CHECK(hit == best->have, "2D cast %d: hit %d, brute force %d", c, hit, best->have);
        if (hit != 1 || !best->have)
            continue;
        n_hits++;
        fc_vec2 nrm = fc_cast2_normal(&best->f, &best->t, d);
        TU_CHECK(h.id.index == best->index && h.t == (fix16_t)c2_floor_bits(&best->t, 16) && h.normal.x == nrm.x &&
                     h.normal.y == nrm.y,
                 "2D cast %d: body %u t %d, brute force body %u t %d (tie %d)", c, h.id.index, (int)h.t, best->index,
                 (int)c2_floor_bits(&best->t, 16), ties);
    }
    fc_world_destroy(w);
}

/* ---- 3D */

static fc_shape3 body3(uint64_t *s)
{
    if (tu_rand64(s) % 4 == 0)
        return wf_shape3(s, 24);
    fc_shape3 sh;
    memset(&sh, 0, sizeof sh);
    int32_t cx = grid(s, 96), cy = grid(s, 16), cz = grid(s, 96), h = G * wf_rand(s, 1, 8);
    if (tu_rand64(s) % 2) {
        sh.type = FC_SHAPE3_AABB;
        fc_aabb3_make(fc_vec3_make(cx - h, cy - h, cz - h), fc_vec3_make(cx + h, cy + h, cz + h), &sh.u.aabb);
    } else {
        sh.type = FC_SHAPE3_SPHERE;
        fc_sphere_make(fc_vec3_make(cx, cy, cz), h, &sh.u.sphere);
    }
    return sh;
}

static fc_shape3 moving3(uint64_t *s, fc_vec3 c)
{
    fc_shape3 m;
    memset(&m, 0, sizeof m);
    int32_t h = G * wf_rand(s, 1, 4);
    switch (tu_rand64(s) % 3) {
    case 0:
        m.type = FC_SHAPE3_SPHERE;
        fc_sphere_make(c, h, &m.u.sphere);
        break;
    case 1:
        m.type = FC_SHAPE3_AABB;
        fc_aabb3_make(fc_vec3_make(c.x - h, c.y - h, c.z - h), fc_vec3_make(c.x + h, c.y + h, c.z + h), &m.u.aabb);
        break;
    default:
        m.type = FC_SHAPE3_OBB;
        fc_obb3_from_euler(c, fc_vec3_make(h, h, h), tu_rand64(s) % 2 ? 0 : (fc_angle)tu_rand64(s), 0, 0, &m.u.obb);
        break;
    }
    return m;
}

static void world3(uint64_t *s, int casts)
{
    fc_world_def def = fc_world_def_default();
    def.dim = FC_WORLD_3D;
    def.bounds_log2 = 5;
    def.max_depth = 3;
    fc_world *w = NULL;
    TU_CHECK(fc_world_create(&def, &w) == FC_OK, "create 3D");
    if (!w)
        return;
    static fc_shape3 shapes[MAXB];
    static fc_filter filters[MAXB];
    static fc_body_id ids[MAXB];
    int nb = wf_rand(s, 20, MAXB);
    for (int i = 0; i < nb; i++) {
        fc_body_def bd = fc_body_def_default();
        bd.shape3 = i > 0 && tu_rand64(s) % 6 == 0 ? shapes[wf_rand(s, 0, i - 1)] : body3(s);
        bd.filter.category = 1u << (tu_rand64(s) % 3);
        shapes[i] = bd.shape3;
        filters[i] = bd.filter;
        TU_CHECK(fc_world_create_body(w, &bd, &ids[i]) == FC_OK, "create 3D body %d", i);
    }
    static fc_cast3_key slot[2];
    for (int c = 0; c < casts; c++) {
        fc_vec3 o = fc_vec3_make(grid(s, 96), grid(s, 16), grid(s, 96));
        fc_shape3 m = moving3(s, o);
        fc_vec3 d;
        int kind = (int)(tu_rand64(s) % 4);
        if (kind == 0) { /* touch a body's bounds at t = 1, 1 raw short or past */
            int j = wf_rand(s, 0, nb - 1);
            int32_t lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0}, mlo[3] = {0, 0, 0}, mhi[3] = {0, 0, 0};
            fc_shape3_bounds(&shapes[j], lo, hi);
            o = fc_vec3_make(lo[0] - G * wf_rand(s, 2, 40), (int32_t)(((int64_t)lo[1] + hi[1]) / 2),
                             (int32_t)(((int64_t)lo[2] + hi[2]) / 2));
            m = moving3(s, o);
            fc_shape3_bounds(&m, mlo, mhi);
            d = fc_vec3_make(lo[0] - mhi[0] + wf_rand(s, -1, 1), 0, 0);
            n_touch++;
        } else {
            d = kind == 1 ? fc_vec3_make(G * wf_rand(s, -60, 60), 0, 0)
                : kind == 2 ? fc_vec3_make(0, 0, G * wf_rand(s, -60, 60))
                            : fc_vec3_make(wf_rand(s, -15 * WF_U, 15 * WF_U), wf_rand(s, -3 * WF_U, 3 * WF_U),
                                           wf_rand(s, -15 * WF_U, 15 * WF_U));
        }
        fc_filter f = fc_filter_default();
        if (c % 4 == 3)
            f.mask = 0x3u;
        fc_cast3_key *best = &slot[0], *cur = &slot[1];
        int have = 0, ties = 0;
        for (int i = 0; i < nb; i++) {
            if ((filters[i].category & f.mask) == 0 || (f.category & filters[i].mask) == 0)
                continue;
            if (!fc_cast3_exact(&m, d, &shapes[i], &cur->t, &cur->f))
                continue;
            cur->index = ids[i].index;
            int cmp = have ? fc_castt_cmp(&cur->t, &best->t) : -1;
            if (cmp == 0)
                ties = 1;
            if (cmp < 0 || (cmp == 0 && cur->index < best->index)) {
                if (cmp < 0)
                    ties = 0;
                fc_cast3_key *was = best;
                best = cur;
                cur = was;
                have = 1;
            }
        }
        n_ties += ties;
        fc_cast3_hit h;
        int hit = -1;
        TU_CHECK(fc_world_cast3(w, &m, d, f, &h, &hit) == FC_OK, "cast3");
        n_casts++;
        TU_CHECK(hit == have, "3D cast %d: hit %d, brute force %d", c, hit, have);
        if (hit != 1 || !have)
            continue;
        n_hits++;
        fc_vec3 nrm;
        fc_cast3_normal(&m, &shapes[best->index], &best->t, &best->f, &nrm);
        TU_CHECK(h.id.index == best->index && h.t == fc_castt_floor16(&best->t) && h.normal.x == nrm.x &&
                     h.normal.y == nrm.y && h.normal.z == nrm.z,
                 "3D cast %d: body %u t %d, brute force body %u t %d (tie %d)", c, h.id.index, (int)h.t, best->index,
                 (int)fc_castt_floor16(&best->t), ties);
    }
    fc_world_destroy(w);
}

int main(int argc, char **argv)
{
    int worlds = 40, casts = 150;
    uint64_t seed = 29006;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--worlds") == 0)
            worlds = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--casts") == 0)
            casts = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--seed") == 0)
            seed = strtoull(argv[i + 1], NULL, 10);
    }
    uint64_t s = seed | 1;
    for (int k = 0; k < worlds; k++) {
        world2(&s, casts, 0);
        world3(&s, casts);
    }
    printf("world cast filter: %ld casts, %ld hits, %ld with a tie at the least t, %ld touch/1-raw casts\n", n_casts,
           n_hits, n_ties, n_touch);
    TU_CHECK(n_ties > 0 && n_touch > 0, "the workload has ties and touching casts");
    return tu_finish("test_world_cast_filter");
}
