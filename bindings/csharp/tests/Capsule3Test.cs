// SPDX-License-Identifier: MIT
// The 3D capsule as a world body from C# (issue 29): the scene of
// tests/test_world_capsule3.c (binding_scene) built through the binding gives
// C's checksum, snapshot bytes and dump lines; the capsule reads back exactly
// (GetShape3, TryGetShape), translates, reshapes, has its bounds; FindPairs
// and Overlap find the touching bodies and not one 1 raw apart; the snapshot
// restores (same bytes and checksum) and a history rollback brings the
// capsules back; bad capsules change nothing (Try forms false, others throw).
//   mono Capsule3Test.exe [--break]
// --break (should-fail twin): body 0's capsule is built 1 raw longer, so C's
// values must not match.
using System;
using System.Text;
using Fixcol;

static class Capsule3Test
{
    const int U = 65536;
    static int checks, failures;

    // C's values (tests/test_world_capsule3.c: SCENE_CHECKSUM, scene_snapshot, scene_dump)
    const ulong CChecksum = 0x13ac6bd48bfa01eaUL;
    const string CSnapshot =
        "46435357020000007000000003000000010000000000000000000000000000000a000000050000000300000003000000000000000000" +
        "00000104000000808050000080800801018080288080180080801001140780806000000080802000808008000000000000006387cb46" +
        "46caf556";
    const string CDump =
        "body 0 1 cat 0x00000001 mask 0xffffffff user 0 capsule a 0 0 0 b 10 0 0 radius 1\n" +
        "body 1 1 cat 0x00000001 mask 0xffffffff user 0 sphere center 5 3 0 radius 2\n" +
        "body 2 1 cat 0x00000001 mask 0xffffffff user 7 capsule a 12 0 0 b 12 4 0 radius 1\n";

    static void Check(bool ok, string what)
    {
        checks++;
        if (!ok)
        {
            failures++;
            Console.Error.WriteLine("FAIL: " + what);
        }
    }

    static Vec3 V(int x, int y, int z) { return Vec3.FromRaw(x, y, z); }
    static Shape3 Cap(Vec3 a, Vec3 b, int r) { return Shape3.FromCapsule(Capsule3.Make(a, b, Fix16.FromRaw(r))); }
    static Shape3 Ball(Vec3 c, int r) { return Shape3.FromSphere(new Sphere(c, Fix16.FromRaw(r))); }

    static bool SameCapsule(Shape3 s, Vec3 a, Vec3 b, int r)
    {
        return s.Type == ShapeType3.Capsule && s.Capsule.A.Equals(a) && s.Capsule.B.Equals(b) && s.Capsule.Radius.Raw == r;
    }

    static string Hex(byte[] b)
    {
        var sb = new StringBuilder();
        foreach (byte x in b) sb.Append(x.ToString("x2"));
        return sb.ToString();
    }

