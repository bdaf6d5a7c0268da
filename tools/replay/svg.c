/* SPDX-License-Identifier: MIT */
/* fixcol-replay svg FILE --frame N [-o OUT] [--cells]: one frame as SVG.
 *
 * Drawn: every live body after the frame's last operation, by shape (circle
 * and sphere <circle>, AABB <rect>, OBB and polygon <polygon>, capsule
 * <path>: two lines and two arcs); 3D worlds top-down on (x, z), z up like
 * the browser viewer. Bodies in an overlapping pair are orange and joined by
 * a line between the centres of their bounds; the frame's queries (overlap
 * shapes dashed, points as crosses, rays as segments with a dot at every hit
 * point origin + t * delta, t as reported) as they were issued; the world's
 * broadphase square; with --cells the quadtree cells that hold a body and
 * their ancestors; a legend and a scale bar in world units.
 *
 * Byte-identical on every target: integer arithmetic only. Every number is
 * the exact decimal of a fixed-point value: Q16.16 (the shapes' own
 * coordinates) or Q32.32 (OBB corners: centre + products of half-extents and
 * table-derived axes; bound centres; ray hit points), via fc_fixtext_format.
 * The one exception is irrational: a capsule's four tangent points,
 * endpoint +- radius * unit normal, are rounded to the nearest Q16.16 with
 * exact integer comparisons (error <= 2^-17 units); its endpoints and
 * radius (the arcs) are exact, and data-shape holds the exact shape.
 * World coordinates are written unchanged inside <g transform="scale(1,-1)">
 * (y up); the legend outside it is upright.
 *
 * Portable C11 + stdio (the determinism matrix builds this file). */
#include "svg.h"

#include <fixcol/fixcol.h>

#include "cli.h"
#include "core/fixtext.h"
#include "walk.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CMD "svg"

/* One query operation of the frame and what it returned when issued. */
typedef struct svg_query {
    fc_replay_op op;
    uint32_t count;     /* hits (the runner's count) */
    fc_ray_hit *hits;   /* rays: every hit reported (closest: at most 1) */
} svg_query;

typedef struct svg_ctx {
    cli_buf b;
    int32_t dim;
    int64_t lo_x, lo_y, hi_x, hi_y; /* extent of everything drawn, Q32.32 */
    int any;
    int64_t g;                      /* layout unit (raw Q16.16, a power of two) */
} svg_ctx;

/* ---------------------------------------------------------------- numbers */

static void num(svg_ctx *c, int64_t v, uint32_t frac_bits)
{
    char t[FC_FIXTEXT_BUF];
    cli_printf(&c->b, "%s", fc_fixtext_format(v, frac_bits, t));
}
static void q16(svg_ctx *c, int64_t v) { num(c, v, 16); }
static void q32(svg_ctx *c, int64_t v) { num(c, v, 32); }

static void grow(svg_ctx *c, int64_t x32, int64_t y32)
{
    if (!c->any || x32 < c->lo_x)
        c->lo_x = x32;
    if (!c->any || x32 > c->hi_x)
        c->hi_x = x32;
    if (!c->any || y32 < c->lo_y)
        c->lo_y = y32;
    if (!c->any || y32 > c->hi_y)
        c->hi_y = y32;
    c->any = 1;
}

/* A point given in Q16.16 / Q32.32, written "x,y" and added to the extent. */
static void pt16(svg_ctx *c, int64_t x, int64_t y)
{
    grow(c, x * 65536, y * 65536);
    q16(c, x);
    cli_printf(&c->b, ",");
    q16(c, y);
}
/* An arc's radii "r,r" (not a point: the extent is not grown). */
static void radii(svg_ctx *c, int64_t r)
{
    q16(c, r);
    cli_printf(&c->b, ",");
    q16(c, r);
}
static void pt32(svg_ctx *c, int64_t x, int64_t y)
{
    grow(c, x, y);
    q32(c, x);
    cli_printf(&c->b, ",");
    q32(c, y);
}

/* ---------------------------------------------------------------- shapes */

static void circle(svg_ctx *c, int64_t x, int64_t y, int64_t r)
{
    grow(c, (x - r) * 65536, (y - r) * 65536);
    grow(c, (x + r) * 65536, (y + r) * 65536);
    cli_printf(&c->b, " cx=\"");
    q16(c, x);
    cli_printf(&c->b, "\" cy=\"");
    q16(c, y);
    cli_printf(&c->b, "\" r=\"");
    q16(c, r);
    cli_printf(&c->b, "\"/>\n");
}

static void rect(svg_ctx *c, int64_t x0, int64_t y0, int64_t x1, int64_t y1)
{
    grow(c, x0 * 65536, y0 * 65536);
    grow(c, x1 * 65536, y1 * 65536);
    cli_printf(&c->b, " x=\"");
    q16(c, x0);
    cli_printf(&c->b, "\" y=\"");
    q16(c, y0);
    cli_printf(&c->b, "\" width=\"");
    q16(c, x1 - x0);
    cli_printf(&c->b, "\" height=\"");
    q16(c, y1 - y0);
    cli_printf(&c->b, "\"/>\n");
}

