#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# README's example is the code between the EXAMPLE markers of
# tests/example_server_loop.c (which a test compiles and runs), indentation
# removed: fail when the two drift apart.
set -eu
readme=$1 example=$2
want=$(sed -n '/EXAMPLE BEGIN/,/EXAMPLE END/p' "$example" | sed '1d;$d' | sed 's/^    //')
got=$(awk '/^## Example/{s=1;next} s&&/^```c/{c=1;next} c&&/^```/{exit} c{print}' "$readme")
if [ "$want" = "$got" ]; then
  echo "ok: README example matches $example"
else
  echo "FAIL: README's example differs from $example:"; diff <(echo "$want") <(echo "$got") || true; exit 1
fi
