/* SPDX-License-Identifier: MIT */
/* The canonical text dump of a world and of one slot (format in
 * fixcol/desync.h): every used slot in index order, integers and exact
 * Q16.16 decimals only, so the bytes are the same on every target. */
#include "desync_internal.h"
#include "world/world_internal.h"

#include "core/nofloat.h"

static void sp(fc_text *t, const char *s)
{
    fc_text_str(t, " ");
    fc_text_str(t, s);
    fc_text_str(t, " ");
}

void fc_desync_slot_line(fc_text *t, const fc_world *w, uint32_t i)
{
    if (i >= w->slot_count) {
        fc_text_str(t, "unused ");
        fc_text_u64(t, i);
        fc_text_str(t, "\n");
        return;
    }
    const fc_body *b = &w->bodies[i];
    fc_text_str(t, b->live ? "body " : "free ");
    fc_text_u64(t, i);
    fc_text_str(t, " ");
    fc_text_u64(t, b->generation);
    if (b->live) {
        sp(t, "cat");
        fc_text_hex(t, b->filter.category, 8);
        sp(t, "mask");
        fc_text_hex(t, b->filter.mask, 8);
        sp(t, "user");
        fc_text_u64(t, b->user_data);
        const char *type = "?";
        fc_dfield f[FC_DFIELDS_MAX];
        int n = fc_desync_fields(w, i, &type, f);
        fc_text_str(t, " ");
        fc_text_str(t, type);
        for (int k = 0; k < n; k++) {
            fc_text_str(t, " ");
            fc_text_str(t, f[k].name);
            for (int c = 0; c < f[k].n; c++) {
                fc_text_str(t, " ");
                if (f[k].fix)
                    fc_text_fix(t, f[k].v[c]);
                else
                    fc_text_i32(t, f[k].v[c]);
            }
        }
    }
    fc_text_str(t, "\n");
}

fc_status fc_world_dump(const fc_world *w, char *buf, size_t cap, size_t *size)
{
    if (w == NULL || size == NULL)
        return FC_ERR_NULL;
    fc_text t = {buf, buf != NULL ? cap : 0, 0};
    fc_text_str(&t, "fixcol-dump 1\nworld dim ");
    fc_text_u64(&t, (uint64_t)w->def.dim);
    sp(&t, "tag");
    fc_text_u64(&t, w->def.tag);
    sp(&t, "bounds");
    fc_text_fix(&t, w->def.bounds_min.x);
    fc_text_str(&t, " ");
    fc_text_fix(&t, w->def.bounds_min.y);
    sp(&t, "log2");
    fc_text_i32(&t, w->def.bounds_log2);
    sp(&t, "depth");
    fc_text_i32(&t, w->def.max_depth);
    sp(&t, "layout");
    fc_text_str(&t, w->def.layout == FC_QT_STRICT ? "strict" : "loose");
    fc_text_str(&t, "\nslots ");
    fc_text_u64(&t, w->slot_count);
    sp(&t, "live");
    fc_text_u64(&t, w->live_count);
    sp(&t, "free");
    fc_text_u64(&t, w->free_count);
    sp(&t, "checksum");
    fc_text_hex(&t, fc_world_checksum(w), 16);
    fc_text_str(&t, "\n");
    for (uint32_t i = 0; i < w->slot_count; i++)
        fc_desync_slot_line(&t, w, i);
    fc_text_str(&t, "freelist");
    for (uint32_t k = w->free_count; k-- > 0;) {
        fc_text_str(&t, " ");
        fc_text_u64(&t, w->free_stack[k]);
    }
    fc_text_str(&t, "\nend\n");
    return fc_text_finish(&t, buf, size);
}

fc_status fc_world_dump_slot(const fc_world *w, uint32_t index, char *buf, size_t cap, size_t *size)
{
    if (w == NULL || size == NULL)
        return FC_ERR_NULL;
    if (index >= (uint32_t)FC_WORLD_MAX_BODIES)
        return FC_ERR_ARGUMENT;
    fc_text t = {buf, buf != NULL ? cap : 0, 0};
    fc_desync_slot_line(&t, w, index);
    return fc_text_finish(&t, buf, size);
}
