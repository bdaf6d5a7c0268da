// SPDX-License-Identifier: MIT
// Every entry point fed null, wrong values, huge values, disposed worlds,
// stale and foreign ids, and corrupt snapshot / replay blobs: each must give
// a clear exception (throwing API) or false + LastStatus (Try API), leave
// the world unchanged (same snapshot bytes, same checksum, Validate ok) and
// never crash the process. --break feeds one valid value where an invalid
// one is expected, so the check must report a missing error.
using System;
using Fixcol;

static class RobustnessTest
{
    static int failures, cases;
    static bool brk;
    static World w;
    static byte[] before;

    static byte[] State(World x) { return x.Snapshot(); }

    static bool Same(byte[] a, byte[] b)
    {
        if (a.Length != b.Length)
            return false;
        for (int i = 0; i < a.Length; i++)
            if (a[i] != b[i])
                return false;
        return true;
    }

    static void Fail(string name, string why)
    {
        failures++;
        Console.WriteLine("FAIL: " + name + ": " + why);
    }

    static void Unchanged(string name)
    {
        if (w == null || w.IsDisposed)
            return;
        if (!Same(before, State(w)))
            Fail(name, "world changed");
        if (w.Validate() != Status.Ok)
            Fail(name, "world no longer validates");
    }

    /// The throwing call must raise TEx (and, for FixcolException, the given status).
    static void Throws<TEx>(string name, Action a, Status st = Status.Ok) where TEx : Exception
    {
        cases++;
        if (w != null && !w.IsDisposed)
            before = State(w);
        try
        {
            a();
            Fail(name, "no exception");
        }
        catch (TEx e)
        {
            var fe = e as FixcolException;
            if (fe != null && st != Status.Ok && fe.Status != st)
                Fail(name, "status " + fe.Status + ", expected " + st);
            if (e.Message.Length == 0)
                Fail(name, "empty message");
        }
        catch (Exception e)
        {
            Fail(name, "unexpected " + e.GetType().Name + ": " + e.Message);
        }
        Unchanged(name);
    }

    /// The Try call must return false with LastStatus == st.
    static void False(string name, Func<bool> f, Status st)
    {
        cases++;
        if (w != null && !w.IsDisposed)
            before = State(w);
        try
        {
            if (f())
                Fail(name, "returned true");
            else if (w != null && w.LastStatus != st)
                Fail(name, "LastStatus " + w.LastStatus + ", expected " + st);
        }
        catch (Exception e)
        {
            Fail(name, "Try method threw " + e.GetType().Name + ": " + e.Message);
        }
        Unchanged(name);
    }

    static void Use<T>(T x) { GC.KeepAlive(x); }

    /// The call must throw an exception whose message contains want (--break: a text no message has).
    static void Named(string name, Action a, string want)
    {
        cases++;
        if (brk && name.StartsWith("Fix16 +")) want = "no such text";
        try { a(); Fail(name, "no exception"); }
        catch (Exception e) { if (!e.Message.Contains(want)) Fail(name, e.GetType().Name + " message '" + e.Message + "' does not name '" + want + "'"); }
    }

    static Shape2 Circle(int x, int y, int r) { return Shape2.MakeCircle(new Vec2(x, y), r); }

