/* SPDX-License-Identifier: MIT */
/* The world's pair list, built, kept and diffed in one place.
 *
 * fc_world_find_pairs lists the pairs of the world's contents and the
 * events since the previous list, in three steps over one buffer:
 *   1. collect: the broadphase's candidate pairs (fc_qt_pairs_fast), kept
 *      when their filters accept each other and their shapes overlap
 *      exactly, as 8-byte keys (a.index << 32 | b.index);
 *   2. sort the keys (distinct integers, so the order is canonical);
 *   3. diff the previous list with the new keys into began/ended events,
 *      then write the new pairs over the storage.
 * fc_world_find_contacts2/3 add each pair's contact. After a restore the
 * list is rebuilt lazily (fc_world_settle_slow). The stateless list diff
 * for games that keep their own lists is pair_diff.c.
 *
 * Events are built while the list is listed, so the world keeps no copy
 * of the previous list: the events of a frame are a few percent of its
 * pairs, a previous list all of them (16 bytes a pair).
 *
 * The old list is compacted in place into keys (8 bytes a pair) at the
 * head of the list's storage, and the new keys are collected and sorted
 * after them. A key stands for the pair of its two slots' current bodies:
 * exact for an old pair unless one of its bodies was destroyed since the
 * old list, so those pairs ("gone": their ids are stale, they have ended)
 * are moved whole to the ended output first. The diff of the two key lists
 * then gives the began pairs (new keys not old) and the other ended pairs
 * (old keys not new), and a pair in both is the same pair: both ids are
 * the bodies' current ones. */
#include "world_internal.h"

#include <stddef.h>
#include <string.h>

#include "broadphase/quadtree_internal.h"
#include "core/nofloat.h"

/* ---------------------------------------------------------------- 1. collect, 2. sort
 * The canonical pair list of w's contents in steps, with no storage but
 * out's (fc_pair elements): collect its keys into out's storage from byte
 * at (a multiple of 8) on, growing it and keeping its first at bytes; *n =
 * the keys (FC_ERR_NO_MEMORY: out's first at bytes still as they were,
 * nothing else changed). Sort them in place, with the 8 n bytes after them
 * as scratch (out's storage must hold at + 16 n bytes). Then - once out
 * has room for n pairs - write the n pairs into out, replacing what it
 * held. */

/* The pair keys being collected: n keys in the storage of out from byte at
 * on, room for cap. */
typedef struct key_sink {
    fc_world *w;
    fc_buf *out;
    size_t at, n, cap;
    uint64_t *keys;
    int oom;
} key_sink;

static void sink_view(key_sink *s)
{
    s->keys = (uint64_t *)(void *)((unsigned char *)s->out->data + s->at);
    s->cap = (s->out->cap * s->out->elem - s->at) / sizeof(uint64_t);
}

/* Room for one more key: out grows (doubling), its first at + 8 n bytes kept. */
static int sink_grow(key_sink *s)
{
    size_t bytes = s->at + (s->n + 1) * sizeof(uint64_t);
    if (!fc_buf_reserve_keep(&s->w->def.alloc, s->out, (bytes + s->out->elem - 1) / s->out->elem,
                             s->at + s->n * sizeof(uint64_t)))
        return 0;
    sink_view(s);
    return 1;
}

static void on_pair(void *ctx, uint32_t a, uint32_t b)
{
    key_sink *s = (key_sink *)ctx;
    const fc_world *w = s->w;
    const fc_body *A = &w->bodies[a], *B = &w->bodies[b];
    if (!fc_filters_pair(A->filter, B->filter) || !fc_world_bodies_overlap(w, A, B))
        return;
    if (s->n == s->cap && !sink_grow(s)) {
        s->oom = 1;
        return;
    }
    s->keys[s->n++] = a < b ? ((uint64_t)a << 32) | b : ((uint64_t)b << 32) | a;
}

static fc_status pairs_collect(fc_world *w, fc_buf *out, size_t at, size_t *n)
{
    key_sink s;
    s.w = w;
    s.out = out;
    s.at = at;
    s.n = 0;
    s.oom = 0;
    s.keys = NULL;
    s.cap = 0;
    if (out->data != NULL)
        sink_view(&s);
    fc_qt_pairs_fast(w->qt, on_pair, &s);
    *n = s.n;
    return s.oom ? FC_ERR_NO_MEMORY : FC_OK;
}

