/* SPDX-License-Identifier: MIT */
/* Shared by the world tests: random shapes, a counting allocator, an
 * independent bounds oracle (corner enumeration instead of the library's
 * |c|hx + |s|hy formula) and a brute-force O(N^2) pair list (exact
 * narrowphase on every pair). */
#ifndef FIXCOL_TESTS_WORLD_FIXTURE_H
#define FIXCOL_TESTS_WORLD_FIXTURE_H

#include <fixcol/collide2d.h>
#include <fixcol/collide3d.h>
#include <fixcol/world.h>

#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* ---- counting allocator */
typedef struct wf_counter {
    long allocs, frees, live_bytes;
} wf_counter;

static inline void *wf_alloc(void *ctx, size_t size)
{
    wf_counter *c = (wf_counter *)ctx;
    c->allocs++;
    c->live_bytes += (long)size;
    return malloc(size);
}

static inline void wf_free(void *ctx, void *p, size_t size)
{
    wf_counter *c = (wf_counter *)ctx;
    c->frees++;
    c->live_bytes -= (long)size;
    free(p);
}

static inline fc_allocator wf_allocator(wf_counter *c)
{
    fc_allocator a;
    a.alloc = wf_alloc;
    a.free = wf_free;
    a.ctx = c;
    return a;
}

/* ---- random values */
static inline int32_t wf_rand(uint64_t *s, int32_t lo, int32_t hi)
{
    return lo + (int32_t)(tu_rand64(s) % (uint64_t)((int64_t)hi - lo + 1));
}

#define WF_U 65536 /* one unit, raw */

/* A random 2D shape with its centre in [0, area] units, sizes 0.25..4 units
 * (sometimes larger). */
static inline fc_shape2 wf_shape2(uint64_t *s, int32_t area)
{
    fc_shape2 sh;
    memset(&sh, 0, sizeof sh);
    fix16_t cx = wf_rand(s, 0, area * WF_U), cy = wf_rand(s, 0, area * WF_U);
    fix16_t h = wf_rand(s, WF_U / 4, tu_rand64(s) % 16 == 0 ? 20 * WF_U : 4 * WF_U);
    fix16_t h2 = wf_rand(s, WF_U / 4, h);
    if (tu_rand64(s) % 3 == 0) { /* on a quarter-unit grid: exact touching is common */
        cx &= ~(WF_U / 4 - 1);
        cy &= ~(WF_U / 4 - 1);
        h &= ~(WF_U / 4 - 1);
        h2 = h2 >= WF_U / 2 ? h2 & ~(WF_U / 4 - 1) : WF_U / 4;
    }
    switch (tu_rand64(s) % 5) {
    case 0:
        sh.type = FC_SHAPE2_CIRCLE;
        sh.u.circle.center = fc_vec2_make(cx, cy);
        sh.u.circle.radius = h;
        break;
    case 1:
        sh.type = FC_SHAPE2_AABB;
        sh.u.aabb.min = fc_vec2_make(cx - h, cy - h2);
        sh.u.aabb.max = fc_vec2_make(cx + h, cy + h2);
        break;
    case 2:
        sh.type = FC_SHAPE2_OBB;
        sh.u.obb.center = fc_vec2_make(cx, cy);
        sh.u.obb.half = fc_vec2_make(h, h2);
        sh.u.obb.angle = (fc_angle)tu_rand64(s);
        sh.u.obb.rot = fc_sincos_of(sh.u.obb.angle);
        break;
    case 3:
        sh.type = FC_SHAPE2_CAPSULE;
        sh.u.capsule.a = fc_vec2_make(cx - h, cy - h2);
        sh.u.capsule.b = fc_vec2_make(cx + h2, cy + h);
        sh.u.capsule.radius = h2 / 2;
        break;
    default:
        sh.type = FC_SHAPE2_POLY;
        sh.u.poly.count = 3 + (int32_t)(tu_rand64(s) % 2);
        sh.u.poly.v[0] = fc_vec2_make(cx - h, cy - h2);
        sh.u.poly.v[1] = fc_vec2_make(cx + h, cy - h2);
        if (sh.u.poly.count == 4) {
            sh.u.poly.v[2] = fc_vec2_make(cx + h, cy + h2);
            sh.u.poly.v[3] = fc_vec2_make(cx - h, cy + h2);
        } else {
            sh.u.poly.v[2] = fc_vec2_make(cx, cy + h2);
        }
        break;
    }
    return sh;
}

