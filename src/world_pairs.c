/* SPDX-License-Identifier: MIT */
/* The world's pair list over time: fc_world_find_pairs keeps the previous
 * list, contact events diff the two (fc_pair_events is the stateless diff),
 * and fc_world_find_contacts2/3 add each pair's contact. The list itself is
 * built by fc_world_pairs_collect / fc_world_pairs_write (world_query.c). */
#include "world_internal.h"

#include <string.h>

#include "nofloat.h"

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

/* The previous list of a diff: full pairs (fc_pair_events), or the
 * world's compact list (full NULL) whose ids carry the world's tag. */
typedef struct prev_list {
    const fc_pair *full;
    const fc_pair_slim *slim;
    uint32_t tag;
} prev_list;

static void prev_at(const prev_list *l, size_t i, fc_pair *p)
{
    if (l->full != NULL) {
        *p = l->full[i];
        return;
    }
    const fc_pair_slim *s = &l->slim[i];
    p->a.index = s->a;
    p->a.generation = s->a_gen;
    p->a.world = l->tag;
    p->b.index = s->b;
    p->b.generation = s->b_gen;
    p->b.world = l->tag;
}

/* The merge of two canonical lists: counts every began / ended pair, writes
 * the first bcap / ecap of them (a NULL output: counts only). Equal indices
 * with different ids are an end and a begin. */
static void diff(const prev_list *prev, size_t np, const fc_pair *cur, size_t nc, fc_pair *began, size_t bcap,
                 size_t *nb, fc_pair *ended, size_t ecap, size_t *ne)
{
    size_t i = 0, j = 0;
    fc_pair p;
    *nb = *ne = 0;
    while (i < np && j < nc) {
        prev_at(prev, i, &p);
        int c = pair_order(&p, &cur[j]);
        if (c == 0 && pair_same(&p, &cur[j])) {
            i++;
            j++;
            continue;
        }
        if (c <= 0) {
            put(ended, ecap, ne, &p);
            i++;
        }
        if (c >= 0)
            put(began, bcap, nb, &cur[j++]);
    }
    for (; i < np; i++) {
        prev_at(prev, i, &p);
        put(ended, ecap, ne, &p);
    }
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
    const prev_list pl = {prev, NULL, 0};
    diff(&pl, (size_t)nprev, cur, (size_t)ncur, NULL, 0, &nb, NULL, 0, &ne);
    *nbegan = (int32_t)nb;
    *nended = (int32_t)ne;
    if (nb > (size_t)began_cap || ne > (size_t)ended_cap)
        return FC_ERR_BUFFER;
    diff(&pl, (size_t)nprev, cur, (size_t)ncur, began, (size_t)began_cap, &nb, ended, (size_t)ended_cap, &ne);
    return FC_OK;
}

/* The list in pairs' storage (n pairs) as its compact form in its first
 * 16 n bytes, and back. In place: each pair is read whole before its
 * compact form is written at or below it (forward), and a compact pair is
 * read before its full form is written at or above it (backward). Bytes
 * move with memcpy, so no typed store passes a typed load of the same bytes. */
static void pairs_compact(void *data, size_t n)
{
    unsigned char *d = (unsigned char *)data;
    for (size_t i = 0; i < n; i++) {
        fc_pair p;
        memcpy(&p, d + i * sizeof p, sizeof p);
        const fc_pair_slim s = {p.a.index, p.a.generation, p.b.index, p.b.generation};
        memcpy(d + i * sizeof s, &s, sizeof s);
    }
}

static void pairs_expand(void *data, size_t n, uint32_t tag)
{
    unsigned char *d = (unsigned char *)data;
    for (size_t i = n; i-- > 0;) {
        fc_pair_slim s;
        memcpy(&s, d + i * sizeof s, sizeof s);
        fc_pair p;
        p.a.index = s.a;
        p.a.generation = s.a_gen;
        p.a.world = tag;
        p.b.index = s.b;
        p.b.generation = s.b_gen;
        p.b.world = tag;
        memcpy(d + i * sizeof p, &p, sizeof p);
    }
}

/* The next pair list; with want_contacts the contact buffer is reserved
 * for it too. The current list is kept compact as the previous one (16
 * bytes a pair instead of a second 24-byte list). No key buffer: the
 * current list is compacted in place, the new keys are collected after it
 * in the same storage, and once nothing can fail the compact list moves to
 * pair_prev and the new list is written over the storage. On failure the
 * current list is expanded back and nothing changed. */
static fc_status pairs_next(fc_world *w, int want_contacts)
{
    const fc_allocator *a = &w->def.alloc;
    const size_t nc = w->pairs.count, at = nc * sizeof(fc_pair_slim);
    if (!fc_buf_reserve(a, &w->pair_prev, nc))
        return FC_ERR_NO_MEMORY;
    pairs_compact(w->pairs.data, nc);
    size_t n;
    fc_status st = fc_world_pairs_collect(w, &w->pairs, at, &n);
    if (st == FC_OK && (!fc_buf_reserve_keep(a, &w->pairs, n, at + n * sizeof(uint64_t)) ||
                        (want_contacts && !fc_buf_reserve(a, &w->contacts, n))))
        st = FC_ERR_NO_MEMORY;
    if (st != FC_OK) {
        pairs_expand(w->pairs.data, nc, w->def.tag);
        return st;
    }
    if (at > 0)
        memcpy(w->pair_prev.data, w->pairs.data, at);
    w->pair_prev.count = nc;
    fc_world_pairs_write(w, &w->pairs, at, n);
    w->began.count = w->ended.count = 0;
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
    const prev_list prev = {NULL, (const fc_pair_slim *)w->pair_prev.data, w->def.tag};
    const fc_pair *cur = (const fc_pair *)w->pairs.data;
    const int none = w->events_base == FC_EVENTS_NONE || w->events_base == FC_EVENTS_PENDING;
    size_t np = none ? 0 : w->pair_prev.count;
    size_t nc = none ? 0 : w->pairs.count;
    size_t nb, ne;
    diff(&prev, np, cur, nc, NULL, 0, &nb, NULL, 0, &ne);
    if (!fc_buf_reserve(&w->def.alloc, &w->began, nb) || !fc_buf_reserve(&w->def.alloc, &w->ended, ne))
        return FC_ERR_NO_MEMORY;
    diff(&prev, np, cur, nc, (fc_pair *)w->began.data, nb, &nb, (fc_pair *)w->ended.data, ne, &ne);
    w->began.count = nb;
    w->ended.count = ne;
    *began = (const fc_pair *)w->began.data;
    *ended = (const fc_pair *)w->ended.data;
    *nbegan = (int32_t)nb;
    *nended = (int32_t)ne;
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
