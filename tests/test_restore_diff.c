/* SPDX-License-Identifier: MIT */
/* The diff restore (src/world/world_restore.c: a snapshot restored into a world
 * with the same broadphase placement writes only the slots that differ).
 * A snapshot is restored into worlds that diverged from it in every way -
 * bodies moved within and across quadtree nodes, created, destroyed, shapes
 * switched between small and big types, angles, filters and user data
 * changed, slots added beyond the snapshot's, the free list reordered - and
 * into an empty twin with room (every body inserted) and a twin whose
 * broadphase pools are too small (the plan falls back to the rebuild).
 * Each must be indistinguishable from the same snapshot restored into a
 * fresh world: snapshot bytes, checksum, validation, broadphase stats,
 * pairs, overlap and ray answers, and the same outputs for the same future
 * operations (ids handed out, statuses, pair events, checksums). Corrupted,
 * re-sealed blobs into a diverged world are rejected and change nothing
 * (snapshot bytes, checksum, broadphase node count: planned nodes go back)
 * or, when they decode, match a fresh restore. A restore of the state the
 * world already holds allocates nothing.
 * --break moves one body of the diff-restored world by 1 raw unit after
 * the restore (a missed record): must fail. */
#include "snapshot_trailer.h"
#include "world_fixture.h"

#include <stdio.h>

static int g_break;

enum { MAXB = 600 };

typedef struct scen {
    fc_world *w;
    fc_body_id ids[MAXB];
    int n;
    uint64_t rng;
} scen;

static fc_world *new_world(fc_world_dim dim, int32_t capacity, wf_counter *c)
{
    fc_world_def d = fc_world_def_default();
    d.dim = dim;
    d.body_capacity = capacity;
    if (c != NULL)
        d.alloc = wf_allocator(c);
    fc_world *w = NULL;
    TU_CHECK(fc_world_create(&d, &w) == FC_OK, "create world");
    return w;
}

static fc_filter random_filter(uint64_t *r)
{
    if (tu_rand64(r) % 2 == 0)
        return fc_filter_default();
    fc_filter f;
    f.category = 1u << (tu_rand64(r) % 4);
    f.mask = (uint32_t)tu_rand64(r) | 1u;
    return f;
}

static uint64_t mix(uint64_t h, uint64_t v)
{
    return (h ^ v) * 0x9E3779B97F4A7C15u + 1;
}

/* One random operation on s (area: where shapes go, in units); returns a
 * digest of its outputs. */
static uint64_t op(scen *s, int32_t area)
{
    uint64_t *r = &s->rng;
    const int dim2 = fc_world_get_dim(s->w) == FC_WORLD_2D;
    int kind = (int)(tu_rand64(r) % 10);
    if (s->n == 0 || (kind == 0 && s->n < MAXB)) {
        fc_body_def bd = fc_body_def_default();
        if (dim2)
            bd.shape2 = wf_shape2(r, area);
        else
            bd.shape3 = wf_shape3_cap(r, area);
        bd.filter = random_filter(r);
        bd.user_data = tu_rand64(r) % 3 == 0 ? tu_rand64(r) : 0;
        fc_body_id id;
        fc_status st = fc_world_create_body(s->w, &bd, &id);
        if (st == FC_OK)
            s->ids[s->n++] = id;
        return mix((uint64_t)st, st == FC_OK ? (uint64_t)id.index << 32 | id.generation : 0);
    }
    int k = (int)(tu_rand64(r) % (uint64_t)s->n);
    fc_body_id id = s->ids[k];
    fc_status st;
    switch (kind) {
    case 1: /* destroy */
        st = fc_world_destroy_body(s->w, id);
        s->ids[k] = s->ids[--s->n];
        break;
    case 2: /* a new shape: small/big type changes */
        if (dim2) {
            fc_shape2 sh = wf_shape2(r, area);
            st = fc_world_set_shape2(s->w, id, &sh);
        } else {
            fc_shape3 sh = wf_shape3_cap(r, area);
            st = fc_world_set_shape3(s->w, id, &sh);
        }
        break;
    case 3: /* far: across nodes */
    case 4: {
        int32_t span = kind == 3 ? 60 * WF_U : WF_U / 8; /* near: mostly within the node */
        int32_t dx = wf_rand(r, -span, span), dy = wf_rand(r, -span, span);
        st = dim2 ? fc_world_translate2(s->w, id, fc_vec2_make(dx, dy))
                  : fc_world_translate3(s->w, id, fc_vec3_make(dx, dy / 8, dy));
        break;
    }
    case 5:
        st = fc_world_set_filter(s->w, id, random_filter(r));
        break;
    case 6:
        st = fc_world_set_user_data(s->w, id, tu_rand64(r) % 2 == 0 ? 0 : tu_rand64(r));
        break;
    case 7:
        st = dim2 ? fc_world_set_angle2(s->w, id, (fc_angle)tu_rand64(r)) : FC_OK;
        break;
    default: { /* the common frame: a small move */
        int32_t dx = wf_rand(r, -WF_U / 4, WF_U / 4), dy = wf_rand(r, -WF_U / 4, WF_U / 4);
        st = dim2 ? fc_world_translate2(s->w, id, fc_vec2_make(dx, dy))
                  : fc_world_translate3(s->w, id, fc_vec3_make(dx, 0, dy));
        break;
    }
    }
    return mix((uint64_t)st, (uint64_t)kind);
}

