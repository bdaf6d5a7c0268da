/* SPDX-License-Identifier: MIT */
/* fc_cast2_ex, fc_cast3_ex: the pair casts with the start-overlap flag and
 * the safe advance (fixcol/cast.h, "refined casts"; cast_safe.h). */
#include <string.h>

#include <fixcol/cast.h>

#include "cast2d_internal.h"
#include "cast3d_internal.h"
#include "cast_safe.h"
#include "core/nofloat.h"

/* The safe k for the pair: the first probe whose sweep along q(k) misses. */
static void safe2(const fc_shape2 *moving, fc_vec2 delta, const fc_shape2 *target, const fc_castt *t, fc_vec2 *safe)
{
    const int64_t d[2] = {delta.x, delta.y};
    int64_t n = fc_cast_safe_steps(d, 2), q[2] = {0, 0};
    int64_t k0 = fc_cast_safe_kmax(t, n), k = k0;
    int32_t i = 0;
    for (; k > 0; k = fc_cast_safe_next(k0, k, &i)) {
        fc_castt pt;
        c2_feature pf;
        fc_cast_safe_point(d, 2, k, n, q);
        if (!fc_cast2_entry(moving, fc_vec2_make((fix16_t)q[0], (fix16_t)q[1]), target, &pt, &pf))
            break;
    }
    if (k <= 0)
        q[0] = q[1] = 0;
    *safe = fc_vec2_make((fix16_t)q[0], (fix16_t)q[1]);
}

fc_status fc_cast2_ex(const fc_shape2 *moving, fc_vec2 delta, const fc_shape2 *target, fc_cast2_result *out,
                      int *hit)
{
    if (out == NULL)
        return FC_ERR_NULL;
    fc_cast2_hit h;
    fc_status st = fc_cast2(moving, delta, target, &h, hit);
    if (st != FC_OK)
        return st;
    fc_cast2_result r;
    memset(&r, 0, sizeof r);
    r.safe = delta;
    if (*hit) {
        fc_castt t = fc_castt_int(0);
        c2_feature f = {C2_DIR, 0, 0};
        fc_cast2_entry(moving, delta, target, &t, &f); /* the same hit again, with its exact t */
        fc_castt zero = fc_castt_int(0);
        r.hit = h;
        r.started_overlap = fc_castt_cmp(&t, &zero) == 0;
        if (r.started_overlap)
            r.safe = fc_vec2_make(0, 0);
        else
            safe2(moving, delta, target, &t, &r.safe);
    }
    *out = r;
    return FC_OK;
}

static void safe3(const fc_shape3 *moving, fc_vec3 delta, const fc_shape3 *target, const fc_castt *t, fc_vec3 *safe)
{
    const int64_t d[3] = {delta.x, delta.y, delta.z};
    int64_t n = fc_cast_safe_steps(d, 3), q[3] = {0, 0, 0};
    int64_t k0 = fc_cast_safe_kmax(t, n), k = k0;
    int32_t i = 0;
    for (; k > 0; k = fc_cast_safe_next(k0, k, &i)) {
        fc_castt pt;
        fc_cast3_feat pf;
        fc_cast_safe_point(d, 3, k, n, q);
        if (!fc_cast3_exact(moving, fc_vec3_make((fix16_t)q[0], (fix16_t)q[1], (fix16_t)q[2]), target, &pt, &pf))
            break;
    }
    if (k <= 0)
        q[0] = q[1] = q[2] = 0;
    *safe = fc_vec3_make((fix16_t)q[0], (fix16_t)q[1], (fix16_t)q[2]);
}

fc_status fc_cast3_ex(const fc_shape3 *moving, fc_vec3 delta, const fc_shape3 *target, fc_cast3_result *out,
                      int *hit)
{
    if (out == NULL)
        return FC_ERR_NULL;
    fc_cast3_hit h;
    fc_status st = fc_cast3(moving, delta, target, &h, hit);
    if (st != FC_OK)
        return st;
    fc_cast3_result r;
    memset(&r, 0, sizeof r);
    r.safe = delta;
    if (*hit) {
        fc_castt t;
        fc_cast3_feat f;
        fc_cast3_exact(moving, delta, target, &t, &f);
        fc_castt zero = fc_castt_int(0);
        r.hit = h;
        r.started_overlap = fc_castt_cmp(&t, &zero) == 0;
        if (r.started_overlap)
            r.safe = fc_vec3_make(0, 0, 0);
        else
            safe3(moving, delta, target, &t, &r.safe);
    }
    *out = r;
    return FC_OK;
}
