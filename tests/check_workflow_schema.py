#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_workflow_schema.py VALIDATOR WORKFLOW [--break]

Runs action-validator (npm @action-validator/cli, pinned in
tools/ci/package.json, installed by tools/install-deps.sh test) on a GitHub
Actions workflow: exit 0 when the schema accepts it, 1 when not.
--break: validate a copy whose first 'runs-on:' key is misspelt
'runs-on-typo:' instead; exits 1 when the validator rejects it naming that key
(the should-fail twin: the validator would see a broken workflow).
A missing validator is a failure, not a skip (the test command installs it,
so its absence means the check did not run): exit 1, or 0 with --break so
the should-fail twin reports it too."""
import os
import subprocess
import sys
import tempfile


def main(argv):
    args = [a for a in argv if a != "--break"]
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    validator, workflow = args
    if not os.access(validator, os.X_OK):
        print("FAIL: %s is not installed (tools/install-deps.sh test runs npm ci --prefix tools/ci)" % validator)
        return 0 if "--break" in argv else 1
    with open(workflow, encoding="utf-8") as f:
        text = f.read()
    with tempfile.TemporaryDirectory() as tmp:
        if "--break" in argv:
            assert "    runs-on:" in text, "no runs-on key to break"
            text = text.replace("    runs-on:", "    runs-on-typo:", 1)
            workflow = os.path.join(tmp, "broken-ci.yml")
            with open(workflow, "w", encoding="utf-8") as f:
                f.write(text)
        r = subprocess.run([validator, workflow], capture_output=True, text=True, timeout=120)
    out = r.stdout + r.stderr
    print(out[-3000:] if out.strip() else "(validator printed nothing)")
    print("%s: validator exit %d" % (workflow, r.returncode))
    if "--break" in argv and r.returncode != 0 and "runs-on-typo" not in out:
        print("the broken copy was rejected, but not for the injected key")
        return 0
    return 0 if r.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