/* Q32.32 points as a polygon. */
static void polygon32(svg_ctx *c, const int64_t *x, const int64_t *y, int n)
{
    cli_printf(&c->b, " points=\"");
    for (int i = 0; i < n; i++) {
        if (i)
            cli_printf(&c->b, " ");
        pt32(c, x[i], y[i]);
    }
    cli_printf(&c->b, "\"/>\n");
}

/* round(g / sqrt(s)) for g >= 0, s > 0, g / sqrt(s) <= hi: the largest q in
 * [0, hi] with q == 0 or (2q - 1)^2 s <= 4 g^2, found by bisection with
 * exact 128-bit comparisons. g <= 2^58, s <= 2^61, hi <= 2^28. */
static int64_t round_div_sqrt(int64_t g, int64_t s, int64_t hi)
{
    int64_t lo = 0;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo + 1) / 2;
        int64_t k = 2 * mid - 1;
        if (fc_cmp_products(k * k, s, 2 * g, 2 * g) <= 0)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

static void capsule(svg_ctx *c, const fc_capsule2 *k)
{
    int64_t ax = k->a.x, ay = k->a.y, bx = k->b.x, by = k->b.y, r = k->radius;
    int64_t dx = bx - ax, dy = by - ay;
    grow(c, (ax < bx ? ax : bx) * 65536 - r * 65536, (ay < by ? ay : by) * 65536 - r * 65536);
    grow(c, (ax > bx ? ax : bx) * 65536 + r * 65536, (ay > by ? ay : by) * 65536 + r * 65536);
    cli_printf(&c->b, " d=\"M ");
    if (dx == 0 && dy == 0) { /* a circle: two half circles */
        pt16(c, ax + r, ay);
        cli_printf(&c->b, " A ");
        radii(c, r);
        cli_printf(&c->b, " 0 1 0 ");
        pt16(c, ax - r, ay);
        cli_printf(&c->b, " A ");
        radii(c, r);
        cli_printf(&c->b, " 0 1 0 ");
        pt16(c, ax + r, ay);
        cli_printf(&c->b, " Z\"/>\n");
        return;
    }
    /* n = r * (-dy, dx) / |d| (left normal), each component rounded */
    int64_t s = dx * dx + dy * dy;
    int64_t mx = round_div_sqrt((dy < 0 ? -dy : dy) * r, s, r);
    int64_t my = round_div_sqrt((dx < 0 ? -dx : dx) * r, s, r);
    int64_t nx = dy > 0 ? -mx : mx, ny = dx < 0 ? -my : my;
    /* a+n -> b+n, arc about b (clockwise in world, y up: sweep 0) to b-n,
     * line to a-n, arc about a back to a+n */
    pt16(c, ax + nx, ay + ny);
    cli_printf(&c->b, " L ");
    pt16(c, bx + nx, by + ny);
    cli_printf(&c->b, " A ");
    radii(c, r);
    cli_printf(&c->b, " 0 0 0 ");
    pt16(c, bx - nx, by - ny);
    cli_printf(&c->b, " L ");
    pt16(c, ax - nx, ay - ny);
    cli_printf(&c->b, " A ");
    radii(c, r);
    cli_printf(&c->b, " 0 0 0 ");
    pt16(c, ax + nx, ay + ny);
    cli_printf(&c->b, " Z\"/>\n");
}

/* OBB3 top-down: the convex hull (monotone chain, exact 128-bit cross
 * products) of its 8 corners projected on (x, z), Q32.32, counter-clockwise. */
static void obb3_outline(svg_ctx *c, const fc_obb3 *o)
{
    int64_t px[8], pz[8];
    const int64_t h[3] = {o->half.x, o->half.y, o->half.z};
    for (int k = 0; k < 8; k++) {
        int64_t x = (int64_t)o->center.x * 65536, z = (int64_t)o->center.z * 65536;
        for (int i = 0; i < 3; i++) {
            int64_t f = (k >> i) & 1 ? h[i] : -h[i];
            x += f * o->axis[i].x;
            z += f * o->axis[i].z;
        }
        /* insertion sort by (x, z): a total order, so the result is unique */
        int j = k;
        while (j > 0 && (px[j - 1] > x || (px[j - 1] == x && pz[j - 1] > z))) {
            px[j] = px[j - 1];
            pz[j] = pz[j - 1];
            j--;
        }
        px[j] = x;
        pz[j] = z;
    }
    int64_t hx[16], hz[16];
    int n = 0;
    for (int pass = 0; pass < 2; pass++) {
        int start = n;
        for (int t = 0; t < 8; t++) {
            int i = pass == 0 ? t : 7 - t;
            while (n >= start + 2) {
                int64_t ox = hx[n - 2], oz = hz[n - 2];
                /* cross(o, a, b) <= 0: a is not a left turn, drop it */
                if (fc_cmp_products(hx[n - 1] - ox, pz[i] - oz, hz[n - 1] - oz, px[i] - ox) > 0)
                    break;
                n--;
            }
            hx[n] = px[i];
            hz[n] = pz[i];
            n++;
        }
        n--; /* the last point starts the other chain */
    }
    polygon32(c, hx, hz, n);
}

