#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_replay_cli.py TOOL REPLAY WORKDIR [--break]

The fixcol-replay acceptance checks on a copy of one recorded replay:
  - verify of the replay itself exits 0 and ends with a digest line;
  - one flipped frame checksum (binary, via the text form) exits 1 and names
    that frame; a flipped query result names the query; a changed created id
    names the body;
  - truncated and garbled files exit 2 with a position ("offset N" /
    "line L, column C");
  - dump -> convert back gives the identical file; diff of the file with
    itself says "same" (exit 0), with the flipped one names the frame (exit 1);
  - rerecord reproduces the file, also from its text with zeroed expectations.
--break expects the flipped checksum to pass (so this check must fail)."""
import os
import re
import subprocess
import sys

tool, replay, work = sys.argv[1], sys.argv[2], sys.argv[3]
breaking = "--break" in sys.argv[4:]
os.makedirs(work, exist_ok=True)
failures = 0


def run(*args):
    p = subprocess.run([tool, *args], capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


def check(cond, what, out=""):
    global failures
    if not cond:
        failures += 1
        print("FAIL:", what)
        if out:
            print("  output:", out.strip()[-600:])
    else:
        print("ok:", what)


def path(name):
    return os.path.join(work, name)


rc, out = run("verify", replay)
check(rc == 0 and re.search(r"^digest [0-9a-f]{16}$", out.splitlines()[-1]), "verify exits 0 with a digest line", out)

rc, out = run("dump", replay)
check(rc == 0, "dump exits 0", out)
text = out
with open(path("dump.txt"), "w") as f:
    f.write(text)
rc, out = run("convert", path("dump.txt"), "-o", path("back.fcr"))
same = rc == 0 and open(path("back.fcr"), "rb").read() == open(replay, "rb").read()
check(same, "dump -> convert gives the identical binary", out)


def edit_frame(frame, fn):
    """Apply fn to the lines of one frame of the text form; write binary."""
    lines = text.splitlines(keepends=True)
    start = next(i for i, l in enumerate(lines) if l.startswith("frame %d " % frame))
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith(("frame ", "end")))
    lines[start:end] = fn(lines[start:end])
    name = path("edited_%d.txt" % frame)
    with open(name, "w") as f:
        f.write("".join(lines))
    out_bin = name[:-4] + ".fcr"
    rc, out = run("convert", name, "-o", out_bin)
    assert rc == 0, out
    return out_bin


def flip_hex(tok):
    digits = tok[2:]
    last = "0" if digits[-1] != "0" else "1"
    return "0x" + digits[:-1] + last


frames = len(re.findall(r"^frame ", text, re.M))
target = max(2, frames * 2 // 3)


def flip_checksum(lines):
    out = []
    for l in lines:
        if l.startswith("expect "):
            t = l.split(" ")
            t[1] = flip_hex(t[1])
            l = " ".join(t)
        out.append(l)
    return out


bad = edit_frame(target, flip_checksum)
rc, out = run("verify", bad)
want = 0 if breaking else 1
check(rc == want and ("frame %d:" % target) in out, "flipped checksum: exit %d and names frame %d" % (want, target), out)
check(breaking or "frame checksum only" in out, "verify names a checksum-only difference as such", out)
if breaking:  # only the flipped-checksum check matters here
    sys.exit(1 if failures else 0)
rc, out = run("diff", replay, bad)
check(rc == 1 and ("frame %d:" % target) in out, "diff names the flipped frame", out)
# Same wording as verify (issue 31): only the frame checksum differs, not "queries".
check("different results: frame checksum only" in out and "queries" not in out,
      "diff names a checksum-only difference as such", out)
rc, out = run("diff", replay, replay)
check(rc == 0 and "same" in out, "diff of a file with itself: same", out)


def flip_query(lines):
    out, done = [], False
    for l in lines:
        if l.startswith("result ") and not done:
            t = l.split(" ")
            t[2] = flip_hex(t[2].strip()) + "\n"
            l, done = " ".join(t), True
        out.append(l)
    assert done, "no query in frame"
    return out


qframe = next(int(m.group(1)) for m in re.finditer(r"^frame (\d+) ", text, re.M) if int(m.group(1)) >= target)
bad = edit_frame(qframe, flip_query)
rc, out = run("verify", bad)
check(rc == 1 and "query 0" in out and "frame %d:" % qframe in out, "flipped query result names the query", out)
# Twin of the checksum-only wording: a query result that differs is "queries", not "checksum only".
rc, out = run("diff", replay, bad)
check(rc == 1 and "different results: queries (first differing query: 0)" in out and "checksum only" not in out,
      "diff of a flipped query result names the queries", out)



def change_create(lines):
    out, done = [], False
    for l in lines:
        if l.startswith("create ") and not done:
            t = l.split(" ")
            t[2] = str(int(t[2]) + 1)
            l, done = " ".join(t), True
        out.append(l)
    return out


bad = edit_frame(1, change_create)
rc, out = run("verify", bad)
check(rc == 1 and "frame 1:" in out and "created body 0:1" in out, "a changed created id names the body", out)

rc, out = run("rerecord", replay, "-o", path("rerecorded.fcr"))
check(rc == 0 and open(path("rerecorded.fcr"), "rb").read() == open(replay, "rb").read(),
      "rerecord reproduces the replay byte for byte", out)
zeroed = "".join(re.sub(r"0x[0-9a-f]+", "0x0", l) if l.startswith(("expect ", "result ")) else l
                 for l in text.splitlines(keepends=True))
with open(path("zeroed.txt"), "w") as f:
    f.write(zeroed)
rc, out = run("verify", path("zeroed.txt"))
check(rc == 1, "text with zeroed expectations: mismatch", out)
rc, out = run("rerecord", path("zeroed.txt"), "-o", path("zeroed.fcr"))
check(rc == 0 and open(path("zeroed.fcr"), "rb").read() == open(replay, "rb").read(),
      "rerecord of hand-made expectations gives the recorded replay", out)

# Truncated and garbled binaries.
data = open(replay, "rb").read()
for name, blob in [("truncated", data[: len(data) // 2]), ("garbled", data[:100] + b"\xff" * 16 + data[116:]),
                   ("empty", b""), ("tail", data + b"x")]:
    with open(path(name + ".fcr"), "wb") as f:
        f.write(blob)
    rc, out = run("verify", path(name + ".fcr"))
    check(rc == 2 and re.search(r"offset \d+: ", out), "%s file: exit 2 with an offset" % name, out)
with open(path("garbled.txt"), "w") as f:
    f.write(text.replace("frame 3 ", "frame three ", 1))
rc, out = run("verify", path("garbled.txt"))
check(rc == 2 and re.search(r"line \d+, column \d+: ", out), "garbled text: exit 2 with line and column", out)
rc, out = run("verify", "/nonexistent/replay.fcr")
check(rc == 2, "missing file: exit 2", out)
rc, out = run("--help")
check(rc == 0 and "verify" in out and "record" in out, "--help", out)
rc, out = run("frobnicate")
check(rc == 2, "unknown command: exit 2", out)

print("%d failed" % failures)
sys.exit(1 if failures else 0)
