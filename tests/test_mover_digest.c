/* SPDX-License-Identifier: MIT */
/* The mover's outputs as one digest (issue 29.6: optimising src/mover must
 * not change a single output bit): seeded random 2D worlds (circles,
 * AABBs, OBBs, capsules, triangles, walls) and 3D worlds (spheres, AABB3s,
 * OBB3s, a floor), random mover calls - circle, capsule, box, OBB and
 * triangle movers in 2D, spheres in 3D; free shapes and bodies; starts in
 * overlap and outside; every def field varied (skin, iterations,
 * step-up, snap, up axis and sign, slope) - every output word (status,
 * moved, flags, iterations, counts, every touch, every path segment) fed
 * to a 64-bit FNV-1a digest, printed and compared with --expect HEX (the
 * value main's mover printed before the mover was optimised; a changed
 * output changes it). Should-fail twin (tests/meson.build): the same test
 * linked with the reversed-plane-order mover (FC_MOVER_TWIN_REVERSED) must
 * not match. Usage: test_mover_digest [--cases N] [--expect HEX]. */
#include <fixcol/fixcol.h>

#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define U 65536

static uint64_t digest = 0xcbf29ce484222325u;

static void eat(int64_t v)
{
    uint64_t u = (uint64_t)v;
    for (int i = 0; i < 8; i++) {
        digest ^= (u >> (8 * i)) & 0xffu;
        digest *= 0x100000001b3u;
    }
}

static int32_t rng(uint64_t *s, int32_t lo, int32_t hi)
{
    return lo + (int32_t)(tu_rand64(s) % (uint64_t)((int64_t)hi - lo + 1));
}

/* A random vector with components in [-m, m], drawn x, y(, z) in that
 * order: every draw is its own statement, since the order in which a
 * call's arguments are evaluated is unspecified (gcc and clang differ),
 * and the digest must not depend on the compiler. */
static fc_vec2 vec2_in(uint64_t *s, int32_t m)
{
    int32_t x = rng(s, -m, m);
    int32_t y = rng(s, -m, m);
    return fc_vec2_make(x, y);
}

static fc_vec3 vec3_in(uint64_t *s, int32_t m)
{
    int32_t x = rng(s, -m, m);
    int32_t y = rng(s, -m, m);
    int32_t z = rng(s, -m, m);
    return fc_vec3_make(x, y, z);
}

static fc_shape2 shape2(uint64_t *s, int kind, int32_t x, int32_t y, int32_t h)
{
    fc_shape2 b;
    switch (kind) {
    case 0:
        b.type = FC_SHAPE2_CIRCLE;
        b.u.circle = fc_circle_make(fc_vec2_make(x, y), h);
        break;
    case 1:
        b.type = FC_SHAPE2_AABB;
        b.u.aabb = fc_aabb2_make(fc_vec2_make(x - h, y - h / 2), fc_vec2_make(x + h, y + h / 2));
        break;
    case 2:
        b.type = FC_SHAPE2_OBB;
        b.u.obb = fc_obb2_make(fc_vec2_make(x, y), fc_vec2_make(h, h / 2 + 1), (fc_angle)tu_rand64(s));
        break;
    case 3:
        b.type = FC_SHAPE2_CAPSULE;
        b.u.capsule = fc_capsule2_make(fc_vec2_make(x, y - h / 2), fc_vec2_make(x + rng(s, -h, h), y + h / 2), h / 2);
        break;
    default: {
        fc_vec2 v[3] = {fc_vec2_make(x - h, y - h), fc_vec2_make(x + h, y - h / 2), fc_vec2_make(x, y + h)};
        b.type = FC_SHAPE2_POLY;
        b.u.poly = fc_poly2_make(v, 3);
        break;
    }
    }
    return b;
}

static fc_mover_def random_def(uint64_t *s, int dim)
{
    fc_mover_def d = fc_mover_def_default();
    d.skin = rng(s, 0, 3) == 0 ? 0 : rng(s, 1, 64);
    d.max_iterations = rng(s, 1, FC_MOVER_MAX_ITERATIONS);
    d.step_height = rng(s, 0, 2) == 0 ? rng(s, 1, U) : 0;
    d.snap_distance = rng(s, 0, 2) == 0 ? rng(s, 1, U) : 0;
    d.up_axis = rng(s, 0, 3) == 0 ? rng(s, 0, dim - 1) : 1;
    d.up_sign = rng(s, 0, 4) == 0 ? -1 : 1;
    d.slope_run = rng(s, 1, 4);
    d.slope_rise = rng(s, 0, 4);
    return d;
}

