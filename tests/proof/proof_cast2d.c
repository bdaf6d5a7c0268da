/* SPDX-License-Identifier: MIT */
/* EVA harnesses for the 2D shape casts (fc_cast2, src/cast2d*.c with the
 * big integers of src/cast/cast_param.c and src/core/bigint.c), one per family of
 * type pairs: separating axes (AABB / AABB, OBB / OBB, polygon / capsule
 * of radius 0 on that path too), the rounded Minkowski difference (circle /
 * circle, circle / AABB, capsule / polygon, circle / OBB: the 2^16-scaled
 * corners). Shapes are drawn from the whole range of fixcol/shapes.h
 * (tests/proof/proof_shapes2d.h; a polygon's vertices anywhere in range, a
 * superset of the valid ones); every delta component in
 * [-2 FC_COORD_LIMIT, 2 FC_COORD_LIMIT]. */
#include "proof_shapes2d.h"
#include "trig_split.h"

#include <string.h>

#include <fixcol/cast.h>

int sink_int;
fc_status sink_status;
fc_cast2_hit sink_hit;

#define DELTA() I32_IN(-2 * FC_COORD_LIMIT, 2 * FC_COORD_LIMIT)

/* OBBs over all angles with fc_cast2's validation proven. fc_obb2_validate
 * recomputes fc_sincos_of(angle), which EVA proves only over one sine range
 * of trig_split.h at a time, while the separating-axis bounds need each
 * chunk's tight rot (obb_in). So an OBB's angle is drawn from one sine range
 * (4 x 28 of them: all angles) and its rot is the rot interval of the chunk
 * holding that range (every sine range lies in one chunk, chunk starts 0,
 * 4096, 8192, 12289): a superset of the valid (angle, rot) pairs. The rot
 * intervals are computed once; fc_cast2_entry never reads the angle, so EVA
 * (memexec) analyses it once per chunk, not once per sine range. */
static void chunk_rots(fc_sincos rots[OBB_CHUNKS])
{
    //@ loop unroll OBB_CHUNKS;
    for (uint32_t c = 0; c < OBB_CHUNKS; c++)
        rots[c] = obb_in(c).rot;
}

static fc_shape2 obb_in_sine_range(uint32_t q, uint32_t t, const fc_sincos rots[OBB_CHUNKS])
{
    uint32_t x = x_start[t], sub = x < 4096u ? 0u : x < 8192u ? 1u : x < 12289u ? 2u : 3u;
    fc_shape2 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE2_OBB;
    s.u.obb.center = any_point();
    s.u.obb.half = fc_vec2_make(I32_IN(1, FC_SIZE_LIMIT), I32_IN(1, FC_SIZE_LIMIT));
    s.u.obb.angle = angles_in(q, t);
    s.u.obb.rot = rots[q * 4u + sub];
    return s;
}

static fc_shape2 shape(fc_shape2_type t, int32_t n)
{
    fc_shape2 s;
    memset(&s, 0, sizeof s);
    s.type = t;
    switch (t) {
    case FC_SHAPE2_CIRCLE: s.u.circle = any_circle(); break;
    case FC_SHAPE2_AABB: s.u.aabb = any_aabb2(); break;
    case FC_SHAPE2_OBB: s.u.obb = any_obb2(); break;
    case FC_SHAPE2_CAPSULE: s.u.capsule = any_capsule2(); break;
    case FC_SHAPE2_POLY: s.u.poly = any_poly2(n); break;
    }
    return s;
}

static void cast_shapes(const fc_shape2 *a, const fc_shape2 *b)
{
    fc_vec2 d = fc_vec2_make(DELTA(), DELTA());
    int hit = 0;
    sink_status = fc_cast2(a, d, b, &sink_hit, &hit);
    sink_int = hit;
}

static void cast(fc_shape2_type ta, fc_shape2_type tb)
{
    fc_shape2 a = shape(ta, 3), b = shape(tb, 3);
    cast_shapes(&a, &b);
}

/* A polygon with one of the shapes: one analysis per vertex count, as in
 * proof_collide2d.c. */
static void cast_poly(fc_shape2_type other, int poly_first)
{
    //@ loop unroll FC_POLY2_MAX_VERTS - 2;
    for (int32_t n = 3; n <= FC_POLY2_MAX_VERTS; n++) {
        fc_shape2 p = shape(FC_SHAPE2_POLY, n), o = shape(other, 3);
        if (poly_first)
            cast_shapes(&p, &o);
        else
            cast_shapes(&o, &p);
    }
}

