/* SPDX-License-Identifier: MIT */
/* The push-out's integer helpers (see pushout_step.h). */
#include "pushout_step.h"

#include "core/nofloat.h"

int64_t fc_pushout_step(int32_t depth, int64_t extra, int k)
{
    int64_t d = depth < 0 ? 0 : depth;
    int64_t first = 4 + d / 8192;         /* [4, 2^18 + 4) */
    int64_t s = d + extra + (first << k); /* < 2^31 + 1 + 2^49 */
    return s < FC_PUSHOUT_MAX_STEP ? s : FC_PUSHOUT_MAX_STEP;
}

int64_t fc_pushout_scale(int32_t n, int64_t s)
{
    int64_t p = (int64_t)n * s; /* |p| <= 2^17 * 2^33 = 2^50 */
    if (p >= 0)
        return (p + 32768) / 65536;
    return -((-p + 32767) / 65536); /* ties toward +infinity, like p >= 0 */
}

int fc_pushout_move(int32_t coord, int64_t d, int32_t *out)
{
    int64_t v = (int64_t)coord + d;
    if (v < -(int64_t)FC_COORD_LIMIT || v > (int64_t)FC_COORD_LIMIT)
        return 0;
    *out = (int32_t)v;
    return 1;
}
