/* SPDX-License-Identifier: MIT */
/* World tests: every frame of random 2D and 3D scenarios (create, destroy,
 * move, reshape, refilter) the pair list is compared with a brute-force
 * O(N^2) oracle and fc_world_validate runs after every mutation; history
 * and layout independence; snapshot, diverge, restore, identical future;
 * corrupted / truncated / wrong-version blobs rejected with the world
 * unchanged; stale and foreign ids; filter semantics; range errors leave
 * the body unchanged; no allocation per frame in steady state.
 * --break corrupts one pair of the world's list before the comparison. */
#include "world_fixture.h"

#include <stdio.h>

static int g_break;

typedef struct scen {
    fc_world *w;
    fc_body_id ids[512];
    int32_t n;
    uint64_t rng;
} scen;

static fc_world *new_world(fc_world_dim dim, fc_qt_layout layout, uint32_t tag)
{
    fc_world_def d = fc_world_def_default();
    d.dim = dim;
    d.bounds_log2 = 7; /* 128 units; shapes spill over it on purpose */
    d.max_depth = 7;
    d.layout = layout;
    d.tag = tag;
    fc_world *w = NULL;
    TU_CHECK(fc_world_create(&d, &w) == FC_OK, "world create");
    return w;
}

static fc_body_def random_def(scen *s)
{
    fc_body_def bd = fc_body_def_default();
    if (fc_world_get_dim(s->w) == FC_WORLD_2D)
        bd.shape2 = wf_shape2(&s->rng, 60);
    else
        bd.shape3 = wf_shape3_cap(&s->rng, 60);
    bd.filter.category = 1u << (tu_rand64(&s->rng) % 3);
    bd.filter.mask = tu_rand64(&s->rng) % 4 == 0 ? 0x5u : 0xFFFFFFFFu;
    bd.user_data = tu_rand64(&s->rng);
    return bd;
}

/* One random mutation; the world is validated afterwards. */
static void mutate(scen *s)
{
    uint64_t op = tu_rand64(&s->rng) % 10;
    int32_t k = s->n > 0 ? (int32_t)(tu_rand64(&s->rng) % (uint64_t)s->n) : 0;
    int dim3 = fc_world_get_dim(s->w) == FC_WORLD_3D;
    if (s->n < 20 || ((op == 0 || (op == 9 && s->n < 250)) && s->n < 512)) {
        fc_body_def bd = random_def(s);
        TU_CHECK(fc_world_create_body(s->w, &bd, &s->ids[s->n]) == FC_OK, "create");
        s->n++;
    } else if (op == 1) {
        TU_CHECK(fc_world_destroy_body(s->w, s->ids[k]) == FC_OK, "destroy");
        s->ids[k] = s->ids[--s->n];
    } else if (op == 2) {
        fc_body_def bd = random_def(s);
        fc_status st = dim3 ? fc_world_set_shape3(s->w, s->ids[k], &bd.shape3)
                            : fc_world_set_shape2(s->w, s->ids[k], &bd.shape2);
        TU_CHECK(st == FC_OK, "set shape");
    } else if (op == 3) {
        fc_filter f = {1u << (tu_rand64(&s->rng) % 3), 0xFFFFFFFEu | (uint32_t)(tu_rand64(&s->rng) & 1)};
        TU_CHECK(fc_world_set_filter(s->w, s->ids[k], f) == FC_OK, "set filter");
    } else {
        fix16_t dx = wf_rand(&s->rng, -WF_U, WF_U), dy = wf_rand(&s->rng, -WF_U, WF_U);
        fc_status st = dim3 ? fc_world_translate3(s->w, s->ids[k], fc_vec3_make(dx, dy / 8, dy))
                            : fc_world_translate2(s->w, s->ids[k], fc_vec2_make(dx, dy));
        TU_CHECK(st == FC_OK, "translate");
    }
    TU_CHECK(fc_world_validate(s->w) == FC_OK, "validate after mutation");
}

/* Thin boxes 1 raw unit outside each face of the bounds: none may touch
 * the shape (the bounds are conservative). Returns the number touching. */
