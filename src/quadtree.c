/* SPDX-License-Identifier: MIT */
/* Integer quadtree broadphase (see fixcol/quadtree.h for the layouts).
 *
 * Nodes live in one pool and refer to each other by index. Each node keeps
 * its items' boxes contiguously, its region (the closed box every item box
 * of the node - clamped to the square - lies in) and the number of items in
 * its subtree, so empty subtrees are skipped.
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
 * the earlier node (or earlier slot).
 */
#include <fixcol/quadtree.h>

#include <stdlib.h>
#include <string.h>

#include "fc_alloc.h"
#include "nofloat.h"
#include "quadtree_internal.h"

typedef struct qt_entry {
    fc_qt_box box;
    uint32_t item;
} qt_entry;

typedef struct qt_node {
    int64_t rmin_u, rmin_v, rmax_u, rmax_v; /* region, closed */
    int64_t cell_u, cell_v;                 /* cell coordinates at this depth */
    int32_t child[4];                       /* quadrant u_bit + 2 * v_bit; -1 none */
    int32_t parent;
    int32_t depth;
    int32_t count, cap;
    int32_t sub;  /* items in this subtree */
    int32_t want; /* items probed into this node (fc_qt_probe), else 0 */
    qt_entry *items;
} qt_node;

typedef struct qt_loc {
    int32_t node; /* -1: absent */
    int32_t slot;
} qt_loc;

struct fc_quadtree {
    fc_qt_def def;
    fc_allocator a;
    int64_t o_u, o_v, side; /* origin and side 2^size_log2 */
    qt_node *nodes;
    int32_t node_count, node_cap;
    qt_loc *loc;
    uint32_t loc_cap;
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
}

/* ---------------------------------------------------------------- create */

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
    qt->loc = (qt_loc *)fc_alloc_bytes(&a, sizeof(qt_loc) * lc);
    qt->loc_cap = lc; /* before any fc_qt_destroy: it frees loc with this size */
    if (qt->nodes == NULL || qt->loc == NULL) {
        fc_qt_destroy(qt);
        return FC_ERR_NO_MEMORY;
    }
    for (uint32_t i = 0; i < lc; i++)
        qt->loc[i].node = -1;
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
    if (qt->nodes != NULL) {
        for (int32_t i = 0; i < qt->node_count; i++)
            if (qt->nodes[i].items != NULL)
                fc_free_bytes(&a, qt->nodes[i].items, sizeof(qt_entry) * (size_t)qt->nodes[i].cap);
        fc_free_bytes(&a, qt->nodes, sizeof(qt_node) * (size_t)qt->node_cap);
    }
    if (qt->loc != NULL)
        fc_free_bytes(&a, qt->loc, sizeof(qt_loc) * qt->loc_cap);
    fc_free_bytes(&a, qt, sizeof *qt);
}

/* ---------------------------------------------------------------- storage */

static int qt_grow_loc(fc_quadtree *qt, uint32_t need)
{
    if (need <= qt->loc_cap)
        return 1;
    uint32_t cap = qt->loc_cap;
    while (cap < need)
        cap = cap > FC_QT_MAX_ITEMS / 2 ? FC_QT_MAX_ITEMS : cap * 2;
    qt_loc *l = (qt_loc *)fc_alloc_bytes(&qt->a, sizeof(qt_loc) * cap);
    if (l == NULL)
        return 0;
    memcpy(l, qt->loc, sizeof(qt_loc) * qt->loc_cap);
    for (uint32_t i = qt->loc_cap; i < cap; i++)
        l[i].node = -1;
    fc_free_bytes(&qt->a, qt->loc, sizeof(qt_loc) * qt->loc_cap);
    qt->loc = l;
    qt->loc_cap = cap;
    return 1;
}

/* Find or create the node for p; -1 when out of memory. */
static int32_t qt_node_for(fc_quadtree *qt, qt_place p)
{
    int32_t n = 0;
    for (int32_t d = 1; d <= p.depth; d++) {
        int sh = p.depth - d;
        int q = (int)((p.cu >> sh) & 1) + 2 * (int)((p.cv >> sh) & 1);
        int32_t c = qt->nodes[n].child[q];
        if (c < 0) {
            if (qt->node_count == qt->node_cap) {
                int32_t cap = qt->node_cap * 2;
                qt_node *nn = (qt_node *)fc_alloc_bytes(&qt->a, sizeof(qt_node) * (size_t)cap);
                if (nn == NULL)
                    return -1;
                memcpy(nn, qt->nodes, sizeof(qt_node) * (size_t)qt->node_count);
                fc_free_bytes(&qt->a, qt->nodes, sizeof(qt_node) * (size_t)qt->node_cap);
                qt->nodes = nn;
                qt->node_cap = cap;
            }
            c = qt->node_count++;
            qt_node_init(qt, &qt->nodes[c], n, d, p.cu >> sh, p.cv >> sh);
            qt->nodes[n].child[q] = c;
        }
        n = c;
    }
    return n;
}

