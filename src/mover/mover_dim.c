/* SPDX-License-Identifier: MIT */
/* The mover's world calls for each dimension (mover_internal.h): the
 * refined closest cast, translating the shape, one push-out round. */
#include "mover_internal.h"

#include <string.h>

#include <fixcol/pushout.h>

#include "world/world_cast_ex.h"
#include "core/nofloat.h"

static void hit_id(mv_ctx *c, uint32_t index, mv_hit *h)
{
    fc_world_id_of(c->w, index, &h->id);
}

/* The should-fail twin (tests/meson.build builds this file with
 * -DFC_MOVER_TWIN_NAIVE): skin 0 and no safe advance - the shape advances
 * by trunc(t * delta / 65536), t the reported floor. */
#ifdef FC_MOVER_TWIN_NAIVE
static void naive(const int64_t d[3], fix16_t t, int64_t safe[3])
{
    for (int j = 0; j < 3; j++)
        safe[j] = d[j] * t / 65536;
}
#endif

static fc_status cast2(mv_ctx *c, const int64_t d[3], int64_t back, mv_hit *h)
{
    cast2_key best;
    fc_vec2 delta = fc_vec2_make((fix16_t)d[0], (fix16_t)d[1]), safe;
    fc_status st = fc_world_cast2_safe(c->w, &c->s2, delta, c->def->query.filter, c->ex, c->nex, back, &best,
                                       &h->have, &h->started, &safe);
    if (st != FC_OK)
        return st;
    h->safe[0] = safe.x, h->safe[1] = safe.y, h->safe[2] = 0;
    if (!h->have)
        return FC_OK;
    fc_cast2_hit out;
    fc_world_cast2_fill(c->w, &best, delta, &out);
    hit_id(c, best.index, h);
    h->t = out.t;
    h->normal[0] = out.normal.x, h->normal[1] = out.normal.y, h->normal[2] = 0;
    if (best.f.kind == C2_DIR)
        h->dir[0] = best.f.x, h->dir[1] = best.f.y, h->dir[2] = 0;
    else
        memcpy(h->dir, h->normal, sizeof h->dir);
#ifdef FC_MOVER_TWIN_NAIVE
    if (!h->started)
        naive(d, h->t, h->safe);
#endif
    return FC_OK;
}

static fc_status cast3(mv_ctx *c, const int64_t d[3], int64_t back, mv_hit *h)
{
    fc_cast3_key best;
    fc_vec3 delta = fc_vec3_make((fix16_t)d[0], (fix16_t)d[1], (fix16_t)d[2]), safe;
    fc_status st = fc_world_cast3_safe(c->w, &c->s3, delta, c->def->query.filter, c->ex, c->nex, back, &best,
                                       &h->have, &h->started, &safe);
    if (st != FC_OK)
        return st;
    h->safe[0] = safe.x, h->safe[1] = safe.y, h->safe[2] = safe.z;
    if (!h->have)
        return FC_OK;
    fc_cast3_hit out;
    fc_world_cast3_fill(c->w, &c->s3, &best, &out);
    hit_id(c, best.index, h);
    h->t = out.t;
    h->normal[0] = out.normal.x, h->normal[1] = out.normal.y, h->normal[2] = out.normal.z;
    if (best.f.kind == FC_C3F_AXIS)
        memcpy(h->dir, best.f.a, sizeof h->dir);
    else
        memcpy(h->dir, h->normal, sizeof h->dir);
#ifdef FC_MOVER_TWIN_NAIVE
    if (!h->started)
        naive(d, h->t, h->safe);
#endif
    return FC_OK;
}

fc_status mv_cast(mv_ctx *c, const int64_t d[3], int64_t back, mv_hit *h)
{
    memset(h, 0, sizeof *h);
#ifdef FC_MOVER_TWIN_NAIVE
    back = 0;
#endif
    fc_status st = c->dim == 2 ? cast2(c, d, back, h) : cast3(c, d, back, h);
#ifdef FC_MOVER_BENCH_RECORD
    mv_bench_record(c, d, back, st, h);
#endif
    return st;
}

/* *p + v into *p when it stays a raw coordinate (the validation checks the
 * range); 0 otherwise */
static int add(fix16_t *p, int64_t v)
{
    int64_t r = (int64_t)*p + v;
    if (r < INT32_MIN || r > INT32_MAX)
        return 0;
    *p = (fix16_t)r;
    return 1;
}

/* 1: moved; 0: a coordinate would leave the range; -1: a shape type the
 * mover does not know */