static int outside_bounds_hit(fc_world *w, fc_body_id id, const int32_t lo[3], const int32_t hi[3])
{
    int dims = fc_world_get_dim(w) == FC_WORLD_3D ? 3 : 2, hits = 0;
    for (int axis = 0; axis < dims; axis++)
        for (int side = 0; side < 2; side++) {
            int32_t a[3], b[3];
            for (int k = 0; k < 3; k++) {
                a[k] = lo[k] - 1;
                b[k] = hi[k] + 1;
            }
            a[axis] = side ? hi[axis] + 1 : lo[axis] - 3;
            b[axis] = side ? hi[axis] + 3 : lo[axis] - 1;
            if (dims == 2) {
                fc_shape2 box, sh;
                box.type = FC_SHAPE2_AABB;
                box.u.aabb.min = fc_vec2_make(a[0], a[1]);
                box.u.aabb.max = fc_vec2_make(b[0], b[1]);
                fc_world_get_shape2(w, id, &sh);
                hits += fc_overlap2(&box, &sh);
            } else {
                fc_shape3 box, sh;
                box.type = FC_SHAPE3_AABB;
                box.u.aabb.min = fc_vec3_make(a[0], a[1], a[2]);
                box.u.aabb.max = fc_vec3_make(b[0], b[1], b[2]);
                fc_world_get_shape3(w, id, &sh);
                hits += fc_overlap3(&box, &sh);
            }
        }
    return hits;
}

static void check_pairs(scen *s, const char *what)
{
    const fc_pair *p;
    int32_t np;
    TU_CHECK(fc_world_find_pairs(s->w, &p, &np) == FC_OK, "find pairs");
    wf_pairs want = wf_brute_pairs(s->w, s->ids, s->n);
    int same = np == want.count;
    for (int32_t i = 0; same && i < np; i++) {
        uint64_t key = ((uint64_t)p[i].a.index << 32) | p[i].b.index;
        if (g_break && i == np / 2)
            key ^= 1;
        same = key == want.keys[i] && fc_world_body_valid(s->w, p[i].a) && fc_world_body_valid(s->w, p[i].b);
    }
    TU_CHECK(same, "%s: pairs differ from brute force (%d vs %d)", what, np, want.count);
    free(want.keys);
    /* every body's bounds are the exact outward-rounded bounds */
    int32_t lo[3], hi[3];
    int64_t olo[3], ohi[3];
    long bad = 0;
    for (int32_t i = 0; i < s->n; i++) {
        fc_world_get_bounds(s->w, s->ids[i], lo, hi);
        if (fc_world_get_dim(s->w) == FC_WORLD_2D) {
            fc_shape2 sh;
            fc_world_get_shape2(s->w, s->ids[i], &sh);
            wf_bounds2(&sh, olo, ohi);
        } else {
            fc_shape3 sh;
            fc_world_get_shape3(s->w, s->ids[i], &sh);
            wf_bounds3(&sh, olo, ohi);
        }
        for (int k = 0; k < 3; k++)
            bad += lo[k] != olo[k] || hi[k] != ohi[k];
        bad += outside_bounds_hit(s->w, s->ids[i], lo, hi);
    }
    TU_CHECK(bad == 0, "%s: %ld bounds differ from the corner oracle or miss the shape", what, bad);
}

/* ---- the checksum recomputed from its documentation in world.h, with the
 * hash written out from hash.h's definition (no library hashing) */
static uint64_t doc_rotl(uint64_t x, unsigned r) { return (x << r) | (x >> (64 - r)); }

static uint64_t doc_hash(const uint64_t *w, int n)
{
    const uint64_t P1 = 0x9E3779B185EBCA87u, P2 = 0xC2B2AE3D27D4EB4Fu, P3 = 0x165667B19E3779F9u,
                   P4 = 0x85EBCA77C2B2AE63u;
    uint64_t v[4] = {P1 + P2, P2, 0, (uint64_t)0 - P1};
    for (int i = 0; i < n; i++)
        v[i % 4] = doc_rotl(v[i % 4] + w[i] * P2, 31) * P1;
    uint64_t h = doc_rotl(v[0], 1) + doc_rotl(v[1], 7) + doc_rotl(v[2], 12) + doc_rotl(v[3], 18) + (uint64_t)n * P4;
    h ^= h >> 33;
    h *= P2;
    h ^= h >> 29;
    h *= P3;
    h ^= h >> 32;
    return h;
}

/* R_i from world.h: K_k = 2^30 + ((k + 1) * 0x9E3779B9 mod 2^30), S = sum of
 * ((lo_j + K_2j) mod 2^32) * ((hi_j + K_2j+1) mod 2^32), R = ((S ^ S >> 32) * P2) | 1.
 * Written with a 64x64 product of the reduced factors and % (the library
 * uses 32-bit wrap-around and masks). */
