/* SPDX-License-Identifier: MIT */
/* The replay reader: sequencing over the layout (versions 1 to 4), binary or text. */
#include <fixcol/replay.h>

#include <string.h>

#include "replay_layout.h"
#include "core/nofloat.h"

enum { PH_NONE, PH_FRAMES, PH_OPS, PH_QUERIES, PH_DONE };

#define TEXT_MAGIC "fixcol-replay"

/* Common entry check: an earlier error sticks; misuse is FC_ERR_ARGUMENT. */
static fc_status enter(fc_replay_reader *r, int phase_ok)
{
    if (!r)
        return FC_ERR_NULL;
    if (r->status != FC_OK)
        return r->status;
    return phase_ok ? FC_OK : FC_ERR_ARGUMENT;
}

fc_status fc_replay_open(fc_replay_reader *r, const uint8_t *data, size_t size)
{
    if (!r || (!data && size))
        return FC_ERR_NULL;
    memset(r, 0, sizeof *r);
    r->data = data;
    r->size = size;
    r->line = 1;
    size_t tl = sizeof TEXT_MAGIC - 1;
    int binary = size >= 8 && memcmp(data, FC_REPLAY_MAGIC, 8) == 0;
    r->text = !binary && size >= tl && memcmp(data, TEXT_MAGIC, tl) == 0;
    if (!binary && !r->text) {
        fc_codec_fail_at(r, 0, "not a fixcol replay: no FCREPLAY magic and no 'fixcol-replay' text header", NULL);
        return r->status;
    }
    fc_codec c = fc_codec_reading(r);
    uint32_t version = 0;
    fc_layout_magic(&c, &version);
    if (r->status == FC_OK && (version < FC_REPLAY_VERSION_OLDEST || version > FC_REPLAY_VERSION)) {
        size_t at = 8; /* binary: the version follows the magic */
        if (r->text) /* back to the start of the version token */
            for (at = r->pos; at > 0 && r->data[at - 1] != ' ' && r->data[at - 1] != '\t';)
                at--;
        fc_codec_fail_at(r, at, FC_REPLAY_READS_V1 ? "unsupported replay version (this reader reads versions 1 to 4)"
                                                  : "unsupported replay version (this reader reads versions 2 to 4)", NULL);
        r->status = FC_ERR_VERSION;
        return r->status;
    }
    r->settings.version = (int32_t)version; /* the layout of what follows */
    size_t settings_at = r->pos;
    fc_layout_settings(&c, &r->settings);
    /* the world's own rules (fc_world_create), so that a replay the reader
     * accepts always gets its world */
    const fc_replay_settings *s = &r->settings;
    if (r->status == FC_OK && (s->bounds_min.x < -FC_COORD_LIMIT || s->bounds_min.x > FC_COORD_LIMIT ||
                               s->bounds_min.y < -FC_COORD_LIMIT || s->bounds_min.y > FC_COORD_LIMIT))
        fc_codec_fail_at(r, settings_at, "world bounds corner outside the coordinate range", NULL);
    if (r->status == FC_OK && s->max_depth > s->bounds_log2 + 16)
        fc_codec_fail_at(r, settings_at, "quadtree max depth above bounds log2 size + 16", NULL);
    if (r->status == FC_OK)
        r->phase = PH_FRAMES;
    return r->status;
}

