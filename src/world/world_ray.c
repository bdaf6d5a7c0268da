/* SPDX-License-Identifier: MIT */
/* World ray casts: the exact entry parameter (cast/ray_shape.c) of a
 * segment ray into each broadphase candidate of the ray's bounding box that
 * passes the filter. Hits are ordered by exact parameter, then by body
 * index. */
#include "world_internal.h"
#include "cast/ray_shape.h"

#include <string.h>

#include "core/nofloat.h"

/* ---------------------------------------------------------------- world */

static int ray_less(const fc_ray_key *a, const fc_ray_key *b)
{
    int c = fc_rayt_cmp(&a->t, &b->t);
    return c < 0 || (c == 0 && a->index < b->index);
}

typedef struct ray_ctx {
    fc_world *w;
    const fc_ray_seg *r;
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
    int hit = w->def.dim == FC_WORLD_3D ? fc_ray_shape3(c->r, fc_body_shape3(w, b, &t3), &k.t)
                                        : fc_ray_shape2(c->r, fc_body_shape2(w, b, &t2), &k.t);
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
static fc_status world_ray_hits(fc_world *w, const fc_ray_seg *r, int dims, fc_filter filter)
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

static fc_status world_raycast(fc_world *w, const fc_ray_seg *r, int dims, fc_filter filter, fc_ray_hit *out, int *hit)
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

static fc_status world_raycast_all(fc_world *w, const fc_ray_seg *r, int dims, fc_filter filter, const fc_ray_hit **hits,
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

static fc_ray_seg ray_of2(const fc_ray2 *ray)
{
    fc_ray_seg r;
    memset(&r, 0, sizeof r);
    r.o[0] = ray->origin.x;
    r.o[1] = ray->origin.y;
    r.d[0] = ray->delta.x;
    r.d[1] = ray->delta.y;
    return r;
}

static fc_ray_seg ray_of3(const fc_ray3 *ray)
{
    fc_ray_seg r;
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
    fc_ray_seg r = ray_of2(ray);
    return world_raycast(w, &r, 2, filter, out, hit);
}

fc_status fc_world_raycast3(fc_world *w, const fc_ray3 *ray, fc_filter filter, fc_ray_hit *out, int *hit)
{
    fc_status st = ray_args(w, FC_WORLD_3D, ray, out, hit);
    if (st != FC_OK)
        return st;
    fc_ray_seg r = ray_of3(ray);
    return world_raycast(w, &r, 3, filter, out, hit);
}

fc_status fc_world_raycast2_all(fc_world *w, const fc_ray2 *ray, fc_filter filter, const fc_ray_hit **hits,
                                int32_t *count)
{
    fc_status st = ray_args(w, FC_WORLD_2D, ray, hits, count);
    if (st != FC_OK)
        return st;
    fc_ray_seg r = ray_of2(ray);
    return world_raycast_all(w, &r, 2, filter, hits, count);
}

fc_status fc_world_raycast3_all(fc_world *w, const fc_ray3 *ray, fc_filter filter, const fc_ray_hit **hits,
                                int32_t *count)
{
    fc_status st = ray_args(w, FC_WORLD_3D, ray, hits, count);
    if (st != FC_OK)
        return st;
    fc_ray_seg r = ray_of3(ray);
    return world_raycast_all(w, &r, 3, filter, hits, count);
}
