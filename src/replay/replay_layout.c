/* SPDX-License-Identifier: MIT */
/* The replay layout (versions 1 to 5) (docs/replay-format.md), written once over the codec
 * primitives so binary/text reading and writing share it. */
#include "replay_layout.h"

#include <string.h>

#include <fixcol/trig.h>

#include "core/nofloat.h"

static const char *const op_names[FC_REPLAY_OP_KINDS] = {
    NULL, "create", "move", "turn", "set", "destroy", "overlap", "point", "ray", "ray_all", "snapshot", "restore",
    "range", "dump", "sector", "ring", "cast", "cast_all", "pushout", "set_filter", "body_hash", "pairs", "mover", "mover_shape",
};
static const char *const shape2_names[] = {NULL, "circle", "aabb", "obb", "capsule", "poly"};
static const char *const shape3_names[] = {NULL, "sphere", "aabb", "obb", "capsule"};
static const char *const record_names[] = {NULL, "frame", "end"};
static const char *const layout_names[] = {NULL, "loose", "strict"}; /* FC_QT_* + 1 */

const char *fc_replay_op_name(fc_replay_op_kind k)
{
    return (uint32_t)k < sizeof op_names / sizeof op_names[0] && op_names[k] ? op_names[k] : "?";
}

void fc_layout_magic(fc_codec *c, uint32_t *version)
{
    fc_codec_magic(c, FC_REPLAY_MAGIC, 8, "magic");
    fc_codec_word(c, "fixcol-replay");
    fc_codec_word(c, "version");
    fc_codec_u32(c, "version", version, 0, UINT32_MAX);
}

void fc_layout_settings(fc_codec *c, fc_replay_settings *s)
{
    fc_codec_word(c, "dim");
    fc_codec_int(c, "dimension", &s->dim, 2, 3);
    fc_codec_word(c, "bounds");
    fc_codec_fix(c, "bounds min x", &s->bounds_min.x);
    fc_codec_fix(c, "bounds min y", &s->bounds_min.y);
    fc_codec_word(c, "log2");
    fc_codec_int(c, "bounds log2 size", &s->bounds_log2, 0, 14);
    fc_codec_word(c, "depth");
    fc_codec_int(c, "quadtree max depth", &s->max_depth, 0, FC_QT_MAX_DEPTH);
    uint32_t l = (uint32_t)s->layout + 1; /* the enum codec counts from 1 */
    fc_codec_enum(c, "quadtree layout", &l, layout_names, 3);
    s->layout = (int32_t)l - 1;
    fc_codec_eol(c);
}

void fc_layout_record(fc_codec *c, uint32_t *tag)
{
    fc_codec_enum(c, "record (frame or end)", tag, record_names, 3);
}

void fc_layout_frame(fc_codec *c, uint32_t number, uint32_t *op_count)
{
    if (c->text) {
        uint32_t n = number;
        fc_codec_u32(c, "frame number (frames count from 1, in order)", &n, number, number);
        fc_codec_word(c, "ops");
    }
    fc_codec_u32(c, "operation count", op_count, 0, FC_REPLAY_MAX_OPS);
    fc_codec_eol(c);
}

static void vec(fc_codec *c, int32_t dim, fc_vec3 *v, const char *what)
{
    fc_codec_fix(c, what, &v->x);
    fc_codec_fix(c, what, &v->y);
    if (dim == 3)
        fc_codec_fix(c, what, &v->z);
}

static void vec2(fc_codec *c, fc_vec2 *v, const char *what)
{
    fc_codec_fix(c, what, &v->x);
    fc_codec_fix(c, what, &v->y);
}

static void vec3(fc_codec *c, fc_vec3 *v, const char *what)
{
    vec(c, 3, v, what);
}

static void shape2(fc_codec *c, fc_shape2 *s)
{
    uint32_t t = (uint32_t)s->type;
    fc_codec_enum(c, "2D shape type", &t, shape2_names, 6);
    if (!fc_codec_ok(c))
        return;
    s->type = (fc_shape2_type)t;
    switch (s->type) {
    case FC_SHAPE2_CIRCLE:
        vec2(c, &s->u.circle.center, "circle centre");
        fc_codec_word(c, "r");
        fc_codec_fix(c, "circle radius", &s->u.circle.radius);
        break;
    case FC_SHAPE2_AABB:
        vec2(c, &s->u.aabb.min, "aabb min");
        fc_codec_word(c, "to");
        vec2(c, &s->u.aabb.max, "aabb max");
        break;
    case FC_SHAPE2_OBB: {
        vec2(c, &s->u.obb.center, "obb centre");
        fc_codec_word(c, "half");
        vec2(c, &s->u.obb.half, "obb half extents");
        fc_codec_word(c, "angle");
        int32_t a = s->u.obb.angle;
        fc_codec_int(c, "obb angle (0..65535)", &a, 0, 65535);
        s->u.obb.angle = (fc_angle)a;
        s->u.obb.rot = fc_sincos_of(s->u.obb.angle);
        break;
    }
    case FC_SHAPE2_CAPSULE:
        vec2(c, &s->u.capsule.a, "capsule a");
        fc_codec_word(c, "to");
        vec2(c, &s->u.capsule.b, "capsule b");
        fc_codec_word(c, "r");
        fc_codec_fix(c, "capsule radius", &s->u.capsule.radius);
        break;
    case FC_SHAPE2_POLY: {
        uint32_t n = (uint32_t)s->u.poly.count;
        fc_codec_u32(c, "polygon vertex count", &n, 3, FC_POLY2_MAX_VERTS);
        if (!fc_codec_ok(c))
            return;
        s->u.poly.count = (int32_t)n;
        for (uint32_t i = 0; i < n; i++)
            vec2(c, &s->u.poly.v[i], "polygon vertex");
        break;
    }
    }
}

