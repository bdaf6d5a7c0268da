// SPDX-License-Identifier: MIT
using System;

namespace Fixcol
{
    /// <summary>
    /// fc_pushout2 / fc_pushout3 (fixcol/pushout.h): the raw Q16.16
    /// translation for B after which A and B no longer overlap (checked with
    /// the exact overlap test; touching counts as overlapping, so they end a
    /// few raw units apart), within |delta| &lt;= depth + depth * 2^-12 + 6 raw
    /// of the contact depth. Zero when the shapes are apart. Errors: an
    /// invalid shape (its validation status) or ErrRange when B pushed out
    /// would leave the +-8192 unit coordinate range.
    /// </summary>
    public static class Pushout
    {
        /// <summary>fc_pushout2; throws FixcolException on an error.</summary>
        public static Vec2 Delta(in Shape2 a, in Shape2 b)
        {
            Vec2 d;
            Status st;
            if (!TryDelta(a, b, out d, out st))
                throw new FixcolException(st, "Pushout.Delta (fc_pushout2)");
            return d;
        }

        /// <summary>fc_pushout2 without exceptions: false and the status on an error (delta is then zero).</summary>
        public static bool TryDelta(in Shape2 a, in Shape2 b, out Vec2 delta, out Status status)
        {
            Shape2 x = a, y = b;
            Vec2 d = default(Vec2);
            status = Native.fc_pushout2(ref x, ref y, ref d);
            delta = status == Status.Ok ? d : default(Vec2);
            return status == Status.Ok;
        }

        /// <summary>fc_pushout3; throws FixcolException on an error.</summary>
        public static Vec3 Delta(in Shape3 a, in Shape3 b)
        {
            Vec3 d;
            Status st;
            if (!TryDelta(a, b, out d, out st))
                throw new FixcolException(st, "Pushout.Delta (fc_pushout3)");
            return d;
        }

        /// <summary>fc_pushout3 without exceptions: false and the status on an error (delta is then zero).</summary>
        public static bool TryDelta(in Shape3 a, in Shape3 b, out Vec3 delta, out Status status)
        {
            Shape3 x = a, y = b;
            Vec3 d = default(Vec3);
            status = Native.fc_pushout3(ref x, ref y, ref d);
            delta = status == Status.Ok ? d : default(Vec3);
            return status == Status.Ok;
        }
    }
}
