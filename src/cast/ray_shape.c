/* SPDX-License-Identifier: MIT */
/* Exact entry parameter of a segment ray o + t d, t in [0, 1], into one
 * shape. Polygonal shapes are clipped against their half-planes / slabs
 * (rational parameters); circles, spheres and capsule caps solve the
 * quadratic exactly as a surd (see ray_param.h). The world's ray casts
 * (world/world_ray.c) and the sector test (area/area2_sector.c) use it. */
#include "ray_shape.h"

#include "cast3d_internal.h"

#include "core/nofloat.h"

static fc_i128 I(int64_t v)
{
    return fc_i128_from_i64(v);
}

static fc_i128 mul(int64_t a, int64_t b)
{
    return fc_i128_mul_i64(a, b);
}

static fc_i128 add(fc_i128 a, fc_i128 b)
{
    return fc_i128_add(a, b);
}

static fc_i128 sub(fc_i128 a, fc_i128 b)
{
    return fc_i128_sub(a, b);
}

/* Rational slab constraint: lo <= o[k] + t d[k] <= hi. */
static void clip_slab(fc_ray_clip *c, const fc_ray_seg *r, int k, int64_t lo, int64_t hi)
{
    fc_ray_clip_add(c, I(r->o[k] - hi), I(r->d[k]), 0, I(0));
    fc_ray_clip_add(c, I(lo - r->o[k]), I(-r->d[k]), 0, I(0));
}

/* |f0 + t f1| <= bound, all exact integers. */
static void clip_band(fc_ray_clip *c, fc_i128 f0, fc_i128 f1, fc_i128 bound)
{
    fc_ray_clip_add(c, sub(f0, bound), f1, 0, I(0));
    fc_ray_clip_add(c, sub(fc_i128_neg(f0), bound), fc_i128_neg(f1), 0, I(0));
}

/* Entry into a ball of radius rad at centre cen (dims 2 or 3). */
static int ray_ball(const fc_ray_seg *r, const int64_t cen[3], int64_t rad, int dims, fc_rayt *t)
{
    int64_t m[3] = {0, 0, 0};
    for (int k = 0; k < dims; k++)
        m[k] = r->o[k] - cen[k];
    /* |m|, |d| <= 2^30 per component: each sum below is < 2^62 */
    int64_t a = 0, b = 0, cc = -rad * rad;
    for (int k = 0; k < dims; k++) {
        a += r->d[k] * r->d[k];
        b += m[k] * r->d[k];
        cc += m[k] * m[k];
    }
    if (cc <= 0) {
        *t = fc_rayt_ratio(I(0), I(1));
        return 1;
    }
    if (b >= 0)
        return 0; /* outside and not approaching */
    fc_i128 disc = sub(mul(b, b), mul(a, cc));
    if (fc_i128_sign(disc) < 0)
        return 0;
    *t = fc_rayt_surd(I(-b), -1, disc, I(a));
    fc_rayt one = fc_rayt_ratio(I(1), I(1));
    return fc_rayt_cmp(t, &one) <= 0;
}

static int clip_result(const fc_ray_clip *c, fc_rayt *t)
{
    if (!fc_ray_clip_hit(c))
        return 0;
    *t = c->enter;
    return 1;
}

/* The band of an oriented box axis u (Q16.16) with half-extent h around
 * centre cen: |2^16 (p - cen) . u| <= h (u . u). */
static void clip_axis2(fc_ray_clip *c, const fc_ray_seg *r, fc_vec2 cen, int64_t ux, int64_t uy, int64_t h)
{
    fc_i128 f0 = fc_i128_shl(add(mul(r->o[0] - cen.x, ux), mul(r->o[1] - cen.y, uy)), 16);
    fc_i128 f1 = fc_i128_shl(add(mul(r->d[0], ux), mul(r->d[1], uy)), 16);
    clip_band(c, f0, f1, mul(h, ux * ux + uy * uy));
}

