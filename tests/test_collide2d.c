/* SPDX-License-Identifier: MIT */
/* 2D narrowphase against the independent exact oracle (oracle2d.h).
 *
 * For each of the 15 unordered shape-type pairs, N pairs (default 200000;
 * `--pairs N`) are generated, at least 30% of them adversarial: exactly
 * touching constructions, shapes pushed to the touching position by the
 * contact and then moved by -1..1 raw, parallel edges (OBB angles equal or a
 * quarter turn apart), very thin shapes, coordinates and sizes at the range
 * limits. Checked on every pair:
 *   - fc_overlap2(A,B) == fc_overlap2(B,A) == the canonical fc_overlap_* ==
 *     the oracle (zero disagreements, zero asymmetries);
 *   - fc_contact2 agrees with the overlap, is zeroed when separated, and
 *     fc_contact2(B,A) has exactly the negated normal, same depth and point;
 *   - normal length 1 within 2^-15, depth >= 0;
 *   - moving B along the normal by depth + tol separates the shapes, by
 *     depth - tol keeps them overlapping (oracle), tol = the documented
 *     bound + translation rounding.
 * `--break` replaces circle-vs-AABB with the seed article's grown-rectangle
 * shortcut: the oracle comparison must fail. */
#include <fixcol/collide2d.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "oracle2d.h"
#include "testutil.h"

static int break_mode;
static long disagreements, asymmetries, contact_errors, sanity_errors, point_errors;
static long adversarial_count, overlap_count, touching_count;
static uint64_t digest = 14695981039346656037u; /* FNV-1a over every contact result */

static void digest_i32(int32_t v)
{
    for (int i = 0; i < 4; i++) {
        digest ^= (uint32_t)v >> (8 * i) & 0xFFu;
        digest *= 1099511628211u;
    }
}

/* ---- random shapes -------------------------------------------------------- */
static int64_t rnd(uint64_t *s, int64_t lo, int64_t hi) /* inclusive */
{
    return lo + (int64_t)(tu_rand64(s) % (uint64_t)(hi - lo + 1));
}

static int32_t clampc(int64_t v)
{
    return (int32_t)(v < -FC_COORD_LIMIT ? -FC_COORD_LIMIT : v > FC_COORD_LIMIT ? FC_COORD_LIMIT : v);
}

/* A size in [lo, 2^e] raw. */
static int32_t size_of(uint64_t *s, int e, int32_t lo)
{
    int64_t hi = (int64_t)1 << e;
    return (int32_t)rnd(s, lo, hi < lo ? lo : hi);
}

static fc_vec2 near_point(uint64_t *s, fc_vec2 c, int e)
{
    int64_t span = (int64_t)1 << e;
    return fc_vec2_make(clampc(c.x + rnd(s, -span, span)), clampc(c.y + rnd(s, -span, span)));
}

static void make_poly(uint64_t *s, fc_vec2 c, int e, int thin, fc_poly2 *p)
{
    for (int tries = 0;; tries++) {
        int n = (int)rnd(s, 3, FC_POLY2_MAX_VERTS);
        double rad = (double)((int64_t)1 << e) * (0.2 + 0.8 * (double)(tu_rand64(s) % 1000) / 1000.0);
        double ang[FC_POLY2_MAX_VERTS];
        for (int i = 0; i < n; i++)
            ang[i] = (double)(tu_rand64(s) % 1000000) / 1000000.0 * 6.283185307179586;
        for (int i = 1; i < n; i++) /* sort */
            for (int j = i; j > 0 && ang[j - 1] > ang[j]; j--) {
                double t = ang[j];
                ang[j] = ang[j - 1];
                ang[j - 1] = t;
            }
        double squash = thin ? 1.0 / (double)((int64_t)1 << (tu_rand64(s) % 24)) : 1.0;
        fc_vec2 v[FC_POLY2_MAX_VERTS];
        for (int i = 0; i < n; i++)
            v[i] = fc_vec2_make(clampc(c.x + llround(rad * cos(ang[i]))),
                                clampc(c.y + llround(rad * squash * sin(ang[i]))));
        *p = fc_poly2_make(v, n);
        if (fc_poly2_validate(p) == FC_OK)
            return;
        if (tries > 20) { /* fall back to a right triangle */
            int32_t h = size_of(s, e, 1);
            v[0] = fc_vec2_make(clampc(c.x - h), clampc(c.y - h));
            v[1] = fc_vec2_make(clampc(c.x + h), clampc(c.y - h));
            v[2] = fc_vec2_make(clampc(c.x - h), clampc(c.y + (thin ? 1 - h : h)));
            *p = fc_poly2_make(v, 3);
            if (fc_poly2_validate(p) == FC_OK)
                return;
        }
    }
}

