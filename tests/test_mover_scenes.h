/* SPDX-License-Identifier: MIT */
/* test_mover.c's adversarial scenes (included there): every scene also
 * runs the oracle checks of check2. */
#ifndef FIXCOL_TEST_MOVER_SCENES_H
#define FIXCOL_TEST_MOVER_SCENES_H

/* Move s in a world of the n bodies; the result, checked by check2. */
static fc_mover2_result scene_move(const fc_shape2 *bodies, int n, fc_shape2 s, fc_vec2 d, const fc_mover_def *def,
                                   const char *what)
{
    fc_world *w = world2(5);
    for (int i = 0; i < n; i++)
        add2(w, bodies[i]);
    fc_mover2_result r;
    memset(&r, 0, sizeof r);
    TU_CHECK(fc_world_move_shape2(w, &s, d, def, &r) == FC_OK, "%s: move", what);
    check2(&s, d, bodies, n, &r, what);
    fc_world_destroy(w);
    return r;
}

static void corners(void)
{
    fc_mover_def def = fc_mover_def_default();
    def.max_iterations = 8;
    const fc_shape2 floor = mo_box(-20 * U, -U, 20 * U, 0);
    fc_shape2 right[2] = {floor, mo_box(5 * U, 0, 6 * U, 10 * U)};
    fc_shape2 acute[2] = {floor, mo_tri(3 * U, 0, 10 * U, 4 * U, 3 * U, 4 * U)};
    fc_shape2 obtuse[2] = {floor, mo_tri(3 * U, 0, 10 * U, 0, 10 * U, 4 * U)};
    for (int kind = 0; kind < 3; kind++) {
        uint64_t rng = 7 + (uint64_t)kind;
        fc_shape2 s = mover_shape(&rng, kind, 0, 2 * U);
        fc_mover2_result r = scene_move(right, 2, s, fc_vec2_make(10 * U, -3 * U), &def, "right corner");
        TU_CHECK((r.flags & FC_MOVER_WALL) && (r.flags & FC_MOVER_GROUNDED), "right corner: flags %d", (int)r.flags);
        scene_move(acute, 2, mo_shift2(s, 9 * U, 0), fc_vec2_make(-12 * U, -3 * U), &def, "acute corner");
        r = scene_move(obtuse, 2, s, fc_vec2_make(10 * U, -2 * U), &def, "obtuse corner");
        TU_CHECK(r.moved.x > 3 * U, "obtuse corner: did not slide up the ramp (moved %d)", (int)r.moved.x);
    }
}

static void corridors(void)
{
    fc_mover_def def = fc_mover_def_default();
    const int64_t r = U / 2;
    for (int kind = 0; kind < 2; kind++) {
        for (int g = -1; g <= 1; g++) { /* gap each side: width 2r + 2g */
            fc_shape2 walls[2] = {mo_box(-10 * U, 0, -r - g, 10 * U), mo_box(r + g, 0, 10 * U, 10 * U)};
            fc_shape2 s = kind == 0 ? mo_circle(0, -2 * U, r) : mo_box(-r, -3 * U, r, -2 * U);
            fc_vec2 d = fc_vec2_make(0, 15 * U);
            fc_mover2_result m = scene_move(walls, 2, s, d, &def, g > 0 ? "corridor 1 raw wider" : g == 0 ? "corridor exactly the width" : "corridor 1 raw narrower");
            if (g > 0)
                TU_CHECK(m.moved.x == 0 && m.moved.y == 15 * U && m.touch_count == 0, "wider corridor: not passed");
            else
                TU_CHECK(m.moved.y < 2 * U, "corridor of width %s: entered (moved %d)", g ? "-1" : "0", (int)m.moved.y);
        }
    }
}

static void stairs(void)
{
    fc_mover_def def = fc_mover_def_default();
    def.step_height = U / 4;
    const int64_t r = U / 2;
    for (int over = 0; over <= 1; over++) {
        int64_t top = def.step_height - 1 + over; /* the mover's bottom is at 0 */
        fc_shape2 level[2] = {mo_box(-20 * U, -U, 20 * U, -1), mo_box(2 * U, -U, 10 * U, top)};
        fc_shape2 s = mo_box(-r, 0, r, 3 * r);
        fc_mover2_result m = scene_move(level, 2, s, fc_vec2_make(4 * U, 0), &def, over ? "step 1 raw higher" : "step just under the height");
        if (!over)
            TU_CHECK((m.flags & FC_MOVER_STEPPED) && m.moved.x > 2 * U, "step of height-1 not climbed (flags %d, x %d)",
                     (int)m.flags, (int)m.moved.x);
        else
            TU_CHECK(!(m.flags & FC_MOVER_STEPPED) && m.moved.x <= 2 * U - r, "step at the height climbed");
    }
}

