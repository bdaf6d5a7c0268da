/* SPDX-License-Identifier: MIT */
/* 2D shape casts (fc_cast2, fc_world_cast2, fc_world_cast2_all) against an
 * independent exact oracle: the closed-shape overlap test of
 * tests/oracle2d.h (no library code) evaluated at rational times. With
 * coordinates scaled by 2^(16+s) the moving shape at time j / 2^(16+s) is
 * an integer translation (j * delta), so the oracle decides overlap at
 * those times exactly. A reported t = T (floor of the exact entry times
 * 65536) must satisfy:
 *   - no overlap at the fine time T 2^s - 1 (just before T / 65536), nor at
 *     sampled coarse times k < T;
 *   - overlap at (T + 1) / 65536 whenever a later sample overlaps (the
 *     overlap times form an interval);
 *   - t = 0 exactly when the oracle overlaps at 0 (then the normal is
 *     fc_contact2's);
 * a miss: no overlap at any sample. Normals: unit within 2 raw, pointing
 * along the motion (n . d >= 0 up to rounding), opposite for the swapped
 * cast (B, -d, A) when unique (a circle or capsule with R > 0), which must
 * report the same t. World casts are compared with brute force over pair
 * casts (ties by body index, filter). Errors leave outputs untouched.
 *
 * --break up|down|drop: a wrong implementation simulated on the reported
 * t (rounded up / down by one) or a dropped hit; the checks must fail. */
#include <fixcol/cast.h>
#include <fixcol/collide2d.h>
#include <fixcol/world.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cast/cast2d_internal.h" /* c2_floor_bits, checked against fc_castt_floor_pow2 */
#include "oracle2d.h"
#include "testutil.h"
#include "world_fixture.h"

#define FINE 12 /* s: fine samples at 2^-(16+s); the oracle's sizes allow s <= 14 */

static int g_break; /* 0 none, 1 up, 2 down, 3 drop */

/* ---- the oracle at rational times ---------------------------------------- */
static or_core scaled(const or_core *c, int s, int64_t jx, int64_t jy)
{
    or_core o = *c;
    for (int i = 0; i < o.n; i++) {
        o.x[i] = o.x[i] * ((int64_t)1 << s) + jx;
        o.y[i] = o.y[i] * ((int64_t)1 << s) + jy;
    }
    o.r = c->r * ((int64_t)1 << s);
    return o;
}

/* Overlap of moving (a) translated by (j / 2^(16+s)) d and target (b). */
static int overlap_at(const fc_shape2 *a, fc_vec2 d, const fc_shape2 *b, int64_t j, int s)
{
    or_core ca0 = or_from_shape(a), cb0 = or_from_shape(b);
    or_core ca = scaled(&ca0, s, j * d.x, j * d.y), cb = scaled(&cb0, s, 0, 0);
    if (or_cores_meet(&ca, &cb))
        return 1;
    int64_t r = ca.r + cb.r;
    if (r == 0)
        return 0;
    or_big r2 = or_big_i128((or_i128)r * r);
    return or_within(&ca, &cb, r2) || or_within(&cb, &ca, r2);
}

static int coarse(const fc_shape2 *a, fc_vec2 d, const fc_shape2 *b, int64_t k)
{
    return overlap_at(a, d, b, k, 0);
}

/* ---- an independent normal (long double, tests only) -----------------------
 * At the first fine sample j0 with overlap (found by bisection with the exact
 * oracle), the moving shape is past the exact entry by at most |d| 2^-(16+s);
 * the direction between the closest points of the two cores there is within
 * ~2 |d| 2^-(16+s) / R of the exact normal. Used when that is < 2^-20. */
static long double ld_seg_closest(long double px, long double py, long double ax, long double ay, long double bx,
                                  long double by, long double *qx, long double *qy)
{
    long double ex = bx - ax, ey = by - ay, ee = ex * ex + ey * ey, u = 0;
    if (ee > 0) {
        u = ((px - ax) * ex + (py - ay) * ey) / ee;
        u = u < 0 ? 0 : u > 1 ? 1 : u;
    }
    *qx = ax + u * ex, *qy = ay + u * ey;
    return (*qx - px) * (*qx - px) + (*qy - py) * (*qy - py);
}

/* Closest-point direction from core a to core b (0 when they touch). */
static int ld_direction(const or_core *a, const or_core *b, long double *nx, long double *ny)
{
    long double best = -1, vx = 0, vy = 0;
    for (int side = 0; side < 2; side++) {
        const or_core *p = side ? b : a, *f = side ? a : b;
        int nf = f->n >= 3 ? f->n : 1;
        for (int i = 0; i < p->n; i++)
            for (int j = 0; j < nf; j++) {
                int j1 = f->n == 1 ? 0 : (j + 1) % f->n;
                long double qx, qy;
                long double d2 = ld_seg_closest((long double)p->x[i], (long double)p->y[i], (long double)f->x[j],
                                                (long double)f->y[j], (long double)f->x[j1], (long double)f->y[j1], &qx, &qy);
                if (best < 0 || d2 < best) {
                    best = d2;
                    /* from a's point to b's point */
                    vx = side ? (long double)p->x[i] - qx : qx - (long double)p->x[i];
                    vy = side ? (long double)p->y[i] - qy : qy - (long double)p->y[i];
                }
            }
    }
    if (best <= 0)
        return 0;
    long double len = sqrtl(vx * vx + vy * vy);
    *nx = vx / len, *ny = vy / len;
    return 1;
}

static void report(const char *what, const fc_shape2 *a, fc_vec2 d, const fc_shape2 *b, int32_t t)
{
    (void)what;
    fprintf(stderr, "  types %d -> %d, delta (%d, %d), t %d\n", a->type, b->type, d.x, d.y, t);
}

/* The last fine time before the exact entry that the checks can find:
 * bisection between T 2^s - 1 (before) and (T + 1) 2^s when that overlaps. */
static int64_t fine_before(const fc_shape2 *a, fc_vec2 d, const fc_shape2 *b, int32_t t)
{
    int64_t lo = t == 0 ? 0 : ((int64_t)t << FINE) - 1, hi = ((int64_t)t + 1) << FINE;
    if (t >= 65536 || !overlap_at(a, d, b, hi, FINE))
        return lo;
    while (hi - lo > 1) {
        int64_t mid = (lo + hi) / 2;
        if (overlap_at(a, d, b, mid, FINE))
            hi = mid;
        else
            lo = mid;
    }
    return lo;
}

static long n_normals;

static long n_separating;

