/* SPDX-License-Identifier: MIT */
/* The replay runner: one world call per operation, and the frame's
 * sub-hashes exactly as documented in fixcol/replay.h. */
#include <fixcol/desync.h>
#include <fixcol/replay.h>

#include <stdlib.h>
#include <string.h>

#include "replay_layout.h"
#include "replay_run.h"
#include "core/nofloat.h"
#include "world/world_internal.h"

#define RUNNER_TAG 1u

static uint32_t fold(uint64_t h) { return (uint32_t)h ^ (uint32_t)(h >> 32); }

static uint64_t id_word(fc_body_id id) { return (uint64_t)id.index | ((uint64_t)id.generation << 32); }

fc_status fc_replay_runner_init(fc_replay_runner *rn, const fc_replay_settings *s)
{
    if (!rn || !s)
        return FC_ERR_NULL;
    memset(rn, 0, sizeof *rn);
    fc_world_def def = fc_world_def_default();
    def.dim = s->dim == 3 ? FC_WORLD_3D : FC_WORLD_2D;
    def.bounds_min = s->bounds_min;
    def.bounds_log2 = s->bounds_log2;
    def.max_depth = s->max_depth;
    def.layout = s->layout == FC_QT_STRICT ? FC_QT_STRICT : FC_QT_LOOSE;
    def.tag = RUNNER_TAG;
    if ((s->dim != 2 && s->dim != 3) ||
        (s->version != 0 && (s->version < FC_REPLAY_VERSION_OLDEST || s->version > FC_REPLAY_VERSION)))
        return FC_ERR_ARGUMENT;
    rn->dim = s->dim;
    rn->version = s->version ? s->version : FC_REPLAY_VERSION;
    rn->bad_create_op = UINT32_MAX;
    return fc_world_create(&def, &rn->world);
}

void fc_replay_runner_free(fc_replay_runner *rn)
{
    if (!rn)
        return;
    fc_world_destroy(rn->world);
    for (uint32_t i = 0; i < FC_REPLAY_MAX_SLOTS; i++) {
        free(rn->slot[i]);
        free(rn->slot_live[i]);
    }
    free(rn->live_gen);
    free(rn->queries);
    free(rn->query_op);
    memset(rn, 0, sizeof *rn);
}

void fc_replay_runner_begin_frame(fc_replay_runner *rn)
{
    rn->ops = fc_hash64_init(0);
    rn->query_count = 0;
    rn->op_index = 0;
    rn->bad_create_op = UINT32_MAX;
}

/* Grow a uint32 array to at least n entries (new entries zero). */
static int grow_u32(uint32_t **a, uint32_t *cap, uint32_t n)
{
    if (n <= *cap)
        return 1;
    uint32_t c = *cap ? *cap : 64;
    while (c < n)
        c *= 2;
    uint32_t *p = (uint32_t *)realloc(*a, (size_t)c * sizeof *p);
    if (!p)
        return 0;
    memset(p + *cap, 0, (size_t)(c - *cap) * sizeof *p);
    *a = p;
    *cap = c;
    return 1;
}

/* Record a query's result; returns its status st (what
 * fc_replay_runner_apply reports for every query kind), or
 * FC_ERR_NO_MEMORY when the result cannot be stored. */
static fc_status add_query(fc_replay_runner *rn, fc_status st, uint32_t count, uint64_t hash)
{
    if (rn->query_count == rn->query_cap) {
        uint32_t c = rn->query_cap ? rn->query_cap * 2 : 16;
        fc_replay_query_expect *q = (fc_replay_query_expect *)realloc(rn->queries, (size_t)c * sizeof *q);
        if (!q)
            return FC_ERR_NO_MEMORY;
        rn->queries = q;
        uint32_t *o = (uint32_t *)realloc(rn->query_op, (size_t)c * sizeof *o);
        if (!o)
            return FC_ERR_NO_MEMORY;
        rn->query_op = o;
        rn->query_cap = c;
    }
    rn->queries[rn->query_count].count = st == FC_OK ? count : 0;
    rn->queries[rn->query_count].hash = fold(hash);
    rn->query_op[rn->query_count] = rn->op_index;
    rn->query_count++;
    return st;
}

