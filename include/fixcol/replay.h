/* SPDX-License-Identifier: MIT */
/* fixcol/replay.h - recorded scenarios: the replay file format (version
 * FC_REPLAY_VERSION: reader, writer, text form), the recorder, and the runner
 * that re-executes a replay against a world and compares every frame
 * checksum. (The seeded scenario generators that wrote the committed replays
 * belong to the fixcol-replay tool, not to the library.)
 *
 * The format is specified in docs/replay-format.md. In short: a header with
 * the world settings, then frames; a frame is a list of operations (create,
 * move, set, destroy bodies; shape/ray/point queries, version 3 also
 * sector/ring skill areas and shape casts, version 4 also push-outs,
 * filter changes, body hashes and extra pair findings, version 5 also
 * character mover calls; snapshot, restore)
 * followed by the expected results of that frame: the frame checksum and the
 * sub-hashes it is made of (world state, pair list, operation statuses, one
 * hash per query, version 3 also pair events and contacts), so a mismatch
 * can be located.
 *
 * Everything here works on byte buffers in memory (no file I/O), is integer
 * only, and has no global state. Data errors never crash: every reader call
 * returns FC_ERR_FORMAT / FC_ERR_VERSION with fc_replay_reader.error holding
 * the byte offset (binary) or line and column (text) and a reason.
 */
#ifndef FIXCOL_REPLAY_H
#define FIXCOL_REPLAY_H

#include <fixcol/api.h>

#include <stddef.h>
#include <stdint.h>

#include <fixcol/area2.h>
#include <fixcol/shapes.h>
#include <fixcol/status.h>
#include <fixcol/vec.h>
#include <fixcol/world.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version the writer writes by default; the reader, writer and runner
 * take every version from 1 to FC_REPLAY_VERSION, and the scenario
 * recorders write FC_REPLAY_VERSION_MIN and up (version 5 adds the
 * mover operations mover and mover_shape (fixcol/mover.h) and the 3D
 * capsule in shape encodings, with version 4's frame layout; version 4 adds the
 * operations pushout, set_filter, body_hash and pairs, with version 3's frame
 * layout; version 3 adds pair events,
 * world contacts, skill-area and shape-cast queries; a version 2 file reads,
 * runs and verifies exactly as before; version 1, written before the world
 * checksum's record hash changed, lacks the range and dump queries and its
 * frames store the version 1 world checksum, which the runner computes for
 * a version 1 replay: docs/compatibility.md). */
#define FC_REPLAY_VERSION 5
#define FC_REPLAY_VERSION_MIN 2
/* Bounds the reader enforces (so a hostile file cannot ask for huge
 * allocations): */
#define FC_REPLAY_MAX_FRAMES 10000000u   /* frames per replay */
#define FC_REPLAY_MAX_OPS 1000000u       /* operations per frame */
#define FC_REPLAY_MAX_QUERIES 65536u     /* query operations per frame */
#define FC_REPLAY_MAX_SLOTS 16u          /* snapshot slots 0..15 */

/* Operation kinds (the tag byte in the binary form). Each maps to one
 * world call. */
