/* SPDX-License-Identifier: MIT */
/* Minimal test helpers shared by the C tests: a check macro that counts
 * failures (prints the first TU_MAX_FAILURES and then ends the test with
 * exit status 1: a failed test has shown what it had to, and the
 * should-fail twins, which break every case, need not run all of them),
 * a seeded xorshift64 generator. */
#ifndef FIXCOL_TESTUTIL_H
#define FIXCOL_TESTUTIL_H
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define TU_MAX_FAILURES 20

static long tu_failures;
static long tu_checks;

#define TU_CHECK(cond, ...)                                                   \
    do {                                                                      \
        tu_checks++;                                                          \
        if (!(cond)) {                                                        \
            tu_failures++;                                                    \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                     \
            fprintf(stderr, "\n");                                            \
            if (tu_failures >= TU_MAX_FAILURES) {                             \
                printf("stopped after %d failed checks (%ld checks run)\n", TU_MAX_FAILURES, tu_checks); \
                fflush(stdout);                                               \
                exit(1);                                                      \
            }                                                                 \
        }                                                                     \
    } while (0)

static inline uint64_t tu_rand64(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    *s = x;
    return x;
}

/* Exit status for main(): 0 when every check passed. */
static inline int tu_finish(const char *name)
{
    printf("%s: %ld checks, %ld failed\n", name, tu_checks, tu_failures);
    return tu_failures == 0 ? 0 : 1;
}
#endif
