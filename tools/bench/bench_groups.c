/* SPDX-License-Identifier: MIT */
/* The one table of benchmark groups and the figures each prints (name and
 * unit, in print order), and bench_print, which checks every printed figure
 * against it (so --list cannot drift from the output) and draws the progress
 * line on stderr. */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L /* isatty() under -std=c11 */
#endif
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(_WIN32)
#include <io.h>
#define STDERR_IS_TTY() _isatty(2)
#elif defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#define STDERR_IS_TTY() isatty(2)
#else
#define STDERR_IS_TTY() 0
#endif

static const bench_figure trig_figures[] = {
    {"sincos_fixcol", "ns/call"},    {"sincos_fix16_sin", "ns/call"},           {"sincos_speedup", "x"},
    {"sincos_fixcol_worst_error", "ulp"}, {"sincos_fix16_sin_worst_error", "ulp"}, {NULL, NULL}};

static const bench_figure obb2_figures[] = {
    {"obb2_overlap_fixcol", "ns/pair"},
    {"obb2_contact_fixcol", "ns/pair"},
    {"obb2_overlap_float", "ns/pair"},
    {"obb2_overlap_vs_float", "x"},
    {"obb2_contact_vs_overlap", "x"},
    {"obb2_overlap_fixcol_in_cache", "ns/pair"},
    {"obb2_contact_fixcol_in_cache", "ns/pair"},
    {"obb2_overlap_float_in_cache", "ns/pair"},
    {"obb2_overlap_vs_float_in_cache", "x"},
    {"obb2_contact_vs_overlap_in_cache", "x"},
    {"obb2_overlap_fraction", "of pairs"},
    {"obb2_float_disagreements", "pairs"},
    {NULL, NULL}};

static const bench_figure broadphase_figures[] = {
    {"broadphase_w1_1k", "ms/frame"},
    {"broadphase_w1_1k_bruteforce", "ms/frame"},
    {"broadphase_w1_10k", "ms/frame"},
    {"broadphase_w1_10k_sap", "ms/frame"},
    {"broadphase_w1_10k_vs_sap", "x"},
    {"broadphase_w1_10k_pairs", "pairs"},
    {"broadphase_w1_10k_sap_pairs", "pairs"},
    {"broadphase_w1_10k_strict", "ms/frame"},
    {"broadphase_lines_10k", "ms/frame"},
    {"broadphase_lines_10k_strict", "ms/frame"},
    {"broadphase_w1_50k", "ms/frame"},
    {"broadphase_w1_50k_sap", "ms/frame"},
    {"broadphase_w1_50k_vs_sap", "x"},
    {"broadphase_w1_50k_strict", "ms/frame"},
    {"sector_query_10k", "us/query"},
    {"circle_query_10k", "us/query"},
    {"raycast_closest_10k", "us/ray"},
    {"raycast_all_10k", "us/ray"},
    {"shapecast_circle_closest_10k", "ns"},
    {"shapecast_obb2_closest_10k", "ns"},
    {"checksum_10k", "ms"},
    {"checksum_10k_share_of_frame", "%"},
    {"checksum_10k_unchanged", "ms"},
    {"snapshot_10k", "ms"},
    {"snapshot_10k_bytes_per_body", "B"},
    {"restore_10k", "ms"},
    {NULL, NULL}};

static const bench_figure obb3_figures[] = {
    {"obb3_overlap_fixcol", "ns/pair"}, {"obb3_contact_fixcol", "ns/pair"}, {"obb3_overlap_float", "ns/pair"},
    {"obb3_overlapping_pairs", "%"},    {"obb3_float_disagreements", "pairs"},
    {"obb3_overlap_fixcol_base", "ns/pair"},
    {"obb3_overlap_float_ericson", "ns/pair"},
    {"obb3_overlap_vs_ericson", "x"},
    {"obb3_ericson_disagreements", "pairs"},
    {"obb3_overlap_fixcol_survivors", "ns/pair"},
    {"obb3_overlap_float_ericson_survivors", "ns/pair"},
    {"obb3_overlap_vs_ericson_survivors", "x"},
    {"obb3_ericson_disagreements_survivors", "pairs"},
    {"obb3_overlapping_pairs_survivors", "%"},
    {"obb3_overlap_fixcol_deep", "ns/pair"},
    {"obb3_overlap_float_ericson_deep", "ns/pair"},
    {"obb3_overlap_vs_ericson_deep", "x"},
    {"obb3_ericson_disagreements_deep", "pairs"},
    {"obb3_overlapping_pairs_deep", "%"},
    {"aabb3_obb3_overlap_fixcol", "ns/pair"},
    {"aabb3_obb3_overlap_float_ericson", "ns/pair"},
    {"aabb3_obb3_overlap_vs_ericson", "x"},
    {"aabb3_obb3_ericson_disagreements", "pairs"},
    {"aabb3_obb3_overlapping_pairs", "%"},
    {"sphere_obb3_overlap_fixcol", "ns/pair"},
    {"sphere_obb3_overlap_float", "ns/pair"},
    {"sphere_obb3_overlap_vs_float", "x"},
    {"sphere_obb3_float_disagreements", "pairs"},
    {"sphere_obb3_overlapping_pairs", "%"},
    {NULL, NULL}};

