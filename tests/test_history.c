/* SPDX-License-Identifier: MIT */
/* The frame-history ring (fixcol/history.h), a property test.
 *
 * A reference run plays F random frames of a 2D or 3D world: moves (many
 * per body and frame), creates (every shape type, free slots reused),
 * destroys, shape / angle / filter / user-data changes in random order
 * (3D: spheres, AABB3s and capsule3s),
 * then find_pairs with its events, an overlap query and a ray, and a
 * save. Each frame's outputs (every status and id returned, pairs, events,
 * queries) are hashed; its checksum and snapshot bytes are kept.
 * Then the run under test plays the same frames (a frame's operations are
 * a function of (seed, frame) and the world's contents, so equal states
 * replay equal frames) and, at random frames, rolls back by a random k
 * (0..depth, and now and then k > depth: FC_ERR_RANGE, nothing changed),
 * re-simulates and must reproduce, frame by frame, the reference's
 * checksum, snapshot bytes and output hash; fc_world_validate after every
 * rollback. A third world restored from the reference snapshot of the
 * rollback's target frame re-simulates the same frames and must agree too.
 * Also: a small ring drops its oldest frames (depth shrinks, rollback past
 * it FC_ERR_RANGE); a frame larger than the ring overflows (save
 * FC_ERR_CAPACITY, rollback FC_ERR_CAPACITY, the world unchanged); argument
 * errors; fc_world_restore empties the history.
 * Built with -DFC_HISTORY_BREAK (history_ring.c drops one change) the
 * same test must fail: the should-fail twin. */
#include <fixcol/fixcol.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FRAMES 240
#define MAXB 96

static int g_fail;
#define CHECK(c)                                                                                                      \
    do {                                                                                                              \
        if (!(c)) {                                                                                                   \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, #c);                                                   \
            g_fail = 1;                                                                                               \
        }                                                                                                             \
    } while (0)

static uint64_t mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

static uint32_t rnd(uint64_t *s, uint32_t n)
{
    *s = mix(*s + 0x9E3779B97F4A7C15ULL);
    return (uint32_t)(*s % n);
}

static uint64_t h_add(uint64_t h, uint64_t v)
{
    return mix(h ^ v) + 0x632BE59BD9B4E019ULL;
}

static uint64_t h_id(uint64_t h, fc_body_id id)
{
    return h_add(h, (uint64_t)id.index | (uint64_t)id.generation << 32);
}

static fix16_t units(uint64_t *s, int32_t lo, int32_t hi)
{
    return (fix16_t)(lo * 65536 + (int32_t)rnd(s, (uint32_t)(hi - lo) * 65536u));
}

static void random_shape2(uint64_t *s, fc_shape2 *sh)
{
    const fc_vec2 c = {units(s, 10, 200), units(s, 10, 200)};
    memset(sh, 0, sizeof *sh);
    switch (rnd(s, 5)) {
    case 0:
        sh->type = FC_SHAPE2_CIRCLE;
        sh->u.circle = fc_circle_make(c, units(s, 1, 6));
        break;
    case 1:
        sh->type = FC_SHAPE2_AABB;
        sh->u.aabb = fc_aabb2_make(c, (fc_vec2){c.x + units(s, 1, 8), c.y + units(s, 1, 8)});
        break;
    case 2:
        sh->type = FC_SHAPE2_OBB;
        sh->u.obb = fc_obb2_make(c, (fc_vec2){units(s, 1, 5), units(s, 1, 5)}, (fc_angle)rnd(s, 65536));
        break;
    case 3:
        sh->type = FC_SHAPE2_CAPSULE;
        sh->u.capsule = fc_capsule2_make(c, (fc_vec2){c.x + units(s, 1, 6), c.y + units(s, 0, 6)}, units(s, 1, 3));
        break;
    default: {
        const fc_vec2 v[3] = {c, {c.x + units(s, 2, 6), c.y}, {c.x, c.y + units(s, 2, 6)}};
        sh->type = FC_SHAPE2_POLY;
        sh->u.poly = fc_poly2_make(v, 3);
        break;
    }
    }
}