static void pairs_sort(fc_buf *out, size_t at, size_t n)
{
    if (n < 2)
        return;
    unsigned char *keys = (unsigned char *)out->data + at;
    fc_sort_u64((uint64_t *)(void *)keys, (uint64_t *)(void *)(keys + n * sizeof(uint64_t)), n);
}

static void pairs_write(fc_world *w, fc_buf *out, size_t at, size_t n)
{
    if (n == 0) {
        out->count = 0;
        return;
    }
    /* the sorted keys to the last third of the output's first n pairs (24 n
     * bytes); then each pair is written over bytes whose keys are already
     * read (pair i ends at 24 i + 24 <= 16 n + 8 (i + 1), where key i + 1
     * starts): only the last pair overlaps a key, its own, and goes through
     * a copy (no typed store can be reordered past a typed load of the same
     * bytes). */
    unsigned char *base = (unsigned char *)out->data;
    unsigned char *keys = base + 2 * sizeof(uint64_t) * n;
    if (base + at != keys)
        memmove(keys, base + at, n * sizeof(uint64_t));
    fc_pair *p = (fc_pair *)out->data;
    for (size_t i = 0; i + 1 < n; i++) { /* pair i lies below key i */
        uint64_t k;
        memcpy(&k, keys + i * sizeof k, sizeof k);
        fc_world_id_of(w, (uint32_t)(k >> 32), &p[i].a);
        fc_world_id_of(w, (uint32_t)k, &p[i].b);
    }
    uint64_t k; /* the last pair's bytes end with its own key */
    fc_pair last;
    memcpy(&k, keys + (n - 1) * sizeof k, sizeof k);
    fc_world_id_of(w, (uint32_t)(k >> 32), &last.a);
    fc_world_id_of(w, (uint32_t)k, &last.b);
    memcpy(base + (n - 1) * sizeof last, &last, sizeof last);
    out->count = n;
}

/* ---------------------------------------------------------------- 3. events
 * The old list (w->pairs, full pairs) is compacted in place: the pairs
 * whose ids are no longer current (a body destroyed since that list; only
 * looked for when w->destroyed) move to w->ended_next - they have ended for
 * sure - and the others become keys at the head of the storage (their ids
 * are the bodies' current ids). events_gone counts the first kind
 * (w->ended_next needs that room before events_compact); events_restore
 * undoes the compaction (a failed listing changes nothing); events_build
 * diffs the k old keys and the gone pairs with the n sorted new keys into
 * w->began_next / w->ended_next (FC_ERR_NO_MEMORY: nothing but those two
 * changed). */

static uint64_t pair_key(const fc_pair *p)
{
    return ((uint64_t)p->a.index << 32) | p->b.index;
}

static uint64_t key_at(const unsigned char *d, size_t i)
{
    uint64_t k;
    memcpy(&k, d + i * sizeof k, sizeof k);
    return k;
}

/* The pair of key k's slots' current bodies. */
static void pair_of(const fc_world *w, uint64_t k, fc_pair *p)
{
    fc_world_id_of(w, (uint32_t)(k >> 32), &p->a);
    fc_world_id_of(w, (uint32_t)k, &p->b);
}

/* 1 when a body of old pair p was destroyed since (its id is stale). */
static int gone(const fc_world *w, const fc_pair *p)
{
    return w->bodies[p->a.index].generation != p->a.generation ||
           w->bodies[p->b.index].generation != p->b.generation;
}

static size_t events_gone(const fc_world *w)
{
    if (!w->destroyed)
        return 0;
    const unsigned char *d = (const unsigned char *)w->pairs.data;
    size_t r = 0;
    for (size_t i = 0; i < w->pairs.count; i++) {
        fc_pair p;
        memcpy(&p, d + i * sizeof p, sizeof p);
        r += (size_t)gone(w, &p);
    }
    return r;
}

