/* SPDX-License-Identifier: MIT */
/* fixcol/desync.h - locating a desync: which body differs between two
 * worlds that should be equal (docs/desync.md).
 *
 *   - range checksums and body hashes: 64-bit hashes of a slot-index range
 *     and of one body, from the same cached record hashes the world
 *     checksum is built from;
 *   - a bisection protocol (fc_desync): two live peers exchange one 64-bit
 *     value each way per round and find every differing slot in about
 *     log2(slots) rounds per difference - no snapshot upload, no
 *     networking in the library;
 *   - a canonical text dump of a world (fc_world_dump) and a field-by-field
 *     diff of two worlds or two snapshot blobs (fc_world_diff,
 *     fc_snapshot_diff), for the machine that has both sides.
 *
 * Nothing here is stored in or maintained by a world: a world that never
 * calls these functions pays nothing for them. Every function only reads
 * its world(s), is integer only, and has no global state.
 *
 * Slots. A world's body slots are numbered from 0; fc_world_slot_count is
 * the number of slots ever used (live + free). Every slot index i in
 * [0, FC_WORLD_MAX_BODIES) is in exactly one state, with a slot word:
 *   - live body with record hash R_i (world.h, fc_world_checksum): R_i (odd);
 *   - free slot whose next generation is g: 2 * i + g * 2^32 (even, not 0);
 *   - unused (i >= fc_world_slot_count): 0.
 * A live body's R_i covers its index, generation, filter and shape (not its
 * user data, like the world checksum) but not the world's dimension: a 2D
 * circle (5, 7) r 3 and a 3D sphere (5, 7, 3) r 0 have the same record
 * words, so the same R_i and the same slot word; a free slot's word covers
 * its index and generation. Equal state, generation, filter and shape
 * give equal slot words; a single-field change always changes R_i
 * (world.h) and so the word; other differences change it except for a
 * 64-bit hash collision. Not covered: user data and the order of the free
 * list (which ids are handed out next; a different order shows up as a
 * differing body at the next create; fc_world_diff reports both).
 *
 * Protocol words carry the dimension: the bisection below compares
 * fc_desync_answer sums, whose slot words are the slot words above in a
 * 2D world and, in a 3D world, the slot word xor 2 for a live slot (still
 * odd), xor 2^31 for a free slot (still even; bit 31 is never set in a
 * free word) and 2^31 for slot 0 when it is unused (slot count 0); other
 * unused slots stay 0. So a 2D and a 3D world differ in the protocol word
 * of every used slot and always in slot 0's, and fc_desync never reports
 * them equal unless several differing terms cancel (probability about
 * 2^-64, as for any k > 1 differences). fc_world_range_checksum and
 * fc_world_body_hash are not keyed (their values, recorded in replays, do
 * not change): compare them only between worlds of the same dimension.
 *
 * The term of a slot is its word through the xxHash64 avalanche (hash.h):
 *   T(x) = x ^ x >> 33, * FC_HASH_P2, ^ >> 29, * FC_HASH_P3, ^ >> 32
 * (one-to-one, so a differing word always gives a differing term, and
 * T(0) = 0), and a range checksum is the sum of its terms modulo 2^64.
 * Sums compose: H[lo, hi) = H[lo, mid) + H[mid, hi), which is what lets
 * the bisection below ask one half of a range and infer the other.
 */
#ifndef FIXCOL_DESYNC_H
#define FIXCOL_DESYNC_H

#include <fixcol/api.h>

#include <stddef.h>
#include <stdint.h>

#include <fixcol/status.h>
#include <fixcol/world.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------ hashes */

/* Number of slots ever used by w (live + free), 0..FC_WORLD_MAX_BODIES;
 * 0 for NULL. */
FC_API uint32_t fc_world_slot_count(const fc_world *w);

/* The range checksum of slots [lo, hi): the sum modulo 2^64 of T(slot
 * word) over lo <= i < hi (see above; no dimension key). Requires lo <= hi <=
 * FC_WORLD_MAX_BODIES, else FC_ERR_ARGUMENT (*out untouched). An empty
 * range, or one holding only unused slots, gives 0. A single slot's
 * differing word always changes the sum; k > 1 differing slots cancel out
 * with probability about 2^-64. Cost: one cached record-hash read and one
 * avalanche per used slot in the range (plus the generation of each free
 * one): max(0, min(hi, slot count) - lo) slots; no allocation.
 * Errors: FC_ERR_NULL, FC_ERR_ARGUMENT. */
