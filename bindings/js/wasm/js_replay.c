/* SPDX-License-Identifier: MIT */
/* The replay reader for JavaScript: fc_replay_open / next_frame / next_op /
 * read_expect / read_query_expect over bytes the caller copied into wasm
 * memory, each record flattened into int32 words. The reader only reads:
 * the JavaScript runner applies the operations through the world calls. */
#include <fixcol/replay.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "js_export.h"
#include "js_shape.h"
#include "core/nofloat.h"

typedef struct fcjs_reader {
    fc_replay_reader r;
    uint8_t *data; /* owned copy of the file */
} fcjs_reader;

/* Takes ownership of data (allocated with malloc by the caller). io out:
 * the reader (0 when out of memory), then the settings: dim, bounds_min.x,
 * bounds_min.y, bounds_log2, max_depth, layout, version (1 to 4). */
FCJS_EXPORT(fcjs_reader_open) int32_t fcjs_reader_open(uint8_t *data, uint32_t size, int32_t *io)
{
    fcjs_reader *x = (fcjs_reader *)calloc(1, sizeof *x);
    io[0] = (int32_t)(uintptr_t)x;
    if (!x) {
        free(data);
        return FC_ERR_NO_MEMORY;
    }
    x->data = data;
    fc_status st = fc_replay_open(&x->r, data, size);
    const fc_replay_settings *s = &x->r.settings;
    io[1] = s->dim;
    io[2] = s->bounds_min.x;
    io[3] = s->bounds_min.y;
    io[4] = s->bounds_log2;
    io[5] = s->max_depth;
    io[6] = s->layout;
    io[7] = s->version;
    return st;
}

FCJS_EXPORT(fcjs_reader_free) void fcjs_reader_free(fcjs_reader *x)
{
    if (!x)
        return;
    free(x->data);
    free(x);
}

/* io out: more (0/1), op count, bytes read so far, total bytes. */
FCJS_EXPORT(fcjs_reader_next_frame) int32_t fcjs_reader_next_frame(fcjs_reader *x, int32_t *io)
{
    int32_t more = 0;
    uint32_t n = 0;
    fc_status st = fc_replay_next_frame(&x->r, &more, &n);
    io[0] = more;
    io[1] = (int32_t)n;
    io[2] = (int32_t)x->r.pos;
    io[3] = (int32_t)x->r.size;
    return st;
}

/* io out: kind, id.index, id.generation, filter.category, filter.mask,
 * slot, angle, a.x, a.y, a.z, b.x, b.y, b.z, then the shape words
 * (FCJS_OP_SHAPE; only for create, set, overlap, cast and cast_all), then
 * lo, hi (FCJS_OP_RANGE; range, 0 for the others), then the skill area
 * (FCJS_OP_AREA, version 3): sector x, y, radius, direction, half angle /
 * ring x, y, inner, outer, 0 (0 for the others), then the second shape
 * (FCJS_OP_SHAPE_B, version 4: pushout's b; written for pushout only) -
 * for mover and mover_shape (version 5) the same words hold the mover
 * definition: skin, max_iterations, step_height, snap_distance, up_axis,
 * up_sign, slope_run, slope_rise, exclude_count, then FC_REPLAY_MAX_EXCLUDE
 * (index, generation) pairs (17 words; mover_shape's free shape is at
 * FCJS_OP_SHAPE).
 * FCJS_OP_SHAPE_B + FCJS_SHAPE_WORDS = 58 words, within the 64 io words. */