static void random_shape3(uint64_t *s, fc_shape3 *sh)
{
    const fc_vec3 c = {units(s, 10, 200), units(s, -5, 5), units(s, 10, 200)};
    memset(sh, 0, sizeof *sh);
    const uint32_t k = rnd(s, 4);
    if (k == 0) {
        sh->type = FC_SHAPE3_AABB;
        (void)fc_aabb3_make(c, (fc_vec3){c.x + units(s, 1, 8), c.y + units(s, 1, 8), c.z + units(s, 1, 8)},
                            &sh->u.aabb);
    } else if (k == 1) { /* a big shape: its records carry the whole capsule */
        sh->type = FC_SHAPE3_CAPSULE;
        (void)fc_capsule3_make(c, (fc_vec3){c.x + units(s, -6, 6), c.y + units(s, 0, 6), c.z + units(s, -6, 6)},
                               units(s, 0, 3), &sh->u.capsule);
    } else {
        sh->type = FC_SHAPE3_SPHERE;
        (void)fc_sphere_make(c, units(s, 1, 6), &sh->u.sphere);
    }
}

/* The live ids of w in index order (a full-world point-free overlap). */
static int32_t live_ids(fc_world *w, fc_body_id *out)
{
    int32_t n = 0;
    const fc_body_id *ids;
    fc_filter all = {0xFFFFFFFFu, 0xFFFFFFFFu};
    if (fc_world_get_dim(w) == FC_WORLD_2D) {
        fc_shape2 q;
        q.type = FC_SHAPE2_AABB;
        q.u.aabb = fc_aabb2_make((fc_vec2){-1000 * 65536, -1000 * 65536}, (fc_vec2){1000 * 65536, 1000 * 65536});
        if (fc_world_overlap2(w, &q, all, &ids, &n) != FC_OK)
            return -1;
    } else {
        fc_shape3 q;
        q.type = FC_SHAPE3_AABB;
        (void)fc_aabb3_make((fc_vec3){-1000 * 65536, -1000 * 65536, -1000 * 65536},
                            (fc_vec3){1000 * 65536, 1000 * 65536, 1000 * 65536}, &q.u.aabb);
        if (fc_world_overlap3(w, &q, all, &ids, &n) != FC_OK)
            return -1;
    }
    if (n > 0) /* ids may be NULL for an empty result */
        memcpy(out, ids, sizeof *ids * (size_t)n);
    return n;
}

