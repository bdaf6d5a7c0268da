// SPDX-License-Identifier: MIT
// Finding a desync from C# (docs/desync.md): two worlds of 2,000 bodies that
// differ in one slot (a 1-raw move, a filter bit, a shape type, a missing
// body, an extra body, a live body's and a freed slot's generation; first
// and last slot) are resolved to that slot through World.DesyncAnswer and
// Desync within ceil(log2(slots)) + 2 rounds; three differences are all
// found; equal worlds take one round; range/body hashes, the dump, errors.
// A lying responder (99,982 slots, every range differs) is stopped with
// Limit after DefaultMaxFound (64) slots within 2 + 64 * ceil(log2 S)
// rounds; SetBudget raises the budget and rejects bad arguments.
// --break: the responder answers every range question with the asker's own
// hash ("equal"), so nothing is found (must fail).
// --break-budget: the lying run without a budget (must fail).
using System;
using System.Collections.Generic;
using Fixcol;

static class DesyncTest
{
    static int failures, checks;
    static bool brk, brkBudget;
    const int N = 2000;
    const int U = 65536;

    static void Check(bool ok, string what)
    {
        checks++;
        if (!ok)
        {
            failures++;
            Console.WriteLine("FAIL: " + what);
        }
    }

    static Shape2 Circle(int x, int y) { return Shape2.MakeCircle(Vec2.FromRaw(x, y), Fix16.FromRaw(U)); }

    static Shape2 Box(int x, int y)
    {
        Shape2 s = new Shape2();
        s.Type = ShapeType2.Aabb;
        s.Aabb.Min = Vec2.FromRaw(x, y);
        s.Aabb.Max = Vec2.FromRaw(x + U, y + 2 * U);
        return s;
    }

    static World Build(bool holes, BodyId[] ids)
    {
        var w = new World();
        for (int k = 0; k < N; k++)
        {
            BodyDef d = BodyDef.Of(k % 3 == 0 ? Box((k % 50) * U, (k % 37) * U) : Circle((k % 61) * U, (k % 43) * U));
            d.UserData = (ulong)k;
            ids[k] = w.CreateBody(d);
        }
        if (holes)
            for (int k = 5; k <= N - 2; k += 9)
                w.DestroyBody(ids[k]);
        return w;
    }

    static World Clone(World w)
    {
        var c = new World();
        c.Restore(w.Snapshot());
        return c;
    }

    static List<uint> Run(World asker, World responder, out uint rounds)
    {
        var d = new Desync();
        var found = new List<uint>();
        ulong v;
        DesyncStep s;
        while ((s = d.Next(out v)) == DesyncStep.Ask || s == DesyncStep.Found)
        {
            if (s == DesyncStep.Found)
            {
                found.Add((uint)v);
                continue;
            }
            ulong mine = asker.DesyncAnswer(v), theirs = responder.DesyncAnswer(v);
            if (brk && v != Desync.AskSlots)
                theirs = mine;
            d.Feed(mine, theirs);
        }
        Check(s == DesyncStep.Done, "the search ended with " + s);
        Check(d.Found == (uint)found.Count, "found counter");
        rounds = d.Rounds;
        return found;
    }

    static uint CeilLog2(uint n)
    {
        uint k = 0;
        while ((1UL << (int)k) < n)
            k++;
        return k;
    }

    static void ExpectOne(string what, World a, World b, uint slot)
    {
        uint slots = Math.Max(a.SlotCount(), b.SlotCount());
        for (int dir = 0; dir < 2; dir++)
        {
            uint rounds;
            List<uint> found = Run(dir == 0 ? a : b, dir == 0 ? b : a, out rounds);
            Check(found.Count == 1 && found[0] == slot, what + ": found " + found.Count + " slots, want " + slot);
            Check(rounds <= CeilLog2(slots) + 2, what + ": " + rounds + " rounds");
            if (dir == 0)
                Console.WriteLine("  {0,-32} slot {1,4}: {2} rounds (bound {3})", what, slot, rounds, CeilLog2(slots) + 2);
        }
    }

