// SPDX-License-Identifier: MIT
// The C# API against the C library: Fix16 decimals equal the C text form
// (fc_replay_fix_format / fc_replay_fix_parse) for every sampled raw value,
// table trig, the stateless tier, snapshot/restore (same checksum, same ids
// handed out next) and a frame loop that allocates no managed memory.
// --break compares one value with its neighbour's C text (must fail);
// --break-pushout takes one raw off a push-out (must fail).
using System;
using System.Text;
using Fixcol;

static class ApiTest
{
    static int failures, checks;

    static void Check(bool ok, string what)
    {
        checks++;
        if (!ok)
        {
            failures++;
            Console.WriteLine("FAIL: " + what);
        }
    }

    static string CFormat(int raw)
    {
        byte[] buf = new byte[32];
        Native.fc_replay_fix_format(raw, buf);
        return Encoding.ASCII.GetString(buf, 0, Array.IndexOf(buf, (byte)0));
    }

    static Status CParse(string s, out int raw)
    {
        byte[] b = Encoding.ASCII.GetBytes(s);
        return Native.fc_replay_fix_parse(b, (UIntPtr)(uint)b.Length, out raw);
    }

    static int Main(string[] args)
    {
        bool brk = Array.IndexOf(args, "--break") >= 0;
        bool brkPushout = Array.IndexOf(args, "--break-pushout") >= 0; // one raw short: must fail

        // ---- Fix16 text == the C text form, both directions
        uint x = 12345;
        for (int i = 0; i < 200000; i++)
        {
            x = x * 1664525u + 1013904223u;
            int raw = i < 8 ? new[] { 0, 1, -1, int.MaxValue, int.MinValue, 65536, -65536, 32768 }[i] : (int)x >> (i % 17);
            string cs = Fix16.FromRaw(raw).ToString();
            string c = CFormat(brk && i == 1000 ? raw + 1 : raw);
            if (cs != c)
                Check(false, "ToString(" + raw + ") = " + cs + ", C says " + c);
            Fix16 back;
            if (!Fix16.TryParse(c, out back) || back.Raw != raw)
                Check(false, "Parse(" + c + ") != " + raw);
        }
        checks++;
        foreach (string s in new[] { "0.1", "1.", ".5", "+1", "1e3", "", "-", "1.5x", "32768", "-32768.0000152587890625",
                                     "0.00000762939453125", "12.375000", "-0", "007", "32767.9999847412109375",
                                     "-32768", "0.0000152587890625", "1.00000000000000000000" })
        {
            int craw;
            Status cst = CParse(s, out craw);
            Fix16 v;
            bool ok = Fix16.TryParse(s, out v);
            Check(ok == (cst == Status.Ok) && (!ok || v.Raw == craw), "Parse('" + s + "'): C# " + ok + " " + v.Raw + ", C " + cst + " " + craw);
        }
        Check(Fix16.Parse("-12.375").Raw == -(12 * 65536 + 24576), "Parse(-12.375)");
        Check(Fix16.FromInt(-32768).Raw == int.MinValue && Fix16.FromRatio(3, 2).Raw == 49152, "FromInt / FromRatio");
        Check((Fix16.Parse("1.5") * Fix16.Parse("-2.25")).ToString() == "-3.375", "fc_mul");

        // ---- trig is the engine's table
        Check(Angle.FromDegrees(90).Sin().Raw == 65536 && Angle.FromDegrees(90).Raw == 16384, "sin 90 deg");
        Check(Angle.FromDegrees(180).Cos().Raw == -65536, "cos 180 deg");
        Check(Angle.FromRaw(16384).ToDegrees().Raw == 90 * 65536, "to degrees");
        Check(Angle.FromRaw(65535) + Angle.FromRaw(2) == Angle.FromRaw(1), "angle wraps");
        // docs/binding-csharp.md: Angle.FromRaw(int) wraps mod 65536 (the uint16_t wrap), never an error
        Check(Angle.FromRaw(70000).Raw == 4464 && Angle.FromRaw(-16384).Raw == 49152 && Angle.FromRaw(65535).Raw == 65535,
            "Angle.FromRaw wraps as documented");

        // ---- stateless tier
        var c1 = Shape2.MakeCircle(new Vec2(0, 0), 1);
        var c2 = Shape2.MakeCircle(new Vec2(2, 0), 1);
        var c3 = Shape2.MakeCircle(new Vec2(Fix16.FromRaw(2 * 65536 + 1), 0), 1);
        Contact2 ct;
        Check(Collide.Overlap(c1, c2) && !Collide.Overlap(c1, c3), "touching circles overlap, 1 ulp apart do not");
        Check(Collide.Contact(c1, Shape2.MakeCircle(new Vec2(1, 0), 1), out ct) && ct.Normal.X.Raw == 65536 && ct.Depth.Raw == 65536,
              "circle contact normal/depth");
        var box = Shape2.MakeObb(new Vec2(0, 0), new Vec2(2, 1), Angle.FromDegrees(90));
        Check(Collide.Overlap(box, Shape2.MakeCircle(new Vec2(0, 2), 1)) && !Collide.Overlap(box, Shape2.MakeCircle(new Vec2(2, 0), Fix16.Parse("0.5"))),
              "rotated box vs circles");
        var s1 = Shape3.FromSphere(new Sphere(new Vec3(0, 0, 0), 1));
        var o1 = Shape3.FromObb(Obb3.FromEuler(new Vec3(0, 0, 3), new Vec3(1, 1, 1), Angle.FromDegrees(45), Angle.FromRaw(0), Angle.FromRaw(0)));
        Check(!Collide.Overlap(s1, o1) && Collide.Overlap(o1, Shape3.FromSphere(new Sphere(new Vec3(0, 0, 2), 1))), "sphere vs obb3");
        var pentagon = Shape2.FromPoly(Poly2.Make(new[] { new Vec2(0, 0), new Vec2(2, 0), new Vec2(3, 2), new Vec2(1, 3), new Vec2(-1, 2) }));
        Check(pentagon.Validate() == Status.Ok && pentagon.Poly[2] == new Vec2(3, 2), "polygon vertices");

        // ---- push-out: depth + 4 + depth / 8192 raw along the normal, verified apart
        var d2 = Pushout.Delta(c1, Shape2.MakeCircle(new Vec2(1, 0), 1));
        if (brkPushout)
            d2 = d2 - Vec2.FromRaw(1, 0);
        Check(d2 == Vec2.FromRaw(65536 + 12, 0), "circle push-out " + d2.X.Raw + " raw");
        Check(!Collide.Overlap(c1, Shape2.MakeCircle(new Vec2(1, 0) + d2, 1)), "push-out separates circles");
        Check(Pushout.Delta(c1, c3) == default(Vec2), "apart: zero push-out");
        var s2 = Shape3.FromSphere(new Sphere(new Vec3(0, 0, 2), 1));
        var d3 = Pushout.Delta(o1, s2);
        Check(d3 != default(Vec3) && !Collide.Overlap(o1, Shape3.FromSphere(new Sphere(new Vec3(0, 0, 2) + d3, 1))),
              "push-out separates the sphere from the obb3");
        // ---- capsule3: touching at exactly 1 raw (the push-out twin moves the sphere 1 raw out)
        var cap = Shape3.FromCapsule(Capsule3.Make(new Vec3(0, 0, 0), new Vec3(10, 0, 0), 1));
        var touchY = Fix16.FromRaw(2 * 65536 + (brkPushout ? 1 : 0));
        Contact3 cc;
        Check(Collide.Contact(cap, Shape3.FromSphere(new Sphere(new Vec3(5, 0, 0) + new Vec3(0, touchY, 0), 1)), out cc) &&
              cc.Normal.Y.Raw == 65536 && cc.Depth.Raw == 0, "capsule3 touches a sphere 2 units away");
        Check(!Collide.Overlap(Shape3.FromSphere(new Sphere(new Vec3(Fix16.FromInt(5), Fix16.FromRaw(2 * 65536 + 1), 0), 1)), cap),
              "capsule3 misses a sphere 2 units + 1 raw away");
        var dc = Pushout.Delta(cap, Shape3.FromSphere(new Sphere(new Vec3(5, 1, 0), 1)));
        Check(dc.Y.Raw > 65536 && !Collide.Overlap(cap, Shape3.FromSphere(new Sphere(new Vec3(5, 1, 0) + dc, 1))),
              "push-out separates a sphere from the capsule3");
        bool capThrew = false;
        try { Capsule3.Make(new Vec3(0, 0, 0), new Vec3(0, 0, 0), Fix16.FromRaw(-1)); } catch (FixcolException) { capThrew = true; }
        Check(capThrew, "capsule3 with a negative radius throws");
        Vec2 td;
        Status tst;
        Check(Pushout.TryDelta(box, Shape2.MakeCircle(new Vec2(0, 2), 1), out td, out tst) && tst == Status.Ok &&
              !Collide.Overlap(box, Shape2.MakeCircle(new Vec2(0, 2) + td, 1)), "TryDelta separates circle from box");

        // ---- skill areas: world queries vs a brute-force scan with the stateless tests
        using (var w = new World())
        {
            var all = new BodyId[120];
            uint rs = 99;
            Func<int, int> rnd = n => { rs ^= rs << 13; rs ^= rs >> 17; rs ^= rs << 5; return (int)(rs % (uint)n); };
            for (int i = 0; i < all.Length; i++)
            {
                Vec2 c = Vec2.FromRaw(rnd(60) * 65536 + rnd(4) * 16384, rnd(60) * 65536);
                all[i] = w.CreateBody(BodyDef.Of(i % 2 == 0 ? Shape2.MakeCircle(c, Fix16.FromRaw(32768 + rnd(3) * 65536))
                                                            : Shape2.FromObb(Obb2.Make(c, new Vec2(1, 2), Angle.FromRaw(rnd(65536))))));
            }
            var got = new BodyId[0];
            int[] halves = { 0, 1, 8192, 16384, 16385, 32767, 32768 };
            for (int q = 0; q < 100; q++)
            {
                Vec2 c = Vec2.FromRaw(rnd(64) * 65536, rnd(64) * 65536);
                Fix16 r = Fix16.FromRaw(rnd(20) * 65536);
                var sec = new Sector2(c, r, Angle.FromRaw(rnd(65536)), Angle.FromRaw(q % 2 == 0 ? halves[q % 7] : rnd(32769)));
                var ring = new Ring2(c, Fix16.FromRaw(q % 3 == 0 ? 0 : rnd(r.Raw + 1)), r);
                int n = w.OverlapSector(sec, Filter.Default, ref got);
                int k = 0; bool same = true;
                foreach (var id in all)
                    if (Areas.Overlap(sec, w.GetShape2(id))) same &= k < n && got[k++] == id;
                Check(same && k == n, "sector query " + q + " equals brute force");
                n = w.OverlapRing(ring, Filter.Default, ref got);
                k = 0; same = true;
                foreach (var id in all)
                    if (Areas.Overlap(ring, w.GetShape2(id))) same &= k < n && got[k++] == id;
                Check(same && k == n, "ring query " + q + " equals brute force");
            }
            var half = new Sector2(new Vec2(0, 0), 10, Angle.FromRaw(16384), Angle.FromRaw(16384));
            Check(Areas.Overlap(half, Shape2.MakeCircle(new Vec2(3, -1), 1)) && !Areas.Overlap(half, Shape2.MakeCircle(new Vec2(3, -1), Fix16.FromRaw(65535))),
                "half-disc: tangent circle touches, 1 raw apart does not");
            Check(Areas.Contains(new Ring2(new Vec2(0, 0), 5, 10), new Vec2(0, -5)) && !Areas.Contains(new Ring2(new Vec2(0, 0), 5, 10), Vec2.FromRaw(0, 5 * 65536 - 1)),
                "ring containment");
            Check(Areas.Contains(new Sector2(new Vec2(0, 0), 10, Angle.FromRaw(0), Angle.FromRaw(0)), new Vec2(10, 0)), "segment sector end");
        }

        // ---- world: ids, queries, rays, snapshot / restore
        using (var w = new World())
        {
            var ids = new BodyId[8];
            for (int i = 0; i < 8; i++)
                ids[i] = w.CreateBody(BodyDef.Of(Shape2.MakeCircle(new Vec2(10 + 3 * i, 10), 2)));
            w.SetUserData(ids[3], 0xDEADBEEFCAFEUL);
            Check(w.GetUserData(ids[3]) == 0xDEADBEEFCAFEUL, "user data round trip");
            w.DestroyBody(ids[5]);
            Pair[] pairs = null;
            int np = w.FindPairs(ref pairs);
            Check(np == 5 && pairs[0].A == ids[0] && pairs[0].B == ids[1] && pairs[3].A == ids[3] && pairs[3].B == ids[4] && pairs[4].A == ids[6] && pairs[4].B == ids[7], "pairs sorted (" + np + ")");
            RayHit[] hits = null;
            int nh = w.RaycastAll(new Ray2(new Vec2(0, 10), new Vec2(100, 0)), Filter.Default, ref hits);
            Check(nh == 7 && hits[0].Id == ids[0] && hits[0].T.Raw == (int)((8L << 16) * 65536 / (100L << 16)), "ray all: " + nh + " hits, t " + (nh > 0 ? hits[0].T.ToString() : "-"));
            RayHit first;
            Check(w.Raycast(new Ray2(new Vec2(0, 10), new Vec2(100, 0)), Filter.Default, out first) && first.Id == ids[0], "closest hit");
            BodyId[] got = null;
            Check(w.QueryPoint(new Vec2(14, 10), Filter.Default, ref got) == 2 && got[0] == ids[1] && got[1] == ids[2], "point query");
            Vec3 lo, hi;
            w.GetBounds(ids[0], out lo, out hi);
            Check(lo.X.Raw == 8 * 65536 && hi.Y.Raw == 12 * 65536 && lo.Z.Raw == 0, "bounds");

            byte[] snap = w.Snapshot();
            ulong sum = w.Checksum();
            BodyId next = w.CreateBody(BodyDef.Default);
            w.Translate(ids[0], new Vec2(1, 1));
            w.Restore(snap);
            Check(w.Checksum() == sum && w.BodyCount == 7 && !w.IsValid(next), "restore brings the checksum back");
            Check(w.CreateBody(BodyDef.Default) == next, "restore hands out the same next id");

            // ---- a steady frame allocates no managed memory
            var skill = Shape2.MakeCircle(new Vec2(20, 10), 5);
            byte[] buf = null;
            int len = 0;
            for (int warm = 0; warm < 2; warm++)
            {
                long before = GC.GetAllocatedBytesForCurrentThread();
                ulong acc = 0;
                for (int f = 0; f < 1000; f++)
                {
                    w.Translate(ids[1], new Vec2(f % 2 == 0 ? 1 : -1, 0));
                    np = w.FindPairs(ref pairs);
                    int n = w.Overlap(skill, Filter.Default, ref got);
                    nh = w.RaycastAll(new Ray2(new Vec2(0, 10), new Vec2(100, 0)), Filter.Default, ref hits);
                    acc += w.Checksum() + (ulong)(np + n + nh);
                    if (f % 100 == 0)
                    {
                        len = w.Snapshot(ref buf);
                        w.Restore(buf, len);
                    }
                }
                long used = GC.GetAllocatedBytesForCurrentThread() - before;
                if (warm == 1)
                    Check(used == 0, "frame loop allocated " + used + " bytes (" + acc + ")");
            }
        }
        Console.WriteLine((failures == 0 ? "ok" : "FAILED") + ": " + checks + " checks, " + failures + " failures");
        return failures == 0 ? 0 : 1;
    }
}
