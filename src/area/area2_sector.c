/* SPDX-License-Identifier: MIT */
/* The sector (fan) skill area: containment and exact overlap with every 2D
 * shape (fixcol/area2.h states the set and the split; docs/skill-areas.md
 * proves it).
 *
 * Overlap of the sector S = D(C, R) n W with a convex shape B = K + D(r)
 * (core K grown by r): let p* be the point of B n W nearest the apex C.
 * Either p* lies on a straight edge (a ray C + t u_i) - then B meets that
 * edge within R, decided by B's exact ray entry parameter t0 and
 * t0 |u_i| <= R - or p* is interior to W, so it is a local and hence the
 * global minimum of |p - C| over B: B's nearest point to C, which lies in
 * W exactly when the nearest core point k* does (same direction from C),
 * and within R exactly when the disc D(C, R) meets B. */
#include <assert.h>
#include <string.h>

#include "area2_internal.h"
#include "collide2d/exact2d.h"
#include "cast/ray_shape.h"

#include "core/nofloat.h"

fc_area2_wedge fc_area2_wedge_of(const fc_sector2 *s)
{
    fc_area2_wedge w;
    fc_sincos d = fc_sincos_of(s->direction);
    fc_sincos a = fc_sincos_of((fc_angle)(s->direction - s->half_angle));
    fc_sincos b = fc_sincos_of((fc_angle)(s->direction + s->half_angle));
    w.dx = d.c;
    w.dy = d.s;
    w.u1x = a.c;
    w.u1y = a.s;
    w.u2x = b.c;
    w.u2y = b.s;
    w.half = s->half_angle;
    return w;
}

/* v (|components| < 2^48) in the closed wedge, apex at the origin. */
static int in_wedge(const fc_area2_wedge *w, int64_t vx, int64_t vy)
{
    int c1 = fc_i128_sign(x2_cross(w->u1x, w->u1y, vx, vy));
    int c2 = fc_i128_sign(x2_cross(vx, vy, w->u2x, w->u2y));
    if (w->half == 0)
        return c1 == 0 && fc_i128_sign(x2_dot(w->dx, w->dy, vx, vy)) >= 0;
    if (w->half < FC_ANGLE_QUARTER)
        return c1 >= 0 && c2 >= 0;
    return c1 >= 0 || c2 >= 0;
}

int fc_sector2_contains(const fc_sector2 *s, fc_vec2 p)
{
    assert(s != NULL);
    fc_area2_wedge w = fc_area2_wedge_of(s);
    return fc_area2_sector_contains(s, &w, p);
}

int fc_area2_sector_contains(const fc_sector2 *s, const fc_area2_wedge *w, fc_vec2 p)
{
    int64_t vx = (int64_t)p.x - s->center.x, vy = (int64_t)p.y - s->center.y;
    int64_t rr = (int64_t)s->radius * s->radius;
    if (vx * vx + vy * vy > rr) /* each square < 2^60 */
        return 0;
    return in_wedge(w, vx, vy);
}

/* B meets the straight edge along (ux, uy): the ray C + t * 2^13 u (t in
 * [0, 1] reaches 2^29 raw > FC_SIZE_LIMIT) enters B at t0 with
 * t0 * 2^13 |u| <= R, i.e. t0 <= sqrt(R^2 N) / (2^13 N), N = |u|^2. */
static int edge_meets(const fc_sector2 *s, int64_t ux, int64_t uy, const fc_shape2 *b)
{
    fc_rayt t0 = fc_rayt_ratio(fc_i128_from_i64(0), fc_i128_from_i64(1)); /* set on a hit; initialised for the analysis */
    if (!fc_ray2_entry(s->center, ux * 8192, uy * 8192, b, &t0))
        return 0;
    int64_t n = ux * ux + uy * uy; /* ~2^32 */
    fc_rayt lim = fc_rayt_surd(fc_i128_from_i64(0), 1, fc_i128_mul_i64((int64_t)s->radius * s->radius, n),
                               fc_i128_from_i64(n * 8192));
    return fc_rayt_cmp(&t0, &lim) <= 0;
}

/* A vector from C toward the core point nearest C (Q32.32 scale, any
 * positive length), C outside the core; (0, 0) when C is on the core. */