/* The normal separates the cores just before the entry: at the fine time j
 * (< the exact entry) n . (b - a) >= -TOL |b - a|_1 for every core vertex a
 * of the moved A and b of B (in units of 1/65536: n is Q16.16). This holds
 * for the exact normal at any time before the entry (it separates at the
 * entry and n . d >= 0), and the rounded one is within TOL per component. */
static void check_separating(const fc_shape2 *a, fc_vec2 d, const fc_shape2 *b, const fc_cast2_hit *h, int64_t j)
{
    or_core ca0 = or_from_shape(a), cb0 = or_from_shape(b);
    or_core ca = scaled(&ca0, FINE, j * d.x, j * d.y), cb = scaled(&cb0, FINE, 0, 0);
    int ok = 1;
    for (int i = 0; i < ca.n; i++)
        for (int k = 0; k < cb.n; k++) {
            int64_t vx = cb.x[k] - ca.x[i], vy = cb.y[k] - ca.y[i];
            or_i128 dot = (or_i128)h->normal.x * vx + (or_i128)h->normal.y * vy;
            or_i128 l1 = (or_i128)(vx < 0 ? -vx : vx) + (vy < 0 ? -vy : vy);
            ok &= dot >= -(or_i128)FC_CAST_NORMAL_TOL * l1;
        }
    n_separating++;
    TU_CHECK(ok, "normal (%d, %d) does not separate just before the entry (t %d)", h->normal.x, h->normal.y, h->t);
    if (!ok)
        report("separating", a, d, b, h->t);
}


/* Check h's normal against the closest-point direction just after entry. */
static void check_normal(const fc_shape2 *a, fc_vec2 d, const fc_shape2 *b, const fc_cast2_hit *h, int64_t R,
                         int64_t before)
{
    int64_t dl = (d.x < 0 ? -(int64_t)d.x : d.x) + (d.y < 0 ? -(int64_t)d.y : d.y);
    if (R <= 0 || (dl >> 8) >= R || h->t >= 65536)
        return; /* |d| 2^-28 / R >= 2^-20: the sample is too coarse */
    int64_t hi = before + 1; /* the first fine time with overlap, when fine_before found it */
    if (!overlap_at(a, d, b, hi, FINE))
        return;
    or_core ca0 = or_from_shape(a), cb0 = or_from_shape(b);
    or_core ca = scaled(&ca0, FINE, hi * d.x, hi * d.y), cb = scaled(&cb0, FINE, 0, 0);
    long double nx, ny;
    if (!ld_direction(&ca, &cb, &nx, &ny))
        return;
    n_normals++;
    long double ex = fabsl(nx * 65536 - h->normal.x), ey = fabsl(ny * 65536 - h->normal.y);
    TU_CHECK(ex <= FC_CAST_NORMAL_TOL + 0.25L && ey <= FC_CAST_NORMAL_TOL + 0.25L,
             "normal (%d, %d) vs closest-point direction (%.3Lf, %.3Lf)", h->normal.x, h->normal.y, nx * 65536,
             ny * 65536);
}

/* ---- shapes ---------------------------------------------------------------- */
static int64_t rnd(uint64_t *s, int64_t lo, int64_t hi)
{
    return lo + (int64_t)(tu_rand64(s) % (uint64_t)(hi - lo + 1));
}

static int32_t clampc(int64_t v)
{
    return (int32_t)(v < -FC_COORD_LIMIT ? -FC_COORD_LIMIT : v > FC_COORD_LIMIT ? FC_COORD_LIMIT : v);
}

static int is_round(const fc_shape2 *s)
{
    return s->type == FC_SHAPE2_CIRCLE || s->type == FC_SHAPE2_CAPSULE;
}

/* A valid shape of type t near c with sizes up to 2^e raw (e in 0..28). */
static void gen(uint64_t *s, int t, fc_vec2 c, int e, fc_shape2 *out)
{
    int64_t big = (int64_t)1 << e;
    for (;;) {
        memset(out, 0, sizeof *out);
        out->type = (fc_shape2_type)t;
        int64_t h = rnd(s, 1, big), h2 = rnd(s, 1, big);
        if (tu_rand64(s) % 4 == 0) /* on a grid: exact contacts */
            h = (h + 255) & ~(int64_t)255, h2 = (h2 + 255) & ~(int64_t)255;
        switch (t) {
        case FC_SHAPE2_CIRCLE:
            out->u.circle = fc_circle_make(c, (fix16_t)(tu_rand64(s) % 8 == 0 ? rnd(s, 0, 1) : h));
            break;
        case FC_SHAPE2_AABB:
            out->u.aabb = fc_aabb2_make(fc_vec2_make(clampc(c.x - h), clampc(c.y - h2)),
                                        fc_vec2_make(clampc(c.x + h), clampc(c.y + h2)));
            break;
        case FC_SHAPE2_OBB: {
            fc_angle ang = (fc_angle)(tu_rand64(s) % 4 == 0 ? FC_ANGLE_QUARTER * rnd(s, 0, 3) : (int64_t)tu_rand64(s));
            out->u.obb = fc_obb2_make(c, fc_vec2_make((fix16_t)h, (fix16_t)h2), ang);
            break;
        }
        case FC_SHAPE2_CAPSULE: {
            fc_vec2 a = fc_vec2_make(clampc(c.x - rnd(s, -big, big)), clampc(c.y - rnd(s, -big, big)));
            fc_vec2 b = tu_rand64(s) % 8 == 0 ? a : fc_vec2_make(clampc(c.x + rnd(s, -big, big)), clampc(c.y + rnd(s, -big, big)));
            out->u.capsule = fc_capsule2_make(a, b, (fix16_t)(tu_rand64(s) % 8 == 0 ? rnd(s, 0, 1) : h / 2));
            break;
        }
        default: {
            /* a convex polygon: points on a circle at sorted random angles (integer turn) */
            int n = (int)rnd(s, 3, FC_POLY2_MAX_VERTS);
            int64_t ang[FC_POLY2_MAX_VERTS];
            for (int i = 0; i < n; i++)
                ang[i] = rnd(s, 0, 65535);
            for (int i = 1; i < n; i++)
                for (int j = i; j > 0 && ang[j - 1] > ang[j]; j--) {
                    int64_t x = ang[j];
                    ang[j] = ang[j - 1];
                    ang[j - 1] = x;
                }
            fc_vec2 v[FC_POLY2_MAX_VERTS];
            for (int i = 0; i < n; i++) {
                fc_sincos r = fc_sincos_of((fc_angle)ang[i]);
                v[i] = fc_vec2_make(clampc(c.x + (h * r.c) / 65536), clampc(c.y + (h * r.s) / 65536));
            }
            out->u.poly = fc_poly2_make(v, n);
            break;
        }
        }
        if (fc_shape2_validate(out) == FC_OK)
            return;
    }
}

