#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# check_same_output.sh PATTERN EXE1 EXE2 ARGS...: run both executables with
# ARGS and fail unless both succeed and print the same lines matching PATTERN
# (e.g. the contact digest of the native and the two-limb 128-bit builds).
set -u
pattern=$1 a=$2 b=$3; shift 3
oa=$("$a" "$@") || { echo "FAIL: $a failed"; exit 1; }
ob=$("$b" "$@") || { echo "FAIL: $b failed"; exit 1; }
la=$(printf '%s\n' "$oa" | grep -- "$pattern")
lb=$(printf '%s\n' "$ob" | grep -- "$pattern")
echo "$a: $la"
echo "$b: $lb"
[ -n "$la" ] && [ "$la" = "$lb" ]
