/* SPDX-License-Identifier: MIT */
/* The integer enclosure in front of the exact cast floors (issue 29
 * deliverable 6: src/cast/cast_param_bound.c) against the exact path:
 *   - containment: lo / 2^60 <= t <= hi / 2^60 by exact comparison
 *     (fc_castt_cmp) whenever the end is not clamped;
 *   - every filtered comparison (fc_castt_cmp on cached enclosures) equal
 *     to the exact one (fc_castt_cmp_exact), against the ends of the
 *     enclosure, the multiples of 2^-16 around it and the previous value;
 *   - every filtered floor (fc_castt_floor_pow2, c2_floor_bits) equal to
 *     the unfiltered bit-by-bit search (fc_castt_floor_exact), bits 0..62;
 *   - the same on the parameters of real pair casts (fc_cast2_entry,
 *     fc_cast3_exact on random and adversarial shapes: touching at 1 raw,
 *     exact dyadic entry times), so the reported t and normals are the
 *     unfiltered ones bit for bit;
 * on random ratios and surds of every size the casts form (|p|, r to 2^180,
 * q to 2^360, where two surds still compare exactly)
 * and adversarial ones straddling the filter's thresholds: t exactly
 * k / 2^bits with large p, r (inexact mantissas), perfect-square q, t
 * within 2^-140 of k / 2^bits on either side, cancelling p - sqrt(q).
 * The filter must also decide most floors (else it filters nothing).
 *
 * Should-fail twin (tests/meson.build): built with cast_param_bound.c
 * compiled -DFC_CASTT_BOUND_TWIN (the upper end 2^9 units too low).
 *
 *   test_castt_bound [--cases N] [--seed S] */
#include <stdlib.h>
#include <string.h>

#include "cast/cast2d_internal.h"
#include "cast/cast3d_internal.h"
#include "testutil.h"
#include "world_fixture.h"

static long decided, floors, cmps;
static fc_castt prev;
static int prev_set;

static fc_big B(int64_t v)
{
    return fc_big_from_i128(fc_i128_from_i64(v));
}

/* a random nonnegative big of about `bits` bits (0 <= bits <= 700) */
static fc_big rbig(uint64_t *s, int bits)
{
    fc_big x = B(0);
    for (int b = 0; b < bits; b += 32) {
        int take = bits - b < 32 ? bits - b : 32;
        fc_big w = B((int64_t)1 << take), d = B((int64_t)(tu_rand64(s) & (((uint64_t)1 << take) - 1)));
        x = fc_big_mul(&x, &w);
        x = fc_big_add(&x, &d);
    }
    return x;
}

static fc_big pow2(int e)
{
    fc_big x = B(1), w = B((int64_t)1 << 30);
    for (; e >= 30; e -= 30)
        x = fc_big_mul(&x, &w);
    fc_big r = B((int64_t)1 << e);
    return fc_big_mul(&x, &r);
}

static int in01(const fc_castt *t)
{
    fc_castt z = fc_castt_int(0), o = fc_castt_int(1);
    return fc_castt_cmp(t, &z) >= 0 && fc_castt_cmp(t, &o) <= 0;
}

