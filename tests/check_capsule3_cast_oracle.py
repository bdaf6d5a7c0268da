# SPDX-License-Identifier: MIT
"""check_capsule3_cast_oracle.py LIBFIXCOL.so [--cases N] [--seed S] [--break MODE] [--castlib SO]

The 3D capsule in the shape casts (fixcol/cast.h: fc_cast3, fc_cast3_ex with
a capsule moving against sphere, AABB3, OBB3 and capsule, and sphere /
AABB3 / OBB3 moving against a capsule) against an independent exact oracle
written here in Python (Fractions; a different algorithm from
src/cast/cast3d_capsule.c, which takes the least entry of feature pieces).

Oracle: both shapes as parametrised point sets (check_capsule3_oracle.py's
param_set: a capsule's segment parameter, an AABB3's / OBB3's three
coordinates), so the squared distance of the moving shape at time tau and
the target is g(tau) = min_y |p0 + tau d + J y|^2 over a box of parameters
y. For every face of that box (each parameter at its low or high bound or
free) with a nonsingular system, the free parameters' minimiser is affine
in tau, y(tau) = y0 + tau y1 (normal equations on Fractions), feasible on a
tau interval [lo, hi], and the face's value a quadratic g_F(tau); g(tau) is
the least g_F(tau) over the faces feasible at tau (a minimiser set's
vertex lies on a nonsingular face). So the time of impact (least tau in
[0, 1] with g(tau) <= R^2, R the radius sum) is the least, over faces, of
the first tau of [lo, hi] with g_F(tau) <= R^2: lo itself or the smaller
root (-B - sqrt(B^2 - A (C - R^2))) / A, an exact surd. floor(TOI 65536)
is then computed exactly (surd comparisons with k / 65536), so touching
exactly at a grid time is decided exactly.
At the TOI > 0 with R > 0 the winning face's residual v is the unique
closest vector (|v| = R), and the exact unit normal is -v / R: each
component of the library's normal must be within 2 raw (surd sign tests).
Checks per case: hit / miss, t, the normal (R > 0; at t = 0 it must equal
fc_contact3's), fc_cast3_ex's started_overlap (== TOI is 0) and safe
advance (the shape moved by safe does not overlap the target: exact
min-distance; on a miss safe == delta; the sweep to safe misses: oracle),
the reversed cast (target moving by -delta) gives the same t and a normal
within the tolerance of the negated exact one, a zero-length capsule casts
bit for bit as the sphere of its radius (both roles, every target type).
Worlds with capsule bodies: world casts (capsule and other moving shapes)
and world rays against brute force over the (oracle-checked) pair casts.
Cases: random pairs at several scales, adversarial ones: parallel and
collinear segments (moving along and across), zero-length capsules,
perpendicular segments, grazing (the radius set from the exact least
distance over the sweep: touches at exactly one instant or misses by 1
raw), boxes' faces and edges, range limits (+-FC_COORD_LIMIT,
FC_SIZE_LIMIT radii, the largest deltas), start overlap.
--adversarial 0: random cases only; --worlds N: N world checks (default
cases / 100, at least 1). --break MODE (should-fail twins): 'radius' gives the library the capsule
radius + 1 raw; 't+1' moves the oracle's t up by one; 'normal' negates the
oracle's normal. --castlib SO: take fc_cast3 / fc_cast3_ex from SO (a build
with a piece of the capsule cast left out: must fail).
"""
import ctypes as C
import math
import os
import random
import sys
from fractions import Fraction as F

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_capsule3_oracle as co  # noqa: E402
import fc_ctypes  # noqa: E402
from fc_ctypes import Vec3, Hit3  # noqa: E402

LIM = co.LIM
SIZE = co.SIZE
U = 65536
castlib = None


class Result3(C.Structure):
    _fields_ = [("hit", Hit3), ("started_overlap", C.c_int32), ("safe", Vec3)]


