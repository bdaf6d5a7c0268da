/* SPDX-License-Identifier: MIT */
/* fixcol/world.h - the world tier: bodies with generation-checked ids,
 * collision filters, canonical pair lists, overlap / point queries, ray
 * casts, a per-frame checksum and snapshot/restore.
 *
 * A frame-sync server steps one world per match:
 *
 *     fc_world_def def = fc_world_def_default();
 *     fc_world *w;  fc_world_create(&def, &w);
 *     fc_body_def bd = fc_body_def_default();          (unit circle)
 *     fc_body_id id;  fc_world_create_body(w, &bd, &id);
 *     every frame:
 *         fc_world_translate2(w, id, delta);           (moves, creates, destroys)
 *         fc_world_find_pairs(w, &pairs, &npairs);     (sorted by (a, b))
 *         fc_world_overlap2(w, &skill_area, filter, &ids, &nids);
 *         uint64_t sum = fc_world_checksum(w);         (publish / compare)
 *
 * Determinism: every output is a pure function of the world's current
 * contents (ids, shapes, filters) - never of insertion/removal history,
 * memory addresses or sort ties - and is computed with integers only.
 * A world is 2D or 3D (fc_world_def.dim). A 3D world indexes bodies on the
 * ground plane (x, z) and uses the 3D narrowphase.
 *
 * Threads: a world is used by one thread at a time; distinct worlds share
 * nothing (no global state) and may run on different threads at once.
 *
 * Range rule: every call that puts a shape into a world (create_body,
 * set_shape2/3, translate2/3, set_angle2; restore checks the same)
 * accepts the resulting shape exactly when fc_shape2_validate /
 * fc_shape3_validate does (shapes.h): its defining coordinates - centre,
 * AABB corners, capsule endpoints, polygon vertices - in [-FC_COORD_LIMIT,
 * FC_COORD_LIMIT] and its sizes within FC_SIZE_LIMIT; else that
 * validation error (FC_ERR_RANGE for a coordinate), world unchanged. The
 * extent is not limited: a valid shape's points (and fc_world_get_bounds)
 * may reach past the coordinate range by up to its radius / rotated
 * half-extents, |bound| < 2^31 raw (e.g. an OBB centred at (+8192, +8192)
 * units with half-extents (4096 units, 1 raw) at angle 8192 reaches 11,088
 * units), and every entry point gives the same shape the same bounds.
 *
 * Errors: a call returning an error has changed nothing. Programmer errors
 * (NULL world or output pointer) return FC_ERR_NULL. Calls that return no
 * status treat a NULL world as an empty one and read nothing:
 * fc_world_get_dim gives 0 (neither FC_WORLD_2D nor FC_WORLD_3D),
 * fc_world_body_valid 0, fc_world_body_count 0, fc_world_checksum 0,
 * fc_world_broadphase_stats all zeros, fc_world_destroy does nothing.
 *
 * Output arrays (pairs, query ids, ray hits) are owned by the world:
 *   - the pair array is valid until the next fc_world_find_pairs (or
 *     fc_world_find_contacts2/3) or the next mutation
 *     (create/destroy/set/translate/restore, and fc_world_history_rollback)
 *     or fc_world_destroy;
 *   - the query array (overlap, point and all-hits ray queries share it) is
 *     valid until the next query of any of those kinds, the next mutation or
 *     fc_world_destroy;
 *   - the event arrays (fc_world_pair_events) and the contact array
 *     (fc_world_find_contacts2/3) live like the pair array, and the event
 *     arrays also end at the next fc_world_pair_events.
 */
#ifndef FIXCOL_WORLD_H
#define FIXCOL_WORLD_H

#include <fixcol/api.h>

#include <stddef.h>
#include <stdint.h>
#include <fixmath.h>

#include <fixcol/alloc.h>
#include <fixcol/collide2d.h>
#include <fixcol/collide3d.h>
#include <fixcol/hash.h>
#include <fixcol/quadtree.h>
#include <fixcol/shapes.h>
#include <fixcol/status.h>
#include <fixcol/trig.h>
#include <fixcol/vec.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Largest number of body slots (live + free) in one world. */
#define FC_WORLD_MAX_BODIES (1 << 24)

/* ------------------------------------------------------------ world def */

typedef enum fc_world_dim {
    FC_WORLD_2D = 2,
    FC_WORLD_3D = 3
} fc_world_dim;

