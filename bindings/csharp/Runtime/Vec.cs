// SPDX-License-Identifier: MIT
using System;
using System.Runtime.InteropServices;

namespace Fixcol
{
    /// <summary>fc_vec2: a 2D vector in Q16.16.</summary>
    [Serializable, StructLayout(LayoutKind.Sequential)]
    public struct Vec2 : IEquatable<Vec2>
    {
        public Fix16 X, Y;

        public Vec2(Fix16 x, Fix16 y) { X = x; Y = y; }
        public static Vec2 FromRaw(int x, int y) { return new Vec2(Fix16.FromRaw(x), Fix16.FromRaw(y)); }

        public static Vec2 operator +(Vec2 a, Vec2 b) { return new Vec2(a.X + b.X, a.Y + b.Y); }
        public static Vec2 operator -(Vec2 a, Vec2 b) { return new Vec2(a.X - b.X, a.Y - b.Y); }
        public static bool operator ==(Vec2 a, Vec2 b) { return a.Equals(b); }
        public static bool operator !=(Vec2 a, Vec2 b) { return !a.Equals(b); }
        public bool Equals(Vec2 o) { return X.Raw == o.X.Raw && Y.Raw == o.Y.Raw; }
        public override bool Equals(object obj) { return obj is Vec2 && Equals((Vec2)obj); }
        public override int GetHashCode() { return X.Raw * 31 + Y.Raw; }
        public override string ToString() { return "(" + X + ", " + Y + ")"; }
    }

    /// <summary>fc_vec3: a 3D vector in Q16.16 (Y up).</summary>
    [Serializable, StructLayout(LayoutKind.Sequential)]
    public struct Vec3 : IEquatable<Vec3>
    {
        public Fix16 X, Y, Z;

        public Vec3(Fix16 x, Fix16 y, Fix16 z) { X = x; Y = y; Z = z; }
        public static Vec3 FromRaw(int x, int y, int z) { return new Vec3(Fix16.FromRaw(x), Fix16.FromRaw(y), Fix16.FromRaw(z)); }

        public static Vec3 operator +(Vec3 a, Vec3 b) { return new Vec3(a.X + b.X, a.Y + b.Y, a.Z + b.Z); }
        public static Vec3 operator -(Vec3 a, Vec3 b) { return new Vec3(a.X - b.X, a.Y - b.Y, a.Z - b.Z); }
        public static bool operator ==(Vec3 a, Vec3 b) { return a.Equals(b); }
        public static bool operator !=(Vec3 a, Vec3 b) { return !a.Equals(b); }
        public bool Equals(Vec3 o) { return X.Raw == o.X.Raw && Y.Raw == o.Y.Raw && Z.Raw == o.Z.Raw; }
        public override bool Equals(object obj) { return obj is Vec3 && Equals((Vec3)obj); }
        public override int GetHashCode() { return (X.Raw * 31 + Y.Raw) * 31 + Z.Raw; }
        public override string ToString() { return "(" + X + ", " + Y + ", " + Z + ")"; }
    }
}
