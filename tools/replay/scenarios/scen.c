/* SPDX-License-Identifier: MIT */
/* Scenario dispatch and the helpers the generators share. */
#include "scen.h"

#include <string.h>

#include <fixcol/hash.h>

#include "core/nofloat.h"

const char *const scen_names[] = {
    "moba", "bullets", "mixed2d", "boxes3d", "adversarial", "adversarial3d", "desync", "desync3d", "skills", "skills3d",
    "resolve", "resolve3d", "platformer", "moba_movers", "movers3d", NULL,
};

static const char *const about[] = {
    "MOBA skirmish: two teams of circles, OBB skill areas and circle AoE overlap queries, point picks, deaths and respawns",
    "bullets as rays (closest hit and all hits) against static walls (boxes, OBBs, polygons) and moving circles",
    "every 2D shape type moving, turning and changing shape; overlap queries with every 2D shape type",
    "3D boxes (AABB and yawed OBB) and spheres on the ground plane; 3D overlap, point and ray queries",
    "2D adversarial: touching shapes, range-limit coordinates, quadtree centre-line straddlers, rejected ops, snapshot/restore",
    "3D adversarial: touching boxes and spheres, range limits, straddlers, snapshot/restore and id reuse",
    "2D desync probes: every 2D shape, deaths and respawns; range checksums and canonical dumps as queries",
    "3D desync probes: spheres, AABBs, OBBs, deaths and respawns; range checksums and canonical dumps",
    "2D skills (format 3): sector and ring skill areas, dashes and skill shots as shape casts against walls and units, "
    "pair events and contacts; adversarial casts (t = 0 and 1, grazing, 1 raw apart, range limits, rejected)",
    "3D skills (format 3): sphere, AABB and OBB casts against boxes and spheres, pair events and contacts; "
    "adversarial casts as in 2D",
    "2D crowd resolution (format 4): every 2D shape; a pair finding inside the frame, push-outs of overlapping "
    "bodies applied as moves, ghost filters set and cleared, body hashes; adversarial push-outs (identical shapes, "
    "range limits, touching, rejected)",
    "3D crowd resolution (format 4): spheres, AABBs, OBBs; in-frame pair findings, push-outs, filter changes, body "
    "hashes; adversarial push-outs as in 2D",
    "2D platformer (format 5): circle, capsule and box characters moved by the mover each frame over ground, stairs "
    "(step height and 1 raw higher), slopes (limit +-1 raw), corridors (body width and 1 raw narrower), moving "
    "platforms; snapshot, restore and re-simulation (rollback)",
    "MOBA crowd (format 5): movers walked in canonical order each frame against walls and each other, free-shape "
    "mover probes, deaths and respawns, rollback",
    "3D movers (format 5): spheres moved by the mover over boxes, OBBs, stairs and slopes, free-shape sphere and "
    "capsule probes, rollback",
};

static fc_status (*const gen[])(sc_ctx *) = {
    scen_moba, scen_bullets, scen_mixed2d, scen_boxes3d, scen_adversarial, scen_adversarial3d, scen_desync,
    scen_desync3d, scen_skills, scen_skills3d, scen_resolve, scen_resolve3d, scen_platformer, scen_moba_movers,
    scen_movers3d,
};
/* The format version each scenario records: the scenarios of the version 2
 * replays keep recording version 2, so that re-recording them gives the
 * committed bytes (tools/determinism-matrix --record); version 3 frames
 * also carry pair events and contacts. */
static const int32_t versions[] = {2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 4, 4, 5, 5, 5};

static int find(const char *name)
{
    for (int i = 0; name && scen_names[i]; i++)
        if (strcmp(name, scen_names[i]) == 0)
            return i;
    return -1;
}

const char *scen_about(const char *name)
{
    int i = find(name);
    return i < 0 ? NULL : about[i];
}

fc_status scen_record(fc_replay_recorder *rec, const char *name, uint32_t seed, uint32_t bodies, uint32_t frames)
{
    int i = find(name);
    if (!rec)
        return FC_ERR_NULL;
    memset(rec, 0, sizeof *rec);
    if (i < 0 || bodies < 1 || frames < 1 || bodies > SCEN_MAX_BODIES || frames > FC_REPLAY_MAX_FRAMES)
        return FC_ERR_ARGUMENT;
    sc_ctx c;
    c.rec = rec;
    c.rng = seed ? seed : 0x9E3779B9u;
    c.bodies = bodies;
    c.frames = frames;
    c.version = versions[i];
    return gen[i](&c);
}