typedef struct fc_world_def {
    fc_world_dim dim;         /* FC_WORLD_2D or FC_WORLD_3D */
    /* Broadphase square: lower corner (Q16.16; (x, y) in 2D, (x, z) in 3D),
     * each in [-FC_COORD_LIMIT, FC_COORD_LIMIT], and side 2^bounds_log2
     * units, bounds_log2 in 0..14. Bodies outside it are still exact (they
     * are clamped for placement only); it is a speed setting. */
    fc_vec2 bounds_min;
    int32_t bounds_log2;
    /* Quadtree depth, 0..FC_QT_MAX_DEPTH and <= bounds_log2 + 16. Speed
     * only: pick it so the finest cell (side / 2^max_depth) is about 8-30
     * times the typical body size (W1 - 1..4-unit boxes, 1024-unit side -
     * is fastest at 5). */
    int32_t max_depth;
    fc_qt_layout layout;      /* FC_QT_LOOSE (default) or FC_QT_STRICT (seed layout) */
    int32_t body_capacity;    /* hint: body slots preallocated, 0..FC_WORLD_MAX_BODIES */
    int32_t pair_capacity;    /* hint: entries preallocated in the pair list and in each query and ray output, >= 0 */
    /* World tag, copied into every id this world hands out; an id with
     * another tag is foreign and rejected with FC_ERR_STALE_ID. Part of the
     * snapshot; not part of the checksum. */
    uint32_t tag;
    fc_allocator alloc;       /* NULL hooks: malloc/free */
} fc_world_def;

/* Defaults: 2D, bounds (0, 0) + 1024 units (bounds_log2 10), max_depth 5,
 * FC_QT_LOOSE, no capacity hints, tag 1, malloc/free. */
FC_API fc_world_def fc_world_def_default(void);

typedef struct fc_world fc_world;

/* Create a world. Errors: FC_ERR_NULL, FC_ERR_ARGUMENT (dim, bounds, depth
 * or a hint out of range), FC_ERR_RANGE (bounds_min out of range),
 * FC_ERR_NO_MEMORY. On error *out is NULL. */
FC_API fc_status fc_world_create(const fc_world_def *def, fc_world **out);
/* Free the world and all it allocated (outputs become invalid). NULL ok. */
FC_API void fc_world_destroy(fc_world *w);
/* The world's dimension (0 for NULL). */
FC_API fc_world_dim fc_world_get_dim(const fc_world *w);

/* ------------------------------------------------------------ bodies */

/* Value-type body handle. index: the slot (ids are ordered by index);
 * generation: bumped when the slot is freed, so a destroyed body's id goes
 * stale; world: the tag of the world that issued it. Generations start at
 * 1, so the all-zero id is never valid. Compare with fc_body_id_equal. */
typedef struct fc_body_id {
    uint32_t index;
    uint32_t generation;
    uint32_t world;
} fc_body_id;

static inline int fc_body_id_equal(fc_body_id a, fc_body_id b)
{
    return a.index == b.index && a.generation == b.generation && a.world == b.world;
}

/* Collision filter. Two bodies A, B can pair when
 *     (A.category & B.mask) != 0 && (B.category & A.mask) != 0.
 * A query with filter Q reports body B when
 *     (B.category & Q.mask) != 0 && (Q.category & B.mask) != 0.
 * Default: category 1, mask all bits (everything collides with everything). */
typedef struct fc_filter {
    uint32_t category;
    uint32_t mask;
} fc_filter;

FC_API fc_filter fc_filter_default(void);

typedef struct fc_body_def {
    fc_shape2 shape2;   /* used by a 2D world (must be valid, see shapes.h) */
    fc_shape3 shape3;   /* used by a 3D world */
    fc_filter filter;
    /* Opaque caller value (e.g. an entity number), stored in snapshots,
     * excluded from the checksum. Do not store addresses if snapshots
     * travel between machines. */
    uint64_t user_data;
} fc_body_def;

/* Defaults: a circle / sphere of radius 1 at the origin, default filter,
 * user_data 0. */
FC_API fc_body_def fc_body_def_default(void);

