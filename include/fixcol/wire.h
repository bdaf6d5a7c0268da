/* SPDX-License-Identifier: MIT */
/* fixcol/wire.h - the desync locator (fixcol/desync.h) as a wire protocol
 * between two machines (docs/lockstep.md: message flow and reference).
 *
 * Bytes in, bytes out: the library encodes and decodes messages and runs
 * both roles' state machines in caller-owned structs (no allocation, no
 * global state, no I/O, no clock); the caller moves the bytes over any
 * transport and supplies the world at the search's frame.
 *
 *   leader   (the server, authoritative): runs the bisection (fc_desync)
 *            and decides: equal, found (one REPORT per differing slot),
 *            budget spent, peer inconsistent, aborted or message cap.
 *   follower (a client): answers questions about its world at frame F.
 *
 * Message (little-endian; every message):
 *   offset size field
 *   0      4    magic   'F' 'C' 'W' 'P'
 *   4      2    version FC_WIRE_VERSION (1)
 *   6      2    type    fc_wire_type
 *   8      4    session search id chosen by the leader, not 0 (0 only in CHECKSUM)
 *   12     4    frame   the frame both worlds are compared at
 *   16     4    round   leader messages are numbered 0 (START), 1, 2, ...;
 *                       a follower reply carries the round of its request
 *   20     4    length  payload bytes that follow (exactly, per type below)
 *   24     ...  payload
 * Payloads (u32/u64 little-endian; text: printable ASCII 0x20..0x7e and LF):
 *   CHECKSUM  u64 checksum (fc_world_checksum at frame); session 0, round 0
 *   START     u32 dim (2|3, the leader's world), u32 max_found, u32 max_rounds
 *   ASK       u64 question (fc_desync: a range lo | hi << 32 or ASK_SLOTS)
 *   ANSWER    u64 answer (fc_desync_answer of the follower's world)
 *   DUMP_ASK  u32 slot (< FC_WORLD_MAX_BODIES)
 *   DUMP      u32 slot, u32 dim (the follower's), text: fc_world_dump_slot
 *             line (1..FC_WIRE_LINE_MAX bytes, one LF, at the end)
 *   REPORT    u32 slot, text (1..FC_WIRE_TEXT_MAX bytes, ends with LF):
 *               frame F slot I
 *               mine: <leader's dump line of slot I>
 *               theirs: <follower's dump line of slot I>
 *               FIELD: A vs B          one line per differing field:
 *                 state, generation, category, mask, user_data, shape,
 *                 <shape field>[.x|.y|.z] (center.x, radius, v3.y, ...), dim
 *   VERDICT   u32 verdict (fc_wire_verdict 1..6), u32 found, u32 rounds
 *   ABORT     u32 reason (fc_wire_reason 1..3)
 *
 * Flow: the leader sends START (round 0), then one ASK per bisection round
 * and waits for its ANSWER; for each slot found it sends DUMP_ASK, waits for
 * the DUMP and sends a REPORT; last a VERDICT. Either side may send ABORT.
 * One request is outstanding at a time. Rounds (fc_desync): 1 for equal
 * worlds, at most 2 + ceil(log2 S) for one differing slot, S the larger
 * slot count; messages per search: 2 per round + 3 per slot found + 2.
 *
 * Hostile peers. fc_wire_receive never trusts a message: anything malformed,
 * of another version, session or frame, replayed (an older round), out of
 * order (a later round), unexpected in the current state, or arriving after
 * the end changes nothing and returns its fc_wire_rx. Every call to
 * fc_wire_receive counts towards the session's message cap; past it the
 * session ends (verdict FC_WIRE_CAP). The bisection's budget
 * (fc_desync_set_budget) bounds rounds and reports (verdict FC_WIRE_BUDGET).
 * Answers that contradict each other end the search with verdict
 * FC_WIRE_INCONSISTENT: a slot count past FC_WORLD_MAX_BODIES; a round-1 sum
 * that is not the empty world's when the slot count is 0; a found slot
 * whose inferred term (T is one-to-one, so the leader recovers the
 * follower's protocol word) is not a live/free/unused word for that slot and
 * slot count, or disagrees with the state and generation in its DUMP line;
 * a DUMP line equal to the leader's (user data aside, same dimension)
 * although the sums said the slot differs; a DUMP for another slot.
 * So a search ends with a verdict after at most the round budget plus 3
 * messages per report plus the message cap, whatever the peer sends.
 */
