/* SPDX-License-Identifier: MIT */
/* docs/mover.md: a platformer and a top-down MOBA crowd moved with the
 * mover (fixcol/mover.h). The Lua, C# and JS versions
 * (bindings/{lua,csharp,js}/examples) print exactly these lines. */
#include <fixcol/fixcol.h>

#include <stdio.h>

#define U 65536 /* one unit, raw */

static fc_body_id add_box(fc_world *w, int32_t x0, int32_t y0, int32_t x1, int32_t y1)
{
    fc_body_def bd = fc_body_def_default();
    bd.shape2.type = FC_SHAPE2_AABB;
    bd.shape2.u.aabb = fc_aabb2_make(fc_vec2_make(x0, y0), fc_vec2_make(x1, y1));
    fc_body_id id = {0, 0, 0};
    fc_world_create_body(w, &bd, &id);
    return id;
}

static void platformer(void)
{
    fc_world_def wd = fc_world_def_default();
    fc_world *w;
    if (fc_world_create(&wd, &w) != FC_OK)
        return;
    add_box(w, 0, 9 * U, 40 * U, 10 * U);                  /* the floor, top at y = 10 */
    add_box(w, 13 * U, 10 * U, 16 * U, 10 * U + U / 4);    /* a step 0.25 high */
    add_box(w, 19 * U, 10 * U, 20 * U, 14 * U);            /* a wall */
    fc_body_id hero = add_box(w, 10 * U, 10 * U + 64, 10 * U + U / 2, 11 * U + 64);
    fc_mover_def md = fc_mover_def_default();               /* up +y, 45 degree slopes, skin 16 raw */
    md.step_height = U * 3 / 10;
    md.snap_distance = U / 8;
    int32_t vy = 0;
    for (int frame = 0; frame < 60; frame++) {
        if (frame == 40)
            vy = U / 3;                                     /* jump */
        vy -= U / 64;                                       /* gravity */
        fc_mover2_result r;
        if (fc_world_move2(w, hero, fc_vec2_make(U / 5, vy), &md, &r) != FC_OK)
            break;
        if ((r.flags & FC_MOVER_GROUNDED) || ((r.flags & FC_MOVER_CEILING) && vy > 0))
            vy = 0;
        fc_shape2 s;
        fc_world_get_shape2(w, hero, &s);
        printf("platformer %2d: x %d y %d flags %d\n", frame, (int)s.u.aabb.min.x, (int)s.u.aabb.min.y,
               (int)r.flags);
    }
    fc_world_destroy(w);
}

static void moba(void)
{
    fc_world_def wd = fc_world_def_default();
    fc_world *w;
    if (fc_world_create(&wd, &w) != FC_OK)
        return;
    add_box(w, 30 * U, 30 * U, 31 * U, 34 * U);             /* two pillars in the middle */
    add_box(w, 33 * U, 30 * U, 34 * U, 34 * U);
    fc_body_id heroes[12];
    int32_t tx[12], ty[12];
    for (int i = 0; i < 12; i++) {                          /* a ring; each walks to the far side */
        int32_t x = 32 * U + (i % 4 - 2) * 5 * U, y = 32 * U + (i / 4 - 1) * 9 * U;
        fc_body_def bd = fc_body_def_default();
        bd.shape2.type = FC_SHAPE2_CIRCLE;
        bd.shape2.u.circle = fc_circle_make(fc_vec2_make(x, y), U / 2);
        fc_world_create_body(w, &bd, &heroes[i]);
        tx[i] = 64 * U - x, ty[i] = 64 * U - y;
    }
    fc_mover_def md = fc_mover_def_default();               /* top-down: no gravity, no snap, no steps */
    for (int frame = 0; frame < 40; frame++) {
        for (int i = 0; i < 12; i++) {                      /* canonical order: by id */
            fc_shape2 s;
            fc_world_get_shape2(w, heroes[i], &s);
            int32_t dx = tx[i] - s.u.circle.center.x, dy = ty[i] - s.u.circle.center.y;
            dx = dx > U / 4 ? U / 4 : dx < -U / 4 ? -U / 4 : dx; /* speed 0.25 per axis */
            dy = dy > U / 4 ? U / 4 : dy < -U / 4 ? -U / 4 : dy;
            fc_mover2_result r;
            fc_world_move2(w, heroes[i], fc_vec2_make(dx, dy), &md, &r);
        }
        printf("moba %2d: checksum %016llx\n", frame, (unsigned long long)fc_world_checksum(w));
    }
    fc_world_destroy(w);
}

int main(void)
{
    platformer();
    moba();
    return 0;
}