/* A valid shape of type t around c with size scale 2^e (e <= 28). */
static void gen_shape(uint64_t *s, fc_shape2_type t, fc_vec2 c, int e, int thin, int parallel_angle, fc_shape2 *out)
{
    memset(out, 0, sizeof *out);
    out->type = t;
    switch (t) {
    case FC_SHAPE2_CIRCLE:
        out->u.circle = fc_circle_make(c, thin ? (int32_t)rnd(s, 0, 1) : size_of(s, e, 0));
        break;
    case FC_SHAPE2_AABB: {
        int32_t hx = thin ? 1 : size_of(s, e, 1), hy = size_of(s, e, 1);
        if (tu_rand64(s) & 1) {
            int32_t t2 = hx;
            hx = hy;
            hy = t2;
        }
        out->u.aabb = fc_aabb2_make(fc_vec2_make(clampc(c.x - hx), clampc(c.y - hy)),
                                    fc_vec2_make(clampc(c.x + hx), clampc(c.y + hy)));
        if (out->u.aabb.min.x == out->u.aabb.max.x || out->u.aabb.min.y == out->u.aabb.max.y)
            out->u.aabb = fc_aabb2_make(fc_vec2_make(-1, -1), fc_vec2_make(1, 1));
        break;
    }
    case FC_SHAPE2_OBB: {
        int32_t hx = thin ? 1 : size_of(s, e, 1), hy = size_of(s, e, 1);
        fc_angle a = parallel_angle >= 0 ? (fc_angle)parallel_angle : (fc_angle)tu_rand64(s);
        out->u.obb = fc_obb2_make(c, fc_vec2_make(hx, hy), a);
        break;
    }
    case FC_SHAPE2_CAPSULE: {
        fc_vec2 b = (tu_rand64(s) % 8 == 0) ? c : near_point(s, c, e);
        out->u.capsule = fc_capsule2_make(c, b, thin ? (int32_t)rnd(s, 0, 1) : size_of(s, e, 0));
        break;
    }
    case FC_SHAPE2_POLY:
        make_poly(s, c, e < 1 ? 1 : e, thin, &out->u.poly);
        break;
    }
}

/* Translate by (dx, dy) raw; 0 when the result is out of range. */
static int translate(fc_shape2 *sh, int64_t dx, int64_t dy)
{
    fc_vec2 *pts[FC_POLY2_MAX_VERTS];
    int n = 0;
    switch (sh->type) {
    case FC_SHAPE2_CIRCLE: pts[n++] = &sh->u.circle.center; break;
    case FC_SHAPE2_AABB: pts[n++] = &sh->u.aabb.min, pts[n++] = &sh->u.aabb.max; break;
    case FC_SHAPE2_OBB: pts[n++] = &sh->u.obb.center; break;
    case FC_SHAPE2_CAPSULE: pts[n++] = &sh->u.capsule.a, pts[n++] = &sh->u.capsule.b; break;
    case FC_SHAPE2_POLY:
        for (int i = 0; i < sh->u.poly.count; i++)
            pts[n++] = &sh->u.poly.v[i];
        break;
    }
    for (int i = 0; i < n; i++) {
        int64_t x = pts[i]->x + dx, y = pts[i]->y + dy;
        if (x < -FC_COORD_LIMIT || x > FC_COORD_LIMIT || y < -FC_COORD_LIMIT || y > FC_COORD_LIMIT)
            return 0;
    }
    for (int i = 0; i < n; i++)
        pts[i]->x = (int32_t)(pts[i]->x + dx), pts[i]->y = (int32_t)(pts[i]->y + dy);
    return 1;
}

/* ---- the library under test ----------------------------------------------- */
static int lib_overlap(const fc_shape2 *a, const fc_shape2 *b)
{
    if (break_mode && a->type == FC_SHAPE2_CIRCLE && b->type == FC_SHAPE2_AABB) {
        const fc_circle *c = &a->u.circle;
        const fc_aabb2 *r = &b->u.aabb; /* the seed's grown rectangle: wrong at corners */
        return (int64_t)c->center.x >= (int64_t)r->min.x - c->radius && (int64_t)c->center.x <= (int64_t)r->max.x + c->radius &&
               (int64_t)c->center.y >= (int64_t)r->min.y - c->radius && (int64_t)c->center.y <= (int64_t)r->max.y + c->radius;
    }
    return fc_overlap2(a, b);
}

