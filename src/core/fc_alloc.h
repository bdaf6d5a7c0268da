/* SPDX-License-Identifier: MIT */
/* Private: allocation through the fc_allocator hooks (fixcol/alloc.h). */
#ifndef FIXCOL_SRC_FC_ALLOC_H
#define FIXCOL_SRC_FC_ALLOC_H

#include <stddef.h>

#include <fixcol/alloc.h>

/* a with NULL hooks replaced by malloc/free. */
fc_allocator fc_alloc_resolve(fc_allocator a);
/* size bytes (size > 0) or NULL. */
void *fc_alloc_bytes(const fc_allocator *a, size_t size);
/* Release p (NULL ignored) allocated with size bytes. */
void fc_free_bytes(const fc_allocator *a, void *p, size_t size);

#endif
