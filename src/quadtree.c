/* SPDX-License-Identifier: MIT */
/* Integer quadtree broadphase (see fixcol/quadtree.h for the layouts).
 *
 * Nodes live in one pool and refer to each other by index; a node whose
 * subtree empties goes back to the pool. Items' boxes live in one array
 * indexed by item, each entry linked into its node's list, so an update
 * never allocates (only a new largest item number or more nodes than the
 * pool has ever held do). Each node keeps its list, its region (the closed
 * box every item box of the node - clamped to the square - lies in) and the
 * number of items in its subtree, so empty subtrees are skipped.
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

#include "fc_alloc.h"
#include "nofloat.h"
#include "quadtree_internal.h"

/* One item's entry, indexed by item number: its box and its links in the
 * list of the node holding it. Entries live in one array sized by the
 * largest item number, so moving an item between nodes never allocates. */
typedef struct qt_entry {
    fc_qt_box box;
    int32_t node;       /* -1: absent */
    int32_t next, prev; /* items of the same node, -1 at the ends */
} qt_entry;

/* A node of the tree, or (depth -1) a free one in the pool. */
typedef struct qt_node {
    int64_t rmin_u, rmin_v, rmax_u, rmax_v; /* region, closed */
    int64_t cell_u, cell_v;                 /* cell coordinates at this depth */
    int32_t child[4];                       /* quadrant u_bit + 2 * v_bit; -1 none */
    int32_t parent;                         /* -1 for the root; next free node when free */
    int32_t depth;                          /* -1: free */
    int32_t head;                           /* first item of the node's list, -1 none */
    int32_t count;                          /* items in the node's list */
    int32_t sub;                            /* items in this subtree */
} qt_node;

struct fc_quadtree {
    fc_qt_def def;
    fc_allocator a;
    int64_t o_u, o_v, side; /* origin and side 2^size_log2 */
    /* node pool: nodes[0] is the root; nodes[1..node_count) are in the tree
     * or free (a stack through parent, top free_top, 0 = none: the root is
     * never free). A node whose subtree empties is returned to the pool, so
     * the tree never holds more nodes than its items' paths. */
    qt_node *nodes;
    int32_t node_count, node_cap, free_top, free_nodes;
    qt_entry *ent;
    uint32_t ent_cap;
    int32_t count;
};

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
    int64_t hu = qt->o_u + qt->side - 1, hv = qt->o_v + qt->side - 1;
    c.min_u = clamp64(b.min_u, qt->o_u, hu);
    c.max_u = clamp64(b.max_u, qt->o_u, hu);
    c.min_v = clamp64(b.min_v, qt->o_v, hv);
    c.max_v = clamp64(b.max_v, qt->o_v, hv);
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