/* A batch of operations then the frame's outputs: pairs, events, checksum. */
static uint64_t batch(scen *s, int ops, int32_t area)
{
    uint64_t h = 0;
    for (int i = 0; i < ops; i++)
        h = mix(h, op(s, area));
    const fc_pair *pairs, *began, *ended;
    int32_t np = 0, nb = 0, ne = 0;
    h = mix(h, (uint64_t)fc_world_find_pairs(s->w, &pairs, &np));
    h = mix(h, fc_hash_pairs(0, pairs, np));
    h = mix(h, (uint64_t)fc_world_pair_events(s->w, &began, &nb, &ended, &ne));
    h = mix(h, fc_hash_pairs(1, began, nb));
    h = mix(h, fc_hash_pairs(2, ended, ne));
    return mix(h, fc_world_checksum(s->w));
}

typedef struct world_copy {
    unsigned char *blob;
    size_t size;
    uint64_t sum;
    fc_qt_stats stats;
} world_copy;

static world_copy copy_of(const fc_world *w)
{
    world_copy c;
    fc_world_snapshot(w, NULL, 0, &c.size);
    c.blob = (unsigned char *)malloc(c.size);
    fc_world_snapshot(w, c.blob, c.size, &c.size);
    c.sum = fc_world_checksum(w);
    c.stats = fc_world_broadphase_stats(w);
    return c;
}

static int same_copy(const world_copy *a, const world_copy *b)
{
    return a->size == b->size && memcmp(a->blob, b->blob, a->size) == 0 && a->sum == b->sum &&
           memcmp(&a->stats, &b->stats, sizeof a->stats) == 0;
}

/* Digest of queries on w (seeded): overlaps with filters, all-hit rays. */
static uint64_t queries(fc_world *w, uint64_t seed, int32_t area)
{
    uint64_t h = 0;
    const int dim2 = fc_world_get_dim(w) == FC_WORLD_2D;
    for (int q = 0; q < 40; q++) {
        fc_filter f = random_filter(&seed);
        const fc_body_id *ids;
        int32_t n = 0;
        fc_status st;
        if (dim2) {
            fc_shape2 sh = wf_shape2(&seed, area);
            st = fc_world_overlap2(w, &sh, f, &ids, &n);
        } else {
            fc_shape3 sh = wf_shape3_cap(&seed, area);
            st = fc_world_overlap3(w, &sh, f, &ids, &n);
        }
        h = mix(mix(h, (uint64_t)st), fc_hash_ids(0, ids, n));
        const fc_ray_hit *hits;
        int32_t nh = 0;
        int32_t x = wf_rand(&seed, 0, area * WF_U), y = wf_rand(&seed, 0, area * WF_U);
        int32_t dx = wf_rand(&seed, -area * WF_U, area * WF_U), dy = wf_rand(&seed, -area * WF_U, area * WF_U);
        if (dim2) {
            fc_ray2 ray = {fc_vec2_make(x, y), fc_vec2_make(dx, dy)};
            st = fc_world_raycast2_all(w, &ray, f, &hits, &nh);
        } else {
            fc_ray3 ray = {fc_vec3_make(x, WF_U, y), fc_vec3_make(dx, 0, dy)};
            st = fc_world_raycast3_all(w, &ray, f, &hits, &nh);
        }
        h = mix(mix(h, (uint64_t)st), fc_hash_ray_hits(0, hits, nh));
    }
    return h;
}

