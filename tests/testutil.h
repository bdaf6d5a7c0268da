/* SPDX-License-Identifier: MIT */
/* Minimal test helpers shared by the C tests: a check macro that counts
 * failures (and prints the first few), a seeded xorshift64 generator. */
#ifndef FIXCOL_TESTUTIL_H
#define FIXCOL_TESTUTIL_H
#include <stdint.h>
#include <stdio.h>

static long tu_failures;
static long tu_checks;

#define TU_CHECK(cond, ...)                                                   \
    do {                                                                      \
        tu_checks++;                                                          \
        if (!(cond)) {                                                        \
            if (tu_failures++ < 20) {                                         \
                fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
                fprintf(stderr, __VA_ARGS__);                                 \
                fprintf(stderr, "\n");                                        \
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
