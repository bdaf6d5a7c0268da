/* SPDX-License-Identifier: MIT */
/* The 3D capsule as a world body (issue 29), against brute force and
 * hand-derived answers (no casts or rays: those are src/cast/'s):
 *  - random 3D worlds mixing spheres, AABB3s, OBB3s and capsule3s (on the
 *    quarter-unit grid, so exact touching is common): every frame the pair
 *    list equals the all-pairs fc_overlap3 scan, the pair events equal the
 *    difference of consecutive brute-force lists, every contact equals
 *    fc_contact3 of the pair's shapes, overlap queries (capsule and other
 *    query shapes) and point queries equal a scan of every body, bounds
 *    equal the corner oracle, and a push-out of each capsule pair
 *    (fc_pushout3 applied with fc_world_translate3) separates it;
 *  - adversarial pairs with a capsule body: touching exactly (a pair) and
 *    1 raw apart (none) for each 3D shape, side and end cap, parallel and
 *    skew capsules, at the coordinate and size limits;
 *  - range errors (endpoint past FC_COORD_LIMIT, radius -1 or past
 *    FC_SIZE_LIMIT, a translate past the limit) leave the world unchanged;
 *  - snapshot, restore into a fresh world: the same bytes, checksum, pairs.
 * Usage: test_world_capsule3 [--frames N] [--break-touch | --break-pushout]
 * --break-touch: the oracles treat a capsule's radius as 1 raw smaller, so
 * touching pairs disagree; --break-pushout: only half of each push-out is
 * applied, so the pair still overlaps. Either must fail. */
#include "world_fixture.h"

#include <fixcol/desync.h>
#include <fixcol/pushout.h>

#include <stdio.h>

static int g_break_touch, g_break_pushout;

/* The oracle's view of a shape (--break-touch shrinks capsules by 1 raw). */
static fc_shape3 oracle_shape(fc_shape3 s)
{
    if (g_break_touch && s.type == FC_SHAPE3_CAPSULE && s.u.capsule.radius > 0)
        s.u.capsule.radius -= 1;
    return s;
}

static int oracle_overlap(const fc_shape3 *a, const fc_shape3 *b)
{
    fc_shape3 x = oracle_shape(*a), y = oracle_shape(*b);
    return fc_overlap3(&x, &y);
}

static fc_world *new_world(fc_qt_layout layout)
{
    fc_world_def d = fc_world_def_default();
    d.dim = FC_WORLD_3D;
    d.bounds_log2 = 7;
    d.max_depth = 6;
    d.layout = layout;
    fc_world *w = NULL;
    TU_CHECK(fc_world_create(&d, &w) == FC_OK, "world create");
    return w;
}

typedef struct scen {
    fc_world *w;
    fc_body_id ids[400];
    int32_t n;
    uint64_t rng;
    uint64_t prev[4096]; /* the previous frame's brute-force pairs */
    int32_t nprev;
} scen;

/* A body's id as 32 key bits: index (< 2^12) above generation (< 2^20). */
static uint64_t id_bits(fc_body_id id)
{
    return (uint64_t)id.index << 20 | (id.generation & 0xFFFFFu);
}

/* Brute-force pairs under the oracle's view, sorted; key = id_bits(a) <<
 * 32 | id_bits(b), a the smaller index (the world's pair order). */
static int32_t brute_pairs(const scen *s, uint64_t *keys, int32_t cap)
{
    fc_shape3 sh[400];
    fc_filter f[400];
    for (int32_t i = 0; i < s->n; i++) {
        fc_world_get_shape3(s->w, s->ids[i], &sh[i]);
        fc_world_get_filter(s->w, s->ids[i], &f[i]);
    }
    int32_t n = 0;
    for (int32_t i = 0; i < s->n; i++)
        for (int32_t j = i + 1; j < s->n; j++)
            if (wf_filters(f[i], f[j]) && oracle_overlap(&sh[i], &sh[j]) && n < cap) {
                uint64_t a = id_bits(s->ids[i]), b = id_bits(s->ids[j]);
                keys[n++] = a < b ? a << 32 | b : b << 32 | a;
            }
    qsort(keys, (size_t)n, sizeof keys[0], wf_cmp_u64);
    return n;
}