/* The element of one shape, after "<TAG class=... data-...": the tag is
 * written here. */
static void shape2(svg_ctx *c, const fc_shape2 *s, const char *attrs)
{
    int64_t x[FC_POLY2_MAX_VERTS], y[FC_POLY2_MAX_VERTS];
    switch (s->type) {
    case FC_SHAPE2_CIRCLE:
        cli_printf(&c->b, "<circle %s", attrs);
        circle(c, s->u.circle.center.x, s->u.circle.center.y, s->u.circle.radius);
        break;
    case FC_SHAPE2_AABB:
        cli_printf(&c->b, "<rect %s", attrs);
        rect(c, s->u.aabb.min.x, s->u.aabb.min.y, s->u.aabb.max.x, s->u.aabb.max.y);
        break;
    case FC_SHAPE2_OBB: {
        const fc_obb2 *o = &s->u.obb;
        static const int su[4] = {1, -1, -1, 1}, sv[4] = {1, 1, -1, -1};
        for (int i = 0; i < 4; i++) {
            int64_t u = su[i] * (int64_t)o->half.x, v = sv[i] * (int64_t)o->half.y;
            x[i] = (int64_t)o->center.x * 65536 + u * o->rot.c - v * o->rot.s;
            y[i] = (int64_t)o->center.y * 65536 + u * o->rot.s + v * o->rot.c;
        }
        cli_printf(&c->b, "<polygon %s", attrs);
        polygon32(c, x, y, 4);
        break;
    }
    case FC_SHAPE2_CAPSULE:
        cli_printf(&c->b, "<path %s", attrs);
        capsule(c, &s->u.capsule);
        break;
    case FC_SHAPE2_POLY: {
        int n = s->u.poly.count;
        for (int i = 0; i < n; i++) {
            x[i] = (int64_t)s->u.poly.v[i].x * 65536;
            y[i] = (int64_t)s->u.poly.v[i].y * 65536;
        }
        cli_printf(&c->b, "<polygon %s", attrs);
        polygon32(c, x, y, n);
        break;
    }
    }
}

static void shape3(svg_ctx *c, const fc_shape3 *s, const char *attrs)
{
    switch (s->type) {
    case FC_SHAPE3_SPHERE:
        cli_printf(&c->b, "<circle %s", attrs);
        circle(c, s->u.sphere.center.x, s->u.sphere.center.z, s->u.sphere.radius);
        break;
    case FC_SHAPE3_AABB:
        cli_printf(&c->b, "<rect %s", attrs);
        rect(c, s->u.aabb.min.x, s->u.aabb.min.z, s->u.aabb.max.x, s->u.aabb.max.z);
        break;
    case FC_SHAPE3_OBB:
        cli_printf(&c->b, "<polygon %s", attrs);
        obb3_outline(c, &s->u.obb);
        break;
    case FC_SHAPE3_CAPSULE: { /* the top view (x, z) of a capsule is the 2D capsule */
        fc_capsule2 top = fc_capsule2_make(fc_vec2_make(s->u.capsule.a.x, s->u.capsule.a.z),
                                           fc_vec2_make(s->u.capsule.b.x, s->u.capsule.b.z), s->u.capsule.radius);
        cli_printf(&c->b, "<path %s", attrs);
        capsule(c, &top);
        break;
    }
    }
}

/* The text form of a shape ("circle X Y r R"): the SET operation's line
 * without "set INDEX GENERATION ". */
static void shape_text(int32_t dim, const fc_shape2 *s2, const fc_shape3 *s3, char *out, size_t size)
{
    fc_replay_op op;
    memset(&op, 0, sizeof op);
    op.kind = FC_REPLAY_SET;
    if (s2)
        op.shape2 = *s2;
    if (s3)
        op.shape3 = *s3;
    char line[512];
    fc_replay_op_format(&op, dim, line, sizeof line);
    const char *p = line;
    for (int sp = 0; sp < 3 && *p; p++)
        if (*p == ' ')
            sp++;
    snprintf(out, size, "%s", p);
}

/* ---------------------------------------------------------------- frame */

typedef struct svg_cell {
    int32_t depth;
    int64_t cu, cv;
} svg_cell;

static int cell_cmp(const void *pa, const void *pb)
{
    const svg_cell *a = (const svg_cell *)pa, *b = (const svg_cell *)pb;
    if (a->depth != b->depth)
        return a->depth < b->depth ? -1 : 1;
    if (a->cu != b->cu)
        return a->cu < b->cu ? -1 : 1;
    if (a->cv != b->cv)
        return a->cv < b->cv ? -1 : 1;
    return 0;
}

static int bit_length(uint64_t x)
{
    int n = 0;
    while (x) {
        n++;
        x >>= 1;
    }
    return n;
}

static int64_t clamp64(int64_t x, int64_t lo, int64_t hi) { return x < lo ? lo : x > hi ? hi : x; }

/* The node cell of a body's bounds by the placement rule of
 * fixcol/quadtree.h (loose: the deepest cell of side s with
 * max(width, height) <= s / 2 holding the clamped min corner; strict: the
 * deepest cell containing the clamped box), capped at max_depth. */
