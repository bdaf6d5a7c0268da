/* SPDX-License-Identifier: MIT */
/* The allocator contract (fixcol/alloc.h): over long random 2D and 3D
 * scenarios (create/destroy/move/reshape/refilter bodies, pairs, contacts
 * and events, queries, rays, snapshot, restore into the same and into
 * another world) with an
 * allocator that fails every Nth call, every free must receive exactly the
 * pointer and size of its allocation, nothing may leak, and a call that
 * fails has changed nothing (same checksum, same snapshot bytes,
 * fc_world_validate passes).
 * --break frees one block with a size one byte off: the checker must see it. */
#include "sized_alloc.h"
#include "world_fixture.h"

#include <stdio.h>

typedef struct scen {
    fc_world *w, *other;
    fc_body_id ids[256];
    int32_t n;
    uint64_t rng;
    long nomem; /* calls that failed with FC_ERR_NO_MEMORY */
} scen;

/* The world's state as bytes (snapshot) and checksum, to show a failed
 * call changed nothing. */
typedef struct state {
    unsigned char *blob;
    size_t size;
    uint64_t sum;
} state;

static state state_of(const fc_world *w)
{
    state s;
    s.size = 0;
    fc_world_snapshot(w, NULL, 0, &s.size);
    s.blob = (unsigned char *)malloc(s.size);
    fc_world_snapshot(w, s.blob, s.size, &s.size);
    s.sum = fc_world_checksum(w);
    return s;
}

static int state_same(const fc_world *w, const state *s)
{
    state t = state_of(w);
    int same = t.size == s->size && memcmp(t.blob, s->blob, s->size) == 0 && t.sum == s->sum;
    free(t.blob);
    return same;
}

/* The world's current pair events, copied (began then ended). */
typedef struct events {
    fc_status st;
    int32_t nb, ne;
    fc_pair *pairs;
} events;

static events events_of(fc_world *w)
{
    events ev;
    const fc_pair *b, *e;
    ev.st = fc_world_pair_events(w, &b, &ev.nb, &e, &ev.ne);
    ev.pairs = NULL;
    if (ev.st != FC_OK)
        return ev;
    ev.pairs = (fc_pair *)malloc(sizeof(fc_pair) * ((size_t)ev.nb + (size_t)ev.ne + 1));
    /* An empty list may come as NULL, and memcpy from NULL is undefined even
     * for 0 bytes. */
    if (ev.nb > 0)
        memcpy(ev.pairs, b, sizeof(fc_pair) * (size_t)ev.nb);
    if (ev.ne > 0)
        memcpy(ev.pairs + ev.nb, e, sizeof(fc_pair) * (size_t)ev.ne);
    return ev;
}

static int events_same(const events *x, const events *y)
{
    return x->nb == y->nb && x->ne == y->ne &&
           memcmp(x->pairs, y->pairs, sizeof(fc_pair) * ((size_t)x->nb + (size_t)x->ne)) == 0;
}

/* After a call that returned st: OK, or out of memory with nothing changed. */
static void after(scen *s, fc_status st, const state *before, const char *what)
{
    if (st == FC_ERR_NO_MEMORY) {
        s->nomem++;
        if (before != NULL)
            TU_CHECK(state_same(s->w, before), "%s failed with FC_ERR_NO_MEMORY but changed the world", what);
    } else {
        TU_CHECK(st == FC_OK, "%s: status %d", what, (int)st);
    }
    TU_CHECK(fc_world_validate(s->w) == FC_OK, "%s: world inconsistent", what);
}

