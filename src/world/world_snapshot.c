/* SPDX-License-Identifier: MIT */
/* Snapshot and restore (the format is documented at fc_world_snapshot in
 * fixcol/world.h): a header of little-endian 64-bit words, then a byte
 * stream of LEB128 varints (the free list, then every live body with its
 * shape coded relative to its own first point), zero padding to a multiple
 * of 8 bytes and a trailing fc_hash64. Every value has exactly one
 * encoding, and the reader accepts only that one (restore: world_restore.c). */
#include "snapshot_format.h"

#include <string.h>

#include "core/nofloat.h"

#define HEADER_WORDS FC_SNAP_HEADER_WORDS
#define FLAG_FILTER 0x08u /* the body's filter is not fc_filter_default() */
#define FLAG_USER 0x10u   /* the body's user data is not 0 */
#define AXIS_MAX ((int32_t)1 << 17) /* > every valid OBB3 axis component (1 + 2^-12) */

/* The byte compare's steps (fc_snap_same_small) inlined into it (gcc -O2
 * left a call per field). Only a hint: results do not depend on it. */
#if defined(__GNUC__)
#define CMP_INLINE static inline __attribute__((always_inline))
#else
#define CMP_INLINE static inline
#endif

static void put_le64(unsigned char *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

/* Written out byte by byte: compilers turn this pattern into one load on
 * little-endian targets (a loop they did not: 8 loads and shifts per word,
 * a third of the blob hash). */
static inline uint64_t get_le64(const unsigned char *p)
{
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
           (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}

/* The trailer: fc_hash64 (seed FC_SNAPSHOT_MAGIC) of the little-endian
 * words of p[0 .. size - 8), size a multiple of 8. */
static uint64_t blob_hash(const unsigned char *p, size_t size)
{
    enum { BATCH = 64 };
    uint64_t w[BATCH];
    fc_hash64 h = fc_hash64_init(FC_SNAPSHOT_MAGIC);
    const size_t words = size / 8 - 1;
    for (size_t k = 0; k < words;) {
        size_t n = words - k < BATCH ? words - k : BATCH;
        for (size_t i = 0; i < n; i++)
            w[i] = get_le64(p + 8 * (k + i));
        fc_hash64_block(&h, w, n);
        k += n;
    }
    return fc_hash64_final(&h);
}

static uint64_t word(uint32_t lo, uint32_t hi)
{
    return (uint64_t)lo | ((uint64_t)hi << 32);
}

static int32_t i32_of(uint32_t u)
{
    return u <= (uint32_t)INT32_MAX ? (int32_t)u : -(int32_t)(~u) - 1;
}

/* The third axis of an OBB3 as predicted from the first two: their Q16.16
 * cross product rounded to nearest (ties up). Components within +-AXIS_MAX,
 * so every product and difference fits in int64 with room to spare. */
static void predicted_axis(const fc_vec3 *a, const fc_vec3 *b, int64_t out[3])
{
    const int64_t half = (int64_t)1 << 15;
    out[0] = fc_i64_shr_floor((int64_t)a->y * b->z - (int64_t)a->z * b->y + half, 16);
    out[1] = fc_i64_shr_floor((int64_t)a->z * b->x - (int64_t)a->x * b->z + half, 16);
    out[2] = fc_i64_shr_floor((int64_t)a->x * b->y - (int64_t)a->y * b->x + half, 16);
}

/* ------------------------------------------------------------------ writer */

typedef fc_snap_enc enc; /* snapshot_format.h */

static void put_byte(enc *e, uint32_t v)
{
    if (e->at < e->cap)
        e->p[e->at] = (unsigned char)v;
    e->at++;
}

/* Unsigned LEB128: 7 bits per byte, low group first, bit 7 = more follow. */
static inline void put_uvar(enc *e, uint64_t v)
{
    if (e->at <= e->cap && e->cap - e->at >= 10) { /* room for any value: no per-byte check */
        unsigned char *q = e->p + e->at;
        for (; v >= 0x80u; v >>= 7)
            *q++ = (unsigned char)((v & 0x7Fu) | 0x80u);
        *q++ = (unsigned char)v;
        e->at = (size_t)(q - e->p);
        return;
    }
    while (v >= 0x80u) {
        put_byte(e, (uint32_t)(v & 0x7Fu) | 0x80u);
        v >>= 7;
    }
    put_byte(e, (uint32_t)v);
}

/* value - base, zigzag coded (0, -1, 1, -2, ... -> 0, 1, 2, 3, ...). */
static inline void put_rel(enc *e, int32_t value, int32_t base)
{
    int64_t d = (int64_t)value - base;
    put_uvar(e, d < 0 ? ((uint64_t)(-(d + 1)) << 1) | 1u : (uint64_t)d << 1);
}

static inline void put_vec2(enc *e, fc_vec2 v, fc_vec2 base)
{
    put_rel(e, v.x, base.x);
    put_rel(e, v.y, base.y);
}

static void put_vec3(enc *e, fc_vec3 v, fc_vec3 base)
{
    put_rel(e, v.x, base.x);
    put_rel(e, v.y, base.y);
    put_rel(e, v.z, base.z);
}

static void put_shape2(enc *e, const fc_shape2 *s)
{
    const fc_vec2 o = fc_vec2_make(0, 0);
    switch (s->type) {
    case FC_SHAPE2_CIRCLE:
        put_vec2(e, s->u.circle.center, o);
        put_rel(e, s->u.circle.radius, 0);
        break;
    case FC_SHAPE2_AABB:
        put_vec2(e, s->u.aabb.min, o);
        put_vec2(e, s->u.aabb.max, s->u.aabb.min);
        break;
    case FC_SHAPE2_OBB:
        put_vec2(e, s->u.obb.center, o);
        put_vec2(e, s->u.obb.half, o);
        put_uvar(e, s->u.obb.angle);
        break;
    case FC_SHAPE2_CAPSULE:
        put_vec2(e, s->u.capsule.a, o);
        put_vec2(e, s->u.capsule.b, s->u.capsule.a);
        put_rel(e, s->u.capsule.radius, 0);
        break;
    case FC_SHAPE2_POLY:
        put_vec2(e, s->u.poly.v[0], o);
        for (int32_t i = 1; i < s->u.poly.count; i++)
            put_vec2(e, s->u.poly.v[i], s->u.poly.v[i - 1]);
        break;
    }
}

static void put_shape3(enc *e, const fc_shape3 *s)
{
    const fc_vec3 o = { 0, 0, 0 };
    switch (s->type) {
    case FC_SHAPE3_SPHERE:
        put_vec3(e, s->u.sphere.center, o);
        put_rel(e, s->u.sphere.radius, 0);
        break;
    case FC_SHAPE3_AABB:
        put_vec3(e, s->u.aabb.min, o);
        put_vec3(e, s->u.aabb.max, s->u.aabb.min);
        break;
    case FC_SHAPE3_OBB: {
        const fc_vec3 *ax = s->u.obb.axis;
        put_vec3(e, s->u.obb.center, o);
        put_vec3(e, s->u.obb.half, o);
        put_vec3(e, ax[0], o);
        put_vec3(e, ax[1], o);
        int64_t p[3];
        predicted_axis(&ax[0], &ax[1], p);
        /* a valid axis differs from p by a few raw units: one byte each */
        put_rel(e, ax[2].x, (int32_t)p[0]);
        put_rel(e, ax[2].y, (int32_t)p[1]);
        put_rel(e, ax[2].z, (int32_t)p[2]);
        break;
    }
    case FC_SHAPE3_CAPSULE:
        put_vec3(e, s->u.capsule.a, o);
        put_vec3(e, s->u.capsule.b, s->u.capsule.a);
        put_rel(e, s->u.capsule.radius, 0);
        break;
    }
}

/* One live body's record: generation, flags, filter, user data, shape
 * (s2 in 2D, s3 in 3D; type is its type). */
static void put_record(enc *e, uint32_t generation, fc_filter filter, uint64_t user_data, uint32_t type,
                       const fc_shape2 *s2, const fc_shape3 *s3)
{
    const fc_filter df = fc_filter_default();
    uint32_t has_filter = filter.category != df.category || filter.mask != df.mask;
    uint32_t poly = s2 != NULL && type == FC_SHAPE2_POLY ? (uint32_t)s2->u.poly.count - 3u : 0u;
    put_uvar(e, generation);
    put_byte(e, type | (has_filter ? FLAG_FILTER : 0u) | (user_data != 0 ? FLAG_USER : 0u) | poly << 5);
    if (has_filter) {
        put_uvar(e, filter.category);
        put_uvar(e, filter.mask);
    }
    if (user_data != 0)
        put_uvar(e, user_data);
    if (s2 != NULL)
        put_shape2(e, s2);
    else
        put_shape3(e, s3);
}

static void put_body(enc *e, const fc_world *w, const fc_body *b, int dim2)
{
    fc_shape2 t2;
    fc_shape3 t3;
    const fc_shape2 *s2 = dim2 ? fc_body_shape2(w, b, &t2) : NULL;
    const fc_shape3 *s3 = dim2 ? NULL : fc_body_shape3(w, b, &t3);
    put_record(e, b->generation, b->filter, b->user_data, b->type, s2, s3);
}

fc_snap_enc fc_snap_enc_begin(unsigned char *buf, size_t cap)
{
    enc e = { buf, buf != NULL ? cap : 0, 8 * HEADER_WORDS };
    return e;
}

void fc_snap_put_free(fc_snap_enc *e, uint32_t index, uint32_t generation)
{
    put_uvar(e, index);
    put_uvar(e, generation);
}

void fc_snap_put_full(fc_snap_enc *e, int dim2, const fc_body_full *b)
{
    const uint32_t type = dim2 ? (uint32_t)b->shape.s2.type : (uint32_t)b->shape.s3.type;
    put_record(e, b->generation, b->filter, b->user_data, type, dim2 ? &b->shape.s2 : NULL,
               dim2 ? NULL : &b->shape.s3);
}

/* The header words of a blob of total bytes (the current version). */
static void put_header(unsigned char *p, size_t total, const fc_world_def *def, uint32_t slots, uint32_t live,
                       uint32_t nfree)
{
    put_le64(p, word(FC_SNAPSHOT_MAGIC, FC_SNAPSHOT_VERSION));
    put_le64(p + 8, word((uint32_t)total, (uint32_t)def->dim));
    put_le64(p + 16, word(def->tag, (uint32_t)def->layout));
    put_le64(p + 24, word((uint32_t)def->bounds_min.x, (uint32_t)def->bounds_min.y));
    put_le64(p + 32, word((uint32_t)def->bounds_log2, (uint32_t)def->max_depth));
    put_le64(p + 40, word(slots, live));
    put_le64(p + 48, word(nfree, 0));
    put_le64(p + total - 8, blob_hash(p, total));
}

size_t fc_snap_enc_end(fc_snap_enc *e, const fc_snap_header *h)
{
    while (e->at % 8 != 0)
        put_byte(e, 0);
    const size_t total = e->at + 8;
    if (e->p != NULL && e->cap >= total)
        put_header(e->p, total, &h->def, h->slots, h->live, h->nfree);
    return total;
}

fc_status fc_world_snapshot(const fc_world *w, void *buf, size_t cap, size_t *size)
{
    if (w == NULL || size == NULL)
        return FC_ERR_NULL;
    enc e = { (unsigned char *)buf, buf != NULL ? cap : 0, 8 * HEADER_WORDS };
    for (uint32_t k = w->free_count; k-- > 0;) {
        uint32_t i = w->free_stack[k];
        put_uvar(&e, i);
        put_uvar(&e, w->bodies[i].generation);
    }
    const int dim2 = w->def.dim == FC_WORLD_2D;
    for (uint32_t i = 0; i < w->slot_count; i++)
        if (w->bodies[i].live)
            put_body(&e, w, &w->bodies[i], dim2);
    while (e.at % 8 != 0)
        put_byte(&e, 0);
    const size_t total = e.at + 8;
    *size = total; /* < 2^31: at most 2^24 slots of at most 106 bytes each */
    if (buf == NULL)
        return FC_OK;
    if (cap < total)
        return FC_ERR_BUFFER;
    put_header((unsigned char *)buf, total, &w->def, w->slot_count, w->live_count, w->free_count);
    return FC_OK;
}

/* ------------------------------------------------------------------ reader */

typedef fc_snap_dec dec; /* snapshot_format.h */

static uint32_t get_byte(dec *d)
{
    if (d->bad || d->at >= d->end) {
        d->bad = 1;
        return 0;
    }
    return d->p[d->at++];
}

/* The canonical LEB128 of a value below 2^bits: no group past bit bits - 1,
 * no final zero group after the first (the writer's unique encoding). */
static inline uint64_t get_uvar(dec *d, unsigned bits)
{
    if (!d->bad && d->end - d->at >= 10) { /* any encoding fits: no per-byte bound check */
        const unsigned char *q = d->p + d->at;
        if (q[0] < 0x80u && (bits >= 7 || q[0] >> bits == 0)) { /* one group (flags, generations) */
            d->at++;
            return q[0];
        }
        uint64_t v = 0;
        uint32_t b;
        unsigned n = 0;
        do {
            b = q[n];
            v |= (uint64_t)(b & 0x7Fu) << (7 * n);
            n++;
        } while ((b & 0x80u) != 0 && n < 10);
        /* complete; no final zero group; no bit beyond 2^bits (the tenth
         * group, at bit 63, may hold only one bit) */
        if ((b & 0x80u) == 0 && (n == 1 || b != 0) && (n < 10 || b <= 1) && (bits >= 64 || v >> bits == 0)) {
            d->at += n;
            return v;
        }
        d->bad = 1;
        return 0;
    }
    uint64_t v = 0;
    for (unsigned shift = 0; !d->bad; shift += 7) {
        uint32_t b = get_byte(d);
        uint64_t group = b & 0x7Fu;
        if (shift >= bits || (bits - shift < 7 && group >> (bits - shift) != 0) || (shift > 0 && b == 0))
            break;
        v |= group << shift;
        if ((b & 0x80u) == 0)
            return v;
    }
    d->bad = 1;
    return 0;
}

/* base + a zigzag-coded difference; the result must fit in int32. */
static inline int32_t get_rel(dec *d, int32_t base)
{
    uint64_t z = get_uvar(d, 34); /* |difference| <= 2^33 */
    int64_t v = (int64_t)base + ((z & 1u) != 0 ? -(int64_t)(z >> 1) - 1 : (int64_t)(z >> 1));
    if (v < INT32_MIN || v > INT32_MAX) {
        d->bad = 1;
        return 0;
    }
    return (int32_t)v;
}

static fc_vec2 get_vec2(dec *d, fc_vec2 base)
{
    fc_vec2 v;
    v.x = get_rel(d, base.x);
    v.y = get_rel(d, base.y);
    return v;
}

static void get_vec3(dec *d, fc_vec3 base, fc_vec3 *out)
{
    out->x = get_rel(d, base.x);
    out->y = get_rel(d, base.y);
    out->z = get_rel(d, base.z);
}

static int axis_in_range(const fc_vec3 *a)
{
    return a->x >= -AXIS_MAX && a->x <= AXIS_MAX && a->y >= -AXIS_MAX && a->y <= AXIS_MAX && a->z >= -AXIS_MAX &&
           a->z <= AXIS_MAX;
}

static fc_status get_shape2(dec *d, uint32_t type, uint32_t poly, fc_body_full *b)
{
    const fc_vec2 o = fc_vec2_make(0, 0);
    fc_shape2 *s = &b->shape.s2;
    if (type < FC_SHAPE2_CIRCLE || type > FC_SHAPE2_POLY || (type != FC_SHAPE2_POLY && poly != 0) ||
        poly > FC_POLY2_MAX_VERTS - 3)
        return FC_ERR_FORMAT;
    s->type = (fc_shape2_type)type;
    switch (s->type) {
    case FC_SHAPE2_CIRCLE:
        s->u.circle.center = get_vec2(d, o);
        s->u.circle.radius = get_rel(d, 0);
        break;
    case FC_SHAPE2_AABB:
        s->u.aabb.min = get_vec2(d, o);
        s->u.aabb.max = get_vec2(d, s->u.aabb.min);
        break;
    case FC_SHAPE2_OBB: {
        s->u.obb.center = get_vec2(d, o);
        s->u.obb.half = get_vec2(d, o);
        s->u.obb.angle = (fc_angle)get_uvar(d, 16);
        s->u.obb.rot = fc_sincos_of(s->u.obb.angle);
        break;
    }
    case FC_SHAPE2_CAPSULE:
        s->u.capsule.a = get_vec2(d, o);
        s->u.capsule.b = get_vec2(d, s->u.capsule.a);
        s->u.capsule.radius = get_rel(d, 0);
        break;
    case FC_SHAPE2_POLY:
        s->u.poly.count = (int32_t)poly + 3;
        s->u.poly.v[0] = get_vec2(d, o);
        for (int32_t i = 1; i < s->u.poly.count; i++)
            s->u.poly.v[i] = get_vec2(d, s->u.poly.v[i - 1]);
        break;
    }
    return d->bad ? FC_ERR_FORMAT : FC_OK;
}

static fc_status get_shape3(dec *d, uint32_t type, uint32_t poly, fc_body_full *b)
{
    const fc_vec3 o = { 0, 0, 0 };
    fc_shape3 *s = &b->shape.s3;
    if (type < FC_SHAPE3_SPHERE || type > FC_SHAPE3_CAPSULE || poly != 0)
        return FC_ERR_FORMAT;
    s->type = (fc_shape3_type)type;
    switch (s->type) {
    case FC_SHAPE3_SPHERE:
        get_vec3(d, o, &s->u.sphere.center);
        s->u.sphere.radius = get_rel(d, 0);
        break;
    case FC_SHAPE3_AABB:
        get_vec3(d, o, &s->u.aabb.min);
        get_vec3(d, s->u.aabb.min, &s->u.aabb.max);
        break;
    case FC_SHAPE3_OBB: {
        fc_vec3 *ax = s->u.obb.axis;
        get_vec3(d, o, &s->u.obb.center);
        get_vec3(d, o, &s->u.obb.half);
        get_vec3(d, o, &ax[0]);
        get_vec3(d, o, &ax[1]);
        if (d->bad || !axis_in_range(&ax[0]) || !axis_in_range(&ax[1]))
            return FC_ERR_FORMAT;
        int64_t p[3];
        predicted_axis(&ax[0], &ax[1], p);
        ax[2].x = get_rel(d, (int32_t)p[0]);
        ax[2].y = get_rel(d, (int32_t)p[1]);
        ax[2].z = get_rel(d, (int32_t)p[2]);
        break;
    }
    case FC_SHAPE3_CAPSULE:
        get_vec3(d, o, &s->u.capsule.a);
        get_vec3(d, s->u.capsule.a, &s->u.capsule.b);
        s->u.capsule.radius = get_rel(d, 0);
        break;
    }
    return d->bad ? FC_ERR_FORMAT : FC_OK;
}

/* One live body's fields (generation, flags, filter, user data, shape)
 * into *b; the shape not yet validated, min/max not set, the shape union's
 * bytes beyond a small shape's fields not set (nothing reads them). */
static fc_status get_body(dec *d, int dim2, fc_body_full *b)
{
    b->generation = (uint32_t)get_uvar(d, 32);
    uint32_t flags = get_byte(d);
    b->filter.category = 1u; /* fc_filter_default() */
    b->filter.mask = 0xFFFFFFFFu;
    b->user_data = 0;
    if ((flags & FLAG_FILTER) != 0) {
        b->filter.category = (uint32_t)get_uvar(d, 32);
        b->filter.mask = (uint32_t)get_uvar(d, 32);
        if (b->filter.category == 1u && b->filter.mask == 0xFFFFFFFFu)
            d->bad = 1; /* the default filter is coded by its flag only */
    }
    if ((flags & FLAG_USER) != 0) {
        b->user_data = get_uvar(d, 64);
        if (b->user_data == 0)
            d->bad = 1;
    }
    if (d->bad || b->generation == 0)
        return FC_ERR_FORMAT;
    uint32_t type = flags & 7u, poly = flags >> 5;
    /* a big shape is compared and stored whole (its unused bytes 0); a
     * small one is read field by field */
    if (!fc_shape_small(dim2, type))
        memset(&b->shape, 0, sizeof b->shape);
    return dim2 ? get_shape2(d, type, poly, b) : get_shape3(d, type, poly, b);
}

fc_snap_dec fc_snap_stream(const unsigned char *p, size_t size)
{
    fc_snap_dec d = { p, 8 * HEADER_WORDS, size - 8, 0 };
    return d;
}

void fc_snap_get_free(fc_snap_dec *d, uint32_t *index, uint32_t *generation)
{
    *index = (uint32_t)get_uvar(d, 32);
    *generation = (uint32_t)get_uvar(d, 32);
}

fc_status fc_snap_get_fields(fc_snap_dec *d, int dim2, fc_body_full *b)
{
    return get_body(d, dim2, b);
}

fc_status fc_snap_body_bounds(int dim2, fc_body_full *b)
{
    fc_status st = dim2 ? fc_shape2_bounds(&b->shape.s2, b->min, b->max) : fc_shape3_bounds(&b->shape.s3, b->min, b->max);
    return st == FC_OK ? FC_OK : FC_ERR_FORMAT;
}

fc_status fc_snap_get_body(fc_snap_dec *d, int dim2, fc_body_full *b)
{
    fc_status st = get_body(d, dim2, b);
    return st == FC_OK ? fc_snap_body_bounds(dim2, b) : st;
}

/* The varints of a body after its flags byte, by flags (as put_body and
 * put_shape2/3 write them). */
static uint32_t body_varints(int dim2, uint32_t flags)
{
    static const uint8_t shape2[6] = {0, 3, 4, 5, 5, 0}, shape3[5] = {0, 4, 6, 15, 7};
    uint32_t type = flags & 7u, n = ((flags & FLAG_FILTER) != 0 ? 2u : 0u) + ((flags & FLAG_USER) != 0 ? 1u : 0u);
    if (dim2)
        return n + (type == FC_SHAPE2_POLY ? 2u * ((flags >> 5) + 3u) : shape2[type < 6 ? type : 0]);
    return n + shape3[type < 5 ? type : 0];
}

void fc_snap_skip_body(fc_snap_dec *d, int dim2)
{
    const unsigned char *p = d->p;
    size_t at = d->at;
    while (p[at++] >= 0x80u) /* the generation */
        ;
    uint32_t n = body_varints(dim2, p[at++]);
    while (n > 0) /* a varint ends at its first byte below 0x80 */
        n -= p[at++] < 0x80u;
    d->at = at;
}

/* ---------------------------------------------------------- comparing */

/* v < 2^56 in canonical LEB128 as the little-endian bytes of the result;
 * *keep = 0xFF on its bytes (1 to 8), 0 above. Branch-free: the 7-bit
 * groups spread into bytes (the decoder's gather reversed), the bytes up
 * to the highest nonzero one kept, continuation bits on all but the last. */
CMP_INLINE uint64_t leb_word(uint64_t v, uint64_t *keep, unsigned *n)
{
    if (v < 0x80u) { /* one group: generations, flags */
        *keep = 0xFFu;
        *n = 1;
        return v;
    }
    uint64_t x = (v & 0x0FFFFFFFu) | ((v & 0x00FFFFFFF0000000u) << 4);
    x = (x & 0x00003FFF00003FFFu) | ((x & 0x0FFFC0000FFFC000u) << 2);
    x = (x & 0x007F007F007F007Fu) | ((x & 0x3F803F803F803F80u) << 1);
    uint64_t t = ((x + 0x7F7F7F7F7F7F7F7Fu) & 0x8080808080808080u) | 0x80u; /* bit 7: byte used */
    t |= t >> 8;
    t |= t >> 16;
    t |= t >> 32; /* bit 7 on bytes 0 .. the last one used */
    *keep = (t >> 7) * 0xFFu;
    *n = (unsigned)(((t >> 7) * 0x0101010101010101u) >> 56);
    return x | ((t >> 8) & 0x8080808080808080u);
}

/* 1 (and *at past it) when the stream's varint at *at is exactly v's
 * canonical encoding; v < 2^56, at least 8 bytes left at *at. */
CMP_INLINE int same_uvar(const dec *d, size_t *at, uint64_t v)
{
    uint64_t keep;
    unsigned n;
    if (((get_le64(d->p + *at) ^ leb_word(v, &keep, &n)) & keep) != 0)
        return 0;
    *at += n;
    return 1;
}

/* The same for put_rel's zigzag code of value - base. */
CMP_INLINE int same_rel(const dec *d, size_t *at, int32_t value, int32_t base)
{
    int64_t v = (int64_t)value - base;
    return same_uvar(d, at, v < 0 ? ((uint64_t)(-(v + 1)) << 1) | 1u : (uint64_t)v << 1);
}

/* The longest record of a small shape compared here: generation (5 bytes),
 * flags (1), filter (5 + 5), user data below 2^56 (8), 4 differences of
 * at most 34 bits (5 each). */
#define SMALL_RECORD_MAX 44

int fc_snap_same_small(fc_snap_dec *d, const fc_world *w, uint32_t index)
{
    /* put_body's fields for a small shape, in its order */
    const fc_body *b = &w->bodies[index];
    const int dim2 = w->def.dim == FC_WORLD_2D;
    const int has_filter = b->filter.category != 1u || b->filter.mask != 0xFFFFFFFFu; /* fc_filter_default() */
    const uint32_t flags = b->type | (has_filter ? FLAG_FILTER : 0u) | (b->user_data != 0 ? FLAG_USER : 0u);
    const int32_t *v = b->sw;
    size_t at = d->at;
    /* every compare below reads 8 bytes from where the record's bytes so
     * far end: the stream's last records take the decoder */
    if (d->bad || d->end - at < SMALL_RECORD_MAX + 8 || !fc_shape_small(dim2, b->type) || (b->user_data >> 56) != 0)
        return 0;
    if (b->generation < 0x80u) { /* generation and flags: one byte each */
        if ((get_le64(d->p + at) & 0xFFFFu) != (b->generation | flags << 8))
            return 0;
        at += 2;
    } else if (!same_uvar(d, &at, b->generation) || !same_uvar(d, &at, flags)) {
        return 0;
    }
    if (has_filter && (!same_uvar(d, &at, b->filter.category) || !same_uvar(d, &at, b->filter.mask)))
        return 0;
    if (b->user_data != 0 && !same_uvar(d, &at, b->user_data))
        return 0;
    int same;
    if (!dim2) /* sphere: centre, radius */
        same = same_rel(d, &at, v[0], 0) && same_rel(d, &at, v[1], 0) && same_rel(d, &at, v[2], 0) &&
               same_rel(d, &at, v[3], 0);
    else if (b->type == FC_SHAPE2_CIRCLE) /* centre, radius */
        same = same_rel(d, &at, v[0], 0) && same_rel(d, &at, v[1], 0) && same_rel(d, &at, v[2], 0);
    else /* AABB: min, max - min */
        same = same_rel(d, &at, v[0], 0) && same_rel(d, &at, v[1], 0) && same_rel(d, &at, v[2], v[0]) &&
               same_rel(d, &at, v[3], v[1]);
    if (same)
        d->at = at;
    return same;
}

fc_status fc_snap_get_end(fc_snap_dec *d)
{
    /* only the zero padding to the trailer, as short as possible */
    if (d->bad || d->end - d->at >= 8)
        return FC_ERR_FORMAT;
    while (d->at < d->end)
        if (get_byte(d) != 0)
            return FC_ERR_FORMAT;
    return FC_OK;
}

fc_status fc_snap_read_header(const unsigned char *p, size_t size, fc_snap_header *h)
{
    if (size < 8 * (HEADER_WORDS + 1) || size % 8 != 0)
        return FC_ERR_FORMAT;
    uint64_t h0 = get_le64(p), h1 = get_le64(p + 8);
    if ((uint32_t)h0 != FC_SNAPSHOT_MAGIC)
        return FC_ERR_FORMAT;
    const uint32_t version = (uint32_t)(h0 >> 32);
    if (version != FC_SNAPSHOT_VERSION && !(version == FC_SNAPSHOT_VERSION_V1 && FC_SNAPSHOT_READS_V1))
        return FC_ERR_VERSION;
    if ((uint32_t)h1 != size)
        return FC_ERR_FORMAT;
    if (blob_hash(p, size) != get_le64(p + size - 8))
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
    /* a free entry takes >= 2 bytes, a body >= 5 (version 1: a word and 4
     * words): reject counts the stream cannot hold before anything is
     * allocated for them */
    size_t stream = size - 8 - 8 * HEADER_WORDS;
    const uint64_t free_min = version == FC_SNAPSHOT_VERSION ? 2 : 8, body_min = version == FC_SNAPSHOT_VERSION ? 5 : 32;
    if ((uint32_t)(h6 >> 32) != 0 || slots > (uint32_t)FC_WORLD_MAX_BODIES || (uint64_t)live + nfree != slots ||
        free_min * nfree + body_min * live > stream)
        return FC_ERR_FORMAT;
    def.body_capacity = (int32_t)slots;
    h->def = def;
    h->slots = slots;
    h->live = live;
    h->nfree = nfree;
    h->version = version;
    return FC_OK;
}

uint64_t fc_snap_blob_hash(const unsigned char *p, size_t size)
{
    return blob_hash(p, size);
}
