/* SPDX-License-Identifier: MIT */
/* Private: the replay records (versions 1 to 5) over the codec (see replay_codec.h). */
#ifndef FIXCOL_REPLAY_LAYOUT_H
#define FIXCOL_REPLAY_LAYOUT_H

#include "replay_codec.h"

#define FC_REPLAY_MAGIC "FCREPLAY"
#define FC_REPLAY_TAG_FRAME 1u
#define FC_REPLAY_TAG_END 2u

/* Format version 1 (docs/compatibility.md): the version 2 layout without
 * operations 12 range and 13 dump, and its world checksum (the frames'
 * `state`) with version 1's record hash (fc_world_checksum_v1). Read and
 * run, never written. -DFC_REPLAY_READS_V1=0 drops it (version 1 is then
 * FC_ERR_VERSION): only the should-fail twin of the golden-file test. */
#define FC_REPLAY_VERSION_V1 1
#define FC_REPLAY_OP_KINDS_V1 12 /* one past the last kind of version 1 */
#ifndef FC_REPLAY_READS_V1
#define FC_REPLAY_READS_V1 1
#endif
/* The oldest version the reader reads and the runner runs. */
#define FC_REPLAY_VERSION_OLDEST (FC_REPLAY_READS_V1 ? FC_REPLAY_VERSION_V1 : FC_REPLAY_VERSION_MIN)

/* One past the last operation kind of format version `version` (0: the
 * current one): version 1 12, 2 14, 3 18, 4 22, 5 FC_REPLAY_OP_KINDS. */
uint32_t fc_replay_op_kinds(int32_t version);

/* 1 for the operation kinds that are queries (one result each). */
int fc_replay_is_query(fc_replay_op_kind k);

/* Header: the magic (binary) or word fixcol-replay (text), the version;
 * then, when the version is ours, the settings. */
void fc_layout_magic(fc_codec *c, uint32_t *version);
void fc_layout_settings(fc_codec *c, fc_replay_settings *s);
/* Record tag: FC_REPLAY_TAG_FRAME or FC_REPLAY_TAG_END. */
void fc_layout_record(fc_codec *c, uint32_t *tag);
/* Rest of a frame record (number is the 1-based frame index, checked in text). */
void fc_layout_frame(fc_codec *c, uint32_t number, uint32_t *op_count);
/* One operation; returns 1 when it is a query. */
int fc_layout_op(fc_codec *c, int32_t dim, fc_replay_op *op);
void fc_layout_expect(fc_codec *c, fc_replay_expect *e);
void fc_layout_query_expect(fc_codec *c, fc_replay_query_expect *q);

#endif
