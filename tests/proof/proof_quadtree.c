/* SPDX-License-Identifier: MIT */
/* EVA harness for the quadtree's cell and node arithmetic (src/broadphase/quadtree.c,
 * included here to reach its static functions): qt_clamp, qt_target (the
 * depth and cell of a box in both layouts), qt_node_for (the path of child
 * cells down to it), qt_node_init (each node's region) and qt_stays (the
 * moves' test whether a box keeps a node), for every tree
 * fc_qt_create accepts - origin any int32, size_log2 in 1..32, max_depth in
 * 0..min(FC_QT_MAX_DEPTH, size_log2), either layout - and every box with
 * min <= max (any int32 corners; boxes outside the square are legal). The
 * tree's node pool is a fixed array large enough for one path (the
 * allocation branch is not reached). */
#include "proof.h"

#include "broadphase/quadtree.c"

int32_t sink_node;
int sink_int;

static qt_node pool[FC_QT_MAX_DEPTH + 2];

static fc_qt_box any_box(void)
{
    fc_qt_box b;
    b.min_u = ANY_I32();
    b.min_v = ANY_I32();
    b.max_u = I32_IN(b.min_u, INT32_MAX);
    b.max_v = I32_IN(b.min_v, INT32_MAX);
    return b;
}

/* One tree of side 2^log2 (the split that keeps a cell's coordinates,
 * < 2^depth, apart from the cell side 2^(log2 - depth)). */
static void place_in(int32_t log2, fc_qt_layout layout)
{
    fc_quadtree qt;
    memset(&qt, 0, sizeof qt);
    qt.def.origin_u = ANY_I32();
    qt.def.origin_v = ANY_I32();
    qt.def.size_log2 = log2;
    qt.def.max_depth = I32_IN(0, log2 < FC_QT_MAX_DEPTH ? log2 : FC_QT_MAX_DEPTH);
    qt.def.layout = layout;
    qt_set_square(&qt);
    qt.nodes = pool;
    qt.node_cap = FC_QT_MAX_DEPTH + 2;
    qt_node_init(&qt, &qt.nodes[0], -1, 0, 0, 0);
    qt.node_count = 1;
    qt_place p = qt_target(&qt, any_box());
    int32_t n = qt_node_for(&qt, p, 1);
    sink_node = n;
    if (n >= 0) {
        qt_cbox c = qt_clamp(&qt, any_box());
        sink_int = region_meets(&qt.nodes[n], &c);
        sink_int += qt_stays(&qt, &qt.nodes[n], any_box());
    }
}

void proof_qt_place(void)
{
    //@ loop unroll 32;
    for (int32_t log2 = 1; log2 <= 32; log2++) {
        place_in(log2, FC_QT_LOOSE);
        place_in(log2, FC_QT_STRICT);
    }
}