static void events_compact(fc_world *w, size_t *k)
{
    unsigned char *d = (unsigned char *)w->pairs.data;
    fc_pair *g = (fc_pair *)w->ended_next.data;
    size_t nk = 0, ng = 0;
    /* key nk is written at 8 nk <= 24 i, below pair i + 1 */
    if (!w->destroyed) { /* the usual frame: every pair becomes its key */
        const size_t ia = offsetof(fc_pair, a) + offsetof(fc_body_id, index);
        const size_t ib = offsetof(fc_pair, b) + offsetof(fc_body_id, index);
        for (size_t i = 0; i < w->pairs.count; i++) {
            uint32_t a, b;
            memcpy(&a, d + i * sizeof(fc_pair) + ia, sizeof a);
            memcpy(&b, d + i * sizeof(fc_pair) + ib, sizeof b);
            const uint64_t key = ((uint64_t)a << 32) | b;
            memcpy(d + i * sizeof key, &key, sizeof key);
        }
        w->ended_next.count = 0;
        *k = w->pairs.count;
        return;
    }
    for (size_t i = 0; i < w->pairs.count; i++) {
        fc_pair p;
        memcpy(&p, d + i * sizeof p, sizeof p);
        if (gone(w, &p)) {
            g[ng++] = p;
            continue;
        }
        const uint64_t key = pair_key(&p);
        memcpy(d + nk++ * sizeof key, &key, sizeof key);
    }
    w->ended_next.count = ng;
    *k = nk;
}

static void events_restore(fc_world *w, size_t k)
{
    /* the k keys and the gone pairs merged back, from the last: pair t is
     * written at 24 t, at or above the key it may come from (t >= its
     * index), so no key still to be read is overwritten */
    unsigned char *d = (unsigned char *)w->pairs.data;
    const fc_pair *g = (const fc_pair *)w->ended_next.data;
    size_t j = k, ng = w->ended_next.count, t = k + ng;
    while (t > 0) {
        fc_pair p;
        if (ng > 0 && (j == 0 || pair_key(&g[ng - 1]) > key_at(d, j - 1)))
            p = g[--ng];
        else
            pair_of(w, key_at(d, --j), &p);
        memcpy(d + --t * sizeof p, &p, sizeof p);
    }
}

/* The diff of the k old keys and the n new keys in one pass: the began
 * and ended pairs into the next buffers as far as they have room; the
 * counts in *nb, *ne. */
static void diff_keys(fc_world *w, const unsigned char *old, size_t k, const unsigned char *cur, size_t n, size_t *nb,
                      size_t *ne)
{
    fc_pair *b = (fc_pair *)w->began_next.data, *e = (fc_pair *)w->ended_next.data;
    const size_t bcap = w->began_next.cap, ecap = w->ended_next.cap;
    size_t i = 0, j = 0, xb = 0, xe = 0;
    while (i < k && j < n) {
        const uint64_t x = key_at(old, i), y = key_at(cur, j);
        if (x == y) {
            i++;
            j++;
        } else if (x < y) {
            if (xe < ecap)
                pair_of(w, x, &e[xe]);
            xe++;
            i++;
        } else {
            if (xb < bcap)
                pair_of(w, y, &b[xb]);
            xb++;
            j++;
        }
    }
    for (; i < k; i++, xe++)
        if (xe < ecap)
            pair_of(w, key_at(old, i), &e[xe]);
    for (; j < n; j++, xb++)
        if (xb < bcap)
            pair_of(w, key_at(cur, j), &b[xb]);
    *nb = xb;
    *ne = xe;
}

