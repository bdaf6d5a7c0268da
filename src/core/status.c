/* SPDX-License-Identifier: MIT */
/* Descriptions of the fc_status codes. */
#include <fixcol/status.h>

#include "nofloat.h"

const char *fc_status_str(fc_status s)
{
    switch (s) {
    case FC_OK: return "ok";
    case FC_ERR_NULL: return "required pointer is NULL";
    case FC_ERR_RANGE: return "coordinate outside the documented range";
    case FC_ERR_SIZE: return "extent or radius not positive or too large";
    case FC_ERR_SHAPE_TYPE: return "unknown or unsupported shape type";
    case FC_ERR_POLY_COUNT: return "polygon vertex count out of range";
    case FC_ERR_POLY_ORDER: return "polygon not strictly convex and counter-clockwise";
    case FC_ERR_ROTATION: return "rotation inconsistent or not orthonormal";
    case FC_ERR_STALE_ID: return "stale or unknown body id";
    case FC_ERR_CAPACITY: return "capacity exceeded";
    case FC_ERR_NO_MEMORY: return "out of memory";
    case FC_ERR_BUFFER: return "buffer too small";
    case FC_ERR_FORMAT: return "malformed data";
    case FC_ERR_VERSION: return "unsupported version";
    case FC_ERR_CHECKSUM: return "checksum mismatch";
    case FC_ERR_ARGUMENT: return "invalid argument";
    }
    return "unknown status";
}
