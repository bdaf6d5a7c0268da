/* SPDX-License-Identifier: MIT */
/* The OBB-OBB contact against its previous implementation
 * (obb2_contact_ref.c), bit for bit: hit flag, normal, depth and point equal
 * on every pair, in both argument orders. Pairs (`--pairs N`, default 2M):
 * random sizes from 1 raw to the size limit and centres up to the coordinate
 * limit, B near A; half of them adversarial: B pushed along the contact
 * normal to the touching position then moved by -2..2 raw, equal angles,
 * angles a quarter turn or 1 unit apart, quadrant angles with flush faces,
 * 1-raw-thin boxes, coordinates at the range limits. `--break` compares with
 * the reference on B moved by 1 raw: the comparison must fail. */
#include <fixcol/collide2d.h>
#include <stdlib.h>
#include <string.h>

#include "obb2_contact_ref.h"
#include "testutil.h"

static int64_t rnd(uint64_t *s, int64_t lo, int64_t hi) /* inclusive */
{
    return lo + (int64_t)(tu_rand64(s) % (uint64_t)(hi - lo + 1));
}

static int32_t clampc(int64_t v)
{
    return (int32_t)(v < -FC_COORD_LIMIT ? -FC_COORD_LIMIT : v > FC_COORD_LIMIT ? FC_COORD_LIMIT : v);
}

static int32_t size_of(uint64_t *s, int e)
{
    return (int32_t)(tu_rand64(s) % 8 == 0 ? 1 : rnd(s, 1, (int64_t)1 << e));
}

static fc_angle angle_near(uint64_t *s, fc_angle a)
{
    switch (tu_rand64(s) % 5) {
    case 0: return a;
    case 1: return (fc_angle)(a + FC_ANGLE_QUARTER * rnd(s, 1, 3));
    case 2: return (fc_angle)(a + rnd(s, -1, 1));
    case 3: return (fc_angle)(FC_ANGLE_QUARTER * rnd(s, 0, 3));
    default: return (fc_angle)tu_rand64(s);
    }
}

static void gen_pair(uint64_t *s, int adversarial, fc_obb2 *a, fc_obb2 *b)
{
    int e = (int)rnd(s, 0, 28);
    int64_t lim = FC_COORD_LIMIT - ((int64_t)1 << e) * 3;
    if (lim < 0)
        lim = 0;
    fc_vec2 c = fc_vec2_make((int32_t)rnd(s, -lim, lim), (int32_t)rnd(s, -lim, lim));
    if (tu_rand64(s) % 16 == 0)
        c = fc_vec2_make((tu_rand64(s) & 1) ? FC_COORD_LIMIT : -FC_COORD_LIMIT,
                         (tu_rand64(s) & 1) ? FC_COORD_LIMIT : -FC_COORD_LIMIT);
    fc_angle aa = (fc_angle)tu_rand64(s);
    *a = fc_obb2_make(c, fc_vec2_make(size_of(s, e), size_of(s, e)), aa);
    int64_t span = (int64_t)1 << (e + 1);
    fc_vec2 cb = fc_vec2_make(clampc(c.x + rnd(s, -span, span)), clampc(c.y + rnd(s, -span, span)));
    fc_angle ab = adversarial ? angle_near(s, aa) : (fc_angle)tu_rand64(s);
    *b = fc_obb2_make(cb, fc_vec2_make(size_of(s, e), size_of(s, e)), ab);
    if (!adversarial)
        return;
    fc_contact2_result r;
    if (tu_rand64(s) % 4 != 0 && ref_contact_obb2_obb2(a, b, &r)) { /* push to touching, then -2..2 raw */
        int64_t mx = ((int64_t)r.normal.x * r.depth) / 65536, my = ((int64_t)r.normal.y * r.depth) / 65536;
        b->center = fc_vec2_make(clampc(b->center.x + mx + rnd(s, -2, 2)), clampc(b->center.y + my + rnd(s, -2, 2)));
    } else if (tu_rand64(s) % 2 == 0) { /* quadrant angles, faces flush along x */
        a->angle = (fc_angle)(FC_ANGLE_QUARTER * rnd(s, 0, 3));
        b->angle = (fc_angle)(FC_ANGLE_QUARTER * rnd(s, 0, 3));
        int32_t wa = (a->angle / FC_ANGLE_QUARTER) % 2 ? a->half.y : a->half.x;
        int32_t wb = (b->angle / FC_ANGLE_QUARTER) % 2 ? b->half.y : b->half.x;
        b->center.x = clampc((int64_t)a->center.x + wa + wb + rnd(s, -1, 1));
        *a = fc_obb2_make(a->center, a->half, a->angle);
        *b = fc_obb2_make(b->center, b->half, b->angle);
    }
}

static int same(int h1, const fc_contact2_result *x, int h2, const fc_contact2_result *y)
{
    return h1 == h2 && x->normal.x == y->normal.x && x->normal.y == y->normal.y && x->depth == y->depth &&
           x->point.x == y->point.x && x->point.y == y->point.y;
}

int main(int argc, char **argv)
{
    long pairs = 2000000, hits = 0, differ = 0;
    int break_mode = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--break") == 0)
            break_mode = 1;
        else if (strcmp(argv[i], "--pairs") == 0 && i + 1 < argc)
            pairs = atol(argv[++i]);
    }
    uint64_t s = 0x0BB2C0DEu;
    for (long i = 0; i < pairs; i++) {
        fc_obb2 a, b;
        gen_pair(&s, i % 2 == 0, &a, &b);
        if (fc_obb2_validate(&a) != FC_OK || fc_obb2_validate(&b) != FC_OK)
            continue;
        fc_obb2 rb = b;
        if (break_mode)
            rb.center.x = clampc((int64_t)rb.center.x + (rb.center.x < FC_COORD_LIMIT ? 1 : -1));
        for (int order = 0; order < 2; order++) {
            const fc_obb2 *p = order ? &b : &a, *q = order ? &a : &b;
            const fc_obb2 *rp = order ? &rb : &a, *rq = order ? &a : &rb;
            fc_contact2_result x, y;
            int hx = fc_contact_obb2_obb2(p, q, &x), hy = ref_contact_obb2_obb2(rp, rq, &y);
            hits += hx;
            if (!same(hx, &x, hy, &y)) {
                differ++;
                TU_CHECK(0, "pair %ld order %d: hit %d/%d n (%d,%d)/(%d,%d) depth %d/%d point (%d,%d)/(%d,%d)", i,
                         order, hx, hy, x.normal.x, x.normal.y, y.normal.x, y.normal.y, x.depth, y.depth, x.point.x,
                         x.point.y, y.point.x, y.point.y);
            }
        }
    }
    printf("obb2 contact vs previous implementation: %ld pairs x 2 orders, %ld contacts, %ld differ\n", pairs, hits,
           differ);
    TU_CHECK(hits > pairs / 4, "too few contacts (%ld) to be a test", hits);
    return tu_finish("obb2 contact same");
}
