/* SPDX-License-Identifier: MIT */
/* Replay format tests: exact Q16.16 decimals against an independent
 * long-division oracle; binary/text round trips of random operations of
 * every kind; conversion binary -> text -> binary is byte-identical; every
 * truncation and many garbled files are rejected with a position (never a
 * crash); specific errors name the right place. --break corrupts one
 * decoded field before comparing, so the round-trip checks must fail. */
#include <fixcol/fixcol.h>

#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static int breaking;

/* Oracle: decimal of raw/65536 by long division, digit by digit. */
static void oracle_format(int32_t raw, char *buf)
{
    int64_t v = raw;
    uint64_t mag = v < 0 ? (uint64_t)(-v) : (uint64_t)v;
    char *p = buf;
    if (v < 0)
        *p++ = '-';
    p += sprintf(p, "%llu", (unsigned long long)(mag / 65536));
    uint64_t rem = mag % 65536;
    if (rem) {
        *p++ = '.';
        while (rem) {
            rem *= 10;
            *p++ = (char)('0' + rem / 65536);
            rem %= 65536;
        }
    }
    *p = '\0';
}

static void test_decimals(void)
{
    uint64_t s = 0x1234567;
    static const int32_t special[] = {0, 1, -1, 65536, -65536, 32768, INT32_MAX, INT32_MIN, 1 << 29, -(1 << 29), 12345};
    for (int i = 0; i < 30000; i++) {
        int32_t raw = i < (int)(sizeof special / sizeof special[0]) ? special[i] : (int32_t)(uint32_t)tu_rand64(&s);
        if (i % 3 == 0)
            raw >>= (int)(tu_rand64(&s) % 31);
        char a[40], b[40];
        fc_replay_fix_format(raw, a);
        oracle_format(raw, b);
        TU_CHECK(strcmp(a, b) == 0, "format %d: %s vs oracle %s", raw, a, b);
        fix16_t back = 0;
        TU_CHECK(fc_replay_fix_parse(a, strlen(a), &back) == FC_OK && back == raw, "parse %s -> %d", a, back);
        /* Trailing zeros and leading zeros are accepted. */
        char z[48];
        snprintf(z, sizeof z, "%s%s000", a, strchr(a, '.') ? "" : ".");
        TU_CHECK(fc_replay_fix_parse(z, strlen(z), &back) == FC_OK && back == raw, "parse %s", z);
    }
    static const char *bad[] = {"", "-", "1.", ".5", "+1", "1e3", "0x10", "1.00001", "0.1", "1..2", " 1", "1 ", "--1",
                                "0.00000762939453125" /* 2^-17 */};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        fix16_t v;
        TU_CHECK(fc_replay_fix_parse(bad[i], strlen(bad[i]), &v) == FC_ERR_FORMAT, "'%s' must be malformed", bad[i]);
    }
    static const char *range[] = {"32768", "-32768.0000152587890625", "99999999999999999999", "40000.5"};
    for (size_t i = 0; i < sizeof range / sizeof range[0]; i++) {
        fix16_t v;
        TU_CHECK(fc_replay_fix_parse(range[i], strlen(range[i]), &v) == FC_ERR_RANGE, "'%s' must be out of range", range[i]);
    }
    fix16_t v;
    TU_CHECK(fc_replay_fix_parse("-32768", 6, &v) == FC_OK && v == INT32_MIN, "-32768");
    TU_CHECK(fc_replay_fix_parse("32767.9999847412109375", 22, &v) == FC_OK && v == INT32_MAX, "max");
}

static int32_t rnd_fix(uint64_t *s)
{
    uint64_t r = tu_rand64(s);
    switch (r % 4) {
    case 0: return (int32_t)(uint32_t)(r >> 32);
    case 1: return (int32_t)((r >> 32) % 2000001) - 1000000;
    case 2: return (int32_t)((r >> 49) << 16) * ((r & 16) ? 1 : -1); /* whole units, |v| < 2^31 */
    default: return (r & 32) ? FC_COORD_LIMIT : -FC_COORD_LIMIT;
    }
}

static fc_vec2 rnd_vec2(uint64_t *s)
{
    int32_t x = rnd_fix(s);
    return fc_vec2_make(x, rnd_fix(s));
}

static fc_vec3 rnd_vec3(uint64_t *s, int dim)
{
    int32_t x = rnd_fix(s), y = rnd_fix(s);
    return fc_vec3_make(x, y, dim == 3 ? rnd_fix(s) : 0);
}