typedef enum fc_replay_op_kind {
    FC_REPLAY_CREATE = 1,        /* fc_world_create_body(shape, filter); must return id */
    FC_REPLAY_MOVE = 2,          /* fc_world_translate2/3(id, a) */
    FC_REPLAY_TURN = 3,          /* fc_world_set_angle2(id, angle) (2D only) */
    FC_REPLAY_SET = 4,           /* fc_world_set_shape2/3(id, shape) */
    FC_REPLAY_DESTROY = 5,       /* fc_world_destroy_body(id) */
    FC_REPLAY_QUERY_SHAPE = 6,   /* fc_world_overlap2/3(shape, filter) */
    FC_REPLAY_QUERY_POINT = 7,   /* fc_world_point2/3(a, filter) */
    FC_REPLAY_QUERY_RAY = 8,     /* fc_world_raycast2/3(origin a, delta b, filter): closest hit */
    FC_REPLAY_QUERY_RAY_ALL = 9, /* fc_world_raycast2/3_all: every hit */
    FC_REPLAY_SNAPSHOT = 10,     /* fc_world_snapshot into slot */
    FC_REPLAY_RESTORE = 11,      /* fc_world_restore from slot */
    FC_REPLAY_QUERY_RANGE = 12,  /* fc_world_range_checksum(lo, hi) (desync.h) */
    FC_REPLAY_QUERY_DUMP = 13,   /* fc_world_dump: its bytes' hash (desync.h) */
    /* version 3: */
    FC_REPLAY_QUERY_SECTOR = 14, /* fc_world_overlap_sector2(sector, filter) (area2.h) */
    FC_REPLAY_QUERY_RING = 15,   /* fc_world_overlap_ring2(ring, filter) (area2.h) */
    FC_REPLAY_QUERY_CAST = 16,   /* fc_world_cast2/3(shape, delta b, filter): closest hit (cast.h) */
    FC_REPLAY_QUERY_CAST_ALL = 17, /* fc_world_cast2/3_all: every hit */
    /* version 4: */
    FC_REPLAY_QUERY_PUSHOUT = 18, /* fc_pushout2/3(shape, shape_b): b pushed out of a (pushout.h); no world */
    FC_REPLAY_SET_FILTER = 19,    /* fc_world_set_filter(id, filter) */
    FC_REPLAY_QUERY_BODY_HASH = 20, /* fc_world_body_hash(id) (desync.h) */
    FC_REPLAY_QUERY_PAIRS = 21,   /* fc_world_find_pairs, then fc_world_pair_events: a pair finding
                                     before the frame's own (its events are then relative to it) */
    /* version 5: */
    FC_REPLAY_MOVER = 22,         /* fc_world_move2/3(id, desired a, mover def): the body is moved (mover.h) */
    FC_REPLAY_MOVER_SHAPE = 23    /* fc_world_move_shape2/3(shape, desired a, mover def): no world change */
} fc_replay_op_kind;

#define FC_REPLAY_OP_KINDS 24    /* one past the last kind */
#define FC_REPLAY_OP_KINDS_V4 22 /* one past the last kind of version 4 */
#define FC_REPLAY_OP_KINDS_V3 18 /* one past the last kind of version 3 */
#define FC_REPLAY_OP_KINDS_V2 14 /* one past the last kind of version 2 */

/* Most body ids a recorded mover call excludes (fc_cast_query.exclude). */
#define FC_REPLAY_MAX_EXCLUDE 4

/* A recorded mover definition (version 5): every fc_mover_def field but the
 * query's filter, which is fc_replay_op.filter. The runner passes the
 * values as they are (a field out of range is the mover's FC_ERR_ARGUMENT,
 * recorded data); exclude_count in [0, FC_REPLAY_MAX_EXCLUDE], the ids'
 * world tags not stored (the runner's world tag). */
typedef struct fc_replay_mover {
    int32_t skin, max_iterations, step_height, snap_distance;
    int32_t up_axis, up_sign, slope_run, slope_rise;
    uint32_t exclude_count;
    fc_body_id exclude[FC_REPLAY_MAX_EXCLUDE];
} fc_replay_mover;

/* One decoded operation. Only the fields of its kind are meaningful; the
 * reader zeroes the rest. 2D replays use x and y of the vectors (z is 0). */
