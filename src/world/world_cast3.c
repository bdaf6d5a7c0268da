/* SPDX-License-Identifier: MIT */
/* World shape casts in 3D (fixcol/cast.h): the broadphase candidates of the
 * swept bounding box (the moving shape's box at t = 0 united with it at
 * t = 1), filtered as the ray casts, each cast exactly (cast3d.c); hits
 * ordered by (exact t, body index), a total order. */
#include "world_internal.h"
#include "world_cast_best.h"

#include <string.h>

#include "cast/cast3d_internal.h"
#include "core/nofloat.h"

/* The should-fail twin of the stop rule (tests/meson.build builds this
 * file with -DFC_CAST_FILTER_TWIN): it raises each candidate's bound by
 * 2^-31, so it also stops at a candidate whose bound may equal the best. */
#ifdef FC_CAST_FILTER_TWIN
#define CAST3_STOP_SLACK 1
#else
#define CAST3_STOP_SLACK 0
#endif

static int key_less(const fc_cast3_key *a, const fc_cast3_key *b)
{
    int c = fc_castt_cmp(&a->t, &b->t);
    return c < 0 || (c == 0 && a->index < b->index);
}

typedef struct cast_ctx {
    fc_world *w;
    const fc_shape3 *moving;
    fc_vec3 delta;
    fc_filter filter;
    const fc_body_id *exclude; /* skipped bodies (fc_cast_query), nexclude of them */
    int32_t nexclude;
    int32_t lo[3], hi[3]; /* the moving shape's bounds at t = 0 */
    int closest;          /* collect lower-bound keys (query_idx) instead of hits */
} cast_ctx;

/* The closest cast's candidate key: floor(2^31 lb) << 32 | index, lb the
 * exact entry of the swept bounding boxes (a lower bound of the shapes'
 * entry), so the keys sort by lower bound, then index. */
static void push_bound_key(cast_ctx *c, uint32_t i, const fc_body *b)
{
    fc_world *w = c->w;
    int64_t num, den;
    int32_t bmin[3], bmax[3];
    fc_body_bounds(w, b, bmin, bmax);
    if (!fc_cast3_bounds_entry(c->lo, c->hi, c->delta, bmin, bmax, &num, &den))
        return; /* the bounding boxes never meet: a miss */
    uint64_t q = (uint64_t)((num << 31) / den); /* 0 <= num <= den < 2^32: <= 2^31 */
    if (w->query_idx.count == w->query_idx.cap && !fc_buf_reserve(&w->def.alloc, &w->query_idx, w->query_idx.count + 1)) {
        w->oom = 1;
        return;
    }
    ((uint64_t *)w->query_idx.data)[w->query_idx.count++] = q << 32 | i;
}

static void on_candidate(void *ctx, uint32_t i)
{
    cast_ctx *c = (cast_ctx *)ctx;
    fc_world *w = c->w;
    const fc_body *b = &w->bodies[i];
    if ((b->filter.category & c->filter.mask) == 0 || (c->filter.category & b->filter.mask) == 0)
        return;
    if (fc_world_cast_excluded(w, i, c->exclude, c->nexclude))
        return;
    if (c->closest) {
        push_bound_key(c, i, b);
        return;
    }
    fc_cast3_key k;
    k.index = i;
    fc_shape3 tmp;
    if (!fc_cast3_exact(c->moving, c->delta, fc_body_shape3(w, b, &tmp), &k.t, &k.f))
        return;
    if (w->cast3_tmp.count == w->cast3_tmp.cap && !fc_buf_reserve(&w->def.alloc, &w->cast3_tmp, w->cast3_tmp.count + 1)) {
        w->oom = 1;
        return;
    }
    ((fc_cast3_key *)w->cast3_tmp.data)[w->cast3_tmp.count++] = k;
}

static int32_t clamp32(int64_t v)
{
    return v < INT32_MIN ? INT32_MIN : v > INT32_MAX ? INT32_MAX : (int32_t)v;
}

/* Argument checks, then every hit into cast3_tmp (unsorted), or with
 * closest the candidates' lower-bound keys into query_idx. */
static fc_status cast_hits(fc_world *w, const fc_shape3 *moving, fc_vec3 delta, fc_filter filter,
                           const fc_body_id *exclude, int32_t nexclude, const void *o1, const void *o2, int closest)
{
    if (w == NULL || moving == NULL || o1 == NULL || o2 == NULL)
        return FC_ERR_NULL;
    if (w->def.dim != FC_WORLD_3D)
        return FC_ERR_SHAPE_TYPE;
    fc_status st = fc_cast3_check(moving, delta, moving);
    if (st != FC_OK)
        return st;
    cast_ctx c;
    int32_t lo[3], hi[3];
    for (int k = 0; k < 3; k++)
        c.lo[k] = c.hi[k] = 0; /* set below: the shape is valid */
    fc_shape3_bounds(moving, c.lo, c.hi);
    const int64_t d[3] = {delta.x, delta.y, delta.z};
    for (int k = 0; k < 3; k++) {
        lo[k] = clamp32(c.lo[k] + (d[k] < 0 ? d[k] : 0));
        hi[k] = clamp32(c.hi[k] + (d[k] > 0 ? d[k] : 0));
    }
    w->oom = 0;
    w->cast3_tmp.count = 0;
    w->query_idx.count = 0;
    c.w = w;
    c.moving = moving;
    c.delta = delta;
    c.filter = filter;
    c.exclude = exclude;
    c.nexclude = nexclude;
    c.closest = closest;
    fc_qt_query(w->qt, fc_world_qt_box(w, lo, hi), on_candidate, &c);
    return w->oom ? FC_ERR_NO_MEMORY : FC_OK;
}

