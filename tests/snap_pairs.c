/* SPDX-License-Identifier: MIT */
/* snap_pairs DIR: writes pairs of snapshot blobs that differ in one way
 * each, DIR/KIND.a and DIR/KIND.b, and DIR/KIND.want, the lines
 * fixcol-replay snapdiff must print for it (before "differences N") (tests/check_snapdiff.py). */
#include <fixcol/desync.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define U 65536

static int failed;

static fc_world *base(uint32_t tag)
{
    fc_world_def def = fc_world_def_default();
    def.tag = tag;
    fc_world *w = NULL;
    if (fc_world_create(&def, &w) != FC_OK)
        exit(2);
    fc_body_def bd = fc_body_def_default();
    for (int i = 0; i < 8; i++) {
        fc_body_id id;
        bd.shape2.u.circle = fc_circle_make(fc_vec2_make(i * 3 * U, U), U);
        bd.user_data = (uint64_t)i;
        if (fc_world_create_body(w, &bd, &id) != FC_OK)
            exit(2);
    }
    fc_body_id a = {6, 1, tag}, b = {2, 1, tag};
    if (fc_world_destroy_body(w, a) != FC_OK || fc_world_destroy_body(w, b) != FC_OK) /* free list: 2 on top, 6 */
        exit(2);
    return w;
}

static void save(const char *dir, const char *kind, const char *ext, const fc_world *w)
{
    char path[512];
    size_t n = 0;
    fc_world_snapshot(w, NULL, 0, &n);
    unsigned char *p = (unsigned char *)malloc(n);
    snprintf(path, sizeof path, "%s/%s.%s", dir, kind, ext);
    FILE *f = fopen(path, "wb");
    if (!p || !f || fc_world_snapshot(w, p, n, &n) != FC_OK || fwrite(p, 1, n, f) != n)
        failed = 1;
    if (f)
        fclose(f);
    free(p);
}

/* a NULL: the base world. */
static void pair(const char *dir, const char *kind, fc_world *a, fc_world *b, const char *want)
{
    if (a == NULL)
        a = base(1);
    char path[512];
    save(dir, kind, "a", a);
    save(dir, kind, "b", b);
    snprintf(path, sizeof path, "%s/%s.want", dir, kind);
    FILE *f = fopen(path, "w");
    if (!f || fputs(want, f) < 0)
        failed = 1;
    if (f)
        fclose(f);
    fc_world_destroy(a);
    fc_world_destroy(b);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: snap_pairs DIR\n");
        return 2;
    }
    const char *dir = argv[1];
    fc_body_id id1 = {1, 1, 1}, id3 = {3, 1, 1}, id4 = {4, 1, 1}, id5 = {5, 1, 1};
    fc_body_def bd = fc_body_def_default();
    fc_body_id got;
    fc_world *b;

    b = base(1);
    fc_world_translate2(b, id1, fc_vec2_make(1, 0));
    pair(dir, "move", NULL, b, "slot 1: body 1:1 center.x: 3 vs 3.0000152587890625\n");

    b = base(1);
    fc_filter f = {1u, 0xFFFFFFFDu};
    fc_world_set_filter(b, id1, f);
    pair(dir, "filter", NULL, b, "slot 1: body 1:1 mask: 0xffffffff vs 0xfffffffd\n");

    b = base(1);
    fc_shape2 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE2_AABB;
    s.u.aabb = fc_aabb2_make(fc_vec2_make(0, 0), fc_vec2_make(U, U));
    fc_world_set_shape2(b, id3, &s);
    pair(dir, "shape", NULL, b, "slot 3: body 3:1 shape: circle vs aabb\n");

    b = base(1);
    fc_world_set_user_data(b, id4, 1234);
    pair(dir, "user", NULL, b, "slot 4: body 4:1 user_data: 4 vs 1234\n");

    b = base(1);
    fc_world_destroy_body(b, id5);
    pair(dir, "missing", NULL, b, "slot 5: body 5:1 vs free (generation 2)\nfreelist: position 0: slot 2 vs slot 5\n");

    b = base(1);
    fc_world_create_body(b, &bd, &got);
    pair(dir, "extra", NULL, b, "slot 2: free (generation 2) vs body 2:2\nfreelist: position 0: slot 2 vs slot 6\n");

    b = base(1);
    fc_world_create_body(b, &bd, &got);
    fc_world_create_body(b, &bd, &got);
    fc_world_create_body(b, &bd, &got);
    pair(dir, "extra_new_slot", NULL, b,
         "slot 2: free (generation 2) vs body 2:2\nslot 6: free (generation 2) vs body 6:2\n"
         "slot 8: unused vs body 8:1\nfreelist: position 0: slot 2 vs none\n");

    b = base(1);
    fc_world_destroy_body(b, id4);
    fc_world_create_body(b, &bd, &got);
    fc_world_set_user_data(b, got, 4);
    pair(dir, "generation", NULL, b, "slot 4: body 4:1 vs body 4:2\n");

    b = base(1);
    fc_world_create_body(b, &bd, &got);
    fc_world_destroy_body(b, got);
    pair(dir, "freed_generation", NULL, b, "slot 2: free (generation 2) vs free (generation 3)\n");

    /* the same free slots and generations, freed in the other order */
    fc_world *a = base(1);
    b = base(1);
    fc_body_id top, next;
    fc_world_create_body(a, &bd, &top);
    fc_world_create_body(a, &bd, &next);
    fc_world_destroy_body(a, top);
    fc_world_destroy_body(a, next);
    fc_world_create_body(b, &bd, &top);
    fc_world_create_body(b, &bd, &next);
    fc_world_destroy_body(b, next);
    fc_world_destroy_body(b, top);
    pair(dir, "freelist", a, b, "freelist: position 0: slot 6 vs slot 2\n");

    b = base(7);
    pair(dir, "setting", NULL, b, "world tag: 1 vs 7\n");
    return failed ? 1 : 0;
}
