/* SPDX-License-Identifier: MIT */
/* Ray casts against an independent oracle: the entry parameter is found in
 * long double by ternary search + bisection on a convex "inside" function
 * of each shape (signed distance for balls and capsules, max of normalised
 * half-plane / oblique-coordinate slacks for boxes and polygons), never by
 * the library's clipping. Checks hit sets, floor(t * 65536), the order of
 * all hits (exact ties -> index), closest == first, touching rays, filters,
 * errors; and the exact parameter comparison itself: equal values written
 * differently compare equal, neighbours compare strictly, and well
 * separated values agree with long double. --break shifts the reported
 * parameter by one ulp in the comparison. Usage: test_ray [--break|--run]
 * [RAYS] (rays per dimension, default 300). */
#include "world_fixture.h"

#include <math.h>
#include <stdio.h>

#include "cast/ray_param.h"

static int g_break;
static int g_rays; /* per dimension */

typedef long double ld;

/* ---- oracle: convex f with {f <= 0} = shape */
static ld f_shape2(const fc_shape2 *s, ld x, ld y)
{
    switch (s->type) {
    case FC_SHAPE2_CIRCLE:
        return hypotl(x - s->u.circle.center.x, y - s->u.circle.center.y) - s->u.circle.radius;
    case FC_SHAPE2_AABB: {
        ld a = fmaxl(s->u.aabb.min.x - x, x - s->u.aabb.max.x), b = fmaxl(s->u.aabb.min.y - y, y - s->u.aabb.max.y);
        return fmaxl(a, b);
    }
    case FC_SHAPE2_OBB: {
        const fc_obb2 *o = &s->u.obb;
        ld c = o->rot.c / 65536.0L, sn = o->rot.s / 65536.0L, n2 = c * c + sn * sn;
        ld dx = x - o->center.x, dy = y - o->center.y;
        ld a = (dx * c + dy * sn) / n2, b = (-dx * sn + dy * c) / n2; /* oblique coordinates */
        return fmaxl(fabsl(a) - o->half.x, fabsl(b) - o->half.y);
    }
    case FC_SHAPE2_CAPSULE: {
        const fc_capsule2 *c = &s->u.capsule;
        ld ex = (ld)c->b.x - c->a.x, ey = (ld)c->b.y - c->a.y, ee = ex * ex + ey * ey;
        ld u = ee == 0 ? 0 : ((x - c->a.x) * ex + (y - c->a.y) * ey) / ee;
        u = u < 0 ? 0 : u > 1 ? 1 : u;
        return hypotl(x - (c->a.x + u * ex), y - (c->a.y + u * ey)) - c->radius;
    }
    case FC_SHAPE2_POLY: {
        const fc_poly2 *p = &s->u.poly;
        ld m = -1e30L;
        for (int32_t i = 0; i < p->count; i++) {
            fc_vec2 v = p->v[i], w = p->v[(i + 1) % p->count];
            ld nx = (ld)w.y - v.y, ny = (ld)v.x - w.x, len = hypotl(nx, ny);
            m = fmaxl(m, (nx * (x - v.x) + ny * (y - v.y)) / len);
        }
        return m;
    }
    }
    return 1e30L;
}