    static int Main(string[] args)
    {
        bool brk = args.Length > 0 && args[0] == "--break";
        WorldDef def = WorldDef.Default;
        def.Dim = WorldDim.D3;
        using (var w = new World(def))
        {
            BodyId b0 = w.CreateBody(BodyDef.Of(Cap(V(0, 0, 0), V(10 * U + (brk ? 1 : 0), 0, 0), U)));
            BodyId b1 = w.CreateBody(BodyDef.Of(Ball(V(5 * U, 3 * U, 0), 2 * U)));
            BodyDef d2 = BodyDef.Of(Cap(V(20 * U, 0, 0), V(20 * U, 5 * U, 0), U / 2));
            d2.UserData = 7;
            BodyId b2 = w.CreateBody(d2);
            Check(SameCapsule(w.GetShape3(b0), V(0, 0, 0), V(10 * U, 0, 0), U), "body 0 reads back as its capsule");
            w.Translate(b2, V(U, 0, -U));
            Shape3 got;
            Check(w.TryGetShape(b2, out got) && SameCapsule(got, V(21 * U, 0, -U), V(21 * U, 5 * U, -U), U / 2),
                  "translated capsule");
            w.SetShape(b2, Cap(V(12 * U, 0, 0), V(12 * U, 4 * U, 0), U));
            Check(SameCapsule(w.GetShape3(b2), V(12 * U, 0, 0), V(12 * U, 4 * U, 0), U), "reshaped capsule");
            Vec3 lo, hi;
            w.GetBounds(b2, out lo, out hi);
            Check(lo.Equals(V(11 * U, -U, -U)) && hi.Equals(V(13 * U, 5 * U, U)), "capsule bounds");
            Pair[] pairs = null;
            int np = w.FindPairs(ref pairs);
            Check(np == 2 && pairs[0].A == b0 && pairs[0].B == b1 && pairs[1].A == b0 && pairs[1].B == b2,
                  "pairs: the sphere and the capsule touching body 0");
            // C's values
            Check(w.Checksum() == CChecksum, "checksum " + w.Checksum().ToString("x16") + " is C's");
            byte[] blob = w.Snapshot();
            Check(Hex(blob) == CSnapshot, "snapshot bytes are C's");
            Check(w.Dump().Contains(CDump), "dump lines are C's");
            Check(w.DumpSlot(2) == CDump.Substring(CDump.IndexOf("body 2")), "DumpSlot(2) is C's line");
            // queries: touching yes, 1 raw apart no
            BodyId[] ids = null;
            int n = w.Overlap(Ball(V(5 * U, -3 * U, 0), 2 * U), Filter.Default, ref ids);
            Check(n == 1 && ids[0] == b0, "a sphere touching the capsule from below");
            n = w.Overlap(Ball(V(5 * U, -3 * U - 1, 0), 2 * U), Filter.Default, ref ids);
            Check(n == 0, "a sphere 1 raw below the capsule");
            n = w.Overlap(Cap(V(0, -2 * U, 5 * U), V(0, -2 * U, -5 * U), U), Filter.Default, ref ids);
            Check(n == 1 && ids[0] == b0, "a capsule query touching the capsule");
            // snapshot round trip
            using (var w2 = new World())
            {
                w2.Restore(blob);
                Check(w2.Checksum() == w.Checksum() && Hex(w2.Snapshot()) == Hex(blob), "restored: same checksum and bytes");
                Check(SameCapsule(w2.GetShape3(b2), V(12 * U, 0, 0), V(12 * U, 4 * U, 0), U), "restored capsule");
            }
            // history: a rollback restores the capsules
            w.HistoryBegin(4, 65536);
            w.HistorySave();
            w.Translate(b0, V(U, U, U));
            w.SetShape(b2, Ball(V(0, 0, 0), U));
            w.HistorySave();
            w.HistoryRollback(1);
            Check(w.Checksum() == CChecksum && Hex(w.Snapshot()) == Hex(blob), "rollback restores the capsules");
            w.HistoryEnd();
            // bad capsules change nothing
            var far = new Capsule3(V(0, 0, 0), V(8192 * U + 1, 0, 0), Fix16.FromRaw(U));
            Check(!w.TrySetShape(b0, Shape3.FromCapsule(far)) && w.LastStatus == Status.ErrRange, "endpoint past the limit");
            var neg = new Capsule3(V(0, 0, 0), V(0, 0, 0), Fix16.FromRaw(-1));
            Check(!w.TrySetShape(b0, Shape3.FromCapsule(neg)) && w.LastStatus == Status.ErrSize, "negative radius");
            bool threw = false;
            try { w.CreateBody(BodyDef.Of(Shape3.FromCapsule(neg))); } catch (FixcolException) { threw = true; }
            Check(threw, "CreateBody with a negative radius throws");
            Check(!w.TryTranslate(b0, V(8192 * U, 0, 0)) && w.LastStatus == Status.ErrRange, "translate past the limit");
            Check(w.Checksum() == CChecksum && w.BodyCount == 3, "nothing changed");
        }
        Console.WriteLine("Capsule3Test: " + checks + " checks, " + failures + " failures");
        return failures == 0 ? 0 : 1;
    }
}
