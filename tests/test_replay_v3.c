/* SPDX-License-Identifier: MIT */
/* Format 3 frame values against independent recomputation: runs format 3
 * replays through the runner and recomputes, from the world and the
 * stateless pair tier only, what docs/replay-format.md defines:
 *   - began / ended: brute-force set difference (by full id) of the frame's
 *     pair list and the previous one (the previous frame's, or the list
 *     right after a restore), hashed as fc_hash_pairs (seed 0), folded;
 *   - contacts: fc_contact2 / fc_contact3 of each pair's two shapes, the
 *     documented words (id words, then the contact's int32 fields two per
 *     word), fc_hash64 seed 0, folded;
 *   - sector / ring queries: every live body tested with
 *     fc_overlap_sector2 / fc_overlap_ring2 and the filter rule, in index
 *     order, fc_hash_ids (seed 0), folded; rejected areas: their
 *     validation status as the seed and no hits.
 * Also every recorded frame checksum must be the runner's, and a replay
 * whose stored began / ended / contacts hash of one frame is changed (in
 * its text form) fails verification at that frame naming the pair events /
 * the contacts. --break hashes the contact words in another order: the
 * check must then fail.
 * Usage: test_replay_v3 [--break] FILE... */
#include <fixcol/fixcol.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static int breaking;

static uint32_t fold(uint64_t h) { return (uint32_t)h ^ (uint32_t)(h >> 32); }
static uint64_t idw(fc_body_id id) { return (uint64_t)id.index | (uint64_t)id.generation << 32; }
static uint64_t w2(int32_t lo, int32_t hi) { return (uint64_t)(uint32_t)lo | (uint64_t)(uint32_t)hi << 32; }

typedef struct list {
    fc_pair *p;
    int32_t n, cap;
} list;

static void list_set(list *l, const fc_pair *p, int32_t n)
{
    if (n > l->cap) {
        l->cap = n;
        l->p = (fc_pair *)realloc(l->p, (size_t)n * sizeof *l->p);
    }
    if (n)
        memcpy(l->p, p, (size_t)n * sizeof *p);
    l->n = n;
}

static int same_id(fc_body_id a, fc_body_id b)
{
    return a.index == b.index && a.generation == b.generation && a.world == b.world;
}

static int has(const list *l, fc_pair q)
{
    for (int32_t i = 0; i < l->n; i++)
        if (same_id(l->p[i].a, q.a) && same_id(l->p[i].b, q.b))
            return 1;
    return 0;
}

/* The pairs of a not in b, in a's (canonical) order: count and folded hash. */
static void diff(const list *a, const list *b, uint32_t *count, uint32_t *hash)
{
    fc_hash64 h = fc_hash64_init(0);
    uint32_t n = 0;
    for (int32_t i = 0; i < a->n; i++)
        if (!has(b, a->p[i])) {
            fc_hash64_word(&h, idw(a->p[i].a));
            fc_hash64_word(&h, idw(a->p[i].b));
            n++;
        }
    *count = n;
    *hash = fold(fc_hash64_final(&h));
}

static uint32_t contacts_hash(fc_world *w, int32_t dim, const list *cur)
{
    fc_hash64 h = fc_hash64_init(0);
    for (int32_t i = 0; i < cur->n; i++) {
        fc_hash64_word(&h, idw(cur->p[i].a));
        fc_hash64_word(&h, idw(cur->p[i].b));
        if (dim == 2) {
            fc_shape2 a, b;
            fc_contact2_result c;
            fc_world_get_shape2(w, cur->p[i].a, &a);
            fc_world_get_shape2(w, cur->p[i].b, &b);
            fc_contact2(&a, &b, &c);
            fc_hash64_word(&h, breaking ? w2(c.normal.y, c.normal.x) : w2(c.normal.x, c.normal.y));
            fc_hash64_word(&h, w2(c.depth, c.point.x));
            fc_hash64_word(&h, w2(c.point.y, 0));
        } else {
            fc_shape3 a, b;
            fc_contact3_result c;
            fc_world_get_shape3(w, cur->p[i].a, &a);
            fc_world_get_shape3(w, cur->p[i].b, &b);
            fc_contact3(&a, &b, &c);
            fc_hash64_word(&h, breaking ? w2(c.normal.y, c.normal.x) : w2(c.normal.x, c.normal.y));
            fc_hash64_word(&h, w2(c.normal.z, c.depth));
            fc_hash64_word(&h, w2(c.point.x, c.point.y));
            fc_hash64_word(&h, w2(c.point.z, 0));
        }
    }
    return fold(fc_hash64_final(&h));
}

