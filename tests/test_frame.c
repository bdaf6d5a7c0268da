/* SPDX-License-Identifier: MIT */
/* fc_frame_run (fixcol/frame.h) against the per-call API.
 *   - random 2D worlds (units category 1, walls category 2) and random
 *     command streams of every opcode, with stale ids, out-of-range moves,
 *     invalid shapes, small caps: running the buffer gives the same result
 *     words (every slot, unused words included) and the same world
 *     checksum as an independent reference that decodes the same words and
 *     calls the per-call functions in order;
 *   - all-or-nothing: every proper prefix that cuts a command, an unknown
 *     opcode, a bad cap or angle, a PUSHOUT_PAIRS2 without PAIRS, a short
 *     out_cap: an error, *bad_word / *out_words as documented, the world
 *     checksum and the output untouched; NULL arguments;
 *   - a 3D world: the 2D commands give FC_ERR_SHAPE_TYPE like their
 *     per-call functions, CHECKSUM / PAIRS / EVENTS work.
 * --break: the reference rounds MOVE_POLAR2's delta toward zero instead of
 * down (must fail). */
#include "world_fixture.h"

#include <stdio.h>
#include <string.h>

#include <fixcol/area2.h>
#include <fixcol/cast.h>
#include <fixcol/frame.h>
#include <fixcol/pushout.h>

static int g_break;
/* coverage of the random streams: commands by opcode, and those that succeeded */
static long g_ops[16], g_ok[16], g_pushes, g_hits;

#define CMD_MAX 8192
#define OUT_MAX (1 << 20)

/* ---- the reference: its own decoding, the per-call functions */
static fc_body_id r_id(const int32_t *p)
{
    fc_body_id id;
    id.index = (uint32_t)p[0], id.generation = (uint32_t)p[1], id.world = (uint32_t)p[2];
    return id;
}

static fc_filter r_filter(const int32_t *p)
{
    fc_filter f;
    f.category = (uint32_t)p[0], f.mask = (uint32_t)p[1];
    return f;
}

/* The shape record at p; *words its length. */
static fc_shape2 r_shape(const int32_t *p, int32_t *words)
{
    fc_shape2 s;
    memset(&s, 0, sizeof s);
    s.type = (fc_shape2_type)p[0];
    if (p[0] == FC_SHAPE2_CIRCLE) {
        s.u.circle = fc_circle_make(fc_vec2_make(p[1], p[2]), p[3]);
        *words = 4;
    } else if (p[0] == FC_SHAPE2_AABB) {
        s.u.aabb = fc_aabb2_make(fc_vec2_make(p[1], p[2]), fc_vec2_make(p[3], p[4]));
        *words = 5;
    } else if (p[0] == FC_SHAPE2_OBB) {
        s.u.obb = fc_obb2_make(fc_vec2_make(p[1], p[2]), fc_vec2_make(p[3], p[4]), (fc_angle)p[5]);
        *words = 6;
    } else if (p[0] == FC_SHAPE2_CAPSULE) {
        s.u.capsule = fc_capsule2_make(fc_vec2_make(p[1], p[2]), fc_vec2_make(p[3], p[4]), p[5]);
        *words = 6;
    } else {
        s.u.poly.count = p[1];
        for (int32_t i = 0; i < p[1]; i++)
            s.u.poly.v[i] = fc_vec2_make(p[2 + 2 * i], p[3 + 2 * i]);
        *words = 2 + 2 * p[1];
    }
    return s;
}

static int32_t r_put_shape(const fc_shape2 *s, int32_t *o)
{
    int32_t f[FC_FRAME_SHAPE_WORDS], n = 0;
    if (s->type == FC_SHAPE2_CIRCLE) {
        int32_t v[] = {s->u.circle.center.x, s->u.circle.center.y, s->u.circle.radius};
        memcpy(f, v, sizeof v), n = 3;
    } else if (s->type == FC_SHAPE2_AABB) {
        int32_t v[] = {s->u.aabb.min.x, s->u.aabb.min.y, s->u.aabb.max.x, s->u.aabb.max.y};
        memcpy(f, v, sizeof v), n = 4;
    } else if (s->type == FC_SHAPE2_OBB) {
        int32_t v[] = {s->u.obb.center.x, s->u.obb.center.y, s->u.obb.half.x, s->u.obb.half.y, s->u.obb.angle};
        memcpy(f, v, sizeof v), n = 5;
    } else if (s->type == FC_SHAPE2_CAPSULE) {
        int32_t v[] = {s->u.capsule.a.x, s->u.capsule.a.y, s->u.capsule.b.x, s->u.capsule.b.y, s->u.capsule.radius};
        memcpy(f, v, sizeof v), n = 5;
    } else {
        f[0] = s->u.poly.count, n = 1;
        for (int32_t i = 0; i < s->u.poly.count; i++)
            f[n++] = s->u.poly.v[i].x, f[n++] = s->u.poly.v[i].y;
    }
    o[0] = (int32_t)s->type;
    memcpy(o + 1, f, (size_t)n * sizeof(int32_t));
    return n;
}