static void toward_core(const fc2_core *k, int64_t cx, int64_t cy, int64_t *vx, int64_t *vy)
{
    *vx = 0;
    *vy = 0;
    if (k->n == 1) {
        *vx = k->x[0] - cx;
        *vy = k->y[0] - cy;
        return;
    }
    int32_t n = k->n == 2 ? 1 : k->n; /* a segment has one edge */
    for (int32_t j = 0; j < k->n; j++) { /* vertex Voronoi regions */
        int32_t nx = (j + 1) % k->n, pv = (j + k->n - 1) % k->n;
        int64_t mx = cx - k->x[j], my = cy - k->y[j];
        int after = fc_i128_sign(x2_dot(mx, my, k->x[nx] - k->x[j], k->y[nx] - k->y[j])) <= 0;
        int before = fc_i128_sign(x2_dot(mx, my, k->x[j] - k->x[pv], k->y[j] - k->y[pv])) >= 0;
        if (k->n == 2) /* a segment end: beyond it along the segment */
            before = 1;
        if (after && before) {
            *vx = -mx;
            *vy = -my;
            return;
        }
    }
    for (int32_t j = 0; j < n; j++) { /* edge regions: the perpendicular toward the edge */
        int32_t nx = (j + 1) % k->n;
        int64_t ex = k->x[nx] - k->x[j], ey = k->y[nx] - k->y[j];
        fc_i128 along = x2_dot(cx - k->x[j], cy - k->y[j], ex, ey);
        if (fc_i128_sign(along) <= 0 || fc_i128_cmp(along, x2_dot(ex, ey, ex, ey)) >= 0)
            continue;
        int side = fc_i128_sign(x2_cross(ex, ey, cx - k->x[j], cy - k->y[j]));
        if (side < 0 || (side > 0 && k->n == 2)) { /* C right of the edge: outside a CCW polygon */
            *vx = side < 0 ? -ey : ey;
            *vy = side < 0 ? ex : -ex;
            return;
        }
    }
}

int fc_overlap_sector2(const fc_sector2 *s, const fc_shape2 *b)
{
    assert(s != NULL && b != NULL);
    fc_area2_wedge w = fc_area2_wedge_of(s);
    return fc_area2_sector_overlap(s, &w, b);
}

int fc_area2_sector_overlap(const fc_sector2 *s, const fc_area2_wedge *w, const fc_shape2 *b)
{
    fc2_core k;
    if (!fc_area2_core(b, &k)) {
        assert(!"fc_overlap_sector2: unknown shape type");
        return 0;
    }
    fc_shape2 disc = fc_area2_disc(s->center, s->radius);
    if (!fc_overlap2(&disc, b))
        return 0;
    if (s->half_angle >= FC_ANGLE_HALF)
        return 1; /* the sector is the disc */
    /* The nearest core point first (integer signs only): in W, with the
     * disc meeting B, it proves a common point (B's nearest point to C, or
     * C itself when C is in B). Otherwise only an edge can still meet B. */
    int64_t vx, vy;
    toward_core(&k, (int64_t)s->center.x * 65536, (int64_t)s->center.y * 65536, &vx, &vy);
    if (s->half_angle != 0 && in_wedge(w, vx, vy))
        return 1;
    return edge_meets(s, w->u1x, w->u1y, b) || (s->half_angle != 0 && edge_meets(s, w->u2x, w->u2y, b));
}

void fc_area2_sector_bounds(const fc_sector2 *s, int32_t min[2], int32_t max[2])
{
    fc_area2_wedge w = fc_area2_wedge_of(s);
    int64_t r = s->radius, lo[2] = {s->center.x, s->center.y}, hi[2] = {s->center.x, s->center.y};
    /* the straight-edge ends C + r u / |u|, taken as C + r u / 65536: off by
     * < r * ||u| - 65536| / 65536 + 1 <= r / 32768 + 1 (the table is within
     * 0.52 ulp per component), covered by the margin below */
    int64_t p[6][2] = {{w.u1x, w.u1y}, {w.u2x, w.u2y}, {65536, 0}, {0, 65536}, {-65536, 0}, {0, -65536}};
    for (int i = 0; i < 6; i++) {
        if (i >= 2 && !in_wedge(&w, p[i][0], p[i][1]))
            continue; /* an axis extreme of the arc outside the wedge */
        for (int a = 0; a < 2; a++) {
            int64_t v = s->center.x * (int64_t)(a == 0) + s->center.y * (int64_t)(a == 1) +
                        fc_i64_shr_floor(r * p[i][a], 16);
            lo[a] = v < lo[a] ? v : lo[a];
            hi[a] = v > hi[a] ? v : hi[a];
        }
    }
    int64_t margin = r / 32768 + 2;
    for (int a = 0; a < 2; a++) {
        min[a] = (int32_t)(lo[a] - margin); /* |.| < 2^29 + 2^28 + 2^14 */
        max[a] = (int32_t)(hi[a] + margin);
    }
}
