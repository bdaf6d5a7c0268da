/* SPDX-License-Identifier: MIT */
/* moba_heavy.c - the call-heavy MOBA frame (moba_heavy.h), per-call and
 * batched; both give the same digest every frame (checked by the bench). */
#include "moba_heavy.h"

#include <stdlib.h>
#include <string.h>

#include <fixcol/area2.h>
#include <fixcol/cast.h>
#include <fixcol/frame.h>
#include <fixcol/pushout.h>
#include <fixcol/trig.h>

#define U 65536
#define SPEED (U / 4)
#define CAP 1024

/* The 8 ray directions, 30 units long (the dashes use a third). */
static const int32_t DIRS[8][2] = {{30 * U, 0}, {0, 30 * U}, {-30 * U, 0}, {0, -30 * U},
                                   {21 * U, 21 * U}, {-21 * U, 21 * U}, {-21 * U, -21 * U}, {21 * U, -21 * U}};

static uint32_t fold(uint32_t d, int64_t v)
{
    return d * 31u + (uint32_t)(uint64_t)v;
}

static int32_t mul_floor(int32_t a, int32_t b)
{
    int64_t p = (int64_t)a * b;
    return (int32_t)((p - (((p % 65536) + 65536) % 65536)) / 65536);
}

int moba_setup(moba_state *m)
{
    memset(m, 0, sizeof *m);
    fc_world_def def = fc_world_def_default();
    def.bounds_log2 = 8; /* 256 units */
    def.max_depth = 4;
    def.pair_capacity = CAP;
    if (fc_world_create(&def, &m->w) != FC_OK)
        return 1;
    fc_body_def bd = fc_body_def_default();
    bd.filter.category = 2, bd.filter.mask = 1; /* walls pair with units only */
    for (int i = 0; i < MOBA_WALLS; i++) {
        int32_t x0, y0, x1, y1;
        if (i < 4) { /* the border */
            x0 = i == 1 ? 252 * U : 0, y0 = i == 3 ? 252 * U : 0;
            x1 = i == 0 ? 4 * U : 256 * U, y1 = i == 2 ? 4 * U : 256 * U;
            if (i >= 2)
                x0 = 0, x1 = 256 * U, y1 = y0 + 4 * U;
            else
                y0 = 0, y1 = 256 * U, x1 = x0 + 4 * U;
        } else { /* pillars on a 5 x 4 grid */
            x0 = (24 + ((i - 4) % 5) * 48) * U, y0 = (36 + ((i - 4) / 5) * 56) * U;
            x1 = x0 + 6 * U, y1 = y0 + 6 * U;
        }
        bd.shape2.type = FC_SHAPE2_AABB;
        bd.shape2.u.aabb = fc_aabb2_make(fc_vec2_make(x0, y0), fc_vec2_make(x1, y1));
        if (fc_world_create_body(m->w, &bd, &m->ids[i]) != FC_OK)
            return 1;
    }
    bd.filter.category = 1, bd.filter.mask = 0xFFFFFFFFu;
    for (int i = 0; i < MOBA_UNITS; i++) {
        m->x[i] = (10 + (i % 20) * 12) * U + U / 2, m->y[i] = (10 + (i / 20) * 24) * U;
        m->angle[i] = (i * 2731) % 65536;
        bd.shape2.type = FC_SHAPE2_CIRCLE;
        bd.shape2.u.circle = fc_circle_make(fc_vec2_make(m->x[i], m->y[i]), U);
        if (fc_world_create_body(m->w, &bd, &m->ids[MOBA_WALLS + i]) != FC_OK)
            return 1;
    }
    m->cmd = (int32_t *)malloc(8192 * sizeof(int32_t));
    m->out = (int32_t *)malloc(65536 * sizeof(int32_t));
    return !m->cmd || !m->out;
}

void moba_teardown(moba_state *m)
{
    fc_world_destroy(m->w);
    free(m->cmd);
    free(m->out);
}

/* The unit's new heading: a steady turn, reversed near the border. */
static int32_t steer(const moba_state *m, int i)
{
    int32_t a = (m->angle[i] + ((i * 37) % 11 - 5) * 97 + 65536) % 65536;
    if (m->x[i] < 12 * U || m->x[i] > 244 * U || m->y[i] < 12 * U || m->y[i] > 244 * U)
        a = (a + 32768) % 65536;
    return a;
}

static fc_filter filt(uint32_t c, uint32_t k)
{
    fc_filter f = {c, k};
    return f;
}

