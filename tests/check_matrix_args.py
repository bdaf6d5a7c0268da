#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_matrix_args.py MATRIX WORKDIR [--break]

tools/determinism-matrix's command line (issue 12):
  - without program arguments (no `-- RUN-ARGS`, not --selftest) it stops
    before installing or building anything (fast, no output directory),
    says what is missing with an example, exit 2; also for `--` followed by
    nothing and with --quick --record;
  - --list still needs no program arguments;
  - when no target succeeds (a main that does not compile; one that exits 3)
    the verdict is clean: VERDICT: FAIL, exit 1, no bash error such as
    `COUNT: unbound variable`;
  - the `logs:` line closes its brace, with and without --record.
The build cases use gcc-O0 on a one-file program (--sources ""), a few
seconds; skipped (exit 77) without gcc and libfixmath-dev.
--break expects the old behaviour (no program arguments: it goes on and
builds), so this check must fail."""
import os
import re
import shutil
import signal
import subprocess
import sys
import time

matrix, work = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
breaking = "--break" in sys.argv[3:]
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
failures = 0


def run(*args, timeout=120):
    """(exit status, stdout + stderr, seconds); on a timeout the whole process group is killed."""
    t0 = time.monotonic()
    p = subprocess.Popen([matrix, *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                         start_new_session=True)
    try:
        out, _ = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, _ = p.communicate()
        return None, out + "\n(timed out)", time.monotonic() - t0
    return p.returncode, out, time.monotonic() - t0


def check(cond, what, out=""):
    global failures
    print(("ok: " if cond else "FAIL: ") + what)
    if not cond:
        failures += 1
        if out:
            print("  output:", out.strip()[-1200:])


def prog(name, text):
    p = os.path.join(work, name)
    with open(p, "w") as f:
        f.write(text)
    return p


bad_c = prog("bad.c", "int main(void) { return syntax error; }\n")
fail_c = prog("fail.c", "int main(void) { return 3; }\n")
one_target = ["--only", "gcc-O0", "--no-install", "--jobs", "1", "--sources", ""]

if breaking:
    out_dir = os.path.join(work, "break")
    rc, out, _ = run(*one_target, "--main", bad_c, "--out", out_dir)
    check(rc != 2 and "BUILD-FAIL" in out, "no program arguments: it builds anyway (old behaviour)", out)
    sys.exit(1 if failures else 0)

# -- no program arguments: stop before building
# --no-install in every case: should the check regress, the matrix must not
# install packages (it does so when run as root) before failing here.
out_dir = os.path.join(work, "noargs")
for args, what in [(["--no-install", "--out", out_dir], "no program arguments"),
                   (["--no-install", "--quick", "--record", "--out", out_dir], "--quick --record"),
                   (["--no-install", "--out", out_dir, "--"], "'--' followed by nothing"),
                   (one_target + ["--main", bad_c, "--out", out_dir], "--only gcc-O0")]:
    rc, out, secs = run(*args, timeout=60)
    check(rc == 2 and "no program arguments" in out and "-- verify replays/*.fcr" in out and secs < 10
          and not os.path.exists(out_dir) and "BUILD" not in out and "VERDICT" not in out,
          "%s: exit 2 in %.1f s, says what is missing with an example, builds nothing" % (what, secs), out)
rc, out, _ = run("--list", timeout=60)
check(rc == 0 and "gcc-O2" in out, "--list needs no program arguments", out)

# -- nothing succeeds: a clean verdict (needs gcc and libfixmath-dev)
if not shutil.which("gcc") or not os.path.exists("/usr/lib/x86_64-linux-gnu/liblibfixmath.a"):
    print("skipped the build cases: gcc or libfixmath-dev (x86_64) missing")
    sys.exit(77 if failures == 0 else 1)
for main, status, extra in [(bad_c, "BUILD-FAIL", []), (fail_c, "RUN-FAIL", []), (bad_c, "BUILD-FAIL", ["--record"])]:
    rc, out, _ = run(*one_target, *extra, "--main", main, "--out", os.path.join(work, "out"), "--", "verify", "x")
    label = "%s%s" % (status, " --record" if extra else "")
    check(rc == 1 and re.search(r"^gcc-O0\s+%s\s" % status, out, re.M) is not None,
          "%s: exit 1 with the target's status in the table" % label, out)
    check(re.search(r"^VERDICT: FAIL - reference digest none \(0 targets\); failing/differing: gcc-O0:%s" % status,
                    out, re.M) is not None and re.search(r": line \d+: ", out) is None,
          "%s: a clean verdict, no bash error" % label, out)
    logs = re.search(r"^logs: (.*)$", out, re.M)
    check(logs is not None and logs.group(1).count("{") == 1 and logs.group(1).endswith("}"),
          "%s: the logs line closes its brace (%s)" % (label, logs.group(1) if logs else "no logs line"), out)

print("%d failed" % failures)
sys.exit(1 if failures else 0)
