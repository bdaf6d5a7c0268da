/* SPDX-License-Identifier: MIT */
/* The world: creation, body slots, the LIFO free list, body mutations
 * (every one validated before anything changes) and the consistency check.
 * Ids are world_ids.c, definitions world_def.c; the pair list is
 * world_pairs.c, queries world_query.c / world_ray.c / world_cast2.c /
 * world_cast3.c, the checksum world_checksum.c, snapshot and restore
 * world_snapshot.c / world_restore.c. */
#include "world_internal.h"

#include <string.h>

#include <fixcol/cast.h>
#include <fixcol/collide3d.h>

#include "cast/cast3d_internal.h"
#include "core/fc_noinline.h"
#include "broadphase/quadtree_internal.h"
#include "broadphase/quadtree_layout.h" /* the moves' inline fast path */
#include "world_cast2_keys.h"
#include "world_record.h"
#include "history_internal.h"
#include <fixcol/history.h>

#include "core/nofloat.h"

static void world_init_bufs(fc_world *w)
{
    w->pairs.elem = sizeof(fc_pair);
    w->query_idx.elem = w->query_tmp.elem = sizeof(uint64_t);
    w->query_ids.elem = sizeof(fc_body_id);
    w->ray_hits.elem = sizeof(fc_ray_hit);
    w->ray_tmp.elem = sizeof(fc_ray_key);
    w->cast2_hits.elem = sizeof(fc_cast2_hit);
    w->cast2_tmp.elem = sizeof(cast2_key);
    w->cast3_hits.elem = sizeof(fc_cast3_hit);
    w->cast3_tmp.elem = sizeof(fc_cast3_key);
    w->cast2_cand.elem = sizeof(cast2_cand);
    w->began.elem = w->ended.elem = w->began_next.elem = w->ended_next.elem = sizeof(fc_pair);
    w->cast3_hits.elem = sizeof(fc_cast3_hit);
    w->cast3_tmp.elem = sizeof(fc_cast3_key);
    w->contacts.elem = sizeof(fc_contact3_result); /* the larger result: a restore may change dim */
}

/* The world's output and scratch buffers. */
#define WORLD_BUFS 15
static void world_bufs(fc_world *w, fc_buf *b[WORLD_BUFS])
{
    b[0] = &w->pairs;
    b[1] = &w->query_idx;
    b[2] = &w->query_tmp;
    b[3] = &w->query_ids;
    b[4] = &w->ray_hits;
    b[5] = &w->ray_tmp;
    b[6] = &w->began_next;
    b[7] = &w->began;
    b[8] = &w->ended;
    b[9] = &w->contacts;
    b[10] = &w->cast2_hits;
    b[11] = &w->cast2_tmp;
    b[12] = &w->cast2_cand;
    b[13] = &w->cast3_hits;
    b[14] = &w->ended_next;
}

static void world_free_slots(fc_world *w)
{
    const fc_allocator *a = &w->def.alloc;
    fc_free_bytes(a, w->bodies, sizeof(fc_body) * w->slot_cap);
    fc_free_bytes(a, w->free_stack, sizeof(uint32_t) * w->slot_cap);
    fc_free_bytes(a, w->rec, sizeof(uint64_t) * w->slot_cap);
    fc_free_bytes(a, w->mark, sizeof(uint64_t) * FC_MARK_WORDS(w->slot_cap));
    fc_world_free_big(w);
}

