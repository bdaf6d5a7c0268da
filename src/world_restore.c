/* SPDX-License-Identifier: MIT */
/* fc_world_restore in two passes over the blob (decoder: world_snapshot.c).
 *
 * 1. Check: the whole blob is decoded and validated without touching the
 *    world and without allocating (only a free-slot bit map, the world's
 *    own when its slot capacity suffices, else at most slots / 8 bytes,
 *    i.e. a sixteenth of the blob). So a bad blob is rejected having
 *    allocated at most blob size / 16 and changed nothing. The same pass
 *    asks the world's quadtree whether it can take every body without
 *    allocating.
 * 2. Build: when the world's slot arrays and quadtree suffice (same
 *    broadphase settings, enough capacity - the rollback case), the blob
 *    is decoded straight into the world: no allocation, nothing can fail.
 *    Otherwise a fresh world is built from the blob and swapped in (a
 *    failing allocation leaves the target unchanged). */
#include "world_internal.h"

#include <string.h>

#include "nofloat.h"
#include "quadtree_internal.h"
#include "snapshot_format.h"

static int marked(const uint64_t *m, uint32_t i)
{
    return (int)((m[i >> 6] >> (i & 63)) & 1u);
}

/* Pass 1: validate the stream; mark the free slots in m (cleared here);
 * *nbig = the bodies whose shapes take a big-pool entry. When qt is not
 * NULL, *fits says whether qt, cleared, takes every body without
 * allocating (its probes are reset here). */
static fc_status restore_check(const unsigned char *p, size_t size, const fc_snap_header *h, uint64_t *m,
                               fc_quadtree *qt, int *fits, uint32_t *nbig)
{
    *nbig = 0;
    if (h->slots > 0)
        memset(m, 0, sizeof(uint64_t) * FC_MARK_WORDS(h->slots));
    fc_snap_dec d = fc_snap_stream(p, size);
    for (uint32_t k = 0; k < h->nfree; k++) {
        uint32_t i, g;
        fc_snap_get_free(&d, &i, &g);
        if (d.bad || i >= h->slots || g == 0 || marked(m, i))
            return FC_ERR_FORMAT;
        m[i >> 6] |= (uint64_t)1 << (i & 63);
    }
    const int dim2 = h->def.dim == FC_WORLD_2D;
    const int v = dim2 ? 1 : 2; /* the broadphase plane: (x, y) in 2D, (x, z) in 3D */
    fc_status st = FC_OK;
    *fits = qt != NULL;
    for (uint32_t i = 0; i < h->slots && st == FC_OK; i++) {
        if (marked(m, i))
            continue;
        fc_body_full b;
        st = fc_snap_get_body(&d, dim2, &b);
        if (st == FC_OK && !fc_shape_small(dim2, dim2 ? (uint32_t)b.shape.s2.type : (uint32_t)b.shape.s3.type))
            (*nbig)++;
        if (st == FC_OK && *fits) {
            fc_qt_box box = {b.min[0], b.min[v], b.max[0], b.max[v]};
            *fits = fc_qt_probe(qt, i, box);
        }
    }
    if (qt != NULL)
        fc_qt_probe_reset(qt);
    return st != FC_OK ? st : fc_snap_get_end(&d);
}

/* Pass 2: fill w (settings already w's; slot capacity >= h->slots; its
 * quadtree empty; its big pool empty with room for every big shape) from
 * the checked blob, free slots as marked in m. Only a quadtree insertion
 * can fail (out of memory), and not when pass 1 said the tree fits. */
