/* SPDX-License-Identifier: MIT */
/* The mover under rollback (issue 29.5): a world of mixed bodies (2D:
 * circles, boxes, OBBs, capsules, polygons, walls and a moving platform;
 * 3D: spheres, AABB3s, OBB3s on a floor) with several mover bodies (2D: a
 * circle, a capsule and a box, each once top-down and once platformer with
 * gravity, step-up and ground snap; 3D: three spheres) runs FRAMES frames
 * of fc_world_move2 / fc_world_move3 calls with seeded inputs, recording
 * every output of every call (moved, flags, iterations, every touch: id,
 * t, normal, iteration, kind; every path segment, push-outs) and the world
 * checksum after each frame. Frame 15 destroys a body and creates one
 * (same slot, next generation), so the rollbacks also undo a destroy and a
 * create. Then, on the same world:
 *   1. fc_world_history_rollback to the state before frame BACK_TO and the
 *      same frames again: every record identical, word for word;
 *   2. fc_world_restore of the snapshot taken before frame BACK_TO and the
 *      same frames again: identical;
 *   3. a late input (mover LATE_MOVER's input of frame LATE_FRAME turns
 *      out different): rollback to before LATE_FRAME, re-simulate with it:
 *      frame LATE_FRAME's record differs from the first run's, and every
 *      frame from LATE_FRAME on equals a fresh run (a new world built the
 *      same way, every frame simulated with the late input known).
 * Should-fail twins (tests/meson.build, should_fail): --break input
 * changes one re-simulated input by 1 raw without saying so, --break
 * restore skips the history rollback and the snapshot restore; either
 * must make this test fail. */
#include <fixcol/fixcol.h>

#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define U 65536
#define FRAMES 40
#define BACK_TO 12     /* the rollbacks return to the state before this frame */
#define LATE_FRAME 25  /* the frame whose late input arrives */
#define LATE_MOVER 1
#define RECREATE_FRAME 15
#define MOVERS 6
#define MAXW 12000     /* words of one frame's record */

static int break_input, break_restore;

/* One frame's outputs as 64-bit words. */
typedef struct rec {
    int32_t n, overflow;
    int64_t w[MAXW];
} rec;

static void put(rec *r, int64_t v)
{
    if (r->n < MAXW)
        r->w[r->n++] = v;
    else
        r->overflow = 1;
}

static int same(const rec *a, const rec *b)
{
    return a->n == b->n && !a->overflow && !b->overflow && memcmp(a->w, b->w, (size_t)a->n * sizeof a->w[0]) == 0;
}

typedef struct scene {
    int dim;
    fc_world *w;
    fc_body_id movers[MOVERS];
    int nm;
    fc_body_id platform, doomed;
    int late;         /* the late input is known */
    int resimulating; /* the --break input twin changes an input only then */
    long touches;     /* touches seen (the test must exercise collisions) */
    int32_t flags;    /* every flag seen */
} scene;

static uint64_t mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15u;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9u;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBu;
    return x ^ (x >> 31);
}

/* The input of mover i in frame f along axis: a pure function of (dim, f,
 * i, axis) and what the game knows (the late input). */
static int32_t input(const scene *s, int f, int i, int axis)
{
    uint64_t h = mix(((uint64_t)s->dim << 48) ^ ((uint64_t)f << 24) ^ ((uint64_t)i << 8) ^ (uint64_t)axis);
    int32_t d = (int32_t)(h % (3u * U)) - 3 * U / 2; /* -1.5 .. 1.5 units */
    int platformer = i % 2 == 1;
    if (platformer && axis == 1)
        d = d / 4 - U / 2; /* gravity */
    if (s->late && f == LATE_FRAME && i == LATE_MOVER && axis == 0)
        d += 2 * U; /* the late input: two units further right */
    if (break_input && s->resimulating && f == BACK_TO + 3 && i == 0)
        d += 1; /* the twin: one raw on each axis, silently */
    return d;
}

static fc_mover_def mover_def(int i)
{
    fc_mover_def d = fc_mover_def_default();
    if (i % 2 == 1) { /* platformer */
        d.step_height = U / 3;
        d.snap_distance = U / 4;
        d.max_iterations = 6;
    }
    return d;
}