static int world_reserve_slots(fc_world *w, uint32_t n)
{
    if (n <= w->slot_cap)
        return 1;
    /* grow by a quarter, not by doubling: the slots are most of a big
     * world's memory (52 bytes a slot here, 8 more in the quadtree), and
     * a doubling leaves 44% of them unused on average over world sizes,
     * a quarter 12%; slots grow only when a body is created past the
     * capacity, so the extra copies are paid once per growth, not per frame */
    uint32_t cap = w->slot_cap < 16 ? 16 : w->slot_cap;
    while (cap < n)
        cap += cap / 4;
    if (cap > FC_WORLD_MAX_BODIES && n <= FC_WORLD_MAX_BODIES)
        cap = FC_WORLD_MAX_BODIES;
    const fc_allocator *a = &w->def.alloc;
    fc_body *b = (fc_body *)fc_alloc_bytes(a, sizeof(fc_body) * cap);
    uint32_t *f = (uint32_t *)fc_alloc_bytes(a, sizeof(uint32_t) * cap);
    uint64_t *r = (uint64_t *)fc_alloc_bytes(a, sizeof(uint64_t) * cap);
    uint64_t *m = (uint64_t *)fc_alloc_bytes(a, sizeof(uint64_t) * FC_MARK_WORDS(cap));
    if (b == NULL || f == NULL || r == NULL || m == NULL) {
        fc_free_bytes(a, b, sizeof(fc_body) * cap);
        fc_free_bytes(a, f, sizeof(uint32_t) * cap);
        fc_free_bytes(a, r, sizeof(uint64_t) * cap);
        fc_free_bytes(a, m, sizeof(uint64_t) * FC_MARK_WORDS(cap));
        return 0;
    }
    if (w->bodies != NULL) {
        memcpy(b, w->bodies, sizeof(fc_body) * w->slot_count);
        memcpy(f, w->free_stack, sizeof(uint32_t) * w->free_count);
        memcpy(r, w->rec, sizeof(uint64_t) * w->slot_count);
        fc_free_bytes(a, w->bodies, sizeof(fc_body) * w->slot_cap);
        fc_free_bytes(a, w->free_stack, sizeof(uint32_t) * w->slot_cap);
        fc_free_bytes(a, w->rec, sizeof(uint64_t) * w->slot_cap);
        fc_free_bytes(a, w->mark, sizeof(uint64_t) * FC_MARK_WORDS(w->slot_cap));
    }
    w->bodies = b;
    w->free_stack = f;
    w->rec = r;
    w->mark = m;
    w->slot_cap = cap;
    return 1;
}

fc_status fc_world_create(const fc_world_def *def, fc_world **out)
{
    if (out == NULL)
        return FC_ERR_NULL;
    *out = NULL;
    if (def == NULL)
        return FC_ERR_NULL;
    fc_qt_def qd;
    fc_status st = fc_world_check_def(def, &qd);
    if (st != FC_OK)
        return st;
    fc_allocator a = fc_alloc_resolve(def->alloc);
    fc_world *w = (fc_world *)fc_alloc_bytes(&a, sizeof *w);
    if (w == NULL)
        return FC_ERR_NO_MEMORY;
    memset(w, 0, sizeof *w);
    w->def = *def;
    w->def.alloc = a;
    w->big_free = FC_BIG_NONE;
    world_init_bufs(w);
    qd.alloc = a;
    st = fc_qt_create(&qd, &w->qt);
    if (st == FC_OK && !world_reserve_slots(w, (uint32_t)def->body_capacity))
        st = FC_ERR_NO_MEMORY;
    /* pair_capacity entries in every output and its scratch, so frames
     * whose outputs stay within it never allocate */
    fc_buf *bufs[WORLD_BUFS];
    world_bufs(w, bufs);
    for (size_t i = 0; i < WORLD_BUFS && st == FC_OK; i++)
        if (!fc_buf_reserve(&a, bufs[i], (size_t)def->pair_capacity))
            st = FC_ERR_NO_MEMORY;
    if (st != FC_OK) {
        fc_world_destroy(w);
        return st;
    }
    *out = w;
    return FC_OK;
}

void fc_world_destroy(fc_world *w)
{
    if (w == NULL)
        return;
    fc_allocator a = w->def.alloc;
    fc_world_history_end(w);
    fc_qt_destroy(w->qt);
    world_free_slots(w);
    fc_buf *bufs[WORLD_BUFS];
    world_bufs(w, bufs);
    for (size_t i = 0; i < WORLD_BUFS; i++)
        fc_buf_free(&a, bufs[i]);
    /* not reserved at creation: its keys are ~700 bytes (exact big-integer
     * parameters); it grows on the first casts and then stays */
    fc_buf_free(&a, &w->cast3_tmp);
    fc_free_bytes(&a, w, sizeof *w);
}

