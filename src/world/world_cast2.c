/* SPDX-License-Identifier: MIT */
/* World shape casts in 2D: broadphase candidates of the swept bounding box
 * (the moving shape's bounds at t = 0 and t = 1), the filter as in the ray
 * casts, the exact pair cast per candidate (cast2d.c), hits ordered by
 * (exact t, body index). Normals are computed only for reported hits. */
#include "world_internal.h"
#include "world_cast2_keys.h"
#include "world_cast_best.h"

#include <string.h>

#include "cast/cast2d_internal.h"
#include "cast/cast3d_internal.h"
#include "core/sort.h"
#include "core/nofloat.h"

/* The should-fail twin of the stop rule (tests/meson.build builds this
 * file with -DFC_CAST_FILTER_TWIN): it raises each candidate's bound by
 * 2^-31, so it also stops at a candidate whose bound may equal the best
 * (skipping ties at equal t and hits up to 2^-31 earlier). */
#ifdef FC_CAST_FILTER_TWIN
#define CAST2_STOP_SLACK 1
#else
#define CAST2_STOP_SLACK 0
#endif

static int key_less(const void *pa, const void *pb)
{
    const cast2_key *a = (const cast2_key *)pa, *b = (const cast2_key *)pb;
    int c = fc_castt_cmp(&a->t, &b->t);
    return c < 0 || (c == 0 && a->index < b->index);
}

typedef struct cast_ctx {
    fc_world *w;
    const fc_shape2 *moving;
    fc_vec2 delta;
    fc_filter filter;
    const fc_body_id *exclude; /* skipped bodies (fc_cast_query), nexclude of them */
    int32_t nexclude;
    int32_t min[3], max[3]; /* the moving shape's bounds at t = 0 */
    int all; /* 1: push every hit into cast2_tmp; 0: push candidates into cast2_cand */
} cast_ctx;

/* The swept-box entry lb of the moving bounds into body b's bounds (the
 * boxes are closed and contain the shapes), as the key floor(2^31 lb) <<
 * 32 | index (lb <= 1: the key's high word <= 2^31); 0 when the boxes
 * never meet for t in [0, 1] (then the shapes do not either). 64-bit:
 * fc_cast3_bounds_entry with a flat third axis. */
static int box_key(const cast_ctx *c, uint32_t i, const fc_body *b, uint64_t *key)
{
    int32_t bmin[3], bmax[3], la[3] = {c->min[0], c->min[1], 0}, ha[3] = {c->max[0], c->max[1], 0};
    fc_body_bounds(c->w, b, bmin, bmax);
    bmin[2] = bmax[2] = 0;
    int64_t num, den;
    if (!fc_cast3_bounds_entry(la, ha, fc_vec3_make(c->delta.x, c->delta.y, 0), bmin, bmax, &num, &den))
        return 0;
    /* 0 <= num <= den <= 2^31 (|delta| <= 2^30, or den 1): num << 31 < 2^63 */
    *key = (uint64_t)((num << 31) / den) << 32 | i;
    return 1;
}

static int push(fc_world *w, fc_buf *buf, const void *elem)
{
    if (buf->count == buf->cap && !fc_buf_reserve(&w->def.alloc, buf, buf->count + 1)) {
        w->oom = 1;
        return 0;
    }
    memcpy((unsigned char *)buf->data + buf->count * buf->elem, elem, buf->elem);
    buf->count++;
    return 1;
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
    if (!c->all) {
        cast2_cand cand;
        if (box_key(c, i, b, &cand.key))
            push(w, &w->cast2_cand, &cand);
        return;
    }
    cast2_key k;
    k.index = i;
    fc_shape2 tmp;
    if (fc_cast2_entry(c->moving, c->delta, fc_body_shape2(w, b, &tmp), &k.t, &k.f))
        push(w, &w->cast2_tmp, &k);
}

static int delta_ok(int64_t v)
{
    return v >= -2 * (int64_t)FC_COORD_LIMIT && v <= 2 * (int64_t)FC_COORD_LIMIT;
}

static int32_t clamp32(int64_t v)
{
    return (int32_t)(v < INT32_MIN ? INT32_MIN : v > INT32_MAX ? INT32_MAX : v);
}

/* Check the arguments and run the broadphase query with the context c. */
static fc_status world_cast(fc_world *w, const fc_shape2 *moving, fc_vec2 delta, const void *o1, const void *o2,
                            cast_ctx *c)
{
    if (w == NULL || moving == NULL || o1 == NULL || o2 == NULL)
        return FC_ERR_NULL;
    if (w->def.dim != FC_WORLD_2D)
        return FC_ERR_SHAPE_TYPE;
    int32_t *min = c->min, *max = c->max;
    fc_status st = fc_shape2_bounds(moving, min, max);
    if (st != FC_OK)
        return st;
    if (!delta_ok(delta.x) || !delta_ok(delta.y))
        return FC_ERR_RANGE;
    /* swept box; bodies' bounds are int32, so clamping keeps every candidate */
    int32_t lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
    const int64_t d[2] = {delta.x, delta.y};
    for (int k = 0; k < 2; k++) {
        lo[k] = clamp32((int64_t)min[k] + (d[k] < 0 ? d[k] : 0));
        hi[k] = clamp32((int64_t)max[k] + (d[k] > 0 ? d[k] : 0));
    }
    c->w = w;
    c->moving = moving;
    c->delta = delta;
    w->oom = 0;
    w->cast2_tmp.count = w->cast2_cand.count = 0;
    fc_qt_query(w->qt, fc_world_qt_box(w, lo, hi), on_candidate, c);
    return w->oom ? FC_ERR_NO_MEMORY : FC_OK;
}

