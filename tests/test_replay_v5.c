/* SPDX-License-Identifier: MIT */
/* Format 5 (mover operations, the 3D capsule in shape encodings) against
 * independent recomputation. For every `mover` / `mover_shape` operation of
 * the given replays, run through the runner:
 *   - the same call made directly through the C API (fc_world_move2/3,
 *     fc_world_move_shape2/3) on a copy of the runner's world taken just
 *     before the operation (snapshot into a second world), with a
 *     definition built here from the recorded fields, and its result hashed
 *     here as docs/replay-format.md defines it: count and hash must be the
 *     runner's (and the recorded ones: every frame checksum must match);
 *     for a body, the body afterwards must be the same in both worlds;
 *   - the status from first principles: FC_ERR_STALE_ID for a body call on
 *     an id the runner does not hold live, FC_ERR_ARGUMENT for a field out
 *     of its documented range (fixcol/mover.h), else FC_OK;
 *   - the result's own invariants: moved is the sum of the path segments;
 *     a call that neither started overlapping nor touched anything moved by
 *     exactly the desired displacement; a body that did not start
 *     overlapping ends overlapping no body its query collides with (brute
 *     force over the live bodies with fc_overlap2/3, the filter rule, the
 *     body itself and the excluded ids skipped).
 * Tampered copies must fail verification at the right operation: the first
 * recorded mover result one bit off (DIFF_QUERY naming it), and the first
 * mover's desired displacement 1 raw longer (its frame differs).
 * Codec: a random op of every version 5 kind and the 3D capsule round-trip
 * binary and text; a version 4 writer refuses both; a file claiming
 * version 4 that holds a mover operation or a capsule is rejected at that
 * byte with "unknown tag"; every truncation of a binary version 5 file
 * is FC_ERR_FORMAT; an excluded-id count above FC_REPLAY_MAX_EXCLUDE is
 * rejected.
 * --break hashes the touches in reverse order (a reversed plane order): the
 * check must then fail (the replays have calls with several touches).
 * Usage: test_replay_v5 [--break] FILE... */
#include <fixcol/fixcol.h>
#include <fixcol/mover.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static int breaking;

static uint32_t fold(uint64_t h) { return (uint32_t)h ^ (uint32_t)(h >> 32); }
static uint64_t idw(fc_body_id id) { return (uint64_t)id.index | (uint64_t)id.generation << 32; }
static uint64_t w2(int32_t lo, int32_t hi) { return (uint64_t)(uint32_t)lo | (uint64_t)(uint32_t)hi << 32; }

typedef struct tally {
    uint64_t frames, movers, shapes, stale, bad_def, touches, multi, flags[7], checked_overlap;
} tally;

static int live(const fc_replay_runner *rn, fc_body_id id)
{
    return id.index < rn->live_cap && rn->live_gen[id.index] != 0 && rn->live_gen[id.index] == id.generation;
}

/* The documented ranges of fixcol/mover.h, checked here independently. */
static int def_in_range(const fc_replay_mover *m, int dim)
{
    return m->skin >= 0 && m->skin <= 65536 && m->max_iterations >= 1 &&
           m->max_iterations <= FC_MOVER_MAX_ITERATIONS && m->step_height >= 0 && m->step_height <= FC_COORD_LIMIT &&
           m->snap_distance >= 0 && m->snap_distance <= FC_COORD_LIMIT && m->up_axis >= 0 && m->up_axis < dim &&
           (m->up_sign == 1 || m->up_sign == -1) && m->slope_run >= 1 && m->slope_run <= (1 << 30) &&
           m->slope_rise >= 0 && m->slope_rise <= (1 << 30);
}

static void hash_touches(fc_hash64 *h, const fc_mover_touch *t, int32_t n)
{
    fc_hash64_word(h, w2(n, 0));
    for (int32_t k = 0; k < n; k++) {
        const fc_mover_touch *x = &t[breaking ? n - 1 - k : k];
        fc_hash64_word(h, idw(x->id));
        fc_hash64_word(h, w2(x->t, x->kind));
        fc_hash64_word(h, w2(x->normal.x, x->normal.y));
        fc_hash64_word(h, w2(x->normal.z, x->iteration));
    }
}

