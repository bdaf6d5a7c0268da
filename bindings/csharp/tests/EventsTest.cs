// SPDX-License-Identifier: MIT
// World.PairEvents, PairEvents.Diff and World.FindContacts: over random
// frames (moves, destroys, refilled slots, creates) in a 2D and a 3D world
// the events equal a brute-force diff of the copied pair lists (ids by
// value) and PairEvents.Diff, every contact equals Collide.Contact on the
// two shapes, a restore and re-simulation gives the original events, a
// steady loop allocates no managed memory, and bad arguments give
// exceptions / false, never a crash. --break: the brute-force diff compares
// ids by index only (must fail).
using System;
using System.Text;
using Fixcol;

static class EventsTest
{
    static int failures, checks;
    static bool brk;
    static long staleEnds, refills;

    static void Check(bool ok, string what)
    {
        checks++;
        if (!ok)
        {
            failures++;
            Console.WriteLine("FAIL: " + what);
        }
    }

    static bool SameId(BodyId x, BodyId y) { return brk ? x.Index == y.Index : x == y; }

    static int Minus(Pair[] x, int nx, Pair[] y, int ny, Pair[] outp)
    {
        int k = 0;
        for (int i = 0; i < nx; i++)
        {
            bool found = false;
            for (int j = 0; j < ny; j++)
                found |= SameId(x[i].A, y[j].A) && SameId(x[i].B, y[j].B);
            if (!found)
                outp[k++] = x[i];
        }
        return k;
    }

    static bool Same(Pair[] x, Pair[] y, int n)
    {
        for (int i = 0; i < n; i++)
            if (x[i].A != y[i].A || x[i].B != y[i].B)
                return false;
        return true;
    }

    class Sim
    {
        public World W;
        public BodyId[] Ids = new BodyId[200];
        public int N;
        public Pair[] Prev = new Pair[20000], Cur = new Pair[20000];
        public int NPrev, NCur;
        public Pair[] P, B, E;
        public Contact2[] C2;
        public Contact3[] C3;
    }

    static BodyDef NewBody(Random r, bool dim3)
    {
        int x = (2 + r.Next(30)) * 65536 + r.Next(65536), y = (2 + r.Next(30)) * 65536 + r.Next(65536);
        int rad = 65536 + r.Next(2 * 65536);
        if (dim3)
            return BodyDef.Of(Shape3.FromSphere(new Sphere(Vec3.FromRaw(x, r.Next(4 * 65536), y), Fix16.FromRaw(rad))));
        return BodyDef.Of(Shape2.MakeCircle(Vec2.FromRaw(x, y), Fix16.FromRaw(rad)));
    }

    static void Mutate(Sim s, Random r)
    {
        bool dim3 = s.W.Dim == WorldDim.D3;
        for (int i = 0; i < s.N; i++)
            if (r.Next(3) == 0)
            {
                int dx = r.Next(4 * 65536) - 2 * 65536, dy = r.Next(4 * 65536) - 2 * 65536;
                if (dim3)
                    s.W.TryTranslate(s.Ids[i], Vec3.FromRaw(dx, 0, dy));
                else
                    s.W.TryTranslate(s.Ids[i], Vec2.FromRaw(dx, dy));
            }
        if (s.N > 8 && r.Next(2) == 0)
        {
            int k = r.Next(s.N);
            s.W.DestroyBody(s.Ids[k]);
            if (r.Next(2) == 0)
                s.Ids[k] = s.W.CreateBody(NewBody(r, dim3));
            else
                s.Ids[k] = s.Ids[--s.N];
        }
        if (r.Next(2) == 0)
            s.Ids[s.N++] = s.W.CreateBody(NewBody(r, dim3));
    }

