/* SPDX-License-Identifier: MIT */
/* Format 4 operations against independent recomputation: runs format 4
 * replays through the runner and checks every new operation with what
 * docs/replay-format.md defines, from the stateless tier and brute force:
 *   - pairs: the pair list by brute force (every two live bodies, as the
 *     runner's live ids say, passing the filter rule, fc_overlap2 /
 *     fc_overlap3 of their shapes, in (a, b) index order) and its events
 *     as set differences with the previous finding (the previous in-frame
 *     one, the previous frame's own, or the list right after a restore),
 *     hashed as documented (seed 0, folded), count = pairs;
 *   - pushout: the shapes' validation status (a, then b) must be the
 *     status; on success the shapes overlapped exactly when count is 1 and
 *     b moved by the delta (recomputed: the hash must match) overlaps a no
 *     more;
 *   - body_hash: FC_ERR_STALE_ID exactly for the ids the runner does not
 *     hold live, else count 1 and the hash of the world's record hash;
 *   - set_filter: FC_OK exactly for live ids, and then the body's filter
 *     is the operation's.
 * Every recorded frame checksum must be the runner's. Tampered copies must
 * fail verification at the right frame: the first recorded result of a
 * push-out, body hash and pair finding query changed by one bit (a
 * DIFF_QUERY naming that operation), and the first filter change turned
 * into a ghost filter (the frame's pairs, events or state differ).
 * --break ignores the filter rule in the brute-force pair list: the check
 * must then fail (the replays turn bodies into ghosts).
 * Usage: test_replay_v4 [--break] FILE... */
#include <fixcol/fixcol.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static int breaking;

static uint32_t fold(uint64_t h) { return (uint32_t)h ^ (uint32_t)(h >> 32); }
static uint64_t idw(fc_body_id id) { return (uint64_t)id.index | (uint64_t)id.generation << 32; }
static uint64_t w2(int32_t lo, int32_t hi) { return (uint64_t)(uint32_t)lo | (uint64_t)(uint32_t)hi << 32; }

typedef struct list {
    fc_pair *p;
    int32_t n, cap;
} list;

static void list_add(list *l, fc_pair q)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->p = (fc_pair *)realloc(l->p, (size_t)l->cap * sizeof *l->p);
    }
    l->p[l->n++] = q;
}

static void list_copy(list *dst, const list *src)
{
    dst->n = 0;
    for (int32_t i = 0; i < src->n; i++)
        list_add(dst, src->p[i]);
}

static int same_pair(fc_pair x, fc_pair y)
{
    return x.a.index == y.a.index && x.a.generation == y.a.generation && x.b.index == y.b.index &&
           x.b.generation == y.b.generation;
}

static int has(const list *l, fc_pair q)
{
    for (int32_t i = 0; i < l->n; i++)
        if (same_pair(l->p[i], q))
            return 1;
    return 0;
}

/* The live bodies' pairs by brute force, in (a.index, b.index) order. */
static void brute_pairs(const fc_replay_runner *rn, list *out)
{
    out->n = 0;
    for (uint32_t i = 0; i < rn->live_cap; i++) {
        if (!rn->live_gen[i])
            continue;
        fc_body_id a = {i, rn->live_gen[i], 1};
        fc_filter fa;
        fc_world_get_filter(rn->world, a, &fa);
        for (uint32_t j = i + 1; j < rn->live_cap; j++) {
            if (!rn->live_gen[j])
                continue;
            fc_body_id b = {j, rn->live_gen[j], 1};
            fc_filter fb;
            fc_world_get_filter(rn->world, b, &fb);
            if (!breaking && (!(fa.category & fb.mask) || !(fb.category & fa.mask)))
                continue;
            int hit;
            if (rn->dim == 2) {
                fc_shape2 sa, sb;
                fc_world_get_shape2(rn->world, a, &sa);
                fc_world_get_shape2(rn->world, b, &sb);
                hit = fc_overlap2(&sa, &sb);
            } else {
                fc_shape3 sa, sb;
                fc_world_get_shape3(rn->world, a, &sa);
                fc_world_get_shape3(rn->world, b, &sb);
                hit = fc_overlap3(&sa, &sb);
            }
            if (hit) {
                fc_pair q = {a, b};
                list_add(out, q);
            }
        }
    }
}