static inline fc_shape3 wf_shape3(uint64_t *s, int32_t area)
{
    fc_shape3 sh;
    memset(&sh, 0, sizeof sh);
    fix16_t cx = wf_rand(s, 0, area * WF_U), cy = wf_rand(s, 0, 8 * WF_U), cz = wf_rand(s, 0, area * WF_U);
    fix16_t h = wf_rand(s, WF_U / 4, 4 * WF_U), h2 = wf_rand(s, WF_U / 4, h);
    switch (tu_rand64(s) % 3) {
    case 0:
        sh.type = FC_SHAPE3_SPHERE;
        sh.u.sphere.center = fc_vec3_make(cx, cy, cz);
        sh.u.sphere.radius = h;
        break;
    case 1:
        sh.type = FC_SHAPE3_AABB;
        sh.u.aabb.min = fc_vec3_make(cx - h, cy - h2, cz - h2);
        sh.u.aabb.max = fc_vec3_make(cx + h2, cy + h, cz + h);
        break;
    default: {
        fc_sincos r = fc_sincos_of((fc_angle)tu_rand64(s)); /* rotation about y */
        sh.type = FC_SHAPE3_OBB;
        sh.u.obb.center = fc_vec3_make(cx, cy, cz);
        sh.u.obb.half = fc_vec3_make(h, h2, h2);
        sh.u.obb.axis[0] = fc_vec3_make(r.c, 0, -r.s);
        sh.u.obb.axis[1] = fc_vec3_make(0, WF_U, 0);
        sh.u.obb.axis[2] = fc_vec3_make(r.s, 0, r.c);
        break;
    }
    }
    return sh;
}

/* wf_shape3 or (one time in four) a capsule3 body shape of about the same
 * size: a segment of random direction (sometimes axis-parallel, on the
 * quarter-unit grid, or of length 0) with a radius 0..h2. Kept separate
 * from wf_shape3 so the tests whose expected values come from wf_shape3's
 * sequence keep them. */
static inline fc_shape3 wf_shape3_cap(uint64_t *s, int32_t area)
{
    if (tu_rand64(s) % 4 != 0)
        return wf_shape3(s, area);
    fc_shape3 sh;
    memset(&sh, 0, sizeof sh);
    fix16_t cx = wf_rand(s, 0, area * WF_U), cy = wf_rand(s, 0, 8 * WF_U), cz = wf_rand(s, 0, area * WF_U);
    fix16_t h = wf_rand(s, WF_U / 4, 4 * WF_U), r = wf_rand(s, 0, h);
    fix16_t dx = wf_rand(s, -h, h), dy = wf_rand(s, -h, h), dz = wf_rand(s, -h, h);
    switch (tu_rand64(s) % 4) {
    case 0: /* axis-parallel on the grid: exact touching is common */
        cx &= ~(WF_U / 4 - 1), cy &= ~(WF_U / 4 - 1), cz &= ~(WF_U / 4 - 1), r &= ~(WF_U / 4 - 1);
        dx = 0, dz = 0, dy = h & ~(WF_U / 4 - 1);
        break;
    case 1: dx = dy = dz = 0; break; /* a == b: a sphere */
    default: break;
    }
    sh.type = FC_SHAPE3_CAPSULE;
    sh.u.capsule.a = fc_vec3_make(cx - dx, cy - dy, cz - dz);
    sh.u.capsule.b = fc_vec3_make(cx + dx, cy + dy, cz + dz);
    sh.u.capsule.radius = r;
    return sh;
}

/* ---- bounds oracle: floor/ceil over explicit corner points */
static inline int64_t wf_floor16(int64_t v) { return v >= 0 ? v / 65536 : -((-v + 65535) / 65536); }
static inline int64_t wf_ceil16(int64_t v) { return -wf_floor16(-v); }

