#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_docs.py ROOT [--break]

The newcomer's README stays what it promises: at most 250 lines, the first
code block under '## Quick start' holds exactly two commands (run, then
test), and every relative link in README.md, docs/*.md and
tools/matrix/README.md points at a file that exists (and, for '#anchor'
links into markdown, at a heading that exists); each binding's docs page
shows its example program verbatim (the program the tests run).
--break checks against a limit of 100 lines and a made-up link, so it must fail."""
import os
import re
import sys


EXAMPLES = [("docs/binding-lua.md", "bindings/lua/examples/server_loop.lua"),
            ("docs/binding-csharp.md", "bindings/csharp/examples/ServerLoop.cs"),
            ("docs/rollback.md", "tests/example_rollback.c"),
            ("docs/binding-lua.md", "bindings/lua/examples/rollback_loop.lua"),
            ("docs/binding-csharp.md", "bindings/csharp/examples/RollbackLoop.cs"),
            ("docs/binding-js.md", "bindings/js/examples/rollback_loop.mjs"),
            ("docs/mover.md", "tests/example_mover.c"),
            ("docs/mover.md", "bindings/lua/examples/mover.lua"),
            ("docs/mover.md", "bindings/csharp/examples/Mover.cs"),
            ("docs/mover.md", "bindings/js/examples/mover.mjs")]


def anchors(path):
    out = set()
    for line in open(path, encoding="utf-8"):
        m = re.match(r"#+\s+(.*)", line)
        if m:
            a = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-")
            out.add(a)
    return out


def main():
    root = sys.argv[1]
    breaking = "--break" in sys.argv[2:]
    max_lines = 100 if breaking else 250
    failures = []
    readme = os.path.join(root, "README.md")
    lines = open(readme, encoding="utf-8").read().splitlines()
    if len(lines) > max_lines:
        failures.append(f"README.md has {len(lines)} lines (at most {max_lines})")
    quick, block, commands = False, False, []
    for line in lines:
        if re.match(r"##\s+Quick start", line):
            quick = True
            continue
        if quick and line.startswith("```"):
            if block:
                break
            block = True
            continue
        if quick and block and line.strip() and not line.lstrip().startswith("#"):
            commands.append(line.strip())
    if commands != ["tools/run.sh", "tools/test.sh"]:
        failures.append(f"Quick start block holds {commands}, want ['tools/run.sh', 'tools/test.sh']")
    pages = [readme, os.path.join(root, "tools", "matrix", "README.md")]
    docs = os.path.join(root, "docs")
    pages += [os.path.join(docs, f) for f in sorted(os.listdir(docs)) if f.endswith(".md")]
    for page in pages:
        text = open(page, encoding="utf-8").read()
        if breaking and page == readme:
            text += "\n[gone](docs/no-such-page.md)\n"
        for target, anchor in re.findall(r"\]\(([^)#\s]*)(#[^)\s]*)?\)", text):
            if re.match(r"[a-z]+:", target):
                continue
            path = os.path.normpath(os.path.join(os.path.dirname(page), target)) if target else page
            if not os.path.exists(path):
                failures.append(f"{os.path.relpath(page, root)}: link to missing {target}")
            elif anchor and path.endswith(".md") and anchor[1:] not in anchors(path):
                failures.append(f"{os.path.relpath(page, root)}: link to missing heading {target}{anchor}")
    for page, example in EXAMPLES:
        want = "\n".join(l for l in open(os.path.join(root, example), encoding="utf-8").read().splitlines()
                         if "SPDX-License-Identifier" not in l)
        if breaking:
            want = want.replace("0.5", "0.25")
        blocks = re.findall(r"```[a-z]*\n(.*?)\n```", open(os.path.join(root, page), encoding="utf-8").read(), re.S)
        if want not in blocks:
            failures.append(f"{page} does not show {example} verbatim")
    for f in failures:
        print("FAIL:", f)
    print(f"{len(pages)} pages, README {len(lines)} lines, {len(failures)} problems")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
