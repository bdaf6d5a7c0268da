/* SPDX-License-Identifier: MIT */
/* Fuzz target for the frame-history ring (fixcol/history.h) under hostile
 * call sequences (libFuzzer: built with -fsanitize=fuzzer and
 * -DFIXCOL_LIBFUZZER; otherwise a main() that runs the same checks on
 * random inputs). The input is a program, a byte per opcode and its
 * argument bytes: creates (any shape type, valid or not), destroys, moves
 * (in range or not), shape / angle / filter / user-data changes with live,
 * stale and foreign ids, find_pairs, saves, rollbacks by any k (negative,
 * past the ring), a history restarted with any frames / bytes (tiny rings
 * overflow and drop frames), restores of a saved snapshot, the history
 * ended. The oracle keeps a full snapshot of every save the ring holds.
 * After every call: the world is consistent (fc_world_validate); a call
 * that failed left the checksum and snapshot bytes as they were; a
 * rollback that succeeded gives exactly the snapshot of its save; the
 * ring's depth never exceeds the saves the oracle holds.
 * Usage (non-libFuzzer build): fuzz_history_seeds [--write-seeds DIR] [RUNS] */
#include <fixcol/history.h>
#include <fixcol/world.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXF 8 /* frames of the oracle's ring at most */

static long g_rollbacks, g_ops; /* what the seed runs covered */

static void fail(const char *what)
{
    fprintf(stderr, "fuzz_history: %s\n", what);
    abort();
}

typedef struct blob {
    unsigned char *b;
    size_t n;
} blob;

static blob snap(const fc_world *w)
{
    blob s;
    fc_world_snapshot(w, NULL, 0, &s.n);
    s.b = (unsigned char *)malloc(s.n);
    if (s.b == NULL || fc_world_snapshot(w, s.b, s.n, &s.n) != FC_OK)
        fail("snapshot");
    return s;
}

static int same(const fc_world *w, blob s)
{
    blob c = snap(w);
    const int eq = c.n == s.n && memcmp(c.b, s.b, s.n) == 0;
    free(c.b);
    return eq;
}

typedef struct rdr {
    const uint8_t *d;
    size_t n, at;
} rdr;

static uint32_t byte(rdr *r)
{
    return r->at < r->n ? r->d[r->at++] : 0;
}

static int32_t word(rdr *r)
{
    uint32_t v = byte(r);
    v |= byte(r) << 8;
    v |= byte(r) << 16;
    v |= byte(r) << 24;
    return (int32_t)v;
}

/* A coordinate: mostly small, sometimes anything. */
static int32_t coord(rdr *r)
{
    const uint32_t k = byte(r);
    return k < 200 ? (int32_t)(k * 65536u / 2u) : word(r);
}

/* a + d saturated to int32 (a coordinate may be anything: no overflow in
 * the test itself; the world must reject what leaves its range). */
static fix16_t plus(fix16_t a, int32_t d)
{
    const int64_t v = (int64_t)a + d;
    return (fix16_t)(v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : v);
}

static void shape2(rdr *r, fc_shape2 *s)
{
    memset(s, 0, sizeof *s);
    s->type = (fc_shape2_type)(byte(r) % 6);
    const fc_vec2 c = {coord(r), coord(r)};
    switch (s->type) {
    case FC_SHAPE2_CIRCLE: s->u.circle = fc_circle_make(c, (fix16_t)(byte(r) * 8192)); break;
    case FC_SHAPE2_AABB:
        s->u.aabb = fc_aabb2_make(c, (fc_vec2){plus(c.x, (int32_t)(byte(r) * 8192)), plus(c.y, (int32_t)(byte(r) * 8192))});
        break;
    case FC_SHAPE2_OBB:
        s->u.obb = fc_obb2_make(c, (fc_vec2){(fix16_t)(byte(r) * 8192), (fix16_t)(byte(r) * 8192)}, (fc_angle)word(r));
        break;
    case FC_SHAPE2_CAPSULE: s->u.capsule = fc_capsule2_make(c, (fc_vec2){coord(r), coord(r)}, (fix16_t)(byte(r) * 4096)); break;
    case FC_SHAPE2_POLY: {
        const fc_vec2 v[3] = {c, {plus(c.x, (int32_t)(byte(r) * 8192)), c.y}, {c.x, plus(c.y, (int32_t)(byte(r) * 8192))}};
        s->u.poly = fc_poly2_make(v, 3);
        break;
    }
    default: break;
    }
}

