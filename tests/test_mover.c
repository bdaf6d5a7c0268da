/* SPDX-License-Identifier: MIT */
/* The mover (fixcol/mover.h, issue 29) against independent exact oracles
 * (tests/oracle2d.h, tests/mover_oracle.h; no library predicate decides):
 *   random 2D scenes, per mover shape (circle, capsule, box): started
 *   outside -> never ends overlapping a body; every path segment's sweep
 *   touches no body (no tunnelling); a move whose whole sweep is free is
 *   taken in full; moved == the sum of the path; the result is canonical
 *   (identical from a world with another broadphase layout, and when
 *   repeated); started inside -> pushed out first (ends outside unless
 *   FC_MOVER_STUCK). Random 3D scenes with sphere and capsule movers among
 *   spheres and AABB3s: the same properties (capsule sweeps: sweep3c).
 *   The plane solver against an oracle of its documented rule (__int128
 *   arithmetic, planes in canonical order), and its invariant v . n <= 0.
 *   Adversarial scenes: corners (acute, right, obtuse), corridors exactly
 *   the body's width, 1 raw wider and 1 raw narrower, stairs 1 raw under
 *   the step height and at it, slopes at the limit and 1 raw steeper or
 *   shallower, a moving platform, a crowd of movers in canonical order.
 * Modes: --cases N (random cases per shape), --only random|solver|scenes,
 * --capsule-grow N (twin: the capsule oracle's radius N raw larger, so
 * its sweep and end checks must fail), --capsule-body-shift N (twin: the
 * capsule body compared with the free shape's move is created N raw along
 * x from it, so the body-path checks must fail).
 * Should-fail twins (tests/meson.build): the mover built with
 * FC_MOVER_TWIN_NAIVE (skin 0, advance by rounded t * delta) must fail the
 * random properties; with FC_MOVER_TWIN_REVERSED (planes in reverse
 * order) the solver oracle. */
#include <fixcol/mover.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mover/mover_internal.h" /* mv_clip for the solver oracle */
#include "mover_oracle.h"

#define U 65536

static fc_world *world2(int depth)
{
    fc_world_def def = fc_world_def_default();
    def.bounds_min = fc_vec2_make(-(64 * U), -(64 * U));
    def.bounds_log2 = 7;
    def.max_depth = depth;
    fc_world *w = NULL;
    TU_CHECK(fc_world_create(&def, &w) == FC_OK, "world");
    return w;
}

static fc_body_id add2(fc_world *w, fc_shape2 s)
{
    fc_body_def bd = fc_body_def_default();
    bd.shape2 = s;
    fc_body_id id;
    memset(&id, 0, sizeof id);
    TU_CHECK(fc_world_create_body(w, &bd, &id) == FC_OK, "body");
    return id;
}

static fc_shape2 mover_shape(uint64_t *rng, int kind, int64_t x, int64_t y)
{
    int64_t r = mo_range(rng, U / 4, U);
    if (kind == 0)
        return mo_circle(x, y, r);
    if (kind == 1)
        return mo_capsule(x, y - U / 2, x, y + U / 2, r);
    return mo_box(x - r, y - r, x + r, y + 2 * r);
}

/* Checks of one 2D result from start s among n bodies (oracle only). */
static void check2(const fc_shape2 *s, fc_vec2 desired, const fc_shape2 *bodies, int n, const fc_mover2_result *r,
                   const char *what)
{
    int started_in = 0;
    for (int i = 0; i < n; i++)
        started_in |= oracle_overlap(s, &bodies[i]);
    TU_CHECK(started_in == !!(r->flags & FC_MOVER_STARTED_OVERLAP) || (r->flags & FC_MOVER_STUCK),
             "%s: started overlap %d, flags %d", what, started_in, (int)r->flags);
    int64_t sx = 0, sy = 0;
    fc_shape2 at = *s;
    for (int32_t k = 0; k < r->path_count; k++) {
        fc_vec2 v = r->path[k];
        if (k >= r->pushouts)
            for (int i = 0; i < n; i++)
                TU_CHECK(!mo_sweep_hits2(&at, v.x, v.y, &bodies[i]), "%s: segment %d (%d, %d) sweeps through body %d",
                         what, (int)k, (int)v.x, (int)v.y, i);
        at = mo_shift2(at, v.x, v.y);
        sx += v.x, sy += v.y;
    }
    TU_CHECK(sx == r->moved.x && sy == r->moved.y, "%s: moved != sum of the path", what);
    if (!(r->flags & FC_MOVER_STUCK))
        for (int i = 0; i < n; i++)
            TU_CHECK(!oracle_overlap(&at, &bodies[i]), "%s: ends overlapping body %d (moved %d, %d)", what, i,
                     (int)r->moved.x, (int)r->moved.y);
    int free_path = !started_in;
    for (int i = 0; i < n && free_path; i++)
        free_path = !mo_sweep_hits2(s, desired.x, desired.y, &bodies[i]);
    if (free_path)
        TU_CHECK(r->path_count >= 1 && r->path[0].x == desired.x && r->path[0].y == desired.y &&
                     (r->touch_count == 0 || (r->touch_count == 1 && (r->flags & FC_MOVER_SNAPPED))),
                 "%s: a free move was not taken in full (flags %d, touches %d)", what, (int)r->flags, (int)r->touch_count);
    for (int32_t k = 1; k < r->touch_count; k++)
        TU_CHECK(r->touches[k].iteration >= r->touches[k - 1].iteration, "%s: touches out of order", what);
}