    // Drive d against a responder claiming 99,982 slots and a differing sum
    // for every range (the asker's world is empty); at most n rounds.
    static ulong liarK;
    static DesyncStep Lie(Desync d, World empty, uint n)
    {
        ulong v;
        DesyncStep s;
        while ((s = d.Next(out v)) == DesyncStep.Ask || s == DesyncStep.Found)
        {
            if (s == DesyncStep.Found)
            {
                Check(v + 1 == d.Found, "lying peer: slots reported in order");
                continue;
            }
            liarK++;
            ulong theirs = v == Desync.AskSlots ? 99982UL : (liarK * 0x9E3779B97F4A7C15UL) | 1;
            d.Feed(empty.DesyncAnswer(v), theirs);
            if (d.Rounds > n)
                break;
        }
        return s;
    }

    static void LyingPeer()
    {
        var empty = new World();
        var d = new Desync();
        Check(d.MaxFound == Desync.DefaultMaxFound && Desync.DefaultMaxFound == 64 && d.MaxRounds == 0, "default budget");
        if (brkBudget)
            d.SetBudget(1u << 24, uint.MaxValue);
        DesyncStep s = Lie(d, empty, 5000);
        uint bound = 2 + 64 * CeilLog2(99982);
        Check(s == DesyncStep.Limit && d.Found == 64 && d.Rounds <= bound,
              "lying peer: " + s + " after " + d.Rounds + " rounds, " + d.Found + " found (budget " + bound + ")");
        Console.WriteLine("lying peer: {0} after {1} rounds, {2} slots", s, d.Rounds, d.Found);
        ulong v;
        Check(d.Next(out v) == DesyncStep.Limit && v == 0, "Limit is sticky");
        Status st;
        Check(!d.TrySetBudget(0, 0, out st) && st == Status.ErrArgument && d.MaxFound != 0, "maxFound 0: ErrArgument, unchanged");
        bool threw = false;
        try { d.SetBudget((1u << 24) + 1, 0); } catch (FixcolException e) { threw = e.Status == Status.ErrArgument; }
        Check(threw, "SetBudget past 2^24 throws ErrArgument");
        d.SetBudget(100, 0);
        s = Lie(d, empty, 5000);
        Check(s == DesyncStep.Limit && d.Found == 100, "the raised cap resumes the search: " + d.Found + " found");
        empty.Dispose();
    }