static fc_vec2 center_of(const fc_shape2 *s)
{
    switch (s->type) {
    case FC_SHAPE2_CIRCLE: return s->u.circle.center;
    case FC_SHAPE2_AABB: return fc_vec2_make((fix16_t)(((int64_t)s->u.aabb.min.x + s->u.aabb.max.x) / 2), (fix16_t)(((int64_t)s->u.aabb.min.y + s->u.aabb.max.y) / 2));
    case FC_SHAPE2_OBB: return s->u.obb.center;
    case FC_SHAPE2_CAPSULE: return s->u.capsule.a;
    default: return s->u.poly.v[0];
    }
}

static int32_t clampd(int64_t v)
{
    int64_t lim = 2 * (int64_t)FC_COORD_LIMIT;
    return (int32_t)(v < -lim ? -lim : v > lim ? lim : v);
}

/* ---- one checked cast -------------------------------------------------------- */
static long n_hits, n_miss, n_zero, n_later, n_world;


/* Simulated wrong implementations (--break). */
static int broken(int hit, fc_cast2_hit *h, uint64_t *seed)
{
    if (!hit)
        return hit;
    if (g_break == 1 && h->t < 65536)
        h->t++;
    if (g_break == 2 && h->t > 0)
        h->t--;
    if (g_break == 3 && tu_rand64(seed) % 4 == 0)
        return 0;
    return hit;
}

static void check_cast(const fc_shape2 *a, fc_vec2 d, const fc_shape2 *b, uint64_t *seed)
{
    fc_cast2_hit h;
    int hit = -1;
    fc_status st = fc_cast2(a, d, b, &h, &hit);
    TU_CHECK(st == FC_OK, "status %d", st);
    if (st != FC_OK)
        return;
    hit = broken(hit, &h, seed);
    int at0 = coarse(a, d, b, 0);
    if (!hit) {
        n_miss++;
        TU_CHECK(!at0, "miss but overlapping at 0");
        if (d.x == 0 && d.y == 0)
            return;
        TU_CHECK(!coarse(a, d, b, 65536), "miss but overlapping at 1");
        for (int i = 0; i < 6; i++) {
            int64_t j = rnd(seed, 0, (int64_t)65536 << FINE);
            int o = overlap_at(a, d, b, j, FINE);
            TU_CHECK(!o, "miss but overlapping at fine %lld", (long long)j);
            if (o)
                report("miss", a, d, b, -1);
        }
        for (int64_t k = 1; k < 65536; k += 4096)
            TU_CHECK(!coarse(a, d, b, k), "miss but overlapping at %lld", (long long)k);
        return;
    }
    n_hits++;
    TU_CHECK(h.t >= 0 && h.t <= 65536, "t %d", h.t);
    TU_CHECK(h.id.index == 0 && h.id.generation == 0 && h.id.world == 0, "id not zero");
    if (at0) {
        n_zero++;
        TU_CHECK(h.t == 0, "overlap at 0 but t %d", h.t);
        fc_contact2_result c;
        fc_contact2(a, b, &c);
        TU_CHECK(h.normal.x == c.normal.x && h.normal.y == c.normal.y, "t = 0 normal differs from contact");
        return;
    }
    int64_t T = h.t;
    /* just before T / 65536: no overlap */
    if (T > 0) {
        int o = overlap_at(a, d, b, (T << FINE) - 1, FINE);
        TU_CHECK(!o, "overlap just before t = %lld", (long long)T);
        if (o)
            report("before", a, d, b, h.t);
        TU_CHECK(!coarse(a, d, b, T - 1), "overlap at T - 1");
        for (int i = 0; i < 3; i++)
            TU_CHECK(!coarse(a, d, b, rnd(seed, 0, T - 1)), "overlap before T");
    }
    /* a later overlap implies overlap at (T + 1) / 65536 */
    if (T < 65536) {
        int later = coarse(a, d, b, 65536) || coarse(a, d, b, T + 1) || coarse(a, d, b, (T + 65536 + 1) / 2) ||
                    coarse(a, d, b, T + 2);
        if (later) {
            n_later++;
            int o = coarse(a, d, b, T + 1);
            TU_CHECK(o, "later overlap but none at T + 1 = %lld", (long long)(T + 1));
            if (!o)
                report("after", a, d, b, h.t);
        }
    }
    /* normal: unit within tolerance, not against the motion */
    int64_t nn = (int64_t)h.normal.x * h.normal.x + (int64_t)h.normal.y * h.normal.y;
    int64_t one = (int64_t)65536 * 65536, tol = 2 * 2 * 65536 * 2 + 16;
    TU_CHECK(nn > one - tol && nn < one + tol, "normal not unit (%d, %d)", h.normal.x, h.normal.y);
    int64_t dn = (int64_t)h.normal.x * d.x + (int64_t)h.normal.y * d.y;
    int64_t dl = (d.x < 0 ? -(int64_t)d.x : d.x) + (d.y < 0 ? -(int64_t)d.y : d.y);
    TU_CHECK(dn >= -3 * dl, "normal against the motion (%d, %d) . (%d, %d)", h.normal.x, h.normal.y, d.x, d.y);
    /* symmetry: same exact t; opposite normal where unique */
    fc_cast2_hit g;
    int ghit = -1;
    fc_vec2 nd = fc_vec2_make(-d.x, -d.y);
    fc_cast2(b, nd, a, &g, &ghit);
    TU_CHECK(ghit == 1 && g.t == h.t, "swapped cast differs: hit %d t %d vs %d", ghit, g.t, h.t);
    int64_t R = (a->type == FC_SHAPE2_CIRCLE ? a->u.circle.radius : a->type == FC_SHAPE2_CAPSULE ? a->u.capsule.radius : 0) +
                (b->type == FC_SHAPE2_CIRCLE ? b->u.circle.radius : b->type == FC_SHAPE2_CAPSULE ? b->u.capsule.radius : 0);
    int64_t before = fine_before(a, d, b, h.t);
    check_normal(a, d, b, &h, R, before);
    check_separating(a, d, b, &h, before);
    if (ghit == 1 && R > 0 && (is_round(a) || is_round(b))) {
        int ok = abs(g.normal.x + h.normal.x) <= 2 * FC_CAST_NORMAL_TOL && abs(g.normal.y + h.normal.y) <= 2 * FC_CAST_NORMAL_TOL;
        TU_CHECK(ok, "swapped normal (%d, %d) vs (%d, %d)", g.normal.x, g.normal.y, h.normal.x, h.normal.y);
    }
}

