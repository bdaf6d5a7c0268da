/* SPDX-License-Identifier: MIT */
/* Sphere/OBB3: exact distance from the sphere centre to the stored
 * parallelepiped P = {sum t_i b_i : |t_i| <= h_i} (centred on the box).
 *
 * With p = centre - box centre, N_i = b_{i+1} x b_{i+2} and det = b_0 . N_0,
 * the oblique coordinates of p are t_i = p . N_i / det (exact). The sphere
 * touches P iff p is inside, or the orthogonal projection of p onto some
 * feature's affine hull lies in that feature and is within r of p, for a
 * feature among: the 8 vertices, the 12 edges, and the faces whose plane p
 * is strictly outside of (the closest point can only be inside such a face).
 * This is the exact closest-point test: every such projection is a point
 * of P, and the true closest point is the projection onto the feature it
 * lies inside. Scales: p Q16 (<= 2^31), points Q32 (< 2^48), N Q32, det Q48,
 * vertex and edge terms in fc_i128, the face terms (products up to 2^152)
 * in fc3_i256. */
#include "collide3d_internal.h"

#include "core/nofloat.h"

typedef struct sobb {
    int64_t pq[3];   /* p in Q32 */
    fc_vec3 b[3];    /* axes, Q16 */
    int64_t h[3];    /* half-extents, raw */
    fc_vec3w n[3];   /* N_i, Q32 */
    fc_i128 n2[3];   /* |N_i|^2, Q64 */
    int64_t det;     /* Q48, >= 2^47 */
    fc_i128 pn16[3]; /* (p . N_i) * 2^16 = pq . N_i, Q64 */
    fc_i128 lim[3];  /* h_i * det, Q64 */
    int side[3];     /* -1 / +1: p beyond face -i / +i; 0: within the slab */
    int64_t rq;      /* r, Q32 */
    int64_t r_sq;    /* r^2, Q32 */
    fc_i128 r2;      /* r^2 * 2^32, Q64 */
} sobb;

static int64_t comp3(fc_vec3 v, int i) { return i == 0 ? v.x : i == 1 ? v.y : v.z; }
static int64_t compw(fc_vec3w v, int i) { return i == 0 ? v.x : i == 1 ? v.y : v.z; }

static fc_i128 dot_w(const int64_t a[3], fc_vec3w n)
{
    return fc_i128_add(fc_i128_mul_add(a[0], n.x, a[1], n.y), fc_i128_mul_i64(a[2], n.z));
}

static fc_i128 dot_v(const int64_t a[3], fc_vec3 b)
{
    return fc_i128_add(fc_i128_mul_add(a[0], b.x, a[1], b.y), fc_i128_mul_i64(a[2], b.z));
}

static fc_i128 norm2(const int64_t v[3])
{
    return fc_i128_add(fc_i128_mul_add(v[0], v[0], v[1], v[1]), fc_i128_mul_i64(v[2], v[2]));
}

static void sobb_init(const fc_sphere *a, const fc_obb3 *b, sobb *s)
{
    int64_t p[3] = {(int64_t)a->center.x - b->center.x, (int64_t)a->center.y - b->center.y,
                    (int64_t)a->center.z - b->center.z};
    s->h[0] = b->half.x, s->h[1] = b->half.y, s->h[2] = b->half.z;
    for (int i = 0; i < 3; i++) {
        s->pq[i] = p[i] * 65536;
        s->b[i] = b->axis[i];
    }
    for (int i = 0; i < 3; i++) {
        s->n[i] = fc_vec3_cross(s->b[(i + 1) % 3], s->b[(i + 2) % 3]);
        s->n2[i] = fc_i128_add(fc_i128_mul_add(s->n[i].x, s->n[i].x, s->n[i].y, s->n[i].y),
                               fc_i128_mul_i64(s->n[i].z, s->n[i].z));
    }
    s->det = s->b[0].x * s->n[0].x + s->b[0].y * s->n[0].y + s->b[0].z * s->n[0].z;
    for (int i = 0; i < 3; i++) {
        s->pn16[i] = fc_i128_shl(dot_w(p, s->n[i]), 16);
        s->lim[i] = fc_i128_mul_i64(s->h[i], s->det);
        s->side[i] = fc_i128_cmp(s->pn16[i], s->lim[i]) > 0                ? 1
                     : fc_i128_cmp(s->pn16[i], fc_i128_neg(s->lim[i])) < 0 ? -1
                                                                            : 0;
    }
    s->rq = (int64_t)a->radius * 65536;
    s->r_sq = (int64_t)a->radius * a->radius;
    s->r2 = fc_i128_shl(fc_i128_from_i64(s->r_sq), 32);
}

