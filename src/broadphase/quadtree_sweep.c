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
 * quadratic; quadtree_pairs.c chooses). The pairs are the same either way:
 * every unordered pair of items whose closed boxes overlap, once. Its
 * scratch is sized by quadtree_sweep_store.c. */
#include "quadtree_internal.h"
#include "quadtree_layout.h"

#include "core/nofloat.h"

/* Candidates allowed per item before the sweep declines. By instruction
 * counts the sweep wins up to ~20 candidates an item, but its loops
 * mispredict more: in wall time the tree walk already wins at ~10 (MOBA
 * frame, 1k bodies: 100 us/frame walking, 110 sweeping; min of 25 rounds)
 * and the sweep at ~2.5 (W1 and MOBA, 1k and 200 bodies). */
#define QT_SWEEP_BUDGET 8u
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

/* The items' extents in sweep order from the last pass's order, when it
 * still lists the tree's items: as many as the tree holds, all present
 * (the order lists distinct items, so it is then a permutation of them);
 * 0 when it does not. Frames that only move items take this path. */
static int fill_from_order(const fc_quadtree *qt, uint32_t n)
{
    const qt_sweep *sw = &qt->sweep;
    if (sw->order_n != n)
        return 0;
    for (uint32_t i = 0; i < n; i++) {
        const qt_loc l = qt->loc[sw->item[i].item];
        if (l.node < 0)
            return 0;
        const fc_qt_box b = qt->chunks[l.at >> QT_CHUNK_LOG2].e[l.at & (QT_CHUNK - 1)].box;
        sw->tmp[i].span.lo = b.min_u;
        sw->tmp[i].span.hi = b.max_u;
        sw->key[i].span.lo = b.min_v;
        sw->key[i].span.hi = b.max_v;
    }
    return 1;
}

/* The items and their extents from the chunk pool (a free chunk has
 * n == 0), in the order of two radix passes on the 16 leading bits of
 * min_u in which the items differ (the insertion sort finishes it); 0
 * when the pool does not hold n items (not a tree fc_qt_validate accepts). */
static int fill_from_pool(fc_quadtree *qt, uint32_t n)
{
    qt_sweep *sw = &qt->sweep;
    qt_sweep_slot *key = sw->key, *tmp = sw->tmp;
    /* each entry as min_u (order-preserving unsigned) << 32 | its place */
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
    if (k != n)
        return 0;
    int top = 0;
    while (top < 32 && (diff >> top) != 0)
        top++;
    const unsigned low = top > 16 ? (unsigned)top - 16 : 0;
    int passes = 0;
    for (unsigned shift = 32 + low; shift < 48 + low; shift += 8)
        if (((diff >> (shift - 32)) & 0xFFu) != 0) {
            radix_pass(passes % 2 == 0 ? key : tmp, passes % 2 == 0 ? tmp : key, n, shift);
            passes++;
        }
    const qt_sweep_slot *sorted = passes % 2 == 0 ? key : tmp;
    /* the extents: u in tmp, v in key (slot i read before it is written,
     * from whichever array holds the sorted keys) */
    for (uint32_t i = 0; i < n; i++) {
        const uint32_t at = (uint32_t)sorted[i].key;
        const qt_entry *e = &qt->chunks[at >> QT_CHUNK_LOG2].e[at & (QT_CHUNK - 1)];
        sw->item[i].item = e->item;
        tmp[i].span.lo = e->box.min_u;
        tmp[i].span.hi = e->box.max_u;
        key[i].span.lo = e->box.min_v;
        key[i].span.hi = e->box.max_v;
    }
    sw->order_n = n;
    return 1;
}

/* Insertion sort of the items on min_u (nearly sorted: by the radix
 * passes, or by the last frame); 0 when its moves exceed budget (a crowd
 * of items with nearly equal min_u: the sweep would decline anyway). */