void fc_world_cast2_fill(const fc_world *w, const cast2_key *k, fc_vec2 delta, fc_cast2_hit *out)
{
    fc_world_id_of(w, k->index, &out->id);
    out->t = (fix16_t)c2_floor_bits(&k->t, 16);
    out->normal = fc_cast2_normal(&k->f, &k->t, delta);
}

/* Bottom-up merge sort of n elements of elem bytes by less (a total order:
 * body indices differ), tmp holding n more. */
static void merge_sort(unsigned char *a, unsigned char *tmp, size_t n, size_t elem,
                       int (*less)(const void *, const void *))
{
    for (size_t width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi) {
                int right = less(a + j * elem, a + i * elem);
                memcpy(tmp + k++ * elem, a + (right ? j++ : i++) * elem, elem);
            }
            memcpy(tmp + k * elem, a + i * elem, (mid - i) * elem);
            k += mid - i;
            memcpy(tmp + k * elem, a + j * elem, (hi - j) * elem);
        }
        memcpy(a, tmp, n * elem);
    }
}


/* Closest: exact casts in the order of the swept-box entry keys (lower
 * bound, then index), stopping at the first candidate whose bound
 * floor(2^31 lb) / 2^31 is above the best exact t: its lb and every later
 * one's are too, so none can win (ties at equal t included: a candidate
 * whose bound equals best is cast). The answer is the least (exact t,
 * index) over all candidates. */
fc_status fc_world_cast2_best(fc_world *w, const fc_shape2 *moving, fc_vec2 delta, fc_filter filter,
                              const fc_body_id *exclude, int32_t nexclude, const void *out, const void *hit,
                              cast2_key *best_out, int *have_out)
{
    cast_ctx c;
    c.filter = filter;
    c.exclude = exclude;
    c.nexclude = nexclude;
    c.all = 0;
    fc_status st = world_cast(w, moving, delta, out, hit, &c);
    if (st != FC_OK)
        return st;
    size_t n = w->cast2_cand.count;
    if (n > 1 && !fc_buf_reserve(&w->def.alloc, &w->cast2_cand, 2 * n))
        return FC_ERR_NO_MEMORY;
    uint64_t *keys = (uint64_t *)w->cast2_cand.data;
    if (n > 1)
        fc_sort_u64(keys, keys + n, n);
    cast2_key slot[2], *best = &slot[0], *k = &slot[1];
    const fc_big scale = fc_big_from_i128(fc_i128_from_i64((int64_t)1 << 31));
    int have = 0;
    for (size_t i = 0; i < n; i++) {
        if (have) { /* lb >= floor(2^31 lb) / 2^31 > best: no candidate left can win */
            fc_big q = fc_big_from_i128(fc_i128_from_i64((int64_t)(keys[i] >> 32) + CAST2_STOP_SLACK));
            fc_castt lb = fc_castt_ratio(&q, &scale);
            if (fc_castt_cmp(&lb, &best->t) > 0)
                break;
        }
        k->index = (uint32_t)keys[i];
        fc_shape2 tmp;
        const fc_shape2 *target = fc_body_shape2(w, &w->bodies[k->index], &tmp);
        if (fc_cast2_entry(moving, delta, target, &k->t, &k->f) && (!have || key_less(k, best))) {
            cast2_key *was = best;
            best = k;
            k = was;
            have = 1;
        }
    }
    *have_out = have;
    if (have)
        *best_out = *best;
    return FC_OK;
}

fc_status fc_world_cast2(fc_world *w, const fc_shape2 *moving, fc_vec2 delta, fc_filter filter, fc_cast2_hit *out,
                         int *hit)
{
    cast2_key best;
    int have = 0;
    fc_status st = fc_world_cast2_best(w, moving, delta, filter, NULL, 0, out, hit, &best, &have);
    if (st != FC_OK)
        return st;
    *hit = have;
    if (have)
        fc_world_cast2_fill(w, &best, delta, out);
    return FC_OK;
}

fc_status fc_world_cast2_all(fc_world *w, const fc_shape2 *moving, fc_vec2 delta, fc_filter filter,
                             const fc_cast2_hit **hits, int32_t *count)
{
    cast_ctx c;
    c.filter = filter;
    c.exclude = NULL;
    c.nexclude = 0;
    c.all = 1;
    fc_status st = world_cast(w, moving, delta, hits, count, &c);
    if (st != FC_OK)
        return st;
    size_t n = w->cast2_tmp.count;
    if (n > 0 && (!fc_buf_reserve(&w->def.alloc, &w->cast2_tmp, 2 * n) ||
                  !fc_buf_reserve(&w->def.alloc, &w->cast2_hits, n)))
        return FC_ERR_NO_MEMORY;
    w->cast2_hits.count = 0;
    *hits = (const fc_cast2_hit *)w->cast2_hits.data;
    *count = 0;
    if (n == 0) /* no keys: cast2_tmp.data may be NULL, and NULL + 0 is undefined */
        return FC_OK;
    cast2_key *k = (cast2_key *)w->cast2_tmp.data;
    merge_sort((unsigned char *)k, (unsigned char *)(k + n), n, sizeof *k, key_less);
    fc_cast2_hit *out = (fc_cast2_hit *)w->cast2_hits.data;
    for (size_t i = 0; i < n; i++)
        fc_world_cast2_fill(w, &k[i], delta, &out[i]);
    w->cast2_hits.count = n;
    *count = (int32_t)n;
    return FC_OK;
}
