/* SPDX-License-Identifier: MIT */
/* fc_pushout3: the contact normal scaled past the depth, verified with the
 * exact overlap test (see fixcol/pushout.h for the guarantee). */
#include <fixcol/collide3d.h>
#include <fixcol/pushout.h>

#include "pushout_step.h"

#include "core/nofloat.h"

static int moved_point(fc_vec3 *p, const int64_t d[3])
{
    return fc_pushout_move(p->x, d[0], &p->x) && fc_pushout_move(p->y, d[1], &p->y) &&
           fc_pushout_move(p->z, d[2], &p->z);
}

/* s translated by d when every point stays in range (returns 1); else 0
 * with *out partly written (the caller discards it). */
static int translated(const fc_shape3 *s, const int64_t d[3], fc_shape3 *out)
{
    *out = *s;
    switch (out->type) {
    case FC_SHAPE3_SPHERE: return moved_point(&out->u.sphere.center, d);
    case FC_SHAPE3_AABB: return moved_point(&out->u.aabb.min, d) && moved_point(&out->u.aabb.max, d);
    case FC_SHAPE3_OBB: return moved_point(&out->u.obb.center, d);
    case FC_SHAPE3_CAPSULE: return moved_point(&out->u.capsule.a, d) && moved_point(&out->u.capsule.b, d);
    }
    return 0;
}

static int is_zero(fc_vec3 v) { return v.x == 0 && v.y == 0 && v.z == 0; }

/* The contact direction for bit-identical shapes, which have no direction
 * of their own (their 3D contact has a zero normal, fixcol/collide3d.h), or
 * any other zero normal: the probe P = B moved by 1 raw along +x, or along
 * -x when +x leaves the range (*px = +1 / -1; 0 when both leave it).
 * Returns 0: the normal is set to (*px or 1, 0, 0) (the loop still verifies
 * and terminates); 1: the contact of A with P replaces it and 1 raw is
 * added (extra); 2: P does not overlap A (B thinner than 1 raw along x,
 * e.g. a radius-0 sphere): the probe move (*px, 0, 0) is the push-out. */
static int direction(const fc_shape3 *a, const fc_shape3 *b, fc_contact3_result *c, int64_t *px)
{
    if (!is_zero(c->normal))
        return 0;
    static const int64_t plus[3] = {1, 0, 0}, minus[3] = {-1, 0, 0};
    fc_shape3 probe;
    *px = 1;
    if (!translated(b, plus, &probe)) {
        *px = -1;
        if (!translated(b, minus, &probe))
            *px = 0, probe = *b;
    }
    if (*px != 0 && !fc_overlap3(a, &probe))
        return 2;
    fc_contact3_result p = {{0, 0, 0}, 0, {0, 0, 0}}; /* written only on a hit */
    if (fc_contact3(a, &probe, &p) && !is_zero(p.normal)) {
        c->normal = p.normal;
        c->depth = p.depth > c->depth ? p.depth : c->depth;
        return 1;
    }
    c->normal = fc_vec3_make(*px < 0 ? -65536 : 65536, 0, 0);
    return 0;
}

fc_status fc_pushout3(const fc_shape3 *a, const fc_shape3 *b, fc_vec3 *delta)
{
    if (!a || !b || !delta)
        return FC_ERR_NULL;
    fc_status st = fc_shape3_validate(a);
    if (st == FC_OK)
        st = fc_shape3_validate(b);
    if (st != FC_OK)
        return st;
    fc_contact3_result c = {{0, 0, 0}, 0, {0, 0, 0}}; /* written only on a hit */
    if (!fc_contact3(a, b, &c)) {
        *delta = fc_vec3_make(0, 0, 0);
        return FC_OK;
    }
    int64_t px = 0;
    int64_t extra = direction(a, b, &c, &px);
    if (extra == 2) {
        *delta = fc_vec3_make((fix16_t)px, 0, 0);
        return FC_OK;
    }
    for (int k = 0; k < FC_PUSHOUT_MAX_ROUNDS; k++) {
        int64_t s = fc_pushout_step(c.depth, extra, k);
        int64_t d[3] = {fc_pushout_scale(c.normal.x, s), fc_pushout_scale(c.normal.y, s),
                        fc_pushout_scale(c.normal.z, s)};
        /* A move longer than the range's width leaves it (and stays out
         * further along the same ray). */
        for (int i = 0; i < 3; i++)
            if (d[i] < -FC_PUSHOUT_MAX_MOVE || d[i] > FC_PUSHOUT_MAX_MOVE)
                return FC_ERR_RANGE;
        fc_shape3 moved;
        if (!translated(b, d, &moved))
            return FC_ERR_RANGE;
        if (!fc_overlap3(a, &moved)) {
            *delta = fc_vec3_make((fix16_t)d[0], (fix16_t)d[1], (fix16_t)d[2]);
            return FC_OK;
        }
    }
    return FC_ERR_RANGE; /* unreachable: round 29's step (>= 2^31 raw) leaves the range */
}
