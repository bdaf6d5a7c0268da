/* SPDX-License-Identifier: MIT */
/* 3D pair tests against independent references (tests/collide3d_oracle.h):
 *   1. exact oracle agreement on random and adversarial cases (boundary
 *      found by bisection and tested at -1/0/+1 raw unit, touching faces,
 *      edges, parallel and anti-parallel boxes, 90-degree rotations,
 *      near-parallel edges, axis-aligned OBB vs the equal AABB);
 *   2. double-precision geometry on cases with a clear margin (100%);
 *   3. symmetry of every pair (overlap, and contact: negated normal, same
 *      depth and point) through fc_overlap3/fc_contact3;
 *   4. contact sanity: |normal|^2 within 2^-14 of 1, depth >= 0, moving B
 *      by the normal times (depth + tolerance) separates;
 *   5. the 128/64 division: native and limb paths agree;
 *   6. the 64-bit filters in front of the exact box and sphere/OBB3 tests:
 *      the oracle one raw step before, at and after the point where a
 *      filter's estimate crosses its error bound (both signs), on rotated,
 *      skewed and sheared boxes up to 2^26 raw.
 * Usage: test_collide3d [--long] [--break] [--filter-box | --filter-sphere]. */
#include <stdlib.h>
#include <string.h>

#include "collide3d/collide3d_internal.h"
#include "collide3d_oracle.h"
#include "testutil.h"

static int brk;
static long n_oracle, n_geom, n_sym, n_contact;
static uint64_t digest = 1469598103934665603u; /* FNV-1a of every result */

static void mix(int64_t v)
{
    for (int i = 0; i < 8; i++) {
        digest ^= (uint64_t)v >> (8 * i) & 0xFFu;
        digest *= 1099511628211u;
    }
}

static int64_t rnd(uint64_t *s, int64_t lo, int64_t hi) { return lo + (int64_t)(tu_rand64(s) % (uint64_t)(hi - lo + 1)); }

/* A size in raw units, log-uniform from 1 raw to lim. */
static fix16_t rnd_size(uint64_t *s, int64_t lim)
{
    int bits = (int)rnd(s, 0, 28);
    int64_t v = (int64_t)(tu_rand64(s) >> (63 - bits)) + 1;
    return (fix16_t)(v > lim ? lim : v);
}

static fc_vec3 rnd_vec(uint64_t *s, int64_t lim)
{
    /* One draw per statement: argument evaluation order is unspecified in C. */
    fix16_t x = (fix16_t)rnd(s, -lim, lim);
    fix16_t y = (fix16_t)rnd(s, -lim, lim);
    fix16_t z = (fix16_t)rnd(s, -lim, lim);
    return fc_vec3_make(x, y, z);
}

static fc_angle rnd_angle(uint64_t *s, int mode)
{
    if (mode == 1) /* multiple of 90 degrees */
        return (fc_angle)(rnd(s, 0, 3) * 16384);
    if (mode == 2) /* within a few units of a multiple of 90 degrees */
    {
        int64_t quarter = rnd(s, 0, 3) * 16384;
        return (fc_angle)(quarter + rnd(s, -3, 3));
    }
    return (fc_angle)tu_rand64(s);
}

static fc_obb3 rnd_obb(uint64_t *s, int64_t pos_lim, int64_t size_lim, int mode)
{
    fc_obb3 b;
    fc_vec3 c = rnd_vec(s, pos_lim);
    fc_vec3 h;
    h.x = rnd_size(s, size_lim);
    h.y = rnd_size(s, size_lim);
    h.z = rnd_size(s, size_lim);
    fc_angle yaw = rnd_angle(s, mode);
    fc_angle pitch = rnd_angle(s, mode);
    fc_angle roll = rnd_angle(s, mode);
    fc_status st = fc_obb3_from_euler(c, h, yaw, pitch, roll, &b);
    TU_CHECK(st == FC_OK, "from_euler failed: %d", (int)st);
    if (mode == 3) {
        /* Skew the axes by a few raw units (still valid): non-orthonormal. */
        fc_obb3 t = b;
        for (int i = 0; i < 3; i++) {
            t.axis[i].x += (fix16_t)rnd(s, -6, 6);
            t.axis[i].y += (fix16_t)rnd(s, -6, 6);
            t.axis[i].z += (fix16_t)rnd(s, -6, 6);
        }
        if (fc_obb3_validate(&t) == FC_OK)
            b = t;
    }
    return b;
}

static fc_aabb3 rnd_aabb(uint64_t *s, int64_t pos_lim, int64_t size_lim)
{
    fc_aabb3 b;
    fc_vec3 c = rnd_vec(s, pos_lim);
    fix16_t h[3];
    for (int i = 0; i < 3; i++)
        h[i] = rnd_size(s, size_lim);
    int64_t room = FC_COORD_LIMIT - 1; /* max may get one extra raw unit */
    c.x = (fix16_t)(c.x > room - h[0] ? room - h[0] : c.x < -room + h[0] ? -room + h[0] : c.x);
    c.y = (fix16_t)(c.y > room - h[1] ? room - h[1] : c.y < -room + h[1] ? -room + h[1] : c.y);
    c.z = (fix16_t)(c.z > room - h[2] ? room - h[2] : c.z < -room + h[2] ? -room + h[2] : c.z);
    b.min = fc_vec3_make(c.x - h[0], c.y - h[1], c.z - h[2]);
    fix16_t ex = h[0] < FC_SIZE_LIMIT ? (fix16_t)rnd(s, 0, 1) : 0;
    fix16_t ez = h[2] < FC_SIZE_LIMIT ? (fix16_t)rnd(s, 0, 1) : 0;
    b.max = fc_vec3_make(c.x + h[0] + ex, c.y + h[1], c.z + h[2] + ez);
    TU_CHECK(fc_aabb3_validate(&b) == FC_OK, "aabb");
    return b;
}

