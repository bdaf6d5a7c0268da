/* SPDX-License-Identifier: MIT */
/* fc_pushout3 on every pair the 3D oracle suite generates (tests/test_collide3d.c,
 * compiled in with its main renamed: random pairs at every scale and at the
 * range limits, touching boundaries found by bisection (-1, 0, +1 raw),
 * parallel and near-parallel boxes, exact touching, hairline sphere/OBB3,
 * self pairs, skewed boxes). For every pair:
 *   - not overlapping (oracle): FC_OK and delta == 0;
 *   - overlapping: FC_OK and B + delta in range and apart under the
 *     independent oracle (tests/collide3d_oracle.h), or FC_ERR_RANGE with
 *     delta untouched and B within the push-out length of the range limit;
 *   - |delta| <= d + d * 2^-12 + 6 raw (d = the contact depth), exactly;
 *   - |delta| <= D + D * 2^-11 + 8 raw, exactly, with D computed here:
 *     sphere/sphere and sphere/AABB3 the exact minimum translation distance;
 *     box pairs the exact minimum over the oracle's explicit axes (both
 *     signs) of (max_A w - min_B w) / |w|, over the axes the contact
 *     considers (edge products of length >= 2^-8). The minimum over ALL 15
 *     axes (the true minimum translation distance) is counted separately:
 *     near-parallel edges can give a smaller one that the contact does not
 *     consider. sphere/OBB3: the depth bound only.
 * Also: the old promise (normal * (depth + 1 + depth * 2^-22) separates) is
 * counted and must be violated (it is false), and bad input gives errors.
 * Bit-identical shapes at the +x range limit (issue 27, 2): B's largest
 * x coordinate at FC_COORD_LIMIT: FC_OK along -x, separated and bounded as
 * above; a radius-0 sphere (which the 1-raw probe itself separates) gets
 * exactly the probe, (+1, 0, 0) inside the range - also at x = 536870910,
 * where a longer +x step would leave it - and (-1, 0, 0) at the limit.
 * `--break contact` returns normal * depth instead (must fail: it does not
 * separate), `--break long` doubles delta (must fail the bound), `--break
 * limit` puts the fixed identical cases 1 raw past the limit (invalid
 * input: must fail). */
#include <fixcol/pushout.h>

static void pushout_hook(const fc_shape3 *a, const fc_shape3 *b);
#define FC_TEST_PAIR_HOOK pushout_hook
int collide3d_suite_main(int argc, char **argv);
#define main collide3d_suite_main
#include "test_collide3d.c"
#undef main

static int po_break; /* 0 none, 1 contact, 2 long, 3 limit */
static long po_later_round; /* results not from the first round (identical shapes excluded) */
static double po_max_excess; /* max of |delta| - depth - depth / 8192 (raw), information only */
static long po_pairs, po_overlapping, po_range, po_sep_fail, po_depth_fail, po_mtd_fail, po_mtd_checked;
static long po_old_fail, po_old_deep, po_old_checked, po_all_axes_miss, po_at_max;

static big po_big(i128 v)
{
    big r;
    memset(&r, 0, sizeof r);
    u128 u = v < 0 ? (u128)0 - (u128)v : (u128)v;
    r.neg = v < 0;
    for (int i = 0; i < 4; i++)
        r.d[i] = (uint32_t)(u >> (32 * i));
    return r;
}

static int64_t ceil_sqrt(i128 v)
{
    int64_t r = (int64_t)sqrtl((long double)v);
    while (r > 0 && (i128)(r - 1) * (r - 1) >= v)
        r--;
    while ((i128)r * r < v)
        r++;
    return r;
}

/* round(n * t / 2^16), nearest, ties up (the test's own rounding) */
static int64_t q16_round(int64_t n, int64_t t)
{
    i128 p = (i128)n * t + 32768;
    return (int64_t)(p >= 0 ? p / 65536 : -((-p + 65535) / 65536));
}

/* Box pair: some axis w (edge products only when |w| >= 2^-8 unless
 * all_axes) with 2049 * P(w) >= (x_up - 8) * 2048 * |w| (in Q33 units). */