static void r_ids(int32_t *o, fc_status st, const fc_body_id *ids, int32_t n, int32_t cap)
{
    o[0] = st;
    if (st)
        return;
    o[1] = n;
    if (n > cap) {
        o[0] = FC_ERR_BUFFER;
        return;
    }
    for (int32_t i = 0; i < n; i++)
        o[2 + 3 * i] = (int32_t)ids[i].index, o[3 + 3 * i] = (int32_t)ids[i].generation,
                  o[4 + 3 * i] = (int32_t)ids[i].world;
}

static void r_pair(int32_t *o, fc_pair p)
{
    o[0] = (int32_t)p.a.index, o[1] = (int32_t)p.a.generation, o[2] = (int32_t)p.a.world;
    o[3] = (int32_t)p.b.index, o[4] = (int32_t)p.b.generation, o[5] = (int32_t)p.b.world;
}

static int32_t r_mul(int32_t a, int32_t b)
{
    int64_t p = (int64_t)a * b;
    if (g_break)
        return (int32_t)(p / 65536); /* toward zero */
    return (int32_t)((p - (((p % 65536) + 65536) % 65536)) / 65536);
}

/* Runs cmd[0..n) with the per-call API; returns the words written. */
static int32_t reference(fc_world *w, const int32_t *c, int32_t n, int32_t *out)
{
    int32_t at = 0, off = 0, pairs_off = -1;
    while (at < n) {
        const int32_t *a = c + at;
        int32_t *o = out + off;
        int32_t sw = 0;
        g_ops[a[0] & 15]++;
        switch (a[0]) {
        case 1: o[0] = fc_world_translate2(w, r_id(a + 1), fc_vec2_make(a[4], a[5])); at += 6, off += 1; break;
        case 2: {
            fc_vec2 d = fc_vec2_make(r_mul(a[5], fc_cos((fc_angle)a[4])), r_mul(a[5], fc_sin((fc_angle)a[4])));
            o[0] = fc_world_translate2(w, r_id(a + 1), d), o[1] = d.x, o[2] = d.y;
            at += 6, off += 3;
            break;
        }
        case 3: o[0] = fc_world_set_angle2(w, r_id(a + 1), (fc_angle)a[4]); at += 5, off += 1; break;
        case 4: {
            fc_shape2 s = r_shape(a + 4, &sw);
            o[0] = fc_world_set_shape2(w, r_id(a + 1), &s);
            at += 4 + sw, off += 1;
            break;
        }
        case 5: {
            fc_shape2 s;
            o[0] = fc_world_get_shape2(w, r_id(a + 1), &s);
            if (!o[0])
                r_put_shape(&s, o + 1);
            at += 4, off += 1 + FC_FRAME_SHAPE_WORDS;
            break;
        }
        case 6: case 7: case 8: {
            const fc_body_id *ids = NULL;
            int32_t k = 0, cap;
            fc_status st;
            if (a[0] == 6) {
                fc_sector2 s = fc_sector2_make(fc_vec2_make(a[1], a[2]), a[3], (fc_angle)a[4], (fc_angle)a[5]);
                st = fc_world_overlap_sector2(w, &s, r_filter(a + 6), &ids, &k);
                cap = a[8], at += 9;
            } else if (a[0] == 7) {
                fc_ring2 r = fc_ring2_make(fc_vec2_make(a[1], a[2]), a[3], a[4]);
                st = fc_world_overlap_ring2(w, &r, r_filter(a + 5), &ids, &k);
                cap = a[7], at += 8;
            } else {
                fc_shape2 s = r_shape(a + 4, &sw);
                st = fc_world_overlap2(w, &s, r_filter(a + 1), &ids, &k);
                cap = a[3], at += 4 + sw;
            }
            r_ids(o, st, ids, k, cap);
            off += 2 + 3 * cap;
            break;
        }
        case 9: {
            fc_ray2 ray = {fc_vec2_make(a[1], a[2]), fc_vec2_make(a[3], a[4])};
            fc_ray_hit h;
            int hit = 0;
            o[0] = fc_world_raycast2(w, &ray, r_filter(a + 5), &h, &hit);
            if (!o[0]) {
                o[1] = hit;
                if (hit)
                    o[2] = (int32_t)h.id.index, o[3] = (int32_t)h.id.generation, o[4] = (int32_t)h.id.world, o[5] = h.t;
            }
            at += 7, off += 6;
            break;
        }
        case 10: {
            fc_shape2 s = r_shape(a + 5, &sw);
            fc_cast2_hit h;
            int hit = 0;
            o[0] = fc_world_cast2(w, &s, fc_vec2_make(a[1], a[2]), r_filter(a + 3), &h, &hit);
            if (!o[0]) {
                o[1] = hit;
                if (hit)
                    o[2] = (int32_t)h.id.index, o[3] = (int32_t)h.id.generation, o[4] = (int32_t)h.id.world,
                    o[5] = h.t, o[6] = h.normal.x, o[7] = h.normal.y;
            }
            at += 5 + sw, off += 8;
            break;
        }
        case 11: {
            const fc_pair *p;
            int32_t k;
            o[0] = fc_world_find_pairs(w, &p, &k);
            if (!o[0]) {
                o[1] = k;
                if (k > a[1])
                    o[0] = FC_ERR_BUFFER;
                else
                    for (int32_t i = 0; i < k; i++)
                        r_pair(o + 2 + 6 * i, p[i]);
            }
            pairs_off = off;
            at += 2, off += 2 + 6 * a[1];
            break;
        }
        case 12: {
            const fc_pair *b, *e;
            int32_t nb, ne;
            o[0] = fc_world_pair_events(w, &b, &nb, &e, &ne);
            if (!o[0]) {
                o[1] = nb, o[2] = ne;
                if (nb > a[1] || ne > a[2])
                    o[0] = FC_ERR_BUFFER;
                else {
                    for (int32_t i = 0; i < nb; i++)
                        r_pair(o + 3 + 6 * i, b[i]);
                    for (int32_t i = 0; i < ne; i++)
                        r_pair(o + 3 + 6 * a[1] + 6 * i, e[i]);
                }
            }
            at += 3, off += 3 + 6 * (a[1] + a[2]);
            break;
        }
        case 13: {
            const int32_t *ps = out + pairs_off;
            uint32_t mask = (uint32_t)a[1];
            if (ps[0]) {
                o[0] = ps[0], o[1] = 0;
            } else {
                /* the unit/wall pairs first (a copy), then the pushes */
                static fc_body_id walls[4096], units[4096];
                int32_t k = 0;
                for (int32_t i = 0; i < ps[1]; i++) {
                    fc_body_id x = r_id(ps + 2 + 6 * i), y = r_id(ps + 5 + 6 * i);
                    fc_filter fx, fy;
                    if (fc_world_get_filter(w, x, &fx) || fc_world_get_filter(w, y, &fy))
                        continue;
                    int wx = (fx.category & mask) != 0, wy = (fy.category & mask) != 0;
                    if (wx != wy && k < 4096)
                        walls[k] = wx ? x : y, units[k] = wx ? y : x, k++;
                }
                o[1] = k;
                if (k > a[2]) {
                    o[0] = FC_ERR_BUFFER;
                } else {
                    o[0] = FC_OK;
                    for (int32_t i = 0; i < k; i++) {
                        fc_shape2 ws, us;
                        fc_vec2 d = fc_vec2_make(0, 0);
                        fc_status st = fc_world_get_shape2(w, walls[i], &ws);
                        if (!st)
                            st = fc_world_get_shape2(w, units[i], &us);
                        if (!st)
                            st = fc_pushout2(&ws, &us, &d);
                        if (!st && (d.x || d.y))
                            st = fc_world_translate2(w, units[i], d);
                        if (st)
                            d = fc_vec2_make(0, 0);
                        int32_t *q = o + 2 + 6 * i;
                        q[0] = (int32_t)units[i].index, q[1] = (int32_t)units[i].generation,
                        q[2] = (int32_t)units[i].world;
                        q[3] = d.x, q[4] = d.y, q[5] = st;
                    }
                }
            }
            at += 3, off += 2 + 6 * a[2];
            break;
        }
        default: {
            uint64_t h = fc_world_checksum(w);
            o[0] = 0, o[1] = (int32_t)(uint32_t)h, o[2] = (int32_t)(uint32_t)(h >> 32);
            at += 1, off += 3;
            break;
        }
        }
        g_ok[a[0] & 15] += o[0] == FC_OK;
        if ((a[0] == 9 || a[0] == 10) && o[0] == FC_OK)
            g_hits += o[1];
        if (a[0] == 13 && o[0] == FC_OK)
            g_pushes += o[1];
    }
    return off;
}