static void eat_touches(const fc_mover_touch *t, int32_t n)
{
    for (int32_t k = 0; k < n; k++) {
        eat(t[k].id.index), eat(t[k].id.generation), eat(t[k].id.world), eat(t[k].t);
        eat(t[k].normal.x), eat(t[k].normal.y), eat(t[k].normal.z), eat(t[k].iteration), eat(t[k].kind);
    }
}

static void world2(uint64_t *s, long calls)
{
    fc_world_def def = fc_world_def_default();
    def.bounds_min = fc_vec2_make(-(32 * U), -(32 * U));
    def.bounds_log2 = 6;
    def.max_depth = 3;
    fc_world *w = NULL;
    TU_CHECK(fc_world_create(&def, &w) == FC_OK, "2D world");
    int n = rng(s, 4, 16);
    fc_body_def bd = fc_body_def_default();
    bd.shape2.type = FC_SHAPE2_AABB;
    bd.shape2.u.aabb = fc_aabb2_make(fc_vec2_make(-12 * U, -9 * U), fc_vec2_make(12 * U, -8 * U)); /* floor */
    fc_body_id id, movers[4];
    TU_CHECK(fc_world_create_body(w, &bd, &id) == FC_OK, "floor");
    for (int i = 0; i < n; i++) {
        int kind = rng(s, 0, 4);
        int32_t x = rng(s, -8 * U, 8 * U), y = rng(s, -8 * U, 8 * U), h = rng(s, U / 8, 2 * U);
        bd.shape2 = shape2(s, kind, x, y, h);
        TU_CHECK(fc_world_create_body(w, &bd, &id) == FC_OK, "2D body");
    }
    for (int i = 0; i < 4; i++) {
        int32_t x = rng(s, -8 * U, 8 * U), y = rng(s, -8 * U, 8 * U), h = rng(s, U / 4, U);
        bd.shape2 = shape2(s, i == 3 ? 3 : i, x, y, h);
        TU_CHECK(fc_world_create_body(w, &bd, &movers[i]) == FC_OK, "2D mover body");
    }
    for (long c = 0; c < calls; c++) {
        fc_mover_def md = random_def(s, 2);
        fc_vec2 d = vec2_in(s, 6 * U);
        if (rng(s, 0, 7) == 0)
            d = vec2_in(s, 2); /* raw-sized moves */
        fc_mover2_result r;
        fc_status st;
        int which = rng(s, 0, 5);
        if (which < 4) {
            st = fc_world_move2(w, movers[which], d, &md, &r);
        } else {
            int kind = rng(s, 0, 4);
            int32_t x = rng(s, -8 * U, 8 * U), y = rng(s, -8 * U, 8 * U), h = rng(s, U / 4, U);
            fc_shape2 m = shape2(s, kind, x, y, h);
            st = fc_world_move_shape2(w, &m, d, &md, &r);
        }
        eat(st);
        if (st != FC_OK)
            continue;
        eat(r.moved.x), eat(r.moved.y), eat(r.flags), eat(r.iterations), eat(r.touch_count);
        eat(r.path_count), eat(r.pushouts);
        eat_touches(r.touches, r.touch_count);
        for (int32_t k = 0; k < r.path_count; k++)
            eat(r.path[k].x), eat(r.path[k].y);
    }
    eat((int64_t)fc_world_checksum(w));
    fc_world_destroy(w);
}

