/* SPDX-License-Identifier: MIT */
/* The recorded replays together cover what issue 6 asks: every 2D and 3D
 * shape pair overlapping in some frame's pair list, every operation kind
 * (every query kind with at least one hit), snapshot and restore, a replay
 * with >= 10,000 live bodies, >= 5,000 frames in all; and each replay
 * verifies. Format 3 (issue 17): version 3 frames with pair events that
 * began and ended and with contacts; sector and ring queries with hits; 2D
 * and 3D shape casts with hits, among them hits at t = 0, hits exactly at
 * t = 1 (touching at the end) and grazing hits (0 < t < 1, the shape moved
 * by the whole delta still only touching: contact depth 0). Format 4
 * (issue 27): every new operation; push-outs that moved b in 2D and in 3D,
 * body hashes of live and stale ids, pair findings inside frames. Usage:
 * test_replay_coverage [--break] FILE... (--break demands 10^8 frames, so
 * the check must fail). */
#include <fixcol/fixcol.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

typedef struct cover {
    int pair2[6][6], pair3[5][5];
    uint64_t kinds[FC_REPLAY_OP_KINDS], hits[FC_REPLAY_OP_KINDS];
    int32_t max_live;
    uint32_t frames;
    uint64_t v3_frames, began, ended, contacts;
    uint64_t cast_hits[4], cast_t0[4], cast_t1[4], cast_graze[4]; /* by dimension */
    uint64_t pushouts[4], stale_hashes; /* format 4: push-outs that moved b, by dimension; rejected body hashes */
} cover;

static void on_frame(void *ctx, uint32_t frame, fc_replay_runner *rn, size_t done, size_t total)
{
    cover *c = (cover *)ctx;
    (void)frame;
    (void)done;
    (void)total;
    int32_t live = fc_world_body_count(rn->world);
    if (live > c->max_live)
        c->max_live = live;
    const fc_pair *pairs;
    int32_t n;
    if (fc_world_find_pairs(rn->world, &pairs, &n) != FC_OK)
        return;
    for (int32_t i = 0; i < n; i++) {
        if (rn->dim == 2) {
            fc_shape2 a, b;
            fc_world_get_shape2(rn->world, pairs[i].a, &a);
            fc_world_get_shape2(rn->world, pairs[i].b, &b);
            c->pair2[a.type][b.type] = c->pair2[b.type][a.type] = 1;
        } else {
            fc_shape3 a, b;
            fc_world_get_shape3(rn->world, pairs[i].a, &a);
            fc_world_get_shape3(rn->world, pairs[i].b, &b);
            c->pair3[a.type][b.type] = c->pair3[b.type][a.type] = 1;
        }
    }
}

/* Operation kinds and query hits, read with the reader (hits from the
 * recorded results, which verification has just confirmed). */
static void count_kinds(const uint8_t *data, size_t size, cover *c)
{
    fc_replay_reader r;
    fc_replay_op_kind qk[4096];
    if (fc_replay_open(&r, data, size) != FC_OK)
        return;
    for (;;) {
        int32_t more;
        uint32_t n, nq = 0;
        if (fc_replay_next_frame(&r, &more, &n) != FC_OK || !more)
            break;
        for (uint32_t i = 0; i < n; i++) {
            fc_replay_op op;
            fc_replay_next_op(&r, &op);
            c->kinds[op.kind]++;
            if (((op.kind >= FC_REPLAY_QUERY_SHAPE && op.kind <= FC_REPLAY_QUERY_RAY_ALL) ||
                 (op.kind >= FC_REPLAY_QUERY_RANGE && op.kind != FC_REPLAY_SET_FILTER)) &&
                nq < 4096)
                qk[nq++] = op.kind;
        }
        fc_replay_expect e;
        fc_replay_read_expect(&r, &e);
        c->v3_frames += e.extended;
        c->began += e.began_count > 0;
        c->ended += e.ended_count > 0;
        c->contacts += e.contact_count > 0;
        for (uint32_t i = 0; i < e.query_count; i++) {
            fc_replay_query_expect q;
            fc_replay_read_query_expect(&r, &q);
            if (i < nq && q.count > 0)
                c->hits[qk[i]]++;
            if (i < nq && q.count > 0 && qk[i] == FC_REPLAY_QUERY_PUSHOUT)
                c->pushouts[r.settings.dim]++;
            if (i < nq && q.count == 0 && qk[i] == FC_REPLAY_QUERY_BODY_HASH)
                c->stale_hashes++;
        }
    }
}

static void move2(fc_shape2 *s, fc_vec2 d)
{
    switch (s->type) {
    case FC_SHAPE2_CIRCLE: s->u.circle.center = fc_vec2_add(s->u.circle.center, d); break;
    case FC_SHAPE2_AABB:
        s->u.aabb.min = fc_vec2_add(s->u.aabb.min, d);
        s->u.aabb.max = fc_vec2_add(s->u.aabb.max, d);
        break;
    case FC_SHAPE2_OBB: s->u.obb.center = fc_vec2_add(s->u.obb.center, d); break;
    case FC_SHAPE2_CAPSULE:
        s->u.capsule.a = fc_vec2_add(s->u.capsule.a, d);
        s->u.capsule.b = fc_vec2_add(s->u.capsule.b, d);
        break;
    case FC_SHAPE2_POLY:
        for (int32_t i = 0; i < s->u.poly.count; i++)
            s->u.poly.v[i] = fc_vec2_add(s->u.poly.v[i], d);
        break;
    }
}

