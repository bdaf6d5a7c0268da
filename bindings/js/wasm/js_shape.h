/* SPDX-License-Identifier: MIT */
/* Shapes as int32 words, the form in which they cross to JavaScript:
 *   w[0] = type (fc_shape2_type / fc_shape3_type), then the fields:
 *   2D circle cx cy r | aabb minx miny maxx maxy | obb cx cy hx hy angle |
 *      capsule ax ay bx by r | poly count x0 y0 ... (count <= 8)
 *   3D sphere cx cy cz r | aabb min(3) max(3) | obb c(3) h(3) axis0(3) axis1(3) axis2(3)
 * The OBB2 rotation is derived from the angle (fc_obb2_make), as everywhere. */
#ifndef FCJS_SHAPE_H
#define FCJS_SHAPE_H

#include <fixcol/shapes.h>

#define FCJS_SHAPE_WORDS 19 /* the largest: a polygon of 8 vertices */

/* Decode w into *s. A type outside the dimension's range is stored as is
 * (validation then reports FC_ERR_SHAPE_TYPE); polygon counts are stored as
 * given, at most FC_POLY2_MAX_VERTS vertices are read. */
void fcjs_shape2_decode(const int32_t *w, fc_shape2 *s);
void fcjs_shape3_decode(const int32_t *w, fc_shape3 *s);
/* Encode *s into w (FCJS_SHAPE_WORDS words; unused words are zeroed). */
void fcjs_shape2_encode(const fc_shape2 *s, int32_t *w);
void fcjs_shape3_encode(const fc_shape3 *s, int32_t *w);

#endif
