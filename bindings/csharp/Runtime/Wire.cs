// SPDX-License-Identifier: MIT
using System;
using System.Runtime.InteropServices;
using System.Text;

namespace Fixcol
{
    /// <summary>fc_wire_type: the kind of a wire message.</summary>
    public enum WireType { Checksum = 1, Start = 2, Ask = 3, Answer = 4, DumpAsk = 5, Dump = 6, Report = 7, Verdict = 8, Abort = 9 }

    /// <summary>fc_wire_verdict: how a search ended (Running while it runs).</summary>
    public enum WireVerdict { Running = 0, Equal = 1, Found = 2, Budget = 3, Inconsistent = 4, Aborted = 5, Cap = 6 }

    /// <summary>fc_wire_reason: why an Abort message was sent (0: not an Abort).</summary>
    public enum WireReason { None = 0, Caller = 1, Cap = 2, BadRequest = 3 }

    /// <summary>fc_wire_rx: what Wire.Receive made of a message (docs/lockstep.md).</summary>
    public enum WireRx
    {
        Accepted = 0, Start = 1, Report = 2, Verdict = 3, Aborted = 4, Malformed = 5, Version = 6, Session = 7,
        Replayed = 8, OutOfOrder = 9, Unexpected = 10, Inconsistent = 11, Cap = 12, Ended = 13, Null = 14,
    }

    /// <summary>
    /// fc_wire, mirrored for P/Invoke: read-only for callers (1936 bytes on
    /// every target; the follower's dump line buffer is opaque here).
    /// </summary>
    [StructLayout(LayoutKind.Sequential, Size = 1936)]
    public struct WireState
    {
        public uint Role, State, Session, Frame;
        public uint Verdict, Done, Messages, MaxMessages;
        public uint Found, Round, Pending, Reason;
        public uint Dim, TheirDim, TheirSlots, Slot;
        public uint Reply, TextLen;
        public ulong Question, Mine, Leaf, First;
        public DesyncState Search;
    }

    /// <summary>fc_wire_msg as C lays it out (the text points into the decoded bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
#if FIXCOL_TEST_PUBLIC_NATIVE
    public struct WireMsgNative
#else
    internal struct WireMsgNative
#endif
    {
        public uint Type, Version, Session, Frame, Round;
        public ulong Value;
        public uint Slot, Dim, MaxFound, MaxRounds;
        public uint Verdict, Found, Rounds, Reason;
        public IntPtr Text;
        public uint TextLen;
    }

    /// <summary>A decoded message (Wire.Decode). Fields its type does not carry are 0 / null.</summary>
    public struct WireMessage
    {
        public WireType Type;
        public uint Version, Session, Frame, Round;
        /// <summary>Checksum (Checksum), question (Ask) or answer (Answer).</summary>
        public ulong Value;
        public uint Slot, Dim, MaxFound, MaxRounds;
        public WireVerdict Verdict;
        public uint Found, Rounds;
        public WireReason Reason;
        /// <summary>Dump: the follower's dump line; Report: the report text (ASCII).</summary>
        public string Text;
    }

    /// <summary>
    /// One side of one desync search on the wire (fixcol/wire.h,
    /// docs/lockstep.md): bytes in, bytes out; the caller moves the messages.
    /// Leader (the server): Wire.Leader(session, frame); loop Produce(worldAtFrame)
    /// until it returns null, send each message; on a message from the
    /// follower, Receive(bytes) then Produce again. Follower (a client):
    /// Wire.Follower(); Receive(bytes) (WireRx.Start: restore the world to
    /// Frame), then Produce(worldAtFrame) until null. Receive never throws for
    /// any bytes (malformed, replayed, out-of-order, foreign messages change
    /// nothing and get their WireRx); the round budget and the message cap
    /// end every search with a Verdict. No allocation but the returned arrays.
    /// </summary>
    public sealed class Wire
    {
        /// <summary>FC_WIRE_VERSION.</summary>
        public const uint Version = 1;
        /// <summary>FC_WIRE_MESSAGE_MAX: the largest message; Produce's buffer must hold it.</summary>
        public const int MessageMax = 24 + 4 + 4096;
        /// <summary>FC_WIRE_DEFAULT_FOLLOWER_CAP.</summary>
        public const uint DefaultFollowerCap = 4096;

        WireState s;

        Wire() { }

        /// <summary>fc_wire_leader: a leader search about frame (session not 0; maxFound 0: 64,
        /// else 1..2^24; maxRounds 0: the documented bound; maxMessages 0: the default cap).
        /// FixcolException ErrArgument (session 0, maxFound past 2^24).</summary>
        public static Wire Leader(uint session, uint frame, uint maxFound = 0, uint maxRounds = 0, uint maxMessages = 0)
        {
            var w = new Wire();
            FixcolException.Check(Native.fc_wire_leader(ref w.s, session, frame, maxFound, maxRounds, maxMessages), "fc_wire_leader");
            return w;
        }

        /// <summary>fc_wire_follower: a follower waiting for a Start (maxMessages 0: DefaultFollowerCap).</summary>
        public static Wire Follower(uint maxMessages = 0)
        {
            var w = new Wire();
            FixcolException.Check(Native.fc_wire_follower(ref w.s, maxMessages), "fc_wire_follower");
            return w;
        }

