// SPDX-License-Identifier: MIT
// A replay runner written against the C# World API only: every operation is
// one World call, and the frame's expected values (ops hash, query results,
// pair hash, state checksum, frame checksum) are computed here in C#,
// exactly as docs/replay-format.md defines them. It never calls
// fc_replay_runner_* or fc_replay_verify.
using System;
using Fixcol;

sealed class CsReplayRunner : IDisposable
{
    const uint RunnerTag = 1;
    const int MaxSlots = 16;

    readonly World world;
    readonly bool is2d;
    readonly byte[][] slots = new byte[MaxSlots][];
    readonly int[] slotLen = new int[MaxSlots];
    Hash64 ops;
    QueryExpect[] queries = new QueryExpect[64];
    int queryCount;
    Pair[] pairs = new Pair[256];
    BodyId[] ids = new BodyId[256];
    RayHit[] hits = new RayHit[256];
    readonly RayHit[] oneHit = new RayHit[1];
    BodyDef bodyDef = BodyDef.Default;
    byte[] dump;

    /// <summary>Creates whose id differed from the recorded one (also visible in the ops hash).</summary>
    public int BadCreates;

    public CsReplayRunner(ReplaySettings s)
    {
        WorldDef def = WorldDef.Default;
        def.Dim = s.Dim == 3 ? WorldDim.D3 : WorldDim.D2;
        def.BoundsMin = s.BoundsMin;
        def.BoundsLog2 = s.BoundsLog2;
        def.MaxDepth = s.MaxDepth;
        def.Layout = s.Layout == 1 ? QtLayout.Strict : QtLayout.Loose;
        def.Tag = RunnerTag;
        if (s.Dim != 2 && s.Dim != 3)
            throw new FixcolException(Status.ErrArgument, "replay dim");
        world = new World(def);
        is2d = s.Dim == 2;
    }

    public World World { get { return world; } }
    public QueryExpect[] Queries { get { return queries; } }

    public void BeginFrame()
    {
        ops = Hash64.Init(0);
        queryCount = 0;
    }

    void AddQuery(Status st, int count, ulong hash)
    {
        if (queryCount == queries.Length)
            Array.Resize(ref queries, queries.Length * 2);
        queries[queryCount].Count = st == Status.Ok ? (uint)count : 0;
        queries[queryCount].Hash = Hash64.Fold(hash);
        queryCount++;
    }

    static Vec2 V2(Vec3 v) { return new Vec2(v.X, v.Y); }

