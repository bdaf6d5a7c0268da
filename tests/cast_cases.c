/* SPDX-License-Identifier: MIT */
/* cast_cases - the shape-cast cases every binding replays, with the C
 * library's answers (fixcol/cast.h). Prints one case per line; each
 * binding's cast test parses the lines, makes the same call through its own
 * API and requires the same status, hit flag, t and normal (and, for world
 * casts, the same body indices in the same order). Deterministic: an LCG,
 * no input.
 *
 * Shapes, as tokens (raw Q16.16 integers):
 *   2D  circle x y r | aabb minx miny maxx maxy | obb x y hx hy angle |
 *       capsule ax ay bx by r | poly n x1 y1 .. xn yn
 *   3D  sphere x y z r | aabb minx miny minz maxx maxy maxz |
 *       obb x y z hx hy hz ax0 .. ax8 (the three axes, as in fc_obb3)
 * Lines (status: the fc_status number; index: the body id's index):
 *   pair2 MOVING dx dy TARGET = status hit t nx ny
 *   pair3 MOVING dx dy dz TARGET = status hit t nx ny nz
 *   world DIM TAG                       a new world (fc_world_def_default, dim, tag)
 *   body SHAPE category mask            a body of the current world (index = order)
 *   cast2 MOVING dx dy category mask = status hit index t nx ny
 *   cast3 MOVING dx dy dz category mask = status hit index t nx ny nz
 *   all2 MOVING dx dy category mask = status n (index t nx ny) * n
 *   all3 MOVING dx dy dz category mask = status n (index t nx ny nz) * n
 * A miss prints hit 0 with zeros after it (the C output is untouched). */
#include <fixcol/fixcol.h>
#include <fixcol/cast.h>

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#define U 65536
#define LIM FC_COORD_LIMIT

static uint32_t seed = 20261124u;

static int32_t rnd(int32_t lo, int32_t hi) /* uniform-ish in [lo, hi] */
{
    seed = seed * 1664525u + 1013904223u;
    return lo + (int32_t)((seed >> 8) % (uint32_t)(hi - lo + 1));
}

static void print_shape2(const fc_shape2 *s)
{
    switch (s->type) {
    case FC_SHAPE2_CIRCLE:
        printf("circle %" PRId32 " %" PRId32 " %" PRId32, s->u.circle.center.x, s->u.circle.center.y,
               s->u.circle.radius);
        break;
    case FC_SHAPE2_AABB:
        printf("aabb %" PRId32 " %" PRId32 " %" PRId32 " %" PRId32, s->u.aabb.min.x, s->u.aabb.min.y, s->u.aabb.max.x,
               s->u.aabb.max.y);
        break;
    case FC_SHAPE2_OBB:
        printf("obb %" PRId32 " %" PRId32 " %" PRId32 " %" PRId32 " %u", s->u.obb.center.x, s->u.obb.center.y,
               s->u.obb.half.x, s->u.obb.half.y, (unsigned)s->u.obb.angle);
        break;
    case FC_SHAPE2_CAPSULE:
        printf("capsule %" PRId32 " %" PRId32 " %" PRId32 " %" PRId32 " %" PRId32, s->u.capsule.a.x,
               s->u.capsule.a.y, s->u.capsule.b.x, s->u.capsule.b.y, s->u.capsule.radius);
        break;
    case FC_SHAPE2_POLY:
        printf("poly %" PRId32, s->u.poly.count);
        for (int32_t i = 0; i < s->u.poly.count; i++)
            printf(" %" PRId32 " %" PRId32, s->u.poly.v[i].x, s->u.poly.v[i].y);
        break;
    }
}