typedef struct fc_replay_op {
    fc_replay_op_kind kind;
    fc_body_id id;          /* CREATE (the id the world must hand out), MOVE, TURN, SET, DESTROY,
                               SET_FILTER, QUERY_BODY_HASH, MOVER;
                               id.world is not stored (the runner's world tag) */
    fc_filter filter;       /* CREATE: the body's filter; SET_FILTER: the new one; queries: the query filter */
    uint32_t slot;          /* SNAPSHOT, RESTORE: 0..FC_REPLAY_MAX_SLOTS-1 */
    fc_angle angle;         /* TURN */
    fc_vec3 a, b;           /* MOVE: a = delta; QUERY_POINT: a = point; rays: a = origin, b = delta;
                               casts: b = delta; MOVER, MOVER_SHAPE: a = desired displacement */
    fc_shape2 shape2;       /* CREATE, SET, QUERY_SHAPE, casts (the moving shape), PUSHOUT (a, the shape
                               that stays) in a 2D replay */
    fc_shape3 shape3;       /* the same in a 3D replay */
    uint32_t lo, hi;        /* QUERY_RANGE: slots [lo, hi), each 0..FC_WORLD_MAX_BODIES */
    fc_sector2 sector;      /* QUERY_SECTOR (version 3) */
    fc_ring2 ring;          /* QUERY_RING (version 3) */
    fc_shape2 shape2_b;     /* QUERY_PUSHOUT (version 4): b, the shape pushed out, in a 2D replay */
    fc_shape3 shape3_b;     /* ... in a 3D replay */
    fc_replay_mover mover;  /* MOVER, MOVER_SHAPE (version 5; shape2/shape3: MOVER_SHAPE's free shape) */
} fc_replay_op;

/* World settings stored in the header: the fc_world_def fields that change
 * results or speed (tag 1, no capacity hints, malloc/free otherwise). */
typedef struct fc_replay_settings {
    int32_t dim;            /* 2 or 3 */
    fc_vec2 bounds_min;     /* fc_world_def.bounds_min */
    int32_t bounds_log2;    /* 0..14 */
    int32_t max_depth;      /* 0..FC_QT_MAX_DEPTH */
    int32_t layout;         /* FC_QT_LOOSE or FC_QT_STRICT */
    int32_t version;        /* format version: the reader sets the file's; for the writer, recorder and
                               runner 0 means FC_REPLAY_VERSION, else 1..FC_REPLAY_VERSION
                               (a version 2 runner computes no version 3 frame fields) */
} fc_replay_settings;

/* What a frame is expected to produce. The frame checksum is
 * fc_replay_frame_checksum() of the other fields; it is stored as well, as
 * the single number clients compare. */
typedef struct fc_replay_expect {
    uint64_t checksum;      /* frame checksum */
    uint64_t state;         /* world state checksum after the frame's operations */
    uint64_t pairs;         /* hash of the frame's pair list (canonical order) */
    uint32_t pair_count;
    uint32_t ops;           /* hash of the statuses (and created ids) of the non-query operations */
    uint32_t query_count;   /* number of query operations in the frame */
    /* Version 3 to 5 frames (extended = 1; all 0 in a version 1 or 2 frame): */
    uint32_t extended;      /* 1 when the fields below are present and part of the checksum */
    uint32_t began_count;   /* fc_world_pair_events after the frame's pair finding: pairs that began */
    uint32_t began;         /* their fc_hash_pairs (seed 0), folded to 32 bits */
    uint32_t ended_count;   /* ... pairs that ended */
    uint32_t ended;
    uint32_t contact_count; /* fc_world_find_contacts2/3: number of (pair, contact) entries */
    uint32_t contacts;      /* their hash (docs/replay-format.md), folded to 32 bits */
} fc_replay_expect;

/* One query's expected result: number of hits and a 32-bit hash of them. */
typedef struct fc_replay_query_expect {
    uint32_t count;
    uint32_t hash;
} fc_replay_query_expect;

/* Where and why reading failed. For the binary form offset is the byte
 * offset of the bad field and line == 0; for the text form line and column
 * (1-based) locate it. */
typedef struct fc_replay_error {
    uint64_t offset;
    uint32_t line, column;
    char reason[112];
} fc_replay_error;

/* ---------------------------------------------------------------- reader */

