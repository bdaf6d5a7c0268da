/* SPDX-License-Identifier: MIT */
/* Private: shared by the wire protocol sources (fixcol/wire.h). */
#ifndef FIXCOL_SRC_WIRE_INTERNAL_H
#define FIXCOL_SRC_WIRE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include <fixcol/wire.h>

enum { FC_WIRE_LEADER = 1, FC_WIRE_FOLLOWER = 2 };

/* Encode a message into buf (the caller checked cap >= FC_WIRE_MESSAGE_MAX
 * or the exact size): header fields from m (type, session, frame, round),
 * the payload per type from m's fields; returns the size. */
size_t fc_wire_encode(const fc_wire_msg *m, uint8_t *buf);

/* The follower's half of fc_wire_receive (decoded message, cap not
 * reached), its cap ending, and its half of fc_wire_produce. */
fc_wire_rx fc_wire_follower_receive(fc_wire *s, const fc_wire_msg *m);
fc_wire_rx fc_wire_follower_cap(fc_wire *s);
void fc_wire_follower_abort(fc_wire *s); /* fc_wire_abort, verdict already set */
size_t fc_wire_follower_step(fc_wire *s, const fc_world *w, uint8_t *buf);

/* T^-1: the protocol word whose term (fixcol/desync.h) is t. */
uint64_t fc_wire_word_of_term(uint64_t t);
/* T, the term of a protocol word. */
uint64_t fc_wire_term(uint64_t word);

/* The leader's check of a found slot (see fixcol/wire.h, Hostile peers):
 * 1 when the follower's inferred word `leaf_term` at `slot`, its slot count
 * and its dump line `line` (len bytes, dim `dim`) are consistent with each
 * other and with the leader's line `mine` (mine_len bytes, leader dim
 * `my_dim`); 0 when they contradict. */
int fc_wire_consistent(uint32_t slot, uint64_t leaf_term, uint32_t their_slots, const char *line, size_t len,
                       uint32_t dim, const char *mine, size_t mine_len, uint32_t my_dim);

/* The REPORT text of slot (fixcol/wire.h) into out (cap FC_WIRE_TEXT_MAX);
 * returns its length (lines that do not fit are cut at a line end). */
size_t fc_wire_report_text(uint32_t frame, uint32_t slot, const char *mine, size_t mine_len, uint32_t my_dim,
                           const char *theirs, size_t theirs_len, uint32_t their_dim, char *out);

#endif