def load(path, cpath):
    global castlib
    co.load(path)
    castlib = C.CDLL(cpath) if cpath else co.lib
    P = C.POINTER(co.Shape3)
    castlib.fc_cast3.argtypes = [P, Vec3, P, C.POINTER(Hit3), C.POINTER(C.c_int)]
    castlib.fc_cast3_ex.argtypes = [P, Vec3, P, C.POINTER(Result3), C.POINTER(C.c_int)]


# ------------------------------------------------------------ exact surds
# A time is (P, Q): P - sqrt(Q), P and Q >= 0 Fractions (Q == 0: rational).

def sgn(x):
    return (x > 0) - (x < 0)


def sign_ab(a, b, Q):
    """sign(a + b sqrt(Q)), a, b Fractions, Q >= 0."""
    if Q == 0 or b == 0:
        return sgn(a)
    sa, sb = sgn(a), sgn(b)
    if sa == 0 or sa == sb:
        return sb
    # opposite signs: compare a^2 with b^2 Q
    return sa * sgn(a * a - b * b * Q)


def cmp_t(x, y):
    """sign(x - y) for x = P1 - sqrt(Q1), y = P2 - sqrt(Q2)."""
    D = x[0] - y[0]
    su = sgn(y[1] - x[1])  # sign(sqrt(Q2) - sqrt(Q1))
    sd = sgn(D)
    if sd == 0 or sd == su:
        return su if sd == 0 else sd
    if su == 0:
        return sd
    # D and sqrt(Q2) - sqrt(Q1) of opposite signs: compare D^2 with
    # (sqrt(Q2) - sqrt(Q1))^2 = Q1 + Q2 - 2 sqrt(Q1 Q2)
    E = D * D - x[1] - y[1]
    s = sign_ab(E, F(2), x[1] * y[1])  # sign(D^2 - (sqrt Q2 - sqrt Q1)^2)
    return sd if s > 0 else (0 if s == 0 else su)


def floor16(x):
    """floor(x 65536) exactly, x in [0, 1]."""
    approx = x[0] - F(math.isqrt(int(x[1] * (1 << 200))), 1 << 100)
    k = math.floor(approx * 65536)
    while k > 0 and cmp_t((F(k, 65536), F(0)), x) > 0:
        k -= 1
    while cmp_t((F(k + 1, 65536), F(0)), x) <= 0:
        k += 1
    return k


# ------------------------------------------------------------ the oracle

def faces(sm, d, st):
    """Per nonsingular face: (lo, hi, A, B, Cq, r0, r1): on tau in [lo, hi]
    the face's minimiser is feasible and its squared distance is
    A tau^2 + 2 B tau + Cq with residual r0 + tau r1."""
    oa, ga, ba = co.param_set(sm)
    ob, gb, bb = co.param_set(st)
    w0 = [oa[k] - ob[k] for k in range(3)]
    gens = ga + [[-x for x in g] for g in gb]
    bounds = ba + bb
    n = len(gens)
    dv = [F(x) for x in d]
    out = []
    for code in range(3 ** n):
        state, c = [], code
        for _ in range(n):
            state.append(c % 3)
            c //= 3
        base = list(w0)
        free = []
        for i in range(n):
            if state[i] == 2:
                free.append(i)
            else:
                v = bounds[i][state[i]]
                base = [base[k] + v * gens[i][k] for k in range(3)]
        lo, hi = F(0), F(1)
        r0, r1 = base, list(dv)
        if free:
            M = [[sum(gens[i][k] * gens[j][k] for k in range(3)) for j in free] for i in free]
            y0 = co.solve(M, [-sum(gens[i][k] * base[k] for k in range(3)) for i in free])
            if y0 is None:
                continue
            y1 = co.solve(M, [-sum(gens[i][k] * dv[k] for k in range(3)) for i in free])
            ok = True
            for i, a0, a1 in zip(free, y0, y1):
                for bnd, s in ((bounds[i][0], 1), (bounds[i][1], -1)):
                    # s (a0 + tau a1 - bnd) >= 0
                    c0, c1 = s * (a0 - bnd), s * a1
                    if c1 == 0:
                        if c0 < 0:
                            ok = False
                    elif c1 > 0:
                        lo = max(lo, -c0 / c1)
                    else:
                        hi = min(hi, -c0 / c1)
            if not ok or lo > hi:
                continue
            r0 = [r0[k] + sum(a * gens[i][k] for i, a in zip(free, y0)) for k in range(3)]
            r1 = [r1[k] + sum(a * gens[i][k] for i, a in zip(free, y1)) for k in range(3)]
        A = sum(x * x for x in r1)
        B = sum(x * y for x, y in zip(r0, r1))
        Cq = sum(x * x for x in r0)
        out.append((lo, hi, A, B, Cq, r0, r1))
    return out