static fc_body_id add2(fc_world *w, fc_shape2 s)
{
    fc_body_def bd = fc_body_def_default();
    bd.shape2 = s;
    fc_body_id id;
    memset(&id, 0, sizeof id);
    TU_CHECK(fc_world_create_body(w, &bd, &id) == FC_OK, "2D body");
    return id;
}

static fc_body_id add3(fc_world *w, fc_shape3 s)
{
    fc_body_def bd = fc_body_def_default();
    bd.shape3 = s;
    fc_body_id id;
    memset(&id, 0, sizeof id);
    TU_CHECK(fc_world_create_body(w, &bd, &id) == FC_OK, "3D body");
    return id;
}

static fc_shape2 box2(int32_t x0, int32_t y0, int32_t x1, int32_t y1)
{
    fc_shape2 s;
    s.type = FC_SHAPE2_AABB;
    s.u.aabb = fc_aabb2_make(fc_vec2_make(x0, y0), fc_vec2_make(x1, y1));
    return s;
}

static fc_shape3 box3(int32_t x0, int32_t y0, int32_t z0, int32_t x1, int32_t y1, int32_t z1)
{
    fc_shape3 s;
    s.type = FC_SHAPE3_AABB;
    fc_aabb3_make(fc_vec3_make(x0, y0, z0), fc_vec3_make(x1, y1, z1), &s.u.aabb);
    return s;
}

static int32_t rnd(uint64_t *rs, int32_t lo, int32_t hi)
{
    return lo + (int32_t)(tu_rand64(rs) % (uint64_t)(hi - lo + 1));
}

/* 2D: walls around a 24 x 24-unit room, a floor, 40 mixed bodies, a
 * platform, 6 movers (circle, capsule, box; even: top-down, odd:
 * platformer). */
static void build2(scene *s)
{
    fc_world_def def = fc_world_def_default();
    def.bounds_min = fc_vec2_make(-(32 * U), -(32 * U));
    def.bounds_log2 = 6;
    def.max_depth = 4;
    TU_CHECK(fc_world_create(&def, &s->w) == FC_OK, "2D world");
    fc_world *w = s->w;
    add2(w, box2(-13 * U, -13 * U, 13 * U, -12 * U)); /* floor */
    add2(w, box2(-13 * U, 12 * U, 13 * U, 13 * U));
    add2(w, box2(-13 * U, -12 * U, -12 * U, 12 * U));
    add2(w, box2(12 * U, -12 * U, 13 * U, 12 * U));
    uint64_t rs = 0x5eed2d;
    for (int i = 0; i < 40; i++) {
        fc_vec2 c = fc_vec2_make(rnd(&rs, -10 * U, 10 * U), rnd(&rs, -11 * U, 10 * U));
        int32_t h = rnd(&rs, U / 4, U);
        fc_shape2 b;
        switch (i % 5) {
        case 0:
            b.type = FC_SHAPE2_CIRCLE;
            b.u.circle = fc_circle_make(c, h);
            break;
        case 1: b = box2(c.x - h, c.y - h / 3, c.x + h, c.y + h / 3); break; /* steps and ledges */
        case 2:
            b.type = FC_SHAPE2_OBB;
            b.u.obb = fc_obb2_make(c, fc_vec2_make(h, h / 2), (fc_angle)tu_rand64(&rs));
            break;
        case 3:
            b.type = FC_SHAPE2_CAPSULE;
            b.u.capsule = fc_capsule2_make(fc_vec2_make(c.x - h, c.y), fc_vec2_make(c.x + h, c.y + h / 2), h / 3);
            break;
        default: {
            fc_vec2 v[3] = {fc_vec2_make(c.x - h, c.y - h), fc_vec2_make(c.x + h, c.y - h / 2), fc_vec2_make(c.x, c.y + h)};
            b.type = FC_SHAPE2_POLY;
            b.u.poly = fc_poly2_make(v, 3);
            break;
        }
        }
        fc_body_id id = add2(w, b);
        if (i == 17)
            s->doomed = id;
    }
    s->platform = add2(w, box2(-3 * U, -8 * U, 1 * U, -7 * U - U / 2));
    for (int i = 0; i < MOVERS; i++) {
        fc_vec2 c = fc_vec2_make(-9 * U + i * (3 * U + U / 3), (i % 2 ? 6 : 2) * U);
        fc_shape2 m;
        switch (i / 2) {
        case 0:
            m.type = FC_SHAPE2_CIRCLE;
            m.u.circle = fc_circle_make(c, U / 2);
            break;
        case 1:
            m.type = FC_SHAPE2_CAPSULE;
            m.u.capsule = fc_capsule2_make(fc_vec2_make(c.x, c.y - 2 * U / 5), fc_vec2_make(c.x, c.y + 2 * U / 5),
                                           U / 3);
            break;
        default: m = box2(c.x - 2 * U / 5, c.y - U / 2, c.x + 2 * U / 5, c.y + U / 2); break;
        }
        s->movers[s->nm++] = add2(w, m);
    }
}

