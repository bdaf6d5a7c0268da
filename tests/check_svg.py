#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_svg.py TOOL REPLAYS_DIR WORKDIR [--break]

fixcol-replay svg (issue 14): renders frames of committed replays (2D and
3D, with rays, overlap areas, points and pairs) and checks:
  - the file is well-formed XML (xml.etree; xmllint --noout too when present);
  - one shape element per live body, the same ids as `fixcol-replay bodies`;
  - the bodies marked as in a pair are those with pair partners (bodies),
    the pair lines are as many as the frame's recorded pair count;
  - the frame's queries are drawn in order with their text form (dump) and
    every ray with as many hit dots as its recorded hit count;
  - legend and scale present;
  - exactness: every number is an exact decimal of Q32.32 (shapes' own
    numbers of Q16.16); each 2D body's shape (data-shape) equals the replay's
    text form moved by the recorded moves (simulated here with fractions),
    and the element's attributes equal those numbers; OBB2 corners form an
    exact rectangle around the centre with the half-extents' ratio; OBB3
    outlines are the exact hull of the projected corners; capsule arcs have
    the exact radius and tangent points within 2^-17;
  - CLI errors (exit 2, message, no output file written);
  - the examples listed in tools/matrix/svg-check.list are reproduced byte
    for byte (the determinism matrix compares every target with them).
