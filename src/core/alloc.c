/* SPDX-License-Identifier: MIT */
/* The default allocator (malloc/free) behind fc_allocator hooks left NULL. */
#include "fc_alloc.h"

#include <stdlib.h>

#include "nofloat.h"

static void *fc_default_alloc(void *ctx, size_t size)
{
    (void)ctx;
    return malloc(size);
}

static void fc_default_free(void *ctx, void *p, size_t size)
{
    (void)ctx;
    (void)size;
    free(p);
}

fc_allocator fc_alloc_resolve(fc_allocator a)
{
    if (a.alloc == NULL || a.free == NULL) {
        a.alloc = fc_default_alloc;
        a.free = fc_default_free;
        a.ctx = NULL;
    }
    return a;
}

void *fc_alloc_bytes(const fc_allocator *a, size_t size)
{
    return size == 0 ? NULL : a->alloc(a->ctx, size);
}

void fc_free_bytes(const fc_allocator *a, void *p, size_t size)
{
    if (p != NULL)
        a->free(a->ctx, p, size);
}
