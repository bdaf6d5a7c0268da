/* SPDX-License-Identifier: MIT */
/* fc_cast3: the exact 3D pair cast (fixcol/cast.h) and its normal.
 *
 * Dispatch: overlapping at t = 0 (fc_overlap3, exact) gives t = 0 and
 * fc_contact3's normal. Otherwise:
 *   box / box (AABB3, OBB3)        swept separating axes (cast3d_box.c);
 *   sphere / sphere                the centre against the ball rA + rB;
 *   sphere / box                   the centre against the box grown by r
 *                                  (cast3d_round.c); r == 0: the point
 *                                  against the box by separating axes;
 *   box / sphere                   the same solved reversed: the target's
 *                                  centre moving by -delta, normal negated.
 *
 * Normal at t > 0 (fixcol/cast.h): polygonal features give their axis n
 * (an integer vector) and the normal is fc3_unit(n): within 0.5 + 2^-12 raw
 * of the exact unit vector. Round features (edge cylinder, corner ball,
 * sphere) give the direction between the closest points at the exact t*,
 * evaluated at t~ = floor(t* 2^k) / 2^k instead, k from round_bits (at
 * most 53): the closest-point vector v(t) moves by at most |t* - t~| |d|
 * < 2^-20 r (the corner is fixed, the edge projection is 1-Lipschitz)
 * while |v(t*)| = r, the scaled radius (>= 2^16: a radius is >= 1 raw,
 * r == 0 takes the separating-axis path); the unit vector moves by
 * < 2^-19, i.e. < 2^-3 raw. v(t~) is exact in big integers (scaled by
 * 2^k), reduced to 62 bits (relative change < 2^-60) and normalised by
 * fc3_unit: in total < 0.5 + 2^-12 + 2^-3 + 2^-40 < 1 raw <=
 * FC_CAST_NORMAL_TOL.
 * Two points (both radii 0) meet head-on: the normal is the unit delta. */
#include "cast3d_internal.h"

#include "collide3d/collide3d_internal.h"
#include "shapes/shape_bounds.h"
#include "core/nofloat.h"

#ifndef FC_CAST3_BREAK /* tests only (test_cast3d_broken): a piece of the cast left out */
#define FC_CAST3_BREAK 0
#endif

void fc_c3box_of(const fc_shape3 *s, fc_c3box *out)
{
    for (int m = 0; m < 3; m++)
        for (int k = 0; k < 3; k++)
            out->u[m][k] = 0;
    if (s->type == FC_SHAPE3_OBB) {
        const fc_obb3 *o = &s->u.obb;
        const fix16_t c[3] = {o->center.x, o->center.y, o->center.z}, h[3] = {o->half.x, o->half.y, o->half.z};
        for (int m = 0; m < 3; m++) {
            out->c[m] = (int64_t)c[m] * 65536;
            out->h[m] = h[m];
            out->u[m][0] = o->axis[m].x;
            out->u[m][1] = o->axis[m].y;
            out->u[m][2] = o->axis[m].z;
        }
    } else if (s->type == FC_SHAPE3_AABB) {
        const fc_aabb3 *a = &s->u.aabb;
        const fix16_t lo[3] = {a->min.x, a->min.y, a->min.z}, hi[3] = {a->max.x, a->max.y, a->max.z};
        for (int m = 0; m < 3; m++) {
            out->c[m] = ((int64_t)lo[m] + hi[m]) * 32768;
            out->h[m] = ((int64_t)hi[m] - lo[m]) * 32768;
            out->u[m][m] = 1;
        }
    } else { /* a sphere's centre as a point */
        const fc_sphere *p = &s->u.sphere;
        const fix16_t c[3] = {p->center.x, p->center.y, p->center.z};
        for (int m = 0; m < 3; m++) {
            out->c[m] = (int64_t)c[m] * 65536;
            out->h[m] = 0;
            out->u[m][m] = 1;
        }
    }
}

static int delta_ok(int64_t v)
{
    return v >= -2 * (int64_t)FC_COORD_LIMIT && v <= 2 * (int64_t)FC_COORD_LIMIT;
}

fc_status fc_cast3_check(const fc_shape3 *moving, fc_vec3 delta, const fc_shape3 *target)
{
    fc_status st = fc_shape3_validate(moving);
    if (st == FC_OK)
        st = fc_shape3_validate(target);
    if (st == FC_OK && (!delta_ok(delta.x) || !delta_ok(delta.y) || !delta_ok(delta.z)))
        st = FC_ERR_RANGE;
    return st;
}