static int32_t version_of(const fc_codec *c);

static void shape3(fc_codec *c, fc_shape3 *s)
{
    uint32_t t = (uint32_t)s->type;
    /* the capsule (tag 4) exists from version 5 on: in an older file it is
     * "unknown tag (3D shape type)" */
    fc_codec_enum(c, "3D shape type", &t, shape3_names, version_of(c) >= 5 ? 5 : 4);
    if (!fc_codec_ok(c))
        return;
    s->type = (fc_shape3_type)t;
    switch (s->type) {
    case FC_SHAPE3_SPHERE:
        vec3(c, &s->u.sphere.center, "sphere centre");
        fc_codec_word(c, "r");
        fc_codec_fix(c, "sphere radius", &s->u.sphere.radius);
        break;
    case FC_SHAPE3_AABB:
        vec3(c, &s->u.aabb.min, "aabb min");
        fc_codec_word(c, "to");
        vec3(c, &s->u.aabb.max, "aabb max");
        break;
    case FC_SHAPE3_OBB:
        vec3(c, &s->u.obb.center, "obb centre");
        fc_codec_word(c, "half");
        vec3(c, &s->u.obb.half, "obb half extents");
        fc_codec_word(c, "axes");
        for (int i = 0; i < 3; i++)
            vec3(c, &s->u.obb.axis[i], "obb axis");
        break;
    case FC_SHAPE3_CAPSULE: /* version 5 */
        vec3(c, &s->u.capsule.a, "capsule a");
        fc_codec_word(c, "to");
        vec3(c, &s->u.capsule.b, "capsule b");
        fc_codec_word(c, "r");
        fc_codec_fix(c, "capsule radius", &s->u.capsule.radius);
        break;
    }
}

/* The version whose layout c reads or writes (0, a writer that was never
 * initialised - fc_replay_op_format - means the current one). */
static int32_t version_of(const fc_codec *c)
{
    int32_t v = c->r ? c->r->settings.version : c->w->settings.version;
    return v ? v : FC_REPLAY_VERSION;
}

static void shape(fc_codec *c, int32_t dim, fc_replay_op *op)
{
    if (dim == 2)
        shape2(c, &op->shape2);
    else
        shape3(c, &op->shape3);
}

/* The second shape of a push-out (b, the one pushed out). */
static void shape_b(fc_codec *c, int32_t dim, fc_replay_op *op)
{
    if (dim == 2)
        shape2(c, &op->shape2_b);
    else
        shape3(c, &op->shape3_b);
}

/* One past the last operation kind of format version v. */
static uint32_t kinds_of(int32_t v)
{
    return v >= 5 ? FC_REPLAY_OP_KINDS
           : v == 4 ? FC_REPLAY_OP_KINDS_V4
           : v == 3 ? FC_REPLAY_OP_KINDS_V3
           : v == FC_REPLAY_VERSION_V1 ? FC_REPLAY_OP_KINDS_V1
                                        : FC_REPLAY_OP_KINDS_V2;
}

uint32_t fc_replay_op_kinds(int32_t version)
{
    return kinds_of(version ? version : FC_REPLAY_VERSION);
}

int fc_replay_is_query(fc_replay_op_kind k)
{
    return k == FC_REPLAY_QUERY_SHAPE || k == FC_REPLAY_QUERY_POINT || k == FC_REPLAY_QUERY_RAY ||
           k == FC_REPLAY_QUERY_RAY_ALL || k == FC_REPLAY_QUERY_RANGE || k == FC_REPLAY_QUERY_DUMP ||
           k == FC_REPLAY_QUERY_SECTOR || k == FC_REPLAY_QUERY_RING || k == FC_REPLAY_QUERY_CAST ||
           k == FC_REPLAY_QUERY_CAST_ALL || k == FC_REPLAY_QUERY_PUSHOUT || k == FC_REPLAY_QUERY_BODY_HASH ||
           k == FC_REPLAY_QUERY_PAIRS || k == FC_REPLAY_MOVER || k == FC_REPLAY_MOVER_SHAPE;
}