static fc_vec3 add3(fc_vec3 a, fc_vec3 b) { return fc_vec3_make(a.x + b.x, a.y + b.y, a.z + b.z); }

static void move3(fc_shape3 *s, fc_vec3 d)
{
    switch (s->type) {
    case FC_SHAPE3_SPHERE: s->u.sphere.center = add3(s->u.sphere.center, d); break;
    case FC_SHAPE3_AABB:
        s->u.aabb.min = add3(s->u.aabb.min, d);
        s->u.aabb.max = add3(s->u.aabb.max, d);
        break;
    case FC_SHAPE3_OBB: s->u.obb.center = add3(s->u.obb.center, d); break;
    case FC_SHAPE3_CAPSULE:
        s->u.capsule.a = add3(s->u.capsule.a, d);
        s->u.capsule.b = add3(s->u.capsule.b, d);
        break;
    }
}

/* 1 when the moving shape, moved by the whole delta, touches the target
 * without penetrating it (a hit before t = 1 that grazes to the end). The
 * moved shape may leave the coordinate range: then it is not a graze. */
static int grazes(fc_replay_runner *rn, const fc_replay_op *op, fc_body_id target)
{
    fc_contact2_result c2;
    fc_contact3_result c3;
    if (rn->dim == 2) {
        fc_shape2 m = op->shape2, t;
        move2(&m, fc_vec2_make(op->b.x, op->b.y));
        return fc_shape2_validate(&m) == FC_OK && fc_world_get_shape2(rn->world, target, &t) == FC_OK &&
               fc_contact2(&m, &t, &c2) && c2.depth == 0;
    }
    fc_shape3 m = op->shape3, t;
    move3(&m, op->b);
    return fc_shape3_validate(&m) == FC_OK && fc_world_get_shape3(rn->world, target, &t) == FC_OK &&
           fc_contact3(&m, &t, &c3) && c3.depth == 0;
}

/* Every cast's hits (all of them, whichever cast kind was recorded), taken
 * on the world as the operation saw it. */
static void classify_cast(cover *c, fc_replay_runner *rn, const fc_replay_op *op)
{
    int32_t n = 0;
    const fc_cast2_hit *h2 = NULL;
    const fc_cast3_hit *h3 = NULL;
    fc_status st = rn->dim == 2
                       ? fc_world_cast2_all(rn->world, &op->shape2, fc_vec2_make(op->b.x, op->b.y), op->filter, &h2, &n)
                       : fc_world_cast3_all(rn->world, &op->shape3, op->b, op->filter, &h3, &n);
    for (int32_t i = 0; st == FC_OK && i < n; i++) {
        fix16_t t = rn->dim == 2 ? h2[i].t : h3[i].t;
        fc_body_id id = rn->dim == 2 ? h2[i].id : h3[i].id;
        c->cast_hits[rn->dim]++;
        c->cast_t0[rn->dim] += t == 0;
        c->cast_t1[rn->dim] += t == 65536;
        c->cast_graze[rn->dim] += t > 0 && t < 65536 && grazes(rn, op, id);
    }
}

static void cover_casts(const uint8_t *data, size_t size, cover *c)
{
    fc_replay_reader r;
    fc_replay_runner rn;
    if (fc_replay_open(&r, data, size) != FC_OK || r.settings.version < 3)
        return;
    if (fc_replay_runner_init(&rn, &r.settings) != FC_OK)
        return;
    for (;;) {
        int32_t more;
        uint32_t n;
        if (fc_replay_next_frame(&r, &more, &n) != FC_OK || !more)
            break;
        fc_replay_runner_begin_frame(&rn);
        for (uint32_t i = 0; i < n; i++) {
            fc_replay_op op;
            if (fc_replay_next_op(&r, &op) != FC_OK)
                break;
            fc_replay_runner_apply(&rn, &op, NULL);
            if (op.kind == FC_REPLAY_QUERY_CAST || op.kind == FC_REPLAY_QUERY_CAST_ALL)
                classify_cast(c, &rn, &op);
        }
        fc_replay_expect e, got;
        fc_replay_read_expect(&r, &e);
        for (uint32_t i = 0; i < e.query_count; i++) {
            fc_replay_query_expect q;
            fc_replay_read_query_expect(&r, &q);
        }
        fc_replay_runner_end_frame(&rn, &got);
    }
    fc_replay_runner_free(&rn);
}

