/* SPDX-License-Identifier: MIT */
/* Ray casts: exact entry parameter of a segment ray o + t d, t in [0, 1],
 * into each shape, from the broadphase candidates of the ray's bounding
 * box. Polygonal shapes are clipped against their half-planes / slabs
 * (rational parameters); circles, spheres and capsule caps solve the
 * quadratic exactly as a surd (see ray_param.h). Hits are ordered by exact
 * parameter, then by body index. */
#include "world_internal.h"

#include <string.h>

#include "core/nofloat.h"

static fc_i128 I(int64_t v)
{
    return fc_i128_from_i64(v);
}

static fc_i128 mul(int64_t a, int64_t b)
{
    return fc_i128_mul_i64(a, b);
}

static fc_i128 add(fc_i128 a, fc_i128 b)
{
    return fc_i128_add(a, b);
}

static fc_i128 sub(fc_i128 a, fc_i128 b)
{
    return fc_i128_sub(a, b);
}

/* The ray with int64 components (z unused in 2D). */
typedef struct ray_i {
    int64_t o[3], d[3];
} ray_i;

/* Rational slab constraint: lo <= o[k] + t d[k] <= hi. */
static void clip_slab(fc_ray_clip *c, const ray_i *r, int k, int64_t lo, int64_t hi)
{
    fc_ray_clip_add(c, I(r->o[k] - hi), I(r->d[k]), 0, I(0));
    fc_ray_clip_add(c, I(lo - r->o[k]), I(-r->d[k]), 0, I(0));
}

/* |f0 + t f1| <= bound, all exact integers. */
static void clip_band(fc_ray_clip *c, fc_i128 f0, fc_i128 f1, fc_i128 bound)
{
    fc_ray_clip_add(c, sub(f0, bound), f1, 0, I(0));
    fc_ray_clip_add(c, sub(fc_i128_neg(f0), bound), fc_i128_neg(f1), 0, I(0));
}

/* Entry into a ball of radius rad at centre cen (dims 2 or 3). */
static int ray_ball(const ray_i *r, const int64_t cen[3], int64_t rad, int dims, fc_rayt *t)
{
    int64_t m[3] = {0, 0, 0};
    for (int k = 0; k < dims; k++)
        m[k] = r->o[k] - cen[k];
    /* |m|, |d| <= 2^30 per component: each sum below is < 2^62 */
    int64_t a = 0, b = 0, cc = -rad * rad;
    for (int k = 0; k < dims; k++) {
        a += r->d[k] * r->d[k];
        b += m[k] * r->d[k];
        cc += m[k] * m[k];
    }
    if (cc <= 0) {
        *t = fc_rayt_ratio(I(0), I(1));
        return 1;
    }
    if (b >= 0)
        return 0; /* outside and not approaching */
    fc_i128 disc = sub(mul(b, b), mul(a, cc));
    if (fc_i128_sign(disc) < 0)
        return 0;
    *t = fc_rayt_surd(I(-b), -1, disc, I(a));
    fc_rayt one = fc_rayt_ratio(I(1), I(1));
    return fc_rayt_cmp(t, &one) <= 0;
}

static int clip_result(const fc_ray_clip *c, fc_rayt *t)
{
    if (!fc_ray_clip_hit(c))
        return 0;
    *t = c->enter;
    return 1;
}

/* The band of an oriented box axis u (Q16.16) with half-extent h around
 * centre cen: |2^16 (p - cen) . u| <= h (u . u). */
static void clip_axis2(fc_ray_clip *c, const ray_i *r, fc_vec2 cen, int64_t ux, int64_t uy, int64_t h)
{
    fc_i128 f0 = fc_i128_shl(add(mul(r->o[0] - cen.x, ux), mul(r->o[1] - cen.y, uy)), 16);
    fc_i128 f1 = fc_i128_shl(add(mul(r->d[0], ux), mul(r->d[1], uy)), 16);
    clip_band(c, f0, f1, mul(h, ux * ux + uy * uy));
}