static fc_sphere rnd_sphere(uint64_t *s, int64_t pos_lim, int64_t size_lim)
{
    fc_sphere r;
    r.center = rnd_vec(s, pos_lim);
    r.radius = tu_rand64(s) % 16 == 0 ? 0 : rnd_size(s, size_lim);
    return r;
}

/* ---- shapes as fc_shape3 and the reference answers ----------------------- */

static fc_shape3 sh_sphere(fc_sphere v) { fc_shape3 s; s.type = FC_SHAPE3_SPHERE; s.u.sphere = v; return s; }
static fc_shape3 sh_aabb(fc_aabb3 v) { fc_shape3 s; s.type = FC_SHAPE3_AABB; s.u.aabb = v; return s; }
static fc_shape3 sh_obb(fc_obb3 v) { fc_shape3 s; s.type = FC_SHAPE3_OBB; s.u.obb = v; return s; }

static obox to_obox(const fc_shape3 *s)
{
    return s->type == FC_SHAPE3_AABB ? ob_from_aabb(&s->u.aabb) : ob_from_obb(&s->u.obb);
}

static int64_t sq(int64_t v) { return v * v; }

/* Exact oracle for any pair (sphere as A or B). */
static int oracle(const fc_shape3 *a, const fc_shape3 *b)
{
    if (a->type != FC_SHAPE3_SPHERE && b->type == FC_SHAPE3_SPHERE)
        return oracle(b, a);
    if (a->type == FC_SHAPE3_SPHERE) {
        const fc_sphere *sp = &a->u.sphere;
        int64_t c[3] = {sp->center.x, sp->center.y, sp->center.z};
        if (b->type == FC_SHAPE3_SPHERE) {
            const fc_sphere *o = &b->u.sphere;
            int64_t r = (int64_t)sp->radius + o->radius;
            return sq(c[0] - o->center.x) + sq(c[1] - o->center.y) + sq(c[2] - o->center.z) <= sq(r);
        }
        if (b->type == FC_SHAPE3_AABB) {
            const fc_aabb3 *o = &b->u.aabb;
            int64_t lo[3] = {o->min.x, o->min.y, o->min.z}, hi[3] = {o->max.x, o->max.y, o->max.z};
            int64_t d2 = 0;
            for (int i = 0; i < 3; i++)
                d2 += c[i] < lo[i] ? sq(lo[i] - c[i]) : c[i] > hi[i] ? sq(c[i] - hi[i]) : 0;
            return brk ? d2 < sq(sp->radius) : d2 <= sq(sp->radius);
        }
        return or_sphere_obb(sp, &b->u.obb);
    }
    obox x = to_obox(a), y = to_obox(b);
    return or_box_overlap(&x, &y, brk);
}

/* Double-precision geometric answer with margin: 1/0 when clear, -1 when
 * within `margin` units of touching. */
static int geometry(const fc_shape3 *a, const fc_shape3 *b, double margin)
{
    if (a->type != FC_SHAPE3_SPHERE && b->type == FC_SHAPE3_SPHERE)
        return geometry(b, a, margin);
    if (a->type == FC_SHAPE3_SPHERE) {
        const fc_sphere *sp = &a->u.sphere;
        double p[3] = {sp->center.x / 65536.0, sp->center.y / 65536.0, sp->center.z / 65536.0}, d;
        double r = sp->radius / 65536.0;
        if (b->type == FC_SHAPE3_SPHERE) {
            const fc_sphere *o = &b->u.sphere;
            double dx = p[0] - o->center.x / 65536.0, dy = p[1] - o->center.y / 65536.0,
                   dz = p[2] - o->center.z / 65536.0;
            d = sqrt(dx * dx + dy * dy + dz * dz);
            r += o->radius / 65536.0;
        } else {
            obox ob = to_obox(b);
            d = db_point_box_dist(&ob, p);
        }
        return d < r - margin ? 1 : d > r + margin ? 0 : -1;
    }
    obox x = to_obox(a), y = to_obox(b);
    for (int i = 0; i < 3; i++)
        if (x.h[i] / 131072.0 <= 2 * margin || y.h[i] / 131072.0 <= 2 * margin)
            return -1; /* shrinking would turn the box inside out */
    int grown = db_box_overlap(&x, &y, margin), shrunk = db_box_overlap(&x, &y, -margin);
    return grown == shrunk ? grown : -1;
}

static void contact_any(const fc_shape3 *a, const fc_shape3 *b, int *hit, fc_contact3_result *c)
{
    memset(c, 0, sizeof *c);
    *hit = fc_contact3(a, b, c);
}

static int same_shape(const fc_shape3 *a, const fc_shape3 *b)
{
    if (a->type != b->type)
        return 0;
    if (a->type == FC_SHAPE3_SPHERE)
        return memcmp(&a->u.sphere, &b->u.sphere, sizeof a->u.sphere) == 0;
    if (a->type == FC_SHAPE3_AABB)
        return memcmp(&a->u.aabb, &b->u.aabb, sizeof a->u.aabb) == 0;
    return memcmp(&a->u.obb, &b->u.obb, sizeof a->u.obb) == 0;
}

static fc_shape3 moved(const fc_shape3 *s, int64_t dx, int64_t dy, int64_t dz)
{
    fc_shape3 r = *s;
    if (r.type == FC_SHAPE3_SPHERE) {
        r.u.sphere.center = fc_vec3_make((fix16_t)(r.u.sphere.center.x + dx), (fix16_t)(r.u.sphere.center.y + dy),
                                         (fix16_t)(r.u.sphere.center.z + dz));
    } else if (r.type == FC_SHAPE3_AABB) {
        fc_vec3 d = fc_vec3_make((fix16_t)dx, (fix16_t)dy, (fix16_t)dz);
        r.u.aabb.min = fc_vec3_add(r.u.aabb.min, d);
        r.u.aabb.max = fc_vec3_add(r.u.aabb.max, d);
    } else {
        r.u.obb.center = fc_vec3_make((fix16_t)(r.u.obb.center.x + dx), (fix16_t)(r.u.obb.center.y + dy),
                                      (fix16_t)(r.u.obb.center.z + dz));
    }
    return r;
}

