/* SPDX-License-Identifier: MIT */
/* 3D shape construction and validation: fc_obb3_from_euler against a
 * double-precision R = Ry(yaw) Rx(pitch) Rz(roll) (within 2 raw per
 * component, always valid, exact at 90-degree multiples), the documented
 * axis tolerance (accepted inside, FC_ERR_ROTATION outside, left-handed
 * rejected), range and size errors, NULLs, and *out left unchanged on
 * error. `--break` compares against a reference with the pitch sign
 * flipped: it must fail. */
#include <math.h>
#include <string.h>

#include <fixcol/fixcol.h>

#include "testutil.h"

#define PI 3.14159265358979323846

static int brk;

static void ref_rotation(fc_angle yaw, fc_angle pitch, fc_angle roll, double m[3][3])
{
    double y = yaw * (2 * PI / 65536), p = (brk ? -1 : 1) * pitch * (2 * PI / 65536), r = roll * (2 * PI / 65536);
    double ry[3][3] = {{cos(y), 0, sin(y)}, {0, 1, 0}, {-sin(y), 0, cos(y)}};
    double rx[3][3] = {{1, 0, 0}, {0, cos(p), -sin(p)}, {0, sin(p), cos(p)}};
    double rz[3][3] = {{cos(r), -sin(r), 0}, {sin(r), cos(r), 0}, {0, 0, 1}};
    double t[3][3];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            t[i][j] = 0;
            for (int k = 0; k < 3; k++)
                t[i][j] += ry[i][k] * rx[k][j];
        }
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            m[i][j] = 0;
            for (int k = 0; k < 3; k++)
                m[i][j] += t[i][k] * rz[k][j];
        }
}

static double worst_err, worst_gram;

static void check_euler(fc_angle yaw, fc_angle pitch, fc_angle roll)
{
    fc_obb3 b;
    fc_vec3 c = fc_vec3_make(0, 0, 0), h = fc_vec3_make(65536, 65536, 65536);
    fc_status st = fc_obb3_from_euler(c, h, yaw, pitch, roll, &b);
    TU_CHECK(st == FC_OK, "from_euler %u %u %u: %d", yaw, pitch, roll, (int)st);
    double m[3][3];
    ref_rotation(yaw, pitch, roll, m);
    for (int i = 0; i < 3; i++) {
        double got[3] = {b.axis[i].x, b.axis[i].y, b.axis[i].z};
        for (int r = 0; r < 3; r++) {
            double e = fabs(got[r] - m[r][i] * 65536);
            worst_err = e > worst_err ? e : worst_err;
            TU_CHECK(e <= 2.0, "axis %d component %d off by %g raw (angles %u %u %u)", i, r, e, yaw, pitch, roll);
        }
        for (int j = i; j < 3; j++) {
            double g = fabs((double)fc_vec3_dot(b.axis[i], b.axis[j]) / 4294967296.0 - (i == j));
            worst_gram = g > worst_gram ? g : worst_gram;
        }
    }
}

static void check_quarter_turns(void)
{
    for (int y = 0; y < 4; y++)
        for (int p = 0; p < 4; p++)
            for (int r = 0; r < 4; r++) {
                fc_obb3 b;
                fc_obb3_from_euler(fc_vec3_make(0, 0, 0), fc_vec3_make(1, 1, 1), (fc_angle)(y * 16384),
                                   (fc_angle)(p * 16384), (fc_angle)(r * 16384), &b);
                for (int i = 0; i < 3; i++) {
                    fix16_t v[3] = {b.axis[i].x, b.axis[i].y, b.axis[i].z};
                    int ones = 0;
                    for (int k = 0; k < 3; k++)
                        ones += v[k] == 65536 || v[k] == -65536;
                    TU_CHECK(ones == 1 && (v[0] == 0) + (v[1] == 0) + (v[2] == 0) == 2,
                             "quarter turn not exact: %d %d %d", y, p, r);
                }
            }
    fc_obb3 b;
    fc_vec3 o = fc_vec3_make(0, 0, 0), h = fc_vec3_make(1, 1, 1);
    fc_obb3_from_euler(o, h, 16384, 0, 0, &b);
    TU_CHECK(b.axis[2].x == 65536 && b.axis[2].y == 0 && b.axis[2].z == 0, "yaw 90 turns +Z into +X");
    fc_obb3_from_euler(o, h, 0, 16384, 0, &b);
    TU_CHECK(b.axis[2].x == 0 && b.axis[2].y == (brk ? 65536 : -65536) && b.axis[2].z == 0,
             "pitch 90 turns +Z into -Y");
    fc_obb3_from_euler(o, h, 0, 0, 16384, &b);
    TU_CHECK(b.axis[0].x == 0 && b.axis[0].y == 65536 && b.axis[0].z == 0, "roll 90 turns +X into +Y");
}