static void check_t(const fc_castt *t, const char *what)
{
    int64_t lo, hi;
    fc_castt_enclose(t, &lo, &hi);
    fc_big den = pow2(60);
    TU_CHECK(lo <= hi, "%s: enclosure [%lld, %lld] empty", what, (long long)lo, (long long)hi);
    if (lo > -((int64_t)1 << 62)) {
        fc_big n = B(lo);
        fc_castt L = fc_castt_ratio(&n, &den);
        TU_CHECK(fc_castt_cmp(&L, t) <= 0, "%s: lo %lld above t", what, (long long)lo);
    }
    if (hi < ((int64_t)1 << 62)) {
        fc_big n = B(hi);
        fc_castt H = fc_castt_ratio(&n, &den);
        TU_CHECK(fc_castt_cmp(t, &H) <= 0, "%s: hi %lld below t", what, (long long)hi);
    }
    /* the filtered comparison against the exact one, on neighbours of t:
     * the ends of its enclosure and the multiples of 2^-bits around it */
    fc_castt tc = *t;
    fc_castt_cache(&tc);
    for (int j = 0; j < 4; j++) {
        /* (multiples of 2^44 by multiplication: a left shift of a negative value is UB) */
        int64_t v = j == 0 ? lo : j == 1 ? hi : j == 2 ? (lo >> 44) * ((int64_t)1 << 44) : ((hi >> 44) + 1) * ((int64_t)1 << 44);
        fc_big n = B(v);
        fc_castt u = fc_castt_ratio(&n, &den);
        fc_castt_cache(&u);
        int want = fc_castt_cmp_exact(&tc, &u);
        TU_CHECK(fc_castt_cmp(&tc, &u) == want && fc_castt_cmp(&u, &tc) == -want, "%s: filtered cmp != exact %d",
                 what, want);
        cmps++;
    }
    if (prev_set) {
        fc_castt_cache(&prev);
        int want = fc_castt_cmp_exact(&tc, &prev);
        TU_CHECK(fc_castt_cmp(&tc, &prev) == want, "%s: filtered cmp with the previous != exact %d", what, want);
        cmps++;
    }
    prev = *t;
    prev_set = 1;
    if (!in01(t))
        return;
    static const int bits_list[] = {0, 1, 8, 16, 31, 44, 52, 57, 58, 59, 62};
    for (size_t i = 0; i < sizeof bits_list / sizeof bits_list[0]; i++) {
        int bits = bits_list[i];
        int64_t want = fc_castt_floor_exact(t, bits), k;
        if (fc_castt_floor_enclosed(t, bits, &k)) {
            decided++;
            TU_CHECK(k == want, "%s: enclosed floor %lld != %lld (bits %d)", what, (long long)k, (long long)want, bits);
        }
        floors++;
        int64_t a = fc_castt_floor_pow2(t, bits), c = c2_floor_bits(t, bits);
        TU_CHECK(a == want && c == want, "%s: floor %lld / %lld != exact %lld (bits %d)", what, (long long)a,
                 (long long)c, (long long)want, bits);
    }
}

/* random ratios and surds, t mostly in [0, 1] */
static void random_params(uint64_t *s)
{
    /* sizes where two surds still compare exactly inside fc_big (K^2 Y below
     * 2^1500 in fc_big_sign_surd3): |p|, r < 2^180, q < 2^360 */
    int pb = (int)(tu_rand64(s) % 180), qb = (int)(tu_rand64(s) % 360);
    fc_big p = rbig(s, pb), q = rbig(s, qb), r = rbig(s, (int)(tu_rand64(s) % 180));
    if (r.sign == 0)
        r = B(1);
    if (tu_rand64(s) % 4 == 0)
        fc_big_neg_in_place(&p);
    int sgn = (int)(tu_rand64(s) % 3) - 1;
    fc_castt t = fc_castt_surd(&p, sgn, &q, &r);
    check_t(&t, "random surd");
    /* scaled into [0, 1]: (p + s sqrt(q)) / r with r = |p| + sqrt-ish bound */
    fc_big pa = rbig(s, pb), qa = rbig(s, 2 * pb), extra = rbig(s, pb);
    fc_big ra = fc_big_add(&pa, &extra);
    fc_big qs = fc_big_mul(&pa, &pa);
    if (fc_big_cmp(&qa, &qs) > 0)
        qa = qs; /* sqrt(q) <= p: p - sqrt(q) in [0, p] */
    if (ra.sign == 0)
        ra = B(1);
    fc_castt u = fc_castt_surd(&pa, -1, &qa, &ra);
    check_t(&u, "cancelling surd");
    fc_castt v = fc_castt_ratio(&pa, &ra);
    check_t(&v, "ratio");
}

/* t exactly k / 2^bits, or within 2^-(bits + 140) of it, written with big
 * p, r (inexact mantissas) and as a surd with a perfect-square q */
