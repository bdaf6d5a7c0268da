// SPDX-License-Identifier: MIT
// FrameTest FIXCOL_MOBA [--break]: World.RunFrame (fixcol/frame.h).
//   - the call-heavy MOBA frame (bench/MobaHeavy.cs) per-call and with
//     RunFrame: equal checksums and digests every frame, equal to C's
//     (fixcol-moba check); the batched frames allocate 0 bytes;
//   - TRANSLATE2 / SET_ANGLE2 / SET_SHAPE2 / GET_SHAPE2 statuses and words
//     against the per-call methods on a twin world;
//   - errors change nothing (world and result): null arrays, cmdWords out
//     of range, a malformed command (its word named), a result array too
//     short (the words needed named), a disposed world.
// --break: the per-call side reads sin for cos (must fail).
using System;
using System.Diagnostics;
using Fixcol;

static class FrameTest
{
    static int failures, checks;

    static void Check(bool ok, string what)
    {
        checks++;
        if (!ok && failures++ < 20)
            Console.Error.WriteLine("FrameTest: " + what);
    }

    static void Moba(string tool, bool brk)
    {
        var a = new MobaHeavy { Break = brk };
        var b = new MobaHeavy();
        uint da = 0, db = 0;
        for (int f = 1; f <= 30; f++)
        {
            da = a.PerCall(1, da);
            db = b.Batch(1, db);
            Check(a.W.Checksum() == b.W.Checksum() && da == db, "MOBA frame " + f + ": per-call and RunFrame differ");
        }
        var p = Process.Start(new ProcessStartInfo(tool, "check 30") { RedirectStandardOutput = true, UseShellExecute = false });
        string txt = p.StandardOutput.ReadToEnd();
        p.WaitForExit();
        Check(p.ExitCode == 0 && txt.StartsWith("digest " + db + "\n"), "the C frame's digest: " + txt.Split('\n')[0] + " vs " + db);
        long before = GC.GetAllocatedBytesForCurrentThread();
        b.Batch(20, db);
        long used = GC.GetAllocatedBytesForCurrentThread() - before;
        Check(used == 0, "20 batched frames allocated " + used + " bytes");
    }

    static World Twin(out BodyId[] ids)
    {
        var w = new World(WorldDef.Default);
        ids = new BodyId[6];
        var bd = BodyDef.Default;
        for (int k = 0; k < 6; k++)
        {
            bd.Shape2 = k % 2 == 0 ? Shape2.FromObb(Obb2.Make(Vec2.FromRaw(k * 6 << 16, 10 << 16), Vec2.FromRaw(2 << 16, 1 << 16), Angle.FromRaw(k * 3000)))
                : Shape2.MakeCircle(Vec2.FromRaw(k * 6 << 16, 12 << 16), Fix16.FromRaw(3 << 16));
            ids[k] = w.CreateBody(bd);
        }
        return w;
    }

