/* SPDX-License-Identifier: MIT */
/* Contact events and world contacts for JavaScript. Outputs owned by the
 * world are returned as addresses and counts in io. */
#include <stdint.h>

#include <fixcol/fixcol.h>

#include "js_export.h"

/* io[0] = began address, io[1] = count, io[2] = ended address, io[3] = count. */
FCJS_EXPORT(fcjs_pair_events) int32_t fcjs_pair_events(fc_world *w, int32_t *io)
{
    const fc_pair *b = NULL, *e = NULL;
    int32_t nb = 0, ne = 0;
    fc_status st = fc_world_pair_events(w, &b, &nb, &e, &ne);
    io[0] = (int32_t)(uintptr_t)b;
    io[1] = nb;
    io[2] = (int32_t)(uintptr_t)e;
    io[3] = ne;
    return st;
}

/* io[0] = pairs address, io[1] = count, io[2] = contacts address
 * (fc_contact2_result or fc_contact3_result per the world's dim). */
FCJS_EXPORT(fcjs_find_contacts) int32_t fcjs_find_contacts(fc_world *w, int32_t dim, int32_t *io)
{
    const fc_pair *p = NULL;
    const void *c = NULL;
    int32_t n = 0;
    fc_status st;
    if (dim == 3) {
        const fc_contact3_result *c3 = NULL;
        st = fc_world_find_contacts3(w, &p, &c3, &n);
        c = c3;
    } else {
        const fc_contact2_result *c2 = NULL;
        st = fc_world_find_contacts2(w, &p, &c2, &n);
        c = c2;
    }
    io[0] = (int32_t)(uintptr_t)p;
    io[1] = n;
    io[2] = (int32_t)(uintptr_t)c;
    return st;
}

/* fc_pair_events on heap arrays; io[0] = nbegan, io[1] = nended. */
FCJS_EXPORT(fcjs_pair_events_diff) int32_t fcjs_pair_events_diff(const fc_pair *prev, int32_t np, const fc_pair *cur,
                                                                 int32_t nc, fc_pair *began, fc_pair *ended,
                                                                 int32_t *io)
{
    int32_t nb = 0, ne = 0;
    fc_status st = fc_pair_events(prev, np, cur, nc, began, nc, &nb, ended, np, &ne);
    io[0] = nb;
    io[1] = ne;
    return st;
}
