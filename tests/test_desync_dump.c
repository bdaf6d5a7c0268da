/* SPDX-License-Identifier: MIT */
/* The canonical world dump and the world / snapshot diff (fixcol/desync.h):
 * golden dumps of a 2D world (every 2D shape, negative and fractional
 * values, a filter, user data, free slots, the free list) and a 3D world;
 * the buffer rules (size query, FC_ERR_BUFFER without writing past cap);
 * a restored copy dumps the same bytes; one-slot lines; the diff names
 * each kind of difference with its exact line (a 1-raw move, a filter bit,
 * a shape type, user data, a missing and an extra body, a live body's and a
 * freed slot's generation, a setting, the free-list order); snapshot diff
 * of equal blobs, of differing blobs, and of malformed blobs (which one).
 *
 * The 3D world holds a capsule3 (issue 29): its golden line names a, b,
 * radius; the diff and the snapshot diff name a changed capsule field.
 *
 * --break: the golden 2D world gets one coordinate 1 raw off; the golden
 * dump must then not match and the test must fail. --break-capsule3: the
 * golden 3D world's capsule has b.z 1 raw off: the capsule checks fail. */
#include <fixcol/desync.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define U 65536

static int g_break, g_break_cap3;

static fc_world *world(fc_world_dim dim)
{
    fc_world_def def = fc_world_def_default();
    def.dim = dim;
    fc_world *w = NULL;
    TU_CHECK(fc_world_create(&def, &w) == FC_OK, "create world");
    return w;
}

static fc_body_id add2(fc_world *w, fc_shape2 s, fc_filter f, uint64_t user)
{
    fc_body_def bd = fc_body_def_default();
    bd.shape2 = s;
    bd.filter = f;
    bd.user_data = user;
    fc_body_id id;
    memset(&id, 0, sizeof id);
    TU_CHECK(fc_world_create_body(w, &bd, &id) == FC_OK, "create body");
    return id;
}

/* The whole dump as a malloc'ed NUL-terminated string. */
static char *dump(const fc_world *w)
{
    size_t n = 0;
    TU_CHECK(fc_world_dump(w, NULL, 0, &n) == FC_OK, "size query");
    char *s = (char *)malloc(n + 1);
    size_t m = 0;
    TU_CHECK(s && fc_world_dump(w, s, n, &m) == FC_OK && m == n, "dump");
    s[n] = '\0';
    return s;
}

static char *diff(const fc_world *a, const fc_world *b, uint32_t *count)
{
    size_t n = 0;
    TU_CHECK(fc_world_diff(a, b, NULL, 0, &n, count) == FC_OK, "diff size");
    char *s = (char *)malloc(n + 1);
    size_t m = 0;
    TU_CHECK(s && fc_world_diff(a, b, s, n, &m, count) == FC_OK && m == n, "diff");
    s[n] = '\0';
    return s;
}

static fc_shape2 circle(int32_t x, int32_t y, int32_t r)
{
    fc_shape2 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE2_CIRCLE;
    s.u.circle = fc_circle_make(fc_vec2_make(x, y), r);
    return s;
}

/* The golden 3D world: bodies 0..3 sphere, aabb, obb, capsule
 * (--break-capsule3: the capsule's b.z 1 raw off). */
