# SPDX-License-Identifier: MIT
"""check_area2_oracle.py LIBFIXCOL.so [--cases N] [--seed S] [--adversarial MAX] [--break MODE]

The skill-area predicates (fixcol/area2.h) against an independent exact
oracle written here in Python (exact integers, Fractions and numbers
a + b*sqrt(N)); the library is called through ctypes.

Oracle (different algorithms from src/area2_*.c):
  - the wedge W is the counter-clockwise sweep from u1 to u2, decided by
    pseudo-angle comparison in u1's frame (not by the half-angle
    thresholds the library uses); its convex pieces follow from the sign of
    cross(u1, u2);
  - sector n (K + D(r)) is non-empty iff K meets D(C, R + r) n W (K clipped
    by each convex piece of W, Sutherland-Hodgman on rationals, then the
    exact distance from C) or K is within r of a straight edge [C, E_i],
    E_i = C + R u_i / |u_i| computed in Q(sqrt(|u_i|^2)) (segment-segment
    intersection and clamped point-segment distances, exact);
  - ring n B: the exact interval [dist(C, B), farthest(C, B)] against
    [inner, outer], distances by clamped projection on rationals.
Cases: random shapes around random areas, the fixed adversarial set
(half-angles 0/1/90/180 and their neighbours, axis and diagonal edges with
vertices, edges and tangent circles exactly on the straight edges and the
arc end, range limits) and, for each random case, the boundary found by
bisection on a translation (the last overlapping and the first separated
position, 1 raw apart), both checked. Exit 1 on any disagreement.
--break MODE feeds the library a deliberately wrong area (radius - 1 raw,
half-angle + 1, ring inner + 1 raw, or the direction rotated by 1): the
same checks must then find disagreements (the should-fail twins).
"""
import ctypes as C
import os
import random
import sys
from fractions import Fraction as F

# ---------------------------------------------------------------- library
sys.dont_write_bytecode = True   # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fc_ctypes  # noqa: E402 (the shared ctypes layer, next to this file)
from fc_ctypes import (LIM, SIZE, Vec2, clampc, fields2, mk_aabb, mk_capsule, mk_circle, mk_obb,  # noqa: E402
                       mk_poly, sincos, valid2)
from fc_ctypes import Shape2 as Shape  # noqa: E402


class Sector(C.Structure):
    _fields_ = [("center", Vec2), ("radius", C.c_int32), ("direction", C.c_uint16), ("half_angle", C.c_uint16)]

class Ring(C.Structure):
    _fields_ = [("center", Vec2), ("inner", C.c_int32), ("outer", C.c_int32)]

lib = None


def load(path):
    global lib
    lib = fc_ctypes.load(path)
    for name, area in (("fc_overlap_sector2", Sector), ("fc_overlap_ring2", Ring)):
        getattr(lib, name).argtypes = [C.POINTER(area), C.POINTER(Shape)]
    for name, area in (("fc_sector2_contains", Sector), ("fc_ring2_contains", Ring)):
        getattr(lib, name).argtypes = [C.POINTER(area), Vec2]


# ------------------------------------------------------------ exact numbers
class Q:
    """a + b*sqrt(n), a and b rational; n = 0 means rational."""
    __slots__ = ("a", "b", "n")

    def __init__(self, a, b=0, n=0):
        self.a, self.b, self.n = F(a), F(b), n

    def _n(self, o):
        if self.b == 0:
            return o.n
        assert o.b == 0 or o.n == self.n
        return self.n

    def __add__(self, o):
        o = o if isinstance(o, Q) else Q(o)
        return Q(self.a + o.a, self.b + o.b, self._n(o))

    def __sub__(self, o):
        o = o if isinstance(o, Q) else Q(o)
        return Q(self.a - o.a, self.b - o.b, self._n(o))

    def __neg__(self):
        return Q(-self.a, -self.b, self.n)

    def __mul__(self, o):
        o = o if isinstance(o, Q) else Q(o)
        n = self._n(o)
        return Q(self.a * o.a + self.b * o.b * n, self.a * o.b + self.b * o.a, n)

    def div(self, q):  # by a rational
        q = F(q)
        return Q(self.a / q, self.b / q, self.n)

    def sign(self):
        sa = (self.a > 0) - (self.a < 0)
        sb = (self.b > 0) - (self.b < 0)
        if sb == 0 or self.n == 0:
            return sa if sb == 0 else (sa if self.n == 0 else sb)
        if sa == 0 or sa == sb:
            return sb if sa == 0 else sa
        d = self.a * self.a - self.b * self.b * self.n
        return sa if d > 0 else sb if d < 0 else 0


