/* SPDX-License-Identifier: MIT */
/* Exact decimal text of Q16.16 values, both directions, integer-only
 * (formatting for any binary point up to 32 bits: fixtext.h).
 * v / 2^k = v * 5^k / 10^k, so every value has at most k fractional
 * digits; parsing accepts exactly the decimals that are a multiple of
 * 1/65536. */
#include <fixcol/replay.h>

#include <string.h>

#include "fixtext.h"
#include "nofloat.h"

/* The fraction is emitted digit by digit: frac < 2^frac_bits <= 2^32, so
 * frac * 10 < 2^36 never overflows. */
char *fc_fixtext_format(int64_t v, uint32_t frac_bits, char *buf)
{
    uint64_t mag = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    uint64_t mask = ((uint64_t)1 << frac_bits) - 1u;
    uint64_t ip = mag >> frac_bits;
    uint64_t frac = mag & mask;
    char tmp[32];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + ip % 10);
        ip /= 10;
    } while (ip != 0);
    char *p = buf;
    if (v < 0)
        *p++ = '-';
    while (n > 0)
        *p++ = tmp[--n];
    if (frac != 0) {
        *p++ = '.';
        while (frac != 0) {
            frac *= 10u;
            *p++ = (char)('0' + (frac >> frac_bits));
            frac &= mask;
        }
    }
    *p = '\0';
    return buf;
}

char *fc_replay_fix_format(fix16_t v, char *buf) { return fc_fixtext_format((int64_t)v, 16, buf); }

static int is_digit(char c) { return c >= '0' && c <= '9'; }

fc_status fc_replay_fix_parse(const char *s, size_t len, fix16_t *out)
{
    size_t i = 0;
    int neg = 0;
    if (i < len && s[i] == '-') {
        neg = 1;
        i++;
    }
    if (i >= len || !is_digit(s[i]))
        return FC_ERR_FORMAT;
    uint64_t ip = 0;
    int big = 0;
    while (i < len && is_digit(s[i])) {
        ip = ip * 10 + (uint64_t)(s[i] - '0');
        if (ip > 40000) {
            big = 1;
            ip = 40000;
        }
        i++;
    }
    uint64_t f = 0; /* fraction digits without trailing zeros */
    uint32_t k = 0;
    if (i < len && s[i] == '.') {
        i++;
        size_t start = i, last = i; /* one past the last non-zero digit */
        while (i < len && is_digit(s[i])) {
            if (s[i] != '0')
                last = i + 1;
            i++;
        }
        if (i == start)
            return FC_ERR_FORMAT;
        if (last - start > 16)
            return FC_ERR_FORMAT; /* not a multiple of 2^-16 */
        for (size_t j = start; j < last; j++)
            f = f * 10 + (uint64_t)(s[j] - '0');
        k = (uint32_t)(last - start);
    }
    if (i != len)
        return FC_ERR_FORMAT;
    /* f / 10^k * 2^16 = f * 2^(16-k) / 5^k must be an integer. */
    uint64_t p5 = 1;
    for (uint32_t j = 0; j < k; j++)
        p5 *= 5;
    uint64_t num = f << (16 - k);
    if (num % p5 != 0)
        return FC_ERR_FORMAT;
    if (big)
        return FC_ERR_RANGE;
    uint64_t mag = (ip << 16) + num / p5;
    if (mag > (neg ? 0x80000000ull : 0x7FFFFFFFull))
        return FC_ERR_RANGE;
    *out = neg ? (fix16_t)(-(int64_t)mag) : (fix16_t)mag;
    return FC_OK;
}
