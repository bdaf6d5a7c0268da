/* SPDX-License-Identifier: MIT */
/* The pairs of a small tree by sort-and-sweep (fc_qt_pairs_sweep).
 *
 * With about one item per node (a 1k-body match on a map of 32 x 32
 * cells) the tree walk of fc_qt_pairs costs ~400 instructions an item in
 * neighbourhood bookkeeping, while sorting the items on min_u and sweeping
 * the sorted list costs a few instructions per candidate (an item whose
 * u extent starts inside another's). The sweep runs when the tree holds at
 * most QT_SWEEP_MAX_ITEMS items and its candidates stay within a budget
 * counted before any pair is reported; otherwise it declines and the
 * caller walks the tree (a crowded column of items would make the sweep
 * quadratic). The pairs are the same either way: every unordered pair of
 * items whose closed boxes overlap, once. */
#include "quadtree_internal.h"
#include "quadtree_layout.h"

#include "fc_alloc.h"
#include "nofloat.h"

/* The largest tree the sweep takes (its scratch: 24 bytes an item). */
#define QT_SWEEP_MAX_ITEMS 16384u
/* Candidates allowed per item before the sweep declines: the tree walk
 * costs about as much as this many candidate tests. */
#define QT_SWEEP_BUDGET 32u

static void sweep_release(const fc_allocator *a, qt_sweep *s)
{
    fc_free_bytes(a, s->key, sizeof(qt_sweep_slot) * s->cap);
    fc_free_bytes(a, s->tmp, sizeof(qt_sweep_slot) * s->cap);
    fc_free_bytes(a, s->item, sizeof(qt_sweep_item) * s->cap);
    s->key = s->tmp = NULL;
    s->item = NULL;
    s->cap = 0;
}

void fc_qt_sweep_free(fc_quadtree *qt)
{
    sweep_release(&qt->a, &qt->sweep);
}

/* Scratch for n items, sized for the tree's item capacity (its location
 * table, at most QT_SWEEP_MAX_ITEMS) so that frames within capacity do
 * not allocate; 0 when out of memory (the old scratch kept). */
static int sweep_reserve(fc_quadtree *qt, uint32_t n)
{
    if (n <= qt->sweep.cap)
        return 1;
    qt_sweep s;
    s.cap = qt->loc_cap < QT_SWEEP_MAX_ITEMS ? qt->loc_cap : QT_SWEEP_MAX_ITEMS;
    if (s.cap < n)
        s.cap = n;
    s.key = (qt_sweep_slot *)fc_alloc_bytes(&qt->a, sizeof(qt_sweep_slot) * s.cap);
    s.tmp = (qt_sweep_slot *)fc_alloc_bytes(&qt->a, sizeof(qt_sweep_slot) * s.cap);
    s.item = (qt_sweep_item *)fc_alloc_bytes(&qt->a, sizeof(qt_sweep_item) * s.cap);
    if (s.key == NULL || s.tmp == NULL || s.item == NULL) {
        sweep_release(&qt->a, &s);
        return 0;
    }
    sweep_release(&qt->a, &qt->sweep);
    qt->sweep = s;
    return 1;
}

/* One LSD radix pass over n keys on the 8-bit digit at bit shift (ties
 * keep their order), src into dst. */
static void radix_pass(const qt_sweep_slot *src, qt_sweep_slot *dst, uint32_t n, unsigned shift)
{
    uint32_t count[256] = {0};
    for (uint32_t i = 0; i < n; i++)
        count[(src[i].key >> shift) & 0xFFu]++;
    uint32_t sum = 0;
    for (int d = 0; d < 256; d++) {
        uint32_t c = count[d];
        count[d] = sum;
        sum += c;
    }
    for (uint32_t i = 0; i < n; i++)
        dst[count[(src[i].key >> shift) & 0xFFu]++] = src[i];
}

/* Sort n keys on their high 32 bits, in key: two radix passes on the 16
 * leading bits in which the keys differ (diff: the bits in which some
 * keys' high halves differ), then an insertion sort, whose moves only
 * reorder keys agreeing on those 16 bits: 0 when they exceed budget (a
 * crowd of items with nearly equal min_u: the sweep would decline too). */