void fc_world_cast3_fill(const fc_world *w, const fc_shape3 *moving, const fc_cast3_key *k, fc_cast3_hit *out)
{
    fc_world_id_of(w, k->index, &out->id);
    out->t = fc_castt_floor16(&k->t);
    fc_shape3 tmp;
    fc_cast3_normal(moving, fc_body_shape3(w, &w->bodies[k->index], &tmp), &k->t, &k->f, &out->normal);
}

/* Closest: the candidates in order of their swept-bounds lower bound lb
 * (then index), cast exactly until a bound floor(2^31 lb) / 2^31 exceeds
 * the best exact t: every candidate left has t >= lb > best, so the least
 * (exact t, index) is the same as over all candidates (a bound equal to
 * the best is cast: a tie may win by index). */
fc_status fc_world_cast3_best(fc_world *w, const fc_shape3 *moving, fc_vec3 delta, fc_filter filter,
                              const fc_body_id *exclude, int32_t nexclude, const void *out, const void *hit,
                              fc_cast3_key *best_out, int *have_out)
{
    fc_status st = cast_hits(w, moving, delta, filter, exclude, nexclude, out, hit, 1);
    if (st != FC_OK)
        return st;
    size_t n = w->query_idx.count;
    if (n > 0 && !fc_buf_reserve(&w->def.alloc, &w->query_tmp, n))
        return FC_ERR_NO_MEMORY;
    uint64_t *keys = (uint64_t *)w->query_idx.data;
    if (n > 0)
        fc_sort_u64(keys, (uint64_t *)w->query_tmp.data, n);
    fc_cast3_key slot[2], *best = &slot[0], *cur = &slot[1];
    int found = 0;
    fc_big scale = fc_big_from_i128(fc_i128_from_i64((int64_t)1 << 31));
    for (size_t i = 0; i < n; i++) {
        if (found) {
            fc_big q = fc_big_from_i128(fc_i128_from_i64((int64_t)(keys[i] >> 32) + CAST3_STOP_SLACK));
            fc_castt lb = fc_castt_ratio(&q, &scale);
            if (fc_castt_cmp(&best->t, &lb) < 0)
                break;
        }
        cur->index = (uint32_t)keys[i];
        fc_shape3 tmp;
        if (!fc_cast3_exact(moving, delta, fc_body_shape3(w, &w->bodies[cur->index], &tmp), &cur->t, &cur->f))
            continue;
        if (!found || key_less(cur, best)) {
            fc_cast3_key *was = best;
            best = cur;
            cur = was;
            found = 1;
        }
    }
    *have_out = found;
    if (found)
        *best_out = *best;
    return FC_OK;
}

fc_status fc_world_cast3(fc_world *w, const fc_shape3 *moving, fc_vec3 delta, fc_filter filter, fc_cast3_hit *out,
                         int *hit)
{
    fc_cast3_key best;
    int found = 0;
    fc_status st = fc_world_cast3_best(w, moving, delta, filter, NULL, 0, out, hit, &best, &found);
    if (st != FC_OK)
        return st;
    *hit = found;
    if (found)
        fc_world_cast3_fill(w, moving, &best, out);
    return FC_OK;
}

/* Bottom-up merge sort of n keys by key_less (a total order). */
static void sort_keys(fc_cast3_key *a, fc_cast3_key *tmp, size_t n)
{
    for (size_t width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                tmp[k++] = key_less(&a[j], &a[i]) ? a[j++] : a[i++];
            while (i < mid)
                tmp[k++] = a[i++];
            while (j < hi)
                tmp[k++] = a[j++];
        }
        memcpy(a, tmp, n * sizeof *a);
    }
}

fc_status fc_world_cast3_all(fc_world *w, const fc_shape3 *moving, fc_vec3 delta, fc_filter filter,
                             const fc_cast3_hit **hits, int32_t *count)
{
    fc_status st = cast_hits(w, moving, delta, filter, NULL, 0, hits, count, 0);
    if (st != FC_OK)
        return st;
    size_t n = w->cast3_tmp.count;
    if (n == 0) { /* cast3_tmp.data may be NULL, and NULL + 0 is undefined */
        w->cast3_hits.count = 0;
        *hits = (const fc_cast3_hit *)w->cast3_hits.data;
        *count = 0;
        return FC_OK;
    }
    if (!fc_buf_reserve(&w->def.alloc, &w->cast3_tmp, 2 * n) || !fc_buf_reserve(&w->def.alloc, &w->cast3_hits, n))
        return FC_ERR_NO_MEMORY;
    fc_cast3_key *k = (fc_cast3_key *)w->cast3_tmp.data;
    sort_keys(k, k + n, n);
    fc_cast3_hit *out = (fc_cast3_hit *)w->cast3_hits.data;
    for (size_t i = 0; i < n; i++)
        fc_world_cast3_fill(w, moving, &k[i], &out[i]);
    w->cast3_hits.count = n;
    *hits = out;
    *count = (int32_t)n;
    return FC_OK;
}
