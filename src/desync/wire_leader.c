/* SPDX-License-Identifier: MIT */
/* The leader's side of the wire protocol (fixcol/wire.h): drives the
 * bisection (fc_desync) with one outstanding request at a time, checks
 * every reply against its round and the follower's earlier answers, asks
 * for the dump line of each slot found and sends one REPORT per slot and a
 * VERDICT at the end. fc_wire_receive and fc_wire_produce share the state
 * and the follower's side (wire_follower.c) the message checks below. */
#include "wire_internal.h"

#include <string.h>

#include "core/nofloat.h"

enum {
    L_START = 0,  /* send START */
    L_NEXT,       /* ask the state machine what to do */
    L_WAIT_ANSWER,/* an ASK is outstanding (round pending) */
    L_WAIT_DUMP,  /* a DUMP_ASK is outstanding */
    L_REPORT,     /* a DUMP arrived: check it and send the REPORT */
    L_VERDICT,    /* send the VERDICT */
    L_ABORT,      /* send ABORT */
    L_END
};

fc_status fc_wire_leader(fc_wire *s, uint32_t session, uint32_t frame, uint32_t max_found, uint32_t max_rounds,
                         uint32_t max_messages)
{
    if (s == NULL)
        return FC_ERR_NULL;
    if (session == 0 || max_found > (uint32_t)FC_WORLD_MAX_BODIES)
        return FC_ERR_ARGUMENT;
    if (max_found == 0)
        max_found = FC_DESYNC_DEFAULT_MAX_FOUND;
    memset(s, 0, sizeof *s);
    fc_desync_init(&s->search);
    (void)fc_desync_set_budget(&s->search, max_found, max_rounds);
    s->role = FC_WIRE_LEADER;
    s->state = L_START;
    s->session = session;
    s->frame = frame;
    if (max_messages == 0) {
        uint64_t rounds = max_rounds != 0 ? max_rounds : 2 + 24 * (uint64_t)max_found;
        uint64_t cap = rounds + max_found + 64;
        max_messages = cap > UINT32_MAX ? UINT32_MAX : (uint32_t)cap;
    }
    s->max_messages = max_messages;
    return FC_OK;
}

void fc_wire_abort(fc_wire *s)
{
    if (s == NULL || s->verdict != FC_WIRE_RUNNING || s->done)
        return;
    s->verdict = FC_WIRE_ABORTED;
    s->reason = FC_WIRE_REASON_CALLER;
    if (s->role == FC_WIRE_LEADER)
        s->state = L_ABORT;
    else
        fc_wire_follower_abort(s);
}

static fc_wire_rx decide(fc_wire *s, uint32_t verdict, fc_wire_rx rx)
{
    s->verdict = verdict;
    s->state = L_VERDICT;
    return rx;
}

static fc_wire_rx leader_receive(fc_wire *s, const fc_wire_msg *m)
{
    if (m->type == FC_WIRE_ABORT) {
        if (m->round >= s->round)
            return FC_WIRE_RX_OUT_OF_ORDER;
        s->verdict = FC_WIRE_ABORTED;
        s->reason = m->reason;
        s->state = L_END;
        s->done = 1;
        return FC_WIRE_RX_ABORTED;
    }
    if (m->type != FC_WIRE_ANSWER && m->type != FC_WIRE_DUMP)
        return FC_WIRE_RX_UNEXPECTED;
    const int waiting = s->state == L_WAIT_ANSWER || s->state == L_WAIT_DUMP;
    if (!waiting || m->round < s->pending)
        return m->round < s->round ? FC_WIRE_RX_REPLAYED : FC_WIRE_RX_OUT_OF_ORDER;
    if (m->round > s->pending)
        return FC_WIRE_RX_OUT_OF_ORDER;
    if (s->state == L_WAIT_ANSWER) {
        if (m->type != FC_WIRE_ANSWER)
            return FC_WIRE_RX_UNEXPECTED;
        const uint64_t theirs = m->value;
        if (s->question == FC_DESYNC_ASK_SLOTS) {
            if (theirs > (uint64_t)FC_WORLD_MAX_BODIES)
                return decide(s, FC_WIRE_INCONSISTENT, FC_WIRE_RX_INCONSISTENT);
            /* no used slot: the round-1 sum is the empty world's (2D 0, 3D T(2^31)) */
            if (theirs == 0 && s->first != 0 && s->first != fc_wire_term((uint64_t)1 << 31))
                return decide(s, FC_WIRE_INCONSISTENT, FC_WIRE_RX_INCONSISTENT);
            s->their_slots = (uint32_t)theirs;
        } else if (s->search.rounds == 0) {
            s->first = theirs;
        }
        if (fc_desync_feed(&s->search, s->mine, theirs) != FC_OK)
            return decide(s, FC_WIRE_INCONSISTENT, FC_WIRE_RX_INCONSISTENT);
        s->state = L_NEXT;
        return FC_WIRE_RX_ACCEPTED;
    }
    if (m->type != FC_WIRE_DUMP)
        return FC_WIRE_RX_UNEXPECTED;
    if (m->slot != s->slot)
        return decide(s, FC_WIRE_INCONSISTENT, FC_WIRE_RX_INCONSISTENT);
    memcpy(s->text, m->text, m->text_len);
    s->text_len = m->text_len;
    s->their_dim = m->dim;
    s->state = L_REPORT;
    return FC_WIRE_RX_ACCEPTED;
}

