/* SPDX-License-Identifier: MIT */
/* The canonical record of a body (fixcol/world.h documents its words), the
 * cached record hashes, the world checksum and the replay hash helpers. */
#include "world_internal.h"

#include "world_record.h"

#include "core/nofloat.h"

#define BODY_MAX_WORDS 11 /* 3 header words + at most 8 shape words (8-gon / OBB3) */

static uint32_t u32_of(int32_t v)
{
    return (uint32_t)v;
}

static uint64_t word(uint32_t lo, uint32_t hi)
{
    return (uint64_t)lo | ((uint64_t)hi << 32);
}

static int put3(uint32_t *f, int n, fc_vec3 v)
{
    f[n] = u32_of(v.x);
    f[n + 1] = u32_of(v.y);
    f[n + 2] = u32_of(v.z);
    return n + 3;
}

static int put2(uint32_t *f, int n, fc_vec2 v)
{
    f[n] = u32_of(v.x);
    f[n + 1] = u32_of(v.y);
    return n + 2;
}

/* The shape's fields in declaration order; returns their number. */
static int shape_fields(const fc_world *w, const fc_body *b, uint32_t *type, uint32_t *count, uint32_t f[16])
{
    int n = 0;
    *count = 0;
    if (w->def.dim == FC_WORLD_2D) {
        fc_shape2 tmp;
        const fc_shape2 *s = fc_body_shape2(w, b, &tmp);
        *type = (uint32_t)s->type;
        switch (s->type) {
        case FC_SHAPE2_CIRCLE:
            n = put2(f, n, s->u.circle.center);
            f[n++] = u32_of(s->u.circle.radius);
            break;
        case FC_SHAPE2_AABB:
            n = put2(f, put2(f, n, s->u.aabb.min), s->u.aabb.max);
            break;
        case FC_SHAPE2_OBB:
            n = put2(f, put2(f, n, s->u.obb.center), s->u.obb.half);
            f[n++] = s->u.obb.angle;
            break;
        case FC_SHAPE2_CAPSULE:
            n = put2(f, put2(f, n, s->u.capsule.a), s->u.capsule.b);
            f[n++] = u32_of(s->u.capsule.radius);
            break;
        case FC_SHAPE2_POLY:
            *count = (uint32_t)s->u.poly.count;
            for (int32_t i = 0; i < s->u.poly.count; i++)
                n = put2(f, n, s->u.poly.v[i]);
            break;
        }
        return n;
    }
    fc_shape3 tmp;
    const fc_shape3 *s = fc_body_shape3(w, b, &tmp);
    *type = (uint32_t)s->type;
    switch (s->type) {
    case FC_SHAPE3_SPHERE:
        n = put3(f, n, s->u.sphere.center);
        f[n++] = u32_of(s->u.sphere.radius);
        break;
    case FC_SHAPE3_AABB: n = put3(f, put3(f, n, s->u.aabb.min), s->u.aabb.max); break;
    case FC_SHAPE3_OBB:
        n = put3(f, put3(f, n, s->u.obb.center), s->u.obb.half);
        for (int i = 0; i < 3; i++)
            n = put3(f, n, s->u.obb.axis[i]);
        break;
    case FC_SHAPE3_CAPSULE:
        n = put3(f, put3(f, n, s->u.capsule.a), s->u.capsule.b);
        f[n++] = u32_of(s->u.capsule.radius);
        break;
    }
    return n;
}

static uint64_t vword(fc_vec2 v)
{
    return word(u32_of(v.x), u32_of(v.y));
}

/* The checksum words B0.. of live body index; returns their number. The
 * common 2D shapes are written directly (the checksum's hot path); the
 * others go through shape_fields. Both follow the same documented layout
 * (tests/test_world.c recomputes it independently). */
static int body_words(const fc_world *w, uint32_t index, uint64_t out[BODY_MAX_WORDS])
{
    const fc_body *b = &w->bodies[index];
    out[0] = word(index, b->generation);
    out[1] = word(b->filter.category, b->filter.mask);
    if (w->def.dim == FC_WORLD_2D) {
        fc_shape2 tmp;
        const fc_shape2 *s = fc_body_shape2(w, b, &tmp);
        switch (s->type) {
        case FC_SHAPE2_CIRCLE:
            out[2] = FC_SHAPE2_CIRCLE;
            out[3] = vword(s->u.circle.center);
            out[4] = u32_of(s->u.circle.radius);
            return 5;
        case FC_SHAPE2_AABB:
            out[2] = FC_SHAPE2_AABB;
            out[3] = vword(s->u.aabb.min);
            out[4] = vword(s->u.aabb.max);
            return 5;
        case FC_SHAPE2_OBB:
            out[2] = FC_SHAPE2_OBB;
            out[3] = vword(s->u.obb.center);
            out[4] = vword(s->u.obb.half);
            out[5] = s->u.obb.angle;
            return 6;
        default:
            break;
        }
    }
    uint32_t f[16], type, count;
    int n = shape_fields(w, b, &type, &count, f);
    int k = 2;
    out[k++] = word(type, count);
    for (int i = 0; i < n; i += 2)
        out[k++] = word(f[i], i + 1 < n ? f[i + 1] : 0);
    return k;
}