static int qt_reserve_slot(fc_quadtree *qt, qt_node *n)
{
    if (n->count < n->cap)
        return 1;
    int32_t cap = n->cap == 0 ? 4 : n->cap * 2;
    qt_entry *e = (qt_entry *)fc_alloc_bytes(&qt->a, sizeof(qt_entry) * (size_t)cap);
    if (e == NULL)
        return 0;
    if (n->items != NULL) {
        memcpy(e, n->items, sizeof(qt_entry) * (size_t)n->count);
        fc_free_bytes(&qt->a, n->items, sizeof(qt_entry) * (size_t)n->cap);
    }
    n->items = e;
    n->cap = cap;
    return 1;
}

static void qt_add_sub(fc_quadtree *qt, int32_t n, int32_t delta)
{
    for (; n >= 0; n = qt->nodes[n].parent)
        qt->nodes[n].sub += delta;
}

static void qt_append(fc_quadtree *qt, int32_t ni, uint32_t item, fc_qt_box box)
{
    qt_node *n = &qt->nodes[ni];
    n->items[n->count].box = box;
    n->items[n->count].item = item;
    qt->loc[item].node = ni;
    qt->loc[item].slot = n->count;
    n->count++;
    qt_add_sub(qt, ni, 1);
}

static void qt_unlink(fc_quadtree *qt, uint32_t item)
{
    qt_loc l = qt->loc[item];
    qt_node *n = &qt->nodes[l.node];
    int32_t last = n->count - 1;
    if (l.slot != last) {
        n->items[l.slot] = n->items[last];
        qt->loc[n->items[l.slot].item].slot = l.slot;
    }
    n->count = last;
    qt->loc[item].node = -1;
    qt_add_sub(qt, l.node, -1);
}

static int box_ok(fc_qt_box b)
{
    return b.min_u <= b.max_u && b.min_v <= b.max_v;
}

static int qt_present(const fc_quadtree *qt, uint32_t item)
{
    return item < qt->loc_cap && qt->loc[item].node >= 0;
}

/* Make sure item can be placed at p (node exists, slot free): -1 on OOM. */
static int32_t qt_prepare(fc_quadtree *qt, qt_place p)
{
    int32_t n = qt_node_for(qt, p);
    if (n < 0 || !qt_reserve_slot(qt, &qt->nodes[n]))
        return -1;
    return n;
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
    qt_append(qt, n, item, box);
    qt->count++;
    return FC_OK;
}

fc_status fc_qt_update(fc_quadtree *qt, uint32_t item, fc_qt_box box)
{
    if (qt == NULL)
        return FC_ERR_NULL;
    if (!qt_present(qt, item) || !box_ok(box))
        return FC_ERR_ARGUMENT;
    qt_loc l = qt->loc[item];
    qt_node *cur = &qt->nodes[l.node];
    qt_place p = qt_target(qt, box);
    if (p.depth == cur->depth && p.cu == cur->cell_u && p.cv == cur->cell_v) {
        cur->items[l.slot].box = box; /* in place */
        return FC_OK;
    }
    int32_t n = qt_prepare(qt, p);
    if (n < 0)
        return FC_ERR_NO_MEMORY;
    qt_unlink(qt, item);
    qt_append(qt, n, item, box);
    return FC_OK;
}

fc_status fc_qt_remove(fc_quadtree *qt, uint32_t item)
{
    if (qt == NULL)
        return FC_ERR_NULL;
    if (!qt_present(qt, item))
        return FC_ERR_ARGUMENT;
    qt_unlink(qt, item);
    qt->count--;
    return FC_OK;
}

void fc_qt_clear(fc_quadtree *qt)
{
    if (qt == NULL)
        return;
    for (int32_t i = 0; i < qt->node_count; i++) {
        qt_node *n = &qt->nodes[i];
        for (int32_t k = 0; k < n->count; k++)
            qt->loc[n->items[k].item].node = -1;
        n->count = 0;
        n->sub = 0;
    }
    qt->count = 0;
}

