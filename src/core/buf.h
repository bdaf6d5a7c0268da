/* SPDX-License-Identifier: MIT */
/* Growable arrays (core/buf.c) for the world's outputs and scratch. */
#ifndef FIXCOL_BUF_H
#define FIXCOL_BUF_H

#include <stddef.h>

#include <fixcol/alloc.h>

/* A growable array of fixed-size elements; grows by doubling, never shrinks. */
typedef struct fc_buf {
    void *data;
    size_t count, cap, elem;
} fc_buf;

/* fc_buf helpers: 1 on success, 0 when out of memory (buffer unchanged). */
int fc_buf_reserve(const fc_allocator *a, fc_buf *b, size_t n);
/* The same, keeping the first keep bytes of the storage (<= b->cap * b->elem)
 * instead of the count's elements: for storage used as raw bytes. */
int fc_buf_reserve_keep(const fc_allocator *a, fc_buf *b, size_t n, size_t keep);
void fc_buf_free(const fc_allocator *a, fc_buf *b);

#endif