static int inside(const sobb *s) { return (s->side[0] | s->side[1] | s->side[2]) == 0; }

/* The point sum_i sg_i h_i b_i (sg_i in -1..1) of P in Q32 (|.| < 2^46). */
static void corner(const sobb *s, const int sg[3], int64_t out[3])
{
    for (int c = 0; c < 3; c++) {
        out[c] = 0;
        for (int i = 0; i < 3; i++)
            out[c] += sg[i] * s->h[i] * comp3(s->b[i], c);
    }
}

/* v clamped to [-lim, lim]. */
static int64_t clamp_abs(int64_t v, int64_t lim) { return v > lim ? lim : v < -lim ? -lim : v; }

/* Face i on side sg: a = (pq - sg h_i b_i) . N_i = pn16_i - sg lim_i (Q64),
 * the plane distance times |N_i|. */
static fc_i128 face_a(const sobb *s, int i, int sg)
{
    return fc_i128_sub(s->pn16[i], sg > 0 ? s->lim[i] : fc_i128_neg(s->lim[i]));
}

/* a^2 > r^2 |N_i|^2: the face plane is farther than r. */
static int face_far(const sobb *s, int i, fc_i128 a)
{
    fc_i128 n2 = s->n2[i];
    return fc3_cmp256(fc3_mul256(a, a), fc3_mul256(s->r2, n2)) > 0;
}

/* The projection q = pq - (a / |N_i|^2) N_i of p onto the plane of face i
 * lies inside the face: for j != i, |q . N_j| <= h_j det, multiplied by
 * |N_i|^2: |pn16_j |N_i|^2 - a (N_i . N_j)| <= lim_j |N_i|^2. */
static int face_contains_projection(const sobb *s, int i, fc_i128 a)
{
    fc_i128 n2 = s->n2[i];
    for (int k = 1; k <= 2; k++) {
        int j = (i + k) % 3;
        fc_i128 nij = fc_i128_add(fc_i128_mul_add(s->n[i].x, s->n[j].x, s->n[i].y, s->n[j].y),
                                  fc_i128_mul_i64(s->n[i].z, s->n[j].z));
        fc3_i256 x = fc3_sub256(fc3_mul256(s->pn16[j], n2), fc3_mul256(a, nij));
        fc3_i256 y = fc3_mul256(s->lim[j], n2);
        fc3_i256 zero = {{0, 0, 0, 0}};
        if (fc3_cmp256(x, y) > 0 || fc3_cmp256(fc3_sub256(zero, x), y) > 0)
            return 0;
    }
    return 1;
}

/* Edge along b_i through the corner with signs sg (sg_i ignored): the
 * projection of p onto the edge line lies on the edge. w = pq - v0 (Q32);
 * returns w . b_i (Q48) through *wb. */
static int edge_projection_on(const sobb *s, int i, const int64_t w[3], fc_i128 *wb)
{
    *wb = dot_v(w, s->b[i]);
    int64_t bb = fc_vec3_dot(s->b[i], s->b[i]);
    return fc_i128_cmp(fc3_abs128(*wb), fc_i128_mul_i64(s->h[i], bb)) <= 0;
}

/* |w x b_i|^2 <= r^2 2^32 |b_i|^2: the edge line is within r. */
static int edge_line_near(const sobb *s, int i, const int64_t w[3])
{
    fc_vec3 b = s->b[i];
    fc_i128 c[3] = {fc_i128_sub(fc_i128_mul_i64(w[1], b.z), fc_i128_mul_i64(w[2], b.y)),
                    fc_i128_sub(fc_i128_mul_i64(w[2], b.x), fc_i128_mul_i64(w[0], b.z)),
                    fc_i128_sub(fc_i128_mul_i64(w[0], b.y), fc_i128_mul_i64(w[1], b.x))};
    /* The right side is < 2^121, so a component of 2^61 or more fails. */
    int64_t cl[3];
    for (int k = 0; k < 3; k++) {
        if (fc_i128_cmp(fc3_abs128(c[k]), fc_i128_make(0, (uint64_t)1 << 61)) >= 0)
            return 0;
        cl[k] = fc_i128_low_i64(c[k]);
    }
    fc_i128 rhs = fc_i128_shl(fc_i128_mul_i64(s->r_sq, fc_vec3_dot(b, b)), 32);
    return fc_i128_cmp(norm2(cl), rhs) <= 0;
}

/* Feature loop shared by the overlap test and the contact: calls visit for
 * every feature whose projection of p lies in the feature, with the
 * projected point q (Q32, rounded for edges and faces) and, for the
 * overlap, whether it is exactly within r. Stops when visit returns 1. */
typedef int (*visit_fn)(void *ctx, const int64_t q[3], int exact_hit);

