// SPDX-License-Identifier: MIT
// Shape casts through the C# API against the C library: every case of
// cast_cases.txt (tests/cast_cases.c: pair casts of every type pair, world
// casts closest and all, range and shape-type errors) must give the C
// status, hit, t and normal (world casts: the same body indices in the same
// order), through the throwing and the Try API. Besides: overlapping at the
// start gives t = 0 with the Collide.Contact normal, a zero delta hits iff
// the shapes overlap, the closest world hit is the first of all hits, every
// world hit passes the query filter and equals the pair cast against that
// body's shape, a steady CastAll loop allocates nothing, and the list covers
// misses, hits, t = 0 hits and errors.
//   mono CastTest.exe CAST_CASES_TXT [--break]
// --break (should-fail twin): every expected t is taken one raw larger.
using System;
using System.Collections.Generic;
using System.IO;
using Fixcol;

static class CastTest
{
    static int failures, checks, lineNo;
    static bool brk;

    static void Check(bool ok, string what)
    {
        checks++;
        if (ok)
            return;
        failures++;
        if (failures <= 20)
            Console.WriteLine("FAIL: line " + lineNo + ": " + what);
    }

    sealed class Reader
    {
        readonly string[] t;
        int pos;
        public Reader(string line) { t = line.Split(new[] { ' ' }, StringSplitOptions.RemoveEmptyEntries); }
        public string Word() { return pos < t.Length ? t[pos++] : null; }
        public int Num() { return int.Parse(Word()); }
        public uint U32() { return uint.Parse(Word()); }
        public Vec2 V2() { int x = Num(); return Vec2.FromRaw(x, Num()); }
        public Vec3 V3() { int x = Num(), y = Num(); return Vec3.FromRaw(x, y, Num()); }
    }

    static Shape2 ReadShape2(Reader r)
    {
        string t = r.Word();
        switch (t)
        {
            case "circle": { Vec2 c = r.V2(); return Shape2.MakeCircle(c, Fix16.FromRaw(r.Num())); }
            case "aabb": { Vec2 lo = r.V2(); return Shape2.FromAabb(new Aabb2(lo, r.V2())); }
            case "obb": { Vec2 c = r.V2(), h = r.V2(); return Shape2.MakeObb(c, h, Angle.FromRaw(r.Num())); }
            case "capsule": { Vec2 a = r.V2(), b = r.V2(); return Shape2.FromCapsule(new Capsule2(a, b, Fix16.FromRaw(r.Num()))); }
            case "poly":
                {
                    var v = new Vec2[r.Num()];
                    for (int i = 0; i < v.Length; i++)
                        v[i] = r.V2();
                    return Shape2.FromPoly(Poly2.Make(v));
                }
        }
        throw new FormatException("2D shape expected, got " + t);
    }

    static Shape3 ReadShape3(Reader r)
    {
        string t = r.Word();
        switch (t)
        {
            case "sphere": { Vec3 c = r.V3(); return Shape3.FromSphere(new Sphere(c, Fix16.FromRaw(r.Num()))); }
            case "aabb": { Vec3 lo = r.V3(); return Shape3.FromAabb(new Aabb3(lo, r.V3())); }
            case "capsule": { Vec3 a = r.V3(), b = r.V3(); return Shape3.FromCapsule(new Capsule3(a, b, Fix16.FromRaw(r.Num()))); }
            case "obb":
                {
                    Obb3 o = new Obb3();
                    o.Center = r.V3(); o.Half = r.V3();
                    o.AxisX = r.V3(); o.AxisY = r.V3(); o.AxisZ = r.V3();
                    return Shape3.FromObb(o);
                }
        }
        throw new FormatException("3D shape expected, got " + t);
    }

    static bool Passes(Filter body, Filter q)
    {
        // fixcol/world.h: a query Q reports B when (B.category & Q.mask) != 0 && (Q.category & B.mask) != 0
        return (body.Category & q.Mask) != 0 && (q.Category & body.Mask) != 0;
    }

    static string Show(CastHit2 h) { return h.T.Raw + " " + h.Normal.X.Raw + " " + h.Normal.Y.Raw; }
    static string Show(CastHit3 h) { return h.T.Raw + " " + h.Normal.X.Raw + " " + h.Normal.Y.Raw + " " + h.Normal.Z.Raw; }

    static int pairs, hits, misses, atZero, worldCasts, worldHits, errors, rangeErrors, typeErrors;
    static World world;
    static int dim;
    static readonly List<Shape2> bodies2 = new List<Shape2>();
    static readonly List<Shape3> bodies3 = new List<Shape3>();
    static readonly List<Filter> filters = new List<Filter>();
    static CastHit2[] all2 = null;
    static CastHit3[] all3 = null;

