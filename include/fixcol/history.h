/* SPDX-License-Identifier: MIT */
/* fixcol/history.h - the frame-history ring: rollback at game speed.
 *
 * A rollback client saves every frame and, on a late input, goes back k
 * frames and re-simulates. A world with a history records, while the game
 * changes it, the old value of every body slot the first time the frame
 * touches it (an undo log), into a ring allocated once, when the history
 * begins:
 *
 *     fc_world_history_begin(w, 16, 1 << 20);   (16 frames, 1 MiB of records)
 *     every frame:
 *         moves, creates, destroys ...
 *         fc_world_find_pairs(w, ...);  fc_world_pair_events(w, ...);
 *         fc_world_history_save(w);                  (close the frame)
 *     on a late input for the frame k saves back:
 *         fc_world_history_rollback(w, k);
 *         re-simulate the k frames (moves, find_pairs, save) ...
 *
 * After fc_world_history_rollback(w, k) the world is exactly as it was
 * after the save k saves before the last one (k = 0: the last save, i.e.
 * the changes since it are undone): the same checksum, the same snapshot
 * bytes, the same ids handed out by later creates (generations and the
 * free list are restored), the same pairs, queries and contacts, and the
 * same events from the next fc_world_find_pairs: like fc_world_restore, a
 * rollback takes the rolled-back contents' pair list as the events'
 * previous list (listed lazily, by the first call after the rollback that
 * changes a body or lists pairs). That is the list the saved frame had
 * when the frame listed its pairs after its last change (the loop above);
 * a frame that changes bodies after its last fc_world_find_pairs and
 * before its save gets, after a rollback to it, the events against its
 * contents' pairs instead. fc_world_pair_events right after a rollback
 * reports no events (as after fc_world_restore). A full snapshot
 * (fc_world_snapshot) can be taken at any time, the ring unaffected.
 *
 * Costs. Records, in 4-byte words: a 2D circle or AABB translated
 * (fc_world_translate2): 12 bytes per body per frame, however often it
 * moves in the frame; any other change of a body (create, destroy, set
 * shape / angle / filter / user data, a 3D translate, a 2D translate of
 * another shape): 44 bytes, plus sizeof of the body's big shape (about 100
 * bytes: OBB, capsule, polygon, AABB3, OBB3, capsule3) when it has one, once per
 * body per frame; a create or destroy adds 4 bytes for the free list. A
 * save is O(1) (it closes the frame); a rollback is O(records undone) plus
 * one broadphase update per body they touch. Neither allocates (a save
 * reserves big-shape entries only when the frame made bodies with big
 * shapes beyond the pool's peak; see fc_world_history_rollback for the
 * broadphase). The recording adds one untaken branch to every change when
 * no history is on. Figures: docs/rollback.md.
 *
 * Capacity: frames saves can be rolled back to (1..4096), within bytes of
 * records (4096..2^30, rounded down to a multiple of 4) for those frames
 * and the open one. When the records outgrow the bytes, the oldest frames
 * are dropped (the depth shrinks); a single frame that does not fit at all
 * loses the history (see fc_world_history_save).
 *
 * fc_world_restore keeps the history on but empties it: the restored
 * state is its new base (depth 0). Threads: as the world.
 */
#ifndef FIXCOL_HISTORY_H
#define FIXCOL_HISTORY_H

#include <fixcol/api.h>

#include <stdint.h>

#include <fixcol/status.h>
#include <fixcol/world.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FC_HISTORY_MAX_FRAMES 4096
#define FC_HISTORY_MIN_BYTES 4096
#define FC_HISTORY_MAX_BYTES (1 << 30)

/* Start (or restart) w's history: a ring of frames frames within bytes
 * bytes of records, allocated now (bytes + 24 * (frames + 1) bytes, from
 * the world's allocator); the current state is its base (depth 0). A
 * history already on is replaced. Errors (w unchanged, an old history
 * kept): FC_ERR_NULL; FC_ERR_ARGUMENT (frames outside 1..4096, bytes
 * outside 4096..2^30); FC_ERR_NO_MEMORY. */
FC_API fc_status fc_world_history_begin(fc_world *w, int32_t frames, int32_t bytes);

/* Stop recording and free the ring. NULL, or no history: nothing. */
FC_API void fc_world_history_end(fc_world *w);

/* Close the frame: the current state becomes the newest save (depth + 1,
 * up to frames; the oldest save is dropped beyond it). O(1), no
 * allocation unless the frame created big shapes beyond the big-shape
 * pool's peak. Errors: FC_ERR_NULL; FC_ERR_ARGUMENT (no history on);
 * FC_ERR_NO_MEMORY (nothing changed); FC_ERR_CAPACITY: the frame's
 * records did not fit the ring's bytes even with every older frame
 * dropped - the history is lost and starts again at this state (depth 0,
 * this save its base); the world itself is never changed by a save. */
FC_API fc_status fc_world_history_save(fc_world *w);

/* Return w to the state after the save k saves before the newest (k = 0:
 * the newest), dropping the saves after it (depth - k left) and the
 * changes since. O(records undone + bodies they touch); allocates nothing
 * (see the one exception below). Outputs of earlier calls become invalid,
 * as after a mutation. Errors, with w and its history unchanged:
 * FC_ERR_NULL; FC_ERR_ARGUMENT (no history on); FC_ERR_RANGE (k < 0 or
 * k > depth); FC_ERR_CAPACITY (the open frame overflowed the ring: nothing
 * to roll back to until the next save); FC_ERR_NO_MEMORY (big-shape pool
 * entries for the open frame's records could not be reserved). The one
 * exception: when moving a body back needs a broadphase node beyond the
 * tree's node pool (the pool never shrinks, so only when the old layout
 * needs more nodes than the tree ever held at once) and the allocator
 * fails, the call returns FC_ERR_NO_MEMORY with the bodies rolled back but
 * that body's broadphase entry not (fc_world_validate reports it); not
 * seen in any test or bench (0 allocator calls per rollback). */
FC_API fc_status fc_world_history_rollback(fc_world *w, int32_t k);

/* The history's figures. */
typedef struct fc_history_stats {
    int32_t frames;      /* capacity in saves (fc_world_history_begin) */
    int32_t depth;       /* the largest k rollback takes now, 0..frames */
    int64_t bytes;       /* capacity in bytes of records */
    int64_t used;        /* bytes held: the saved frames' records and the open frame's */
    int64_t last_save;   /* bytes of records of the frame the last save closed */
    int64_t open;        /* bytes of records of the open frame */
    int32_t overflowed;  /* 1 when the open frame did not fit (the next save resets) */
} fc_history_stats;

/* Fill *out. Errors: FC_ERR_NULL; FC_ERR_ARGUMENT (no history on: *out all
 * zero). */
FC_API fc_status fc_world_history_stats(const fc_world *w, fc_history_stats *out);

#ifdef __cplusplus
}
#endif

#endif