static int each_feature(const sobb *s, visit_fn visit, void *ctx)
{
    /* Vertices. */
    for (int v = 0; v < 8; v++) {
        int sg[3] = {v & 1 ? 1 : -1, v & 2 ? 1 : -1, v & 4 ? 1 : -1};
        int64_t d[3], q[3];
        corner(s, sg, q);
        for (int c = 0; c < 3; c++)
            d[c] = q[c] - s->pq[c];
        if (visit(ctx, q, fc_i128_cmp(norm2(d), s->r2) <= 0))
            return 1;
    }
    /* Edges: along b_i, the other two coordinates at +-h. */
    for (int i = 0; i < 3; i++)
        for (int e = 0; e < 4; e++) {
            int sg[3];
            sg[i] = 0;
            sg[(i + 1) % 3] = e & 1 ? 1 : -1;
            sg[(i + 2) % 3] = e & 2 ? 1 : -1;
            int64_t v0[3], w[3], q[3];
            corner(s, sg, v0);
            for (int c = 0; c < 3; c++)
                w[c] = s->pq[c] - v0[c];
            fc_i128 wb;
            if (!edge_projection_on(s, i, w, &wb))
                continue;
            /* q = v0 + tau b_i, tau = w.b / |b|^2 as Q32: |tau| <= h_i 2^16
             * because |w.b| <= h_i |b|^2 (the clamp never acts for b_i != 0;
             * it states the bound for the analysis, which cannot relate
             * w.b to |b|^2). */
            int64_t tau = fc3_sdiv(fc_i128_shl(wb, 16), (uint64_t)fc_vec3_dot(s->b[i], s->b[i]));
            tau = clamp_abs(tau, s->h[i] * 65536);
            for (int c = 0; c < 3; c++)
                q[c] = v0[c] + fc3_round_shr(tau * comp3(s->b[i], c), 16);
            if (visit(ctx, q, edge_line_near(s, i, w)))
                return 1;
        }
    /* Faces that p is strictly outside of. */
    for (int i = 0; i < 3; i++) {
        if (s->side[i] == 0)
            continue;
        fc_i128 a = face_a(s, i, s->side[i]);
        if (!face_contains_projection(s, i, a))
            continue;
        /* q = pq - lambda N_i, lambda = a / |N_i|^2 as Q32 (< 2^45 here:
         * the plane is within r). Each component of the step lambda N_i is
         * within r: |a| <= r |N_i| (not far) and |N_i|^2 > 2^63 for a valid
         * box, so |lambda N_i| / 2^32 <= r 2^16 + 2^-9 and rounds to at
         * most r 2^16. The clamp never acts; it states the bound for the
         * analysis (which cannot relate lambda to N_i). */
        int64_t lambda = fc3_sdiv(fc_i128_shl(a, 24), fc_i128_shr(s->n2[i], 8).lo);
        int64_t q[3];
        for (int c = 0; c < 3; c++) {
            fc_i128 m = fc_i128_add(fc_i128_mul_i64(lambda, compw(s->n[i], c)), fc_i128_from_i64((int64_t)1 << 31));
            q[c] = s->pq[c] - clamp_abs(fc_i128_low_i64(fc_i128_shr(m, 32)), s->rq);
        }
        if (visit(ctx, q, !face_far(s, i, a)))
            return 1;
    }
    return 0;
}

static int visit_hit(void *ctx, const int64_t q[3], int exact_hit)
{
    (void)ctx;
    (void)q;
    return exact_hit;
}

static int sobb_overlap(const sobb *s)
{
    if (inside(s))
        return 1;
    /* Quick exact reject: a face plane farther than r separates. */
    for (int i = 0; i < 3; i++)
        if (s->side[i] != 0 && face_far(s, i, face_a(s, i, s->side[i])))
            return 0;
    return each_feature(s, visit_hit, 0);
}

int fc_overlap_sphere_obb3(const fc_sphere *a, const fc_obb3 *b)
{
    int clear = fc3_sphere_obb_filter(a, b); /* decides all but near-touching pairs */
    if (clear >= 0)
        return clear;
    sobb s;
    sobb_init(a, b, &s);
    return sobb_overlap(&s);
}

/* ---- contact ------------------------------------------------------------ */

typedef struct nearest {
    const sobb *s;
    int found;
    int64_t q[3]; /* Q32 */
    fc_i128 d2;   /* |q - pq|^2, Q64 */
} nearest;