#ifndef FIXCOL_WIRE_H
#define FIXCOL_WIRE_H

#include <fixcol/api.h>

#include <stddef.h>
#include <stdint.h>

#include <fixcol/desync.h>
#include <fixcol/status.h>
#include <fixcol/world.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FC_WIRE_VERSION 1
#define FC_WIRE_HEADER_SIZE 24
/* Longest dump line in a DUMP (bytes, LF included). */
#define FC_WIRE_LINE_MAX 1024
/* Longest REPORT text (bytes). */
#define FC_WIRE_TEXT_MAX 4096
/* Largest message: header + slot + REPORT text. A buffer of this size
 * holds every message fc_wire_produce writes. */
#define FC_WIRE_MESSAGE_MAX (FC_WIRE_HEADER_SIZE + 4 + FC_WIRE_TEXT_MAX)
/* Default follower message cap (messages received per session). */
#define FC_WIRE_DEFAULT_FOLLOWER_CAP 4096u

typedef enum fc_wire_type {
    FC_WIRE_CHECKSUM = 1,
    FC_WIRE_START = 2,
    FC_WIRE_ASK = 3,
    FC_WIRE_ANSWER = 4,
    FC_WIRE_DUMP_ASK = 5,
    FC_WIRE_DUMP = 6,
    FC_WIRE_REPORT = 7,
    FC_WIRE_VERDICT = 8,
    FC_WIRE_ABORT = 9
} fc_wire_type;

/* How a search ended (0 while it runs). */
typedef enum fc_wire_verdict {
    FC_WIRE_RUNNING = 0,
    FC_WIRE_EQUAL = 1,        /* the worlds are equal at frame (round 1) */
    FC_WIRE_FOUND = 2,        /* every differing slot reported (>= 1 REPORT) */
    FC_WIRE_BUDGET = 3,       /* the round/report budget ran out (reports so far stand) */
    FC_WIRE_INCONSISTENT = 4, /* the follower's answers contradict each other */
    FC_WIRE_ABORTED = 5,      /* fc_wire_abort on either side */
    FC_WIRE_CAP = 6           /* the message cap was reached */
} fc_wire_verdict;

/* Why an ABORT was sent. */
typedef enum fc_wire_reason {
    FC_WIRE_REASON_CALLER = 1,     /* fc_wire_abort (timeout, no snapshot of frame, ...) */
    FC_WIRE_REASON_CAP = 2,        /* the follower's message cap was reached */
    FC_WIRE_REASON_BAD_REQUEST = 3 /* the follower got an invalid question */
} fc_wire_reason;

/* What fc_wire_receive made of a message. */
typedef enum fc_wire_rx {
    FC_WIRE_RX_ACCEPTED = 0,     /* taken; call fc_wire_produce */
    FC_WIRE_RX_START = 1,        /* follower: a search began; restore the world to s->frame */
    FC_WIRE_RX_REPORT = 2,       /* follower: a REPORT (decode it to log its text) */
    FC_WIRE_RX_VERDICT = 3,      /* follower: the VERDICT; the search is over */
    FC_WIRE_RX_ABORTED = 4,      /* the peer sent ABORT; the search is over */
    FC_WIRE_RX_MALFORMED = 5,    /* not a message (fc_wire_decode: FC_ERR_FORMAT) */
    FC_WIRE_RX_VERSION = 6,      /* another protocol version */
    FC_WIRE_RX_SESSION = 7,      /* another session or frame */
    FC_WIRE_RX_REPLAYED = 8,     /* a round already handled */
    FC_WIRE_RX_OUT_OF_ORDER = 9, /* a round not reached yet */
    FC_WIRE_RX_UNEXPECTED = 10,  /* a type this role/state does not take */
    FC_WIRE_RX_INCONSISTENT = 11,/* leader: contradicts earlier answers; search over */
    FC_WIRE_RX_CAP = 12,         /* the message cap is reached; search over */
    FC_WIRE_RX_ENDED = 13,       /* the search is already over; ignored */
    FC_WIRE_RX_NULL = 14         /* s or msg NULL */
} fc_wire_rx;

/* A decoded message (fc_wire_decode). Fields a type does not carry are 0;
 * text points into the decoded bytes (not NUL-terminated). */
