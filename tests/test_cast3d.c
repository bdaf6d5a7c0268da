/* SPDX-License-Identifier: MIT */
/* 3D shape casts (fixcol/cast.h) against the independent exact oracle
 * (cast3d_oracle.h: overlap at dyadic times, vertex projection / active
 * sets in test big integers), random and adversarial, plus symmetry, the
 * world casts against brute force over pair casts, and the errors.
 *
 * For a hit with exact entry t* (K = floor(t* 2^30), T = reported t):
 * no overlap at (K - 1) / 2^30 (nor at 0 when t* > 0, nor at (T - 1) /
 * 2^16), and overlap at K / 2^30 or (K + 1) / 2^30 - unless the shapes
 * only touch during an interval shorter than 2^-30 (a tangent graze),
 * counted and printed as "unconfirmed"; T must be floor(K / 2^14). For a
 * miss: no overlap at t = 0, 1 and at random times. Normals: unit within
 * FC_CAST_NORMAL_TOL, from moving to target (n . delta >= 0 at t > 0),
 * +-e_i for two AABBs.
 *
 *   test_cast3d [--run N] [--seed S] [--break]
 * --break makes the oracle count touching as separated: the touching
 * cases must then fail. */
#include <fixcol/cast.h>
#include <fixcol/collide3d.h>
#include <fixcol/trig.h>
#include <fixcol/world.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../src/cast/cast3d_internal.h"
#pragma GCC diagnostic ignored "-Wunused-function" /* the shared oracle header's other references */
#include "cast3d_oracle.h"
#include "testutil.h"

#define U 65536
#define LIM FC_COORD_LIMIT

static long n_hits, n_miss, n_unconfirmed, n_start;

static int64_t rnd(uint64_t *s, int64_t lo, int64_t hi)
{
    return lo + (int64_t)(tu_rand64(s) % (uint64_t)(hi - lo + 1));
}

static fc_shape3 sphere(int64_t x, int64_t y, int64_t z, int64_t r)
{
    fc_shape3 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE3_SPHERE;
    s.u.sphere.center = fc_vec3_make((fix16_t)x, (fix16_t)y, (fix16_t)z);
    s.u.sphere.radius = (fix16_t)r;
    return s;
}

static fc_shape3 aabb(int64_t x0, int64_t y0, int64_t z0, int64_t x1, int64_t y1, int64_t z1)
{
    fc_shape3 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE3_AABB;
    s.u.aabb.min = fc_vec3_make((fix16_t)x0, (fix16_t)y0, (fix16_t)z0);
    s.u.aabb.max = fc_vec3_make((fix16_t)x1, (fix16_t)y1, (fix16_t)z1);
    return s;
}

static fc_shape3 obb(int64_t x, int64_t y, int64_t z, int64_t hx, int64_t hy, int64_t hz, uint32_t yaw,
                     uint32_t pitch, uint32_t roll)
{
    fc_shape3 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE3_OBB;
    fc_status st = fc_obb3_from_euler(fc_vec3_make((fix16_t)x, (fix16_t)y, (fix16_t)z),
                                      fc_vec3_make((fix16_t)hx, (fix16_t)hy, (fix16_t)hz), (fc_angle)yaw,
                                      (fc_angle)pitch, (fc_angle)roll, &s.u.obb);
    if (st != FC_OK)
        s.type = (fc_shape3_type)0;
    return s;
}

/* A random shape of type ty (1..3) around (cx, cy, cz), size up to sz. */
static fc_shape3 rshape(uint64_t *s, int ty, int64_t cx, int64_t cy, int64_t cz, int64_t sz)
{
    int64_t a = rnd(s, 1, sz), b = rnd(s, 1, sz), c = rnd(s, 1, sz);
    if (ty == 1)
        return sphere(cx, cy, cz, tu_rand64(s) % 16 == 0 ? 0 : a);
    if (ty == 2) {
        int64_t e = rnd(s, 1, sz), f = rnd(s, 1, sz), g = rnd(s, 1, sz);
        return aabb(cx - a, cy - b, cz - c, cx + e, cy + f, cz + g);
    }
    uint32_t r = (uint32_t)tu_rand64(s);
    uint32_t yaw = r % 4 == 0 ? (r >> 2) % 4 * 16384u : (uint32_t)tu_rand64(s);
    uint32_t pitch = r % 3 == 0 ? 0 : (uint32_t)tu_rand64(s), roll = r % 5 == 0 ? 0 : (uint32_t)tu_rand64(s);
    return obb(cx, cy, cz, a, b, c, yaw % 65536u, pitch % 65536u, roll % 65536u);
}

/* Random type and centre, drawn in a fixed order (not as arguments, whose
 * evaluation order differs between compilers). */
static fc_shape3 rshape_in(uint64_t *s, int ty, int64_t lo, int64_t hi, int64_t sz)
{
    int64_t x = rnd(s, lo, hi), y = rnd(s, lo, hi), z = rnd(s, lo, hi);
    return rshape(s, ty, x, y, z, sz);
}

static fc_shape3 rshape_slab(uint64_t *s, int64_t sz)
{
    int ty = 1 + (int)(tu_rand64(s) % 3);
    int64_t x = rnd(s, 0, 64 * U), y = rnd(s, 0, 8 * U), z = rnd(s, 0, 64 * U);
    return rshape(s, ty, x, y, z, sz);
}

