/* SPDX-License-Identifier: MIT */
/* Range checksums, body hashes and the bisection protocol (fixcol/desync.h):
 * two worlds of 10,000 bodies that differ in one slot - a 1-raw move, a
 * filter bit, a shape type, a missing body, an extra body, another
 * generation of a live body, another generation of a freed slot - in the
 * first, a middle and the last slot, are resolved to that slot within
 * ceil(log2(slots)) + 2 rounds; k differing slots are all found (k = every
 * body included); equal worlds take one round; the range sums follow their
 * documentation (independent recomputation, composition, empty ranges,
 * argument errors); feed errors leave the machine unchanged.
 *
 * Dimensions (issue 27, 4): a 2D circle (5, 7) r 3 and a 3D sphere
 * (5, 7, 3) r 0 have equal body hashes and equal fc_world_range_checksum
 * sums, but the protocol's answers (fc_desync_answer) are keyed by the
 * dimension, so fc_desync never reports worlds of different dimensions
 * equal (empty worlds included); the 3D answers follow their definition.
 * Capsule3 bodies (issue 29): in the mixed 3D world each capsule field 1 raw
 * off is located to its slot (--break-capsule3: left unchanged: must fail).
 * Budget (issue 27, 5): a lying responder (every range differs, 99,982
 * slots) is stopped with FC_DESYNC_LIMIT after the default budget, 2 +
 * FC_DESYNC_DEFAULT_MAX_FOUND * ceil(log2 S) rounds and at most
 * FC_DESYNC_DEFAULT_MAX_FOUND reports (it used to take S + 1 rounds);
 * fc_desync_set_budget raises, lowers and validates the budget.
 *
 * --break: the responder answers with a range hash that covers live
 * bodies only (the design the header warns against); the freed-slot
 * generation cases must then go unfound and the test must fail.
 * --break-dim: the responder answers with fc_world_range_checksum (no
 * dimension key): the dimension checks must fail.
 * --break-budget: the search runs without a budget (max_found and
 * max_rounds at their largest): the lying-peer check must fail. */
#include <fixcol/desync.h>

#include <stdio.h>
#include <string.h>

#include "testutil.h"
#include "world_fixture.h"

#define N_BODIES 10000

static int g_break, g_break_dim, g_break_budget, g_break_cap3;

/* ---- an independent range sum from the documentation */
static uint64_t avalanche(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xC2B2AE3D27D4EB4Full;
    x ^= x >> 29;
    x *= 0x165667B19E3779F9ull;
    x ^= x >> 32;
    return x;
}

/* Slot word from public calls only: R_i of a live body, else the free
 * word from the generation the slot hands out next (found by probing
 * ids), 0 for unused slots. */
static uint64_t doc_slot_word(const fc_world *w, uint32_t i, const uint32_t *free_gen)
{
    if (i >= fc_world_slot_count(w))
        return 0;
    if (free_gen[i] != 0)
        return 2u * (uint64_t)i + ((uint64_t)free_gen[i] << 32);
    for (uint32_t g = 1; g < 64; g++) {
        fc_body_id id = {i, g, 1};
        uint64_t r = 0;
        if (fc_world_body_hash(w, id, &r) == FC_OK)
            return r;
    }
    return 0;
}

/* ---- the protocol between two worlds, both sides through fc_desync_answer
 * (or, with --break, a responder that ignores free slots) */
static fc_status broken_answer(const fc_world *w, uint64_t q, uint64_t *out)
{
    if (q == FC_DESYNC_ASK_SLOTS)
        return fc_desync_answer(w, q, out);
    uint32_t lo = (uint32_t)q, hi = (uint32_t)(q >> 32);
    uint32_t end = hi < fc_world_slot_count(w) ? hi : fc_world_slot_count(w);
    uint64_t sum = 0;
    for (uint32_t i = lo; i < end; i++)
        for (uint32_t g = 1; g < 64; g++) {
            fc_body_id id = {i, g, 1};
            uint64_t r;
            if (fc_world_body_hash(w, id, &r) == FC_OK) {
                sum += avalanche(r);
                break;
            }
        }
    *out = sum;
    return FC_OK;
}

typedef struct outcome {
    uint32_t rounds, nfound;
    uint32_t found[N_BODIES + 8];
} outcome;

static outcome g_out;

