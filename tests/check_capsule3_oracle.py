# SPDX-License-Identifier: MIT
"""check_capsule3_oracle.py LIBFIXCOL.so [--cases N] [--seed S] [--break MODE]

The 3D capsule pair tests (fixcol/collide3d.h: capsule3 with sphere, AABB3,
OBB3, capsule3, both argument orders; fc_overlap3, fc_contact3,
fc_pushout3) against an independent exact oracle written here in Python.

Oracle (a different algorithm from src/collide3d/collide3d_capsule*.c):
both shapes are written as parametrised point sets A(u) = a0 + sum u_i g_i
(capsule: one parameter along the segment; sphere: none; AABB3: the three
coordinates; OBB3: the three oblique coordinates of the stored axes) and
the squared distance |A(u) - B(v)|^2, a convex quadratic over a box of
parameters, is minimised EXACTLY by enumerating every face of the
parameter box (each parameter at its low bound, its high bound or free),
solving the normal equations of the free parameters on Fractions and
keeping the feasible solutions (a vertex of the minimiser set has a
nonsingular system, so singular faces can be skipped). Overlap iff that
minimum <= (sum of radii)^2.
World (fc_world_overlap3 with a capsule query): the ids found equal the
bodies the oracle overlaps (capsule bodies among them); a capsule cast is
refused (FC_ERR_SHAPE_TYPE, the world unchanged).
Checks: overlap in both orders and through fc_overlap3 / fc_contact3
equals the oracle; the contact normal is ~unit and reversal negates it with
the same depth; for round pairs the depth is within 2 raw of the exact
penetration; the push-out separates (oracle) and, for round pairs, is no
longer than the exact penetration + 2^-11 of it + 8 raw.
Cases: random pairs at several scales, and adversarial ones: parallel and
collinear segments, point segments (a capsule that is a sphere), crossing
segments, segments along box faces and edges, the 1-raw boundary (the
radius set from the exact distance so that radius r touches or misses and
r + 1 overlaps), range limits (+-FC_COORD_LIMIT, FC_SIZE_LIMIT radii).
--break MODE (the should-fail twins): 'radius' gives the library the
capsule radius + 1 raw, 'swap' the oracle's answer negated for touching
cases; the checks must then find disagreements (exit 1).
"""
import ctypes as C
import math
import os
import random
import sys
from fractions import Fraction as F

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fc_ctypes  # noqa: E402
from fc_ctypes import Vec3, Sphere, Aabb3, Obb3, Contact3  # noqa: E402

LIM = 8192 * 65536
SIZE = 4096 * 65536


class Capsule3(C.Structure):
    _fields_ = [("a", Vec3), ("b", Vec3), ("radius", C.c_int32)]


class U3(C.Union):
    _fields_ = [("sphere", Sphere), ("aabb", Aabb3), ("obb", Obb3), ("capsule", Capsule3)]


class Shape3(C.Structure):
    _fields_ = [("type", C.c_int), ("u", U3)]


SPHERE, AABB, OBB, CAPSULE = 1, 2, 3, 4
lib = None


def load(path):
    global lib
    lib = fc_ctypes.load(path)
    P = C.POINTER(Shape3)
    lib.fc_overlap3.argtypes = [P, P]
    lib.fc_contact3.argtypes = [P, P, C.POINTER(Contact3)]
    lib.fc_pushout3.argtypes = [P, P, C.POINTER(Vec3)]
    lib.fc_shape3_validate.argtypes = [P]
    lib.fc_obb3_from_euler.argtypes = [Vec3, Vec3, C.c_uint16, C.c_uint16, C.c_uint16, C.POINTER(Obb3)]


# ---------------------------------------------------------------- shapes
# A shape is a Python tuple: ('capsule', a, b, r) / ('sphere', c, r) /
# ('aabb', lo, hi) / ('obb', c, h, axes) with integer triples.

