/* SPDX-License-Identifier: MIT */
/* The replay runner's version 4 queries: push-outs (fixcol/pushout.h), body
 * hashes (fixcol/desync.h) and a pair finding inside the frame
 * (docs/replay-format.md defines every hash here). */
#include "replay_run.h"

#include <fixcol/desync.h>
#include <fixcol/pushout.h>

#include "core/nofloat.h"

static uint64_t two(int32_t lo, int32_t hi) { return (uint64_t)(uint32_t)lo | (uint64_t)(uint32_t)hi << 32; }

static uint64_t id_word(fc_body_id id) { return (uint64_t)id.index | ((uint64_t)id.generation << 32); }

fc_status fc_replay_run_pushout(int32_t dim, const fc_replay_op *op, uint32_t *count, uint64_t *hash)
{
    fc_vec3 d = {0, 0, 0};
    fc_status st;
    if (dim == 2) {
        fc_vec2 d2 = {0, 0};
        st = fc_pushout2(&op->shape2, &op->shape2_b, &d2);
        d.x = d2.x;
        d.y = d2.y;
    } else {
        st = fc_pushout3(&op->shape3, &op->shape3_b, &d);
    }
    fc_hash64 h = fc_hash64_init((uint32_t)st);
    if (st == FC_OK) {
        fc_hash64_word(&h, two(d.x, d.y));
        fc_hash64_word(&h, two(d.z, 0));
    }
    *count = st == FC_OK && (d.x != 0 || d.y != 0 || d.z != 0) ? 1u : 0u;
    *hash = fc_hash64_final(&h);
    return st;
}

fc_status fc_replay_run_body_hash(const fc_world *w, fc_body_id id, uint32_t *count, uint64_t *hash)
{
    uint64_t r = 0;
    fc_status st = fc_world_body_hash(w, id, &r);
    if (st != FC_OK)
        r = 0;
    *count = st == FC_OK ? 1u : 0u;
    *hash = fc_hash64_words((uint32_t)st, &r, 1);
    return st;
}

static void hash_pairs(fc_hash64 *h, const fc_pair *p, int32_t n)
{
    for (int32_t i = 0; i < n; i++) {
        fc_hash64_word(h, id_word(p[i].a));
        fc_hash64_word(h, id_word(p[i].b));
    }
}

fc_status fc_replay_run_pairs(fc_world *w, uint32_t *count, uint64_t *hash)
{
    const fc_pair *pairs = NULL, *began = NULL, *ended = NULL;
    int32_t n = 0, nb = 0, ne = 0;
    fc_status st = fc_world_find_pairs(w, &pairs, &n);
    if (st == FC_OK)
        st = fc_world_pair_events(w, &began, &nb, &ended, &ne);
    fc_hash64 h = fc_hash64_init((uint32_t)st);
    if (st == FC_OK) {
        hash_pairs(&h, pairs, n);
        fc_hash64_word(&h, two(nb, ne));
        hash_pairs(&h, began, nb);
        hash_pairs(&h, ended, ne);
    }
    *count = st == FC_OK ? (uint32_t)n : 0u;
    *hash = fc_hash64_final(&h);
    return st;
}
