// SPDX-License-Identifier: MIT
using System;
using System.Runtime.InteropServices;

namespace Fixcol
{
    /// <summary>fc_replay_op_kind.</summary>
    public enum ReplayOpKind
    {
        Create = 1, Move = 2, Turn = 3, Set = 4, Destroy = 5,
        QueryShape = 6, QueryPoint = 7, QueryRay = 8, QueryRayAll = 9,
        Snapshot = 10, Restore = 11,
        QueryRange = 12, QueryDump = 13,
        /// <summary>Format version 3: skill areas and shape casts.</summary>
        QuerySector = 14, QueryRing = 15, QueryCast = 16, QueryCastAll = 17,
        /// <summary>Format version 4: push-outs, filter changes, body hashes, pair findings inside a frame.</summary>
        QueryPushout = 18, SetFilter = 19, QueryBodyHash = 20, QueryPairs = 21,
        /// <summary>Format version 5: mover calls on a body (the world moves it) and on a free shape.</summary>
        Mover = 22, MoverShape = 23,
    }

    /// <summary>
    /// fc_replay_mover (format 5): every fc_mover_def field as recorded (the
    /// query filter is ReplayOp.Filter) and up to MaxExclude excluded ids
    /// (ExcludeCount of them; Exclude(i); their World is not stored).
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct ReplayMover
    {
        public const int MaxExclude = 4;
        public int Skin, MaxIterations, StepHeight, SnapDistance, UpAxis, UpSign, SlopeRun, SlopeRise;
        public uint ExcludeCount;
        BodyId exclude0, exclude1, exclude2, exclude3;

        /// <summary>Excluded id i (0 &lt;= i &lt; MaxExclude).</summary>
        public BodyId Exclude(int i)
        {
            switch (i)
            {
                case 0: return exclude0;
                case 1: return exclude1;
                case 2: return exclude2;
                case 3: return exclude3;
                default: throw new ArgumentOutOfRangeException("i");
            }
        }
    }

    /// <summary>fc_replay_op: one decoded operation (only its kind's fields are meaningful).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct ReplayOp
    {
        public ReplayOpKind Kind;
        public BodyId Id;
        public Filter Filter;
        public uint Slot;
        public Angle Angle;
        public Vec3 A, B;
        public Shape2 Shape2;
        public Shape3 Shape3;
        /// <summary>QueryRange: slots [Lo, Hi).</summary>
        public uint Lo, Hi;
        /// <summary>QuerySector (format 3).</summary>
        public Sector2 Sector;
        /// <summary>QueryRing (format 3).</summary>
        public Ring2 Ring;
        /// <summary>QueryPushout (format 4): B, the shape pushed out of A (Shape2 / Shape3), in a 2D replay.</summary>
        public Shape2 Shape2B;
        /// <summary>QueryPushout (format 4): B in a 3D replay.</summary>
        public Shape3 Shape3B;
        /// <summary>Mover, MoverShape (format 5): the mover definition (A is the desired displacement; MoverShape's free shape is Shape2 / Shape3).</summary>
        public ReplayMover Mover;
    }

    /// <summary>fc_replay_settings.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct ReplaySettings
    {
        public int Dim;
        public Vec2 BoundsMin;
        public int BoundsLog2;
        public int MaxDepth;
        public int Layout;
        /// <summary>Format version (the reader sets the file's).</summary>
        public int Version;
    }

    /// <summary>fc_replay_expect: what a frame must produce.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct ReplayExpect
    {
        public ulong Checksum, State, Pairs;
        public uint PairCount, Ops, QueryCount;
        /// <summary>Format 3 and 4 frames (Extended = 1): pair events and world contacts.</summary>
        public uint Extended, BeganCount, Began, EndedCount, Ended, ContactCount, Contacts;
    }

    /// <summary>fc_replay_query_expect.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct QueryExpect
    {
        public uint Count, Hash;
    }

    /// <summary>fc_replay_error.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe struct ReplayError
    {
        public ulong Offset;
        public uint Line, Column;
        public fixed byte Reason[112];
    }

    /// <summary>fc_replay_reader (mirrored so it can live in managed memory; fields are the C library's).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct ReplayReaderState
    {
        public IntPtr Data;
        public UIntPtr Size, Pos;
        public int Text;
        public uint Line;
        public UIntPtr LineStart;
        public ReplaySettings Settings;
        public uint Frames, OpsLeft, QueriesSeen, QueriesLeft;
        public int Phase;
        public Status Status;
        public ReplayError Error;
    }

    /// <summary>
    /// The replay reader (fc_replay_open / next_frame / next_op /
    /// read_expect / read_query_expect) over a copy of a .fcr or text replay.
    /// Malformed input is a FixcolException whose message holds the position
    /// and reason; the reader never trusts the bytes.
    /// </summary>
    public sealed class ReplayReader : IDisposable
    {
        IntPtr data;
        ReplayReaderState r;

        public ReplayReader(byte[] bytes)
        {
            if (bytes == null)
                throw new ArgumentNullException("bytes");
            data = Marshal.AllocHGlobal(Math.Max(1, bytes.Length));
            Marshal.Copy(bytes, 0, data, bytes.Length);
            Status st = Native.fc_replay_open(ref r, data, (UIntPtr)(uint)bytes.Length);
            if (st != Status.Ok)
            {
                string text = ErrorText();
                Dispose();
                throw new FixcolException(st, "ReplayReader (fc_replay_open): " + text);
            }
        }

        public ReplaySettings Settings { get { return r.Settings; } }

        // The message names the call and the reader's position and reason.
        void Check(Status st, string call)
        {
            if (st != Status.Ok)
                throw new FixcolException(st, "ReplayReader." + call + ": " + ErrorText());
        }

        // ObjectDisposedException after Dispose (the copied bytes are freed).
        void Live()
        {
            if (data == IntPtr.Zero)
                throw new ObjectDisposedException("Fixcol.ReplayReader");
        }

        public string ErrorText()
        {
            byte[] buf = new byte[256];
            Native.fc_replay_error_format(ref r.Error, buf, (UIntPtr)(uint)buf.Length);
            int n = Array.IndexOf(buf, (byte)0);
            return System.Text.Encoding.UTF8.GetString(buf, 0, n < 0 ? buf.Length : n);
        }

        /// <summary>True and the frame's operation count, or false after the last frame.</summary>
        public bool NextFrame(out uint opCount)
        {
            int more;
            Live();
            Check(Native.fc_replay_next_frame(ref r, out more, out opCount), "NextFrame (fc_replay_next_frame)");
            return more != 0;
        }

        /// <summary>The frame's next operation; FixcolException when malformed or out of turn, ObjectDisposedException after Dispose.</summary>
        public ReplayOp NextOp() { ReplayOp op; Live(); Check(Native.fc_replay_next_op(ref r, out op), "NextOp (fc_replay_next_op)"); return op; }
        /// <summary>The frame's expected values; exceptions as NextOp.</summary>
        public ReplayExpect ReadExpect() { ReplayExpect e; Live(); Check(Native.fc_replay_read_expect(ref r, out e), "ReadExpect (fc_replay_read_expect)"); return e; }
        /// <summary>The frame's expected query values; exceptions as NextOp.</summary>
        public QueryExpect ReadQueryExpect() { QueryExpect q; Live(); Check(Native.fc_replay_read_query_expect(ref r, out q), "ReadQueryExpect (fc_replay_read_query_expect)"); return q; }

        public void Dispose()
        {
            if (data != IntPtr.Zero)
                Marshal.FreeHGlobal(data);
            data = IntPtr.Zero;
            r = new ReplayReaderState();
        }
    }
}
