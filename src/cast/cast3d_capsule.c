/* SPDX-License-Identifier: MIT */
/* The 3D capsule in the exact casts (fixcol/cast.h): a capsule moving
 * against a sphere, box (AABB3 / OBB3) or capsule, and a point (a sphere's
 * centre) moving against a capsule. The box or sphere moving against a
 * capsule is solved reversed by the caller (src/cast/cast3d.c).
 *
 * The moving segment S = [p0, p1] (grown by rm) first touches a convex
 * target T at the least t with dist(S + t d, T) <= rm. The closed set of
 * such t is covered by pieces, each the set of t at which one pair of
 * features (a point, segment or face of S and of T) is within the radius
 * sum R; each piece lies inside the set, so its entry is >= the true entry,
 * and at the true entry t* the closest pair of S(t*) and T belongs to some
 * piece, whose entry is then t*. So the entry is the least piece entry:
 *   endpoint of S against T grown by R     p0 then p1 (a ball for a sphere
 *                                          T, the grown box of
 *                                          cast3d_round.c, a capsule's 2
 *                                          balls + cylinder);
 *   point of T against S's cylinder        a box's 8 corners, a capsule's
 *                                          2 endpoints, moving by -d
 *                                          (the ball ends are the pieces
 *                                          above already);
 *   interior of S against a segment of T   a box's 12 edges, a capsule's
 *                                          segment: the "parallelogram"
 *                                          piece below (non-parallel
 *                                          segments only).
 * Interior of S against a box face needs no piece: a closest pair (S
 * interior, face interior) makes S parallel to the face, and the closest
 * set then reaches an endpoint of S or an edge of the face. Parallel
 * segments likewise: their closest set reaches an endpoint. A zero-length
 * S (p0 == p1) has only its endpoint pieces (the sphere's cast exactly).
 *
 * Parallelogram piece of S = p0 + s e (s in [0, 2^16], e = the raw
 * segment) moving by d, against E = k0 + u f (u in [0, L]), n = e x f != 0:
 * with w = p0 + t d - k0 the line-line closest parameters are
 * s = -w.(f x n) / |n|^2 and u = -w.(e x n) / |n|^2 (linear in t), the
 * lines' distance |w.n| / |n|; the piece on side sg (+-1) is
 *   0 <= -w.(f x n) <= 2^16 |n|^2,  0 <= -w.(e x n) <= L |n|^2,
 *   0 <= sg w.n <= R |n|,
 * its normal -sg n (from S toward E, an AXIS feature). A side is tried
 * only when sg (d.n) <= 0: at an entry from outside the closest vector v
 * (S point - T point) has d.v <= 0 (cast3d_round.c, facing_faces), and
 * v = lambda n with sign(lambda) = sign(w.n) here.
 *
 * Tie rule (the reported feature is a pure function of the inputs): the
 * first piece in this order reaching the least entry, a later piece only
 * replacing it when strictly earlier:
 *   capsule vs sphere   p0 ball, p1 ball, cylinder;
 *   capsule vs box      p0 against the grown box (its own order), p1,
 *                       corners v = 0..7 against S's cylinder, edges
 *                       (m, e) in cast3d_round.c's order, side + then -;
 *   capsule vs capsule  p0 against Q (q0 ball, q1 ball, Q's cylinder),
 *                       p1 against Q, q0 and q1 against S's cylinder,
 *                       the parallelogram side + then -.
 * A radius sum R == 0 makes a ball or cylinder contact a point contact
 * without direction: the caller reports the unit delta (FC_C3F_MOTION).
 *
 * Piece filter (fc_c3_piece_skipped in cast3d_round.c; compiled out by
 * FC_CAST_NO_FILTER): before a piece is built, the integer boxes of its
 * two features (a point, a segment's two ends, a box's 8 corners) give
 * the interval of t in [0, 1] at which the moving one, swept, meets the
 * other grown by R where the piece can reach (a ball: every axis; a
 * cylinder: not along its segment when that is axis-parallel; the
 * parallelogram: only along the axes where n = e x f != 0, its two points
 * differing by a multiple of n); every t of the piece lies in it (points
 * within R differ by at most R in each coordinate). The piece is skipped
 * when the interval is empty (it misses), or when its start is >= the
 * best entry so far (shown by the start against the upper end of the
 * best's cached enclosure): the piece's entry is then no earlier than the
 * best, and the tie rule above would keep the best. The order of the
 * pieces is unchanged, so the answer (t and feature) is the unfiltered one
 * bit for bit (tests/test_cast_filter_digest.c, filtered against
 * unfiltered).
 *
 * Sizes (scaled = raw 2^16): points and anchors < 2^47, d < 2^47, e, f
 * raw < 2^31 (a box edge direction f = u_m < 2^18), R < 2^46. Cylinder:
 * w x e < 2^80, coefficients < 2^163, discriminant < 2^330.
 * Parallelogram: n < 2^62, f x n, e x n < 2^94, w.(f x n) < 2^143,
 * L |n|^2 < 2^141, R^2 |n|^2 < 2^216. All inside cast_param's |p|, |r| <
 * 2^360, q < 2^720. Filter: feature box ends < 2^48 (an edge's far end
 * k0 + L f, L f < 2^46), R < 2^47; its products stay below 2^110
 * (cast3d_round.c). */