/* ---------------------------------------------------------------- bodies */

/* Shape bounds for the world's dimension; s2 or s3 is used. */
static fc_status world_shape_bounds(const fc_world *w, const fc_shape2 *s2, const fc_shape3 *s3, int32_t min[3],
                                    int32_t max[3])
{
    if (w->def.dim == FC_WORLD_2D)
        return s2 == NULL ? FC_ERR_SHAPE_TYPE : fc_shape2_bounds(s2, min, max);
    return s3 == NULL ? FC_ERR_SHAPE_TYPE : fc_shape3_bounds(s3, min, max);
}

fc_status fc_world_create_body(fc_world *w, const fc_body_def *def, fc_body_id *out)
{
    if (w == NULL || def == NULL || out == NULL)
        return FC_ERR_NULL;
    int32_t min[3], max[3];
    fc_status st = world_shape_bounds(w, &def->shape2, &def->shape3, min, max);
    if (st != FC_OK)
        return st;
    const int dim2 = w->def.dim == FC_WORLD_2D;
    if (!fc_world_reserve_big(w, !fc_shape_small(dim2, dim2 ? (uint32_t)def->shape2.type : (uint32_t)def->shape3.type)))
        return FC_ERR_NO_MEMORY;
    fc_world_settle(w);
    uint32_t index;
    if (w->free_count > 0) {
        index = w->free_stack[w->free_count - 1];
    } else {
        if (w->slot_count >= (uint32_t)FC_WORLD_MAX_BODIES)
            return FC_ERR_CAPACITY;
        if (!world_reserve_slots(w, w->slot_count + 1))
            return FC_ERR_NO_MEMORY;
        index = w->slot_count;
    }
    st = fc_qt_insert(w->qt, index, fc_world_qt_box(w, min, max));
    if (st != FC_OK)
        return st;
    if (w->hist != NULL) {
        if (w->free_count > 0) {
            fc_hist_free_op(w, index, HIST_POP);
            fc_hist_full(w, index);
        } else {
            fc_hist_new(w, index);
        }
    }
    if (w->free_count > 0) {
        w->free_count--;
    } else {
        w->bodies[index].generation = 1;
        w->slot_count++;
    }
    fc_body *b = &w->bodies[index];
    b->live = 1;
    if (w->hist == NULL)
        b->pad = 0; /* else the history's mark of the frame (history_internal.h) */
    b->filter = def->filter;
    b->user_data = def->user_data;
    fc_world_store_shape(w, b, 0, &def->shape2, &def->shape3, min, max);
    w->live_count++;
    fc_world_rehash(w, index);
    fc_world_id_of(w, index, out);
    return FC_OK;
}

fc_status fc_world_destroy_body(fc_world *w, fc_body_id id)
{
    if (w == NULL)
        return FC_ERR_NULL;
    fc_body *b = fc_world_body(w, id);
    if (b == NULL)
        return FC_ERR_STALE_ID;
    fc_world_settle(w);
    if (w->hist != NULL) {
        fc_hist_full(w, id.index);
        fc_hist_free_op(w, id.index, HIST_PUSH);
    }
    fc_qt_remove(w->qt, id.index);
    fc_world_drop_shape(w, b);
    b->live = 0;
    w->rec[id.index] = 0;
    b->generation++;
    if (b->generation == 0)
        b->generation = 1;
    w->destroyed = 1; /* the pair list's ids of this body are stale */
    w->free_stack[w->free_count++] = id.index;
    w->live_count--;
    return FC_OK;
}

/* Move body index to bounds min/max in the quadtree (the shape and bounds
 * are the caller's to store; FC_ERR_NO_MEMORY: nothing changed). */
static fc_status world_place(fc_world *w, uint32_t index, const int32_t min[3], const int32_t max[3])
{
    fc_world_settle(w);
    return fc_qt_update(w->qt, index, fc_world_qt_box(w, min, max));
}