static int ray_capsule(const ray_i *r, const fc_capsule2 *cap, fc_rayt *t)
{
    int64_t a[3] = {cap->a.x, cap->a.y, 0}, b[3] = {cap->b.x, cap->b.y, 0};
    fc_rayt best = fc_rayt_ratio(I(0), I(1)), cur = best; /* set before use; initialised for the analysis */
    int hit = 0;
    for (int k = 0; k < 2; k++)
        if (ray_ball(r, k ? b : a, cap->radius, 2, &cur) && (!hit || fc_rayt_cmp(&cur, &best) < 0)) {
            best = cur;
            hit = 1;
        }
    int64_t ex = b[0] - a[0], ey = b[1] - a[1];
    if (ex != 0 || ey != 0) { /* the rectangle between the caps */
        fc_ray_clip c;
        fc_ray_clip_init(&c);
        int64_t mx = r->o[0] - a[0], my = r->o[1] - a[1];
        fc_i128 ee = add(mul(ex, ex), mul(ey, ey));
        fc_i128 q = fc_i128_mul_i64(cap->radius * (int64_t)cap->radius, fc_i128_low_i64(ee)); /* r^2 |e|^2 */
        fc_i128 l0 = sub(mul(mx, ey), mul(my, ex)), l1 = sub(mul(r->d[0], ey), mul(r->d[1], ex));
        fc_ray_clip_add(&c, l0, l1, 1, q);
        fc_ray_clip_add(&c, fc_i128_neg(l0), fc_i128_neg(l1), 1, q);
        fc_i128 p0 = add(mul(mx, ex), mul(my, ey)), p1 = add(mul(r->d[0], ex), mul(r->d[1], ey));
        fc_ray_clip_add(&c, fc_i128_neg(p0), fc_i128_neg(p1), 0, I(0));
        fc_ray_clip_add(&c, sub(p0, ee), p1, 0, I(0));
        if (clip_result(&c, &cur) && (!hit || fc_rayt_cmp(&cur, &best) < 0)) {
            best = cur;
            hit = 1;
        }
    }
    if (hit)
        *t = best;
    return hit;
}

static int ray_shape2(const ray_i *r, const fc_shape2 *s, fc_rayt *t)
{
    fc_ray_clip c;
    fc_ray_clip_init(&c);
    switch (s->type) {
    case FC_SHAPE2_CIRCLE: {
        int64_t cen[3] = {s->u.circle.center.x, s->u.circle.center.y, 0};
        return ray_ball(r, cen, s->u.circle.radius, 2, t);
    }
    case FC_SHAPE2_AABB:
        clip_slab(&c, r, 0, s->u.aabb.min.x, s->u.aabb.max.x);
        clip_slab(&c, r, 1, s->u.aabb.min.y, s->u.aabb.max.y);
        return clip_result(&c, t);
    case FC_SHAPE2_OBB: {
        const fc_obb2 *o = &s->u.obb;
        clip_axis2(&c, r, o->center, o->rot.c, o->rot.s, o->half.x);
        clip_axis2(&c, r, o->center, -(int64_t)o->rot.s, o->rot.c, o->half.y);
        return clip_result(&c, t);
    }
    case FC_SHAPE2_CAPSULE: return ray_capsule(r, &s->u.capsule, t);
    case FC_SHAPE2_POLY: {
        const fc_poly2 *p = &s->u.poly;
        for (int32_t i = 0; i < p->count; i++) {
            fc_vec2 v = p->v[i], w = p->v[(i + 1) % p->count];
            int64_t nx = (int64_t)w.y - v.y, ny = (int64_t)v.x - w.x; /* outward normal of a CCW edge */
            fc_ray_clip_add(&c, add(mul(nx, r->o[0] - v.x), mul(ny, r->o[1] - v.y)),
                            add(mul(nx, r->d[0]), mul(ny, r->d[1])), 0, I(0));
        }
        return clip_result(&c, t);
    }
    }
    return 0;
}

static int ray_shape3(const ray_i *r, const fc_shape3 *s, fc_rayt *t)
{
    fc_ray_clip c;
    fc_ray_clip_init(&c);
    switch (s->type) {
    case FC_SHAPE3_SPHERE: {
        int64_t cen[3] = {s->u.sphere.center.x, s->u.sphere.center.y, s->u.sphere.center.z};
        return ray_ball(r, cen, s->u.sphere.radius, 3, t);
    }
    case FC_SHAPE3_AABB:
        clip_slab(&c, r, 0, s->u.aabb.min.x, s->u.aabb.max.x);
        clip_slab(&c, r, 1, s->u.aabb.min.y, s->u.aabb.max.y);
        clip_slab(&c, r, 2, s->u.aabb.min.z, s->u.aabb.max.z);
        return clip_result(&c, t);
    case FC_SHAPE3_OBB: {
        /* Parallelepiped centre + sum t_i axis_i: with n_i = axis_j x axis_k
         * (cyclic) and det = axis_0 . n_0 > 0, |t_i| <= h_i is
         * |2^16 (p - centre) . n_i| <= h_i det. */
        const fc_obb3 *o = &s->u.obb;
        const int64_t h[3] = {o->half.x, o->half.y, o->half.z};
        fc_vec3w n[3];
        for (int i = 0; i < 3; i++)
            n[i] = fc_vec3_cross(o->axis[(i + 1) % 3], o->axis[(i + 2) % 3]);
        fc_i128 det = add(add(mul(o->axis[0].x, n[0].x), mul(o->axis[0].y, n[0].y)), mul(o->axis[0].z, n[0].z));
        int64_t m[3] = {r->o[0] - o->center.x, r->o[1] - o->center.y, r->o[2] - o->center.z};
        for (int i = 0; i < 3; i++) {
            fc_i128 f0 = fc_i128_shl(add(add(mul(m[0], n[i].x), mul(m[1], n[i].y)), mul(m[2], n[i].z)), 16);
            fc_i128 f1 = fc_i128_shl(add(add(mul(r->d[0], n[i].x), mul(r->d[1], n[i].y)), mul(r->d[2], n[i].z)), 16);
            clip_band(&c, f0, f1, mul(h[i], fc_i128_low_i64(det))); /* 0 < det < 2^51 */
        }
        return clip_result(&c, t);
    }
    }
    return 0;
}