#include "cast3d_internal.h"

#include "core/nofloat.h"

#ifndef FC_CAST3_BREAK /* tests only (test_cast3d_broken): a piece of the cast left out */
#define FC_CAST3_BREAK 0
#endif

static fc_big big64(int64_t v)
{
    return fc_big_from_i128(fc_i128_from_i64(v));
}

static fc_i128 dot3(const int64_t a[3], const int64_t b[3])
{
    return fc_i128_add(fc_i128_add(fc_i128_mul_i64(a[0], b[0]), fc_i128_mul_i64(a[1], b[1])),
                       fc_i128_mul_i64(a[2], b[2]));
}

/* a x b as 128-bit components (|a| < 2^48, |b| < 2^31). */
static void cross128(const int64_t a[3], const int64_t b[3], fc_i128 out[3])
{
    for (int k = 0; k < 3; k++) {
        int i = (k + 1) % 3, j = (k + 2) % 3;
        out[k] = fc_i128_sub(fc_i128_mul_i64(a[i], b[j]), fc_i128_mul_i64(a[j], b[i]));
    }
}

static fc_big bdot(const fc_big a[3], const fc_big b[3])
{
    fc_big s = big64(0);
    for (int k = 0; k < 3; k++) {
        fc_big p = fc_big_mul(&a[k], &b[k]);
        s = fc_big_add(&s, &p);
    }
    return s;
}

static void bcross(const fc_big a[3], const fc_big b[3], fc_big out[3])
{
    for (int k = 0; k < 3; k++) {
        int i = (k + 1) % 3, j = (k + 2) % 3;
        fc_big x = fc_big_mul(&a[i], &b[j]), y = fc_big_mul(&a[j], &b[i]);
        out[k] = fc_big_sub(&x, &y);
    }
}

static void bvec(const int64_t v[3], fc_big out[3])
{
    for (int k = 0; k < 3; k++)
        out[k] = big64(v[k]);
}

/* n0 + t n1 <= sigma sqrt(q) with big n0, n1 (n0 negated first when neg). */
static void add_big(fc_cast_clip *c, fc_big n0, fc_big n1, int neg, int32_t sigma, const fc_big *q)
{
    if (neg) {
        fc_big_neg_in_place(&n0);
        fc_big_neg_in_place(&n1);
    }
    fc_cast_clip_add(c, &n0, &n1, sigma, q);
}

/* a t^2 + 2 b t + c <= 0 (a >= 0) as clip constraints; 0 when no t
 * satisfies it (cast3d_round.c's rule). */
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
    fc_cast_clip_add(cl, &nb, &na, 1, &disc);
    fc_cast_clip_add(cl, b, a, 1, &disc);
    return 1;
}

static void feat_clear(fc_cast3_feat *f, int kind, const int64_t x[3], const int64_t d[3])
{
    f->kind = kind;
    f->neg = 0;
    for (int k = 0; k < 3; k++) {
        f->a[k] = f->u[k] = 0;
        f->x[k] = x[k];
        f->d[k] = d[k];
    }
}

