/* The sphere pairs: sphere/sphere, sphere/AABB3, sphere/OBB3 and the
 * reversed AABB3/sphere, OBB3/sphere (fixcol/collide3d.h). */
#include "collide3d_internal.h"

#include "nofloat.h"

static int64_t sq64(int64_t v) { return v * v; }

/* round(sqrt(v)) for v < 2^126 (v = sum of squares). */
static int64_t round_sqrt(fc_i128 v)
{
    return (int64_t)((fc_isqrt_u128(fc_i128_shl(v, 2)) + 1u) >> 1);
}

/* Point p (Q32) + normal (Q16) * dist (Q16) * sgn, rounded to Q16. */
static fc_vec3 offset_point(const int64_t p[3], fc_vec3 n, int64_t dist, int64_t sgn)
{
    return fc_vec3_make((fix16_t)fc3_round_shr(p[0] + sgn * n.x * dist, 16),
                        (fix16_t)fc3_round_shr(p[1] + sgn * n.y * dist, 16),
                        (fix16_t)fc3_round_shr(p[2] + sgn * n.z * dist, 16));
}

/* ---- sphere / sphere ----------------------------------------------------- */

int fc_overlap_sphere_sphere(const fc_sphere *a, const fc_sphere *b)
{
    int64_t dx = (int64_t)b->center.x - a->center.x, dy = (int64_t)b->center.y - a->center.y,
            dz = (int64_t)b->center.z - a->center.z;
    int64_t r = (int64_t)a->radius + b->radius;
    return sq64(dx) + sq64(dy) + sq64(dz) <= r * r; /* < 3 * 2^60 */
}

static fc_contact3_result sphere_sphere_contact(const fc_sphere *a, const fc_sphere *b)
{
    int64_t d[3] = {(int64_t)b->center.x - a->center.x, (int64_t)b->center.y - a->center.y,
                    (int64_t)b->center.z - a->center.z};
    fc_contact3_result c;
    int64_t dist = round_sqrt(fc_i128_from_i64(sq64(d[0]) + sq64(d[1]) + sq64(d[2])));
    c.normal = (d[0] | d[1] | d[2]) == 0 ? fc_vec3_make(0, 65536, 0) : fc3_unit(d[0], d[1], d[2]);
    c.depth = (fix16_t)((int64_t)a->radius + b->radius - dist);
    /* Midway between the deepest points a.c + n ra and b.c - n rb (Q32). */
    int64_t p[3] = {((int64_t)a->center.x + b->center.x) * 65536 + c.normal.x * ((int64_t)a->radius - b->radius),
                    ((int64_t)a->center.y + b->center.y) * 65536 + c.normal.y * ((int64_t)a->radius - b->radius),
                    ((int64_t)a->center.z + b->center.z) * 65536 + c.normal.z * ((int64_t)a->radius - b->radius)};
    c.point = fc_vec3_make((fix16_t)fc3_round_shr(p[0], 17), (fix16_t)fc3_round_shr(p[1], 17),
                           (fix16_t)fc3_round_shr(p[2], 17));
    return c;
}

int fc_contact_sphere_sphere(const fc_sphere *a, const fc_sphere *b, fc_contact3_result *out)
{
    if (!fc_overlap_sphere_sphere(a, b))
        return 0;
    int32_t fa[4] = {a->center.x, a->center.y, a->center.z, a->radius};
    int32_t fb[4] = {b->center.x, b->center.y, b->center.z, b->radius};
    int order = fc3_cmp_fields(fa, fb, 4);
    *out = order <= 0 ? sphere_sphere_contact(a, b) : fc3_flip(sphere_sphere_contact(b, a));
    if (order == 0)
        out->normal = fc_vec3_make(0, 0, 0);
    return 1;
}

/* ---- sphere / AABB3: the clamp is the exact closest point ---------------- */

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

int fc_overlap_sphere_aabb3(const fc_sphere *a, const fc_aabb3 *b)
{
    int64_t ex = clamp64(a->center.x, b->min.x, b->max.x) - a->center.x;
    int64_t ey = clamp64(a->center.y, b->min.y, b->max.y) - a->center.y;
    int64_t ez = clamp64(a->center.z, b->min.z, b->max.z) - a->center.z;
    return sq64(ex) + sq64(ey) + sq64(ez) <= sq64(a->radius);
}

