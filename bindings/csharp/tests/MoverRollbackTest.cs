// SPDX-License-Identifier: MIT
// The mover under rollback through the C# binding (the binding's side of
// tests/test_mover_rollback.c): a 2D world of walls, mixed bodies and a
// moving platform with a circle, a capsule and a box mover (one top-down,
// two platformers with gravity, step-up and snap), a 3D world with two
// sphere movers; FRAMES frames of World.Move with inputs that are a
// function of (frame, mover), every output kept (moved, flags, iterations,
// counts, every touch: id, t, normal, iteration, kind; every path segment)
// with the checksum after the frame; frame 15 destroys a body and creates
// one. Then on the same world: HistoryRollback to before frame BACK and the
// same frames again (identical records), Restore of the snapshot taken
// before BACK and again (identical), and a late input for frame LATE:
// rollback, re-simulate knowing it - frame LATE differs from the first run,
// every frame from LATE on equals a fresh world's run.
// --break (should-fail twin): the re-simulations change one frame's inputs
// by 1 raw without saying so; the checks must fail.
using System;
using System.Collections.Generic;
using System.Text;
using Fixcol;

static class MoverRollbackTest
{
    const int U = 65536, FRAMES = 30, BACK = 10, LATE = 20, RECREATE = 15;
    static int failures, checks;
    static bool brk;
    static void Check(bool c, string msg)
    {
        checks++;
        if (!c && failures++ < 20) Console.Error.WriteLine("FAIL: " + msg);
    }
    static Fix16 R(long raw) { return Fix16.FromRaw((int)raw); }

    sealed class Scene
    {
        public int Dim;
        public World W;
        public List<BodyId> Movers = new List<BodyId>();
        public BodyId Platform, Doomed;
        public bool Late, Resim;
        public long Touches;
    }

    static int Input(Scene s, int f, int i, int axis)
    {
        long h = ((f * 7919L + i * 104729L + axis * 1299709L + s.Dim * 15485863L) * 48271L) % 2147483647L;
        h = (h * 48271L) % 2147483647L;
        long d = h % (3 * U) - 3 * U / 2;
        if (i % 2 == 1 && axis == 1 && s.Dim == 2) d = (d >= 0 ? d / 4 : -((-d + 3) / 4)) - U / 2; // gravity (d / 4 floored)
        if (s.Late && f == LATE && i == 1 && axis == 0) d += 2 * U;
        if (brk && s.Resim && f == BACK + 2) d += 1;
        return (int)d;
    }

    static MoverDef DefOf(int i)
    {
        var d = MoverDef.Default;
        if (i % 2 == 1) { d.StepHeight = U / 3; d.SnapDistance = U / 4; d.MaxIterations = 6; }
        return d;
    }

    static Shape2 Box2(long x0, long y0, long x1, long y1) { return Shape2.FromAabb(new Aabb2(new Vec2(R(x0), R(y0)), new Vec2(R(x1), R(y1)))); }
    static Shape3 Box3(long x0, long y0, long z0, long x1, long y1, long z1)
    {
        return Shape3.FromAabb(new Aabb3(new Vec3(R(x0), R(y0), R(z0)), new Vec3(R(x1), R(y1), R(z1))));
    }
    static Shape3 Ball(long x, long y, long z, long r) { return Shape3.FromSphere(new Sphere(new Vec3(R(x), R(y), R(z)), R(r))); }