/* A world with the runner's contents (snapshot + restore, tag 1). */
static fc_world *copy_world(const fc_replay_runner *rn, const fc_replay_settings *s)
{
    fc_world_def def = fc_world_def_default();
    def.dim = s->dim == 3 ? FC_WORLD_3D : FC_WORLD_2D;
    def.bounds_min = s->bounds_min;
    def.bounds_log2 = s->bounds_log2;
    def.max_depth = s->max_depth;
    def.layout = s->layout == FC_QT_STRICT ? FC_QT_STRICT : FC_QT_LOOSE;
    def.tag = 1;
    fc_world *w = NULL;
    size_t need = 0;
    if (fc_world_create(&def, &w) != FC_OK || fc_world_snapshot(rn->world, NULL, 0, &need) != FC_OK)
        return w;
    uint8_t *buf = (uint8_t *)malloc(need);
    size_t got = 0;
    if (buf && fc_world_snapshot(rn->world, buf, need, &got) == FC_OK)
        TU_CHECK(fc_world_restore(w, buf, got) == FC_OK, "restore into the copy");
    free(buf);
    return w;
}

/* Does shape (the body `self` after its move, or a free shape) overlap a live
 * body its query collides with? Brute force over the runner's live ids. */
static int overlaps_any(const fc_replay_runner *rn, const fc_replay_op *op, fc_body_id self, const fc_shape2 *s2,
                        const fc_shape3 *s3)
{
    for (uint32_t i = 0; i < rn->live_cap; i++) {
        if (!rn->live_gen[i] || (self.generation && i == self.index))
            continue;
        int skip = 0;
        for (uint32_t k = 0; k < op->mover.exclude_count; k++)
            skip |= op->mover.exclude[k].index == i && op->mover.exclude[k].generation == rn->live_gen[i];
        fc_body_id b = {i, rn->live_gen[i], 1};
        fc_filter fb;
        fc_world_get_filter(rn->world, b, &fb);
        if (skip || !(fb.category & op->filter.mask) || !(op->filter.category & fb.mask))
            continue;
        if (rn->dim == 2) {
            fc_shape2 sb;
            fc_world_get_shape2(rn->world, b, &sb);
            if (fc_overlap2(s2, &sb))
                return 1;
        } else {
            fc_shape3 sb;
            fc_world_get_shape3(rn->world, b, &sb);
            if (fc_overlap3(s3, &sb))
                return 1;
        }
    }
    return 0;
}