static int64_t iabs(int64_t v)
{
    return v < 0 ? -v : v;
}

/* ---- the normal, independently in long double (tests only): the exact
 * entry t* as floor(t* 2^60) / 2^60 (moving the shapes by < 2^-29 raw) */
typedef long double ld;

static void box_geom(const fc_shape3 *s, ld shift, const fc_vec3 d, ld c[3], ld h[3], ld ax[3][3])
{
    if (s->type == FC_SHAPE3_AABB) {
        const fc_aabb3 *b = &s->u.aabb;
        const ld lo[3] = {b->min.x, b->min.y, b->min.z}, hi[3] = {b->max.x, b->max.y, b->max.z};
        for (int i = 0; i < 3; i++) {
            c[i] = (lo[i] + hi[i]) / 2;
            h[i] = (hi[i] - lo[i]) / 2;
            for (int k = 0; k < 3; k++)
                ax[i][k] = i == k;
        }
    } else {
        const fc_obb3 *b = &s->u.obb;
        const ld cc[3] = {b->center.x, b->center.y, b->center.z}, hh[3] = {b->half.x, b->half.y, b->half.z};
        for (int i = 0; i < 3; i++) {
            c[i] = cc[i];
            h[i] = hh[i];
            ax[i][0] = b->axis[i].x / 65536.0L;
            ax[i][1] = b->axis[i].y / 65536.0L;
            ax[i][2] = b->axis[i].z / 65536.0L;
        }
    }
    c[0] += shift * d.x;
    c[1] += shift * d.y;
    c[2] += shift * d.z;
}

/* Closest point of the box (c, h, ax) to p: coordinate descent on the
 * oblique coordinates (the axes are orthonormal within 2^-12, so each
 * sweep shrinks the error ~4000-fold). */
static void closest_on_box(const ld c[3], const ld h[3], ld ax[3][3], const ld p[3], ld q[3])
{
    ld t[3] = {0, 0, 0};
    for (int it = 0; it < 40; it++)
        for (int i = 0; i < 3; i++) {
            ld g = 0, n2 = 0;
            for (int k = 0; k < 3; k++) {
                q[k] = c[k] + t[0] * ax[0][k] + t[1] * ax[1][k] + t[2] * ax[2][k];
                g += ax[i][k] * (p[k] - q[k]);
                n2 += ax[i][k] * ax[i][k];
            }
            t[i] += g / n2;
            t[i] = t[i] < -h[i] ? -h[i] : t[i] > h[i] ? h[i] : t[i];
        }
    for (int k = 0; k < 3; k++)
        q[k] = c[k] + t[0] * ax[0][k] + t[1] * ax[1][k] + t[2] * ax[2][k];
}

