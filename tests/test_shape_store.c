/* SPDX-License-Identifier: MIT */
/* The compact body store (src/world/world_shape.c, issue 15): small shapes
 * (2D circle and AABB, 3D sphere) live in their 40-byte slots with bounds
 * derived from their words, every other shape in the world's big-shape
 * pool. 2D and 3D worlds with body_capacity set run frames in which bodies
 * of every type change shape between the small and big kinds, move, are
 * destroyed and created (within capacity), and are rolled back by
 * snapshot/restore. Checked: every body's shape reads back field by field
 * as it was set (moves applied by the test itself), its bounds equal an
 * independent computation (world_fixture.h), the world validates, and
 * after the warm-up - whose first big shape reserves body_capacity pool
 * entries - a counting, size-checking allocator sees 0 calls; a restore
 * gives back the snapshot's bytes and checksum.
 * --break: the warm-up uses small shapes only, so the first big shape, and
 * the pool's reservation, fall in the measured frames: the allocator must
 * see a call (must fail). */
#include "sized_alloc.h"
#include "world_fixture.h"

#include <stdio.h>

enum { N = 300, CAP = 340, WARM = 20, FRAMES = 200, CHURN = 5 };

static int g_break;

typedef struct model {
    fc_world *w;
    int dim3;
    fc_body_id ids[CAP];
    fc_shape2 s2[CAP];
    fc_shape3 s3[CAP];
    int n;
    uint64_t rng;
} model;

static int vec2_same(fc_vec2 a, fc_vec2 b)
{
    return a.x == b.x && a.y == b.y;
}

static int vec3_same(fc_vec3 a, fc_vec3 b)
{
    return a.x == b.x && a.y == b.y && a.z == b.z;
}

/* Field by field (a struct's padding is not compared). */
static int shape2_same(const fc_shape2 *a, const fc_shape2 *b)
{
    if (a->type != b->type)
        return 0;
    switch (a->type) {
    case FC_SHAPE2_CIRCLE:
        return vec2_same(a->u.circle.center, b->u.circle.center) && a->u.circle.radius == b->u.circle.radius;
    case FC_SHAPE2_AABB: return vec2_same(a->u.aabb.min, b->u.aabb.min) && vec2_same(a->u.aabb.max, b->u.aabb.max);
    case FC_SHAPE2_OBB:
        return vec2_same(a->u.obb.center, b->u.obb.center) && vec2_same(a->u.obb.half, b->u.obb.half) &&
               a->u.obb.angle == b->u.obb.angle && a->u.obb.rot.c == b->u.obb.rot.c && a->u.obb.rot.s == b->u.obb.rot.s;
    case FC_SHAPE2_CAPSULE:
        return vec2_same(a->u.capsule.a, b->u.capsule.a) && vec2_same(a->u.capsule.b, b->u.capsule.b) &&
               a->u.capsule.radius == b->u.capsule.radius;
    case FC_SHAPE2_POLY:
        if (a->u.poly.count != b->u.poly.count)
            return 0;
        for (int32_t i = 0; i < a->u.poly.count; i++)
            if (!vec2_same(a->u.poly.v[i], b->u.poly.v[i]))
                return 0;
        return 1;
    }
    return 0;
}

static int shape3_same(const fc_shape3 *a, const fc_shape3 *b)
{
    if (a->type != b->type)
        return 0;
    switch (a->type) {
    case FC_SHAPE3_SPHERE:
        return vec3_same(a->u.sphere.center, b->u.sphere.center) && a->u.sphere.radius == b->u.sphere.radius;
    case FC_SHAPE3_AABB: return vec3_same(a->u.aabb.min, b->u.aabb.min) && vec3_same(a->u.aabb.max, b->u.aabb.max);
    case FC_SHAPE3_OBB:
        return vec3_same(a->u.obb.center, b->u.obb.center) && vec3_same(a->u.obb.half, b->u.obb.half) &&
               vec3_same(a->u.obb.axis[0], b->u.obb.axis[0]) && vec3_same(a->u.obb.axis[1], b->u.obb.axis[1]) &&
               vec3_same(a->u.obb.axis[2], b->u.obb.axis[2]);
    case FC_SHAPE3_CAPSULE:
        return vec3_same(a->u.capsule.a, b->u.capsule.a) && vec3_same(a->u.capsule.b, b->u.capsule.b) &&
               a->u.capsule.radius == b->u.capsule.radius;
    }
    return 0;
}