        /// <summary>fc_wire_receive of the whole array. FixcolException ErrNull for null (nothing counted).</summary>
        public WireRx Receive(byte[] message)
        {
            if (message == null)
                throw new FixcolException(Status.ErrNull, "Wire.Receive");
            return Receive(message, message.Length);
        }

        /// <summary>fc_wire_receive of message[0, length). FixcolException ErrNull (null) or
        /// ErrArgument (length outside 0..message.Length); nothing counted then.</summary>
        public WireRx Receive(byte[] message, int length)
        {
            if (message == null)
                throw new FixcolException(Status.ErrNull, "Wire.Receive");
            if (length < 0 || length > message.Length)
                throw new FixcolException(Status.ErrArgument, "Wire.Receive");
            byte[] m = message.Length == 0 ? new byte[1] : message; // a non-null pointer for an empty message
            return Native.fc_wire_receive(ref s, m, (UIntPtr)(uint)length);
        }

        /// <summary>fc_wire_produce into buffer (at least MessageMax bytes): the message length,
        /// 0 when there is nothing to send now. world: at this search's Frame.
        /// FixcolException ErrNull (null buffer), ErrBuffer (too small); ObjectDisposedException
        /// for a disposed world; the search is then unchanged.</summary>
        public int Produce(World world, byte[] buffer)
        {
            if (world == null || buffer == null)
                throw new FixcolException(Status.ErrNull, "Wire.Produce");
            UIntPtr n;
            FixcolException.Check(Native.fc_wire_produce(ref s, world.LiveHandle, buffer, (UIntPtr)(uint)buffer.Length, out n),
                "fc_wire_produce");
            return (int)(uint)n;
        }

        /// <summary>fc_wire_produce as a new array, or null when there is nothing to send now.</summary>
        public byte[] Produce(World world)
        {
            var buf = new byte[MessageMax];
            int n = Produce(world, buf);
            if (n == 0)
                return null;
            var m = new byte[n];
            Array.Copy(buf, m, n);
            return m;
        }

        /// <summary>fc_wire_abort: end the search from this side; the next Produce sends Abort.</summary>
        public void Abort() { Native.fc_wire_abort(ref s); }

        /// <summary>A copy of the state (read-only view of fc_wire).</summary>
        public WireState State { get { return s; } }
        public bool IsLeader { get { return s.Role == 1; } }
        public uint Session { get { return s.Session; } }
        /// <summary>The frame both worlds are compared at (follower: after WireRx.Start).</summary>
        public uint Frame { get { return s.Frame; } }
        public WireVerdict Verdict { get { return (WireVerdict)s.Verdict; } }
        /// <summary>True once nothing more is sent or taken.</summary>
        public bool Ended { get { return s.Done != 0; } }
        /// <summary>Receive calls counted towards the cap, and the cap.</summary>
        public uint Messages { get { return s.Messages; } }
        public uint MaxMessages { get { return s.MaxMessages; } }
        /// <summary>Slots reported (leader: sent; follower: received).</summary>
        public uint Found { get { return s.Found; } }
        /// <summary>Leader: bisection answers fed so far.</summary>
        public uint Rounds { get { return s.Search.Rounds; } }

        /// <summary>fc_wire_checksum: the Checksum message "my checksum at frame".</summary>
        public static byte[] Checksum(uint frame, ulong checksum)
        {
            var b = new byte[32];
            UIntPtr n;
            FixcolException.Check(Native.fc_wire_checksum(frame, checksum, b, (UIntPtr)32u, out n), "fc_wire_checksum");
            return b;
        }

        /// <summary>fc_wire_decode of message[0, length): Status.Ok and the message, or
        /// ErrFormat / ErrVersion (m default); ErrNull / ErrArgument for a null array or a
        /// length outside 0..message.Length.</summary>
        public static Status Decode(byte[] message, int length, out WireMessage m)
        {
            m = default(WireMessage);
            if (message == null)
                return Status.ErrNull;
            if (length < 0 || length > message.Length)
                return Status.ErrArgument;
            byte[] b = message.Length == 0 ? new byte[1] : message;
            GCHandle h = GCHandle.Alloc(b, GCHandleType.Pinned);
            try
            {
                IntPtr p = h.AddrOfPinnedObject();
                WireMsgNative n;
                Status st = Native.fc_wire_decode(p, (UIntPtr)(uint)length, out n);
                if (st != Status.Ok)
                    return st;
                m.Type = (WireType)n.Type;
                m.Version = n.Version;
                m.Session = n.Session;
                m.Frame = n.Frame;
                m.Round = n.Round;
                m.Value = n.Value;
                m.Slot = n.Slot;
                m.Dim = n.Dim;
                m.MaxFound = n.MaxFound;
                m.MaxRounds = n.MaxRounds;
                m.Verdict = (WireVerdict)n.Verdict;
                m.Found = n.Found;
                m.Rounds = n.Rounds;
                m.Reason = (WireReason)n.Reason;
                if (n.Text != IntPtr.Zero)
                {
                    long off = n.Text.ToInt64() - p.ToInt64();
                    m.Text = Encoding.ASCII.GetString(b, (int)off, (int)n.TextLen);
                }
                return Status.Ok;
            }
            finally
            {
                h.Free();
            }
        }

        /// <summary>Decode of the whole array; FixcolException for a bad message.</summary>
        public static WireMessage Decode(byte[] message)
        {
            WireMessage m;
            FixcolException.Check(Decode(message, message == null ? 0 : message.Length, out m), "fc_wire_decode");
            return m;
        }
    }
}
