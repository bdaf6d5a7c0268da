#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""compare-digests.py DIR [--expect TARGET...] - the last job of
.github/workflows/ci.yml: every target's replay digest must be the same.

DIR holds one folder per target, digest-TARGET/digest.txt (what
actions/download-artifact@v4 makes of the artifacts digest-TARGET), each file
the line "digest <16 hex>" that tools/ci/build-and-verify.sh wrote. Prints the
table; exits 1 when a digest differs from the others, or an expected target
has no (or a malformed) digest, else 0. The table also goes to
$GITHUB_STEP_SUMMARY when that is set."""
import os
import re
import sys
from collections import Counter

DIGEST = re.compile(r"^digest ([0-9a-f]{16})$")


def read_digests(root):
    found = {}
    for name in sorted(os.listdir(root)):
        path = os.path.join(root, name, "digest.txt")
        if name.startswith("digest-") and os.path.isfile(path):
            with open(path, encoding="utf-8", errors="replace") as f:
                m = DIGEST.match(f.read().strip())
            found[name[len("digest-"):]] = m.group(1) if m else None
    return found


def main(argv):
    if len(argv) < 1 or argv[0].startswith("-"):
        print(__doc__, file=sys.stderr)
        return 2
    root, expect = argv[0], []
    if len(argv) > 1:
        if argv[1] != "--expect":
            print(__doc__, file=sys.stderr)
            return 2
        expect = argv[2:]
    found = read_digests(root) if os.path.isdir(root) else {}
    targets = sorted(set(found) | set(expect))
    # The digest most targets print is the reference; with a tie, none is.
    top = Counter(d for d in found.values() if d).most_common(2)
    majority = top[0][0] if top and (len(top) == 1 or top[0][1] > top[1][1]) else None
    rows, bad = [], 0
    for t in targets:
        d = found.get(t)
        if t not in found:
            verdict = "MISSING"
        elif d is None:
            verdict = "MALFORMED"
        elif d != majority:
            verdict = "DIFFERS"
        else:
            verdict = "ok"
        bad += verdict != "ok"
        rows.append((t, d or "-", verdict))
    if not targets:
        rows.append(("(none)", "-", "MISSING"))
        bad = 1
    width = max(len(r[0]) for r in rows)
    table = [("%-*s  %-16s  %s" % (width, t, d, v)).rstrip() for t, d, v in [("target", "digest", "")] + rows]
    verdict = "all %d digests agree" % len(rows) if not bad else "%d of %d targets differ or are missing" % (
        bad, len(rows))
    print("\n".join(table + [verdict]))
    summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if summary:
        with open(summary, "a", encoding="utf-8") as f:
            f.write("```\n" + "\n".join(table + [verdict]) + "\n```\n")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