static int ray_capsule(const fc_ray_seg *r, const fc_capsule2 *cap, fc_rayt *t)
{
    int64_t a[3] = {cap->a.x, cap->a.y, 0}, b[3] = {cap->b.x, cap->b.y, 0};
    fc_rayt best = fc_rayt_ratio(I(0), I(1)), cur = best; /* set before use; initialised for the analysis */
    int hit = 0;
    for (int k = 0; k < 2; k++)
        if (ray_ball(r, k ? b : a, cap->radius, 2, &cur) && (!hit || fc_rayt_cmp(&cur, &best) < 0)) {
            best = cur;
            hit = 1;
        }
    int64_t ex = b[0] - a[0], ey = b[1] - a[1];
    if (ex != 0 || ey != 0) { /* the rectangle between the caps */
        fc_ray_clip c;
        fc_ray_clip_init(&c);
        int64_t mx = r->o[0] - a[0], my = r->o[1] - a[1];
        fc_i128 ee = add(mul(ex, ex), mul(ey, ey));
        fc_i128 q = fc_i128_mul_i64(cap->radius * (int64_t)cap->radius, fc_i128_low_i64(ee)); /* r^2 |e|^2 */
        fc_i128 l0 = sub(mul(mx, ey), mul(my, ex)), l1 = sub(mul(r->d[0], ey), mul(r->d[1], ex));
        fc_ray_clip_add(&c, l0, l1, 1, q);
        fc_ray_clip_add(&c, fc_i128_neg(l0), fc_i128_neg(l1), 1, q);
        fc_i128 p0 = add(mul(mx, ex), mul(my, ey)), p1 = add(mul(r->d[0], ex), mul(r->d[1], ey));
        fc_ray_clip_add(&c, fc_i128_neg(p0), fc_i128_neg(p1), 0, I(0));
        fc_ray_clip_add(&c, sub(p0, ee), p1, 0, I(0));
        if (clip_result(&c, &cur) && (!hit || fc_rayt_cmp(&cur, &best) < 0)) {
            best = cur;
            hit = 1;
        }
    }
    if (hit)
        *t = best;
    return hit;
}

int fc_ray_shape2(const fc_ray_seg *r, const fc_shape2 *s, fc_rayt *t)
{
    fc_ray_clip c;
    fc_ray_clip_init(&c);
    switch (s->type) {
    case FC_SHAPE2_CIRCLE: {
        int64_t cen[3] = {s->u.circle.center.x, s->u.circle.center.y, 0};
        return ray_ball(r, cen, s->u.circle.radius, 2, t);
    }
    case FC_SHAPE2_AABB:
        clip_slab(&c, r, 0, s->u.aabb.min.x, s->u.aabb.max.x);
        clip_slab(&c, r, 1, s->u.aabb.min.y, s->u.aabb.max.y);
        return clip_result(&c, t);
    case FC_SHAPE2_OBB: {
        const fc_obb2 *o = &s->u.obb;
        clip_axis2(&c, r, o->center, o->rot.c, o->rot.s, o->half.x);
        clip_axis2(&c, r, o->center, -(int64_t)o->rot.s, o->rot.c, o->half.y);
        return clip_result(&c, t);
    }
    case FC_SHAPE2_CAPSULE: return ray_capsule(r, &s->u.capsule, t);
    case FC_SHAPE2_POLY: {
        const fc_poly2 *p = &s->u.poly;
        for (int32_t i = 0; i < p->count; i++) {
            fc_vec2 v = p->v[i], w = p->v[(i + 1) % p->count];
            int64_t nx = (int64_t)w.y - v.y, ny = (int64_t)v.x - w.x; /* outward normal of a CCW edge */
            fc_ray_clip_add(&c, add(mul(nx, r->o[0] - v.x), mul(ny, r->o[1] - v.y)),
                            add(mul(nx, r->d[0]), mul(ny, r->d[1])), 0, I(0));
        }
        return clip_result(&c, t);
    }
    }
    return 0;
}

/* Bits [from, from + count) of |v| (count <= 127) as a 128-bit integer,
 * with v's sign when sgn. */