/* Add a body (shape of the world's dimension; the range rule above). The id handed out is the
 * most recently freed slot (LIFO free list) with its bumped generation, or
 * the next new slot. Errors (world unchanged): FC_ERR_NULL; shape errors
 * FC_ERR_SHAPE_TYPE / FC_ERR_RANGE / FC_ERR_SIZE / FC_ERR_POLY_* /
 * FC_ERR_ROTATION (see the shape validators); FC_ERR_CAPACITY (more than
 * FC_WORLD_MAX_BODIES slots); FC_ERR_NO_MEMORY. */
FC_API fc_status fc_world_create_body(fc_world *w, const fc_body_def *def, fc_body_id *out);

/* Remove a body; its slot goes on top of the free list. FC_ERR_STALE_ID for
 * a stale, foreign or never-issued id. */
FC_API fc_status fc_world_destroy_body(fc_world *w, fc_body_id id);

/* 1 when id names a live body of w. */
FC_API int fc_world_body_valid(const fc_world *w, fc_body_id id);
/* Number of live bodies. */
FC_API int32_t fc_world_body_count(const fc_world *w);

/* Replace a body's shape (move, rotate, resize, or change type within the
 * world's dimension; the range rule above). Errors (body unchanged):
 * FC_ERR_STALE_ID, the shape errors of fc_world_create_body,
 * FC_ERR_NO_MEMORY. Calling the variant of
 * the other dimension gives FC_ERR_SHAPE_TYPE. */
FC_API fc_status fc_world_set_shape2(fc_world *w, fc_body_id id, const fc_shape2 *shape);
FC_API fc_status fc_world_set_shape3(fc_world *w, fc_body_id id, const fc_shape3 *shape);

/* Move a body by delta (every point of the shape, exactly; the range rule
 * above). Errors (body unchanged): FC_ERR_STALE_ID, FC_ERR_RANGE when a
 * defining coordinate would leave [-FC_COORD_LIMIT, FC_COORD_LIMIT],
 * FC_ERR_SHAPE_TYPE for the wrong dimension, FC_ERR_NO_MEMORY. */
FC_API fc_status fc_world_translate2(fc_world *w, fc_body_id id, fc_vec2 delta);
FC_API fc_status fc_world_translate3(fc_world *w, fc_body_id id, fc_vec3 delta);

/* Set the angle of a 2D oriented box (rot recomputed from the table; the
 * range rule above). The centre and half-extents do not change, so the
 * rotated box is always valid: never FC_ERR_RANGE, even when its corners
 * reach past the coordinate range (as they may after create). Errors
 * (body unchanged): FC_ERR_NULL, FC_ERR_STALE_ID, FC_ERR_SHAPE_TYPE unless
 * the body is an FC_SHAPE2_OBB, FC_ERR_NO_MEMORY. */
FC_API fc_status fc_world_set_angle2(fc_world *w, fc_body_id id, fc_angle angle);

FC_API fc_status fc_world_set_filter(fc_world *w, fc_body_id id, fc_filter filter);
FC_API fc_status fc_world_set_user_data(fc_world *w, fc_body_id id, uint64_t user_data);

/* Getters: FC_ERR_STALE_ID for a bad id, FC_ERR_SHAPE_TYPE for the wrong
 * dimension; *out untouched on error. */
FC_API fc_status fc_world_get_shape2(const fc_world *w, fc_body_id id, fc_shape2 *out);
FC_API fc_status fc_world_get_shape3(const fc_world *w, fc_body_id id, fc_shape3 *out);
FC_API fc_status fc_world_get_filter(const fc_world *w, fc_body_id id, fc_filter *out);
FC_API fc_status fc_world_get_user_data(const fc_world *w, fc_body_id id, uint64_t *out);

/* The body's integer bounding box in raw Q16.16, rounded outward: every
 * point of the shape is inside. min[] / max[] are (x, y) in 2D, (x, y, z)
 * in 3D (third entry 0 in 2D). */
FC_API fc_status fc_world_get_bounds(const fc_world *w, fc_body_id id, int32_t min[3], int32_t max[3]);

/* ------------------------------------------------------------ outputs */

/* One overlapping pair: a.index < b.index. */
typedef struct fc_pair {
    fc_body_id a, b;
} fc_pair;