static void random2(long cases, int kind, uint64_t seed)
{
    uint64_t rng = seed;
    long c = 0;
    while (c < cases) {
        fc_world *w = world2(5), *w2 = world2(2);
        fc_shape2 bodies[12];
        int n = 4 + (int)(tu_rand64(&rng) % 9);
        for (int i = 0; i < n; i++) {
            bodies[i] = mo_random2(&rng, (int)(tu_rand64(&rng) % 5), 0, 0, 6 * U);
            add2(w, bodies[i]);
            add2(w2, bodies[i]);
        }
        for (int k = 0; k < 25 && c < cases; k++, c++) {
            fc_shape2 s = mover_shape(&rng, kind, mo_range(&rng, -8 * U, 8 * U), mo_range(&rng, -8 * U, 8 * U));
            fc_vec2 d = fc_vec2_make((fix16_t)mo_range(&rng, -12 * U, 12 * U), (fix16_t)mo_range(&rng, -12 * U, 12 * U));
            fc_mover_def def = fc_mover_def_default();
            static const int32_t skins[4] = {0, 1, 16, 300};
            def.skin = skins[tu_rand64(&rng) % 4];
            def.max_iterations = 1 + (int32_t)(tu_rand64(&rng) % 8);
            def.step_height = tu_rand64(&rng) % 3 == 0 ? (int32_t)mo_range(&rng, 1, U) : 0;
            def.snap_distance = tu_rand64(&rng) % 3 == 0 ? (int32_t)mo_range(&rng, 1, U) : 0;
            fc_mover2_result r, r2, r3;
            TU_CHECK(fc_world_move_shape2(w, &s, d, &def, &r) == FC_OK, "move");
            TU_CHECK(fc_world_move_shape2(w2, &s, d, &def, &r2) == FC_OK, "move (other layout)");
            TU_CHECK(fc_world_move_shape2(w, &s, d, &def, &r3) == FC_OK, "move again");
            TU_CHECK(memcmp(&r, &r2, sizeof r) == 0 && memcmp(&r, &r3, sizeof r) == 0,
                     "not canonical: another broadphase layout or a repeat gave another result");
            check2(&s, d, bodies, n, &r, kind == 0 ? "circle" : kind == 1 ? "capsule" : "box");
        }
        fc_world_destroy(w);
        fc_world_destroy(w2);
    }
}

/* ---- 3D ------------------------------------------------------------------ */
static fc_shape3 sph(const int64_t c[3], int64_t r)
{
    fc_shape3 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE3_SPHERE;
    fc_sphere_make(fc_vec3_make((fix16_t)c[0], (fix16_t)c[1], (fix16_t)c[2]), (fix16_t)r, &s.u.sphere);
    return s;
}

static fc_shape3 abox(const int64_t lo[3], const int64_t hi[3])
{
    fc_shape3 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE3_AABB;
    fc_aabb3_make(fc_vec3_make((fix16_t)lo[0], (fix16_t)lo[1], (fix16_t)lo[2]),
                  fc_vec3_make((fix16_t)hi[0], (fix16_t)hi[1], (fix16_t)hi[2]), &s.u.aabb);
    return s;
}