static inline void wf_grow(int64_t lo[3], int64_t hi[3], int64_t x, int64_t y, int64_t z)
{
    int64_t p[3] = {x, y, z};
    for (int i = 0; i < 3; i++) {
        lo[i] = p[i] < lo[i] ? p[i] : lo[i];
        hi[i] = p[i] > hi[i] ? p[i] : hi[i];
    }
}

/* Exact bounds of a shape in raw units (corners at Q32.32, then rounded). */
static inline void wf_bounds2(const fc_shape2 *s, int64_t lo[3], int64_t hi[3])
{
    lo[0] = lo[1] = INT64_MAX;
    hi[0] = hi[1] = INT64_MIN;
    lo[2] = hi[2] = 0;
    switch (s->type) {
    case FC_SHAPE2_CIRCLE: {
        fc_circle c = s->u.circle;
        wf_grow(lo, hi, (int64_t)c.center.x - c.radius, (int64_t)c.center.y - c.radius, 0);
        wf_grow(lo, hi, (int64_t)c.center.x + c.radius, (int64_t)c.center.y + c.radius, 0);
        break;
    }
    case FC_SHAPE2_AABB:
        wf_grow(lo, hi, s->u.aabb.min.x, s->u.aabb.min.y, 0);
        wf_grow(lo, hi, s->u.aabb.max.x, s->u.aabb.max.y, 0);
        break;
    case FC_SHAPE2_OBB: {
        fc_obb2 o = s->u.obb;
        int64_t qlo[2] = {INT64_MAX, INT64_MAX}, qhi[2] = {INT64_MIN, INT64_MIN};
        for (int k = 0; k < 4; k++) {
            int64_t a = (k & 1) ? o.half.x : -(int64_t)o.half.x, b = (k & 2) ? o.half.y : -(int64_t)o.half.y;
            /* corner = centre + (a (c, s) + b (-s, c)) / 65536, kept at Q32.32 */
            int64_t x = (int64_t)o.center.x * 65536 + a * o.rot.c - b * o.rot.s;
            int64_t y = (int64_t)o.center.y * 65536 + a * o.rot.s + b * o.rot.c;
            qlo[0] = x < qlo[0] ? x : qlo[0];
            qhi[0] = x > qhi[0] ? x : qhi[0];
            qlo[1] = y < qlo[1] ? y : qlo[1];
            qhi[1] = y > qhi[1] ? y : qhi[1];
        }
        wf_grow(lo, hi, wf_floor16(qlo[0]), wf_floor16(qlo[1]), 0);
        wf_grow(lo, hi, wf_ceil16(qhi[0]), wf_ceil16(qhi[1]), 0);
        break;
    }
    case FC_SHAPE2_CAPSULE: {
        fc_capsule2 c = s->u.capsule;
        wf_grow(lo, hi, (int64_t)c.a.x - c.radius, (int64_t)c.a.y - c.radius, 0);
        wf_grow(lo, hi, (int64_t)c.a.x + c.radius, (int64_t)c.a.y + c.radius, 0);
        wf_grow(lo, hi, (int64_t)c.b.x - c.radius, (int64_t)c.b.y - c.radius, 0);
        wf_grow(lo, hi, (int64_t)c.b.x + c.radius, (int64_t)c.b.y + c.radius, 0);
        break;
    }
    case FC_SHAPE2_POLY:
        for (int32_t i = 0; i < s->u.poly.count; i++)
            wf_grow(lo, hi, s->u.poly.v[i].x, s->u.poly.v[i].y, 0);
        break;
    }
}

