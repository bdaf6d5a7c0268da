/* SPDX-License-Identifier: MIT */
/* fc_pushout2 on every pair the 2D oracle suite generates (tests/test_collide2d.c,
 * compiled in with its main renamed: random and adversarial generators, all
 * 15 type pairs in both orders, touching and 1-raw-apart constructions,
 * range limits). For every pair:
 *   - not overlapping (oracle): FC_OK and delta == 0;
 *   - overlapping: FC_OK and B + delta in range and apart under the
 *     independent oracle (tests/oracle2d.h), or FC_ERR_RANGE with delta
 *     untouched and B within the push-out length of the range limit;
 *   - |delta| <= d + d * 2^-12 + 6 raw (d = the contact depth), exactly;
 *   - |delta| <= D + D * 2^-11 + 8 raw with D the exact minimum translation
 *     distance, computed here from the oracle's cores: R - dist(cores) when
 *     the cores are apart, else R + min over the edge normals n of both
 *     cores (both signs) of (max_A n - min_B n) / |n|, compared exactly in
 *     384-bit integers.
 * Also: the old promise (B moved by normal * depth separates) is counted,
 * and bad input gives errors with delta untouched.
 * Bit-identical shapes at the +x range limit (issue 27, 1 and 2): B's
 * largest x coordinate at FC_COORD_LIMIT, so the 1-raw probe must go along
 * -x (pushout.h): FC_OK, separated and bounded as above, and a radius-0
 * circle (which the 1-raw probe itself separates) gets exactly the probe,
 * (+1, 0) inside the range and (-1, 0) at the limit.
 * `--break contact` returns normal * depth instead (must fail: touching),
 * `--break long` doubles delta (must fail the bound), `--break limit` puts
 * the identical shapes 1 raw past the limit (must fail: FC_OK expected). */
#include <fixcol/pushout.h>

static void pushout_hook(const fc_shape2 *a, const fc_shape2 *b);
#define FC_TEST_PAIR_HOOK pushout_hook
int collide2d_suite_main(int argc, char **argv);
#define main collide2d_suite_main
#include "test_collide2d.c"
#undef main

static int po_break; /* 0 none, 1 contact, 2 long, 3 limit */
static long po_later_round; /* results not from the first round (identical shapes excluded) */
static double po_max_excess; /* max of |delta| - depth - depth / 8192 (raw), information only */
static long po_pairs, po_overlapping, po_range, po_sep_fail, po_depth_fail, po_mtd_fail, po_old_fail;
static long po_at_max; /* pairs within 1 raw of the MTD bound */

/* ceil(sqrt(v)) for v >= 0 */
static int64_t ceil_sqrt(or_i128 v)
{
    int64_t r = (int64_t)sqrtl((long double)v);
    while (r > 0 && (or_i128)(r - 1) * (r - 1) >= v)
        r--;
    while ((or_i128)r * r < v)
        r++;
    return r;
}

/* round(n * t / 2^16), nearest, ties up (the test's own rounding) */
static int64_t q16_round(int64_t n, int64_t t)
{
    or_i128 p = (or_i128)n * t + 32768;
    return (int64_t)(p >= 0 ? p / 65536 : -((-p + 65535) / 65536));
}

static or_big big_sq(or_big v) { return or_big_mul(v, v); }

/* D >= y, with y = (X_up - 8) * 2048 / 2049 raw the smallest minimum
 * translation distance the bound allows for this |delta|; exact. The
 * comparison is scaled by 2049 * 65536 (cores are Q32.32). */