static int box_mtd_at_least(const obox *a, const obox *b, int64_t x_up, int all_axes)
{
    int64_t va[8][3], vb[8][3], axes[15][3];
    or_vertices(a, va);
    or_vertices(b, vb);
    or_box_axes(a->ax, b->ax, axes);
    big y = po_big((i128)(x_up - 8) * 2048 * ((i128)1 << 17));
    for (int k = 0; k < 15; k++) {
        const int64_t *n = axes[k];
        i128 w2 = (i128)n[0] * n[0] + (i128)n[1] * n[1] + (i128)n[2] * n[2];
        if (w2 == 0 || (k >= 6 && !all_axes && w2 < ((i128)1 << 48)))
            continue;
        for (int sign = -1; sign <= 1; sign += 2) {
            i128 maxa = 0, minb = 0;
            for (int v = 0; v < 8; v++) {
                i128 pa = ((i128)va[v][0] * n[0] + (i128)va[v][1] * n[1] + (i128)va[v][2] * n[2]) * sign;
                i128 pb = ((i128)vb[v][0] * n[0] + (i128)vb[v][1] * n[1] + (i128)vb[v][2] * n[2]) * sign;
                if (v == 0 || pa > maxa)
                    maxa = pa;
                if (v == 0 || pb < minb)
                    minb = pb;
            }
            if (maxa - minb < 0)
                continue;
            big p = big_mul(po_big(2049), po_big(maxa - minb));
            if (big_cmp(big_mul(p, p), big_mul(big_mul(y, y), po_big(w2))) >= 0)
                return 1;
        }
    }
    return 0;
}

/* D >= (x_up - 8) * 2048 / 2049, exactly; -1 when D is not computed
 * (sphere/OBB3). */
static int mtd_at_least(const fc_shape3 *a, const fc_shape3 *b, int64_t x_up, int all_axes)
{
    if (x_up <= 8)
        return 1;
    if (a->type != FC_SHAPE3_SPHERE && b->type == FC_SHAPE3_SPHERE)
        return mtd_at_least(b, a, x_up, all_axes);
    i128 y = (i128)(x_up - 8) * 2048;
    if (a->type == FC_SHAPE3_SPHERE && b->type == FC_SHAPE3_OBB)
        return -1;
    if (a->type == FC_SHAPE3_SPHERE) {
        const fc_sphere *sp = &a->u.sphere;
        int64_t c[3] = {sp->center.x, sp->center.y, sp->center.z}, r = sp->radius;
        i128 d2 = 0, inner = -1;
        if (b->type == FC_SHAPE3_SPHERE) {
            const fc_sphere *o = &b->u.sphere;
            r += o->radius;
            d2 = (i128)sq(c[0] - o->center.x) + sq(c[1] - o->center.y) + sq(c[2] - o->center.z);
        } else {
            const fc_aabb3 *o = &b->u.aabb;
            int64_t lo[3] = {o->min.x, o->min.y, o->min.z}, hi[3] = {o->max.x, o->max.y, o->max.z};
            for (int i = 0; i < 3; i++) {
                d2 += c[i] < lo[i] ? sq(lo[i] - c[i]) : c[i] > hi[i] ? sq(c[i] - hi[i]) : 0;
                int64_t m = c[i] - lo[i] < hi[i] - c[i] ? c[i] - lo[i] : hi[i] - c[i];
                inner = inner < 0 || m < inner ? m : inner;
            }
        }
        if (d2 == 0 && inner >= 0) /* centre inside the box: D = r + distance to the nearest face */
            return (i128)2049 * (r + inner) >= y;
        i128 t = (i128)2049 * r - y; /* D = r - dist >= y / 2049 <=> 2049 dist <= t */
        return t >= 0 && (i128)2049 * 2049 * d2 <= t * t;
    }
    obox x = to_obox(a), z = to_obox(b);
    return box_mtd_at_least(&x, &z, x_up, all_axes);
}

