/* SPDX-License-Identifier: MIT */
/* fc_qt_pairs_fast: the tree's pairs by sort-and-sweep (quadtree_sweep.c)
 * when it takes them, else by the tree walk (fc_qt_pairs, quadtree.c). */
#include "quadtree_internal.h"
#include "quadtree_layout.h"

#include "core/nofloat.h"

/* Passes that walk the tree without trying the sweep after it declined. */
#define QT_SWEEP_REST 15u

void fc_qt_pairs_fast(fc_quadtree *qt, fc_qt_pair_fn fn, void *ctx)
{
    if (qt == NULL || fn == NULL)
        return;
    /* after a decline the next QT_SWEEP_REST passes walk the tree without
     * trying: a world too crowded for the sweep rarely thins out at once,
     * and a declined try costs about a third of the tree walk */
    if (qt->sweep.rest > 0) {
        qt->sweep.rest--;
    } else if (fc_qt_pairs_sweep(qt, fn, ctx)) {
        return;
    } else {
        qt->sweep.rest = QT_SWEEP_REST;
    }
    fc_qt_pairs(qt, fn, ctx);
}
