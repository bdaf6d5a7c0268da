/* SPDX-License-Identifier: MIT */
/* The frame walker (walk.h). */
#include "walk.h"

#include <string.h>

fc_status walk_skip_expect(fc_replay_reader *r)
{
    fc_replay_expect e;
    fc_replay_query_expect q;
    fc_status st = fc_replay_read_expect(r, &e);
    for (uint32_t i = 0; st == FC_OK && i < e.query_count; i++)
        st = fc_replay_read_query_expect(r, &q);
    return st;
}

fc_status walk_to(walk *w, const uint8_t *data, size_t size, uint32_t want, walk_fn fn, void *ctx)
{
    memset(w, 0, sizeof *w);
    fc_status st = fc_replay_open(&w->r, data, size);
    if (st == FC_OK && (st = fc_replay_runner_init(&w->rn, &w->r.settings)) == FC_OK)
        w->have_rn = 1;
    while (st == FC_OK && w->r.frames < want) {
        int32_t more = 0;
        uint32_t n = 0;
        if ((st = fc_replay_next_frame(&w->r, &more, &n)) != FC_OK || !more)
            break;
        fc_replay_runner_begin_frame(&w->rn);
        for (uint32_t i = 0; i < n && st == FC_OK; i++) {
            fc_replay_op op;
            if ((st = fc_replay_next_op(&w->r, &op)) != FC_OK)
                break;
            uint32_t q = w->rn.query_count;
            fc_status os = fc_replay_runner_apply(&w->rn, &op, NULL);
            st = fn(ctx, w, i, &op, os, q);
        }
        if (st == FC_OK)
            st = walk_skip_expect(&w->r);
        if (st == FC_OK)
            fc_replay_runner_end_frame(&w->rn, &w->got);
    }
    return st;
}

void walk_free(walk *w)
{
    if (w->have_rn)
        fc_replay_runner_free(&w->rn);
    w->have_rn = 0;
}
