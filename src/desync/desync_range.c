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

fc_status fc_world_range_checksum(const fc_world *w, uint32_t lo, uint32_t hi, uint64_t *out)
{
    if (w == NULL || out == NULL)
        return FC_ERR_NULL;
    if (lo > hi || hi > (uint32_t)FC_WORLD_MAX_BODIES)
        return FC_ERR_ARGUMENT;
    const uint32_t end = hi < w->slot_count ? hi : w->slot_count;
    const uint64_t *rec = w->rec;
    uint64_t sum = 0;
    for (uint32_t i = lo; i < end; i++) {
        uint64_t r = rec[i];
        if (r == 0) /* a free slot (live record hashes are odd) */
            r = 2u * (uint64_t)i + ((uint64_t)w->bodies[i].generation << 32);
        sum += term(r);
    }
    *out = sum;
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
    return fc_world_range_checksum(w, (uint32_t)question, (uint32_t)(question >> 32), answer);
}
