/* SPDX-License-Identifier: MIT */
/* The README's "## Example", compiled and run as a test; tests/check_readme_example.sh
 * checks that README shows exactly the lines between the EXAMPLE markers. */
#include <fixcol/fixcol.h>

#include <stdio.h>

static int run(void)
{
    /* EXAMPLE BEGIN */
    fc_world_def def = fc_world_def_default();      /* 2D, 1024 x 1024 units from (0, 0) */
    fc_world *w;
    if (fc_world_create(&def, &w) != FC_OK)
        return 1;

    fc_body_def bd = fc_body_def_default();         /* a player: circle of radius 1 */
    bd.shape2.type = FC_SHAPE2_CIRCLE;
    bd.shape2.u.circle = fc_circle_make(fc_vec2_make(12 << 16, 10 << 16), 1 << 16);
    fc_body_id player;
    fc_world_create_body(w, &bd, &player);

    bd.shape2.type = FC_SHAPE2_OBB;                 /* a wall rotated by 30 degrees */
    bd.shape2.u.obb = fc_obb2_make(fc_vec2_make(20 << 16, 10 << 16), fc_vec2_make(1 << 16, 8 << 16),
                                   fc_angle_from_deg(30 << 16));
    fc_body_id wall;
    fc_world_create_body(w, &bd, &wall);

    for (int frame = 0; frame < 16; frame++) {
        /* inputs: the player walks right by 0.5 units a frame */
        if (fc_world_translate2(w, player, fc_vec2_make(1 << 15, 0)) != FC_OK)
            break;                                  /* rejected moves change nothing */

        const fc_pair *pairs;                       /* exact, sorted by (a, b) */
        int32_t npairs;
        fc_world_find_pairs(w, &pairs, &npairs);

        fc_shape2 skill;                            /* is anyone inside the skill area? */
        skill.type = FC_SHAPE2_CIRCLE;
        skill.u.circle = fc_circle_make(fc_vec2_make(14 << 16, 10 << 16), 3 << 16);
        const fc_body_id *hit;
        int32_t nhit;
        fc_world_overlap2(w, &skill, fc_filter_default(), &hit, &nhit);

        uint64_t sum = fc_world_checksum(w);       /* publish; clients compare */
        printf("frame %2d: %d pair(s), %d in skill area, checksum %016llx\n", frame, (int)npairs,
               (int)nhit, (unsigned long long)sum);
    }
    fc_world_destroy(w);
    /* EXAMPLE END */
    return 0;
}

int main(void)
{
    return run();
}
