/* SPDX-License-Identifier: MIT */
/* Every public function taking a world handles a NULL world as world.h
 * says (FC_ERR_NULL, or the documented empty answer for the calls without
 * a status) and a NULL output pointer with FC_ERR_NULL. The list of calls
 * checked is compared with world.h itself (argv[1]): every FC_API function
 * there that takes an fc_world pointer must be covered here.
 * --break expects fc_world_get_dim(NULL) to say FC_WORLD_2D: must fail. */
#include "testutil.h"

#include <fixcol/world.h>

#include <stdlib.h>
#include <string.h>

static const char *covered[] = {
    "fc_world_create", "fc_world_destroy", "fc_world_get_dim", "fc_world_create_body", "fc_world_destroy_body",
    "fc_world_body_valid", "fc_world_body_count", "fc_world_set_shape2", "fc_world_set_shape3",
    "fc_world_translate2", "fc_world_translate3", "fc_world_set_angle2", "fc_world_set_filter",
    "fc_world_set_user_data", "fc_world_get_shape2", "fc_world_get_shape3", "fc_world_get_filter",
    "fc_world_get_user_data", "fc_world_get_bounds", "fc_world_find_pairs", "fc_world_overlap2",
    "fc_world_overlap3", "fc_world_point2", "fc_world_point3", "fc_world_raycast2", "fc_world_raycast3",
    "fc_world_raycast2_all", "fc_world_raycast3_all", "fc_world_checksum", "fc_world_snapshot",
    "fc_world_restore", "fc_world_validate", "fc_world_broadphase_stats", "fc_world_pair_events",
    "fc_world_find_contacts2", "fc_world_find_contacts3", NULL};

/* Every "FC_API ... name(... fc_world *" declaration of world.h must be in
 * covered[] (fc_world_create takes fc_world ** and is checked below too). */
static void check_header_coverage(const char *path)
{
    FILE *f = fopen(path, "r");
    TU_CHECK(f != NULL, "cannot open %s", path);
    if (f == NULL)
        return;
    char line[512];
    int found = 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "FC_API ", 7) != 0)
            continue;
        char *paren = strchr(line, '(');
        if (paren == NULL || strstr(paren, "fc_world *") == NULL)
            continue;
        char *name = paren;
        while (name > line && name[-1] != ' ' && name[-1] != '*')
            name--;
        *paren = '\0';
        int ok = 0;
        for (int i = 0; covered[i]; i++)
            ok |= strcmp(covered[i], name) == 0;
        TU_CHECK(ok, "world.h declares %s taking a world, which this test does not call with NULL", name);
        found++;
    }
    fclose(f);
    TU_CHECK(found >= 30, "only %d world functions found in %s", found, path);
}

