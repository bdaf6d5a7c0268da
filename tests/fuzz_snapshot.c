/* SPDX-License-Identifier: MIT */
/* Fuzz target for fc_world_restore (libFuzzer: built with -fsanitize=fuzzer
 * and -DFIXCOL_LIBFUZZER; otherwise a main() that runs the same checks on
 * generated seed snapshots, every prefix and every single-byte change of
 * them). Each input is tried as given and resealed (length field and
 * trailer recomputed, so mutations reach the body parser). For any input:
 *   - restore either fails with FC_ERR_FORMAT, FC_ERR_VERSION or
 *     FC_ERR_CHECKSUM and leaves the target world exactly as it was, or
 *   - succeeds, the world is consistent, and snapshotting it gives the input
 *     back byte for byte (restore accepts only the one canonical encoding;
 *     for a format version 1 input: a current-version blob that restores to
 *     the same state in a fresh world);
 *     restored again after a small divergence (the diff restore) it shows
 *     the same state (snapshot bytes, checksum, broadphase stats);
 *   - into seed worlds (2D and 3D, diverged a little: the diff restore,
 *     records equal and unequal) it is rejected with the target unchanged
 *     exactly when the first restore was, and else gives the same state.
 * Usage (non-libFuzzer build): fuzz_snapshot_seeds [--write-seeds DIR] [BLOB...]
 * (BLOB: more seeds, e.g. the golden format version 1 blobs). */
#include <fixcol/shapes.h>
#include <fixcol/world.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snapshot_trailer.h"

static void fail(const char *what)
{
    fprintf(stderr, "fuzz_snapshot: %s\n", what);
    abort();
}

/* Seed worlds: every shape, default and custom filters, user data, free
 * slots; seed 0 is 2D, 1 is 3D. Returns a malloc'd snapshot. */
static uint8_t *seed_blob(int dim3, size_t *size)
{
    fc_world_def d = fc_world_def_default();
    d.dim = dim3 ? FC_WORLD_3D : FC_WORLD_2D;
    d.tag = 77;
    fc_world *w = NULL;
    fc_world_create(&d, &w);
    fc_body_id ids[16];
    const fix16_t U = 65536;
    for (int i = 0; i < 16; i++) {
        fc_body_def bd = fc_body_def_default();
        fc_vec2 c = fc_vec2_make(i * 3 * U + i, (i % 4) * 5 * U - 7);
        if (!dim3) {
            switch (i % 5) {
            case 0: bd.shape2.type = FC_SHAPE2_CIRCLE, bd.shape2.u.circle = fc_circle_make(c, U + i); break;
            case 1: bd.shape2.type = FC_SHAPE2_AABB, bd.shape2.u.aabb = fc_aabb2_make(c, fc_vec2_make(c.x + U, c.y + 2 * U)); break;
            case 2: bd.shape2.type = FC_SHAPE2_OBB, bd.shape2.u.obb = fc_obb2_make(c, fc_vec2_make(U, U / 2), (fc_angle)(i * 4099)); break;
            case 3: bd.shape2.type = FC_SHAPE2_CAPSULE, bd.shape2.u.capsule = fc_capsule2_make(c, fc_vec2_make(c.x + 2 * U, c.y - U), U / 3); break;
            default: {
                fc_vec2 v[5] = {c, fc_vec2_make(c.x + 2 * U, c.y), fc_vec2_make(c.x + 3 * U, c.y + U),
                                fc_vec2_make(c.x + U, c.y + 2 * U), fc_vec2_make(c.x - U, c.y + U)};
                bd.shape2.type = FC_SHAPE2_POLY, bd.shape2.u.poly = fc_poly2_make(v, 3 + i % 3);
            }
            }
        } else {
            fc_vec3 c3 = fc_vec3_make(c.x, i * U / 2, c.y);
            switch (i % 4) {
            case 0: bd.shape3.type = FC_SHAPE3_SPHERE, fc_sphere_make(c3, U + i, &bd.shape3.u.sphere); break;
            case 1: bd.shape3.type = FC_SHAPE3_AABB, fc_aabb3_make(c3, fc_vec3_make(c3.x + U, c3.y + U, c3.z + 3 * U), &bd.shape3.u.aabb); break;
            case 2: bd.shape3.type = FC_SHAPE3_CAPSULE, fc_capsule3_make(c3, fc_vec3_make(c3.x - U, c3.y + 2 * U, c3.z + 1), U / 2 + i, &bd.shape3.u.capsule); break;
            default:
                bd.shape3.type = FC_SHAPE3_OBB;
                fc_obb3_from_euler(c3, fc_vec3_make(U, 2 * U, U / 2), (fc_angle)(i * 5003), (fc_angle)(i * 901), 300, &bd.shape3.u.obb);
            }
        }
        if (i % 3 == 1)
            bd.filter = (fc_filter){ 4u, 0x13u };
        bd.user_data = i % 4 == 0 ? 0 : (uint64_t)i * 0x9E3779B97F4A7C15u;
        if (fc_world_create_body(w, &bd, &ids[i]) != FC_OK)
            fail("seed body invalid");
    }
    fc_world_destroy_body(w, ids[3]);
    fc_world_destroy_body(w, ids[11]);
    fc_world_destroy_body(w, ids[7]);
    fc_world_snapshot(w, NULL, 0, size);
    uint8_t *b = (uint8_t *)malloc(*size);
    fc_world_snapshot(w, b, *size, size);
    fc_world_destroy(w);
    return b;
}

