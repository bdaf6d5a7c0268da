/* SPDX-License-Identifier: MIT */
/* Body ids: the slot behind an id (generation-checked) and the id of a
 * slot. Every other file of the world reads bodies through these; this
 * file calls none of them. */
#include "world_internal.h"

#include "core/nofloat.h"

fc_world_dim fc_world_get_dim(const fc_world *w)
{
    return w == NULL ? (fc_world_dim)0 : w->def.dim;
}

fc_body *fc_world_body(const fc_world *w, fc_body_id id)
{
    if (w == NULL || id.world != w->def.tag || id.index >= w->slot_count)
        return NULL;
    fc_body *b = &w->bodies[id.index];
    return b->live && b->generation == id.generation ? b : NULL;
}

void fc_world_id_of(const fc_world *w, uint32_t index, fc_body_id *out)
{
    out->index = index;
    out->generation = w->bodies[index].generation;
    out->world = w->def.tag;
}

int fc_world_body_valid(const fc_world *w, fc_body_id id)
{
    return fc_world_body(w, id) != NULL;
}

int32_t fc_world_body_count(const fc_world *w)
{
    return w == NULL ? 0 : (int32_t)w->live_count;
}
