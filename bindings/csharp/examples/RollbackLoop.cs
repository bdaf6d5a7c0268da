// SPDX-License-Identifier: MIT
// docs/rollback.md's rollback loop (tests/example_rollback.c) in C#: a client
// saves every frame into the world's history ring and, when a late input
// arrives, rolls back and re-simulates, using the world's own pair events.
// Prints exactly what the C loop prints (checksums, events, ids).
using System;
using Fixcol;

static class RollbackLoop
{
    const int U = 65536, Q = 16384, N = 24;   // 1 unit, 1/4 unit (raw Q16.16)
    static bool late9, late18;                 // frames whose late input is known
    static readonly Pair[] pairs = new Pair[64];
    static Pair[] began = new Pair[16], ended = new Pair[16];

    static Vec2 Input(int f, int i)
    {
        int dx = ((f * 7 + i * 13) % 9 - 4) * Q, dy = ((f * 5 + i * 11) % 7 - 3) * Q;
        if (i % 4 == 0 && ((f == 9 && late9) || (f == 18 && late18)))
            dx += U;                           // the late input
        return new Vec2(Fix16.FromRaw(dx), Fix16.FromRaw(dy));
    }

    static Vec2 Raw(int x, int y) { return new Vec2(Fix16.FromRaw(x), Fix16.FromRaw(y)); }

    static void Frame(World w, BodyId[] ids, int f)
    {
        for (int i = 0; i < N; i++)
            w.TryTranslate(ids[i], Input(f, i));
        if (f == 10)
        {
            w.DestroyBody(ids[3]);
            ids[3] = w.CreateBody(BodyDef.Of(Shape2.MakeCircle(Raw(50 * U, 50 * U), Fix16.FromRaw(2 * U))));
            Console.WriteLine("frame {0,2}: created index {1} generation {2}", f, ids[3].Index, ids[3].Generation);
        }
        Pair[] p = pairs;
        int np = w.FindPairs(ref p);
        int nb, ne;
        w.PairEvents(ref began, out nb, ref ended, out ne);
        w.HistorySave();
        Console.WriteLine("frame {0,2}: {1} pairs, {2} began, {3} ended, checksum {4:x16}", f, np, nb, ne, w.Checksum());
    }

    static void Main(string[] args)
    {
        bool brk = args.Length > 0 && args[0] == "--break"; // test twin: the second late input is ignored
        using (var w = new World())
        {
            w.HistoryBegin(16, 1 << 16);       // 16 frames, 64 KiB of records
            var ids = new BodyId[N];
            for (int i = 0; i < N; i++)
                ids[i] = w.CreateBody(BodyDef.Of(Shape2.MakeCircle(Raw((20 + (i * 37) % 60) * U, (20 + (i * 53) % 60) * U),
                                                                   Fix16.FromRaw(U + (i % 3) * (U / 2)))));
            w.HistorySave();                   // the state before frame 0
            for (int f = 0; f < 24; f++)
            {
                Frame(w, ids, f);
                int late = f == 12 ? 9 : f == 20 ? 18 : -1;
                if (late < 0)
                    continue;
                late9 |= late == 9;
                late18 |= late == 18 && !brk;
                int k = f - (late - 1);        // back to the save after frame late - 1
                w.HistoryRollback(k);
                ids[3] = new BodyId(3, late == 9 ? 1u : 2u, 1);   // the game's own state rolls back too
                Console.WriteLine("rollback {0}: checksum {1:x16}", k, w.Checksum());
                for (int g = late; g <= f; g++)
                    Frame(w, ids, g);
            }
        }
    }
}
