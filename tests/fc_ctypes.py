# SPDX-License-Identifier: MIT
"""The ctypes layer shared by the Python oracles (check_area2_oracle.py,
check_cast_oracle.py): the library's struct layouts (shapes, world, ids),
the coordinate limits, loading the library, the common option loop
(--skip WHY) and the 2D shape constructors. Imported from the tests folder:
the oracles put their own directory on sys.path first."""
import ctypes as C

# ---------------------------------------------------------------- layouts
class Vec2(C.Structure):
    _fields_ = [("x", C.c_int32), ("y", C.c_int32)]

class Vec3(C.Structure):
    _fields_ = [("x", C.c_int32), ("y", C.c_int32), ("z", C.c_int32)]

class Circle(C.Structure):
    _fields_ = [("center", Vec2), ("radius", C.c_int32)]

class Aabb(C.Structure):
    _fields_ = [("min", Vec2), ("max", Vec2)]

class SinCos(C.Structure):
    _fields_ = [("s", C.c_int32), ("c", C.c_int32)]

class Obb(C.Structure):
    _fields_ = [("center", Vec2), ("half", Vec2), ("angle", C.c_uint16), ("rot", SinCos)]

class Capsule(C.Structure):
    _fields_ = [("a", Vec2), ("b", Vec2), ("radius", C.c_int32)]

class Poly(C.Structure):
    _fields_ = [("count", C.c_int32), ("v", Vec2 * 8)]

class U2(C.Union):
    _fields_ = [("circle", Circle), ("aabb", Aabb), ("obb", Obb), ("capsule", Capsule), ("poly", Poly)]

class Shape2(C.Structure):
    _fields_ = [("type", C.c_int), ("u", U2)]

class Sphere(C.Structure):
    _fields_ = [("center", Vec3), ("radius", C.c_int32)]

class Aabb3(C.Structure):
    _fields_ = [("min", Vec3), ("max", Vec3)]

class Obb3(C.Structure):
    _fields_ = [("center", Vec3), ("half", Vec3), ("axis", Vec3 * 3)]

class U3(C.Union):
    _fields_ = [("sphere", Sphere), ("aabb", Aabb3), ("obb", Obb3)]

class Shape3(C.Structure):
    _fields_ = [("type", C.c_int), ("u", U3)]

class BodyId(C.Structure):
    _fields_ = [("index", C.c_uint32), ("generation", C.c_uint32), ("world", C.c_uint32)]

class Hit2(C.Structure):
    _fields_ = [("id", BodyId), ("t", C.c_int32), ("normal", Vec2)]

class Hit3(C.Structure):
    _fields_ = [("id", BodyId), ("t", C.c_int32), ("normal", Vec3)]

class Contact2(C.Structure):
    _fields_ = [("normal", Vec2), ("depth", C.c_int32), ("point", Vec2)]

class Contact3(C.Structure):
    _fields_ = [("normal", Vec3), ("depth", C.c_int32), ("point", Vec3)]

class Filter(C.Structure):
    _fields_ = [("category", C.c_uint32), ("mask", C.c_uint32)]

class Allocator(C.Structure):
    _fields_ = [("alloc", C.c_void_p), ("free", C.c_void_p), ("ctx", C.c_void_p)]

class WorldDef(C.Structure):
    _fields_ = [("dim", C.c_int), ("bounds_min", Vec2), ("bounds_log2", C.c_int32), ("max_depth", C.c_int32),
                ("layout", C.c_int), ("body_capacity", C.c_int32), ("pair_capacity", C.c_int32),
                ("tag", C.c_uint32), ("alloc", Allocator)]

class BodyDef(C.Structure):
    _fields_ = [("shape2", Shape2), ("shape3", Shape3), ("filter", Filter), ("user_data", C.c_uint64)]

LIM, SIZE = 1 << 29, 1 << 28   # coordinate limit (FC_COORD_LIMIT), the largest generated size
lib = None


def load(path):
    """Opens the library (also for the constructors below) with the calls every oracle uses."""
    global lib
    lib = C.CDLL(path)
    lib.fc_sincos_of.restype = SinCos
    lib.fc_sincos_of.argtypes = [C.c_uint16]
    lib.fc_overlap2.argtypes = [C.POINTER(Shape2), C.POINTER(Shape2)]
    lib.fc_shape2_validate.argtypes = [C.POINTER(Shape2)]
    return lib


def parse_options(argv, opts, breaks=None):
    """argv[2:] as "--name VALUE" pairs into a copy of opts (name -> default;
    the default's type converts the value, --break is a string, checked
    against breaks when given; other names are ignored). None when --skip
    WHY comes first: "SKIP: WHY" is printed and the caller exits 77."""
    out = dict(opts)
    i = 2
    while i < len(argv):
        name = argv[i][2:]
        if argv[i] == "--break":
            out["break"] = argv[i + 1]
            if breaks is not None:
                assert out["break"] in breaks, out["break"]
        elif argv[i] == "--skip":
            print("SKIP: " + argv[i + 1])
            return None
        elif argv[i].startswith("--") and name in opts:
            out[name] = int(argv[i + 1])
        i += 2
    return out


def sincos(a):
    r = lib.fc_sincos_of(a & 0xFFFF)
    return (r.c, r.s)

# -------------------------------------------------------------- 2D shapes
def clampc(v):
    return max(-LIM, min(LIM, v))


def mk_circle(cx, cy, r):
    s = Shape2()
    s.type = 1
    s.u.circle.center = Vec2(clampc(cx), clampc(cy))
    s.u.circle.radius = r
    return s


def mk_aabb(x0, y0, x1, y1):
    s = Shape2()
    s.type = 2
    s.u.aabb.min = Vec2(clampc(x0), clampc(y0))
    s.u.aabb.max = Vec2(clampc(x1), clampc(y1))
    return s


def mk_obb(cx, cy, hx, hy, ang):
    s = Shape2()
    s.type = 3
    o = s.u.obb
    o.center = Vec2(clampc(cx), clampc(cy))
    o.half = Vec2(hx, hy)
    o.angle = ang & 0xFFFF
    c, sn = sincos(ang)
    o.rot = SinCos(sn, c)
    return s


def mk_capsule(ax, ay, bx, by, r):
    s = Shape2()
    s.type = 4
    s.u.capsule.a = Vec2(clampc(ax), clampc(ay))
    s.u.capsule.b = Vec2(clampc(bx), clampc(by))
    s.u.capsule.radius = r
    return s


def mk_poly(pts):
    s = Shape2()
    s.type = 5
    s.u.poly.count = len(pts)
    for i, (x, y) in enumerate(pts):
        s.u.poly.v[i] = Vec2(clampc(x), clampc(y))
    return s


def valid2(sh):
    return lib.fc_shape2_validate(C.byref(sh)) == 0


def fields2(s):
    """A 2D shape's fields as a tuple (for messages and comparisons)."""
    t = s.type
    if t == 1:
        return ("circle", s.u.circle.center.x, s.u.circle.center.y, s.u.circle.radius)
    if t == 2:
        return ("aabb", s.u.aabb.min.x, s.u.aabb.min.y, s.u.aabb.max.x, s.u.aabb.max.y)
    if t == 3:
        o = s.u.obb
        return ("obb", o.center.x, o.center.y, o.half.x, o.half.y, o.angle)
    if t == 4:
        c = s.u.capsule
        return ("capsule", c.a.x, c.a.y, c.b.x, c.b.y, c.radius)
    return ("poly", [(s.u.poly.v[i].x, s.u.poly.v[i].y) for i in range(s.u.poly.count)])
