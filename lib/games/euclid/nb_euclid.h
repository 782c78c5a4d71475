/* nb_euclid.h - Euclid's game (Cole and Davie; POJ 2348): from a pair subtract a positive
 * multiple of the smaller number from the larger, leaving it >= 0; a pair holding a 0
 * has no move. State = a0,b0,a1,b1,... (each pair a part of a sum); a move is {pair, a,
 * b}: the pair after it, in the request's order. Params unused (NULL). */
#ifndef NB_EUCLID_H
#define NB_EUCLID_H

#include "engine/nb_solver.h"

extern const nb_ruleset nb_euclid;

/* The SG value of the pair (a, b), in O(log min(a, b)) steps. */
uint64_t nb_euclid_value(uint64_t a, uint64_t b);

#endif
