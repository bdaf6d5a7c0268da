// SPDX-License-Identifier: MIT
using System;
using System.Runtime.InteropServices;

namespace Fixcol
{
    /// <summary>fc_shape2_type.</summary>
    public enum ShapeType2 { Circle = 1, Aabb = 2, Obb = 3, Capsule = 4, Poly = 5 }

    /// <summary>fc_shape3_type.</summary>
    public enum ShapeType3 { Sphere = 1, Aabb = 2, Obb = 3, Capsule = 4 }

    /// <summary>fc_circle: closed disc, Radius &gt;= 0.</summary>
    [Serializable, StructLayout(LayoutKind.Sequential)]
    public struct Circle
    {
        public Vec2 Center;
        public Fix16 Radius;
        public Circle(Vec2 center, Fix16 radius) { Center = center; Radius = radius; }
    }

    /// <summary>fc_aabb2: [Min.X, Max.X] x [Min.Y, Max.Y].</summary>
    [Serializable, StructLayout(LayoutKind.Sequential)]
    public struct Aabb2
    {
        public Vec2 Min, Max;
        public Aabb2(Vec2 min, Vec2 max) { Min = min; Max = max; }
    }

    /// <summary>fc_obb2: oriented box; Rot must be the table value of Angle (build with Make).</summary>
    [Serializable, StructLayout(LayoutKind.Sequential)]
    public struct Obb2
    {
        public Vec2 Center;
        public Vec2 Half;
        public Angle Angle;
        public SinCos Rot;

        /// <summary>fc_obb2_make: Rot = the engine's table sine/cosine of angle.</summary>
        public static Obb2 Make(Vec2 center, Vec2 half, Angle angle)
        {
            Obb2 b;
            b.Center = center;
            b.Half = half;
            b.Angle = angle;
            b.Rot = Native.fc_sincos_of(angle.Raw);
            return b;
        }
    }

    /// <summary>fc_capsule2: points within Radius of segment [A, B].</summary>
    [Serializable, StructLayout(LayoutKind.Sequential)]
    public struct Capsule2
    {
        public Vec2 A, B;
        public Fix16 Radius;
        public Capsule2(Vec2 a, Vec2 b, Fix16 radius) { A = a; B = b; Radius = radius; }
    }

    /// <summary>fc_poly2: 3..8 vertices, counter-clockwise, strictly convex.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe struct Poly2
    {
        public const int MaxVerts = 8;
        public int Count;
        fixed int v[MaxVerts * 2];

        public Vec2 this[int i]
        {
            get
            {
                if ((uint)i >= MaxVerts)
                    throw new ArgumentOutOfRangeException("i");
                fixed (int* p = v)
                    return Vec2.FromRaw(p[2 * i], p[2 * i + 1]);
            }
            set
            {
                if ((uint)i >= MaxVerts)
                    throw new ArgumentOutOfRangeException("i");
                fixed (int* p = v)
                {
                    p[2 * i] = value.X.Raw;
                    p[2 * i + 1] = value.Y.Raw;
                }
            }
        }

        /// <summary>Copy up to 8 vertices; Count as given (validation reports a bad count).</summary>
        public static Poly2 Make(Vec2[] verts)
        {
            if (verts == null)
                throw new ArgumentNullException("verts");
            Poly2 p = new Poly2();
            p.Count = verts.Length;
            for (int i = 0; i < verts.Length && i < MaxVerts; i++)
                p[i] = verts[i];
            return p;
        }
    }

    /// <summary>fc_shape2: a type tag and the matching member (a C union).</summary>
    [StructLayout(LayoutKind.Explicit)]
    public struct Shape2
    {
        [FieldOffset(0)] public ShapeType2 Type;
        [FieldOffset(4)] public Circle Circle;
        [FieldOffset(4)] public Aabb2 Aabb;
        [FieldOffset(4)] public Obb2 Obb;
        [FieldOffset(4)] public Capsule2 Capsule;
        [FieldOffset(4)] public Poly2 Poly;