/* ---- random and adversarial pairs ----------------------------------------- */
static fc_vec2 random_delta(uint64_t *s, const fc_shape2 *a, const fc_shape2 *b)
{
    fc_vec2 ca = center_of(a), cb = center_of(b);
    int64_t gx = (int64_t)cb.x - ca.x, gy = (int64_t)cb.y - ca.y;
    switch (tu_rand64(s) % 8) {
    case 0: return fc_vec2_make(0, 0);
    case 1: return fc_vec2_make((fix16_t)rnd(s, -2, 2), (fix16_t)rnd(s, -2, 2));
    case 2: return fc_vec2_make(clampd(rnd(s, -((int64_t)1 << 30), (int64_t)1 << 30)), clampd(rnd(s, -((int64_t)1 << 30), (int64_t)1 << 30)));
    case 3: return fc_vec2_make(clampd(gx * 2), 0); /* axis-aligned */
    case 4: return fc_vec2_make(0, clampd(gy * 2));
    default: { /* aimed, overshooting, with jitter */
        int64_t m = rnd(s, 1, 4), j = rnd(s, 0, 1 << rnd(s, 0, 20));
        return fc_vec2_make(clampd(gx * m / 2 + rnd(s, -j, j)), clampd(gy * m / 2 + rnd(s, -j, j)));
    }
    }
}

static void random_pairs(uint64_t *s, int cases)
{
    for (int i = 0; i < cases; i++) {
        int ta = (int)rnd(s, 1, 5), tb = (int)rnd(s, 1, 5);
        int e = (int)rnd(s, 0, 28);
        int64_t span = (int64_t)1 << (e + 2 > 29 ? 29 : e + 2);
        fc_vec2 c = fc_vec2_make(clampc(rnd(s, -FC_COORD_LIMIT, FC_COORD_LIMIT)), clampc(rnd(s, -FC_COORD_LIMIT, FC_COORD_LIMIT)));
        if (tu_rand64(s) % 16 == 0)
            c = fc_vec2_make((tu_rand64(s) & 1) ? FC_COORD_LIMIT : -FC_COORD_LIMIT, (tu_rand64(s) & 1) ? FC_COORD_LIMIT : -FC_COORD_LIMIT);
        fc_vec2 c2 = fc_vec2_make(clampc(c.x + rnd(s, -span, span)), clampc(c.y + rnd(s, -span, span)));
        fc_shape2 a, b;
        gen(s, ta, c, e, &a);
        gen(s, tb, c2, e, &b);
        check_cast(&a, random_delta(s, &a, &b), &b, s);
    }
}

/* s translated by dx raw along x (the caller keeps it in range). */
static fc_shape2 shifted_x(const fc_shape2 *s, int64_t dx)
{
    fc_shape2 t = *s;
    fix16_t d = (fix16_t)dx;
    switch (t.type) {
    case FC_SHAPE2_CIRCLE: t.u.circle.center.x += d; break;
    case FC_SHAPE2_AABB: t.u.aabb.min.x += d, t.u.aabb.max.x += d; break;
    case FC_SHAPE2_OBB: t.u.obb.center.x += d; break;
    case FC_SHAPE2_CAPSULE: t.u.capsule.a.x += d, t.u.capsule.b.x += d; break;
    default:
        for (int v = 0; v < t.u.poly.count; v++)
            t.u.poly.v[v].x += d;
    }
    return t;
}

/* Constructed contacts: head-on entries exactly at k / 65536 (a gap of k
 * raw crossed by a delta of one unit), touching at t = 1, 1 raw short of
 * touching, grazing (tangent paths), parallel sliding faces. */
static void adversarial(uint64_t *s, int cases)
{
    for (int i = 0; i < cases; i++) {
        int ta = (int)rnd(s, 1, 5), tb = (int)rnd(s, 1, 5);
        int e = (int)rnd(s, 4, 20);
        fc_vec2 c = fc_vec2_make((fix16_t)rnd(s, -(1 << 28), 1 << 28), (fix16_t)rnd(s, -(1 << 28), 1 << 28));
        fc_shape2 a, b;
        gen(s, ta, c, e, &a);
        gen(s, tb, c, e, &b);
        /* move b right until it just touches a along x: bisection on the oracle */
        int64_t lo = 0, hi = (int64_t)1 << (e + 3); /* separated at hi */
        while (hi - lo > 1) {
            int64_t mid = (lo + hi) / 2;
            fc_shape2 moved = shifted_x(&b, mid);
            if (oracle_overlap(&a, &moved))
                lo = mid;
            else
                hi = mid;
        }
        /* b shifted by hi: separated, and by hi - 1 overlapping (touching or more) */
        int64_t extra = rnd(s, 0, 3);
        int64_t shift = hi + extra;
        fc_shape2 t = shifted_x(&b, shift);
        if (fc_shape2_validate(&t) != FC_OK)
            continue;
        /* the gap along x is in [1 + extra - 1, 1 + extra] raw-ish: deltas around it */
        int64_t k = rnd(s, 1, 65536);
        fc_vec2 ds[6] = {
            fc_vec2_make(65536, 0),                      /* entry near gap / 65536 */
            fc_vec2_make((fix16_t)(1 + extra), 0),       /* touching near t = 1 */
            fc_vec2_make((fix16_t)extra, 0),             /* 1 raw short */
            fc_vec2_make((fix16_t)((1 + extra) * 65536 / k), 0), /* entry near k / 65536 */
            fc_vec2_make((fix16_t)(2 + extra), (fix16_t)rnd(s, -((int64_t)1 << e), (int64_t)1 << e)), /* grazing-ish */
            fc_vec2_make(0, (fix16_t)rnd(s, -((int64_t)1 << (e + 1)), (int64_t)1 << (e + 1))), /* sliding past */
        };
        for (int q = 0; q < 6; q++)
            check_cast(&a, ds[q], &t, s);
    }
}

/* Tiny shapes on a small lattice with small deltas: exact vertex-on-vertex
 * entries, ties between several features, radius-0 circles and capsules. */