def to_c(s):
    sh = Shape3()
    if s[0] == 'capsule':
        sh.type = CAPSULE
        sh.u.capsule.a = Vec3(*s[1])
        sh.u.capsule.b = Vec3(*s[2])
        sh.u.capsule.radius = s[3]
    elif s[0] == 'sphere':
        sh.type = SPHERE
        sh.u.sphere.center = Vec3(*s[1])
        sh.u.sphere.radius = s[2]
    elif s[0] == 'aabb':
        sh.type = AABB
        sh.u.aabb.min = Vec3(*s[1])
        sh.u.aabb.max = Vec3(*s[2])
    else:
        sh.type = OBB
        sh.u.obb.center = Vec3(*s[1])
        sh.u.obb.half = Vec3(*s[2])
        for i in range(3):
            sh.u.obb.axis[i] = Vec3(*s[3][i])
    return sh


def make_obb(c, h, yaw, pitch, roll):
    o = Obb3()
    st = lib.fc_obb3_from_euler(Vec3(*c), Vec3(*h), yaw & 0xFFFF, pitch & 0xFFFF, roll & 0xFFFF, C.byref(o))
    if st != 0:
        return None
    return ('obb', tuple(c), tuple(h), tuple((o.axis[i].x, o.axis[i].y, o.axis[i].z) for i in range(3)))


def valid(s):
    return lib.fc_shape3_validate(C.byref(to_c(s))) == 0


def radius(s):
    return s[3] if s[0] == 'capsule' else s[2] if s[0] == 'sphere' else 0


def param_set(s):
    """(origin, generators, bounds) of the shape's core point set."""
    if s[0] == 'capsule':
        a, b = s[1], s[2]
        return [F(x) for x in a], [[F(b[k] - a[k]) for k in range(3)]], [(F(0), F(1))]
    if s[0] == 'sphere':
        return [F(x) for x in s[1]], [], []
    if s[0] == 'aabb':
        lo, hi = s[1], s[2]
        gens = [[F(1) if k == i else F(0) for k in range(3)] for i in range(3)]
        return [F(0)] * 3, gens, [(F(lo[i]), F(hi[i])) for i in range(3)]
    c, h, ax = s[1], s[2], s[3]
    gens = [[F(ax[i][k], 65536) for k in range(3)] for i in range(3)]
    return [F(x) for x in c], gens, [(F(-h[i]), F(h[i])) for i in range(3)]


def solve(M, rhs):
    n = len(rhs)
    A = [row[:] + [rhs[i]] for i, row in enumerate(M)]
    for col in range(n):
        piv = next((r for r in range(col, n) if A[r][col] != 0), None)
        if piv is None:
            return None
        A[col], A[piv] = A[piv], A[col]
        for r in range(n):
            if r != col and A[r][col] != 0:
                f = A[r][col] / A[col][col]
                A[r] = [A[r][k] - f * A[col][k] for k in range(n + 1)]
    return [A[i][n] / A[i][i] for i in range(n)]


def min_dist2(sa, sb):
    """Exact min |A(u) - B(v)|^2 over the parameter boxes."""
    oa, ga, ba = param_set(sa)
    ob, gb, bb = param_set(sb)
    w0 = [oa[k] - ob[k] for k in range(3)]
    gens = ga + [[-x for x in g] for g in gb]
    bounds = ba + bb
    n = len(gens)
    best = None
    for code in range(3 ** n):
        state, c = [], code
        for _ in range(n):
            state.append(c % 3)
            c //= 3
        fixed = [0] * n
        free = []
        for i in range(n):
            if state[i] == 0:
                fixed[i] = bounds[i][0]
            elif state[i] == 1:
                fixed[i] = bounds[i][1]
            else:
                free.append(i)
        base = [w0[k] + sum(fixed[i] * gens[i][k] for i in range(n) if state[i] != 2) for k in range(3)]
        if free:
            M = [[sum(gens[i][k] * gens[j][k] for k in range(3)) for j in free] for i in free]
            rhs = [-sum(gens[i][k] * base[k] for k in range(3)) for i in free]
            x = solve(M, rhs)
            if x is None:
                continue
            if any(not (bounds[i][0] <= xi <= bounds[i][1]) for i, xi in zip(free, x)):
                continue
            for i, xi in zip(free, x):
                base = [base[k] + xi * gens[i][k] for k in range(3)]
        d2 = sum(v * v for v in base)
        if best is None or d2 < best:
            best = d2
    return best