/* Streaming reader over a whole file held in memory (the caller keeps the
 * bytes alive). The binary form (.fcr) and the text form (what
 * fc_replay_writer_init(.., text = 1) and `fixcol-replay dump` produce) are
 * both accepted; fc_replay_open tells them apart by the magic.
 *
 * Sequence: fc_replay_open; then fc_replay_next_frame until it reports no
 * more frames (it checks the end marker and that nothing follows it); inside
 * a frame fc_replay_next_op op_count times, fc_replay_read_expect, and
 * fc_replay_read_query_expect once per query operation of the frame. Every
 * call returns FC_OK or an error (FC_ERR_FORMAT, FC_ERR_VERSION, or
 * FC_ERR_ARGUMENT for calls out of sequence) with r->error set; after an
 * error every later call returns the same error. Geometry is not validated
 * here (the world does that; a replay may record rejected operations). */
typedef struct fc_replay_reader {
    const uint8_t *data;
    size_t size, pos;
    int32_t text;                   /* 1 for the text form */
    uint32_t line;                  /* text: current line (1-based) */
    size_t line_start;              /* text: offset where it starts */
    fc_replay_settings settings;
    uint32_t frames;                /* frames started so far */
    uint32_t ops_left;              /* operations still to read in this frame */
    uint32_t queries_seen;          /* query operations read in this frame */
    uint32_t queries_left;          /* query expectations still to read */
    int32_t phase;                  /* internal sequencing state */
    fc_status status;
    fc_replay_error error;
} fc_replay_reader;

FC_API fc_status fc_replay_open(fc_replay_reader *r, const uint8_t *data, size_t size);
/* *more = 1 and *op_count set when a frame starts, *more = 0 at the end. */
FC_API fc_status fc_replay_next_frame(fc_replay_reader *r, int32_t *more, uint32_t *op_count);
FC_API fc_status fc_replay_next_op(fc_replay_reader *r, fc_replay_op *op);
FC_API fc_status fc_replay_read_expect(fc_replay_reader *r, fc_replay_expect *e);
FC_API fc_status fc_replay_read_query_expect(fc_replay_reader *r, fc_replay_query_expect *q);
/* "offset 1234" or "line 5, column 7", then ": reason", into buf. */
FC_API void fc_replay_error_format(const fc_replay_error *e, char *buf, size_t size);

/* ---------------------------------------------------------------- writer */

/* Writer into a growable malloc'ed buffer (data, size), binary or text.
 * Calls mirror the reader: fc_replay_writer_init (header), per frame
 * fc_replay_write_frame, its operations, fc_replay_write_expect and one
 * fc_replay_write_query_expect per query operation, then
 * fc_replay_writer_finish (end marker). An allocation failure sets status
 * to FC_ERR_NO_MEMORY and later calls do nothing; calls out of sequence set
 * FC_ERR_ARGUMENT. Free with fc_replay_writer_free. */
typedef struct fc_replay_writer {
    uint8_t *data;
    size_t size, cap;
    int32_t text;
    fc_replay_settings settings;
    uint32_t frames;
    uint32_t ops_left, queries_seen, queries_left;
    int32_t phase;
    fc_status status;
} fc_replay_writer;

FC_API fc_status fc_replay_writer_init(fc_replay_writer *w, const fc_replay_settings *s, int32_t text);
FC_API void fc_replay_write_frame(fc_replay_writer *w, uint32_t op_count);
FC_API void fc_replay_write_op(fc_replay_writer *w, const fc_replay_op *op);
FC_API void fc_replay_write_expect(fc_replay_writer *w, const fc_replay_expect *e);
FC_API void fc_replay_write_query_expect(fc_replay_writer *w, const fc_replay_query_expect *q);
FC_API fc_status fc_replay_writer_finish(fc_replay_writer *w);
FC_API void fc_replay_writer_free(fc_replay_writer *w);

/* ---------------------------------------------------------------- text */