/* Commit a new, already checked shape with bounds min/max. */
static fc_status world_commit(fc_world *w, fc_body *b, uint32_t index, const fc_shape2 *s2, const fc_shape3 *s3,
                              const int32_t min[3], const int32_t max[3])
{
    const int dim2 = s2 != NULL;
    const uint32_t type = dim2 ? (uint32_t)s2->type : (uint32_t)s3->type;
    /* a new big-pool entry only when a small shape becomes a big one */
    if (!fc_world_reserve_big(w, !fc_shape_small(dim2, type) && fc_shape_small(dim2, b->type)))
        return FC_ERR_NO_MEMORY;
    fc_status st = world_place(w, index, min, max);
    if (st != FC_OK)
        return st;
    if (w->hist != NULL)
        fc_hist_full(w, index);
    fc_world_store_shape(w, b, 1, s2, s3, min, max);
    fc_world_rehash(w, index);
    return FC_OK;
}

static fc_status world_set_shape(fc_world *w, fc_body_id id, const fc_shape2 *s2, const fc_shape3 *s3)
{
    if (w == NULL)
        return FC_ERR_NULL;
    fc_body *b = fc_world_body(w, id);
    if (b == NULL)
        return FC_ERR_STALE_ID;
    int32_t min[3], max[3];
    fc_status st = world_shape_bounds(w, s2, s3, min, max);
    if (st != FC_OK)
        return st;
    return world_commit(w, b, id.index, s2, s3, min, max);
}

fc_status fc_world_set_shape2(fc_world *w, fc_body_id id, const fc_shape2 *shape)
{
    if (shape == NULL)
        return FC_ERR_NULL;
    return world_set_shape(w, id, shape, NULL);
}

fc_status fc_world_set_shape3(fc_world *w, fc_body_id id, const fc_shape3 *shape)
{
    if (shape == NULL)
        return FC_ERR_NULL;
    return world_set_shape(w, id, NULL, shape);
}

/* Commit a translated shape: every bound is a coordinate or a coordinate
 * plus/minus an extent, so the new bounds are the old ones shifted by the
 * integer delta (fc_world_validate recomputes them from scratch). The
 * shape's coordinates were range-checked by shifted(); sizes, rotation and
 * convexity do not change under translation. */
static void shifted_bounds(const fc_world *w, const fc_body *b, int64_t dx, int64_t dy, int64_t dz, int32_t min[3],
                           int32_t max[3])
{
    const int64_t d[3] = {dx, dy, dz};
    fc_body_bounds(w, b, min, max);
    for (int k = 0; k < 3; k++) {
        min[k] = (int32_t)(min[k] + d[k]);
        max[k] = (int32_t)(max[k] + d[k]);
    }
}

static fc_status world_commit_shifted(fc_world *w, fc_body *b, uint32_t index, const fc_shape2 *s2,
                                      const fc_shape3 *s3, int64_t dx, int64_t dy, int64_t dz)
{
    int32_t min[3], max[3];
    shifted_bounds(w, b, dx, dy, dz, min, max);
    return world_commit(w, b, index, s2, s3, min, max);
}

/* v + d when it stays in the coordinate range (else *ok = 0). */
static fix16_t shifted(fix16_t v, fix16_t d, int *ok)
{
    int64_t r = (int64_t)v + d;
    if (r < -FC_COORD_LIMIT || r > FC_COORD_LIMIT) {
        *ok = 0;
        return v;
    }
    return (fix16_t)r;
}

/* *v += d in place (else *ok = 0). In place rather than returning the
 * vector: tcc 0.9.27 (x86_64) stores 16 bytes when a 12-byte struct such as
 * fc_vec3 is returned by value, which overwrote the caller's `ok` flag in
 * fc_world_translate3 (spurious FC_ERR_RANGE; adversarial3d diverged). */
static void shift2(fc_vec2 *v, fc_vec2 d, int *ok)
{
    v->x = shifted(v->x, d.x, ok);
    v->y = shifted(v->y, d.y, ok);
}

static void shift3(fc_vec3 *v, fc_vec3 d, int *ok)
{
    v->x = shifted(v->x, d.x, ok);
    v->y = shifted(v->y, d.y, ok);
    v->z = shifted(v->z, d.z, ok);
}