static int near_unit(const ld v[3], fc_vec3 n, ld tol)
{
    ld l = sqrtl(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    if (l == 0)
        return 0;
    return fabsl(v[0] / l * 65536 - n.x) <= tol && fabsl(v[1] / l * 65536 - n.y) <= tol &&
           fabsl(v[2] / l * 65536 - n.z) <= tol;
}

static void lcross(const ld a[3], const ld b[3], ld o[3])
{
    o[0] = a[1] * b[2] - a[2] * b[1];
    o[1] = a[2] * b[0] - a[0] * b[2];
    o[2] = a[0] * b[1] - a[1] * b[0];
}

/* The box's projection interval on n. */
static void project(const ld c[3], const ld h[3], ld ax[3][3], const ld n[3], ld *lo, ld *hi)
{
    ld m = c[0] * n[0] + c[1] * n[1] + c[2] * n[2], r = 0;
    for (int i = 0; i < 3; i++)
        r += h[i] * fabsl(ax[i][0] * n[0] + ax[i][1] * n[1] + ax[i][2] * n[2]);
    *lo = m - r;
    *hi = m + r;
}

static long n_normals;

/* 1 when the reported normal at t > 0 is the contact direction. */
static int normal_ok(const fc_shape3 *m, fc_vec3 d, const fc_shape3 *tg, const fc_castt *t, fc_vec3 n)
{
    const ld tol = FC_CAST_NORMAL_TOL + 0.01L;
    ld tl = (ld)fc_castt_floor_pow2(t, 60) / 1152921504606846976.0L;
    n_normals++;
    if (m->type == FC_SHAPE3_SPHERE && tg->type == FC_SHAPE3_SPHERE) {
        const fc_sphere *a = &m->u.sphere, *b = &tg->u.sphere;
        ld v[3] = {b->center.x - (a->center.x + tl * d.x), b->center.y - (a->center.y + tl * d.y),
                   b->center.z - (a->center.z + tl * d.z)};
        if (a->radius + (int64_t)b->radius == 0)
            v[0] = d.x, v[1] = d.y, v[2] = d.z;
        return near_unit(v, n, tol);
    }
    if (m->type == FC_SHAPE3_SPHERE || tg->type == FC_SHAPE3_SPHERE) {
        int moving_sphere = m->type == FC_SHAPE3_SPHERE;
        const fc_sphere *sp = moving_sphere ? &m->u.sphere : &tg->u.sphere;
        if (sp->radius == 0)
            return 1; /* a point: any face it enters through (checked by the sign test) */
        ld c[3], h[3], ax[3][3], q[3];
        box_geom(moving_sphere ? tg : m, moving_sphere ? 0 : tl, d, c, h, ax);
        ld p[3] = {sp->center.x, sp->center.y, sp->center.z};
        if (moving_sphere)
            p[0] += tl * d.x, p[1] += tl * d.y, p[2] += tl * d.z;
        closest_on_box(c, h, ax, p, q);
        ld v[3] = {q[0] - p[0], q[1] - p[1], q[2] - p[2]};
        if (!moving_sphere)
            v[0] = -v[0], v[1] = -v[1], v[2] = -v[2];
        return near_unit(v, n, tol);
    }
    /* boxes: the normal is one of the 15 axes (unit), and on it the boxes touch at t* */
    ld ca[3], ha[3], aa[3][3], cb[3], hb[3], ab[3][3], axes[15][3];
    box_geom(m, tl, d, ca, ha, aa);
    box_geom(tg, 0, d, cb, hb, ab);
    for (int i = 0; i < 3; i++) {
        lcross(aa[(i + 1) % 3], aa[(i + 2) % 3], axes[i]);
        lcross(ab[(i + 1) % 3], ab[(i + 2) % 3], axes[3 + i]);
        for (int j = 0; j < 3; j++)
            lcross(aa[i], ab[j], axes[6 + 3 * i + j]);
    }
    for (int k = 0; k < 15; k++) {
        ld l = sqrtl(axes[k][0] * axes[k][0] + axes[k][1] * axes[k][1] + axes[k][2] * axes[k][2]);
        if (l < 1e-12L)
            continue;
        for (int sgn = -1; sgn <= 1; sgn += 2) {
            ld u[3] = {sgn * axes[k][0] / l, sgn * axes[k][1] / l, sgn * axes[k][2] / l};
            if (!near_unit(u, n, tol))
                continue;
            ld alo, ahi, blo, bhi;
            project(ca, ha, aa, u, &alo, &ahi);
            project(cb, hb, ab, u, &blo, &bhi);
            if (fabsl(blo - ahi) <= 1.0L / 1024) /* touching on it (within 2^-10 raw) */
                return 1;
        }
    }
    return 0;
}

/* A library big integer as a test big integer (limb by limb). */
static big fc_to_big(const fc_big *v)
{
    big r = big_from_i64(0), base = big_from_i64((int64_t)1 << 32);
    for (int32_t i = v->n - 1; i >= 0; i--)
        r = big_add(big_mul(r, base), big_from_i64(v->mag[i]));
    return v->sign < 0 ? big_neg(r) : r;
}

/* Checks one cast against the oracle; returns the reported hit flag. */
static int check_cast(const fc_shape3 *m, fc_vec3 d, const fc_shape3 *tg, const char *what)
{
    fc_cast3_hit out;
    int hit = -1;
    memset(&out, 0x5a, sizeof out);
    fc_status st = fc_cast3(m, d, tg, &out, &hit);
    TU_CHECK(st == FC_OK, "%s: status %d", what, st);
    if (st != FC_OK)
        return 0;
    if (!hit) {
        n_miss++;
        TU_CHECK(!or3_overlap_at(m, d, tg, 0), "%s: miss but overlap at 0", what);
        TU_CHECK(!or3_overlap_at(m, d, tg, (int64_t)1 << OR3_BITS), "%s: miss but overlap at 1", what);
        for (int k = 1; k < 4; k++)
            TU_CHECK(!or3_overlap_at(m, d, tg, k * ((int64_t)1 << OR3_BITS) / 4), "%s: miss but overlap at %d/4",
                     what, k);
        return 0;
    }
    n_hits++;
    fc_castt t;
    fc_cast3_feat f;
    TU_CHECK(fc_cast3_exact(m, d, tg, &t, &f), "%s: exact cast disagrees", what);
    int64_t K = fc_castt_floor_pow2(&t, OR3_BITS), one = (int64_t)1 << OR3_BITS;
    TU_CHECK(out.t == (fix16_t)(K >> (OR3_BITS - 16)), "%s: t %d vs K %lld", what, out.t, (long long)K);
    TU_CHECK(out.id.index == 0 && out.id.generation == 0 && out.id.world == 0, "%s: id not zero", what);
    fc_castt zero = fc_castt_int(0);
    int at_start = fc_castt_cmp(&t, &zero) == 0;
    n_start += at_start;
    if (!at_start) {
        TU_CHECK(!or3_overlap_at(m, d, tg, 0), "%s: t > 0 but overlap at 0", what);
        if (K >= 1)
            TU_CHECK(!or3_overlap_at(m, d, tg, K - 1), "%s: overlap before the entry (K-1=%lld)", what,
                     (long long)(K - 1));
        if (out.t >= 1)
            TU_CHECK(!or3_overlap_at(m, d, tg, ((int64_t)out.t - 1) << (OR3_BITS - 16)),
                     "%s: overlap at T-1 = %d", what, out.t - 1);
    }
    if (!or3_overlap_at(m, d, tg, K) && (K == one || !or3_overlap_at(m, d, tg, K + 1))) {
        /* the shapes touch for less than 2^-30: box pairs at the exact
         * rational t*; with a sphere, the sphere grown by 2^-30 |d|_1 (the
         * most the shapes can move in 2^-30) must overlap at K / 2^30 */
        n_unconfirmed++;
        TU_CHECK(!at_start, "%s: t = 0 without overlap at 0", what);
        if (m->type != FC_SHAPE3_SPHERE && tg->type != FC_SHAPE3_SPHERE) {
            TU_CHECK(t.s == 0, "%s: box pair with a surd entry", what);
            TU_CHECK(or3_boxes_at(m, d, tg, fc_to_big(&t.p), fc_to_big(&t.r)), "%s: no contact at the exact t", what);
        } else {
            int64_t grow = 2 * (iabs(d.x) + iabs(d.y) + iabs(d.z)) + 2;
            TU_CHECK(or3_overlap_grown(m, d, tg, K, grow), "%s: not even near contact at K", what);
        }
    }
    /* the normal: a unit vector; from moving to target */
    int64_t nx = out.normal.x, ny = out.normal.y, nz = out.normal.z;
    int64_t len2 = nx * nx + ny * ny + nz * nz;
    TU_CHECK(iabs(len2 - (int64_t)U * U) <= 8 * (int64_t)U, "%s: normal not unit (%lld %lld %lld)", what,
             (long long)nx, (long long)ny, (long long)nz);
    if (!at_start) {
        int64_t dn = nx * d.x + ny * d.y + nz * d.z;
        int64_t dl = iabs(d.x) + iabs(d.y) + iabs(d.z);
        TU_CHECK(dn >= -4 * dl, "%s: normal against the motion", what);
        TU_CHECK(normal_ok(m, d, tg, &t, out.normal), "%s: normal (%d %d %d) is not the contact direction", what,
                 out.normal.x, out.normal.y, out.normal.z);
        if (m->type == FC_SHAPE3_AABB && tg->type == FC_SHAPE3_AABB)
            TU_CHECK((iabs(nx) == U) + (iabs(ny) == U) + (iabs(nz) == U) == 1 && iabs(nx) + iabs(ny) + iabs(nz) == U,
                     "%s: AABB normal not an axis", what);
    }
    return 1;
}

/* cast(A, d, B) and cast(B, -d, A): the same exact entry. */
static void check_symmetry(const fc_shape3 *a, fc_vec3 d, const fc_shape3 *b, const char *what)
{
    fc_vec3 nd = fc_vec3_make(-d.x, -d.y, -d.z);
    fc_castt t1, t2;
    fc_cast3_feat f1, f2;
    int h1 = fc_cast3_exact(a, d, b, &t1, &f1), h2 = fc_cast3_exact(b, nd, a, &t2, &f2);
    TU_CHECK(h1 == h2, "%s: symmetry hit %d vs %d", what, h1, h2);
    if (h1 && h2)
        TU_CHECK(fc_castt_cmp(&t1, &t2) == 0, "%s: symmetry t differs", what);
}

/* The rounded-box shortcut against the full 26-piece search: the same
 * hit, entry and feature (sphere against box, outside at t = 0). */
static long n_shortcut;
static void check_shortcut(const fc_shape3 *a, fc_vec3 d, const fc_shape3 *b, const char *what)
{
    if (a->type != FC_SHAPE3_SPHERE || b->type == FC_SHAPE3_SPHERE || a->u.sphere.radius == 0 || fc_overlap3(a, b))
        return;
    fc_c3box box;
    fc_c3box_of(b, &box);
    int64_t x[3] = {(int64_t)a->u.sphere.center.x * U, (int64_t)a->u.sphere.center.y * U,
                    (int64_t)a->u.sphere.center.z * U},
            dd[3] = {(int64_t)d.x * U, (int64_t)d.y * U, (int64_t)d.z * U}, rr = (int64_t)a->u.sphere.radius * U;
    fc_castt t1, t2;
    fc_cast3_feat f1, f2;
    memset(&f1, 0, sizeof f1);
    memset(&f2, 0, sizeof f2);
    int h1 = fc_c3_sweep_rounded(x, dd, &box, rr, NULL, &t1, &f1),
        h2 = fc_c3_sweep_rounded_all(x, dd, &box, rr, NULL, &t2, &f2);
    n_shortcut++;
    TU_CHECK(h1 == h2, "%s: shortcut hit %d vs full %d", what, h1, h2);
    if (h1 && h2)
        TU_CHECK(fc_castt_cmp(&t1, &t2) == 0 && memcmp(&f1, &f2, sizeof f1) == 0, "%s: shortcut differs", what);
    if (!h1)
        return;
    /* a bound (an earlier piece's entry): only a strictly earlier entry
     * counts, and one that does is found exactly as without the bound */
    fc_castt t3, one = fc_castt_int(1);
    fc_cast3_feat f3;
    fc_castt_cache(&one);
    TU_CHECK(!fc_c3_sweep_rounded(x, dd, &box, rr, &t1, &t3, &f3) &&
                 !fc_c3_sweep_rounded_all(x, dd, &box, rr, &t1, &t3, &f3),
             "%s: an entry equal to the bound counts", what);
    if (fc_castt_cmp(&t1, &one) >= 0)
        return;
    for (int full = 0; full < 2; full++) {
        memset(&f3, 0, sizeof f3);
        int h3 = full ? fc_c3_sweep_rounded_all(x, dd, &box, rr, &one, &t3, &f3)
                      : fc_c3_sweep_rounded(x, dd, &box, rr, &one, &t3, &f3);
        TU_CHECK(h3 && fc_castt_cmp(&t3, &t1) == 0 && memcmp(&f3, &f1, sizeof f1) == 0,
                 "%s: an entry before the bound differs (%s)", what, full ? "full search" : "shortcut");
    }
}

static void check_pair(const fc_shape3 *a, fc_vec3 d, const fc_shape3 *b, const char *what)
{
    if (fc_shape3_validate(a) != FC_OK || fc_shape3_validate(b) != FC_OK)
        return;
    check_cast(a, d, b, what);
    check_symmetry(a, d, b, what);
    check_shortcut(a, d, b, what);
}

static void centre_of(const fc_shape3 *s, int64_t c[3])
{
    if (s->type == FC_SHAPE3_SPHERE) {
        c[0] = s->u.sphere.center.x, c[1] = s->u.sphere.center.y, c[2] = s->u.sphere.center.z;
    } else if (s->type == FC_SHAPE3_AABB) {
        c[0] = ((int64_t)s->u.aabb.min.x + s->u.aabb.max.x) / 2;
        c[1] = ((int64_t)s->u.aabb.min.y + s->u.aabb.max.y) / 2;
        c[2] = ((int64_t)s->u.aabb.min.z + s->u.aabb.max.z) / 2;
    } else {
        c[0] = s->u.obb.center.x, c[1] = s->u.obb.center.y, c[2] = s->u.obb.center.z;
    }
}

/* ---- random */
static void random_cases(uint64_t *s, long n)
{
    for (long i = 0; i < n; i++) {
        int ta = 1 + (int)(tu_rand64(s) % 3), tb = 1 + (int)(tu_rand64(s) % 3);
        int scale = (int)(tu_rand64(s) % 4);
        int64_t area = scale == 0 ? 64 : scale == 1 ? 8 * U : scale == 2 ? 64 * U : LIM / 2;
        int64_t sz = scale == 0 ? 16 : scale == 1 ? 2 * U : scale == 2 ? 16 * U : FC_SIZE_LIMIT;
        fc_shape3 a = rshape_in(s, ta, -area, area, sz), b = rshape_in(s, tb, -area, area, sz);
        fc_vec3 d;
        if (tu_rand64(s) % 8 == 0)
            d = fc_vec3_make(0, 0, 0);
        else {
            int64_t dl = 3 * area;
            if (dl > 2 * (int64_t)LIM)
                dl = 2 * (int64_t)LIM;
            int64_t dx = rnd(s, -dl, dl), dy = rnd(s, -dl, dl), dz = rnd(s, -dl, dl);
            d = fc_vec3_make((fix16_t)dx, (fix16_t)dy, (fix16_t)dz);
        }
        if (tu_rand64(s) % 2) { /* aim the motion at the target's centre, give or take */
            int64_t ca[3], cb[3], dd[3];
            centre_of(&a, ca);
            centre_of(&b, cb);
            for (int k = 0; k < 3; k++) {
                dd[k] = 2 * (cb[k] - ca[k]) + rnd(s, -sz, sz);
                dd[k] = dd[k] > 2 * (int64_t)LIM ? 2 * (int64_t)LIM : dd[k] < -2 * (int64_t)LIM ? -2 * (int64_t)LIM : dd[k];
            }
            d = fc_vec3_make((fix16_t)dd[0], (fix16_t)dd[1], (fix16_t)dd[2]);
        }
        check_pair(&a, d, &b, "random");
    }
}

/* ---- adversarial */
static void adversarial_cases(uint64_t *s)
{
    fc_vec3 z = fc_vec3_make(0, 0, 0);
    /* boxes touching at t = 0, face to face; moving apart and together */
    fc_shape3 a = aabb(0, 0, 0, U, U, U), b = aabb(U, 0, 0, 2 * U, U, U);
    check_pair(&a, z, &b, "touch at 0, zero delta");
    check_pair(&a, fc_vec3_make(-U, 0, 0), &b, "touch at 0, leaving");
    check_pair(&a, fc_vec3_make(0, U, 0), &b, "touch at 0, sliding");
    /* 1 raw apart, zero delta and a 1-raw step */
    fc_shape3 c = aabb(U + 1, 0, 0, 2 * U, U, U);
    check_pair(&a, z, &c, "1 raw apart");
    check_pair(&a, fc_vec3_make(1, 0, 0), &c, "1 raw step");
    check_pair(&a, fc_vec3_make(0, 5, 0), &c, "1 raw apart, sliding");
    /* touching exactly at t = 1 */
    check_pair(&a, fc_vec3_make(1, 0, 0), &c, "touch at 1");
    check_pair(&a, fc_vec3_make(2 * U, 0, 0), &(fc_shape3){0}, "invalid target skipped");
    /* entry exactly at k / 65536: gap g, delta 65536 g / k */
    for (int k = 1; k <= 65536; k = k * 3 + 1) {
        int64_t g = rnd(s, 1, 64), dx = 65536 * g / k;
        if (65536 * g % k != 0)
            continue;
        fc_shape3 t = aabb(U + g, 0, 0, 2 * U, U, U);
        check_pair(&a, fc_vec3_make((fix16_t)dx, 0, 0), &t, "entry at k/65536");
        fc_shape3 sp = sphere(U + g + U / 2, U / 2, U / 2, U / 2);
        check_pair(&a, fc_vec3_make((fix16_t)dx, 0, 0), &sp, "box to sphere at k/65536");
        fc_shape3 sm = sphere(-U / 2 - g, U / 2, U / 2, U / 2);
        check_pair(&sm, fc_vec3_make((fix16_t)dx, 0, 0), &a, "sphere to box at k/65536");
    }
    /* grazing along faces and edges: coplanar sliding, edge on edge */
    fc_shape3 g1 = aabb(-3 * U, U, 0, -2 * U, 2 * U, U);
    check_pair(&g1, fc_vec3_make(6 * U, 0, 0), &a, "graze face");
    fc_shape3 g2 = aabb(-3 * U, U, U, -2 * U, 2 * U, 2 * U);
    check_pair(&g2, fc_vec3_make(6 * U, 0, 0), &a, "graze edge");
    fc_shape3 g3 = aabb(-3 * U, U, U, -2 * U, 2 * U, 2 * U);
    check_pair(&g3, fc_vec3_make(3 * U, -U, -U), &a, "corner on corner");
    /* spheres: tangent pass, head-on, points */
    fc_shape3 s1 = sphere(0, 0, 0, U), s2 = sphere(5 * U, 2 * U, 0, U), p1 = sphere(0, 0, 0, 0),
              p2 = sphere(5 * U, 0, 0, 0);
    check_pair(&s1, fc_vec3_make(10 * U, 0, 0), &s2, "tangent spheres");
    check_pair(&s1, fc_vec3_make(10 * U, 2 * U, 0), &s2, "head-on spheres");
    check_pair(&s1, fc_vec3_make(15 * U, 0, 0), &s2, "tangent spheres at t = 1/3");
    check_pair(&s1, fc_vec3_make(15 * U, 1, 0), &s2, "spheres 1 raw off tangent");
    fc_shape3 e1 = aabb(-4 * U, U, U, -3 * U, 2 * U, 2 * U);
    check_pair(&e1, fc_vec3_make(9 * U, -3 * U, 0), &a, "box corner grazes an edge at t = 1/3");
    fc_shape3 s5 = sphere(-3 * U, U + U / 2, 2 * U, U);
    check_pair(&s5, fc_vec3_make(9 * U, -3 * U, 0), &a, "sphere tangent to an edge, non-dyadic");
    check_pair(&p1, fc_vec3_make(10 * U, 0, 0), &p2, "points meet");
    check_pair(&p1, fc_vec3_make(10 * U, 1, 0), &p2, "points miss by 1 raw");
    check_pair(&p1, fc_vec3_make(10 * U, 0, 0), &a, "point into box");
    fc_shape3 s3 = sphere(-5 * U, U + U / 2, U + U / 2, U / 2);
    check_pair(&s3, fc_vec3_make(10 * U, 0, 0), &a, "sphere along an edge (tangent)");
    fc_shape3 s4 = sphere(-5 * U, 2 * U, 2 * U, 1);
    check_pair(&s4, fc_vec3_make(6 * U, -U - 1, -U - 1), &a, "1-raw sphere onto a corner");
    /* OBB face parallel to an AABB face (yaw 90 deg) and rotated edges */
    fc_shape3 o1 = obb(-4 * U, U / 2, U / 2, U / 2, U / 2, U / 2, 16384, 0, 0);
    check_pair(&o1, fc_vec3_make(8 * U, 0, 0), &a, "parallel OBB");
    fc_shape3 o2 = obb(-4 * U, U, U, U / 2, U / 2, U / 2, 8192, 8192, 0);
    check_pair(&o2, fc_vec3_make(8 * U, 0, 0), &a, "rotated OBB edge");
    check_pair(&o2, fc_vec3_make(8 * U, 0, 0), &o1, "OBB vs OBB");
    /* range limits: shapes at the corners of the range, the largest delta */
    int64_t L = LIM, S = FC_SIZE_LIMIT;
    fc_shape3 r1 = sphere(-L, -L, -L, S), r2 = sphere(L, L, L, S), r3 = aabb(L - 2 * S, L - 2 * S, L - 2 * S, L, L, L),
              r4 = obb(-L, -L, -L, S, S, S, 12345, 2345, 345), r5 = obb(L, L, L, S, S, S, 4321, 321, 21),
              r6 = aabb(-L, -L, -L, -L + 2 * S, -L + 2 * S, -L + 2 * S);
    fc_vec3 far = fc_vec3_make(2 * LIM, 2 * LIM, 2 * LIM), nbig = fc_vec3_make(-2 * LIM, -2 * LIM, -2 * LIM);
    const fc_shape3 *lo[] = {&r1, &r4, &r6}, *hi[] = {&r2, &r3, &r5};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            check_pair(lo[i], far, hi[j], "range limits");
            check_pair(hi[j], nbig, lo[i], "range limits reversed");
            check_pair(lo[i], fc_vec3_make(2 * LIM, -2 * LIM, 2 * LIM), hi[j], "range limits miss");
        }
}