static int64_t largest_coord(const fc_shape3 *s)
{
    const fc_vec3 *p[2];
    int n = 0;
    if (s->type == FC_SHAPE3_SPHERE)
        p[n++] = &s->u.sphere.center;
    else if (s->type == FC_SHAPE3_AABB)
        p[n++] = &s->u.aabb.min, p[n++] = &s->u.aabb.max;
    else
        p[n++] = &s->u.obb.center;
    int64_t m = 0;
    for (int i = 0; i < n; i++) {
        int64_t v[3] = {llabs(p[i]->x), llabs(p[i]->y), llabs(p[i]->z)};
        for (int c = 0; c < 3; c++)
            m = v[c] > m ? v[c] : m;
    }
    return m;
}

/* B moved by d when in range (returns 1). */
static int move_in_range(const fc_shape3 *b, int64_t dx, int64_t dy, int64_t dz, fc_shape3 *out)
{
    const fc_vec3 *p[2];
    int n = 0;
    if (b->type == FC_SHAPE3_SPHERE)
        p[n++] = &b->u.sphere.center;
    else if (b->type == FC_SHAPE3_AABB)
        p[n++] = &b->u.aabb.min, p[n++] = &b->u.aabb.max;
    else
        p[n++] = &b->u.obb.center;
    for (int i = 0; i < n; i++) {
        int64_t v[3] = {p[i]->x + dx, p[i]->y + dy, p[i]->z + dz};
        for (int c = 0; c < 3; c++)
            if (v[c] < -FC_COORD_LIMIT || v[c] > FC_COORD_LIMIT)
                return 0;
    }
    *out = moved(b, dx, dy, dz);
    return 1;
}

static fc_status pushout_under_test(const fc_shape3 *a, const fc_shape3 *b, fc_vec3 *d)
{
    if (po_break == 1) {
        fc_contact3_result c;
        if (!fc_contact3(a, b, &c)) {
            *d = fc_vec3_make(0, 0, 0);
            return FC_OK;
        }
        *d = fc_vec3_make((fix16_t)q16_round(c.normal.x, c.depth), (fix16_t)q16_round(c.normal.y, c.depth),
                          (fix16_t)q16_round(c.normal.z, c.depth));
        return FC_OK;
    }
    fc_status st = fc_pushout3(a, b, d);
    if (po_break == 2 && st == FC_OK)
        *d = fc_vec3_make(d->x * 2, d->y * 2, d->z * 2);
    return st;
}

static void pushout_hook(const fc_shape3 *a, const fc_shape3 *b)
{
    po_pairs++;
    int want = oracle(a, b);
    fc_vec3 d = fc_vec3_make(12345, -6789, 42);
    fc_status st = pushout_under_test(a, b, &d);
    if (!want) {
        TU_CHECK(st == FC_OK && d.x == 0 && d.y == 0 && d.z == 0, "apart: status %d (types %d %d)", (int)st,
                 (int)a->type, (int)b->type);
        return;
    }
    po_overlapping++;
    fc_contact3_result c;
    fc_contact3(a, b, &c);
    int64_t depth = c.depth;
    if (!same_shape(a, b)) { /* the old promise */
        int64_t t = depth + 1 + (depth >> 22);
        fc_shape3 old;
        if (move_in_range(b, q16_round(c.normal.x, t), q16_round(c.normal.y, t), q16_round(c.normal.z, t), &old)) {
            po_old_checked++;
            po_old_fail += oracle(a, &old);
        }
        t += 64; /* still overlapping 64 raw further: a real penetration, not a touch */
        if (move_in_range(b, q16_round(c.normal.x, t), q16_round(c.normal.y, t), q16_round(c.normal.z, t), &old))
            po_old_deep += oracle(a, &old);
    }
    if (st == FC_ERR_RANGE) {
        po_range++;
        TU_CHECK(d.x == 12345 && d.y == -6789 && d.z == 42, "range error changed delta");
        TU_CHECK(largest_coord(b) + depth + depth / 4096 + 7 > FC_COORD_LIMIT,
                 "FC_ERR_RANGE although B is far from the range limit (types %d %d)", (int)a->type, (int)b->type);
        return;
    }
    TU_CHECK(st == FC_OK, "status %d", (int)st);
    if (st != FC_OK)
        return;
    fc_shape3 m;
    int in_range = move_in_range(b, d.x, d.y, d.z, &m);
    int sep = in_range && !oracle(a, &m) && !fc_overlap3(a, &m) && !fc_overlap3(&m, a);
    po_sep_fail += !sep;
    TU_CHECK(sep, "B + delta (%d,%d,%d) %s (types %d %d, depth %d)", d.x, d.y, d.z,
             in_range ? "still overlaps" : "out of range", (int)a->type, (int)b->type, c.depth);
    i128 x2 = (i128)d.x * d.x + (i128)d.y * d.y + (i128)d.z * d.z;
    i128 r = (i128)4097 * depth + 24576;
    int ok_depth = x2 * 4096 * 4096 <= r * r;
    po_depth_fail += !ok_depth;
    TU_CHECK(ok_depth, "|delta|^2 %lld beyond the depth %d bound (types %d %d)", (long long)x2, c.depth,
             (int)a->type, (int)b->type);
    int64_t x_up = ceil_sqrt(x2);
    if (!same_shape(a, b)) {
        int64_t s0 = depth + 4 + depth / 8192;
        po_later_round += !(q16_round(c.normal.x, s0) == d.x && q16_round(c.normal.y, s0) == d.y &&
                            q16_round(c.normal.z, s0) == d.z);
    }
    double excess = sqrt((double)x2) - (double)depth - (double)depth / 8192;
    po_max_excess = excess > po_max_excess ? excess : po_max_excess;
    int ok = mtd_at_least(a, b, x_up, 0);
    if (ok >= 0) {
        po_mtd_checked++;
        po_mtd_fail += !ok;
        po_at_max += ok && !mtd_at_least(a, b, x_up + 1, 0);
        TU_CHECK(ok, "|delta| %lld beyond the exact minimum translation bound (types %d %d, depth %d)",
                 (long long)x_up, (int)a->type, (int)b->type, c.depth);
        po_all_axes_miss += ok && !mtd_at_least(a, b, x_up, 1);
    }
}