    static void Opcodes()
    {
        BodyId[] ia, ib;
        World a = Twin(out ia), b = Twin(out ib);
        const int U = 65536;
        int[] cmd = {
            FrameOp.Translate2, (int)ib[1].Index, (int)ib[1].Generation, (int)ib[1].World, 5 * U, -U,
            FrameOp.Translate2, (int)ib[2].Index, (int)ib[2].Generation, (int)ib[2].World, 9000 * U, 0,
            FrameOp.SetAngle2, (int)ib[0].Index, (int)ib[0].Generation, (int)ib[0].World, 12345,
            FrameOp.SetAngle2, (int)ib[1].Index, (int)ib[1].Generation, (int)ib[1].World, 1,
            FrameOp.SetShape2, (int)ib[3].Index, (int)ib[3].Generation, (int)ib[3].World, 4, 0, 0, 8 * U, 4 * U, U,
            FrameOp.GetShape2, (int)ib[0].Index, (int)ib[0].Generation, (int)ib[0].World,
            FrameOp.Checksum };
        int[] res = new int[64];
        int words = b.RunFrame(cmd, cmd.Length, res);
        Check(words == 5 + 1 + FrameOp.ShapeWords + 3, "result words " + words);
        Check(res[0] == (a.TryTranslate(ia[1], Vec2.FromRaw(5 * U, -U)) ? 0 : (int)a.LastStatus), "TRANSLATE2");
        a.TryTranslate(ia[2], Vec2.FromRaw(9000 * U, 0));
        Check(res[1] == (int)a.LastStatus && res[1] == (int)Status.ErrRange, "TRANSLATE2 out of range");
        a.TrySetAngle(ia[0], Angle.FromRaw(12345));
        Check(res[2] == (int)a.LastStatus, "SET_ANGLE2");
        a.TrySetAngle(ia[1], Angle.FromRaw(1));
        Check(res[3] == (int)a.LastStatus && res[3] == (int)Status.ErrShapeType, "SET_ANGLE2 of a circle");
        a.TrySetShape(ia[3], Shape2.FromCapsule(new Capsule2(Vec2.FromRaw(0, 0), Vec2.FromRaw(8 * U, 4 * U), Fix16.FromRaw(U))));
        Check(res[4] == (int)a.LastStatus, "SET_SHAPE2");
        Shape2 s = a.GetShape2(ia[0]);
        Check(res[5] == 0 && res[6] == 3 && res[7] == s.Obb.Center.X.Raw && res[8] == s.Obb.Center.Y.Raw && res[9] == s.Obb.Half.X.Raw
            && res[10] == s.Obb.Half.Y.Raw && res[11] == s.Obb.Angle.Raw, "GET_SHAPE2 of an OBB");
        ulong h = a.Checksum();
        int k = 5 + 1 + FrameOp.ShapeWords;
        Check(h == b.Checksum() && res[k] == 0 && (uint)res[k + 1] == (uint)h && (uint)res[k + 2] == (uint)(h >> 32), "CHECKSUM");
        a.Dispose();
        b.Dispose();
    }

    static void Refused(World w, int[] cmd, int n, int[] res, Type exc, string text, string what)
    {
        ulong before = w.IsDisposed ? 0 : w.Checksum();
        if (res != null)
            for (int i = 0; i < res.Length; i++) res[i] = 77;
        try
        {
            w.RunFrame(cmd, n, res);
            Check(false, what + ": accepted");
        }
        catch (Exception e)
        {
            Check(e.GetType() == exc, what + ": " + e.GetType().Name + " " + e.Message);
            Check(text == null || e.Message.Contains(text), what + ": message " + e.Message);
        }
        Check(w.IsDisposed || w.Checksum() == before, what + ": the world changed");
        if (res != null)
            Check(Array.TrueForAll(res, v => v == 77), what + ": the result changed");
    }

    static void Errors()
    {
        BodyId[] ids;
        World w = Twin(out ids);
        int[] good = { FrameOp.Translate2, (int)ids[1].Index, (int)ids[1].Generation, (int)ids[1].World, 65536, 0, FrameOp.Checksum };
        Refused(w, null, 0, new int[8], typeof(ArgumentNullException), null, "cmd null");
        Refused(w, good, 7, null, typeof(ArgumentNullException), null, "result null");
        Refused(w, good, 8, new int[8], typeof(ArgumentOutOfRangeException), null, "cmdWords over the array");
        Refused(w, good, -1, new int[8], typeof(ArgumentOutOfRangeException), null, "cmdWords -1");
        Refused(w, good, 5, new int[8], typeof(ArgumentException), "cmd[0]", "cut command");
        Refused(w, new[] { 14, 99 }, 2, new int[8], typeof(ArgumentException), "cmd[1]", "unknown opcode");
        Refused(w, new[] { 11, -1 }, 2, new int[8], typeof(ArgumentException), "cmd[0]", "negative cap");
        Refused(w, good, 7, new int[3], typeof(ArgumentException), "need 4 result words", "result too short");
        Check(w.RunFrame(good, 7, new int[4]) == 4, "the good buffer runs");
        w.Dispose();
        Refused(w, good, 7, new int[8], typeof(ObjectDisposedException), null, "disposed world");
    }

    static int Main(string[] args)
    {
        bool brk = args.Length > 1 && args[1] == "--break";
        Moba(args[0], brk);
        Opcodes();
        Errors();
        Console.WriteLine("FrameTest: " + checks + " checks, " + failures + " failed");
        return failures == 0 ? 0 : 1;
    }
}