static void rnd_shape(uint64_t *s, int dim, fc_replay_op *op, int32_t version)
{
    if (dim == 2) {
        fc_shape2 *sh = &op->shape2;
        sh->type = (fc_shape2_type)(1 + tu_rand64(s) % 5);
        switch (sh->type) {
        case FC_SHAPE2_CIRCLE: sh->u.circle.center = rnd_vec2(s); sh->u.circle.radius = rnd_fix(s); break;
        case FC_SHAPE2_AABB: sh->u.aabb.min = rnd_vec2(s); sh->u.aabb.max = rnd_vec2(s); break;
        case FC_SHAPE2_OBB:
            sh->u.obb.center = rnd_vec2(s);
            sh->u.obb.half = rnd_vec2(s);
            sh->u.obb.angle = (fc_angle)tu_rand64(s);
            sh->u.obb.rot = fc_sincos_of(sh->u.obb.angle);
            break;
        case FC_SHAPE2_CAPSULE:
            sh->u.capsule.a = rnd_vec2(s);
            sh->u.capsule.b = rnd_vec2(s);
            sh->u.capsule.radius = rnd_fix(s);
            break;
        case FC_SHAPE2_POLY:
            sh->u.poly.count = 3 + (int32_t)(tu_rand64(s) % 6);
            for (int i = 0; i < sh->u.poly.count; i++)
                sh->u.poly.v[i] = rnd_vec2(s);
            break;
        }
    } else {
        fc_shape3 *sh = &op->shape3;
        sh->type = (fc_shape3_type)(1 + tu_rand64(s) % (version >= 5 ? 4 : 3)); /* the capsule from version 5 */
        switch (sh->type) {
        case FC_SHAPE3_SPHERE: sh->u.sphere.center = rnd_vec3(s, 3); sh->u.sphere.radius = rnd_fix(s); break;
        case FC_SHAPE3_AABB: sh->u.aabb.min = rnd_vec3(s, 3); sh->u.aabb.max = rnd_vec3(s, 3); break;
        case FC_SHAPE3_OBB:
            sh->u.obb.center = rnd_vec3(s, 3);
            sh->u.obb.half = rnd_vec3(s, 3);
            for (int i = 0; i < 3; i++)
                sh->u.obb.axis[i] = rnd_vec3(s, 3);
            break;
        case FC_SHAPE3_CAPSULE:
            sh->u.capsule.a = rnd_vec3(s, 3);
            sh->u.capsule.b = rnd_vec3(s, 3);
            sh->u.capsule.radius = rnd_fix(s);
            break;
        }
    }
}

