/* SPDX-License-Identifier: MIT */
/* LSD radix sort of uint64 keys (8-bit digits, passes whose digit is the
 * same for every key skipped). The keys the world sorts are distinct, so
 * the result is unique and independent of the input order. */
#include "sort.h"

#include <string.h>

#include "nofloat.h"

void fc_sort_u64(uint64_t *keys, uint64_t *tmp, size_t n)
{
    if (n < 2)
        return;
    if (n <= 32) { /* insertion sort */
        for (size_t i = 1; i < n; i++) {
            uint64_t k = keys[i];
            size_t j = i;
            for (; j > 0 && keys[j - 1] > k; j--)
                keys[j] = keys[j - 1];
            keys[j] = k;
        }
        return;
    }
    uint64_t all_or = 0, all_and = ~(uint64_t)0;
    for (size_t i = 0; i < n; i++) {
        all_or |= keys[i];
        all_and &= keys[i];
    }
    uint64_t *src = keys, *dst = tmp;
    for (unsigned shift = 0; shift < 64; shift += 8) {
        if ((((all_or ^ all_and) >> shift) & 0xFFu) == 0)
            continue; /* every key has the same digit */
        size_t count[256];
        memset(count, 0, sizeof count);
        for (size_t i = 0; i < n; i++)
            count[(src[i] >> shift) & 0xFFu]++;
        size_t sum = 0;
        for (int d = 0; d < 256; d++) {
            size_t c = count[d];
            count[d] = sum;
            sum += c;
        }
        for (size_t i = 0; i < n; i++)
            dst[count[(src[i] >> shift) & 0xFFu]++] = src[i];
        uint64_t *t = src;
        src = dst;
        dst = t;
    }
    if (src != keys)
        memcpy(keys, src, n * sizeof *keys);
}
