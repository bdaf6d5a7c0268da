# SPDX-License-Identifier: MIT
"""check_cast_oracle.py LIBFIXCOL.so [--cases N] [--seed S] [--world N] [--break MODE] [--skip WHY]

The shape casts (fixcol/cast.h) against an independent exact oracle written
here in Python (integers only: no float in any decision; only the input
generators draw with random()), the library called
through ctypes. The algorithm is different from the library's (separating-
axis intervals, rays against the rounded Minkowski difference): FEATURE
ENUMERATION. Each shape is a core (point, segment, convex polygon; point or
parallelepiped in 3D) plus a radius, R = rA + rB, coordinates scaled by
65536 so every vertex (OBB2 and OBB3 ones too) is an integer. The moving
core at time t is coreA + t*d; the shapes overlap iff dist(cores) <= R.
Every time at which some feature pair of the cores is at distance exactly R
- vertex-vertex (ball: quadratic), vertex-edge (2D: line at distance R;
3D: cylinder), vertex-face (plane at distance R), edge-edge (R = 0:
coplanarity, linear) - with the foot of the perpendicular inside the
feature is a time of overlap, and the first and last times of overlap
(over all real t) are among them. So the overlap interval over the reals
is [T0, T1] = [min, max] of the valid candidates, the cast hits iff
T0 <= 1 and T1 >= 0, and its entry is max(T0, 0). Times are numbers
(a + b*sqrt(q)) / c with Python integers, compared exactly (sign analysis
and squaring), floor(65536 t) by an integer square root.

The oracle is not trusted blindly: for every case its own static overlap
test (a third algorithm: containment of a vertex, crossing edges / an edge
through a face, vertex-feature distances; exact integers) must agree with
the claimed interval at t = 0, 1, (k-1)/65536, k/65536, (k+1)/65536 and at
rationals 2^-80 below / above T0 and T1 (and at T0 itself when rational),
and at t = 0 also with the library's fc_overlap2 / fc_overlap3.

Normals: t > 0: R > 0 gives a unique contact direction (the closest-point
vector of the cores / R, exact); R = 0 gives the normal cone of the
touching: the candidate axes (edge normals, face normals, edge x edge)
that separate A(T0) and B exactly; one direction: the reported normal must
be within FC_CAST_NORMAL_TOL per component of its unit vector; several
(corner on corner): the reported normal must separate within the
tolerance the per-component bound implies, n.(b - a) >= -TOL * |b - a|_1
for every vertex pair, and be unit within the same bound. t == 0: equal to
fc_contact2 / fc_contact3 (moving, target).normal.
World casts: closest == least (exact t, index) of the oracle over the
bodies passing the filter, all hits == exactly those bodies, in that order
(exact ties constructed on purpose).
--break MODE perturbs the library's answers (t+1, normal, drop-hit, order):
the checks must then fail (the should-fail twins).
"""
import ctypes as C
import random
import os
import sys
import time
from math import gcd, isqrt

# ---------------------------------------------------------------- library
sys.dont_write_bytecode = True   # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fc_ctypes  # noqa: E402 (the shared ctypes layer, next to this file)
from fc_ctypes import (LIM, SIZE, BodyDef, BodyId, Contact2, Contact3, Filter, Hit2, Hit3, Obb3,  # noqa: E402
                       Shape2, Shape3, Vec2, Vec3, WorldDef, clampc, fields2, mk_aabb, mk_capsule, mk_circle,
                       mk_obb, mk_poly, sincos, valid2)

DLIM = 1 << 30
S = 65536           # internal scale: coordinates in units of 2^-32
TOL = 2             # FC_CAST_NORMAL_TOL
FC_ERR_RANGE = -2
lib = None
HAVE = {2: False, 3: False}   # fc_cast2 / fc_cast3 (and the world casts) in the library


def load(path):
    global lib
    lib = fc_ctypes.load(path)
    lib.fc_overlap3.argtypes = [C.POINTER(Shape3), C.POINTER(Shape3)]
    lib.fc_contact2.argtypes = [C.POINTER(Shape2), C.POINTER(Shape2), C.POINTER(Contact2)]
    lib.fc_contact3.argtypes = [C.POINTER(Shape3), C.POINTER(Shape3), C.POINTER(Contact3)]
    lib.fc_shape3_validate.argtypes = [C.POINTER(Shape3)]
    lib.fc_obb3_from_euler.argtypes = [Vec3, Vec3, C.c_uint16, C.c_uint16, C.c_uint16, C.POINTER(Obb3)]
    lib.fc_world_def_default.restype = WorldDef
    lib.fc_body_def_default.restype = BodyDef
    lib.fc_world_create.argtypes = [C.POINTER(WorldDef), C.POINTER(C.c_void_p)]
    lib.fc_world_destroy.argtypes = [C.c_void_p]
    lib.fc_world_create_body.argtypes = [C.c_void_p, C.POINTER(BodyDef), C.POINTER(BodyId)]
    lib.fc_world_destroy_body.argtypes = [C.c_void_p, BodyId]
    for dim, sh, vec, hit in ((2, Shape2, Vec2, Hit2), (3, Shape3, Vec3, Hit3)):
        HAVE[dim] = hasattr(lib, f"fc_cast{dim}")
        if not HAVE[dim]:
            continue
        getattr(lib, f"fc_cast{dim}").argtypes = [C.POINTER(sh), vec, C.POINTER(sh), C.POINTER(hit), C.POINTER(C.c_int)]
        getattr(lib, f"fc_world_cast{dim}").argtypes = [C.c_void_p, C.POINTER(sh), vec, Filter, C.POINTER(hit),
                                                         C.POINTER(C.c_int)]
        getattr(lib, f"fc_world_cast{dim}_all").argtypes = [C.c_void_p, C.POINTER(sh), vec, Filter,
                                                             C.POINTER(C.POINTER(hit)), C.POINTER(C.c_int32)]


# ------------------------------------------------------------ exact numbers
def sgn(x):
    return (x > 0) - (x < 0)


def sign2(a, b, q):
    """sign(a + b*sqrt(q)), integers, q >= 0."""
    sa, sb = sgn(a), (sgn(b) if q else 0)
    if sb == 0:
        return sa
    if sa == 0 or sa == sb:
        return sb
    d = a * a - b * b * q
    return sa if d > 0 else (sb if d < 0 else 0)


def sign3(a, b, q1, c, q2):
    """sign(a + b*sqrt(q1) + c*sqrt(q2)), integers."""
    s1, s2 = sign2(a, b, q1), (sgn(c) if q2 else 0)
    if s2 == 0 or s1 == s2:
        return s1
    if s1 == 0:
        return s2
    d = sign2(a * a + b * b * q1 - c * c * q2, 2 * a * b, q1)
    return s1 if d > 0 else (s2 if d < 0 else 0)


class Surd:
    """(a + b*sqrt(q)) / c, integers, c > 0; b = q = 0 when rational."""
    __slots__ = ("a", "b", "q", "c")

    def __init__(self, a, b, q, c):
        assert c != 0 and q >= 0
        if c < 0:
            a, b, c = -a, -b, -c
        if b == 0 or q == 0:
            b, q = 0, 0
        else:
            r = isqrt(q)
            if r * r == q:
                a, b, q = a + b * r, 0, 0
        self.a, self.b, self.q, self.c = a, b, q, c

    def rational(self):
        return self.q == 0

    def cmp(self, o):
        """sign(self - o)."""
        return sign3(o.c * self.a - self.c * o.a, o.c * self.b, self.q, -self.c * o.b, o.q)

    def lin(self, l0, l1):
        """sign(l0 + l1 * self), integers l0, l1."""
        return sign2(l0 * self.c + l1 * self.a, l1 * self.b, self.q)

    def floor_scaled(self, k):
        """floor(k * self), k a positive integer, exactly."""
        x = k * k * self.b * self.b * self.q
        r = isqrt(x)
        fy = r if self.b >= 0 else -(r + (r * r != x))
        return (k * self.a + fy) // self.c

    def below_above(self, bits=80):
        """rationals (n / 2^bits, (n + 1) / 2^bits) with n / 2^bits <= self < (n+1) / 2^bits."""
        n = self.floor_scaled(1 << bits)
        return (n, 1 << bits), (n + 1, 1 << bits)

    def __repr__(self):
        if self.q:
            return f"({self.a} + {self.b}*sqrt({self.q}))/{self.c}"
        g = gcd(self.a, self.c)
        return f"{self.a // g}/{self.c // g}"


ZERO = Surd(0, 0, 0, 1)
ONE = Surd(1, 0, 0, 1)


