// SPDX-License-Identifier: MIT
using System;
using Fixcol;

/// <summary>
/// The call-heavy MOBA frame (docs/frame.md, "The call-heavy MOBA frame"; C: tools/bench/moba_heavy.c)
/// through the C# binding: PerCall with the per-call World methods (each
/// unit: Angle.SinCos, Translate, GetShape2; push-outs as GetShape2 x2 +
/// Pushout.TryDelta + Translate) and Batch with one World.RunFrame a frame.
/// Both return the 32-bit digest of the frames (equal to C's).
/// </summary>
public sealed class MobaHeavy
{
    public const int U = 65536, Speed = 16384, Cap = 1024, Walls = 24, Units = 200;
    static readonly int[,] Dirs = { { 30 * U, 0 }, { 0, 30 * U }, { -30 * U, 0 }, { 0, -30 * U },
        { 21 * U, 21 * U }, { -21 * U, 21 * U }, { -21 * U, -21 * U }, { 21 * U, -21 * U } };

    public readonly World W;
    readonly BodyId[] ids = new BodyId[Walls + Units];
    readonly int[] x = new int[Units], y = new int[Units], angle = new int[Units];
    readonly int[] aims = new int[90];
    BodyId[] q = new BodyId[64];
    Pair[] pairs = new Pair[Cap], began = new Pair[64], ended = new Pair[64];
    readonly Pair[] copy = new Pair[Cap];
    readonly int[] cmd = new int[8192], res = new int[65536];
    /// <summary>Sin read for cos on the per-call side (the test's should-fail twin).</summary>
    public bool Break;

    public MobaHeavy()
    {
        var def = WorldDef.Default;
        def.BoundsLog2 = 8;
        def.MaxDepth = 4;
        def.PairCapacity = Cap;
        W = new World(def);
        var bd = BodyDef.Default;
        bd.Filter = new Filter(2, 1);
        for (int i = 0; i < Walls; i++)
        {
            int x0, y0, x1, y1;
            if (i < 4)
            {
                x0 = i == 1 ? 252 * U : 0;
                y0 = i == 3 ? 252 * U : 0;
                if (i >= 2) { x0 = 0; x1 = 256 * U; y1 = y0 + 4 * U; }
                else { y0 = 0; y1 = 256 * U; x1 = x0 + 4 * U; }
            }
            else
            {
                x0 = (24 + ((i - 4) % 5) * 48) * U;
                y0 = (36 + ((i - 4) / 5) * 56) * U;
                x1 = x0 + 6 * U;
                y1 = y0 + 6 * U;
            }
            bd.Shape2 = Shape2.FromAabb(new Aabb2(Vec2.FromRaw(x0, y0), Vec2.FromRaw(x1, y1)));
            ids[i] = W.CreateBody(bd);
        }
        bd.Filter = new Filter(1, 0xFFFFFFFFu);
        for (int i = 0; i < Units; i++)
        {
            x[i] = (10 + (i % 20) * 12) * U + U / 2;
            y[i] = (10 + (i / 20) * 24) * U;
            angle[i] = (i * 2731) % 65536;
            bd.Shape2 = Shape2.MakeCircle(Vec2.FromRaw(x[i], y[i]), Fix16.FromRaw(U));
            ids[Walls + i] = W.CreateBody(bd);
        }
    }

    static uint Fold(uint d, long v) { return unchecked(d * 31u + (uint)v); }
    static int Floor16(long p) { return (int)(p >> 16); }

    int Steer(int i)
    {
        int a = (angle[i] + ((i * 37) % 11 - 5) * 97 + 65536) % 65536;
        if (x[i] < 12 * U || x[i] > 244 * U || y[i] < 12 * U || y[i] > 244 * U)
            a = (a + 32768) % 65536;
        return a;
    }

    static readonly Filter UnitF = new Filter(1, 1), WallQ = new Filter(1, 2);

