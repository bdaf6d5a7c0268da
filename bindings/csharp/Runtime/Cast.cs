// SPDX-License-Identifier: MIT
using System;
using System.Runtime.InteropServices;

namespace Fixcol
{
    /// <summary>
    /// fc_cast2_hit (fixcol/cast.h): the body hit (world casts; all zero for
    /// the pair casts), T = floor(exact entry * 65536) in [0, 65536] raw, and
    /// the unit Normal from the moving shape toward the target (at T = 0,
    /// overlapping at the start: the Collide.Contact normal with A = moving).
    /// </summary>
    [Serializable, StructLayout(LayoutKind.Sequential)]
    public struct CastHit2
    {
        public BodyId Id;
        public Fix16 T;
        public Vec2 Normal;
    }

    /// <summary>fc_cast3_hit: as CastHit2 in 3D.</summary>
    [Serializable, StructLayout(LayoutKind.Sequential)]
    public struct CastHit3
    {
        public BodyId Id;
        public Fix16 T;
        public Vec3 Normal;
    }

    /// <summary>
    /// fc_cast2 / fc_cast3: the moving shape swept by delta (t in [0, 1], no
    /// rotation) against one target; its first touch, exact. Errors (the C
    /// status): an invalid shape (its validation status), ErrRange for a
    /// delta component outside +-2 * 8192 units. World casts: World.Cast,
    /// World.CastAll.
    /// </summary>
    public static partial class ShapeCast
    {
        /// <summary>fc_cast2: true and the hit, or false (no hit); throws FixcolException on an error.</summary>
        public static bool Cast(in Shape2 moving, Vec2 delta, in Shape2 target, out CastHit2 hit)
        {
            bool hasHit;
            Status st;
            if (!TryCast(moving, delta, target, out hasHit, out hit, out st))
                throw new FixcolException(st, "fc_cast2");
            return hasHit;
        }

        /// <summary>fc_cast2 without exceptions: false and the status on an error; else true, hasHit and hit (zero on a miss).</summary>
        public static bool TryCast(in Shape2 moving, Vec2 delta, in Shape2 target, out bool hasHit, out CastHit2 hit,
                                   out Status status)
        {
            Shape2 m = moving, t = target;
            CastHit2 h = default(CastHit2);
            int got = 0;
            status = Native.fc_cast2(ref m, delta, ref t, ref h, ref got);
            hasHit = status == Status.Ok && got != 0;
            hit = hasHit ? h : default(CastHit2);
            return status == Status.Ok;
        }

        /// <summary>fc_cast3: true and the hit, or false (no hit); throws FixcolException on an error.</summary>
        public static bool Cast(in Shape3 moving, Vec3 delta, in Shape3 target, out CastHit3 hit)
        {
            bool hasHit;
            Status st;
            if (!TryCast(moving, delta, target, out hasHit, out hit, out st))
                throw new FixcolException(st, "fc_cast3");
            return hasHit;
        }

        /// <summary>fc_cast3 without exceptions (as the 2D TryCast).</summary>
        public static bool TryCast(in Shape3 moving, Vec3 delta, in Shape3 target, out bool hasHit, out CastHit3 hit,
                                   out Status status)
        {
            Shape3 m = moving, t = target;
            CastHit3 h = default(CastHit3);
            int got = 0;
            status = Native.fc_cast3(ref m, delta, ref t, ref h, ref got);
            hasHit = status == Status.Ok && got != 0;
            hit = hasHit ? h : default(CastHit3);
            return status == Status.Ok;
        }
    }
}
