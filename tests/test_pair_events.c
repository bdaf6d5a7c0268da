/* SPDX-License-Identifier: MIT */
/* Contact events and world contacts (issue 17, parts 2 and 3).
 *   - fc_pair_events vs a brute-force diff (every pair looked up in the
 *     other list by full id; a different algorithm from the merge) on
 *     random canonical lists with few indices and several generations, and
 *     its argument errors (nothing written);
 *   - 2D and 3D worlds over random frames (moves, destroys, creates, a
 *     slot destroyed and refilled in the same frame): the world's events
 *     equal the brute-force diff of the copied pair lists and fc_pair_events,
 *     a body destroyed ends its pairs with its stale id, and every contact
 *     of fc_world_find_contacts2/3 equals fc_contact2/3 on the two shapes;
 *   - history independence: the same contents reached by two histories
 *     (other creation order via LIFO slot reuse, moves, destroy/recreate,
 *     temporary bodies) give the same pairs, contacts and events;
 *   - rollback: restore a snapshot (into the same world and into a fresh
 *     one), re-simulate the same frames: identical event lists; no events
 *     pending right after a restore.
 * --break: the brute-force diff compares ids by index only (must fail).
 * --break-contacts: the reference contact is taken as (b, a) (must fail). */
#include "world_fixture.h"

#include <stdio.h>

static int g_break, g_break_contacts;

/* ---- the oracle: every pair looked up in the other list */
static int oracle_id_same(fc_body_id x, fc_body_id y)
{
    return x.index == y.index && (g_break || (x.generation == y.generation && x.world == y.world));
}

static int oracle_in(const fc_pair *p, const fc_pair *list, int32_t n)
{
    for (int32_t i = 0; i < n; i++)
        if (oracle_id_same(p->a, list[i].a) && oracle_id_same(p->b, list[i].b))
            return 1;
    return 0;
}

/* out[] = the pairs of x not in y, in x's order; returns the count. */
static int32_t oracle_minus(const fc_pair *x, int32_t nx, const fc_pair *y, int32_t ny, fc_pair *out)
{
    int32_t k = 0;
    for (int32_t i = 0; i < nx; i++)
        if (!oracle_in(&x[i], y, ny))
            out[k++] = x[i];
    return k;
}

static int same_pairs(const fc_pair *x, const fc_pair *y, int32_t n)
{
    for (int32_t i = 0; i < n; i++)
        if (!fc_body_id_equal(x[i].a, y[i].a) || !fc_body_id_equal(x[i].b, y[i].b))
            return 0;
    return 1;
}

/* ---- stateless diff */
static int32_t random_list(uint64_t *s, fc_pair *out)
{
    int32_t n = 0;
    for (uint32_t a = 0; a < 7; a++)
        for (uint32_t b = a + 1; b < 8; b++)
            if (tu_rand64(s) % 3 == 0) {
                fc_body_id ia = {a, 1 + (uint32_t)(tu_rand64(s) % 2), 1}, ib = {b, 1 + (uint32_t)(tu_rand64(s) % 2), 1};
                out[n].a = ia;
                out[n].b = ib;
                n++;
            }
    return n;
}