def toi(sm, d, st):
    """None (miss) or (time (P, Q), r0, r1) of the least entry."""
    R = co.radius(sm) + co.radius(st)
    R2 = F(R * R)
    best = None
    for lo, hi, A, B, Cq, r0, r1 in faces(sm, d, st):
        g_lo = A * lo * lo + 2 * B * lo + Cq
        if g_lo <= R2:
            cand = (lo, F(0))
        else:
            if A == 0:
                continue
            disc = B * B - A * (Cq - R2)
            if disc < 0 or -B / A <= lo:
                continue  # never within R, or only before lo
            cand = (-B / A, disc / (A * A))
            if cmp_t(cand, (hi, F(0))) > 0:
                continue
        if best is None or cmp_t(cand, best[0]) < 0:
            best = (cand, r0, r1)
    return best


def min_sweep_dist2(sm, d, st):
    """The least squared distance over tau in [0, 1] (exact)."""
    best = None
    for lo, hi, A, B, Cq, r0, r1 in faces(sm, d, st):
        tau = lo
        if A > 0:
            tau = min(hi, max(lo, -B / A))
        v = A * tau * tau + 2 * B * tau + Cq
        if best is None or v < best:
            best = v
    return best


def normal_within(n, tm, r0, r1, R, tol=2):
    """|n_k - 65536 (-v_k) / R| <= tol for v = r0 + tau r1 at tau = P - sqrt(Q)."""
    P, Q = tm
    for k in range(3):
        # n R + 65536 v = (n R + 65536 (r0 + P r1)) - 65536 r1 sqrt(Q)
        a = n[k] * R + 65536 * (r0[k] + P * r1[k])
        b = -65536 * r1[k]
        if sign_ab(a - tol * R, b, Q) > 0 or sign_ab(a + tol * R, b, Q) < 0:
            return False
    return True


# ------------------------------------------------------------ library

def cast(sm, d, st, mode=None):
    cm, ct = co.to_c(sm), co.to_c(st)
    if mode == 'radius':
        for c, s in ((cm, sm), (ct, st)):
            if s[0] == 'capsule':
                c.u.capsule.radius = min(SIZE, s[3] + 1)
    h, hit = Hit3(), C.c_int(7)
    st1 = castlib.fc_cast3(C.byref(cm), Vec3(*d), C.byref(ct), C.byref(h), C.byref(hit))
    r, hit2 = Result3(), C.c_int(7)
    st2 = castlib.fc_cast3_ex(C.byref(cm), Vec3(*d), C.byref(ct), C.byref(r), C.byref(hit2))
    return st1, hit.value, h, st2, hit2.value, r


def nvec(v):
    return (v.x, v.y, v.z)