/* ---- world */
typedef struct counting {
    long allocs;
    int fail; /* every allocation fails while set */
} counting;

static void *count_alloc(void *ctx, size_t size)
{
    counting *c = (counting *)ctx;
    if (c->fail)
        return NULL;
    c->allocs++;
    return malloc(size);
}

static void count_free(void *ctx, void *p, size_t size)
{
    (void)ctx;
    (void)size;
    free(p);
}

/* The cast arrays: FC_ERR_NO_MEMORY when they cannot grow (world checksum
 * and earlier results unchanged), then no allocation once grown. */
static void check_cast_memory(fc_world *w, counting *cnt, const fc_shape3 *m, fc_vec3 d)
{
    const fc_cast3_hit *hits = NULL;
    int32_t count = -1;
    uint64_t sum = fc_world_checksum(w);
    cnt->fail = 1;
    fc_status st = fc_world_cast3_all(w, m, d, fc_filter_default(), &hits, &count);
    cnt->fail = 0;
    TU_CHECK(st == FC_ERR_NO_MEMORY && count == -1 && fc_world_checksum(w) == sum, "no memory: status %d", st);
    fc_cast3_hit h;
    int hit = 7;
    cnt->fail = 1;
    st = fc_world_cast3(w, m, d, fc_filter_default(), &h, &hit);
    cnt->fail = 0;
    TU_CHECK(st == FC_ERR_NO_MEMORY && hit == 7 && fc_world_checksum(w) == sum, "closest no memory: status %d", st);
    TU_CHECK(fc_world_cast3_all(w, m, d, fc_filter_default(), &hits, &count) == FC_OK && count > 0, "grown");
    TU_CHECK(fc_world_cast3(w, m, d, fc_filter_default(), &h, &hit) == FC_OK && hit == 1, "closest grown");
    long before = cnt->allocs;
    for (int k = 0; k < 3; k++) {
        TU_CHECK(fc_world_cast3_all(w, m, d, fc_filter_default(), &hits, &count) == FC_OK, "again");
        TU_CHECK(fc_world_cast3(w, m, d, fc_filter_default(), &h, &hit) == FC_OK && hit, "closest again");
    }
    TU_CHECK(cnt->allocs == before, "steady casts allocated %ld times", cnt->allocs - before);
}

