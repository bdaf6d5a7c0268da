/* SPDX-License-Identifier: MIT */
/* Memory for the JavaScript side: its io word areas, replay file copies
 * and snapshot blobs live in the module's heap. */
#include <stdint.h>
#include <stdlib.h>

#include "js_export.h"
#include "core/nofloat.h"

/* Scratch memory for the JavaScript side (its io areas and file copies). */
FCJS_EXPORT(fcjs_malloc) void *fcjs_malloc(uint32_t size) { return malloc(size ? size : 1); }
FCJS_EXPORT(fcjs_free) void fcjs_free(void *p) { free(p); }