/* The canonical function called directly, for a->type <= b->type. */
static int direct_overlap(const fc_shape2 *a, const fc_shape2 *b)
{
    switch (a->type * 8 + b->type) {
    case 1 * 8 + 1: return fc_overlap_circle_circle(&a->u.circle, &b->u.circle);
    case 1 * 8 + 2: return fc_overlap_circle_aabb2(&a->u.circle, &b->u.aabb);
    case 1 * 8 + 3: return fc_overlap_circle_obb2(&a->u.circle, &b->u.obb);
    case 1 * 8 + 4: return fc_overlap_circle_capsule2(&a->u.circle, &b->u.capsule);
    case 1 * 8 + 5: return fc_overlap_circle_poly2(&a->u.circle, &b->u.poly);
    case 2 * 8 + 2: return fc_overlap_aabb2_aabb2(&a->u.aabb, &b->u.aabb);
    case 2 * 8 + 3: return fc_overlap_aabb2_obb2(&a->u.aabb, &b->u.obb);
    case 2 * 8 + 4: return fc_overlap_aabb2_capsule2(&a->u.aabb, &b->u.capsule);
    case 2 * 8 + 5: return fc_overlap_aabb2_poly2(&a->u.aabb, &b->u.poly);
    case 3 * 8 + 3: return fc_overlap_obb2_obb2(&a->u.obb, &b->u.obb);
    case 3 * 8 + 4: return fc_overlap_obb2_capsule2(&a->u.obb, &b->u.capsule);
    case 3 * 8 + 5: return fc_overlap_obb2_poly2(&a->u.obb, &b->u.poly);
    case 4 * 8 + 4: return fc_overlap_capsule2_capsule2(&a->u.capsule, &b->u.capsule);
    case 4 * 8 + 5: return fc_overlap_capsule2_poly2(&a->u.capsule, &b->u.poly);
    case 5 * 8 + 5: return fc_overlap_poly2_poly2(&a->u.poly, &b->u.poly);
    }
    return -1;
}

static const char *type_name(fc_shape2_type t)
{
    static const char *names[] = {"?", "circle", "aabb2", "obb2", "capsule2", "poly2"};
    return names[t];
}

/* ---- checks ---------------------------------------------------------------- */
static void dump(const char *tag, const fc_shape2 *sh)
{
    const int32_t *w = (const int32_t *)&sh->u;
    fprintf(stderr, "  %s %s:", tag, type_name(sh->type));
    for (size_t i = 0; i < sizeof sh->u / 4; i++)
        fprintf(stderr, " %d", w[i]);
    fprintf(stderr, "\n");
}

static void check_contact_sanity(const fc_shape2 *a, const fc_shape2 *b, const fc_contact2_result *c)
{
    double nx = c->normal.x, ny = c->normal.y, len = sqrt(nx * nx + ny * ny);
    double depth = c->depth;
    /* The documented bound (1.25 raw + depth * 2^-29, which covers the
     * normal's direction error) plus the rounding of the translation to raw
     * units (< 0.71 raw). */
    double tol = 1.25 + depth * ldexp(1.0, -29) + 0.75;
    /* The point lies within depth/2 + 3 raw of both shapes (documented). */
    fc_shape2 probe;
    memset(&probe, 0, sizeof probe);
    probe.type = FC_SHAPE2_CIRCLE;
    probe.u.circle = fc_circle_make(c->point, (int32_t)(c->depth / 2 + 3));
    int near_a = oracle_overlap(&probe, a), near_b = oracle_overlap(&probe, b);
    point_errors += !near_a || !near_b;
    if ((!near_a || !near_b) && point_errors < 3)
        dump("A", a), dump("B", b);
    TU_CHECK(near_a && near_b, "%s/%s: contact point (%d,%d) not within depth/2 %d of %s", type_name(a->type),
             type_name(b->type), c->point.x, c->point.y, c->depth / 2, near_a ? "B" : "A");
    fc_shape2 moved = *b;
    double far = depth + tol;
    if (translate(&moved, llround(nx / len * far), llround(ny / len * far))) {
        int still = oracle_overlap(a, &moved);
        sanity_errors += still;
        if (still && sanity_errors < 5)
            dump("A", a), dump("B", b);
        TU_CHECK(!still, "%s/%s: moving B by depth %d + %.0f along (%d,%d) leaves an overlap", type_name(a->type),
                 type_name(b->type), c->depth, tol, c->normal.x, c->normal.y);
    }
    if (depth > tol) {
        moved = *b;
        double near = depth - tol;
        if (translate(&moved, llround(nx / len * near), llround(ny / len * near))) {
            int still = oracle_overlap(a, &moved);
            sanity_errors += !still;
            TU_CHECK(still, "%s/%s: moving B by depth %d - %.0f separates: depth too large", type_name(a->type),
                     type_name(b->type), c->depth, tol);
        }
    }
}

