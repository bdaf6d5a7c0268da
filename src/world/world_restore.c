/* SPDX-License-Identifier: MIT */
/* fc_world_restore (decoder: world_snapshot.c).
 *
 * A format version 1 blob is converted to the current version first
 * (snapshot_v1.c: checked in full with a bit per slot, at most blob size /
 * 64 bytes, before the copy is allocated) and that copy restored as below.
 *
 * The rollback case first - a world restored from its own snapshot of a
 * few frames ago, most bodies unchanged or moved within their quadtree
 * node - as a diff against the world (restore_diff_*):
 * 1. Check: the blob is decoded once and validated in full without
 *    changing the world; each live record is compared with the world's
 *    slot (an equal one needs nothing, not even its shape validated: the
 *    world's shape is valid); the changed ones are marked and their
 *    quadtree moves and big-pool entries planned within what the world
 *    holds (quadtree_internal.h).
 * 2. Apply, only when the blob is valid and the plan fits: the changed
 *    slots are decoded again and written in place, nothing else touched.
 *    Nothing in it allocates or can fail, so a world is never left half
 *    restored.
 * Otherwise (another broadphase placement or dimension, not enough slots,
 * the plan does not fit) two passes over the blob as below:
 * 1. Check: the whole blob is decoded and validated without touching the
 *    world and without allocating (only a free-slot bit map, the world's
 *    own when its slot capacity suffices, else at most slots / 8 bytes,
 *    i.e. a sixteenth of the blob). So a bad blob is rejected having
 *    allocated at most blob size / 16 and changed nothing. The same pass
 *    asks the world's quadtree whether it can take every body without
 *    allocating.
 * 2. Build: when the world's slot arrays and quadtree suffice (same
 *    broadphase settings, enough capacity), the quadtree is cleared and
 *    the blob decoded straight into the world: no allocation, nothing can
 *    fail. Otherwise a fresh world is built from the blob and swapped in (a
 *    failing allocation leaves the target unchanged). */
#include "world_internal.h"

#include <string.h>

#include "core/nofloat.h"
#include "broadphase/quadtree_internal.h"
#include "snapshot_format.h"

static int marked(const uint64_t *m, uint32_t i)
{
    return (int)((m[i >> 6] >> (i & 63)) & 1u);
}

/* Read free-list entry k of the stream into *i, *g and mark slot *i in m:
 * 0 when it is malformed, out of range, generation 0 or a repeat. */