    static int Main(string[] args)
    {
        brk = Array.IndexOf(args, "--break") >= 0;
        brkBudget = Array.IndexOf(args, "--break-budget") >= 0;
        LyingPeer();
        var ids = new BodyId[N];
        World a = Build(true, ids);
        Console.WriteLine("single differences ({0} bodies, {1} slots):", a.BodyCount, a.SlotCount());
        foreach (int k in new[] { 0, N - 1 })
        {
            World b = Clone(a);
            b.Translate(ids[k], Vec2.FromRaw(1, 0));
            ExpectOne("1-raw move", a, b, (uint)k);
            b.Dispose();
            b = Clone(a);
            b.SetFilter(ids[k], new Filter(1u, 0xFFFFFFFEu));
            ExpectOne("one filter bit", a, b, (uint)k);
            b.Dispose();
            b = Clone(a);
            b.SetShape(ids[k], k % 3 == 0 ? Circle(0, 0) : Box(0, 0));
            ExpectOne("shape type", a, b, (uint)k);
            b.Dispose();
            b = Clone(a);
            b.DestroyBody(ids[k]);
            ExpectOne("missing body", a, b, (uint)k);
            b.Dispose();
            b = Clone(a);
            BodyDef again = BodyDef.Of(b.GetShape2(ids[k]));
            again.UserData = (ulong)k;
            b.DestroyBody(ids[k]);
            BodyId id2 = b.CreateBody(again);
            Check(id2.Index == (uint)k && id2.Generation == 2, "recreated in the same slot");
            ExpectOne("live body, other generation", a, b, (uint)k);
            b.Dispose();
        }
        {
            uint top = 5 + 9 * (uint)((N - 2 - 5) / 9);
            World b = Clone(a);
            BodyId id = b.CreateBody(BodyDef.Of(Circle(0, 0)));
            Check(id.Index == top, "the top free slot");
            b.DestroyBody(id);
            ExpectOne("freed slot, other generation", a, b, top);
            b.Dispose();
        }
        {
            var ids2 = new BodyId[N];
            World full = Build(false, ids2);
            World b = Clone(full);
            b.CreateBody(BodyDef.Of(Circle(0, 0)));
            ExpectOne("extra body (a new slot)", full, b, N);
            b.Dispose();
            full.Dispose();
        }
        {
            World b = Clone(a);
            foreach (int k in new[] { 1, 700, 1999 })
                b.Translate(ids[k], Vec2.FromRaw(0, -1));
            uint rounds;
            List<uint> found = Run(a, b, out rounds);
            Check(found.Count == 3 && found[0] == 1 && found[1] == 700 && found[2] == 1999, "three differences all found");
            Console.WriteLine("three differing slots: {0} found in {1} rounds", found.Count, rounds);
            World c = Clone(a);
            found = Run(a, c, out rounds);
            Check(found.Count == 0 && rounds == 1, "equal worlds: one round");
            Console.WriteLine("equal worlds: {0} round", rounds);
            Check(a.Dump() == c.Dump(), "a restored copy dumps the same text");
            Check(a.RangeChecksum(0, 1u << 24) == c.RangeChecksum(0, 1u << 24), "equal range checksums");
            Check(a.BodyHash(ids[0]) == c.BodyHash(ids[0]), "equal body hashes");
            Check(a.BodyHash(ids[1]) != b.BodyHash(ids[1]), "a moved body's hash differs");
            b.Dispose();
            c.Dispose();
        }

        // hashes, dump, errors
        Check(a.RangeChecksum(3, 3) == 0, "an empty range is 0");
        Check(a.RangeChecksum(N, 1u << 24) == 0, "unused slots are 0");
        Check(a.RangeChecksum(0, 100) + a.RangeChecksum(100, N) == a.RangeChecksum(0, N), "sums compose");
        ulong v;
        Check(!a.TryRangeChecksum(4, 3, out v) && a.LastStatus == Status.ErrArgument, "lo > hi: ErrArgument");
        Check(!a.TryRangeChecksum(0, (1u << 24) + 1, out v) && a.LastStatus == Status.ErrArgument, "hi too large");
        Check(!a.TryBodyHash(ids[5], out v) && a.LastStatus == Status.ErrStaleId, "a destroyed body: ErrStaleId");
        bool threw = false;
        try { a.BodyHash(ids[5]); } catch (FixcolException e) { threw = e.Status == Status.ErrStaleId; }
        Check(threw, "BodyHash throws ErrStaleId");
        Check(!a.TryDesyncAnswer(5UL | (4UL << 32), out v) && a.LastStatus == Status.ErrArgument, "a malformed question");
        Check(a.DesyncAnswer(Desync.AskSlots) == N, "the slot-count answer");
        var d = new Desync();
        Status st;
        Check(!d.TryFeed(1, 2, out st) && st == Status.ErrArgument, "feed before next");
        d.Next(out v);
        d.Feed(1, 2);
        d.Next(out v);
        Check(!d.TryFeed(10, (1UL << 24) + 1, out st) && st == Status.ErrFormat && d.Rounds == 1, "a slot count past 2^24");
        string text = a.Dump();
        Check(text.StartsWith("fixcol-dump 1\n") && text.EndsWith("end\n"), "dump framing");
        Check(text.Contains("\nbody 0 1 cat 0x00000001 mask 0xffffffff user 0 aabb min 0 0 max 1 2\n"), "dump line of body 0");
        Check(a.DumpSlot(5) == "free 5 2\n", "DumpSlot of a free slot");
        Check(a.DumpSlot(N + 3) == "unused " + (N + 3) + "\n", "DumpSlot past the end");
        threw = false;
        try { a.DumpSlot(1u << 24); } catch (FixcolException e) { threw = e.Status == Status.ErrArgument; }
        Check(threw, "DumpSlot out of range throws ErrArgument");
        byte[] buf = null;
        int n = a.Dump(ref buf);
        byte[] same = buf;
        Check(a.Dump(ref buf) == n && ReferenceEquals(buf, same), "Dump(ref buffer) reuses the buffer");
        a.Dispose();
        threw = false;
        try { a.Dump(); } catch (ObjectDisposedException) { threw = true; }
        Check(threw, "Dump after Dispose throws ObjectDisposedException");
        Check(!a.TryRangeChecksum(0, 1, out v) && a.LastStatus == Status.ErrNull, "TryRangeChecksum after Dispose");

        Console.WriteLine("DesyncTest: {0} checks, {1} failed", checks, failures);
        return failures == 0 ? 0 : 1;
    }
}