--break damages one rendered file (an OBB corner rounded to 6 decimals as a
float printf would, one body element dropped): the checks must fail."""
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from fractions import Fraction as F

tool, replays, work = sys.argv[1], sys.argv[2], sys.argv[3]
breaking = "--break" in sys.argv[4:]
root = os.path.dirname(os.path.abspath(replays))
os.makedirs(work, exist_ok=True)
failures = 0
NS = "{http://www.w3.org/2000/svg}"


def run(*args):
    p = subprocess.run([tool, *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def check(cond, what, out=""):
    global failures
    if not cond:
        failures += 1
        print("FAIL:", what)
        if out:
            print("  output:", str(out).strip()[-600:])
    else:
        print("ok:", what)
    return cond


def dec(s):
    """An exact decimal as a Fraction (no float)."""
    assert re.fullmatch(r"-?\d+(\.\d+)?", s), s
    return F(s)


def fmt(v):
    """v (a multiple of 2^-16) as the replay text form writes it."""
    assert (v * 65536).denominator == 1, v
    neg = v < 0
    v = -v if neg else v
    ip = int(v)
    fr = v - ip
    s = str(ip)
    if fr:
        digits = ""
        while fr:
            fr *= 10
            digits += str(int(fr))
            fr -= int(fr)
        s += "." + digits
    return ("-" if neg else "") + s


def numbers(text):
    return re.findall(r"-?\d+(?:\.\d+)?", text)


# ---------------------------------------------------------------- the dump


def frame_dump(replay, frame):
    """The text form's lines of one frame: ops, the expect line, results;
    and every op line of the frames before and including it."""
    rc, out, err = run("dump", replay)
    assert rc == 0, err
    lines = out.splitlines()
    ops_before, cur, n = [], None, 0
    for i, line in enumerate(lines):
        if line.startswith("frame "):
            n += 1
            if n == frame:
                cur = i
            if n > frame:
                break
        elif n and n <= frame and not line.startswith(("expect", "result")):
            ops_before.append(line)
    body = []
    for line in lines[cur + 1:]:
        if line.startswith(("frame ", "end")):
            break
        body.append(line)
    ops = [x for x in body if not x.startswith(("expect", "result"))]
    expect = next(x for x in body if x.startswith("expect"))
    results = [x for x in body if x.startswith("result")]
    return ops, expect, results, ops_before


def simulate2d(op_lines):
    """Shapes (text form) of every live body after these operations: create,
    set, move (translate every coordinate), turn (OBB angle), destroy."""
    shapes = {}
    for line in op_lines:
        t = line.split()
        if t[0] in ("create", "set"):
            key = f"{t[1]}:{t[2]}"
            rest = t[3:] if t[0] == "set" else t[7:]
            shapes[key] = rest
        elif t[0] == "destroy":
            shapes.pop(f"{t[1]}:{t[2]}", None)
        elif t[0] == "turn":
            s = shapes[f"{t[1]}:{t[2]}"]
            s[s.index("angle") + 1] = t[4]
        elif t[0] == "move":
            s = shapes[f"{t[1]}:{t[2]}"]
            dx, dy = dec(t[4]), dec(t[5])
            kind = s[0]
            if kind == "circle":
                idx = [1, 2]
            elif kind in ("aabb", "capsule"):
                idx = [1, 2, 4, 5]
            elif kind == "obb":
                idx = [1, 2]
            else:  # poly N x y ...
                idx = list(range(2, 2 + 2 * int(s[1])))
            for k, i in enumerate(idx):
                s[i] = fmt(dec(s[i]) + (dx if k % 2 == 0 else dy))
        elif t[0] == "restore":
            return None
    return {k: " ".join(v) for k, v in shapes.items()}


# ---------------------------------------------------------------- the checks


def hull(pts):
    pts = sorted(set(pts))
    cross = lambda o, a, b: (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
    lo, up = [], []
    for p in pts:
        while len(lo) >= 2 and cross(lo[-2], lo[-1], p) <= 0:
            lo.pop()
        lo.append(p)
    for p in reversed(pts):
        while len(up) >= 2 and cross(up[-2], up[-1], p) <= 0:
            up.pop()
        up.append(p)
    return lo[:-1] + up[:-1]


def points(el):
    return [tuple(dec(v) for v in p.split(",")) for p in el.get("points").split()]


def check_body_geometry(el, dim):
    """Exactness of one body element against its data-shape; returns a reason or None."""
    s = el.get("data-shape").split()
    tag = el.tag[len(NS):]
    kind = s[0]
    if kind in ("circle", "sphere"):
        want = [s[1], s[2], s[4]] if kind == "circle" else [s[1], s[3], s[5]]
        got = [el.get("cx"), el.get("cy"), el.get("r")]
        return None if tag == "circle" and got == want else f"circle {got} != {want}"
    if kind == "aabb":
        v = [dec(x) for x in numbers(" ".join(s[1:]))]
        if dim == 2:
            x0, y0, x1, y1 = v
        else:
            x0, _, y0, x1, _, y1 = v
        got = [dec(el.get(a)) for a in ("x", "y", "width", "height")]
        return None if tag == "rect" and got == [x0, y0, x1 - x0, y1 - y0] else f"rect {got}"
    if kind == "poly":
        n = int(s[1])
        want = [(dec(s[2 + 2 * i]), dec(s[3 + 2 * i])) for i in range(n)]
        return None if tag == "polygon" and points(el) == want else "polygon vertices differ"
    if kind == "obb" and dim == 2:
        c = (dec(s[1]), dec(s[2]))
        hx, hy = dec(s[4]), dec(s[5])
        p = points(el)
        if len(p) != 4 or any((x * 2**32).denominator != 1 or (y * 2**32).denominator != 1 for x, y in p):
            return "obb corners are not Q32.32"
        if any(p[i][k] + p[i + 2][k] != 2 * c[k] for i in range(2) for k in range(2)):
            return "obb corners not symmetric about the centre"
        e1 = (p[0][0] - p[1][0], p[0][1] - p[1][1])
        e2 = (p[1][0] - p[2][0], p[1][1] - p[2][1])
        if e1[0] * e2[0] + e1[1] * e2[1] != 0:
            return "obb edges not exactly perpendicular"
        if (e1[0] ** 2 + e1[1] ** 2) * hy * hy != (e2[0] ** 2 + e2[1] ** 2) * hx * hx:
            return "obb edge lengths not in the half-extents' ratio"
        return None
    if kind == "obb":  # 3D: centre, half, axes
        v = [dec(x) for x in numbers(" ".join(s[1:]))]
        c, h, ax = v[0:3], v[3:6], [v[6:9], v[9:12], v[12:15]]
        corners = []
        for k in range(8):
            x, z = c[0], c[2]
            for i in range(3):
                f = h[i] if (k >> i) & 1 else -h[i]
                x += f * ax[i][0]
                z += f * ax[i][2]
            corners.append((x, z))
        return None if points(el) == hull(corners) else "obb3 outline is not the exact hull"
    if kind == "capsule":
        ax, ay, bx, by, r = dec(s[1]), dec(s[2]), dec(s[4]), dec(s[5]), dec(s[7])
        d = el.get("d")
        arcs = re.findall(r"A (\S+),(\S+) ", d)
        if len(arcs) != 2 or any(dec(a) != r or dec(b) != r for a, b in arcs):
            return "capsule arcs do not have the exact radius"
        pts = [tuple(dec(v) for v in p.split(",")) for p in re.findall(r"(-?[\d.]+,-?[\d.]+)(?= |$| Z)", d)]
        pts = [p for p in pts if p != (r, r)]
        L2 = (bx - ax) ** 2 + (by - ay) ** 2
        for px, py in pts:
            # distance of the tangent point from its endpoint's circle: within 2^-17 * sqrt(2)
            da = min(abs(float((px - ax) ** 2 + (py - ay) ** 2) ** 0.5 - float(r)),
                     abs(float((px - bx) ** 2 + (py - by) ** 2) ** 0.5 - float(r)))
            if L2 and da > 2 ** -16:
                return f"capsule tangent point {px},{py} off by {da}"
        return None
    return f"unknown shape {kind}"


def check_frame(replay, frame, extra=(), damage=False):
    name = f"{os.path.basename(replay)} frame {frame}"
    out = os.path.join(work, f"{os.path.basename(replay)}-{frame}.svg")
    rc, so, se = run("svg", replay, "--frame", str(frame), "-o", out, *extra)
    if not check(rc == 0 and os.path.isfile(out), f"{name}: svg exits 0 and writes the file", se):
        return
    data = open(out, encoding="utf-8").read()
    if damage:  # the --break twin: a float-rounded OBB corner and a body fewer
        m = re.search(r'(<polygon class="body[^"]*" data-id="[^"]*" data-shape="obb[^"]*" points=")(-?\d+\.\d+)', data)
        assert m, "no OBB body to damage"
        data = data[:m.start(2)] + "%.6f" % float(m.group(2)) + data[m.end(2):]
        last = list(re.finditer(r'<(circle|rect|polygon|path) class="body[^>]*/>\n', data))[-1]
        data = data[:last.start()] + data[last.end():]
        open(out, "w").write(data)
    try:
        doc = ET.fromstring(data.encode())
    except ET.ParseError as e:
        check(False, f"{name}: well-formed XML", e)
        return
    check(doc.tag == NS + "svg", f"{name}: well-formed XML, root <svg>")
    if shutil.which("xmllint"):
        p = subprocess.run(["xmllint", "--noout", out], capture_output=True, text=True)
        check(p.returncode == 0, f"{name}: xmllint --noout accepts it", p.stderr)
    byid = {g.get("id"): g for g in doc.iter(NS + "g") if g.get("id")}
    rc, bout, berr = run("bodies", replay, str(frame))
    live = {}
    for line in bout.splitlines():
        m = re.match(r"body (\d+:\d+) [0-9a-f]{16} ([0-9a-f]{16})$", line)
        if m:
            live[m.group(1)] = m.group(2) != "0" * 16
    bodies = list(byid["bodies"])
    ids = [b.get("data-id") for b in bodies]
    check(len(ids) == len(live) and set(ids) == set(live),
          f"{name}: one shape element per live body ({len(ids)} drawn, {len(live)} live)")
    paired = {b.get("data-id") for b in bodies if "pair" in b.get("class").split()}
    check(paired == {k for k, v in live.items() if v}, f"{name}: bodies highlighted as paired = bodies with partners")
    ops, expect, results, before = frame_dump(replay, frame)
    npairs = int(re.search(r" pairs (\d+) ", expect).group(1))
    links = list(byid["pairs"])
    ends = {x for l in links for x in (l.get("data-a"), l.get("data-b"))}
    check(len(links) == npairs and ends == paired, f"{name}: {npairs} pair lines (the recorded count) joining the paired bodies")
    qops = [x for x in ops if x.split()[0] in ("overlap", "point", "ray", "ray_all")]
    drawn = list(byid["queries"])
    check([q.get("data-op") for q in drawn] == qops, f"{name}: the frame's {len(qops)} queries drawn, in order")
    counts = [int(r.split()[1]) for r in results]
    hits_ok = all(int(q.get("data-hits")) == c for q, c in zip(drawn, counts)) and all(
        len([h for h in q if h.get("class") == "hit"]) == int(q.get("data-hits"))
        for q in drawn if q.get("class") == "ray")
    check(hits_ok and len(counts) == len(drawn), f"{name}: hit counts as recorded, one dot per ray hit")
    nrays = sum(1 for q in drawn if q.get("class") == "ray")
    print(f"  ({len(ids)} bodies, {npairs} pairs, {len(qops)} queries, {nrays} rays)")
    scale = byid.get("scale")
    check("legend" in byid and scale is not None and
          any(t.text == scale.get("data-length") + " units" for t in scale.iter(NS + "text")),
          f"{name}: legend and scale ({scale.get('data-length') if scale is not None else '-'} units) present")
    # exactness of every number in the world drawing
    bad = []
    for el in byid["world"].iter():
        for a in ("cx", "cy", "r", "x", "y", "width", "height", "x1", "y1", "x2", "y2", "points", "d"):
            if el.get(a) is not None:
                for v in numbers(el.get(a)):
                    if (dec(v) * 2**32).denominator != 1:
                        bad.append(v)
    check(not bad, f"{name}: every coordinate an exact decimal of Q32.32", bad[:3])
    reasons = [f"{b.get('data-id')}: {r}" for b in bodies for r in [check_body_geometry(b, 3 if "3d" in name else 2)] if r]
    check(not reasons, f"{name}: each body's element is exactly its shape", reasons[:3])
    dim = 3 if ("3d" in os.path.basename(replay)) else 2
    if dim == 2:
        sim = simulate2d(before)
        if sim is not None:
            got = {b.get("data-id"): b.get("data-shape") for b in bodies}
            diff = [k for k in got if sim.get(k) != got[k]]
            check(not diff and len(sim) == len(got),
                  f"{name}: every body's shape = the replay's text form moved by its moves ({len(got)} bodies)",
                  [(k, sim.get(k), got[k]) for k in diff[:2]])


cases = [("mixed2d-shapes.fcr", 500, ["--cells"]), ("bullets-walls.fcr", 300, []),
         ("boxes3d-ground.fcr", 200, []), ("adversarial3d.fcr", 40, ["--cells"])]
for i, (f, n, extra) in enumerate(cases):
    check_frame(os.path.join(replays, f), n, extra, damage=breaking and i == 0)

# ---------------------------------------------------------------- CLI errors
rp = os.path.join(replays, "adversarial3d.fcr")
outp = os.path.join(work, "err.svg")


def expect_error(args, pattern, what):
    if os.path.exists(outp):
        os.remove(outp)
    rc, so, se = run("svg", *args)
    check(rc == 2 and re.search(pattern, se) and so == "" and not os.path.exists(outp),
          f"svg {what}: exit 2, '{pattern}', nothing written", f"rc {rc} {se}")


expect_error([rp, "-o", outp], r"missing --frame N", "without --frame")
expect_error([rp, "--frame", "0", "-o", outp], r"--frame: bad number '0': out of range", "--frame 0 (frames from 1)")
expect_error([rp, "--frame", "-1", "-o", outp], r"a sign is not allowed", "--frame -1")
expect_error([rp, "--frame", "3x", "-o", outp], r"trailing text", "--frame 3x")
expect_error([rp, "--frame", "999999", "-o", outp], r"no frame 999999 \(it has frames 1\.\.400\)", "frame past the end")
expect_error([rp, "--frame", "1", "--frame", "2", "-o", outp], r"given twice", "--frame twice")
expect_error([rp, "--frame", "1", "--bogus", "-o", outp], r"unknown option '--bogus'", "unknown option")
expect_error([rp, rp, "--frame", "1", "-o", outp], r"extra argument", "two files")
expect_error([work, "--frame", "1", "-o", outp], r"not a regular file", "a directory as input")
expect_error([rp, "--frame", "1", "-o", os.path.join(work, "no", "such", "dir.svg")], r"cannot create", "unwritable output")
trunc = os.path.join(work, "trunc.fcr")
with open(trunc, "wb") as fh:
    fh.write(open(rp, "rb").read()[:5000])
expect_error([trunc, "--frame", "300", "-o", outp], r"bad input: offset \d+: ", "truncated file (reader's offset)")
txt = os.path.join(work, "bad.txt")
rc, so, se = run("dump", rp)
with open(txt, "w") as fh:
    fh.write(so.replace("sphere", "spere", 1))
expect_error([txt, "--frame", "1", "-o", outp], r"bad input: line \d+, column \d+: ", "garbled text file (line, column)")
keep = os.path.join(work, "keep.svg")
with open(keep, "w") as fh:
    fh.write("old")
run("svg", rp, "--frame", "999999", "-o", keep)
check(open(keep).read() == "old", "an error leaves an existing output file untouched")
rc, so, se = run("svg", rp, "--frame", "1")
check(rc == 0 and so.startswith("<?xml") and se == "", "without -o the drawing goes to stdout")

# ---------------------------------------------------------------- the committed examples
for line in open(os.path.join(root, "tools", "matrix", "svg-check.list")):
    if not line.strip() or line.startswith("#"):
        continue
    want, *args = line.split()
    got = os.path.join(work, os.path.basename(want))
    rc, so, se = run(*[os.path.join(root, a) if a.startswith("replays/") else a for a in args], "-o", got)
    same = rc == 0 and open(got, "rb").read() == open(os.path.join(root, want), "rb").read()
    check(same, f"{want} is reproduced byte for byte by `fixcol-replay {' '.join(args)}`", se)

print(f"{failures} failures")
sys.exit(1 if failures else 0)