static void print_shape3(const fc_shape3 *s)
{
    switch (s->type) {
    case FC_SHAPE3_SPHERE:
        printf("sphere %" PRId32 " %" PRId32 " %" PRId32 " %" PRId32, s->u.sphere.center.x, s->u.sphere.center.y,
               s->u.sphere.center.z, s->u.sphere.radius);
        break;
    case FC_SHAPE3_AABB:
        printf("aabb %" PRId32 " %" PRId32 " %" PRId32 " %" PRId32 " %" PRId32 " %" PRId32, s->u.aabb.min.x,
               s->u.aabb.min.y, s->u.aabb.min.z, s->u.aabb.max.x, s->u.aabb.max.y, s->u.aabb.max.z);
        break;
    case FC_SHAPE3_OBB:
        printf("obb %" PRId32 " %" PRId32 " %" PRId32 " %" PRId32 " %" PRId32 " %" PRId32, s->u.obb.center.x,
               s->u.obb.center.y, s->u.obb.center.z, s->u.obb.half.x, s->u.obb.half.y, s->u.obb.half.z);
        for (int i = 0; i < 3; i++)
            printf(" %" PRId32 " %" PRId32 " %" PRId32, s->u.obb.axis[i].x, s->u.obb.axis[i].y, s->u.obb.axis[i].z);
        break;
    case FC_SHAPE3_CAPSULE:
        printf("capsule %" PRId32 " %" PRId32 " %" PRId32 " %" PRId32 " %" PRId32 " %" PRId32 " %" PRId32,
               s->u.capsule.a.x, s->u.capsule.a.y, s->u.capsule.a.z, s->u.capsule.b.x, s->u.capsule.b.y,
               s->u.capsule.b.z, s->u.capsule.radius);
        break;
    }
}

/* A valid 2D shape of the given type (0 circle, 1 capsule, 2 aabb, 3 obb,
 * 4 poly) around (x, y), sizes 1/2 .. 3 units. */
static fc_shape2 shape2_of(int type, int32_t x, int32_t y)
{
    fc_shape2 s;
    memset(&s, 0, sizeof s);
    int32_t a = rnd(U / 2, 3 * U), b = rnd(U / 2, 3 * U);
    switch (type) {
    case 0:
        s.type = FC_SHAPE2_CIRCLE;
        s.u.circle = fc_circle_make(fc_vec2_make(x, y), a);
        break;
    case 1:
        s.type = FC_SHAPE2_CAPSULE;
        s.u.capsule = fc_capsule2_make(fc_vec2_make(x - a, y - rnd(-U, U)), fc_vec2_make(x + a, y + rnd(-U, U)), b / 2);
        break;
    case 2:
        s.type = FC_SHAPE2_AABB;
        s.u.aabb = fc_aabb2_make(fc_vec2_make(x - a, y - b), fc_vec2_make(x + a, y + b));
        break;
    case 3:
        s.type = FC_SHAPE2_OBB;
        s.u.obb = fc_obb2_make(fc_vec2_make(x, y), fc_vec2_make(a, b), (fc_angle)rnd(0, 65535));
        break;
    default: {
        /* a regular n-gon, counter-clockwise (table trig: exact and convex at these sizes) */
        fc_vec2 v[FC_POLY2_MAX_VERTS];
        int32_t n = rnd(3, FC_POLY2_MAX_VERTS);
        fc_angle start = (fc_angle)rnd(0, 65535);
        for (int32_t i = 0; i < n; i++) {
            fc_angle ang = (fc_angle)(start + (uint32_t)(65536 * i / n));
            v[i] = fc_vec2_make(x + (int32_t)(((int64_t)a * fc_cos(ang)) / U),
                                y + (int32_t)(((int64_t)a * fc_sin(ang)) / U));
        }
        s.type = FC_SHAPE2_POLY;
        s.u.poly = fc_poly2_make(v, n);
        break;
    }
    }
    return s;
}

