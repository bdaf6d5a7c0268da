/* SPDX-License-Identifier: MIT */
/* The mover (group "mover", issue 29 deliverable 6): a mover call in a
 * 1k-body world against the sum of the casts it makes, and a crowd frame
 * of 200 movers.
 *
 * 1k: a 2D world of 1000 circles, AABBs, OBBs, capsules and triangles
 * (0.5..2 units) in a 128 x 128-unit field, a 3D world of 1000 spheres,
 * AABB3s and OBB3s in a 128 x 8 x 128-unit slab; CALLS mover calls per
 * shape (fc_world_move_shape2 / 3 of a free shape, the default def: skin
 * 16, 4 iterations, no step-up or snap) from random points outside every
 * body, desired displacements up to 4 units per axis (3D: in the x-z
 * plane). Movers: a circle of radius 0.5, a capsule (0.5 long, radius
 * 0.4), a 1 x 1 box, a sphere of radius 0.5, an upright 3D capsule (0.5
 * long, radius 0.4).
 * The casts it makes: the library's mover does not say which casts it
 * made, so the bench also builds a recording copy of src/mover
 * (tools/meson.build: the same sources with -DFC_MOVER_BENCH_RECORD and
 * every external symbol renamed bench_rec_*), runs it once per case
 * (untimed) and checks that its results equal the library mover's, word
 * for word; it recorded every cast (the shape where the mover was, the
 * delta, the skin as back, the query) and what the mover saw. Each call's
 * casts are then re-issued exactly as the mover issues them
 * (fc_world_cast2_safe / fc_world_cast3_safe with the same arguments, the
 * hit filled, the id looked up: the core of fc_world_cast2_ex /
 * fc_world_cast3_ex plus the skin) and every result is checked equal to
 * what the mover saw (a mismatch is a bug: exit status 1).
 * Crowd: 200 circle movers (radius 0.5) in a 64 x 64-unit map with walls
 * and pillars, each walking toward its own target (at most 0.3 units per
 * axis per frame, a new target when reached), moved as bodies
 * (fc_world_move2) in id order, one frame = 200 calls.
 *
 * Wall times: ns per call (median of BENCH_ROUNDS rounds), the ratio per
 * round (its median and its max - min), the crowd's us per frame (median,
 * min, max of the rounds). Instructions (the primary figure, exact): each
 * measured unit is its own noinline function - bm_move_<shape> (one mover
 * call), bm_casts_<shape> (the casts of that call), bm_crowd_frame (one
 * frame) - so tools/bench/mover_callgrind.py prints instructions per call
 * as each function's inclusive cost / its calls under callgrind. */
#define FC_MOVER_BENCH_RECORD 1
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fixcol/cast.h>
#include <fixcol/mover.h>
#include <fixcol/world.h>

#include "mover/mover_internal.h"
#include "world/world_cast_ex.h"

#define UNIT 65536
#define BODIES 1000
#define CALLS 200
#define FIELD 128u
#define CROWD 200
#define CROWD_FRAMES 10 /* per round */
#define PASSES 5        /* passes over the CALLS cases per round */

/* The recording copy's public calls (tools/meson.build renames them). */
fc_status bench_rec_fc_world_move_shape2(fc_world *w, const fc_shape2 *shape, fc_vec2 desired,
                                         const fc_mover_def *def, fc_mover2_result *out);
fc_status bench_rec_fc_world_move_shape3(fc_world *w, const fc_shape3 *shape, fc_vec3 desired,
                                         const fc_mover_def *def, fc_mover3_result *out);

enum { M_CIRCLE, M_CAPSULE, M_BOX, M_SPHERE, M_CAPSULE3, M_KINDS };
static const char *const kind_name[M_KINDS] = {"circle", "capsule", "box", "sphere", "capsule3"};

/* The kinds that move in the 3D world. */
static int is3(int kind) { return kind == M_SPHERE || kind == M_CAPSULE3; }

/* One recorded cast: arguments and what the mover saw. */
typedef struct rec_cast {
    int dim;
    fc_shape2 s2;
    fc_shape3 s3;
    int64_t d[3], back;
    fc_filter filter;
    fc_body_id ex[FC_CAST_MAX_EXCLUDE + 1];
    int32_t nex;
    fc_status st;
    mv_hit h;
} rec_cast;

