// SPDX-License-Identifier: MIT
// ReplayCheck [--expect-digest HEX] [--flip FIELD] FILE...: runs every
// replay through the C# World API (CsReplayRunner) and compares each frame's
// computed values with the recorded ones; prints "digest <hex>" over all
// frame checksums like `fixcol-replay verify`. --flip
// state|pairs|ops|query|checksum|began|contacts|cast flips one bit of that
// expected value in the first frame that has it (began, contacts: a format 3
// frame; cast: the first shape-cast query's hash; pushout, bodyhash,
// pairsop: the first format 4 push-out, body hash or in-frame pair finding
// query's hash) (the run must then fail); mover, movershape: the runner
// itself changes one mover output - the displacement X of the first format 5
// mover / mover_shape call that moved, 1 raw - before hashing it (the run
// must then fail). Exit 0 only when everything matched.
using System;
using System.IO;
using Fixcol;

static class ReplayCheck
{
    static int Main(string[] args)
    {
        string expectDigest = null, flip = null;
        var files = new System.Collections.Generic.List<string>();
        for (int i = 0; i < args.Length; i++)
        {
            if (args[i] == "--expect-digest")
                expectDigest = args[++i];
            else if (args[i] == "--flip")
                flip = args[++i];
            else
                files.Add(args[i]);
        }
        if (files.Count == 0)
        {
            Console.Error.WriteLine("usage: ReplayCheck [--expect-digest HEX] [--flip FIELD] FILE...");
            return 2;
        }
        Hash64 digest = Hash64.Init(0);
        int failures = 0;
        foreach (string file in files)
        {
            uint frames = 0;
            ulong opsTotal = 0;
            uint bad = 0;
            string first = null;
            using (var reader = new ReplayReader(File.ReadAllBytes(file)))
            using (var rn = new CsReplayRunner(reader.Settings))
            {
                if (flip == "mover" || flip == "movershape")
                {
                    rn.FlipMover = flip == "mover" ? ReplayOpKind.Mover : ReplayOpKind.MoverShape;
                    flip = null;
                }
                uint opCount;
                ReplayOp op;
                while (reader.NextFrame(out opCount))
                {
                    frames++;
                    rn.BeginFrame();
                    int badCreates = rn.BadCreates;
                    for (uint i = 0; i < opCount; i++)
                    {
                        op = reader.NextOp();
                        rn.Apply(ref op);
                    }
                    opsTotal += opCount;
                    ReplayExpect got = rn.EndFrame();
                    ReplayExpect want = reader.ReadExpect();
                    string why = null;
                    if (flip != null)
                    {
                        if (flip == "state") { want.State ^= 1; flip = null; }
                        else if (flip == "pairs") { want.Pairs ^= 1; flip = null; }
                        else if (flip == "ops") { want.Ops ^= 1; flip = null; }
                        else if (flip == "checksum") { want.Checksum ^= 1; flip = null; }
                        else if (flip == "began" && want.Extended != 0) { want.Began ^= 1; flip = null; }
                        else if (flip == "contacts" && want.Extended != 0) { want.Contacts ^= 1; flip = null; }
                    }
                    for (uint q = 0; q < want.QueryCount; q++)
                    {
                        QueryExpect wq = reader.ReadQueryExpect();
                        if (flip == "query") { wq.Hash ^= 1; flip = null; }
                        if (flip == "cast" && (rn.QueryKinds[q] == ReplayOpKind.QueryCast ||
                                               rn.QueryKinds[q] == ReplayOpKind.QueryCastAll)) { wq.Hash ^= 1; flip = null; }
                        if ((flip == "pushout" && rn.QueryKinds[q] == ReplayOpKind.QueryPushout) ||
                            (flip == "bodyhash" && rn.QueryKinds[q] == ReplayOpKind.QueryBodyHash) ||
                            (flip == "pairsop" && rn.QueryKinds[q] == ReplayOpKind.QueryPairs)) { wq.Hash ^= 1; flip = null; }
                        if (why == null && q < got.QueryCount &&
                            (wq.Count != rn.Queries[q].Count || wq.Hash != rn.Queries[q].Hash))
                            why = "query " + q + ": " + rn.Queries[q].Count + " hits hash " + rn.Queries[q].Hash.ToString("x8") +
                                  ", expected " + wq.Count + " hits hash " + wq.Hash.ToString("x8");
                    }
                    if (why == null && rn.BadCreates != badCreates)
                        why = "a create handed out another id";
                    else if (why == null && got.Ops != want.Ops)
                        why = "operation statuses";
                    else if (why == null && got.QueryCount != want.QueryCount)
                        why = "query count";
                    else if (why == null && (got.Pairs != want.Pairs || got.PairCount != want.PairCount))
                        why = "pairs: " + got.PairCount + " vs " + want.PairCount;
                    else if (why == null && (got.Extended != want.Extended || got.BeganCount != want.BeganCount ||
                             got.Began != want.Began || got.EndedCount != want.EndedCount || got.Ended != want.Ended))
                        why = "pair events: began " + got.BeganCount + " vs " + want.BeganCount + ", ended " +
                              got.EndedCount + " vs " + want.EndedCount;
                    else if (why == null && (got.ContactCount != want.ContactCount || got.Contacts != want.Contacts))
                        why = "contacts: " + got.ContactCount + " vs " + want.ContactCount;
                    else if (why == null && got.State != want.State)
                        why = "world state";
                    else if (why == null && got.Checksum != want.Checksum)
                        why = "frame checksum";
                    if (why != null)
                    {
                        bad++;
                        if (first == null)
                            first = "frame " + frames + ": " + why;
                    }
                    digest.Word(got.Checksum);
                }
            }
            if (bad == 0)
                Console.WriteLine(file + ": ok, " + frames + " frames, " + opsTotal + " operations");
            else
            {
                Console.WriteLine(file + ": MISMATCH in " + bad + " of " + frames + " frames, first " + first);
                failures++;
            }
        }
        string hex = digest.Final().ToString("x16");
        Console.WriteLine("digest " + hex);
        if (flip != null)
        {
            Console.WriteLine("--flip: no frame had a '" + flip + "' value to flip");
            return 2;
        }
        if (expectDigest != null && expectDigest != hex)
        {
            Console.WriteLine("FAIL: digest differs from the C tool's " + expectDigest);
            return 1;
        }
        return failures == 0 ? 0 : 1;
    }
}
