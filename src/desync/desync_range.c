/* SPDX-License-Identifier: MIT */
/* Range checksums, body hashes and the responder's answers of the
 * bisection protocol (fixcol/desync.h documents every definition; term()
 * is its avalanche T). Reads the world's cached record hashes; keeps no
 * state of its own. */
#include <fixcol/desync.h>

#include "desync_internal.h"
#include "world/world_internal.h"

#include "core/nofloat.h"

static uint64_t term(uint64_t x)
{
    x ^= x >> 33;
    x *= FC_HASH_P2;
    x ^= x >> 29;
    x *= FC_HASH_P3;
    x ^= x >> 32;
    return x;
}

uint32_t fc_world_slot_count(const fc_world *w)
{
    return w == NULL ? 0 : w->slot_count;
}

/* The sum of T(word) over [lo, hi) (lo <= hi <= FC_WORLD_MAX_BODIES);
 * keyed: the 3D protocol words of fixcol/desync.h (live xor 2, free xor
 * 2^31, unused slot 0 2^31). */
static uint64_t range_sum(const fc_world *w, uint32_t lo, uint32_t hi, int keyed)
{
    const uint32_t end = hi < w->slot_count ? hi : w->slot_count;
    const uint64_t *rec = w->rec;
    const uint64_t live_key = keyed ? 2u : 0u, free_key = keyed ? (uint64_t)1 << 31 : 0u;
    uint64_t sum = 0;
    for (uint32_t i = lo; i < end; i++) {
        uint64_t r = rec[i];
        if (r == 0) /* a free slot (live record hashes are odd) */
            r = (2u * (uint64_t)i + ((uint64_t)w->bodies[i].generation << 32)) ^ free_key;
        else
            r ^= live_key;
        sum += term(r);
    }
    if (keyed && lo == 0 && hi > 0 && w->slot_count == 0)
        sum += term(free_key);
    return sum;
}

fc_status fc_world_range_checksum(const fc_world *w, uint32_t lo, uint32_t hi, uint64_t *out)
{
    if (w == NULL || out == NULL)
        return FC_ERR_NULL;
    if (lo > hi || hi > (uint32_t)FC_WORLD_MAX_BODIES)
        return FC_ERR_ARGUMENT;
    *out = range_sum(w, lo, hi, 0);
    return FC_OK;
}

fc_status fc_world_body_hash(const fc_world *w, fc_body_id id, uint64_t *out)
{
    if (w == NULL || out == NULL)
        return FC_ERR_NULL;
    if (fc_world_body(w, id) == NULL)
        return FC_ERR_STALE_ID;
    *out = w->rec[id.index];
    return FC_OK;
}

fc_status fc_desync_answer(const fc_world *w, uint64_t question, uint64_t *answer)
{
    if (w == NULL || answer == NULL)
        return FC_ERR_NULL;
    if (question == FC_DESYNC_ASK_SLOTS) {
        *answer = w->slot_count;
        return FC_OK;
    }
    const uint32_t lo = (uint32_t)question, hi = (uint32_t)(question >> 32);
    if (lo > hi || hi > (uint32_t)FC_WORLD_MAX_BODIES)
        return FC_ERR_ARGUMENT;
    *answer = range_sum(w, lo, hi, w->def.dim == FC_WORLD_3D);
    return FC_OK;
}