def q(v):
    return v if isinstance(v, Q) else Q(v)


def sgn(v):
    return q(v).sign()


def cross(ax, ay, bx, by):
    return q(ax) * q(by) - q(ay) * q(bx)


def dot(ax, ay, bx, by):
    return q(ax) * q(bx) + q(ay) * q(by)


def le(a, b):
    return (q(a) - q(b)).sign() <= 0

# ---------------------------------------------------------------- geometry
def seg_dist2_le(p, a, b, rr):
    """|p - [a, b]|^2 <= rr, exact (points in Q)."""
    ex, ey = q(b[0]) - a[0], q(b[1]) - a[1]
    wx, wy = q(p[0]) - a[0], q(p[1]) - a[1]
    ee, we = dot(ex, ey, ex, ey), dot(wx, wy, ex, ey)
    if ee.sign() == 0 or we.sign() <= 0:
        return le(dot(wx, wy, wx, wy), rr)
    if (we - ee).sign() >= 0:
        vx, vy = q(p[0]) - b[0], q(p[1]) - b[1]
        return le(dot(vx, vy, vx, vy), rr)
    c = cross(ex, ey, wx, wy)
    return le(c * c, q(rr) * ee)


def segs_cross(a, b, c, d):
    """closed segments [a, b] and [c, d] share a point (orientation signs)."""
    def orient(p, q1, r):
        return cross(q(q1[0]) - p[0], q(q1[1]) - p[1], q(r[0]) - p[0], q(r[1]) - p[1]).sign()

    def on(p, q1, r):  # r on the line p-q1: within the box
        return (min_le(p[0], q1[0], r[0]) and min_le(p[1], q1[1], r[1]))

    def min_le(x0, x1, v):
        return (le(x0, v) and le(v, x1)) or (le(x1, v) and le(v, x0))

    o1, o2, o3, o4 = orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b)
    if o1 * o2 < 0 and o3 * o4 < 0:
        return True
    return ((o1 == 0 and on(a, b, c)) or (o2 == 0 and on(a, b, d)) or (o3 == 0 and on(c, d, a))
            or (o4 == 0 and on(c, d, b)))


def inside_poly(p, vs):
    """p in the closed convex CCW polygon vs (len >= 3, positive area)."""
    n = len(vs)
    return all(cross(q(vs[(i + 1) % n][0]) - vs[i][0], q(vs[(i + 1) % n][1]) - vs[i][1],
                     q(p[0]) - vs[i][0], q(p[1]) - vs[i][1]).sign() >= 0 for i in range(n))


def area_pos(vs):
    if len(vs) < 3:
        return False
    s = Q(0)
    for i in range(len(vs)):
        s = s + cross(vs[i][0], vs[i][1], vs[(i + 1) % len(vs)][0], vs[(i + 1) % len(vs)][1])
    return s.sign() > 0


def edges(vs):
    if len(vs) == 1:
        return [(vs[0], vs[0])]
    if len(vs) == 2:
        return [(vs[0], vs[1])]
    return [(vs[i], vs[(i + 1) % len(vs)]) for i in range(len(vs))]


def conv_dist2_le(p, vs, rr):
    """distance^2 from p to conv(vs) (convex, CCW or degenerate) <= rr."""
    if not vs:
        return False
    if area_pos(vs) and inside_poly(p, vs):
        return True
    return any(seg_dist2_le(p, a, b, rr) for a, b in edges(vs))


