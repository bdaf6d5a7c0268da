/* SPDX-License-Identifier: MIT */
/* The replay runner's version 5 queries: character mover calls
 * (fixcol/mover.h) on a body (the world changes) or a free shape: the
 * displacement applied, the flags and the touches in canonical order hashed
 * (docs/replay-format.md defines the words; the iteration count and the
 * path are not part of it: every binding's mover returns these three). */
#include "replay_run.h"

#include <string.h>

#include <fixcol/mover.h>

#include "core/nofloat.h"

static uint64_t two(int32_t lo, int32_t hi) { return (uint64_t)(uint32_t)lo | (uint64_t)(uint32_t)hi << 32; }

static uint64_t id_word(fc_body_id id) { return (uint64_t)id.index | ((uint64_t)id.generation << 32); }

static fc_mover_def def_of(const fc_replay_op *op, uint32_t world_tag, fc_body_id *exclude)
{
    fc_mover_def d = fc_mover_def_default();
    const fc_replay_mover *m = &op->mover;
    uint32_t n = m->exclude_count <= FC_REPLAY_MAX_EXCLUDE ? m->exclude_count : FC_REPLAY_MAX_EXCLUDE;
    for (uint32_t i = 0; i < n; i++) {
        exclude[i] = m->exclude[i];
        exclude[i].world = world_tag;
    }
    d.query.filter = op->filter;
    d.query.exclude = n ? exclude : NULL;
    d.query.exclude_count = (int32_t)n;
    d.skin = m->skin;
    d.max_iterations = m->max_iterations;
    d.step_height = m->step_height;
    d.snap_distance = m->snap_distance;
    d.up_axis = m->up_axis;
    d.up_sign = m->up_sign;
    d.slope_run = m->slope_run;
    d.slope_rise = m->slope_rise;
    return d;
}

/* The touch count, then per touch its four words. */
static void hash_touches(fc_hash64 *h, const fc_mover_touch *t, int32_t n)
{
    fc_hash64_word(h, two(n, 0));
    for (int32_t i = 0; i < n; i++) {
        fc_hash64_word(h, id_word(t[i].id));
        fc_hash64_word(h, two(t[i].t, t[i].kind));
        fc_hash64_word(h, two(t[i].normal.x, t[i].normal.y));
        fc_hash64_word(h, two(t[i].normal.z, t[i].iteration));
    }
}

fc_status fc_replay_run_mover(fc_world *w, int32_t dim, uint32_t world_tag, const fc_replay_op *op, uint32_t *count,
                              uint64_t *hash)
{
    fc_body_id exclude[FC_REPLAY_MAX_EXCLUDE];
    fc_mover_def d = def_of(op, world_tag, exclude);
    fc_body_id id = op->id;
    id.world = world_tag;
    fc_status st;
    fc_hash64 h;
    if (dim == 2) {
        static const fc_mover2_result zero2;
        fc_mover2_result r = zero2;
        fc_vec2 desired = fc_vec2_make(op->a.x, op->a.y);
        st = op->kind == FC_REPLAY_MOVER ? fc_world_move2(w, id, desired, &d, &r)
                                         : fc_world_move_shape2(w, &op->shape2, desired, &d, &r);
        h = fc_hash64_init((uint32_t)st);
        if (st == FC_OK) {
            fc_hash64_word(&h, two(r.moved.x, r.moved.y));
            fc_hash64_word(&h, two(0, r.flags));
            hash_touches(&h, r.touches, r.touch_count);
        }
        *count = st == FC_OK ? (uint32_t)r.touch_count : 0u;
    } else {
        static const fc_mover3_result zero3;
        fc_mover3_result r = zero3;
        st = op->kind == FC_REPLAY_MOVER ? fc_world_move3(w, id, op->a, &d, &r)
                                         : fc_world_move_shape3(w, &op->shape3, op->a, &d, &r);
        h = fc_hash64_init((uint32_t)st);
        if (st == FC_OK) {
            fc_hash64_word(&h, two(r.moved.x, r.moved.y));
            fc_hash64_word(&h, two(r.moved.z, r.flags));
            hash_touches(&h, r.touches, r.touch_count);
        }
        *count = st == FC_OK ? (uint32_t)r.touch_count : 0u;
    }
    *hash = fc_hash64_final(&h);
    return st;
}
