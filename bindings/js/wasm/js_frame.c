/* SPDX-License-Identifier: MIT */
/* A frame in one call for JavaScript (fixcol/frame.h): the command and
 * result words live in wasm memory (a FrameBuffer), so the call copies
 * nothing. io out: io[0] = the result words (or the words needed on
 * FC_ERR_BUFFER), io[1] = the word where a malformed command starts. */
#include <fixcol/frame.h>

#include <stdint.h>

#include "js_export.h"
#include "core/nofloat.h"

FCJS_EXPORT(fcjs_frame_run)
int32_t fcjs_frame_run(fc_world *w, const int32_t *cmd, int32_t cmd_words, int32_t *out, int32_t out_cap, int32_t *io)
{
    return fc_frame_run(w, cmd, cmd_words, out, out_cap, &io[0], &io[1]);
}