/* Frame f of the scenario on w: its outputs' hash. */
static uint64_t play_frame(fc_world *w, uint64_t seed, int f)
{
    uint64_t s = mix(seed * 1000003u + (uint64_t)f), h = (uint64_t)f;
    const int dim2 = fc_world_get_dim(w) == FC_WORLD_2D;
    fc_body_id ids[MAXB + 8];
    int32_t n = live_ids(w, ids);
    h = h_add(h, (uint64_t)(int64_t)n);
    const int ops = 4 + (int)rnd(&s, 40);
    for (int op = 0; op < ops && n > 0; op++) {
        const fc_body_id id = ids[rnd(&s, (uint32_t)n)];
        fc_status st = FC_OK;
        switch (rnd(&s, 16)) {
        case 0: case 1: case 2: case 3: case 4: case 5: case 6:
            if (dim2)
                st = fc_world_translate2(w, id, (fc_vec2){units(&s, -3, 3), units(&s, -3, 3)});
            else
                st = fc_world_translate3(w, id, (fc_vec3){units(&s, -3, 3), units(&s, -1, 1), units(&s, -3, 3)});
            break;
        case 7: {
            fc_body_def bd = fc_body_def_default();
            if (dim2)
                random_shape2(&s, &bd.shape2);
            else
                random_shape3(&s, &bd.shape3);
            bd.user_data = rnd(&s, 4);
            fc_body_id nid = {0, 0, 0};
            if (n < MAXB) {
                st = fc_world_create_body(w, &bd, &nid);
                h = h_id(h, nid);
                if (st == FC_OK)
                    ids[n++] = nid; /* may be moved again this frame */
            }
            break;
        }
        case 8: case 9:
            st = fc_world_destroy_body(w, id);
            break;
        case 10: {
            fc_shape2 s2;
            fc_shape3 s3;
            if (dim2) {
                random_shape2(&s, &s2);
                st = fc_world_set_shape2(w, id, &s2);
            } else {
                random_shape3(&s, &s3);
                st = fc_world_set_shape3(w, id, &s3);
            }
            break;
        }
        case 11: st = dim2 ? fc_world_set_angle2(w, id, (fc_angle)rnd(&s, 65536)) : FC_OK; break;
        case 12: st = fc_world_set_filter(w, id, (fc_filter){1u << rnd(&s, 3), 0xFFFFFFFFu ^ (1u << rnd(&s, 3))}); break;
        case 13: st = fc_world_set_user_data(w, id, mix(s)); break;
        default: { /* a move after another change of the same body */
            fc_filter fl = {1u, 0xFFFFFFFFu};
            st = fc_world_set_filter(w, id, fl);
            if (dim2)
                st = st * 31 + fc_world_translate2(w, id, (fc_vec2){units(&s, -2, 2), 0});
            break;
        }
        }
        h = h_add(h, (uint64_t)(int64_t)st);
    }
    if (rnd(&s, 4) == 0 || n == 0) { /* keep the world populated */
        fc_body_def bd = fc_body_def_default();
        if (dim2)
            random_shape2(&s, &bd.shape2);
        else
            random_shape3(&s, &bd.shape3);
        fc_body_id nid;
        h = h_add(h, (uint64_t)(int64_t)fc_world_create_body(w, &bd, &nid));
        h = h_id(h, nid);
    }
    const fc_pair *p, *b, *e;
    int32_t np, nb, ne;
    h = h_add(h, (uint64_t)(int64_t)fc_world_find_pairs(w, &p, &np));
    h = fc_hash_pairs(h, p, np);
    h = h_add(h, (uint64_t)(int64_t)fc_world_pair_events(w, &b, &nb, &e, &ne));
    h = fc_hash_pairs(fc_hash_pairs(h_add(h, (uint64_t)nb), b, nb), e, ne);
    const fc_body_id *q;
    int32_t nq = 0;
    fc_filter all = fc_filter_default();
    if (dim2) {
        fc_shape2 area;
        area.type = FC_SHAPE2_CIRCLE;
        area.u.circle = fc_circle_make((fc_vec2){units(&s, 20, 180), units(&s, 20, 180)}, units(&s, 10, 40));
        h = h_add(h, (uint64_t)(int64_t)fc_world_overlap2(w, &area, all, &q, &nq));
        h = fc_hash_ids(h, q, nq);
        fc_ray2 ray = {{units(&s, 0, 200), 0}, {0, 200 * 65536}};
        fc_ray_hit hit;
        int got = 0;
        h = h_add(h, (uint64_t)(int64_t)fc_world_raycast2(w, &ray, all, &hit, &got));
        if (got)
            h = fc_hash_ray_hits(h, &hit, 1);
    } else {
        h = h_add(h, (uint64_t)(int64_t)fc_world_point3(w, (fc_vec3){units(&s, 20, 180), 0, units(&s, 20, 180)},
                                                        all, &q, &nq));
        h = fc_hash_ids(h, q, nq);
    }
    return h;
}

typedef struct frame_ref {
    uint64_t out, sum;
    unsigned char *snap;
    size_t size;
} frame_ref;

static unsigned char *take_snapshot(const fc_world *w, size_t *size)
{
    fc_world_snapshot(w, NULL, 0, size);
    unsigned char *b = (unsigned char *)malloc(*size);
    if (b == NULL || fc_world_snapshot(w, b, *size, size) != FC_OK) {
        fprintf(stderr, "snapshot failed\n");
        exit(2);
    }
    return b;
}

static int same_state(const fc_world *w, const frame_ref *r)
{
    size_t n;
    unsigned char *b = take_snapshot(w, &n);
    const int same = n == r->size && memcmp(b, r->snap, n) == 0 && fc_world_checksum(w) == r->sum;
    free(b);
    return same;
}

static fc_world *new_world(fc_world_dim dim)
{
    fc_world_def d = fc_world_def_default();
    d.dim = dim;
    d.max_depth = 4;
    fc_world *w = NULL;
    if (fc_world_create(&d, &w) != FC_OK)
        exit(2);
    return w;
}

/* ref[0] = the empty world, ref[f + 1] = after frame f. */
static void reference(fc_world_dim dim, uint64_t seed, frame_ref *ref)
{
    fc_world *w = new_world(dim);
    ref[0].snap = take_snapshot(w, &ref[0].size);
    ref[0].sum = fc_world_checksum(w);
    for (int f = 0; f < FRAMES; f++) {
        ref[f + 1].out = play_frame(w, seed, f);
        ref[f + 1].sum = fc_world_checksum(w);
        ref[f + 1].snap = take_snapshot(w, &ref[f + 1].size);
    }
    fc_world_destroy(w);
}