static void check_mover(const char *path, uint32_t frame, uint32_t opi, const fc_replay_reader *r,
                        fc_replay_runner *rn, const fc_replay_op *op, tally *t)
{
    int dim = rn->dim;
    fc_world *w = copy_world(rn, &r->settings);
    int was_live = op->kind == FC_REPLAY_MOVER && live(rn, op->id);
    uint32_t q = rn->query_count;
    fc_status st = fc_replay_runner_apply(rn, op, NULL);
    if (!w || q >= rn->query_count) {
        TU_CHECK(0, "%s frame %u op %u: no copy world or no query result", path, frame, opi);
        fc_world_destroy(w);
        return;
    }
    fc_body_id ex[FC_REPLAY_MAX_EXCLUDE];
    fc_mover_def d = fc_mover_def_default();
    d.query.filter = op->filter;
    for (uint32_t k = 0; k < op->mover.exclude_count; k++)
        ex[k] = op->mover.exclude[k], ex[k].world = 1;
    d.query.exclude = op->mover.exclude_count ? ex : NULL;
    d.query.exclude_count = (int32_t)op->mover.exclude_count;
    d.skin = op->mover.skin;
    d.max_iterations = op->mover.max_iterations;
    d.step_height = op->mover.step_height;
    d.snap_distance = op->mover.snap_distance;
    d.up_axis = op->mover.up_axis;
    d.up_sign = op->mover.up_sign;
    d.slope_run = op->mover.slope_run;
    d.slope_rise = op->mover.slope_rise;
    fc_body_id id = op->id;
    id.world = 1;
    fc_status want = op->kind == FC_REPLAY_MOVER && !was_live ? FC_ERR_STALE_ID
                     : !def_in_range(&op->mover, dim)          ? FC_ERR_ARGUMENT
                                                               : FC_OK;
    fc_status ds;
    fc_hash64 h;
    int32_t touches = 0, flags = 0, started_out = 1, free_move = 0, sum_ok = 1, same_body = 1, clear = 1;
    if (dim == 2) {
        static fc_mover2_result res;
        memset(&res, 0, sizeof res);
        fc_vec2 desired = fc_vec2_make(op->a.x, op->a.y);
        ds = op->kind == FC_REPLAY_MOVER ? fc_world_move2(w, id, desired, &d, &res)
                                         : fc_world_move_shape2(w, &op->shape2, desired, &d, &res);
        h = fc_hash64_init((uint32_t)ds);
        if (ds == FC_OK) {
            fc_hash64_word(&h, w2(res.moved.x, res.moved.y));
            fc_hash64_word(&h, w2(0, res.flags));
            hash_touches(&h, res.touches, res.touch_count);
            int64_t sx = 0, sy = 0;
            for (int32_t k = 0; k < res.path_count; k++)
                sx += res.path[k].x, sy += res.path[k].y;
            sum_ok = sx == res.moved.x && sy == res.moved.y;
            touches = res.touch_count, flags = res.flags;
            started_out = !(res.flags & (FC_MOVER_STARTED_OVERLAP | FC_MOVER_STUCK));
            free_move = !touches && started_out && !(res.flags & FC_MOVER_SNAPPED);
            if (free_move)
                TU_CHECK(res.moved.x == desired.x && res.moved.y == desired.y,
                         "%s frame %u op %u: nothing touched but moved (%d, %d) of (%d, %d)", path, frame, opi,
                         res.moved.x, res.moved.y, desired.x, desired.y);
            if (op->kind == FC_REPLAY_MOVER) {
                uint64_t a = 0, b = 0;
                fc_world_body_hash(w, id, &a);
                fc_world_body_hash(rn->world, id, &b);
                same_body = a == b;
                fc_shape2 after;
                fc_world_get_shape2(rn->world, id, &after);
                if (started_out) {
                    clear = !overlaps_any(rn, op, id, &after, NULL);
                    t->checked_overlap++;
                }
            }
        }
    } else {
        static fc_mover3_result res;
        memset(&res, 0, sizeof res);
        ds = op->kind == FC_REPLAY_MOVER ? fc_world_move3(w, id, op->a, &d, &res)
                                         : fc_world_move_shape3(w, &op->shape3, op->a, &d, &res);
        h = fc_hash64_init((uint32_t)ds);
        if (ds == FC_OK) {
            fc_hash64_word(&h, w2(res.moved.x, res.moved.y));
            fc_hash64_word(&h, w2(res.moved.z, res.flags));
            hash_touches(&h, res.touches, res.touch_count);
            int64_t sx = 0, sy = 0, sz = 0;
            for (int32_t k = 0; k < res.path_count; k++)
                sx += res.path[k].x, sy += res.path[k].y, sz += res.path[k].z;
            sum_ok = sx == res.moved.x && sy == res.moved.y && sz == res.moved.z;
            touches = res.touch_count, flags = res.flags;
            started_out = !(res.flags & (FC_MOVER_STARTED_OVERLAP | FC_MOVER_STUCK));
            free_move = !touches && started_out && !(res.flags & FC_MOVER_SNAPPED);
            if (free_move)
                TU_CHECK(res.moved.x == op->a.x && res.moved.y == op->a.y && res.moved.z == op->a.z,
                         "%s frame %u op %u: nothing touched but not moved by desired", path, frame, opi);
            if (op->kind == FC_REPLAY_MOVER) {
                uint64_t a = 0, b = 0;
                fc_world_body_hash(w, id, &a);
                fc_world_body_hash(rn->world, id, &b);
                same_body = a == b;
                fc_shape3 after;
                fc_world_get_shape3(rn->world, id, &after);
                if (started_out) {
                    clear = !overlaps_any(rn, op, id, NULL, &after);
                    t->checked_overlap++;
                }
            }
        }
    }
    uint32_t want_count = ds == FC_OK ? (uint32_t)touches : 0u;
    TU_CHECK(st == ds && st == want, "%s frame %u op %u: %s status %s, direct call %s, expected %s", path, frame, opi,
             fc_replay_op_name(op->kind), fc_status_str(st), fc_status_str(ds), fc_status_str(want));
    TU_CHECK(rn->queries[q].count == want_count && rn->queries[q].hash == fold(fc_hash64_final(&h)),
             "%s frame %u op %u: %s result %u %08x, recomputed %u %08x", path, frame, opi, fc_replay_op_name(op->kind),
             rn->queries[q].count, rn->queries[q].hash, want_count, fold(fc_hash64_final(&h)));
    TU_CHECK(sum_ok && same_body && clear, "%s frame %u op %u: path sum %d, same body %d, clear of bodies %d", path,
             frame, opi, sum_ok, same_body, clear);
    t->movers += op->kind == FC_REPLAY_MOVER;
    t->shapes += op->kind == FC_REPLAY_MOVER_SHAPE;
    t->stale += st == FC_ERR_STALE_ID;
    t->bad_def += st == FC_ERR_ARGUMENT;
    t->touches += (uint64_t)touches;
    t->multi += touches >= 2;
    for (int k = 0; k < 7; k++)
        t->flags[k] += (uint64_t)((flags >> k) & 1);
    fc_world_destroy(w);
}