static ld f_shape3(const fc_shape3 *s, const ld p[3])
{
    switch (s->type) {
    case FC_SHAPE3_SPHERE:
        return sqrtl((p[0] - s->u.sphere.center.x) * (p[0] - s->u.sphere.center.x) +
                     (p[1] - s->u.sphere.center.y) * (p[1] - s->u.sphere.center.y) +
                     (p[2] - s->u.sphere.center.z) * (p[2] - s->u.sphere.center.z)) -
               s->u.sphere.radius;
    case FC_SHAPE3_AABB: {
        const fc_aabb3 *b = &s->u.aabb;
        ld lo[3] = {b->min.x, b->min.y, b->min.z}, hi[3] = {b->max.x, b->max.y, b->max.z}, m = -1e30L;
        for (int k = 0; k < 3; k++)
            m = fmaxl(m, fmaxl(lo[k] - p[k], p[k] - hi[k]));
        return m;
    }
    case FC_SHAPE3_OBB: { /* oblique coordinates by Cramer's rule */
        const fc_obb3 *o = &s->u.obb;
        ld A[3][3], d[3] = {p[0] - o->center.x, p[1] - o->center.y, p[2] - o->center.z};
        for (int i = 0; i < 3; i++) {
            A[0][i] = o->axis[i].x / 65536.0L;
            A[1][i] = o->axis[i].y / 65536.0L;
            A[2][i] = o->axis[i].z / 65536.0L;
        }
        ld det = A[0][0] * (A[1][1] * A[2][2] - A[1][2] * A[2][1]) - A[0][1] * (A[1][0] * A[2][2] - A[1][2] * A[2][0]) +
                 A[0][2] * (A[1][0] * A[2][1] - A[1][1] * A[2][0]);
        ld h[3] = {o->half.x, o->half.y, o->half.z}, m = -1e30L;
        for (int i = 0; i < 3; i++) {
            ld B[3][3];
            memcpy(B, A, sizeof B);
            for (int r = 0; r < 3; r++)
                B[r][i] = d[r];
            ld di = B[0][0] * (B[1][1] * B[2][2] - B[1][2] * B[2][1]) - B[0][1] * (B[1][0] * B[2][2] - B[1][2] * B[2][0]) +
                    B[0][2] * (B[1][0] * B[2][1] - B[1][1] * B[2][0]);
            m = fmaxl(m, fabsl(di / det) - h[i]);
        }
        return m;
    }
    case FC_SHAPE3_CAPSULE: /* not a world body shape yet: never in a ray test world */
        return 1e30L;
    }
    return 1e30L;
}

typedef struct oray {
    ld o[3], d[3];
    int dim3;
    const fc_shape2 *s2;
    const fc_shape3 *s3;
} oray;

static ld f_at(const oray *r, ld t)
{
    ld p[3];
    for (int k = 0; k < 3; k++)
        p[k] = r->o[k] + t * r->d[k];
    return r->dim3 ? f_shape3(r->s3, p) : f_shape2(r->s2, p[0], p[1]);
}

/* 1 hit (t set), 0 miss, -1 too close to call (grazing). */
static int oracle_t(const oray *r, ld *t)
{
    const ld eps = 1e-4L; /* raw units */
    if (f_at(r, 0) <= -eps) {
        *t = 0;
        return 1;
    }
    if (f_at(r, 0) <= eps)
        return -1;
    ld lo = 0, hi = 1;
    for (int i = 0; i < 110; i++) {
        ld m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
        if (f_at(r, m1) <= f_at(r, m2))
            hi = m2;
        else
            lo = m1;
    }
    ld tmin = (lo + hi) / 2, fmin = f_at(r, tmin);
    if (fmin > eps)
        return 0;
    if (fmin > -eps)
        return -1;
    lo = 0;
    hi = tmin;
    for (int i = 0; i < 90; i++) {
        ld m = (lo + hi) / 2;
        if (f_at(r, m) <= 0)
            hi = m;
        else
            lo = m;
    }
    *t = hi;
    return 1;
}

/* ---- exact parameter comparison */
static fc_i128 I(int64_t v) { return fc_i128_from_i64(v); }

static ld rayt_value(const fc_rayt *t)
{
    ld p = (ld)fc_i128_low_i64(t->p), r = (ld)fc_i128_low_i64(t->r), q = (ld)fc_i128_low_i64(t->q);
    return (p + t->s * sqrtl(q)) / r;
}