static uint64_t key_of(const fc_pair *p)
{
    return id_bits(p->a) << 32 | id_bits(p->b);
}

/* The keys of cur not in prev (both sorted), into out. */
static int32_t minus(const uint64_t *cur, int32_t nc, const uint64_t *prev, int32_t np, uint64_t *out)
{
    int32_t n = 0, j = 0;
    for (int32_t i = 0; i < nc; i++) {
        while (j < np && prev[j] < cur[i])
            j++;
        if (j >= np || prev[j] != cur[i])
            out[n++] = cur[i];
    }
    return n;
}

static int same_keys(const fc_pair *p, int32_t np, const uint64_t *k, int32_t nk)
{
    if (np != nk)
        return 0;
    for (int32_t i = 0; i < np; i++)
        if (key_of(&p[i]) != k[i])
            return 0;
    return 1;
}

static void mutate(scen *s)
{
    uint64_t op = tu_rand64(&s->rng) % 8;
    int32_t k = s->n > 0 ? (int32_t)(tu_rand64(&s->rng) % (uint64_t)s->n) : 0;
    if (s->n < 30 || (op == 0 && s->n < 400)) {
        fc_body_def bd = fc_body_def_default();
        bd.shape3 = wf_shape3_cap(&s->rng, 24);
        bd.filter.category = 1u << (tu_rand64(&s->rng) % 3);
        bd.filter.mask = tu_rand64(&s->rng) % 5 == 0 ? 0x5u : 0xFFFFFFFFu;
        TU_CHECK(fc_world_create_body(s->w, &bd, &s->ids[s->n]) == FC_OK, "create");
        s->n++;
    } else if (op == 1) {
        TU_CHECK(fc_world_destroy_body(s->w, s->ids[k]) == FC_OK, "destroy");
        s->ids[k] = s->ids[--s->n];
    } else if (op == 2) {
        fc_shape3 sh = wf_shape3_cap(&s->rng, 24);
        TU_CHECK(fc_world_set_shape3(s->w, s->ids[k], &sh) == FC_OK, "set shape");
    } else {
        /* quarter-unit steps keep grid shapes on the grid */
        fix16_t dx = (wf_rand(&s->rng, -4, 4)) * (WF_U / 4), dz = (wf_rand(&s->rng, -4, 4)) * (WF_U / 4);
        TU_CHECK(fc_world_translate3(s->w, s->ids[k], fc_vec3_make(dx, 0, dz)) == FC_OK, "translate");
    }
}

