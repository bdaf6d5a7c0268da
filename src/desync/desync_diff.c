/* SPDX-License-Identifier: MIT */
/* Field-by-field difference of two worlds, and of two snapshot blobs
 * (restored into temporary worlds first). Lines as documented at
 * fc_world_diff in fixcol/desync.h. */
#include "desync_internal.h"
#include "world/world_internal.h"

#include <string.h>

#include "core/nofloat.h"

typedef struct differ {
    fc_text t;
    uint32_t count;
} differ;

static void head(differ *d, const char *what)
{
    d->count++;
    fc_text_str(&d->t, what);
}

static void vs(differ *d)
{
    fc_text_str(&d->t, " vs ");
}

static void setting(differ *d, const char *name, int64_t a, int64_t b, int fix)
{
    if (a == b)
        return;
    head(d, "world ");
    fc_text_str(&d->t, name);
    fc_text_str(&d->t, ": ");
    for (int i = 0; i < 2; i++) {
        int64_t v = i == 0 ? a : b;
        if (i)
            vs(d);
        if (fix)
            fc_text_fix(&d->t, (int32_t)v);
        else
            fc_text_u64(&d->t, (uint64_t)v);
    }
    fc_text_str(&d->t, "\n");
}

/* 0 unused, 1 free, 2 live */
static int slot_state(const fc_world *w, uint32_t i)
{
    if (i >= w->slot_count)
        return 0;
    return w->bodies[i].live ? 2 : 1;
}

static void state_text(differ *d, const fc_world *w, uint32_t i)
{
    int s = slot_state(w, i);
    if (s == 0) {
        fc_text_str(&d->t, "unused");
    } else if (s == 1) {
        fc_text_str(&d->t, "free (generation ");
        fc_text_u64(&d->t, w->bodies[i].generation);
        fc_text_str(&d->t, ")");
    } else {
        fc_text_str(&d->t, "body ");
        fc_text_u64(&d->t, i);
        fc_text_str(&d->t, ":");
        fc_text_u64(&d->t, w->bodies[i].generation);
    }
}

static void body_head(differ *d, const fc_world *a, uint32_t i, const char *field, const char *comp)
{
    head(d, "slot ");
    fc_text_u64(&d->t, i);
    fc_text_str(&d->t, ": ");
    state_text(d, a, i);
    fc_text_str(&d->t, " ");
    fc_text_str(&d->t, field);
    fc_text_str(&d->t, comp);
    fc_text_str(&d->t, ": ");
}

static void value(differ *d, int32_t v, int32_t fix)
{
    if (fix)
        fc_text_fix(&d->t, v);
    else
        fc_text_i32(&d->t, v);
}

static void compare_bodies(differ *d, const fc_world *a, const fc_world *b, uint32_t i)
{
    static const char *const comp[3] = {".x", ".y", ".z"};
    const fc_body *x = &a->bodies[i], *y = &b->bodies[i];
    if (a->def.dim == b->def.dim) {
        const char *ta = "?", *tb = "?";
        fc_dfield fa[FC_DFIELDS_MAX], fb[FC_DFIELDS_MAX];
        int na = fc_desync_fields(a, i, &ta, fa), nb = fc_desync_fields(b, i, &tb, fb);
        if (strcmp(ta, tb) != 0 || na != nb) {
            body_head(d, a, i, "shape", "");
            fc_text_str(&d->t, ta);
            vs(d);
            fc_text_str(&d->t, tb);
            fc_text_str(&d->t, "\n");
        } else {
            for (int k = 0; k < na; k++)
                for (int c = 0; c < fa[k].n; c++) {
                    if (fa[k].v[c] == fb[k].v[c])
                        continue;
                    body_head(d, a, i, fa[k].name, fa[k].n > 1 ? comp[c] : "");
                    value(d, fa[k].v[c], fa[k].fix);
                    vs(d);
                    value(d, fb[k].v[c], fb[k].fix);
                    fc_text_str(&d->t, "\n");
                }
        }
    }
    const uint32_t fx[2] = {x->filter.category, x->filter.mask}, fy[2] = {y->filter.category, y->filter.mask};
    for (int k = 0; k < 2; k++) {
        if (fx[k] == fy[k])
            continue;
        body_head(d, a, i, k == 0 ? "category" : "mask", "");
        fc_text_hex(&d->t, fx[k], 8);
        vs(d);
        fc_text_hex(&d->t, fy[k], 8);
        fc_text_str(&d->t, "\n");
    }
    if (x->user_data != y->user_data) {
        body_head(d, a, i, "user_data", "");
        fc_text_u64(&d->t, x->user_data);
        vs(d);
        fc_text_u64(&d->t, y->user_data);
        fc_text_str(&d->t, "\n");
    }
}

