/* SPDX-License-Identifier: MIT */
/* The mover's algorithm, one for both dimensions (fixcol/mover.h):
 * push-out, cast / safe advance / clip iterations with the step-up, the
 * ground snap. */
#include "mover_internal.h"

#include <string.h>

#include "core/nofloat.h"

static int is_zero(const int64_t v[3]) { return v[0] == 0 && v[1] == 0 && v[2] == 0; }

static int64_t up_part(const mv_ctx *c, const int64_t v[3])
{
    return v[0] * c->up[0] + v[1] * c->up[1] + v[2] * c->up[2];
}

/* Move the shape by v and record the segment. */
static fc_status advance(mv_ctx *c, const int64_t v[3])
{
    if (is_zero(v))
        return FC_OK;
    fc_status st = mv_shift(c, v);
    if (st != FC_OK)
        return st;
    for (int j = 0; j < 3; j++)
        c->moved[j] += v[j];
    if (c->path_count < FC_MOVER_MAX_PATH)
        memcpy(c->path[c->path_count++], v, sizeof c->path[0]);
    return FC_OK;
}

static int32_t touch(mv_ctx *c, const mv_hit *h, int32_t iteration)
{
    int32_t kind = mv_surface(h->dir, c->up, c->def->slope_run, c->def->slope_rise);
    c->flags |= kind == FC_MOVER_TOUCH_GROUND ? FC_MOVER_GROUNDED
                : kind == FC_MOVER_TOUCH_CEILING ? FC_MOVER_CEILING : FC_MOVER_WALL;
    if (c->touch_count < FC_MOVER_MAX_TOUCHES) {
        fc_mover_touch *t = &c->touches[c->touch_count++];
        t->id = h->id;
        t->t = h->t;
        t->normal = fc_vec3_make((fix16_t)h->normal[0], (fix16_t)h->normal[1], (fix16_t)h->normal[2]);
        t->iteration = iteration;
        t->kind = kind;
    }
    return kind;
}

/* The step-up over rest (fixcol/mover.h): 1 and *rest reduced by the
 * horizontal distance covered when the step is taken, else 0 and nothing
 * changed. */
static fc_status step_up(mv_ctx *c, int64_t rest[3], int32_t it, int *taken)
{
    *taken = 0;
    const int64_t skin = c->def->skin;
    int64_t up[3], horiz[3], down[3];
    for (int j = 0; j < 3; j++) {
        up[j] = c->up[j] * c->def->step_height;
        horiz[j] = rest[j] - c->up[j] * up_part(c, rest);
    }
    if (is_zero(horiz))
        return FC_OK;
    mv_ctx saved = *c;
    mv_hit h1, h2, h3;
    fc_status st = mv_cast(c, up, skin, &h1);
    if (st == FC_OK && !h1.started && !is_zero(h1.safe))
        st = advance(c, h1.safe);
    else
        goto undo;
    if (st == FC_OK)
        st = mv_cast(c, horiz, skin, &h2);
    if (st != FC_OK || h2.started || is_zero(h2.safe))
        goto undo;
    st = advance(c, h2.safe);
    for (int j = 0; j < 3; j++)
        down[j] = -h1.safe[j];
    if (st == FC_OK)
        st = mv_cast(c, down, skin, &h3);
    if (st != FC_OK || !h3.have || h3.started ||
        mv_surface(h3.dir, c->up, c->def->slope_run, c->def->slope_rise) != FC_MOVER_TOUCH_GROUND)
        goto undo;
    st = advance(c, h3.safe);
    if (st != FC_OK)
        goto undo;
    if (h1.have)
        touch(c, &h1, it);
    if (h2.have)
        touch(c, &h2, it);
    touch(c, &h3, it);
    c->flags |= FC_MOVER_STEPPED;
    for (int j = 0; j < 3; j++)
        rest[j] -= h2.safe[j];
    *taken = 1;
    return FC_OK;
undo:
    *c = saved;
    return st == FC_ERR_NO_MEMORY ? st : FC_OK; /* a range error on a trial leg only rejects the step */
}

