/* SPDX-License-Identifier: MIT */
/* Capsule3 against AABB3 / OBB3 (fixcol/collide3d.h).
 *
 * Overlap, exact: with S the capsule's segment and P the box (the stored
 * parallelepiped), the capsule meets P iff dist(S, P) <= r. Let x on S and
 * y on P be a closest pair. Then (1) S meets P (SAT below), or (2) x is an
 * endpoint of S (the sphere/box test at that endpoint), or (3) y lies on
 * an edge of P (segment/segment distance to one of the 12 edges), or
 * (4) x is inside S and y inside a face: then S is parallel to the face and
 * sliding x along S keeps the distance until x reaches an endpoint (2) or
 * y an edge (3). So the answer is (1) or (2) or (3), each exact.
 *
 * Units: 2^17 * raw ("doubled Q16"), so an AABB's centre (min + max) / 2
 * and every OBB3 corner c + sum +-h_i axis_i are integers below 2^48.
 * (1) is the separating-axis test of the segment M + sigma E (|sigma| <= 1)
 * against the box on the box's 3 face normals axis_j x axis_k and the 3
 * products E x axis_i (a zero product is skipped: it cannot separate).
 *
 * Contact (approximate, as the other 3D contacts): the segment point
 * x(s), s in 2^-16 steps, of least approximate signed distance to the box
 * (ternary search on the convex distance), rounded to raw, and the
 * sphere/box contact of the sphere of radius r there. */
#include "collide3d_internal.h"
#include "collide3d_segment.h"

#include <stddef.h>

#include "core/bigint.h"

#include "core/nofloat.h"

static int64_t abs64(int64_t v) { return v < 0 ? -v : v; }

static fc_i128 dot_i(const int64_t a[3], const int64_t b[3])
{
    return fc_i128_add(fc_i128_add(fc_i128_mul_i64(a[0], b[0]), fc_i128_mul_i64(a[1], b[1])),
                       fc_i128_mul_i64(a[2], b[2]));
}

static void ax3(const fc3_box *b, int i, int64_t out[3])
{
    out[0] = b->ax[i].x;
    out[1] = b->ax[i].y;
    out[2] = b->ax[i].z;
}

static fc_big big_abs(fc_i128 v) { return fc_big_from_i128(fc3_abs128(v)); }

/* 1 when the axis L separates segment and box. m = (a + b) - c (doubled
 * raw, |.| <= 2^31), e = b - a (|.| <= 2^30), |L| < 2^48. */
static int separates(const int64_t L[3], const int64_t m[3], const int64_t e[3], const fc3_box *b)
{
    if ((L[0] | L[1] | L[2]) == 0)
        return 0;
    fc_big lhs = big_abs(fc_i128_shl(dot_i(L, m), 16)); /* < 2^98 */
    fc_big rhs = big_abs(fc_i128_shl(dot_i(L, e), 16));
    for (int i = 0; i < 3; i++) {
        int64_t u[3];
        ax3(b, i, u);
        fc_big p = big_abs(dot_i(L, u)), h = fc_big_from_i128(fc_i128_from_i64(b->h[i]));
        fc_big t = fc_big_mul(&p, &h);
        rhs = fc_big_add(&rhs, &t);
    }
    return fc_big_cmp(&lhs, &rhs) > 0;
}

/* (1): the segment [a, b] meets the box. */
static int segment_meets_box(const fc_capsule3 *c, const fc3_box *b)
{
    const int64_t a3[3] = {c->a.x, c->a.y, c->a.z}, b3[3] = {c->b.x, c->b.y, c->b.z};
    int64_t m[3], e[3];
    for (int k = 0; k < 3; k++) {
        m[k] = a3[k] + b3[k] - b->c[k];
        e[k] = b3[k] - a3[k];
    }
    for (int i = 0; i < 3; i++) {
        fc_vec3w n = fc_vec3_cross(b->ax[(i + 1) % 3], b->ax[(i + 2) % 3]);
        const int64_t face[3] = {n.x, n.y, n.z};
        if (separates(face, m, e, b))
            return 0;
        int64_t u[3], L[3];
        ax3(b, i, u);
        for (int k = 0; k < 3; k++)
            L[k] = e[(k + 1) % 3] * u[(k + 2) % 3] - e[(k + 2) % 3] * u[(k + 1) % 3]; /* < 2^48 */
        if (separates(L, m, e, b))
            return 0;
    }
    return 1;
}

/* Corner (sx, sy, sz in -1, 1) of the box in 2^17 raw. */
static void corner(const fc3_box *b, const int s[3], int64_t out[3])
{
    for (int k = 0; k < 3; k++) {
        int64_t v = b->c[k] * 65536;
        for (int i = 0; i < 3; i++) {
            int64_t u[3];
            ax3(b, i, u);
            v += s[i] * b->h[i] * u[k];
        }
        out[k] = v;
    }
}