int fc_qt_contains(const fc_quadtree *qt, uint32_t item, fc_qt_box *box)
{
    if (qt == NULL || !qt_present(qt, item))
        return 0;
    if (box != NULL)
        *box = qt->nodes[qt->loc[item].node].items[qt->loc[item].slot].box;
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
    if (item >= qt->loc_cap || !box_ok(box))
        return 0;
    qt_place p = qt_target(qt, box);
    int32_t n = 0;
    for (int32_t d = 1; d <= p.depth && n >= 0; d++) {
        int sh = p.depth - d;
        n = qt->nodes[n].child[(int)((p.cu >> sh) & 1) + 2 * (int)((p.cv >> sh) & 1)];
    }
    if (n < 0)
        return 0;
    qt_node *node = &qt->nodes[n];
    if (node->want >= node->cap)
        return 0;
    node->want++;
    return 1;
}

void fc_qt_probe_reset(fc_quadtree *qt)
{
    for (int32_t i = 0; i < qt->node_count; i++)
        qt->nodes[i].want = 0;
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
    qt_cbox c = qt_clamp(qt, box);
    int32_t stack[QT_STACK];
    int sp = 0;
    stack[sp++] = 0;
    while (sp > 0) {
        const qt_node *n = &qt->nodes[stack[--sp]];
        if (n->sub == 0 || !region_meets(n, &c))
            continue;
        for (int32_t k = 0; k < n->count; k++)
            if (boxes_meet(n->items[k].box, box))
                fn(ctx, n->items[k].item);
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
        for (int32_t k = 0; k < n->count; k++)
            if (boxes_meet(n->items[k].box, e->box))
                w->fn(w->ctx, e->item, n->items[k].item);
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
    for (int32_t i = 0; i < n->count; i++) {
        const qt_entry *e = &n->items[i];
        for (int32_t k = i + 1; k < n->count; k++)
            if (boxes_meet(n->items[k].box, e->box))
                w->fn(w->ctx, e->item, n->items[k].item);
        if (nrel == 0)
            continue;
        qt_cbox c = qt_clamp(w->qt, e->box);
        for (int j = 0; j < nrel; j++) {
            const qt_node *m = &nodes[rel[j]];
            if (!region_meets(m, &c))
                continue;
            if (rel_items[j])
                for (int32_t k = 0; k < m->count; k++)
                    if (boxes_meet(m->items[k].box, e->box))
                        w->fn(w->ctx, e->item, m->items[k].item);
            if (m->sub > m->count)
                qt_pair_below(w, e, &c, rel[j]);
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

fc_status fc_qt_validate(const fc_quadtree *qt)
{
    if (qt == NULL)
        return FC_ERR_NULL;
    int32_t total = 0;
    for (int32_t i = 0; i < qt->node_count; i++) {
        const qt_node *n = &qt->nodes[i];
        int32_t sub = n->count;
        if (n->count < 0 || n->count > n->cap)
            return FC_ERR_FORMAT;
        for (int q = 0; q < 4; q++) {
            int32_t c = n->child[q];
            if (c < 0)
                continue;
            if (c <= i || c >= qt->node_count || qt->nodes[c].parent != i || qt->nodes[c].depth != n->depth + 1 ||
                qt->nodes[c].cell_u != 2 * n->cell_u + (q & 1) || qt->nodes[c].cell_v != 2 * n->cell_v + (q >> 1))
                return FC_ERR_FORMAT;
            sub += qt->nodes[c].sub;
        }
        if (sub != n->sub)
            return FC_ERR_FORMAT;
        for (int32_t k = 0; k < n->count; k++) {
            const qt_entry *e = &n->items[k];
            if (!box_ok(e->box) || e->item >= qt->loc_cap || qt->loc[e->item].node != i ||
                qt->loc[e->item].slot != k)
                return FC_ERR_FORMAT;
            qt_place p = qt_target(qt, e->box);
            qt_cbox c = qt_clamp(qt, e->box);
            if (p.depth != n->depth || p.cu != n->cell_u || p.cv != n->cell_v || c.min_u < n->rmin_u ||
                c.max_u > n->rmax_u || c.min_v < n->rmin_v || c.max_v > n->rmax_v)
                return FC_ERR_FORMAT;
        }
        total += n->count;
    }
    int32_t located = 0;
    for (uint32_t i = 0; i < qt->loc_cap; i++)
        located += qt->loc[i].node >= 0;
    if (total != qt->count || located != qt->count || qt->nodes[0].sub != qt->count)
        return FC_ERR_FORMAT;
    return FC_OK;
}

fc_qt_stats fc_qt_get_stats(const fc_quadtree *qt)
{
    fc_qt_stats s;
    memset(&s, 0, sizeof s);
    if (qt == NULL)
        return s;
    s.nodes = qt->node_count;
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