static fc_status push_out(mv_ctx *c)
{
    for (int32_t r = 0; r <= c->def->max_iterations; r++) {
        int pushed = 0;
        int64_t d[3];
        fc_status st = mv_pushout(c, &pushed, d);
        if (st != FC_OK)
            return st;
        if (!pushed)
            return FC_OK;
        if (r == c->def->max_iterations) { /* still overlapping: the last push is not taken */
            c->flags |= FC_MOVER_STUCK;
            return mv_shift(c, (const int64_t[3]){-d[0], -d[1], -d[2]});
        }
        c->flags |= FC_MOVER_STARTED_OVERLAP;
        c->pushouts++;
        for (int j = 0; j < 3; j++)
            c->moved[j] += d[j];
        if (c->path_count < FC_MOVER_MAX_PATH)
            memcpy(c->path[c->path_count++], d, sizeof c->path[0]);
    }
    return FC_OK;
}

fc_status mv_run(mv_ctx *c, const int64_t desired[3])
{
    /* The push-out's overlap query finds a body exactly when the shape
     * overlaps one that passes the filter and is not excluded (closed
     * sets), and a cast along a non-zero delta has its exact entry at 0
     * exactly then (fixcol/cast.h: the entry is 0 when the closed shapes
     * overlap at the start; the cast takes the same filter and
     * exclusions). So iteration 0's cast is made first: when it did not
     * start in overlap, the push-out would have found nothing and changed
     * nothing, and the cast is the one iteration 0 makes - the overlap
     * query is saved. Started in overlap (or any error): the push-out runs
     * as before and iteration 0 casts again, so every output, error
     * included, is what push-out-first gives. */
    mv_hit first;
    int have_first = !is_zero(desired) && mv_cast(c, desired, c->def->skin, &first) == FC_OK && !first.started;
    fc_status st = FC_OK;
    if (!have_first) {
        st = push_out(c);
        if (st != FC_OK || (c->flags & FC_MOVER_STUCK))
            return st;
    }
    int64_t rem[3], planes[FC_MOVER_MAX_TOUCHES][3];
    int32_t nplanes = 0;
    memcpy(rem, desired, sizeof rem);
    for (int32_t it = 0; it < c->def->max_iterations && !is_zero(rem); it++) {
        mv_hit h;
        c->iterations = it + 1;
        if (it == 0 && have_first) {
            h = first;
        } else {
            st = mv_cast(c, rem, c->def->skin, &h);
            if (st != FC_OK)
                return st;
        }
        st = advance(c, h.safe);
        if (st != FC_OK)
            return st;
        if (!h.have)
            break;
        int32_t kind = touch(c, &h, it);
        if (h.started) /* touching at the start along rem: only the clip can free it */
            h.safe[0] = h.safe[1] = h.safe[2] = 0;
        for (int j = 0; j < 3; j++)
            rem[j] -= h.safe[j];
        if (kind == FC_MOVER_TOUCH_WALL && c->def->step_height > 0) {
            int taken = 0;
            st = step_up(c, rem, it, &taken);
            if (st != FC_OK)
                return st;
            if (taken)
                continue;
        }
        if (nplanes < FC_MOVER_MAX_TOUCHES)
            memcpy(planes[nplanes++], h.normal, sizeof planes[0]);
        mv_clip(c->dim, rem, (const int64_t(*)[3])planes, nplanes);
    }
    if (c->def->snap_distance > 0 && up_part(c, desired) <= 0 && !(c->flags & FC_MOVER_GROUNDED)) {
        int64_t down[3];
        mv_hit h;
        for (int j = 0; j < 3; j++)
            down[j] = -c->up[j] * c->def->snap_distance;
        st = mv_cast(c, down, c->def->skin, &h);
        if (st != FC_OK)
            return st;
        if (h.have && !h.started &&
            mv_surface(h.dir, c->up, c->def->slope_run, c->def->slope_rise) == FC_MOVER_TOUCH_GROUND) {
            st = advance(c, h.safe);
            if (st != FC_OK)
                return st;
            touch(c, &h, c->def->max_iterations);
            c->flags |= FC_MOVER_SNAPPED;
        }
    }
    return FC_OK;
}