static int mtd_at_least(const fc_shape2 *sa, const fc_shape2 *sb, int64_t x_up)
{
    if (x_up <= 8)
        return 1;
    or_core a = or_from_shape(sa), b = or_from_shape(sb);
    or_i128 y = (or_i128)(x_up - 8) * 2048 * 65536; /* 2049 * y in Q32.32 */
    or_i128 t = (or_i128)2049 * (a.r + b.r) - y;      /* 2049 * (R - y) */
    if (!or_cores_meet(&a, &b)) {
        /* D = R - dist >= y  <=>  2049 * dist <= t */
        if (t < 0)
            return 0;
        for (int i = 0; i < a.n; i++)
            a.x[i] *= 2049, a.y[i] *= 2049;
        for (int i = 0; i < b.n; i++)
            b.x[i] *= 2049, b.y[i] *= 2049;
        or_big t2 = big_sq(or_big_i128(t));
        return or_within(&a, &b, t2) || or_within(&b, &a, t2);
    }
    /* D = R + pd >= y  <=>  some axis n: 2049 * P(n) >= -t * |n| */
    if (t >= 0)
        return 1;
    int has_axis = 0;
    for (int side = 0; side < 2; side++) {
        const or_core *c = side ? &b : &a;
        for (int e = 0; e < or_edge_count(c); e++) {
            int64_t s[4];
            or_edge(c, e, s);
            int64_t nx = s[3] - s[1], ny = s[0] - s[2];
            if (nx == 0 && ny == 0)
                continue;
            has_axis = 1;
            for (int sign = -1; sign <= 1; sign += 2) {
                or_i128 maxa = 0, minb = 0;
                for (int i = 0; i < a.n; i++) {
                    or_i128 p = ((or_i128)a.x[i] * nx + (or_i128)a.y[i] * ny) * sign;
                    if (i == 0 || p > maxa)
                        maxa = p;
                }
                for (int i = 0; i < b.n; i++) {
                    or_i128 p = ((or_i128)b.x[i] * nx + (or_i128)b.y[i] * ny) * sign;
                    if (i == 0 || p < minb)
                        minb = p;
                }
                or_big lhs = big_sq(or_big_mul(or_big_i128(2049), or_big_i128(maxa - minb)));
                or_big rhs = or_big_mul(big_sq(or_big_i128(-t)),
                                        or_big_i128((or_i128)nx * nx + (or_i128)ny * ny));
                if (maxa - minb >= 0 && or_big_cmp(lhs, rhs) >= 0)
                    return 1;
            }
        }
    }
    return !has_axis; /* two coincident points: pd = 0, D = R */
}

static int64_t largest_coord(const fc_shape2 *s)
{
    or_core c = or_from_shape(s); /* OBB: the corners; others: the stored points */
    int64_t m = 0;
    if (s->type == FC_SHAPE2_OBB)
        c.n = 1, c.x[0] = (int64_t)s->u.obb.center.x * 65536, c.y[0] = (int64_t)s->u.obb.center.y * 65536;
    for (int i = 0; i < c.n; i++) {
        int64_t x = llabs(c.x[i] / 65536), y = llabs(c.y[i] / 65536);
        m = x > m ? x : m, m = y > m ? y : m;
    }
    return m;
}

static fc_status pushout_under_test(const fc_shape2 *a, const fc_shape2 *b, fc_vec2 *d)
{
    if (po_break == 1) {
        fc_contact2_result c;
        if (!fc_contact2(a, b, &c)) {
            *d = fc_vec2_make(0, 0);
            return FC_OK;
        }
        *d = fc_vec2_make((fix16_t)q16_round(c.normal.x, c.depth), (fix16_t)q16_round(c.normal.y, c.depth));
        return FC_OK;
    }
    fc_status st = fc_pushout2(a, b, d);
    if (po_break == 2 && st == FC_OK)
        *d = fc_vec2_make(d->x * 2, d->y * 2);
    return st;
}

static void pushout_hook(const fc_shape2 *a, const fc_shape2 *b)
{
    po_pairs++;
    int want = oracle_overlap(a, b);
    fc_vec2 d = fc_vec2_make(12345, -6789);
    fc_status st = pushout_under_test(a, b, &d);
    if (!want) {
        TU_CHECK(st == FC_OK && d.x == 0 && d.y == 0, "%s/%s apart: status %d delta (%d,%d)", type_name(a->type),
                 type_name(b->type), (int)st, d.x, d.y);
        return;
    }
    po_overlapping++;
    fc_contact2_result c;
    fc_contact2(a, b, &c);
    int64_t depth = c.depth;
    /* the old promise: B moved by normal * (depth + 1 + depth * 2^-22) */
    fc_shape2 old = *b;
    int64_t t = depth + 1 + (depth >> 22);
    if (translate(&old, q16_round(c.normal.x, t), q16_round(c.normal.y, t)))
        po_old_fail += oracle_overlap(a, &old);
    if (st == FC_ERR_RANGE) {
        po_range++;
        TU_CHECK(d.x == 12345 && d.y == -6789, "range error changed delta");
        TU_CHECK(largest_coord(b) + depth + depth / 4096 + 6 > FC_COORD_LIMIT,
                 "%s/%s: FC_ERR_RANGE although B is far from the range limit", type_name(a->type), type_name(b->type));
        return;
    }
    TU_CHECK(st == FC_OK, "status %d", (int)st);
    if (st != FC_OK)
        return;
    fc_shape2 moved = *b;
    int in_range = translate(&moved, d.x, d.y);
    int sep = in_range && !oracle_overlap(a, &moved) && !fc_overlap2(a, &moved) && !fc_overlap2(&moved, a);
    po_sep_fail += !sep;
    if (!sep && po_sep_fail < 4)
        dump("A", a), dump("B", b);
    TU_CHECK(sep, "%s/%s: B + delta (%d,%d) %s (depth %d)", type_name(a->type), type_name(b->type), d.x, d.y,
             in_range ? "still overlaps" : "out of range", c.depth);
    or_i128 x2 = (or_i128)d.x * d.x + (or_i128)d.y * d.y;
    /* |delta| <= d + d * 2^-12 + 6  <=>  (4096 |delta|)^2 <= (4097 d + 24576)^2 */
    or_i128 r = (or_i128)4097 * depth + 24576;
    int ok_depth = x2 * 4096 * 4096 <= r * r;
    po_depth_fail += !ok_depth;
    TU_CHECK(ok_depth, "%s/%s: |delta|^2 %lld beyond depth %d bound", type_name(a->type), type_name(b->type),
             (long long)x2, c.depth);
    int64_t x_up = ceil_sqrt(x2);
    {
        int64_t s0 = depth + 4 + depth / 8192;
        int first = q16_round(c.normal.x, s0) == d.x && q16_round(c.normal.y, s0) == d.y;
        po_later_round += !first && (c.normal.x != 0 || c.normal.y != 0) && !same_shape2(a, b);
    }
    double excess = sqrt((double)x2) - (double)depth - (double)depth / 8192;
    po_max_excess = excess > po_max_excess ? excess : po_max_excess;
    int ok_mtd = mtd_at_least(a, b, x_up);
    po_mtd_fail += !ok_mtd;
    po_at_max += ok_mtd && !mtd_at_least(a, b, x_up + 1);
    TU_CHECK(ok_mtd, "%s/%s: |delta| %lld beyond the exact minimum translation bound (depth %d)",
             type_name(a->type), type_name(b->type), (long long)x_up, c.depth);
}