#define FCJS_OP_SHAPE 13
#define FCJS_OP_RANGE (FCJS_OP_SHAPE + FCJS_SHAPE_WORDS)
#define FCJS_OP_AREA (FCJS_OP_RANGE + 2)
#define FCJS_OP_SHAPE_B (FCJS_OP_AREA + 5)
FCJS_EXPORT(fcjs_reader_next_op) int32_t fcjs_reader_next_op(fcjs_reader *x, int32_t *io)
{
    fc_replay_op op; /* the reader zeroes every field the kind does not use */
    fc_status st = fc_replay_next_op(&x->r, &op);
    if (st != FC_OK)
        return st;
    io[0] = (int32_t)op.kind;
    io[1] = (int32_t)op.id.index;
    io[2] = (int32_t)op.id.generation;
    io[3] = (int32_t)op.filter.category;
    io[4] = (int32_t)op.filter.mask;
    io[5] = (int32_t)op.slot;
    io[6] = op.angle;
    io[7] = op.a.x;
    io[8] = op.a.y;
    io[9] = op.a.z;
    io[10] = op.b.x;
    io[11] = op.b.y;
    io[12] = op.b.z;
    io[FCJS_OP_RANGE] = (int32_t)op.lo;
    io[FCJS_OP_RANGE + 1] = (int32_t)op.hi;
    const int is_ring = op.kind == FC_REPLAY_QUERY_RING;
    io[FCJS_OP_AREA] = is_ring ? op.ring.center.x : op.sector.center.x;
    io[FCJS_OP_AREA + 1] = is_ring ? op.ring.center.y : op.sector.center.y;
    io[FCJS_OP_AREA + 2] = is_ring ? op.ring.inner : op.sector.radius;
    io[FCJS_OP_AREA + 3] = is_ring ? op.ring.outer : op.sector.direction;
    io[FCJS_OP_AREA + 4] = is_ring ? 0 : op.sector.half_angle;
    /* Only operations with a shape write the shape words (the others leave
     * them as they were: ReplayOp.setWords reads them for these kinds only). */
    if (op.kind == FC_REPLAY_MOVER || op.kind == FC_REPLAY_MOVER_SHAPE) {
        int32_t *m = io + FCJS_OP_SHAPE_B;
        m[0] = op.mover.skin;
        m[1] = op.mover.max_iterations;
        m[2] = op.mover.step_height;
        m[3] = op.mover.snap_distance;
        m[4] = op.mover.up_axis;
        m[5] = op.mover.up_sign;
        m[6] = op.mover.slope_run;
        m[7] = op.mover.slope_rise;
        m[8] = (int32_t)op.mover.exclude_count;
        for (int k = 0; k < FC_REPLAY_MAX_EXCLUDE; k++) {
            m[9 + 2 * k] = (int32_t)op.mover.exclude[k].index;
            m[10 + 2 * k] = (int32_t)op.mover.exclude[k].generation;
        }
        for (int k = 9 + 2 * FC_REPLAY_MAX_EXCLUDE; k < FCJS_SHAPE_WORDS; k++)
            m[k] = 0;
    }
    int has_shape = op.kind == FC_REPLAY_CREATE || op.kind == FC_REPLAY_SET || op.kind == FC_REPLAY_QUERY_SHAPE ||
                    op.kind == FC_REPLAY_QUERY_CAST || op.kind == FC_REPLAY_QUERY_CAST_ALL ||
                    op.kind == FC_REPLAY_QUERY_PUSHOUT || op.kind == FC_REPLAY_MOVER_SHAPE;
    if (!has_shape)
        return FC_OK;
    if (x->r.settings.dim == 2)
        fcjs_shape2_encode(&op.shape2, io + FCJS_OP_SHAPE);
    else
        fcjs_shape3_encode(&op.shape3, io + FCJS_OP_SHAPE);
    if (op.kind != FC_REPLAY_QUERY_PUSHOUT)
        return FC_OK;
    if (x->r.settings.dim == 2)
        fcjs_shape2_encode(&op.shape2_b, io + FCJS_OP_SHAPE_B);
    else
        fcjs_shape3_encode(&op.shape3_b, io + FCJS_OP_SHAPE_B);
    return FC_OK;
}

/* io out: checksum lo, hi, state lo, hi, pairs lo, hi, pair_count, ops,
 * query_count, then (versions 3 and 4; 0 in a version 1 or 2 frame) extended,
 * began_count, began, ended_count, ended, contact_count, contacts. */
FCJS_EXPORT(fcjs_reader_read_expect) int32_t fcjs_reader_read_expect(fcjs_reader *x, int32_t *io)
{
    fc_replay_expect e;
    memset(&e, 0, sizeof e);
    fc_status st = fc_replay_read_expect(&x->r, &e);
    io[0] = (int32_t)(uint32_t)e.checksum;
    io[1] = (int32_t)(uint32_t)(e.checksum >> 32);
    io[2] = (int32_t)(uint32_t)e.state;
    io[3] = (int32_t)(uint32_t)(e.state >> 32);
    io[4] = (int32_t)(uint32_t)e.pairs;
    io[5] = (int32_t)(uint32_t)(e.pairs >> 32);
    io[6] = (int32_t)e.pair_count;
    io[7] = (int32_t)e.ops;
    io[8] = (int32_t)e.query_count;
    io[9] = (int32_t)e.extended;
    io[10] = (int32_t)e.began_count;
    io[11] = (int32_t)e.began;
    io[12] = (int32_t)e.ended_count;
    io[13] = (int32_t)e.ended;
    io[14] = (int32_t)e.contact_count;
    io[15] = (int32_t)e.contacts;
    return st;
}

