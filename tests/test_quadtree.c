/* SPDX-License-Identifier: MIT */
/* Quadtree broadphase against brute force: random boxes inserted, moved
 * (small and large moves), resized and removed, fc_qt_validate after every
 * mutation, and every few steps the full pair set (by the tree walk, by the
 * sort-and-sweep of small trees and by the world's choice of the two) and
 * random box queries compared with an O(N^2) / O(N) scan. Both layouts,
 * and the worst cases: boxes on the root's centre lines, all boxes in one
 * cell (the sweep must decline), one huge box, boxes on and outside the
 * bounds, boxes touching exactly and at the int32 limits. --break drops one
 * reported pair, --break-sweep one pair of the sweep's, which the
 * comparison must catch. */
#include <fixcol/quadtree.h>

#include <stdlib.h>
#include <string.h>

#include "broadphase/quadtree_internal.h"
#include "testutil.h"

#define MAXN 600

static int g_break, g_break_sweep;
static long g_sweeps, g_declines; /* sweep checks run / declined */
static long g_calls;                 /* pairs reported */
static fc_qt_box g_box[MAXN];
static int g_live[MAXN];
static unsigned char g_seen[MAXN][MAXN];
static long g_dups;

static int meet(fc_qt_box a, fc_qt_box b)
{
    return a.min_u <= b.max_u && b.min_u <= a.max_u && a.min_v <= b.max_v && b.min_v <= a.max_v;
}

static void on_pair(void *ctx, uint32_t a, uint32_t b)
{
    long *dropped = (long *)ctx;
    g_calls++;
    if (*dropped == 0) {
        *dropped = 1;
        return;
    }
    if (g_seen[a][b])
        g_dups++;
    g_seen[a][b] = g_seen[b][a] = 1;
}

static void on_item(void *ctx, uint32_t i)
{
    unsigned char *hit = (unsigned char *)ctx;
    if (hit[i])
        g_dups++;
    hit[i] = 1;
}

/* Compare the pairs reported since g_seen was cleared with brute force. */
static void compare_pairs(const char *what, const char *pass)
{
    long bad = 0;
    for (int a = 0; a < MAXN; a++)
        for (int b = a + 1; b < MAXN; b++) {
            int want = g_live[a] && g_live[b] && meet(g_box[a], g_box[b]);
            bad += want != g_seen[a][b];
        }
    TU_CHECK(bad == 0 && g_dups == 0, "%s (%s): %ld pair mismatches, %ld duplicates", what, pass, bad, g_dups);
}

static void check_pairs(fc_quadtree *qt, const char *what)
{
    memset(g_seen, 0, sizeof g_seen);
    g_dups = 0;
    long dropped = g_break ? 0 : 1; /* 0: drop the next pair */
    fc_qt_pairs(qt, on_pair, &dropped);
    compare_pairs(what, "tree walk");
    /* the sweep: every pair once, or (declined) none */
    memset(g_seen, 0, sizeof g_seen);
    g_dups = 0;
    g_calls = 0;
    dropped = g_break_sweep ? 0 : 1;
    int swept = fc_qt_pairs_sweep(qt, on_pair, &dropped);
    g_sweeps += swept;
    g_declines += !swept;
    if (swept)
        compare_pairs(what, "sweep");
    else
        TU_CHECK(g_calls == 0, "%s: a declining sweep reported %ld pairs", what, g_calls);
    memset(g_seen, 0, sizeof g_seen);
    g_dups = 0;
    dropped = 1;
    fc_qt_pairs_fast(qt, on_pair, &dropped);
    compare_pairs(what, "fast");
}

static void check_query(const fc_quadtree *qt, fc_qt_box q, const char *what)
{
    unsigned char hit[MAXN];
    memset(hit, 0, sizeof hit);
    g_dups = 0;
    fc_qt_query(qt, q, on_item, hit);
    long bad = 0;
    for (int i = 0; i < MAXN; i++)
        bad += (g_live[i] && meet(g_box[i], q)) != hit[i];
    TU_CHECK(bad == 0 && g_dups == 0, "%s: %ld query mismatches", what, bad);
}