static fc_status from_axes(fc_vec3 x, fc_vec3 y, fc_vec3 z)
{
    fc_obb3 b;
    memset(&b, 0x5A, sizeof b);
    fc_obb3 before = b;
    fc_status st = fc_obb3_from_axes(fc_vec3_make(0, 0, 0), fc_vec3_make(65536, 65536, 65536), x, y, z, &b);
    if (st != FC_OK)
        TU_CHECK(memcmp(&b, &before, sizeof b) == 0, "out changed on error");
    return st;
}

static void check_axes_tolerance(void)
{
    fc_vec3 x = fc_vec3_make(65536, 0, 0), y = fc_vec3_make(0, 65536, 0), z = fc_vec3_make(0, 0, 65536);
    TU_CHECK(from_axes(x, y, z) == FC_OK, "identity");
    TU_CHECK(from_axes(x, y, fc_vec3_make(0, 0, -65536)) == FC_ERR_ROTATION, "left-handed");
    TU_CHECK(from_axes(y, x, z) == FC_ERR_ROTATION, "swapped axes are left-handed");
    /* Length: |x|^2 - 1 = 2 * 8 / 65536 + ... = 2^-12 + tiny: rejected; 7 raw accepted. */
    TU_CHECK(from_axes(fc_vec3_make(65536 + 7, 0, 0), y, z) == FC_OK, "length within tolerance");
    TU_CHECK(from_axes(fc_vec3_make(65536 + 8, 0, 0), y, z) == FC_ERR_ROTATION, "length just outside");
    TU_CHECK(from_axes(fc_vec3_make(65536 - 8, 0, 0), y, z) == FC_OK, "shorter by 8 raw: |x|^2 = 1 - 2^-12 + 2^-26");
    TU_CHECK(from_axes(fc_vec3_make(65536 - 9, 0, 0), y, z) == FC_ERR_ROTATION, "shorter by 9 raw");
    /* Orthogonality: x.y = 16 raw * 65536 = 2^20: accepted; 17 rejected. */
    TU_CHECK(from_axes(x, fc_vec3_make(16, 65536, 0), z) == FC_OK, "skew 2^-12 accepted");
    TU_CHECK(from_axes(x, fc_vec3_make(17, 65536, 0), z) == FC_ERR_ROTATION, "skew above 2^-12 rejected");
    TU_CHECK(from_axes(fc_vec3_make(INT32_MIN, 0, 0), y, z) == FC_ERR_ROTATION, "huge component");
    TU_CHECK(from_axes(fc_vec3_make(0, 0, 0), y, z) == FC_ERR_ROTATION, "zero axis");
    TU_CHECK(from_axes(x, x, z) == FC_ERR_ROTATION, "repeated axis");
}

