/* SPDX-License-Identifier: MIT */
/* The asker's side of the bisection protocol (fixcol/desync.h): a pure
 * state machine over the (mine, theirs) answers fed to it. Range sums
 * compose, so only the left half of a split is asked; the right half's
 * sums are the parent's minus the left's. Depth-first, left first: the
 * stack holds at most one pending right half per level. The budget
 * (max_found reports, max_rounds answers) is checked before every new
 * question and every report. */
#include <fixcol/desync.h>

#include <string.h>

#include "core/nofloat.h"

enum { PHASE_FULL = 0, PHASE_SLOTS, PHASE_BISECT, PHASE_DONE };

static uint64_t range_question(uint32_t lo, uint32_t hi)
{
    return (uint64_t)lo | ((uint64_t)hi << 32);
}

void fc_desync_init(fc_desync *d)
{
    if (d == NULL)
        return;
    memset(d, 0, sizeof *d);
    d->phase = PHASE_FULL;
    d->max_found = FC_DESYNC_DEFAULT_MAX_FOUND;
}

fc_status fc_desync_set_budget(fc_desync *d, uint32_t max_found, uint32_t max_rounds)
{
    if (d == NULL)
        return FC_ERR_NULL;
    if (max_found == 0 || max_found > (uint32_t)FC_WORLD_MAX_BODIES)
        return FC_ERR_ARGUMENT;
    d->max_found = max_found;
    d->max_rounds = max_rounds;
    return FC_OK;
}

static uint32_t ceil_log2(uint32_t n)
{
    uint32_t k = 0;
    while (k < 32 && ((uint64_t)1 << k) < n)
        k++;
    return k;
}

/* 1 when one more question fits the budget. The default bound is only
 * known once S is (rounds 1 and 2 are always allowed then). */
static int round_fits(const fc_desync *d)
{
    if (d->max_rounds != 0)
        return d->rounds < d->max_rounds;
    if (d->phase != PHASE_BISECT)
        return 1;
    uint64_t bound = 2 + (uint64_t)d->max_found * ceil_log2(d->slots); /* < 2^30 */
    return d->rounds < bound;
}

/* 1 when the next step - a report (the top range is one slot) or a new
 * question - would exceed the budget. Nothing to do (done, or no pending
 * range) is never over it. */
static int over_budget(const fc_desync *d)
{
    if (d->phase > PHASE_BISECT || (d->phase == PHASE_BISECT && d->depth == 0))
        return 0;
    if (d->phase == PHASE_BISECT && d->stack[d->depth - 1].hi - d->stack[d->depth - 1].lo == 1)
        return d->found >= d->max_found;
    return !round_fits(d);
}

fc_desync_step fc_desync_next(fc_desync *d, uint64_t *value)
{
    if (d == NULL || value == NULL)
        return FC_DESYNC_DONE;
    if (d->waiting) {
        *value = d->question;
        return FC_DESYNC_ASK;
    }
    if (over_budget(d)) {
        *value = 0;
        return FC_DESYNC_LIMIT;
    }
    switch (d->phase) {
    case PHASE_FULL:
        d->question = range_question(0, (uint32_t)FC_WORLD_MAX_BODIES);
        break;
    case PHASE_SLOTS:
        d->question = FC_DESYNC_ASK_SLOTS;
        break;
    case PHASE_BISECT: {
        if (d->depth == 0) {
            d->phase = PHASE_DONE;
            *value = 0;
            return FC_DESYNC_DONE;
        }
        const fc_desync_range *top = &d->stack[d->depth - 1];
        if (top->hi - top->lo == 1) {
            d->depth--;
            d->found++;
            *value = top->lo;
            return FC_DESYNC_FOUND;
        }
        d->question = range_question(top->lo, top->lo + (top->hi - top->lo) / 2);
        break;
    }
    default:
        *value = 0;
        return FC_DESYNC_DONE;
    }
    d->waiting = 1;
    *value = d->question;
    return FC_DESYNC_ASK;
}

static void push(fc_desync *d, uint32_t lo, uint32_t hi, uint64_t mine, uint64_t theirs)
{
    if (mine == theirs || d->depth >= FC_DESYNC_STACK) /* equal: nothing to find there */
        return;
    fc_desync_range *r = &d->stack[d->depth++];
    r->lo = lo;
    r->hi = hi;
    r->mine = mine;
    r->theirs = theirs;
}

fc_status fc_desync_feed(fc_desync *d, uint64_t mine, uint64_t theirs)
{
    if (d == NULL)
        return FC_ERR_NULL;
    if (!d->waiting)
        return FC_ERR_ARGUMENT;
    switch (d->phase) {
    case PHASE_FULL:
        if (mine == theirs) {
            d->phase = PHASE_DONE;
        } else { /* keep the sums of the whole space for the root range */
            d->stack[0].mine = mine;
            d->stack[0].theirs = theirs;
            d->phase = PHASE_SLOTS;
        }
        break;
    case PHASE_SLOTS: {
        if (mine > (uint64_t)FC_WORLD_MAX_BODIES || theirs > (uint64_t)FC_WORLD_MAX_BODIES)
            return FC_ERR_FORMAT;
        uint32_t s = (uint32_t)(mine > theirs ? mine : theirs);
        if (s == 0) /* round 1 differed with no used slot: slot 0's 3D key */
            s = 1;
        uint64_t m = d->stack[0].mine, t = d->stack[0].theirs;
        d->slots = s;
        d->depth = 0;
        push(d, 0, s, m, t); /* [0, s) holds every used slot of both sides */
        d->phase = PHASE_BISECT;
        break;
    }
    default: { /* PHASE_BISECT: the answers are the left half's sums */
        fc_desync_range p = d->stack[--d->depth];
        uint32_t mid = p.lo + (p.hi - p.lo) / 2;
        push(d, mid, p.hi, p.mine - mine, p.theirs - theirs);
        push(d, p.lo, mid, mine, theirs);
        break;
    }
    }
    d->waiting = 0;
    d->rounds++;
    return FC_OK;
}