static uint64_t doc_record_hash(const uint64_t *w, int n)
{
    uint64_t s = 0;
    for (int j = 0; j < n; j++) {
        uint64_t k0 = 0x40000000u + ((uint64_t)(2 * j + 1) * 0x9E3779B9u) % 0x40000000u;
        uint64_t k1 = 0x40000000u + ((uint64_t)(2 * j + 2) * 0x9E3779B9u) % 0x40000000u;
        uint64_t a = ((w[j] & 0xFFFFFFFFu) + k0) % 0x100000000u, b = ((w[j] >> 32) + k1) % 0x100000000u;
        s += a * b;
    }
    return ((s ^ (s >> 32)) * 0xC2B2AE3D27D4EB4Fu) | 1u;
}

static int doc_cmp_id(const void *a, const void *b)
{
    uint32_t x = ((const fc_body_id *)a)->index, y = ((const fc_body_id *)b)->index;
    return (x > y) - (x < y);
}

static uint64_t doc_checksum(const fc_world *w, const fc_body_id *ids_in, int32_t n)
{
    static fc_body_id ids[512];
    static uint64_t top[513];
    memcpy(ids, ids_in, sizeof(fc_body_id) * (size_t)n);
    qsort(ids, (size_t)n, sizeof ids[0], doc_cmp_id);
    int dim3 = fc_world_get_dim(w) == FC_WORLD_3D;
    top[0] = (uint64_t)(uint32_t)n | (uint64_t)(dim3 ? 3 : 2) << 32;
    for (int32_t i = 0; i < n; i++) {
        uint32_t f[20];
        int nf = 0;
        uint32_t type, count = 0;
        fc_filter flt;
        fc_world_get_filter(w, ids[i], &flt);
        if (!dim3) {
            fc_shape2 s;
            fc_world_get_shape2(w, ids[i], &s);
            type = (uint32_t)s.type;
            const int32_t *v = NULL;
            switch (s.type) { /* the union members are int32 fields in declaration order */
            case FC_SHAPE2_CIRCLE: v = &s.u.circle.center.x; nf = 3; break;
            case FC_SHAPE2_AABB: v = &s.u.aabb.min.x; nf = 4; break;
            case FC_SHAPE2_OBB: v = &s.u.obb.center.x; nf = 4; f[4] = s.u.obb.angle; break;
            case FC_SHAPE2_CAPSULE: v = &s.u.capsule.a.x; nf = 5; break;
            case FC_SHAPE2_POLY: v = &s.u.poly.v[0].x; nf = 2 * s.u.poly.count; count = (uint32_t)s.u.poly.count; break;
            }
            for (int k = 0; k < nf; k++)
                f[k] = (uint32_t)v[k];
            if (s.type == FC_SHAPE2_OBB)
                nf = 5;
        } else {
            fc_shape3 s;
            fc_world_get_shape3(w, ids[i], &s);
            type = (uint32_t)s.type;
            const int32_t *v = &s.u.sphere.center.x;
            nf = s.type == FC_SHAPE3_SPHERE ? 4 : s.type == FC_SHAPE3_AABB ? 6 : s.type == FC_SHAPE3_CAPSULE ? 7 : 15;
            for (int k = 0; k < nf; k++)
                f[k] = (uint32_t)v[k];
        }
        uint64_t rec[16];
        int nr = 0;
        rec[nr++] = ids[i].index | (uint64_t)ids[i].generation << 32;
        rec[nr++] = flt.category | (uint64_t)flt.mask << 32;
        rec[nr++] = type | (uint64_t)count << 32;
        for (int k = 0; k < nf; k += 2)
            rec[nr++] = f[k] | (k + 1 < nf ? (uint64_t)f[k + 1] << 32 : 0);
        top[i + 1] = doc_record_hash(rec, nr);
    }
    return doc_hash(top, n + 1);
}

