/* nb_submisere.h - the misère table of a subtraction game: each heap's tame label and
 * whether it is lost alone, computed from the SG table, with the period it proves. */
#ifndef NB_SUBMISERE_H
#define NB_SUBMISERE_H

#include "engine/nb_tame.h"
#include "theory/nb_subtable.h"

/* Built for one game and freed with it (nb_submisere_free); owns `cell`. */
typedef struct nb_submisere {
    uint8_t *cell;          /* heaps below n: label (bits 0-1), lost alone (bit 2) */
    uint64_t n;
    uint64_t start, period; /* cell[m] = cell[m - period] for m >= start + period; period 0:
                             * none proved, heaps from n on are unknown */
} nb_submisere;

/* The table for heaps up to `heap` of the game whose SG table is t: every heap when there
 * are at most max_cells of them, else until a period of the cells is proved within
 * max_cells heaps. NULL when neither can be done (unknown values, or no period so soon)
 * or once `budget` (may be NULL) is spent. */
nb_submisere *nb_submisere_build(const nb_subtable *t, uint64_t heap, uint64_t max_cells,
                                 nb_budget *budget);

/* Label and lone outcome of a heap of n; false when the table does not reach it. */
bool nb_submisere_heap(const nb_submisere *m, uint64_t n, nb_tame *label, bool *lost_alone);

void nb_submisere_free(nb_submisere *m);

#endif