static inline void wf_bounds3(const fc_shape3 *s, int64_t lo[3], int64_t hi[3])
{
    for (int i = 0; i < 3; i++) {
        lo[i] = INT64_MAX;
        hi[i] = INT64_MIN;
    }
    switch (s->type) {
    case FC_SHAPE3_CAPSULE: {
        fc_capsule3 c = s->u.capsule;
        wf_grow(lo, hi, (int64_t)c.a.x - c.radius, (int64_t)c.a.y - c.radius, (int64_t)c.a.z - c.radius);
        wf_grow(lo, hi, (int64_t)c.a.x + c.radius, (int64_t)c.a.y + c.radius, (int64_t)c.a.z + c.radius);
        wf_grow(lo, hi, (int64_t)c.b.x - c.radius, (int64_t)c.b.y - c.radius, (int64_t)c.b.z - c.radius);
        wf_grow(lo, hi, (int64_t)c.b.x + c.radius, (int64_t)c.b.y + c.radius, (int64_t)c.b.z + c.radius);
        break;
    }
    case FC_SHAPE3_SPHERE: {
        fc_sphere b = s->u.sphere;
        wf_grow(lo, hi, (int64_t)b.center.x - b.radius, (int64_t)b.center.y - b.radius, (int64_t)b.center.z - b.radius);
        wf_grow(lo, hi, (int64_t)b.center.x + b.radius, (int64_t)b.center.y + b.radius, (int64_t)b.center.z + b.radius);
        break;
    }
    case FC_SHAPE3_AABB:
        wf_grow(lo, hi, s->u.aabb.min.x, s->u.aabb.min.y, s->u.aabb.min.z);
        wf_grow(lo, hi, s->u.aabb.max.x, s->u.aabb.max.y, s->u.aabb.max.z);
        break;
    case FC_SHAPE3_OBB: {
        fc_obb3 o = s->u.obb;
        const int64_t h[3] = {o.half.x, o.half.y, o.half.z};
        for (int k = 0; k < 8; k++) {
            int64_t p[3] = {(int64_t)o.center.x * 65536, (int64_t)o.center.y * 65536, (int64_t)o.center.z * 65536};
            for (int i = 0; i < 3; i++) {
                int64_t t = (k >> i) & 1 ? h[i] : -h[i];
                p[0] += t * o.axis[i].x;
                p[1] += t * o.axis[i].y;
                p[2] += t * o.axis[i].z;
            }
            wf_grow(lo, hi, wf_floor16(p[0]), wf_floor16(p[1]), wf_floor16(p[2]));
            wf_grow(lo, hi, wf_ceil16(p[0]), wf_ceil16(p[1]), wf_ceil16(p[2]));
        }
        break;
    }
    }
}

/* ---- brute force */
typedef struct wf_pairs {
    uint64_t *keys; /* a.index << 32 | b.index, ascending */
    int32_t count;
} wf_pairs;

static inline int wf_filters(fc_filter a, fc_filter b)
{
    return (a.category & b.mask) != 0 && (b.category & a.mask) != 0;
}

static inline int wf_cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* All pairs among ids[0..n) by brute force: the filter rule and the exact
 * narrowphase on every pair (no bounds, no broadphase), sorted. */
static inline wf_pairs wf_brute_pairs(const fc_world *w, const fc_body_id *ids, int32_t n)
{
    wf_pairs r;
    r.keys = (uint64_t *)malloc(sizeof(uint64_t) * ((size_t)n * (size_t)n / 2 + 1));
    r.count = 0;
    fc_shape2 *s2 = (fc_shape2 *)malloc(sizeof(fc_shape2) * ((size_t)n + 1));
    fc_shape3 *s3 = (fc_shape3 *)malloc(sizeof(fc_shape3) * ((size_t)n + 1));
    fc_filter *f = (fc_filter *)malloc(sizeof(fc_filter) * ((size_t)n + 1));
    int dim3 = fc_world_get_dim(w) == FC_WORLD_3D;
    for (int32_t i = 0; i < n; i++) {
        if (dim3)
            fc_world_get_shape3(w, ids[i], &s3[i]);
        else
            fc_world_get_shape2(w, ids[i], &s2[i]);
        fc_world_get_filter(w, ids[i], &f[i]);
    }
    for (int32_t i = 0; i < n; i++)
        for (int32_t j = i + 1; j < n; j++) {
            if (!wf_filters(f[i], f[j]))
                continue;
            if (dim3 ? fc_overlap3(&s3[i], &s3[j]) : fc_overlap2(&s2[i], &s2[j])) {
                uint32_t a = ids[i].index, b = ids[j].index;
                r.keys[r.count++] = a < b ? ((uint64_t)a << 32) | b : ((uint64_t)b << 32) | a;
            }
        }
    qsort(r.keys, (size_t)r.count, sizeof(uint64_t), wf_cmp_u64); /* distinct keys: no ties */
    free(s2);
    free(s3);
    free(f);
    return r;
}

#endif
