/* SPDX-License-Identifier: MIT */
/* The mover's public calls (fixcol/mover.h): argument checks, the context,
 * the result, and for a body the final translate. */
#include "mover_internal.h"

#include <stddef.h>
#include <string.h>

#include "core/nofloat.h"

fc_mover_def fc_mover_def_default(void)
{
    fc_mover_def d;
    memset(&d, 0, sizeof d);
    d.query = fc_cast_query_default();
    d.skin = 16;
    d.max_iterations = 4;
    d.up_axis = 1;
    d.up_sign = 1;
    d.slope_run = 1;
    d.slope_rise = 1;
    return d;
}

static fc_status def_ok(const fc_mover_def *d, int dim)
{
    if (d->query.exclude == NULL && d->query.exclude_count != 0)
        return FC_ERR_NULL;
    if (d->query.exclude_count < 0 || d->query.exclude_count > FC_CAST_MAX_EXCLUDE || d->skin < 0 ||
        d->skin > 65536 || d->max_iterations < 1 || d->max_iterations > FC_MOVER_MAX_ITERATIONS ||
        d->step_height < 0 || d->step_height > FC_COORD_LIMIT || d->snap_distance < 0 ||
        d->snap_distance > FC_COORD_LIMIT || d->up_axis < 0 || d->up_axis >= dim ||
        (d->up_sign != 1 && d->up_sign != -1) || d->slope_run < 1 || d->slope_run > (1 << 30) ||
        d->slope_rise < 0 || d->slope_rise > (1 << 30))
        return FC_ERR_ARGUMENT;
    return FC_OK;
}

static int in_range(int64_t v) { return v >= -(int64_t)FC_COORD_LIMIT && v <= FC_COORD_LIMIT; }

/* Common checks and the context; self: the moved body (NULL: a free shape). */
static fc_status setup(mv_ctx *c, fc_world *w, int dim, const fc_mover_def *def, const fc_body_id *self,
                       const int64_t desired[3])
{
    if (fc_world_get_dim(w) != (dim == 2 ? FC_WORLD_2D : FC_WORLD_3D))
        return FC_ERR_SHAPE_TYPE;
    fc_status st = def_ok(def, dim);
    if (st != FC_OK)
        return st;
    for (int j = 0; j < 3; j++)
        if (!in_range(desired[j]))
            return FC_ERR_RANGE;
    /* everything but the touch and path arrays, which are written before
     * they are read (only their first touch_count / path_count entries
     * are); zeroing their 4.5 KB was a tenth of a mover call's overhead */
    memset(c, 0, offsetof(mv_ctx, touches));
    c->w = w;
    c->dim = dim;
    c->def = def;
    if (def->query.exclude_count > 0)
        memcpy(c->ex, def->query.exclude, (size_t)def->query.exclude_count * sizeof c->ex[0]);
    c->nex = def->query.exclude_count;
    if (self != NULL)
        c->ex[c->nex++] = *self;
    c->up[def->up_axis] = def->up_sign;
    return FC_OK;
}

static void result2(const mv_ctx *c, fc_mover2_result *out)
{
    memset(out, 0, sizeof *out);
    out->moved = fc_vec2_make((fix16_t)c->moved[0], (fix16_t)c->moved[1]);
    out->flags = c->flags;
    out->iterations = c->iterations;
    out->touch_count = c->touch_count;
    out->path_count = c->path_count;
    out->pushouts = c->pushouts;
    memcpy(out->touches, c->touches, (size_t)c->touch_count * sizeof out->touches[0]);
    for (int32_t i = 0; i < c->path_count; i++)
        out->path[i] = fc_vec2_make((fix16_t)c->path[i][0], (fix16_t)c->path[i][1]);
}