fc_wire_rx fc_wire_receive(fc_wire *s, const void *msg, size_t len)
{
    if (s == NULL || msg == NULL)
        return FC_WIRE_RX_NULL;
    if (s->done || s->verdict != FC_WIRE_RUNNING || (s->role != FC_WIRE_LEADER && s->role != FC_WIRE_FOLLOWER))
        return FC_WIRE_RX_ENDED;
    if (s->messages >= s->max_messages) {
        if (s->role == FC_WIRE_LEADER)
            return decide(s, FC_WIRE_CAP, FC_WIRE_RX_CAP);
        return fc_wire_follower_cap(s);
    }
    s->messages++;
    fc_wire_msg m;
    fc_status st = fc_wire_decode(msg, len, &m);
    if (st == FC_ERR_VERSION)
        return FC_WIRE_RX_VERSION;
    if (st != FC_OK)
        return FC_WIRE_RX_MALFORMED;
    if (s->role == FC_WIRE_FOLLOWER)
        return fc_wire_follower_receive(s, &m);
    if (m.session != s->session || m.frame != s->frame)
        return FC_WIRE_RX_SESSION;
    return leader_receive(s, &m);
}

static void header(fc_wire_msg *m, const fc_wire *s, uint32_t type, uint32_t round)
{
    memset(m, 0, sizeof *m);
    m->type = type;
    m->session = s->session;
    m->frame = s->frame;
    m->round = round;
}

/* The outgoing message for the current state, or 0 (nothing now). */
static size_t leader_step(fc_wire *s, const fc_world *w, uint8_t *buf)
{
    fc_wire_msg m;
    for (;;) {
        switch (s->state) {
        case L_START:
            header(&m, s, FC_WIRE_START, s->round++);
            m.dim = (uint32_t)fc_world_get_dim(w);
            m.max_found = s->search.max_found;
            m.max_rounds = s->search.max_rounds;
            s->dim = m.dim;
            s->state = L_NEXT;
            return fc_wire_encode(&m, buf);
        case L_NEXT: {
            uint64_t v = 0;
            const fc_desync *d = &s->search;
            /* a one-slot range on top is the next report: keep its sums */
            uint64_t leaf = 0;
            if (!d->waiting && d->depth > 0 && d->stack[d->depth - 1].hi - d->stack[d->depth - 1].lo == 1)
                leaf = d->stack[d->depth - 1].theirs;
            fc_desync_step step = fc_desync_next(&s->search, &v);
            if (step == FC_DESYNC_ASK) {
                if (fc_desync_answer(w, v, &s->mine) != FC_OK)
                    return 0; /* cannot happen: the machine only asks valid questions */
                s->question = v;
                s->pending = s->round;
                header(&m, s, FC_WIRE_ASK, s->round++);
                m.value = v;
                s->state = L_WAIT_ANSWER;
                return fc_wire_encode(&m, buf);
            }
            if (step == FC_DESYNC_FOUND) {
                s->slot = (uint32_t)v;
                s->leaf = leaf;
                s->found++;
                s->pending = s->round;
                header(&m, s, FC_WIRE_DUMP_ASK, s->round++);
                m.slot = s->slot;
                s->state = L_WAIT_DUMP;
                return fc_wire_encode(&m, buf);
            }
            s->verdict = step == FC_DESYNC_LIMIT ? FC_WIRE_BUDGET : s->found > 0 ? FC_WIRE_FOUND : FC_WIRE_EQUAL;
            s->state = L_VERDICT;
            continue;
        }
        case L_REPORT: {
            char mine[FC_WIRE_LINE_MAX];
            size_t n = 0;
            if (fc_world_dump_slot(w, s->slot, mine, sizeof mine, &n) != FC_OK)
                n = 0;
            if (!fc_wire_consistent(s->slot, s->leaf, s->their_slots, s->text, s->text_len, s->their_dim, mine, n,
                                    s->dim)) {
                s->verdict = FC_WIRE_INCONSISTENT;
                s->state = L_VERDICT;
                continue;
            }
            char text[FC_WIRE_TEXT_MAX];
            header(&m, s, FC_WIRE_REPORT, s->round++);
            m.slot = s->slot;
            m.text = text;
            m.text_len = (uint32_t)fc_wire_report_text(s->frame, s->slot, mine, n, s->dim, s->text, s->text_len,
                                                       s->their_dim, text);
            s->state = L_NEXT;
            return fc_wire_encode(&m, buf);
        }
        case L_VERDICT:
            header(&m, s, FC_WIRE_VERDICT, s->round++);
            m.verdict = s->verdict;
            m.found = s->found;
            m.rounds = s->search.rounds;
            s->state = L_END;
            s->done = 1;
            return fc_wire_encode(&m, buf);
        case L_ABORT:
            header(&m, s, FC_WIRE_ABORT, s->round++);
            m.reason = FC_WIRE_REASON_CALLER;
            s->state = L_END;
            s->done = 1;
            return fc_wire_encode(&m, buf);
        default: /* waiting for the follower, or ended */
            return 0;
        }
    }
}

fc_status fc_wire_produce(fc_wire *s, const fc_world *w, void *buf, size_t cap, size_t *len)
{
    if (len != NULL)
        *len = 0;
    if (s == NULL || w == NULL || buf == NULL || len == NULL)
        return FC_ERR_NULL;
    if (cap < FC_WIRE_MESSAGE_MAX)
        return FC_ERR_BUFFER;
    if (s->role == FC_WIRE_LEADER)
        *len = leader_step(s, w, (uint8_t *)buf);
    else if (s->role == FC_WIRE_FOLLOWER)
        *len = fc_wire_follower_step(s, w, (uint8_t *)buf);
    return FC_OK;
}