/* 1 when v is within the coordinate range. */
static int coord_ok(int64_t v)
{
    return (uint64_t)(v + FC_COORD_LIMIT) <= 2 * (uint64_t)FC_COORD_LIMIT;
}

/* fc_world_translate2 of a circle or AABB, the common game body and the
 * frame loop's hot path: its words shifted in place, its broadphase box
 * read off them and its record rehashed inline (world_record.h); no full
 * shape built and stored. */
static fc_status world_translate_small2(fc_world *w, fc_body *b, uint32_t index, fc_vec2 delta)
{
    const int64_t x0 = (int64_t)b->sw[0] + delta.x, y0 = (int64_t)b->sw[1] + delta.y;
    int64_t x1, y1;
    fc_qt_box box;
    if (b->type == FC_SHAPE2_AABB) {
        x1 = (int64_t)b->sw[2] + delta.x;
        y1 = (int64_t)b->sw[3] + delta.y;
        if (!(coord_ok(x0) & coord_ok(y0) & coord_ok(x1) & coord_ok(y1)))
            return FC_ERR_RANGE;
        box.min_u = (int32_t)x0;
        box.min_v = (int32_t)y0;
        box.max_u = (int32_t)x1;
        box.max_v = (int32_t)y1;
    } else { /* circle: sw[2] the radius, sw[3] 0, unchanged */
        x1 = b->sw[2];
        y1 = b->sw[3];
        if (!(coord_ok(x0) & coord_ok(y0)))
            return FC_ERR_RANGE;
        box.min_u = (int32_t)(x0 - x1);
        box.min_v = (int32_t)(y0 - x1);
        box.max_u = (int32_t)(x0 + x1);
        box.max_v = (int32_t)(y0 + x1);
    }
    fc_world_settle(w);
    if (!fc_qt_move_in_place(w->qt, index, box)) {
        fc_status st = fc_qt_move(w->qt, index, box);
        if (st != FC_OK)
            return st;
    }
    if (w->hist != NULL)
        fc_hist_move2(w, index);
    b->sw[0] = (int32_t)x0;
    b->sw[1] = (int32_t)y0;
    b->sw[2] = (int32_t)x1;
    b->sw[3] = (int32_t)y1;
    w->rec[index] = fc_rec_small2(b, index);
    return FC_OK;
}

/* fc_world_translate2 of any other shape: the shape rebuilt, shifted and
 * committed. */
FC_NOINLINE static fc_status world_translate_big2(fc_world *w, fc_body *b, uint32_t index, fc_vec2 delta)
{
    fc_shape2 tmp;
    fc_shape2 s = *fc_body_shape2(w, b, &tmp);
    int ok = 1;
    switch (s.type) {
    case FC_SHAPE2_CIRCLE: shift2(&s.u.circle.center, delta, &ok); break;
    case FC_SHAPE2_AABB:
        shift2(&s.u.aabb.min, delta, &ok);
        shift2(&s.u.aabb.max, delta, &ok);
        break;
    case FC_SHAPE2_OBB: shift2(&s.u.obb.center, delta, &ok); break;
    case FC_SHAPE2_CAPSULE:
        shift2(&s.u.capsule.a, delta, &ok);
        shift2(&s.u.capsule.b, delta, &ok);
        break;
    case FC_SHAPE2_POLY:
        for (int32_t i = 0; i < s.u.poly.count; i++)
            shift2(&s.u.poly.v[i], delta, &ok);
        break;
    }
    if (!ok)
        return FC_ERR_RANGE;
    return world_commit_shifted(w, b, index, &s, NULL, delta.x, delta.y, 0);
}

fc_status fc_world_translate2(fc_world *w, fc_body_id id, fc_vec2 delta)
{
    if (w == NULL)
        return FC_ERR_NULL;
    fc_body *b = fc_world_body(w, id);
    if (b == NULL)
        return FC_ERR_STALE_ID;
    if (w->def.dim != FC_WORLD_2D)
        return FC_ERR_SHAPE_TYPE;
    if (b->type == FC_SHAPE2_CIRCLE || b->type == FC_SHAPE2_AABB)
        return world_translate_small2(w, b, id.index, delta);
    return world_translate_big2(w, b, id.index, delta);
}

