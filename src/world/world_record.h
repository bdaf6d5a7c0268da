/* SPDX-License-Identifier: MIT */
/* The record hash's arithmetic (fixcol/world.h defines the record words and
 * the hash R = T(sum of the words' terms)), shared by world_checksum.c,
 * which hashes any body, and world.c, whose moves rehash the common 2D
 * bodies inline: a move changes one or two shape words, and a full call
 * chain per move cost as much as the move itself. */
#ifndef FIXCOL_SRC_WORLD_RECORD_H
#define FIXCOL_SRC_WORLD_RECORD_H

#include "world_internal.h"

#include <fixcol/hash.h>

/* Key of the record's 32-bit field i (see fc_world_checksum in world.h):
 * in [2^30, 2^31), so (f + key) mod 2^32 != 0 for every field |f| < 2^30. */
static inline uint32_t fc_rec_key(unsigned i)
{
    return 0x40000000u | (((uint32_t)i + 1u) * 0x9E3779B9u & 0x3FFFFFFFu);
}

/* Record word j = lo | hi << 32 as (lo + K[2j]) * (hi + K[2j+1]): both
 * factors mod 2^32, the product exact (a 32x32->64 multiply on any target). */
static inline uint64_t fc_rec_term(uint32_t lo, uint32_t hi, unsigned j)
{
    return (uint64_t)(uint32_t)(lo + fc_rec_key(2 * j)) * (uint32_t)(hi + fc_rec_key(2 * j + 1));
}

/* The record hash of a sum of terms: odd, never 0 (0 marks a free slot). */
static inline uint64_t fc_rec_final(uint64_t sum)
{
    sum ^= sum >> 32;
    sum *= FC_HASH_P2;
    return sum | 1u;
}

/* The terms of words B0 (index, generation) and B1 (filter) of body b in
 * slot index. */
static inline uint64_t fc_rec_head(const fc_body *b, uint32_t index)
{
    return fc_rec_term(index, b->generation, 0) + fc_rec_term(b->filter.category, b->filter.mask, 1);
}

/* The record hash of live 2D body b in slot index when b is a circle or
 * an AABB (its words are the slot's: world_internal.h). */
static inline uint64_t fc_rec_small2(const fc_body *b, uint32_t index)
{
    const int32_t *v = b->sw;
    uint64_t sum = fc_rec_head(b, index) + fc_rec_term((uint32_t)v[0], (uint32_t)v[1], 3);
    if (b->type == FC_SHAPE2_AABB)
        sum += fc_rec_term(FC_SHAPE2_AABB, 0, 2) + fc_rec_term((uint32_t)v[2], (uint32_t)v[3], 4);
    else
        sum += fc_rec_term(FC_SHAPE2_CIRCLE, 0, 2) + fc_rec_term((uint32_t)v[2], 0, 4);
    return fc_rec_final(sum);
}

#endif
