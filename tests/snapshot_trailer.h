/* SPDX-License-Identifier: MIT */
/* The snapshot trailer as fixcol/world.h documents it, for tests that build
 * or repair blobs: fc_hash64 (seed FC_SNAPSHOT_MAGIC) of the little-endian
 * 8-byte words before the last one. */
#ifndef FIXCOL_TESTS_SNAPSHOT_TRAILER_H
#define FIXCOL_TESTS_SNAPSHOT_TRAILER_H

#include <fixcol/hash.h>
#include <fixcol/world.h>

#include <stddef.h>
#include <stdint.h>

/* The trailer of blob[0, size), size a multiple of 8 and >= 8. */
static inline uint64_t snapshot_trailer(const unsigned char *blob, size_t size)
{
    fc_hash64 h = fc_hash64_init(FC_SNAPSHOT_MAGIC);
    for (size_t k = 0; k + 8 < size; k += 8) {
        uint64_t v = 0;
        for (int b = 7; b >= 0; b--)
            v = v << 8 | blob[k + (size_t)b];
        fc_hash64_word(&h, v);
    }
    return fc_hash64_final(&h);
}

#endif