/* Contact checks of one overlapping pair (coordinates within +-4096 units
 * so that B can be moved by the depth). */
static void check_contact(const fc_shape3 *a, const fc_shape3 *b, const fc_contact3_result *c)
{
    n_contact++;
    TU_CHECK(c->depth >= 0, "negative depth %d", (int)c->depth);
    if (same_shape(a, b)) {
        TU_CHECK(c->normal.x == 0 && c->normal.y == 0 && c->normal.z == 0, "identical shapes: zero normal");
        return;
    }
    double n2 = ((double)c->normal.x * c->normal.x + (double)c->normal.y * c->normal.y +
                 (double)c->normal.z * c->normal.z) / 4294967296.0;
    TU_CHECK(fabs(n2 - 1) < 1.0 / 16384, "normal not unit: %g", n2);
    /* Moving B by the normal times (depth + tolerance) separates. */
    int64_t t = (int64_t)c->depth + 4 + (c->depth >> 12);
    if (a->type == FC_SHAPE3_OBB || b->type == FC_SHAPE3_OBB)
        t += 4 + (int64_t)((a->type == FC_SHAPE3_SPHERE ? a->u.sphere.radius : b->type == FC_SHAPE3_SPHERE ? b->u.sphere.radius : 0) >> 20);
    fc_shape3 b2 = moved(b, fc3_round_shr(c->normal.x * t, 16), fc3_round_shr(c->normal.y * t, 16),
                         fc3_round_shr(c->normal.z * t, 16));
    TU_CHECK(!fc_overlap3(a, &b2), "moving B by depth %d + tol along the normal does not separate (types %d %d)",
             (int)c->depth, (int)a->type, (int)b->type);
}

/* The full check of one pair: oracle, geometry, symmetry, contact. */
static void check_pair(const fc_shape3 *a, const fc_shape3 *b, int contacts)
{
#ifdef FC_TEST_PAIR_HOOK /* tests/test_pushout3d.c: the same pairs through the push-out */
    FC_TEST_PAIR_HOOK(a, b);
#endif
    int got = fc_overlap3(a, b), rev = fc_overlap3(b, a);
    int want = oracle(a, b);
    n_oracle++;
    TU_CHECK(got == want, "oracle disagrees: got %d want %d (types %d %d)", got, want, (int)a->type, (int)b->type);
    n_sym++;
    TU_CHECK(got == rev, "asymmetric overlap (types %d %d)", (int)a->type, (int)b->type);
    double margin = 1e-4; /* units: 6.5 raw */
    int geo = geometry(a, b, margin);
    if (geo >= 0) {
        n_geom++;
        TU_CHECK(got == geo, "geometry disagrees: got %d want %d (types %d %d)", got, geo, (int)a->type,
                 (int)b->type);
    }
    if (!contacts)
        return;
    fc_contact3_result c1, c2;
    int h1, h2;
    contact_any(a, b, &h1, &c1);
    contact_any(b, a, &h2, &c2);
    TU_CHECK(h1 == got && h2 == got, "contact hit differs from overlap");
    mix(got);
    mix(c1.normal.x), mix(c1.normal.y), mix(c1.normal.z), mix(c1.depth);
    mix(c1.point.x), mix(c1.point.y), mix(c1.point.z);
    if (!got)
        return;
    TU_CHECK(c1.normal.x == -c2.normal.x && c1.normal.y == -c2.normal.y && c1.normal.z == -c2.normal.z &&
                 c1.depth == c2.depth && c1.point.x == c2.point.x && c1.point.y == c2.point.y &&
                 c1.point.z == c2.point.z,
             "asymmetric contact (types %d %d)", (int)a->type, (int)b->type);
    check_contact(a, b, &c1);
}

/* ---- adversarial: the touching boundary along a direction ---------------- */

/* Move b along dir (raw units per step) to the last overlapping step by
 * bisection (with the library: only the final -1/0/+1 steps need the
 * oracle, and check_pair compares them with it), then check steps -1, 0, +1 around it. */
static void check_boundary(const fc_shape3 *a, const fc_shape3 *b, const int64_t dir[3], int contacts)
{
    int64_t lo = 0, hi = (int64_t)1 << 17; /* steps: b overlaps at lo (checked), not at hi */
    fc_shape3 m = moved(b, dir[0] * hi, dir[1] * hi, dir[2] * hi);
    if (!fc_overlap3(a, b) || fc_overlap3(a, &m))
        return;
    while (hi - lo > 1) {
        int64_t mid = (lo + hi) / 2;
        m = moved(b, dir[0] * mid, dir[1] * mid, dir[2] * mid);
        if (fc_overlap3(a, &m))
            lo = mid;
        else
            hi = mid;
    }
    for (int64_t k = lo - 1; k <= lo + 1; k++) {
        m = moved(b, dir[0] * k, dir[1] * k, dir[2] * k);
        check_pair(a, &m, contacts);
    }
}

static fc_shape3 rnd_shape(uint64_t *s, int type, int64_t pos, int64_t size, int mode)
{
    if (type == FC_SHAPE3_SPHERE)
        return sh_sphere(rnd_sphere(s, pos, size));
    if (type == FC_SHAPE3_AABB)
        return sh_aabb(rnd_aabb(s, pos, size));
    return sh_obb(rnd_obb(s, pos, size, mode));
}