/* 3D: a floor, walls, 36 spheres / AABB3s / OBB3s, a platform, 3 sphere
 * movers (0, 2 top-down, 1 platformer). */
static void build3(scene *s)
{
    fc_world_def def = fc_world_def_default();
    def.dim = FC_WORLD_3D;
    def.bounds_min = fc_vec2_make(-(32 * U), -(32 * U));
    def.bounds_log2 = 6;
    def.max_depth = 4;
    TU_CHECK(fc_world_create(&def, &s->w) == FC_OK, "3D world");
    fc_world *w = s->w;
    add3(w, box3(-13 * U, -2 * U, -13 * U, 13 * U, -1 * U, 13 * U)); /* floor */
    add3(w, box3(-13 * U, -1 * U, -13 * U, -12 * U, 4 * U, 13 * U));
    add3(w, box3(12 * U, -1 * U, -13 * U, 13 * U, 4 * U, 13 * U));
    add3(w, box3(-12 * U, -1 * U, -13 * U, 12 * U, 4 * U, -12 * U));
    add3(w, box3(-12 * U, -1 * U, 12 * U, 12 * U, 4 * U, 13 * U));
    uint64_t rs = 0x5eed3d;
    for (int i = 0; i < 36; i++) {
        fc_vec3 c = fc_vec3_make(rnd(&rs, -10 * U, 10 * U), rnd(&rs, -U, 2 * U), rnd(&rs, -10 * U, 10 * U));
        int32_t h = rnd(&rs, U / 4, U);
        fc_shape3 b;
        switch (i % 3) {
        case 0:
            b.type = FC_SHAPE3_SPHERE;
            fc_sphere_make(c, h, &b.u.sphere);
            break;
        case 1: b = box3(c.x - h, c.y - h / 3, c.z - h, c.x + h, c.y + h / 3, c.z + h); break;
        default:
            b.type = FC_SHAPE3_OBB;
            fc_obb3_from_euler(c, fc_vec3_make(h, h / 2, h), (fc_angle)tu_rand64(&rs), 0, 0, &b.u.obb);
            break;
        }
        fc_body_id id = add3(w, b);
        if (i == 17)
            s->doomed = id;
    }
    s->platform = add3(w, box3(-3 * U, -U / 2, -2 * U, U, 0, 2 * U));
    for (int i = 0; i < 3; i++) {
        fc_shape3 m;
        m.type = FC_SHAPE3_SPHERE;
        fc_sphere_make(fc_vec3_make(-6 * U + i * 6 * U, 3 * U, (i - 1) * 4 * U), U / 2, &m.u.sphere);
        s->movers[s->nm++] = add3(w, m);
    }
}

static void put_touch(rec *r, const fc_mover_touch *t)
{
    put(r, t->id.index), put(r, t->id.generation), put(r, t->id.world);
    put(r, t->t), put(r, t->normal.x), put(r, t->normal.y), put(r, t->normal.z);
    put(r, t->iteration), put(r, t->kind);
}

/* One frame: the platform moves, frame RECREATE_FRAME destroys a body and
 * creates one, every mover moves (in index order), the checksum; then the
 * history save. */