    static Scene Build(int dim)
    {
        var s = new Scene { Dim = dim };
        var wd = WorldDef.Default;
        if (dim == 3) wd.Dim = WorldDim.D3;
        wd.BoundsMin = new Vec2(R(-32 * U), R(-32 * U));
        wd.BoundsLog2 = 6;
        wd.MaxDepth = 4;
        var w = s.W = new World(wd);
        long x = 2029;
        Func<long, long, long> rnd = (lo, hi) => { x = x * 16807 % 2147483647; return lo + x % (hi - lo + 1); };
        if (dim == 2)
        {
            w.CreateBody(BodyDef.Of(Box2(-13 * U, -13 * U, 13 * U, -12 * U)));
            w.CreateBody(BodyDef.Of(Box2(-13 * U, 12 * U, 13 * U, 13 * U)));
            w.CreateBody(BodyDef.Of(Box2(-13 * U, -12 * U, -12 * U, 12 * U)));
            w.CreateBody(BodyDef.Of(Box2(12 * U, -12 * U, 13 * U, 12 * U)));
            for (int i = 0; i < 30; i++)
            {
                long cx = rnd(-10 * U, 10 * U), cy = rnd(-11 * U, 10 * U), h = rnd(U / 4, U), t3 = h / 3, t2 = h / 2;
                Shape2 sh;
                switch (i % 4)
                {
                    case 0: sh = Shape2.MakeCircle(new Vec2(R(cx), R(cy)), R(h)); break;
                    case 1: sh = Box2(cx - h, cy - t3, cx + h, cy + t3); break;
                    case 2: sh = Shape2.FromCapsule(new Capsule2(new Vec2(R(cx - h), R(cy)), new Vec2(R(cx + h), R(cy + t2)), R(t3))); break;
                    default:
                        sh = Shape2.FromPoly(Poly2.Make(new[] { new Vec2(R(cx - h), R(cy - h)), new Vec2(R(cx + h), R(cy - t2)), new Vec2(R(cx), R(cy + h)) }));
                        break;
                }
                var id = w.CreateBody(BodyDef.Of(sh));
                if (i == 17) s.Doomed = id;
            }
            s.Platform = w.CreateBody(BodyDef.Of(Box2(-3 * U, -8 * U, U, -7 * U - U / 2)));
            for (int i = 0; i < 3; i++)
            {
                long mx = -9 * U + i * 7 * U, my = i % 2 == 1 ? 6 * U : 2 * U, a = 2 * U / 5;
                Shape2 m = i == 0 ? Shape2.MakeCircle(new Vec2(R(mx), R(my)), R(U / 2))
                         : i == 1 ? Shape2.FromCapsule(new Capsule2(new Vec2(R(mx), R(my - a)), new Vec2(R(mx), R(my + a)), R(U / 3)))
                         : Box2(mx - a, my - U / 2, mx + a, my + U / 2);
                s.Movers.Add(w.CreateBody(BodyDef.Of(m)));
            }
        }
        else
        {
            x = 3037;
            w.CreateBody(BodyDef.Of(Box3(-13 * U, -2 * U, -13 * U, 13 * U, -U, 13 * U)));
            w.CreateBody(BodyDef.Of(Box3(-13 * U, -U, -13 * U, -12 * U, 4 * U, 13 * U)));
            w.CreateBody(BodyDef.Of(Box3(12 * U, -U, -13 * U, 13 * U, 4 * U, 13 * U)));
            for (int i = 0; i < 24; i++)
            {
                long cx = rnd(-10 * U, 10 * U), cy = rnd(-U, 2 * U), cz = rnd(-10 * U, 10 * U), h = rnd(U / 4, U), t3 = h / 3;
                var id = w.CreateBody(BodyDef.Of(i % 2 == 0 ? Ball(cx, cy, cz, h) : Box3(cx - h, cy - t3, cz - h, cx + h, cy + t3, cz + h)));
                if (i == 17) s.Doomed = id;
            }
            s.Platform = w.CreateBody(BodyDef.Of(Box3(-3 * U, -U / 2, -2 * U, U, 0, 2 * U)));
            for (int i = 0; i < 2; i++) s.Movers.Add(w.CreateBody(BodyDef.Of(Ball(-6 * U + i * 8 * U, 3 * U, (i - 1) * 4 * U, U / 2))));
        }
        w.HistoryBegin(64, 1 << 22);
        w.HistorySave();
        return s;
    }

    static void Id(StringBuilder b, BodyId id) { b.Append(id.Index).Append(':').Append(id.Generation).Append('@').Append(id.World).Append(' '); }
    static void Touch(StringBuilder b, MoverTouch t)
    {
        Id(b, t.Id);
        b.Append(t.T.Raw).Append(' ').Append(t.Normal.X.Raw).Append(' ').Append(t.Normal.Y.Raw).Append(' ').Append(t.Normal.Z.Raw)
         .Append(' ').Append(t.Iteration).Append(' ').Append(t.Kind).Append(' ');
    }