/* a (just restored) and ref (the fresh restore) are indistinguishable now
 * and under the same future operations. Both scenarios continue from ids /
 * rng (the snapshot's). */
static void check_same(fc_world *a, fc_world *ref, const scen *from, int32_t area, const char *what)
{
    world_copy ca = copy_of(a), cr = copy_of(ref);
    TU_CHECK(same_copy(&ca, &cr), "%s: snapshot bytes, checksum or broadphase stats differ", what);
    TU_CHECK(fc_world_validate(a) == FC_OK, "%s: restored world invalid", what);
    TU_CHECK(queries(a, 77, area) == queries(ref, 77, area), "%s: query or ray answers differ", what);
    scen sa = *from, sr = *from;
    sa.w = a;
    sr.w = ref;
    int same = 1;
    for (int f = 0; f < 12; f++)
        same &= batch(&sa, 25, area) == batch(&sr, 25, area);
    TU_CHECK(same, "%s: the future differs (ids, statuses, pairs, events or checksums)", what);
    TU_CHECK(queries(a, 78, area) == queries(ref, 78, area), "%s: later query answers differ", what);
    free(ca.blob);
    free(cr.blob);
}

/* The reference: blob restored into a new world of the other dimension
 * and no capacity (the fresh-world path, no diff). */
static fc_world *fresh(fc_world_dim dim, const unsigned char *blob, size_t size)
{
    fc_world *w = new_world(dim == FC_WORLD_2D ? FC_WORLD_3D : FC_WORLD_2D, 0, NULL);
    TU_CHECK(fc_world_restore(w, blob, size) == FC_OK, "restore into a fresh world");
    return w;
}

/* Flip one byte of the blob's stream (from its second half on, after many
 * planned records) and re-seal it. */
static void corrupt(unsigned char *b, size_t size, uint64_t *r)
{
    size_t stream = size - 8 - 56;
    size_t at = 56 + stream / 2 + (size_t)(tu_rand64(r) % (stream - stream / 2));
    b[at] ^= (unsigned char)(1u << (tu_rand64(r) % 8));
    uint64_t t = snapshot_trailer(b, size);
    for (int i = 0; i < 8; i++)
        b[size - 8 + (size_t)i] = (unsigned char)(t >> (8 * i));
}