static void world_cases(uint64_t *s, int bodies, int casts)
{
    counting alloc_count = {0, 0}; /* allocation counter */
    fc_world_def def = fc_world_def_default();
    def.dim = FC_WORLD_3D;
    def.alloc.alloc = count_alloc;
    def.alloc.free = count_free;
    def.alloc.ctx = &alloc_count;
    fc_world *w = NULL;
    TU_CHECK(fc_world_create(&def, &w) == FC_OK, "world create");
    if (w == NULL)
        return;
    fc_body_id *ids = (fc_body_id *)calloc((size_t)bodies, sizeof *ids);
    fc_shape3 *shapes = (fc_shape3 *)calloc((size_t)bodies, sizeof *shapes);
    fc_filter *filters = (fc_filter *)calloc((size_t)bodies, sizeof *filters);
    for (int i = 0; i < bodies; i++) {
        fc_body_def bd = fc_body_def_default();
        do
            bd.shape3 = rshape_slab(s, 4 * U);
        while (fc_shape3_validate(&bd.shape3) != FC_OK);
        /* a few identical bodies: ties by index */
        if (i > 0 && tu_rand64(s) % 10 == 0)
            bd.shape3 = shapes[i - 1];
        bd.filter.category = 1u << (tu_rand64(s) % 3);
        bd.filter.mask = 0xffffffffu;
        shapes[i] = bd.shape3;
        filters[i] = bd.filter;
        TU_CHECK(fc_world_create_body(w, &bd, &ids[i]) == FC_OK, "create body");
    }
    for (int c = 0; c < casts; c++) {
        fc_shape3 m;
        do
            m = rshape_slab(s, 2 * U);
        while (fc_shape3_validate(&m) != FC_OK);
        int64_t dx = rnd(s, -40 * U, 40 * U), dy = rnd(s, -4 * U, 4 * U), dz = rnd(s, -40 * U, 40 * U);
        fc_vec3 d = fc_vec3_make((fix16_t)dx, (fix16_t)dy, (fix16_t)dz);
        fc_filter f;
        f.category = 0xffffffffu;
        f.mask = c % 3 == 0 ? 0xffffffffu : 3u;
        /* brute force: every body passing the filter, pair casts, ordered by (exact t, index) */
        fc_cast3_key *keys = (fc_cast3_key *)calloc((size_t)bodies, sizeof *keys);
        int n = 0;
        for (int i = 0; i < bodies; i++) {
            if ((filters[i].category & f.mask) == 0 || (f.category & filters[i].mask) == 0)
                continue;
            if (fc_cast3_exact(&m, d, &shapes[i], &keys[n].t, &keys[n].f))
                keys[n++].index = (uint32_t)i;
        }
        for (int i = 1; i < n; i++) /* insertion sort: stable, by exact t then index */
            for (int j = i; j > 0; j--) {
                int cmp = fc_castt_cmp(&keys[j].t, &keys[j - 1].t);
                if (cmp > 0 || (cmp == 0 && keys[j].index > keys[j - 1].index))
                    break;
                fc_cast3_key tmp = keys[j];
                keys[j] = keys[j - 1];
                keys[j - 1] = tmp;
            }
        const fc_cast3_hit *hits = NULL;
        int32_t count = -1;
        TU_CHECK(fc_world_cast3_all(w, &m, d, f, &hits, &count) == FC_OK, "cast all");
        TU_CHECK(count == n, "cast all count %d vs %d", count, n);
        for (int i = 0; i < n && i < count; i++) {
            fc_cast3_hit ph;
            int hit = 0;
            fc_cast3(&m, d, &shapes[keys[i].index], &ph, &hit);
            TU_CHECK(hits[i].id.index == ids[keys[i].index].index && hits[i].id.generation == ids[keys[i].index].generation,
                     "cast all order at %d", i);
            TU_CHECK(hits[i].t == ph.t && hits[i].normal.x == ph.normal.x && hits[i].normal.y == ph.normal.y &&
                         hits[i].normal.z == ph.normal.z,
                     "cast all hit %d differs from the pair cast", i);
        }
        fc_cast3_hit best;
        int hit = -1;
        TU_CHECK(fc_world_cast3(w, &m, d, f, &best, &hit) == FC_OK, "cast closest");
        TU_CHECK(hit == (n > 0), "closest hit flag");
        if (hit && n > 0 && count > 0)
            TU_CHECK(memcmp(&best.id, &hits[0].id, sizeof best.id) == 0 && best.t == hits[0].t &&
                         best.normal.x == hits[0].normal.x,
                     "closest differs from the first of all");
        free(keys);
    }
    {
        fc_shape3 slab = aabb(0, 0, 0, 64 * U, 8 * U, 64 * U);
        check_cast_memory(w, &alloc_count, &slab, fc_vec3_make(U, 0, 0));
    }
    /* errors leave outputs untouched */
    fc_cast3_hit o;
    memset(&o, 0x77, sizeof o);
    int h = 7;
    const fc_cast3_hit *hp = (const fc_cast3_hit *)&o;
    int32_t cnt = 77;
    fc_shape3 m = sphere(0, 0, 0, U), bad = sphere(0, 0, 0, -1);
    fc_filter f = fc_filter_default();
    TU_CHECK(fc_world_cast3(w, &m, fc_vec3_make(2 * LIM + 1, 0, 0), f, &o, &h) == FC_ERR_RANGE && h == 7,
             "world range");
    TU_CHECK(fc_world_cast3(w, &bad, fc_vec3_make(0, 0, 0), f, &o, &h) == FC_ERR_SIZE && h == 7, "world size");
    TU_CHECK(fc_world_cast3(NULL, &m, fc_vec3_make(0, 0, 0), f, &o, &h) == FC_ERR_NULL && h == 7, "world null");
    TU_CHECK(fc_world_cast3_all(w, NULL, fc_vec3_make(0, 0, 0), f, &hp, &cnt) == FC_ERR_NULL && cnt == 77,
             "world all null");
    TU_CHECK(fc_world_cast3_all(w, &m, fc_vec3_make(0, -2 * LIM - 1, 0), f, &hp, &cnt) == FC_ERR_RANGE && cnt == 77,
             "world all range");
    fc_world_def d2 = fc_world_def_default();
    fc_world *w2 = NULL;
    if (fc_world_create(&d2, &w2) == FC_OK && fc_world_get_dim(w2) == FC_WORLD_2D)
        TU_CHECK(fc_world_cast3(w2, &m, fc_vec3_make(0, 0, 0), f, &o, &h) == FC_ERR_SHAPE_TYPE && h == 7,
                 "2D world");
    fc_world_destroy(w2);
    TU_CHECK(fc_cast3(&m, fc_vec3_make(0, 0, 2 * LIM + 1), &m, &o, &h) == FC_ERR_RANGE && h == 7, "pair range");
    TU_CHECK(fc_cast3(&m, fc_vec3_make(0, 0, 0), &bad, &o, &h) == FC_ERR_SIZE && h == 7, "pair size");
    TU_CHECK(fc_cast3(NULL, fc_vec3_make(0, 0, 0), &m, &o, &h) == FC_ERR_NULL && h == 7, "pair null");
    TU_CHECK(fc_cast3(&m, fc_vec3_make(0, 0, 0), &m, NULL, &h) == FC_ERR_NULL && h == 7, "pair null out");
    fc_shape3 two = m;
    two.type = (fc_shape3_type)7;
    TU_CHECK(fc_cast3(&m, fc_vec3_make(0, 0, 0), &two, &o, &h) == FC_ERR_SHAPE_TYPE && h == 7, "pair type");
    fc_cast3(&m, fc_vec3_make(3 * U, 0, 0), &(fc_shape3){FC_SHAPE3_SPHERE, {.sphere = {{10 * U, 0, 0}, U}}}, &o, &h);
    TU_CHECK(h == 0, "pair miss flag");
    free(ids);
    free(shapes);
    free(filters);
    fc_world_destroy(w);
}

int main(int argc, char **argv)
{
    long run = 3000;
    uint64_t seed = 0x3d3d2026u;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--run") && i + 1 < argc)
            run = atol(argv[++i]);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = (uint64_t)strtoull(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--break"))
            or3_strict = 1;
    }
    uint64_t s = seed;
    adversarial_cases(&s);
    random_cases(&s, run);
    if (!or3_strict)
        world_cases(&s, 300, run / 30 + 5);
    printf("test_cast3d: %ld hits (%ld at t = 0), %ld misses, %ld unconfirmed grazes, %ld normals, %ld shortcut "
           "comparisons\n",
           n_hits, n_start, n_miss, n_unconfirmed, n_normals, n_shortcut);
    return tu_finish("test_cast3d");
}