    // One frame: the platform, the re-creation, every mover in order, the
    // checksum; the history save. Returns the frame's record.
    static string Frame(Scene s, int f)
    {
        var w = s.W;
        var b = new StringBuilder();
        int px = f % 8 < 4 ? U / 4 : -U / 4;
        if (s.Dim == 2) w.Translate(s.Platform, new Vec2(R(px), R(0))); else w.Translate(s.Platform, new Vec3(R(px), R(0), R(0)));
        if (f == RECREATE)
        {
            w.DestroyBody(s.Doomed);
            Id(b, s.Dim == 2 ? w.CreateBody(BodyDef.Of(Box2(-U, -3 * U, U, -2 * U)))
                             : w.CreateBody(BodyDef.Of(Box3(-U, 0, -U, U, U / 2, U))));
        }
        for (int i = 0; i < s.Movers.Count; i++)
        {
            if (s.Dim == 2)
            {
                var r = new MoverResult2();
                w.Move(s.Movers[i], new Vec2(R(Input(s, f, i, 0)), R(Input(s, f, i, 1))), DefOf(i), null, ref r);
                b.Append(r.Moved.X.Raw).Append(' ').Append(r.Moved.Y.Raw).Append(' ').Append(r.Flags).Append(' ').Append(r.Iterations)
                 .Append(' ').Append(r.TouchCount).Append(' ').Append(r.PathCount).Append(' ').Append(r.Pushouts).Append(' ');
                for (int k = 0; k < r.TouchCount; k++) Touch(b, r.Touch(k));
                for (int k = 0; k < r.PathCount; k++) b.Append(r.Path(k).X.Raw).Append(' ').Append(r.Path(k).Y.Raw).Append(' ');
                s.Touches += r.TouchCount;
            }
            else
            {
                var r = new MoverResult3();
                var d = new Vec3(R(Input(s, f, i, 0)), R(i == 0 ? Input(s, f, i, 1) : 0), R(Input(s, f, i, 2)));
                w.Move(s.Movers[i], d, DefOf(i + 1), null, ref r);
                b.Append(r.Moved.X.Raw).Append(' ').Append(r.Moved.Y.Raw).Append(' ').Append(r.Moved.Z.Raw).Append(' ').Append(r.Flags)
                 .Append(' ').Append(r.Iterations).Append(' ').Append(r.TouchCount).Append(' ').Append(r.PathCount).Append(' ')
                 .Append(r.Pushouts).Append(' ');
                for (int k = 0; k < r.TouchCount; k++) Touch(b, r.Touch(k));
                for (int k = 0; k < r.PathCount; k++)
                    b.Append(r.Path(k).X.Raw).Append(' ').Append(r.Path(k).Y.Raw).Append(' ').Append(r.Path(k).Z.Raw).Append(' ');
                s.Touches += r.TouchCount;
            }
        }
        b.Append(w.Checksum().ToString("x16"));
        w.HistorySave();
        return b.ToString();
    }

    static void Run(int dim)
    {
        var s = Build(dim);
        var baseRec = new string[FRAMES];
        var before = new ulong[FRAMES];
        byte[] snap = null;
        for (int f = 0; f < FRAMES; f++)
        {
            if (f == BACK) snap = s.W.Snapshot();
            before[f] = s.W.Checksum();
            baseRec[f] = Frame(s, f);
        }
        Check(s.Touches >= (dim == 2 ? 25 : 8), dim + "D: the movers touched only " + s.Touches + " bodies");
        Action<string> resim = what =>
        {
            s.Resim = true;
            for (int f = BACK; f < FRAMES; f++) Check(Frame(s, f) == baseRec[f], dim + "D " + what + ": frame " + f + " differs");
            s.Resim = false;
        };
        s.W.HistoryRollback(FRAMES - BACK); // 1. the history ring
        Check(s.W.Checksum() == before[BACK], dim + "D: checksum after the rollback");
        resim("history rollback");
        s.W.Restore(snap); // 2. the snapshot
        s.W.HistorySave();
        Check(s.W.Checksum() == before[BACK], dim + "D: checksum after the restore");
        resim("snapshot restore");
        s.W.HistoryRollback(FRAMES - LATE); // 3. the late input, against a fresh run that knew it
        s.Late = true;
        var again = new string[FRAMES];
        for (int f = LATE; f < FRAMES; f++) again[f] = Frame(s, f);
        var t = Build(dim);
        t.Late = true;
        for (int f = 0; f < FRAMES; f++)
        {
            string r = Frame(t, f);
            if (f < LATE) Check(r == baseRec[f], dim + "D: fresh frame " + f + " before the late input differs");
            else Check(r == again[f], dim + "D late input: frame " + f + " differs from the fresh run");
        }
        Check(again[LATE] != baseRec[LATE], dim + "D: the late input changed nothing");
        Console.WriteLine("{0}D: {1} frames, {2} movers, {3} touches in all runs", dim, FRAMES, s.Movers.Count, s.Touches);
        s.W.Dispose();
        t.W.Dispose();
    }

    static int Main(string[] args)
    {
        brk = args.Length > 0 && args[0] == "--break";
        Run(2);
        Run(3);
        Console.WriteLine("MoverRollbackTest: {0} checks, {1} failed", checks, failures);
        return failures == 0 ? 0 : 1;
    }
}
