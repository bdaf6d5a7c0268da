/* SPDX-License-Identifier: MIT */
/* A point x + t d against a box grown by a ball (the sphere cases of the 3D
 * casts: the sphere's centre against the target grown by its radius), and
 * against a ball.
 *
 * The grown box {p : dist(p, box) <= rr} is the union of: the 6 face
 * prisms (face + [0, rr] along the outward unit normal), the 12 edge
 * cylinders (points within rr of the edge's line whose projection falls on
 * the edge) and the 8 corner balls: a point within rr of the box has its
 * closest box point inside a face, inside an edge or at a corner, and each
 * piece lies within rr of the box. The entry into a union of closed sets is
 * the least entry into a piece, so with the point outside at t = 0 the
 * entry is the minimum over the 26 pieces, every one a clip of the big-
 * integer parameter (cast_param.h): linear constraints, a surd plane offset
 * rr |N| for a face, a quadratic (two surd constraints) for a cylinder or a
 * ball. The entry point lies on the grown box's boundary, where the closest
 * box point is unique: whichever piece reaches it first names the feature,
 * and every piece reaching it gives the same direction.
 *
 * Sizes (scaled units, see cast3d_internal.h): |x - anchor| < 2^49,
 * |d| < 2^47, u <= 2^17, N = u_j x u_k <= 2^35, u_k x N <= 2^53; face
 * terms < 2^117, q = rr^2 |N|^2 < 2^161; cylinder and ball coefficients
 * < 2^135, discriminants < 2^272: every parameter |p|, |r| < 2^140,
 * q < 2^280, far inside cast_param's 2^360 / 2^720.
 *
 * Piece filter (fc_c3_piece_skipped below, shared with the capsule's
 * pieces in cast3d_capsule.c; compiled out by FC_CAST_NO_FILTER): the full
 * search skips a face prism, edge cylinder or corner ball whose integer
 * box (the face rectangle, the edge, the corner) grown by rr the swept
 * point never meets for t in [0, 1], or first meets no earlier than the
 * best entry so far: the piece's entry is then no earlier than the best,
 * and keep() replaces the best only by a strictly earlier one. The order
 * is unchanged: the answer is the unfiltered one bit for bit. Sizes: box
 * ends < 2^48, slab numerators < 2^49, |d| < 2^47: products < 2^96; the
 * comparison with the best's upper end hi <= 2^62: < 2^110. */
#include "cast3d_internal.h"

#include "core/nofloat.h"

#ifndef FC_CAST3_BREAK /* tests only (test_cast3d_broken): a piece of the cast left out */
#define FC_CAST3_BREAK 0
#endif

/* The should-fail twin of the piece filter (tests/meson.build:
 * test_cast_piece_twin_digest) builds this file with
 * -DFC_C3_PIECE_BOUND_TWIN: each piece's lower bound is raised by 2^-20
 * (2^40 units of 2^-60), so a piece entered up to 2^-20 before the best so
 * far may be skipped. */
#ifdef FC_C3_PIECE_BOUND_TWIN
#define PIECE_TWIN_SLACK ((int64_t)1 << 40)
#else
#define PIECE_TWIN_SLACK 0
#endif

void fc_c3ibox_seg(fc_c3ibox *o, const int64_t p[3], const int64_t q[3])
{
    for (int k = 0; k < 3; k++) {
        o->lo[k] = p[k] < q[k] ? p[k] : q[k];
        o->hi[k] = p[k] < q[k] ? q[k] : p[k];
    }
}

void fc_c3ibox_box(fc_c3ibox *o, const fc_c3box *box)
{
    for (int k = 0; k < 3; k++) {
        int64_t e = 0; /* sum_m h_m |u_m[k]| < 3 2^44 (AABB3: h < 2^44, u 0 / 1; OBB3: h <= 2^28, u <= 2^16 + 16) */
        for (int m = 0; m < 3; m++) {
            int64_t a = box->h[m] * box->u[m][k];
            e += a < 0 ? -a : a;
        }
        o->lo[k] = box->c[k] - e;
        o->hi[k] = box->c[k] + e;
    }
}

void fc_c3ibox_grow(fc_c3ibox *o, int64_t rr)
{
    for (int k = 0; k < 3; k++) {
        o->lo[k] -= rr;
        o->hi[k] += rr;
    }
}