/* io out: hit count, hash. */
FCJS_EXPORT(fcjs_reader_read_query) int32_t fcjs_reader_read_query(fcjs_reader *x, int32_t *io)
{
    fc_replay_query_expect q;
    memset(&q, 0, sizeof q);
    fc_status st = fc_replay_read_query_expect(&x->r, &q);
    io[0] = (int32_t)q.count;
    io[1] = (int32_t)q.hash;
    return st;
}

/* The reader's error as text ("offset N: reason" / "line L, column C:
 * reason") into buf; io out: offset (low 32 bits), line, column. */
FCJS_EXPORT(fcjs_reader_error) void fcjs_reader_error(const fcjs_reader *x, char *buf, uint32_t size, int32_t *io)
{
    fc_replay_error_format(&x->r.error, buf, size);
    io[0] = (int32_t)(uint32_t)x->r.error.offset;
    io[1] = (int32_t)x->r.error.line;
    io[2] = (int32_t)x->r.error.column;
}

/* One operation as its text-form line (for messages), from the words of
 * fcjs_reader_next_op. */
FCJS_EXPORT(fcjs_op_format) void fcjs_op_format(const int32_t *io, int32_t dim, char *buf, uint32_t size)
{
    fc_replay_op op;
    memset(&op, 0, sizeof op);
    op.kind = (fc_replay_op_kind)io[0];
    op.id.index = (uint32_t)io[1];
    op.id.generation = (uint32_t)io[2];
    op.filter.category = (uint32_t)io[3];
    op.filter.mask = (uint32_t)io[4];
    op.slot = (uint32_t)io[5];
    op.angle = (fc_angle)(io[6] & 0xffff);
    op.a = fc_vec3_make(io[7], io[8], io[9]);
    op.b = fc_vec3_make(io[10], io[11], io[12]);
    op.lo = (uint32_t)io[FCJS_OP_RANGE];
    op.hi = (uint32_t)io[FCJS_OP_RANGE + 1];
    const int32_t *a = io + FCJS_OP_AREA;
    if (op.kind == FC_REPLAY_QUERY_RING)
        op.ring = fc_ring2_make(fc_vec2_make(a[0], a[1]), a[2], a[3]);
    else if (op.kind == FC_REPLAY_QUERY_SECTOR)
        op.sector = fc_sector2_make(fc_vec2_make(a[0], a[1]), a[2], (fc_angle)(a[3] & 0xffff), (fc_angle)(a[4] & 0xffff));
    if (dim == 2)
        fcjs_shape2_decode(io + FCJS_OP_SHAPE, &op.shape2);
    else
        fcjs_shape3_decode(io + FCJS_OP_SHAPE, &op.shape3);
    if (op.kind == FC_REPLAY_QUERY_PUSHOUT && dim == 2)
        fcjs_shape2_decode(io + FCJS_OP_SHAPE_B, &op.shape2_b);
    else if (op.kind == FC_REPLAY_QUERY_PUSHOUT)
        fcjs_shape3_decode(io + FCJS_OP_SHAPE_B, &op.shape3_b);
    if (op.kind == FC_REPLAY_MOVER || op.kind == FC_REPLAY_MOVER_SHAPE) {
        const int32_t *m = io + FCJS_OP_SHAPE_B;
        op.mover.skin = m[0];
        op.mover.max_iterations = m[1];
        op.mover.step_height = m[2];
        op.mover.snap_distance = m[3];
        op.mover.up_axis = m[4];
        op.mover.up_sign = m[5];
        op.mover.slope_run = m[6];
        op.mover.slope_rise = m[7];
        op.mover.exclude_count = (uint32_t)m[8] <= FC_REPLAY_MAX_EXCLUDE ? (uint32_t)m[8] : FC_REPLAY_MAX_EXCLUDE;
        for (int k = 0; k < FC_REPLAY_MAX_EXCLUDE; k++) {
            op.mover.exclude[k].index = (uint32_t)m[9 + 2 * k];
            op.mover.exclude[k].generation = (uint32_t)m[10 + 2 * k];
        }
    }
    fc_replay_op_format(&op, dim, buf, size);
}