static void result3(const mv_ctx *c, fc_mover3_result *out)
{
    memset(out, 0, sizeof *out);
    out->moved = fc_vec3_make((fix16_t)c->moved[0], (fix16_t)c->moved[1], (fix16_t)c->moved[2]);
    out->flags = c->flags;
    out->iterations = c->iterations;
    out->touch_count = c->touch_count;
    out->path_count = c->path_count;
    out->pushouts = c->pushouts;
    memcpy(out->touches, c->touches, (size_t)c->touch_count * sizeof out->touches[0]);
    /* field by field, not through fc_vec3_make: tcc 0.9.27 (a matrix
     * target) returns the 12-byte struct in 16 bytes of the caller's stack
     * and overwrote this loop's counter with z, looping for ever */
    for (int32_t i = 0; i < c->path_count; i++) {
        out->path[i].x = (fix16_t)c->path[i][0];
        out->path[i].y = (fix16_t)c->path[i][1];
        out->path[i].z = (fix16_t)c->path[i][2];
    }
}

static fc_status move2(fc_world *w, const fc_body_id *self, const fc_shape2 *shape, fc_vec2 desired,
                       const fc_mover_def *def, fc_mover2_result *out)
{
    const int64_t d[3] = {desired.x, desired.y, 0};
    mv_ctx c;
    fc_status st = setup(&c, w, 2, def, self, d);
    if (st != FC_OK)
        return st;
    c.s2 = *shape;
    st = mv_run(&c, d);
    if (st == FC_OK && self != NULL)
        st = fc_world_translate2(w, *self, fc_vec2_make((fix16_t)c.moved[0], (fix16_t)c.moved[1]));
    if (st == FC_OK)
        result2(&c, out);
    return st;
}

static fc_status move3(fc_world *w, const fc_body_id *self, const fc_shape3 *shape, fc_vec3 desired,
                       const fc_mover_def *def, fc_mover3_result *out)
{
    const int64_t d[3] = {desired.x, desired.y, desired.z};
    mv_ctx c;
    fc_status st = setup(&c, w, 3, def, self, d);
    if (st != FC_OK)
        return st;
    c.s3 = *shape;
    st = mv_run(&c, d);
    if (st == FC_OK && self != NULL)
        st = fc_world_translate3(w, *self, fc_vec3_make((fix16_t)c.moved[0], (fix16_t)c.moved[1], (fix16_t)c.moved[2]));
    if (st == FC_OK)
        result3(&c, out);
    return st;
}

fc_status fc_world_move2(fc_world *w, fc_body_id id, fc_vec2 desired, const fc_mover_def *def,
                         fc_mover2_result *out)
{
    if (w == NULL || def == NULL || out == NULL)
        return FC_ERR_NULL;
    fc_shape2 s;
    fc_status st = fc_world_get_shape2(w, id, &s);
    return st != FC_OK ? st : move2(w, &id, &s, desired, def, out);
}

fc_status fc_world_move3(fc_world *w, fc_body_id id, fc_vec3 desired, const fc_mover_def *def,
                         fc_mover3_result *out)
{
    if (w == NULL || def == NULL || out == NULL)
        return FC_ERR_NULL;
    fc_shape3 s;
    fc_status st = fc_world_get_shape3(w, id, &s);
    return st != FC_OK ? st : move3(w, &id, &s, desired, def, out);
}

fc_status fc_world_move_shape2(fc_world *w, const fc_shape2 *shape, fc_vec2 desired, const fc_mover_def *def,
                               fc_mover2_result *out)
{
    if (w == NULL || shape == NULL || def == NULL || out == NULL)
        return FC_ERR_NULL;
    if (fc_world_get_dim(w) != FC_WORLD_2D)
        return FC_ERR_SHAPE_TYPE;
    fc_status st = fc_shape2_validate(shape);
    return st != FC_OK ? st : move2(w, NULL, shape, desired, def, out);
}

fc_status fc_world_move_shape3(fc_world *w, const fc_shape3 *shape, fc_vec3 desired, const fc_mover_def *def,
                               fc_mover3_result *out)
{
    if (w == NULL || shape == NULL || def == NULL || out == NULL)
        return FC_ERR_NULL;
    if (fc_world_get_dim(w) != FC_WORLD_3D)
        return FC_ERR_SHAPE_TYPE;
    fc_status st = fc_shape3_validate(shape);
    return st != FC_OK ? st : move3(w, NULL, shape, desired, def, out);
}
