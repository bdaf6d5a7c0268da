/* SPDX-License-Identifier: MIT */
/* Private: the replay runner's version 3 and 4 parts (replay_run3.c:
 * skill-area queries, pair events and world contacts; replay_cast.c: shape
 * casts; replay_run4.c: push-outs, body hashes, pair findings inside a
 * frame; replay_run5.c: mover calls), called by replay_run.c. */
#ifndef FIXCOL_REPLAY_RUN_H
#define FIXCOL_REPLAY_RUN_H

#include <fixcol/replay.h>

/* QUERY_SECTOR / QUERY_RING: the world call's status, *count hits (0 on
 * error) and *hash = fc_hash_ids (seed (uint32)status) of them. */
fc_status fc_replay_run_area(fc_world *w, const fc_replay_op *op, uint32_t *count, uint64_t *hash);

/* QUERY_CAST / QUERY_CAST_ALL in a dim-D world: the world call's status,
 * *count hits (closest: 0 or 1; 0 on error) and *hash = fc_hash64 (seed
 * (uint32)status) of, per hit in order, the words index | generation << 32,
 * (uint32)t | (uint32)normal.x << 32, (uint32)normal.y | (uint32)normal.z << 32
 * (normal.z = 0 in 2D). */
fc_status fc_replay_run_cast(fc_world *w, int32_t dim, const fc_replay_op *op, uint32_t *count, uint64_t *hash);

/* The frame's pair finding in a version 3 frame: fc_world_find_contacts2/3
 * (which is the frame's fc_world_find_pairs call: pairs, pair_count), then
 * fc_world_pair_events (began, ended) into *got (see fixcol/replay.h and
 * docs/replay-format.md for the hashes). Returns the first error. */
fc_status fc_replay_run_contacts(fc_world *w, int32_t dim, fc_replay_expect *got);

/* Version 4 queries (fixcol/replay.h, docs/replay-format.md): each returns
 * the call's status and sets *count and *hash (64-bit, folded by the
 * caller). QUERY_PUSHOUT: fc_pushout2/3 of op's shape (a) and shape_b (b) in
 * a dim-D replay; *count 1 for a non-zero delta. */
fc_status fc_replay_run_pushout(int32_t dim, const fc_replay_op *op, uint32_t *count, uint64_t *hash);
/* QUERY_BODY_HASH: fc_world_body_hash(id); *count 1 on success. */
fc_status fc_replay_run_body_hash(const fc_world *w, fc_body_id id, uint32_t *count, uint64_t *hash);
/* QUERY_PAIRS: fc_world_find_pairs, then fc_world_pair_events; *count the pairs. */
fc_status fc_replay_run_pairs(fc_world *w, uint32_t *count, uint64_t *hash);

/* Version 5 (replay_run5.c): MOVER (fc_world_move2/3 of op->id, which the
 * world moves) or MOVER_SHAPE (fc_world_move_shape2/3 of op's shape) by
 * op->a with op's filter and mover definition (excluded ids tagged
 * world_tag); *count the touches, *hash the words of fixcol/replay.h. */
fc_status fc_replay_run_mover(fc_world *w, int32_t dim, uint32_t world_tag, const fc_replay_op *op, uint32_t *count,
                              uint64_t *hash);

#endif