/* The least entry so far: a candidate replaces it only when strictly
 * earlier (ties keep the earlier piece). */
typedef struct best3 {
    int hit;
    fc_castt t;
    fc_cast3_feat f;
} best3;

static void best_init(best3 *b)
{
    b->hit = 0;
    static const int64_t z[3] = {0, 0, 0};
    b->t = fc_castt_int(0);
    feat_clear(&b->f, FC_C3F_START, z, z); /* (overwritten on a hit) */
}

static void offer(best3 *b, const fc_castt *t, const fc_cast3_feat *f)
{
    if (!b->hit || fc_castt_cmp(t, &b->t) < 0) {
        b->hit = 1;
        b->t = *t;
        b->f = *f;
        if (FC_CAST_FILTER)
            fc_castt_cache(&b->t); /* the piece filter reads its upper end (the clip's entries come cached) */
    }
}

/* The point x + t d against the cylinder of scaled radius rr around the
 * segment mid + a h u, |a| <= 1 (u != 0): points within rr of the line
 * whose projection falls on the segment. An EDGE feature. */
static void cylinder(best3 *b, const int64_t x[3], const int64_t d[3], const int64_t mid[3], const int64_t u[3],
                     int64_t h, int64_t rr, int neg)
{
    fc_cast_clip c;
    fc_cast_clip_init(&c);
    int64_t w[3] = {x[0] - mid[0], x[1] - mid[1], x[2] - mid[2]};
    fc_big uu = fc_big_from_i128(dot3(u, u)), hb = big64(h), zero = big64(0);
    fc_big slab = fc_big_mul(&hb, &uu);
    fc_big f0 = fc_big_from_i128(dot3(w, u)), f1 = fc_big_from_i128(dot3(d, u));
    fc_big n0 = fc_big_sub(&f0, &slab); /* |w.u + t d.u| <= h |u|^2 */
    fc_cast_clip_add(&c, &n0, &f1, 0, &zero);
    fc_big_neg_in_place(&f0);
    fc_big_neg_in_place(&f1);
    n0 = fc_big_sub(&f0, &slab);
    fc_cast_clip_add(&c, &n0, &f1, 0, &zero);
    fc_i128 wu[3], du[3];
    cross128(w, u, wu);
    cross128(d, u, du);
    fc_big bw[3], bd[3];
    for (int k = 0; k < 3; k++) {
        bw[k] = fc_big_from_i128(wu[k]);
        bd[k] = fc_big_from_i128(du[k]);
    }
    fc_big qa = bdot(bd, bd), qb = bdot(bw, bd), qc = bdot(bw, bw);
    fc_big r2 = fc_big_from_i128(fc_i128_mul_i64(rr, rr));
    fc_big ru = fc_big_mul(&r2, &uu);
    qc = fc_big_sub(&qc, &ru);
    if (!add_quadratic(&c, &qa, &qb, &qc) || !fc_cast_clip_hit(&c))
        return;
    fc_cast3_feat f;
    feat_clear(&f, FC_C3F_EDGE, x, d);
    f.neg = neg;
    for (int k = 0; k < 3; k++) {
        f.a[k] = mid[k];
        f.u[k] = u[k];
    }
    offer(b, &c.enter, &f);
}

static void ball(best3 *b, const int64_t x[3], const int64_t d[3], const int64_t cen[3], int64_t rr, int neg)
{
    fc_castt t = fc_castt_int(0); /* set on a hit; initialised for the analysis */
    fc_cast3_feat f;
    feat_clear(&f, FC_C3F_START, x, d);
    if (fc_c3_sweep_ball(x, d, cen, rr, &t, &f)) {
        f.neg = neg;
        offer(b, &t, &f);
    }
}

/* A capsule's segment in units of raw / mul (mul 2^16: scaled; 2: the
 * rays' doubled raw units): p[0], p[1] the endpoints, mid the midpoint,
 * e = the raw segment, h = mul / 2 (p1 - p0 = 2 h e), zero when a == b. */
