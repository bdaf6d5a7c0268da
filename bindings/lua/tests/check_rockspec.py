#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_rockspec.py ROCKSPEC ROOT [--break]

`luarocks make` compiles the engine into the module from the rockspec's own
list of sources, so the list must name every src/*/*.c of the engine and every
bindings/lua/src/*.c (a new file added to meson only would break the rock at
link time). --break drops one name from the list, so the check must fail."""
import glob
import os
import re
import sys

rockspec, root = sys.argv[1], sys.argv[2]
listed = set(re.findall(r'"((?:src|bindings/lua/src)/[\w/]+\.c)"', open(rockspec, encoding="utf-8").read()))
if "--break" in sys.argv[3:]:
    listed.discard("src/world/world.c")
want = {os.path.relpath(p, root) for p in glob.glob(os.path.join(root, "src", "*", "*.c"))}
want |= {os.path.relpath(p, root) for p in glob.glob(os.path.join(root, "bindings", "lua", "src", "*.c"))}
missing, extra = sorted(want - listed), sorted(listed - want)
for name in missing:
    print(f"FAIL: {name} is not in {os.path.basename(rockspec)}")
for name in extra:
    print(f"FAIL: {os.path.basename(rockspec)} lists {name}, which does not exist")
print(f"{len(listed)} sources listed, {len(want)} wanted")
sys.exit(1 if missing or extra else 0)