/* A sector or ring query by brute force over the live bodies. */
static void area_brute(fc_replay_runner *rn, const fc_replay_op *op, uint32_t *count, uint32_t *hash)
{
    fc_status st = rn->dim != 2 ? FC_ERR_SHAPE_TYPE
                   : op->kind == FC_REPLAY_QUERY_SECTOR ? fc_sector2_validate(&op->sector)
                                                        : fc_ring2_validate(&op->ring);
    fc_hash64 h = fc_hash64_init((uint32_t)st);
    uint32_t n = 0;
    for (uint32_t i = 0; st == FC_OK && i < rn->live_cap; i++) {
        if (!rn->live_gen[i])
            continue;
        fc_body_id id;
        id.index = i;
        id.generation = rn->live_gen[i];
        id.world = 1;
        fc_shape2 s;
        fc_filter f;
        if (fc_world_get_shape2(rn->world, id, &s) != FC_OK || fc_world_get_filter(rn->world, id, &f) != FC_OK)
            continue;
        if (!(f.category & op->filter.mask) || !(op->filter.category & f.mask))
            continue;
        if (op->kind == FC_REPLAY_QUERY_SECTOR ? fc_overlap_sector2(&op->sector, &s) : fc_overlap_ring2(&op->ring, &s)) {
            fc_hash64_word(&h, idw(id));
            n++;
        }
    }
    *count = n;
    *hash = fold(fc_hash64_final(&h));
}

typedef struct tally {
    uint64_t frames, began, ended, contacts, areas, area_hits;
} tally;

static void check_file(const char *path, const uint8_t *data, size_t size, tally *t)
{
    fc_replay_reader r;
    fc_replay_runner rn;
    TU_CHECK(fc_replay_open(&r, data, size) == FC_OK && r.settings.version >= 3, "%s: not a format 3 replay", path);
    if (r.status != FC_OK || r.settings.version < 3 || fc_replay_runner_init(&rn, &r.settings) != FC_OK)
        return;
    list prev = {NULL, 0, 0}, cur = {NULL, 0, 0};
    for (;;) {
        int32_t more = 0;
        uint32_t n = 0;
        if (fc_replay_next_frame(&r, &more, &n) != FC_OK || !more)
            break;
        fc_replay_runner_begin_frame(&rn);
        for (uint32_t i = 0; i < n; i++) {
            fc_replay_op op;
            if (fc_replay_next_op(&r, &op) != FC_OK)
                break;
            uint32_t q = rn.query_count;
            fc_status st = fc_replay_runner_apply(&rn, &op, NULL);
            if (op.kind == FC_REPLAY_RESTORE && st == FC_OK) {
                /* a restore makes the restored contents' pairs the world's
                 * current list (fixcol/world.h); listing them again here
                 * changes nothing */
                const fc_pair *p;
                int32_t np;
                TU_CHECK(fc_world_find_pairs(rn.world, &p, &np) == FC_OK, "find_pairs after a restore");
                list_set(&prev, p, np);
            }
            if (op.kind == FC_REPLAY_QUERY_SECTOR || op.kind == FC_REPLAY_QUERY_RING) {
                uint32_t c, h;
                area_brute(&rn, &op, &c, &h);
                TU_CHECK(rn.queries[q].count == c && rn.queries[q].hash == h,
                         "%s frame %u op %u: area query %u hits %08x, brute force %u hits %08x", path, r.frames, i,
                         rn.queries[q].count, rn.queries[q].hash, c, h);
                t->areas++;
                t->area_hits += c > 0;
            }
        }
        fc_replay_expect e, got;
        TU_CHECK(fc_replay_read_expect(&r, &e) == FC_OK, "%s: expect", path);
        for (uint32_t i = 0; i < e.query_count; i++) {
            fc_replay_query_expect qe;
            fc_replay_read_query_expect(&r, &qe);
        }
        TU_CHECK(fc_replay_runner_end_frame(&rn, &got) == FC_OK, "%s: end frame", path);
        const fc_pair *p;
        int32_t np;
        TU_CHECK(fc_world_find_pairs(rn.world, &p, &np) == FC_OK, "find_pairs");
        list_set(&cur, p, np);
        uint32_t bc, bh, ec, eh;
        diff(&cur, &prev, &bc, &bh);
        diff(&prev, &cur, &ec, &eh);
        uint32_t ch = contacts_hash(rn.world, rn.dim, &cur);
        TU_CHECK(got.extended == 1 && got.began_count == bc && got.began == bh && got.ended_count == ec &&
                     got.ended == eh,
                 "%s frame %u: events began %u %08x ended %u %08x, brute force %u %08x / %u %08x", path, r.frames,
                 got.began_count, got.began, got.ended_count, got.ended, bc, bh, ec, eh);
        TU_CHECK(got.contact_count == (uint32_t)cur.n && got.contacts == ch,
                 "%s frame %u: contacts %u %08x, recomputed %d %08x", path, r.frames, got.contact_count, got.contacts,
                 cur.n, ch);
        TU_CHECK(e.checksum == got.checksum, "%s frame %u: recorded checksum differs", path, r.frames);
        t->frames++;
        t->began += bc;
        t->ended += ec;
        t->contacts += (uint64_t)cur.n;
        list_set(&prev, cur.p, cur.n);
    }
    free(prev.p);
    free(cur.p);
    fc_replay_runner_free(&rn);
}