/* Random pairs of all 9 type combinations, clustered so about half overlap. */
static void random_pairs(uint64_t *s, long n)
{
    for (long i = 0; i < n; i++) {
        int ta = (int)rnd(s, 1, 3), tb = (int)rnd(s, 1, 3), mode = (int)rnd(s, 0, 3);
        int near = (int)(i % 4);
        int64_t pos = near == 0 ? FC_COORD_LIMIT : (int64_t)1 << (20 + near * 2);
        int64_t size = near == 0 ? FC_SIZE_LIMIT : (int64_t)1 << (19 + near * 2);
        int small = i % 3 == 0;
        fc_shape3 a = rnd_shape(s, ta, small ? pos >> 1 : pos, size, mode);
        fc_shape3 b = rnd_shape(s, tb, small ? pos >> 1 : pos, size, mode);
        check_pair(&a, &b, small || pos <= ((int64_t)1 << 28));
    }
}

static void boundary_pairs(uint64_t *s, long n)
{
    for (long i = 0; i < n; i++) {
        int ta = (int)rnd(s, 1, 3), tb = (int)rnd(s, 1, 3), mode = (int)rnd(s, 0, 3);
        int64_t size = (int64_t)1 << rnd(s, 17, 26);
        fc_shape3 a = rnd_shape(s, ta, size, size, mode);
        fc_shape3 b = rnd_shape(s, tb, size, size, mode);
        if (i % 5 == 0 && ta == FC_SHAPE3_OBB && tb == FC_SHAPE3_OBB) {
            /* Parallel / anti-parallel / nearly parallel copies of A's axes. */
            fc_obb3 *ob = &b.u.obb;
            int kind = (int)(i / 5 % 3);
            for (int k = 0; k < 3; k++)
                ob->axis[k] = a.u.obb.axis[k];
            if (kind == 1) {
                ob->axis[0] = fc_vec3_make(-ob->axis[0].x, -ob->axis[0].y, -ob->axis[0].z);
                ob->axis[1] = fc_vec3_make(-ob->axis[1].x, -ob->axis[1].y, -ob->axis[1].z);
            } else if (kind == 2) {
                ob->axis[0].y += 1;
                ob->axis[2].x -= 1;
                if (fc_obb3_validate(ob) != FC_OK)
                    ob->axis[0].y -= 1, ob->axis[2].x += 1;
            }
        }
        int64_t dir[3];
        int face = i % 2;
        for (int c = 0; c < 3; c++)
            dir[c] = face ? (c == (int)(i / 2 % 3)) * (i / 6 % 2 ? 1 : -1) : rnd(s, -3, 3);
        if (dir[0] == 0 && dir[1] == 0 && dir[2] == 0)
            dir[1] = 1;
        b = moved(&b, -(int64_t)b.u.sphere.center.x * 0, 0, 0);
        /* Start from concentric-ish so the pair overlaps. */
        fc_shape3 a0 = a;
        check_boundary(&a0, &b, dir, 1);
    }
}

/* Exact touching configurations built without rounding: boxes whose axes
 * are the world axes permuted/negated (90-degree rotations), shifted by the
 * sum of the extents (touching), +-1 raw. */
static void exact_touching(uint64_t *s, long n)
{
    for (long i = 0; i < n; i++) {
        fc_obb3 a = rnd_obb(s, (int64_t)1 << 27, (int64_t)1 << 26, 1);
        fc_obb3 b = rnd_obb(s, 0, (int64_t)1 << 26, 1);
        /* Extents along each world axis (the box axes are unit world axes). */
        int w = (int)rnd(s, 0, 2);
        int64_t ext[3];
        for (int c = 0; c < 3; c++) {
            ext[c] = 0;
            for (int k = 0; k < 3; k++) {
                int64_t ca = c == 0 ? a.axis[k].x : c == 1 ? a.axis[k].y : a.axis[k].z;
                int64_t cb = c == 0 ? b.axis[k].x : c == 1 ? b.axis[k].y : b.axis[k].z;
                ext[c] += (ca != 0 ? (k == 0 ? a.half.x : k == 1 ? a.half.y : a.half.z) : 0) +
                          (cb != 0 ? (k == 0 ? b.half.x : k == 1 ? b.half.y : b.half.z) : 0);
            }
        }
        int64_t off[3];
        for (int c = 0; c < 3; c++)
            off[c] = rnd(s, -ext[c], ext[c]);
        off[w] = ext[w] * (i % 2 ? 1 : -1);
        /* Sometimes also touch along a second axis: edge-edge contact. */
        if (i % 3 == 0)
            off[(w + 1) % 3] = ext[(w + 1) % 3];
        for (int d = -1; d <= 1; d++) {
            fc_obb3 bb = b;
            int64_t o[3] = {off[0], off[1], off[2]};
            o[w] += (o[w] > 0 ? d : -d);
            bb.center = fc_vec3_make((fix16_t)(a.center.x + o[0]), (fix16_t)(a.center.y + o[1]),
                                     (fix16_t)(a.center.z + o[2]));
            fc_shape3 x = sh_obb(a), y = sh_obb(bb);
            check_pair(&x, &y, 1);
            TU_CHECK(fc_overlap3(&x, &y) == (d <= 0), "exact touching: offset %d gave %d", d, fc_overlap3(&x, &y));
            /* The same boxes as AABBs (90-degree boxes are axis-aligned). */
            fc_aabb3 aa, ab;
            obox oa = ob_from_obb(&a), obb = ob_from_obb(&bb);
            int64_t ha[3] = {0, 0, 0}, hb[3] = {0, 0, 0};
            for (int k = 0; k < 3; k++)
                for (int c = 0; c < 3; c++) {
                    if (oa.ax[k][c] != 0) ha[c] = oa.h[k] / 2;
                    if (obb.ax[k][c] != 0) hb[c] = obb.h[k] / 2;
                }
            aa.min = fc_vec3_make((fix16_t)(a.center.x - ha[0]), (fix16_t)(a.center.y - ha[1]), (fix16_t)(a.center.z - ha[2]));
            aa.max = fc_vec3_make((fix16_t)(a.center.x + ha[0]), (fix16_t)(a.center.y + ha[1]), (fix16_t)(a.center.z + ha[2]));
            ab.min = fc_vec3_make((fix16_t)(bb.center.x - hb[0]), (fix16_t)(bb.center.y - hb[1]), (fix16_t)(bb.center.z - hb[2]));
            ab.max = fc_vec3_make((fix16_t)(bb.center.x + hb[0]), (fix16_t)(bb.center.y + hb[1]), (fix16_t)(bb.center.z + hb[2]));
            fc_shape3 xa = sh_aabb(aa), ya = sh_aabb(ab);
            int want = fc_overlap3(&x, &y);
            TU_CHECK(fc_overlap3(&xa, &ya) == want && fc_overlap3(&xa, &y) == want && fc_overlap3(&x, &ya) == want,
                     "axis-aligned OBB vs equal AABB differ");
            check_pair(&xa, &ya, 1);
            check_pair(&xa, &y, 1);
            /* A sphere against the OBB and the equal AABB: same answer. */
            fc_sphere sp = rnd_sphere(s, (int64_t)1 << 27, (int64_t)1 << 26);
            fc_shape3 ss = sh_sphere(sp);
            TU_CHECK(fc_overlap3(&ss, &x) == fc_overlap3(&ss, &xa), "sphere vs axis-aligned OBB / AABB differ");
            check_pair(&ss, &x, 1);
        }
    }
}

