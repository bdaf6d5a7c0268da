/* SPDX-License-Identifier: MIT */
/* The world's range rule (world.h, "Range rule"; issue 27, 3): every call
 * that puts a shape into a world - fc_world_create_body, fc_world_set_shape2/3,
 * fc_world_translate2/3, fc_world_set_angle2 - accepts the resulting shape
 * exactly when fc_shape2_validate / fc_shape3_validate accepts it (its
 * defining coordinates in [-FC_COORD_LIMIT, FC_COORD_LIMIT], its sizes in
 * range), and a rejected call changes nothing (same snapshot bytes). The
 * extent is not limited: bounds may reach past the coordinate range, and
 * then every entry point agrees (create of the same shape gives the same
 * bounds and checksum). The oracle is the shape validator applied to the
 * resulting shape, built here independently of the world.
 * Also reads world.h (argv[1]): every mutation entry point's comment must
 * refer to the range rule, and no comment may promise bounds inside the
 * range.
 * --break expects the rule the old set_angle2 comment promised (bounds
 * inside the range): must fail on the issue's rotated OBB. */
#include "world_fixture.h"

#include <fixcol/world.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int brk;
static long accepted_past, checked, rejected;

static fc_world *new_world(fc_world_dim dim)
{
    fc_world_def d = fc_world_def_default();
    d.dim = dim;
    fc_world *w = NULL;
    TU_CHECK(fc_world_create(&d, &w) == FC_OK, "create world");
    return w;
}

/* The world's whole state as snapshot bytes (malloc'd). */
static unsigned char *state(const fc_world *w, size_t *size)
{
    TU_CHECK(fc_world_snapshot(w, NULL, 0, size) == FC_OK, "snapshot size");
    unsigned char *b = (unsigned char *)malloc(*size);
    TU_CHECK(b && fc_world_snapshot(w, b, *size, size) == FC_OK, "snapshot");
    return b;
}

/* The expected status of putting shape s (2D when s2) into a world. */
static fc_status expected(const fc_shape2 *s2, const fc_shape3 *s3)
{
    fc_status st = s2 ? fc_shape2_validate(s2) : fc_shape3_validate(s3);
    if (st != FC_OK || !brk)
        return st;
    int32_t mn[3], mx[3]; /* --break: the old set_angle2 promise */
    fc_body_def bd = fc_body_def_default();
    fc_world *w = new_world(s2 ? FC_WORLD_2D : FC_WORLD_3D);
    fc_body_id id;
    if (s2)
        bd.shape2 = *s2;
    else
        bd.shape3 = *s3;
    fc_world_create_body(w, &bd, &id);
    fc_world_get_bounds(w, id, mn, mx);
    fc_world_destroy(w);
    for (int k = 0; k < 3; k++)
        if (mn[k] < -FC_COORD_LIMIT || mx[k] > FC_COORD_LIMIT)
            return FC_ERR_RANGE;
    return FC_OK;
}

/* One mutation's outcome against the rule: status as expected; on error
 * the world unchanged; on success the body's shape and bounds equal those
 * of a fresh create of the resulting shape. */
static void check_outcome(fc_world *w, fc_body_id id, fc_status st, fc_status want, const unsigned char *before,
                          size_t nbefore, const fc_shape2 *s2, const fc_shape3 *s3, const char *call)
{
    checked++;
    TU_CHECK(st == want, "%s: status %d, the range rule says %d", call, (int)st, (int)want);
    TU_CHECK(fc_world_validate(w) == FC_OK, "%s: world invalid afterwards", call);
    if (st != FC_OK) {
        rejected++;
        size_t n;
        unsigned char *after = state(w, &n);
        TU_CHECK(n == nbefore && memcmp(after, before, n) == 0, "%s: a rejected call changed the world", call);
        free(after);
        return;
    }
    int32_t mn[3], mx[3], fmn[3], fmx[3];
    TU_CHECK(fc_world_get_bounds(w, id, mn, mx) == FC_OK, "%s: bounds", call);
    fc_world *f = new_world(s2 ? FC_WORLD_2D : FC_WORLD_3D);
    fc_body_def bd = fc_body_def_default();
    if (s2)
        bd.shape2 = *s2;
    else
        bd.shape3 = *s3;
    fc_body_id fid;
    TU_CHECK(fc_world_create_body(f, &bd, &fid) == FC_OK, "%s: create refuses what the call accepted", call);
    fc_world_get_bounds(f, fid, fmn, fmx);
    TU_CHECK(memcmp(mn, fmn, sizeof mn) == 0 && memcmp(mx, fmx, sizeof mx) == 0,
             "%s: bounds differ from a create of the same shape", call);
    for (int k = 0; k < 3; k++)
        if (mn[k] < -FC_COORD_LIMIT || mx[k] > FC_COORD_LIMIT) {
            accepted_past++;
            break;
        }
    fc_world_destroy(f);
}

