/* SPDX-License-Identifier: MIT */
/* The sort-and-sweep's scratch (qt_sweep in quadtree_layout.h), sized with
 * the tree's location table by quadtree.c so that pair passes never
 * allocate; none for a tree of item capacity above QT_SWEEP_MAX_ITEMS. */
#include "quadtree_internal.h"
#include "quadtree_layout.h"

#include "core/fc_alloc.h"
#include "core/nofloat.h"

static void sweep_release(const fc_allocator *a, qt_sweep *s)
{
    fc_free_bytes(a, s->key, sizeof(qt_sweep_slot) * s->cap);
    fc_free_bytes(a, s->tmp, sizeof(qt_sweep_slot) * (s->cap + 1u));
    fc_free_bytes(a, s->item, sizeof(qt_sweep_item) * s->cap);
    s->key = s->tmp = NULL;
    s->item = NULL;
    s->cap = s->order_n = s->rest = 0;
}

void fc_qt_sweep_free(fc_quadtree *qt)
{
    sweep_release(&qt->a, &qt->sweep);
}

int fc_qt_sweep_fit(fc_quadtree *qt, uint32_t cap)
{
    if (cap > QT_SWEEP_MAX_ITEMS) {
        sweep_release(&qt->a, &qt->sweep);
        return 1;
    }
    if (cap == qt->sweep.cap)
        return 1;
    qt_sweep s;
    s.cap = cap;
    s.order_n = s.rest = 0;
    s.key = (qt_sweep_slot *)fc_alloc_bytes(&qt->a, sizeof(qt_sweep_slot) * s.cap);
    s.tmp = (qt_sweep_slot *)fc_alloc_bytes(&qt->a, sizeof(qt_sweep_slot) * (s.cap + 1u)); /* + a sentinel */
    s.item = (qt_sweep_item *)fc_alloc_bytes(&qt->a, sizeof(qt_sweep_item) * s.cap);
    if (s.key == NULL || s.tmp == NULL || s.item == NULL) {
        sweep_release(&qt->a, &s);
        return 0;
    }
    sweep_release(&qt->a, &qt->sweep);
    qt->sweep = s;
    return 1;
}
