/* SPDX-License-Identifier: MIT */
/* fixcol-moba: the call-heavy MOBA frame in C (moba_heavy.h), the C side of
 * the bindings' frame benches (bindings/{lua,csharp,js}/bench) and of their
 * callgrind ratios (tools/bench/moba_callgrind.sh).
 *   fixcol-moba percall|batch FRAMES   run FRAMES frames one way; prints
 *                                      `digest D` and `us F` (per frame)
 *   fixcol-moba check FRAMES           both ways: the digests of every frame
 *                                      equal (exit 1 if not)
 * Exit status: 0 done, 1 a digest differs or setup failed, 2 usage. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "moba_heavy.h"

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec * 1e-3;
}

int main(int argc, char **argv)
{
    if (argc != 3 || atoi(argv[2]) <= 0 ||
        (strcmp(argv[1], "percall") && strcmp(argv[1], "batch") && strcmp(argv[1], "check"))) {
        fprintf(stderr, "usage: fixcol-moba percall|batch|check FRAMES\n");
        return 2;
    }
    int frames = atoi(argv[2]);
    moba_state a, b;
    if (moba_setup(&a) || moba_setup(&b)) {
        fprintf(stderr, "fixcol-moba: setup failed\n");
        return 1;
    }
    uint32_t da = 0, db = 0;
    int bad = 0;
    double t0 = now_us();
    for (int f = 0; f < frames; f++) {
        if (strcmp(argv[1], "batch") != 0)
            da = moba_frame_percall(&a, da);
        if (strcmp(argv[1], "percall") != 0)
            db = moba_frame_batch(&b, db);
        bad += argv[1][0] == 'c' && da != db;
    }
    double t = (now_us() - t0) / frames;
    printf("digest %lu\nus %.3f\n", (unsigned long)(argv[1][0] == 'b' ? db : da), t);
    moba_teardown(&a);
    moba_teardown(&b);
    if (bad) {
        fprintf(stderr, "fixcol-moba: %d of %d frames: the batch digest differs from the per-call one\n", bad, frames);
        return 1;
    }
    return 0;
}