/* ---- the random world and command streams */
#define NB 48

static fc_world *make_world(uint64_t seed, fc_body_id *ids)
{
    fc_world_def def = fc_world_def_default();
    def.bounds_log2 = 7;
    fc_world *w = NULL;
    if (fc_world_create(&def, &w))
        return NULL;
    uint64_t s = seed;
    for (int i = 0; i < NB; i++) {
        fc_body_def bd = fc_body_def_default();
        bd.shape2 = wf_shape2(&s, 100);
        bd.filter.category = i % 6 == 0 ? 2u : 1u;
        if (fc_world_create_body(w, &bd, &ids[i]))
            ids[i].index = 9999, ids[i].generation = 1, ids[i].world = 1;
    }
    fc_world_destroy_body(w, ids[NB - 1]); /* a stale id among the rest */
    return w;
}

static int32_t put_id(int32_t *c, fc_body_id id)
{
    c[0] = (int32_t)id.index, c[1] = (int32_t)id.generation, c[2] = (int32_t)id.world;
    return 3;
}

static int32_t put_shape(int32_t *c, uint64_t *s)
{
    fc_shape2 sh = wf_shape2(s, 100);
    int32_t n = 1 + r_put_shape(&sh, c);
    if (tu_rand64(s) % 16 == 0)
        c[2] = FC_COORD_LIMIT + 1; /* a coordinate out of range (cy, min.y, or the first vertex's x) */
    return n;
}

