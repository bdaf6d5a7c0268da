/* SPDX-License-Identifier: MIT */
/* Verify a replay: re-run every frame and compare with what it recorded,
 * keeping the first divergence with enough detail to locate it. */
#include <fixcol/replay.h>

#include <stdlib.h>
#include <string.h>

#include "core/nofloat.h"

typedef struct verify_state {
    fc_replay_reader r;
    fc_replay_runner rn;
    fc_replay_op *ops; /* the current frame's operations (for reporting) */
    uint32_t ops_cap;
} verify_state;

/* Record the frame's first divergence (most specific first). */
static void compare(verify_state *v, const fc_replay_expect *exp, const fc_replay_query_expect *qexp,
                    const fc_replay_expect *got, fc_replay_verify_result *res)
{
    fc_replay_runner *rn = &v->rn;
    fc_replay_mismatch m;
    memset(&m, 0, sizeof m);
    m.expected = *exp;
    m.got = *got;
    if (rn->bad_create_op != UINT32_MAX) {
        m.what = FC_REPLAY_DIFF_CREATE_ID;
        m.op_index = rn->bad_create_op;
        m.got_id = rn->bad_create_id;
    } else if (exp->ops != got->ops) {
        m.what = FC_REPLAY_DIFF_OPS;
    } else {
        for (uint32_t i = 0; i < exp->query_count && m.what == FC_REPLAY_DIFF_NONE; i++)
            if (qexp[i].count != rn->queries[i].count || qexp[i].hash != rn->queries[i].hash) {
                m.what = FC_REPLAY_DIFF_QUERY;
                m.query_index = i;
                m.op_index = rn->query_op[i];
                m.query_expected = qexp[i];
                m.query_got = rn->queries[i];
            }
        if (m.what == FC_REPLAY_DIFF_NONE && (exp->pairs != got->pairs || exp->pair_count != got->pair_count))
            m.what = FC_REPLAY_DIFF_PAIRS;
        else if (m.what == FC_REPLAY_DIFF_NONE &&
                 (exp->began != got->began || exp->began_count != got->began_count || exp->ended != got->ended ||
                  exp->ended_count != got->ended_count))
            m.what = FC_REPLAY_DIFF_EVENTS;
        else if (m.what == FC_REPLAY_DIFF_NONE &&
                 (exp->contacts != got->contacts || exp->contact_count != got->contact_count))
            m.what = FC_REPLAY_DIFF_CONTACTS;
        else if (m.what == FC_REPLAY_DIFF_NONE && exp->state != got->state)
            m.what = FC_REPLAY_DIFF_STATE;
        else if (m.what == FC_REPLAY_DIFF_NONE && exp->checksum != got->checksum)
            m.what = FC_REPLAY_DIFF_CHECKSUM;
    }
    if (m.what == FC_REPLAY_DIFF_NONE)
        return;
    if (res->bad_frames++ == 0) {
        m.frame = v->r.frames;
        if (m.what == FC_REPLAY_DIFF_CREATE_ID || m.what == FC_REPLAY_DIFF_QUERY)
            m.op = v->ops[m.op_index];
        res->first = m;
    }
}

static fc_status run(verify_state *v, fc_hash64 *digest, fc_replay_verify_result *res, fc_replay_frame_fn on_frame,
                     void *ctx)
{
    fc_replay_reader *r = &v->r;
    fc_replay_query_expect *qexp = NULL;
    uint32_t qcap = 0;
    fc_status st = FC_OK;
    for (;;) {
        int32_t more = 0;
        uint32_t nops = 0;
        if ((st = fc_replay_next_frame(r, &more, &nops)) != FC_OK || !more)
            break;
        if (nops > v->ops_cap) {
            fc_replay_op *p = (fc_replay_op *)realloc(v->ops, (size_t)nops * sizeof *p);
            if (!p) {
                st = FC_ERR_NO_MEMORY;
                break;
            }
            v->ops = p;
            v->ops_cap = nops;
        }
        fc_replay_runner_begin_frame(&v->rn);
        for (uint32_t i = 0; i < nops && st == FC_OK; i++) {
            st = fc_replay_next_op(r, &v->ops[i]);
            if (st == FC_OK && fc_replay_runner_apply(&v->rn, &v->ops[i], NULL) == FC_ERR_NO_MEMORY)
                st = FC_ERR_NO_MEMORY;
        }
        fc_replay_expect exp, got;
        if (st == FC_OK)
            st = fc_replay_read_expect(r, &exp);
        if (st == FC_OK && exp.query_count > qcap) {
            fc_replay_query_expect *q = (fc_replay_query_expect *)realloc(qexp, (size_t)exp.query_count * sizeof *q);
            if (!q)
                st = FC_ERR_NO_MEMORY;
            else {
                qexp = q;
                qcap = exp.query_count;
            }
        }
        for (uint32_t i = 0; st == FC_OK && i < exp.query_count; i++)
            st = fc_replay_read_query_expect(r, &qexp[i]);
        if (st != FC_OK)
            break;
        if (fc_replay_runner_end_frame(&v->rn, &got) == FC_ERR_NO_MEMORY) {
            st = FC_ERR_NO_MEMORY;
            break;
        }
        res->frames++;
        res->ops += nops;
        if (digest)
            fc_hash64_word(digest, got.checksum);
        compare(v, &exp, qexp, &got, res);
        if (on_frame)
            on_frame(ctx, res->frames, &v->rn, r->pos, r->size);
    }
    free(qexp);
    return st;
}

fc_status fc_replay_verify(const uint8_t *data, size_t size, fc_hash64 *digest, fc_replay_verify_result *res,
                           fc_replay_error *err, fc_replay_frame_fn on_frame, void *ctx)
{
    if (!res || !err)
        return FC_ERR_NULL;
    memset(res, 0, sizeof *res);
    memset(err, 0, sizeof *err);
    verify_state *v = (verify_state *)calloc(1, sizeof *v);
    if (!v)
        return FC_ERR_NO_MEMORY;
    fc_status st = fc_replay_open(&v->r, data, size);
    if (st == FC_OK) {
        res->settings = v->r.settings;
        st = fc_replay_runner_init(&v->rn, &v->r.settings);
        if (st == FC_OK)
            st = run(v, digest, res, on_frame, ctx);
        fc_replay_runner_free(&v->rn);
    }
    if (v->r.status != FC_OK)
        *err = v->r.error;
    free(v->ops);
    free(v);
    return st;
}