def clip(vs, hp):
    """Sutherland-Hodgman: keep f(v) >= 0, f(v) = cross-type linear form."""
    nx, ny, cx, cy = hp  # keep points with (p - c) . (nx, ny) >= 0
    def f(v):
        return dot(q(v[0]) - cx, q(v[1]) - cy, nx, ny)
    if len(vs) <= 1:
        return vs if vs and f(vs[0]).sign() >= 0 else []
    out = []
    ring = vs if len(vs) > 2 else [vs[0], vs[1]]
    for i in range(len(ring)):
        a, b = ring[i], ring[(i + 1) % len(ring)]
        fa, fb = f(a), f(b)
        if fa.sign() >= 0:
            out.append(a)
        if fa.sign() * fb.sign() < 0:
            t = fa.a / (fa.a - fb.a)  # rational: the cores here are rational
            out.append((q(a[0]) + (q(b[0]) - a[0]) * t, q(a[1]) + (q(b[1]) - a[1]) * t))
    ded = []
    for v in out:
        if not ded or (q(v[0]) - ded[-1][0]).sign() != 0 or (q(v[1]) - ded[-1][1]).sign() != 0:
            ded.append(v)
    while len(ded) > 1 and (q(ded[0][0]) - ded[-1][0]).sign() == 0 and (q(ded[0][1]) - ded[-1][1]).sign() == 0:
        ded.pop()
    return ded

# ------------------------------------------------------------------ shapes
def core_of(t, s):
    """(vertices as rational raw points, radius) of an fc_shape2."""
    if t == 1:
        return [(F(s.center.x), F(s.center.y))], s.radius
    if t == 2:
        a, b = s.min, s.max
        return [(F(a.x), F(a.y)), (F(b.x), F(a.y)), (F(b.x), F(b.y)), (F(a.x), F(b.y))], 0
    if t == 3:
        c, sn = s.rot.c, s.rot.s
        out = []
        for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
            out.append((s.center.x + F(sx * s.half.x * c - sy * s.half.y * sn, 65536),
                        s.center.y + F(sx * s.half.x * sn + sy * s.half.y * c, 65536)))
        return out, 0
    if t == 4:
        return [(F(s.a.x), F(s.a.y)), (F(s.b.x), F(s.b.y))], s.radius
    return [(F(s.v[i].x), F(s.v[i].y)) for i in range(s.count)], 0


def shape_core(sh):
    return core_of(sh.type, [None, sh.u.circle, sh.u.aabb, sh.u.obb, sh.u.capsule, sh.u.poly][sh.type])

# ------------------------------------------------------------------ oracle
def ccw_from(u1, v):
    """v in u1's frame: a positively scaled rotation, angles preserved."""
    return (dot(u1[0], u1[1], v[0], v[1]), cross(u1[0], u1[1], v[0], v[1]))


def pseudo_le(a, b):
    """angle(a) <= angle(b), angles in [0, 2 pi) from +x; a, b nonzero."""
    def half(v):
        return 0 if v[1].sign() > 0 or (v[1].sign() == 0 and v[0].sign() > 0) else 1
    ha, hb = half(a), half(b)
    if ha != hb:
        return ha < hb
    return cross(a[0], a[1], b[0], b[1]).sign() >= 0


def wedge_contains(area, v):
    u1, u2, h = area["u1"], area["u2"], area["half"]
    if h == 32768 or (q(v[0]).sign() == 0 and q(v[1]).sign() == 0):
        return True
    a, b = ccw_from(u1, v), ccw_from(u1, u2)
    if b[1].sign() == 0 and b[0].sign() > 0:  # u2 along u1: sweep 0 (h = 0)
        return a[1].sign() == 0 and a[0].sign() > 0
    return pseudo_le(a, b)


def wedge_pieces(area):
    """W as a union of convex sets, each a list of half-planes through C."""
    u1, u2, h, cx, cy = area["u1"], area["u2"], area["half"], area["cx"], area["cy"]
    h1 = (-u1[1], u1[0], cx, cy)   # cross(u1, v) >= 0
    h2 = (u2[1], -u2[0], cx, cy)   # cross(v, u2) >= 0
    if h == 32768:
        return [[]]
    c = cross(u1[0], u1[1], u2[0], u2[1]).sign()
    if c == 0:
        if dot(u1[0], u1[1], u2[0], u2[1]).sign() > 0:
            return [[h1, h2, (u1[0], u1[1], cx, cy)]]  # the ray
        return [[h1]]  # u2 == -u1: a half-plane
    return [[h1, h2]] if c > 0 else [[h1], [h2]]


