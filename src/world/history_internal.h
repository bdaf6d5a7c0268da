/* SPDX-License-Identifier: MIT */
/* Private: the frame-history ring (fixcol/history.h) - its layout, shared
 * by the world's mutation paths (world.c records through the hooks below)
 * and history_ring.c / history_rollback.c.
 *
 * The ring is an undo log of 32-bit words. A record is its payload words
 * followed by one header word, index | kind << 24 (slot indices are below
 * FC_WORLD_MAX_BODIES = 2^24), so the log is read backwards from its
 * newest word. Kinds:
 *   HIST_MOVE2  payload sw[0], sw[1] of a 2D circle / AABB before its first
 *               translate of the frame; undone by shifting the body's words
 *               by (old - current): a translate changes only positions, so
 *               between that first translate and any other change of the
 *               frame (which writes a FULL record after it) the body is the
 *               old one shifted;
 *   HIST_FULL   payload the whole fc_body (10 words), then, when the body
 *               had a big shape (header bit HIST_BIG), its fc_big_shape;
 *   HIST_NEW    no payload: the slot was beyond slot_count (never used);
 *   HIST_PUSH   a destroy pushed index on the free list (undo: pop);
 *   HIST_POP    a create popped index off it (undo: push it back).
 * A body's first touch of the frame is marked in its slot's pad field:
 * pad = serial << 1 | full, serial the open frame's number (1..0x7FFE,
 * every slot's pad cleared when it wraps), so a body records once per
 * frame per kind and a MOVE2 is never taken after a FULL; pad 0: not
 * touched by the open frame.
 * Positions (head, tail, a save's end) count words ever written; the word
 * at position p is words[p % cap]. */
#ifndef FIXCOL_SRC_WORLD_HISTORY_INTERNAL_H
#define FIXCOL_SRC_WORLD_HISTORY_INTERNAL_H

#include <stdint.h>

#include "world_internal.h"

enum { HIST_MOVE2 = 1, HIST_FULL = 2, HIST_NEW = 3, HIST_PUSH = 4, HIST_POP = 5 };
#define HIST_BIG 0x80u /* in the kind byte: a FULL record with a big shape */
#define HIST_SERIAL_MAX 0x7FFEu
/* pad values during a rollback (never a frame's mark): the slot is touched
 * by the records undone, and was live (in the tree) before the rollback or
 * not */
#define HIST_PAD_WAS_LIVE 0xFFFFu
#define HIST_PAD_WAS_FREE 0xFFFEu
#define HIST_BODY_WORDS (sizeof(fc_body) / 4)
#define HIST_BIG_WORDS (sizeof(fc_big_shape) / 4)
#define HIST_MAX_WORDS (HIST_BODY_WORDS + HIST_BIG_WORDS + 1)

/* One save: where its frame's records end, and the counts the records do
 * not carry. */
typedef struct fc_hist_save {
    uint64_t end;
    uint32_t slot_count, live_count;
    uint32_t big; /* FULL records with a big shape in the frame it closed */
    uint32_t pad;
} fc_hist_save;

struct fc_history {
    uint32_t *words;
    uint32_t cap;       /* words */
    uint64_t head;      /* next word to write */
    uint64_t tail;      /* oldest word held: the oldest save's end */
    fc_hist_save *saves;
    uint32_t save_cap;  /* frames + 1 (the base and frames saves) */
    uint32_t first;     /* the oldest save held, an index into saves */
    uint32_t count;     /* saves held, >= 1; depth = count - 1 */
    uint32_t serial;    /* the open frame's number, 1..HIST_SERIAL_MAX */
    uint32_t open_big;  /* FULL records with a big shape in the open frame */
    int overflowed;
#ifdef FC_HISTORY_BREAK
    uint32_t fulls; /* test-only: counts FULL records to drop one */
#endif
};

/* The newest save. */
static inline fc_hist_save *fc_hist_newest(const struct fc_history *h)
{
    return &h->saves[(h->first + h->count - 1) % h->save_cap];
}

/* The hooks of the mutation paths, called only when w->hist is set, after
 * every check of the mutation passed and before the slot changes. */
void fc_hist_move2(fc_world *w, uint32_t index);
void fc_hist_full(fc_world *w, uint32_t index);
void fc_hist_new(fc_world *w, uint32_t index);
void fc_hist_free_op(fc_world *w, uint32_t index, uint32_t kind);
/* Empty the history (fc_world_restore): the current state is its base. */
void fc_hist_reset(fc_world *w);
/* Start a new open frame number (a save, a rollback, a reset). */
void fc_hist_next_serial(fc_world *w);

#endif