static int32_t coord(uint64_t *s)
{
    return tu_rand64(s) % 32 == 0 ? FC_COORD_LIMIT : wf_rand(s, -4 * WF_U, 104 * WF_U);
}

/* A random command at c; returns its words. */
static int32_t gen_command(int32_t *c, uint64_t *s, const fc_body_id *ids, int *pairs_seen)
{
    int32_t op = wf_rand(s, 1, 14), n = 1;
    if (op == 13 && !*pairs_seen)
        op = 11;
    fc_body_id id = ids[tu_rand64(s) % NB];
    int32_t cap = tu_rand64(s) % 8 == 0 ? wf_rand(s, 0, 2) : wf_rand(s, 0, 120);
    c[0] = op;
    switch (op) {
    case 1: n += put_id(c + n, id); c[n++] = wf_rand(s, -3 * WF_U, 3 * WF_U); c[n++] = wf_rand(s, -3 * WF_U, 3 * WF_U); break;
    case 2: n += put_id(c + n, id); c[n++] = wf_rand(s, 0, 65535); c[n++] = tu_rand64(s) % 32 ? wf_rand(s, -5 * WF_U, 5 * WF_U) : FC_COORD_LIMIT; break;
    case 3: n += put_id(c + n, id); c[n++] = wf_rand(s, 0, 65535); break;
    case 4: n += put_id(c + n, id); n += put_shape(c + n, s); break;
    case 5: n += put_id(c + n, id); break;
    case 6:
        c[n++] = coord(s), c[n++] = coord(s), c[n++] = wf_rand(s, -WF_U, 40 * WF_U);
        c[n++] = wf_rand(s, 0, 65535), c[n++] = wf_rand(s, 0, 40000);
        c[n++] = (int32_t)(tu_rand64(s) % 4), c[n++] = -1, c[n++] = cap;
        break;
    case 7:
        c[n++] = coord(s), c[n++] = coord(s), c[n++] = wf_rand(s, -WF_U, 20 * WF_U), c[n++] = wf_rand(s, 0, 40 * WF_U);
        c[n++] = 3, c[n++] = -1, c[n++] = cap;
        break;
    case 8: c[n++] = 3, c[n++] = (int32_t)(tu_rand64(s) % 4), c[n++] = cap; n += put_shape(c + n, s); break;
    case 9:
        c[n++] = coord(s), c[n++] = coord(s), c[n++] = wf_rand(s, -60 * WF_U, 60 * WF_U);
        c[n++] = wf_rand(s, -60 * WF_U, 60 * WF_U);
        if (tu_rand64(s) % 16 == 0)
            c[n - 1] = c[n - 2] = 0; /* a zero ray: FC_ERR_ARGUMENT */
        c[n++] = 3, c[n++] = -1;
        break;
    case 10:
        c[n++] = wf_rand(s, -30 * WF_U, 30 * WF_U), c[n++] = wf_rand(s, -30 * WF_U, 30 * WF_U);
        c[n++] = 3, c[n++] = 1;
        n += put_shape(c + n, s);
        break;
    case 11: c[n++] = cap; *pairs_seen = 1; break;
    case 12: c[n++] = cap, c[n++] = wf_rand(s, 0, 60); break;
    case 13: c[n++] = tu_rand64(s) % 8 ? 2 : 3, c[n++] = cap; break;
    default: break;
    }
    return n;
}

