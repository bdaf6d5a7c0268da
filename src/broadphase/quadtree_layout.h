/* SPDX-License-Identifier: MIT */
/* Private: the quadtree's storage, shared by quadtree.c (the tree and its
 * walk), quadtree_sweep.c (the sort-and-sweep pair pass), its scratch
 * (quadtree_sweep_store.c) and the choice between them (quadtree_pairs.c). */
#ifndef FIXCOL_SRC_QUADTREE_LAYOUT_H
#define FIXCOL_SRC_QUADTREE_LAYOUT_H

#include <fixcol/quadtree.h>

/* The closed extent [lo, hi] of a box on one axis. */
typedef struct qt_span {
    int32_t lo, hi;
} qt_span;

/* The largest item capacity (location table) of a tree the sweep takes:
 * its scratch is 24 bytes an item of capacity, allocated with the table
 * (fc_qt_sweep_fit) so that pair passes never allocate; the sweep packs
 * two item numbers into one word, 14 bits each. */
#define QT_SWEEP_MAX_ITEMS 16384u

/* A slot of the sort-and-sweep's scratch: a sort key, then (written after
 * the key was read, never read as the other member) an extent. */
typedef union qt_sweep_slot {
    uint64_t key;
    qt_span span;
} qt_sweep_slot;

/* An item in sweep order: its number and a spare word (the sweep keeps
 * pairs in it). */
typedef struct qt_sweep_item {
    uint32_t item, end;
} qt_sweep_item;

/* The sort-and-sweep's scratch (quadtree_sweep_store.c sizes it), for cap items (0: none
 * yet): the sort keys and the radix sort's twin, holding after the sort
 * the items' v and u extents in sweep order, and the items in that order;
 * order_n (0: none) items of the last pass, kept as the next pass's
 * starting order; rest: pair passes left that skip the sweep after it
 * declined (it changes the speed, never the pairs). tmp has a slot more,
 * for a sentinel. */
typedef struct qt_sweep {
    qt_sweep_slot *key, *tmp;
    qt_sweep_item *item;
    uint32_t cap, order_n, rest;
} qt_sweep;

/* One item of a node: its box and number. */
typedef struct qt_entry {
    fc_qt_box box;
    uint32_t item;
} qt_entry;

/* A node's items live in a chain of fixed-size chunks from one pool: the
 * head chunk holds the most recent 1..QT_CHUNK items, every later one is
 * full. Contiguous enough for the pair loops, and a node growing or
 * shrinking only takes or returns a chunk, never allocates. */
#define QT_CHUNK_LOG2 2
#define QT_CHUNK (1 << QT_CHUNK_LOG2)
typedef struct qt_chunk {
    qt_entry e[QT_CHUNK];
    int32_t n;    /* entries used */
    int32_t next; /* the node's next chunk, or the next free chunk; -1 none */
} qt_chunk;

/* A node of the tree, or (depth -1) a free one in the pool. */
typedef struct qt_node {
    int64_t rmin_u, rmin_v, rmax_u, rmax_v; /* region, closed */
    int64_t cell_u, cell_v;                 /* cell coordinates at this depth */
    int32_t child[4];                       /* quadrant u_bit + 2 * v_bit; -1 none */
    int32_t parent;                         /* -1 for the root; next free node when free */
    int32_t depth;                          /* -1: free */
    int32_t head;                           /* first chunk of the node's items, -1 none */
    int32_t count;                          /* items in the node */
    int32_t sub;                            /* items in this subtree */
    int32_t want;                           /* items probed into this node (fc_qt_probe), else 0 */
} qt_node;

/* Where an item is: its node (-1: absent) and chunk * QT_CHUNK + slot. */
typedef struct qt_loc {
    int32_t node;
    int32_t at;
} qt_loc;

struct fc_quadtree {
    fc_qt_def def;
    fc_allocator a;
    int64_t o_u, o_v, side; /* origin and side 2^size_log2 */
    int64_t hi_u, hi_v;     /* the square's last coordinates: origin + side - 1 */
    /* the moves' test (qt_stays), per depth d: a box inside the square
     * whose larger side m has stay_lo[d] < m <= stay_hi[d] lives at depth
     * d; its cell side. In the strict layout stay_lo is INT64_MAX. */
    int64_t stay_lo[FC_QT_MAX_DEPTH + 1], stay_hi[FC_QT_MAX_DEPTH + 1], cell_side[FC_QT_MAX_DEPTH + 1];
    /* node pool: nodes[0] is the root; nodes[1..node_count) are in the tree
     * or free (a stack through parent, top free_top, 0 = none: the root is
     * never free). A node whose subtree empties is returned to the pool, so
     * the tree never holds more nodes than its items' paths. */
    qt_node *nodes;
    int32_t node_count, node_cap, free_top, free_nodes;
    /* chunk pool: chunks[0..chunk_count) in use or free (a stack through
     * next, top free_chunk, -1 none) */
    qt_chunk *chunks;
    int32_t chunk_count, chunk_cap, free_chunk;
    int32_t probe_chunks; /* chunks the probed items need (fc_qt_probe) */
    qt_loc *loc;
    uint32_t loc_cap;
    int32_t count;
    qt_sweep sweep; /* the sweep's scratch (quadtree_sweep_store.c) */
};

/* ---------------------------------------------------------------- moves
 * The common move's fast path, inline here because the world's moves call
 * it once a body and frame (world.c). */

/* 1 when box lies inside the square (so clamping leaves it unchanged). */
static inline int qt_inside(const fc_quadtree *qt, fc_qt_box b)
{
    return (b.min_u >= qt->o_u) & (b.min_v >= qt->o_v) & (b.max_u <= qt->hi_u) & (b.max_v <= qt->hi_v);
}

/* The common move, decided without qt_target: in the loose layout a box
 * inside the square (so unclamped) stays in node cur when its size selects
 * cur's depth (qt_target: the deepest d with 2m <= 2^(L - d), m the larger
 * side, within [0, max_depth]; for integers 2m <= s is m <= s / 2 and
 * 4m > s is m > s / 4, rounded down) and its min corner lies in cur's cell
 * (cur's region starts at the cell). */
static inline int qt_stays(const fc_quadtree *qt, const qt_node *cur, fc_qt_box box)
{
    const int64_t w = (int64_t)box.max_u - box.min_u, h = (int64_t)box.max_v - box.min_v;
    const int64_t m = w > h ? w : h;
    const int d = cur->depth;
    const uint64_t s = (uint64_t)qt->cell_side[d];
    return qt_inside(qt, box) & (m > qt->stay_lo[d]) & (m <= qt->stay_hi[d]) &
           ((uint64_t)((int64_t)box.min_u - cur->rmin_u) < s) & ((uint64_t)((int64_t)box.min_v - cur->rmin_v) < s);
}

/* fc_qt_move when item (present; box with min <= max) stays in its node:
 * 1 and the box written in place, else 0 and nothing changed (then
 * fc_qt_move moves it). */
static inline int fc_qt_move_in_place(fc_quadtree *qt, uint32_t item, fc_qt_box box)
{
    const qt_loc l = qt->loc[item];
    if (!qt_stays(qt, &qt->nodes[l.node], box))
        return 0;
    qt->chunks[l.at >> QT_CHUNK_LOG2].e[l.at & (QT_CHUNK - 1)].box = box;
    return 1;
}

#endif
