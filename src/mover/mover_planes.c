/* SPDX-License-Identifier: MIT */
/* The mover's plane solver and surface test (fixcol/mover.h). */
#include "mover_internal.h"

#include "core/bigint.h"
#include "core/nofloat.h"

/* The should-fail twin (tests/meson.build builds this file with
 * -DFC_MOVER_TWIN_REVERSED): the planes are taken in reverse order. */
#ifdef FC_MOVER_TWIN_REVERSED
#define PLANE(i, n) ((n) - 1 - (i))
#else
#define PLANE(i, n) (i)
#endif

static int64_t dot(int dim, const int64_t *a, const int64_t *b)
{
    int64_t s = 0;
    for (int j = 0; j < dim; j++)
        s += a[j] * b[j]; /* |a| < 2^32, |b| <= 2^17: < 2^51 */
    return s;
}

/* ceil(p m / nn) for p > 0, m >= 0, nn > 0, p < 2^53, m <= 2^17, nn >= 2^30
 * (a normal's squared length): split p = q nn + r so no product overflows. */
static int64_t ceil_mul_div(int64_t p, int64_t m, int64_t nn)
{
    int64_t q = p / nn, r = p % nn;
    return q * m + (r * m + nn - 1) / nn;
}

void mv_clip(int dim, int64_t v[3], const int64_t (*planes)[3], int32_t n)
{
    for (int pass = 0; pass < FC_MOVER_SOLVER_PASSES; pass++) {
        int changed = 0;
        for (int32_t i = 0; i < n; i++) {
            const int64_t *pn = planes[PLANE(i, n)];
            int64_t d = dot(dim, v, pn), nn = dot(dim, pn, pn);
            if (d <= 0 || nn == 0)
                continue;
            for (int j = 0; j < dim; j++) {
                int64_t m = pn[j] < 0 ? -pn[j] : pn[j], a = ceil_mul_div(d, m, nn);
                v[j] -= pn[j] < 0 ? -a : a;
            }
            changed = 1;
        }
        if (!changed)
            return;
    }
    for (int32_t i = 0; i < n; i++)
        if (dot(dim, v, planes[i]) > 0) {
            v[0] = v[1] = v[2] = 0;
            return;
        }
}

static fc_big big(int64_t v) { return fc_big_from_i128(fc_i128_from_i64(v)); }

int32_t mv_surface(const int64_t e[3], const int64_t up[3], int32_t run, int32_t rise)
{
    int64_t c = 0;
    for (int j = 0; j < 3; j++)
        c -= e[j] * up[j]; /* up is a unit axis: c is -(e's up component) */
    if (c == 0)
        return FC_MOVER_TOUCH_WALL;
    /* |e_j| < 2^30 (every reported normal, most flat directions): c^2 and
     * |e|^2 < 2^62, run^2 <= 2^60, run^2 + rise^2 <= 2^61, so both sides
     * are products of two int64 and one exact 128-bit comparison decides
     * (the same answer as the big integers below) */
    const int64_t lim = (int64_t)1 << 30;
    if (e[0] > -lim && e[0] < lim && e[1] > -lim && e[1] < lim && e[2] > -lim && e[2] < lim) {
        int64_t ee = e[0] * e[0] + e[1] * e[1] + e[2] * e[2];
        if (fc_cmp_products(c * c, (int64_t)run * run + (int64_t)rise * rise, (int64_t)run * run, ee) < 0)
            return FC_MOVER_TOUCH_WALL;
        return c > 0 ? FC_MOVER_TOUCH_GROUND : FC_MOVER_TOUCH_CEILING;
    }
    fc_big cc = big(c), ee = big(0);
    cc = fc_big_mul(&cc, &cc);
    for (int j = 0; j < 3; j++) {
        fc_big x = big(e[j]);
        x = fc_big_mul(&x, &x);
        ee = fc_big_add(&ee, &x);
    }
    fc_big rr = big(run), l2 = big((int64_t)run * run + (int64_t)rise * rise);
    rr = fc_big_mul(&rr, &rr);
    fc_big lhs = fc_big_mul(&cc, &l2), rhs = fc_big_mul(&rr, &ee);
    if (fc_big_cmp(&lhs, &rhs) < 0)
        return FC_MOVER_TOUCH_WALL;
    return c > 0 ? FC_MOVER_TOUCH_GROUND : FC_MOVER_TOUCH_CEILING;
}