int fc_contact_sphere_aabb3(const fc_sphere *a, const fc_aabb3 *b, fc_contact3_result *out)
{
    if (!fc_overlap_sphere_aabb3(a, b))
        return 0;
    int64_t c[3] = {a->center.x, a->center.y, a->center.z};
    int64_t lo[3] = {b->min.x, b->min.y, b->min.z}, hi[3] = {b->max.x, b->max.y, b->max.z};
    int64_t q[3], e[3];
    for (int i = 0; i < 3; i++) {
        q[i] = clamp64(c[i], lo[i], hi[i]);
        e[i] = q[i] - c[i];
    }
    if ((e[0] | e[1] | e[2]) != 0) {
        out->normal = fc3_unit(e[0], e[1], e[2]);
        out->depth = (fix16_t)(a->radius - round_sqrt(fc_i128_from_i64(sq64(e[0]) + sq64(e[1]) + sq64(e[2]))));
        out->point = fc_vec3_make((fix16_t)q[0], (fix16_t)q[1], (fix16_t)q[2]);
        return 1;
    }
    /* Centre inside: leave through the nearest face (order x-, x+, y-, ...);
     * the box moves the other way. */
    int best = 0;
    int64_t best_dist = c[0] - lo[0];
    for (int f = 1; f < 6; f++) {
        int64_t dist = f & 1 ? hi[f / 2] - c[f / 2] : c[f / 2] - lo[f / 2];
        if (dist < best_dist) {
            best = f;
            best_dist = dist;
        }
    }
    int64_t n[3] = {0, 0, 0};
    n[best / 2] = best & 1 ? -65536 : 65536;
    c[best / 2] = best & 1 ? hi[best / 2] : lo[best / 2];
    out->normal = fc_vec3_make((fix16_t)n[0], (fix16_t)n[1], (fix16_t)n[2]);
    out->depth = (fix16_t)(a->radius + best_dist);
    out->point = fc_vec3_make((fix16_t)c[0], (fix16_t)c[1], (fix16_t)c[2]);
    return 1;
}

/* ---- sphere / OBB3 ---------------------------------------------------------
 * p = centre - box centre. With N_i = axis_{i+1} x axis_{i+2} (Q32) and
 * det = axis_0 . N_0 (Q48) the oblique coordinates are t_i = p . N_i / det
 * exactly; p is inside iff |p . N_i| * 2^16 <= half_i * det for all i. */

typedef struct sphere_obb {
    fc_vec3w n[3];
    int64_t det;
    fc_i128 pn16[3]; /* (p . N_i) * 2^16, Q64 */
    fc_i128 lim[3];  /* half_i * det, Q64 */
    int inside;
    int64_t e[3];    /* x - centre, Q32, x = the clamped box point */
    fc_i128 e2;      /* |e|^2, Q64 */
} sphere_obb;

static void sphere_obb_eval(const fc_sphere *a, const fc_obb3 *b, sphere_obb *s)
{
    int64_t p[3] = {(int64_t)a->center.x - b->center.x, (int64_t)a->center.y - b->center.y,
                    (int64_t)a->center.z - b->center.z};
    fix16_t h[3] = {b->half.x, b->half.y, b->half.z};
    for (int i = 0; i < 3; i++)
        s->n[i] = fc_vec3_cross(b->axis[(i + 1) % 3], b->axis[(i + 2) % 3]);
    s->det = b->axis[0].x * s->n[0].x + b->axis[0].y * s->n[0].y + b->axis[0].z * s->n[0].z;
    s->inside = 1;
    for (int c = 0; c < 3; c++)
        s->e[c] = -p[c] * 65536;
    for (int i = 0; i < 3; i++) {
        fc_i128 pn = fc_i128_add(fc_i128_mul_add(p[0], s->n[i].x, p[1], s->n[i].y), fc_i128_mul_i64(p[2], s->n[i].z));
        s->pn16[i] = fc_i128_shl(pn, 16);
        s->lim[i] = fc_i128_mul_i64(h[i], s->det);
        int64_t t;
        if (fc_i128_cmp(s->pn16[i], s->lim[i]) > 0) {
            t = h[i];
            s->inside = 0;
        } else if (fc_i128_cmp(s->pn16[i], fc_i128_neg(s->lim[i])) < 0) {
            t = -h[i];
            s->inside = 0;
        } else {
            t = fc3_sdiv(s->pn16[i], (uint64_t)s->det);
        }
        s->e[0] += t * b->axis[i].x;
        s->e[1] += t * b->axis[i].y;
        s->e[2] += t * b->axis[i].z;
    }
    s->e2 = fc_i128_add(fc_i128_mul_add(s->e[0], s->e[0], s->e[1], s->e[1]), fc_i128_mul_i64(s->e[2], s->e[2]));
}

