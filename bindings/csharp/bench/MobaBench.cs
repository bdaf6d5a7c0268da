// SPDX-License-Identifier: MIT
// MobaBench FIXCOL_MOBA [FRAMES [REPS [percall|batch]]]: the call-heavy MOBA
// frame (MobaHeavy.cs) per-call and batched against the same frame in C
// (fixcol-moba, run in between: interleaved), REPS times; prints medians as
// `bench NAME VALUE UNIT` lines. A digest that differs from C's: exit 1.
// With a variant: one run of it, printing `digest D` (for callgrind).
// Not a test: no timed assertions.
using System;
using System.Diagnostics;
using Fixcol;

static class MobaBench
{
    static double[] C(string tool, string mode, int frames, out uint digest)
    {
        var p = Process.Start(new ProcessStartInfo(tool, mode + " " + frames) { RedirectStandardOutput = true, UseShellExecute = false });
        string txt = p.StandardOutput.ReadToEnd();
        p.WaitForExit();
        string[] w = txt.Split(new[] { ' ', '\n' }, StringSplitOptions.RemoveEmptyEntries);
        digest = uint.Parse(w[1]);
        return new[] { double.Parse(w[3], System.Globalization.CultureInfo.InvariantCulture) };
    }

    static double Median(double[] a)
    {
        var s = (double[])a.Clone();
        Array.Sort(s);
        int n = s.Length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    static int Main(string[] args)
    {
        string tool = args[0];
        int frames = args.Length > 1 ? int.Parse(args[1]) : 200, reps = args.Length > 2 ? int.Parse(args[2]) : 5;
        if (args.Length > 3)
        {
            var m = new MobaHeavy();
            Console.WriteLine("digest " + (args[3] == "percall" ? m.PerCall(frames, 0) : m.Batch(frames, 0)));
            return 0;
        }
        double[] tp = new double[reps], tb = new double[reps], tc = new double[reps], tcb = new double[reps], rp = new double[reps], rb = new double[reps];
        for (int r = 0; r < reps; r++)
        {
            uint dc, dcb;
            var m = new MobaHeavy();
            var sw = Stopwatch.StartNew();
            uint dp = m.PerCall(frames, 0);
            tp[r] = sw.Elapsed.TotalMilliseconds * 1000 / frames;
            m.W.Dispose();
            tc[r] = C(tool, "percall", frames, out dc)[0];
            m = new MobaHeavy();
            sw = Stopwatch.StartNew();
            uint db = m.Batch(frames, 0);
            tb[r] = sw.Elapsed.TotalMilliseconds * 1000 / frames;
            m.W.Dispose();
            tcb[r] = C(tool, "batch", frames, out dcb)[0];
            if (dp != dc || db != dc || dcb != dc)
            {
                Console.Error.WriteLine("digests differ after " + frames + " frames: C# per-call " + dp + ", C# batch " + db + ", C " + dc + ", C batch " + dcb);
                return 1;
            }
            rp[r] = tp[r] / tc[r];
            rb[r] = tb[r] / tc[r];
        }
        Action<string, double[], string> line = (name, a, unit) =>
            Console.WriteLine("bench " + name + " " + Median(a).ToString("F2", System.Globalization.CultureInfo.InvariantCulture) + " " + unit);
        line("csharp_moba_heavy_percall_us", tp, "us");
        line("csharp_moba_heavy_batch_us", tb, "us");
        line("c_moba_heavy_us", tc, "us");
        line("c_moba_heavy_batch_us", tcb, "us");
        line("csharp_moba_heavy_percall_ratio", rp, "x");
        line("csharp_moba_heavy_batch_ratio", rb, "x");
        return 0;
    }
}