/* One frame's checks. */
static void check_frame(scen *s, long *npairs, long *ncap)
{
    static uint64_t want[4096], tmp[4096];
    const fc_pair *p;
    const fc_contact3_result *c;
    int32_t np;
    TU_CHECK(fc_world_validate(s->w) == FC_OK, "validate");
    TU_CHECK(fc_world_find_contacts3(s->w, &p, &c, &np) == FC_OK, "find contacts");
    int32_t nw = brute_pairs(s, want, 4096);
    TU_CHECK(same_keys(p, np, want, nw), "pairs differ from brute force (%d vs %d)", np, nw);
    *npairs += np;
    /* contacts: fc_contact3 of each pair's shapes */
    long bad = 0;
    for (int32_t i = 0; i < np; i++) {
        fc_shape3 a, b;
        fc_contact3_result r;
        fc_world_get_shape3(s->w, p[i].a, &a);
        fc_world_get_shape3(s->w, p[i].b, &b);
        *ncap += a.type == FC_SHAPE3_CAPSULE || b.type == FC_SHAPE3_CAPSULE;
        bad += !fc_contact3(&a, &b, &r) || memcmp(&r, &c[i], sizeof r) != 0;
    }
    TU_CHECK(bad == 0, "%ld world contacts differ from fc_contact3", bad);
    /* events: began = cur - prev, ended = prev - cur */
    const fc_pair *began, *ended;
    int32_t nb, ne;
    TU_CHECK(fc_world_pair_events(s->w, &began, &nb, &ended, &ne) == FC_OK, "pair events");
    int32_t n1 = minus(want, nw, s->prev, s->nprev, tmp);
    TU_CHECK(same_keys(began, nb, tmp, n1), "began events (%d vs %d)", nb, n1);
    int32_t n2 = minus(s->prev, s->nprev, want, nw, tmp);
    TU_CHECK(same_keys(ended, ne, tmp, n2), "ended events (%d vs %d)", ne, n2);
    memcpy(s->prev, want, sizeof want[0] * (size_t)nw);
    s->nprev = nw;
    /* bounds: the corner oracle */
    for (int32_t i = 0; i < s->n; i++) {
        int32_t lo[3], hi[3];
        int64_t olo[3], ohi[3];
        fc_shape3 sh;
        fc_world_get_bounds(s->w, s->ids[i], lo, hi);
        fc_world_get_shape3(s->w, s->ids[i], &sh);
        wf_bounds3(&sh, olo, ohi);
        for (int k = 0; k < 3; k++)
            bad += lo[k] != olo[k] || hi[k] != ohi[k];
    }
    TU_CHECK(bad == 0, "%ld bounds differ from the corner oracle", bad);
    /* overlap and point queries against a scan of every body */
    for (int q = 0; q < 6; q++) {
        fc_shape3 qs = wf_shape3_cap(&s->rng, 24);
        if (q < 2) { /* a capsule query on the grid */
            memset(&qs, 0, sizeof qs);
            qs.type = FC_SHAPE3_CAPSULE;
            qs.u.capsule.a = fc_vec3_make(wf_rand(&s->rng, 0, 96) * (WF_U / 4), wf_rand(&s->rng, 0, 32) * (WF_U / 4),
                                          wf_rand(&s->rng, 0, 96) * (WF_U / 4));
            qs.u.capsule.b = fc_vec3_make(qs.u.capsule.a.x + wf_rand(&s->rng, -8, 8) * (WF_U / 4), qs.u.capsule.a.y,
                                          qs.u.capsule.a.z + wf_rand(&s->rng, -8, 8) * (WF_U / 4));
            qs.u.capsule.radius = wf_rand(&s->rng, 0, 8) * (WF_U / 4);
        }
        fc_filter f = {1u << (q % 3), q == 5 ? 0x1u : 0xFFFFFFFFu};
        const fc_body_id *ids;
        int32_t ni, nexp = 0;
        TU_CHECK(fc_world_overlap3(s->w, &qs, f, &ids, &ni) == FC_OK, "overlap query");
        static uint64_t exp[400], got[400];
        for (int32_t i = 0; i < s->n; i++) {
            fc_shape3 sh;
            fc_filter bf;
            fc_world_get_shape3(s->w, s->ids[i], &sh);
            fc_world_get_filter(s->w, s->ids[i], &bf);
            if (wf_filters(bf, f) && oracle_overlap(&qs, &sh))
                exp[nexp++] = s->ids[i].index;
        }
        qsort(exp, (size_t)nexp, sizeof exp[0], wf_cmp_u64);
        for (int32_t i = 0; i < ni; i++)
            got[i] = ids[i].index;
        TU_CHECK(ni == nexp && memcmp(got, exp, sizeof exp[0] * (size_t)ni) == 0, "overlap query %d: %d vs %d", q, ni,
                 nexp);
        /* point query: the point as a capsule of length 0 and radius 0 */
        fc_shape3 pt;
        memset(&pt, 0, sizeof pt);
        pt.type = FC_SHAPE3_CAPSULE;
        pt.u.capsule.a = pt.u.capsule.b = fc_vec3_make(wf_rand(&s->rng, 0, 96) * (WF_U / 4),
                                                       wf_rand(&s->rng, 0, 32) * (WF_U / 4),
                                                       wf_rand(&s->rng, 0, 96) * (WF_U / 4));
        TU_CHECK(fc_world_point3(s->w, pt.u.capsule.a, f, &ids, &ni) == FC_OK, "point query");
        nexp = 0;
        for (int32_t i = 0; i < s->n; i++) {
            fc_shape3 sh;
            fc_filter bf;
            fc_world_get_shape3(s->w, s->ids[i], &sh);
            fc_world_get_filter(s->w, s->ids[i], &bf);
            if (wf_filters(bf, f) && oracle_overlap(&pt, &sh))
                exp[nexp++] = s->ids[i].index;
        }
        qsort(exp, (size_t)nexp, sizeof exp[0], wf_cmp_u64);
        for (int32_t i = 0; i < ni; i++)
            got[i] = ids[i].index;
        TU_CHECK(ni == nexp && memcmp(got, exp, sizeof exp[0] * (size_t)ni) == 0, "point query %d: %d vs %d", q, ni,
                 nexp);
    }
}