/* A 2D shape moved by (dx, dy) (the test's own copy, no range check). */
static fc_shape2 moved2(fc_shape2 s, int64_t dx, int64_t dy)
{
    fc_vec2 *p[FC_POLY2_MAX_VERTS];
    int n = 0;
    switch (s.type) {
    case FC_SHAPE2_CIRCLE: p[n++] = &s.u.circle.center; break;
    case FC_SHAPE2_AABB: p[n++] = &s.u.aabb.min, p[n++] = &s.u.aabb.max; break;
    case FC_SHAPE2_OBB: p[n++] = &s.u.obb.center; break;
    case FC_SHAPE2_CAPSULE: p[n++] = &s.u.capsule.a, p[n++] = &s.u.capsule.b; break;
    case FC_SHAPE2_POLY:
        for (int i = 0; i < s.u.poly.count; i++)
            p[n++] = &s.u.poly.v[i];
        break;
    }
    for (int i = 0; i < n; i++) /* wraps like int32 stores would; validation then rejects */
        p[i]->x = (int32_t)(uint32_t)((uint64_t)(int64_t)p[i]->x + (uint64_t)dx),
        p[i]->y = (int32_t)(uint32_t)((uint64_t)(int64_t)p[i]->y + (uint64_t)dy);
    return s;
}

static fc_shape3 moved3(fc_shape3 s, int64_t dx, int64_t dy, int64_t dz)
{
    fc_vec3 *p[2];
    int n = 0;
    if (s.type == FC_SHAPE3_SPHERE)
        p[n++] = &s.u.sphere.center;
    else if (s.type == FC_SHAPE3_AABB)
        p[n++] = &s.u.aabb.min, p[n++] = &s.u.aabb.max;
    else if (s.type == FC_SHAPE3_CAPSULE)
        p[n++] = &s.u.capsule.a, p[n++] = &s.u.capsule.b;
    else
        p[n++] = &s.u.obb.center;
    for (int i = 0; i < n; i++)
        p[i]->x = (int32_t)(uint32_t)((uint64_t)(int64_t)p[i]->x + (uint64_t)dx),
        p[i]->y = (int32_t)(uint32_t)((uint64_t)(int64_t)p[i]->y + (uint64_t)dy),
        p[i]->z = (int32_t)(uint32_t)((uint64_t)(int64_t)p[i]->z + (uint64_t)dz);
    return s;
}

/* A shape of wf_shape2's kinds, pushed towards a random corner of the
 * range so that its coordinates sit at, just inside or just past a limit. */
static int64_t edge_offset(uint64_t *r, int32_t coord)
{
    int64_t lim = (tu_rand64(r) & 1) ? FC_COORD_LIMIT : -(int64_t)FC_COORD_LIMIT;
    return lim - coord + (int64_t)(tu_rand64(r) % 5) - 2;
}