    public void Apply(ref ReplayOp op)
    {
        BodyId id = op.Id;
        id.World = RunnerTag;
        Status st;
        int n;
        switch (op.Kind)
        {
            case ReplayOpKind.QueryShape:
                if (is2d)
                    world.TryOverlap(op.Shape2, op.Filter, ref ids, out n);
                else
                    world.TryOverlap(op.Shape3, op.Filter, ref ids, out n);
                st = world.LastStatus;
                AddQuery(st, n, st == Status.Ok ? Hash64.OfIds((uint)st, ids, n) : (uint)st);
                return;
            case ReplayOpKind.QueryPoint:
                if (is2d)
                    world.TryQueryPoint(V2(op.A), op.Filter, ref ids, out n);
                else
                    world.TryQueryPoint(op.A, op.Filter, ref ids, out n);
                st = world.LastStatus;
                AddQuery(st, n, st == Status.Ok ? Hash64.OfIds((uint)st, ids, n) : (uint)st);
                return;
            case ReplayOpKind.QueryRay:
            {
                bool got;
                RayHit hit;
                if (is2d)
                    world.TryRaycast(new Ray2(V2(op.A), V2(op.B)), op.Filter, out got, out hit);
                else
                    world.TryRaycast(new Ray3(op.A, op.B), op.Filter, out got, out hit);
                st = world.LastStatus;
                n = st == Status.Ok && got ? 1 : 0;
                oneHit[0] = hit;
                AddQuery(st, n, Hash64.OfHits((uint)st, oneHit, n)); // the closest-hit ray hashes 0 or 1 hit, even on error
                return;
            }
            case ReplayOpKind.QueryRange:
            {
                // docs/replay-format.md: count = used slots in [lo, hi), hash of the one-word checksum
                ulong sum;
                world.TryRangeChecksum(op.Lo, op.Hi, out sum);
                st = world.LastStatus;
                uint stop = Math.Min(op.Hi, world.SlotCount());
                Hash64 h = Hash64.Init((uint)st);
                h.Word(st == Status.Ok ? sum : 0);
                AddQuery(st, st == Status.Ok && stop > op.Lo ? (int)(stop - op.Lo) : 0, h.Final());
                return;
            }
            case ReplayOpKind.QueryDump:
            {
                // the dump's bytes as little-endian 8-byte words, the last zero-padded
                n = world.Dump(ref dump);
                Hash64 h = Hash64.Init(0);
                for (int i = 0; i < n; i += 8)
                {
                    ulong w = 0;
                    for (int k = 0; k < 8 && i + k < n; k++)
                        w |= (ulong)dump[i + k] << (8 * k);
                    h.Word(w);
                }
                AddQuery(Status.Ok, n, h.Final());
                return;
            }
            case ReplayOpKind.QueryRayAll:
                if (is2d)
                    world.TryRaycastAll(new Ray2(V2(op.A), V2(op.B)), op.Filter, ref hits, out n);
                else
                    world.TryRaycastAll(new Ray3(op.A, op.B), op.Filter, ref hits, out n);
                st = world.LastStatus;
                AddQuery(st, n, st == Status.Ok ? Hash64.OfHits((uint)st, hits, n) : (uint)st);
                return;
        }
        BodyId created = new BodyId();
        switch (op.Kind)
        {
            case ReplayOpKind.Create:
                bodyDef.Shape2 = op.Shape2;
                bodyDef.Shape3 = op.Shape3;
                bodyDef.Filter = op.Filter;
                world.TryCreateBody(bodyDef, out created);
                break;
            case ReplayOpKind.Move:
                if (is2d)
                    world.TryTranslate(id, V2(op.A));
                else
                    world.TryTranslate(id, op.A);
                break;
            case ReplayOpKind.Turn:
                world.TrySetAngle(id, op.Angle);
                break;
            case ReplayOpKind.Set:
                if (is2d)
                    world.TrySetShape(id, op.Shape2);
                else
                    world.TrySetShape(id, op.Shape3);
                break;
            case ReplayOpKind.Destroy:
                world.TryDestroyBody(id);
                break;
            case ReplayOpKind.Snapshot:
                world.TrySnapshot(ref slots[op.Slot], out slotLen[op.Slot]);
                break;
            case ReplayOpKind.Restore:
                if (slots[op.Slot] == null)
                    break;
                world.TryRestore(slots[op.Slot], slotLen[op.Slot]);
                break;
            default:
                throw new InvalidOperationException("unknown operation kind " + op.Kind);
        }
        st = op.Kind == ReplayOpKind.Restore && slots[op.Slot] == null ? Status.ErrArgument : world.LastStatus;
        ops.Pair((uint)st, (uint)op.Kind);
        if (op.Kind == ReplayOpKind.Create && st == Status.Ok)
        {
            ops.Pair(created.Index, created.Generation);
            if (created.Index != op.Id.Index || created.Generation != op.Id.Generation)
                BadCreates++;
        }
    }

    public ReplayExpect EndFrame()
    {
        ReplayExpect e = new ReplayExpect();
        int n;
        bool ok = world.TryFindPairs(ref pairs, out n);
        Status st = world.LastStatus;
        e.State = world.Checksum();
        e.Pairs = ok ? Hash64.OfPairs(0, pairs, n) : (uint)st;
        e.PairCount = ok ? (uint)n : 0;
        e.Ops = Hash64.Fold(ops.Final());
        e.QueryCount = (uint)queryCount;
        e.Checksum = FrameChecksum(e, queries);
        return e;
    }

    /// <summary>fc_replay_frame_checksum.</summary>
    public static ulong FrameChecksum(ReplayExpect e, QueryExpect[] q)
    {
        Hash64 h = Hash64.Init(0);
        h.Word(e.State);
        h.Word(e.Pairs);
        h.Pair(e.PairCount, e.Ops);
        h.Word(e.QueryCount);
        for (int i = 0; i < e.QueryCount; i++)
            h.Pair(q[i].Count, q[i].Hash);
        return h.Final();
    }

    public void Dispose() { world.Dispose(); }
}