static int sort_high(qt_sweep_slot *key, qt_sweep_slot *tmp, uint32_t n, uint32_t diff, uint64_t budget)
{
    int top = 0;
    while (top < 32 && (diff >> top) != 0)
        top++;
    const unsigned low = top > 16 ? (unsigned)top - 16 : 0;
    unsigned shift[2] = {32 + low, 40 + low};
    int passes = 0;
    for (int p = 0; p < 2; p++)
        if (shift[p] < 64 && ((diff >> (shift[p] - 32)) & 0xFFu) != 0)
            radix_pass(passes % 2 == 0 ? key : tmp, passes % 2 == 0 ? tmp : key, n, shift[p]), passes++;
    if (passes % 2 != 0)
        for (uint32_t i = 0; i < n; i++)
            key[i] = tmp[i];
    uint64_t moves = 0;
    for (uint32_t i = 1; i < n; i++) {
        const qt_sweep_slot k = key[i];
        const uint32_t hi = (uint32_t)(k.key >> 32);
        uint32_t j = i;
        for (; j > 0 && (uint32_t)(key[j - 1].key >> 32) > hi; j--)
            key[j] = key[j - 1];
        key[j] = k;
        moves += i - j;
        if (moves > budget)
            return 0;
    }
    return 1;
}

int fc_qt_pairs_sweep(fc_quadtree *qt, fc_qt_pair_fn fn, void *ctx)
{
    const uint32_t n = (uint32_t)qt->count;
    if (n > QT_SWEEP_MAX_ITEMS || !sweep_reserve(qt, n))
        return 0;
    qt_sweep_slot *key = qt->sweep.key, *tmp = qt->sweep.tmp;
    qt_sweep_item *item = qt->sweep.item;
    const uint64_t budget = (uint64_t)QT_SWEEP_BUDGET * n + 64;
    /* every used entry of the chunk pool (a free chunk has n == 0) as
     * min_u (order-preserving unsigned) << 32 | its place in the pool */
    uint32_t k = 0, first = 0, diff = 0;
    for (int32_t c = 0; c < qt->chunk_count; c++) {
        const qt_chunk *ch = &qt->chunks[c];
        for (int32_t i = 0; i < ch->n && k < n; i++) {
            uint32_t u = (uint32_t)ch->e[i].box.min_u ^ 0x80000000u;
            first = k == 0 ? u : first;
            diff |= u ^ first;
            key[k++].key = (uint64_t)u << 32 | (uint32_t)(c * QT_CHUNK + i);
        }
    }
    if (k != n || !sort_high(key, tmp, n, diff, budget)) /* k != n: not a tree fc_qt_validate accepts */
        return 0;
    /* the extents in sweep order: u in tmp, v in key (slot i's key read
     * before the slot is written) */
    for (uint32_t i = 0; i < n; i++) {
        uint32_t at = (uint32_t)key[i].key;
        const qt_entry *e = &qt->chunks[at >> QT_CHUNK_LOG2].e[at & (QT_CHUNK - 1)];
        tmp[i].span.lo = e->box.min_u;
        tmp[i].span.hi = e->box.max_u;
        key[i].span.lo = e->box.min_v;
        key[i].span.hi = e->box.max_v;
        item[i].item = e->item;
    }
    /* each item's candidates (the later items whose u extent starts inside
     * its own) end at item[i].end; counted before any pair is reported,
     * over budget the sweep declines */
    uint64_t cand = 0;
    for (uint32_t i = 0; i < n; i++) {
        const int32_t hi = tmp[i].span.hi;
        uint32_t j = i + 1;
        while (j < n && tmp[j].span.lo <= hi)
            j++;
        item[i].end = j;
        cand += j - i - 1;
        if (cand > budget)
            return 0;
    }
    for (uint32_t i = 0; i < n; i++) {
        const qt_span v = key[i].span;
        for (uint32_t j = i + 1, end = item[i].end; j < end; j++)
            if ((key[j].span.lo <= v.hi) & (v.lo <= key[j].span.hi))
                fn(ctx, item[i].item, item[j].item);
    }
    return 1;
}

void fc_qt_pairs_fast(fc_quadtree *qt, fc_qt_pair_fn fn, void *ctx)
{
    if (qt != NULL && fn != NULL && !fc_qt_pairs_sweep(qt, fn, ctx))
        fc_qt_pairs(qt, fn, ctx);
}