static void check_stateless(void)
{
    uint64_t s = 17;
    fc_pair prev[28], cur[28], b[28], e[28], ob[28], oe[28];
    for (int round = 0; round < 20000; round++) {
        int32_t np = random_list(&s, prev), nc = random_list(&s, cur), nb, ne;
        TU_CHECK(fc_pair_events(prev, np, cur, nc, b, nc, &nb, e, np, &ne) == FC_OK, "diff");
        int32_t onb = oracle_minus(cur, nc, prev, np, ob), one = oracle_minus(prev, np, cur, nc, oe);
        TU_CHECK(nb == onb && ne == one && same_pairs(b, ob, nb) && same_pairs(e, oe, ne),
                 "round %d: diff differs from the brute force (began %d/%d, ended %d/%d)", round, nb, onb, ne,
                 one);
        if (nb > 0) { /* too small: the counts needed, nothing written */
            fc_pair keep = b[0];
            b[0].a.index = 99;
            int32_t xb = -1, xe = -1;
            TU_CHECK(fc_pair_events(prev, np, cur, nc, b, nb - 1, &xb, e, np, &xe) == FC_ERR_BUFFER &&
                         xb == nb && xe == ne && b[0].a.index == 99,
                     "short buffer");
            b[0] = keep;
        }
    }
    /* argument errors write nothing */
    fc_pair bad[2];
    bad[0] = prev[0];
    bad[1] = prev[0]; /* repeated: not strictly increasing */
    int32_t nb = -7, ne = -7;
    TU_CHECK(fc_pair_events(bad, 2, cur, 0, b, 2, &nb, e, 2, &ne) == FC_ERR_ARGUMENT && nb == -7, "repeat");
    bad[1].a = prev[0].b;
    bad[1].b = prev[0].a; /* a.index > b.index */
    TU_CHECK(fc_pair_events(bad + 1, 1, cur, 0, b, 2, &nb, e, 2, &ne) == FC_ERR_ARGUMENT && nb == -7, "order");
    TU_CHECK(fc_pair_events(prev, -1, cur, 0, b, 2, &nb, e, 2, &ne) == FC_ERR_ARGUMENT, "negative count");
    TU_CHECK(fc_pair_events(prev, 0, cur, 0, b, -1, &nb, e, 2, &ne) == FC_ERR_ARGUMENT, "negative cap");
    TU_CHECK(fc_pair_events(NULL, 1, cur, 0, b, 2, &nb, e, 2, &ne) == FC_ERR_NULL, "NULL prev");
    TU_CHECK(fc_pair_events(prev, 0, NULL, 1, b, 2, &nb, e, 2, &ne) == FC_ERR_NULL, "NULL cur");
    TU_CHECK(fc_pair_events(prev, 0, cur, 0, NULL, 2, &nb, e, 2, &ne) == FC_ERR_NULL, "NULL began");
    TU_CHECK(fc_pair_events(prev, 0, cur, 0, b, 2, NULL, e, 2, &ne) == FC_ERR_NULL, "NULL nbegan");
    TU_CHECK(fc_pair_events(prev, 0, cur, 0, b, 2, &nb, e, 2, NULL) == FC_ERR_NULL, "NULL nended");
    TU_CHECK(nb == -7 && ne == -7, "errors wrote counts");
    TU_CHECK(fc_pair_events(NULL, 0, NULL, 0, NULL, 0, &nb, NULL, 0, &ne) == FC_OK && nb == 0 && ne == 0, "empty");
}

/* ---- a world over frames */
enum { MAXB = 160, MAXP = MAXB * MAXB / 2 };

typedef struct sim {
    fc_world *w;
    fc_body_id ids[MAXB];
    int n;
    fc_pair prev[MAXP], cur[MAXP];
    int32_t nprev, ncur;
    long stale_ends, refills;
} sim;

static void body_def(uint64_t *s, int dim3, fc_body_def *bd)
{
    *bd = fc_body_def_default();
    if (dim3)
        bd->shape3 = wf_shape3_cap(s, 40);
    else
        bd->shape2 = wf_shape2(s, 40);
}

/* The frame's mutations, all from s (the same s on the same contents gives
 * the same frame). */
static void mutate(sim *m, uint64_t *s)
{
    int dim3 = fc_world_get_dim(m->w) == FC_WORLD_3D;
    for (int i = 0; i < m->n; i++) {
        if (tu_rand64(s) % 3 != 0)
            continue;
        int32_t d = 2 * WF_U;
        if (dim3)
            fc_world_translate3(m->w, m->ids[i], fc_vec3_make(wf_rand(s, -d, d), wf_rand(s, -d, d), wf_rand(s, -d, d)));
        else
            fc_world_translate2(m->w, m->ids[i], fc_vec2_make(wf_rand(s, -d, d), wf_rand(s, -d, d)));
    }
    fc_body_def bd;
    if (m->n > 10 && tu_rand64(s) % 2 == 0) { /* destroy */
        int k = (int)(tu_rand64(s) % (uint64_t)m->n);
        TU_CHECK(fc_world_destroy_body(m->w, m->ids[k]) == FC_OK, "destroy");
        int refill = tu_rand64(s) % 2 == 0;
        if (refill) { /* the same slot, the next generation */
            body_def(s, dim3, &bd);
            fc_body_id old = m->ids[k];
            TU_CHECK(fc_world_create_body(m->w, &bd, &m->ids[k]) == FC_OK && m->ids[k].index == old.index,
                     "refill");
        } else {
            m->ids[k] = m->ids[--m->n];
        }
    }
    if (m->n < MAXB && tu_rand64(s) % 2 == 0) { /* create */
        body_def(s, dim3, &bd);
        TU_CHECK(fc_world_create_body(m->w, &bd, &m->ids[m->n]) == FC_OK, "create");
        m->n++;
    }
}

