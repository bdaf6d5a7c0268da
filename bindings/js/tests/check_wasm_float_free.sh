#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# check_wasm_float_free.sh OBJDUMP WASM [ALLOWED...] - fail if any function
# of the wasm module other than the ALLOWED ones (wasi-libc's number
# formatting, linked in by snprintf for replay text) holds an f32/f64
# instruction. `select` is untyped (llvm-objdump shows it as f32.select) and
# is not a float operation.
set -u
objdump=$1 wasm=$2
shift 2
allowed=" $* "
dis=$("$objdump" -d "$wasm") || { echo "FAIL: $objdump cannot read $wasm"; exit 1; }
hits=$(awk '/^[0-9a-f]+ <.*>:$/ { fn = substr($2, 2, length($2) - 3) }
  /\t(f32|f64)\./ && !/select/ { print fn }' <<<"$dis" | sort | uniq -c)
bad=0
while read -r n fn; do
  [ -z "$fn" ] && continue
  case "$allowed" in
    *" $fn "*) echo "allowed: $fn ($n float instructions, wasi-libc)" ;;
    *) echo "FAIL: $fn holds $n floating-point instructions"; bad=1 ;;
  esac
done <<<"$hits"
[ $bad = 0 ] && echo "ok: no engine or glue function of $wasm uses floating point"
exit $bad