/* Whether two shapes are the same set (field by field: memcmp would also
 * compare padding, such as fc_obb2's after its 16-bit angle, which a struct
 * assignment need not copy). Identical shapes have no defined contact
 * direction, so their contacts need not be negations of each other. */
static int same_vec2(fc_vec2 p, fc_vec2 q) { return p.x == q.x && p.y == q.y; }
static int same_shape2(const fc_shape2 *a, const fc_shape2 *b)
{
    if (a->type != b->type)
        return 0;
    switch (a->type) {
    case FC_SHAPE2_CIRCLE:
        return same_vec2(a->u.circle.center, b->u.circle.center) && a->u.circle.radius == b->u.circle.radius;
    case FC_SHAPE2_AABB:
        return same_vec2(a->u.aabb.min, b->u.aabb.min) && same_vec2(a->u.aabb.max, b->u.aabb.max);
    case FC_SHAPE2_OBB:
        return same_vec2(a->u.obb.center, b->u.obb.center) && same_vec2(a->u.obb.half, b->u.obb.half) &&
               a->u.obb.angle == b->u.obb.angle && a->u.obb.rot.s == b->u.obb.rot.s && a->u.obb.rot.c == b->u.obb.rot.c;
    case FC_SHAPE2_CAPSULE:
        return same_vec2(a->u.capsule.a, b->u.capsule.a) && same_vec2(a->u.capsule.b, b->u.capsule.b) &&
               a->u.capsule.radius == b->u.capsule.radius;
    default:
        if (a->u.poly.count != b->u.poly.count)
            return 0;
        for (int32_t i = 0; i < a->u.poly.count; i++)
            if (!same_vec2(a->u.poly.v[i], b->u.poly.v[i]))
                return 0;
        return 1;
    }
}

static void check_pair(const fc_shape2 *a, const fc_shape2 *b, int sanity)
{
#ifdef FC_TEST_PAIR_HOOK /* tests/test_pushout2d.c: the same pairs through the push-out */
    FC_TEST_PAIR_HOOK(a, b);
#endif
    int want = oracle_overlap(a, b);
    int ab = lib_overlap(a, b), ba = fc_overlap2(b, a);
    int direct = a->type <= b->type ? direct_overlap(a, b) : direct_overlap(b, a);
    if (ab != want || ba != want || direct != want) {
        disagreements++;
        TU_CHECK(0, "%s/%s: oracle %d, overlap2(A,B) %d, overlap2(B,A) %d, direct %d", type_name(a->type),
                 type_name(b->type), want, ab, ba, direct);
    }
    if (ab != ba)
        asymmetries++;
    overlap_count += want;
    fc_contact2_result cab, cba;
    int hab = fc_contact2(a, b, &cab), hba = fc_contact2(b, a, &cba);
    digest_i32(hab), digest_i32(cab.normal.x), digest_i32(cab.normal.y), digest_i32(cab.depth);
    digest_i32(cab.point.x), digest_i32(cab.point.y);
    int ok = hab == want && hba == want && cab.normal.x == -cba.normal.x && cab.normal.y == -cba.normal.y &&
             cab.depth == cba.depth && cab.point.x == cba.point.x && cab.point.y == cba.point.y;
    if (!want)
        ok = ok && cab.depth == 0 && cab.normal.x == 0 && cab.normal.y == 0 && cab.point.x == 0 && cab.point.y == 0;
    if (!ok) {
        int same = same_shape2(a, b);
        if (!(same && hab == want && hba == want && cab.depth == cba.depth)) {
            contact_errors++;
            TU_CHECK(0, "%s/%s: contact hit %d/%d (want %d) n (%d,%d)/(%d,%d) depth %d/%d", type_name(a->type),
                     type_name(b->type), hab, hba, want, cab.normal.x, cab.normal.y, cba.normal.x, cba.normal.y,
                     cab.depth, cba.depth);
        }
    }
    if (want && hab) {
        touching_count += cab.depth == 0;
        double len = sqrt((double)cab.normal.x * cab.normal.x + (double)cab.normal.y * cab.normal.y) / 65536.0;
        if (!(fabs(len - 1.0) <= ldexp(1.0, -15)) || cab.depth < 0) {
            contact_errors++;
            TU_CHECK(0, "%s/%s: normal length %.9f depth %d", type_name(a->type), type_name(b->type), len, cab.depth);
        }
        if (sanity)
            check_contact_sanity(a, b, &cab);
    }
}

