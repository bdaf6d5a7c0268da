#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# check_digest.sh [--break] MONO CHECK_EXE C_TOOL REPLAY...: the C# replay
# runner must pass every replay and print the digest `C_TOOL verify` prints
# (its last line). --break alters the reference digest by one hex digit, so
# the comparison itself is shown to fail.
set -u
brk=0
if [ "${1:-}" = --break ]; then brk=1; shift; fi
mono=$1 exe=$2 tool=$3; shift 3
ref=$("$tool" verify "$@" | tail -n 1) || { echo "FAIL: $tool verify failed"; exit 1; }
case "$ref" in
  "digest "*) ref=${ref#digest } ;;
  *) echo "FAIL: unexpected last line from $tool: $ref"; exit 1 ;;
esac
if [ $brk = 1 ]; then
  last=${ref: -1}
  [ "$last" = 0 ] && last=1 || last=0
  ref=${ref%?}$last
fi
echo "C tool digest: $ref"
"$mono" "$exe" --expect-digest "$ref" "$@"
