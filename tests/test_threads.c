/* SPDX-License-Identifier: MIT */
/* "No global state; many worlds can run on different threads at once":
 * every replay given is verified once on the main thread (the reference
 * digest of its frame checksums), then by 4 threads at once, each running
 * all replays in its own rotated order with its own worlds. Every thread
 * must match every frame and reproduce the reference digests exactly.
 * tools/test.sh also runs this under ThreadSanitizer, which reports any
 * data race between the threads (shared mutable state in the library).
 * Usage: test_threads [--break] REPLAY... (--break: one reference digest is
 * flipped, so the comparison must fail). */
#include <fixcol/fixcol.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { THREADS = 4, MAX_FILES = 64 };

typedef struct blob {
    uint8_t *data;
    size_t size;
} blob;

static blob g_files[MAX_FILES];
static int g_count;

/* Digest of one replay's frame checksums; bad_frames via *bad. */
static uint64_t run_one(const blob *b, uint32_t *bad, int *ok)
{
    fc_hash64 digest = fc_hash64_init(0);
    fc_replay_verify_result res;
    fc_replay_error err;
    fc_status st = fc_replay_verify(b->data, b->size, &digest, &res, &err, NULL, NULL);
    *ok = st == FC_OK;
    *bad = st == FC_OK ? res.bad_frames : 0;
    return fc_hash64_final(&digest);
}

typedef struct job {
    int rotate;
    uint64_t digest[MAX_FILES];
    uint32_t bad[MAX_FILES];
    int ok[MAX_FILES];
} job;

static void *worker(void *arg)
{
    job *j = (job *)arg;
    for (int k = 0; k < g_count; k++) {
        int i = (k + j->rotate) % g_count;
        j->digest[i] = run_one(&g_files[i], &j->bad[i], &j->ok[i]);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    int brk = 0;
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--break") == 0) {
            brk = 1;
            continue;
        }
        FILE *f = fopen(argv[a], "rb");
        if (f == NULL || g_count == MAX_FILES) {
            fprintf(stderr, "test_threads: cannot read %s\n", argv[a]);
            return 1;
        }
        fseek(f, 0, SEEK_END);
        long n = ftell(f);
        fseek(f, 0, SEEK_SET);
        blob *b = &g_files[g_count++];
        b->data = (uint8_t *)malloc(n > 0 ? (size_t)n : 1);
        b->size = n > 0 ? fread(b->data, 1, (size_t)n, f) : 0;
        fclose(f);
    }
    if (g_count == 0) {
        fprintf(stderr, "usage: test_threads [--break] REPLAY...\n");
        return 1;
    }
    uint64_t ref[MAX_FILES];
    int failed = 0;
    for (int i = 0; i < g_count; i++) {
        uint32_t bad;
        int ok;
        ref[i] = run_one(&g_files[i], &bad, &ok);
        if (!ok || bad != 0) {
            fprintf(stderr, "test_threads: replay %d does not verify on the main thread\n", i);
            failed++;
        }
    }
    if (brk)
        ref[0] ^= 1;
    static job jobs[THREADS];
    pthread_t th[THREADS];
    for (int t = 0; t < THREADS; t++) {
        jobs[t].rotate = t;
        if (pthread_create(&th[t], NULL, worker, &jobs[t]) != 0) {
            fprintf(stderr, "test_threads: pthread_create failed\n");
            return 1;
        }
    }
    for (int t = 0; t < THREADS; t++)
        pthread_join(th[t], NULL);
    for (int t = 0; t < THREADS; t++)
        for (int i = 0; i < g_count; i++)
            if (!jobs[t].ok[i] || jobs[t].bad[i] != 0 || jobs[t].digest[i] != ref[i]) {
                fprintf(stderr, "test_threads: thread %d, replay %d: digest %016llx, want %016llx (%u bad frames)\n", t,
                        i, (unsigned long long)jobs[t].digest[i], (unsigned long long)ref[i], jobs[t].bad[i]);
                failed++;
            }
    printf("threads: %d replays x %d threads, %d mismatches\n", g_count, THREADS, failed);
    for (int i = 0; i < g_count; i++)
        free(g_files[i].data);
    return failed ? 1 : 0;
}
