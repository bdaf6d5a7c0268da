/* SPDX-License-Identifier: MIT */
/* The frame-history ring: begin, end, save, the records the world's
 * mutation paths write (history_internal.h has the layout), figures.
 * Rollback is history_rollback.c. */
#include "history_internal.h"

#include <string.h>

#include <fixcol/history.h>

#include "core/nofloat.h"

static void hist_free(const fc_allocator *a, struct fc_history *h)
{
    if (h == NULL)
        return;
    fc_free_bytes(a, h->words, sizeof(uint32_t) * h->cap);
    fc_free_bytes(a, h->saves, sizeof(fc_hist_save) * h->save_cap);
    fc_free_bytes(a, h, sizeof *h);
}

/* The history's base: the current state, no records. */
static void hist_base(fc_world *w, struct fc_history *h)
{
    h->tail = h->head;
    h->first = 0;
    h->count = 1;
    h->open_big = 0;
    h->overflowed = 0;
    fc_hist_save *s = &h->saves[0];
    memset(s, 0, sizeof *s);
    s->end = h->head;
    s->slot_count = w->slot_count;
    s->live_count = w->live_count;
}

void fc_hist_next_serial(fc_world *w)
{
    struct fc_history *h = w->hist;
    if (h->serial < HIST_SERIAL_MAX) {
        h->serial++;
        return;
    }
    for (uint32_t i = 0; i < w->slot_count; i++) /* once in 32767 frames */
        w->bodies[i].pad = 0;
    h->serial = 1;
}

void fc_hist_reset(fc_world *w)
{
    hist_base(w, w->hist);
    fc_hist_next_serial(w);
}

fc_status fc_world_history_begin(fc_world *w, int32_t frames, int32_t bytes)
{
    if (w == NULL)
        return FC_ERR_NULL;
    if (frames < 1 || frames > FC_HISTORY_MAX_FRAMES || bytes < FC_HISTORY_MIN_BYTES || bytes > FC_HISTORY_MAX_BYTES)
        return FC_ERR_ARGUMENT;
    const fc_allocator *a = &w->def.alloc;
    struct fc_history *h = (struct fc_history *)fc_alloc_bytes(a, sizeof *h);
    if (h == NULL)
        return FC_ERR_NO_MEMORY;
    memset(h, 0, sizeof *h);
    h->cap = (uint32_t)bytes / 4;
    h->save_cap = (uint32_t)frames + 1;
    h->words = (uint32_t *)fc_alloc_bytes(a, sizeof(uint32_t) * h->cap);
    h->saves = (fc_hist_save *)fc_alloc_bytes(a, sizeof(fc_hist_save) * h->save_cap);
    if (h->words == NULL || h->saves == NULL) {
        hist_free(a, h);
        return FC_ERR_NO_MEMORY;
    }
    fc_world_history_end(w);
    w->hist = h;
    h->serial = HIST_SERIAL_MAX; /* the next one wraps: every pad cleared */
    fc_hist_reset(w);
    return FC_OK;
}

void fc_world_history_end(fc_world *w)
{
    if (w == NULL || w->hist == NULL)
        return;
    hist_free(&w->def.alloc, w->hist);
    w->hist = NULL;
}

/* Drop the oldest save (count >= 2). */
static void hist_drop_oldest(struct fc_history *h)
{
    h->first = (h->first + 1) % h->save_cap;
    h->count--;
    h->tail = h->saves[h->first].end;
}

fc_status fc_world_history_save(fc_world *w)
{
    if (w == NULL)
        return FC_ERR_NULL;
    struct fc_history *h = w->hist;
    if (h == NULL)
        return FC_ERR_ARGUMENT;
    if (h->overflowed) {
        fc_hist_reset(w);
        return FC_ERR_CAPACITY;
    }
    /* a rollback of this frame takes at most one big-pool entry per big
     * record beyond the live ones now (history_rollback.c) */
    if (!fc_world_reserve_big(w, h->open_big))
        return FC_ERR_NO_MEMORY;
    if (h->count == h->save_cap)
        hist_drop_oldest(h);
    h->count++;
    fc_hist_save *s = fc_hist_newest(h);
    s->end = h->head;
    s->slot_count = w->slot_count;
    s->live_count = w->live_count;
    s->big = h->open_big;
    s->pad = 0;
    h->open_big = 0;
    fc_hist_next_serial(w);
    return FC_OK;
}