/* The run with rollbacks (ring of `frames`); returns rollbacks done. */
static int rollback_run(fc_world_dim dim, uint64_t seed, const frame_ref *ref, int32_t frames, int32_t bytes)
{
    fc_world *w = new_world(dim);
    CHECK(fc_world_history_begin(w, frames, bytes) == FC_OK);
    uint64_t s = mix(seed ^ 0xABCDEFu);
    int f = 0, rollbacks = 0, resim_to = 0;
    while (f < FRAMES) {
        const uint64_t out = play_frame(w, seed, f);
        if (out != ref[f + 1].out || !same_state(w, &ref[f + 1])) {
            fprintf(stderr, "dim %d seed %llu frame %d%s differs from the reference\n", (int)dim,
                    (unsigned long long)seed, f, f < resim_to ? " (re-simulated)" : "");
            g_fail = 1;
            break;
        }
        CHECK(fc_world_history_save(w) == FC_OK);
        f++;
        if (rnd(&s, 5) != 0)
            continue;
        if (rnd(&s, 3) == 0) /* changes after the save, undone by the rollback */
            (void)play_frame(w, seed ^ 77u, f);
        fc_history_stats hs;
        CHECK(fc_world_history_stats(w, &hs) == FC_OK);
        if (rnd(&s, 8) == 0 && hs.overflowed == 0) { /* past the ring: refused, nothing changed */
            const uint64_t sum = fc_world_checksum(w);
            CHECK(fc_world_history_rollback(w, hs.depth + 1 + (int32_t)rnd(&s, 3)) == FC_ERR_RANGE);
            CHECK(fc_world_history_rollback(w, -1) == FC_ERR_RANGE);
            CHECK(fc_world_checksum(w) == sum && fc_world_validate(w) == FC_OK);
        }
        if (hs.overflowed) { /* the open frame outgrew the ring */
            CHECK(fc_world_history_rollback(w, 0) == FC_ERR_CAPACITY);
            fc_world_destroy(w);
            return rollbacks;
        }
        const int32_t k = (int32_t)rnd(&s, (uint32_t)hs.depth + 1);
        CHECK(fc_world_history_rollback(w, k) == FC_OK);
        CHECK(fc_world_validate(w) == FC_OK);
        f -= k;
        if (!same_state(w, &ref[f])) {
            fprintf(stderr, "dim %d seed %llu: rollback by %d to frame %d differs\n", (int)dim,
                    (unsigned long long)seed, (int)k, f);
            g_fail = 1;
            break;
        }
        fc_history_stats after;
        CHECK(fc_world_history_stats(w, &after) == FC_OK && after.depth == hs.depth - k && after.open == 0);
        /* the same frames from a full snapshot of the target */
        if (k > 0 && rnd(&s, 2) == 0) {
            fc_world *r = new_world(dim);
            CHECK(fc_world_restore(r, ref[f].snap, ref[f].size) == FC_OK);
            for (int g = f; g < f + k; g++)
                if (play_frame(r, seed, g) != ref[g + 1].out || !same_state(r, &ref[g + 1])) {
                    fprintf(stderr, "restored run: frame %d differs\n", g);
                    g_fail = 1;
                    break;
                }
            fc_world_destroy(r);
        }
        resim_to = f + k;
        rollbacks++;
    }
    fc_world_destroy(w);
    return rollbacks;
}

static void property(fc_world_dim dim, uint64_t seed)
{
    frame_ref *ref = (frame_ref *)calloc(FRAMES + 1, sizeof *ref);
    if (ref == NULL)
        exit(2);
    reference(dim, seed, ref);
    int n = rollback_run(dim, seed, ref, 10, 1 << 20);
    n += rollback_run(dim, seed, ref, 3, 1 << 16);
    n += rollback_run(dim, seed, ref, 64, 8192); /* the bytes bound the depth */
    if (n < 60) {
        fprintf(stderr, "only %d rollbacks\n", n);
        g_fail = 1;
    }
    for (int f = 0; f <= FRAMES; f++)
        free(ref[f].snap);
    free(ref);
}