def check(sm, d, st, mode, stats):
    errs = []
    R = co.radius(sm) + co.radius(st)
    s1, hit, h, s2, hit2, r = cast(sm, d, st, mode)
    if s1 != 0 or s2 != 0:
        return ["status %d / %d" % (s1, s2)]
    want = toi(sm, d, st)
    if (want is not None) != bool(hit) or hit != hit2:
        return ["hit %d / %d, oracle %s" % (hit, hit2, want is not None)]
    if want is None:
        stats['miss'] += 1
        if nvec(r.safe) != tuple(d) or r.started_overlap != 0:
            errs.append("miss: safe %s, started %d" % (nvec(r.safe), r.started_overlap))
        return errs
    tm, r0, r1 = want
    k = floor16(tm)
    if mode == 't+1':
        k += 1
    n = nvec(h.normal)
    if h.t != k:
        errs.append("t %d, oracle %d" % (h.t, k))
    if (r.hit.t, nvec(r.hit.normal)) != (h.t, n):
        errs.append("fc_cast3_ex hit differs")
    start = cmp_t(tm, (F(0), F(0))) == 0
    if r.started_overlap != int(start):
        errs.append("started_overlap %d, oracle %d" % (r.started_overlap, start))
    if start:
        stats['start'] += 1
        c = co.Contact3()
        co.lib.fc_contact3(C.byref(co.to_c(sm)), C.byref(co.to_c(st)), C.byref(c))
        want_n = nvec(c.normal)
        if mode == 'normal':
            want_n = tuple(-x for x in want_n)
        if n != want_n:
            errs.append("start normal %s, contact %s" % (n, want_n))
        if nvec(r.safe) != (0, 0, 0):
            errs.append("start: safe %s" % (nvec(r.safe),))
        return errs
    stats['hit'] += 1
    if R > 0:
        stats['normals'] += 1
        nn = tuple(-x for x in n) if mode == 'normal' else n
        if not normal_within(nn, tm, r0, r1, R):
            errs.append("normal %s vs exact %s" % (n, [float(-(r0[i] + (tm[0] - math.sqrt(tm[1])) * r1[i]) / R)
                                                    for i in range(3)]))
    else:
        l2 = sum(x * x for x in n)
        if abs(l2 - (1 << 32)) > (1 << 32) >> 12:
            errs.append("normal %s not unit" % (n,))
    # the safe advance: no overlap after it, the sweep to it misses
    sv = nvec(r.safe)
    moved = co.moved(sm, sv)
    if co.oracle_overlap(moved, st):
        errs.append("safe %s overlaps" % (sv,))
    if toi(sm, sv, st) is not None:
        errs.append("sweep to safe %s hits" % (sv,))
    # the reversed cast: same t, normal near the negated exact one
    nd = tuple(-x for x in d)
    s3, hit3, h3, _, _, _ = cast(st, nd, sm, mode)
    if s3 != 0 or not hit3 or h3.t != h.t:
        errs.append("reversed: status %d hit %d t %d vs %d" % (s3, hit3, h3.t, h.t))
    elif R > 0 and not normal_within(tuple(-x for x in nvec(h3.normal)), tm, r0, r1, R):
        errs.append("reversed normal %s" % (nvec(h3.normal),))
    return errs


def sphere_equal(cap, d, other):
    """A zero-length capsule casts as its sphere, bit for bit, both roles."""
    sp = ('sphere', cap[1], cap[3])
    errs = []
    for a, b, a2, b2 in ((cap, other, sp, other), (other, cap, other, sp)):
        x = cast(a, d, b)
        y = cast(a2, d, b2)
        fx = (x[0], x[1], x[2].t if x[1] else 0, nvec(x[2].normal) if x[1] else 0, x[5].started_overlap, nvec(x[5].safe))
        fy = (y[0], y[1], y[2].t if y[1] else 0, nvec(y[2].normal) if y[1] else 0, y[5].started_overlap, nvec(y[5].safe))
        if fx != fy:
            errs.append("zero-length capsule %s vs sphere %s" % (fx, fy))
    return errs


# ------------------------------------------------------------ world

class Ray3(C.Structure):
    _fields_ = [("origin", Vec3), ("delta", Vec3)]


class RayHit(C.Structure):
    _fields_ = [("id", fc_ctypes.BodyId), ("t", C.c_int32)]


