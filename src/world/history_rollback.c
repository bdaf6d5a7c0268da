/* SPDX-License-Identifier: MIT */
/* fc_world_history_rollback: the ring's records undone, newest first.
 *
 * Pass 1 reads the records backwards from the newest word to the target
 * save's end and undoes each on the slots, the free list and the big-shape
 * pool (history_internal.h lists what each kind undoes); going backwards
 * passes through every saved state in turn, so a MOVE2 record always
 * finds its body in the state it left it in. The first time pass 1 meets
 * a slot it marks it in its pad (HIST_PAD_WAS_LIVE / _FREE: whether it is
 * in the broadphase now; an undo keeps the mark). Pass 2 walks the same
 * records again and brings each marked slot's broadphase entry and record
 * hash to its final state, once (the mark is cleared to 0: untouched by
 * the new open frame). Measured why: a bit map for "done" and a 64-bit
 * modulo per word read cost 60 ns per record at 10k bodies. */
#include "history_internal.h"

#include <string.h>

#include <fixcol/history.h>

#include "broadphase/quadtree_internal.h"
#include "broadphase/quadtree_layout.h"
#include "world_record.h"

#include "core/nofloat.h"

/* Words of the record whose header is hdr (header included). */
static inline uint32_t rec_words(uint32_t hdr)
{
    const uint32_t kind = hdr >> 24;
    if ((kind & 0x7Fu) == HIST_MOVE2)
        return 3;
    if ((kind & 0x7Fu) == HIST_FULL)
        return 1 + (uint32_t)HIST_BODY_WORDS + (kind & HIST_BIG ? (uint32_t)HIST_BIG_WORDS : 0);
    return 1;
}

/* A backward reader: at = the index of the next word to read + 1 (0 <
 * at <= cap after wrapping). */
typedef struct rd {
    const uint32_t *words;
    uint32_t cap, at;
} rd;

static inline uint32_t rd_word(rd *r)
{
    if (r->at == 0)
        r->at = r->cap;
    return r->words[--r->at];
}

/* The payload (n words before the header just read) into v, in order. */
static void rd_payload(rd *r, uint32_t n, uint32_t *v)
{
    for (uint32_t i = n; i > 0; i--)
        v[i - 1] = rd_word(r);
}

static void rd_skip(rd *r, uint32_t n)
{
    r->at = r->at >= n ? r->at - n : r->at + r->cap - n;
}

static void undo_full(fc_world *w, fc_body *b, uint32_t kind, const uint32_t *v)
{
    const uint16_t mark = b->pad;
    if (b->live)
        fc_world_drop_shape(w, b);
    memcpy(b, v, sizeof *b);
    b->pad = mark;
    if (kind & HIST_BIG) {
        fc_big_shape e;
        memcpy(&e, v + HIST_BODY_WORDS, sizeof e);
        fc_world_store_shape(w, b, 0, &e.shape.s2, &e.shape.s3, e.min, e.max);
    }
}

static void undo_record(fc_world *w, uint32_t hdr, rd *r)
{
    const uint32_t index = hdr & 0xFFFFFFu, kind = hdr >> 24;
    if ((kind & 0x7Fu) == HIST_PUSH) {
        w->free_count--;
        return;
    }
    if ((kind & 0x7Fu) == HIST_POP) {
        w->free_stack[w->free_count++] = index;
        return;
    }
    fc_body *b = &w->bodies[index];
    if (b->pad < HIST_PAD_WAS_FREE) /* first met: note whether it is in the tree */
        b->pad = b->live ? HIST_PAD_WAS_LIVE : HIST_PAD_WAS_FREE;
    uint32_t v[HIST_MAX_WORDS];
    if ((kind & 0x7Fu) == HIST_MOVE2) {
        const int32_t old1 = (int32_t)rd_word(r); /* payload old sw[0], sw[1], read backwards */
        const int32_t old0 = (int32_t)rd_word(r);
        const int64_t dx = (int64_t)old0 - b->sw[0], dy = (int64_t)old1 - b->sw[1];
        b->sw[0] = old0;
        b->sw[1] = old1;
        if (b->type == FC_SHAPE2_AABB) {
            b->sw[2] = (int32_t)(b->sw[2] + dx);
            b->sw[3] = (int32_t)(b->sw[3] + dy);
        }
        return;
    }
    if ((kind & 0x7Fu) == HIST_FULL) {
        rd_payload(r, rec_words(hdr) - 1, v);
        undo_full(w, b, kind, v);
        return;
    }
    /* HIST_NEW: the slot was never used */
    const uint16_t mark = b->pad;
    if (b->live)
        fc_world_drop_shape(w, b);
    memset(b, 0, sizeof *b);
    b->pad = mark;
}

