/* SPDX-License-Identifier: MIT */
/* Snapshot format v2 against its documentation (fixcol/world.h, at
 * fc_world_snapshot), with an independent table-driven decoder and encoder:
 *  - every blob of random 2D/3D worlds (all shapes, random and default
 *    filters, user data 0 / small / 2^64 - 1, free lists) decodes into
 *    exactly the bodies the world reports through its getters, with the
 *    free list in the order the world hands ids out again;
 *  - re-encoding that model gives the library's bytes (one encoding);
 *  - every body fits the documented per-shape size bound, and bodies at the
 *    range limits reach but do not exceed it;
 *  - blobs with one defect each (overlong or too wide varint, zero
 *    generation, bad type or count bits, redundant flags, coordinate out of
 *    range, oversized OBB3 axis, bad padding, leftover bytes, bad free
 *    entries, version, length, trailer) are rejected with the target
 *    unchanged, while the same model without the defect is accepted.
 * Capsule3 bodies (3D type 4, since issue 29) are in the random 3D worlds,
 * at the range limits (37 bytes) and get their own defect (radius -1).
 * Usage: test_snapshot [--break | --break-capsule3] (--break: the oracle's
 * zigzag flips sign, so its bytes must disagree with the library's;
 * --break-capsule3: the oracle codes a capsule3's b from 0 instead of from
 * a, so the capsule3 checks must fail). */
#include <fixcol/shapes.h>
#include <fixcol/world.h>

#include <stdlib.h>
#include <string.h>

#include "snapshot_trailer.h"
#include "testutil.h"
#include "world_fixture.h"

static int g_break, g_break_cap3;

/* ------------------------------------------------------------ the model */

enum { MAXF = 16, MAXB = 700 };

typedef struct m_body {
    uint32_t index, gen, type, count; /* count: polygon vertices, else 0 */
    fc_filter filter;
    uint64_t user;
    int32_t f[MAXF]; /* shape fields in documented order */
    int nf;
    size_t bytes; /* encoded length, set by the decoder */
} m_body;

typedef struct model {
    uint64_t hdr[7];
    int dim2;
    uint32_t nfree, free_idx[MAXB], free_gen[MAXB];
    uint32_t nlive;
    m_body b[MAXB];
} model;

/* Field k's base: -1 = 0, -2 = predicted OBB3 axis component, else an
 * earlier field's index. The rows follow the table in world.h. */
static int field_base(int dim2, uint32_t type, int k)
{
    if (dim2) {
        switch (type) {
        case FC_SHAPE2_AABB: return k >= 2 ? k - 2 : -1;
        case FC_SHAPE2_CAPSULE: return k == 2 || k == 3 ? k - 2 : -1;
        case FC_SHAPE2_POLY: return k >= 2 ? k - 2 : -1;
        default: return -1;
        }
    }
    if (type == FC_SHAPE3_AABB)
        return k >= 3 ? k - 3 : -1;
    if (type == FC_SHAPE3_OBB)
        return k >= 12 ? -2 : -1;
    if (type == FC_SHAPE3_CAPSULE) /* a, b - a, radius */
        return k >= 3 && k < 6 && !g_break_cap3 ? k - 3 : -1;
    return -1;
}

/* Number of fields; -1 for a type the format does not have. */
static int field_count(int dim2, uint32_t type, uint32_t count)
{
    static const int n2[6] = {-1, 3, 4, 5, 5, 0}, n3[5] = {-1, 4, 6, 15, 7};
    if (dim2)
        return type >= 1 && type <= 5 ? (type == 5 ? 2 * (int)count : n2[type]) : -1;
    return type >= 1 && type <= 4 ? n3[type] : -1;
}

/* floor((v + 2^15) / 2^16) by division (the library shifts). */
static int64_t round16(int64_t v)
{
    int64_t x = v + 32768, q = x / 65536;
    return x % 65536 < 0 ? q - 1 : q;
}

static int64_t predicted(const int32_t *f, int k) /* k = 12, 13, 14 */
{
    const int32_t *a = f + 6, *b = f + 9;
    int i = (k - 12 + 1) % 3, j = (k - 12 + 2) % 3;
    return round16((int64_t)a[i] * b[j] - (int64_t)a[j] * b[i]);
}

