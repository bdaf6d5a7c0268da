/* SPDX-License-Identifier: MIT */
/* Shapes <-> int32 words (see js_shape.h). */
#include "js_shape.h"

#include <string.h>

#include "core/nofloat.h"

static fc_vec2 v2(const int32_t *w) { return fc_vec2_make(w[0], w[1]); }
static fc_vec3 v3(const int32_t *w) { return fc_vec3_make(w[0], w[1], w[2]); }

void fcjs_shape2_decode(const int32_t *w, fc_shape2 *s)
{
    memset(s, 0, sizeof *s);
    s->type = (fc_shape2_type)w[0];
    switch (w[0]) {
    case FC_SHAPE2_CIRCLE:
        s->u.circle = fc_circle_make(v2(w + 1), w[3]);
        break;
    case FC_SHAPE2_AABB:
        s->u.aabb = fc_aabb2_make(v2(w + 1), v2(w + 3));
        break;
    case FC_SHAPE2_OBB:
        s->u.obb = fc_obb2_make(v2(w + 1), v2(w + 3), (fc_angle)(w[5] & 0xffff));
        break;
    case FC_SHAPE2_CAPSULE:
        s->u.capsule = fc_capsule2_make(v2(w + 1), v2(w + 3), w[5]);
        break;
    case FC_SHAPE2_POLY: {
        fc_vec2 v[FC_POLY2_MAX_VERTS];
        int32_t n = w[1] < 0 ? 0 : w[1] > FC_POLY2_MAX_VERTS ? FC_POLY2_MAX_VERTS : w[1];
        for (int32_t i = 0; i < n; i++)
            v[i] = v2(w + 2 + 2 * i);
        s->u.poly = fc_poly2_make(n ? v : NULL, w[1]);
        break;
    }
    default:
        break;
    }
}

void fcjs_shape3_decode(const int32_t *w, fc_shape3 *s)
{
    memset(s, 0, sizeof *s);
    s->type = (fc_shape3_type)w[0];
    switch (w[0]) {
    case FC_SHAPE3_SPHERE:
        s->u.sphere.center = v3(w + 1);
        s->u.sphere.radius = w[4];
        break;
    case FC_SHAPE3_AABB:
        s->u.aabb.min = v3(w + 1);
        s->u.aabb.max = v3(w + 4);
        break;
    case FC_SHAPE3_OBB:
        s->u.obb.center = v3(w + 1);
        s->u.obb.half = v3(w + 4);
        for (int i = 0; i < 3; i++)
            s->u.obb.axis[i] = v3(w + 7 + 3 * i);
        break;
    case FC_SHAPE3_CAPSULE:
        s->u.capsule.a = v3(w + 1);
        s->u.capsule.b = v3(w + 4);
        s->u.capsule.radius = w[7];
        break;
    default:
        break;
    }
}

static void put2(int32_t *w, fc_vec2 v)
{
    w[0] = v.x;
    w[1] = v.y;
}

static void put3(int32_t *w, fc_vec3 v)
{
    w[0] = v.x;
    w[1] = v.y;
    w[2] = v.z;
}

void fcjs_shape2_encode(const fc_shape2 *s, int32_t *w)
{
    memset(w, 0, FCJS_SHAPE_WORDS * sizeof *w);
    w[0] = (int32_t)s->type;
    switch (s->type) {
    case FC_SHAPE2_CIRCLE:
        put2(w + 1, s->u.circle.center);
        w[3] = s->u.circle.radius;
        break;
    case FC_SHAPE2_AABB:
        put2(w + 1, s->u.aabb.min);
        put2(w + 3, s->u.aabb.max);
        break;
    case FC_SHAPE2_OBB:
        put2(w + 1, s->u.obb.center);
        put2(w + 3, s->u.obb.half);
        w[5] = s->u.obb.angle;
        break;
    case FC_SHAPE2_CAPSULE:
        put2(w + 1, s->u.capsule.a);
        put2(w + 3, s->u.capsule.b);
        w[5] = s->u.capsule.radius;
        break;
    case FC_SHAPE2_POLY: {
        int32_t n = s->u.poly.count < 0 ? 0 : s->u.poly.count > FC_POLY2_MAX_VERTS ? FC_POLY2_MAX_VERTS : s->u.poly.count;
        w[1] = s->u.poly.count;
        for (int32_t i = 0; i < n; i++)
            put2(w + 2 + 2 * i, s->u.poly.v[i]);
        break;
    }
    default:
        break;
    }
}

void fcjs_shape3_encode(const fc_shape3 *s, int32_t *w)
{
    memset(w, 0, FCJS_SHAPE_WORDS * sizeof *w);
    w[0] = (int32_t)s->type;
    switch (s->type) {
    case FC_SHAPE3_SPHERE:
        put3(w + 1, s->u.sphere.center);
        w[4] = s->u.sphere.radius;
        break;
    case FC_SHAPE3_AABB:
        put3(w + 1, s->u.aabb.min);
        put3(w + 4, s->u.aabb.max);
        break;
    case FC_SHAPE3_OBB:
        put3(w + 1, s->u.obb.center);
        put3(w + 4, s->u.obb.half);
        for (int i = 0; i < 3; i++)
            put3(w + 7 + 3 * i, s->u.obb.axis[i]);
        break;
    case FC_SHAPE3_CAPSULE:
        put3(w + 1, s->u.capsule.a);
        put3(w + 4, s->u.capsule.b);
        w[7] = s->u.capsule.radius;
        break;
    default:
        break;
    }
}
