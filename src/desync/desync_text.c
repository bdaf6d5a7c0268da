/* SPDX-License-Identifier: MIT */
/* The counting text sink behind the dump and the diff: integers as
 * decimal or hex written digit by digit (no printf, no locale), Q16.16
 * values through the replay text form's exact decimals. */
#include "desync_internal.h"

#include <fixcol/replay.h>

#include "core/nofloat.h"

static void put(fc_text *t, char c)
{
    if (t->at < t->cap)
        t->p[t->at] = c;
    t->at++;
}

void fc_text_str(fc_text *t, const char *s)
{
    while (*s)
        put(t, *s++);
}

void fc_text_u64(fc_text *t, uint64_t v)
{
    char tmp[24];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + (int)(v % 10u));
        v /= 10u;
    } while (v != 0);
    while (n > 0)
        put(t, tmp[--n]);
}

void fc_text_i32(fc_text *t, int32_t v)
{
    if (v < 0) {
        put(t, '-');
        fc_text_u64(t, (uint64_t)0 - (uint64_t)(int64_t)v);
    } else {
        fc_text_u64(t, (uint64_t)v);
    }
}

void fc_text_hex(fc_text *t, uint64_t v, int digits)
{
    static const char hex[] = "0123456789abcdef";
    put(t, '0');
    put(t, 'x');
    for (int i = digits - 1; i >= 0; i--)
        put(t, hex[(v >> (4 * i)) & 15u]);
}

void fc_text_fix(fc_text *t, int32_t raw)
{
    char buf[32];
    fc_text_str(t, fc_replay_fix_format(raw, buf));
}

fc_status fc_text_finish(const fc_text *t, const char *buf, size_t *size)
{
    *size = t->at;
    if (buf == NULL)
        return FC_OK;
    return t->cap < t->at ? FC_ERR_BUFFER : FC_OK;
}