static void param_compare(void)
{
    uint64_t s = 5;
    long bad = 0, agree = 0;
    for (int i = 0; i < 20000; i++) {
        int64_t p = (int64_t)(tu_rand64(&s) % (1ull << 40)) - (1ll << 39);
        int64_t q = (int64_t)(tu_rand64(&s) % (1ull << 60));
        int64_t r = 1 + (int64_t)(tu_rand64(&s) % (1ull << 40));
        int32_t sg = (int32_t)(tu_rand64(&s) % 3) - 1;
        if (i % 4 == 0) { /* perfect squares: exact equalities with rationals */
            int64_t k = (int64_t)(tu_rand64(&s) % (1u << 28));
            q = k * k;
        }
        fc_rayt a = fc_rayt_surd(I(p), sg, I(q), I(r));
        fc_rayt twice = fc_rayt_surd(I(2 * p), sg, I(4 * q), I(2 * r)); /* same value */
        fc_rayt up = fc_rayt_surd(I(p + 1), sg, I(q), I(r));            /* strictly larger */
        bad += fc_rayt_cmp(&a, &twice) != 0 || fc_rayt_cmp(&twice, &a) != 0;
        bad += fc_rayt_cmp(&a, &up) != -1 || fc_rayt_cmp(&up, &a) != 1;
        if (sg != 0 && i % 4 == 0) {
            int64_t k = (int64_t)sqrtl((ld)q);
            fc_rayt rat = fc_rayt_ratio(I(p + sg * k), I(r));
            bad += fc_rayt_cmp(&a, &rat) != 0;
        }
        /* against another random value, when long double can tell */
        fc_rayt b = fc_rayt_surd(I((int64_t)(tu_rand64(&s) % (1ull << 40)) - (1ll << 39)), (int32_t)(tu_rand64(&s) % 3) - 1,
                                 I((int64_t)(tu_rand64(&s) % (1ull << 60))), I(1 + (int64_t)(tu_rand64(&s) % (1ull << 40))));
        ld va = rayt_value(&a), vb = rayt_value(&b);
        if (fabsl(va - vb) > 1e-9L * (fabsl(va) + fabsl(vb) + 1)) {
            agree++;
            bad += fc_rayt_cmp(&a, &b) != (va < vb ? -1 : 1);
        }
        bad += fc_rayt_cmp(&a, &b) != -fc_rayt_cmp(&b, &a);
    }
    TU_CHECK(bad == 0 && agree > 10000, "exact parameter comparison: %ld wrong (%ld compared with long double)", bad, agree);
    /* floor16 on exact grid values and just below them */
    bad = 0;
    for (int k = 0; k <= 65536; k += 97) {
        fc_rayt t = fc_rayt_ratio(I(k), I(65536));
        fc_rayt below = fc_rayt_surd(I(k), -1, I(2), I(65536)); /* (k - 2) / 65536 < below < (k - 1) / 65536 */
        fc_rayt just = fc_rayt_ratio(I(3 * (int64_t)k - 1), I(3 * 65536));
        bad += fc_rayt_floor16(&t) != k;
        if (k >= 2)
            bad += fc_rayt_floor16(&below) != k - 2 || fc_rayt_floor16(&just) != k - 1;
    }
    TU_CHECK(bad == 0, "floor16: %ld wrong", bad);
}

/* ---- world rays */
static void check_hits(fc_world *w, const fc_body_id *ids, int32_t n, const oray *base, const fc_ray_hit *hits,
                       int32_t nh, long *bad, long *compared)
{
    /* every reported hit is real and its floor(t * 65536) matches */
    for (int32_t i = 0; i < nh; i++) {
        fc_shape2 s2;
        fc_shape3 s3;
        oray r = *base;
        if (r.dim3) {
            fc_world_get_shape3(w, hits[i].id, &s3);
            r.s3 = &s3;
        } else {
            fc_world_get_shape2(w, hits[i].id, &s2);
            r.s2 = &s2;
        }
        ld t;
        int o = oracle_t(&r, &t);
        if (o == -1)
            continue;
        ld scaled = t * 65536.0L;
        int32_t want = (int32_t)floorl(scaled), got = hits[i].t + (g_break ? 1 : 0);
        int near = fabsl(scaled - roundl(scaled)) < 1e-6L;
        if (o != 1 || (got != want && !(near && abs(got - want) <= 1))) {
            (*bad)++;
            if (*bad < 5)
                fprintf(stderr, "hit body %u: oracle %d t %.12Lf (x65536 %.6Lf), got %d\n", hits[i].id.index, o, t,
                        scaled, hits[i].t);
        }
        (*compared)++;
        if (i > 0 && hits[i].t < hits[i - 1].t) /* ordered by t (exact ties: ray_cases) */
            (*bad)++;
    }
    /* every oracle hit is reported */
    for (int32_t j = 0; j < n; j++) {
        fc_shape2 s2;
        fc_shape3 s3;
        oray r = *base;
        if (r.dim3) {
            fc_world_get_shape3(w, ids[j], &s3);
            r.s3 = &s3;
        } else {
            fc_world_get_shape2(w, ids[j], &s2);
            r.s2 = &s2;
        }
        int64_t lo[3], hi[3];
        if (r.dim3)
            wf_bounds3(&s3, lo, hi);
        else
            wf_bounds2(&s2, lo, hi);
        int apart = 0; /* the ray's box misses the shape's (test-side) bounds */
        for (int k = 0; k < (r.dim3 ? 3 : 2); k++)
            apart |= fminl(r.o[k], r.o[k] + r.d[k]) > hi[k] || fmaxl(r.o[k], r.o[k] + r.d[k]) < lo[k];
        ld t;
        if (apart || oracle_t(&r, &t) != 1)
            continue;
        int found = 0;
        for (int32_t i = 0; i < nh; i++)
            found |= hits[i].id.index == ids[j].index;
        if (!found) {
            (*bad)++;
            if (*bad < 5)
                fprintf(stderr, "missed body %u at t %.12Lf\n", ids[j].index, t);
        }
    }
}

