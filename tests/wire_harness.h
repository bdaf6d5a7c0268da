/* SPDX-License-Identifier: MIT */
/* Shared by tests/test_wire.c and tests/fuzz_wire.c: an encoder of wire
 * messages written from the layout in fixcol/wire.h (independent of the
 * library's), and a loopback between a leader and a follower (or a liar
 * standing in for the follower) with an optional tamper hook on every
 * message, recording what the leader reported and what the follower
 * received. */
#ifndef FIXCOL_TESTS_WIRE_HARNESS_H
#define FIXCOL_TESTS_WIRE_HARNESS_H

#include <fixcol/wire.h>

#include <stdint.h>
#include <string.h>

/* ---- the documented layout */
static inline size_t wh_encode(uint8_t *b, uint32_t type, uint32_t session, uint32_t frame, uint32_t round,
                               const uint8_t *payload, uint32_t n)
{
    const uint32_t h[6] = {0x50574346u /* "FCWP" */, FC_WIRE_VERSION | type << 16, session, frame, round, n};
    for (int i = 0; i < 6; i++)
        for (int k = 0; k < 4; k++)
            b[4 * i + k] = (uint8_t)(h[i] >> (8 * k));
    if (n > 0)
        memcpy(b + 24, payload, n);
    return 24 + (size_t)n;
}

static inline void wh_le32(uint8_t *p, uint32_t v)
{
    for (int k = 0; k < 4; k++)
        p[k] = (uint8_t)(v >> (8 * k));
}

static inline void wh_le64(uint8_t *p, uint64_t v)
{
    wh_le32(p, (uint32_t)v);
    wh_le32(p + 4, (uint32_t)(v >> 32));
}

/* ---- loopback */

/* A liar replacing the follower: given the decoded request m (START, ASK,
 * DUMP_ASK, REPORT, VERDICT, ABORT), write the reply into out and return
 * its size (0: no reply). */
typedef size_t (*wh_liar)(void *ctx, const fc_wire_msg *m, uint8_t *out);
/* A tamper hook: may change the message in place (cap FC_WIRE_MESSAGE_MAX)
 * and returns its new size (0 drops it); to_leader says the direction. */
typedef size_t (*wh_tamper)(void *ctx, int to_leader, uint8_t *msg, size_t len);

#define WH_MAX_REPORTS 80

typedef struct wh_result {
    uint32_t to_follower, to_leader; /* messages delivered */
    uint32_t nreports;
    uint32_t slot[WH_MAX_REPORTS];
    char text[WH_MAX_REPORTS][FC_WIRE_TEXT_MAX + 1];
    uint32_t follower_reports;     /* REPORTs the follower took */
    uint32_t follower_report_same; /* ... byte for byte the leader's */
    uint32_t steps;                /* loop iterations */
    int leader_rx_bad;             /* a leader fc_wire_receive status other than accepted */
    int follower_rx_bad;
} wh_result;

static uint8_t wh_last_report[FC_WIRE_MESSAGE_MAX];
static size_t wh_last_report_len;

/* Run until nothing moves or max_steps iterations (every iteration
 * delivers at least one message). */
static inline void wh_run(fc_wire *lead, const fc_world *a, fc_wire *fol, const fc_world *b, wh_liar liar,
                          wh_tamper tamper, void *ctx, uint32_t max_steps, wh_result *r)
{
    static uint8_t to_f[64][FC_WIRE_MESSAGE_MAX], to_l[64][FC_WIRE_MESSAGE_MAX];
    size_t nf_len[64], nl_len[64];
    memset(r, 0, sizeof *r);
    for (;;) {
        int nf = 0, nl = 0;
        size_t n = 0;
        while (nf < 64 && fc_wire_produce(lead, a, to_f[nf], FC_WIRE_MESSAGE_MAX, &n) == FC_OK && n > 0) {
            fc_wire_msg m;
            if (fc_wire_decode(to_f[nf], n, &m) == FC_OK && m.type == FC_WIRE_REPORT) {
                if (r->nreports < WH_MAX_REPORTS) {
                    r->slot[r->nreports] = m.slot;
                    memcpy(r->text[r->nreports], m.text, m.text_len);
                    r->text[r->nreports][m.text_len] = 0;
                }
                r->nreports++;
                memcpy(wh_last_report, to_f[nf], n);
                wh_last_report_len = n;
            }
            nf_len[nf++] = n;
        }
        if (nf == 0)
            break;
        if (++r->steps > max_steps)
            break;
        for (int i = 0; i < nf; i++) {
            size_t len = tamper ? tamper(ctx, 0, to_f[i], nf_len[i]) : nf_len[i];
            if (len == 0)
                continue;
            r->to_follower++;
            if (liar != NULL) {
                fc_wire_msg m;
                if (fc_wire_decode(to_f[i], len, &m) != FC_OK)
                    continue;
                size_t out = liar(ctx, &m, to_l[nl]);
                if (out > 0 && nl < 64)
                    nl_len[nl++] = out;
                continue;
            }
            fc_wire_rx rx = fc_wire_receive(fol, to_f[i], len);
            if (rx == FC_WIRE_RX_REPORT) {
                r->follower_reports++;
                if (len == wh_last_report_len && memcmp(to_f[i], wh_last_report, len) == 0)
                    r->follower_report_same++;
            } else if (rx != FC_WIRE_RX_ACCEPTED && rx != FC_WIRE_RX_START && rx != FC_WIRE_RX_VERDICT &&
                       rx != FC_WIRE_RX_ABORTED) {
                r->follower_rx_bad++;
            }
            while (nl < 64 && fc_wire_produce(fol, b, to_l[nl], FC_WIRE_MESSAGE_MAX, &n) == FC_OK && n > 0)
                nl_len[nl++] = n;
        }
        for (int i = 0; i < nl; i++) {
            size_t len = tamper ? tamper(ctx, 1, to_l[i], nl_len[i]) : nl_len[i];
            if (len == 0)
                continue;
            r->to_leader++;
            fc_wire_rx rx = fc_wire_receive(lead, to_l[i], len);
            if (rx != FC_WIRE_RX_ACCEPTED && rx != FC_WIRE_RX_ABORTED)
                r->leader_rx_bad++;
        }
    }
}

#endif
