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

#endif