FC_API fc_status fc_world_range_checksum(const fc_world *w, uint32_t lo, uint32_t hi, uint64_t *out);

/* The record hash R_i of a live body (world.h, fc_world_checksum), the
 * word the world checksum and range checksums hash for it. One read.
 * Errors: FC_ERR_NULL, FC_ERR_STALE_ID (*out untouched). */
FC_API fc_status fc_world_body_hash(const fc_world *w, fc_body_id id, uint64_t *out);

/* ------------------------------------------------------------ bisection */

/* The protocol. Two peers hold worlds that should be equal (the same
 * frame on a client and on the server). One, the asker, drives an
 * fc_desync state machine; the other, the responder, only answers. Each
 * round is one 64-bit question from the asker and one 64-bit answer back:
 *
 *   question q                      answer (fc_desync_answer)
 *   lo | hi << 32, lo <= hi <= 2^24  the sum modulo 2^64 of T(protocol
 *                                    word) over [lo, hi) (above): in a 2D
 *                                    world fc_world_range_checksum(w, lo, hi)
 *   FC_DESYNC_ASK_SLOTS              fc_world_slot_count(w)
 *
 * The asker computes its own answer to the same question with
 * fc_desync_answer on its world and feeds both to the state machine; the
 * machine is a pure function of the (mine, theirs) pairs fed to it: it
 * never sees a world. Rounds, in order:
 *   1. the whole index space [0, 2^24): equal -> done (equal worlds are
 *      confirmed in one round);
 *   2. FC_DESYNC_ASK_SLOTS: the search space becomes [0, S), S = the
 *      larger slot count, or 1 when both are 0 (slots past both counts are
 *      unused on both sides, and slot 0 carries the 3D key, so [0, S) has
 *      the sums of round 1);
 *   3. bisection: a range known to differ, with both sides' sums, is split
 *      at lo + floor(n / 2); only the left half is asked, the right half's
 *      sums are the parent's minus the left's. Each half whose sums differ
 *      is searched (left first); a differing range of one slot is reported
 *      (FC_DESYNC_FOUND), so slots are reported in increasing index order.
 * Rounds: 1 for equal worlds; exactly 2 + ceil(log2(S)) at most for one
 * differing slot (2 + the depth of its leaf); all k differing slots are
 * found in 2 + (number of ranges split) rounds, at most 2 + k *
 * ceil(log2(S)) and at most S + 1. Each round costs each side one range
 * sum (at most S slot reads). A responder that answers round 2 with
 * more than FC_WORLD_MAX_BODIES gets FC_ERR_FORMAT from fc_desync_feed;
 * wrong hash answers cannot be detected and only steer the search.
 *
 * Budget: a lying responder (every range "differs") would force S + 1
 * rounds and S reports. The machine therefore stops with FC_DESYNC_LIMIT
 * before it would report more than max_found slots or feed more than
 * max_rounds answers (fc_desync_set_budget). Defaults: max_found =
 * FC_DESYNC_DEFAULT_MAX_FOUND (64) and max_rounds 0, meaning the documented
 * bound for max_found slots: 2 + max_found * ceil(log2(S)) once S is known
 * (rounds 1 and 2 are always allowed). So an honest search with k <=
 * max_found differing slots always ends with FC_DESYNC_DONE; with more, it
 * reports the first max_found differing slots in index order and stops
 * with FC_DESYNC_LIMIT; and no responder can make it ask more than the
 * budget or report more than max_found slots. After FC_DESYNC_LIMIT the
 * slots reported are those whose sums differed; raising the budget
 * (fc_desync_set_budget) and calling fc_desync_next resumes the search.
 *
 *   asker (both sides link the same code):
 *     fc_desync d;  fc_desync_init(&d);
 *     uint64_t v;  fc_desync_step s;
 *     while ((s = fc_desync_next(&d, &v)) == FC_DESYNC_ASK || s == FC_DESYNC_FOUND) {
 *         if (s == FC_DESYNC_FOUND) { log slot (uint32_t)v; continue; }
 *         send(v);  uint64_t theirs = receive();
 *         uint64_t mine;  fc_desync_answer(my_world, v, &mine);
 *         fc_desync_feed(&d, mine, theirs);
 *     }
 *     (s == FC_DESYNC_LIMIT: the budget ran out; see Budget above)
 *   responder, for each question q received:
 *     uint64_t a;  fc_desync_answer(my_world, q, &a);  send(a);
 */