static void boundary_params(uint64_t *s)
{
    int bits = (int)(tu_rand64(s) % 59);
    int64_t k = (int64_t)(tu_rand64(s) % (((uint64_t)1 << bits) + 1));
    fc_big M = rbig(s, 60 + (int)(tu_rand64(s) % 90));
    if (M.sign == 0)
        M = B(3);
    fc_big kk = B(k), num = fc_big_mul(&kk, &M), den0 = pow2(bits), den = fc_big_mul(&den0, &M);
    fc_castt t = fc_castt_ratio(&num, &den);
    check_t(&t, "exact k/2^bits");
    /* nudged by 1 / (2^bits M) * 2^-140 either way */
    fc_big f = pow2(140), n2 = fc_big_mul(&num, &f), d2 = fc_big_mul(&den, &f), one = B(1);
    fc_big up = fc_big_add(&n2, &one), dn = fc_big_sub(&n2, &one);
    fc_castt a = fc_castt_ratio(&up, &d2), b = fc_castt_ratio(&dn, &d2);
    check_t(&a, "just above k/2^bits");
    check_t(&b, "just below k/2^bits");
    /* (P - sqrt(m^2)) / r = k / 2^bits: P = num + m, q = m^2, r = den */
    fc_big m = rbig(s, (int)(tu_rand64(s) % 150)), m2 = fc_big_mul(&m, &m), P = fc_big_add(&num, &m);
    fc_castt c = fc_castt_surd(&P, -1, &m2, &den);
    check_t(&c, "perfect square on k/2^bits");
    /* q = m^2 +- 1: sqrt(q) just off m */
    fc_big q1 = fc_big_add(&m2, &one), q0 = fc_big_sub(&m2, &one);
    fc_castt c1 = fc_castt_surd(&P, -1, &q1, &den);
    check_t(&c1, "square + 1 near k/2^bits");
    if (m.sign > 0) {
        fc_castt c0 = fc_castt_surd(&P, -1, &q0, &den);
        check_t(&c0, "square - 1 near k/2^bits");
    }
}

/* parameters of real pair casts, 2D and 3D */
static void cast_params(uint64_t *s)
{
    fc_shape2 a = wf_shape2(s, 16), b = wf_shape2(s, 16);
    fc_vec2 d2 = fc_vec2_make(wf_rand(s, -24 * WF_U, 24 * WF_U), wf_rand(s, -24 * WF_U, 24 * WF_U));
    if (tu_rand64(s) % 4 == 0 && a.type == FC_SHAPE2_CIRCLE && b.type == FC_SHAPE2_CIRCLE) {
        /* head on along x, the gap an integer number of raw units: a dyadic t */
        b.u.circle.center.y = a.u.circle.center.y;
        b.u.circle.center.x = a.u.circle.center.x + a.u.circle.radius + b.u.circle.radius + wf_rand(s, 1, 4 * WF_U);
        int32_t gap = b.u.circle.center.x - a.u.circle.center.x - a.u.circle.radius - b.u.circle.radius;
        d2 = fc_vec2_make(gap << (tu_rand64(s) % 4), 0);
    }
    fc_castt t;
    c2_feature f;
    if (fc_cast2_entry(&a, d2, &b, &t, &f))
        check_t(&t, "2D cast");
    fc_shape3 a3 = wf_shape3(s, 16), b3 = wf_shape3(s, 16);
    fc_vec3 d3 = fc_vec3_make(wf_rand(s, -24 * WF_U, 24 * WF_U), wf_rand(s, -8 * WF_U, 8 * WF_U),
                              wf_rand(s, -24 * WF_U, 24 * WF_U));
    fc_cast3_feat g;
    if (fc_cast3_exact(&a3, d3, &b3, &t, &g))
        check_t(&t, "3D cast");
}

int main(int argc, char **argv)
{
    long cases = 4000;
    uint64_t seed = 0x29c0ffee;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--cases") == 0)
            cases = atol(argv[i + 1]);
        else if (strcmp(argv[i], "--seed") == 0)
            seed = strtoull(argv[i + 1], NULL, 0);
    }
    uint64_t s = seed;
    for (long i = 0; i < cases; i++) {
        random_params(&s);
        boundary_params(&s);
        for (int j = 0; j < 8; j++)
            cast_params(&s);
    }
    /* the filter must do its job: decide most floors */
    TU_CHECK(decided * 2 > floors, "the enclosure decided only %ld of %ld floors", decided, floors);
    printf("floors: %ld, decided by the enclosure: %ld; filtered comparisons: %ld\n", floors, decided, cmps);
    return tu_finish("test_castt_bound");
}