/* Change the hash after `word` in the first expect line that has one
 * (text form), verify, and require the mismatch to be `want` at that frame. */
static void flipped(const char *path, const uint8_t *data, size_t size, const char *word, fc_replay_diff want)
{
    fc_replay_writer txt;
    fc_replay_error err;
    if (fc_replay_convert(data, size, 1, &txt, &err) != FC_OK) {
        TU_CHECK(0, "%s: to text: %s", path, err.reason);
        fc_replay_writer_free(&txt);
        return;
    }
    char *s = (char *)malloc(txt.size + 1);
    memcpy(s, txt.data, txt.size);
    s[txt.size] = '\0';
    char *at = strstr(s, word); /* "began N 0x...": change the last hex digit */
    uint32_t frame = 0;
    for (char *p = s; at && p < at; p++)
        frame += strncmp(p, "\nexpect ", 8) == 0;
    char *hex = at ? strstr(at + strlen(word), "0x") : NULL;
    size_t end = hex ? strspn(hex + 2, "0123456789abcdef") + 2 : 0;
    TU_CHECK(hex != NULL && end > 2, "%s: no %s field", path, word);
    if (hex && end > 2) {
        hex[end - 1] = hex[end - 1] == '1' ? '2' : '1';
        fc_replay_verify_result res;
        fc_status st = fc_replay_verify((const uint8_t *)s, txt.size, NULL, &res, &err, NULL, NULL);
        TU_CHECK(st == FC_OK && res.bad_frames == 1 && res.first.what == want && res.first.frame == frame,
                 "%s with %s changed: status %d, %u bad frames, first at frame %u (want %u) kind %d (want %d)", path,
                 word, st, res.bad_frames, res.first.frame, frame, res.first.what, want);
    }
    free(s);
    fc_replay_writer_free(&txt);
}

int main(int argc, char **argv)
{
    breaking = argc > 1 && strcmp(argv[1], "--break") == 0;
    tally t;
    memset(&t, 0, sizeof t);
    for (int i = 1 + breaking; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        TU_CHECK(f != NULL, "cannot open %s", argv[i]);
        if (!f)
            continue;
        static uint8_t buf[1 << 24];
        size_t size = fread(buf, 1, sizeof buf, f);
        fclose(f);
        check_file(argv[i], buf, size, &t);
        flipped(argv[i], buf, size, " began ", FC_REPLAY_DIFF_EVENTS);
        flipped(argv[i], buf, size, " ended ", FC_REPLAY_DIFF_EVENTS);
        flipped(argv[i], buf, size, " contacts ", FC_REPLAY_DIFF_CONTACTS);
    }
    TU_CHECK(t.frames > 0 && t.began > 0 && t.ended > 0 && t.contacts > 0 && t.area_hits > 0,
             "nothing checked: %llu frames", (unsigned long long)t.frames);
    printf("format 3: %llu frames, %llu began, %llu ended, %llu contacts, %llu area queries (%llu with hits)\n",
           (unsigned long long)t.frames, (unsigned long long)t.began, (unsigned long long)t.ended,
           (unsigned long long)t.contacts, (unsigned long long)t.areas, (unsigned long long)t.area_hits);
    return tu_finish("replay format 3 values");
}
