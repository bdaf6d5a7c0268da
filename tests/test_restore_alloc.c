/* SPDX-License-Identifier: MIT */
/* What fc_world_restore allocates (a size-checking, counting allocator):
 *  - hostile blobs (right magic, version, length and trailer, so only the
 *    decoder can reject them): zeros claiming millions of free slots, huge
 *    declared counts, many valid bodies with the last one broken, a free
 *    list with a repeated slot - each is rejected having allocated at most
 *    8 x its size + 64 KiB beyond what the world held, and changes nothing
 *    (same snapshot bytes, same checksum);
 *  - a rollback (restore into a world whose capacity suffices: the same
 *    world some frames later, or a twin with the same settings) allocates
 *    nothing, and the restored world equals the snapshotted one (snapshot
 *    bytes, checksum, validate, the next id handed out).
 * --break claims an 8 MiB budget is 1 byte: must fail. */
#include "sized_alloc.h"
#include "snapshot_trailer.h"
#include "world_fixture.h"

#include <stdio.h>

static int g_break;

static void put64(unsigned char *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

/* A blob of size bytes (multiple of 8, >= 64) with a valid header for the
 * given counts, stream from stream[0..n) (rest zero), and a valid trailer. */
static unsigned char *make_blob(size_t size, uint32_t slots, uint32_t live, uint32_t nfree, const unsigned char *stream,
                                size_t n)
{
    unsigned char *b = (unsigned char *)calloc(1, size);
    put64(b, FC_SNAPSHOT_MAGIC | (uint64_t)FC_SNAPSHOT_VERSION << 32);
    put64(b + 8, (uint64_t)size | (uint64_t)2 << 32);
    put64(b + 16, 1u);                     /* tag 1, loose */
    put64(b + 24, 0);                      /* bounds (0, 0) */
    put64(b + 32, 10u | (uint64_t)5 << 32); /* log2 10, depth 5 */
    put64(b + 40, slots | (uint64_t)live << 32);
    put64(b + 48, nfree);
    if (n > 0)
        memcpy(b + 56, stream, n);
    put64(b + size - 8, snapshot_trailer(b, size));
    return b;
}

typedef struct world_copy {
    unsigned char *blob;
    size_t size;
    uint64_t sum;
    int32_t nodes; /* broadphase nodes: a restore leaves no probed node behind */
} world_copy;

static world_copy copy_of(const fc_world *w)
{
    world_copy c;
    fc_world_snapshot(w, NULL, 0, &c.size);
    c.blob = (unsigned char *)malloc(c.size);
    fc_world_snapshot(w, c.blob, c.size, &c.size);
    c.sum = fc_world_checksum(w);
    c.nodes = fc_world_broadphase_stats(w).nodes;
    return c;
}

static int same_as(const fc_world *w, const world_copy *c)
{
    world_copy d = copy_of(w);
    int same = d.size == c->size && memcmp(d.blob, c->blob, c->size) == 0 && d.sum == c->sum && d.nodes == c->nodes;
    free(d.blob);
    return same;
}

/* A 2D world of n W1-like boxes (seeded) with the sized allocator. */
static fc_world *boxes_world(sized_alloc *a, int n, uint64_t seed, fc_body_id *ids)
{
    fc_world_def d = fc_world_def_default();
    d.alloc = sa_allocator(a);
    fc_world *w = NULL;
    TU_CHECK(fc_world_create(&d, &w) == FC_OK, "create");
    for (int i = 0; i < n; i++) {
        fc_body_def bd = fc_body_def_default();
        int32_t cx = wf_rand(&seed, 0, 1000 * WF_U), cy = wf_rand(&seed, 0, 1000 * WF_U);
        int32_t hx = wf_rand(&seed, WF_U / 2, 2 * WF_U), hy = wf_rand(&seed, WF_U / 2, 2 * WF_U);
        bd.shape2.type = FC_SHAPE2_AABB;
        bd.shape2.u.aabb.min = fc_vec2_make(cx - hx, cy - hy);
        bd.shape2.u.aabb.max = fc_vec2_make(cx + hx, cy + hy);
        fc_body_id id;
        TU_CHECK(fc_world_create_body(w, &bd, &id) == FC_OK, "create body");
        if (ids != NULL)
            ids[i] = id;
    }
    return w;
}

/* Restore blob into w; it must be rejected with want, allocate at most
 * 8 x size + 64 KiB beyond what w holds, and leave w unchanged. */
static void hostile(fc_world *w, sized_alloc *a, const unsigned char *blob, size_t size, fc_status want,
                    const char *what)
{
    world_copy before = copy_of(w);
    size_t held = a->live;
    a->peak = held;
    long calls = a->calls;
    fc_status st = fc_world_restore(w, blob, size);
    size_t extra = a->peak - held, bound = g_break ? 1 : 8 * size + 65536;
    printf("  %-52s %8zu bytes: status %d, %ld allocator calls, peak +%zu bytes (bound %zu)\n", what, size,
           (int)st, a->calls - calls, extra, bound);
    TU_CHECK(st == want, "%s: status %d, want %d", what, (int)st, (int)want);
    TU_CHECK(extra <= bound, "%s: allocated %zu bytes beyond the world's, bound %zu", what, extra, bound);
    TU_CHECK(a->live == held, "%s: %zu bytes left allocated", what, a->live - held);
    TU_CHECK(same_as(w, &before) && fc_world_validate(w) == FC_OK, "%s: the world changed", what);
    free(before.blob);
}

static void hostile_blobs(void)
{
    sized_alloc a;
    sa_init(&a);
    fc_world *w = boxes_world(&a, 50, 1, NULL);
    /* 8 MiB of zeros claiming 4M free slots: the first entry is slot 0 of
     * generation 0 (invalid) */
    size_t big = (size_t)8 << 20;
    uint32_t claim = (uint32_t)((big - 64) / 2);
    unsigned char *b = make_blob(big, claim, 0, claim, NULL, 0);
    hostile(w, &a, b, big, FC_ERR_FORMAT, "8 MiB of zeros claiming 4M free slots");
    free(b);
    /* 1 MiB: 16k valid free entries then zeros */
    {
        size_t size = (size_t)1 << 20, n = 0;
        uint32_t slots = (uint32_t)((size - 64) / 2);
        unsigned char *s = (unsigned char *)malloc(size);
        for (uint32_t i = 0; i < 16384; i++) { /* u(index) u(generation 1) */
            uint32_t v = i;
            while (v >= 0x80u) {
                s[n++] = (unsigned char)((v & 0x7Fu) | 0x80u);
                v >>= 7;
            }
            s[n++] = (unsigned char)v;
            s[n++] = 1;
        }
        b = make_blob(size, slots, 0, slots, s, n);
        hostile(w, &a, b, size, FC_ERR_FORMAT, "1 MiB: 16k valid free entries, then zeros");
        free(b);
        /* the same entries, slot 7 listed twice */
        s[2 * 8] = 7;
        b = make_blob(size, slots, 0, slots, s, n);
        hostile(w, &a, b, size, FC_ERR_FORMAT, "1 MiB: a free slot listed twice");
        free(b);
        free(s);
    }
    /* huge declared counts in a small blob */
    b = make_blob(128, (uint32_t)FC_WORLD_MAX_BODIES, (uint32_t)FC_WORLD_MAX_BODIES, 0, NULL, 0);
    hostile(w, &a, b, 128, FC_ERR_FORMAT, "128 bytes declaring 2^24 live bodies");
    free(b);
    b = make_blob(128, 0xFFFFFFFFu, 0xFFFFFFFFu, 1, NULL, 0);
    hostile(w, &a, b, 128, FC_ERR_FORMAT, "128 bytes declaring 2^32 - 1 slots");
    free(b);
    /* a real 20k-body snapshot with its last body broken (trailer repaired) */
    {
        sized_alloc a2;
        sa_init(&a2);
        fc_world *src = boxes_world(&a2, 20000, 2, NULL);
        world_copy c = copy_of(src);
        fc_world_destroy(src);
        sa_done(&a2);
        size_t last = c.size - 9; /* the last stream byte before padding and trailer */
        while (c.blob[last] == 0)
            last--;
        c.blob[last] = 0x80; /* a varint that never ends */
        put64(c.blob + c.size - 8, snapshot_trailer(c.blob, c.size));
        hostile(w, &a, c.blob, c.size, FC_ERR_FORMAT, "20k valid bodies, the last one truncated");
        /* and into a world too small to take it in place */
        sized_alloc a3;
        sa_init(&a3);
        fc_world *small = boxes_world(&a3, 3, 3, NULL);
        hostile(small, &a3, c.blob, c.size, FC_ERR_FORMAT, "the same into a 3-body world");
        fc_world_destroy(small);
        TU_CHECK(a3.bad_frees == 0 && a3.live == 0, "small world: bad frees or leaks");
        sa_done(&a3);
        free(c.blob);
    }
    fc_world_destroy(w);
    TU_CHECK(a.bad_frees == 0 && a.live == 0, "bad frees or leaks");
    sa_done(&a);
}

/* Rollback: snapshot, play frames (moves, a create, a destroy), restore:
 * no allocation, same world as the snapshot. */
static void rollback(int n)
{
    sized_alloc a;
    sa_init(&a);
    fc_body_id *ids = (fc_body_id *)malloc(sizeof(fc_body_id) * (size_t)n);
    fc_world *w = boxes_world(&a, n, 4, ids);
    uint64_t rng = 99;
    const fc_pair *pairs;
    int32_t np;
    fc_world_find_pairs(w, &pairs, &np);
    world_copy snap = copy_of(w);
    fc_body_id next_before;
    {
        /* the id the snapshotted world hands out next, from a copy */
        fc_world *probe = NULL;
        fc_world_def d = fc_world_def_default();
        fc_world_create(&d, &probe);
        fc_world_restore(probe, snap.blob, snap.size);
        fc_body_def bd = fc_body_def_default();
        fc_world_create_body(probe, &bd, &next_before);
        fc_world_destroy(probe);
    }
    long allocs = 0, restores = 0;
    for (int round = 0; round < 5; round++) {
        for (int f = 0; f < 8; f++) {
            for (int i = 0; i < n; i++)
                fc_world_translate2(w, ids[i], fc_vec2_make(wf_rand(&rng, -3277, 3277), wf_rand(&rng, -3277, 3277)));
            fc_world_find_pairs(w, &pairs, &np);
        }
        fc_world_destroy_body(w, ids[round]);
        long calls = a.calls;
        fc_status st = fc_world_restore(w, snap.blob, snap.size);
        allocs += a.calls - calls;
        restores++;
        TU_CHECK(st == FC_OK, "rollback restore: %d", (int)st);
        TU_CHECK(same_as(w, &snap) && fc_world_validate(w) == FC_OK, "%d bodies: restored world differs", n);
    }
    fc_body_def bd = fc_body_def_default();
    fc_body_id next;
    TU_CHECK(fc_world_create_body(w, &bd, &next) == FC_OK && fc_body_id_equal(next, next_before),
             "the next id after the rollback differs");
    printf("  rollback of %d bodies: %ld allocator calls in %ld restores\n", n, allocs, restores);
    TU_CHECK(allocs == 0, "%d bodies: a rollback restore allocated (%ld calls)", n, allocs);
    /* a twin world with the same settings and enough capacity: none either */
    sized_alloc b;
    sa_init(&b);
    fc_world *twin = boxes_world(&b, n, 4, NULL); /* same settings and bodies, another history */
    /* a restore lists the restored pairs (the events baseline, world.h):
     * the twin's three pair lists (previous, current, spare) have grown to
     * its pair count like a running world's */
    const fc_pair *tp;
    int32_t tn;
    for (int k = 0; k < 3; k++)
        fc_world_find_pairs(twin, &tp, &tn);
    long calls = b.calls;
    TU_CHECK(fc_world_restore(twin, snap.blob, snap.size) == FC_OK && same_as(twin, &snap), "twin restore");
    TU_CHECK(b.calls == calls, "%d bodies: restore into a same-sized twin allocated (%ld calls)", n, b.calls - calls);
    fc_world_destroy(twin);
    sa_done(&b);
    fc_world_destroy(w);
    TU_CHECK(a.bad_frees == 0 && a.live == 0, "bad frees or leaks");
    sa_done(&a);
    free(snap.blob);
    free(ids);
}

int main(int argc, char **argv)
{
    g_break = argc > 1 && strcmp(argv[1], "--break") == 0;
    printf("hostile blobs (must be rejected, allocating at most 8 x size + 64 KiB):\n");
    hostile_blobs();
    if (!g_break) {
        rollback(224);
        rollback(10000);
    }
    return tu_finish(g_break ? "restore allocation (--break)" : "restore allocation");
}