static fc_world *golden3(void)
{
    fc_world *w = world(FC_WORLD_3D);
    fc_body_def bd = fc_body_def_default();
    fc_vec3 c0 = {U, -U, U / 4}, h = {U, 2 * U, 3 * U}, lo = {-U, 0, 0}, hi = {0, U, 1};
    TU_CHECK(fc_sphere_make(c0, U / 8, &bd.shape3.u.sphere) == FC_OK, "sphere");
    bd.shape3.type = FC_SHAPE3_SPHERE;
    fc_body_id id;
    TU_CHECK(fc_world_create_body(w, &bd, &id) == FC_OK, "3D body");
    bd.shape3.type = FC_SHAPE3_AABB;
    TU_CHECK(fc_aabb3_make(lo, hi, &bd.shape3.u.aabb) == FC_OK && fc_world_create_body(w, &bd, &id) == FC_OK, "aabb3");
    bd.shape3.type = FC_SHAPE3_OBB;
    TU_CHECK(fc_obb3_from_euler(c0, h, 0, 0, 0, &bd.shape3.u.obb) == FC_OK && fc_world_create_body(w, &bd, &id) == FC_OK,
             "obb3");
    bd.shape3.type = FC_SHAPE3_CAPSULE;
    fc_vec3 a = {-2 * U, U / 2, -U / 4}, b = {3 * U, U / 2, -3 * U / 2 + g_break_cap3};
    TU_CHECK(fc_capsule3_make(a, b, 3 * U / 4, &bd.shape3.u.capsule) == FC_OK &&
                 fc_world_create_body(w, &bd, &id) == FC_OK && id.index == 3,
             "capsule3");
    return w;
}

/* Bodies 0..4: circle, aabb (filter, user data), obb, capsule, triangle;
 * 5 and 6 destroyed (free list: 6 on top, then 5). */
static fc_world *golden2(void)
{
    fc_world *w = world(FC_WORLD_2D);
    fc_filter f = {2u, 0xFFFFFFFEu};
    add2(w, circle(10 * U, -5 * U / 2 + (g_break ? 1 : 0), U), fc_filter_default(), 0);
    fc_shape2 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE2_AABB;
    s.u.aabb = fc_aabb2_make(fc_vec2_make(-5 * U / 4, 0), fc_vec2_make(3 * U, 1));
    add2(w, s, f, 77);
    s.type = FC_SHAPE2_OBB;
    s.u.obb = fc_obb2_make(fc_vec2_make(0, 0), fc_vec2_make(U, 2 * U), 16384);
    add2(w, s, fc_filter_default(), 18446744073709551615ull);
    s.type = FC_SHAPE2_CAPSULE;
    s.u.capsule = fc_capsule2_make(fc_vec2_make(0, 0), fc_vec2_make(5 * U, 0), U / 2);
    add2(w, s, fc_filter_default(), 0);
    const fc_vec2 tri[3] = {{0, 0}, {2 * U, 0}, {0, 2 * U}};
    s.type = FC_SHAPE2_POLY;
    s.u.poly = fc_poly2_make(tri, 3);
    add2(w, s, fc_filter_default(), 0);
    fc_body_id a = add2(w, circle(0, 0, U), fc_filter_default(), 0);
    fc_body_id b = add2(w, circle(0, 0, U), fc_filter_default(), 0);
    TU_CHECK(fc_world_destroy_body(w, a) == FC_OK && fc_world_destroy_body(w, b) == FC_OK, "destroy");
    return w;
}

