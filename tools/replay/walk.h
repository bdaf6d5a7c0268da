/* SPDX-License-Identifier: MIT */
/* fixcol-replay's frame walker: re-run a replay up to one frame, handing
 * every operation to the command (trace prints them, svg keeps the queries
 * to draw), and leave the runner holding the world after that frame. */
#ifndef FIXCOL_TOOLS_WALK_H
#define FIXCOL_TOOLS_WALK_H

#include <fixcol/replay.h>

#include <stddef.h>
#include <stdint.h>

typedef struct walk {
    fc_replay_reader r; /* r.frames: the frame reached; r.error on a data error */
    fc_replay_runner rn;
    int have_rn;
    fc_replay_expect got; /* what the last frame walked produced (its pairs, events, contacts) */
} walk;

/* Called right after the runner applied operation i of frame w->r.frames
 * (every frame up to the wanted one) with the status the operation got and
 * the runner's query count before it (its result, if a query, is
 * w->rn.queries[q]). Any return other than FC_OK stops the walk with it. */
typedef fc_status (*walk_fn)(void *ctx, walk *w, uint32_t i, const fc_replay_op *op, fc_status os, uint32_t q);

/* Run data up to and including frame want (frames count from 1), reading and
 * dropping each frame's expected results. FC_OK with w->r.frames == want, or
 * FC_OK with fewer frames when the replay ends first (the caller reports
 * that), or the reader's / runner's / fn's error. Free with walk_free, also
 * on error. data must outlive the walk. */
fc_status walk_to(walk *w, const uint8_t *data, size_t size, uint32_t want, walk_fn fn, void *ctx);
void walk_free(walk *w);

/* Read (and drop) the expected results that end a frame. */
fc_status walk_skip_expect(fc_replay_reader *r);

#endif
