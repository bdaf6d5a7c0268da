/* SPDX-License-Identifier: MIT */
/* The frame-history ring (fixcol/history.h) for JavaScript: World.historyBegin
 * / historyEnd / historySave / historyRollback / historyStats. */
#include <stdint.h>

#include <fixcol/fixcol.h>

#include "js_export.h"

FCJS_EXPORT(fcjs_history_begin) int32_t fcjs_history_begin(fc_world *w, int32_t frames, int32_t bytes)
{
    return fc_world_history_begin(w, frames, bytes);
}

FCJS_EXPORT(fcjs_history_end) void fcjs_history_end(fc_world *w) { fc_world_history_end(w); }
FCJS_EXPORT(fcjs_history_save) int32_t fcjs_history_save(fc_world *w) { return fc_world_history_save(w); }
FCJS_EXPORT(fcjs_history_rollback) int32_t fcjs_history_rollback(fc_world *w, int32_t k)
{
    return fc_world_history_rollback(w, k);
}

/* io out: frames, depth, bytes, used, last_save, open, overflowed (each
 * byte count <= 2^30: an int32). */
FCJS_EXPORT(fcjs_history_stats) int32_t fcjs_history_stats(const fc_world *w, int32_t *io)
{
    fc_history_stats s;
    fc_status st = fc_world_history_stats(w, &s);
    io[0] = s.frames;
    io[1] = s.depth;
    io[2] = (int32_t)s.bytes;
    io[3] = (int32_t)s.used;
    io[4] = (int32_t)s.last_save;
    io[5] = (int32_t)s.open;
    io[6] = s.overflowed;
    return st;
}
