#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""mover_callgrind.py FIXCOL_BENCH [CALLGRIND_OUT] - instructions per call of
the mover bench (tools/bench/bench_mover.c) under callgrind: runs
`valgrind --tool=callgrind FIXCOL_BENCH mover` (or reads CALLGRIND_OUT, a
callgrind output file of such a run) and prints, from each measured unit's
inclusive cost / its number of calls (exact, repeatable):
  bench mover_<shape>_1k N instr/call         (bm_move_<shape>: one mover call)
  bench mover_<shape>_casts N instr/call      (bm_casts_<shape>: that call's casts)
  bench mover_<shape>_vs_casts R x            (the ratio; goal <= 1.2)
  bench mover_crowd200_frame N instr/frame    (bm_crowd_frame: 200 mover calls)
for shape in circle, capsule, box, sphere, capsule3. Not a test. Exit status 1 when a
unit is missing from the profile."""
import os
import re
import subprocess
import sys
import tempfile

SHAPES = ("circle", "capsule", "box", "sphere", "capsule3")


def parse(path):
    """{function name: [inclusive Ir, calls]} from a callgrind output file."""
    names = {}  # compressed id -> name (fn and cfn share the table)
    incl, calls = {}, {}
    fn = cfn = None
    after_calls = 0

    def name_of(spec):
        m = re.match(r"\((\d+)\)(?:\s+(.*))?$", spec)
        if not m:
            return spec
        if m.group(2) is not None:
            names[m.group(1)] = m.group(2)
        return names.get(m.group(1), spec)

    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("fn="):
                fn = name_of(line[3:])
                incl.setdefault(fn, 0)
                continue
            if line.startswith("cfn="):
                cfn = name_of(line[4:])
                continue
            if line.startswith("calls="):
                n = int(line[6:].split()[0])
                calls[cfn] = calls.get(cfn, 0) + n
                after_calls = 1
                continue
            if not line or not (line[0].isdigit() or line[0] in "+-*"):
                continue
            parts = line.split()
            if len(parts) < 2 or fn is None:
                after_calls = 0
                continue
            ir = int(parts[1])
            incl[fn] = incl.get(fn, 0) + ir  # self cost, or a call's inclusive cost
            after_calls = 0
    del after_calls
    return {k: (incl.get(k, 0), calls.get(k, 0)) for k in set(incl) | set(calls)}


def per_call(prof, unit):
    for name, (ir, n) in prof.items():
        if name == unit or name.startswith(unit + "'") or name.split(".")[0] == unit:
            if n > 0:
                return ir / n
    sys.exit("mover_callgrind.py: %s not in the profile" % unit)


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    if len(sys.argv) == 3:
        out = sys.argv[2]
    else:
        tmp = tempfile.mkdtemp()
        out = os.path.join(tmp, "callgrind.out")
        subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, sys.argv[1], "mover"],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    prof = parse(out)
    for s in SHAPES:
        m = per_call(prof, "bm_move_" + s)
        c = per_call(prof, "bm_casts_" + s)
        print("bench mover_%s_1k %d instr/call" % (s, round(m)))
        print("bench mover_%s_casts %d instr/call" % (s, round(c)))
        print("bench mover_%s_vs_casts %.3f x" % (s, m / c))
    print("bench mover_crowd200_frame %d instr/frame" % round(per_call(prof, "bm_crowd_frame")))


if __name__ == "__main__":
    main()