    static void CountError(int st)
    {
        errors++;
        if (st == (int)Status.ErrRange) rangeErrors++;
        if (st == (int)Status.ErrShapeType) typeErrors++;
    }

    static void Pair2(Reader r)
    {
        Shape2 m = ReadShape2(r); Vec2 d = r.V2(); Shape2 t = ReadShape2(r);
        r.Word();
        int est = r.Num(), ehit = r.Num(), et = r.Num() + (brk ? 1 : 0), nx = r.Num(), ny = r.Num();
        pairs++;
        bool hasHit; CastHit2 h; Status st;
        bool ok = ShapeCast.TryCast(m, d, t, out hasHit, out h, out st);
        Check((int)st == est && ok == (est == 0), "status " + st + ", C " + est);
        bool threw = false;
        try { CastHit2 h2; bool b2 = ShapeCast.Cast(m, d, t, out h2); Check(b2 == hasHit && Show(h2) == Show(h), "Cast and TryCast differ"); }
        catch (FixcolException e) { threw = true; Check((int)e.Status == est, "exception status " + e.Status); }
        Check(threw == (est != 0), "Cast threw " + threw + " for C status " + est);
        if (est != 0) { CountError(est); return; }
        if (ehit == 0) { misses++; Check(!hasHit, "C misses, C# hits " + Show(h)); }
        else
        {
            hits++;
            Check(hasHit && h.T.Raw == et && h.Normal.X.Raw == nx && h.Normal.Y.Raw == ny && h.Id.Index == 0 && h.Id.Generation == 0,
                  "C# " + (hasHit ? Show(h) : "miss") + ", C " + et + " " + nx + " " + ny);
        }
        Contact2 c;
        if (Collide.Contact(m, t, out c))
        {
            atZero++;
            Check(hasHit && h.T.Raw == 0 && h.Normal == c.Normal, "overlapping at the start: " + Show(h) + ", contact normal " + c.Normal.X.Raw + " " + c.Normal.Y.Raw);
        }
        if (d.X.Raw == 0 && d.Y.Raw == 0)
            Check(hasHit == Collide.Overlap(m, t), "zero delta: hit " + hasHit);
    }

    static void Pair3(Reader r)
    {
        Shape3 m = ReadShape3(r); Vec3 d = r.V3(); Shape3 t = ReadShape3(r);
        r.Word();
        int est = r.Num(), ehit = r.Num(), et = r.Num() + (brk ? 1 : 0), nx = r.Num(), ny = r.Num(), nz = r.Num();
        pairs++;
        bool hasHit; CastHit3 h; Status st;
        bool ok = ShapeCast.TryCast(m, d, t, out hasHit, out h, out st);
        Check((int)st == est && ok == (est == 0), "status " + st + ", C " + est);
        bool threw = false;
        try { CastHit3 h2; bool b2 = ShapeCast.Cast(m, d, t, out h2); Check(b2 == hasHit && Show(h2) == Show(h), "Cast and TryCast differ"); }
        catch (FixcolException e) { threw = true; Check((int)e.Status == est, "exception status " + e.Status); }
        Check(threw == (est != 0), "Cast threw " + threw + " for C status " + est);
        if (est != 0) { CountError(est); return; }
        if (ehit == 0) { misses++; Check(!hasHit, "C misses, C# hits " + Show(h)); }
        else
        {
            hits++;
            Check(hasHit && h.T.Raw == et && h.Normal.X.Raw == nx && h.Normal.Y.Raw == ny && h.Normal.Z.Raw == nz,
                  "C# " + (hasHit ? Show(h) : "miss") + ", C " + et + " " + nx + " " + ny + " " + nz);
        }
        Contact3 c;
        if (Collide.Contact(m, t, out c))
        {
            atZero++;
            Check(hasHit && h.T.Raw == 0 && h.Normal == c.Normal, "overlapping at the start: " + Show(h));
        }
        if (d.X.Raw == 0 && d.Y.Raw == 0 && d.Z.Raw == 0)
            Check(hasHit == Collide.Overlap(m, t), "zero delta: hit " + hasHit);
    }