void fc_c3ibox_grow_across(fc_c3ibox *o, const int64_t u[3], int64_t rr)
{
    int nz = (u[0] != 0) + (u[1] != 0) + (u[2] != 0);
    for (int k = 0; k < 3; k++)
        if (!(nz == 1 && u[k] != 0)) { /* v . u = 0 and u = u_k e_k: v_k = 0 */
            o->lo[k] -= rr;
            o->hi[k] += rr;
        }
}

void fc_c3ibox_grow_along(fc_c3ibox *o, const int64_t n[3], int64_t rr, int side)
{
    for (int k = 0; k < 3; k++) { /* lambda n_k / |n|: 0 when n_k == 0, else within rr, of sign side n_k */
        if (n[k] == 0)
            continue;
        int sg = side == 0 ? 0 : (n[k] > 0) == (side > 0) ? 1 : -1;
        if (sg <= 0)
            o->lo[k] -= rr;
        if (sg >= 0)
            o->hi[k] += rr;
    }
}

/* n1 / d1 < n2 / d2 for d1, d2 > 0 (|n| < 2^50, d < 2^48). */
static int frac_less(int64_t n1, int64_t d1, int64_t n2, int64_t d2)
{
    return fc_i128_cmp(fc_i128_mul_i64(n1, d2), fc_i128_mul_i64(n2, d1)) < 0;
}

/* The swept boxes' interval [en / ed, xn / xd] by slabs (as
 * fc_cast3_bounds_entry), from [0, 1]: every t of the piece lies in it.
 * The start is compared with the best through its cached enclosure:
 * en / ed >= best when en 2^60 >= hi ed (hi >= best 2^60). Sizes: box ends
 * < 2^49 (grown ones included): slab numerators < 2^50, |d| < 2^47,
 * products < 2^97; at the last test 0 <= en <= ed < 2^47: en 2^60 <
 * 2^107, hi ed <= 2^62 2^47. */
int fc_c3_piece_skipped(int hit, const fc_castt *best, const fc_c3ibox *a, const int64_t d[3], const fc_c3ibox *tb)
{
    if (!FC_CAST_FILTER)
        return 0;
    int64_t en = 0, ed = 1, xn = 1, xd = 1; /* t in [en / ed, xn / xd] */
    for (int k = 0; k < 3; k++) {
        int64_t lo = tb->lo[k] - a->hi[k], hi = tb->hi[k] - a->lo[k]; /* lo <= t d_k <= hi */
        if (d[k] == 0) {
            if (lo > 0 || hi < 0)
                return 1;
            continue;
        }
        int64_t m = d[k] > 0 ? d[k] : -d[k], n0 = d[k] > 0 ? lo : -hi, n1 = d[k] > 0 ? hi : -lo;
        if (frac_less(en, ed, n0, m))
            en = n0, ed = m;
        if (frac_less(n1, m, xn, xd))
            xn = n1, xd = m;
    }
    if (frac_less(xn, xd, en, ed))
        return 1; /* no t in [0, 1] (en / ed > 1 included) */
    if (!hit || !best->cached)
        return 0;
    fc_i128 lhs = fc_i128_add(fc_i128_mul_i64(en, (int64_t)1 << 60), fc_i128_mul_i64(PIECE_TWIN_SLACK, ed));
    return fc_i128_cmp(lhs, fc_i128_mul_i64(best->hi, ed)) >= 0;
}

static fc_big big64(int64_t v)
{
    return fc_big_from_i128(fc_i128_from_i64(v));
}

static fc_big big128(fc_i128 v)
{
    return fc_big_from_i128(v);
}

static fc_i128 dot3(const int64_t a[3], const int64_t b[3])
{
    return fc_i128_add(fc_i128_add(fc_i128_mul_i64(a[0], b[0]), fc_i128_mul_i64(a[1], b[1])),
                       fc_i128_mul_i64(a[2], b[2]));
}

static void cross3(const int64_t a[3], const int64_t b[3], int64_t out[3])
{
    out[0] = a[1] * b[2] - a[2] * b[1];
    out[1] = a[2] * b[0] - a[0] * b[2];
    out[2] = a[0] * b[1] - a[1] * b[0];
}

/* a x b as 128-bit components (|a| < 2^49, |b| < 2^18). */
static void cross128(const int64_t a[3], const int64_t b[3], fc_i128 out[3])
{
    for (int k = 0; k < 3; k++) {
        int i = (k + 1) % 3, j = (k + 2) % 3;
        out[k] = fc_i128_sub(fc_i128_mul_i64(a[i], b[j]), fc_i128_mul_i64(a[j], b[i]));
    }
}