/* The answer without the dimension key (--break-dim). */
static fc_status unkeyed_answer(const fc_world *w, uint64_t q, uint64_t *out)
{
    if (q == FC_DESYNC_ASK_SLOTS)
        return fc_desync_answer(w, q, out);
    return fc_world_range_checksum(w, (uint32_t)q, (uint32_t)(q >> 32), out);
}

static void run(const fc_world *asker, const fc_world *responder, outcome *o)
{
    fc_desync d;
    fc_desync_init(&d);
    TU_CHECK(fc_desync_set_budget(&d, N_BODIES + 8, 0) == FC_OK, "budget for every body");
    uint64_t v = 0;
    fc_desync_step s;
    o->nfound = 0;
    while ((s = fc_desync_next(&d, &v)) == FC_DESYNC_ASK || s == FC_DESYNC_FOUND) {
        if (s == FC_DESYNC_FOUND) {
            if (o->nfound < N_BODIES + 8)
                o->found[o->nfound++] = (uint32_t)v;
            continue;
        }
        uint64_t mine = 0, theirs = 0;
        TU_CHECK(fc_desync_answer(asker, v, &mine) == FC_OK, "asker answers its own question");
        fc_status st = g_break       ? broken_answer(responder, v, &theirs)
                       : g_break_dim ? unkeyed_answer(responder, v, &theirs)
                                     : fc_desync_answer(responder, v, &theirs);
        TU_CHECK(st == FC_OK, "responder answers");
        TU_CHECK(fc_desync_feed(&d, mine, theirs) == FC_OK, "feed");
        if (d.rounds > 4u * N_BODIES)
            break;
    }
    o->rounds = d.rounds;
    TU_CHECK(s == FC_DESYNC_DONE || d.rounds > 4u * N_BODIES, "the search ended with step %d", (int)s);
    TU_CHECK(d.found == o->nfound, "found counter %u vs %u", d.found, o->nfound);
}

static uint32_t ceil_log2(uint32_t n)
{
    uint32_t k = 0;
    while (((uint64_t)1 << k) < n)
        k++;
    return k;
}

static uint32_t max_u32(uint32_t a, uint32_t b) { return a > b ? a : b; }

/* One differing slot, both directions (each side asks once). */
static void expect_one(const char *what, const fc_world *a, const fc_world *b, uint32_t slot)
{
    uint32_t slots = max_u32(fc_world_slot_count(a), fc_world_slot_count(b));
    uint32_t bound = ceil_log2(slots) + 2;
    for (int dir = 0; dir < 2; dir++) {
        run(dir ? b : a, dir ? a : b, &g_out);
        TU_CHECK(g_out.nfound == 1 && g_out.found[0] == slot, "%s (dir %d): found %u slots, first %u, want slot %u",
                 what, dir, g_out.nfound, g_out.nfound ? g_out.found[0] : 0, slot);
        TU_CHECK(g_out.rounds <= bound, "%s: %u rounds > ceil(log2(%u)) + 2 = %u", what, g_out.rounds, slots, bound);
    }
    printf("  %-38s slot %5u: %u rounds (bound %u)\n", what, slot, g_out.rounds, bound);
}

/* ---- worlds */
typedef struct scene {
    fc_world *w;
    fc_body_id ids[N_BODIES];
    uint32_t n;
} scene;

static fc_world *new_world(void)
{
    fc_world_def def = fc_world_def_default();
    fc_world *w = NULL;
    TU_CHECK(fc_world_create(&def, &w) == FC_OK, "create world");
    return w;
}

/* 10,000 random 2D bodies; with holes, every 7th is destroyed afterwards
 * (free slots with bumped generations, the last slot stays live). */
static void build(scene *s, uint64_t seed, int holes)
{
    s->w = new_world();
    s->n = N_BODIES;
    uint64_t rng = seed;
    for (uint32_t i = 0; i < N_BODIES; i++) {
        fc_body_def bd = fc_body_def_default();
        bd.shape2 = wf_shape2(&rng, 1000);
        bd.filter.category = 1u << (i % 5);
        bd.user_data = i;
        TU_CHECK(fc_world_create_body(s->w, &bd, &s->ids[i]) == FC_OK, "create body %u", i);
    }
    if (holes)
        for (uint32_t i = 3; i + 1 < N_BODIES; i += 7)
            TU_CHECK(fc_world_destroy_body(s->w, s->ids[i]) == FC_OK, "destroy %u", i);
}

