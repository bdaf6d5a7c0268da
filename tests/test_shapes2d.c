/* SPDX-License-Identifier: MIT */
/* 2D shape validation: every error code of fc_<shape>_validate is produced
 * by a bad input and every good input passes; the make calls fill the
 * fields. `--break` checks a wrong expectation (a clockwise polygon said to
 * be valid): it must fail. */
#include <fixcol/shapes.h>
#include <string.h>

#include "testutil.h"

static fc_vec2 v2(int32_t x, int32_t y) { return fc_vec2_make(x, y); }

#define U 65536
#define LIM FC_COORD_LIMIT
#define SZ FC_SIZE_LIMIT

static void circles(void)
{
    TU_CHECK(fc_circle_validate(NULL) == FC_ERR_NULL, "null");
    fc_circle c = fc_circle_make(v2(U, -U), 3 * U);
    TU_CHECK(c.center.x == U && c.center.y == -U && c.radius == 3 * U, "make");
    TU_CHECK(fc_circle_validate(&c) == FC_OK, "ok");
    c.radius = 0;
    TU_CHECK(fc_circle_validate(&c) == FC_OK, "radius 0 is a point");
    c.radius = SZ;
    TU_CHECK(fc_circle_validate(&c) == FC_OK, "radius at the limit");
    c.radius = -1;
    TU_CHECK(fc_circle_validate(&c) == FC_ERR_SIZE, "negative radius");
    c.radius = SZ + 1;
    TU_CHECK(fc_circle_validate(&c) == FC_ERR_SIZE, "radius too large");
    c = fc_circle_make(v2(LIM, -LIM), U);
    TU_CHECK(fc_circle_validate(&c) == FC_OK, "centre at the limit");
    c.center.x = LIM + 1;
    TU_CHECK(fc_circle_validate(&c) == FC_ERR_RANGE, "centre out of range");
    c.center = v2(0, INT32_MIN);
    TU_CHECK(fc_circle_validate(&c) == FC_ERR_RANGE, "centre INT32_MIN");
}

static void aabbs(void)
{
    TU_CHECK(fc_aabb2_validate(NULL) == FC_ERR_NULL, "null");
    fc_aabb2 b = fc_aabb2_make(v2(-U, -U), v2(U, 2 * U));
    TU_CHECK(fc_aabb2_validate(&b) == FC_OK, "ok");
    b = fc_aabb2_make(v2(0, 0), v2(1, 1));
    TU_CHECK(fc_aabb2_validate(&b) == FC_OK, "1 raw wide");
    b = fc_aabb2_make(v2(0, 0), v2(0, 1));
    TU_CHECK(fc_aabb2_validate(&b) == FC_ERR_SIZE, "zero width");
    b = fc_aabb2_make(v2(0, 0), v2(1, -1));
    TU_CHECK(fc_aabb2_validate(&b) == FC_ERR_SIZE, "negative height");
    b = fc_aabb2_make(v2(-SZ, 0), v2(SZ, 1));
    TU_CHECK(fc_aabb2_validate(&b) == FC_OK, "half-extent at the limit");
    b = fc_aabb2_make(v2(-SZ - 1, 0), v2(SZ, 1));
    TU_CHECK(fc_aabb2_validate(&b) == FC_ERR_SIZE, "half-extent too large");
    b = fc_aabb2_make(v2(-LIM - 1, 0), v2(0, 1));
    TU_CHECK(fc_aabb2_validate(&b) == FC_ERR_RANGE, "min out of range");
    b = fc_aabb2_make(v2(0, 0), v2(1, LIM + 1));
    TU_CHECK(fc_aabb2_validate(&b) == FC_ERR_RANGE, "max out of range");
}