        public static Shape2 FromCircle(Circle c) { Shape2 s = new Shape2(); s.Type = ShapeType2.Circle; s.Circle = c; return s; }
        public static Shape2 FromAabb(Aabb2 b) { Shape2 s = new Shape2(); s.Type = ShapeType2.Aabb; s.Aabb = b; return s; }
        public static Shape2 FromObb(Obb2 b) { Shape2 s = new Shape2(); s.Type = ShapeType2.Obb; s.Obb = b; return s; }
        public static Shape2 FromCapsule(Capsule2 c) { Shape2 s = new Shape2(); s.Type = ShapeType2.Capsule; s.Capsule = c; return s; }
        public static Shape2 FromPoly(Poly2 p) { Shape2 s = new Shape2(); s.Type = ShapeType2.Poly; s.Poly = p; return s; }
        public static Shape2 MakeCircle(Vec2 center, Fix16 radius) { return FromCircle(new Circle(center, radius)); }
        public static Shape2 MakeObb(Vec2 center, Vec2 half, Angle angle) { return FromObb(Obb2.Make(center, half, angle)); }

        /// <summary>fc_shape2_validate: Status.Ok or the first error found.</summary>
        public Status Validate() { return Native.fc_shape2_validate(ref this); }
    }

    /// <summary>fc_sphere.</summary>
    [Serializable, StructLayout(LayoutKind.Sequential)]
    public struct Sphere
    {
        public Vec3 Center;
        public Fix16 Radius;
        public Sphere(Vec3 center, Fix16 radius) { Center = center; Radius = radius; }
    }

    /// <summary>fc_aabb3.</summary>
    [Serializable, StructLayout(LayoutKind.Sequential)]
    public struct Aabb3
    {
        public Vec3 Min, Max;
        public Aabb3(Vec3 min, Vec3 max) { Min = min; Max = max; }
    }

    /// <summary>fc_obb3: Center + sum t_i * Axis_i, |t_i| &lt;= Half_i.</summary>
    [Serializable, StructLayout(LayoutKind.Sequential)]
    public struct Obb3
    {
        public Vec3 Center;
        public Vec3 Half;
        public Vec3 AxisX, AxisY, AxisZ;

        /// <summary>fc_obb3_from_euler (R = Ry(yaw) Rx(pitch) Rz(roll)); FixcolException on a bad range.</summary>
        public static Obb3 FromEuler(Vec3 center, Vec3 half, Angle yaw, Angle pitch, Angle roll)
        {
            Obb3 b;
            FixcolException.Check(Native.fc_obb3_from_euler(center, half, yaw.Raw, pitch.Raw, roll.Raw, out b), "Obb3.FromEuler");
            return b;
        }

        /// <summary>fc_obb3_from_axes; FixcolException (ErrRotation, ...) when the axes fail validation.</summary>
        public static Obb3 FromAxes(Vec3 center, Vec3 half, Vec3 x, Vec3 y, Vec3 z)
        {
            Obb3 b;
            FixcolException.Check(Native.fc_obb3_from_axes(center, half, x, y, z, out b), "Obb3.FromAxes");
            return b;
        }
    }

    /// <summary>fc_capsule3: all points within Radius of the segment [A, B] (raw Q16.16;
    /// endpoints within +-8192 units, radius 0..4096 units). Also a world body
    /// (CreateBody, SetShape, GetShape3, snapshots, dumps).</summary>
    [Serializable, StructLayout(LayoutKind.Sequential)]
    public struct Capsule3
    {
        public Vec3 A, B;
        public Fix16 Radius;
        public Capsule3(Vec3 a, Vec3 b, Fix16 radius) { A = a; B = b; Radius = radius; }

        /// <summary>fc_capsule3_make: FixcolException (ErrRange, ErrSize) out of range.</summary>
        public static Capsule3 Make(Vec3 a, Vec3 b, Fix16 radius)
        {
            Capsule3 c;
            FixcolException.Check(Native.fc_capsule3_make(a, b, radius, out c), "Capsule3.Make");
            return c;
        }
    }