static void frame(scene *s, int f, rec *r)
{
    r->n = 0;
    r->overflow = 0;
    fc_world *w = s->w;
    int32_t px = (f % 8) < 4 ? U / 4 : -(U / 4);
    if (s->dim == 2)
        TU_CHECK(fc_world_translate2(w, s->platform, fc_vec2_make(px, 0)) == FC_OK, "platform");
    else
        TU_CHECK(fc_world_translate3(w, s->platform, fc_vec3_make(px, 0, 0)) == FC_OK, "platform");
    if (f == RECREATE_FRAME) {
        TU_CHECK(fc_world_destroy_body(w, s->doomed) == FC_OK, "destroy");
        fc_body_id id;
        if (s->dim == 2)
            id = add2(w, box2(-U, -3 * U, U, -2 * U));
        else
            id = add3(w, box3(-U, 0, -U, U, U / 2, U));
        put(r, id.index), put(r, id.generation);
    }
    for (int i = 0; i < s->nm; i++) {
        fc_mover_def def = mover_def(s->dim == 2 ? i : (i == 1));
        fc_status st;
        if (s->dim == 2) {
            fc_mover2_result m;
            st = fc_world_move2(w, s->movers[i], fc_vec2_make(input(s, f, i, 0), input(s, f, i, 1)), &def, &m);
            TU_CHECK(st == FC_OK, "move2 frame %d mover %d: %d", f, i, (int)st);
            put(r, st), put(r, m.moved.x), put(r, m.moved.y), put(r, m.flags), put(r, m.iterations);
            put(r, m.touch_count), put(r, m.path_count), put(r, m.pushouts);
            for (int32_t k = 0; k < m.touch_count; k++)
                put_touch(r, &m.touches[k]);
            for (int32_t k = 0; k < m.path_count; k++)
                put(r, m.path[k].x), put(r, m.path[k].y);
            s->touches += m.touch_count;
            s->flags |= m.flags;
        } else {
            fc_mover3_result m;
            fc_vec3 d = fc_vec3_make(input(s, f, i, 0), i == 1 ? input(s, f, 1, 1) : 0, input(s, f, i, 2));
            st = fc_world_move3(w, s->movers[i], d, &def, &m);
            TU_CHECK(st == FC_OK, "move3 frame %d mover %d: %d", f, i, (int)st);
            put(r, st), put(r, m.moved.x), put(r, m.moved.y), put(r, m.moved.z), put(r, m.flags);
            put(r, m.iterations), put(r, m.touch_count), put(r, m.path_count), put(r, m.pushouts);
            for (int32_t k = 0; k < m.touch_count; k++)
                put_touch(r, &m.touches[k]);
            for (int32_t k = 0; k < m.path_count; k++)
                put(r, m.path[k].x), put(r, m.path[k].y), put(r, m.path[k].z);
            s->touches += m.touch_count;
            s->flags |= m.flags;
        }
    }
    put(r, (int64_t)fc_world_checksum(w));
    TU_CHECK(!r->overflow, "record overflow");
    TU_CHECK(fc_world_history_save(w) == FC_OK, "history save frame %d", f);
}

static void build(scene *s, int dim)
{
    memset(s, 0, sizeof *s);
    s->dim = dim;
    if (dim == 2)
        build2(s);
    else
        build3(s);
    TU_CHECK(fc_world_history_begin(s->w, 64, 1 << 22) == FC_OK, "history");
    TU_CHECK(fc_world_history_save(s->w) == FC_OK, "the save before frame 0");
}

/* Frames from..FRAMES-1 again, each compared with want[f] (the count of
 * differing frames returned). */
static int resimulate(scene *s, int from, const rec *want, rec *got, const char *what)
{
    int differ = 0;
    s->resimulating = 1;
    for (int f = from; f < FRAMES; f++) {
        frame(s, f, &got[f]);
        if (!same(&got[f], &want[f])) {
            differ++;
            TU_CHECK(0, "%dD %s: frame %d differs from the first run", s->dim, what, f);
        }
    }
    s->resimulating = 0;
    return differ;
}

