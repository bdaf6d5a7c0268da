/* SPDX-License-Identifier: MIT */
/* Prints the C layout of every struct the C# binding mirrors, named as the
 * C# side names it: "Type size N" and "Type.Field offset N" lines. The C#
 * test LayoutTest.cs compares them with Marshal.SizeOf / Marshal.OffsetOf
 * in both directions (every C line has a C# twin and every field of every
 * mirrored C# struct is listed here). */
#include <fixcol/fixcol.h>
#include <fixcol/replay.h>

#include <stddef.h>
#include <stdio.h>

#define SIZE(cs, c) printf("%s size %u\n", cs, (unsigned)sizeof(c))
#define OFF(cs, c, cfield, csfield) printf("%s.%s offset %u\n", cs, csfield, (unsigned)offsetof(c, cfield))

int main(void)
{
    SIZE("Fix16", fix16_t);
    OFF("Fix16", struct { fix16_t raw; }, raw, "Raw");
    SIZE("Angle", fc_angle);
    OFF("Angle", struct { fc_angle raw; }, raw, "Raw");
    SIZE("Status", fc_status);
    SIZE("ShapeType2", fc_shape2_type);
    SIZE("ShapeType3", fc_shape3_type);
    SIZE("WorldDim", fc_world_dim);
    SIZE("QtLayout", fc_qt_layout);
    SIZE("ReplayOpKind", fc_replay_op_kind);

    SIZE("Vec2", fc_vec2); OFF("Vec2", fc_vec2, x, "X"); OFF("Vec2", fc_vec2, y, "Y");
    SIZE("Vec3", fc_vec3); OFF("Vec3", fc_vec3, x, "X"); OFF("Vec3", fc_vec3, y, "Y"); OFF("Vec3", fc_vec3, z, "Z");
    SIZE("SinCos", fc_sincos); OFF("SinCos", fc_sincos, s, "S"); OFF("SinCos", fc_sincos, c, "C");
    SIZE("BodyId", fc_body_id);
    OFF("BodyId", fc_body_id, index, "Index"); OFF("BodyId", fc_body_id, generation, "Generation");
    OFF("BodyId", fc_body_id, world, "World");
    SIZE("Filter", fc_filter); OFF("Filter", fc_filter, category, "Category"); OFF("Filter", fc_filter, mask, "Mask");
    SIZE("Pair", fc_pair); OFF("Pair", fc_pair, a, "A"); OFF("Pair", fc_pair, b, "B");
    SIZE("RayHit", fc_ray_hit); OFF("RayHit", fc_ray_hit, id, "Id"); OFF("RayHit", fc_ray_hit, t, "T");
    SIZE("CastHit2", fc_cast2_hit); OFF("CastHit2", fc_cast2_hit, id, "Id"); OFF("CastHit2", fc_cast2_hit, t, "T");
    OFF("CastHit2", fc_cast2_hit, normal, "Normal");
    SIZE("CastHit3", fc_cast3_hit); OFF("CastHit3", fc_cast3_hit, id, "Id"); OFF("CastHit3", fc_cast3_hit, t, "T");
    OFF("CastHit3", fc_cast3_hit, normal, "Normal");
    SIZE("CastResult2", fc_cast2_result); OFF("CastResult2", fc_cast2_result, hit, "Hit");
    OFF("CastResult2", fc_cast2_result, started_overlap, "StartedOverlap"); OFF("CastResult2", fc_cast2_result, safe, "Safe");
    SIZE("CastResult3", fc_cast3_result); OFF("CastResult3", fc_cast3_result, hit, "Hit");
    OFF("CastResult3", fc_cast3_result, started_overlap, "StartedOverlap"); OFF("CastResult3", fc_cast3_result, safe, "Safe");
    SIZE("CastQuery", fc_cast_query); OFF("CastQuery", fc_cast_query, filter, "Filter");
    OFF("CastQuery", fc_cast_query, exclude, "Exclude"); OFF("CastQuery", fc_cast_query, exclude_count, "ExcludeCount");
    SIZE("MoverDef", fc_mover_def); OFF("MoverDef", fc_mover_def, query, "query");
    OFF("MoverDef", fc_mover_def, skin, "Skin"); OFF("MoverDef", fc_mover_def, max_iterations, "MaxIterations");
    OFF("MoverDef", fc_mover_def, step_height, "StepHeight"); OFF("MoverDef", fc_mover_def, snap_distance, "SnapDistance");
    OFF("MoverDef", fc_mover_def, up_axis, "UpAxis"); OFF("MoverDef", fc_mover_def, up_sign, "UpSign");
    OFF("MoverDef", fc_mover_def, slope_run, "SlopeRun"); OFF("MoverDef", fc_mover_def, slope_rise, "SlopeRise");
    SIZE("MoverTouch", fc_mover_touch); OFF("MoverTouch", fc_mover_touch, id, "Id"); OFF("MoverTouch", fc_mover_touch, t, "T");
    OFF("MoverTouch", fc_mover_touch, normal, "Normal"); OFF("MoverTouch", fc_mover_touch, iteration, "Iteration");
    OFF("MoverTouch", fc_mover_touch, kind, "Kind");
    SIZE("MoverResult2", fc_mover2_result); OFF("MoverResult2", fc_mover2_result, moved, "Moved");
    OFF("MoverResult2", fc_mover2_result, flags, "Flags"); OFF("MoverResult2", fc_mover2_result, iterations, "Iterations");
    OFF("MoverResult2", fc_mover2_result, touch_count, "TouchCount"); OFF("MoverResult2", fc_mover2_result, path_count, "PathCount");
    OFF("MoverResult2", fc_mover2_result, pushouts, "Pushouts"); OFF("MoverResult2", fc_mover2_result, touches, "touches");
    OFF("MoverResult2", fc_mover2_result, path, "path");
    SIZE("MoverResult3", fc_mover3_result); OFF("MoverResult3", fc_mover3_result, moved, "Moved");
    OFF("MoverResult3", fc_mover3_result, flags, "Flags"); OFF("MoverResult3", fc_mover3_result, iterations, "Iterations");
    OFF("MoverResult3", fc_mover3_result, touch_count, "TouchCount"); OFF("MoverResult3", fc_mover3_result, path_count, "PathCount");
    OFF("MoverResult3", fc_mover3_result, pushouts, "Pushouts"); OFF("MoverResult3", fc_mover3_result, touches, "touches");
    OFF("MoverResult3", fc_mover3_result, path, "path");
    SIZE("Ray2", fc_ray2); OFF("Ray2", fc_ray2, origin, "Origin"); OFF("Ray2", fc_ray2, delta, "Delta");
    SIZE("Ray3", fc_ray3); OFF("Ray3", fc_ray3, origin, "Origin"); OFF("Ray3", fc_ray3, delta, "Delta");

    SIZE("Circle", fc_circle); OFF("Circle", fc_circle, center, "Center"); OFF("Circle", fc_circle, radius, "Radius");
    SIZE("Aabb2", fc_aabb2); OFF("Aabb2", fc_aabb2, min, "Min"); OFF("Aabb2", fc_aabb2, max, "Max");
    SIZE("Obb2", fc_obb2); OFF("Obb2", fc_obb2, center, "Center"); OFF("Obb2", fc_obb2, half, "Half");
    OFF("Obb2", fc_obb2, angle, "Angle"); OFF("Obb2", fc_obb2, rot, "Rot");
    SIZE("Capsule2", fc_capsule2); OFF("Capsule2", fc_capsule2, a, "A"); OFF("Capsule2", fc_capsule2, b, "B");
    OFF("Capsule2", fc_capsule2, radius, "Radius");
    SIZE("Poly2", fc_poly2); OFF("Poly2", fc_poly2, count, "Count"); OFF("Poly2", fc_poly2, v, "v");
    SIZE("Shape2", fc_shape2); OFF("Shape2", fc_shape2, type, "Type");
    OFF("Shape2", fc_shape2, u.circle, "Circle"); OFF("Shape2", fc_shape2, u.aabb, "Aabb");
    OFF("Shape2", fc_shape2, u.obb, "Obb"); OFF("Shape2", fc_shape2, u.capsule, "Capsule");
    OFF("Shape2", fc_shape2, u.poly, "Poly");
    SIZE("Sector2", fc_sector2); OFF("Sector2", fc_sector2, center, "Center"); OFF("Sector2", fc_sector2, radius, "Radius");
    OFF("Sector2", fc_sector2, direction, "Direction"); OFF("Sector2", fc_sector2, half_angle, "HalfAngle");
    SIZE("Ring2", fc_ring2); OFF("Ring2", fc_ring2, center, "Center"); OFF("Ring2", fc_ring2, inner, "Inner");
    OFF("Ring2", fc_ring2, outer, "Outer");
    SIZE("Sphere", fc_sphere); OFF("Sphere", fc_sphere, center, "Center"); OFF("Sphere", fc_sphere, radius, "Radius");
    SIZE("Aabb3", fc_aabb3); OFF("Aabb3", fc_aabb3, min, "Min"); OFF("Aabb3", fc_aabb3, max, "Max");
    SIZE("Obb3", fc_obb3); OFF("Obb3", fc_obb3, center, "Center"); OFF("Obb3", fc_obb3, half, "Half");
    OFF("Obb3", fc_obb3, axis[0], "AxisX"); OFF("Obb3", fc_obb3, axis[1], "AxisY"); OFF("Obb3", fc_obb3, axis[2], "AxisZ");
    SIZE("Capsule3", fc_capsule3); OFF("Capsule3", fc_capsule3, a, "A"); OFF("Capsule3", fc_capsule3, b, "B");
    OFF("Capsule3", fc_capsule3, radius, "Radius");
    SIZE("Shape3", fc_shape3); OFF("Shape3", fc_shape3, type, "Type");
    OFF("Shape3", fc_shape3, u.sphere, "Sphere"); OFF("Shape3", fc_shape3, u.aabb, "Aabb"); OFF("Shape3", fc_shape3, u.obb, "Obb");
    OFF("Shape3", fc_shape3, u.capsule, "Capsule");
    SIZE("Contact2", fc_contact2_result); OFF("Contact2", fc_contact2_result, normal, "Normal");
    OFF("Contact2", fc_contact2_result, depth, "Depth"); OFF("Contact2", fc_contact2_result, point, "Point");
    SIZE("Contact3", fc_contact3_result); OFF("Contact3", fc_contact3_result, normal, "Normal");
    OFF("Contact3", fc_contact3_result, depth, "Depth"); OFF("Contact3", fc_contact3_result, point, "Point");

    SIZE("WorldDef", fc_world_def); OFF("WorldDef", fc_world_def, dim, "Dim");
    OFF("WorldDef", fc_world_def, bounds_min, "BoundsMin"); OFF("WorldDef", fc_world_def, bounds_log2, "BoundsLog2");
    OFF("WorldDef", fc_world_def, max_depth, "MaxDepth"); OFF("WorldDef", fc_world_def, layout, "Layout");
    OFF("WorldDef", fc_world_def, body_capacity, "BodyCapacity");
    OFF("WorldDef", fc_world_def, pair_capacity, "PairCapacity"); OFF("WorldDef", fc_world_def, tag, "Tag");
    OFF("WorldDef", fc_world_def, alloc.alloc, "allocFn"); OFF("WorldDef", fc_world_def, alloc.free, "freeFn");
    OFF("WorldDef", fc_world_def, alloc.ctx, "allocCtx");
    SIZE("BodyDef", fc_body_def); OFF("BodyDef", fc_body_def, shape2, "Shape2"); OFF("BodyDef", fc_body_def, shape3, "Shape3");
    OFF("BodyDef", fc_body_def, filter, "Filter"); OFF("BodyDef", fc_body_def, user_data, "UserData");
    SIZE("BroadphaseStats", fc_qt_stats); OFF("BroadphaseStats", fc_qt_stats, nodes, "Nodes");
    OFF("BroadphaseStats", fc_qt_stats, max_node_items, "MaxNodeItems");
    OFF("BroadphaseStats", fc_qt_stats, root_items, "RootItems"); OFF("BroadphaseStats", fc_qt_stats, deepest, "Deepest");
    SIZE("HistoryStats", fc_history_stats); OFF("HistoryStats", fc_history_stats, frames, "Frames");
    OFF("HistoryStats", fc_history_stats, depth, "Depth"); OFF("HistoryStats", fc_history_stats, bytes, "Bytes");
    OFF("HistoryStats", fc_history_stats, used, "Used"); OFF("HistoryStats", fc_history_stats, last_save, "LastSave");
    OFF("HistoryStats", fc_history_stats, open, "Open"); OFF("HistoryStats", fc_history_stats, overflowed, "Overflowed");

    SIZE("ReplayOp", fc_replay_op); OFF("ReplayOp", fc_replay_op, kind, "Kind"); OFF("ReplayOp", fc_replay_op, id, "Id");
    OFF("ReplayOp", fc_replay_op, filter, "Filter"); OFF("ReplayOp", fc_replay_op, slot, "Slot");
    OFF("ReplayOp", fc_replay_op, angle, "Angle"); OFF("ReplayOp", fc_replay_op, a, "A"); OFF("ReplayOp", fc_replay_op, b, "B");
    OFF("ReplayOp", fc_replay_op, shape2, "Shape2"); OFF("ReplayOp", fc_replay_op, shape3, "Shape3");
    OFF("ReplayOp", fc_replay_op, lo, "Lo"); OFF("ReplayOp", fc_replay_op, hi, "Hi");
    OFF("ReplayOp", fc_replay_op, sector, "Sector"); OFF("ReplayOp", fc_replay_op, ring, "Ring");
    OFF("ReplayOp", fc_replay_op, shape2_b, "Shape2B"); OFF("ReplayOp", fc_replay_op, shape3_b, "Shape3B");
    OFF("ReplayOp", fc_replay_op, mover, "Mover");
    SIZE("ReplayMover", fc_replay_mover); OFF("ReplayMover", fc_replay_mover, skin, "Skin");
    OFF("ReplayMover", fc_replay_mover, max_iterations, "MaxIterations");
    OFF("ReplayMover", fc_replay_mover, step_height, "StepHeight");
    OFF("ReplayMover", fc_replay_mover, snap_distance, "SnapDistance");
    OFF("ReplayMover", fc_replay_mover, up_axis, "UpAxis"); OFF("ReplayMover", fc_replay_mover, up_sign, "UpSign");
    OFF("ReplayMover", fc_replay_mover, slope_run, "SlopeRun");
    OFF("ReplayMover", fc_replay_mover, slope_rise, "SlopeRise");
    OFF("ReplayMover", fc_replay_mover, exclude_count, "ExcludeCount");
    OFF("ReplayMover", fc_replay_mover, exclude[0], "exclude0"); OFF("ReplayMover", fc_replay_mover, exclude[1], "exclude1");
    OFF("ReplayMover", fc_replay_mover, exclude[2], "exclude2"); OFF("ReplayMover", fc_replay_mover, exclude[3], "exclude3");
    SIZE("ReplaySettings", fc_replay_settings); OFF("ReplaySettings", fc_replay_settings, dim, "Dim");
    OFF("ReplaySettings", fc_replay_settings, bounds_min, "BoundsMin");
    OFF("ReplaySettings", fc_replay_settings, bounds_log2, "BoundsLog2");
    OFF("ReplaySettings", fc_replay_settings, max_depth, "MaxDepth"); OFF("ReplaySettings", fc_replay_settings, layout, "Layout");
    OFF("ReplaySettings", fc_replay_settings, version, "Version");
    SIZE("ReplayExpect", fc_replay_expect); OFF("ReplayExpect", fc_replay_expect, checksum, "Checksum");
    OFF("ReplayExpect", fc_replay_expect, state, "State"); OFF("ReplayExpect", fc_replay_expect, pairs, "Pairs");
    OFF("ReplayExpect", fc_replay_expect, pair_count, "PairCount"); OFF("ReplayExpect", fc_replay_expect, ops, "Ops");
    OFF("ReplayExpect", fc_replay_expect, query_count, "QueryCount");
    OFF("ReplayExpect", fc_replay_expect, extended, "Extended");
    OFF("ReplayExpect", fc_replay_expect, began_count, "BeganCount"); OFF("ReplayExpect", fc_replay_expect, began, "Began");
    OFF("ReplayExpect", fc_replay_expect, ended_count, "EndedCount"); OFF("ReplayExpect", fc_replay_expect, ended, "Ended");
    OFF("ReplayExpect", fc_replay_expect, contact_count, "ContactCount");
    OFF("ReplayExpect", fc_replay_expect, contacts, "Contacts");
    SIZE("QueryExpect", fc_replay_query_expect); OFF("QueryExpect", fc_replay_query_expect, count, "Count");
    OFF("QueryExpect", fc_replay_query_expect, hash, "Hash");
    SIZE("ReplayError", fc_replay_error); OFF("ReplayError", fc_replay_error, offset, "Offset");
    OFF("ReplayError", fc_replay_error, line, "Line"); OFF("ReplayError", fc_replay_error, column, "Column");
    OFF("ReplayError", fc_replay_error, reason, "Reason");
    SIZE("ReplayReaderState", fc_replay_reader); OFF("ReplayReaderState", fc_replay_reader, data, "Data");
    OFF("ReplayReaderState", fc_replay_reader, size, "Size"); OFF("ReplayReaderState", fc_replay_reader, pos, "Pos");
    OFF("ReplayReaderState", fc_replay_reader, text, "Text"); OFF("ReplayReaderState", fc_replay_reader, line, "Line");
    OFF("ReplayReaderState", fc_replay_reader, line_start, "LineStart");
    OFF("ReplayReaderState", fc_replay_reader, settings, "Settings");
    OFF("ReplayReaderState", fc_replay_reader, frames, "Frames");
    OFF("ReplayReaderState", fc_replay_reader, ops_left, "OpsLeft");
    OFF("ReplayReaderState", fc_replay_reader, queries_seen, "QueriesSeen");
    OFF("ReplayReaderState", fc_replay_reader, queries_left, "QueriesLeft");
    OFF("ReplayReaderState", fc_replay_reader, phase, "Phase"); OFF("ReplayReaderState", fc_replay_reader, status, "Status");
    OFF("ReplayReaderState", fc_replay_reader, error, "Error");
    SIZE("DesyncStep", fc_desync_step);
    SIZE("DesyncState", fc_desync); OFF("DesyncState", fc_desync, phase, "Phase");
    OFF("DesyncState", fc_desync, waiting, "Waiting"); OFF("DesyncState", fc_desync, question, "Question");
    OFF("DesyncState", fc_desync, rounds, "Rounds"); OFF("DesyncState", fc_desync, found, "Found");
    OFF("DesyncState", fc_desync, slots, "Slots"); OFF("DesyncState", fc_desync, depth, "Depth");
    OFF("DesyncState", fc_desync, max_found, "MaxFound"); OFF("DesyncState", fc_desync, max_rounds, "MaxRounds");
    SIZE("WireState", fc_wire);
    OFF("WireState", fc_wire, role, "Role"); OFF("WireState", fc_wire, state, "State");
    OFF("WireState", fc_wire, session, "Session"); OFF("WireState", fc_wire, frame, "Frame");
    OFF("WireState", fc_wire, verdict, "Verdict"); OFF("WireState", fc_wire, done, "Done");
    OFF("WireState", fc_wire, messages, "Messages"); OFF("WireState", fc_wire, max_messages, "MaxMessages");
    OFF("WireState", fc_wire, found, "Found"); OFF("WireState", fc_wire, round, "Round");
    OFF("WireState", fc_wire, pending, "Pending"); OFF("WireState", fc_wire, reason, "Reason");
    OFF("WireState", fc_wire, dim, "Dim"); OFF("WireState", fc_wire, their_dim, "TheirDim");
    OFF("WireState", fc_wire, their_slots, "TheirSlots"); OFF("WireState", fc_wire, slot, "Slot");
    OFF("WireState", fc_wire, reply, "Reply"); OFF("WireState", fc_wire, text_len, "TextLen");
    OFF("WireState", fc_wire, question, "Question"); OFF("WireState", fc_wire, mine, "Mine");
    OFF("WireState", fc_wire, leaf, "Leaf"); OFF("WireState", fc_wire, first, "First");
    OFF("WireState", fc_wire, search, "Search");
    SIZE("WireMsgNative", fc_wire_msg);
    OFF("WireMsgNative", fc_wire_msg, type, "Type"); OFF("WireMsgNative", fc_wire_msg, version, "Version");
    OFF("WireMsgNative", fc_wire_msg, session, "Session"); OFF("WireMsgNative", fc_wire_msg, frame, "Frame");
    OFF("WireMsgNative", fc_wire_msg, round, "Round"); OFF("WireMsgNative", fc_wire_msg, value, "Value");
    OFF("WireMsgNative", fc_wire_msg, slot, "Slot"); OFF("WireMsgNative", fc_wire_msg, dim, "Dim");
    OFF("WireMsgNative", fc_wire_msg, max_found, "MaxFound"); OFF("WireMsgNative", fc_wire_msg, max_rounds, "MaxRounds");
    OFF("WireMsgNative", fc_wire_msg, verdict, "Verdict"); OFF("WireMsgNative", fc_wire_msg, found, "Found");
    OFF("WireMsgNative", fc_wire_msg, rounds, "Rounds"); OFF("WireMsgNative", fc_wire_msg, reason, "Reason");
    OFF("WireMsgNative", fc_wire_msg, text, "Text"); OFF("WireMsgNative", fc_wire_msg, text_len, "TextLen");
    SIZE("WireRx", fc_wire_rx);
    /* Not mirrored: the bench hands the C runner an opaque block this big. */
    printf("opaque fc_replay_runner %u\n", (unsigned)sizeof(fc_replay_runner));
    return 0;
}
