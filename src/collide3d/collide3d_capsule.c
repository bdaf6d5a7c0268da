/* SPDX-License-Identifier: MIT */
/* Capsule3 pairs with round shapes: capsule/sphere and capsule/capsule
 * (fixcol/collide3d.h). A sphere is treated as the capsule of a point
 * segment. Overlap: the exact segment distance predicate
 * (collide3d_segment.c) against the sum of the radii. Contact: the
 * approximate closest points of the two segments. */
#include "collide3d_internal.h"
#include "collide3d_segment.h"

#include "core/nofloat.h"

static void seg_of_capsule(const fc_capsule3 *c, int64_t p0[3], int64_t p1[3])
{
    p0[0] = c->a.x;
    p0[1] = c->a.y;
    p0[2] = c->a.z;
    p1[0] = c->b.x;
    p1[1] = c->b.y;
    p1[2] = c->b.z;
}

static fc_capsule3 capsule_of_sphere(const fc_sphere *s)
{
    fc_capsule3 c;
    c.a = s->center;
    c.b = s->center;
    c.radius = s->radius;
    return c;
}

static int overlap_caps(const fc_capsule3 *a, const fc_capsule3 *b)
{
    int64_t p0[3], p1[3], q0[3], q1[3];
    seg_of_capsule(a, p0, p1);
    seg_of_capsule(b, q0, q1);
    return fc3_seg_seg_within(p0, p1, q0, q1, (int64_t)a->radius + b->radius);
}

/* A unit vector perpendicular to d != 0: d x e_k for the axis k of the
 * smallest |d_k| (the first of equals). */
static void perpendicular(const int64_t d[3], fc_vec3 *out)
{
    int k = 0;
    for (int i = 1; i < 3; i++)
        if ((d[i] < 0 ? -d[i] : d[i]) < (d[k] < 0 ? -d[k] : d[k]))
            k = i;
    int64_t e[3] = {0, 0, 0}, n[3];
    e[k] = 1;
    for (int i = 0; i < 3; i++)
        n[i] = d[(i + 1) % 3] * e[(i + 2) % 3] - d[(i + 2) % 3] * e[(i + 1) % 3];
    fc3_unit(n[0], n[1], n[2], out);
}

/* Contact of a with b (in that order): closest points P on a, Q on b in
 * 2^-16 raw; normal along Q - P (or, when they meet, d1 x d2, else a
 * perpendicular of a's or b's segment, else +y); depth R - |Q - P|. */
static void contact_caps(const fc_capsule3 *a, const fc_capsule3 *b, fc_contact3_result *out)
{
    int64_t p0[3], p1[3], q0[3], q1[3], d1[3], d2[3], s, t;
    seg_of_capsule(a, p0, p1);
    seg_of_capsule(b, q0, q1);
    for (int i = 0; i < 3; i++) {
        d1[i] = p1[i] - p0[i];
        d2[i] = q1[i] - q0[i];
    }
    fc3_seg_closest(p0, d1, q0, d2, &s, &t);
    int64_t P[3], Q[3], v[3];
    for (int i = 0; i < 3; i++) {
        /* s, t <= 2^32, |d| <= 2^30: products < 2^62; P, Q < 2^46 (2^-16 raw). */
        P[i] = p0[i] * 65536 + fc_i64_shr_floor(s * d1[i], 16);
        Q[i] = q0[i] * 65536 + fc_i64_shr_floor(t * d2[i], 16);
        v[i] = Q[i] - P[i];
    }
    int64_t dist = 0;
    if ((v[0] | v[1] | v[2]) != 0) {
        fc3_unit(v[0], v[1], v[2], &out->normal);
        fc_i128 v2 = fc_i128_add(fc_i128_mul_add(v[0], v[0], v[1], v[1]), fc_i128_mul_i64(v[2], v[2]));
        /* |v| < 2^48.6: the clamp never acts; it states the bound for the analysis. */
        int64_t root = fc3_round_sqrt(v2);
        root = root < ((int64_t)1 << 50) ? root : (int64_t)1 << 50;
        dist = (root + 32768) >> 16;
    } else {
        int64_t n[3];
        for (int i = 0; i < 3; i++)
            n[i] = d1[(i + 1) % 3] * d2[(i + 2) % 3] - d1[(i + 2) % 3] * d2[(i + 1) % 3]; /* < 2^61 */
        if ((n[0] | n[1] | n[2]) != 0)
            fc3_unit(n[0], n[1], n[2], &out->normal);
        else if ((d1[0] | d1[1] | d1[2]) != 0)
            perpendicular(d1, &out->normal);
        else if ((d2[0] | d2[1] | d2[2]) != 0)
            perpendicular(d2, &out->normal);
        else
            out->normal = (fc_vec3){ 0, 65536, 0 };
    }
    int64_t r = (int64_t)a->radius + b->radius;
    out->depth = (fix16_t)(r - (dist < r ? dist : r));
    /* Midway between the deepest points P + n ra and Q - n rb. */
    const int64_t n3[3] = {out->normal.x, out->normal.y, out->normal.z};
    int64_t pt[3];
    for (int i = 0; i < 3; i++)
        pt[i] = fc3_round_shr(P[i] + Q[i] + n3[i] * ((int64_t)a->radius - b->radius), 17);
    out->point = (fc_vec3){ (fix16_t)pt[0], (fix16_t)pt[1], (fix16_t)pt[2] };
}

int fc_overlap_capsule3_capsule3(const fc_capsule3 *a, const fc_capsule3 *b) { return overlap_caps(a, b); }

int fc_overlap_capsule3_sphere(const fc_capsule3 *a, const fc_sphere *b)
{
    fc_capsule3 cb = capsule_of_sphere(b);
    return overlap_caps(a, &cb);
}

int fc_overlap_sphere_capsule3(const fc_sphere *a, const fc_capsule3 *b) { return fc_overlap_capsule3_sphere(b, a); }

int fc_contact_capsule3_capsule3(const fc_capsule3 *a, const fc_capsule3 *b, fc_contact3_result *out)
{
    if (!overlap_caps(a, b))
        return 0;
    int32_t fa[7] = {a->a.x, a->a.y, a->a.z, a->b.x, a->b.y, a->b.z, a->radius};
    int32_t fb[7] = {b->a.x, b->a.y, b->a.z, b->b.x, b->b.y, b->b.z, b->radius};
    int order = fc3_cmp_fields(fa, fb, 7);
    fc_contact3_result c = {{0, 0, 0}, 0, {0, 0, 0}}; /* written on a hit; initialised for the analysis */
    if (order <= 0) {
        contact_caps(a, b, &c);
        *out = c;
    } else {
        contact_caps(b, a, &c);
        *out = fc3_flip(c);
    }
    if (order == 0)
        out->normal = (fc_vec3){ 0, 0, 0 };
    return 1;
}

int fc_contact_capsule3_sphere(const fc_capsule3 *a, const fc_sphere *b, fc_contact3_result *out)
{
    fc_capsule3 cb = capsule_of_sphere(b);
    if (!overlap_caps(a, &cb))
        return 0;
    contact_caps(a, &cb, out);
    return 1;
}

int fc_contact_sphere_capsule3(const fc_sphere *a, const fc_capsule3 *b, fc_contact3_result *out)
{
    fc_contact3_result c = {{0, 0, 0}, 0, {0, 0, 0}}; /* written on a hit; initialised for the analysis */
    if (!fc_contact_capsule3_sphere(b, a, &c))
        return 0;
    *out = fc3_flip(c);
    return 1;
}