static svg_cell place(const fc_replay_settings *st, const int32_t lo[3], const int32_t hi[3], int32_t dim)
{
    int v = dim == 3 ? 2 : 1, L = st->bounds_log2 + 16, d;
    int64_t top = ((int64_t)1 << L) - 1;
    uint64_t ou = (uint64_t)clamp64((int64_t)lo[0] - st->bounds_min.x, 0, top);
    uint64_t ov = (uint64_t)clamp64((int64_t)lo[v] - st->bounds_min.y, 0, top);
    uint64_t eu = (uint64_t)clamp64((int64_t)hi[0] - st->bounds_min.x, 0, top);
    uint64_t ev = (uint64_t)clamp64((int64_t)hi[v] - st->bounds_min.y, 0, top);
    if (st->layout == FC_QT_LOOSE) {
        uint64_t m = eu - ou > ev - ov ? eu - ou : ev - ov;
        d = L - (m == 0 ? 0 : bit_length(2 * m - 1));
    } else {
        d = L - bit_length((ou ^ eu) | (ov ^ ev));
    }
    if (d > st->max_depth)
        d = st->max_depth;
    if (d < 0)
        d = 0;
    svg_cell cell;
    cell.depth = d;
    cell.cu = (int64_t)(ou >> (L - d));
    cell.cv = (int64_t)(ov >> (L - d));
    return cell;
}

typedef struct svg_frame {
    const fc_replay_settings *st;
    fc_replay_runner *rn;
    const svg_query *q;
    uint32_t nq, frame;
    int cells;
} svg_frame;

#define STYLE                                                                                      \
    "<style>\n" \
    ".bg{fill:#10141a}\n" \
    ".body{fill:#5aa0ff;fill-opacity:0.22;stroke:#5aa0ff;stroke-width:%s}\n" \
    ".body.pair{fill:#ff7a3c;fill-opacity:0.35;stroke:#ff7a3c}\n" \
    ".link{fill:none;stroke:#ffdc50;stroke-opacity:0.8;stroke-width:%s}\n" \
    ".query{fill:none;stroke:#7dff8a;stroke-width:%s;stroke-dasharray:%s %s}\n" \
    ".hit{fill:#7dff8a;stroke:none}\n" \
    ".bounds{fill:none;stroke:#8b949e;stroke-width:%s}\n" \
    ".cell{fill:none;stroke:#3c4a5e;stroke-width:%s}\n" \
    ".scale{fill:none;stroke:#dde3ea;stroke-width:%s}\n" \
    "text{fill:#dde3ea;font-family:sans-serif;font-size:%spx}\n" \
    "</style>\n"

/* The drawing of the world (inside the flipped group) into c->b; the
 * extent grows with everything drawn. Returns the counts for the title. */