/* The pairs of a not in b, in a's order, into h; returns how many. */
static uint32_t diff_words(const list *a, const list *b, fc_hash64 *h)
{
    uint32_t n = 0;
    for (int32_t i = 0; i < a->n; i++)
        if (!has(b, a->p[i])) {
            if (h) {
                fc_hash64_word(h, idw(a->p[i].a));
                fc_hash64_word(h, idw(a->p[i].b));
            }
            n++;
        }
    return n;
}

/* The documented result of a `pairs` query for the listing cur after prev. */
static uint32_t pairs_hash(const list *cur, const list *prev)
{
    fc_hash64 h = fc_hash64_init(0);
    for (int32_t i = 0; i < cur->n; i++) {
        fc_hash64_word(&h, idw(cur->p[i].a));
        fc_hash64_word(&h, idw(cur->p[i].b));
    }
    uint32_t nb = diff_words(cur, prev, NULL), ne = diff_words(prev, cur, NULL);
    fc_hash64_word(&h, w2((int32_t)nb, (int32_t)ne));
    diff_words(cur, prev, &h);
    diff_words(prev, cur, &h);
    return fold(fc_hash64_final(&h));
}

/* b moved by d (every defining point; the push-out keeps them in range). */
static void move2(fc_shape2 *s, fc_vec2 d)
{
    fc_vec2 *p[FC_POLY2_MAX_VERTS];
    int n = 0;
    switch (s->type) {
    case FC_SHAPE2_CIRCLE: p[n++] = &s->u.circle.center; break;
    case FC_SHAPE2_AABB: p[n++] = &s->u.aabb.min, p[n++] = &s->u.aabb.max; break;
    case FC_SHAPE2_OBB: p[n++] = &s->u.obb.center; break;
    case FC_SHAPE2_CAPSULE: p[n++] = &s->u.capsule.a, p[n++] = &s->u.capsule.b; break;
    case FC_SHAPE2_POLY:
        for (int i = 0; i < s->u.poly.count; i++)
            p[n++] = &s->u.poly.v[i];
        break;
    }
    for (int i = 0; i < n; i++)
        p[i]->x += d.x, p[i]->y += d.y;
}

static void move3(fc_shape3 *s, fc_vec3 d)
{
    fc_vec3 *p[2];
    int n = 0;
    switch (s->type) {
    case FC_SHAPE3_SPHERE: p[n++] = &s->u.sphere.center; break;
    case FC_SHAPE3_AABB: p[n++] = &s->u.aabb.min, p[n++] = &s->u.aabb.max; break;
    case FC_SHAPE3_OBB: p[n++] = &s->u.obb.center; break;
    default: break; /* a shape type this test does not know: not moved, so the check fails */
    }
    for (int i = 0; i < n; i++)
        p[i]->x += d.x, p[i]->y += d.y, p[i]->z += d.z;
}

static int live(const fc_replay_runner *rn, fc_body_id id)
{
    return id.index < rn->live_cap && rn->live_gen[id.index] != 0 && rn->live_gen[id.index] == id.generation;
}

typedef struct tally {
    uint64_t frames, pairs_ops, pairs, began, ended, pushouts, pushed, rejected_pushouts, hashes, stale, filters;
} tally;

/* A push-out checked from the stateless tier: validation status, overlap
 * before, separation after, the documented hash. */