/* Every pair of live bodies that passes the filter rule and whose shapes
 * overlap, sorted by (a.index, b.index). "Overlap" is exactly fc_overlap2 /
 * fc_overlap3 (collide2d.h / collide3d.h state their exactness; touching
 * counts): the broadphase uses integer bounds rounded outward, so it never
 * drops a pair the narrowphase reports (tests compare every frame with an
 * all-pairs fc_overlap scan). *pairs points into the world (see lifetime above); *count >= 0.
 * Errors: FC_ERR_NULL, FC_ERR_NO_MEMORY (outputs then empty; the world's
 * pair lists - see fc_world_pair_events - unchanged). */
FC_API fc_status fc_world_find_pairs(fc_world *w, const fc_pair **pairs, int32_t *count);

/* ---- contact events: the pairs that began and ended (docs/world.md)
 *
 * Events are a function of two canonical pair lists, never of history:
 * began = pairs in cur and not in prev, ended = pairs in prev and not in
 * cur, each in canonical order (a.index, b.index). Pairs compare by full
 * id (index, generation and world tag), so a body destroyed and a new one
 * created in its slot is an end (with the old, now stale id) plus a begin.
 *
 * Each fc_world_find_pairs (or find_contacts) call also builds the events
 * between its list and the previous one (no copy of the previous list is
 * kept), so fc_world_pair_events reports what changed between the last two
 * lists.
 * Before the first call the previous list is empty (the first call's pairs
 * all begin). fc_world_restore and fc_world_history_rollback
 * (fixcol/history.h) list the restored contents' pairs as the current list
 * with no events pending: the events of the next fc_world_find_pairs are
 * the diff between the saved state's pair list and the new one. So the
 * rollback loop (save or snapshot after a frame's find_pairs; later roll
 * back or restore, re-simulate the moves, find_pairs) reports exactly the
 * events of the original run with the world's own events - the game keeps
 * no pair list of its own (tests/test_pair_events.c, tests/test_history.c
 * and tests/example_rollback.c check it; docs/rollback.md). The
 * restored list is built lazily, by the first call after the restore that
 * changes a body or lists pairs (one pair pass, not in the restore itself);
 * it allocates nothing when the pair list has room: pair_capacity, or an
 * earlier fc_world_find_pairs call with at least that many pairs. A
 * fc_world_find_pairs call allocates nothing when its pairs and its events
 * fit what the world holds (pair_capacity, or earlier peaks). */

/* Stateless diff of two canonical pair lists (each strictly increasing by
 * (a.index, b.index) with a.index < b.index, as fc_world_find_pairs gives).
 * prev / cur may be NULL when their count is 0. Writes the began pairs to
 * began[0..*nbegan) and the ended pairs to ended[0..*nended) (caller
 * buffers with room for began_cap / ended_cap pairs; NULL when the cap is
 * 0; *nbegan <= ncur and *nended <= nprev, so caps of ncur / nprev always
 * suffice). Errors: FC_ERR_NULL (nbegan or nended NULL, a list or output
 * NULL with a positive count/cap), FC_ERR_ARGUMENT (a negative count or
 * cap, a list not canonical), FC_ERR_BUFFER (a cap too small: *nbegan and
 * *nended = the counts needed, nothing written to the buffers). On the
 * other errors nothing is written. O(nprev + ncur), allocation-free. */
FC_API fc_status fc_pair_events(const fc_pair *prev, int32_t nprev, const fc_pair *cur, int32_t ncur,
                                fc_pair *began, int32_t began_cap, int32_t *nbegan, fc_pair *ended,
                                int32_t ended_cap, int32_t *nended);

/* The events between the world's last two pair lists (the last two
 * successful fc_world_find_pairs / fc_world_find_contacts2/3 calls; see
 * above for the first call and restore). Arrays owned by the world (see
 * the lifetime rules at the top); counts >= 0. Calling it twice gives the
 * same answer. Allocation-free (the events are built by the listing call).
 * Errors: FC_ERR_NULL; FC_ERR_NO_MEMORY (outputs empty;
 * also when the restored contents' pairs could not be listed - out of
 * memory - until two more fc_world_find_pairs calls succeed). */
FC_API fc_status fc_world_pair_events(fc_world *w, const fc_pair **began, int32_t *nbegan, const fc_pair **ended,
                                      int32_t *nended);