static int shift2(fc_shape2 *s, const int64_t v[3])
{
    int ok = 1;
    switch (s->type) {
    case FC_SHAPE2_CIRCLE: ok = add(&s->u.circle.center.x, v[0]) && add(&s->u.circle.center.y, v[1]); break;
    case FC_SHAPE2_AABB:
        ok = add(&s->u.aabb.min.x, v[0]) && add(&s->u.aabb.min.y, v[1]) && add(&s->u.aabb.max.x, v[0]) &&
             add(&s->u.aabb.max.y, v[1]);
        break;
    case FC_SHAPE2_OBB: ok = add(&s->u.obb.center.x, v[0]) && add(&s->u.obb.center.y, v[1]); break;
    case FC_SHAPE2_CAPSULE:
        ok = add(&s->u.capsule.a.x, v[0]) && add(&s->u.capsule.a.y, v[1]) && add(&s->u.capsule.b.x, v[0]) &&
             add(&s->u.capsule.b.y, v[1]);
        break;
    case FC_SHAPE2_POLY:
        for (int32_t i = 0; ok && i < s->u.poly.count; i++)
            ok = add(&s->u.poly.v[i].x, v[0]) && add(&s->u.poly.v[i].y, v[1]);
        break;
    default: return -1;
    }
    return ok && fc_shape2_validate(s) == FC_OK;
}

static int shift3(fc_shape3 *s, const int64_t v[3])
{
    int ok = 1;
    switch (s->type) {
    case FC_SHAPE3_SPHERE:
        ok = add(&s->u.sphere.center.x, v[0]) && add(&s->u.sphere.center.y, v[1]) &&
             add(&s->u.sphere.center.z, v[2]);
        break;
    case FC_SHAPE3_AABB:
        ok = add(&s->u.aabb.min.x, v[0]) && add(&s->u.aabb.min.y, v[1]) && add(&s->u.aabb.min.z, v[2]) &&
             add(&s->u.aabb.max.x, v[0]) && add(&s->u.aabb.max.y, v[1]) && add(&s->u.aabb.max.z, v[2]);
        break;
    case FC_SHAPE3_OBB:
        ok = add(&s->u.obb.center.x, v[0]) && add(&s->u.obb.center.y, v[1]) && add(&s->u.obb.center.z, v[2]);
        break;
    case FC_SHAPE3_CAPSULE:
        ok = add(&s->u.capsule.a.x, v[0]) && add(&s->u.capsule.a.y, v[1]) && add(&s->u.capsule.a.z, v[2]) &&
             add(&s->u.capsule.b.x, v[0]) && add(&s->u.capsule.b.y, v[1]) && add(&s->u.capsule.b.z, v[2]);
        break;
    default: return -1; /* a new shape type gets its case here: its defining points move by v */
    }
    return ok && fc_shape3_validate(s) == FC_OK;
}

fc_status mv_shift(mv_ctx *c, const int64_t v[3])
{
    if (c->dim == 2) {
        fc_shape2 s = c->s2;
        int r = shift2(&s, v);
        if (r != 1)
            return r < 0 ? FC_ERR_SHAPE_TYPE : FC_ERR_RANGE;
        c->s2 = s;
    } else {
        fc_shape3 s = c->s3;
        int r = shift3(&s, v);
        if (r != 1)
            return r < 0 ? FC_ERR_SHAPE_TYPE : FC_ERR_RANGE;
        c->s3 = s;
    }
    return FC_OK;
}

static int excluded(const mv_ctx *c, fc_body_id id)
{
    for (int32_t i = 0; i < c->nex; i++)
        if (fc_body_id_equal(c->ex[i], id))
            return 1;
    return 0;
}

fc_status mv_pushout(mv_ctx *c, int *pushed, int64_t d[3])
{
    const fc_body_id *ids = NULL;
    int32_t n = 0;
    fc_status st = c->dim == 2 ? fc_world_overlap2(c->w, &c->s2, c->def->query.filter, &ids, &n)
                               : fc_world_overlap3(c->w, &c->s3, c->def->query.filter, &ids, &n);
    if (st != FC_OK)
        return st;
    *pushed = 0;
    d[0] = d[1] = d[2] = 0;
    for (int32_t i = 0; i < n; i++) {
        if (excluded(c, ids[i]))
            continue;
        if (c->dim == 2) {
            fc_shape2 b;
            fc_vec2 v;
            fc_world_get_shape2(c->w, ids[i], &b);
            st = fc_pushout2(&b, &c->s2, &v);
            d[0] = v.x, d[1] = v.y;
        } else {
            fc_shape3 b;
            fc_vec3 v;
            fc_world_get_shape3(c->w, ids[i], &b);
            st = fc_pushout3(&b, &c->s3, &v);
            d[0] = v.x, d[1] = v.y, d[2] = v.z;
        }
        if (st != FC_OK)
            return st;
        *pushed = 1;
        return mv_shift(c, d);
    }
    return FC_OK;
}