static fc_big bdot(const fc_i128 a[3], const fc_i128 b[3])
{
    fc_big s = big64(0);
    for (int k = 0; k < 3; k++) {
        fc_big x = big128(a[k]), y = big128(b[k]);
        fc_big p = fc_big_mul(&x, &y);
        s = fc_big_add(&s, &p);
    }
    return s;
}

/* |f0 + t f1| <= bound. */
static void add_band(fc_cast_clip *c, fc_i128 f0, fc_i128 f1, const fc_big *bound)
{
    fc_big zero = big64(0), p0 = big128(f0), p1 = big128(f1);
    fc_big n0 = fc_big_sub(&p0, bound);
    fc_cast_clip_add(c, &n0, &p1, 0, &zero);
    fc_big_neg_in_place(&p0);
    fc_big_neg_in_place(&p1);
    n0 = fc_big_sub(&p0, bound);
    fc_cast_clip_add(c, &n0, &p1, 0, &zero);
}

/* The quadratic a t^2 + 2 b t + c <= 0 (a >= 0) as clip constraints; 0 when
 * no t satisfies it. */
static int add_quadratic(fc_cast_clip *cl, const fc_big *a, const fc_big *b, const fc_big *c)
{
    if (a->sign == 0) /* b == 0 too (Cauchy-Schwarz): constant */
        return c->sign <= 0;
    fc_big bb = fc_big_mul(b, b), ac = fc_big_mul(a, c);
    fc_big disc = fc_big_sub(&bb, &ac);
    if (disc.sign < 0)
        return 0;
    fc_big nb = *b, na = *a;
    fc_big_neg_in_place(&nb);
    fc_big_neg_in_place(&na);
    fc_cast_clip_add(cl, &nb, &na, 1, &disc); /* -b - a t <= sqrt(disc) */
    fc_cast_clip_add(cl, b, a, 1, &disc);     /*  b + a t <= sqrt(disc) */
    return 1;
}

/* Keep the least entry; ties keep the earlier piece. */
static void keep(const fc_cast_clip *c, int *hit, fc_castt *best, int *won)
{
    if (!fc_cast_clip_hit(c))
        return;
    if (!*hit || fc_castt_cmp(&c->enter, best) < 0) {
        *best = c->enter;
        *hit = 1;
        *won = 1;
    }
}

static void feat_init(fc_cast3_feat *f, int kind, const int64_t x[3], const int64_t d[3])
{
    f->kind = kind;
    f->neg = 0;
    for (int k = 0; k < 3; k++) {
        f->a[k] = f->u[k] = 0;
        f->x[k] = x[k];
        f->d[k] = d[k];
    }
}

/* Ball of scaled radius rr around cen into clip c. */
static int clip_ball(fc_cast_clip *c, const int64_t x[3], const int64_t d[3], const int64_t cen[3], int64_t rr)
{
    int64_t w[3] = {x[0] - cen[0], x[1] - cen[1], x[2] - cen[2]};
    fc_big a = big128(dot3(d, d)), b = big128(dot3(w, d));
    fc_big c0 = big128(fc_i128_sub(dot3(w, w), fc_i128_mul_i64(rr, rr)));
    return add_quadratic(c, &a, &b, &c0);
}

int fc_c3_sweep_ball(const int64_t x[3], const int64_t d[3], const int64_t cen[3], int64_t rr, fc_castt *t,
                     fc_cast3_feat *f)
{
    fc_cast_clip c;
    fc_cast_clip_init(&c);
    if (!clip_ball(&c, x, d, cen, rr) || !fc_cast_clip_hit(&c))
        return 0;
    *t = c.enter;
    feat_init(f, FC_C3F_BALL, x, d);
    for (int k = 0; k < 3; k++)
        f->a[k] = cen[k];
    return 1;
}

/* The outward normal s (u_j x u_k) of face i, side s (+-1), unnormalised. */
static void face_normal(const fc_c3box *b, int i, int64_t s, int64_t out[3])
{
    cross3(b->u[(i + 1) % 3], b->u[(i + 2) % 3], out);
    for (int m = 0; m < 3; m++)
        out[m] *= s;
}