/* (3): some edge of the box within r of the segment. */
static int edge_within(const fc_capsule3 *c, const fc3_box *b)
{
    const int64_t p0[3] = {(int64_t)c->a.x * 131072, (int64_t)c->a.y * 131072, (int64_t)c->a.z * 131072};
    const int64_t p1[3] = {(int64_t)c->b.x * 131072, (int64_t)c->b.y * 131072, (int64_t)c->b.z * 131072};
    int64_t rr = (int64_t)c->radius * 131072;
    for (int k = 0; k < 3; k++)
        for (int q = 0; q < 4; q++) {
            int s[3];
            s[(k + 1) % 3] = q & 1 ? 1 : -1;
            s[(k + 2) % 3] = q & 2 ? 1 : -1;
            int64_t v0[3], v1[3];
            s[k] = -1;
            corner(b, s, v0);
            s[k] = 1;
            corner(b, s, v1);
            if (fc3_seg_seg_within(p0, p1, v0, v1, rr))
                return 1;
        }
    return 0;
}

/* Conservative bounds test (doubled raw): 0 proves a miss. */
static int bounds_meet(const fc_capsule3 *c, const fc3_box *b)
{
    const int64_t a3[3] = {c->a.x, c->a.y, c->a.z}, b3[3] = {c->b.x, c->b.y, c->b.z};
    for (int k = 0; k < 3; k++) {
        int64_t lo = 2 * ((a3[k] < b3[k] ? a3[k] : b3[k]) - c->radius);
        int64_t hi = 2 * ((a3[k] < b3[k] ? b3[k] : a3[k]) + c->radius);
        int64_t ext = 0;
        for (int i = 0; i < 3; i++) {
            int64_t u[3];
            ax3(b, i, u);
            ext += abs64(u[k]) * b->h[i]; /* < 2^47 */
        }
        ext = ext > 0 ? (ext + 65535) >> 16 : 0; /* h >= 0: ext >= 0 (stated for the analysis) */
        if (hi < b->c[k] - ext || lo > b->c[k] + ext)
            return 0;
    }
    return 1;
}

/* The box as given: exactly one of aabb, obb is non-NULL. */
typedef struct box_arg {
    const fc_aabb3 *aabb;
    const fc_obb3 *obb;
} box_arg;

static int sphere_box(const fc_sphere *s, box_arg box)
{
    return box.aabb ? fc_overlap_sphere_aabb3(s, box.aabb) : fc_overlap_sphere_obb3(s, box.obb);
}

static int capsule_box(const fc_capsule3 *c, const fc3_box *b, box_arg box)
{
    if (!bounds_meet(c, b))
        return 0;
    fc_sphere s;
    s.center = c->a;
    s.radius = c->radius;
    if (sphere_box(&s, box))
        return 1;
    s.center = c->b;
    if (sphere_box(&s, box))
        return 1;
    if (segment_meets_box(c, b))
        return 1;
    return c->radius > 0 && edge_within(c, b);
}

/* ---- contact ------------------------------------------------------------- */

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

/* The segment point at s / 65536 (s in [0, 65536]), rounded to nearest raw
 * (ties up). It lies between a and b, so in the coordinate range; the
 * clamps never act, they state the bounds for the analysis. */
static void seg_point(const fc_capsule3 *c, int64_t s, int64_t x[3])
{
    const int64_t a3[3] = {c->a.x, c->a.y, c->a.z}, b3[3] = {c->b.x, c->b.y, c->b.z};
    s = clamp64(s, 0, 65536);
    for (int k = 0; k < 3; k++)
        x[k] = clamp64(a3[k] + fc3_round_shr((b3[k] - a3[k]) * s, 16), -FC_COORD_LIMIT, FC_COORD_LIMIT);
}

/* Approximate signed distance of x to the box (2^17 raw units; negative
 * inside: minus the distance to the nearest face slab), and in y the
 * approximate closest box point (raw, for the fallback normal). */
static int64_t signed_dist(const fc3_box *b, const int64_t x[3], int64_t y[3])
{
    int64_t p[3], t[3], q[3] = {0, 0, 0}, inside = INT64_MAX;
    int out = 0;
    for (int k = 0; k < 3; k++)
        p[k] = 2 * x[k] - b->c[k]; /* doubled raw, <= 2^31 */
    for (int i = 0; i < 3; i++) {
        int64_t u[3];
        ax3(b, i, u);
        int64_t ti = p[0] * u[0] + p[1] * u[1] + p[2] * u[2], lim = b->h[i] * 65536;
        if (ti > lim || ti < -lim)
            out = 1;
        t[i] = ti > lim ? lim : ti < -lim ? -lim : ti;
        int64_t room = lim - abs64(ti);
        inside = room < inside ? room : inside;
        for (int k = 0; k < 3; k++)
            q[k] += fc_i64_shr_floor(t[i], 16) * u[k]; /* doubled raw * 2^16 */
    }
    int64_t v[3];
    for (int k = 0; k < 3; k++) {
        v[k] = p[k] * 65536 - q[k];
        y[k] = fc_i64_shr_floor(q[k] + b->c[k] * 65536, 17);
    }
    if (!out)
        return -inside;
    return fc3_round_sqrt(fc_i128_add(fc_i128_mul_add(v[0], v[0], v[1], v[1]), fc_i128_mul_i64(v[2], v[2])));
}