static fc_status snapshot(fc_replay_runner *rn, uint32_t slot)
{
    size_t need = 0;
    fc_status st = fc_world_snapshot(rn->world, NULL, 0, &need);
    if (st != FC_OK)
        return st;
    if (need > rn->slot_cap[slot]) {
        uint8_t *p = (uint8_t *)realloc(rn->slot[slot], need);
        if (!p)
            return FC_ERR_NO_MEMORY;
        rn->slot[slot] = p;
        rn->slot_cap[slot] = need;
    }
    st = fc_world_snapshot(rn->world, rn->slot[slot], rn->slot_cap[slot], &rn->slot_size[slot]);
    if (st != FC_OK)
        return st;
    free(rn->slot_live[slot]);
    rn->slot_live[slot] = NULL;
    rn->slot_live_len[slot] = rn->live_cap;
    if (rn->live_cap) {
        rn->slot_live[slot] = (uint32_t *)malloc((size_t)rn->live_cap * sizeof(uint32_t));
        if (!rn->slot_live[slot])
            return FC_ERR_NO_MEMORY;
        memcpy(rn->slot_live[slot], rn->live_gen, (size_t)rn->live_cap * sizeof(uint32_t));
    }
    return FC_OK;
}

static fc_status restore(fc_replay_runner *rn, uint32_t slot)
{
    if (!rn->slot[slot])
        return FC_ERR_ARGUMENT; /* nothing saved in that slot */
    fc_status st = fc_world_restore(rn->world, rn->slot[slot], rn->slot_size[slot]);
    if (st != FC_OK)
        return st;
    if (rn->live_cap)
        memset(rn->live_gen, 0, (size_t)rn->live_cap * sizeof(uint32_t));
    if (rn->slot_live_len[slot] && !grow_u32(&rn->live_gen, &rn->live_cap, rn->slot_live_len[slot]))
        return FC_ERR_NO_MEMORY;
    if (rn->slot_live_len[slot])
        memcpy(rn->live_gen, rn->slot_live[slot], (size_t)rn->slot_live_len[slot] * sizeof(uint32_t));
    return FC_OK;
}

/* QUERY_RANGE: the used slots of the range and its checksum. */
static fc_status run_range(fc_replay_runner *rn, const fc_replay_op *op)
{
    uint64_t sum = 0;
    fc_status st = fc_world_range_checksum(rn->world, op->lo, op->hi, &sum);
    uint32_t slots = fc_world_slot_count(rn->world), end = op->hi < slots ? op->hi : slots;
    uint32_t used = st == FC_OK && end > op->lo ? end - op->lo : 0;
    return add_query(rn, st, used, fc_hash64_words((uint32_t)st, &sum, 1));
}

/* QUERY_DUMP: the dump's length and the hash of its bytes. */
static fc_status run_dump(fc_replay_runner *rn)
{
    size_t n = 0;
    fc_status st = fc_world_dump(rn->world, NULL, 0, &n);
    char *text = st == FC_OK ? (char *)malloc(n ? n : 1) : NULL;
    if (st == FC_OK && !text)
        return FC_ERR_NO_MEMORY;
    if (st == FC_OK)
        st = fc_world_dump(rn->world, text, n, &n);
    fc_hash64 h = fc_hash64_init((uint32_t)st);
    for (size_t i = 0; st == FC_OK && i < n; i += 8) {
        uint64_t w = 0;
        for (size_t k = 0; k < 8 && i + k < n; k++)
            w |= (uint64_t)(unsigned char)text[i + k] << (8 * k);
        fc_hash64_word(&h, w);
    }
    free(text);
    return add_query(rn, st, st == FC_OK ? (uint32_t)n : 0, fc_hash64_final(&h));
}