/* Sphere centres less than 2^-8 raw outside a face plane of a rotated box
 * (found by scanning rounded face points with exact __int128 arithmetic):
 * the computed closest point is too close to the centre to give a
 * direction, so the contact must take its normal from the face. Returns how
 * many were found. */
static long hairline_spheres(uint64_t *s, long scan)
{
    long found = 0;
    for (long it = 0; it < scan; it++) {
        fc_obb3 b = rnd_obb(s, (int64_t)1 << 26, (int64_t)1 << 24, 0);
        int i = (int)rnd(s, 0, 2), j = (i + 1) % 3, k = (i + 2) % 3;
        obox o = ob_from_obb(&b);
        int64_t tj = rnd(s, -o.h[j] / 2, o.h[j] / 2), tk = rnd(s, -o.h[k] / 2, o.h[k] / 2);
        int64_t p[3], n[3];
        for (int c = 0; c < 3; c++) {
            int64_t x = (o.h[i] / 2) * o.ax[i][c] + tj * o.ax[j][c] + tk * o.ax[k][c]; /* Q32 */
            p[c] = (x + 32768) >> 16;                                              /* nearest raw */
        }
        or_cross(o.ax[j], o.ax[k], n);
        i128 det = (i128)o.ax[i][0] * n[0] + (i128)o.ax[i][1] * n[1] + (i128)o.ax[i][2] * n[2];
        i128 a = ((i128)p[0] * n[0] + (i128)p[1] * n[1] + (i128)p[2] * n[2]) * 65536 - (i128)(o.h[i] / 2) * det;
        /* Outside by less than 2^-8 raw: a / |N| < 2^8 in Q32, |N| ~ 2^32. */
        if (!(a > 0 && a < ((i128)1 << 40)))
            continue;
        found++;
        fc_sphere sp;
        sp.center = fc_vec3_make((fix16_t)(b.center.x + p[0]), (fix16_t)(b.center.y + p[1]),
                                 (fix16_t)(b.center.z + p[2]));
        sp.radius = rnd_size(s, (int64_t)1 << 24);
        fc_shape3 x = sh_sphere(sp), y = sh_obb(b);
        check_pair(&x, &y, 1);
    }
    return found;
}

/* A shape against itself: overlapping, zero normal (no direction tells the
 * two apart), the same depth both ways. */
static void self_pairs(uint64_t *s, long n)
{
    for (long i = 0; i < n; i++) {
        fc_shape3 a = rnd_shape(s, (int)(i % 3) + 1, (int64_t)1 << 28, (int64_t)1 << 27, (int)rnd(s, 0, 3));
        check_pair(&a, &a, 1);
        fc_contact3_result c;
        TU_CHECK(fc_contact3(&a, &a, &c) == 1 && c.normal.x == 0 && c.normal.y == 0 && c.normal.z == 0,
                 "self contact (type %d)", (int)a.type);
    }
}

/* An OBB with its axes pushed to the edge of the validation tolerance
 * (skew ~2^-12): the stored box is a visibly non-rectangular parallelepiped. */
static fc_obb3 skewed_obb(uint64_t *s, int64_t pos, int64_t size)
{
    fc_obb3 b = rnd_obb(s, pos, size, 0);
    for (int k = 0; k < 60; k++) {
        fc_obb3 u = b;
        int i = (int)rnd(s, 0, 2);
        u.axis[i].x += (fix16_t)rnd(s, -4, 4);
        u.axis[i].y += (fix16_t)rnd(s, -4, 4);
        u.axis[i].z += (fix16_t)rnd(s, -4, 4);
        if (fc_obb3_validate(&u) == FC_OK)
            b = u;
    }
    return b;
}

/* Spheres (radius up to the limit) at the touching distance from skewed
 * boxes, found by bisection along a random direction, then
 * -1/0/+1 raw around it: edges and corners, where a clamp-in-box-coordinates
 * shortcut misses by up to ~16 raw. */
