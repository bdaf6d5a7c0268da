// SPDX-License-Identifier: MIT
using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

// The raw layer is internal (issue 26): a program reaches the C library only
// through World, Shapes, Fix16, ... which check every argument. The binding's
// own tests that compare against the raw functions see it.
[assembly: InternalsVisibleTo("ApiTest")]
[assembly: InternalsVisibleTo("LayoutTest")]

namespace Fixcol
{
    /// <summary>
    /// The P/Invoke declarations: one per C function, same name, blittable
    /// arguments only (no marshalling copies, no delegates: nothing calls back
    /// into managed code). World pointers are IntPtr; World owns and checks them.
    /// Internal: a raw call with a null or dangling pointer would crash the
    /// process, so no program can make one. (FIXCOL_TEST_PUBLIC_NATIVE: the
    /// test-only build that ReentrancyTest's should-fail twin inspects.)
    /// </summary>
#if FIXCOL_TEST_PUBLIC_NATIVE
    public static class Native
#else
    internal static class Native
#endif
    {
#if (UNITY_IOS || UNITY_WEBGL) && !UNITY_EDITOR
        public const string Lib = "__Internal";
#else
        public const string Lib = "fixcol";
#endif
        const CallingConvention CC = CallingConvention.Cdecl;

        // status.h
        [DllImport(Lib, CallingConvention = CC)] public static extern IntPtr fc_status_str(Status s);

        // trig.h
        [DllImport(Lib, CallingConvention = CC)] public static extern int fc_sin(ushort a);
        [DllImport(Lib, CallingConvention = CC)] public static extern int fc_cos(ushort a);
        [DllImport(Lib, CallingConvention = CC)] public static extern SinCos fc_sincos_of(ushort a);
        [DllImport(Lib, CallingConvention = CC)] public static extern ushort fc_angle_from_deg(int deg);
        [DllImport(Lib, CallingConvention = CC)] public static extern int fc_angle_to_deg(ushort a);
        [DllImport(Lib, CallingConvention = CC)] public static extern ushort fc_angle_from_rad(int rad);

        // shapes.h
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_shape2_validate(ref Shape2 s);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_shape3_validate(ref Shape3 s);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_capsule3_make(Vec3 a, Vec3 b, Fix16 radius, out Capsule3 c);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_obb3_from_euler(Vec3 center, Vec3 half, ushort yaw, ushort pitch, ushort roll, out Obb3 o);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_obb3_from_axes(Vec3 center, Vec3 half, Vec3 x, Vec3 y, Vec3 z, out Obb3 o);

        // collide2d.h / collide3d.h (dispatching entry points; inputs must be valid)
        [DllImport(Lib, CallingConvention = CC)] public static extern int fc_overlap2(ref Shape2 a, ref Shape2 b);
        [DllImport(Lib, CallingConvention = CC)] public static extern int fc_contact2(ref Shape2 a, ref Shape2 b, out Contact2 c);
        [DllImport(Lib, CallingConvention = CC)] public static extern int fc_overlap3(ref Shape3 a, ref Shape3 b);
        [DllImport(Lib, CallingConvention = CC)] public static extern int fc_contact3(ref Shape3 a, ref Shape3 b, out Contact3 c);

        // pushout.h (validates its inputs; delta untouched on an error)
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_pushout2(ref Shape2 a, ref Shape2 b, ref Vec2 delta);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_pushout3(ref Shape3 a, ref Shape3 b, ref Vec3 delta);

        // cast.h (validates its inputs; hit and flag untouched on a miss or an error)
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_cast2(ref Shape2 moving, Vec2 delta, ref Shape2 target, ref CastHit2 hit, ref int got);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_cast3(ref Shape3 moving, Vec3 delta, ref Shape3 target, ref CastHit3 hit, ref int got);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_cast2(IntPtr w, ref Shape2 moving, Vec2 delta, Filter f, ref CastHit2 hit, ref int got);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_cast3(IntPtr w, ref Shape3 moving, Vec3 delta, Filter f, ref CastHit3 hit, ref int got);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_cast2_ex(ref Shape2 moving, Vec2 delta, ref Shape2 target, ref CastResult2 r, ref int got);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_cast3_ex(ref Shape3 moving, Vec3 delta, ref Shape3 target, ref CastResult3 r, ref int got);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_cast2_ex(IntPtr w, ref Shape2 moving, Vec2 delta, ref CastQuery q, ref CastResult2 r, ref int got);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_cast3_ex(IntPtr w, ref Shape3 moving, Vec3 delta, ref CastQuery q, ref CastResult3 r, ref int got);
        [DllImport(Lib, CallingConvention = CC)] public static extern MoverDef fc_mover_def_default();
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_move2(IntPtr w, BodyId id, Vec2 desired, ref MoverDef def, IntPtr result);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_move3(IntPtr w, BodyId id, Vec3 desired, ref MoverDef def, IntPtr result);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_move_shape2(IntPtr w, ref Shape2 shape, Vec2 desired, ref MoverDef def, IntPtr result);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_move_shape3(IntPtr w, ref Shape3 shape, Vec3 desired, ref MoverDef def, IntPtr result);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_cast2_all(IntPtr w, ref Shape2 moving, Vec2 delta, Filter f, out IntPtr hits, out int count);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_cast3_all(IntPtr w, ref Shape3 moving, Vec3 delta, Filter f, out IntPtr hits, out int count);

        // world.h
        [DllImport(Lib, CallingConvention = CC)] public static extern WorldDef fc_world_def_default();
        [DllImport(Lib, CallingConvention = CC)] public static extern BodyDef fc_body_def_default();
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_create(ref WorldDef def, out IntPtr w);
        [DllImport(Lib, CallingConvention = CC)] public static extern void fc_world_destroy(IntPtr w);
        [DllImport(Lib, CallingConvention = CC)] public static extern WorldDim fc_world_get_dim(IntPtr w);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_create_body(IntPtr w, ref BodyDef def, out BodyId id);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_destroy_body(IntPtr w, BodyId id);
        [DllImport(Lib, CallingConvention = CC)] public static extern int fc_world_body_valid(IntPtr w, BodyId id);
        [DllImport(Lib, CallingConvention = CC)] public static extern int fc_world_body_count(IntPtr w);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_set_shape2(IntPtr w, BodyId id, ref Shape2 s);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_set_shape3(IntPtr w, BodyId id, ref Shape3 s);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_translate2(IntPtr w, BodyId id, Vec2 delta);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_translate3(IntPtr w, BodyId id, Vec3 delta);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_set_angle2(IntPtr w, BodyId id, ushort angle);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_set_filter(IntPtr w, BodyId id, Filter f);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_set_user_data(IntPtr w, BodyId id, ulong u);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_get_shape2(IntPtr w, BodyId id, out Shape2 s);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_get_shape3(IntPtr w, BodyId id, out Shape3 s);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_get_filter(IntPtr w, BodyId id, out Filter f);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_get_user_data(IntPtr w, BodyId id, out ulong u);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_get_bounds(IntPtr w, BodyId id, out Vec3 min, out Vec3 max);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_find_pairs(IntPtr w, out IntPtr pairs, out int count);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_pair_events(IntPtr w, out IntPtr began, out int nbegan, out IntPtr ended, out int nended);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_find_contacts2(IntPtr w, out IntPtr pairs, out IntPtr contacts, out int count);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_find_contacts3(IntPtr w, out IntPtr pairs, out IntPtr contacts, out int count);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_pair_events(Pair[] prev, int nprev, Pair[] cur, int ncur, [Out] Pair[] began, int beganCap, out int nbegan, [Out] Pair[] ended, int endedCap, out int nended);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_overlap2(IntPtr w, ref Shape2 s, Filter f, out IntPtr ids, out int count);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_overlap3(IntPtr w, ref Shape3 s, Filter f, out IntPtr ids, out int count);
        // skill areas (fixcol/area2.h)
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_sector2_validate(ref Sector2 s);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_ring2_validate(ref Ring2 r);
        [DllImport(Lib, CallingConvention = CC)] public static extern int fc_sector2_contains(ref Sector2 s, Vec2 p);
        [DllImport(Lib, CallingConvention = CC)] public static extern int fc_ring2_contains(ref Ring2 r, Vec2 p);
        [DllImport(Lib, CallingConvention = CC)] public static extern int fc_overlap_sector2(ref Sector2 s, ref Shape2 b);
        [DllImport(Lib, CallingConvention = CC)] public static extern int fc_overlap_ring2(ref Ring2 r, ref Shape2 b);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_overlap_sector2(IntPtr w, ref Sector2 s, Filter f, out IntPtr ids, out int count);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_overlap_ring2(IntPtr w, ref Ring2 r, Filter f, out IntPtr ids, out int count);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_point2(IntPtr w, Vec2 p, Filter f, out IntPtr ids, out int count);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_point3(IntPtr w, Vec3 p, Filter f, out IntPtr ids, out int count);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_raycast2(IntPtr w, ref Ray2 r, Filter f, out RayHit hit, out int got);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_raycast3(IntPtr w, ref Ray3 r, Filter f, out RayHit hit, out int got);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_raycast2_all(IntPtr w, ref Ray2 r, Filter f, out IntPtr hits, out int count);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_raycast3_all(IntPtr w, ref Ray3 r, Filter f, out IntPtr hits, out int count);
        [DllImport(Lib, CallingConvention = CC)] public static extern ulong fc_world_checksum(IntPtr w);

        // frame.h
        [DllImport(Lib, CallingConvention = CC)] public static extern unsafe Status fc_frame_run(IntPtr w, int* cmd, int cmdWords, int* result, int outCap, out int outWords, out int badWord);
        [DllImport(Lib, CallingConvention = CC)] public static extern ulong fc_hash_pairs(ulong seed, Pair[] pairs, int count);
        [DllImport(Lib, CallingConvention = CC)] public static extern ulong fc_hash_ids(ulong seed, BodyId[] ids, int count);
        [DllImport(Lib, CallingConvention = CC)] public static extern ulong fc_hash_ray_hits(ulong seed, RayHit[] hits, int count);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_snapshot(IntPtr w, byte[] buf, UIntPtr cap, out UIntPtr size);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_restore(IntPtr w, byte[] buf, UIntPtr size);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_validate(IntPtr w);

        // history.h
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_history_begin(IntPtr w, int frames, int bytes);
        [DllImport(Lib, CallingConvention = CC)] public static extern void fc_world_history_end(IntPtr w);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_history_save(IntPtr w);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_history_rollback(IntPtr w, int k);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_history_stats(IntPtr w, out HistoryStats stats);
        [DllImport(Lib, CallingConvention = CC)] public static extern BroadphaseStats fc_world_broadphase_stats(IntPtr w);

        // desync.h
        [DllImport(Lib, CallingConvention = CC)] public static extern uint fc_world_slot_count(IntPtr w);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_range_checksum(IntPtr w, uint lo, uint hi, out ulong sum);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_body_hash(IntPtr w, BodyId id, out ulong hash);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_desync_answer(IntPtr w, ulong question, out ulong answer);
        [DllImport(Lib, CallingConvention = CC)] public static extern void fc_desync_init(ref DesyncState d);
        [DllImport(Lib, CallingConvention = CC)] public static extern DesyncStep fc_desync_next(ref DesyncState d, out ulong value);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_desync_feed(ref DesyncState d, ulong mine, ulong theirs);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_desync_set_budget(ref DesyncState d, uint maxFound, uint maxRounds);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_dump(IntPtr w, byte[] buf, UIntPtr cap, out UIntPtr size);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_world_dump_slot(IntPtr w, uint index, byte[] buf, UIntPtr cap, out UIntPtr size);

        // wire.h
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_wire_checksum(uint frame, ulong checksum, byte[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_wire_decode(IntPtr msg, UIntPtr len, out WireMsgNative m);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_wire_leader(ref WireState s, uint session, uint frame, uint maxFound, uint maxRounds, uint maxMessages);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_wire_follower(ref WireState s, uint maxMessages);
        [DllImport(Lib, CallingConvention = CC)] public static extern WireRx fc_wire_receive(ref WireState s, byte[] msg, UIntPtr len);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_wire_produce(ref WireState s, IntPtr w, byte[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib, CallingConvention = CC)] public static extern void fc_wire_abort(ref WireState s);

        // replay.h (the reader, the text decimals and the C runner used as the bench baseline)
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_replay_open(ref ReplayReaderState r, IntPtr data, UIntPtr size);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_replay_next_frame(ref ReplayReaderState r, out int more, out uint opCount);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_replay_next_op(ref ReplayReaderState r, out ReplayOp op);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_replay_read_expect(ref ReplayReaderState r, out ReplayExpect e);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_replay_read_query_expect(ref ReplayReaderState r, out QueryExpect q);
        [DllImport(Lib, CallingConvention = CC)] public static extern IntPtr fc_replay_fix_format(int v, byte[] buf);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_replay_fix_parse(byte[] s, UIntPtr len, out int v);
        [DllImport(Lib, CallingConvention = CC)] public static extern void fc_replay_error_format(ref ReplayError e, byte[] buf, UIntPtr size);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_replay_runner_init(IntPtr rn, ref ReplaySettings s);
        [DllImport(Lib, CallingConvention = CC)] public static extern void fc_replay_runner_free(IntPtr rn);
        [DllImport(Lib, CallingConvention = CC)] public static extern void fc_replay_runner_begin_frame(IntPtr rn);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_replay_runner_apply(IntPtr rn, ref ReplayOp op, IntPtr created);
        [DllImport(Lib, CallingConvention = CC)] public static extern Status fc_replay_runner_end_frame(IntPtr rn, out ReplayExpect got);
    }
}