/* ---- contacts from the world
 *
 * fc_world_find_pairs plus, for every pair i, contacts[i] = the contact of
 * body pairs[i].a's shape with body pairs[i].b's shape: exactly what
 * fc_contact2 / fc_contact3 (collide2d.h / collide3d.h: normal from a to b,
 * depth, point, their rounding guarantees) give for the two shapes. It IS
 * a find_pairs call: it updates the pair list and the events baseline the
 * same way, so a frame calls one or the other. *pairs and *contacts point
 * into the world (lifetime of the pair array), *count >= 0. Allocation-free
 * when the pairs fit pair_capacity (or an earlier peak). Errors:
 * FC_ERR_NULL, FC_ERR_SHAPE_TYPE (a 2D call on a 3D world or the reverse),
 * FC_ERR_NO_MEMORY (outputs empty; the world's lists unchanged). */
FC_API fc_status fc_world_find_contacts2(fc_world *w, const fc_pair **pairs, const fc_contact2_result **contacts,
                                         int32_t *count);
FC_API fc_status fc_world_find_contacts3(fc_world *w, const fc_pair **pairs, const fc_contact3_result **contacts,
                                         int32_t *count);

/* Ids of every live body passing filter whose shape overlaps the query
 * shape (exact), sorted by index. The query shape must be valid and inside
 * the coordinate range (else its validation error). 2D worlds take the 2D
 * call, 3D worlds the 3D one (else FC_ERR_SHAPE_TYPE). */
FC_API fc_status fc_world_overlap2(fc_world *w, const fc_shape2 *shape, fc_filter filter,
                                   const fc_body_id **ids, int32_t *count);
FC_API fc_status fc_world_overlap3(fc_world *w, const fc_shape3 *shape, fc_filter filter,
                                   const fc_body_id **ids, int32_t *count);

/* Ids of every live body passing filter whose closed shape contains point
 * p, sorted by index. p in the coordinate range (else FC_ERR_RANGE). */
FC_API fc_status fc_world_point2(fc_world *w, fc_vec2 p, fc_filter filter, const fc_body_id **ids, int32_t *count);
FC_API fc_status fc_world_point3(fc_world *w, fc_vec3 p, fc_filter filter, const fc_body_id **ids, int32_t *count);

/* A segment ray: the points origin + t * delta for t in [0, 1]. origin in
 * the coordinate range, every delta component in [-2 * FC_COORD_LIMIT,
 * 2 * FC_COORD_LIMIT], delta not zero (else FC_ERR_RANGE / FC_ERR_ARGUMENT). */
typedef struct fc_ray2 {
    fc_vec2 origin, delta;
} fc_ray2;
typedef struct fc_ray3 {
    fc_vec3 origin, delta;
} fc_ray3;

/* A ray hit: the body and the entry parameter t = the smallest t in [0, 1]
 * at which the ray point is inside the closed shape (0 when the origin is
 * inside; a ray that only grazes an edge or is tangent to a circle hits).
 * Internally t is exact: a rational (p / r) for boxes and polygons - the
 * slab / half-plane clipping of the stored shape, OBB3 as its exact
 * parallelepiped - and a quadratic surd (p - sqrt(q)) / r for circles,
 * capsule caps and spheres. Hits are ordered by exact comparison of these
 * values (cross-multiplication and squaring in big integers, never a
 * rounded value), equal parameters by body index. The reported t is
 * Q16.16 rounded down: floor(t * 65536), in [0, 65536], computed exactly. */
typedef struct fc_ray_hit {
    fc_body_id id;
    fix16_t t;
} fc_ray_hit;

/* Closest hit passing filter: *hit = 1 and *out filled, or *hit = 0. */
FC_API fc_status fc_world_raycast2(fc_world *w, const fc_ray2 *ray, fc_filter filter, fc_ray_hit *out, int *hit);
FC_API fc_status fc_world_raycast3(fc_world *w, const fc_ray3 *ray, fc_filter filter, fc_ray_hit *out, int *hit);
/* All hits passing filter, ordered by (exact t, index). *hits points into
 * the world's query array. */
FC_API fc_status fc_world_raycast2_all(fc_world *w, const fc_ray2 *ray, fc_filter filter,
                                       const fc_ray_hit **hits, int32_t *count);
FC_API fc_status fc_world_raycast3_all(fc_world *w, const fc_ray3 *ray, fc_filter filter,
                                       const fc_ray_hit **hits, int32_t *count);

/* ------------------------------------------------------------ checksum */

