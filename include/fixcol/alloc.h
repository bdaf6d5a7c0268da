/* SPDX-License-Identifier: MIT */
/* fixcol/alloc.h - optional allocator hooks for the stateful tier (world,
 * quadtree).
 *
 * Every allocation a world or quadtree makes goes through one fc_allocator,
 * given in its def. Leave both function pointers NULL to use malloc/free.
 * Buffers only ever grow (doubling) and keep their capacity, so once a world
 * has reached its working size a frame of moves, pair finding and queries
 * allocates nothing (tests count the calls through these hooks).
 */
#ifndef FIXCOL_ALLOC_H
#define FIXCOL_ALLOC_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fc_allocator {
    /* Return size bytes aligned for any fixcol type (8 bytes suffice), or
     * NULL on failure (the call then fails with FC_ERR_NO_MEMORY and
     * changes nothing). size is never 0. */
    void *(*alloc)(void *ctx, size_t size);
    /* Release a block from alloc; size is the size it was allocated with.
     * Never called with NULL. */
    void (*free)(void *ctx, void *ptr, size_t size);
    /* Passed unchanged to both hooks. */
    void *ctx;
} fc_allocator;

#ifdef __cplusplus
}
#endif

#endif