/* Push every pair with a capsule apart: fc_pushout3 of body b from body a,
 * applied to b with fc_world_translate3; afterwards they do not overlap. */
static void pushouts(scen *s, long *done)
{
    const fc_pair *p;
    int32_t np;
    TU_CHECK(fc_world_find_pairs(s->w, &p, &np) == FC_OK, "pairs");
    if (np == 0)
        return;
    fc_pair q = p[(int32_t)(tu_rand64(&s->rng) % (uint64_t)np)];
    fc_shape3 a, b;
    fc_world_get_shape3(s->w, q.a, &a);
    fc_world_get_shape3(s->w, q.b, &b);
    if (a.type != FC_SHAPE3_CAPSULE && b.type != FC_SHAPE3_CAPSULE)
        return;
    fc_vec3 d;
    if (fc_pushout3(&a, &b, &d) != FC_OK)
        return; /* near the range edge: nothing to apply */
    if (g_break_pushout) { /* only half of it */
        d.x /= 2;
        d.y /= 2;
        d.z /= 2;
    }
    TU_CHECK(fc_world_translate3(s->w, q.b, d) == FC_OK, "apply push-out");
    fc_world_get_shape3(s->w, q.b, &b);
    TU_CHECK(!fc_overlap3(&a, &b), "push-out leaves the pair overlapping");
    (*done)++;
}

static void random_worlds(int frames)
{
    long npairs = 0, ncap = 0, pushed = 0;
    for (int layout = 0; layout < 2; layout++) {
        static scen s;
        memset(&s, 0, sizeof s);
        s.w = new_world(layout ? FC_QT_STRICT : FC_QT_LOOSE);
        s.rng = 0xCA75 + (uint64_t)layout;
        for (int f = 0; f < frames; f++) {
            for (int m = 0; m < 12; m++)
                mutate(&s);
            check_frame(&s, &npairs, &ncap);
            for (int k = 0; k < 4; k++)
                pushouts(&s, &pushed);
            /* the events baseline: the list after the push-outs */
            const fc_pair *p;
            int32_t np;
            TU_CHECK(fc_world_find_pairs(s.w, &p, &np) == FC_OK, "pairs after the push-outs");
            s.nprev = brute_pairs(&s, s.prev, 4096);
            TU_CHECK(same_keys(p, np, s.prev, s.nprev), "pairs after the push-outs differ from brute force");
        }
        fc_world_destroy(s.w);
    }
    TU_CHECK(ncap > frames && pushed > frames / 2, "too few capsule pairs (%ld) or push-outs (%ld)", ncap, pushed);
    printf("random worlds: %d frames x 2 layouts, %ld pairs (%ld with a capsule), %ld push-outs\n", frames, npairs, ncap,
           pushed);
}

/* ---- adversarial pairs: touching exactly -> a pair, 1 raw apart -> none */

static fc_shape3 capsule(fc_vec3 a, fc_vec3 b, fix16_t r)
{
    fc_shape3 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE3_CAPSULE;
    TU_CHECK(fc_capsule3_make(a, b, r, &s.u.capsule) == FC_OK, "capsule3 make");
    return s;
}