/* Entries for items < cap (>= 16), all absent. */
static qt_entry *qt_new_entries(const fc_allocator *a, uint32_t cap)
{
    qt_entry *e = (qt_entry *)fc_alloc_bytes(a, sizeof(qt_entry) * cap);
    if (e != NULL)
        for (uint32_t i = 0; i < cap; i++)
            e[i].node = -1;
    return e;
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
    qt->o_u = def->origin_u;
    qt->o_v = def->origin_v;
    qt->side = (int64_t)1 << def->size_log2;
    qt->node_cap = 64;
    qt->nodes = (qt_node *)fc_alloc_bytes(&a, sizeof(qt_node) * (size_t)qt->node_cap);
    uint32_t lc = def->item_capacity > 16 ? (uint32_t)def->item_capacity : 16u;
    qt->ent = qt_new_entries(&a, lc);
    qt->ent_cap = lc; /* before any fc_qt_destroy: it frees ent with this size */
    if (qt->nodes == NULL || qt->ent == NULL) {
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
    fc_free_bytes(&a, qt->ent, sizeof(qt_entry) * qt->ent_cap);
    fc_free_bytes(&a, qt, sizeof *qt);
}

/* ---------------------------------------------------------------- storage */

static int qt_grow_entries(fc_quadtree *qt, uint32_t need)
{
    if (need <= qt->ent_cap)
        return 1;
    uint32_t cap = qt->ent_cap;
    while (cap < need)
        cap = cap > FC_QT_MAX_ITEMS / 2 ? FC_QT_MAX_ITEMS : cap * 2;
    qt_entry *e = qt_new_entries(&qt->a, cap);
    if (e == NULL)
        return 0;
    memcpy(e, qt->ent, sizeof(qt_entry) * qt->ent_cap);
    fc_free_bytes(&qt->a, qt->ent, sizeof(qt_entry) * qt->ent_cap);
    qt->ent = e;
    qt->ent_cap = cap;
    return 1;
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
        if (!grow || qt->node_cap > INT32_MAX / 2)
            return -1;
        int32_t cap = qt->node_cap * 2;
        qt_node *nn = (qt_node *)fc_alloc_bytes(&qt->a, sizeof(qt_node) * (size_t)cap);
        if (nn == NULL)
            return -1;
        memcpy(nn, qt->nodes, sizeof(qt_node) * (size_t)qt->node_count);
        fc_free_bytes(&qt->a, qt->nodes, sizeof(qt_node) * (size_t)qt->node_cap);
        qt->nodes = nn;
        qt->node_cap = cap;
    }
    return qt->node_count++;
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

static void qt_link(fc_quadtree *qt, int32_t ni, uint32_t item, fc_qt_box box)
{
    qt_node *n = &qt->nodes[ni];
    qt_entry *e = &qt->ent[item];
    e->box = box;
    e->node = ni;
    e->prev = -1;
    e->next = n->head;
    if (n->head >= 0)
        qt->ent[n->head].prev = (int32_t)item;
    n->head = (int32_t)item;
    n->count++;
    qt_add_sub(qt, ni, 1);
}

/* Take item out of its node's list; returns the node (not pruned). */
static int32_t qt_unlink(fc_quadtree *qt, uint32_t item)
{
    qt_entry *e = &qt->ent[item];
    int32_t ni = e->node;
    qt_node *n = &qt->nodes[ni];
    if (e->prev >= 0)
        qt->ent[e->prev].next = e->next;
    else
        n->head = e->next;
    if (e->next >= 0)
        qt->ent[e->next].prev = e->prev;
    n->count--;
    e->node = -1;
    qt_add_sub(qt, ni, -1);
    return ni;
}

static int box_ok(fc_qt_box b)
{
    return b.min_u <= b.max_u && b.min_v <= b.max_v;
}

static int qt_present(const fc_quadtree *qt, uint32_t item)
{
    return item < qt->ent_cap && qt->ent[item].node >= 0;
}

fc_status fc_qt_insert(fc_quadtree *qt, uint32_t item, fc_qt_box box)
{
    if (qt == NULL)
        return FC_ERR_NULL;
    if (item >= FC_QT_MAX_ITEMS || qt_present(qt, item) || !box_ok(box))
        return FC_ERR_ARGUMENT;
    if (!qt_grow_entries(qt, item + 1))
        return FC_ERR_NO_MEMORY;
    int32_t n = qt_node_for(qt, qt_target(qt, box), 1);
    if (n < 0)
        return FC_ERR_NO_MEMORY;
    qt_link(qt, n, item, box);
    qt->count++;
    return FC_OK;
}

fc_status fc_qt_update(fc_quadtree *qt, uint32_t item, fc_qt_box box)
{
    if (qt == NULL)
        return FC_ERR_NULL;
    if (!qt_present(qt, item) || !box_ok(box))
        return FC_ERR_ARGUMENT;
    qt_entry *e = &qt->ent[item];
    const qt_node *cur = &qt->nodes[e->node];
    qt_place p = qt_target(qt, box);
    if (p.depth == cur->depth && p.cu == cur->cell_u && p.cv == cur->cell_v) {
        e->box = box; /* in place */
        return FC_OK;
    }
    /* the new node first (it may fail), then move, then prune the old
     * path (the new node may be an ancestor of the old one) */
    int32_t n = qt_node_for(qt, p, 1);
    if (n < 0)
        return FC_ERR_NO_MEMORY;
    int32_t old = qt_unlink(qt, item);
    qt_link(qt, n, item, box);
    qt_prune(qt, old);
    return FC_OK;
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
        for (int32_t k = qt->nodes[i].depth >= 0 ? qt->nodes[i].head : -1; k >= 0; k = qt->ent[k].next)
            qt->ent[k].node = -1;
    /* every node back to the pool: the root alone */
    qt_node_init(qt, &qt->nodes[0], -1, 0, 0, 0);
    qt->node_count = 1;
    qt->free_top = 0;
    qt->free_nodes = 0;
    qt->count = 0;
}

int fc_qt_contains(const fc_quadtree *qt, uint32_t item, fc_qt_box *box)
{
    if (qt == NULL || !qt_present(qt, item))
        return 0;
    if (box != NULL)
        *box = qt->ent[item].box;
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
    /* the node is made now, from the pool only: the tree's answers do not
     * change (an empty node holds nothing) and fc_qt_probe_reset prunes it
     * again. The probed nodes are then at most the pool's size, so a
     * cleared tree builds them without allocating. */
    return item < qt->ent_cap && box_ok(box) && qt_node_for(qt, qt_target(qt, box), 0) >= 0;
}

void fc_qt_probe_reset(fc_quadtree *qt)
{
    /* deepest first, so a parent is empty of children when it is pruned */
    for (int32_t d = qt->def.max_depth; d > 0; d--)
        for (int32_t i = 1; i < qt->node_count; i++)
            if (qt->nodes[i].depth == d && qt->nodes[i].sub == 0)
                qt_prune(qt, i);
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
    const qt_entry *ent = qt->ent;
    qt_cbox c = qt_clamp(qt, box);
    int32_t stack[QT_STACK];
    int sp = 0;
    stack[sp++] = 0;
    while (sp > 0) {
        const qt_node *n = &qt->nodes[stack[--sp]];
        if (n->sub == 0 || !region_meets(n, &c))
            continue;
        for (int32_t k = n->head; k >= 0; k = ent[k].next)
            if (boxes_meet(ent[k].box, box))
                fn(ctx, (uint32_t)k);
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

/* Pair item i (box b) with every item below node m (children and deeper). */
static void qt_pair_below(const qt_pair_walk *w, int32_t i, fc_qt_box b, const qt_cbox *c, int32_t m)
{
    const qt_node *nodes = w->qt->nodes;
    const qt_entry *ent = w->qt->ent;
    int32_t stack[QT_STACK];
    int sp = 0;
    for (int q = 0; q < 4; q++)
        if (nodes[m].child[q] >= 0)
            stack[sp++] = nodes[m].child[q];
    while (sp > 0) {
        const qt_node *n = &nodes[stack[--sp]];
        if (n->sub == 0 || !region_meets(n, c))
            continue;
        for (int32_t k = n->head; k >= 0; k = ent[k].next)
            if (boxes_meet(ent[k].box, b))
                w->fn(w->ctx, (uint32_t)i, (uint32_t)k);
        for (int q = 0; q < 4; q++)
            if (n->child[q] >= 0)
                stack[sp++] = n->child[q];
    }
}

/* nb: the 3 x 3 same-depth neighbourhood of node ni (nb[4] == ni), index
 * (dv + 1) * 3 + (du + 1), -1 where no node exists. */
static void qt_pair_node(const qt_pair_walk *w, int32_t ni, const int32_t nb[9])
{
    const qt_node *nodes = w->qt->nodes;
    const qt_entry *ent = w->qt->ent;
    const qt_node *n = &nodes[ni];
    if (n->sub == 0)
        return;
    /* the neighbours with something to pair: items (later half) or a
     * non-empty subtree below them */
    int32_t rel[9];
    int rel_items[9], nrel = 0;
    for (int j = 0; j < 9 && n->count > 0; j++) {
        int32_t m = nb[j];
        if (m < 0)
            continue;
        int items = j > 4 && nodes[m].count > 0, below = nodes[m].sub > nodes[m].count;
        if (items || below) {
            rel[nrel] = m;
            rel_items[nrel++] = items;
        }
    }
    for (int32_t i = n->head; i >= 0; i = ent[i].next) {
        const fc_qt_box b = ent[i].box;
        for (int32_t k = ent[i].next; k >= 0; k = ent[k].next)
            if (boxes_meet(ent[k].box, b))
                w->fn(w->ctx, (uint32_t)i, (uint32_t)k);
        if (nrel == 0)
            continue;
        qt_cbox c = qt_clamp(w->qt, b);
        for (int j = 0; j < nrel; j++) {
            const qt_node *m = &nodes[rel[j]];
            if (!region_meets(m, &c))
                continue;
            if (rel_items[j])
                for (int32_t k = m->head; k >= 0; k = ent[k].next)
                    if (boxes_meet(ent[k].box, b))
                        w->fn(w->ctx, (uint32_t)i, (uint32_t)k);
            if (m->sub > m->count)
                qt_pair_below(w, i, b, &c, rel[j]);
        }
    }
    for (int q = 0; q < 4; q++) {
        int32_t ci = n->child[q];
        if (ci < 0 || nodes[ci].sub == 0)
            continue;
        int a = q & 1, b = q >> 1;
        int32_t cnb[9];
        for (int dv = -1; dv <= 1; dv++)
            for (int du = -1; du <= 1; du++) {
                int su = a + du, sv = b + dv; /* -1..2 in the parent's 2 x 2 cell grid */
                int pu = su < 0 ? -1 : su >> 1, pv = sv < 0 ? -1 : sv >> 1;
                int32_t p = nb[(pv + 1) * 3 + (pu + 1)];
                cnb[(dv + 1) * 3 + (du + 1)] = p < 0 ? -1 : nodes[p].child[(su & 1) + 2 * (sv & 1)];
            }
        qt_pair_node(w, ci, cnb);
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
    qt_pair_node(&w, 0, nb);
}

/* ---------------------------------------------------------------- checks */

/* The items of node i: list links, count and each item's placement. */
static int qt_node_items_ok(const fc_quadtree *qt, int32_t i)
{
    const qt_node *n = &qt->nodes[i];
    int32_t seen = 0, prev = -1;
    for (int32_t k = n->head; k >= 0; k = qt->ent[k].next) {
        if ((uint32_t)k >= qt->ent_cap || seen >= n->count)
            return 0;
        const qt_entry *e = &qt->ent[k];
        qt_place p = qt_target(qt, e->box);
        qt_cbox c = qt_clamp(qt, e->box);
        if (!box_ok(e->box) || e->node != i || e->prev != prev || p.depth != n->depth || p.cu != n->cell_u ||
            p.cv != n->cell_v || c.min_u < n->rmin_u || c.max_u > n->rmax_u || c.min_v < n->rmin_v ||
            c.max_v > n->rmax_v)
            return 0;
        prev = k;
        seen++;
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
        /* a node other than the root holds something below it, and its
         * parent links to it */
        if (i > 0) {
            const qt_node *p = n->parent >= 0 && n->parent < qt->node_count ? &qt->nodes[n->parent] : NULL;
            if (n->sub <= 0 || p == NULL || p->depth != n->depth - 1 ||
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
    int32_t located = 0;
    for (uint32_t i = 0; i < qt->ent_cap; i++)
        located += qt->ent[i].node >= 0;
    if (total != qt->count || located != qt->count || qt->nodes[0].sub != qt->count ||
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
