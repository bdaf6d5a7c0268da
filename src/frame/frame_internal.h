/* SPDX-License-Identifier: MIT */
/* frame_internal.h - the command words of fixcol/frame.h: the size of a
 * command and of its result slot, and the shape record codec. */
#ifndef FC_FRAME_INTERNAL_H
#define FC_FRAME_INTERNAL_H

#include <stdint.h>

#include <fixcol/frame.h>
#include <fixcol/shapes.h>

/* Words of the shape record at s[0..avail), or -1 when it is malformed
 * (type outside 1..5, polygon n outside 3..FC_POLY2_MAX_VERTS, an OBB
 * angle outside 0..65535, words missing). */
int32_t fc_frame_shape_words(const int32_t *s, int32_t avail);

/* The shape of a well-formed record (fc_frame_shape_words > 0). */
fc_shape2 fc_frame_shape_decode(const int32_t *s);

/* Write sh's record to out (at most FC_FRAME_SHAPE_WORDS words). */
void fc_frame_shape_encode(const fc_shape2 *sh, int32_t *out);

/* The command at c[0..avail): its words (> 0) and *slot its result words;
 * -1 when it is malformed. *pairs_seen tracks whether a PAIRS command came
 * before (PUSHOUT_PAIRS2 needs one). */
int32_t fc_frame_command_words(const int32_t *c, int32_t avail, int64_t *slot, int *pairs_seen);

#endif