static void draw_world(svg_ctx *c, const svg_frame *f, int32_t *nbodies, int32_t *npairs, const fc_pair **pairs_out)
{
    fc_world *w = f->rn->world;
    const fc_replay_settings *st = f->st;
    const fc_pair *pairs = NULL;
    int32_t np = 0;
    fc_world_find_pairs(w, &pairs, &np);
    fc_replay_runner *rn = f->rn;
    uint8_t *inpair = (uint8_t *)calloc(rn->live_cap ? rn->live_cap : 1, 1);
    if (!inpair) {
        c->b.failed = 1;
        return;
    }
    for (int32_t i = 0; i < np; i++) {
        if (pairs[i].a.index < rn->live_cap)
            inpair[pairs[i].a.index] = 1;
        if (pairs[i].b.index < rn->live_cap)
            inpair[pairs[i].b.index] = 1;
    }
    int64_t side = (int64_t)1 << (st->bounds_log2 + 16);
    cli_printf(&c->b, "<rect id=\"bounds\" class=\"bounds\"");
    rect(c, st->bounds_min.x, st->bounds_min.y, st->bounds_min.x + side, st->bounds_min.y + side);

    if (f->cells) {
        svg_cell *cells = NULL;
        size_t n = 0, cap = 0;
        for (uint32_t i = 0; i < rn->live_cap && !c->b.failed; i++) {
            fc_body_id id = {i, rn->live_gen[i], 1};
            int32_t lo[3], hi[3];
            if (!rn->live_gen[i] || fc_world_get_bounds(w, id, lo, hi) != FC_OK)
                continue;
            svg_cell cell = place(st, lo, hi, rn->dim);
            for (; cell.depth > 0; cell.depth--, cell.cu >>= 1, cell.cv >>= 1) {
                if (n == cap) {
                    size_t ncap = cap ? cap * 2 : 256;
                    svg_cell *nc = (svg_cell *)realloc(cells, ncap * sizeof *nc);
                    if (!nc) {
                        c->b.failed = 1;
                        break;
                    }
                    cells = nc;
                    cap = ncap;
                }
                cells[n++] = cell;
            }
        }
        if (n)
            qsort(cells, n, sizeof *cells, cell_cmp);
        cli_printf(&c->b, "<g id=\"cells\">\n");
        for (size_t i = 0; i < n; i++) {
            if (i && cell_cmp(&cells[i], &cells[i - 1]) == 0)
                continue;
            int64_t s = side >> cells[i].depth;
            int64_t x = st->bounds_min.x + cells[i].cu * s, y = st->bounds_min.y + cells[i].cv * s;
            cli_printf(&c->b, "<rect class=\"cell\" data-depth=\"%" PRId32 "\"", cells[i].depth);
            rect(c, x, y, x + s, y + s);
        }
        cli_printf(&c->b, "</g>\n");
        free(cells);
    }

    cli_printf(&c->b, "<g id=\"bodies\">\n");
    int32_t nb = 0;
    for (uint32_t i = 0; i < rn->live_cap; i++) {
        fc_body_id id = {i, rn->live_gen[i], 1};
        if (!rn->live_gen[i] || !fc_world_body_valid(w, id))
            continue;
        char text[512], attrs[700];
        fc_shape2 s2;
        fc_shape3 s3;
        if (rn->dim == 2)
            fc_world_get_shape2(w, id, &s2);
        else
            fc_world_get_shape3(w, id, &s3);
        shape_text(rn->dim, rn->dim == 2 ? &s2 : NULL, rn->dim == 3 ? &s3 : NULL, text, sizeof text);
        snprintf(attrs, sizeof attrs, "class=\"body%s\" data-id=\"%" PRIu32 ":%" PRIu32 "\" data-shape=\"%s\"",
                 inpair[i] ? " pair" : "", i, id.generation, text);
        if (rn->dim == 2)
            shape2(c, &s2, attrs);
        else
            shape3(c, &s3, attrs);
        nb++;
    }
    cli_printf(&c->b, "</g>\n<g id=\"pairs\">\n");
    for (int32_t i = 0; i < np; i++) {
        int32_t lo[3], hi[3];
        int64_t x[2], y[2];
        const fc_body_id ids[2] = {pairs[i].a, pairs[i].b};
        for (int k = 0; k < 2; k++) {
            fc_world_get_bounds(w, ids[k], lo, hi);
            int v = rn->dim == 3 ? 2 : 1;
            x[k] = ((int64_t)lo[0] + hi[0]) * 32768; /* the centre of the bounds, Q32.32 */
            y[k] = ((int64_t)lo[v] + hi[v]) * 32768;
        }
        cli_printf(&c->b,
                   "<line class=\"link\" data-a=\"%" PRIu32 ":%" PRIu32 "\" data-b=\"%" PRIu32 ":%" PRIu32 "\" x1=\"",
                   ids[0].index, ids[0].generation, ids[1].index, ids[1].generation);
        q32(c, x[0]);
        cli_printf(&c->b, "\" y1=\"");
        q32(c, y[0]);
        cli_printf(&c->b, "\" x2=\"");
        q32(c, x[1]);
        cli_printf(&c->b, "\" y2=\"");
        q32(c, y[1]);
        cli_printf(&c->b, "\"/>\n");
    }
    cli_printf(&c->b, "</g>\n<g id=\"queries\">\n");
    int64_t arm = c->g / 2;
    for (uint32_t k = 0; k < f->nq; k++) {
        const fc_replay_op *op = &f->q[k].op;
        char line[512], attrs[700];
        fc_replay_op_format(op, rn->dim, line, sizeof line);
        int64_t ax = op->a.x, ay = rn->dim == 3 ? op->a.z : op->a.y;
        int64_t bx = op->b.x, by = rn->dim == 3 ? op->b.z : op->b.y;
        if (op->kind == FC_REPLAY_QUERY_SHAPE) {
            snprintf(attrs, sizeof attrs, "class=\"query area\" data-hits=\"%" PRIu32 "\" data-op=\"%s\"",
                     f->q[k].count, line);
            /* a rejected query shape (a recorded error) is named, not drawn:
             * its numbers may be anything, outside the ranges the
             * arithmetic above is sized for */
            fc_status vs = rn->dim == 2 ? fc_shape2_validate(&op->shape2) : fc_shape3_validate(&op->shape3);
            if (vs != FC_OK)
                cli_printf(&c->b, "<g %s data-invalid=\"%s\"/>\n", attrs, fc_status_str(vs));
            else if (rn->dim == 2)
                shape2(c, &op->shape2, attrs);
            else
                shape3(c, &op->shape3, attrs);
        } else if (op->kind == FC_REPLAY_QUERY_SECTOR || op->kind == FC_REPLAY_QUERY_RING ||
                   op->kind == FC_REPLAY_QUERY_CAST || op->kind == FC_REPLAY_QUERY_CAST_ALL) {
            /* version 3 queries (skill areas, shape casts) are named with
             * their hit count but not drawn (yet) */
            cli_printf(&c->b, "<g class=\"query skipped\" data-hits=\"%" PRIu32 "\" data-op=\"%s\"/>\n",
                       f->q[k].count, line);
        } else if (op->kind == FC_REPLAY_QUERY_POINT) {
            cli_printf(&c->b, "<path class=\"query point\" data-hits=\"%" PRIu32 "\" data-op=\"%s\" d=\"M ",
                       f->q[k].count, line);
            pt16(c, ax - arm, ay - arm);
            cli_printf(&c->b, " L ");
            pt16(c, ax + arm, ay + arm);
            cli_printf(&c->b, " M ");
            pt16(c, ax - arm, ay + arm);
            cli_printf(&c->b, " L ");
            pt16(c, ax + arm, ay - arm);
            cli_printf(&c->b, "\"/>\n");
        } else {
            cli_printf(&c->b, "<g class=\"ray\" data-hits=\"%" PRIu32 "\" data-op=\"%s\">\n<path class=\"query ray\" d=\"M ",
                       f->q[k].count, line);
            pt16(c, ax, ay);
            cli_printf(&c->b, " L ");
            pt16(c, ax + bx, ay + by);
            cli_printf(&c->b, "\"/>\n");
            for (uint32_t h = 0; h < f->q[k].count; h++) {
                const fc_ray_hit *hit = &f->q[k].hits[h];
                char tt[FC_FIXTEXT_BUF];
                cli_printf(&c->b, "<circle class=\"hit\" data-id=\"%" PRIu32 ":%" PRIu32 "\" data-t=\"%s\" cx=\"",
                           hit->id.index, hit->id.generation, fc_fixtext_format(hit->t, 16, tt));
                int64_t hx = ax * 65536 + (int64_t)hit->t * bx, hy = ay * 65536 + (int64_t)hit->t * by;
                grow(c, hx, hy);
                q32(c, hx);
                cli_printf(&c->b, "\" cy=\"");
                q32(c, hy);
                cli_printf(&c->b, "\" r=\"");
                q16(c, c->g / 4);
                cli_printf(&c->b, "\"/>\n");
            }
            cli_printf(&c->b, "</g>\n");
        }
    }
    cli_printf(&c->b, "</g>\n");
    free(inpair);
    *nbodies = nb;
    *npairs = np;
    *pairs_out = pairs;
}

