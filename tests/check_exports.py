#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_exports.py NM LIBRARY HEADER...

The shared library's dynamic symbol table must hold exactly the functions
(and objects) the public headers declare with FC_API: no private fc2_*/fc3_*
helper, nothing else leaked, and nothing public missing. Linker-made symbols
(_init, _fini, _edata, ...) are ignored. Exit 0 when the sets agree, 1 (with
the differences listed) when they do not, 2 on bad input."""
import re
import subprocess
import sys

LINKER_SYMBOLS = {"_init", "_fini", "_edata", "_end", "__bss_start", "__end__", "_etext"}


def declared(headers):
    names = set()
    for path in headers:
        text = open(path, encoding="utf-8").read()
        text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)  # comments
        text = re.sub(r"^\s*#.*$", " ", text, flags=re.M)  # the macro's own definition
        for decl in re.findall(r"\bFC_API\b([^;{]*)", text):
            m = re.search(r"\b([A-Za-z_]\w*)\s*(\(|\[)", decl)
            if m:
                names.add(m.group(1))
    return names


def exported(nm, library):
    out = subprocess.run([nm, "-D", "--defined-only", library], check=True, capture_output=True, text=True).stdout
    names = set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[1] in "TDRBVW" and parts[2] not in LINKER_SYMBOLS:
            names.add(parts[2].split("@")[0])
    return names


def main():
    if len(sys.argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    nm, library, headers = sys.argv[1], sys.argv[2], sys.argv[3:]
    want = declared(headers)
    if not want:
        print("no FC_API declaration found in the headers", file=sys.stderr)
        return 2
    try:
        have = exported(nm, library)
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"{nm} -D {library}: {e}", file=sys.stderr)
        return 2
    leaked, missing = sorted(have - want), sorted(want - have)
    for name in leaked:
        print(f"exported but not public (no FC_API declaration): {name}")
    for name in missing:
        print(f"declared FC_API but not exported: {name}")
    print(f"{library}: {len(have)} exported, {len(want)} declared, {len(leaked)} leaked, {len(missing)} missing")
    return 1 if leaked or missing else 0


if __name__ == "__main__":
    sys.exit(main())
