/* SPDX-License-Identifier: MIT */
/* Private: the fc_world layout shared by the world's source files. */
#ifndef FIXCOL_SRC_WORLD_INTERNAL_H
#define FIXCOL_SRC_WORLD_INTERNAL_H

#include <stdint.h>

#include <fixcol/world.h>

#include "fc_alloc.h"
#include "ray_param.h"

/* One body slot. Free slots keep their generation (the one the next body
 * in the slot gets) and live == 0. */
typedef struct fc_body {
    /* the checksummed fields first, so a small body's record is read from
     * one or two adjacent cache lines */
    uint32_t generation;
    int32_t live;
    fc_filter filter;
    /* a live body's record-hash terms of words B0, B1 (index, generation,
     * filter; see fc_world_record_head), set when they change (create,
     * set_filter, restore) so a checksum after moves skips them */
    uint64_t rec_head;
    union {
        fc_shape2 s2;
        fc_shape3 s3;
    } shape;
    int32_t min[3], max[3]; /* integer bounds, raw Q16.16, rounded outward */
    uint64_t user_data;
} fc_body;

/* One ray hit being ordered: exact parameter and body index. */
typedef struct fc_ray_key {
    fc_rayt t;
    uint32_t index;
} fc_ray_key;

/* A growable array of fixed-size elements; grows by doubling, never shrinks. */
typedef struct fc_buf {
    void *data;
    size_t count, cap, elem;
} fc_buf;

struct fc_world {
    fc_world_def def; /* alloc resolved */
    fc_quadtree *qt;
    fc_body *bodies;
    uint32_t slot_count, slot_cap; /* slots ever used / allocated */
    uint32_t *free_stack;          /* free slots, top = free_stack[free_count - 1] */
    /* per slot: the record hash of a live body (odd, kept current by
     * fc_world_rehash), 0 for a free slot */
    uint64_t *rec;
    /* scratch, one bit per slot (FC_MARK_WORDS(slot_cap) words): the
     * restore's free-slot map */
    uint64_t *mark;
    uint32_t free_count;
    uint32_t live_count;
    /* outputs and scratch */
    fc_buf pair_keys, pairs; /* pairs is also the pair sort's scratch */
    fc_buf query_idx, query_tmp, query_ids, ray_hits, ray_tmp;
    /* 2D shape casts (world_cast2.c): the reported hits, the keys being
     * ordered, the closest cast's candidates */
    fc_buf cast2_hits, cast2_tmp, cast2_cand;
    fc_buf cast3_hits, cast3_tmp; /* 3D shape casts (world_cast3.c): fc_cast3_hit, fc_cast3_key */
    /* pair events and contacts (world_pairs.c): the list before the last
     * fc_world_find_pairs, the spare the next list is built in (so a failed
     * call keeps both lists), the event and contact outputs */
    fc_buf pair_prev, pair_spare, began, ended, contacts;
    int events_base; /* fc_events_base: what pair_prev holds */
    int oom; /* set by callbacks when a push failed */
};

/* What the world's previous pair list (pair_prev) is. */
typedef enum fc_events_base {
    FC_EVENTS_LIST = 0, /* pair_prev: the list before the current one */
    FC_EVENTS_NONE,     /* after a restore: the previous list is the current one */
    FC_EVENTS_LOST_CUR, /* a restore could not list its pairs (out of memory) */
    FC_EVENTS_LOST      /* the previous list is that unknown list */
} fc_events_base;

/* Words of a bit map over n slots. */
#define FC_MARK_WORDS(n) (((size_t)(n) + 63) / 64)

/* Check a world def (FC_OK, FC_ERR_ARGUMENT or FC_ERR_RANGE, as
 * fc_world_create) and fill the quadtree def it asks for. */
fc_status fc_world_check_def(const fc_world_def *def, fc_qt_def *qd);

/* fc_buf helpers: 1 on success, 0 when out of memory (buffer unchanged). */
int fc_buf_reserve(const fc_allocator *a, fc_buf *b, size_t n);
void fc_buf_free(const fc_allocator *a, fc_buf *b);

/* Body lookup: the slot for a live id of w, or NULL. */
fc_body *fc_world_body(const fc_world *w, fc_body_id id);
/* *out = the current id of slot index. An out-param, not a return value:
 * fc_body_id is 12 bytes, and tcc 0.9.27 (x86_64) stores 16 bytes for a
 * 12-byte struct returned by value, overwriting a neighbouring local of the
 * caller. No 12-byte struct (fc_vec3, fc_body_id) is returned by value in src/. */
void fc_world_id_of(const fc_world *w, uint32_t index, fc_body_id *out);

/* Shape checks and bounds (world_bounds.c): validate the shape for the
 * world and compute its outward-rounded integer bounds. */
fc_status fc_shape2_bounds(const fc_shape2 *s, int32_t min[3], int32_t max[3]);
fc_status fc_shape3_bounds(const fc_shape3 *s, int32_t min[3], int32_t max[3]);
/* Broadphase box of bounds in world w ((x, y) in 2D, (x, z) in 3D). */
fc_qt_box fc_world_qt_box(const fc_world *w, const int32_t min[3], const int32_t max[3]);

/* The canonical pair list into w->pairs (world_query.c). w, pairs and
 * count not NULL. FC_ERR_NO_MEMORY: outputs empty, w->pairs' contents
 * untouched (only its count zeroed). */
fc_status fc_world_pairs_fill(fc_world *w, const fc_pair **pairs, int32_t *count);
/* After a successful restore (world_pairs.c): list the restored contents'
 * pairs as the current list, with no events pending. */
void fc_world_events_rebase(fc_world *w);

/* Exact shape tests used by pairs and queries (world_narrow.c). */
int fc_world_bodies_overlap(const fc_world *w, const fc_body *a, const fc_body *b);

/* Refresh the cached record hash of live body index after it changed
 * (call after its shape, filter and rec_head are final). Eager, not lazy:
 * the body was just written and is in cache, so hashing it here costs a
 * few multiplies, while a lazy hash in fc_world_checksum re-reads every
 * moved body's 128-byte slot (measured: 0.059 ms vs 0.023 ms per checksum
 * at 10k moved bodies). */
void fc_world_rehash(fc_world *w, uint32_t index);
/* The record hash of live body index (odd), computed in full (not from
 * rec_head: fc_world_validate compares it with the cached one). */
uint64_t fc_world_record_hash(const fc_world *w, uint32_t index);
/* The record-hash terms of words B0 and B1 of live body index. */
uint64_t fc_world_record_head(const fc_world *w, uint32_t index);

/* Size of one 2D cast key (world_cast2.c). */
size_t fc_cast2_key_size(void);
size_t fc_cast2_cand_size(void);

/* Sort n keys ascending (distinct keys; tmp has room for n). */
void fc_sort_u64(uint64_t *keys, uint64_t *tmp, size_t n);

#endif
