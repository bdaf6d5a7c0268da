// SPDX-License-Identifier: MIT
using System;

namespace Fixcol
{
    /// <summary>Opcodes of a frame command buffer (fixcol/frame.h has every layout).</summary>
    public static class FrameOp
    {
        public const int Translate2 = 1, MovePolar2 = 2, SetAngle2 = 3, SetShape2 = 4, GetShape2 = 5,
            Sector2 = 6, Ring2 = 7, Overlap2 = 8, Ray2 = 9, Cast2 = 10, Pairs = 11, Events = 12,
            PushoutPairs2 = 13, Checksum = 14;
        /// <summary>Words of a GetShape2 result slot after its status (the largest shape record).</summary>
        public const int ShapeWords = 18;
        /// <summary>Largest buffer, commands or results, in words.</summary>
        public const int MaxWords = 1 << 28;
    }

    /// <summary>
    /// A frame in one call (fc_frame_run, fixcol/frame.h; docs/frame.md): the
    /// command words cmd[0..cmdWords) and the result words written into
    /// result, both caller-owned int arrays, pinned for the call (no copy, no
    /// allocation per frame).
    /// </summary>
    public sealed unsafe partial class World
    {
        /// <summary>
        /// fc_frame_run: runs cmd[0..cmdWords) in order, each command's
        /// result slot written into result (its unused words left as they
        /// were); returns the result words. Per-command failures are status
        /// words in the slots. Throws (nothing ran, world and result
        /// unchanged): ArgumentNullException (cmd or result null),
        /// ArgumentOutOfRangeException (cmdWords outside 0..cmd.Length),
        /// ArgumentException (a malformed command - its word is named - or
        /// result shorter than the words the commands need - named),
        /// ObjectDisposedException.
        /// </summary>
        public int RunFrame(int[] cmd, int cmdWords, int[] result)
        {
            if (cmd == null)
                throw new ArgumentNullException("cmd");
            if (result == null)
                throw new ArgumentNullException("result");
            if (cmdWords < 0 || cmdWords > cmd.Length)
                throw new ArgumentOutOfRangeException("cmdWords", cmdWords, "must be 0..cmd.Length (" + cmd.Length + ")");
            IntPtr p = Live;
            int words, bad;
            Status st;
            fixed (int* c = cmd)
            fixed (int* o = result)
                st = Native.fc_frame_run(p, c, cmdWords, o, result.Length, out words, out bad);
            LastStatus = st;
            if (st == Status.Ok)
                return words;
            if (st == Status.ErrBuffer)
                throw new ArgumentException("the commands need " + words + " result words, result has " + result.Length, "result");
            if (st == Status.ErrArgument)
                throw new ArgumentException("cmd[" + bad + "]: malformed command (opcode " + (bad >= 0 && bad < cmd.Length ? cmd[bad] : 0) + "; fixcol/frame.h)", "cmd");
            throw new FixcolException(st, "fc_frame_run");
        }
    }
}