fc_status fc_replay_next_frame(fc_replay_reader *r, int32_t *more, uint32_t *op_count)
{
    fc_status st = enter(r, r && r->phase == PH_FRAMES);
    if (st != FC_OK)
        return st;
    fc_codec c = fc_codec_reading(r);
    uint32_t tag = 0;
    size_t at = r->pos;
    fc_layout_record(&c, &tag);
    if (r->status != FC_OK)
        return r->status;
    if (tag == FC_REPLAY_TAG_END) {
        fc_codec_eol(&c);
        if (r->status == FC_OK && r->pos != r->size)
            fc_codec_fail_at(r, r->pos, "data after the end marker", NULL);
        if (r->status != FC_OK)
            return r->status;
        r->phase = PH_DONE;
        *more = 0;
        *op_count = 0;
        return FC_OK;
    }
    if (r->frames >= FC_REPLAY_MAX_FRAMES) {
        fc_codec_fail_at(r, at, "too many frames", NULL);
        return r->status;
    }
    uint32_t n = 0;
    size_t count_at = r->pos;
    fc_layout_frame(&c, r->frames + 1, &n);
    if (r->status != FC_OK)
        return r->status;
    /* Every operation takes at least one byte: callers may size buffers by
     * the count without a hostile file making them allocate much more than
     * its own size. */
    if (n > r->size - r->pos) {
        fc_codec_fail_at(r, count_at, "operation count exceeds the rest of the file", NULL);
        return r->status;
    }
    r->frames++;
    r->ops_left = n;
    r->queries_seen = 0;
    r->phase = PH_OPS;
    *more = 1;
    *op_count = n;
    return FC_OK;
}

fc_status fc_replay_next_op(fc_replay_reader *r, fc_replay_op *op)
{
    fc_status st = enter(r, r && r->phase == PH_OPS && r->ops_left > 0);
    if (st != FC_OK)
        return st;
    fc_codec c = fc_codec_reading(r);
    size_t at = r->pos;
    memset(op, 0, sizeof *op);
    int query = fc_layout_op(&c, r->settings.dim, op);
    if (r->status != FC_OK)
        return r->status;
    if (query && r->queries_seen >= FC_REPLAY_MAX_QUERIES) {
        fc_codec_fail_at(r, at, "too many queries in one frame", NULL);
        return r->status;
    }
    r->queries_seen += (uint32_t)query;
    r->ops_left--;
    return FC_OK;
}

fc_status fc_replay_read_expect(fc_replay_reader *r, fc_replay_expect *e)
{
    fc_status st = enter(r, r && r->phase == PH_OPS && r->ops_left == 0);
    if (st != FC_OK)
        return st;
    fc_codec c = fc_codec_reading(r);
    size_t at = r->pos;
    memset(e, 0, sizeof *e);
    fc_layout_expect(&c, e);
    if (r->status == FC_OK && e->query_count != r->queries_seen)
        fc_codec_fail_at(r, at, "query count differs from the frame's number of query operations", NULL);
    if (r->status != FC_OK)
        return r->status;
    r->queries_left = e->query_count;
    r->phase = r->queries_left ? PH_QUERIES : PH_FRAMES;
    return FC_OK;
}

fc_status fc_replay_read_query_expect(fc_replay_reader *r, fc_replay_query_expect *q)
{
    fc_status st = enter(r, r && r->phase == PH_QUERIES);
    if (st != FC_OK)
        return st;
    fc_codec c = fc_codec_reading(r);
    memset(q, 0, sizeof *q);
    fc_layout_query_expect(&c, q);
    if (r->status != FC_OK)
        return r->status;
    if (--r->queries_left == 0)
        r->phase = PH_FRAMES;
    return FC_OK;
}

static size_t put_str(char *buf, size_t size, size_t n, const char *s)
{
    while (*s && n + 1 < size)
        buf[n++] = *s++;
    if (size)
        buf[n < size ? n : size - 1] = '\0';
    return n;
}

static size_t put_num(char *buf, size_t size, size_t n, uint64_t v)
{
    char tmp[24];
    int k = 0;
    do {
        tmp[k++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    char s[24];
    int i = 0;
    while (k)
        s[i++] = tmp[--k];
    s[i] = '\0';
    return put_str(buf, size, n, s);
}

void fc_replay_error_format(const fc_replay_error *e, char *buf, size_t size)
{
    size_t n = 0;
    if (!buf || !size)
        return;
    buf[0] = '\0';
    if (e->line) {
        n = put_str(buf, size, n, "line ");
        n = put_num(buf, size, n, e->line);
        n = put_str(buf, size, n, ", column ");
        n = put_num(buf, size, n, e->column);
    } else {
        n = put_str(buf, size, n, "offset ");
        n = put_num(buf, size, n, e->offset);
    }
    n = put_str(buf, size, n, ": ");
    put_str(buf, size, n, e->reason);
}