/* The queries' places: the units' positions at the start of the frame. */
typedef struct moba_aims {
    int32_t sx[10], sy[10], sdir[10], rx[10], ry[10], bx[20], by[20], cx[5], cy[5];
} moba_aims;

static void aim(const moba_state *m, moba_aims *a)
{
    for (int k = 0; k < 10; k++) {
        a->sx[k] = m->x[k * 20], a->sy[k] = m->y[k * 20];
        a->rx[k] = m->x[k * 20 + 10], a->ry[k] = m->y[k * 20 + 10];
    }
    for (int k = 0; k < 20; k++)
        a->bx[k] = m->x[k * 10 + 5], a->by[k] = m->y[k * 10 + 5];
    for (int k = 0; k < 5; k++)
        a->cx[k] = m->x[k * 40 + 3], a->cy[k] = m->y[k * 40 + 3];
}

uint32_t moba_frame_percall(moba_state *m, uint32_t d)
{
    fc_world *w = m->w;
    moba_aims a;
    aim(m, &a);
    for (int i = 0; i < MOBA_UNITS; i++) {
        m->angle[i] = steer(m, i);
        fc_sincos sc = fc_sincos_of((fc_angle)m->angle[i]);
        fc_body_id id = m->ids[MOBA_WALLS + i];
        d = fold(d, fc_world_translate2(w, id, fc_vec2_make(mul_floor(SPEED, sc.c), mul_floor(SPEED, sc.s))));
        fc_shape2 s;
        if (fc_world_get_shape2(w, id, &s) == FC_OK)
            m->x[i] = s.u.circle.center.x, m->y[i] = s.u.circle.center.y;
    }
    const fc_body_id *ids;
    int32_t n;
    for (int k = 0; k < 10; k++) {
        fc_sector2 sec = fc_sector2_make(fc_vec2_make(a.sx[k], a.sy[k]), 10 * U, (fc_angle)m->angle[k * 20], 5461);
        n = -1;
        fc_world_overlap_sector2(w, &sec, filt(1, 1), &ids, &n);
        d = fold(d, n);
    }
    for (int k = 0; k < 10; k++) {
        fc_ring2 r = fc_ring2_make(fc_vec2_make(a.rx[k], a.ry[k]), 3 * U, 9 * U);
        n = -1;
        fc_world_overlap_ring2(w, &r, filt(1, 1), &ids, &n);
        d = fold(d, n);
    }
    for (int k = 0; k < 20; k++) {
        fc_ray2 ray = {fc_vec2_make(a.bx[k], a.by[k]), fc_vec2_make(DIRS[k % 8][0], DIRS[k % 8][1])};
        fc_ray_hit h;
        int hit = 0;
        fc_world_raycast2(w, &ray, filt(1, 2), &h, &hit);
        d = fold(d, hit ? (int64_t)h.id.index * 65536 + h.t : -1);
    }
    for (int k = 0; k < 5; k++) {
        fc_shape2 s;
        s.type = FC_SHAPE2_CIRCLE;
        s.u.circle = fc_circle_make(fc_vec2_make(a.cx[k], a.cy[k]), U);
        fc_cast2_hit h;
        int hit = 0;
        fc_world_cast2(w, &s, fc_vec2_make(DIRS[k][0] / 3, DIRS[k][1] / 3), filt(1, 2), &h, &hit);
        d = fold(d, hit ? (int64_t)h.id.index * 65536 + h.t : -1);
    }
    const fc_pair *p;
    static fc_pair pairs[CAP];
    n = 0;
    fc_world_find_pairs(w, &p, &n);
    memcpy(pairs, p, (size_t)n * sizeof *p);
    const fc_pair *b, *e;
    int32_t nb = 0, ne = 0;
    fc_world_pair_events(w, &b, &nb, &e, &ne);
    d = fold(fold(fold(d, n), nb), ne);
    int32_t pushes = 0;
    for (int32_t i = 0; i < n; i++) {
        int wa = pairs[i].a.index < MOBA_WALLS, wb = pairs[i].b.index < MOBA_WALLS;
        if (wa == wb)
            continue;
        fc_body_id wall = wa ? pairs[i].a : pairs[i].b, unit = wa ? pairs[i].b : pairs[i].a;
        fc_shape2 ws, us;
        fc_vec2 dv = {0, 0};
        fc_world_get_shape2(w, wall, &ws);
        fc_world_get_shape2(w, unit, &us);
        if (fc_pushout2(&ws, &us, &dv) == FC_OK && (dv.x || dv.y) && fc_world_translate2(w, unit, dv) != FC_OK)
            dv.x = dv.y = 0;
        pushes++;
        d = fold(fold(d, dv.x), dv.y);
    }
    uint64_t h = fc_world_checksum(w);
    return fold(fold(fold(d, pushes), (uint32_t)h), (uint32_t)(h >> 32));
}

