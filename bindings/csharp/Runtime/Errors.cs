// SPDX-License-Identifier: MIT
using System;

namespace Fixcol
{
    /// <summary>A fixcol call failed with a status code (the C call changed nothing).</summary>
    public class FixcolException : Exception
    {
        /// <summary>The fc_status the C library returned.</summary>
        public Status Status { get; private set; }

        public FixcolException(Status status, string what)
            : base(what + ": " + Describe(status) + " (" + status + ")")
        {
            Status = status;
        }

        /// <summary>fc_status_str: the C library's description of a status.</summary>
        public static string Describe(Status status)
        {
            IntPtr p = Native.fc_status_str(status);
            return p == IntPtr.Zero ? "unknown status" : Utf8.FromNative(p);
        }

        internal static void Check(Status status, string what)
        {
            if (status != Status.Ok)
                throw new FixcolException(status, what);
        }
    }

    internal static class Utf8
    {
        internal static unsafe string FromNative(IntPtr p)
        {
            byte* b = (byte*)p;
            int n = 0;
            while (b[n] != 0)
                n++;
            return System.Text.Encoding.UTF8.GetString(b, n);
        }
    }
}
