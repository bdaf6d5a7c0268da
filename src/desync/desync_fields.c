/* SPDX-License-Identifier: MIT */
/* A live body's shape as named fields, in declaration order (the dump
 * prints them, the diff compares them one component at a time). */
#include "desync_internal.h"
#include "world/world_internal.h"

#include "core/nofloat.h"

static int put(fc_dfield *f, int n, const char *name, int32_t fix, int32_t count, int32_t x, int32_t y, int32_t z)
{
    f[n].name = name;
    f[n].n = count;
    f[n].fix = fix;
    f[n].v[0] = x;
    f[n].v[1] = y;
    f[n].v[2] = z;
    return n + 1;
}

static int vec2(fc_dfield *f, int n, const char *name, fc_vec2 v)
{
    return put(f, n, name, 1, 2, v.x, v.y, 0);
}

static int vec3(fc_dfield *f, int n, const char *name, fc_vec3 v)
{
    return put(f, n, name, 1, 3, v.x, v.y, v.z);
}

static int scalar(fc_dfield *f, int n, const char *name, int32_t v)
{
    return put(f, n, name, 1, 1, v, 0, 0);
}

static const char *const vertex_names[FC_POLY2_MAX_VERTS] = {"v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7"};
static const char *const axis_names[3] = {"axis0", "axis1", "axis2"};

static int fields2(const fc_shape2 *s, const char **type, fc_dfield *f)
{
    int n = 0;
    switch (s->type) {
    case FC_SHAPE2_CIRCLE:
        *type = "circle";
        n = vec2(f, n, "center", s->u.circle.center);
        return scalar(f, n, "radius", s->u.circle.radius);
    case FC_SHAPE2_AABB:
        *type = "aabb";
        n = vec2(f, n, "min", s->u.aabb.min);
        return vec2(f, n, "max", s->u.aabb.max);
    case FC_SHAPE2_OBB:
        *type = "obb";
        n = vec2(f, n, "center", s->u.obb.center);
        n = vec2(f, n, "half", s->u.obb.half);
        return put(f, n, "angle", 0, 1, (int32_t)s->u.obb.angle, 0, 0);
    case FC_SHAPE2_CAPSULE:
        *type = "capsule";
        n = vec2(f, n, "a", s->u.capsule.a);
        n = vec2(f, n, "b", s->u.capsule.b);
        return scalar(f, n, "radius", s->u.capsule.radius);
    case FC_SHAPE2_POLY:
        *type = "poly";
        n = put(f, n, "count", 0, 1, s->u.poly.count, 0, 0);
        for (int32_t i = 0; i < s->u.poly.count && i < FC_POLY2_MAX_VERTS; i++)
            n = vec2(f, n, vertex_names[i], s->u.poly.v[i]);
        return n;
    }
    *type = "?";
    return 0;
}

static int fields3(const fc_shape3 *s, const char **type, fc_dfield *f)
{
    int n = 0;
    switch (s->type) {
    case FC_SHAPE3_SPHERE:
        *type = "sphere";
        n = vec3(f, n, "center", s->u.sphere.center);
        return scalar(f, n, "radius", s->u.sphere.radius);
    case FC_SHAPE3_AABB:
        *type = "aabb";
        n = vec3(f, n, "min", s->u.aabb.min);
        return vec3(f, n, "max", s->u.aabb.max);
    case FC_SHAPE3_OBB:
        *type = "obb";
        n = vec3(f, n, "center", s->u.obb.center);
        n = vec3(f, n, "half", s->u.obb.half);
        for (int i = 0; i < 3; i++)
            n = vec3(f, n, axis_names[i], s->u.obb.axis[i]);
        return n;
    case FC_SHAPE3_CAPSULE:
        *type = "capsule";
        n = vec3(f, n, "a", s->u.capsule.a);
        n = vec3(f, n, "b", s->u.capsule.b);
        return scalar(f, n, "radius", s->u.capsule.radius);
    }
    *type = "?";
    return 0;
}

int fc_desync_fields(const fc_world *w, uint32_t index, const char **type, fc_dfield f[FC_DFIELDS_MAX])
{
    const fc_body *b = &w->bodies[index];
    fc_shape2 t2;
    fc_shape3 t3;
    return w->def.dim == FC_WORLD_2D ? fields2(fc_body_shape2(w, b, &t2), type, f) : fields3(fc_body_shape3(w, b, &t3), type, f);
}