static void step(scen *s)
{
    fc_world *w = s->w;
    int dim3 = fc_world_get_dim(w) == FC_WORLD_3D;
    uint64_t op = tu_rand64(&s->rng) % 12;
    int32_t k = s->n > 0 ? (int32_t)(tu_rand64(&s->rng) % (uint64_t)s->n) : 0;
    state before = state_of(w);
    fc_status st = FC_OK;
    const char *what = "?";
    if (s->n < 8 || (op <= 1 && s->n < 256)) {
        fc_body_def bd = fc_body_def_default();
        if (dim3)
            bd.shape3 = wf_shape3_cap(&s->rng, 40);
        else
            bd.shape2 = wf_shape2(&s->rng, 40);
        what = "create_body";
        st = fc_world_create_body(w, &bd, &s->ids[s->n]);
        if (st == FC_OK)
            s->n++;
    } else if (op == 2) {
        what = "destroy_body";
        st = fc_world_destroy_body(w, s->ids[k]);
        s->ids[k] = s->ids[--s->n];
    } else if (op == 3 || op == 4) {
        /* far moves change the body's quadtree node (allocations there) */
        int32_t far = op == 4 ? 30 * WF_U : WF_U;
        what = "translate";
        if (dim3)
            st = fc_world_translate3(w, s->ids[k], fc_vec3_make(wf_rand(&s->rng, -far, far), 0, wf_rand(&s->rng, -far, far)));
        else
            st = fc_world_translate2(w, s->ids[k], fc_vec2_make(wf_rand(&s->rng, -far, far), wf_rand(&s->rng, -far, far)));
        if (st == FC_ERR_RANGE)
            st = FC_OK;
    } else if (op == 5) {
        what = "set_shape";
        if (dim3) {
            fc_shape3 sh = wf_shape3_cap(&s->rng, 40);
            st = fc_world_set_shape3(w, s->ids[k], &sh);
        } else {
            fc_shape2 sh = wf_shape2(&s->rng, 40);
            st = fc_world_set_shape2(w, s->ids[k], &sh);
        }
    } else if (op == 6) {
        /* find_pairs or find_contacts; a failed one keeps the events (the
         * world's two pair lists) as they were */
        const fc_pair *p, *b, *e;
        const fc_contact2_result *c2;
        const fc_contact3_result *c3;
        int32_t np, nb, ne;
        events ev0 = events_of(w);
        if (tu_rand64(&s->rng) % 2 == 0) {
            what = "find_pairs";
            st = fc_world_find_pairs(w, &p, &np);
        } else {
            what = "find_contacts";
            st = dim3 ? fc_world_find_contacts3(w, &p, &c3, &np) : fc_world_find_contacts2(w, &p, &c2, &np);
        }
        if (st == FC_ERR_NO_MEMORY && ev0.st == FC_OK) {
            events ev1 = events_of(w);
            TU_CHECK(ev1.st != FC_OK || events_same(&ev0, &ev1), "a failed %s changed the pair events", what);
            free(ev1.pairs);
        }
        free(ev0.pairs);
        fc_status est = fc_world_pair_events(w, &b, &nb, &e, &ne);
        TU_CHECK(est == FC_OK || est == FC_ERR_NO_MEMORY, "pair_events: %d", (int)est);
    } else if (op == 7) {
        const fc_body_id *ids;
        int32_t nids;
        what = "overlap";
        if (dim3) {
            fc_shape3 sh = wf_shape3_cap(&s->rng, 40);
            st = fc_world_overlap3(w, &sh, fc_filter_default(), &ids, &nids);
        } else {
            fc_shape2 sh = wf_shape2(&s->rng, 40);
            sh.type = FC_SHAPE2_CIRCLE;
            sh.u.circle.radius = wf_rand(&s->rng, WF_U, 20 * WF_U);
            st = fc_world_overlap2(w, &sh, fc_filter_default(), &ids, &nids);
        }
    } else if (op == 8) {
        const fc_body_id *ids;
        int32_t nids;
        what = "point";
        if (dim3)
            st = fc_world_point3(w, fc_vec3_make(wf_rand(&s->rng, 0, 40 * WF_U), WF_U, wf_rand(&s->rng, 0, 40 * WF_U)),
                                 fc_filter_default(), &ids, &nids);
        else
            st = fc_world_point2(w, fc_vec2_make(wf_rand(&s->rng, 0, 40 * WF_U), wf_rand(&s->rng, 0, 40 * WF_U)),
                                 fc_filter_default(), &ids, &nids);
    } else if (op == 9) {
        const fc_ray_hit *hits;
        int32_t nh;
        fc_ray_hit h;
        int hit;
        what = "raycast";
        if (dim3) {
            fc_ray3 r = {fc_vec3_make(0, WF_U, wf_rand(&s->rng, 0, 40 * WF_U)), fc_vec3_make(40 * WF_U, 0, wf_rand(&s->rng, -WF_U, WF_U))};
            st = fc_world_raycast3(w, &r, fc_filter_default(), &h, &hit);
            if (st == FC_OK)
                st = fc_world_raycast3_all(w, &r, fc_filter_default(), &hits, &nh);
        } else {
            fc_ray2 r = {fc_vec2_make(0, wf_rand(&s->rng, 0, 40 * WF_U)), fc_vec2_make(40 * WF_U, wf_rand(&s->rng, -WF_U, WF_U))};
            st = fc_world_raycast2(w, &r, fc_filter_default(), &h, &hit);
            if (st == FC_OK)
                st = fc_world_raycast2_all(w, &r, fc_filter_default(), &hits, &nh);
        }
    } else if (op == 10) {
        what = "restore into itself";
        st = fc_world_restore(w, before.blob, before.size);
    } else {
        /* restore into the other world (other settings, smaller), then back */
        what = "restore into another world";
        state o = state_of(s->other);
        fc_status so = fc_world_restore(s->other, before.blob, before.size);
        if (so == FC_ERR_NO_MEMORY) {
            s->nomem++;
            TU_CHECK(state_same(s->other, &o), "restore failed but changed the other world");
        } else {
            TU_CHECK(so == FC_OK && state_same(s->other, &before), "restore into the other world: %d", (int)so);
            TU_CHECK(fc_world_validate(s->other) == FC_OK, "other world inconsistent after restore");
            so = fc_world_restore(s->other, o.blob, o.size);
            if (so == FC_ERR_NO_MEMORY)
                s->nomem++;
            else
                TU_CHECK(so == FC_OK && state_same(s->other, &o), "restoring the other world back: %d", (int)so);
        }
        free(o.blob);
    }
    after(s, st, st == FC_ERR_NO_MEMORY ? &before : NULL, what);
    free(before.blob);
}