typedef struct seg3 {
    int64_t p[2][3], mid[3], e[3], h;
    int32_t zero;
} seg3;

static void seg_of(const fc_capsule3 *c, int64_t mul, seg3 *s)
{
    const int64_t a[3] = {c->a.x, c->a.y, c->a.z}, b[3] = {c->b.x, c->b.y, c->b.z};
    for (int k = 0; k < 3; k++) {
        s->p[0][k] = a[k] * mul;
        s->p[1][k] = b[k] * mul;
        s->mid[k] = (a[k] + b[k]) * (mul / 2);
        s->e[k] = b[k] - a[k];
    }
    s->h = mul / 2;
    s->zero = s->e[0] == 0 && s->e[1] == 0 && s->e[2] == 0;
}

/* The point x + t d against the capsule (s, rr): its two end balls, then
 * its cylinder. */
static void point_capsule(best3 *b, const int64_t x[3], const int64_t d[3], const seg3 *s, int64_t rr, int neg)
{
    fc_c3ibox xb, tb;
    fc_c3ibox_seg(&xb, x, x);
    for (int i = 0; i < 2; i++) {
        fc_c3ibox_seg(&tb, s->p[i], s->p[i]);
        fc_c3ibox_grow(&tb, rr);
        if (!fc_c3_piece_skipped(b->hit, &b->t, &xb, d, &tb))
            ball(b, x, d, s->p[i], rr, neg);
    }
    fc_c3ibox_seg(&tb, s->p[0], s->p[1]);
    fc_c3ibox_grow_across(&tb, s->e, rr);
    if (!s->zero && FC_CAST3_BREAK != 7 && !fc_c3_piece_skipped(b->hit, &b->t, &xb, d, &tb)) /* 7: no capsule cylinder */
        cylinder(b, x, d, s->mid, s->e, s->h, rr, neg);
}

/* The point x + t d against S's cylinder only (its balls are other pieces). */
static void point_cylinder(best3 *b, const int64_t x[3], const int64_t d[3], const seg3 *s, int64_t rr, int neg)
{
    if (s->zero || FC_CAST3_BREAK == 6) /* 6: no target points against the moving cylinder */
        return;
    fc_c3ibox xb, tb;
    fc_c3ibox_seg(&xb, x, x);
    fc_c3ibox_seg(&tb, s->p[0], s->p[1]);
    fc_c3ibox_grow_across(&tb, s->e, rr);
    if (!fc_c3_piece_skipped(b->hit, &b->t, &xb, d, &tb))
        cylinder(b, x, d, s->mid, s->e, s->h, rr, neg);
}

/* The parallelogram piece (see the top): S moving by d against the segment
 * k0 + u f, u in [0, len]. */
