#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_ci_workflow.py WORKFLOW FIXCOL_REPLAY WORKDIR [--typo] [--skip REASON]

Every command .github/workflows/ci.yml runs must also run here, so a typo is
caught before GitHub sees it:
 - each run block passes bash -n; each command it calls is an executable
   repo script (python: py_compile, shell: bash -n) or a program found here,
   except the steps in RUNNER_ONLY (each with its reason);
 - actions are pinned to a major version (owner/name@vN);
 - every build job uploads digest-JOB, compare-digests needs every build job
   and --expect lists exactly them;
 - every build-and-verify.sh call accepts its options (--dry-run), and the
   linux-x86_64 one, run here with --tests none, writes the digest that
   FIXCOL_REPLAY verify replays/*.fcr prints;
 - the compare step, run on fixtures: equal digests exit 0, one differing
   digest or one missing target exit 1 naming it.
--typo: the should-fail twin: the checks on a copy with a misspelt script
name must fail (exit 1 when they name it)."""
import os
import py_compile
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COMPARE_JOB = "compare-digests"
REFERENCE_JOB = "linux-x86_64"
# Steps that only run on GitHub's runners: checked with bash -n, not for
# their commands. Each needs a reason, and must still exist in the workflow.
RUNNER_ONLY = {
    "Install meson and ninja":
        "Windows/macOS only: pip of actions/setup-python's `python`; here meson and ninja are Debian's "
        "(tools/install-deps.sh)",
}
BUILTINS = {"cd", "echo", "export", "set", "test", "[", "true", "false", "printf", "exit", "source", ".", "shift"}
USES = re.compile(r"^[\w.-]+/[\w.-]+@v\d+$")


def run_steps(wf):
    for job, spec in wf["jobs"].items():
        for i, step in enumerate(spec.get("steps", [])):
            yield job, i, step


def commands(block):
    """Simple commands of a run block: continuations joined, split at
    ; && || |, comments and VAR=value prefixes dropped."""
    text = re.sub(r"\\\n", " ", block)
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        for part in re.split(r"&&|\|\||;|\|", line):
            words = shlex.split(part, comments=True)
            while words and re.match(r"^\w+=", words[0]):
                words.pop(0)
            if words:
                yield words


def check_script(path, problems, where):
    full = os.path.join(ROOT, path)
    if not os.path.isfile(full):
        problems.append("%s: %s does not exist" % (where, path))
    elif not os.access(full, os.X_OK):
        problems.append("%s: %s is not executable" % (where, path))
    elif path.endswith(".py"):
        try:
            with tempfile.TemporaryDirectory() as tmp:
                py_compile.compile(full, cfile=os.path.join(tmp, "x.pyc"), doraise=True)
        except py_compile.PyCompileError as e:
            problems.append("%s: %s does not compile: %s" % (where, path, e))
    elif subprocess.run(["bash", "-n", full]).returncode != 0:
        problems.append("%s: %s fails bash -n" % (where, path))


def static_checks(wf):
    problems, seen_runner_only = [], set()
    for job, i, step in run_steps(wf):
        where = "%s step %d (%s)" % (job, i + 1, step.get("name") or step.get("uses") or "run")
        if "uses" in step and not USES.match(step["uses"]):
            problems.append("%s: %s is not pinned to a major version (owner/name@vN)" % (where, step["uses"]))
        if "run" not in step:
            continue
        block = step["run"]
        if subprocess.run(["bash", "-n", "-c", block]).returncode != 0:
            problems.append("%s: bash -n rejects the run block" % where)
            continue
        if step.get("name") in RUNNER_ONLY:
            seen_runner_only.add(step["name"])
            continue
        for words in commands(block):
            cmd = words[0]
            if cmd.startswith(("tools/", "tests/", "./")):
                check_script(os.path.normpath(cmd), problems, where)
            elif cmd not in BUILTINS and not shutil.which(cmd):
                problems.append("%s: command %r is not found here" % (where, cmd))
    for name in sorted(set(RUNNER_ONLY) - seen_runner_only):
        problems.append("RUNNER_ONLY names a step the workflow no longer has: %r" % name)
    build_jobs = sorted(j for j in wf["jobs"] if j != COMPARE_JOB)
    compare = wf["jobs"].get(COMPARE_JOB, {})
    if sorted(compare.get("needs", [])) != build_jobs:
        problems.append("%s needs %s, the build jobs are %s" % (COMPARE_JOB, compare.get("needs"), build_jobs))
    for job in build_jobs:
        names = [s.get("with", {}).get("name") for s in wf["jobs"][job]["steps"]
                 if s.get("uses", "").startswith("actions/upload-artifact@")]
        if names != ["digest-" + job]:
            problems.append("%s uploads %s, not exactly digest-%s" % (job, names, job))
    expect = [w for _, _, s in run_steps(wf) for words in commands(s.get("run", ""))
              if words[0].endswith("compare-digests.py") for w in words[words.index("--expect") + 1:]]
    if sorted(expect) != build_jobs:
        problems.append("compare-digests.py --expect %s, the build jobs are %s" % (expect, build_jobs))
    return problems


def run(cmd, **kw):
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, **kw)
    return r.returncode, r.stdout + r.stderr


def set_option(words, name, value):
    i = words.index(name)
    words[i + 1] = value


def runtime_checks(wf, fixcol_replay, workdir):
    problems = []
    calls = [(job, words) for job, _, s in run_steps(wf) for words in commands(s.get("run", ""))]
    for job, words in calls:
        if words[0].endswith("build-and-verify.sh"):
            rc, out = run([words[0], "--dry-run"] + words[1:])
            if rc != 0:
                problems.append("%s: %s rejects its options:\n%s" % (job, shlex.join(words), out))
    if problems:
        return problems
    # The linux-x86_64 build, here (tests off: this test is one of them).
    build = next(w for j, w in calls if j == REFERENCE_JOB and w[0].endswith("build-and-verify.sh"))
    build = list(build)
    set_option(build, "--tests", "none")
    set_option(build, "--builddir", os.path.join(workdir, "build"))
    set_option(build, "--digest", os.path.join(workdir, "digest.txt"))
    rc, out = run(build, timeout=1200)
    replays = sorted(os.path.join(ROOT, "replays", f) for f in os.listdir(os.path.join(ROOT, "replays"))
                     if f.endswith(".fcr"))
    ref = subprocess.run([fixcol_replay, "verify"] + replays, capture_output=True, text=True).stdout
    ref_line = ref.strip().splitlines()[-1] if ref.strip() else "(none)"
    got = open(os.path.join(workdir, "digest.txt")).read().strip() if rc == 0 else "(build-and-verify failed)"
    print("build-and-verify.sh (%s, --tests none): %s; this build's fixcol-replay: %s" % (REFERENCE_JOB, got, ref_line))
    if rc != 0 or got != ref_line or not ref_line.startswith("digest "):
        problems.append("build-and-verify.sh gave %r, fixcol-replay verify %r\n%s" % (got, ref_line, out[-3000:]))
    # The compare step on fixtures.
    compare = next(w for _, w in calls if w[0].endswith("compare-digests.py"))
    targets = compare[compare.index("--expect") + 1:]
    for case, want in (("equal", 0), ("one differs", 1), ("one missing", 1)):
        fixture = os.path.join(workdir, "digests-" + case.replace(" ", "-"))
        shutil.rmtree(fixture, ignore_errors=True)
        for k, t in enumerate(targets):
            if case == "one missing" and k == 1:
                continue
            digest = "0123456789abcdef" if case == "one differs" and k == len(targets) - 1 else "2548b50dc08a7aca"
            os.makedirs(os.path.join(fixture, "digest-" + t))
            with open(os.path.join(fixture, "digest-" + t, "digest.txt"), "w") as f:
                f.write("digest %s\n" % digest)
        cmd = list(compare)
        cmd[1] = fixture
        rc, out = run(cmd, env={k: v for k, v in os.environ.items() if k != "GITHUB_STEP_SUMMARY"})
        odd = {"one differs": (targets[-1], "DIFFERS"), "one missing": (targets[1], "MISSING")}.get(case)
        named = odd is None or re.search(r"^%s\s.*%s$" % (re.escape(odd[0]), odd[1]), out, re.M)
        print("compare-digests.py, %s: exit %d (want %d)" % (case, rc, want))
        if rc != want or not named:
            problems.append("compare-digests.py on %s digests: exit %d, want %d%s\n%s" % (
                case, rc, want, "" if named else " naming %s %s" % odd, out))
    return problems


def main(argv):
    if "--skip" in argv:
        print("skip:", argv[argv.index("--skip") + 1])
        return 77
    typo = "--typo" in argv
    args = [a for a in argv if a != "--typo"]
    if len(args) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    workflow, fixcol_replay, workdir = args
    text = open(workflow, encoding="utf-8").read()
    if typo:
        text = text.replace("tools/ci/compare-digests.py", "tools/ci/compare-digest.py", 1)
    wf = yaml.safe_load(text)
    problems = static_checks(wf)
    if typo:
        for p in problems:
            print("problem:", p)
        caught = any("compare-digest.py does not exist" in p for p in problems)
        print("misspelt script %s" % ("caught" if caught else "NOT caught"))
        return 1 if caught else 0
    if not problems:
        os.makedirs(workdir, exist_ok=True)
        problems = runtime_checks(wf, fixcol_replay, workdir)
    for p in problems:
        print("problem:", p)
    print("%s: %s" % (workflow, "%d problem(s)" % len(problems) if problems else "every run step checks out here"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