/* A random operation of the kinds a version-`version` file holds. */
static fc_replay_op rnd_op(uint64_t *s, int dim, int32_t version)
{
    fc_replay_op op;
    memset(&op, 0, sizeof op);
    uint32_t kinds = version >= 5 ? FC_REPLAY_OP_KINDS : version == 4 ? FC_REPLAY_OP_KINDS_V4 : version == 3 ? FC_REPLAY_OP_KINDS_V3 : FC_REPLAY_OP_KINDS_V2;
    do
        op.kind = (fc_replay_op_kind)(1 + tu_rand64(s) % (kinds - 1));
    while (dim == 3 && op.kind == FC_REPLAY_TURN);
    switch (op.kind) {
    case FC_REPLAY_CREATE:
        op.filter.category = (uint32_t)tu_rand64(s);
        op.filter.mask = (uint32_t)tu_rand64(s);
        rnd_shape(s, dim, &op, version);
        /* fall through */
    case FC_REPLAY_MOVE:
    case FC_REPLAY_TURN:
    case FC_REPLAY_SET:
    case FC_REPLAY_DESTROY:
        op.id.index = (uint32_t)(tu_rand64(s) % FC_WORLD_MAX_BODIES);
        op.id.generation = (uint32_t)tu_rand64(s);
        if (op.kind == FC_REPLAY_MOVE)
            op.a = rnd_vec3(s, dim);
        if (op.kind == FC_REPLAY_TURN)
            op.angle = (fc_angle)tu_rand64(s);
        if (op.kind == FC_REPLAY_SET)
            rnd_shape(s, dim, &op, version);
        break;
    case FC_REPLAY_QUERY_SHAPE:
    case FC_REPLAY_QUERY_POINT:
    case FC_REPLAY_QUERY_RAY:
    case FC_REPLAY_QUERY_RAY_ALL:
        op.filter.category = (uint32_t)tu_rand64(s);
        op.filter.mask = (uint32_t)tu_rand64(s);
        if (op.kind == FC_REPLAY_QUERY_SHAPE)
            rnd_shape(s, dim, &op, version);
        else
            op.a = rnd_vec3(s, dim);
        if (op.kind == FC_REPLAY_QUERY_RAY || op.kind == FC_REPLAY_QUERY_RAY_ALL)
            op.b = rnd_vec3(s, dim);
        break;
    case FC_REPLAY_SNAPSHOT:
    case FC_REPLAY_RESTORE:
        op.slot = (uint32_t)(tu_rand64(s) % FC_REPLAY_MAX_SLOTS);
        break;
    case FC_REPLAY_QUERY_RANGE:
        op.lo = (uint32_t)(tu_rand64(s) % (FC_WORLD_MAX_BODIES + 1));
        op.hi = (uint32_t)(tu_rand64(s) % (FC_WORLD_MAX_BODIES + 1));
        break;
    case FC_REPLAY_QUERY_DUMP:
        break;
    case FC_REPLAY_QUERY_SECTOR:
    case FC_REPLAY_QUERY_RING:
    case FC_REPLAY_QUERY_CAST:
    case FC_REPLAY_QUERY_CAST_ALL:
        op.filter.category = (uint32_t)tu_rand64(s);
        op.filter.mask = (uint32_t)tu_rand64(s);
        if (op.kind == FC_REPLAY_QUERY_SECTOR)
            op.sector = fc_sector2_make(fc_vec2_make(rnd_fix(s), rnd_fix(s)), rnd_fix(s), (fc_angle)tu_rand64(s),
                                        (fc_angle)tu_rand64(s));
        else if (op.kind == FC_REPLAY_QUERY_RING)
            op.ring = fc_ring2_make(fc_vec2_make(rnd_fix(s), rnd_fix(s)), rnd_fix(s), rnd_fix(s));
        else {
            rnd_shape(s, dim, &op, version);
            op.b = rnd_vec3(s, dim);
        }
        break;
    case FC_REPLAY_QUERY_PUSHOUT: { /* version 4: two shapes */
        fc_replay_op b;
        memset(&b, 0, sizeof b);
        rnd_shape(s, dim, &b, version);
        rnd_shape(s, dim, &op, version);
        op.shape2_b = b.shape2;
        op.shape3_b = b.shape3;
        break;
    }
    case FC_REPLAY_SET_FILTER:
        op.filter.category = (uint32_t)tu_rand64(s);
        op.filter.mask = (uint32_t)tu_rand64(s);
        /* fall through */
    case FC_REPLAY_QUERY_BODY_HASH:
        op.id.index = (uint32_t)(tu_rand64(s) % FC_WORLD_MAX_BODIES);
        op.id.generation = (uint32_t)tu_rand64(s);
        break;
    case FC_REPLAY_QUERY_PAIRS:
        break;
    case FC_REPLAY_MOVER: /* version 5 */
    case FC_REPLAY_MOVER_SHAPE:
        op.filter.category = (uint32_t)tu_rand64(s);
        op.filter.mask = (uint32_t)tu_rand64(s);
        if (op.kind == FC_REPLAY_MOVER) {
            op.id.index = (uint32_t)(tu_rand64(s) % FC_WORLD_MAX_BODIES);
            op.id.generation = (uint32_t)tu_rand64(s);
        } else {
            rnd_shape(s, dim, &op, version);
        }
        op.a = rnd_vec3(s, dim);
        op.mover.skin = rnd_fix(s);
        op.mover.max_iterations = rnd_fix(s);
        op.mover.step_height = rnd_fix(s);
        op.mover.snap_distance = rnd_fix(s);
        op.mover.up_axis = rnd_fix(s);
        op.mover.up_sign = rnd_fix(s);
        op.mover.slope_run = rnd_fix(s);
        op.mover.slope_rise = rnd_fix(s);
        op.mover.exclude_count = (uint32_t)(tu_rand64(s) % (FC_REPLAY_MAX_EXCLUDE + 1));
        for (uint32_t i = 0; i < op.mover.exclude_count; i++) {
            op.mover.exclude[i].index = (uint32_t)(tu_rand64(s) % FC_WORLD_MAX_BODIES);
            op.mover.exclude[i].generation = (uint32_t)tu_rand64(s);
        }
        break;
    }
    return op;
}

static int is_query(fc_replay_op_kind k)
{
    return k == FC_REPLAY_QUERY_SHAPE || k == FC_REPLAY_QUERY_POINT || k == FC_REPLAY_QUERY_RAY ||
           k == FC_REPLAY_QUERY_RAY_ALL || k == FC_REPLAY_QUERY_RANGE || k == FC_REPLAY_QUERY_DUMP ||
           k == FC_REPLAY_QUERY_SECTOR || k == FC_REPLAY_QUERY_RING || k == FC_REPLAY_QUERY_CAST ||
           k == FC_REPLAY_QUERY_CAST_ALL || k == FC_REPLAY_QUERY_PUSHOUT || k == FC_REPLAY_QUERY_BODY_HASH ||
           k == FC_REPLAY_QUERY_PAIRS || k == FC_REPLAY_MOVER || k == FC_REPLAY_MOVER_SHAPE;
}

#define FRAMES 40
#define MAX_OPS 12

typedef struct sample {
    fc_replay_settings set;
    uint32_t nops[FRAMES];
    fc_replay_op ops[FRAMES][MAX_OPS];
    fc_replay_expect exp[FRAMES];
    fc_replay_query_expect q[FRAMES][MAX_OPS];
} sample;

