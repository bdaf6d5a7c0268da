// SPDX-License-Identifier: MIT
// The desync wire protocol from C# (fixcol/wire.h, docs/lockstep.md): a
// leader and a follower exchange byte arrays over a loopback. Honest: two
// worlds of 2,000 bodies that differ in a few slots (a 1-raw move, a mask
// bit, a shape type, a re-created body, an extra body) -> exactly those
// slots are reported, each naming its field; one difference within
// 2 + ceil(log2 S) rounds; the follower receives every Report byte for
// byte; equal worlds end Equal in one round. A follower whose world differs
// in every slot is stopped by the budget (64 reports); lying followers
// (answers off by one, random answers, dumps of another slot; messages made
// by an encoder written here from the documented layout) end with a
// verdict within the budget. Messages: truncations, replays, out-of-order
// rounds, other sessions, the cap, abort; hostile arguments (null, bad
// lengths, disposed worlds, small buffers) throw and change nothing.
// --break-budget: the every-slot run without a budget (must fail).
// --break-reorder: the loopback delivers the 3rd and 4th answers swapped (must fail).
using System;
using System.Collections.Generic;
using System.Text;
using Fixcol;

static class WireTest
{
    static int failures, checks;
    static bool brkBudget, brkReorder;
    const int N = 2000;
    const int U = 65536;