static void shape_to_fields(int dim2, const fc_shape2 *s2, const fc_shape3 *s3, m_body *m)
{
    int32_t *f = m->f;
    m->count = 0;
    if (dim2) {
        m->type = (uint32_t)s2->type;
        switch (s2->type) {
        case FC_SHAPE2_CIRCLE: f[0] = s2->u.circle.center.x, f[1] = s2->u.circle.center.y, f[2] = s2->u.circle.radius; break;
        case FC_SHAPE2_AABB:
            f[0] = s2->u.aabb.min.x, f[1] = s2->u.aabb.min.y, f[2] = s2->u.aabb.max.x, f[3] = s2->u.aabb.max.y;
            break;
        case FC_SHAPE2_OBB:
            f[0] = s2->u.obb.center.x, f[1] = s2->u.obb.center.y, f[2] = s2->u.obb.half.x, f[3] = s2->u.obb.half.y;
            f[4] = (int32_t)s2->u.obb.angle;
            break;
        case FC_SHAPE2_CAPSULE:
            f[0] = s2->u.capsule.a.x, f[1] = s2->u.capsule.a.y, f[2] = s2->u.capsule.b.x, f[3] = s2->u.capsule.b.y;
            f[4] = s2->u.capsule.radius;
            break;
        case FC_SHAPE2_POLY:
            m->count = (uint32_t)s2->u.poly.count;
            for (int32_t i = 0; i < s2->u.poly.count; i++)
                f[2 * i] = s2->u.poly.v[i].x, f[2 * i + 1] = s2->u.poly.v[i].y;
            break;
        }
    } else {
        m->type = (uint32_t)s3->type;
        int n = 0;
        int32_t tmp[15];
        switch (s3->type) {
        case FC_SHAPE3_SPHERE:
            tmp[0] = s3->u.sphere.center.x, tmp[1] = s3->u.sphere.center.y, tmp[2] = s3->u.sphere.center.z;
            tmp[3] = s3->u.sphere.radius, n = 4;
            break;
        case FC_SHAPE3_AABB:
            tmp[0] = s3->u.aabb.min.x, tmp[1] = s3->u.aabb.min.y, tmp[2] = s3->u.aabb.min.z;
            tmp[3] = s3->u.aabb.max.x, tmp[4] = s3->u.aabb.max.y, tmp[5] = s3->u.aabb.max.z, n = 6;
            break;
        case FC_SHAPE3_OBB: {
            const fc_vec3 *v[5] = {&s3->u.obb.center, &s3->u.obb.half, &s3->u.obb.axis[0], &s3->u.obb.axis[1],
                                   &s3->u.obb.axis[2]};
            for (int i = 0; i < 5; i++)
                tmp[3 * i] = v[i]->x, tmp[3 * i + 1] = v[i]->y, tmp[3 * i + 2] = v[i]->z;
            n = 15;
            break;
        }
        case FC_SHAPE3_CAPSULE:
            tmp[0] = s3->u.capsule.a.x, tmp[1] = s3->u.capsule.a.y, tmp[2] = s3->u.capsule.a.z;
            tmp[3] = s3->u.capsule.b.x, tmp[4] = s3->u.capsule.b.y, tmp[5] = s3->u.capsule.b.z;
            tmp[6] = s3->u.capsule.radius, n = 7;
            break;
        }
        memcpy(f, tmp, sizeof(int32_t) * (size_t)n);
    }
    m->nf = field_count(dim2, m->type, m->count);
}

/* ------------------------------------------------------------ decoder */

typedef struct cur {
    const unsigned char *p;
    size_t at, end;
    int bad;
} cur;

/* Collect the groups of one varint first, then combine them. */
static uint64_t d_uvar(cur *c)
{
    unsigned g[12];
    int n = 0;
    do {
        if (c->at >= c->end || n == 11) {
            c->bad = 1;
            return 0;
        }
        g[n++] = c->p[c->at++];
    } while (g[n - 1] & 0x80u);
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = v * 128u + (g[i] & 0x7Fu);
    return v;
}