def sector_area(sec):
    u1 = sincos(sec.direction - sec.half_angle)
    u2 = sincos(sec.direction + sec.half_angle)
    return {"u1": u1, "u2": u2, "half": sec.half_angle, "cx": F(sec.center.x), "cy": F(sec.center.y),
            "R": sec.radius}


def edge_end(area, u):
    n = u[0] * u[0] + u[1] * u[1]
    R = area["R"]
    return (Q(area["cx"], F(R * u[0], n), n), Q(area["cy"], F(R * u[1], n), n))


def near_segment(vs, r, a, b):
    """dist(conv(vs), [a, b]) <= r (a rational, b in Q(sqrt N))."""
    rr = F(r) * r
    if len(vs) >= 3 and (inside_poly(a, vs) or inside_poly(b, vs)):
        return True
    for p, w in edges(vs):
        if segs_cross(p, w, a, b):
            return True
        if seg_dist2_le(a, p, w, rr) or seg_dist2_le(b, p, w, rr):
            return True
    return any(seg_dist2_le(v, a, b, rr) for v in vs)


def oracle_sector(sec, sh):
    area = sector_area(sec)
    vs, r = shape_core(sh)
    C0 = (area["cx"], area["cy"])
    Rr = F(sec.radius + r) ** 2
    for piece in wedge_pieces(area):
        part = vs
        for hp in piece:
            part = clip(part, hp)
        if conv_dist2_le(C0, part, Rr):
            return 1
    for u in (area["u1"], area["u2"]):
        if near_segment(vs, r, C0, edge_end(area, u)):
            return 1
    return 0


def oracle_sector_point(sec, p):
    area = sector_area(sec)
    v = (F(p[0]) - sec.center.x, F(p[1]) - sec.center.y)
    return int(v[0] ** 2 + v[1] ** 2 <= F(sec.radius) ** 2 and wedge_contains(area, v))


def oracle_ring(ring, sh):
    vs, r = shape_core(sh)
    C0 = (F(ring.center.x), F(ring.center.y))
    if not conv_dist2_le(C0, vs, F(ring.outer + r) ** 2):
        return 0
    if r >= ring.inner:
        return 1
    far = max((v[0] - C0[0]) ** 2 + (v[1] - C0[1]) ** 2 for v in vs)
    return int(far >= F(ring.inner - r) ** 2)


def oracle_ring_point(ring, p):
    d = (p[0] - ring.center.x) ** 2 + (p[1] - ring.center.y) ** 2
    return int(ring.inner ** 2 <= d <= ring.outer ** 2)

# -------------------------------------------------------------- generators
def translated(sh, dx, dy):
    s = Shape()
    C.pointer(s)[0] = sh
    t = sh.type
    if t == 1:
        s.u.circle.center = Vec2(sh.u.circle.center.x + dx, sh.u.circle.center.y + dy)
    elif t == 2:
        s.u.aabb.min = Vec2(sh.u.aabb.min.x + dx, sh.u.aabb.min.y + dy)
        s.u.aabb.max = Vec2(sh.u.aabb.max.x + dx, sh.u.aabb.max.y + dy)
    elif t == 3:
        s.u.obb.center = Vec2(sh.u.obb.center.x + dx, sh.u.obb.center.y + dy)
    elif t == 4:
        s.u.capsule.a = Vec2(sh.u.capsule.a.x + dx, sh.u.capsule.a.y + dy)
        s.u.capsule.b = Vec2(sh.u.capsule.b.x + dx, sh.u.capsule.b.y + dy)
    else:
        for i in range(sh.u.poly.count):
            s.u.poly.v[i] = Vec2(sh.u.poly.v[i].x + dx, sh.u.poly.v[i].y + dy)
    return s


HALVES = [0, 1, 2, 8191, 8192, 16383, 16384, 16385, 24576, 32766, 32767, 32768]


def rand_half(rng):
    return rng.choice(HALVES) if rng.random() < 0.5 else rng.randrange(0, 32769)


def rand_scale(rng):
    return rng.choice([1 << 8, 1 << 12, 1 << 16, 1 << 20, 1 << 24, SIZE])


