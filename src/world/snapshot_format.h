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

/* Format version 1 (written until the varint stream of version 2): the
 * same header, then words - every free-list entry from the top as
 * index | generation << 32, every live body in ascending index order as
 * index | generation << 32, category | mask << 32, type | vertex count << 32
 * (count 0 but for polygons), its shape's int32 fields in declaration order
 * two per word (an odd last one with 0 above), then its user data word -
 * and the same trailer. fc_world_restore reads it by converting it to the
 * current version (snapshot_v1.c). Building with -DFC_SNAPSHOT_READS_V1=0
 * drops it (version 1 then gives FC_ERR_VERSION): only the should-fail twin
 * of the golden-file test does. */
#define FC_SNAPSHOT_VERSION_V1 1u
#ifndef FC_SNAPSHOT_READS_V1
#define FC_SNAPSHOT_READS_V1 1
#endif

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
    uint32_t version; /* FC_SNAPSHOT_VERSION or FC_SNAPSHOT_VERSION_V1 */
} fc_snap_header;

/* FC_OK, or FC_ERR_FORMAT / FC_ERR_VERSION / FC_ERR_CHECKSUM. Allocates
 * nothing. Reads both versions' headers (the counts checked against the
 * smallest entries of the blob's version). */
fc_status fc_snap_read_header(const unsigned char *p, size_t size, fc_snap_header *h);
/* The trailer of a blob of size bytes (a multiple of 8, >= 8): fc_hash64,
 * seed FC_SNAPSHOT_MAGIC, of its words before the last. */
uint64_t fc_snap_blob_hash(const unsigned char *p, size_t size);

/* Writing a current-version blob piece by piece (fc_world_snapshot and the
 * version 1 conversion): begin, the free list from the top, every live
 * body in index order, end. Counts every byte; stores those below cap (buf
 * NULL: counts only). */
typedef struct fc_snap_enc {
    unsigned char *p;
    size_t cap, at;
} fc_snap_enc;
fc_snap_enc fc_snap_enc_begin(unsigned char *buf, size_t cap);
void fc_snap_put_free(fc_snap_enc *e, uint32_t index, uint32_t generation);
/* b's generation, filter, user data and shape (a valid one). */
void fc_snap_put_full(fc_snap_enc *e, int dim2, const fc_body_full *b);
/* Pads; when the whole blob fits in cap writes the header (h's settings and
 * counts, the current version) and the trailer. Returns the blob's size. */
size_t fc_snap_enc_end(fc_snap_enc *e, const fc_snap_header *h);

/* A version 1 blob (p, size; header h read by fc_snap_read_header) as the
 * current version's blob of the same world: *out (allocated with a,
 * *out_size bytes, the caller frees it with a) restores to exactly the
 * world that wrote the version 1 blob. FC_ERR_FORMAT for anything the
 * version 1 reader refused (a live index not ascending, a slot both free
 * and live or in neither, an index or generation out of range, a shape
 * type, vertex count, angle or padding field out of range, an invalid
 * shape, a stream length that does not match), FC_ERR_NO_MEMORY. */
fc_status fc_snap_v1_convert(const unsigned char *p, size_t size, const fc_snap_header *h, const fc_allocator *a,
                             unsigned char **out, size_t *out_size);
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
