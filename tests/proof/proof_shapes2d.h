/* SPDX-License-Identifier: MIT */
/* Valid 2D shapes for the EVA harnesses (fixcol/shapes.h): every input a
 * validator accepts, each drawn from its whole range with the Frama_C
 * interval builtins. Coordinates in [-FC_COORD_LIMIT, FC_COORD_LIMIT],
 * half-extents in [1, FC_SIZE_LIMIT], radii in [0, FC_SIZE_LIMIT], OBB rot =
 * fc_sincos_of(angle) (obb_in: one angle chunk; any_obb2: all angles),
 * AABB min < max (wider than valid: any width). A
 * polygon's convexity and order cannot be expressed as intervals: any_poly2
 * bounds every vertex coordinate only (a superset of the valid polygons). */
#ifndef FIXCOL_PROOF_SHAPES2D_H
#define FIXCOL_PROOF_SHAPES2D_H

#include "proof.h"

#include <fixcol/collide2d.h>

#define COORD() I32_IN(-FC_COORD_LIMIT, FC_COORD_LIMIT)

static fc_vec2 any_point(void) { return fc_vec2_make(COORD(), COORD()); }

static fc_circle any_circle(void) { return fc_circle_make(any_point(), I32_IN(0, FC_SIZE_LIMIT)); }

static fc_aabb2 any_aabb2(void)
{
    fc_vec2 min = fc_vec2_make(I32_IN(-FC_COORD_LIMIT, FC_COORD_LIMIT - 1), I32_IN(-FC_COORD_LIMIT, FC_COORD_LIMIT - 1));
    return fc_aabb2_make(min, fc_vec2_make(I32_IN(min.x + 1, FC_COORD_LIMIT), I32_IN(min.y + 1, FC_COORD_LIMIT)));
}

/* OBB rotations. The SAT bounds rest on c^2 + s^2 ~ 1, a relation plain
 * intervals lose (|c| + |s| could reach 2 over all angles), so an OBB is
 * drawn from one of 16 angle chunks: 4 per quadrant, x (the position in the
 * quadrant) from 0, 4096, 8192, 12289 (boundaries of trig_split.h); the 16
 * chunks are all 65536 angles. Its rot is fc_sincos_of over the chunk, taken
 * range by range (split, then merged) over ranges of at most 64 positions
 * that also respect the sine ranges of trig_split.h, so the interpolation
 * stays non-negative and tight (|c|, |s| within 1% of the true bounds). */
#define OBB_CHUNKS 16
#define OBB_RANGES 275
static const uint32_t obb_x_start[OBB_RANGES + 1] = {
    0, 1, 2, 4, 8, 16, 32, 64, 128, 192, 256, 320,
    384, 448, 512, 576, 640, 704, 768, 832, 896, 960, 1024, 1088,
    1152, 1216, 1280, 1344, 1408, 1472, 1536, 1600, 1664, 1728, 1792, 1856,
    1920, 1984, 2048, 2112, 2176, 2240, 2304, 2368, 2432, 2496, 2560, 2624,
    2688, 2752, 2816, 2880, 2944, 3008, 3072, 3136, 3200, 3264, 3328, 3392,
    3456, 3520, 3584, 3648, 3712, 3776, 3840, 3904, 3968, 4032, 4096, 4160,
    4224, 4288, 4352, 4416, 4480, 4544, 4608, 4672, 4736, 4800, 4864, 4928,
    4992, 5056, 5120, 5184, 5248, 5312, 5376, 5440, 5504, 5568, 5632, 5696,
    5760, 5824, 5888, 5952, 6016, 6080, 6144, 6208, 6272, 6336, 6400, 6464,
    6528, 6592, 6656, 6720, 6784, 6848, 6912, 6976, 7040, 7104, 7168, 7232,
    7296, 7360, 7424, 7488, 7552, 7616, 7680, 7744, 7808, 7872, 7936, 8000,
    8064, 8128, 8192, 8193, 8256, 8320, 8384, 8448, 8512, 8576, 8640, 8704,
    8768, 8832, 8896, 8960, 9024, 9088, 9152, 9216, 9280, 9344, 9408, 9472,
    9536, 9600, 9664, 9728, 9792, 9856, 9920, 9984, 10048, 10112, 10176, 10240,
    10304, 10368, 10432, 10496, 10560, 10624, 10688, 10752, 10816, 10880, 10944, 11008,
    11072, 11136, 11200, 11264, 11328, 11392, 11456, 11520, 11584, 11648, 11712, 11776,
    11840, 11904, 11968, 12032, 12096, 12160, 12224, 12288, 12289, 12352, 12416, 12480,
    12544, 12608, 12672, 12736, 12800, 12864, 12928, 12992, 13056, 13120, 13184, 13248,
    13312, 13376, 13440, 13504, 13568, 13632, 13696, 13760, 13824, 13888, 13952, 14016,
    14080, 14144, 14208, 14272, 14336, 14337, 14400, 14464, 14528, 14592, 14656, 14720,
    14784, 14848, 14912, 14976, 15040, 15104, 15168, 15232, 15296, 15360, 15361, 15424,
    15488, 15552, 15616, 15680, 15744, 15808, 15872, 15873, 15936, 16000, 16064, 16128,
    16129, 16192, 16256, 16257, 16320, 16321, 16353, 16369, 16377, 16381, 16383, 16384};
static const uint32_t chunk_first_range[5] = {0, 70, 134, 200, OBB_RANGES};

static fc_obb2 obb_in(uint32_t chunk)
{
    uint32_t q = chunk / 4u, r0 = chunk_first_range[chunk % 4u], r1 = chunk_first_range[chunk % 4u + 1u];
    uint32_t r = U32_IN(r0, r1 - 1u), base = q * FC_ANGLE_QUARTER;
    fc_obb2 o;
    o.center = any_point();
    o.half = fc_vec2_make(I32_IN(1, FC_SIZE_LIMIT), I32_IN(1, FC_SIZE_LIMIT));
    //@ split r;
    o.angle = (fc_angle)U32_IN(base + obb_x_start[r], base + obb_x_start[r + 1u] - 1u);
    o.rot = fc_sincos_of(o.angle);
    //@ merge r;
    return o;
}

/* Any valid OBB: every chunk's rotations, analysed chunk by chunk and
 * merged (c, s then only bounded by 1: enough where the code does not rely
 * on c^2 + s^2 ~ 1, as for the polygon core of the generic pairs). */
static fc_obb2 any_obb2(void)
{
    uint32_t chunk = U32_IN(0, OBB_CHUNKS - 1);
    fc_obb2 o;
    //@ split chunk;
    o = obb_in(chunk);
    //@ merge chunk;
    return o;
}

static fc_capsule2 any_capsule2(void)
{
    fc_vec2 a = any_point(), b = any_point();
    return fc_capsule2_make(a, b, I32_IN(0, FC_SIZE_LIMIT));
}

/* A polygon of n vertices (3..FC_POLY2_MAX_VERTS), each anywhere in range. */
static fc_poly2 any_poly2(int32_t n)
{
    fc_vec2 v[FC_POLY2_MAX_VERTS];
    //@ loop unroll FC_POLY2_MAX_VERTS;
    for (int32_t i = 0; i < FC_POLY2_MAX_VERTS; i++)
        v[i] = any_point();
    return fc_poly2_make(v, n);
}

#endif
