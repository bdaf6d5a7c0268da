/* SPDX-License-Identifier: MIT */
/* fixcol/frame.h - a 2D frame in one call: fc_frame_run executes a
 * caller-written command buffer (moves, shape updates and reads, skill
 * areas, rays, shape casts, the pair list and its events, push-outs, the
 * checksum) on one world and writes every result into one caller-owned
 * buffer, in command order. Made for bindings (one crossing per frame
 * instead of one per call) and usable from C as it is.
 *
 * Equivalence: running a buffer gives exactly (bit for bit) what the
 * per-call functions named for each command give when called in the same
 * order (tests/test_frame.c checks random command streams against them).
 *
 * Words: both buffers are arrays of int32_t words. Serialised (a file, a
 * socket, a binding's byte view) each word is 4 bytes little-endian. A
 * body id is 3 words (index, generation, world tag: fc_body_id's fields);
 * a filter is 2 words (category, mask; as uint32 bit patterns); every
 * coordinate, size and distance is a raw Q16.16 word; an angle is a word
 * in 0..65535 (fc_angle).
 *
 * A shape record (SHAPE below) is its type word (fc_shape2_type) and its
 * fields, as in the world checksum record (world.h):
 *   1 circle:  cx cy r                 2 aabb:    minx miny maxx maxy
 *   3 obb:     cx cy hx hy angle       4 capsule: ax ay bx by r
 *   5 poly:    n x0 y0 ... x(n-1) y(n-1)   (n in 3..FC_POLY2_MAX_VERTS)
 * so it is 1 + 3, 4, 5, 5 or 2 + 2n words (at most FC_FRAME_SHAPE_WORDS).
 *
 * Commands: an opcode word, then its arguments. Results: each command owns
 * a fixed-size slot of the output (the size depends only on the command's
 * words, so a writer knows each slot's offset before the run); the first
 * word of a slot is the command's fc_status (FC_OK or the error that the
 * per-call function gives; that command then changed nothing, the others
 * still run - as calling the per-call functions in order). Words of a slot
 * that a command does not use (a miss, a short list, a small shape) are
 * left as they were.
 *
 *  op  name           arguments (words)                 result slot (words)
 *   1  TRANSLATE2     id dx dy                          status
 *   2  MOVE_POLAR2    id angle dist                     status dx dy
 *        delta = (floor(dist * cos(angle) / 2^16), floor(dist * sin(angle)
 *        / 2^16)) with fc_cos / fc_sin (exact 64-bit product), then
 *        fc_world_translate2; dx dy are written even when the move fails.
 *   3  SET_ANGLE2     id angle                          status
 *   4  SET_SHAPE2     id SHAPE                          status
 *   5  GET_SHAPE2     id                                status SHAPE (slot
 *        1 + FC_FRAME_SHAPE_WORDS; only the shape's own words are written)
 *   6  SECTOR2        cx cy radius dir half filter cap  status count ids
 *   7  RING2          cx cy inner outer filter cap      status count ids
 *   8  OVERLAP2       filter cap SHAPE                  status count ids
 *        (6-8: fc_world_overlap_sector2 / _ring2 / fc_world_overlap2; ids
 *        slot 3 * cap words; count is the number of hits; when it exceeds
 *        cap the status is FC_ERR_BUFFER and no id is written)
 *   9  RAY2           ox oy dx dy filter                status hit id t
 *        (fc_world_raycast2; hit 0 or 1; id and t written on a hit)
 *  10  CAST2          dx dy filter SHAPE                status hit id t nx ny
 *        (fc_world_cast2 of the shape swept by (dx, dy))
 *  11  PAIRS          cap                               status count pairs
 *        (fc_world_find_pairs; each pair is 6 words: a's id, b's id; slot
 *        6 * cap words; more than cap pairs: FC_ERR_BUFFER, none written)
 *  12  EVENTS         began_cap ended_cap               status nbegan nended
 *        began ended  (fc_world_pair_events; slot 6 * began_cap words, then
 *        6 * ended_cap; either list over its cap: FC_ERR_BUFFER, none
 *        written, both counts written)
 *  13  PUSHOUT_PAIRS2 wall_mask cap                     status count pushes
 *        For each pair (a, b) written by the latest PAIRS command before it
 *        in the buffer, in that order, where exactly one body has
 *        (category & wall_mask) != 0 (the wall) and the other does not (the
 *        unit): d = fc_pushout2(wall's current shape, unit's current
 *        shape); when d != (0, 0), fc_world_translate2(unit, d). Each push
 *        is 6 words: unit id, dx, dy, status (fc_world_get_shape2 /
 *        fc_pushout2 / fc_world_translate2's first error, d then (0, 0)).
 *        count = the unit/wall pairs; slot 6 * cap; more than cap:
 *        FC_ERR_BUFFER and nothing pushed. That PAIRS command failed: its
 *        status, count 0, nothing pushed. A pair whose body is no longer live is
 *        skipped (no command destroys a body, so only a foreign caller can
 *        cause it).
 *  14  CHECKSUM       (none)                            status lo hi
 *        (fc_world_checksum: lo = bits 0..31, hi = bits 32..63)
 *
 * Every cap is in 0..FC_FRAME_MAX_CAP. Commands apply to 2D worlds; on a 3D
 * world each gives what its per-call function gives there
 * (FC_ERR_SHAPE_TYPE; CHECKSUM, PAIRS and EVENTS work in 3D too).
 */
