/* SPDX-License-Identifier: MIT */
/* fixcol/hash.h - fc_hash64, the 64-bit hash behind world checksums,
 * snapshot trailers and replay frame digests.
 *
 * Input is a sequence of 64-bit words: the little-endian 8-byte groups of a
 * canonical serialisation, so the value never depends on host byte order.
 * Definition (xxHash64-style, four lanes; P1..P4 are XXH64's primes):
 *   lanes v0 = seed + P1 + P2, v1 = seed + P2, v2 = seed, v3 = seed - P1;
 *   word i goes to lane i % 4:  v = rotl64(v + w * P2, 31) * P1;
 *   final: h = rotl64(v0, 1) + rotl64(v1, 7) + rotl64(v2, 12) + rotl64(v3, 18)
 *          + n * P4 (n = number of words);
 *          h ^= h >> 33; h *= P2; h ^= h >> 29; h *= P3; h ^= h >> 32.
 * All arithmetic is modulo 2^64. Not cryptographic: it detects desyncs and
 * corruption, not tampering. Inline, no state outside the struct.
 */
#ifndef FIXCOL_HASH_H
#define FIXCOL_HASH_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FC_HASH_P1 0x9E3779B185EBCA87u
#define FC_HASH_P2 0xC2B2AE3D27D4EB4Fu
#define FC_HASH_P3 0x165667B19E3779F9u
#define FC_HASH_P4 0x85EBCA77C2B2AE63u

/* Running state of one hash. Copyable value; initialise with fc_hash64_init. */
typedef struct fc_hash64 {
    uint64_t v[4];
    uint64_t n;
} fc_hash64;

static inline uint64_t fc_rotl64(uint64_t x, unsigned r)
{
    return (x << r) | (x >> (64u - r));
}

static inline fc_hash64 fc_hash64_init(uint64_t seed)
{
    fc_hash64 h;
    h.v[0] = seed + FC_HASH_P1 + FC_HASH_P2;
    h.v[1] = seed + FC_HASH_P2;
    h.v[2] = seed;
    h.v[3] = seed - FC_HASH_P1;
    h.n = 0;
    return h;
}

/* One lane round: v = rotl64(v + w * P2, 31) * P1. */
static inline uint64_t fc_hash64_round(uint64_t v, uint64_t w)
{
    return fc_rotl64(v + w * FC_HASH_P2, 31) * FC_HASH_P1;
}

/* The final merge and avalanche of four lanes after n words. */
static inline uint64_t fc_hash64_finish(uint64_t v0, uint64_t v1, uint64_t v2, uint64_t v3, uint64_t n)
{
    uint64_t x = fc_rotl64(v0, 1) + fc_rotl64(v1, 7) + fc_rotl64(v2, 12) + fc_rotl64(v3, 18) + n * FC_HASH_P4;
    x ^= x >> 33;
    x *= FC_HASH_P2;
    x ^= x >> 29;
    x *= FC_HASH_P3;
    x ^= x >> 32;
    return x;
}

/* Append one 64-bit word. */
static inline void fc_hash64_word(fc_hash64 *h, uint64_t w)
{
    uint64_t *v = &h->v[h->n & 3u];
    *v = fc_hash64_round(*v, w);
    h->n++;
}

/* Append two 32-bit fields as one word: lo in bits 0..31, hi in 32..63
 * (the little-endian serialisation of lo followed by hi). */
static inline void fc_hash64_pair(fc_hash64 *h, uint32_t lo, uint32_t hi)
{
    fc_hash64_word(h, (uint64_t)lo | ((uint64_t)hi << 32));
}

/* Append n words (same result as n calls of fc_hash64_word; faster: whole
 * stripes of four words are mixed with the lanes in registers). */
static inline void fc_hash64_block(fc_hash64 *h, const uint64_t *w, uint64_t n)
{
    uint64_t i = 0;
    for (; i < n && (h->n & 3u) != 0; i++)
        fc_hash64_word(h, w[i]);
    uint64_t v0 = h->v[0], v1 = h->v[1], v2 = h->v[2], v3 = h->v[3], start = i;
    for (; i + 4 <= n; i += 4) {
        v0 = fc_hash64_round(v0, w[i]);
        v1 = fc_hash64_round(v1, w[i + 1]);
        v2 = fc_hash64_round(v2, w[i + 2]);
        v3 = fc_hash64_round(v3, w[i + 3]);
    }
    h->v[0] = v0;
    h->v[1] = v1;
    h->v[2] = v2;
    h->v[3] = v3;
    h->n += i - start;
    for (; i < n; i++)
        fc_hash64_word(h, w[i]);
}

/* The hash of the words appended so far (the state is not changed). */
static inline uint64_t fc_hash64_final(const fc_hash64 *h)
{
    return fc_hash64_finish(h->v[0], h->v[1], h->v[2], h->v[3], h->n);
}

/* fc_hash64 of n words in one call (lanes kept in registers). */
static inline uint64_t fc_hash64_words(uint64_t seed, const uint64_t *w, uint64_t n)
{
    uint64_t v0 = seed + FC_HASH_P1 + FC_HASH_P2, v1 = seed + FC_HASH_P2, v2 = seed, v3 = seed - FC_HASH_P1;
    uint64_t i = 0;
    for (; i + 4 <= n; i += 4) {
        v0 = fc_hash64_round(v0, w[i]);
        v1 = fc_hash64_round(v1, w[i + 1]);
        v2 = fc_hash64_round(v2, w[i + 2]);
        v3 = fc_hash64_round(v3, w[i + 3]);
    }
    if (i < n)
        v0 = fc_hash64_round(v0, w[i]);
    if (i + 1 < n)
        v1 = fc_hash64_round(v1, w[i + 1]);
    if (i + 2 < n)
        v2 = fc_hash64_round(v2, w[i + 2]);
    return fc_hash64_finish(v0, v1, v2, v3, n);
}

#ifdef __cplusplus
}
#endif

#endif
