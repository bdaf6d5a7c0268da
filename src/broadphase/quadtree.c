/* SPDX-License-Identifier: MIT */
/* Integer quadtree broadphase (see fixcol/quadtree.h for the layouts).
 *
 * Nodes live in one pool and refer to each other by index; a node whose
 * subtree empties goes back to the pool. A node's items (box and number)
 * live in a chain of fixed-size chunks from a second pool, so an update
 * never allocates (only a new largest item number, or more nodes or chunks
 * at once than the pools have ever held, do). Each node keeps its chunks,
 * its region (the closed box every item box of the node - clamped to the
 * square - lies in) and the number of items in its subtree, so empty
 * subtrees are skipped.
 *
 * Regions nest (a child's region lies inside its parent's) and, in the
 * loose layout, a node's region only meets the regions of the 3 x 3 nodes
 * around it at the same depth. Pair finding therefore walks the tree once,
 * carrying each node's 3 x 3 same-depth neighbourhood down (a child's
 * neighbours are children of its parent's neighbours), and pairs every item
 * of a node with: later items of the same node, the items of the four
 * "later" same-depth neighbours, and the items of every deeper node below
 * any of the nine whose region meets the item's box. Each unordered pair is
 * thus produced exactly once: by the shallower item, or at equal depth by
 * the earlier node (or earlier in the node's list).
 */
#include <fixcol/quadtree.h>

#include <stdlib.h>
#include <string.h>

#include "core/fc_alloc.h"
#include "core/fc_noinline.h"
#include "core/nofloat.h"
#include "quadtree_internal.h"
#include "quadtree_layout.h"

fc_qt_def fc_qt_def_default(void)
{
    fc_qt_def d;
    memset(&d, 0, sizeof d);
    d.size_log2 = 26;
    d.max_depth = 8;
    d.layout = FC_QT_LOOSE;
    return d;
}

/* ---------------------------------------------------------------- placement */

/* The square's figures from qt->def. */
static void qt_set_square(fc_quadtree *qt)
{
    qt->o_u = qt->def.origin_u;
    qt->o_v = qt->def.origin_v;
    qt->side = (int64_t)1 << qt->def.size_log2;
    qt->hi_u = qt->o_u + qt->side - 1;
    qt->hi_v = qt->o_v + qt->side - 1;
    /* depth d holds the boxes with 2m <= s and (deeper than 0) 4m > s, s
     * its cell side, unless d is max_depth, which holds every smaller box
     * too (qt_target) */
    for (int d = 0; d <= FC_QT_MAX_DEPTH; d++) {
        const int64_t s = d <= qt->def.size_log2 ? (int64_t)1 << (qt->def.size_log2 - d) : 1;
        qt->cell_side[d] = s;
        qt->stay_hi[d] = d == 0 ? INT64_MAX : s / 2;
        qt->stay_lo[d] = qt->def.layout != FC_QT_LOOSE ? INT64_MAX : d >= qt->def.max_depth ? -1 : s / 4;
    }
}