static void make_sample(uint64_t *s, sample *sm)
{
    memset(sm, 0, sizeof *sm);
    sm->set.dim = 2 + (int32_t)(tu_rand64(s) % 2);
    /* settings a world accepts (the reader rejects others: test_settings) */
    sm->set.bounds_min = fc_vec2_make(rnd_fix(s) % (FC_COORD_LIMIT + 1), rnd_fix(s) % (FC_COORD_LIMIT + 1));
    sm->set.bounds_log2 = (int32_t)(tu_rand64(s) % 15);
    int32_t deepest = sm->set.bounds_log2 + 16 < FC_QT_MAX_DEPTH ? sm->set.bounds_log2 + 16 : FC_QT_MAX_DEPTH;
    sm->set.max_depth = (int32_t)(tu_rand64(s) % (uint64_t)(deepest + 1));
    sm->set.layout = (int32_t)(tu_rand64(s) % 2);
    sm->set.version = FC_REPLAY_VERSION_MIN + (int32_t)(tu_rand64(s) % (FC_REPLAY_VERSION - FC_REPLAY_VERSION_MIN + 1));
    for (int f = 0; f < FRAMES; f++) {
        sm->nops[f] = (uint32_t)(tu_rand64(s) % (MAX_OPS + 1));
        uint32_t nq = 0;
        for (uint32_t i = 0; i < sm->nops[f]; i++) {
            sm->ops[f][i] = rnd_op(s, sm->set.dim, sm->set.version);
            if (is_query(sm->ops[f][i].kind)) {
                sm->q[f][nq].count = (uint32_t)tu_rand64(s);
                sm->q[f][nq].hash = (uint32_t)tu_rand64(s);
                nq++;
            }
        }
        fc_replay_expect *e = &sm->exp[f];
        e->checksum = tu_rand64(s);
        e->state = tu_rand64(s);
        e->pairs = tu_rand64(s);
        e->pair_count = (uint32_t)tu_rand64(s);
        e->ops = (uint32_t)tu_rand64(s);
        e->query_count = nq;
        if (sm->set.version >= 3) {
            e->extended = 1;
            e->began_count = (uint32_t)tu_rand64(s);
            e->began = (uint32_t)tu_rand64(s);
            e->ended_count = (uint32_t)tu_rand64(s);
            e->ended = (uint32_t)tu_rand64(s);
            e->contact_count = (uint32_t)tu_rand64(s);
            e->contacts = (uint32_t)tu_rand64(s);
        }
    }
}

static void write_sample(const sample *sm, int text, fc_replay_writer *w)
{
    TU_CHECK(fc_replay_writer_init(w, &sm->set, text) == FC_OK, "writer init");
    for (int f = 0; f < FRAMES; f++) {
        fc_replay_write_frame(w, sm->nops[f]);
        for (uint32_t i = 0; i < sm->nops[f]; i++)
            fc_replay_write_op(w, &sm->ops[f][i]);
        fc_replay_write_expect(w, &sm->exp[f]);
        for (uint32_t i = 0; i < sm->exp[f].query_count; i++)
            fc_replay_write_query_expect(w, &sm->q[f][i]);
    }
    TU_CHECK(fc_replay_writer_finish(w) == FC_OK, "writer finish");
}

static int same_op(const fc_replay_op *a, const fc_replay_op *b, int dim)
{
    char la[2048], lb[2048]; /* a push-out of two random 8-vertex polygons: about 900 */
    fc_replay_op_format(a, dim, la, sizeof la);
    fc_replay_op_format(b, dim, lb, sizeof lb);
    return a->kind == b->kind && a->id.index == b->id.index && a->id.generation == b->id.generation &&
           a->filter.category == b->filter.category && a->filter.mask == b->filter.mask && a->slot == b->slot &&
           a->angle == b->angle && a->lo == b->lo && a->hi == b->hi && memcmp(&a->a, &b->a, sizeof a->a) == 0 &&
           memcmp(&a->b, &b->b, sizeof a->b) == 0 && memcmp(&a->sector, &b->sector, sizeof a->sector) == 0 &&
           memcmp(&a->ring, &b->ring, sizeof a->ring) == 0 &&
           strcmp(la, lb) == 0;
}

