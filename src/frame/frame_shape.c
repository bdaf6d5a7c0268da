/* SPDX-License-Identifier: MIT */
/* frame_shape.c - the shape record of fixcol/frame.h: type word, then the
 * fields in the world checksum's order. */
#include "frame/frame_internal.h"

#include "core/nofloat.h"

int32_t fc_frame_shape_words(const int32_t *s, int32_t avail)
{
    if (avail < 1)
        return -1;
    int32_t n;
    switch (s[0]) {
    case FC_SHAPE2_CIRCLE: n = 4; break;
    case FC_SHAPE2_AABB: n = 5; break;
    case FC_SHAPE2_OBB: n = 6; break;
    case FC_SHAPE2_CAPSULE: n = 6; break;
    case FC_SHAPE2_POLY:
        if (avail < 2 || s[1] < 3 || s[1] > FC_POLY2_MAX_VERTS)
            return -1;
        n = 2 + 2 * s[1];
        break;
    default: return -1;
    }
    if (n > avail)
        return -1;
    if (s[0] == FC_SHAPE2_OBB && (s[5] < 0 || s[5] > 65535))
        return -1;
    return n;
}

static fc_vec2 v2(const int32_t *p)
{
    fc_vec2 v = {p[0], p[1]};
    return v;
}

fc_shape2 fc_frame_shape_decode(const int32_t *s)
{
    fc_shape2 sh;
    sh.type = (fc_shape2_type)s[0];
    switch (s[0]) {
    case FC_SHAPE2_CIRCLE: sh.u.circle = fc_circle_make(v2(s + 1), s[3]); break;
    case FC_SHAPE2_AABB: sh.u.aabb = fc_aabb2_make(v2(s + 1), v2(s + 3)); break;
    case FC_SHAPE2_OBB: sh.u.obb = fc_obb2_make(v2(s + 1), v2(s + 3), (fc_angle)s[5]); break;
    case FC_SHAPE2_CAPSULE: sh.u.capsule = fc_capsule2_make(v2(s + 1), v2(s + 3), s[5]); break;
    default: {
        fc_vec2 v[FC_POLY2_MAX_VERTS];
        for (int32_t i = 0; i < s[1]; i++)
            v[i] = v2(s + 2 + 2 * i);
        sh.u.poly = fc_poly2_make(v, s[1]);
        break;
    }
    }
    return sh;
}

void fc_frame_shape_encode(const fc_shape2 *sh, int32_t *out)
{
    out[0] = (int32_t)sh->type;
    switch (sh->type) {
    case FC_SHAPE2_CIRCLE:
        out[1] = sh->u.circle.center.x, out[2] = sh->u.circle.center.y, out[3] = sh->u.circle.radius;
        break;
    case FC_SHAPE2_AABB:
        out[1] = sh->u.aabb.min.x, out[2] = sh->u.aabb.min.y;
        out[3] = sh->u.aabb.max.x, out[4] = sh->u.aabb.max.y;
        break;
    case FC_SHAPE2_OBB:
        out[1] = sh->u.obb.center.x, out[2] = sh->u.obb.center.y;
        out[3] = sh->u.obb.half.x, out[4] = sh->u.obb.half.y, out[5] = sh->u.obb.angle;
        break;
    case FC_SHAPE2_CAPSULE:
        out[1] = sh->u.capsule.a.x, out[2] = sh->u.capsule.a.y;
        out[3] = sh->u.capsule.b.x, out[4] = sh->u.capsule.b.y, out[5] = sh->u.capsule.radius;
        break;
    default:
        out[1] = sh->u.poly.count;
        for (int32_t i = 0; i < sh->u.poly.count && i < FC_POLY2_MAX_VERTS; i++)
            out[2 + 2 * i] = sh->u.poly.v[i].x, out[3 + 2 * i] = sh->u.poly.v[i].y;
        break;
    }
}