/* An id: a live one picked by the byte, or a forged one. */
static fc_body_id pick(rdr *r, const fc_body_id *ids, int n)
{
    const uint32_t k = byte(r);
    if (k < 224 && n > 0)
        return ids[k % (uint32_t)n];
    fc_body_id f = {(uint32_t)byte(r), (uint32_t)byte(r), k & 1 ? 1u : 9u};
    return f;
}

typedef struct oracle {
    blob saves[MAXF + 1]; /* oldest first */
    int count;
} oracle;

static void oracle_clear(oracle *o)
{
    for (int i = 0; i < o->count; i++)
        free(o->saves[i].b);
    o->count = 0;
}

static void oracle_push(oracle *o, const fc_world *w, int frames)
{
    if (o->count == frames + 1 || o->count == MAXF + 1) {
        free(o->saves[0].b);
        memmove(o->saves, o->saves + 1, sizeof(blob) * (size_t)(o->count - 1));
        o->count--;
    }
    o->saves[o->count++] = snap(w);
}

static void check_world(const fc_world *w)
{
    if (fc_world_validate(w) != FC_OK)
        fail("world inconsistent");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rdr r = {data, size, 0};
    fc_world_def d = fc_world_def_default();
    d.max_depth = 4;
    fc_world *w = NULL;
    if (fc_world_create(&d, &w) != FC_OK)
        return 0;
    oracle o = {{{NULL, 0}}, 0};
    int frames = 0; /* 0: no history */
    fc_body_id ids[64];
    blob kept = snap(w); /* a snapshot for restores */
    for (int ops = 0; r.at < r.n && ops < 400; ops++) {
        int n = 0;
        { /* the live ids, by index */
            const fc_body_id *q;
            int32_t nq = 0;
            fc_shape2 all;
            all.type = FC_SHAPE2_AABB;
            all.u.aabb = fc_aabb2_make((fc_vec2){-FC_COORD_LIMIT, -FC_COORD_LIMIT}, (fc_vec2){FC_COORD_LIMIT, FC_COORD_LIMIT});
            if (fc_world_overlap2(w, &all, (fc_filter){0xFFFFFFFFu, 0xFFFFFFFFu}, &q, &nq) == FC_OK)
                for (; n < nq && n < 64; n++)
                    ids[n] = q[n];
        }
        const uint64_t sum = fc_world_checksum(w);
        blob before = snap(w);
        fc_status st = FC_OK;
        const uint32_t op = byte(&r) % 13;
        switch (op) {
        case 0: case 1: {
            fc_body_def bd = fc_body_def_default();
            shape2(&r, &bd.shape2);
            bd.user_data = byte(&r);
            fc_body_id id;
            st = n < 64 ? fc_world_create_body(w, &bd, &id) : FC_OK;
            break;
        }
        case 2: st = fc_world_destroy_body(w, pick(&r, ids, n)); break;
        case 3: case 4: {
            const fc_body_id id = pick(&r, ids, n);
            const uint32_t k = byte(&r);
            st = fc_world_translate2(w, id, k < 250 ? (fc_vec2){(fix16_t)((int32_t)k - 125) * 4096, coord(&r) / 64}
                                                   : (fc_vec2){word(&r), word(&r)});
            break;
        }
        case 5: {
            fc_shape2 s;
            const fc_body_id id = pick(&r, ids, n);
            shape2(&r, &s);
            st = fc_world_set_shape2(w, id, &s);
            break;
        }
        case 6: st = fc_world_set_angle2(w, pick(&r, ids, n), (fc_angle)word(&r)); break;
        case 7: {
            const fc_body_id id = pick(&r, ids, n);
            st = fc_world_set_filter(w, id, (fc_filter){byte(&r) & 3u, 0xFFFFFFF0u | byte(&r)});
            if (st == FC_OK)
                st = fc_world_set_user_data(w, id, (uint64_t)word(&r));
            break;
        }
        case 8: {
            const fc_pair *p;
            int32_t np;
            st = fc_world_find_pairs(w, &p, &np);
            break;
        }
        case 9: case 10:
            st = fc_world_history_save(w);
            if (frames == 0) {
                if (st != FC_ERR_ARGUMENT)
                    fail("save without a history");
            } else if (st == FC_OK) {
                oracle_push(&o, w, frames);
            } else if (st == FC_ERR_CAPACITY) {
                oracle_clear(&o);
                oracle_push(&o, w, frames);
            } else {
                fail("save failed");
            }
            st = FC_OK;
            break;
        case 11: {
            const int32_t k = (int32_t)(byte(&r) % 12) - 1;
            st = fc_world_history_rollback(w, k);
            if (st == FC_OK) {
                g_rollbacks++;
                if (frames == 0 || k < 0 || k >= o.count || !same(w, o.saves[o.count - 1 - k]))
                    fail("rollback: not the saved state");
                for (int i = 0; i < k; i++)
                    free(o.saves[--o.count].b);
            } else if (frames > 0 && st == FC_ERR_RANGE && k >= 0 && k < o.count) {
                fc_history_stats hs;
                fc_world_history_stats(w, &hs);
                if (k <= hs.depth)
                    fail("rollback refused within the depth");
            }
            break;
        }
        default: {
            const uint32_t k = byte(&r);
            if (k < 64) { /* restart the history: any frames and bytes */
                const int32_t f = (int32_t)(byte(&r) % 10) - 1, b = (int32_t)(byte(&r) * 64);
                st = fc_world_history_begin(w, f, b);
                if (st == FC_OK) {
                    frames = f;
                    oracle_clear(&o);
                    oracle_push(&o, w, frames);
                }
            } else if (k < 96) {
                fc_world_history_end(w);
                frames = 0;
                oracle_clear(&o);
            } else if (k < 160) {
                free(kept.b);
                kept = snap(w);
            } else {
                st = fc_world_restore(w, kept.b, kept.n);
                if (st == FC_OK && frames > 0) {
                    oracle_clear(&o);
                    oracle_push(&o, w, frames);
                }
            }
            break;
        }
        }
        g_ops++;
        check_world(w);
        if (st != FC_OK && (fc_world_checksum(w) != sum || !same(w, before)))
            fail("a failed call changed the world");
        free(before.b);
        if (frames > 0) {
            fc_history_stats hs;
            if (fc_world_history_stats(w, &hs) != FC_OK || hs.depth >= o.count || hs.depth > frames ||
                hs.used > hs.bytes)
                fail("history figures");
        }
    }
    oracle_clear(&o);
    free(kept.b);
    fc_world_destroy(w);
    return 0;
}