def oracle_overlap(sa, sb):
    R = radius(sa) + radius(sb)
    return min_dist2(sa, sb) <= R * R


def moved(s, d):
    if s[0] == 'capsule':
        return ('capsule', tuple(s[1][k] + d[k] for k in range(3)), tuple(s[2][k] + d[k] for k in range(3)), s[3])
    if s[0] == 'sphere':
        return ('sphere', tuple(s[1][k] + d[k] for k in range(3)), s[2])
    if s[0] == 'aabb':
        return ('aabb', tuple(s[1][k] + d[k] for k in range(3)), tuple(s[2][k] + d[k] for k in range(3)))
    return ('obb', tuple(s[1][k] + d[k] for k in range(3)), s[2], s[3])


# ---------------------------------------------------------------- cases

def rvec(rng, c, spread):
    return tuple(max(-LIM, min(LIM, c[k] + rng.randint(-spread, spread))) for k in range(3))


def random_shape(rng, kind, c, spread):
    if kind == 'capsule':
        r = rng.choice([0, rng.randint(0, spread // 2), rng.randint(0, 65536)])
        return ('capsule', rvec(rng, c, spread), rvec(rng, c, spread), min(r, SIZE))
    if kind == 'sphere':
        return ('sphere', rvec(rng, c, spread), min(SIZE, rng.randint(0, spread)))
    if kind == 'aabb':
        lo = rvec(rng, c, spread)
        hi = tuple(min(LIM, lo[k] + rng.randint(1, max(1, spread))) for k in range(3))
        if any(hi[k] <= lo[k] for k in range(3)):
            return None
        return ('aabb', lo, hi)
    h = tuple(rng.randint(1, max(1, min(SIZE, spread))) for _ in range(3))
    return make_obb(rvec(rng, c, spread), h, rng.randrange(65536), rng.randrange(65536), rng.randrange(65536))


def boundary_pair(sa, sb):
    """The capsule sa's radius set from the exact distance: (r0, r0 + 1)
    with r0 = floor(D) - radius(sb): r0 touches only when D is an integer."""
    d2 = min_dist2(sa, sb)
    fl = math.isqrt(d2.numerator // d2.denominator)
    while F(fl + 1) ** 2 <= d2:
        fl += 1
    while F(fl) ** 2 > d2:
        fl -= 1
    r0 = fl - radius(sb)
    out = []
    for r in (r0, r0 + 1):
        if 0 <= r <= SIZE:
            out.append(('capsule', sa[1], sa[2], r))
    return out


def adversarial(rng):
    u = 65536
    cases = []
    # parallel, collinear, point segments, crossing
    cases.append((('capsule', (0, 0, 0), (10 * u, 0, 0), u), ('capsule', (3 * u, 2 * u, 0), (20 * u, 2 * u, 0), u)))
    cases.append((('capsule', (0, 0, 0), (10 * u, 0, 0), u), ('capsule', (3 * u, 2 * u + 1, 0), (20 * u, 2 * u + 1, 0), u)))
    cases.append((('capsule', (0, 0, 0), (10 * u, 0, 0), u), ('capsule', (12 * u, 0, 0), (20 * u, 0, 0), u)))
    cases.append((('capsule', (0, 0, 0), (10 * u, 0, 0), u), ('capsule', (12 * u + 1, 0, 0), (20 * u, 0, 0), u)))
    cases.append((('capsule', (5, 5, 5), (5, 5, 5), 7), ('sphere', (5, 5, 19), 7)))
    cases.append((('capsule', (5, 5, 5), (5, 5, 5), 7), ('sphere', (5, 5, 20), 7)))
    cases.append((('capsule', (-u, 0, 0), (u, 0, 0), 0), ('capsule', (0, -u, 0), (0, u, 0), 0)))
    cases.append((('capsule', (-u, 0, 1), (u, 0, 1), 0), ('capsule', (0, -u, 0), (0, u, 0), 0)))
    cases.append((('capsule', (-u, 0, 2), (u, 0, 2), 1), ('capsule', (0, -u, 0), (0, u, 0), 1)))
    cases.append((('capsule', (-u, 0, 3), (u, 0, 3), 1), ('capsule', (0, -u, 0), (0, u, 0), 1)))
    # along a box face and edge, 1 raw away
    box = ('aabb', (0, 0, 0), (4 * u, 4 * u, 4 * u))
    for gap in (0, 1, 2):
        cases.append((('capsule', (-u, 2 * u, 4 * u + gap + 5), (5 * u, 2 * u, 4 * u + gap + 5), 5), box))
        cases.append((('capsule', (-u, -3 - gap, 4 * u + 4), (5 * u, -3 - gap, 4 * u + 4), 5), box))
        cases.append((('capsule', (2 * u, 2 * u, 4 * u + 1 + gap), (2 * u, 2 * u, 9 * u), 1), box))
    # crossing a box without an endpoint inside
    cases.append((('capsule', (-u, 2 * u, 2 * u), (9 * u, 2 * u, 2 * u), 0), box))
    cases.append((('capsule', (-u, -u, 2 * u), (9 * u, 9 * u, 2 * u), 0), box))
    # range limits
    L = LIM
    cases.append((('capsule', (-L, -L, -L), (L, L, L), SIZE), ('sphere', (L, -L, L), SIZE)))
    cases.append((('capsule', (-L, -L, -L), (L, L, L), 0), ('capsule', (L, -L, -L), (-L, L, L), 0)))
    cases.append((('capsule', (-L, -L, -L), (L, L, L), SIZE), ('aabb', (L - SIZE, -L, -L), (L, -L + 2 * SIZE, -L + 1))))
    cases.append((('capsule', (-L, L, -L), (L, L, L), 0), ('capsule', (-L, L - 1, -L), (L, L - 1, L), 0)))
    cases.append((('capsule', (L, L, L), (L, L, L), SIZE), ('capsule', (-L, -L, -L), (-L, -L, -L), SIZE)))
    o = make_obb((0, 0, 0), (SIZE, SIZE, SIZE), 8000, 3000, 123)
    cases.append((('capsule', (-L, L, -L), (L, L, L), SIZE), o))
    cases.append((('capsule', (-L, -L, L), (L, L, -L), 0), o))
    # OBB edges
    o2 = make_obb((0, 0, 0), (2 * u, 3 * u, 4 * u), 5000, 9000, 1000)
    for k in range(8):
        sa = ('capsule', (rng.randint(-9 * u, 9 * u), 9 * u, rng.randint(-9 * u, 9 * u)),
              (rng.randint(-9 * u, 9 * u), -9 * u, rng.randint(-9 * u, 9 * u)), 0)
        cases.append((sa, o2))
    return cases


def gen_cases(rng, n):
    kinds = ['sphere', 'aabb', 'obb', 'capsule']
    out = []
    for i in range(n):
        kind = kinds[i % 4]
        spread = rng.choice([64, 65536, 1 << 22, 1 << 27])
        c = tuple(rng.randint(-LIM, LIM) for _ in range(3)) if rng.random() < 0.3 else (0, 0, 0)
        sa = random_shape(rng, 'capsule', c, spread)
        sb = random_shape(rng, kind, c, spread)
        if sa is None or sb is None or not valid(sa) or not valid(sb):
            continue
        out.append((sa, sb))
        if i % 2 == 0:
            for sa2 in boundary_pair(sa, sb):
                out.append((sa2, sb))
    return out


# ---------------------------------------------------------------- checks

def check(sa, sb, mode, stats):
    errs = []
    ca, cb = to_c(sa), to_c(sb)
    if mode == 'radius':
        ca.u.capsule.radius = min(SIZE, sa[3] + 1)
    want = oracle_overlap(sa, sb)
    if mode == 'swap':
        R = radius(sa) + radius(sb)
        if min_dist2(sa, sb) == R * R:
            want = not want
    stats['overlap' if want else 'apart'] += 1
    got = lib.fc_overlap3(C.byref(ca), C.byref(cb))
    rev = lib.fc_overlap3(C.byref(cb), C.byref(ca))
    if got != want or rev != want:
        errs.append("overlap %d/%d, oracle %d" % (got, rev, want))
    c1, c2 = Contact3(), Contact3()
    h1 = lib.fc_contact3(C.byref(ca), C.byref(cb), C.byref(c1))
    h2 = lib.fc_contact3(C.byref(cb), C.byref(ca), C.byref(c2))
    if h1 != got or h2 != rev:
        errs.append("contact answers %d/%d vs overlap %d/%d" % (h1, h2, got, rev))
    if h1 and h2 and mode is None:
        n1 = (c1.normal.x, c1.normal.y, c1.normal.z)
        n2 = (c2.normal.x, c2.normal.y, c2.normal.z)
        if n2 != tuple(-x for x in n1) or c1.depth != c2.depth:
            errs.append("reversal: %s/%d vs %s/%d" % (n1, c1.depth, n2, c2.depth))
        l2 = sum(x * x for x in n1)
        if abs(l2 - (1 << 32)) > (1 << 32) >> 12:
            errs.append("normal %s not unit" % (n1,))
        if c1.depth < 0:
            errs.append("negative depth")
        round_pair = sb[0] in ('sphere', 'capsule')
        if round_pair:
            R = radius(sa) + radius(sb)
            D = math.sqrt(float(min_dist2(sa, sb)))
            pen = R - D
            if abs(c1.depth - pen) > 2 + pen * 2.0 ** -20:
                errs.append("depth %d, exact penetration %.3f" % (c1.depth, pen))
        d = Vec3()
        st = lib.fc_pushout3(C.byref(ca), C.byref(cb), C.byref(d))
        if st == 0:
            dv = (d.x, d.y, d.z)
            mb = moved(sb, dv)
            if oracle_overlap(sa, mb):
                errs.append("push-out %s does not separate" % (dv,))
            stats['pushed'] += 1
            if round_pair:
                L = math.sqrt(sum(x * x for x in dv))
                if L > pen + pen / 2048 + 8:
                    errs.append("push-out length %.1f > penetration %.1f + bound" % (L, pen))
        elif st != lib_status_range:
            errs.append("push-out status %d" % st)
    return errs


lib_status_range = None


def world_check(rng, mode, nbodies=40, queries=12):
    """A 3D world of spheres, AABB3s, OBB3s and capsule3s; capsule queries
    (fc_world_overlap3) against the oracle body by body; a capsule cast is
    refused with FC_ERR_SHAPE_TYPE, the world unchanged."""
    from fc_ctypes import WorldDef, BodyDef, BodyId, Filter, Vec2
    lib.fc_world_def_default.restype = WorldDef
    lib.fc_body_def_default.restype = BodyDef
    lib.fc_world_create.argtypes = [C.POINTER(WorldDef), C.POINTER(C.c_void_p)]
    lib.fc_world_destroy.argtypes = [C.c_void_p]
    lib.fc_world_create_body.argtypes = [C.c_void_p, C.POINTER(BodyDef), C.POINTER(BodyId)]
    lib.fc_world_body_count.argtypes = [C.c_void_p]
    lib.fc_world_overlap3.argtypes = [C.c_void_p, C.POINTER(Shape3), Filter, C.POINTER(C.POINTER(BodyId)),
                                      C.POINTER(C.c_int32)]
    lib.fc_world_cast3.argtypes = [C.c_void_p, C.POINTER(Shape3), Vec3, Filter, C.c_void_p, C.POINTER(C.c_int)]
    wd = lib.fc_world_def_default()
    wd.dim = 3
    wd.bounds_min = Vec2(-LIM, -LIM)
    wd.bounds_log2 = 14
    w = C.c_void_p()
    assert lib.fc_world_create(C.byref(wd), C.byref(w)) == 0
    errs = []
    try:
        sc = 1 << 20
        shapes, ids = [], []
        for i in range(nbodies):
            sh = random_shape(rng, ('sphere', 'aabb', 'obb', 'capsule')[i % 4], (0, 0, 0), 8 * sc)
            if sh is None or not valid(sh):
                continue
            bd = lib.fc_body_def_default()
            C.memmove(C.byref(bd.shape3), C.byref(to_c(sh)), C.sizeof(bd.shape3))
            bid = BodyId()
            assert lib.fc_world_create_body(w, C.byref(bd), C.byref(bid)) == 0
            shapes.append(sh)
            ids.append(bid.index)
        cap = ('capsule', (0, 0, 0), (sc, 2 * sc, -sc), sc)
        hit = C.c_int(7)
        out = (C.c_char * 64)()
        st = lib.fc_world_cast3(w, C.byref(to_c(cap)), Vec3(sc, 0, 0), Filter(0xFFFFFFFF, 0xFFFFFFFF), out,
                                C.byref(hit))
        if st != -4 or hit.value != 7:
            errs.append("capsule cast: status %d" % st)
        for q in range(queries):
            qa = random_shape(rng, 'capsule', (0, 0, 0), 8 * sc)
            qc = to_c(qa)
            if mode == 'radius':
                qc.u.capsule.radius = min(SIZE, qa[3] + 1)
            got_p = C.POINTER(BodyId)()
            cnt = C.c_int32()
            st = lib.fc_world_overlap3(w, C.byref(qc), Filter(0xFFFFFFFF, 0xFFFFFFFF), C.byref(got_p), C.byref(cnt))
            if st != 0:
                errs.append("world query status %d" % st)
                continue
            got = sorted(got_p[i].index for i in range(cnt.value))
            want = sorted(ids[i] for i, sh in enumerate(shapes) if oracle_overlap(qa, sh))
            if got != want:
                errs.append("world query: %s, oracle %s" % (got, want))
    finally:
        lib.fc_world_destroy(w)
    return errs


def main():
    global lib_status_range
    opts = fc_ctypes.parse_options(sys.argv, {"cases": 400, "seed": 29}, ["radius", "swap"])
    if opts is None:
        sys.exit(77)
    load(sys.argv[1])
    lib_status_range = -2  # FC_ERR_RANGE (fixcol/status.h)
    rng = random.Random(opts["seed"])
    mode = opts.get("break")
    cases = adversarial(rng) + gen_cases(rng, opts["cases"])
    stats = {'overlap': 0, 'apart': 0, 'pushed': 0}
    bad = 0
    for sa, sb in cases:
        if not valid(sa) or not valid(sb):
            print("invalid generated case", sa, sb)
            bad += 1
            continue
        errs = check(sa, sb, mode, stats)
        if errs:
            bad += 1
            if bad <= 10:
                print("DISAGREE", sa, sb, "; ".join(errs))
    werrs = []
    for k in range(max(1, opts["cases"] // 100)):
        werrs += world_check(rng, mode)
    for e in werrs[:10]:
        print("DISAGREE (world)", e)
    bad += len(werrs)
    print("%d capsule3 pairs (%d overlapping, %d apart, %d pushed out), %d world checks: %d disagreements"
          % (len(cases), stats['overlap'], stats['apart'], stats['pushed'], max(1, opts["cases"] // 100), bad))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
