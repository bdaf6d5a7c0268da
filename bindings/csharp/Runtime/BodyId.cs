// SPDX-License-Identifier: MIT
using System;
using System.Runtime.InteropServices;

namespace Fixcol
{
    /// <summary>
    /// fc_body_id: value-type body handle (slot index, generation, world tag).
    /// Compares by value, round-trips exactly; the all-zero id is never valid.
    /// </summary>
    [Serializable, StructLayout(LayoutKind.Sequential)]
    public struct BodyId : IEquatable<BodyId>
    {
        public uint Index, Generation, World;

        public BodyId(uint index, uint generation, uint world) { Index = index; Generation = generation; World = world; }

        public bool IsNull { get { return Index == 0 && Generation == 0 && World == 0; } }
        public static bool operator ==(BodyId a, BodyId b) { return a.Equals(b); }
        public static bool operator !=(BodyId a, BodyId b) { return !a.Equals(b); }
        public bool Equals(BodyId o) { return Index == o.Index && Generation == o.Generation && World == o.World; }
        public override bool Equals(object obj) { return obj is BodyId && Equals((BodyId)obj); }
        public override int GetHashCode() { return (int)(Index * 31 + Generation * 17 + World); }
        public override string ToString() { return "#" + Index + "." + Generation + "@" + World; }
    }

    /// <summary>fc_filter: bodies A, B pair when (A.Category &amp; B.Mask) != 0 and (B.Category &amp; A.Mask) != 0.</summary>
    [Serializable, StructLayout(LayoutKind.Sequential)]
    public struct Filter : IEquatable<Filter>
    {
        public uint Category, Mask;

        public Filter(uint category, uint mask) { Category = category; Mask = mask; }
        /// <summary>fc_filter_default: category 1, mask all bits.</summary>
        public static Filter Default { get { return new Filter(1u, 0xFFFFFFFFu); } }
        public bool Equals(Filter o) { return Category == o.Category && Mask == o.Mask; }
        public override bool Equals(object obj) { return obj is Filter && Equals((Filter)obj); }
        public override int GetHashCode() { return (int)(Category * 31 + Mask); }
    }

    /// <summary>fc_pair: two overlapping bodies, A.Index &lt; B.Index.</summary>
    [Serializable, StructLayout(LayoutKind.Sequential)]
    public struct Pair
    {
        public BodyId A, B;
    }

    /// <summary>fc_ray_hit: the body and the entry parameter t in [0, 1] (Q16.16, rounded down).</summary>
    [Serializable, StructLayout(LayoutKind.Sequential)]
    public struct RayHit
    {
        public BodyId Id;
        public Fix16 T;
    }

    /// <summary>fc_ray2: the points Origin + t * Delta, t in [0, 1].</summary>
    [Serializable, StructLayout(LayoutKind.Sequential)]
    public struct Ray2
    {
        public Vec2 Origin, Delta;
        public Ray2(Vec2 origin, Vec2 delta) { Origin = origin; Delta = delta; }
    }

    /// <summary>fc_ray3.</summary>
    [Serializable, StructLayout(LayoutKind.Sequential)]
    public struct Ray3
    {
        public Vec3 Origin, Delta;
        public Ray3(Vec3 origin, Vec3 delta) { Origin = origin; Delta = delta; }
    }
}