static fc_status run_query(fc_replay_runner *rn, const fc_replay_op *op)
{
    fc_world *w = rn->world;
    fc_filter f = op->filter;
    const fc_body_id *ids = NULL;
    const fc_ray_hit *hits = NULL;
    int32_t n = 0;
    fc_status st;
    switch (op->kind) {
    case FC_REPLAY_QUERY_RANGE:
        return run_range(rn, op);
    case FC_REPLAY_QUERY_DUMP:
        return run_dump(rn);
    case FC_REPLAY_QUERY_SECTOR:
    case FC_REPLAY_QUERY_RING:
    case FC_REPLAY_QUERY_CAST:
    case FC_REPLAY_QUERY_CAST_ALL: {
        uint32_t count = 0;
        uint64_t hash = 0;
        if (rn->version < 3) /* a version 2 replay has no such operation */
            return add_query(rn, FC_ERR_ARGUMENT, 0, (uint32_t)FC_ERR_ARGUMENT);
        st = op->kind == FC_REPLAY_QUERY_SECTOR || op->kind == FC_REPLAY_QUERY_RING
                 ? fc_replay_run_area(w, op, &count, &hash)
                 : fc_replay_run_cast(w, rn->dim, op, &count, &hash);
        return add_query(rn, st, count, hash);
    }
    case FC_REPLAY_QUERY_PUSHOUT:
    case FC_REPLAY_QUERY_BODY_HASH:
    case FC_REPLAY_QUERY_PAIRS: {
        uint32_t count = 0;
        uint64_t hash = 0;
        fc_body_id id = op->id;
        id.world = RUNNER_TAG;
        if (rn->version < 4) /* an older replay has no such operation */
            return add_query(rn, FC_ERR_ARGUMENT, 0, (uint32_t)FC_ERR_ARGUMENT);
        st = op->kind == FC_REPLAY_QUERY_PUSHOUT ? fc_replay_run_pushout(rn->dim, op, &count, &hash)
             : op->kind == FC_REPLAY_QUERY_BODY_HASH ? fc_replay_run_body_hash(w, id, &count, &hash)
                                                     : fc_replay_run_pairs(w, &count, &hash);
        return add_query(rn, st, count, hash);
    }
    case FC_REPLAY_MOVER:
    case FC_REPLAY_MOVER_SHAPE: {
        uint32_t count = 0;
        uint64_t hash = 0;
        if (rn->version < 5) /* an older replay has no such operation */
            return add_query(rn, FC_ERR_ARGUMENT, 0, (uint32_t)FC_ERR_ARGUMENT);
        st = fc_replay_run_mover(w, rn->dim, RUNNER_TAG, op, &count, &hash);
        return add_query(rn, st, count, hash);
    }
    case FC_REPLAY_QUERY_SHAPE:
        st = rn->dim == 2 ? fc_world_overlap2(w, &op->shape2, f, &ids, &n) : fc_world_overlap3(w, &op->shape3, f, &ids, &n);
        return add_query(rn, st, (uint32_t)n, st == FC_OK ? fc_hash_ids((uint32_t)st, ids, n) : (uint32_t)st);
    case FC_REPLAY_QUERY_POINT:
        st = rn->dim == 2 ? fc_world_point2(w, fc_vec2_make(op->a.x, op->a.y), f, &ids, &n)
                          : fc_world_point3(w, op->a, f, &ids, &n);
        return add_query(rn, st, (uint32_t)n, st == FC_OK ? fc_hash_ids((uint32_t)st, ids, n) : (uint32_t)st);
    case FC_REPLAY_QUERY_RAY: {
        fc_ray_hit hit;
        int got = 0;
        memset(&hit, 0, sizeof hit);
        if (rn->dim == 2) {
            fc_ray2 r;
            r.origin = fc_vec2_make(op->a.x, op->a.y);
            r.delta = fc_vec2_make(op->b.x, op->b.y);
            st = fc_world_raycast2(w, &r, f, &hit, &got);
        } else {
            fc_ray3 r;
            r.origin = op->a;
            r.delta = op->b;
            st = fc_world_raycast3(w, &r, f, &hit, &got);
        }
        n = st == FC_OK && got ? 1 : 0;
        return add_query(rn, st, (uint32_t)n, fc_hash_ray_hits((uint32_t)st, &hit, n));
    }
    default: { /* FC_REPLAY_QUERY_RAY_ALL */
        if (rn->dim == 2) {
            fc_ray2 r;
            r.origin = fc_vec2_make(op->a.x, op->a.y);
            r.delta = fc_vec2_make(op->b.x, op->b.y);
            st = fc_world_raycast2_all(w, &r, f, &hits, &n);
        } else {
            fc_ray3 r;
            r.origin = op->a;
            r.delta = op->b;
            st = fc_world_raycast3_all(w, &r, f, &hits, &n);
        }
        return add_query(rn, st, (uint32_t)n, st == FC_OK ? fc_hash_ray_hits((uint32_t)st, hits, n) : (uint32_t)st);
    }
    }
}

