/* SPDX-License-Identifier: MIT */
/* The recorded replays together cover what issue 6 asks: every 2D and 3D
 * shape pair overlapping in some frame's pair list, every operation kind
 * (every query kind with at least one hit), snapshot and restore, a replay
 * with >= 10,000 live bodies, >= 5,000 frames in all; and each replay
 * verifies. Usage: test_replay_coverage [--break] FILE... (--break demands
 * 10^8 frames, so the check must fail). */
#include <fixcol/fixcol.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

typedef struct cover {
    int pair2[6][6], pair3[4][4];
    uint64_t kinds[FC_REPLAY_OP_KINDS], hits[FC_REPLAY_OP_KINDS];
    int32_t max_live;
    uint32_t frames;
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
            if (((op.kind >= FC_REPLAY_QUERY_SHAPE && op.kind <= FC_REPLAY_QUERY_RAY_ALL) || op.kind >= FC_REPLAY_QUERY_RANGE) &&
                nq < 4096)
                qk[nq++] = op.kind;
        }
        fc_replay_expect e;
        fc_replay_read_expect(&r, &e);
        for (uint32_t i = 0; i < e.query_count; i++) {
            fc_replay_query_expect q;
            fc_replay_read_query_expect(&r, &q);
            if (i < nq && q.count > 0)
                c->hits[qk[i]]++;
        }
    }
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
    }
    for (int a = 1; a <= 5; a++)
        for (int b = a; b <= 5; b++)
            TU_CHECK(c.pair2[a][b], "no overlapping 2D pair of shape types %d and %d", a, b);
    for (int a = 1; a <= 3; a++)
        for (int b = a; b <= 3; b++)
            TU_CHECK(c.pair3[a][b], "no overlapping 3D pair of shape types %d and %d", a, b);
    for (int k = 1; k < FC_REPLAY_OP_KINDS; k++)
        TU_CHECK(c.kinds[k] > 0, "no %s operation", fc_replay_op_name((fc_replay_op_kind)k));
    for (int k = FC_REPLAY_QUERY_SHAPE; k <= FC_REPLAY_QUERY_RAY_ALL; k++)
        TU_CHECK(c.hits[k] > 0, "no %s query with a hit", fc_replay_op_name((fc_replay_op_kind)k));
    /* range checksums over used slots, dumps (count: used slots, bytes) */
    TU_CHECK(c.hits[FC_REPLAY_QUERY_RANGE] > 0, "no range query over used slots");
    TU_CHECK(c.hits[FC_REPLAY_QUERY_DUMP] > 0, "no dump query");
    TU_CHECK(c.max_live >= 10000, "largest replay has only %d live bodies", c.max_live);
    TU_CHECK(c.frames >= 5000, "only %u frames in all", c.frames);
    TU_CHECK(!breaking || c.frames >= 100000000u, "--break: demands 10^8 frames");
    printf("coverage: %u frames, max %d live bodies\n", c.frames, c.max_live);
    return tu_finish("replay coverage");
}