static int small_type(const model *m, int k)
{
    return m->dim3 ? m->s3[k].type == FC_SHAPE3_SPHERE
                   : m->s2[k].type == FC_SHAPE2_CIRCLE || m->s2[k].type == FC_SHAPE2_AABB;
}

/* A random shape into slot k of the model; small_only: circles / spheres. */
static void new_shape(model *m, int k, int small_only)
{
    if (m->dim3) {
        do
            m->s3[k] = wf_shape3_cap(&m->rng, 100);
        while (small_only && m->s3[k].type != FC_SHAPE3_SPHERE);
    } else {
        do
            m->s2[k] = wf_shape2(&m->rng, 100);
        while (small_only && !small_type(m, k));
    }
}

static void create(model *m, int small_only)
{
    int k = m->n;
    new_shape(m, k, small_only);
    fc_body_def bd = fc_body_def_default();
    bd.shape2 = m->s2[k];
    bd.shape3 = m->s3[k];
    TU_CHECK(fc_world_create_body(m->w, &bd, &m->ids[k]) == FC_OK, "create");
    m->n++;
}

static void destroy(model *m, int k)
{
    TU_CHECK(fc_world_destroy_body(m->w, m->ids[k]) == FC_OK, "destroy");
    m->n--;
    m->ids[k] = m->ids[m->n];
    m->s2[k] = m->s2[m->n];
    m->s3[k] = m->s3[m->n];
}

/* Move body k by (dx, dy, dz) in the world and in the model (every point
 * of the shape shifts; the test's own copy of fc_world_translate's rule). */
static void move(model *m, int k, int32_t dx, int32_t dy, int32_t dz)
{
    if (m->dim3) {
        fc_shape3 *s = &m->s3[k];
        fc_vec3 d = fc_vec3_make(dx, dy, dz);
        TU_CHECK(fc_world_translate3(m->w, m->ids[k], d) == FC_OK, "translate3");
        fc_vec3 *p[2] = {&s->u.sphere.center, NULL};
        if (s->type == FC_SHAPE3_AABB) {
            p[0] = &s->u.aabb.min;
            p[1] = &s->u.aabb.max;
        } else if (s->type == FC_SHAPE3_OBB) {
            p[0] = &s->u.obb.center;
        } else if (s->type == FC_SHAPE3_CAPSULE) {
            p[0] = &s->u.capsule.a;
            p[1] = &s->u.capsule.b;
        }
        for (int i = 0; i < 2 && p[i] != NULL; i++)
            *p[i] = fc_vec3_make(p[i]->x + dx, p[i]->y + dy, p[i]->z + dz);
        return;
    }
    fc_shape2 *s = &m->s2[k];
    TU_CHECK(fc_world_translate2(m->w, m->ids[k], fc_vec2_make(dx, dy)) == FC_OK, "translate2");
    fc_vec2 *p[FC_POLY2_MAX_VERTS] = {NULL};
    int np = 1;
    switch (s->type) {
    case FC_SHAPE2_CIRCLE: p[0] = &s->u.circle.center; break;
    case FC_SHAPE2_AABB:
        p[0] = &s->u.aabb.min;
        p[1] = &s->u.aabb.max;
        np = 2;
        break;
    case FC_SHAPE2_OBB: p[0] = &s->u.obb.center; break;
    case FC_SHAPE2_CAPSULE:
        p[0] = &s->u.capsule.a;
        p[1] = &s->u.capsule.b;
        np = 2;
        break;
    case FC_SHAPE2_POLY:
        np = s->u.poly.count;
        for (int i = 0; i < np; i++)
            p[i] = &s->u.poly.v[i];
        break;
    }
    for (int i = 0; i < np; i++)
        *p[i] = fc_vec2_make(p[i]->x + dx, p[i]->y + dy);
}

/* Every body's shape and bounds as the model says; the world valid. */
static void check_bodies(const model *m, const char *when)
{
    long bad = 0;
    for (int k = 0; k < m->n; k++) {
        int64_t lo[3], hi[3];
        int32_t wlo[3], whi[3];
        TU_CHECK(fc_world_get_bounds(m->w, m->ids[k], wlo, whi) == FC_OK, "bounds");
        if (m->dim3) {
            fc_shape3 s;
            TU_CHECK(fc_world_get_shape3(m->w, m->ids[k], &s) == FC_OK, "get shape3");
            bad += !shape3_same(&s, &m->s3[k]);
            wf_bounds3(&m->s3[k], lo, hi);
        } else {
            fc_shape2 s;
            TU_CHECK(fc_world_get_shape2(m->w, m->ids[k], &s) == FC_OK, "get shape2");
            bad += !shape2_same(&s, &m->s2[k]);
            wf_bounds2(&m->s2[k], lo, hi);
        }
        for (int i = 0; i < 3; i++)
            bad += wlo[i] != lo[i] || whi[i] != hi[i];
    }
    TU_CHECK(bad == 0, "%s: %ld shapes or bounds differ from the model", when, bad);
    TU_CHECK(fc_world_validate(m->w) == FC_OK, "%s: valid", when);
}

