// SPDX-License-Identifier: MIT
// A replay runner written against the C# World API only: every operation is
// one World call, and the frame's expected values (ops hash, query results,
// pair hash, state checksum, frame checksum; in format 3 also the skill-area
// and shape-cast queries, the pair events and the world contacts; in format
// 4 also the push-outs, filter changes, body hashes and pair findings inside
// a frame; in format 5 the mover calls, through World.TryMove / MoveShape) are
// computed here in C#, exactly as docs/replay-format.md defines them. It
// never calls fc_replay_runner_* or fc_replay_verify.
using System;
using Fixcol;

sealed class CsReplayRunner : IDisposable
{
    const uint RunnerTag = 1;
    const int MaxSlots = 16;

    readonly World world;
    readonly bool is2d;
    readonly bool v3; // format 3: FindContacts is the frame's pair finding, then PairEvents
    readonly byte[][] slots = new byte[MaxSlots][];
    readonly int[] slotLen = new int[MaxSlots];
    Hash64 ops;
    QueryExpect[] queries = new QueryExpect[64];
    ReplayOpKind[] queryKinds = new ReplayOpKind[64];
    ReplayOpKind current;
    int queryCount;
    Pair[] pairs = new Pair[256];
    BodyId[] ids = new BodyId[256];
    RayHit[] hits = new RayHit[256];
    readonly RayHit[] oneHit = new RayHit[1];
    CastHit2[] casts2 = new CastHit2[64];
    CastHit3[] casts3 = new CastHit3[64];
    Contact2[] contacts2 = new Contact2[256];
    Contact3[] contacts3 = new Contact3[256];
    Pair[] began = new Pair[64], ended = new Pair[64];
    Pair[] found = new Pair[256];
    BodyDef bodyDef = BodyDef.Default;
    byte[] dump;

