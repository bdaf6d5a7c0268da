#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_golden_rerecord.py FIXCOL_REPLAY GOLDEN_DIR WORK_DIR [--break]

Every golden replay (tests/golden/replay-v*.fcr, formats 1 to 5) re-recorded
by this build (`fixcol-replay rerecord`: its operations run again, the
results written in the file's own format version) is the same file byte for
byte: this version's reader, runner and writer reproduce what each format
version wrote, stored checksums included.
--break (the should-fail twin): each file's last byte before the end record
(a stored frame hash) is flipped first, so re-recording must differ."""
import glob
import os
import subprocess
import sys


def main():
    tool, golden, work = sys.argv[1:4]
    breaking = "--break" in sys.argv[4:]
    os.makedirs(work, exist_ok=True)
    files = sorted(glob.glob(os.path.join(golden, "replay-v*.fcr")))
    versions = {os.path.basename(f)[len("replay-v"):].split("-")[0] for f in files}
    failures = []
    if not {"1", "2", "3", "4", "5"} <= versions:
        failures.append(f"golden replays of versions {sorted(versions)}, want 1, 2, 3, 4 and 5")
    for f in files:
        data = open(f, "rb").read()
        src = f
        if breaking:
            data = data[:-2] + bytes([data[-2] ^ 1]) + data[-1:]
            src = os.path.join(work, "broken-" + os.path.basename(f))
            open(src, "wb").write(data)
        out = os.path.join(work, "rerecorded-" + os.path.basename(f))
        r = subprocess.run([tool, "rerecord", src, "-o", out], capture_output=True, text=True)
        same = r.returncode == 0 and open(out, "rb").read() == data
        print(f"{os.path.basename(f)}: rerecord exit {r.returncode}, {'identical' if same else 'DIFFERS'}")
        if not same:
            failures.append(f"{os.path.basename(f)}: {r.stderr.strip() or 'bytes differ'}")
    for m in failures:
        print("FAIL:", m)
    print(f"{len(files)} golden replays, {len(failures)} problems")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