/* b = an exact copy of a (snapshot + restore). */
static fc_world *clone(const fc_world *a)
{
    size_t n = 0;
    fc_world_snapshot(a, NULL, 0, &n);
    unsigned char *buf = (unsigned char *)malloc(n);
    fc_world *b = new_world();
    TU_CHECK(buf && fc_world_snapshot(a, buf, n, &n) == FC_OK && fc_world_restore(b, buf, n) == FC_OK, "clone");
    free(buf);
    return b;
}

static fc_body_id id_at(const fc_world *w, uint32_t i)
{
    for (uint32_t g = 1; g < 64; g++) {
        fc_body_id id = {i, g, 1};
        if (fc_world_body_valid(w, id))
            return id;
    }
    fc_body_id none = {i, 0, 1};
    return none;
}

/* ---- single differences, each in the first, a middle and the last live slot */
static void single_differences(void)
{
    scene s;
    build(&s, 0x5EED1234u, 1);
    const uint32_t last = N_BODIES - 1, where[3] = {0, 5000, last};
    fc_world *b;
    printf("single differences (10,000 bodies, %u slots):\n", fc_world_slot_count(s.w));
    for (int k = 0; k < 3; k++) {
        uint32_t i = where[k];
        fc_body_id id = id_at(s.w, i);

        b = clone(s.w);
        TU_CHECK(fc_world_translate2(b, id, fc_vec2_make(1, 0)) == FC_OK, "move 1 raw");
        expect_one("1-raw move", s.w, b, i);
        fc_world_destroy(b);

        b = clone(s.w);
        fc_filter f;
        fc_world_get_filter(b, id, &f);
        f.mask ^= 1u << 17;
        TU_CHECK(fc_world_set_filter(b, id, f) == FC_OK, "filter bit");
        expect_one("one filter bit", s.w, b, i);
        fc_world_destroy(b);

        b = clone(s.w);
        fc_shape2 sh;
        fc_world_get_shape2(b, id, &sh);
        fc_shape2 other;
        memset(&other, 0, sizeof other);
        if (sh.type == FC_SHAPE2_AABB) {
            other.type = FC_SHAPE2_CIRCLE;
            other.u.circle = fc_circle_make(sh.u.aabb.min, WF_U);
        } else {
            other.type = FC_SHAPE2_AABB;
            other.u.aabb = fc_aabb2_make(fc_vec2_make(0, 0), fc_vec2_make(WF_U, WF_U));
        }
        TU_CHECK(fc_world_set_shape2(b, id, &other) == FC_OK, "shape type");
        expect_one("shape type", s.w, b, i);
        fc_world_destroy(b);

        b = clone(s.w);
        TU_CHECK(fc_world_destroy_body(b, id) == FC_OK, "missing body");
        expect_one("missing body (free on one side)", s.w, b, i);
        fc_world_destroy(b);

        /* another generation of a live body: destroyed and recreated
         * identically (LIFO: the same slot, generation + 1) */
        b = clone(s.w);
        fc_body_def bd = fc_body_def_default();
        fc_world_get_shape2(b, id, &bd.shape2);
        fc_world_get_filter(b, id, &bd.filter);
        fc_body_id again;
        TU_CHECK(fc_world_destroy_body(b, id) == FC_OK && fc_world_create_body(b, &bd, &again) == FC_OK &&
                     again.index == i && again.generation == id.generation + 1,
                 "recreate");
        expect_one("live body, other generation", s.w, b, i);
        fc_world_destroy(b);
    }
    /* a freed slot's generation (free on both sides): the first, a middle
     * and the last free slot; create + destroy at the top of the free list
     * bumps it and keeps the list's order */
    const uint32_t freed[3] = {3, 4999 + 3 - 4999 % 7, 3 + 7 * ((N_BODIES - 5) / 7)};
    for (int k = 0; k < 3; k++) {
        uint32_t i = freed[k];
        b = clone(s.w);
        /* bring slot i to the top: allocate every slot above it in the
         * free list on both sides, then bump it on one side only */
        fc_world *a2 = clone(s.w);
        fc_body_def bd = fc_body_def_default();
        for (;;) {
            fc_body_id ga, gb;
            TU_CHECK(fc_world_create_body(a2, &bd, &ga) == FC_OK && fc_world_create_body(b, &bd, &gb) == FC_OK,
                     "fill");
            if (ga.index == i) {
                TU_CHECK(fc_world_destroy_body(a2, ga) == FC_OK, "free again");
                TU_CHECK(fc_world_destroy_body(b, gb) == FC_OK, "free again");
                TU_CHECK(fc_world_create_body(b, &bd, &gb) == FC_OK && fc_world_destroy_body(b, gb) == FC_OK,
                         "bump");
                break;
            }
        }
        expect_one("freed slot, other generation", a2, b, i);
        fc_world_destroy(a2);
        fc_world_destroy(b);
    }
    fc_world_destroy(s.w);

    /* an extra body: no free slot, so it takes a new slot past the end
     * (the slot counts differ) */
    build(&s, 0xABCDu, 0);
    b = clone(s.w);
    fc_body_def bd = fc_body_def_default();
    fc_body_id extra;
    TU_CHECK(fc_world_create_body(b, &bd, &extra) == FC_OK && extra.index == N_BODIES, "extra body");
    expect_one("extra body (a new last slot)", s.w, b, N_BODIES);
    fc_world_destroy(b);
    /* an extra freed slot past the end on one side */
    b = clone(s.w);
    TU_CHECK(fc_world_create_body(b, &bd, &extra) == FC_OK && fc_world_destroy_body(b, extra) == FC_OK, "extra");
    expect_one("extra freed slot past the end", s.w, b, N_BODIES);
    fc_world_destroy(b);
    /* the first slot of a hole-free world */
    b = clone(s.w);
    TU_CHECK(fc_world_translate2(b, s.ids[0], fc_vec2_make(0, -1)) == FC_OK, "move first");
    expect_one("1-raw move, no free slots", s.w, b, 0);
    fc_world_destroy(b);
    fc_world_destroy(s.w);
}

