#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# check_example.sh LUA EXAMPLE.lua C-EXAMPLE [--break]: the Lua server loop
# must print exactly what the C README example prints (every frame's pair
# count, skill-area hits and checksum). --break (should-fail twin) alters
# one digit of the Lua output first: the comparison must then fail.
set -u
lua=$1 example=$2 c_example=$3 brk=${4:-}
ol=$("$lua" "$example") || { echo "FAIL: $lua $example failed"; exit 1; }
oc=$("$c_example") || { echo "FAIL: $c_example failed"; exit 1; }
if [ "$brk" = --break ]; then ol=$(printf '%s\n' "$ol" | sed '$ s/.$/x/'); fi
if [ "$ol" != "$oc" ]; then
  echo "FAIL: outputs differ"; diff <(printf '%s\n' "$oc") <(printf '%s\n' "$ol"); exit 1
fi
printf '%s\n' "$ol" | tail -n 1
echo "same output as $c_example ($(printf '%s\n' "$ol" | wc -l) lines)"
