/* SPDX-License-Identifier: MIT */
/* fc_replay_runner_apply reports the real status of every operation,
 * queries included (issue 27, 6: `fixcol-replay trace` prints what apply
 * returns, and it printed "ok" for rejected overlap, point, ray and range
 * queries). Every replay given is run op by op; before each query its
 * status is computed by calling the world function directly on the
 * runner's world (queries change no body), and apply must return the same.
 * The committed replays reject only range, area, cast, push-out and body
 * hash queries, so a
 * probe replay recorded here (2D and 3D frames: one body, then an invalid
 * query of every kind) is checked too; with --probe-out PATH it is also
 * written to PATH (for tests/check_trace_status.sh, which runs `trace` on
 * it). Usage: test_replay_status [--break] [--probe-out PATH] FILE...
 * --break expects FC_OK from apply for every overlap, point, ray and range
 * query (the old behaviour): must fail. */
#include <fixcol/fixcol.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fixcol/mover.h>

#include "testutil.h"

/* The status of query op on w, from the world call itself. */
static fc_status direct(fc_world *w, int dim, const fc_replay_op *op)
{
    const fc_body_id *ids;
    const fc_ray_hit *rh;
    int32_t n;
    int got;
    fc_ray_hit hit;
    uint64_t sum;
    size_t size;
    switch (op->kind) {
    case FC_REPLAY_QUERY_SHAPE:
        return dim == 2 ? fc_world_overlap2(w, &op->shape2, op->filter, &ids, &n)
                        : fc_world_overlap3(w, &op->shape3, op->filter, &ids, &n);
    case FC_REPLAY_QUERY_POINT:
        return dim == 2 ? fc_world_point2(w, fc_vec2_make(op->a.x, op->a.y), op->filter, &ids, &n)
                        : fc_world_point3(w, op->a, op->filter, &ids, &n);
    case FC_REPLAY_QUERY_RAY:
    case FC_REPLAY_QUERY_RAY_ALL:
        if (dim == 2) {
            fc_ray2 r = {fc_vec2_make(op->a.x, op->a.y), fc_vec2_make(op->b.x, op->b.y)};
            return op->kind == FC_REPLAY_QUERY_RAY ? fc_world_raycast2(w, &r, op->filter, &hit, &got)
                                                   : fc_world_raycast2_all(w, &r, op->filter, &rh, &n);
        } else {
            fc_ray3 r = {op->a, op->b};
            return op->kind == FC_REPLAY_QUERY_RAY ? fc_world_raycast3(w, &r, op->filter, &hit, &got)
                                                   : fc_world_raycast3_all(w, &r, op->filter, &rh, &n);
        }
    case FC_REPLAY_QUERY_RANGE: return fc_world_range_checksum(w, op->lo, op->hi, &sum);
    case FC_REPLAY_QUERY_DUMP: return fc_world_dump(w, NULL, 0, &size);
    case FC_REPLAY_QUERY_SECTOR: return fc_world_overlap_sector2(w, &op->sector, op->filter, &ids, &n);
    case FC_REPLAY_QUERY_RING: return fc_world_overlap_ring2(w, &op->ring, op->filter, &ids, &n);
    case FC_REPLAY_QUERY_PUSHOUT:
        if (dim == 2) {
            fc_vec2 d;
            return fc_pushout2(&op->shape2, &op->shape2_b, &d);
        } else {
            fc_vec3 d;
            return fc_pushout3(&op->shape3, &op->shape3_b, &d);
        }
    case FC_REPLAY_QUERY_BODY_HASH: {
        fc_body_id id = op->id;
        id.world = 1; /* the runner's world tag */
        return fc_world_body_hash(w, id, &sum);
    }
    case FC_REPLAY_QUERY_PAIRS: { /* a second listing: it changes the events, not the statuses checked here */
        const fc_pair *p;
        fc_status st = fc_world_find_pairs(w, &p, &n);
        const fc_pair *b, *e;
        int32_t nb, ne;
        return st != FC_OK ? st : fc_world_pair_events(w, &b, &nb, &e, &ne);
    }
    case FC_REPLAY_QUERY_CAST:
    case FC_REPLAY_QUERY_CAST_ALL:
        if (dim == 2) {
            fc_cast2_hit one;
            const fc_cast2_hit *all;
            fc_vec2 d = fc_vec2_make(op->b.x, op->b.y);
            return op->kind == FC_REPLAY_QUERY_CAST ? fc_world_cast2(w, &op->shape2, d, op->filter, &one, &got)
                                                    : fc_world_cast2_all(w, &op->shape2, d, op->filter, &all, &n);
        } else {
            fc_cast3_hit one;
            const fc_cast3_hit *all;
            return op->kind == FC_REPLAY_QUERY_CAST ? fc_world_cast3(w, &op->shape3, op->b, op->filter, &one, &got)
                                                    : fc_world_cast3_all(w, &op->shape3, op->b, op->filter, &all, &n);
        }
    case FC_REPLAY_MOVER: /* version 5: on a copy, so the runner's world is not moved twice */
    case FC_REPLAY_MOVER_SHAPE: {
        size_t need = 0, got_size = 0;
        fc_world_def def = fc_world_def_default();
        def.dim = dim == 3 ? FC_WORLD_3D : FC_WORLD_2D;
        def.tag = 1;
        fc_world *copy = NULL;
        uint8_t *buf = NULL;
        fc_status st = fc_world_snapshot(w, NULL, 0, &need);
        if (st == FC_OK && (buf = (uint8_t *)malloc(need)) == NULL)
            st = FC_ERR_NO_MEMORY;
        if (st == FC_OK)
            st = fc_world_snapshot(w, buf, need, &got_size);
        if (st == FC_OK)
            st = fc_world_create(&def, &copy);
        if (st == FC_OK)
            st = fc_world_restore(copy, buf, got_size);
        free(buf);
        if (st != FC_OK) {
            fc_world_destroy(copy);
            return st;
        }
        fc_body_id ex[FC_REPLAY_MAX_EXCLUDE];
        fc_mover_def md = fc_mover_def_default();
        md.query.filter = op->filter;
        for (uint32_t k = 0; k < op->mover.exclude_count && k < FC_REPLAY_MAX_EXCLUDE; k++)
            ex[k] = op->mover.exclude[k], ex[k].world = 1;
        md.query.exclude = op->mover.exclude_count ? ex : NULL;
        md.query.exclude_count = (int32_t)op->mover.exclude_count;
        md.skin = op->mover.skin, md.max_iterations = op->mover.max_iterations;
        md.step_height = op->mover.step_height, md.snap_distance = op->mover.snap_distance;
        md.up_axis = op->mover.up_axis, md.up_sign = op->mover.up_sign;
        md.slope_run = op->mover.slope_run, md.slope_rise = op->mover.slope_rise;
        fc_body_id id = op->id;
        id.world = 1;
        if (dim == 2) {
            static fc_mover2_result r2;
            fc_vec2 d = fc_vec2_make(op->a.x, op->a.y);
            st = op->kind == FC_REPLAY_MOVER ? fc_world_move2(copy, id, d, &md, &r2)
                                             : fc_world_move_shape2(copy, &op->shape2, d, &md, &r2);
        } else {
            static fc_mover3_result r3;
            st = op->kind == FC_REPLAY_MOVER ? fc_world_move3(copy, id, op->a, &md, &r3)
                                             : fc_world_move_shape3(copy, &op->shape3, op->a, &md, &r3);
        }
        fc_world_destroy(copy);
        return st;
    }
    default: return FC_ERR_ARGUMENT;
    }
}

