/* SPDX-License-Identifier: MIT */
/* Private quadtree calls for the world's restore (world_restore.c): can a
 * cleared tree take a set of boxes without allocating (the rebuild), and
 * can the live tree take a set of inserts and moves without allocating
 * (the diff restore), and then apply them? */

/* Private quadtree calls for the world: the restore's plans
 * (world_restore.c: can a cleared tree take a set of boxes without
 * allocating?) and the moves' unchecked update. */
#ifndef FIXCOL_SRC_QUADTREE_INTERNAL_H
#define FIXCOL_SRC_QUADTREE_INTERNAL_H

#include <fixcol/quadtree.h>

/* 1 when qt places boxes as a tree created from def would (origin, size,
 * depth, layout equal). */
int fc_qt_same_placement(const fc_quadtree *qt, const fc_qt_def *def);
/* Planning a rebuild: 0 when inserting item with box into the cleared tree
 * would allocate (item beyond the location table; the nodes probed since
 * the last fc_qt_probe_reset plus the tree's own exceed its node pool; or
 * the probed items' chunks exceed its chunk pool). Probing makes the node
 * from the pool (an empty node changes no answer; fc_qt_clear keeps it
 * for the rebuild). */
int fc_qt_probe(fc_quadtree *qt, uint32_t item, fc_qt_box box);
/* Forget the probes' counts. */
void fc_qt_probe_reset(fc_quadtree *qt);
/* Return every empty node (probed and unused, or left by fc_qt_clear) to
 * the pool. */
void fc_qt_trim(fc_quadtree *qt);

/* Planning an in-place update of the live tree (no clear): item - present
 * or not - to box. FC_QT_PLAN_STAY: it stays in its node (nothing
 * needed); FC_QT_PLAN_MOVE: planned (the target node is made from the
 * pool, its want and the tree's probe_chunks count it); FC_QT_PLAN_FAIL:
 * applying the plan could allocate (item beyond the location table, or
 * the node pool is short). */
enum { FC_QT_PLAN_FAIL = 0, FC_QT_PLAN_STAY = 1, FC_QT_PLAN_MOVE = 2 };
int fc_qt_plan_move(fc_quadtree *qt, uint32_t item, fc_qt_box box);
/* 1 when the chunk pool takes every move planned since the last reset. */
int fc_qt_plan_fits(const fc_quadtree *qt);
/* Apply one planned update (or a STAY): insert or move item to box. With
 * the plan's checks passed (fc_qt_plan_fits), neither allocates nor
 * fails, whatever the order of the planned updates and of fc_qt_remove
 * calls among them (the argument is at their definition). */
void fc_qt_apply_move(fc_quadtree *qt, uint32_t item, fc_qt_box box);
/* After every planned update was applied: the plan's counts are done
 * (every target's want is already 0). A plan not applied is undone with
 * fc_qt_probe_reset and fc_qt_trim. */
void fc_qt_plan_applied(fc_quadtree *qt);

/* fc_qt_update without its argument checks, for the world's moves: item
 * is present and box has min <= max on both axes. */
fc_status fc_qt_move(fc_quadtree *qt, uint32_t item, fc_qt_box box);

/* The pairs of fc_qt_pairs (each unordered overlapping pair once, in no
 * particular order), by sort-and-sweep (quadtree_sweep.c; quadtree_pairs.c chooses) when the tree is
 * small and sparse enough for it, else by the tree walk. The sweep works
 * in the tree's scratch (so unlike fc_qt_pairs it writes qt), never
 * allocates. */
void fc_qt_pairs_fast(fc_quadtree *qt, fc_qt_pair_fn fn, void *ctx);
/* The sweep alone: 1 when it listed the pairs; 0 when it declined (a tree
 * of item capacity above 16384, more candidates than its budget), fn not
 * called. For tests. */
int fc_qt_pairs_sweep(fc_quadtree *qt, fc_qt_pair_fn fn, void *ctx);
/* Size the sweep's scratch for item capacity cap (the location table's):
 * none above 16384. 0 when out of memory (scratch unchanged). */
int fc_qt_sweep_fit(fc_quadtree *qt, uint32_t cap);
/* Free the sweep's scratch (fc_qt_destroy). */
void fc_qt_sweep_free(fc_quadtree *qt);

#endif