def world_check(rng, mode, nbodies=24, queries=16):
    """A 3D world of spheres, AABB3s, OBB3s and capsule bodies: world casts
    (a capsule or another shape moving) and rays against brute force over
    the pair casts (each checked against the oracle above): hit iff some
    pair hits, t = the least pair t, the reported body's pair cast gives that
    t and normal; a ray's t = the least t of the radius-0 sphere cast."""
    from fc_ctypes import WorldDef, BodyDef, BodyId, Filter, Vec2
    lib = co.lib
    lib.fc_world_def_default.restype = WorldDef
    lib.fc_body_def_default.restype = BodyDef
    lib.fc_world_create.argtypes = [C.POINTER(WorldDef), C.POINTER(C.c_void_p)]
    lib.fc_world_destroy.argtypes = [C.c_void_p]
    lib.fc_world_create_body.argtypes = [C.c_void_p, C.POINTER(BodyDef), C.POINTER(BodyId)]
    lib.fc_world_cast3.argtypes = [C.c_void_p, C.POINTER(co.Shape3), Vec3, Filter, C.POINTER(Hit3), C.POINTER(C.c_int)]
    lib.fc_world_raycast3.argtypes = [C.c_void_p, C.POINTER(Ray3), Filter, C.POINTER(RayHit), C.POINTER(C.c_int)]
    wd = lib.fc_world_def_default()
    wd.dim = 3
    wd.bounds_min = Vec2(-LIM, -LIM)
    wd.bounds_log2 = 14
    w = C.c_void_p()
    assert lib.fc_world_create(C.byref(wd), C.byref(w)) == 0
    errs = []
    allf = fc_ctypes.Filter(0xFFFFFFFF, 0xFFFFFFFF)
    try:
        sc = 1 << 20
        shapes, ids = [], []
        for i in range(nbodies):
            sh = co.random_shape(rng, ('capsule', 'sphere', 'aabb', 'obb')[i % 4], (0, 0, 0), 8 * sc)
            if sh is None or not co.valid(sh):
                continue
            bd = lib.fc_body_def_default()
            C.memmove(C.byref(bd.shape3), C.byref(co.to_c(sh)), C.sizeof(bd.shape3))
            bid = BodyId()
            if lib.fc_world_create_body(w, C.byref(bd), C.byref(bid)) != 0:
                errs.append("capsule world body refused")
                return errs
            shapes.append(sh)
            ids.append(bid.index)
        for q in range(queries):
            m = co.random_shape(rng, ('capsule', 'sphere', 'aabb', 'obb', 'capsule')[q % 5], (0, 0, 0), 8 * sc)
            if m is None or not co.valid(m):
                continue
            d = tuple(rng.randint(-32 * sc, 32 * sc) for _ in range(3))
            pairs = []
            for k, sh in enumerate(shapes):
                st1, hit, h, _, _, _ = cast(m, d, sh, mode)
                if hit:
                    pairs.append((h.t, ids[k], nvec(h.normal)))
            h, hit = Hit3(), C.c_int(7)
            mc = co.to_c(m)
            if mode == 'radius' and m[0] == 'capsule':
                mc.u.capsule.radius = min(SIZE, m[3] + 1)
            st = lib.fc_world_cast3(w, C.byref(mc), Vec3(*d), allf, C.byref(h), C.byref(hit))
            if st != 0 or bool(hit.value) != bool(pairs):
                errs.append("world cast: status %d hit %d, pairs %d" % (st, hit.value, len(pairs)))
                continue
            if pairs:
                tmin = min(p[0] for p in pairs)
                mine = [p for p in pairs if p[1] == h.id.index]
                if h.t != tmin or not mine or mine[0][0] != h.t or mine[0][2] != nvec(h.normal):
                    errs.append("world cast: t %d body %d, pairs min %d" % (h.t, h.id.index, tmin))
            # a ray from the moving shape's first point
            o = co.param_set(m)[0]
            o = tuple(int(x) for x in o)
            pt = ('sphere', o, 0)
            rts = []
            for k, sh in enumerate(shapes):
                st1, hit1, h1, _, _, _ = cast(pt, d, sh)
                if hit1:
                    rts.append(h1.t)
            rh, rhit = RayHit(), C.c_int(7)
            st = lib.fc_world_raycast3(w, C.byref(Ray3(Vec3(*o), Vec3(*d))), allf, C.byref(rh), C.byref(rhit))
            if st != 0 or bool(rhit.value) != bool(rts) or (rts and rh.t != min(rts)):
                errs.append("world ray: status %d hit %d t %d, point casts %s" % (st, rhit.value, rh.t, sorted(rts)[:3]))
    finally:
        lib.fc_world_destroy(w)
    return errs