/* Digest of the frame's outputs: checksum, pairs, a few queries. */
static uint64_t frame_digest(fc_world *w, uint64_t seed)
{
    const fc_pair *p;
    const fc_body_id *ids;
    int32_t np, ni;
    uint64_t h = fc_world_checksum(w);
    fc_world_find_pairs(w, &p, &np);
    h = fc_hash_pairs(h, p, np);
    uint64_t r = seed;
    for (int q = 0; q < 4; q++) {
        fc_filter f = {1u << (q % 3), q == 3 ? 0x1u : 0xFFFFFFFFu};
        if (fc_world_get_dim(w) == FC_WORLD_2D) {
            fc_shape2 s = wf_shape2(&r, 140);
            fc_world_overlap2(w, &s, f, &ids, &ni);
            h = fc_hash_ids(h, ids, ni);
            fc_world_point2(w, fc_vec2_make(wf_rand(&r, 0, 140 * WF_U), wf_rand(&r, 0, 140 * WF_U)), f, &ids, &ni);
        } else {
            fc_shape3 s = wf_shape3_cap(&r, 140);
            fc_world_overlap3(w, &s, f, &ids, &ni);
            h = fc_hash_ids(h, ids, ni);
            fc_world_point3(w, fc_vec3_make(wf_rand(&r, 0, 140 * WF_U), 4 * WF_U, wf_rand(&r, 0, 140 * WF_U)), f,
                            &ids, &ni);
        }
        h = fc_hash_ids(h, ids, ni);
    }
    return h;
}

/* Random frames with the brute-force comparison every frame. */
static void brute_force_frames(fc_world_dim dim, fc_qt_layout layout, uint64_t seed, int frames)
{
    scen s;
    memset(&s, 0, sizeof s);
    s.w = new_world(dim, layout, 7);
    s.rng = seed;
    char what[48];
    snprintf(what, sizeof what, "dim %d layout %d", (int)dim, (int)layout);
    for (int f = 0; f < frames; f++) {
        for (int m = 0; m < 30; m++)
            mutate(&s);
        check_pairs(&s, what);
        TU_CHECK(fc_world_checksum(s.w) == doc_checksum(s.w, s.ids, s.n), "%s: checksum differs from its documentation",
                 what);
    }
    const fc_pair *p;
    int32_t np;
    fc_world_find_pairs(s.w, &p, &np);
    printf("%s: %d frames, final %d bodies, %d pairs\n", what, frames, s.n, np);
    fc_world_destroy(s.w);
}

/* Worst cases, each checked against brute force after some moves: bodies
 * on the root's centre lines, all in one small cell, one huge body, bodies
 * on and beyond the broadphase bounds (the world is 128 units wide). */
static void worst_cases(void)
{
    for (int kind = 0; kind < 4; kind++)
        for (int layout = 0; layout < 2; layout++) {
            scen s;
            memset(&s, 0, sizeof s);
            s.w = new_world(FC_WORLD_2D, (fc_qt_layout)layout, 5);
            s.rng = 100 + (uint64_t)kind;
            for (int i = 0; i < 300; i++) {
                fc_body_def bd = fc_body_def_default();
                fc_circle *c = &bd.shape2.u.circle;
                int32_t r = wf_rand(&s.rng, 0, 64 * WF_U);
                c->radius = wf_rand(&s.rng, WF_U / 8, WF_U);
                if (kind == 0) /* centre lines x = 64 or y = 64 */
                    c->center = i % 2 ? fc_vec2_make(64 * WF_U, 2 * r) : fc_vec2_make(2 * r, 64 * WF_U);
                else if (kind == 1) /* one cell */
                    c->center = fc_vec2_make(wf_rand(&s.rng, 0, 2 * WF_U), wf_rand(&s.rng, 0, 2 * WF_U));
                else if (kind == 2) /* scattered, plus one huge body */
                    c->center = fc_vec2_make(2 * r, wf_rand(&s.rng, 0, 128 * WF_U));
                else /* on the bounds and up to 40 units beyond */
                    c->center = fc_vec2_make(i % 3 == 0 ? -wf_rand(&s.rng, 0, 40 * WF_U) : 128 * WF_U + wf_rand(&s.rng, -WF_U, 40 * WF_U),
                                             i % 2 ? 0 : 2 * r);
                if (kind == 2 && i == 0)
                    c->radius = 200 * WF_U;
                TU_CHECK(fc_world_create_body(s.w, &bd, &s.ids[s.n]) == FC_OK, "worst case create");
                s.n++;
            }
            char what[48];
            snprintf(what, sizeof what, "worst case %d layout %d", kind, layout);
            for (int f = 0; f < 4; f++) {
                check_pairs(&s, what);
                for (int i = 0; i < s.n; i++)
                    fc_world_translate2(s.w, s.ids[i], fc_vec2_make(wf_rand(&s.rng, -WF_U / 4, WF_U / 4), wf_rand(&s.rng, -WF_U / 4, WF_U / 4)));
                TU_CHECK(fc_world_validate(s.w) == FC_OK, "%s valid", what);
            }
            fc_qt_stats st = fc_world_broadphase_stats(s.w);
            if (kind == 0 && layout == FC_QT_LOOSE)
                TU_CHECK(st.root_items == 0, "loose layout: centre-line bodies not in the root (%d)", st.root_items);
            fc_world_destroy(s.w);
        }
}