static void check_file(const char *path, const uint8_t *data, size_t size, tally *t)
{
    fc_replay_reader r;
    fc_replay_runner rn;
    TU_CHECK(fc_replay_open(&r, data, size) == FC_OK && r.settings.version >= 5, "%s: not a format 5 replay", path);
    if (r.status != FC_OK || r.settings.version < 5 || fc_replay_runner_init(&rn, &r.settings) != FC_OK)
        return;
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
            if (op.kind == FC_REPLAY_MOVER || op.kind == FC_REPLAY_MOVER_SHAPE)
                check_mover(path, r.frames, i, &r, &rn, &op, t);
            else
                fc_replay_runner_apply(&rn, &op, NULL);
        }
        fc_replay_expect e, got;
        TU_CHECK(fc_replay_read_expect(&r, &e) == FC_OK, "%s: expect", path);
        for (uint32_t i = 0; i < e.query_count; i++) {
            fc_replay_query_expect qe;
            fc_replay_read_query_expect(&r, &qe);
        }
        TU_CHECK(fc_replay_runner_end_frame(&rn, &got) == FC_OK, "%s: end frame", path);
        TU_CHECK(e.checksum == got.checksum, "%s frame %u: recorded checksum differs", path, r.frames);
        t->frames++;
    }
    fc_replay_runner_free(&rn);
}

/* Copy the replay changing the first mover operation of kind `kind`: its
 * recorded result (one bit of the hash; input 0) or its desired
 * displacement (x 1 raw more; input 1). Verification must fail at that
 * frame, for the result a DIFF_QUERY naming that operation. */
