#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_archive.py NM ARCHIVE

What a game links holds the engine only: no global symbol of the replay
tool's scenario generators (tools/replay/scenarios: scen_*, sc_*) is defined
in the static library. Exit 0 when none is, 1 (naming them) when some are,
2 on bad input. The should-fail twin runs it on an archive of the generators."""
import re
import subprocess
import sys


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    nm, archive = sys.argv[1:]
    try:
        out = subprocess.run([nm, "--defined-only", "-g", archive], check=True, capture_output=True,
                             text=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"{nm} {archive}: {e}", file=sys.stderr)
        return 2
    names = [p[2] for p in (l.split() for l in out.splitlines()) if len(p) >= 3]
    found = sorted(n for n in names if re.match(r"(scen|sc)_", n))
    for n in found:
        print(f"scenario generator symbol in {archive}: {n}")
    print(f"{archive}: {len(names)} global symbols, {len(found)} from the scenario generators")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