/* Depth bounded by bytes, overflow, argument errors, restore. */
static void limits(void)
{
    fc_world *w = new_world(FC_WORLD_2D);
    CHECK(fc_world_history_save(w) == FC_ERR_ARGUMENT);
    CHECK(fc_world_history_rollback(w, 0) == FC_ERR_ARGUMENT);
    CHECK(fc_world_history_begin(w, 0, 4096) == FC_ERR_ARGUMENT);
    CHECK(fc_world_history_begin(w, 4097, 4096) == FC_ERR_ARGUMENT);
    CHECK(fc_world_history_begin(w, 4, 4095) == FC_ERR_ARGUMENT);
    CHECK(fc_world_history_begin(NULL, 4, 4096) == FC_ERR_NULL);
    CHECK(fc_world_history_save(NULL) == FC_ERR_NULL);
    CHECK(fc_world_history_rollback(NULL, 0) == FC_ERR_NULL);
    CHECK(fc_world_history_begin(w, 4, 4096) == FC_OK);
    fc_body_def bd = fc_body_def_default();
    fc_body_id ids[400];
    for (int i = 0; i < 400; i++) /* 400 creates: 400 words of NEW records, fits */
        CHECK(fc_world_create_body(w, &bd, &ids[i]) == FC_OK);
    CHECK(fc_world_history_save(w) == FC_OK);
    size_t n0;
    unsigned char *s0 = take_snapshot(w, &n0);
    frame_ref r0 = {0, fc_world_checksum(w), s0, n0};
    for (int i = 0; i < 400; i++) /* 400 moves of 12 bytes: 4800 > 4096 */
        CHECK(fc_world_translate2(w, ids[i], (fc_vec2){65536, 0}) == FC_OK);
    fc_history_stats hs;
    CHECK(fc_world_history_stats(w, &hs) == FC_OK && hs.overflowed == 1 && hs.depth == 0);
    const uint64_t moved = fc_world_checksum(w);
    CHECK(fc_world_history_rollback(w, 0) == FC_ERR_CAPACITY);
    CHECK(fc_world_checksum(w) == moved);
    CHECK(fc_world_history_save(w) == FC_ERR_CAPACITY); /* the history restarts here */
    CHECK(fc_world_checksum(w) == moved);
    CHECK(fc_world_history_stats(w, &hs) == FC_OK && hs.overflowed == 0 && hs.depth == 0);
    CHECK(fc_world_translate2(w, ids[0], (fc_vec2){65536, 0}) == FC_OK);
    CHECK(fc_world_history_rollback(w, 0) == FC_OK && fc_world_checksum(w) == moved);
    /* the depth is bounded by the bytes: 100 moves (1200 bytes) a frame */
    for (int f = 0; f < 6; f++) {
        for (int i = 0; i < 100; i++)
            CHECK(fc_world_translate2(w, ids[i], (fc_vec2){0, 65536}) == FC_OK);
        CHECK(fc_world_history_save(w) == FC_OK);
    }
    CHECK(fc_world_history_stats(w, &hs) == FC_OK && hs.depth == 3 && hs.last_save == 1200);
    CHECK(fc_world_history_rollback(w, 4) == FC_ERR_RANGE);
    /* a restore empties the history: its state is the new base */
    CHECK(fc_world_restore(w, r0.snap, r0.size) == FC_OK);
    CHECK(fc_world_history_stats(w, &hs) == FC_OK && hs.depth == 0 && hs.used == 0);
    CHECK(fc_world_destroy_body(w, ids[5]) == FC_OK);
    CHECK(fc_world_history_rollback(w, 0) == FC_OK && same_state(w, &r0));
    fc_world_history_end(w);
    CHECK(fc_world_history_stats(w, &hs) == FC_ERR_ARGUMENT);
    free(s0);
    fc_world_destroy(w);
}

int main(int argc, char **argv)
{
    int seeds = argc > 1 ? atoi(argv[1]) : 4;
    limits();
    for (int i = 0; i < seeds; i++) {
        property(FC_WORLD_2D, (uint64_t)i + 1);
        property(FC_WORLD_3D, (uint64_t)i + 101);
    }
    if (g_fail) {
        fprintf(stderr, "test_history: FAILED\n");
        return 1;
    }
    printf("test_history: %d seeds x 2D/3D, %d frames each: every rollback reproduced the reference\n", seeds, FRAMES);
    return 0;
}