    public uint PerCall(int frames, uint d)
    {
        for (int f = 0; f < frames; f++)
        {
            for (int k = 0; k < 10; k++)
            {
                aims[k] = x[k * 20]; aims[10 + k] = y[k * 20]; aims[20 + k] = x[k * 20 + 10]; aims[30 + k] = y[k * 20 + 10];
            }
            for (int k = 0; k < 20; k++) { aims[40 + k] = x[k * 10 + 5]; aims[60 + k] = y[k * 10 + 5]; }
            for (int k = 0; k < 5; k++) { aims[80 + k] = x[k * 40 + 3]; aims[85 + k] = y[k * 40 + 3]; }
            for (int i = 0; i < Units; i++)
            {
                int a = Steer(i);
                angle[i] = a;
                SinCos sc = Angle.FromRaw(a).SinCos();
                int c = Break ? sc.S.Raw : sc.C.Raw;
                BodyId id = ids[Walls + i];
                W.TryTranslate(id, Vec2.FromRaw(Floor16((long)Speed * c), Floor16((long)Speed * sc.S.Raw)));
                d = Fold(d, (int)W.LastStatus);
                Shape2 s = W.GetShape2(id);
                x[i] = s.Circle.Center.X.Raw;
                y[i] = s.Circle.Center.Y.Raw;
            }
            for (int k = 0; k < 10; k++)
            {
                var sec = new Sector2(Vec2.FromRaw(aims[k], aims[10 + k]), Fix16.FromRaw(10 * U), Angle.FromRaw(angle[k * 20]), Angle.FromRaw(5461));
                d = Fold(d, W.OverlapSector(sec, UnitF, ref q));
            }
            for (int k = 0; k < 10; k++)
            {
                var ring = new Ring2(Vec2.FromRaw(aims[20 + k], aims[30 + k]), Fix16.FromRaw(3 * U), Fix16.FromRaw(9 * U));
                d = Fold(d, W.OverlapRing(ring, UnitF, ref q));
            }
            for (int k = 0; k < 20; k++)
            {
                RayHit h;
                var ray = new Ray2(Vec2.FromRaw(aims[40 + k], aims[60 + k]), Vec2.FromRaw(Dirs[k % 8, 0], Dirs[k % 8, 1]));
                d = Fold(d, W.Raycast(ray, WallQ, out h) ? (long)h.Id.Index * 65536 + h.T.Raw : -1);
            }
            for (int k = 0; k < 5; k++)
            {
                CastHit2 h;
                Shape2 mover = Shape2.MakeCircle(Vec2.FromRaw(aims[80 + k], aims[85 + k]), Fix16.FromRaw(U));
                d = Fold(d, W.Cast(mover, Vec2.FromRaw(Dirs[k, 0] / 3, Dirs[k, 1] / 3), WallQ, out h) ? (long)h.Id.Index * 65536 + h.T.Raw : -1);
            }
            int np = W.FindPairs(ref pairs);
            Array.Copy(pairs, copy, np);
            int nb, ne;
            W.PairEvents(ref began, out nb, ref ended, out ne);
            d = Fold(Fold(Fold(d, np), nb), ne);
            int pushes = 0;
            for (int i = 0; i < np; i++)
            {
                bool wa = copy[i].A.Index < Walls, wb = copy[i].B.Index < Walls;
                if (wa == wb)
                    continue;
                BodyId wall = wa ? copy[i].A : copy[i].B, unit = wa ? copy[i].B : copy[i].A;
                Shape2 ws = W.GetShape2(wall), us = W.GetShape2(unit);
                Vec2 dv;
                Status st;
                if (!Pushout.TryDelta(ws, us, out dv, out st))
                    dv = Vec2.FromRaw(0, 0);
                else if ((dv.X.Raw != 0 || dv.Y.Raw != 0) && !W.TryTranslate(unit, dv))
                    dv = Vec2.FromRaw(0, 0);
                pushes++;
                d = Fold(Fold(d, dv.X.Raw), dv.Y.Raw);
            }
            ulong h64 = W.Checksum();
            d = Fold(Fold(Fold(d, pushes), (uint)h64), (uint)(h64 >> 32));
        }
        return d;
    }