/* Face prism of face i, side s (+-1). */
static void clip_face(fc_cast_clip *c, const int64_t x[3], const int64_t d[3], const fc_c3box *b, int64_t rr, int i,
                      int64_t s, int64_t outward[3])
{
    int j = (i + 1) % 3, k = (i + 2) % 3;
    int64_t n[3], p[3], q[3], w[3];
    face_normal(b, i, 1, n);
    cross3(b->u[k], n, p); /* (w . p) = alpha h_j |n|^2 in the face */
    cross3(n, b->u[j], q); /* (w . q) = beta h_k |n|^2 */
    for (int m = 0; m < 3; m++) {
        n[m] *= s;
        outward[m] = n[m];
        w[m] = x[m] - (b->c[m] + s * b->h[i] * b->u[i][m]);
    }
    fc_big zero = big64(0), nn = big128(dot3(n, n)), r2 = big128(fc_i128_mul_i64(rr, rr));
    fc_big qr = fc_big_mul(&r2, &nn);
    fc_big w0 = big128(dot3(w, n)), w1 = big128(dot3(d, n)), nw0 = w0, nw1 = w1;
    fc_big_neg_in_place(&nw0);
    fc_big_neg_in_place(&nw1);
    fc_cast_clip_add(c, &nw0, &nw1, 0, &zero); /* on the outer side of the face plane */
    fc_cast_clip_add(c, &w0, &w1, 1, &qr);     /* within rr of it: w.n <= rr |n| */
    if (c->empty)
        return; /* the bands cannot make an empty clip non-empty */
    fc_big hj = big64(b->h[j]), hk = big64(b->h[k]);
    fc_big bj = fc_big_mul(&hj, &nn), bk = fc_big_mul(FC_CAST3_BREAK == 4 ? &hj : &hk, &nn); /* 4: wrong band */
    add_band(c, dot3(w, p), dot3(d, p), &bj);
    add_band(c, dot3(w, q), dot3(d, q), &bk);
}

/* Edge cylinder along u_m through e (the edge's midpoint). */
static int clip_edge(fc_cast_clip *c, const int64_t x[3], const int64_t d[3], const fc_c3box *b, int64_t rr, int m,
                     const int64_t e[3])
{
    const int64_t *u = b->u[m];
    int64_t w[3] = {x[0] - e[0], x[1] - e[1], x[2] - e[2]};
    fc_big uu = big128(dot3(u, u)), hm = big64(b->h[m]);
    fc_big slab = fc_big_mul(&hm, &uu);
    add_band(c, dot3(w, u), dot3(d, u), &slab);
    if (c->empty)
        return 0; /* no t within the edge's length: the cylinder cannot change that */
    fc_i128 wu[3], du[3];
    cross128(w, u, wu);
    cross128(d, u, du);
    fc_big a = bdot(du, du), bq = bdot(wu, du), c0 = bdot(wu, wu);
    fc_big r2 = big128(fc_i128_mul_i64(rr, rr));
    fc_big ru = fc_big_mul(&r2, &uu);
    c0 = fc_big_sub(&c0, &ru);
    return add_quadratic(c, &a, &bq, &c0);
}

/* Which faces the point can enter through: face (i, side s) at
 * facing[i][s > 0] when d . (s N_i) <= 0. At an entry t* > 0 from outside,
 * x* - b* = v (b* the closest box point) satisfies d . v <= 0: the
 * distance to the box is differentiable outside it with gradient v / |v|,
 * > rr before t* and == rr at t*, so its derivative at t* is <= 0. And
 * v = sum a_i N_i (a_i >= 0) over the
 * faces containing b*, so some face containing b* with a_i > 0 has
 * d . N_i <= 0. The piece of b*'s feature (that face, or an edge or corner
 * of it) contains x* and is kept by the rules below: skipping the others
 * leaves the minimum unchanged. */
static void facing_faces(const int64_t d[3], const fc_c3box *b, int facing[3][2])
{
    for (int i = 0; i < 3; i++) {
        int64_t n[3];
        cross3(b->u[(i + 1) % 3], b->u[(i + 2) % 3], n);
        int sg = fc_i128_sign(dot3(d, n));
        facing[i][0] = sg >= 0; /* side -1: d . (-N) <= 0 */
        facing[i][1] = sg <= 0;
    }
}

/* The offset box {p : |(p - c) . N_i| <= h_i det_i + rr |N_i|} contains
 * the grown box (each slab grows by rr along its unit normal). Its entry
 * t_lo <= t*; 0 when it is missed (then so is the grown box); *face is
 * 2 i + (side > 0) of the entering slab, -1 when t_lo = 0. */