static void check_pushout(const char *path, uint32_t frame, const fc_replay_runner *rn, const fc_replay_op *op,
                          fc_status st, const fc_replay_query_expect *q, tally *t)
{
    int dim = rn->dim;
    fc_status want = dim == 2 ? fc_shape2_validate(&op->shape2) : fc_shape3_validate(&op->shape3);
    if (want == FC_OK)
        want = dim == 2 ? fc_shape2_validate(&op->shape2_b) : fc_shape3_validate(&op->shape3_b);
    t->pushouts++;
    if (want != FC_OK || st != FC_OK) {
        /* FC_ERR_RANGE (pushed out of the coordinate range) only for valid shapes */
        TU_CHECK(st == want || (want == FC_OK && st == FC_ERR_RANGE), "%s frame %u: pushout status %s, validation %s",
                 path, frame, fc_status_str(st), fc_status_str(want));
        fc_hash64 h = fc_hash64_init((uint32_t)st);
        TU_CHECK(q->count == 0 && q->hash == fold(fc_hash64_final(&h)),
                 "%s frame %u: rejected pushout result %u %08x", path, frame, q->count, q->hash);
        t->rejected_pushouts++;
        return;
    }
    fc_vec3 d = {0, 0, 0};
    int before, after;
    if (dim == 2) {
        fc_vec2 d2;
        fc_pushout2(&op->shape2, &op->shape2_b, &d2);
        d.x = d2.x, d.y = d2.y;
        fc_shape2 moved = op->shape2_b;
        before = fc_overlap2(&op->shape2, &op->shape2_b);
        move2(&moved, d2);
        after = fc_overlap2(&op->shape2, &moved);
    } else {
        fc_pushout3(&op->shape3, &op->shape3_b, &d);
        fc_shape3 moved = op->shape3_b;
        before = fc_overlap3(&op->shape3, &op->shape3_b);
        move3(&moved, d);
        after = fc_overlap3(&op->shape3, &moved);
    }
    int moves = d.x != 0 || d.y != 0 || d.z != 0;
    fc_hash64 h = fc_hash64_init(0);
    fc_hash64_word(&h, w2(d.x, d.y));
    fc_hash64_word(&h, w2(d.z, 0));
    TU_CHECK(q->count == (uint32_t)moves && q->hash == fold(fc_hash64_final(&h)) && moves == before && !after,
             "%s frame %u: pushout result %u %08x; overlapped %d, delta (%d, %d, %d), overlap after %d", path, frame,
             q->count, q->hash, before, d.x, d.y, d.z, after);
    t->pushed += (uint64_t)moves;
}

