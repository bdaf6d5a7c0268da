/* SPDX-License-Identifier: MIT */
/* Private: one set of field primitives that reads or writes, binary or text.
 * The replay layout (replay_layout.c) is written once in terms of these, so
 * the four directions (binary/text x read/write) cannot disagree.
 *
 * Binary: varints are unsigned LEB128 (canonical, <= 10 bytes), signed
 * values zigzag LEB128, hashes little-endian fixed width. Text: tokens
 * separated by spaces or tabs, '#' starts a comment, one record per line;
 * Q16.16 values as exact decimals, hashes and masks as 0x hex. */
#ifndef FIXCOL_REPLAY_CODEC_H
#define FIXCOL_REPLAY_CODEC_H

#include <stddef.h>
#include <stdint.h>

#include <fixcol/replay.h>

/* Exactly one of r, w is set. */
typedef struct fc_codec {
    fc_replay_reader *r;
    fc_replay_writer *w;
    int32_t text;
} fc_codec;

static inline fc_codec fc_codec_reading(fc_replay_reader *r)
{
    fc_codec c = {r, NULL, r->text};
    return c;
}

static inline fc_codec fc_codec_writing(fc_replay_writer *w)
{
    fc_codec c = {NULL, w, w->text};
    return c;
}

/* 1 while no error has happened (reading) / no allocation failed (writing). */
int fc_codec_ok(const fc_codec *c);
/* Record a read error at offset (the first one wins). */
void fc_codec_fail_at(fc_replay_reader *r, size_t offset, const char *reason, const char *what);

/* Text only: a literal word (written, or required when reading). */
void fc_codec_word(fc_codec *c, const char *word);
/* Text only: end of record (newline). */
void fc_codec_eol(fc_codec *c);
/* Raw bytes in binary only (magic numbers, markers). */
void fc_codec_magic(fc_codec *c, const char *bytes, size_t n, const char *what);

/* Unsigned value in [lo, hi]: binary varint, text decimal. */
void fc_codec_uint(fc_codec *c, const char *what, uint64_t *v, uint64_t lo, uint64_t hi);
void fc_codec_u32(fc_codec *c, const char *what, uint32_t *v, uint32_t lo, uint32_t hi);
/* Signed integer in [lo, hi]: binary zigzag varint, text decimal. */
void fc_codec_int(fc_codec *c, const char *what, int32_t *v, int32_t lo, int32_t hi);
/* Any fix16_t: binary zigzag varint of the raw value, text exact decimal. */
void fc_codec_fix(fc_codec *c, const char *what, fix16_t *v);
/* 32-bit bit set: binary varint, text 0x hex. */
void fc_codec_bits(fc_codec *c, const char *what, uint32_t *v);
/* Hashes: binary little-endian 8 / 4 bytes, text 0x + 16 / 8 hex digits. */
void fc_codec_hash64(fc_codec *c, const char *what, uint64_t *v);
void fc_codec_hash32(fc_codec *c, const char *what, uint32_t *v);
/* An enumerated value: binary one byte, text names[*v]. Valid values are
 * 1..count-1 with names[v] != NULL. Also the record tags (frame, end). */
void fc_codec_enum(fc_codec *c, const char *what, uint32_t *v, const char *const *names, uint32_t count);

#endif