static void parallelogram(best3 *b, const seg3 *s, const int64_t d[3], const int64_t k0[3], const int64_t f[3],
                          int64_t len, int64_t rr)
{
    if (s->zero || FC_CAST3_BREAK == 5) /* 5: no segment-segment piece */
        return;
    int64_t ni[3] = {s->e[1] * f[2] - s->e[2] * f[1], s->e[2] * f[0] - s->e[0] * f[2],
                     s->e[0] * f[1] - s->e[1] * f[0]}; /* |e_i f_j| <= 2^60: no overflow */
    if (ni[0] == 0 && ni[1] == 0 && ni[2] == 0)
        return; /* parallel */
    /* the filter: the piece's S and E points differ by (w.n / |n|^2) n,
     * |w.n| <= R |n|: by at most R, and only along the axes where n_k != 0 */
    fc_c3ibox sb, eb;
    int64_t k1[3] = {k0[0] + len * f[0], k0[1] + len * f[1], k0[2] + len * f[2]};
    fc_c3ibox_seg(&sb, s->p[0], s->p[1]);
    fc_c3ibox_seg(&eb, k0, k1);
    fc_c3ibox_grow_along(&eb, ni, rr, 0);
    if (fc_c3_piece_skipped(b->hit, &b->t, &sb, d, &eb))
        return;
    fc_big be[3], bf[3], n[3], fn[3], en[3], w[3], bd[3];
    bvec(s->e, be);
    bvec(f, bf);
    bvec(ni, n);
    bcross(bf, n, fn);
    bcross(be, n, en);
    int64_t w0[3] = {s->p[0][0] - k0[0], s->p[0][1] - k0[1], s->p[0][2] - k0[2]};
    bvec(w0, w);
    bvec(d, bd);
    fc_big nn = bdot(n, n), zero = big64(0), lenb = big64(len), l16 = big64(2 * s->h); /* s in [0, 2 h] */
    fc_big ls = fc_big_mul(&l16, &nn), lu = fc_big_mul(&lenb, &nn);
    fc_big r2 = fc_big_from_i128(fc_i128_mul_i64(rr, rr));
    fc_big qr = fc_big_mul(&r2, &nn);
    fc_big wf = bdot(w, fn), df = bdot(bd, fn), we = bdot(w, en), de = bdot(bd, en);
    fc_big wn = bdot(w, n), dn = bdot(bd, n);
    fc_big nwf = fc_big_sub(&zero, &wf), nwe = fc_big_sub(&zero, &we);
    nwf = fc_big_sub(&nwf, &ls);
    nwe = fc_big_sub(&nwe, &lu);
    fc_big ndf = fc_big_sub(&zero, &df), nde = fc_big_sub(&zero, &de);
    for (int sg = 1; sg >= -1; sg -= 2) {
        if (sg * dn.sign > 0)
            continue; /* not facing (see the top) */
        fc_cast_clip c;
        fc_cast_clip_init(&c);
        add_big(&c, wf, df, 0, 0, &zero);  /* w.(f x n) <= 0 */
        add_big(&c, nwf, ndf, 0, 0, &zero); /* -w.(f x n) - 2^16 |n|^2 <= 0 */
        add_big(&c, we, de, 0, 0, &zero);  /* w.(e x n) <= 0 */
        add_big(&c, nwe, nde, 0, 0, &zero); /* -w.(e x n) - L |n|^2 <= 0 */
        add_big(&c, wn, dn, sg > 0, 0, &zero); /* -sg w.n <= 0 */
        add_big(&c, wn, dn, sg < 0, 1, &qr);   /* sg w.n <= R |n| */
        if (!fc_cast_clip_hit(&c))
            continue;
        fc_cast3_feat ft;
        feat_clear(&ft, FC_C3F_AXIS, s->p[0], d);
        for (int k = 0; k < 3; k++)
            ft.a[k] = sg > 0 ? -ni[k] : ni[k]; /* -sg n: from S toward E */
        offer(b, &c.enter, &ft);
    }
}

int fc_c3_sweep_capsule_sphere(const fc_capsule3 *cap, const int64_t d[3], const int64_t cen[3], int64_t rr,
                               fc_castt *t, fc_cast3_feat *f)
{
    seg3 s;
    best3 b;
    seg_of(cap, 65536, &s);
    best_init(&b);
    const int64_t nd[3] = {-d[0], -d[1], -d[2]};
    point_capsule(&b, cen, nd, &s, rr, 1);
    *t = b.t;
    *f = b.f;
    return b.hit;
}

int fc_c3_sweep_point_capsule(const int64_t x[3], const int64_t d[3], const fc_capsule3 *cap, int64_t rr,
                              fc_castt *t, fc_cast3_feat *f)
{
    seg3 s;
    best3 b;
    seg_of(cap, 65536, &s);
    best_init(&b);
    point_capsule(&b, x, d, &s, rr, 0);
    *t = b.t;
    *f = b.f;
    return b.hit;
}

/* An endpoint against the box grown by rr (a point against the box when
 * rr == 0: separating axes, as the radius-0 sphere). */