static void world3(uint64_t *s, long calls)
{
    fc_world_def def = fc_world_def_default();
    def.dim = FC_WORLD_3D;
    def.bounds_min = fc_vec2_make(-(32 * U), -(32 * U));
    def.bounds_log2 = 6;
    def.max_depth = 3;
    fc_world *w = NULL;
    TU_CHECK(fc_world_create(&def, &w) == FC_OK, "3D world");
    fc_body_def bd = fc_body_def_default();
    bd.shape3.type = FC_SHAPE3_AABB;
    fc_aabb3_make(fc_vec3_make(-12 * U, -9 * U, -12 * U), fc_vec3_make(12 * U, -8 * U, 12 * U), &bd.shape3.u.aabb);
    fc_body_id id, movers[2];
    TU_CHECK(fc_world_create_body(w, &bd, &id) == FC_OK, "floor");
    int n = rng(s, 4, 14);
    for (int i = 0; i < n; i++) {
        fc_vec3 c = vec3_in(s, 8 * U);
        int32_t h = rng(s, U / 8, 2 * U);
        switch (rng(s, 0, 2)) {
        case 0:
            bd.shape3.type = FC_SHAPE3_SPHERE;
            fc_sphere_make(c, h, &bd.shape3.u.sphere);
            break;
        case 1:
            bd.shape3.type = FC_SHAPE3_AABB;
            fc_aabb3_make(fc_vec3_make(c.x - h, c.y - h / 2, c.z - h), fc_vec3_make(c.x + h, c.y + h / 2, c.z + h),
                          &bd.shape3.u.aabb);
            break;
        default:
            bd.shape3.type = FC_SHAPE3_OBB;
            fc_angle yaw = (fc_angle)tu_rand64(s);
            fc_angle pitch = (fc_angle)tu_rand64(s);
            fc_obb3_from_euler(c, fc_vec3_make(h, h / 2 + 1, h), yaw, pitch, 0, &bd.shape3.u.obb);
            break;
        }
        TU_CHECK(fc_world_create_body(w, &bd, &id) == FC_OK, "3D body");
    }
    for (int i = 0; i < 2; i++) {
        bd.shape3.type = FC_SHAPE3_SPHERE;
        fc_vec3 c = vec3_in(s, 8 * U);
        fc_sphere_make(c, rng(s, U / 4, U), &bd.shape3.u.sphere);
        TU_CHECK(fc_world_create_body(w, &bd, &movers[i]) == FC_OK, "3D mover body");
    }
    for (long c = 0; c < calls; c++) {
        fc_mover_def md = random_def(s, 3);
        fc_vec3 d = vec3_in(s, 6 * U);
        fc_mover3_result r;
        fc_status st;
        int which = rng(s, 0, 2);
        if (which < 2) {
            st = fc_world_move3(w, movers[which], d, &md, &r);
        } else {
            fc_shape3 m;
            m.type = FC_SHAPE3_SPHERE;
            fc_vec3 at = vec3_in(s, 8 * U);
            fc_sphere_make(at, rng(s, U / 4, U), &m.u.sphere);
            st = fc_world_move_shape3(w, &m, d, &md, &r);
        }
        eat(st);
        if (st != FC_OK)
            continue;
        eat(r.moved.x), eat(r.moved.y), eat(r.moved.z), eat(r.flags), eat(r.iterations), eat(r.touch_count);
        eat(r.path_count), eat(r.pushouts);
        eat_touches(r.touches, r.touch_count);
        for (int32_t k = 0; k < r.path_count; k++)
            eat(r.path[k].x), eat(r.path[k].y), eat(r.path[k].z);
    }
    eat((int64_t)fc_world_checksum(w));
    fc_world_destroy(w);
}

int main(int argc, char **argv)
{
    long cases = 20000;
    const char *expect = NULL;
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--cases") == 0 && a + 1 < argc)
            cases = strtol(argv[++a], NULL, 10);
        else if (strcmp(argv[a], "--expect") == 0 && a + 1 < argc)
            expect = argv[++a];
        else {
            fprintf(stderr, "usage: test_mover_digest [--cases N] [--expect HEX]\n");
            return 2;
        }
    }
    uint64_t s = 0x6d6f766572646967u; /* "moverdig" */
    long done2 = 0, done3 = 0;
    while (done2 < cases) { /* 2D: 50 calls per world */
        world2(&s, 50);
        done2 += 50;
    }
    while (done3 < cases / 2) { /* 3D: 25 per world */
        world3(&s, 25);
        done3 += 25;
    }
    char hex[17];
    snprintf(hex, sizeof hex, "%016llx", (unsigned long long)digest);
    printf("test_mover_digest: %ld 2D and %ld 3D mover calls, digest %s\n", done2, done3, hex);
    if (expect != NULL)
        TU_CHECK(strcmp(hex, expect) == 0, "digest %s, expected %s (a mover output changed)", hex, expect);
    return tu_finish("test_mover_digest");
}