static void read_back(const sample *sm, const uint8_t *data, size_t size)
{
    fc_replay_reader r;
    TU_CHECK(fc_replay_open(&r, data, size) == FC_OK, "open: %s", r.error.reason);
    TU_CHECK(memcmp(&r.settings, &sm->set, sizeof r.settings) == 0, "settings");
    for (int f = 0; f < FRAMES && r.status == FC_OK; f++) {
        int32_t more = 0;
        uint32_t n = 0;
        TU_CHECK(fc_replay_next_frame(&r, &more, &n) == FC_OK && more && n == sm->nops[f], "frame %d", f);
        for (uint32_t i = 0; i < n && r.status == FC_OK; i++) {
            fc_replay_op op;
            TU_CHECK(fc_replay_next_op(&r, &op) == FC_OK, "op: %s", r.error.reason);
            if (breaking && f == FRAMES / 2 && i == 0)
                op.slot ^= 1, op.id.generation ^= 1, op.a.x ^= 1, op.filter.mask ^= 1, op.sector.radius ^= 1;
            TU_CHECK(same_op(&op, &sm->ops[f][i], sm->set.dim), "frame %d op %u differs", f, i);
        }
        fc_replay_expect e;
        TU_CHECK(fc_replay_read_expect(&r, &e) == FC_OK && memcmp(&e, &sm->exp[f], sizeof e) == 0, "expect %d", f);
        for (uint32_t i = 0; i < e.query_count && r.status == FC_OK; i++) {
            fc_replay_query_expect q;
            TU_CHECK(fc_replay_read_query_expect(&r, &q) == FC_OK && q.count == sm->q[f][i].count &&
                         q.hash == sm->q[f][i].hash,
                     "query %d/%u", f, i);
        }
    }
    int32_t more = 1;
    uint32_t n;
    TU_CHECK(fc_replay_next_frame(&r, &more, &n) == FC_OK && !more, "end: %s", r.error.reason);
}

/* Every prefix must fail with an offset inside the file (but a text file
 * cut just before its final newline); garbled bytes
 * must never crash and, when rejected, name a position inside the file. */
static void test_damage(const uint8_t *data, size_t size, uint64_t *s)
{
    uint8_t *copy = (uint8_t *)malloc(size ? size : 1);
    size_t step = size > 700 ? size / 700 : 1;
    for (size_t cut = 0; cut < size; cut += step) {
        fc_replay_writer w;
        fc_replay_error err;
        memcpy(copy, data, cut);
        fc_status st = fc_replay_convert(copy, cut, 0, &w, &err);
        /* a text file without its last newline is still whole ("end" ends it) */
        if (cut + 1 == size && data[cut] == '\n' && st == FC_OK) {
            fc_replay_writer_free(&w);
            continue;
        }
        TU_CHECK(st == FC_ERR_FORMAT && err.offset <= cut && err.reason[0], "truncated at %zu of %zu: status %d", cut,
                 size, st);
        fc_replay_writer_free(&w);
    }
    for (int i = 0; i < 700; i++) {
        memcpy(copy, data, size);
        size_t at = (size_t)(tu_rand64(s) % size);
        copy[at] = (uint8_t)tu_rand64(s);
        fc_replay_writer w;
        fc_replay_error err;
        fc_status st = fc_replay_convert(copy, size, 1, &w, &err);
        TU_CHECK(st == FC_OK || ((st == FC_ERR_FORMAT || st == FC_ERR_VERSION) && err.offset <= size && err.reason[0]),
                 "garbled byte %zu: status %d", at, st);
        fc_replay_writer_free(&w);
    }
    free(copy);
}

static void test_round_trips(void)
{
    uint64_t s = 0xABCDEF12345ull;
    sample *sm = (sample *)malloc(sizeof *sm);
    for (int round = 0; round < (breaking ? 2 : 12); round++) {
        make_sample(&s, sm);
        fc_replay_writer bin, txt, bin2, txt2;
        fc_replay_error err;
        write_sample(sm, 0, &bin);
        write_sample(sm, 1, &txt);
        read_back(sm, bin.data, bin.size);
        read_back(sm, txt.data, txt.size);
        TU_CHECK(fc_replay_convert(txt.data, txt.size, 0, &bin2, &err) == FC_OK, "text -> binary: %s", err.reason);
        TU_CHECK(bin2.size == bin.size && memcmp(bin2.data, bin.data, bin.size) == 0, "text -> binary is not identical");
        TU_CHECK(fc_replay_convert(bin.data, bin.size, 1, &txt2, &err) == FC_OK, "binary -> text");
        TU_CHECK(txt2.size == txt.size && memcmp(txt2.data, txt.data, txt.size) == 0, "binary -> text is not identical");
        if (round < 2 && !breaking)
            test_damage(round % 2 ? txt.data : bin.data, round % 2 ? txt.size : bin.size, &s);
        fc_replay_writer_free(&bin);
        fc_replay_writer_free(&txt);
        fc_replay_writer_free(&bin2);
        fc_replay_writer_free(&txt2);
    }
    free(sm);
}

static void expect_error(const char *text, fc_status want, uint32_t line, uint32_t column, const char *reason_part)
{
    fc_replay_writer w;
    fc_replay_error err;
    fc_status st = fc_replay_convert((const uint8_t *)text, strlen(text), 0, &w, &err);
    fc_replay_writer_free(&w);
    TU_CHECK(st == want && err.line == line && err.column == column && strstr(err.reason, reason_part),
             "'%.40s...': status %d at %u:%u '%s'", text, st, err.line, err.column, err.reason);
}