/* ---------------------------------------------------------------- world */

static int ray_less(const fc_ray_key *a, const fc_ray_key *b)
{
    int c = fc_rayt_cmp(&a->t, &b->t);
    return c < 0 || (c == 0 && a->index < b->index);
}

typedef struct ray_ctx {
    fc_world *w;
    const ray_i *r;
    fc_filter filter;
} ray_ctx;

static void on_ray_candidate(void *ctx, uint32_t i)
{
    ray_ctx *c = (ray_ctx *)ctx;
    fc_world *w = c->w;
    const fc_body *b = &w->bodies[i];
    if ((b->filter.category & c->filter.mask) == 0 || (c->filter.category & b->filter.mask) == 0)
        return;
    fc_ray_key k;
    k.index = i;
    fc_shape2 t2;
    fc_shape3 t3;
    int hit = w->def.dim == FC_WORLD_3D ? ray_shape3(c->r, fc_body_shape3(w, b, &t3), &k.t)
                                        : ray_shape2(c->r, fc_body_shape2(w, b, &t2), &k.t);
    if (!hit)
        return;
    if (w->ray_tmp.count == w->ray_tmp.cap && !fc_buf_reserve(&w->def.alloc, &w->ray_tmp, w->ray_tmp.count + 1)) {
        w->oom = 1;
        return;
    }
    ((fc_ray_key *)w->ray_tmp.data)[w->ray_tmp.count++] = k;
}

static int coord_ok(int64_t v)
{
    return v >= -FC_COORD_LIMIT && v <= FC_COORD_LIMIT;
}

static int delta_ok(int64_t v)
{
    return v >= -2 * (int64_t)FC_COORD_LIMIT && v <= 2 * (int64_t)FC_COORD_LIMIT;
}

/* Every hit into ray_tmp (unsorted). */
static fc_status world_ray_hits(fc_world *w, const ray_i *r, int dims, fc_filter filter)
{
    int zero = 1;
    for (int k = 0; k < dims; k++) {
        if (!coord_ok(r->o[k]) || !delta_ok(r->d[k]))
            return FC_ERR_RANGE;
        zero &= r->d[k] == 0;
    }
    if (zero)
        return FC_ERR_ARGUMENT;
    int32_t lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
    for (int k = 0; k < dims; k++) {
        int64_t e = r->o[k] + r->d[k];
        lo[k] = (int32_t)(e < r->o[k] ? e : r->o[k]);
        hi[k] = (int32_t)(e < r->o[k] ? r->o[k] : e);
    }
    w->oom = 0;
    w->ray_tmp.count = 0;
    ray_ctx c;
    c.w = w;
    c.r = r;
    c.filter = filter;
    fc_qt_query(w->qt, fc_world_qt_box(w, lo, hi), on_ray_candidate, &c);
    return w->oom ? FC_ERR_NO_MEMORY : FC_OK;
}

static fc_status world_raycast(fc_world *w, const ray_i *r, int dims, fc_filter filter, fc_ray_hit *out, int *hit)
{
    *hit = 0;
    fc_status st = world_ray_hits(w, r, dims, filter);
    if (st != FC_OK)
        return st;
    const fc_ray_key *k = (const fc_ray_key *)w->ray_tmp.data;
    size_t best = 0;
    for (size_t i = 1; i < w->ray_tmp.count; i++)
        if (ray_less(&k[i], &k[best]))
            best = i;
    if (w->ray_tmp.count > 0) {
        fc_world_id_of(w, k[best].index, &out->id);
        out->t = fc_rayt_floor16(&k[best].t);
        *hit = 1;
    }
    return FC_OK;
}