/* Does the sphere (c, R) swept by v touch body b (oracle)? */
static int sweep3(const int64_t c[3], int64_t R, const int64_t v[3], const fc_shape3 *b)
{
    if (b->type == FC_SHAPE3_SPHERE) {
        int64_t q[3] = {b->u.sphere.center.x, b->u.sphere.center.y, b->u.sphere.center.z};
        return mo_seg_point_within(c, v, q, R + b->u.sphere.radius);
    }
    int64_t lo[3] = {b->u.aabb.min.x, b->u.aabb.min.y, b->u.aabb.min.z},
            hi[3] = {b->u.aabb.max.x, b->u.aabb.max.y, b->u.aabb.max.z};
    return mo_seg_box_within(c, v, lo, hi, R);
}

static void random3(long cases, uint64_t seed)
{
    uint64_t rng = seed;
    long c = 0;
    while (c < cases) {
        fc_world_def def = fc_world_def_default();
        def.dim = FC_WORLD_3D;
        def.bounds_min = fc_vec2_make(-(64 * U), -(64 * U));
        def.bounds_log2 = 7;
        fc_world *w = NULL;
        TU_CHECK(fc_world_create(&def, &w) == FC_OK, "3D world");
        fc_shape3 bodies[10];
        int n = 3 + (int)(tu_rand64(&rng) % 8);
        for (int i = 0; i < n; i++) {
            int64_t p[3], q[3];
            for (int j = 0; j < 3; j++)
                p[j] = mo_range(&rng, -6 * U, 6 * U), q[j] = p[j] + mo_range(&rng, 1, 4 * U);
            bodies[i] = i % 2 ? sph(p, mo_range(&rng, 0, 3 * U)) : abox(p, q);
            fc_body_def bd = fc_body_def_default();
            bd.shape3 = bodies[i];
            fc_body_id id;
            TU_CHECK(fc_world_create_body(w, &bd, &id) == FC_OK, "3D body");
        }
        for (int k = 0; k < 25 && c < cases; k++, c++) {
            int64_t p[3], d[3], R = mo_range(&rng, U / 4, U);
            for (int j = 0; j < 3; j++)
                p[j] = mo_range(&rng, -8 * U, 8 * U), d[j] = mo_range(&rng, -12 * U, 12 * U);
            fc_shape3 s = sph(p, R);
            fc_mover_def md = fc_mover_def_default();
            md.skin = (int32_t)(tu_rand64(&rng) % 2) * 16;
            md.max_iterations = 1 + (int32_t)(tu_rand64(&rng) % 8);
            md.step_height = tu_rand64(&rng) % 3 == 0 ? (int32_t)mo_range(&rng, 1, U) : 0;
            md.snap_distance = tu_rand64(&rng) % 3 == 0 ? (int32_t)mo_range(&rng, 1, U) : 0;
            fc_mover3_result r;
            TU_CHECK(fc_world_move_shape3(w, &s, fc_vec3_make((fix16_t)d[0], (fix16_t)d[1], (fix16_t)d[2]), &md, &r) ==
                         FC_OK, "3D move");
            const int64_t zero[3] = {0, 0, 0};
            int started_in = 0, free_path = 1;
            for (int i = 0; i < n; i++) {
                started_in |= sweep3(p, R, zero, &bodies[i]);
                free_path &= !sweep3(p, R, d, &bodies[i]);
            }
            int64_t at[3] = {p[0], p[1], p[2]};
            for (int32_t m = 0; m < r.path_count; m++) {
                int64_t v[3] = {r.path[m].x, r.path[m].y, r.path[m].z};
                if (m >= r.pushouts)
                    for (int i = 0; i < n; i++)
                        TU_CHECK(!sweep3(at, R, v, &bodies[i]), "3D: segment %d sweeps through body %d", (int)m, i);
                for (int j = 0; j < 3; j++)
                    at[j] += v[j];
            }
            TU_CHECK(at[0] - p[0] == r.moved.x && at[1] - p[1] == r.moved.y && at[2] - p[2] == r.moved.z,
                     "3D: moved != sum of the path");
            if (!(r.flags & FC_MOVER_STUCK))
                for (int i = 0; i < n; i++)
                    TU_CHECK(!sweep3(at, R, zero, &bodies[i]), "3D: ends overlapping body %d", i);
            if (free_path && !started_in)
                TU_CHECK(r.path_count >= 1 && r.path[0].x == d[0] && r.path[0].y == d[1] && r.path[0].z == d[2],
                         "3D: a free move was not taken in full");
        }
        fc_world_destroy(w);
    }
}