/* The recorder (one tool thread). */
static struct {
    int on;
    rec_cast *casts;
    int32_t n, cap;
} rec;

void mv_bench_record(const mv_ctx *c, const int64_t d[3], int64_t back, fc_status st, const mv_hit *h)
{
    if (!rec.on)
        return;
    if (rec.n == rec.cap) {
        int32_t cap = rec.cap ? 2 * rec.cap : 1024;
        rec_cast *p = realloc(rec.casts, (size_t)cap * sizeof *p);
        if (!p) {
            fprintf(stderr, "fixcol-bench mover: out of memory\n");
            exit(BENCH_EXIT_TABLE);
        }
        rec.casts = p;
        rec.cap = cap;
    }
    rec_cast *r = &rec.casts[rec.n++];
    memset(r, 0, sizeof *r);
    r->dim = c->dim;
    r->s2 = c->s2;
    r->s3 = c->s3;
    memcpy(r->d, d, sizeof r->d);
    r->back = back;
    r->filter = c->def->query.filter;
    memcpy(r->ex, c->ex, sizeof r->ex);
    r->nex = c->nex;
    r->st = st;
    r->h = *h;
}

/* One shape's workload: the cases and, per case, its recorded casts
 * [first[k], first[k + 1]). */
typedef struct workload {
    fc_world *w;
    int kind;
    fc_shape2 s2[CALLS];
    fc_shape3 s3[CALLS];
    fc_vec3 desired[CALLS];
    int32_t first[CALLS + 1];
} workload;

static fc_mover_def def_1k(void) { return fc_mover_def_default(); }

static uint32_t rnd(uint32_t *rs, uint32_t n) { return bench_xorshift32(rs) % n; }

static int32_t span(uint32_t *rs, int32_t lo, int32_t hi) { return lo + (int32_t)rnd(rs, (uint32_t)(hi - lo + 1)); }

/* ---------------------------------------------------------------- worlds */

static fc_shape2 body2(uint32_t *rs)
{
    fc_vec2 c = fc_vec2_make((int32_t)rnd(rs, FIELD * UNIT), (int32_t)rnd(rs, FIELD * UNIT));
    int32_t h = UNIT / 4 + (int32_t)rnd(rs, (uint32_t)(3 * UNIT / 4));
    fc_shape2 s;
    switch (rnd(rs, 5)) {
    case 0:
        s.type = FC_SHAPE2_CIRCLE;
        s.u.circle = fc_circle_make(c, h);
        break;
    case 1:
        s.type = FC_SHAPE2_AABB;
        s.u.aabb = fc_aabb2_make(fc_vec2_make(c.x - h, c.y - h / 2), fc_vec2_make(c.x + h, c.y + h / 2));
        break;
    case 2:
        s.type = FC_SHAPE2_OBB;
        s.u.obb = fc_obb2_make(c, fc_vec2_make(h, h / 2), (fc_angle)bench_xorshift32(rs));
        break;
    case 3:
        s.type = FC_SHAPE2_CAPSULE;
        s.u.capsule = fc_capsule2_make(fc_vec2_make(c.x - h, c.y), fc_vec2_make(c.x + h, c.y + h / 2), h / 2);
        break;
    default: {
        fc_vec2 v[3] = {fc_vec2_make(c.x - h, c.y - h), fc_vec2_make(c.x + h, c.y - h / 2), fc_vec2_make(c.x, c.y + h)};
        s.type = FC_SHAPE2_POLY;
        s.u.poly = fc_poly2_make(v, 3);
        break;
    }
    }
    return s;
}

static fc_shape3 body3(uint32_t *rs)
{
    fc_vec3 c = fc_vec3_make((int32_t)rnd(rs, FIELD * UNIT), (int32_t)rnd(rs, 8u * UNIT), (int32_t)rnd(rs, FIELD * UNIT));
    int32_t h = UNIT / 4 + (int32_t)rnd(rs, (uint32_t)(3 * UNIT / 4));
    fc_shape3 s;
    switch (rnd(rs, 3)) {
    case 0:
        s.type = FC_SHAPE3_SPHERE;
        fc_sphere_make(c, h, &s.u.sphere);
        break;
    case 1:
        s.type = FC_SHAPE3_AABB;
        fc_aabb3_make(fc_vec3_make(c.x - h, c.y - h / 2, c.z - h), fc_vec3_make(c.x + h, c.y + h / 2, c.z + h),
                      &s.u.aabb);
        break;
    default:
        s.type = FC_SHAPE3_OBB;
        fc_obb3_from_euler(c, fc_vec3_make(h, h / 2, h), (fc_angle)bench_xorshift32(rs), 0, 0, &s.u.obb);
        break;
    }
    return s;
}