static int32_t gen_stream(int32_t *c, uint64_t *s, const fc_body_id *ids, int32_t ncmd)
{
    int32_t n = 0;
    int seen = 0;
    for (int32_t i = 0; i < ncmd && n < CMD_MAX - 64; i++)
        n += gen_command(c + n, s, ids, &seen);
    return n;
}

static int32_t g_out_a[OUT_MAX], g_out_b[OUT_MAX];

static void fill(int32_t *o, int32_t n, int32_t v)
{
    for (int32_t i = 0; i < n; i++)
        o[i] = v ^ i;
}

static void check_random(void)
{
    static int32_t cmd[CMD_MAX];
    fc_body_id ia[NB], ib[NB];
    int32_t diffs = 0;
    for (uint64_t seed = 1; seed <= 60; seed++) {
        fc_world *a = make_world(seed * 7919, ia), *b = make_world(seed * 7919, ib);
        TU_CHECK(a && b, "world create");
        if (!a || !b)
            return;
        uint64_t s = seed * 0x9E3779B97F4A7C15ull;
        for (int frame = 0; frame < 6; frame++) {
            int32_t n = gen_stream(cmd, &s, ia, wf_rand(&s, 1, 80));
            int32_t need = -2, got = -2, bad = -2;
            TU_CHECK(fc_frame_check(cmd, n, &need, &bad) == FC_OK, "check seed %llu frame %d bad %d",
                     (unsigned long long)seed, frame, bad);
            if (need < 0 || need > OUT_MAX)
                continue;
            fill(g_out_a, need, 0x5A5A5A5A), fill(g_out_b, need, 0x5A5A5A5A);
            fc_status st = fc_frame_run(a, cmd, n, g_out_a, need, &got, &bad);
            int32_t ref = reference(b, cmd, n, g_out_b);
            TU_CHECK(st == FC_OK && got == need && ref == need, "run %d words %d/%d/%d", st, got, need, ref);
            int32_t first = -1;
            for (int32_t i = 0; i < need && first < 0; i++)
                if (g_out_a[i] != g_out_b[i])
                    first = i;
            diffs += first >= 0;
            TU_CHECK(first < 0, "seed %llu frame %d: word %d differs: %d vs reference %d",
                     (unsigned long long)seed, frame, first, first >= 0 ? g_out_a[first] : 0,
                     first >= 0 ? g_out_b[first] : 0);
            TU_CHECK(fc_world_checksum(a) == fc_world_checksum(b), "checksum seed %llu frame %d",
                     (unsigned long long)seed, frame);
        }
        fc_world_destroy(a), fc_world_destroy(b);
    }
    printf("random streams: %d of 360 frames differ from the per-call reference\n", diffs);
    printf("commands (ok/all) by opcode:");
    for (int k = 1; k <= 14; k++) {
        printf(" %d:%ld/%ld", k, g_ok[k], g_ops[k]);
        TU_CHECK(g_ok[k] > 0 && g_ok[k] < g_ops[k] + (k == 14), "opcode %d: both outcomes covered", k);
    }
    printf("; ray/cast hits %ld, pushes %ld\n", g_hits, g_pushes);
    TU_CHECK(g_hits > 0 && g_pushes > 0, "hits and pushes covered");
}