/* What a world shows: snapshot bytes, checksum, broadphase stats. */
typedef struct state {
    uint8_t *blob;
    size_t size;
    uint64_t sum;
    fc_qt_stats stats;
} state;

static state state_of(fc_world *w)
{
    state s;
    if (fc_world_snapshot(w, NULL, 0, &s.size) != FC_OK || (s.blob = (uint8_t *)malloc(s.size)) == NULL ||
        fc_world_snapshot(w, s.blob, s.size, &s.size) != FC_OK)
        fail("snapshot");
    s.sum = fc_world_checksum(w);
    s.stats = fc_world_broadphase_stats(w);
    return s;
}

static int same_state(const state *a, const state *b)
{
    return a->size == b->size && memcmp(a->blob, b->blob, a->size) == 0 && a->sum == b->sum &&
           memcmp(&a->stats, &b->stats, sizeof a->stats) == 0;
}

/* Diverge w a little: move every other body by a unit, destroy one,
 * create one (a rollback target: mostly the restored state). */
static void perturb(fc_world *w)
{
    const fix16_t big = 8000 * 65536;
    const fc_filter all = {0xFFFFFFFFu, 0xFFFFFFFFu};
    const fc_body_id *found = NULL;
    int32_t n = 0;
    fc_body_id ids[64];
    if (fc_world_get_dim(w) == FC_WORLD_2D) {
        fc_shape2 q;
        memset(&q, 0, sizeof q);
        q.type = FC_SHAPE2_AABB;
        q.u.aabb = fc_aabb2_make(fc_vec2_make(-big, -big), fc_vec2_make(big, big));
        fc_world_overlap2(w, &q, all, &found, &n);
    } else {
        fc_shape3 q;
        memset(&q, 0, sizeof q);
        q.type = FC_SHAPE3_AABB;
        fc_aabb3_make(fc_vec3_make(-big, -big, -big), fc_vec3_make(big, big, big), &q.u.aabb);
        fc_world_overlap3(w, &q, all, &found, &n);
    }
    n = n < 64 ? n : 64;
    if (n > 0)
        memcpy(ids, found, sizeof(fc_body_id) * (size_t)n);
    for (int32_t i = 0; i < n; i += 2) {
        if (fc_world_get_dim(w) == FC_WORLD_2D)
            fc_world_translate2(w, ids[i], fc_vec2_make(65536, 0));
        else
            fc_world_translate3(w, ids[i], fc_vec3_make(65536, 0, 0));
    }
    if (n > 1)
        fc_world_destroy_body(w, ids[1]);
    fc_body_def bd = fc_body_def_default();
    fc_body_id id;
    fc_world_create_body(w, &bd, &id);
}

/* A target holding a seed world, diverged: restoring data into it takes
 * the diff restore (same settings, room) with records equal and unequal. */
static void try_diff_target(const uint8_t *data, size_t size, const state *ok)
{
    for (int dim3 = 0; dim3 < 2; dim3++) {
        size_t n;
        uint8_t *seed = seed_blob(dim3, &n);
        fc_world_def d = fc_world_def_default();
        d.body_capacity = 64;
        fc_world *w = NULL;
        if (fc_world_create(&d, &w) != FC_OK || fc_world_restore(w, seed, n) != FC_OK)
            fail("seed target");
        free(seed);
        perturb(w);
        state before = state_of(w);
        fc_status st = fc_world_restore(w, data, size);
        state after = state_of(w);
        if (st == FC_OK) {
            if (ok == NULL || fc_world_validate(w) != FC_OK || !same_state(&after, ok))
                fail("diff restore differs from the first target's restore");
        } else if (!same_state(&before, &after) || fc_world_validate(w) != FC_OK) {
            fail("rejected blob changed the seed target");
        }
        free(before.blob);
        free(after.blob);
        fc_world_destroy(w);
    }
}

