#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# moba_callgrind.sh NAME F -- COMMAND... - instructions per frame of the
# call-heavy MOBA frame under callgrind: COMMAND is run twice, with its
# frame count (the placeholder @F@ in COMMAND) F and 2F; the difference of
# the two totals over F is the cost of F frames without the start-up
# (interpreter, JIT, world setup). Prints `bench NAME VALUE Ir/frame`.
# Not a test: the bench scripts and docs/frame.md, "The call-heavy MOBA frame" use it.
set -eu
name=$1 f=$2
shift 3
ir() {
  local args=() a
  for a in "$@"; do args+=("${a//@F@/$n}"); done
  valgrind --tool=callgrind --smc-check=all-non-file --callgrind-out-file=/dev/null "${args[@]}" 2>&1 >/dev/null |
    sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' | tail -1
}
n=$f; a=$(ir "$@")
n=$((2 * f)); b=$(ir "$@")
[ -n "$a" ] && [ -n "$b" ] || { echo "moba_callgrind.sh: no instruction count for $name" >&2; exit 1; }
echo "bench $name $(( (b - a) / f )) Ir/frame"