fc_status sc_begin(sc_ctx *c, int32_t dim, int32_t bounds_min_units, int32_t log2, int32_t depth, int32_t layout)
{
    fc_replay_settings s;
    memset(&s, 0, sizeof s);
    s.dim = dim;
    s.bounds_min = fc_vec2_make(bounds_min_units * SC_UNIT, bounds_min_units * SC_UNIT);
    s.bounds_log2 = log2;
    s.max_depth = depth;
    s.layout = layout;
    s.version = c->version;
    return fc_replay_recorder_init(c->rec, &s);
}

uint32_t sc_rand(sc_ctx *c)
{
    uint32_t x = c->rng;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return c->rng = x;
}

int32_t sc_range(sc_ctx *c, int32_t lo, int32_t hi)
{
    uint32_t span = (uint32_t)((int64_t)hi - lo) + 1u;
    uint32_t r = span ? sc_rand(c) % span : sc_rand(c);
    return (int32_t)((int64_t)lo + r);
}

int sc_chance(sc_ctx *c, uint32_t num, uint32_t den) { return sc_rand(c) % den < num; }

fc_shape2 sc_circle(fix16_t x, fix16_t y, fix16_t r)
{
    fc_shape2 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE2_CIRCLE;
    s.u.circle.center = fc_vec2_make(x, y);
    s.u.circle.radius = r;
    return s;
}

fc_shape2 sc_aabb2(fix16_t x, fix16_t y, fix16_t hx, fix16_t hy)
{
    fc_shape2 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE2_AABB;
    s.u.aabb.min = fc_vec2_make(x - hx, y - hy);
    s.u.aabb.max = fc_vec2_make(x + hx, y + hy);
    return s;
}

fc_shape2 sc_obb2(fix16_t x, fix16_t y, fix16_t hx, fix16_t hy, fc_angle a)
{
    fc_shape2 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE2_OBB;
    s.u.obb.center = fc_vec2_make(x, y);
    s.u.obb.half = fc_vec2_make(hx, hy);
    s.u.obb.angle = a;
    s.u.obb.rot = fc_sincos_of(a);
    return s;
}

fc_shape2 sc_capsule(fix16_t ax, fix16_t ay, fix16_t bx, fix16_t by, fix16_t r)
{
    fc_shape2 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE2_CAPSULE;
    s.u.capsule.a = fc_vec2_make(ax, ay);
    s.u.capsule.b = fc_vec2_make(bx, by);
    s.u.capsule.radius = r;
    return s;
}

fc_shape2 sc_poly(fix16_t x, fix16_t y, fix16_t r, int32_t n, fc_angle a)
{
    fc_shape2 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE2_POLY;
    s.u.poly.count = n;
    for (int32_t i = 0; i < n; i++) {
        fc_sincos sc = fc_sincos_of((fc_angle)(a + (uint32_t)(65536 * i / n)));
        s.u.poly.v[i] = fc_vec2_make(x + fc_mul(r, sc.c), y + fc_mul(r, sc.s));
    }
    return s;
}

fc_shape3 sc_sphere(fc_vec3 c, fix16_t r)
{
    fc_shape3 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE3_SPHERE;
    s.u.sphere.center = c;
    s.u.sphere.radius = r;
    return s;
}

fc_shape3 sc_aabb3(fc_vec3 c, fc_vec3 half)
{
    fc_shape3 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE3_AABB;
    /* Component-wise, not fc_vec3_sub/add: no fc_vec3 return values in src/
     * (tcc 0.9.27 bug, see fc3_unit in collide3d_internal.h). */
    s.u.aabb.min = (fc_vec3){ c.x - half.x, c.y - half.y, c.z - half.z };
    s.u.aabb.max = (fc_vec3){ c.x + half.x, c.y + half.y, c.z + half.z };
    return s;
}

fc_shape3 sc_obb3(fc_vec3 c, fc_vec3 half, fc_angle yaw)
{
    fc_shape3 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE3_OBB;
    /* Invalid sizes are kept (the world rejects them, which is recorded). */
    if (fc_obb3_from_euler(c, half, yaw, 0, 0, &s.u.obb) != FC_OK) {
        s.u.obb.center = c;
        s.u.obb.half = half;
    }
    return s;
}

fc_filter sc_filter(uint32_t category, uint32_t mask)
{
    fc_filter f;
    f.category = category;
    f.mask = mask;
    return f;
}

static fc_replay_op op_of(fc_replay_op_kind k)
{
    fc_replay_op op;
    memset(&op, 0, sizeof op);
    op.kind = k;
    return op;
}

fc_status sc_create2(sc_ctx *c, fc_shape2 s, fc_filter f, fc_body_id *id)
{
    fc_replay_op op = op_of(FC_REPLAY_CREATE);
    op.shape2 = s;
    op.filter = f;
    fc_status st = fc_replay_record(c->rec, &op);
    *id = op.id;
    return st;
}