/* The world checksum: fc_hash64 (seed 0, see hash.h) of the words
 *   W0 = live body count (bits 0..31) | dimension 2 or 3 (bits 32..63),
 *   then R_i for every live body i in index order.
 * R_i, the record hash of body i, over its record words B0..B(m-1) below,
 * each split into its 32-bit halves lo_j = B_j mod 2^32, hi_j = B_j >> 32:
 *   K_k = 2^30 + ((k + 1) * 0x9E3779B9 mod 2^30)          (k = 0, 1, ...)
 *   S   = sum over j of ((lo_j + K_2j) mod 2^32) * ((hi_j + K_2j+1) mod 2^32)
 *   R_i = (((S xor (S >> 32)) * FC_HASH_P2) | 1)
 * all modulo 2^64 (each product is an exact 32x32->64 bit multiply). Each
 * K is in [2^30, 2^31), so a factor is never 0 while its field is within
 * +-2^30: changing one field whose partner field is within +-2^30 (every
 * coordinate, size, angle, type and count is) always changes S, and
 * S -> R_i is one-to-one but for bit 0.
 * R_i is cached per body and recomputed by every call that changes the
 * body (create, move, reshape, refilter, restore), so a checksum costs one
 * hashed word per live body. Like every call on a world, a checksum must
 * not run concurrently with a call that changes the same world. The record of a body is a sequence of
 * little-endian 64-bit words:
 *   B0 = index | generation << 32;
 *   B1 = filter.category | filter.mask << 32;
 *   B2 = shape type (fc_shape2_type / fc_shape3_type) | vertex count << 32
 *        (polygons; 0 for other types);
 *   then the shape's int32 fields in declaration order, two per word (first
 *   field in bits 0..31), the last word's upper half 0 when the count is odd:
 *     circle: center.x, center.y, radius            aabb2: min.x, min.y, max.x, max.y
 *     obb2: center.x, center.y, half.x, half.y, angle (0..65535; rot is derived, omitted)
 *     capsule2: a.x, a.y, b.x, b.y, radius          poly2: v[i].x, v[i].y for i < count
 *     sphere: center.x, .y, .z, radius              aabb3: min.x, .y, .z, max.x, .y, .z
 *     obb3: center.x, .y, .z, half.x, .y, .z, axis[0].x, .y, .z, axis[1]..., axis[2]...
 *     capsule3 (type 4): a.x, a.y, a.z, b.x, b.y, b.z, radius
 * No free slots, user data, world tag or broadphase state. Equal contents
 * give equal checksums whatever the history. Only integer arithmetic on
 * named fields: the same value on every compiler, word size and byte order. */
FC_API uint64_t fc_world_checksum(const fc_world *w);

/* Hash helpers for replay digests (seed chains them). Each element is
 * hashed as the words of its ids (index | generation << 32) and, for ray
 * hits, the word (uint32)t. The world tag is not hashed. */
FC_API uint64_t fc_hash_pairs(uint64_t seed, const fc_pair *pairs, int32_t count);
FC_API uint64_t fc_hash_ids(uint64_t seed, const fc_body_id *ids, int32_t count);
FC_API uint64_t fc_hash_ray_hits(uint64_t seed, const fc_ray_hit *hits, int32_t count);

/* ------------------------------------------------------------ snapshot */

#define FC_SNAPSHOT_MAGIC 0x57534346u /* "FCSW" little-endian */
#define FC_SNAPSHOT_VERSION 2u