static fc_i128 big_bits(const fc_big *v, int32_t from, int32_t count, int sgn)
{
    uint64_t w[2] = {0, 0};
    for (int32_t bit = 0; bit < count; bit++) {
        int32_t src = bit + from;
        if (src / 32 < v->n && (v->mag[src / 32] >> (src % 32) & 1u))
            w[bit / 64] |= (uint64_t)1 << (bit % 64);
    }
    fc_i128 x = fc_i128_make(fc_u64_to_i64(w[1]), w[0]); /* w[1] < 2^63 (count <= 127) */
    return sgn && v->sign < 0 ? fc_i128_neg(x) : x;
}

/* The ray against a capsule (the two end balls and the cylinder, exactly:
 * cast3d_capsule.c in doubled raw units). The cylinder's quadratic needs q
 * up to 2^253 (|p|, r < 2^127), so the parameter takes fc_rayt's wide form
 * q + qh 2^126 (ray_param.h). */
static int ray_capsule3(const fc_ray_seg *r, const fc_capsule3 *cap, fc_rayt *t)
{
    fc_castt c = fc_castt_int(0); /* set on a hit; initialised for the analysis */
    if (!fc_c3_ray_capsule(r->o, r->d, cap, &c))
        return 0;
    fc_rayt out = fc_rayt_surd(big_bits(&c.p, 0, 127, 1), c.s, fc_i128_from_i64(c.s != 0), big_bits(&c.r, 0, 127, 1));
    out.q = big_bits(&c.q, 0, 126, 0);
    out.qh = big_bits(&c.q, 126, 127, 0);
    *t = out;
    return 1;
}

int fc_ray_shape3(const fc_ray_seg *r, const fc_shape3 *s, fc_rayt *t)
{
    fc_ray_clip c;
    fc_ray_clip_init(&c);
    switch (s->type) {
    case FC_SHAPE3_SPHERE: {
        int64_t cen[3] = {s->u.sphere.center.x, s->u.sphere.center.y, s->u.sphere.center.z};
        return ray_ball(r, cen, s->u.sphere.radius, 3, t);
    }
    case FC_SHAPE3_AABB:
        clip_slab(&c, r, 0, s->u.aabb.min.x, s->u.aabb.max.x);
        clip_slab(&c, r, 1, s->u.aabb.min.y, s->u.aabb.max.y);
        clip_slab(&c, r, 2, s->u.aabb.min.z, s->u.aabb.max.z);
        return clip_result(&c, t);
    case FC_SHAPE3_OBB: {
        /* Parallelepiped centre + sum t_i axis_i: with n_i = axis_j x axis_k
         * (cyclic) and det = axis_0 . n_0 > 0, |t_i| <= h_i is
         * |2^16 (p - centre) . n_i| <= h_i det. */
        const fc_obb3 *o = &s->u.obb;
        const int64_t h[3] = {o->half.x, o->half.y, o->half.z};
        fc_vec3w n[3];
        for (int i = 0; i < 3; i++)
            n[i] = fc_vec3_cross(o->axis[(i + 1) % 3], o->axis[(i + 2) % 3]);
        fc_i128 det = add(add(mul(o->axis[0].x, n[0].x), mul(o->axis[0].y, n[0].y)), mul(o->axis[0].z, n[0].z));
        int64_t m[3] = {r->o[0] - o->center.x, r->o[1] - o->center.y, r->o[2] - o->center.z};
        for (int i = 0; i < 3; i++) {
            fc_i128 f0 = fc_i128_shl(add(add(mul(m[0], n[i].x), mul(m[1], n[i].y)), mul(m[2], n[i].z)), 16);
            fc_i128 f1 = fc_i128_shl(add(add(mul(r->d[0], n[i].x), mul(r->d[1], n[i].y)), mul(r->d[2], n[i].z)), 16);
            clip_band(&c, f0, f1, mul(h[i], fc_i128_low_i64(det))); /* 0 < det < 2^51 */
        }
        return clip_result(&c, t);
    }
    case FC_SHAPE3_CAPSULE: return ray_capsule3(r, &s->u.capsule, t);
    }
    return 0;
}

int fc_ray2_entry(fc_vec2 origin, int64_t dx, int64_t dy, const fc_shape2 *s, fc_rayt *t)
{
    fc_ray_seg r = {{origin.x, origin.y, 0}, {dx, dy, 0}};
    return fc_ray_shape2(&r, s, t);
}