/* n1 / d1 < n2 / d2 for d1, d2 > 0 (|n| < 2^33, d < 2^31). */
static int frac_less(int64_t n1, int64_t d1, int64_t n2, int64_t d2)
{
    return fc_i128_cmp(fc_i128_mul_i64(n1, d2), fc_i128_mul_i64(n2, d1)) < 0;
}

int fc_cast3_bounds_entry(const int32_t la[3], const int32_t ha[3], fc_vec3 delta, const int32_t lb[3],
                          const int32_t hb[3], int64_t *num, int64_t *den)
{
    const int64_t d[3] = {delta.x, delta.y, delta.z};
    int64_t en = 0, ed = 1, xn = 1, xd = 1; /* t in [en / ed, xn / xd] */
    for (int k = 0; k < 3; k++) {
        int64_t lo = (int64_t)lb[k] - ha[k], hi = (int64_t)hb[k] - la[k]; /* lo <= t d <= hi */
        if (d[k] == 0) {
            if (lo > 0 || hi < 0)
                return 0;
            continue;
        }
        int64_t a = d[k] > 0 ? lo : -hi, b = d[k] > 0 ? hi : -lo, m = d[k] > 0 ? d[k] : -d[k];
        if (frac_less(en, ed, a, m))
            en = a, ed = m;
        if (frac_less(b, m, xn, xd))
            xn = b, xd = m;
    }
    if (frac_less(xn, xd, en, ed))
        return 0;
    *num = en;
    *den = ed;
    return 1;
}

/* 0 when the bounding boxes (fc_shape3_bounds, which contain the shapes)
 * never meet for t in [0, 1]: then neither do the shapes. */
static int bounds_may_meet(const fc_shape3 *moving, fc_vec3 delta, const fc_shape3 *target)
{
    int32_t la[3] = {0, 0, 0}, ha[3] = {0, 0, 0}, lb[3] = {0, 0, 0}, hb[3] = {0, 0, 0}; /* set: shapes valid */
    int64_t num, den;
    fc_shape3_bounds(moving, la, ha);
    fc_shape3_bounds(target, lb, hb);
    return fc_cast3_bounds_entry(la, ha, delta, lb, hb, &num, &den);
}

/* The radius a shape keeps around its core (sphere, capsule; 0 for a box). */
static int64_t round_radius(const fc_shape3 *s)
{
    return s->type == FC_SHAPE3_SPHERE ? s->u.sphere.radius : s->type == FC_SHAPE3_CAPSULE ? s->u.capsule.radius : 0;
}

/* A hit solved reversed (the target moving by -d): the normal turns. */
static void flip(fc_cast3_feat *f)
{
    if (f->kind == FC_C3F_AXIS)
        for (int k = 0; k < 3; k++)
            f->a[k] = -f->a[k];
    else if (f->kind == FC_C3F_BALL || f->kind == FC_C3F_EDGE)
        f->neg = !f->neg;
}

/* A capsule moving or hit (cast3d_capsule.c), the shapes apart at t = 0:
 *   capsule / sphere   the centre against the capsule grown by both radii,
 *                      reversed (cen moving by -d);
 *   sphere / capsule   the centre against the capsule grown by both radii;
 *   capsule / box      the capsule's pieces against the box;
 *   box / capsule      the same reversed, normal negated;
 *   capsule / capsule  the capsule pair's pieces.
 * A ball or cylinder contact with radius sum 0 (two segments or a point and
 * a segment meeting) has no direction: the unit delta (FC_C3F_MOTION), as
 * two points meeting. */
static int cast_capsule(const fc_shape3 *moving, const int64_t d[3], const fc_shape3 *target, fc_castt *t,
                        fc_cast3_feat *f)
{
    const int64_t nd[3] = {-d[0], -d[1], -d[2]};
    int64_t rr = (round_radius(moving) + round_radius(target)) * 65536;
    int hit;
    if (moving->type == FC_SHAPE3_CAPSULE && target->type == FC_SHAPE3_CAPSULE) {
        hit = fc_c3_sweep_capsules(&moving->u.capsule, d, &target->u.capsule, t, f);
    } else if (moving->type == FC_SHAPE3_CAPSULE) {
        fc_c3box b;
        fc_c3box_of(target, &b);
        if (target->type == FC_SHAPE3_SPHERE)
            hit = fc_c3_sweep_capsule_sphere(&moving->u.capsule, d, b.c, rr, t, f);
        else
            hit = fc_c3_sweep_capsule_box(&moving->u.capsule, d, &b, t, f);
    } else {
        fc_c3box a;
        fc_c3box_of(moving, &a);
        if (moving->type == FC_SHAPE3_SPHERE) {
            hit = fc_c3_sweep_point_capsule(a.c, d, &target->u.capsule, rr, t, f);
        } else {
            hit = fc_c3_sweep_capsule_box(&target->u.capsule, nd, &a, t, f);
            if (hit)
                flip(f);
        }
    }
    if (hit && rr == 0 && (f->kind == FC_C3F_BALL || f->kind == FC_C3F_EDGE)) {
        f->kind = FC_C3F_MOTION;
        for (int k = 0; k < 3; k++)
            f->d[k] = d[k];
    }
    return hit;
}