static int sphere_obb_hit(const fc_sphere *a, const sphere_obb *s)
{
    return s->inside || fc_i128_cmp(s->e2, fc_i128_shl(fc_i128_from_i64(sq64(a->radius)), 32)) <= 0;
}

int fc_overlap_sphere_obb3(const fc_sphere *a, const fc_obb3 *b)
{
    sphere_obb s;
    sphere_obb_eval(a, b, &s);
    return sphere_obb_hit(a, &s);
}

int fc_contact_sphere_obb3(const fc_sphere *a, const fc_obb3 *b, fc_contact3_result *out)
{
    sphere_obb s;
    sphere_obb_eval(a, b, &s);
    if (!sphere_obb_hit(a, &s))
        return 0;
    int64_t c32[3] = {(int64_t)a->center.x * 65536, (int64_t)a->center.y * 65536, (int64_t)a->center.z * 65536};
    if (!s.inside) {
        int64_t x[3];
        for (int i = 0; i < 3; i++)
            x[i] = c32[i] + s.e[i];
        out->normal = fc3_unit(s.e[0], s.e[1], s.e[2]);
        /* |e| is Q32: round(|e| / 2^16) = round(sqrt(|e|^2 / 2^32)). */
        int64_t dist = (int64_t)((fc_isqrt_u128(fc_i128_shl(s.e2, 2)) + ((uint64_t)1 << 16)) >> 17);
        out->depth = (fix16_t)(a->radius - dist);
        out->point = fc_vec3_make((fix16_t)fc3_round_shr(x[0], 16), (fix16_t)fc3_round_shr(x[1], 16),
                                  (fix16_t)fc3_round_shr(x[2], 16));
        return 1;
    }
    /* Centre inside: nearest face plane, distance (lim - |p.N|*2^16)/|N|. */
    int best = 0;
    uint64_t best_dist = 0;
    for (int i = 0; i < 3; i++) {
        fc_i128 gap = fc_i128_sub(s.lim[i], fc3_abs128(s.pn16[i]));
        fc_i128 n2 = fc_i128_add(fc_i128_mul_add(s.n[i].x, s.n[i].x, s.n[i].y, s.n[i].y),
                                 fc_i128_mul_i64(s.n[i].z, s.n[i].z));
        uint64_t len31 = fc_isqrt_u64(fc_i128_shr(n2, 2).lo);
        uint64_t dist = fc3_udiv(gap, len31 << 17);
        if (i == 0 || dist < best_dist) {
            best = i;
            best_dist = dist;
        }
    }
    fc_vec3 nf = fc3_unit(s.n[best].x, s.n[best].y, s.n[best].z);
    /* On the + side the sphere leaves along +N, so the box moves along -N. */
    if (fc_i128_sign(s.pn16[best]) >= 0)
        nf = fc_vec3_make(-nf.x, -nf.y, -nf.z);
    out->normal = nf;
    out->depth = (fix16_t)(a->radius + (int64_t)best_dist);
    out->point = offset_point(c32, nf, (int64_t)best_dist, -1);
    return 1;
}

/* ---- reversed ------------------------------------------------------------ */

int fc_overlap_aabb3_sphere(const fc_aabb3 *a, const fc_sphere *b) { return fc_overlap_sphere_aabb3(b, a); }
int fc_overlap_obb3_sphere(const fc_obb3 *a, const fc_sphere *b) { return fc_overlap_sphere_obb3(b, a); }

int fc_contact_aabb3_sphere(const fc_aabb3 *a, const fc_sphere *b, fc_contact3_result *out)
{
    fc_contact3_result c;
    if (!fc_contact_sphere_aabb3(b, a, &c))
        return 0;
    *out = fc3_flip(c);
    return 1;
}

int fc_contact_obb3_sphere(const fc_obb3 *a, const fc_sphere *b, fc_contact3_result *out)
{
    fc_contact3_result c;
    if (!fc_contact_sphere_obb3(b, a, &c))
        return 0;
    *out = fc3_flip(c);
    return 1;
}
