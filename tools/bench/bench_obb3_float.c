/* SPDX-License-Identifier: MIT */
/* Float baselines for the 3D overlap figures (bench only, never the
 * library): the standard 15-axis OBB test (Ericson, Real-Time Collision
 * Detection 4.4.1: rotation matrix of B in A's frame, absolute values plus
 * an epsilon for parallel edges, early exit per axis) and the closest-point
 * sphere/OBB test (5.1.4). */
#include "bench_obb3_float.h"

#include <math.h>

#define EPS 1e-6f

fbox bench_fbox(const fc_obb3 *b)
{
    fbox r;
    r.c[0] = b->center.x / 65536.0f, r.c[1] = b->center.y / 65536.0f, r.c[2] = b->center.z / 65536.0f;
    r.e[0] = b->half.x / 65536.0f, r.e[1] = b->half.y / 65536.0f, r.e[2] = b->half.z / 65536.0f;
    for (int i = 0; i < 3; i++) {
        r.u[i][0] = b->axis[i].x / 65536.0f;
        r.u[i][1] = b->axis[i].y / 65536.0f;
        r.u[i][2] = b->axis[i].z / 65536.0f;
    }
    return r;
}

static float dot3(const float *a, const float *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

int bench_ericson_obb(const fbox *a, const fbox *b)
{
    float R[3][3], AbsR[3][3], t[3], d[3] = {b->c[0] - a->c[0], b->c[1] - a->c[1], b->c[2] - a->c[2]};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            R[i][j] = dot3(a->u[i], b->u[j]);
            AbsR[i][j] = fabsf(R[i][j]) + EPS;
        }
    for (int i = 0; i < 3; i++)
        t[i] = dot3(d, a->u[i]);
    for (int i = 0; i < 3; i++)
        if (fabsf(t[i]) > a->e[i] + b->e[0] * AbsR[i][0] + b->e[1] * AbsR[i][1] + b->e[2] * AbsR[i][2])
            return 0;
    for (int j = 0; j < 3; j++)
        if (fabsf(t[0] * R[0][j] + t[1] * R[1][j] + t[2] * R[2][j]) >
            a->e[0] * AbsR[0][j] + a->e[1] * AbsR[1][j] + a->e[2] * AbsR[2][j] + b->e[j])
            return 0;
    /* Axis A_i x B_j, (i1, i2) and (j1, j2) the other indices in cyclic order. */
#define EDGE(i, i1, i2, j, j1, j2)                                                                                 \
    if (fabsf(t[i2] * R[i1][j] - t[i1] * R[i2][j]) > a->e[i1] * AbsR[i2][j] + a->e[i2] * AbsR[i1][j] +           \
                                                         b->e[j1] * AbsR[i][j2] + b->e[j2] * AbsR[i][j1])         \
        return 0;
    EDGE(0, 1, 2, 0, 1, 2)
    EDGE(0, 1, 2, 1, 2, 0)
    EDGE(0, 1, 2, 2, 0, 1)
    EDGE(1, 2, 0, 0, 1, 2)
    EDGE(1, 2, 0, 1, 2, 0)
    EDGE(1, 2, 0, 2, 0, 1)
    EDGE(2, 0, 1, 0, 1, 2)
    EDGE(2, 0, 1, 1, 2, 0)
    EDGE(2, 0, 1, 2, 0, 1)
#undef EDGE
    return 1;
}

int bench_float_sphere_obb(const float c[3], float r, const fbox *b)
{
    float d[3] = {c[0] - b->c[0], c[1] - b->c[1], c[2] - b->c[2]}, sq = 0;
    for (int i = 0; i < 3; i++) {
        float x = dot3(d, b->u[i]), ex = 0;
        if (x > b->e[i])
            ex = x - b->e[i];
        else if (x < -b->e[i])
            ex = x + b->e[i];
        sq += ex * ex;
    }
    return sq <= r * r;
}