typedef struct fc_wire_msg {
    uint32_t type, version, session, frame, round;
    uint64_t value;                   /* CHECKSUM checksum, ASK question, ANSWER answer */
    uint32_t slot;                    /* DUMP_ASK, DUMP, REPORT */
    uint32_t dim;                     /* START, DUMP */
    uint32_t max_found, max_rounds;   /* START */
    uint32_t verdict, found, rounds;  /* VERDICT */
    uint32_t reason;                  /* ABORT */
    const char *text;                 /* DUMP, REPORT */
    uint32_t text_len;
} fc_wire_msg;

/* One side of one search: a plain value (no pointers, no allocation, about
 * 2 KiB). Read-only for the caller: role (1 leader, 2 follower), session,
 * frame, verdict (fc_wire_verdict, RUNNING until decided), done (1 once
 * nothing more is sent or taken), messages (fc_wire_receive calls counted)
 * and max_messages, found (slots reported), search (the leader's fc_desync:
 * search.rounds is the rounds fed). Everything else is internal. */
typedef struct fc_wire {
    uint32_t role, state, session, frame;
    uint32_t verdict, done, messages, max_messages;
    uint32_t found, round, pending, reason;
    uint32_t dim, their_dim, their_slots, slot;
    uint32_t reply, text_len;
    uint64_t question, mine, leaf, first;
    fc_desync search;
    char text[FC_WIRE_LINE_MAX];
} fc_wire;

/* Encode a CHECKSUM message ("my checksum at frame", session 0, round 0)
 * into buf (cap >= FC_WIRE_HEADER_SIZE + 8); *len = bytes written.
 * Errors: FC_ERR_NULL, FC_ERR_BUFFER (nothing written). */
FC_API fc_status fc_wire_checksum(uint32_t frame, uint64_t checksum, void *buf, size_t cap, size_t *len);

/* Decode and validate one message of len bytes (exact: header + length).
 * Errors (*out untouched): FC_ERR_NULL; FC_ERR_VERSION (good magic, other
 * version); FC_ERR_FORMAT (bad magic, short, length mismatch, unknown type,
 * payload size or value out of range, bad text, session 0 outside a
 * CHECKSUM, a CHECKSUM with a session or round). */
FC_API fc_status fc_wire_decode(const void *msg, size_t len, fc_wire_msg *out);

/* Start a leader search about frame: session (not 0) identifies it in
 * every message; max_found (0: FC_DESYNC_DEFAULT_MAX_FOUND, else
 * 1..FC_WORLD_MAX_BODIES) and max_rounds (0: the bound 2 + max_found *
 * ceil(log2 S)) are the fc_desync budget; max_messages caps the
 * fc_wire_receive calls (0: rounds + max_found + 64, rounds the explicit
 * max_rounds or 2 + 24 * max_found). Errors (*s untouched): FC_ERR_NULL,
 * FC_ERR_ARGUMENT (session 0, max_found too large). */
FC_API fc_status fc_wire_leader(fc_wire *s, uint32_t session, uint32_t frame, uint32_t max_found, uint32_t max_rounds,
                                uint32_t max_messages);

/* Start a follower waiting for a START: max_messages caps the
 * fc_wire_receive calls (0: FC_WIRE_DEFAULT_FOLLOWER_CAP). One search per
 * struct: start another with fc_wire_follower again. Errors: FC_ERR_NULL. */
FC_API fc_status fc_wire_follower(fc_wire *s, uint32_t max_messages);

/* Take one received message (see Hostile peers above). Needs no world. */
FC_API fc_wire_rx fc_wire_receive(fc_wire *s, const void *msg, size_t len);

/* The next message to send, computed from w (the caller's world at
 * s->frame: the leader's own answers and dump lines, the follower's replies).
 * Writes at most one message into buf (cap must be >= FC_WIRE_MESSAGE_MAX)
 * and sets *len to its size, or *len = 0 when there is nothing to send now
 * (waiting for the peer, or s->done). Call it after every fc_wire_receive
 * and repeat until *len is 0. Errors (nothing changes, *len 0 when len is
 * not NULL): FC_ERR_NULL (s, w, buf or len), FC_ERR_BUFFER (cap too small). */
FC_API fc_status fc_wire_produce(fc_wire *s, const fc_world *w, void *buf, size_t cap, size_t *len);

/* End the search from this side (timeout, frame not available): the next
 * fc_wire_produce sends ABORT (reason FC_WIRE_REASON_CALLER), verdict
 * FC_WIRE_ABORTED. Ignored when NULL or the verdict is already decided. */
FC_API void fc_wire_abort(fc_wire *s);

#ifdef __cplusplus
}
#endif

#endif