/* ---- pair generation -------------------------------------------------------- */
static fc_vec2 random_center(uint64_t *s, int e)
{
    int64_t lim = FC_COORD_LIMIT - ((int64_t)1 << e) * 2;
    if (lim < 0)
        lim = 0;
    if (tu_rand64(s) % 16 == 0) /* at the range limits */
        return fc_vec2_make((tu_rand64(s) & 1) ? FC_COORD_LIMIT : -FC_COORD_LIMIT,
                            (tu_rand64(s) & 1) ? FC_COORD_LIMIT : -FC_COORD_LIMIT);
    return fc_vec2_make((int32_t)rnd(s, -lim, lim), (int32_t)rnd(s, -lim, lim));
}

static int valid(const fc_shape2 *sh) { return fc_shape2_validate(sh) == FC_OK; }

/* Exactly touching constructions where integer geometry allows them. */
static int touching_pair(uint64_t *s, fc_shape2_type ta, fc_shape2_type tb, int e, fc_shape2 *a, fc_shape2 *b)
{
    fc_vec2 c = random_center(s, e);
    if (ta == FC_SHAPE2_OBB && tb == FC_SHAPE2_OBB) { /* quadrant angles, faces flush */
        fc_angle qa = (fc_angle)(FC_ANGLE_QUARTER * rnd(s, 0, 3)), qb = (fc_angle)(FC_ANGLE_QUARTER * rnd(s, 0, 3));
        gen_shape(s, ta, c, e, 0, qa, a);
        gen_shape(s, tb, c, e, 0, qb, b);
        int32_t wa = (qa / FC_ANGLE_QUARTER) % 2 ? a->u.obb.half.y : a->u.obb.half.x;
        int32_t wb = (qb / FC_ANGLE_QUARTER) % 2 ? b->u.obb.half.y : b->u.obb.half.x;
        b->u.obb.center.x = clampc((int64_t)c.x + wa + wb);
        b->u.obb.center.y = clampc((int64_t)c.y + rnd(s, -((int64_t)1 << e), (int64_t)1 << e));
        return valid(b);
    }
    int round_a = ta == FC_SHAPE2_CIRCLE || ta == FC_SHAPE2_CAPSULE;
    int round_b = tb == FC_SHAPE2_CIRCLE || tb == FC_SHAPE2_CAPSULE;
    if (round_b && ta != FC_SHAPE2_OBB) {
        /* B's core point at a vertex of A's core + k*(3,4) (k*(4,-3), ...), radii
         * summing to 5k: touching at that vertex when the direction points
         * outward. */
        gen_shape(s, ta, c, e, 0, -1, a);
        or_core oa = or_from_shape(a);
        int i = (int)rnd(s, 0, oa.n - 1);
        int64_t vx = oa.x[i] / 65536, vy = oa.y[i] / 65536;
        int64_t k = rnd(s, 1, ((int64_t)1 << (e > 26 ? 26 : e)) / 5 + 1);
        static const int dirs[8][2] = {{3, 4}, {4, 3}, {-3, 4}, {-4, 3}, {3, -4}, {4, -3}, {-3, -4}, {-4, -3}};
        int d = (int)rnd(s, 0, 7);
        int64_t px = vx + k * dirs[d][0], py = vy + k * dirs[d][1];
        int64_t ra = round_a ? rnd(s, 0, 5 * k) : 0;
        if (ta == FC_SHAPE2_CIRCLE)
            a->u.circle.radius = (int32_t)ra;
        if (ta == FC_SHAPE2_CAPSULE)
            a->u.capsule.radius = (int32_t)ra;
        gen_shape(s, tb, fc_vec2_make(clampc(px), clampc(py)), e, 0, -1, b);
        if (tb == FC_SHAPE2_CIRCLE)
            b->u.circle.radius = (int32_t)(5 * k - ra);
        else
            b->u.capsule.radius = (int32_t)(5 * k - ra);
        return valid(a) && valid(b);
    }
    if (!round_a && !round_b && ta != FC_SHAPE2_OBB && tb != FC_SHAPE2_OBB) {
        /* B = A's own type reflected through a vertex shares only that vertex;
         * for other type pairs: B's vertex translated onto A's vertex. */
        gen_shape(s, ta, c, e, 0, -1, a);
        gen_shape(s, tb, c, e, 0, -1, b);
        or_core oa = or_from_shape(a), ob = or_from_shape(b);
        int i = (int)rnd(s, 0, oa.n - 1), j = (int)rnd(s, 0, ob.n - 1);
        return translate(b, (oa.x[i] - ob.x[j]) / 65536, (oa.y[i] - ob.y[j]) / 65536) && valid(b);
    }
    return 0;
}