/* ---- k differences; equal worlds */
static void many_differences(void)
{
    scene s;
    build(&s, 0x77u, 1);
    const uint32_t ks[] = {2, 5, 37, 1000, N_BODIES};
    uint64_t rng = 99;
    static unsigned char want[N_BODIES];
    fc_world *b = clone(s.w);
    run(s.w, b, &g_out);
    TU_CHECK(g_out.rounds == 1 && g_out.nfound == 0, "equal worlds: %u rounds, %u found", g_out.rounds, g_out.nfound);
    printf("equal worlds: %u round\n", g_out.rounds);
    fc_world_destroy(b);
    for (size_t t = 0; t < sizeof ks / sizeof ks[0]; t++) {
        uint32_t k = ks[t];
        memset(want, 0, sizeof want);
        b = clone(s.w);
        uint32_t nwant = 0;
        for (uint32_t i = 0; i < N_BODIES; i++) {
            fc_body_id id = id_at(b, i);
            int pick = k == N_BODIES || (uint32_t)(tu_rand64(&rng) % N_BODIES) < k;
            if (!pick)
                continue;
            fc_status st = id.generation == 0
                               ? FC_OK /* a free slot: left alone (the every-body case changes every live one) */
                               : fc_world_translate2(b, id, fc_vec2_make(0, 1));
            if (id.generation != 0 && st == FC_OK) {
                want[i] = 1;
                nwant++;
            }
        }
        run(s.w, b, &g_out);
        int same = g_out.nfound == nwant;
        for (uint32_t j = 0; same && j < g_out.nfound; j++)
            same = g_out.found[j] < N_BODIES && want[g_out.found[j]] && (j == 0 || g_out.found[j] > g_out.found[j - 1]);
        TU_CHECK(same, "k = %u: found %u of %u differing slots", k, g_out.nfound, nwant);
        TU_CHECK(g_out.rounds <= fc_world_slot_count(b) + 1, "k = %u: %u rounds", k, g_out.rounds);
        printf("%5u differing slots (target %u): %u found in %u rounds\n", nwant, k, g_out.nfound, g_out.rounds);
        fc_world_destroy(b);
    }
    fc_world_destroy(s.w);
}