/* 0 sphere, 1 aabb, 2 obb, 3 capsule */
static fc_shape3 shape3_of(int type, int32_t x, int32_t y, int32_t z)
{
    fc_shape3 s;
    memset(&s, 0, sizeof s);
    int32_t a = rnd(U / 2, 3 * U), b = rnd(U / 2, 3 * U), c = rnd(U / 2, 3 * U);
    fc_vec3 p = fc_vec3_make(x, y, z);
    if (type == 0) {
        s.type = FC_SHAPE3_SPHERE;
        (void)fc_sphere_make(p, a, &s.u.sphere);
    } else if (type == 1) {
        s.type = FC_SHAPE3_AABB;
        (void)fc_aabb3_make(fc_vec3_make(x - a, y - b, z - c), fc_vec3_make(x + a, y + b, z + c), &s.u.aabb);
    } else if (type == 2) {
        s.type = FC_SHAPE3_OBB;
        (void)fc_obb3_from_euler(p, fc_vec3_make(a, b, c), (fc_angle)rnd(0, 65535), (fc_angle)rnd(0, 65535),
                                 (fc_angle)rnd(0, 65535), &s.u.obb);
    } else {
        s.type = FC_SHAPE3_CAPSULE;
        (void)fc_capsule3_make(fc_vec3_make(x - a, y - b, z + c), fc_vec3_make(x + a, y + b / 2, z - c), a / 2,
                               &s.u.capsule);
    }
    return s;
}

static void pair2(const fc_shape2 *m, fc_vec2 d, const fc_shape2 *t)
{
    fc_cast2_hit h;
    int hit = 0;
    memset(&h, 0, sizeof h);
    fc_status st = fc_cast2(m, d, t, &h, &hit);
    printf("pair2 ");
    print_shape2(m);
    printf(" %" PRId32 " %" PRId32 " ", d.x, d.y);
    print_shape2(t);
    printf(" = %d %d %" PRId32 " %" PRId32 " %" PRId32 "\n", (int)st, hit, h.t, h.normal.x, h.normal.y);
}

static void pair3(const fc_shape3 *m, fc_vec3 d, const fc_shape3 *t)
{
    fc_cast3_hit h;
    int hit = 0;
    memset(&h, 0, sizeof h);
    fc_status st = fc_cast3(m, d, t, &h, &hit);
    printf("pair3 ");
    print_shape3(m);
    printf(" %" PRId32 " %" PRId32 " %" PRId32 " ", d.x, d.y, d.z);
    print_shape3(t);
    printf(" = %d %d %" PRId32 " %" PRId32 " %" PRId32 " %" PRId32 "\n", (int)st, hit, h.t, h.normal.x, h.normal.y,
           h.normal.z);
}

static fc_shape2 circle(int32_t x, int32_t y, int32_t r)
{
    fc_shape2 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE2_CIRCLE;
    s.u.circle = fc_circle_make(fc_vec2_make(x, y), r);
    return s;
}

static fc_shape2 box2(int32_t x0, int32_t y0, int32_t x1, int32_t y1)
{
    fc_shape2 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE2_AABB;
    s.u.aabb = fc_aabb2_make(fc_vec2_make(x0, y0), fc_vec2_make(x1, y1));
    return s;
}

