/* SPDX-License-Identifier: MIT */
/* Snapshot format version 1 (snapshot_format.h documents its words), read
 * by converting it into a blob of the current version: two passes over the
 * words with one walker, the first validating and counting the new blob's
 * bytes, the second writing them. The version 1 reader's rules are kept:
 * whatever it refused is FC_ERR_FORMAT here. */
#include "snapshot_format.h"

#include <string.h>

#include "core/fc_alloc.h"
#include "core/nofloat.h"

static uint64_t le64(const unsigned char *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = (v << 8) | p[i];
    return v;
}

static int32_t i32_of(uint32_t u)
{
    return u <= (uint32_t)INT32_MAX ? (int32_t)u : -(int32_t)(~u) - 1;
}

/* The int32 shape fields of (dim2, type, vertex count); -1 when invalid. */
static int field_count(int dim2, uint32_t type, uint32_t count)
{
    if (dim2) {
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

/* *o = the vector in the 3 words at v (an out-parameter: tcc 0.9.27
 * miscompiles functions returning a 12-byte struct, docs/replays.md). */
static void v3_at(fc_vec3 *o, const int32_t *v)
{
    o->x = v[0];
    o->y = v[1];
    o->z = v[2];
}

/* The shape of type from its fields f (n of them; an OBB2 angle checked). */
static int make_shape(int dim2, uint32_t type, uint32_t count, const uint32_t *f, int n, fc_body_full *b)
{
    int32_t v[16];
    for (int k = 0; k < n; k++)
        v[k] = i32_of(f[k]);
    memset(&b->shape, 0, sizeof b->shape);
    if (!dim2) {
        fc_shape3 *s = &b->shape.s3;
        s->type = (fc_shape3_type)type;
        if (type == FC_SHAPE3_SPHERE) {
            v3_at(&s->u.sphere.center, v);
            s->u.sphere.radius = v[3];
        } else if (type == FC_SHAPE3_AABB) {
            v3_at(&s->u.aabb.min, v);
            v3_at(&s->u.aabb.max, v + 3);
        } else {
            v3_at(&s->u.obb.center, v);
            v3_at(&s->u.obb.half, v + 3);
            for (int i = 0; i < 3; i++)
                v3_at(&s->u.obb.axis[i], v + 6 + 3 * i);
        }
        return 1;
    }
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
            return 0;
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
    return 1;
}

/* One live body at word *at (of nwords) into *b and its index; *at moves
 * past it. FC_OK or FC_ERR_FORMAT. */
static fc_status get_body(const unsigned char *p, size_t nwords, size_t *at, int dim2, uint32_t *index,
                          fc_body_full *b)
{
    if (nwords - *at < 3)
        return FC_ERR_FORMAT;
    const uint64_t b0 = le64(p + 8 * *at), b1 = le64(p + 8 * (*at + 1)), b2 = le64(p + 8 * (*at + 2));
    *at += 3;
    *index = (uint32_t)b0;
    b->generation = (uint32_t)(b0 >> 32);
    b->filter.category = (uint32_t)b1;
    b->filter.mask = (uint32_t)(b1 >> 32);
    const uint32_t type = (uint32_t)b2, count = (uint32_t)(b2 >> 32);
    const int nf = field_count(dim2, type, count);
    if (nf < 0 || b->generation == 0)
        return FC_ERR_FORMAT;
    const size_t nw = (size_t)(nf + 1) / 2;
    if (nwords - *at < nw + 1)
        return FC_ERR_FORMAT;
    uint32_t f[16];
    for (size_t k = 0; k < nw; k++) {
        uint64_t v = le64(p + 8 * (*at + k));
        f[2 * k] = (uint32_t)v;
        f[2 * k + 1] = (uint32_t)(v >> 32);
    }
    *at += nw;
    b->user_data = le64(p + 8 * *at);
    *at += 1;
    if ((nf % 2 == 1 && f[nf] != 0) || !make_shape(dim2, type, count, f, nf, b))
        return FC_ERR_FORMAT;
    return fc_snap_body_bounds(dim2, b);
}

/* Walk the version 1 words once, writing the current version into e; m
 * (FC_MARK_WORDS(h->slots) words, cleared here) marks the free slots. */
static fc_status walk(const unsigned char *p, size_t size, const fc_snap_header *h, uint64_t *m, fc_snap_enc *e)
{
    const size_t nwords = size / 8 - 1; /* the trailer excluded */
    size_t at = FC_SNAP_HEADER_WORDS;
    if (h->slots > 0)
        memset(m, 0, sizeof(uint64_t) * FC_MARK_WORDS(h->slots));
    if (nwords - at < h->nfree)
        return FC_ERR_FORMAT;
    for (uint32_t k = 0; k < h->nfree; k++, at++) {
        const uint64_t v = le64(p + 8 * at);
        const uint32_t i = (uint32_t)v, g = (uint32_t)(v >> 32);
        if (i >= h->slots || g == 0 || ((m[i >> 6] >> (i & 63)) & 1u) != 0)
            return FC_ERR_FORMAT;
        m[i >> 6] |= (uint64_t)1 << (i & 63);
        fc_snap_put_free(e, i, g);
    }
    const int dim2 = h->def.dim == FC_WORLD_2D;
    uint32_t prev = 0;
    for (uint32_t k = 0; k < h->live; k++) {
        uint32_t i;
        fc_body_full b;
        fc_status st = get_body(p, nwords, &at, dim2, &i, &b);
        if (st != FC_OK)
            return st;
        /* ascending, in range, not free: with live + free = slots, the live
         * bodies are exactly the slots not on the free list */
        if (i >= h->slots || (k > 0 && i <= prev) || ((m[i >> 6] >> (i & 63)) & 1u) != 0)
            return FC_ERR_FORMAT;
        prev = i;
        fc_snap_put_full(e, dim2, &b);
    }
    return at == nwords ? FC_OK : FC_ERR_FORMAT;
}

fc_status fc_snap_v1_convert(const unsigned char *p, size_t size, const fc_snap_header *h, const fc_allocator *a,
                             unsigned char **out, size_t *out_size)
{
    *out = NULL;
    *out_size = 0;
    if (h->def.dim != FC_WORLD_2D && h->def.dim != FC_WORLD_3D)
        return FC_ERR_FORMAT;
    const size_t mbytes = sizeof(uint64_t) * (FC_MARK_WORDS(h->slots) > 0 ? FC_MARK_WORDS(h->slots) : 1);
    uint64_t *m = (uint64_t *)fc_alloc_bytes(a, mbytes);
    if (m == NULL)
        return FC_ERR_NO_MEMORY;
    fc_snap_enc e = fc_snap_enc_begin(NULL, 0);
    fc_status st = walk(p, size, h, m, &e); /* checks and counts */
    const size_t total = st == FC_OK ? fc_snap_enc_end(&e, h) : 0;
    unsigned char *buf = NULL;
    if (st == FC_OK) {
        buf = (unsigned char *)fc_alloc_bytes(a, total);
        st = buf == NULL ? FC_ERR_NO_MEMORY : FC_OK;
    }
    if (st == FC_OK) {
        e = fc_snap_enc_begin(buf, total);
        st = walk(p, size, h, m, &e); /* the same walk: cannot fail now */
        if (st == FC_OK && fc_snap_enc_end(&e, h) == total) {
            *out = buf;
            *out_size = total;
        } else {
            fc_free_bytes(a, buf, total);
            st = FC_ERR_FORMAT;
        }
    }
    fc_free_bytes(a, m, mbytes);
    return st;
}
