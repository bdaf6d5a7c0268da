/* SPDX-License-Identifier: MIT */
/* A steady-state frame allocates nothing (issue 15): a 2D world of 10k
 * bodies with its capacities set (body_capacity, pair_capacity), after 200
 * warm-up frames, runs 1,000 frames of: every body moving (small steps,
 * 1% jumping tens of units, 1% changing size so it changes depth), 20
 * destroys and 20 creates (free slots reused), all pairs, pair events,
 * contacts (every other frame), overlap and ray queries and the checksum -
 * and a counting, size-checking allocator sees exactly 0 calls. The world
 * stays valid throughout (checked every 100 frames) and every free gets
 * its size back.
 * --break: each frame creates 2 bodies more than it destroys, so the world
 * outgrows its capacity: the allocator must see calls (must fail; the run
 * stops at the first measured frame that allocates).
 * --bodies N (100..10000, default 10000): the sanitized builds use 2,000, so
 * that a -O0 ASan build stays within its time limit (the --break twin
 * fails at both sizes). */
#include "sized_alloc.h"
#include "world_fixture.h"

#include <stdio.h>

enum { N_MAX = 10000, SPARE = 64, WARM = 200, FRAMES = 1000, CHURN = 20 };

static int g_break;
static int g_n = N_MAX; /* bodies, --bodies */

typedef struct scene {
    fc_world *w;
    fc_body_id ids[N_MAX + SPARE + 2 * FRAMES + 2 * WARM];
    int n, frame;
    uint64_t rng;
} scene;

static fc_body_def a_body(uint64_t *s)
{
    fc_body_def bd = fc_body_def_default();
    int32_t cx = wf_rand(s, 20 * WF_U, 980 * WF_U), cy = wf_rand(s, 20 * WF_U, 980 * WF_U);
    int32_t h = wf_rand(s, WF_U / 2, tu_rand64(s) % 50 == 0 ? 40 * WF_U : 2 * WF_U);
    bd.shape2.type = FC_SHAPE2_AABB;
    bd.shape2.u.aabb.min = fc_vec2_make(cx - h, cy - h);
    bd.shape2.u.aabb.max = fc_vec2_make(cx + h, cy + h);
    return bd;
}

static void create(scene *sc)
{
    fc_body_def bd = a_body(&sc->rng);
    TU_CHECK(fc_world_create_body(sc->w, &bd, &sc->ids[sc->n]) == FC_OK, "create");
    sc->n++;
}

/* Remove body k (swap with the last id). */
static void destroy(scene *sc, int k)
{
    TU_CHECK(fc_world_destroy_body(sc->w, sc->ids[k]) == FC_OK, "destroy");
    sc->ids[k] = sc->ids[--sc->n];
}