/* A circle cast onto an OBB of every angle, sine range by sine range. */
static void cast_circle_to_obb(void)
{
    fc_sincos rots[OBB_CHUNKS];
    chunk_rots(rots);
    //@ loop unroll 4;
    for (uint32_t q = 0; q < 4u; q++) {
        //@ loop unroll X_RANGES;
        for (uint32_t t = 0; t < X_RANGES; t++) {
            fc_shape2 a = shape(FC_SHAPE2_CIRCLE, 3), b = obb_in_sine_range(q, t, rots);
            cast_shapes(&a, &b);
        }
    }
}

/* OBB / OBB: the moving OBB's angles one chunk at a time (16 entry points,
 * one list entry each: tests/proof/cast2d_obb.list), the target's every
 * angle. Each analysed call has both angles in one sine range (the
 * validation, trig_split.h) and both rots in one chunk (the SAT bounds of
 * fc_overlap2 / fc_contact2, as in proof_collide2d.c's chunk pairs):
 * moving sine ranges of the chunk x all 4 x 28 target sine ranges. The
 * chunk of x (position in the quadrant) [0, 4096) holds sine ranges 0..12,
 * [4096, 8192) range 13, [8192, 12289) ranges 14..15, [12289, 16384)
 * ranges 16..27; so the 16 entries together take every (moving, target)
 * angle pair once. fc_cast2_entry does not read the angles: EVA (memexec)
 * analyses it once per chunk pair, 16 times per entry point. */
static const uint32_t chunk_first_sine_range[5] = {0, 13, 14, 16, X_RANGES};

static void cast_obb_chunk_to_obb(uint32_t chunk)
{
    fc_sincos rots[OBB_CHUNKS];
    chunk_rots(rots);
    uint32_t qa = chunk / 4u, first = chunk_first_sine_range[chunk % 4u], end = chunk_first_sine_range[chunk % 4u + 1u];
    //@ loop unroll 4;
    for (uint32_t qb = 0; qb < 4u; qb++) {
        //@ loop unroll X_RANGES;
        for (uint32_t tb = 0; tb < X_RANGES; tb++) {
            //@ loop unroll 13;
            for (uint32_t ta = first; ta < end; ta++) {
                fc_shape2 a = obb_in_sine_range(qa, ta, rots), b = obb_in_sine_range(qb, tb, rots);
                cast_shapes(&a, &b);
            }
        }
    }
}

void proof_cast2_circles(void) { cast(FC_SHAPE2_CIRCLE, FC_SHAPE2_CIRCLE); }
void proof_cast2_circle_aabb2(void) { cast(FC_SHAPE2_CIRCLE, FC_SHAPE2_AABB); }
void proof_cast2_circle_obb2(void) { cast_circle_to_obb(); }
void proof_cast2_capsule_poly2(void) { cast_poly(FC_SHAPE2_CAPSULE, 0); }
void proof_cast2_aabb2_aabb2(void) { cast(FC_SHAPE2_AABB, FC_SHAPE2_AABB); }
void proof_cast2_poly2_capsule2(void) { cast_poly(FC_SHAPE2_CAPSULE, 1); }
void proof_cast2_obb2_obb2_c00(void) { cast_obb_chunk_to_obb(0); }
void proof_cast2_obb2_obb2_c01(void) { cast_obb_chunk_to_obb(1); }
void proof_cast2_obb2_obb2_c02(void) { cast_obb_chunk_to_obb(2); }
void proof_cast2_obb2_obb2_c03(void) { cast_obb_chunk_to_obb(3); }
void proof_cast2_obb2_obb2_c04(void) { cast_obb_chunk_to_obb(4); }
void proof_cast2_obb2_obb2_c05(void) { cast_obb_chunk_to_obb(5); }
void proof_cast2_obb2_obb2_c06(void) { cast_obb_chunk_to_obb(6); }
void proof_cast2_obb2_obb2_c07(void) { cast_obb_chunk_to_obb(7); }
void proof_cast2_obb2_obb2_c08(void) { cast_obb_chunk_to_obb(8); }
void proof_cast2_obb2_obb2_c09(void) { cast_obb_chunk_to_obb(9); }
void proof_cast2_obb2_obb2_c10(void) { cast_obb_chunk_to_obb(10); }
void proof_cast2_obb2_obb2_c11(void) { cast_obb_chunk_to_obb(11); }
void proof_cast2_obb2_obb2_c12(void) { cast_obb_chunk_to_obb(12); }
void proof_cast2_obb2_obb2_c13(void) { cast_obb_chunk_to_obb(13); }
void proof_cast2_obb2_obb2_c14(void) { cast_obb_chunk_to_obb(14); }
void proof_cast2_obb2_obb2_c15(void) { cast_obb_chunk_to_obb(15); }
