/* SPDX-License-Identifier: MIT */
/* The replay runner's version 3 frame parts: skill-area queries (sector,
 * ring), and the frame's pair finding with world contacts and pair events
 * (docs/replay-format.md defines every hash here). */
#include "replay_run.h"

#include <fixcol/area2.h>

#include "core/nofloat.h"

static uint32_t fold(uint64_t h) { return (uint32_t)h ^ (uint32_t)(h >> 32); }

static uint64_t id_word(fc_body_id id) { return (uint64_t)id.index | ((uint64_t)id.generation << 32); }

fc_status fc_replay_run_area(fc_world *w, const fc_replay_op *op, uint32_t *count, uint64_t *hash)
{
    const fc_body_id *ids = NULL;
    int32_t n = 0;
    fc_status st = op->kind == FC_REPLAY_QUERY_SECTOR ? fc_world_overlap_sector2(w, &op->sector, op->filter, &ids, &n)
                                                      : fc_world_overlap_ring2(w, &op->ring, op->filter, &ids, &n);
    if (st != FC_OK)
        n = 0;
    *count = (uint32_t)n;
    *hash = fc_hash_ids((uint32_t)st, ids, n);
    return st;
}

/* Two int32 fields as one word: lo in bits 0..31. */
static uint64_t two(int32_t lo, int32_t hi) { return (uint64_t)(uint32_t)lo | (uint64_t)(uint32_t)hi << 32; }

/* Per entry: the pair's two id words, then the contact's int32 fields in
 * declaration order (normal, depth, point), two per word, the last word's
 * upper half 0. */
static uint64_t hash_contacts2(uint64_t seed, const fc_pair *p, const fc_contact2_result *c, int32_t n)
{
    fc_hash64 h = fc_hash64_init(seed);
    for (int32_t i = 0; i < n; i++) {
        fc_hash64_word(&h, id_word(p[i].a));
        fc_hash64_word(&h, id_word(p[i].b));
        fc_hash64_word(&h, two(c[i].normal.x, c[i].normal.y));
        fc_hash64_word(&h, two(c[i].depth, c[i].point.x));
        fc_hash64_word(&h, two(c[i].point.y, 0));
    }
    return fc_hash64_final(&h);
}

static uint64_t hash_contacts3(uint64_t seed, const fc_pair *p, const fc_contact3_result *c, int32_t n)
{
    fc_hash64 h = fc_hash64_init(seed);
    for (int32_t i = 0; i < n; i++) {
        fc_hash64_word(&h, id_word(p[i].a));
        fc_hash64_word(&h, id_word(p[i].b));
        fc_hash64_word(&h, two(c[i].normal.x, c[i].normal.y));
        fc_hash64_word(&h, two(c[i].normal.z, c[i].depth));
        fc_hash64_word(&h, two(c[i].point.x, c[i].point.y));
        fc_hash64_word(&h, two(c[i].point.z, 0));
    }
    return fc_hash64_final(&h);
}

fc_status fc_replay_run_contacts(fc_world *w, int32_t dim, fc_replay_expect *got)
{
    const fc_pair *pairs = NULL;
    const fc_contact2_result *c2 = NULL;
    const fc_contact3_result *c3 = NULL;
    int32_t n = 0;
    fc_status st = dim == 2 ? fc_world_find_contacts2(w, &pairs, &c2, &n) : fc_world_find_contacts3(w, &pairs, &c3, &n);
    if (st != FC_OK)
        n = 0;
    got->pairs = st == FC_OK ? fc_hash_pairs(0, pairs, n) : (uint32_t)st;
    got->pair_count = (uint32_t)n;
    got->contact_count = (uint32_t)n;
    got->contacts = fold(dim == 2 ? hash_contacts2((uint32_t)st, pairs, c2, n) : hash_contacts3((uint32_t)st, pairs, c3, n));
    const fc_pair *began = NULL, *ended = NULL;
    int32_t nb = 0, ne = 0;
    fc_status est = fc_world_pair_events(w, &began, &nb, &ended, &ne);
    if (est != FC_OK)
        nb = ne = 0;
    got->began_count = (uint32_t)nb;
    got->began = fold(fc_hash_pairs((uint32_t)est, began, nb));
    got->ended_count = (uint32_t)ne;
    got->ended = fold(fc_hash_pairs((uint32_t)est, ended, ne));
    got->extended = 1;
    return st != FC_OK ? st : est;
}