static int visit_nearest(void *ctx, const int64_t q[3], int exact_hit)
{
    nearest *n = (nearest *)ctx;
    int64_t d[3] = {q[0] - n->s->pq[0], q[1] - n->s->pq[1], q[2] - n->s->pq[2]};
    fc_i128 d2 = norm2(d);
    (void)exact_hit;
    if (!n->found || fc_i128_cmp(d2, n->d2) < 0) {
        n->found = 1;
        n->d2 = d2;
        for (int c = 0; c < 3; c++)
            n->q[c] = q[c];
    }
    return 0;
}

/* Centre inside: leave through the nearest face plane (distance
 * (lim - |pn16|) / |N|), in the order 0, 1, 2; the box moves the other way. */
static fc_contact3_result inside_contact(const fc_sphere *a, const sobb *s)
{
    int best = 0;
    uint64_t best_dist = 0;
    for (int i = 0; i < 3; i++) {
        fc_i128 gap = fc_i128_sub(s->lim[i], fc3_abs128(s->pn16[i]));
        fc_i128 n2 = s->n2[i];
        uint64_t len31 = fc_isqrt_u64(fc_i128_shr(n2, 2).lo);
        /* For a valid box |N_i|^2 > 2^63, so len31 > 2^30; and an inside
         * centre is within h_i det / |N_i| <= h_i |b_i| of face i (det =
         * b_i . N_i <= |b_i| |N_i|, |b_i| < 1 + 2^-12), so dist < 2 h_i.
         * Neither clamp acts; they state the bounds for the analysis,
         * which cannot relate gap, det and |N_i|. */
        if (len31 < ((uint64_t)1 << 30))
            len31 = (uint64_t)1 << 30;
        uint64_t dist = fc3_udiv(gap, len31 << 17);
        if (dist > (uint64_t)(2 * s->h[i]))
            dist = (uint64_t)(2 * s->h[i]);
        if (i == 0 || dist < best_dist) {
            best = i;
            best_dist = dist;
        }
    }
    fc_vec3 nf;
    fc3_unit(s->n[best].x, s->n[best].y, s->n[best].z, &nf);
    if (fc_i128_sign(s->pn16[best]) >= 0)
        nf = (fc_vec3){ -nf.x, -nf.y, -nf.z };
    fc_contact3_result c;
    c.normal = nf;
    c.depth = (fix16_t)(a->radius + (int64_t)best_dist);
    /* The centre moved onto that face: c - normal * dist. */
    int64_t d = (int64_t)best_dist;
    c.point = (fc_vec3){ (fix16_t)fc3_round_shr((int64_t)a->center.x * 65536 - nf.x * d, 16),
                         (fix16_t)fc3_round_shr((int64_t)a->center.y * 65536 - nf.y * d, 16),
                         (fix16_t)fc3_round_shr((int64_t)a->center.z * 65536 - nf.z * d, 16) };
    return c;
}

int fc_contact_sphere_obb3(const fc_sphere *a, const fc_obb3 *b, fc_contact3_result *out)
{
    sobb s;
    sobb_init(a, b, &s);
    if (!sobb_overlap(&s))
        return 0;
    if (inside(&s)) {
        *out = inside_contact(a, &s);
        return 1;
    }
    nearest n;
    n.s = &s;
    n.found = 0;
    each_feature(&s, visit_nearest, &n);
    int64_t e[3] = {n.q[0] - s.pq[0], n.q[1] - s.pq[1], n.q[2] - s.pq[2]};
    /* |e| is Q32: round(|e| / 2^16); >= 0 after rounding of q is clamped. */
    int64_t dist = (int64_t)((fc_isqrt_u128(fc_i128_shl(n.d2, 2)) + ((uint64_t)1 << 16)) >> 17);
    /* The closest point is accurate to ~2^-16 raw; within 2^-8 raw of the
     * surface it gives no reliable direction: use the outward normal of the
     * first face plane the centre is outside of, reversed (sphere to box). */
    if (fc_i128_cmp(n.d2, fc_i128_make(0, (uint64_t)1 << 16)) < 0) {
        int i = s.side[0] != 0 ? 0 : s.side[1] != 0 ? 1 : 2;
        int64_t sg = -s.side[i];
        fc3_unit(sg * s.n[i].x, sg * s.n[i].y, sg * s.n[i].z, &out->normal);
    } else {
        fc3_unit(e[0], e[1], e[2], &out->normal);
    }
    out->depth = (fix16_t)(dist < a->radius ? a->radius - dist : 0);
    out->point = (fc_vec3){ (fix16_t)fc3_round_shr(n.q[0] + (int64_t)b->center.x * 65536, 16),
                            (fix16_t)fc3_round_shr(n.q[1] + (int64_t)b->center.y * 65536, 16),
                            (fix16_t)fc3_round_shr(n.q[2] + (int64_t)b->center.z * 65536, 16) };
    return 1;
}