    /// <summary>fc_shape3: a type tag and the matching member (a C union).</summary>
    [StructLayout(LayoutKind.Explicit)]
    public struct Shape3
    {
        [FieldOffset(0)] public ShapeType3 Type;
        [FieldOffset(4)] public Sphere Sphere;
        [FieldOffset(4)] public Aabb3 Aabb;
        [FieldOffset(4)] public Obb3 Obb;
        [FieldOffset(4)] public Capsule3 Capsule;

        public static Shape3 FromSphere(Sphere s) { Shape3 r = new Shape3(); r.Type = ShapeType3.Sphere; r.Sphere = s; return r; }
        public static Shape3 FromAabb(Aabb3 b) { Shape3 r = new Shape3(); r.Type = ShapeType3.Aabb; r.Aabb = b; return r; }
        public static Shape3 FromObb(Obb3 b) { Shape3 r = new Shape3(); r.Type = ShapeType3.Obb; r.Obb = b; return r; }
        public static Shape3 FromCapsule(Capsule3 c) { Shape3 r = new Shape3(); r.Type = ShapeType3.Capsule; r.Capsule = c; return r; }

        /// <summary>fc_shape3_validate.</summary>
        public Status Validate() { return Native.fc_shape3_validate(ref this); }
    }

    /// <summary>fc_contact2_result: Normal from A to B (unit within 2^-15), Depth &gt;= 0.</summary>
    [Serializable, StructLayout(LayoutKind.Sequential)]
    public struct Contact2
    {
        public Vec2 Normal;
        public Fix16 Depth;
        public Vec2 Point;
    }

    /// <summary>fc_contact3_result.</summary>
    [Serializable, StructLayout(LayoutKind.Sequential)]
    public struct Contact3
    {
        public Vec3 Normal;
        public Fix16 Depth;
        public Vec3 Point;
    }

    /// <summary>The stateless tier: fc_overlap2/3 and fc_contact2/3 on any two valid shapes.</summary>
    public static class Collide
    {
        /// <summary>fc_overlap2 (exact, touching counts). Shapes must be valid: invalid ones throw.</summary>
        public static bool Overlap(in Shape2 a, in Shape2 b)
        {
            CheckValid(a, b, "Collide.Overlap (fc_overlap2)");
            Shape2 x = a, y = b;
            return Native.fc_overlap2(ref x, ref y) != 0;
        }

        /// <summary>fc_contact2: false when apart, else true and the contact.</summary>
        public static bool Contact(in Shape2 a, in Shape2 b, out Contact2 contact)
        {
            CheckValid(a, b, "Collide.Contact (fc_contact2)");
            Shape2 x = a, y = b;
            return Native.fc_contact2(ref x, ref y, out contact) != 0;
        }

        public static bool Overlap(in Shape3 a, in Shape3 b)
        {
            CheckValid(a, b, "Collide.Overlap (fc_overlap3)");
            Shape3 x = a, y = b;
            return Native.fc_overlap3(ref x, ref y) != 0;
        }

        public static bool Contact(in Shape3 a, in Shape3 b, out Contact3 contact)
        {
            CheckValid(a, b, "Collide.Contact (fc_contact3)");
            Shape3 x = a, y = b;
            return Native.fc_contact3(ref x, ref y, out contact) != 0;
        }

        // The C pair tests assume valid input; the binding validates first so
        // a bad shape is an exception, never undefined behaviour.
        static void CheckValid(Shape2 a, Shape2 b, string call)
        {
            FixcolException.Check(Native.fc_shape2_validate(ref a), call + ": argument a");
            FixcolException.Check(Native.fc_shape2_validate(ref b), call + ": argument b");
        }

        static void CheckValid(Shape3 a, Shape3 b, string call)
        {
            FixcolException.Check(Native.fc_shape3_validate(ref a), call + ": argument a");
            FixcolException.Check(Native.fc_shape3_validate(ref b), call + ": argument b");
        }
    }
}