/* Bring marked slot index's broadphase entry and record hash to its state. */
static fc_status settle_slot(fc_world *w, uint32_t index, fc_body *b)
{
    const int in_tree = b->pad == HIST_PAD_WAS_LIVE;
    b->pad = 0;
    if (index >= w->slot_count || !b->live) {
        if (in_tree)
            fc_qt_remove(w->qt, index);
        w->rec[index] = 0;
        return FC_OK;
    }
    int32_t min[3], max[3];
    fc_body_bounds(w, b, min, max);
    const int v = w->def.dim == FC_WORLD_3D ? 2 : 1;
    fc_qt_box box;
    box.min_u = min[0];
    box.max_u = max[0];
    box.min_v = min[v];
    box.max_v = max[v];
    fc_status st = FC_OK;
    if (!in_tree)
        st = fc_qt_insert(w->qt, index, box);
    else if (!fc_qt_move_in_place(w->qt, index, box))
        st = fc_qt_move(w->qt, index, box);
    if (v == 1 && (b->type == FC_SHAPE2_CIRCLE || b->type == FC_SHAPE2_AABB))
        w->rec[index] = fc_rec_small2(b, index);
    else
        fc_world_rehash(w, index);
    return st;
}

fc_status fc_world_history_rollback(fc_world *w, int32_t k)
{
    if (w == NULL)
        return FC_ERR_NULL;
    struct fc_history *h = w->hist;
    if (h == NULL)
        return FC_ERR_ARGUMENT;
    if (h->overflowed)
        return FC_ERR_CAPACITY;
    if (k < 0 || (uint32_t)k >= h->count)
        return FC_ERR_RANGE;
    /* the big-pool entries the undo may take: the open frame's (the
     * closed frames' were reserved by their saves) */
    if (!fc_world_reserve_big(w, h->open_big))
        return FC_ERR_NO_MEMORY;
    const fc_hist_save target = h->saves[(h->first + h->count - 1 - (uint32_t)k) % h->save_cap];
    const uint64_t words = h->head - target.end;
    const uint32_t start = (uint32_t)(h->head % h->cap);
    /* pass 1: undo, newest first */
    rd r = {h->words, h->cap, start == 0 ? h->cap : start};
    for (uint64_t left = words; left > 0;) {
        const uint32_t hdr = rd_word(&r);
        left -= rec_words(hdr);
        undo_record(w, hdr, &r);
    }
    w->slot_count = target.slot_count;
    w->live_count = target.live_count;
    /* pass 2: each touched slot's tree entry and hash, once */
    fc_status st = FC_OK;
    r.at = start == 0 ? h->cap : start;
    for (uint64_t left = words; left > 0;) {
        const uint32_t hdr = rd_word(&r), n = rec_words(hdr), index = hdr & 0xFFFFFFu;
        left -= n;
        rd_skip(&r, n - 1);
        fc_body *b = &w->bodies[index];
        if (b->pad >= HIST_PAD_WAS_FREE) {
            fc_status s = settle_slot(w, index, b);
            if (st == FC_OK)
                st = s;
        }
    }
    h->head = target.end;
    h->count -= (uint32_t)k;
    h->open_big = 0;
    fc_hist_next_serial(w);
    /* outputs invalid, the restored contents' pairs the events' previous
     * list, listed lazily (as after fc_world_restore) */
    w->pairs.count = 0;
    w->query_idx.count = w->query_ids.count = 0;
    w->ray_hits.count = w->ray_tmp.count = 0;
    w->cast2_hits.count = w->cast2_tmp.count = w->cast2_cand.count = 0;
    w->cast3_hits.count = w->cast3_tmp.count = 0;
    w->destroyed = 0;
    w->events_base = FC_EVENTS_PENDING;
    return st;
}