    static string Step(Sim s, int f)
    {
        bool dim3 = s.W.Dim == WorldDim.D3;
        int n;
        if (f % 2 == 0)
            n = s.W.FindPairs(ref s.P);
        else if (dim3)
            n = s.W.FindContacts(ref s.P, ref s.C3);
        else
            n = s.W.FindContacts(ref s.P, ref s.C2);
        for (int i = 0; f % 2 == 1 && i < n; i++)
        {
            if (dim3)
            {
                Contact3 c;
                bool hit = Collide.Contact(s.W.GetShape3(s.P[i].A), s.W.GetShape3(s.P[i].B), out c);
                Check(hit && c.Normal == s.C3[i].Normal && c.Depth == s.C3[i].Depth && c.Point == s.C3[i].Point,
                      "frame " + f + " pair " + i + ": contact3 differs");
            }
            else
            {
                Contact2 c;
                bool hit = Collide.Contact(s.W.GetShape2(s.P[i].A), s.W.GetShape2(s.P[i].B), out c);
                Check(hit && c.Normal == s.C2[i].Normal && c.Depth == s.C2[i].Depth && c.Point == s.C2[i].Point,
                      "frame " + f + " pair " + i + ": contact2 differs");
            }
        }
        Pair[] t = s.Prev; s.Prev = s.Cur; s.Cur = t;
        s.NPrev = s.NCur;
        Array.Copy(s.P, s.Cur, n);
        s.NCur = n;
        int nb, ne;
        s.W.PairEvents(ref s.B, out nb, ref s.E, out ne);
        var ob = new Pair[s.NCur + 1];
        var oe = new Pair[s.NPrev + 1];
        int onb = Minus(s.Cur, s.NCur, s.Prev, s.NPrev, ob), one = Minus(s.Prev, s.NPrev, s.Cur, s.NCur, oe);
        Check(nb == onb && ne == one && Same(s.B, ob, nb) && Same(s.E, oe, ne),
              "frame " + f + ": events differ from the brute-force diff (began " + nb + "/" + onb + ", ended " + ne + "/" + one + ")");
        Pair[] sb = null, se = null;
        int snb, sne;
        PairEvents.Diff(s.Prev, s.NPrev, s.Cur, s.NCur, ref sb, out snb, ref se, out sne);
        Check(snb == nb && sne == ne && Same(s.B, sb, nb) && Same(s.E, se, ne), "frame " + f + ": PairEvents.Diff differs");
        var sbld = new StringBuilder();
        for (int i = 0; i < ne; i++)
        {
            if (!s.W.IsValid(s.E[i].A) || !s.W.IsValid(s.E[i].B))
                staleEnds++;
            for (int j = 0; j < nb; j++)
                if (s.B[j].A.Index == s.E[i].A.Index && s.B[j].B.Index == s.E[i].B.Index)
                    refills++;
            Id(sbld, s.E[i].A); Id(sbld, s.E[i].B);
        }
        sbld.Append('|');
        for (int j = 0; j < nb; j++)
            { Id(sbld, s.B[j].A); Id(sbld, s.B[j].B); }
        return sbld.ToString();
    }

    static void Id(StringBuilder b, BodyId id) { b.Append(id.Index).Append(':').Append(id.Generation).Append(' '); }

    static World NewWorld(WorldDim dim)
    {
        WorldDef d = WorldDef.Default;
        d.Dim = dim;
        d.BoundsLog2 = 6;
        d.MaxDepth = 3;
        return new World(d);
    }

    static void Frames(WorldDim dim)
    {
        const int Frames = 60, SnapAt = 20;
        var s = new Sim { W = NewWorld(dim) };
        var r0 = new Random(dim == WorldDim.D3 ? 3 : 2);
        for (int i = 0; i < 40; i++)
            s.Ids[s.N++] = s.W.CreateBody(NewBody(r0, dim == WorldDim.D3));
        var log = new string[Frames];
        byte[] blob = null;
        Sim saved = null;
        for (int f = 0; f < Frames; f++)
        {
            Mutate(s, new Random(100 + f));
            log[f] = Step(s, f);
            if (f == SnapAt)
            {
                blob = s.W.Snapshot();
                saved = new Sim { N = s.N, NCur = s.NCur };
                Array.Copy(s.Ids, saved.Ids, s.N);
                Array.Copy(s.Cur, saved.Cur, s.NCur);
            }
        }
        for (int target = 0; target < 2; target++)
        {
            var r = new Sim { W = target == 0 ? s.W : NewWorld(dim), N = saved.N, NCur = saved.NCur };
            Array.Copy(saved.Ids, r.Ids, saved.N);
            Array.Copy(saved.Cur, r.Cur, saved.NCur);
            r.W.Restore(blob);
            int nb, ne;
            r.W.PairEvents(ref r.B, out nb, ref r.E, out ne);
            Check(nb == 0 && ne == 0, dim + ": events pending right after a restore");
            bool same = true;
            for (int f = SnapAt + 1; f < Frames; f++)
            {
                Mutate(r, new Random(100 + f));
                same &= Step(r, f) == log[f];
            }
            Check(same, dim + ": re-simulation after a restore gives other events (target " + target + ")");
            if (target == 1)
                r.W.Dispose();
        }
        s.W.Dispose();
    }

