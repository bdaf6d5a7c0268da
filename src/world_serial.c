/* Canonical serialisation of bodies (fixcol/world.h documents the words),
 * the world checksum, the replay hash helpers, snapshot and restore. */
#include "world_internal.h"

#include <string.h>

#include "nofloat.h"

#define BODY_MAX_WORDS 12 /* 3 header words + at most 8 shape words (+ user data) */

static uint32_t u32_of(int32_t v)
{
    return (uint32_t)v;
}

static int32_t i32_of(uint32_t u)
{
    return u <= (uint32_t)INT32_MAX ? (int32_t)u : -(int32_t)(~u) - 1;
}

static uint64_t word(uint32_t lo, uint32_t hi)
{
    return (uint64_t)lo | ((uint64_t)hi << 32);
}

/* Number of int32 shape fields for (dim, type, vertex count); -1 if invalid. */
static int shape_field_count(int dim, uint32_t type, uint32_t count)
{
    if (dim == FC_WORLD_2D) {
        switch (type) {
        case FC_SHAPE2_CIRCLE: return count == 0 ? 3 : -1;
        case FC_SHAPE2_AABB: return count == 0 ? 4 : -1;
        case FC_SHAPE2_OBB: return count == 0 ? 5 : -1;
        case FC_SHAPE2_CAPSULE: return count == 0 ? 5 : -1;
        case FC_SHAPE2_POLY: return count >= 3 && count <= FC_POLY2_MAX_VERTS ? 2 * (int)count : -1;
        default: return -1;
        }
    }
    switch (type) {
    case FC_SHAPE3_SPHERE: return count == 0 ? 4 : -1;
    case FC_SHAPE3_AABB: return count == 0 ? 6 : -1;
    case FC_SHAPE3_OBB: return count == 0 ? 15 : -1;
    default: return -1;
    }
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
static int shape_fields(const fc_body *b, int dim, uint32_t *type, uint32_t *count, uint32_t f[16])
{
    int n = 0;
    *count = 0;
    if (dim == FC_WORLD_2D) {
        const fc_shape2 *s = &b->shape.s2;
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
    const fc_shape3 *s = &b->shape.s3;
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
        const fc_shape2 *s = &b->shape.s2;
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
    int n = shape_fields(b, (int)w->def.dim, &type, &count, f);
    int k = 2;
    out[k++] = word(type, count);
    for (int i = 0; i < n; i += 2)
        out[k++] = word(f[i], i + 1 < n ? f[i + 1] : 0);
    return k;
}

/* Key of the record's 32-bit field i (see fc_world_checksum in world.h):
 * in [2^30, 2^31), so (f + key) mod 2^32 != 0 for every field |f| < 2^30. */
static uint32_t rec_key(unsigned i)
{
    return 0x40000000u | (((uint32_t)i + 1u) * 0x9E3779B9u & 0x3FFFFFFFu);
}

/* Record word j = lo | hi << 32 as (lo + K[2j]) * (hi + K[2j+1]): both
 * factors mod 2^32, the product exact (a 32x32->64 multiply on any target). */
static uint64_t rec_term(uint32_t lo, uint32_t hi, unsigned j)
{
    return (uint64_t)(uint32_t)(lo + rec_key(2 * j)) * (uint32_t)(hi + rec_key(2 * j + 1));
}

static uint64_t vterm(fc_vec2 v, unsigned j)
{
    return rec_term(u32_of(v.x), u32_of(v.y), j);
}

uint64_t fc_world_record_head(const fc_world *w, uint32_t index)
{
    const fc_body *b = &w->bodies[index];
    return rec_term(index, b->generation, 0) + rec_term(b->filter.category, b->filter.mask, 1);
}

/* The record hash of live body index (see world.h) from head, the terms of
 * its words B0 and B1. The common 2D shapes term by term (the all-moved
 * checksum's hot path), the others through body_words: the same definition
 * (tests/test_world.c recomputes it from world.h). */
static inline uint64_t record_hash(const fc_world *w, const fc_body *b, uint32_t index, int dim2, uint64_t head)
{
    uint64_t sum = head;
    const fc_shape2 *s = &b->shape.s2;
    if (dim2 && s->type == FC_SHAPE2_AABB)
        sum += rec_term(FC_SHAPE2_AABB, 0, 2) + vterm(s->u.aabb.min, 3) + vterm(s->u.aabb.max, 4);
    else if (dim2 && s->type == FC_SHAPE2_CIRCLE)
        sum += rec_term(FC_SHAPE2_CIRCLE, 0, 2) + vterm(s->u.circle.center, 3) + rec_term(u32_of(s->u.circle.radius), 0, 4);
    else if (dim2 && s->type == FC_SHAPE2_OBB)
        sum += rec_term(FC_SHAPE2_OBB, 0, 2) + vterm(s->u.obb.center, 3) + vterm(s->u.obb.half, 4) +
               rec_term(s->u.obb.angle, 0, 5);
    else {
        uint64_t buf[BODY_MAX_WORDS];
        int n = body_words(w, index, buf);
        for (int j = 2; j < n; j++)
            sum += rec_term((uint32_t)buf[j], (uint32_t)(buf[j] >> 32), (unsigned)j);
    }
    sum ^= sum >> 32;
    sum *= FC_HASH_P2;
    return sum | 1u;
}

uint64_t fc_world_record_hash(const fc_world *w, uint32_t index)
{
    return record_hash(w, &w->bodies[index], index, w->def.dim == FC_WORLD_2D, fc_world_record_head(w, index));
}

void fc_world_rehash(fc_world *w, uint32_t index)
{
    const fc_body *b = &w->bodies[index];
    w->rec[index] = record_hash(w, b, index, w->def.dim == FC_WORLD_2D, b->rec_head);
}

/* Record hashes are cached per slot and kept current by every mutation
 * (fc_world_rehash), so the checksum hashes the cached words of the live
 * slots (a free slot's is 0, every live one's is odd). */
uint64_t fc_world_checksum(const fc_world *w)
{
    enum { BATCH = 256 };
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

/* ---------------------------------------------------------------- snapshot */

#define HEADER_WORDS 7

static void put_le64(unsigned char *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t get_le64(const unsigned char *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = (v << 8) | p[i];
    return v;
}

static size_t snapshot_words(const fc_world *w)
{
    size_t n = HEADER_WORDS + w->free_count + 1;
    uint64_t buf[BODY_MAX_WORDS];
    for (uint32_t i = 0; i < w->slot_count; i++)
        if (w->bodies[i].live)
            n += (size_t)body_words(w, i, buf) + 1;
    return n;
}

fc_status fc_world_snapshot(const fc_world *w, void *buf, size_t cap, size_t *size)
{
    if (w == NULL || size == NULL)
        return FC_ERR_NULL;
    size_t words = snapshot_words(w);
    *size = words * 8;
    if (buf == NULL)
        return FC_OK;
    if (cap < words * 8)
        return FC_ERR_BUFFER;
    unsigned char *p = (unsigned char *)buf;
    fc_hash64 h = fc_hash64_init(FC_SNAPSHOT_MAGIC);
    size_t at = 0;
#define EMIT(v)                         \
    do {                                \
        uint64_t emit_v_ = (v);         \
        put_le64(p + 8 * at++, emit_v_); \
        fc_hash64_word(&h, emit_v_);    \
    } while (0)
    EMIT(word(FC_SNAPSHOT_MAGIC, FC_SNAPSHOT_VERSION));
    EMIT(word((uint32_t)(words * 8), (uint32_t)w->def.dim));
    EMIT(word(w->def.tag, (uint32_t)w->def.layout));
    EMIT(word(u32_of(w->def.bounds_min.x), u32_of(w->def.bounds_min.y)));
    EMIT(word(u32_of(w->def.bounds_log2), u32_of(w->def.max_depth)));
    EMIT(word(w->slot_count, w->live_count));
    EMIT(word(w->free_count, 0));
    for (uint32_t k = w->free_count; k-- > 0;) {
        uint32_t i = w->free_stack[k];
        EMIT(word(i, w->bodies[i].generation));
    }
    uint64_t bw[BODY_MAX_WORDS];
    for (uint32_t i = 0; i < w->slot_count; i++) {
        if (!w->bodies[i].live)
            continue;
        int n = body_words(w, i, bw);
        for (int k = 0; k < n; k++)
            EMIT(bw[k]);
        EMIT(w->bodies[i].user_data);
    }
#undef EMIT
    put_le64(p + 8 * at, fc_hash64_final(&h));
    return FC_OK;
}

/* Parse one live body at words[*at...]; fills b (shape, filter, user data,
 * generation) and its index. */
static fc_status parse_body(const fc_world *w, const unsigned char *p, size_t nwords, size_t *at,
                            uint32_t *index, fc_body *b)
{
    if (*at + 3 > nwords)
        return FC_ERR_FORMAT;
    uint64_t b0 = get_le64(p + 8 * *at), b1 = get_le64(p + 8 * (*at + 1)), b2 = get_le64(p + 8 * (*at + 2));
    *at += 3;
    memset(b, 0, sizeof *b);
    *index = (uint32_t)b0;
    b->generation = (uint32_t)(b0 >> 32);
    b->filter.category = (uint32_t)b1;
    b->filter.mask = (uint32_t)(b1 >> 32);
    uint32_t type = (uint32_t)b2, count = (uint32_t)(b2 >> 32);
    int nf = shape_field_count((int)w->def.dim, type, count);
    if (nf < 0 || b->generation == 0)
        return FC_ERR_FORMAT;
    size_t nw = (size_t)(nf + 1) / 2;
    if (*at + nw + 1 > nwords)
        return FC_ERR_FORMAT;
    uint32_t f[16];
    for (size_t k = 0; k < nw; k++) {
        uint64_t v = get_le64(p + 8 * (*at + k));
        f[2 * k] = (uint32_t)v;
        f[2 * k + 1] = (uint32_t)(v >> 32);
    }
    if (nf % 2 == 1 && f[nf] != 0)
        return FC_ERR_FORMAT;
    *at += nw;
    b->user_data = get_le64(p + 8 * *at);
    *at += 1;
    int32_t v[16];
    for (int k = 0; k < nf; k++)
        v[k] = i32_of(f[k]);
    if (w->def.dim == FC_WORLD_2D) {
        fc_shape2 *s = &b->shape.s2;
        s->type = (fc_shape2_type)type;
        switch (s->type) {
        case FC_SHAPE2_CIRCLE:
            s->u.circle.center = fc_vec2_make(v[0], v[1]);
            s->u.circle.radius = v[2];
            break;
        case FC_SHAPE2_AABB:
            s->u.aabb.min = fc_vec2_make(v[0], v[1]);
            s->u.aabb.max = fc_vec2_make(v[2], v[3]);
            break;
        case FC_SHAPE2_OBB:
            if (f[4] > 0xFFFFu)
                return FC_ERR_FORMAT;
            s->u.obb.center = fc_vec2_make(v[0], v[1]);
            s->u.obb.half = fc_vec2_make(v[2], v[3]);
            s->u.obb.angle = (fc_angle)f[4];
            s->u.obb.rot = fc_sincos_of(s->u.obb.angle);
            break;
        case FC_SHAPE2_CAPSULE:
            s->u.capsule.a = fc_vec2_make(v[0], v[1]);
            s->u.capsule.b = fc_vec2_make(v[2], v[3]);
            s->u.capsule.radius = v[4];
            break;
        case FC_SHAPE2_POLY:
            s->u.poly.count = (int32_t)count;
            for (uint32_t i = 0; i < count; i++)
                s->u.poly.v[i] = fc_vec2_make(v[2 * i], v[2 * i + 1]);
            break;
        }
        return fc_shape2_bounds(s, b->min, b->max) == FC_OK ? FC_OK : FC_ERR_FORMAT;
    }
    fc_shape3 *s = &b->shape.s3;
    s->type = (fc_shape3_type)type;
    switch (s->type) {
    case FC_SHAPE3_SPHERE:
        s->u.sphere.center = (fc_vec3){ v[0], v[1], v[2] };
        s->u.sphere.radius = v[3];
        break;
    case FC_SHAPE3_AABB:
        s->u.aabb.min = (fc_vec3){ v[0], v[1], v[2] };
        s->u.aabb.max = (fc_vec3){ v[3], v[4], v[5] };
        break;
    case FC_SHAPE3_OBB:
        s->u.obb.center = (fc_vec3){ v[0], v[1], v[2] };
        s->u.obb.half = (fc_vec3){ v[3], v[4], v[5] };
        for (int i = 0; i < 3; i++)
            s->u.obb.axis[i] = (fc_vec3){ v[6 + 3 * i], v[7 + 3 * i], v[8 + 3 * i] };
        break;
    }
    return fc_shape3_bounds(s, b->min, b->max) == FC_OK ? FC_OK : FC_ERR_FORMAT;
}

/* Fill the fresh world n from the checked blob. */
static fc_status restore_into(fc_world *n, const unsigned char *p, size_t nwords, uint32_t slots, uint32_t live,
                              uint32_t nfree)
{
    fc_body_def bd = fc_body_def_default();
    fc_body_id id;
    /* Materialise every slot as a live placeholder, then free / fill. */
    for (uint32_t i = 0; i < slots; i++) {
        fc_status st = fc_world_create_body(n, &bd, &id);
        if (st != FC_OK)
            return st == FC_ERR_NO_MEMORY ? st : FC_ERR_FORMAT;
        n->bodies[i].generation = 0; /* marks "not yet described" */
    }
    size_t at = HEADER_WORDS;
    uint32_t *order = n->free_stack; /* capacity slot_cap >= slots */
    for (uint32_t k = 0; k < nfree; k++, at++) {
        uint64_t e = get_le64(p + 8 * at);
        uint32_t i = (uint32_t)e, g = (uint32_t)(e >> 32);
        if (i >= slots || g == 0 || n->bodies[i].generation != 0)
            return FC_ERR_FORMAT;
        n->bodies[i].generation = g;
        order[nfree - 1 - k] = i;
    }
    uint32_t prev = 0;
    for (uint32_t k = 0; k < live; k++) {
        fc_body b;
        uint32_t i;
        fc_status st = parse_body(n, p, nwords, &at, &i, &b);
        if (st != FC_OK)
            return st;
        if (i >= slots || (k > 0 && i <= prev) || n->bodies[i].generation != 0)
            return FC_ERR_FORMAT;
        prev = i;
        st = fc_qt_update(n->qt, i, fc_world_qt_box(n, b.min, b.max));
        if (st != FC_OK)
            return st;
        n->bodies[i] = b;
        n->bodies[i].live = 1;
        n->bodies[i].rec_head = fc_world_record_head(n, i);
        fc_world_rehash(n, i);
    }
    if (at != nwords - 1)
        return FC_ERR_FORMAT;
    for (uint32_t k = 0; k < nfree; k++) {
        uint32_t i = order[k];
        fc_qt_remove(n->qt, i);
        n->bodies[i].live = 0;
        n->rec[i] = 0;
    }
    n->free_count = nfree;
    n->live_count = live;
    return FC_OK;
}

fc_status fc_world_restore(fc_world *w, const void *buf, size_t size)
{
    if (w == NULL || buf == NULL)
        return FC_ERR_NULL;
    const unsigned char *p = (const unsigned char *)buf;
    if (size < 8 * (HEADER_WORDS + 1) || size % 8 != 0)
        return FC_ERR_FORMAT;
    size_t nwords = size / 8;
    uint64_t h0 = get_le64(p), h1 = get_le64(p + 8);
    if ((uint32_t)h0 != FC_SNAPSHOT_MAGIC)
        return FC_ERR_FORMAT;
    if ((uint32_t)(h0 >> 32) != FC_SNAPSHOT_VERSION)
        return FC_ERR_VERSION;
    if ((uint32_t)h1 != size)
        return FC_ERR_FORMAT;
    fc_hash64 h = fc_hash64_init(FC_SNAPSHOT_MAGIC);
    for (size_t k = 0; k + 1 < nwords; k++)
        fc_hash64_word(&h, get_le64(p + 8 * k));
    if (fc_hash64_final(&h) != get_le64(p + 8 * (nwords - 1)))
        return FC_ERR_CHECKSUM;
    uint64_t h2 = get_le64(p + 16), h3 = get_le64(p + 24), h4 = get_le64(p + 32), h5 = get_le64(p + 40),
             h6 = get_le64(p + 48);
    fc_world_def def = fc_world_def_default();
    def.dim = (fc_world_dim)(uint32_t)(h1 >> 32);
    def.tag = (uint32_t)h2;
    def.layout = (fc_qt_layout)(uint32_t)(h2 >> 32);
    def.bounds_min = fc_vec2_make(i32_of((uint32_t)h3), i32_of((uint32_t)(h3 >> 32)));
    def.bounds_log2 = i32_of((uint32_t)h4);
    def.max_depth = i32_of((uint32_t)(h4 >> 32));
    uint32_t slots = (uint32_t)h5, live = (uint32_t)(h5 >> 32), nfree = (uint32_t)h6;
    if ((uint32_t)(h6 >> 32) != 0 || slots > (uint32_t)FC_WORLD_MAX_BODIES || (uint64_t)live + nfree != slots ||
        HEADER_WORDS + (uint64_t)nfree + 1 + 4 * (uint64_t)live > nwords)
        return FC_ERR_FORMAT;
    def.body_capacity = (int32_t)slots;
    def.alloc = w->def.alloc;
    fc_world *n;
    fc_status st = fc_world_create(&def, &n);
    if (st != FC_OK)
        return st == FC_ERR_NO_MEMORY ? st : FC_ERR_FORMAT;
    st = restore_into(n, p, nwords, slots, live, nfree);
    if (st != FC_OK) {
        fc_world_destroy(n);
        return st;
    }
    fc_world tmp = *w;
    *w = *n;
    *n = tmp;
    fc_world_destroy(n);
    return FC_OK;
}
