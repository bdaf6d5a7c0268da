// SPDX-License-Identifier: MIT
using System;
using System.Runtime.InteropServices;

namespace Fixcol
{
    /// <summary>fc_angle: a binary angle, 65536 units per turn (wraps exactly).</summary>
    [Serializable]
    public struct Angle : IEquatable<Angle>
    {
        public ushort Raw;

        public const int Turn = 65536, Half = 32768, Quarter = 16384;

        public static Angle FromRaw(int raw) { Angle a; a.Raw = unchecked((ushort)raw); return a; }
        /// <summary>fc_angle_from_deg: nearest binary angle, integer-only.</summary>
        public static Angle FromDegrees(Fix16 deg) { return FromRaw(Native.fc_angle_from_deg(deg.Raw)); }
        /// <summary>fc_angle_from_rad (within 1 unit of exact).</summary>
        public static Angle FromRadians(Fix16 rad) { return FromRaw(Native.fc_angle_from_rad(rad.Raw)); }
        /// <summary>fc_angle_to_deg: exact degrees in [0, 360).</summary>
        public Fix16 ToDegrees() { return Fix16.FromRaw(Native.fc_angle_to_deg(Raw)); }

        /// <summary>fc_sin / fc_cos / fc_sincos_of: the engine's table trig.</summary>
        public Fix16 Sin() { return Fix16.FromRaw(Native.fc_sin(Raw)); }
        public Fix16 Cos() { return Fix16.FromRaw(Native.fc_cos(Raw)); }
        public SinCos SinCos() { return Native.fc_sincos_of(Raw); }

        public static Angle operator +(Angle a, Angle b) { return FromRaw(a.Raw + b.Raw); }
        public static Angle operator -(Angle a, Angle b) { return FromRaw(a.Raw - b.Raw); }
        public static bool operator ==(Angle a, Angle b) { return a.Raw == b.Raw; }
        public static bool operator !=(Angle a, Angle b) { return a.Raw != b.Raw; }
        public bool Equals(Angle o) { return Raw == o.Raw; }
        public override bool Equals(object obj) { return obj is Angle && ((Angle)obj).Raw == Raw; }
        public override int GetHashCode() { return Raw; }
        public override string ToString() { return Raw.ToString(); }
    }

    /// <summary>fc_sincos: a sine/cosine pair in Q16.16.</summary>
    [Serializable, StructLayout(LayoutKind.Sequential)]
    public struct SinCos
    {
        public Fix16 S, C;
    }
}