static void check_bad_input(void)
{
    fc_shape3 a = sh_sphere((fc_sphere){{0, 0, 0}, 65536}), b = sh_sphere((fc_sphere){{65536, 0, 0}, 65536});
    fc_vec3 d = fc_vec3_make(7, 8, 9);
    TU_CHECK(fc_pushout3(NULL, &b, &d) == FC_ERR_NULL && fc_pushout3(&a, NULL, &d) == FC_ERR_NULL &&
                 fc_pushout3(&a, &b, NULL) == FC_ERR_NULL, "NULL");
    fc_shape3 bad = b;
    bad.type = (fc_shape3_type)7;
    TU_CHECK(fc_pushout3(&a, &bad, &d) == FC_ERR_SHAPE_TYPE && fc_pushout3(&bad, &a, &d) == FC_ERR_SHAPE_TYPE,
             "bad type");
    bad = b;
    bad.u.sphere.radius = FC_SIZE_LIMIT + 1;
    TU_CHECK(fc_pushout3(&a, &bad, &d) == FC_ERR_SIZE, "bad radius");
    bad = b;
    bad.u.sphere.center.z = -FC_COORD_LIMIT - 1;
    TU_CHECK(fc_pushout3(&bad, &a, &d) == FC_ERR_RANGE, "bad coordinate");
    TU_CHECK(d.x == 7 && d.y == 8 && d.z == 9, "delta changed by a failing call");
    b.u.sphere.center = fc_vec3_make(FC_COORD_LIMIT, 0, 0);
    a.u.sphere.center = fc_vec3_make(FC_COORD_LIMIT - 65536, 0, 0);
    TU_CHECK(fc_pushout3(&a, &b, &d) == FC_ERR_RANGE && d.x == 7 && d.y == 8 && d.z == 9, "range limit");
    TU_CHECK(fc_pushout3(&b, &a, &d) == FC_OK && d.y == 0 && d.z == 0 && d.x < -65536 && d.x == -65536 - 12,
             "push left %d", d.x);
}

/* Largest x of the points fc_pushout3 moves (the probe's range test). */
static int64_t max_moved_x(const fc_shape3 *s)
{
    if (s->type == FC_SHAPE3_SPHERE)
        return s->u.sphere.center.x;
    return s->type == FC_SHAPE3_AABB ? s->u.aabb.max.x : s->u.obb.center.x;
}

