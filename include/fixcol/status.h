/* SPDX-License-Identifier: MIT */
/* fixcol/status.h - status codes returned by every fallible fixcol call.
 * FC_OK is 0; every error is negative. A call that returns an error has
 * changed nothing. fc_status_str gives a short English description. */
#ifndef FIXCOL_STATUS_H
#define FIXCOL_STATUS_H

#include <fixcol/api.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum fc_status {
    FC_OK = 0,
    FC_ERR_NULL = -1,           /* a required pointer argument is NULL */
    FC_ERR_RANGE = -2,          /* a coordinate is outside the documented range */
    FC_ERR_SIZE = -3,           /* an extent or radius is zero/negative or too large */
    FC_ERR_SHAPE_TYPE = -4,     /* unknown shape type, or wrong dimension for the world */
    FC_ERR_POLY_COUNT = -5,     /* polygon vertex count outside 3..FC_POLY2_MAX_VERTS */
    FC_ERR_POLY_ORDER = -6,     /* polygon is clockwise, non-convex, or has repeated/collinear vertices */
    FC_ERR_ROTATION = -7,       /* stored rotation inconsistent with its angle, or axes not orthonormal/right-handed within tolerance */
    FC_ERR_STALE_ID = -8,       /* body id is stale (destroyed), foreign, or never issued */
    FC_ERR_CAPACITY = -9,       /* a fixed capacity or allocation limit was hit */
    FC_ERR_NO_MEMORY = -10,     /* the allocator returned NULL */
    FC_ERR_BUFFER = -11,        /* caller buffer too small */
    FC_ERR_FORMAT = -12,        /* malformed serialised data (bad magic, truncated, bad field) */
    FC_ERR_VERSION = -13,       /* serialised data of an unsupported version */
    FC_ERR_CHECKSUM = -14,      /* serialised data whose checksum does not match */
    FC_ERR_ARGUMENT = -15       /* any other invalid argument (documented per call) */
} fc_status;

/* A static, NUL-terminated description of s (never NULL). */
FC_API const char *fc_status_str(fc_status s);

#ifdef __cplusplus
}
#endif

#endif
