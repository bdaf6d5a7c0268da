// SPDX-License-Identifier: MIT
using System;
using System.Runtime.InteropServices;

namespace Fixcol
{
    /// <summary>fc_world_dim.</summary>
    public enum WorldDim { D2 = 2, D3 = 3 }

    /// <summary>fc_qt_layout: the broadphase layout (speed only).</summary>
    public enum QtLayout { Loose = 0, Strict = 1 }

    /// <summary>
    /// fc_world_def. Start from WorldDef.Default (fc_world_def_default). The
    /// C allocator hooks are not exposed (no callbacks into managed code):
    /// they stay NULL, i.e. malloc/free.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct WorldDef
    {
        public WorldDim Dim;
        public Vec2 BoundsMin;
        public int BoundsLog2;
        public int MaxDepth;
        public QtLayout Layout;
        public int BodyCapacity;
        /// <summary>Hint: pair and query entries preallocated, 0..MaxPairCapacity
        /// (above it World rejects the def with Status.ErrArgument before C allocates).</summary>
        public int PairCapacity;
        /// <summary>The cap on PairCapacity: 2^24 entries.</summary>
        public const int MaxPairCapacity = 1 << 24;
        /// <summary>Copied into every id the world hands out; ids with another tag are foreign (ErrStaleId).</summary>
        public uint Tag;
        IntPtr allocFn, freeFn, allocCtx;

        /// <summary>fc_world_def_default: 2D, bounds (0, 0) + 1024 units, depth 5, loose, tag 1.</summary>
        public static WorldDef Default
        {
            get
            {
                WorldDef d = Native.fc_world_def_default();
                d.allocFn = d.freeFn = d.allocCtx = IntPtr.Zero;
                return d;
            }
        }

        internal void ClearHooks() { allocFn = freeFn = allocCtx = IntPtr.Zero; }
    }

    /// <summary>fc_body_def. Start from BodyDef.Default (unit circle / sphere at the origin, default filter).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct BodyDef
    {
        public Shape2 Shape2;
        public Shape3 Shape3;
        public Filter Filter;
        /// <summary>Opaque caller value (stored in snapshots, not in the checksum).</summary>
        public ulong UserData;

        public static BodyDef Default { get { return Native.fc_body_def_default(); } }

        public static BodyDef Of(in Shape2 shape)
        {
            BodyDef d = Default;
            d.Shape2 = shape;
            return d;
        }

        public static BodyDef Of(in Shape3 shape)
        {
            BodyDef d = Default;
            d.Shape3 = shape;
            return d;
        }
    }

    /// <summary>fc_qt_stats (fc_world_broadphase_stats).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct BroadphaseStats
    {
        public int Nodes, MaxNodeItems, RootItems, Deepest;
    }
}