static int32_t rnd_range(uint64_t *s, int32_t lo, int32_t hi)
{
    /* in 64 bits: the offset may exceed INT32_MAX when lo is near INT32_MIN */
    return (int32_t)((int64_t)lo + (int64_t)(tu_rand64(s) % (uint64_t)((int64_t)hi - lo + 1)));
}

/* A random box: kind picks the worst case being exercised. */
static fc_qt_box make_box(uint64_t *s, int kind, int32_t side)
{
    fc_qt_box b;
    int32_t c = side / 2, w;
    switch (kind) {
    case 1: /* straddling the root's centre lines */
        w = rnd_range(s, 0, side / 64);
        b.min_u = tu_rand64(s) & 1 ? c - w : rnd_range(s, 0, side - 1);
        b.min_v = tu_rand64(s) & 1 ? c - w : rnd_range(s, 0, side - 1);
        b.max_u = b.min_u + 2 * w;
        b.max_v = b.min_v + 2 * w;
        return b;
    case 2: /* all in one small cell */
        b.min_u = rnd_range(s, 100, 108);
        b.min_v = rnd_range(s, 100, 108);
        b.max_u = b.min_u + rnd_range(s, 0, 4);
        b.max_v = b.min_v + rnd_range(s, 0, 4);
        return b;
    case 4: /* a few huge boxes covering (more than) everything */
        if (tu_rand64(s) % 16 == 0) {
            b.min_u = b.min_v = -side / 2;
            b.max_u = b.max_v = side + side / 2;
            return b;
        }
        return make_box(s, 0, side);
    case 5: /* touching exactly, on cell lines, at the int32 limits */
        switch (tu_rand64(s) % 4) {
        case 0: { /* sharing an edge or a corner with a live box */
            int j = (int)(tu_rand64(s) % MAXN);
            fc_qt_box o = g_live[j] ? g_box[j] : make_box(s, 0, side);
            if (o.max_u > INT32_MAX - 600 || o.max_v > INT32_MAX - 600)
                return make_box(s, 0, side);
            b.min_u = tu_rand64(s) & 1 ? o.max_u : o.min_u + rnd_range(s, 0, 3);
            b.min_v = tu_rand64(s) & 1 ? o.max_v : o.min_v + rnd_range(s, 0, 3);
            b.max_u = b.min_u + rnd_range(s, 0, 300);
            b.max_v = b.min_v + rnd_range(s, 0, 300);
            return b;
        }
        case 1: /* on the cell lines of depth 8 (side 256), touching along them */
            b.min_u = 256 * rnd_range(s, 0, 255);
            b.min_v = 256 * rnd_range(s, 0, 255);
            b.max_u = b.min_u + 256 * rnd_range(s, 0, 1);
            b.max_v = b.min_v + 256 * rnd_range(s, 0, 1);
            return b;
        case 2: /* at the limits, thin */
            b.min_u = tu_rand64(s) & 1 ? INT32_MIN : INT32_MAX - rnd_range(s, 0, 200);
            b.max_u = b.min_u < 0 ? INT32_MIN + rnd_range(s, 0, 200) : INT32_MAX;
            b.min_v = rnd_range(s, INT32_MIN, INT32_MAX - 1000);
            b.max_v = b.min_v + rnd_range(s, 0, 1000);
            if (tu_rand64(s) & 1) {
                fc_qt_box t = b;
                b.min_u = t.min_v;
                b.max_u = t.max_v;
                b.min_v = t.min_u;
                b.max_v = t.max_u;
            }
            return b;
        default: /* a point or a segment */
            b.min_u = rnd_range(s, 0, side - 1);
            b.min_v = rnd_range(s, 0, side - 1);
            b.max_u = b.min_u + (tu_rand64(s) & 1 ? 0 : rnd_range(s, 0, 500));
            b.max_v = b.min_v;
            return b;
        }
    case 3: /* on and beyond the bounds */
        b.min_u = rnd_range(s, -side / 4, side + side / 4);
        b.min_v = tu_rand64(s) & 1 ? -rnd_range(s, 0, 3) : side - 1 + rnd_range(s, -2, 3);
        if (tu_rand64(s) & 1) {
            int32_t t = b.min_u;
            b.min_u = b.min_v;
            b.min_v = t;
        }
        b.max_u = b.min_u + rnd_range(s, 0, side / 16);
        b.max_v = b.min_v + rnd_range(s, 0, side / 16);
        return b;
    default:
        w = rnd_range(s, 0, tu_rand64(s) % 8 == 0 ? side / 4 : side / 40);
        b.min_u = rnd_range(s, -side / 8, side);
        b.min_v = rnd_range(s, -side / 8, side);
        b.max_u = b.min_u + w;
        b.max_v = b.min_v + rnd_range(s, 0, w);
        return b;
    }
}

