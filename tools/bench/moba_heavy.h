/* SPDX-License-Identifier: MIT */
/* moba_heavy.h - the call-heavy MOBA frame of issue 26 (docs/frame.md, "The call-heavy MOBA frame"
 * states it for every binding): 24 walls and 200 units; every frame each
 * unit turns, moves 1/4 unit along its heading (sincos + translate2) and
 * reads its shape back; 10 sector and 10 ring skill queries, 20 ray
 * bullets, 5 shape-cast dashes, the pair list and its events, the push-out
 * of every unit/wall contact, the checksum; a 32-bit digest of all of it.
 * Written twice in C: with the per-call API and with one fc_frame_run. */
#ifndef FIXCOL_MOBA_HEAVY_H
#define FIXCOL_MOBA_HEAVY_H

#include <stdint.h>

#include <fixcol/world.h>

#define MOBA_WALLS 24
#define MOBA_UNITS 200

typedef struct moba_state {
    fc_world *w;
    fc_body_id ids[MOBA_WALLS + MOBA_UNITS]; /* walls first */
    int32_t x[MOBA_UNITS], y[MOBA_UNITS];    /* each unit's centre as last read */
    int32_t angle[MOBA_UNITS];
    int32_t *cmd, *out;                      /* the batch's words */
    int32_t ncmd, nout;
} moba_state;

/* A new match (0 on success). */
int moba_setup(moba_state *m);
void moba_teardown(moba_state *m);
/* One frame; returns digest folded with it (start a match from 0). */
uint32_t moba_frame_percall(moba_state *m, uint32_t digest);
uint32_t moba_frame_batch(moba_state *m, uint32_t digest);

#endif