static void golden_dumps(void)
{
    fc_world *w = golden2();
    char want[2048];
    snprintf(want, sizeof want,
             "fixcol-dump 1\n"
             "world dim 2 tag 1 bounds 0 0 log2 10 depth 5 layout loose\n"
             "slots 7 live 5 free 2 checksum 0x%016llx\n"
             "body 0 1 cat 0x00000001 mask 0xffffffff user 0 circle center 10 -2.5 radius 1\n"
             "body 1 1 cat 0x00000002 mask 0xfffffffe user 77 aabb min -1.25 0 max 3 0.0000152587890625\n"
             "body 2 1 cat 0x00000001 mask 0xffffffff user 18446744073709551615 obb center 0 0 half 1 2 angle 16384\n"
             "body 3 1 cat 0x00000001 mask 0xffffffff user 0 capsule a 0 0 b 5 0 radius 0.5\n"
             "body 4 1 cat 0x00000001 mask 0xffffffff user 0 poly count 3 v0 0 0 v1 2 0 v2 0 2\n"
             "free 5 2\n"
             "free 6 2\n"
             "freelist 6 5\n"
             "end\n",
             (unsigned long long)fc_world_checksum(w));
    char *got = dump(w);
    TU_CHECK(strcmp(got, want) == 0, "2D golden dump:\n%s\nwant:\n%s", got, want);

    /* buffer rules: too small -> FC_ERR_BUFFER, the size, nothing past cap */
    size_t n = strlen(want), m = 0;
    char *buf = (char *)malloc(n + 8);
    memset(buf, '#', n + 8);
    TU_CHECK(fc_world_dump(w, buf, n - 1, &m) == FC_ERR_BUFFER && m == n, "too small");
    TU_CHECK(buf[n - 1] == '#', "nothing written past cap");
    TU_CHECK(fc_world_dump(w, buf, n + 8, &m) == FC_OK && m == n && buf[n] == '#', "larger buffer, no NUL");
    TU_CHECK(fc_world_dump(NULL, buf, n, &m) == FC_ERR_NULL && fc_world_dump(w, buf, n, NULL) == FC_ERR_NULL, "NULL");

    /* one slot: the same line; past the slots "unused" */
    char line[256];
    TU_CHECK(fc_world_dump_slot(w, 1, line, sizeof line, &m) == FC_OK && m < sizeof line, "slot line");
    line[m] = '\0';
    TU_CHECK(strstr(want, line) != NULL && line[m - 1] == '\n', "slot line is the dump's: %s", line);
    TU_CHECK(fc_world_dump_slot(w, 5, line, sizeof line, &m) == FC_OK && m == 9 && memcmp(line, "free 5 2\n", 9) == 0,
             "free slot line");
    TU_CHECK(fc_world_dump_slot(w, 9, line, sizeof line, &m) == FC_OK && m == 9 && memcmp(line, "unused 9\n", 9) == 0,
             "unused slot line");
    TU_CHECK(fc_world_dump_slot(w, FC_WORLD_MAX_BODIES, line, sizeof line, &m) == FC_ERR_ARGUMENT, "index range");
    TU_CHECK(fc_world_dump_slot(w, 0, line, 4, &m) == FC_ERR_BUFFER, "slot line too small");

    /* a restored copy dumps the same bytes */
    size_t sn = 0;
    fc_world_snapshot(w, NULL, 0, &sn);
    unsigned char *blob = (unsigned char *)malloc(sn);
    fc_world *c = world(FC_WORLD_2D);
    TU_CHECK(fc_world_snapshot(w, blob, sn, &sn) == FC_OK && fc_world_restore(c, blob, sn) == FC_OK, "restore");
    char *again = dump(c);
    TU_CHECK(strcmp(got, again) == 0, "restored copy dumps the same bytes");
    free(again);
    free(blob);
    free(buf);
    free(got);
    fc_world_destroy(c);
    fc_world_destroy(w);

    /* 3D: sphere, aabb, obb, capsule */
    w = golden3();
    snprintf(want, sizeof want,
             "fixcol-dump 1\n"
             "world dim 3 tag 1 bounds 0 0 log2 10 depth 5 layout loose\n"
             "slots 4 live 4 free 0 checksum 0x%016llx\n"
             "body 0 1 cat 0x00000001 mask 0xffffffff user 0 sphere center 1 -1 0.25 radius 0.125\n"
             "body 1 1 cat 0x00000001 mask 0xffffffff user 0 aabb min -1 0 0 max 0 1 0.0000152587890625\n"
             "body 2 1 cat 0x00000001 mask 0xffffffff user 0 obb center 1 -1 0.25 half 1 2 3 axis0 1 0 0 axis1 0 1 0 "
             "axis2 0 0 1\n"
             "body 3 1 cat 0x00000001 mask 0xffffffff user 0 capsule a -2 0.5 -0.25 b 3 0.5 -1.5 radius 0.75\n"
             "freelist\n"
             "end\n",
             (unsigned long long)fc_world_checksum(w));
    got = dump(w);
    TU_CHECK(strcmp(got, want) == 0, "3D golden dump:\n%s\nwant:\n%s", got, want);
    free(got);
    fc_world_destroy(w);
}