static fc_shape3 sphere(fc_vec3 c, fix16_t r)
{
    fc_shape3 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE3_SPHERE;
    TU_CHECK(fc_sphere_make(c, r, &s.u.sphere) == FC_OK, "sphere make");
    return s;
}

static fc_shape3 box(fc_vec3 lo, fc_vec3 hi)
{
    fc_shape3 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE3_AABB;
    TU_CHECK(fc_aabb3_make(lo, hi, &s.u.aabb) == FC_OK, "aabb3 make");
    return s;
}

static fc_shape3 obb(fc_vec3 c, fc_vec3 h, fc_angle yaw)
{
    fc_shape3 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE3_OBB;
    TU_CHECK(fc_obb3_from_euler(c, h, yaw, 0, 0, &s.u.obb) == FC_OK, "obb3 make");
    return s;
}

/* A two-body world of x and y; want: the hand-derived answer. The pair
 * list, the overlap queries both ways and the brute-force oracle must all
 * give it. */
static void pair_case(const char *what, const fc_shape3 *x, const fc_shape3 *y, int want)
{
    fc_world *w = new_world(FC_QT_LOOSE);
    fc_body_def bd = fc_body_def_default();
    fc_body_id ix, iy;
    bd.shape3 = *x;
    TU_CHECK(fc_world_create_body(w, &bd, &ix) == FC_OK, "%s: create x", what);
    bd.shape3 = *y;
    TU_CHECK(fc_world_create_body(w, &bd, &iy) == FC_OK, "%s: create y", what);
    const fc_pair *p;
    const fc_body_id *ids;
    int32_t np, ni;
    TU_CHECK(fc_world_find_pairs(w, &p, &np) == FC_OK, "%s: pairs", what);
    TU_CHECK(oracle_overlap(x, y) == want, "%s: oracle says %d, want %d", what, !want, want);
    TU_CHECK(np == want, "%s: world pairs %d, want %d", what, np, want);
    TU_CHECK(fc_world_overlap3(w, x, fc_filter_default(), &ids, &ni) == FC_OK && ni == 1 + want,
             "%s: overlap query with x finds %d bodies, want %d", what, ni, 1 + want);
    TU_CHECK(fc_world_overlap3(w, y, fc_filter_default(), &ids, &ni) == FC_OK && ni == 1 + want,
             "%s: overlap query with y finds %d bodies, want %d", what, ni, 1 + want);
    fc_world_destroy(w);
}

/* x fixed; y and y moved 1 raw further (along +axis). */
static void touch_case(const char *what, const fc_shape3 *x, fc_shape3 y, int axis)
{
    char name[96];
    snprintf(name, sizeof name, "%s, touching", what);
    pair_case(name, x, &y, 1);
    fc_vec3 d = fc_vec3_make(axis == 0, axis == 1, axis == 2);
    switch (y.type) {
    case FC_SHAPE3_SPHERE: y.u.sphere.center = fc_vec3_add(y.u.sphere.center, d); break;
    case FC_SHAPE3_AABB:
        y.u.aabb.min = fc_vec3_add(y.u.aabb.min, d);
        y.u.aabb.max = fc_vec3_add(y.u.aabb.max, d);
        break;
    case FC_SHAPE3_OBB: y.u.obb.center = fc_vec3_add(y.u.obb.center, d); break;
    case FC_SHAPE3_CAPSULE:
        y.u.capsule.a = fc_vec3_add(y.u.capsule.a, d);
        y.u.capsule.b = fc_vec3_add(y.u.capsule.b, d);
        break;
    }
    snprintf(name, sizeof name, "%s, 1 raw apart", what);
    pair_case(name, x, &y, 0);
}