/* Same final contents reached by different histories (and layouts). */
static void history_independence(fc_world_dim dim)
{
    enum { N = 300 };
    fc_world *w[3] = {new_world(dim, FC_QT_LOOSE, 1), new_world(dim, FC_QT_LOOSE, 1), new_world(dim, FC_QT_STRICT, 1)};
    static fc_body_def final_defs[N];
    uint64_t r = 42;
    scen tmp;
    tmp.rng = 99;
    for (int i = 0; i < N; i++) {
        tmp.w = w[0];
        final_defs[i] = random_def(&tmp);
    }
    for (int v = 0; v < 3; v++) {
        fc_body_id ids[N];
        for (int i = 0; i < N; i++) {
            fc_body_def bd = final_defs[i];
            if (v == 1) { /* start somewhere else */
                if (dim == FC_WORLD_2D)
                    bd.shape2 = wf_shape2(&r, 140);
                else
                    bd.shape3 = wf_shape3_cap(&r, 140);
                bd.filter.mask = 0;
            }
            fc_world_create_body(w[v], &bd, &ids[i]);
        }
        if (v == 1) { /* wander, then land on the final contents in reverse order */
            for (int k = 0; k < 3000; k++) {
                int i = (int)(tu_rand64(&r) % N);
                if (dim == FC_WORLD_2D)
                    fc_world_translate2(w[v], ids[i], fc_vec2_make(wf_rand(&r, -8 * WF_U, 8 * WF_U), wf_rand(&r, -8 * WF_U, 8 * WF_U)));
                else
                    fc_world_translate3(w[v], ids[i], fc_vec3_make(wf_rand(&r, -8 * WF_U, 8 * WF_U), 0, wf_rand(&r, -8 * WF_U, 8 * WF_U)));
            }
            for (int i = N - 1; i >= 0; i--) {
                if (dim == FC_WORLD_2D)
                    fc_world_set_shape2(w[v], ids[i], &final_defs[i].shape2);
                else
                    fc_world_set_shape3(w[v], ids[i], &final_defs[i].shape3);
                fc_world_set_filter(w[v], ids[i], final_defs[i].filter);
            }
        }
        TU_CHECK(fc_world_validate(w[v]) == FC_OK, "history variant %d valid", v);
    }
    uint64_t d0 = frame_digest(w[0], 5), d1 = frame_digest(w[1], 5), d2 = frame_digest(w[2], 5);
    TU_CHECK(d0 == d1 && d0 == d2, "dim %d: history/layout changed the outputs (%llx %llx %llx)", (int)dim,
             (unsigned long long)d0, (unsigned long long)d1, (unsigned long long)d2);
    TU_CHECK(fc_world_checksum(w[0]) == fc_world_checksum(w[1]), "checksums equal");
    for (int v = 0; v < 3; v++)
        fc_world_destroy(w[v]);
}

/* Run frames [0, frames) from state s, recording digests. */
static void run_frames(scen *s, int frames, uint64_t *digest)
{
    for (int f = 0; f < frames; f++) {
        for (int m = 0; m < 10; m++)
            mutate(s);
        digest[f] = frame_digest(s->w, (uint64_t)f);
    }
}

