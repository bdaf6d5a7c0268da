/* SPDX-License-Identifier: MIT */
/* A checking fc_allocator for the tests: it remembers every block it hands
 * out with its size, checks that every free gets back a pointer it handed
 * out with exactly that size (fc_allocator's contract, fixcol/alloc.h), can
 * fail every Nth call or every call past a budget of bytes, and counts
 * calls, live bytes and the peak. */
#ifndef FIXCOL_TESTS_SIZED_ALLOC_H
#define FIXCOL_TESTS_SIZED_ALLOC_H

#include <fixcol/alloc.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SA_SLOTS (1u << 16) /* open addressing; far more than any test holds */

typedef struct sa_block {
    void *p;
    size_t size;
} sa_block;

typedef struct sized_alloc {
    sa_block *table;           /* SA_SLOTS entries, p NULL = empty */
    long calls, allocs, frees; /* alloc calls (failed ones too), successes, frees */
    long fail_every;           /* > 0: the fail_every-th, 2*fail_every-th... call fails */
    long failed;               /* calls failed on purpose */
    size_t live, peak;         /* bytes */
    size_t budget;             /* > 0: a call that would take live past it fails */
    long bad_frees;            /* frees with an unknown pointer or another size */
} sized_alloc;

static inline size_t sa_slot(const void *p)
{
    uint64_t x = (uint64_t)(uintptr_t)p;
    x ^= x >> 29;
    x *= 0xBF58476D1CE4E5B9u;
    x ^= x >> 32;
    return (size_t)(x & (SA_SLOTS - 1));
}

static inline void *sa_alloc(void *ctx, size_t size)
{
    sized_alloc *a = (sized_alloc *)ctx;
    a->calls++;
    if ((a->fail_every > 0 && a->calls % a->fail_every == 0) || (a->budget > 0 && a->live + size > a->budget)) {
        a->failed++;
        return NULL;
    }
    if (size == 0) {
        fprintf(stderr, "sized_alloc: alloc of 0 bytes (the contract says never)\n");
        a->bad_frees++;
    }
    void *p = malloc(size);
    if (p == NULL)
        return NULL;
    size_t s = sa_slot(p);
    while (a->table[s].p != NULL)
        s = (s + 1) & (SA_SLOTS - 1);
    a->table[s].p = p;
    a->table[s].size = size;
    a->allocs++;
    a->live += size;
    if (a->live > a->peak)
        a->peak = a->live;
    return p;
}

/* Remove p from the table (backward-shift deletion); its size, or
 * (size_t)-1 when p is not there. */
static inline size_t sa_take(sized_alloc *a, void *p)
{
    size_t s = sa_slot(p);
    while (a->table[s].p != NULL && a->table[s].p != p)
        s = (s + 1) & (SA_SLOTS - 1);
    if (a->table[s].p == NULL)
        return (size_t)-1;
    size_t size = a->table[s].size;
    size_t hole = s;
    for (size_t j = (s + 1) & (SA_SLOTS - 1); a->table[j].p != NULL; j = (j + 1) & (SA_SLOTS - 1)) {
        size_t home = sa_slot(a->table[j].p);
        /* move j into the hole unless its home lies cyclically in (hole, j] */
        int stays = hole <= j ? (hole < home && home <= j) : (hole < home || home <= j);
        if (!stays) {
            a->table[hole] = a->table[j];
            hole = j;
        }
    }
    a->table[hole].p = NULL;
    return size;
}

static inline void sa_free(void *ctx, void *p, size_t size)
{
    sized_alloc *a = (sized_alloc *)ctx;
    a->frees++;
    size_t had = p == NULL ? (size_t)-1 : sa_take(a, p);
    if (had != size) {
        if (a->bad_frees++ < 10) {
            if (had == (size_t)-1)
                fprintf(stderr, "sized_alloc: free(%p, %zu) of a block it never handed out\n", p, size);
            else
                fprintf(stderr, "sized_alloc: free(%p, %zu) of a block allocated with %zu bytes\n", p, size, had);
        }
        if (had == (size_t)-1)
            return; /* not ours: leave it */
        size = had;
    }
    a->live -= size;
    free(p);
}

static inline void sa_init(sized_alloc *a)
{
    memset(a, 0, sizeof *a);
    a->table = (sa_block *)calloc(SA_SLOTS, sizeof(sa_block));
}

static inline void sa_done(sized_alloc *a)
{
    free(a->table);
    a->table = NULL;
}

static inline fc_allocator sa_allocator(sized_alloc *a)
{
    fc_allocator h;
    h.alloc = sa_alloc;
    h.free = sa_free;
    h.ctx = a;
    return h;
}

#endif