# ------------------------------------------------------------ cases

def rdelta(rng, spread):
    m = min(2 * LIM, spread * 4)
    return tuple(rng.randint(-m, m) for _ in range(3))


def gen_cases(rng, n):
    kinds = ['sphere', 'aabb', 'obb', 'capsule']
    out = []
    i = 0
    while len(out) < n and i < 20 * n:
        i += 1
        spread = rng.choice([64, 4096, 65536, 1 << 22, 1 << 27])
        c = tuple(rng.randint(-LIM, LIM) for _ in range(3)) if rng.random() < 0.3 else (0, 0, 0)
        other = co.random_shape(rng, kinds[i % 4], c, spread)
        cap = co.random_shape(rng, 'capsule', c, spread)
        if other is None or not co.valid(other) or not co.valid(cap):
            continue
        d = rdelta(rng, spread)
        if rng.random() < 0.3:  # aim at the other shape
            oc = co.param_set(other)[0]
            ac = co.param_set(cap)[0]
            d = tuple(max(-2 * LIM, min(2 * LIM, int(oc[k] - ac[k]) * 2 + rng.randint(-spread, spread)))
                      for k in range(3))
        out.append((cap, d, other) if i % 3 else (other, d, cap))
    return out


def grazing(sm, d, st):
    """The capsule's radius set so that the sweep touches at exactly its
    least distance (when that is an integer) or misses by 1 raw, and + 1."""
    d2 = min_sweep_dist2(sm, d, st)
    fl = math.isqrt(d2.numerator // d2.denominator)
    while F(fl + 1) ** 2 <= d2:
        fl += 1
    while F(fl) ** 2 > d2:
        fl -= 1
    out = []
    capm = sm[0] == 'capsule'
    other = st if capm else sm
    for r in (fl - co.radius(other), fl - co.radius(other) + 1):
        if 0 <= r <= SIZE:
            if capm:
                out.append((('capsule', sm[1], sm[2], r), d, st))
            else:
                out.append((sm, d, ('capsule', st[1], st[2], r)))
    return out


def adversarial(rng):
    cases = []
    L = LIM
    box = ('aabb', (0, 0, 0), (4 * U, 4 * U, 4 * U))
    cap = ('capsule', (-U, 2 * U, 6 * U), (5 * U, 2 * U, 6 * U), U)
    # a capsule falling flat on a box face, on an edge, at a corner
    cases.append((cap, (0, 0, -3 * U), box))
    cases.append((('capsule', (-U, -U, 6 * U), (5 * U, -U, 6 * U), U), (0, 0, -3 * U), box))
    cases.append((('capsule', (-U, -U, 6 * U), (-3 * U, -U, 9 * U), U), (U, 0, -4 * U), box))
    # perpendicular segments crossing over an edge
    cases.append((('capsule', (2 * U, -U, 6 * U), (2 * U, 5 * U, 6 * U), 0), (0, 0, -3 * U), box))
    cases.append((('capsule', (5 * U, 2 * U, 6 * U), (5 * U, 2 * U, 9 * U), U), (-3 * U, 0, -3 * U), box))
    # parallel capsules, moving across and along
    a = ('capsule', (0, 0, 0), (10 * U, 0, 0), U)
    b = ('capsule', (3 * U, 5 * U, 0), (20 * U, 5 * U, 0), U)
    cases.append((a, (0, 4 * U, 0), b))
    cases.append((a, (0, 3 * U, 0), b))
    cases.append((a, (0, 3 * U - 1, 0), b))
    cases.append((a, (20 * U, 0, 0), ('capsule', (12 * U, 0, 0), (20 * U, 0, 0), U)))
    cases.append((a, (20 * U, 2 * U, 0), ('capsule', (12 * U, 0, 0), (20 * U, 0, 0), U)))
    cases.append((a, (3 * U, 3 * U, 0), b))
    # perpendicular / skew capsules
    cases.append((('capsule', (-U, 0, 5 * U), (U, 0, 5 * U), 0), (0, 0, -10 * U), ('capsule', (0, -U, 0), (0, U, 0), 0)))
    cases.append((('capsule', (-U, 0, 5 * U), (U, 0, 5 * U), 1), (0, 0, -10 * U), ('capsule', (0, -U, 0), (0, U, 0), 1)))
    cases.append((('capsule', (-U, 1, 5 * U), (U, 3, 5 * U), 7), (3, -5, -10 * U), ('capsule', (2, -U, 0), (0, U, 9), 5)))
    # zero-length capsules (spheres)
    cases.append((('capsule', (U, U, U), (U, U, U), U), (8 * U, 0, 0), box))
    cases.append((('capsule', (9 * U, U, U), (9 * U, U, U), 0), (-8 * U, 0, 0), box))
    cases.append((box, (8 * U, 0, 0), ('capsule', (9 * U, U, U), (9 * U, U, U), U)))
    cases.append((('sphere', (0, 0, 9 * U), U), (0, 0, -9 * U), ('capsule', (0, 0, 0), (0, 0, 0), 0)))
    cases.append((('sphere', (0, 0, 9 * U), 0), (0, 0, -9 * U), ('capsule', (0, -U, 0), (0, U, 0), 0)))
    cases.append((('sphere', (0, 0, 9 * U), 0), (0, 0, -9 * U), ('capsule', (0, -U, 0), (0, U, 1), 0)))
    # start overlap, touching at the start
    cases.append((cap, (U, 0, 0), ('sphere', (2 * U, 2 * U, 6 * U), U)))
    cases.append((cap, (U, 0, 0), ('sphere', (2 * U, 2 * U, 8 * U), U)))
    cases.append((cap, (0, 0, 0), ('sphere', (2 * U, 2 * U, 8 * U + 1), U)))
    # range limits: the longest segments, the largest radii and deltas
    S = SIZE
    cases.append((('capsule', (-L, -L, -L), (L, L, L), S), (2 * L, -2 * L, 2 * L), ('sphere', (L, -L, L), S)))
    cases.append((('capsule', (-L, -L, -L), (-L, L, L), 0), (2 * L, 0, 0), ('capsule', (L, -L, -L), (L, L, -L), 0)))
    cases.append((('capsule', (-L, -L, -L), (-L, L, L), S), (2 * L, 2 * L, -2 * L),
                   ('aabb', (L - S, -L, -L), (L, -L + 2 * S, -L + 1))))
    cases.append((('capsule', (-L, L, -L), (L, L, L), 0), (0, -2 * L, 0), ('capsule', (-L, -L, L), (L, -L, -L), 0)))
    cases.append((('capsule', (-L, L, L), (-L, L, L), S), (2 * L, -2 * L, -2 * L), ('capsule', (L, -L, -L), (L, -L, -L), S)))
    o = co.make_obb((0, 0, 0), (S, S, S), 8000, 3000, 123)
    cases.append((('capsule', (-L, L, -L), (L, L, L), S), (0, -2 * L, 0), o))
    cases.append((o, (2 * L, 2 * L, 2 * L), ('capsule', (L, L, -L), (L, L, L), 0)))
    o2 = co.make_obb((0, 0, 0), (2 * U, 3 * U, 4 * U), 5000, 9000, 1000)
    for k in range(10):
        sa = ('capsule', (rng.randint(-9 * U, 9 * U), 9 * U, rng.randint(-9 * U, 9 * U)),
              (rng.randint(-9 * U, 9 * U), 9 * U + rng.randint(-U, U), rng.randint(-9 * U, 9 * U)),
              rng.choice([0, 1, U // 3]))
        dd = (rng.randint(-U, U), -18 * U, rng.randint(-U, U))
        cases.append((sa, dd, o2) if k % 2 else (o2, tuple(-x for x in dd), sa))
    # grazing: the radius from the exact least distance over the sweep
    base = []
    for k in range(16):
        other = [box, o2, ('sphere', (U, 2 * U, -U), U // 2), ('capsule', (0, 0, 0), (U, 3 * U, -2 * U), 77)][k % 4]
        sa = ('capsule', (rng.randint(-9 * U, 9 * U), rng.randint(-9 * U, 9 * U), 8 * U),
              (rng.randint(-9 * U, 9 * U), rng.randint(-9 * U, 9 * U), 8 * U + rng.randint(-U, U)), 0)
        dd = (rng.randint(-4 * U, 4 * U), rng.randint(-4 * U, 4 * U), -16 * U)
        base.append((sa, dd, other))
    # integer least distances: axis-aligned grazes
    base.append((('capsule', (-U, 5 * U, 2 * U), (5 * U, 5 * U, 2 * U), 0), (0, -2 * U, 0), box))
    base.append((('capsule', (6 * U, 6 * U, -U), (6 * U, 6 * U, 5 * U), 0), (-3 * U, 0, 0), box))
    base.append((('capsule', (0, 9 * U, 0), (U, 9 * U, 0), 0), (0, -8 * U, 0), ('capsule', (-U, 0, 3 * U), (U, 0, 3 * U), 0)))
    for sm, dd, st in base:
        cases += grazing(sm, dd, st)
        cases += [(st, tuple(-x for x in dd), c[0]) for c in grazing(sm, dd, st) if st[0] != 'capsule']
    return [c for c in cases if co.valid(c[0]) and co.valid(c[2])]


def main():
    argv = list(sys.argv)
    cpath = None
    if '--castlib' in argv:
        i = argv.index('--castlib')
        cpath = argv[i + 1]
        del argv[i:i + 2]
    opts = fc_ctypes.parse_options(argv, {"cases": 400, "seed": 29, "adversarial": 1, "worlds": -1},
                                   ["radius", "t+1", "normal"])
    if opts is None:
        sys.exit(77)
    load(argv[1], cpath)
    rng = random.Random(opts["seed"])
    mode = opts.get("break")
    cases = (adversarial(rng) if opts["adversarial"] else []) + gen_cases(rng, opts["cases"])
    stats = {'hit': 0, 'miss': 0, 'start': 0, 'normals': 0}
    bad = 0
    for sm, d, st in cases:
        errs = check(sm, d, st, mode, stats)
        if errs:
            bad += 1
            if bad <= 10:
                print("DISAGREE", sm, d, st, "; ".join(errs))
    # zero-length capsules against every type, both roles
    zeq = 0
    for i in range(max(8, opts["cases"] // 10)):
        spread = rng.choice([64, 65536, 1 << 22])
        c = (0, 0, 0)
        p = co.rvec(rng, c, spread)
        cap = ('capsule', p, p, rng.choice([0, 1, rng.randint(0, spread)]))
        other = co.random_shape(rng, ['sphere', 'aabb', 'obb', 'capsule'][i % 4], c, spread)
        if other is None or not co.valid(other) or not co.valid(cap):
            continue
        errs = sphere_equal(cap, rdelta(rng, spread), other)
        zeq += 1
        if errs:
            bad += 1
            if bad <= 10:
                print("DISAGREE", cap, other, "; ".join(errs))
    nworld = opts["worlds"] if opts["worlds"] >= 0 else max(1, opts["cases"] // 100)
    for k in range(nworld):
        werrs = world_check(rng, mode)
        for e in werrs[:5]:
            print("DISAGREE (world)", e)
        bad += len(werrs)
    print("%d capsule casts (%d hits, %d at the start, %d misses, %d normals checked), %d zero-length = sphere, "
          "%d worlds: %d disagreements" % (len(cases), stats['hit'], stats['start'], stats['miss'], stats['normals'],
                                           zeq, nworld, bad))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