static void angle(fc_codec *c, const char *what, fc_angle *v)
{
    int32_t a = *v;
    fc_codec_int(c, what, &a, 0, 65535);
    *v = (fc_angle)a;
}

static void sector(fc_codec *c, fc_sector2 *s)
{
    fc_codec_word(c, "at");
    vec2(c, &s->center, "sector apex");
    fc_codec_word(c, "r");
    fc_codec_fix(c, "sector radius", &s->radius);
    fc_codec_word(c, "dir");
    angle(c, "sector direction (0..65535)", &s->direction);
    fc_codec_word(c, "half");
    angle(c, "sector half angle (0..65535)", &s->half_angle);
}

static void ring(fc_codec *c, fc_ring2 *r)
{
    fc_codec_word(c, "at");
    vec2(c, &r->center, "ring centre");
    fc_codec_word(c, "inner");
    fc_codec_fix(c, "ring inner radius", &r->inner);
    fc_codec_word(c, "outer");
    fc_codec_fix(c, "ring outer radius", &r->outer);
}

static void body_id(fc_codec *c, fc_body_id *id)
{
    fc_codec_u32(c, "body index", &id->index, 0, FC_WORLD_MAX_BODIES - 1);
    fc_codec_u32(c, "body generation", &id->generation, 0, UINT32_MAX);
}

static void filter(fc_codec *c, fc_filter *f)
{
    fc_codec_word(c, "cat");
    fc_codec_bits(c, "filter category", &f->category);
    fc_codec_word(c, "mask");
    fc_codec_bits(c, "filter mask", &f->mask);
}

/* A mover definition (version 5): skin, iterations, step, snap, up axis and
 * sign, slope run and rise, then the excluded ids (count, ids). */
static void mover(fc_codec *c, fc_replay_mover *m)
{
    fc_codec_word(c, "skin");
    fc_codec_int(c, "mover skin", &m->skin, INT32_MIN, INT32_MAX);
    fc_codec_word(c, "iter");
    fc_codec_int(c, "mover max iterations", &m->max_iterations, INT32_MIN, INT32_MAX);
    fc_codec_word(c, "step");
    fc_codec_int(c, "mover step height", &m->step_height, INT32_MIN, INT32_MAX);
    fc_codec_word(c, "snap");
    fc_codec_int(c, "mover snap distance", &m->snap_distance, INT32_MIN, INT32_MAX);
    fc_codec_word(c, "up");
    fc_codec_int(c, "mover up axis", &m->up_axis, INT32_MIN, INT32_MAX);
    fc_codec_int(c, "mover up sign", &m->up_sign, INT32_MIN, INT32_MAX);
    fc_codec_word(c, "slope");
    fc_codec_int(c, "mover slope run", &m->slope_run, INT32_MIN, INT32_MAX);
    fc_codec_int(c, "mover slope rise", &m->slope_rise, INT32_MIN, INT32_MAX);
    fc_codec_word(c, "exclude");
    fc_codec_u32(c, "mover excluded id count", &m->exclude_count, 0, FC_REPLAY_MAX_EXCLUDE);
    for (uint32_t i = 0; fc_codec_ok(c) && i < m->exclude_count; i++)
        body_id(c, &m->exclude[i]);
}

