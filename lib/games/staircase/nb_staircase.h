/* nb_staircase.h - staircase Nim: move coins from one stair to the stair below. State:
 * state[i-1] = coins on stair i; a move is {stair (1-based), count}; params unused. */
#ifndef NB_STAIRCASE_H
#define NB_STAIRCASE_H

#include "engine/nb_solver.h"

extern const nb_ruleset nb_staircase;

#endif
