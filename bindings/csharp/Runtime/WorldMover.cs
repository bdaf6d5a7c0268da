// SPDX-License-Identifier: MIT
using System;

namespace Fixcol
{
    /// <summary>
    /// The refined world casts (fc_world_cast2_ex / 3_ex: excluded ids, the
    /// start-overlap flag, the safe advance) and the mover (fc_world_move2 /
    /// 3, fc_world_move_shape2 / 3; fixcol/mover.h). exclude: up to
    /// Mover.MaxExclude ids (null: none), pinned for the call only. Errors
    /// throw FixcolException with the C status (the world unchanged); the
    /// Try- forms return false and set LastStatus.
    /// </summary>
    public sealed unsafe partial class World
    {
        static int ExcludeCount(BodyId[] exclude)
        {
            return exclude == null ? 0 : exclude.Length;
        }

        /// <summary>fc_world_cast2_ex: true on a hit; r always filled.</summary>
        public bool CastEx(in Shape2 moving, Vec2 delta, Filter filter, BodyId[] exclude, out CastResult2 r)
        {
            Shape2 m = moving; int got = 0;
            r = default(CastResult2);
            CastQuery q;
            q.Filter = filter;
            q.ExcludeCount = ExcludeCount(exclude);
            fixed (BodyId* p = exclude)
            {
                q.Exclude = (IntPtr)p;
                Throw(Native.fc_world_cast2_ex(Live, ref m, delta, ref q, ref r, ref got), "fc_world_cast2_ex");
            }
            return got != 0;
        }

        /// <summary>fc_world_cast3_ex: as the 2D CastEx.</summary>
        public bool CastEx(in Shape3 moving, Vec3 delta, Filter filter, BodyId[] exclude, out CastResult3 r)
        {
            Shape3 m = moving; int got = 0;
            r = default(CastResult3);
            CastQuery q;
            q.Filter = filter;
            q.ExcludeCount = ExcludeCount(exclude);
            fixed (BodyId* p = exclude)
            {
                q.Exclude = (IntPtr)p;
                Throw(Native.fc_world_cast3_ex(Live, ref m, delta, ref q, ref r, ref got), "fc_world_cast3_ex");
            }
            return got != 0;
        }

        Status Move2(BodyId id, bool body, in Shape2 shape, Vec2 desired, MoverDef def, BodyId[] exclude, ref MoverResult2 r)
        {
            Shape2 s = shape;
            IntPtr wp = w;
            if (wp == IntPtr.Zero) return Status.ErrNull;
            def.query.ExcludeCount = ExcludeCount(exclude);
            fixed (BodyId* p = exclude)
            fixed (MoverResult2* rp = &r)
            {
                def.query.Exclude = (IntPtr)p;
                return body ? Native.fc_world_move2(wp, id, desired, ref def, (IntPtr)rp)
                            : Native.fc_world_move_shape2(wp, ref s, desired, ref def, (IntPtr)rp);
            }
        }

        Status Move3(BodyId id, bool body, in Shape3 shape, Vec3 desired, MoverDef def, BodyId[] exclude, ref MoverResult3 r)
        {
            Shape3 s = shape;
            IntPtr wp = w;
            if (wp == IntPtr.Zero) return Status.ErrNull;
            def.query.ExcludeCount = ExcludeCount(exclude);
            fixed (BodyId* p = exclude)
            fixed (MoverResult3* rp = &r)
            {
                def.query.Exclude = (IntPtr)p;
                return body ? Native.fc_world_move3(wp, id, desired, ref def, (IntPtr)rp)
                            : Native.fc_world_move_shape3(wp, ref s, desired, ref def, (IntPtr)rp);
            }
        }

        /// <summary>fc_world_move2: move body id by up to desired (the body is translated by r.Moved).</summary>
        public void Move(BodyId id, Vec2 desired, in MoverDef def, BodyId[] exclude, ref MoverResult2 r)
        {
            IntPtr unused = Live;
            Throw(Move2(id, true, default(Shape2), desired, def, exclude, ref r), "fc_world_move2");
        }

        public void Move(BodyId id, Vec3 desired, in MoverDef def, BodyId[] exclude, ref MoverResult3 r)
        {
            IntPtr unused = Live;
            Throw(Move3(id, true, default(Shape3), desired, def, exclude, ref r), "fc_world_move3");
        }

        /// <summary>fc_world_move_shape2: where a free shape would go (the world is not changed).</summary>
        public void MoveShape(in Shape2 shape, Vec2 desired, in MoverDef def, BodyId[] exclude, ref MoverResult2 r)
        {
            IntPtr unused = Live;
            Throw(Move2(default(BodyId), false, shape, desired, def, exclude, ref r), "fc_world_move_shape2");
        }

        public void MoveShape(in Shape3 shape, Vec3 desired, in MoverDef def, BodyId[] exclude, ref MoverResult3 r)
        {
            IntPtr unused = Live;
            Throw(Move3(default(BodyId), false, shape, desired, def, exclude, ref r), "fc_world_move_shape3");
        }

        /// <summary>Non-throwing fc_world_move2: false on an error (LastStatus), r unchanged.</summary>
        public bool TryMove(BodyId id, Vec2 desired, in MoverDef def, BodyId[] exclude, ref MoverResult2 r)
        {
            return Ok(Move2(id, true, default(Shape2), desired, def, exclude, ref r));
        }

        public bool TryMove(BodyId id, Vec3 desired, in MoverDef def, BodyId[] exclude, ref MoverResult3 r)
        {
            return Ok(Move3(id, true, default(Shape3), desired, def, exclude, ref r));
        }
    }

    /// <summary>fc_cast_query (the exclude pointer pinned by the caller).</summary>
    [System.Runtime.InteropServices.StructLayout(System.Runtime.InteropServices.LayoutKind.Sequential)]
#if FIXCOL_TEST_PUBLIC_NATIVE
    public
#else
    internal
#endif
    struct CastQuery
    {
        public Filter Filter;
        public IntPtr Exclude;
        public int ExcludeCount;
    }
}