static int64_t clamp64(int64_t x, int64_t lo, int64_t hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

typedef struct qt_cbox {
    int64_t min_u, min_v, max_u, max_v;
} qt_cbox;

static qt_cbox qt_clamp(const fc_quadtree *qt, fc_qt_box b)
{
    qt_cbox c;
    c.min_u = clamp64(b.min_u, qt->o_u, qt->hi_u);
    c.max_u = clamp64(b.max_u, qt->o_u, qt->hi_u);
    c.min_v = clamp64(b.min_v, qt->o_v, qt->hi_v);
    c.max_v = clamp64(b.max_v, qt->o_v, qt->hi_v);
    return c;
}

static int bit_length(uint64_t x)
{
    int n = 0;
    for (int s = 32; s > 0; s >>= 1)
        if (x >> s) {
            x >>= s;
            n += s;
        }
    return n + (x != 0); /* x is 0 or 1 here */
}

typedef struct qt_place {
    int32_t depth;
    int64_t cu, cv; /* cell coordinates at depth */
} qt_place;

static qt_place qt_target(const fc_quadtree *qt, fc_qt_box b)
{
    /* The clamped box (qt_clamp) relative to the origin: in [0, side). */
    int64_t top = qt->side - 1;
    uint64_t ou = (uint64_t)clamp64((int64_t)b.min_u - qt->o_u, 0, top);
    uint64_t ov = (uint64_t)clamp64((int64_t)b.min_v - qt->o_v, 0, top);
    uint64_t eu = (uint64_t)clamp64((int64_t)b.max_u - qt->o_u, 0, top);
    uint64_t ev = (uint64_t)clamp64((int64_t)b.max_v - qt->o_v, 0, top);
    int L = qt->def.size_log2, d;
    if (qt->def.layout == FC_QT_LOOSE) {
        uint64_t w = eu - ou, h = ev - ov;
        uint64_t m = w > h ? w : h;
        /* deepest d with 2m <= 2^(L - d), i.e. L - d >= bit_length(2m - 1) */
        int k = m == 0 ? 0 : bit_length(2 * m - 1);
        d = L - k;
    } else {
        uint64_t xu = ou ^ eu, xv = ov ^ ev;
        int k = bit_length(xu | xv);
        d = L - k;
    }
    if (d > qt->def.max_depth)
        d = qt->def.max_depth;
    if (d < 0)
        d = 0;
    qt_place p;
    p.depth = d;
    p.cu = (int64_t)(ou >> (L - d));
    p.cv = (int64_t)(ov >> (L - d));
    return p;
}

static void qt_node_init(fc_quadtree *qt, qt_node *n, int32_t parent, int32_t depth, int64_t cu, int64_t cv)
{
    int64_t s = (int64_t)1 << (qt->def.size_log2 - depth);
    int64_t ext = qt->def.layout == FC_QT_LOOSE ? s + s / 2 - 1 : s - 1;
    memset(n, 0, sizeof *n);
    n->cell_u = cu;
    n->cell_v = cv;
    n->rmin_u = qt->o_u + cu * s;
    n->rmin_v = qt->o_v + cv * s;
    n->rmax_u = n->rmin_u + ext;
    n->rmax_v = n->rmin_v + ext;
    for (int i = 0; i < 4; i++)
        n->child[i] = -1;
    n->parent = parent;
    n->depth = depth;
    n->head = -1;
}

/* ---------------------------------------------------------------- create */

/* Locations for items < cap, all absent. */
static qt_loc *qt_new_locs(const fc_allocator *a, uint32_t cap)
{
    qt_loc *l = (qt_loc *)fc_alloc_bytes(a, sizeof(qt_loc) * cap);
    if (l != NULL)
        for (uint32_t i = 0; i < cap; i++)
            l[i].node = -1;
    return l;
}

fc_status fc_qt_create(const fc_qt_def *def, fc_quadtree **out)
{
    if (out == NULL)
        return FC_ERR_NULL;
    *out = NULL;
    if (def == NULL)
        return FC_ERR_NULL;
    if (def->size_log2 < 1 || def->size_log2 > 32 || def->max_depth < 0 || def->max_depth > FC_QT_MAX_DEPTH ||
        def->max_depth > def->size_log2 || def->item_capacity < 0 ||
        (uint32_t)def->item_capacity > FC_QT_MAX_ITEMS ||
        (def->layout != FC_QT_LOOSE && def->layout != FC_QT_STRICT) ||
        (def->alloc.alloc == NULL) != (def->alloc.free == NULL))
        return FC_ERR_ARGUMENT;
    fc_allocator a = fc_alloc_resolve(def->alloc);
    fc_quadtree *qt = (fc_quadtree *)fc_alloc_bytes(&a, sizeof *qt);
    if (qt == NULL)
        return FC_ERR_NO_MEMORY;
    memset(qt, 0, sizeof *qt);
    qt->def = *def;
    qt->a = a;
    qt_set_square(qt);
    qt->node_cap = 64;
    qt->nodes = (qt_node *)fc_alloc_bytes(&a, sizeof(qt_node) * (size_t)qt->node_cap);
    uint32_t lc = def->item_capacity > 16 ? (uint32_t)def->item_capacity : 16u;
    /* room for every item in full chunks plus one part-filled chunk per
     * node of a small tree */
    qt->chunk_cap = (int32_t)(lc / QT_CHUNK) + 64;
    qt->chunks = (qt_chunk *)fc_alloc_bytes(&a, sizeof(qt_chunk) * (size_t)qt->chunk_cap);
    qt->free_chunk = -1;
    qt->loc = qt_new_locs(&a, lc);
    qt->loc_cap = lc; /* before any fc_qt_destroy: it frees loc with this size */
    if (qt->nodes == NULL || qt->loc == NULL || qt->chunks == NULL || !fc_qt_sweep_fit(qt, lc)) {
        fc_qt_destroy(qt);
        return FC_ERR_NO_MEMORY;
    }
    qt_node_init(qt, &qt->nodes[0], -1, 0, 0, 0);
    qt->node_count = 1;
    *out = qt;
    return FC_OK;
}

void fc_qt_destroy(fc_quadtree *qt)
{
    if (qt == NULL)
        return;
    fc_allocator a = qt->a;
    fc_free_bytes(&a, qt->nodes, sizeof(qt_node) * (size_t)qt->node_cap);
    fc_free_bytes(&a, qt->chunks, sizeof(qt_chunk) * (size_t)qt->chunk_cap);
    fc_free_bytes(&a, qt->loc, sizeof(qt_loc) * qt->loc_cap);
    fc_qt_sweep_free(qt);
    fc_free_bytes(&a, qt, sizeof *qt);
}

/* ---------------------------------------------------------------- storage */

static int qt_grow_loc(fc_quadtree *qt, uint32_t need)
{
    if (need <= qt->loc_cap)
        return 1;
    uint32_t cap = qt->loc_cap;
    while (cap < need)
        cap = cap > FC_QT_MAX_ITEMS / 5 * 4 ? FC_QT_MAX_ITEMS : cap + cap / 4; /* cap >= 16 */
    qt_loc *l = qt_new_locs(&qt->a, cap);
    if (l == NULL)
        return 0;
    if (!fc_qt_sweep_fit(qt, cap)) {
        fc_free_bytes(&qt->a, l, sizeof(qt_loc) * cap);
        return 0;
    }
    memcpy(l, qt->loc, sizeof(qt_loc) * qt->loc_cap);
    fc_free_bytes(&qt->a, qt->loc, sizeof(qt_loc) * qt->loc_cap);
    qt->loc = l;
    qt->loc_cap = cap;
    return 1;
}

/* pool (cap elements of elem bytes, used in use) moved into one a quarter
 * larger and freed (a quarter, not double: at 100k W1 bodies doubling left
 * a quarter of the pools unused); NULL when out of memory or at the int32
 * limit (pool and *cap unchanged). */
static void *qt_grown(fc_quadtree *qt, void *pool, int32_t *cap, int32_t used, size_t elem)
{
    if (*cap > INT32_MAX / 5 * 4)
        return NULL;
    int32_t ncap = *cap + (*cap / 4 > 0 ? *cap / 4 : 1);
    void *np = fc_alloc_bytes(&qt->a, elem * (size_t)ncap);
    if (np == NULL)
        return NULL;
    memcpy(np, pool, elem * (size_t)used);
    fc_free_bytes(&qt->a, pool, elem * (size_t)*cap);
    *cap = ncap;
    return np;
}

/* A node from the pool (growing it only when grow is set); -1 when none. */
static int32_t qt_take_node(fc_quadtree *qt, int grow)
{
    if (qt->free_top != 0) {
        int32_t c = qt->free_top;
        qt->free_top = qt->nodes[c].parent;
        qt->free_nodes--;
        return c;
    }
    if (qt->node_count == qt->node_cap) {
        qt_node *n = grow ? (qt_node *)qt_grown(qt, qt->nodes, &qt->node_cap, qt->node_count, sizeof(qt_node)) : NULL;
        if (n == NULL)
            return -1;
        qt->nodes = n;
    }
    return qt->node_count++;
}

/* A chunk from the pool (growing it when needed); -1 when out of memory. */
static int32_t qt_take_chunk(fc_quadtree *qt)
{
    if (qt->free_chunk >= 0) {
        int32_t c = qt->free_chunk;
        qt->free_chunk = qt->chunks[c].next;
        return c;
    }
    if (qt->chunk_count == qt->chunk_cap) {
        qt_chunk *c = (qt_chunk *)qt_grown(qt, qt->chunks, &qt->chunk_cap, qt->chunk_count, sizeof(qt_chunk));
        if (c == NULL)
            return -1;
        qt->chunks = c;
    }
    return qt->chunk_count++;
}

/* Return the empty childless nodes from n up (not the root) to the pool. */
static void qt_prune(fc_quadtree *qt, int32_t n)
{
    while (n > 0 && qt->nodes[n].sub == 0) {
        qt_node *node = &qt->nodes[n];
        if (node->child[0] >= 0 || node->child[1] >= 0 || node->child[2] >= 0 || node->child[3] >= 0)
            return; /* a child left (an empty probed node, pruned first) */
        int32_t p = node->parent;
        for (int q = 0; q < 4; q++)
            if (qt->nodes[p].child[q] == n)
                qt->nodes[p].child[q] = -1;
        node->depth = -1;
        node->parent = qt->free_top;
        qt->free_top = n;
        qt->free_nodes++;
        n = p;
    }
}

/* Find or create the node for p; -1 when it would need memory and grow is
 * 0, or when out of memory (nodes created on the way are pruned again). */
static int32_t qt_node_for(fc_quadtree *qt, qt_place p, int grow)
{
    int32_t n = 0;
    for (int32_t d = 1; d <= p.depth; d++) {
        int sh = p.depth - d;
        int q = (int)((p.cu >> sh) & 1) + 2 * (int)((p.cv >> sh) & 1);
        int32_t c = qt->nodes[n].child[q];
        if (c < 0) {
            c = qt_take_node(qt, grow);
            if (c < 0) {
                qt_prune(qt, n);
                return -1;
            }
            qt_node_init(qt, &qt->nodes[c], n, d, p.cu >> sh, p.cv >> sh);
            qt->nodes[n].child[q] = c;
        }
        n = c;
    }
    return n;
}

static void qt_add_sub(fc_quadtree *qt, int32_t n, int32_t delta)
{
    for (; n >= 0; n = qt->nodes[n].parent)
        qt->nodes[n].sub += delta;
}

/* Find or create the node for p with room for one more item (a new head
 * chunk when its head is full); -1 when out of memory (nodes created on
 * the way are pruned again). */
static int32_t qt_prepare(fc_quadtree *qt, qt_place p)
{
    int32_t n = qt_node_for(qt, p, 1);
    if (n < 0)
        return -1;
    qt_node *node = &qt->nodes[n];
    if (node->head < 0 || qt->chunks[node->head].n == QT_CHUNK) {
        int32_t c = qt_take_chunk(qt);
        if (c < 0) {
            qt_prune(qt, n);
            return -1;
        }
        node = &qt->nodes[n];
        qt->chunks[c].n = 0;
        qt->chunks[c].next = node->head;
        node->head = c;
    }
    return n;
}

/* Add item to node ni (prepared by qt_prepare). */
static void qt_link(fc_quadtree *qt, int32_t ni, uint32_t item, fc_qt_box box)
{
    qt_node *n = &qt->nodes[ni];
    qt_chunk *h = &qt->chunks[n->head];
    h->e[h->n].box = box;
    h->e[h->n].item = item;
    qt->loc[item].node = ni;
    qt->loc[item].at = n->head * QT_CHUNK + h->n;
    h->n++;
    n->count++;
    qt_add_sub(qt, ni, 1);
}

/* Take item out of its node (the node's last entry fills the hole);
 * returns the node (not pruned). */
static int32_t qt_unlink(fc_quadtree *qt, uint32_t item)
{
    qt_loc l = qt->loc[item];
    qt_node *n = &qt->nodes[l.node];
    int32_t hi = n->head;
    qt_chunk *h = &qt->chunks[hi];
    int32_t last = hi * QT_CHUNK + h->n - 1;
    if (l.at != last) {
        qt_entry moved = h->e[h->n - 1];
        qt->chunks[l.at >> QT_CHUNK_LOG2].e[l.at & (QT_CHUNK - 1)] = moved;
        qt->loc[moved.item].at = l.at;
    }
    if (--h->n == 0) { /* the head chunk back to the pool */
        n->head = h->next;
        h->next = qt->free_chunk;
        qt->free_chunk = hi;
    }
    n->count--;
    qt->loc[item].node = -1;
    qt_add_sub(qt, l.node, -1);
    return l.node;
}

static int box_ok(fc_qt_box b)
{
    return b.min_u <= b.max_u && b.min_v <= b.max_v;
}

static int qt_present(const fc_quadtree *qt, uint32_t item)
{
    return item < qt->loc_cap && qt->loc[item].node >= 0;
}

static qt_entry *qt_entry_of(const fc_quadtree *qt, uint32_t item)
{
    int32_t at = qt->loc[item].at; /* >= 0 */
    return &qt->chunks[at >> QT_CHUNK_LOG2].e[at & (QT_CHUNK - 1)];
}

fc_status fc_qt_insert(fc_quadtree *qt, uint32_t item, fc_qt_box box)
{
    if (qt == NULL)
        return FC_ERR_NULL;
    if (item >= FC_QT_MAX_ITEMS || qt_present(qt, item) || !box_ok(box))
        return FC_ERR_ARGUMENT;
    if (!qt_grow_loc(qt, item + 1))
        return FC_ERR_NO_MEMORY;
    int32_t n = qt_prepare(qt, qt_target(qt, box));
    if (n < 0)
        return FC_ERR_NO_MEMORY;
    qt_link(qt, n, item, box);
    qt->count++;
    return FC_OK;
}

/* Move item to the node box selects (qt_target): in place when that is
 * its node; else the new node first (it may fail), then the move, then
 * the old path pruned (the new node may be an ancestor of the old one). */
FC_NOINLINE static fc_status qt_move_far(fc_quadtree *qt, uint32_t item, fc_qt_box box)
{
    const qt_node *cur = &qt->nodes[qt->loc[item].node];
    qt_place p = qt_target(qt, box);
    if (p.depth == cur->depth && p.cu == cur->cell_u && p.cv == cur->cell_v) {
        qt_entry_of(qt, item)->box = box; /* in place */
        return FC_OK;
    }
    int32_t n = qt_prepare(qt, p);
    if (n < 0)
        return FC_ERR_NO_MEMORY;
    int32_t old = qt_unlink(qt, item);
    qt_link(qt, n, item, box);
    qt_prune(qt, old);
    return FC_OK;
}

fc_status fc_qt_move(fc_quadtree *qt, uint32_t item, fc_qt_box box)
{
    return fc_qt_move_in_place(qt, item, box) ? FC_OK : qt_move_far(qt, item, box);
}

fc_status fc_qt_update(fc_quadtree *qt, uint32_t item, fc_qt_box box)
{
    if (qt == NULL)
        return FC_ERR_NULL;
    if (!qt_present(qt, item) || !box_ok(box))
        return FC_ERR_ARGUMENT;
    return fc_qt_move(qt, item, box);
}

fc_status fc_qt_remove(fc_quadtree *qt, uint32_t item)
{
    if (qt == NULL)
        return FC_ERR_NULL;
    if (!qt_present(qt, item))
        return FC_ERR_ARGUMENT;
    qt_prune(qt, qt_unlink(qt, item));
    qt->count--;
    return FC_OK;
}

void fc_qt_clear(fc_quadtree *qt)
{
    if (qt == NULL)
        return;
    for (int32_t i = 0; i < qt->node_count; i++)
        for (int32_t c = qt->nodes[i].depth >= 0 ? qt->nodes[i].head : -1; c >= 0; c = qt->chunks[c].next)
            for (int32_t k = 0; k < qt->chunks[c].n; k++)
                qt->loc[qt->chunks[c].e[k].item].node = -1;
    /* every chunk back to its pool; the nodes stay, empty (a rebuild into
     * the same cells finds them; fc_qt_trim returns the unused ones) */
    for (int32_t i = 0; i < qt->node_count; i++) {
        qt->nodes[i].head = -1;
        qt->nodes[i].count = 0;
        qt->nodes[i].sub = 0;
    }
    qt->chunk_count = 0;
    qt->free_chunk = -1;
    qt->count = 0;
}

int fc_qt_contains(const fc_quadtree *qt, uint32_t item, fc_qt_box *box)
{
    if (qt == NULL || !qt_present(qt, item))
        return 0;
    if (box != NULL)
        *box = qt_entry_of(qt, item)->box;
    return 1;
}

int32_t fc_qt_count(const fc_quadtree *qt)
{
    return qt == NULL ? 0 : qt->count;
}

/* ---------------------------------------------------------------- restore plans */

int fc_qt_same_placement(const fc_quadtree *qt, const fc_qt_def *def)
{
    return qt->def.origin_u == def->origin_u && qt->def.origin_v == def->origin_v &&
           qt->def.size_log2 == def->size_log2 && qt->def.max_depth == def->max_depth &&
           qt->def.layout == def->layout;
}

int fc_qt_probe(fc_quadtree *qt, uint32_t item, fc_qt_box box)
{
    /* The node is made now, from the pool only: the tree's answers do not
     * change (an empty node holds nothing) and fc_qt_probe_reset prunes it
     * again; so the probed nodes fit the pool. A cleared tree has every
     * chunk free: the probed items fit when their nodes' chunks do. */
    if (item >= qt->loc_cap || !box_ok(box))
        return 0;
    int32_t n = qt_node_for(qt, qt_target(qt, box), 0);
    if (n < 0)
        return 0;
    qt_node *node = &qt->nodes[n];
    if (node->want % QT_CHUNK == 0) {
        if (qt->probe_chunks == qt->chunk_cap)
            return 0;
        qt->probe_chunks++;
    }
    node->want++;
    return 1;
}

void fc_qt_probe_reset(fc_quadtree *qt)
{
    for (int32_t i = 0; i < qt->node_count; i++)
        qt->nodes[i].want = 0;
    qt->probe_chunks = 0;
}

void fc_qt_trim(fc_quadtree *qt)
{
    /* one pass: a node with empty children is skipped here and pruned by
     * the walk up from its last child */
    for (int32_t i = 1; i < qt->node_count; i++)
        if (qt->nodes[i].depth >= 0 && qt->nodes[i].sub == 0)
            qt_prune(qt, i);
}

/* In-place plans (world_restore.c's diff restore): items are inserted,
 * moved and removed in the live tree, in any order, and none of it may
 * allocate. Why the plan's checks suffice:
 * - Nodes. fc_qt_plan_move makes every node on the planned targets' paths
 *   from the pool (never growing it), so the positions (depth, cell) that
 *   exist after planning - call them S - all fit in the pool at once.
 *   Applying, a node is only ever made on a planned target's path, a
 *   position of S, so the tree never holds more nodes than |S|: whenever
 *   one is made (its position not in the tree), fewer than |S| <= node_cap
 *   are in use, and the pool has a free one (removals and moves prune
 *   nodes back to it; they may be made again later: still positions of S).
 * - Chunks. A node with c items holds ceil(c / QT_CHUNK) chunks (the head
 *   chunk part-filled, every other full). While the plan is applied, a
 *   node's items are at most its count now plus the items planned into it
 *   (items only leave it otherwise), so the chunks in use never exceed
 *   those in use now plus probe_chunks, the sum over the targets of
 *   ceil((count + in) / QT_CHUNK) - ceil(count / QT_CHUNK); fc_qt_plan_fits
 *   checks the free chunks cover it.
 * - Locations: only items below loc_cap are planned. */
/* 1 when item is present and box keeps it in its node (as fc_qt_update
 * decides it: the shifted-box shortcut, else the target cell). */
static int qt_item_stays(const fc_quadtree *qt, uint32_t item, fc_qt_box box)
{
    if (qt->loc[item].node < 0)
        return 0;
    const qt_node *cur = &qt->nodes[qt->loc[item].node];
    if (qt_stays(qt, cur, box)) /* the moves' shortcut (quadtree_layout.h) */
        return 1;
    qt_place p = qt_target(qt, box);
    return p.depth == cur->depth && p.cu == cur->cell_u && p.cv == cur->cell_v;
}

int fc_qt_plan_move(fc_quadtree *qt, uint32_t item, fc_qt_box box)
{
    if (item >= qt->loc_cap || !box_ok(box))
        return FC_QT_PLAN_FAIL;
    if (qt_item_stays(qt, item, box))
        return FC_QT_PLAN_STAY;
    int32_t n = qt_node_for(qt, qt_target(qt, box), 0);
    if (n < 0)
        return FC_QT_PLAN_FAIL;
    qt_node *node = &qt->nodes[n];
    if ((node->count + node->want) % QT_CHUNK == 0)
        qt->probe_chunks++; /* the (count + want + 1)th item opens a chunk */
    node->want++;
    return FC_QT_PLAN_MOVE;
}

int fc_qt_plan_fits(const fc_quadtree *qt)
{
    int32_t free = qt->chunk_cap - qt->chunk_count; /* never used */
    for (int32_t c = qt->free_chunk; c >= 0 && free < qt->probe_chunks; c = qt->chunks[c].next)
        free++; /* returned to the pool */
    return free >= qt->probe_chunks;
}

void fc_qt_apply_move(fc_quadtree *qt, uint32_t item, fc_qt_box box)
{
    if (qt_item_stays(qt, item, box)) {
        qt_entry_of(qt, item)->box = box;
        return;
    }
    const int present = qt->loc[item].node >= 0;
    int32_t n = qt_prepare(qt, qt_target(qt, box)); /* >= 0: planned (see above) */
    if (present) {
        int32_t old = qt_unlink(qt, item);
        qt_link(qt, n, item, box);
        qt_prune(qt, old);
    } else {
        qt_link(qt, n, item, box);
        qt->count++;
    }
    qt->nodes[n].want = 0; /* every planned target receives its items */
}

void fc_qt_plan_applied(fc_quadtree *qt)
{
    qt->probe_chunks = 0;
}

/* ---------------------------------------------------------------- queries */

static int boxes_meet(fc_qt_box a, fc_qt_box b)
{
    /* branch-free: the four tests are cheap, mispredictions are not */
    return (a.min_u <= b.max_u) & (b.min_u <= a.max_u) & (a.min_v <= b.max_v) & (b.min_v <= a.max_v);
}

static int region_meets(const qt_node *n, const qt_cbox *c)
{
    return n->rmin_u <= c->max_u && c->min_u <= n->rmax_u && n->rmin_v <= c->max_v && c->min_v <= n->rmax_v;
}

/* Visit every node of the subtree at ni whose region meets c. */
#define QT_STACK (4 * FC_QT_MAX_DEPTH + 8)

void fc_qt_query(const fc_quadtree *qt, fc_qt_box box, fc_qt_item_fn fn, void *ctx)
{
    if (qt == NULL || fn == NULL || !box_ok(box))
        return;
    const qt_chunk *chunks = qt->chunks;
    qt_cbox c = qt_clamp(qt, box);
    int32_t stack[QT_STACK];
    int sp = 0;
    stack[sp++] = 0;
    while (sp > 0) {
        const qt_node *n = &qt->nodes[stack[--sp]];
        if (n->sub == 0 || !region_meets(n, &c))
            continue;
        for (int32_t ci = n->head; ci >= 0; ci = chunks[ci].next)
            for (int32_t k = 0; k < chunks[ci].n; k++)
                if (boxes_meet(chunks[ci].e[k].box, box))
                    fn(ctx, chunks[ci].e[k].item);
        for (int q = 0; q < 4; q++)
            if (n->child[q] >= 0)
                stack[sp++] = n->child[q];
    }
}

typedef struct qt_pair_walk {
    const fc_quadtree *qt;
    fc_qt_pair_fn fn;
    void *ctx;
} qt_pair_walk;

/* Pair e with the entries of chunk ci from slot k on and of the chunks
 * after it. */
static inline void qt_pair_chain(const qt_pair_walk *w, const qt_entry *e, int32_t ci, int32_t k)
{
    const qt_chunk *chunks = w->qt->chunks;
    for (; ci >= 0; ci = chunks[ci].next, k = 0)
        for (; k < chunks[ci].n; k++)
            if (boxes_meet(chunks[ci].e[k].box, e->box))
                w->fn(w->ctx, e->item, chunks[ci].e[k].item);
}

/* Pair e with every item below node m (children and deeper). */
static void qt_pair_below(const qt_pair_walk *w, const qt_entry *e, const qt_cbox *c, int32_t m)
{
    const qt_node *nodes = w->qt->nodes;
    int32_t stack[QT_STACK];
    int sp = 0;
    for (int q = 0; q < 4; q++)
        if (nodes[m].child[q] >= 0)
            stack[sp++] = nodes[m].child[q];
    while (sp > 0) {
        const qt_node *n = &nodes[stack[--sp]];
        if (n->sub == 0 || !region_meets(n, c))
            continue;
        qt_pair_chain(w, e, n->head, 0);
        for (int q = 0; q < 4; q++)
            if (n->child[q] >= 0)
                stack[sp++] = n->child[q];
    }
}

/* nb: the 3 x 3 same-depth neighbourhood of node ni (the centre is ni),
 * neighbour (du, dv) at nb[(dv + 1) * stride + (du + 1)], -1 where no node
 * exists. */
static void qt_pair_node(const qt_pair_walk *w, int32_t ni, const int32_t *nb, int stride)
{
    const qt_node *nodes = w->qt->nodes;
    const qt_chunk *chunks = w->qt->chunks;
    const qt_node *n = &nodes[ni];
    if (n->sub == 0)
        return;
    /* the neighbours with something to pair: items (later half) or a
     * non-empty subtree below them */
    int32_t rel[9];
    int rel_items[9], nrel = 0;
    for (int r = 0, j = 0; r < 3 && n->count > 0; r++)
        for (int c = 0; c < 3; c++, j++) {
            int32_t m = nb[r * stride + c];
            if (m < 0)
                continue;
            int items = j > 4 && nodes[m].count > 0, below = nodes[m].sub > nodes[m].count;
            if (items || below) {
                rel[nrel] = m;
                rel_items[nrel++] = items;
            }
        }
    for (int32_t ci = n->head; ci >= 0; ci = chunks[ci].next)
        for (int32_t i = 0; i < chunks[ci].n; i++) {
            const qt_entry *e = &chunks[ci].e[i];
            if (i + 1 < chunks[ci].n || chunks[ci].next >= 0)
                qt_pair_chain(w, e, ci, i + 1);
            if (nrel == 0)
                continue;
            qt_cbox c = qt_clamp(w->qt, e->box);
            for (int j = 0; j < nrel; j++) {
                const qt_node *m = &nodes[rel[j]];
                if (!region_meets(m, &c))
                    continue;
                if (rel_items[j])
                    qt_pair_chain(w, e, m->head, 0);
                if (m->sub > m->count)
                    qt_pair_below(w, e, &c, rel[j]);
            }
        }
    if (n->sub == n->count)
        return; /* nothing below */
    /* the children's neighbourhoods: windows of the 4 x 4 grid of cells
     * around the 2 x 2 children, row/column -1..2 in the children's cell
     * grid: cell k lies in the parent's neighbour column nbcol[k], in its
     * child column bit[k] */
    static const int nbcol[4] = {0, 1, 1, 2}, bit[4] = {1, 0, 1, 0};
    int32_t grid[16];
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++) {
            int32_t p = nb[nbcol[r] * stride + nbcol[c]];
            grid[r * 4 + c] = p < 0 ? -1 : nodes[p].child[bit[c] + 2 * bit[r]];
        }
    for (int q = 0; q < 4; q++) {
        int32_t ci = n->child[q];
        if (ci >= 0 && nodes[ci].sub > 0)
            qt_pair_node(w, ci, &grid[(q >> 1) * 4 + (q & 1)], 4);
    }
}

