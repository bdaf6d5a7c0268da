/* SPDX-License-Identifier: MIT */
/* Re-encode a replay (binary or text) in either form, record by record. */
#include <fixcol/replay.h>

#include <string.h>

#include "core/nofloat.h"

fc_status fc_replay_convert(const uint8_t *data, size_t size, int32_t text, fc_replay_writer *out, fc_replay_error *err)
{
    if (!out || !err)
        return FC_ERR_NULL;
    memset(out, 0, sizeof *out);
    memset(err, 0, sizeof *err);
    fc_replay_reader r;
    fc_status st = fc_replay_open(&r, data, size);
    if (st == FC_OK)
        st = fc_replay_writer_init(out, &r.settings, text);
    for (;;) {
        int32_t more = 0;
        uint32_t n = 0;
        if (st != FC_OK || (st = fc_replay_next_frame(&r, &more, &n)) != FC_OK || !more)
            break;
        fc_replay_write_frame(out, n);
        fc_replay_op op;
        for (uint32_t i = 0; st == FC_OK && i < n; i++)
            if ((st = fc_replay_next_op(&r, &op)) == FC_OK)
                fc_replay_write_op(out, &op);
        fc_replay_expect e;
        if (st == FC_OK && (st = fc_replay_read_expect(&r, &e)) == FC_OK)
            fc_replay_write_expect(out, &e);
        fc_replay_query_expect q;
        for (uint32_t i = 0; st == FC_OK && i < e.query_count; i++)
            if ((st = fc_replay_read_query_expect(&r, &q)) == FC_OK)
                fc_replay_write_query_expect(out, &q);
        if (st == FC_OK)
            st = out->status;
    }
    if (st == FC_OK)
        st = fc_replay_writer_finish(out);
    if (r.status != FC_OK)
        *err = r.error;
    return st;
}
