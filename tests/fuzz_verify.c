/* SPDX-License-Identifier: MIT */
/* Fuzz target for fc_replay_verify end to end: the reader and the runner
 * (every world operation, query, ray cast, snapshot and restore a replay can
 * ask for). libFuzzer with -DFIXCOL_LIBFUZZER (tools/test.sh runs it under
 * ASan+UBSan from tests/verify_corpus/); otherwise a main() that runs the
 * same checks over the files given, every prefix and single-byte changes.
 * For any input:
 *   - verify returns FC_OK (the file was read to its end) or a reader error
 *     with a reason and a position inside the input, never a crash, leak,
 *     sanitizer report or out-of-memory;
 *   - a second run gives the same status, frame count, mismatch count and
 *     digest (no state leaks between runs, nothing depends on addresses). */
#include <fixcol/fixcol.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(const char *what)
{
    fprintf(stderr, "fuzz_verify: %s\n", what);
    abort();
}

typedef struct outcome {
    fc_status st;
    uint32_t frames, bad;
    uint64_t digest;
} outcome;

static outcome verify_once(const uint8_t *data, size_t size)
{
    outcome o;
    fc_hash64 h = fc_hash64_init(0);
    fc_replay_verify_result res;
    fc_replay_error err;
    memset(&res, 0, sizeof res);
    memset(&err, 0, sizeof err);
    o.st = fc_replay_verify(data, size, &h, &res, &err, NULL, NULL);
    if (o.st == FC_ERR_NO_MEMORY)
        fail("out of memory");
    if (o.st != FC_OK && (!err.reason[0] || err.offset > size))
        fail("error without a reason or with a position outside the input");
    o.frames = o.st == FC_OK ? res.frames : 0;
    o.bad = o.st == FC_OK ? res.bad_frames : 0;
    o.digest = fc_hash64_final(&h);
    return o;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    outcome a = verify_once(data, size), b = verify_once(data, size);
    if (a.st != b.st || a.frames != b.frames || a.bad != b.bad || a.digest != b.digest)
        fail("two runs of the same input differ");
    return 0;
}

#ifndef FIXCOL_LIBFUZZER
int main(int argc, char **argv)
{
    int n = 0, first = 1;
    size_t spread = 300; /* prefixes and changed bytes per file */
    if (argc > 2 && strcmp(argv[1], "--spread") == 0) {
        spread = (size_t)strtoul(argv[2], NULL, 10);
        first = 3;
    }
    static uint8_t buf[1 << 20];
    for (int i = first; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) {
            fprintf(stderr, "%s: cannot open\n", argv[i]);
            return 1;
        }
        size_t size = fread(buf, 1, sizeof buf, f);
        fclose(f);
        LLVMFuzzerTestOneInput(buf, size);
        /* every prefix (truncation) and a spread of single-byte changes */
        for (size_t cut = 0; cut < size; cut += 1 + size / spread)
            LLVMFuzzerTestOneInput(buf, cut);
        for (size_t at = 0; at < size; at += 1 + size / spread) {
            uint8_t keep = buf[at];
            for (int v = 0; v < 3; v++) {
                buf[at] = (uint8_t)(v == 0 ? keep ^ 1u : v == 1 ? keep ^ 0x80u : 0xFFu);
                LLVMFuzzerTestOneInput(buf, size);
            }
            buf[at] = keep;
        }
        n++;
    }
    printf("fuzz_verify: %d files ok\n", n);
    return 0;
}
#endif