static void diverged(fc_world_dim dim, uint64_t seed)
{
    const int32_t area = seed % 2 == 0 ? 200 : 60; /* spread over many nodes, or crowded */
    char what[96];
    wf_counter count = {0, 0, 0};
    scen s;
    memset(&s, 0, sizeof s);
    s.w = new_world(dim, 0, &count);
    s.rng = seed;
    for (int f = 0; f < 20; f++)
        batch(&s, 30, area);
    world_copy snap = copy_of(s.w);
    const scen at_snap = s;
    fc_world *ref = fresh(dim, snap.blob, snap.size);

    /* diverge in every way, then roll back */
    int frames = 1 + (int)(seed % 25);
    for (int f = 0; f < frames; f++)
        batch(&s, 40, area);
    TU_CHECK(fc_world_restore(s.w, snap.blob, snap.size) == FC_OK, "rollback");
    snprintf(what, sizeof what, "%dD seed %llu: rollback after %d frames", dim == FC_WORLD_2D ? 2 : 3,
             (unsigned long long)seed, frames);
    /* the same state again: nothing to write, nothing allocated */
    long allocs = count.allocs;
    TU_CHECK(fc_world_restore(s.w, snap.blob, snap.size) == FC_OK, "restore again");
    TU_CHECK(count.allocs == allocs, "%s: restoring the state it holds allocated %ld times", what,
             count.allocs - allocs);
    if (g_break) {
        fc_vec2 d2 = fc_vec2_make(1, 0);
        fc_vec3 d3 = fc_vec3_make(1, 0, 0);
        if (dim == FC_WORLD_2D)
            fc_world_translate2(s.w, at_snap.ids[0], d2);
        else
            fc_world_translate3(s.w, at_snap.ids[0], d3);
    }
    check_same(s.w, ref, &at_snap, area, what);
    fc_world_destroy(ref);

    /* into an empty twin with room for every slot (every body inserted),
     * and a twin whose broadphase pools are small (falls back) */
    for (int t = 0; t < 2; t++) {
        fc_world *twin = new_world(dim, t == 0 ? 4096 : 700, NULL);
        if (t == 1) { /* a few bodies in one corner: few nodes in the pool */
            fc_body_def bd = fc_body_def_default();
            fc_body_id id;
            for (int i = 0; i < 3; i++)
                fc_world_create_body(twin, &bd, &id);
        }
        TU_CHECK(fc_world_restore(twin, snap.blob, snap.size) == FC_OK, "restore into a twin");
        snprintf(what, sizeof what, "%dD seed %llu: %s twin", dim == FC_WORLD_2D ? 2 : 3, (unsigned long long)seed,
                 t == 0 ? "empty" : "small-pool");
        ref = fresh(dim, snap.blob, snap.size);
        check_same(twin, ref, &at_snap, area, what);
        fc_world_destroy(ref);
        fc_world_destroy(twin);
    }

    /* corrupted blobs into a diverged world: rejected with nothing changed,
     * or (still decodable) the same as a fresh restore */
    uint64_t r = seed * 31 + 7;
    int rejected = 0;
    for (int trial = 0; trial < 30; trial++) {
        s = at_snap;
        TU_CHECK(fc_world_restore(s.w, snap.blob, snap.size) == FC_OK, "back to the snapshot");
        for (int f = 0; f < 3; f++)
            batch(&s, 40, area);
        world_copy before = copy_of(s.w);
        unsigned char *bad = (unsigned char *)malloc(snap.size);
        memcpy(bad, snap.blob, snap.size);
        corrupt(bad, snap.size, &r);
        fc_status st = fc_world_restore(s.w, bad, snap.size);
        if (st != FC_OK) {
            world_copy after = copy_of(s.w);
            TU_CHECK(same_copy(&before, &after) && fc_world_validate(s.w) == FC_OK,
                     "%dD seed %llu trial %d: a rejected blob changed the world", dim == FC_WORLD_2D ? 2 : 3,
                     (unsigned long long)seed, trial);
            free(after.blob);
            rejected++;
        } else {
            ref = fresh(dim, bad, snap.size);
            snprintf(what, sizeof what, "%dD seed %llu trial %d: altered blob", dim == FC_WORLD_2D ? 2 : 3,
                     (unsigned long long)seed, trial);
            world_copy a = copy_of(s.w), b = copy_of(ref);
            TU_CHECK(same_copy(&a, &b) && fc_world_validate(s.w) == FC_OK, "%s: differs from a fresh restore",
                     what);
            TU_CHECK(queries(s.w, 5, area) == queries(ref, 5, area), "%s: query answers differ", what);
            free(a.blob);
            free(b.blob);
            fc_world_destroy(ref);
        }
        free(before.blob);
        free(bad);
    }
    TU_CHECK(rejected > 0, "no corrupted blob was rejected");
    free(snap.blob);
    fc_world_destroy(s.w);
}

/* Slots beyond the snapshot's (the world grew after it) and a snapshot
 * with more slots than the world has used (restored after an older one). */