static void world_rays(fc_world_dim dim)
{
    fc_world_def d = fc_world_def_default();
    d.dim = dim;
    d.bounds_log2 = 7;
    fc_world *w;
    fc_world_create(&d, &w);
    enum { N = 150 };
    fc_body_id ids[N];
    uint64_t s = 31 + (uint64_t)dim;
    for (int i = 0; i < N; i++) {
        fc_body_def bd = fc_body_def_default();
        if (dim == FC_WORLD_2D)
            bd.shape2 = wf_shape2(&s, 100);
        else
            bd.shape3 = wf_shape3(&s, 100);
        fc_world_create_body(w, &bd, &ids[i]);
    }
    long bad = 0, compared = 0, total_hits = 0;
    for (int k = 0; k < g_rays; k++) {
        oray r;
        memset(&r, 0, sizeof r);
        r.dim3 = dim == FC_WORLD_3D;
        fc_ray_hit closest;
        int hit;
        const fc_ray_hit *hits;
        int32_t nh;
        if (!r.dim3) {
            fc_ray2 ray;
            ray.origin = fc_vec2_make(wf_rand(&s, -10 * WF_U, 110 * WF_U), wf_rand(&s, -10 * WF_U, 110 * WF_U));
            ray.delta = fc_vec2_make(wf_rand(&s, -120 * WF_U, 120 * WF_U), wf_rand(&s, -120 * WF_U, 120 * WF_U));
            if (k % 10 == 0)
                ray.delta.y = 0; /* axis-parallel: grazes box edges */
            r.o[0] = ray.origin.x;
            r.o[1] = ray.origin.y;
            r.d[0] = ray.delta.x;
            r.d[1] = ray.delta.y;
            TU_CHECK(fc_world_raycast2(w, &ray, fc_filter_default(), &closest, &hit) == FC_OK, "raycast2");
            TU_CHECK(fc_world_raycast2_all(w, &ray, fc_filter_default(), &hits, &nh) == FC_OK, "raycast2_all");
        } else {
            fc_ray3 ray;
            ray.origin = fc_vec3_make(wf_rand(&s, -10 * WF_U, 110 * WF_U), wf_rand(&s, 0, 8 * WF_U),
                                      wf_rand(&s, -10 * WF_U, 110 * WF_U));
            ray.delta = fc_vec3_make(wf_rand(&s, -120 * WF_U, 120 * WF_U), wf_rand(&s, -4 * WF_U, 4 * WF_U),
                                     wf_rand(&s, -120 * WF_U, 120 * WF_U));
            for (int q = 0; q < 3; q++) {
                r.o[q] = q == 0 ? ray.origin.x : q == 1 ? ray.origin.y : ray.origin.z;
                r.d[q] = q == 0 ? ray.delta.x : q == 1 ? ray.delta.y : ray.delta.z;
            }
            TU_CHECK(fc_world_raycast3(w, &ray, fc_filter_default(), &closest, &hit) == FC_OK, "raycast3");
            TU_CHECK(fc_world_raycast3_all(w, &ray, fc_filter_default(), &hits, &nh) == FC_OK, "raycast3_all");
        }
        TU_CHECK(hit == (nh > 0) && (!hit || (fc_body_id_equal(closest.id, hits[0].id) && closest.t == hits[0].t)),
                 "closest is the first of all hits");
        total_hits += nh;
        check_hits(w, ids, N, &r, hits, nh, &bad, &compared);
    }
    TU_CHECK(bad == 0 && compared > g_rays / 3, "dim %d: %ld ray results differ from the oracle (%ld hits compared, %ld total)",
             (int)dim, bad, compared, total_hits);
    fc_world_destroy(w);
}