static int64_t d_zz(uint64_t z)
{
    return (z % 2 == 0) ? (int64_t)(z / 2) : -(int64_t)((z - 1) / 2) - 1;
}

static int decode(const unsigned char *blob, size_t size, model *m)
{
    memset(m, 0, sizeof *m);
    for (int k = 0; k < 7; k++)
        for (int b = 7; b >= 0; b--)
            m->hdr[k] = m->hdr[k] << 8 | blob[8 * k + (size_t)b];
    m->dim2 = (uint32_t)(m->hdr[1] >> 32) == 2;
    uint32_t slots = (uint32_t)m->hdr[5];
    m->nfree = (uint32_t)m->hdr[6];
    m->nlive = (uint32_t)(m->hdr[5] >> 32);
    if (m->nfree > MAXB || m->nlive > MAXB || slots != m->nfree + m->nlive)
        return 0;
    cur c = {blob, 56, size - 8, 0};
    unsigned char is_free[2 * MAXB] = {0};
    for (uint32_t k = 0; k < m->nfree; k++) {
        m->free_idx[k] = (uint32_t)d_uvar(&c);
        m->free_gen[k] = (uint32_t)d_uvar(&c);
        if (m->free_idx[k] < slots)
            is_free[m->free_idx[k]] = 1;
    }
    uint32_t slot = 0;
    for (uint32_t k = 0; k < m->nlive; k++) {
        while (slot < slots && is_free[slot])
            slot++;
        m_body *b = &m->b[k];
        size_t start = c.at;
        b->index = slot++;
        b->gen = (uint32_t)d_uvar(&c);
        unsigned flags = c.at < c.end ? c.p[c.at++] : (c.bad = 1, 0u);
        b->type = flags % 8;
        b->count = b->type == 5 && m->dim2 ? flags / 32 + 3 : 0;
        b->filter = fc_filter_default();
        if (flags & 8u) {
            b->filter.category = (uint32_t)d_uvar(&c);
            b->filter.mask = (uint32_t)d_uvar(&c);
        }
        b->user = (flags & 16u) ? d_uvar(&c) : 0;
        b->nf = field_count(m->dim2, b->type, b->count);
        if (b->nf < 0)
            return 0;
        for (int i = 0; i < b->nf; i++) {
            int base = field_base(m->dim2, b->type, i);
            int64_t bv = base == -1 ? 0 : base == -2 ? predicted(b->f, i) : b->f[base];
            uint64_t z = d_uvar(&c);
            b->f[i] = m->dim2 && b->type == FC_SHAPE2_OBB && i == 4 ? (int32_t)z : (int32_t)(bv + d_zz(z));
        }
        b->bytes = c.at - start;
    }
    /* padding: zeros to the trailer */
    while (c.at < c.end)
        if (c.p[c.at++] != 0)
            return 0;
    return !c.bad;
}

/* ------------------------------------------------------------ encoder */

enum defect {
    D_NONE,
    D_OVERLONG,      /* first body's generation with a superfluous zero group */
    D_TOO_WIDE,      /* first body's generation 2^32 */
    D_GEN0,          /* first body's generation 0 */
    D_TYPE0,         /* shape type 0 */
    D_TYPE_HIGH,     /* shape type 7 */
    D_COUNT_BITS,    /* count bits on a non-polygon (first body) */
    D_FILTER_DEFAULT,/* filter flag with the default filter */
    D_USER_ZERO,     /* user-data flag with 0 */
    D_COORD_INT32,   /* first coordinate difference 2^32: beyond int32 */
    D_COORD_RANGE,   /* first coordinate FC_COORD_LIMIT + 1 */
    D_PAD_NONZERO,   /* a padding byte 1 (adds a padding word if none) */
    D_PAD_LONG,      /* 8 more zero bytes */
    D_FREE_RANGE,    /* free index = slot count */
    D_FREE_DUP,      /* two free entries for one slot */
    D_FREE_GEN0,     /* free generation 0 */
    D_AXIS,          /* OBB3: axis[0].x = 2^17 + 1 */
    D_CAP3_RADIUS,   /* capsule3: radius -1 */
    D_VERSION,
    D_LENGTH,
    D_TRAILER,
    D_COUNT
};

