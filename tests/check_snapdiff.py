#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_snapdiff.py TOOL SNAP_PAIRS REPLAY WORKDIR [--break]

fixcol-replay snapshot / snapdump / snapdiff (docs/desync.md):
  - snap_pairs writes blob pairs that differ in one way each (a 1-raw move,
    a filter bit, a shape type, user data, a missing body, an extra body in
    a free and in a new slot, a live body's and a freed slot's generation,
    the free-list order, a setting): snapdiff exits 1, prints the expected
    line and ends with "differences N";
  - a blob against itself: exit 0, "same";
  - malformed blobs (truncated, a flipped byte, another version, empty, a
    replay file, a directory, a missing file): exit 2, the file named on
    stderr, nothing on stdout;
  - snapshot of a replay frame, twice: identical bytes; snapdump of it
    twice: identical text starting "fixcol-dump 1"; of a bad blob: exit 2.
--break expects the moved pair to be "same" (so this check must fail)."""
import os
import subprocess
import sys

tool, pairs, replay, work = sys.argv[1:5]
breaking = "--break" in sys.argv[5:]
os.makedirs(work, exist_ok=True)
failures = 0


def run(*args):
    p = subprocess.run([tool, *args], capture_output=True)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def check(cond, what, out=""):
    global failures
    if cond:
        print("ok:", what)
    else:
        failures += 1
        print("FAIL:", what)
        if out:
            print("  output:", out.strip()[-800:])


def path(name):
    return os.path.join(work, name)


subprocess.run([pairs, work], check=True)
kinds = sorted(n[:-5] for n in os.listdir(work) if n.endswith(".want"))
check(len(kinds) == 11, "snap_pairs wrote 11 kinds: %s" % kinds)
for k in kinds:
    want = open(path(k + ".want")).read()
    rc, out, err = run("snapdiff", path(k + ".a"), path(k + ".b"))
    if breaking and k == "move":
        check(rc == 0 and out == "same\n", "snapdiff of the moved pair says same (--break)", out + err)
        continue
    check(rc == 1 and out == want + "differences %d\n" % want.count("\n") and err == "",
          "snapdiff %s: exit 1, names it: %s" % (k, want.strip().replace("\n", " / ")), "rc %d\n%s%s" % (rc, out, err))

rc, out, err = run("snapdiff", path("move.a"), path("move.a"))
check(rc == 0 and out == "same\n", "snapdiff of a blob with itself: exit 0, same", out + err)

good = open(path("move.a"), "rb").read()
bad = {
    "truncated": good[:-8],
    "flipped": good[:20] + bytes([good[20] ^ 1]) + good[21:],
    "version": good[:4] + bytes([3]) + good[5:],
    "empty": b"",
    "replay": open(replay, "rb").read(),
}
for name, data in bad.items():
    with open(path("bad_" + name), "wb") as f:
        f.write(data)
    for order in (0, 1):
        args = (path("bad_" + name), path("move.a")) if order == 0 else (path("move.a"), path("bad_" + name))
        rc, out, err = run("snapdiff", *args)
        check(rc == 2 and out == "" and path("bad_" + name) in err,
              "snapdiff with a %s blob as %s: exit 2, names it" % (name, "A" if order == 0 else "B"), out + err)
for args in ((work, path("move.a")), (path("move.a"), path("nonexistent")), (path("move.a"),)):
    rc, out, err = run("snapdiff", *args)
    check(rc == 2 and out == "", "snapdiff %s: exit 2" % " ".join(os.path.basename(a) for a in args), out + err)

rc1, _, e1 = run("snapshot", replay, "50", "-o", path("f50.snap"))
rc2, _, e2 = run("snapshot", replay, "50", "-o", path("f50b.snap"))
check(rc1 == 0 and rc2 == 0 and open(path("f50.snap"), "rb").read() == open(path("f50b.snap"), "rb").read(),
      "snapshot of frame 50, twice: the same bytes", e1 + e2)
rc, out, err = run("snapshot", replay, "99999999", "-o", path("none.snap"))
check(rc == 2 and "no frame" in err, "snapshot of a missing frame: exit 2", out + err)
rc1, d1, e1 = run("snapdump", path("f50.snap"))
rc2, d2, e2 = run("snapdump", path("f50b.snap"))
check(rc1 == 0 and d1 == d2 and d1.startswith("fixcol-dump 1\n") and d1.endswith("end\n"),
      "snapdump twice: the same text", e1 + e2)
rc, out, err = run("snapdump", path("bad_flipped"))
check(rc == 2 and out == "" and "bad_flipped" in err, "snapdump of a bad blob: exit 2", out + err)

print("%d failed" % failures)
sys.exit(1 if failures else 0)