static void snapshot_restore(fc_world_dim dim)
{
    enum { F = 20 };
    scen s;
    memset(&s, 0, sizeof s);
    s.w = new_world(dim, FC_QT_LOOSE, 3);
    s.rng = 1234;
    uint64_t before[F], after[F], fresh[F];
    run_frames(&s, 15, before);
    size_t size = 0;
    TU_CHECK(fc_world_snapshot(s.w, NULL, 0, &size) == FC_OK && size > 0, "snapshot size");
    unsigned char *blob = (unsigned char *)malloc(size);
    size_t got = 0;
    TU_CHECK(fc_world_snapshot(s.w, blob, size - 1, &got) == FC_ERR_BUFFER, "short buffer rejected");
    TU_CHECK(fc_world_snapshot(s.w, blob, size, &got) == FC_OK && got == size, "snapshot");
    TU_CHECK(size <= (size_t)64 * (size_t)s.n + 256, "size %zu for %d bodies", size, s.n);
    scen saved = s;
    run_frames(&s, F, before); /* diverge */
    TU_CHECK(fc_world_restore(s.w, blob, size) == FC_OK, "restore");
    TU_CHECK(fc_world_validate(s.w) == FC_OK, "restored world valid");
    scen again = saved;
    again.w = s.w;
    run_frames(&again, F, after);
    /* and into a fresh world of the other layout and tag */
    scen other = saved;
    other.w = new_world(dim == FC_WORLD_2D ? FC_WORLD_3D : FC_WORLD_2D, FC_QT_STRICT, 99);
    TU_CHECK(fc_world_restore(other.w, blob, size) == FC_OK, "restore into another world");
    run_frames(&other, F, fresh);
    int same = 1;
    for (int f = 0; f < F; f++)
        same &= before[f] == after[f] && before[f] == fresh[f];
    TU_CHECK(same, "dim %d: future after restore differs", (int)dim);

    /* corrupted blobs: every byte flipped, every truncation; target unchanged */
    uint64_t sum = fc_world_checksum(other.w);
    long accepted = 0;
    for (size_t i = 0; i < size; i++) {
        blob[i] ^= 0x20;
        accepted += fc_world_restore(other.w, blob, size) == FC_OK;
        blob[i] ^= 0x20;
    }
    for (size_t len = 0; len < size; len += 1 + len / 16)
        accepted += fc_world_restore(other.w, blob, len) == FC_OK;
    TU_CHECK(accepted == 0, "%ld corrupted blobs accepted", accepted);
    /* well-sealed blobs with one bad field each: tests/test_snapshot.c */
    TU_CHECK(fc_world_checksum(other.w) == sum && fc_world_validate(other.w) == FC_OK, "target unchanged");
    TU_CHECK(fc_world_restore(other.w, blob, size) == FC_OK, "the repaired blob restores");
    free(blob);
    fc_world_destroy(s.w);
    fc_world_destroy(other.w);
}

static void ids_and_errors(void)
{
    fc_world *w = new_world(FC_WORLD_2D, FC_QT_LOOSE, 11), *w2 = new_world(FC_WORLD_2D, FC_QT_LOOSE, 12);
    fc_body_def bd = fc_body_def_default();
    fc_body_id a, b, c, x;
    fc_world_create_body(w, &bd, &a);
    fc_world_create_body(w, &bd, &b);
    fc_world_create_body(w2, &bd, &x);
    TU_CHECK(a.index == 0 && b.index == 1 && a.generation == 1 && a.world == 11, "first ids");
    TU_CHECK(fc_world_destroy_body(w, a) == FC_OK, "destroy");
    TU_CHECK(fc_world_destroy_body(w, a) == FC_ERR_STALE_ID, "double destroy");
    TU_CHECK(fc_world_translate2(w, a, fc_vec2_make(1, 1)) == FC_ERR_STALE_ID, "stale move");
    TU_CHECK(fc_world_translate2(w, x, fc_vec2_make(1, 1)) == FC_ERR_STALE_ID, "foreign id");
    fc_body_id zero = {0, 0, 0}, far = {1000, 1, 11};
    TU_CHECK(!fc_world_body_valid(w, zero) && !fc_world_body_valid(w, far), "zero / unissued ids");
    fc_world_create_body(w, &bd, &c);
    TU_CHECK(c.index == 0 && c.generation == 2 && !fc_world_body_valid(w, a), "slot reused, old id stale");

    /* out-of-range pose/size: rejected, body unchanged */
    uint64_t sum = fc_world_checksum(w);
    TU_CHECK(fc_world_translate2(w, b, fc_vec2_make(FC_COORD_LIMIT + 1, 0)) == FC_ERR_RANGE, "move out of range");
    fc_shape2 big = bd.shape2;
    big.u.circle.radius = FC_SIZE_LIMIT + 1;
    TU_CHECK(fc_world_set_shape2(w, b, &big) == FC_ERR_SIZE, "too large");
    big.u.circle.radius = -1;
    TU_CHECK(fc_world_set_shape2(w, b, &big) == FC_ERR_SIZE, "negative");
    big = bd.shape2;
    big.type = FC_SHAPE2_OBB;
    big.u.obb.half = fc_vec2_make(WF_U, WF_U);
    big.u.obb.angle = 100;
    TU_CHECK(fc_world_set_shape2(w, b, &big) == FC_ERR_ROTATION, "rot inconsistent with angle");
    TU_CHECK(fc_world_set_angle2(w, b, 5) == FC_ERR_SHAPE_TYPE, "angle of a circle");
    fc_shape3 s3 = bd.shape3;
    TU_CHECK(fc_world_set_shape3(w, b, &s3) == FC_ERR_SHAPE_TYPE, "3D shape in a 2D world");
    TU_CHECK(fc_world_checksum(w) == sum && fc_world_validate(w) == FC_OK, "unchanged after errors");

    /* filter semantics */
    fc_world *f = new_world(FC_WORLD_2D, FC_QT_LOOSE, 1);
    fc_body_id p, q, r;
    bd.filter.category = 0x1;
    bd.filter.mask = 0x2;
    fc_world_create_body(f, &bd, &p);
    bd.filter.category = 0x2;
    bd.filter.mask = 0x1;
    fc_world_create_body(f, &bd, &q);
    bd.filter.category = 0x2;
    bd.filter.mask = 0x2;
    fc_world_create_body(f, &bd, &r);
    const fc_pair *pairs;
    int32_t np;
    fc_world_find_pairs(f, &pairs, &np);
    TU_CHECK(np == 1 && pairs[0].a.index == p.index && pairs[0].b.index == q.index,
             "only p-q pass both directions (got %d)", np);
    const fc_body_id *ids;
    int32_t ni;
    fc_filter qf = {0x1, 0x2};
    fc_world_point2(f, fc_vec2_make(0, 0), qf, &ids, &ni);
    TU_CHECK(ni == 1 && ids[0].index == q.index, "query filter: category/mask both ways (got %d)", ni);
    fc_world_destroy(f);
    fc_world_destroy(w);
    fc_world_destroy(w2);
}