static int64_t g_at(const fc_capsule3 *c, const fc3_box *b, int64_t s)
{
    int64_t x[3], y[3];
    seg_point(c, s, x);
    return signed_dist(b, x, y);
}

static void capsule_box_contact(const fc_capsule3 *c, const fc3_box *b, box_arg box, fc_contact3_result *out)
{
    /* Ternary search over s in [0, 65536]: at most 40 rounds (each keeps
     * 2/3 of hi - lo, which starts at 2^16); lo, hi stay in [0, 65536]
     * (the clamps never act, they state it for the analysis). */
    int64_t lo = 0, hi = 65536;
    for (int round = 0; round < 40 && hi - lo > 2; round++) {
        int64_t m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
        if (g_at(c, b, m1) <= g_at(c, b, m2))
            hi = clamp64(m2, 0, 65536);
        else
            lo = clamp64(m1, 0, 65536);
    }
    int64_t best = lo, gbest = g_at(c, b, lo);
    for (int64_t s = lo + 1; s <= hi && s <= lo + 2; s++) {
        int64_t g = g_at(c, b, s);
        if (g < gbest) {
            gbest = g;
            best = s;
        }
    }
    int64_t x[3], y[3];
    seg_point(c, best, x);
    fc_sphere sp;
    sp.center = (fc_vec3){ (fix16_t)x[0], (fix16_t)x[1], (fix16_t)x[2] };
    sp.radius = c->radius;
    if (box.aabb ? fc_contact_sphere_aabb3(&sp, box.aabb, out) : fc_contact_sphere_obb3(&sp, box.obb, out))
        return;
    /* The rounded point misses by a rounding: touching, direction x -> y. */
    signed_dist(b, x, y);
    int64_t v[3] = {y[0] - x[0], y[1] - x[1], y[2] - x[2]};
    if ((v[0] | v[1] | v[2]) != 0)
        fc3_unit(v[0], v[1], v[2], &out->normal);
    else
        out->normal = (fc_vec3){ 0, 65536, 0 };
    out->depth = 0;
    out->point = (fc_vec3){ (fix16_t)y[0], (fix16_t)y[1], (fix16_t)y[2] };
}

int fc_overlap_capsule3_aabb3(const fc_capsule3 *a, const fc_aabb3 *b)
{
    fc3_box bx = fc3_box_from_aabb(b);
    return capsule_box(a, &bx, (box_arg){ b, NULL });
}

int fc_overlap_capsule3_obb3(const fc_capsule3 *a, const fc_obb3 *b)
{
    fc3_box bx = fc3_box_from_obb(b);
    return capsule_box(a, &bx, (box_arg){ NULL, b });
}

int fc_overlap_aabb3_capsule3(const fc_aabb3 *a, const fc_capsule3 *b) { return fc_overlap_capsule3_aabb3(b, a); }
int fc_overlap_obb3_capsule3(const fc_obb3 *a, const fc_capsule3 *b) { return fc_overlap_capsule3_obb3(b, a); }

int fc_contact_capsule3_aabb3(const fc_capsule3 *a, const fc_aabb3 *b, fc_contact3_result *out)
{
    fc3_box bx = fc3_box_from_aabb(b);
    box_arg box = { b, NULL };
    if (!capsule_box(a, &bx, box))
        return 0;
    capsule_box_contact(a, &bx, box, out);
    return 1;
}

int fc_contact_capsule3_obb3(const fc_capsule3 *a, const fc_obb3 *b, fc_contact3_result *out)
{
    fc3_box bx = fc3_box_from_obb(b);
    box_arg box = { NULL, b };
    if (!capsule_box(a, &bx, box))
        return 0;
    capsule_box_contact(a, &bx, box, out);
    return 1;
}

int fc_contact_aabb3_capsule3(const fc_aabb3 *a, const fc_capsule3 *b, fc_contact3_result *out)
{
    fc_contact3_result c = {{0, 0, 0}, 0, {0, 0, 0}}; /* written on a hit; initialised for the analysis */
    if (!fc_contact_capsule3_aabb3(b, a, &c))
        return 0;
    *out = fc3_flip(c);
    return 1;
}

int fc_contact_obb3_capsule3(const fc_obb3 *a, const fc_capsule3 *b, fc_contact3_result *out)
{
    fc_contact3_result c = {{0, 0, 0}, 0, {0, 0, 0}}; /* written on a hit; initialised for the analysis */
    if (!fc_contact_capsule3_obb3(b, a, &c))
        return 0;
    *out = fc3_flip(c);
    return 1;
}
