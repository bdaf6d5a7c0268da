/* SPDX-License-Identifier: MIT */
/* Finding a desync from JavaScript (fixcol/desync.h, docs/desync.md):
 * range and body hashes, the slot count, the responder's answer, the
 * canonical dump, and the asker's bisection state machine. 64-bit values
 * cross as two uint32 halves (io words lo, hi). The fc_desync state lives
 * in a caller-given block of fcjs_desync_size() bytes (the JavaScript
 * Desync copies its own bytes in and out around each call). Every call
 * returns the C status (fcjs_desync_next: the step); nothing here keeps
 * state of its own. */
#include <fixcol/desync.h>

#include <stdint.h>

#include "js_export.h"
#include "core/nofloat.h"

static void put64(int32_t *io, uint64_t v)
{
    io[0] = (int32_t)(uint32_t)v;
    io[1] = (int32_t)(uint32_t)(v >> 32);
}

static uint64_t mk64(uint32_t lo, uint32_t hi) { return (uint64_t)lo | (uint64_t)hi << 32; }

static fc_body_id mkid(uint32_t index, uint32_t generation, uint32_t tag)
{
    fc_body_id id;
    id.index = index;
    id.generation = generation;
    id.world = tag;
    return id;
}

FCJS_EXPORT(fcjs_slot_count) int32_t fcjs_slot_count(const fc_world *w) { return (int32_t)fc_world_slot_count(w); }

/* io out: the range checksum lo, hi (untouched on error). */
FCJS_EXPORT(fcjs_range_checksum) int32_t fcjs_range_checksum(const fc_world *w, uint32_t lo, uint32_t hi, int32_t *io)
{
    uint64_t v = 0;
    fc_status st = fc_world_range_checksum(w, lo, hi, &v);
    if (st == FC_OK)
        put64(io, v);
    return st;
}

/* io out: the body's record hash lo, hi. */
FCJS_EXPORT(fcjs_body_hash) int32_t fcjs_body_hash(const fc_world *w, uint32_t i, uint32_t g, uint32_t t, int32_t *io)
{
    uint64_t v = 0;
    fc_status st = fc_world_body_hash(w, mkid(i, g, t), &v);
    if (st == FC_OK)
        put64(io, v);
    return st;
}

/* io out: the answer lo, hi to question (qlo | qhi << 32). */
FCJS_EXPORT(fcjs_desync_answer) int32_t fcjs_desync_answer(const fc_world *w, uint32_t qlo, uint32_t qhi, int32_t *io)
{
    uint64_t v = 0;
    fc_status st = fc_desync_answer(w, mk64(qlo, qhi), &v);
    if (st == FC_OK)
        put64(io, v);
    return st;
}

/* The state machine's size in bytes, and its calls on a block of that size. */
FCJS_EXPORT(fcjs_desync_size) int32_t fcjs_desync_size(void) { return (int32_t)sizeof(fc_desync); }
FCJS_EXPORT(fcjs_desync_init) void fcjs_desync_init(fc_desync *d) { fc_desync_init(d); }

/* Returns the fc_desync_step; io out: the value lo, hi. */
FCJS_EXPORT(fcjs_desync_next) int32_t fcjs_desync_next(fc_desync *d, int32_t *io)
{
    uint64_t v = 0;
    fc_desync_step s = fc_desync_next(d, &v);
    put64(io, v);
    return (int32_t)s;
}

FCJS_EXPORT(fcjs_desync_feed) int32_t fcjs_desync_feed(fc_desync *d, uint32_t mlo, uint32_t mhi, uint32_t tlo,
                                                       uint32_t thi)
{
    return fc_desync_feed(d, mk64(mlo, mhi), mk64(tlo, thi));
}

FCJS_EXPORT(fcjs_desync_set_budget) int32_t fcjs_desync_set_budget(fc_desync *d, uint32_t max_found,
                                                                   uint32_t max_rounds)
{
    return fc_desync_set_budget(d, max_found, max_rounds);
}

/* io out: rounds, found, slots, max_found, max_rounds. */
FCJS_EXPORT(fcjs_desync_info) void fcjs_desync_info(const fc_desync *d, int32_t *io)
{
    io[0] = (int32_t)d->rounds;
    io[1] = (int32_t)d->found;
    io[2] = (int32_t)d->slots;
    io[3] = (int32_t)d->max_found;
    io[4] = (int32_t)d->max_rounds;
}

/* buf NULL: io[0] = bytes needed. Otherwise the text (no NUL), io[0] = its
 * length. whole: the whole world (fc_world_dump), else slot index's line
 * (fc_world_dump_slot). */
FCJS_EXPORT(fcjs_dump) int32_t fcjs_dump(const fc_world *w, int32_t whole, uint32_t index, char *buf, uint32_t cap,
                                         int32_t *io)
{
    size_t size = 0;
    fc_status st = whole ? fc_world_dump(w, buf, cap, &size) : fc_world_dump_slot(w, index, buf, cap, &size);
    io[0] = (int32_t)size;
    return st;
}