static void compare_free_lists(differ *d, const fc_world *a, const fc_world *b)
{
    uint32_t n = a->free_count > b->free_count ? a->free_count : b->free_count;
    for (uint32_t p = 0; p < n; p++) { /* position 0 = the top (handed out next) */
        int ha = p < a->free_count, hb = p < b->free_count;
        uint32_t sa = ha ? a->free_stack[a->free_count - 1 - p] : 0;
        uint32_t sb = hb ? b->free_stack[b->free_count - 1 - p] : 0;
        if (ha && hb && sa == sb)
            continue;
        head(d, "freelist: position ");
        fc_text_u64(&d->t, p);
        for (int i = 0; i < 2; i++) {
            fc_text_str(&d->t, i == 0 ? ": " : " vs ");
            if (i == 0 ? ha : hb) {
                fc_text_str(&d->t, "slot ");
                fc_text_u64(&d->t, i == 0 ? sa : sb);
            } else {
                fc_text_str(&d->t, "none");
            }
        }
        fc_text_str(&d->t, "\n");
        return;
    }
}

fc_status fc_world_diff(const fc_world *a, const fc_world *b, char *buf, size_t cap, size_t *size,
                        uint32_t *differences)
{
    if (a == NULL || b == NULL || size == NULL || differences == NULL)
        return FC_ERR_NULL;
    differ d;
    memset(&d, 0, sizeof d);
    d.t.p = buf;
    d.t.cap = buf != NULL ? cap : 0;
    setting(&d, "dim", a->def.dim, b->def.dim, 0);
    setting(&d, "tag", a->def.tag, b->def.tag, 0);
    setting(&d, "bounds.x", a->def.bounds_min.x, b->def.bounds_min.x, 1);
    setting(&d, "bounds.y", a->def.bounds_min.y, b->def.bounds_min.y, 1);
    setting(&d, "log2", a->def.bounds_log2, b->def.bounds_log2, 0);
    setting(&d, "depth", a->def.max_depth, b->def.max_depth, 0);
    setting(&d, "layout", a->def.layout, b->def.layout, 0);
    uint32_t n = a->slot_count > b->slot_count ? a->slot_count : b->slot_count;
    for (uint32_t i = 0; i < n; i++) {
        int sa = slot_state(a, i), sb = slot_state(b, i);
        if (sa != sb || (sa != 0 && a->bodies[i].generation != b->bodies[i].generation)) {
            head(&d, "slot ");
            fc_text_u64(&d.t, i);
            fc_text_str(&d.t, ": ");
            state_text(&d, a, i);
            vs(&d);
            state_text(&d, b, i);
            fc_text_str(&d.t, "\n");
        } else if (sa == 2) {
            compare_bodies(&d, a, b, i);
        }
    }
    compare_free_lists(&d, a, b);
    *differences = d.count;
    return fc_text_finish(&d.t, buf, size);
}

fc_status fc_snapshot_diff(const void *a, size_t a_size, const void *b, size_t b_size, char *buf, size_t cap,
                           size_t *size, uint32_t *differences, int32_t *bad)
{
    if (a == NULL || b == NULL || size == NULL || differences == NULL || bad == NULL)
        return FC_ERR_NULL;
    *bad = 0;
    fc_world_def def = fc_world_def_default();
    fc_world *w[2] = {NULL, NULL};
    const void *blob[2] = {a, b};
    const size_t len[2] = {a_size, b_size};
    fc_status st = FC_OK;
    for (int i = 0; i < 2 && st == FC_OK; i++) {
        st = fc_world_create(&def, &w[i]);
        if (st == FC_OK) {
            st = fc_world_restore(w[i], blob[i], len[i]);
            if (st != FC_OK && st != FC_ERR_NO_MEMORY)
                *bad = i + 1;
        }
    }
    if (st == FC_OK)
        st = fc_world_diff(w[0], w[1], buf, cap, size, differences);
    fc_world_destroy(w[0]);
    fc_world_destroy(w[1]);
    return st;
}