/* ---- 3D capsule movers ------------------------------------------------------
 * The capsule (p, p + e, R) swept by v covers the parallelogram
 * P = {p + s e + t v : s, t in [0, 1]} grown by R, so the sweep touches a
 * body iff P comes within R (+ a sphere's radius) of its core. P's four
 * edges are segments (mo_seg_point_within, mo_seg_box_within); the rest is
 * P's interior: a point whose projection falls inside P within R of the
 * plane, and for a box, a box vertex projecting inside P within R, or a box
 * edge crossing P (the least plane distance over the box part above P is at
 * a box vertex or on P's boundary). Exact: __int128 and the 384-bit or_big
 * (coordinates < 2^22). v = 0: the capsule itself (the end positions). */
static void cross3i(const int64_t a[3], const int64_t b[3], int64_t o[3])
{
    o[0] = a[1] * b[2] - a[2] * b[1];
    o[1] = a[2] * b[0] - a[0] * b[2];
    o[2] = a[0] * b[1] - a[1] * b[0];
}

static or_i128 dot3i(const int64_t a[3], const int64_t b[3])
{
    return (or_i128)a[0] * b[0] + (or_i128)a[1] * b[1] + (or_i128)a[2] * b[2];
}

/* y within R of P through P's interior (projection inside P). */
static int para_point_within(const int64_t p[3], const int64_t e[3], const int64_t v[3], const int64_t y[3], int64_t R)
{
    int64_t n[3], w[3], wv[3], ew[3];
    cross3i(e, v, n);
    if (n[0] == 0 && n[1] == 0 && n[2] == 0)
        return 0;
    for (int j = 0; j < 3; j++)
        w[j] = y[j] - p[j];
    cross3i(w, v, wv);
    cross3i(e, w, ew);
    or_i128 nn = dot3i(n, n), sn = dot3i(wv, n), tn = dot3i(ew, n), wn = dot3i(w, n);
    if (sn < 0 || sn > nn || tn < 0 || tn > nn)
        return 0;
    return or_big_cmp(or_big_mul(or_big_i128(wn), or_big_i128(wn)),
                      or_big_mul(or_big_i128((or_i128)R * R), or_big_i128(nn))) <= 0;
}

/* The box edge y0 + l g (l in [0, 1]) crosses P. */
static int para_edge_crosses(const int64_t p[3], const int64_t e[3], const int64_t v[3], const int64_t y0[3],
                             const int64_t g[3])
{
    int64_t n[3], w0[3];
    cross3i(e, v, n);
    for (int j = 0; j < 3; j++)
        w0[j] = y0[j] - p[j];
    or_i128 gn = dot3i(g, n), w0n = dot3i(w0, n);
    if (gn == 0)
        return 0; /* parallel: its ends are vertices (para_point_within) */
    or_i128 sg = gn > 0 ? 1 : -1, agn = gn * sg, l = -w0n * sg; /* l / |gn| in [0, 1] */
    if (l < 0 || l > agn)
        return 0;
    /* X = gn w0 - w0n g = gn (the crossing point - p) */
    or_big X[3], bv[3], be[3], bn[3];
    for (int j = 0; j < 3; j++) {
        X[j] = or_big_sub(or_big_mul(or_big_i128(gn), or_big_i128(w0[j])), or_big_mul(or_big_i128(w0n), or_big_i128(g[j])));
        bv[j] = or_big_i128(v[j]), be[j] = or_big_i128(e[j]), bn[j] = or_big_i128(n[j]);
    }
    or_big s = or_big_i128(0), t = or_big_i128(0);
    for (int k = 0; k < 3; k++) {
        int i = (k + 1) % 3, j = (k + 2) % 3;
        or_big xv = or_big_sub(or_big_mul(X[i], bv[j]), or_big_mul(X[j], bv[i])); /* (X x v)_k */
        or_big ex = or_big_sub(or_big_mul(be[i], X[j]), or_big_mul(be[j], X[i])); /* (e x X)_k */
        s = or_big_add(s, or_big_mul(xv, bn[k]));
        t = or_big_add(t, or_big_mul(ex, bn[k]));
    }
    /* s / (gn |n|^2), t / (gn |n|^2) in [0, 1] */
    or_big den = or_big_mul(or_big_i128(agn), or_big_i128(dot3i(n, n))), zero = or_big_i128(0);
    if (sg < 0)
        s = or_big_neg(s), t = or_big_neg(t);
    return or_big_cmp(s, zero) >= 0 && or_big_cmp(s, den) <= 0 && or_big_cmp(t, zero) >= 0 && or_big_cmp(t, den) <= 0;
}

