/* SPDX-License-Identifier: MIT */
/* Private: the fc_world layout shared by the world's source files. */
#ifndef FIXCOL_SRC_WORLD_INTERNAL_H
#define FIXCOL_SRC_WORLD_INTERNAL_H

#include <stdint.h>

#include <fixcol/shapes.h>
#include <fixcol/world.h>

#include "core/buf.h"
#include "core/fc_alloc.h"
#include "core/sort.h"
#include "cast/ray_param.h"
#include "shapes/shape_bounds.h"

/* One body slot, 40 bytes: the compact store. A small shape (2D circle
 * and AABB, 3D sphere: 12-16 bytes, the common game bodies) lives in the
 * slot's words, and its integer bounds follow from them; any other shape
 * lives with its bounds in an entry of the world's big-shape pool (w->big),
 * whose index the slot holds. Read shapes with fc_body_shape2/3 and bounds
 * with fc_body_bounds, write both with fc_world_store_shape. Free slots
 * keep their generation (the one the next body in the slot gets) and
 * live == 0. */
typedef struct fc_body {
    /* the checksummed fields first, so a small body's record is read from
     * one cache line */
    uint32_t generation;
    uint8_t live;
    uint8_t type; /* fc_shape2_type or fc_shape3_type, by the world's dim */
    uint16_t pad; /* 0 */
    fc_filter filter;
    uint64_t user_data;
    /* small shape: circle (cx, cy, r, 0), AABB2 (minx, miny, maxx, maxy),
     * sphere (cx, cy, cz, r); else sw[0] = the big-pool entry */
    int32_t sw[4];
} fc_body;

/* A shape in full: in a big-pool entry, or the decoded form of a body. */
typedef union fc_shape_any {
    fc_shape2 s2;
    fc_shape3 s3;
    uint32_t next_free; /* a free big-pool entry: the next free one */
} fc_shape_any;

/* A big-pool entry: a shape other than the small ones, with its bounds. */
typedef struct fc_big_shape {
    fc_shape_any shape;
    int32_t min[3], max[3]; /* integer bounds, raw Q16.16, rounded outward */
} fc_big_shape;

/* A body in full (a snapshot body being decoded, a query shape): what a
 * slot stores, uncompressed. */
typedef struct fc_body_full {
    uint32_t generation;
    fc_filter filter;
    uint64_t user_data;
    int32_t min[3], max[3];
    fc_shape_any shape;
} fc_body_full;

/* One ray hit being ordered: exact parameter and body index. */
typedef struct fc_ray_key {
    fc_rayt t;
    uint32_t index;
} fc_ray_key;

struct fc_world {
    fc_world_def def; /* alloc resolved */
    fc_quadtree *qt;
    fc_body *bodies;
    uint32_t slot_count, slot_cap; /* slots ever used / allocated */
    uint32_t *free_stack;          /* free slots, top = free_stack[free_count - 1] */
    /* the big-shape pool (world_shape.c): entries ever used / allocated,
     * the head of the free entries' list (FC_BIG_NONE: empty) */
    fc_big_shape *big;
    uint32_t big_used, big_cap, big_free, big_live;
    /* per slot: the record hash of a live body (odd, kept current by
     * fc_world_rehash), 0 for a free slot */
    uint64_t *rec;
    /* scratch, one bit per slot (FC_MARK_WORDS(slot_cap) words): the
     * restore's free-slot map */
    uint64_t *mark;
    uint32_t free_count;
    uint32_t live_count;
    /* outputs and scratch */
    fc_buf pairs; /* also the pair keys being collected and sorted */
    fc_buf query_idx, query_tmp, query_ids, ray_hits, ray_tmp;
    /* 2D shape casts (world_cast2.c): the reported hits, the keys being
     * ordered, the closest cast's candidates */
    fc_buf cast2_hits, cast2_tmp, cast2_cand;
    fc_buf cast3_hits, cast3_tmp; /* 3D shape casts (world_cast3.c): fc_cast3_hit, fc_cast3_key */
    /* pair events (world_pairs.c) between the last two lists: began and
     * ended (or, began_all set, every pair of the current list began), the
     * next ones being built while listing, and whether a body was
     * destroyed since the last list; the contact output */
    fc_buf began, ended, began_next, ended_next, contacts;
    int began_all;
    int destroyed;
    int events_base; /* fc_events_base: what the events are */
    int oom; /* set by callbacks when a push failed */
};