/* Issue 27, 2: identical shapes at the +x limit push out along -x; radius-0
 * spheres get the probe itself. */
static void check_identical_at_limit(void)
{
    const int64_t past = po_break == 3 ? 1 : 0;
    const int64_t xs[4] = {0, FC_COORD_LIMIT - 2, FC_COORD_LIMIT, -FC_COORD_LIMIT};
    for (int i = 0; i < 4; i++) {
        fc_shape3 a = sh_sphere((fc_sphere){{(fix16_t)(xs[i] + past), 3, -4}, 0});
        fc_vec3 d = fc_vec3_make(7, 8, 9);
        fc_status st = fc_pushout3(&a, &a, &d);
        int32_t want = xs[i] == FC_COORD_LIMIT ? -1 : 1;
        TU_CHECK(st == FC_OK && d.x == want && d.y == 0 && d.z == 0,
                 "radius-0 sphere at x %lld: status %d delta (%d,%d,%d)", (long long)xs[i], (int)st, d.x, d.y, d.z);
    }
    fc_shape3 c = sh_sphere((fc_sphere){{(fix16_t)(FC_COORD_LIMIT + past), 0, 0}, 7});
    fc_vec3 d = fc_vec3_make(7, 8, 9);
    fc_status st = fc_pushout3(&c, &c, &d);
    TU_CHECK(st == FC_OK && d.x < 0 && d.y == 0 && d.z == 0, "sphere r 7 at the limit: status %d delta (%d,%d,%d)",
             (int)st, d.x, d.y, d.z);
    uint64_t s = 0x11A173u;
    long tried = 0;
    for (int t = FC_SHAPE3_SPHERE; t <= FC_SHAPE3_OBB; t++)
        for (int i = 0; i < 60; i++) {
            int64_t size = (int64_t)1 << rnd(&s, 4, 24);
            fc_shape3 a = rnd_shape(&s, t, size, size, (int)rnd(&s, 0, 3)), m;
            if (fc_shape3_validate(&a) != FC_OK || !move_in_range(&a, FC_COORD_LIMIT - max_moved_x(&a), 0, 0, &m))
                continue;
            tried++;
            d = fc_vec3_make(7, 8, 9);
            st = fc_pushout3(&m, &m, &d);
            TU_CHECK(st == FC_OK, "identical type %d at the +x limit: status %d", t, (int)st);
            if (st == FC_OK)
                pushout_hook(&m, &m); /* separation and both bounds */
        }
    TU_CHECK(tried >= 150, "only %ld identical shapes at the limit", tried);
    printf("identical shapes at the +x range limit: %ld pushed out along -x\n", tried);
}

int main(int argc, char **argv)
{
    int longrun = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--break") == 0 && i + 1 < argc)
            ++i, po_break = strcmp(argv[i], "contact") == 0 ? 1 : strcmp(argv[i], "limit") == 0 ? 3 : 2;
        longrun |= strcmp(argv[i], "--long") == 0;
    }
    check_bad_input();
    check_identical_at_limit();
    char *args[] = {argv[0], longrun ? "--long" : "--", NULL};
    collide3d_suite_main(2, args);
    printf("push-out: %ld pairs, %ld overlapping, %ld range errors, %ld not separated, %ld beyond the depth bound; "
           "exact-MTD bound checked on %ld, %ld beyond it, %ld within 1 raw of it; %ld box pairs where the true "
           "minimum over all 15 axes (near-parallel edges included) is below the bound\n",
           po_pairs, po_overlapping, po_range, po_sep_fail, po_depth_fail, po_mtd_checked, po_mtd_fail, po_at_max,
           po_all_axes_miss);
    printf("largest |delta| - depth - depth / 8192: %.3f raw; results from a later round than the first: %ld\n",
           po_max_excess, po_later_round);
    printf("old promise (normal * (depth + 1 + depth * 2^-22)) leaves an overlap: %ld of %ld (%ld still overlap "
           "64 raw further)\n", po_old_fail, po_old_checked, po_old_deep);
    if (!po_break)
        TU_CHECK(po_old_deep > 0, "the old contact promise was expected to fail somewhere");
    return tu_finish(po_break ? "test_pushout3d --break" : "test_pushout3d");
}