static void adversarial(void)
{
    const fix16_t U = WF_U, L = FC_COORD_LIMIT, S = FC_SIZE_LIMIT;
    /* the capsule: segment (0,0,0)-(10,0,0), radius 1 */
    const fc_shape3 c = capsule(fc_vec3_make(0, 0, 0), fc_vec3_make(10 * U, 0, 0), U);
    touch_case("sphere on the side", &c, sphere(fc_vec3_make(5 * U, 3 * U, 0), 2 * U), 1);
    touch_case("sphere on the end cap", &c, sphere(fc_vec3_make(13 * U, 0, 0), 2 * U), 0);
    touch_case("aabb3 on top", &c, box(fc_vec3_make(2 * U, U, -U), fc_vec3_make(4 * U, 3 * U, U)), 1);
    touch_case("aabb3 at the end cap", &c, box(fc_vec3_make(11 * U, -U, -U), fc_vec3_make(12 * U, U, U)), 0);
    touch_case("obb3 (yaw 30 deg) on top", &c, obb(fc_vec3_make(5 * U, 3 * U, 0), fc_vec3_make(U, 2 * U, U), 5461),
               1);
    touch_case("parallel capsule", &c, capsule(fc_vec3_make(-3 * U, 2 * U, 0), fc_vec3_make(4 * U, 2 * U, 0), U), 1);
    touch_case("skew capsule", &c, capsule(fc_vec3_make(5 * U, -5 * U, 3 * U), fc_vec3_make(5 * U, 5 * U, 3 * U), 2 * U),
               2);
    touch_case("capsule end to end", &c, capsule(fc_vec3_make(12 * U, 0, 0), fc_vec3_make(20 * U, 0, 0), U), 0);
    touch_case("radius-0 capsule on the side", &c, capsule(fc_vec3_make(0, U, -U), fc_vec3_make(0, U, U), 0), 1);
    /* at the limits: two capsules of radius FC_SIZE_LIMIT across the whole
     * coordinate range, 2 * FC_SIZE_LIMIT apart */
    const fc_shape3 big = capsule(fc_vec3_make(-L, -L, -L), fc_vec3_make(L, -L, L), S);
    touch_case("limit capsules", &big, capsule(fc_vec3_make(-L, -L + 2 * S, -L), fc_vec3_make(L, -L + 2 * S, L), S), 1);
    touch_case("limit sphere on a limit capsule", &big, sphere(fc_vec3_make(L, -L + 2 * S, L), S), 1);
    printf("adversarial pairs: touching and 1 raw apart for every 3D shape, at the limits\n");
}

/* ---- range errors change nothing */
static void range_errors(void)
{
    const fix16_t L = FC_COORD_LIMIT, S = FC_SIZE_LIMIT;
    fc_world *w = new_world(FC_QT_LOOSE);
    fc_body_def bd = fc_body_def_default();
    bd.shape3 = capsule(fc_vec3_make(-L, 0, 0), fc_vec3_make(0, L, -L), S);
    fc_body_id id;
    TU_CHECK(fc_world_create_body(w, &bd, &id) == FC_OK, "limit capsule body");
    const uint64_t sum = fc_world_checksum(w);
    fc_shape3 s = bd.shape3;
    s.u.capsule.b.y = L + 1;
    TU_CHECK(fc_world_set_shape3(w, id, &s) == FC_ERR_RANGE, "endpoint past the limit");
    fc_body_def bad = bd;
    bad.shape3 = s;
    fc_body_id none;
    TU_CHECK(fc_world_create_body(w, &bad, &none) == FC_ERR_RANGE && fc_world_body_count(w) == 1,
             "create with an endpoint past the limit");
    s = bd.shape3;
    s.u.capsule.radius = -1;
    TU_CHECK(fc_world_set_shape3(w, id, &s) == FC_ERR_SIZE, "radius -1");
    s.u.capsule.radius = S + 1;
    TU_CHECK(fc_world_set_shape3(w, id, &s) == FC_ERR_SIZE, "radius past the limit");
    TU_CHECK(fc_world_translate3(w, id, fc_vec3_make(0, 1, 0)) == FC_ERR_RANGE, "translate past the limit");
    TU_CHECK(fc_world_translate3(w, id, fc_vec3_make(-1, 0, 0)) == FC_ERR_RANGE, "translate past -limit");
    TU_CHECK(fc_world_checksum(w) == sum && fc_world_validate(w) == FC_OK, "world unchanged");
    fc_shape3 back;
    TU_CHECK(fc_world_get_shape3(w, id, &back) == FC_OK && memcmp(&back, &bd.shape3, sizeof back) == 0,
             "the capsule reads back exactly");
    TU_CHECK(fc_world_translate3(w, id, fc_vec3_make(1, -1, 1)) == FC_OK, "translate inside the range");
    TU_CHECK(fc_world_get_shape3(w, id, &back) == FC_OK && back.u.capsule.a.x == -L + 1 && back.u.capsule.b.x == 1 && back.u.capsule.b.y == L - 1 &&
                 back.u.capsule.b.z == -L + 1 && back.u.capsule.radius == S,
             "translated capsule");
    fc_world_destroy(w);
}

