/* SPDX-License-Identifier: MIT */
/* Generic exact overlap and contact of two grown convex cores.
 *
 * Overlap: the cores intersect iff no separating axis exists among the edge
 * normals of both cores (plus the segment directions, which cover the
 * degenerate Minkowski differences of points and segments); otherwise the
 * grown shapes overlap iff some vertex of one core lies within R = ra + rb of
 * a feature (edge, segment or point) of the other, decided with exact squared
 * distances (cross^2 <= R^2 |e|^2 in 256 bits inside an edge's region).
 *
 * Contact: intersecting cores -> the SAT axis of least overlap (plus R);
 * disjoint cores -> the exactly closest vertex/feature pair (squared
 * distances compared as rationals in 384 bits), depth R minus its distance.
 * Each length is the exact floor in raw units (x2_ratio_raw, x2_len_raw), so
 * depth = floor(exact) with intersecting cores, R - floor(distance) =
 * ceil(exact) otherwise: |error| < 1 raw, 0 when exactly touching. */
#include <assert.h>
#include <string.h>

#include "collide2d_core.h"
#include "exact2d.h"

#include "core/nofloat.h"

/* ---- building cores ---------------------------------------------------- */

static int64_t q32(fix16_t v) { return (int64_t)v * 65536; }

void fc2_core_circle(const fc_circle *s, fc2_core *c)
{
    c->n = 1;
    c->x[0] = q32(s->center.x);
    c->y[0] = q32(s->center.y);
    c->r = s->radius;
}

void fc2_core_capsule(const fc_capsule2 *s, fc2_core *c)
{
    c->n = 2;
    c->x[0] = q32(s->a.x);
    c->y[0] = q32(s->a.y);
    c->x[1] = q32(s->b.x);
    c->y[1] = q32(s->b.y);
    c->r = s->radius;
}

void fc2_core_aabb(const fc_aabb2 *s, fc2_core *c)
{
    c->n = 4;
    c->x[0] = c->x[3] = q32(s->min.x);
    c->x[1] = c->x[2] = q32(s->max.x);
    c->y[0] = c->y[1] = q32(s->min.y);
    c->y[2] = c->y[3] = q32(s->max.y);
    c->r = 0;
}

void fc2_core_obb(const fc_obb2 *s, fc2_core *c)
{
    /* Vertex = center + sx * half.x * (c, s) + sy * half.y * (-s, c), exact in Q32.32. */
    int64_t ux = (int64_t)s->half.x * s->rot.c, uy = (int64_t)s->half.x * s->rot.s;
    int64_t vx = -(int64_t)s->half.y * s->rot.s, vy = (int64_t)s->half.y * s->rot.c;
    int64_t cx = q32(s->center.x), cy = q32(s->center.y);
    static const int sx[4] = {-1, 1, 1, -1}, sy[4] = {-1, -1, 1, 1};
    c->n = 4;
    for (int i = 0; i < 4; i++) {
        c->x[i] = cx + sx[i] * ux + sy[i] * vx;
        c->y[i] = cy + sx[i] * uy + sy[i] * vy;
    }
    c->r = 0;
}

void fc2_core_poly(const fc_poly2 *s, fc2_core *c)
{
    c->n = s->count;
    for (int32_t i = 0; i < s->count; i++) {
        c->x[i] = q32(s->v[i].x);
        c->y[i] = q32(s->v[i].y);
    }
    c->r = 0;
}

/* ---- separating axes ----------------------------------------------------- */

typedef struct axis {
    int64_t x, y;
    int owner; /* 0: from a, 1: from b */
} axis;

enum { MAX_AXES = 2 * FC_POLY2_MAX_VERTS + 2 };

static int add_axes(const fc2_core *c, int owner, axis *ax, int k)
{
    int edges = c->n >= 3 ? c->n : c->n - 1;
    for (int i = 0; i < edges; i++) {
        int j = (i + 1) % c->n;
        int64_t ex = c->x[j] - c->x[i], ey = c->y[j] - c->y[i];
        if ((ex | ey) == 0)
            continue;
        ax[k].x = -ey;
        ax[k].y = ex;
        ax[k++].owner = owner;
        if (c->n == 2) { /* segment: its direction too */
            ax[k].x = ex;
            ax[k].y = ey;
            ax[k++].owner = owner;
        }
    }
    return k;
}

static void project(const fc2_core *c, const axis *a, fc_i128 *lo, fc_i128 *hi)
{
    *lo = *hi = x2_dot(a->x, a->y, c->x[0], c->y[0]);
    for (int32_t i = 1; i < c->n; i++) {
        fc_i128 p = x2_dot(a->x, a->y, c->x[i], c->y[i]);
        if (fc_i128_cmp(p, *lo) < 0)
            *lo = p;
        if (fc_i128_cmp(p, *hi) > 0)
            *hi = p;
    }
}

typedef struct sat_best {
    int64_t depth;  /* raw, without the radii */
    int64_t x, y;   /* axis oriented from a to b */
    int owner;
} sat_best;