/* Default cap on the slots one search reports (see Budget above). */
#define FC_DESYNC_DEFAULT_MAX_FOUND 64u

/* The question "how many slots do you use?" (not a valid range). */
#define FC_DESYNC_ASK_SLOTS UINT64_MAX
/* Room for pending ranges: at most one per bisection level (24) + 1. */
#define FC_DESYNC_STACK 32

/* The answer to question q about world w (table above): *answer set, FC_OK.
 * Errors: FC_ERR_NULL; FC_ERR_ARGUMENT for a question that is neither a
 * valid range nor FC_DESYNC_ASK_SLOTS (*answer untouched). */
FC_API fc_status fc_desync_answer(const fc_world *w, uint64_t question, uint64_t *answer);

/* What fc_desync_next asks the caller to do. */
typedef enum fc_desync_step {
    FC_DESYNC_ASK = 1,   /* send the question in *value, feed the answers */
    FC_DESYNC_FOUND = 2, /* slot (uint32_t)*value differs; call next again */
    FC_DESYNC_DONE = 3,  /* every differing slot has been reported */
    FC_DESYNC_LIMIT = 4  /* stopped: the budget (max_found slots or max_rounds
                            answers) is spent with ranges still to search;
                            *value 0; repeated until the budget is raised */
} fc_desync_step;

/* One pending range of the search: [lo, hi) and both sides' sums (they
 * differ). */
typedef struct fc_desync_range {
    uint32_t lo, hi;
    uint64_t mine, theirs;
} fc_desync_range;

/* The asker's state machine: a plain value (copyable, no allocation,
 * 808 bytes). Read-only for the caller: rounds (answers fed so far),
 * found (slots reported so far), slots (the search space, after round 2),
 * max_found and max_rounds (the budget, set by fc_desync_set_budget). */
typedef struct fc_desync {
    uint32_t phase;      /* internal */
    uint32_t waiting;    /* 1 while a question awaits fc_desync_feed */
    uint64_t question;   /* the question asked */
    uint32_t rounds, found, slots;
    uint32_t depth;      /* pending ranges */
    uint32_t max_found;  /* cap on reported slots, 1..FC_WORLD_MAX_BODIES */
    uint32_t max_rounds; /* cap on rounds; 0: 2 + max_found * ceil(log2(S)) */
    fc_desync_range stack[FC_DESYNC_STACK];
} fc_desync;

/* Start a search with the default budget (max_found
 * FC_DESYNC_DEFAULT_MAX_FOUND, max_rounds 0). NULL is ignored. */
FC_API void fc_desync_init(fc_desync *d);

/* Set the budget (see Budget above): max_found in 1..FC_WORLD_MAX_BODIES
 * slots; max_rounds 0 for the default bound 2 + max_found * ceil(log2(S)),
 * else the most answers the search feeds in all (counted from round 1,
 * including those already fed). Any time: it applies to the next new
 * question or report (a question already pending is still asked and fed;
 * a lower budget stops the search after it, a higher one resumes a search
 * stopped with FC_DESYNC_LIMIT). Errors (d unchanged):
 * FC_ERR_NULL; FC_ERR_ARGUMENT for max_found 0 or above
 * FC_WORLD_MAX_BODIES. */
FC_API fc_status fc_desync_set_budget(fc_desync *d, uint32_t max_found, uint32_t max_rounds);

/* The next step: FC_DESYNC_ASK with the question in *value (asked again,
 * unchanged, until it is fed), FC_DESYNC_FOUND with a differing slot
 * index in *value, FC_DESYNC_DONE (*value 0), or FC_DESYNC_LIMIT (*value
 * 0) when the next question would exceed max_rounds answers or the next
 * report max_found slots. d or value NULL: FC_DESYNC_DONE. */
FC_API fc_desync_step fc_desync_next(fc_desync *d, uint64_t *value);

/* Feed the answers to the pending question: mine from the asker's world,
 * theirs from the responder. Errors (d unchanged): FC_ERR_NULL;
 * FC_ERR_ARGUMENT when no question is pending (call fc_desync_next
 * first); FC_ERR_FORMAT when a slot-count answer exceeds
 * FC_WORLD_MAX_BODIES. */
