/* SPDX-License-Identifier: MIT */
/* The replay runner's shape-cast queries (fixcol/cast.h): closest and all
 * hits, 2D and 3D, and the hash of their hits (src/replay/replay_run.h). */
#include "replay_run.h"

#include <string.h>

#include <fixcol/cast.h>

#include "core/nofloat.h"

static uint64_t two(int32_t lo, int32_t hi) { return (uint64_t)(uint32_t)lo | (uint64_t)(uint32_t)hi << 32; }

static void hash_hit(fc_hash64 *h, fc_body_id id, fix16_t t, int32_t nx, int32_t ny, int32_t nz)
{
    fc_hash64_word(h, (uint64_t)id.index | (uint64_t)id.generation << 32);
    fc_hash64_word(h, two(t, nx));
    fc_hash64_word(h, two(ny, nz));
}

static fc_status cast2(fc_world *w, const fc_replay_op *op, uint32_t *count, uint64_t *hash)
{
    fc_vec2 delta = fc_vec2_make(op->b.x, op->b.y);
    fc_cast2_hit one;
    const fc_cast2_hit *hits = &one;
    int32_t n = 0;
    int got = 0;
    fc_status st;
    memset(&one, 0, sizeof one);
    if (op->kind == FC_REPLAY_QUERY_CAST) {
        st = fc_world_cast2(w, &op->shape2, delta, op->filter, &one, &got);
        n = got ? 1 : 0;
    } else {
        st = fc_world_cast2_all(w, &op->shape2, delta, op->filter, &hits, &n);
    }
    if (st != FC_OK)
        n = 0;
    fc_hash64 h = fc_hash64_init((uint32_t)st);
    for (int32_t i = 0; i < n; i++)
        hash_hit(&h, hits[i].id, hits[i].t, hits[i].normal.x, hits[i].normal.y, 0);
    *count = (uint32_t)n;
    *hash = fc_hash64_final(&h);
    return st;
}

static fc_status cast3(fc_world *w, const fc_replay_op *op, uint32_t *count, uint64_t *hash)
{
    fc_cast3_hit one;
    const fc_cast3_hit *hits = &one;
    int32_t n = 0;
    int got = 0;
    fc_status st;
    memset(&one, 0, sizeof one);
    if (op->kind == FC_REPLAY_QUERY_CAST) {
        st = fc_world_cast3(w, &op->shape3, op->b, op->filter, &one, &got);
        n = got ? 1 : 0;
    } else {
        st = fc_world_cast3_all(w, &op->shape3, op->b, op->filter, &hits, &n);
    }
    if (st != FC_OK)
        n = 0;
    fc_hash64 h = fc_hash64_init((uint32_t)st);
    for (int32_t i = 0; i < n; i++)
        hash_hit(&h, hits[i].id, hits[i].t, hits[i].normal.x, hits[i].normal.y, hits[i].normal.z);
    *count = (uint32_t)n;
    *hash = fc_hash64_final(&h);
    return st;
}

fc_status fc_replay_run_cast(fc_world *w, int32_t dim, const fc_replay_op *op, uint32_t *count, uint64_t *hash)
{
    return dim == 2 ? cast2(w, op, count, hash) : cast3(w, op, count, hash);
}