/* A malformed buffer, or a short output: an error, nothing changed. */
static void expect_refused(fc_world *w, const int32_t *cmd, int32_t n, int32_t cap, fc_status want,
                           int32_t want_bad, const char *what)
{
    uint64_t before = fc_world_checksum(w);
    fill(g_out_a, 4096, 77);
    int32_t got = -5, bad = -5;
    fc_status st = fc_frame_run(w, cmd, n, g_out_a, cap, &got, &bad);
    TU_CHECK(st == want, "%s: status %d, want %d", what, st, want);
    if (want == FC_ERR_ARGUMENT)
        TU_CHECK(bad == want_bad && got == -1, "%s: bad_word %d (want %d), out_words %d", what, bad, want_bad, got);
    TU_CHECK(fc_world_checksum(w) == before, "%s: the world changed", what);
    int same = 1;
    for (int32_t i = 0; i < 4096; i++)
        same &= g_out_a[i] == (77 ^ i);
    TU_CHECK(same, "%s: the output changed", what);
}

static void check_refusals(void)
{
    fc_body_id ids[NB];
    fc_world *w = make_world(42, ids);
    static int32_t cmd[CMD_MAX];
    uint64_t s = 99;
    int32_t n = gen_stream(cmd, &s, ids, 40), need = 0;
    TU_CHECK(fc_frame_check(cmd, n, &need, NULL) == FC_OK, "stream");
    /* every cut inside a command: refused at that command's start */
    int32_t at = 0, cuts = 0;
    while (at < n) {
        int32_t len = 0, dummy_need = 0;
        for (len = 1; len <= n - at; len++)
            if (fc_frame_check(cmd, at + len, &dummy_need, NULL) == FC_OK)
                break;
        for (int32_t k = 1; k < len; k++, cuts++)
            expect_refused(w, cmd, at + k, OUT_MAX, FC_ERR_ARGUMENT, at, "cut command");
        at += len;
    }
    printf("refusals: %d cut buffers\n", cuts);
    int32_t ok[] = {14, 1, 0, 1, 1, 0, 0};
    fc_body_id id0 = ids[0];
    ok[2] = (int32_t)id0.index, ok[3] = (int32_t)id0.generation, ok[4] = (int32_t)id0.world;
    int32_t bad_op[] = {14, 15};
    expect_refused(w, bad_op, 2, 100, FC_ERR_ARGUMENT, 1, "unknown opcode 15");
    int32_t zero_op[] = {0};
    expect_refused(w, zero_op, 1, 100, FC_ERR_ARGUMENT, 0, "opcode 0");
    int32_t bad_cap[] = {11, FC_FRAME_MAX_CAP + 1};
    expect_refused(w, bad_cap, 2, 100, FC_ERR_ARGUMENT, 0, "cap over the limit");
    int32_t neg_cap[] = {14, 12, 3, -1};
    expect_refused(w, neg_cap, 4, 100, FC_ERR_ARGUMENT, 1, "negative cap");
    int32_t bad_angle[] = {3, ok[2], ok[3], ok[4], 65536};
    expect_refused(w, bad_angle, 5, 100, FC_ERR_ARGUMENT, 0, "angle 65536");
    int32_t bad_obb[] = {4, ok[2], ok[3], ok[4], 3, 0, 0, WF_U, WF_U, -1};
    expect_refused(w, bad_obb, 10, 100, FC_ERR_ARGUMENT, 0, "OBB angle -1");
    int32_t bad_poly[] = {4, ok[2], ok[3], ok[4], 5, 9};
    expect_refused(w, bad_poly, 6, 100, FC_ERR_ARGUMENT, 0, "polygon of 9");
    int32_t bad_type[] = {8, 3, -1, 4, 6, 0, 0, WF_U};
    expect_refused(w, bad_type, 8, 100, FC_ERR_ARGUMENT, 0, "shape type 6");
    int32_t no_pairs[] = {1, ok[2], ok[3], ok[4], WF_U, 0, 13, 2, 10, 11, 10};
    expect_refused(w, no_pairs, 11, 1000, FC_ERR_ARGUMENT, 6, "PUSHOUT_PAIRS2 before PAIRS");
    int32_t moves[] = {1, ok[2], ok[3], ok[4], WF_U, 0, 14};
    expect_refused(w, moves, 7, 3, FC_ERR_BUFFER, 0, "out_cap 3 < 4");
    int32_t got = 0, bad = 0;
    TU_CHECK(fc_frame_run(w, moves, 7, g_out_a, 3, &got, &bad) == FC_ERR_BUFFER && got == 4, "needed %d", got);
    expect_refused(w, moves, -1, 100, FC_ERR_ARGUMENT, -1, "cmd_words -1");
    TU_CHECK(fc_frame_run(NULL, moves, 7, g_out_a, 100, &got, &bad) == FC_ERR_NULL, "NULL world");
    TU_CHECK(fc_frame_run(w, NULL, 7, g_out_a, 100, &got, &bad) == FC_ERR_NULL, "NULL cmd");
    TU_CHECK(fc_frame_run(w, moves, 7, NULL, 100, &got, &bad) == FC_ERR_NULL, "NULL out");
    TU_CHECK(fc_frame_run(w, moves, 7, g_out_a, 100, NULL, &bad) == FC_ERR_NULL, "NULL out_words");
    TU_CHECK(fc_frame_check(moves, 7, NULL, NULL) == FC_ERR_NULL, "check NULL out_words");
    TU_CHECK(fc_frame_run(w, NULL, 0, NULL, 0, &got, NULL) == FC_OK && got == 0, "empty buffer");
    TU_CHECK(fc_frame_run(w, moves, 7, g_out_a, -1, &got, &bad) == FC_ERR_ARGUMENT, "out_cap -1");
    /* and the well-formed buffer runs: moved exactly like translate2 */
    fc_shape2 before, after;
    fc_world_get_shape2(w, id0, &before);
    TU_CHECK(fc_frame_run(w, moves, 7, g_out_a, 4, &got, &bad) == FC_OK && g_out_a[0] == FC_OK && got == 4, "run");
    fc_world_get_shape2(w, id0, &after);
    TU_CHECK(after.u.circle.center.x - before.u.circle.center.x == WF_U || before.type != FC_SHAPE2_CIRCLE, "moved");
    uint64_t h = fc_world_checksum(w);
    TU_CHECK(g_out_a[1] == FC_OK && (uint32_t)g_out_a[2] == (uint32_t)h && (uint32_t)g_out_a[3] == (uint32_t)(h >> 32),
             "checksum words");
    fc_world_destroy(w);
}

