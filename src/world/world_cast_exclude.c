/* SPDX-License-Identifier: MIT */
/* The excluded ids of a world cast's query (fixcol/cast.h, fc_cast_query). */
#include "world_cast_best.h"

#include "core/nofloat.h"

int fc_world_cast_excluded(const fc_world *w, uint32_t i, const fc_body_id *exclude, int32_t nexclude)
{
    for (int32_t j = 0; j < nexclude; j++)
        if (exclude[j].index == i && exclude[j].generation == w->bodies[i].generation &&
            exclude[j].world == w->def.tag)
            return 1;
    return 0;
}
