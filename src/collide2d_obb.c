/* OBB vs OBB: the exact 4-axis SAT in 64-bit integers, and its contact.
 *
 * With u = (c, s), v = (-s, c) (Q16.16 table values, |u|^2 = L), box A is
 * ca + t1 hax ua + t2 hay va, |t| <= 1. Along axis ua (unnormalised) A has
 * radius hax * La (ua . va = 0 exactly), B has hbx |ub.ua| + hby |vb.ua|, and
 * ub.ua = vb.va = C = ca cb + sa sb, vb.ua = -(ub.va) = S = sa cb - ca sb.
 * The boxes are separated iff on some axis |d . axis| * 2^16 > rA + rB, all
 * in Q48.48. Bounds for valid boxes: |d| <= 2^30.5 raw, so |d . axis| * 2^16
 * <= 2^62.5; h <= 2^28 and L, |C| + |S| <= 2^32.6, so rA + rB <= 2^61.3:
 * every value fits int64 exactly, nothing is rounded. */
#include <assert.h>
#include <stddef.h>
#include <string.h>

#include <fixcol/collide2d.h>

#include "collide2d_order.h"
#include "exact2d.h"

#include "nofloat.h"

static int64_t iabs(int64_t v) { return v < 0 ? -v : v; }

typedef struct obb_sat {
    int64_t proj[4];  /* d . axis, Q32.32, axes ua, va, ub, vb */
    int64_t gap[4];   /* rA + rB - |d . axis| * 2^16, Q48.48 (< 0: separated) */
    int64_t c, s;     /* C and S (signed) */
} obb_sat;

static void obb_sat_eval(const fc_obb2 *a, const fc_obb2 *b, obb_sat *r)
{
    int64_t dx = (int64_t)b->center.x - a->center.x, dy = (int64_t)b->center.y - a->center.y;
    int64_t ca = a->rot.c, sa = a->rot.s, cb = b->rot.c, sb = b->rot.s;
    int64_t hax = a->half.x, hay = a->half.y, hbx = b->half.x, hby = b->half.y;
    int64_t la = ca * ca + sa * sa, lb = cb * cb + sb * sb;
    r->c = ca * cb + sa * sb;
    r->s = sa * cb - ca * sb;
    int64_t ac = iabs(r->c), as = iabs(r->s);
    r->proj[0] = dx * ca + dy * sa;
    r->proj[1] = dy * ca - dx * sa;
    r->proj[2] = dx * cb + dy * sb;
    r->proj[3] = dy * cb - dx * sb;
    r->gap[0] = hax * la + hbx * ac + hby * as - iabs(r->proj[0]) * 65536;
    r->gap[1] = hay * la + hbx * as + hby * ac - iabs(r->proj[1]) * 65536;
    r->gap[2] = hbx * lb + hax * ac + hay * as - iabs(r->proj[2]) * 65536;
    r->gap[3] = hby * lb + hax * as + hay * ac - iabs(r->proj[3]) * 65536;
}

int fc_overlap_obb2_obb2(const fc_obb2 *a, const fc_obb2 *b)
{
    assert(a != NULL && b != NULL);
    int64_t dx = (int64_t)b->center.x - a->center.x, dy = (int64_t)b->center.y - a->center.y;
    int64_t ca = a->rot.c, sa = a->rot.s, cb = b->rot.c, sb = b->rot.s;
    int64_t hax = a->half.x, hay = a->half.y, hbx = b->half.x, hby = b->half.y;
    int64_t ac = iabs(ca * cb + sa * sb), as = iabs(sa * cb - ca * sb);
    int64_t la = ca * ca + sa * sa, lb = cb * cb + sb * sb;
    int sep = (iabs(dx * ca + dy * sa) * 65536 > hax * la + hbx * ac + hby * as) |
              (iabs(dy * ca - dx * sa) * 65536 > hay * la + hbx * as + hby * ac) |
              (iabs(dx * cb + dy * sb) * 65536 > hbx * lb + hax * ac + hay * as) |
              (iabs(dy * cb - dx * sb) * 65536 > hby * lb + hax * as + hay * ac);
    return !sep;
}

/* 2^64 / sqrt(L * 2^32) for L = c^2 + s^2 = 2^32 + e, |e| <= 2^17:
 * 2^32 - e / 2 (first order of 2^32 / sqrt(1 + e / 2^32)); relative error
 * below 2^-32 (the second-order term is 3 e^2 / 2^35 < 1). A gap (Q48.48,
 * scaled by |axis|) times this, divided by 2^64, is the depth in raw units. */
