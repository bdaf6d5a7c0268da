// SPDX-License-Identifier: MIT
using System;

namespace Fixcol
{
    /// <summary>
    /// fc_world: bodies, pairs, queries, ray casts, checksum, snapshot.
    /// Two API styles over the same calls:
    ///   - throwing: CreateBody, Translate, ... throw FixcolException (with
    ///     its Status) on any error, ObjectDisposedException after Dispose,
    ///     ArgumentNullException for a null array;
    ///   - non-throwing: TryCreateBody, TryTranslate, ... return false and
    ///     set LastStatus (a disposed world reports Status.ErrNull, as the C
    ///     API does for a NULL world).
    /// A failed call changes nothing. Outputs (pairs, ids, hits) are copied
    /// into caller arrays passed by ref, grown only when too small, so a
    /// steady frame allocates nothing. One thread at a time per world.
    /// </summary>
    public sealed unsafe partial class World : IDisposable
    {
        WorldHandle handle;
        IntPtr w; // the live fc_world*, IntPtr.Zero once disposed

        /// <summary>The status of the last call on this world (Ok after a success).</summary>
        public Status LastStatus { get; private set; }

        public WorldDim Dim { get; private set; }

        /// <summary>The world tag (copied into every id this world hands out).</summary>
        public uint Tag { get; private set; }

        public World() : this(WorldDef.Default) { }

        /// <summary>fc_world_create; FixcolException on a bad def.</summary>
        public World(in WorldDef def)
        {
            Status st = Init(def);
            FixcolException.Check(st, "fc_world_create");
        }

        World(WorldDef def, out Status st) { st = Init(def); }

        Status Init(WorldDef def)
        {
            def.ClearHooks();
            if (def.PairCapacity > WorldDef.MaxPairCapacity)
            {
                LastStatus = Status.ErrArgument; // rejected before C tries to allocate it
                return Status.ErrArgument;
            }
            IntPtr p;
            Status st = Native.fc_world_create(ref def, out p);
            LastStatus = st;
            if (st != Status.Ok)
                return st;
            handle = new WorldHandle(p);
            w = p;
            Dim = def.Dim;
            Tag = def.Tag;
            return st;
        }

        /// <summary>Non-throwing create: false and status on a bad def (world = null).</summary>
        public static bool TryCreate(in WorldDef def, out World world, out Status status)
        {
            World x = new World(def, out status);
            world = status == Status.Ok ? x : null;
            return world != null;
        }

        public bool IsDisposed { get { return w == IntPtr.Zero; } }

        /// <summary>fc_world_destroy. Ids and arrays stay valid managed values; further calls throw / return false.</summary>
        public void Dispose()
        {
            w = IntPtr.Zero;
            if (handle != null)
                handle.Dispose();
        }

        IntPtr Live
        {
            get
            {
                if (w == IntPtr.Zero)
                    throw new ObjectDisposedException("Fixcol.World");
                return w;
            }
        }

        bool Ok(Status st)
        {
            LastStatus = st;
            return st == Status.Ok;
        }

        void Throw(Status st, string what)
        {
            LastStatus = st;
            if (st != Status.Ok)
                throw new FixcolException(st, what);
        }

        // ------------------------------------------------------------ bodies

        public int BodyCount { get { return Native.fc_world_body_count(Live); } }

        /// <summary>fc_world_body_valid: a live body of this world (false after Dispose).</summary>
        public bool IsValid(BodyId id) { return w != IntPtr.Zero && Native.fc_world_body_valid(w, id) != 0; }

        public BodyId CreateBody(in BodyDef def)
        {
            BodyDef d = def;
            BodyId id;
            Throw(Native.fc_world_create_body(Live, ref d, out id), "fc_world_create_body");
            return id;
        }

        public bool TryCreateBody(in BodyDef def, out BodyId id)
        {
            id = new BodyId();
            if (w == IntPtr.Zero)
                return Ok(Status.ErrNull);
            BodyDef d = def;
            return Ok(Native.fc_world_create_body(w, ref d, out id));
        }

        public void DestroyBody(BodyId id) { Throw(Native.fc_world_destroy_body(Live, id), "fc_world_destroy_body"); }
        public bool TryDestroyBody(BodyId id) { return Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_destroy_body(w, id)); }

