/* SPDX-License-Identifier: MIT */
/* Private: exact 3D shape casts (fixcol/cast.h), shared by the pair cast
 * (src/cast/cast3d.c) and the world casts (src/world/world_cast3.c).
 *
 * Units: every position here is raw Q16.16 times 2^16 ("scaled"), so OBB3
 * corners (centre + sum +-half_i axis_i, axis in Q16.16) are integers; an
 * AABB3's centre is 2^15 (min + max). Scaled coordinates stay below 2^48,
 * a scaled delta below 2^47 (|delta| <= 2^30 raw per component). */
#ifndef FIXCOL_SRC_CAST3D_INTERNAL_H
#define FIXCOL_SRC_CAST3D_INTERNAL_H

#include <stdint.h>

#include <fixcol/cast.h>

#include "cast_param.h"

/* A box (or a point: h all zero) as c + sum_m a_m h_m u[m], |a_m| <= 1.
 * AABB3: u[m] the unit vector e_m, h_m = 2^15 (max - min) <= 2^44;
 * OBB3: u[m] = axis[m] (Q16.16, components <= 2^16 + 16), h_m = half_m
 * <= 2^28; c scaled. An OBB3 is the exact parallelepiped of its axes. */
typedef struct fc_c3box {
    int64_t c[3];
    int64_t u[3][3];
    int64_t h[3];
} fc_c3box;

void fc_c3box_of(const fc_shape3 *s, fc_c3box *out);

/* What determines the normal of a hit (see fc_cast3_normal). */
typedef enum fc_c3feat_kind {
    FC_C3F_START = 0, /* overlapping at t = 0: fc_contact3's normal */
    FC_C3F_AXIS = 1,  /* the direction a (already from moving to target) */
    FC_C3F_BALL = 2,  /* point x + t d reaching the ball around anchor a */
    FC_C3F_EDGE = 3,  /* point x + t d reaching the cylinder around the line a + s u */
    FC_C3F_MOTION = 4 /* two points meeting (radii 0): the direction of d */
} fc_c3feat_kind;

/* For BALL and EDGE the normal is -(the closest-point direction from the
 * feature to the moving point), negated again when neg is 1 (the cast was
 * solved reversed: the target's sphere moving by -delta). */
typedef struct fc_cast3_feat {
    int32_t kind, neg;
    int64_t a[3], u[3], x[3], d[3];
} fc_cast3_feat;

/* Swept boxes by separating axes (src/cast/cast3d_box.c): box a (moving by the
 * scaled delta d) against box b; na, nb 3 for a box, 0 for a point (then
 * only the other box's face normals are axes). 1 and *t, *f on a hit. */
int fc_c3_sweep_boxes(const fc_c3box *a, int na, const int64_t d[3], const fc_c3box *b, int nb, fc_castt *t,
                      fc_cast3_feat *f);

/* The point x + t d (scaled) against the box b grown by the scaled radius
 * rr > 0, the point outside it at t = 0 (src/cast/cast3d_round.c).
 * before: NULL, or an earlier piece's entry (cached or not) that only a
 * strictly earlier entry can replace; then 1 only when the entry is
 * strictly before *before, and *t, *f are then exactly those found
 * without it (the pieces at or after it are skipped, not reordered). */
int fc_c3_sweep_rounded(const int64_t x[3], const int64_t d[3], const fc_c3box *b, int64_t rr,
                        const fc_castt *before, fc_castt *t, fc_cast3_feat *f);
/* The same by the full search over the 26 pieces, without the offset-box
 * shortcut (the tests check that both agree). */
int fc_c3_sweep_rounded_all(const int64_t x[3], const int64_t d[3], const fc_c3box *b, int64_t rr,
                            const fc_castt *before, fc_castt *t, fc_cast3_feat *f);
/* The point x + t d against the ball of scaled radius rr > 0 around cen. */
int fc_c3_sweep_ball(const int64_t x[3], const int64_t d[3], const int64_t cen[3], int64_t rr, fc_castt *t,
                     fc_cast3_feat *f);

/* The piece filter (src/cast/cast3d_round.c; off under FC_CAST_NO_FILTER):
 * an axis-aligned integer box [lo, hi] (scaled units, ends < 2^49)
 * holding a feature of a piece, or the set of points near one. */
typedef struct fc_c3ibox {
    int64_t lo[3], hi[3];
} fc_c3ibox;
/* The box of the segment [p, q] (a point when p == q). */
void fc_c3ibox_seg(fc_c3ibox *o, const int64_t p[3], const int64_t q[3]);
/* The box of an AABB3 / OBB3 (its 8 corners' hull). */
void fc_c3ibox_box(fc_c3ibox *o, const fc_c3box *box);
/* Grown by rr (< 2^47) along every axis: holds the points within rr of
 * the box's contents. */
