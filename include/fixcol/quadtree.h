/* SPDX-License-Identifier: MIT */
/* fixcol/quadtree.h - integer quadtree broadphase over closed 2D boxes.
 *
 * The quadtree stores items (caller-chosen uint32 numbers, e.g. body slots)
 * with an integer box [min_u, max_u] x [min_v, max_v] (closed: touching
 * boxes overlap) and answers "which items' boxes overlap this box" and
 * "which pairs of items have overlapping boxes". Coordinates are plain
 * int32 (the world passes raw Q16.16 values); no floating point, no global
 * state, deterministic.
 *
 * The tree covers the square [origin, origin + 2^size_log2) on both axes.
 * Boxes outside it are legal: for placement they are clamped to the square,
 * which keeps every overlap (two overlapping boxes still overlap after
 * clamping), so the bounds only affect speed, never answers.
 *
 * Layouts (fc_qt_layout):
 *  - FC_QT_LOOSE (default): an item lives in exactly one node, at the
 *    deepest depth whose cell side s satisfies max(width, height) <= s / 2,
 *    in the cell holding its (clamped) min corner; a node's region is
 *    [cell_min, cell_min + 3s/2) on each axis. Bodies on split lines cost
 *    nothing extra.
 *  - FC_QT_STRICT: the seed article's layout: an item lives in the deepest
 *    node whose cell fully contains its clamped box, so items straddling a
 *    split line stay in the parent (kept as the benchmark's comparison).
 * Nodes are created on demand and returned to the tree's node pool when
 * their subtree empties; a node's items live in fixed-size chunks from a
 * chunk pool. Memory grows only for a larger item number than ever before
 * or more nodes or chunks at once than ever before (each by a quarter, never
 * shrinking), so updates, removals and re-insertions within those
 * allocate nothing.
 *
 * Output order of the callbacks depends on the tree's history; callers that
 * need a canonical order (the world does) sort the results.
 */
#ifndef FIXCOL_QUADTREE_H
#define FIXCOL_QUADTREE_H

#include <fixcol/api.h>

#include <stdint.h>

#include <fixcol/alloc.h>
#include <fixcol/status.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Largest item number + 1. */
#define FC_QT_MAX_ITEMS (1u << 24)
/* Deepest allowed max_depth. */
#define FC_QT_MAX_DEPTH 24

/* Closed integer box; min <= max on both axes. */
typedef struct fc_qt_box {
    int32_t min_u, min_v, max_u, max_v;
} fc_qt_box;

typedef enum fc_qt_layout {
    FC_QT_LOOSE = 0,
    FC_QT_STRICT = 1
} fc_qt_layout;

typedef struct fc_qt_def {
    int32_t origin_u, origin_v; /* lower corner of the covered square */
    int32_t size_log2;          /* side 2^size_log2, in 1..32 */
    int32_t max_depth;          /* 0..min(FC_QT_MAX_DEPTH, size_log2); 0 = one node */
    int32_t item_capacity;      /* hint: items preallocated (>= 0) */
    fc_qt_layout layout;
    fc_allocator alloc;         /* NULL hooks: malloc/free */
} fc_qt_def;

/* Defaults: origin (0, 0), side 2^26 (1024 units of Q16.16), max_depth 8,
 * item_capacity 0, FC_QT_LOOSE, malloc/free. */
FC_API fc_qt_def fc_qt_def_default(void);

typedef struct fc_quadtree fc_quadtree;

/* Create a tree. Errors: FC_ERR_NULL, FC_ERR_ARGUMENT (a field outside its
 * range), FC_ERR_NO_MEMORY. On error *out is NULL. */
FC_API fc_status fc_qt_create(const fc_qt_def *def, fc_quadtree **out);
/* Free the tree and everything it allocated. NULL is allowed. */
FC_API void fc_qt_destroy(fc_quadtree *qt);

/* Insert item with box. Errors (tree unchanged): FC_ERR_ARGUMENT (item >=
 * FC_QT_MAX_ITEMS, already present, or min > max), FC_ERR_NO_MEMORY. */
FC_API fc_status fc_qt_insert(fc_quadtree *qt, uint32_t item, fc_qt_box box);
/* Change an item's box. When the item stays in its node the box is
 * rewritten in place (no list change); otherwise it moves node. Errors
 * (tree unchanged): FC_ERR_ARGUMENT (not present, min > max),
 * FC_ERR_NO_MEMORY. */
FC_API fc_status fc_qt_update(fc_quadtree *qt, uint32_t item, fc_qt_box box);
/* Remove an item. FC_ERR_ARGUMENT if it is not present. */
FC_API fc_status fc_qt_remove(fc_quadtree *qt, uint32_t item);
/* Remove every item (keeps nodes, empty, and capacity). */
FC_API void fc_qt_clear(fc_quadtree *qt);

/* 1 when item is present (and then *box, if not NULL, is its box). */
FC_API int fc_qt_contains(const fc_quadtree *qt, uint32_t item, fc_qt_box *box);
/* Number of items. */
FC_API int32_t fc_qt_count(const fc_quadtree *qt);

/* Call fn(ctx, item) once for every item whose box overlaps box (closed). */
typedef void (*fc_qt_item_fn)(void *ctx, uint32_t item);
FC_API void fc_qt_query(const fc_quadtree *qt, fc_qt_box box, fc_qt_item_fn fn, void *ctx);

/* Call fn(ctx, a, b) exactly once for every unordered pair of distinct
 * items with overlapping boxes (a and b in no particular order). */
typedef void (*fc_qt_pair_fn)(void *ctx, uint32_t a, uint32_t b);
FC_API void fc_qt_pairs(const fc_quadtree *qt, fc_qt_pair_fn fn, void *ctx);

/* Full structural check: every item sits in the node its box and the layout
 * select, node lists and item locations agree, counts add up. FC_OK or
 * FC_ERR_FORMAT. Cost O(nodes + items); meant for tests. */
FC_API fc_status fc_qt_validate(const fc_quadtree *qt);

/* Shape figures for tests and benchmarks. */
typedef struct fc_qt_stats {
    int32_t nodes;           /* nodes in the tree (emptied ones go back to the pool; fc_qt_clear keeps them) */
    int32_t max_node_items;  /* largest item count in one node */
    int32_t root_items;      /* items kept in the root */
    int32_t deepest;         /* deepest depth holding an item */
} fc_qt_stats;
FC_API fc_qt_stats fc_qt_get_stats(const fc_quadtree *qt);

#ifdef __cplusplus
}
#endif

#endif