static int64_t floor16(int64_t v32) { return fc_i64_shr_floor(v32, 16); }
static int64_t ceil16(int64_t v32) { return -fc_i64_shr_floor(-v32, 16); }

/* The largest power of two <= v (v >= 1). */
static int64_t pow2_below(int64_t v)
{
    int64_t p = 1;
    while (p <= v / 2)
        p *= 2;
    return p;
}

/* Scale bar length (raw): the largest 1, 2 or 5 x 10^k units <= limit, or
 * below one unit the largest power of two <= limit. */
static int64_t scale_length(int64_t limit)
{
    if (limit < 65536)
        return pow2_below(limit > 0 ? limit : 1);
    int64_t best = 65536;
    for (int64_t p = 65536; p <= limit; p *= 10) {
        static const int m[3] = {1, 2, 5};
        for (int i = 0; i < 3; i++)
            if (p * m[i] <= limit)
                best = p * m[i];
        if (p > INT64_MAX / 10)
            break;
    }
    return best;
}

/* The document: header, style, the flipped world group, the legend. */
static int render(cli_buf *out, const svg_frame *f)
{
    /* pass 1 (unit 0) measures the world to choose the unit g; pass 2
     * draws with it (g sizes point crosses and hit dots) and gives the
     * extent of the view box */
    svg_ctx c;
    int32_t nb = 0, np = 0;
    const fc_pair *pairs = NULL;
    memset(&c, 0, sizeof c);
    c.dim = f->rn->dim;
    c.g = 0;
    draw_world(&c, f, &nb, &np, &pairs);
    int64_t x0 = floor16(c.lo_x), x1 = ceil16(c.hi_x), y0 = floor16(c.lo_y), y1 = ceil16(c.hi_y);
    int64_t S = x1 - x0 > y1 - y0 ? x1 - x0 : y1 - y0;
    if (S < 65536)
        S = 65536;
    int64_t g = pow2_below(S / 64 > 0 ? S / 64 : 1);
    cli_buf_free(&c.b);
    int failed = c.b.failed;
    memset(&c, 0, sizeof c);
    c.dim = f->rn->dim;
    c.g = g;
    draw_world(&c, f, &nb, &np, &pairs);
    failed |= c.b.failed;
    x0 = floor16(c.lo_x) - 2 * g;
    x1 = ceil16(c.hi_x) + 2 * g;
    y0 = floor16(c.lo_y) - 2 * g;
    y1 = ceil16(c.hi_y) + 2 * g;
    int64_t vw = x1 - x0, vh = y1 - y0, strip = 11 * g;
    int64_t px_h = (vh + strip) * 1024 / vw;

    char t[8][FC_FIXTEXT_BUF];
    cli_printf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    cli_printf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1024\" height=\"%" PRId64 "\" viewBox=\"%s %s %s %s\">\n",
               px_h, fc_fixtext_format(x0, 16, t[0]), fc_fixtext_format(-y1, 16, t[1]), fc_fixtext_format(vw, 16, t[2]),
               fc_fixtext_format(vh + strip, 16, t[3]));
    cli_printf(out, "<title>fixcol replay frame %" PRIu32 ": %" PRId32 "D world, %" PRId32 " bodies, %" PRId32
               " pairs, %" PRIu32 " queries</title>\n",
               f->frame, f->rn->dim, nb, np, f->nq);
    cli_printf(out, "<desc>Written by fixcol-replay svg. World coordinates, exact decimals of Q16.16 (shapes) and "
                    "Q32.32 (OBB corners, bound centres, ray hit points; capsule tangent points are rounded to "
                    "Q16.16), unchanged inside a scale(1,-1) group: x right, y up%s.</desc>\n",
               f->rn->dim == 3 ? "; 3D seen from above: (x, z), z up" : "");
    fc_fixtext_format(g / 16 > 0 ? g / 16 : 1, 16, t[0]); /* stroke */
    fc_fixtext_format(g / 8 > 0 ? g / 8 : 1, 16, t[1]);   /* query stroke */
    fc_fixtext_format(g / 2, 16, t[2]);                   /* dash */
    fc_fixtext_format(g, 16, t[3]);                       /* font */
    cli_printf(out, STYLE, t[0], t[0], t[1], t[2], t[2], t[0], t[0], t[1], t[3]);
    cli_printf(out, "<rect class=\"bg\" x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\"/>\n",
               fc_fixtext_format(x0, 16, t[0]), fc_fixtext_format(-y1, 16, t[1]), fc_fixtext_format(vw, 16, t[2]),
               fc_fixtext_format(vh + strip, 16, t[3]));
    cli_printf(out, "<g id=\"world\" transform=\"scale(1,-1)\">\n");
    if (c.b.len)
        cli_printf(out, "%.*s", (int)c.b.len, c.b.data);
    cli_buf_free(&c.b);
    cli_printf(out, "</g>\n");

    /* legend, upright, below the world: a title row, 3 rows of 4 entries,
     * the scale bar */
    int64_t top = -y0, lx = x0 + 2 * g, colw = (vw - 4 * g) / 4;
    cli_printf(out, "<g id=\"legend\">\n<text x=\"%s\" y=\"%s\">frame %" PRIu32 ", %" PRId32 "D%s: %" PRId32
                    " bodies, %" PRId32 " pairs, %" PRIu32 " queries</text>\n",
               fc_fixtext_format(lx, 16, t[0]), fc_fixtext_format(top + 2 * g, 16, t[1]), f->frame, f->rn->dim,
               f->rn->dim == 3 ? " (top view: x right, z up)" : "", nb, np, f->nq);
    static const char *const items[][2] = {
        {"body", "body"},        {"body pair", "body in a pair"}, {"link", "pair (bound centres)"},
        {"bounds", "world bounds"}, {"query area", "overlap query"}, {"query point", "point query"},
        {"query ray", "ray"},    {"hit", "ray hit"},              {"cell", "quadtree cell"},
    };
    int nitems = f->cells ? 9 : 8;
    for (int i = 0; i < nitems; i++) {
        int64_t ex = lx + (i % 4) * colw, ey = top + (4 + 2 * (i / 4)) * g;
        cli_printf(out, "<rect class=\"%s\" x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\"/>", items[i][0],
                   fc_fixtext_format(ex, 16, t[0]), fc_fixtext_format(ey - g, 16, t[1]), fc_fixtext_format(g, 16, t[2]),
                   fc_fixtext_format(g, 16, t[3]));
        cli_printf(out, "<text x=\"%s\" y=\"%s\">%s</text>\n", fc_fixtext_format(ex + 2 * g, 16, t[0]),
                   fc_fixtext_format(ey, 16, t[1]), items[i][1]);
    }
    cli_printf(out, "</g>\n");
    int64_t len = scale_length(vw / 4), sy = top + 10 * g;
    cli_printf(out, "<g id=\"scale\" data-length=\"%s\">\n", fc_fixtext_format(len, 16, t[0]));
    cli_printf(out, "<path class=\"scale\" d=\"M %s %s V %s H %s V %s\"/>\n", fc_fixtext_format(lx, 16, t[0]),
               fc_fixtext_format(sy - g / 2, 16, t[1]), fc_fixtext_format(sy, 16, t[2]),
               fc_fixtext_format(lx + len, 16, t[3]), fc_fixtext_format(sy - g / 2, 16, t[4]));
    cli_printf(out, "<text x=\"%s\" y=\"%s\">%s units</text>\n</g>\n</svg>\n", fc_fixtext_format(lx + len + g, 16, t[0]),
               fc_fixtext_format(sy, 16, t[1]), fc_fixtext_format(len, 16, t[2]));
    return !failed && !out->failed;
}