    /// <summary>Creates whose id differed from the recorded one (also visible in the ops hash).</summary>
    public int BadCreates;
    /// <summary>The should-fail twin: the first call of this kind (Mover or MoverShape) that moved
    /// reports its displacement's X 1 raw off before it is hashed (0: none).</summary>
    public ReplayOpKind FlipMover;
    readonly BodyId[][] excludeOf = { new BodyId[0], new BodyId[1], new BodyId[2], new BodyId[3], new BodyId[4] };
    MoverResult2 mover2;
    MoverResult3 mover3;

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
        v3 = s.Version >= 3;
    }

    public World World { get { return world; } }
    public QueryExpect[] Queries { get { return queries; } }
    /// <summary>The operation kind of each query of the frame.</summary>
    public ReplayOpKind[] QueryKinds { get { return queryKinds; } }

    public void BeginFrame()
    {
        ops = Hash64.Init(0);
        queryCount = 0;
    }

    void AddQuery(Status st, int count, ulong hash)
    {
        if (queryCount == queries.Length)
        {
            Array.Resize(ref queries, queries.Length * 2);
            Array.Resize(ref queryKinds, queries.Length);
        }
        queryKinds[queryCount] = current;
        queries[queryCount].Count = st == Status.Ok ? (uint)count : 0;
        queries[queryCount].Hash = Hash64.Fold(hash);
        queryCount++;
    }

    static Vec2 V2(Vec3 v) { return new Vec2(v.X, v.Y); }

    public void Apply(ref ReplayOp op)
    {
        BodyId id = op.Id;
        id.World = RunnerTag;
        current = op.Kind;
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
            case ReplayOpKind.QuerySector:
            case ReplayOpKind.QueryRing:
                if (op.Kind == ReplayOpKind.QuerySector)
                    world.TryOverlapSector(op.Sector, op.Filter, ref ids, out n);
                else
                    world.TryOverlapRing(op.Ring, op.Filter, ref ids, out n);
                st = world.LastStatus;
                AddQuery(st, n, Hash64.OfIds((uint)st, ids, st == Status.Ok ? n : 0));
                return;
            case ReplayOpKind.QueryCast:
            case ReplayOpKind.QueryCastAll:
                Cast(ref op);
                return;
            case ReplayOpKind.QueryPushout:
                Pushout(ref op);
                return;
            case ReplayOpKind.QueryBodyHash:
            {
                // format 4: count 1 and the one-word record hash (0 on error)
                ulong r;
                bool ok = world.TryBodyHash(id, out r);
                st = world.LastStatus;
                Hash64 h = Hash64.Init((uint)st);
                h.Word(ok ? r : 0);
                AddQuery(st, ok ? 1 : 0, h.Final());
                return;
            }
            case ReplayOpKind.QueryPairs:
                FindPairsInFrame();
                return;
            case ReplayOpKind.Mover:
            case ReplayOpKind.MoverShape:
                Move(ref op, id);
                return;
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
            case ReplayOpKind.SetFilter: // format 4
                world.TrySetFilter(id, op.Filter);
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

    static ulong Two(int lo, int hi) { return (uint)lo | (ulong)(uint)hi << 32; }
    static ulong IdWord(BodyId id) { return id.Index | (ulong)id.Generation << 32; }

    // Shape casts (format 3): per hit index | generation << 32,
    // t | normal.x << 32, normal.y | normal.z << 32; seed (uint32)status.
    void Cast(ref ReplayOp op)
    {
        bool all = op.Kind == ReplayOpKind.QueryCastAll, ok;
        int n = 0;
        Hash64 h;
        if (is2d)
        {
            Vec2 d = new Vec2(op.B.X, op.B.Y);
            bool got;
            if (all)
                ok = world.TryCastAll(op.Shape2, d, op.Filter, ref casts2, out n);
            else if (ok = world.TryCast(op.Shape2, d, op.Filter, out got, out casts2[0]))
                n = got ? 1 : 0;
            h = Hash64.Init((uint)world.LastStatus);
            for (int i = 0; ok && i < n; i++)
            {
                h.Word(IdWord(casts2[i].Id));
                h.Word(Two(casts2[i].T.Raw, casts2[i].Normal.X.Raw));
                h.Word(Two(casts2[i].Normal.Y.Raw, 0));
            }
        }
        else
        {
            bool got;
            if (all)
                ok = world.TryCastAll(op.Shape3, op.B, op.Filter, ref casts3, out n);
            else if (ok = world.TryCast(op.Shape3, op.B, op.Filter, out got, out casts3[0]))
                n = got ? 1 : 0;
            h = Hash64.Init((uint)world.LastStatus);
            for (int i = 0; ok && i < n; i++)
            {
                h.Word(IdWord(casts3[i].Id));
                h.Word(Two(casts3[i].T.Raw, casts3[i].Normal.X.Raw));
                h.Word(Two(casts3[i].Normal.Y.Raw, casts3[i].Normal.Z.Raw));
            }
        }
        AddQuery(world.LastStatus, ok ? n : 0, h.Final());
    }

    // Format 5 mover call (a body: the world moves it; a free shape): count =
    // the touches; the words moved.x | moved.y << 32, moved.z | flags << 32
    // (z 0 in 2D), touch count, then per touch id, t | kind << 32,
    // normal.x | normal.y << 32, normal.z | iteration << 32; seed
    // (uint32)status, no words on error (docs/replay-format.md).
    void Move(ref ReplayOp op, BodyId id)
    {
        MoverDef def = MoverDef.Default;
        ReplayMover m = op.Mover;
        def.Filter = op.Filter;
        def.Skin = m.Skin;
        def.MaxIterations = m.MaxIterations;
        def.StepHeight = m.StepHeight;
        def.SnapDistance = m.SnapDistance;
        def.UpAxis = m.UpAxis;
        def.UpSign = m.UpSign;
        def.SlopeRun = m.SlopeRun;
        def.SlopeRise = m.SlopeRise;
        BodyId[] ex = excludeOf[Math.Min(m.ExcludeCount, (uint)ReplayMover.MaxExclude)];
        for (int i = 0; i < ex.Length; i++)
        {
            ex[i] = m.Exclude(i);
            ex[i].World = RunnerTag;
        }
        Status st = Status.Ok;
        int mx = 0, my = 0, mz = 0, flags = 0, nt = 0;
        bool ok;
        if (is2d)
        {
            if (op.Kind == ReplayOpKind.Mover)
            {
                ok = world.TryMove(id, V2(op.A), def, ex, ref mover2);
                st = world.LastStatus;
            }
            else
            {
                try { world.MoveShape(op.Shape2, V2(op.A), def, ex, ref mover2); ok = true; }
                catch (FixcolException e) { ok = false; st = e.Status; }
            }
            mx = mover2.Moved.X.Raw; my = mover2.Moved.Y.Raw; flags = mover2.Flags; nt = mover2.TouchCount;
        }
        else
        {
            if (op.Kind == ReplayOpKind.Mover)
            {
                ok = world.TryMove(id, op.A, def, ex, ref mover3);
                st = world.LastStatus;
            }
            else
            {
                try { world.MoveShape(op.Shape3, op.A, def, ex, ref mover3); ok = true; }
                catch (FixcolException e) { ok = false; st = e.Status; }
            }
            mx = mover3.Moved.X.Raw; my = mover3.Moved.Y.Raw; mz = mover3.Moved.Z.Raw; flags = mover3.Flags;
            nt = mover3.TouchCount;
        }
        if (ok)
            st = Status.Ok;
        if (ok && FlipMover == op.Kind && (mx != 0 || my != 0 || mz != 0))
        {
            mx += 1;
            FlipMover = 0;
        }
        Hash64 h = Hash64.Init((uint)st);
        if (ok)
        {
            h.Word(Two(mx, my));
            h.Word(Two(mz, flags));
            h.Word(Two(nt, 0));
            for (int i = 0; i < nt; i++)
            {
                MoverTouch t = is2d ? mover2.Touch(i) : mover3.Touch(i);
                h.Word((ulong)t.Id.Index | (ulong)t.Id.Generation << 32);
                h.Word(Two(t.T.Raw, t.Kind));
                h.Word(Two(t.Normal.X.Raw, t.Normal.Y.Raw));
                h.Word(Two(t.Normal.Z.Raw, t.Iteration));
            }
        }
        AddQuery(st, ok ? nt : 0, h.Final());
    }

    // Format 4 push-out of B from A: count 1 for a non-zero delta; the
    // words delta.x | delta.y << 32, delta.z (0 in 2D); seed (uint32)status,
    // no words on error.
    void Pushout(ref ReplayOp op)
    {
        Status st;
        int dx = 0, dy = 0, dz = 0;
        bool ok;
        if (is2d)
        {
            Vec2 d;
            ok = Fixcol.Pushout.TryDelta(op.Shape2, op.Shape2B, out d, out st);
            dx = d.X.Raw;
            dy = d.Y.Raw;
        }
        else
        {
            Vec3 d;
            ok = Fixcol.Pushout.TryDelta(op.Shape3, op.Shape3B, out d, out st);
            dx = d.X.Raw;
            dy = d.Y.Raw;
            dz = d.Z.Raw;
        }
        Hash64 h = Hash64.Init((uint)st);
        if (ok)
        {
            h.Word(Two(dx, dy));
            h.Word(Two(dz, 0));
        }
        AddQuery(st, ok && (dx != 0 || dy != 0 || dz != 0) ? 1 : 0, h.Final());
    }

    // Format 4 pair finding inside the frame: FindPairs, then PairEvents;
    // count = the pairs; per pair its two id words, then began count |
    // ended count << 32, then the began and the ended pairs' words; seed
    // (uint32)status of the first error, no words on error.
    void FindPairsInFrame()
    {
        int n, nb = 0, ne = 0;
        bool ok = world.TryFindPairs(ref found, out n) && world.TryPairEvents(ref began, out nb, ref ended, out ne);
        Status st = world.LastStatus;
        Hash64 h = Hash64.Init((uint)st);
        if (ok)
        {
            for (int i = 0; i < n; i++)
            {
                h.Word(IdWord(found[i].A));
                h.Word(IdWord(found[i].B));
            }
            h.Pair((uint)nb, (uint)ne);
            for (int i = 0; i < nb; i++)
            {
                h.Word(IdWord(began[i].A));
                h.Word(IdWord(began[i].B));
            }
            for (int i = 0; i < ne; i++)
            {
                h.Word(IdWord(ended[i].A));
                h.Word(IdWord(ended[i].B));
            }
        }
        AddQuery(st, ok ? n : 0, h.Final());
    }

    // Format 3: the frame's one pair finding (FindContacts) with the
    // contacts' hash (per entry the two id words, then the contact's int32
    // fields two per word, the last upper half 0; seed (uint32)status).
    bool FindContacts(ref ReplayExpect e, out int n)
    {
        bool ok = is2d ? world.TryFindContacts(ref pairs, ref contacts2, out n)
                       : world.TryFindContacts(ref pairs, ref contacts3, out n);
        Hash64 h = Hash64.Init((uint)world.LastStatus);
        for (int i = 0; ok && i < n; i++)
        {
            h.Word(IdWord(pairs[i].A));
            h.Word(IdWord(pairs[i].B));
            if (is2d)
            {
                Contact2 c = contacts2[i];
                h.Word(Two(c.Normal.X.Raw, c.Normal.Y.Raw));
                h.Word(Two(c.Depth.Raw, c.Point.X.Raw));
                h.Word(Two(c.Point.Y.Raw, 0));
            }
            else
            {
                Contact3 c = contacts3[i];
                h.Word(Two(c.Normal.X.Raw, c.Normal.Y.Raw));
                h.Word(Two(c.Normal.Z.Raw, c.Depth.Raw));
                h.Word(Two(c.Point.X.Raw, c.Point.Y.Raw));
                h.Word(Two(c.Point.Z.Raw, 0));
            }
        }
        e.ContactCount = ok ? (uint)n : 0;
        e.Contacts = Hash64.Fold(h.Final());
        return ok;
    }

    // Format 3: PairEvents right after the pair finding (seed (uint32)status).
    void Events(ref ReplayExpect e)
    {
        int nb, ne;
        bool ok = world.TryPairEvents(ref began, out nb, ref ended, out ne);
        uint seed = (uint)world.LastStatus;
        e.BeganCount = ok ? (uint)nb : 0;
        e.Began = Hash64.Fold(Hash64.OfPairs(seed, began, ok ? nb : 0));
        e.EndedCount = ok ? (uint)ne : 0;
        e.Ended = Hash64.Fold(Hash64.OfPairs(seed, ended, ok ? ne : 0));
        e.Extended = 1;
    }

    public ReplayExpect EndFrame()
    {
        ReplayExpect e = new ReplayExpect();
        int n;
        bool ok = v3 ? FindContacts(ref e, out n) : world.TryFindPairs(ref pairs, out n);
        Status st = world.LastStatus;
        if (v3)
            Events(ref e);
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
        if (e.Extended != 0)
        {
            h.Pair(e.BeganCount, e.Began);
            h.Pair(e.EndedCount, e.Ended);
            h.Pair(e.ContactCount, e.Contacts);
        }
        return h.Final();
    }

    public void Dispose() { world.Dispose(); }
}