int main(int argc, char **argv)
{
    int breaking = argc > 1 && strcmp(argv[1], "--break") == 0;
    static cover c;
    for (int i = 1 + breaking; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        TU_CHECK(f != NULL, "cannot open %s", argv[i]);
        if (!f)
            continue;
        static uint8_t buf[1 << 24];
        size_t size = fread(buf, 1, sizeof buf, f);
        fclose(f);
        fc_replay_verify_result res;
        fc_replay_error err;
        fc_status st = fc_replay_verify(buf, size, NULL, &res, &err, on_frame, &c);
        TU_CHECK(st == FC_OK && res.bad_frames == 0, "%s does not verify (%d): %s", argv[i], st, err.reason);
        c.frames += res.frames;
        count_kinds(buf, size, &c);
        cover_casts(buf, size, &c);
    }
    for (int a = 1; a <= 5; a++)
        for (int b = a; b <= 5; b++)
            TU_CHECK(c.pair2[a][b], "no overlapping 2D pair of shape types %d and %d", a, b);
    for (int a = 1; a <= 4; a++)
        for (int b = a; b <= 4; b++)
            TU_CHECK(c.pair3[a][b], "no overlapping 3D pair of shape types %d and %d", a, b);
    for (int k = 1; k < FC_REPLAY_OP_KINDS; k++)
        TU_CHECK(c.kinds[k] > 0, "no %s operation", fc_replay_op_name((fc_replay_op_kind)k));
    for (int k = FC_REPLAY_QUERY_SHAPE; k <= FC_REPLAY_QUERY_RAY_ALL; k++)
        TU_CHECK(c.hits[k] > 0, "no %s query with a hit", fc_replay_op_name((fc_replay_op_kind)k));
    /* range checksums over used slots, dumps (count: used slots, bytes) */
    TU_CHECK(c.hits[FC_REPLAY_QUERY_RANGE] > 0, "no range query over used slots");
    TU_CHECK(c.hits[FC_REPLAY_QUERY_DUMP] > 0, "no dump query");
    /* format 3: events, contacts, skill areas and casts */
    for (int k = FC_REPLAY_QUERY_SECTOR; k <= FC_REPLAY_QUERY_CAST_ALL; k++)
        TU_CHECK(c.hits[k] > 0, "no %s query with a hit", fc_replay_op_name((fc_replay_op_kind)k));
    TU_CHECK(c.v3_frames > 0 && c.began > 0 && c.ended > 0, "no version 3 frame with began (%llu) and ended (%llu) pairs",
             (unsigned long long)c.began, (unsigned long long)c.ended);
    TU_CHECK(c.contacts > 0, "no version 3 frame with contacts");
    for (int d = 2; d <= 3; d++) {
        TU_CHECK(c.cast_hits[d] > 0, "no %dD cast hit", d);
        TU_CHECK(c.cast_t0[d] > 0, "no %dD cast hit at t = 0", d);
        TU_CHECK(c.cast_t1[d] > 0, "no %dD cast hit exactly at t = 1", d);
        TU_CHECK(c.cast_graze[d] > 0, "no %dD grazing cast hit", d);
    }
    /* format 4: push-outs that moved b in 2D and 3D, body hashes (live and
     * stale), in-frame pair findings that found pairs (every kind present:
     * above) */
    for (int k = FC_REPLAY_QUERY_PUSHOUT; k <= FC_REPLAY_QUERY_PAIRS; k++)
        TU_CHECK(k == FC_REPLAY_SET_FILTER || c.hits[k] > 0, "no %s query with a hit",
                 fc_replay_op_name((fc_replay_op_kind)k));
    TU_CHECK(c.pushouts[2] > 0 && c.pushouts[3] > 0, "no 2D (%llu) or 3D (%llu) push-out that moved b",
             (unsigned long long)c.pushouts[2], (unsigned long long)c.pushouts[3]);
    TU_CHECK(c.stale_hashes > 0, "no body hash of a stale id");
    /* format 5: mover calls (body and free shape) that touched something */
    for (int k = FC_REPLAY_MOVER; k <= FC_REPLAY_MOVER_SHAPE; k++)
        TU_CHECK(c.hits[k] > 0, "no %s call that touched a body", fc_replay_op_name((fc_replay_op_kind)k));
    TU_CHECK(c.max_live >= 10000, "largest replay has only %d live bodies", c.max_live);
    TU_CHECK(c.frames >= 5000, "only %u frames in all", c.frames);
    TU_CHECK(!breaking || c.frames >= 100000000u, "--break: demands 10^8 frames");
    printf("coverage: %u frames, max %d live bodies; %llu version 3 frames; cast hits 2D %llu (t = 0: %llu, t = 1: %llu, "
           "grazing: %llu), 3D %llu (%llu, %llu, %llu)\n",
           c.frames, c.max_live, (unsigned long long)c.v3_frames, (unsigned long long)c.cast_hits[2],
           (unsigned long long)c.cast_t0[2], (unsigned long long)c.cast_t1[2], (unsigned long long)c.cast_graze[2],
           (unsigned long long)c.cast_hits[3], (unsigned long long)c.cast_t0[3], (unsigned long long)c.cast_t1[3],
           (unsigned long long)c.cast_graze[3]);
    return tu_finish("replay coverage");
}