/* Does the capsule (p, p + e, R) swept by v touch body b (oracle)? */
static int sweep3c(const int64_t p[3], const int64_t e[3], int64_t R, const int64_t v[3], const fc_shape3 *b)
{
    int64_t pe[3], pv[3];
    for (int j = 0; j < 3; j++)
        pe[j] = p[j] + e[j], pv[j] = p[j] + v[j];
    if (b->type == FC_SHAPE3_SPHERE) {
        int64_t q[3] = {b->u.sphere.center.x, b->u.sphere.center.y, b->u.sphere.center.z};
        int64_t rr = R + b->u.sphere.radius;
        return mo_seg_point_within(p, e, q, rr) || mo_seg_point_within(pv, e, q, rr) ||
               mo_seg_point_within(p, v, q, rr) || mo_seg_point_within(pe, v, q, rr) ||
               para_point_within(p, e, v, q, rr);
    }
    int64_t lo[3] = {b->u.aabb.min.x, b->u.aabb.min.y, b->u.aabb.min.z},
            hi[3] = {b->u.aabb.max.x, b->u.aabb.max.y, b->u.aabb.max.z};
    if (mo_seg_box_within(p, e, lo, hi, R) || mo_seg_box_within(pv, e, lo, hi, R) ||
        mo_seg_box_within(p, v, lo, hi, R) || mo_seg_box_within(pe, v, lo, hi, R))
        return 1;
    for (int c = 0; c < 8; c++) {
        int64_t y[3];
        for (int j = 0; j < 3; j++)
            y[j] = c >> j & 1 ? hi[j] : lo[j];
        if (para_point_within(p, e, v, y, R))
            return 1;
        for (int m = 0; m < 3; m++) { /* the edge from y along +axis m */
            if (c >> m & 1)
                continue;
            int64_t g[3] = {0, 0, 0};
            g[m] = hi[m] - lo[m];
            if (para_edge_crosses(p, e, v, y, g))
                return 1;
        }
    }
    return 0;
}

static fc_shape3 caps(const int64_t p[3], const int64_t e[3], int64_t r)
{
    fc_shape3 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE3_CAPSULE;
    fc_capsule3_make(fc_vec3_make((fix16_t)p[0], (fix16_t)p[1], (fix16_t)p[2]),
                     fc_vec3_make((fix16_t)(p[0] + e[0]), (fix16_t)(p[1] + e[1]), (fix16_t)(p[2] + e[2])), (fix16_t)r,
                     &s.u.capsule);
    return s;
}

static long n_capsule_blocked;
static int64_t g_capsule_grow; /* --capsule-grow N (the should-fail twin): the oracle's radius R + N raw */
static int32_t g_body_shift;   /* --capsule-body-shift N (the should-fail twin): the body N raw along x */