static void gen_pair(uint64_t *s, fc_shape2_type ta, fc_shape2_type tb, int adversarial, fc_shape2 *a, fc_shape2 *b)
{
    for (;;) {
        int e = (int)rnd(s, 0, 28);
        int kind = adversarial ? (int)rnd(s, 0, 4) : -1;
        if (kind == 0 && touching_pair(s, ta, tb, e, a, b))
            return;
        int thin = kind == 1;
        int par = -1;
        if (kind == 2)
            par = (int)(tu_rand64(s) % 65536);
        fc_vec2 c = random_center(s, e);
        gen_shape(s, ta, c, e, thin && (tu_rand64(s) & 1), par, a);
        int pb = par < 0 ? -1 : (int)(fc_angle)(par + FC_ANGLE_QUARTER * rnd(s, 0, 3));
        gen_shape(s, tb, near_point(s, c, e), e - (int)rnd(s, 0, e < 4 ? e : 4), thin, pb, b);
        if (kind == 2 && ta != FC_SHAPE2_OBB && tb == FC_SHAPE2_OBB) /* AABB/poly edges vs axis-aligned OBB */
            b->u.obb = fc_obb2_make(b->u.obb.center, b->u.obb.half, (fc_angle)(FC_ANGLE_QUARTER * rnd(s, 0, 3)));
        if (!valid(a) || !valid(b))
            continue;
        if (kind >= 3) { /* push to the touching position, then -1..1 raw */
            fc_contact2_result ct;
            if (fc_contact2(a, b, &ct)) {
                double len = sqrt((double)ct.normal.x * ct.normal.x + (double)ct.normal.y * ct.normal.y);
                fc_shape2 moved = *b;
                if (translate(&moved, llround(ct.normal.x / len * ct.depth) + rnd(s, -1, 1),
                              llround(ct.normal.y / len * ct.depth) + rnd(s, -1, 1)))
                    *b = moved;
            }
        }
        return;
    }
}

/* Exactly touching constructions: overlap in both orders, depth exactly 0. */
static long touching_checked;

static void expect_touching(const fc_shape2 *a, const fc_shape2 *b)
{
    if (!valid(a) || !valid(b))
        return;
    fc_contact2_result c;
    int ok = oracle_overlap(a, b) && fc_overlap2(a, b) && fc_overlap2(b, a) && fc_contact2(a, b, &c) &&
             c.depth == 0 && fc_contact2(b, a, &c) && c.depth == 0;
    touching_checked++;
    TU_CHECK(ok, "%s/%s exactly touching: overlap %d/%d depth %d", type_name(a->type), type_name(b->type),
             fc_overlap2(a, b), fc_overlap2(b, a), c.depth);
}

