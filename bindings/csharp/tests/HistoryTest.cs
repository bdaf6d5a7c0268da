// SPDX-License-Identifier: MIT
// The frame-history ring through the C# API: random frames (moves, creates,
// destroys, filter / user-data / shape changes, FindPairs and PairEvents)
// saved every frame; at random frames a rollback by a random k must give
// exactly the snapshot bytes and checksum kept at that save, and the
// re-simulated frames the events of the original run; rollback past the
// ring, a negative k and calls without a history are errors that change
// nothing (Try forms false + LastStatus, the others throw); a disposed world
// throws; a tiny ring overflows (ErrCapacity) and restarts; saves and
// rollbacks allocate no managed memory.
//   mono HistoryTest.exe [--break]
// --break (should-fail twin): the rolled-back world is compared with the
// save one frame older than the one asked for.
using System;
using System.Collections.Generic;
using Fixcol;

static class HistoryTest
{
    const int U = 65536;
    static int checks, failures;
    static bool brk;

    static void Check(bool ok, string what)
    {
        checks++;
        if (!ok)
        {
            failures++;
            Console.Error.WriteLine("FAIL: " + what);
        }
    }

    sealed class Rng
    {
        long x;
        public Rng(long seed) { x = seed; }
        public int Next(int n) { x = x * 16807 % 2147483647; return (int)(x % n); }
    }

    static Vec2 Raw(int x, int y) { return new Vec2(Fix16.FromRaw(x), Fix16.FromRaw(y)); }

    static BodyId[] Live(World w)
    {
        var all = Shape2.FromAabb(new Aabb2(Raw(-1000 * U, -1000 * U), Raw(1000 * U, 1000 * U)));
        BodyId[] ids = null;
        int n = w.Overlap(all, new Filter(0xFFFFFFFFu, 0xFFFFFFFFu), ref ids);
        var c = new BodyId[n];
        Array.Copy(ids, c, n);
        return c;
    }

    // frame f's operations: a function of (f, the world's contents); returns its events
    static string Play(World w, int f)
    {
        var r = new Rng(1000 + f);
        var ids = new List<BodyId>(Live(w));
        int ops = 3 + r.Next(20);
        for (int o = 0; o < ops; o++)
        {
            int op = r.Next(10);
            if (ids.Count == 0 || op == 0)
            {
                var d = BodyDef.Of(Shape2.MakeCircle(Raw((10 + r.Next(100)) * U, (10 + r.Next(100)) * U), Fix16.FromRaw(U + r.Next(3 * U))));
                d.UserData = (ulong)r.Next(5);
                ids.Add(w.CreateBody(d));
                continue;
            }
            var id = ids[r.Next(ids.Count)];
            if (op == 1) w.TryDestroyBody(id);
            else if (op == 2) w.TrySetFilter(id, new Filter((uint)(1 + r.Next(3)), 0xFFFFFFFFu));
            else if (op == 3) w.TrySetUserData(id, (ulong)r.Next(1000));
            else if (op == 4)
            {
                var s = Shape2.FromAabb(new Aabb2(Raw(r.Next(50) * U, r.Next(50) * U), Raw((51 + r.Next(50)) * U, (51 + r.Next(50)) * U)));
                w.TrySetShape(id, s);
            }
            else w.TryTranslate(id, Raw(r.Next(4 * U) - 2 * U, r.Next(4 * U) - 2 * U));
        }
        Pair[] p = null, b = null, e = null;
        int np = w.FindPairs(ref p), nb, ne;
        w.PairEvents(ref b, out nb, ref e, out ne);
        var sb = new System.Text.StringBuilder();
        sb.Append(np).Append(':');
        for (int i = 0; i < nb; i++) sb.Append(b[i].A.Index).Append('.').Append(b[i].A.Generation).Append('-').Append(b[i].B.Index).Append('.').Append(b[i].B.Generation).Append(',');
        sb.Append('|');
        for (int i = 0; i < ne; i++) sb.Append(e[i].A.Index).Append('.').Append(e[i].A.Generation).Append('-').Append(e[i].B.Index).Append('.').Append(e[i].B.Generation).Append(',');
        return sb.ToString();
    }

    static bool Same(byte[] a, byte[] b)
    {
        if (a.Length != b.Length) return false;
        for (int i = 0; i < a.Length; i++) if (a[i] != b[i]) return false;
        return true;
    }

    // moves, saves and rollbacks allocate no managed memory (after a warm-up round)
    static void NoGarbage()
    {
        using (var w = new World())
        {
            w.HistoryBegin(8, 1 << 16);
            var ids = new BodyId[50];
            for (int i = 0; i < 50; i++) ids[i] = w.CreateBody(BodyDef.Of(Shape2.MakeCircle(Raw((i + 1) * U, 5 * U), Fix16.FromRaw(U))));
            w.HistorySave();
            for (int warm = 0; warm < 2; warm++)
            {
                long before = GC.GetAllocatedBytesForCurrentThread();
                for (int f = 0; f < 200; f++)
                {
                    for (int i = 0; i < 50; i++) w.Translate(ids[i], Raw(f % 2 == 0 ? U : -U, 0));
                    w.HistorySave();
                    if (f % 3 == 2) w.HistoryRollback(2);
                }
                long used = GC.GetAllocatedBytesForCurrentThread() - before;
                if (warm == 1) Check(used == 0, "moves, saves and rollbacks allocated " + used + " bytes");
            }
        }
    }

