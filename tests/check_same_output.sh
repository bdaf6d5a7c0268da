#!/bin/sh
# SPDX-License-Identifier: MIT
# check_same_output.sh A B [ARG...] - run the programs A and B with the same
# arguments; exit 0 when both succeed and print the same output (e.g. the
# digest of test_cast_filter_digest built with and without the casts'
# filters), 1 otherwise (both outputs shown).
a=$1 b=$2
shift 2
oa=$("$a" "$@") || { echo "$a failed"; exit 1; }
ob=$("$b" "$@") || { echo "$b failed"; exit 1; }
echo "A: $oa"
echo "B: $ob"
[ "$oa" = "$ob" ]