/* Serialise the whole world (settings, every slot's generation, the free
 * list in order, every live body with filter, shape and user data) into
 * buf. buf NULL: *size = bytes needed, FC_OK. Otherwise FC_ERR_BUFFER when
 * cap < needed (*size = needed, nothing written past cap), else the blob is
 * written and *size = its length (a multiple of 8). Owned by the caller;
 * the same world always gives the same bytes, on every target.
 * Layout: 7 little-endian 64-bit header words (magic | version << 32,
 * total byte length | dim << 32, tag | layout << 32, bounds_min.x |
 * bounds_min.y << 32, bounds_log2 | max_depth << 32, slot count | live
 * count << 32, free count | 0 << 32), then a byte stream, zero bytes up to
 * the next multiple of 8 (fewer than 8) and a trailer word: fc_hash64
 * (seed FC_SNAPSHOT_MAGIC) of all preceding 8-byte little-endian words.
 * In the stream, u(v) is v as unsigned LEB128 (7 bits per byte, low group
 * first, bit 7 set on all but the last byte, no superfluous zero group) and
 * r(v, base) is u of the zigzag code of v - base (d >= 0 -> 2d,
 * d < 0 -> -2d - 1); r(v) = r(v, 0).
 *   every free-list entry from the top: u(index) u(generation);
 *   every live body in index order (its index is implicit: the slots not
 *   on the free list): u(generation), one flags byte (shape type in bits
 *   0..2, bit 3 = filter is not fc_filter_default(), bit 4 = user data is
 *   not 0, polygon vertex count - 3 in bits 5..7, else 0), then
 *   u(category) u(mask) if bit 3, u(user_data) if bit 4, then the shape:
 *     circle   r(c.x) r(c.y) r(radius)          sphere r(c.x) r(c.y) r(c.z) r(radius)
 *     aabb2    r(min.x) r(min.y) r(max.x, min.x) r(max.y, min.y)
 *     aabb3    r(min.x) r(min.y) r(min.z) r(max.x, min.x) r(max.y, min.y) r(max.z, min.z)
 *     obb2     r(c.x) r(c.y) r(half.x) r(half.y) u(angle)
 *     capsule  r(a.x) r(a.y) r(b.x, a.x) r(b.y, a.y) r(radius)
 *     polygon  r(v0.x) r(v0.y), then r(v[i].x, v[i-1].x) r(v[i].y, v[i-1].y)
 *     obb3     r of center, half, axis[0], axis[1] (x, y, z each), then
 *              r(axis[2].c, p.c) with p = axis[0] x axis[1] in Q16.16,
 *              each component (sum of int64 products + 2^15) >> 16 (floor).
 *     capsule3 (3D type 4) r(a.x) r(a.y) r(a.z) r(b.x, a.x) r(b.y, a.y)
 *              r(b.z, a.z) r(radius)
 * Sizes: r() takes 1 byte for |v - base| < 64 raw, 2 below 2^13 raw, 3
 * below 16 units (2^20 raw), 4 below 2048 units (2^27 raw), else 5. Bytes per body with
 * the default filter, user data 0 and a generation below 128, at most:
 * circle 17, sphere 22, AABB2 22, OBB2 25, capsule 27, AABB3 32, capsule3 37, OBB3 56,
 * n-gon 2 + 10n (54 for an 8-gon whose neighbouring vertices are less than
 * 16 units apart); a box of half-extents below 8 units within +-2048 units
 * takes 16. A filter adds up to 10, user data up to 10, a generation up to
 * 4. Header 56, at most 10 per free slot, padding below 8, trailer 8. */
FC_API fc_status fc_world_snapshot(const fc_world *w, void *buf, size_t cap, size_t *size);

/* Replace w's whole state (settings except the allocator, bodies, free
 * list) with a blob from fc_world_snapshot. Afterwards w behaves exactly
 * like the snapshotted world: same pairs, queries, checksums and the same
 * ids handed out next. Reads every format version fixcol has written
 * (docs/compatibility.md): version 2 (above) and version 1 (the header
 * above, then 64-bit words instead of the byte stream; written before
 * version 2), which is converted to version 2 first: that allocates a
 * version 2 copy (at most 1.25 times the blob's size: a free entry takes
 * up to 10 bytes instead of 8) and a bit per slot, freed before
 * returning. Errors, with w unchanged: FC_ERR_NULL; FC_ERR_FORMAT (bad
 * magic, truncated, length mismatch, a field or shape out of range,
 * inconsistent slots, any encoding fc_world_snapshot would not produce - in
 * version 1 anything its reader refused); FC_ERR_VERSION (any other format
 * version, e.g. 0 or 3); FC_ERR_CHECKSUM; FC_ERR_NO_MEMORY. Does not keep
 * buf. */
FC_API fc_status fc_world_restore(fc_world *w, const void *buf, size_t size);

/* ------------------------------------------------------------ testing */

/* Full consistency check of the world and its quadtree (every live body in
 * the tree with its current bounds, free list and slots agree). FC_OK or
 * FC_ERR_FORMAT. O(bodies + nodes); tests call it after every mutation. */
FC_API fc_status fc_world_validate(const fc_world *w);

/* The broadphase's shape figures (see fc_qt_get_stats). */
FC_API fc_qt_stats fc_world_broadphase_stats(const fc_world *w);

#ifdef __cplusplus
}
#endif

#endif