static int offset_entry(const int64_t x[3], const int64_t d[3], const fc_c3box *b, int64_t rr, fc_castt *t,
                        int *face)
{
    fc_cast_clip c;
    fc_cast_clip_init(&c);
    int64_t w[3] = {x[0] - b->c[0], x[1] - b->c[1], x[2] - b->c[2]};
    for (int i = 0; i < 3 && !c.empty; i++) {
        int64_t n[3];
        cross3(b->u[(i + 1) % 3], b->u[(i + 2) % 3], n);
        fc_big hd = big128(dot3(b->u[i], n)), hi = big64(b->h[i]), nn = big128(dot3(n, n));
        fc_big r2 = big128(fc_i128_mul_i64(rr, rr));
        fc_big q = fc_big_mul(&r2, &nn);
        hd = fc_big_mul(&hd, &hi); /* h_i det_i */
        const fc_big wn = big128(dot3(w, n)), dn = big128(dot3(d, n)); /* converted once for both sides */
        for (int side = 0; side < 2; side++) { /* -N then +N */
            fc_big f0 = wn, f1 = dn;
            if (side == 0) {
                fc_big_neg_in_place(&f0);
                fc_big_neg_in_place(&f1);
            }
            f0 = fc_big_sub(&f0, &hd);
            fc_cast_clip_add(&c, &f0, &f1, 1, &q);
        }
    }
    if (!fc_cast_clip_hit(&c))
        return 0;
    *t = c.enter;
    *face = c.enter_axis;
    return 1;
}

/* With before, the search starts from it as the best so far: keep()
 * replaces only by a strictly earlier entry, so the first piece in the
 * order below reaching the least entry wins with or without it when that
 * entry is before *before, and none wins otherwise (found tracks that).
 * known: NULL, or the clip of face known_face (2 i + (side > 0)) already
 * built by clip_face, used in its turn instead of a second clip. */
static int full_search(const int64_t x[3], const int64_t d[3], const fc_c3box *b, int64_t rr, const fc_castt *before,
                       int known_face, const fc_cast_clip *known, fc_castt *t, fc_cast3_feat *f)
{
    if (FC_CAST3_BREAK == 8) /* 8: the bound ignored */
        before = NULL;
    int hit = before != NULL, found = 0, facing[3][2];
    fc_castt best = before ? *before : fc_castt_int(0); /* set before use when NULL; initialised for the analysis */
    fc_c3ibox xb; /* the moving point; each piece below is skipped when its swept boxes show it cannot be kept */
    fc_c3ibox_seg(&xb, x, x);
    facing_faces(d, b, facing);
    /* faces: i = 0..2, side -1 then +1 */
    for (int i = 0; i < 3; i++)
        for (int64_t s = -1; s <= 1; s += 2) {
            if (!facing[i][s > 0])
                continue;
            fc_c3ibox fb; /* the face c + s h_i u_i +- h_j u_j +- h_k u_k, its prism outward along s N_i */
            int64_t nrm[3];
            face_normal(b, i, 1, nrm);
            for (int v = 0; v < 3; v++) {
                int64_t fc = b->c[v] + s * b->h[i] * b->u[i][v], e = 0;
                for (int m = 1; m < 3; m++) {
                    int64_t a = b->h[(i + m) % 3] * b->u[(i + m) % 3][v];
                    e += a < 0 ? -a : a;
                }
                fb.lo[v] = fc - e;
                fb.hi[v] = fc + e;
            }
            fc_c3ibox_grow_along(&fb, nrm, rr, (int)s);
            if (fc_c3_piece_skipped(hit, &best, &xb, d, &fb))
                continue;
            fc_cast_clip c;
            const fc_cast_clip *cp = &c;
            int64_t outward[3];
            int won = 0;
            if (known && known_face == 2 * i + (s > 0)) {
                cp = known;
                face_normal(b, i, s, outward);
            } else {
                fc_cast_clip_init(&c);
                clip_face(&c, x, d, b, rr, i, s, outward);
            }
            keep(cp, &hit, &best, &won);
            found |= won;
            if (won) {
                feat_init(f, FC_C3F_AXIS, x, d);
                for (int k = 0; k < 3; k++)
                    f->a[k] = -outward[k]; /* from the moving point toward the box */
            }
        }
    /* edges along u_m: the other two sides (-,-), (-,+), (+,-), (+,+) */
    for (int m = 0; m < 3; m++)
        for (int e = 0; e < 4; e++) {
            int j = (m + 1) % 3, k = (m + 2) % 3;
            int64_t sj = e & 2 ? 1 : -1, sk = e & 1 ? 1 : -1, mid[3];
            if (!facing[j][sj > 0] && !facing[k][sk > 0])
                continue;
            fc_c3ibox eb; /* the edge: mid +- h_m u_m */
            for (int v = 0; v < 3; v++) {
                mid[v] = b->c[v] + sj * b->h[j] * b->u[j][v] + sk * b->h[k] * b->u[k][v];
                int64_t a = b->h[m] * b->u[m][v];
                a = a < 0 ? -a : a;
                eb.lo[v] = mid[v] - a;
                eb.hi[v] = mid[v] + a;
            }
            fc_c3ibox_grow_across(&eb, b->u[m], rr);
            if (fc_c3_piece_skipped(hit, &best, &xb, d, &eb))
                continue;
            fc_cast_clip c;
            int won = 0;
            fc_cast_clip_init(&c);
            if (FC_CAST3_BREAK != 2 && clip_edge(&c, x, d, b, rr, m, mid)) /* 2: no edge cylinders */
                keep(&c, &hit, &best, &won);
            found |= won;
            if (won) {
                feat_init(f, FC_C3F_EDGE, x, d);
                for (int v = 0; v < 3; v++) {
                    f->a[v] = mid[v];
                    f->u[v] = b->u[m][v];
                }
            }
        }
    /* corners: bit m of v set = side +1 along u_m */
    for (int v = 0; v < 8; v++) {
        int64_t cen[3];
        if (!facing[0][v & 1] && !facing[1][v >> 1 & 1] && !facing[2][v >> 2 & 1])
            continue;
        for (int k = 0; k < 3; k++) {
            cen[k] = b->c[k];
            for (int m = 0; m < 3; m++)
                cen[k] += (v >> m & 1 ? 1 : -1) * b->h[m] * b->u[m][k];
        }
        fc_c3ibox cb;
        fc_c3ibox_seg(&cb, cen, cen);
        fc_c3ibox_grow(&cb, rr);
        if (fc_c3_piece_skipped(hit, &best, &xb, d, &cb))
            continue;
        fc_cast_clip c;
        int won = 0;
        fc_cast_clip_init(&c);
        if (clip_ball(&c, x, d, cen, rr))
            keep(&c, &hit, &best, &won);
        found |= won;
        if (won) {
            feat_init(f, FC_C3F_BALL, x, d);
            for (int k = 0; k < 3; k++)
                f->a[k] = cen[k];
        }
    }
    if (found)
        *t = best;
    return found;
}

