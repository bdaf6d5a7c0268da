#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_matrix_record.py MATRIX OUTDIR [--break] [--skip REASON]

The record check of tools/determinism-matrix (--record) can fail: gcc-O0 and
clang-O0 build fixcol-replay from a copy of the sources with the scenario
generator's historical evaluation-order bug put back
(tools/matrix/eval-order.patch: two random draws in one argument list), then
re-record every replay listed by tools/replay/record-all.sh --list. Expected:
  - exit status 1 and a VERDICT naming a RECORD-DIFF target;
  - both targets still verify the replays with one digest (verify does not
    run the generators);
  - a target whose recording differs names exactly the moba replays (the only
    generator patched), each with a byte offset and the frame from
    `fixcol-replay diff` ("frame 1: operation 0 differs");
  - the other replays re-record identically everywhere.
gcc evaluates these arguments right to left, clang left to right, so gcc-O0
is the target that differs today; the check only demands that one does.
--break leaves the sources unpatched, so the check must fail.
Exit 77 (skip) when gcc/clang/libfixmath are missing or with --skip."""
import os
import re
import shutil
import subprocess
import sys

args = sys.argv[1:]
if "--skip" in args:
    print("skipped:", args[args.index("--skip") + 1])
    sys.exit(77)
matrix, out = args[0], args[1]
breaking = "--break" in args[2:]
root = os.path.dirname(os.path.dirname(os.path.abspath(matrix)))
patch = os.path.join(root, "tools", "matrix", "eval-order.patch")
for tool in ("gcc", "clang"):
    if not shutil.which(tool):
        print(f"skipped: {tool} not installed")
        sys.exit(77)

cmd = [matrix, "--only", "gcc-O0,clang-O0", "--jobs", "2", "--no-install", "--out", out, "--record"]
if not breaking:
    cmd += ["--patch", patch]
cmd += ["--", "verify", "replays/moba-skirmish.fcr"]
print("+", " ".join(cmd))
p = subprocess.run(cmd, capture_output=True, text=True)
text = p.stdout + p.stderr
print(text)
if p.returncode == 2 and "missing packages" in text:
    print("skipped: packages missing (tools/determinism-matrix installs them when run as root)")
    sys.exit(77)

failures = 0


def check(cond, what):
    global failures
    print(("ok: " if cond else "FAIL: ") + what)
    failures += 0 if cond else 1


check(p.returncode == 1, f"exit status 1 (got {p.returncode})")
check(re.search(r"^VERDICT: FAIL .*:RECORD-DIFF", text, re.M) is not None, "the verdict names a RECORD-DIFF target")
rows = {m.group(1): m.groups() for m in re.finditer(r"^(gcc-O0|clang-O0)\s+(\S+)\s+([0-9a-f]{16})\s+\S+\s+\S+\s+(\S+)\s",
                                                     text, re.M)}
check(len(rows) == 2 and all(r[1] == "ok" for r in rows.values()) and len({r[2] for r in rows.values()}) == 1,
      "both targets verify the replay with the same digest")
differing = sorted(t for t, r in rows.items() if r[3] == "DIFF")
check(len(differing) >= 1 and all(rows[t][3] in ("ok", "DIFF") for t in rows),
      f"at least one compiler records differently (DIFF: {differing})")
for t in differing:
    block = re.search(r"^record " + re.escape(t) + r": .*\n((?:  .*\n)+)", text + "\n", re.M)
    lines = block.group(1).splitlines() if block else []
    named = sorted(line.split(":")[0].strip() for line in lines)
    check(named == ["moba-10k-crowd", "moba-skirmish"], f"{t}: exactly the moba replays differ (got {named})")
    check(len(lines) > 0 and all(re.search(r"byte offset \d+; diff: frame \d+: ", line) for line in lines),
          f"{t}: each names a byte offset and a frame")
print(f"{failures} failures")
sys.exit(1 if failures else 0)