/* Bottom-up merge sort of n keys by ray_less (a total order). */
static void sort_keys(fc_ray_key *a, fc_ray_key *tmp, size_t n)
{
    for (size_t width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                tmp[k++] = ray_less(&a[j], &a[i]) ? a[j++] : a[i++];
            while (i < mid)
                tmp[k++] = a[i++];
            while (j < hi)
                tmp[k++] = a[j++];
        }
        memcpy(a, tmp, n * sizeof *a);
    }
}

static fc_status world_raycast_all(fc_world *w, const ray_i *r, int dims, fc_filter filter, const fc_ray_hit **hits,
                                   int32_t *count)
{
    *hits = NULL;
    *count = 0;
    fc_status st = world_ray_hits(w, r, dims, filter);
    if (st != FC_OK)
        return st;
    size_t n = w->ray_tmp.count;
    w->ray_hits.count = 0;
    if (n == 0) { /* no keys: ray_tmp.data may be NULL, and NULL + 0 is undefined */
        *hits = (const fc_ray_hit *)w->ray_hits.data;
        return FC_OK;
    }
    if (!fc_buf_reserve(&w->def.alloc, &w->ray_tmp, 2 * n) || !fc_buf_reserve(&w->def.alloc, &w->ray_hits, n))
        return FC_ERR_NO_MEMORY;
    fc_ray_key *k = (fc_ray_key *)w->ray_tmp.data;
    sort_keys(k, k + n, n);
    fc_ray_hit *out = (fc_ray_hit *)w->ray_hits.data;
    for (size_t i = 0; i < n; i++) {
        fc_world_id_of(w, k[i].index, &out[i].id);
        out[i].t = fc_rayt_floor16(&k[i].t);
    }
    w->ray_hits.count = n;
    *hits = out;
    *count = (int32_t)n;
    return FC_OK;
}

static ray_i ray_of2(const fc_ray2 *ray)
{
    ray_i r;
    memset(&r, 0, sizeof r);
    r.o[0] = ray->origin.x;
    r.o[1] = ray->origin.y;
    r.d[0] = ray->delta.x;
    r.d[1] = ray->delta.y;
    return r;
}

static ray_i ray_of3(const fc_ray3 *ray)
{
    ray_i r;
    r.o[0] = ray->origin.x;
    r.o[1] = ray->origin.y;
    r.o[2] = ray->origin.z;
    r.d[0] = ray->delta.x;
    r.d[1] = ray->delta.y;
    r.d[2] = ray->delta.z;
    return r;
}

/* Argument checks shared by the four entry points. */
static fc_status ray_args(const fc_world *w, fc_world_dim want, const void *ray, const void *out, const void *n)
{
    if (w == NULL || ray == NULL || out == NULL || n == NULL)
        return FC_ERR_NULL;
    return w->def.dim == want ? FC_OK : FC_ERR_SHAPE_TYPE;
}

fc_status fc_world_raycast2(fc_world *w, const fc_ray2 *ray, fc_filter filter, fc_ray_hit *out, int *hit)
{
    fc_status st = ray_args(w, FC_WORLD_2D, ray, out, hit);
    if (st != FC_OK)
        return st;
    ray_i r = ray_of2(ray);
    return world_raycast(w, &r, 2, filter, out, hit);
}

fc_status fc_world_raycast3(fc_world *w, const fc_ray3 *ray, fc_filter filter, fc_ray_hit *out, int *hit)
{
    fc_status st = ray_args(w, FC_WORLD_3D, ray, out, hit);
    if (st != FC_OK)
        return st;
    ray_i r = ray_of3(ray);
    return world_raycast(w, &r, 3, filter, out, hit);
}

fc_status fc_world_raycast2_all(fc_world *w, const fc_ray2 *ray, fc_filter filter, const fc_ray_hit **hits,
                                int32_t *count)
{
    fc_status st = ray_args(w, FC_WORLD_2D, ray, hits, count);
    if (st != FC_OK)
        return st;
    ray_i r = ray_of2(ray);
    return world_raycast_all(w, &r, 2, filter, hits, count);
}

fc_status fc_world_raycast3_all(fc_world *w, const fc_ray3 *ray, fc_filter filter, const fc_ray_hit **hits,
                                int32_t *count)
{
    fc_status st = ray_args(w, FC_WORLD_3D, ray, hits, count);
    if (st != FC_OK)
        return st;
    ray_i r = ray_of3(ray);
    return world_raycast_all(w, &r, 3, filter, hits, count);
}

int fc_ray2_entry(fc_vec2 origin, int64_t dx, int64_t dy, const fc_shape2 *s, fc_rayt *t)
{
    ray_i r = {{origin.x, origin.y, 0}, {dx, dy, 0}};
    return ray_shape2(&r, s, t);
}