static long rejected[FC_REPLAY_OP_KINDS], queries[FC_REPLAY_OP_KINDS];

static void run_file(const uint8_t *data, size_t size, const char *path, int breaking)
{
    fc_replay_reader r;
    fc_replay_runner rn;
    TU_CHECK(fc_replay_open(&r, data, size) == FC_OK, "%s: open", path);
    TU_CHECK(fc_replay_runner_init(&rn, &r.settings) == FC_OK, "%s: runner", path);
    for (;;) {
        int32_t more;
        uint32_t n;
        if (fc_replay_next_frame(&r, &more, &n) != FC_OK || !more)
            break;
        fc_replay_runner_begin_frame(&rn);
        for (uint32_t i = 0; i < n; i++) {
            fc_replay_op op;
            if (fc_replay_next_op(&r, &op) != FC_OK)
                break;
            int query = (op.kind >= FC_REPLAY_QUERY_SHAPE && op.kind <= FC_REPLAY_QUERY_RAY_ALL) ||
                        (op.kind >= FC_REPLAY_QUERY_RANGE && op.kind != FC_REPLAY_SET_FILTER);
            int v2_area = (r.settings.version < 3 && op.kind >= FC_REPLAY_QUERY_SECTOR) ||
                          (r.settings.version < 4 && op.kind >= FC_REPLAY_QUERY_PUSHOUT) ||
                          (r.settings.version < 5 && op.kind >= FC_REPLAY_MOVER); /* not in older versions */
            fc_status want = query && !v2_area ? direct(rn.world, rn.dim, &op) : FC_OK;
            if (v2_area)
                want = FC_ERR_ARGUMENT;
            fc_status st = fc_replay_runner_apply(&rn, &op, NULL);
            if (!query)
                continue;
            queries[op.kind]++;
            rejected[op.kind] += want != FC_OK;
            int old_kind = op.kind == FC_REPLAY_QUERY_SHAPE || op.kind == FC_REPLAY_QUERY_POINT ||
                           op.kind == FC_REPLAY_QUERY_RAY || op.kind == FC_REPLAY_QUERY_RAY_ALL ||
                           op.kind == FC_REPLAY_QUERY_RANGE;
            if (breaking && old_kind)
                want = FC_OK;
            TU_CHECK(st == want, "%s frame %u op %u (%s): apply returned %s, the world call %s", path, r.frames, i,
                     fc_replay_op_name(op.kind), fc_status_str(st), fc_status_str(want));
        }
        fc_replay_expect e, got;
        fc_replay_read_expect(&r, &e);
        for (uint32_t i = 0; i < e.query_count; i++) {
            fc_replay_query_expect q;
            fc_replay_read_query_expect(&r, &q);
        }
        fc_replay_runner_end_frame(&rn, &got);
    }
    fc_replay_runner_free(&rn);
}

