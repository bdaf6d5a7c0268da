/* SPDX-License-Identifier: MIT */
/* frame_run.c - fc_frame_run: check the whole buffer, then run every
 * command through the per-call functions, writing each result slot. */
#include "frame/frame_internal.h"

#include <stddef.h>

#include <fixcol/area2.h>
#include <fixcol/cast.h>
#include <fixcol/pushout.h>
#include <fixcol/trig.h>

#include "core/nofloat.h"

/* The body id in the 3 words at p. A compound literal, not a function
 * returning the 12-byte struct: tcc 0.9.27 stores such a return as 16
 * bytes into a 12-byte temporary, clobbering a neighbour (docs/replays.md). */
#define ID_AT(p) ((fc_body_id){(uint32_t)(p)[0], (uint32_t)(p)[1], (uint32_t)(p)[2]})

static void put_id(int32_t *o, fc_body_id id)
{
    o[0] = (int32_t)id.index, o[1] = (int32_t)id.generation, o[2] = (int32_t)id.world;
}

static fc_filter filter_at(const int32_t *p)
{
    fc_filter f = {(uint32_t)p[0], (uint32_t)p[1]};
    return f;
}

static fc_vec2 v2(const int32_t *p)
{
    fc_vec2 v = {p[0], p[1]};
    return v;
}

/* floor(a * b / 2^16) of the exact 64-bit product (|result| <= |a|). */
static int32_t mul_floor(int32_t a, int32_t b)
{
    int64_t p = (int64_t)a * b;
    int64_t q = p / 65536;
    if (p % 65536 != 0 && p < 0)
        q -= 1;
    return (int32_t)q;
}

/* status count ids[cap]: the id list of a query (FC_ERR_BUFFER over cap). */
static void put_ids(int32_t *o, fc_status st, const fc_body_id *ids, int32_t n, int32_t cap)
{
    o[0] = st;
    if (st != FC_OK)
        return;
    o[1] = n;
    if (n > cap) {
        o[0] = FC_ERR_BUFFER;
        return;
    }
    for (int32_t i = 0; i < n; i++)
        put_id(o + 2 + 3 * i, ids[i]);
}

static void put_pairs(int32_t *o, const fc_pair *p, int32_t n)
{
    for (int32_t i = 0; i < n; i++) {
        put_id(o + 6 * i, p[i].a);
        put_id(o + 6 * i + 3, p[i].b);
    }
}

/* One pushed unit: d = fc_pushout2(wall, unit), the unit moved by d. */
static void push_one(fc_world *w, fc_body_id wall, fc_body_id unit, int32_t *o)
{
    fc_shape2 ws, us;
    fc_vec2 d = {0, 0};
    fc_status st = fc_world_get_shape2(w, wall, &ws);
    if (st == FC_OK)
        st = fc_world_get_shape2(w, unit, &us);
    if (st == FC_OK)
        st = fc_pushout2(&ws, &us, &d);
    if (st == FC_OK && (d.x != 0 || d.y != 0))
        st = fc_world_translate2(w, unit, d);
    if (st != FC_OK)
        d.x = 0, d.y = 0;
    put_id(o, unit);
    o[3] = d.x, o[4] = d.y, o[5] = st;
}

/* PUSHOUT_PAIRS2 over the pairs of the PAIRS slot pairs_slot. */
static void push_pairs(fc_world *w, const int32_t *c, const int32_t *pairs_slot, int32_t *o)
{
    uint32_t mask = (uint32_t)c[1];
    if (pairs_slot[0] != FC_OK) {
        o[0] = pairs_slot[0], o[1] = 0;
        return;
    }
    int32_t np = pairs_slot[1], n = 0;
    fc_filter fa, fb;
    for (int32_t i = 0; i < np; i++) {
        const int32_t *p = pairs_slot + 2 + 6 * i;
        if (fc_world_get_filter(w, ID_AT(p), &fa) != FC_OK || fc_world_get_filter(w, ID_AT(p + 3), &fb) != FC_OK)
            fa.category = fb.category = 0; /* not live: not a unit/wall pair */
        n += ((fa.category & mask) != 0) != ((fb.category & mask) != 0);
    }
    o[1] = n;
    if (n > c[2]) {
        o[0] = FC_ERR_BUFFER;
        return;
    }
    o[0] = FC_OK;
    int32_t k = 0;
    for (int32_t i = 0; i < np; i++) {
        const int32_t *p = pairs_slot + 2 + 6 * i;
        fc_body_id a = ID_AT(p), b = ID_AT(p + 3);
        if (fc_world_get_filter(w, a, &fa) != FC_OK || fc_world_get_filter(w, b, &fb) != FC_OK)
            continue;
        int wa = (fa.category & mask) != 0, wb = (fb.category & mask) != 0;
        if (wa == wb)
            continue;
        push_one(w, wa ? a : b, wa ? b : a, o + 2 + 6 * k++);
    }
}