static void sphere_skew_pairs(uint64_t *s, long n)
{
    for (long i = 0; i < n; i++) {
        fc_obb3 b = skewed_obb(s, (int64_t)1 << 26, FC_SIZE_LIMIT);
        fc_sphere sp;
        sp.radius = (fix16_t)(FC_SIZE_LIMIT - rnd(s, 0, (int64_t)1 << rnd(s, 0, 28)));
        double d[3];
        for (int c = 0; c < 3; c++)
            d[c] = (double)rnd(s, -1000, 1000);
        double len = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        if (len == 0)
            continue;
        fc_shape3 x = sh_obb(b), y;
        double lo = 0, hi = (double)FC_COORD_LIMIT - ((int64_t)1 << 26);
        for (int k = 0; k < 40; k++) {
            double m = 0.5 * (lo + hi);
            sp.center = fc_vec3_make((fix16_t)llround(b.center.x + d[0] / len * m),
                                     (fix16_t)llround(b.center.y + d[1] / len * m),
                                     (fix16_t)llround(b.center.z + d[2] / len * m));
            y = sh_sphere(sp);
            if (fc_overlap3(&y, &x))
                lo = m;
            else
                hi = m;
        }
        fc_vec3 c = sp.center;
        for (int k = -1; k <= 1; k++) {
            sp.center = fc_vec3_make(c.x + k, c.y, c.z);
            y = sh_sphere(sp);
            check_pair(&y, &x, 1);
        }
    }
}

/* ---- adversarial: the filters' bounds ---------------------------------- */

static long n_filter_bound; /* pairs checked within 1 raw of a filter bound */

static fc3_box box_of(const fc_shape3 *s)
{
    return s->type == FC_SHAPE3_AABB ? fc3_box_from_aabb(&s->u.aabb) : fc3_box_from_obb(&s->u.obb);
}

/* Which side of its bound the box filter's estimate of axis k is on:
 * 1 above +bound (decides "separated"), -1 below -bound (decides "not
 * separated"), 0 within (the exact evaluation decides). */
static int box_filter_side(const fc_shape3 *a, const fc_shape3 *b, int k)
{
    fc3_box x = box_of(a), y = box_of(b);
    int64_t bound, e = fc3_box_filter_estimate(&x, &y, k, &bound);
    return e > bound ? 1 : e < -bound ? -1 : 0;
}

/* The first step along dir (raw units per step, from b) at which side(step)
 * reaches `want`, by bisection from a step where it does not; -1 if none
 * within reach. */
typedef int (*side_fn)(const fc_shape3 *a, const fc_shape3 *b, int k);