#ifndef FIXCOL_LIBFUZZER
/* fuzz_history_seeds [--write-seeds DIR] [RUNS]: RUNS random programs
 * (default 300); with DIR, the first 16 are written there as seeds. */
int main(int argc, char **argv)
{
    int arg = 1;
    const char *dir = NULL;
    if (argc > 2 && strcmp(argv[1], "--write-seeds") == 0) {
        dir = argv[2];
        arg = 3;
    }
    const long runs = arg < argc ? atol(argv[arg]) : 300;
    uint64_t s = 0x243F6A8885A308D3ULL;
    uint8_t buf[2048];
    for (long i = 0; i < runs; i++) {
        const size_t n = 64 + (size_t)(i * 37 % 1900);
        for (size_t j = 0; j < n; j++) {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            buf[j] = (uint8_t)s;
        }
        /* every program starts its history */
        buf[0] = 12;
        buf[1] = 0;
        buf[2] = (uint8_t)(3 + i % 6);
        buf[3] = (uint8_t)(i % 3 == 0 ? 64 : 255);
        if (dir && i < 16) {
            char path[4096];
            snprintf(path, sizeof path, "%s/seed_%ld", dir, i);
            FILE *f = fopen(path, "wb");
            if (!f || fwrite(buf, 1, n, f) != n || fclose(f) != 0)
                fail("cannot write seed");
        }
        LLVMFuzzerTestOneInput(buf, n);
    }
    printf("fuzz_history: %ld programs ok (%ld calls, %ld rollbacks)\n", runs, g_ops, g_rollbacks);
    if (runs >= 100 && g_rollbacks < runs)
        fail("too few rollbacks: the programs do not reach the ring");
    return 0;
}
#endif