static void check_exact_touching(uint64_t *s, long n)
{
    for (long i = 0; i < n; i++) {
        int e = (int)rnd(s, 0, 26);
        int64_t k = rnd(s, 1, ((int64_t)1 << e) / 5 + 1);
        int64_t lim = FC_COORD_LIMIT - ((int64_t)1 << (e + 3)); /* nothing below gets clamped */
        fc_vec2 c = fc_vec2_make((int32_t)rnd(s, -lim, lim), (int32_t)rnd(s, -lim, lim));
        fc_shape2 a, b;
        memset(&a, 0, sizeof a), memset(&b, 0, sizeof b);
        /* circle - circle at distance 5k, radii summing to 5k */
        a.type = b.type = FC_SHAPE2_CIRCLE;
        int64_t ra = rnd(s, 0, 5 * k);
        a.u.circle = fc_circle_make(c, (int32_t)ra);
        b.u.circle = fc_circle_make(fc_vec2_make(clampc(c.x + 3 * k), clampc(c.y - 4 * k)), (int32_t)(5 * k - ra));
        expect_touching(&a, &b);
        /* AABB corner - circle / capsule along (3, 4) k */
        int32_t hx = size_of(s, e, 1), hy = size_of(s, e, 1);
        a.type = FC_SHAPE2_AABB;
        a.u.aabb = fc_aabb2_make(fc_vec2_make(clampc(c.x - hx), clampc(c.y - hy)), fc_vec2_make(c.x, c.y));
        fc_vec2 p = fc_vec2_make(clampc(c.x + 3 * k), clampc(c.y + 4 * k));
        b.u.circle = fc_circle_make(p, (int32_t)(5 * k));
        expect_touching(&a, &b);
        b.type = FC_SHAPE2_CAPSULE;
        b.u.capsule = fc_capsule2_make(p, fc_vec2_make(clampc(p.x + 3 * k), clampc(p.y + 4 * k)), (int32_t)(5 * k));
        expect_touching(&a, &b);
        /* OBBs at quadrant angles with flush faces */
        fc_angle qa = (fc_angle)(FC_ANGLE_QUARTER * rnd(s, 0, 3));
        a.type = b.type = FC_SHAPE2_OBB;
        a.u.obb = fc_obb2_make(c, fc_vec2_make(hx, hy), qa);
        /* b is a quarter turn from a: their x extents are hx and hy in some order */
        b.u.obb = fc_obb2_make(fc_vec2_make(clampc((int64_t)c.x + hx + hy),
                                            clampc(c.y + rnd(s, -hx, hx))),
                               fc_vec2_make(hx, hy), (fc_angle)(qa + FC_ANGLE_QUARTER));
        expect_touching(&a, &b);
        /* a polygon and its point reflection through one of its vertices */
        a.type = b.type = FC_SHAPE2_POLY;
        make_poly(s, c, e + 1, 0, &a.u.poly);
        int j = (int)rnd(s, 0, a.u.poly.count - 1);
        fc_vec2 v = a.u.poly.v[j], w[FC_POLY2_MAX_VERTS];
        for (int q = 0; q < a.u.poly.count; q++)
            w[q] = fc_vec2_make(clampc(2 * (int64_t)v.x - a.u.poly.v[q].x), clampc(2 * (int64_t)v.y - a.u.poly.v[q].y));
        b.u.poly = fc_poly2_make(w, a.u.poly.count);
        expect_touching(&a, &b);
    }
}

/* OBB-OBB at the bounding-circle stage's radii (src/collide2d/collide2d_obb.c, same
 * formulas): centre distance R - 1, R, R + 1 with R the bounding radius
 * (corners facing along the centre line: the boxes reach furthest there), and
 * r - 1, r, r + 1 with r the inscribed radius (shorter sides facing, quadrant
 * angles: the boxes reach least there); plus random angles. Every pair goes
 * through check_pair (oracle, symmetry, contact). */
static long bound_checked;
#define TEST_PI 3.14159265358979323846

static fc_angle corner_angle(int64_t hx, int64_t hy, double toward)
{
    double t = toward - atan2((double)hy, (double)hx); /* rotates corner (hx, hy) onto the direction */
    return (fc_angle)(int64_t)llround(t / (2.0 * TEST_PI) * 65536.0);
}

static void check_obb_circle_bounds(uint64_t *s, long n)
{
    for (long i = 0; i < n; i++) {
        int e = (int)rnd(s, 0, 26);
        int64_t hax = size_of(s, e, 1), hay = size_of(s, (int)rnd(s, 0, e), 1);
        int64_t hbx = size_of(s, (int)rnd(s, 0, e), 1), hby = size_of(s, e, 1);
        int64_t sm = (hax < hay ? hax : hay) + (hbx < hby ? hbx : hby);
        int64_t q = (hax > hay ? hax : hay) + (hbx > hby ? hbx : hby) + ((sm * 27) >> 6) + 1;
        int64_t big = q + (q >> 16) + 1, small = sm - ((sm + 65535) >> 16);
        for (int kind = 0; kind < 4; kind++) {
            int64_t base = kind < 2 ? big : small;
            fc_angle aa, ab;
            if (kind == 0) /* corners facing */
                aa = corner_angle(hax, hay, 0.0), ab = corner_angle(hbx, hby, TEST_PI);
            else if (kind == 2) /* shorter sides facing */
                aa = hax <= hay ? 0 : FC_ANGLE_QUARTER, ab = hbx <= hby ? 0 : FC_ANGLE_QUARTER;
            else
                aa = (fc_angle)tu_rand64(s), ab = (fc_angle)tu_rand64(s);
            for (int64_t off = -1; off <= 1; off++) {
                int64_t dx = base + off, x0 = -(dx / 2);
                if (dx < 0 || x0 < -FC_COORD_LIMIT || x0 + dx > FC_COORD_LIMIT)
                    continue;
                fc_shape2 a, b;
                memset(&a, 0, sizeof a), memset(&b, 0, sizeof b);
                a.type = b.type = FC_SHAPE2_OBB;
                int32_t y = (int32_t)rnd(s, -1000, 1000);
                a.u.obb = fc_obb2_make(fc_vec2_make((int32_t)x0, y), fc_vec2_make((int32_t)hax, (int32_t)hay), aa);
                b.u.obb = fc_obb2_make(fc_vec2_make((int32_t)(x0 + dx), y), fc_vec2_make((int32_t)hbx, (int32_t)hby), ab);
                if (!valid(&a) || !valid(&b))
                    continue;
                check_pair(&a, &b, 1);
                bound_checked++;
            }
        }
    }
}

