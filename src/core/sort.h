/* SPDX-License-Identifier: MIT */
/* Radix sort of distinct integer keys (core/sort.c). */
#ifndef FIXCOL_SORT_H
#define FIXCOL_SORT_H

#include <stddef.h>
#include <stdint.h>

/* Sort n keys ascending (distinct keys; tmp has room for n). */
void fc_sort_u64(uint64_t *keys, uint64_t *tmp, size_t n);

#endif