/* ---- diff: one world changed in one way, the exact line expected */
static fc_world *copy_of(const fc_world *w)
{
    size_t n = 0;
    fc_world_snapshot(w, NULL, 0, &n);
    unsigned char *blob = (unsigned char *)malloc(n);
    fc_world *c = world(fc_world_get_dim(w));
    TU_CHECK(fc_world_snapshot(w, blob, n, &n) == FC_OK && fc_world_restore(c, blob, n) == FC_OK, "copy");
    free(blob);
    return c;
}

static void expect_diff(const char *what, const fc_world *a, const fc_world *b, const char *want, uint32_t lines)
{
    uint32_t count = 99;
    char *got = diff(a, b, &count);
    TU_CHECK(strcmp(got, want) == 0 && count == lines, "%s: got %u lines:\n%s\nwant:\n%s", what, count, got, want);
    free(got);
}

static fc_body_id id_of(uint32_t index, uint32_t gen)
{
    fc_body_id id = {index, gen, 1};
    return id;
}

static void diffs(void)
{
    fc_world *a = golden2(), *b;
    b = copy_of(a);
    expect_diff("equal worlds", a, b, "", 0);
    TU_CHECK(fc_world_translate2(b, id_of(0, 1), fc_vec2_make(1, 0)) == FC_OK, "move");
    expect_diff("1-raw move", a, b, "slot 0: body 0:1 center.x: 10 vs 10.0000152587890625\n", 1);
    fc_world_destroy(b);

    b = copy_of(a);
    fc_filter f = {2u, 0x7FFFFFFEu};
    TU_CHECK(fc_world_set_filter(b, id_of(1, 1), f) == FC_OK, "filter");
    expect_diff("filter bit", a, b, "slot 1: body 1:1 mask: 0xfffffffe vs 0x7ffffffe\n", 1);
    TU_CHECK(fc_world_set_user_data(b, id_of(1, 1), 78) == FC_OK, "user");
    expect_diff("filter and user data", a, b,
                "slot 1: body 1:1 mask: 0xfffffffe vs 0x7ffffffe\nslot 1: body 1:1 user_data: 77 vs 78\n", 2);
    fc_world_destroy(b);

    b = copy_of(a);
    fc_shape2 s = circle(0, 0, U);
    TU_CHECK(fc_world_set_shape2(b, id_of(2, 1), &s) == FC_OK, "reshape");
    expect_diff("shape type", a, b, "slot 2: body 2:1 shape: obb vs circle\n", 1);
    TU_CHECK(fc_world_set_angle2(a, id_of(2, 1), 16385) == FC_OK, "turn");
    fc_world_destroy(b);
    b = golden2();
    expect_diff("angle", a, b, "slot 2: body 2:1 angle: 16385 vs 16384\n", 1);
    fc_world_destroy(a);
    a = golden2();

    fc_world_destroy(b);
    b = copy_of(a);
    TU_CHECK(fc_world_destroy_body(b, id_of(3, 1)) == FC_OK, "missing");
    expect_diff("missing body", a, b,
                "slot 3: body 3:1 vs free (generation 2)\nfreelist: position 0: slot 6 vs slot 3\n", 2);
    fc_world_destroy(b);

    b = copy_of(a);
    fc_body_id got;
    fc_body_def bd = fc_body_def_default();
    TU_CHECK(fc_world_create_body(b, &bd, &got) == FC_OK && got.index == 6, "extra body in a free slot");
    TU_CHECK(fc_world_create_body(b, &bd, &got) == FC_OK && got.index == 5, "extra body");
    TU_CHECK(fc_world_create_body(b, &bd, &got) == FC_OK && got.index == 7, "extra body in a new slot");
    expect_diff("extra bodies", a, b,
                "slot 5: free (generation 2) vs body 5:2\nslot 6: free (generation 2) vs body 6:2\n"
                "slot 7: unused vs body 7:1\nfreelist: position 0: slot 6 vs none\n",
                4);
    fc_world_destroy(b);

    b = copy_of(a);
    TU_CHECK(fc_world_create_body(b, &bd, &got) == FC_OK && fc_world_destroy_body(b, got) == FC_OK, "bump");
    expect_diff("freed slot generation", a, b, "slot 6: free (generation 2) vs free (generation 3)\n", 1);
    fc_world_destroy(b);

    b = copy_of(a);
    fc_body_def keep = fc_body_def_default();
    fc_world_get_shape2(b, id_of(4, 1), &keep.shape2);
    TU_CHECK(fc_world_destroy_body(b, id_of(4, 1)) == FC_OK && fc_world_create_body(b, &keep, &got) == FC_OK &&
                 got.index == 4,
             "recreate");
    expect_diff("live generation", a, b, "slot 4: body 4:1 vs body 4:2\n", 1);
    fc_world_destroy(b);

    /* the same slots free in another order, and another tag */
    fc_world_def def = fc_world_def_default();
    def.tag = 9;
    TU_CHECK(fc_world_create(&def, &b) == FC_OK, "world tag 9");
    fc_world *c = world(FC_WORLD_2D);
    fc_body_id x[2], y[2];
    for (int i = 0; i < 2; i++) {
        TU_CHECK(fc_world_create_body(b, &bd, &x[i]) == FC_OK && fc_world_create_body(c, &bd, &y[i]) == FC_OK, "two");
    }
    fc_world_destroy_body(b, x[0]);
    fc_world_destroy_body(b, x[1]);
    fc_world_destroy_body(c, y[1]);
    fc_world_destroy_body(c, y[0]);
    expect_diff("tag and free-list order", b, c, "world tag: 9 vs 1\nfreelist: position 0: slot 1 vs slot 0\n", 2);
    fc_world_destroy(c);
    fc_world_destroy(b);
    fc_world_destroy(a);
}