/* find_pairs (even frames) or find_contacts (odd), then the events; every
 * output checked. Returns a hash of the frame's pairs, contacts and events. */
static uint64_t step(sim *m, int frame)
{
    int dim3 = fc_world_get_dim(m->w) == FC_WORLD_3D;
    const fc_pair *pairs;
    const fc_contact2_result *c2 = NULL;
    const fc_contact3_result *c3 = NULL;
    int32_t np;
    fc_status st = frame % 2 == 0 ? fc_world_find_pairs(m->w, &pairs, &np)
                   : dim3         ? fc_world_find_contacts3(m->w, &pairs, &c3, &np)
                                  : fc_world_find_contacts2(m->w, &pairs, &c2, &np);
    TU_CHECK(st == FC_OK, "pairs: %d", (int)st);
    wf_pairs bf = wf_brute_pairs(m->w, m->ids, m->n);
    int ok = bf.count == np;
    for (int32_t i = 0; ok && i < np; i++)
        ok = (((uint64_t)pairs[i].a.index << 32) | pairs[i].b.index) == bf.keys[i] &&
             fc_world_body_valid(m->w, pairs[i].a) && fc_world_body_valid(m->w, pairs[i].b);
    TU_CHECK(ok, "frame %d: pair list differs from the brute force", frame);
    free(bf.keys);
    uint64_t h = fc_hash_pairs(0, pairs, np);
    for (int32_t i = 0; i < np && (c2 != NULL || c3 != NULL); i++) {
        fc_body_id a = g_break_contacts ? pairs[i].b : pairs[i].a, b = g_break_contacts ? pairs[i].a : pairs[i].b;
        if (dim3) {
            fc_shape3 sa, sb;
            fc_contact3_result r;
            fc_world_get_shape3(m->w, a, &sa);
            fc_world_get_shape3(m->w, b, &sb);
            TU_CHECK(fc_contact3(&sa, &sb, &r) == 1 && memcmp(&r, &c3[i], sizeof r) == 0,
                     "frame %d pair %d: contact3 differs", frame, i);
            h = h * 0x9E3779B97F4A7C15u + ((uint64_t)(uint32_t)r.normal.x ^ ((uint64_t)(uint32_t)r.depth << 32));
        } else {
            fc_shape2 sa, sb;
            fc_contact2_result r;
            fc_world_get_shape2(m->w, a, &sa);
            fc_world_get_shape2(m->w, b, &sb);
            TU_CHECK(fc_contact2(&sa, &sb, &r) == 1 && memcmp(&r, &c2[i], sizeof r) == 0,
                     "frame %d pair %d: contact2 differs", frame, i);
            h = h * 0x9E3779B97F4A7C15u + ((uint64_t)(uint32_t)r.normal.x ^ ((uint64_t)(uint32_t)r.depth << 32));
        }
    }
    memcpy(m->prev, m->cur, sizeof(fc_pair) * (size_t)m->ncur);
    m->nprev = m->ncur;
    memcpy(m->cur, pairs, sizeof(fc_pair) * (size_t)np);
    m->ncur = np;
    const fc_pair *b, *e, *b2, *e2;
    int32_t nb, ne, nb2, ne2;
    TU_CHECK(fc_world_pair_events(m->w, &b, &nb, &e, &ne) == FC_OK, "events");
    static fc_pair ob[MAXP], oe[MAXP], sb[MAXP], se[MAXP];
    int32_t onb = oracle_minus(m->cur, m->ncur, m->prev, m->nprev, ob);
    int32_t one = oracle_minus(m->prev, m->nprev, m->cur, m->ncur, oe);
    TU_CHECK(nb == onb && ne == one && same_pairs(b, ob, nb) && same_pairs(e, oe, ne),
             "frame %d: events differ from the brute-force diff (began %d/%d, ended %d/%d)", frame, nb, onb, ne, one);
    int32_t snb, sne;
    TU_CHECK(fc_pair_events(m->prev, m->nprev, m->cur, m->ncur, sb, MAXP, &snb, se, MAXP, &sne) == FC_OK &&
                 snb == nb && sne == ne && same_pairs(b, sb, nb) && same_pairs(e, se, ne),
             "frame %d: world events differ from fc_pair_events", frame);
    TU_CHECK(fc_world_pair_events(m->w, &b2, &nb2, &e2, &ne2) == FC_OK && nb2 == nb && ne2 == ne &&
                 same_pairs(b, b2, nb) && same_pairs(e, e2, ne),
             "frame %d: a second pair_events call differs", frame);
    for (int32_t i = 0; i < ne; i++) {
        m->stale_ends += !fc_world_body_valid(m->w, e[i].a) || !fc_world_body_valid(m->w, e[i].b);
        for (int32_t j = 0; j < nb; j++)
            m->refills += b[j].a.index == e[i].a.index && b[j].b.index == e[i].b.index;
    }
    return fc_hash_pairs(fc_hash_pairs(h, b, nb), e, ne);
}

