/* SPDX-License-Identifier: MIT */
/* fixcol-bench: run all benchmark groups, or only those named; --help,
 * --list (the figure table of bench_groups.c). stdout carries only the
 * `bench NAME VALUE UNIT` lines; messages and progress go to stderr. */
#include "bench.h"

#include <stdio.h>
#include <string.h>

static void usage(FILE *out)
{
    fprintf(out, "usage: fixcol-bench [--progress | --no-progress] [GROUP...]\n"
                 "       fixcol-bench --list | --help\n"
                 "Runs every group, or the GROUPs named (in the order below), and prints one line per\n"
                 "figure on stdout: bench NAME VALUE UNIT (timed figures: median of %d rounds).\n"
                 "  --list         every figure: GROUP NAME UNIT, one per line\n"
                 "  --progress     progress on stderr from the start (default: once a group has run\n"
                 "                 for a few seconds; one updated line on a terminal, plain lines\n"
                 "                 otherwise)\n"
                 "  --no-progress  no progress line\n"
                 "  --help         this text\n"
                 "groups:\n",
            BENCH_ROUNDS);
    for (const bench_group *g = bench_groups; g->name; g++)
        fprintf(out, "  %-11s %2d figures: %s\n", g->name, bench_figure_count(g), g->about);
    fprintf(out, "exit status: 0 done, 2 usage (unknown group or option), 1 a printed figure does not\n"
                 "match the table (a bug in the benchmark)\n");
}

static const bench_group *find_group(const char *name)
{
    for (const bench_group *g = bench_groups; g->name; g++)
        if (strcmp(g->name, name) == 0)
            return g;
    return NULL;
}

static void list(void)
{
    for (const bench_group *g = bench_groups; g->name; g++)
        for (const bench_figure *f = g->figures; f->name; f++)
            printf("%s %s %s\n", g->name, f->name, f->unit);
}

int main(int argc, char **argv)
{
    bench_progress mode = BENCH_PROGRESS_AUTO;
    int ngroups = 0;
    /* --help and --list stand alone; otherwise options, then group names */
    if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        usage(stdout);
        return BENCH_EXIT_OK;
    }
    if (argc == 2 && strcmp(argv[1], "--list") == 0) {
        list();
        return BENCH_EXIT_OK;
    }
    for (int a = 1; a < argc; a++) {
        const char *s = argv[a];
        if (strcmp(s, "--progress") == 0) {
            mode = BENCH_PROGRESS_ALWAYS;
        } else if (strcmp(s, "--no-progress") == 0) {
            mode = BENCH_PROGRESS_NEVER;
        } else if (strcmp(s, "--help") == 0 || strcmp(s, "-h") == 0 || strcmp(s, "--list") == 0) {
            fprintf(stderr, "fixcol-bench: %s takes no other arguments\n", s);
            return BENCH_EXIT_USAGE;
        } else if (s[0] == '-') {
            fprintf(stderr, "fixcol-bench: unknown option '%s' (see fixcol-bench --help)\n", s);
            return BENCH_EXIT_USAGE;
        } else if (!find_group(s)) {
            fprintf(stderr, "fixcol-bench: unknown group '%s' (groups:", s);
            for (const bench_group *g = bench_groups; g->name; g++)
                fprintf(stderr, " %s", g->name);
            fprintf(stderr, ")\n");
            return BENCH_EXIT_USAGE;
        } else {
            ngroups++;
        }
    }
    for (const bench_group *g = bench_groups; g->name; g++) {
        int selected = ngroups == 0;
        for (int a = 1; a < argc; a++)
            selected |= strcmp(argv[a], g->name) == 0;
        if (selected)
            bench_run_group(g, mode);
    }
    return BENCH_EXIT_OK;
}
