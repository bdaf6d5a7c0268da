#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# check_float_free.sh OBJDUMP FILE...  - fail if any object/archive holds a
# floating-point instruction (x87, SSE/AVX scalar or packed float arithmetic,
# any conversion to or from floating point). Integer SIMD (moves, pxor,
# paddq, ...) is allowed. Only x86 code is scanned; other architectures are
# reported as skipped (exit 77).
set -u
objdump=$1; shift
re='\b(v?(add|sub|mul|div|sqrt|max|min|cmp[a-z]*|comi|ucomi|rcp|rsqrt|round|h(add|sub)|dp|fn?m(add|sub)[0-9]*)(ss|sd|ps|pd|sh)|v?cvt[a-z0-9]*|v?(and|andn|or|xor)p[sd]x?|v?(un)?pck[lh]p[sd]|v?movmskp[sd]|v?blendv?p[sd]|f(ld[a-z0-9]*|st[a-z]*|i?(add|sub|subr|mul|div|divr)[a-z]*|ild[a-z]*|istp?[a-z]*|u?comi?p?p?|sqrt|sin|cos|abs|chs|xch|prem1?|scale|rndint|xtract|2xm1|yl2x(p1)?|patan|ptan))\b'
status=0
for f in "$@"; do
  fmt=$("$objdump" -f "$f" 2>/dev/null | grep -m1 -o 'file format [^ ]*' | awk '{print $3}')
  case "$fmt" in
    *x86-64*|*i386*) ;;
    *) echo "SKIP: $f is $fmt, only x86 is scanned"; exit 77 ;;
  esac
  hits=$("$objdump" -d --no-show-raw-insn "$f" | awk -F'\t' 'NF>=2{print $2}' | grep -E "$re" || true)
  if [ -n "$hits" ]; then
    n=$(printf '%s\n' "$hits" | wc -l)
    echo "FAIL: $f holds $n floating-point instructions, e.g.:"
    printf '%s\n' "$hits" | sort | uniq -c | sort -rn | head -n 10
    status=1
  else
    echo "ok: $f holds no floating-point instruction"
  fi
done
exit $status