void fc_qt_pairs(const fc_quadtree *qt, fc_qt_pair_fn fn, void *ctx)
{
    if (qt == NULL || fn == NULL)
        return;
    qt_pair_walk w;
    w.qt = qt;
    w.fn = fn;
    w.ctx = ctx;
    int32_t nb[9] = {-1, -1, -1, -1, 0, -1, -1, -1, -1};
    qt_pair_node(&w, 0, nb, 3);
}

/* ---------------------------------------------------------------- checks */

/* The items of node i: chunk fill, count, locations and each item's
 * placement. */
static int qt_node_items_ok(const fc_quadtree *qt, int32_t i)
{
    const qt_node *n = &qt->nodes[i];
    int32_t seen = 0;
    for (int32_t ci = n->head; ci >= 0; ci = qt->chunks[ci].next) {
        const qt_chunk *ch = &qt->chunks[ci];
        if (ci >= qt->chunk_count || ch->n < 1 || ch->n > QT_CHUNK || (ci != n->head && ch->n != QT_CHUNK) ||
            seen + ch->n > n->count)
            return 0;
        for (int32_t k = 0; k < ch->n; k++) {
            const qt_entry *e = &ch->e[k];
            qt_place p = qt_target(qt, e->box);
            qt_cbox c = qt_clamp(qt, e->box);
            if (!box_ok(e->box) || e->item >= qt->loc_cap || qt->loc[e->item].node != i ||
                qt->loc[e->item].at != ci * QT_CHUNK + k || p.depth != n->depth || p.cu != n->cell_u ||
                p.cv != n->cell_v || c.min_u < n->rmin_u || c.max_u > n->rmax_u || c.min_v < n->rmin_v ||
                c.max_v > n->rmax_v)
                return 0;
        }
        seen += ch->n;
    }
    return seen == n->count;
}