/* W1-like steady state: bodies oscillate; after warm-up no frame allocates. */
static void no_alloc_steady_state(void)
{
    wf_counter cnt = {0, 0, 0};
    fc_world_def d = fc_world_def_default();
    d.alloc = wf_allocator(&cnt);
    fc_world *w;
    fc_world_create(&d, &w);
    enum { N = 2000 };
    static fc_body_id ids[N];
    uint64_t r = 77;
    for (int i = 0; i < N; i++) {
        fc_body_def bd = fc_body_def_default();
        bd.shape2.type = FC_SHAPE2_AABB;
        fix16_t cx = wf_rand(&r, 0, 1000 * WF_U), cy = wf_rand(&r, 0, 1000 * WF_U);
        fix16_t hx = wf_rand(&r, WF_U / 2, 2 * WF_U), hy = wf_rand(&r, WF_U / 2, 2 * WF_U);
        bd.shape2.u.aabb.min = fc_vec2_make(cx - hx, cy - hy);
        bd.shape2.u.aabb.max = fc_vec2_make(cx + hx, cy + hy);
        fc_world_create_body(w, &bd, &ids[i]);
    }
    long before = 0;
    for (int f = 0; f < 40; f++) {
        if (f == 10)
            before = cnt.allocs;
        fix16_t d0 = (f % 2 ? 1 : -1) * 3 * WF_U;
        for (int i = 0; i < N; i++)
            fc_world_translate2(w, ids[i], fc_vec2_make(d0, -d0));
        const fc_pair *p;
        const fc_body_id *q;
        int32_t np, nq;
        fc_world_find_pairs(w, &p, &np);
        fc_shape2 area = fc_body_def_default().shape2;
        area.u.circle.center = fc_vec2_make(500 * WF_U, 500 * WF_U);
        area.u.circle.radius = 50 * WF_U;
        fc_world_overlap2(w, &area, fc_filter_default(), &q, &nq);
        fc_world_point2(w, fc_vec2_make(500 * WF_U, 500 * WF_U), fc_filter_default(), &q, &nq);
        fc_ray2 ray = {fc_vec2_make(0, 500 * WF_U), fc_vec2_make(1000 * WF_U, 3 * WF_U)};
        const fc_ray_hit *hits;
        fc_ray_hit first;
        int hit;
        fc_world_raycast2_all(w, &ray, fc_filter_default(), &hits, &nq);
        fc_world_raycast2(w, &ray, fc_filter_default(), &first, &hit);
        fc_world_checksum(w);
    }
    TU_CHECK(cnt.allocs == before, "steady-state frames allocated %ld times", cnt.allocs - before);
    fc_world_destroy(w);
    TU_CHECK(cnt.live_bytes == 0 && cnt.allocs == cnt.frees, "everything freed (%ld bytes left)", cnt.live_bytes);
}

