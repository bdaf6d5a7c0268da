/* SPDX-License-Identifier: MIT */
/* The world's pair list over time: fc_world_find_pairs lists the pairs and
 * the events since the previous list (built while listing, world_events.c;
 * fc_pair_events is the stateless diff), and fc_world_find_contacts2/3 add
 * each pair's contact. The list itself is built by fc_world_pairs_collect /
 * _sort / _write (world_query.c). */
#include "world_internal.h"

#include <string.h>

#include "core/nofloat.h"

/* -1, 0, 1 as (x.a.index, x.b.index) is below, equal to, above y's. */
static int pair_order(const fc_pair *x, const fc_pair *y)
{
    if (x->a.index != y->a.index)
        return x->a.index < y->a.index ? -1 : 1;
    if (x->b.index != y->b.index)
        return x->b.index < y->b.index ? -1 : 1;
    return 0;
}

static int id_same(fc_body_id x, fc_body_id y)
{
    return x.index == y.index && x.generation == y.generation && x.world == y.world;
}

static int pair_same(const fc_pair *x, const fc_pair *y)
{
    return id_same(x->a, y->a) && id_same(x->b, y->b);
}

static int canonical(const fc_pair *p, int32_t n)
{
    for (int32_t i = 0; i < n; i++)
        if (p[i].a.index >= p[i].b.index || (i > 0 && pair_order(&p[i - 1], &p[i]) >= 0))
            return 0;
    return 1;
}

/* Append p to out[0..cap) at *k (only counted past cap or when out is NULL). */
static void put(fc_pair *out, size_t cap, size_t *k, const fc_pair *p)
{
    if (out != NULL && *k < cap)
        out[*k] = *p;
    (*k)++;
}

/* The merge of two canonical lists: counts every began / ended pair, writes
 * the first bcap / ecap of them (a NULL output: counts only). Equal indices
 * with different ids are an end and a begin. */
static void diff(const fc_pair *prev, size_t np, const fc_pair *cur, size_t nc, fc_pair *began, size_t bcap,
                 size_t *nb, fc_pair *ended, size_t ecap, size_t *ne)
{
    size_t i = 0, j = 0;
    *nb = *ne = 0;
    while (i < np && j < nc) {
        int c = pair_order(&prev[i], &cur[j]);
        if (c == 0 && pair_same(&prev[i], &cur[j])) {
            i++;
            j++;
            continue;
        }
        if (c <= 0)
            put(ended, ecap, ne, &prev[i++]);
        if (c >= 0)
            put(began, bcap, nb, &cur[j++]);
    }
    for (; i < np; i++)
        put(ended, ecap, ne, &prev[i]);
    while (j < nc)
        put(began, bcap, nb, &cur[j++]);
}

fc_status fc_pair_events(const fc_pair *prev, int32_t nprev, const fc_pair *cur, int32_t ncur, fc_pair *began,
                         int32_t began_cap, int32_t *nbegan, fc_pair *ended, int32_t ended_cap, int32_t *nended)
{
    if (nbegan == NULL || nended == NULL || (prev == NULL && nprev > 0) || (cur == NULL && ncur > 0) ||
        (began == NULL && began_cap > 0) || (ended == NULL && ended_cap > 0))
        return FC_ERR_NULL;
    if (nprev < 0 || ncur < 0 || began_cap < 0 || ended_cap < 0 || !canonical(prev, nprev) ||
        !canonical(cur, ncur))
        return FC_ERR_ARGUMENT;
    size_t nb, ne;
    diff(prev, (size_t)nprev, cur, (size_t)ncur, NULL, 0, &nb, NULL, 0, &ne);
    *nbegan = (int32_t)nb;
    *nended = (int32_t)ne;
    if (nb > (size_t)began_cap || ne > (size_t)ended_cap)
        return FC_ERR_BUFFER;
    diff(prev, (size_t)nprev, cur, (size_t)ncur, began, (size_t)began_cap, &nb, ended, (size_t)ended_cap, &ne);
    return FC_OK;
}

static void swap_bufs(fc_buf *x, fc_buf *y)
{
    fc_buf t = *x;
    *x = *y;
    *y = t;
}

/* The next pair list and its events; with want_contacts the contact
 * buffer is reserved for it too. No second list and no key buffer: the
 * current list is compacted in place into keys (world_events.c), the new
 * keys are collected and sorted after them in the same storage, the
 * events are built, and the new list is written over the storage. On
 * failure the current list is put back and nothing changed. */
static fc_status pairs_next(fc_world *w, int want_contacts)
{
    const fc_allocator *a = &w->def.alloc;
    /* after a restore (pending, lost) the list before is not the old one */
    const int events = w->events_base != FC_EVENTS_PENDING && w->events_base != FC_EVENTS_LOST_CUR;
    if (!fc_buf_reserve(a, &w->ended_next, fc_events_gone(w)))
        return FC_ERR_NO_MEMORY;
    size_t k, n;
    fc_events_compact(w, &k);
    const size_t at = k * sizeof(uint64_t);
    fc_status st = fc_world_pairs_collect(w, &w->pairs, at, &n);
    /* room for the sort (the keys and as many bytes after them) and for
     * the n pairs */
    const size_t need = at + 2 * sizeof(uint64_t) * n, elems = (need + sizeof(fc_pair) - 1) / sizeof(fc_pair);
    if (st == FC_OK && (!fc_buf_reserve_keep(a, &w->pairs, elems > n ? elems : n, at + sizeof(uint64_t) * n) ||
                        (want_contacts && !fc_buf_reserve(a, &w->contacts, n))))
        st = FC_ERR_NO_MEMORY;
    if (st == FC_OK) {
        fc_world_pairs_sort(&w->pairs, at, n);
        if (events && k + w->ended_next.count > 0)
            st = fc_events_build(w, k, at, n);
    }
    if (st != FC_OK) {
        fc_events_restore(w, k);
        return st;
    }
    fc_world_pairs_write(w, &w->pairs, at, n);
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