/* Exact decimal text of a Q16.16 value: "-12.375", "0.0000152587890625".
 * Every fix16_t has a finite decimal expansion (at most 16 fractional
 * digits); buf needs 32 bytes. Returns buf. */
FC_API char *fc_replay_fix_format(fix16_t v, char *buf);
/* Parse an exact decimal Q16.16 value from s[0..len) (optional '-', digits,
 * optional '.' and digits). FC_ERR_FORMAT when it is malformed or not exactly
 * a multiple of 1/65536, FC_ERR_RANGE when it does not fit fix16_t. No
 * floating point is involved. */
FC_API fc_status fc_replay_fix_parse(const char *s, size_t len, fix16_t *out);

/* ---------------------------------------------------------------- runner */

/* Executes operations on a world (created from the settings, tag 1) and
 * computes what a frame produced, exactly as recorded replays expect it:
 *   - ops: fc_hash64 (seed 0) of one word per non-query operation,
 *     (uint32)status | kind << 32, plus for a successful create the word
 *     index | generation << 32 of the id handed out; folded to 32 bits
 *     (low ^ high half);
 *   - each query: count = hits (0 on error), hash = fc_hash_ids /
 *     fc_hash_ray_hits with seed (uint32)status, folded to 32 bits;
 *     QUERY_RANGE: count = the used slots in [lo, hi) (min(hi, slot
 *     count) - lo, at least 0; 0 on error), hash = fc_hash64 (seed
 *     (uint32)status) of the one word range checksum (0 on error), folded;
 *     QUERY_DUMP: count = the dump's length in bytes, hash = fc_hash64
 *     (seed (uint32)status) of the dump's bytes as little-endian 8-byte
 *     words, the last one zero-padded, folded;
 *     QUERY_SECTOR / QUERY_RING (version 3): hits and fc_hash_ids (seed
 *     (uint32)status), folded; QUERY_CAST / QUERY_CAST_ALL (version 3):
 *     hits (closest: 0 or 1) and fc_hash64 (seed (uint32)status) of the
 *     words index | generation << 32, (uint32)t | (uint32)normal.x << 32,
 *     (uint32)normal.y | (uint32)normal.z << 32 per hit, folded;
 *     QUERY_PUSHOUT (version 4): count = 1 when the shapes overlapped (a
 *     non-zero delta), else 0 (0 on error), hash = fc_hash64 (seed
 *     (uint32)status) of the words (uint32)delta.x | (uint32)delta.y << 32,
 *     (uint32)delta.z (0 in 2D) - no words on error -, folded;
 *     QUERY_BODY_HASH (version 4): count = 1 (0 on error), hash = fc_hash64
 *     (seed (uint32)status) of the one word fc_world_body_hash (0 on
 *     error), folded;
 *     QUERY_PAIRS (version 4): count = the pairs of fc_world_find_pairs (0
 *     on error), hash = fc_hash64 (seed (uint32)status, the first error of
 *     find_pairs and fc_world_pair_events) of per pair a and b as
 *     index | generation << 32, then began count | ended count << 32, then
 *     per began pair and per ended pair its two words (no words on error),
 *     folded; SET_FILTER is a non-query operation (status in ops);
 *     MOVER / MOVER_SHAPE (version 5; queries, though MOVER moves the
 *     body): count = the result's touch_count (0 on error), hash =
 *     fc_hash64 (seed (uint32)status) of the words moved.x | moved.y << 32,
 *     moved.z | flags << 32 (z 0 in 2D), touch_count, then per touch
 *     index | generation << 32, t | kind << 32, normal.x | normal.y << 32,
 *     normal.z | iteration << 32 - no words on error -, folded
 *     (docs/replay-format.md; the body's new place is in the state too);
 *   - state = fc_world_checksum, pairs = fc_hash_pairs(0, ...) of
 *     fc_world_find_pairs and pair_count its length (versions 3 and 4:
 *     of fc_world_find_contacts2/3, the frame's own pair finding at its
 *     end, then began / ended from fc_world_pair_events - relative to the
 *     previous finding: the previous frame's, a restore's, or in version 4
 *     the frame's last QUERY_PAIRS - and contacts: the hashes of
 *     docs/replay-format.md);
 *   - checksum = fc_replay_frame_checksum.
 * The runner keeps the snapshot slots and which ids are live. */