static void point_box(best3 *b, const int64_t x[3], const int64_t d[3], const fc_c3box *box, int64_t rr)
{
    fc_castt t = fc_castt_int(0); /* set on a hit; initialised for the analysis */
    fc_cast3_feat f;
    feat_clear(&f, FC_C3F_START, x, d);
    int hit;
    if (rr > 0) {
        hit = fc_c3_sweep_rounded(x, d, box, rr, b->hit ? &b->t : NULL, &t, &f); /* only an earlier entry counts */
    } else {
        fc_c3box pt;
        for (int m = 0; m < 3; m++) {
            pt.c[m] = x[m];
            pt.h[m] = 0;
            for (int k = 0; k < 3; k++)
                pt.u[m][k] = m == k;
        }
        hit = fc_c3_sweep_boxes(&pt, 0, d, box, 3, &t, &f);
    }
    if (hit)
        offer(b, &t, &f);
}

int fc_c3_sweep_capsule_box(const fc_capsule3 *cap, const int64_t d[3], const fc_c3box *box, fc_castt *t,
                            fc_cast3_feat *f)
{
    seg3 s;
    best3 b;
    seg_of(cap, 65536, &s);
    best_init(&b);
    int64_t rr = (int64_t)cap->radius * 65536;
    fc_c3ibox bb, pb;
    fc_c3ibox_box(&bb, box);
    fc_c3ibox_grow(&bb, rr);
    for (int i = 0; i < 2; i++) {
        fc_c3ibox_seg(&pb, s.p[i], s.p[i]);
        if (!fc_c3_piece_skipped(b.hit, &b.t, &pb, d, &bb))
            point_box(&b, s.p[i], d, box, rr);
    }
    const int64_t nd[3] = {-d[0], -d[1], -d[2]};
    for (int v = 0; v < 8; v++) { /* bit m of v set = side +1 along u_m */
        int64_t cen[3];
        for (int k = 0; k < 3; k++) {
            cen[k] = box->c[k];
            for (int m = 0; m < 3; m++)
                cen[k] += (v >> m & 1 ? 1 : -1) * box->h[m] * box->u[m][k];
        }
        point_cylinder(&b, cen, nd, &s, rr, 1);
    }
    for (int m = 0; m < 3; m++) /* edges along u_m: the other sides (-,-), (-,+), (+,-), (+,+) */
        for (int e = 0; e < 4; e++) {
            int j = (m + 1) % 3, k = (m + 2) % 3;
            int64_t sj = e & 2 ? 1 : -1, sk = e & 1 ? 1 : -1, k0[3];
            for (int v = 0; v < 3; v++)
                k0[v] = box->c[v] + sj * box->h[j] * box->u[j][v] + sk * box->h[k] * box->u[k][v] -
                        box->h[m] * box->u[m][v];
            parallelogram(&b, &s, d, k0, box->u[m], 2 * box->h[m], rr);
        }
    *t = b.t;
    *f = b.f;
    return b.hit;
}

int fc_c3_sweep_capsules(const fc_capsule3 *mov, const int64_t d[3], const fc_capsule3 *tgt, fc_castt *t,
                         fc_cast3_feat *f)
{
    seg3 s, q;
    best3 b;
    seg_of(mov, 65536, &s);
    seg_of(tgt, 65536, &q);
    best_init(&b);
    int64_t rr = ((int64_t)mov->radius + tgt->radius) * 65536;
    point_capsule(&b, s.p[0], d, &q, rr, 0);
    point_capsule(&b, s.p[1], d, &q, rr, 0);
    const int64_t nd[3] = {-d[0], -d[1], -d[2]};
    point_cylinder(&b, q.p[0], nd, &s, rr, 1);
    point_cylinder(&b, q.p[1], nd, &s, rr, 1);
    parallelogram(&b, &s, d, q.p[0], q.e, 65536, rr);
    *t = b.t;
    *f = b.f;
    return b.hit;
}

int fc_c3_ray_capsule(const int64_t o[3], const int64_t d[3], const fc_capsule3 *cap, fc_castt *t)
{
    seg3 s;
    best3 b;
    seg_of(cap, 2, &s); /* doubled raw units: the midpoint a + b is integral */
    best_init(&b);
    const int64_t x[3] = {2 * o[0], 2 * o[1], 2 * o[2]}, dd[3] = {2 * d[0], 2 * d[1], 2 * d[2]};
    point_capsule(&b, x, dd, &s, 2 * (int64_t)cap->radius, 0);
    *t = b.t;
    return b.hit;
}