static int64_t frame(scene *sc)
{
    int64_t acc = 0;
    for (int i = 0; i < sc->n; i++) {
        uint64_t r = tu_rand64(&sc->rng) % 100;
        int32_t step = r == 0 ? 30 * WF_U : WF_U / 20;
        fc_vec2 d = fc_vec2_make(wf_rand(&sc->rng, -step, step), wf_rand(&sc->rng, -step, step));
        if (fc_world_translate2(sc->w, sc->ids[i], d) != FC_OK) /* out of range: back */
            fc_world_translate2(sc->w, sc->ids[i], fc_vec2_make(-d.x, -d.y));
        if (r == 1) { /* resize around the same centre: another depth */
            fc_shape2 s;
            TU_CHECK(fc_world_get_shape2(sc->w, sc->ids[i], &s) == FC_OK, "get shape");
            int32_t h = wf_rand(&sc->rng, WF_U / 2, tu_rand64(&sc->rng) % 4 == 0 ? 40 * WF_U : 2 * WF_U);
            int64_t cx = ((int64_t)s.u.aabb.min.x + s.u.aabb.max.x) / 2, cy = ((int64_t)s.u.aabb.min.y + s.u.aabb.max.y) / 2;
            fc_shape2 t = s;
            t.u.aabb.min = fc_vec2_make((fix16_t)(cx - h), (fix16_t)(cy - h));
            t.u.aabb.max = fc_vec2_make((fix16_t)(cx + h), (fix16_t)(cy + h));
            fc_world_set_shape2(sc->w, sc->ids[i], &t); /* FC_ERR_RANGE at the edge: unchanged */
        }
    }
    for (int k = 0; k < CHURN; k++)
        destroy(sc, (int)(tu_rand64(&sc->rng) % (uint64_t)sc->n));
    for (int k = 0; k < CHURN + (g_break ? 2 : 0); k++)
        create(sc);
    const fc_pair *pairs, *began, *ended;
    const fc_contact2_result *contacts;
    int32_t np, nb, ne;
    /* odd frames take the pairs with their contacts (issue 17) */
    if (sc->frame++ % 2 == 0)
        TU_CHECK(fc_world_find_pairs(sc->w, &pairs, &np) == FC_OK, "pairs");
    else
        TU_CHECK(fc_world_find_contacts2(sc->w, &pairs, &contacts, &np) == FC_OK, "contacts");
    TU_CHECK(fc_world_pair_events(sc->w, &began, &nb, &ended, &ne) == FC_OK, "events");
    acc += np + nb + ne;
    for (int q = 0; q < 20; q++) {
        fc_shape2 s;
        memset(&s, 0, sizeof s);
        s.type = FC_SHAPE2_CIRCLE;
        s.u.circle.center = fc_vec2_make(wf_rand(&sc->rng, 0, 1000 * WF_U), wf_rand(&sc->rng, 0, 1000 * WF_U));
        s.u.circle.radius = wf_rand(&sc->rng, WF_U, 30 * WF_U);
        const fc_body_id *ids;
        int32_t nids;
        TU_CHECK(fc_world_overlap2(sc->w, &s, fc_filter_default(), &ids, &nids) == FC_OK, "overlap");
        acc += nids;
        fc_ray2 ray = {fc_vec2_make(wf_rand(&sc->rng, 0, 1000 * WF_U), wf_rand(&sc->rng, 0, 1000 * WF_U)),
                       fc_vec2_make(wf_rand(&sc->rng, -100 * WF_U, 100 * WF_U), wf_rand(&sc->rng, -100 * WF_U, 100 * WF_U))};
        fc_ray_hit h;
        int hit;
        TU_CHECK(fc_world_raycast2(sc->w, &ray, fc_filter_default(), &h, &hit) == FC_OK, "ray");
        acc += hit;
    }
    return acc + (int64_t)(fc_world_checksum(sc->w) & 1);
}

int main(int argc, char **argv)
{
    for (int a = 1; a < argc; a++)
        if (strcmp(argv[a], "--break") == 0)
            g_break = 1;
        else if (strcmp(argv[a], "--bodies") == 0 && a + 1 < argc) {
            g_n = atoi(argv[++a]);
            if (g_n < 100 || g_n > N_MAX) {
                fprintf(stderr, "test_steady_alloc: --bodies must be 100..%d\n", N_MAX);
                return 2;
            }
        }
    sized_alloc sa;
    sa_init(&sa);
    static scene sc;
    sc.rng = 2026;
    fc_world_def d = fc_world_def_default();
    d.alloc = sa_allocator(&sa);
    d.body_capacity = g_n + SPARE;
    d.pair_capacity = 4 * g_n;
    TU_CHECK(fc_world_create(&d, &sc.w) == FC_OK, "create world");
    for (int i = 0; i < g_n; i++)
        create(&sc);
    int64_t acc = 0;
    for (int f = 0; f < WARM; f++)
        acc += frame(&sc);
    long calls0 = sa.calls, worst = 0, frames_with = 0;
    int run = 0;
    for (int f = 0; f < FRAMES; f++, run++) {
        long c = sa.calls;
        acc += frame(&sc);
        c = sa.calls - c;
        worst = c > worst ? c : worst;
        frames_with += c > 0;
        if (f % 100 == 99)
            TU_CHECK(fc_world_validate(sc.w) == FC_OK, "valid after frame %d", f);
        if (g_break && c > 0) {
            run++;
            break; /* the world outgrew its capacity: the check below fails now */
        }
    }
    long calls = sa.calls - calls0;
    printf("%d bodies, %d frames after %d warm-up: %ld allocator calls (%ld frames with calls, worst %ld), "
           "broadphase nodes %d, checksum parity sum %lld\n",
           sc.n, run, WARM, calls, frames_with, worst, fc_world_broadphase_stats(sc.w).nodes, (long long)acc);
    TU_CHECK(calls == 0, "steady frames allocate nothing (%ld calls)", calls);
    fc_world_destroy(sc.w);
    TU_CHECK(sa.bad_frees == 0 && sa.live == 0, "every free got its size back, nothing leaked");
    sa_done(&sa);
    return tu_finish(g_break ? "steady allocation (--break)" : "steady allocation");
}
