/* SPDX-License-Identifier: MIT */
/* The desync wire protocol from JavaScript (fixcol/wire.h,
 * docs/lockstep.md). The fc_wire state lives in a caller-given block of
 * fcjs_wire_size() bytes (the JavaScript WireLeader/WireFollower copies its
 * own bytes in and out around each call); messages cross through
 * caller-given heap buffers. 64-bit values cross as two uint32 halves.
 * Every call returns the C status (fcjs_wire_receive: the fc_wire_rx);
 * nothing here keeps state of its own. */
#include <fixcol/wire.h>

#include <stdint.h>

#include "js_export.h"
#include "core/nofloat.h"

FCJS_EXPORT(fcjs_wire_size) int32_t fcjs_wire_size(void) { return (int32_t)sizeof(fc_wire); }
FCJS_EXPORT(fcjs_wire_message_max) int32_t fcjs_wire_message_max(void) { return FC_WIRE_MESSAGE_MAX; }

FCJS_EXPORT(fcjs_wire_leader) int32_t fcjs_wire_leader(fc_wire *s, uint32_t session, uint32_t frame,
                                                       uint32_t max_found, uint32_t max_rounds, uint32_t max_messages)
{
    return fc_wire_leader(s, session, frame, max_found, max_rounds, max_messages);
}

FCJS_EXPORT(fcjs_wire_follower) int32_t fcjs_wire_follower(fc_wire *s, uint32_t max_messages)
{
    return fc_wire_follower(s, max_messages);
}

FCJS_EXPORT(fcjs_wire_receive) int32_t fcjs_wire_receive(fc_wire *s, const uint8_t *msg, uint32_t len)
{
    return (int32_t)fc_wire_receive(s, msg, len);
}

/* io out: word 0 the message length (0: nothing to send). */
FCJS_EXPORT(fcjs_wire_produce) int32_t fcjs_wire_produce(fc_wire *s, const fc_world *w, uint8_t *buf, uint32_t cap,
                                                         int32_t *io)
{
    size_t n = 0;
    fc_status st = fc_wire_produce(s, w, buf, cap, &n);
    io[0] = (int32_t)n;
    return st;
}

FCJS_EXPORT(fcjs_wire_abort) void fcjs_wire_abort(fc_wire *s) { fc_wire_abort(s); }

/* io out: role, session, frame, verdict, done, messages, max_messages,
 * found, rounds, reason. */
FCJS_EXPORT(fcjs_wire_info) void fcjs_wire_info(const fc_wire *s, int32_t *io)
{
    const uint32_t v[10] = {s->role,     s->session, s->frame, s->verdict,       s->done,
                            s->messages, s->max_messages, s->found, s->search.rounds, s->reason};
    for (int i = 0; i < 10; i++)
        io[i] = (int32_t)v[i];
}

/* io out: word 0 the message length. */
FCJS_EXPORT(fcjs_wire_checksum) int32_t fcjs_wire_checksum(uint32_t frame, uint32_t lo, uint32_t hi, uint8_t *buf,
                                                           uint32_t cap, int32_t *io)
{
    size_t n = 0;
    fc_status st = fc_wire_checksum(frame, (uint64_t)lo | (uint64_t)hi << 32, buf, cap, &n);
    io[0] = (int32_t)n;
    return st;
}

/* io out (on FC_OK): type, version, session, frame, round, value lo, value
 * hi, slot, dim, max_found, max_rounds, verdict, found, rounds, reason,
 * text offset from msg, text length. */
FCJS_EXPORT(fcjs_wire_decode) int32_t fcjs_wire_decode(const uint8_t *msg, uint32_t len, int32_t *io)
{
    fc_wire_msg m;
    fc_status st = fc_wire_decode(msg, len, &m);
    if (st != FC_OK)
        return st;
    const uint32_t v[17] = {m.type,
                            m.version,
                            m.session,
                            m.frame,
                            m.round,
                            (uint32_t)m.value,
                            (uint32_t)(m.value >> 32),
                            m.slot,
                            m.dim,
                            m.max_found,
                            m.max_rounds,
                            m.verdict,
                            m.found,
                            m.rounds,
                            m.reason,
                            m.text != NULL ? (uint32_t)((const uint8_t *)m.text - msg) : 0u,
                            m.text_len};
    for (int i = 0; i < 17; i++)
        io[i] = (int32_t)v[i];
    return FC_OK;
}
