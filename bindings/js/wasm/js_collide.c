/* SPDX-License-Identifier: MIT */
/* The stateless tier for JavaScript: shape validation, pair overlap and
 * contact tests on shapes given as words (js_shape.h), OBB3 builders and
 * the exact decimal <-> Q16.16 conversions. */
#include <fixcol/collide2d.h>
#include <fixcol/collide3d.h>
#include <fixcol/pushout.h>
#include <fixcol/replay.h>

#include <stdint.h>
#include <string.h>

#include "js_export.h"
#include "js_shape.h"
#include "core/nofloat.h"

FCJS_EXPORT(fcjs_shape_validate) int32_t fcjs_shape_validate(int32_t dim, const int32_t *w)
{
    if (dim == 2) {
        fc_shape2 s;
        fcjs_shape2_decode(w, &s);
        return fc_shape2_validate(&s);
    }
    fc_shape3 s;
    fcjs_shape3_decode(w, &s);
    return fc_shape3_validate(&s);
}

/* Both shapes validated first (their error, else 0/1 for overlap). */
FCJS_EXPORT(fcjs_overlap_shapes) int32_t fcjs_overlap_shapes(int32_t dim, const int32_t *a, const int32_t *b)
{
    if (dim == 2) {
        fc_shape2 sa, sb;
        fcjs_shape2_decode(a, &sa);
        fcjs_shape2_decode(b, &sb);
        fc_status st = fc_shape2_validate(&sa);
        if (st == FC_OK)
            st = fc_shape2_validate(&sb);
        return st == FC_OK ? fc_overlap2(&sa, &sb) : st;
    }
    fc_shape3 sa, sb;
    fcjs_shape3_decode(a, &sa);
    fcjs_shape3_decode(b, &sb);
    fc_status st = fc_shape3_validate(&sa);
    if (st == FC_OK)
        st = fc_shape3_validate(&sb);
    return st == FC_OK ? fc_overlap3(&sa, &sb) : st;
}

/* As fcjs_overlap_shapes; on contact out = normal (dim words), depth,
 * point (dim words). */
FCJS_EXPORT(fcjs_contact_shapes) int32_t fcjs_contact_shapes(int32_t dim, const int32_t *a, const int32_t *b,
                                                             int32_t *out)
{
    if (dim == 2) {
        fc_shape2 sa, sb;
        fc_contact2_result c;
        fcjs_shape2_decode(a, &sa);
        fcjs_shape2_decode(b, &sb);
        fc_status st = fc_shape2_validate(&sa);
        if (st == FC_OK)
            st = fc_shape2_validate(&sb);
        if (st != FC_OK)
            return st;
        memset(&c, 0, sizeof c);
        int hit = fc_contact2(&sa, &sb, &c);
        if (hit) {
            out[0] = c.normal.x, out[1] = c.normal.y, out[2] = c.depth, out[3] = c.point.x, out[4] = c.point.y;
        }
        return hit;
    }
    fc_shape3 sa, sb;
    fc_contact3_result c;
    fcjs_shape3_decode(a, &sa);
    fcjs_shape3_decode(b, &sb);
    fc_status st = fc_shape3_validate(&sa);
    if (st == FC_OK)
        st = fc_shape3_validate(&sb);
    if (st != FC_OK)
        return st;
    memset(&c, 0, sizeof c);
    int hit = fc_contact3(&sa, &sb, &c);
    if (hit) {
        out[0] = c.normal.x, out[1] = c.normal.y, out[2] = c.normal.z, out[3] = c.depth;
        out[4] = c.point.x, out[5] = c.point.y, out[6] = c.point.z;
    }
    return hit;
}

/* w in: center(3), half(3), yaw, pitch, roll; out: the OBB3 shape words. */
FCJS_EXPORT(fcjs_obb3_from_euler) int32_t fcjs_obb3_from_euler(int32_t *w)
{
    fc_shape3 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE3_OBB;
    fc_status st = fc_obb3_from_euler(fc_vec3_make(w[0], w[1], w[2]), fc_vec3_make(w[3], w[4], w[5]),
                                      (fc_angle)(w[6] & 0xffff), (fc_angle)(w[7] & 0xffff),
                                      (fc_angle)(w[8] & 0xffff), &s.u.obb);
    if (st == FC_OK)
        fcjs_shape3_encode(&s, w);
    return st;
}

FCJS_EXPORT(fcjs_angle_from_deg) int32_t fcjs_angle_from_deg(int32_t deg) { return fc_angle_from_deg(deg); }
FCJS_EXPORT(fcjs_angle_from_rad) int32_t fcjs_angle_from_rad(int32_t rad) { return fc_angle_from_rad(rad); }
FCJS_EXPORT(fcjs_angle_to_deg) int32_t fcjs_angle_to_deg(int32_t a) { return fc_angle_to_deg((fc_angle)(a & 0xffff)); }
FCJS_EXPORT(fcjs_sin) int32_t fcjs_sin(int32_t a) { return fc_sin((fc_angle)(a & 0xffff)); }
FCJS_EXPORT(fcjs_cos) int32_t fcjs_cos(int32_t a) { return fc_cos((fc_angle)(a & 0xffff)); }

/* Exact decimal text (s[0..len)) to raw Q16.16 in io[0]. */
FCJS_EXPORT(fcjs_fix_parse) int32_t fcjs_fix_parse(const char *s, uint32_t len, int32_t *io)
{
    fix16_t v = 0;
    fc_status st = fc_replay_fix_parse(s, len, &v);
    io[0] = v;
    return st;
}

/* The exact decimal of v into buf (32 bytes, NUL-terminated). */
FCJS_EXPORT(fcjs_fix_format) void fcjs_fix_format(int32_t v, char *buf) { fc_replay_fix_format(v, buf); }

/* fc_pushout2 / fc_pushout3 (it validates both shapes): the status; on
 * FC_OK out = the translation for b (dim words), else out untouched. */
FCJS_EXPORT(fcjs_pushout_shapes) int32_t fcjs_pushout_shapes(int32_t dim, const int32_t *a, const int32_t *b,
                                                             int32_t *out)
{
    if (dim == 2) {
        fc_shape2 sa, sb;
        fc_vec2 d;
        fcjs_shape2_decode(a, &sa);
        fcjs_shape2_decode(b, &sb);
        fc_status st = fc_pushout2(&sa, &sb, &d);
        if (st == FC_OK)
            out[0] = d.x, out[1] = d.y;
        return st;
    }
    fc_shape3 sa, sb;
    fc_vec3 d;
    fcjs_shape3_decode(a, &sa);
    fcjs_shape3_decode(b, &sb);
    fc_status st = fc_pushout3(&sa, &sb, &d);
    if (st == FC_OK)
        out[0] = d.x, out[1] = d.y, out[2] = d.z;
    return st;
}