fc_status fc_world_history_stats(const fc_world *w, fc_history_stats *out)
{
    if (w == NULL || out == NULL)
        return FC_ERR_NULL;
    memset(out, 0, sizeof *out);
    const struct fc_history *h = w->hist;
    if (h == NULL)
        return FC_ERR_ARGUMENT;
    out->frames = (int32_t)h->save_cap - 1;
    out->depth = (int32_t)h->count - 1;
    out->bytes = (int64_t)h->cap * 4;
    out->used = (int64_t)(h->head - h->tail) * 4;
    const fc_hist_save *n = fc_hist_newest(h);
    out->open = (int64_t)(h->head - n->end) * 4;
    if (h->count >= 2)
        out->last_save = (int64_t)(n->end - h->saves[(h->first + h->count - 2) % h->save_cap].end) * 4;
    out->overflowed = h->overflowed;
    return FC_OK;
}

/* ---------------------------------------------------------------- records */

/* Room for n more words, dropping the oldest saves as needed; 0 when even
 * the open frame alone does not fit (the history is then overflowed). */
static int hist_room(struct fc_history *h, uint32_t n)
{
    if (h->overflowed)
        return 0;
    while (h->head + n - h->tail > h->cap) {
        if (h->count < 2) {
            h->overflowed = 1;
            return 0;
        }
        hist_drop_oldest(h);
    }
    return 1;
}

static void hist_put(struct fc_history *h, const uint32_t *v, uint32_t n)
{
    uint32_t at = (uint32_t)(h->head % h->cap);
    for (uint32_t i = 0; i < n; i++) {
        h->words[at] = v[i];
        if (++at == h->cap)
            at = 0;
    }
    h->head += n;
}

void fc_hist_move2(fc_world *w, uint32_t index)
{
    struct fc_history *h = w->hist;
    fc_body *b = &w->bodies[index];
    if ((uint32_t)(b->pad >> 1) == h->serial || !hist_room(h, 3))
        return;
    b->pad = (uint16_t)(h->serial << 1);
    const uint32_t v[3] = {(uint32_t)b->sw[0], (uint32_t)b->sw[1], index | (uint32_t)HIST_MOVE2 << 24};
    hist_put(h, v, 3);
}

void fc_hist_full(fc_world *w, uint32_t index)
{
    struct fc_history *h = w->hist;
    fc_body *b = &w->bodies[index];
    if (b->pad == (uint16_t)(h->serial << 1 | 1u))
        return;
#ifdef FC_HISTORY_BREAK
    /* test-only (the property test's should-fail twin): drop the 7th FULL
     * record; the body is still marked, as if it had been recorded */
    if (++h->fulls == 7) {
        b->pad = (uint16_t)(h->serial << 1 | 1u);
        return;
    }
#endif
    const int big = b->live && !fc_shape_small(w->def.dim == FC_WORLD_2D, b->type);
    const uint32_t n = (uint32_t)(HIST_BODY_WORDS + (big ? HIST_BIG_WORDS : 0) + 1);
    if (!hist_room(h, n))
        return;
    b->pad = (uint16_t)(h->serial << 1 | 1u);
    uint32_t v[HIST_MAX_WORDS];
    fc_body old = *b;
    old.pad = 0;
    memcpy(v, &old, sizeof old);
    if (big) {
        memcpy(v + HIST_BODY_WORDS, &w->big[(uint32_t)b->sw[0]], sizeof(fc_big_shape));
        h->open_big++;
    }
    v[n - 1] = index | (uint32_t)(HIST_FULL | (big ? HIST_BIG : 0u)) << 24;
    hist_put(h, v, n);
}

void fc_hist_new(fc_world *w, uint32_t index)
{
    struct fc_history *h = w->hist;
    if (!hist_room(h, 1))
        return;
    w->bodies[index].pad = (uint16_t)(h->serial << 1 | 1u);
    const uint32_t v = index | (uint32_t)HIST_NEW << 24;
    hist_put(h, &v, 1);
}

void fc_hist_free_op(fc_world *w, uint32_t index, uint32_t kind)
{
    struct fc_history *h = w->hist;
    if (!hist_room(h, 1))
        return;
    const uint32_t v = index | kind << 24;
    hist_put(h, &v, 1);
}