static void run(int dim)
{
    rec *base = calloc(FRAMES, sizeof *base), *again = calloc(FRAMES, sizeof *again),
        *fresh = calloc(FRAMES, sizeof *fresh);
    TU_CHECK(base && again && fresh, "memory");
    if (!base || !again || !fresh)
        exit(1);
    scene s;
    build(&s, dim);
    uint64_t before[FRAMES];
    size_t cap = 1 << 20, size = 0;
    unsigned char *snap = malloc(cap);
    for (int f = 0; f < FRAMES; f++) {
        if (f == BACK_TO)
            TU_CHECK(fc_world_snapshot(s.w, snap, cap, &size) == FC_OK, "snapshot");
        before[f] = fc_world_checksum(s.w);
        frame(&s, f, &base[f]);
    }
    long first = s.touches;
    TU_CHECK(first >= (dim == 2 ? 80 : 30), "%dD: only %ld touches in the first run (the scene must collide)", dim,
             first);
    TU_CHECK((s.flags & FC_MOVER_WALL) && (dim == 3 || (s.flags & FC_MOVER_GROUNDED)),
             "%dD: flags seen %d", dim, (int)s.flags);

    /* 1. the history ring: back to the save after frame BACK_TO - 1 */
    if (!break_restore)
        TU_CHECK(fc_world_history_rollback(s.w, FRAMES - BACK_TO) == FC_OK, "rollback");
    TU_CHECK(fc_world_checksum(s.w) == before[BACK_TO], "%dD: checksum after the rollback", dim);
    int d1 = resimulate(&s, BACK_TO, base, again, "history rollback");

    /* 2. the snapshot: the whole state before frame BACK_TO */
    if (!break_restore)
        TU_CHECK(fc_world_restore(s.w, snap, size) == FC_OK, "restore");
    TU_CHECK(fc_world_history_save(s.w) == FC_OK, "save after the restore");
    TU_CHECK(fc_world_checksum(s.w) == before[BACK_TO], "%dD: checksum after the restore", dim);
    int d2 = resimulate(&s, BACK_TO, base, again, "snapshot restore");

    /* 3. the late input of frame LATE_FRAME: back to the save after
     * LATE_FRAME - 1, re-simulate knowing it; compare with a fresh run */
    TU_CHECK(fc_world_history_rollback(s.w, FRAMES - LATE_FRAME) == FC_OK, "rollback for the late input");
    TU_CHECK(fc_world_checksum(s.w) == before[LATE_FRAME], "%dD: checksum before the late frame", dim);
    s.late = 1;
    for (int f = LATE_FRAME; f < FRAMES; f++)
        frame(&s, f, &again[f]);
    scene t;
    build(&t, dim);
    t.late = 1;
    for (int f = 0; f < FRAMES; f++)
        frame(&t, f, &fresh[f]);
    int changed = 0, d3 = 0;
    for (int f = 0; f < FRAMES; f++) {
        if (f < LATE_FRAME) {
            TU_CHECK(same(&fresh[f], &base[f]), "%dD: fresh run frame %d before the late input differs", dim, f);
            continue;
        }
        changed += !same(&again[f], &base[f]);
        if (!same(&again[f], &fresh[f])) {
            d3++;
            TU_CHECK(0, "%dD late input: frame %d differs from the fresh run", dim, f);
        }
    }
    TU_CHECK(!same(&again[LATE_FRAME], &base[LATE_FRAME]), "%dD: the late input changed nothing", dim);
    printf("%dD: %d frames x %d movers, %ld touches in the first run, flags %d; history rollback %d, snapshot restore %d differing "
           "frames; late input: %d of %d frames changed, %d differ from the fresh run\n",
           dim, FRAMES, s.nm, first, (int)s.flags, d1, d2, changed, FRAMES - LATE_FRAME, d3);
    fc_world_destroy(s.w);
    fc_world_destroy(t.w);
    free(snap);
    free(base);
    free(again);
    free(fresh);
}

int main(int argc, char **argv)
{
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--break") == 0 && a + 1 < argc) {
            a++;
            break_input = strcmp(argv[a], "input") == 0;
            break_restore = strcmp(argv[a], "restore") == 0;
            if (!break_input && !break_restore) {
                fprintf(stderr, "test_mover_rollback: --break input|restore\n");
                return 2;
            }
        } else {
            fprintf(stderr, "usage: test_mover_rollback [--break input|restore]\n");
            return 2;
        }
    }
    run(2);
    run(3);
    return tu_finish("test_mover_rollback");
}
