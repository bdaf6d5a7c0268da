#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make-samples.sh FIXCOL_REPLAY - (re)write the viewer's sample replays:
#   desync-a.fcr   a short MOBA recording (60 bodies, 120 frames)
#   desync-b.fcr   the same game where one input of frame 40 differs (the
#                  first move of that frame goes 1/65536 unit further in x),
#                  recorded with its own results: two runs that part at frame 40
#   desync-c.fcr   desync-a's operations with frame 40's recorded world state
#                  and checksum changed: a recording "from another machine" that disagrees
#   corrupt.fcr    desync-a cut short (the reader must report where)
set -eu
tool=$1
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$tool" record --scenario moba --seed 14 --bodies 60 --frames 120 -o desync-a.fcr
"$tool" dump desync-a.fcr >"$tmp/a.txt"
# the first move of frame 40: add 1 raw unit to its x delta
python3 - "$tmp/a.txt" "$tmp/b.txt" "$tmp/c.txt" <<'PY'
import sys
from fractions import Fraction
lines = open(sys.argv[1]).read().split('\n')
start = lines.index(next(l for l in lines if l.startswith('frame 40 ')))
b, c = list(lines), list(lines)
for i in range(start + 1, len(lines)):
    t = lines[i].split()
    if t[0] == 'move':
        x = Fraction(t[4]) + Fraction(1, 65536)
        # exact decimal of a multiple of 1/65536
        neg, x = x < 0, abs(x)
        whole, frac = divmod(x.numerator * 10**16 // x.denominator, 10**16)
        s = ('-' if neg else '') + str(whole) + ('.' + str(frac).rjust(16, '0').rstrip('0') if frac else '')
        t[4] = s
        b[i] = ' '.join(t)
        break
for i in range(start + 1, len(lines)):
    t = lines[i].split()
    if t[0] == 'expect':
        for k in (1, t.index('state') + 1):  # the frame checksum and the world state
            t[k] = '0x%016x' % (int(t[k], 16) ^ 1)
        c[i] = ' '.join(t)
        break
open(sys.argv[2], 'w').write('\n'.join(b))
open(sys.argv[3], 'w').write('\n'.join(c))
PY
"$tool" rerecord "$tmp/b.txt" -o desync-b.fcr
"$tool" convert "$tmp/c.txt" -o desync-c.fcr
head -c $(( $(stat -c %s desync-a.fcr) * 2 / 3 )) desync-a.fcr >corrupt.fcr