FC_API fc_status fc_desync_feed(fc_desync *d, uint64_t mine, uint64_t theirs);

/* ------------------------------------------------------------ dump */

#define FC_DUMP_VERSION 1

/* The canonical text dump of w: the same bytes for the same world on every
 * target (integers only; Q16.16 values as exact decimals, as in the replay
 * text form), one line per used slot, so two dumps compare with `diff`.
 * Lines (LF-terminated, fields separated by one space; docs/desync.md):
 *   fixcol-dump 1
 *   world dim D tag T bounds X Y log2 L depth M layout loose|strict
 *   slots S live N free F checksum 0x<16 hex digits: fc_world_checksum>
 *   then for every slot i < S in index order one of
 *   body I G cat 0x<8 hex> mask 0x<8 hex> user U SHAPE...
 *   free I G                           (G: the generation it hands out next)
 *   then freelist I... (top first, the next id handed out first)
 *   end
 * SHAPE is the type and its named fields (X, Y, Z, R exact decimals, A an
 * angle 0..65535, N a count):
 *   circle center X Y radius R          sphere center X Y Z radius R
 *   aabb min X Y max X Y                aabb min X Y Z max X Y Z
 *   obb center X Y half X Y angle A     obb center X Y Z half X Y Z
 *   capsule a X Y b X Y radius R            axis0 X Y Z axis1 X Y Z axis2 X Y Z
 *   poly count N v0 X Y ... v<N-1> X Y
 *                                       capsule a X Y Z b X Y Z radius R
 * buf NULL: *size = bytes needed, FC_OK. Otherwise FC_ERR_BUFFER when
 * cap < needed (*size = needed, nothing written past cap), else the text
 * is written (no terminating NUL) and *size = its length. Errors:
 * FC_ERR_NULL, FC_ERR_BUFFER. About 60-200 bytes per body. */
FC_API fc_status fc_world_dump(const fc_world *w, char *buf, size_t cap, size_t *size);

/* The dump line of one slot index (any index < FC_WORLD_MAX_BODIES: a
 * "body" or "free" line as in fc_world_dump, or "unused I" past the slot
 * count), LF-terminated, with the same buffer rules: what to log for a slot
 * the bisection found. Errors: FC_ERR_NULL, FC_ERR_ARGUMENT (index out of
 * range), FC_ERR_BUFFER. */
FC_API fc_status fc_world_dump_slot(const fc_world *w, uint32_t index, char *buf, size_t cap, size_t *size);

/* ------------------------------------------------------------ diff */

/* Every difference between worlds a and b as text lines (LF-terminated):
 *   world FIELD: A vs B          settings (dim, tag, bounds, log2, depth, layout)
 *   slot I: STATE vs STATE       a slot used differently: "body I:G",
 *                                "free (generation G)" or "unused"
 *   slot I: body I:G FIELD: A vs B   a field of a body live on both sides
 *                                with the same generation: shape (type),
 *                                category, mask, user_data, or a shape
 *                                field (center.x, half.y, v3.x, axis2.z,
 *                                radius, angle, count, ...)
 *   freelist: position P: slot X vs slot Y   (or "vs none"; the first
 *                                position where the free lists differ)
 * Slots in index order; *differences = the number of lines. Buffer rules
 * of fc_world_dump (buf NULL: size query). Equal worlds: no line, 0.
 * Errors: FC_ERR_NULL, FC_ERR_BUFFER (*differences still set). */
FC_API fc_status fc_world_diff(const fc_world *a, const fc_world *b, char *buf, size_t cap, size_t *size,
                               uint32_t *differences);

/* fc_world_diff of the worlds two snapshot blobs (fc_world_snapshot)
 * restore to - what a server runs on a blob a client uploaded. Restores
 * into two temporary worlds (malloc/free; freed before returning).
 * Errors: FC_ERR_NULL; the fc_world_restore error of a malformed blob
 * (FC_ERR_FORMAT, FC_ERR_VERSION, FC_ERR_CHECKSUM) with *bad = 1 (a) or
 * 2 (b), else *bad = 0; FC_ERR_NO_MEMORY; FC_ERR_BUFFER. */
FC_API fc_status fc_snapshot_diff(const void *a, size_t a_size, const void *b, size_t b_size, char *buf, size_t cap,
                                  size_t *size, uint32_t *differences, int32_t *bad);

#ifdef __cplusplus
}
#endif

#endif