/* Words of the shape record at s (well-formed). */
static int32_t shape_len(const int32_t *s)
{
    return s[0] == FC_SHAPE2_CIRCLE ? 4 : s[0] == FC_SHAPE2_AABB ? 5 : s[0] == FC_SHAPE2_POLY ? 2 + 2 * s[1] : 6;
}

/* Words of the well-formed command c and (*slot) of its result slot
 * (fc_frame_command_words' answer, without its checks). */
static int32_t sizes(const int32_t *c, int32_t *slot)
{
    switch (c[0]) {
    case FC_FRAME_TRANSLATE2: *slot = 1; return 6;
    case FC_FRAME_MOVE_POLAR2: *slot = 3; return 6;
    case FC_FRAME_SET_ANGLE2: *slot = 1; return 5;
    case FC_FRAME_SET_SHAPE2: *slot = 1; return 4 + shape_len(c + 4);
    case FC_FRAME_GET_SHAPE2: *slot = 1 + FC_FRAME_SHAPE_WORDS; return 4;
    case FC_FRAME_SECTOR2: *slot = 2 + 3 * c[8]; return 9;
    case FC_FRAME_RING2: *slot = 2 + 3 * c[7]; return 8;
    case FC_FRAME_OVERLAP2: *slot = 2 + 3 * c[3]; return 4 + shape_len(c + 4);
    case FC_FRAME_RAY2: *slot = 6; return 7;
    case FC_FRAME_CAST2: *slot = 8; return 5 + shape_len(c + 5);
    case FC_FRAME_PAIRS: *slot = 2 + 6 * c[1]; return 2;
    case FC_FRAME_EVENTS: *slot = 3 + 6 * (c[1] + c[2]); return 3;
    case FC_FRAME_PUSHOUT_PAIRS2: *slot = 2 + 6 * c[2]; return 3;
    default: *slot = 3; return 1;
    }
}