static void run(fc_qt_layout layout, int kind, int n, uint64_t seed, int steps)
{
    fc_qt_def d = fc_qt_def_default();
    d.origin_u = 0;
    d.origin_v = 0;
    d.size_log2 = 16;
    d.max_depth = 8;
    d.layout = layout;
    int32_t side = 1 << 16;
    fc_quadtree *qt;
    TU_CHECK(fc_qt_create(&d, &qt) == FC_OK, "create");
    memset(g_live, 0, sizeof g_live);
    g_sweeps = g_declines = 0;
    uint64_t s = seed;
    char what[64];
    snprintf(what, sizeof what, "layout %d kind %d", (int)layout, kind);
    for (int step = 0; step < steps; step++) {
        int i = (int)(tu_rand64(&s) % (uint64_t)n);
        int op = (int)(tu_rand64(&s) % 8);
        if (!g_live[i]) {
            g_box[i] = make_box(&s, kind, side);
            TU_CHECK(fc_qt_insert(qt, (uint32_t)i, g_box[i]) == FC_OK, "%s insert", what);
            g_live[i] = 1;
        } else if (op == 0) {
            TU_CHECK(fc_qt_remove(qt, (uint32_t)i) == FC_OK, "%s remove", what);
            g_live[i] = 0;
        } else if (op <= 4) { /* small move: usually in place */
            int32_t du = rnd_range(&s, -40, 40), dv = rnd_range(&s, -40, 40);
            if (g_box[i].min_u < INT32_MIN + 40 || g_box[i].max_u > INT32_MAX - 40 ||
                g_box[i].min_v < INT32_MIN + 40 || g_box[i].max_v > INT32_MAX - 40)
                du = dv = 0; /* at the limits: stays */
            g_box[i].min_u += du;
            g_box[i].max_u += du;
            g_box[i].min_v += dv;
            g_box[i].max_v += dv;
            TU_CHECK(fc_qt_update(qt, (uint32_t)i, g_box[i]) == FC_OK, "%s update", what);
        } else {
            g_box[i] = make_box(&s, kind, side);
            TU_CHECK(fc_qt_update(qt, (uint32_t)i, g_box[i]) == FC_OK, "%s update", what);
        }
        TU_CHECK(fc_qt_validate(qt) == FC_OK, "%s validate at step %d", what, step);
        if (step == steps / 2) { /* clear (nodes kept, empty) and rebuild */
            fc_qt_clear(qt);
            TU_CHECK(fc_qt_count(qt) == 0 && fc_qt_validate(qt) == FC_OK, "%s clear", what);
            for (int k = 0; k < n; k++)
                if (g_live[k])
                    TU_CHECK(fc_qt_insert(qt, (uint32_t)k, g_box[k]) == FC_OK, "%s re-insert", what);
            TU_CHECK(fc_qt_validate(qt) == FC_OK, "%s rebuilt", what);
        }
        if (step % 97 == 0 || step == steps - 1) {
            check_pairs(qt, what);
            check_query(qt, make_box(&s, 0, side), what);
            check_query(qt, make_box(&s, kind, side), what);
        }
    }
    /* errors leave the tree unchanged */
    fc_qt_box bad = {5, 5, 4, 4};
    int live = 0;
    for (int i = 0; i < n; i++)
        live += g_live[i];
    TU_CHECK(fc_qt_insert(qt, 0, bad) == FC_ERR_ARGUMENT, "bad box / duplicate rejected");
    TU_CHECK(fc_qt_insert(qt, FC_QT_MAX_ITEMS, g_box[0]) == FC_ERR_ARGUMENT, "item range");
    TU_CHECK(fc_qt_count(qt) == live && fc_qt_validate(qt) == FC_OK, "unchanged after errors");
    /* the sweep ran on the spread-out kinds */
    if (kind == 0 || kind == 5)
        TU_CHECK(g_sweeps > 0, "%s: the sweep ran (%ld of %ld)", what, g_sweeps, g_sweeps + g_declines);
    /* emptied, the tree gives every node but the root back to its pool */
    for (int i = 0; i < n; i++)
        if (g_live[i])
            TU_CHECK(fc_qt_remove(qt, (uint32_t)i) == FC_OK, "%s remove all", what);
    TU_CHECK(fc_qt_count(qt) == 0 && fc_qt_validate(qt) == FC_OK && fc_qt_get_stats(qt).nodes == 1,
             "%s empty tree keeps the root only (%d nodes)", what, fc_qt_get_stats(qt).nodes);
    fc_qt_destroy(qt);
}

