/* SPDX-License-Identifier: MIT */
/* fixcol/shapes.h - the shapes, their documented ranges and validation.
 *
 * All coordinates are Q16.16 world units. Ranges (checked by the validation
 * functions, which every world entry point calls; the stateless pair tests
 * assume valid input):
 *   - every coordinate (centre, endpoint, vertex, AABB corner) in
 *     [-FC_COORD_LIMIT, FC_COORD_LIMIT] = +-8192 units;
 *   - every half-extent and radius in [1 raw, FC_SIZE_LIMIT] = up to 4096
 *     units (a circle/sphere/capsule radius may also be 0: a point/segment);
 *   - a capsule's segment may be as long as its endpoints' range allows.
 * Shapes are plain values: no ownership, no allocation.
 */
#ifndef FIXCOL_SHAPES_H
#define FIXCOL_SHAPES_H

#include <fixcol/api.h>

#include <stdint.h>
#include <fixmath.h>

#include <fixcol/status.h>
#include <fixcol/trig.h>
#include <fixcol/vec.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FC_COORD_LIMIT ((fix16_t)(8192 * 65536)) /* 2^29 raw */
#define FC_SIZE_LIMIT ((fix16_t)(4096 * 65536))  /* 2^28 raw */
#define FC_POLY2_MAX_VERTS 8

/* ---------------------------------------------------------------- 2D */

/* Disc: all points within radius of center (closed). radius >= 0. */
typedef struct fc_circle {
    fc_vec2 center;
    fix16_t radius;
} fc_circle;

/* Axis-aligned box [min.x, max.x] x [min.y, max.y]; min < max per axis and
 * each half-extent (max - min) / 2 <= FC_SIZE_LIMIT. */
typedef struct fc_aabb2 {
    fc_vec2 min, max;
} fc_aabb2;

/* Oriented box: center +- half.x along axis (c, s) and +- half.y along
 * (-s, c), where rot = fc_sincos_of(angle). Build with fc_obb2_make so rot
 * matches angle (validation rejects a mismatch with FC_ERR_ROTATION). The
 * axes are the table values, so the box is an exact (possibly by < 1 ulp
 * scaled) rectangle. */
typedef struct fc_obb2 {
    fc_vec2 center;
    fc_vec2 half;
    fc_angle angle;
    fc_sincos rot;
} fc_obb2;

/* Capsule: all points within radius of the segment [a, b] (a == b allowed:
 * then it is a circle). radius >= 0. */
typedef struct fc_capsule2 {
    fc_vec2 a, b;
    fix16_t radius;
} fc_capsule2;

/* Convex polygon: count in 3..FC_POLY2_MAX_VERTS vertices in world
 * coordinates, counter-clockwise, strictly convex (no three consecutive
 * vertices collinear, no repeated vertex). */
typedef struct fc_poly2 {
    int32_t count;
    fc_vec2 v[FC_POLY2_MAX_VERTS];
} fc_poly2;

typedef enum fc_shape2_type {
    FC_SHAPE2_CIRCLE = 1,
    FC_SHAPE2_AABB = 2,
    FC_SHAPE2_OBB = 3,
    FC_SHAPE2_CAPSULE = 4,
    FC_SHAPE2_POLY = 5
} fc_shape2_type;

/* Any 2D shape: a tag and the matching member. */
typedef struct fc_shape2 {
    fc_shape2_type type;
    union {
        fc_circle circle;
        fc_aabb2 aabb;
        fc_obb2 obb;
        fc_capsule2 capsule;
        fc_poly2 poly;
    } u;
} fc_shape2;