/* One scenario with an allocator failing every fail_every-th call (0:
 * never). Returns the calls failed on purpose. */
static long scenario(fc_world_dim dim, long fail_every, int steps, uint64_t seed)
{
    sized_alloc a;
    sa_init(&a);
    fc_world_def d = fc_world_def_default();
    d.dim = dim;
    d.bounds_log2 = 6;
    d.max_depth = 5;
    d.alloc = sa_allocator(&a);
    d.body_capacity = (int32_t)(seed % 3) * 7;
    d.pair_capacity = (int32_t)(seed % 4) * 5;
    scen s;
    memset(&s, 0, sizeof s);
    s.rng = seed;
    a.fail_every = fail_every;
    /* creation itself may fail (nothing then stays allocated); retry */
    for (int tries = 0; tries < 8 && (s.w == NULL || s.other == NULL); tries++) {
        fc_world **slot = s.w == NULL ? &s.w : &s.other;
        fc_world_def od = d;
        if (slot == &s.other) {
            od.bounds_log2 = 9;
            od.max_depth = 3;
            od.tag = 7;
            od.body_capacity = 0;
        }
        fc_status st = fc_world_create(&od, slot);
        TU_CHECK(st == FC_OK || (st == FC_ERR_NO_MEMORY && *slot == NULL), "create: %d", (int)st);
    }
    if (s.w != NULL && s.other != NULL)
        for (int i = 0; i < steps; i++)
            step(&s);
    fc_world_destroy(s.w);
    fc_world_destroy(s.other);
    TU_CHECK(a.bad_frees == 0, "fail every %ld, %s: %ld frees with a wrong pointer or size", fail_every,
             dim == FC_WORLD_2D ? "2D" : "3D", a.bad_frees);
    TU_CHECK(a.live == 0 && a.allocs == a.frees, "fail every %ld: %zu bytes in %ld blocks leaked", fail_every,
             a.live, a.allocs - a.frees);
    sa_done(&a);
    return a.failed;
}

/* The checker itself: a free with the wrong size must be counted. */
static int checker_catches_wrong_size(void)
{
    sized_alloc a;
    sa_init(&a);
    fc_allocator h = sa_allocator(&a);
    void *p = h.alloc(h.ctx, 24);
    h.free(h.ctx, p, 25);
    long bad = a.bad_frees;
    sa_done(&a);
    return bad == 1;
}

int main(int argc, char **argv)
{
    int brk = argc > 1 && strcmp(argv[1], "--break") == 0;
    int steps = 300;
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], "--steps") == 0)
            steps = atoi(argv[i + 1]);
    TU_CHECK(checker_catches_wrong_size(), "the checking allocator missed a wrong-size free");
    if (brk) {
        /* a scenario whose world is handed a block freed with a wrong size */
        sized_alloc a;
        sa_init(&a);
        fc_allocator h = sa_allocator(&a);
        void *p = h.alloc(h.ctx, 64);
        h.free(h.ctx, p, 63);
        TU_CHECK(a.bad_frees == 0, "a free with a wrong size (deliberate)");
        sa_done(&a);
        return tu_finish("alloc contract (--break)");
    }
    long failed = 0;
    for (int dim = 2; dim <= 3; dim++) {
        fc_world_dim wd = dim == 2 ? FC_WORLD_2D : FC_WORLD_3D;
        scenario(wd, 0, steps, 99 + (uint64_t)dim);
        for (long n = 1; n <= 48; n++)
            failed += scenario(wd, n, steps, 1000 * (uint64_t)dim + (uint64_t)n);
        for (long n = 53; n <= 400; n += 29)
            failed += scenario(wd, n, 2 * steps, 7000 * (uint64_t)dim + (uint64_t)n);
    }
    printf("alloc contract: %ld allocator calls failed on purpose\n", failed);
    TU_CHECK(failed > 2L * steps, "too few failures injected (%ld)", failed);
    return tu_finish("alloc contract");
}