    static int Main(string[] args)
    {
        brk = args.Length > 0 && args[0] == "--break";
        const int F = 120;
        var snap = new byte[F + 1][];
        var sum = new ulong[F + 1];
        var ev = new string[F + 1];
        using (var w = new World())
        {
            snap[0] = w.Snapshot(); sum[0] = w.Checksum();
            for (int f = 1; f <= F; f++) { ev[f] = Play(w, f); snap[f] = w.Snapshot(); sum[f] = w.Checksum(); }
        }
        int rollbacks = 0;
        using (var w = new World())
        {
            w.HistoryBegin(8, 1 << 20);
            var r = new Rng(4242);
            int f = 0;
            while (f < F)
            {
                f++;
                Check(Play(w, f) == ev[f], "frame " + f + " events = the reference's");
                Check(Same(w.Snapshot(), snap[f]) && w.Checksum() == sum[f], "frame " + f + " state = the reference's");
                w.HistorySave();
                if (r.Next(4) != 0)
                    continue;
                int depth = w.HistoryStats().Depth;
                ulong before = w.Checksum();
                Check(!w.TryHistoryRollback(depth + 1) && w.LastStatus == Status.ErrRange, "rollback past the ring: ErrRange");
                Check(!w.TryHistoryRollback(-1) && w.LastStatus == Status.ErrRange, "rollback by -1: ErrRange");
                bool threw = false;
                try { w.HistoryRollback(depth + 1); } catch (FixcolException) { threw = true; }
                Check(threw && w.Checksum() == before, "HistoryRollback past the ring throws, changes nothing");
                if (r.Next(2) == 0) Play(w, 999);          // changes after the save: undone too
                int k = r.Next(depth + 1);
                Check(w.TryHistoryRollback(k), "rollback by " + k);
                f -= k;
                int want = brk ? Math.Max(f - 1, 0) : f;
                Check(Same(w.Snapshot(), snap[want]) && w.Checksum() == sum[want], "rollback by " + k + " = the save after frame " + f);
                Check(w.Validate() == Status.Ok, "validate after a rollback");
                Check(w.HistoryStats().Depth == depth - k, "depth after a rollback");
                rollbacks++;
            }
            Check(rollbacks > 10, "rollbacks done");
            ulong s0 = w.Checksum();
            Check(!w.TryHistoryBegin(0, 4096) && w.LastStatus == Status.ErrArgument, "HistoryBegin(0, 4096): ErrArgument");
            Check(!w.TryHistoryBegin(4, 100) && w.LastStatus == Status.ErrArgument, "HistoryBegin(4, 100): ErrArgument");
            Check(w.HistoryStats().Frames == 8, "a refused HistoryBegin keeps the history");
            w.HistoryEnd();
            Check(!w.TryHistorySave() && w.LastStatus == Status.ErrArgument, "save without a history: ErrArgument");
            Check(!w.TryHistoryRollback(0) && w.LastStatus == Status.ErrArgument, "rollback without a history: ErrArgument");
            HistoryStats hs;
            Check(!w.TryHistoryStats(out hs) && w.LastStatus == Status.ErrArgument && hs.Frames == 0, "stats without a history");
            Check(w.Checksum() == s0, "errors change nothing");
            // a tiny ring: 400 moved circles (4800 bytes) overflow 4096 bytes
            w.HistoryBegin(4, 4096);
            var ids = new BodyId[400];
            for (int i = 0; i < 400; i++) ids[i] = w.CreateBody(BodyDef.Of(Shape2.MakeCircle(Raw((i + 1) * U, 5 * U), Fix16.FromRaw(U))));
            w.HistorySave();
            for (int i = 0; i < 400; i++) w.Translate(ids[i], Raw(U, 0));
            ulong moved = w.Checksum();
            Check(w.HistoryStats().Overflowed == 1, "overflowed");
            Check(!w.TryHistoryRollback(0) && w.LastStatus == Status.ErrCapacity && w.Checksum() == moved, "overflowed rollback: ErrCapacity, unchanged");
            Check(!w.TryHistorySave() && w.LastStatus == Status.ErrCapacity && w.Checksum() == moved, "overflowed save: ErrCapacity, unchanged");
            w.Translate(ids[0], Raw(U, 0));
            Check(w.TryHistoryRollback(0) && w.Checksum() == moved, "the history restarted at the failed save");
            w.Dispose();
            bool disposed = false;
            try { w.HistorySave(); } catch (ObjectDisposedException) { disposed = true; } catch (FixcolException) { disposed = true; }
            Check(disposed, "a disposed world throws");
            Check(!w.TryHistoryRollback(0), "TryHistoryRollback on a disposed world is false");
        }
        NoGarbage();
        Console.WriteLine("HistoryTest: {0} checks, {1} failures, {2} rollbacks", checks, failures, rollbacks);
        return failures == 0 ? 0 : 1;
    }
}
