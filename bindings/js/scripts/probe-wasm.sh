#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# probe-wasm.sh CC - exit 0 when CC can build a wasm32-wasi reactor (clang,
# wasm-ld, wasi-libc, compiler-rt builtins for 128-bit arithmetic).
set -eu
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
printf '#include <stdlib.h>\n__int128 m(__int128 a, __int128 b) { return a * b / 3; }\nvoid *p(unsigned n) { return malloc(n); }\n' >"$d/p.c"
"$1" --target=wasm32-wasi -O2 -mexec-model=reactor "$d/p.c" -Wl,--export=m -Wl,--export=p -o "$d/p.wasm" 2>"$d/log" ||
  { cat "$d/log" >&2; exit 1; }