    // cast2 / all2 lines: the throwing and Try calls, then consistency with the pair casts.
    static void World2(string kind, Reader r)
    {
        Shape2 m = ReadShape2(r); Vec2 d = r.V2(); Filter f = new Filter(r.U32(), r.U32());
        r.Word();
        int est = r.Num();
        worldCasts++;
        if (est != 0)
            CountError(est);
        if (kind == "cast2")
        {
            int ehit = r.Num(), eidx = r.Num(), et = r.Num() + (brk ? 1 : 0), nx = r.Num(), ny = r.Num();
            bool hasHit; CastHit2 h;
            bool ok = world.TryCast(m, d, f, out hasHit, out h);
            Check(ok == (est == 0) && (int)world.LastStatus == est, "status " + world.LastStatus + ", C " + est);
            try { CastHit2 h2; bool b2 = world.Cast(m, d, f, out h2); Check(est == 0 && b2 == hasHit && Show(h2) == Show(h), "Cast and TryCast differ"); }
            catch (FixcolException e) { Check((int)e.Status == est, "exception status " + e.Status + ", C " + est); }
            if (est != 0)
                return;
            if (ehit == 0)
                Check(!hasHit, "C misses, C# hits " + Show(h));
            else
            {
                worldHits++;
                Check(hasHit && h.Id.Index == eidx && h.T.Raw == et && h.Normal.X.Raw == nx && h.Normal.Y.Raw == ny,
                      "C# " + h.Id.Index + " " + Show(h) + ", C " + eidx + " " + et + " " + nx + " " + ny);
            }
            int n = world.CastAll(m, d, f, ref all2);
            Check(hasHit ? n > 0 && all2[0].Id == h.Id && Show(all2[0]) == Show(h) : n == 0, "closest is not the first of all");
            return;
        }
        int en = r.Num();
        int count;
        bool okAll = world.TryCastAll(m, d, f, ref all2, out count);
        Check(okAll == (est == 0) && (int)world.LastStatus == est, "status " + world.LastStatus + ", C " + est);
        if (est != 0)
            return;
        Check(count == en, count + " hits, C " + en);
        int passing = 0;
        for (int k = 0; k < bodies2.Count; k++)
        {
            CastHit2 ph;
            if (Passes(filters[k], f) && ShapeCast.Cast(m, d, bodies2[k], out ph))
                passing++;
        }
        Check(passing == count, passing + " bodies hit by pair casts, CastAll " + count);
        for (int i = 0; i < Math.Min(count, en); i++)
        {
            int eidx = r.Num(), et = r.Num() + (brk && i == 0 ? 1 : 0), nx = r.Num(), ny = r.Num();
            CastHit2 g = all2[i];
            Check(g.Id.Index == eidx && g.T.Raw == et && g.Normal.X.Raw == nx && g.Normal.Y.Raw == ny,
                  "hit " + i + ": C# " + g.Id.Index + " " + Show(g) + ", C " + eidx + " " + et + " " + nx + " " + ny);
            int k = (int)g.Id.Index;
            Check(k < bodies2.Count && Passes(filters[k], f), "body " + k + " does not pass the filter");
            CastHit2 ph;
            Check(k < bodies2.Count && ShapeCast.Cast(m, d, bodies2[k], out ph) && Show(ph) == Show(g), "hit " + i + " differs from the pair cast");
        }
    }

