/* SPDX-License-Identifier: MIT */
/* World queries: the bodies overlapping a shape, a point or a skill area.
 * Candidates come from the quadtree in an order that depends on its
 * history; they are filtered, tested exactly and then sorted on distinct
 * integer keys (body indices), so the output depends only on the contents.
 * (The pair list is world_pairs.c.) */
#include "world_internal.h"

#include <string.h>

#include "area/area2_internal.h"
#include "broadphase/quadtree_internal.h"

#include "core/nofloat.h"

static void push_key(fc_world *w, fc_buf *b, uint64_t key)
{
    if (b->count == b->cap && !fc_buf_reserve(&w->def.alloc, b, b->count + 1)) {
        w->oom = 1;
        return;
    }
    ((uint64_t *)b->data)[b->count++] = key;
}

/* The query: q (filter, bounds, shape), or a skill area
 * (sector / ring, fixcol/area2.h) tested instead of q's shape. */
typedef struct query_ctx {
    fc_world *w;
    const fc_body_full *q;
    const fc_sector2 *sector;
    const fc_ring2 *ring;
} query_ctx;

static int query_hits(const query_ctx *c, const fc_body *b)
{
    fc_shape2 tmp;
    if (c->sector != NULL)
        return fc_overlap_sector2(c->sector, fc_body_shape2(c->w, b, &tmp));
    if (c->ring != NULL)
        return fc_overlap_ring2(c->ring, fc_body_shape2(c->w, b, &tmp));
    return fc_world_body_meets(c->w, b, c->q);
}

static void on_query(void *ctx, uint32_t i)
{
    query_ctx *c = (query_ctx *)ctx;
    const fc_body *b = &c->w->bodies[i];
    if (!fc_filters_pair(c->q->filter, b->filter) || !query_hits(c, b))
        return;
    push_key(c->w, &c->w->query_idx, i);
}

/* Bodies meeting the query q, sorted, into the query ids array. */
static fc_status world_query(fc_world *w, const query_ctx *ctx, const fc_body_id **ids, int32_t *count)
{
    w->oom = 0;
    w->query_idx.count = 0;
    w->query_ids.count = 0;
    query_ctx c = *ctx;
    const fc_body_full *q = c.q;
    fc_qt_query(w->qt, fc_world_qt_box(w, q->min, q->max), on_query, &c);
    size_t n = w->query_idx.count;
    if (w->oom || !fc_buf_reserve(&w->def.alloc, &w->query_tmp, n) ||
        !fc_buf_reserve(&w->def.alloc, &w->query_ids, n))
        return FC_ERR_NO_MEMORY;
    uint64_t *keys = (uint64_t *)w->query_idx.data;
    fc_sort_u64(keys, (uint64_t *)w->query_tmp.data, n);
    fc_body_id *out = (fc_body_id *)w->query_ids.data;
    for (size_t i = 0; i < n; i++)
        fc_world_id_of(w, (uint32_t)keys[i], &out[i]);
    w->query_ids.count = n;
    *ids = out;
    *count = (int32_t)n;
    return FC_OK;
}

/* The query shape in full; the query filter is stored with category and
 * mask as given (the pairing rule is symmetric). */
static fc_status query_body(const fc_world *w, const fc_shape2 *s2, const fc_shape3 *s3, fc_filter f, fc_body_full *q)
{
    memset(q, 0, sizeof *q);
    q->filter = f;
    if (w->def.dim == FC_WORLD_2D) {
        if (s2 == NULL)
            return FC_ERR_SHAPE_TYPE;
        q->shape.s2 = *s2;
        return fc_shape2_bounds(s2, q->min, q->max);
    }
    if (s3 == NULL)
        return FC_ERR_SHAPE_TYPE;
    q->shape.s3 = *s3;
    return fc_shape3_bounds(s3, q->min, q->max);
}

static fc_status world_overlap(fc_world *w, const fc_shape2 *s2, const fc_shape3 *s3, fc_filter filter,
                               const fc_body_id **ids, int32_t *count)
{
    if (w == NULL || ids == NULL || count == NULL)
        return FC_ERR_NULL;
    *ids = NULL;
    *count = 0;
    fc_body_full q;
    fc_status st = query_body(w, s2, s3, filter, &q);
    query_ctx c = {w, &q, NULL, NULL};
    return st != FC_OK ? st : world_query(w, &c, ids, count);
}

/* A skill-area query: the disc (center, radius) gives the broadphase box,
 * the area's own test decides. */
static fc_status world_area(fc_world *w, fc_status valid, fc_vec2 center, fix16_t radius, const fc_sector2 *sector,
                            const fc_ring2 *ring, fc_filter filter, const fc_body_id **ids, int32_t *count)
{
    if (w == NULL || ids == NULL || count == NULL)
        return FC_ERR_NULL;
    *ids = NULL;
    *count = 0;
    if (w->def.dim != FC_WORLD_2D)
        return FC_ERR_SHAPE_TYPE;
    if (valid != FC_OK)
        return valid;
    fc_shape2 disc;
    memset(&disc, 0, sizeof disc);
    disc.type = FC_SHAPE2_CIRCLE;
    disc.u.circle.center = center;
    disc.u.circle.radius = radius;
    fc_body_full q;
    fc_status st = query_body(w, &disc, NULL, filter, &q);
    if (sector != NULL) /* a narrow fan: a smaller box than the disc's */
        fc_area2_sector_bounds(sector, q.min, q.max);
    query_ctx c = {w, &q, sector, ring};
    return st != FC_OK ? st : world_query(w, &c, ids, count);
}

fc_status fc_world_overlap_sector2(fc_world *w, const fc_sector2 *s, fc_filter filter, const fc_body_id **ids,
                                   int32_t *count)
{
    if (s == NULL)
        return FC_ERR_NULL;
    return world_area(w, fc_sector2_validate(s), s->center, s->radius, s, NULL, filter, ids, count);
}

fc_status fc_world_overlap_ring2(fc_world *w, const fc_ring2 *r, fc_filter filter, const fc_body_id **ids,
                                 int32_t *count)
{
    if (r == NULL)
        return FC_ERR_NULL;
    return world_area(w, fc_ring2_validate(r), r->center, r->outer, NULL, r, filter, ids, count);
}

fc_status fc_world_overlap2(fc_world *w, const fc_shape2 *shape, fc_filter filter, const fc_body_id **ids,
                            int32_t *count)
{
    if (shape == NULL)
        return FC_ERR_NULL;
    return world_overlap(w, shape, NULL, filter, ids, count);
}

fc_status fc_world_overlap3(fc_world *w, const fc_shape3 *shape, fc_filter filter, const fc_body_id **ids,
                            int32_t *count)
{
    if (shape == NULL)
        return FC_ERR_NULL;
    return world_overlap(w, NULL, shape, filter, ids, count);
}

fc_status fc_world_point2(fc_world *w, fc_vec2 p, fc_filter filter, const fc_body_id **ids, int32_t *count)
{
    fc_shape2 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE2_CIRCLE;
    s.u.circle.center = p; /* radius 0: the point itself */
    return world_overlap(w, &s, NULL, filter, ids, count);
}

fc_status fc_world_point3(fc_world *w, fc_vec3 p, fc_filter filter, const fc_body_id **ids, int32_t *count)
{
    fc_shape3 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE3_SPHERE;
    s.u.sphere.center = p;
    return world_overlap(w, NULL, &s, filter, ids, count);
}