/* NULL, invalid shapes: errors, delta untouched. */
static void check_bad_input(void)
{
    fc_shape2 a, b;
    memset(&a, 0, sizeof a), memset(&b, 0, sizeof b);
    a.type = b.type = FC_SHAPE2_CIRCLE;
    a.u.circle = fc_circle_make(fc_vec2_make(0, 0), 65536);
    b.u.circle = fc_circle_make(fc_vec2_make(65536, 0), 65536);
    fc_vec2 d = fc_vec2_make(7, 8);
    TU_CHECK(fc_pushout2(NULL, &b, &d) == FC_ERR_NULL && fc_pushout2(&a, NULL, &d) == FC_ERR_NULL &&
                 fc_pushout2(&a, &b, NULL) == FC_ERR_NULL, "NULL");
    fc_shape2 bad = b;
    bad.type = (fc_shape2_type)9;
    TU_CHECK(fc_pushout2(&a, &bad, &d) == FC_ERR_SHAPE_TYPE && fc_pushout2(&bad, &a, &d) == FC_ERR_SHAPE_TYPE,
             "bad type");
    bad = b;
    bad.u.circle.radius = -1;
    TU_CHECK(fc_pushout2(&a, &bad, &d) == FC_ERR_SIZE, "bad radius");
    bad = b;
    bad.u.circle.center.x = FC_COORD_LIMIT + 1;
    TU_CHECK(fc_pushout2(&bad, &a, &d) == FC_ERR_RANGE, "bad coordinate");
    TU_CHECK(d.x == 7 && d.y == 8, "delta changed by a failing call");
    /* pushed out past the range limit: B at the limit, A on its inner side */
    b.u.circle = fc_circle_make(fc_vec2_make(FC_COORD_LIMIT, 0), 65536);
    a.u.circle = fc_circle_make(fc_vec2_make(FC_COORD_LIMIT - 65536, 0), 65536);
    TU_CHECK(fc_pushout2(&a, &b, &d) == FC_ERR_RANGE && d.x == 7 && d.y == 8, "range limit");
    /* the other way round works and is exact: 2 units + the step */
    TU_CHECK(fc_pushout2(&b, &a, &d) == FC_OK && d.y == 0 && d.x < -65536 && d.x == -65536 - 12, "push left %d",
             d.x);
    /* identical shapes of every type separate */
    uint64_t s = 0x1D1D1D1Du;
    for (int t = FC_SHAPE2_CIRCLE; t <= FC_SHAPE2_POLY; t++)
        for (int i = 0; i < 50; i++) {
            gen_shape(&s, (fc_shape2_type)t, random_center(&s, 20), 20, 0, -1, &a);
            if (valid(&a))
                pushout_hook(&a, &a);
        }
}

