/* SPDX-License-Identifier: MIT */
/* frame_check.c - the well-formedness of a command buffer and the size of
 * its results (fixcol/frame.h), checked before anything runs. */
#include "frame/frame_internal.h"

#include <stddef.h>

#include "core/nofloat.h"

static int is_angle(int32_t v)
{
    return v >= 0 && v <= 65535;
}

static int is_cap(int32_t v)
{
    return v >= 0 && v <= FC_FRAME_MAX_CAP;
}

/* The command with a shape record at c[head]: its words, or -1. */
static int32_t with_shape(const int32_t *c, int32_t avail, int32_t head)
{
    if (avail <= head)
        return -1;
    int32_t sw = fc_frame_shape_words(c + head, avail - head);
    return sw < 0 ? -1 : head + sw;
}

int32_t fc_frame_command_words(const int32_t *c, int32_t avail, int64_t *slot, int *pairs_seen)
{
    /* one switch: each case checks that its words are there, then its
     * caps and angles */
    switch (c[0]) {
    case FC_FRAME_TRANSLATE2:
        *slot = 1;
        return avail >= 6 ? 6 : -1;
    case FC_FRAME_MOVE_POLAR2:
        *slot = 3;
        return avail >= 6 && is_angle(c[4]) ? 6 : -1;
    case FC_FRAME_SET_ANGLE2:
        *slot = 1;
        return avail >= 5 && is_angle(c[4]) ? 5 : -1;
    case FC_FRAME_SET_SHAPE2:
        *slot = 1;
        return with_shape(c, avail, 4);
    case FC_FRAME_GET_SHAPE2:
        *slot = 1 + FC_FRAME_SHAPE_WORDS;
        return avail >= 4 ? 4 : -1;
    case FC_FRAME_SECTOR2:
        if (avail < 9 || !is_angle(c[4]) || !is_angle(c[5]) || !is_cap(c[8]))
            return -1;
        *slot = 2 + 3 * (int64_t)c[8];
        return 9;
    case FC_FRAME_RING2:
        if (avail < 8 || !is_cap(c[7]))
            return -1;
        *slot = 2 + 3 * (int64_t)c[7];
        return 8;
    case FC_FRAME_OVERLAP2:
        if (avail < 4 || !is_cap(c[3]))
            return -1;
        *slot = 2 + 3 * (int64_t)c[3];
        return with_shape(c, avail, 4);
    case FC_FRAME_RAY2:
        *slot = 6;
        return avail >= 7 ? 7 : -1;
    case FC_FRAME_CAST2:
        *slot = 8;
        return with_shape(c, avail, 5);
    case FC_FRAME_PAIRS:
        if (avail < 2 || !is_cap(c[1]))
            return -1;
        *slot = 2 + 6 * (int64_t)c[1];
        *pairs_seen = 1;
        return 2;
    case FC_FRAME_EVENTS:
        if (avail < 3 || !is_cap(c[1]) || !is_cap(c[2]))
            return -1;
        *slot = 3 + 6 * ((int64_t)c[1] + c[2]);
        return 3;
    case FC_FRAME_PUSHOUT_PAIRS2:
        if (avail < 3 || !*pairs_seen || !is_cap(c[2]))
            return -1;
        *slot = 2 + 6 * (int64_t)c[2];
        return 3;
    case FC_FRAME_CHECKSUM:
        *slot = 3;
        return 1;
    default:
        return -1;
    }
}

fc_status fc_frame_check(const int32_t *cmd, int32_t cmd_words, int32_t *out_words, int32_t *bad_word)
{
    if (!out_words || (!cmd && cmd_words > 0))
        return FC_ERR_NULL;
    *out_words = -1;
    if (bad_word)
        *bad_word = -1;
    if (cmd_words < 0 || cmd_words > FC_FRAME_MAX_WORDS)
        return FC_ERR_ARGUMENT;
    int64_t total = 0;
    int pairs_seen = 0;
    for (int32_t at = 0; at < cmd_words;) {
        int64_t slot = 0;
        int32_t n = fc_frame_command_words(cmd + at, cmd_words - at, &slot, &pairs_seen);
        total += slot;
        if (n < 0 || total > FC_FRAME_MAX_WORDS) {
            if (bad_word)
                *bad_word = at;
            return FC_ERR_ARGUMENT;
        }
        at += n;
    }
    *out_words = (int32_t)total;
    return FC_OK;
}