static void pairs2(void)
{
    for (int mt = 0; mt < 5; mt++)
        for (int tt = 0; tt < 5; tt++) {
            for (int k = 0; k < 10; k++) {
                fc_shape2 m = shape2_of(mt, rnd(-10 * U, 10 * U), rnd(-10 * U, 10 * U));
                fc_shape2 t = shape2_of(tt, rnd(-10 * U, 10 * U), rnd(-10 * U, 10 * U));
                pair2(&m, fc_vec2_make(rnd(-30 * U, 30 * U), rnd(-30 * U, 30 * U)), &t);
            }
            /* aimed at the target, overlapping at the start, zero delta */
            fc_shape2 m = shape2_of(mt, -8 * U, rnd(-U, U));
            fc_shape2 t = shape2_of(tt, 8 * U, rnd(-U, U));
            pair2(&m, fc_vec2_make(20 * U, rnd(-U, U)), &t);
            fc_shape2 m0 = shape2_of(mt, 0, 0), t0 = shape2_of(tt, U / 3, -U / 5);
            pair2(&m0, fc_vec2_make(rnd(-5 * U, 5 * U), rnd(-5 * U, 5 * U)), &t0);
            pair2(&m0, fc_vec2_make(0, 0), &t0);
            pair2(&m, fc_vec2_make(0, 0), &t);
        }
    /* touching exactly at t = 1, one raw short of it, touching at the start */
    fc_shape2 a = circle(0, 0, U), b = circle(3 * U, 0, U), c = circle(3 * U + 1, 0, U);
    pair2(&a, fc_vec2_make(U, 0), &b);
    pair2(&a, fc_vec2_make(U, 0), &c);
    fc_shape2 t0 = circle(2 * U, 0, U);
    pair2(&a, fc_vec2_make(U, 0), &t0);
    pair2(&a, fc_vec2_make(-U, 0), &t0);
    fc_shape2 ba = box2(0, 0, U, U), bb = box2(2 * U, 0, 3 * U, U), bc = box2(2 * U + 1, U, 3 * U, 2 * U);
    pair2(&ba, fc_vec2_make(U, 0), &bb);
    pair2(&ba, fc_vec2_make(U, 0), &bc);
    pair2(&ba, fc_vec2_make(U, U), &bc); /* corner on corner */
    /* the delta range: the limit, one raw past it, an invalid shape */
    pair2(&a, fc_vec2_make(2 * LIM, -2 * LIM), &b);
    pair2(&a, fc_vec2_make(2 * LIM + 1, 0), &b);
    pair2(&a, fc_vec2_make(0, -2 * LIM - 1), &b);
    fc_shape2 bad = circle(0, 0, -1), far = circle(LIM + 1, 0, U);
    pair2(&bad, fc_vec2_make(U, 0), &b);
    pair2(&a, fc_vec2_make(U, 0), &bad);
    pair2(&a, fc_vec2_make(U, 0), &far);
}

static void pairs3(void)
{
    for (int mt = 0; mt < 4; mt++)
        for (int tt = 0; tt < 4; tt++) {
            for (int k = 0; k < 10; k++) {
                fc_shape3 m = shape3_of(mt, rnd(-10 * U, 10 * U), rnd(-10 * U, 10 * U), rnd(-10 * U, 10 * U));
                fc_shape3 t = shape3_of(tt, rnd(-10 * U, 10 * U), rnd(-10 * U, 10 * U), rnd(-10 * U, 10 * U));
                pair3(&m, fc_vec3_make(rnd(-30 * U, 30 * U), rnd(-30 * U, 30 * U), rnd(-30 * U, 30 * U)), &t);
            }
            fc_shape3 m = shape3_of(mt, -8 * U, rnd(-U, U), rnd(-U, U));
            fc_shape3 t = shape3_of(tt, 8 * U, rnd(-U, U), rnd(-U, U));
            pair3(&m, fc_vec3_make(20 * U, rnd(-U, U), rnd(-U, U)), &t);
            fc_shape3 m0 = shape3_of(mt, 0, 0, 0), t0 = shape3_of(tt, U / 3, -U / 5, U / 7);
            pair3(&m0, fc_vec3_make(rnd(-5 * U, 5 * U), rnd(-5 * U, 5 * U), rnd(-5 * U, 5 * U)), &t0);
            pair3(&m0, fc_vec3_make(0, 0, 0), &t0);
            pair3(&m, fc_vec3_make(0, 0, 0), &t);
        }
    fc_shape3 a, b, c, bad;
    memset(&a, 0, sizeof a);
    b = c = bad = a;
    a.type = b.type = c.type = bad.type = FC_SHAPE3_SPHERE;
    (void)fc_sphere_make(fc_vec3_make(0, 0, 0), U, &a.u.sphere);
    (void)fc_sphere_make(fc_vec3_make(0, 0, 3 * U), U, &b.u.sphere);
    (void)fc_sphere_make(fc_vec3_make(0, 0, 3 * U + 1), U, &c.u.sphere);
    bad.u.sphere.radius = -1;
    pair3(&a, fc_vec3_make(0, 0, U), &b);
    pair3(&a, fc_vec3_make(0, 0, U), &c);
    pair3(&a, fc_vec3_make(2 * LIM, 2 * LIM, -2 * LIM), &b);
    pair3(&a, fc_vec3_make(0, 2 * LIM + 1, 0), &b);
    pair3(&a, fc_vec3_make(0, 0, -2 * LIM - 1), &b);
    pair3(&bad, fc_vec3_make(U, 0, 0), &b);
    pair3(&a, fc_vec3_make(U, 0, 0), &bad);
}

