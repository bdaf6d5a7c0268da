#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The committed table is exactly what the generator produces.
set -eu
python3=$1 gen=$2 committed=$3
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
"$python3" "$gen" "$tmp"
if cmp -s "$tmp" "$committed"; then
  echo "ok: $committed matches $gen"
else
  echo "FAIL: $committed differs from the output of $gen"; diff "$tmp" "$committed" | head; exit 1
fi
