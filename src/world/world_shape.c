/* SPDX-License-Identifier: MIT */
/* The compact body store's shapes: a small shape (2D circle and AABB, 3D
 * sphere) lives in its slot's four words; any other shape in an entry of
 * the world's big-shape pool, a free list of full-size entries that grows
 * by doubling (to the world's body_capacity at once when one is set, so a
 * world within its capacity never allocates again) and never shrinks.
 * Measured why: the 72-byte shape union in every slot was 2/3 of a 128-byte
 * slot and ~94 of the 268 bytes per body at 100k W1 bodies (AABBs); the
 * small shapes' bounds, derived from their words, another 24 bytes. */
#include "world_internal.h"

#include <string.h>

#include "core/nofloat.h"

int fc_world_reserve_big(fc_world *w, uint32_t n)
{
    if (w->big_cap - w->big_live >= n)
        return 1;
    const uint64_t need = (uint64_t)w->big_live + n;
    uint64_t cap = w->big_cap < 8 ? 16 : 2 * (uint64_t)w->big_cap;
    if (cap < (uint64_t)w->def.body_capacity)
        cap = (uint64_t)w->def.body_capacity;
    if (cap < need)
        cap = need;
    if (cap > (uint64_t)FC_WORLD_MAX_BODIES)
        cap = need; /* <= FC_WORLD_MAX_BODIES: one entry per live body at most */
    const fc_allocator *a = &w->def.alloc;
    fc_big_shape *big = (fc_big_shape *)fc_alloc_bytes(a, sizeof(fc_big_shape) * (size_t)cap);
    if (big == NULL)
        return 0;
    if (w->big_used > 0)
        memcpy(big, w->big, sizeof(fc_big_shape) * w->big_used);
    fc_free_bytes(a, w->big, sizeof(fc_big_shape) * w->big_cap);
    w->big = big;
    w->big_cap = (uint32_t)cap;
    return 1;
}

void fc_world_free_big(fc_world *w)
{
    fc_free_bytes(&w->def.alloc, w->big, sizeof(fc_big_shape) * w->big_cap);
    w->big = NULL;
    w->big_cap = w->big_used = w->big_live = 0;
    w->big_free = FC_BIG_NONE;
}

void fc_world_reset_big(fc_world *w)
{
    w->big_used = w->big_live = 0;
    w->big_free = FC_BIG_NONE;
}

/* A free entry (one is reserved). */
static uint32_t big_take(fc_world *w)
{
    uint32_t e = w->big_free;
    if (e != FC_BIG_NONE)
        w->big_free = w->big[e].shape.next_free;
    else
        e = w->big_used++;
    w->big_live++;
    return e;
}

static void big_release(fc_world *w, uint32_t e)
{
    w->big[e].shape.next_free = w->big_free;
    w->big_free = e;
    w->big_live--;
}

void fc_world_drop_shape(fc_world *w, fc_body *b)
{
    if (!fc_shape_small(w->def.dim == FC_WORLD_2D, b->type))
        big_release(w, (uint32_t)b->sw[0]);
    b->type = 0;
    memset(b->sw, 0, sizeof b->sw);
}

static void set_words(fc_body *b, int32_t a, int32_t c, int32_t d, int32_t e)
{
    b->sw[0] = a;
    b->sw[1] = c;
    b->sw[2] = d;
    b->sw[3] = e;
}

void fc_world_store_shape(fc_world *w, fc_body *b, int had_shape, const fc_shape2 *s2, const fc_shape3 *s3,
                          const int32_t min[3], const int32_t max[3])
{
    const int dim2 = w->def.dim == FC_WORLD_2D;
    const uint32_t type = dim2 ? (uint32_t)s2->type : (uint32_t)s3->type;
    uint32_t e = FC_BIG_NONE;
    if (had_shape && !fc_shape_small(dim2, b->type))
        e = (uint32_t)b->sw[0];
    b->type = (uint8_t)type;
    if (fc_shape_small(dim2, type)) {
        if (e != FC_BIG_NONE)
            big_release(w, e);
        if (!dim2)
            set_words(b, s3->u.sphere.center.x, s3->u.sphere.center.y, s3->u.sphere.center.z, s3->u.sphere.radius);
        else if (type == FC_SHAPE2_CIRCLE)
            set_words(b, s2->u.circle.center.x, s2->u.circle.center.y, s2->u.circle.radius, 0);
        else
            set_words(b, s2->u.aabb.min.x, s2->u.aabb.min.y, s2->u.aabb.max.x, s2->u.aabb.max.y);
        return;
    }
    if (e == FC_BIG_NONE)
        e = big_take(w);
    fc_big_shape *x = &w->big[e];
    memset(&x->shape, 0, sizeof x->shape);
    if (dim2)
        x->shape.s2 = *s2;
    else
        x->shape.s3 = *s3;
    memcpy(x->min, min, sizeof x->min);
    memcpy(x->max, max, sizeof x->max);
    set_words(b, (int32_t)e, 0, 0, 0);
}