static void lattice(uint64_t *s, int cases)
{
    for (int i = 0; i < cases; i++) {
        int ta = (int)rnd(s, 1, 5), tb = (int)rnd(s, 1, 5);
        int e = (int)rnd(s, 0, 4);
        fc_vec2 c = fc_vec2_make((fix16_t)rnd(s, -(1 << 29), 1 << 29), (fix16_t)rnd(s, -(1 << 29), 1 << 29));
        fc_vec2 c2 = fc_vec2_make(clampc(c.x + rnd(s, -24, 24)), clampc(c.y + rnd(s, -24, 24)));
        fc_shape2 a, b;
        gen(s, ta, c, e, &a);
        gen(s, tb, c2, e, &b);
        for (int k = 0; k < 2; k++) { /* mostly points and segments */
            fc_shape2 *x = k ? &b : &a;
            if (x->type == FC_SHAPE2_CIRCLE && tu_rand64(s) % 4 != 0)
                x->u.circle.radius = 0;
            if (x->type == FC_SHAPE2_CAPSULE && tu_rand64(s) % 4 != 0)
                x->u.capsule.radius = 0;
        }
        fc_vec2 d = fc_vec2_make((fix16_t)rnd(s, -24, 24), (fix16_t)rnd(s, -24, 24));
        check_cast(&a, d, &b, s);
    }
}

/* Cases reported by the Python oracle (/work/castoracle-findings.md #1):
 * radius-0 pairs entering vertex on vertex; the normal must separate. */
static void findings(uint64_t *s)
{
    fc_shape2 a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    /* (a) point onto a polygon corner at t = 1 */
    a.type = FC_SHAPE2_CIRCLE;
    a.u.circle = fc_circle_make(fc_vec2_make(-424474077, -9170801), 0);
    const fc_vec2 pa[4] = {{-424474078, -9170795}, {-424474082, -9170793}, {-424474083, -9170797}, {-424474078, -9170797}};
    b.type = FC_SHAPE2_POLY;
    b.u.poly = fc_poly2_make(pa, 4);
    check_cast(&a, fc_vec2_make(-6, 4), &b, s);
    /* (b) triangle corner onto a segment end */
    const fc_vec2 pb[3] = {{111767581, 442674192}, {111767582, 442674192}, {111767581, 442674193}};
    a.type = FC_SHAPE2_POLY;
    a.u.poly = fc_poly2_make(pb, 3);
    b.type = FC_SHAPE2_CAPSULE;
    b.u.capsule = fc_capsule2_make(fc_vec2_make(111767582, 442674187), fc_vec2_make(111767582, 442674188), 0);
    check_cast(&a, fc_vec2_make(1, -4), &b, s);
    /* (c) triangle corner onto a point */
    const fc_vec2 pc[3] = {{-387612396, 126601634}, {-387612387, 126601632}, {-387612387, 126601633}};
    a.u.poly = fc_poly2_make(pc, 3);
    b.type = FC_SHAPE2_CIRCLE;
    b.u.circle = fc_circle_make(fc_vec2_make(-387612392, 126601654), 0);
    check_cast(&a, fc_vec2_make(4, 20), &b, s);
    /* (d) triangle corner onto a segment end */
    const fc_vec2 pd[3] = {{-230396931, -250924424}, {-230396930, -250924424}, {-230396931, -250924423}};
    a.u.poly = fc_poly2_make(pd, 3);
    b.type = FC_SHAPE2_CAPSULE;
    b.u.capsule = fc_capsule2_make(fc_vec2_make(-230396922, -250924419), fc_vec2_make(-230396921, -250924421), 0);
    check_cast(&a, fc_vec2_make(10, 2), &b, s);
    /* (e) point onto a box corner at t = 3/4 */
    a.type = FC_SHAPE2_CIRCLE;
    a.u.circle = fc_circle_make(fc_vec2_make(393278377, -267377767), 0);
    b.type = FC_SHAPE2_AABB;
    b.u.aabb = fc_aabb2_make(fc_vec2_make(393278377, -267377780), fc_vec2_make(393278383, -267377776));
    check_cast(&a, fc_vec2_make(8, -12), &b, s);
    /* (f) box corner onto a segment end at t = 1/2 */
    a.type = FC_SHAPE2_AABB;
    a.u.aabb = fc_aabb2_make(fc_vec2_make(205217808, 60616849), fc_vec2_make(205372818, 60780121));
    b.type = FC_SHAPE2_CAPSULE;
    b.u.capsule = fc_capsule2_make(fc_vec2_make(205447524, 61274092), fc_vec2_make(205385575, 61229096), 0);
    check_cast(&a, fc_vec2_make(25514, 1224494), &b, s);
    /* (g) segment end onto a triangle corner at t = 1/3 */
    a.type = FC_SHAPE2_CAPSULE;
    a.u.capsule = fc_capsule2_make(fc_vec2_make(301410751, 313745952), fc_vec2_make(301410753, 313745951), 0);
    const fc_vec2 pg[3] = {{301410755, 313745948}, {301410757, 313745948}, {301410755, 313745950}};
    b.type = FC_SHAPE2_POLY;
    b.u.poly = fc_poly2_make(pg, 3);
    check_cast(&a, fc_vec2_make(6, -3), &b, s);
    /* (h) hexagon corner onto a point at t = 1 */
    const fc_vec2 ph[6] = {{-273762255, 288699367}, {-273762256, 288699369}, {-273762258, 288699369},
                           {-273762258, 288699364}, {-273762256, 288699364}, {-273762255, 288699366}};
    a.type = FC_SHAPE2_POLY;
    a.u.poly = fc_poly2_make(ph, 6);
    b.type = FC_SHAPE2_CIRCLE;
    b.u.circle = fc_circle_make(fc_vec2_make(-273762259, 288699366), 0);
    check_cast(&a, fc_vec2_make(-1, -3), &b, s);
    /* (l) point onto a triangle corner at t = 1/2 (found again at dd8bf53, before the fix) */
    a.type = FC_SHAPE2_CIRCLE;
    a.u.circle = fc_circle_make(fc_vec2_make(-407114930, -337704685), 0);
    const fc_vec2 pl[3] = {{-407114923, -337704690}, {-407114922, -337704690}, {-407114923, -337704689}};
    b.type = FC_SHAPE2_POLY;
    b.u.poly = fc_poly2_make(pl, 3);
    check_cast(&a, fc_vec2_make(14, -8), &b, s);
    /* (m) box corner onto a segment end at t = 1/3 */
    a.type = FC_SHAPE2_AABB;
    a.u.aabb = fc_aabb2_make(fc_vec2_make(322184876, -333183137), fc_vec2_make(322384594, -333048973));
    b.type = FC_SHAPE2_CAPSULE;
    b.u.capsule = fc_capsule2_make(fc_vec2_make(321994815, -333448110), fc_vec2_make(322059572, -333465083), 0);
    check_cast(&a, fc_vec2_make(-1169337, -794919), &b, s);
    /* (n) octagon corner onto a segment end at t = 1/3 */
    const fc_vec2 pn[8] = {{-61114570, 150600613}, {-61114573, 150600615}, {-61114576, 150600615},
                           {-61114577, 150600613}, {-61114576, 150600609}, {-61114574, 150600608},
                           {-61114573, 150600608}, {-61114570, 150600611}};
    a.type = FC_SHAPE2_POLY;
    a.u.poly = fc_poly2_make(pn, 8);
    b.u.capsule = fc_capsule2_make(fc_vec2_make(-61114567, 150600600), fc_vec2_make(-61114566, 150600597), 0);
    check_cast(&a, fc_vec2_make(27, -27), &b, s);
}