int main(int argc, char **argv)
{
    int brk = argc > 2 && strcmp(argv[2], "--break") == 0;
    if (argc > 1)
        check_header_coverage(argv[1]);
    fc_world *w = NULL;
    fc_body_id id = {0, 1, 1};
    fc_body_def bd = fc_body_def_default();
    fc_shape2 s2 = bd.shape2;
    fc_shape3 s3 = bd.shape3;
    fc_filter f = fc_filter_default();
    fc_shape2 o2;
    fc_shape3 o3;
    fc_filter of;
    uint64_t ou;
    int32_t mn[3], mx[3], n;
    const fc_pair *pairs, *ended;
    const fc_contact2_result *c2;
    const fc_contact3_result *c3;
    int32_t ne;
    const fc_body_id *ids;
    const fc_ray_hit *hits;
    fc_ray_hit hit;
    int h;
    fc_ray2 r2 = {fc_vec2_make(0, 0), fc_vec2_make(fix16_one, 0)};
    fc_ray3 r3 = {fc_vec3_make(0, 0, 0), fc_vec3_make(fix16_one, 0, 0)};
    size_t size;
    unsigned char blob[64] = {0};

    fc_world_destroy(NULL);
    TU_CHECK(fc_world_get_dim(NULL) == (brk ? FC_WORLD_2D : (fc_world_dim)0), "get_dim(NULL)");
    TU_CHECK(fc_world_create_body(NULL, &bd, &id) == FC_ERR_NULL, "create_body");
    TU_CHECK(fc_world_destroy_body(NULL, id) == FC_ERR_NULL, "destroy_body");
    TU_CHECK(fc_world_body_valid(NULL, id) == 0, "body_valid");
    TU_CHECK(fc_world_body_count(NULL) == 0, "body_count");
    TU_CHECK(fc_world_set_shape2(NULL, id, &s2) == FC_ERR_NULL, "set_shape2");
    TU_CHECK(fc_world_set_shape3(NULL, id, &s3) == FC_ERR_NULL, "set_shape3");
    TU_CHECK(fc_world_translate2(NULL, id, fc_vec2_make(1, 1)) == FC_ERR_NULL, "translate2");
    TU_CHECK(fc_world_translate3(NULL, id, fc_vec3_make(1, 1, 1)) == FC_ERR_NULL, "translate3");
    TU_CHECK(fc_world_set_angle2(NULL, id, 5) == FC_ERR_NULL, "set_angle2");
    TU_CHECK(fc_world_set_filter(NULL, id, f) == FC_ERR_NULL, "set_filter");
    TU_CHECK(fc_world_set_user_data(NULL, id, 1) == FC_ERR_NULL, "set_user_data");
    TU_CHECK(fc_world_get_shape2(NULL, id, &o2) == FC_ERR_NULL, "get_shape2");
    TU_CHECK(fc_world_get_shape3(NULL, id, &o3) == FC_ERR_NULL, "get_shape3");
    TU_CHECK(fc_world_get_filter(NULL, id, &of) == FC_ERR_NULL, "get_filter");
    TU_CHECK(fc_world_get_user_data(NULL, id, &ou) == FC_ERR_NULL, "get_user_data");
    TU_CHECK(fc_world_get_bounds(NULL, id, mn, mx) == FC_ERR_NULL, "get_bounds");
    TU_CHECK(fc_world_find_pairs(NULL, &pairs, &n) == FC_ERR_NULL, "find_pairs");
    TU_CHECK(fc_world_pair_events(NULL, &pairs, &n, &ended, &ne) == FC_ERR_NULL, "pair_events");
    TU_CHECK(fc_world_find_contacts2(NULL, &pairs, &c2, &n) == FC_ERR_NULL, "find_contacts2");
    TU_CHECK(fc_world_find_contacts3(NULL, &pairs, &c3, &n) == FC_ERR_NULL, "find_contacts3");
    TU_CHECK(fc_world_overlap2(NULL, &s2, f, &ids, &n) == FC_ERR_NULL, "overlap2");
    TU_CHECK(fc_world_overlap3(NULL, &s3, f, &ids, &n) == FC_ERR_NULL, "overlap3");
    TU_CHECK(fc_world_point2(NULL, fc_vec2_make(0, 0), f, &ids, &n) == FC_ERR_NULL, "point2");
    TU_CHECK(fc_world_point3(NULL, fc_vec3_make(0, 0, 0), f, &ids, &n) == FC_ERR_NULL, "point3");
    TU_CHECK(fc_world_raycast2(NULL, &r2, f, &hit, &h) == FC_ERR_NULL, "raycast2");
    TU_CHECK(fc_world_raycast3(NULL, &r3, f, &hit, &h) == FC_ERR_NULL, "raycast3");
    TU_CHECK(fc_world_raycast2_all(NULL, &r2, f, &hits, &n) == FC_ERR_NULL, "raycast2_all");
    TU_CHECK(fc_world_raycast3_all(NULL, &r3, f, &hits, &n) == FC_ERR_NULL, "raycast3_all");
    TU_CHECK(fc_world_checksum(NULL) == 0, "checksum");
    TU_CHECK(fc_world_snapshot(NULL, NULL, 0, &size) == FC_ERR_NULL, "snapshot");
    TU_CHECK(fc_world_restore(NULL, blob, sizeof blob) == FC_ERR_NULL, "restore");
    TU_CHECK(fc_world_validate(NULL) == FC_ERR_NULL, "validate");
    fc_qt_stats st = fc_world_broadphase_stats(NULL);
    TU_CHECK(st.nodes == 0 && st.max_node_items == 0 && st.root_items == 0 && st.deepest == 0, "broadphase_stats");

    /* NULL outputs and arguments on a real world */
    fc_world_def d = fc_world_def_default();
    TU_CHECK(fc_world_create(NULL, &w) == FC_ERR_NULL && w == NULL, "create(NULL def)");
    TU_CHECK(fc_world_create(&d, NULL) == FC_ERR_NULL, "create(NULL out)");
    TU_CHECK(fc_world_create(&d, &w) == FC_OK, "create");
    TU_CHECK(fc_world_create_body(w, NULL, &id) == FC_ERR_NULL, "create_body(NULL def)");
    TU_CHECK(fc_world_create_body(w, &bd, NULL) == FC_ERR_NULL, "create_body(NULL out)");
    TU_CHECK(fc_world_create_body(w, &bd, &id) == FC_OK, "create_body");
    TU_CHECK(fc_world_set_shape2(w, id, NULL) == FC_ERR_NULL, "set_shape2(NULL)");
    TU_CHECK(fc_world_get_shape2(w, id, NULL) == FC_ERR_NULL, "get_shape2(NULL)");
    TU_CHECK(fc_world_get_filter(w, id, NULL) == FC_ERR_NULL, "get_filter(NULL)");
    TU_CHECK(fc_world_get_user_data(w, id, NULL) == FC_ERR_NULL, "get_user_data(NULL)");
    TU_CHECK(fc_world_get_bounds(w, id, NULL, mx) == FC_ERR_NULL, "get_bounds(NULL min)");
    TU_CHECK(fc_world_get_bounds(w, id, mn, NULL) == FC_ERR_NULL, "get_bounds(NULL max)");
    TU_CHECK(fc_world_find_pairs(w, NULL, &n) == FC_ERR_NULL, "find_pairs(NULL pairs)");
    TU_CHECK(fc_world_find_pairs(w, &pairs, NULL) == FC_ERR_NULL, "find_pairs(NULL count)");
    TU_CHECK(fc_world_pair_events(w, NULL, &n, &ended, &ne) == FC_ERR_NULL, "pair_events(NULL began)");
    TU_CHECK(fc_world_pair_events(w, &pairs, NULL, &ended, &ne) == FC_ERR_NULL, "pair_events(NULL nbegan)");
    TU_CHECK(fc_world_pair_events(w, &pairs, &n, NULL, &ne) == FC_ERR_NULL, "pair_events(NULL ended)");
    TU_CHECK(fc_world_pair_events(w, &pairs, &n, &ended, NULL) == FC_ERR_NULL, "pair_events(NULL nended)");
    TU_CHECK(fc_world_find_contacts2(w, NULL, &c2, &n) == FC_ERR_NULL, "find_contacts2(NULL pairs)");
    TU_CHECK(fc_world_find_contacts2(w, &pairs, NULL, &n) == FC_ERR_NULL, "find_contacts2(NULL contacts)");
    TU_CHECK(fc_world_find_contacts2(w, &pairs, &c2, NULL) == FC_ERR_NULL, "find_contacts2(NULL count)");
    TU_CHECK(fc_world_find_contacts3(w, &pairs, &c3, &n) == FC_ERR_SHAPE_TYPE, "find_contacts3 on a 2D world");
    TU_CHECK(fc_world_overlap2(w, NULL, f, &ids, &n) == FC_ERR_NULL, "overlap2(NULL shape)");
    TU_CHECK(fc_world_overlap2(w, &s2, f, NULL, &n) == FC_ERR_NULL, "overlap2(NULL ids)");
    TU_CHECK(fc_world_point2(w, fc_vec2_make(0, 0), f, &ids, NULL) == FC_ERR_NULL, "point2(NULL count)");
    TU_CHECK(fc_world_raycast2(w, NULL, f, &hit, &h) == FC_ERR_NULL, "raycast2(NULL ray)");
    TU_CHECK(fc_world_raycast2(w, &r2, f, &hit, NULL) == FC_ERR_NULL, "raycast2(NULL hit)");
    TU_CHECK(fc_world_raycast2_all(w, &r2, f, NULL, &n) == FC_ERR_NULL, "raycast2_all(NULL hits)");
    TU_CHECK(fc_world_snapshot(w, NULL, 0, NULL) == FC_ERR_NULL, "snapshot(NULL size)");
    TU_CHECK(fc_world_restore(w, NULL, 64) == FC_ERR_NULL, "restore(NULL buf)");
    TU_CHECK(fc_world_validate(w) == FC_OK && fc_world_body_count(w) == 1, "world unchanged by the NULL calls");
    fc_world_destroy(w);
    return tu_finish(brk ? "world NULL handling (--break)" : "world NULL handling");
}
