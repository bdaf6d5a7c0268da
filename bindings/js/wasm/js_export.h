/* SPDX-License-Identifier: MIT */
/* FCJS_EXPORT: the mark on every function of the wasm module's glue (the
 * only symbols JavaScript sees besides the fc_* calls exported by name in
 * bindings/js/scripts/build-wasm.sh). Words cross as int32; pointers are
 * wasm32 addresses. */
#ifndef FCJS_EXPORT_H
#define FCJS_EXPORT_H

#define FCJS_EXPORT(name) __attribute__((export_name(#name)))

#endif