fc_status fc_world_translate3(fc_world *w, fc_body_id id, fc_vec3 delta)
{
    if (w == NULL)
        return FC_ERR_NULL;
    fc_body *b = fc_world_body(w, id);
    if (b == NULL)
        return FC_ERR_STALE_ID;
    if (w->def.dim != FC_WORLD_3D)
        return FC_ERR_SHAPE_TYPE;
    fc_shape3 tmp;
    fc_shape3 s = *fc_body_shape3(w, b, &tmp);
    int ok = 1;
    switch (s.type) {
    case FC_SHAPE3_SPHERE: shift3(&s.u.sphere.center, delta, &ok); break;
    case FC_SHAPE3_AABB:
        shift3(&s.u.aabb.min, delta, &ok);
        shift3(&s.u.aabb.max, delta, &ok);
        break;
    case FC_SHAPE3_OBB: shift3(&s.u.obb.center, delta, &ok); break;
    case FC_SHAPE3_CAPSULE:
        shift3(&s.u.capsule.a, delta, &ok);
        shift3(&s.u.capsule.b, delta, &ok);
        break;
    }
    if (!ok)
        return FC_ERR_RANGE;
    return world_commit_shifted(w, b, id.index, NULL, &s, delta.x, delta.y, delta.z);
}

fc_status fc_world_set_angle2(fc_world *w, fc_body_id id, fc_angle angle)
{
    if (w == NULL)
        return FC_ERR_NULL;
    fc_body *b = fc_world_body(w, id);
    if (b == NULL)
        return FC_ERR_STALE_ID;
    if (w->def.dim != FC_WORLD_2D || b->type != FC_SHAPE2_OBB)
        return FC_ERR_SHAPE_TYPE;
    fc_shape2 s = w->big[(uint32_t)b->sw[0]].shape.s2;
    s.u.obb.angle = angle;
    s.u.obb.rot = fc_sincos_of(angle);
    return world_set_shape(w, id, &s, NULL);
}

fc_status fc_world_set_filter(fc_world *w, fc_body_id id, fc_filter filter)
{
    fc_body *b = fc_world_body(w, id);
    if (w == NULL)
        return FC_ERR_NULL;
    if (b == NULL)
        return FC_ERR_STALE_ID;
    fc_world_settle(w);
    if (w->hist != NULL)
        fc_hist_full(w, id.index);
    b->filter = filter;
    fc_world_rehash(w, id.index);
    return FC_OK;
}

fc_status fc_world_set_user_data(fc_world *w, fc_body_id id, uint64_t user_data)
{
    fc_body *b = fc_world_body(w, id);
    if (w == NULL)
        return FC_ERR_NULL;
    if (b == NULL)
        return FC_ERR_STALE_ID;
    if (w->hist != NULL)
        fc_hist_full(w, id.index);
    b->user_data = user_data;
    return FC_OK;
}

/* ---------------------------------------------------------------- getters */

static fc_status world_get(const fc_world *w, fc_body_id id, const void *out, const fc_body **b)
{
    if (w == NULL || out == NULL)
        return FC_ERR_NULL;
    *b = fc_world_body(w, id);
    return *b == NULL ? FC_ERR_STALE_ID : FC_OK;
}

fc_status fc_world_get_shape2(const fc_world *w, fc_body_id id, fc_shape2 *out)
{
    const fc_body *b;
    fc_status st = world_get(w, id, out, &b);
    if (st == FC_OK && w->def.dim != FC_WORLD_2D)
        st = FC_ERR_SHAPE_TYPE;
    if (st == FC_OK) {
        fc_shape2 tmp;
        memset(&tmp, 0, sizeof tmp); /* the small shapes' unused bytes */
        *out = *fc_body_shape2(w, b, &tmp);
    }
    return st;
}