static void random3c(long cases, uint64_t seed)
{
    uint64_t rng = seed;
    long c = 0;
    while (c < cases) {
        fc_world_def def = fc_world_def_default();
        def.dim = FC_WORLD_3D;
        def.bounds_min = fc_vec2_make(-(64 * U), -(64 * U));
        def.bounds_log2 = 7;
        fc_world *w = NULL;
        TU_CHECK(fc_world_create(&def, &w) == FC_OK, "3D world");
        fc_shape3 bodies[10];
        int n = 3 + (int)(tu_rand64(&rng) % 8);
        for (int i = 0; i < n; i++) {
            int64_t p[3], q[3];
            for (int j = 0; j < 3; j++)
                p[j] = mo_range(&rng, -6 * U, 6 * U), q[j] = p[j] + mo_range(&rng, 1, 4 * U);
            bodies[i] = i % 2 ? sph(p, mo_range(&rng, 0, 3 * U)) : abox(p, q);
            fc_body_def bd = fc_body_def_default();
            bd.shape3 = bodies[i];
            fc_body_id id;
            TU_CHECK(fc_world_create_body(w, &bd, &id) == FC_OK, "3D body");
        }
        for (int k = 0; k < 25 && c < cases; k++, c++) {
            int64_t p[3], e[3], d[3], R = tu_rand64(&rng) % 8 == 0 ? 0 : mo_range(&rng, U / 4, U);
            for (int j = 0; j < 3; j++)
                p[j] = mo_range(&rng, -8 * U, 8 * U), d[j] = mo_range(&rng, -12 * U, 12 * U);
            for (int j = 0; j < 3; j++) /* upright characters mostly, any segment sometimes */
                e[j] = tu_rand64(&rng) % 2 ? (j == 1 ? mo_range(&rng, 0, 2 * U) : 0) : mo_range(&rng, -2 * U, 2 * U);
            fc_shape3 s = caps(p, e, R);
            R += g_capsule_grow;
            fc_mover_def md = fc_mover_def_default();
            md.skin = (int32_t)(tu_rand64(&rng) % 2) * 16;
            md.max_iterations = 1 + (int32_t)(tu_rand64(&rng) % 8);
            md.step_height = tu_rand64(&rng) % 3 == 0 ? (int32_t)mo_range(&rng, 1, U) : 0;
            md.snap_distance = tu_rand64(&rng) % 3 == 0 ? (int32_t)mo_range(&rng, 1, U) : 0;
            fc_mover3_result r, r2;
            fc_vec3 dv = fc_vec3_make((fix16_t)d[0], (fix16_t)d[1], (fix16_t)d[2]);
            TU_CHECK(fc_world_move_shape3(w, &s, dv, &md, &r) == FC_OK, "capsule move");
            TU_CHECK(fc_world_move_shape3(w, &s, dv, &md, &r2) == FC_OK && memcmp(&r, &r2, sizeof r) == 0,
                     "capsule move not repeatable");
            const int64_t zero[3] = {0, 0, 0};
            int started_in = 0, free_path = 1;
            for (int i = 0; i < n; i++) {
                started_in |= sweep3c(p, e, R, zero, &bodies[i]);
                free_path &= !sweep3c(p, e, R, d, &bodies[i]);
            }
            n_capsule_blocked += !free_path;
            int64_t at[3] = {p[0], p[1], p[2]};
            for (int32_t m = 0; m < r.path_count; m++) {
                int64_t v[3] = {r.path[m].x, r.path[m].y, r.path[m].z};
                if (m >= r.pushouts)
                    for (int i = 0; i < n; i++)
                        TU_CHECK(!sweep3c(at, e, R, v, &bodies[i]), "capsule: segment %d sweeps through body %d", (int)m,
                                 i);
                for (int j = 0; j < 3; j++)
                    at[j] += v[j];
            }
            TU_CHECK(at[0] - p[0] == r.moved.x && at[1] - p[1] == r.moved.y && at[2] - p[2] == r.moved.z,
                     "capsule: moved != sum of the path");
            if (!(r.flags & FC_MOVER_STUCK))
                for (int i = 0; i < n; i++)
                    TU_CHECK(!sweep3c(at, e, R, zero, &bodies[i]), "capsule: ends overlapping body %d", i);
            if (free_path && !started_in)
                TU_CHECK(r.path_count >= 1 && r.path[0].x == d[0] && r.path[0].y == d[1] && r.path[0].z == d[2],
                         "capsule: a free move was not taken in full");
            /* the same capsule as a world body: fc_world_move3 ignores the
             * body itself, so it answers as the free shape did, and the
             * body ends translated by the reported displacement */
            fc_body_def bd = fc_body_def_default();
            bd.shape3 = s;
            bd.shape3.u.capsule.a.x += g_body_shift;
            bd.shape3.u.capsule.b.x += g_body_shift;
            fc_body_id id;
            fc_mover3_result rb;
            TU_CHECK(fc_world_create_body(w, &bd, &id) == FC_OK, "capsule body");
            TU_CHECK(fc_world_move3(w, id, dv, &md, &rb) == FC_OK, "capsule body move");
            TU_CHECK(memcmp(&r, &rb, sizeof r) == 0, "capsule body: fc_world_move3 differs from the free shape's move");
            fc_shape3 got;
            TU_CHECK(fc_world_get_shape3(w, id, &got) == FC_OK && got.type == FC_SHAPE3_CAPSULE &&
                         got.u.capsule.a.x == s.u.capsule.a.x + r.moved.x &&
                         got.u.capsule.a.y == s.u.capsule.a.y + r.moved.y &&
                         got.u.capsule.a.z == s.u.capsule.a.z + r.moved.z &&
                         got.u.capsule.b.x == s.u.capsule.b.x + r.moved.x &&
                         got.u.capsule.b.y == s.u.capsule.b.y + r.moved.y &&
                         got.u.capsule.b.z == s.u.capsule.b.z + r.moved.z &&
                         got.u.capsule.radius == s.u.capsule.radius,
                     "capsule body: not translated by the reported displacement");
            TU_CHECK(fc_world_destroy_body(w, id) == FC_OK, "capsule body destroyed");
        }
        fc_world_destroy(w);
    }
}