void fc_c3ibox_grow(fc_c3ibox *o, int64_t rr);
/* Grown by rr along every axis but the one u lies on (when u != 0 has a
 * single nonzero component): holds the points p + v of a cylinder of
 * radius rr around a segment of direction u in the box, v . u = 0. */
void fc_c3ibox_grow_across(fc_c3ibox *o, const int64_t u[3], int64_t rr);
/* Grown by rr only along the axes where n has a nonzero component, both
 * ways (side 0) or only toward side * n (side +-1): holds the points
 * p + lambda n / |n|, |lambda| <= rr (side 0) or 0 <= lambda <= rr. */
void fc_c3ibox_grow_along(fc_c3ibox *o, const int64_t n[3], int64_t rr, int side);
/* 1 when a piece cannot change a least-entry search, so it need not be
 * evaluated: at every t of the piece its moving feature lies in a + t d
 * (|d| < 2^47 scaled) and meets the target box tb (grown by the caller to
 * hold the piece's target-side points). Then the piece has no t in [0, 1]
 * when the swept boxes' interval {t in [0, 1] : a + t d meets tb} is
 * empty, and its entry is >= that interval's start, so it is not strictly
 * earlier than the best so far (hit: one exists, best cached) when the
 * start is >= best. Integers only; always 0 under FC_CAST_NO_FILTER. */
int fc_c3_piece_skipped(int hit, const fc_castt *best, const fc_c3ibox *a, const int64_t d[3], const fc_c3ibox *tb);

/* The 3D capsule's pieces (src/cast/cast3d_capsule.c; the tie order is
 * documented there). Scaled units; the point / moving shape outside the
 * target at t = 0; rr the scaled radius sum. The sphere centre cen against
 * the capsule moving by d (solved as cen moving by -d: features neg = 1): */
int fc_c3_sweep_capsule_sphere(const fc_capsule3 *cap, const int64_t d[3], const int64_t cen[3], int64_t rr,
                               fc_castt *t, fc_cast3_feat *f);
/* The point x + t d against the capsule grown by rr: */
int fc_c3_sweep_point_capsule(const int64_t x[3], const int64_t d[3], const fc_capsule3 *cap, int64_t rr,
                              fc_castt *t, fc_cast3_feat *f);
/* The capsule (its own radius) moving by d against the box: */
int fc_c3_sweep_capsule_box(const fc_capsule3 *cap, const int64_t d[3], const fc_c3box *box, fc_castt *t,
                            fc_cast3_feat *f);
/* The capsule mov moving by d against the capsule tgt (radius sum): */
int fc_c3_sweep_capsules(const fc_capsule3 *mov, const int64_t d[3], const fc_capsule3 *tgt, fc_castt *t,
                         fc_cast3_feat *f);

/* The ray o + t d (raw; o in the coordinate range, |d| <= 2^30 per
 * component) into the capsule, solved in doubled raw units so that every
 * parameter has |p|, r < 2^127 and q < 2^253 (fc_rayt's wide form); a ray
 * starting inside enters at 0. */
int fc_c3_ray_capsule(const int64_t o[3], const int64_t d[3], const fc_capsule3 *cap, fc_castt *t);

/* The entry of box [la, ha] moving by delta (raw) into box [lb, hb], an
 * exact rational *num / *den in [0, 1] (den > 0); 0 when they never meet
 * for t in [0, 1]. Boxes holding the shapes give a lower bound of the
 * shapes' entry, or prove a miss. */
int fc_cast3_bounds_entry(const int32_t la[3], const int32_t ha[3], fc_vec3 delta, const int32_t lb[3],
                          const int32_t hb[3], int64_t *num, int64_t *den);

/* The exact cast of valid shapes with delta in range: 1, the entry *t and
 * its feature *f on a hit, else 0 (src/cast/cast3d.c). */
int fc_cast3_exact(const fc_shape3 *moving, fc_vec3 delta, const fc_shape3 *target, fc_castt *t,
                   fc_cast3_feat *f);
/* The reported normal of that hit (fixcol/cast.h). */
void fc_cast3_normal(const fc_shape3 *moving, const fc_shape3 *target, const fc_castt *t, const fc_cast3_feat *f,
                     fc_vec3 *out);
/* FC_OK, or the error fc_cast3 reports for these arguments (NULL aside). */
fc_status fc_cast3_check(const fc_shape3 *moving, fc_vec3 delta, const fc_shape3 *target);

/* One world cast hit being ordered (src/world/world_cast3.c). */
typedef struct fc_cast3_key {
    fc_castt t;
    fc_cast3_feat f;
    uint32_t index;
} fc_cast3_key;

#endif
