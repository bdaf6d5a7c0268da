/* SPDX-License-Identifier: MIT */
/* The rollback loop of docs/rollback.md, compiled and run as a test: a
 * client that saves every frame into the world's history ring and, when a
 * late input arrives, rolls back and re-simulates, using the world's own
 * pair events. Every binding runs the same loop (bindings/lua/examples/
 * rollback_loop.lua, bindings/csharp/examples/RollbackLoop.cs,
 * bindings/js/examples/rollback_loop.mjs) and must print exactly these
 * lines: the same checksums, events and ids through the binding.
 * The loop: 24 circles; frame f moves body i by input(f, i); at the end of
 * frame 12 the input of frame 9 turns out different (late), so the client
 * rolls back to the save after frame 8 (k = 4) and re-simulates frames
 * 9..12; the same at frame 20 for frame 18 (k = 3). Frame 10 destroys
 * body 3 and creates a body (which takes slot 3, generation 2), so the
 * rollback also undoes a destroy and a create. */
#include <fixcol/fixcol.h>
#include <stdio.h>

#define U 65536
#define N 24

/* Frames whose late input is known. */
static int late9, late18;

static int32_t input(int f, int i, int axis)
{
    int32_t d = axis == 0 ? ((f * 7 + i * 13) % 9 - 4) * (U / 4) : ((f * 5 + i * 11) % 7 - 3) * (U / 4);
    if (axis == 0 && i % 4 == 0 && ((f == 9 && late9) || (f == 18 && late18)))
        d += U; /* the late input: every fourth body steps one more unit right */
    return d;
}

static int frame(fc_world *w, fc_body_id *ids, int f)
{
    for (int i = 0; i < N; i++)
        (void)fc_world_translate2(w, ids[i], fc_vec2_make(input(f, i, 0), input(f, i, 1)));
    if (f == 10) {
        fc_body_def bd = fc_body_def_default();
        bd.shape2.u.circle = fc_circle_make(fc_vec2_make(50 * U, 50 * U), 2 * U);
        fc_world_destroy_body(w, ids[3]);
        if (fc_world_create_body(w, &bd, &ids[3]) != FC_OK)
            return 1;
        printf("frame %2d: created index %u generation %u\n", f, (unsigned)ids[3].index,
               (unsigned)ids[3].generation);
    }
    const fc_pair *pairs, *began, *ended;
    int32_t np, nb, ne;
    if (fc_world_find_pairs(w, &pairs, &np) != FC_OK || fc_world_pair_events(w, &began, &nb, &ended, &ne) != FC_OK)
        return 1;
    if (fc_world_history_save(w) != FC_OK)
        return 1;
    printf("frame %2d: %d pairs, %d began, %d ended, checksum %016llx\n", f, (int)np, (int)nb, (int)ne,
           (unsigned long long)fc_world_checksum(w));
    return 0;
}

int main(void)
{
    fc_world_def def = fc_world_def_default();
    fc_world *w;
    if (fc_world_create(&def, &w) != FC_OK || fc_world_history_begin(w, 16, 1 << 16) != FC_OK)
        return 1;
    fc_body_id ids[N];
    for (int i = 0; i < N; i++) {
        fc_body_def bd = fc_body_def_default();
        bd.shape2.u.circle =
            fc_circle_make(fc_vec2_make((20 + (i * 37) % 60) * U, (20 + (i * 53) % 60) * U), U + (i % 3) * (U / 2));
        if (fc_world_create_body(w, &bd, &ids[i]) != FC_OK)
            return 1;
    }
    fc_world_history_save(w); /* the state before frame 0 */
    for (int f = 0; f < 24; f++) {
        if (frame(w, ids, f) != 0)
            return 1;
        int late = f == 12 ? 9 : f == 20 ? 18 : -1;
        if (late < 0)
            continue;
        late9 |= late == 9;
        late18 |= late == 18;
        /* back to the save after frame late - 1: k = f - (late - 1) saves back */
        const int32_t k = f - (late - 1);
        if (fc_world_history_rollback(w, k) != FC_OK)
            return 1;
        ids[3] = (fc_body_id){3, late == 9 ? 1u : 2u, 1}; /* the game's own state rolls back too */
        printf("rollback %d: checksum %016llx\n", (int)k, (unsigned long long)fc_world_checksum(w));
        for (int g = late; g <= f; g++)
            if (frame(w, ids, g) != 0)
                return 1;
    }
    fc_world_destroy(w);
    return 0;
}