/* ---- snapshot diff */
static unsigned char *blob_of(const fc_world *w, size_t *n)
{
    fc_world_snapshot(w, NULL, 0, n);
    unsigned char *p = (unsigned char *)malloc(*n);
    TU_CHECK(p && fc_world_snapshot(w, p, *n, n) == FC_OK, "snapshot");
    return p;
}

static void snapshot_diffs(void)
{
    fc_world *a = golden2(), *b = golden2();
    TU_CHECK(fc_world_translate2(b, id_of(3, 1), fc_vec2_make(0, -U / 2)) == FC_OK, "move");
    size_t na, nb, n = 0;
    unsigned char *pa = blob_of(a, &na), *pb = blob_of(b, &nb);
    uint32_t count = 0;
    int32_t bad = -1;
    char text[512];
    TU_CHECK(fc_snapshot_diff(pa, na, pa, na, text, sizeof text, &n, &count, &bad) == FC_OK && n == 0 && count == 0 &&
                 bad == 0,
             "same blob");
    TU_CHECK(fc_snapshot_diff(pa, na, pb, nb, text, sizeof text, &n, &count, &bad) == FC_OK && count == 2, "differ");
    text[n < sizeof text ? n : sizeof text - 1] = '\0';
    TU_CHECK(strcmp(text, "slot 3: body 3:1 a.y: 0 vs -0.5\nslot 3: body 3:1 b.y: 0 vs -0.5\n") == 0, "text: %s", text);
    TU_CHECK(fc_snapshot_diff(pa, na, pb, nb, text, 4, &n, &count, &bad) == FC_ERR_BUFFER && n > 4, "small buffer");
    pb[20] ^= 1; /* the trailer no longer matches */
    TU_CHECK(fc_snapshot_diff(pa, na, pb, nb, NULL, 0, &n, &count, &bad) == FC_ERR_CHECKSUM && bad == 2, "bad b");
    TU_CHECK(fc_snapshot_diff(pa, na - 8, pb, nb, NULL, 0, &n, &count, &bad) == FC_ERR_FORMAT && bad == 1, "short a");
    TU_CHECK(fc_snapshot_diff(pa, 0, pa, na, NULL, 0, &n, &count, &bad) == FC_ERR_FORMAT && bad == 1, "empty a");
    pb[20] ^= 1;
    pb[4] = 3; /* version 3 (versions 1 and 2 are read) */
    TU_CHECK(fc_snapshot_diff(pa, na, pb, nb, NULL, 0, &n, &count, &bad) == FC_ERR_VERSION && bad == 2, "version");
    TU_CHECK(fc_snapshot_diff(NULL, na, pb, nb, NULL, 0, &n, &count, &bad) == FC_ERR_NULL, "NULL");
    free(pa);
    free(pb);
    fc_world_destroy(a);
    fc_world_destroy(b);
}

