/* SPDX-License-Identifier: MIT */
/* Skill areas in the world: fc_world_overlap_sector2 / _ring2 against a
 * brute-force scan of every live body with the stateless predicates (same
 * ids, same order: ascending index), across random worlds with destroyed
 * bodies, filters and sectors of every opening (0, 90, 180 degrees and
 * random); validation ranges and errors (outputs empty, world unchanged);
 * the 3D world refusal, checked before the area's validation as the world
 * casts check the dimension before the moving shape's (issue 27, 6: an
 * invalid sector in a 3D world is FC_ERR_SHAPE_TYPE like a valid one).
 * --break drops one body from the brute-force list and must fail;
 * --break-order expects the validation error first in a 3D world and must
 * fail. The exactness of the predicates themselves is checked
 * against an independent oracle by tests/check_area2_oracle.py. */
#include <fixcol/area2.h>
#include <fixcol/cast.h>

#include "world_fixture.h"

static int g_break, g_break_order;

/* Brute force: every live id passing filter whose shape meets the area. */
static int32_t brute(const fc_world *w, const fc_body_id *ids, int32_t n, const fc_sector2 *s, const fc_ring2 *r,
                     fc_filter f, fc_body_id *out)
{
    int32_t m = 0;
    for (int32_t i = 0; i < n; i++) {
        if (!fc_world_body_valid(w, ids[i]))
            continue;
        fc_shape2 sh;
        fc_filter bf;
        fc_world_get_shape2(w, ids[i], &sh);
        fc_world_get_filter(w, ids[i], &bf);
        if (!wf_filters(f, bf))
            continue;
        if (s != NULL ? fc_overlap_sector2(s, &sh) : fc_overlap_ring2(r, &sh))
            out[m++] = ids[i];
    }
    /* ids[] was filled in creation order; sort by index (insertion sort) */
    for (int32_t i = 1; i < m; i++)
        for (int32_t j = i; j > 0 && out[j - 1].index > out[j].index; j--) {
            fc_body_id t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    if (g_break && m > 0)
        m--;
    return m;
}

static void compare(const char *what, const fc_body_id *got, int32_t ng, const fc_body_id *want, int32_t nw)
{
    int same = ng == nw;
    for (int32_t i = 0; same && i < ng; i++)
        same = fc_body_id_equal(got[i], want[i]);
    TU_CHECK(same, "%s: world %d ids, brute force %d", what, (int)ng, (int)nw);
}

static fc_angle pick_half(uint64_t *s)
{
    static const fc_angle halves[] = {0, 1, 8192, 16383, 16384, 16385, 32767, 32768};
    return tu_rand64(s) % 2 ? halves[tu_rand64(s) % 8] : (fc_angle)(tu_rand64(s) % 32769);
}

static void world_queries(uint64_t seed, int bodies, int queries)
{
    fc_world_def def = fc_world_def_default();
    def.bounds_log2 = 7;
    fc_world *w;
    TU_CHECK(fc_world_create(&def, &w) == FC_OK, "create");
    fc_body_id *ids = (fc_body_id *)malloc(sizeof *ids * (size_t)bodies);
    fc_body_id *want = (fc_body_id *)malloc(sizeof *want * (size_t)bodies);
    uint64_t s = seed;
    for (int i = 0; i < bodies; i++) {
        fc_body_def bd = fc_body_def_default();
        bd.shape2 = wf_shape2(&s, 128);
        bd.filter.category = 1u << (tu_rand64(&s) % 3);
        TU_CHECK(fc_world_create_body(w, &bd, &ids[i]) == FC_OK, "create body %d", i);
    }
    for (int i = 0; i < bodies / 5; i++) /* holes: the output skips free slots */
        fc_world_destroy_body(w, ids[tu_rand64(&s) % (uint64_t)bodies]);
    uint64_t sum_before = fc_world_checksum(w);
    for (int q = 0; q < queries; q++) {
        fc_vec2 c = fc_vec2_make(wf_rand(&s, -8, 136) * WF_U + wf_rand(&s, 0, 3) * WF_U / 4,
                                 wf_rand(&s, -8, 136) * WF_U);
        fix16_t rad = q % 7 == 0 ? 0 : wf_rand(&s, 0, 40 * WF_U);
        if (q % 5 == 0)
            rad &= ~(WF_U / 4 - 1); /* on the shapes' quarter grid: exact touching */
        fc_filter f = fc_filter_default();
        if (q % 3 == 0)
            f.mask = 1u << (tu_rand64(&s) % 3);
        fc_sector2 sec = fc_sector2_make(c, rad, q % 4 == 0 ? (fc_angle)((q % 16) * 4096) : (fc_angle)tu_rand64(&s),
                                         pick_half(&s));
        const fc_body_id *got;
        int32_t n;
        TU_CHECK(fc_world_overlap_sector2(w, &sec, f, &got, &n) == FC_OK, "sector query");
        compare("sector", got, n, want, brute(w, ids, bodies, &sec, NULL, f, want));
        fix16_t inner = q % 4 == 0 ? 0 : wf_rand(&s, 0, rad);
        fc_ring2 ring = fc_ring2_make(c, inner, rad);
        TU_CHECK(fc_world_overlap_ring2(w, &ring, f, &got, &n) == FC_OK, "ring query");
        compare("ring", got, n, want, brute(w, ids, bodies, NULL, &ring, f, want));
    }
    TU_CHECK(fc_world_checksum(w) == sum_before, "queries changed the world");
    TU_CHECK(fc_world_validate(w) == FC_OK, "world valid");
    free(ids);
    free(want);
    fc_world_destroy(w);
}

static void errors(void)
{
    fc_world_def def = fc_world_def_default();
    fc_world *w, *w3;
    fc_world_create(&def, &w);
    def.dim = FC_WORLD_3D;
    fc_world_create(&def, &w3);
    fc_vec2 o = fc_vec2_make(0, 0);
    const fc_body_id *ids = (const fc_body_id *)&def; /* must be reset to NULL */
    int32_t n = 7;
    fc_sector2 ok = fc_sector2_make(o, WF_U, 0, 8192);
    fc_ring2 rok = fc_ring2_make(o, 0, WF_U);
    struct {
        fc_sector2 s;
        fc_status want;
    } bad_s[] = {
        {fc_sector2_make(o, -1, 0, 0), FC_ERR_SIZE},
        {fc_sector2_make(o, FC_SIZE_LIMIT + 1, 0, 0), FC_ERR_SIZE},
        {fc_sector2_make(fc_vec2_make(FC_COORD_LIMIT + 1, 0), WF_U, 0, 0), FC_ERR_RANGE},
        {fc_sector2_make(fc_vec2_make(0, -FC_COORD_LIMIT - 1), WF_U, 0, 0), FC_ERR_RANGE},
        {fc_sector2_make(o, WF_U, 0, FC_ANGLE_HALF + 1), FC_ERR_ARGUMENT},
        {fc_sector2_make(o, WF_U, 0, 65535), FC_ERR_ARGUMENT},
    };
    for (size_t i = 0; i < sizeof bad_s / sizeof bad_s[0]; i++) {
        TU_CHECK(fc_sector2_validate(&bad_s[i].s) == bad_s[i].want, "sector case %d", (int)i);
        ids = (const fc_body_id *)&def;
        n = 7;
        TU_CHECK(fc_world_overlap_sector2(w, &bad_s[i].s, fc_filter_default(), &ids, &n) == bad_s[i].want &&
                     ids == NULL && n == 0,
                 "world sector case %d", (int)i);
        fc_status want3 = g_break_order ? bad_s[i].want : FC_ERR_SHAPE_TYPE;
        ids = (const fc_body_id *)&def;
        n = 7;
        TU_CHECK(fc_world_overlap_sector2(w3, &bad_s[i].s, fc_filter_default(), &ids, &n) == want3 && ids == NULL &&
                     n == 0,
                 "3D world sector case %d: the dimension is checked first", (int)i);
    }
    struct {
        fc_ring2 r;
        fc_status want;
    } bad_r[] = {
        {fc_ring2_make(o, 0, -1), FC_ERR_SIZE},
        {fc_ring2_make(o, -1, 5), FC_ERR_SIZE},
        {fc_ring2_make(o, 6, 5), FC_ERR_SIZE},
        {fc_ring2_make(o, 0, FC_SIZE_LIMIT + 1), FC_ERR_SIZE},
        {fc_ring2_make(fc_vec2_make(FC_COORD_LIMIT + 1, 0), 0, 5), FC_ERR_RANGE},
    };
    for (size_t i = 0; i < sizeof bad_r / sizeof bad_r[0]; i++) {
        TU_CHECK(fc_ring2_validate(&bad_r[i].r) == bad_r[i].want, "ring case %d", (int)i);
        TU_CHECK(fc_world_overlap_ring2(w, &bad_r[i].r, fc_filter_default(), &ids, &n) == bad_r[i].want &&
                     ids == NULL && n == 0,
                 "world ring case %d", (int)i);
        fc_status want3 = g_break_order ? bad_r[i].want : FC_ERR_SHAPE_TYPE;
        TU_CHECK(fc_world_overlap_ring2(w3, &bad_r[i].r, fc_filter_default(), &ids, &n) == want3,
                 "3D world ring case %d: the dimension is checked first", (int)i);
    }
    TU_CHECK(fc_sector2_validate(&ok) == FC_OK && fc_ring2_validate(&rok) == FC_OK, "valid areas");
    fc_sector2 edge = fc_sector2_make(fc_vec2_make(-FC_COORD_LIMIT, FC_COORD_LIMIT), FC_SIZE_LIMIT, 0, FC_ANGLE_HALF);
    TU_CHECK(fc_sector2_validate(&edge) == FC_OK, "range limits are valid");
    TU_CHECK(fc_sector2_validate(NULL) == FC_ERR_NULL && fc_ring2_validate(NULL) == FC_ERR_NULL, "NULL validate");
    TU_CHECK(fc_world_overlap_sector2(NULL, &ok, fc_filter_default(), &ids, &n) == FC_ERR_NULL, "NULL world");
    TU_CHECK(fc_world_overlap_sector2(w, NULL, fc_filter_default(), &ids, &n) == FC_ERR_NULL, "NULL sector");
    TU_CHECK(fc_world_overlap_sector2(w, &ok, fc_filter_default(), NULL, &n) == FC_ERR_NULL, "NULL ids");
    TU_CHECK(fc_world_overlap_ring2(w, &rok, fc_filter_default(), &ids, NULL) == FC_ERR_NULL, "NULL count");
    TU_CHECK(fc_world_overlap_ring2(w, NULL, fc_filter_default(), &ids, &n) == FC_ERR_NULL, "NULL ring");
    TU_CHECK(fc_world_overlap_sector2(w3, &ok, fc_filter_default(), &ids, &n) == FC_ERR_SHAPE_TYPE, "3D world");
    TU_CHECK(fc_world_overlap_ring2(w3, &rok, fc_filter_default(), &ids, &n) == FC_ERR_SHAPE_TYPE, "3D world");
    { /* the casts' order, which the areas follow: an invalid moving shape in a 3D world */
        fc_shape2 bad;
        memset(&bad, 0, sizeof bad);
        bad.type = FC_SHAPE2_CIRCLE;
        bad.u.circle = fc_circle_make(o, -1);
        fc_cast2_hit hit;
        int got = 0;
        TU_CHECK(fc_world_cast2(w3, &bad, fc_vec2_make(WF_U, 0), fc_filter_default(), &hit, &got) ==
                     FC_ERR_SHAPE_TYPE,
                 "cast2 in a 3D world: the dimension is checked first");
    }
    TU_CHECK(fc_world_overlap_sector2(w, &ok, fc_filter_default(), &ids, &n) == FC_OK && n == 0, "empty world");
    fc_world_destroy(w);
    fc_world_destroy(w3);
}

/* Hand-checked cases: the documented special openings. */
static void fixed_cases(void)
{
    fc_vec2 o = fc_vec2_make(0, 0);
    fc_sector2 seg = fc_sector2_make(o, 10 * WF_U, 0, 0); /* the segment [0, 10] on +x */
    TU_CHECK(fc_sector2_contains(&seg, fc_vec2_make(10 * WF_U, 0)), "segment end");
    TU_CHECK(!fc_sector2_contains(&seg, fc_vec2_make(10 * WF_U + 1, 0)), "past the segment end");
    TU_CHECK(!fc_sector2_contains(&seg, fc_vec2_make(5 * WF_U, 1)), "1 raw off the segment");
    TU_CHECK(!fc_sector2_contains(&seg, fc_vec2_make(-1, 0)), "behind the apex");
    TU_CHECK(fc_sector2_contains(&seg, o), "apex");
    fc_sector2 half = fc_sector2_make(o, 10 * WF_U, 16384, 16384); /* the upper half-disc */
    TU_CHECK(fc_sector2_contains(&half, fc_vec2_make(-10 * WF_U, 0)), "half-disc diameter end");
    TU_CHECK(!fc_sector2_contains(&half, fc_vec2_make(WF_U, -1)), "below the diameter");
    fc_shape2 c;
    memset(&c, 0, sizeof c);
    c.type = FC_SHAPE2_CIRCLE;
    c.u.circle.center = fc_vec2_make(3 * WF_U, -WF_U);
    c.u.circle.radius = WF_U; /* tangent to the diameter from below */
    TU_CHECK(fc_overlap_sector2(&half, &c), "tangent circle touches");
    c.u.circle.radius = WF_U - 1;
    TU_CHECK(!fc_overlap_sector2(&half, &c), "1 raw apart");
    fc_ring2 ring = fc_ring2_make(o, 5 * WF_U, 10 * WF_U);
    c.u.circle.center = o;
    c.u.circle.radius = 5 * WF_U; /* fills the hole exactly: touches the inner circle */
    TU_CHECK(fc_overlap_ring2(&ring, &c), "inner tangent");
    c.u.circle.radius = 5 * WF_U - 1;
    TU_CHECK(!fc_overlap_ring2(&ring, &c), "inside the hole");
    TU_CHECK(fc_ring2_contains(&ring, fc_vec2_make(0, -5 * WF_U)) && !fc_ring2_contains(&ring, fc_vec2_make(0, 5 * WF_U - 1)),
             "ring containment");
}

int main(int argc, char **argv)
{
    int scale = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--break") == 0)
            g_break = 1;
        else if (strcmp(argv[i], "--break-order") == 0)
            g_break_order = 1;
        else if (strcmp(argv[i], "--scale") == 0 && i + 1 < argc)
            scale = atoi(argv[++i]);
    }
    fixed_cases();
    errors();
    for (int k = 0; k < 4 * scale; k++)
        world_queries(0x5EC7u + (uint64_t)k * 7919u, 600, 150);
    return tu_finish("skill areas");
}