int main(int argc, char **argv)
{
    long pairs = 200000;
    int first = 0, last = 14; /* `--types F L`: only pair types F..L of the 15 (to split long runs) */
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--break") == 0)
            break_mode = 1;
        else if (strcmp(argv[i], "--pairs") == 0 && i + 1 < argc)
            pairs = atol(argv[++i]);
        else if (strcmp(argv[i], "--types") == 0 && i + 2 < argc)
            first = atoi(argv[i + 1]), last = atoi(argv[i + 2]), i += 2;
    }
    int index = -1;
    for (int ta = FC_SHAPE2_CIRCLE; ta <= FC_SHAPE2_POLY; ta++)
        for (int tb = ta; tb <= FC_SHAPE2_POLY; tb++) {
            if (++index < first || index > last)
                continue;
            uint64_t s = 0x2D2D2D2D00000000u ^ (uint64_t)(ta * 8 + tb) * 0x9E3779B97F4A7C15u;
            long d0 = disagreements, a0 = asymmetries, o0 = overlap_count, adv0 = adversarial_count, t0 = touching_count;
            for (long i = 0; i < pairs; i++) {
                fc_shape2 a, b;
                int adv = i % 10 < 4; /* 40% adversarial */
                adversarial_count += adv;
                gen_pair(&s, (fc_shape2_type)ta, (fc_shape2_type)tb, adv, &a, &b);
                if (tu_rand64(&s) & 1) /* both orders of the types as the first argument */
                    check_pair(&a, &b, i % 4 == 0);
                else
                    check_pair(&b, &a, i % 4 == 0);
            }
            printf("%-8s vs %-8s: %ld pairs (%ld adversarial), %ld overlapping (%ld with depth 0), %ld disagreements, "
                   "%ld asymmetries\n",
                   type_name((fc_shape2_type)ta), type_name((fc_shape2_type)tb), pairs, adversarial_count - adv0,
                   overlap_count - o0, touching_count - t0, disagreements - d0, asymmetries - a0);
            fflush(stdout);
        }
    uint64_t ts = 0x70C4u;
    check_exact_touching(&ts, pairs / 20 + 100);
    printf("exactly touching constructions: %ld checked\n", touching_checked);
    /* The OBB pre-test assumes |c^2 + s^2 - 2^32| <= 90327 for every angle. */
    int64_t worst = 0;
    for (uint32_t ang = 0; ang < 65536; ang++) {
        fc_sincos r = fc_sincos_of((fc_angle)ang);
        int64_t e = (int64_t)r.c * r.c + (int64_t)r.s * r.s - ((int64_t)1 << 32);
        worst = e < 0 ? (-e > worst ? -e : worst) : (e > worst ? e : worst);
    }
    TU_CHECK(worst <= 90327, "table axis length: |c^2 + s^2 - 2^32| reaches %lld", (long long)worst);
    uint64_t bs = 0xB0C1u;
    check_obb_circle_bounds(&bs, pairs / 20 + 100);
    printf("OBB pairs at the bounding-circle radii -1/0/+1: %ld checked\n", bound_checked);
    printf("total: %ld disagreements, %ld asymmetries, %ld contact errors, %ld contact sanity errors, "
           "%ld contact point errors\n",
           disagreements, asymmetries, contact_errors, sanity_errors, point_errors);
    printf("contact digest %016llx\n", (unsigned long long)digest);
    return tu_finish("collide2d");
}