/* ---- range sums vs their definition; arguments; the state machine's errors */
static void ranges(void)
{
    scene s;
    build(&s, 0x1u, 1);
    fc_world *w = s.w;
    static uint32_t free_gen[N_BODIES + 1];
    memset(free_gen, 0, sizeof free_gen);
    for (uint32_t i = 3; i + 1 < N_BODIES; i += 7)
        free_gen[i] = 2;
    uint64_t rng = 5, got = 0;
    for (int t = 0; t < 200; t++) {
        uint32_t lo = (uint32_t)(tu_rand64(&rng) % (N_BODIES + 20)), hi = lo + (uint32_t)(tu_rand64(&rng) % 300);
        uint64_t sum = 0;
        for (uint32_t i = lo; i < hi; i++)
            sum += avalanche(doc_slot_word(w, i, free_gen));
        TU_CHECK(fc_world_range_checksum(w, lo, hi, &got) == FC_OK && got == sum, "range [%u, %u) vs definition", lo,
                 hi);
        uint32_t mid = lo + (hi - lo) / 3;
        uint64_t l = 0, r = 0;
        fc_world_range_checksum(w, lo, mid, &l);
        fc_world_range_checksum(w, mid, hi, &r);
        TU_CHECK(l + r == got, "sums compose");
    }
    /* the record hashes are the world checksum's: rebuild it from them */
    fc_hash64 h = fc_hash64_init(0);
    fc_hash64_word(&h, (uint64_t)fc_world_body_count(w) | (uint64_t)2 << 32);
    for (uint32_t i = 0; i < fc_world_slot_count(w); i++) {
        fc_body_id id = id_at(w, i);
        uint64_t r;
        if (id.generation && fc_world_body_hash(w, id, &r) == FC_OK)
            fc_hash64_word(&h, r);
    }
    TU_CHECK(fc_hash64_final(&h) == fc_world_checksum(w), "world checksum from body hashes");
    TU_CHECK(fc_world_range_checksum(w, 7, 7, &got) == FC_OK && got == 0, "empty range is 0");
    TU_CHECK(fc_world_range_checksum(w, N_BODIES, FC_WORLD_MAX_BODIES, &got) == FC_OK && got == 0, "unused slots");
    got = 42;
    TU_CHECK(fc_world_range_checksum(w, 8, 7, &got) == FC_ERR_ARGUMENT && got == 42, "lo > hi");
    TU_CHECK(fc_world_range_checksum(w, 0, FC_WORLD_MAX_BODIES + 1, &got) == FC_ERR_ARGUMENT, "hi too large");
    TU_CHECK(fc_world_range_checksum(NULL, 0, 1, &got) == FC_ERR_NULL, "NULL world");
    TU_CHECK(fc_world_range_checksum(w, 0, 1, NULL) == FC_ERR_NULL, "NULL out");
    fc_body_id stale = {3, 1, 1}, foreign = {0, 1, 2};
    TU_CHECK(fc_world_body_hash(w, stale, &got) == FC_ERR_STALE_ID && got == 42, "stale id");
    TU_CHECK(fc_world_body_hash(w, foreign, &got) == FC_ERR_STALE_ID, "foreign id");
    TU_CHECK(fc_desync_answer(w, (uint64_t)5 | (uint64_t)4 << 32, &got) == FC_ERR_ARGUMENT, "bad question");
    TU_CHECK(fc_desync_answer(w, FC_DESYNC_ASK_SLOTS, &got) == FC_OK && got == N_BODIES, "slot count");
    TU_CHECK(fc_world_slot_count(NULL) == 0, "NULL slot count");

    fc_desync d, copy;
    uint64_t v;
    fc_desync_init(&d);
    TU_CHECK(fc_desync_feed(&d, 1, 2) == FC_ERR_ARGUMENT, "feed before a question");
    TU_CHECK(fc_desync_next(&d, &v) == FC_DESYNC_ASK && v == (uint64_t)FC_WORLD_MAX_BODIES << 32, "round 1");
    TU_CHECK(fc_desync_next(&d, &v) == FC_DESYNC_ASK && v == (uint64_t)FC_WORLD_MAX_BODIES << 32, "asked again");
    TU_CHECK(fc_desync_feed(&d, 1, 2) == FC_OK, "round 1 fed");
    TU_CHECK(fc_desync_next(&d, &v) == FC_DESYNC_ASK && v == FC_DESYNC_ASK_SLOTS, "round 2");
    copy = d;
    TU_CHECK(fc_desync_feed(&d, 10, (uint64_t)FC_WORLD_MAX_BODIES + 1) == FC_ERR_FORMAT, "lying slot count");
    TU_CHECK(memcmp(&copy, &d, sizeof d) == 0, "state unchanged after an error");
    TU_CHECK(fc_desync_feed(NULL, 1, 1) == FC_ERR_NULL, "NULL machine");
    TU_CHECK(fc_desync_next(NULL, &v) == FC_DESYNC_DONE, "NULL next");
    fc_world_destroy(w);
}