/* World pairs of a sphere and an OBB3 (axes given explicitly) are exact:
 * touching counts, 1 raw apart does not - on a face, an edge and a corner,
 * distances from Pythagorean triples so the expectation is exact integers. */
static int sphere_obb3_pairs(fc_vec3 sc, fix16_t r, const fc_obb3 *o)
{
    fc_world_def d = fc_world_def_default();
    d.dim = FC_WORLD_3D;
    fc_world *w;
    fc_body_def a = fc_body_def_default(), b = fc_body_def_default();
    fc_body_id ia, ib;
    memset(&a.shape3, 0, sizeof a.shape3);
    memset(&b.shape3, 0, sizeof b.shape3);
    a.shape3.type = FC_SHAPE3_SPHERE;
    a.shape3.u.sphere.center = sc;
    a.shape3.u.sphere.radius = r;
    b.shape3.type = FC_SHAPE3_OBB;
    b.shape3.u.obb = *o;
    const fc_pair *p;
    int32_t n = -1;
    if (fc_world_create(&d, &w) != FC_OK)
        return -1;
    if (fc_world_create_body(w, &a, &ia) != FC_OK || fc_world_create_body(w, &b, &ib) != FC_OK ||
        fc_world_find_pairs(w, &p, &n) != FC_OK)
        n = -1;
    fc_world_destroy(w);
    return (int)n;
}

static void sphere_obb3_exact(void)
{
    const int32_t U = 65536;
    fc_vec3 c = {100 * U, 5 * U, 100 * U}, h = {3 * U, 2 * U, U};
    fc_vec3 ax = {U, 0, 0}, ay = {0, U, 0}, az = {0, 0, U};
    fc_obb3 o;
    TU_CHECK(fc_obb3_from_axes(c, h, ax, ay, az, &o) == FC_OK, "obb3");
    fix16_t r = 2 * U + 7;
    for (int dd = -1; dd <= 1; dd++) {
        fc_vec3 face = {c.x + h.x + r + dd, c.y, c.z};                   /* centre distance h.x + r + dd */
        fc_vec3 edge = {c.x + h.x + 3 * U, c.y + h.y + 4 * U, c.z};       /* 5 units from the edge */
        fc_vec3 corner = {c.x + h.x + 2 * U, c.y + h.y + 3 * U, c.z + h.z + 6 * U}; /* 7 from the corner */
        TU_CHECK(sphere_obb3_pairs(face, r, &o) == (dd <= 0), "face, %d raw: wrong pair count", dd);
        TU_CHECK(sphere_obb3_pairs(edge, 5 * U + dd, &o) == (dd >= 0), "edge, radius %+d raw", dd);
        TU_CHECK(sphere_obb3_pairs(corner, 7 * U + dd, &o) == (dd >= 0), "corner, radius %+d raw", dd);
    }
}

/* Usage: test_world [--break] [--scale PERCENT] (frames of the random
 * scenarios, default 100%). */
int main(int argc, char **argv)
{
    int scale = 100;
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--break") == 0)
            g_break = 1;
        else if (strcmp(argv[a], "--scale") == 0 && a + 1 < argc)
            scale = atoi(argv[++a]);
    }
    brute_force_frames(FC_WORLD_2D, FC_QT_LOOSE, 1, 150 * scale / 100);
    brute_force_frames(FC_WORLD_2D, FC_QT_STRICT, 2, 100 * scale / 100);
    brute_force_frames(FC_WORLD_3D, FC_QT_LOOSE, 3, 120 * scale / 100);
    worst_cases();
    sphere_obb3_exact();
    history_independence(FC_WORLD_2D);
    history_independence(FC_WORLD_3D);
    snapshot_restore(FC_WORLD_2D);
    snapshot_restore(FC_WORLD_3D);
    ids_and_errors();
    no_alloc_steady_state();
    return tu_finish("world");
}