static const fc_filter filters[] = {{1u, 0xffffffffu}, {2u, 0xffffffffu}, {1u, 2u}, {4u, 5u}, {8u, 0u}};
#define NFILTERS 5

static void world_casts2(fc_world *w, int dim_ok)
{
    for (int q = 0; q < 40; q++) {
        fc_shape2 m = shape2_of(q % 5, rnd(0, 100 * U), rnd(0, 100 * U));
        fc_vec2 d = fc_vec2_make(rnd(-60 * U, 60 * U), rnd(-60 * U, 60 * U));
        if (q == 7)
            d = fc_vec2_make(0, 0);
        if (q == 9 && dim_ok)
            d = fc_vec2_make(2 * LIM + 1, 0);
        fc_filter f = filters[q % NFILTERS];
        fc_cast2_hit h;
        int hit = 0;
        memset(&h, 0, sizeof h);
        fc_status st = fc_world_cast2(w, &m, d, f, &h, &hit);
        printf("cast2 ");
        print_shape2(&m);
        printf(" %" PRId32 " %" PRId32 " %" PRIu32 " %" PRIu32 " = %d %d %" PRIu32 " %" PRId32 " %" PRId32 " %" PRId32
               "\n",
               d.x, d.y, f.category, f.mask, (int)st, hit, h.id.index, h.t, h.normal.x, h.normal.y);
        const fc_cast2_hit *hs = NULL;
        int32_t n = 0;
        st = fc_world_cast2_all(w, &m, d, f, &hs, &n);
        printf("all2 ");
        print_shape2(&m);
        printf(" %" PRId32 " %" PRId32 " %" PRIu32 " %" PRIu32 " = %d %" PRId32, d.x, d.y, f.category, f.mask, (int)st,
               st == FC_OK ? n : 0);
        for (int32_t i = 0; st == FC_OK && i < n; i++)
            printf(" %" PRIu32 " %" PRId32 " %" PRId32 " %" PRId32, hs[i].id.index, hs[i].t, hs[i].normal.x,
                   hs[i].normal.y);
        printf("\n");
        if (!dim_ok && q == 1)
            break;
    }
}