/* ---------------------------------------------------------------- command */

static void print_error(const char *path, const fc_replay_error *e, fc_status st)
{
    char buf[256];
    if (e->reason[0]) {
        fc_replay_error_format(e, buf, sizeof buf);
        fprintf(stderr, "fixcol-replay " CMD ": %s: bad input: %s\n", path, buf);
    } else {
        fprintf(stderr, "fixcol-replay " CMD ": %s: error: %s\n", path, fc_status_str(st));
    }
}

/* Record a query operation just applied: its count from the runner, and
 * for rays the hits (the same world call again, on the unchanged world). */
static fc_status keep_query(fc_replay_runner *rn, const fc_replay_op *op, uint32_t qi, svg_query *q)
{
    memset(q, 0, sizeof *q);
    q->op = *op;
    q->count = qi < rn->query_count ? rn->queries[qi].count : 0;
    if ((op->kind != FC_REPLAY_QUERY_RAY && op->kind != FC_REPLAY_QUERY_RAY_ALL) || q->count == 0)
        return FC_OK;
    const fc_ray_hit *hits = NULL;
    fc_ray_hit one;
    int32_t n = 0;
    int hit = 0;
    fc_status st;
    if (rn->dim == 2) {
        fc_ray2 r = {{op->a.x, op->a.y}, {op->b.x, op->b.y}};
        st = op->kind == FC_REPLAY_QUERY_RAY ? fc_world_raycast2(rn->world, &r, op->filter, &one, &hit)
                                             : fc_world_raycast2_all(rn->world, &r, op->filter, &hits, &n);
    } else {
        fc_ray3 r = {op->a, op->b};
        st = op->kind == FC_REPLAY_QUERY_RAY ? fc_world_raycast3(rn->world, &r, op->filter, &one, &hit)
                                             : fc_world_raycast3_all(rn->world, &r, op->filter, &hits, &n);
    }
    if (op->kind == FC_REPLAY_QUERY_RAY) {
        hits = &one;
        n = hit;
    }
    if (st != FC_OK || (uint32_t)n != q->count)
        return FC_ERR_ARGUMENT; /* cannot happen: the runner's own call gave count */
    q->hits = (fc_ray_hit *)malloc((size_t)n * sizeof *hits);
    if (!q->hits)
        return FC_ERR_NO_MEMORY;
    memcpy(q->hits, hits, (size_t)n * sizeof *hits);
    return FC_OK;
}

