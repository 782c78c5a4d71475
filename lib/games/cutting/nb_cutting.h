/* nb_cutting.h - the cutting game: state = w0,h0,w1,h1,...; a move is {piece, direction
 * (NB_CUT_*), at}: the piece is replaced in place by its two parts, the `at` part first.
 * A cut that leaves a 1x1 piece wins at once (nb_move.wins_now). */
#ifndef NB_CUTTING_H
#define NB_CUTTING_H

#include "engine/nb_solver.h"
#include "games/cutting/nb_cuttable.h"

enum { NB_CUT_VERTICAL, NB_CUT_HORIZONTAL };
typedef struct nb_cutting_params {
    const nb_cuttable *table; /* attached by prepare, released by release */
} nb_cutting_params;
extern const nb_ruleset nb_cutting;

/* SG values of pieces 0..max_w by 0..max_h: values[w*(max_h+1)+h], NB_SG_WIN_NOW where a
 * side is 1 or 0 (no SG value). Caller frees *values. */
nb_status nb_cutting_grid(nb_solver *s, uint64_t max_w, uint64_t max_h, uint64_t **values,
                          nb_err *err);

#endif