static void check_3d(void)
{
    fc_world_def def = fc_world_def_default();
    def.dim = FC_WORLD_3D;
    fc_world *w = NULL;
    fc_world_create(&def, &w);
    fc_body_def bd = fc_body_def_default();
    fc_body_id id;
    fc_world_create_body(w, &bd, &id);
    int32_t cmd[] = {1, (int32_t)id.index, (int32_t)id.generation, (int32_t)id.world, WF_U, 0,
                     5, (int32_t)id.index, (int32_t)id.generation, (int32_t)id.world,
                     11, 4, 12, 4, 4, 14};
    int32_t got = 0;
    fill(g_out_a, 100, 0);
    TU_CHECK(fc_frame_run(w, cmd, 16, g_out_a, 100, &got, NULL) == FC_OK, "3D run");
    int32_t p = 1 + 1 + FC_FRAME_SHAPE_WORDS;
    TU_CHECK(g_out_a[0] == FC_ERR_SHAPE_TYPE && g_out_a[1] == FC_ERR_SHAPE_TYPE, "3D: 2D commands refused");
    TU_CHECK(g_out_a[p] == FC_OK && g_out_a[p + 1] == 0, "3D pairs");
    uint64_t h = fc_world_checksum(w);
    TU_CHECK((uint32_t)g_out_a[got - 2] == (uint32_t)h && (uint32_t)g_out_a[got - 1] == (uint32_t)(h >> 32),
             "3D checksum");
    fc_world_destroy(w);
}

int main(int argc, char **argv)
{
    g_break = argc > 1 && strcmp(argv[1], "--break") == 0;
    check_random();
    check_refusals();
    check_3d();
    return tu_finish("test_frame");
}