static fc_world *world_1k(int dim)
{
    fc_world_def def = fc_world_def_default();
    def.dim = dim == 3 ? FC_WORLD_3D : FC_WORLD_2D;
    def.bounds_log2 = 7;
    def.max_depth = 4;
    def.body_capacity = BODIES;
    fc_world *w = NULL;
    if (fc_world_create(&def, &w) != FC_OK)
        return NULL;
    uint32_t rs = 4242;
    for (int i = 0; i < BODIES; i++) {
        fc_body_def bd = fc_body_def_default();
        if (dim == 3)
            bd.shape3 = body3(&rs);
        else
            bd.shape2 = body2(&rs);
        fc_body_id id;
        if (fc_world_create_body(w, &bd, &id) != FC_OK) {
            fc_world_destroy(w);
            return NULL;
        }
    }
    return w;
}

static fc_shape2 mover2(int kind, fc_vec2 o)
{
    fc_shape2 s;
    if (kind == M_CIRCLE) {
        s.type = FC_SHAPE2_CIRCLE;
        s.u.circle = fc_circle_make(o, UNIT / 2);
    } else if (kind == M_CAPSULE) {
        s.type = FC_SHAPE2_CAPSULE;
        s.u.capsule = fc_capsule2_make(fc_vec2_make(o.x, o.y - UNIT / 4), fc_vec2_make(o.x, o.y + UNIT / 4), 2 * UNIT / 5);
    } else {
        s.type = FC_SHAPE2_AABB;
        s.u.aabb = fc_aabb2_make(fc_vec2_make(o.x - UNIT / 2, o.y - UNIT / 2), fc_vec2_make(o.x + UNIT / 2, o.y + UNIT / 2));
    }
    return s;
}

/* The cases: random starts outside every body (the mover's push-out is
 * for the rare start in overlap, not the common call). */
static void make_cases(workload *wl)
{
    uint32_t rs = 9001u + (uint32_t)wl->kind;
    for (int k = 0; k < CALLS; k++) {
        for (;;) {
            const fc_body_id *ids;
            int32_t n = 1;
            if (is3(wl->kind)) {
                fc_vec3 o = fc_vec3_make((int32_t)rnd(&rs, FIELD * UNIT), (int32_t)rnd(&rs, 8u * UNIT),
                                         (int32_t)rnd(&rs, FIELD * UNIT));
                if (wl->kind == M_SPHERE) {
                    wl->s3[k].type = FC_SHAPE3_SPHERE;
                    fc_sphere_make(o, UNIT / 2, &wl->s3[k].u.sphere);
                } else {
                    wl->s3[k].type = FC_SHAPE3_CAPSULE;
                    wl->s3[k].u.capsule.a = fc_vec3_make(o.x, o.y - UNIT / 4, o.z);
                    wl->s3[k].u.capsule.b = fc_vec3_make(o.x, o.y + UNIT / 4, o.z);
                    wl->s3[k].u.capsule.radius = 2 * UNIT / 5;
                }
                fc_world_overlap3(wl->w, &wl->s3[k], fc_filter_default(), &ids, &n);
                wl->desired[k] = fc_vec3_make(span(&rs, -4 * UNIT, 4 * UNIT), 0, span(&rs, -4 * UNIT, 4 * UNIT));
            } else {
                fc_vec2 o = fc_vec2_make((int32_t)rnd(&rs, FIELD * UNIT), (int32_t)rnd(&rs, FIELD * UNIT));
                wl->s2[k] = mover2(wl->kind, o);
                fc_world_overlap2(wl->w, &wl->s2[k], fc_filter_default(), &ids, &n);
                wl->desired[k] = fc_vec3_make(span(&rs, -4 * UNIT, 4 * UNIT), span(&rs, -4 * UNIT, 4 * UNIT), 0);
            }
            if (n == 0)
                break;
        }
    }
}

/* ---------------------------------------------------------------- measured units */