def rand_shape(rng, cx, cy, sc):
    t = rng.randrange(1, 6)
    def pt():
        return cx + rng.randrange(-2 * sc, 2 * sc + 1), cy + rng.randrange(-2 * sc, 2 * sc + 1)
    def size():
        return rng.randrange(1, max(2, min(sc, SIZE)))
    while True:
        if t == 1:
            s = mk_circle(*pt(), rng.choice([0, size()]))
        elif t == 2:
            x, y = pt()
            s = mk_aabb(x, y, x + 2 * size(), y + 2 * size())
        elif t == 3:
            s = mk_obb(*pt(), size(), size(), rng.randrange(65536))
        elif t == 4:
            a, b = pt(), pt()
            s = mk_capsule(a[0], a[1], b[0], b[1], rng.choice([0, size()]))
        else:
            n = rng.randrange(3, 9)
            x, y = pt()
            rad = size()
            angs = sorted(rng.sample(range(65536), n))
            s = mk_poly([(x + rad * sincos(a)[0] // 65536, y + rad * sincos(a)[1] // 65536) for a in angs])
        if valid2(s):
            return s


def rand_sector(rng, sc):
    c = (rng.randrange(-LIM, LIM + 1), rng.randrange(-LIM, LIM + 1)) if rng.random() < 0.1 else \
        (clampc(rng.randrange(-sc * 4, sc * 4 + 1)), clampc(rng.randrange(-sc * 4, sc * 4 + 1)))
    r = rng.choice([0, SIZE, rng.randrange(0, min(SIZE, 2 * sc) + 1)])
    d = rng.choice([0, 8192, 16384, 32768, 49152, rng.randrange(65536)])
    return Sector(Vec2(*c), r, d, rand_half(rng))


def rand_ring(rng, sc):
    c = (clampc(rng.randrange(-sc * 4, sc * 4 + 1)), clampc(rng.randrange(-sc * 4, sc * 4 + 1)))
    o = rng.choice([0, SIZE, rng.randrange(0, min(SIZE, 2 * sc) + 1)])
    i = rng.choice([0, o, rng.randrange(0, o + 1)])
    return Ring(Vec2(*c), i, o)


def adversarial(rng):
    """Exact boundary contacts with the straight edges and the arc end."""
    out = []
    for d in (0, 16384, 8192, 32768 + 8192):
        for h in (0, 8192, 16384, 24576, 32768, 1, 16383, 16385):
            cx, cy = rng.randrange(-1000, 1000), rng.randrange(-1000, 1000)
            R = rng.choice([65536, 5 * 65536 + 3, SIZE])
            sec = Sector(Vec2(cx, cy), R, d, h)
            area = sector_area(sec)
            for u in (area["u1"], area["u2"]):
                for k in (1, 3, 1000, R // 65536 + 1):
                    for e in (-1, 0, 1):
                        px, py = cx + u[0] * k // 65536 * 0 + u[0] * k // 65536, cy + u[1] * k // 65536
                        out.append((sec, mk_circle(px + e, py, 0)))
                        out.append((sec, mk_circle(px, py + e, 0)))
                        out.append((sec, mk_circle(px + u[1] // 4096 + e, py - u[0] // 4096, 16 - e * 0)))
                        out.append((sec, mk_aabb(px + e, py + e, px + 100, py + 100)))
                        out.append((sec, mk_aabb(px - 100, py - 100, px + e, py + e)))
                        out.append((sec, mk_capsule(px + e, py + 7, px + 50, py - 30, rng.choice([0, 5]))))
                # arc end and tangent circles (exact when u is axis-aligned)
                if u[0] == 0 or u[1] == 0:
                    ex, ey = cx + R * u[0] // 65536, cy + R * u[1] // 65536
                    for e in (-1, 0, 1):
                        out.append((sec, mk_circle(ex + (u[0] // 65536) * (9 + e), ey + (u[1] // 65536) * (9 + e), 9)))
                        out.append((sec, mk_circle(ex + e, ey, 0)))
                        out.append((sec, mk_aabb(ex + e, ey + e, ex + 40, ey + 40)))
                        out.append((sec, mk_poly([(ex + e, ey), (ex + 50, ey - 20), (ex + 60, ey + 30)])))
            # tangent to the straight edge lines of an axis-aligned wedge
            for e in (-1, 0, 1):
                out.append((sec, mk_circle(cx + 300, cy - 50 - e, 50)))
                out.append((sec, mk_circle(cx - 50 - e, cy + 300, 50)))
                out.append((sec, mk_circle(cx + 300, cy + 50 + e, 50)))
                out.append((sec, mk_obb(cx + 500, cy - 100 - e, 100, 100, 0)))
                out.append((sec, mk_circle(cx - 10 - e, cy, 10)))  # behind the apex
                out.append((sec, mk_circle(cx + R + 10 + e, cy, 10)))  # beyond the arc on +x
    return [(s, b) for s, b in out if valid2(b)]


def adversarial_rings(rng):
    out = []
    for ri, ro in ((0, 65536), (65536, 65536), (65536, 2 * 65536), (0, 0), (SIZE, SIZE), (100, SIZE)):
        ring = Ring(Vec2(0, 0), ri, ro)
        for e in (-1, 0, 1):
            out.append((ring, mk_circle(ro + 5 + e, 0, 5)))          # outer tangent
            out.append((ring, mk_circle(0, 0, ri + e if ri + e >= 0 else 0)))  # inner tangent from inside
            out.append((ring, mk_aabb(-ri + 1 - e, -3, ri - 1 + e if ri - 1 + e > -ri + 1 - e else -ri + 2 - e, 3)))
            out.append((ring, mk_capsule(0, -ri - e, 0, ri + e, 0)))
            out.append((ring, mk_obb(0, 0, max(1, ri + e), 1, 16384)))
            out.append((ring, mk_circle(ro + e, 0, 0)))
            out.append((ring, mk_circle(ri + e, 0, 0)))
    return [(s, b) for s, b in out if valid2(b)]

# ------------------------------------------------------------------ checks
def broken(area, mode):
    if isinstance(area, Sector):
        s = Sector(area.center, area.radius, area.direction, area.half_angle)
        if mode == "radius" and s.radius > 0:
            s.radius -= 1
        elif mode == "half" and s.half_angle < 32768:
            s.half_angle += 1
        elif mode == "direction":
            s.direction = (s.direction + 1) & 0xFFFF
        return s
    r = Ring(area.center, area.inner, area.outer)
    if mode == "inner" and r.inner < r.outer:
        r.inner += 1
    return r


class Run:
    def __init__(self, brk):
        self.brk = brk
        self.checked = 0
        self.bad = 0

    def lib_overlap(self, area, sh):
        a = broken(area, self.brk) if self.brk else area
        if isinstance(area, Sector):
            return lib.fc_overlap_sector2(C.byref(a), C.byref(sh))
        return lib.fc_overlap_ring2(C.byref(a), C.byref(sh))

    def check(self, area, sh, what):
        got = self.lib_overlap(area, sh)
        want = oracle_sector(area, sh) if isinstance(area, Sector) else oracle_ring(area, sh)
        self.checked += 1
        if got != want:
            self.bad += 1
            if self.bad <= 5:
                print(f"DISAGREE {what}: lib {got} oracle {want} area {fields(area)} shape {fields2(sh)}")

    def check_point(self, area, p):
        a = broken(area, self.brk) if self.brk else area
        if isinstance(area, Sector):
            got, want = lib.fc_sector2_contains(C.byref(a), Vec2(*p)), oracle_sector_point(area, p)
        else:
            got, want = lib.fc_ring2_contains(C.byref(a), Vec2(*p)), oracle_ring_point(area, p)
        self.checked += 1
        if got != want:
            self.bad += 1
            if self.bad <= 5:
                print(f"DISAGREE point: lib {got} oracle {want} area {fields(area)} p {p}")

    def boundary(self, area, sh, rng):
        """Bisect a translation for the flip of the library's answer; check both sides."""
        d = rng.choice([(1, 0), (0, 1), (1, 1), (-1, 2), (3, -1), (-1, -1)])
        base = self.lib_overlap(area, sh)
        lo, hi = 0, None
        for k in range(1, 31):
            step = 1 << k
            s2 = translated(sh, d[0] * step, d[1] * step)
            if not valid2(s2):
                return
            if self.lib_overlap(area, s2) != base:
                hi = step
                break
            lo = step
        if hi is None:
            return
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self.lib_overlap(area, translated(sh, d[0] * mid, d[1] * mid)) == base:
                lo = mid
            else:
                hi = mid
        for k in (lo, hi):
            self.check(area, translated(sh, d[0] * k, d[1] * k), "boundary")


def fields(a):
    if isinstance(a, Sector):
        return (a.center.x, a.center.y, a.radius, a.direction, a.half_angle)
    return (a.center.x, a.center.y, a.inner, a.outer)


def identities(rng, run, n):
    """Same sets, different calls: half-angle 180 and inner 0 are the disc,
    containment is overlap with a radius-0 circle, an AABB equals the same
    box as an OBB of angle 0 and as a polygon."""
    bad = 0
    for _ in range(n):
        sc = rand_scale(rng)
        sh = rand_shape(rng, 0, 0, sc)
        sec = rand_sector(rng, sc)
        disc = mk_circle(sec.center.x, sec.center.y, sec.radius)
        full = Sector(sec.center, sec.radius, sec.direction, 32768)
        bad += lib.fc_overlap_sector2(C.byref(full), C.byref(sh)) != lib.fc_overlap2(C.byref(disc), C.byref(sh))
        ring = Ring(sec.center, 0, sec.radius)
        bad += lib.fc_overlap_ring2(C.byref(ring), C.byref(sh)) != lib.fc_overlap2(C.byref(disc), C.byref(sh))
        p = (clampc(rng.randrange(-sc * 4, sc * 4)), clampc(rng.randrange(-sc * 4, sc * 4)))
        pc = mk_circle(p[0], p[1], 0)
        bad += lib.fc_sector2_contains(C.byref(sec), Vec2(*p)) != lib.fc_overlap_sector2(C.byref(sec), C.byref(pc))
        rr = rand_ring(rng, sc)
        bad += lib.fc_ring2_contains(C.byref(rr), Vec2(*p)) != lib.fc_overlap_ring2(C.byref(rr), C.byref(pc))
        w, h = rng.randrange(1, sc + 2), rng.randrange(1, sc + 2)
        x, y = max(-LIM + w, min(LIM - w, p[0])), max(-LIM + h, min(LIM - h, p[1]))
        forms = [mk_aabb(x - w, y - h, x + w, y + h), mk_obb(x, y, w, h, 0),
                 mk_poly([(x - w, y - h), (x + w, y - h), (x + w, y + h), (x - w, y + h)])]
        forms = [f for f in forms if valid2(f)]
        for area in (sec, rr):
            fn = lib.fc_overlap_sector2 if isinstance(area, Sector) else lib.fc_overlap_ring2
            if len({fn(C.byref(area), C.byref(f)) for f in forms}) > 1:
                bad += 1
    run.checked += 5 * n
    run.bad += bad
    if bad:
        print(f"identities: {bad} mismatches")


def main(argv):
    path = argv[1]
    opts = fc_ctypes.parse_options(argv, {"cases": 300, "seed": 17, "adversarial": 1500, "break": None})
    if opts is None:
        return 77
    cases, seed, brk, adv_max = opts["cases"], opts["seed"], opts["break"], opts["adversarial"]
    load(path)
    rng = random.Random(seed)
    run = Run(brk)
    adv = adversarial(rng)
    adv = rng.sample(adv, min(adv_max, len(adv))) + adversarial_rings(rng)
    for area, sh in adv:
        run.check(area, sh, "adversarial")
    for _ in range(cases):
        sc = rand_scale(rng)
        sec, ring = rand_sector(rng, sc), rand_ring(rng, sc)
        for area in (sec, ring):
            sh = rand_shape(rng, area.center.x, area.center.y, sc)
            run.check(area, sh, "random")
            run.boundary(area, sh, rng)
            p = (clampc(area.center.x + rng.randrange(-2 * sc, 2 * sc + 1)),
                 clampc(area.center.y + rng.randrange(-2 * sc, 2 * sc + 1)))
            run.check_point(area, p)
    if not brk:
        identities(rng, run, cases)
    print(f"skill areas vs exact oracle: {run.checked} checks ({len(adv)} adversarial), "
          f"{run.bad} disagreements" + (f" [break {brk}]" if brk else ""))
    return 1 if run.bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