typedef struct fc_replay_runner {
    fc_world *world;
    int32_t dim;
    int32_t version;                           /* the format version whose frame results it computes */
    uint8_t *slot[FC_REPLAY_MAX_SLOTS];
    size_t slot_size[FC_REPLAY_MAX_SLOTS], slot_cap[FC_REPLAY_MAX_SLOTS];
    uint32_t *live_gen;                        /* generation per index, 0 = free */
    uint32_t *slot_live[FC_REPLAY_MAX_SLOTS];  /* live_gen saved with each snapshot */
    uint32_t live_cap, slot_live_len[FC_REPLAY_MAX_SLOTS];
    fc_hash64 ops;
    fc_replay_query_expect *queries;           /* this frame's query results */
    uint32_t *query_op;                        /* their operation index in the frame */
    uint32_t query_count, query_cap, op_index;
    /* The first create of the frame that handed out another id than
     * recorded: its op index (or UINT32_MAX) and the id it got. */
    uint32_t bad_create_op;
    fc_body_id bad_create_id;
} fc_replay_runner;

/* Errors: FC_ERR_NULL, FC_ERR_ARGUMENT / FC_ERR_RANGE (bad settings),
 * FC_ERR_NO_MEMORY. */
FC_API fc_status fc_replay_runner_init(fc_replay_runner *rn, const fc_replay_settings *s);
FC_API void fc_replay_runner_free(fc_replay_runner *rn);
FC_API void fc_replay_runner_begin_frame(fc_replay_runner *rn);
/* Execute op and fold its outcome into the frame. Returns the world call's
 * status for every kind, queries included (overlap, point, ray, ray_all,
 * range, dump, sector, ring, cast, cast_all, pushout, body_hash, pairs
 * (its first error), mover, mover_shape: the status also folded into
 * the query's result hash); a recorded replay may contain rejected
 * operations: that is data, not a failure. FC_ERR_NO_MEMORY from the
 * runner itself (a query result it cannot store) or from the world call
 * is returned too. For CREATE, *created (if not NULL) gets the id handed
 * out. */
FC_API fc_status fc_replay_runner_apply(fc_replay_runner *rn, const fc_replay_op *op, fc_body_id *created);
/* Finish the frame: fill *got (its queries are rn->queries[0..query_count)). */
FC_API fc_status fc_replay_runner_end_frame(fc_replay_runner *rn, fc_replay_expect *got);

/* ---------------------------------------------------------------- verify */

typedef enum fc_replay_diff {
    FC_REPLAY_DIFF_NONE = 0,
    FC_REPLAY_DIFF_CREATE_ID,   /* a create handed out another id */
    FC_REPLAY_DIFF_OPS,         /* operation statuses differ */
    FC_REPLAY_DIFF_QUERY,       /* one query's result differs */
    FC_REPLAY_DIFF_PAIRS,       /* the pair list differs */
    FC_REPLAY_DIFF_STATE,       /* the world state differs */
    FC_REPLAY_DIFF_CHECKSUM,    /* only the stored frame checksum differs */
    FC_REPLAY_DIFF_EVENTS,      /* version 3: the began or ended pair lists differ */
    FC_REPLAY_DIFF_CONTACTS     /* version 3: the world contacts differ */
} fc_replay_diff;