static fc_status restore_build(fc_world *w, const unsigned char *p, size_t size, const fc_snap_header *h,
                               const uint64_t *m)
{
    fc_snap_dec d = fc_snap_stream(p, size);
    for (uint32_t k = 0; k < h->nfree; k++) {
        uint32_t i, g;
        fc_snap_get_free(&d, &i, &g);
        fc_body *b = &w->bodies[i];
        memset(b, 0, sizeof *b);
        b->generation = g;
        w->rec[i] = 0;
        w->free_stack[h->nfree - 1 - k] = i;
    }
    const int dim2 = w->def.dim == FC_WORLD_2D;
    for (uint32_t i = 0; i < h->slots; i++) {
        if (marked(m, i))
            continue;
        fc_body_full f;
        fc_status st = fc_snap_get_body(&d, dim2, &f); /* checked in pass 1 */
        if (st == FC_OK)
            st = fc_qt_insert(w->qt, i, fc_world_qt_box(w, f.min, f.max));
        if (st != FC_OK)
            return st;
        fc_body *b = &w->bodies[i];
        b->generation = f.generation;
        b->live = 1;
        b->pad = 0;
        b->filter = f.filter;
        b->user_data = f.user_data;
        fc_world_store_shape(w, b, 0, &f.shape.s2, &f.shape.s3, f.min, f.max);
        fc_world_rehash(w, i);
    }
    w->slot_count = h->slots;
    w->free_count = h->nfree;
    w->live_count = h->live;
    return FC_OK;
}

/* The world's outputs are invalid after a restore: empty them. */
static void clear_outputs(fc_world *w)
{
    w->pairs.count = 0;
    w->query_idx.count = w->query_ids.count = 0;
    w->ray_hits.count = w->ray_tmp.count = 0;
    w->cast2_hits.count = w->cast2_tmp.count = w->cast2_cand.count = 0;
    w->cast3_hits.count = w->cast3_tmp.count = 0;
    w->oom = 0;
}

/* Build a fresh world from the checked blob (nbig big shapes) and swap it
 * into w. */
static fc_status restore_fresh(fc_world *w, const unsigned char *p, size_t size, const fc_snap_header *h,
                               const uint64_t *m, uint32_t nbig)
{
    fc_world_def def = h->def;
    def.alloc = w->def.alloc;
    fc_world *n;
    fc_status st = fc_world_create(&def, &n);
    if (st == FC_OK && !fc_world_reserve_big(n, nbig))
        st = FC_ERR_NO_MEMORY;
    if (st == FC_OK)
        st = restore_build(n, p, size, h, m);
    if (n != NULL) {
        if (st == FC_OK) {
            fc_world tmp = *w;
            *w = *n;
            *n = tmp;
        }
        fc_world_destroy(n);
    }
    return st;
}

fc_status fc_world_restore(fc_world *w, const void *buf, size_t size)
{
    if (w == NULL || buf == NULL)
        return FC_ERR_NULL;
    const unsigned char *p = (const unsigned char *)buf;
    fc_snap_header h;
    fc_status st = fc_snap_read_header(p, size, &h);
    if (st != FC_OK)
        return st;
    fc_qt_def qd;
    if (fc_world_check_def(&h.def, &qd) != FC_OK)
        return FC_ERR_FORMAT;
    /* the free-slot map: the world's scratch when its capacity suffices */
    const int in_place = h.slots <= w->slot_cap && fc_qt_same_placement(w->qt, &qd);
    uint64_t *m = w->mark, *temp = NULL;
    const size_t mwords = FC_MARK_WORDS(h.slots);
    if (h.slots > w->slot_cap) { /* slots / 8 bytes <= a sixteenth of the blob */
        m = temp = (uint64_t *)fc_alloc_bytes(&w->def.alloc, sizeof(uint64_t) * mwords);
        if (temp == NULL)
            return FC_ERR_NO_MEMORY;
    }
    int fits = 0;
    uint32_t nbig = 0;
    st = restore_check(p, size, &h, m, in_place ? w->qt : NULL, &fits, &nbig);
    if (st == FC_OK && in_place && fits && nbig <= w->big_cap) {
        /* rollback: decode into the world itself; nothing allocates or
         * fails (the probed nodes are there, empty, after the clear) */
        fc_qt_clear(w->qt);
        fc_world_reset_big(w);
        w->def.dim = h.def.dim;
        w->def.tag = h.def.tag;
        st = restore_build(w, p, size, &h, m);
    } else if (st == FC_OK) {
        st = restore_fresh(w, p, size, &h, m, nbig);
    }
    if (in_place)
        fc_qt_trim(w->qt); /* the probed nodes left empty back to the pool */
    if (st == FC_OK) {
        clear_outputs(w);
        w->events_base = FC_EVENTS_PENDING; /* listed lazily: fc_world_settle */
    }
    fc_free_bytes(&w->def.alloc, temp, sizeof(uint64_t) * mwords);
    return st;
}