typedef struct out {
    unsigned char *p;
    size_t at;
} out;

static void o_byte(out *o, unsigned v) { o->p[o->at++] = (unsigned char)v; }

static void o_uvar(out *o, uint64_t v)
{
    do {
        unsigned g = (unsigned)(v % 128);
        v /= 128;
        o_byte(o, g | (v ? 0x80u : 0u));
    } while (v);
}

static uint64_t zz(int64_t d)
{
    if (g_break)
        d = -d;
    return d >= 0 ? 2 * (uint64_t)d : 2 * (uint64_t)(-(d + 1)) + 1;
}

static void le64(unsigned char *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

/* Encode m (with one defect d) into buf; returns the size. */
static size_t encode(const model *m, enum defect d, unsigned char *buf)
{
    out o = {buf, 56};
    for (uint32_t k = 0; k < m->nfree; k++) {
        uint32_t idx = m->free_idx[k];
        if (d == D_FREE_RANGE && k == 0)
            idx = (uint32_t)m->hdr[5];
        if (d == D_FREE_DUP && k == 1)
            idx = m->free_idx[0];
        o_uvar(&o, idx);
        o_uvar(&o, d == D_FREE_GEN0 && k == 0 ? 0 : m->free_gen[k]);
    }
    for (uint32_t k = 0; k < m->nlive; k++) {
        const m_body *b = &m->b[k];
        int first = k == 0;
        fc_filter df = fc_filter_default();
        int hf = b->filter.category != df.category || b->filter.mask != df.mask, hu = b->user != 0;
        if (first && d == D_FILTER_DEFAULT)
            hf = 1;
        if (first && d == D_USER_ZERO)
            hu = 1;
        if (first && d == D_OVERLONG) {
            o_byte(&o, (b->gen % 128) | 0x80u);
            o_uvar(&o, b->gen / 128); /* ends in a zero group when gen < 128 */
        } else {
            o_uvar(&o, first && d == D_TOO_WIDE ? (uint64_t)1 << 32 : first && d == D_GEN0 ? 0 : b->gen);
        }
        unsigned type = b->type;
        if (first && d == D_TYPE0)
            type = 0;
        if (first && d == D_TYPE_HIGH)
            type = 7;
        unsigned cnt = b->count ? b->count - 3 : (first && d == D_COUNT_BITS ? 1u : 0u);
        o_byte(&o, type | (hf ? 8u : 0u) | (hu ? 16u : 0u) | cnt << 5);
        if (hf)
            o_uvar(&o, b->filter.category), o_uvar(&o, b->filter.mask);
        if (hu)
            o_uvar(&o, b->user);
        int32_t f[MAXF];
        memcpy(f, b->f, sizeof f);
        if (first && d == D_AXIS)
            f[6] = (1 << 17) + 1;
        if (first && d == D_CAP3_RADIUS)
            f[6] = -1;
        for (int i = 0; i < b->nf; i++) {
            int base = field_base(m->dim2, b->type, i);
            int64_t bv = base == -1 ? 0 : base == -2 ? predicted(f, i) : f[base];
            if (m->dim2 && b->type == FC_SHAPE2_OBB && i == 4)
                o_uvar(&o, (uint32_t)f[i]);
            else if (first && i == 0 && d == D_COORD_INT32)
                o_uvar(&o, zz((int64_t)1 << 32));
            else if (first && i == 0 && d == D_COORD_RANGE)
                o_uvar(&o, zz(FC_COORD_LIMIT + 1));
            else
                o_uvar(&o, zz(f[i] - bv));
        }
    }
    int pad = 0;
    for (; o.at % 8; pad++)
        o_byte(&o, d == D_PAD_NONZERO ? 1 : 0);
    if (d == D_PAD_NONZERO && pad == 0) /* no padding needed: add a word of it */
        for (int i = 0; i < 8; i++)
            o_byte(&o, 1);
    if (d == D_PAD_LONG)
        for (int i = 0; i < 8; i++)
            o_byte(&o, 0);
    size_t size = o.at + 8;
    for (int k = 0; k < 7; k++)
        le64(buf + 8 * k, m->hdr[k]);
    le64(buf + 8, (m->hdr[1] & 0xFFFFFFFF00000000u) | (uint32_t)(size + (d == D_LENGTH ? 8 : 0)));
    if (d == D_VERSION)
        le64(buf, (uint64_t)FC_SNAPSHOT_MAGIC | (uint64_t)3 << 32); /* a later version (1 is read) */
    le64(buf + size - 8, snapshot_trailer(buf, size) ^ (d == D_TRAILER ? 1u : 0u));
    return size;
}

/* ------------------------------------------------------------ checks */

static size_t body_bound(int dim2, const m_body *b)
{
    static const size_t b2[5] = {17, 22, 25, 27, 0}, b3[4] = {22, 32, 56, 37};
    size_t n = dim2 ? (b->type == 5 ? 2 + 10 * (size_t)b->count : b2[b->type - 1]) : b3[b->type - 1];
    fc_filter df = fc_filter_default();
    if (b->filter.category != df.category || b->filter.mask != df.mask)
        n += 10;
    if (b->user)
        n += 10;
    if (b->gen >= 128)
        n += 4;
    return n;
}

/* The model equals what the world reports; ids are handed out in the free
 * list's order (checked on a restored copy, so w itself is not changed). */
static void check_model(const model *m, fc_world *w, const unsigned char *blob, size_t size)
{
    uint32_t tag = (uint32_t)m->hdr[2];
    for (uint32_t k = 0; k < m->nlive; k++) {
        const m_body *b = &m->b[k];
        fc_body_id id = {b->index, b->gen, tag};
        fc_shape2 s2;
        fc_shape3 s3;
        fc_filter f;
        uint64_t u;
        TU_CHECK(fc_world_body_valid(w, id), "decoded body %u/%u is live", b->index, b->gen);
        TU_CHECK(fc_world_get_filter(w, id, &f) == FC_OK && f.category == b->filter.category &&
                     f.mask == b->filter.mask, "filter of body %u", b->index);
        TU_CHECK(fc_world_get_user_data(w, id, &u) == FC_OK && u == b->user, "user data of body %u", b->index);
        m_body want;
        memset(&want, 0, sizeof want);
        if (m->dim2)
            TU_CHECK(fc_world_get_shape2(w, id, &s2) == FC_OK, "get shape2");
        else
            TU_CHECK(fc_world_get_shape3(w, id, &s3) == FC_OK, "get shape3");
        shape_to_fields(m->dim2, &s2, &s3, &want);
        TU_CHECK(want.type == b->type && want.count == b->count && want.nf == b->nf &&
                     memcmp(want.f, b->f, sizeof(int32_t) * (size_t)b->nf) == 0,
                 "shape of body %u", b->index);
        TU_CHECK(b->bytes <= body_bound(m->dim2, b), "body %u: %zu bytes > documented %zu", b->index, b->bytes,
                 body_bound(m->dim2, b));
    }
    TU_CHECK(fc_world_body_count(w) == (int32_t)m->nlive, "live count");
    fc_world_def d = fc_world_def_default();
    fc_world *copy = NULL;
    TU_CHECK(fc_world_create(&d, &copy) == FC_OK && fc_world_restore(copy, blob, size) == FC_OK, "restore copy");
    fc_body_def bd = fc_body_def_default();
    if (!m->dim2)
        bd.shape3 = wf_shape3(&(uint64_t){7}, 10);
    for (uint32_t k = 0; k < m->nfree; k++) {
        fc_body_id id;
        TU_CHECK(fc_world_create_body(copy, &bd, &id) == FC_OK && id.index == m->free_idx[k] &&
                     id.generation == m->free_gen[k], "free entry %u hands out %u/%u", k, m->free_idx[k],
                 m->free_gen[k]);
    }
    fc_world_destroy(copy);
}

static unsigned char *snap(fc_world *w, size_t *size)
{
    TU_CHECK(fc_world_snapshot(w, NULL, 0, size) == FC_OK, "snapshot size");
    unsigned char *blob = (unsigned char *)malloc(*size);
    TU_CHECK(fc_world_snapshot(w, blob, *size, size) == FC_OK, "snapshot");
    return blob;
}

static model g_m; /* large; one at a time */

/* Decode, compare with the world, re-encode, try every defect. */
static void check_world(fc_world *w, int defects)
{
    size_t size;
    unsigned char *blob = snap(w, &size);
    TU_CHECK(decode(blob, size, &g_m), "the documented decoder reads the blob");
    check_model(&g_m, w, blob, size);
    unsigned char *mine = (unsigned char *)malloc(size + 64 + 32 * (size_t)(g_m.nlive + 1));
    size_t n = encode(&g_m, D_NONE, mine);
    TU_CHECK(n == size && memcmp(mine, blob, size) == 0, "the documented encoder gives the library's bytes");
    if (defects) {
        fc_world_def d = fc_world_def_default();
        fc_world *target = NULL;
        fc_world_create(&d, &target);
        fc_body_def bd = fc_body_def_default();
        fc_body_id id;
        fc_world_create_body(target, &bd, &id);
        uint64_t before = fc_world_checksum(target);
        int is_obb3 = !g_m.dim2 && g_m.nlive > 0 && g_m.b[0].type == FC_SHAPE3_OBB;
        int is_cap3 = !g_m.dim2 && g_m.nlive > 0 && g_m.b[0].type == FC_SHAPE3_CAPSULE;
        for (int k = 1; k < D_COUNT; k++) {
            enum defect dd = (enum defect)k;
            if ((dd == D_AXIS && !is_obb3) || (dd == D_CAP3_RADIUS && !is_cap3) || (dd == D_COUNT_BITS && g_m.b[0].count) ||
                ((dd == D_FREE_RANGE || dd == D_FREE_GEN0) && g_m.nfree < 1) || (dd == D_FREE_DUP && g_m.nfree < 2) ||
                (dd == D_OVERLONG && g_m.b[0].gen >= 128) ||
                (dd == D_FILTER_DEFAULT && (g_m.b[0].filter.category != 1u || g_m.b[0].filter.mask != 0xFFFFFFFFu)) ||
                (dd == D_USER_ZERO && g_m.b[0].user != 0))
                continue;
            size_t bn = encode(&g_m, dd, mine);
            fc_status want = dd == D_VERSION ? FC_ERR_VERSION : dd == D_TRAILER ? FC_ERR_CHECKSUM : FC_ERR_FORMAT;
            fc_status got = fc_world_restore(target, mine, bn);
            TU_CHECK(got == want, "defect %d: status %d, want %d", k, (int)got, (int)want);
            TU_CHECK(fc_world_checksum(target) == before && fc_world_validate(target) == FC_OK,
                     "defect %d: target unchanged", k);
        }
        n = encode(&g_m, D_NONE, mine);
        TU_CHECK(fc_world_restore(target, mine, n) == FC_OK, "the defect-free model restores");
        fc_world_destroy(target);
    }
    free(mine);
    free(blob);
}

static fc_world *new_world(fc_world_dim dim, uint32_t tag)
{
    fc_world_def d = fc_world_def_default();
    d.dim = dim;
    d.tag = tag;
    fc_world *w = NULL;
    TU_CHECK(fc_world_create(&d, &w) == FC_OK, "create world");
    return w;
}

/* Random worlds: create, destroy, move, refilter, with every kind of user
 * data; checked after every few mutations. */
static void random_worlds(fc_world_dim dim, uint64_t seed)
{
    uint64_t rng = seed;
    fc_world *w = new_world(dim, 5);
    fc_body_id ids[MAXB];
    int n = 0;
    for (int step = 0; step < 1200; step++) {
        uint64_t op = tu_rand64(&rng) % 8;
        if (n < 8 || (op < 3 && n < 600)) {
            fc_body_def bd = fc_body_def_default();
            if (dim == FC_WORLD_2D)
                bd.shape2 = wf_shape2(&rng, 1000);
            else
                bd.shape3 = wf_shape3_cap(&rng, 1000);
            uint64_t k = tu_rand64(&rng) % 4;
            bd.user_data = k == 0 ? 0 : k == 1 ? tu_rand64(&rng) % 300 : k == 2 ? UINT64_MAX : tu_rand64(&rng);
            if (tu_rand64(&rng) % 2)
                bd.filter = (fc_filter){(uint32_t)tu_rand64(&rng), (uint32_t)tu_rand64(&rng) >> (tu_rand64(&rng) % 32)};
            TU_CHECK(fc_world_create_body(w, &bd, &ids[n]) == FC_OK, "create");
            n++;
        } else if (op < 5) {
            int k = (int)(tu_rand64(&rng) % (uint64_t)n);
            TU_CHECK(fc_world_destroy_body(w, ids[k]) == FC_OK, "destroy");
            ids[k] = ids[--n];
        } else {
            int k = (int)(tu_rand64(&rng) % (uint64_t)n);
            fc_status st = dim == FC_WORLD_2D ? fc_world_translate2(w, ids[k], fc_vec2_make(-WF_U * 3, WF_U / 3))
                                              : fc_world_translate3(w, ids[k], fc_vec3_make(WF_U, -WF_U, 7));
            TU_CHECK(st == FC_OK, "translate");
        }
        if (step % 200 == 199)
            check_world(w, step % 400 == 399);
    }
    fc_world_destroy(w);
}

/* The encoded bytes of bd as the only body of a fresh world (the blob is
 * also checked in full, defects included). */
static size_t lone_body_bytes(fc_world_dim dim, const fc_body_def *bd, int i)
{
    fc_world *w = new_world(dim, 1);
    fc_body_id id;
    TU_CHECK(fc_world_create_body(w, bd, &id) == FC_OK, "%dD limit body %d valid", dim == FC_WORLD_2D ? 2 : 3, i);
    size_t size;
    unsigned char *blob = snap(w, &size);
    int ok = decode(blob, size, &g_m) && g_m.nlive == 1;
    TU_CHECK(ok, "%dD limit body %d decodes", dim == FC_WORLD_2D ? 2 : 3, i);
    free(blob);
    check_world(w, 1);
    fc_world_destroy(w);
    return ok ? g_m.b[0].bytes : 0;
}

/* One body per shape at the range limits: its bytes reach the documented
 * bound exactly (and so never exceed it: every field takes at most 5). */
static void size_limits(void)
{
    const fix16_t L = FC_COORD_LIMIT, S = FC_SIZE_LIMIT;
    fc_shape2 s2[6];
    memset(s2, 0, sizeof s2);
    s2[0].type = FC_SHAPE2_CIRCLE, s2[0].u.circle = fc_circle_make(fc_vec2_make(-L, -L), S);
    s2[1].type = FC_SHAPE2_AABB, s2[1].u.aabb = fc_aabb2_make(fc_vec2_make(-L, -L), fc_vec2_make(-L + 2 * S, -L + 2 * S));
    s2[2].type = FC_SHAPE2_OBB, s2[2].u.obb = fc_obb2_make(fc_vec2_make(L, -L), fc_vec2_make(S, S), 40000);
    s2[3].type = FC_SHAPE2_CAPSULE, s2[3].u.capsule = fc_capsule2_make(fc_vec2_make(-L, -L), fc_vec2_make(L, L), S);
    /* an octagon with edges at 20, 70, ... 340 degrees: every vertex
     * difference is >= 2^27 raw in both coordinates (5 bytes each) */
    const int32_t A = 378370226, B = 516085726;
    fc_vec2 v8[8] = {{A, -A}, {B, 0}, {A, A}, {0, B}, {-A, A}, {-B, 0}, {-A, -A}, {0, -B}};
    s2[4].type = FC_SHAPE2_POLY, s2[4].u.poly = fc_poly2_make(v8, 8);
    const size_t want2[5] = {17, 22, 25, 27, 82};
    for (int i = 0; i < 5; i++) {
        fc_body_def bd = fc_body_def_default();
        bd.shape2 = s2[i];
        size_t n = lone_body_bytes(FC_WORLD_2D, &bd, i);
        TU_CHECK(n == want2[i], "2D limit body %d: %zu bytes, documented %zu", i, n, want2[i]);
    }
    fc_shape3 s3[4];
    memset(s3, 0, sizeof s3);
    s3[0].type = FC_SHAPE3_SPHERE;
    TU_CHECK(fc_sphere_make(fc_vec3_make(-L, L, -L), S, &s3[0].u.sphere) == FC_OK, "limit sphere");
    s3[1].type = FC_SHAPE3_AABB;
    TU_CHECK(fc_aabb3_make(fc_vec3_make(-L, -L, -L), fc_vec3_make(-L + 2 * S, -L + 2 * S, -L + 2 * S), &s3[1].u.aabb) == FC_OK,
             "limit aabb3");
    s3[2].type = FC_SHAPE3_OBB;
    TU_CHECK(fc_obb3_from_euler(fc_vec3_make(-L, L, -L), fc_vec3_make(S, S, S), 5000, 7000, 9000, &s3[2].u.obb) == FC_OK,
             "limit obb3");
    s3[3].type = FC_SHAPE3_CAPSULE; /* every field and difference 5 bytes */
    TU_CHECK(fc_capsule3_make(fc_vec3_make(-L, L, -L), fc_vec3_make(L, -L, L), S, &s3[3].u.capsule) == FC_OK,
             "limit capsule3");
    const size_t max3[4] = {22, 32, 56, 37};
    for (int i = 0; i < 4; i++) {
        fc_body_def bd = fc_body_def_default();
        bd.shape3 = s3[i];
        size_t n = lone_body_bytes(FC_WORLD_3D, &bd, i);
        TU_CHECK(n <= max3[i] && (i == 2 || n == max3[i]), "3D limit body %d: %zu bytes, documented %zu", i, n,
                 max3[i]);
    }
}

/* OBB3s from random Euler angles and from perturbed caller axes at the
 * validation tolerance: the predicted third axis keeps the body within the
 * documented 56 bytes. */
static void obb3_axes(void)
{
    uint64_t rng = 99;
    fc_world *w = new_world(FC_WORLD_3D, 2);
    int made = 0;
    for (int i = 0; i < 4000 && made < 400; i++) {
        fc_obb3 o;
        fc_vec3 c = fc_vec3_make(wf_rand(&rng, -FC_COORD_LIMIT, FC_COORD_LIMIT), 0, wf_rand(&rng, -FC_COORD_LIMIT, FC_COORD_LIMIT));
        fc_vec3 h = fc_vec3_make(FC_SIZE_LIMIT, FC_SIZE_LIMIT, FC_SIZE_LIMIT);
        if (fc_obb3_from_euler(c, h, (fc_angle)tu_rand64(&rng), (fc_angle)tu_rand64(&rng), (fc_angle)tu_rand64(&rng), &o) != FC_OK)
            continue;
        if (i % 2) { /* nudge the axes up to 40 raw units; keep what validates */
            fc_vec3 ax[3];
            for (int a = 0; a < 3; a++)
                ax[a] = fc_vec3_make(o.axis[a].x + wf_rand(&rng, -40, 40), o.axis[a].y + wf_rand(&rng, -40, 40),
                                     o.axis[a].z + wf_rand(&rng, -40, 40));
            if (fc_obb3_from_axes(c, h, ax[0], ax[1], ax[2], &o) != FC_OK)
                continue;
        }
        fc_body_def bd = fc_body_def_default();
        bd.shape3.type = FC_SHAPE3_OBB;
        bd.shape3.u.obb = o;
        fc_body_id id;
        TU_CHECK(fc_world_create_body(w, &bd, &id) == FC_OK, "obb3 body");
        made++;
    }
    TU_CHECK(made >= 300, "made %d OBB3 bodies", made);
    check_world(w, 1);
    fc_world_destroy(w);
}

int main(int argc, char **argv)
{
    g_break = argc > 1 && strcmp(argv[1], "--break") == 0;
    g_break_cap3 = argc > 1 && strcmp(argv[1], "--break-capsule3") == 0;
    size_limits();
    obb3_axes();
    for (uint64_t seed = 1; seed <= 4; seed++) {
        random_worlds(FC_WORLD_2D, seed);
        random_worlds(FC_WORLD_3D, seed);
    }
    return tu_finish("snapshot");
}