static void tampered(const char *path, const uint8_t *data, size_t size, fc_replay_op_kind kind, int input)
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
            /* a call that succeeded and moved (its result depends on desired) */
            if (!frame && op.kind == kind && r.frames > 1 && (op.a.x != 0 || op.a.y != 0) &&
                def_in_range(&op.mover, r.settings.dim)) {
                frame = r.frames;
                changed_q = nq;
                if (input)
                    op.a.x += 1;
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
            if (!input && r.frames == frame && i == changed_q)
                q.hash ^= 1u;
            fc_replay_write_query_expect(&w, &q);
        }
    }
    TU_CHECK(fc_replay_writer_finish(&w) == FC_OK && frame > 0, "%s: no %s operation", path, fc_replay_op_name(kind));
    fc_replay_verify_result res;
    fc_replay_error err;
    fc_status st = fc_replay_verify(w.data, w.size, NULL, &res, &err, NULL, NULL);
    int ok = st == FC_OK && res.bad_frames >= 1 && res.first.frame == frame;
    if (!input)
        ok = ok && res.first.what == FC_REPLAY_DIFF_QUERY && res.first.op.kind == kind;
    TU_CHECK(ok, "%s with the first %s %s tampered: status %d, %u bad frames, first at frame %u (want %u), kind %d",
             path, fc_replay_op_name(kind), input ? "input" : "result", st, res.bad_frames, res.first.frame, frame,
             res.first.what);
    fc_replay_writer_free(&w);
}

/* ------------------------------------------------------------ codec */

static fc_replay_op mover_op(int dim, int free_shape, uint32_t seed)
{
    fc_replay_op op;
    memset(&op, 0, sizeof op);
    uint64_t s = seed;
    op.kind = free_shape ? FC_REPLAY_MOVER_SHAPE : FC_REPLAY_MOVER;
    op.filter.category = (uint32_t)tu_rand64(&s);
    op.filter.mask = (uint32_t)tu_rand64(&s);
    op.id.index = (uint32_t)(tu_rand64(&s) % FC_WORLD_MAX_BODIES);
    op.id.generation = (uint32_t)tu_rand64(&s);
    if (!free_shape)
        ; /* the body's id above */
    else if (dim == 2)
        op.shape2.type = FC_SHAPE2_CIRCLE, op.shape2.u.circle.radius = 65536, op.id.index = 0, op.id.generation = 0;
    else {
        op.shape3.type = FC_SHAPE3_CAPSULE;
        op.shape3.u.capsule.a = fc_vec3_make(-FC_COORD_LIMIT, 7, INT32_MIN);
        op.shape3.u.capsule.b = fc_vec3_make(FC_COORD_LIMIT, -1, INT32_MAX);
        op.shape3.u.capsule.radius = 12345;
        op.id.index = 0, op.id.generation = 0;
    }
    op.a = fc_vec3_make((int32_t)tu_rand64(&s), (int32_t)tu_rand64(&s), dim == 3 ? (int32_t)tu_rand64(&s) : 0);
    op.mover.skin = INT32_MIN;
    op.mover.max_iterations = INT32_MAX;
    op.mover.step_height = (int32_t)tu_rand64(&s);
    op.mover.snap_distance = -1;
    op.mover.up_axis = 2;
    op.mover.up_sign = -1;
    op.mover.slope_run = 1 << 30;
    op.mover.slope_rise = 0;
    op.mover.exclude_count = seed % (FC_REPLAY_MAX_EXCLUDE + 1);
    for (uint32_t k = 0; k < op.mover.exclude_count; k++) {
        op.mover.exclude[k].index = (uint32_t)(tu_rand64(&s) % FC_WORLD_MAX_BODIES);
        op.mover.exclude[k].generation = (uint32_t)tu_rand64(&s);
    }
    return op;
}

/* A one-frame file of version v holding op (one query when is_query). */
static fc_status one_op_file(int dim, int32_t v, int text, const fc_replay_op *op, fc_replay_writer *w)
{
    fc_replay_settings set;
    memset(&set, 0, sizeof set);
    set.dim = dim, set.bounds_log2 = 8, set.max_depth = 4, set.version = v;
    fc_status st = fc_replay_writer_init(w, &set, text);
    if (st != FC_OK)
        return st;
    int query = op->kind != FC_REPLAY_CREATE;
    fc_replay_write_frame(w, 1);
    fc_replay_write_op(w, op);
    fc_replay_expect e;
    memset(&e, 0, sizeof e);
    e.query_count = query ? 1u : 0u;
    fc_replay_write_expect(w, &e);
    fc_replay_query_expect q = {3, 0xdeadbeefu};
    if (query)
        fc_replay_write_query_expect(w, &q);
    return fc_replay_writer_finish(w);
}

