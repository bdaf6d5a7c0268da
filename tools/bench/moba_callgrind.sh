#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# moba_callgrind.sh NAME F -- COMMAND... - instructions per frame of the
# call-heavy MOBA frame under callgrind (docs/frame.md, "The call-heavy
# MOBA frame"): COMMAND is run twice, with its frame count (the
# placeholder @F@ in COMMAND) F and 2F; the difference of the two main
# thread totals over F is the cost of F frames without the start-up
# (interpreter, JIT warm-up, world setup) and without the VM's helper
# threads (node's and mono's background compiler and GC threads).
# Prints `bench NAME VALUE Ir/frame`. Not a test.
set -eu
name=$1 f=$2
shift 3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ir() {
  local args=() a
  for a in "$@"; do args+=("${a//@F@/$n}"); done
  rm -f "$tmp"/cg.*
  valgrind --tool=callgrind --smc-check=all-non-file --separate-threads=yes \
    --callgrind-out-file="$tmp/cg.%p" "${args[@]}" >/dev/null 2>&1
  # the main thread's file (thread 1) of the first process
  local main
  main=$(ls "$tmp"/cg.*-01 2>/dev/null | head -1)
  sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$main" | head -1
}
n=$f; a=$(ir "$@")
n=$((2 * f)); b=$(ir "$@")
[ -n "$a" ] && [ -n "$b" ] || { echo "moba_callgrind.sh: no instruction count for $name" >&2; exit 1; }
echo "bench $name $(( (b - a) / f )) Ir/frame"