static int sort_on_u(qt_sweep *sw, uint32_t n, uint64_t budget)
{
    qt_sweep_slot *u = sw->tmp, *v = sw->key;
    qt_sweep_item *item = sw->item;
    uint64_t moves = 0;
    for (uint32_t i = 1; i < n; i++) {
        const qt_sweep_slot ui = u[i];
        if (u[i - 1].span.lo <= ui.span.lo)
            continue;
        const qt_sweep_slot vi = v[i];
        const qt_sweep_item ii = item[i];
        uint32_t j = i;
        for (; j > 0 && u[j - 1].span.lo > ui.span.lo; j--) {
            u[j] = u[j - 1];
            v[j] = v[j - 1];
            item[j] = item[j - 1];
        }
        u[j] = ui;
        v[j] = vi;
        item[j] = ii;
        moves += i - j;
        if (moves > budget)
            return 0;
    }
    return 1;
}

static int spans_meet(qt_span a, qt_span b)
{
    return (a.lo <= b.hi) & (b.lo <= a.hi);
}

/* Item i's candidates are the later items whose u extent starts inside
 * its own; at most 16384 items, so a pair (i, j) of sweep positions packs
 * into one word. */
#define QT_SWEEP_PAIR(i, j) ((i) << 14 | (j))

/* The sweep proper, in one pass: it counts the candidates and keeps the
 * pairs among them whose v extents meet, in the items' spare words (end),
 * while there is room (n of them); nothing is reported before the count is
 * known within budget (0 otherwise). Then the kept pairs are reported, and
 * the items from the first whose pairs did not fit on are swept again,
 * reporting directly. A sentinel past the last item (lo INT32_MAX) ends
 * every scan but that of an item reaching INT32_MAX, whose candidates are
 * all the later items. */
static int sweep_pairs(qt_sweep *sw, uint32_t n, uint64_t budget, fc_qt_pair_fn fn, void *ctx)
{
    const qt_sweep_slot *u = sw->tmp, *v = sw->key;
    qt_sweep_item *item = sw->item;
    sw->tmp[n].span.lo = INT32_MAX;
    uint64_t cand = 0;
    uint32_t hits = 0, kept = 0, full = n; /* full: the first item whose pairs did not all fit */
    for (uint32_t i = 0; i < n; i++) {
        const int32_t hi = u[i].span.hi;
        const qt_span vi = v[i].span;
        const uint32_t first = hits;
        uint32_t j = i + 1;
        if (hi != INT32_MAX) {
            for (; u[j].span.lo <= hi; j++)
                if (spans_meet(v[j].span, vi)) {
                    if (hits < n)
                        item[hits].end = QT_SWEEP_PAIR(i, j);
                    hits++;
                }
        } else {
            for (; j < n; j++)
                if (spans_meet(v[j].span, vi)) {
                    if (hits < n)
                        item[hits].end = QT_SWEEP_PAIR(i, j);
                    hits++;
                }
        }
        if (hits > n && full == n) {
            full = i;
            kept = first;
        }
        cand += j - i - 1;
        if (cand > budget)
            return 0;
    }
    if (full == n)
        kept = hits;
    for (uint32_t k = 0; k < kept; k++) {
        const uint32_t pair = item[k].end;
        fn(ctx, item[pair >> 14].item, item[pair & 0x3FFFu].item);
    }
    for (uint32_t i = full; i < n; i++) {
        const int32_t hi = u[i].span.hi;
        const qt_span vi = v[i].span;
        for (uint32_t j = i + 1; j < n && u[j].span.lo <= hi; j++)
            if (spans_meet(v[j].span, vi))
                fn(ctx, item[i].item, item[j].item);
    }
    return 1;
}

int fc_qt_pairs_sweep(fc_quadtree *qt, fc_qt_pair_fn fn, void *ctx)
{
    const uint32_t n = (uint32_t)qt->count;
    if (n > qt->sweep.cap)
        return 0;
    qt_sweep *sw = &qt->sweep;
    const uint64_t budget = (uint64_t)QT_SWEEP_BUDGET * n + 64;
    return (fill_from_order(qt, n) || fill_from_pool(qt, n)) && sort_on_u(sw, n, budget) &&
           sweep_pairs(sw, n, budget, fn, ctx);
}
