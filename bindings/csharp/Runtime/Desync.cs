// SPDX-License-Identifier: MIT
using System;
using System.Runtime.InteropServices;

namespace Fixcol
{
    /// <summary>fc_desync_step: what Desync.Next asks the caller to do.</summary>
    public enum DesyncStep
    {
        /// <summary>Send the question (value) to the responder, feed both answers.</summary>
        Ask = 1,
        /// <summary>Slot (uint)value differs; call Next again.</summary>
        Found = 2,
        /// <summary>Every differing slot has been reported.</summary>
        Done = 3,
        /// <summary>Stopped: the budget (MaxFound slots or MaxRounds answers) is spent with
        /// ranges still to search; repeated until SetBudget raises it (FC_DESYNC_LIMIT).</summary>
        Limit = 4,
    }

    /// <summary>
    /// fc_desync, mirrored for P/Invoke: the scalar fields, then the range
    /// stack (opaque here), 808 bytes on every target.
    /// </summary>
    [StructLayout(LayoutKind.Sequential, Size = 808)]
    public struct DesyncState
    {
        public uint Phase, Waiting;
        public ulong Question;
        public uint Rounds, Found, Slots, Depth;
        public uint MaxFound, MaxRounds;
    }

    /// <summary>
    /// The asker's side of the desync bisection (fixcol/desync.h,
    /// docs/desync.md): a pure state machine over the 64-bit answers fed to
    /// it. Loop: Next -> Ask: send value, receive theirs, compute mine with
    /// World.DesyncAnswer(value), Feed(mine, theirs); Found: log the slot;
    /// Done: stop. No allocation after construction.
    /// </summary>
    public sealed class Desync
    {
        /// <summary>FC_DESYNC_ASK_SLOTS, the question "how many slots do you use?".</summary>
        public const ulong AskSlots = ulong.MaxValue;
        /// <summary>FC_DESYNC_DEFAULT_MAX_FOUND: the default cap on reported slots (64).</summary>
        public const uint DefaultMaxFound = 64;

        DesyncState s;

        public Desync() { Native.fc_desync_init(ref s); }

        /// <summary>fc_desync_init: start over.</summary>
        public void Reset() { Native.fc_desync_init(ref s); }

        /// <summary>fc_desync_next: the next step and its value (a question, or a slot index).</summary>
        public DesyncStep Next(out ulong value) { return Native.fc_desync_next(ref s, out value); }

        /// <summary>fc_desync_feed: FixcolException (ErrArgument: no question pending;
        /// ErrFormat: a slot count past 2^24); the search is then unchanged.</summary>
        public void Feed(ulong mine, ulong theirs)
        {
            FixcolException.Check(Native.fc_desync_feed(ref s, mine, theirs), "fc_desync_feed");
        }

        public bool TryFeed(ulong mine, ulong theirs, out Status status)
        {
            status = Native.fc_desync_feed(ref s, mine, theirs);
            return status == Status.Ok;
        }

        /// <summary>fc_desync_set_budget: at most maxFound (1..2^24) slots reported and
        /// maxRounds answers fed (0: the default bound 2 + maxFound * ceil(log2 S)); applies to
        /// the next question or report, so raising it resumes a search stopped with Limit.
        /// FixcolException ErrArgument (maxFound out of range; the search is then unchanged).</summary>
        public void SetBudget(uint maxFound, uint maxRounds)
        {
            FixcolException.Check(Native.fc_desync_set_budget(ref s, maxFound, maxRounds), "fc_desync_set_budget");
        }

        public bool TrySetBudget(uint maxFound, uint maxRounds, out Status status)
        {
            status = Native.fc_desync_set_budget(ref s, maxFound, maxRounds);
            return status == Status.Ok;
        }

        /// <summary>The cap on reported slots (DefaultMaxFound after construction).</summary>
        public uint MaxFound { get { return s.MaxFound; } }
        /// <summary>The round budget; 0: the default bound 2 + MaxFound * ceil(log2 S).</summary>
        public uint MaxRounds { get { return s.MaxRounds; } }

        /// <summary>Answers fed so far.</summary>
        public uint Rounds { get { return s.Rounds; } }
        /// <summary>Slots reported so far.</summary>
        public uint Found { get { return s.Found; } }
        /// <summary>The search space [0, Slots) after round 2.</summary>
        public uint Slots { get { return s.Slots; } }
    }
}
