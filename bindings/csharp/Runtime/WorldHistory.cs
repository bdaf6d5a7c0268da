// SPDX-License-Identifier: MIT
using System;

namespace Fixcol
{
    /// <summary>
    /// The frame-history ring (fixcol/history.h, docs/rollback.md): the world
    /// records what every frame changes into a ring allocated once by
    /// HistoryBegin; HistorySave closes a frame (O(1)); HistoryRollback(k)
    /// returns the world to exactly the state after the save k saves before
    /// the newest (same checksum, snapshot bytes, ids handed out later, and
    /// the next FindPairs reports the events of the original run), in
    /// O(records undone). Neither allocates. Errors leave the world and its
    /// history unchanged; the Try forms return false and set LastStatus,
    /// the others throw FixcolException.
    /// </summary>
    public sealed unsafe partial class World
    {
        /// <summary>
        /// fc_world_history_begin: a ring of frames saves (1..4096) within
        /// bytes bytes of records (4096..2^30), replacing a history already
        /// on; the current state is its base (Depth 0). A 2D circle or AABB
        /// moved costs 12 bytes per frame, any other change of a body 44
        /// bytes (plus about 100 for a big shape). ErrArgument, ErrNoMemory.
        /// </summary>
        public void HistoryBegin(int frames, int bytes)
        {
            Throw(Native.fc_world_history_begin(Live, frames, bytes), "fc_world_history_begin");
        }

        public bool TryHistoryBegin(int frames, int bytes)
        {
            return Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_history_begin(w, frames, bytes));
        }

        /// <summary>fc_world_history_end: stop recording and free the ring (no history: nothing).</summary>
        public void HistoryEnd()
        {
            Native.fc_world_history_end(Live);
        }

        /// <summary>
        /// fc_world_history_save: the current state becomes the newest save.
        /// ErrArgument (no history on), ErrNoMemory, ErrCapacity (the frame
        /// did not fit the ring: the history restarts at this state, the
        /// world unchanged).
        /// </summary>
        public void HistorySave()
        {
            Throw(Native.fc_world_history_save(Live), "fc_world_history_save");
        }

        public bool TryHistorySave()
        {
            return Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_history_save(w));
        }

        /// <summary>
        /// fc_world_history_rollback: back to the state after the save k
        /// saves before the newest (k = 0: the newest; the saves after it are
        /// dropped). ErrArgument (no history on), ErrRange (k &lt; 0 or
        /// k &gt; Depth), ErrCapacity (the open frame overflowed the ring).
        /// Outputs of earlier calls become invalid, as after a mutation.
        /// </summary>
        public void HistoryRollback(int k)
        {
            Throw(Native.fc_world_history_rollback(Live, k), "fc_world_history_rollback");
        }

        public bool TryHistoryRollback(int k)
        {
            return Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_history_rollback(w, k));
        }

        /// <summary>fc_world_history_stats: the ring's figures. ErrArgument when no history is on.</summary>
        public HistoryStats HistoryStats()
        {
            HistoryStats s;
            Throw(Native.fc_world_history_stats(Live, out s), "fc_world_history_stats");
            return s;
        }

        public bool TryHistoryStats(out HistoryStats stats)
        {
            stats = default(HistoryStats);
            return Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_history_stats(w, out stats));
        }
    }
}