static uint64_t vterm(fc_vec2 v, unsigned j)
{
    return fc_rec_term(u32_of(v.x), u32_of(v.y), j);
}

/* The record hash of live body index (see world.h). The common 2D shapes
 * term by term (the all-moved checksum's hot path), the others through
 * body_words: the same definition (tests/test_world.c recomputes it from
 * world.h). */
uint64_t fc_world_record_hash(const fc_world *w, uint32_t index)
{
    const fc_body *b = &w->bodies[index];
    const int dim2 = w->def.dim == FC_WORLD_2D;
    if (dim2 && (b->type == FC_SHAPE2_AABB || b->type == FC_SHAPE2_CIRCLE))
        return fc_rec_small2(b, index);
    uint64_t sum = fc_rec_head(b, index);
    if (dim2 && b->type == FC_SHAPE2_OBB) {
        const fc_shape2 *s = &w->big[(uint32_t)b->sw[0]].shape.s2;
        sum += fc_rec_term(FC_SHAPE2_OBB, 0, 2) + vterm(s->u.obb.center, 3) + vterm(s->u.obb.half, 4) +
               fc_rec_term(s->u.obb.angle, 0, 5);
    } else {
        uint64_t buf[BODY_MAX_WORDS];
        int n = body_words(w, index, buf);
        for (int j = 2; j < n; j++)
            sum += fc_rec_term((uint32_t)buf[j], (uint32_t)(buf[j] >> 32), (unsigned)j);
    }
    return fc_rec_final(sum);
}

void fc_world_rehash(fc_world *w, uint32_t index)
{
    w->rec[index] = fc_world_record_hash(w, index);
}

/* Record hashes are cached per slot and kept current by every mutation
 * (fc_world_rehash), so the checksum hashes the cached words of the live
 * slots (a free slot's is 0, every live one's is odd). */
uint64_t fc_world_checksum(const fc_world *w)
{
    enum { BATCH = 256 };
    if (w == NULL)
        return 0;
    fc_hash64 h = fc_hash64_init(0);
    uint64_t buf[BATCH];
    const uint64_t *rec = w->rec;
    const uint32_t slots = w->slot_count;
    int n = 0;
    buf[n++] = word(w->live_count, (uint32_t)w->def.dim);
    for (uint32_t i = 0; i < slots; i++) {
        uint64_t r = rec[i];
        buf[n] = r;
        n += r != 0;
        if (n == BATCH) {
            fc_hash64_block(&h, buf, BATCH);
            n = 0;
        }
    }
    fc_hash64_block(&h, buf, (uint64_t)n);
    return fc_hash64_final(&h);
}

/* The world checksum of replay format version 1 (docs/compatibility.md):
 * the same words, with R_i = fc_hash64 (seed 0) of body i's record words
 * B0.. with bit 0 set. Computed in full (no cache): only the replay runner
 * of a version 1 file calls it, once per frame. */
uint64_t fc_world_checksum_v1(const fc_world *w)
{
    fc_hash64 h = fc_hash64_init(0);
    fc_hash64_word(&h, word(w->live_count, (uint32_t)w->def.dim));
    for (uint32_t i = 0; i < w->slot_count; i++) {
        if (!w->bodies[i].live)
            continue;
        uint64_t buf[BODY_MAX_WORDS];
        int n = body_words(w, i, buf);
        fc_hash64_word(&h, fc_hash64_words(0, buf, (uint64_t)n) | 1u);
    }
    return fc_hash64_final(&h);
}

uint64_t fc_hash_pairs(uint64_t seed, const fc_pair *pairs, int32_t count)
{
    fc_hash64 h = fc_hash64_init(seed);
    for (int32_t i = 0; i < count; i++) {
        fc_hash64_word(&h, word(pairs[i].a.index, pairs[i].a.generation));
        fc_hash64_word(&h, word(pairs[i].b.index, pairs[i].b.generation));
    }
    return fc_hash64_final(&h);
}

uint64_t fc_hash_ids(uint64_t seed, const fc_body_id *ids, int32_t count)
{
    fc_hash64 h = fc_hash64_init(seed);
    for (int32_t i = 0; i < count; i++)
        fc_hash64_word(&h, word(ids[i].index, ids[i].generation));
    return fc_hash64_final(&h);
}

uint64_t fc_hash_ray_hits(uint64_t seed, const fc_ray_hit *hits, int32_t count)
{
    fc_hash64 h = fc_hash64_init(seed);
    for (int32_t i = 0; i < count; i++) {
        fc_hash64_word(&h, word(hits[i].id.index, hits[i].id.generation));
        fc_hash64_word(&h, u32_of(hits[i].t));
    }
    return fc_hash64_final(&h);
}
