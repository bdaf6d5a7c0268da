/* SPDX-License-Identifier: MIT */
/* fc_pair_events: the stateless diff of two canonical pair lists (what a
 * game that keeps its own lists uses; the world's own events are built by
 * world_pairs.c while it lists). */
#include <fixcol/world.h>

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
