// SPDX-License-Identifier: MIT
using System;
using System.Runtime.InteropServices;

namespace Fixcol
{
    /// <summary>fc_sector2 (fixcol/area2.h): the closed fan of radius Radius around
    /// Direction, opening HalfAngle to each side (0..180 degrees = raw 0..32768).
    /// HalfAngle 0 is a segment, 180 degrees the disc.</summary>
    [Serializable, StructLayout(LayoutKind.Sequential)]
    public struct Sector2
    {
        public Vec2 Center;
        public Fix16 Radius;
        public Angle Direction;
        public Angle HalfAngle;
        public Sector2(Vec2 center, Fix16 radius, Angle direction, Angle halfAngle)
        {
            Center = center; Radius = radius; Direction = direction; HalfAngle = halfAngle;
        }
        /// <summary>fc_sector2_validate.</summary>
        public Status Validate() { Sector2 s = this; return Native.fc_sector2_validate(ref s); }
    }

    /// <summary>fc_ring2: the closed annulus Inner &lt;= |p - Center| &lt;= Outer.</summary>
    [Serializable, StructLayout(LayoutKind.Sequential)]
    public struct Ring2
    {
        public Vec2 Center;
        public Fix16 Inner, Outer;
        public Ring2(Vec2 center, Fix16 inner, Fix16 outer) { Center = center; Inner = inner; Outer = outer; }
        /// <summary>fc_ring2_validate.</summary>
        public Status Validate() { Ring2 r = this; return Native.fc_ring2_validate(ref r); }
    }

    /// <summary>The stateless skill-area tests (exact, closed sets). Areas and shapes are
    /// validated first: an invalid one throws FixcolException (its status).</summary>
    public static class Areas
    {
        static void CheckPoint(Vec2 p, string call)
        {
            if (p.X.Raw < -(1 << 29) || p.X.Raw > (1 << 29) || p.Y.Raw < -(1 << 29) || p.Y.Raw > (1 << 29))
                throw new FixcolException(Status.ErrRange, call + ": argument p");
        }

        /// <summary>fc_sector2_contains.</summary>
        public static bool Contains(in Sector2 s, Vec2 p)
        {
            Sector2 x = s;
            FixcolException.Check(Native.fc_sector2_validate(ref x), "fc_sector2_contains: argument s");
            CheckPoint(p, "fc_sector2_contains");
            return Native.fc_sector2_contains(ref x, p) != 0;
        }

        /// <summary>fc_ring2_contains.</summary>
        public static bool Contains(in Ring2 r, Vec2 p)
        {
            Ring2 x = r;
            FixcolException.Check(Native.fc_ring2_validate(ref x), "fc_ring2_contains: argument r");
            CheckPoint(p, "fc_ring2_contains");
            return Native.fc_ring2_contains(ref x, p) != 0;
        }

        /// <summary>fc_overlap_sector2.</summary>
        public static bool Overlap(in Sector2 s, in Shape2 shape)
        {
            Sector2 x = s; Shape2 b = shape;
            FixcolException.Check(Native.fc_sector2_validate(ref x), "fc_overlap_sector2: argument s");
            FixcolException.Check(Native.fc_shape2_validate(ref b), "fc_overlap_sector2: argument shape");
            return Native.fc_overlap_sector2(ref x, ref b) != 0;
        }

        /// <summary>fc_overlap_ring2.</summary>
        public static bool Overlap(in Ring2 r, in Shape2 shape)
        {
            Ring2 x = r; Shape2 b = shape;
            FixcolException.Check(Native.fc_ring2_validate(ref x), "fc_overlap_ring2: argument r");
            FixcolException.Check(Native.fc_shape2_validate(ref b), "fc_overlap_ring2: argument shape");
            return Native.fc_overlap_ring2(ref x, ref b) != 0;
        }
    }

    public sealed partial class World
    {
        /// <summary>fc_world_overlap_sector2: ids of the bodies meeting the sector, sorted by index.</summary>
        public int OverlapSector(in Sector2 sector, Filter filter, ref BodyId[] ids)
        {
            Sector2 s = sector; IntPtr p = IntPtr.Zero; int n = 0;
            Throw(Native.fc_world_overlap_sector2(Live, ref s, filter, out p, out n), "fc_world_overlap_sector2");
            return CopyIds(p, n, ref ids);
        }

        public bool TryOverlapSector(in Sector2 sector, Filter filter, ref BodyId[] ids, out int count)
        {
            Sector2 s = sector; IntPtr p = IntPtr.Zero; int n = 0;
            count = 0;
            if (!Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_overlap_sector2(w, ref s, filter, out p, out n)))
                return false;
            count = CopyIds(p, n, ref ids);
            return true;
        }

        /// <summary>fc_world_overlap_ring2: ids of the bodies meeting the ring, sorted by index.</summary>
        public int OverlapRing(in Ring2 ring, Filter filter, ref BodyId[] ids)
        {
            Ring2 r = ring; IntPtr p = IntPtr.Zero; int n = 0;
            Throw(Native.fc_world_overlap_ring2(Live, ref r, filter, out p, out n), "fc_world_overlap_ring2");
            return CopyIds(p, n, ref ids);
        }

        public bool TryOverlapRing(in Ring2 ring, Filter filter, ref BodyId[] ids, out int count)
        {
            Ring2 r = ring; IntPtr p = IntPtr.Zero; int n = 0;
            count = 0;
            if (!Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_overlap_ring2(w, ref r, filter, out p, out n)))
                return false;
            count = CopyIds(p, n, ref ids);
            return true;
        }
    }
}
