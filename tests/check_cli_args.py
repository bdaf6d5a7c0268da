#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_cli_args.py TOOL REPLAY WORKDIR [--break]

fixcol-replay's strict command line (issue 12). Every case checks the exit
status AND the message:
  - numbers: one strict parser (digits only, no sign, no trailing text,
    overflow detected); the error names the argument and quotes the text;
  - record: each missing required flag is named; an unknown scenario is
    listed with the valid names; unknown options are named; nothing is
    written on an error;
  - bodies/trace FRAME parsed by the same parser, no partial table;
  - verify of a good and a bad file: exit 2, the error, no digest line;
  - files that are not regular (/dev/zero, a directory, a FIFO) or over the
    size cap (a sparse file) are refused quickly, before being read, with the
    reason, by every command that reads a file.
--break expects the old lenient behaviour (`record` without --seed accepted,
the seed defaulted), so this check must fail."""
import os
import re
import subprocess
import sys
import time

tool, replay, work = sys.argv[1], sys.argv[2], sys.argv[3]
breaking = "--break" in sys.argv[4:]
os.makedirs(work, exist_ok=True)
failures = 0
CAP = 256 << 20  # the documented input size cap (fixcol-replay --help)


def run(*args, timeout=60):
    """(exit status, stdout, stderr, seconds); a hang counts as a failure."""
    t0 = time.monotonic()
    try:
        p = subprocess.run([tool, *args], capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr, time.monotonic() - t0
    except subprocess.TimeoutExpired:
        return None, "", "(timed out after %d s)" % timeout, time.monotonic() - t0


def check(cond, what, out=""):
    global failures
    print(("ok: " if cond else "FAIL: ") + what)
    if not cond:
        failures += 1
        if out:
            print("  output:", out.strip()[-800:])


def path(name):
    return os.path.join(work, name)


def rm(name):
    if os.path.lexists(path(name)):
        os.remove(path(name))


REC = ["--scenario", "moba", "--seed", "1", "--bodies", "8", "--frames", "2"]

if breaking:  # the old tool defaulted a missing --seed to 1
    rm("defaulted.fcr")
    rc, out, err, _ = run("record", "--scenario", "moba", "--bodies", "8", "--frames", "2", "-o", path("defaulted.fcr"))
    check(rc == 0, "record without --seed is accepted (old behaviour)", out + err)
    sys.exit(1 if failures else 0)

# -- the valid scenario names, from --help
rc, out, err, _ = run("--help")
names = re.findall(r"^  (\S+) ", out.split("scenarios:", 1)[-1], re.M)
check(rc == 0 and len(names) >= 3, "--help lists the scenarios (%s)" % " ".join(names), out + err)
check("256 MiB" in out and re.search(r"exit 0 .*1 .*2 ", out) is not None,
      "--help states the file size cap and the exit codes", out)

# -- record: a good one, and the largest seed
rm("good.fcr")
rc, out, err, _ = run("record", *REC, "-o", path("good.fcr"))
check(rc == 0 and os.path.getsize(path("good.fcr")) > 0, "record with every flag writes the file", out + err)
rc, out, err, _ = run("record", "--scenario", "moba", "--seed", "4294967295", "--bodies", "8", "--frames", "2",
                      "-o", path("maxseed.fcr"))
check(rc == 0, "--seed 4294967295 (the largest value) is accepted", out + err)

# -- record: unknown scenario, missing flags, unknown options
rm("x.fcr")
rc, out, err, _ = run("record", "--scenario", "nosuch", "--seed", "1", "--bodies", "8", "--frames", "2",
                      "-o", path("x.fcr"))
check(rc == 2 and "'nosuch'" in err and all(n in err for n in names) and not os.path.exists(path("x.fcr")),
      "unknown scenario: exit 2, names it and lists every valid name", out + err)
full = {"--scenario": "moba", "--seed": "1", "--bodies": "8", "--frames": "2", "-o": path("x.fcr")}
for flag in full:
    args = [a for k, v in full.items() if k != flag for a in (k, v)]
    rc, out, err, _ = run("record", *args)
    check(rc == 2 and re.search(r"missing .*" + re.escape(flag) + r"\b", err) and not os.path.exists(path("x.fcr")),
          "record without %s: exit 2 naming it, nothing written" % flag, out + err)
rc, out, err, _ = run("record")
check(rc == 2 and all(f in err for f in full), "record with no flags names all five missing flags", out + err)
rc, out, err, _ = run("record", *REC, "-o", path("x.fcr"), "--sed", "3")
check(rc == 2 and "'--sed'" in err and not os.path.exists(path("x.fcr")), "record --sed: unknown option named",
      out + err)
rc, out, err, _ = run("record", *REC, "-o", path("x.fcr"), "--seed", "2")
check(rc == 2 and "--seed" in err and "twice" in err, "record with --seed twice: exit 2", out + err)
rc, out, err, _ = run("record", *REC, "-o")
check(rc == 2 and "'-o'" in err and "value" in err, "record ... -o (no value): exit 2 naming -o", out + err)

# -- the number parser, through record's flags
for flag, text, why in [("--seed", "abc", "digit"), ("--seed", "-1", "sign"), ("--seed", "+1", "sign"),
                        ("--seed", "4294967296", "4294967295"), ("--seed", "99999999999999999999", "4294967295"),
                        ("--seed", "", "empty"), ("--seed", " 1", "digit"), ("--bodies", "12x", "'x'"),
                        ("--bodies", "0", "1"), ("--frames", "0x10", "'x"), ("--frames", "1.5", "'.")]:
    args = dict(full)
    args[flag] = text
    rc, out, err, _ = run("record", *[a for kv in args.items() for a in kv])
    check(rc == 2 and flag in err and ("'%s'" % text) in err and why in err and not os.path.exists(path("x.fcr")),
          "record %s %r: exit 2 naming the flag, the text and why (%s)" % (flag, text, why), out + err)

# -- bodies / trace FRAME: the same parser; no partial output
for cmd in ("bodies", "trace"):
    for text, why in [("abc", "digit"), ("-1", "sign"), ("4294967296", "4294967295"), ("3x", "'x'"), ("0", "1")]:
        rc, out, err, _ = run(cmd, replay, text)
        check(rc == 2 and "FRAME" in err and ("'%s'" % text) in err and why in err and out == "",
              "%s FILE %r: exit 2 naming FRAME and the text, nothing on stdout" % (cmd, text), out + err)
    rc, out, err, _ = run(cmd, replay, "4000000")
    check(rc == 2 and "no frame 4000000" in err and out == "", "%s FILE 4000000: exit 2, no such frame" % cmd,
          out + err)
    rc, out, err, _ = run(cmd, replay)
    check(rc == 2 and "FRAME" in err, "%s without FRAME: exit 2 with the usage" % cmd, out + err)
rc, out, err, _ = run("bodies", replay, "2")
check(rc == 0 and out.startswith("# frame 2:"), "bodies FILE 2 prints the table", out + err)

# -- verify with a bad file among good ones: the error, exit 2, no digest
data = open(replay, "rb").read()
with open(path("truncated.fcr"), "wb") as f:
    f.write(data[: len(data) // 2])
for files, what in [([replay, path("truncated.fcr")], "good + truncated"),
                    ([path("truncated.fcr"), replay], "truncated + good"),
                    ([replay, path("missing.fcr")], "good + missing"),
                    ([replay, "/dev/zero"], "good + /dev/zero")]:
    rc, out, err, _ = run("verify", *files)
    check(rc == 2 and "digest" not in out and re.search(r"(truncated|missing)\.fcr|/dev/zero", err),
          "verify %s: exit 2, the error on stderr, no digest line" % what, out + err)
rc, out, err, _ = run("verify", replay, path("missing.fcr"))
check(" ok," not in out, "verify checks every file before verifying any (no 'ok' line before the error)", out + err)
rc, out, err, _ = run("verify", "--fast", replay)
check(rc == 2 and "'--fast'" in err and "digest" not in out, "verify --fast: unknown option named, no digest",
      out + err)
rc, out, err, _ = run("verify")
check(rc == 2 and "FILE" in err and out == "", "verify without files: exit 2", out + err)

# -- files that are not regular, or too large: refused before reading
os.makedirs(path("adir"), exist_ok=True)
rm("fifo")
os.mkfifo(path("fifo"))
with open(path("over.fcr"), "wb") as f:  # sparse: reading it would take long
    f.truncate(64 << 30)
with open(path("over1.fcr"), "wb") as f:
    f.truncate(CAP + 1)
for name, p, why in [("/dev/zero", "/dev/zero", "not a regular file"), ("a directory", path("adir"), "directory"),
                     ("a FIFO", path("fifo"), "FIFO"), ("a 64 GiB sparse file", path("over.fcr"), "256 MiB"),
                     ("a file one byte over the cap", path("over1.fcr"), "256 MiB")]:
    for args in (["verify", p], ["info", p], ["dump", p], ["diff", replay, p], ["convert", p, "-o", path("c.fcr")],
                 ["rerecord", p, "-o", path("c.fcr")], ["bodies", p, "1"], ["trace", p, "1"]):
        rc, out, err, secs = run(*args, timeout=10)
        check(rc == 2 and why in err and secs < 5 and "digest" not in out,
              "%s %s: exit 2 in %.2f s saying why (%s)" % (args[0], name, secs, why), out + err)
with open(path("atcap.fcr"), "wb") as f:  # exactly the cap: read, then rejected as a replay (offset 0)
    f.truncate(CAP)
rc, out, err, _ = run("info", path("atcap.fcr"))
check(rc == 2 and "256 MiB" not in err and re.search(r"offset \d+: ", err), "a file of exactly the cap is read",
      out + err)
for n in ("over.fcr", "over1.fcr", "atcap.fcr", "fifo"):
    rm(n)

# -- other commands: unknown options and positional counts
rc, out, err, _ = run("diff", replay)
check(rc == 2 and "A B" in err, "diff with one file: exit 2 with the usage", out + err)
rc, out, err, _ = run("convert", replay)
check(rc == 2 and "missing" in err and "-o" in err, "convert without -o: exit 2 naming -o", out + err)
rc, out, err, _ = run("info", "--verbose", replay)
check(rc == 2 and "'--verbose'" in err and out == "", "info --verbose: unknown option named", out + err)
rc, out, err, _ = run("dump", replay, replay)
check(rc == 2 and "extra argument" in err and out == "", "dump with two files: exit 2", out + err)

print("%d failed" % failures)
sys.exit(1 if failures else 0)