/* What the world's events are. */
typedef enum fc_events_base {
    FC_EVENTS_LIST = 0, /* between the current list and the one before */
    FC_EVENTS_NONE,     /* none: the current list was listed after a restore */
    FC_EVENTS_LOST_CUR, /* a restore could not list its pairs (out of memory) */
    FC_EVENTS_LOST,     /* the previous list is that unknown list */
    FC_EVENTS_PENDING   /* after a restore, before any change or pair call:
                           as NONE, the current list not listed yet */
} fc_events_base;

/* No big-pool entry. */
#define FC_BIG_NONE 0xFFFFFFFFu

/* Words of a bit map over n slots. */
#define FC_MARK_WORDS(n) (((size_t)(n) + 63) / 64)

/* Check a world def (world_def.c; FC_OK, FC_ERR_ARGUMENT or FC_ERR_RANGE, as
 * fc_world_create) and fill the quadtree def it asks for. */
fc_status fc_world_check_def(const fc_world_def *def, fc_qt_def *qd);

/* Body lookup (world_ids.c): the slot for a live id of w, or NULL. */
fc_body *fc_world_body(const fc_world *w, fc_body_id id);
/* *out = the current id of slot index. An out-param, not a return value:
 * fc_body_id is 12 bytes, and tcc 0.9.27 (x86_64) stores 16 bytes for a
 * 12-byte struct returned by value, overwriting a neighbouring local of the
 * caller. No 12-byte struct (fc_vec3, fc_body_id) is returned by value in src/. */
void fc_world_id_of(const fc_world *w, uint32_t index, fc_body_id *out);

/* Broadphase box of bounds in world w ((x, y) in 2D, (x, z) in 3D). */
fc_qt_box fc_world_qt_box(const fc_world *w, const int32_t min[3], const int32_t max[3]);

/* After a restore the restored contents' pairs are the previous list of
 * the next events, but they are listed lazily (world_pairs.c): a rollback
 * restores far more often than it asks for events right away, and the
 * list cost a whole pair pass in every restore (1.6 -> 2.1 ms at 10k).
 * fc_world_settle lists them (as the current list, no events pending)
 * when a restore left them pending; every call that changes a body or
 * lists pairs calls it first. */
void fc_world_settle_slow(fc_world *w);
static inline void fc_world_settle(fc_world *w)
{
    if (w->events_base == FC_EVENTS_PENDING)
        fc_world_settle_slow(w);
}

/* 1 when two filters accept each other (pairs and queries). */
static inline int fc_filters_pair(fc_filter a, fc_filter b)
{
    return (a.category & b.mask) != 0 && (b.category & a.mask) != 0;
}

/* Exact shape tests used by pairs and queries (world_narrow.c): two live
 * bodies of w; a live body and a query q. */
int fc_world_bodies_overlap(const fc_world *w, const fc_body *a, const fc_body *b);
int fc_world_body_meets(const fc_world *w, const fc_body *a, const fc_body_full *q);

/* ---------------------------------------------------------------- shapes
 * The compact store (world_shape.c). */

/* 1 when a shape of this type is stored in the slot (no big-pool entry). */
static inline int fc_shape_small(int dim2, uint32_t type)
{
    return dim2 ? type == FC_SHAPE2_CIRCLE || type == FC_SHAPE2_AABB : type == FC_SHAPE3_SPHERE;
}

/* The shape of live body b of 2D world w: a pointer to its big-pool entry,
 * or to *tmp filled from the slot (only the type's fields are written). */
static inline const fc_shape2 *fc_body_shape2(const fc_world *w, const fc_body *b, fc_shape2 *tmp)
{
    switch (b->type) {
    case FC_SHAPE2_CIRCLE:
        tmp->type = FC_SHAPE2_CIRCLE;
        tmp->u.circle.center.x = b->sw[0];
        tmp->u.circle.center.y = b->sw[1];
        tmp->u.circle.radius = b->sw[2];
        return tmp;
    case FC_SHAPE2_AABB:
        tmp->type = FC_SHAPE2_AABB;
        tmp->u.aabb.min.x = b->sw[0];
        tmp->u.aabb.min.y = b->sw[1];
        tmp->u.aabb.max.x = b->sw[2];
        tmp->u.aabb.max.y = b->sw[3];
        return tmp;
    default: return &w->big[(uint32_t)b->sw[0]].shape.s2;
    }
}