static void check_file(const char *path, const uint8_t *data, size_t size, tally *t)
{
    fc_replay_reader r;
    fc_replay_runner rn;
    TU_CHECK(fc_replay_open(&r, data, size) == FC_OK && r.settings.version >= 4, "%s: not a format 4 replay", path);
    if (r.status != FC_OK || r.settings.version < 4 || fc_replay_runner_init(&rn, &r.settings) != FC_OK)
        return;
    list prev = {NULL, 0, 0}, cur = {NULL, 0, 0};
    for (;;) {
        int32_t more = 0;
        uint32_t n = 0;
        if (fc_replay_next_frame(&r, &more, &n) != FC_OK || !more)
            break;
        fc_replay_runner_begin_frame(&rn);
        for (uint32_t i = 0; i < n; i++) {
            fc_replay_op op;
            if (fc_replay_next_op(&r, &op) != FC_OK)
                break;
            uint32_t q = rn.query_count;
            int was_live = live(&rn, op.id);
            fc_status st = fc_replay_runner_apply(&rn, &op, NULL);
            if (op.kind == FC_REPLAY_RESTORE && st == FC_OK)
                brute_pairs(&rn, &prev); /* the restored contents' pairs (fixcol/world.h) */
            switch (op.kind) {
            case FC_REPLAY_QUERY_PAIRS:
                brute_pairs(&rn, &cur);
                TU_CHECK(st == FC_OK && rn.queries[q].count == (uint32_t)cur.n &&
                             rn.queries[q].hash == pairs_hash(&cur, &prev),
                         "%s frame %u op %u: pairs %u %08x, brute force %d %08x", path, r.frames, i,
                         rn.queries[q].count, rn.queries[q].hash, cur.n, pairs_hash(&cur, &prev));
                t->pairs_ops++;
                t->pairs += (uint64_t)cur.n;
                t->began += diff_words(&cur, &prev, NULL);
                t->ended += diff_words(&prev, &cur, NULL);
                list_copy(&prev, &cur);
                break;
            case FC_REPLAY_QUERY_PUSHOUT:
                check_pushout(path, r.frames, &rn, &op, st, &rn.queries[q], t);
                break;
            case FC_REPLAY_QUERY_BODY_HASH: {
                uint64_t bh = 0;
                fc_body_id id = op.id;
                id.world = 1;
                fc_status ws = fc_world_body_hash(rn.world, id, &bh);
                TU_CHECK(st == (was_live ? FC_OK : FC_ERR_STALE_ID) && ws == st &&
                             rn.queries[q].count == (was_live ? 1u : 0u) &&
                             rn.queries[q].hash == fold(fc_hash64_words((uint32_t)st, &bh, 1)),
                         "%s frame %u op %u: body_hash status %s (live %d)", path, r.frames, i, fc_status_str(st),
                         was_live);
                t->hashes++;
                t->stale += !was_live;
                break;
            }
            case FC_REPLAY_SET_FILTER: {
                fc_filter f = {0, 0};
                fc_body_id id = op.id;
                id.world = 1;
                TU_CHECK(st == (was_live ? FC_OK : FC_ERR_STALE_ID), "%s frame %u op %u: set_filter status %s (live %d)",
                         path, r.frames, i, fc_status_str(st), was_live);
                if (st == FC_OK)
                    TU_CHECK(fc_world_get_filter(rn.world, id, &f) == FC_OK && f.category == op.filter.category &&
                                 f.mask == op.filter.mask,
                             "%s frame %u op %u: filter not set", path, r.frames, i);
                t->filters++;
                break;
            }
            default:
                break;
            }
        }
        fc_replay_expect e, got;
        TU_CHECK(fc_replay_read_expect(&r, &e) == FC_OK, "%s: expect", path);
        for (uint32_t i = 0; i < e.query_count; i++) {
            fc_replay_query_expect qe;
            fc_replay_read_query_expect(&r, &qe);
        }
        TU_CHECK(fc_replay_runner_end_frame(&rn, &got) == FC_OK, "%s: end frame", path);
        brute_pairs(&rn, &cur);
        /* the frame's own finding: its events are relative to the last in-frame one */
        TU_CHECK(got.pair_count == (uint32_t)cur.n && got.began_count == diff_words(&cur, &prev, NULL) &&
                     got.ended_count == diff_words(&prev, &cur, NULL),
                 "%s frame %u: frame pairs %u began %u ended %u, brute force %d / %u / %u", path, r.frames,
                 got.pair_count, got.began_count, got.ended_count, cur.n, diff_words(&cur, &prev, NULL),
                 diff_words(&prev, &cur, NULL));
        TU_CHECK(e.checksum == got.checksum, "%s frame %u: recorded checksum differs", path, r.frames);
        list_copy(&prev, &cur);
        t->frames++;
    }
    free(prev.p);
    free(cur.p);
    fc_replay_runner_free(&rn);
}

/* Copy the replay, changing the first operation of kind `kind`: a query's
 * recorded result (one bit of its hash), or for SET_FILTER the operation
 * itself (a ghost filter). Verify it: the first bad frame must be that
 * operation's frame and, for a query, a DIFF_QUERY naming that operation. */