int fc_layout_op(fc_codec *c, int32_t dim, fc_replay_op *op)
{
    uint32_t k = (uint32_t)op->kind;
    /* a version 3 file knows only the first 18 kinds (version 2: 14,
     * version 1: 12): a later tag there is "unknown tag (operation)", as an
     * older reader reports it */
    fc_codec_enum(c, "operation", &k, op_names, kinds_of(version_of(c)));
    if (!fc_codec_ok(c))
        return 0;
    op->kind = (fc_replay_op_kind)k;
    switch (op->kind) {
    case FC_REPLAY_CREATE:
        body_id(c, &op->id);
        filter(c, &op->filter);
        shape(c, dim, op);
        break;
    case FC_REPLAY_MOVE:
        body_id(c, &op->id);
        fc_codec_word(c, "by");
        vec(c, dim, &op->a, "move delta");
        break;
    case FC_REPLAY_TURN:
        body_id(c, &op->id);
        fc_codec_word(c, "to");
        angle(c, "angle (0..65535)", &op->angle);
        break;
    case FC_REPLAY_SET:
        body_id(c, &op->id);
        shape(c, dim, op);
        break;
    case FC_REPLAY_DESTROY:
        body_id(c, &op->id);
        break;
    case FC_REPLAY_QUERY_SHAPE:
        filter(c, &op->filter);
        shape(c, dim, op);
        break;
    case FC_REPLAY_QUERY_POINT:
        filter(c, &op->filter);
        fc_codec_word(c, "at");
        vec(c, dim, &op->a, "point");
        break;
    case FC_REPLAY_QUERY_RAY:
    case FC_REPLAY_QUERY_RAY_ALL:
        filter(c, &op->filter);
        fc_codec_word(c, "from");
        vec(c, dim, &op->a, "ray origin");
        fc_codec_word(c, "by");
        vec(c, dim, &op->b, "ray delta");
        break;
    case FC_REPLAY_SNAPSHOT:
    case FC_REPLAY_RESTORE:
        fc_codec_u32(c, "snapshot slot", &op->slot, 0, FC_REPLAY_MAX_SLOTS - 1);
        break;
    case FC_REPLAY_QUERY_RANGE:
        fc_codec_u32(c, "range start slot", &op->lo, 0, FC_WORLD_MAX_BODIES);
        fc_codec_u32(c, "range end slot", &op->hi, 0, FC_WORLD_MAX_BODIES);
        break;
    case FC_REPLAY_QUERY_DUMP:
        break;
    case FC_REPLAY_QUERY_SECTOR:
        filter(c, &op->filter);
        sector(c, &op->sector);
        break;
    case FC_REPLAY_QUERY_RING:
        filter(c, &op->filter);
        ring(c, &op->ring);
        break;
    case FC_REPLAY_QUERY_CAST:
    case FC_REPLAY_QUERY_CAST_ALL:
        filter(c, &op->filter);
        shape(c, dim, op);
        fc_codec_word(c, "by");
        vec(c, dim, &op->b, "cast delta");
        break;
    case FC_REPLAY_QUERY_PUSHOUT:
        shape(c, dim, op);
        fc_codec_word(c, "b");
        shape_b(c, dim, op);
        break;
    case FC_REPLAY_SET_FILTER:
        body_id(c, &op->id);
        filter(c, &op->filter);
        break;
    case FC_REPLAY_QUERY_BODY_HASH:
        body_id(c, &op->id);
        break;
    case FC_REPLAY_QUERY_PAIRS:
        break;
    case FC_REPLAY_MOVER:
        body_id(c, &op->id);
        filter(c, &op->filter);
        fc_codec_word(c, "by");
        vec(c, dim, &op->a, "mover desired displacement");
        mover(c, &op->mover);
        break;
    case FC_REPLAY_MOVER_SHAPE:
        filter(c, &op->filter);
        shape(c, dim, op);
        fc_codec_word(c, "by");
        vec(c, dim, &op->a, "mover desired displacement");
        mover(c, &op->mover);
        break;
    }
    fc_codec_eol(c);
    return fc_replay_is_query(op->kind);
}

void fc_layout_expect(fc_codec *c, fc_replay_expect *e)
{
    fc_codec_word(c, "expect");
    fc_codec_hash64(c, "frame checksum", &e->checksum);
    fc_codec_word(c, "state");
    fc_codec_hash64(c, "state hash", &e->state);
    fc_codec_word(c, "pairs");
    fc_codec_u32(c, "pair count", &e->pair_count, 0, UINT32_MAX);
    fc_codec_hash64(c, "pair hash", &e->pairs);
    fc_codec_word(c, "ops");
    fc_codec_hash32(c, "operation status hash", &e->ops);
    fc_codec_word(c, "queries");
    fc_codec_u32(c, "query count", &e->query_count, 0, FC_REPLAY_MAX_QUERIES);
    e->extended = version_of(c) >= 3;
    if (e->extended) {
        fc_codec_word(c, "began");
        fc_codec_u32(c, "began pair count", &e->began_count, 0, UINT32_MAX);
        fc_codec_hash32(c, "began pair hash", &e->began);
        fc_codec_word(c, "ended");
        fc_codec_u32(c, "ended pair count", &e->ended_count, 0, UINT32_MAX);
        fc_codec_hash32(c, "ended pair hash", &e->ended);
        fc_codec_word(c, "contacts");
        fc_codec_u32(c, "contact count", &e->contact_count, 0, UINT32_MAX);
        fc_codec_hash32(c, "contact hash", &e->contacts);
    } else {
        e->began_count = e->began = e->ended_count = e->ended = e->contact_count = e->contacts = 0;
    }
    fc_codec_eol(c);
}

void fc_layout_query_expect(fc_codec *c, fc_replay_query_expect *q)
{
    fc_codec_word(c, "result");
    fc_codec_u32(c, "query hit count", &q->count, 0, UINT32_MAX);
    fc_codec_hash32(c, "query result hash", &q->hash);
    fc_codec_eol(c);
}