/* The same for a live body of a 3D world. */
static inline const fc_shape3 *fc_body_shape3(const fc_world *w, const fc_body *b, fc_shape3 *tmp)
{
    if (b->type != FC_SHAPE3_SPHERE)
        return &w->big[(uint32_t)b->sw[0]].shape.s3;
    tmp->type = FC_SHAPE3_SPHERE;
    tmp->u.sphere.center.x = b->sw[0];
    tmp->u.sphere.center.y = b->sw[1];
    tmp->u.sphere.center.z = b->sw[2];
    tmp->u.sphere.radius = b->sw[3];
    return tmp;
}

static inline void fc_set_bounds(int32_t min[3], int32_t max[3], int32_t x0, int32_t y0, int32_t z0, int32_t x1,
                                 int32_t y1, int32_t z1)
{
    min[0] = x0;
    min[1] = y0;
    min[2] = z0;
    max[0] = x1;
    max[1] = y1;
    max[2] = z1;
}

/* The integer bounds of live body b (as fc_shape2/3_bounds gives them:
 * raw Q16.16, z 0 in 2D; a small shape's from its words, exact - the
 * shape was validated, so no sum overflows). */
static inline void fc_body_bounds(const fc_world *w, const fc_body *b, int32_t min[3], int32_t max[3])
{
    const int32_t *v = b->sw;
    if (w->def.dim == FC_WORLD_2D) {
        if (b->type == FC_SHAPE2_AABB) {
            fc_set_bounds(min, max, v[0], v[1], 0, v[2], v[3], 0);
            return;
        }
        if (b->type == FC_SHAPE2_CIRCLE) {
            fc_set_bounds(min, max, v[0] - v[2], v[1] - v[2], 0, v[0] + v[2], v[1] + v[2], 0);
            return;
        }
    } else if (b->type == FC_SHAPE3_SPHERE) {
        fc_set_bounds(min, max, v[0] - v[3], v[1] - v[3], v[2] - v[3], v[0] + v[3], v[1] + v[3], v[2] + v[3]);
        return;
    }
    const fc_big_shape *e = &w->big[(uint32_t)v[0]];
    fc_set_bounds(min, max, e->min[0], e->min[1], e->min[2], e->max[0], e->max[1], e->max[2]);
}

/* Make sure n more big-pool entries can be taken without allocating
 * (n = 0: nothing). 1 on success, 0 when out of memory (pool unchanged). */
int fc_world_reserve_big(fc_world *w, uint32_t n);
/* Store shape s (s2 or s3 by the world's dim, already checked) with its
 * bounds min/max in slot b, replacing its previous shape (had_shape: b
 * holds one). Takes a big-pool entry when needed: reserved beforehand, so
 * it cannot fail. */
void fc_world_store_shape(fc_world *w, fc_body *b, int had_shape, const fc_shape2 *s2, const fc_shape3 *s3,
                          const int32_t min[3], const int32_t max[3]);
/* Release body b's big-pool entry, if any (b's shape becomes unset). */
void fc_world_drop_shape(fc_world *w, fc_body *b);
/* Empty the big pool (every body's shape is about to be rewritten). */
void fc_world_reset_big(fc_world *w);
/* Free the pool's storage. */
void fc_world_free_big(fc_world *w);

/* Refresh the cached record hash of live body index after it changed
 * (call after its shape and filter are final). Eager, not lazy:
 * the body was just written and is in cache, so hashing it here costs a
 * few multiplies, while a lazy hash in fc_world_checksum re-reads every
 * moved body's 128-byte slot (measured: 0.059 ms vs 0.023 ms per checksum
 * at 10k moved bodies). */
void fc_world_rehash(fc_world *w, uint32_t index);
/* The record hash of live body index (odd), computed in full. */
uint64_t fc_world_record_hash(const fc_world *w, uint32_t index);
/* The world checksum as replay format version 1 defined it (its record
 * hash R_i was fc_hash64 of the record words | 1; world_checksum.c). */
uint64_t fc_world_checksum_v1(const fc_world *w);


#endif
