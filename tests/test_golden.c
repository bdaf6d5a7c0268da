/* SPDX-License-Identifier: MIT */
/* test_golden DIR: every golden file of DIR/MANIFEST.txt (tests/golden/:
 * snapshot blobs and replays of every format version fixcol has written,
 * docs/compatibility.md) restores or verifies with the outputs stored
 * beside it:
 *   - a snapshot restores into a fresh world and into a diverged world of
 *     its own (the diff restore), each then consistent, snapshotting to the
 *     current-version blob named in the manifest, and giving the stored
 *     checksum, pairs, query hashes, next id and checksum after a create;
 *   - a replay is read as its stored version and verifies: the stored
 *     frame count, every frame matching, the stored digest;
 *   - the format version 1 blobs, damaged one field at a time (and
 *     resealed), are refused with the stated error, the target unchanged.
 * The should-fail twins are this program built with a format version's
 * reader removed (tests/meson.build). */
#include <fixcol/hash.h>
#include <fixcol/replay.h>
#include <fixcol/world.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "golden/golden_world.h"
#include "snapshot_trailer.h"

static int failures, checks;

static void check(int ok, const char *file, const char *what)
{
    checks++;
    if (!ok) {
        failures++;
        printf("FAIL %s: %s\n", file, what);
    }
}

static unsigned char *load(const char *dir, const char *name, size_t *size)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    unsigned char *b = NULL;
    long n = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (n > 0 && fseek(f, 0, SEEK_SET) == 0 && (b = (unsigned char *)malloc((size_t)n)) != NULL &&
        fread(b, 1, (size_t)n, f) != (size_t)n) {
        free(b);
        b = NULL;
    }
    fclose(f);
    *size = n > 0 ? (size_t)n : 0;
    return b;
}

