#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_matrix_svg.py MATRIX OUTDIR [--break] [--skip REASON]

The SVG check of tools/determinism-matrix (--svg) can fail: gcc-O2 builds
fixcol-replay from a copy of the sources with one full stop added to the
SVG legend (tools/matrix/svg-change.patch). Expected:
  - exit status 1 and a VERDICT naming gcc-O2:SVG-DIFF;
  - the replays still verify (status ok: the drawing does not feed them);
  - the details name each committed drawing (docs/frame.svg,
    docs/frame3d.svg) with the byte offset where it first differs.
--break leaves the sources unpatched, so the check must fail.
Exit 77 (skip) when gcc/libfixmath are missing or with --skip."""
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
if not shutil.which("gcc"):
    print("skipped: gcc not installed")
    sys.exit(77)

cmd = [matrix, "--only", "gcc-O2", "--jobs", "1", "--no-install", "--out", out, "--svg"]
if not breaking:
    cmd += ["--patch", os.path.join(root, "tools", "matrix", "svg-change.patch")]
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
check(re.search(r"VERDICT: FAIL.*gcc-O2:SVG-DIFF", text) is not None, "the verdict names gcc-O2:SVG-DIFF")
check(re.search(r"^gcc-O2\s+ok\s+[0-9a-f]{16}", text, re.M) is not None, "gcc-O2 still verifies the replay")
details = os.path.join(out, "gcc-O2", "svg.details")
lines = open(details, encoding="utf-8").read().splitlines() if os.path.exists(details) else []
for want in ("docs/frame.svg", "docs/frame3d.svg"):
    check(any(l.startswith(want + ": differs from byte offset") for l in lines),
          f"{want} reported with the offset of its first difference")
print(f"{failures} failures")
sys.exit(1 if failures else 0)
