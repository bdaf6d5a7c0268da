/* SPDX-License-Identifier: MIT */
/* EVA harness for fc_pair_events (src/world/pair_diff.c): two lists of up to 4
 * pairs with any ids (index, generation, world: every uint32), any counts
 * and caps in -1..5 (so the count / cap checks are exercised on both
 * sides), caller buffers of 4 pairs. The merge's reads stay inside the
 * lists and its writes inside the buffers for every input: canonical
 * checks and the counting pass guard them. Lists longer than 4 run the
 * same loop (no index arithmetic beyond i + 1 / j + 1 and the counts). */
#include "proof.h"

#include <fixcol/world.h>

int sink_status;
int32_t sink_nb, sink_ne;

static fc_body_id any_id(void)
{
    fc_body_id id;
    id.index = ANY_U32();
    id.generation = ANY_U32();
    id.world = ANY_U32();
    return id;
}

void proof_pair_events(void)
{
    fc_pair prev[4], cur[4], began[4], ended[4];
    for (int i = 0; i < 4; i++) {
        prev[i].a = any_id();
        prev[i].b = any_id();
        cur[i].a = any_id();
        cur[i].b = any_id();
    }
    int32_t np = I32_IN(-1, 4), nc = I32_IN(-1, 4), bcap = I32_IN(-1, 4), ecap = I32_IN(-1, 4);
    int32_t nb = 0, ne = 0;
    sink_status = fc_pair_events(prev, np, cur, nc, began, bcap, &nb, ended, ecap, &ne);
    sink_nb = nb;
    sink_ne = ne;
}