/* Exact touching and exact ties. */
static void ray_cases(void)
{
    fc_world_def d = fc_world_def_default();
    fc_world *w;
    fc_world_create(&d, &w);
    fc_body_def bd = fc_body_def_default();
    fc_body_id a, b, c, e;
    bd.shape2.type = FC_SHAPE2_AABB; /* two identical boxes: an exact tie */
    bd.shape2.u.aabb.min = fc_vec2_make(10 * WF_U, 0);
    bd.shape2.u.aabb.max = fc_vec2_make(12 * WF_U, 2 * WF_U);
    fc_world_create_body(w, &bd, &a);
    fc_world_create_body(w, &bd, &b);
    bd.shape2.type = FC_SHAPE2_CIRCLE; /* touched tangentially by the ray y = 3 */
    bd.shape2.u.circle.center = fc_vec2_make(5 * WF_U, 4 * WF_U);
    bd.shape2.u.circle.radius = WF_U;
    fc_world_create_body(w, &bd, &c);
    bd.filter.category = 4; /* filtered out by the query below */
    bd.shape2.u.circle.center = fc_vec2_make(15 * WF_U, 1 * WF_U);
    fc_world_create_body(w, &bd, &e);
    fc_ray2 ray = {fc_vec2_make(0, 2 * WF_U), fc_vec2_make(20 * WF_U, 0)}; /* along the boxes' top edge */
    const fc_ray_hit *h;
    int32_t n;
    fc_filter f = {1, 0xFFFFFFFFu};
    f.mask = 0x3;
    fc_world_raycast2_all(w, &ray, f, &h, &n);
    TU_CHECK(n == 2 && h[0].id.index == a.index && h[1].id.index == b.index && h[0].t == 32768 && h[1].t == 32768,
             "grazing an edge hits; exact tie ordered by index (n %d)", n);
    fc_ray2 tangent = {fc_vec2_make(0, 3 * WF_U), fc_vec2_make(20 * WF_U, 0)};
    fc_world_raycast2_all(w, &tangent, f, &h, &n);
    TU_CHECK(n == 1 && h[0].id.index == c.index && h[0].t == 16384, "tangent ray touches the circle at t = 1/4");
    fc_ray2 inside = {fc_vec2_make(11 * WF_U, WF_U), fc_vec2_make(WF_U, 0)};
    fc_ray_hit one;
    int hit;
    fc_world_raycast2(w, &inside, f, &one, &hit);
    TU_CHECK(hit && one.t == 0 && one.id.index == a.index, "origin inside: t = 0, lowest index");
    fc_ray2 zero = {fc_vec2_make(0, 0), fc_vec2_make(0, 0)}, far = {fc_vec2_make(FC_COORD_LIMIT + 1, 0), fc_vec2_make(1, 0)};
    TU_CHECK(fc_world_raycast2(w, &zero, f, &one, &hit) == FC_ERR_ARGUMENT, "zero delta");
    TU_CHECK(fc_world_raycast2(w, &far, f, &one, &hit) == FC_ERR_RANGE, "origin out of range");
    fc_ray3 r3 = {fc_vec3_make(0, 0, 0), fc_vec3_make(1, 0, 0)};
    TU_CHECK(fc_world_raycast3(w, &r3, f, &one, &hit) == FC_ERR_SHAPE_TYPE, "3D ray in a 2D world");
    (void)e;
    fc_world_destroy(w);
}

int main(int argc, char **argv)
{
    g_break = argc > 1 && strcmp(argv[1], "--break") == 0;
    g_rays = argc > 2 ? atoi(argv[2]) : 300;
    param_compare();
    ray_cases();
    world_rays(FC_WORLD_2D);
    world_rays(FC_WORLD_3D);
    return tu_finish("ray");
}
