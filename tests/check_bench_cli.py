#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_bench_cli.py BENCH [--break]

fixcol-bench's command line (issue 12):
  - --help: exit 0, usage, every group, the exit codes;
  - --list: `GROUP FIGURE UNIT` lines, one per figure (the one table in
    tools/bench/bench_groups.c);
  - an unknown group or option: exit 2 naming it, nothing on stdout;
  - two quick groups (trig; cast200, whose every pass is checked: no
    failed call, hits, the same result each round, exit 1 otherwise) run
    with --progress: stdout holds only
    `bench NAME VALUE UNIT` lines, each figure of the group's --list rows
    exactly once, in order, with its unit (so the table cannot drift from
    what is printed); the progress goes to stderr as plain lines (stderr is
    not a terminal here: no carriage returns).
--break expects the old behaviour (`--help` rejected as an unknown group,
exit 2), so this check must fail."""
import re
import subprocess
import sys

bench = sys.argv[1]
breaking = "--break" in sys.argv[2:]
failures = 0


def run(*args):
    p = subprocess.run([bench, *args], capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout, p.stderr


def check(cond, what, out=""):
    global failures
    print(("ok: " if cond else "FAIL: ") + what)
    if not cond:
        failures += 1
        if out:
            print("  output:", out.strip()[-800:])


rc, out, err = run("--help")
if breaking:
    check(rc == 2 and "unknown group" in err, "--help is an unknown group (old behaviour)", out + err)
    sys.exit(1 if failures else 0)
groups = ["trig", "obb2", "broadphase", "obb3", "scale", "cast3", "cast200", "history", "mover"]
check(rc == 0 and out.startswith("usage: fixcol-bench") and all(g in out for g in groups)
      and re.search(r"exit .*0.*2", out, re.S) is not None and err == "",
      "--help: exit 0, usage, every group and the exit codes on stdout", out + err)

rc, out, err = run("--list")
rows = [line.split(" ", 2) for line in out.splitlines()]
check(rc == 0 and rows and all(len(r) == 3 for r in rows) and [g for g in dict.fromkeys(r[0] for r in rows)] == groups,
      "--list: GROUP FIGURE UNIT lines for every group", out + err)
names = [r[1] for r in rows]
check(len(names) == len(set(names)), "--list: figure names are unique", out)

for args, named, also in [(["nosuch"], "'nosuch'", groups), (["trig", "--nosuch"], "'--nosuch'", ["option"]),
                          (["-x"], "'-x'", ["option"])]:
    rc, out, err = run(*args)
    check(rc == 2 and named in err and all(a in err for a in also) and out == "",
          "%s: exit 2 naming %s (and %s), nothing on stdout" % (" ".join(args), named, ", ".join(also)), out + err)
rc, out, err = run("--list", "trig")
check(rc == 2 and out == "", "--list with a group: exit 2 (--list takes nothing)", out + err)

for group in ["trig", "cast200"]:
    rc, out, err = run("--progress", group)
    want = [(r[1], r[2]) for r in rows if r[0] == group]
    lines = out.splitlines()
    got = [m.groups() for m in (re.fullmatch(r"bench (\S+) (\S+) (.+)", line) for line in lines) if m]
    check(rc == 0 and len(got) == len(lines), "%s: exit 0, stdout has only `bench NAME VALUE UNIT` lines" % group,
          out + err)
    check([(n, u) for n, _, u in got] == want,
          "%s prints exactly its --list figures, in order, with their units" % group, out)
    check(all(re.fullmatch(r"-?[0-9.]+(e[-+]?\d+)?|inf|nan", v) for _, v, _ in got), "every value is a number", out)
    check("\r" not in err
          and re.search(r"^fixcol-bench: %s: %d/%d figures, \d+ s" % (group, len(want), len(want)), err, re.M),
          "progress on stderr as plain lines (stderr is not a terminal)", err)

print("%d failed" % failures)
sys.exit(1 if failures else 0)
