/* SPDX-License-Identifier: MIT */
/* Private: helpers shared by the desync sources (fixcol/desync.h). */
#ifndef FIXCOL_SRC_DESYNC_INTERNAL_H
#define FIXCOL_SRC_DESYNC_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include <fixcol/desync.h>

/* A text sink: counts every byte, stores those below cap (p may be NULL
 * with cap 0). */
typedef struct fc_text {
    char *p;
    size_t cap, at;
} fc_text;

void fc_text_str(fc_text *t, const char *s);
void fc_text_u64(fc_text *t, uint64_t v);          /* decimal */
void fc_text_i32(fc_text *t, int32_t v);           /* decimal, '-' when negative */
void fc_text_hex(fc_text *t, uint64_t v, int digits); /* "0x" + lower-case hex, zero padded */
void fc_text_fix(fc_text *t, int32_t raw);         /* exact Q16.16 decimal (fc_replay_fix_format) */
/* The caller-buffer rule of fc_world_dump: buf NULL -> FC_OK (size only),
 * cap < at -> FC_ERR_BUFFER, else FC_OK; *size = t->at. */
fc_status fc_text_finish(const fc_text *t, const char *buf, size_t *size);

/* Named fields of a slot's shape (dump and diff share them). */
typedef struct fc_dfield {
    const char *name; /* "center", "v3", "axis2", "radius", "angle", "count" */
    int32_t n;        /* components: 1..3 */
    int32_t fix;      /* 1: Q16.16 values; 0: integers */
    int32_t v[3];
} fc_dfield;

#define FC_DFIELDS_MAX 9 /* a polygon: count + 8 vertices */

/* The type name ("circle", ..., "sphere", "obb") and fields of live body
 * index of w; returns the field count. */
int fc_desync_fields(const fc_world *w, uint32_t index, const char **type, fc_dfield f[FC_DFIELDS_MAX]);

/* Write the dump line of slot i (LF-terminated). */
void fc_desync_slot_line(fc_text *t, const fc_world *w, uint32_t i);

#endif