/* ---- dimensions (issue 27, 4) */
static fc_world *new_world3(void)
{
    fc_world_def def = fc_world_def_default();
    def.dim = FC_WORLD_3D;
    fc_world *w = NULL;
    TU_CHECK(fc_world_create(&def, &w) == FC_OK, "create 3D world");
    return w;
}

/* The protocol word of slot i of a 3D world from desync.h: the slot word
 * xor 2 (live), xor 2^31 (free; and slot 0 when unused). The 3D worlds
 * here have no free slot. */
static uint64_t doc_word3(const fc_world *w, uint32_t i)
{
    if (i >= fc_world_slot_count(w))
        return i == 0 ? (uint64_t)1 << 31 : 0;
    uint64_t r = 0;
    for (uint32_t g = 1; g < 64; g++) {
        fc_body_id id = {i, g, 1};
        if (fc_world_body_hash(w, id, &r) == FC_OK)
            return r ^ 2u;
    }
    TU_CHECK(0, "slot %u of the 3D world is not live", i);
    return 0;
}

static void dimensions(void)
{
    fc_world *a = new_world(), *b = new_world3();
    fc_body_def bd = fc_body_def_default();
    bd.shape2.type = FC_SHAPE2_CIRCLE;
    bd.shape2.u.circle = fc_circle_make(fc_vec2_make(5, 7), 3);
    bd.shape3.type = FC_SHAPE3_SPHERE;
    bd.shape3.u.sphere.center = fc_vec3_make(5, 7, 3);
    bd.shape3.u.sphere.radius = 0;
    fc_body_id ia = {0, 0, 0}, ib = {0, 0, 0};
    TU_CHECK(fc_world_create_body(a, &bd, &ia) == FC_OK, "body in the 2D world");
    TU_CHECK(fc_world_create_body(b, &bd, &ib) == FC_OK, "body in the 3D world");
    uint64_t ha = 0, hb = 1, ra = 0, rb = 1, qa = 0, qb = 0;
    fc_world_body_hash(a, ia, &ha);
    fc_world_body_hash(b, ib, &hb);
    fc_world_range_checksum(a, 0, FC_WORLD_MAX_BODIES, &ra);
    fc_world_range_checksum(b, 0, FC_WORLD_MAX_BODIES, &rb);
    TU_CHECK(ha == hb && ra == rb, "the record words carry no dimension (documented): body hashes %s, ranges %s",
             ha == hb ? "equal" : "differ", ra == rb ? "equal" : "differ");
    TU_CHECK(fc_world_checksum(a) != fc_world_checksum(b), "world checksums differ");
    const uint64_t whole = (uint64_t)FC_WORLD_MAX_BODIES << 32;
    fc_desync_answer(a, whole, &qa);
    fc_desync_answer(b, whole, &qb);
    TU_CHECK(qa == ra, "2D answers are the range checksums");
    TU_CHECK(qb == avalanche(doc_word3(b, 0)), "3D answer of the whole space vs its definition");
    for (int dir = 0; dir < 2; dir++) {
        run(dir ? b : a, dir ? a : b, &g_out);
        TU_CHECK(g_out.rounds > 1 && g_out.nfound == 1 && g_out.found[0] == 0,
                 "2D circle vs 3D sphere (dir %d): %u rounds, %u found", dir, g_out.rounds, g_out.nfound);
    }
    fc_world_destroy(a);
    fc_world_destroy(b);
    /* empty worlds of different dimensions: slot 0's word differs */
    a = new_world(), b = new_world3();
    run(a, b, &g_out);
    TU_CHECK(g_out.rounds > 1 && g_out.nfound == 1 && g_out.found[0] == 0, "empty 2D vs empty 3D: %u rounds, %u found",
             g_out.rounds, g_out.nfound);
    fc_world *c = new_world3();
    run(b, c, &g_out);
    TU_CHECK(g_out.rounds == 1 && g_out.nfound == 0, "empty 3D worlds are equal: %u rounds", g_out.rounds);
    /* 3D answers vs the definition on a populated world, both sides 3D */
    uint64_t rng = 31;
    for (int i = 0; i < 300; i++) {
        bd.shape3 = wf_shape3_cap(&rng, 100);
        fc_body_id id;
        fc_world_create_body(c, &bd, &id);
    }
    fc_world *d3 = new_world3();
    for (int i = 0; i < 300; i++) {
        fc_body_id id;
        bd.shape3 = wf_shape3_cap(&rng, 100);
        fc_world_create_body(d3, &bd, &id);
    }
    for (uint32_t lo = 0; lo < 310; lo += 37)
        for (uint32_t hi = lo; hi < 320; hi += 53) {
            uint64_t sum = 0, got = 1;
            for (uint32_t i = lo; i < hi; i++)
                sum += avalanche(doc_word3(c, i));
            TU_CHECK(fc_desync_answer(c, (uint64_t)lo | (uint64_t)hi << 32, &got) == FC_OK && got == sum,
                     "3D answer [%u, %u) vs its definition", lo, hi);
        }
    /* every capsule3 field of a body 1 raw off (the first, a middle and the
     * last capsule of the mixed 3D world): the locator names that slot
     * (--break-capsule3: 0 raw off, so it finds nothing) */
    uint32_t all[320], nall = 0, slots = fc_world_slot_count(c);
    for (uint32_t i = 0; i < slots && nall < 320; i++) {
        fc_shape3 s;
        if (fc_world_get_shape3(c, id_at(c, i), &s) == FC_OK && s.type == FC_SHAPE3_CAPSULE)
            all[nall++] = i;
    }
    const uint32_t ncap = nall >= 3 ? 3 : 0, caps[3] = {all[0], all[nall / 2], all[nall > 0 ? nall - 1 : 0]};
    TU_CHECK(ncap == 3, "the mixed 3D world has capsule3 bodies (%u)", ncap);
    for (uint32_t k = 0; k < ncap; k++)
        for (int f = 0; f < 7; f++) {
            fc_world *e = clone(c);
            fc_shape3 s;
            const fc_body_id id = id_at(e, caps[k]);
            TU_CHECK(fc_world_get_shape3(e, id, &s) == FC_OK, "capsule read back");
            int32_t *v = f < 3 ? &s.u.capsule.a.x + f : f < 6 ? &s.u.capsule.b.x + (f - 3) : &s.u.capsule.radius;
            *v += g_break_cap3 ? 0 : 1;
            TU_CHECK(fc_world_set_shape3(e, id, &s) == FC_OK, "capsule field %d moved", f);
            char what[48];
            snprintf(what, sizeof what, "capsule3 field %d 1 raw off", f);
            expect_one(what, c, e, caps[k]);
            fc_world_destroy(e);
        }
    fc_world_destroy(a);
    fc_world_destroy(b);
    fc_world_destroy(c);
    fc_world_destroy(d3);
    printf("dimensions: a 2D and a 3D world with equal records differ at slot 0; 3D answers as defined\n");
}