/* ---- snapshot round trip */
static unsigned char *snap(const fc_world *w, size_t *n)
{
    TU_CHECK(fc_world_snapshot(w, NULL, 0, n) == FC_OK, "snapshot size");
    unsigned char *p = (unsigned char *)malloc(*n);
    TU_CHECK(p && fc_world_snapshot(w, p, *n, n) == FC_OK, "snapshot");
    return p;
}

static void snapshot_round_trip(void)
{
    static scen s;
    memset(&s, 0, sizeof s);
    s.w = new_world(FC_QT_LOOSE);
    s.rng = 77;
    for (int m = 0; m < 400; m++)
        mutate(&s);
    size_t n1, n2;
    unsigned char *b1 = snap(s.w, &n1);
    fc_world_def d = fc_world_def_default();
    fc_world *c = NULL;
    TU_CHECK(fc_world_create(&d, &c) == FC_OK && fc_world_restore(c, b1, n1) == FC_OK, "restore");
    unsigned char *b2 = snap(c, &n2);
    TU_CHECK(n1 == n2 && memcmp(b1, b2, n1) == 0, "restored world snapshots to the same bytes");
    TU_CHECK(fc_world_checksum(c) == fc_world_checksum(s.w), "restored checksum");
    const fc_pair *p, *q;
    int32_t np, nq;
    fc_world_find_pairs(s.w, &p, &np);
    fc_world_find_pairs(c, &q, &nq);
    TU_CHECK(np == nq && memcmp(p, q, sizeof *p * (size_t)np) == 0, "restored pairs");
    int caps = 0;
    for (int32_t i = 0; i < s.n; i++) {
        fc_shape3 x, y;
        fc_world_get_shape3(s.w, s.ids[i], &x);
        TU_CHECK(fc_world_get_shape3(c, s.ids[i], &y) == FC_OK && memcmp(&x, &y, sizeof x) == 0, "body %d", i);
        caps += x.type == FC_SHAPE3_CAPSULE;
    }
    TU_CHECK(caps >= 5, "%d capsules in the snapshot", caps);
    free(b1);
    free(b2);
    fc_world_destroy(c);
    fc_world_destroy(s.w);
}

/* ---- the bindings' scene: the values every binding's capsule test checks
 * (bindings/lua/tests/capsule3.lua, bindings/csharp/tests/Capsule3Test.cs,
 * bindings/js/tests/capsule3.test.mjs): a 3D world with the default
 * settings; body 0 capsule (0,0,0)-(10,0,0) r 1, body 1 sphere (5,3,0) r 2
 * (touching body 0's side), body 2 capsule (20,0,0)-(20,5,0) r 0.5 with
 * user data 7, translated by (1, 0, -1), then reshaped to the capsule
 * (12,0,0)-(12,4,0) r 1 (touching body 0's end cap). Pairs (0,1), (0,2). */
#define SCENE_CHECKSUM 0x13ac6bd48bfa01eaull
static const char scene_snapshot[] =
    "46435357020000007000000003000000010000000000000000000000000000000a000000050000000300000003000000000000000000"
    "00000104000000808050000080800801018080288080180080801001140780806000000080802000808008000000000000006387cb46"
    "46caf556";
