/* SPDX-License-Identifier: MIT */
/* The replay writer: the same layout as the reader, binary or text. */
#include <fixcol/replay.h>

#include <stdlib.h>
#include <string.h>

#include "replay_layout.h"
#include "core/nofloat.h"

enum { PH_NONE, PH_FRAMES, PH_OPS, PH_QUERIES, PH_DONE };

/* 1 when w is usable in phase_ok; misuse marks the writer FC_ERR_ARGUMENT. */
static int enter(fc_replay_writer *w, int phase_ok)
{
    if (!w || w->status != FC_OK)
        return 0;
    if (!phase_ok) {
        w->status = FC_ERR_ARGUMENT;
        return 0;
    }
    return 1;
}

fc_status fc_replay_writer_init(fc_replay_writer *w, const fc_replay_settings *s, int32_t text)
{
    if (!w || !s)
        return FC_ERR_NULL;
    memset(w, 0, sizeof *w);
    if ((s->dim != 2 && s->dim != 3) || s->bounds_log2 < 0 || s->bounds_log2 > 14 || s->max_depth < 0 ||
        s->max_depth > FC_QT_MAX_DEPTH || (s->layout != FC_QT_LOOSE && s->layout != FC_QT_STRICT) ||
        (s->version != 0 && (s->version < FC_REPLAY_VERSION_OLDEST || s->version > FC_REPLAY_VERSION)))
        return w->status = FC_ERR_ARGUMENT;
    w->text = text ? 1 : 0;
    w->settings = *s;
    if (!w->settings.version)
        w->settings.version = FC_REPLAY_VERSION;
    fc_codec c = fc_codec_writing(w);
    uint32_t version = (uint32_t)w->settings.version;
    fc_layout_magic(&c, &version);
    fc_layout_settings(&c, &w->settings);
    if (w->status == FC_OK)
        w->phase = PH_FRAMES;
    return w->status;
}

void fc_replay_write_frame(fc_replay_writer *w, uint32_t op_count)
{
    if (!enter(w, w && w->phase == PH_FRAMES && op_count <= FC_REPLAY_MAX_OPS && w->frames < FC_REPLAY_MAX_FRAMES))
        return;
    fc_codec c = fc_codec_writing(w);
    uint32_t tag = FC_REPLAY_TAG_FRAME;
    fc_layout_record(&c, &tag);
    fc_layout_frame(&c, w->frames + 1, &op_count);
    w->frames++;
    w->ops_left = op_count;
    w->queries_seen = 0;
    w->phase = PH_OPS;
}

/* 1 when op carries a 3D shape its version cannot encode (the capsule,
 * tag 4, exists from version 5 on). */
static int shape3_too_new(const fc_replay_writer *w, const fc_replay_op *op)
{
    if (w->settings.dim != 3 || w->settings.version >= 5)
        return 0;
    int uses_a = op->kind == FC_REPLAY_CREATE || op->kind == FC_REPLAY_SET || op->kind == FC_REPLAY_QUERY_SHAPE ||
                 op->kind == FC_REPLAY_QUERY_CAST || op->kind == FC_REPLAY_QUERY_CAST_ALL ||
                 op->kind == FC_REPLAY_QUERY_PUSHOUT;
    return (uses_a && (uint32_t)op->shape3.type >= 4u) ||
           (op->kind == FC_REPLAY_QUERY_PUSHOUT && (uint32_t)op->shape3_b.type >= 4u);
}

void fc_replay_write_op(fc_replay_writer *w, const fc_replay_op *op)
{
    /* only the kinds and shapes of the writer's version (a version 4 file
     * cannot hold a mover call nor a 3D capsule, a version 3 file a push-out, a version 2 file no cast, a version 1 file neither a range
     * nor a dump) */
    uint32_t kinds = fc_replay_op_kinds(w ? w->settings.version : 0);
    if (!enter(w, w && op && w->phase == PH_OPS && w->ops_left > 0 && (uint32_t)op->kind >= 1 &&
                      (uint32_t)op->kind < kinds && !shape3_too_new(w, op)))
        return;
    fc_codec c = fc_codec_writing(w);
    fc_replay_op copy = *op;
    w->queries_seen += (uint32_t)fc_layout_op(&c, w->settings.dim, &copy);
    w->ops_left--;
}

void fc_replay_write_expect(fc_replay_writer *w, const fc_replay_expect *e)
{
    if (!enter(w, w && e && w->phase == PH_OPS && w->ops_left == 0 && e->query_count == w->queries_seen))
        return;
    fc_codec c = fc_codec_writing(w);
    fc_replay_expect copy = *e;
    fc_layout_expect(&c, &copy);
    w->queries_left = e->query_count;
    w->phase = w->queries_left ? PH_QUERIES : PH_FRAMES;
}

void fc_replay_write_query_expect(fc_replay_writer *w, const fc_replay_query_expect *q)
{
    if (!enter(w, w && q && w->phase == PH_QUERIES))
        return;
    fc_codec c = fc_codec_writing(w);
    fc_replay_query_expect copy = *q;
    fc_layout_query_expect(&c, &copy);
    if (--w->queries_left == 0)
        w->phase = PH_FRAMES;
}

fc_status fc_replay_writer_finish(fc_replay_writer *w)
{
    if (!w)
        return FC_ERR_NULL;
    if (!enter(w, w->phase == PH_FRAMES))
        return w->status;
    fc_codec c = fc_codec_writing(w);
    uint32_t tag = FC_REPLAY_TAG_END;
    fc_layout_record(&c, &tag);
    fc_codec_eol(&c);
    if (w->status == FC_OK)
        w->phase = PH_DONE;
    return w->status;
}

void fc_replay_writer_free(fc_replay_writer *w)
{
    if (!w)
        return;
    free(w->data);
    w->data = NULL;
    w->size = w->cap = 0;
}

void fc_replay_op_format(const fc_replay_op *op, int32_t dim, char *buf, size_t size)
{
    if (!buf || !size)
        return;
    fc_replay_writer w;
    memset(&w, 0, sizeof w);
    w.text = 1;
    fc_codec c = fc_codec_writing(&w);
    fc_replay_op copy = *op;
    fc_layout_op(&c, dim == 3 ? 3 : 2, &copy);
    size_t n = w.status == FC_OK ? w.size : 0;
    if (n > 0 && w.data[n - 1] == '\n')
        n--;
    if (n >= size)
        n = size - 1;
    if (n)
        memcpy(buf, w.data, n);
    buf[n] = '\0';
    free(w.data);
}