static int64_t move_one(workload *wl, int k)
{
    fc_mover_def def = def_1k();
    if (is3(wl->kind)) {
        fc_mover3_result r;
        fc_status st = fc_world_move_shape3(wl->w, &wl->s3[k], wl->desired[k], &def, &r);
        return st != FC_OK ? -1 : (int64_t)r.moved.x + r.moved.y + r.moved.z + r.touch_count;
    }
    fc_mover2_result r;
    fc_status st = fc_world_move_shape2(wl->w, &wl->s2[k], fc_vec2_make(wl->desired[k].x, wl->desired[k].y), &def, &r);
    return st != FC_OK ? -1 : (int64_t)r.moved.x + r.moved.y + r.touch_count;
}

/* One cast re-issued exactly as mover_dim.c issues it. */
static fc_status replay(fc_world *w, const rec_cast *r, mv_hit *h)
{
    memset(h, 0, sizeof *h);
    if (r->dim == 2) {
        cast2_key best;
        fc_vec2 delta = fc_vec2_make((fix16_t)r->d[0], (fix16_t)r->d[1]), safe;
        fc_status st = fc_world_cast2_safe(w, &r->s2, delta, r->filter, r->ex, r->nex, r->back, &best, &h->have,
                                           &h->started, &safe);
        if (st != FC_OK)
            return st;
        h->safe[0] = safe.x, h->safe[1] = safe.y;
        if (!h->have)
            return FC_OK;
        fc_cast2_hit out;
        fc_world_cast2_fill(w, &best, delta, &out);
        fc_world_id_of(w, best.index, &h->id);
        h->t = out.t;
        h->normal[0] = out.normal.x, h->normal[1] = out.normal.y;
        if (best.f.kind == C2_DIR)
            h->dir[0] = best.f.x, h->dir[1] = best.f.y;
        else
            memcpy(h->dir, h->normal, sizeof h->dir);
        return FC_OK;
    }
    fc_cast3_key best;
    fc_vec3 delta = fc_vec3_make((fix16_t)r->d[0], (fix16_t)r->d[1], (fix16_t)r->d[2]), safe;
    fc_status st = fc_world_cast3_safe(w, &r->s3, delta, r->filter, r->ex, r->nex, r->back, &best, &h->have,
                                       &h->started, &safe);
    if (st != FC_OK)
        return st;
    h->safe[0] = safe.x, h->safe[1] = safe.y, h->safe[2] = safe.z;
    if (!h->have)
        return FC_OK;
    fc_cast3_hit out;
    fc_world_cast3_fill(w, &r->s3, &best, &out);
    fc_world_id_of(w, best.index, &h->id);
    h->t = out.t;
    h->normal[0] = out.normal.x, h->normal[1] = out.normal.y, h->normal[2] = out.normal.z;
    if (best.f.kind == FC_C3F_AXIS)
        memcpy(h->dir, best.f.a, sizeof h->dir);
    else
        memcpy(h->dir, h->normal, sizeof h->dir);
    return FC_OK;
}

static int same_hit(const mv_hit *a, const mv_hit *b)
{
    return a->have == b->have && a->started == b->started && fc_body_id_equal(a->id, b->id) && a->t == b->t &&
           memcmp(a->normal, b->normal, sizeof a->normal) == 0 && memcmp(a->dir, b->dir, sizeof a->dir) == 0 &&
           memcmp(a->safe, b->safe, sizeof a->safe) == 0;
}

static int64_t casts_one(workload *wl, int k)
{
    int64_t acc = 0;
    for (int32_t i = wl->first[k]; i < wl->first[k + 1]; i++) {
        mv_hit h;
        fc_status st = replay(wl->w, &rec.casts[i], &h);
        acc += st != FC_OK ? -1 : h.safe[0] + h.safe[1] + h.safe[2] + h.have;
    }
    return acc;
}

/* One noinline function per shape and side: callgrind's inclusive cost /
 * calls. Each stores its own tag, so no compiler folds them into one
 * (identical code folding would give callgrind one name for all). */
static volatile int bm_tag;
#define BM_UNIT(name, tag, call)                                                                                      \
    BENCH_NOINLINE static int64_t name(workload *wl, int k)                                                           \
    {                                                                                                                 \
        bm_tag = tag;                                                                                                 \
        return call(wl, k);                                                                                           \
    }