/* Largest x of the points fc_pushout2 moves (the probe's range test). */
static int64_t max_moved_x(const fc_shape2 *s)
{
    switch (s->type) {
    case FC_SHAPE2_CIRCLE: return s->u.circle.center.x;
    case FC_SHAPE2_AABB: return s->u.aabb.max.x;
    case FC_SHAPE2_OBB: return s->u.obb.center.x;
    case FC_SHAPE2_CAPSULE: return s->u.capsule.a.x > s->u.capsule.b.x ? s->u.capsule.a.x : s->u.capsule.b.x;
    case FC_SHAPE2_POLY: {
        int64_t m = s->u.poly.v[0].x;
        for (int i = 1; i < s->u.poly.count; i++)
            m = s->u.poly.v[i].x > m ? s->u.poly.v[i].x : m;
        return m;
    }
    }
    return 0;
}

/* Issue 27, 1 and 2: identical shapes whose largest moved x is the range
 * limit (+1 raw would leave it) push out along -x: FC_OK, never
 * FC_ERR_RANGE. `--break limit` moves the fixed cases 1 raw further
 * (invalid input, so FC_OK fails). */
static void check_identical_at_limit(void)
{
    const int64_t past = po_break == 3 ? 1 : 0;
    fc_shape2 a;
    memset(&a, 0, sizeof a);
    a.type = FC_SHAPE2_CIRCLE;
    a.u.circle = fc_circle_make(fc_vec2_make((fix16_t)(FC_COORD_LIMIT + past), 0), 7); /* the case */
    fc_vec2 d = fc_vec2_make(7, 8);
    fc_status st = fc_pushout2(&a, &a, &d);
    TU_CHECK(st == FC_OK && d.x < 0 && d.y == 0, "circle r 7 at the limit: status %d delta (%d,%d)", (int)st, d.x,
             d.y);
    /* radius 0: the probe itself separates and is the push-out */
    const int64_t xs[3] = {0, FC_COORD_LIMIT - 2, FC_COORD_LIMIT};
    for (int i = 0; i < 3; i++) {
        a.u.circle = fc_circle_make(fc_vec2_make((fix16_t)(xs[i] + past), -5), 0);
        d = fc_vec2_make(7, 8);
        st = fc_pushout2(&a, &a, &d);
        int32_t want = xs[i] == FC_COORD_LIMIT ? -1 : 1;
        TU_CHECK(st == FC_OK && d.x == want && d.y == 0, "radius-0 circle at x %lld: status %d delta (%d,%d)",
                 (long long)xs[i], (int)st, d.x, d.y);
    }
    uint64_t s = 0x11A17u;
    long tried = 0;
    for (int t = FC_SHAPE2_CIRCLE; t <= FC_SHAPE2_POLY; t++)
        for (int i = 0; i < 60; i++) {
            int e = 4 + (int)(tu_rand64(&s) % 20);
            fc_vec2 c = fc_vec2_make(0, (fix16_t)((int64_t)(tu_rand64(&s) % (1u << 29)) - (1 << 28)));
            gen_shape(&s, (fc_shape2_type)t, c, e, 0, -1, &a);
            if (!valid(&a) || !translate(&a, FC_COORD_LIMIT - max_moved_x(&a), 0))
                continue;
            tried++;
            d = fc_vec2_make(7, 8);
            st = fc_pushout2(&a, &a, &d);
            TU_CHECK(st == FC_OK, "identical %s at the +x limit: status %d", type_name(a.type), (int)st);
            if (st == FC_OK)
                pushout_hook(&a, &a); /* separation and both bounds */
        }
    TU_CHECK(tried >= 200, "only %ld identical shapes at the limit", tried);
    printf("identical shapes at the +x range limit: %ld pushed out along -x\n", tried);
}

int main(int argc, char **argv)
{
    const char *pairs = "30000";
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--break") == 0 && i + 1 < argc)
            ++i, po_break = strcmp(argv[i], "contact") == 0 ? 1 : strcmp(argv[i], "limit") == 0 ? 3 : 2;
        else if (strcmp(argv[i], "--pairs") == 0 && i + 1 < argc)
            pairs = argv[++i];
    }
    check_bad_input();
    check_identical_at_limit();
    char *args[] = {argv[0], "--pairs", (char *)pairs, NULL};
    collide2d_suite_main(3, args);
    printf("push-out: %ld pairs, %ld overlapping, %ld range errors, %ld not separated, %ld beyond the depth bound, "
           "%ld beyond the exact-MTD bound, %ld within 1 raw of that bound\n",
           po_pairs, po_overlapping, po_range, po_sep_fail, po_depth_fail, po_mtd_fail, po_at_max);
    printf("largest |delta| - depth - depth / 8192: %.3f raw; results from a later round than the first: %ld\n",
           po_max_excess, po_later_round);
    printf("old promise (normal * (depth + 1 + depth * 2^-22)) leaves an overlap: %ld of %ld\n", po_old_fail,
           po_overlapping);
    return tu_finish(po_break ? "test_pushout2d --break" : "test_pushout2d");
}
