// SPDX-License-Identifier: MIT
// ReplayBench C_BENCH REPLAY [REPS]: the cost of crossing the boundary.
// Decodes every operation of REPLAY first, then alternates rounds of the C
// runner (C_BENCH, a C program timing fc_replay_runner on the same decoded
// operations) and of CsReplayRunner (every operation one World call through
// P/Invoke, the frame's values computed in C#), keeping the fastest
// repetition of each, and prints `bench NAME VALUE UNIT` lines:
//   bench csharp_moba_frame_us  <C# per frame>  us
//   bench c_moba_frame_us       <C per frame>   us
//   bench csharp_moba_frame_ratio <C# / C>      x
// Both digests must agree (else exit 1). Not a test: no timed assertions.
using System;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using Fixcol;

static class ReplayBench
{
    static int Main(string[] args)
    {
        if (args.Length < 2)
        {
            Console.Error.WriteLine("usage: ReplayBench C_BENCH REPLAY [REPS]");
            return 2;
        }
        string cbench = args[0], file = args[1];
        int reps = args.Length > 2 ? int.Parse(args[2]) : 5;

        ReplaySettings settings;
        ReplayOp[] ops = new ReplayOp[1 << 16];
        uint[] frameOps = new uint[1024];
        int nops = 0, nframes = 0;
        using (var reader = new ReplayReader(File.ReadAllBytes(file)))
        {
            settings = reader.Settings;
            uint count;
            while (reader.NextFrame(out count))
            {
                if (nframes == frameOps.Length)
                    Array.Resize(ref frameOps, nframes * 2);
                frameOps[nframes++] = count;
                for (uint i = 0; i < count; i++)
                {
                    if (nops == ops.Length)
                        Array.Resize(ref ops, nops * 2);
                    ops[nops++] = reader.NextOp();
                }
                ReplayExpect e = reader.ReadExpect();
                for (uint i = 0; i < e.QueryCount; i++)
                    reader.ReadQueryExpect();
            }
        }

        double bestCs = double.MaxValue, bestC = double.MaxValue;
        ulong csDigest = 0;
        string cDigest = null;
        for (int round = 0; round < 3; round++)
        {
            // C baseline, same decoded operations, same machine, same run.
            var psi = new ProcessStartInfo(cbench, "\"" + file + "\" " + reps) { UseShellExecute = false, RedirectStandardOutput = true };
            using (var p = Process.Start(psi))
            {
                string line = p.StandardOutput.ReadToEnd().Trim();
                p.WaitForExit();
                string[] f = line.Split(' ');
                if (p.ExitCode != 0 || f.Length != 4 || f[0] != "c_frame_ns")
                {
                    Console.Error.WriteLine("ReplayBench: " + cbench + " failed: " + line);
                    return 2;
                }
                bestC = Math.Min(bestC, double.Parse(f[1], CultureInfo.InvariantCulture));
                cDigest = f[3];
            }
            for (int rep = 0; rep < reps; rep++)
            {
                using (var rn = new CsReplayRunner(settings))
                {
                    Hash64 d = Hash64.Init(0);
                    var sw = Stopwatch.StartNew();
                    int k = 0;
                    for (int fr = 0; fr < nframes; fr++)
                    {
                        rn.BeginFrame();
                        for (uint i = 0; i < frameOps[fr]; i++)
                            rn.Apply(ref ops[k++]);
                        d.Word(rn.EndFrame().Checksum);
                    }
                    sw.Stop();
                    bestCs = Math.Min(bestCs, sw.Elapsed.TotalMilliseconds * 1e6 / nframes);
                    csDigest = d.Final();
                }
            }
        }
        string name = Path.GetFileNameWithoutExtension(file).Split('-')[0];
        var inv = CultureInfo.InvariantCulture;
        Console.WriteLine(string.Format(inv, "bench csharp_{0}_frame_us {1:G4} us", name, bestCs / 1000));
        Console.WriteLine(string.Format(inv, "bench c_{0}_frame_us {1:G4} us", name, bestC / 1000));
        Console.WriteLine(string.Format(inv, "bench csharp_{0}_frame_ratio {1:F3} x", name, bestCs / bestC));
        if (csDigest.ToString("x16") != cDigest)
        {
            Console.Error.WriteLine("ReplayBench: digests differ: C# " + csDigest.ToString("x16") + ", C " + cDigest);
            return 1;
        }
        return 0;
    }
}