#define HDR "fixcol-replay version 2 dim 2 bounds -512 -512 log2 10 depth 7 loose\n"
#define HDR3 "fixcol-replay version 3 dim 2 bounds -512 -512 log2 10 depth 7 loose\n"
#define HDR4 "fixcol-replay version 4 dim 2 bounds -512 -512 log2 10 depth 7 loose\n"
#define EXPECT4 "expect 0x0 state 0x0 pairs 0 0x0 ops 0x0 queries 1 began 0 0x0 ended 0 0x0 contacts 0 0x0\n"

static void test_errors(void)
{
    expect_error("garbage", FC_ERR_FORMAT, 0, 0, "not a fixcol replay");
    expect_error("fixcol-replay version 6 dim 2\n", FC_ERR_VERSION, 1, 23, "version");
    /* version 5 operations and the 3D capsule: not in a version 4 file */
    expect_error(HDR4 "frame 1 ops 1\nmover 0 1 cat 0x1 mask 0x1 by 0 0 skin 16 iter 4 step 0 snap 0 up 1 1 slope 1 1 "
                      "exclude 0\n",
                 FC_ERR_FORMAT, 3, 1, "unknown name");
    expect_error("fixcol-replay version 4 dim 3 bounds -512 -512 log2 10 depth 7 loose\nframe 1 ops 1\n"
                 "overlap cat 0x1 mask 0x1 capsule 0 0 0 to 1 0 0 r 1\n",
                 FC_ERR_FORMAT, 3, 26, "unknown name");
    /* version 4 operations: not in a version 3 file; in a version 4 one
     * each reads with its fields */
    expect_error(HDR3 "frame 1 ops 1\npushout circle 0 0 r 1 b circle 0 0 r 1\n", FC_ERR_FORMAT, 3, 1, "unknown name");
    expect_error(HDR3 "frame 1 ops 1\nset_filter 0 1 cat 0x1 mask 0x1\n", FC_ERR_FORMAT, 3, 1, "unknown name");
    expect_error(HDR3 "frame 1 ops 1\nbody_hash 0 1\n", FC_ERR_FORMAT, 3, 1, "unknown name");
    expect_error(HDR3 "frame 1 ops 1\npairs\n", FC_ERR_FORMAT, 3, 1, "unknown name");
    expect_error(HDR4 "frame 1 ops 1\npushout circle 0 0 r 1 b aabb 0 0 to 1 1\n" EXPECT4 "result 1 0x0\nend\n", FC_OK,
                 0, 0, "");
    expect_error(HDR4 "frame 1 ops 1\npushout circle 0 0 r 1 circle 0 0 r 1\n", FC_ERR_FORMAT, 3, 24, "b");
    expect_error(HDR4 "frame 1 ops 1\npushout circle 0 0 r 1 b circle 0 0 r\n", FC_ERR_FORMAT, 3, 38, "radius");
    expect_error(HDR4 "frame 1 ops 1\nbody_hash 0 1\n" EXPECT4 "result 1 0x0\nend\n", FC_OK, 0, 0, "");
    expect_error(HDR4 "frame 1 ops 1\nbody_hash 16777216 1\n", FC_ERR_FORMAT, 3, 11, "body index");
    expect_error(HDR4 "frame 1 ops 1\npairs 3\n", FC_ERR_FORMAT, 3, 7, "end of line");
    expect_error(HDR4 "frame 1 ops 1\nset_filter 0 1 cat 0x1 mask 0x100000000\n", FC_ERR_FORMAT, 3, 29, "filter mask");
    expect_error(HDR4 "frame 1 ops 1\nset_filter 0 1 cat 0x1 mask 0x1\nexpect 0x0 state 0x0 pairs 0 0x0 ops 0x0 queries 1"
                      " began 0 0x0 ended 0 0x0 contacts 0 0x0\n", FC_ERR_FORMAT, 4, 1, "query count");
    expect_error("fixcol-replay version 0 dim 2\n", FC_ERR_VERSION, 1, 23, "version");
    /* version 3 operations and frame fields: not in a version 2 file; a
     * version 3 frame needs its events and contacts */
    expect_error(HDR "frame 1 ops 1\nsector cat 0x1 mask 0x1 at 0 0 r 1 dir 0 half 0\n", FC_ERR_FORMAT, 3, 1,
                 "unknown name");
    expect_error(HDR "frame 1 ops 1\ncast cat 0x1 mask 0x1 circle 0 0 r 1 by 1 0\n", FC_ERR_FORMAT, 3, 1,
                 "unknown name");
    expect_error(HDR3 "frame 1 ops 0\nexpect 0x0 state 0x0 pairs 0 0x0 ops 0x0 queries 0\n", FC_ERR_FORMAT, 3, 51,
                 "began");
    expect_error(HDR3 "frame 1 ops 1\nring cat 0x1 mask 0x1 at 0 0 inner 1 outer 0.5\nexpect 0x0 state 0x0 pairs 0 "
                      "0x0 ops 0x0 queries 1 began 0 0x0 ended 0 0x0 contacts 0 0x0\nresult 0 0x0\nend\n",
                 FC_OK, 0, 0, "");
    expect_error(HDR3 "frame 1 ops 1\ncast_all cat 0x1 mask 0x1 obb 0 0 half 1 1 angle 70000 by 1 0\n", FC_ERR_FORMAT,
                 3, 50, "obb angle");
    expect_error("fixcol-replay version 2 dim 4 bounds 0 0 log2 10 depth 7 loose\n", FC_ERR_FORMAT, 1, 29, "out of range");
    expect_error(HDR "frame 1 ops 1\ncreate 0 1 cat 0x1 mask 0x1 circle 0.1 0 r 1\n", FC_ERR_FORMAT, 3, 36, "exact Q16.16");
    expect_error(HDR "frame 2 ops 0\n", FC_ERR_FORMAT, 2, 7, "frame number");
    expect_error(HDR "frame 1 ops 0\nexpect 0x0 state 0x0 pairs 0 0x0 ops 0x0 queries 1\n", FC_ERR_FORMAT, 3, 1,
                 "query count");
    expect_error(HDR "frame 1 ops 1\nteleport 1 1\n", FC_ERR_FORMAT, 3, 1, "unknown name");
    /* version 1 had no range and dump queries */
    expect_error("fixcol-replay version 1 dim 2 bounds -512 -512 log2 10 depth 7 loose\nframe 1 ops 1\nrange 0 1\n",
                 FC_ERR_FORMAT, 3, 1, "unknown name");
    expect_error(HDR "frame 1 ops 0\nexpect 0x0 state 0x0 pairs 0 0x0 ops 0x0 queries 0\n", FC_ERR_FORMAT, 4, 1,
                 "end of file");
    expect_error(HDR "frame 1 ops 1000000\n", FC_ERR_FORMAT, 2, 6, "exceeds the rest of the file");
    expect_error(HDR "end\nextra\n", FC_ERR_FORMAT, 3, 1, "after the end");
    expect_error(HDR "# comment\n\nframe 1 ops 0 # trailing\nexpect 0x0 state 0x0 pairs 0 0x0 ops 0x0 queries 0\nend\n",
                 FC_OK, 0, 0, "");
    /* Binary: bad version at offset 8, truncated varint, bad tag. */
    static const uint8_t v3[] = {'F', 'C', 'R', 'E', 'P', 'L', 'A', 'Y', 6};
    fc_replay_reader r;
    TU_CHECK(fc_replay_open(&r, v3, sizeof v3) == FC_ERR_VERSION && r.error.offset == 8, "binary version");
    static const uint8_t big[] = {'F', 'C', 'R', 'E', 'P', 'L', 'A', 'Y', 0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01};
    TU_CHECK(fc_replay_open(&r, big, sizeof big) == FC_ERR_FORMAT && r.error.offset == 8, "varint overflow: %s", r.error.reason);
    static const uint8_t noncanon[] = {'F', 'C', 'R', 'E', 'P', 'L', 'A', 'Y', 0x81, 0x00};
    TU_CHECK(fc_replay_open(&r, noncanon, sizeof noncanon) == FC_ERR_FORMAT && strstr(r.error.reason, "non-canonical"),
             "non-canonical varint");
    char buf[200];
    fc_replay_error_format(&r.error, buf, sizeof buf);
    TU_CHECK(strncmp(buf, "offset 8: ", 10) == 0, "formatted: %s", buf);
}

