/* nb_sum.h - the sum of games: a move is made in one component; its value is the XOR of
 * the components' (the SG theorem), its verdict with loopy parts Smith's rule. */
#ifndef NB_SUM_H
#define NB_SUM_H

#include "engine/nb_solver.h"

/* sum: state = for each component its state's length, then its state (a component's
 * length may change with a move); field 0 is the components; a move is its component's
 * own move with `component` set, and an error in a component says so in nb_err.component.
 * `games[i].state` is ignored; the components' rules and params are borrowed, one params
 * struct per component (prepare writes into them, so two components never share one).
 * part_offsets and state_offsets are set by prepare, freed by release. Sums do not nest. */
typedef struct nb_sum_params {
    size_t count;
    nb_game *games;
    size_t *part_offsets;  /* count + 1 entries: component c's first part */
    size_t *state_offsets; /* count entries: where component c's length word stands */
    void *every;           /* nb_every's searches of the components: made by its prepare
                            * and freed by its release (NULL for a disjunctive sum) */
} nb_sum_params;
extern const nb_ruleset nb_sum;

/* A sum's state from its components' states (games[c].state, .len): *len words,
 * malloc'ed (caller frees). */
uint64_t *nb_sum_state(const nb_sum_params *p, size_t *len);

/* Misère play of a sum whose components are one game together: games of one ruleset whose
 * state is a list of parts, a word each, and whose moves name their part in their first
 * word (heaps of one octal code, Notakto boards of one size: a move of the sum is a move on
 * one part of one component, and so a move of the game of all their parts, and back). The
 * caller has checked that they are; `host`, one of them, lends its params to that game.
 * It is answered by `analyse` (the ruleset's misère rule), each winning move given back to
 * the component holding its part; NB_EDECLINED, nothing written, where the rule declines. */
nb_status nb_sum_misere_as_one(const nb_game *games, size_t count, const nb_game *host,
                               nb_status (*analyse)(const nb_game *, nb_solver *,
                                                    nb_analysis *, nb_err *),
                               nb_solver *s, nb_analysis *out, nb_err *err);

#endif