static int64_t first_step(const fc_shape3 *a, const fc_shape3 *b, const int64_t dir[3], side_fn side, int k,
                          int want, int64_t hi)
{
    fc_shape3 m = moved(b, dir[0] * hi, dir[1] * hi, dir[2] * hi);
    if (side(a, b, k) >= want || side(a, &m, k) < want)
        return -1;
    int64_t lo = 0;
    while (hi - lo > 1) {
        int64_t mid = (lo + hi) / 2;
        m = moved(b, dir[0] * mid, dir[1] * mid, dir[2] * mid);
        if (side(a, &m, k) >= want)
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}

/* Oracle checks at the steps around both of axis k's bounds (estimate
 * crossing -bound and +bound): one raw step before, at and after. */
static void check_at_bounds(const fc_shape3 *a, const fc_shape3 *b, const int64_t dir[3], side_fn side, int k,
                            int64_t reach)
{
    for (int want = 0; want <= 1; want++) {
        int64_t s = first_step(a, b, dir, side, k, want, reach);
        if (s < 0)
            continue;
        for (int64_t t = s - 1; t <= s + 1; t++) {
            fc_shape3 m = moved(b, dir[0] * t, dir[1] * t, dir[2] * t);
            n_filter_bound++;
            check_pair(a, &m, 0);
        }
    }
}

/* An OBB whose axes are a triangular shear of the world axes at the edge
 * of the validation tolerance (lengths 1 +- ~2^-13, off-diagonal Gram
 * entries up to 2^-12), permuted and negated exactly: the largest
 * departure from an orthonormal frame that the box filter's model error
 * must cover. */
static fc_obb3 sheared_obb(uint64_t *s, int64_t pos, int64_t size)
{
    for (;;) {
        fc_vec3 ax[3];
        int64_t m[3][3];
        for (int i = 0; i < 3; i++)
            for (int c = 0; c < 3; c++)
                m[i][c] = c == i ? 65536 + rnd(s, -8, 8) : c < i ? rnd(s, 12, 16) * (rnd(s, 0, 1) ? 1 : -1) : 0;
        int perm = (int)rnd(s, 0, 2), flip = (int)rnd(s, 0, 7);
        for (int i = 0; i < 3; i++) {
            int64_t v[3];
            for (int c = 0; c < 3; c++)
                v[(c + perm) % 3] = m[i][c] * ((flip >> c) & 1 ? -1 : 1);
            ax[i] = fc_vec3_make((fix16_t)v[0], (fix16_t)v[1], (fix16_t)v[2]);
        }
        fc_vec3 c = rnd_vec(s, pos), h;
        h.x = rnd_size(s, size);
        h.y = rnd_size(s, size);
        h.z = rnd_size(s, size);
        fc_obb3 b;
        if (fc_obb3_from_axes(c, h, ax[0], ax[1], ax[2], &b) == FC_OK)
            return b;
        if (fc_obb3_from_axes(c, h, ax[1], ax[0], ax[2], &b) == FC_OK) /* the other handedness */
            return b;
    }
}

/* Box pairs (AABB3/OBB3 and OBB3/OBB3, sizes up to 2^26 raw, rotated,
 * skewed to the edge of the axis tolerance, parallel) moved apart along one
 * of the 15 axes (rounded to a small integer direction) until the box
 * filter's estimate of that axis crosses its bound: the cases where a
 * too-small bound decides wrongly. (Named: skewed_obb, sheared_obb.) */
static void box_filter_bound_pairs(uint64_t *s, long n)
{
    for (long i = 0; i < n; i++) {
        int64_t size = (int64_t)1 << rnd(s, 16, 26), pos = (int64_t)1 << 26;
        int ka = (int)(i % 4), kb = (int)(i / 4 % 3);
        fc_shape3 a = ka == 0   ? sh_aabb(rnd_aabb(s, pos, size))
                      : ka == 1 ? sh_obb(skewed_obb(s, pos, size))
                      : ka == 2 ? sh_obb(sheared_obb(s, pos, size))
                                : sh_obb(rnd_obb(s, pos, size, (int)rnd(s, 0, 3)));
        fc_shape3 b = sh_obb(kb == 0 ? sheared_obb(s, 0, size) : kb == 1 ? skewed_obb(s, 0, size)
                                                                       : rnd_obb(s, 0, size, (int)rnd(s, 0, 3)));
        fc3_box ab = box_of(&a);
        b = moved(&b, ab.c[0] / 2 + rnd(s, -size, size), ab.c[1] / 2 + rnd(s, -size, size),
                  ab.c[2] / 2 + rnd(s, -size, size));
        int k = (int)rnd(s, 0, 14);
        fc3_box x = box_of(&a), y = box_of(&b);
        fc_vec3w nw = k < 3 ? fc_vec3_cross(x.ax[(k + 1) % 3], x.ax[(k + 2) % 3])
                            : k < 6 ? fc_vec3_cross(y.ax[(k - 2) % 3], y.ax[(k - 1) % 3])
                                    : fc_vec3_cross(x.ax[(k - 6) / 3], y.ax[(k - 6) % 3]);
        int64_t n3[3] = {nw.x, nw.y, nw.z}, top = 0, dir[3];
        for (int c = 0; c < 3; c++)
            top = llabs(n3[c]) > top ? llabs(n3[c]) : top;
        if (top == 0)
            continue;
        for (int c = 0; c < 3; c++)
            dir[c] = (int64_t)llround(4.0 * (double)n3[c] / (double)top);
        check_at_bounds(&a, &b, dir, box_filter_side, k, ((int64_t)1 << 27) / 4);
    }
}

/* The box filter's centre-inside shortcut as a side: -1 when it proves B's
 * centre inside A, 0 when it does not (k unused). */
static int centre_inside_side(const fc_shape3 *a, const fc_shape3 *b, int k)
{
    (void)k;
    fc3_box x = box_of(a), y = box_of(b);
    return fc3_box_filter_centre_inside(&x, &y) ? -1 : 0;
}

/* Tiny boxes (half-extents 1..16 raw) moved out of a large skewed, sheared
 * or rotated box from its centre until the shortcut stops proving the
 * centre inside: a too-small slack would call a tiny box just outside
 * overlapping. */
static void centre_inside_pairs(uint64_t *s, long n)
{
    for (long i = 0; i < n; i++) {
        int64_t size = (int64_t)1 << rnd(s, 16, 26), pos = (int64_t)1 << 26;
        fc_obb3 a = i % 3 == 0 ? skewed_obb(s, pos, size) : i % 3 == 1 ? sheared_obb(s, pos, size)
                                                                       : rnd_obb(s, pos, size, 0);
        fc_obb3 b = rnd_obb(s, 0, 16, (int)rnd(s, 0, 3));
        b.center = a.center;
        int64_t dir[3] = {rnd(s, -4, 4), rnd(s, -4, 4), rnd(s, -4, 4)};
        if (dir[0] == 0 && dir[1] == 0 && dir[2] == 0)
            dir[0] = 1;
        fc_shape3 x = sh_obb(a), y = sh_obb(b);
        check_at_bounds(&x, &y, dir, centre_inside_side, 0, ((int64_t)1 << 27) / 4);
    }
}

/* The sphere/OBB3 filter's answer as a side: 1 decided "separated", -1
 * decided "overlapping", 0 left to the exact test (k unused). */
static int sphere_filter_side(const fc_shape3 *a, const fc_shape3 *b, int k)
{
    (void)k;
    int f = fc3_sphere_obb_filter(&a->u.sphere, &b->u.obb);
    return f == 0 ? 1 : f == 1 ? -1 : 0;
}

/* Spheres moved out of (skewed, large) boxes along random directions until
 * the sphere/OBB3 filter stops deciding "overlap" and starts deciding
 * "separated": the oracle at the steps around both transitions. */
static void sphere_filter_bound_pairs(uint64_t *s, long n)
{
    for (long i = 0; i < n; i++) {
        int64_t size = (int64_t)1 << rnd(s, 16, 26);
        fc_obb3 b = i % 2 ? skewed_obb(s, (int64_t)1 << 26, size) : rnd_obb(s, (int64_t)1 << 26, size, (int)rnd(s, 0, 3));
        fc_sphere sp;
        sp.center = b.center;
        sp.radius = rnd_size(s, size);
        int64_t dir[3] = {rnd(s, -4, 4), rnd(s, -4, 4), rnd(s, -4, 4)};
        if (dir[0] == 0 && dir[1] == 0 && dir[2] == 0)
            dir[2] = 1;
        fc_shape3 x = sh_sphere(sp), y = sh_obb(b);
        check_at_bounds(&x, &y, dir, sphere_filter_side, 0, ((int64_t)1 << 27) / 4);
    }
}

/* The private 256-bit helper against the test big integers. */
static big big_from_i128(fc_i128 v)
{
    big hi = big_from_i64(v.hi), lo = big_from_i64((int64_t)(v.lo >> 1));
    big two32 = big_from_i64((int64_t)1 << 32);
    lo = big_add(big_add(lo, lo), big_from_i64((int64_t)(v.lo & 1u)));
    return big_add(big_mul(big_mul(hi, two32), two32), lo);
}

static big big_from_256(fc3_i256 v)
{
    int neg = v.w[3] >> 63;
    if (neg) {
        fc3_i256 zero = {{0, 0, 0, 0}};
        v = fc3_sub256(zero, v);
    }
    big r = big_from_i64(0), two32 = big_from_i64((int64_t)1 << 32);
    for (int i = 3; i >= 0; i--) {
        r = big_mul(big_mul(r, two32), two32);
        r = big_add(r, big_mul(big_from_i64((int64_t)(v.w[i] >> 32)), two32));
        r = big_add(r, big_from_i64((int64_t)(v.w[i] & 0xFFFFFFFFu)));
    }
    return neg ? big_neg(r) : r;
}

static fc_i128 rnd_i128(uint64_t *s)
{
    int64_t hi = fc_u64_to_i64(tu_rand64(s));
    fc_i128 v = fc_i128_make(hi, tu_rand64(s));
    v = fc_i128_shr(v, (unsigned)rnd(s, 1, 127)); /* |v| < 2^126 */
    return v;
}

static void check_wide256(uint64_t *s, long n)
{
    for (long i = 0; i < n; i++) {
        fc_i128 a = rnd_i128(s), b = rnd_i128(s), c = rnd_i128(s), d = rnd_i128(s);
        fc3_i256 p = fc3_mul256(a, b), q = fc3_mul256(c, d);
        big bp = big_mul(big_from_i128(a), big_from_i128(b)), bq = big_mul(big_from_i128(c), big_from_i128(d));
        TU_CHECK(big_cmp(big_from_256(p), bp) == 0, "mul256");
        TU_CHECK(big_cmp(big_from_256(fc3_sub256(p, q)), big_sub(bp, bq)) == 0, "sub256");
        TU_CHECK(fc3_cmp256(p, q) == big_cmp(bp, bq) && fc3_cmp256(p, p) == 0, "cmp256");
    }
}

static void check_division(uint64_t *s, long n)
{
    for (long i = 0; i < n; i++) {
        uint64_t den = tu_rand64(s);
        den >>= rnd(s, 0, 62);
        if (den == 0)
            den = 1;
        uint64_t q = tu_rand64(s);
        q >>= rnd(s, 0, 63);
        fc_i128 num = fc_i128_add(fc_i128_mul_i64((int64_t)(q >> 1), (int64_t)(den >> 1)), fc_i128_make(0, 0));
        num = fc_i128_shl(num, 2); /* < 2^126: q * den approximately */
        num = fc_i128_add(num, fc_i128_make(0, tu_rand64(s) % den));
        uint64_t want = (uint64_t)((u128)(((u128)(uint64_t)num.hi << 64) | num.lo) / den);
        if ((u128)(((u128)(uint64_t)num.hi << 64) | num.lo) / den >> 64)
            continue;
        TU_CHECK(fc3_udiv(num, den) == want && fc3_udiv_limbs(num, den) == want, "udiv");
    }
}

int main(int argc, char **argv)
{
    int longrun = 0, only_box = 0, only_sphere = 0;
    for (int i = 1; i < argc; i++) {
        brk |= strcmp(argv[i], "--break") == 0;
        longrun |= strcmp(argv[i], "--long") == 0;
        only_box |= strcmp(argv[i], "--filter-box") == 0;
        only_sphere |= strcmp(argv[i], "--filter-sphere") == 0;
    }
    /* The filters at their bounds (own streams: keep the digest's inputs);
     * --filter-box / --filter-sphere run only one of them (the should-fail
     * twins, built with a too-small bound). */
    uint64_t sbox = 0xF11FF11FB0B0B0B1u, ssph = 0x5F1E5F1E5F1E5F1Fu;
    if (!only_sphere) {
        box_filter_bound_pairs(&sbox, longrun ? 40000 : 4000);
        centre_inside_pairs(&sbox, longrun ? 10000 : 1000);
    }
    if (!only_box)
        sphere_filter_bound_pairs(&ssph, longrun ? 20000 : 2000);
    printf("filter bound cases %ld\n", n_filter_bound);
    if (only_box || only_sphere)
        return tu_finish(only_box ? "test_collide3d --filter-box" : "test_collide3d --filter-sphere");
    long scale = longrun ? 40 : 4; /* quarters: --break needs only one quarter to fail */
    if (brk)
        scale = 1;
    uint64_t s = longrun ? 0xA5A5F00DCAFEBEEFu : 0x3D3D3D3D12345678u;
    check_division(&s, 20000);
    uint64_t shair = 0x4A124A124A124A12u;
    long hair = hairline_spheres(&shair, 100000);
    TU_CHECK(hair >= 50, "too few hairline cases: %ld", hair);
    uint64_t sself = 0x5E1F5E1F5E1F5E1Fu;
    self_pairs(&sself, 300);
    uint64_t s256 = 0x2560256025602561u; /* own stream: keeps the digest's inputs */
    check_wide256(&s256, 20000);
    random_pairs(&s, 22500 * scale);
    boundary_pairs(&s, 1000 * scale);
    exact_touching(&s, 375 * scale);
    sphere_skew_pairs(&s, 250 * scale);
    printf("oracle cases %ld, geometry cases (clear margin) %ld, symmetry cases %ld, contacts %ld, "
           "hairline sphere/OBB3 cases %ld\n", n_oracle, n_geom, n_sym, n_contact, hair);
    /* Golden digest of every overlap and contact result of the default run:
     * the same in every build (native and limbs fc_i128, sanitizers, any
     * optimisation level). Update it only for an intended change of results. */
    printf("result digest %016llx\n", (unsigned long long)digest);
    if (!longrun && !brk)
        TU_CHECK(digest == 0x3e308ffad2ba00cbu, "result digest changed");
    return tu_finish(brk ? "test_collide3d --break" : longrun ? "test_collide3d --long" : "test_collide3d");
}