/* Non-query operations: the world call's status. */
static fc_status run_op(fc_replay_runner *rn, const fc_replay_op *op, fc_body_id *created)
{
    fc_world *w = rn->world;
    fc_body_id id = op->id; /* not a helper returning fc_body_id: see fc_world_id_of */
    id.world = RUNNER_TAG;
    fc_status st;
    switch (op->kind) {
    case FC_REPLAY_CREATE: {
        fc_body_def bd = fc_body_def_default();
        bd.shape2 = op->shape2;
        bd.shape3 = op->shape3;
        bd.filter = op->filter;
        fc_body_id got;
        memset(&got, 0, sizeof got);
        st = fc_world_create_body(w, &bd, &got);
        if (st != FC_OK)
            return st;
        *created = got;
        if (!grow_u32(&rn->live_gen, &rn->live_cap, got.index + 1))
            return FC_ERR_NO_MEMORY;
        rn->live_gen[got.index] = got.generation;
        return FC_OK;
    }
    case FC_REPLAY_MOVE:
        return rn->dim == 2 ? fc_world_translate2(w, id, fc_vec2_make(op->a.x, op->a.y))
                            : fc_world_translate3(w, id, op->a);
    case FC_REPLAY_TURN:
        return fc_world_set_angle2(w, id, op->angle);
    case FC_REPLAY_SET:
        return rn->dim == 2 ? fc_world_set_shape2(w, id, &op->shape2) : fc_world_set_shape3(w, id, &op->shape3);
    case FC_REPLAY_DESTROY:
        st = fc_world_destroy_body(w, id);
        if (st == FC_OK && id.index < rn->live_cap)
            rn->live_gen[id.index] = 0;
        return st;
    case FC_REPLAY_SET_FILTER: /* version 4 */
        return rn->version < 4 ? FC_ERR_ARGUMENT : fc_world_set_filter(w, id, op->filter);
    case FC_REPLAY_SNAPSHOT:
        return snapshot(rn, op->slot);
    case FC_REPLAY_RESTORE:
        return restore(rn, op->slot);
    default:
        return FC_ERR_ARGUMENT;
    }
}

fc_status fc_replay_runner_apply(fc_replay_runner *rn, const fc_replay_op *op, fc_body_id *created)
{
    fc_status st;
    if (fc_replay_is_query(op->kind)) {
        st = run_query(rn, op);
    } else {
        fc_body_id got;
        memset(&got, 0, sizeof got);
        st = run_op(rn, op, &got);
        fc_hash64_pair(&rn->ops, (uint32_t)st, (uint32_t)op->kind);
        if (op->kind == FC_REPLAY_CREATE && st == FC_OK) {
            fc_hash64_word(&rn->ops, id_word(got));
            if (created)
                *created = got;
            if (rn->bad_create_op == UINT32_MAX && (got.index != op->id.index || got.generation != op->id.generation)) {
                rn->bad_create_op = rn->op_index;
                rn->bad_create_id = got;
            }
        }
    }
    rn->op_index++;
    return st;
}

fc_status fc_replay_runner_end_frame(fc_replay_runner *rn, fc_replay_expect *got)
{
    fc_status st;
    memset(got, 0, sizeof *got);
    if (rn->version >= 3) {
        st = fc_replay_run_contacts(rn->world, rn->dim, got);
    } else {
        const fc_pair *pairs = NULL;
        int32_t n = 0;
        st = fc_world_find_pairs(rn->world, &pairs, &n);
        got->pairs = st == FC_OK ? fc_hash_pairs(0, pairs, n) : (uint32_t)st;
        got->pair_count = st == FC_OK ? (uint32_t)n : 0;
    }
    /* version 1 stored the checksum of its own record hash */
    got->state = rn->version == FC_REPLAY_VERSION_V1 ? fc_world_checksum_v1(rn->world) : fc_world_checksum(rn->world);
    got->ops = fold(fc_hash64_final(&rn->ops));
    got->query_count = rn->query_count;
    got->checksum = fc_replay_frame_checksum(got, rn->queries);
    return st;
}

uint64_t fc_replay_frame_checksum(const fc_replay_expect *e, const fc_replay_query_expect *q)
{
    fc_hash64 h = fc_hash64_init(0);
    fc_hash64_word(&h, e->state);
    fc_hash64_word(&h, e->pairs);
    fc_hash64_pair(&h, e->pair_count, e->ops);
    fc_hash64_word(&h, e->query_count);
    for (uint32_t i = 0; i < e->query_count; i++)
        fc_hash64_pair(&h, q[i].count, q[i].hash);
    if (e->extended) {
        fc_hash64_pair(&h, e->began_count, e->began);
        fc_hash64_pair(&h, e->ended_count, e->ended);
        fc_hash64_pair(&h, e->contact_count, e->contacts);
    }
    return fc_hash64_final(&h);
}
