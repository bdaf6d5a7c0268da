/* SPDX-License-Identifier: MIT */
/* fc_world_history_rollback: the ring's records undone, newest first.
 *
 * Pass 1 reads the records backwards from the newest word to the target
 * save's end and undoes each on the slots, the free list and the big-shape
 * pool (history_internal.h lists what each kind undoes); going backwards
 * passes through every saved state in turn, so a MOVE2 record always
 * finds its body in the state it left it in. Pass 2 walks the same
 * records again and brings each touched slot's broadphase entry and
 * record hash to its final state, once per slot (w->mark, the restore's
 * scratch bit map, is the "done" set: its bits of those slots are cleared
 * before and after). */
#include "history_internal.h"

#include <string.h>

#include <fixcol/history.h>

#include "broadphase/quadtree_internal.h"
#include "broadphase/quadtree_layout.h"

#include "core/nofloat.h"

/* Words of the record whose header is hdr (header included). */
static uint32_t rec_words(uint32_t hdr)
{
    switch ((hdr >> 24) & 0x7Fu) {
    case HIST_MOVE2: return 3;
    case HIST_FULL: return 1 + (uint32_t)HIST_BODY_WORDS + ((hdr >> 24) & HIST_BIG ? (uint32_t)HIST_BIG_WORDS : 0);
    default: return 1;
    }
}

/* Copy the n words ending before position end into v. */
static void rec_get(const struct fc_history *h, uint64_t end, uint32_t n, uint32_t *v)
{
    uint32_t at = (uint32_t)((end - n) % h->cap);
    for (uint32_t i = 0; i < n; i++) {
        v[i] = h->words[at];
        if (++at == h->cap)
            at = 0;
    }
}

static uint32_t word_at(const struct fc_history *h, uint64_t p)
{
    return h->words[p % h->cap];
}

static void undo_move2(fc_world *w, uint32_t index, const uint32_t *v)
{
    fc_body *b = &w->bodies[index];
    const int64_t dx = (int64_t)(int32_t)v[0] - b->sw[0], dy = (int64_t)(int32_t)v[1] - b->sw[1];
    b->sw[0] = (int32_t)v[0];
    b->sw[1] = (int32_t)v[1];
    if (b->type == FC_SHAPE2_AABB) {
        b->sw[2] = (int32_t)(b->sw[2] + dx);
        b->sw[3] = (int32_t)(b->sw[3] + dy);
    }
}

static void undo_full(fc_world *w, uint32_t index, uint32_t hdr, const uint32_t *v)
{
    fc_body *b = &w->bodies[index];
    if (b->live)
        fc_world_drop_shape(w, b);
    memcpy(b, v, sizeof *b);
    if ((hdr >> 24) & HIST_BIG) {
        fc_big_shape e;
        memcpy(&e, v + HIST_BODY_WORDS, sizeof e);
        fc_world_store_shape(w, b, 0, &e.shape.s2, &e.shape.s3, e.min, e.max);
    }
}

static void undo_record(fc_world *w, uint32_t hdr, const uint32_t *v)
{
    const uint32_t index = hdr & 0xFFFFFFu;
    switch ((hdr >> 24) & 0x7Fu) {
    case HIST_MOVE2: undo_move2(w, index, v); break;
    case HIST_FULL: undo_full(w, index, hdr, v); break;
    case HIST_NEW:
        if (w->bodies[index].live)
            fc_world_drop_shape(w, &w->bodies[index]);
        memset(&w->bodies[index], 0, sizeof(fc_body));
        break;
    case HIST_PUSH: w->free_count--; break;
    default: w->free_stack[w->free_count++] = index; break; /* HIST_POP */
    }
}

/* Bring slot index's broadphase entry and record hash to its state. */
static fc_status settle_slot(fc_world *w, uint32_t index)
{
    const fc_body *b = &w->bodies[index];
    const int in_tree = fc_qt_contains(w->qt, index, NULL);
    if (index >= w->slot_count || !b->live) {
        if (in_tree)
            fc_qt_remove(w->qt, index);
        w->rec[index] = 0;
        return FC_OK;
    }
    int32_t min[3], max[3];
    fc_body_bounds(w, b, min, max);
    const fc_qt_box box = fc_world_qt_box(w, min, max);
    fc_status st = FC_OK;
    if (!in_tree)
        st = fc_qt_insert(w->qt, index, box);
    else if (!fc_qt_move_in_place(w->qt, index, box))
        st = fc_qt_move(w->qt, index, box);
    fc_world_rehash(w, index);
    return st;
}

/* Clear the marks of the slots of the records between end and from. */
static void clear_marks(fc_world *w, const struct fc_history *h, uint64_t from, uint64_t end)
{
    for (uint64_t p = from; p > end;) {
        const uint32_t hdr = word_at(h, p - 1);
        p -= rec_words(hdr);
        const uint32_t index = hdr & 0xFFFFFFu;
        w->mark[index / 64] &= ~((uint64_t)1 << (index % 64));
    }
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
    const uint32_t target_i = (h->first + h->count - 1 - (uint32_t)k) % h->save_cap;
    const fc_hist_save target = h->saves[target_i];
    const uint64_t from = h->head;
    uint32_t v[HIST_MAX_WORDS];
    /* pass 1: undo, newest first */
    for (uint64_t p = from; p > target.end;) {
        const uint32_t hdr = word_at(h, p - 1);
        const uint32_t n = rec_words(hdr);
        rec_get(h, p - 1, n - 1, v);
        undo_record(w, hdr, v);
        p -= n;
    }
    w->slot_count = target.slot_count;
    w->live_count = target.live_count;
    clear_marks(w, h, from, target.end);
    /* pass 2: each touched slot's tree entry and hash, once */
    fc_status st = FC_OK;
    for (uint64_t p = from; p > target.end;) {
        const uint32_t hdr = word_at(h, p - 1);
        const uint32_t kind = (hdr >> 24) & 0x7Fu, index = hdr & 0xFFFFFFu;
        p -= rec_words(hdr);
        if (kind == HIST_PUSH || kind == HIST_POP)
            continue;
        uint64_t *m = &w->mark[index / 64];
        const uint64_t bit = (uint64_t)1 << (index % 64);
        if (*m & bit)
            continue;
        *m |= bit;
        fc_status s = settle_slot(w, index);
        if (st == FC_OK)
            st = s;
    }
    clear_marks(w, h, from, target.end); /* scratch: the restore leaves bits set */
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