fc_status fc_world_get_shape3(const fc_world *w, fc_body_id id, fc_shape3 *out)
{
    const fc_body *b;
    fc_status st = world_get(w, id, out, &b);
    if (st == FC_OK && w->def.dim != FC_WORLD_3D)
        st = FC_ERR_SHAPE_TYPE;
    if (st == FC_OK) {
        fc_shape3 tmp;
        memset(&tmp, 0, sizeof tmp); /* the small shapes' unused bytes */
        *out = *fc_body_shape3(w, b, &tmp);
    }
    return st;
}

fc_status fc_world_get_filter(const fc_world *w, fc_body_id id, fc_filter *out)
{
    const fc_body *b;
    fc_status st = world_get(w, id, out, &b);
    if (st == FC_OK)
        *out = b->filter;
    return st;
}

fc_status fc_world_get_user_data(const fc_world *w, fc_body_id id, uint64_t *out)
{
    const fc_body *b;
    fc_status st = world_get(w, id, out, &b);
    if (st == FC_OK)
        *out = b->user_data;
    return st;
}

fc_status fc_world_get_bounds(const fc_world *w, fc_body_id id, int32_t min[3], int32_t max[3])
{
    const fc_body *b;
    fc_status st = world_get(w, id, min, &b);
    if (st == FC_OK && max == NULL)
        st = FC_ERR_NULL;
    if (st == FC_OK) {
        fc_body_bounds(w, b, min, max);
    }
    return st;
}

/* ---------------------------------------------------------------- checks */

fc_status fc_world_validate(const fc_world *w)
{
    if (w == NULL)
        return FC_ERR_NULL;
    if (fc_qt_validate(w->qt) != FC_OK || fc_qt_count(w->qt) != (int32_t)w->live_count ||
        w->live_count + w->free_count != w->slot_count)
        return FC_ERR_FORMAT;
    uint32_t live = 0;
    for (uint32_t i = 0; i < w->slot_count; i++) {
        const fc_body *b = &w->bodies[i];
        fc_qt_box box;
        if (b->generation == 0 ||
            (b->live ? w->rec[i] != fc_world_record_hash(w, i) : w->rec[i] != 0))
            return FC_ERR_FORMAT;
        if (!b->live) {
            if (fc_qt_contains(w->qt, i, NULL))
                return FC_ERR_FORMAT;
            continue;
        }
        live++;
        int32_t min[3], max[3];
        fc_shape2 t2;
        fc_shape3 t3;
        fc_status st = w->def.dim == FC_WORLD_2D ? fc_shape2_bounds(fc_body_shape2(w, b, &t2), min, max)
                                                 : fc_shape3_bounds(fc_body_shape3(w, b, &t3), min, max);
        fc_qt_box want = fc_world_qt_box(w, min, max);
        int32_t bmin[3], bmax[3];
        fc_body_bounds(w, b, bmin, bmax);
        if (st != FC_OK || memcmp(min, bmin, sizeof min) != 0 || memcmp(max, bmax, sizeof max) != 0 ||
            !fc_qt_contains(w->qt, i, &box) || box.min_u != want.min_u || box.min_v != want.min_v ||
            box.max_u != want.max_u || box.max_v != want.max_v)
            return FC_ERR_FORMAT;
    }
    /* the free stack holds exactly the dead slots: same count (checked
     * above), all dead, and the same sums of i and i^2 */
    uint64_t s1 = 0, s2 = 0, d1 = 0, d2 = 0;
    for (uint32_t k = 0; k < w->free_count; k++) {
        uint32_t i = w->free_stack[k];
        if (i >= w->slot_count || w->bodies[i].live)
            return FC_ERR_FORMAT;
        s1 += i;
        s2 += (uint64_t)i * i;
    }
    for (uint32_t i = 0; i < w->slot_count; i++)
        if (!w->bodies[i].live) {
            d1 += i;
            d2 += (uint64_t)i * i;
        }
    return live == w->live_count && s1 == d1 && s2 == d2 ? FC_OK : FC_ERR_FORMAT;
}

fc_qt_stats fc_world_broadphase_stats(const fc_world *w)
{
    return fc_qt_get_stats(w == NULL ? NULL : w->qt);
}