/* One frame: shape changes (small <-> big), moves, destroys and creates. */
static void frame(model *m, int small_only)
{
    for (int k = 0; k < m->n; k++) {
        uint64_t r = tu_rand64(&m->rng) % 8;
        if (r == 0) {
            new_shape(m, k, small_only);
            fc_status st = m->dim3 ? fc_world_set_shape3(m->w, m->ids[k], &m->s3[k])
                                   : fc_world_set_shape2(m->w, m->ids[k], &m->s2[k]);
            TU_CHECK(st == FC_OK, "set shape");
        } else if (r < 4) {
            int32_t dx = wf_rand(&m->rng, -WF_U, WF_U), dy = wf_rand(&m->rng, -WF_U, WF_U);
            move(m, k, dx, m->dim3 ? dy / 4 : dy, m->dim3 ? dy : 0);
        }
    }
    for (int c = 0; c < CHURN; c++)
        destroy(m, (int)(tu_rand64(&m->rng) % (uint64_t)m->n));
    for (int c = 0; c < CHURN; c++)
        create(m, small_only);
}

static void run(fc_world_dim dim)
{
    sized_alloc sa;
    sa_init(&sa);
    static model m;
    memset(&m, 0, sizeof m);
    m.dim3 = dim == FC_WORLD_3D;
    m.rng = m.dim3 ? 3003 : 2002;
    fc_world_def d = fc_world_def_default();
    d.dim = dim;
    d.alloc = sa_allocator(&sa);
    d.body_capacity = CAP;
    d.pair_capacity = 8 * CAP;
    TU_CHECK(fc_world_create(&d, &m.w) == FC_OK, "create world");
    for (int i = 0; i < N; i++)
        create(&m, g_break);
    for (int f = 0; f < WARM; f++)
        frame(&m, g_break);
    check_bodies(&m, "after warm-up");
    long calls0 = sa.calls, big = 0;
    size_t size = 0;
    static unsigned char blob[CAP * 128 + 4096], blob2[CAP * 128 + 4096];
    static model saved;
    for (int f = 0; f < FRAMES; f++) {
        frame(&m, 0);
        const fc_pair *p;
        int32_t np;
        TU_CHECK(fc_world_find_pairs(m.w, &p, &np) == FC_OK, "pairs");
        for (int k = 0; k < m.n; k++)
            big += !small_type(&m, k);
        if (f % 20 == 0)
            check_bodies(&m, "frame");
        if (f == FRAMES / 2) { /* keep this state; restored at the end */
            TU_CHECK(fc_world_snapshot(m.w, blob, sizeof blob, &size) == FC_OK, "snapshot");
            saved = m;
        }
    }
    TU_CHECK(fc_world_restore(m.w, blob, size) == FC_OK, "restore");
    fc_world *w = m.w;
    m = saved;
    m.w = w;
    check_bodies(&m, "after restore");
    size_t size2 = 0;
    TU_CHECK(fc_world_snapshot(m.w, blob2, sizeof blob2, &size2) == FC_OK && size2 == size &&
                 memcmp(blob, blob2, size) == 0,
             "restore gives back the snapshot's bytes");
    long calls = sa.calls - calls0;
    printf("  %dD: %d frames, %ld big-shape body-frames, %ld allocator calls after warm-up\n", m.dim3 ? 3 : 2, FRAMES,
           big, calls);
    TU_CHECK(big > 0, "no big shape in the measured frames");
    TU_CHECK(calls == 0, "%dD: frames and rollback within capacity allocate nothing (%ld calls)", m.dim3 ? 3 : 2,
             calls);
    fc_world_destroy(m.w);
    TU_CHECK(sa.bad_frees == 0 && sa.live == 0, "every free got its size back, nothing leaked");
    sa_done(&sa);
}

int main(int argc, char **argv)
{
    for (int a = 1; a < argc; a++)
        if (strcmp(argv[a], "--break") == 0)
            g_break = 1;
    run(FC_WORLD_2D);
    run(FC_WORLD_3D);
    return tu_finish(g_break ? "shape store (--break)" : "shape store");
}