static void check_2d(uint64_t *r)
{
    fc_world *w = new_world(FC_WORLD_2D);
    fc_body_def bd = fc_body_def_default();
    fc_body_id ids[8];
    int n = 0;
    for (int step = 0; step < 3000; step++) {
        fc_shape2 base = wf_shape2(r, 1000);
        int32_t anchor = base.type == FC_SHAPE2_CIRCLE ? base.u.circle.center.x
                         : base.type == FC_SHAPE2_AABB ? base.u.aabb.max.x
                         : base.type == FC_SHAPE2_OBB  ? base.u.obb.center.x
                         : base.type == FC_SHAPE2_CAPSULE ? base.u.capsule.a.x
                                                          : base.u.poly.v[0].x;
        fc_shape2 s = moved2(base, edge_offset(r, anchor), (int64_t)(tu_rand64(r) % 3) * 65536 * 4000 - 65536 * 4000);
        size_t nb;
        unsigned char *before = state(w, &nb);
        unsigned op = n == 0 ? 0 : (unsigned)(tu_rand64(r) % 4);
        int k = n ? (int)(tu_rand64(r) % (uint64_t)n) : 0;
        if (op == 0 || n == 0) { /* create */
            bd.shape2 = s;
            fc_body_id id;
            fc_status st = fc_world_create_body(w, &bd, &id);
            check_outcome(w, id, st, expected(&s, NULL), before, nb, &s, NULL, "create_body (2D)");
            if (st == FC_OK) {
                if (n < 8)
                    ids[n++] = id;
                else
                    fc_world_destroy_body(w, id);
            }
        } else if (op == 1) { /* set_shape2 */
            fc_status st = fc_world_set_shape2(w, ids[k], &s);
            check_outcome(w, ids[k], st, expected(&s, NULL), before, nb, &s, NULL, "set_shape2");
        } else if (op == 2) { /* translate2 towards / past a limit */
            fc_shape2 cur;
            fc_world_get_shape2(w, ids[k], &cur);
            int64_t dx = (int64_t)(tu_rand64(r) % 2 ? 1 : -1) * (int64_t)(tu_rand64(r) % 4) * 65536 * 2048 +
                         (int64_t)(tu_rand64(r) % 5) - 2;
            fc_vec2 d = fc_vec2_make((fix16_t)dx, 0);
            fc_shape2 want = moved2(cur, dx, 0);
            fc_status st = fc_world_translate2(w, ids[k], d);
            check_outcome(w, ids[k], st, expected(&want, NULL), before, nb, &want, NULL, "translate2");
        } else { /* set_angle2 (OBB bodies; others: FC_ERR_SHAPE_TYPE, unchanged) */
            fc_shape2 cur;
            fc_world_get_shape2(w, ids[k], &cur);
            fc_angle a = (fc_angle)tu_rand64(r);
            fc_status st = fc_world_set_angle2(w, ids[k], a);
            if (cur.type != FC_SHAPE2_OBB) {
                check_outcome(w, ids[k], st, FC_ERR_SHAPE_TYPE, before, nb, NULL, NULL, "set_angle2 of a non-OBB");
            } else {
                fc_shape2 want = cur;
                want.u.obb = fc_obb2_make(cur.u.obb.center, cur.u.obb.half, a);
                check_outcome(w, ids[k], st, expected(&want, NULL), before, nb, &want, NULL, "set_angle2");
            }
        }
        free(before);
    }
    fc_world_destroy(w);
}

static void check_3d(uint64_t *r)
{
    fc_world *w = new_world(FC_WORLD_3D);
    fc_body_def bd = fc_body_def_default();
    fc_body_id ids[8];
    int n = 0;
    for (int step = 0; step < 2000; step++) {
        fc_shape3 base = wf_shape3_cap(r, 1000);
        int32_t anchor = base.type == FC_SHAPE3_SPHERE    ? base.u.sphere.center.z
                         : base.type == FC_SHAPE3_AABB    ? base.u.aabb.max.z
                         : base.type == FC_SHAPE3_CAPSULE ? (base.u.capsule.a.z > base.u.capsule.b.z ? base.u.capsule.a.z
                                                                                                       : base.u.capsule.b.z)
                                                          : base.u.obb.center.z;
        fc_shape3 s = moved3(base, 0, 0, edge_offset(r, anchor));
        size_t nb;
        unsigned char *before = state(w, &nb);
        unsigned op = n == 0 ? 0 : (unsigned)(tu_rand64(r) % 3);
        int k = n ? (int)(tu_rand64(r) % (uint64_t)n) : 0;
        if (op == 0) {
            bd.shape3 = s;
            fc_body_id id;
            fc_status st = fc_world_create_body(w, &bd, &id);
            check_outcome(w, id, st, expected(NULL, &s), before, nb, NULL, &s, "create_body (3D)");
            if (st == FC_OK) {
                if (n < 8)
                    ids[n++] = id;
                else
                    fc_world_destroy_body(w, id);
            }
        } else if (op == 1) {
            fc_status st = fc_world_set_shape3(w, ids[k], &s);
            check_outcome(w, ids[k], st, expected(NULL, &s), before, nb, NULL, &s, "set_shape3");
        } else {
            fc_shape3 cur;
            fc_world_get_shape3(w, ids[k], &cur);
            int64_t dz = (int64_t)(tu_rand64(r) % 2 ? 1 : -1) * (int64_t)(tu_rand64(r) % 4) * 65536 * 2048 +
                         (int64_t)(tu_rand64(r) % 5) - 2;
            fc_shape3 want = moved3(cur, 0, 0, dz);
            fc_status st = fc_world_translate3(w, ids[k], fc_vec3_make(0, 0, (fix16_t)dz));
            check_outcome(w, ids[k], st, expected(NULL, &want), before, nb, NULL, &want, "translate3");
        }
        free(before);
    }
    fc_world_destroy(w);
}

