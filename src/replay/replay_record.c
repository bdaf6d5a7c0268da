/* SPDX-License-Identifier: MIT */
/* The recorder: run operations through a runner and write them with the
 * results they produced. */
#include <fixcol/replay.h>

#include <stdlib.h>
#include <string.h>

#include "core/nofloat.h"

fc_status fc_replay_recorder_init(fc_replay_recorder *rec, const fc_replay_settings *s)
{
    if (!rec || !s)
        return FC_ERR_NULL;
    memset(rec, 0, sizeof *rec);
    fc_status st = fc_replay_writer_init(&rec->w, s, 0);
    if (st == FC_OK)
        st = fc_replay_runner_init(&rec->rn, s);
    if (st == FC_OK)
        fc_replay_runner_begin_frame(&rec->rn);
    rec->status = st;
    return st;
}

fc_status fc_replay_record(fc_replay_recorder *rec, fc_replay_op *op)
{
    if (rec->status != FC_OK)
        return rec->status;
    if (rec->op_count == FC_REPLAY_MAX_OPS)
        return rec->status = FC_ERR_CAPACITY;
    if (rec->op_count == rec->op_cap) {
        uint32_t c = rec->op_cap ? rec->op_cap * 2 : 64;
        fc_replay_op *p = (fc_replay_op *)realloc(rec->ops, (size_t)c * sizeof *p);
        if (!p)
            return rec->status = FC_ERR_NO_MEMORY;
        rec->ops = p;
        rec->op_cap = c;
    }
    fc_body_id got;
    memset(&got, 0, sizeof got);
    if (op->kind == FC_REPLAY_CREATE) /* the id to expect is whatever comes out */
        memset(&op->id, 0, sizeof op->id);
    fc_status st = fc_replay_runner_apply(&rec->rn, op, &got);
    if (op->kind == FC_REPLAY_CREATE && st == FC_OK) {
        op->id = got;
        rec->rn.bad_create_op = UINT32_MAX; /* the recorded id is the one handed out */
    }
    if (st == FC_ERR_NO_MEMORY)
        return rec->status = st;
    rec->ops[rec->op_count++] = *op;
    return st;
}

fc_status fc_replay_recorder_end_frame(fc_replay_recorder *rec)
{
    if (rec->status != FC_OK)
        return rec->status;
    fc_replay_expect got;
    fc_status st = fc_replay_runner_end_frame(&rec->rn, &got);
    if (st == FC_ERR_NO_MEMORY)
        return rec->status = st;
    fc_replay_write_frame(&rec->w, rec->op_count);
    for (uint32_t i = 0; i < rec->op_count; i++)
        fc_replay_write_op(&rec->w, &rec->ops[i]);
    fc_replay_write_expect(&rec->w, &got);
    for (uint32_t i = 0; i < got.query_count; i++)
        fc_replay_write_query_expect(&rec->w, &rec->rn.queries[i]);
    rec->op_count = 0;
    fc_replay_runner_begin_frame(&rec->rn);
    return rec->status = rec->w.status;
}

fc_status fc_replay_recorder_finish(fc_replay_recorder *rec)
{
    if (rec->status != FC_OK)
        return rec->status;
    return rec->status = fc_replay_writer_finish(&rec->w);
}

void fc_replay_recorder_free(fc_replay_recorder *rec)
{
    if (!rec)
        return;
    fc_replay_runner_free(&rec->rn);
    fc_replay_writer_free(&rec->w);
    free(rec->ops);
    rec->ops = NULL;
    rec->op_count = rec->op_cap = 0;
}
