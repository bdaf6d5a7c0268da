/* SPDX-License-Identifier: MIT */
/* Scenario "moba": a MOBA skirmish. Two teams of circle units wander with
 * table-trig headings; every frame some cast a skill whose area is an OBB in
 * front of them (overlap query against the enemy team), one circle AoE and
 * one point pick are queried, and now and then a unit dies and respawns at
 * its base (destroy + create, so slot ids are reused with new generations). */
#include "scen.h"

#include <stdlib.h>

#include "core/nofloat.h"


/* Arena half-size: grows with the crowd so fights stay dense, capped
 * inside the world's bounds. */
static fix16_t arena(const sc_ctx *c)
{
    uint32_t half = 24 + c->bodies / 4;
    return (fix16_t)(half > 480 ? 480 : half) * SC_UNIT;
}

typedef struct unit {
    fc_body_id id;
    fc_vec2 pos;
    fc_angle heading;
    fix16_t radius;
    uint32_t team;
} unit;

static fc_status spawn(sc_ctx *c, unit *u)
{
    int32_t a = arena(c) / SC_UNIT, base = u->team ? a / 2 : -a / 2;
    /* one draw per statement: argument evaluation order is unspecified */
    u->pos.x = sc_range(c, base - a / 3, base + a / 3) * SC_UNIT;
    u->pos.x += sc_range(c, 0, 65535);
    u->pos.y = sc_range(c, -a + 2, a - 2) * SC_UNIT;
    u->pos.y += sc_range(c, 0, 65535);
    u->radius = sc_range(c, SC_UNIT / 2, SC_UNIT + SC_UNIT / 4);
    u->heading = (fc_angle)sc_rand(c);
    return sc_create2(c, sc_circle(u->pos.x, u->pos.y, u->radius), sc_filter(1u << u->team, 0xFFFFFFFFu), &u->id);
}

static void walk(sc_ctx *c, unit *u)
{
    u->heading = (fc_angle)(u->heading + sc_range(c, -700, 700));
    fix16_t speed = sc_range(c, SC_UNIT / 10, SC_UNIT / 2);
    fc_sincos d = fc_sincos_of(u->heading);
    fix16_t dx = fc_mul(speed, d.c), dy = fc_mul(speed, d.s);
    fix16_t lim = arena(c);
    if (u->pos.x + dx > lim || u->pos.x + dx < -lim || u->pos.y + dy > lim || u->pos.y + dy < -lim) {
        u->heading = (fc_angle)(u->heading + 32768u);
        dx = -dx;
        dy = -dy;
    }
    if (sc_move(c, u->id, dx, dy, 0) == FC_OK)
        u->pos = fc_vec2_make(u->pos.x + dx, u->pos.y + dy);
}

static void cast(sc_ctx *c, const unit *u)
{
    fix16_t len = sc_range(c, 6, 12) * SC_UNIT, width = sc_range(c, SC_UNIT, 3 * SC_UNIT);
    fc_sincos d = fc_sincos_of(u->heading);
    fix16_t cx = u->pos.x + fc_mul(len / 2, d.c), cy = u->pos.y + fc_mul(len / 2, d.s);
    uint32_t enemy = 1u << (1 - u->team);
    sc_overlap2(c, sc_obb2(cx, cy, len / 2, width, u->heading), sc_filter(1u << u->team, enemy));
}

fc_status scen_moba(sc_ctx *c)
{
    fc_status st = sc_begin(c, 2, -512, 10, 7, FC_QT_LOOSE);
    uint32_t n = c->bodies;
    unit *units = st == FC_OK ? (unit *)calloc(n, sizeof *units) : NULL;
    if (st == FC_OK && !units)
        st = FC_ERR_NO_MEMORY;
    for (uint32_t i = 0; st == FC_OK && i < n; i++) {
        units[i].team = i & 1u;
        spawn(c, &units[i]);
    }
    for (uint32_t f = 0; st == FC_OK && f < c->frames; f++) {
        if (f > 0)
            for (uint32_t i = 0; i < n; i++)
                if (sc_chance(c, 3, 4))
                    walk(c, &units[i]);
        for (uint32_t k = 0; k < 1 + n / 64; k++)
            cast(c, &units[sc_rand(c) % n]);
        const unit *t = &units[sc_rand(c) % n];
        sc_overlap2(c, sc_circle(t->pos.x, t->pos.y, 3 * SC_UNIT), sc_filter(0xFFFFFFFFu, 0xFFFFFFFFu));
        sc_point(c, (fc_vec3){ t->pos.x, t->pos.y, 0 }, sc_filter(1u, 0xFFFFFFFFu));
        if (f > 0 && sc_chance(c, 1, 8)) {
            unit *dead = &units[sc_rand(c) % n];
            sc_destroy(c, dead->id);
            spawn(c, dead);
        }
        st = sc_end_frame(c);
    }
    free(units);
    return st == FC_OK ? c->rec->status : st;
}
