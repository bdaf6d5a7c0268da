/* SPDX-License-Identifier: MIT */
/* The world's contact events, built while a pair list is listed
 * (world_pairs.c), so the world keeps no copy of the previous list: the
 * events of a frame are a few percent of its pairs, a previous list all of
 * them (16 bytes a pair).
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

#include "core/nofloat.h"

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

size_t fc_events_gone(const fc_world *w)
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

void fc_events_compact(fc_world *w, size_t *k)
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

void fc_events_restore(fc_world *w, size_t k)
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

fc_status fc_events_build(fc_world *w, size_t k, size_t at, size_t n)
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