static const char scene_dump[] =
    "body 0 1 cat 0x00000001 mask 0xffffffff user 0 capsule a 0 0 0 b 10 0 0 radius 1\n"
    "body 1 1 cat 0x00000001 mask 0xffffffff user 0 sphere center 5 3 0 radius 2\n"
    "body 2 1 cat 0x00000001 mask 0xffffffff user 7 capsule a 12 0 0 b 12 4 0 radius 1\n";

static void binding_scene(void)
{
    const fix16_t U = WF_U;
    fc_world_def d = fc_world_def_default();
    d.dim = FC_WORLD_3D;
    fc_world *w = NULL;
    TU_CHECK(fc_world_create(&d, &w) == FC_OK, "scene world");
    fc_body_def bd = fc_body_def_default();
    fc_body_id id[3];
    bd.shape3 = capsule(fc_vec3_make(0, 0, 0), fc_vec3_make(10 * U, 0, 0), U);
    TU_CHECK(fc_world_create_body(w, &bd, &id[0]) == FC_OK, "scene body 0");
    bd.shape3 = sphere(fc_vec3_make(5 * U, 3 * U, 0), 2 * U);
    TU_CHECK(fc_world_create_body(w, &bd, &id[1]) == FC_OK, "scene body 1");
    bd.shape3 = capsule(fc_vec3_make(20 * U, 0, 0), fc_vec3_make(20 * U, 5 * U, 0), U / 2);
    bd.user_data = 7;
    TU_CHECK(fc_world_create_body(w, &bd, &id[2]) == FC_OK, "scene body 2");
    TU_CHECK(fc_world_translate3(w, id[2], fc_vec3_make(U, 0, -U)) == FC_OK, "scene translate");
    fc_shape3 s;
    TU_CHECK(fc_world_get_shape3(w, id[2], &s) == FC_OK && s.u.capsule.a.x == 21 * U && s.u.capsule.b.z == -U,
             "scene translated capsule");
    s = capsule(fc_vec3_make(12 * U, 0, 0), fc_vec3_make(12 * U, 4 * U, 0), U);
    TU_CHECK(fc_world_set_shape3(w, id[2], &s) == FC_OK, "scene reshape");
    const fc_pair *p;
    int32_t np;
    TU_CHECK(fc_world_find_pairs(w, &p, &np) == FC_OK && np == 2 && p[0].a.index == 0 && p[0].b.index == 1 &&
                 p[1].a.index == 0 && p[1].b.index == 2,
             "scene pairs");
    size_t n;
    unsigned char *blob = snap(w, &n);
    char hex[1024];
    for (size_t i = 0; i < n && 2 * i + 2 < sizeof hex; i++)
        snprintf(hex + 2 * i, 3, "%02x", blob[i]);
    printf("scene checksum 0x%016llx\nscene snapshot %s\n", (unsigned long long)fc_world_checksum(w), hex);
    TU_CHECK(fc_world_checksum(w) == SCENE_CHECKSUM, "scene checksum");
    TU_CHECK(strcmp(hex, scene_snapshot) == 0, "scene snapshot bytes");
    char dump[2048];
    size_t dn = 0;
    TU_CHECK(fc_world_dump(w, dump, sizeof dump - 1, &dn) == FC_OK, "scene dump");
    dump[dn < sizeof dump ? dn : 0] = '\0';
    TU_CHECK(strstr(dump, scene_dump) != NULL, "scene dump lines:\n%s", dump);
    free(blob);
    fc_world_destroy(w);
}

int main(int argc, char **argv)
{
    int frames = 60;
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--break-touch") == 0)
            g_break_touch = 1;
        else if (strcmp(argv[a], "--break-pushout") == 0)
            g_break_pushout = 1;
        else if (strcmp(argv[a], "--frames") == 0 && a + 1 < argc)
            frames = atoi(argv[++a]);
    }
    binding_scene();
    adversarial();
    range_errors();
    snapshot_round_trip();
    random_worlds(frames);
    return tu_finish("world capsule3");
}
