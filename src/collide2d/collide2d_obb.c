/* SPDX-License-Identifier: MIT */
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

#include "collide2d_core.h"
#include "collide2d_order.h"
#include "exact2d.h"

#include "core/nofloat.h"

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

/* Terms of the bounding-circle stage below. Test builds set them wrong (the
 * bounding radius too small, the inscribed one too large) to check that the
 * oracle tests catch a bound that does not hold (should-fail twins). */
#ifndef FC2_OBB_DIAG_64THS
#define FC2_OBB_DIAG_64THS 27
#endif
#ifndef FC2_OBB_INNER_SHRINK
#define FC2_OBB_INNER_SHRINK 1
#endif

static int64_t imax(int64_t x, int64_t y) { return x > y ? x : y; }
static int64_t imin(int64_t x, int64_t y) { return x < y ? x : y; }

enum { CIRCLES_APART = 0, CIRCLES_MEET = 1, CIRCLES_UNDECIDED = 2 };

/* A cheap exact pre-test on bounding and inscribed circles (4 multiplies).
 * With M, m the larger and smaller half-extent of a box and |u| its axis
 * length, every point of the box is within sqrt(M^2 + m^2) |u| of its centre
 * and the disc of radius m |u| lies inside it. For table axes
 * |L - 2^32| <= 90327 (all 65536 angles; tests/test_collide2d.c checks it),
 * so 1 - 2^-16 < |u| < 1 + 2^-16, and sqrt(M^2 + m^2) <= M + (sqrt 2 - 1) m
 * < M + 27 m / 64 (docs/narrowphase-2d.md has the steps). Hence, with
 * q = Ma + Mb + floor(27 (ma + mb) / 64) + 1 and R = q + floor(q / 2^16) + 1,
 * the two bounding discs' radii sum to less than R, and with S = ma + mb,
 * r = S - ceil(S / 2^16) is at most the inscribed discs' radii sum. So
 * |d|^2 > R^2 proves the boxes apart, |d|^2 <= r^2 proves them meeting
 * (closed discs inside closed boxes), both exactly; anything else goes to the
 * SAT. Bounds for valid boxes: |d| <= 2^30 per axis so |d|^2 <= 2^61;
 * 1 <= m <= M <= 2^28 so q < 1.43 * 2^29, R < 2^30, R^2 < 2^60, r^2 <= 2^58. */
static inline int circles_verdict(const fc_obb2 *a, const fc_obb2 *b, int64_t dx, int64_t dy)
{
    int64_t hax = a->half.x, hay = a->half.y, hbx = b->half.x, hby = b->half.y;
    int64_t d2 = dx * dx + dy * dy;
    int64_t s = imin(hax, hay) + imin(hbx, hby);
    int64_t q = imax(hax, hay) + imax(hbx, hby) + ((s * FC2_OBB_DIAG_64THS) >> 6) + 1;
    int64_t big = q + (q >> 16) + 1;
    if (d2 > big * big)
        return CIRCLES_APART;
    int64_t small = s - ((s + 65535) >> 16) * FC2_OBB_INNER_SHRINK;
    return d2 <= small * small ? CIRCLES_MEET : CIRCLES_UNDECIDED;
}

/* The SAT, an axis at a time: most pairs the circles leave undecided are
 * separated by the first axis or overlap (then all four are needed). */
static int sat_overlap(const fc_obb2 *a, const fc_obb2 *b, int64_t dx, int64_t dy)
{
    int64_t ca = a->rot.c, sa = a->rot.s, cb = b->rot.c, sb = b->rot.s;
    int64_t hax = a->half.x, hay = a->half.y, hbx = b->half.x, hby = b->half.y;
    int64_t ac = iabs(ca * cb + sa * sb), as = iabs(sa * cb - ca * sb);
    int64_t la = ca * ca + sa * sa;
    if (iabs(dx * ca + dy * sa) * 65536 > hax * la + hbx * ac + hby * as)
        return 0;
    if (iabs(dy * ca - dx * sa) * 65536 > hay * la + hbx * as + hby * ac)
        return 0;
    int64_t lb = cb * cb + sb * sb;
    if (iabs(dx * cb + dy * sb) * 65536 > hbx * lb + hax * ac + hay * as)
        return 0;
    return iabs(dy * cb - dx * sb) * 65536 <= hby * lb + hax * as + hay * ac;
}