    static int Main(string[] args)
    {
        brk = Array.IndexOf(args, "--break") >= 0;

        // ---- world creation
        WorldDef bad = WorldDef.Default;
        bad.Dim = (WorldDim)5;
        Throws<FixcolException>("world dim 5", () => new World(bad), Status.ErrArgument);
        World tmp; Status cst;
        cases++;
        if (World.TryCreate(bad, out tmp, out cst) || tmp != null || cst != Status.ErrArgument)
            Fail("TryCreate dim 5", "not rejected");
        bad = WorldDef.Default; bad.BoundsLog2 = 99;
        Throws<FixcolException>("world bounds_log2 99", () => new World(bad), Status.ErrArgument);
        bad = WorldDef.Default; bad.BoundsMin = Vec2.FromRaw(int.MaxValue, 0);
        Throws<FixcolException>("world bounds_min huge", () => new World(bad), Status.ErrRange);
        bad = WorldDef.Default; bad.BodyCapacity = -1;
        Throws<FixcolException>("world body_capacity -1", () => new World(bad), Status.ErrArgument);
        bad = WorldDef.Default; bad.BodyCapacity = int.MaxValue;
        Throws<FixcolException>("world body_capacity huge", () => new World(bad), Status.ErrArgument);
        bad = WorldDef.Default; bad.PairCapacity = int.MaxValue;
        Throws<FixcolException>("world pair_capacity int.MaxValue (over MaxPairCapacity)", () => new World(bad), Status.ErrArgument);
        bad = WorldDef.Default; bad.PairCapacity = WorldDef.MaxPairCapacity + 1;
        Throws<FixcolException>("world pair_capacity MaxPairCapacity + 1", () => new World(bad), Status.ErrArgument);

        // ---- a 2D world with a few bodies (tag 7), and a foreign one (tag 8)
        WorldDef def = WorldDef.Default;
        def.Tag = 7;
        w = new World(def);
        BodyId a = w.CreateBody(BodyDef.Of(Circle(10, 10, 1)));
        BodyId b = w.CreateBody(BodyDef.Of(Shape2.MakeObb(new Vec2(12, 10), new Vec2(2, 1), Angle.FromDegrees(45))));
        BodyId dead = w.CreateBody(BodyDef.Of(Circle(30, 30, 2)));
        w.DestroyBody(dead);
        WorldDef def8 = WorldDef.Default;
        def8.Tag = 8;
        var other = new World(def8);
        BodyId foreign = other.CreateBody(BodyDef.Of(Circle(10, 10, 1)));
        BodyId forged = new BodyId(a.Index, a.Generation, 8);
        BodyId huge = new BodyId(uint.MaxValue, uint.MaxValue, 7);
        BodyId zero = new BodyId();

        // ---- bad shapes
        Shape2 s;
        s = new Shape2(); // type 0
        Throws<FixcolException>("create: shape type 0", () => w.CreateBody(BodyDef.Of(s)), Status.ErrShapeType);
        Shape2 s0 = s;
        False("TryCreateBody: shape type 0", () => { BodyId x; return w.TryCreateBody(BodyDef.Of(s0), out x); }, Status.ErrShapeType);
        Shape2 neg = Circle(10, 10, 1); neg.Circle.Radius = Fix16.FromRaw(-1);
        Throws<FixcolException>("create: negative radius", () => w.CreateBody(BodyDef.Of(neg)), Status.ErrSize);
        Shape2 far = Circle(10, 10, 1); far.Circle.Center.X = Fix16.FromRaw(brk ? 65536 : int.MaxValue);
        Throws<FixcolException>("create: coordinate int.MaxValue raw", () => w.CreateBody(BodyDef.Of(far)), Status.ErrRange);
        Shape2 big = Circle(10, 10, 1); big.Circle.Radius = Fix16.FromRaw(int.MaxValue);
        Throws<FixcolException>("create: radius int.MaxValue raw", () => w.CreateBody(BodyDef.Of(big)), Status.ErrSize);
        Shape2 rot = Shape2.MakeObb(new Vec2(5, 5), new Vec2(1, 1), Angle.FromRaw(1000)); rot.Obb.Rot.S = Fix16.FromRaw(rot.Obb.Rot.S.Raw + 1);
        Throws<FixcolException>("create: OBB rot not its angle's", () => w.CreateBody(BodyDef.Of(rot)), Status.ErrRotation);
        Shape2 poly = Shape2.FromPoly(Poly2.Make(new[] { new Vec2(0, 0), new Vec2(1, 0) }));
        Throws<FixcolException>("create: 2-vertex polygon", () => w.CreateBody(BodyDef.Of(poly)), Status.ErrPolyCount);
        poly.Poly.Count = int.MaxValue;
        Throws<FixcolException>("create: polygon count int.MaxValue", () => w.CreateBody(BodyDef.Of(poly)), Status.ErrPolyCount);
        poly.Poly.Count = int.MinValue;
        Throws<FixcolException>("create: polygon count int.MinValue", () => w.CreateBody(BodyDef.Of(poly)), Status.ErrPolyCount);
        Shape2 cw = Shape2.FromPoly(Poly2.Make(new[] { new Vec2(0, 0), new Vec2(0, 1), new Vec2(1, 0) }));
        Throws<FixcolException>("create: clockwise polygon", () => w.CreateBody(BodyDef.Of(cw)), Status.ErrPolyOrder);
        Throws<FixcolException>("set shape: 3D shape in a 2D world", () => w.SetShape(a, Shape3.FromSphere(new Sphere(new Vec3(1, 1, 1), 1))), Status.ErrShapeType);
        Throws<FixcolException>("set shape: bad 2D shape", () => w.SetShape(a, neg), Status.ErrSize);
        False("TrySetShape: bad 2D shape", () => w.TrySetShape(a, neg), Status.ErrSize);
        Throws<ArgumentNullException>("Poly2.Make(null)", () => Poly2.Make(null));
        Throws<ArgumentNullException>("Hash64.OfPairs(null)", () => Hash64.OfPairs(1, null, 0));
        cases++;
        try { Fix16.Parse(new string('1', 1 << 24)); Fail("Fix16.Parse of 16 MiB digits", "no exception"); }
        catch (OverflowException e) { if (e.Message.Length > 200) Fail("Fix16.Parse of 16 MiB digits", "message of " + e.Message.Length + " characters"); }
        catch (Exception e) { Fail("Fix16.Parse of 16 MiB digits", "unexpected " + e.GetType().Name); }
        Throws<ArgumentNullException>("Hash64.OfIds(null)", () => Hash64.OfIds(1, null, 0));
        Throws<ArgumentNullException>("Hash64.OfHits(null)", () => Hash64.OfHits(1, null, 0));
        Throws<ArgumentOutOfRangeException>("Hash64.OfPairs count > length", () => Hash64.OfPairs(1, new Pair[2], 3));
        Throws<ArgumentOutOfRangeException>("Hash64.OfIds count -1", () => Hash64.OfIds(1, new BodyId[2], -1));
        Throws<ArgumentOutOfRangeException>("Hash64.OfHits count > length", () => Hash64.OfHits(1, new RayHit[0], 1));
        Throws<ArgumentOutOfRangeException>("Poly2 vertex 8", () => { Poly2 p = new Poly2(); p[8] = new Vec2(); });

        // ---- huge and wrong values on live bodies
        Throws<FixcolException>("translate by int.MaxValue raw", () => w.Translate(a, Vec2.FromRaw(int.MaxValue, 0)), Status.ErrRange);
        Throws<FixcolException>("translate by int.MinValue raw", () => w.Translate(a, Vec2.FromRaw(0, int.MinValue)), Status.ErrRange);
        False("TryTranslate out of range", () => w.TryTranslate(a, Vec2.FromRaw(int.MaxValue, int.MaxValue)), Status.ErrRange);
        Throws<FixcolException>("translate3 in a 2D world", () => w.Translate(a, new Vec3(1, 1, 1)), Status.ErrShapeType);
        Throws<FixcolException>("set angle of a circle", () => w.SetAngle(a, Angle.FromRaw(5)), Status.ErrShapeType);
        Throws<FixcolException>("get 3D shape in a 2D world", () => w.GetShape3(a), Status.ErrShapeType);

        // ---- stale, foreign, forged, never-issued ids on every id entry point
        foreach (var pair in new[] { Tuple.Create("stale", dead), Tuple.Create("foreign", foreign), Tuple.Create("forged tag", forged),
                                     Tuple.Create("huge", huge), Tuple.Create("zero", zero) })
        {
            string n = pair.Item1;
            BodyId id = pair.Item2;
            cases++;
            if (w.IsValid(id))
                Fail(n + " id", "IsValid true");
            Throws<FixcolException>(n + ": destroy", () => w.DestroyBody(id), Status.ErrStaleId);
            False(n + ": TryDestroyBody", () => w.TryDestroyBody(id), Status.ErrStaleId);
            Throws<FixcolException>(n + ": translate", () => w.Translate(id, new Vec2(1, 0)), Status.ErrStaleId);
            False(n + ": TryTranslate", () => w.TryTranslate(id, new Vec2(1, 0)), Status.ErrStaleId);
            Throws<FixcolException>(n + ": set shape", () => w.SetShape(id, Circle(1, 1, 1)), Status.ErrStaleId);
            Throws<FixcolException>(n + ": set angle", () => w.SetAngle(id, Angle.FromRaw(1)), Status.ErrStaleId);
            Throws<FixcolException>(n + ": set filter", () => w.SetFilter(id, Filter.Default), Status.ErrStaleId);
            Throws<FixcolException>(n + ": set user data", () => w.SetUserData(id, 5), Status.ErrStaleId);
            Throws<FixcolException>(n + ": get shape", () => w.GetShape2(id), Status.ErrStaleId);
            Throws<FixcolException>(n + ": get filter", () => w.GetFilter(id), Status.ErrStaleId);
            Throws<FixcolException>(n + ": get user data", () => w.GetUserData(id), Status.ErrStaleId);
            Throws<FixcolException>(n + ": get bounds", () => { Vec3 lo, hi; w.GetBounds(id, out lo, out hi); }, Status.ErrStaleId);
            False(n + ": TryGetShape", () => { Shape2 x; return w.TryGetShape(id, out x); }, Status.ErrStaleId);
        }

        // ---- queries with bad input
        BodyId[] ids = null;
        RayHit[] hits = null;
        RayHit hit;
        Throws<FixcolException>("overlap: bad shape", () => w.Overlap(neg, Filter.Default, ref ids), Status.ErrSize);
        Throws<FixcolException>("overlap: 3D shape in 2D world", () => w.Overlap(Shape3.FromSphere(new Sphere(new Vec3(), 1)), Filter.Default, ref ids), Status.ErrShapeType);
        var badSec = new Sector2(new Vec2(0, 0), 1, Angle.FromRaw(0), Angle.FromRaw(40000));
        var badRing = new Ring2(new Vec2(0, 0), 2, 1);
        Throws<FixcolException>("sector: half > 180", () => w.OverlapSector(badSec, Filter.Default, ref ids), Status.ErrArgument);
        Throws<FixcolException>("sector: radius < 0", () => w.OverlapSector(new Sector2(new Vec2(0, 0), Fix16.FromRaw(-1), Angle.FromRaw(0), Angle.FromRaw(0)), Filter.Default, ref ids), Status.ErrSize);
        Throws<FixcolException>("ring: inner > outer", () => w.OverlapRing(badRing, Filter.Default, ref ids), Status.ErrSize);
        False("TryOverlapSector: half > 180", () => { int c; return w.TryOverlapSector(badSec, Filter.Default, ref ids, out c); }, Status.ErrArgument);
        False("TryOverlapRing: inner > outer", () => { int c; return w.TryOverlapRing(badRing, Filter.Default, ref ids, out c); }, Status.ErrSize);
        Throws<FixcolException>("Areas.Overlap: bad sector", () => Areas.Overlap(badSec, Circle(1, 1, 1)), Status.ErrArgument);
        Throws<FixcolException>("Areas.Overlap: bad shape", () => Areas.Overlap(new Ring2(new Vec2(0, 0), 0, 1), neg), Status.ErrSize);
        Throws<FixcolException>("Areas.Overlap: type 0", () => Areas.Overlap(new Ring2(new Vec2(0, 0), 0, 1), new Shape2()), Status.ErrShapeType);
        Throws<FixcolException>("Areas.Contains: bad ring", () => Areas.Contains(badRing, new Vec2(0, 0)), Status.ErrSize);
        Throws<FixcolException>("Areas.Contains: point out of range", () => Areas.Contains(new Ring2(new Vec2(0, 0), 0, 1), Vec2.FromRaw(int.MinValue, 0)), Status.ErrRange);
        Throws<FixcolException>("point: out of range", () => w.QueryPoint(Vec2.FromRaw(int.MinValue, 0), Filter.Default, ref ids), Status.ErrRange);
        False("TryQueryPoint: out of range", () => { int c; return w.TryQueryPoint(Vec2.FromRaw(int.MinValue, 0), Filter.Default, ref ids, out c); }, Status.ErrRange);
        Throws<FixcolException>("ray: zero delta", () => w.Raycast(new Ray2(new Vec2(1, 1), new Vec2()), Filter.Default, out hit), Status.ErrArgument);
        Throws<FixcolException>("ray: huge origin", () => w.Raycast(new Ray2(Vec2.FromRaw(int.MaxValue, 0), new Vec2(1, 0)), Filter.Default, out hit), Status.ErrRange);
        Throws<FixcolException>("ray all: 3D ray in 2D world", () => w.RaycastAll(new Ray3(new Vec3(), new Vec3(1, 0, 0)), Filter.Default, ref hits), Status.ErrShapeType);
        False("TryRaycast: zero delta", () => { bool h; RayHit x; return w.TryRaycast(new Ray2(new Vec2(1, 1), new Vec2()), Filter.Default, out h, out x); }, Status.ErrArgument);

        // ---- shape casts: deltas past +-2 * 8192 units, invalid shapes, the other dimension
        {
            const int L2 = 2 * 8192 * 65536;
            CastHit2 ch; CastHit3 ch3;
            CastHit2[] chs = null; CastHit3[] chs3 = null;
            Shape3 sph = Shape3.FromSphere(new Sphere(new Vec3(1, 1, 1), 1));
            Shape3 badSph = Shape3.FromSphere(new Sphere(new Vec3(), Fix16.FromRaw(-5)));
            Throws<FixcolException>("world cast: dx past the range", () => w.Cast(Circle(1, 1, 1), Vec2.FromRaw(L2 + 1, 0), Filter.Default, out ch), Status.ErrRange);
            Throws<FixcolException>("world cast: dy int.MinValue", () => w.Cast(Circle(1, 1, 1), Vec2.FromRaw(0, int.MinValue), Filter.Default, out ch), Status.ErrRange);
            Throws<FixcolException>("world cast all: dy past the range", () => w.CastAll(Circle(1, 1, 1), Vec2.FromRaw(0, -L2 - 1), Filter.Default, ref chs), Status.ErrRange);
            Throws<FixcolException>("world cast: invalid shape", () => w.Cast(neg, new Vec2(1, 0), Filter.Default, out ch), Status.ErrSize);
            Throws<FixcolException>("world cast: shape type 0", () => w.CastAll(new Shape2(), new Vec2(1, 0), Filter.Default, ref chs), Status.ErrShapeType);
            Throws<FixcolException>("world cast: 3D cast in a 2D world", () => w.Cast(sph, new Vec3(1, 0, 0), Filter.Default, out ch3), Status.ErrShapeType);
            Throws<FixcolException>("world cast all: 3D cast in a 2D world", () => w.CastAll(sph, new Vec3(1, 0, 0), Filter.Default, ref chs3), Status.ErrShapeType);
            False("TryCast: dx past the range", () => { bool h; return w.TryCast(Circle(1, 1, 1), Vec2.FromRaw(L2 + 1, 0), Filter.Default, out h, out ch); }, Status.ErrRange);
            False("TryCastAll: 3D cast in a 2D world", () => { int c; return w.TryCastAll(sph, new Vec3(1, 0, 0), Filter.Default, ref chs3, out c); }, Status.ErrShapeType);
            False("TryCast: invalid shape", () => { bool h; return w.TryCast(neg, new Vec2(1, 0), Filter.Default, out h, out ch); }, Status.ErrSize);
            Throws<FixcolException>("ShapeCast.Cast: dx past the range", () => ShapeCast.Cast(Circle(1, 1, 1), Vec2.FromRaw(L2 + 1, 0), Circle(5, 1, 1), out ch), Status.ErrRange);
            Throws<FixcolException>("ShapeCast.Cast: invalid target", () => ShapeCast.Cast(Circle(1, 1, 1), new Vec2(1, 0), neg, out ch), Status.ErrSize);
            Throws<FixcolException>("ShapeCast.Cast: type 0", () => ShapeCast.Cast(new Shape2(), new Vec2(1, 0), Circle(1, 1, 1), out ch), Status.ErrShapeType);
            Throws<FixcolException>("ShapeCast.Cast: 3D dz past the range", () => ShapeCast.Cast(sph, Vec3.FromRaw(0, 0, -L2 - 1), sph, out ch3), Status.ErrRange);
            Throws<FixcolException>("ShapeCast.Cast: bad sphere", () => ShapeCast.Cast(badSph, new Vec3(1, 0, 0), sph, out ch3), Status.ErrSize);
            {
                cases++;
                bool h; Status st;
                if (ShapeCast.TryCast(Circle(1, 1, 1), Vec2.FromRaw(brk ? L2 : L2 + 1, 0), Circle(5, 1, 1), out h, out ch, out st) || st != Status.ErrRange || h)
                    Fail("ShapeCast.TryCast: dx past the range", "returned true or status " + st);
                if (!ShapeCast.TryCast(Circle(1, 1, 1), Vec2.FromRaw(L2, -L2), Circle(5, 1, 1), out h, out ch, out st))
                    Fail("ShapeCast.TryCast: a delta of 2 * 8192 units", "rejected: " + st);
            }
        }

        // ---- corrupt snapshot blobs
        byte[] good = w.Snapshot();
        Throws<ArgumentNullException>("restore null", () => w.Restore(null));
        False("TryRestore null", () => w.TryRestore(null, 0), Status.ErrNull);
        Throws<ArgumentOutOfRangeException>("restore length past the array", () => w.Restore(good, good.Length + 1));
        Throws<ArgumentOutOfRangeException>("restore length -1", () => w.Restore(good, -1));
        Throws<FixcolException>("restore empty blob", () => w.Restore(new byte[0]), Status.ErrFormat);
        Throws<FixcolException>("restore truncated blob", () => w.Restore(good, good.Length - 8));
        for (int i = 0; i < good.Length; i += 3)
        {
            byte[] c = (byte[])good.Clone();
            c[i] ^= 0x10;
            int at = i;
            Throws<FixcolException>("restore blob with byte " + at + " flipped", () => w.Restore(c));
        }
        byte[] v3 = (byte[])good.Clone();
        v3[4] = 3; // a later format version (1 and 2 are read)
        Throws<FixcolException>("restore version 3 blob", () => w.Restore(v3), Status.ErrVersion);
        var rng = new Random(13);
        for (int i = 0; i < 200; i++)
        {
            byte[] junk = new byte[rng.Next(0, 300)];
            rng.NextBytes(junk);
            if (junk.Length >= 8 && i % 2 == 0)
                Array.Copy(good, junk, 8); // a valid magic and version: the reader must go further
            Throws<FixcolException>("restore random blob " + i, () => w.Restore(junk));
            False("TryRestore random blob " + i, () => w.TryRestore(junk, junk.Length), ((Func<Status>)(() => { w.TryRestore(junk, junk.Length); return w.LastStatus; }))());
        }

        // ---- stateless tier and value types
        Throws<FixcolException>("Collide.Overlap: invalid shape", () => Collide.Overlap(neg, Circle(1, 1, 1)), Status.ErrSize);
        Throws<FixcolException>("Collide.Overlap: type 0", () => Collide.Overlap(new Shape2(), Circle(1, 1, 1)), Status.ErrShapeType);
        Throws<FixcolException>("Collide.Overlap: bad sphere", () => Collide.Overlap(Shape3.FromSphere(new Sphere(new Vec3(), Fix16.FromRaw(-5))), Shape3.FromSphere(new Sphere(new Vec3(), 1))), Status.ErrSize);
        Throws<FixcolException>("Pushout.Delta: invalid shape", () => Pushout.Delta(Circle(1, 1, 1), neg), Status.ErrSize);
        Throws<FixcolException>("Pushout.Delta: type 0", () => Pushout.Delta(new Shape2(), Circle(1, 1, 1)), Status.ErrShapeType);

        // ---- messages name the call and the argument (defects HostileTest found)
        Named("Pushout.Delta: type 0", () => Pushout.Delta(new Shape2(), Circle(1, 1, 1)), "fc_pushout2");
        Named("Collide.Overlap: type 0 as b", () => Collide.Overlap(Circle(1, 1, 1), new Shape2()), "Collide.Overlap (fc_overlap2): argument b");
        Named("Areas.Contains: point out of range", () => Areas.Contains(new Ring2(new Vec2(0, 0), 0, 1), Vec2.FromRaw(int.MinValue, 0)), "fc_ring2_contains: argument p");
        Named("Areas.Overlap: type 0", () => Areas.Overlap(new Ring2(new Vec2(0, 0), 0, 1), new Shape2()), "fc_overlap_ring2: argument shape");
        Named("Fix16 + past the range", () => Use(Fix16.FromRaw(int.MaxValue) + Fix16.FromRaw(1)), "Fix16 sum");
        Named("Fix16 - past the range", () => Use(Fix16.FromRaw(int.MinValue) - Fix16.FromRaw(1)), "Fix16 difference");
        Named("Fix16 negation of raw int.MinValue", () => Use(-Fix16.FromRaw(int.MinValue)), "Fix16 negation");
        Named("Vec2 - past the range", () => Use(Vec2.FromRaw(int.MinValue, 0) - Vec2.FromRaw(1, 0)), "Fix16 difference");
        Named("ReplayReader of junk", () => Use(new ReplayReader(new byte[] { 1, 2, 3 })), "ReplayReader (fc_replay_open)");
        Throws<FixcolException>("Pushout.Delta: bad sphere", () => Pushout.Delta(Shape3.FromSphere(new Sphere(new Vec3(), 1)), Shape3.FromSphere(new Sphere(new Vec3(), Fix16.FromRaw(-5)))), Status.ErrSize);
        Throws<FixcolException>("Pushout.Delta: 3D type 0", () => Pushout.Delta(new Shape3(), Shape3.FromSphere(new Sphere(new Vec3(), 1))), Status.ErrShapeType);
        Throws<FixcolException>("Pushout.Delta: past the range limit", () => Pushout.Delta(Circle(8191, 0, 1), Circle(8192, 0, 1)), Status.ErrRange);
        {
            cases++;
            Vec2 d;
            Status st;
            if (Pushout.TryDelta(Circle(1, 1, 1), neg, out d, out st) || st != Status.ErrSize || d != default(Vec2))
                Fail("Pushout.TryDelta: invalid shape", "returned true or status " + st);
        }
        Throws<FixcolException>("Obb3.FromAxes: non-orthonormal axes", () => Obb3.FromAxes(new Vec3(), new Vec3(1, 1, 1), new Vec3(1, 0, 0), new Vec3(1, 0, 0), new Vec3(0, 0, 1)), Status.ErrRotation);
        Throws<FixcolException>("Obb3.FromEuler: huge half", () => Obb3.FromEuler(new Vec3(), Vec3.FromRaw(int.MaxValue, 1, 1), Angle.FromRaw(0), Angle.FromRaw(0), Angle.FromRaw(0)), Status.ErrSize);
        Throws<OverflowException>("Fix16.FromInt(40000)", () => Fix16.FromInt(40000));
        Throws<OverflowException>("Fix16 + overflow", () => Use(Fix16.MaxValue + Fix16.FromRaw(1)));
        Throws<OverflowException>("Fix16 * overflow", () => Use(Fix16.FromInt(30000) * Fix16.FromInt(30000)));
        Throws<FormatException>("Fix16.Parse(null)", () => Fix16.Parse(null));
        Throws<FormatException>("Fix16.Parse(\"0.1\")", () => Fix16.Parse("0.1"));
        Throws<FormatException>("Fix16.Parse(\"1e3\")", () => Fix16.Parse("1e3"));
        Throws<OverflowException>("Fix16.Parse(\"32768\")", () => Fix16.Parse("32768"));
        Throws<OverflowException>("Fix16.Parse of 40 digits", () => Fix16.Parse(new string('9', 40)));

        // ---- replay reader on garbage
        Throws<ArgumentNullException>("ReplayReader(null)", () => new ReplayReader(null));
        Throws<FixcolException>("ReplayReader(empty)", () => new ReplayReader(new byte[0]), Status.ErrFormat);
        Throws<FixcolException>("ReplayReader(garbage)", () => new ReplayReader(System.Text.Encoding.ASCII.GetBytes("FCREPLAY\x02\xff\xff\xff")));
        Throws<FixcolException>("ReplayReader out of sequence", () => { using (var r = new ReplayReader(System.Text.Encoding.ASCII.GetBytes("fixcol-replay\nversion 2\ndim 2\n"))) r.ReadExpect(); });

        // ---- disposed world: exceptions / false, never a crash; Dispose twice is fine
        World gone = new World();
        BodyId g = gone.CreateBody(BodyDef.Default);
        gone.Dispose();
        gone.Dispose();
        World keep = w;
        w = gone;
        Pair[] pairs = null;
        Throws<ObjectDisposedException>("disposed: create", () => gone.CreateBody(BodyDef.Default));
        Throws<ObjectDisposedException>("disposed: translate", () => gone.Translate(g, new Vec2(1, 0)));
        Throws<ObjectDisposedException>("disposed: find pairs", () => gone.FindPairs(ref pairs));
        Throws<ObjectDisposedException>("disposed: overlap", () => gone.Overlap(Circle(1, 1, 1), Filter.Default, ref ids));
        Throws<ObjectDisposedException>("disposed: sector", () => gone.OverlapSector(new Sector2(new Vec2(0, 0), 1, Angle.FromRaw(0), Angle.FromRaw(0)), Filter.Default, ref ids));
        Throws<ObjectDisposedException>("disposed: cast", () => { CastHit2 x; gone.Cast(Circle(1, 1, 1), new Vec2(1, 0), Filter.Default, out x); });
        Throws<ObjectDisposedException>("disposed: cast all", () => { CastHit3[] x = null; gone.CastAll(Shape3.FromSphere(new Sphere(new Vec3(), 1)), new Vec3(1, 0, 0), Filter.Default, ref x); });
        False("disposed: TryCast", () => { bool h; CastHit2 x; return gone.TryCast(Circle(1, 1, 1), new Vec2(1, 0), Filter.Default, out h, out x); }, Status.ErrNull);
        False("disposed: TryCastAll", () => { int c; CastHit2[] x = null; return gone.TryCastAll(Circle(1, 1, 1), new Vec2(1, 0), Filter.Default, ref x, out c); }, Status.ErrNull);
        Throws<ObjectDisposedException>("disposed: checksum", () => gone.Checksum());
        Throws<ObjectDisposedException>("disposed: snapshot", () => gone.Snapshot());
        Throws<ObjectDisposedException>("disposed: restore", () => gone.Restore(good));
        Throws<ObjectDisposedException>("disposed: body count", () => Use(gone.BodyCount));
        False("disposed: TryCreateBody", () => { BodyId x; return gone.TryCreateBody(BodyDef.Default, out x); }, Status.ErrNull);
        False("disposed: TryTranslate", () => gone.TryTranslate(g, new Vec2(1, 0)), Status.ErrNull);
        False("disposed: TryFindPairs", () => { int c; return gone.TryFindPairs(ref pairs, out c); }, Status.ErrNull);
        Pair[] ended = null;
        Contact2[] contacts = null;
        Throws<ObjectDisposedException>("disposed: pair events", () => { int x, y; gone.PairEvents(ref pairs, out x, ref ended, out y); });
        Throws<ObjectDisposedException>("disposed: find contacts", () => gone.FindContacts(ref pairs, ref contacts));
        False("disposed: TryPairEvents", () => { int x, y; return gone.TryPairEvents(ref pairs, out x, ref ended, out y); }, Status.ErrNull);
        False("disposed: TryFindContacts", () => { int c; return gone.TryFindContacts(ref pairs, ref contacts, out c); }, Status.ErrNull);
        Throws<ArgumentNullException>("PairEvents.Diff(null)", () => { int x, y; PairEvents.Diff(null, 0, pairs, 0, ref pairs, out x, ref ended, out y); });
        Throws<ArgumentOutOfRangeException>("PairEvents.Diff(huge count)", () => { int x, y; PairEvents.Diff(new Pair[1], int.MaxValue, new Pair[1], 0, ref pairs, out x, ref ended, out y); });
        False("disposed: TryRestore", () => gone.TryRestore(good, good.Length), Status.ErrNull);
        cases++;
        if (gone.IsValid(g))
            Fail("disposed: IsValid", "true");
        w = keep;

        // ---- the world still works and the other world was not touched
        cases++;
        if (w.BodyCount != 2 || !w.IsValid(a) || !w.IsValid(b) || w.Validate() != Status.Ok || other.BodyCount != 1)
            Fail("afterwards", "world state lost");
        w.Translate(a, new Vec2(1, 0));
        w.Dispose();
        other.Dispose();
        Console.WriteLine((failures == 0 ? "ok" : "FAILED") + ": " + cases + " cases, " + failures + " failures");
        return failures == 0 ? 0 : 1;
    }
}