        public void SetShape(BodyId id, in Shape2 shape) { Shape2 s = shape; Throw(Native.fc_world_set_shape2(Live, id, ref s), "fc_world_set_shape2"); }
        public void SetShape(BodyId id, in Shape3 shape) { Shape3 s = shape; Throw(Native.fc_world_set_shape3(Live, id, ref s), "fc_world_set_shape3"); }
        public bool TrySetShape(BodyId id, in Shape2 shape) { Shape2 s = shape; return Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_set_shape2(w, id, ref s)); }
        public bool TrySetShape(BodyId id, in Shape3 shape) { Shape3 s = shape; return Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_set_shape3(w, id, ref s)); }

        public void Translate(BodyId id, Vec2 delta) { Throw(Native.fc_world_translate2(Live, id, delta), "fc_world_translate2"); }
        public void Translate(BodyId id, Vec3 delta) { Throw(Native.fc_world_translate3(Live, id, delta), "fc_world_translate3"); }
        public bool TryTranslate(BodyId id, Vec2 delta) { return Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_translate2(w, id, delta)); }
        public bool TryTranslate(BodyId id, Vec3 delta) { return Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_translate3(w, id, delta)); }

        public void SetAngle(BodyId id, Angle angle) { Throw(Native.fc_world_set_angle2(Live, id, angle.Raw), "fc_world_set_angle2"); }
        public bool TrySetAngle(BodyId id, Angle angle) { return Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_set_angle2(w, id, angle.Raw)); }

        public void SetFilter(BodyId id, Filter filter) { Throw(Native.fc_world_set_filter(Live, id, filter), "fc_world_set_filter"); }
        public bool TrySetFilter(BodyId id, Filter filter) { return Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_set_filter(w, id, filter)); }

        public void SetUserData(BodyId id, ulong userData) { Throw(Native.fc_world_set_user_data(Live, id, userData), "fc_world_set_user_data"); }
        public bool TrySetUserData(BodyId id, ulong userData) { return Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_set_user_data(w, id, userData)); }

        public Shape2 GetShape2(BodyId id) { Shape2 s; Throw(Native.fc_world_get_shape2(Live, id, out s), "fc_world_get_shape2"); return s; }
        public Shape3 GetShape3(BodyId id) { Shape3 s; Throw(Native.fc_world_get_shape3(Live, id, out s), "fc_world_get_shape3"); return s; }
        public bool TryGetShape(BodyId id, out Shape2 s) { s = new Shape2(); return Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_get_shape2(w, id, out s)); }
        public bool TryGetShape(BodyId id, out Shape3 s) { s = new Shape3(); return Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_get_shape3(w, id, out s)); }

        public Filter GetFilter(BodyId id) { Filter f; Throw(Native.fc_world_get_filter(Live, id, out f), "fc_world_get_filter"); return f; }
        public bool TryGetFilter(BodyId id, out Filter f) { f = new Filter(); return Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_get_filter(w, id, out f)); }

        public ulong GetUserData(BodyId id) { ulong u; Throw(Native.fc_world_get_user_data(Live, id, out u), "fc_world_get_user_data"); return u; }
        public bool TryGetUserData(BodyId id, out ulong u) { u = 0; return Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_get_user_data(w, id, out u)); }

        /// <summary>fc_world_get_bounds: integer box in raw Q16.16, rounded outward (Z = 0 in 2D).</summary>
        public void GetBounds(BodyId id, out Vec3 min, out Vec3 max) { Throw(Native.fc_world_get_bounds(Live, id, out min, out max), "fc_world_get_bounds"); }
        public bool TryGetBounds(BodyId id, out Vec3 min, out Vec3 max)
        {
            min = max = new Vec3();
            return Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_get_bounds(w, id, out min, out max));
        }

        // ------------------------------------------------------------ outputs

        static void Grow<T>(ref T[] a, int n)
        {
            if (a == null || a.Length < n)
                a = new T[Math.Max(n, a == null || a.Length == 0 ? 16 : a.Length * 2)];
        }

        static int CopyPairs(IntPtr src, int n, ref Pair[] dst)
        {
            Grow(ref dst, n);
            fixed (Pair* d = dst)
                Buffer.MemoryCopy((void*)src, d, (long)dst.Length * sizeof(Pair), (long)n * sizeof(Pair));
            return n;
        }

        static int CopyIds(IntPtr src, int n, ref BodyId[] dst)
        {
            Grow(ref dst, n);
            fixed (BodyId* d = dst)
                Buffer.MemoryCopy((void*)src, d, (long)dst.Length * sizeof(BodyId), (long)n * sizeof(BodyId));
            return n;
        }

        static int CopyHits(IntPtr src, int n, ref RayHit[] dst)
        {
            Grow(ref dst, n);
            fixed (RayHit* d = dst)
                Buffer.MemoryCopy((void*)src, d, (long)dst.Length * sizeof(RayHit), (long)n * sizeof(RayHit));
            return n;
        }

        /// <summary>
        /// fc_world_find_pairs: every overlapping pair passing the filters,
        /// sorted by (A.Index, B.Index), copied into pairs[0..count). pairs is
        /// grown (or created when null) only when too small.
        /// </summary>
        public int FindPairs(ref Pair[] pairs)
        {
            IntPtr p = IntPtr.Zero; int n = 0;
            Throw(Native.fc_world_find_pairs(Live, out p, out n), "fc_world_find_pairs");
            return CopyPairs(p, n, ref pairs);
        }

        public bool TryFindPairs(ref Pair[] pairs, out int count)
        {
            IntPtr p = IntPtr.Zero; int n = 0;
            count = 0;
            if (!Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_find_pairs(w, out p, out n)))
                return false;
            count = CopyPairs(p, n, ref pairs);
            return true;
        }

        /// <summary>fc_world_overlap2: ids of the bodies overlapping shape, sorted by index.</summary>
        public int Overlap(in Shape2 shape, Filter filter, ref BodyId[] ids)
        {
            Shape2 s = shape; IntPtr p = IntPtr.Zero; int n = 0;
            Throw(Native.fc_world_overlap2(Live, ref s, filter, out p, out n), "fc_world_overlap2");
            return CopyIds(p, n, ref ids);
        }

        public int Overlap(in Shape3 shape, Filter filter, ref BodyId[] ids)
        {
            Shape3 s = shape; IntPtr p = IntPtr.Zero; int n = 0;
            Throw(Native.fc_world_overlap3(Live, ref s, filter, out p, out n), "fc_world_overlap3");
            return CopyIds(p, n, ref ids);
        }

        public bool TryOverlap(in Shape2 shape, Filter filter, ref BodyId[] ids, out int count)
        {
            Shape2 s = shape; IntPtr p = IntPtr.Zero; int n = 0;
            count = 0;
            if (!Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_overlap2(w, ref s, filter, out p, out n)))
                return false;
            count = CopyIds(p, n, ref ids);
            return true;
        }

        public bool TryOverlap(in Shape3 shape, Filter filter, ref BodyId[] ids, out int count)
        {
            Shape3 s = shape; IntPtr p = IntPtr.Zero; int n = 0;
            count = 0;
            if (!Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_overlap3(w, ref s, filter, out p, out n)))
                return false;
            count = CopyIds(p, n, ref ids);
            return true;
        }

        /// <summary>fc_world_point2/3: ids of the bodies containing p, sorted by index.</summary>
        public int QueryPoint(Vec2 p, Filter filter, ref BodyId[] ids)
        {
            IntPtr r = IntPtr.Zero; int n = 0;
            Throw(Native.fc_world_point2(Live, p, filter, out r, out n), "fc_world_point2");
            return CopyIds(r, n, ref ids);
        }

        public int QueryPoint(Vec3 p, Filter filter, ref BodyId[] ids)
        {
            IntPtr r = IntPtr.Zero; int n = 0;
            Throw(Native.fc_world_point3(Live, p, filter, out r, out n), "fc_world_point3");
            return CopyIds(r, n, ref ids);
        }

        public bool TryQueryPoint(Vec2 p, Filter filter, ref BodyId[] ids, out int count)
        {
            IntPtr r = IntPtr.Zero; int n = 0;
            count = 0;
            if (!Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_point2(w, p, filter, out r, out n)))
                return false;
            count = CopyIds(r, n, ref ids);
            return true;
        }

        public bool TryQueryPoint(Vec3 p, Filter filter, ref BodyId[] ids, out int count)
        {
            IntPtr r = IntPtr.Zero; int n = 0;
            count = 0;
            if (!Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_point3(w, p, filter, out r, out n)))
                return false;
            count = CopyIds(r, n, ref ids);
            return true;
        }

        /// <summary>fc_world_raycast2: true and the closest hit, or false (no hit).</summary>
        public bool Raycast(in Ray2 ray, Filter filter, out RayHit hit)
        {
            Ray2 r = ray; int got;
            Throw(Native.fc_world_raycast2(Live, ref r, filter, out hit, out got), "fc_world_raycast2");
            return got != 0;
        }

        public bool Raycast(in Ray3 ray, Filter filter, out RayHit hit)
        {
            Ray3 r = ray; int got;
            Throw(Native.fc_world_raycast3(Live, ref r, filter, out hit, out got), "fc_world_raycast3");
            return got != 0;
        }

        /// <summary>Non-throwing closest hit: false on error (LastStatus); else true with hasHit and hit.</summary>
        public bool TryRaycast(in Ray2 ray, Filter filter, out bool hasHit, out RayHit hit)
        {
            Ray2 r = ray; int got = 0;
            hit = new RayHit();
            bool ok = Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_raycast2(w, ref r, filter, out hit, out got));
            hasHit = ok && got != 0;
            if (!hasHit)
                hit = new RayHit();
            return ok;
        }

        public bool TryRaycast(in Ray3 ray, Filter filter, out bool hasHit, out RayHit hit)
        {
            Ray3 r = ray; int got = 0;
            hit = new RayHit();
            bool ok = Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_raycast3(w, ref r, filter, out hit, out got));
            hasHit = ok && got != 0;
            if (!hasHit)
                hit = new RayHit();
            return ok;
        }

        /// <summary>fc_world_raycast2_all: every hit ordered by (exact t, index).</summary>
        public int RaycastAll(in Ray2 ray, Filter filter, ref RayHit[] hits)
        {
            Ray2 r = ray; IntPtr p = IntPtr.Zero; int n = 0;
            Throw(Native.fc_world_raycast2_all(Live, ref r, filter, out p, out n), "fc_world_raycast2_all");
            return CopyHits(p, n, ref hits);
        }

        public int RaycastAll(in Ray3 ray, Filter filter, ref RayHit[] hits)
        {
            Ray3 r = ray; IntPtr p = IntPtr.Zero; int n = 0;
            Throw(Native.fc_world_raycast3_all(Live, ref r, filter, out p, out n), "fc_world_raycast3_all");
            return CopyHits(p, n, ref hits);
        }

        public bool TryRaycastAll(in Ray2 ray, Filter filter, ref RayHit[] hits, out int count)
        {
            Ray2 r = ray; IntPtr p = IntPtr.Zero; int n = 0;
            count = 0;
            if (!Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_raycast2_all(w, ref r, filter, out p, out n)))
                return false;
            count = CopyHits(p, n, ref hits);
            return true;
        }

        public bool TryRaycastAll(in Ray3 ray, Filter filter, ref RayHit[] hits, out int count)
        {
            Ray3 r = ray; IntPtr p = IntPtr.Zero; int n = 0;
            count = 0;
            if (!Ok(w == IntPtr.Zero ? Status.ErrNull : Native.fc_world_raycast3_all(w, ref r, filter, out p, out n)))
                return false;
            count = CopyHits(p, n, ref hits);
            return true;
        }

        // ------------------------------------------------------------ checksum, snapshot

        /// <summary>fc_world_checksum: the 64-bit state checksum clients compare every frame.</summary>
        public ulong Checksum() { return Native.fc_world_checksum(Live); }

        /// <summary>
        /// fc_world_snapshot into buffer (grown when too small, created when
        /// null); returns the blob length. The same world gives the same bytes
        /// on every target.
        /// </summary>
        public int Snapshot(ref byte[] buffer)
        {
            if (Live == IntPtr.Zero)
                return 0;
            int n;
            if (!TrySnapshot(ref buffer, out n))
                throw new FixcolException(LastStatus, "fc_world_snapshot");
            return n;
        }

        /// <summary>A new array holding the snapshot (allocates; use the ref overload in a frame loop).</summary>
        public byte[] Snapshot()
        {
            byte[] b = null;
            int n = Snapshot(ref b);
            if (b.Length != n)
                Array.Resize(ref b, n);
            return b;
        }

        public bool TrySnapshot(ref byte[] buffer, out int length)
        {
            length = 0;
            if (w == IntPtr.Zero)
                return Ok(Status.ErrNull);
            UIntPtr need;
            Status st = Native.fc_world_snapshot(w, null, UIntPtr.Zero, out need);
            if (st != Status.Ok)
                return Ok(st);
            if ((ulong)need > int.MaxValue)
                return Ok(Status.ErrCapacity);
            if (buffer == null || buffer.Length < (int)need)
                buffer = new byte[(int)need];
            st = Native.fc_world_snapshot(w, buffer, (UIntPtr)(uint)buffer.Length, out need);
            if (st == Status.Ok)
                length = (int)need;
            return Ok(st);
        }

        /// <summary>fc_world_restore from blob[0..length): ErrFormat / ErrVersion / ErrChecksum leave the world unchanged.</summary>
        public void Restore(byte[] blob, int length)
        {
            if (blob == null)
                throw new ArgumentNullException("blob");
            if (length < 0 || length > blob.Length)
                throw new ArgumentOutOfRangeException("length");
            Throw(Native.fc_world_restore(Live, blob, (UIntPtr)(uint)length), "fc_world_restore");
        }

        public void Restore(byte[] blob)
        {
            if (blob == null)
                throw new ArgumentNullException("blob");
            Restore(blob, blob.Length);
        }

        public bool TryRestore(byte[] blob, int length)
        {
            if (w == IntPtr.Zero || blob == null)
                return Ok(Status.ErrNull);
            if (length < 0 || length > blob.Length)
                return Ok(Status.ErrArgument);
            return Ok(Native.fc_world_restore(w, blob, (UIntPtr)(uint)length));
        }

        /// <summary>fc_world_validate: full consistency check (tests).</summary>
        public Status Validate() { return Native.fc_world_validate(Live); }

        public BroadphaseStats BroadphaseStats() { return Native.fc_world_broadphase_stats(Live); }
    }
}
