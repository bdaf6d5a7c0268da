/* SPDX-License-Identifier: MIT */
/* The sphere pairs sphere/sphere and sphere/AABB3, and the reversed
 * AABB3/sphere and OBB3/sphere (fixcol/collide3d.h); sphere/OBB3 itself is
 * in collide3d_sphere_obb.c. */
#include "collide3d_internal.h"

#include "core/nofloat.h"

static int64_t sq64(int64_t v) { return v * v; }

/* ---- sphere / sphere ----------------------------------------------------- */

int fc_overlap_sphere_sphere(const fc_sphere *a, const fc_sphere *b)
{
    int64_t dx = (int64_t)b->center.x - a->center.x, dy = (int64_t)b->center.y - a->center.y,
            dz = (int64_t)b->center.z - a->center.z;
    int64_t r = (int64_t)a->radius + b->radius;
    return sq64(dx) + sq64(dy) + sq64(dz) <= r * r; /* < 3 * 2^60 */
}

static fc_contact3_result sphere_sphere_contact(const fc_sphere *a, const fc_sphere *b)
{
    int64_t d[3] = {(int64_t)b->center.x - a->center.x, (int64_t)b->center.y - a->center.y,
                    (int64_t)b->center.z - a->center.z};
    fc_contact3_result c;
    int64_t dist = fc3_round_sqrt(fc_i128_from_i64(sq64(d[0]) + sq64(d[1]) + sq64(d[2])));
    if ((d[0] | d[1] | d[2]) == 0)
        c.normal = (fc_vec3){ 0, 65536, 0 };
    else
        fc3_unit(d[0], d[1], d[2], &c.normal);
    int64_t r = (int64_t)a->radius + b->radius;
    c.depth = (fix16_t)(r - (dist < r ? dist : r)); /* dist <= r: the spheres overlap (never clamps) */
    /* Midway between the deepest points a.c + n ra and b.c - n rb (Q32). */
    int64_t p[3] = {((int64_t)a->center.x + b->center.x) * 65536 + c.normal.x * ((int64_t)a->radius - b->radius),
                    ((int64_t)a->center.y + b->center.y) * 65536 + c.normal.y * ((int64_t)a->radius - b->radius),
                    ((int64_t)a->center.z + b->center.z) * 65536 + c.normal.z * ((int64_t)a->radius - b->radius)};
    c.point = (fc_vec3){ (fix16_t)fc3_round_shr(p[0], 17), (fix16_t)fc3_round_shr(p[1], 17),
                         (fix16_t)fc3_round_shr(p[2], 17) };
    return c;
}

int fc_contact_sphere_sphere(const fc_sphere *a, const fc_sphere *b, fc_contact3_result *out)
{
    if (!fc_overlap_sphere_sphere(a, b))
        return 0;
    int32_t fa[4] = {a->center.x, a->center.y, a->center.z, a->radius};
    int32_t fb[4] = {b->center.x, b->center.y, b->center.z, b->radius};
    int order = fc3_cmp_fields(fa, fb, 4);
    *out = order <= 0 ? sphere_sphere_contact(a, b) : fc3_flip(sphere_sphere_contact(b, a));
    if (order == 0)
        out->normal = (fc_vec3){ 0, 0, 0 };
    return 1;
}

/* ---- sphere / AABB3: the clamp is the exact closest point ---------------- */

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

int fc_overlap_sphere_aabb3(const fc_sphere *a, const fc_aabb3 *b)
{
    int64_t ex = clamp64(a->center.x, b->min.x, b->max.x) - a->center.x;
    int64_t ey = clamp64(a->center.y, b->min.y, b->max.y) - a->center.y;
    int64_t ez = clamp64(a->center.z, b->min.z, b->max.z) - a->center.z;
    return sq64(ex) + sq64(ey) + sq64(ez) <= sq64(a->radius);
}

int fc_contact_sphere_aabb3(const fc_sphere *a, const fc_aabb3 *b, fc_contact3_result *out)
{
    if (!fc_overlap_sphere_aabb3(a, b))
        return 0;
    int64_t c[3] = {a->center.x, a->center.y, a->center.z};
    int64_t lo[3] = {b->min.x, b->min.y, b->min.z}, hi[3] = {b->max.x, b->max.y, b->max.z};
    int64_t q[3], e[3];
    for (int i = 0; i < 3; i++) {
        q[i] = clamp64(c[i], lo[i], hi[i]);
        e[i] = q[i] - c[i];
    }
    if ((e[0] | e[1] | e[2]) != 0) {
        fc3_unit(e[0], e[1], e[2], &out->normal);
        int64_t dist = fc3_round_sqrt(fc_i128_from_i64(sq64(e[0]) + sq64(e[1]) + sq64(e[2])));
        out->depth = (fix16_t)(a->radius - (dist < a->radius ? dist : a->radius)); /* dist <= r: never clamps */
        out->point = (fc_vec3){ (fix16_t)q[0], (fix16_t)q[1], (fix16_t)q[2] };
        return 1;
    }
    /* Centre inside: leave through the nearest face (order x-, x+, y-, ...);
     * the box moves the other way. */
    int best = 0;
    int64_t best_dist = c[0] - lo[0];
    for (int f = 1; f < 6; f++) {
        int64_t dist = f & 1 ? hi[f / 2] - c[f / 2] : c[f / 2] - lo[f / 2];
        if (dist < best_dist) {
            best = f;
            best_dist = dist;
        }
    }
    int64_t n[3] = {0, 0, 0};
    n[best / 2] = best & 1 ? -65536 : 65536;
    c[best / 2] = best & 1 ? hi[best / 2] : lo[best / 2];
    out->normal = (fc_vec3){ (fix16_t)n[0], (fix16_t)n[1], (fix16_t)n[2] };
    out->depth = (fix16_t)(a->radius + best_dist);
    out->point = (fc_vec3){ (fix16_t)c[0], (fix16_t)c[1], (fix16_t)c[2] };
    return 1;
}

/* ---- reversed ------------------------------------------------------------ */

int fc_overlap_aabb3_sphere(const fc_aabb3 *a, const fc_sphere *b) { return fc_overlap_sphere_aabb3(b, a); }
int fc_overlap_obb3_sphere(const fc_obb3 *a, const fc_sphere *b) { return fc_overlap_sphere_obb3(b, a); }

int fc_contact_aabb3_sphere(const fc_aabb3 *a, const fc_sphere *b, fc_contact3_result *out)
{
    fc_contact3_result c;
    if (!fc_contact_sphere_aabb3(b, a, &c))
        return 0;
    *out = fc3_flip(c);
    return 1;
}

int fc_contact_obb3_sphere(const fc_obb3 *a, const fc_sphere *b, fc_contact3_result *out)
{
    fc_contact3_result c;
    if (!fc_contact_sphere_obb3(b, a, &c))
        return 0;
    *out = fc3_flip(c);
    return 1;
}