BM_UNIT(bm_move_circle, 1, move_one)
BM_UNIT(bm_move_capsule, 2, move_one)
BM_UNIT(bm_move_box, 3, move_one)
BM_UNIT(bm_move_sphere, 4, move_one)
BM_UNIT(bm_casts_circle, 5, casts_one)
BM_UNIT(bm_casts_capsule, 6, casts_one)
BM_UNIT(bm_casts_box, 7, casts_one)
BM_UNIT(bm_casts_sphere, 8, casts_one)
BM_UNIT(bm_move_capsule3, 9, move_one)
BM_UNIT(bm_casts_capsule3, 10, casts_one)

static int64_t (*const bm_move[M_KINDS])(workload *, int) = {bm_move_circle, bm_move_capsule, bm_move_box,
                                                             bm_move_sphere, bm_move_capsule3};
static int64_t (*const bm_casts[M_KINDS])(workload *, int) = {bm_casts_circle, bm_casts_capsule, bm_casts_box,
                                                              bm_casts_sphere, bm_casts_capsule3};

/* Record each case's casts with the recording copy; check its results
 * equal the library mover's and the re-issued casts equal what it saw. */
static int record(workload *wl)
{
    fc_mover_def def = def_1k();
    rec.n = 0;
    for (int k = 0; k < CALLS; k++) {
        wl->first[k] = rec.n;
        int equal;
        rec.on = 1;
        if (is3(wl->kind)) {
            fc_mover3_result a, b;
            fc_status sa = bench_rec_fc_world_move_shape3(wl->w, &wl->s3[k], wl->desired[k], &def, &a);
            rec.on = 0;
            fc_status sb = fc_world_move_shape3(wl->w, &wl->s3[k], wl->desired[k], &def, &b);
            equal = sa == FC_OK && sb == FC_OK && memcmp(&a, &b, sizeof a) == 0;
        } else {
            fc_mover2_result a, b;
            fc_vec2 d = fc_vec2_make(wl->desired[k].x, wl->desired[k].y);
            fc_status sa = bench_rec_fc_world_move_shape2(wl->w, &wl->s2[k], d, &def, &a);
            rec.on = 0;
            fc_status sb = fc_world_move_shape2(wl->w, &wl->s2[k], d, &def, &b);
            equal = sa == FC_OK && sb == FC_OK && memcmp(&a, &b, sizeof a) == 0;
        }
        if (!equal) {
            fprintf(stderr, "fixcol-bench mover: %s case %d: the recording copy differs from the library mover\n",
                    kind_name[wl->kind], k);
            return 0;
        }
    }
    wl->first[CALLS] = rec.n;
    for (int32_t i = 0; i < rec.n; i++) {
        mv_hit h;
        fc_status st = replay(wl->w, &rec.casts[i], &h);
        if (st != rec.casts[i].st || !same_hit(&h, &rec.casts[i].h)) {
            fprintf(stderr, "fixcol-bench mover: %s cast %d: the re-issued cast differs from what the mover saw\n",
                    kind_name[wl->kind], (int)i);
            return 0;
        }
    }
    return 1;
}

typedef struct kind_figures {
    double ns_move, ns_casts, ratio, ratio_spread, casts_per_call;
} kind_figures;

static void run_kind(int kind, fc_world *w, kind_figures *out)
{
    workload *wl = calloc(1, sizeof *wl);
    if (!wl)
        exit(BENCH_EXIT_TABLE);
    wl->w = w;
    wl->kind = kind;
    make_cases(wl);
    if (!record(wl))
        exit(BENCH_EXIT_TABLE);
    double tm[BENCH_ROUNDS], tc[BENCH_ROUNDS], ratio[BENCH_ROUNDS];
    for (int r = -1; r < BENCH_ROUNDS; r++) { /* round -1: warm-up, not kept */
        int64_t acc = 0;
        double t0 = bench_now_ns();
        for (int p = 0; p < PASSES; p++)
            for (int k = 0; k < CALLS; k++)
                acc += bm_move[kind](wl, k);
        double t1 = bench_now_ns();
        for (int p = 0; p < PASSES; p++)
            for (int k = 0; k < CALLS; k++)
                acc += bm_casts[kind](wl, k);
        double t2 = bench_now_ns();
        bench_sink(acc);
        if (r < 0)
            continue;
        tm[r] = (t1 - t0) / (PASSES * CALLS);
        tc[r] = (t2 - t1) / (PASSES * CALLS);
        ratio[r] = tc[r] > 0 ? tm[r] / tc[r] : 0;
    }
    out->ns_move = bench_median(tm, BENCH_ROUNDS);
    out->ns_casts = bench_median(tc, BENCH_ROUNDS);
    out->ratio = bench_median(ratio, BENCH_ROUNDS); /* sorted: [0] min, [n-1] max */
    out->ratio_spread = ratio[BENCH_ROUNDS - 1] - ratio[0];
    out->casts_per_call = (double)rec.n / CALLS;
    free(wl);
}