/* Run the well-formed command c, writing its slot o. */
static void run_one(fc_world *w, const int32_t *c, int32_t *o, const int32_t *pairs_slot)
{
    switch (c[0]) {
    case FC_FRAME_TRANSLATE2: o[0] = fc_world_translate2(w, ID_AT(c + 1), v2(c + 4)); break;
    case FC_FRAME_MOVE_POLAR2: {
        fc_sincos sc = fc_sincos_of((fc_angle)c[4]);
        fc_vec2 d = {mul_floor(c[5], sc.c), mul_floor(c[5], sc.s)};
        o[0] = fc_world_translate2(w, ID_AT(c + 1), d);
        o[1] = d.x, o[2] = d.y;
        break;
    }
    case FC_FRAME_SET_ANGLE2: o[0] = fc_world_set_angle2(w, ID_AT(c + 1), (fc_angle)c[4]); break;
    case FC_FRAME_SET_SHAPE2: {
        fc_shape2 sh = fc_frame_shape_decode(c + 4);
        o[0] = fc_world_set_shape2(w, ID_AT(c + 1), &sh);
        break;
    }
    case FC_FRAME_GET_SHAPE2: {
        fc_shape2 sh;
        o[0] = fc_world_get_shape2(w, ID_AT(c + 1), &sh);
        if (o[0] == FC_OK)
            fc_frame_shape_encode(&sh, o + 1);
        break;
    }
    case FC_FRAME_SECTOR2: {
        fc_sector2 s = fc_sector2_make(v2(c + 1), c[3], (fc_angle)c[4], (fc_angle)c[5]);
        const fc_body_id *ids = NULL;
        int32_t n = 0;
        fc_status st = fc_world_overlap_sector2(w, &s, filter_at(c + 6), &ids, &n);
        put_ids(o, st, ids, n, c[8]);
        break;
    }
    case FC_FRAME_RING2: {
        fc_ring2 r = fc_ring2_make(v2(c + 1), c[3], c[4]);
        const fc_body_id *ids = NULL;
        int32_t n = 0;
        fc_status st = fc_world_overlap_ring2(w, &r, filter_at(c + 5), &ids, &n);
        put_ids(o, st, ids, n, c[7]);
        break;
    }
    case FC_FRAME_OVERLAP2: {
        fc_shape2 sh = fc_frame_shape_decode(c + 4);
        const fc_body_id *ids = NULL;
        int32_t n = 0;
        fc_status st = fc_world_overlap2(w, &sh, filter_at(c + 1), &ids, &n);
        put_ids(o, st, ids, n, c[3]);
        break;
    }
    case FC_FRAME_RAY2: {
        fc_ray2 ray = {v2(c + 1), v2(c + 3)};
        fc_ray_hit h;
        int hit = 0;
        o[0] = fc_world_raycast2(w, &ray, filter_at(c + 5), &h, &hit);
        if (o[0] != FC_OK)
            break;
        o[1] = hit;
        if (hit)
            put_id(o + 2, h.id), o[5] = h.t;
        break;
    }
    case FC_FRAME_CAST2: {
        fc_shape2 sh = fc_frame_shape_decode(c + 5);
        fc_cast2_hit h;
        int hit = 0;
        o[0] = fc_world_cast2(w, &sh, v2(c + 1), filter_at(c + 3), &h, &hit);
        if (o[0] != FC_OK)
            break;
        o[1] = hit;
        if (hit)
            put_id(o + 2, h.id), o[5] = h.t, o[6] = h.normal.x, o[7] = h.normal.y;
        break;
    }
    case FC_FRAME_PAIRS: {
        const fc_pair *p = NULL;
        int32_t n = 0;
        o[0] = fc_world_find_pairs(w, &p, &n);
        if (o[0] != FC_OK)
            break;
        o[1] = n;
        if (n > c[1])
            o[0] = FC_ERR_BUFFER;
        else
            put_pairs(o + 2, p, n);
        break;
    }
    case FC_FRAME_EVENTS: {
        const fc_pair *b = NULL, *e = NULL;
        int32_t nb = 0, ne = 0;
        o[0] = fc_world_pair_events(w, &b, &nb, &e, &ne);
        if (o[0] != FC_OK)
            break;
        o[1] = nb, o[2] = ne;
        if (nb > c[1] || ne > c[2]) {
            o[0] = FC_ERR_BUFFER;
            break;
        }
        put_pairs(o + 3, b, nb);
        put_pairs(o + 3 + 6 * c[1], e, ne);
        break;
    }
    case FC_FRAME_PUSHOUT_PAIRS2: push_pairs(w, c, pairs_slot, o); break;
    default: {
        uint64_t h = fc_world_checksum(w);
        o[0] = FC_OK;
        o[1] = (int32_t)(uint32_t)(h & 0xFFFFFFFFu);
        o[2] = (int32_t)(uint32_t)(h >> 32);
        break;
    }
    }
}

fc_status fc_frame_run(fc_world *w, const int32_t *cmd, int32_t cmd_words, int32_t *out, int32_t out_cap,
                       int32_t *out_words, int32_t *bad_word)
{
    if (!w || !out_words || (!out && out_cap > 0) || (!cmd && cmd_words > 0))
        return FC_ERR_NULL;
    int32_t need = 0;
    fc_status st = fc_frame_check(cmd, cmd_words, &need, bad_word);
    if (st != FC_OK) {
        *out_words = need;
        return st;
    }
    if (out_cap < 0) {
        *out_words = -1;
        return FC_ERR_ARGUMENT;
    }
    *out_words = need;
    if (need > out_cap)
        return FC_ERR_BUFFER;
    int32_t off = 0;
    const int32_t *pairs_slot = NULL;
    for (int32_t at = 0; at < cmd_words;) {
        int32_t slot = 0;
        int32_t n = sizes(cmd + at, &slot);
        run_one(w, cmd + at, out + off, pairs_slot);
        if (cmd[at] == FC_FRAME_PAIRS)
            pairs_slot = out + off;
        off += slot;
        at += n;
    }
    return FC_OK;
}