static fc_status read_one(const uint8_t *data, size_t size, fc_replay_op *op, fc_replay_error *err)
{
    fc_replay_reader r;
    int32_t more = 0;
    uint32_t n = 0;
    fc_replay_expect e;
    fc_replay_query_expect q;
    fc_status st = fc_replay_open(&r, data, size);
    if (st == FC_OK)
        st = fc_replay_next_frame(&r, &more, &n);
    if (st == FC_OK)
        st = fc_replay_next_op(&r, op);
    if (st == FC_OK)
        st = fc_replay_read_expect(&r, &e);
    for (uint32_t i = 0; st == FC_OK && i < e.query_count; i++)
        st = fc_replay_read_query_expect(&r, &q);
    if (st == FC_OK)
        st = fc_replay_next_frame(&r, &more, &n);
    if (st == FC_OK && more)
        st = FC_ERR_FORMAT;
    *err = r.error;
    return st;
}

static int same_op(const fc_replay_op *a, const fc_replay_op *b)
{
    fc_replay_op x = *a, y = *b;
    x.id.world = y.id.world = 0;
    for (uint32_t k = 0; k < FC_REPLAY_MAX_EXCLUDE; k++)
        x.mover.exclude[k].world = y.mover.exclude[k].world = 0;
    return memcmp(&x, &y, sizeof x) == 0;
}

static void test_codec(void)
{
    for (int dim = 2; dim <= 3; dim++)
        for (int kind = 0; kind < 3; kind++)
            for (uint32_t seed = 1; seed <= 10; seed++) {
                fc_replay_op op;
                if (kind < 2) {
                    op = mover_op(dim, kind, seed);
                } else { /* a capsule body (3D) or a circle (2D) created */
                    op = mover_op(dim, 1, seed);
                    fc_replay_op c;
                    memset(&c, 0, sizeof c);
                    c.kind = FC_REPLAY_CREATE;
                    c.id.index = seed, c.id.generation = 1;
                    c.shape2 = op.shape2, c.shape3 = op.shape3;
                    op = c;
                }
                for (int text = 0; text <= 1; text++) {
                    fc_replay_writer w;
                    fc_replay_op back;
                    fc_replay_error err;
                    fc_status st = one_op_file(dim, 5, text, &op, &w);
                    TU_CHECK(st == FC_OK, "dim %d kind %d: write %s", dim, kind, fc_status_str(st));
                    memset(&back, 0, sizeof back);
                    st = read_one(w.data, w.size, &back, &err);
                    TU_CHECK(st == FC_OK && same_op(&op, &back), "dim %d kind %d seed %u text %d: round trip %s (%s)",
                             dim, kind, seed, text, fc_status_str(st), err.reason);
                    /* every truncation of the binary form is a format error (the text
                     * form may end early inside a number and still read: then
                     * the value differs); never a crash */
                    for (size_t cut = 0; st == FC_OK && cut < w.size; cut++) {
                        fc_status ct = read_one(w.data, cut, &back, &err);
                        TU_CHECK(ct == FC_ERR_FORMAT || (text && ct == FC_OK && !same_op(&op, &back)) ||
                                     (text && ct == FC_OK && cut + 1 == w.size),
                                 "dim %d kind %d text %d: cut at %zu gives %s", dim, kind, text, cut,
                                 fc_status_str(ct));
                    }
                    if (!text && st == FC_OK && (kind < 2 || dim == 3)) {
                        /* the same bytes claiming version 4: the mover tag or the capsule tag is unknown */
                        w.data[8] = 4;
                        fc_status vt = read_one(w.data, w.size, &back, &err);
                        TU_CHECK(vt == FC_ERR_FORMAT && strstr(err.reason, "unknown tag") &&
                                     strstr(err.reason, kind < 2 ? "operation" : "3D shape type"),
                                 "dim %d kind %d: version 4 reader: %s at %llu: %s", dim, kind, fc_status_str(vt),
                                 (unsigned long long)err.offset, err.reason);
                    }
                    fc_replay_writer_free(&w);
                    if (kind < 2 || dim == 3) { /* a version 4 writer refuses it */
                        fc_replay_writer w4;
                        st = one_op_file(dim, 4, text, &op, &w4);
                        TU_CHECK(st != FC_OK, "dim %d kind %d: version 4 writer took a version 5 operation", dim, kind);
                        fc_replay_writer_free(&w4);
                    }
                }
            }
    /* an excluded-id count above the limit is refused with its name */
    fc_replay_op op = mover_op(2, 0, 4);
    fc_replay_writer w;
    fc_replay_op back;
    fc_replay_error err;
    TU_CHECK(one_op_file(2, 5, 1, &op, &w) == FC_OK, "text write");
    char *p = strstr((char *)w.data, "exclude 4 ");
    TU_CHECK(p != NULL, "text form has 'exclude 4'");
    if (p) {
        p[8] = '5';
        fc_status st = read_one(w.data, w.size, &back, &err);
        TU_CHECK(st == FC_ERR_FORMAT && strstr(err.reason, "excluded id count"), "exclude 5: %s %s",
                 fc_status_str(st), err.reason);
    }
    fc_replay_writer_free(&w);
    /* the runner of a version 4 replay refuses a mover operation it is handed */
    fc_replay_settings set;
    memset(&set, 0, sizeof set);
    set.dim = 2, set.bounds_log2 = 8, set.max_depth = 4, set.version = 4;
    fc_replay_runner rn;
    TU_CHECK(fc_replay_runner_init(&rn, &set) == FC_OK, "runner v4");
    fc_replay_runner_begin_frame(&rn);
    op = mover_op(2, 1, 2);
    TU_CHECK(fc_replay_runner_apply(&rn, &op, NULL) == FC_ERR_ARGUMENT && rn.query_count == 1 &&
                 rn.queries[0].count == 0,
             "a version 4 runner ran a mover operation");
    fc_replay_runner_free(&rn);
}

