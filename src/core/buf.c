/* SPDX-License-Identifier: MIT */
/* Growable arrays for the world's outputs and scratch space: they double
 * and never shrink, so steady-state frames allocate nothing. */
#include "buf.h"

#include <string.h>

#include "fc_alloc.h"
#include "nofloat.h"

int fc_buf_reserve(const fc_allocator *a, fc_buf *b, size_t n)
{
    return fc_buf_reserve_keep(a, b, n, b->count * b->elem);
}

int fc_buf_reserve_keep(const fc_allocator *a, fc_buf *b, size_t n, size_t keep)
{
    if (n <= b->cap)
        return 1;
    size_t cap = b->cap < 16 ? 16 : b->cap;
    while (cap < n)
        cap *= 2;
    void *d = fc_alloc_bytes(a, cap * b->elem);
    if (d == NULL)
        return 0;
    if (b->data != NULL) {
        memcpy(d, b->data, keep);
        fc_free_bytes(a, b->data, b->cap * b->elem);
    }
    b->data = d;
    b->cap = cap;
    return 1;
}

void fc_buf_free(const fc_allocator *a, fc_buf *b)
{
    fc_free_bytes(a, b->data, b->cap * b->elem);
    b->data = NULL;
    b->count = b->cap = 0;
}