    static void World3(string kind, Reader r)
    {
        Shape3 m = ReadShape3(r); Vec3 d = r.V3(); Filter f = new Filter(r.U32(), r.U32());
        r.Word();
        int est = r.Num();
        worldCasts++;
        if (est != 0)
            CountError(est);
        if (kind == "cast3")
        {
            int ehit = r.Num(), eidx = r.Num(), et = r.Num() + (brk ? 1 : 0), nx = r.Num(), ny = r.Num(), nz = r.Num();
            bool hasHit; CastHit3 h;
            bool ok = world.TryCast(m, d, f, out hasHit, out h);
            Check(ok == (est == 0) && (int)world.LastStatus == est, "status " + world.LastStatus + ", C " + est);
            try { CastHit3 h2; bool b2 = world.Cast(m, d, f, out h2); Check(est == 0 && b2 == hasHit && Show(h2) == Show(h), "Cast and TryCast differ"); }
            catch (FixcolException e) { Check((int)e.Status == est, "exception status " + e.Status + ", C " + est); }
            if (est != 0)
                return;
            if (ehit == 0)
                Check(!hasHit, "C misses, C# hits " + Show(h));
            else
            {
                worldHits++;
                Check(hasHit && h.Id.Index == eidx && h.T.Raw == et && h.Normal.X.Raw == nx && h.Normal.Y.Raw == ny && h.Normal.Z.Raw == nz,
                      "C# " + h.Id.Index + " " + Show(h) + ", C " + eidx + " " + et + " " + nx + " " + ny + " " + nz);
            }
            int n = world.CastAll(m, d, f, ref all3);
            Check(hasHit ? n > 0 && all3[0].Id == h.Id && Show(all3[0]) == Show(h) : n == 0, "closest is not the first of all");
            return;
        }
        int en = r.Num();
        int count;
        bool okAll = world.TryCastAll(m, d, f, ref all3, out count);
        Check(okAll == (est == 0) && (int)world.LastStatus == est, "status " + world.LastStatus + ", C " + est);
        if (est != 0)
            return;
        Check(count == en, count + " hits, C " + en);
        int passing = 0;
        for (int k = 0; k < bodies3.Count; k++)
        {
            CastHit3 ph;
            if (Passes(filters[k], f) && ShapeCast.Cast(m, d, bodies3[k], out ph))
                passing++;
        }
        Check(passing == count, passing + " bodies hit by pair casts, CastAll " + count);
        for (int i = 0; i < Math.Min(count, en); i++)
        {
            int eidx = r.Num(), et = r.Num() + (brk && i == 0 ? 1 : 0), nx = r.Num(), ny = r.Num(), nz = r.Num();
            CastHit3 g = all3[i];
            Check(g.Id.Index == eidx && g.T.Raw == et && g.Normal.X.Raw == nx && g.Normal.Y.Raw == ny && g.Normal.Z.Raw == nz,
                  "hit " + i + ": C# " + g.Id.Index + " " + Show(g) + ", C " + eidx + " " + et + " " + nx + " " + ny + " " + nz);
            int k = (int)g.Id.Index;
            Check(k < bodies3.Count && Passes(filters[k], f), "body " + k + " does not pass the filter");
            CastHit3 ph;
            Check(k < bodies3.Count && ShapeCast.Cast(m, d, bodies3[k], out ph) && Show(ph) == Show(g), "hit " + i + " differs from the pair cast");
        }
    }

    static int Main(string[] args)
    {
        brk = Array.IndexOf(args, "--break") >= 0;
        string file = null;
        foreach (string a in args)
            if (!a.StartsWith("--"))
                file = a;
        foreach (string line in File.ReadAllLines(file))
        {
            lineNo++;
            var r = new Reader(line);
            string kind = r.Word();
            if (kind == null || kind.StartsWith("#"))
                continue;
            switch (kind)
            {
                case "pair2": Pair2(r); break;
                case "pair3": Pair3(r); break;
                case "world":
                    if (world != null)
                        world.Dispose();
                    dim = r.Num();
                    WorldDef def = WorldDef.Default;
                    def.Dim = dim == 3 ? WorldDim.D3 : WorldDim.D2;
                    def.Tag = r.U32();
                    world = new World(def);
                    bodies2.Clear(); bodies3.Clear(); filters.Clear();
                    break;
                case "body":
                    {
                        BodyDef bd = BodyDef.Default;
                        if (dim == 3) bodies3.Add(bd.Shape3 = ReadShape3(r));
                        else bodies2.Add(bd.Shape2 = ReadShape2(r));
                        bd.Filter = new Filter(r.U32(), r.U32());
                        filters.Add(bd.Filter);
                        BodyId id = world.CreateBody(bd);
                        Check(id.Index == filters.Count - 1, "body index follows the creation order");
                        break;
                    }
                case "cast2": case "all2": World2(kind, r); break;
                case "cast3": case "all3": World3(kind, r); break;
                default: Check(false, "unknown line kind " + kind); break;
            }
        }
        // A steady CastAll loop reuses the caller's array: no garbage.
        if (world != null && dim == 2)
        {
            Shape2 m = Shape2.MakeCircle(new Vec2(1, 1), 1);
            world.CastAll(m, new Vec2(50, 50), Filter.Default, ref all2);
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < 100; i++)
                world.CastAll(m, new Vec2(50, 50), Filter.Default, ref all2);
            Check(GC.GetAllocatedBytesForCurrentThread() == before, "CastAll allocated in a steady loop");
        }
        if (world != null)
            world.Dispose();
        Check(pairs > 200 && hits > 20 && misses > 20 && atZero > 5 && rangeErrors >= 4 && typeErrors >= 4 && worldCasts > 100 && worldHits > 10,
              "case coverage");
        Console.WriteLine((failures == 0 ? "ok" : "FAILED") + ": " + pairs + " pairs (" + hits + " hits, " + misses + " misses, " + atZero +
                          " at t = 0), " + worldCasts + " world casts (" + worldHits + " closest hits), " + errors + " errors; " + checks +
                          " checks, " + failures + " failed");
        return failures == 0 ? 0 : 1;
    }
}