fc_status sc_create3(sc_ctx *c, fc_shape3 s, fc_filter f, fc_body_id *id)
{
    fc_replay_op op = op_of(FC_REPLAY_CREATE);
    op.shape3 = s;
    op.filter = f;
    fc_status st = fc_replay_record(c->rec, &op);
    *id = op.id;
    return st;
}

fc_status sc_move(sc_ctx *c, fc_body_id id, fix16_t dx, fix16_t dy, fix16_t dz)
{
    fc_replay_op op = op_of(FC_REPLAY_MOVE);
    op.id = id;
    op.a = (fc_vec3){ dx, dy, c->rec->rn.dim == 3 ? dz : 0 };
    return fc_replay_record(c->rec, &op);
}

fc_status sc_turn(sc_ctx *c, fc_body_id id, fc_angle a)
{
    fc_replay_op op = op_of(FC_REPLAY_TURN);
    op.id = id;
    op.angle = a;
    return fc_replay_record(c->rec, &op);
}

fc_status sc_set2(sc_ctx *c, fc_body_id id, fc_shape2 s)
{
    fc_replay_op op = op_of(FC_REPLAY_SET);
    op.id = id;
    op.shape2 = s;
    return fc_replay_record(c->rec, &op);
}

fc_status sc_set3(sc_ctx *c, fc_body_id id, fc_shape3 s)
{
    fc_replay_op op = op_of(FC_REPLAY_SET);
    op.id = id;
    op.shape3 = s;
    return fc_replay_record(c->rec, &op);
}

fc_status sc_destroy(sc_ctx *c, fc_body_id id)
{
    fc_replay_op op = op_of(FC_REPLAY_DESTROY);
    op.id = id;
    return fc_replay_record(c->rec, &op);
}

fc_status sc_overlap2(sc_ctx *c, fc_shape2 s, fc_filter f)
{
    fc_replay_op op = op_of(FC_REPLAY_QUERY_SHAPE);
    op.shape2 = s;
    op.filter = f;
    return fc_replay_record(c->rec, &op);
}

fc_status sc_overlap3(sc_ctx *c, fc_shape3 s, fc_filter f)
{
    fc_replay_op op = op_of(FC_REPLAY_QUERY_SHAPE);
    op.shape3 = s;
    op.filter = f;
    return fc_replay_record(c->rec, &op);
}

fc_status sc_point(sc_ctx *c, fc_vec3 p, fc_filter f)
{
    fc_replay_op op = op_of(FC_REPLAY_QUERY_POINT);
    op.a = p;
    if (c->rec->rn.dim == 2)
        op.a.z = 0;
    op.filter = f;
    return fc_replay_record(c->rec, &op);
}

fc_status sc_ray(sc_ctx *c, fc_vec3 origin, fc_vec3 delta, fc_filter f, int all)
{
    fc_replay_op op = op_of(all ? FC_REPLAY_QUERY_RAY_ALL : FC_REPLAY_QUERY_RAY);
    op.a = origin;
    op.b = delta;
    if (c->rec->rn.dim == 2)
        op.a.z = op.b.z = 0;
    op.filter = f;
    return fc_replay_record(c->rec, &op);
}

fc_status sc_snapshot(sc_ctx *c, uint32_t slot)
{
    fc_replay_op op = op_of(FC_REPLAY_SNAPSHOT);
    op.slot = slot;
    return fc_replay_record(c->rec, &op);
}

fc_status sc_restore(sc_ctx *c, uint32_t slot)
{
    fc_replay_op op = op_of(FC_REPLAY_RESTORE);
    op.slot = slot;
    return fc_replay_record(c->rec, &op);
}

fc_status sc_range_checksum(sc_ctx *c, uint32_t lo, uint32_t hi)
{
    fc_replay_op op = op_of(FC_REPLAY_QUERY_RANGE);
    op.lo = lo;
    op.hi = hi;
    return fc_replay_record(c->rec, &op);
}

fc_status sc_dump(sc_ctx *c)
{
    fc_replay_op op = op_of(FC_REPLAY_QUERY_DUMP);
    return fc_replay_record(c->rec, &op);
}

fc_status sc_sector(sc_ctx *c, fc_sector2 s, fc_filter f)
{
    fc_replay_op op = op_of(FC_REPLAY_QUERY_SECTOR);
    op.sector = s;
    op.filter = f;
    return fc_replay_record(c->rec, &op);
}

fc_status sc_ring(sc_ctx *c, fc_ring2 r, fc_filter f)
{
    fc_replay_op op = op_of(FC_REPLAY_QUERY_RING);
    op.ring = r;
    op.filter = f;
    return fc_replay_record(c->rec, &op);
}