/* A version 4 writer refuses the version 5 operations, a version 3 writer
 * also the version 4 ones, a version 2 writer also the version 3 ones, a
 * version 1 writer also the range and dump queries (a file it wrote would
 * hold what its readers reject); version 0 writes the current version;
 * versions outside 1..5 are refused by writer and runner. A runner of a
 * version below 4 rejects the version 4 operations (FC_ERR_ARGUMENT), of
 * version 4 and 5 runs them. */
static void test_versions(void)
{
    fc_replay_settings set;
    memset(&set, 0, sizeof set);
    set.dim = 2;
    set.bounds_log2 = 4;
    set.max_depth = 4;
    for (int32_t v = 0; v <= 6; v++) {
        set.version = v;
        fc_replay_writer w;
        fc_replay_runner rn;
        fc_status ws = fc_replay_writer_init(&w, &set, 1), rs = fc_replay_runner_init(&rn, &set);
        int ok = v >= 0 && v <= 5;
        TU_CHECK((ws == FC_OK) == ok && (rs == FC_OK) == ok, "version %d: writer %d runner %d", v, ws, rs);
        if (rs == FC_OK) { /* a version 4 push-out and filter change */
            fc_replay_op po;
            memset(&po, 0, sizeof po);
            po.kind = FC_REPLAY_QUERY_PUSHOUT;
            po.shape2.type = po.shape2_b.type = FC_SHAPE2_CIRCLE;
            po.shape2.u.circle.radius = po.shape2_b.u.circle.radius = 65536;
            po.shape2_b.u.circle.center.x = 65536;
            fc_replay_runner_begin_frame(&rn);
            fc_status ps = fc_replay_runner_apply(&rn, &po, NULL);
            int v4 = v == 0 || v >= 4;
            TU_CHECK(ps == (v4 ? FC_OK : FC_ERR_ARGUMENT) && rn.query_count == 1 && rn.queries[0].count == (v4 ? 1u : 0u),
                     "version %d runner: pushout status %d count %u", v, ps, rn.queries[0].count);
            po.kind = FC_REPLAY_SET_FILTER; /* no body 0: a stale id in version 4 */
            ps = fc_replay_runner_apply(&rn, &po, NULL);
            TU_CHECK(ps == (v4 ? FC_ERR_STALE_ID : FC_ERR_ARGUMENT), "version %d runner: set_filter status %d", v, ps);
            fc_replay_runner_free(&rn);
        }
        if (ws != FC_OK) {
            fc_replay_writer_free(&w);
            continue;
        }
        TU_CHECK(w.settings.version == (v ? v : FC_REPLAY_VERSION), "version %d written as %d", v, w.settings.version);
        fc_replay_op op;
        memset(&op, 0, sizeof op);
        op.kind = FC_REPLAY_QUERY_RING;
        op.ring = fc_ring2_make(fc_vec2_make(0, 0), 0, 65536);
        fc_replay_write_frame(&w, 1);
        fc_replay_write_op(&w, &op);
        TU_CHECK((w.status == FC_OK) == (v == 0 || v >= 3), "version %d: ring op status %d", v, w.status);
        fc_replay_writer_free(&w);
        /* the version 4 operations: versions 4, 5 (and 0) only; the version 5
         * ones: version 5 (and 0) only */
        for (int k = FC_REPLAY_QUERY_PUSHOUT; k <= FC_REPLAY_MOVER_SHAPE; k++) {
            if (fc_replay_writer_init(&w, &set, k & 1) != FC_OK)
                continue;
            memset(&op, 0, sizeof op);
            op.kind = (fc_replay_op_kind)k;
            op.shape2.type = op.shape2_b.type = FC_SHAPE2_CIRCLE;
            fc_replay_write_frame(&w, 1);
            fc_replay_write_op(&w, &op);
            int from = k >= FC_REPLAY_MOVER ? 5 : 4;
            TU_CHECK((w.status == FC_OK) == (v == 0 || v >= from), "version %d: op %d status %d", v, k, w.status);
            fc_replay_writer_free(&w);
        }
        /* a range query: versions 2 to 5 (and 0) only */
        if (fc_replay_writer_init(&w, &set, 1) != FC_OK)
            continue;
        memset(&op, 0, sizeof op);
        op.kind = FC_REPLAY_QUERY_RANGE;
        op.hi = 1;
        fc_replay_write_frame(&w, 1);
        fc_replay_write_op(&w, &op);
        TU_CHECK((w.status == FC_OK) == (v != 1), "version %d: range op status %d", v, w.status);
        fc_replay_writer_free(&w);
    }
}