static int take_free(fc_snap_dec *d, const fc_snap_header *h, uint64_t *m, uint32_t *i, uint32_t *g)
{
    fc_snap_get_free(d, i, g);
    if (d->bad || *i >= h->slots || *g == 0 || marked(m, *i))
        return 0;
    m[*i >> 6] |= (uint64_t)1 << (*i & 63);
    return 1;
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
        if (!take_free(&d, h, m, &i, &g))
            return FC_ERR_FORMAT;
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

/* After a successful restore: outputs emptied, the restored contents'
 * pairs listed lazily (fc_world_settle). */
static void restored(fc_world *w)
{
    clear_outputs(w);
    w->events_base = FC_EVENTS_PENDING;
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

/* ---------------------------------------------------------------- diff */

/* What the diff check found. */
typedef struct diff_plan {
    uint32_t changed;  /* live records that differ from their world slot */
    uint32_t first;    /* the first one's slot */
    size_t first_at;   /* and its offset in the blob */
    uint32_t big_new;  /* changed records taking a big-pool entry their slot lacks */
    uint32_t old_slots; /* w->slot_count before the restore */
    int free_same;     /* the blob's free list is the world's (same order and generations) */
    int probed;        /* quadtree moves planned (undone unless applied) */
    int fits;          /* every planned move and entry fits what the world holds */
} diff_plan;

static int live_in(const fc_world *w, uint32_t old_slots, uint32_t i)
{
    return i < old_slots && w->bodies[i].live;
}

/* 1 when live slot i of w holds exactly the decoded record f (its shape
 * not yet validated). Conservative: a big shape is compared bytewise, so
 * a stored copy with other padding counts as changed and is rewritten. */
static int same_body(const fc_world *w, uint32_t i, const fc_body_full *f, int dim2)
{
    const fc_body *b = &w->bodies[i];
    const uint32_t type = dim2 ? (uint32_t)f->shape.s2.type : (uint32_t)f->shape.s3.type;
    if (b->generation != f->generation || b->filter.category != f->filter.category ||
        b->filter.mask != f->filter.mask || b->user_data != f->user_data || b->type != type)
        return 0;
    const int32_t *v = b->sw;
    if (!dim2) {
        const fc_shape3 *s = &f->shape.s3;
        if (type == FC_SHAPE3_SPHERE)
            return v[0] == s->u.sphere.center.x && v[1] == s->u.sphere.center.y && v[2] == s->u.sphere.center.z &&
                   v[3] == s->u.sphere.radius;
        return memcmp(&w->big[(uint32_t)v[0]].shape.s3, s, sizeof *s) == 0;
    }
    const fc_shape2 *s = &f->shape.s2;
    if (type == FC_SHAPE2_CIRCLE)
        return v[0] == s->u.circle.center.x && v[1] == s->u.circle.center.y && v[2] == s->u.circle.radius &&
               v[3] == 0;
    if (type == FC_SHAPE2_AABB)
        return v[0] == s->u.aabb.min.x && v[1] == s->u.aabb.min.y && v[2] == s->u.aabb.max.x &&
               v[3] == s->u.aabb.max.y;
    return memcmp(&w->big[(uint32_t)v[0]].shape.s2, s, sizeof *s) == 0;
}

/* Diff pass 1: validate the blob in full (as restore_check) without
 * changing w; mark in m (cleared here) the live records that differ from
 * their slot, and plan their quadtree moves. Allocates nothing. */
static fc_status restore_diff_check(fc_world *w, const unsigned char *p, size_t size, const fc_snap_header *h,
                                    uint64_t *m, diff_plan *plan)
{
    memset(plan, 0, sizeof *plan);
    plan->old_slots = w->slot_count;
    plan->fits = 1;
    if (h->slots > 0)
        memset(m, 0, sizeof(uint64_t) * FC_MARK_WORDS(h->slots));
    fc_snap_dec d = fc_snap_stream(p, size);
    plan->free_same = h->nfree == w->free_count;
    for (uint32_t k = 0; k < h->nfree; k++) {
        uint32_t i, g;
        if (!take_free(&d, h, m, &i, &g))
            return FC_ERR_FORMAT;
        /* the world's free stack holds only dead slots below slot_count */
        plan->free_same = plan->free_same && w->free_stack[w->free_count - 1 - k] == i && w->bodies[i].generation == g;
    }
    const int dim2 = h->def.dim == FC_WORLD_2D;
    int try_bytes = 1;
    for (uint32_t i = 0; i < h->slots; i++) {
        const uint64_t bit = (uint64_t)1 << (i & 63);
        if ((m[i >> 6] & bit) != 0) { /* free: no record; the bit now marks changes */
            m[i >> 6] &= ~bit;
            continue;
        }
        const int was = live_in(w, plan->old_slots, i);
        if (was && try_bytes && fc_snap_same_small(&d, w, i))
            continue; /* the slot's own encoding: valid, unchanged */
        const size_t at = d.at;
        fc_body_full f;
        fc_status st = fc_snap_get_fields(&d, dim2, &f);
        if (st != FC_OK)
            return st;
        /* compare bytes first again after an unchanged record (a record
         * that differs costs a failed byte compare and a decode) */
        try_bytes = was && same_body(w, i, &f, dim2);
        if (try_bytes)
            continue; /* valid: the world's body is */
        st = fc_snap_body_bounds(dim2, &f);
        if (st != FC_OK)
            return st;
        m[i >> 6] |= bit;
        if (plan->changed++ == 0) {
            plan->first = i;
            plan->first_at = at;
        }
        const uint32_t type = dim2 ? (uint32_t)f.shape.s2.type : (uint32_t)f.shape.s3.type;
        if (!fc_shape_small(dim2, type) && (!was || fc_shape_small(dim2, w->bodies[i].type)))
            plan->big_new++;
        if (plan->fits) {
            int r = fc_qt_plan_move(w->qt, i, fc_world_qt_box(w, f.min, f.max));
            plan->fits = r != FC_QT_PLAN_FAIL;
            plan->probed |= r == FC_QT_PLAN_MOVE;
        }
    }
    fc_status st = fc_snap_get_end(&d);
    /* a big entry is taken only when one is free: the pool's live entries
     * never exceed those now plus big_new */
    plan->fits = plan->fits && fc_qt_plan_fits(w->qt) && w->big_live + plan->big_new <= w->big_cap;
    return st;
}

/* Make slot i (live in w) free with generation g: out of the quadtree and
 * the big pool. */
static void free_slot(fc_world *w, uint32_t i, uint32_t g)
{
    fc_body *b = &w->bodies[i];
    memset(b, 0, sizeof *b);
    b->generation = g;
    w->rec[i] = 0;
}

/* Diff pass 2: write the blob's changes into w (checked, plan fits). The
 * quadtree removals and planned moves and the big-pool entries cannot
 * fail (quadtree_internal.h, restore_diff_check); nothing else can. */
static void restore_diff_apply(fc_world *w, const unsigned char *p, size_t size, const fc_snap_header *h,
                               const uint64_t *m, const diff_plan *plan)
{
    const uint32_t old = plan->old_slots;
    if (!plan->free_same) {
        fc_snap_dec d = fc_snap_stream(p, size);
        for (uint32_t k = 0; k < h->nfree; k++) {
            uint32_t i, g;
            fc_snap_get_free(&d, &i, &g);
            if (live_in(w, old, i)) {
                fc_qt_remove(w->qt, i);
                fc_world_drop_shape(w, &w->bodies[i]);
            }
            free_slot(w, i, g);
            w->free_stack[h->nfree - 1 - k] = i;
        }
    }
    for (uint32_t i = h->slots; i < old; i++) /* slots the blob does not have */
        if (w->bodies[i].live) {
            fc_qt_remove(w->qt, i);
            fc_world_drop_shape(w, &w->bodies[i]);
            free_slot(w, i, w->bodies[i].generation);
        }
    const int dim2 = w->def.dim == FC_WORLD_2D;
    fc_snap_dec d = fc_snap_stream(p, size);
    d.at = plan->first_at;
    for (uint32_t i = plan->first, done = 0; done < plan->changed; i++) {
        if (!marked(m, i)) {
            if (live_in(w, old, i)) /* unchanged (a free slot has no record) */
                fc_snap_skip_body(&d, dim2);
            continue;
        }
        fc_body_full f;
        const int was = live_in(w, old, i);
        (void)fc_snap_get_fields(&d, dim2, &f); /* checked in pass 1 */
        if (!fc_shape_small(dim2, dim2 ? (uint32_t)f.shape.s2.type : (uint32_t)f.shape.s3.type))
            (void)fc_snap_body_bounds(dim2, &f); /* kept in its big-pool entry */
        fc_body *b = &w->bodies[i];
        b->generation = f.generation;
        b->live = 1;
        b->pad = 0;
        b->filter = f.filter;
        b->user_data = f.user_data;
        fc_world_store_shape(w, b, was, &f.shape.s2, &f.shape.s3, f.min, f.max); /* min/max: big only */
        fc_world_rehash(w, i);
        int32_t min[3], max[3];
        fc_body_bounds(w, b, min, max); /* a small shape's from its words */
        fc_qt_apply_move(w->qt, i, fc_world_qt_box(w, min, max));
        done++;
    }
    fc_qt_plan_applied(w->qt);
    w->slot_count = h->slots;
    w->free_count = h->nfree;
    w->live_count = h->live;
}

/* The diff restore: FC_OK with *applied set (w restored), or with
 * *applied 0 when the changes do not fit in place (w unchanged, planned
 * nodes back in the pool: rebuild instead), or a format error (w
 * unchanged). */
static fc_status restore_diff(fc_world *w, const unsigned char *p, size_t size, const fc_snap_header *h, uint64_t *m,
                              int *applied)
{
    diff_plan plan;
    fc_status st = restore_diff_check(w, p, size, h, m, &plan);
    *applied = st == FC_OK && plan.fits;
    if (*applied) {
        restore_diff_apply(w, p, size, h, m, &plan);
        w->def.tag = h->def.tag;
    } else if (plan.probed) { /* the planned nodes back to the pool */
        fc_qt_probe_reset(w->qt);
        fc_qt_trim(w->qt);
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
    if (h.version == FC_SNAPSHOT_VERSION_V1) { /* an old blob: restore its conversion */
        unsigned char *cur;
        size_t cur_size;
        st = fc_snap_v1_convert(p, size, &h, &w->def.alloc, &cur, &cur_size);
        if (st != FC_OK)
            return st;
        st = fc_world_restore(w, cur, cur_size);
        fc_free_bytes(&w->def.alloc, cur, cur_size);
        return st;
    }
    /* the free-slot map: the world's scratch when its capacity suffices */
    const int in_place = h.slots <= w->slot_cap && fc_qt_same_placement(w->qt, &qd);
    uint64_t *m = w->mark, *temp = NULL;
    const size_t mwords = FC_MARK_WORDS(h.slots);
    if (h.slots > w->slot_cap) { /* slots / 8 bytes <= a sixteenth of the blob */
        m = temp = (uint64_t *)fc_alloc_bytes(&w->def.alloc, sizeof(uint64_t) * mwords);
        if (temp == NULL)
            return FC_ERR_NO_MEMORY;
    }
    int applied = 0;
    if (in_place && h.def.dim == w->def.dim) { /* the rollback case */
        st = restore_diff(w, p, size, &h, m, &applied);
        if (st != FC_OK || applied) {
            if (applied)
                restored(w);
            return st; /* temp: none (in place) */
        }
    }
    int fits = 0;
    uint32_t nbig = 0;
    st = restore_check(p, size, &h, m, in_place ? w->qt : NULL, &fits, &nbig);
    if (st == FC_OK && in_place && fits && nbig <= w->big_cap) {
        /* decode into the world itself; nothing allocates or fails (the
         * probed nodes are there, empty, after the clear) */
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
    if (st == FC_OK)
        restored(w);
    fc_free_bytes(&w->def.alloc, temp, sizeof(uint64_t) * mwords);
    return st;
}