int fc_overlap_obb2_obb2(const fc_obb2 *a, const fc_obb2 *b)
{
    assert(a != NULL && b != NULL);
    int64_t dx = (int64_t)b->center.x - a->center.x, dy = (int64_t)b->center.y - a->center.y;
    int circles = circles_verdict(a, b, dx, dy);
    return circles != CIRCLES_UNDECIDED ? circles : sat_overlap(a, b, dx, dy);
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

/* floor(x * inv / 2^32) for |x| < 2^60 and an inv of inv_axis_scale, in 64
 * bits: x = xh 2^32 + xl with 0 <= xl < 2^32, inv = 2^32 + e, |e| <= 2^16. */
static int64_t mul_inv(int64_t x, int64_t inv)
{
    int64_t e = inv - ((int64_t)1 << 32), xh = fc_i64_shr_floor(x, 32), xl = (int64_t)((uint64_t)x & 0xFFFFFFFFu);
    return x + xh * e + fc_i64_shr_floor(xl * e, 32);
}

static int64_t sgn(int64_t v) { return v < 0 ? -1 : 1; }

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

/* Axis i (0: (c, s), 1: (-s, c)) of box o, Q16.16. */
static void box_axis(const fc_obb2 *o, int i, int64_t *x, int64_t *y)
{
    *x = i ? -(int64_t)o->rot.s : o->rot.c;
    *y = i ? (int64_t)o->rot.c : o->rot.s;
}

static int64_t box_half(const fc_obb2 *o, int i) { return i ? o->half.y : o->half.x; }

/* The contact point of overlapping boxes (Q32.32, absolute) before its
 * offset, with reference box o, reference axis k of o and sd = +-1 so that
 * d = sd * axis_k points from o into the incident box q: q's face most
 * anti-parallel to d, clipped to o's face (extent along o's other axis and
 * behind the face), as in fc2_clip_point but in o's frame, where that face
 * is |. t| <= h_t L, . d <= h_k L (Q48.48, L = |axis|^2). Returns 1 when the
 * point is on q (to be moved along d by depth/2), 0 when on o (moved back). */
static int box_point(const fc_obb2 *o, int k, int64_t sd, const fc_obb2 *q, int64_t out[2])
{
    int64_t kx, ky, tx, ty, l = (int64_t)o->rot.c * o->rot.c + (int64_t)o->rot.s * o->rot.s;
    box_axis(o, k, &kx, &ky);
    box_axis(o, 1 - k, &tx, &ty);
    int64_t dx = sd * kx, dy = sd * ky;
    /* q's axis most aligned with d, and the sign of its face toward o. */
    int64_t b0x, b0y, b1x, b1y;
    box_axis(q, 0, &b0x, &b0y);
    box_axis(q, 1, &b1x, &b1y);
    int64_t m0 = dx * b0x + dy * b0y, m1 = dx * b1x + dy * b1y;
    int j = (m1 < 0 ? -m1 : m1) > (m0 < 0 ? -m0 : m0) ? 1 : 0;
    int64_t mj = j ? m1 : m0, e = mj > 0 ? -1 : 1;
    int64_t jx = j ? b1x : b0x, jy = j ? b1y : b0y, ox_ = j ? b0x : b1x, oy_ = j ? b0y : b1y;
    int64_t gj = box_half(q, j), go = box_half(q, 1 - j);
    /* The incident edge relative to o's centre, Q32.32 (|.| < 2^47). */
    int64_t cx = ((int64_t)q->center.x - o->center.x) * 65536 + e * gj * jx;
    int64_t cy = ((int64_t)q->center.y - o->center.y) * 65536 + e * gj * jy;
    int64_t v[2] = {cx + go * ox_, cy + go * oy_}, w[2] = {cx - go * ox_, cy - go * oy_};
    fc_i128 ht = fc_i128_mul_i64(box_half(o, 1 - k), l), hk = fc_i128_mul_i64(box_half(o, k), l);
    int64_t rel[2] = {0, 0}; /* always set below; initialised for the analysis */
    int on_q = 1;
    if (!fc2_clip_edge(v, w, tx, ty, fc_i128_neg(ht), ht, dx, dy, hk, rel)) {
        /* o's face within the incident edge's extent, behind the incident face. */
        int64_t fx = sd * box_half(o, k) * kx, fy = sd * box_half(o, k) * ky;
        int64_t f0[2] = {fx + box_half(o, 1 - k) * tx, fy + box_half(o, 1 - k) * ty};
        int64_t f1[2] = {fx - box_half(o, 1 - k) * tx, fy - box_half(o, 1 - k) * ty};
        fc_i128 pv = x2_dot(tx, ty, v[0], v[1]), pw = x2_dot(tx, ty, w[0], w[1]);
        int lt = fc_i128_cmp(pv, pw) < 0;
        on_q = !fc2_clip_edge(f0, f1, tx, ty, lt ? pv : pw, lt ? pw : pv, -dx, -dy, x2_dot(-dx, -dy, v[0], v[1]), rel);
        if (on_q) { /* last resort: the incident edge's deeper end */
            int vw = fc_i128_cmp(x2_dot(dx, dy, v[0], v[1]), x2_dot(dx, dy, w[0], w[1])) <= 0;
            rel[0] = vw ? v[0] : w[0], rel[1] = vw ? v[1] : w[1];
        }
    }
    out[0] = (int64_t)o->center.x * 65536 + rel[0];
    out[1] = (int64_t)o->center.y * 65536 + rel[1];
    return on_q;
}

/* The contact of overlapping boxes a, b from their evaluation r. */
static void obb_obb_contact(const fc_obb2 *a, const fc_obb2 *b, const obb_sat *r, fc_contact2_result *out)
{
    /* Least depth: within a box the scale is shared, so compare gaps. */
    int ka = r->gap[1] < r->gap[0] ? 1 : 0, kb = r->gap[3] < r->gap[2] ? 3 : 2;
    int64_t inv_a = inv_axis_scale(a), inv_b = inv_axis_scale(b);
    fc_i128 da = fc_i128_mul_i64(r->gap[ka], inv_a), db = fc_i128_mul_i64(r->gap[kb], inv_b);
    int k = fc_i128_cmp(db, da) < 0 ? kb : ka;
    int64_t depth = (k < 2 ? da : db).hi; /* floor(gap * inv / 2^64) */
    const fc_obb2 *o = k < 2 ? a : b;
    int64_t sign = sgn(r->proj[k]);
    fc_vec2 n = (k & 1) ? fc_vec2_make(-o->rot.s, o->rot.c) : fc_vec2_make(o->rot.c, o->rot.s);
    n.x = (fix16_t)(sign * n.x);
    n.y = (fix16_t)(sign * n.y);
    /* Contact point: the incident box's edge clipped to the reference face,
     * moved by depth/2 away from the reference box along the exact axis
     * direction: n * (depth/2) / |n| in Q32.32 with 1 / |n| = inv / 2^32
     * (|n * depth/2| < 2^46, times inv < 2^79). */
    int64_t p[2];
    int toward_inc = box_point(o, k & 1, k < 2 ? sign : -sign, k < 2 ? b : a, p);
    int64_t dir = k < 2 ? 1 : -1;
    int64_t inv = k < 2 ? inv_a : inv_b, half = (toward_inc ? dir : -dir) * (depth / 2);
    int64_t ox = mul_inv((int64_t)n.x * half, inv), oy = mul_inv((int64_t)n.y * half, inv);
    out->normal = n;
    out->depth = (fix16_t)depth;
    out->point = fc_vec2_make(x2_q32_to_fix16(p[0] + ox), x2_q32_to_fix16(p[1] + oy));
}

int fc_contact_obb2_obb2(const fc_obb2 *a, const fc_obb2 *b, fc_contact2_result *out)
{
    assert(a != NULL && b != NULL && out != NULL);
    obb_sat r;
    if (circles_verdict(a, b, (int64_t)b->center.x - a->center.x, (int64_t)b->center.y - a->center.y) ==
        CIRCLES_APART) {
        memset(out, 0, sizeof *out);
        return 0;
    }
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