/* The first divergence found in a replay. */
typedef struct fc_replay_mismatch {
    uint32_t frame;             /* 1-based; 0 = none */
    fc_replay_diff what;
    uint32_t op_index;          /* CREATE_ID / QUERY: the operation's index in the frame */
    fc_replay_op op;            /* ... and the operation */
    fc_body_id got_id;          /* CREATE_ID: the id handed out */
    uint32_t query_index;       /* QUERY: index among the frame's queries */
    fc_replay_query_expect query_expected, query_got;
    fc_replay_expect expected, got;
} fc_replay_mismatch;

typedef struct fc_replay_verify_result {
    fc_replay_settings settings;
    uint32_t frames;
    uint64_t ops;
    uint32_t bad_frames;        /* frames whose checksum or a sub-hash differs */
    fc_replay_mismatch first;
} fc_replay_verify_result;

/* Optional callback after every frame (1-based number), with the runner
 * (its world shows the state after the frame) and the bytes read so far of
 * the total: for progress displays and for inspecting one frame. */
typedef void (*fc_replay_frame_fn)(void *ctx, uint32_t frame, fc_replay_runner *rn, size_t done, size_t total);

/* Run a whole replay (binary or text) and compare every frame. Appends each
 * frame's computed checksum to *digest (if not NULL). Returns FC_OK when
 * the file was read completely (res->bad_frames tells whether it matched),
 * the reader's error (with *err filled) for malformed input, or
 * FC_ERR_NO_MEMORY / a world creation error. */
FC_API fc_status fc_replay_verify(const uint8_t *data, size_t size, fc_hash64 *digest, fc_replay_verify_result *res,
                                  fc_replay_error *err, fc_replay_frame_fn on_frame, void *ctx);

/* ---------------------------------------------------------------- recorder */

/* Builds a replay while running it: every operation is executed by a
 * runner and stored; for CREATE the id handed out is written into the
 * operation. fc_replay_recorder_end_frame writes the frame with the
 * results it produced. The writer (binary) is rec->w. */
typedef struct fc_replay_recorder {
    fc_replay_runner rn;
    fc_replay_writer w;
    fc_replay_op *ops;
    uint32_t op_count, op_cap;
    fc_status status;           /* first FC_ERR_NO_MEMORY / writer error */
} fc_replay_recorder;

FC_API fc_status fc_replay_recorder_init(fc_replay_recorder *rec, const fc_replay_settings *s);
/* Execute and record op; returns the world's status for it (rejected
 * operations are recorded too). */
FC_API fc_status fc_replay_record(fc_replay_recorder *rec, fc_replay_op *op);
FC_API fc_status fc_replay_recorder_end_frame(fc_replay_recorder *rec);
/* Write the end marker; the file is rec->w.data / rec->w.size. */
FC_API fc_status fc_replay_recorder_finish(fc_replay_recorder *rec);
FC_API void fc_replay_recorder_free(fc_replay_recorder *rec);

/* Read a whole replay (binary or text) and write it again into *out, as
 * text when text != 0, else binary. On a read error *err says where and
 * why. *out is initialised in every case: free it with
 * fc_replay_writer_free. */
FC_API fc_status fc_replay_convert(const uint8_t *data, size_t size, int32_t text, fc_replay_writer *out, fc_replay_error *err);

/* One operation as a line of the text form (no newline), truncated to size. */
FC_API void fc_replay_op_format(const fc_replay_op *op, int32_t dim, char *buf, size_t size);

/* The name of an operation kind in the text form ("create", "ray", ...). */
FC_API const char *fc_replay_op_name(fc_replay_op_kind k);

/* The frame checksum: fc_hash64 (fixcol/hash.h, seed 0) of the words
 * state, pairs, pair_count | ops << 32, query_count, then count | hash << 32
 * of every query in order, then when e->extended (version 3)
 * began_count | began << 32, ended_count | ended << 32,
 * contact_count | contacts << 32. */
FC_API uint64_t fc_replay_frame_checksum(const fc_replay_expect *e, const fc_replay_query_expect *q);

#ifdef __cplusplus
}
#endif

#endif
