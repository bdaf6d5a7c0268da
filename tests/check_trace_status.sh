#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# check_trace_status.sh TOOL STATUS_TEST WORKDIR [--break]
# `fixcol-replay trace` prints the real status of every operation (issue 27,
# 6): STATUS_TEST (tests/test_replay_status) writes its probe replay (frame
# 1: one create, then an invalid query of each of the 13 query kinds:
# overlap, point, ray, ray_all, range, sector, ring, cast, cast_all, format
# 4 pushout and body_hash, format 5 mover and mover_shape); trace
# of frame 1 must print "ok" for the create only and an error for each of
# the 13 queries (the status column is fc_status_str). --break also demands
# an error for the create (must fail).
set -eu
tool=$1 probe_bin=$2 work=$3 brk=${4:-}
mkdir -p "$work"
probe="$work/trace-probe.fcr"
"$probe_bin" --probe-out "$probe" >/dev/null
out=$("$tool" trace "$probe" 1)
echo "$out"
fail=0
# operation lines: "   I STATUS... | op"; the status is the text between the index and " hits"/" |"
while IFS= read -r line; do
  case "$line" in "#"*) continue ;; esac
  idx=$(echo "$line" | awk '{print $1}')
  status=$(echo "$line" | sed -E 's/^ *[0-9]+ (.*) \| .*$/\1/; s/ +hits [0-9]+ [0-9a-f]+$//; s/ +$//')
  if [ "$idx" = 0 ] && [ -z "$brk" ]; then
    [ "$status" = "ok" ] || { echo "FAIL: the create printed '$status', want ok"; fail=1; }
  elif [ "$status" = "ok" ]; then
    echo "FAIL: operation $idx printed ok although it was rejected: $line"; fail=1
  fi
done <<< "$out"
n=$(echo "$out" | grep -c -E '^ *[0-9]+ ' || true)
[ "$n" = 14 ] || { echo "FAIL: $n operation lines, want 14"; fail=1; }
[ $fail = 0 ] && echo "ok: trace prints the status of every rejected query"
exit $fail