fc_status fc_qt_validate(const fc_quadtree *qt)
{
    if (qt == NULL)
        return FC_ERR_NULL;
    int32_t total = 0, in_tree = 0;
    for (int32_t i = 0; i < qt->node_count; i++) {
        const qt_node *n = &qt->nodes[i];
        if (n->depth < 0)
            continue;
        in_tree++;
        int32_t sub = n->count;
        /* a node other than the root is linked from its parent (it may be
         * empty after fc_qt_clear) */
        if (i > 0) {
            const qt_node *p = n->parent >= 0 && n->parent < qt->node_count ? &qt->nodes[n->parent] : NULL;
            if (p == NULL || p->depth != n->depth - 1 ||
                p->child[(int)(n->cell_u & 1) + 2 * (int)(n->cell_v & 1)] != i)
                return FC_ERR_FORMAT;
        }
        for (int q = 0; q < 4; q++) {
            int32_t c = n->child[q];
            if (c < 0)
                continue;
            if (c == 0 || c >= qt->node_count || qt->nodes[c].parent != i || qt->nodes[c].depth != n->depth + 1 ||
                qt->nodes[c].cell_u != 2 * n->cell_u + (q & 1) || qt->nodes[c].cell_v != 2 * n->cell_v + (q >> 1))
                return FC_ERR_FORMAT;
            sub += qt->nodes[c].sub;
        }
        if (sub != n->sub || n->count < 0 || !qt_node_items_ok(qt, i))
            return FC_ERR_FORMAT;
        total += n->count;
    }
    int32_t located = 0, pooled = 0;
    for (uint32_t i = 0; i < qt->loc_cap; i++)
        located += qt->loc[i].node >= 0;
    /* a free chunk is empty (the sweep reads the whole chunk pool) */
    for (int32_t c = 0; c < qt->chunk_count; c++)
        pooled += qt->chunks[c].n;
    if (total != qt->count || located != qt->count || pooled != qt->count || qt->nodes[0].sub != qt->count ||
        in_tree + qt->free_nodes != qt->node_count)
        return FC_ERR_FORMAT;
    return FC_OK;
}

fc_qt_stats fc_qt_get_stats(const fc_quadtree *qt)
{
    fc_qt_stats s;
    memset(&s, 0, sizeof s);
    if (qt == NULL)
        return s;
    s.nodes = qt->node_count - qt->free_nodes;
    s.root_items = qt->nodes[0].count;
    for (int32_t i = 0; i < qt->node_count; i++) {
        const qt_node *n = &qt->nodes[i];
        if (n->count > s.max_node_items)
            s.max_node_items = n->count;
        if (n->count > 0 && n->depth > s.deepest)
            s.deepest = n->depth;
    }
    return s;
}
