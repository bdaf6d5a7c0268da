/* SPDX-License-Identifier: MIT */
/* 2D casts of radius-0 cores (AABB, OBB, polygon, and circles / capsules
 * of radius 0: points and segments): the swept pair meets at t iff on
 * every axis n below the projections [minA + t n.d, maxA + t n.d] and
 * [minB, maxB] overlap. The axes - edge normals of polygon cores, normal
 * and direction of segment cores, and x and y when a core is a point or a
 * segment - give supporting half-planes of the Minkowski difference
 * M = B - A whose intersection is M exactly (also when M is a segment or a
 * point), so the clip's entry is the exact first contact (a rational),
 * and the entering half-plane's normal separates the shapes there. Sizes: axes |n| < 2^31 (unscaled),
 * scaled vertices < 2^46 and delta < 2^46, so every projection and
 * constraint term is < 2^79, inside fc_ray_clip's 2^100. */
#include "cast2d_internal.h"

#include "core/nofloat.h"

static fc_i128 dot(int64_t ax, int64_t ay, int64_t bx, int64_t by)
{
    return fc_i128_add(fc_i128_mul_i64(ax, bx), fc_i128_mul_i64(ay, by));
}

/* [lo, hi] of core c projected on (nx, ny). */
static void project(const c2_core *c, int64_t nx, int64_t ny, fc_i128 *lo, fc_i128 *hi)
{
    *lo = *hi = dot(c->x[0], c->y[0], nx, ny);
    for (int32_t i = 1; i < c->n; i++) {
        fc_i128 p = dot(c->x[i], c->y[i], nx, ny);
        if (fc_i128_cmp(p, *lo) < 0)
            *lo = p;
        if (fc_i128_cmp(p, *hi) > 0)
            *hi = p;
    }
}

/* Axis order (ties: the first constraint reaching the entry keeps it):
 * the moving shape's axes, then the target's, then x and y (only with a
 * point or segment core); per axis first the
 * constraint "A below B's top" (entering it: the normal is -n), then "A
 * above B's bottom" (normal +n). */
int c2_sat_entry(const c2_core *a, int64_t dx, int64_t dy, const c2_core *b, fc_castt *t, c2_feature *f)
{
    fc_ray_clip c;
    fc_ray_clip_init(&c);
    int64_t enx = 0, eny = 0; /* the normal of the constraint that set the entry */
    int entered = 0;
#ifndef FC_CAST2_BREAK /* tests only (test_cast2d_broken): 3 drops the target's axes */
#define FC_CAST2_BREAK 0
#endif
    static const c2_core xy = {1, 2, {0}, {0}, 0, {1, 0}, {0, 1}};
    int extra = a->n < 3 || b->n < 3;
    for (int k = 0; k < (FC_CAST2_BREAK == 3 ? 1 : 2 + extra); k++) {
        const c2_core *s = k == 0 ? a : k == 1 ? b : &xy;
        for (int32_t i = 0; i < s->naxes; i++) {
            int64_t nx = s->ax[i], ny = s->ay[i];
            fc_i128 alo, ahi, blo, bhi, nd = dot(nx, ny, dx, dy);
            project(a, nx, ny, &alo, &ahi);
            project(b, nx, ny, &blo, &bhi);
            for (int side = 0; side < 2; side++) {
                fc_rayt before = c.enter;
                if (side == 0) /* alo + t nd <= bhi */
                    fc_ray_clip_add(&c, fc_i128_sub(alo, bhi), nd, 0, fc_i128_from_i64(0));
                else /* blo <= ahi + t nd */
                    fc_ray_clip_add(&c, fc_i128_sub(blo, ahi), fc_i128_neg(nd), 0, fc_i128_from_i64(0));
                if (c.empty)
                    return 0;
                if (fc_rayt_cmp(&c.enter, &before) > 0) {
                    entered = 1;
                    enx = side ? nx : -nx, eny = side ? ny : -ny;
                }
            }
        }
    }
    if (!fc_ray_clip_hit(&c) || !entered)
        return 0; /* !entered: t = 0, which the overlap test already answered */
    *t = fc_castt_from_rayt(&c.enter);
    f->kind = C2_DIR;
    f->x = enx, f->y = eny;
    return 1;
}
