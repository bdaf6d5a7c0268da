#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# build-wasm.sh ROOT OUT_DIR - compile libfixcol (every src/*/*.c, as it is)
# and the JavaScript glue (bindings/js/wasm/*.c) with clang's wasm32-wasi
# target into OUT_DIR/fixcol.wasm (a WASI reactor that imports nothing), then
# stage the npm package in OUT_DIR/package: lib/, types, package.json, the
# wasm. Deterministic: the same sources give the same bytes in any source or
# build folder (fixed flags, no debug info, -ffile-prefix-map makes the only
# embedded paths, assert's __FILE__, read ./src/...); the test
# tests/wasm_reproducible.mjs rebuilds it elsewhere and compares with the
# wasm in the npm tarball.
set -eu
ROOT=$(cd "$1" && pwd)
OUT=$2
PKG_SRC="$ROOT/bindings/js"
CC=${FCJS_CC:-clang}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
fixmath_inc=${FCJS_FIXMATH_INCLUDE:-/usr/include/libfixmath}
[ -f "$fixmath_inc/fixmath.h" ] || { echo "build-wasm: $fixmath_inc/fixmath.h missing (apt-get install libfixmath-dev)" >&2; exit 1; }
# -O3: the determinism matrix proves -O0..-O3 agree and the replay tests
# prove this build; -ffast-math is neither needed nor harmful (the geometry
# is integer-only). The engine's branchless boolean ORs are deliberate, so
# that one warning is off.
"$CC" --target=wasm32-wasi -O3 -std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes -Wno-bitwise-instead-of-logical -mexec-model=reactor \
  -ffile-prefix-map="$ROOT"=. \
  -I"$ROOT/include" -I"$ROOT/src" -I"$fixmath_inc" \
  "$ROOT"/src/*/*.c "$PKG_SRC"/wasm/*.c \
  -Wl,--strip-debug -Wl,-z,stack-size=1048576 \
  -o "$OUT/fixcol.wasm.tmp"
mv "$OUT/fixcol.wasm.tmp" "$OUT/fixcol.wasm"

# The package: sources as they are, plus the wasm.
P="$OUT/package"
rm -rf "$P"
mkdir -p "$P/lib" "$P/examples"
cp "$PKG_SRC"/package.json "$PKG_SRC"/README.md "$ROOT/LICENSE" "$P"/
cp "$PKG_SRC"/lib/*.js "$PKG_SRC"/lib/*.d.ts "$P/lib"/
cp "$PKG_SRC"/examples/*.mjs "$P/examples"/
cp "$OUT/fixcol.wasm" "$P/lib/fixcol.wasm"
