// SPDX-License-Identifier: MIT
using System;

namespace Fixcol
{
    /// <summary>
    /// World shape casts (fc_world_cast2/3, fc_world_cast2_all/3_all): the
    /// moving shape swept by delta against every body passing filter, as the
    /// ray casts. Closest: the least (exact t, body index). All: every hit in
    /// that order, copied into a caller array passed by ref (grown only when
    /// too small). A 2D world takes the Shape2 overloads, a 3D world the
    /// Shape3 ones (else ErrShapeType); ErrRange for a delta component
    /// outside +-2 * 8192 units.
    /// </summary>
    public sealed unsafe partial class World
    {
        static int CopyCastHits(IntPtr src, int n, ref CastHit2[] dst)
        {
            Grow(ref dst, n);
            fixed (CastHit2* d = dst)
                Buffer.MemoryCopy((void*)src, d, (long)dst.Length * sizeof(CastHit2), (long)n * sizeof(CastHit2));
            return n;
        }

        static int CopyCastHits(IntPtr src, int n, ref CastHit3[] dst)
        {
            Grow(ref dst, n);
            fixed (CastHit3* d = dst)
                Buffer.MemoryCopy((void*)src, d, (long)dst.Length * sizeof(CastHit3), (long)n * sizeof(CastHit3));
            return n;
        }

        /// <summary>fc_world_cast2: true and the closest hit, or false (no hit).</summary>
        public bool Cast(in Shape2 moving, Vec2 delta, Filter filter, out CastHit2 hit)
        {
            Shape2 m = moving; int got = 0;
            hit = new CastHit2();
            Throw(Native.fc_world_cast2(Live, ref m, delta, filter, ref hit, ref got), "fc_world_cast2");
            return got != 0;
        }

        /// <summary>fc_world_cast3: true and the closest hit, or false (no hit).</summary>
        public bool Cast(in Shape3 moving, Vec3 delta, Filter filter, out CastHit3 hit)
        {
            Shape3 m = moving; int got = 0;
            hit = new CastHit3();
            Throw(Native.fc_world_cast3(Live, ref m, delta, filter, ref hit, ref got), "fc_world_cast3");
            return got != 0;
        }

        /// <summary>Non-throwing closest hit: false on error (LastStatus); else true with hasHit and hit.</summary>
        public bool TryCast(in Shape2 moving, Vec2 delta, Filter filter, out bool hasHit, out CastHit2 hit)
        {
            Shape2 m = moving; int got = 0;
            hit = new CastHit2();
            bool ok = Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_cast2(w, ref m, delta, filter, ref hit, ref got));
            hasHit = ok && got != 0;
            if (!hasHit)
                hit = new CastHit2();
            return ok;
        }

        public bool TryCast(in Shape3 moving, Vec3 delta, Filter filter, out bool hasHit, out CastHit3 hit)
        {
            Shape3 m = moving; int got = 0;
            hit = new CastHit3();
            bool ok = Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_cast3(w, ref m, delta, filter, ref hit, ref got));
            hasHit = ok && got != 0;
            if (!hasHit)
                hit = new CastHit3();
            return ok;
        }

        /// <summary>fc_world_cast2_all: every hit ordered by (exact t, index) into hits[0..count).</summary>
        public int CastAll(in Shape2 moving, Vec2 delta, Filter filter, ref CastHit2[] hits)
        {
            Shape2 m = moving; IntPtr p = IntPtr.Zero; int n = 0;
            Throw(Native.fc_world_cast2_all(Live, ref m, delta, filter, out p, out n), "fc_world_cast2_all");
            return CopyCastHits(p, n, ref hits);
        }

        /// <summary>fc_world_cast3_all.</summary>
        public int CastAll(in Shape3 moving, Vec3 delta, Filter filter, ref CastHit3[] hits)
        {
            Shape3 m = moving; IntPtr p = IntPtr.Zero; int n = 0;
            Throw(Native.fc_world_cast3_all(Live, ref m, delta, filter, out p, out n), "fc_world_cast3_all");
            return CopyCastHits(p, n, ref hits);
        }

        public bool TryCastAll(in Shape2 moving, Vec2 delta, Filter filter, ref CastHit2[] hits, out int count)
        {
            Shape2 m = moving; IntPtr p = IntPtr.Zero; int n = 0;
            count = 0;
            if (!Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_cast2_all(w, ref m, delta, filter, out p, out n)))
                return false;
            count = CopyCastHits(p, n, ref hits);
            return true;
        }

        public bool TryCastAll(in Shape3 moving, Vec3 delta, Filter filter, ref CastHit3[] hits, out int count)
        {
            Shape3 m = moving; IntPtr p = IntPtr.Zero; int n = 0;
            count = 0;
            if (!Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_cast3_all(w, ref m, delta, filter, out p, out n)))
                return false;
            count = CopyCastHits(p, n, ref hits);
            return true;
        }
    }
}