/* -- 2D construction and validation (src/shapes/shapes2d.c) -----------------------
 * The make calls only fill the struct (they never fail and never assert);
 * validate it before handing user data to the pair tests. The validate
 * calls return FC_OK or the first error found:
 *   FC_ERR_NULL        NULL pointer;
 *   FC_ERR_RANGE       a coordinate outside [-FC_COORD_LIMIT, FC_COORD_LIMIT];
 *   FC_ERR_SIZE        radius < 0 or > FC_SIZE_LIMIT, half-extent <= 0 or
 *                      > FC_SIZE_LIMIT, AABB with min >= max or
 *                      (max - min) / 2 > FC_SIZE_LIMIT;
 *   FC_ERR_ROTATION    fc_obb2.rot != fc_sincos_of(fc_obb2.angle);
 *   FC_ERR_POLY_COUNT  polygon count outside 3..FC_POLY2_MAX_VERTS;
 *   FC_ERR_POLY_ORDER  polygon not strictly convex counter-clockwise (every
 *                      vertex must lie strictly left of every edge it is not
 *                      on: rejects clockwise, non-convex, self-intersecting,
 *                      repeated and collinear vertices);
 *   FC_ERR_SHAPE_TYPE  fc_shape2 with an unknown type tag. */
FC_API fc_circle fc_circle_make(fc_vec2 center, fix16_t radius);
FC_API fc_aabb2 fc_aabb2_make(fc_vec2 min, fc_vec2 max);
/* rot = fc_sincos_of(angle); half = half-extents along (c, s) and (-s, c). */
FC_API fc_obb2 fc_obb2_make(fc_vec2 center, fc_vec2 half, fc_angle angle);
FC_API fc_capsule2 fc_capsule2_make(fc_vec2 a, fc_vec2 b, fix16_t radius);
/* Copies min(count, FC_POLY2_MAX_VERTS) vertices from v (v must hold that
 * many; NULL gives zeros) and stores count as given, so validation reports a
 * bad count. */
FC_API fc_poly2 fc_poly2_make(const fc_vec2 *v, int32_t count);

FC_API fc_status fc_circle_validate(const fc_circle *c);
FC_API fc_status fc_aabb2_validate(const fc_aabb2 *b);
FC_API fc_status fc_obb2_validate(const fc_obb2 *b);
FC_API fc_status fc_capsule2_validate(const fc_capsule2 *c);
FC_API fc_status fc_poly2_validate(const fc_poly2 *p);
FC_API fc_status fc_shape2_validate(const fc_shape2 *s);

/* ---------------------------------------------------------------- 3D */

/* Ball: all points within radius of center (closed). */
typedef struct fc_sphere {
    fc_vec3 center;
    fix16_t radius;
} fc_sphere;

/* Axis-aligned box; min < max per axis, half-extents <= FC_SIZE_LIMIT. */
typedef struct fc_aabb3 {
    fc_vec3 min, max;
} fc_aabb3;

/* Oriented box: center + sum_i t_i * axis[i] with |t_i| <= half_i. axis[i]
 * are Q16.16 unit vectors (right-handed, orthonormal within the tolerance
 * documented at fc_obb3_validate); build with the fc_obb3_from_* calls. */
typedef struct fc_obb3 {
    fc_vec3 center;
    fc_vec3 half;
    fc_vec3 axis[3];
} fc_obb3;

/* Capsule: all points within radius of the segment [a, b] (closed; a == b
 * allowed: then it is a sphere). Endpoints in [-FC_COORD_LIMIT,
 * FC_COORD_LIMIT] per coordinate, radius in [0, FC_SIZE_LIMIT] (radius 0:
 * the segment itself). The standard 3D character shape. */
typedef struct fc_capsule3 {
    fc_vec3 a, b;
    fix16_t radius;
} fc_capsule3;

typedef enum fc_shape3_type {
    FC_SHAPE3_SPHERE = 1,
    FC_SHAPE3_AABB = 2,
    FC_SHAPE3_OBB = 3,
    FC_SHAPE3_CAPSULE = 4
} fc_shape3_type;

typedef struct fc_shape3 {
    fc_shape3_type type;
    union {
        fc_sphere sphere;
        fc_aabb3 aabb;
        fc_obb3 obb;
        fc_capsule3 capsule;
    } u;
} fc_shape3;