/* The issue's case: an OBB at (+limit, +limit), half-extents (4096 units,
 * 1 raw), rotated by 8192 (45 degrees): accepted by set_angle2 and by
 * create alike, bounds about 11,088 units. */
static void check_issue_case(void)
{
    fc_world *w = new_world(FC_WORLD_2D);
    fc_body_def bd = fc_body_def_default();
    bd.shape2.type = FC_SHAPE2_OBB;
    bd.shape2.u.obb = fc_obb2_make(fc_vec2_make(FC_COORD_LIMIT, FC_COORD_LIMIT), fc_vec2_make(FC_SIZE_LIMIT, 1), 0);
    fc_body_id id;
    TU_CHECK(fc_world_create_body(w, &bd, &id) == FC_OK, "issue OBB create");
    size_t nb;
    unsigned char *before = state(w, &nb);
    fc_shape2 want = bd.shape2;
    want.u.obb = fc_obb2_make(want.u.obb.center, want.u.obb.half, 8192);
    fc_status st = fc_world_set_angle2(w, id, 8192);
    check_outcome(w, id, st, expected(&want, NULL), before, nb, &want, NULL, "set_angle2 (issue case)");
    int32_t mn[3], mx[3];
    if (fc_world_get_bounds(w, id, mn, mx) == FC_OK && st == FC_OK)
        TU_CHECK(mx[0] / 65536 == 11088, "issue OBB bounds reach %d units, expected 11088", mx[0] / 65536);
    free(before);
    fc_world_destroy(w);
}

/* world.h: every mutation entry point's comment names the range rule; no
 * comment promises bounds inside the range. */
static void check_header(const char *path)
{
    FILE *f = fopen(path, "r");
    TU_CHECK(f != NULL, "cannot open %s", path);
    if (!f)
        return;
    static char text[1 << 17];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    TU_CHECK(strstr(text, "bounds leave the coordinate range") == NULL,
             "world.h still promises bounds inside the coordinate range");
    TU_CHECK(strstr(text, "Range rule") != NULL, "world.h has no \"Range rule\" paragraph");
    static const char *calls[] = {"FC_API fc_status fc_world_create_body(", "FC_API fc_status fc_world_set_shape2(",
                                  "FC_API fc_status fc_world_translate2(", "FC_API fc_status fc_world_set_angle2(",
                                  NULL};
    for (int i = 0; calls[i]; i++) {
        const char *decl = strstr(text, calls[i]);
        TU_CHECK(decl != NULL, "world.h lacks %s", calls[i]);
        if (!decl)
            continue;
        const char *c = decl; /* the comment right before the declaration */
        while (c > text && !(c[0] == '/' && c[1] == '*'))
            c--;
        int ok = 0;
        for (const char *p = c; p < decl; p++)
            ok |= strncmp(p, "range rule", 10) == 0;
        TU_CHECK(ok, "the comment of %s does not refer to the range rule", calls[i]);
    }
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--break") == 0)
            brk = 1;
        else
            check_header(argv[i]);
    }
    uint64_t r = 0x27A27u;
    check_issue_case();
    check_2d(&r);
    check_3d(&r);
    printf("range rule: %ld mutations checked, %ld rejected unchanged, %ld accepted with bounds past the "
           "coordinate range\n", checked, rejected, accepted_past);
    TU_CHECK(rejected > 500, "too few rejected mutations (%ld)", rejected);
    TU_CHECK(accepted_past > 20, "too few accepted shapes reach past the range (%ld)", accepted_past);
    return tu_finish(brk ? "test_world_range --break" : "test_world_range");
}