    static void Errors()
    {
        var a = new BodyId { Index = 1, Generation = 1, World = 1 };
        var b = new BodyId { Index = 2, Generation = 1, World = 1 };
        var bad = new[] { new Pair { A = b, B = a } };
        Pair[] ob = null, oe = null;
        int nb, ne;
        Check(PairEvents.TryDiff(bad, 1, new Pair[0], 0, ref ob, out nb, ref oe, out ne) == Status.ErrArgument,
              "TryDiff accepted a.index > b.index");
        var twice = new[] { new Pair { A = a, B = b }, new Pair { A = a, B = b } };
        try { PairEvents.Diff(twice, 2, new Pair[0], 0, ref ob, out nb, ref oe, out ne); Check(false, "Diff accepted a repeat"); }
        catch (FixcolException e) { Check(e.Status == Status.ErrArgument, "Diff repeat: " + e.Status); }
        try { PairEvents.Diff(null, 0, new Pair[0], 0, ref ob, out nb, ref oe, out ne); Check(false, "Diff(null)"); }
        catch (ArgumentNullException) { checks++; }
        try { PairEvents.Diff(twice, 3, new Pair[0], 0, ref ob, out nb, ref oe, out ne); Check(false, "Diff(count > length)"); }
        catch (ArgumentOutOfRangeException) { checks++; }
        try { PairEvents.Diff(twice, -1, new Pair[0], 0, ref ob, out nb, ref oe, out ne); Check(false, "Diff(count < 0)"); }
        catch (ArgumentOutOfRangeException) { checks++; }
        var w2 = new World();
        Pair[] p = null;
        Contact3[] c3 = null;
        Contact2[] c2 = null;
        try { w2.FindContacts(ref p, ref c3); Check(false, "FindContacts(Contact3) on a 2D world"); }
        catch (FixcolException e) { Check(e.Status == Status.ErrShapeType, "FindContacts 3 on 2D: " + e.Status); }
        int n;
        Check(!w2.TryFindContacts(ref p, ref c3, out n) && w2.LastStatus == Status.ErrShapeType, "TryFindContacts 3 on 2D");
        w2.Dispose();
        try { w2.PairEvents(ref ob, out nb, ref oe, out ne); Check(false, "PairEvents on a disposed world"); }
        catch (ObjectDisposedException) { checks++; }
        try { w2.FindContacts(ref p, ref c2); Check(false, "FindContacts on a disposed world"); }
        catch (ObjectDisposedException) { checks++; }
        Check(!w2.TryPairEvents(ref ob, out nb, ref oe, out ne) && w2.LastStatus == Status.ErrNull, "TryPairEvents disposed");
        Check(!w2.TryFindContacts(ref p, ref c2, out n) && w2.LastStatus == Status.ErrNull, "TryFindContacts disposed");
    }

    static void NoGarbage()
    {
        var s = new Sim { W = NewWorld(WorldDim.D2) };
        var r = new Random(9);
        for (int i = 0; i < 60; i++)
            s.Ids[s.N++] = s.W.CreateBody(NewBody(r, false));
        for (int warm = 0; warm < 2; warm++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            long acc = 0;
            for (int f = 0; f < 500; f++)
            {
                s.W.Translate(s.Ids[f % s.N], Vec2.FromRaw(f % 2 == 0 ? 65536 : -65536, 0));
                int nb, ne;
                int n = s.W.FindContacts(ref s.P, ref s.C2);
                s.W.PairEvents(ref s.B, out nb, ref s.E, out ne);
                acc += n + nb + ne;
            }
            long used = GC.GetAllocatedBytesForCurrentThread() - before;
            if (warm == 1)
                Check(used == 0, "FindContacts + PairEvents loop allocated " + used + " bytes (" + acc + ")");
        }
        s.W.Dispose();
    }

    static int Main(string[] args)
    {
        brk = args.Length > 0 && args[0] == "--break";
        Frames(WorldDim.D2);
        Frames(WorldDim.D3);
        Errors();
        NoGarbage();
        Check(staleEnds > 0 && refills > 0, "no stale ends (" + staleEnds + ") or refills (" + refills + ")");
        Console.WriteLine((failures == 0 ? "ok" : "FAILED") + ": " + checks + " checks, " + failures + " failures");
        return failures == 0 ? 0 : 1;
    }
}