/* Seed layout vs loose on the centre lines: the root must stay empty. */
static void centre_lines(void)
{
    fc_qt_def d = fc_qt_def_default();
    d.size_log2 = 16;
    for (int layout = 0; layout < 2; layout++) {
        d.layout = (fc_qt_layout)layout;
        fc_quadtree *qt;
        fc_qt_create(&d, &qt);
        for (uint32_t i = 0; i < 300; i++) {
            fc_qt_box b = {32768 - 10, (int32_t)i * 200, 32768 + 10, (int32_t)i * 200 + 20};
            fc_qt_insert(qt, i, b);
        }
        fc_qt_stats st = fc_qt_get_stats(qt);
        if (layout == FC_QT_LOOSE)
            TU_CHECK(st.root_items == 0, "loose keeps centre-line boxes out of the root (%d)", st.root_items);
        else
            TU_CHECK(st.root_items == 300, "seed layout keeps them in the root (%d)", st.root_items);
        fc_qt_destroy(qt);
    }
}

/* The sweep declines what would make it slow - a column of boxes (every
 * pair a candidate on u), one far box pulling the rest into one sort
 * bucket, a tree of capacity beyond 16384 items - before reporting
 * anything; the world's pass (fc_qt_pairs_fast) then walks the tree. */
static void sweep_declines(void)
{
    fc_qt_def d = fc_qt_def_default();
    d.size_log2 = 16;
    for (int shape = 0; shape < 2; shape++) {
        fc_quadtree *qt;
        TU_CHECK(fc_qt_create(&d, &qt) == FC_OK, "create");
        memset(g_live, 0, sizeof g_live);
        for (int i = 0; i < MAXN; i++) {
            fc_qt_box b = {1000 + i % 7, i * 100, 1010, i * 100 + 150}; /* a column */
            if (shape == 1) { /* min_u in 16 values, one box at the far end */
                b.min_u = i == 0 ? INT32_MAX - 5 : 1000 + (int32_t)((uint32_t)i * 7919u % 16u);
                b.max_u = i == 0 ? INT32_MAX : b.min_u + 3;
            }
            g_box[i] = b;
            g_live[i] = 1;
            TU_CHECK(fc_qt_insert(qt, (uint32_t)i, b) == FC_OK, "insert");
        }
        long dropped = 1;
        g_calls = 0;
        TU_CHECK(fc_qt_pairs_sweep(qt, on_pair, &dropped) == 0 && g_calls == 0,
                 "crowd %d: the sweep declines before reporting (%ld pairs)", shape, g_calls);
        check_pairs(qt, shape == 0 ? "column" : "one sort bucket");
        fc_qt_destroy(qt);
    }
    /* the sweep's scratch comes with the tree's item capacity, up to 16384 */
    d.item_capacity = 16384;
    fc_quadtree *qt;
    TU_CHECK(fc_qt_create(&d, &qt) == FC_OK, "create");
    long dropped = 1;
    for (int32_t i = 0; i <= 16384; i++) {
        int32_t v = (int32_t)((uint32_t)i * 7919u % 65536u);
        fc_qt_box b = {i * 4, v, i * 4 + 1, v + 1}; /* apart on u */
        if (i == 16384) {
            g_calls = 0;
            TU_CHECK(fc_qt_pairs_sweep(qt, on_pair, &dropped) == 1 && g_calls == 0,
                     "capacity 16384, 16384 items, no pair: the sweep runs");
        }
        TU_CHECK(fc_qt_insert(qt, (uint32_t)i, b) == FC_OK, "insert");
    }
    TU_CHECK(fc_qt_remove(qt, 16384) == FC_OK && fc_qt_pairs_sweep(qt, on_pair, &dropped) == 0 && g_calls == 0,
             "capacity grown beyond 16384: the sweep declines");
    fc_qt_destroy(qt);
    memset(g_live, 0, sizeof g_live);
}

