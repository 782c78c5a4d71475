/* nb_wythoff.h - Wythoff's game: from a pile (a, b) take any positive number from one
 * side, or the same positive number from both. State = a0,b0,a1,b1,... (each pile a part
 * of a sum); a move is {pile, x, y}: x taken from a, y from b. */
#ifndef NB_WYTHOFF_H
#define NB_WYTHOFF_H

#include "engine/nb_solver.h"
#include "games/wythoff/nb_wytable.h"

typedef struct nb_wythoff_params {
    const nb_wytable *table; /* attached by prepare when every number is below max_side,
                              * released by release */
} nb_wythoff_params;
extern const nb_ruleset nb_wythoff;

/* floor(k * phi), phi the golden ratio, exactly, for k below 2^63. */
uint64_t nb_wythoff_lower(uint64_t k);

/* The SG values of piles 0..max_a by 0..max_b (both at most max_side): values[a *
 * (max_b + 1) + b]. Caller frees *values. */
nb_status nb_wythoff_grid(nb_solver *s, uint64_t max_a, uint64_t max_b, uint64_t **values,
                          nb_err *err);

#endif