static const bench_figure scale_figures[] = {
    {"scale_w1_1k", "ms/frame"},
    {"broadphase_w1_1k_sap", "ms/frame"},
    {"scale_w1_1k_vs_sap", "x"},
    {"moba_frame_200", "us/frame"},
    {"moba_frame_1k", "us/frame"},
    {"moba_frame_2k", "us/frame"},
    {"moba_matches_per_core_30hz_200", "matches"},
    {"memory_w1_100k_bytes_per_body", "B"},
    {"snapshot_224", "us"},
    {"restore_224", "us"},
    {"restore_224_unchanged", "us"},
    {"restore_224_allocs", "calls"},
    {"snapshot_10k_rollback", "ms"},
    {"restore_10k_rollback", "ms"},
    {"restore_10k_unchanged", "ms"},
    {"restore_10k_vs_snapshot", "x"},
    {"restore_10k_allocs", "calls"},
    {"rollback_8_frames_200", "us"},
    {"steady_allocs_per_frame_10k", "calls"},
    {NULL, NULL}};

static const bench_figure history_figures[] = {
    {"history_moba224_save", "ns/body"},
    {"history_moba224_save_bytes", "B/body"},
    {"history_moba224_rollback_1", "us"},
    {"history_moba224_rollback_4", "us"},
    {"history_moba224_rollback_10", "us"},
    {"history_moba224_snapshot", "us"},
    {"history_moba224_restore_1", "us"},
    {"history_moba224_restore_4", "us"},
    {"history_moba224_restore_10", "us"},
    {"history_w1_10k_save", "ns/body"},
    {"history_w1_10k_save_bytes", "B/body"},
    {"history_w1_10k_rollback_1", "us"},
    {"history_w1_10k_rollback_4", "us"},
    {"history_w1_10k_rollback_10", "us"},
    {"history_w1_10k_snapshot", "us"},
    {"history_w1_10k_restore_1", "us"},
    {"history_w1_10k_restore_4", "us"},
    {"history_w1_10k_restore_10", "us"},
    {"history_w1_10k_rollback_1_vs_save", "x"},
    {"history_allocs_per_save", "calls"},
    {"history_allocs_per_rollback", "calls"},
    {NULL, NULL}};

static const bench_figure cast3_figures[] = {
    {"raycast3_closest_10k", "us/ray"},
    {"shapecast_sphere_closest_10k", "us/cast"},
    {"shapecast_obb3_closest_10k", "us/cast"},
    {"shapecast_sphere_vs_ray_10k", "x"},
    {NULL, NULL}};

static const bench_figure cast200_figures[] = {
    {"raycast2_closest_200", "ns"},     {"cast_circle_closest_200", "ns"}, {"cast_capsule_closest_200", "ns"},
    {"cast_obb2_closest_200", "ns"},    {"cast_poly_closest_200", "ns"},   {"cast_circle_vs_ray_200", "x"},
    {"cast_capsule_vs_ray_200", "x"},   {"cast_obb2_vs_ray_200", "x"},     {"cast_poly_vs_ray_200", "x"},
    {"raycast3_closest_200", "ns"},     {"cast_sphere_closest_200", "ns"}, {"cast_obb3_closest_200", "ns"},
    {"cast_capsule3_closest_200", "ns"}, {"cast_sphere_vs_ray_200", "x"},  {"cast_obb3_vs_ray_200", "x"},
    {"cast_capsule3_vs_ray_200", "x"},  {NULL, NULL}};

static const bench_figure mover_figures[] = {
    {"mover_circle_1k", "ns"},
    {"mover_circle_casts", "ns"},
    {"mover_circle_vs_casts", "x"},
    {"mover_circle_vs_casts_spread", "x"},
    {"mover_circle_casts_per_call", "casts"},
    {"mover_capsule_1k", "ns"},
    {"mover_capsule_casts", "ns"},
    {"mover_capsule_vs_casts", "x"},
    {"mover_capsule_vs_casts_spread", "x"},
    {"mover_capsule_casts_per_call", "casts"},
    {"mover_box_1k", "ns"},
    {"mover_box_casts", "ns"},
    {"mover_box_vs_casts", "x"},
    {"mover_box_vs_casts_spread", "x"},
    {"mover_box_casts_per_call", "casts"},
    {"mover_sphere_1k", "ns"},
    {"mover_sphere_casts", "ns"},
    {"mover_sphere_vs_casts", "x"},
    {"mover_sphere_vs_casts_spread", "x"},
    {"mover_sphere_casts_per_call", "casts"},
    {"mover_capsule3_1k", "ns"},
    {"mover_capsule3_casts", "ns"},
    {"mover_capsule3_vs_casts", "x"},
    {"mover_capsule3_vs_casts_spread", "x"},
    {"mover_capsule3_casts_per_call", "casts"},
    {"mover_crowd200_frame", "us"},
    {"mover_crowd200_frame_min", "us"},
    {"mover_crowd200_frame_max", "us"},
    {"mover_crowd200_touches", "touches/frame"},
    {NULL, NULL}};