/* ---- capsule3 bodies in the desync tools */
static void capsule3_diffs(void)
{
    fc_world *a = golden3(), *b = golden3();
    const fc_body_id cap = {3, 1, 1};
    char *da = dump(a), *db = dump(b);
    TU_CHECK(strcmp(da, db) == 0 && fc_world_checksum(a) == fc_world_checksum(b), "two golden 3D worlds agree");
    free(da);
    free(db);
    /* each capsule field 1 raw off: the diff names exactly that field */
    static const char *const field[7] = {"a.x", "a.y", "a.z", "b.x", "b.y", "b.z", "radius"};
    static const char *const values[7] = {"-2 vs -1.9999847412109375", "0.5 vs 0.5000152587890625",
                                          "-0.25 vs -0.2499847412109375", "3 vs 3.0000152587890625",
                                          "0.5 vs 0.5000152587890625", "-1.5 vs -1.4999847412109375",
                                          "0.75 vs 0.7500152587890625"};
    for (int k = 0; k < 7; k++) {
        fc_world *c = golden3();
        fc_shape3 s;
        TU_CHECK(fc_world_get_shape3(c, cap, &s) == FC_OK && s.type == FC_SHAPE3_CAPSULE, "capsule read back");
        int32_t *v = k < 3 ? &s.u.capsule.a.x + k : k < 6 ? &s.u.capsule.b.x + (k - 3) : &s.u.capsule.radius;
        *v += 1;
        TU_CHECK(fc_world_set_shape3(c, cap, &s) == FC_OK, "capsule field %d + 1 raw", k);
        TU_CHECK(fc_world_checksum(c) != fc_world_checksum(a), "checksum sees capsule %s", field[k]);
        char want[160];
        snprintf(want, sizeof want, "slot 3: body 3:1 %s: %s\n", field[k], values[k]);
        expect_diff(field[k], a, c, want, 1);
        /* the snapshot diff of the two blobs names the same field */
        size_t na, nc, n = 0;
        unsigned char *pa = blob_of(a, &na), *pc = blob_of(c, &nc);
        uint32_t count = 0;
        int32_t bad = -1;
        char text[256];
        TU_CHECK(fc_snapshot_diff(pa, na, pc, nc, text, sizeof text, &n, &count, &bad) == FC_OK && count == 1 &&
                     n < sizeof text,
                 "snapshot diff of capsule %s", field[k]);
        text[n < sizeof text ? n : 0] = '\0';
        TU_CHECK(strcmp(text, want) == 0, "snapshot diff text %s, want %s", text, want);
        free(pa);
        free(pc);
        fc_world_destroy(c);
    }
    /* another shape type in the capsule's slot */
    fc_shape3 sp;
    sp.type = FC_SHAPE3_SPHERE;
    TU_CHECK(fc_sphere_make((fc_vec3){0, 0, 0}, U, &sp.u.sphere) == FC_OK && fc_world_set_shape3(b, cap, &sp) == FC_OK,
             "capsule to sphere");
    expect_diff("capsule3 type", a, b, "slot 3: body 3:1 shape: capsule vs sphere\n", 1);
    fc_world_destroy(a);
    fc_world_destroy(b);
}

int main(int argc, char **argv)
{
    g_break = argc > 1 && strcmp(argv[1], "--break") == 0;
    g_break_cap3 = argc > 1 && strcmp(argv[1], "--break-capsule3") == 0;
    golden_dumps();
    diffs();
    snapshot_diffs();
    capsule3_diffs();
    return tu_finish(g_break ? "test_desync_dump --break" : "test_desync_dump");
}
