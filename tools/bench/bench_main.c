/* SPDX-License-Identifier: MIT */
/* fixcol-bench [GROUP...]: run all benchmark groups, or only those named. */
#include "bench.h"

#include <stdio.h>
#include <string.h>

struct group {
    const char *name;
    void (*run)(void);
};

static const struct group groups[] = {
    {"trig", bench_trig},
    {"obb2", bench_obb2},
    {"broadphase", bench_broadphase},
    {"obb3", bench_obb3}, /* 3D narrowphase (issue 4) */
};

int main(int argc, char **argv)
{
    size_t n = sizeof groups / sizeof groups[0];
    for (int a = 1; a < argc; a++) {
        int known = 0;
        for (size_t g = 0; g < n; g++)
            known |= strcmp(argv[a], groups[g].name) == 0;
        if (!known) {
            fprintf(stderr, "fixcol-bench: unknown group '%s' (groups:", argv[a]);
            for (size_t g = 0; g < n; g++)
                fprintf(stderr, " %s", groups[g].name);
            fprintf(stderr, ")\n");
            return 2;
        }
    }
    for (size_t g = 0; g < n; g++) {
        int selected = argc == 1;
        for (int a = 1; a < argc; a++)
            selected |= strcmp(argv[a], groups[g].name) == 0;
        if (selected)
            groups[g].run();
    }
    return 0;
}