static fc_status events_build(fc_world *w, size_t k, size_t at, size_t n)
{
    const unsigned char *old = (const unsigned char *)w->pairs.data;
    const unsigned char *cur = old + at;
    if (w->ended_next.count == 0) {
        /* no gone pair (the usual frame): one pass into the room the
         * buffers have; a second one after growing them if it was short */
        size_t nb, ne;
        diff_keys(w, old, k, cur, n, &nb, &ne);
        if (nb <= w->began_next.cap && ne <= w->ended_next.cap) {
            w->began_next.count = nb;
            w->ended_next.count = ne;
            return FC_OK;
        }
        if (!fc_buf_reserve(&w->def.alloc, &w->began_next, nb) || !fc_buf_reserve(&w->def.alloc, &w->ended_next, ne))
            return FC_ERR_NO_MEMORY;
        diff_keys(w, old, k, cur, n, &nb, &ne);
        w->began_next.count = nb;
        w->ended_next.count = ne;
        return FC_OK;
    }
    size_t same = 0;
    for (size_t i = 0, j = 0; i < k && j < n;) {
        const uint64_t x = key_at(old, i), y = key_at(cur, j);
        same += x == y;
        i += x <= y;
        j += y <= x;
    }
    const size_t ng = w->ended_next.count, nb = n - same, ne = k - same + ng;
    if (!fc_buf_reserve(&w->def.alloc, &w->began_next, nb) || !fc_buf_reserve(&w->def.alloc, &w->ended_next, ne))
        return FC_ERR_NO_MEMORY;
    /* began: the new keys not old, in order */
    fc_pair *b = (fc_pair *)w->began_next.data;
    size_t nb_out = 0;
    for (size_t i = 0, j = 0; j < n;) {
        const uint64_t y = key_at(cur, j);
        if (i < k && key_at(old, i) < y) {
            i++;
            continue;
        }
        if (i >= k || key_at(old, i) != y)
            pair_of(w, y, &b[nb_out++]);
        else
            i++;
        j++;
    }
    /* ended: the old keys not new merged with the gone pairs (at the
     * front of the same buffer), from the last: slot t - 1 >= the gone
     * pairs still to be read */
    fc_pair *e = (fc_pair *)w->ended_next.data;
    size_t t = ne, i = k, j = n, g = ng;
    int have = 0;
    uint64_t x = 0;
    while (t > 0) {
        while (!have && i > 0) {
            const uint64_t o = key_at(old, i - 1);
            const uint64_t y = j > 0 ? key_at(cur, j - 1) : 0;
            if (j > 0 && y > o) {
                j--;
            } else if (j > 0 && y == o) {
                i--;
                j--;
            } else {
                x = o;
                have = 1;
                i--;
            }
        }
        if (!have && g == 0)
            break; /* not reached: ne counts them all */
        if (g > 0 && (!have || pair_key(&e[g - 1]) > x)) {
            e[t - 1] = e[g - 1];
            g--;
        } else {
            pair_of(w, x, &e[t - 1]);
            have = 0;
        }
        t--;
    }
    w->began_next.count = nb;
    w->ended_next.count = ne;
    return FC_OK;
}

/* ---------------------------------------------------------------- the list over time */

static void swap_bufs(fc_buf *x, fc_buf *y)
{
    fc_buf t = *x;
    *x = *y;
    *y = t;
}

/* The next pair list and its events; with want_contacts the contact
 * buffer is reserved for it too. No second list and no key buffer: the
 * current list is compacted in place into keys (events_compact), the new
 * keys are collected and sorted after them in the same storage, the
 * events are built, and the new list is written over the storage. On
 * failure the current list is put back and nothing changed. */
static fc_status pairs_next(fc_world *w, int want_contacts)
{
    const fc_allocator *a = &w->def.alloc;
    /* after a restore (pending, lost) the list before is not the old one */
    const int events = w->events_base != FC_EVENTS_PENDING && w->events_base != FC_EVENTS_LOST_CUR;
    if (!fc_buf_reserve(a, &w->ended_next, events_gone(w)))
        return FC_ERR_NO_MEMORY;
    size_t k, n;
    events_compact(w, &k);
    const size_t at = k * sizeof(uint64_t);
    fc_status st = pairs_collect(w, &w->pairs, at, &n);
    /* room for the sort (the keys and as many bytes after them) and for
     * the n pairs */
    const size_t need = at + 2 * sizeof(uint64_t) * n, elems = (need + sizeof(fc_pair) - 1) / sizeof(fc_pair);
    if (st == FC_OK && (!fc_buf_reserve_keep(a, &w->pairs, elems > n ? elems : n, at + sizeof(uint64_t) * n) ||
                        (want_contacts && !fc_buf_reserve(a, &w->contacts, n))))
        st = FC_ERR_NO_MEMORY;
    if (st == FC_OK) {
        pairs_sort(&w->pairs, at, n);
        if (events && k + w->ended_next.count > 0)
            st = events_build(w, k, at, n);
    }
    if (st != FC_OK) {
        events_restore(w, k);
        return st;
    }
    pairs_write(w, &w->pairs, at, n);
    w->began_all = events && k + w->ended_next.count == 0; /* no old pairs: every pair began */
    if (events && !w->began_all) {
        swap_bufs(&w->began, &w->began_next);
        swap_bufs(&w->ended, &w->ended_next);
    }
    w->began_next.count = w->ended_next.count = 0;
    if (!events || w->began_all)
        w->began.count = w->ended.count = 0;
    w->destroyed = 0;
    w->events_base = w->events_base == FC_EVENTS_LOST_CUR ? FC_EVENTS_LOST : FC_EVENTS_LIST;
    return FC_OK;
}