fc_status sc_cast2(sc_ctx *c, fc_shape2 moving, fc_vec2 delta, fc_filter f, int all)
{
    fc_replay_op op = op_of(all ? FC_REPLAY_QUERY_CAST_ALL : FC_REPLAY_QUERY_CAST);
    op.shape2 = moving;
    op.b = (fc_vec3){ delta.x, delta.y, 0 };
    op.filter = f;
    return fc_replay_record(c->rec, &op);
}

fc_status sc_cast3(sc_ctx *c, fc_shape3 moving, fc_vec3 delta, fc_filter f, int all)
{
    fc_replay_op op = op_of(all ? FC_REPLAY_QUERY_CAST_ALL : FC_REPLAY_QUERY_CAST);
    op.shape3 = moving;
    op.b = delta;
    op.filter = f;
    return fc_replay_record(c->rec, &op);
}

fc_status sc_pushout2(sc_ctx *c, fc_shape2 a, fc_shape2 b)
{
    fc_replay_op op = op_of(FC_REPLAY_QUERY_PUSHOUT);
    op.shape2 = a;
    op.shape2_b = b;
    return fc_replay_record(c->rec, &op);
}

fc_status sc_pushout3(sc_ctx *c, fc_shape3 a, fc_shape3 b)
{
    fc_replay_op op = op_of(FC_REPLAY_QUERY_PUSHOUT);
    op.shape3 = a;
    op.shape3_b = b;
    return fc_replay_record(c->rec, &op);
}

fc_status sc_set_filter(sc_ctx *c, fc_body_id id, fc_filter f)
{
    fc_replay_op op = op_of(FC_REPLAY_SET_FILTER);
    op.id = id;
    op.filter = f;
    return fc_replay_record(c->rec, &op);
}

fc_status sc_body_hash(sc_ctx *c, fc_body_id id)
{
    fc_replay_op op = op_of(FC_REPLAY_QUERY_BODY_HASH);
    op.id = id;
    return fc_replay_record(c->rec, &op);
}

fc_status sc_pairs(sc_ctx *c)
{
    fc_replay_op op = op_of(FC_REPLAY_QUERY_PAIRS);
    return fc_replay_record(c->rec, &op);
}

fc_replay_mover sc_mover_def(const fc_mover_def *d)
{
    fc_replay_mover m;
    memset(&m, 0, sizeof m);
    m.skin = d->skin;
    m.max_iterations = d->max_iterations;
    m.step_height = d->step_height;
    m.snap_distance = d->snap_distance;
    m.up_axis = d->up_axis;
    m.up_sign = d->up_sign;
    m.slope_run = d->slope_run;
    m.slope_rise = d->slope_rise;
    return m;
}

fc_status sc_mover(sc_ctx *c, fc_body_id id, fc_vec3 d, const fc_replay_mover *m, fc_filter f)
{
    fc_replay_op op = op_of(FC_REPLAY_MOVER);
    op.id = id;
    op.a = d;
    op.mover = *m;
    op.filter = f;
    return fc_replay_record(c->rec, &op);
}

fc_status sc_mover_shape2(sc_ctx *c, fc_shape2 s, fc_vec2 d, const fc_replay_mover *m, fc_filter f)
{
    fc_replay_op op = op_of(FC_REPLAY_MOVER_SHAPE);
    op.shape2 = s;
    op.a = (fc_vec3){ d.x, d.y, 0 };
    op.mover = *m;
    op.filter = f;
    return fc_replay_record(c->rec, &op);
}

fc_status sc_mover_shape3(sc_ctx *c, fc_shape3 s, fc_vec3 d, const fc_replay_mover *m, fc_filter f)
{
    fc_replay_op op = op_of(FC_REPLAY_MOVER_SHAPE);
    op.shape3 = s;
    op.a = d;
    op.mover = *m;
    op.filter = f;
    return fc_replay_record(c->rec, &op);
}

fc_shape3 sc_capsule3(fc_vec3 a, fc_vec3 b, fix16_t r)
{
    fc_shape3 s;
    memset(&s, 0, sizeof s);
    s.type = FC_SHAPE3_CAPSULE;
    s.u.capsule.a = a;
    s.u.capsule.b = b;
    s.u.capsule.radius = r;
    return s;
}

uint64_t sc_query_digest(const sc_ctx *c)
{
    fc_hash64 h = fc_hash64_init(c->rec->rn.query_count);
    for (uint32_t j = 0; j < c->rec->rn.query_count; j++)
        fc_hash64_pair(&h, c->rec->rn.queries[j].count, c->rec->rn.queries[j].hash);
    return fc_hash64_final(&h);
}

fc_status sc_end_frame(sc_ctx *c) { return fc_replay_recorder_end_frame(c->rec); }