static fc_world *new_world(fc_world_dim dim)
{
    fc_world_def d = fc_world_def_default();
    d.dim = dim;
    d.bounds_log2 = 6;
    d.max_depth = 3;
    fc_world *w = NULL;
    TU_CHECK(fc_world_create(&d, &w) == FC_OK, "create world");
    return w;
}

static sim *new_sim(fc_world_dim dim, uint64_t *s, int n)
{
    sim *m = (sim *)calloc(1, sizeof *m);
    m->w = new_world(dim);
    fc_body_def bd;
    for (int i = 0; i < n; i++) {
        body_def(s, dim == FC_WORLD_3D, &bd);
        TU_CHECK(fc_world_create_body(m->w, &bd, &m->ids[m->n++]) == FC_OK, "create");
    }
    return m;
}

static void free_sim(sim *m)
{
    fc_world_destroy(m->w);
    free(m);
}

enum { FRAMES = 120, SNAP_AT = 40 };

/* Random frames, then the rollback: restore the snapshot taken after frame
 * SNAP_AT into the same world and into a fresh one, re-simulate: the same
 * per-frame hashes (pairs, contacts, events). */
static void check_frames(fc_world_dim dim)
{
    uint64_t s = dim == FC_WORLD_3D ? 33 : 22;
    sim *m = new_sim(dim, &s, 60);
    uint64_t hash[FRAMES];
    static sim saved;
    unsigned char *blob = NULL;
    size_t size = 0;
    for (int f = 0; f < FRAMES; f++) {
        uint64_t fs = 1000 + (uint64_t)f;
        mutate(m, &fs);
        hash[f] = step(m, f);
        TU_CHECK(fc_world_validate(m->w) == FC_OK, "valid");
        if (f == SNAP_AT) {
            saved = *m;
            fc_world_snapshot(m->w, NULL, 0, &size);
            blob = (unsigned char *)malloc(size);
            TU_CHECK(fc_world_snapshot(m->w, blob, size, &size) == FC_OK, "snapshot");
        }
    }
    printf("  %dD: %ld ends with a stale id, %ld slot refills (end + begin)\n", (int)dim, m->stale_ends, m->refills);
    TU_CHECK(m->stale_ends > 0 && m->refills > 0, "the frames destroyed no paired body or refilled no slot");
    for (int target = 0; target < 2; target++) {
        sim *r = (sim *)malloc(sizeof *r);
        *r = saved;
        r->w = target == 0 ? m->w : new_world(dim);
        TU_CHECK(fc_world_restore(r->w, blob, size) == FC_OK, "restore");
        const fc_pair *b, *e;
        int32_t nb, ne;
        TU_CHECK(fc_world_pair_events(r->w, &b, &nb, &e, &ne) == FC_OK && nb == 0 && ne == 0,
                 "events pending right after a restore");
        int same = 1;
        for (int f = SNAP_AT + 1; f < FRAMES; f++) {
            uint64_t fs = 1000 + (uint64_t)f;
            mutate(r, &fs);
            same &= step(r, f) == hash[f];
        }
        TU_CHECK(same, "%dD: re-simulation after restore (%s) gives other pairs/contacts/events", (int)dim,
                 target == 0 ? "same world" : "fresh world");
        if (target == 1)
            fc_world_destroy(r->w);
        free(r);
    }
    free(blob);
    free_sim(m);
}