/* ---- the round budget against a lying responder (issue 27, 5) */
#define LIAR_SLOTS 99982u

/* Drive d against a responder that claims LIAR_SLOTS slots and a
 * differing sum for every range; the asker's world is empty (answers 0).
 * Returns the last step; *found the slots reported (first ones checked). */
static fc_desync_step lie(fc_desync *d, uint32_t limit_rounds, uint32_t *found)
{
    uint64_t v = 0;
    fc_desync_step s;
    *found = 0;
    while ((s = fc_desync_next(d, &v)) == FC_DESYNC_ASK || s == FC_DESYNC_FOUND) {
        if (s == FC_DESYNC_FOUND) {
            TU_CHECK(v + 1 == d->found, "lying peer: slot %llu reported as #%u", (unsigned long long)v, d->found);
            ++*found;
            continue;
        }
        static uint64_t rng = 0x11A2u; /* random sums: both halves of every range differ */
        uint64_t theirs = v == FC_DESYNC_ASK_SLOTS ? LIAR_SLOTS : tu_rand64(&rng) | 1;
        TU_CHECK(fc_desync_feed(d, 0, theirs) == FC_OK, "feed");
        if (d->rounds > limit_rounds)
            break;
    }
    return s;
}

static void lying_peer(void)
{
    const uint32_t bound = 2 + FC_DESYNC_DEFAULT_MAX_FOUND * ceil_log2(LIAR_SLOTS);
    fc_desync d;
    fc_desync_init(&d);
    if (g_break_budget)
        fc_desync_set_budget(&d, FC_WORLD_MAX_BODIES, UINT32_MAX);
    uint32_t found = 0;
    fc_desync_step s = lie(&d, 4 * LIAR_SLOTS, &found);
    TU_CHECK(d.rounds <= bound && found <= FC_DESYNC_DEFAULT_MAX_FOUND,
             "lying peer: %u rounds (budget %u), %u slots reported (cap %u)", d.rounds, bound, found,
             (unsigned)FC_DESYNC_DEFAULT_MAX_FOUND);
    TU_CHECK(s == FC_DESYNC_LIMIT && found == FC_DESYNC_DEFAULT_MAX_FOUND, "lying peer: step %d, %u found", (int)s,
             found);
    uint64_t v = 7;
    TU_CHECK(fc_desync_next(&d, &v) == FC_DESYNC_LIMIT && v == 0, "LIMIT is sticky, value 0");
    printf("lying peer (%u slots): stopped after %u rounds, %u slots (budget %u rounds, %u slots)\n", LIAR_SLOTS,
           d.rounds, found, bound, (unsigned)FC_DESYNC_DEFAULT_MAX_FOUND);
    /* raising the cap resumes the search; an explicit round budget stops it exactly */
    fc_desync copy = d;
    TU_CHECK(fc_desync_set_budget(&d, 100, 0) == FC_OK, "raise the cap");
    uint32_t more = 0;
    s = lie(&d, 4 * LIAR_SLOTS, &more);
    TU_CHECK(s == FC_DESYNC_LIMIT && d.found == 100, "raised cap: step %d, %u found", (int)s, d.found);
    d = copy;
    TU_CHECK(fc_desync_set_budget(&d, FC_WORLD_MAX_BODIES, d.rounds + 5) == FC_OK, "explicit rounds");
    uint32_t r0 = d.rounds;
    s = lie(&d, 4 * LIAR_SLOTS, &more);
    TU_CHECK(s == FC_DESYNC_LIMIT && d.rounds == r0 + 5, "explicit round budget: step %d after %u rounds", (int)s,
             d.rounds - r0);
    /* a tiny budget stops before round 2 */
    fc_desync_init(&d);
    TU_CHECK(fc_desync_set_budget(&d, 1, 1) == FC_OK, "budget 1 round");
    s = lie(&d, 10, &more);
    TU_CHECK(s == FC_DESYNC_LIMIT && d.rounds == 1, "1-round budget: step %d, %u rounds", (int)s, d.rounds);
    /* argument errors leave the machine unchanged */
    copy = d;
    TU_CHECK(fc_desync_set_budget(&d, 0, 0) == FC_ERR_ARGUMENT && memcmp(&copy, &d, sizeof d) == 0, "max_found 0");
    TU_CHECK(fc_desync_set_budget(&d, FC_WORLD_MAX_BODIES + 1, 0) == FC_ERR_ARGUMENT &&
                 memcmp(&copy, &d, sizeof d) == 0, "max_found too large");
    TU_CHECK(fc_desync_set_budget(NULL, 1, 0) == FC_ERR_NULL, "NULL machine");
    fc_desync_init(&d);
    TU_CHECK(d.max_found == FC_DESYNC_DEFAULT_MAX_FOUND && d.max_rounds == 0, "defaults after init");
}

int main(int argc, char **argv)
{
    g_break = argc > 1 && strcmp(argv[1], "--break") == 0;
    g_break_dim = argc > 1 && strcmp(argv[1], "--break-dim") == 0;
    g_break_budget = argc > 1 && strcmp(argv[1], "--break-budget") == 0;
    g_break_cap3 = argc > 1 && strcmp(argv[1], "--break-capsule3") == 0;
    lying_peer();
    dimensions();
    ranges();
    single_differences();
    many_differences();
    return tu_finish(g_break ? "test_desync --break" : "test_desync");
}