/* ---------------------------------------------------------------- the crowd */

typedef struct crowd {
    fc_world *w;
    fc_body_id id[CROWD];
    int32_t x[CROWD], y[CROWD], tx[CROWD], ty[CROWD];
    uint32_t rs;
} crowd;

static fc_shape2 wall(int32_t x0, int32_t y0, int32_t x1, int32_t y1)
{
    fc_shape2 s;
    s.type = FC_SHAPE2_AABB;
    s.u.aabb = fc_aabb2_make(fc_vec2_make(x0 * UNIT, y0 * UNIT), fc_vec2_make(x1 * UNIT, y1 * UNIT));
    return s;
}

static int crowd_add(fc_world *w, fc_shape2 s, fc_body_id *id)
{
    fc_body_def bd = fc_body_def_default();
    bd.shape2 = s;
    return fc_world_create_body(w, &bd, id) == FC_OK;
}

static void new_target(crowd *c, int i)
{
    c->tx[i] = (2 + (int32_t)rnd(&c->rs, 60)) * UNIT;
    c->ty[i] = (2 + (int32_t)rnd(&c->rs, 60)) * UNIT;
}

/* A 64 x 64 map: border walls, three wall rows with gaps (lanes), pillars;
 * 200 movers on a grid in the free cells. */
static int crowd_make(crowd *c)
{
    memset(c, 0, sizeof *c);
    c->rs = 1234567u;
    fc_world_def def = fc_world_def_default();
    def.bounds_min = fc_vec2_make(-8 * UNIT, -8 * UNIT);
    def.bounds_log2 = 7;
    def.max_depth = 5;
    if (fc_world_create(&def, &c->w) != FC_OK)
        return 0;
    fc_body_id id;
    int ok = crowd_add(c->w, wall(-1, -1, 65, 0), &id) && crowd_add(c->w, wall(-1, 64, 65, 65), &id) &&
             crowd_add(c->w, wall(-1, 0, 0, 64), &id) && crowd_add(c->w, wall(64, 0, 65, 64), &id);
    for (int row = 1; row <= 3 && ok; row++)
        for (int seg = 0; seg < 4 && ok; seg++) /* a wall 12 units long, a 4-unit gap */
            ok = crowd_add(c->w, wall(seg * 16 + (row % 2) * 4, row * 16, seg * 16 + (row % 2) * 4 + 12, row * 16 + 1), &id);
    for (int p = 0; p < 12 && ok; p++) {
        fc_shape2 s;
        s.type = FC_SHAPE2_CIRCLE;
        s.u.circle = fc_circle_make(fc_vec2_make((8 + (p % 4) * 16) * UNIT, (8 + (p / 4) * 16) * UNIT), UNIT);
        ok = crowd_add(c->w, s, &id);
    }
    for (int i = 0; i < CROWD && ok; i++) {
        /* 20 per band, 1.5 units apart, bands between the wall rows */
        c->x[i] = (3 * UNIT) + (i % 20) * (3 * UNIT);
        c->y[i] = (4 + (i / 20 % 4) * 16 + (i / 80) * 3) * UNIT + UNIT / 2;
        fc_shape2 s;
        s.type = FC_SHAPE2_CIRCLE;
        s.u.circle = fc_circle_make(fc_vec2_make(c->x[i], c->y[i]), UNIT / 2);
        ok = crowd_add(c->w, s, &c->id[i]);
        new_target(c, i);
    }
    return ok;
}

/* Toward the target, at most 0.3 units per axis (scaled, integer). */
static int32_t step_toward(int32_t from, int32_t to, int32_t other_from, int32_t other_to)
{
    int64_t d = (int64_t)to - from, e = (int64_t)other_to - other_from, ad = d < 0 ? -d : d, ae = e < 0 ? -e : e;
    int64_t m = ad > ae ? ad : ae, speed = 3 * UNIT / 10;
    return m <= speed ? (int32_t)d : (int32_t)(d * speed / m);
}