static uint64_t get64(const unsigned char *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

static void put64(unsigned char *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

/* w's snapshot (malloc'd) and its size; NULL on failure. */
static unsigned char *snap(const fc_world *w, size_t *size)
{
    unsigned char *b = NULL;
    if (fc_world_snapshot(w, NULL, 0, size) == FC_OK && (b = (unsigned char *)malloc(*size)) != NULL &&
        fc_world_snapshot(w, b, *size, size) != FC_OK) {
        free(b);
        b = NULL;
    }
    return b;
}

/* The golden world of dim3, diverged: a body moved, one destroyed, one
 * created (restoring into it takes the diff restore). */
static fc_world *diverged(int dim3)
{
    fc_body_id first[2], c;
    fc_world *w = gw_build(dim3, first);
    if (w == NULL ||
        (dim3 ? fc_world_translate3(w, first[0], gw_v3(GW_U, 0, 0)) : fc_world_translate2(w, first[0], fc_vec2_make(GW_U, 0))) != FC_OK ||
        fc_world_destroy_body(w, first[1]) != FC_OK || !gw_add(w, dim3, 11, &c)) {
        fc_world_destroy(w);
        return NULL;
    }
    return w;
}

typedef struct snap_entry {
    char name[64], current[64];
    unsigned version, dim;
    gw_outputs want;
} snap_entry;

static void check_snapshot(const char *dir, const snap_entry *e)
{
    size_t size, csize;
    unsigned char *blob = load(dir, e->name, &size), *cur = load(dir, e->current, &csize);
    check(blob != NULL && cur != NULL, e->name, "file or its current-version blob missing");
    if (blob == NULL || cur == NULL) {
        free(blob);
        free(cur);
        return;
    }
    check(size >= 8 && (uint32_t)(get64(blob) >> 32) == e->version, e->name, "header version is not the manifest's");
    const int dim3 = e->dim == 4 ? GW_CAPSULES : e->dim == 3;
    for (int target = 0; target < 2; target++) {
        fc_world *w = NULL;
        fc_world_def d = fc_world_def_default();
        if (target == 0 ? fc_world_create(&d, &w) != FC_OK : (w = diverged(dim3)) == NULL) {
            check(0, e->name, "target world");
            continue;
        }
        const char *what = target == 0 ? "restore into a fresh world" : "restore into a diverged world";
        fc_status st = fc_world_restore(w, blob, size);
        check(st == FC_OK, e->name, what);
        if (st == FC_OK) {
            size_t n;
            unsigned char *again = snap(w, &n);
            check(fc_world_validate(w) == FC_OK, e->name, "restored world inconsistent");
            check(again != NULL && n == csize && memcmp(again, cur, n) == 0, e->name,
                  "restored world does not snapshot to the current-version golden blob");
            free(again);
            gw_outputs got;
            check(gw_probe(w, dim3, &got), e->name, "probe queries failed");
            check(got.checksum == e->want.checksum, e->name, "checksum");
            check(got.pair_count == e->want.pair_count && got.pairs == e->want.pairs, e->name, "pairs");
            check(got.queries == e->want.queries, e->name, "queries");
            check(got.next_id.index == e->want.next_id.index && got.next_id.generation == e->want.next_id.generation,
                  e->name, "id handed out next");
            check(got.checksum_after_create == e->want.checksum_after_create, e->name, "checksum after a create");
        }
        fc_world_destroy(w);
    }
    free(blob);
    free(cur);
}

/* ------------------------------------------------ damaged version 1 blobs */

/* The word offset of live body k (0-based) of a version 1 blob and its
 * word count; 0 when there is none. */
static size_t v1_body(const unsigned char *b, size_t size, int dim3, uint32_t k, size_t *words)
{
    const uint64_t nfree = (uint32_t)get64(b + 48), live = get64(b + 40) >> 32;
    size_t at = 7 + nfree;
    for (uint32_t i = 0; i <= k && i < live && 8 * (at + 3) < size; i++) {
        const uint64_t b2 = get64(b + 8 * (at + 2));
        const uint32_t type = (uint32_t)b2, count = (uint32_t)(b2 >> 32);
        static const int f2[6] = { 0, 3, 4, 5, 5, 0 }, f3[4] = { 0, 4, 6, 15 };
        const int nf = dim3 ? (type < 4 ? f3[type] : 0) : (type == 5 ? 2 * (int)count : type < 6 ? f2[type] : 0);
        *words = 3 + (size_t)(nf + 1) / 2 + 1;
        if (i == k)
            return at;
        at += *words;
    }
    return 0;
}

/* The first live body of type (and its offset); 0 when none. */
static size_t v1_body_of_type(const unsigned char *b, size_t size, int dim3, uint32_t type)
{
    size_t words;
    for (uint32_t k = 0;; k++) {
        size_t at = v1_body(b, size, dim3, k, &words);
        if (at == 0 || (uint32_t)get64(b + 8 * (at + 2)) == type)
            return at;
    }
}

enum { RESEAL = 1 };

/* A damaged copy: f applied to words of a copy of blob (size may change:
 * *n), then the length field and trailer made right when reseal. */
static void check_damaged(const char *name, const unsigned char *blob, size_t size, int dim3, const char *what,
                          int damage, fc_status want)
{
    unsigned char *b = (unsigned char *)calloc(1, size + 8);
    if (b == NULL)
        return;
    memcpy(b, blob, size);
    size_t n = size;
    int reseal = 1;
    const size_t nfree = (uint32_t)get64(b + 48);
    size_t words, body0 = v1_body(b, n, dim3, 0, &words), body1 = v1_body(b, n, dim3, 1, &words);
    switch (damage) {
    case 0: put64(b, get64(b) & 0xFFFFFFFFu); break;                           /* version 0 */
    case 1: put64(b, (get64(b) & 0xFFFFFFFFu) | (uint64_t)3 << 32); break;      /* version 3 */
    case 2: b[n - 1] ^= 1; reseal = 0; break;                                    /* trailer */
    case 3: n -= 8; break;                                                       /* a word short */
    case 4: put64(b + n, get64(b + n - 8)); put64(b + n - 8, 0); n += 8; break;  /* a word extra */
    case 5: put64(b + 56, (get64(b + 56) & 0xFFFFFFFF00000000u) | (uint32_t)get64(b + 40)); break; /* free index = slots */
    case 6: put64(b + 56, get64(b + 56) & 0xFFFFFFFFu); break;                   /* free generation 0 */
    case 7: put64(b + 64, get64(b + 56)); break;                                 /* a free entry twice */
    case 8: put64(b + 8 * (body0 + 2), 9); break;                                /* shape type 9 */
    case 9: put64(b + 8 * body0, get64(b + 8 * body0) & 0xFFFFFFFFu); break;     /* body generation 0 */
    case 10: put64(b + 8 * body1, (get64(b + 8 * body1) & 0xFFFFFFFF00000000u) | (uint32_t)get64(b + 8 * body0)); break; /* index repeated */
    case 11: put64(b + 8 * body0, (get64(b + 8 * body0) & 0xFFFFFFFF00000000u) | (uint32_t)get64(b + 56)); break; /* a free slot live */
    case 12: /* first body (circle / sphere) radius -1 */
        if (dim3)
            put64(b + 8 * (body0 + 4), (get64(b + 8 * (body0 + 4)) & 0xFFFFFFFFu) | (uint64_t)0xFFFFFFFFu << 32);
        else
            put64(b + 8 * (body0 + 4), 0xFFFFFFFFu);
        break;
    case 13: /* 2D: the circle's padding half; 3D: the sphere's polygon count */
        if (dim3)
            put64(b + 8 * (body0 + 2), get64(b + 8 * (body0 + 2)) | (uint64_t)1 << 32);
        else
            put64(b + 8 * (body0 + 4), get64(b + 8 * (body0 + 4)) | (uint64_t)1 << 32);
        break;
    case 14: put64(b + 40, get64(b + 40) + 1); break;                            /* slots != live + free */
    case 15: { /* 2D: an OBB angle above 65535; 3D: an OBB axis off the unit length */
        size_t at = v1_body_of_type(b, n, dim3, 3);
        if (at == 0)
            break;
        if (dim3)
            put64(b + 8 * (at + 6), get64(b + 8 * (at + 6)) + 4096);
        else
            put64(b + 8 * (at + 5), 0x10000u);
        break;
    }
    }
    (void)nfree;
    if (reseal) {
        put64(b + 8, (get64(b + 8) & 0xFFFFFFFF00000000u) | (uint32_t)n);
        put64(b + n - 8, snapshot_trailer(b, n));
    }
    fc_world *w = diverged(dim3);
    size_t s0, s1;
    unsigned char *before = w ? snap(w, &s0) : NULL;
    const uint64_t sum0 = w ? fc_world_checksum(w) : 0;
    fc_status st = w ? fc_world_restore(w, b, n) : FC_ERR_NULL;
    unsigned char *after = w ? snap(w, &s1) : NULL;
    char msg[160];
    snprintf(msg, sizeof msg, "damaged (%s): status %d, want %d, target unchanged", what, (int)st, (int)want);
    check(st == want && before && after && s0 == s1 && memcmp(before, after, s0) == 0 &&
              fc_world_checksum(w) == sum0 && fc_world_validate(w) == FC_OK,
          name, msg);
    free(before);
    free(after);
    fc_world_destroy(w);
    free(b);
}

static void check_damaged_v1(const char *dir, const snap_entry *e)
{
    static const char *what[16] = { "version 0", "version 3", "trailer", "a word short", "a word extra",
                                    "free index out of range", "free generation 0", "free entry repeated",
                                    "shape type 9", "body generation 0", "live index repeated",
                                    "a free slot also live", "negative radius", "nonzero padding or count",
                                    "slot count", "OBB angle / axis" };
    size_t size;
    unsigned char *blob = load(dir, e->name, &size);
    if (blob == NULL)
        return;
    for (int d = 0; d < 16; d++)
        check_damaged(e->name, blob, size, e->dim == 3, what[d], d,
                      d <= 1 ? FC_ERR_VERSION : d == 2 ? FC_ERR_CHECKSUM : FC_ERR_FORMAT);
    free(blob);
}

/* ------------------------------------------------------------- replays */

static void check_replay(const char *dir, const char *name, unsigned version, uint32_t frames, uint64_t digest)
{
    size_t size;
    unsigned char *data = load(dir, name, &size);
    check(data != NULL, name, "file missing");
    if (data == NULL)
        return;
    fc_hash64 h = fc_hash64_init(0);
    fc_replay_verify_result res;
    fc_replay_error err;
    memset(&res, 0, sizeof res);
    memset(&err, 0, sizeof err);
    fc_status st = fc_replay_verify(data, size, &h, &res, &err, NULL, NULL);
    char msg[512];
    snprintf(msg, sizeof msg, "verify: status %d (%s)", (int)st, st == FC_OK ? "ok" : err.reason);
    check(st == FC_OK, name, msg);
    if (st == FC_OK) {
        check(res.settings.version == (int32_t)version, name, "read as another format version");
        check(res.frames == frames, name, "frame count");
        check(res.bad_frames == 0, name, "a frame does not match its stored checksums");
        snprintf(msg, sizeof msg, "digest %016" PRIx64 ", want %016" PRIx64, fc_hash64_final(&h), digest);
        check(fc_hash64_final(&h) == digest, name, msg);
    }
    free(data);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_golden DIR\n");
        return 2;
    }
    char path[4096], line[1024];
    snprintf(path, sizeof path, "%s/MANIFEST.txt", argv[1]);
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        printf("FAIL: no %s\n", path);
        return 1;
    }
    int snapshots = 0, replays = 0, seen_version[2][6] = { { 0 } };
    while (fgets(line, sizeof line, f) != NULL) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        snap_entry e;
        unsigned long long c, p, q, a, digest;
        unsigned idx, gen, nframes;
        int npairs;
        memset(&e, 0, sizeof e);
        if (sscanf(line, "snapshot %63s %u %u checksum %llx pairs %d %llx queries %llx next %u %u after %llx current %63s",
                   e.name, &e.version, &e.dim, &c, &npairs, &p, &q, &idx, &gen, &a, e.current) == 11) {
            e.want.checksum = c;
            e.want.pair_count = npairs;
            e.want.pairs = p;
            e.want.queries = q;
            e.want.next_id.index = idx;
            e.want.next_id.generation = gen;
            e.want.checksum_after_create = a;
            check_snapshot(argv[1], &e);
            if (e.version == 1)
                check_damaged_v1(argv[1], &e);
            snapshots++;
            seen_version[0][e.version < 6 ? e.version : 0] = 1;
        } else if (sscanf(line, "replay %63s %u frames %u digest %llx", e.name, &e.version, &nframes, &digest) == 4) {
            check_replay(argv[1], e.name, e.version, nframes, digest);
            replays++;
            seen_version[1][e.version < 6 ? e.version : 0] = 1;
        } else {
            check(0, "MANIFEST.txt", line);
        }
    }
    fclose(f);
    /* every format version fixcol has written has a golden file */
    check(seen_version[0][1] && seen_version[0][2] && FC_SNAPSHOT_VERSION == 2, "MANIFEST.txt",
          "a snapshot version without a golden file");
    check(seen_version[1][1] && seen_version[1][2] && seen_version[1][3] && seen_version[1][4] && seen_version[1][5] &&
              FC_REPLAY_VERSION == 5,
          "MANIFEST.txt",
          "a replay version without a golden file");
    printf("golden: %d snapshots, %d replays, %d checks, %d failures\n", snapshots, replays, checks, failures);
    return failures == 0 ? 0 : 1;
}