int main(int argc, char **argv)
{
    breaking = argc > 1 && strcmp(argv[1], "--break") == 0;
    tally t;
    memset(&t, 0, sizeof t);
    if (!breaking)
        test_codec();
    for (int i = 1 + breaking; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        TU_CHECK(f != NULL, "cannot open %s", argv[i]);
        if (!f)
            continue;
        static uint8_t buf[1 << 24];
        size_t size = fread(buf, 1, sizeof buf, f);
        fclose(f);
        check_file(argv[i], buf, size, &t);
        if (!breaking) {
            tampered(argv[i], buf, size, FC_REPLAY_MOVER, 0);
            tampered(argv[i], buf, size, FC_REPLAY_MOVER, 1);
            tampered(argv[i], buf, size, FC_REPLAY_MOVER_SHAPE, 0);
            tampered(argv[i], buf, size, FC_REPLAY_MOVER_SHAPE, 1);
        }
    }
    TU_CHECK(t.frames > 0 && t.movers > 0 && t.shapes > 0 && t.stale > 0 && t.bad_def > 0 && t.multi > 0,
             "nothing checked: %llu frames", (unsigned long long)t.frames);
    static const char *const names[7] = {"grounded", "ceiling", "wall", "started_overlap", "stepped", "snapped", "stuck"};
    printf("format 5: %llu frames, %llu body movers, %llu free-shape movers (%llu stale, %llu bad defs), %llu touches "
           "(%llu calls with 2+), %llu end positions checked clear;",
           (unsigned long long)t.frames, (unsigned long long)t.movers, (unsigned long long)t.shapes,
           (unsigned long long)t.stale, (unsigned long long)t.bad_def, (unsigned long long)t.touches,
           (unsigned long long)t.multi, (unsigned long long)t.checked_overlap);
    for (int k = 0; k < 7; k++)
        printf(" %s %llu", names[k], (unsigned long long)t.flags[k]);
    printf("\n");
    return tu_finish("replay format 5 operations");
}