/* More overlapping pairs than items (clusters of 5 boxes overlapping one
 * another): the sweep keeps as many pairs as there are items, then sweeps
 * the rest again; every pair still once. */
static void sweep_many_pairs(void)
{
    fc_qt_def d = fc_qt_def_default();
    d.size_log2 = 16;
    fc_quadtree *qt;
    TU_CHECK(fc_qt_create(&d, &qt) == FC_OK, "create");
    memset(g_live, 0, sizeof g_live);
    for (int i = 0; i < MAXN; i++) {
        int32_t c = (i / 5) * 500, k = i % 5;
        fc_qt_box b = {c + k, (i / 5) % 7 * 300 + k, c + 20 + k, (i / 5) % 7 * 300 + 20};
        g_box[i] = b;
        g_live[i] = 1;
        TU_CHECK(fc_qt_insert(qt, (uint32_t)i, b) == FC_OK, "insert");
    }
    long before = g_sweeps;
    check_pairs(qt, "clusters");
    TU_CHECK(g_sweeps == before + 1, "clusters: the sweep ran");
    fc_qt_destroy(qt);
    memset(g_live, 0, sizeof g_live);
}

/* Usage: test_quadtree [--break | --break-sweep] [--steps N] (default 3000
 * per run). */
int main(int argc, char **argv)
{
    int steps = 3000;
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--break") == 0)
            g_break = 1;
        else if (strcmp(argv[a], "--break-sweep") == 0)
            g_break_sweep = 1;
        else if (strcmp(argv[a], "--steps") == 0 && a + 1 < argc)
            steps = atoi(argv[++a]);
    }
    uint64_t seed = 0x9E3779B97F4A7C15u;
    for (int layout = 0; layout < 2; layout++)
        for (int kind = 0; kind < 6; kind++)
            run((fc_qt_layout)layout, kind, kind == 2 ? 200 : MAXN, seed + (uint64_t)(kind * 7 + layout), steps);
    centre_lines();
    sweep_declines();
    sweep_many_pairs();
    return tu_finish("quadtree");
}