BENCH_NOINLINE static int64_t bm_crowd_frame(crowd *c)
{
    fc_mover_def def = fc_mover_def_default();
    int64_t acc = 0;
    for (int i = 0; i < CROWD; i++) {
        fc_vec2 d = fc_vec2_make(step_toward(c->x[i], c->tx[i], c->y[i], c->ty[i]),
                                 step_toward(c->y[i], c->ty[i], c->x[i], c->tx[i]));
        fc_mover2_result r;
        if (fc_world_move2(c->w, c->id[i], d, &def, &r) != FC_OK)
            return -1;
        c->x[i] += r.moved.x;
        c->y[i] += r.moved.y;
        int64_t dx = (int64_t)c->tx[i] - c->x[i], dy = (int64_t)c->ty[i] - c->y[i];
        if ((dx < 0 ? -dx : dx) < UNIT && (dy < 0 ? -dy : dy) < UNIT)
            new_target(c, i);
        acc += r.touch_count;
    }
    return acc;
}

/* us per frame: median, min, max of BENCH_ROUNDS rounds of CROWD_FRAMES. */
static void run_crowd(double *median, double *lo, double *hi, double *touches)
{
    crowd *c = malloc(sizeof *c);
    *median = *lo = *hi = *touches = 0;
    if (!c || !crowd_make(c)) {
        free(c);
        exit(BENCH_EXIT_TABLE);
    }
    for (int f = 0; f < CROWD_FRAMES; f++) /* warm-up: the crowd spreads out */
        bench_sink(bm_crowd_frame(c));
    double t[BENCH_ROUNDS];
    int64_t acc = 0;
    for (int r = 0; r < BENCH_ROUNDS; r++) {
        double t0 = bench_now_ns();
        for (int f = 0; f < CROWD_FRAMES; f++)
            acc += bm_crowd_frame(c);
        t[r] = (bench_now_ns() - t0) / CROWD_FRAMES / 1e3;
    }
    if (acc < 0)
        exit(BENCH_EXIT_TABLE);
    *median = bench_median(t, BENCH_ROUNDS);
    *lo = t[0];
    *hi = t[BENCH_ROUNDS - 1];
    *touches = (double)acc / (BENCH_ROUNDS * CROWD_FRAMES);
    fc_world_destroy(c->w);
    free(c);
}

void bench_mover(void)
{
    kind_figures k[M_KINDS];
    memset(k, 0, sizeof k);
    fc_world *w2 = world_1k(2), *w3 = world_1k(3);
    if (!w2 || !w3)
        exit(BENCH_EXIT_TABLE);
    for (int kind = 0; kind < M_KINDS; kind++)
        run_kind(kind, is3(kind) ? w3 : w2, &k[kind]);
    fc_world_destroy(w2);
    fc_world_destroy(w3);
    free(rec.casts);
    memset(&rec, 0, sizeof rec);
    double cm, clo, chi, ctouch;
    run_crowd(&cm, &clo, &chi, &ctouch);
    char name[64];
    for (int kind = 0; kind < M_KINDS; kind++) {
        snprintf(name, sizeof name, "mover_%s_1k", kind_name[kind]);
        bench_print(name, k[kind].ns_move, "ns");
        snprintf(name, sizeof name, "mover_%s_casts", kind_name[kind]);
        bench_print(name, k[kind].ns_casts, "ns");
        snprintf(name, sizeof name, "mover_%s_vs_casts", kind_name[kind]);
        bench_print(name, k[kind].ratio, "x");
        snprintf(name, sizeof name, "mover_%s_vs_casts_spread", kind_name[kind]);
        bench_print(name, k[kind].ratio_spread, "x");
        snprintf(name, sizeof name, "mover_%s_casts_per_call", kind_name[kind]);
        bench_print(name, k[kind].casts_per_call, "casts");
    }
    bench_print("mover_crowd200_frame", cm, "us");
    bench_print("mover_crowd200_frame_min", clo, "us");
    bench_print("mover_crowd200_frame_max", chi, "us");
    bench_print("mover_crowd200_touches", ctouch, "touches/frame");
}