static fc_replay_op op_of(fc_replay_op_kind k)
{
    fc_replay_op op;
    memset(&op, 0, sizeof op);
    op.kind = k;
    op.filter = fc_filter_default();
    return op;
}

/* A probe replay (dim 2 or 3): frame 1 creates a body, then every query
 * kind once with an invalid argument; the status each must get. */
static int probe(int dim, uint8_t **data, size_t *size)
{
    fc_replay_settings set;
    memset(&set, 0, sizeof set);
    set.dim = dim;
    set.bounds_log2 = 10;
    set.max_depth = 5;
    set.layout = FC_QT_LOOSE;
    fc_replay_recorder rec;
    TU_CHECK(fc_replay_recorder_init(&rec, &set) == FC_OK, "recorder");
    const int32_t U = 65536, far = FC_COORD_LIMIT + 1;
    fc_replay_op op = op_of(FC_REPLAY_CREATE);
    op.shape2.type = FC_SHAPE2_CIRCLE;
    op.shape2.u.circle = fc_circle_make(fc_vec2_make(0, 0), U);
    op.shape3.type = FC_SHAPE3_SPHERE;
    op.shape3.u.sphere.radius = U;
    TU_CHECK(fc_replay_record(&rec, &op) == FC_OK, "probe create");
    struct {
        fc_replay_op_kind k;
        fc_status want;
    } q[] = {{FC_REPLAY_QUERY_SHAPE, FC_ERR_SIZE},      {FC_REPLAY_QUERY_POINT, FC_ERR_RANGE},
             {FC_REPLAY_QUERY_RAY, FC_ERR_ARGUMENT},    {FC_REPLAY_QUERY_RAY_ALL, FC_ERR_RANGE},
             {FC_REPLAY_QUERY_RANGE, FC_ERR_ARGUMENT},  {FC_REPLAY_QUERY_SECTOR, FC_ERR_SIZE},
             {FC_REPLAY_QUERY_RING, FC_ERR_SIZE},       {FC_REPLAY_QUERY_CAST, FC_ERR_SIZE},
             {FC_REPLAY_QUERY_CAST_ALL, FC_ERR_RANGE},  {FC_REPLAY_QUERY_PUSHOUT, FC_ERR_SIZE},
             {FC_REPLAY_QUERY_BODY_HASH, FC_ERR_STALE_ID}, {FC_REPLAY_MOVER, FC_ERR_STALE_ID},
             {FC_REPLAY_MOVER_SHAPE, FC_ERR_SIZE}};
    for (size_t i = 0; i < sizeof q / sizeof q[0]; i++) {
        op = op_of(q[i].k);
        op.shape2.type = FC_SHAPE2_CIRCLE;
        op.shape2.u.circle = fc_circle_make(fc_vec2_make(0, 0), q[i].k == FC_REPLAY_QUERY_CAST_ALL ? U : -1);
        op.shape3.type = FC_SHAPE3_SPHERE;
        op.shape3.u.sphere.radius = q[i].k == FC_REPLAY_QUERY_CAST_ALL ? U : -1;
        op.a = fc_vec3_make(q[i].k == FC_REPLAY_QUERY_RAY ? 0 : far, 0, 0);
        op.b = q[i].k == FC_REPLAY_QUERY_RAY ? fc_vec3_make(0, 0, 0) : fc_vec3_make(U, 0, 0);
        if (q[i].k == FC_REPLAY_QUERY_CAST_ALL)
            op.a = fc_vec3_make(0, 0, 0), op.b = fc_vec3_make(2 * far, 0, 0);
        op.lo = 5, op.hi = 4;
        op.id.index = 5, op.id.generation = 1; /* body_hash: no such body */
        op.shape2_b = op.shape2; /* pushout: a circle and a sphere of radius -1 */
        op.shape3_b = op.shape3;
        op.sector = fc_sector2_make(fc_vec2_make(0, 0), -1, 0, 0);
        op.ring = fc_ring2_make(fc_vec2_make(0, 0), 0, -1);
        fc_status want = dim == 3 && (q[i].k == FC_REPLAY_QUERY_SECTOR || q[i].k == FC_REPLAY_QUERY_RING)
                             ? FC_ERR_SHAPE_TYPE /* the dimension first (area2.h) */
                             : q[i].want;
        fc_status st = fc_replay_record(&rec, &op);
        TU_CHECK(st == want, "%dD probe %s: %s, want %s", dim, fc_replay_op_name(q[i].k), fc_status_str(st),
                 fc_status_str(want));
    }
    TU_CHECK(fc_replay_recorder_end_frame(&rec) == FC_OK && fc_replay_recorder_finish(&rec) == FC_OK, "probe end");
    *size = rec.w.size;
    *data = (uint8_t *)malloc(*size);
    if (*data)
        memcpy(*data, rec.w.data, *size);
    fc_replay_recorder_free(&rec);
    return *data != NULL;
}