    static void Check(bool ok, string what)
    {
        checks++;
        if (!ok)
        {
            failures++;
            if (failures < 40) Console.WriteLine("FAIL: " + what);
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

    static World Build(BodyId[] ids, int dx)
    {
        var w = new World();
        for (int k = 0; k < N; k++)
        {
            BodyDef d = BodyDef.Of(k % 3 == 0 ? Box((k % 50) * U + dx, (k % 37) * U) : Circle((k % 61) * U + dx, (k % 43) * U));
            d.UserData = (ulong)k;
            ids[k] = w.CreateBody(d);
        }
        return w;
    }

    static World Clone(World w)
    {
        var c = new World();
        c.Restore(w.Snapshot());
        return c;
    }

    // ---- the documented layout, independently
    static byte[] Encode(WireType type, uint session, uint frame, uint round, byte[] payload)
    {
        var b = new byte[24 + payload.Length];
        uint[] h = { 0x50574346u, 1u | (uint)type << 16, session, frame, round, (uint)payload.Length };
        for (int i = 0; i < 6; i++)
            for (int k = 0; k < 4; k++)
                b[4 * i + k] = (byte)(h[i] >> (8 * k));
        Array.Copy(payload, 0, b, 24, payload.Length);
        return b;
    }

    static byte[] U64(ulong v)
    {
        var b = new byte[8];
        for (int k = 0; k < 8; k++) b[k] = (byte)(v >> (8 * k));
        return b;
    }

    static byte[] U32(uint v)
    {
        var b = new byte[4];
        for (int k = 0; k < 4; k++) b[k] = (byte)(v >> (8 * k));
        return b;
    }

    static byte[] Cat(params byte[][] parts)
    {
        var all = new List<byte>();
        foreach (var p in parts) all.AddRange(p);
        return all.ToArray();
    }

    class Result
    {
        public List<WireMessage> Reports = new List<WireMessage>();
        public int FollowerReports, Same, Bad, ToLeader, ToFollower;
    }

    delegate byte[] Liar(WireMessage m);

    static Result Run(Wire lead, World a, Wire fol, World b, Liar liar)
    {
        var r = new Result();
        byte[] last = null;
        int answers = 0;
        ulong held = 0;
        for (int step = 0; step < 200000; step++)
        {
            var outq = new List<byte[]>();
            for (byte[] m; (m = lead.Produce(a)) != null;)
            {
                outq.Add(m);
                WireMessage d = Wire.Decode(m);
                if (d.Type == WireType.Report) { r.Reports.Add(d); last = m; }
            }
            if (outq.Count == 0) break;
            var back = new List<byte[]>();
            foreach (var m in outq)
            {
                r.ToFollower++;
                if (liar != null)
                {
                    byte[] reply = liar(Wire.Decode(m));
                    if (reply != null) back.Add(reply);
                    continue;
                }
                WireRx st = fol.Receive(m);
                if (st == WireRx.Report)
                {
                    r.FollowerReports++;
                    if (last != null && Convert.ToBase64String(m) == Convert.ToBase64String(last)) r.Same++;
                }
                else if (st != WireRx.Accepted && st != WireRx.Start && st != WireRx.Verdict && st != WireRx.Aborted)
                    r.Bad++;
                for (byte[] reply; (reply = fol.Produce(b)) != null;) back.Add(reply);
            }
            foreach (var m0 in back)
            {
                byte[] m = m0;
                if (brkReorder && liar == null)
                {
                    WireMessage d = Wire.Decode(m);
                    if (d.Type == WireType.Answer)
                    {
                        answers++;
                        if (answers == 3) { held = d.Value; m = null; }
                        else if (answers == 4) m = Encode(WireType.Answer, d.Session, d.Frame, d.Round - 1, U64(held));
                    }
                }
                if (m == null) continue;
                r.ToLeader++;
                WireRx st = lead.Receive(m);
                if (st != WireRx.Accepted && st != WireRx.Aborted) r.Bad++;
            }
        }
        return r;
    }

    static uint CeilLog2(uint n) { uint k = 0; while ((1ul << (int)k) < n) k++; return k; }

    static void Throws<T>(Action f, string what) where T : Exception
    {
        try { f(); }
        catch (T) { Check(true, what); return; }
        catch (Exception e) { Check(false, what + ": threw " + e.GetType().Name); return; }
        Check(false, what + ": did not throw");
    }

    static int Main(string[] args)
    {
        brkBudget = Array.IndexOf(args, "--break-budget") >= 0;
        brkReorder = Array.IndexOf(args, "--break-reorder") >= 0;
        var ids = new BodyId[N];
        World a = Build(ids, 0);

        { // honest peers, several differences
            World b = Clone(a);
            b.Translate(ids[17], Vec2.FromRaw(1, 0));
            b.SetFilter(ids[640], new Filter { Category = 1, Mask = 0xfffffffeu });
            b.SetShape(ids[900], Circle(0, 0));
            Shape2 s1500 = b.GetShape2(ids[1500]);
            b.DestroyBody(ids[1500]);
            BodyDef again = BodyDef.Of(s1500);
            again.UserData = 1500;
            b.CreateBody(again);
            b.CreateBody(BodyDef.Of(Circle(0, 0)));
            Wire lead = Wire.Leader(11, 77), fol = Wire.Follower();
            Result r = Run(lead, a, fol, b, null);
            uint[] want = { 17, 640, 900, 1500, 2000 };
            string[] fields = { "\ncenter.x: ", "\nmask: ", "\nshape: aabb vs circle\n", "\ngeneration: ", "\nstate: unused vs body\n" };
            Check(lead.Verdict == WireVerdict.Found && fol.Verdict == WireVerdict.Found, "verdict found: " + lead.Verdict);
            Check(lead.Ended && fol.Ended, "both ended");
            Check(r.Reports.Count == want.Length, "reports " + r.Reports.Count);
            for (int i = 0; i < want.Length && i < r.Reports.Count; i++)
            {
                Check(r.Reports[i].Slot == want[i], "report " + i + " names slot " + want[i]);
                Check(r.Reports[i].Text.Contains(fields[i]), "report " + i + " names " + fields[i] + ":\n" + r.Reports[i].Text);
                Check(r.Reports[i].Text.StartsWith("frame 77 slot " + want[i] + "\n"), "report head");
            }
            Check(r.FollowerReports == want.Length && r.Same == want.Length, "the follower took every Report byte for byte");
            Check(r.Bad == 0, "no message rejected");
            b.Dispose();
        }
        { // one difference; equal worlds
            World b = Clone(a);
            b.Translate(ids[1234], Vec2.FromRaw(0, -1));
            Wire lead = Wire.Leader(12, 1), fol = Wire.Follower();
            Result r = Run(lead, a, fol, b, null);
            Check(r.Reports.Count == 1 && r.Reports[0].Slot == 1234, "one difference found");
            Check(lead.Rounds <= 2 + CeilLog2(N), "one difference in " + lead.Rounds + " rounds");
            Check(r.ToLeader + r.ToFollower == 2 * lead.Rounds + 5, "messages: 2 per round + 5");
            Console.WriteLine("one difference: " + lead.Rounds + " rounds, " + (r.ToLeader + r.ToFollower) + " messages");
            b.Dispose();
            World c = Clone(a);
            lead = Wire.Leader(13, 1);
            fol = Wire.Follower();
            r = Run(lead, a, fol, c, null);
            Check(lead.Verdict == WireVerdict.Equal && fol.Verdict == WireVerdict.Equal && lead.Rounds == 1 && r.Reports.Count == 0,
                "equal worlds: Equal in one round");
            c.Dispose();
        }
        { // every slot differs: the budget
            var ids2 = new BodyId[N];
            World b = Build(ids2, 1);
            Wire lead = brkBudget ? Wire.Leader(14, 1, 1u << 24, uint.MaxValue, uint.MaxValue) : Wire.Leader(14, 1);
            Wire fol = Wire.Follower(uint.MaxValue);
            Result r = Run(lead, a, fol, b, null);
            Check(lead.Verdict == WireVerdict.Budget, "every slot differs: verdict " + lead.Verdict);
            Check(lead.Found == Desync.DefaultMaxFound && r.Reports.Count == 64, "64 reports, got " + r.Reports.Count);
            Check(lead.Rounds <= 2 + 64 * CeilLog2(N), "rounds " + lead.Rounds);
            b.Dispose();
        }
        { // lying followers
            var rng = new Random(7);
            foreach (string kind in new[] { "off_by_one", "random", "other_slot", "huge_count" })
                for (int rep = 1; rep <= 5; rep++)
                {
                    World b = Clone(a);
                    b.Translate(ids[1000 + rep * 97], Vec2.FromRaw(1, 0));
                    Liar liar = m =>
                    {
                        if (m.Type == WireType.Ask)
                        {
                            ulong honest = b.DesyncAnswer(m.Value), v = honest;
                            bool slotsQ = m.Value == Desync.AskSlots;
                            if (kind == "huge_count") { if (slotsQ) v = (1ul << 24) + 1; }
                            else if (kind == "random") v = ((ulong)(uint)rng.Next() << 33) ^ (ulong)(uint)rng.Next();
                            else if (!slotsQ) v = honest + 1;
                            return Encode(WireType.Answer, m.Session, m.Frame, m.Round, U64(v));
                        }
                        if (m.Type == WireType.DumpAsk)
                        {
                            uint slot = kind == "other_slot" ? m.Slot + 1 : m.Slot;
                            byte[] line = Encoding.ASCII.GetBytes(b.DumpSlot(slot));
                            return Encode(WireType.Dump, m.Session, m.Frame, m.Round, Cat(U32(slot), U32(2), line));
                        }
                        return null;
                    };
                    Wire lead = Wire.Leader((uint)(20 + rep), 5);
                    Run(lead, a, null, null, liar);
                    Check(lead.Ended, kind + ": the leader ended");
                    Check(lead.Verdict == WireVerdict.Inconsistent || (kind == "random" && lead.Verdict == WireVerdict.Budget),
                        kind + ": verdict " + lead.Verdict);
                    Check(lead.Rounds <= 2 + 64 * 24 && lead.Messages <= lead.MaxMessages, kind + ": within the budget");
                    b.Dispose();
                }
        }
        { // messages one by one
            Wire lead = Wire.Leader(5, 9);
            byte[] start = lead.Produce(a), ask = lead.Produce(a);
            Check(lead.Produce(a) == null, "the leader waits");
            WireMessage d = Wire.Decode(ask);
            Check(d.Type == WireType.Ask && d.Round == 1 && d.Value == 1ul << 56, "round 1 asks [0, 2^24)");
            Check(Wire.Decode(start).Type == WireType.Start && Wire.Decode(start).Dim == 2, "START carries the dimension");
            ulong honest = a.DesyncAnswer(d.Value);
            for (int k = 0; k < ask.Length; k++)
            {
                WireMessage m;
                Check(Wire.Decode(ask, k, out m) == Status.ErrFormat, "truncated at " + k);
                Check(lead.Receive(ask, k) == WireRx.Malformed, "truncated message: malformed");
            }
            byte[] v2 = (byte[])ask.Clone();
            v2[4] = 2;
            WireMessage mm;
            Check(Wire.Decode(v2, v2.Length, out mm) == Status.ErrVersion, "version 2");
            Check(lead.Receive(Encode(WireType.Answer, 5, 9, 0, U64(honest))) == WireRx.Replayed, "round 0: replayed");
            Check(lead.Receive(Encode(WireType.Answer, 5, 9, 2, U64(honest))) == WireRx.OutOfOrder, "round 2: out of order");
            Check(lead.Receive(Encode(WireType.Answer, 6, 9, 1, U64(honest))) == WireRx.Session, "another session");
            Check(lead.Receive(ask) == WireRx.Unexpected, "an Ask to the leader");
            Check(lead.Rounds == 0, "nothing taken");
            Check(lead.Receive(Encode(WireType.Answer, 5, 9, 1, U64(honest))) == WireRx.Accepted, "the answer");
            Check(lead.Receive(Encode(WireType.Answer, 5, 9, 1, U64(honest))) == WireRx.Replayed, "again: replayed");
            WireMessage verdict = Wire.Decode(lead.Produce(a));
            Check(verdict.Type == WireType.Verdict && verdict.Verdict == WireVerdict.Equal, "equal");
            Check(lead.Receive(ask) == WireRx.Ended, "after the end");
            Wire fol = Wire.Follower(20);
            Check(fol.Receive(ask) == WireRx.Unexpected, "Ask before Start");
            Check(fol.Receive(start) == WireRx.Start && fol.Frame == 9 && fol.Session == 5, "Start");
            Check(fol.Receive(start) == WireRx.Replayed, "Start again");
            Check(fol.Receive(ask) == WireRx.Accepted, "Ask");
            WireMessage ans = Wire.Decode(fol.Produce(a));
            Check(ans.Value == honest && ans.Round == 1 && ans.Type == WireType.Answer, "the answer");
            Check(fol.Receive(Encode(WireType.Ask, 5, 9, 2, U64(5ul | 3ul << 32))) == WireRx.Inconsistent, "lo > hi");
            WireMessage ab = Wire.Decode(fol.Produce(a));
            Check(ab.Type == WireType.Abort && ab.Reason == WireReason.BadRequest && fol.Verdict == WireVerdict.Aborted, "abort");
            fol = Wire.Follower(10);
            for (int i = 0; i < 10; i++) Check(fol.Receive(new byte[] { 1, 2, 3 }) == WireRx.Malformed, "junk");
            Check(fol.Receive(new byte[0]) == WireRx.Cap && fol.Verdict == WireVerdict.Cap && fol.Ended, "follower cap");
            lead = Wire.Leader(7, 1);
            fol = Wire.Follower();
            Check(fol.Receive(lead.Produce(a)) == WireRx.Start, "Start");
            lead.Abort();
            Check(fol.Receive(lead.Produce(a)) == WireRx.Aborted && fol.Verdict == WireVerdict.Aborted && lead.Verdict == WireVerdict.Aborted, "abort");
            byte[] cs = Wire.Checksum(42, a.Checksum());
            WireMessage dc = Wire.Decode(cs);
            Check(cs.Length == 32 && dc.Type == WireType.Checksum && dc.Frame == 42 && dc.Value == a.Checksum(), "checksum message");
        }
        { // hostile arguments: errors, nothing changed
            Wire lead = Wire.Leader(5, 9);
            Throws<FixcolException>(() => lead.Receive(null), "Receive(null)");
            Throws<FixcolException>(() => lead.Receive(new byte[4], 5), "Receive length past the array");
            Throws<FixcolException>(() => lead.Receive(new byte[4], -1), "Receive negative length");
            Throws<FixcolException>(() => lead.Produce(null), "Produce(null)");
            Throws<FixcolException>(() => lead.Produce(a, new byte[Wire.MessageMax - 1]), "Produce small buffer");
            Throws<FixcolException>(() => lead.Produce(a, null), "Produce null buffer");
            var dead = new World();
            dead.Dispose();
            Throws<ObjectDisposedException>(() => lead.Produce(dead), "Produce with a disposed world");
            Throws<FixcolException>(() => Wire.Leader(0, 1), "session 0");
            Throws<FixcolException>(() => Wire.Leader(1, 1, (1u << 24) + 1), "maxFound past 2^24");
            Throws<FixcolException>(() => Wire.Decode(null), "Decode(null)");
            WireMessage m;
            Check(Wire.Decode(new byte[3], 4, out m) == Status.ErrArgument, "Decode length past the array");
            Check(lead.Messages == 0 && lead.Verdict == WireVerdict.Running, "nothing changed");
            Check(lead.Produce(a) != null, "still usable");
            Check(lead.Receive(new byte[1 << 20]) == WireRx.Malformed, "1 MiB of zeros: malformed");
            Check(lead.Receive(new byte[0]) == WireRx.Malformed, "empty: malformed");
        }
        a.Dispose();
        Console.WriteLine("WireTest: " + checks + " checks, " + failures + " failed");
        return failures == 0 ? 0 : 1;
    }
}