static void world_casts3(fc_world *w, int dim_ok)
{
    for (int q = 0; q < 30; q++) {
        fc_shape3 m = shape3_of(q % 3, rnd(0, 100 * U), rnd(0, 100 * U), rnd(0, 100 * U));
        fc_vec3 d = fc_vec3_make(rnd(-60 * U, 60 * U), rnd(-60 * U, 60 * U), rnd(-60 * U, 60 * U));
        if (q == 7)
            d = fc_vec3_make(0, 0, 0);
        if (q == 9 && dim_ok)
            d = fc_vec3_make(0, 0, -2 * LIM - 1);
        fc_filter f = filters[q % NFILTERS];
        fc_cast3_hit h;
        int hit = 0;
        memset(&h, 0, sizeof h);
        fc_status st = fc_world_cast3(w, &m, d, f, &h, &hit);
        printf("cast3 ");
        print_shape3(&m);
        printf(" %" PRId32 " %" PRId32 " %" PRId32 " %" PRIu32 " %" PRIu32 " = %d %d %" PRIu32 " %" PRId32 " %" PRId32
               " %" PRId32 " %" PRId32 "\n",
               d.x, d.y, d.z, f.category, f.mask, (int)st, hit, h.id.index, h.t, h.normal.x, h.normal.y, h.normal.z);
        const fc_cast3_hit *hs = NULL;
        int32_t n = 0;
        st = fc_world_cast3_all(w, &m, d, f, &hs, &n);
        printf("all3 ");
        print_shape3(&m);
        printf(" %" PRId32 " %" PRId32 " %" PRId32 " %" PRIu32 " %" PRIu32 " = %d %" PRId32, d.x, d.y, d.z,
               f.category, f.mask, (int)st, st == FC_OK ? n : 0);
        for (int32_t i = 0; st == FC_OK && i < n; i++)
            printf(" %" PRIu32 " %" PRId32 " %" PRId32 " %" PRId32 " %" PRId32, hs[i].id.index, hs[i].t,
                   hs[i].normal.x, hs[i].normal.y, hs[i].normal.z);
        printf("\n");
        if (!dim_ok && q == 1)
            break;
    }
}

static const uint32_t categories[] = {1u, 2u, 4u};
static const uint32_t masks[] = {0xffffffffu, 1u, 6u, 0xfffffffeu};

static fc_world *new_world(fc_world_dim dim, uint32_t tag)
{
    fc_world_def def = fc_world_def_default();
    def.dim = dim;
    def.tag = tag;
    fc_world *w = NULL;
    if (fc_world_create(&def, &w) != FC_OK)
        return NULL;
    printf("world %d %" PRIu32 "\n", dim == FC_WORLD_3D ? 3 : 2, tag);
    return w;
}

static int add_body(fc_world *w, fc_body_def *bd, int k)
{
    bd->filter.category = categories[k % 3];
    bd->filter.mask = masks[k % 4];
    fc_body_id id;
    if (fc_world_create_body(w, bd, &id) != FC_OK || id.index != (uint32_t)k)
        return 0;
    printf("body ");
    if (fc_world_get_dim(w) == FC_WORLD_3D)
        print_shape3(&bd->shape3);
    else
        print_shape2(&bd->shape2);
    printf(" %" PRIu32 " %" PRIu32 "\n", bd->filter.category, bd->filter.mask);
    return 1;
}

int main(void)
{
    printf("# fixcol shape-cast cases (tests/cast_cases.c): the C library's answers\n");
    pairs2();
    pairs3();
    fc_world *w = new_world(FC_WORLD_2D, 2);
    if (!w)
        return 1;
    for (int k = 0; k < 60; k++) {
        fc_body_def bd = fc_body_def_default();
        bd.shape2 = shape2_of(k % 5, rnd(0, 100 * U), rnd(0, 100 * U));
        if (!add_body(w, &bd, k))
            return 1;
    }
    world_casts2(w, 1);
    fc_world_destroy(w);
    w = new_world(FC_WORLD_3D, 3);
    if (!w)
        return 1;
    for (int k = 0; k < 60; k++) {
        fc_body_def bd = fc_body_def_default();
        bd.shape3 = shape3_of(k % 3, rnd(0, 100 * U), rnd(0, 100 * U), rnd(0, 100 * U));
        if (!add_body(w, &bd, k))
            return 1;
    }
    world_casts3(w, 1);
    world_casts2(w, 0); /* 2D casts on a 3D world: FC_ERR_SHAPE_TYPE */
    fc_world_destroy(w);
    w = new_world(FC_WORLD_2D, 4);
    if (!w)
        return 1;
    world_casts3(w, 0); /* and 3D casts on a 2D world */
    fc_world_destroy(w);
    return 0;
}