static int64_t inv_axis_scale(const fc_obb2 *o)
{
    int64_t l = (int64_t)o->rot.c * o->rot.c + (int64_t)o->rot.s * o->rot.s;
    return ((int64_t)1 << 32) - fc_i64_shr_floor(l - ((int64_t)1 << 32), 1);
}

static int64_t sgn(int64_t v) { return v < 0 ? -1 : 1; }

/* Q32.32 vertex center + sx * half.x * u + sy * half.y * v. */
static void obb_vertex(const fc_obb2 *o, int64_t sx, int64_t sy, int64_t *x, int64_t *y)
{
    int64_t hx = o->half.x, hy = o->half.y;
    *x = (int64_t)o->center.x * 65536 + sx * hx * o->rot.c - sy * hy * o->rot.s;
    *y = (int64_t)o->center.y * 65536 + sx * hx * o->rot.s + sy * hy * o->rot.c;
}

/* The evaluation for the swapped pair (b, a), exactly: d -> -d, the axis
 * halves trade places, C stays, S changes sign. */
static void obb_sat_swap(obb_sat *r)
{
    for (int i = 0; i < 2; i++) {
        int64_t p = r->proj[i], g = r->gap[i];
        r->proj[i] = -r->proj[i + 2], r->gap[i] = r->gap[i + 2];
        r->proj[i + 2] = -p, r->gap[i + 2] = g;
    }
    r->s = -r->s;
}

/* The contact of overlapping boxes a, b from their evaluation r. */
static void obb_obb_contact(const fc_obb2 *a, const fc_obb2 *b, const obb_sat *r, fc_contact2_result *out)
{
    /* Least depth: within a box the scale is shared, so compare gaps. */
    int ka = r->gap[1] < r->gap[0] ? 1 : 0, kb = r->gap[3] < r->gap[2] ? 3 : 2;
    fc_i128 da = fc_i128_mul_i64(r->gap[ka], inv_axis_scale(a)), db = fc_i128_mul_i64(r->gap[kb], inv_axis_scale(b));
    int k = fc_i128_cmp(db, da) < 0 ? kb : ka;
    int64_t depth = (k < 2 ? da : db).hi; /* floor(gap * inv / 2^64) */
    const fc_obb2 *o = k < 2 ? a : b;
    int64_t sign = sgn(r->proj[k]);
    fc_vec2 n = (k & 1) ? fc_vec2_make(-o->rot.s, o->rot.c) : fc_vec2_make(o->rot.c, o->rot.s);
    n.x = (fix16_t)(sign * n.x);
    n.y = (fix16_t)(sign * n.y);
    /* Incident box: its vertex deepest along the normal into the other box.
     * Dot products of its axes with the reference axis: C or +-S. */
    int64_t px, py, half_depth;
    if (k < 2) {
        int64_t du = k == 0 ? r->c : -r->s, dv = k == 0 ? r->s : r->c; /* ub.axis, vb.axis */
        obb_vertex(b, -sign * sgn(du), -sign * sgn(dv), &px, &py);
        half_depth = depth / 2;
    } else {
        int64_t du = k == 2 ? r->c : r->s, dv = k == 2 ? -r->s : r->c; /* ua.axis, va.axis */
        obb_vertex(a, sign * sgn(du), sign * sgn(dv), &px, &py);
        half_depth = -(depth / 2);
    }
    out->normal = n;
    out->depth = (fix16_t)depth;
    out->point = fc_vec2_make((fix16_t)x2_q32_to_raw(px + (int64_t)n.x * half_depth),
                              (fix16_t)x2_q32_to_raw(py + (int64_t)n.y * half_depth));
}

int fc_contact_obb2_obb2(const fc_obb2 *a, const fc_obb2 *b, fc_contact2_result *out)
{
    assert(a != NULL && b != NULL && out != NULL);
    obb_sat r;
    obb_sat_eval(a, b, &r);
    if ((r.gap[0] | r.gap[1] | r.gap[2] | r.gap[3]) < 0) {
        memset(out, 0, sizeof *out);
        return 0;
    }
    /* Computed in the canonical order, so that (b, a) only flips the normal. */
    if (fc2_cmp_obb(a, b) > 0) {
        obb_sat_swap(&r);
        obb_obb_contact(b, a, &r, out);
        return fc2_flip(1, out);
    }
    obb_obb_contact(a, b, &r, out);
    return 1;
}