int fc_cast3_exact(const fc_shape3 *moving, fc_vec3 delta, const fc_shape3 *target, fc_castt *t, fc_cast3_feat *f)
{
    int64_t d[3] = {(int64_t)delta.x * 65536, (int64_t)delta.y * 65536, (int64_t)delta.z * 65536};
    *t = fc_castt_int(0);
    f->kind = FC_C3F_START;
    f->neg = 0;
    for (int k = 0; k < 3; k++)
        f->a[k] = f->u[k] = f->x[k] = f->d[k] = 0;
    if (!bounds_may_meet(moving, delta, target))
        return 0;
    if (fc_overlap3(moving, target))
        return 1; /* t = 0 */
    if (moving->type == FC_SHAPE3_CAPSULE || target->type == FC_SHAPE3_CAPSULE)
        return cast_capsule(moving, d, target, t, f);
    fc_c3box a, b;
    fc_c3box_of(moving, &a);
    fc_c3box_of(target, &b);
    int ms = moving->type == FC_SHAPE3_SPHERE, ts = target->type == FC_SHAPE3_SPHERE;
    int64_t rm = ms ? (int64_t)moving->u.sphere.radius * 65536 : 0;
    int64_t rt = ts ? (int64_t)target->u.sphere.radius * 65536 : 0;
    if (ms && ts) {
        if (rm + rt == 0) { /* two points */
            int hit = fc_c3_sweep_boxes(&a, 0, d, &b, 3, t, f); /* b's axes: e_0, e_1, e_2 */
            if (hit && f->kind != FC_C3F_START) {
                f->kind = FC_C3F_MOTION;
                for (int k = 0; k < 3; k++)
                    f->d[k] = d[k];
            }
            return hit;
        }
        return fc_c3_sweep_ball(a.c, d, b.c, rm + rt, t, f);
    }
    if (ms) {
        if (rm == 0)
            return fc_c3_sweep_boxes(&a, 0, d, &b, 3, t, f);
        return fc_c3_sweep_rounded(a.c, d, &b, rm, NULL, t, f);
    }
    if (ts) {
        if (rt == 0)
            return fc_c3_sweep_boxes(&a, 3, d, &b, 0, t, f);
        int64_t nd[3] = {-d[0], -d[1], -d[2]};
        int hit = fc_c3_sweep_rounded(b.c, nd, &a, rt, NULL, t, f);
        if (hit && f->kind == FC_C3F_AXIS)
            for (int k = 0; k < 3; k++)
                f->a[k] = -f->a[k];
        if (hit)
            f->neg = f->kind != FC_C3F_AXIS;
        return hit;
    }
    return fc_c3_sweep_boxes(&a, 3, d, &b, 3, t, f);
}

static fc_big big64(int64_t v)
{
    return fc_big_from_i128(fc_i128_from_i64(v));
}

/* sign * floor(|v| / 2^shift) for |v| / 2^shift < 2^63. */
static int64_t big_shr(const fc_big *v, int32_t shift)
{
    uint64_t r = 0;
    for (int32_t bit = 62; bit >= 0; bit--) {
        int32_t src = bit + shift, limb = src / 32;
        r <<= 1;
        if (limb < v->n && (v->mag[limb] >> (src % 32) & 1u))
            r |= 1;
    }
    return v->sign < 0 ? -(int64_t)r : (int64_t)r;
}

static int32_t big_bits(const fc_big *v)
{
    if (v->n == 0)
        return 0;
    int32_t bits = (v->n - 1) * 32;
    for (uint32_t top = v->mag[v->n - 1]; top != 0; top >>= 1)
        bits++;
    return bits;
}

/* fc3_unit of a big vector, reduced to 62 bits by a common shift. */
static void unit_big(const fc_big v[3], fc_vec3 *out)
{
    int32_t bits = 0;
    for (int k = 0; k < 3; k++) {
        int32_t b = big_bits(&v[k]);
        bits = b > bits ? b : bits;
    }
    int32_t shift = bits > 62 ? bits - 62 : 0;
    fc3_unit(big_shr(&v[0], shift), big_shr(&v[1], shift), big_shr(&v[2], shift), out);
}

static int32_t bitlen(uint64_t v)
{
    int32_t n = 0;
    for (; v != 0; v >>= 1)
        n++;
    return n;
}

