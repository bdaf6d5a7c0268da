/* SPDX-License-Identifier: MIT */
/* Private: the snapshot blob (format documented at fc_world_snapshot in
 * fixcol/world.h) as world_snapshot.c reads it, for the restore in
 * world_restore.c: the checked header and the body decoder. */
#ifndef FIXCOL_SRC_SNAPSHOT_FORMAT_H
#define FIXCOL_SRC_SNAPSHOT_FORMAT_H

#include <stddef.h>
#include <stdint.h>

#include "world_internal.h"

#define FC_SNAP_HEADER_WORDS 7

/* Reads the byte stream p[at..end); bad is set by the first error, after
 * which every read returns 0. */
typedef struct fc_snap_dec {
    const unsigned char *p;
    size_t at, end;
    int bad;
} fc_snap_dec;

/* The header of a blob whose magic, version, length and trailer are right,
 * its settings in def (not yet range-checked; body_capacity = slots, the
 * other fields defaults) and counts that the stream can hold (a free entry
 * takes >= 2 bytes, a body >= 5). */
typedef struct fc_snap_header {
    fc_world_def def;
    uint32_t slots, live, nfree;
} fc_snap_header;

/* FC_OK, or FC_ERR_FORMAT / FC_ERR_VERSION / FC_ERR_CHECKSUM. Allocates
 * nothing. */
fc_status fc_snap_read_header(const unsigned char *p, size_t size, fc_snap_header *h);
/* A decoder over the stream of a blob of size bytes (after the header, up
 * to the padding and trailer). */
fc_snap_dec fc_snap_stream(const unsigned char *p, size_t size);
/* One free-list entry: index and generation (canonical LEB128 below 2^32). */
void fc_snap_get_free(fc_snap_dec *d, uint32_t *index, uint32_t *generation);
/* One live body into *b (every field; min/max from the shape, which is
 * validated): FC_OK or FC_ERR_FORMAT. */
fc_status fc_snap_get_body(fc_snap_dec *d, int dim2, fc_body_full *b);
/* The same in two steps: the fields (coding checked, the shape not
 * validated, min/max not set; a small shape's unused union bytes not set,
 * a big shape's 0), then the shape's validation and bounds. */
fc_status fc_snap_get_fields(fc_snap_dec *d, int dim2, fc_body_full *b);
fc_status fc_snap_body_bounds(int dim2, fc_body_full *b);
/* Step over one live body of a stream already checked in full (no bounds
 * checks: only for checked streams). */
void fc_snap_skip_body(fc_snap_dec *d, int dim2);
/* 1 when live slot index of w holds a small shape and the next body of
 * the stream is exactly its encoding (so it is valid and decodes to the
 * slot's contents): d is then past it. Else 0, d unchanged (decode it).
 * Compares without decoding (a W1 box: ~340 instructions, a decode and
 * field compare ~520). */
int fc_snap_same_small(fc_snap_dec *d, const fc_world *w, uint32_t index);
/* FC_OK when only the shortest zero padding is left. */
fc_status fc_snap_get_end(fc_snap_dec *d);

#endif