def dot(u, v):
    return sum(x * y for x, y in zip(u, v))


def sub(u, v):
    return tuple(x - y for x, y in zip(u, v))


def add(u, v):
    return tuple(x + y for x, y in zip(u, v))


def scale(k, u):
    return tuple(k * x for x in u)


def cross3(u, v):
    return (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])


def cross2(u, v):
    return u[0] * v[1] - u[1] * v[0]


def perp2(e):
    return (e[1], -e[0])  # right-hand normal: outward for a CCW polygon

# ------------------------------------------------------------------ cores
class Core:
    """verts: integer points (raw * 65536); edges: (p, e); faces (3D): (p, e1, e2); r: radius * 65536."""

    def __init__(self, verts, r, dim, box=None):
        self.verts, self.r, self.dim = verts, r, dim
        self.edges, self.faces = [], []
        self.box = box  # 3D parallelepiped (o, E0, E1, E2)
        if dim == 2:
            n = len(verts)
            if n == 2:
                self.edges = [(verts[0], sub(verts[1], verts[0]))]
            elif n >= 3:
                self.edges = [(verts[i], sub(verts[(i + 1) % n], verts[i])) for i in range(n)]
        elif box:
            o, E = box[0], box[1:]
            for i in range(3):
                j, k = (i + 1) % 3, (i + 2) % 3
                for bj in (0, 1):
                    for bk in (0, 1):
                        self.edges.append((add(o, add(scale(bj, E[j]), scale(bk, E[k]))), E[i]))
                for bi in (0, 1):
                    self.faces.append((add(o, scale(bi, E[i])), E[j], E[k]))

    def moved(self, num, den, d):
        """core at time num/den, every coordinate scaled by den."""
        v = [add(scale(den, p), scale(num, d)) for p in self.verts]
        box = None
        if self.box:
            box = (add(scale(den, self.box[0]), scale(num, d)),) + tuple(scale(den, e) for e in self.box[1:])
        return Core(v, self.r * den, self.dim, box)

    def scaled(self, den):
        return self.moved(0, den, (0,) * self.dim)