/* The bits k of t~ = floor(t* 2^k) / 2^k for a round feature of scaled
 * radius rr >= 2^16: with Dm = max |d_i| (|d| < 2 Dm), k >= bitlen(Dm) +
 * 21 - floor(log2 rr) gives |t* - t~| |d| < 2^-k 2^(bitlen(Dm) + 1) <=
 * 2^-20 rr, so the closest-point vector (length rr at t*) turns by
 * < 2^-19 rad: < 2^-3 raw on each unit component. k <= 48 + 21 - 16 = 53. */
static int round_bits(const int64_t d[3], int64_t rr)
{
    uint64_t dm = 0;
    for (int k = 0; k < 3; k++) {
        uint64_t a = d[k] < 0 ? (uint64_t)0 - (uint64_t)d[k] : (uint64_t)d[k];
        dm = a > dm ? a : dm;
    }
    int32_t k = bitlen(dm) + 21 - (bitlen((uint64_t)rr) - 1) - (FC_CAST3_BREAK == 3 ? 24 : 0); /* 3: too few bits */
    return k < 0 ? 0 : k > 60 ? 60 : k;
}

/* The closest-point direction of a BALL / EDGE feature (from the feature
 * to the moving point) at t~ = floor(t 2^k) / 2^k, scaled by 2^k. */
static void round_dir(const fc_castt *t, const fc_cast3_feat *f, int64_t rr, fc_big v[3])
{
    int bits = round_bits(f->d, rr);
    fc_big scale = big64((int64_t)1 << bits), kk = big64(fc_castt_floor_pow2(t, bits));
    for (int k = 0; k < 3; k++) {
        fc_big x = big64(f->x[k] - f->a[k]), dd = big64(f->d[k]);
        fc_big p = fc_big_mul(&x, &scale), q = fc_big_mul(&kk, &dd);
        v[k] = fc_big_add(&p, &q);
    }
    if (f->kind != FC_C3F_EDGE)
        return;
    /* v |u|^2 - (v . u) u: the part of v across the edge */
    fc_big u[3], uu = big64(0), vu = big64(0);
    for (int k = 0; k < 3; k++) {
        u[k] = big64(f->u[k]);
        fc_big p = fc_big_mul(&u[k], &u[k]), q = fc_big_mul(&v[k], &u[k]);
        uu = fc_big_add(&uu, &p);
        vu = fc_big_add(&vu, &q);
    }
    for (int k = 0; k < 3; k++) {
        fc_big p = fc_big_mul(&v[k], &uu), q = fc_big_mul(&vu, &u[k]);
        v[k] = fc_big_sub(&p, &q);
    }
}

void fc_cast3_normal(const fc_shape3 *moving, const fc_shape3 *target, const fc_castt *t, const fc_cast3_feat *f,
                     fc_vec3 *out)
{
    fc_big v[3];
    switch (f->kind) {
    case FC_C3F_AXIS: fc3_unit(f->a[0], f->a[1], f->a[2], out); return;
    case FC_C3F_MOTION: fc3_unit(f->d[0], f->d[1], f->d[2], out); return;
    case FC_C3F_BALL:
    case FC_C3F_EDGE: {
        /* the radius the point keeps from the feature: the sphere's, or both */
        int64_t rr = round_radius(moving) + round_radius(target);
        round_dir(t, f, rr * 65536, v);
        if (!f->neg) /* from the moving shape toward the target: -v */
            for (int k = 0; k < 3; k++)
                fc_big_neg_in_place(&v[k]);
        unit_big(v, out);
        return;
    }
    default: {
        fc_contact3_result c;
        c.normal = (fc_vec3){0, 0, 0};
        fc_contact3(moving, target, &c);
        *out = c.normal;
        return;
    }
    }
}

fc_status fc_cast3(const fc_shape3 *moving, fc_vec3 delta, const fc_shape3 *target, fc_cast3_hit *out, int *hit)
{
    if (moving == NULL || target == NULL || out == NULL || hit == NULL)
        return FC_ERR_NULL;
    fc_status st = fc_cast3_check(moving, delta, target);
    if (st != FC_OK)
        return st;
    fc_castt t;
    fc_cast3_feat f;
    if (!fc_cast3_exact(moving, delta, target, &t, &f)) {
        *hit = 0;
        return FC_OK;
    }
    fc_cast3_hit h;
    h.id.index = h.id.generation = h.id.world = 0;
    h.t = fc_castt_floor16(&t);
    fc_cast3_normal(moving, target, &t, &f, &h.normal);
    *out = h;
    *hit = 1;
    return FC_OK;
}