fc_status fc_world_find_pairs(fc_world *w, const fc_pair **pairs, int32_t *count)
{
    if (w == NULL || pairs == NULL || count == NULL)
        return FC_ERR_NULL;
    *pairs = NULL;
    *count = 0;
    fc_world_settle(w);
    fc_status st = pairs_next(w, 0);
    if (st != FC_OK)
        return st;
    *pairs = (const fc_pair *)w->pairs.data;
    *count = (int32_t)w->pairs.count;
    return FC_OK;
}

void fc_world_settle_slow(fc_world *w)
{
    w->events_base = pairs_next(w, 0) == FC_OK ? FC_EVENTS_NONE : FC_EVENTS_LOST_CUR;
}

fc_status fc_world_pair_events(fc_world *w, const fc_pair **began, int32_t *nbegan, const fc_pair **ended,
                               int32_t *nended)
{
    if (w == NULL || began == NULL || nbegan == NULL || ended == NULL || nended == NULL)
        return FC_ERR_NULL;
    *began = *ended = NULL;
    *nbegan = *nended = 0;
    if (w->events_base == FC_EVENTS_LOST_CUR || w->events_base == FC_EVENTS_LOST)
        return FC_ERR_NO_MEMORY;
    if (w->events_base == FC_EVENTS_NONE || w->events_base == FC_EVENTS_PENDING)
        return FC_OK;
    const fc_buf *b = w->began_all ? &w->pairs : &w->began;
    *began = (const fc_pair *)b->data;
    *ended = (const fc_pair *)w->ended.data;
    *nbegan = (int32_t)b->count;
    *nended = (int32_t)w->ended.count;
    return FC_OK;
}

/* Pairs and their contacts into the contact buffer (dim checked). */
static fc_status find_contacts(fc_world *w, const fc_pair **pairs, const void **contacts, int32_t *count)
{
    *pairs = NULL;
    *contacts = NULL;
    *count = 0;
    fc_world_settle(w);
    fc_status st = pairs_next(w, 1);
    if (st != FC_OK)
        return st;
    const fc_pair *p = (const fc_pair *)w->pairs.data;
    size_t n = w->pairs.count;
    for (size_t i = 0; i < n; i++) {
        const fc_body *a = &w->bodies[p[i].a.index], *b = &w->bodies[p[i].b.index];
        fc_shape2 ta2, tb2;
        fc_shape3 ta3, tb3;
        if (w->def.dim == FC_WORLD_3D)
            (void)fc_contact3(fc_body_shape3(w, a, &ta3), fc_body_shape3(w, b, &tb3),
                              (fc_contact3_result *)w->contacts.data + i);
        else
            (void)fc_contact2(fc_body_shape2(w, a, &ta2), fc_body_shape2(w, b, &tb2),
                              (fc_contact2_result *)w->contacts.data + i);
    }
    w->contacts.count = n;
    *pairs = p;
    *contacts = w->contacts.data;
    *count = (int32_t)n;
    return FC_OK;
}

fc_status fc_world_find_contacts2(fc_world *w, const fc_pair **pairs, const fc_contact2_result **contacts,
                                  int32_t *count)
{
    if (w == NULL || pairs == NULL || contacts == NULL || count == NULL)
        return FC_ERR_NULL;
    if (w->def.dim != FC_WORLD_2D)
        return FC_ERR_SHAPE_TYPE;
    const void *c;
    fc_status st = find_contacts(w, pairs, &c, count);
    *contacts = (const fc_contact2_result *)c;
    return st;
}

fc_status fc_world_find_contacts3(fc_world *w, const fc_pair **pairs, const fc_contact3_result **contacts,
                                  int32_t *count)
{
    if (w == NULL || pairs == NULL || contacts == NULL || count == NULL)
        return FC_ERR_NULL;
    if (w->def.dim != FC_WORLD_3D)
        return FC_ERR_SHAPE_TYPE;
    const void *c;
    fc_status st = find_contacts(w, pairs, &c, count);
    *contacts = (const fc_contact3_result *)c;
    return st;
}
