/* SPDX-License-Identifier: MIT */
/* c_runner_bench REPLAY [REPS]: the C baseline of ReplayBench. Decodes every
 * operation first, then times fc_replay_runner over all frames REPS times
 * and prints the fastest repetition's cost per frame:
 *   c_frame_ns <ns> <frames> <digest hex>
 * (a tool: timing uses doubles, nothing here feeds a result). */
#define _POSIX_C_SOURCE 199309L
#include <fixcol/replay.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: c_runner_bench REPLAY [REPS]\n");
        return 2;
    }
    int reps = argc > 2 ? atoi(argv[2]) : 5;
    FILE *f = fopen(argv[1], "rb");
    if (!f)
        return 2;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *data = (uint8_t *)malloc((size_t)size);
    if (!data || fread(data, 1, (size_t)size, f) != (size_t)size)
        return 2;
    fclose(f);

    fc_replay_reader r;
    if (fc_replay_open(&r, data, (size_t)size) != FC_OK)
        return 2;
    size_t cap = 1 << 16, nops = 0;
    uint32_t nframes = 0, fcap = 1024;
    fc_replay_op *ops = (fc_replay_op *)malloc(cap * sizeof *ops);
    uint32_t *frame_ops = (uint32_t *)malloc(fcap * sizeof *frame_ops);
    int32_t more = 0;
    uint32_t count = 0;
    while (fc_replay_next_frame(&r, &more, &count) == FC_OK && more) {
        if (nframes == fcap)
            frame_ops = (uint32_t *)realloc(frame_ops, (fcap *= 2) * sizeof *frame_ops);
        frame_ops[nframes++] = count;
        for (uint32_t i = 0; i < count; i++) {
            if (nops == cap)
                ops = (fc_replay_op *)realloc(ops, (cap *= 2) * sizeof *ops);
            if (fc_replay_next_op(&r, &ops[nops++]) != FC_OK)
                return 2;
        }
        fc_replay_expect e;
        fc_replay_query_expect q;
        if (fc_replay_read_expect(&r, &e) != FC_OK)
            return 2;
        for (uint32_t i = 0; i < e.query_count; i++)
            if (fc_replay_read_query_expect(&r, &q) != FC_OK)
                return 2;
    }
    if (r.status != FC_OK)
        return 2;

    double best = 0;
    uint64_t digest = 0;
    for (int rep = 0; rep < reps; rep++) {
        fc_replay_runner rn;
        if (fc_replay_runner_init(&rn, &r.settings) != FC_OK)
            return 2;
        fc_hash64 d = fc_hash64_init(0);
        double t0 = now_ns();
        size_t k = 0;
        for (uint32_t fr = 0; fr < nframes; fr++) {
            fc_replay_runner_begin_frame(&rn);
            for (uint32_t i = 0; i < frame_ops[fr]; i++)
                fc_replay_runner_apply(&rn, &ops[k++], NULL);
            fc_replay_expect got;
            fc_replay_runner_end_frame(&rn, &got);
            fc_hash64_word(&d, got.checksum);
        }
        double t = (now_ns() - t0) / nframes;
        fc_replay_runner_free(&rn);
        digest = fc_hash64_final(&d);
        if (rep == 0 || t < best)
            best = t;
    }
    printf("c_frame_ns %.1f %u %016" PRIx64 "\n", best, nframes, digest);
    free(ops);
    free(frame_ops);
    free(data);
    return 0;
}
