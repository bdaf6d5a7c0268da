// SPDX-License-Identifier: MIT
using System;
using System.Runtime.InteropServices;

namespace Fixcol
{
    /// <summary>
    /// fc_cast2_result (fixcol/cast.h, "refined casts"): the hit (as
    /// CastHit2), StartedOverlap (1: the shapes overlapped at t = 0, the
    /// exact entry is 0) and Safe, the safe advance in raw units: moving the
    /// shape by it never makes it touch the target, and the straight sweep
    /// there touches nothing (Safe = delta on a miss, 0 when started inside).
    /// </summary>
    [Serializable, StructLayout(LayoutKind.Sequential)]
    public struct CastResult2
    {
        public CastHit2 Hit;
        public int StartedOverlap;
        public Vec2 Safe;
    }

    /// <summary>fc_cast3_result: as CastResult2 in 3D.</summary>
    [Serializable, StructLayout(LayoutKind.Sequential)]
    public struct CastResult3
    {
        public CastHit3 Hit;
        public int StartedOverlap;
        public Vec3 Safe;
    }

    /// <summary>
    /// fc_mover_def (fixcol/mover.h): every field as in C, raw integers
    /// (Skin, StepHeight, SnapDistance in raw Q16.16; SlopeRun / SlopeRise the
    /// steepest walkable ground as an exact vector). The excluded ids are
    /// passed to World.Move as an array (the moved body is always excluded).
    /// Start from MoverDef.Default.
    /// </summary>
    [Serializable, StructLayout(LayoutKind.Sequential)]
    public struct MoverDef
    {
        internal CastQuery query;
        public int Skin, MaxIterations, StepHeight, SnapDistance, UpAxis, UpSign, SlopeRun, SlopeRise;

        /// <summary>fc_mover_def_default: skin 16 raw, 4 iterations, no step-up, no snap, up +y, 45 degrees.</summary>
        public static MoverDef Default { get { return Native.fc_mover_def_default(); } }

        /// <summary>The query's filter (fc_mover_def.query.filter).</summary>
        public Filter Filter { get { return query.Filter; } set { query.Filter = value; } }
    }

    /// <summary>fc_mover_touch: the body, the cast's T, the Normal (mover toward body; Z 0 in 2D), Iteration, Kind (Mover.Touch*).</summary>
    [Serializable, StructLayout(LayoutKind.Sequential)]
    public struct MoverTouch
    {
        public BodyId Id;
        public Fix16 T;
        public Vec3 Normal;
        public int Iteration, Kind;
    }

    /// <summary>The flags and limits of fixcol/mover.h.</summary>
    public static class Mover
    {
        public const int Grounded = 1, Ceiling = 2, Wall = 4, StartedOverlap = 8, Stepped = 16, Snapped = 32, Stuck = 64;
        public const int TouchGround = 1, TouchCeiling = 2, TouchWall = 4;
        public const int MaxIterations = 16, MaxTouches = 80, MaxPath = 96, MaxExclude = 64;
    }

    /// <summary>
    /// fc_mover2_result: Moved (raw), Flags (Mover.*), the touches in canonical
    /// order (Touch(i), i &lt; TouchCount) and the path segments (Path(i), i &lt;
    /// PathCount; the first Pushouts are push-outs). A value type: reuse one
    /// per mover, nothing is allocated.
    /// </summary>
    [Serializable, StructLayout(LayoutKind.Sequential)]
    public unsafe struct MoverResult2
    {
        public Vec2 Moved;
        public int Flags, Iterations, TouchCount, PathCount, Pushouts;
        fixed byte touches[Mover.MaxTouches * 36];
        fixed int path[Mover.MaxPath * 2];

        public MoverTouch Touch(int i)
        {
            if (i < 0 || i >= TouchCount) throw new ArgumentOutOfRangeException("i");
            fixed (byte* p = touches) return ((MoverTouch*)p)[i];
        }

        public Vec2 Path(int i)
        {
            if (i < 0 || i >= PathCount) throw new ArgumentOutOfRangeException("i");
            fixed (int* p = path) return new Vec2(Fix16.FromRaw(p[2 * i]), Fix16.FromRaw(p[2 * i + 1]));
        }
    }

    /// <summary>fc_mover3_result: as MoverResult2 in 3D.</summary>
    [Serializable, StructLayout(LayoutKind.Sequential)]
    public unsafe struct MoverResult3
    {
        public Vec3 Moved;
        public int Flags, Iterations, TouchCount, PathCount, Pushouts;
        fixed byte touches[Mover.MaxTouches * 36];
        fixed int path[Mover.MaxPath * 3];

        public MoverTouch Touch(int i)
        {
            if (i < 0 || i >= TouchCount) throw new ArgumentOutOfRangeException("i");
            fixed (byte* p = touches) return ((MoverTouch*)p)[i];
        }

        public Vec3 Path(int i)
        {
            if (i < 0 || i >= PathCount) throw new ArgumentOutOfRangeException("i");
            fixed (int* p = path) return new Vec3(Fix16.FromRaw(p[3 * i]), Fix16.FromRaw(p[3 * i + 1]), Fix16.FromRaw(p[3 * i + 2]));
        }
    }

    public static partial class ShapeCast
    {
        /// <summary>fc_cast2_ex: true on a hit; r always filled (a miss: Safe = delta). Throws FixcolException on an error.</summary>
        public static bool CastEx(in Shape2 moving, Vec2 delta, in Shape2 target, out CastResult2 r)
        {
            Shape2 m = moving, t = target; int got = 0;
            r = default(CastResult2);
            Status st = Native.fc_cast2_ex(ref m, delta, ref t, ref r, ref got);
            if (st != Status.Ok) throw new FixcolException(st, "fc_cast2_ex");
            return got != 0;
        }

        /// <summary>fc_cast3_ex: as the 2D CastEx.</summary>
        public static bool CastEx(in Shape3 moving, Vec3 delta, in Shape3 target, out CastResult3 r)
        {
            Shape3 m = moving, t = target; int got = 0;
            r = default(CastResult3);
            Status st = Native.fc_cast3_ex(ref m, delta, ref t, ref r, ref got);
            if (st != Status.Ok) throw new FixcolException(st, "fc_cast3_ex");
            return got != 0;
        }
    }
}