/* Exact-by-construction cases with a known t. */
static void known(void)
{
    /* AABB head-on: gap g raw, delta 1 unit: t = g / 65536 exactly */
    for (int64_t g = 0; g <= 65536; g += 4099) {
        fc_shape2 a, b;
        a.type = b.type = FC_SHAPE2_AABB;
        a.u.aabb = fc_aabb2_make(fc_vec2_make(0, 0), fc_vec2_make(65536, 65536));
        b.u.aabb = fc_aabb2_make(fc_vec2_make((fix16_t)(65536 + g), 100), fc_vec2_make((fix16_t)(3 * 65536 + g), 200));
        fc_cast2_hit h;
        int hit = 0;
        fc_cast2(&a, fc_vec2_make(65536, 0), &b, &h, &hit);
        TU_CHECK(hit && h.t == g && h.normal.x == 65536 && h.normal.y == 0, "aabb head-on g %lld: hit %d t %d", (long long)g, hit, h.t);
        /* circles head-on: same exact t (rational here) */
        a.type = b.type = FC_SHAPE2_CIRCLE;
        a.u.circle = fc_circle_make(fc_vec2_make(0, 0), 65536);
        b.u.circle = fc_circle_make(fc_vec2_make((fix16_t)(3 * 65536 + g), 0), 2 * 65536);
        fc_cast2(&a, fc_vec2_make(65536, 0), &b, &h, &hit);
        TU_CHECK(hit && h.t == g && h.normal.x == 65536 && h.normal.y == 0, "circle head-on g %lld: hit %d t %d", (long long)g, hit, h.t);
        /* grazing: passing at exactly R sideways touches once (at g / 65536) */
        b.u.circle.center = fc_vec2_make((fix16_t)(g), 3 * 65536);
        fc_cast2(&a, fc_vec2_make(65536, 0), &b, &h, &hit);
        TU_CHECK(hit && h.t == g && h.normal.x == 0 && h.normal.y == 65536, "grazing g %lld: hit %d t %d (%d, %d)", (long long)g, hit, h.t, h.normal.x, h.normal.y);
        b.u.circle.center.y++;
        fc_cast2(&a, fc_vec2_make(65536, 0), &b, &h, &hit);
        TU_CHECK(!hit, "1 raw beyond grazing hit");
    }
    /* points (radius 0) and zero delta */
    fc_shape2 p, q;
    p.type = q.type = FC_SHAPE2_CIRCLE;
    p.u.circle = fc_circle_make(fc_vec2_make(0, 0), 0);
    q.u.circle = fc_circle_make(fc_vec2_make(3, 4), 0);
    fc_cast2_hit h;
    int hit = 0;
    fc_cast2(&p, fc_vec2_make(6, 8), &q, &h, &hit);
    TU_CHECK(hit && h.t == 32768, "point on point t %d", h.t);
    fc_cast2(&p, fc_vec2_make(6, 9), &q, &h, &hit);
    TU_CHECK(!hit, "point beside point");
    fc_cast2(&p, fc_vec2_make(0, 0), &q, &h, &hit);
    TU_CHECK(!hit, "zero delta, apart");
    fc_cast2(&p, fc_vec2_make(0, 0), &p, &h, &hit);
    TU_CHECK(hit && h.t == 0, "zero delta, same point");
}

/* ---- the fast floor against the exact bit-by-bit floor --------------------- */
static fc_big bigi(int64_t hi, uint64_t lo, int shift)
{
    fc_big v = fc_big_from_i128(fc_i128_make(hi, lo));
    fc_big m = fc_big_from_i128(fc_i128_shl(fc_i128_from_i64(1), (unsigned)shift));
    return fc_big_mul(&v, &m);
}

static void floors(uint64_t *s, int cases)
{
    for (int i = 0; i < cases; i++) {
        /* t = (p - sqrt(q)) / r near a disc entry: q = p^2 - r c, c >= 0 */
        int sh = (int)rnd(s, 0, 60);
        int64_t ph = (int64_t)(tu_rand64(s) >> rnd(s, 1, 63));
        fc_big p = bigi(ph, tu_rand64(s), sh), r, q;
        fc_big p2 = fc_big_mul(&p, &p);
        uint64_t mode = tu_rand64(s) % 4;
        if (mode == 0) { /* a rational */
            r = bigi((int64_t)(tu_rand64(s) >> rnd(s, 1, 63)), tu_rand64(s) | 1, sh);
            q = fc_big_from_i128(fc_i128_from_i64(0));
            if (fc_big_cmp(&p, &r) > 0) {
                fc_big x = p;
                p = r;
                r = x;
            }
        } else {
            r = fc_big_mul(&p, &p); /* r >= p: t in [0, 1] when q <= p^2 */
            r = bigi(ph | 1, tu_rand64(s), sh + (int)rnd(s, 0, 3));
            if (fc_big_cmp(&r, &p) < 0)
                r = p;
            fc_big c = bigi((int64_t)(tu_rand64(s) >> rnd(s, 2, 63)), tu_rand64(s), sh + (int)rnd(s, 0, 50));
            if (mode == 3)
                c = fc_big_from_i128(fc_i128_from_i64((int64_t)rnd(s, 0, 3))); /* tiny: cancellation */
            q = fc_big_sub(&p2, &c);
            if (q.sign < 0)
                q = fc_big_from_i128(fc_i128_from_i64(0));
        }
        if (r.sign == 0 || p.sign < 0)
            continue;
        fc_castt t = fc_castt_surd(&p, q.sign ? -1 : 0, &q, &r);
        for (int bits = 16; bits <= 52; bits += 36) {
            int64_t fast = c2_floor_bits(&t, bits), slow = fc_castt_floor_pow2(&t, bits);
            TU_CHECK(fast == slow, "floor at %d bits: %lld vs %lld", bits, (long long)fast, (long long)slow);
        }
    }
}