#ifndef FIXCOL_FRAME_H
#define FIXCOL_FRAME_H

#include <fixcol/api.h>

#include <stdint.h>

#include <fixcol/status.h>
#include <fixcol/world.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Opcodes (the first word of a command). */
typedef enum fc_frame_op {
    FC_FRAME_TRANSLATE2 = 1,
    FC_FRAME_MOVE_POLAR2 = 2,
    FC_FRAME_SET_ANGLE2 = 3,
    FC_FRAME_SET_SHAPE2 = 4,
    FC_FRAME_GET_SHAPE2 = 5,
    FC_FRAME_SECTOR2 = 6,
    FC_FRAME_RING2 = 7,
    FC_FRAME_OVERLAP2 = 8,
    FC_FRAME_RAY2 = 9,
    FC_FRAME_CAST2 = 10,
    FC_FRAME_PAIRS = 11,
    FC_FRAME_EVENTS = 12,
    FC_FRAME_PUSHOUT_PAIRS2 = 13,
    FC_FRAME_CHECKSUM = 14
} fc_frame_op;

/* Largest shape record: type, count and 8 vertices. */
#define FC_FRAME_SHAPE_WORDS (2 + 2 * FC_POLY2_MAX_VERTS)
/* Largest cap of a list command (ids, pairs, events, pushes). */
#define FC_FRAME_MAX_CAP (1 << 20)
/* Largest buffer, commands or results, in words. */
#define FC_FRAME_MAX_WORDS (1 << 28)

/* Check a command buffer without running it: cmd[0..cmd_words) must be a
 * sequence of whole, well-formed commands (known opcode; all argument words
 * present; a shape record's type 1..5 and a polygon's n in
 * 3..FC_POLY2_MAX_VERTS - the shape's other fields are checked when it
 * runs, as the per-call functions do; every angle word, an OBB's included,
 * in 0..65535; caps in 0..FC_FRAME_MAX_CAP; a PUSHOUT_PAIRS2 after some
 * PAIRS). *out_words = the result words the
 * buffer needs. cmd may be NULL when cmd_words is 0. Errors: FC_ERR_NULL
 * (out_words NULL, or cmd NULL with cmd_words > 0), FC_ERR_ARGUMENT (a
 * malformed command, or cmd_words outside 0..FC_FRAME_MAX_WORDS, or a
 * result size over FC_FRAME_MAX_WORDS): *out_words = -1 and, when bad_word
 * is not NULL, *bad_word = the word index where the bad command starts
 * (-1 for a bad cmd_words). Pure, allocation-free, thread-safe. */
FC_API fc_status fc_frame_check(const int32_t *cmd, int32_t cmd_words, int32_t *out_words, int32_t *bad_word);

/* Run a command buffer on w: first the whole buffer is checked as
 * fc_frame_check does and out_cap compared with the words it needs; on any
 * error nothing runs (world and out unchanged). Then every command runs in
 * order and writes its slot of out[0..*out_words). Borrowed pointers; out
 * must not overlap cmd. Allocates only what the per-call functions would
 * (the world's own arrays growing past their peak). Errors: FC_ERR_NULL (w
 * or out_words NULL, out NULL with out_cap > 0, cmd NULL with cmd_words >
 * 0); FC_ERR_ARGUMENT (fc_frame_check's, *bad_word as there; out_cap < 0);
 * FC_ERR_BUFFER (out_cap smaller than the words needed: *out_words = the
 * words needed). On FC_OK *out_words = the words written; per-command
 * failures are in their slots, not in the return value. */
FC_API fc_status fc_frame_run(fc_world *w, const int32_t *cmd, int32_t cmd_words, int32_t *out, int32_t out_cap,
                              int32_t *out_words, int32_t *bad_word);

#ifdef __cplusplus
}
#endif

#endif /* FIXCOL_FRAME_H */
