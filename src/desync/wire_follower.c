/* SPDX-License-Identifier: MIT */
/* The follower's side of the wire protocol (fixcol/wire.h): waits for a
 * START, then takes the leader's requests strictly in round order (each
 * one round after the last) and answers each from its world at the
 * search's frame: ASK with fc_desync_answer, DUMP_ASK with
 * fc_world_dump_slot. An invalid question ends the search with ABORT. */
#include "wire_internal.h"

#include <string.h>

#include "core/nofloat.h"

enum {
    F_IDLE = 0, /* no START yet */
    F_READY,    /* waiting for the next request */
    F_REPLY,    /* a reply (s->reply) is due */
    F_END
};

fc_status fc_wire_follower(fc_wire *s, uint32_t max_messages)
{
    if (s == NULL)
        return FC_ERR_NULL;
    memset(s, 0, sizeof *s);
    fc_desync_init(&s->search);
    s->role = FC_WIRE_FOLLOWER;
    s->state = F_IDLE;
    s->max_messages = max_messages != 0 ? max_messages : FC_WIRE_DEFAULT_FOLLOWER_CAP;
    return FC_OK;
}

static void end_with_abort(fc_wire *s, uint32_t verdict, uint32_t reason)
{
    s->verdict = verdict;
    s->reason = reason;
    if (s->state == F_IDLE) { /* no session to tell */
        s->state = F_END;
        s->done = 1;
        return;
    }
    s->reply = FC_WIRE_ABORT;
    s->state = F_REPLY;
}

void fc_wire_follower_abort(fc_wire *s)
{
    end_with_abort(s, FC_WIRE_ABORTED, FC_WIRE_REASON_CALLER);
}

fc_wire_rx fc_wire_follower_cap(fc_wire *s)
{
    end_with_abort(s, FC_WIRE_CAP, FC_WIRE_REASON_CAP);
    return FC_WIRE_RX_CAP;
}

static int valid_question(uint64_t q)
{
    if (q == FC_DESYNC_ASK_SLOTS)
        return 1;
    const uint32_t lo = (uint32_t)q, hi = (uint32_t)(q >> 32);
    return lo <= hi && hi <= (uint32_t)FC_WORLD_MAX_BODIES;
}

fc_wire_rx fc_wire_follower_receive(fc_wire *s, const fc_wire_msg *m)
{
    if (s->verdict != FC_WIRE_RUNNING) /* an abort is still to be sent */
        return FC_WIRE_RX_ENDED;
    if (m->type == FC_WIRE_CHECKSUM || m->type == FC_WIRE_ANSWER || m->type == FC_WIRE_DUMP)
        return FC_WIRE_RX_UNEXPECTED;
    if (s->state == F_IDLE) {
        if (m->type != FC_WIRE_START)
            return FC_WIRE_RX_UNEXPECTED;
        if (m->round != 0)
            return FC_WIRE_RX_OUT_OF_ORDER;
        s->session = m->session;
        s->frame = m->frame;
        s->dim = m->dim;
        s->round = 0;
        s->state = F_READY;
        return FC_WIRE_RX_START;
    }
    if (m->session != s->session || m->frame != s->frame)
        return FC_WIRE_RX_SESSION;
    if (m->round <= s->round)
        return FC_WIRE_RX_REPLAYED;
    if (m->round > s->round + 1)
        return FC_WIRE_RX_OUT_OF_ORDER;
    if (m->type == FC_WIRE_START || s->state != F_READY)
        return FC_WIRE_RX_UNEXPECTED; /* a request before the last one was answered */
    s->round = m->round;
    switch (m->type) {
    case FC_WIRE_ASK:
        if (!valid_question(m->value)) {
            end_with_abort(s, FC_WIRE_ABORTED, FC_WIRE_REASON_BAD_REQUEST);
            return FC_WIRE_RX_INCONSISTENT;
        }
        s->question = m->value;
        s->reply = FC_WIRE_ANSWER;
        s->state = F_REPLY;
        return FC_WIRE_RX_ACCEPTED;
    case FC_WIRE_DUMP_ASK:
        s->slot = m->slot;
        s->reply = FC_WIRE_DUMP;
        s->state = F_REPLY;
        return FC_WIRE_RX_ACCEPTED;
    case FC_WIRE_REPORT:
        s->found++;
        return FC_WIRE_RX_REPORT;
    case FC_WIRE_VERDICT:
        s->verdict = m->verdict;
        s->state = F_END;
        s->done = 1;
        return FC_WIRE_RX_VERDICT;
    default: /* FC_WIRE_ABORT */
        s->verdict = FC_WIRE_ABORTED;
        s->reason = m->reason;
        s->state = F_END;
        s->done = 1;
        return FC_WIRE_RX_ABORTED;
    }
}

size_t fc_wire_follower_step(fc_wire *s, const fc_world *w, uint8_t *buf)
{
    if (s->state != F_REPLY)
        return 0;
    fc_wire_msg m;
    memset(&m, 0, sizeof m);
    m.session = s->session;
    m.frame = s->frame;
    m.round = s->round;
    m.type = s->reply;
    char line[FC_WIRE_LINE_MAX];
    if (s->reply == FC_WIRE_ANSWER) {
        if (fc_desync_answer(w, s->question, &m.value) != FC_OK) /* checked on receipt */
            return 0;
    } else if (s->reply == FC_WIRE_DUMP) {
        size_t n = 0;
        if (fc_world_dump_slot(w, s->slot, line, sizeof line, &n) != FC_OK || n == 0) {
            end_with_abort(s, FC_WIRE_ABORTED, FC_WIRE_REASON_CALLER);
            return fc_wire_follower_step(s, w, buf);
        }
        m.slot = s->slot;
        m.dim = (uint32_t)fc_world_get_dim(w);
        m.text = line;
        m.text_len = (uint32_t)n;
    } else { /* FC_WIRE_ABORT */
        m.reason = s->reason;
        s->state = F_END;
        s->done = 1;
        return fc_wire_encode(&m, buf);
    }
    s->state = F_READY;
    return fc_wire_encode(&m, buf);
}