/* 1 when no axis separates the cores; with best != NULL also the axis of
 * least overlap, chosen by comparing the exact depths ov / |axis| (as
 * ov_i^2 |a_j|^2 against ov_j^2 |a_i|^2 in 384 bits; first one on ties). */
static int cores_intersect(const fc2_core *a, const fc2_core *b, sat_best *best)
{
    axis ax[MAX_AXES] = {{0, 0, 0}}; /* only ax[0..k) is read; zeroed for the analysis */
    int k = add_axes(b, 1, ax, add_axes(a, 0, ax, 0));
    if (k == 0) { /* two points */
        ax[0].x = 1, ax[0].y = 0, ax[0].owner = 0;
        ax[1].x = 0, ax[1].y = 1, ax[1].owner = 0;
        k = 2;
    }
    fc_i128 best_ov = fc_i128_from_i64(0), best_aa = fc_i128_from_i64(0);
    int have = 0;
    for (int i = 0; i < k; i++) {
        fc_i128 alo, ahi, blo, bhi;
        project(a, &ax[i], &alo, &ahi);
        project(b, &ax[i], &blo, &bhi);
        if (fc_i128_cmp(ahi, blo) < 0 || fc_i128_cmp(bhi, alo) < 0)
            return 0;
        if (best == NULL)
            continue;
        fc_i128 up = fc_i128_sub(ahi, blo), down = fc_i128_sub(bhi, alo);
        int pos = fc_i128_cmp(up, down) <= 0;
        fc_i128 ov = pos ? up : down, aa = x2_dot(ax[i].x, ax[i].y, ax[i].x, ax[i].y);
        if (have && x2_cmp_prod3(ov, ov, best_aa, best_ov, best_ov, aa) >= 0)
            continue;
        have = 1;
        best_ov = ov, best_aa = aa;
        best->x = pos ? ax[i].x : -ax[i].x;
        best->y = pos ? ax[i].y : -ax[i].y;
        best->owner = ax[i].owner;
    }
    if (best != NULL)
        best->depth = x2_ratio_raw(best_ov, best->x, best->y);
    return 1;
}

/* ---- distances to features ---------------------------------------------- */

/* The feature j of core c as a segment [(x0,y0), (x1,y1)] (a point repeats). */
static int feature_count(const fc2_core *c) { return c->n >= 3 ? c->n : 1; }

static void feature(const fc2_core *c, int j, int64_t s[4])
{
    int k = c->n == 1 ? 0 : (j + 1) % c->n;
    s[0] = c->x[j];
    s[1] = c->y[j];
    s[2] = c->x[k];
    s[3] = c->y[k];
}

/* Exact: |p - segment|^2 <= r2. */
static int point_seg_within(int64_t px, int64_t py, const int64_t s[4], fc_i128 r2)
{
    int64_t ex = s[2] - s[0], ey = s[3] - s[1], wx = px - s[0], wy = py - s[1];
    fc_i128 dt = x2_dot(wx, wy, ex, ey);
    if (fc_i128_sign(dt) <= 0)
        return fc_i128_cmp(x2_dot(wx, wy, wx, wy), r2) <= 0;
    fc_i128 ee = x2_dot(ex, ey, ex, ey);
    if (fc_i128_cmp(dt, ee) >= 0) {
        int64_t fx = px - s[2], fy = py - s[3];
        return fc_i128_cmp(x2_dot(fx, fy, fx, fy), r2) <= 0;
    }
    fc_i128 cr = x2_abs(x2_cross(ex, ey, wx, wy));
    return x2_cmp_prod(cr, cr, r2, ee) <= 0;
}

static int vertices_within(const fc2_core *p, const fc2_core *f, fc_i128 r2)
{
    for (int j = 0; j < feature_count(f); j++) {
        int64_t s[4];
        feature(f, j, s);
        for (int32_t i = 0; i < p->n; i++)
            if (point_seg_within(p->x[i], p->y[i], s, r2))
                return 1;
    }
    return 0;
}

static fc_i128 radius_sq(const fc2_core *a, const fc2_core *b)
{
    int64_t r = q32(a->r + b->r);
    return fc_i128_mul_i64(r, r);
}

int fc2_core_overlap(const fc2_core *a, const fc2_core *b)
{
    if (cores_intersect(a, b, NULL))
        return 1;
    if (a->r + b->r == 0)
        return 0;
    fc_i128 r2 = radius_sq(a, b);
    return vertices_within(a, b, r2) || vertices_within(b, a, r2);
}

/* ---- contact -------------------------------------------------------------- */

/* A candidate closest pair: vertex (px, py) and a feature of the other core
 * at squared distance num_a * num_b / den (exact), direction (dx, dy) from
 * the feature to the vertex. */
typedef struct closest {
    fc_i128 num_a, num_b, den;
    int64_t dx, dy;
    int64_t px, py;
    int vertex_of_a;
    int edge; /* 1: distance to an edge's interior, else to a vertex */
} closest;