/* The same contents by two histories, then the same frames. */
static void check_history(fc_world_dim dim)
{
    enum { N = 50 };
    int dim3 = dim == FC_WORLD_3D;
    uint64_t s = 5;
    fc_body_def final[N];
    int refills[N];
    for (int i = 0; i < N; i++) {
        body_def(&s, dim3, &final[i]);
        refills[i] = (int)(tu_rand64(&s) % 3);
    }
    /* A: create each body, refill its slot refills[i] times on the spot */
    sim *a = (sim *)calloc(1, sizeof *a);
    a->w = new_world(dim);
    for (int i = 0; i < N; i++) {
        for (int k = 0; k <= refills[i]; k++) {
            if (k > 0)
                fc_world_destroy_body(a->w, a->ids[i]);
            fc_world_create_body(a->w, &final[i], &a->ids[i]);
        }
    }
    a->n = N;
    fc_body_id tmp[5]; /* the same free list as B's (next ids equal) */
    for (int k = 0; k < 5; k++)
        fc_world_create_body(a->w, &final[k], &tmp[k]);
    for (int k = 0; k < 5; k++)
        fc_world_destroy_body(a->w, tmp[k]);
    /* B: random bodies, pair calls, refills in another order (destroy a
     * batch, recreate LIFO), temporary bodies, then set the final shapes */
    sim *b = new_sim(dim, &s, N);
    const fc_pair *p;
    int32_t np;
    fc_world_find_pairs(b->w, &p, &np);
    int left[N];
    memcpy(left, refills, sizeof left);
    for (int round = 0; round < 2; round++) {
        int batch[N], nbatch = 0;
        for (int i = N - 1; i >= 0; i--)
            if (left[i] > 0) {
                fc_world_destroy_body(b->w, b->ids[i]);
                batch[nbatch++] = i;
                left[i]--;
            }
        for (int k = nbatch - 1; k >= 0; k--) { /* LIFO: the last destroyed slot first */
            fc_body_def bd;
            body_def(&s, dim3, &bd);
            fc_world_create_body(b->w, &bd, &b->ids[batch[k]]);
            TU_CHECK(b->ids[batch[k]].index == (uint32_t)batch[k], "LIFO refill");
        }
        uint64_t fs = 77 + (uint64_t)round;
        for (int i = 0; i < N; i++)
            if (dim3)
                fc_world_translate3(b->w, b->ids[i], fc_vec3_make(wf_rand(&fs, -WF_U, WF_U), 0, WF_U));
            else
                fc_world_translate2(b->w, b->ids[i], fc_vec2_make(wf_rand(&fs, -WF_U, WF_U), WF_U));
        fc_world_find_pairs(b->w, &p, &np);
    }
    for (int k = 0; k < 5; k++)
        fc_world_create_body(b->w, &final[k], &tmp[k]);
    fc_world_find_pairs(b->w, &p, &np);
    for (int k = 0; k < 5; k++)
        fc_world_destroy_body(b->w, tmp[k]);
    for (int i = 0; i < N; i++) {
        TU_CHECK(fc_body_id_equal(a->ids[i], b->ids[i]), "ids differ at %d", i);
        if (dim3)
            fc_world_set_shape3(b->w, b->ids[i], &final[i].shape3);
        else
            fc_world_set_shape2(b->w, b->ids[i], &final[i].shape2);
    }
    b->n = N;
    TU_CHECK(fc_world_checksum(a->w) == fc_world_checksum(b->w), "%dD: the two histories differ in contents",
             (int)dim);
    /* a baseline call on the equal contents, then the same frames */
    sim *both[2] = {a, b};
    for (int k = 0; k < 2; k++) {
        TU_CHECK(fc_world_find_pairs(both[k]->w, &p, &np) == FC_OK, "baseline");
        memcpy(both[k]->cur, p, sizeof(fc_pair) * (size_t)np);
        both[k]->ncur = np;
    }
    int same = 1;
    for (int f = 1; f < 40; f++) {
        uint64_t fa = 500 + (uint64_t)f, fb = fa;
        mutate(a, &fa);
        mutate(b, &fb);
        same &= step(a, f) == step(b, f);
    }
    TU_CHECK(same, "%dD: the same contents by two histories give other pairs/contacts/events", (int)dim);
    free_sim(a);
    free_sim(b);
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        g_break |= strcmp(argv[i], "--break") == 0;
        g_break_contacts |= strcmp(argv[i], "--break-contacts") == 0;
    }
    check_stateless();
    check_frames(FC_WORLD_2D);
    check_frames(FC_WORLD_3D);
    check_history(FC_WORLD_2D);
    check_history(FC_WORLD_3D);
    return tu_finish("pair events and world contacts");
}
