/* SPDX-License-Identifier: MIT */
/* Private: the quadtree's storage, shared by quadtree.c (the tree and its
 * walk) and quadtree_sweep.c (the sort-and-sweep pair pass). */
#ifndef FIXCOL_SRC_QUADTREE_LAYOUT_H
#define FIXCOL_SRC_QUADTREE_LAYOUT_H

#include <fixcol/quadtree.h>

/* The closed extent [lo, hi] of a box on one axis. */
typedef struct qt_span {
    int32_t lo, hi;
} qt_span;

/* A slot of the sort-and-sweep's scratch: a sort key, then (written after
 * the key was read, never read as the other member) an extent. */
typedef union qt_sweep_slot {
    uint64_t key;
    qt_span span;
} qt_sweep_slot;

/* An item in sweep order: its number and where its candidates end. */
typedef struct qt_sweep_item {
    uint32_t item, end;
} qt_sweep_item;

/* The sort-and-sweep's scratch (quadtree_sweep.c), for cap items (0: none
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
    qt_sweep sweep; /* the sweep's scratch (quadtree_sweep.c) */
};

#endif