/* ---- errors ---------------------------------------------------------------- */
static void errors(void)
{
    fc_shape2 ok, bad;
    ok.type = FC_SHAPE2_CIRCLE;
    ok.u.circle = fc_circle_make(fc_vec2_make(0, 0), 65536);
    bad = ok;
    bad.u.circle.radius = -1;
    fc_cast2_hit h, ref;
    memset(&ref, 0x5a, sizeof ref);
    int hit = 7;
    fc_vec2 d = fc_vec2_make(65536, 0), far = fc_vec2_make(2 * FC_COORD_LIMIT + 1, 0);
#define ERR(call, want)                                                                        \
    do {                                                                                       \
        h = ref;                                                                               \
        hit = 7;                                                                               \
        fc_status st_ = (call);                                                                \
        TU_CHECK(st_ == (want), "%s: %d", #call, st_);                                         \
        TU_CHECK(hit == 7 && memcmp(&h, &ref, sizeof h) == 0, "%s wrote its outputs", #call); \
    } while (0)
    ERR(fc_cast2(NULL, d, &ok, &h, &hit), FC_ERR_NULL);
    ERR(fc_cast2(&ok, d, NULL, &h, &hit), FC_ERR_NULL);
    ERR(fc_cast2(&ok, d, &ok, NULL, &hit), FC_ERR_NULL);
    ERR(fc_cast2(&ok, d, &ok, &h, NULL), FC_ERR_NULL);
    ERR(fc_cast2(&bad, d, &ok, &h, &hit), FC_ERR_SIZE);
    ERR(fc_cast2(&ok, d, &bad, &h, &hit), FC_ERR_SIZE);
    ERR(fc_cast2(&ok, far, &ok, &h, &hit), FC_ERR_RANGE);
    ERR(fc_cast2(&ok, fc_vec2_make(0, -2 * FC_COORD_LIMIT - 1), &ok, &h, &hit), FC_ERR_RANGE);
    /* the range limits themselves are accepted */
    h = ref;
    TU_CHECK(fc_cast2(&ok, fc_vec2_make(-2 * FC_COORD_LIMIT, 2 * FC_COORD_LIMIT), &ok, &h, &hit) == FC_OK, "limits");
}

/* ---- world ------------------------------------------------------------------ */
typedef struct ref_hit {
    fc_cast2_hit h;
    uint32_t index;
} ref_hit;

static void world_checks(uint64_t *s, int bodies, int casts)
{
    fc_world_def def = fc_world_def_default();
    def.bounds_log2 = 8;
    fc_world *w = NULL;
    TU_CHECK(fc_world_create(&def, &w) == FC_OK, "create");
    fc_shape2 *shapes = calloc((size_t)bodies + 2, sizeof *shapes);
    fc_filter *filters = calloc((size_t)bodies + 2, sizeof *filters);
    fc_body_id *ids = calloc((size_t)bodies + 2, sizeof *ids);
    for (int i = 0; i < bodies; i++) {
        fc_body_def bd = fc_body_def_default();
        bd.shape2 = i > 0 && i % 10 == 0 ? shapes[i - 1] : wf_shape2(s, 200); /* duplicates: ties by index */
        bd.filter.category = 1u << (tu_rand64(s) % 4);
        bd.filter.mask = tu_rand64(s) % 8 == 0 ? 0x5u : 0xFFFFFFFFu;
        shapes[i] = bd.shape2;
        filters[i] = bd.filter;
        TU_CHECK(fc_world_create_body(w, &bd, &ids[i]) == FC_OK, "create body %d", i);
    }
    ref_hit *ref = calloc((size_t)bodies + 2, sizeof *ref);
    for (int c = 0; c < casts; c++) {
        fc_shape2 m = wf_shape2(s, 200);
        fc_vec2 d = fc_vec2_make((fix16_t)rnd(s, -40 * WF_U, 40 * WF_U), (fix16_t)rnd(s, -40 * WF_U, 40 * WF_U));
        if (c % 13 == 0)
            d = fc_vec2_make(0, 0);
        fc_filter f = fc_filter_default();
        if (c % 3 == 0)
            f.mask = 0x3u, f.category = 1u;
        int n = 0;
        for (int i = 0; i < bodies; i++) {
            if ((filters[i].category & f.mask) == 0 || (f.category & filters[i].mask) == 0)
                continue;
            int hit = 0;
            fc_cast2(&m, d, &shapes[i], &ref[n].h, &hit);
            if (hit) {
                ref[n].h.id = ids[i];
                ref[n].index = ids[i].index;
                n++;
            }
        }
        const fc_cast2_hit *all = NULL;
        int32_t count = -1;
        TU_CHECK(fc_world_cast2_all(w, &m, d, f, &all, &count) == FC_OK, "cast all");
        if (g_break == 3 && count > 0)
            count--;
        TU_CHECK(count == n, "cast all: %d hits, brute force %d", count, n);
        n_world += n;
        /* every world hit is a brute-force hit with the same t and normal; order by (t, index) where t differs */
        for (int32_t k = 0; k < count && count == n; k++) {
            int found = 0;
            for (int r = 0; r < n; r++)
                if (ref[r].h.id.index == all[k].id.index && ref[r].h.id.generation == all[k].id.generation) {
                    found = ref[r].h.t == all[k].t && ref[r].h.normal.x == all[k].normal.x && ref[r].h.normal.y == all[k].normal.y;
                }
            TU_CHECK(found, "world hit %d differs from the pair cast", k);
            if (k > 0) {
                TU_CHECK(all[k - 1].t <= all[k].t, "not ordered by t");
                /* identical shapes: same exact t, so index order */
                if (memcmp(&shapes[all[k - 1].id.index], &shapes[all[k].id.index], sizeof(fc_shape2)) == 0)
                    TU_CHECK(all[k - 1].id.index < all[k].id.index, "tie not by index");
            }
        }
        fc_cast2_hit best;
        int hit = -1;
        TU_CHECK(fc_world_cast2(w, &m, d, f, &best, &hit) == FC_OK, "cast closest");
        TU_CHECK(hit == (n > 0), "closest hit %d vs %d", hit, n);
        if (hit && count > 0)
            TU_CHECK(best.id.index == all[0].id.index && best.t == all[0].t && best.normal.x == all[0].normal.x,
                     "closest is not the first of all");
        /* the closest has the least t of brute force */
        for (int r = 0; r < n && hit; r++)
            TU_CHECK(best.t <= ref[r].h.t, "closest not least");
    }
    /* errors: outputs untouched */
    fc_shape2 m = wf_shape2(s, 200), bad = m;
    bad.type = (fc_shape2_type)99;
    const fc_cast2_hit *all = (const fc_cast2_hit *)(uintptr_t)8;
    int32_t count = -5;
    fc_cast2_hit out;
    memset(&out, 0x33, sizeof out);
    int hit = 9;
    TU_CHECK(fc_world_cast2_all(NULL, &m, fc_vec2_make(1, 0), fc_filter_default(), &all, &count) == FC_ERR_NULL, "null world");
    TU_CHECK(fc_world_cast2_all(w, &bad, fc_vec2_make(1, 0), fc_filter_default(), &all, &count) == FC_ERR_SHAPE_TYPE, "bad shape");
    TU_CHECK(fc_world_cast2_all(w, &m, fc_vec2_make(2 * FC_COORD_LIMIT + 1, 0), fc_filter_default(), &all, &count) == FC_ERR_RANGE, "range");
    TU_CHECK(fc_world_cast2(w, &m, fc_vec2_make(1, 0), fc_filter_default(), NULL, &hit) == FC_ERR_NULL, "null out");
    TU_CHECK(fc_world_cast2(w, &bad, fc_vec2_make(1, 0), fc_filter_default(), &out, &hit) == FC_ERR_SHAPE_TYPE, "bad shape");
    TU_CHECK(all == (const fc_cast2_hit *)(uintptr_t)8 && count == -5 && hit == 9 && out.t == 0x33333333, "error wrote outputs");
    fc_world_def d3 = fc_world_def_default();
    d3.dim = FC_WORLD_3D;
    fc_world *w3 = NULL;
    fc_world_create(&d3, &w3);
    TU_CHECK(fc_world_cast2(w3, &m, fc_vec2_make(1, 0), fc_filter_default(), &out, &hit) == FC_ERR_SHAPE_TYPE, "3D world");
    fc_world_destroy(w3);
    fc_world_destroy(w);
    free(ref);
    free(ids);
    free(filters);
    free(shapes);
}

/* ---- allocation: FC_ERR_NO_MEMORY leaves the world and outputs unchanged;
 * once grown, casts allocate nothing */
static int g_fail_alloc;
static long g_allocs;

static void *fail_alloc(void *ctx, size_t size)
{
    (void)ctx;
    g_allocs++;
    return g_fail_alloc ? NULL : malloc(size);
}

static void fail_free(void *ctx, void *p, size_t size)
{
    (void)ctx;
    (void)size;
    free(p);
}

static void alloc_checks(uint64_t *s)
{
    fc_world_def def = fc_world_def_default();
    def.alloc.alloc = fail_alloc;
    def.alloc.free = fail_free;
    def.alloc.ctx = NULL;
    fc_world *w = NULL;
    TU_CHECK(fc_world_create(&def, &w) == FC_OK, "create");
    for (int i = 0; i < 400; i++) {
        fc_body_def bd = fc_body_def_default();
        bd.shape2 = wf_shape2(s, 60);
        fc_body_id id;
        fc_world_create_body(w, &bd, &id);
    }
    fc_shape2 m;
    memset(&m, 0, sizeof m);
    m.type = FC_SHAPE2_CIRCLE;
    m.u.circle = fc_circle_make(fc_vec2_make(-40 * WF_U, 30 * WF_U), WF_U); /* bodies reach x >= -20 units */
    fc_vec2 none = fc_vec2_make(-WF_U, 0), across = fc_vec2_make(120 * WF_U, 0);
    const fc_cast2_hit *hits = NULL;
    int32_t count = -1;
    TU_CHECK(fc_world_cast2_all(w, &m, none, fc_filter_default(), &hits, &count) == FC_OK && count == 0, "empty cast");
    uint64_t sum = fc_world_checksum(w);
    g_fail_alloc = 1;
    const fc_cast2_hit *h2 = hits;
    int32_t c2 = count;
    fc_status st = fc_world_cast2_all(w, &m, across, fc_filter_default(), &h2, &c2);
    TU_CHECK(st == FC_ERR_NO_MEMORY, "growth under a failing allocator: %d", st);
    TU_CHECK(h2 == hits && c2 == count && fc_world_checksum(w) == sum, "failed cast changed outputs or the world");
    fc_cast2_hit one;
    int hit = 5;
    st = fc_world_cast2(w, &m, across, fc_filter_default(), &one, &hit);
    TU_CHECK(st == FC_ERR_NO_MEMORY && hit == 5, "closest under a failing allocator: %d", st);
    g_fail_alloc = 0;
    TU_CHECK(fc_world_cast2_all(w, &m, across, fc_filter_default(), &hits, &count) == FC_OK && count > 0, "grown");
    TU_CHECK(fc_world_cast2(w, &m, across, fc_filter_default(), &one, &hit) == FC_OK && hit == 1, "closest grown");
    long before = g_allocs;
    g_fail_alloc = 1;
    for (int k = 0; k < 5; k++) {
        TU_CHECK(fc_world_cast2_all(w, &m, across, fc_filter_default(), &hits, &count) == FC_OK, "steady all");
        TU_CHECK(fc_world_cast2(w, &m, across, fc_filter_default(), &one, &hit) == FC_OK, "steady closest");
    }
    TU_CHECK(g_allocs == before, "steady casts allocated %ld times", g_allocs - before);
    g_fail_alloc = 0;
    fc_world_destroy(w);
}

int main(int argc, char **argv)
{
    int cases = 3000, adv = 400, bodies = 300, casts = 100;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--break") == 0 && i + 1 < argc) {
            i++;
            g_break = strcmp(argv[i], "up") == 0 ? 1 : strcmp(argv[i], "down") == 0 ? 2 : 3;
        } else if (strcmp(argv[i], "--cases") == 0 && i + 1 < argc) {
            cases = atoi(argv[++i]);
            adv = cases / 8 + 1;
        }
    }
    uint64_t seed = 0x9E3779B97F4A7C15ull;
    known();
    floors(&seed, cases / 10 + 50);
    errors();
    findings(&seed);
    adversarial(&seed, adv);
    lattice(&seed, cases);
    random_pairs(&seed, cases);
    world_checks(&seed, bodies, casts);
    alloc_checks(&seed);
    printf("pairs: %ld hits (%ld at t = 0, %ld with a later overlap, %ld normals checked, %ld separating), %ld misses; world: %ld hits\n",
           n_hits, n_zero, n_later, n_normals, n_separating, n_miss, n_world);
    return tu_finish("test_cast2d");
}