int main(int argc, char **argv)
{
    int breaking = argc > 1 && strcmp(argv[1], "--break") == 0;
    const char *probe_out = NULL;
    int first = 1 + breaking;
    if (argc > first + 1 && strcmp(argv[first], "--probe-out") == 0)
        probe_out = argv[first + 1], first += 2;
    for (int dim = 2; dim <= 3; dim++) {
        uint8_t *data;
        size_t size;
        if (!probe(dim, &data, &size))
            continue;
        run_file(data, size, dim == 2 ? "probe2d" : "probe3d", breaking);
        if (probe_out && dim == 2) {
            FILE *f = fopen(probe_out, "wb");
            TU_CHECK(f && fwrite(data, 1, size, f) == size && fclose(f) == 0, "cannot write %s", probe_out);
        }
        free(data);
    }
    for (int i = first; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        TU_CHECK(f != NULL, "cannot open %s", argv[i]);
        if (!f)
            continue;
        static uint8_t buf[1 << 24];
        size_t size = fread(buf, 1, sizeof buf, f);
        fclose(f);
        run_file(buf, size, argv[i], breaking);
    }
    for (int k = 1; k < FC_REPLAY_OP_KINDS; k++)
        if (queries[k])
            printf("%-10s %8ld queries, %6ld rejected\n", fc_replay_op_name((fc_replay_op_kind)k), queries[k],
                   rejected[k]);
    TU_CHECK(rejected[FC_REPLAY_QUERY_SHAPE] > 0 && rejected[FC_REPLAY_QUERY_POINT] > 0 &&
                 rejected[FC_REPLAY_QUERY_RAY] + rejected[FC_REPLAY_QUERY_RAY_ALL] > 0 &&
                 rejected[FC_REPLAY_QUERY_RANGE] > 0,
             "the replays lack rejected overlap, point, ray or range queries");
    return tu_finish(breaking ? "test_replay_status --break" : "test_replay_status");
}