/* Settings no world accepts (bounds corner beyond the coordinate range,
 * depth above log2 + 16) are rejected by the reader with a reason and the
 * position of the settings, in both forms. */
static void test_settings(void)
{
    for (int bad = 0; bad < 3; bad++)
        for (int32_t text = 0; text < 2; text++) {
            fc_replay_settings set;
            memset(&set, 0, sizeof set);
            set.dim = 2;
            set.bounds_log2 = 4;
            set.max_depth = bad == 2 ? 21 : 20;
            set.bounds_min = fc_vec2_make(bad == 0 ? FC_COORD_LIMIT + 1 : 0, bad == 1 ? -FC_COORD_LIMIT - 1 : 0);
            fc_replay_writer w;
            TU_CHECK(fc_replay_writer_init(&w, &set, text) == FC_OK, "writer init");
            TU_CHECK(fc_replay_writer_finish(&w) == FC_OK, "writer finish");
            fc_replay_reader r;
            fc_status st = fc_replay_open(&r, w.data, w.size);
            TU_CHECK(st == FC_ERR_FORMAT && r.error.reason[0] && r.error.offset > 0 && r.error.offset < w.size,
                     "settings case %d (text %d): status %d, offset %llu", bad, (int)text, (int)st,
                     (unsigned long long)r.error.offset);
            fc_replay_writer_free(&w);
        }
}

int main(int argc, char **argv)
{
    breaking = argc > 1 && strcmp(argv[1], "--break") == 0;
    if (!breaking) {
        test_decimals();
        test_errors();
        test_settings();
        test_versions();
    }
    test_round_trips();
    return tu_finish("replay format");
}