/* ---- the plane solver ------------------------------------------------------ */
static void oracle_clip(int dim, int64_t v[3], const int64_t (*pl)[3], int n)
{
    for (int pass = 0; pass < FC_MOVER_SOLVER_PASSES; pass++) {
        int changed = 0;
        for (int i = 0; i < n; i++) {
            or_i128 d = 0, nn = 0;
            for (int j = 0; j < dim; j++)
                d += (or_i128)v[j] * pl[i][j], nn += (or_i128)pl[i][j] * pl[i][j];
            if (d <= 0 || nn == 0)
                continue;
            for (int j = 0; j < dim; j++) {
                or_i128 num = d * (pl[i][j] < 0 ? -pl[i][j] : pl[i][j]);
                int64_t a = (int64_t)((num + nn - 1) / nn);
                v[j] -= pl[i][j] < 0 ? -a : a;
            }
            changed = 1;
        }
        if (!changed)
            return;
    }
    for (int i = 0; i < n; i++) {
        or_i128 d = 0;
        for (int j = 0; j < dim; j++)
            d += (or_i128)v[j] * pl[i][j];
        if (d > 0) {
            v[0] = v[1] = v[2] = 0;
            return;
        }
    }
}

static void solver(long cases, uint64_t seed)
{
    uint64_t rng = seed;
    for (long c = 0; c < cases; c++) {
        int dim = 2 + (int)(c & 1), n = 1 + (int)(tu_rand64(&rng) % 4);
        int64_t pl[4][3], v[3] = {0, 0, 0}, o[3];
        for (int i = 0; i < n; i++) {
            fc_sincos a = fc_sincos_of((fc_angle)mo_range(&rng, 0, 65535)), b = fc_sincos_of((fc_angle)mo_range(&rng, 0, 65535));
            pl[i][0] = a.c, pl[i][1] = a.s, pl[i][2] = 0;
            if (dim == 3)
                pl[i][0] = (int64_t)a.c * b.c / U, pl[i][1] = (int64_t)a.s * b.c / U, pl[i][2] = b.s;
        }
        for (int j = 0; j < dim; j++)
            v[j] = mo_range(&rng, -(1 << 28), 1 << 28);
        memcpy(o, v, sizeof o);
        mv_clip(dim, v, (const int64_t(*)[3])pl, n);
        oracle_clip(dim, o, (const int64_t(*)[3])pl, n);
        TU_CHECK(memcmp(v, o, sizeof v) == 0, "solver differs from the oracle of its rule (n %d, dim %d)", n, dim);
        for (int i = 0; i < n; i++) {
            or_i128 d = 0;
            for (int j = 0; j < dim; j++)
                d += (or_i128)v[j] * pl[i][j];
            TU_CHECK(d <= 0, "solver leaves v moving into plane %d", i);
        }
    }
}

#include "test_mover_scenes.h"

int main(int argc, char **argv)
{
    long cases = 3000;
    const char *only = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--cases") == 0 && i + 1 < argc)
            cases = atol(argv[++i]);
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
            only = argv[++i];
        else if (strcmp(argv[i], "--capsule-grow") == 0 && i + 1 < argc)
            g_capsule_grow = atol(argv[++i]);
        else if (strcmp(argv[i], "--capsule-body-shift") == 0 && i + 1 < argc)
            g_body_shift = (int32_t)atol(argv[++i]);
    }
    if (only == NULL || strcmp(only, "random") == 0) {
        for (int kind = 0; kind < 3; kind++)
            random2(cases, kind, 0x2901 + (uint64_t)kind);
        random3(cases, 0x2904);
        random3c(cases, 0x2906);
    }
    if (only == NULL || strcmp(only, "solver") == 0)
        solver(cases * 10, 0x2905);
    if (only == NULL || strcmp(only, "scenes") == 0)
        scenes();
    printf("test_mover: %ld random cases per shape (circle, capsule, box, sphere, capsule3; %ld capsule3 paths blocked)\n",
           cases, n_capsule_blocked);
    return tu_finish("test_mover");
}
