#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_layout.py --src DIR --layout DOC [--archive LIB --nm NM]

The layout of src/ stays what docs/layout.md says (issue 25). The graph of
the files of DIR has an arrow
  - for each '#include "X"' (X resolved from the including file's folder,
    then from DIR; system and public <...> includes are not arrows), and
  - with --archive, for each function that one file's object needs and
    another file's object defines (`nm` of the archive's members, so calls
    from inline functions of a header count in the file that inlines them).
A file's module is its folder under DIR. Fails (exit 1) on any circle of
files and on any arrow from module A to module B where B is not A and not
reachable from A by the ```layout block of DOC; prints the counts."""
import argparse
import os
import re
import subprocess
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def read_layout(doc):
    text = open(doc, encoding="utf-8").read()
    m = re.search(r"```layout\n(.*?)```", text, re.S)
    if not m:
        sys.exit(f"FAIL: {doc} has no ```layout block")
    deps = {}
    for line in m.group(1).splitlines():
        if not line.strip():
            continue
        name, _, rest = line.partition("->")
        deps[name.strip()] = rest.split()
    for name, ds in deps.items():
        for d in ds:
            if d not in deps:
                sys.exit(f"FAIL: {doc}: module {name} depends on unknown module {d}")
    reach = {}
    for name in deps:
        seen, todo = set(), list(deps[name])
        while todo:
            d = todo.pop()
            if d not in seen:
                seen.add(d)
                todo.extend(deps[d])
        reach[name] = seen
    return deps, reach


def source_files(src):
    out = []
    for top, dirs, files in os.walk(src):
        dirs.sort()
        for f in sorted(files):
            if f.endswith((".c", ".h")):
                out.append(os.path.relpath(os.path.join(top, f), src).replace(os.sep, "/"))
    return out


def include_edges(src, files, problems):
    known = set(files)
    edges = set()
    for f in files:
        text = open(os.path.join(src, f), encoding="utf-8").read()
        for inc in INCLUDE.findall(text):
            here = os.path.dirname(f)
            local = os.path.normpath(os.path.join(here, inc)).replace(os.sep, "/")
            target = local if local in known else (inc if inc in known else None)
            if target is None:
                problems.append(f"{f}: #include \"{inc}\" names no file of the tree")
            elif target != f:
                edges.add((f, target, "includes"))
    return edges


def call_edges(archive, nm, files):
    """(caller, definer, symbol) from the archive's members. Meson names a
    member after its source path with '/' as '_' (src_world_world.c.o)."""
    by_member = {("src/" + f).replace("/", "_") + ".o": f for f in files if f.endswith(".c")}
    out = subprocess.run([nm, "-A", archive], capture_output=True, text=True, check=True).stdout
    defined, needed = {}, []
    for line in out.splitlines():
        loc, _, rest = line.rpartition(":")
        member = loc.split(":")[-1].split("/")[-1]
        f = by_member.get(member)
        parts = rest.split()
        if f is None or not parts:
            continue
        if len(parts) == 3 and parts[1] in "TDBRCV":
            defined[parts[2]] = f
        elif len(parts) == 2 and parts[0] == "U":
            needed.append((f, parts[1]))
    missing = sorted(set(by_member.values()) - set(defined.values()) - {f for f, _ in needed})
    edges = set()
    for f, sym in needed:
        d = defined.get(sym)
        if d is not None and d != f:
            edges.add((f, d, "calls " + sym))
    return edges, len(by_member), missing


def find_circle(nodes, succ):
    """One circle of the graph as a list of files, or None (iterative DFS)."""
    colour = {n: 0 for n in nodes}
    for start in nodes:
        if colour[start]:
            continue
        stack = [(start, iter(sorted(succ.get(start, ()))))]
        path = [start]
        colour[start] = 1
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                colour[node] = 2
                stack.pop()
                path.pop()
            elif colour[nxt] == 1:
                return path[path.index(nxt):] + [nxt]
            elif colour[nxt] == 0:
                colour[nxt] = 1
                path.append(nxt)
                stack.append((nxt, iter(sorted(succ.get(nxt, ())))))
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--src", required=True)
    ap.add_argument("--layout", required=True)
    ap.add_argument("--archive")
    ap.add_argument("--nm", default="nm")
    a = ap.parse_args()
    deps, reach = read_layout(a.layout)
    files = source_files(a.src)
    problems = []
    for f in files:
        if "/" not in f:
            problems.append(f"{f}: a file outside every module folder")
        elif f.split("/")[0] not in deps:
            problems.append(f"{f}: folder {f.split('/')[0]} is not a module of {a.layout}")
    edges = include_edges(a.src, files, problems)
    ncalls = 0
    if a.archive:
        calls, nobj, _ = call_edges(a.archive, a.nm, files)
        if nobj == 0:
            problems.append(f"{a.archive}: no object of the tree's .c files (wrong archive?)")
        ncalls = len({(x, y) for x, y, _ in calls})
        if nobj > 0 and ncalls == 0:
            problems.append(f"{a.archive}: no call between files found (nm output not understood?)")
        edges |= calls
    succ = {}
    back = []
    for x, y, why in sorted(edges):
        succ.setdefault(x, set()).add(y)
        mx, my = x.split("/")[0], y.split("/")[0]
        if mx != my and mx in deps and my in deps and my not in reach[mx]:
            back.append(f"{x} -> {y} ({why}): module {mx} may not use {my}")
    circle = find_circle(files, succ)
    arrows = len({(x, y) for x, y, _ in edges})
    print(f"{len(files)} files in {len({f.split('/')[0] for f in files})} modules, {arrows} arrows "
          f"({ncalls} from calls), {len(back)} against the layout, {1 if circle else 0} circles found")
    for p in problems + back:
        print("FAIL:", p)
    if circle:
        print("FAIL: circle of files:", " -> ".join(circle))
    if problems or back or circle:
        return 1
    print("ok: no circle of files, every arrow follows", a.layout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