static int32_t put_id(int32_t *c, fc_body_id id)
{
    c[0] = (int32_t)id.index, c[1] = (int32_t)id.generation, c[2] = (int32_t)id.world;
    return 3;
}

/* The batch: its words written once per frame (a game writes them as it
 * decides), one fc_frame_run, then the results read from their slots. */
uint32_t moba_frame_batch(moba_state *m, uint32_t d)
{
    int32_t *c = m->cmd, n = 0;
    for (int i = 0; i < MOBA_UNITS; i++) {
        int32_t a = steer(m, i);
        fc_body_id id = m->ids[MOBA_WALLS + i];
        m->angle[i] = a;
        c[n++] = FC_FRAME_MOVE_POLAR2, n += put_id(c + n, id), c[n++] = a, c[n++] = SPEED;
        c[n++] = FC_FRAME_GET_SHAPE2, n += put_id(c + n, id);
    }
    for (int k = 0; k < 10; k++) {
        int u = k * 20;
        c[n++] = FC_FRAME_SECTOR2, c[n++] = m->x[u], c[n++] = m->y[u], c[n++] = 10 * U, c[n++] = m->angle[u];
        c[n++] = 5461, c[n++] = 1, c[n++] = 1, c[n++] = 0; /* cap 0: the count only */
    }
    for (int k = 0; k < 10; k++) {
        int u = k * 20 + 10;
        c[n++] = FC_FRAME_RING2, c[n++] = m->x[u], c[n++] = m->y[u], c[n++] = 3 * U, c[n++] = 9 * U;
        c[n++] = 1, c[n++] = 1, c[n++] = 0;
    }
    for (int k = 0; k < 20; k++) {
        int u = k * 10 + 5;
        c[n++] = FC_FRAME_RAY2, c[n++] = m->x[u], c[n++] = m->y[u], c[n++] = DIRS[k % 8][0], c[n++] = DIRS[k % 8][1];
        c[n++] = 1, c[n++] = 2;
    }
    for (int k = 0; k < 5; k++) {
        int u = k * 40 + 3;
        c[n++] = FC_FRAME_CAST2, c[n++] = DIRS[k][0] / 3, c[n++] = DIRS[k][1] / 3, c[n++] = 1, c[n++] = 2;
        c[n++] = FC_SHAPE2_CIRCLE, c[n++] = m->x[u], c[n++] = m->y[u], c[n++] = U;
    }
    c[n++] = FC_FRAME_PAIRS, c[n++] = CAP;
    c[n++] = FC_FRAME_EVENTS, c[n++] = 0, c[n++] = 0; /* the counts only */
    c[n++] = FC_FRAME_PUSHOUT_PAIRS2, c[n++] = 2, c[n++] = CAP;
    c[n++] = FC_FRAME_CHECKSUM;
    int32_t words = 0;
    if (fc_frame_run(m->w, c, n, m->out, 65536, &words, NULL) != FC_OK)
        return 0;
    const int32_t *o = m->out;
    for (int i = 0; i < MOBA_UNITS; i++, o += 4 + FC_FRAME_SHAPE_WORDS) {
        d = fold(d, o[0]);
        if (o[3] == FC_OK)
            m->x[i] = o[5], m->y[i] = o[6];
    }
    for (int k = 0; k < 20; k++, o += 2) /* sectors, rings: FC_ERR_BUFFER with the count (cap 0) */
        d = fold(d, o[1]);
    for (int k = 0; k < 20; k++, o += 6)
        d = fold(d, o[1] ? (int64_t)o[2] * 65536 + o[5] : -1);
    for (int k = 0; k < 5; k++, o += 8)
        d = fold(d, o[1] ? (int64_t)o[2] * 65536 + o[5] : -1);
    int32_t np = o[1];
    o += 2 + 6 * CAP;
    d = fold(fold(fold(d, np), o[1]), o[2]);
    o += 3;
    int32_t pushes = o[1];
    for (int32_t i = 0; i < pushes; i++)
        d = fold(fold(d, o[2 + 6 * i + 3]), o[2 + 6 * i + 4]);
    o += 2 + 6 * CAP;
    return fold(fold(fold(d, pushes), (uint32_t)o[1]), (uint32_t)o[2]);
}