static void closest_to(const fc2_core *p, const fc2_core *f, int vertex_of_a, closest *best, int *have)
{
    for (int j = 0; j < feature_count(f); j++) {
        int64_t s[4];
        feature(f, j, s);
        int64_t ex = s[2] - s[0], ey = s[3] - s[1];
        for (int32_t i = 0; i < p->n; i++) {
            closest c;
            int64_t wx = p->x[i] - s[0], wy = p->y[i] - s[1];
            fc_i128 dt = x2_dot(wx, wy, ex, ey), ee = x2_dot(ex, ey, ex, ey);
            c.edge = 0;
            if (fc_i128_sign(dt) <= 0) {
                c.dx = wx, c.dy = wy;
            } else if (fc_i128_cmp(dt, ee) >= 0) {
                c.dx = p->x[i] - s[2], c.dy = p->y[i] - s[3];
            } else {
                fc_i128 cr = x2_cross(ex, ey, wx, wy);
                int left = fc_i128_sign(cr) > 0;
                c.dx = left ? -ey : ey;
                c.dy = left ? ex : -ex;
                c.num_a = c.num_b = x2_abs(cr);
                c.den = ee;
                c.edge = 1;
            }
            if (!c.edge) {
                c.num_a = x2_dot(c.dx, c.dy, c.dx, c.dy);
                c.num_b = c.den = fc_i128_from_i64(1);
            }
            if (*have && x2_cmp_prod3(c.num_a, c.num_b, best->den, best->num_a, best->num_b, c.den) >= 0)
                continue;
            c.px = p->x[i], c.py = p->y[i];
            c.vertex_of_a = vertex_of_a;
            *best = c;
            *have = 1;
        }
    }
}

/* The raw distance of a chosen pair. */
static int64_t closest_dist(const closest *c)
{
    return c->edge ? x2_ratio_raw(c->num_a, c->dx, c->dy) : x2_len_raw(c->dx, c->dy);
}

/* Q32.32 point (px, py) + t * the unit vector of direction (dx, dy) (t raw),
 * rounded to Q16.16. */
static fc_vec2 offset_point(int64_t px, int64_t py, int64_t dx, int64_t dy, int64_t t)
{
    int64_t ux, uy;
    x2_unit30(dx, dy, &ux, &uy);
    /* u * t: Q2.30 * raw = 2^-46 units, |.| < 2^61; to Q32.32: / 2^14. */
    return fc_vec2_make(x2_q32_to_fix16(px + fc_i64_shr_floor(ux * t + 8192, 14)),
                        x2_q32_to_fix16(py + fc_i64_shr_floor(uy * t + 8192, 14)));
}

int fc2_core_contact(const fc2_core *a, const fc2_core *b, fc_contact2_result *out)
{
    assert(out != NULL);
    memset(out, 0, sizeof *out);
    sat_best sb = {0, 0, 0, 0}; /* set whenever the cores intersect; zeroed for the analysis */
    int64_t r = (int64_t)a->r + b->r;
    if (cores_intersect(a, b, &sb)) {
        fc_vec2 n = x2_unit(sb.x, sb.y);
        int64_t depth = sb.depth + r;
        out->normal = n;
        out->depth = (fix16_t)(depth > INT32_MAX ? INT32_MAX : depth);
        /* The middle of the incident edge clipped to the reference face,
         * moved by depth/2 minus its radius away from the reference shape. */
        const fc2_core *ref = sb.owner == 0 ? a : b, *inc = sb.owner == 0 ? b : a;
        int64_t dx = sb.owner == 0 ? sb.x : -sb.x, dy = sb.owner == 0 ? sb.y : -sb.y;
        int64_t p[2] = {0, 0}; /* always set by fc2_clip_point */
        if (fc2_clip_point(ref, inc, dx, dy, p))
            out->point = offset_point(p[0], p[1], dx, dy, depth / 2 - inc->r);
        else
            out->point = offset_point(p[0], p[1], dx, dy, ref->r - depth / 2);
        return 1;
    }
    if (r == 0)
        return 0;
    fc_i128 r2 = radius_sq(a, b);
    if (!vertices_within(a, b, r2) && !vertices_within(b, a, r2))
        return 0;
    closest c;
    int have = 0;
    closest_to(a, b, 1, &c, &have);
    closest_to(b, a, 0, &c, &have);
    int64_t dist = closest_dist(&c);
    if (dist > r) /* never: the pair is within r exactly (a bound for the analysis) */
        dist = r;
    int64_t depth = r - dist;
    out->depth = (fix16_t)depth;
    if (c.vertex_of_a) { /* direction points from b's feature to a's vertex */
        out->normal = x2_unit(-c.dx, -c.dy);
        out->point = offset_point(c.px, c.py, -c.dx, -c.dy, (a->r + dist - b->r) / 2);
    } else {
        out->normal = x2_unit(c.dx, c.dy);
        out->point = offset_point(c.px, c.py, c.dx, c.dy, -(dist - a->r + b->r) / 2);
    }
    return 1;
}
