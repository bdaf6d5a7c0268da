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
    }

    /// <summary>
    /// fc_desync, mirrored for P/Invoke: the scalar fields, then the range
    /// stack (opaque here), 800 bytes on every target.
    /// </summary>
    [StructLayout(LayoutKind.Sequential, Size = 800)]
    public struct DesyncState
    {
        public uint Phase, Waiting;
        public ulong Question;
        public uint Rounds, Found, Slots, Depth;
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

        /// <summary>Answers fed so far.</summary>
        public uint Rounds { get { return s.Rounds; } }
        /// <summary>Slots reported so far.</summary>
        public uint Found { get { return s.Found; } }
        /// <summary>The search space [0, Slots) after round 2.</summary>
        public uint Slots { get { return s.Slots; } }
    }
}