int fc_c3_sweep_rounded(const int64_t x[3], const int64_t d[3], const fc_c3box *b, int64_t rr,
                        const fc_castt *before, fc_castt *t, fc_cast3_feat *f)
{
    if (FC_CAST3_BREAK == 8) /* 8: the bound ignored */
        before = NULL;
    int face = -1;
    fc_castt best = fc_castt_int(0); /* set before use; initialised for the analysis */
    /* Shortcut, exactly equivalent to the full search below: the offset
     * box misses -> miss; the face piece of its entering slab entered at
     * t_lo -> t* = t_lo (that piece lies in the grown box, whose entry is
     * >= t_lo), and that face is the one the full search picks (on the
     * grown box's boundary no two face pieces meet: a point of a face
     * piece has its closest box point on that face, so two would give one
     * closest point on a common edge at distance 0; and faces come first
     * in its order). */
    if (!offset_entry(x, d, b, rr, &best, &face))
        return 0;
    if (before && fc_castt_cmp(&best, before) >= 0)
        return 0; /* every piece is entered at or after t_lo >= *before */
    fc_cast_clip fc; /* the entering face's piece, handed to the full search so it is not clipped twice */
    fc_cast_clip_init(&fc);
    if (face >= 0) {
        int64_t outward[3];
        clip_face(&fc, x, d, b, rr, face / 2, face % 2 ? 1 : -1, outward);
        if (fc_cast_clip_hit(&fc) && fc_castt_cmp(&fc.enter, &best) == 0) {
            feat_init(f, FC_C3F_AXIS, x, d);
            for (int k = 0; k < 3; k++)
                f->a[k] = -outward[k]; /* from the moving point toward the box */
            *t = best;
            return 1;
        }
    }
    return full_search(x, d, b, rr, before, face, &fc, t, f);
}

int fc_c3_sweep_rounded_all(const int64_t x[3], const int64_t d[3], const fc_c3box *b, int64_t rr,
                            const fc_castt *before, fc_castt *t, fc_cast3_feat *f)
{
    return full_search(x, d, b, rr, before, -1, NULL, t, f);
}