/* The queries of the wanted frame, kept for drawing. */
typedef struct svg_walk {
    uint32_t want;
    svg_query *q;
    uint32_t nq, cap;
} svg_walk;

static fc_status svg_op(void *ctx, walk *w, uint32_t i, const fc_replay_op *op, fc_status os, uint32_t qi)
{
    svg_walk *s = (svg_walk *)ctx;
    (void)i;
    if (os == FC_ERR_NO_MEMORY)
        return os; /* the world is no longer the recorded one */
    int drawn = (op->kind >= FC_REPLAY_QUERY_SHAPE && op->kind <= FC_REPLAY_QUERY_RAY_ALL) ||
                op->kind == FC_REPLAY_QUERY_SECTOR || op->kind == FC_REPLAY_QUERY_RING ||
                op->kind == FC_REPLAY_QUERY_CAST || op->kind == FC_REPLAY_QUERY_CAST_ALL;
    if (w->r.frames != s->want || !drawn) /* range checksums and dumps have no geometry */
        return FC_OK;
    if (s->nq == s->cap) {
        uint32_t ncap = s->cap ? s->cap * 2 : 16;
        svg_query *nb = (svg_query *)realloc(s->q, ncap * sizeof *nb);
        if (!nb)
            return FC_ERR_NO_MEMORY;
        s->q = nb;
        s->cap = ncap;
    }
    fc_status st = keep_query(&w->rn, op, qi, &s->q[s->nq]);
    if (st == FC_OK)
        s->nq++;
    return st;
}

int cmd_svg(int argc, char **argv)
{
    enum { FRAME, OUT, CELLS };
    cli_opt o[] = {{"--frame", "N", 1, NULL, 0}, {"-o", "OUT", 0, NULL, 0}, {"--cells", NULL, 0, NULL, 0}};
    int npos = 0;
    svg_walk sw;
    memset(&sw, 0, sizeof sw);
    if (!cli_parse(CMD, SVG_USAGE, argc, argv, o, 3, 1, 1, &npos) ||
        !cli_u32(CMD, "--frame", o[FRAME].value, 1, UINT32_MAX, &sw.want))
        return EXIT_BAD;
    const char *path = argv[0], *outp = o[OUT].seen ? o[OUT].value : "-";
    size_t size = 0;
    uint8_t *data = cli_load(CMD, path, &size);
    if (!data)
        return EXIT_BAD;
    walk w;
    fc_status st = walk_to(&w, data, size, sw.want, svg_op, &sw);
    int rc = EXIT_BAD;
    cli_buf out;
    memset(&out, 0, sizeof out);
    if (st != FC_OK) {
        print_error(path, &w.r.error, st);
    } else if (w.r.frames != sw.want) {
        fprintf(stderr, "fixcol-replay " CMD ": %s: no frame %" PRIu32 " (it has frames 1..%" PRIu32 ")\n", path, sw.want,
                w.r.frames);
    } else {
        svg_frame f;
        f.st = &w.r.settings;
        f.rn = &w.rn;
        f.q = sw.q;
        f.nq = sw.nq;
        f.frame = sw.want;
        f.cells = o[CELLS].seen;
        if (!render(&out, &f))
            fprintf(stderr, "fixcol-replay " CMD ": out of memory\n");
        else if (cli_save(CMD, outp, (const uint8_t *)out.data, out.len))
            rc = EXIT_MATCH;
    }
    cli_buf_free(&out);
    for (uint32_t i = 0; i < sw.nq; i++)
        free(sw.q[i].hits);
    free(sw.q);
    walk_free(&w);
    free(data);
    return rc;
}