static void obbs(void)
{
    TU_CHECK(fc_obb2_validate(NULL) == FC_ERR_NULL, "null");
    fc_obb2 o = fc_obb2_make(v2(U, U), v2(2 * U, U), 1234);
    fc_sincos r = fc_sincos_of(1234);
    TU_CHECK(o.rot.c == r.c && o.rot.s == r.s && o.angle == 1234, "make sets rot");
    TU_CHECK(fc_obb2_validate(&o) == FC_OK, "ok");
    o.half.x = 0;
    TU_CHECK(fc_obb2_validate(&o) == FC_ERR_SIZE, "zero half-extent");
    o.half.x = -U;
    TU_CHECK(fc_obb2_validate(&o) == FC_ERR_SIZE, "negative half-extent");
    o.half.x = U, o.half.y = SZ + 1;
    TU_CHECK(fc_obb2_validate(&o) == FC_ERR_SIZE, "half-extent too large");
    o.half.y = SZ;
    TU_CHECK(fc_obb2_validate(&o) == FC_OK, "half-extent at the limit");
    o.center.y = -LIM - 1;
    TU_CHECK(fc_obb2_validate(&o) == FC_ERR_RANGE, "centre out of range");
    o.center.y = 0;
    o.rot.s += 1;
    TU_CHECK(fc_obb2_validate(&o) == FC_ERR_ROTATION, "rot does not match angle");
    o = fc_obb2_make(v2(0, 0), v2(U, U), 0);
    o.angle = 1;
    TU_CHECK(fc_obb2_validate(&o) == FC_ERR_ROTATION, "angle changed after make");
}

static void capsules(void)
{
    TU_CHECK(fc_capsule2_validate(NULL) == FC_ERR_NULL, "null");
    fc_capsule2 c = fc_capsule2_make(v2(0, 0), v2(5 * U, 0), U);
    TU_CHECK(fc_capsule2_validate(&c) == FC_OK, "ok");
    c.b = c.a;
    TU_CHECK(fc_capsule2_validate(&c) == FC_OK, "a == b is a circle");
    c.radius = 0;
    TU_CHECK(fc_capsule2_validate(&c) == FC_OK, "radius 0 is a segment");
    c.radius = -1;
    TU_CHECK(fc_capsule2_validate(&c) == FC_ERR_SIZE, "negative radius");
    c.radius = SZ + 1;
    TU_CHECK(fc_capsule2_validate(&c) == FC_ERR_SIZE, "radius too large");
    c.radius = U, c.a.x = LIM + 1;
    TU_CHECK(fc_capsule2_validate(&c) == FC_ERR_RANGE, "a out of range");
    c.a.x = 0, c.b.y = -LIM - 1;
    TU_CHECK(fc_capsule2_validate(&c) == FC_ERR_RANGE, "b out of range");
}

static fc_status poly_status(const fc_vec2 *v, int32_t n)
{
    fc_poly2 p = fc_poly2_make(v, n);
    return fc_poly2_validate(&p);
}