/* -- 3D make/validate (src/shapes/shapes3d.c) --
 * Every call returns FC_OK or an error code and then leaves *out unchanged;
 * FC_ERR_NULL for a NULL pointer. Ranges as at the top of this file:
 * coordinates in [-FC_COORD_LIMIT, FC_COORD_LIMIT] (FC_ERR_RANGE), radius in
 * [0, FC_SIZE_LIMIT], half-extents in [1 raw, FC_SIZE_LIMIT] (FC_ERR_SIZE). */
FC_API fc_status fc_sphere_validate(const fc_sphere *s);
FC_API fc_status fc_sphere_make(fc_vec3 center, fix16_t radius, fc_sphere *out);
/* AABB3: also min < max per axis (FC_ERR_SIZE). */
FC_API fc_status fc_aabb3_validate(const fc_aabb3 *b);
FC_API fc_status fc_aabb3_make(fc_vec3 min, fc_vec3 max, fc_aabb3 *out);

/* OBB3 axis tolerance: with G_ij = axis[i].axis[j] (exact, Q32.32) every
 * |G_ij - delta_ij| <= 2^-12 (FC_OBB3_AXIS_TOL raw Q32.32), every component
 * |axis[i].c| <= 1.0 + 2^-12, and det(axis[0], axis[1], axis[2]) >= 0.5
 * (right-handed). Otherwise FC_ERR_ROTATION. So each axis has length
 * 1 +- 2^-13 and each pair is perpendicular within 2^-12 rad (0.014 deg).
 * The pair tests treat the box exactly as the parallelepiped
 * center + sum t_i axis[i], |t_i| <= half_i (see fixcol/collide3d.h). */
#define FC_OBB3_AXIS_TOL ((int64_t)1 << 20)
FC_API fc_status fc_obb3_validate(const fc_obb3 *b);

/* OBB3 from yaw/pitch/roll binary angles. Convention: right-handed
 * coordinates, Y up; R = Ry(yaw) * Rx(pitch) * Rz(roll) (roll applied
 * first, about the box's Z; then pitch about X; then yaw about world Y);
 * each R?(a) is the right-hand-rule rotation by a about that axis (yaw 90
 * deg turns +Z into +X; pitch 90 deg turns +Z into -Y; roll 90 deg turns +X
 * into +Y). axis[i] = column i of R. Every entry is the exact product of table
 * sines/cosines (fc_sincos_of) rounded once to nearest Q16.16 (ties up); the
 * result always passes fc_obb3_validate. */
FC_API fc_status fc_obb3_from_euler(fc_vec3 center, fc_vec3 half, fc_angle yaw, fc_angle pitch, fc_angle roll,
                                    fc_obb3 *out);
/* OBB3 from caller-supplied axes (the box's local X, Y, Z in world space),
 * stored as given after the checks of fc_obb3_validate. */
FC_API fc_status fc_obb3_from_axes(fc_vec3 center, fc_vec3 half, fc_vec3 x_axis, fc_vec3 y_axis, fc_vec3 z_axis,
                                   fc_obb3 *out);
/* Capsule3 (src/shapes/capsule3.c): endpoints a, b (Q16.16 world units) in
 * [-FC_COORD_LIMIT, FC_COORD_LIMIT] per coordinate (FC_ERR_RANGE), radius
 * (Q16.16) in [0, FC_SIZE_LIMIT] (FC_ERR_SIZE); FC_ERR_NULL for NULL. The
 * segment may be of any length in that range (a == b is a sphere). These
 * ranges keep every intermediate of the capsule pair tests within their
 * documented widths (src/collide3d/collide3d_capsule*.c). make: *out
 * written only on FC_OK. */
FC_API fc_status fc_capsule3_validate(const fc_capsule3 *c);
FC_API fc_status fc_capsule3_make(fc_vec3 a, fc_vec3 b, fix16_t radius, fc_capsule3 *out);
/* Validate by type; FC_ERR_SHAPE_TYPE for an unknown or 2D type. */
FC_API fc_status fc_shape3_validate(const fc_shape3 *s);

#ifdef __cplusplus
}
#endif

#endif