static void try_blob(const uint8_t *data, size_t size)
{
    fc_world_def d = fc_world_def_default();
    fc_world *w = NULL;
    if (fc_world_create(&d, &w) != FC_OK)
        fail("world create");
    fc_body_def bd = fc_body_def_default();
    fc_body_id id;
    fc_world_create_body(w, &bd, &id);
    uint64_t before = fc_world_checksum(w);
    fc_status st = fc_world_restore(w, data, size);
    /* a version 1 blob restores through its conversion: its world's
     * snapshot is the current version's encoding, not the input */
    const int v1 = size >= 8 && data[4] == 1 && data[5] == 0 && data[6] == 0 && data[7] == 0;
    if (st == FC_OK) {
        size_t n = 0;
        if (fc_world_validate(w) != FC_OK)
            fail("restored world inconsistent");
        if (fc_world_snapshot(w, NULL, 0, &n) != FC_OK || (!v1 && n != size))
            fail("accepted blob is not canonical (size)");
        uint8_t *again = (uint8_t *)malloc(n);
        if (again == NULL || fc_world_snapshot(w, again, n, &n) != FC_OK || (!v1 && memcmp(again, data, size) != 0))
            fail("accepted blob is not canonical (bytes)");
        state first = state_of(w);
        if (v1) { /* its conversion restores to the same world in a fresh one */
            fc_world *f = NULL;
            if (again[4] != FC_SNAPSHOT_VERSION || fc_world_create(&d, &f) != FC_OK ||
                fc_world_restore(f, again, n) != FC_OK)
                fail("a version 1 blob's world does not restore from its snapshot");
            state fresh = state_of(f);
            if (!same_state(&first, &fresh))
                fail("a version 1 blob's world differs from its snapshot's");
            free(fresh.blob);
            fc_world_destroy(f);
        }
        free(again);
        /* roll back to it after a small divergence: the same world again */
        perturb(w);
        if (fc_world_restore(w, data, size) != FC_OK)
            fail("restoring an accepted blob again failed");
        state second = state_of(w);
        if (!same_state(&first, &second) || fc_world_validate(w) != FC_OK)
            fail("restore after a divergence differs");
        free(second.blob);
        try_diff_target(data, size, &first);
        free(first.blob);
    } else {
        if (st != FC_ERR_FORMAT && st != FC_ERR_VERSION && st != FC_ERR_CHECKSUM)
            fail("unexpected status");
        if (fc_world_checksum(w) != before || fc_world_validate(w) != FC_OK || !fc_world_body_valid(w, id))
            fail("rejected blob changed the target");
        try_diff_target(data, size, NULL);
    }
    fc_world_destroy(w);
}

/* A copy of data with its length field and trailer made right. */
static void try_resealed(const uint8_t *data, size_t size)
{
    if (size < 64 || size % 8 != 0 || size > ((size_t)1 << 24))
        return;
    uint8_t *b = (uint8_t *)malloc(size);
    if (b == NULL)
        fail("out of memory");
    memcpy(b, data, size);
    for (int i = 0; i < 4; i++)
        b[8 + i] = (uint8_t)(size >> (8 * i));
    uint64_t t = snapshot_trailer(b, size);
    for (int i = 0; i < 8; i++)
        b[size - 8 + (size_t)i] = (uint8_t)(t >> (8 * i));
    try_blob(b, size);
    free(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    try_blob(data, size);
    try_resealed(data, size);
    return 0;
}

#ifndef FIXCOL_LIBFUZZER
/* The seed b: written to dir/name when dir is set, then tried whole, every
 * prefix and every single-bit change. Returns the inputs tried. */
static long run_seed(uint8_t *b, size_t size, const char *dir, const char *name)
{
    long runs = 0;
    if (dir) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, name);
        FILE *f = fopen(path, "wb");
        if (!f || fwrite(b, 1, size, f) != size || fclose(f) != 0)
            fail("cannot write seed");
    }
    LLVMFuzzerTestOneInput(b, size);
    for (size_t cut = 0; cut < size; cut++, runs++)
        LLVMFuzzerTestOneInput(b, cut);
    for (size_t i = 0; i < size; i++)
        for (unsigned x = 1; x < 256; x <<= 1, runs++) {
            b[i] ^= (uint8_t)x;
            LLVMFuzzerTestOneInput(b, size);
            b[i] ^= (uint8_t)x;
        }
    return runs;
}

/* fuzz_snapshot_seeds [--write-seeds DIR] [BLOB...]: the generated seeds
 * and each BLOB (e.g. the golden format version 1 blobs of tests/golden/). */
int main(int argc, char **argv)
{
    int arg = 1;
    const char *dir = NULL;
    if (argc > 2 && strcmp(argv[1], "--write-seeds") == 0) {
        dir = argv[2];
        arg = 3;
    }
    long runs = 0;
    for (int dim3 = 0; dim3 < 2; dim3++) {
        size_t size;
        uint8_t *b = seed_blob(dim3, &size);
        runs += run_seed(b, size, dir, dim3 ? "seed_3d.snap" : "seed_2d.snap");
        free(b);
    }
    for (; arg < argc; arg++) {
        FILE *f = fopen(argv[arg], "rb");
        uint8_t *b = (uint8_t *)malloc(1 << 20);
        size_t size = f && b ? fread(b, 1, 1 << 20, f) : 0;
        if (!f || !b || ferror(f) || size == 0 || size == (1 << 20))
            fail("cannot read a seed blob (at most 1 MiB)");
        fclose(f);
        const char *base = strrchr(argv[arg], '/');
        runs += run_seed(b, size, dir, base ? base + 1 : argv[arg]);
        free(b);
    }
    printf("fuzz_snapshot: %ld inputs ok\n", runs);
    return 0;
}
#endif