static void tampered(const char *path, const uint8_t *data, size_t size, fc_replay_op_kind kind)
{
    fc_replay_reader r;
    fc_replay_writer w;
    if (fc_replay_open(&r, data, size) != FC_OK || fc_replay_writer_init(&w, &r.settings, 0) != FC_OK) {
        TU_CHECK(0, "%s: open", path);
        return;
    }
    uint32_t frame = 0, changed_q = UINT32_MAX;
    for (;;) {
        int32_t more = 0;
        uint32_t n = 0;
        if (fc_replay_next_frame(&r, &more, &n) != FC_OK || !more)
            break;
        fc_replay_write_frame(&w, n);
        uint32_t nq = 0;
        for (uint32_t i = 0; i < n; i++) {
            fc_replay_op op;
            fc_replay_next_op(&r, &op);
            if (!frame && op.kind == kind) {
                frame = r.frames;
                if (kind == FC_REPLAY_SET_FILTER) /* a filter no recorded one has */
                    op.filter.category = 0x400u, op.filter.mask = 0;
                else
                    changed_q = nq;
            }
            nq += op.kind == FC_REPLAY_QUERY_SHAPE || op.kind == FC_REPLAY_QUERY_POINT ||
                  op.kind == FC_REPLAY_QUERY_RAY || op.kind == FC_REPLAY_QUERY_RAY_ALL ||
                  (op.kind >= FC_REPLAY_QUERY_RANGE && op.kind != FC_REPLAY_SET_FILTER);
            fc_replay_write_op(&w, &op);
        }
        fc_replay_expect e;
        fc_replay_read_expect(&r, &e);
        fc_replay_write_expect(&w, &e);
        for (uint32_t i = 0; i < e.query_count; i++) {
            fc_replay_query_expect q;
            fc_replay_read_query_expect(&r, &q);
            if (r.frames == frame && i == changed_q)
                q.hash ^= 1u;
            fc_replay_write_query_expect(&w, &q);
        }
    }
    TU_CHECK(fc_replay_writer_finish(&w) == FC_OK && frame > 0, "%s: no %s operation", path,
             fc_replay_op_name(kind));
    fc_replay_verify_result res;
    fc_replay_error err;
    fc_status st = fc_replay_verify(w.data, w.size, NULL, &res, &err, NULL, NULL);
    int ok = st == FC_OK && res.bad_frames >= 1 && res.first.frame == frame;
    if (kind != FC_REPLAY_SET_FILTER)
        ok = ok && res.first.what == FC_REPLAY_DIFF_QUERY && res.first.op.kind == kind;
    else
        ok = ok && res.first.what != FC_REPLAY_DIFF_NONE;
    TU_CHECK(ok, "%s with the first %s tampered: status %d, %u bad frames, first at frame %u (want %u), kind %d", path,
             fc_replay_op_name(kind), st, res.bad_frames, res.first.frame, frame, res.first.what);
    fc_replay_writer_free(&w);
}

int main(int argc, char **argv)
{
    breaking = argc > 1 && strcmp(argv[1], "--break") == 0;
    tally t;
    memset(&t, 0, sizeof t);
    for (int i = 1 + breaking; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        TU_CHECK(f != NULL, "cannot open %s", argv[i]);
        if (!f)
            continue;
        static uint8_t buf[1 << 24];
        size_t size = fread(buf, 1, sizeof buf, f);
        fclose(f);
        check_file(argv[i], buf, size, &t);
        tampered(argv[i], buf, size, FC_REPLAY_QUERY_PUSHOUT);
        tampered(argv[i], buf, size, FC_REPLAY_QUERY_BODY_HASH);
        tampered(argv[i], buf, size, FC_REPLAY_QUERY_PAIRS);
        tampered(argv[i], buf, size, FC_REPLAY_SET_FILTER);
    }
    TU_CHECK(t.frames > 0 && t.pairs_ops > 0 && t.began > 0 && t.ended > 0 && t.pushed > 0 &&
                 t.rejected_pushouts > 0 && t.stale > 0 && t.filters > 0,
             "nothing checked: %llu frames", (unsigned long long)t.frames);
    printf("format 4: %llu frames, %llu pair findings in frames (%llu pairs, %llu began, %llu ended), %llu push-outs "
           "(%llu moved, %llu rejected), %llu body hashes (%llu stale), %llu filter changes\n",
           (unsigned long long)t.frames, (unsigned long long)t.pairs_ops, (unsigned long long)t.pairs,
           (unsigned long long)t.began, (unsigned long long)t.ended, (unsigned long long)t.pushouts,
           (unsigned long long)t.pushed, (unsigned long long)t.rejected_pushouts, (unsigned long long)t.hashes,
           (unsigned long long)t.stale, (unsigned long long)t.filters);
    return tu_finish("replay format 4 operations");
}
