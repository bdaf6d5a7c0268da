/* SPDX-License-Identifier: MIT */
/* Fuzz target for the replay reader (libFuzzer: built with
 * -fsanitize=fuzzer and -DFIXCOL_LIBFUZZER; otherwise a main() that runs the
 * same checks over the files given, e.g. the seed corpus in
 * tests/replay_corpus/). For any input, in both output forms:
 *   - reading either succeeds or fails with a reason and a position inside
 *     the input (never a crash, leak or sanitizer report);
 *   - on success, converting the output to the other form and back gives
 *     the output again byte for byte. */
#include <fixcol/fixcol.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(const char *what)
{
    fprintf(stderr, "fuzz_replay: %s\n", what);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    for (int32_t text = 0; text < 2; text++) {
        fc_replay_writer a, b, c;
        fc_replay_error err;
        fc_status st = fc_replay_convert(data, size, text, &a, &err);
        if (st != FC_OK) {
            if (st == FC_ERR_NO_MEMORY)
                fail("out of memory");
            if (!err.reason[0] || err.offset > size)
                fail("error without a reason or with a position outside the input");
        } else {
            if (fc_replay_convert(a.data, a.size, !text, &b, &err) != FC_OK)
                fail("re-reading the converted replay failed");
            if (fc_replay_convert(b.data, b.size, text, &c, &err) != FC_OK)
                fail("re-reading the twice-converted replay failed");
            if (c.size != a.size || memcmp(c.data, a.data, a.size) != 0)
                fail("conversion round trip is not identical");
            fc_replay_writer_free(&b);
            fc_replay_writer_free(&c);
        }
        fc_replay_writer_free(&a);
    }
    return 0;
}

#ifndef FIXCOL_LIBFUZZER
int main(int argc, char **argv)
{
    int n = 0;
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) {
            fprintf(stderr, "%s: cannot open\n", argv[i]);
            return 1;
        }
        static uint8_t buf[1 << 22];
        size_t size = fread(buf, 1, sizeof buf, f);
        fclose(f);
        LLVMFuzzerTestOneInput(buf, size);
        /* Every prefix too: truncations are the common damage. */
        for (size_t cut = 0; cut < size; cut += 1 + size / 200)
            LLVMFuzzerTestOneInput(buf, cut);
        n++;
    }
    printf("fuzz_replay: %d files ok\n", n);
    return 0;
}
#endif
