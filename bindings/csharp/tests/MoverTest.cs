// SPDX-License-Identifier: MIT
// The refined casts and the mover through the C# binding: issue 29's
// point-at-triangle cast (the safe advance stays out where rounding t * delta
// enters; both decided by Collide.Overlap), a world cast with the caster's
// own body excluded (without it: its own body at t = 0, started), Move equal
// to MoveShape, the body never left overlapping, 3D landing, errors that
// throw and change nothing, no garbage in a mover frame.
// --break: the exclusion is dropped; the checks must fail.
using System;
using Fixcol;

static class MoverTest
{
    const int U = 65536;
    static int failures, checks;
    static void Check(bool c, string msg) { checks++; if (!c) { failures++; Console.Error.WriteLine("FAIL: " + msg); } }
    static Fix16 R(int raw) { return Fix16.FromRaw(raw); }

    static int Main(string[] args)
    {
        bool brk = args.Length > 0 && args[0] == "--break";
        var p = Shape2.MakeCircle(new Vec2(R(-171155), R(-972030)), R(0));
        var tri = Shape2.FromPoly(Poly2.Make(new[] { new Vec2(R(0), R(0)), new Vec2(R(896122), R(-90497)), new Vec2(R(111592), R(719165)) }));
        CastResult2 cr;
        Check(ShapeCast.CastEx(p, new Vec2(R(430939), R(2532477)), tri, out cr) && cr.Hit.T.Raw == 35076 && cr.StartedOverlap == 0, "issue cast");
        var adv = Shape2.MakeCircle(new Vec2(R(-171155 + cr.Safe.X.Raw), R(-972030 + cr.Safe.Y.Raw)), R(0));
        Check(!Collide.Overlap(adv, tri), "safe advance enters the triangle");
        var rnd = Shape2.MakeCircle(new Vec2(R(-171155 + (int)(430939L * 35076 / 65536)), R(-972030 + (int)(2532477L * 35076 / 65536))), R(0));
        Check(Collide.Overlap(rnd, tri), "rounded t * delta no longer enters");

        using (var w = new World())
        {
            var floor = w.CreateBody(BodyDef.Of(Shape2.FromAabb(new Aabb2(new Vec2(R(0), R(0)), new Vec2(R(40 * U), R(U))))));
            var me = Shape2.MakeCircle(new Vec2(R(5 * U), R(3 * U)), R(U));
            var hero = w.CreateBody(BodyDef.Of(me));
            var exclude = brk ? new BodyId[0] : new[] { hero };
            CastResult2 r;
            Check(w.CastEx(me, new Vec2(R(0), R(-4 * U)), Filter.Default, exclude, out r) && r.Hit.Id == floor &&
                  r.StartedOverlap == 0 && r.Safe.Y.Raw < 0 && r.Safe.Y.Raw > -U, "excluded cast: the floor");
            Check(w.CastEx(me, new Vec2(R(0), R(-4 * U)), Filter.Default, null, out r) && r.Hit.Id == hero && r.Hit.T.Raw == 0 &&
                  r.StartedOverlap == 1, "own body at t = 0, started");

            var def = MoverDef.Default;
            def.SnapDistance = U / 8;
            var a = new MoverResult2();
            var b = new MoverResult2();
            ulong sum = w.Checksum();
            w.MoveShape(me, new Vec2(R(2 * U), R(-3 * U)), def, new[] { hero }, ref a);
            Check(w.Checksum() == sum, "MoveShape changed the world");
            w.Move(hero, new Vec2(R(2 * U), R(-3 * U)), def, null, ref b);
            Check(a.Moved.X.Raw == b.Moved.X.Raw && a.Moved.Y.Raw == b.Moved.Y.Raw && a.Flags == b.Flags && a.TouchCount == b.TouchCount, "Move != MoveShape");
            Check((b.Flags & Mover.Grounded) != 0 && b.TouchCount >= 1 && b.Touch(0).Id == floor && b.Touch(0).Kind == Mover.TouchGround, "grounded on the floor");
            int px = 0, py = 0;
            for (int i = 0; i < b.PathCount; i++) { px += b.Path(i).X.Raw; py += b.Path(i).Y.Raw; }
            Check(px == b.Moved.X.Raw && py == b.Moved.Y.Raw, "path sums to Moved");
            Check(!Collide.Overlap(w.GetShape2(hero), w.GetShape2(floor)), "hero overlaps the floor");

            sum = w.Checksum();
            var bad = def; bad.MaxIterations = 0;
            try { w.Move(hero, new Vec2(R(U), R(0)), bad, null, ref b); Check(false, "bad def accepted"); }
            catch (FixcolException e) { Check(e.Status == Status.ErrArgument, "bad def: " + e.Status); }
            Check(!w.TryMove(hero, new Vec2(R(8192 * U), R(0)), def, null, ref b) && w.LastStatus == Status.ErrRange, "range");
            try { w.CastEx(me, new Vec2(R(0), R(1)), Filter.Default, new BodyId[Mover.MaxExclude + 1], out r); Check(false, "65 excluded accepted"); }
            catch (FixcolException e) { Check(e.Status == Status.ErrArgument, "65 excluded: " + e.Status); }
            Check(w.Checksum() == sum, "errors changed the world");

            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < 100; i++)
                w.Move(hero, new Vec2(R(i % 2 == 0 ? U / 4 : -U / 4), R(-U / 64)), def, null, ref b);
            Check(GC.GetAllocatedBytesForCurrentThread() == before, "a mover frame allocated");
        }

        var wd = WorldDef.Default;
        wd.Dim = WorldDim.D3;
        using (var w3 = new World(wd))
        {
            var ground = w3.CreateBody(BodyDef.Of(Shape3.FromAabb(new Aabb3(new Vec3(R(-10 * U), R(-U), R(-10 * U)), new Vec3(R(10 * U), R(0), R(10 * U))))));
            var ball = w3.CreateBody(BodyDef.Of(Shape3.FromSphere(new Sphere(new Vec3(R(0), R(2 * U), R(0)), R(U)))));
            var r3 = new MoverResult3();
            w3.Move(ball, new Vec3(R(0), R(-5 * U), R(0)), MoverDef.Default, null, ref r3);
            Check(r3.Moved.Y.Raw > -U - 1 && r3.Moved.Y.Raw < -U + U / 8 && (r3.Flags & Mover.Grounded) != 0 && r3.Touch(0).Id == ground, "3D landing");
        }
        Console.WriteLine("MoverTest: {0} checks, {1} failed", checks, failures);
        return failures == 0 ? 0 : 1;
    }
}