static void slot_counts(fc_world_dim dim)
{
    scen s;
    memset(&s, 0, sizeof s);
    s.w = new_world(dim, 0, NULL);
    s.rng = 99;
    for (int f = 0; f < 4; f++)
        batch(&s, 20, 100);
    /* a body of generation > 127 (a multi-byte generation varint) */
    fc_body_def churn = fc_body_def_default();
    for (int k = 0; k < 200; k++) {
        fc_body_id id;
        TU_CHECK(fc_world_create_body(s.w, &churn, &id) == FC_OK, "churn create");
        if (k < 199)
            fc_world_destroy_body(s.w, id);
        else
            s.ids[s.n++] = id;
    }
    world_copy small = copy_of(s.w);
    const scen at_small = s;
    for (int i = 0; i < 300; i++) { /* grow: many more slots */
        fc_body_def bd = fc_body_def_default();
        if (dim == FC_WORLD_2D)
            bd.shape2 = wf_shape2(&s.rng, 100);
        else
            bd.shape3 = wf_shape3_cap(&s.rng, 100);
        if (fc_world_create_body(s.w, &bd, &s.ids[s.n]) == FC_OK && s.n < MAXB - 1)
            s.n++;
    }
    batch(&s, 50, 100);
    world_copy large = copy_of(s.w);
    const scen at_large = s;
    fc_world *ref = fresh(dim, small.blob, small.size);
    TU_CHECK(fc_world_restore(s.w, small.blob, small.size) == FC_OK, "large -> small");
    check_same(s.w, ref, &at_small, 100, dim == FC_WORLD_2D ? "2D large -> small" : "3D large -> small");
    fc_world_destroy(ref);
    ref = fresh(dim, large.blob, large.size);
    TU_CHECK(fc_world_restore(s.w, small.blob, small.size) == FC_OK, "back to small");
    TU_CHECK(fc_world_restore(s.w, large.blob, large.size) == FC_OK, "small -> large");
    check_same(s.w, ref, &at_large, 100, dim == FC_WORLD_2D ? "2D small -> large" : "3D small -> large");
    free(small.blob);
    free(large.blob);
    fc_world_destroy(ref);
    fc_world_destroy(s.w);
}

/* A blob spread over the whole map into a twin whose node pool is small
 * (its 3 bodies made 64 nodes at most): planning the inserts runs out of
 * nodes, and the restore falls back - and still matches. */
static void node_pool_short(fc_world_dim dim)
{
    scen s;
    memset(&s, 0, sizeof s);
    s.w = new_world(dim, 0, NULL);
    s.rng = 5;
    for (int i = 0; i < MAXB; i++) {
        fc_body_def bd = fc_body_def_default();
        int32_t x = wf_rand(&s.rng, 0, 1000 * WF_U), y = wf_rand(&s.rng, 0, 1000 * WF_U);
        if (dim == FC_WORLD_2D)
            bd.shape2.u.circle = fc_circle_make(fc_vec2_make(x, y), WF_U / 2);
        else {
            bd.shape3.type = FC_SHAPE3_SPHERE;
            bd.shape3.u.sphere.center = fc_vec3_make(x, WF_U, y);
            bd.shape3.u.sphere.radius = WF_U / 2;
        }
        TU_CHECK(fc_world_create_body(s.w, &bd, &s.ids[s.n++]) == FC_OK, "spread body");
    }
    world_copy snap = copy_of(s.w);
    fc_world *twin = new_world(dim, 4096, NULL);
    fc_body_def bd = fc_body_def_default();
    fc_body_id id;
    for (int i = 0; i < 3; i++)
        fc_world_create_body(twin, &bd, &id);
    TU_CHECK(fc_world_restore(twin, snap.blob, snap.size) == FC_OK, "restore spread into a small-pool twin");
    fc_world *ref = fresh(dim, snap.blob, snap.size);
    check_same(twin, ref, &s, 1000, dim == FC_WORLD_2D ? "2D node pool short" : "3D node pool short");
    free(snap.blob);
    fc_world_destroy(ref);
    fc_world_destroy(twin);
    fc_world_destroy(s.w);
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--break") == 0)
            g_break = 1;
    for (uint64_t seed = 1; seed <= (g_break ? 2u : 12u); seed++) {
        diverged(FC_WORLD_2D, seed);
        diverged(FC_WORLD_3D, seed);
    }
    if (!g_break) {
        slot_counts(FC_WORLD_2D);
        slot_counts(FC_WORLD_3D);
        node_pool_short(FC_WORLD_2D);
        node_pool_short(FC_WORLD_3D);
    }
    return tu_finish("test_restore_diff");
}
