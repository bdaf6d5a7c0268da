/* SPDX-License-Identifier: MIT */
/* The refined world casts (fixcol/cast.h, "refined casts"): excluded
 * bodies, the start-overlap flag and the safe advance, whose sweep is
 * checked against the whole world (every body the query reports). */
#include "world_cast_ex.h"

#include <string.h>

#include "cast/cast_safe.h"
#include "core/nofloat.h"

fc_cast_query fc_cast_query_default(void)
{
    fc_cast_query q;
    memset(&q, 0, sizeof q);
    q.filter = fc_filter_default();
    return q;
}

static int is_zero(const fc_castt *t)
{
    fc_castt zero = fc_castt_int(0);
    return fc_castt_cmp(t, &zero) == 0;
}

fc_status fc_world_cast2_safe(fc_world *w, const fc_shape2 *moving, fc_vec2 delta, fc_filter filter,
                              const fc_body_id *exclude, int32_t nexclude, int64_t back, cast2_key *best, int *have,
                              int *started, fc_vec2 *safe)
{
    fc_status st = fc_world_cast2_best(w, moving, delta, filter, exclude, nexclude, best, have, best, have);
    if (st != FC_OK)
        return st;
    *started = 0;
    *safe = delta;
    if (!*have)
        return FC_OK;
    *safe = fc_vec2_make(0, 0);
    if (is_zero(&best->t)) {
        *started = 1;
        return FC_OK;
    }
    const int64_t d[2] = {delta.x, delta.y};
    int64_t n = fc_cast_safe_steps(d, 2), q[2];
    int64_t k0 = fc_cast_safe_kmax(&best->t, n) - back;
    int32_t i = 0;
    for (int64_t k = k0; k > 0; k = fc_cast_safe_next(k0, k, &i)) {
        cast2_key probe;
        int hit = 0;
        fc_cast_safe_point(d, 2, k, n, q);
        fc_vec2 v = fc_vec2_make((fix16_t)q[0], (fix16_t)q[1]);
        st = fc_world_cast2_best(w, moving, v, filter, exclude, nexclude, &probe, &hit, &probe, &hit);
        if (st != FC_OK)
            return st;
        if (!hit) {
            *safe = v;
            break;
        }
    }
    return FC_OK;
}

fc_status fc_world_cast3_safe(fc_world *w, const fc_shape3 *moving, fc_vec3 delta, fc_filter filter,
                              const fc_body_id *exclude, int32_t nexclude, int64_t back, fc_cast3_key *best,
                              int *have, int *started, fc_vec3 *safe)
{
    fc_status st = fc_world_cast3_best(w, moving, delta, filter, exclude, nexclude, best, have, best, have);
    if (st != FC_OK)
        return st;
    *started = 0;
    *safe = delta;
    if (!*have)
        return FC_OK;
    *safe = fc_vec3_make(0, 0, 0);
    if (is_zero(&best->t)) {
        *started = 1;
        return FC_OK;
    }
    const int64_t d[3] = {delta.x, delta.y, delta.z};
    int64_t n = fc_cast_safe_steps(d, 3), q[3];
    int64_t k0 = fc_cast_safe_kmax(&best->t, n) - back;
    int32_t i = 0;
    for (int64_t k = k0; k > 0; k = fc_cast_safe_next(k0, k, &i)) {
        fc_cast3_key probe;
        int hit = 0;
        fc_cast_safe_point(d, 3, k, n, q);
        fc_vec3 v = fc_vec3_make((fix16_t)q[0], (fix16_t)q[1], (fix16_t)q[2]);
        st = fc_world_cast3_best(w, moving, v, filter, exclude, nexclude, &probe, &hit, &probe, &hit);
        if (st != FC_OK)
            return st;
        if (!hit) {
            *safe = v;
            break;
        }
    }
    return FC_OK;
}

static fc_status query_ok(const fc_cast_query *q)
{
    if (q == NULL || (q->exclude == NULL && q->exclude_count != 0))
        return FC_ERR_NULL;
    if (q->exclude_count < 0 || q->exclude_count > FC_CAST_MAX_EXCLUDE)
        return FC_ERR_ARGUMENT;
    return FC_OK;
}

fc_status fc_world_cast2_ex(fc_world *w, const fc_shape2 *moving, fc_vec2 delta, const fc_cast_query *query,
                            fc_cast2_result *out, int *hit)
{
    if (w == NULL || moving == NULL || query == NULL || out == NULL || hit == NULL)
        return FC_ERR_NULL;
    if (w->def.dim != FC_WORLD_2D)
        return FC_ERR_SHAPE_TYPE;
    fc_status st = fc_shape2_validate(moving);
    if (st != FC_OK)
        return st;
    st = query_ok(query);
    if (st != FC_OK)
        return st;
    cast2_key best;
    int have = 0, started = 0;
    fc_cast2_result r;
    memset(&r, 0, sizeof r);
    st = fc_world_cast2_safe(w, moving, delta, query->filter, query->exclude, query->exclude_count, 0, &best, &have,
                             &started, &r.safe);
    if (st != FC_OK)
        return st;
    if (have)
        fc_world_cast2_fill(w, &best, delta, &r.hit);
    r.started_overlap = started;
    *out = r;
    *hit = have;
    return FC_OK;
}

fc_status fc_world_cast3_ex(fc_world *w, const fc_shape3 *moving, fc_vec3 delta, const fc_cast_query *query,
                            fc_cast3_result *out, int *hit)
{
    if (w == NULL || moving == NULL || query == NULL || out == NULL || hit == NULL)
        return FC_ERR_NULL;
    if (w->def.dim != FC_WORLD_3D)
        return FC_ERR_SHAPE_TYPE;
    fc_status st = fc_shape3_validate(moving);
    if (st != FC_OK)
        return st;
    st = query_ok(query);
    if (st != FC_OK)
        return st;
    fc_cast3_key best;
    int have = 0, started = 0;
    fc_cast3_result r;
    memset(&r, 0, sizeof r);
    st = fc_world_cast3_safe(w, moving, delta, query->filter, query->exclude, query->exclude_count, 0, &best, &have,
                             &started, &r.safe);
    if (st != FC_OK)
        return st;
    if (have)
        fc_world_cast3_fill(w, moving, &best, &r.hit);
    r.started_overlap = started;
    *out = r;
    *hit = have;
    return FC_OK;
}