static void slopes(void)
{
    fc_mover_def def = fc_mover_def_default(); /* limit (1, 1): 45 degrees */
    const int64_t K = 4 * U;
    for (int e = -1; e <= 1; e++) {
        fc_shape2 slope = mo_tri(0, 0, K, 0, K, K + e);
        fc_shape2 s = mo_circle(2 * U, 6 * U, U / 2);
        fc_mover2_result m = scene_move(&slope, 1, s, fc_vec2_make(0, -8 * U), &def, "slope");
        TU_CHECK(m.touch_count >= 1, "slope not touched");
        int ground = m.touch_count >= 1 && m.touches[0].kind == FC_MOVER_TOUCH_GROUND;
        TU_CHECK(ground == (e <= 0), "slope at the limit %+d raw: kind %d", e, m.touch_count ? (int)m.touches[0].kind : -1);
    }
}

static void platform_and_crowd(void)
{
    fc_world *w = world2(5);
    fc_body_id plat = add2(w, mo_box(-2 * U, -U, 2 * U, 0));
    fc_body_id man = add2(w, mo_circle(0, U / 2 + 1, U / 2));
    TU_CHECK(fc_world_translate2(w, plat, fc_vec2_make(0, U / 4)) == FC_OK, "platform up");
    fc_mover_def def = fc_mover_def_default();
    fc_mover2_result r;
    TU_CHECK(fc_world_move2(w, man, fc_vec2_make(U / 8, -U / 16), &def, &r) == FC_OK, "mover on platform");
    fc_shape2 a, b;
    fc_world_get_shape2(w, plat, &a);
    fc_world_get_shape2(w, man, &b);
    TU_CHECK((r.flags & FC_MOVER_STARTED_OVERLAP) && !oracle_overlap(&a, &b), "platform: not pushed out first");
    /* errors change nothing */
    uint64_t sum = fc_world_checksum(w);
    fc_mover_def bad = def;
    bad.max_iterations = 0;
    TU_CHECK(fc_world_move2(w, man, fc_vec2_make(U, 0), &bad, &r) == FC_ERR_ARGUMENT, "bad iterations");
    bad = def, bad.up_axis = 2;
    TU_CHECK(fc_world_move2(w, man, fc_vec2_make(U, 0), &bad, &r) == FC_ERR_ARGUMENT, "z up in 2D");
    bad = def, bad.slope_run = 0;
    TU_CHECK(fc_world_move2(w, man, fc_vec2_make(U, 0), &bad, &r) == FC_ERR_ARGUMENT, "run 0");
    bad = def, bad.query.exclude_count = 2;
    TU_CHECK(fc_world_move2(w, man, fc_vec2_make(U, 0), &bad, &r) == FC_ERR_NULL, "NULL exclude");
    TU_CHECK(fc_world_move2(w, man, fc_vec2_make(FC_COORD_LIMIT + 1, 0), &def, &r) == FC_ERR_RANGE, "desired range");
    TU_CHECK(fc_world_move2(NULL, man, fc_vec2_make(U, 0), &def, &r) == FC_ERR_NULL, "NULL world");
    TU_CHECK(fc_world_move3(w, man, fc_vec3_make(U, 0, 0), &def, NULL) == FC_ERR_NULL, "NULL out");
    fc_mover3_result r3;
    TU_CHECK(fc_world_move3(w, man, fc_vec3_make(U, 0, 0), &def, &r3) == FC_ERR_SHAPE_TYPE, "3D on 2D");
    fc_world_destroy_body(w, plat);
    sum = fc_world_checksum(w);
    TU_CHECK(fc_world_move2(w, plat, fc_vec2_make(U, 0), &def, &r) == FC_ERR_STALE_ID, "stale id");
    TU_CHECK(fc_world_checksum(w) == sum, "an error changed the world");
    fc_world_destroy(w);

    /* a crowd: 36 circles converge on the centre, moved in index order, 12 frames */
    w = world2(5);
    fc_body_id ids[36];
    for (int i = 0; i < 36; i++)
        ids[i] = add2(w, mo_circle((i % 6 - 3) * 3 * U, (i / 6 - 3) * 3 * U, U));
    for (int f = 0; f < 12; f++) {
        for (int i = 0; i < 36; i++) {
            fc_shape2 s;
            fc_world_get_shape2(w, ids[i], &s);
            fc_vec2 d = fc_vec2_make(-s.u.circle.center.x / 4, -s.u.circle.center.y / 4);
            TU_CHECK(fc_world_move2(w, ids[i], d, &def, &r) == FC_OK, "crowd move");
        }
        for (int i = 0; i < 36; i++)
            for (int j = i + 1; j < 36; j++) {
                fc_shape2 p, q;
                fc_world_get_shape2(w, ids[i], &p);
                fc_world_get_shape2(w, ids[j], &q);
                TU_CHECK(!oracle_overlap(&p, &q), "crowd frame %d: %d and %d overlap", f, i, j);
            }
    }
    fc_world_destroy(w);
}

static void scenes(void)
{
    corners();
    corridors();
    stairs();
    slopes();
    platform_and_crowd();
}

#endif