def core2(sh):
    t = sh.type
    if t == 1:
        c = sh.u.circle
        return Core([(S * c.center.x, S * c.center.y)], S * c.radius, 2)
    if t == 2:
        a, b = sh.u.aabb.min, sh.u.aabb.max
        return Core([(S * a.x, S * a.y), (S * b.x, S * a.y), (S * b.x, S * b.y), (S * a.x, S * b.y)], 0, 2)
    if t == 3:
        o = sh.u.obb
        c, s = o.rot.c, o.rot.s
        vs = [(S * o.center.x + sx * o.half.x * c - sy * o.half.y * s,
               S * o.center.y + sx * o.half.x * s + sy * o.half.y * c)
              for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
        return Core(vs, 0, 2)
    if t == 4:
        c = sh.u.capsule
        a, b = (S * c.a.x, S * c.a.y), (S * c.b.x, S * c.b.y)
        return Core([a] if a == b else [a, b], S * c.radius, 2)
    p = sh.u.poly
    return Core([(S * p.v[i].x, S * p.v[i].y) for i in range(p.count)], 0, 2)


def v3(v):
    return (v.x, v.y, v.z)


def core3(sh):
    t = sh.type
    if t == 1:
        c = sh.u.sphere
        return Core([scale(S, v3(c.center))], S * c.radius, 3)
    if t == 2:
        lo, hi = v3(sh.u.aabb.min), v3(sh.u.aabb.max)
        ext = sub(hi, lo)
        E = [tuple(S * ext[i] if j == i else 0 for j in range(3)) for i in range(3)]
        box = (scale(S, lo), E[0], E[1], E[2])
    else:
        o = sh.u.obb
        h, ax = v3(o.half), [v3(o.axis[i]) for i in range(3)]
        corner = scale(S, v3(o.center))
        for i in range(3):
            corner = sub(corner, scale(h[i], ax[i]))
        box = (corner, scale(2 * h[0], ax[0]), scale(2 * h[1], ax[1]), scale(2 * h[2], ax[2]))
    o, E = box[0], box[1:]
    verts = [add(o, add(scale(b & 1, E[0]), add(scale(b >> 1 & 1, E[1]), scale(b >> 2 & 1, E[2]))))
             for b in range(8)]
    return Core(verts, 0, 3, box)

# ------------------------------------------------------- the cast oracle
class Cand:
    """A touching time t and how to get the A->B closest-point vector there:
    V(t) = (v0 + v1 * t) / den (vectors of integers), or None (R = 0)."""
    __slots__ = ("t", "v0", "v1", "den", "kind")

    def __init__(self, t, kind, v0=None, v1=None, den=1):
        self.t, self.kind, self.v0, self.v1, self.den = t, kind, v0, v1, den


def in_range(t, l0, l1, hi):
    """0 <= l0 + l1 t <= hi."""
    return t.lin(l0, l1) >= 0 and t.lin(l0 - hi, l1) <= 0


def point_feature_cands(x0, dx, pa, core, R, out):
    """The point x0 + t dx (on A when pa, else on B) against the features of core (fixed)."""
    dim = core.dim
    sg = -1 if pa else 1     # V = sg * (x - closest) ... A->B vector
    # vertices: |x - p|^2 = R^2
    for p in core.verts:
        w = sub(x0, p)
        A, B, Cc = dot(dx, dx), dot(w, dx), dot(w, w) - R * R
        if A == 0:
            continue
        disc = B * B - A * Cc
        if disc < 0:
            continue
        for sq in (-1, 1):
            out.append(Cand(Surd(-B, sq, disc, A), "vertex", scale(sg, w), scale(sg, dx), 1))
    for p, e in core.edges:
        E = dot(e, e)
        r0, r1 = sub(x0, p), dx
        s0, s1 = dot(r0, e), dot(r1, e)
        if dim == 2:
            c0, c1 = cross2(e, r0), cross2(e, r1)
            if c1 == 0:
                continue
            roots = [Surd(-c0, sq * R, E, c1) for sq in ((-1, 1) if R else (1,))]
        else:
            a, b = cross3(e, r0), cross3(e, r1)
            A, B, Cc = dot(b, b), dot(a, b), dot(a, a) - R * R * E
            if A == 0:
                continue
            disc = B * B - A * Cc
            if disc < 0:
                continue
            roots = [Surd(-B, sq, disc, A) for sq in (-1, 1)]
        perp0 = sub(scale(E, r0), scale(s0, e))
        perp1 = sub(scale(E, r1), scale(s1, e))
        for t in roots:
            if in_range(t, s0, s1, E):
                out.append(Cand(t, "edge", scale(sg, perp0), scale(sg, perp1), E))
    for p, e1, e2 in core.faces:
        n = cross3(e1, e2)
        N = dot(n, n)
        r0, r1 = sub(x0, p), dx
        h0, h1 = dot(n, r0), dot(n, r1)
        if h1 == 0:
            continue
        g1, g2 = cross3(e2, n), cross3(n, e1)
        for sq in ((-1, 1) if R else (1,)):
            t = Surd(-h0, sq * R, N, h1)
            if in_range(t, dot(r0, g1), dot(r1, g1), N) and in_range(t, dot(r0, g2), dot(r1, g2), N):
                out.append(Cand(t, "face", scale(sg * h0, n), scale(sg * h1, n), N))


def edge_edge_cands(ca, d, cb, out):
    """R = 0, 3D: an edge of A (moving) crossing an edge of B."""
    for p1, e1 in ca.edges:
        for p2, e2 in cb.edges:
            m = cross3(e1, e2)
            M = dot(m, m)
            if M == 0:
                continue
            den = dot(m, d)             # det(e1, e2, d)
            if den == 0:
                continue
            num = dot(m, sub(p2, p1))   # det(e1, e2, p2 - p1)
            t = Surd(num, 0, 0, den)
            # w = p2 - p1 - t d, scaled by t.c: u = (w x e2).m / M, v = (w x e1).m / M
            w = sub(scale(t.c, sub(p2, p1)), scale(t.a, d))
            u, v = dot(cross3(w, e2), m), dot(cross3(w, e1), m)
            lim = M * t.c
            if 0 <= u <= lim and 0 <= v <= lim:
                out.append(Cand(t, "edge-edge"))


def candidates(ca, d, cb):
    R = ca.r + cb.r
    out = []
    if not any(d):
        return out
    negd = scale(-1, d)
    for a in ca.verts:
        point_feature_cands(a, d, True, cb, R, out)
    vonly = Core([], 0, cb.dim)
    vonly.edges, vonly.faces = ca.edges, ca.faces
    for b in cb.verts:
        point_feature_cands(b, negd, False, vonly, R, out)
    if ca.dim == 3 and ca.edges and cb.edges:
        assert R == 0
        edge_edge_cands(ca, d, cb, out)
    return out


class Result:
    """Oracle answer: hit, t (Surd entry), k = floor(65536 t), T0, T1, the
    candidate(s) at the entry."""

    def __init__(self):
        self.hit, self.t, self.k, self.T0, self.T1, self.at = 0, None, None, None, None, []


def oracle(ca, d, cb):
    res = Result()
    if not any(d):
        if static_overlap(ca, cb):
            res.hit, res.t, res.k = 1, ZERO, 0
        return res
    cs = candidates(ca, d, cb)
    if not cs:
        return res
    lo = hi = cs[0]
    for c in cs[1:]:
        if c.t.cmp(lo.t) < 0:
            lo = c
        if c.t.cmp(hi.t) > 0:
            hi = c
    res.T0, res.T1 = lo.t, hi.t
    if lo.t.cmp(ONE) > 0 or hi.t.cmp(ZERO) < 0:
        return res
    res.hit = 1
    if lo.t.cmp(ZERO) <= 0:
        res.t, res.k = ZERO, 0
    else:
        res.t = lo.t
        res.k = lo.t.floor_scaled(65536)
        res.at = [c for c in cs if c.t.cmp(lo.t) == 0]
    return res

# --------------------------------------------- static overlap (3rd algorithm)
def seg_point_d2_le(x, p, e, rr):
    """|x - [p, p+e]|^2 <= rr."""
    w = sub(x, p)
    E, s = dot(e, e), dot(w, e)
    if s <= 0:
        return dot(w, w) <= rr
    if s >= E:
        w2 = sub(w, e)
        return dot(w2, w2) <= rr
    if len(x) == 2:
        c = cross2(e, w)
        return c * c <= rr * E
    c = cross3(e, w)
    return dot(c, c) <= rr * E


def in_poly2(x, vs):
    n = len(vs)
    sides = [sgn(cross2(sub(vs[(i + 1) % n], vs[i]), sub(x, vs[i]))) for i in range(n)]
    return all(s >= 0 for s in sides) or all(s <= 0 for s in sides)


def segs_meet2(p, e, q, f):
    def orient(a, b, c):
        return sgn(cross2(sub(b, a), sub(c, a)))

    def on(a, b, c):
        return min(a[0], b[0]) <= c[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= c[1] <= max(a[1], b[1])
    a, b, c, dd = p, add(p, e), q, add(q, f)
    o1, o2, o3, o4 = orient(a, b, c), orient(a, b, dd), orient(c, dd, a), orient(c, dd, b)
    if o1 * o2 < 0 and o3 * o4 < 0:
        return True
    return ((o1 == 0 and on(a, b, c)) or (o2 == 0 and on(a, b, dd)) or (o3 == 0 and on(c, dd, a))
            or (o4 == 0 and on(c, dd, b)))


def in_box3(x, box):
    o, E0, E1, E2 = box
    det = dot(E0, cross3(E1, E2))
    w = sub(x, o)
    for Ei in ((E1, E2), (E2, E0), (E0, E1)):
        lam = dot(w, cross3(Ei[0], Ei[1]))
        if lam < 0 or lam > det:
            return False
    return True


def seg_face_meet3(p, e, face):
    """segment [p, p+e] meets the parallelogram q + s f1 + r f2, s, r in [0, 1] (non-parallel case)."""
    q, f1, f2 = face
    det = dot(e, cross3(f1, f2))   # p + u e = q + s f1 + r f2 -> u e - s f1 - r f2 = q - p
    if det == 0:
        return False  # parallel: covered by the edge-edge and containment tests
    w = sub(q, p)
    u = dot(w, cross3(f1, f2))
    s = -dot(e, cross3(w, f2))
    r = -dot(e, cross3(f1, w))
    if det < 0:
        det, u, s, r = -det, -u, -s, -r
    return 0 <= u <= det and 0 <= s <= det and 0 <= r <= det


def segs_meet3(p, e, q, f):
    m = cross3(e, f)
    w = sub(q, p)
    if any(m):
        if dot(w, m) != 0:
            return False
        M = dot(m, m)
        u, v = dot(cross3(w, f), m), dot(cross3(w, e), m)
        return 0 <= u <= M and 0 <= v <= M
    # parallel: collinear overlap or nothing
    return seg_point_d2_le(q, p, e, 0) or seg_point_d2_le(add(q, f), p, e, 0) or seg_point_d2_le(p, q, f, 0)


def static_overlap(ca, cb):
    """dist(core A, core B) <= R, exact integers (coordinates at one time)."""
    R = ca.r + cb.r
    rr = R * R
    dim = ca.dim
    if dim == 2:
        if len(cb.verts) >= 3 and any(in_poly2(a, cb.verts) for a in ca.verts):
            return True
        if len(ca.verts) >= 3 and any(in_poly2(b, ca.verts) for b in cb.verts):
            return True
        for p, e in ca.edges:
            for q, f in cb.edges:
                if segs_meet2(p, e, q, f):
                    return True
    else:
        if cb.box and any(in_box3(a, cb.box) for a in ca.verts):
            return True
        if ca.box and any(in_box3(b, ca.box) for b in cb.verts):
            return True
        for p, e in ca.edges:
            if any(seg_face_meet3(p, e, f) for f in cb.faces):
                return True
        for p, e in cb.edges:
            if any(seg_face_meet3(p, e, f) for f in ca.faces):
                return True
        for p, e in ca.edges:
            for q, f in cb.edges:
                if segs_meet3(p, e, q, f):
                    return True
    for x, other in [(a, cb) for a in ca.verts] + [(b, ca) for b in cb.verts]:
        if any(seg_point_d2_le(x, p, e, rr) for p, e in other.edges):
            return True
        if dim == 3 and R:
            for p, e1, e2 in other.faces:
                n = cross3(e1, e2)
                N = dot(n, n)
                w = sub(x, p)
                h = dot(w, n)
                g1, g2 = dot(w, cross3(e2, n)), dot(w, cross3(n, e1))
                if h * h <= rr * N and 0 <= g1 <= N and 0 <= g2 <= N:
                    return True
    for a in ca.verts:
        for b in cb.verts:
            w = sub(a, b)
            if dot(w, w) <= rr:
                return True
    return False


def overlap_at(ca, d, cb, num, den):
    return static_overlap(ca.moved(num, den, d), cb.scaled(den))

# ------------------------------------------------------------- self-check
def in_interval(res, num, den):
    if res.T0 is None:
        return False
    t = Surd(num, 0, 0, den)
    return res.T0.cmp(t) <= 0 and t.cmp(res.T1) <= 0


def self_check(ca, d, cb, res):
    """The oracle's interval against its static overlap test at exact sample times; returns the failures."""
    bad = []
    if not any(d):
        return bad
    samples = [(0, 1), (1, 1)]
    if res.hit and res.k is not None:
        k = res.k
        samples += [(k - 1, 65536), (k, 65536), (k + 1, 65536)]
    for T in (res.T0, res.T1):
        if T is None:
            continue
        samples += list(T.below_above())
        if T.rational():
            samples.append((T.a, T.c))
    for num, den in samples:
        want = in_interval(res, num, den)
        got = overlap_at(ca, d, cb, num, den)
        if got != want:
            bad.append(f"self-check at t={num}/{den}: interval {res.T0}..{res.T1} says {want}, overlap says {got}")
    return bad

# ------------------------------------------------------------- normal check
def axes_of(core):
    if core.dim == 2:
        return [perp2(e) for _, e in core.edges]
    if not core.box:
        return []
    E = core.box[1:]
    return [cross3(E[(i + 1) % 3], E[(i + 2) % 3]) for i in range(3)]


def edge_dirs(core):
    return list(core.box[1:]) if core.dim == 3 and core.box else []


def touching_axes(ca, cb):
    """Distinct directions u (from the candidate axes) with max_A u.a <= min_B u.b: the
    extreme rays of the normal cone of the touching (R = 0)."""
    cand = axes_of(ca) + axes_of(cb)
    cand += [cross3(e, f) for e in edge_dirs(ca) for f in edge_dirs(cb)]
    found = []
    for u0 in cand:
        if not any(u0):
            continue
        for u in (u0, scale(-1, u0)):
            if max(dot(u, a) for a in ca.verts) <= min(dot(u, b) for b in cb.verts):
                same = False
                for f in found:
                    par = cross2(f, u) == 0 if len(u) == 2 else not any(cross3(f, u))
                    if par and dot(f, u) > 0:
                        same = True
                if not same:
                    found.append(u)
    return found


def unit_close(n, u):
    """every |n_k - 65536 u_k / |u|| <= TOL, exact (u integer vector)."""
    U = dot(u, u)
    for nk, uk in zip(n, u):
        # (nk + TOL) * sqrt(U) >= 65536 uk  and  (nk - TOL) * sqrt(U) <= 65536 uk
        if sign2(-65536 * uk, nk + TOL, U) < 0 or sign2(-65536 * uk, nk - TOL, U) > 0:
            return False
    return True


def unit_ok(n):
    dim = len(n)
    D = abs(dot(n, n) - (1 << 32))
    slack = TOL * TOL * dim
    return D <= slack or (D - slack) ** 2 <= 4 * (1 << 32) * TOL * TOL * dim


def check_normal(ca, d, cb, res, n):
    """None if the reported normal n (raw ints) is right for the exact entry res.t > 0, else why not."""
    R = ca.r + cb.r
    t = res.t
    if R > 0:
        c = res.at[0]
        den = c.den * R
        for k in range(len(n)):
            # 65536 (v0 + v1 t) / (den) in [n - TOL, n + TOL]
            if t.lin(65536 * c.v0[k] - (n[k] + TOL) * den, 65536 * c.v1[k]) > 0:
                return f"component {k} above the exact direction + TOL ({c.kind} contact)"
            if t.lin(65536 * c.v0[k] - (n[k] - TOL) * den, 65536 * c.v1[k]) < 0:
                return f"component {k} below the exact direction - TOL ({c.kind} contact)"
        return None
    assert t.rational()
    a_t, b_t = ca.moved(t.a, t.c, d), cb.scaled(t.c)
    dirs = touching_axes(a_t, b_t)
    if len(dirs) == 1:
        return None if unit_close(n, dirs[0]) else f"not within TOL of the unique contact direction {dirs[0]}"
    if not unit_ok(n):
        return "not a unit vector within TOL"
    for a in a_t.verts:
        for b in b_t.verts:
            w = sub(b, a)
            if dot(n, w) < -TOL * sum(abs(x) for x in w):
                return f"does not separate (corner contact, {len(dirs)} directions)"
    return None

def rounded_normal(ca, d, cb, res):
    """The exact contact direction at res.t > 0 rounded to nearest Q16.16 (for R = 0 with several
    directions: the first), to test check_normal itself: it must accept this and reject it moved
    by TOL + 1 in one component (the unique cases)."""
    R = ca.r + cb.r
    t = res.t
    out = []
    if R > 0:
        c = res.at[0]
        for k in range(ca.dim):
            # 65536 (v0 + v1 t) / (den R), t = (a + b sqrt q) / c: round half up
            den = t.c * c.den * R
            na, nb = 65536 * (c.v0[k] * t.c + c.v1[k] * t.a), 65536 * c.v1[k] * t.b
            out.append(Surd(2 * na + den, 2 * nb, t.q, 2 * den).floor_scaled(1))
        return tuple(out), True
    dirs = touching_axes(ca.moved(t.a, t.c, d), cb.scaled(t.c))
    u = dirs[0] if dirs else d  # no axis: point on point, every direction separates
    U = dot(u, u)
    return tuple(Surd(U, 2 * 65536 * x, U, 2 * U).floor_scaled(1) for x in u), len(dirs) == 1


# -------------------------------------------------------------- shapes
def mk_sphere(c, r):
    s = Shape3()
    s.type = 1
    s.u.sphere.center = Vec3(*[clampc(x) for x in c])
    s.u.sphere.radius = r
    return s


def mk_aabb3(lo, hi):
    s = Shape3()
    s.type = 2
    s.u.aabb.min = Vec3(*[clampc(x) for x in lo])
    s.u.aabb.max = Vec3(*[clampc(x) for x in hi])
    return s


def mk_obb3(c, h, yaw, pitch, roll):
    s = Shape3()
    s.type = 3
    o = Obb3()
    st = lib.fc_obb3_from_euler(Vec3(*[clampc(x) for x in c]), Vec3(*h), yaw & 0xFFFF, pitch & 0xFFFF,
                                roll & 0xFFFF, C.byref(o))
    if st != 0:
        s.type = 99
        return s
    s.u.obb = o
    return s


def translated(dim, sh, d):
    """sh moved by the integer delta d (a copy), or None when it leaves the valid range."""
    s = (Shape2 if dim == 2 else Shape3)()
    C.pointer(s)[0] = sh
    t = sh.type
    if dim == 2:
        pts = ([s.u.circle.center] if t == 1 else [s.u.aabb.min, s.u.aabb.max] if t == 2 else
               [s.u.obb.center] if t == 3 else [s.u.capsule.a, s.u.capsule.b] if t == 4 else
               [s.u.poly.v[i] for i in range(s.u.poly.count)])
    else:
        pts = [s.u.sphere.center] if t == 1 else [s.u.aabb.min, s.u.aabb.max] if t == 2 else [s.u.obb.center]
    for p in pts:
        o = (p.x, p.y) if dim == 2 else v3(p)
        nv = add(o, d)
        if any(abs(x) > LIM for x in nv):
            return None
        if dim == 2:
            p.x, p.y = nv
        else:
            p.x, p.y, p.z = nv
    return s if (valid2(s) if dim == 2 else valid3(s)) else None


def valid3(sh):
    return sh.type in (1, 2, 3) and lib.fc_shape3_validate(C.byref(sh)) == 0


def fields3(s):
    t = s.type
    if t == 1:
        return ("sphere", v3(s.u.sphere.center), s.u.sphere.radius)
    if t == 2:
        return ("aabb3", v3(s.u.aabb.min), v3(s.u.aabb.max))
    o = s.u.obb
    return ("obb3", v3(o.center), v3(o.half), [v3(o.axis[i]) for i in range(3)])


NAMES2 = {1: "circle", 2: "aabb", 3: "obb", 4: "capsule", 5: "poly"}
NAMES3 = {1: "sphere", 2: "aabb3", 3: "obb3"}

# ---------------------------------------------------------- generators
def rand_scale(rng):
    return rng.choice([1, 16, 300, 65536, 65536 * 7, 65536 * 300, 65536 * 4000])


def rand_size(rng, sc):
    return max(1, min(SIZE, rng.randrange(1, 2 * sc + 2)))


def rand_poly(rng, cx, cy, sc):
    n = rng.randrange(3, 9)
    r = rand_size(rng, sc)
    for _ in range(20):
        angs = sorted(rng.randrange(65536) for _ in range(n))
        pts = []
        for a in angs:
            c, s = sincos(a)
            pts.append((cx + r * c // 65536, cy + r * s // 65536))
        sh = mk_poly(pts)
        if valid2(sh):
            return sh
    return mk_poly([(cx, cy), (cx + r, cy), (cx, cy + r)])


def rand_shape2(rng, typ, cx, cy, sc):
    for _ in range(30):
        if typ == 1:
            sh = mk_circle(cx, cy, rng.choice([0, rand_size(rng, sc)]) if rng.random() < 0.1 else rand_size(rng, sc))
        elif typ == 2:
            w, h = rand_size(rng, sc), rand_size(rng, sc)
            sh = mk_aabb(cx - w, cy - h, cx + w, cy + h)
        elif typ == 3:
            sh = mk_obb(cx, cy, rand_size(rng, sc), rand_size(rng, sc), rng.randrange(65536))
        elif typ == 4:
            r = 0 if rng.random() < 0.1 else rand_size(rng, sc)
            sh = mk_capsule(cx + rng.randrange(-sc, sc + 1), cy + rng.randrange(-sc, sc + 1),
                            cx + rng.randrange(-sc, sc + 1), cy + rng.randrange(-sc, sc + 1), r)
        else:
            sh = rand_poly(rng, cx, cy, sc)
        if valid2(sh):
            return sh
    return mk_circle(0, 0, 1)


def rand_shape3(rng, typ, c, sc):
    for _ in range(30):
        if typ == 1:
            sh = mk_sphere(c, 0 if rng.random() < 0.05 else rand_size(rng, sc))
        elif typ == 2:
            h = [rand_size(rng, sc) for _ in range(3)]
            sh = mk_aabb3(sub(c, h), add(c, h))
        else:
            sh = mk_obb3(c, [rand_size(rng, sc) for _ in range(3)], rng.randrange(65536), rng.randrange(65536),
                         rng.randrange(65536))
        if valid3(sh):
            return sh
    return mk_sphere((0, 0, 0), 1)


def rand_delta(rng, sc, dim):
    m = min(DLIM, rng.choice([sc, 4 * sc, 16 * sc]))
    d = [rng.randrange(-m, m + 1) for _ in range(dim)]
    r = rng.random()
    if r < 0.05:
        d = [0] * dim
    elif r < 0.15:
        d = [x if i == rng.randrange(dim) else 0 for i, x in enumerate(d)]
    return d


def aimed(rng, dim, sc):
    """(offset of the moving shape from the target, delta): a few sizes apart, delta aimed at the
    target with a lateral error (hits, grazes and misses), sometimes a short or a random delta."""
    while True:
        u = [rng.randrange(-1000, 1001) for _ in range(dim)]
        L = isqrt(dot(u, u))
        if L:
            break
    sep = rng.randrange(sc, 10 * sc + 1)
    off = [x * sep // L for x in u]
    f = rng.randrange(20, 250)
    d = [max(-DLIM, min(DLIM, -x * f // 100 + rng.randrange(-2 * sc, 2 * sc + 1))) for x in off]
    if rng.random() < 0.1:
        d = rand_delta(rng, sc, dim)
    return off, d


def vertex_to_vertex(rng, ca, cb, d):
    """Sometimes (15%) a delta that takes a vertex of A exactly onto a vertex of B at t = 1 (or at
    t = 1/2, 1/3: delta doubled / tripled): corner-on-corner contacts at exact times."""
    if rng.random() >= 0.15:
        return d
    va, vb = rng.choice(ca.verts), rng.choice(cb.verts)
    w = sub(vb, va)
    if any(x % S for x in w):
        return d
    k = rng.choice([1, 1, 2, 3])
    nd = [x // S * k for x in w]
    return nd if all(abs(x) <= DLIM for x in nd) else d


def rand_pair2(rng, ta, tb):
    sc = rand_scale(rng)
    cx, cy = rng.randrange(-LIM, LIM + 1), rng.randrange(-LIM, LIM + 1)
    off, d = aimed(rng, 2, sc)
    b = rand_shape2(rng, tb, cx, cy, sc)
    a = rand_shape2(rng, ta, cx + off[0], cy + off[1], sc)
    return a, vertex_to_vertex(rng, core2(a), core2(b), d), b


def rand_pair3(rng, ta, tb):
    sc = rand_scale(rng)
    c = [rng.randrange(-LIM, LIM + 1) for _ in range(3)]
    off, d = aimed(rng, 3, sc)
    b = rand_shape3(rng, tb, c, sc)
    a = rand_shape3(rng, ta, add(c, off), sc)
    return a, vertex_to_vertex(rng, core3(a), core3(b), d), b


def adversarial2(rng):
    """(name, moving, delta, target) with exact tangencies, touching at 0 / 1, entries at k/65536, limits."""
    out = []
    U = 65536
    box = mk_aabb(0, 0, 10 * U, 10 * U)
    for e in (-1, 0, 1):
        # circle arriving exactly at t = 1 (or 1 raw short / past), at t = 0 touching
        out.append(("circle hits box at t=1" + str(e), mk_circle(-20 * U, 5 * U, U), [19 * U + e, 0], box))
        out.append(("circle touching at t=0" + str(e), mk_circle(-U - e, 5 * U, U), [-5 * U, 0], box))
        # grazing: moving along the box's top edge line, tangent
        out.append(("circle grazing top" + str(e), mk_circle(-5 * U, 11 * U + e, U), [30 * U, 0], box))
        out.append(("box sliding on box" + str(e), mk_aabb(-20 * U, 10 * U + e, -12 * U, 14 * U + e), [40 * U, 0],
                    box))
        out.append(("corner on corner" + str(e), mk_aabb(-4 * U, -4 * U, -2 * U, -2 * U),
                    [4 * U + e, 4 * U], box))
        out.append(("capsule parallel to edge" + str(e), mk_capsule(-3 * U, 0, -3 * U, 10 * U, U),
                    [2 * U + e, 0], box))
        out.append(("capsule along edge line" + str(e), mk_capsule(-9 * U, 10 * U + e, -3 * U, 10 * U + e, 0),
                    [4 * U, 0], box))
        out.append(("tangent circles" + str(e), mk_circle(0, 3 * U + e, U), [20 * U, 0], mk_circle(10 * U, 0, 2 * U)))
        out.append(("point circle through corner" + str(e), mk_circle(-U, -U + e, 0), [2 * U, 2 * U], box))
        # entry at exactly k / 65536: distance 3 raw over delta 65536 * 3 raw -> t = 1/65536
        out.append(("entry at k/65536" + str(e), mk_aabb(-13 * U, 0, -3 - e, U), [3 * U, 0], box))
        out.append(("tiny shapes" + str(e), mk_circle(-2, 0, 1), [3 + e, 0], mk_circle(1, 0, 1)))
        out.append(("obb face" + str(e), mk_obb(-20 * U, 5 * U, U, U, 8192), [18 * U + e, 0], box))
        out.append(("poly vertex onto obb vertex" + str(e), mk_poly([(0, 0), (U, 0), (0, U)]), [5 * U + e, -3 * U],
                    mk_obb(10 * U, 0, 2 * U, 3 * U, 16384)))
    for sx in (-1, 1):
        # range limits: coordinates at +-LIM, deltas at +-2 LIM, sizes at SIZE
        out.append(("far delta", mk_circle(sx * LIM, 0, 1), [-sx * DLIM, 0], mk_circle(-sx * LIM, 0, 1)))
        out.append(("far delta diag", mk_aabb(sx * (LIM - 2), sx * (LIM - 2), sx * LIM if sx > 0 else -LIM + 4,
                                               sx * LIM if sx > 0 else -LIM + 4), [-sx * DLIM, -sx * DLIM],
                    mk_circle(0, 0, SIZE)))
        out.append(("big sizes", mk_circle(sx * (LIM - SIZE), 0, SIZE), [-sx * DLIM, DLIM // 3],
                    mk_obb(0, 0, SIZE, SIZE, 5000)))
        out.append(("big capsule", mk_capsule(-LIM, sx * LIM, LIM, sx * LIM, SIZE), [0, -sx * DLIM],
                    mk_aabb(-LIM, -1, LIM, 1)))
    # oblique exact tangencies: path along (3, 4), obstacle at perpendicular distance 5 m = R (+-1 raw)
    for m, ra, rb in ((13107, U, 0), (2 * U, 3 * U, 7 * U), (1, 2, 3), (3 * U + 1, 5 * U, 10 * U + 5)):
        for e in (-1, 0, 1):
            px, py = 3 * 4 * m, 4 * 4 * m          # a point on the path
            ox, oy = px - 4 * m, py + 3 * m        # at distance 5 m from it, perpendicular
            if ra + rb == 5 * m:
                out.append(("oblique tangent circles" + str(e), mk_circle(0, 0, ra), [3 * 8 * m, 4 * 8 * m],
                            mk_circle(ox, oy + e, rb)))
                out.append(("oblique tangent capsule end" + str(e), mk_circle(0, 0, ra), [3 * 8 * m, 4 * 8 * m],
                            mk_capsule(ox, oy + e, ox - 3 * m, oy + 4 * m + e, rb)))
            out.append(("oblique grazing corner" + str(e), mk_circle(0, 0, 5 * m), [3 * 8 * m, 4 * 8 * m],
                        mk_aabb(ox - 10 * m, oy + e, ox, oy + 10 * m)))
            out.append(("oblique point grazing circle" + str(e), mk_circle(0, 0, 0), [3 * 8 * m, 4 * 8 * m],
                        mk_circle(ox, oy + e, 5 * m)))
            out.append(("oblique obb corner on circle path" + str(e), mk_circle(0, 0, 5 * m), [3 * 8 * m, 4 * 8 * m],
                        mk_obb(ox - m, oy + m + e, m, m, 0)))
    # found by the random runs (the first cast2d's R = 0 corner-contact normals): vertex on vertex
    out.append(("found 1a", mk_circle(-424474077, -9170801, 0), [-6, 4],
                mk_poly([(-424474078, -9170795), (-424474082, -9170793), (-424474083, -9170797),
                         (-424474078, -9170797)])))
    out.append(("found 1b", mk_poly([(111767581, 442674192), (111767582, 442674192), (111767581, 442674193)]),
                [1, -4], mk_capsule(111767582, 442674187, 111767582, 442674188, 0)))
    out.append(("found 1c", mk_poly([(-387612396, 126601634), (-387612387, 126601632), (-387612387, 126601633)]),
                [4, 20], mk_circle(-387612392, 126601654, 0)))
    out.append(("found 1d", mk_poly([(-230396931, -250924424), (-230396930, -250924424), (-230396931, -250924423)]),
                [10, 2], mk_capsule(-230396922, -250924419, -230396921, -250924421, 0)))
    out += [("found 1" + n, a, d, b) for n, a, d, b in (
        ("e", mk_circle(393278377, -267377767, 0), [8, -12], mk_aabb(393278377, -267377780, 393278383, -267377776)),
        ("f", mk_aabb(205217808, 60616849, 205372818, 60780121), [25514, 1224494],
         mk_capsule(205447524, 61274092, 205385575, 61229096, 0)),
        ("g", mk_capsule(301410751, 313745952, 301410753, 313745951, 0), [6, -3],
         mk_poly([(301410755, 313745948), (301410757, 313745948), (301410755, 313745950)])),
        ("h", mk_poly([(-273762255, 288699367), (-273762256, 288699369), (-273762258, 288699369),
                       (-273762258, 288699364), (-273762256, 288699364), (-273762255, 288699366)]), [-1, -3],
         mk_circle(-273762259, 288699366, 0)),
        ("i", mk_capsule(145730182, -111419458, 140243091, -132214972, 0), [-183659876, 110972322],
         mk_poly([(48867502, -58975822), (-3359939, -30379879), (-25145422, -82668734), (48413153, -76728811)])),
        ("j", mk_poly([(518509243, 450343364), (518509243, 450343357), (518509249, 450343352), (518509255, 450343352),
                       (518509256, 450343353)]), [258, 33], mk_circle(518509341, 450343363, 0)),
        ("k", mk_poly([(-99396677, 309456773), (-99396678, 309456759), (-99396642, 309456736)]), [-104, -33],
         mk_capsule(-99396752, 309456683, -99396746, 309456703, 0)),
        ("l", mk_circle(-407114930, -337704685, 0), [14, -8],
         mk_poly([(-407114923, -337704690), (-407114922, -337704690), (-407114923, -337704689)])),
        ("m", mk_aabb(322184876, -333183137, 322384594, -333048973), [-1169337, -794919],
         mk_capsule(321994815, -333448110, 322059572, -333465083, 0)),
        ("n", mk_poly([(-61114570, 150600613), (-61114573, 150600615), (-61114576, 150600615), (-61114577, 150600613),
                       (-61114576, 150600609), (-61114574, 150600608), (-61114573, 150600608), (-61114570, 150600611)]),
         [27, -27], mk_capsule(-61114567, 150600600, -61114566, 150600597, 0)))]
    out.append(("zero delta overlap", mk_circle(0, 0, U), [0, 0], box))
    out.append(("zero delta miss", mk_circle(-2 * U, 0, U), [0, 0], box))
    return [(n, a, d, b) for n, a, d, b in out if valid2(a) and valid2(b)]


def adversarial3(rng):
    out = []
    U = 65536
    box = mk_aabb3((0, 0, 0), (10 * U, 10 * U, 10 * U))
    for e in (-1, 0, 1):
        out.append(("sphere hits at t=1" + str(e), mk_sphere((-20 * U, 5 * U, 5 * U), U), [19 * U + e, 0, 0], box))
        out.append(("sphere touching at t=0" + str(e), mk_sphere((-U - e, 5 * U, 5 * U), U), [-U, 0, 0], box))
        out.append(("sphere grazing face" + str(e), mk_sphere((-5 * U, 11 * U + e, 5 * U), U), [30 * U, 0, 0], box))
        out.append(("sphere grazing edge" + str(e), mk_sphere((-5 * U, 11 * U + e, 11 * U), U), [30 * U, 0, 0], box))
        out.append(("box sliding on face" + str(e), mk_aabb3((-20 * U, 10 * U + e, 2 * U), (-12 * U, 14 * U, 5 * U)),
                    [40 * U, 0, 0], box))
        out.append(("corner on corner" + str(e), mk_aabb3((-4 * U, -4 * U, -4 * U), (-2 * U, -2 * U, -2 * U)),
                    [4 * U + e, 4 * U, 4 * U], box))
        out.append(("edge on edge" + str(e), mk_obb3((5 * U, 20 * U, -5 * U), (U, U, U), 8192, 0, 0),
                    [0, -20 * U + e, 5 * U], box))
        out.append(("edge crossing edge" + str(e), mk_obb3((-5 * U, 10 * U + 92682 + e, 5 * U), (4 * U, U, U), 0, 0,
                                                            8192), [10 * U, 0, 0], box))
        out.append(("tangent spheres" + str(e), mk_sphere((0, 3 * U + e, 0), U), [20 * U, 0, 0],
                    mk_sphere((10 * U, 0, 0), 2 * U)))
        out.append(("entry at k/65536" + str(e), mk_aabb3((-13 * U, 0, 0), (-3 - e, U, U)), [3 * U, 0, 0], box))
        out.append(("tiny" + str(e), mk_sphere((-2, 0, 0), 1), [3 + e, 0, 0], mk_sphere((1, 0, 0), 1)))
        out.append(("obb3 vertex first" + str(e), mk_obb3((-20 * U, 5 * U, 5 * U), (U, U, U), 5000, 3000, 1000),
                    [18 * U + e, 0, 0], box))
    for sx in (-1, 1):
        out.append(("far delta", mk_sphere((sx * LIM, sx * LIM, 0), 1), [-sx * DLIM, -sx * DLIM, 0],
                    mk_sphere((-sx * LIM, -sx * LIM, 0), 1)))
        out.append(("big sizes", mk_sphere((sx * (LIM - SIZE), 0, 0), SIZE), [-sx * DLIM, DLIM // 3, 7],
                    mk_obb3((0, 0, 0), (SIZE, SIZE, SIZE), 5000, 7000, 100)))
        out.append(("big boxes", mk_aabb3((-LIM, -LIM, sx * LIM - 2 if sx > 0 else -LIM),
                                          (LIM - 2 * SIZE, LIM - 2 * SIZE, sx * LIM if sx > 0 else -LIM + 2)),
                    [DLIM, DLIM, -sx * DLIM], mk_aabb3((LIM - SIZE, LIM - SIZE, -1), (LIM, LIM, 1))))
    # oblique exact tangencies: path along (1, 2, 2), obstacle at perpendicular distance 3 m = R (+-1 raw)
    for m in (21845, 2 * U, 1, 3 * U + 1):
        for e in (-1, 0, 1):
            p = (4 * m, 8 * m, 8 * m)
            o = (p[0] + 2 * m, p[1] + m + e, p[2] - 2 * m)
            dd = [8 * m, 16 * m, 16 * m]
            out.append(("oblique tangent spheres" + str(e), mk_sphere((0, 0, 0), m), dd, mk_sphere(o, 2 * m)))
            out.append(("oblique grazing box corner" + str(e), mk_sphere((0, 0, 0), 3 * m), dd,
                        mk_aabb3(o, add(o, (5 * m, 5 * m, 5 * m)))))
            out.append(("oblique point grazing sphere" + str(e), mk_sphere((0, 0, 0), 0), dd, mk_sphere(o, 3 * m)))
    out.append(("zero delta overlap", mk_sphere((0, 0, 0), U), [0, 0, 0], box))
    out.append(("zero delta miss", mk_sphere((-2 * U, 0, 0), U), [0, 0, 0], box))
    return [(n, a, d, b) for n, a, d, b in out if valid3(a) and valid3(b)]

# ------------------------------------------------------------------ runs
class Run:
    def __init__(self, brk):
        self.brk = brk
        self.cases = self.hits = self.inner_hits = self.unique_normals = self.misses = self.bad = self.selfbad = 0
        self.per_pair = {}
        self.findings = []

    def fail(self, msg):
        self.bad += 1
        self.findings.append(msg)
        if self.bad <= 12:
            print("DISAGREE " + msg)

    def call_cast(self, dim, a, d, b):
        hit = C.c_int(7)
        if dim == 2:
            out = Hit2()
            st = lib.fc_cast2(C.byref(a), Vec2(*d), C.byref(b), C.byref(out), C.byref(hit))
            n = (out.normal.x, out.normal.y)
        else:
            out = Hit3()
            st = lib.fc_cast3(C.byref(a), Vec3(*d), C.byref(b), C.byref(out), C.byref(hit))
            n = (out.normal.x, out.normal.y, out.normal.z)
        h, t = hit.value, out.t
        if self.brk == "t+1" and h == 1:
            t += 1
        if self.brk == "normal" and h == 1:
            n = (n[0] + TOL + 1,) + n[1:]
        if self.brk == "drop-hit" and h == 1:
            h = 0
        return st, h, t, n

    def pair(self, dim, a, d, b, what):
        ca, cb = (core2(a), core2(b)) if dim == 2 else (core3(a), core3(b))
        res = oracle(ca, scale(S, d), cb)   # the oracle works in units of 2^-32
        fa = fields2 if dim == 2 else fields3
        desc = f"{what}: moving {fa(a)} delta {tuple(d)} target {fa(b)}"
        # the oracle's own checks
        sb = self_check(ca, scale(S, d), cb, res)
        moved = translated(dim, a, d)
        if moved is not None and any(d):
            ov1 = (lib.fc_overlap2 if dim == 2 else lib.fc_overlap3)(C.byref(moved), C.byref(b))
            if bool(ov1) != in_interval(res, 1, 1):
                sb.append(f"library fc_overlap{dim} at t=1 says {ov1}, the interval says {in_interval(res, 1, 1)}")
        st0 = static_overlap(ca, cb)
        libov = (lib.fc_overlap2 if dim == 2 else lib.fc_overlap3)(C.byref(a), C.byref(b))
        if any(d) and st0 != in_interval(res, 0, 1):
            sb.append("static overlap at 0 disagrees with the interval")
        if st0 != bool(libov):
            sb.append(f"static overlap at 0 {st0} vs library fc_overlap{dim} {libov}")
        if res.hit and res.t.cmp(ZERO) > 0:
            ds = scale(S, d)
            n, unique = rounded_normal(ca, ds, cb, res)
            why = check_normal(ca, ds, cb, res, n)
            if why:
                sb.append(f"normal check rejects the rounded exact normal {n}: {why}")
            for k in range(dim):
                for e in ((TOL + 1), -(TOL + 1)):
                    m = n[:k] + (n[k] + e,) + n[k + 1:]
                    if unique and check_normal(ca, ds, cb, res, m) is None:
                        sb.append(f"normal check accepts {m}, {e} from the rounded exact normal {n}")
            self.unique_normals += unique
        if sb:
            self.selfbad += 1
            self.fail("ORACLE SELF-CHECK " + desc + " :: " + "; ".join(sb))
        key = (NAMES2 if dim == 2 else NAMES3)[a.type] + "-" + (NAMES2 if dim == 2 else NAMES3)[b.type]
        self.per_pair[key] = self.per_pair.get(key, 0) + 1
        self.cases += 1
        self.hits += res.hit
        self.inner_hits += res.hit and res.t.cmp(ZERO) > 0
        self.misses += 1 - res.hit
        if not HAVE[dim]:
            return res
        st, h, t, n = self.call_cast(dim, a, d, b)
        if st != 0:
            self.fail(f"{desc} :: status {st}")
            return res
        if h != res.hit:
            self.fail(f"{desc} :: hit {h}, expected {res.hit} (T0 {res.T0}, T1 {res.T1})")
            return res
        if not h:
            return res
        if t != res.k:
            self.fail(f"{desc} :: t {t}, expected {res.k} (exact {res.t})")
            return res
        if res.t.cmp(ZERO) == 0:
            ct = Contact2() if dim == 2 else Contact3()
            (lib.fc_contact2 if dim == 2 else lib.fc_contact3)(C.byref(a), C.byref(b), C.byref(ct))
            want = (ct.normal.x, ct.normal.y) if dim == 2 else (ct.normal.x, ct.normal.y, ct.normal.z)
            if tuple(n) != want:
                self.fail(f"{desc} :: normal {n} at t=0, fc_contact{dim} gives {want}")
        else:
            why = check_normal(ca, scale(S, d), cb, res, n)
            if why:
                self.fail(f"{desc} :: normal {n}: {why} (exact t {res.t})")
        return res

    def lib_hit(self, dim, a, d, b):
        hit = C.c_int(0)
        out = (Hit2 if dim == 2 else Hit3)()
        st = getattr(lib, f"fc_cast{dim}")(C.byref(a), (Vec2 if dim == 2 else Vec3)(*d), C.byref(b), C.byref(out),
                                          C.byref(hit))
        return (st, hit.value, out.t)

    def boundary(self, dim, a, d, b, rng):
        """Translate the target in integer steps until the library's answer (hit, t) changes,
        bisect to the two positions 1 step apart, check both (grazing and t = k/65536 boundaries)."""
        if not HAVE[dim] or not any(d):
            return
        sd = [sgn(x) for x in d]
        p = rng.choice([sd, [-x for x in sd], [1] + [0] * (dim - 1), [0] * (dim - 1) + [-1], [1, -1] + [0] * (dim - 2),
                        [-sd[1], sd[0]] + [0] * (dim - 2)])
        if not any(p):
            return
        base = self.lib_hit(dim, a, d, b)
        key = (lambda r: r[:2]) if rng.random() < 0.5 else (lambda r: r)
        lo, hi = 0, None
        for k in range(0, 31):
            b2 = translated(dim, b, [x << k for x in p])
            if b2 is None:
                return
            if key(self.lib_hit(dim, a, d, b2)) != key(base):
                hi = 1 << k
                break
            lo = 1 << k
        if hi is None:
            return
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if key(self.lib_hit(dim, a, d, translated(dim, b, [x * mid for x in p]))) == key(base):
                lo = mid
            else:
                hi = mid
        for k in (lo, hi):
            b2 = translated(dim, b, [x * k for x in p])
            if b2 is not None:
                self.pair(dim, a, d, b2, "boundary")

    def range_errors(self, dim, a, b):
        """out-of-range delta: FC_ERR_RANGE, out untouched."""
        if not HAVE[dim]:
            return
        # an invalid shape (negative radius): its validation error, nothing written
        bad = (Shape2 if dim == 2 else Shape3)()
        C.pointer(bad)[0] = a
        if dim == 2:
            bad.u.circle.radius = -1
        else:
            bad.u.sphere.radius = -1
        for m, t in ((bad, b), (a, bad)):
            hit, out = C.c_int(7), (Hit2 if dim == 2 else Hit3)()
            out.t = 12345
            st = getattr(lib, f"fc_cast{dim}")(C.byref(m), (Vec2 if dim == 2 else Vec3)(*([1] * dim)), C.byref(t),
                                              C.byref(out), C.byref(hit))
            self.cases += 1
            if st != -3 or out.t != 12345 or hit.value != 7:
                self.fail(f"cast{dim} with a radius -1 shape: status {st}, out.t {out.t}, hit {hit.value}: "
                          "expected FC_ERR_SIZE and nothing written")
        for bad_d in ([DLIM + 1] + [0] * (dim - 1), [0] * (dim - 1) + [-DLIM - 1]):
            hit = C.c_int(7)
            if dim == 2:
                out = Hit2()
                out.t = 12345
                st = lib.fc_cast2(C.byref(a), Vec2(*bad_d), C.byref(b), C.byref(out), C.byref(hit))
            else:
                out = Hit3()
                out.t = 12345
                st = lib.fc_cast3(C.byref(a), Vec3(*bad_d), C.byref(b), C.byref(out), C.byref(hit))
            self.cases += 1
            if st != FC_ERR_RANGE or out.t != 12345 or out.normal.x != 0 or hit.value != 7:
                self.fail(f"delta {bad_d}: status {st}, out.t {out.t}, hit {hit.value}: expected FC_ERR_RANGE "
                          "and nothing written")

# ---------------------------------------------------------------- worlds
def world_case(run, rng, dim, nbodies):
    """A world of bodies around a cast, some exact copies and mirrored copies (equal exact t),
    some filtered out, some destroyed; closest and all hits vs the oracle."""
    wd = lib.fc_world_def_default()
    wd.dim = dim
    wd.bounds_min = Vec2(-LIM, -LIM)
    wd.bounds_log2 = 14
    w = C.c_void_p()
    if lib.fc_world_create(C.byref(wd), C.byref(w)) != 0:
        run.fail("world create failed")
        return
    try:
        sc = rng.choice([65536, 65536 * 5, 300])
        mk = (lambda t, c: rand_shape2(rng, t, c[0], c[1], sc)) if dim == 2 else \
             (lambda t, c: rand_shape3(rng, t, c, sc))
        ntypes = 5 if dim == 2 else 3
        cen = [rng.randrange(-LIM // 2, LIM // 2) for _ in range(dim)]
        moving = mk(rng.randrange(1, ntypes + 1), cen)
        d = [rng.choice([1, -1]) * rng.randrange(10 * sc, 30 * sc) for _ in range(dim)]
        shapes, bodies, filt = [], [], []
        pool = []
        for i in range(nbodies):
            r = rng.random()
            if pool and r < 0.25:
                sh = pool[rng.randrange(len(pool))]  # exact copy: equal exact t
            else:
                f = rng.randrange(0, 12)  # tenths of the path
                c = [cen[k] + d[k] * f // 10 + rng.randrange(-3 * sc, 3 * sc + 1) for k in range(dim)]
                sh = mk(rng.randrange(1, ntypes + 1), c)
                pool.append(sh)
            bd = lib.fc_body_def_default()
            if dim == 2:
                bd.shape2 = sh
            else:
                bd.shape3 = sh
            bd.filter = Filter(1 << rng.randrange(3), 0xFFFFFFFF)
            bid = BodyId()
            if lib.fc_world_create_body(w, C.byref(bd), C.byref(bid)) != 0:
                continue
            shapes.append(sh)
            bodies.append(bid)
            filt.append(bd.filter)
        # destroy a few (their slots must not be reported)
        alive = [True] * len(bodies)
        for i in range(len(bodies)):
            if rng.random() < 0.1:
                lib.fc_world_destroy_body(w, bodies[i])
                alive[i] = False
        # reuse some freed slots (ids with generation 2), with copies of live shapes (more ties)
        for i in range(len(bodies)):
            if not alive[i] and rng.random() < 0.5:
                bd = lib.fc_body_def_default()
                sh = shapes[rng.randrange(len(shapes))]
                if dim == 2:
                    bd.shape2 = sh
                else:
                    bd.shape3 = sh
                bd.filter = Filter(1, 0xFFFFFFFF)
                bid = BodyId()
                if lib.fc_world_create_body(w, C.byref(bd), C.byref(bid)) == 0:
                    shapes.append(sh)
                    bodies.append(bid)
                    filt.append(bd.filter)
                    alive.append(True)
        # the other dimension's cast: FC_ERR_SHAPE_TYPE, nothing written
        odim = 5 - dim
        if HAVE[odim]:
            other = mk_circle(0, 0, 1) if odim == 2 else mk_sphere((0, 0, 0), 1)
            oh, hit = (Hit2 if odim == 2 else Hit3)(), C.c_int(7)
            oh.t = 12345
            st = getattr(lib, f"fc_world_cast{odim}")(w, C.byref(other), (Vec2 if odim == 2 else Vec3)(*([1] * odim)),
                                                     Filter(1, 1), C.byref(oh), C.byref(hit))
            run.cases += 1
            if st != -4 or oh.t != 12345 or hit.value != 7:
                run.fail(f"fc_world_cast{odim} on a {dim}D world: status {st}, t {oh.t}, hit {hit.value}; expected "
                         "FC_ERR_SHAPE_TYPE and nothing written")
        q = Filter(0xFFFFFFFF, 0xFFFFFFFF) if rng.random() < 0.5 else Filter(1, 0b011)
        cm = core2(moving) if dim == 2 else core3(moving)
        want = []
        for i, sh in enumerate(shapes):
            f = filt[i]
            if not alive[i] or not ((f.category & q.mask) and (q.category & f.mask)):
                continue
            res = oracle(cm, scale(S, d), core2(sh) if dim == 2 else core3(sh))
            if res.hit:
                # the world hit carries the body's full id and the pair cast's normal
                _, _, _, pn = run.call_cast(dim, moving, d, sh) if not run.brk else (0, 0, 0, None)
                bid = bodies[i]
                want.append((res.t, bid.index, ((bid.index, bid.generation, bid.world), res.k, pn)))
        # sort by exact t then index (insertion sort with exact comparisons)
        ordered = []
        for item in want:
            pos = len(ordered)
            while pos > 0:
                c = ordered[pos - 1][0].cmp(item[0])
                if c > 0 or (c == 0 and ordered[pos - 1][1] > item[1]):
                    pos -= 1
                else:
                    break
            ordered.insert(pos, item)
        ties = sum(1 for i in range(1, len(ordered)) if ordered[i][0].cmp(ordered[i - 1][0]) == 0)
        run.world_ties += ties
        wantl = [k for _, ix, k in ordered]
        desc = f"world{dim} moving {(fields2 if dim == 2 else fields3)(moving)} delta {tuple(d)} filter " \
               f"({q.category:#x},{q.mask:#x})"
        Hit = Hit2 if dim == 2 else Hit3
        Vec = Vec2 if dim == 2 else Vec3
        out, hit = Hit(), C.c_int(7)
        st = getattr(lib, f"fc_world_cast{dim}")(w, C.byref(moving), Vec(*d), q, C.byref(out), C.byref(hit))
        got = (hit_key(out, dim, run) if hit.value == 1 else None)
        if self_brk_drop(run) and got is not None:
            got = None
        exp = wantl[0] if wantl else None
        run.cases += 1
        if st != 0 or got != exp:
            run.fail(f"{desc} :: closest {got} (status {st}), expected {exp}")
        ptr, cnt = C.POINTER(Hit)(), C.c_int32(-1)
        st = getattr(lib, f"fc_world_cast{dim}_all")(w, C.byref(moving), Vec(*d), q, C.byref(ptr), C.byref(cnt))
        gotl = [hit_key(ptr[i], dim, run) for i in range(cnt.value)] if st == 0 else None
        if gotl is not None:
            if run.brk == "drop-hit" and gotl:
                gotl = gotl[1:]
            if run.brk == "order" and len(gotl) >= 2:
                gotl[0], gotl[1] = gotl[1], gotl[0]
        run.cases += 1
        run.world_hits += len(wantl)
        if gotl != wantl:
            run.fail(f"{desc} :: all hits {gotl} (status {st}), expected (id, t, normal) {wantl}")
    finally:
        lib.fc_world_destroy(w)


def hit_key(h, dim, run):
    n = (h.normal.x, h.normal.y) if dim == 2 else (h.normal.x, h.normal.y, h.normal.z)
    return ((h.id.index, h.id.generation, h.id.world), h.t, None if run.brk else n)


def self_brk_drop(run):
    return run.brk == "drop-hit"

# ------------------------------------------------------------------ main
def main(argv):
    path = argv[1]
    opts = fc_ctypes.parse_options(argv, {"cases": 40, "seed": 17, "world": 16, "break": None},
                                   breaks=("t+1", "normal", "drop-hit", "order"))
    if opts is None:
        return 77
    cases, seed, brk, worlds = opts["cases"], opts["seed"], opts["break"], opts["world"]
    load(path)
    rng = random.Random(seed)
    run = Run(brk)
    run.world_ties = run.world_hits = 0
    t0 = time.time()
    for name, a, d, b in adversarial2(rng):
        run.pair(2, a, d, b, "adversarial " + name)
        run.pair(2, b, [-x for x in d], a, "adversarial reversed " + name)
    for name, a, d, b in adversarial3(rng):
        run.pair(3, a, d, b, "adversarial " + name)
        run.pair(3, b, [-x for x in d], a, "adversarial reversed " + name)
    nadv = run.cases
    for ta in range(1, 6):
        for tb in range(1, 6):
            for _ in range(cases):
                a, d, b = rand_pair2(rng, ta, tb)
                run.pair(2, a, d, b, "random")
                if rng.random() < 0.25:
                    run.boundary(2, a, d, b, rng)
    for ta in range(1, 4):
        for tb in range(1, 4):
            for _ in range(cases):
                a, d, b = rand_pair3(rng, ta, tb)
                run.pair(3, a, d, b, "random")
                if rng.random() < 0.25:
                    run.boundary(3, a, d, b, rng)
    run.range_errors(2, mk_circle(0, 0, 65536), mk_circle(0, 0, 65536))
    run.range_errors(3, mk_sphere((0, 0, 0), 65536), mk_sphere((0, 0, 0), 65536))
    for k in range(worlds):
        if HAVE[2 if k % 2 == 0 else 3]:
            world_case(run, rng, 2 if k % 2 == 0 else 3, rng.randrange(4, 24))
    print("pair cases per type pair: " + ", ".join(f"{k} {v}" for k, v in sorted(run.per_pair.items())))
    print(f"shape casts vs exact oracle: {run.cases} cases ({nadv} adversarial, {worlds} worlds with "
          f"{run.world_hits} expected hits, {run.world_ties} exact ties), {run.hits} hits ({run.inner_hits} with "
          f"t > 0, {run.unique_normals} of them with a unique contact direction), {run.misses} misses, "
          f"{run.selfbad} oracle self-check failures, {run.bad} disagreements"
          + (f" [break {brk}]" if brk else "") + f" in {time.time() - t0:.1f} s")
    if not (HAVE[2] and HAVE[3]):
        print("INCOMPLETE: the library has no " + " and no ".join(f"fc_cast{k}" for k in (2, 3) if not HAVE[k])
              + " yet (only the oracle self-checks ran for it)")
        return 1 if run.bad else 77
    return 1 if run.bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