static void check_ranges(void)
{
    fc_vec3 o = fc_vec3_make(0, 0, 0), one = fc_vec3_make(65536, 65536, 65536);
    fc_vec3 far = fc_vec3_make(FC_COORD_LIMIT + 1, 0, 0), edge = fc_vec3_make(FC_COORD_LIMIT, -FC_COORD_LIMIT, 0);
    fc_sphere s;
    fc_aabb3 a;
    fc_obb3 b;
    TU_CHECK(fc_sphere_make(edge, FC_SIZE_LIMIT, &s) == FC_OK, "sphere at the limits");
    TU_CHECK(fc_sphere_make(o, 0, &s) == FC_OK, "zero radius");
    TU_CHECK(fc_sphere_make(far, 1, &s) == FC_ERR_RANGE, "sphere out of range");
    TU_CHECK(fc_sphere_make(o, -1, &s) == FC_ERR_SIZE, "negative radius");
    TU_CHECK(fc_sphere_make(o, FC_SIZE_LIMIT + 1, &s) == FC_ERR_SIZE, "radius too big");
    TU_CHECK(fc_sphere_make(o, 1, NULL) == FC_ERR_NULL && fc_sphere_validate(NULL) == FC_ERR_NULL, "sphere NULL");
    TU_CHECK(fc_aabb3_make(fc_vec3_make(-FC_SIZE_LIMIT, 0, 0), fc_vec3_make(FC_SIZE_LIMIT, 1, 1), &a) == FC_OK,
             "aabb of the largest size");
    TU_CHECK(fc_aabb3_make(fc_vec3_make(-FC_SIZE_LIMIT, 0, 0), fc_vec3_make(FC_SIZE_LIMIT + 1, 1, 1), &a) ==
                 FC_ERR_SIZE, "aabb too large");
    TU_CHECK(fc_aabb3_make(o, o, &a) == FC_ERR_SIZE, "empty aabb");
    TU_CHECK(fc_aabb3_make(one, o, &a) == FC_ERR_SIZE, "inverted aabb");
    TU_CHECK(fc_aabb3_make(o, far, &a) == FC_ERR_RANGE, "aabb out of range");
    TU_CHECK(fc_aabb3_make(o, one, NULL) == FC_ERR_NULL && fc_aabb3_validate(NULL) == FC_ERR_NULL, "aabb NULL");
    TU_CHECK(fc_obb3_from_euler(edge, fc_vec3_make(1, FC_SIZE_LIMIT, 1), 1, 2, 3, &b) == FC_OK, "obb limits");
    TU_CHECK(fc_obb3_from_euler(far, one, 0, 0, 0, &b) == FC_ERR_RANGE, "obb out of range");
    TU_CHECK(fc_obb3_from_euler(o, fc_vec3_make(0, 1, 1), 0, 0, 0, &b) == FC_ERR_SIZE, "zero half");
    TU_CHECK(fc_obb3_from_euler(o, fc_vec3_make(1, FC_SIZE_LIMIT + 1, 1), 0, 0, 0, &b) == FC_ERR_SIZE, "big half");
    TU_CHECK(fc_obb3_from_euler(o, one, 0, 0, 0, NULL) == FC_ERR_NULL && fc_obb3_validate(NULL) == FC_ERR_NULL,
             "obb NULL");
    fc_shape3 sh;
    memset(&sh, 0, sizeof sh);
    sh.type = (fc_shape3_type)7;
    TU_CHECK(fc_shape3_validate(&sh) == FC_ERR_SHAPE_TYPE && fc_shape3_validate(NULL) == FC_ERR_NULL, "shape3 type");
    sh.type = FC_SHAPE3_SPHERE;
    sh.u.sphere.radius = -5;
    TU_CHECK(fc_shape3_validate(&sh) == FC_ERR_SIZE, "shape3 dispatches");
}

int main(int argc, char **argv)
{
    brk = argc > 1 && strcmp(argv[1], "--break") == 0;
    uint64_t s = 0x0B0B3D3D5EEDu;
    for (int i = 0; i < 200000; i++) {
        uint64_t r = tu_rand64(&s);
        check_euler((fc_angle)r, (fc_angle)(r >> 16), (fc_angle)(r >> 32));
    }
    for (uint32_t a = 0; a < 65536; a += 257) /* a grid that includes 0 and the near-quadrant angles */
        for (uint32_t b = 0; b < 65536; b += 4093)
            check_euler((fc_angle)a, (fc_angle)b, (fc_angle)(a * 7 + b));
    check_quarter_turns();
    check_axes_tolerance();
    check_ranges();
    printf("from_euler: worst component error %.3f raw, worst |Gram - I| %.3g (tolerance %.3g)\n", worst_err,
           worst_gram, 1.0 / 4096);
    return tu_finish(brk ? "test_shapes3d --break" : "test_shapes3d");
}