static void polys(int break_mode)
{
    TU_CHECK(fc_poly2_validate(NULL) == FC_ERR_NULL, "null");
    fc_vec2 tri[3] = {v2(0, 0), v2(U, 0), v2(0, U)};
    TU_CHECK(poly_status(tri, 3) == FC_OK, "ccw triangle");
    fc_vec2 cw[3] = {v2(0, 0), v2(0, U), v2(U, 0)};
    TU_CHECK(poly_status(cw, 3) == (break_mode ? FC_OK : FC_ERR_POLY_ORDER), "clockwise triangle");
    fc_vec2 sq[4] = {v2(0, 0), v2(U, 0), v2(U, U), v2(0, U)};
    TU_CHECK(poly_status(sq, 4) == FC_OK, "square");
    TU_CHECK(poly_status(sq, 2) == FC_ERR_POLY_COUNT, "2 vertices");
    fc_vec2 nine[9];
    for (int i = 0; i < 9; i++)
        nine[i] = v2(i, i * i);
    TU_CHECK(poly_status(nine, 9) == FC_ERR_POLY_COUNT, "9 vertices");
    TU_CHECK(poly_status(sq, -1) == FC_ERR_POLY_COUNT, "negative count");
    fc_vec2 rep[4] = {v2(0, 0), v2(U, 0), v2(U, 0), v2(0, U)};
    TU_CHECK(poly_status(rep, 4) == FC_ERR_POLY_ORDER, "repeated vertex");
    fc_vec2 col[4] = {v2(0, 0), v2(U, 0), v2(2 * U, 0), v2(0, U)};
    TU_CHECK(poly_status(col, 4) == FC_ERR_POLY_ORDER, "collinear vertices");
    fc_vec2 dent[5] = {v2(0, 0), v2(2 * U, 0), v2(U, U / 4), v2(2 * U, 2 * U), v2(0, 2 * U)};
    TU_CHECK(poly_status(dent, 5) == FC_ERR_POLY_ORDER, "non-convex");
    /* A pentagram: every turn is left, but it winds twice. */
    fc_vec2 star[5] = {v2(0, 10 * U), v2(-6 * U, -8 * U), v2(10 * U, 3 * U), v2(-10 * U, 3 * U), v2(6 * U, -8 * U)};
    TU_CHECK(poly_status(star, 5) == FC_ERR_POLY_ORDER, "self-intersecting star");
    fc_vec2 far[3] = {v2(0, 0), v2(LIM + 1, 0), v2(0, U)};
    TU_CHECK(poly_status(far, 3) == FC_ERR_RANGE, "vertex out of range");
    fc_vec2 big[3] = {v2(-LIM, -LIM), v2(LIM, -LIM), v2(LIM, LIM)};
    TU_CHECK(poly_status(big, 3) == FC_OK, "vertices at the limits");
    fc_vec2 thin[3] = {v2(-LIM, 0), v2(LIM, 0), v2(0, 1)};
    TU_CHECK(poly_status(thin, 3) == FC_OK, "1 raw high triangle");
    fc_vec2 oct[8];
    static const int32_t ox[8] = {2, 1, -1, -2, -2, -1, 1, 2}, oy[8] = {1, 2, 2, 1, -1, -2, -2, -1};
    for (int i = 0; i < 8; i++)
        oct[i] = v2(ox[i] * U, oy[i] * U);
    TU_CHECK(poly_status(oct, 8) == FC_OK, "octagon");
}

static void shapes(void)
{
    fc_shape2 s;
    memset(&s, 0, sizeof s);
    TU_CHECK(fc_shape2_validate(NULL) == FC_ERR_NULL, "null");
    s.type = (fc_shape2_type)9;
    TU_CHECK(fc_shape2_validate(&s) == FC_ERR_SHAPE_TYPE, "unknown type");
    s.type = FC_SHAPE2_CIRCLE;
    s.u.circle = fc_circle_make(v2(0, 0), -1);
    TU_CHECK(fc_shape2_validate(&s) == FC_ERR_SIZE, "dispatch to circle");
    s.type = FC_SHAPE2_POLY;
    s.u.poly = fc_poly2_make(NULL, 3);
    TU_CHECK(fc_shape2_validate(&s) == FC_ERR_POLY_ORDER, "dispatch to poly (three equal vertices)");
    s.type = FC_SHAPE2_OBB;
    s.u.obb = fc_obb2_make(v2(0, 0), v2(U, U), 77);
    TU_CHECK(fc_shape2_validate(&s) == FC_OK, "dispatch to obb");
    s.type = FC_SHAPE2_AABB;
    s.u.aabb = fc_aabb2_make(v2(0, 0), v2(0, 0));
    TU_CHECK(fc_shape2_validate(&s) == FC_ERR_SIZE, "dispatch to aabb");
    s.type = FC_SHAPE2_CAPSULE;
    s.u.capsule = fc_capsule2_make(v2(LIM + 1, 0), v2(0, 0), 0);
    TU_CHECK(fc_shape2_validate(&s) == FC_ERR_RANGE, "dispatch to capsule");
}

int main(int argc, char **argv)
{
    int break_mode = argc > 1 && strcmp(argv[1], "--break") == 0;
    circles();
    aabbs();
    obbs();
    capsules();
    polys(break_mode);
    shapes();
    return tu_finish("shapes2d");
}