/* Run order (all groups, or those named). */
const bench_group bench_groups[] = {
    {"trig", "table sin/cos vs libfixmath's fix16_sin: speed and worst error", bench_trig, trig_figures},
    {"obb2", "2D OBB overlap/contact vs the float seed test", bench_obb2, obb2_figures},
    {"broadphase", "world pairs (quadtree, SAP, brute force), rays, checksum, snapshot (about a minute)",
     bench_broadphase, broadphase_figures},
    {"obb3", "3D box overlap/contact vs the double seed test and float Ericson tests (3 workloads, AABB3, sphere)", bench_obb3, obb3_figures}, /* issue 4 */
    {"scale", "game scale: W1 1k vs SAP, MOBA frames, memory/body, restore, rollback, allocations (issue 15)",
     bench_scale, scale_figures},
    {"cast3", "3D shape casts (sphere, OBB3) in a 10k-body 3D world vs the segment ray", bench_cast3, cast3_figures},
    {"cast200", "world casts a mover makes (circle, capsule, OBB2, polygon, sphere, OBB3, capsule3) vs the ray, 200 bodies (issue 29)",
     bench_cast200, cast200_figures},
    {"history", "frame-history ring (save, rollback by 1/4/10) vs snapshot + restore, MOBA 224 and W1 10k (issue 28)",
     bench_history, history_figures},
    {"mover", "a mover call in a 1k-body world vs the casts it makes (circle, capsule, box, sphere, capsule3), a 200-mover crowd frame (issue 29)",
     bench_mover, mover_figures},
    {NULL, NULL, NULL, NULL}};

int bench_figure_count(const bench_group *g)
{
    int n = 0;
    while (g->figures[n].name)
        n++;
    return n;
}

/* ---------------------------------------------------------------- running */

/* The running group (a tool, one thread): which figure comes next and the
 * progress line's state. */
static struct {
    const bench_group *group;
    int next, total;
    double start_ns;
    bench_progress mode;
    int tty, shown;
} run;

#define PROGRESS_AFTER_NS 3e9 /* auto mode: only groups that run longer */

static void clear_progress(void)
{
    if (run.tty && run.shown) {
        fputs("\r\033[K", stderr); /* back to column 0, erase the line */
        fflush(stderr);
    }
}

static void draw_progress(void)
{
    double elapsed = bench_now_ns() - run.start_ns;
    if (run.mode == BENCH_PROGRESS_NEVER || (run.mode == BENCH_PROGRESS_AUTO && elapsed < PROGRESS_AFTER_NS))
        return;
    run.shown = 1;
    fprintf(stderr, "%sfixcol-bench: %s: %d/%d figures, %d s", run.tty ? "\r" : "", run.group->name, run.next,
            run.total, (int)(elapsed / 1e9));
    if (run.next < run.total)
        fprintf(stderr, " (next: %s)", run.group->figures[run.next].name);
    /* a terminal gets one line updated in place; a log file plain lines */
    fputs(run.tty ? "" : "\n", stderr);
    fflush(stderr);
}

void bench_print(const char *name, double value, const char *unit)
{
    const bench_figure *want = run.group && run.next < run.total ? &run.group->figures[run.next] : NULL;
    if (!want || strcmp(name, want->name) != 0 || strcmp(unit, want->unit) != 0) {
        clear_progress();
        fprintf(stderr, "fixcol-bench: figure '%s' (%s) is not the next row of group %s in the table in "
                "tools/bench/bench_groups.c (expected %s)\n", name, unit, run.group ? run.group->name : "(none)",
                want ? want->name : "no more figures");
        exit(BENCH_EXIT_TABLE);
    }
    clear_progress();
    printf("bench %s %.4g %s\n", name, value, unit);
    fflush(stdout);
    run.next++;
    draw_progress();
}

void bench_run_group(const bench_group *g, bench_progress mode)
{
    run.group = g;
    run.next = 0;
    run.total = bench_figure_count(g);
    run.start_ns = bench_now_ns();
    run.mode = mode;
    run.tty = STDERR_IS_TTY();
    run.shown = 0;
    g->run();
    if (run.next != run.total) {
        clear_progress();
        fprintf(stderr, "fixcol-bench: group %s printed %d of the %d figures in its table (tools/bench/bench_groups.c)\n",
                g->name, run.next, run.total);
        exit(BENCH_EXIT_TABLE);
    }
    if (run.tty && run.shown)
        fputc('\n', stderr); /* keep the final "N/N figures, S s" line */
    run.group = NULL;
}