    public uint Batch(int frames, uint d)
    {
        for (int f = 0; f < frames; f++)
        {
            int[] c = cmd;
            int n = 0;
            for (int i = 0; i < Units; i++)
            {
                int a = Steer(i);
                angle[i] = a;
                BodyId id = ids[Walls + i];
                int I = (int)id.Index, G = (int)id.Generation, T = (int)id.World;
                c[n] = FrameOp.MovePolar2; c[n + 1] = I; c[n + 2] = G; c[n + 3] = T; c[n + 4] = a; c[n + 5] = Speed;
                c[n + 6] = FrameOp.GetShape2; c[n + 7] = I; c[n + 8] = G; c[n + 9] = T;
                n += 10;
            }
            for (int k = 0; k < 10; k++)
            {
                int u = k * 20;
                c[n] = FrameOp.Sector2; c[n + 1] = x[u]; c[n + 2] = y[u]; c[n + 3] = 10 * U; c[n + 4] = angle[u];
                c[n + 5] = 5461; c[n + 6] = 1; c[n + 7] = 1; c[n + 8] = 0;
                n += 9;
            }
            for (int k = 0; k < 10; k++)
            {
                int u = k * 20 + 10;
                c[n] = FrameOp.Ring2; c[n + 1] = x[u]; c[n + 2] = y[u]; c[n + 3] = 3 * U; c[n + 4] = 9 * U; c[n + 5] = 1; c[n + 6] = 1; c[n + 7] = 0;
                n += 8;
            }
            for (int k = 0; k < 20; k++)
            {
                int u = k * 10 + 5;
                c[n] = FrameOp.Ray2; c[n + 1] = x[u]; c[n + 2] = y[u]; c[n + 3] = Dirs[k % 8, 0]; c[n + 4] = Dirs[k % 8, 1]; c[n + 5] = 1; c[n + 6] = 2;
                n += 7;
            }
            for (int k = 0; k < 5; k++)
            {
                int u = k * 40 + 3;
                c[n] = FrameOp.Cast2; c[n + 1] = Dirs[k, 0] / 3; c[n + 2] = Dirs[k, 1] / 3; c[n + 3] = 1; c[n + 4] = 2;
                c[n + 5] = 1; c[n + 6] = x[u]; c[n + 7] = y[u]; c[n + 8] = U;
                n += 9;
            }
            c[n] = FrameOp.Pairs; c[n + 1] = Cap; c[n + 2] = FrameOp.Events; c[n + 3] = 0; c[n + 4] = 0;
            c[n + 5] = FrameOp.PushoutPairs2; c[n + 6] = 2; c[n + 7] = Cap; c[n + 8] = FrameOp.Checksum;
            n += 9;
            W.RunFrame(c, n, res);
            int[] o = res;
            int j = 0;
            for (int i = 0; i < Units; i++, j += 4 + FrameOp.ShapeWords)
            {
                d = Fold(d, o[j]);
                if (o[j + 3] == 0) { x[i] = o[j + 5]; y[i] = o[j + 6]; }
            }
            for (int k = 0; k < 20; k++, j += 2) d = Fold(d, o[j + 1]);
            for (int k = 0; k < 20; k++, j += 6) d = Fold(d, o[j + 1] != 0 ? (long)o[j + 2] * 65536 + o[j + 5] : -1);
            for (int k = 0; k < 5; k++, j += 8) d = Fold(d, o[j + 1] != 0 ? (long)o[j + 2] * 65536 + o[j + 5] : -1);
            int np = o[j + 1];
            j += 2 + 6 * Cap;
            d = Fold(Fold(Fold(d, np), o[j + 1]), o[j + 2]);
            j += 3;
            int pushes = o[j + 1];
            for (int p = 0; p < pushes; p++) d = Fold(Fold(d, o[j + 2 + 6 * p + 3]), o[j + 2 + 6 * p + 4]);
            j += 2 + 6 * Cap;
            d = Fold(Fold(Fold(d, pushes), (uint)o[j + 1]), (uint)o[j + 2]);
        }
        return d;
    }
}
